//! B4 Catan for Two (spec §B4, D-14, D-20..D-27): the worked examples EX-17..EX-19, a test per
//! rule (neutral players, two rolls, trade tokens and their actions), the combinations with B1,
//! B2 and B3, and the conformance kit.

mod common;
use common::*;

use meeple_catan::{Catan, Phase};
use meeple_core::conformance::{assert_conforms, KitOptions};
use meeple_core::dynamic::load_state;
use meeple_core::{Config, Game, GameError};
use serde_json::{json, Value};

fn config(players: usize, opts: Value) -> Config {
    common::config(players, merged(json!({"player_trades": "off"}), opts))
}

/// A 2-player position on the beginner board after set-up: player 0 in the main phase after
/// both rolls; the neutrals on their start vertices; no pieces for the players yet.
fn base(opts: Value) -> Value {
    let mut v = main_phase(&config(2, opts), &[]);
    both_rolls_made(&mut v);
    v
}

/// Player 0 to roll the first of the turn's two rolls.
fn before_roll(opts: Value) -> Value {
    let mut v = base(opts);
    before_first_roll(&mut v);
    v
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

// ---------------------------------------------------------------- players, set-up

#[test]
fn two_players_play_catan_for_two_with_neutrals_on_their_start_vertices() {
    assert_eq!(Catan::info().min_players, 2);
    // players = 2 implies the module (the only 2-player rules of the spec).
    let g = Catan::new(&Config::with_players(&Catan::info(), 2).unwrap(), 3).unwrap();
    assert_eq!(g.num_distinct_actions(), meeple_catan::A_SCENARIO);
    let o = g.observation(0);
    assert_eq!(o["two"]["tokens"], json!([5, 5]));
    assert_eq!(o["two"]["token_supply"], json!(10));
    assert_eq!(o["two"]["neutrals"][0]["settlements"], json!(["N(0,-1)"]));
    assert_eq!(o["two"]["neutrals"][1]["settlements"], json!(["S(0,1)"]));
    assert_eq!(o["victory_target"], json!(10));
    // The neutral settlements block their vertices and neighbours in set-up.
    let l = legal_labels(&g);
    for x in ["N(0,-1)", "S(0,-2)", "S(1,-2)", "S(0,1)", "N(0,2)"] {
        assert!(!l.contains(&format!("settlement {x}")), "{x}");
    }
    assert_eq!(l.len(), 54 - 2 - 3 - 3);
    // Set-up triggers no neutral build (R5): after it each neutral still has one settlement.
    let mut g = g;
    for _ in 0..4 {
        let l = legal_labels(&g);
        play(&mut g, &l[0]);
        let l = legal_labels(&g);
        play(&mut g, &l[0]);
    }
    assert!(matches!(g.phase(), Phase::Roll | Phase::PreRoll));
    let o = g.observation(0);
    assert_eq!(o["two"]["neutrals"][0]["roads"], json!([]));
    assert_eq!(o["two"]["neutrals"][1]["roads"], json!([]));
    // The explicit option with 2 players is the same game.
    let c = config(2, json!({"catan_for_two": true}));
    assert!(Catan::new(&c, 3).is_ok());
}

#[test]
fn catan_for_two_with_three_or_four_players_is_refused() {
    for n in [3, 4] {
        match Catan::new(&config(n, json!({"catan_for_two": true})), 1) {
            Err(GameError::BadOption { name, reason }) => {
                assert_eq!(name, "catan_for_two");
                assert!(reason.contains("exactly 2 players"), "{reason}");
            }
            other => panic!("expected BadOption, got {:?}", other.map(|_| ())),
        }
    }
    // A 3-player position may not carry Catan-for-Two state.
    let g = Catan::new(&config(3, json!({})), 1).unwrap();
    let mut v = g.to_json_value();
    v["two"] = json!({"tokens": [5, 5]});
    assert!(load_state::<Catan>(&v).is_err());
}

#[test]
fn neutral_start_settlements_come_from_the_map() {
    let data: Value =
        serde_json::from_str(include_str!("../data/catan_maps.json")).expect("map data");
    let mut map = data["maps"]["catan_for_two"].clone();
    let c = config(2, json!({ "map": map.clone() }));
    let g = Catan::new(&c, 1).unwrap();
    assert_eq!(
        g.observation(0)["two"]["neutrals"][1]["settlements"],
        json!(["S(0,1)"])
    );
    map["pieces"]["neutral_settlements"] =
        json!([{"vertex": [-1, -1, "N"]}, {"vertex": [1, 1, "S"]}]);
    let g = Catan::new(&config(2, json!({ "map": map.clone() })), 1).unwrap();
    let o = g.observation(0);
    assert_eq!(o["two"]["neutrals"][0]["settlements"], json!(["N(-1,-1)"]));
    assert_eq!(o["two"]["neutrals"][1]["settlements"], json!(["S(1,1)"]));
    // Two neighbouring vertices break the distance rule.
    map["pieces"]["neutral_settlements"] =
        json!([{"vertex": [0, -1, "N"]}, {"vertex": [0, -2, "S"]}]);
    match Catan::new(&config(2, json!({ "map": map })), 1) {
        Err(GameError::BadOption { name, reason }) => {
            assert_eq!(name, "map");
            assert!(reason.contains("distance"), "{reason}");
        }
        other => panic!("expected BadOption, got {:?}", other.map(|_| ())),
    }
}

// ---------------------------------------------------------------- trade tokens gained

/// The beginner map with the desert moved to the coast at (2,0) (swapped with its mountains 8).
fn coastal_desert_map() -> Value {
    let data: Value =
        serde_json::from_str(include_str!("../data/catan_maps.json")).expect("map data");
    let mut map = data["maps"]["base_beginner"].clone();
    for h in map["hexes"].as_array_mut().unwrap() {
        match (h["q"].as_i64(), h["r"].as_i64()) {
            (Some(0), Some(0)) => {
                h["terrain"] = json!("mountains");
                h["token"] = json!(8);
            }
            (Some(2), Some(0)) => {
                h["terrain"] = json!("desert");
                h["token"] = Value::Null;
            }
            _ => {}
        }
    }
    map.as_object_mut().unwrap().remove("robber_start");
    map
}

#[test]
fn settlement_tokens_desert_two_coast_one_both_three_in_setup() {
    let c = config(2, json!({ "map": coastal_desert_map() }));
    for (vertex, tokens) in [
        ("N(2,0)", 3),  // next to the desert (2,0) and the sea
        ("N(1,1)", 2),  // inland, next to the desert
        ("N(0,-2)", 1), // on the coast
        ("N(0,0)", 0),  // inland, no desert
    ] {
        let mut g = Catan::new(&c, 5).unwrap();
        let p = match g.turn() {
            meeple_core::Turn::Player(p) => p,
            _ => unreachable!(),
        };
        play(&mut g, &format!("settlement {vertex}"));
        assert_eq!(g.tokens(p), 5 + tokens, "{vertex}");
        assert_eq!(g.token_supply(), 10 - tokens, "{vertex}");
    }
}

/// Player 0: settlement N(-2,2), roads to N(-1,1) (a corner of the desert (0,0)), and `n` of
/// each resource a settlement costs.
fn settlement_ready(n: u8) -> Value {
    let mut v = base(json!({}));
    set_player(&mut v, 0, "settlements", json!([[-2, 2, "N"]]));
    set_player(&mut v, 0, "roads", json!([[-2, 1, "E"], [-1, 0, "SE"]]));
    let each = json!(n);
    let hand = json!({"lumber": each, "brick": each, "wool": each, "grain": each});
    set_player(&mut v, 0, "resources", hand);
    v
}

#[test]
fn settlement_tokens_in_play_and_the_supply_is_finite() {
    let mut v = settlement_ready(1);
    v["two"]["tokens"] = json!([14, 5]);
    let mut g = load(&v);
    // N(-1,1) touches the desert: 2 tokens, but only 1 is left in the supply.
    assert_eq!(g.token_supply(), 1);
    play(&mut g, "settlement N(-1,1)");
    assert_eq!(g.tokens(0), 15);
    assert_eq!(g.token_supply(), 0);
}

// ---------------------------------------------------------------- two rolls (D-21)

/// EX-17's position: player 0 to make the first roll, on the hills 6 (0,-1); player 1 on the
/// fields 9 (-2,0).
fn ex17_position() -> Value {
    let mut v = before_roll(json!({}));
    set_player(&mut v, 0, "settlements", json!([[0, -1, "S"]]));
    set_player(&mut v, 1, "settlements", json!([[-2, 0, "N"]]));
    v
}

/// EX-17: first roll 6 → resolved; the second is re-rolled until it is not 6, then resolved.
#[test]
fn ex17_second_roll_rerolled_until_different() {
    let mut g = load(&ex17_position());
    play(&mut g, "dice 6");
    assert_eq!(
        g.hand(0),
        [0, 1, 0, 0, 0],
        "the first roll is resolved at once"
    );
    assert_eq!(g.phase(), Phase::Roll, "the second roll follows");
    let out = outcomes(&g);
    assert_eq!(out.len(), 10);
    assert_eq!(out.iter().map(|o| o.1).sum::<u32>(), 36 - 5);
    assert!(out.iter().all(|(l, _)| l != "dice 6"));
    let six = meeple_catan::C_DICE + 4;
    let before = g.clone();
    assert!(g.apply(six).is_err(), "a second 6 is re-rolled");
    assert_eq!(g, before);
    play(&mut g, "dice 9");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.hand(1), [0, 0, 0, 1, 0]);
    assert_eq!(g.observation(0)["two"]["first_roll"], json!(6));
    // The next turn starts with two fresh rolls.
    play(&mut g, "end turn");
    assert_eq!(outcomes(&g).len(), 11);
}

#[test]
fn a_seven_first_is_resolved_before_the_second_roll_and_no_second_seven() {
    let mut v = ex17_position();
    set_player(&mut v, 1, "resources", json!({"ore": 8}));
    let mut g = load(&v);
    play(&mut g, "dice 7");
    assert_eq!(g.phase(), Phase::Discard);
    for _ in 0..4 {
        play(&mut g, "discard ore");
    }
    play(&mut g, "robber to (-2,0)");
    play(&mut g, "stolen ore");
    assert_eq!(g.phase(), Phase::Roll);
    assert!(outcomes(&g).iter().all(|(l, _)| l != "dice 7"));
    play(&mut g, "dice 6");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.hand(0), [0, 1, 0, 0, 1]);
}

// ---------------------------------------------------------------- neutral players

#[test]
fn own_road_then_a_free_neutral_road_of_either_neutral() {
    let mut v = base(json!({}));
    set_player(&mut v, 0, "settlements", json!([[-1, 1, "N"]]));
    set_player(&mut v, 0, "resources", json!({"lumber": 1, "brick": 1}));
    let mut g = load(&v);
    play(&mut g, "road SE(-1,0)");
    assert_eq!(g.phase(), Phase::NeutralBuild);
    let l = sorted(legal_labels(&g));
    let want = sorted(
        [
            "neutral N1 road NE(0,-1)",
            "neutral N1 road SE(0,-2)",
            "neutral N1 road E(0,-2)",
            "neutral N2 road SE(0,1)",
            "neutral N2 road NE(-1,2)",
            "neutral N2 road E(-1,2)",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
    );
    assert_eq!(l, want);
    play(&mut g, "neutral N2 road SE(0,1)");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(
        g.observation(1)["two"]["neutrals"][1]["roads"],
        json!(["SE(0,1)"])
    );
    // Neutral roads block the players like any opponent's road.
    assert_eq!(g.hand(0), [0; 5]);
}

#[test]
fn own_settlement_then_a_neutral_settlement_or_else_a_neutral_road() {
    let v = settlement_ready(2);
    let w = v.clone();
    // The neutrals have no roads: no neutral settlement is legal, so a neutral road instead.
    let mut g = load(&v);
    play(&mut g, "settlement N(-1,1)");
    assert_eq!(g.tokens(0), 7, "next to the desert");
    assert_eq!(g.phase(), Phase::NeutralBuild);
    assert!(legal_labels(&g).iter().all(|l| l.contains(" road ")));
    assert_eq!(g.observation(0)["two"]["neutral_build"], json!("road"));
    // N1 with roads NE(0,-1), SE(1,-2): its settlement may go on N(1,-1) (distance rule kept).
    let mut v = w;
    v["two"]["neutrals"][0]["roads"] = json!([[0, -1, "NE"], [1, -2, "SE"]]);
    let mut g = load(&v);
    play(&mut g, "settlement N(-1,1)");
    assert_eq!(
        legal_labels(&g),
        vec!["neutral N1 settlement N(1,-1)".to_string()]
    );
    play(&mut g, "neutral N1 settlement N(1,-1)");
    assert_eq!(g.phase(), Phase::Main);
    // Neutrals never produce and hold no cards; they score nothing.
    assert_eq!(g.public_vp(0), 2);
    // Building a city or buying a development card has no neutral effect.
    let mut v = base(json!({}));
    set_player(&mut v, 0, "settlements", json!([[-1, 1, "N"]]));
    set_player(
        &mut v,
        0,
        "resources",
        json!({"grain": 3, "ore": 4, "wool": 1}),
    );
    let mut g = load(&v);
    play(&mut g, "city N(-1,1)");
    assert_eq!(g.phase(), Phase::Main);
    play(&mut g, "buy development card");
    play(&mut g, "draw knight");
    assert_eq!(g.phase(), Phase::Main);
}

/// N1's 5-road chain from N(0,-1) to S(3,-2).
const N1_CHAIN: &str =
    r#"[[0, -1, "NE"], [1, -2, "SE"], [1, -1, "NE"], [2, -2, "SE"], [2, -1, "NE"]]"#;

#[test]
fn a_neutral_holds_longest_road_and_a_settlement_breaks_it() {
    let mut v = base(json!({}));
    v["two"]["neutrals"][0]["roads"] = serde_json::from_str(N1_CHAIN).unwrap();
    // Loading requires the sole longest road (a neutral's) to hold the card: 2 names N1.
    assert!(load_state::<Catan>(&v).is_err());
    v["longest_road"] = json!(2);
    set_player(&mut v, 0, "settlements", json!([[1, -1, "S"]]));
    set_player(&mut v, 0, "roads", json!([[1, -1, "SE"], [1, -1, "E"]]));
    set_player(
        &mut v,
        0,
        "resources",
        json!({"lumber": 1, "brick": 1, "wool": 1, "grain": 1}),
    );
    let mut g = load(&v);
    assert_eq!(g.observation(0)["longest_road"], json!(2));
    assert_eq!(
        g.public_vp(0),
        1,
        "a neutral's Longest Road gives nobody points"
    );
    // Player 0 settles inside N1's road at S(2,-2): 3 + 2, the card is set aside.
    play(&mut g, "settlement S(2,-2)");
    assert_eq!(g.observation(0)["longest_road"], Value::Null);
    assert_eq!(
        g.observation(0)["two"]["neutrals"][0]["road_length"],
        json!(3)
    );
    // The free neutral settlement: only N1's far end S(3,-2) is open.
    assert_eq!(
        legal_labels(&g),
        vec!["neutral N1 settlement S(3,-2)".to_string()]
    );
}

#[test]
fn a_neutral_road_can_take_longest_road() {
    let mut v = base(json!({}));
    let mut chain: Vec<Value> = serde_json::from_str(N1_CHAIN).unwrap();
    chain.pop();
    v["two"]["neutrals"][0]["roads"] = json!(chain);
    set_player(&mut v, 0, "settlements", json!([[-1, 1, "N"]]));
    set_player(&mut v, 0, "resources", json!({"lumber": 1, "brick": 1}));
    let mut g = load(&v);
    play(&mut g, "road SE(-1,0)");
    play(&mut g, "neutral N1 road NE(2,-1)");
    assert_eq!(g.observation(0)["longest_road"], json!(2));
    let round = load_state::<Catan>(&g.to_json_value()).expect("round trip");
    assert_eq!(round, g);
}

#[test]
fn road_building_gives_a_neutral_road_after_each_free_road() {
    let mut v = base(json!({}));
    set_player(&mut v, 0, "settlements", json!([[-1, 1, "N"]]));
    set_player(&mut v, 0, "development_cards", json!({"road_building": 1}));
    let mut g = load(&v);
    play(&mut g, "play road building");
    play(&mut g, "road SE(-1,0)");
    assert_eq!(g.phase(), Phase::NeutralBuild);
    // The position keeps the card's second road across the neutral build.
    let round = load_state::<Catan>(&g.to_json_value()).expect("round trip");
    assert_eq!(round, g);
    play(&mut g, "neutral N1 road NE(0,-1)");
    assert_eq!(g.phase(), Phase::RoadBuilding);
    play(&mut g, "road E(-1,0)");
    assert_eq!(g.phase(), Phase::NeutralBuild);
    play(&mut g, "neutral N2 road SE(0,1)");
    assert_eq!(g.phase(), Phase::Main);
}

// ---------------------------------------------------------------- Knight discard (EX-18)

/// EX-18: holder with 4 Knights, opponent 3: discarding one sets the card aside (3 vs 3, nobody
/// strictly most); +2 tokens; once per turn.
#[test]
fn ex18_knight_discard_sets_largest_army_aside() {
    let mut v = base(json!({}));
    set_player(&mut v, 0, "played", json!({"knight": 4}));
    set_player(&mut v, 1, "played", json!({"knight": 3}));
    v["largest_army"] = json!(0);
    let mut g = load(&v);
    play(&mut g, "discard knight for tokens");
    assert_eq!(g.largest_army_holder(), None);
    assert_eq!(g.tokens(0), 7);
    assert!(!is_legal(&g, "discard knight for tokens"), "once per turn");
    assert_eq!(g.observation(1)["two"]["knights_discarded"], json!([1, 0]));
    assert_eq!(g.observation(1)["players"][0]["played"]["knight"], json!(3));
    // The discarded Knight is out of the game, not back in the deck: 7 Knights + 11 others.
    assert_eq!(g.observation(0)["development_deck_size"], json!(18));
    let round = load_state::<Catan>(&g.to_json_value()).expect("round trip");
    assert_eq!(round, g);
}

#[test]
fn knight_discard_largest_army_keeps_or_passes() {
    // 4 vs 2: 3 > 2, the holder keeps it.
    let mut v = base(json!({}));
    set_player(&mut v, 0, "played", json!({"knight": 4}));
    set_player(&mut v, 1, "played", json!({"knight": 2}));
    v["largest_army"] = json!(0);
    let mut g = load(&v);
    play(&mut g, "discard knight for tokens");
    assert_eq!(g.largest_army_holder(), Some(0));
    // 3 vs 0: down to 2 Knights, set aside.
    let mut v = base(json!({}));
    set_player(&mut v, 0, "played", json!({"knight": 3}));
    v["largest_army"] = json!(0);
    let mut g = load(&v);
    play(&mut g, "discard knight for tokens");
    assert_eq!(g.largest_army_holder(), None);
    // 4 vs 4 (the opponent caught up): 3 vs 4, the opponent alone has the most and takes it.
    let mut v = base(json!({}));
    set_player(&mut v, 0, "played", json!({"knight": 4}));
    set_player(&mut v, 1, "played", json!({"knight": 4}));
    v["largest_army"] = json!(0);
    let mut g = load(&v);
    play(&mut g, "discard knight for tokens");
    assert_eq!(g.largest_army_holder(), Some(1));
    // No face-up Knight, or an empty supply: no discard.
    let g = load(&base(json!({})));
    assert!(!is_legal(&g, "discard knight for tokens"));
    let mut v = base(json!({}));
    set_player(&mut v, 0, "played", json!({"knight": 1}));
    v["two"]["tokens"] = json!([10, 10]);
    assert!(!is_legal(&load(&v), "discard knight for tokens"));
}

// ---------------------------------------------------------------- token actions

/// EX-19: 5 VP each, the player holds 1 card, the opponent 4: the forced trade costs 1 token;
/// 1 random card taken, 1 card given.
#[test]
fn ex19_forced_trade_one_card_each_way() {
    let mut v = base(json!({}));
    set_player(
        &mut v,
        0,
        "settlements",
        json!([[-1, 1, "N"], [2, -2, "S"], [1, -1, "S"]]),
    );
    set_player(&mut v, 0, "cities", json!([[-2, 2, "N"]]));
    set_player(&mut v, 0, "resources", json!({"ore": 1}));
    set_player(&mut v, 1, "settlements", json!([[0, -2, "N"]]));
    set_player(&mut v, 1, "cities", json!([[-2, 0, "N"], [2, -1, "S"]]));
    set_player(&mut v, 1, "resources", json!({"wool": 3, "grain": 1}));
    let mut g = load(&v);
    assert_eq!((g.public_vp(0), g.public_vp(1)), (5, 5));
    assert_eq!(g.token_price(0), 1);
    play(&mut g, "forced trade");
    assert_eq!(g.tokens(0), 4);
    assert_eq!(g.phase(), Phase::ForcedTake);
    assert_eq!(
        outcomes(&g),
        vec![
            ("stolen wool".to_string(), 3),
            ("stolen grain".to_string(), 1)
        ]
    );
    play(&mut g, "stolen grain");
    assert_eq!(g.phase(), Phase::ForcedGive);
    // The card given is chosen from the enlarged hand (the taken card included, D-23).
    assert_eq!(
        legal_labels(&g),
        vec!["give grain".to_string(), "give ore".to_string()]
    );
    play(&mut g, "give ore");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.hand(0), [0, 0, 0, 1, 0]);
    assert_eq!(g.hand(1), [0, 0, 3, 0, 1]);
    // Both players know both cards (only two at the table).
    let o = g.observation(1);
    assert_eq!(o["players"][0]["known_at_least"]["grain"], json!(1));
}

#[test]
fn forced_trade_two_cards_and_the_price_is_two_when_ahead() {
    let mut v = base(json!({}));
    set_player(
        &mut v,
        0,
        "settlements",
        json!([[-1, 1, "N"], [2, -2, "S"]]),
    );
    set_player(&mut v, 0, "resources", json!({"ore": 3}));
    set_player(&mut v, 1, "settlements", json!([[1, 1, "N"]]));
    set_player(&mut v, 1, "resources", json!({"wool": 2}));
    v["two"]["tokens"] = json!([2, 5]);
    let mut g = load(&v);
    assert_eq!(g.token_price(0), 2, "2 VP against 1");
    assert_eq!(g.token_price(1), 1);
    play(&mut g, "forced trade");
    assert_eq!(g.tokens(0), 0);
    play(&mut g, "stolen wool");
    assert_eq!(g.phase(), Phase::ForcedTake);
    play(&mut g, "stolen wool");
    play(&mut g, "give ore");
    play(&mut g, "give ore");
    assert_eq!(g.hand(0), [0, 0, 2, 0, 1]);
    assert_eq!(g.hand(1), [0, 0, 0, 0, 2]);
    // No tokens left: no token action.
    assert!(!is_legal(&g, "forced trade"));
    // An empty hand on either side: no forced trade (n = 0, D-23).
    let mut v = base(json!({}));
    set_player(&mut v, 1, "resources", json!({"wool": 2}));
    assert!(!is_legal(&load(&v), "forced trade"));
}

#[test]
fn token_robber_to_the_desert_and_the_action_limit() {
    let mut v = base(json!({"max_token_actions": 1}));
    v["robber"] = json!([1, 0]);
    set_player(&mut v, 0, "resources", json!({"ore": 1}));
    set_player(&mut v, 1, "resources", json!({"wool": 1}));
    let mut g = load(&v);
    // Only the desert (D-24), the robber's own hex excluded.
    let l = legal_labels(&g);
    assert!(l.contains(&"token robber to (0,0)".to_string()));
    assert_eq!(
        l.iter().filter(|x| x.starts_with("token robber")).count(),
        1
    );
    play(&mut g, "token robber to (0,0)");
    assert_eq!(g.tokens(0), 4);
    assert_eq!(g.hand(0), [0, 0, 0, 0, 1], "no steal");
    assert_eq!(g.observation(0)["robber"], json!([0, 0]));
    // Already on the desert: illegal; and max_token_actions = 1 stops a forced trade too.
    assert!(!is_legal(&g, "token robber to (0,0)"));
    assert!(!is_legal(&g, "forced trade"));
    // Without the limit (D-22 default) the forced trade is still open.
    let mut v = base(json!({}));
    v["robber"] = json!([1, 0]);
    set_player(&mut v, 0, "resources", json!({"ore": 1}));
    set_player(&mut v, 1, "resources", json!({"wool": 1}));
    let mut g = load(&v);
    play(&mut g, "token robber to (0,0)");
    assert!(is_legal(&g, "forced trade"));
    // Token actions are for the main phase, after both rolls.
    let mut v = before_roll(json!({}));
    v["robber"] = json!([1, 0]);
    assert!(!is_legal(&load(&v), "token robber to (0,0)"));
}

// ---------------------------------------------------------------- combinations

#[test]
fn victory_target_ten_or_eleven_with_harbormaster() {
    let g = load(&base(json!({})));
    assert_eq!(g.observation(0)["victory_target"], json!(10));
    let g = load(&base(json!({"harbormaster": true})));
    assert_eq!(g.observation(0)["victory_target"], json!(11));
    // 10 VP on one's own turn wins.
    let mut v = base(json!({}));
    set_player(
        &mut v,
        0,
        "cities",
        json!([[-1, 1, "N"], [2, -2, "S"], [1, 1, "N"]]),
    );
    set_player(
        &mut v,
        0,
        "settlements",
        json!([[-2, 0, "N"], [-1, -1, "N"], [1, -1, "S"]]),
    );
    set_player(&mut v, 0, "resources", json!({"grain": 2, "ore": 3}));
    let mut g = load(&v);
    assert_eq!(g.public_vp(0), 9);
    play(&mut g, "city N(-2,0)");
    assert_eq!(g.phase(), Phase::GameOver);
    assert_eq!(g.winners(), vec![0]);
}

/// D-14: with event cards two cards a turn; a second card with the first card's number produces
/// nothing; a second Robber Attacks is not resolved; an Epidemic holds for the turn.
#[test]
fn event_cards_two_cards_a_turn_d14() {
    let mut v = before_roll(json!({"event_cards": true}));
    set_player(&mut v, 0, "settlements", json!([[2, -1, "S"]]));
    set_player(&mut v, 0, "cities", json!([[0, -1, "S"]]));
    let w = v.clone();
    let mut g = load(&v);
    play(&mut g, "event no_event_8");
    assert_eq!(g.phase(), Phase::Roll);
    assert_eq!(
        g.hand(0),
        [0, 0, 0, 0, 1],
        "mountains 8 produce for the settlement"
    );
    play(&mut g, "event no_event_8");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(
        g.hand(0),
        [0, 0, 0, 0, 1],
        "the repeated number produces nothing"
    );
    // Two Robber Attacks: the second is not resolved at all.
    let mut g = load(&w);
    play(&mut g, "event robber_attacks_7");
    play(&mut g, "robber to (2,0)");
    assert_eq!(g.phase(), Phase::Roll);
    play(&mut g, "event robber_attacks_7");
    assert_eq!(g.phase(), Phase::Main);
    // Epidemic 8 first: the city on hills 6 then produces 1 on the second card.
    let mut g = load(&w);
    play(&mut g, "event epidemic_8");
    assert_eq!(g.hand(0), [0, 0, 0, 0, 1]);
    play(&mut g, "event no_event_6");
    assert_eq!(g.hand(0), [0, 1, 0, 0, 1]);
    // Without the Epidemic the city gives 2.
    let mut g = load(&w);
    play(&mut g, "event no_event_8");
    play(&mut g, "event no_event_6");
    assert_eq!(g.hand(0), [0, 2, 0, 0, 1]);
}

#[test]
fn friendly_robber_protects_in_catan_for_two() {
    let mut v = base(json!({"friendly_robber": true}));
    v["phase"] = json!("move_robber");
    set_player(
        &mut v,
        0,
        "settlements",
        json!([[-1, 1, "N"], [2, -2, "S"]]),
    );
    set_player(&mut v, 1, "settlements", json!([[1, 1, "N"], [-2, 0, "N"]]));
    let g = load(&v);
    // Both players have 2 VP: the robber may not go next to their buildings (neutral buildings
    // do not count).
    let l = legal_labels(&g);
    assert!(!l.contains(&"robber to (1,1)".to_string()));
    assert!(
        l.contains(&"robber to (0,-2)".to_string()),
        "next to N1 only"
    );
}

#[test]
fn two_state_is_checked_on_load() {
    let v = base(json!({}));
    load(&v);
    let mut w = v.clone();
    w["two"]["tokens"] = json!([15, 6]);
    assert!(load_state::<Catan>(&w).is_err(), "21 tokens");
    let mut w = v.clone();
    w["two"]["rolls"] = json!(1);
    assert!(
        load_state::<Catan>(&w).is_err(),
        "main phase after one roll"
    );
    let mut w = v.clone();
    w["phase"] = json!("neutral_build");
    assert!(
        load_state::<Catan>(&w).is_err(),
        "no neutral piece to build"
    );
    let mut w = v.clone();
    w["two"]["neutrals"][0]["settlements"] = json!([[0, -1, "N"], [0, -2, "S"]]);
    assert!(load_state::<Catan>(&w).is_err(), "distance rule");
    let mut w = v.clone();
    w["two"]["neutrals"] = json!([{"settlements": []}]);
    assert!(load_state::<Catan>(&w).is_err(), "two neutrals");
    let mut w = v.clone();
    w["phase"] = json!("forced_give");
    assert!(load_state::<Catan>(&w).is_err(), "nothing to give");
    // Fields left out: the start of a game (5 tokens each, neutrals on D-20).
    let mut w = v;
    w.as_object_mut().unwrap().remove("two");
    w["two"] = json!({"rolls": 2, "first_roll": 8});
    let g = load(&w);
    assert_eq!(g.tokens(1), 5);
}

// ---------------------------------------------------------------- conformance

fn random_config(opts: Value) -> Config {
    options(2, opts)
}

#[test]
fn conforms_catan_for_two_alone_and_with_every_variant() {
    let configs = vec![
        random_config(json!({"trade_offers_per_turn": 1})),
        random_config(json!({"friendly_robber": true, "player_trades": "off"})),
        random_config(
            json!({"harbormaster": true, "player_trades": "off", "max_token_actions": 1}),
        ),
        random_config(json!({"event_cards": true, "player_trades": "off"})),
        random_config(
            json!({"event_cards": true, "friendly_robber": true, "harbormaster": true,
                             "event_new_year": false, "player_trades": "off"}),
        ),
    ];
    assert_conforms::<Catan>(
        &configs,
        &KitOptions {
            playouts: 2,
            deep_every: 89,
            ..Default::default()
        },
    );
}

/// A long run (about a minute): `cargo test -p meeple-catan --release --test two -- --ignored`.
#[test]
#[ignore]
fn conforms_catan_for_two_long_run() {
    let configs = vec![
        random_config(json!({})),
        random_config(
            json!({"event_cards": true, "friendly_robber": true, "trade_offers_per_turn": 1}),
        ),
        random_config(
            json!({"harbormaster": true, "max_token_actions": 2, "player_trades": "off"}),
        ),
    ];
    assert_conforms::<Catan>(
        &configs,
        &KitOptions {
            playouts: 30,
            deep_every: 41,
            seed: 0x2C47,
            ..Default::default()
        },
    );
}
