//! Traders & Barbarians modules (spec Part B): rule tests on hand-written positions, the spec's
//! worked examples, the refused options and the conformance kit over every allowed combination.

mod common;
use common::*;

use meeple_catan::{Catan, Phase};
use meeple_core::conformance::{assert_conforms, KitOptions};
use meeple_core::dynamic::load_state;
use meeple_core::{Config, Game};
use serde_json::{json, Map, Value};

/// A position on the beginner board after set-up: player 0 to act in the main phase.
fn base(players: usize, opts: Value) -> Value {
    main_phase(&config(players, opts), &[])
}

// ---------------------------------------------------------------- options

#[test]
fn traders_barbarians_with_catan_for_two_is_accepted() {
    // B9 with B4 (2 players, spec §B9.12) is implemented (`traders_two.rs`, `tests/traders.rs`).
    let c = config(2, json!({"scenario": "traders_barbarians"}));
    let g = Catan::new(&c, 1).expect("B9 with B4 is allowed");
    assert!(g.observation(0)["two"].is_object());
    assert!(g.observation(0)["traders"].is_object());
}

#[test]
fn a_position_naming_a_scenario_without_its_state_is_refused() {
    let mut v = base(3, json!({}));
    v["config"]["options"]["scenario"] = json!("traders_barbarians");
    let e = load_state::<Catan>(&v).expect_err("refused").to_string();
    assert!(e.contains("traders"), "{e}");
}

// ---------------------------------------------------------------- B1 Friendly Robber

/// Six settlements, one on each of 18 hexes (every land hex but the desert (0,0) exactly once):
/// two per player, so every player has 2 VP and is protected.
fn friendly_cover(v: &mut Value) {
    set_player(v, 0, "settlements", json!([[-2, 1, "N"], [-1, 1, "S"]]));
    set_player(v, 1, "settlements", json!([[0, -2, "S"], [0, 2, "N"]]));
    set_player(v, 2, "settlements", json!([[1, -1, "N"], [2, -1, "S"]]));
    v["phase"] = json!("move_robber");
}

#[test]
fn friendly_robber_every_hex_protected_goes_to_the_desert_without_steal() {
    let mut v = base(3, json!({"friendly_robber": true}));
    friendly_cover(&mut v);
    set_player(&mut v, 1, "resources", json!({"ore": 2}));
    let mut g = load(&v);
    assert_eq!(g.robber_targets().count_ones(), 1);
    // §B1.2: the desert, even though the robber already stands there.
    assert_eq!(legal_labels(&g), vec!["robber to (0,0)".to_string()]);
    play(&mut g, "robber to (0,0)");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.hand(0), [0; 5]);
    // Without the module every other hex is open.
    let mut v = base(3, json!({}));
    friendly_cover(&mut v);
    let g = load(&v);
    assert_eq!(legal_labels(&g).len(), 18);
}

/// §B1.2 from elsewhere: with every hex protected the robber goes to the desert wherever the
/// desert lies and wherever the robber stands (here the beginner board with the desert and the
/// mountains (-1,1) swapped, the robber on the mountains now in the centre).
#[test]
fn friendly_robber_every_hex_protected_goes_to_the_desert_from_anywhere() {
    let mut v = base(3, json!({"friendly_robber": true}));
    friendly_cover(&mut v);
    for h in v["board"]["hexes"].as_array_mut().unwrap() {
        match (h["q"].as_i64(), h["r"].as_i64()) {
            (Some(0), Some(0)) => *h = json!({"q": 0, "r": 0, "terrain": "mountains", "token": 3}),
            (Some(-1), Some(1)) => *h = json!({"q": -1, "r": 1, "terrain": "desert"}),
            _ => {}
        }
    }
    v["robber"] = json!([0, 0]);
    let mut g = load(&v);
    assert_eq!(legal_labels(&g), vec!["robber to (-1,1)".to_string()]);
    play(&mut g, "robber to (-1,1)");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn friendly_robber_only_hexes_of_unprotected_players_and_steal_from_them() {
    let mut v = base(3, json!({"friendly_robber": true}));
    friendly_cover(&mut v);
    // Player 2's N(1,-1) becomes a city: 3 VP, no longer protected.
    set_player(&mut v, 2, "settlements", json!([[2, -1, "S"]]));
    set_player(&mut v, 2, "cities", json!([[1, -1, "N"]]));
    set_player(&mut v, 2, "resources", json!({"wool": 1}));
    let mut g = load(&v);
    let mut l = legal_labels(&g);
    l.sort();
    let mut want: Vec<String> = ["(1,-1)", "(1,-2)", "(2,-2)", "(2,-1)", "(2,0)", "(1,0)"]
        .iter()
        .map(|h| format!("robber to {h}"))
        .collect();
    want.sort();
    assert_eq!(l, want);
    let o = g.observation(0);
    assert_eq!(o["players"][1]["protected_by_friendly_robber"], json!(true));
    assert_eq!(
        o["players"][2]["protected_by_friendly_robber"],
        json!(false)
    );
    play(&mut g, "robber to (1,-1)");
    assert_eq!(g.phase(), Phase::Steal);
    play(&mut g, "stolen wool");
    assert_eq!(g.hand(0)[2], 1);
}

#[test]
fn friendly_robber_protection_counts_public_vp_only() {
    // Player 1: 2 settlements and 3 hidden VP cards: still protected (D-01, G-1).
    let mut v = base(3, json!({"friendly_robber": true}));
    friendly_cover(&mut v);
    set_player(&mut v, 1, "development_cards", json!({"victory_point": 3}));
    let g = load(&v);
    assert_eq!(g.protected_players(), 0b111);
    // A knight played in the main phase also obeys the module.
    let mut v = base(3, json!({"friendly_robber": true}));
    friendly_cover(&mut v);
    v["phase"] = json!("main");
    set_player(&mut v, 0, "development_cards", json!({"knight": 1}));
    let mut g = load(&v);
    play(&mut g, "play knight");
    assert_eq!(legal_labels(&g), vec!["robber to (0,0)".to_string()]);
}

// ---------------------------------------------------------------- B3 Harbormaster

/// EX-14: P1 city on a harbour (2) + settlement on another (1) = 3 → takes the card (+2 VP).
/// P2 reaching 3 takes nothing; P2 at 4 takes it.
#[test]
fn ex14_harbormaster_award_and_takeover() {
    let mut v = base(3, json!({"harbormaster": true, "player_trades": "off"}));
    // Player 0: settlements on the 3:1 harbour N(0,-2) and the wool harbour S(1,1).
    set_player(&mut v, 0, "settlements", json!([[0, -2, "N"], [1, 1, "S"]]));
    set_player(&mut v, 0, "resources", json!({"grain": 2, "ore": 3}));
    // Player 1: settlements on the ore harbour N(2,-1) and the 3:1 harbour S(-2,2).
    set_player(
        &mut v,
        1,
        "settlements",
        json!([[2, -1, "N"], [-2, 2, "S"]]),
    );
    set_player(&mut v, 1, "resources", json!({"grain": 4, "ore": 6}));
    let mut g = load(&v);
    assert_eq!(g.harbor_points(0), 2);
    assert_eq!(g.public_vp(0), 2);
    play(&mut g, "city N(0,-2)");
    assert_eq!(g.harbor_points(0), 3);
    assert_eq!(g.public_vp(0), 3 + 2, "the Harbormaster card is worth 2 VP");
    let o = g.observation(1);
    assert_eq!(o["harbormaster"], json!(0));
    assert_eq!(o["players"][0]["harbor_points"], json!(3));
    play(&mut g, "end turn");
    play(&mut g, "dice 2");
    assert_eq!(g.phase(), Phase::Main);
    play(&mut g, "city N(2,-1)");
    assert_eq!(g.harbor_points(1), 3);
    assert_eq!(g.public_vp(1), 3, "3 harbour points only tie the holder");
    assert_eq!(g.public_vp(0), 5);
    play(&mut g, "city S(-2,2)");
    assert_eq!(g.harbor_points(1), 4);
    assert_eq!(g.public_vp(1), 4 + 2);
    assert_eq!(g.public_vp(0), 3);
    assert_eq!(g.observation(0)["harbormaster"], json!(1));
}

#[test]
fn harbormaster_settlements_and_cities_off_harbours_score_nothing() {
    let mut v = base(3, json!({"harbormaster": true}));
    set_player(&mut v, 0, "settlements", json!([[0, 0, "N"]]));
    set_player(&mut v, 0, "cities", json!([[0, 0, "S"]]));
    let g = load(&v);
    assert_eq!(g.harbor_points(0), 0);
}

#[test]
fn harbormaster_raises_the_target_to_eleven() {
    let mk = |hm: bool| {
        let mut v = base(3, json!({"harbormaster": hm}));
        set_player(&mut v, 0, "settlements", json!([[1, 1, "S"]]));
        set_player(&mut v, 0, "cities", json!([[0, -2, "N"]]));
        set_player(&mut v, 0, "development_cards", json!({"victory_point": 4}));
        set_player(&mut v, 0, "resources", json!({"grain": 2, "ore": 3}));
        if hm {
            v["harbormaster"] = json!(0);
        }
        v
    };
    // With the module: 3 + 2 (card) + 4 = 9; the city makes 10: not yet a win (needs 11).
    let mut g = load(&mk(true));
    assert_eq!(g.vp(0), 9);
    play(&mut g, "city S(1,1)");
    assert_eq!(g.vp(0), 10);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.observation(0)["victory_target"], json!(11));
    // Without it: 3 + 5 + 1 = 9 with one more settlement and VP card; the city makes 10: a win.
    let mut v = mk(false);
    set_player(&mut v, 0, "development_cards", json!({"victory_point": 5}));
    set_player(&mut v, 0, "settlements", json!([[1, 1, "S"], [-2, 1, "N"]]));
    let mut g = load(&v);
    play(&mut g, "city S(1,1)");
    assert_eq!(g.vp(0), 10);
    assert_eq!(g.phase(), Phase::GameOver);
    // With the module and 11 VP the city wins.
    let mut v = mk(true);
    set_player(&mut v, 0, "development_cards", json!({"victory_point": 5}));
    let mut g = load(&v);
    play(&mut g, "city S(1,1)");
    assert_eq!(g.vp(0), 11);
    assert_eq!(g.phase(), Phase::GameOver);
    assert_eq!(g.winners(), vec![0]);
}

#[test]
fn harbormaster_holder_is_checked_on_load() {
    let mut v = base(3, json!({"harbormaster": true}));
    set_player(&mut v, 0, "settlements", json!([[1, 1, "S"]]));
    set_player(&mut v, 0, "cities", json!([[0, -2, "N"]]));
    // 3 harbour points and nobody holds the card.
    let e = load_state::<Catan>(&v).expect_err("refused").to_string();
    assert!(e.contains("Harbormaster"), "{e}");
    // The card with the wrong player.
    v["harbormaster"] = json!(1);
    let e = load_state::<Catan>(&v).expect_err("refused").to_string();
    assert!(e.contains("Harbormaster"), "{e}");
    v["harbormaster"] = json!(0);
    load(&v);
    // A holder while the module is off.
    let mut w = base(3, json!({}));
    w["harbormaster"] = json!(0);
    assert!(load_state::<Catan>(&w).is_err());
}

// ---------------------------------------------------------------- conformance

/// A configuration on a random board.
fn random_config(players: usize, opts: Value) -> Config {
    options(players, opts)
}

#[test]
fn conforms_friendly_robber_and_harbormaster() {
    let c: Vec<Config> = [3, 4]
        .iter()
        .flat_map(|&n| {
            [
                random_config(
                    n,
                    json!({"friendly_robber": true, "trade_offers_per_turn": 1}),
                ),
                random_config(n, json!({"harbormaster": true, "player_trades": "off"})),
                random_config(
                    n,
                    json!({"friendly_robber": true, "harbormaster": true, "player_trades": "off"}),
                ),
            ]
        })
        .collect();
    kit(&c, 2);
}

#[test]
fn conforms_event_cards_alone_and_with_every_variant() {
    let c: Vec<Config> = [3, 4]
        .iter()
        .flat_map(|&n| {
            [
                random_config(n, json!({"event_cards": true, "trade_offers_per_turn": 1})),
                random_config(
                    n,
                    json!({"event_cards": true, "friendly_robber": true, "harbormaster": true,
                           "event_new_year": false, "event_tie": "none", "player_trades": "off"}),
                ),
            ]
        })
        .collect();
    kit(&c, 2);
}

// ---------------------------------------------------------------- B2 Event cards

/// A position on the beginner board, player 0 about to reveal an event card.
fn ev_base() -> Value {
    let mut v = base(3, json!({"event_cards": true, "player_trades": "off"}));
    v["phase"] = json!("roll");
    v["rolled"] = json!(false);
    v
}

#[test]
fn event_deck_histogram_is_36_times_2d6() {
    let g = load(&ev_base());
    let mut hist = [0u32; 13];
    for (label, w) in outcomes(&g) {
        let num: usize = label.rsplit('_').next().unwrap().parse().unwrap();
        hist[num] += w;
    }
    assert_eq!(&hist[2..], &[1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
    assert_eq!(g.num_distinct_actions(), 453);
}

/// 31 cards revealed: all but epidemic 6, epidemic 8, earthquake, good neighbors, tournament.
fn revealed_31(extra_left_out: Option<&str>) -> Value {
    let mut m = Map::new();
    for t in 0..meeple_catan::events::NUM_CARD_TYPES {
        let name = meeple_catan::events::card_name(t);
        let left_out = [
            "epidemic_6",
            "epidemic_8",
            "earthquake_6",
            "good_neighbors_6",
            "tournament_5",
        ];
        if left_out.contains(&name.as_str()) {
            continue;
        }
        let mut k = meeple_catan::events::CARD_TYPES[t].2 as u64;
        if Some(name.as_str()) == extra_left_out {
            k -= 1;
        }
        if k > 0 {
            m.insert(name, json!(k));
        }
    }
    json!({ "revealed": m })
}

#[test]
fn ex13_new_year_after_31_cards_rebuilds_and_reveals_in_the_same_turn() {
    // 30 revealed: the 31st comes from the 6 cards left (5 of them will stay under New Year).
    let mut v = ev_base();
    v["events"] = revealed_31(Some("trade_advantage_5"));
    let g = load(&v);
    let o = outcomes(&g);
    assert_eq!(o.iter().map(|x| x.1).sum::<u32>(), 6);
    assert_eq!(o.len(), 6);
    // 31 revealed: the next card is New Year; the deck is rebuilt (36) and its top revealed now.
    let mut v = ev_base();
    v["events"] = revealed_31(None);
    let mut g = load(&v);
    assert_eq!(
        g.observation(0)["events"]["cards_before_new_year"],
        json!(0)
    );
    let o = outcomes(&g);
    assert_eq!(o.len(), 22);
    assert_eq!(o.iter().map(|x| x.1).sum::<u32>(), 36);
    play(&mut g, "event no_event_8");
    let e = &g.observation(0)["events"];
    assert_eq!(e["new_years"], json!(1));
    assert_eq!(e["revealed_since_rebuild"], json!({"no_event_8": 1}));
    assert_eq!(e["cards_before_new_year"], json!(30));
    assert_eq!(g.phase(), Phase::Main);
    // Without New Year all 36 are revealed before the reshuffle.
    let mut v = ev_base();
    v["config"]["options"]["event_new_year"] = json!(false);
    v["events"] = revealed_31(None);
    let g = load(&v);
    assert_eq!(outcomes(&g).iter().map(|x| x.1).sum::<u32>(), 5);
}

#[test]
fn event_production_and_epidemic_cities_produce_one() {
    let mut v = ev_base();
    set_player(&mut v, 1, "cities", json!([[2, 0, "N"]]));
    let mut g = load(&v);
    play(&mut g, "event no_event_8");
    assert_eq!(g.hand(1)[4], 2, "a city on the 8 mountains yields 2 ore");
    let mut g = load(&v);
    play(&mut g, "event epidemic_8");
    assert_eq!(g.hand(1)[4], 1, "Epidemic: the city yields 1");
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn event_robber_attacks_discards_then_robber() {
    let mut v = ev_base();
    set_player(&mut v, 1, "resources", json!({"ore": 8}));
    let mut g = load(&v);
    play(&mut g, "event robber_attacks_7");
    assert_eq!(g.phase(), Phase::Discard);
    for _ in 0..4 {
        play(&mut g, "discard ore");
    }
    assert_eq!(g.phase(), Phase::MoveRobber);
}

#[test]
fn event_robber_flees_to_the_desert() {
    let mut v = ev_base();
    v["robber"] = json!([1, 0]);
    let mut g = load(&v);
    play(&mut g, "event robber_flees_4");
    assert_eq!(g.observation(0)["robber"], json!([0, 0]));
    assert_eq!(g.phase(), Phase::Main);
}

#[test]
fn event_earthquake_damages_one_road_each_and_repair() {
    let mut v = ev_base();
    set_player(&mut v, 0, "settlements", json!([[-2, 0, "N"]]));
    set_player(&mut v, 0, "roads", json!([[-2, 0, "NE"]]));
    set_player(&mut v, 0, "resources", json!({"lumber": 2, "brick": 2}));
    set_player(&mut v, 0, "development_cards", json!({"road_building": 1}));
    set_player(&mut v, 1, "settlements", json!([[2, 0, "N"]]));
    set_player(&mut v, 1, "roads", json!([[2, 0, "NE"]]));
    let mut g = load(&v);
    play(&mut g, "event earthquake_6");
    assert_eq!(g.phase(), Phase::Earthquake);
    assert_eq!(g.turn(), meeple_core::Turn::Player(0));
    assert_eq!(legal_labels(&g), vec!["damage road NE(-2,0)".to_string()]);
    play(&mut g, "damage road NE(-2,0)");
    assert_eq!(g.turn(), meeple_core::Turn::Player(1));
    play(&mut g, "damage road NE(2,0)");
    // Player 2 has no road: unaffected. Then production of the 6 and the main phase.
    assert_eq!(g.phase(), Phase::Main);
    let l = legal_labels(&g);
    assert!(!l.iter().any(|x| x.starts_with("road ")), "{l:?}");
    assert!(!l.contains(&"play road building".to_string()));
    assert!(l.contains(&"repair road".to_string()));
    assert_eq!(g.road_length(0), 1, "a damaged road still counts");
    play(&mut g, "repair road");
    assert_eq!(g.hand(0)[0], 1);
    assert_eq!(g.hand(0)[1], 1);
    let l = legal_labels(&g);
    assert!(l.iter().any(|x| x.starts_with("road ")), "{l:?}");
    // A second earthquake does not hit a player who already has a damaged road.
    let mut v2 = g.to_json_value();
    v2["phase"] = json!("roll");
    v2["rolled"] = json!(false);
    v2["events"]["revealed"] = json!({});
    v2["players"][1]["damaged_road"] = json!([2, 0, "NE"]);
    let mut g2 = load(&v2);
    play(&mut g2, "event earthquake_6");
    assert_eq!(g2.turn(), meeple_core::Turn::Player(0));
    play(&mut g2, "damage road NE(-2,0)");
    assert_eq!(g2.phase(), Phase::Main, "player 1 was skipped");
}

#[test]
fn event_good_neighbors_each_gives_one_to_the_left() {
    let mut v = ev_base();
    set_player(&mut v, 0, "resources", json!({"ore": 1}));
    set_player(&mut v, 2, "resources", json!({"wool": 1}));
    let mut g = load(&v);
    play(&mut g, "event good_neighbors_6");
    assert_eq!(g.turn(), meeple_core::Turn::Player(0));
    play(&mut g, "give ore");
    assert_eq!(
        g.turn(),
        meeple_core::Turn::Player(2),
        "player 1 has no card"
    );
    play(&mut g, "give wool");
    assert_eq!(g.hand(0), [0, 0, 1, 0, 0]);
    assert_eq!(g.hand(1), [0, 0, 0, 0, 1]);
    assert_eq!(g.hand(2), [0; 5]);
    assert_eq!(g.phase(), Phase::Main);
    // Player 2 saw player 0's gift to player 1? No: only giver and receiver know its kind.
    let o = g.observation(2);
    assert_eq!(o["players"][1]["known_at_least"], json!({}));
}

#[test]
fn event_tournament_and_calm_sea_and_plentiful_year() {
    let mut v = ev_base();
    set_player(&mut v, 1, "played", json!({"knight": 2}));
    set_player(&mut v, 2, "played", json!({"knight": 1}));
    let mut g = load(&v);
    play(&mut g, "event tournament_5");
    assert_eq!(g.phase(), Phase::EventTake);
    assert_eq!(g.turn(), meeple_core::Turn::Player(1));
    play(&mut g, "take grain");
    assert_eq!(g.hand(1)[3], 1);
    assert_eq!(g.phase(), Phase::Main);
    // Calm Sea: player 1 at two harbours, player 2 at one.
    let mut v = ev_base();
    set_player(
        &mut v,
        1,
        "settlements",
        json!([[2, -1, "N"], [-2, 2, "S"]]),
    );
    set_player(&mut v, 2, "settlements", json!([[1, 1, "S"]]));
    let mut g = load(&v);
    assert_eq!(g.harbors_of(1), 2);
    play(&mut g, "event calm_sea_12");
    assert_eq!(g.turn(), meeple_core::Turn::Player(1));
    play(&mut g, "take brick");
    assert_eq!(g.phase(), Phase::Main);
    // Calm Sea tie with event_tie = none: nobody.
    let mut v = ev_base();
    v["config"]["options"]["event_tie"] = json!("none");
    set_player(&mut v, 1, "settlements", json!([[2, -1, "N"]]));
    set_player(&mut v, 2, "settlements", json!([[1, 1, "S"]]));
    let mut g = load(&v);
    play(&mut g, "event calm_sea_12");
    assert_eq!(g.phase(), Phase::Main);
    // Plentiful Year: everyone, in seat order from the player to move.
    let mut g = load(&ev_base());
    play(&mut g, "event plentiful_year_2");
    for p in 0..2 {
        assert_eq!(g.turn(), meeple_core::Turn::Player(p));
        play(&mut g, "take ore");
    }
    assert!(legal_labels(&g).contains(&"decline".to_string()));
    play(&mut g, "decline");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.bank()[4], 17);
    assert_eq!(g.hand(2), [0; 5]);
}

#[test]
fn event_neighborly_assistance_leader_gives_each_poorer_player() {
    let mut v = ev_base();
    set_player(
        &mut v,
        0,
        "settlements",
        json!([[-2, 0, "N"], [0, -2, "N"]]),
    );
    set_player(&mut v, 1, "settlements", json!([[2, 0, "N"]]));
    set_player(&mut v, 2, "settlements", json!([[-1, 2, "S"]]));
    set_player(&mut v, 0, "resources", json!({"ore": 2}));
    let mut g = load(&v);
    play(&mut g, "event neighborly_assistance_10");
    assert_eq!(g.phase(), Phase::EventGive);
    play(&mut g, "give ore");
    play(&mut g, "give ore");
    assert_eq!(g.hand(1)[4], 1);
    assert_eq!(g.hand(2)[4], 1);
    assert_eq!(g.phase(), Phase::Main);
    // A leader who cannot give one to every poorer player gives nothing.
    set_player(&mut v, 0, "resources", json!({"ore": 1}));
    let mut g = load(&v);
    play(&mut g, "event neighborly_assistance_10");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.hand(1)[4], 0);
    assert_eq!(g.hand(2)[4], 0);
    assert_eq!(g.hand(0)[4], 2, "kept its card, plus the 10 it produced");
}

#[test]
fn event_conflict_and_trade_advantage_steal() {
    // Conflict: Largest Army holder player 1 steals from the only card holder, player 0.
    let mut v = ev_base();
    set_player(&mut v, 1, "played", json!({"knight": 3}));
    v["largest_army"] = json!(1);
    set_player(&mut v, 0, "resources", json!({"brick": 1}));
    let mut g = load(&v);
    play(&mut g, "event conflict_3");
    assert_eq!(g.phase(), Phase::Steal);
    play(&mut g, "stolen brick");
    assert_eq!(g.hand(1)[1], 1);
    assert_eq!(g.phase(), Phase::Main);
    // Conflict without a holder: each player with the most knights (tied) steals in turn.
    let mut v = ev_base();
    set_player(&mut v, 1, "played", json!({"knight": 1}));
    set_player(&mut v, 2, "played", json!({"knight": 1}));
    set_player(&mut v, 0, "resources", json!({"brick": 2}));
    let mut g = load(&v);
    play(&mut g, "event conflict_3");
    play(&mut g, "stolen brick");
    assert_eq!(g.hand(1)[1], 1);
    // Player 2 may now name player 0 or player 1.
    assert_eq!(g.phase(), Phase::ChooseVictim);
    assert_eq!(g.turn(), meeple_core::Turn::Player(2));
    play(&mut g, "steal from player 1");
    play(&mut g, "stolen brick");
    assert_eq!(g.hand(2)[1], 1);
    assert_eq!(g.phase(), Phase::Main);
    // Trade Advantage: nobody holds Longest Road; player 2 has the most roads.
    let mut v = ev_base();
    set_player(&mut v, 2, "settlements", json!([[-2, 0, "N"]]));
    set_player(&mut v, 2, "roads", row_roads());
    set_player(&mut v, 0, "resources", json!({"wool": 1}));
    set_player(&mut v, 1, "resources", json!({"ore": 1}));
    let mut g = load(&v);
    play(&mut g, "event trade_advantage_5");
    assert_eq!(g.phase(), Phase::ChooseVictim);
    assert_eq!(g.turn(), meeple_core::Turn::Player(2));
    let j = g.to_json_value();
    assert_eq!(j["thief"], json!(2));
    load(&j);
    play(&mut g, "steal from player 1");
    play(&mut g, "stolen ore");
    assert_eq!(g.hand(2)[4], 1);
    assert_eq!(g.phase(), Phase::Main);
}

fn row_roads() -> Value {
    json!([[-2, 0, "NE"], [-1, -1, "SE"]])
}

#[test]
fn event_state_is_checked_on_load() {
    let mut v = ev_base();
    v["events"] = json!({"revealed": {"epidemic_6": 2}});
    assert!(load_state::<Catan>(&v).is_err());
    let mut v = ev_base();
    set_player(&mut v, 0, "damaged_road", json!([0, 0, "NE"]));
    assert!(load_state::<Catan>(&v).is_err());
    let mut v = base(3, json!({}));
    v["events"] = json!({"revealed": {}});
    assert!(load_state::<Catan>(&v).is_err());
}

/// A long run over the module combinations (minutes):
/// `cargo test -p meeple-catan --release --test modules -- --ignored`.
#[test]
#[ignore]
fn conforms_modules_long_run() {
    let c: Vec<Config> = [3, 4]
        .iter()
        .flat_map(|&n| {
            [
                random_config(n, json!({"event_cards": true, "player_trades": "off"})),
                random_config(
                    n,
                    json!({"event_cards": true, "friendly_robber": true, "harbormaster": true,
                           "trade_offers_per_turn": 1}),
                ),
            ]
        })
        .collect();
    assert_conforms::<Catan>(
        &c,
        &KitOptions {
            playouts: 25,
            deep_every: 37,
            seed: 0xB2,
            ..Default::default()
        },
    );
}
