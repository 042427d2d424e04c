//! B9 Traders & Barbarians (spec §B9): the worked examples EX-20 … EX-39, rule tests on
//! hand-written positions, and the conformance kit over the scenario and its combinations.

mod common;
use common::*;

use meeple_catan::geometry::Geometry;
use meeple_catan::{Catan, Phase};
use meeple_core::conformance::{assert_conforms, KitOptions};
use meeple_core::dynamic::load_state;
use meeple_core::{Config, Game, GameError};
use serde_json::{json, Map, Value};

fn config(players: usize, opts: Value) -> Config {
    let mut m = Map::new();
    m.insert("scenario".into(), json!("traders_barbarians"));
    m.insert("board".into(), json!("beginner"));
    // Random play rarely reaches 13 VP: cut the conformance games short.
    m.insert("turn_limit".into(), json!(50));
    if let Value::Object(o) = opts {
        for (k, v) in o {
            m.insert(k, v);
        }
    }
    Config::new(&Catan::info(), players, &m).unwrap()
}

/// A position on the bundled T&B board after set-up: player 0 to act in the main phase, every
/// wagon empty on `wagons[p]`, no pieces unless the test adds them.
fn base(players: usize, opts: Value) -> Value {
    let g = Catan::new(&config(players, opts), 1).unwrap();
    let mut v = g.to_json_value();
    let o = v.as_object_mut().unwrap();
    o.insert("phase".into(), json!("main"));
    o.insert("setup_step".into(), json!(2 * players));
    o.insert("rolled".into(), json!(true));
    o.insert("current_player".into(), json!(0));
    o.insert("start_player".into(), json!(0));
    o.remove("bank");
    o.remove("development_deck");
    for p in v["players"].as_array_mut().unwrap() {
        p.as_object_mut().unwrap().remove("knowledge");
    }
    for p in 0..players {
        v["traders"]["players"][p]["wagon"] = json!([0, 0, "N"]);
    }
    v
}

fn legal(g: &Catan, label: &str) -> bool {
    g.parse_action(label).is_some()
}

fn obs(g: &Catan) -> Value {
    g.observation(0)["traders"].clone()
}

fn gold(g: &Catan, p: usize) -> u64 {
    obs(g)["players"][p]["gold"].as_u64().unwrap()
}

fn mp(g: &Catan) -> u64 {
    obs(g)["movement_points"].as_u64().unwrap_or(0)
}

fn set_tb(v: &mut Value, p: usize, key: &str, val: Value) {
    v["traders"]["players"][p][key] = val;
}

// ---------------------------------------------------------------- conformance

fn kit(configs: &[Config], playouts: usize) {
    assert_conforms::<Catan>(
        configs,
        &KitOptions {
            playouts,
            deep_every: 113,
            ..Default::default()
        },
    );
}

#[test]
fn conforms_traders_barbarians() {
    let mut configs = Vec::new();
    for players in [3, 4] {
        configs.push(config(players, json!({"board": "random"})));
    }
    configs.push(config(
        4,
        json!({"tb_stack_refill": true, "tb_boost_per_action": true, "tb_gold_at_2to1": false,
               "tb_barbarian_on_spokes": false, "tb_trade_roles_random": true}),
    ));
    kit(&configs, 3);
}

#[test]
fn conforms_traders_barbarians_with_variants() {
    let configs = vec![
        config(3, json!({"friendly_robber": true, "harbormaster": true})),
        config(4, json!({"event_cards": true})),
        config(
            3,
            json!({"event_cards": true, "harbormaster": true, "event_new_year": false}),
        ),
    ];
    kit(&configs, 3);
}

// ---------------------------------------------------------------- helpers for positions

/// Barbarians far from the vertices the tests use.
const FAR: [[Value; 3]; 0] = [];

fn far_barbarians(v: &mut Value) {
    let _ = FAR;
    v["traders"]["barbarians"] = json!([[-2, 2, "SE"], [2, 0, "SE"], [-2, 1, "E"]]);
}

/// Player 0 in an open movement action with `points` left.
fn moving(v: &mut Value, points: u8) {
    v["traders"]["wagon_begun"] = json!(true);
    v["traders"]["action_open"] = json!(true);
    v["traders"]["movement_points"] = json!(points);
    v["traders"]["movement_actions"] = json!(1);
    v["traders"]["travelled"] = json!(true);
}

fn wagon_moves(g: &Catan) -> Vec<String> {
    legal_labels(g)
        .into_iter()
        .filter(|l| l.starts_with("wagon "))
        .collect()
}

// ---------------------------------------------------------------- worked examples

#[test]
fn ex_20_own_road_foreign_road_bare_path() {
    let mut v = base(3, json!({}));
    far_barbarians(&mut v);
    set_player(&mut v, 0, "roads", json!([[0, 0, "NE"]]));
    set_player(&mut v, 1, "roads", json!([[1, -1, "SE"]]));
    set_tb(&mut v, 0, "gold", json!(3));
    let mut g = load(&v);
    play(&mut g, "wagon NE(0,0)");
    assert_eq!(mp(&g), 3);
    play(&mut g, "wagon SE(1,-1)");
    assert_eq!(mp(&g), 2);
    assert_eq!((gold(&g, 0), gold(&g, 1)), (2, 6));
    play(&mut g, "wagon NE(1,0)");
    assert_eq!(mp(&g), 0);
    assert!(wagon_moves(&g).is_empty());
    assert_eq!(obs(&g)["players"][0]["wagon"], json!([2, -1, "S"]));
}

#[test]
fn ex_21_barbarian_prices() {
    let mut v = base(3, json!({}));
    v["traders"]["barbarians"] = json!([[0, -1, "E"], [0, 0, "NE"], [-2, 1, "E"]]);
    set_player(&mut v, 1, "roads", json!([[0, 0, "NE"]]));
    let mut g = load(&v);
    let moves = wagon_moves(&g);
    assert!(
        moves.contains(&"wagon E(0,-1)".to_string()),
        "bare + barbarian = 4 MP: {moves:?}"
    );
    assert!(moves.contains(&"wagon NE(0,0)".to_string()));
    play(&mut g, "wagon NE(0,0)");
    assert_eq!(mp(&g), 1);
    assert_eq!(gold(&g, 0), 4);
    assert!(wagon_moves(&g).is_empty());
}

#[test]
fn ex_22_grain_boost_once_per_turn() {
    let mut v = base(3, json!({}));
    far_barbarians(&mut v);
    set_tb(&mut v, 0, "card", json!(2));
    set_player(&mut v, 0, "resources", json!({"grain": 2}));
    moving(&mut v, 0);
    let mut g = load(&v);
    assert!(wagon_moves(&g).is_empty());
    play(&mut g, "grain for 2 movement points");
    assert_eq!(mp(&g), 2);
    play(&mut g, "wagon NE(0,0)");
    assert!(!legal(&g, "grain for 2 movement points"));
    assert_eq!(g.hand(0)[3], 1);
    // With tb_boost_per_action the second movement action may boost again.
    let mut v2 = base(3, json!({"tb_boost_per_action": true}));
    far_barbarians(&mut v2);
    set_player(&mut v2, 0, "resources", json!({"grain": 2}));
    moving(&mut v2, 0);
    v2["traders"]["grain_used"] = json!(true);
    let g2 = load(&v2);
    assert!(!legal(&g2, "grain for 2 movement points"));
}

#[test]
fn ex_23_first_load_at_the_quarry() {
    let mut v = base(3, json!({}));
    far_barbarians(&mut v);
    set_tb(&mut v, 0, "card", json!(3));
    set_tb(&mut v, 0, "wagon", json!([2, -1, "N"]));
    set_player(&mut v, 0, "roads", json!([[2, -2, "KSE"]]));
    let mut g = load(&v);
    play(&mut g, "wagon KSE(2,-2)");
    assert_eq!(g.phase(), Phase::Traders);
    let mut out = Vec::new();
    g.chance_outcomes(&mut out);
    let labels: Vec<(String, u32)> = out.iter().map(|&(a, w)| (g.action_label(a), w)).collect();
    assert_eq!(
        labels,
        vec![("draw marble".to_string(), 6), ("draw sand".to_string(), 6)]
    );
    play(&mut g, "draw marble");
    assert_eq!(g.phase(), Phase::Main);
    let o = obs(&g);
    assert_eq!(o["players"][0]["carrying"], json!("marble"));
    assert_eq!(o["players"][0]["delivered"], json!(0));
    assert_eq!(o["players"][0]["gold"], json!(5));
    assert_eq!(o["movement_points"], Value::Null);
    assert!(!o["action_open"].as_bool().unwrap_or(false));
    assert!(wagon_moves(&g).is_empty(), "the action ended on the plaza");
}

/// Stacks with `taken` tokens of each commodity already drawn (carried or delivered).
fn stacks_without(v: &mut Value, taken: usize) {
    let t = taken as u64;
    v["traders"]["stacks"] = json!({
        "castle": {"tools": 6, "sand": 6 - t.min(6)},
        "marble_quarry": {"marble": 6 - t.min(6), "sand": 6},
        "glassworks": {"glass": 6 - t.min(6), "tools": 6},
    });
}

fn at_castle(v: &mut Value, carrying: &str) {
    far_barbarians(v);
    stacks_without(v, 5);
    set_tb(v, 0, "wagon", json!([0, 2, "N"]));
    set_tb(v, 0, "carrying", json!(carrying));
    set_player(v, 0, "roads", json!([[0, 2, "KN"]]));
}

#[test]
fn ex_24_delivery_pays_and_reloads() {
    let mut v = base(3, json!({}));
    at_castle(&mut v, "marble");
    set_tb(&mut v, 0, "card", json!(3));
    set_tb(&mut v, 0, "delivered", json!(2));
    let mut g = load(&v);
    let vp = g.public_vp(0);
    play(&mut g, "wagon KN(0,2)");
    assert_eq!(g.public_vp(0), vp + 1);
    assert_eq!(gold(&g, 0), 8);
    assert_eq!(obs(&g)["players"][0]["delivered"], json!(3));
    let mut out = Vec::new();
    g.chance_outcomes(&mut out);
    let labels: Vec<String> = out.iter().map(|&(a, _)| g.action_label(a)).collect();
    assert_eq!(labels, vec!["draw tools", "draw sand"]);
    play(&mut g, "draw tools");
    assert_eq!(obs(&g)["players"][0]["carrying"], json!("tools"));
    assert!(wagon_moves(&g).is_empty());
}

#[test]
fn ex_25_wrong_plaza_does_nothing() {
    let mut v = base(3, json!({}));
    at_castle(&mut v, "sand");
    let mut g = load(&v);
    play(&mut g, "wagon KN(0,2)");
    assert_eq!(g.phase(), Phase::Main);
    let o = obs(&g);
    assert_eq!(o["players"][0]["carrying"], json!("sand"));
    assert_eq!(o["players"][0]["delivered"], json!(0));
    assert_eq!(o["players"][0]["gold"], json!(5));
    assert!(wagon_moves(&g).is_empty());
}

#[test]
fn ex_26_drive_off_attempts() {
    let mut v = base(3, json!({}));
    v["traders"]["barbarians"] = json!([[0, 0, "NE"], [0, -1, "E"], [-2, 1, "E"]]);
    moving(&mut v, 3);
    // (a) card 1: no attempt.
    let g = load(&v);
    assert!(!legal(&g, "drive off barbarian NE(0,0)"));
    // (b) card 3, die 5: success, the barbarian goes to any free path but its own.
    set_tb(&mut v, 0, "card", json!(3));
    let mut g = load(&v);
    play(&mut g, "drive off barbarian NE(0,0)");
    assert_eq!(g.turn(), meeple_core::Turn::Chance);
    play(&mut g, "drive-off die 5");
    assert_eq!(g.phase(), Phase::Traders);
    assert!(!legal(&g, "barbarian to NE(0,0)"));
    assert!(!legal(&g, "barbarian to E(0,-1)"));
    assert!(legal(&g, "barbarian to SE(0,-1)"));
    let hands: Vec<[u8; 5]> = (0..3).map(|p| g.hand(p)).collect();
    play(&mut g, "barbarian to SE(0,-1)");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(mp(&g), 3);
    assert_eq!((0..3).map(|p| g.hand(p)).collect::<Vec<_>>(), hands);
    // (c) die 4 fails; X cannot be tried again; (d) Y can.
    let mut g = load(&v);
    play(&mut g, "drive off barbarian NE(0,0)");
    play(&mut g, "drive-off die 4");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(mp(&g), 3);
    assert!(!legal(&g, "drive off barbarian NE(0,0)"));
    assert!(legal(&g, "drive off barbarian E(0,-1)"));
}

#[test]
fn ex_27_seven_moves_a_barbarian() {
    let mut v = base(3, json!({}));
    v["phase"] = json!("roll");
    v["rolled"] = json!(false);
    far_barbarians(&mut v);
    set_player(&mut v, 1, "resources", json!({"lumber": 5, "ore": 4}));
    set_tb(&mut v, 1, "gold", json!(12));
    set_player(&mut v, 2, "roads", json!([[0, 0, "NE"]]));
    set_player(&mut v, 2, "resources", json!({"wool": 2}));
    set_player(&mut v, 0, "roads", json!([[1, -1, "SE"]]));
    let mut g = load(&v);
    play(&mut g, "dice 7");
    assert_eq!(g.phase(), Phase::Discard);
    for _ in 0..4 {
        play(&mut g, "discard lumber");
    }
    assert_eq!(g.hand(1), [1, 0, 0, 0, 4]);
    assert_eq!(gold(&g, 1), 12);
    assert_eq!(g.phase(), Phase::Traders);
    let g_take = g.clone();
    play(&mut g, "take barbarian E(-2,1)");
    play(&mut g, "barbarian to NE(0,0)");
    assert_eq!(g.phase(), Phase::Steal);
    play(&mut g, "stolen wool");
    assert_eq!(g.hand(0)[2], 1);
    // On P1's own road, or a bare path: nothing.
    for to in ["barbarian to SE(1,-1)", "barbarian to E(0,-1)"] {
        let mut g2 = g_take.clone();
        play(&mut g2, "take barbarian E(-2,1)");
        play(&mut g2, to);
        assert_eq!(g2.phase(), Phase::Main);
        assert_eq!(g2.hand(0), [0; 5]);
    }
}

#[test]
fn ex_28_knight_takes_largest_army() {
    let mut v = base(3, json!({}));
    v["phase"] = json!("pre_roll");
    v["rolled"] = json!(false);
    far_barbarians(&mut v);
    set_player(&mut v, 0, "played", json!({"knight": 2}));
    set_player(&mut v, 0, "development_cards", json!({"knight": 1}));
    set_player(&mut v, 1, "roads", json!([[0, 0, "NE"]]));
    let mut g = load(&v);
    let vp = g.public_vp(0);
    play(&mut g, "play knight");
    play(&mut g, "take barbarian E(-2,1)");
    play(&mut g, "barbarian to NE(0,0)");
    assert_eq!(g.largest_army_holder(), Some(0));
    assert_eq!(g.public_vp(0), vp + 2);
    // Back before the roll (the player may still buy with gold, D-102); no second card.
    assert_eq!(g.phase(), Phase::PreRoll);
    assert!(legal(&g, "roll") && !legal(&g, "play knight"));
    assert_eq!(g.hand(0), [0; 5]);
}

#[test]
fn ex_29_wagon_upgrades() {
    let mut v = base(3, json!({}));
    far_barbarians(&mut v);
    set_player(
        &mut v,
        0,
        "resources",
        json!({"lumber": 6, "wool": 4, "ore": 4}),
    );
    let mut g = load(&v);
    let vp = g.public_vp(0);
    for card in 2..=5 {
        play(&mut g, "upgrade wagon");
        assert_eq!(obs(&g)["players"][0]["card"], json!(card));
    }
    assert_eq!(g.hand(0), [0; 5]);
    assert_eq!(g.public_vp(0), vp + 1);
    assert!(!legal(&g, "upgrade wagon"));
    // Not once the wagon has begun.
    set_player(
        &mut v,
        0,
        "resources",
        json!({"lumber": 6, "wool": 4, "ore": 4}),
    );
    let mut g = load(&v);
    play(&mut g, "wagon NE(0,0)");
    assert!(!legal(&g, "upgrade wagon"));
}

#[test]
fn ex_30_no_gold_no_foreign_road() {
    let mut v = base(3, json!({}));
    far_barbarians(&mut v);
    set_tb(&mut v, 0, "gold", json!(0));
    set_player(&mut v, 1, "roads", json!([[0, 0, "NE"]]));
    set_player(&mut v, 0, "roads", json!([[0, -1, "E"]]));
    let g = load(&v);
    assert_eq!(wagon_moves(&g), vec!["wagon E(0,-1)", "wagon SE(0,-1)"]);
}

#[test]
fn ex_31_two_gold_purchases_a_turn() {
    let mut v = base(3, json!({}));
    set_tb(&mut v, 0, "gold", json!(6));
    let mut g = load(&v);
    play(&mut g, "buy grain for 2 gold");
    play(&mut g, "buy ore for 2 gold");
    assert_eq!(gold(&g, 0), 2);
    assert!(!legal(&g, "buy wool for 2 gold"));
    assert_eq!(g.hand(0), [0, 0, 0, 1, 1]);
}

#[test]
fn ex_32_maritime_trade_for_gold() {
    for (opt, brick_rate) in [(true, 2), (false, 4)] {
        let mut v = base(3, json!({ "tb_gold_at_2to1": opt }));
        set_player(&mut v, 0, "resources", json!({"brick": 4, "wool": 3}));
        let g = load(&v);
        assert!(legal(&g, "sell brick for gold"));
        assert!(!legal(&g, "sell wool for gold"));
        // A 3:1 harbour (N(0,-2)) and the brick 2:1 harbour (N(-3,2)).
        set_player(
            &mut v,
            0,
            "settlements",
            json!([[0, -2, "N"], [-3, 2, "N"]]),
        );
        set_player(&mut v, 0, "resources", json!({"brick": 2, "wool": 3}));
        let mut g = load(&v);
        assert!(legal(&g, "sell wool for gold"));
        assert_eq!(legal(&g, "sell brick for gold"), brick_rate == 2);
        play(&mut g, "sell wool for gold");
        assert_eq!(gold(&g, 0), 6);
        assert_eq!(g.hand(0)[2], 0);
    }
    // Gold is never given to the bank in a maritime trade: no bank action turns gold into a
    // card except the 2-gold purchase (offers to players may ask or give gold).
    let g = load(&base(3, json!({})));
    for l in legal_labels(&g) {
        assert!(!l.starts_with("maritime"), "{l}");
        assert!(
            l.starts_with("offer") || !l.contains(" gold for") || l.starts_with("buy"),
            "{l}"
        );
    }
}

#[test]
fn ex_33_production_roll_without_2_and_12() {
    let mut v = base(3, json!({}));
    v["phase"] = json!("roll");
    v["rolled"] = json!(false);
    let g = load(&v);
    let mut out = Vec::new();
    g.chance_outcomes(&mut out);
    let got: Vec<(String, u32)> = out.iter().map(|&(a, w)| (g.action_label(a), w)).collect();
    let want: Vec<(String, u32)> = (3..=11)
        .zip([2, 3, 4, 5, 6, 5, 4, 3, 2])
        .map(|(s, w)| (format!("dice {s}"), w))
        .collect();
    assert_eq!(got, want);
    assert_eq!(out.iter().map(|x| x.1).sum::<u32>(), 34);
    assert!(!legal(&g, "dice 2") && !legal(&g, "dice 12"));
}

#[test]
fn ex_34_components() {
    let g = Catan::new(&config(4, json!({"board": "random"})), 7).unwrap();
    let o = g.observation(0);
    assert_eq!(o["development_deck_size"], json!(25));
    let pos = g.to_json_value();
    assert_eq!(
        pos["development_deck"],
        json!({"knight": 16, "victory_point": 3, "road_building": 3, "swift_journey": 3})
    );
    let stacks = &o["traders"]["stacks"];
    assert_eq!(stacks["castle"], json!({"tools": 6, "sand": 6}));
    assert_eq!(stacks["marble_quarry"], json!({"marble": 6, "sand": 6}));
    assert_eq!(stacks["glassworks"], json!({"glass": 6, "tools": 6}));
    let mut tokens: Vec<u64> = o["board"]["hexes"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|h| h["token"].as_u64())
        .collect();
    tokens.sort();
    assert_eq!(
        tokens,
        vec![3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11]
    );
}

#[test]
fn ex_35_board_invariants() {
    for seed in 0..10 {
        let g = Catan::new(&config(3, json!({"board": "random"})), seed).unwrap();
        let geo = g.geo();
        assert_eq!((geo.ne, geo.nv, geo.buildable.count_ones()), (75, 51, 48));
        let mut terr = std::collections::BTreeMap::new();
        for h in g.observation(0)["board"]["hexes"].as_array().unwrap() {
            *terr
                .entry(h["terrain"].as_str().unwrap().to_string())
                .or_insert(0) += 1;
        }
        let want: std::collections::BTreeMap<String, i32> = [
            ("forest", 4),
            ("pasture", 3),
            ("fields", 3),
            ("hills", 3),
            ("mountains", 3),
            ("trade", 3),
        ]
        .iter()
        .map(|&(k, v)| (k.to_string(), v))
        .collect();
        assert_eq!(terr, want);
        // Every harbour keeps both endpoints (no harbour on a closed sea-side edge).
        let harbors = g.observation(0)["board"]["harbors"]
            .as_array()
            .unwrap()
            .len();
        assert_eq!(harbors, 9);
    }
    assert!(!std::ptr::eq(Geometry::base(), {
        let g = Catan::new(&config(3, json!({})), 1).unwrap();
        g.geo()
    }));
}

fn winning_position(opts: Value) -> Value {
    let mut v = base(3, opts);
    at_castle(&mut v, "glass");
    set_player(
        &mut v,
        0,
        "settlements",
        json!([[0, -1, "N"], [-1, 1, "N"], [1, 0, "N"]]),
    );
    set_player(&mut v, 0, "cities", json!([[1, -1, "N"], [-1, 2, "N"]]));
    set_tb(&mut v, 0, "delivered", json!(4));
    set_tb(&mut v, 0, "card", json!(5));
    v
}

#[test]
fn ex_36_delivery_wins() {
    let mut g = load(&winning_position(json!({})));
    assert_eq!(g.vp(0), 12);
    play(&mut g, "wagon KN(0,2)");
    assert_eq!(g.phase(), Phase::GameOver);
    assert_eq!(g.winners(), vec![0]);
    let mut g = load(&winning_position(json!({"harbormaster": true})));
    play(&mut g, "wagon KN(0,2)");
    assert_eq!(g.vp(0), 13);
    assert_ne!(g.phase(), Phase::GameOver);
}

#[test]
fn ex_37_swift_journey() {
    let mut v = base(3, json!({}));
    v["traders"]["barbarians"] = json!([[-2, 0, "KN"], [2, 0, "SE"], [-2, 1, "E"]]);
    set_tb(&mut v, 0, "card", json!(2));
    set_tb(&mut v, 0, "wagon", json!([-2, 0, "C"]));
    set_player(&mut v, 0, "development_cards", json!({"swift_journey": 1}));
    set_player(&mut v, 0, "resources", json!({"grain": 1}));
    let fresh = load(&v);
    assert!(!legal(&fresh, "play swift journey"), "before any movement");
    v["traders"]["wagon_begun"] = json!(true);
    v["traders"]["movement_actions"] = json!(1);
    v["traders"]["travelled"] = json!(true);
    v["traders"]["grain_used"] = json!(true);
    v["traders"]["tried"] = json!([0]);
    let mut g = load(&v);
    assert!(wagon_moves(&g).is_empty());
    play(&mut g, "play swift journey");
    assert_eq!(mp(&g), 5);
    assert!(!legal(&g, "grain for 2 movement points"));
    assert!(!legal(&g, "drive off barbarian KN(-2,0)"));
    assert!(!wagon_moves(&g).is_empty());
    assert!(!legal(&g, "play knight"));
    // Bought this turn: refused.
    set_player(&mut v, 0, "bought_this_turn", json!({"swift_journey": 1}));
    let g = load(&v);
    assert!(!legal(&g, "play swift journey"));
}

#[test]
fn ex_38_empty_stack() {
    let mut v = base(3, json!({}));
    at_castle(&mut v, "glass");
    v["traders"]["stacks"] = json!({"castle": {"tools": 0, "sand": 0}, "marble_quarry": {"marble": 6, "sand": 6}, "glassworks": {"glass": 5, "tools": 6}});
    let mut g = load(&v);
    play(&mut g, "wagon KN(0,2)");
    assert_eq!(g.phase(), Phase::Main);
    let o = obs(&g);
    assert_eq!(o["players"][0]["delivered"], json!(1));
    assert_eq!(o["players"][0]["gold"], json!(6));
    assert_eq!(o["players"][0]["carrying"], Value::Null);
    // With tb_stack_refill the stack is refilled and a token drawn.
    v["config"]["options"]["tb_stack_refill"] = json!(true);
    let mut g = load(&v);
    play(&mut g, "wagon KN(0,2)");
    assert_eq!(g.phase(), Phase::Traders);
}

#[test]
fn ex_39_plentiful_year_numbered_2() {
    let mut v = base(3, json!({"event_cards": true}));
    v["phase"] = json!("roll");
    v["rolled"] = json!(false);
    let mut g = load(&v);
    play(&mut g, "event plentiful_year_2");
    assert_eq!(g.phase(), Phase::EventTake);
    for _ in 0..3 {
        play(&mut g, "take ore");
    }
    assert_eq!(g.phase(), Phase::Main);
    for p in 0..3 {
        assert_eq!(g.hand(p), [0, 0, 0, 0, 1]);
    }
}

// ---------------------------------------------------------------- rules

#[test]
fn setup_settlement_then_city_with_wagon_and_gold() {
    for players in [3, 4] {
        let mut g = Catan::new(&config(players, json!({})), 3).unwrap();
        let mut acts = Vec::new();
        while matches!(g.phase(), Phase::SetupSettlement | Phase::SetupRoad) {
            g.legal_actions(&mut acts);
            g.apply(acts[acts.len() / 2]).unwrap();
        }
        let pos = g.to_json_value();
        for p in 0..players {
            let pl = &pos["players"][p];
            assert_eq!(pl["settlements"].as_array().unwrap().len(), 1);
            assert_eq!(pl["cities"].as_array().unwrap().len(), 1);
            assert_eq!(pos["traders"]["players"][p]["wagon"], pl["cities"][0]);
            assert_eq!(pos["traders"]["players"][p]["gold"], json!(5));
            // The city produced 1 per neighbouring hex (at most 3 cards).
            assert!(g.hand(p).iter().sum::<u8>() <= 3);
        }
        assert_eq!(g.longest_road_holder(), None);
    }
}

#[test]
fn no_building_on_plazas_and_roads_on_spokes() {
    let g = Catan::new(&config(3, json!({})), 5).unwrap();
    let labels = legal_labels(&g);
    assert!(labels.iter().all(|l| !l.contains("C(")));
    assert_eq!(labels.len(), 48);
    let mut v = base(3, json!({}));
    set_player(&mut v, 0, "settlements", json!([[0, 2, "N"]]));
    set_player(&mut v, 0, "resources", json!({"lumber": 2, "brick": 2}));
    let mut g = load(&v);
    play(&mut g, "road KN(0,2)");
    // The road network continues through the plaza onto the other spokes.
    assert!(legal(&g, "road KNE(0,2)"));
    assert!(legal(&g, "road KNW(0,2)"));
}

#[test]
fn wagon_phase_stops_building_and_trading() {
    let mut v = base(3, json!({}));
    far_barbarians(&mut v);
    set_player(&mut v, 0, "settlements", json!([[0, 0, "N"]]));
    set_player(
        &mut v,
        0,
        "resources",
        json!({"lumber": 4, "brick": 4, "wool": 2, "grain": 2, "ore": 2}),
    );
    set_tb(&mut v, 0, "gold", json!(4));
    let mut g = load(&v);
    assert!(legal(&g, "road NE(0,0)"));
    play(&mut g, "wagon NE(0,0)");
    let labels = legal_labels(&g);
    assert!(labels.iter().all(|l| !l.starts_with("road")
        && !l.starts_with("offer")
        && !l.starts_with("maritime")
        && !l.starts_with("sell")
        && l != "buy development card"));
    assert!(
        legal(&g, "buy grain for 2 gold"),
        "gold purchases stay (D-102)"
    );
    assert!(legal(&g, "end turn"));
    play(&mut g, "end turn");
    let o = obs(&g);
    assert!(!o["wagon_begun"].as_bool().unwrap_or(false));
}

#[test]
fn no_robber_and_barbarian_placement_rules() {
    let mut v = base(3, json!({"tb_barbarian_on_spokes": false}));
    v["phase"] = json!("roll");
    v["rolled"] = json!(false);
    far_barbarians(&mut v);
    let mut g = load(&v);
    play(&mut g, "dice 7");
    assert_eq!(g.phase(), Phase::Traders);
    let labels = legal_labels(&g);
    assert_eq!(labels.len(), 3, "{labels:?}");
    play(&mut g, "take barbarian E(-2,1)");
    assert!(!legal(&g, "barbarian to KN(0,2)"));
    assert!(!legal(&g, "barbarian to SE(2,0)"));
    let free = legal_labels(&g).len();
    assert_eq!(free, 75 - 12 - 3);
}

#[test]
fn json_round_trip_and_refusals() {
    let g = Catan::new(&config(4, json!({"board": "random"})), 9).unwrap();
    let v = g.to_json_value();
    let g2 = load(&v);
    assert_eq!(g, g2);
    // The traders section is required with the scenario and refused without it.
    let mut w = v.clone();
    w.as_object_mut().unwrap().remove("traders");
    assert!(load_state::<Catan>(&w).is_err());
    let base_game = Catan::new(&Config::new(&Catan::info(), 3, &Map::new()).unwrap(), 1).unwrap();
    assert!(base_game.to_json_value().get("traders").is_none());
    // Catan for Two with the scenario is not available yet.
    let mut m = Map::new();
    m.insert("scenario".into(), json!("traders_barbarians"));
    m.insert("catan_for_two".into(), json!(true));
    let c = Config::new(&Catan::info(), 2, &m).unwrap();
    match Catan::new(&c, 1) {
        Err(GameError::BadOption { name, reason }) => {
            assert_eq!(name, "catan_for_two");
            assert!(reason.contains("B9") && reason.contains("not yet implemented"));
        }
        other => panic!("expected BadOption, got {:?}", other.map(|_| ())),
    }
    // A bad trade-hex position.
    let c = config(
        3,
        json!({"tb_trade_hexes": {"castle": [1, -1], "marble_quarry": [-2, 0], "glassworks": [0, 2]}}),
    );
    assert!(matches!(
        Catan::new(&c, 1),
        Err(GameError::BadOption { .. })
    ));
    // The spec's D-90 placement builds.
    let c = config(
        3,
        json!({"tb_trade_hexes": {"castle": [2, -2], "marble_quarry": [-2, 0], "glassworks": [0, 2]}}),
    );
    let g = Catan::new(&c, 1).unwrap();
    let hexes = g.observation(0)["board"]["hexes"].clone();
    let castle = hexes
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["q"] == json!(2) && h["r"] == json!(-2))
        .unwrap();
    assert_eq!(castle["trade"], json!("castle"));
}

#[test]
fn gold_in_player_trades() {
    let mut v = base(3, json!({}));
    set_player(&mut v, 1, "resources", json!({"ore": 1}));
    set_player(&mut v, 0, "resources", json!({"wool": 2}));
    let mut g = load(&v);
    assert!(legal(&g, "offer 2 wool for 2 gold"));
    play(&mut g, "offer 1 gold for 1 ore");
    assert_eq!(g.phase(), Phase::TradeResponse);
    play(&mut g, "accept");
    play(&mut g, "decline");
    play(&mut g, "trade with player 1");
    assert_eq!((gold(&g, 0), gold(&g, 1)), (4, 6));
    assert_eq!(g.hand(0)[4], 1);
    assert_eq!(g.hand(1)[4], 0);
    let g2 = load(&g.to_json_value());
    assert_eq!(g2.to_json_value(), g.to_json_value());
    // Not once the wagon has begun.
    let mut v = base(3, json!({}));
    far_barbarians(&mut v);
    let mut g = load(&v);
    play(&mut g, "wagon NE(0,0)");
    assert!(!legal(&g, "offer 1 gold for 1 ore"));
}
