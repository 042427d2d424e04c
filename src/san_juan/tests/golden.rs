//! Every worked example of the spec (§9, E1-E23), as positions in the documented JSON format.

mod common;
use common::*;
use meeple_core::{Game, Turn};
use serde_json::json;

fn draw_n(g: &mut meeple_san_juan::SanJuan, n: usize) {
    for _ in 0..n {
        assert_eq!(g.turn(), Turn::Chance);
        let mut o = Vec::new();
        g.chance_outcomes(&mut o);
        g.apply(o[0].0).unwrap();
    }
}

fn first_legal(g: &mut meeple_san_juan::SanJuan) {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    g.apply(v[0]).unwrap();
}

#[test]
fn e1_builder_discount_floor() {
    let mut p = Pos::new(3, json!({}));
    p.set_buildings(
        0,
        &[("indigo_plant", None), ("smithy", None), ("library", None)],
    )
    .set_hand(0, &["sugar_mill", "statue", "hero"]);
    let mut g = p.game();
    act(&mut g, "builder");
    act(&mut g, "build sugar_mill");
    // Cost max(0, 2 - 1 - 1 - 1) = 0: no payment step, no refund.
    assert_eq!(hand_size(&g, 0), 2);
    assert!(buildings(&g, 0).contains(&"sugar_mill".to_string()));
    assert_eq!(obs(&g, 0)["discard_size"], 0);
    assert_eq!(obs(&g, 0)["phase"], "pick_role");
}

#[test]
fn e2_trader_with_trading_post_and_market_stand() {
    let mut p = Pos::new(3, json!({}));
    p.set_buildings(
        0,
        &[
            ("indigo_plant", Some("hero")),
            ("tobacco_storage", Some("hero")),
            ("silver_smelter", Some("statue")),
            ("market_stand", None),
            ("trading_post", None),
        ],
    );
    let mut g = p.game();
    act(&mut g, "trader");
    act(&mut g, "tile 2 (1-1-2-2-3)");
    assert_eq!(
        obs(&g, 0)["left"],
        3,
        "limit 1 + 1 (trader) + 1 (trading post)"
    );
    act(&mut g, "sell indigo");
    act(&mut g, "sell tobacco");
    act(&mut g, "sell silver");
    assert_eq!(
        obs(&g, 0)["pending_draws"],
        7,
        "1 + 2 + 3 + 1 (market stand)"
    );
    assert_eq!(obs(&g, 0)["discard_size"], 3);
    draw_n(&mut g, 7);
    assert_eq!(hand_size(&g, 0), 7);
    assert_eq!(obs(&g, 0)["players"][0]["goods"], 0);
    assert_eq!(obs(&g, 0)["tile_cycle"], json!([2]));
    assert_eq!(obs(&g, 0)["trades"], 1);
    assert_eq!(obs(&g, 0)["phase"], "pick_role");
}

#[test]
fn e3_gold_mine_fails() {
    let mut p = Pos::new(3, json!({}));
    p.set_buildings(1, &[("indigo_plant", None), ("gold_mine", None)])
        .set_hand(1, &["sugar_mill", "sugar_mill"]);
    let mut g = p.game();
    act(&mut g, "prospector");
    act(&mut g, "draw indigo_plant"); // the prospector's own card
    assert_eq!(obs(&g, 0)["phase"], "gold_reveal");
    for c in ["library", "prefecture", "smithy", "tobacco_storage"] {
        act(&mut g, &format!("draw {c}"));
    }
    assert_eq!(hand_size(&g, 1), 2, "Michael's hand is unchanged");
    let o = obs(&g, 2);
    assert_eq!(map_total(&o["discard_public"]), 4);
    assert_eq!(card_count(&o["discard_public"], "library"), 1);
    assert_eq!(o["phase"], "pick_role");
}

#[test]
fn e4_gold_mine_succeeds() {
    let mut p = Pos::new(3, json!({}));
    p.set_buildings(0, &[("indigo_plant", None), ("gold_mine", None)]);
    let mut g = p.game();
    act(&mut g, "prospector");
    act(&mut g, "draw indigo_plant");
    for c in ["quarry", "smithy", "tobacco_storage", "library"] {
        act(&mut g, &format!("draw {c}"));
    }
    assert_eq!(obs(&g, 0)["phase"], "gold_keep");
    assert_eq!(
        labels(&g),
        vec![
            "keep tobacco_storage",
            "keep smithy",
            "keep quarry",
            "keep library"
        ]
    );
    act(&mut g, "keep quarry");
    assert_eq!(hand_size(&g, 0), 2);
    let o = obs(&g, 1);
    assert_eq!(o["players"][0]["known_hand"], json!({"quarry": 1}));
    assert_eq!(map_total(&o["discard_public"]), 3);
}

#[test]
fn e5_archive_with_prefecture() {
    let mut p = Pos::new(3, json!({}));
    p.set_buildings(
        0,
        &[
            ("indigo_plant", None),
            ("archive", None),
            ("prefecture", None),
        ],
    )
    .set_hand(0, &["statue", "hero"]);
    let mut g = p.game();
    act(&mut g, "councilor");
    draw_n(&mut g, 5);
    assert_eq!(hand_size(&g, 0), 7, "the drawn cards join the hand");
    assert_eq!(obs(&g, 0)["phase"], "council_discard");
    assert_eq!(obs(&g, 0)["left"], 3);
    for _ in 0..3 {
        first_legal(&mut g);
    }
    assert_eq!(hand_size(&g, 0), 4, "h + 2");
    assert_eq!(obs(&g, 0)["discard_size"], 3);
}

#[test]
fn e6_black_market() {
    let mut p = Pos::new(3, json!({}));
    p.set("governor", json!(1)).set("actor", json!(1));
    p.set_buildings(
        0,
        &[
            ("indigo_plant", Some("hero")),
            ("tobacco_storage", Some("statue")),
            ("black_market", None),
        ],
    )
    .set_hand(0, &["library", "statue", "hero", "victory_column"]);
    let mut g = p.game();
    act(&mut g, "builder"); // seat 1 builds nothing, seat 2 neither: Ken's turn
    act(&mut g, "build library");
    assert_eq!(obs(&g, 0)["left"], 5);
    act(&mut g, "pay good indigo");
    act(&mut g, "pay good tobacco");
    assert!(!is_legal(&g, "pay good sugar"));
    act(&mut g, "pay statue");
    act(&mut g, "pay victory_column");
    act(&mut g, "pay hero");
    assert_eq!(hand_size(&g, 0), 0);
    assert_eq!(obs(&g, 0)["players"][0]["goods"], 0);
    assert_eq!(obs(&g, 0)["discard_size"], 5);
    assert!(buildings(&g, 0).contains(&"library".to_string()));
}

fn sell_limit(trader: usize, library: bool) -> u64 {
    let mut p = Pos::new(3, json!({}));
    p.set("governor", json!(trader)).set("actor", json!(trader));
    let mut b = vec![
        ("indigo_plant", Some("hero")),
        ("indigo_plant", Some("hero")),
        ("indigo_plant", Some("hero")),
        ("indigo_plant", Some("statue")),
        ("trading_post", None),
    ];
    if library {
        b.push(("library", None));
    }
    p.set_buildings(0, &b);
    let mut g = p.game();
    act(&mut g, "trader");
    draw_n(&mut g, 1);
    assert_eq!(obs(&g, 0)["phase"], "sell");
    assert_eq!(obs(&g, 0)["actor"], 0);
    obs(&g, 0)["left"].as_u64().unwrap()
}

#[test]
fn e7_trading_post_limits() {
    assert_eq!(sell_limit(1, false), 2);
    assert_eq!(sell_limit(0, false), 3);
    assert_eq!(sell_limit(0, true), 4);
}

#[test]
fn e8_crane_onto_chapel() {
    let mut p = Pos::new(3, json!({}));
    p.set("governor", json!(1)).set("actor", json!(1));
    p.set_buildings(
        0,
        &[("indigo_plant", None), ("crane", None), ("chapel", None)],
    )
    .set_chapel(0, &["sugar_mill", "sugar_mill", "sugar_mill"])
    .set_hand(
        0,
        &[
            "palace",
            "tobacco_storage",
            "tobacco_storage",
            "tobacco_storage",
        ],
    );
    let mut g = p.game();
    let before = g.scores()[0];
    assert_eq!(before, 1.0 + 1.0 + 2.0 + 3.0);
    act(&mut g, "builder");
    act(&mut g, "build palace");
    assert_eq!(labels(&g), vec!["build over slot 2 (chapel)"]);
    act(&mut g, "build over slot 2 (chapel)");
    assert_eq!(obs(&g, 0)["left"], 3, "6 - 3 (the chapel's cost)");
    for _ in 0..3 {
        act(&mut g, "pay tobacco_storage");
    }
    assert_eq!(buildings(&g, 0), vec!["indigo_plant", "crane", "palace"]);
    assert_eq!(state(&g)["players"][0]["covered"], json!({"chapel": 1}));
    // 1 + 1 + 0, plus the 3 chapel cards = 5; the palace adds floor(5 / 4) = 1.
    assert_eq!(g.scores()[0], 6.0);
}

#[test]
fn e9_crane_with_no_refund() {
    let mut p = Pos::new(3, json!({}));
    p.set("governor", json!(1)).set("actor", json!(1));
    p.set_buildings(
        0,
        &[
            ("indigo_plant", None),
            ("crane", None),
            ("coffee_roaster", Some("hero")),
        ],
    )
    .set_hand(0, &["statue"]);
    let mut g = p.game();
    act(&mut g, "builder");
    act(&mut g, "build statue");
    act(&mut g, "build over slot 2 (coffee_roaster)");
    assert_eq!(hand_size(&g, 0), 0, "paid 0, nothing back");
    assert_eq!(buildings(&g, 0), vec!["indigo_plant", "crane", "statue"]);
    assert_eq!(obs(&g, 0)["discard_size"], 1, "the good is discarded");
    assert_eq!(obs(&g, 0)["players"][0]["goods"], 0);
}

#[test]
fn e10_chapel_scoring() {
    let mut p = Pos::new(2, json!({}));
    p.set_buildings(0, &[("chapel", None)])
        .set_chapel(0, &["sugar_mill"; 7]);
    let g = p.game();
    assert_eq!(g.scores()[0], 9.0);
}

fn produce_limit(producer: usize, library: bool) -> u64 {
    let mut p = Pos::new(3, json!({}));
    p.set("governor", json!(producer))
        .set("actor", json!(producer));
    let mut b = vec![
        ("indigo_plant", None),
        ("indigo_plant", None),
        ("sugar_mill", None),
        ("sugar_mill", None),
        ("aqueduct", None),
    ];
    if library {
        b.push(("library", None));
    }
    p.set_buildings(0, &b);
    let mut g = p.game();
    act(&mut g, "producer");
    if producer != 0 {
        // The others produce first (one good each on their indigo plant).
        while obs(&g, 0)["actor"] != 0 || obs(&g, 0)["phase"] != "produce" {
            first_legal(&mut g);
            if g.turn() == Turn::Chance {
                draw_n(&mut g, 1);
            }
        }
    }
    obs(&g, 0)["left"].as_u64().unwrap()
}

#[test]
fn e11_aqueduct_limits() {
    assert_eq!(produce_limit(1, false), 2);
    assert_eq!(produce_limit(0, false), 3);
    assert_eq!(produce_limit(0, true), 4);
}

fn council(chooser: usize, library: bool, archive: bool) -> (u64, u64, u64) {
    let mut p = Pos::new(3, json!({}));
    p.set("governor", json!(chooser))
        .set("actor", json!(chooser));
    let mut b = vec![("indigo_plant", None), ("prefecture", None)];
    if library {
        b.push(("library", None));
    }
    if archive {
        b.push(("archive", None));
    }
    p.set_buildings(0, &b).set_hand(0, &["hero"]);
    let mut g = p.game();
    act(&mut g, "councilor");
    // Resolve the players before seat 0.
    while obs(&g, 0)["actor"] != 0 {
        if g.turn() == Turn::Chance {
            draw_n(&mut g, 1);
        } else {
            first_legal(&mut g);
        }
    }
    let drawn = obs(&g, 0)["pending_draws"].as_u64().unwrap();
    draw_n(&mut g, drawn as usize);
    let o = obs(&g, 0);
    let (keep_or_discard, hand_now) = match o["phase"].as_str().unwrap() {
        "council_keep" | "council_discard" => (o["left"].as_u64().unwrap(), hand_size(&g, 0)),
        _ => (0, hand_size(&g, 0)),
    };
    (drawn, keep_or_discard, hand_now)
}

#[test]
fn e12_prefecture() {
    // Without archive: draw D, keep 2 (no choice when D = 2).
    let (d, _, h) = council(1, false, false);
    assert_eq!((d, h), (2, 3), "2 of 2 kept");
    assert_eq!(council(0, false, false).0, 5);
    assert_eq!(council(0, false, false).1, 2, "keep 2 of 5");
    assert_eq!(council(0, true, false).0, 8);
    assert_eq!(council(0, true, false).1, 2, "keep 2 of 8");
    // With archive: the drawn cards join the hand, then discard 0, 3 or 6 from it.
    assert_eq!(council(1, false, true), (2, 0, 3));
    assert_eq!(council(0, false, true), (5, 3, 6));
    assert_eq!(council(0, true, true), (8, 6, 9));
}

fn market_hall_draws(tiles: serde_json::Value, tile_label: &str) -> u64 {
    let mut p = Pos::new(3, json!({"price_tiles": tiles}));
    p.set_buildings(
        0,
        &[
            ("sugar_mill", Some("hero")),
            ("coffee_roaster", Some("hero")),
            ("market_hall", None),
        ],
    );
    let mut g = p.game();
    act(&mut g, "trader");
    act(&mut g, tile_label);
    act(&mut g, "sell sugar");
    act(&mut g, "sell coffee");
    obs(&g, 0)["pending_draws"].as_u64().unwrap()
}

#[test]
fn e13_market_hall() {
    // The rulebook's arithmetic (sugar 1, coffee 3) fits no real tile: inject one.
    let injected = json!([
        [1, 1, 2, 3, 3],
        [1, 1, 2, 2, 2],
        [1, 1, 2, 2, 3],
        [1, 2, 2, 2, 3],
        [1, 2, 2, 3, 3]
    ]);
    assert_eq!(market_hall_draws(injected, "tile 0 (1-1-2-3-3)"), 5);
    // A real tile: P4 (sugar 2, coffee 3) gives 2 + 3 + 1.
    let standard = json!([
        [1, 1, 1, 2, 2],
        [1, 1, 2, 2, 2],
        [1, 1, 2, 2, 3],
        [1, 2, 2, 2, 3],
        [1, 2, 2, 3, 3]
    ]);
    assert_eq!(market_hall_draws(standard, "tile 4 (1-2-2-3-3)"), 6);
}

#[test]
fn e14_quarry_with_builder_privilege() {
    let mut p = Pos::new(3, json!({}));
    p.set_buildings(0, &[("indigo_plant", None), ("quarry", None)])
        .set_hand(0, &["crane", "hero"]);
    let mut g = p.game();
    act(&mut g, "builder");
    act(&mut g, "build crane");
    assert_eq!(hand_size(&g, 0), 1, "the crane cost 0");
    assert!(buildings(&g, 0).contains(&"crane".to_string()));
}

#[test]
fn e15_library_councilor() {
    let mut p = Pos::new(3, json!({}));
    p.set_buildings(
        0,
        &[
            ("indigo_plant", None),
            ("library", None),
            ("archive", None),
            ("prefecture", None),
        ],
    )
    .set_hand(0, &["hero"]);
    let mut g = p.game();
    act(&mut g, "councilor");
    assert_eq!(obs(&g, 0)["pending_draws"], 8);
    draw_n(&mut g, 8);
    assert_eq!(obs(&g, 0)["left"], 6);
    for _ in 0..6 {
        first_legal(&mut g);
    }
    assert_eq!(hand_size(&g, 0), 3, "h + 2");
}

fn library_quarry_cost(card: &str) -> u64 {
    let mut p = Pos::new(3, json!({}));
    p.set_buildings(
        0,
        &[("indigo_plant", None), ("library", None), ("quarry", None)],
    )
    .set_hand(0, &[card, "hero", "hero", "hero"]);
    let mut g = p.game();
    act(&mut g, "builder");
    act(&mut g, &format!("build {card}"));
    assert_eq!(obs(&g, 0)["phase"], "build_pay");
    obs(&g, 0)["left"].as_u64().unwrap()
}

#[test]
fn e16_library_builder_with_quarry() {
    assert_eq!(library_quarry_cost("victory_column"), 1);
    assert_eq!(library_quarry_cost("palace"), 3);
}

#[test]
fn e17_guild_hall() {
    let mut p = Pos::new(2, json!({}));
    p.set_buildings(
        0,
        &[
            ("guild_hall", None),
            ("indigo_plant", None),
            ("indigo_plant", None),
            ("sugar_mill", None),
            ("coffee_roaster", None),
        ],
    );
    assert_eq!(
        p.game().scores()[0],
        13.0,
        "5 printed + 8 from the guild hall"
    );
}

#[test]
fn e18_city_hall() {
    let mut p = Pos::new(2, json!({}));
    let b: Vec<(&str, Option<&str>)> = [
        "poor_house",
        "aqueduct",
        "carpenter",
        "chapel",
        "quarry",
        "library",
        "statue",
        "hero",
        "city_hall",
    ]
    .iter()
    .map(|&c| (c, None))
    .collect();
    p.set_buildings(0, &b);
    // Printed 1+2+2+2+2+3+3+5+0 = 20, city hall +9.
    assert_eq!(p.game().scores()[0], 29.0);
}

#[test]
fn e19_triumphal_arch() {
    let mut p = Pos::new(2, json!({}));
    p.set_buildings(
        0,
        &[("triumphal_arch", None), ("statue", None), ("hero", None)],
    );
    assert_eq!(p.game().scores()[0], 3.0 + 5.0 + 6.0);
}

#[test]
fn e20_palace() {
    let mut p = Pos::new(2, json!({}));
    // 5 + 4 + 3 + 3 + 3 + 3 + 2 + 2 + 2 + 2 + 2 = 31 printed, + 3 chapel cards = 34.
    p.set_buildings(
        0,
        &[
            ("palace", None),
            ("hero", None),
            ("victory_column", None),
            ("statue", None),
            ("library", None),
            ("silver_smelter", None),
            ("silver_smelter", None),
            ("tobacco_storage", None),
            ("coffee_roaster", None),
            ("chapel", None),
            ("tower", None),
            ("aqueduct", None),
        ],
    )
    .set_chapel(0, &["sugar_mill"; 3]);
    assert_eq!(p.game().scores()[0], 42.0);
}

#[test]
fn e21_two_player_round() {
    use meeple_core::{Config, GameRng};
    let cfg = Config::with_players(&meeple_san_juan::SanJuan::info(), 2).unwrap();
    for seed in 0..20 {
        let mut g = meeple_san_juan::SanJuan::new(&cfg, seed).unwrap();
        let mut rng = GameRng::new(seed);
        let mut picks: Vec<(u64, u64, u64)> = Vec::new(); // (round, governor, picker)
        let mut v = Vec::new();
        while g.turn() != Turn::Terminal {
            let o = obs(&g, 0);
            if o["phase"] == "pick_role" {
                picks.push((
                    o["round"].as_u64().unwrap(),
                    o["governor"].as_u64().unwrap(),
                    o["actor"].as_u64().unwrap(),
                ));
            }
            if g.turn() == Turn::Chance {
                let mut c = Vec::new();
                g.chance_outcomes(&mut c);
                g.apply(c[rng.weighted(c.iter().map(|x| x.1))].0).unwrap();
            } else {
                g.legal_actions(&mut v);
                g.apply(v[rng.index(v.len())]).unwrap();
            }
        }
        let last_round = picks.last().unwrap().0;
        for r in 1..last_round {
            let round: Vec<_> = picks.iter().filter(|p| p.0 == r).collect();
            assert_eq!(round.len(), 3, "seed {seed} round {r}: exactly 3 roles");
            let gov = round[0].1;
            let order: Vec<u64> = round.iter().map(|p| p.2).collect();
            assert_eq!(order, vec![gov, 1 - gov, gov]);
            let next = picks.iter().find(|p| p.0 == r + 1).unwrap();
            assert_eq!(next.1, 1 - gov, "the governor alternates");
        }
    }
}

fn two_player_library(use_first: bool) -> (u64, u64) {
    let mut p = Pos::new(2, json!({}));
    p.set_buildings(0, &[("indigo_plant", None), ("library", None)]);
    let mut g = p.game();
    act(&mut g, "councilor");
    assert_eq!(labels(&g), vec!["pass", "use library"]);
    act(&mut g, if use_first { "use library" } else { "pass" });
    let first = obs(&g, 0)["pending_draws"].as_u64().unwrap();
    while obs(&g, 0)["phase"] != "pick_role" {
        if g.turn() == Turn::Chance {
            draw_n(&mut g, 1);
        } else {
            first_legal(&mut g);
        }
    }
    act(&mut g, "builder"); // the opponent's role
    while obs(&g, 0)["phase"] != "pick_role" {
        act(&mut g, "pass");
    }
    act(&mut g, "prospector");
    let second = obs(&g, 0)["pending_draws"].as_u64().unwrap();
    (first, second)
}

#[test]
fn e22_two_player_library() {
    assert_eq!(
        two_player_library(true),
        (8, 1),
        "used first: normal privilege second"
    );
    assert_eq!(
        two_player_library(false),
        (5, 2),
        "declined first: doubled second"
    );
}

#[test]
fn e23_carpenter_then_poor_house() {
    for (extra, draws) in [(0usize, 2u64), (1, 1)] {
        let mut p = Pos::new(3, json!({}));
        p.set_buildings(
            0,
            &[
                ("indigo_plant", None),
                ("carpenter", None),
                ("poor_house", None),
            ],
        );
        let mut hand = vec!["smithy"];
        hand.extend(std::iter::repeat_n("hero", extra));
        p.set_hand(0, &hand);
        let mut g = p.game();
        act(&mut g, "builder");
        act(&mut g, "build smithy"); // cost 1 - 1 (privilege) = 0
        let mut n = 0;
        while g.turn() == Turn::Chance {
            draw_n(&mut g, 1);
            n += 1;
        }
        assert_eq!(n, draws, "{extra} card(s) left after building");
        assert_eq!(hand_size(&g, 0), 2);
    }
}

#[test]
fn e22_two_player_library_trader_decides_after_the_tile() {
    let mut p = Pos::new(2, json!({}));
    p.set_buildings(
        0,
        &[
            ("indigo_plant", Some("hero")),
            ("indigo_plant", Some("hero")),
            ("indigo_plant", Some("hero")),
            ("library", None),
        ],
    );
    let mut g = p.game();
    act(&mut g, "trader");
    assert_eq!(g.turn(), Turn::Chance, "the tile comes first");
    act(&mut g, "tile 1 (1-1-2-2-2)");
    assert_eq!(obs(&g, 0)["phase"], "library");
    act(&mut g, "use library");
    assert_eq!(obs(&g, 0)["phase"], "sell");
    assert_eq!(obs(&g, 0)["left"], 3);
}

/// E8 again, from a position written by hand (`tests/data/position_e8.json`, the minimal form:
/// optional fields omitted, the supply is "every card not placed").
#[test]
fn e8_crane_onto_chapel_from_a_hand_written_position() {
    let text = include_str!("data/position_e8.json");
    let v: serde_json::Value = serde_json::from_str(text).unwrap();
    let mut g = meeple_core::dynamic::load_state::<meeple_san_juan::SanJuan>(&v).unwrap();
    assert_eq!(
        obs(&g, 0)["supply_size"],
        110 - 10 - 4 - 4,
        "18 cards placed"
    );
    act(&mut g, "builder");
    // Seat 1 (the builder) builds nothing here, seat 2 neither; then Ken (seat 0).
    act(&mut g, "pass");
    act(&mut g, "pass");
    act(&mut g, "build palace");
    act(&mut g, "build over slot 2 (chapel)");
    for _ in 0..3 {
        act(&mut g, "pay tobacco_storage");
    }
    assert_eq!(buildings(&g, 0), vec!["indigo_plant", "crane", "palace"]);
    assert_eq!(g.scores()[0], 6.0);
    // The full form round-trips exactly.
    let full = g.to_json_value();
    let back = meeple_core::dynamic::load_state::<meeple_san_juan::SanJuan>(&full).unwrap();
    assert_eq!(back.to_json_value(), full);
}
