//! Unit tests for each rule, end condition, scoring, tie-breakers and hidden information.

mod common;
use common::*;
use meeple_core::{Config, Game, GameRng, Turn};
use meeple_san_juan::SanJuan;
use serde_json::{json, Value};

fn cfg(players: usize, opts: Value) -> Config {
    Config::new(&SanJuan::info(), players, opts.as_object().unwrap()).unwrap()
}

fn step_random(g: &mut SanJuan, rng: &mut GameRng) {
    if g.turn() == Turn::Chance {
        let mut c = Vec::new();
        g.chance_outcomes(&mut c);
        g.apply(c[rng.weighted(c.iter().map(|x| x.1))].0).unwrap();
    } else {
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        g.apply(v[rng.index(v.len())]).unwrap();
    }
}

fn resolve_until(g: &mut SanJuan, phase: &str, actor: u64) {
    for _ in 0..500 {
        let o = obs(g, 0);
        if o["phase"] == phase && o["actor"] == actor && g.turn() != Turn::Chance {
            return;
        }
        if g.turn() == Turn::Chance {
            draw_all(g);
        } else {
            let mut v = Vec::new();
            g.legal_actions(&mut v);
            g.apply(v[0]).unwrap();
        }
    }
    panic!("never reached {phase} for seat {actor}");
}

#[test]
fn setup_counts_for_each_player_count() {
    for (n, supply) in [(2, 100), (3, 95), (4, 90)] {
        let g = SanJuan::new(&cfg(n, json!({})), 3).unwrap();
        let o = obs(&g, 0);
        assert_eq!(o["supply_size"], supply);
        assert_eq!(o["discard_size"], 0);
        for p in 0..n {
            assert_eq!(o["players"][p]["hand_size"], 4);
            assert_eq!(buildings(&g, p), vec!["indigo_plant"]);
        }
        assert_eq!(o["phase"], "pick_role");
        assert_eq!(o["actor"], o["governor"]);
    }
    let g = SanJuan::new(&cfg(3, json!({"first_player": 2})), 3).unwrap();
    assert_eq!(obs(&g, 0)["governor"], 2);
}

#[test]
fn drafted_hands_variant_deal_and_discards() {
    for (n, supply, discards) in [(2, 97, 3), (3, 89, 6), (4, 80, 10)] {
        let mut g = SanJuan::new(
            &cfg(n, json!({"drafted_hands": true, "first_player": 1})),
            5,
        )
        .unwrap();
        let o = obs(&g, 0);
        assert_eq!(o["supply_size"], supply);
        for k in 0..n {
            assert_eq!(o["players"][(1 + k) % n]["hand_size"], 5 + k as u64);
        }
        assert_eq!(o["phase"], "draft");
        assert_eq!(o["actor"], 1);
        while obs(&g, 0)["phase"] == "draft" {
            let mut v = Vec::new();
            g.legal_actions(&mut v);
            g.apply(v[v.len() - 1]).unwrap();
        }
        let o = obs(&g, 0);
        assert_eq!(o["discard_size"], discards);
        assert_eq!(o["phase"], "pick_role");
        for p in 0..n {
            assert_eq!(o["players"][p]["hand_size"], 4);
        }
        // Each player knows only their own discards.
        assert_eq!(
            map_total(&obs(&g, 1)["my_discards"]),
            1,
            "the governor: 5 dealt, 4 kept"
        );
        for k in 0..n {
            let p = (1 + k) % n;
            assert_eq!(map_total(&obs(&g, p)["my_discards"]), 1 + k as u64);
        }
    }
}

fn eleven_buildings() -> Vec<(&'static str, Option<&'static str>)> {
    [
        "indigo_plant",
        "sugar_mill",
        "tobacco_storage",
        "coffee_roaster",
        "silver_smelter",
        "trading_post",
        "gold_mine",
        "archive",
        "well",
        "market_stand",
        "tower",
    ]
    .iter()
    .map(|&c| (c, None))
    .collect()
}

#[test]
fn game_ends_after_the_builder_phase_with_twelve_buildings() {
    let mut p = Pos::new(3, json!({}));
    p.set_buildings(0, &eleven_buildings())
        .set_hand(0, &["indigo_plant"])
        .set_hand(1, &["indigo_plant", "hero"]);
    let mut g = p.game();
    act(&mut g, "builder");
    act(&mut g, "build indigo_plant");
    assert_eq!(buildings(&g, 0).len(), 12);
    // The builder phase is completed: seat 1 still builds.
    assert_eq!(obs(&g, 0)["phase"], "build");
    assert_eq!(obs(&g, 0)["actor"], 1);
    act(&mut g, "build indigo_plant");
    act(&mut g, "pay hero");
    assert_eq!(g.turn(), Turn::Terminal);
    assert_eq!(buildings(&g, 1).len(), 2);
    assert_eq!(g.winners(), vec![0]);
    assert_eq!(g.returns(), vec![1.0, 0.0, 0.0]);
    assert_eq!(obs(&g, 0)["truncated"], false);
}

#[test]
fn twelve_buildings_do_not_end_the_game_outside_a_builder_phase() {
    let mut p = Pos::new(3, json!({}));
    let mut b = eleven_buildings();
    b.push(("statue", None));
    p.set_buildings(0, &b);
    let mut g = p.game();
    act(&mut g, "prospector");
    draw_all(&mut g);
    assert_ne!(g.turn(), Turn::Terminal);
}

#[test]
fn tie_break_hand_plus_goods_then_shared() {
    let mut p = Pos::new(2, json!({}));
    p.set("phase", json!("game_over"));
    p.set_buildings(0, &[("indigo_plant", Some("hero"))])
        .set_buildings(1, &[("indigo_plant", None)])
        .set_hand(1, &["hero"]);
    let g = p.game();
    assert_eq!(g.scores(), vec![1.0, 1.0]);
    assert_eq!(g.winners(), vec![0, 1], "1 good vs 1 card: shared");
    p.set_hand(1, &["hero", "statue"]);
    let g = p.game();
    assert_eq!(g.winners(), vec![1]);
    assert_eq!(g.returns(), vec![0.0, 1.0]);
    p.set_hand(1, &[]);
    let g = p.game();
    assert_eq!(g.winners(), vec![0]);
}

/// 2 players, the governor's last pick of round 1: the round ends after it.
fn end_of_round(b0: &[(&str, Option<&str>)], hand0: &[&str]) -> SanJuan {
    let mut p = Pos::new(2, json!({}));
    p.set("pick", json!(2))
        .set("roles_taken", json!({"builder": 0, "producer": 1}));
    p.set_buildings(0, b0).set_hand(0, hand0);
    let mut g = p.game();
    act(&mut g, "trader");
    draw_all(&mut g);
    g
}

#[test]
fn hand_limit_seven_and_tower_twelve() {
    let g = end_of_round(&[("indigo_plant", None)], &["hero"; 3]);
    assert_eq!(obs(&g, 0)["round"], 2);
    assert_eq!(obs(&g, 0)["governor"], 1);
    assert_eq!(obs(&g, 0)["phase"], "pick_role");
    let ten = [["sugar_mill"; 5], ["tobacco_storage"; 5]].concat();
    let mut g = end_of_round(&[("indigo_plant", None)], &ten);
    assert_eq!(obs(&g, 0)["phase"], "hand_limit");
    assert_eq!(obs(&g, 0)["left"], 3);
    act(&mut g, "discard sugar_mill");
    act(&mut g, "discard sugar_mill");
    assert!(!is_legal(&g, "discard indigo_plant"));
    act(&mut g, "discard tobacco_storage");
    assert_eq!(hand_size(&g, 0), 7);
    assert_eq!(obs(&g, 0)["phase"], "pick_role");
    assert_eq!(card_count(&obs(&g, 0)["my_discards"], "sugar_mill"), 2);
    let thirteen = [&["sugar_mill"; 6][..], &["tobacco_storage"; 7][..]].concat();
    let g = end_of_round(&[("indigo_plant", None), ("tower", None)], &thirteen);
    assert_eq!(obs(&g, 0)["phase"], "hand_limit");
    assert_eq!(obs(&g, 0)["left"], 1);
}

#[test]
fn chapel_tuck_before_the_hand_limit() {
    let eight = ["sugar_mill"; 8];
    assert_eq!(eight.len(), 8);
    let mut g = end_of_round(&[("indigo_plant", None), ("chapel", None)], &eight);
    assert_eq!(obs(&g, 0)["phase"], "chapel");
    assert!(is_legal(&g, "pass"));
    act(&mut g, "tuck sugar_mill");
    assert_eq!(obs(&g, 1)["players"][0]["chapel_size"], 1);
    assert_eq!(
        obs(&g, 1)["chapel"],
        json!({}),
        "seat 1 sees only its own chapel"
    );
    assert_eq!(obs(&g, 0)["chapel"], json!({"sugar_mill": 1}));
    // 7 cards left: no hand-limit discard.
    assert_eq!(obs(&g, 0)["phase"], "pick_role");
    assert_eq!(g.scores()[0], 1.0 + 2.0 + 1.0);
}

#[test]
fn violet_buildings_are_unique_but_may_be_built_over_themselves() {
    let mut p = Pos::new(3, json!({}));
    p.set_buildings(
        0,
        &[("indigo_plant", None), ("crane", None), ("smithy", None)],
    )
    .set_hand(0, &["smithy", "crane", "hero"]);
    let mut g = p.game();
    act(&mut g, "builder");
    assert!(
        !is_legal(&g, "build crane"),
        "a second crane has nowhere to go"
    );
    act(&mut g, "build smithy");
    assert_eq!(labels(&g), vec!["build over slot 2 (smithy)"]);
}

#[test]
fn crane_never_covers_the_crane() {
    let mut p = Pos::new(3, json!({}));
    p.set_buildings(0, &[("indigo_plant", None), ("crane", None)])
        .set_hand(0, &["statue", "hero", "hero"]);
    let mut g = p.game();
    act(&mut g, "builder");
    act(&mut g, "build statue");
    let l = labels(&g);
    assert!(l.contains(&"pass".to_string()));
    assert!(l.contains(&"build over slot 0 (indigo_plant)".to_string()));
    assert!(!l.iter().any(|x| x.contains("(crane)")));
}

#[test]
fn black_market_cannot_use_the_good_of_the_covered_building() {
    let mut p = Pos::new(3, json!({}));
    p.set("governor", json!(1)).set("actor", json!(1));
    p.set_buildings(
        0,
        &[
            ("black_market", None),
            ("crane", None),
            ("coffee_roaster", Some("statue")),
        ],
    )
    .set_hand(0, &["hero"]);
    let mut g = p.game();
    act(&mut g, "builder");
    // Hero (5) over the roaster costs 1, but the only good lies on the roaster: no build.
    assert_eq!(obs(&g, 0)["phase"], "build");
    assert_eq!(labels(&g), vec!["pass"], "seat 0 has nothing to build");
    p.set_buildings(
        0,
        &[
            ("black_market", None),
            ("crane", None),
            ("coffee_roaster", Some("statue")),
            ("indigo_plant", Some("statue")),
        ],
    );
    let mut g = p.game();
    act(&mut g, "builder");
    act(&mut g, "build hero");
    assert_eq!(labels(&g), vec!["build over slot 2 (coffee_roaster)"]);
    act(&mut g, "build over slot 2 (coffee_roaster)");
    assert_eq!(labels(&g), vec!["pay good indigo"]);
    act(&mut g, "pay good indigo");
    assert_eq!(
        buildings(&g, 0),
        vec!["black_market", "crane", "hero", "indigo_plant"]
    );
    assert_eq!(
        obs(&g, 0)["discard_size"],
        2,
        "the paid good and the lost good"
    );
}

#[test]
fn carpenter_draws_for_violet_builds_only_and_not_for_itself() {
    for (card, draws) in [("indigo_plant", 0), ("smithy", 1)] {
        let mut p = Pos::new(3, json!({}));
        p.set_buildings(0, &[("indigo_plant", None), ("carpenter", None)])
            .set_hand(0, &[card, "hero", "hero"]);
        let mut g = p.game();
        act(&mut g, "builder");
        act(&mut g, &format!("build {card}"));
        assert_eq!(draw_all(&mut g), draws, "{card}");
    }
    let mut p = Pos::new(3, json!({}));
    p.set_buildings(0, &[("indigo_plant", None)])
        .set_hand(0, &["carpenter", "hero", "hero"]);
    let mut g = p.game();
    act(&mut g, "builder");
    act(&mut g, "build carpenter");
    act(&mut g, "pay hero");
    act(&mut g, "pay hero");
    assert_eq!(draw_all(&mut g), 0);
}

#[test]
fn poor_house_needs_a_build() {
    let mut p = Pos::new(3, json!({}));
    p.set_buildings(0, &[("indigo_plant", None), ("poor_house", None)])
        .set_hand(0, &["indigo_plant"]);
    let mut g = p.game();
    act(&mut g, "builder");
    act(&mut g, "pass");
    assert_eq!(g.turn(), Turn::Player(1));
    assert_eq!(hand_size(&g, 0), 1);
}

#[test]
fn well_draws_after_two_goods_for_anyone() {
    for producer in [0u64, 1] {
        let mut p = Pos::new(3, json!({}));
        p.set("governor", json!(producer))
            .set("actor", json!(producer));
        p.set_buildings(
            0,
            &[
                ("indigo_plant", None),
                ("sugar_mill", None),
                ("well", None),
                ("aqueduct", None),
            ],
        );
        let mut g = p.game();
        act(&mut g, "producer");
        resolve_until(&mut g, "produce", 0);
        act(&mut g, "produce indigo");
        draw_all(&mut g);
        act(&mut g, "produce sugar");
        assert_eq!(draw_all(&mut g), 2, "the good, then the well");
        assert_eq!(hand_size(&g, 0), 1);
        assert_eq!(obs(&g, 0)["players"][0]["goods"], 2);
    }
}

#[test]
fn market_stand_works_for_a_non_trader() {
    let mut p = Pos::new(3, json!({}));
    p.set("governor", json!(1)).set("actor", json!(1));
    p.set_buildings(
        0,
        &[
            ("indigo_plant", Some("hero")),
            ("indigo_plant", Some("hero")),
            ("market_stand", None),
            ("trading_post", None),
        ],
    );
    let mut g = p.game();
    act(&mut g, "trader");
    act(&mut g, "tile 0 (1-1-1-2-2)");
    resolve_until(&mut g, "sell", 0);
    act(&mut g, "sell indigo");
    act(&mut g, "sell indigo");
    assert_eq!(obs(&g, 0)["pending_draws"], 3);
}

#[test]
fn fifth_tile_is_forced_after_four_trader_phases() {
    let mut p = Pos::new(3, json!({}));
    p.set("trades", json!(4))
        .set("tiles_seen", json!([3, 0, 4, 1]));
    p.set_buildings(0, &[("indigo_plant", Some("hero"))]);
    let g0 = p.game();
    assert_eq!(obs(&g0, 1)["tile_cycle"], json!([3, 0, 4, 1, 2]));
    let mut g = g0.clone();
    act(&mut g, "trader");
    assert_eq!(
        g.turn(),
        Turn::Player(0),
        "no chance node: the tile is known"
    );
    assert_eq!(obs(&g, 0)["current_tile"], 2);
    act(&mut g, "sell indigo");
    assert_eq!(obs(&g, 0)["pending_draws"], 1);
}

#[test]
fn discard_pile_is_reshuffled_when_a_draw_needs_it() {
    let mut p = Pos::new(3, json!({}));
    let supply = p.0["supply"].clone();
    p.set("discard", supply).set("supply", json!({}));
    let mut g = p.game();
    act(&mut g, "prospector");
    assert_eq!(g.turn(), Turn::Chance);
    let o = obs(&g, 0);
    assert_eq!(o["discard_size"], 0);
    assert_eq!(
        o["supply_size"], 107,
        "95 + the 12 dealt cards the helper put back"
    );
    draw_all(&mut g);
    assert_eq!(hand_size(&g, 0), 1);
}

#[test]
fn empty_piles_give_nothing() {
    let mut p = Pos::new(3, json!({}));
    p.set_buildings(0, &[("indigo_plant", None), ("gold_mine", None)]);
    let supply = p.0["supply"].clone();
    p.set("supply", json!({}));
    p.0["players"][1]["hand"] = supply;
    let mut g = p.game();
    act(&mut g, "prospector");
    assert_eq!(g.turn(), Turn::Player(1), "no draw and no gold-mine reveal");
    assert_eq!(hand_size(&g, 0), 0);
}

#[test]
fn gold_mine_needs_four_cards_and_councilor_shortfall_keeps_what_was_drawn() {
    let mut p = Pos::new(3, json!({}));
    p.set_buildings(0, &[("indigo_plant", None), ("gold_mine", None)]);
    let mut supply = p.0["supply"].clone();
    supply.as_object_mut().unwrap().remove("hero");
    p.0["players"][1]["hand"] = supply;
    p.set("supply", json!({"hero": 3}));
    let mut g = p.game();
    act(&mut g, "prospector");
    act(&mut g, "draw hero");
    assert_eq!(
        g.turn(),
        Turn::Player(1),
        "2 cards left: the gold mine does nothing"
    );
    // Seat 1 takes the councilor: draws 5 of the 2 left, keeps 1.
    act(&mut g, "councilor");
    draw_all(&mut g);
    assert_eq!(obs(&g, 1)["phase"], "council_keep");
    assert_eq!(obs(&g, 1)["drawn"], json!({"hero": 2}));
    assert_eq!(
        obs(&g, 0)["drawn"],
        Value::Null,
        "only the councilor sees the drawn cards"
    );
    act(&mut g, "keep hero");
}

#[test]
fn two_player_library_is_automatic_for_the_opponent() {
    let mut p = Pos::new(2, json!({}));
    p.set("pick", json!(1))
        .set("actor", json!(1))
        .set("roles_taken", json!({"builder": 0}));
    p.set_buildings(1, &[("indigo_plant", None), ("library", None)]);
    let mut g = p.game();
    act(&mut g, "prospector");
    assert_eq!(obs(&g, 0)["pending_draws"], 2);
}

#[test]
fn truncation_at_max_rounds() {
    let mut g = SanJuan::new(&cfg(2, json!({"max_rounds": 2})), 9).unwrap();
    let mut rng = GameRng::new(4);
    while g.turn() != Turn::Terminal {
        step_random(&mut g, &mut rng);
    }
    let o = obs(&g, 0);
    // Random play never finishes San Juan in two rounds: the limit ends it.
    assert_eq!(
        (o["truncated"].clone(), o["round"].clone()),
        (json!(true), json!(2))
    );
    assert!(!g.winners().is_empty());
}

#[test]
fn illegal_action_names_the_phase_and_changes_nothing() {
    let mut g = SanJuan::new(&cfg(3, json!({})), 1).unwrap();
    let before = g.to_json_value();
    let e = g.apply(meeple_san_juan::PASS).unwrap_err();
    assert!(e.0.contains("pick_role"), "{}", e.0);
    assert!(g.apply(10_000).is_err());
    assert_eq!(g.to_json_value(), before);
}

#[test]
fn observation_hides_opponent_hands_and_chapels() {
    let mut rng = GameRng::new(11);
    let mut g = SanJuan::new(&cfg(3, json!({})), 11).unwrap();
    for _ in 0..60 {
        step_random(&mut g, &mut rng);
    }
    // Swap one card of seat 1's hand with a different card from the supply.
    let mut v = g.to_json_value();
    let hand = v["players"][1]["hand"].as_object().unwrap().clone();
    let (have, _) = hand.iter().next().expect("seat 1 holds a card");
    let supply = v["supply"].as_object().unwrap().clone();
    let (other, _) = supply.iter().find(|(k, _)| *k != have).unwrap();
    let dec = |m: &mut serde_json::Map<String, Value>, k: &str| {
        let n = m[k].as_u64().unwrap();
        if n == 1 {
            m.remove(k);
        } else {
            m.insert(k.into(), json!(n - 1));
        }
    };
    let inc = |m: &mut serde_json::Map<String, Value>, k: &str| {
        let n = m.get(k).and_then(|x| x.as_u64()).unwrap_or(0);
        m.insert(k.into(), json!(n + 1));
    };
    let (have, other) = (have.clone(), other.clone());
    {
        let h = v["players"][1]["hand"].as_object_mut().unwrap();
        dec(h, &have);
        inc(h, &other);
        let s = v["supply"].as_object_mut().unwrap();
        dec(s, &other);
        inc(s, &have);
        v["players"][1]["known_hand"] = json!({});
        v["players"][1]["known_discards"] = json!({});
        v["players"][0]["known_discards"] = json!({});
        v["players"][2]["known_discards"] = json!({});
        v["discard_public"] = json!({});
    }
    let mut g0 = g.clone();
    let mut w = g0.to_json_value();
    for p in 0..3 {
        w["players"][p]["known_discards"] = json!({});
    }
    w["players"][1]["known_hand"] = json!({});
    w["discard_public"] = json!({});
    g0 = meeple_core::dynamic::load_state::<SanJuan>(&w).unwrap();
    let g2 = meeple_core::dynamic::load_state::<SanJuan>(&v).unwrap();
    for seat in [0, 2] {
        assert_eq!(g0.observation(seat), g2.observation(seat));
        let mut a = vec![0.0; g0.observation_tensor_len()];
        let mut b = a.clone();
        g0.observation_tensor(seat, &mut a);
        g2.observation_tensor(seat, &mut b);
        assert_eq!(a, b);
    }
    assert_ne!(g0.observation(1), g2.observation(1));
}

#[test]
fn determinize_resamples_opponents_and_keeps_the_observer() {
    let mut rng = GameRng::new(5);
    let mut g = SanJuan::new(&cfg(4, json!({})), 5).unwrap();
    for _ in 0..80 {
        step_random(&mut g, &mut rng);
    }
    let mut differs = false;
    for seed in 0..10 {
        let d = g.determinize(2, seed);
        assert_eq!(d.observation(2), g.observation(2));
        d.validate().unwrap();
        for p in 0..4 {
            assert_eq!(hand_size(&d, p), hand_size(&g, p));
        }
        differs |= state(&d)["players"][0]["hand"] != state(&g)["players"][0]["hand"];
    }
    assert!(differs, "opponents' hands are resampled");
}

#[test]
fn position_format_refuses_bad_counts() {
    let mut p = Pos::new(2, json!({}));
    // The supply is derived (recomputed on load): a bad count is one more hero than exist.
    p.0["players"][0]["hand"] = json!({"hero": 4});
    let e = meeple_core::dynamic::load_state::<SanJuan>(&p.0)
        .err()
        .unwrap();
    assert!(e.to_string().contains("hero"), "{e}");
    let mut p = Pos::new(2, json!({}));
    p.set_buildings(0, &[("smithy", None), ("smithy", None)]);
    assert!(meeple_core::dynamic::load_state::<SanJuan>(&p.0).is_err());
    let mut p = Pos::new(2, json!({}));
    p.set_buildings(0, &[("smithy", Some("hero"))]);
    assert!(meeple_core::dynamic::load_state::<SanJuan>(&p.0).is_err());
}

#[test]
fn known_gold_mine_card_survives_determinize_and_is_forgotten_after_a_hidden_payment() {
    let mut p = Pos::new(3, json!({}));
    p.set_buildings(0, &[("indigo_plant", None), ("gold_mine", None)])
        .set_hand(0, &["hero", "hero", "hero"]);
    let mut g = p.game();
    act(&mut g, "prospector");
    act(&mut g, "draw indigo_plant");
    for c in ["quarry", "smithy", "tobacco_storage", "library"] {
        act(&mut g, &format!("draw {c}"));
    }
    act(&mut g, "keep quarry");
    assert_eq!(obs(&g, 1)["players"][0]["known_hand"], json!({"quarry": 1}));
    for seed in 0..5 {
        let d = g.determinize(1, seed);
        assert!(card_count(&state(&d)["players"][0]["hand"], "quarry") >= 1);
    }
    // Seat 1 and 2 pick; then seat 0 (governor next round is 1) builds with a hidden payment.
    act(&mut g, "builder");
    while obs(&g, 0)["actor"] != 0 || obs(&g, 0)["phase"] != "build" {
        act(&mut g, "pass");
    }
    act(&mut g, "build indigo_plant");
    act(&mut g, "pay hero");
    assert_eq!(obs(&g, 1)["players"][0]["known_hand"], json!({}));
}

#[test]
fn building_the_known_card_removes_it_from_the_known_hand() {
    let mut p = Pos::new(3, json!({}));
    p.set_buildings(0, &[("indigo_plant", None), ("gold_mine", None)]);
    let mut g = p.game();
    act(&mut g, "prospector");
    act(&mut g, "draw hero");
    for c in ["quarry", "smithy", "tobacco_storage", "library"] {
        act(&mut g, &format!("draw {c}"));
    }
    act(&mut g, "keep smithy");
    act(&mut g, "builder");
    while obs(&g, 0)["actor"] != 0 || obs(&g, 0)["phase"] != "build" {
        act(&mut g, "pass");
    }
    act(&mut g, "build smithy");
    act(&mut g, "pay hero");
    assert_eq!(obs(&g, 1)["players"][0]["known_hand"], json!({}));
    assert!(buildings(&g, 0).contains(&"smithy".to_string()));
}

#[test]
fn archive_without_prefecture_discards_one_four_or_seven() {
    for (chooser, library, expect) in [(1usize, false, 1u64), (0, false, 4), (0, true, 7)] {
        let mut p = Pos::new(3, json!({}));
        p.set("governor", json!(chooser))
            .set("actor", json!(chooser));
        let mut b = vec![("indigo_plant", None), ("archive", None)];
        if library {
            b.push(("library", None));
        }
        p.set_buildings(0, &b);
        let mut g = p.game();
        act(&mut g, "councilor");
        resolve_until(&mut g, "council_discard", 0);
        assert_eq!(obs(&g, 0)["left"], expect);
    }
}

#[test]
fn a_building_works_in_later_phases_of_the_round_it_was_built() {
    let mut p = Pos::new(3, json!({}));
    p.set_buildings(0, &[("indigo_plant", None), ("sugar_mill", None)])
        .set_hand(0, &["aqueduct", "hero", "hero"]);
    let mut g = p.game();
    act(&mut g, "builder");
    act(&mut g, "build aqueduct");
    act(&mut g, "pay hero");
    act(&mut g, "pay hero");
    assert_eq!(obs(&g, 0)["phase"], "pick_role");
    act(&mut g, "producer"); // seat 1 produces; seat 0 is not the producer
    resolve_until(&mut g, "produce", 0);
    assert_eq!(obs(&g, 0)["left"], 2, "1 + the aqueduct built this round");
}

#[test]
fn strict_optional_makes_the_automatic_draws_choices() {
    let mut p = Pos::new(3, json!({"strict_optional": true}));
    p.set_buildings(1, &[("indigo_plant", None), ("gold_mine", None)]);
    let mut g = p.game();
    act(&mut g, "prospector");
    assert_eq!(obs(&g, 0)["phase"], "prospect_offer");
    assert_eq!(labels(&g), vec!["pass", "take draw"]);
    act(&mut g, "pass");
    assert_eq!(hand_size(&g, 0), 0);
    assert_eq!(obs(&g, 0)["phase"], "gold_offer");
    assert_eq!(g.turn(), Turn::Player(1));
    act(&mut g, "use gold mine");
    assert_eq!(obs(&g, 0)["phase"], "gold_reveal");
    draw_all(&mut g);
    // Councilor: each player may decline.
    let mut g = p.game();
    act(&mut g, "councilor");
    assert_eq!(obs(&g, 0)["phase"], "council_offer");
    act(&mut g, "take draw");
    assert_eq!(obs(&g, 0)["pending_draws"], 5);
    draw_all(&mut g);
    let keep = labels(&g)[0].clone();
    act(&mut g, &keep);
    assert_eq!(obs(&g, 0)["phase"], "council_offer");
    assert_eq!(g.turn(), Turn::Player(1));
    act(&mut g, "pass");
    assert_eq!(hand_size(&g, 1), 0);
}

/// Review finding: `determinize` returned the true hidden cards once the game was over (and for
/// a seat outside the game), although the observation still hides them. Every path resamples.
#[test]
fn determinize_resamples_hidden_cards_at_game_over_and_for_a_spectator() {
    let mut rng = GameRng::new(11);
    let mut g = SanJuan::new(&cfg(3, json!({})), 11).unwrap();
    while g.turn() != Turn::Terminal {
        step_random(&mut g, &mut rng);
    }
    let truth = state(&g);
    let hidden = |v: &Value, p: usize| {
        (
            v["players"][p]["hand"].clone(),
            v["players"][p]["chapel"].clone(),
            v["players"][p]["buildings"].clone(),
        )
    };
    let mut differs = false;
    let mut spectator_differs = false;
    for seed in 0..20 {
        let d = g.determinize(0, seed);
        assert_eq!(d.observation(0), g.observation(0));
        d.validate().unwrap();
        let ds = state(&d);
        assert_eq!(hidden(&ds, 0).0, hidden(&truth, 0).0, "own hand kept");
        differs |=
            (1..3).any(|p| hidden(&ds, p) != hidden(&truth, p)) || ds["supply"] != truth["supply"];
        let s = g.determinize(7, seed);
        s.validate().unwrap();
        let ss = state(&s);
        spectator_differs |= (0..3).any(|p| hidden(&ss, p).0 != hidden(&truth, p).0);
        for p in 0..3 {
            assert_eq!(hand_size(&s, p), hand_size(&g, p));
        }
    }
    assert!(
        differs,
        "the opponents' hidden cards are resampled at game over"
    );
    assert!(spectator_differs, "a spectator sees no hand");
}

/// Review: goods are hidden from everyone, their owner included; chapel cards from everyone but
/// their owner; the discard pile's contents (neither public nor the seat's own) from everyone.
#[test]
fn observation_hides_goods_from_their_owner_chapels_and_the_discard_pile() {
    let make = |good: &str, chapel: &str, discard: &str| {
        let mut p = Pos::new(3, json!({}));
        p.set_buildings(0, &[("indigo_plant", Some(good)), ("chapel", None)])
            .set_chapel(0, &[chapel])
            .set_hand(1, &["hero"]);
        let mut g = p.game();
        // A hidden discard by seat 1 at the hand limit is its own knowledge only.
        let mut v = g.to_json_value();
        let s = v["supply"].as_object_mut().unwrap();
        let n = s[discard].as_u64().unwrap();
        s.insert(discard.into(), json!(n - 1));
        v["discard"] = json!({ discard: 1 });
        v["players"][1]["known_discards"] = json!({ discard: 1 });
        g = meeple_core::dynamic::load_state::<SanJuan>(&v).unwrap();
        g
    };
    let a = make("hero", "sugar_mill", "statue");
    let goods = make("statue", "sugar_mill", "statue");
    let chapel = make("hero", "tobacco_storage", "statue");
    let discard = make("hero", "sugar_mill", "palace");
    let tensor = |g: &SanJuan, s: usize| {
        let mut t = vec![0.0; g.observation_tensor_len()];
        g.observation_tensor(s, &mut t);
        t
    };
    for seat in 0..3 {
        assert_eq!(
            a.observation(seat),
            goods.observation(seat),
            "good, seat {seat}"
        );
        assert_eq!(tensor(&a, seat), tensor(&goods, seat));
    }
    for seat in [1, 2] {
        assert_eq!(
            a.observation(seat),
            chapel.observation(seat),
            "chapel, seat {seat}"
        );
        assert_eq!(tensor(&a, seat), tensor(&chapel, seat));
    }
    assert_ne!(
        a.observation(0),
        chapel.observation(0),
        "the owner sees his chapel"
    );
    for seat in [0, 2] {
        assert_eq!(
            a.observation(seat),
            discard.observation(seat),
            "discard, seat {seat}"
        );
        assert_eq!(tensor(&a, seat), tensor(&discard, seat));
    }
    assert_ne!(
        a.observation(1),
        discard.observation(1),
        "seat 1 knows its discard"
    );
}

/// The cards a build of `card` asks for (the `left` of the payment step), a build of this seat.
fn cost_asked(g: &mut SanJuan, card: &str) -> u64 {
    act(g, &format!("build {card}"));
    assert_eq!(obs(g, 0)["phase"], "build_pay", "{card} costs nothing here");
    obs(g, 0)["left"].as_u64().unwrap()
}

#[test]
fn two_player_library_declined_leaves_the_builder_privilege_alone() {
    // §6.1: the builder pays 1 fewer, 2 fewer with the library; a 2-player governor may keep
    // the library for later (A8), and then only the privilege applies.
    for (choice, cost) in [("pass", 2), ("use library", 1)] {
        let mut p = Pos::new(2, json!({}));
        p.set_buildings(0, &[("indigo_plant", None), ("library", None)])
            .set_hand(0, &["tower", "hero", "hero", "hero"]);
        let mut g = p.game();
        act(&mut g, "builder");
        assert_eq!(obs(&g, 0)["phase"], "library");
        act(&mut g, choice);
        assert_eq!(
            cost_asked(&mut g, "tower"),
            cost,
            "tower (3) after {choice}"
        );
    }
}

#[test]
fn smithy_adds_to_the_builder_privilege() {
    let mut p = Pos::new(3, json!({}));
    p.set_buildings(0, &[("indigo_plant", None), ("smithy", None)])
        .set_hand(
            0,
            &["silver_smelter", "sugar_mill", "sugar_mill", "sugar_mill"],
        );
    let mut g = p.game();
    act(&mut g, "builder");
    assert_eq!(cost_asked(&mut g, "silver_smelter"), 5 - 1 - 1);
}

#[test]
fn triumphal_arch_for_none_one_and_three_monuments() {
    // §8 step 5: +0, +4, +6 or +8 for 0, 1, 2 or 3 monuments (E19 is the 2-monument case).
    for (monuments, score) in [
        (&[][..], 0.0),
        (&["statue"][..], 3.0 + 4.0),
        (
            &["statue", "victory_column", "hero"][..],
            3.0 + 4.0 + 5.0 + 8.0,
        ),
    ] {
        let mut b = vec![("triumphal_arch", None)];
        b.extend(monuments.iter().map(|&m| (m, None)));
        let mut p = Pos::new(2, json!({}));
        p.set_buildings(0, &b);
        assert_eq!(p.game().scores()[0], score, "arch with {monuments:?}");
    }
}
