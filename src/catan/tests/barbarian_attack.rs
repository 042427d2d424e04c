//! B8 Barbarian Attack (spec §B8): the worked examples EX-06 … EX-09, a test per rule that scores
//! or changes who acts, and the conformance kit over the scenario alone and with B1, B2, B3.
//!
//! Positions use the stored printed map (`board = beginner`): castle (-2,2), desert (2,-2),
//! coastal numbers clockwise from the castle's left 4 (-2,1), 10 (-2,0), 6 (-1,-1), 2 (0,-2),
//! 9 (1,-2), 5 (2,-1), 8 (2,0), 11 (1,1), 12 (0,2), 3 (-1,2).

mod common;
use common::*;

use meeple_catan::{Catan, Phase};
use meeple_core::dynamic::load_state;
use meeple_core::{Config, Game, GameError, Turn};
use serde_json::{json, Value};

fn config(players: usize, opts: Value) -> Config {
    common::config(
        players,
        merged(json!({"scenario": "barbarian_attack"}), opts),
    )
}

/// After set-up (no pieces), player 0 to act in the main phase, dice rolled.
fn base(players: usize, opts: Value) -> Value {
    main_phase(&config(players, opts), &["barbarian_attack"])
}

fn hand(g: &Catan, p: usize) -> [u8; 5] {
    g.hand(p)
}

// ---------------------------------------------------------------- options and set-up

#[test]
fn board_castle_desert_and_numbers_per_the_printed_map() {
    for (board, seeds) in [("beginner", 0..1), ("random", 0..20)] {
        for seed in seeds {
            let g = Catan::new(&config(4, json!({ "board": board })), seed).unwrap();
            let b = g.to_json_value()["board"]["hexes"].clone();
            let at = |q: i64, r: i64| -> Value {
                b.as_array()
                    .unwrap()
                    .iter()
                    .find(|h| h["q"] == q && h["r"] == r)
                    .unwrap()
                    .clone()
            };
            assert_eq!(at(-2, 2)["terrain"], "castle");
            assert_eq!(at(2, -2)["terrain"], "desert");
            // Coastal numbers fixed, one of each 2..12 without 7.
            let ring = [
                (-2, 1, 4),
                (-2, 0, 10),
                (-1, -1, 6),
                (0, -2, 2),
                (1, -2, 9),
                (2, -1, 5),
                (2, 0, 8),
                (1, 1, 11),
                (0, 2, 12),
                (-1, 2, 3),
            ];
            let mut outer = std::collections::BTreeMap::new();
            for (q, r, t) in ring {
                assert_eq!(at(q, r)["token"], t, "({q},{r})");
                *outer
                    .entry(at(q, r)["terrain"].as_str().unwrap().to_string())
                    .or_insert(0) += 1;
            }
            // D-40: 2 forest, 2 hills, 3 pasture, 1 mountains, 2 fields on the coast.
            let want: std::collections::BTreeMap<String, i32> = [
                ("fields", 2),
                ("forest", 2),
                ("hills", 2),
                ("mountains", 1),
                ("pasture", 3),
            ]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect();
            assert_eq!(outer, want);
            let mut inner_tokens: Vec<i64> = b
                .as_array()
                .unwrap()
                .iter()
                .filter(|h| {
                    let (q, r) = (h["q"].as_i64().unwrap(), h["r"].as_i64().unwrap());
                    q.abs().max(r.abs()).max((q + r).abs()) <= 1
                })
                .map(|h| h["token"].as_i64().unwrap())
                .collect();
            inner_tokens.sort();
            assert_eq!(inner_tokens, vec![4, 5, 6, 8, 9, 10, 11]);
            let o = ba_obs(&g);
            assert_eq!(o["barbarians"], json!({"(0,-2)": 1, "(0,2)": 1}));
            assert_eq!(o["supply"], 28);
            assert_eq!(g.observation(0)["victory_target"], 12);
            assert_eq!(o["check_order"][0], "(-2,1)");
        }
    }
}

#[test]
fn harbormaster_raises_the_target_to_thirteen() {
    let g = Catan::new(&config(3, json!({"harbormaster": true})), 3).unwrap();
    assert_eq!(g.observation(0)["victory_target"], 13);
}

#[test]
fn setup_second_placement_is_a_city_with_one_resource_per_hex() {
    let mut g = Catan::new(&config(3, json!({})), 5).unwrap();
    let mut last = None;
    for _ in 0..6 {
        let p = match g.turn() {
            Turn::Player(p) => p,
            _ => unreachable!(),
        };
        // The first legal settlement spot, then its first road.
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        let before = hand(&g, p);
        g.apply(v[v.len() / 2]).unwrap();
        last = Some((p, before));
        let mut r = Vec::new();
        g.legal_actions(&mut r);
        g.apply(r[0]).unwrap();
    }
    let o = g.observation(0);
    for p in 0..3 {
        assert_eq!(o["players"][p]["settlements"].as_array().unwrap().len(), 1);
        assert_eq!(o["players"][p]["cities"].as_array().unwrap().len(), 1);
        assert_eq!(o["players"][p]["public_victory_points"], 3);
        // 1 resource per adjacent producing hex, not 2.
        assert!(g.hand(p).iter().map(|&x| x as u32).sum::<u32>() <= 3);
    }
    // The last placement was seat 0's second, a city: its hand before it was empty (the first
    // settlement produces nothing), so all it holds came from the city, one per hex.
    let (p, before) = last.unwrap();
    assert_eq!((p, before), (0, [0; 5]));
    assert_eq!(ba_obs(&g)["supply"], 28, "no attack during set-up (D-60)");
}

#[test]
fn a_user_map_loads_the_printed_map_with_its_barbarians() {
    let data: Value = serde_json::from_str(include_str!("../data/catan_maps.json")).unwrap();
    let mut map = data["maps"]["barbarian_attack"].clone();
    map["barbarians"] = json!([{"hex": [1, -2], "count": 2}, {"hex": [2, 0], "count": 3}]);
    let g = Catan::new(&config(3, json!({ "map": map })), 1).unwrap();
    let o = ba_obs(&g);
    assert_eq!(o["barbarians"], json!({"(1,-2)": 2, "(2,0)": 3}));
    assert_eq!(o["conquered"], json!(["(2,0)"]));
    assert_eq!(o["supply"], 25);
    let mut bad = map.clone();
    bad["barbarians"] = json!([{"hex": [0, 0], "count": 1}]);
    assert!(Catan::new(&config(3, json!({ "map": bad })), 1).is_err());
    let mut nocastle = data["maps"]["base_beginner"].clone();
    nocastle["robber_start"] = json!(null);
    match Catan::new(&config(3, json!({ "map": nocastle })), 1) {
        Err(GameError::BadOption { reason, .. }) => assert!(reason.contains("castle"), "{reason}"),
        other => panic!("expected a refusal, got {:?}", other.map(|_| ())),
    }
}

// ---------------------------------------------------------------- barbarians arrive, conquest

/// EX-06: hex 3 has 0 barbarians, hex 9 has 2, hex 8 has 3; Red's settlement touches only hex
/// 9; dice 3, 9, (3 re-rolled), 8.
#[test]
fn ex_06_barbarians_arrive_three_distinct_numbers_and_conquest() {
    let mut v = base(3, json!({}));
    v["barbarian_attack"] =
        json!({"barbarians": [{"hex": [1, -2], "count": 2}, {"hex": [2, 0], "count": 3}]});
    v["players"][0]["roads"] = json!([[1, -2, "NE"]]);
    v["players"][0]["resources"] = json!({"lumber": 1, "brick": 1, "wool": 1, "grain": 1});
    let mut g = load(&v);
    play(&mut g, "settlement N(1,-2)");
    assert_eq!(g.phase(), Phase::Barbarian);
    assert_eq!(g.turn(), Turn::Chance);
    assert_eq!(g.public_vp(0), 1);
    let o = outcomes(&g);
    assert_eq!(o.len(), 10);
    assert!(o.iter().all(|(l, _)| l != "dice 7"));
    assert_eq!(o.iter().map(|x| x.1).sum::<u32>(), 30);
    play(&mut g, "dice 3");
    assert_eq!(ba_obs(&g)["barbarians"]["(-1,2)"], 1);
    // The second 3 is re-rolled: 3 and 7 are no outcome, the rest keep their 2d6 weights.
    let o = outcomes(&g);
    assert!(o.iter().all(|(l, _)| l != "dice 3" && l != "dice 7"));
    assert_eq!(o.iter().map(|x| x.1).sum::<u32>(), 28);
    assert!(o.contains(&("dice 8".to_string(), 5)));
    play(&mut g, "dice 9");
    assert_eq!(ba_obs(&g)["barbarians"]["(1,-2)"], 3);
    assert_eq!(ba_obs(&g)["conquered"], json!(["(1,-2)", "(2,0)"]));
    assert_eq!(g.public_vp(0), 0, "Red's settlement is conquered");
    assert_eq!(
        g.observation(0)["players"][0]["conquered_buildings"],
        json!(["N(1,-2)"])
    );
    assert_eq!(outcomes(&g).iter().map(|x| x.1).sum::<u32>(), 24);
    play(&mut g, "dice 8");
    // Numbers used {3, 9, 8}; 2 barbarians placed (8 already had 3).
    assert_eq!(ba_obs(&g)["barbarians"]["(2,0)"], 3);
    assert_eq!(ba_obs(&g)["supply"], 23);
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn attack_stops_when_the_supply_runs_out_and_never_starts_when_empty() {
    let mut v = base(3, json!({}));
    v["barbarian_attack"] = json!({"supply": 1, "barbarians": [], "players": [{}, {"prisoners": 15}, {"prisoners": 14}]});
    v["players"][0]["roads"] = json!([[1, -2, "NE"]]);
    v["players"][0]["resources"] =
        json!({"lumber": 2, "brick": 2, "wool": 2, "grain": 4, "ore": 3});
    let mut g = load(&v);
    play(&mut g, "settlement N(1,-2)");
    play(&mut g, "dice 4");
    // D-61: the last barbarian is placed, the remaining rolls are skipped.
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(ba_obs(&g)["supply"], 0);
    play(&mut g, "city N(1,-2)");
    assert_eq!(g.phase(), Phase::Main, "no barbarians left: no attack");
}

#[test]
fn conquered_hex_blocks_roads_and_settlements_and_conquered_buildings_upgrades_and_harbors() {
    let mut v = base(3, json!({}));
    // (1,-2) "9" conquered; Red has a settlement on N(1,-2) (the grain harbour NE(1,-2)) and a
    // road on NE(0,-1) ... reaching the hex's corner S(1,-2).
    v["barbarian_attack"] = json!({"barbarians": [{"hex": [1, -2], "count": 3}]});
    v["players"][0]["settlements"] = json!([[1, -2, "N"]]);
    v["players"][0]["roads"] = json!([[1, -2, "NE"], [1, -1, "NE"]]);
    v["players"][0]["resources"] =
        json!({"lumber": 2, "brick": 2, "wool": 1, "grain": 4, "ore": 3});
    let g = load(&v);
    let l = legal_labels(&g);
    assert!(!l.contains(&"city N(1,-2)".to_string()), "D-62: no upgrade");
    // Edges of the conquered hex: no road (E(1,-2) is its edge; SE(1,-2) too).
    assert!(!l
        .iter()
        .any(|x| x == "road E(1,-2)" || x == "road SE(1,-2)"));
    // Vertices of the conquered hex: no settlement (S(2,-2) touches (1,-2)? no: N(1,-1)).
    assert!(!l.iter().any(|x| x == "settlement N(1,-1)"));
    // The grain harbour of a conquered settlement does not work: grain trades at 4:1.
    assert!(
        l.contains(&"maritime 4 grain for 1 ore".to_string()),
        "{l:?}"
    );
    assert_eq!(g.public_vp(0), 0);
}

#[test]
fn conquered_hex_produces_nothing() {
    let mut v = base(3, json!({}));
    v["barbarian_attack"] = json!({"barbarians": [{"hex": [2, 0], "count": 3}]});
    // (2,0) is "8"; (1,0) inner hex and (2,-1) touch N(2,0).
    v["players"][1]["settlements"] = json!([[2, 0, "N"]]);
    v["phase"] = json!("roll");
    v["rolled"] = json!(false);
    let mut g = load(&v);
    let before = g.hand(1);
    play(&mut g, "dice 8");
    let after = g.hand(1);
    // Only the inner 8 (if it touches) could pay: the coastal 8 is conquered.
    let o = g.to_json_value();
    let inner8_touches = o["board"]["hexes"].as_array().unwrap().iter().any(|h| {
        h["token"] == 8 && ((h["q"] == 1 && h["r"] == 0) || (h["q"] == 2 && h["r"] == -1))
    });
    if !inner8_touches {
        assert_eq!(before, after);
    }
}

// ---------------------------------------------------------------- the 7 without a robber

#[test]
fn seven_discards_then_the_roller_steals_from_any_player() {
    let mut v = base(3, json!({}));
    v["phase"] = json!("roll");
    v["rolled"] = json!(false);
    v["players"][1]["resources"] = json!({"ore": 8});
    v["players"][2]["resources"] = json!({"wool": 1});
    let mut g = load(&v);
    play(&mut g, "dice 7");
    assert_eq!(g.phase(), Phase::Discard);
    for _ in 0..4 {
        play(&mut g, "discard ore");
    }
    assert_eq!(g.phase(), Phase::ChooseVictim);
    assert_eq!(
        legal_labels(&g),
        vec!["steal from player 1", "steal from player 2"]
    );
    play(&mut g, "steal from player 2");
    assert_eq!(outcomes(&g), vec![("stolen wool".to_string(), 1)]);
    play(&mut g, "stolen wool");
    assert_eq!(g.hand(0)[2], 1);
    assert_eq!(g.phase(), Phase::Main);
    assert!(!legal_labels(&g).iter().any(|l| l.starts_with("robber")));
}

#[test]
fn friendly_robber_protects_weak_players_from_the_seven() {
    let mut v = base(3, json!({"friendly_robber": true}));
    v["phase"] = json!("roll");
    v["rolled"] = json!(false);
    v["players"][1]["cities"] = json!([[0, 0, "N"], [-1, 1, "S"]]);
    v["players"][2]["resources"] = json!({"wool": 1});
    let mut g = load(&v);
    play(&mut g, "dice 7");
    // Player 2 has 0 VP (protected); player 1 has 4: the steal goes to player 1 at once.
    assert_eq!(
        g.phase(),
        Phase::Main,
        "player 1 has no cards: nothing stolen"
    );
    assert_eq!(g.hand(2)[2], 1);
}

// ---------------------------------------------------------------- development cards

#[test]
fn buying_draws_from_the_26_card_deck_and_knighthood_goes_on_a_castle_edge() {
    let mut v = base(3, json!({}));
    v["players"][0]["resources"] = json!({"wool": 2, "grain": 2, "ore": 2});
    let mut g = load(&v);
    play(&mut g, "buy development card");
    assert_eq!(
        outcomes(&g),
        vec![
            ("draw knighthood".to_string(), 14),
            ("draw black_knight".to_string(), 4),
            ("draw treason".to_string(), 4),
            ("draw intrigue".to_string(), 4)
        ]
    );
    play(&mut g, "draw knighthood");
    let l = legal_labels(&g);
    assert_eq!(l.len(), 6, "the six castle edges: {l:?}");
    for e in [
        "NE(-2,2)", "E(-2,2)", "SE(-2,2)", "NE(-3,3)", "E(-3,2)", "SE(-2,1)",
    ] {
        assert!(l.contains(&format!("place knight {e}")), "{e}");
    }
    play(&mut g, "place knight E(-2,2)");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(
        g.observation(0)["players"][0]["knights"],
        json!(["E(-2,2)"])
    );
    assert_eq!(g.observation(0)["players"][0]["knights_in_supply"], 5);
    // Any number per turn: buy again; a Black Knight goes on any free edge.
    play(&mut g, "buy development card");
    play(&mut g, "draw black_knight");
    assert_eq!(legal_labels(&g).len(), 71);
    assert!(!legal_labels(&g).contains(&"place knight E(-2,2)".to_string()));
}

#[test]
fn knighthood_without_a_free_castle_edge_or_knight_has_no_effect() {
    let mut v = base(3, json!({}));
    v["players"][0]["resources"] = json!({"wool": 1, "grain": 1, "ore": 1});
    v["barbarian_attack"] = json!({"players": [
        {"knights": [[-2, 2, "NE"], [-2, 2, "E"], [-2, 2, "SE"]]},
        {"knights": [[-3, 3, "NE"], [-3, 2, "E"], [-2, 1, "SE"]]}
    ]});
    let mut g = load(&v);
    play(&mut g, "buy development card");
    play(&mut g, "draw knighthood");
    assert_eq!(g.phase(), Phase::Main, "D-64");
    assert_eq!(ba_obs(&g)["deck"]["knighthood"], 13);
}

#[test]
fn intrigue_captures_a_barbarian_and_liberates_and_redraws_when_none_is_on_the_board() {
    let mut v = base(3, json!({}));
    v["players"][0]["resources"] = json!({"wool": 2, "grain": 2, "ore": 2});
    v["players"][0]["settlements"] = json!([[1, -2, "N"]]);
    v["barbarian_attack"] = json!({"barbarians": [{"hex": [1, -2], "count": 3}]});
    let mut g = load(&v);
    assert_eq!(g.public_vp(0), 0);
    play(&mut g, "buy development card");
    play(&mut g, "draw intrigue");
    assert_eq!(legal_labels(&g), vec!["capture barbarian (1,-2)"]);
    play(&mut g, "capture barbarian (1,-2)");
    assert_eq!(g.prisoners(0), 1);
    assert_eq!(ba_obs(&g)["conquered"], json!([]));
    assert_eq!(g.public_vp(0), 1, "the settlement stands up again");
    // No barbarian on the board: Intrigue is discarded and another card drawn.
    let mut v = base(3, json!({}));
    v["players"][0]["resources"] = json!({"wool": 1, "grain": 1, "ore": 1});
    v["barbarian_attack"] = json!({"barbarians": []});
    let mut g = load(&v);
    play(&mut g, "buy development card");
    play(&mut g, "draw intrigue");
    assert_eq!(g.turn(), Turn::Chance);
    assert_eq!(ba_step(&g), "draw");
    assert_eq!(ba_obs(&g)["deck"]["intrigue"], 3);
}

#[test]
fn treason_gives_two_coins_and_moves_two_barbarians() {
    let mut v = base(3, json!({}));
    v["players"][0]["resources"] = json!({"wool": 1, "grain": 1, "ore": 1});
    v["barbarian_attack"] = json!({"barbarians": [
        {"hex": [0, -2], "count": 1}, {"hex": [0, 2], "count": 1}, {"hex": [2, 0], "count": 2}
    ]});
    let mut g = load(&v);
    play(&mut g, "buy development card");
    play(&mut g, "draw treason");
    assert_eq!(g.coins(0), 2);
    assert_eq!(legal_labels(&g).len(), 3);
    play(&mut g, "take barbarian from (0,-2)");
    // The second source differs from the first.
    assert!(!legal_labels(&g).contains(&"take barbarian from (0,-2)".to_string()));
    play(&mut g, "take barbarian from (0,2)");
    // Destinations: unconquered coastal hexes that were no source (8 left).
    let l = legal_labels(&g);
    assert_eq!(l.len(), 8, "{l:?}");
    play(&mut g, "put barbarian on (2,0)");
    assert_eq!(ba_obs(&g)["conquered"], json!(["(2,0)"]));
    assert!(!legal_labels(&g).contains(&"put barbarian on (2,0)".to_string()));
    play(&mut g, "put barbarian on (1,1)");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(ba_obs(&g)["barbarians"], json!({"(1,1)": 1, "(2,0)": 3}));
    // Fewer than 2 on the board: the rest comes from the supply.
    let mut v = base(3, json!({}));
    v["players"][0]["resources"] = json!({"wool": 1, "grain": 1, "ore": 1});
    v["barbarian_attack"] = json!({"barbarians": [{"hex": [0, 2], "count": 1}]});
    let mut g = load(&v);
    play(&mut g, "buy development card");
    play(&mut g, "draw treason");
    play(&mut g, "take barbarian from (0,2)");
    play(&mut g, "put barbarian on (2,0)");
    play(&mut g, "put barbarian on (1,1)");
    assert_eq!(ba_obs(&g)["barbarians"], json!({"(1,1)": 1, "(2,0)": 1}));
    assert_eq!(ba_obs(&g)["supply"], 28);
}

#[test]
fn empty_deck_reshuffles_the_discards() {
    let mut v = base(3, json!({}));
    v["players"][0]["resources"] = json!({"wool": 1, "grain": 1, "ore": 1});
    v["barbarian_attack"] =
        json!({"deck": {"knighthood": 0, "black_knight": 0, "treason": 0, "intrigue": 0}});
    let mut g = load(&v);
    play(&mut g, "buy development card");
    assert_eq!(outcomes(&g).iter().map(|x| x.1).sum::<u32>(), 26);
}

// ---------------------------------------------------------------- knights move

#[test]
fn knights_move_three_steps_five_for_a_grain_never_onto_a_knight_and_leave_the_castle() {
    let mut v = base(3, json!({}));
    v["players"][0]["resources"] = json!({"grain": 1});
    v["barbarian_attack"] = json!({"players": [
        {"knights": [[-2, 2, "E"]]},
        {"knights": [[-2, 1, "E"]]}
    ]});
    let mut g = load(&v);
    play(&mut g, "end turn");
    assert_eq!(g.phase(), Phase::Barbarian);
    // D-65: the knight on a castle edge must move off: no "done" yet.
    assert_eq!(legal_labels(&g), vec!["select knight E(-2,2)"]);
    play(&mut g, "select knight E(-2,2)");
    let l = legal_labels(&g);
    // Within 3 steps, no castle edge, not onto player 1's knight E(-2,1).
    for e in [
        "SE(-1,1)", "SE(-2,1)", "NE(-2,1)", "E(-2,1)", "E(-1,2)", "NE(-1,1)",
    ] {
        let want = matches!(e, "SE(-1,1)" | "NE(-2,1)" | "E(-1,2)" | "NE(-1,1)");
        assert_eq!(
            l.contains(&format!("move knight to {e}")),
            want,
            "{e}: {l:?}"
        );
    }
    assert!(
        !l.contains(&"move knight to NE(0,0)".to_string()),
        "4 steps"
    );
    assert!(l.contains(&"pay grain to move 5".to_string()));
    play(&mut g, "pay grain to move 5");
    assert_eq!(g.hand(0)[3], 0);
    let l = legal_labels(&g);
    assert!(l.contains(&"move knight to NE(0,0)".to_string()));
    play(&mut g, "move knight to NE(0,0)");
    // The only knight moved: the drive-off finds nothing, the turn passes.
    assert_eq!(g.phase(), Phase::Roll);
    assert_eq!(g.observation(0)["current_player"], 1);
    assert_eq!(
        g.observation(0)["players"][0]["knights"],
        json!(["NE(0,0)"])
    );
}

#[test]
fn done_is_allowed_off_the_castle_and_each_knight_moves_once() {
    let mut v = base(3, json!({}));
    v["barbarian_attack"] = json!({"players": [{"knights": [[0, 0, "E"], [1, 0, "E"]]}]});
    let mut g = load(&v);
    play(&mut g, "end turn");
    let l = legal_labels(&g);
    assert_eq!(
        l,
        vec![
            "select knight E(0,0)",
            "select knight E(1,0)",
            "done moving knights"
        ]
    );
    play(&mut g, "select knight E(0,0)");
    play(&mut g, "move knight to SE(0,0)");
    assert_eq!(
        legal_labels(&g),
        vec!["select knight E(1,0)", "done moving knights"]
    );
    play(&mut g, "done moving knights");
    assert_eq!(g.phase(), Phase::Roll);
}

// ---------------------------------------------------------------- driving off (EX-07..EX-09)

/// EX-07's position: hex A = (2,0) "8" conquered (3 barbarians), Red (0) knights on E(2,0) and
/// SE(2,0), Blue (1) on W(2,0) = E(1,0); Red's third knight 3 steps away on E(1,-1); a Red
/// settlement on S(3,-1), whose only land hex is A.
fn ex07() -> Catan {
    let mut v = base(3, json!({}));
    v["barbarian_attack"] = json!({
        "barbarians": [{"hex": [2, 0], "count": 3}],
        "players": [
            {"knights": [[2, 0, "E"], [2, 0, "SE"], [1, -1, "E"]]},
            {"knights": [[1, 0, "E"]]}
        ]
    });
    v["players"][0]["settlements"] = json!([[3, -1, "S"]]);
    let mut g = load(&v);
    assert_eq!(g.public_vp(0), 0);
    play(&mut g, "end turn");
    play(&mut g, "select knight E(1,-1)");
    play(&mut g, "move knight to NE(2,0)");
    if legal_labels(&g).contains(&"done moving knights".to_string()) {
        play(&mut g, "done moving knights");
    }
    g
}

#[test]
fn ex_07_four_knights_beat_three_barbarians_and_share_the_prisoners() {
    let g = ex07();
    // 4 knights > 3 barbarians: each participant 1, Red (3 knights vs 1) the third.
    assert_eq!(g.prisoners(0), 2);
    assert_eq!(g.prisoners(1), 1);
    assert_eq!(ba_obs(&g)["barbarians"], json!({}));
    assert_eq!(ba_step(&g), "loss_die");
    assert_eq!(
        outcomes(&g),
        vec![
            ("loss die NE".to_string(), 1),
            ("loss die E".to_string(), 1),
            ("loss die SE".to_string(), 1)
        ]
    );
}

#[test]
fn ex_08_liberation_stands_the_settlement_up_and_the_hex_produces_again() {
    let mut g = ex07();
    assert_eq!(ba_obs(&g)["conquered"], json!([]));
    // Settlement 1 VP + 2 prisoners 1 VP.
    assert_eq!(g.public_vp(0), 2);
    play(&mut g, "loss die SE");
    assert_eq!(g.phase(), Phase::Roll);
    let before = g.hand(0);
    play(&mut g, "dice 8");
    let gained: u32 = (0..5).map(|r| (g.hand(0)[r] - before[r]) as u32).sum();
    assert_eq!(gained, 1, "A produces again for the settlement on S(3,-1)");
}

#[test]
fn ex_09_loss_die_e_returns_the_class_e_knights_with_three_coins_each() {
    let mut g = ex07();
    play(&mut g, "loss die E");
    let o = g.observation(0);
    assert_eq!(o["players"][0]["knights"], json!(["NE(2,0)", "SE(2,0)"]));
    assert_eq!(o["players"][1]["knights"], json!([]));
    assert_eq!(g.coins(0), 3);
    assert_eq!(g.coins(1), 3);
    assert_eq!(o["players"][0]["knights_in_supply"], 4);
}

#[test]
fn fewer_prisoners_than_participants_roll_off_and_the_loser_gets_three_coins() {
    let mut v = base(3, json!({}));
    v["barbarian_attack"] = json!({
        "barbarians": [{"hex": [2, 0], "count": 1}],
        "players": [{"knights": [[2, 0, "E"]]}, {"knights": [[1, 0, "E"]]}]
    });
    let mut g = load(&v);
    play(&mut g, "end turn");
    play(&mut g, "done moving knights");
    assert_eq!(ba_step(&g), "roll_off");
    assert_eq!(
        outcomes(&g),
        vec![
            ("roll-off won by player 0".to_string(), 1),
            ("roll-off won by player 1".to_string(), 1)
        ]
    );
    play(&mut g, "roll-off won by player 1");
    assert_eq!((g.prisoners(0), g.prisoners(1)), (0, 1));
    assert_eq!((g.coins(0), g.coins(1)), (3, 0));
    assert_eq!(ba_step(&g), "loss_die");
}

#[test]
fn leftover_prisoner_tied_for_most_knights_rolls_off() {
    let mut v = base(3, json!({}));
    // 3 barbarians, Red 2 knights and Blue 2 knights: each 1, the third by roll-off.
    v["barbarian_attack"] = json!({
        "barbarians": [{"hex": [2, 0], "count": 3}],
        "players": [
            {"knights": [[2, 0, "E"], [2, 0, "SE"]]},
            {"knights": [[1, 0, "E"], [2, 0, "NE"]]}
        ]
    });
    let mut g = load(&v);
    play(&mut g, "end turn");
    play(&mut g, "done moving knights");
    assert_eq!((g.prisoners(0), g.prisoners(1)), (1, 1));
    assert_eq!(ba_obs(&g)["roll_off"], json!([0, 1]));
    play(&mut g, "roll-off won by player 0");
    assert_eq!((g.prisoners(0), g.prisoners(1)), (2, 1));
    assert_eq!(g.coins(1), 3);
}

#[test]
fn no_victory_with_as_many_knights_as_barbarians() {
    let mut v = base(3, json!({}));
    v["barbarian_attack"] = json!({
        "barbarians": [{"hex": [2, 0], "count": 2}],
        "players": [{"knights": [[2, 0, "E"], [2, 0, "SE"]]}]
    });
    let mut g = load(&v);
    play(&mut g, "end turn");
    play(&mut g, "done moving knights");
    assert_eq!(g.phase(), Phase::Roll);
    assert_eq!(g.prisoners(0), 0);
}

#[test]
fn prisoners_score_one_point_per_two_and_win_at_twelve_on_own_turn() {
    let mut v = base(3, json!({}));
    v["players"][0]["cities"] = json!([[-1, 0, "N"], [1, 0, "S"], [-1, 2, "S"], [-2, 1, "S"]]);
    v["players"][0]["settlements"] = json!([[1, -2, "N"], [2, -1, "N"]]);
    v["barbarian_attack"] = json!({
        "barbarians": [{"hex": [2, 0], "count": 1}],
        "players": [{"knights": [[2, 0, "E"], [2, 0, "SE"]], "prisoners": 3}]
    });
    let mut g = load(&v);
    assert_eq!(g.public_vp(0), 11);
    play(&mut g, "end turn");
    play(&mut g, "done moving knights");
    assert_eq!(g.phase(), Phase::GameOver);
    assert_eq!(g.winners(), vec![0]);
    assert_eq!(g.prisoners(0), 4);
}

// ---------------------------------------------------------------- coins

#[test]
fn coins_buy_a_resource_twice_per_turn_and_pay_maritime_trades() {
    let mut v = base(3, json!({}));
    v["barbarian_attack"] = json!({"players": [{"coins": 14}]});
    let mut g = load(&v);
    play(&mut g, "buy ore for 2 coins");
    play(&mut g, "buy ore for 2 coins");
    assert!(!legal_labels(&g).iter().any(|l| l.ends_with("for 2 coins")));
    assert_eq!(g.hand(0)[4], 2);
    // D-43: 4 coins for 1 resource without a 3:1 harbour.
    play(&mut g, "coins for wool");
    assert_eq!(g.coins(0), 6);
    play(&mut g, "end turn");
    // Next turn of player 0 the limit is reset (checked through the position).
    let mut v2 = g.to_json_value();
    v2["current_player"] = json!(0);
    v2["phase"] = json!("main");
    v2["rolled"] = json!(true);
    v2["turns_played"] = json!(1);
    let g2 = load(&v2);
    assert!(legal_labels(&g2).contains(&"buy ore for 2 coins".to_string()));
    // With a settlement at a 3:1 harbour the rate is 3 (the 3:1 harbour SE(0,-3)).
    let mut v = base(3, json!({}));
    v["barbarian_attack"] = json!({"players": [{"coins": 3}]});
    v["players"][0]["settlements"] = json!([[0, -2, "N"]]);
    let g = load(&v);
    assert!(legal_labels(&g).contains(&"coins for wool".to_string()));
}

// ---------------------------------------------------------------- combinations

#[test]
fn harbormaster_card_is_lost_by_conquest_d16() {
    let mut v = base(3, json!({"harbormaster": true}));
    // Red: a city on the grain harbour's N(1,-2) (2 points) and a settlement on the 3:1
    // harbour's N(0,-2) (1 point): he holds the card.
    v["players"][0]["cities"] = json!([[1, -2, "N"]]);
    v["players"][0]["settlements"] = json!([[0, -2, "N"]]);
    v["players"][0]["resources"] = json!({"wool": 1, "grain": 1, "ore": 1});
    v["harbormaster"] = json!(0);
    v["barbarian_attack"] = json!({"barbarians": [
        {"hex": [1, -2], "count": 2}, {"hex": [0, 2], "count": 1}, {"hex": [-2, 1], "count": 1}
    ]});
    let mut g = load(&v);
    assert_eq!(g.observation(0)["harbormaster"], 0);
    assert_eq!(g.public_vp(0), 5);
    // Treason moves a third barbarian onto (1,-2): the city (only land hex (1,-2)) is
    // conquered, Red keeps 1 harbour point: the card is set aside (nobody has 3).
    play(&mut g, "buy development card");
    play(&mut g, "draw treason");
    play(&mut g, "take barbarian from (0,2)");
    play(&mut g, "take barbarian from (-2,1)");
    play(&mut g, "put barbarian on (1,-2)");
    let o = g.observation(0);
    assert_eq!(o["players"][0]["harbor_points"], 1);
    assert_eq!(o["harbormaster"], Value::Null);
    assert_eq!(g.public_vp(0), 1);
    // The position with the card set aside and 3+ points tied is accepted; one player alone
    // at 3+ without the card is not.
    let mut w = v.clone();
    w.as_object_mut().unwrap().remove("harbormaster");
    assert!(load_state::<Catan>(&w).is_err());
}

#[test]
fn event_cards_robber_flees_does_nothing_and_tournament_counts_board_knights() {
    let mut v = base(3, json!({"event_cards": true}));
    v["phase"] = json!("roll");
    v["rolled"] = json!(false);
    v["barbarian_attack"] = json!({"players": [{}, {"knights": [[0, 0, "E"]]}]});
    let mut g = load(&v);
    let robber = g.to_json_value()["robber"].clone();
    play(&mut g, "event robber_flees_4");
    assert_eq!(g.to_json_value()["robber"], robber);
    assert_eq!(g.phase(), Phase::Main);
    let mut g = load(&v);
    play(&mut g, "event tournament_5");
    assert_eq!(g.phase(), Phase::EventTake);
    assert_eq!(g.turn(), Turn::Player(1), "D-68: most knights on the board");
    let mut g = load(&v);
    v["players"][2]["resources"] = json!({"wool": 1});
    let _ = &mut g;
    let mut g = load(&v);
    play(&mut g, "event conflict_3");
    // Player 1 alone has the most knights: he steals from a player of his choice.
    assert_eq!(g.turn(), Turn::Chance);
    assert_eq!(outcomes(&g), vec![("stolen wool".to_string(), 1)]);
}

#[test]
fn positions_with_bad_module_state_are_refused() {
    let mut v = base(3, json!({}));
    v["barbarian_attack"] = json!({"barbarians": [{"hex": [0, 0], "count": 1}]});
    assert!(load_state::<Catan>(&v).is_err(), "inner hex");
    v["barbarian_attack"] = json!({"barbarians": [{"hex": [0, 2], "count": 4}]});
    assert!(load_state::<Catan>(&v).is_err(), "4 on a hex");
    v["barbarian_attack"] = json!({"players": [{"knights": [[0,0,"E"],[0,0,"NE"],[0,0,"SE"],[1,0,"E"],[1,0,"NE"],[1,0,"SE"],[2,0,"NE"]]}]});
    assert!(load_state::<Catan>(&v).is_err(), "7 knights");
    v["barbarian_attack"] = json!({"supply": 3});
    assert!(load_state::<Catan>(&v).is_err(), "30 barbarians in all");
    let mut b = base(3, json!({}));
    b["config"]["options"]["scenario"] = json!("none");
    b["barbarian_attack"] = json!({});
    assert!(
        load_state::<Catan>(&b).is_err(),
        "module state without the scenario"
    );
}

// ---------------------------------------------------------------- conformance

fn kit(configs: &[Config], playouts: usize) {
    kit_with(configs, playouts, 61, Some(0xBA));
}

fn random_config(players: usize, opts: Value) -> Config {
    let defaults = json!({"scenario": "barbarian_attack", "player_trades": "off"});
    options(players, merged(defaults, opts))
}

#[test]
fn conforms_barbarian_attack_alone() {
    kit(
        &[
            random_config(3, json!({})),
            random_config(
                4,
                json!({"player_trades": "offers", "board": "beginner", "turn_limit": 80}),
            ),
        ],
        1,
    );
}

#[test]
fn conforms_barbarian_attack_with_variants() {
    kit(
        &[
            random_config(
                3,
                json!({"friendly_robber": true, "harbormaster": true, "turn_limit": 120}),
            ),
            random_config(4, json!({"event_cards": true, "turn_limit": 120})),
            random_config(
                3,
                json!({"event_cards": true, "friendly_robber": true, "harbormaster": true, "turn_limit": 120}),
            ),
        ],
        1,
    );
}

// ---------------------------------------------------------------- Catan for Two (§B8.10)

#[test]
fn conforms_barbarian_attack_with_catan_for_two() {
    kit(
        &[
            random_config(2, json!({"turn_limit": 120})),
            random_config(
                2,
                json!({"board": "beginner", "player_trades": "offers", "turn_limit": 120}),
            ),
        ],
        1,
    );
}

#[test]
fn conforms_barbarian_attack_with_catan_for_two_and_variants() {
    kit(
        &[
            random_config(
                2,
                json!({"friendly_robber": true, "harbormaster": true, "turn_limit": 120}),
            ),
            random_config(2, json!({"event_cards": true, "turn_limit": 120})),
            random_config(
                2,
                json!({"friendly_robber": true, "event_cards": true, "harbormaster": true, "max_token_actions": 1, "turn_limit": 120}),
            ),
        ],
        1,
    );
}

/// A 2-player (Catan for Two) position after set-up: player 0 in the main phase after both rolls.
fn base2(opts: Value) -> Value {
    let mut v = base(2, opts);
    both_rolls_made(&mut v);
    v
}

fn two_obs(g: &Catan) -> Value {
    ba_obs(g)["two"].clone()
}

const CASTLE_EDGES: [&str; 6] = [
    "NE(-2,2)", "E(-2,2)", "SE(-2,2)", "NE(-3,3)", "E(-3,2)", "SE(-2,1)",
];

#[test]
fn two_players_play_barbarian_attack_and_three_with_catan_for_two_are_refused() {
    let g = Catan::new(&config(2, json!({})), 1).unwrap();
    assert!(ba_obs(&g)["two"].is_object());
    assert_eq!(g.observation(0)["robber"], Value::Null);
    match Catan::new(&config(3, json!({"catan_for_two": true})), 1) {
        Err(GameError::BadOption { name, .. }) => assert_eq!(name, "catan_for_two"),
        other => panic!("expected a refusal, got {:?}", other.map(|_| ())),
    }
}

#[test]
fn two_victory_target_is_twelve_thirteen_with_harbormaster() {
    let g = Catan::new(&config(2, json!({})), 3).unwrap();
    assert_eq!(g.observation(0)["victory_target"], 12);
    let g = Catan::new(&config(2, json!({"harbormaster": true})), 3).unwrap();
    assert_eq!(g.observation(0)["victory_target"], 13);
}

#[test]
fn two_setup_neutrals_start_with_one_settlement_and_the_second_placement_is_a_city() {
    let mut g = Catan::new(&config(2, json!({})), 5).unwrap();
    let n = &g.observation(0)["two"]["neutrals"];
    assert_eq!(n[0]["settlements"], json!(["N(0,-1)"]));
    assert_eq!(n[1]["settlements"], json!(["S(0,1)"]));
    let Turn::Player(first) = g.turn() else {
        panic!("a player places first")
    };
    // Snake order: first, other, other, first; the second placement of each is a city.
    for (v, e) in [
        ("N(1,-1)", "NE(1,-1)"),
        ("N(1,0)", "NE(1,0)"),
        ("N(-1,1)", "NE(-1,1)"),
    ] {
        play(&mut g, &format!("settlement {v}"));
        play(&mut g, &format!("road {e}"));
    }
    // The first player's second placement: a city on the coast (N(-2,0) touches the sea).
    assert_eq!(g.turn(), Turn::Player(first));
    let tokens = g.tokens(first);
    play(&mut g, "settlement N(-2,0)");
    let o = g.observation(0);
    assert_eq!(o["players"][first]["cities"], json!(["N(-2,0)"]));
    assert_eq!(
        g.tokens(first),
        tokens + 1,
        "a coastal set-up city earns 1 token"
    );
    assert_eq!(o["phase"], "setup_road");
    // No neutral piece and no attack in set-up.
    let n = &o["two"]["neutrals"];
    assert_eq!(n[0]["roads"], json!([]));
    assert_eq!(ba_obs(&g)["supply"], 28);
}

#[test]
fn two_b8_10_1_the_first_knight_brings_the_foreign_knight_to_a_free_castle_edge() {
    let mut v = base2(json!({}));
    v["players"][0]["resources"] = json!({"wool": 2, "grain": 2, "ore": 2});
    let mut g = load(&v);
    assert_eq!(two_obs(&g)["foreign_knight"], Value::Null);
    play(&mut g, "buy development card");
    play(&mut g, "draw knighthood");
    play(&mut g, "place knight E(-2,2)");
    assert_eq!(ba_step(&g), "place_foreign");
    let mut want: Vec<String> = CASTLE_EDGES
        .iter()
        .filter(|&&e| e != "E(-2,2)")
        .map(|e| format!("place foreign knight {e}"))
        .collect();
    let mut got = legal_labels(&g);
    want.sort();
    got.sort();
    assert_eq!(got, want);
    play(&mut g, "place foreign knight NE(-2,2)");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(two_obs(&g)["foreign_knight"], "NE(-2,2)");
    // The second knight brings nothing, and no knight may go on the Foreign Knight's edge.
    play(&mut g, "buy development card");
    play(&mut g, "draw black_knight");
    assert_eq!(legal_labels(&g).len(), 70);
    assert!(!is_legal(&g, "place knight NE(-2,2)"));
    play(&mut g, "place knight E(0,0)");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(two_obs(&g)["foreign_knight"], "NE(-2,2)");
}

#[test]
fn two_b8_10_1_d66_the_foreign_knight_moves_after_own_knights_and_must_leave_the_castle() {
    let mut v = base2(json!({}));
    v["barbarian_attack"] = json!({
        "players": [{"knights": [[0, 0, "E"]]}],
        "foreign_knight": [-2, 2, "NE"]
    });
    v["players"][0]["resources"] = json!({"grain": 1});
    let mut g = load(&v);
    play(&mut g, "end turn");
    assert_eq!(ba_step(&g), "knight_select");
    play(&mut g, "done moving knights");
    assert_eq!(ba_step(&g), "foreign_move");
    let l = legal_labels(&g);
    // On a castle edge it must move off (D-65, D-66): no "leave", no castle edge, not onto E(0,0).
    assert!(!l.contains(&"leave foreign knight".to_string()), "{l:?}");
    assert!(l.contains(&"pay grain to move 5".to_string()), "{l:?}");
    for e in CASTLE_EDGES.iter().chain(&["E(0,0)"]) {
        assert!(!l.contains(&format!("move foreign knight to {e}")), "{e}");
    }
    let three = l.len();
    play(&mut g, "pay grain to move 5");
    assert_eq!(g.hand(0)[3], 0, "the grain is paid");
    let five = legal_labels(&g);
    assert!(five.len() > three, "5 steps reach more edges");
    assert!(!five.contains(&"leave foreign knight".to_string()));
    let far = five
        .iter()
        .find(|x| !l.contains(x))
        .expect("an edge only 5 steps reach")
        .clone();
    play(&mut g, &far);
    assert_eq!(
        g.phase(),
        Phase::Roll,
        "then the drive-off and the next turn"
    );
    let at = far
        .trim_start_matches("move foreign knight to ")
        .to_string();
    assert_eq!(two_obs(&g)["foreign_knight"], json!(at));
    // Player 1 has no knight: he goes straight to the Foreign Knight, and off the castle he may
    // leave it where it is.
    play(&mut g, "dice 8");
    play(&mut g, "dice 9");
    play(&mut g, "end turn");
    assert_eq!(ba_step(&g), "foreign_move");
    assert!(is_legal(&g, "leave foreign knight"));
    play(&mut g, "leave foreign knight");
    assert_eq!(g.phase(), Phase::Roll);
    assert_eq!(two_obs(&g)["foreign_knight"], json!(at));
}

#[test]
fn two_without_knights_on_the_board_there_is_no_foreign_knight_to_move() {
    let mut g = load(&base2(json!({})));
    play(&mut g, "end turn");
    assert_eq!(g.phase(), Phase::Roll);
}

/// Hex (2,0) "8" with `count` barbarians; player 0's knights, player 1's knights, the Foreign
/// Knight on NE(2,0) (one of the hex's edges) or far away on E(-2,0).
fn fight(count: u8, p0: Value, p1: Value, foreign_there: bool) -> Catan {
    let mut v = base2(json!({}));
    v["barbarian_attack"] = json!({
        "barbarians": [{"hex": [2, 0], "count": count}],
        "players": [{"knights": p0}, {"knights": p1}],
        "foreign_knight": if foreign_there { json!([2, 0, "NE"]) } else { json!([-2, 0, "E"]) }
    });
    let mut g = load(&v);
    play(&mut g, "end turn");
    if ba_step(&g) == "knight_select" {
        play(&mut g, "done moving knights");
    }
    play(&mut g, "leave foreign knight");
    g
}

#[test]
fn two_d66_the_foreign_knight_counts_for_strength_and_its_prisoner_leaves_the_game() {
    let two_knights = json!([[2, 0, "E"], [2, 0, "SE"]]);
    // Without it: 2 knights against 2 barbarians, no victory.
    let g = fight(2, two_knights.clone(), json!([]), false);
    assert_eq!(g.phase(), Phase::Roll);
    assert_eq!(g.prisoners(0), 0);
    assert_eq!(ba_obs(&g)["barbarians"]["(2,0)"], 2);
    // With it: 3 > 2; two participants, two prisoners: one each, the Foreign Knight's leaves.
    let mut g = fight(2, two_knights, json!([]), true);
    assert_eq!(ba_step(&g), "loss_die");
    assert_eq!(g.prisoners(0), 1);
    assert_eq!(two_obs(&g)["foreign_prisoners"], 1);
    assert_eq!(
        ba_obs(&g)["supply"],
        28,
        "28 beside the board: none came back"
    );
    // It is never lost: the NE class takes no knight (its own edge is NE(2,0)).
    play(&mut g, "loss die NE");
    assert_eq!(two_obs(&g)["foreign_knight"], "NE(2,0)");
    assert_eq!(
        g.observation(0)["players"][0]["knights"],
        json!(["E(2,0)", "SE(2,0)"])
    );
    // 2 prisoners are needed for a point: 1 prisoner is worth nothing yet.
    assert_eq!(g.public_vp(0), 0);
}

#[test]
fn two_b8_10_4_d70_the_foreign_knight_rolls_a_fixed_three_in_roll_offs() {
    // 1 barbarian, player 0 and the Foreign Knight: a roll-off for one place. A 2d6 sum beats
    // 3 in 33 of 36 rolls, loses in 1 (a 2) and ties in 2 (re-rolled): 33 : 1.
    let mut g = fight(1, json!([[2, 0, "E"]]), json!([]), true);
    assert_eq!(ba_step(&g), "roll_off");
    assert_eq!(two_obs(&g)["roll_off_foreign"], true);
    assert_eq!(
        outcomes(&g),
        vec![
            ("roll-off won by player 0".to_string(), 33),
            ("roll-off won by foreign knight".to_string(), 1)
        ]
    );
    play(&mut g, "roll-off won by foreign knight");
    assert_eq!(two_obs(&g)["foreign_prisoners"], 1);
    assert_eq!(g.prisoners(0), 0);
    // The player left without a prisoner gets 3 coins; the neutral knight gets none.
    assert_eq!(g.coins(0), 3);
    assert_eq!(g.observation(0)["players"].as_array().unwrap().len(), 2);
    assert_eq!(ba_step(&g), "loss_die");

    // 2 barbarians, both players and the Foreign Knight: two places among three. First place:
    // the Foreign Knight only when both players roll below it, (1/34)^2; then, with player 0
    // first, player 1 against the Foreign Knight 33 : 2 (player 0 first makes it likelier that
    // player 1 is below the Foreign Knight).
    let mut g = fight(2, json!([[2, 0, "E"]]), json!([[1, 0, "E"]]), true);
    assert_eq!(
        outcomes(&g),
        vec![
            ("roll-off won by player 0".to_string(), 1155),
            ("roll-off won by player 1".to_string(), 1155),
            ("roll-off won by foreign knight".to_string(), 2)
        ]
    );
    play(&mut g, "roll-off won by player 0");
    assert_eq!(
        outcomes(&g),
        vec![
            ("roll-off won by player 1".to_string(), 33),
            ("roll-off won by foreign knight".to_string(), 2)
        ]
    );
    assert_eq!(two_obs(&g)["roll_off_won"], 1);
    play(&mut g, "roll-off won by foreign knight");
    assert_eq!((g.prisoners(0), g.prisoners(1)), (1, 0));
    assert_eq!((g.coins(0), g.coins(1)), (0, 3));
    assert_eq!(two_obs(&g)["foreign_prisoners"], 1);
}

#[test]
fn two_b8_10_5_a_lost_knight_pays_two_coins_and_a_trade_token() {
    let three = json!([[2, 0, "E"], [2, 0, "SE"], [2, 0, "NE"]]);
    let mut g = fight(2, three.clone(), json!([]), false);
    assert_eq!(g.prisoners(0), 2);
    play(&mut g, "loss die E");
    assert_eq!(g.coins(0), 2);
    assert_eq!(g.tokens(0), 6);
    // Decision: with the token supply empty the token is simply not paid (no coin instead).
    let mut v = base2(json!({}));
    v["two"]["tokens"] = json!([10, 10]);
    v["barbarian_attack"] = json!({
        "barbarians": [{"hex": [2, 0], "count": 2}],
        "players": [{"knights": three}],
        "foreign_knight": [-2, 0, "E"]
    });
    let mut g = load(&v);
    play(&mut g, "end turn");
    play(&mut g, "done moving knights");
    play(&mut g, "leave foreign knight");
    play(&mut g, "loss die SE");
    assert_eq!((g.coins(0), g.tokens(0), g.tokens(1)), (2, 10, 10));
}

/// Player 0 may build a settlement on S(0,0) (road NE(-1,1)); N1 has roads to N(1,-1) when
/// `neutral_roads`.
fn double_attack(neutral_roads: bool) -> Catan {
    let mut v = base2(json!({}));
    v["players"][0]["resources"] = json!({"lumber": 1, "brick": 1, "wool": 1, "grain": 1});
    v["players"][0]["roads"] = json!([[-1, 1, "NE"]]);
    if neutral_roads {
        v["two"]["neutrals"] = json!([
            {"settlements": [[0, -1, "N"]], "roads": [[0, -1, "NE"], [1, -2, "SE"]]},
            {"settlements": [[0, 1, "S"]]}
        ]);
    }
    let mut g = load(&v);
    play(&mut g, "settlement S(0,0)");
    g
}

#[test]
fn two_b8_10_2_a_settlement_and_its_neutral_settlement_bring_two_attacks_yours_first() {
    let mut g = double_attack(true);
    // Yours first: the attack comes before the neutral piece.
    assert_eq!(ba_step(&g), "attack");
    assert_eq!(two_obs(&g)["neutral_after_attack"], "S(0,0)");
    for s in ["dice 2", "dice 3", "dice 4"] {
        play(&mut g, s);
    }
    assert_eq!(ba_obs(&g)["supply"], 25);
    assert_eq!(
        legal_labels(&g),
        vec!["neutral N1 settlement N(1,-1)".to_string()]
    );
    play(&mut g, "neutral N1 settlement N(1,-1)");
    // The neutral settlement: a second arrival of barbarians.
    assert_eq!(ba_step(&g), "attack");
    for s in ["dice 5", "dice 6", "dice 8"] {
        play(&mut g, s);
    }
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(ba_obs(&g)["supply"], 22);
    assert_eq!(ba_obs(&g)["barbarians"]["(2,0)"], 1);
}

#[test]
fn two_b8_10_2_a_neutral_road_instead_brings_no_second_attack() {
    let mut g = double_attack(false);
    for s in ["dice 2", "dice 3", "dice 4"] {
        play(&mut g, s);
    }
    assert_eq!(g.phase(), Phase::NeutralBuild);
    let l = legal_labels(&g);
    assert!(
        l.iter()
            .all(|x| x.starts_with("neutral N") && x.contains(" road ")),
        "{l:?}"
    );
    let first = l[0].clone();
    play(&mut g, &first);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(ba_obs(&g)["supply"], 25);
}

#[test]
fn two_b8_10_3_d67_the_token_action_moves_a_barbarian_instead_of_the_robber() {
    let mut v = base2(json!({}));
    v["barbarian_attack"] = json!({
        "barbarians": [{"hex": [0, -2], "count": 3}, {"hex": [0, 2], "count": 2}, {"hex": [2, 0], "count": 1}]
    });
    let mut g = load(&v);
    let l = legal_labels(&g);
    assert!(!l.iter().any(|x| x.starts_with("token robber")), "{l:?}");
    let from: Vec<&String> = l
        .iter()
        .filter(|x| x.starts_with("token barbarian from"))
        .collect();
    assert_eq!(
        from,
        vec![
            "token barbarian from (0,-2)",
            "token barbarian from (0,2)",
            "token barbarian from (2,0)"
        ]
    );
    assert_eq!(ba_obs(&g)["conquered"], json!(["(0,-2)"]));
    play(&mut g, "token barbarian from (0,-2)");
    assert_eq!(g.tokens(0), 4, "price 1: not ahead");
    assert_eq!(ba_step(&g), "token_move");
    let to = legal_labels(&g);
    // The other 9 coastal numbered hexes, all with fewer than 3 (never the castle or desert).
    assert_eq!(to.len(), 9, "{to:?}");
    assert!(!to.contains(&"token barbarian to (0,-2)".to_string()));
    assert!(!to.contains(&"token barbarian to (-2,2)".to_string()));
    play(&mut g, "token barbarian to (0,2)");
    assert_eq!(g.phase(), Phase::Main);
    // Liberation of the source, conquest of the destination.
    assert_eq!(ba_obs(&g)["conquered"], json!(["(0,2)"]));
    assert_eq!(ba_obs(&g)["barbarians"]["(0,-2)"], 2);
    // Ahead on points the action costs 2 tokens.
    let mut v = base2(json!({}));
    v["players"][0]["settlements"] = json!([[0, 0, "S"]]);
    v["barbarian_attack"] = json!({"barbarians": [{"hex": [2, 0], "count": 1}]});
    let mut g = load(&v);
    play(&mut g, "token barbarian from (2,0)");
    play(&mut g, "token barbarian to (2,-1)");
    assert_eq!(g.tokens(0), 3);
    // Without tokens: no token action.
    let mut v = base2(json!({}));
    v["two"]["tokens"] = json!([0, 5]);
    let g = load(&v);
    assert!(!legal_labels(&g)
        .iter()
        .any(|x| x.starts_with("token barbarian")));
}

#[test]
fn two_neutral_buildings_are_conquered_and_liberated_like_any_building() {
    let mut v = base2(json!({}));
    // N1's settlement on N(0,-2) touches only the land hex (0,-2).
    v["two"]["neutrals"] = json!([
        {"settlements": [[0, -2, "N"]]},
        {"settlements": [[0, 1, "S"]]}
    ]);
    v["barbarian_attack"] = json!({"barbarians": [{"hex": [0, -2], "count": 3}]});
    let mut g = load(&v);
    assert_eq!(
        two_obs(&g)["neutral_conquered_buildings"],
        json!(["N(0,-2)"])
    );
    play(&mut g, "token barbarian from (0,-2)");
    play(&mut g, "token barbarian to (2,0)");
    assert_eq!(two_obs(&g)["neutral_conquered_buildings"], json!([]));
}

#[test]
fn two_new_state_round_trips_determinizes_and_bad_positions_are_refused() {
    let mut g = fight(1, json!([[2, 0, "E"]]), json!([]), true);
    assert_eq!(ba_step(&g), "roll_off");
    let j = g.to_json_value();
    assert_eq!(j["barbarian_attack"]["roll_off_foreign"], true);
    assert_eq!(j["barbarian_attack"]["foreign_knight"], json!([2, 0, "NE"]));
    assert_eq!(load(&j), g);
    let d = g.determinize(0, 9);
    assert_eq!(two_obs(&d), two_obs(&g));
    assert_eq!(
        d.observation(1)["barbarian_attack"],
        g.observation(1)["barbarian_attack"]
    );
    assert!(g.render().contains("foreign knight: NE(2,0)"));
    let mut t = vec![0.0; g.observation_tensor_len()];
    g.observation_tensor(0, &mut t);
    assert!(t.iter().sum::<f32>() > 0.0);
    play(&mut g, "roll-off won by player 0");
    assert_eq!(load(&g.to_json_value()), g);
    // Refused: Catan-for-Two state in a 3-player game, the Foreign Knight on a knight, knights
    // without the Foreign Knight, barbarians that do not add up to 30.
    let mut v = base(3, json!({}));
    v["barbarian_attack"] = json!({"foreign_knight": [-2, 0, "E"]});
    assert!(load_state::<Catan>(&v).is_err());
    let mut v = base2(json!({}));
    v["barbarian_attack"] =
        json!({"players": [{"knights": [[-2, 0, "E"]]}], "foreign_knight": [-2, 0, "E"]});
    assert!(load_state::<Catan>(&v).is_err());
    let mut v = base2(json!({}));
    v["barbarian_attack"] = json!({"players": [{"knights": [[-2, 0, "E"]]}]});
    assert!(load_state::<Catan>(&v).is_err());
    let mut v = base2(json!({}));
    v["barbarian_attack"] =
        json!({"supply": 28, "foreign_prisoners": 1, "foreign_knight": [-2, 0, "E"]});
    assert!(load_state::<Catan>(&v).is_err());
}

#[test]
fn two_a_seven_on_the_first_roll_steals_from_the_opponent_and_the_second_roll_follows() {
    let mut v = base(2, json!({}));
    v["phase"] = json!("roll");
    v["rolled"] = json!(false);
    v["players"][1]["resources"] = json!({"wool": 1});
    let mut g = load(&v);
    play(&mut g, "dice 7");
    // No robber: the roller draws from the only other (real) player; neutrals hold no cards.
    assert_eq!(outcomes(&g), vec![("stolen wool".to_string(), 1)]);
    play(&mut g, "stolen wool");
    assert_eq!(g.hand(0)[2], 1);
    assert_eq!(g.phase(), Phase::Roll);
    assert!(
        outcomes(&g).iter().all(|(l, _)| l != "dice 7"),
        "at most one 7 a turn"
    );
}
