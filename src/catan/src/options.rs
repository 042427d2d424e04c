//! The game's options and the checks of their combinations.

use meeple_core::{Config, GameError, OptionSpec};
use serde_json::Value;

pub(crate) fn option_specs() -> Vec<OptionSpec> {
    vec![
        OptionSpec::choice(
            "board",
            "random",
            &["random", "beginner"],
            "The board: 'random' = the variable set-up of spec A3.2 (shuffled terrains and harbor kinds), 'beginner' = the fixed beginner map of A3.1. Ignored when 'map' is given.",
        ),
        OptionSpec::choice(
            "token_mode",
            "spiral",
            &["spiral", "random_no_adjacent_red"],
            "Number tokens on a random board: the A..R spiral from a random corner (counter-clockwise unless 'spiral_clockwise'), or shuffled until no two 6/8 tokens touch.",
        ),
        OptionSpec::bool(
            "spiral_clockwise",
            false,
            "D-04: lay the token spiral clockwise (the German rulebook page) instead of counter-clockwise (the English page).",
        ),
        OptionSpec::json(
            "map",
            Value::Null,
            "A user map: a JSON object in the format of data/catan_maps.json maps (hexes with q, r, terrain, token; harbors with edge [q, r, dir] and type; optional robber_start). Data only: never read as a file path. null = use 'board'.",
        ),
        OptionSpec::int(
            "first_player",
            -1,
            -1,
            3,
            "Seat of the start player (the first to place in set-up and the first to roll); -1 draws it from the seed, as the rules do.",
        ),
        OptionSpec::choice(
            "player_trades",
            "offers",
            &["offers", "off"],
            "Player-to-player trade: 'offers' = the player to move may make offers from a fixed menu (give 1-2 of one resource for 1-2 of another), answered by each other player in seat order; 'off' = maritime trade only.",
        ),
        OptionSpec::int(
            "trade_offers_per_turn",
            3,
            0,
            20,
            "Most player-trade offers the player to move may make in one turn (each distinct offer at most once a turn).",
        ),
        OptionSpec::int(
            "vp_to_win",
            10,
            3,
            22,
            "Victory points that win on your own turn.",
        ),
        OptionSpec::int(
            "turn_limit",
            1000,
            1,
            100_000,
            "The game is cut off after this many turns (set-up excluded); the players with the most victory points then share the win and the observation shows 'truncated'.",
        ),
        OptionSpec::bool(
            "steal_victim_must_have_cards",
            false,
            "D-81: if true, the robber's victim must be a player holding cards when one exists (the printed rule lets the mover name any player at the hex).",
        ),
        OptionSpec::bool(
            "friendly_robber",
            false,
            "Traders & Barbarians B1 Friendly Robber: the robber may not go to a hex touching a building of a player with at most 2 public VP (D-01); with no such hex it goes to the desert; nothing is stolen from such a player.",
        ),
        OptionSpec::bool(
            "harbormaster",
            false,
            "Traders & Barbarians B3 Harbormaster: harbour points (settlement on a harbour vertex 1, city 2); the first to 3 takes the 2-VP Harbormaster card, another takes it with strictly more; the victory target rises by 1.",
        ),
        OptionSpec::bool(
            "event_cards",
            false,
            "Traders & Barbarians B2 Event Cards: a 36-card event deck replaces the dice (event, then production of the card's number).",
        ),
        OptionSpec::bool(
            "event_new_year",
            true,
            "B2.1: the New Year card after 31 reveals rebuilds the deck (false: all 36 cards are revealed, then reshuffled).",
        ),
        OptionSpec::choice(
            "event_tie",
            "all",
            &["all", "none"],
            "D-12: Tournament, Calm Sea and Neighborly Assistance with tied leaders: 'all' tied players gain/give, 'none' = nobody.",
        ),
        OptionSpec::bool(
            "catan_for_two",
            false,
            "Traders & Barbarians B4 Catan for Two: 2 players with two neutral players, two different rolls a turn, trade tokens. Implied by players = 2 (the only 2-player rules); true with 3 or 4 players is refused.",
        ),
        OptionSpec::int(
            "max_token_actions",
            0,
            0,
            50,
            "B4 D-22: most trade-token actions (forced trade, robber to the desert) per turn; 0 = no limit (each is paid separately).",
        ),
        OptionSpec::json(
            "tb_trade_hexes",
            Value::Null,
            "B9 D-90: where the trade hexes stand, {\"castle\": [q, r], \"marble_quarry\": [q, r], \"glassworks\": [q, r]} on corners of the island (the other 16 hexes are then filled at random); null = the bundled map (marble quarry (2,-2), glassworks (-2,0), castle (0,2)).",
        ),
        OptionSpec::bool(
            "tb_trade_roles_random",
            false,
            "B9 D-90: shuffle the three roles over the three trade-hex positions.",
        ),
        OptionSpec::json(
            "tb_barbarian_paths",
            Value::Null,
            "B9 D-92: the three barbarians' starting paths, a list of three edges [q, r, dir]; null = the map's (bundled: E(0,0), NE(-1,1), SE(0,-1)).",
        ),
        OptionSpec::bool(
            "tb_stack_refill",
            false,
            "B9 D-93: an empty commodity stack is refilled with a fresh 6 + 6 (false: it stays empty).",
        ),
        OptionSpec::bool(
            "tb_boost_per_action",
            false,
            "B9 D-100: the grain boost (+2 movement points) once per movement action instead of once per turn.",
        ),
        OptionSpec::bool(
            "tb_gold_at_2to1",
            true,
            "B9 D-101: a 2:1 harbour pays out gold too (false: selling for gold uses 3:1 or 4:1).",
        ),
        OptionSpec::bool(
            "tb_barbarian_on_spokes",
            true,
            "B9 D-99: barbarians may be put on the spokes of a trade hex.",
        ),
        OptionSpec::choice(
            "scenario",
            "none",
            &["none", "fishermen", "rivers", "caravans", "barbarian_attack", "traders_barbarians"],
            "Traders & Barbarians scenario (one at a time, spec B0): B5 fishermen, B6 rivers, B7 caravans, B8 barbarian_attack (castle, barbarians, knights, coins; 'board' = random fills or 'beginner' = the stored printed map), B9 traders_barbarians (implemented: fishermen, rivers, caravans, barbarian_attack, traders_barbarians; the others are refused as not yet implemented).",
        ),
        OptionSpec::bool(
            "camel_per_build",
            false,
            "B7 Caravans, D-50: one camel (one vote) per settlement or city built in the turn instead of one per turn with a build.",
        ),
        OptionSpec::choice(
            "caravans_oasis_arrows",
            "random",
            &["random", "N_SE_SW", "NE_S_NW"],
            "B7 Caravans, D-54: the oasis corners carrying the three arrows; 'random' draws one of the two orientations from the seed (a map's 'oasis_arrows' overrides this).",
        ),
        OptionSpec::bool(
            "caravans_knight_brings_robber",
            true,
            "B7 Caravans, D-56: a Knight played while the robber is beside the board brings it onto the board (false: the Knight moves no robber and steals nothing).",
        ),
        OptionSpec::bool(
            "caravans_robber_on_oasis",
            false,
            "B7 Caravans, D-56: after its entry the robber may be moved onto the oasis (default: never; its entry never goes there).",
        ),
        OptionSpec::bool(
            "caravans_oasis_tokens",
            true,
            "B7 Caravans with B4 Catan for Two, D-27: a settlement next to the oasis earns the trade tokens of one next to the desert (2, or 3 on the coast).",
        ),
        OptionSpec::choice(
            "caravans_friendly_robber_fallback",
            "beside_board",
            &["beside_board", "stay"],
            "B7 Caravans with Friendly Robber, D-03: with no legal hex the robber goes beside the board, or stays where it is.",
        ),
        OptionSpec::bool(
            "fish_robber_on_lake",
            true,
            "B5 Fishermen, D-35: the robber may be moved onto the lake, where it blocks the lake's fishing (false: the lake is never a robber hex).",
        ),
        OptionSpec::bool(
            "fish_minimal_only",
            true,
            "B5 Fishermen, D-37: a fish action may be paid only with a minimal set of tokens (none could be left out); false also allows overpaying with extra tokens.",
        ),
        OptionSpec::bool(
            "boot_tied_leader_may_give",
            true,
            "B5 Fishermen, D-38: a player tied for the most public VP may give the old boot to a co-leader (false: a tied leader must keep it).",
        ),
        OptionSpec::choice(
            "fish_robber_fallback",
            "beside_board",
            &["beside_board", "lake"],
            "B5 Fishermen with the Friendly Robber, D-03: where the robber goes when every hex is protected: beside the board (no steal) or the lake.",
        ),
    ]
}

/// The `map` option: `None` for null, else the map object (a string is refused: never a path).
pub(crate) fn read_map_option(config: &Config) -> Result<Option<Value>, GameError> {
    // Option values are data, also inside records and positions: never a file to read (reading
    // a file is the caller's job, e.g. a command-line flag that passes the file's JSON).
    match config.value("map") {
        Value::Null => Ok(None),
        v @ Value::Object(_) => Ok(Some(v.clone())),
        Value::String(_) => Err(GameError::bad_option(
            "map",
            "expected a map object, got a string (the option is never read as a file path: read the file and pass its JSON)",
        )),
        other => Err(GameError::bad_option(
            "map",
            format!("expected null or a map object, got {}", short(other)),
        )),
    }
}

/// A bounded prefix of a value for an error message.
pub(crate) fn short(v: &Value) -> String {
    let s = v.to_string();
    match s.char_indices().nth(40) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s,
    }
}

/// The start player fixed by the `first_player` option (`None`: drawn from the seed).
pub(crate) fn first_player(config: &Config) -> Result<Option<u8>, GameError> {
    match config.int("first_player") {
        p if p < 0 => Ok(None),
        p if (p as usize) < config.players => Ok(Some(p as u8)),
        p => Err(GameError::bad_option(
            "first_player",
            format!("seat {p} does not exist with {} players", config.players),
        )),
    }
}

/// Whether a configuration plays B4 Catan for Two: the option, or implied by 2 players (the only
/// 2-player rules of the spec). Module checks must use this, not the option alone.
pub fn catan_for_two(c: &Config) -> bool {
    c.bool("catan_for_two") || c.players == 2
}

/// Refuse module options that are not implemented yet or may not be combined (spec Part B).
pub(crate) fn check_modules(c: &Config) -> Result<(), GameError> {
    if c.bool("catan_for_two") && c.players != 2 {
        return Err(GameError::bad_option(
            "catan_for_two",
            format!(
                "Traders & Barbarians module B4 Catan for Two is played by exactly 2 players, not {}",
                c.players
            ),
        ));
    }
    match c.str("scenario") {
        // B6 combines with B1, B2 and B3 (§B6.4), B7 too (§B7.6), B5 too (§B5.6), B8 too (§B8.10,
        // with B4 as well: `barbarian_attack/for_two.rs`), B9 too (§B9.12, with B4 as well:
        // `traders_two.rs`).
        "none" | "rivers" | "caravans" | "fishermen" | "barbarian_attack"
        | "traders_barbarians" => Ok(()),
        other => Err(GameError::bad_option(
            "scenario",
            format!("unknown scenario '{other}'"),
        )),
    }
}
