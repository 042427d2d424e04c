//! The options (each spec decision that has a reading of its own), and the combinations `new`
//! refuses.

use crate::player::MAX_PLAYERS;
use crate::state::PuertoRico;
use meeple_core::{Config, Game, GameError, GameInfo, OptionSpec};
use serde_json::Value;

/// Default for the `max_rounds` option.
pub const DEFAULT_MAX_ROUNDS: i64 = 100;

/// Option names whose values differ from their defaults only make sense with Expansion II.
const N_OPTIONS: [&str; 9] = [
    "nobles_buildings",
    "noble_from_ship",
    "colonists_unlimited_with_nobles",
    "jeweler_guild_hall_value",
    "land_office_sell_forest",
    "jeweler_cap",
    "villa_jeweler_exclusive",
    "land_office_trader_privilege",
    "noble_vp_and_fortress",
];

/// Option names whose values differ from their defaults only make sense with Expansion I.
const X_OPTIONS: [&str; 11] = [
    "forest_source",
    "building_set",
    "building_list",
    "hacienda_forest_house_exclusive",
    "black_market_shortfall_only",
    "harbor_small_wharf_per_kind",
    "specialty_factory_counts_privilege",
    "library_2p_once_per_round",
    "guest_house_timing",
    "black_market_returns",
    "cloister_counts_quarries_forests",
];

/// The option specs of `game_info`.
pub(crate) fn option_specs() -> Vec<OptionSpec> {
    vec![
        OptionSpec::bool(
            "hidden_vp",
            false,
            "VP chips are face down: each seat sees only its own VP (rules A43).",
        ),
        OptionSpec::bool(
            "craftsman_optional_production",
            false,
            "Each player may decline his whole production in the craftsman phase \
             (rules A16); by default production is automatic.",
        ),
        OptionSpec::bool(
            "new_buildings",
            false,
            "Expansion I \"The New Buildings\" (rules §8): 14 new violet kinds, forests, \
             and a set of 17 violet kinds chosen by building_set.",
        ),
        OptionSpec::choice(
            "building_set",
            "draft",
            &["draft", "random", "fixed", "base"],
            "Expansion I: how the 17 violet kinds are chosen: draft (rules §8.2, the \
             players pick one kind at a time from the governor), random (a draft of \
             uniformly random legal picks, drawn from the seed), fixed (building_list), \
             base (the base game's kinds).",
        ),
        OptionSpec::json(
            "building_list",
            Value::Null,
            "Expansion I with building_set = fixed: the 17 violet kinds by name, filling \
             the draft slots (costs 1, 2, 2, 3, 4, 5, 5, 6, 7, 8, 8, 9 and five 10s).",
        ),
        OptionSpec::bool(
            "hacienda_forest_house_exclusive",
            false,
            "Expansion I (E2): hacienda and forest house never in the same game (2004 \
             rules); by default both may be chosen (2011 rules).",
        ),
        OptionSpec::bool(
            "black_market_shortfall_only",
            false,
            "Expansion I (E1): the black market only covers the exact shortfall; by \
             default any items up to the price (the Greek example).",
        ),
        OptionSpec::choice(
            "black_market_returns",
            "supply",
            &["supply", "out_of_game"],
            "Expansion I (E9): returned colonists and VP go back to the supplies (rules) \
             or leave the game (Italian review).",
        ),
        OptionSpec::bool(
            "harbor_small_wharf_per_kind",
            false,
            "Expansion I (E3): the harbor gives +1 per kind in a small-wharf load \
             instead of +1 per load.",
        ),
        OptionSpec::bool(
            "specialty_factory_counts_privilege",
            false,
            "Expansion I (E4): the craftsman's privilege barrel counts for his specialty \
             factory.",
        ),
        OptionSpec::bool(
            "cloister_counts_quarries_forests",
            true,
            "Expansion I (E5): quarries and forests form cloister sets; false counts \
             plantations only.",
        ),
        OptionSpec::bool(
            "library_2p_once_per_round",
            true,
            "Expansion I (E6): in the 2-player game the library doubles only the \
             owner's first privilege of each round.",
        ),
        OptionSpec::choice(
            "guest_house_timing",
            "any_time",
            &["any_time", "phase_start"],
            "Expansion I (E7): guest-house moves at the start of every phase but the \
             mayor, before each of the owner's own decisions and after he builds \
             (any_time), or only at the start of each phase.",
        ),
        OptionSpec::choice(
            "forest_source",
            "flip_2011",
            &["flip_2011", "tiles_2004"],
            "Expansion I (E8): a forest is a face-up plantation turned face down \
             (flip_2011), or one of the 12 separate forest tiles of the 2004 expansion, \
             taking it discards the face-up plantation (tiles_2004); with the tiles \
             forests can run out.",
        ),
        OptionSpec::bool(
            "nobles",
            false,
            "Expansion II \"The Nobles\" (rules §9), PROVISIONAL: no official rules text \
             was read; every mechanic rests on public implementations and tile texts. \
             Nobles on the colonist ship (one per refill), placing them like colonists, 1 \
             VP each at the end, the 8 Nobles kinds (land office, chapel, hunting lodge, \
             construction office, royal supplier, villa, jeweler, royal garden), and no \
             end when the colonists run out. Combines with new_buildings and every \
             player count (2 players: N7, unsupported by any source).",
        ),
        OptionSpec::choice(
            "nobles_buildings",
            "added",
            &["added", "drafted"],
            "Expansion II (N1, provisional): the Nobles kinds are added on top of the \
             chosen set, or drafted into the Expansion I cost slots (the jeweler is \
             always added; drafted needs new_buildings).",
        ),
        OptionSpec::choice(
            "noble_from_ship",
            "choice",
            &["choice", "mayor"],
            "Expansion II (N2, provisional): the player whose turn it is to take a piece \
             from the colonist ship chooses the noble or a colonist, or the mayor always \
             gets the noble.",
        ),
        OptionSpec::bool(
            "colonists_unlimited_with_nobles",
            false,
            "Expansion II (N3, provisional): an unlimited colonist supply; by default it \
             is finite and running out ends nothing.",
        ),
        OptionSpec::int(
            "jeweler_guild_hall_value",
            2,
            0,
            2,
            "Expansion II (N4, provisional): what an owned jeweler adds to an occupied \
             guild hall (2 as a large production building; 1 as one source).",
        ),
        OptionSpec::bool(
            "noble_vp_and_fortress",
            true,
            "Expansion II (N5, provisional): each noble scores 1 VP at the end and the \
             fortress counts nobles; false scores nothing for them and the fortress \
             counts colonists only.",
        ),
        OptionSpec::bool(
            "land_office_sell_forest",
            true,
            "Expansion II (N6, provisional): a noble on the land office may remove a \
             forest as well as a plantation.",
        ),
        OptionSpec::bool(
            "land_office_trader_privilege",
            false,
            "Expansion II (N8, provisional): the trader's privilege adds to his \
             land-office doubloon.",
        ),
        OptionSpec::int(
            "jeweler_cap",
            0,
            0,
            20,
            "Expansion II (N9, provisional): the jeweler pays at most this many doubloons \
             (0 = no cap).",
        ),
        OptionSpec::bool(
            "villa_jeweler_exclusive",
            false,
            "Expansion II (N9, provisional): villa and jeweler not in the same game (a \
             house rule): the jeweler is left out.",
        ),
        OptionSpec::int(
            "first_governor",
            -1,
            -1,
            (MAX_PLAYERS - 1) as i64,
            "Seat of the first governor; -1 (the default) draws him uniformly from the \
             seed, as the rules choose him by any method (spec §2.1).",
        ),
        OptionSpec::int(
            "max_rounds",
            DEFAULT_MAX_ROUNDS,
            1,
            1000,
            "Safety limit: the game ends (scored normally, marked truncated) after this \
             many rounds if no end condition occurred.",
        ),
    ]
}

/// Refuse option combinations the spec does not cover (or that are not implemented).
pub fn check_options(config: &Config) -> Result<(), GameError> {
    static INFO: std::sync::OnceLock<GameInfo> = std::sync::OnceLock::new();
    let info = INFO.get_or_init(PuertoRico::info);
    let governor = config.int("first_governor");
    if governor >= config.players as i64 {
        return Err(GameError::bad_option(
            "first_governor",
            format!(
                "seat {governor} does not exist with {} players",
                config.players
            ),
        ));
    }
    if !config.bool("nobles") {
        for spec in info.options.iter() {
            if N_OPTIONS.contains(&spec.name) && config.value(spec.name) != &spec.default {
                return Err(GameError::bad_option(
                    spec.name,
                    "this option only applies with nobles = true (Expansion II)",
                ));
            }
        }
    } else if config.str("nobles_buildings") == "drafted"
        && (!config.bool("new_buildings") || config.str("building_set") == "base")
    {
        return Err(GameError::bad_option(
            "nobles_buildings",
            "drafted puts the Expansion II kinds into the Expansion I draft slots (N1): it needs \
             new_buildings = true with building_set draft, random or fixed",
        ));
    }
    if !config.bool("new_buildings") {
        for spec in info.options.iter() {
            if X_OPTIONS.contains(&spec.name) && config.value(spec.name) != &spec.default {
                return Err(GameError::bad_option(
                    spec.name,
                    "this option only applies with new_buildings = true (Expansion I)",
                ));
            }
        }
        return Ok(());
    }
    let fixed = config.str("building_set") == "fixed";
    if fixed {
        PuertoRico::fixed_set(config).map_err(|e| GameError::bad_option("building_list", e))?;
    } else if !config.value("building_list").is_null() {
        return Err(GameError::bad_option(
            "building_list",
            "building_list is only read with building_set = fixed",
        ));
    }
    Ok(())
}
