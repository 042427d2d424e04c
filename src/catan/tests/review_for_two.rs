//! Independent review of the two Catan-for-Two scenario combinations: B8 Barbarian Attack with B4
//! (spec §B8.10 items 1-5, D-66, D-67, D-70) and B9 Traders & Barbarians with B4 (§B9.12 items
//! 1-5, D-107, D-108, and D-91). Each test names the rule it checks; the findings are listed in
//! the docs' two "with Catan for Two" sub-sections.
//!
//! Barbarian Attack positions use the stored printed map (`board = beginner`): castle (-2,2),
//! desert (2,-2), coastal numbers clockwise from the castle's left 4 (-2,1), 10 (-2,0), 6 (-1,-1),
//! 2 (0,-2), 9 (1,-2), 5 (2,-1), 8 (2,0), 11 (1,1), 12 (0,2), 3 (-1,2). Traders & Barbarians
//! positions use the bundled trade-hex board.

mod common;
use common::*;

use meeple_catan::{Catan, Phase};
use meeple_core::dynamic::load_state;
use meeple_core::{Config, Game};
use serde_json::{json, Value};

// ---------------------------------------------------------------- helpers

fn config(scenario: &str, players: usize, opts: Value) -> Config {
    common::config(players, merged(json!({ "scenario": scenario }), opts))
}

/// After set-up (no pieces), player 0 in the main phase after his roll(s).
fn after_setup(scenario: &str, players: usize, opts: Value) -> Value {
    let mut v = main_phase(&config(scenario, players, opts), &["barbarian_attack"]);
    if players == 2 {
        both_rolls_made(&mut v);
    }
    v
}

/// Barbarian Attack with Catan for Two, player 0 in the main phase after both rolls.
fn ba2() -> Value {
    after_setup("barbarian_attack", 2, json!({}))
}

/// The same before the first roll of player 0's turn.
fn before_rolls(mut v: Value) -> Value {
    before_first_roll(&mut v);
    v
}

fn round_trips(g: &Catan) {
    let j = g.to_json_value();
    match load_state::<Catan>(&j) {
        Ok(h) => assert_eq!(&h, g, "the position reloads to the same state"),
        Err(e) => panic!("own position refused: {e}\n{j}"),
    }
}

/// Ends player 0's turn and runs the end-of-turn steps up to the drive-off: own knights stay,
/// the Foreign Knight stays (when it may).
fn end_turn_to_drive_off(g: &mut Catan) {
    play(g, "end turn");
    if ba_step(g) == "knight_select" {
        play(g, "done moving knights");
    }
    if ba_step(g) == "foreign_move" {
        play(g, "leave foreign knight");
    }
}

// ================================================================ B8 x B4

/// §B8.8 step 3 with D-70 (3-4 players, Catan for Two off): a roll-off for two places among
/// three participants is a two-step chance node; its position after the first place must reload
/// (the Catan-for-Two field `roll_off_won` must not leak into a 3-player position).
#[test]
fn b8_three_players_roll_off_for_two_places_round_trips_after_the_first_place() {
    let mut v = after_setup("barbarian_attack", 3, json!({}));
    v["barbarian_attack"] = json!({
        "barbarians": [{"hex": [2, 0], "count": 2}],
        "players": [{"knights": [[2, 0, "E"]]}, {"knights": [[2, 0, "SE"]]}, {"knights": [[2, 0, "NE"]]}]
    });
    let mut g = load(&v);
    end_turn_to_drive_off(&mut g);
    assert_eq!(ba_step(&g), "roll_off");
    assert_eq!(
        outcomes(&g),
        vec![
            ("roll-off won by player 0".to_string(), 1),
            ("roll-off won by player 1".to_string(), 1),
            ("roll-off won by player 2".to_string(), 1)
        ]
    );
    play(&mut g, "roll-off won by player 0");
    assert_eq!(ba_step(&g), "roll_off");
    round_trips(&g);
    play(&mut g, "roll-off won by player 2");
    assert_eq!((g.prisoners(0), g.prisoners(1), g.prisoners(2)), (1, 0, 1));
    assert_eq!(g.coins(1), 3, "the participant left without a prisoner");
}

/// §B8.10 item 4, D-70: when the Foreign Knight wins the first of two places, the players roll
/// on among themselves (even odds) and the position reloads at that point.
#[test]
fn two_b8_foreign_knight_first_then_the_players_roll_on_and_the_position_reloads() {
    let mut v = ba2();
    v["barbarian_attack"] = json!({
        "barbarians": [{"hex": [2, 0], "count": 2}],
        "players": [{"knights": [[2, 0, "E"]]}, {"knights": [[2, 0, "SE"]]}],
        "foreign_knight": [2, 0, "NE"]
    });
    let mut g = load(&v);
    end_turn_to_drive_off(&mut g);
    assert_eq!(ba_step(&g), "roll_off");
    play(&mut g, "roll-off won by foreign knight");
    assert_eq!(ba_step(&g), "roll_off");
    assert_eq!(
        outcomes(&g),
        vec![
            ("roll-off won by player 0".to_string(), 1),
            ("roll-off won by player 1".to_string(), 1)
        ]
    );
    round_trips(&g);
    play(&mut g, "roll-off won by player 1");
    assert_eq!((g.prisoners(0), g.prisoners(1)), (0, 1));
    assert_eq!(ba_obs(&g)["two"]["foreign_prisoners"], 1);
    // The player left without a prisoner: 3 coins (item 5 changes only the lost-knight payment).
    assert_eq!((g.coins(0), g.coins(1)), (3, 0));
    assert_eq!(g.tokens(0), 5);
}

/// §A8 / G-2 with §B8.10 item 3 (D-67): a token move that liberates the opponent's conquered
/// settlement can lift him to the target on my turn; he wins only at the start of his own turn.
#[test]
fn two_b8_token_move_liberating_the_opponent_lets_him_win_only_on_his_own_turn() {
    let mut v = ba2();
    // Player 1: 20 prisoners (10 VP), S(0,0) (1 VP) and N(0,-2), conquered (hex (0,-2) holds 3).
    v["players"][1]["settlements"] = json!([[0, 0, "S"], [0, -2, "N"]]);
    v["barbarian_attack"] = json!({
        "barbarians": [{"hex": [0, -2], "count": 3}],
        "players": [{}, {"prisoners": 20}]
    });
    let mut g = load(&v);
    assert_eq!(g.public_vp(1), 11);
    assert_eq!(g.vp(1), 11);
    play(&mut g, "token barbarian from (0,-2)");
    assert_eq!(g.tokens(0), 4, "price 1: player 0 is behind");
    play(&mut g, "token barbarian to (2,0)");
    assert_eq!(g.vp(1), 12, "N(0,-2) stands up again");
    assert_eq!(
        g.phase(),
        Phase::Main,
        "not player 1's turn: no victory yet"
    );
    assert!(g.winners().is_empty());
    play(&mut g, "end turn");
    assert_eq!(g.phase(), Phase::GameOver);
    assert_eq!(g.winners(), vec![1], "at the first moment of his own turn");
}

/// §B8.8 step 6 and §B8.9 (12 VP on your turn) with Catan for Two: prisoners won in one's own
/// end-of-turn drive-off win at once; prisoners the opponent wins there count at his next turn.
#[test]
fn two_b8_prisoners_win_at_once_for_the_mover_and_at_his_turn_for_the_opponent() {
    let knights = json!([[2, 0, "E"], [2, 0, "SE"], [2, 0, "NE"]]);
    let pos = |who: usize| {
        let mut v = ba2();
        v["players"][who]["settlements"] = json!([[0, 0, "S"]]);
        let mut players = vec![json!({}), json!({})];
        players[who] = json!({"prisoners": 20, "knights": knights.clone()});
        v["barbarian_attack"] = json!({
            "barbarians": [{"hex": [2, 0], "count": 2}],
            "players": players,
            "foreign_knight": [-2, 0, "E"]
        });
        load(&v)
    };
    // Player 0 (the mover): 11 VP, 3 knights beat 2 barbarians, 2 prisoners: 12 VP, he wins
    // before the loss die.
    let mut g = pos(0);
    assert_eq!(g.vp(0), 11);
    end_turn_to_drive_off(&mut g);
    assert_eq!(g.prisoners(0), 22);
    assert_eq!(g.phase(), Phase::GameOver);
    assert_eq!(g.winners(), vec![0]);
    // Player 1 wins them on player 0's turn: the game goes on to the loss die and the turn
    // passes; player 1 wins at the start of his turn.
    let mut g = pos(1);
    end_turn_to_drive_off(&mut g);
    assert_eq!(g.prisoners(1), 22);
    assert_eq!(g.vp(1), 12);
    assert!(g.winners().is_empty());
    assert_eq!(ba_step(&g), "loss_die");
    play(&mut g, "loss die SE");
    assert_eq!(g.winners(), vec![1]);
}

/// §B4.4 price with B8 points (G-1): 2 prisoners are 1 public VP, so a player ahead by them pays
/// 2 tokens for the token action; conquered buildings count nothing.
#[test]
fn two_b8_token_price_counts_prisoners_and_not_conquered_buildings() {
    let mut v = ba2();
    v["barbarian_attack"] = json!({
        "barbarians": [{"hex": [2, 0], "count": 1}],
        "players": [{"prisoners": 2}, {}]
    });
    let mut g = load(&v);
    assert_eq!(g.token_price(0), 2);
    play(&mut g, "token barbarian from (2,0)");
    play(&mut g, "token barbarian to (2,-1)");
    assert_eq!(g.tokens(0), 3);
    // The opponent's only settlement is conquered: 0 VP, so player 0 with 0 VP pays 1 ...
    let mut v = ba2();
    v["players"][1]["settlements"] = json!([[0, -2, "N"]]);
    v["barbarian_attack"] = json!({"barbarians": [{"hex": [0, -2], "count": 3}]});
    let g = load(&v);
    assert_eq!(g.public_vp(1), 0);
    assert_eq!(g.token_price(0), 1);
    // ... and, ahead with one settlement of his own, 2.
    v["players"][0]["settlements"] = json!([[0, 0, "S"]]);
    let g = load(&v);
    assert_eq!(g.token_price(0), 2);
}

/// §B8.10 item 2 with D-61: when the first attack empties the supply, it stops there; the
/// neutral piece still follows (with the settlement's tokens), and a neutral settlement then
/// brings no second attack (nothing left to arrive).
#[test]
fn two_b8_supply_running_out_in_the_first_attack_means_no_second_attack() {
    let mut v = ba2();
    v["players"][0]["resources"] = json!({"lumber": 1, "brick": 1, "wool": 1, "grain": 1});
    v["players"][0]["roads"] = json!([[-1, 1, "NE"]]);
    v["two"]["neutrals"] = json!([
        {"settlements": [[0, -1, "N"]], "roads": [[0, -1, "NE"], [1, -2, "SE"]]},
        {"settlements": [[0, 1, "S"]]}
    ]);
    // 29 barbarians out of the game with the Foreign Knight: 1 left beside the board.
    v["barbarian_attack"] = json!({"foreign_knight": [-2, 0, "E"], "foreign_prisoners": 29});
    let mut g = load(&v);
    assert_eq!(ba_obs(&g)["supply"], 1);
    play(&mut g, "settlement S(0,0)");
    assert_eq!(ba_step(&g), "attack");
    play(&mut g, "dice 3");
    assert_eq!(ba_obs(&g)["supply"], 0);
    assert_eq!(
        g.phase(),
        Phase::NeutralBuild,
        "the attack stops: the neutral piece"
    );
    play(&mut g, "neutral N1 settlement N(1,-1)");
    assert_eq!(
        g.phase(),
        Phase::Main,
        "no second attack with an empty supply"
    );
    assert_eq!(ba_obs(&g)["barbarians"]["(-1,2)"], 1);
}

/// §B8.10 item 2 and §B4.3: a city brings one attack and no neutral piece; a road brings a
/// neutral road and no attack.
#[test]
fn two_b8_a_city_is_one_attack_without_neutral_piece_and_a_road_a_neutral_road_without_attack() {
    let mut v = ba2();
    v["players"][0]["settlements"] = json!([[0, 0, "S"]]);
    v["players"][0]["roads"] = json!([[0, 0, "SE"]]);
    v["players"][0]["resources"] = json!({"ore": 3, "grain": 2, "lumber": 1, "brick": 1});
    let mut g = load(&v);
    play(&mut g, "city S(0,0)");
    assert_eq!(ba_step(&g), "attack");
    for s in ["dice 3", "dice 4", "dice 5"] {
        play(&mut g, s);
    }
    assert_eq!(g.phase(), Phase::Main, "no neutral piece after a city");
    assert_eq!(ba_obs(&g)["supply"], 25);
    let road = legal_labels(&g)
        .into_iter()
        .find(|l| l.starts_with("road "))
        .expect("a road to build");
    play(&mut g, &road);
    assert_eq!(g.phase(), Phase::NeutralBuild);
    let n = legal_labels(&g)[0].clone();
    assert!(n.contains(" road "), "{n}");
    play(&mut g, &n);
    assert_eq!(g.phase(), Phase::Main, "a road brings no attack");
    assert_eq!(ba_obs(&g)["supply"], 25);
}

/// §B4.2 (D-21) with §B8.9: a 7 on the second roll: discards first (D-63), then the roller draws
/// from the other player (neutrals hold nothing), then the main phase.
#[test]
fn two_b8_a_seven_on_the_second_roll_discards_then_steals_then_main() {
    let mut v = before_rolls(ba2());
    v["players"][1]["resources"] = json!({"ore": 9});
    let mut g = load(&v);
    play(&mut g, "dice 8");
    assert_eq!(g.phase(), Phase::Roll);
    assert!(outcomes(&g).iter().all(|(l, _)| l != "dice 8"));
    play(&mut g, "dice 7");
    assert_eq!(g.phase(), Phase::Discard);
    for _ in 0..4 {
        play(&mut g, "discard ore");
    }
    assert_eq!(outcomes(&g), vec![("stolen ore".to_string(), 5)]);
    play(&mut g, "stolen ore");
    assert_eq!((g.hand(0)[4], g.hand(1)[4]), (1, 4));
    assert_eq!(g.phase(), Phase::Main);
}

/// §B8.10 item 1: the first knight of the game brings the Foreign Knight also when it is a Black
/// Knight placed away from the castle: all six castle edges are free for it.
#[test]
fn two_b8_a_first_black_knight_also_brings_the_foreign_knight_to_any_castle_edge() {
    let mut v = ba2();
    v["players"][0]["resources"] = json!({"wool": 1, "grain": 1, "ore": 1});
    let mut g = load(&v);
    play(&mut g, "buy development card");
    play(&mut g, "draw black_knight");
    play(&mut g, "place knight E(0,0)");
    assert_eq!(ba_step(&g), "place_foreign");
    assert_eq!(legal_labels(&g).len(), 6);
    play(&mut g, "place foreign knight SE(-2,1)");
    assert_eq!(g.phase(), Phase::Main);
    round_trips(&g);
    // The player who placed it moves it off the castle at the end of his turn (D-65, D-66).
    play(&mut g, "end turn");
    play(&mut g, "done moving knights");
    assert_eq!(ba_step(&g), "foreign_move");
    assert!(!is_legal(&g, "leave foreign knight"));
}

/// §B8.10 item 5 with a finite supply (D-25): two lost knights with one token left: 4 coins and
/// the one token.
#[test]
fn two_b8_two_lost_knights_with_one_token_left_pay_four_coins_and_one_token() {
    let mut v = ba2();
    v["two"]["tokens"] = json!([10, 9]);
    v["barbarian_attack"] = json!({
        "barbarians": [{"hex": [2, 0], "count": 2}],
        "players": [{"knights": [[2, 0, "E"], [2, 0, "SE"], [2, 0, "NE"], [1, 1, "NE"]]}],
        "foreign_knight": [-2, 0, "E"]
    });
    let mut g = load(&v);
    end_turn_to_drive_off(&mut g);
    // NE class: NE(2,0) and NE(1,1) (an edge of hex (2,0) too) are lost.
    play(&mut g, "loss die NE");
    assert_eq!(g.coins(0), 4);
    assert_eq!((g.tokens(0), g.tokens(1)), (11, 9));
}

// ================================================================ B9 x B4

/// Traders & Barbarians with Catan for Two on the bundled board, player 0 in the main phase
/// after both rolls; barbarians on `SE(-2,2)`, `SE(2,0)`, `E(-2,1)`; wagons on `N(0,0)`.
fn tb2() -> Value {
    let mut v = after_setup("traders_barbarians", 2, json!({}));
    v["traders"]["barbarians"] = json!([[-2, 2, "SE"], [2, 0, "SE"], [-2, 1, "E"]]);
    for p in 0..2 {
        v["traders"]["players"][p]["wagon"] = json!([0, 0, "N"]);
    }
    v
}

fn tb_obs(g: &Catan) -> Value {
    g.observation(0)["traders"].clone()
}

fn weight_sum(g: &Catan) -> u32 {
    outcomes(g).iter().map(|x| x.1).sum()
}

/// §B9.12 item 5 with §B9.8: a 7 on the second roll (the first was 8): discards, then the
/// barbarian move with the draw from the road's owner, then the main phase.
#[test]
fn tb2_a_seven_on_the_second_roll_discards_moves_a_barbarian_and_draws_then_main() {
    let mut v = before_rolls(tb2());
    v["players"][1]["resources"] = json!({"ore": 9});
    v["players"][1]["settlements"] = json!([[0, -2, "N"]]);
    v["players"][1]["roads"] = json!([[0, -2, "NE"]]);
    let mut g = load(&v);
    assert_eq!(weight_sum(&g), 34);
    play(&mut g, "dice 8");
    assert_eq!(g.phase(), Phase::Roll);
    assert_eq!(
        weight_sum(&g),
        34 - 5,
        "the second roll leaves out the first's 8"
    );
    play(&mut g, "dice 7");
    assert_eq!(g.phase(), Phase::Discard);
    for _ in 0..4 {
        play(&mut g, "discard ore");
    }
    play(&mut g, "take barbarian SE(2,0)");
    play(&mut g, "barbarian to NE(0,-2)");
    assert_eq!(g.phase(), Phase::Steal);
    play(&mut g, "stolen ore");
    assert_eq!((g.hand(0)[4], g.hand(1)[4]), (1, 4));
    assert_eq!(g.phase(), Phase::Main);
    assert!(
        g.tb_gold(1) == 5 && g.tb_gold(0) == 5,
        "gold is never discarded or drawn"
    );
}

/// §B9.12 item 5 and D-21: a 7 on the first roll is resolved before the second, which then has
/// neither 7 nor 2 / 12 (weights 34 - 6 = 28); the token action is not legal between the rolls.
#[test]
fn tb2_a_seven_on_the_first_roll_then_a_second_roll_without_seven() {
    let mut g = load(&before_rolls(tb2()));
    play(&mut g, "dice 7");
    play(&mut g, "take barbarian SE(2,0)");
    play(&mut g, "barbarian to E(0,0)");
    assert_eq!(g.phase(), Phase::Roll);
    assert_eq!(weight_sum(&g), 28);
    assert!(outcomes(&g)
        .iter()
        .all(|(l, _)| !["dice 2", "dice 7", "dice 12"].contains(&l.as_str())));
    assert!(!is_legal(&g, "token barbarian"));
}

/// §B4.4 timing with §B9.5: token actions are spent in the main phase, not before rolling
/// (B4's decision), although gold purchases are allowed then (D-102).
#[test]
fn tb2_no_token_action_before_rolling_but_gold_purchases() {
    let mut v = before_rolls(tb2());
    v["phase"] = json!("pre_roll");
    let g = load(&v);
    assert!(!is_legal(&g, "token barbarian"));
    assert!(!is_legal(&g, "forced trade"));
    assert!(is_legal(&g, "buy ore for 2 gold"));
}

/// §B4.4 (Knight discard, EX-18 hand-over) with §B9.11 and G-2: discarding a Knight may hand
/// Largest Army to the opponent on my turn; his 13th point counts at the start of his turn.
#[test]
fn tb2_knight_discard_hands_largest_army_over_and_the_opponent_wins_on_his_turn() {
    let mut v = tb2();
    v["players"][0]["played"] = json!({"knight": 4});
    v["players"][1]["played"] = json!({"knight": 4});
    v["largest_army"] = json!(0);
    v["traders"]["players"][1]["delivered"] = json!(11);
    v["traders"]["stacks"] = json!({
        "castle": {"tools": 6, "sand": 2},
        "marble_quarry": {"marble": 2, "sand": 6},
        "glassworks": {"glass": 3, "tools": 6},
    });
    let mut g = load(&v);
    assert_eq!(g.vp(1), 11);
    play(&mut g, "discard knight for tokens");
    assert_eq!(g.tokens(0), 7);
    assert_eq!(
        g.largest_army_holder(),
        Some(1),
        "4 against 3: strictly the most"
    );
    assert_eq!(g.vp(1), 13);
    assert!(g.winners().is_empty(), "not on player 0's turn");
    assert!(!is_legal(&g, "discard knight for tokens"), "once a turn");
    play(&mut g, "end turn");
    assert_eq!(g.winners(), vec![1]);
}

/// §B9.12 item 2: the token move's position reloads at each of its steps, determinize keeps the
/// public module state, and the spokes option limits the destinations.
#[test]
fn tb2_token_move_round_trips_and_determinizes_and_respects_the_spokes_option() {
    let mut v = tb2();
    v["players"][1]["development_cards"] = json!({"swift_journey": 1, "knight": 1});
    v["players"][1]["resources"] = json!({"ore": 2, "wool": 1});
    let mut g = load(&v);
    play(&mut g, "token barbarian");
    round_trips(&g);
    play(&mut g, "take barbarian SE(2,0)");
    round_trips(&g);
    assert_eq!(g.to_json_value()["traders"]["token_move"], json!(true));
    let d = g.determinize(0, 5);
    assert_eq!(tb_obs(&d), tb_obs(&g));
    assert_eq!(d.observation(0)["two"], g.observation(0)["two"]);
    assert_eq!(d.observation(0), g.observation(0));
    assert_eq!(d.hand(1).iter().sum::<u8>(), 3);
    let all = legal_labels(&g).len();
    play(&mut g, "barbarian to E(0,0)");
    assert_eq!(g.phase(), Phase::Main);
    // Without barbarians on spokes the 12 spokes are not offered.
    let mut v = tb2();
    v["config"]["options"]["tb_barbarian_on_spokes"] = json!(false);
    let mut g = load(&v);
    play(&mut g, "token barbarian");
    play(&mut g, "take barbarian SE(2,0)");
    let l = legal_labels(&g);
    assert_eq!(l.len(), all - 12, "{l:?}");
    assert!(l.iter().all(|x| !x.contains("(K")));
}

/// Positions with the combination's fields where they do not belong are refused.
#[test]
fn tb2_fields_outside_catan_for_two_or_their_step_are_refused() {
    // token_move outside the barbarian steps.
    let mut v = tb2();
    v["traders"]["token_move"] = json!(true);
    assert!(load_state::<Catan>(&v).is_err());
    // More neutral tolls than one movement action can cross.
    let mut v = tb2();
    v["traders"]["neutral_tolls"] = json!(10);
    assert!(load_state::<Catan>(&v).is_err());
    // Tolls counted although the wagon has not crossed a path this turn.
    let mut v = tb2();
    v["traders"]["neutral_tolls"] = json!(1);
    assert!(load_state::<Catan>(&v).is_err());
    v["traders"]["wagon_begun"] = json!(true);
    v["traders"]["movement_actions"] = json!(1);
    v["traders"]["travelled"] = json!(true);
    assert!(load_state::<Catan>(&v).is_ok());
    // Neither in a 3-player game.
    for (k, x) in [("neutral_tolls", json!(1)), ("token_move", json!(true))] {
        let mut v = after_setup("traders_barbarians", 3, json!({}));
        for p in 0..3 {
            v["traders"]["players"][p]["wagon"] = json!([0, 0, "N"]);
        }
        assert!(load_state::<Catan>(&v).is_ok());
        v["traders"][k] = x;
        assert!(load_state::<Catan>(&v).is_err(), "{k}");
    }
    // A neutral seat never has gold: a third gold entry in a 2-player position is refused.
    let mut v = tb2();
    let extra = v["traders"]["players"][0].clone();
    v["traders"]["players"].as_array_mut().unwrap().push(extra);
    assert!(load_state::<Catan>(&v).is_err());
}

/// §B9.12 item 1 (D-107) with a neutral toll's last gold: a wagon with 1 gold may cross one
/// neutral road (the gold goes to the bank), then no other road but its own or a bare path.
#[test]
fn tb2_the_last_gold_pays_one_neutral_toll_to_the_bank() {
    let mut v = tb2();
    v["two"]["neutrals"][0]["roads"] = json!([[0, -1, "NE"], [0, -1, "E"]]);
    v["traders"]["players"][0]["wagon"] = json!([0, -1, "N"]);
    v["traders"]["players"][0]["gold"] = json!(1);
    let mut g = load(&v);
    play(&mut g, "wagon NE(0,-1)");
    assert_eq!((g.tb_gold(0), g.tb_gold(1)), (0, 5));
    assert!(!is_legal(&g, "wagon E(0,-1)"), "no gold for the next toll");
    assert_eq!(tb_obs(&g)["neutral_tolls"], json!(1));
}

// ================================================================ with B2 Event Cards (D-14)

/// D-14 with §B8.10 (Robber Attacks without a robber): the first Robber Attacks discards and
/// draws; a second one in the same turn is not resolved at all (no discards, no draw).
#[test]
fn two_b8_events_a_second_robber_attacks_is_not_resolved() {
    let mut v = after_setup("barbarian_attack", 2, json!({"event_cards": true}));
    v = before_rolls(v);
    v["players"][1]["resources"] = json!({"ore": 2});
    let mut g = load(&v);
    play(&mut g, "event robber_attacks_7");
    play(&mut g, "stolen ore");
    assert_eq!(g.phase(), Phase::Roll);
    play(&mut g, "event robber_attacks_7");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!((g.hand(0)[4], g.hand(1)[4]), (1, 1), "one draw only");
}

/// D-14 with §B9.12 (Robber Attacks moves a barbarian): the second Robber Attacks of a turn
/// moves no barbarian.
#[test]
fn tb2_events_a_second_robber_attacks_moves_no_barbarian() {
    let mut v = tb2();
    v["config"]["options"]["event_cards"] = json!(true);
    let mut v = before_rolls(v);
    v.as_object_mut().unwrap().remove("development_deck");
    let mut g = load(&v);
    play(&mut g, "event robber_attacks_7");
    play(&mut g, "take barbarian SE(2,0)");
    play(&mut g, "barbarian to E(0,0)");
    assert_eq!(g.phase(), Phase::Roll);
    play(&mut g, "event robber_attacks_7");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(
        g.to_json_value()["traders"]["barbarians"],
        json!([[-2, 2, "SE"], [0, 0, "E"], [-2, 1, "E"]])
    );
}
