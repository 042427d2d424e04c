//! Hand-written and edited positions (issues 22 and 25): what `from_json` refuses, naming the
//! field, and what an edited export recomputes. Each test is named after the rule it checks.

mod common;

use common::*;
use meeple_core::dynamic::load_state;
use meeple_core::playout::{random_step, Buffers};
use meeple_core::{Game, GameRng};
use meeple_kingdom_builder::{KingdomBuilder, Phase};
use serde_json::{json, Value};

fn refused(v: &Value, needle: &str) {
    match load_state::<KingdomBuilder>(v) {
        Ok(_) => panic!("accepted a position that should be refused ({needle})"),
        Err(e) => {
            let e = e.to_string();
            assert!(e.contains(needle), "message {e:?} does not name {needle:?}")
        }
    }
}

#[test]
fn the_mandatory_action_is_done_only_after_a_placement() {
    let mut v = base(R1, &[&[(0, 0)], &[(0, 5)]], "grass");
    merge(&mut v, json!({"mandatory_done": true}));
    refused(&v, "mandatory_done");
    // ...or when no card can be played: no played card, draw and discard piles empty.
    let mut v = base(R1, &[&[(0, 0)], &[(0, 5)]], "grass");
    merge(
        &mut v,
        json!({"mandatory_done": true, "played": null,
               "removed": {"grass": 5, "canyon": 5, "desert": 5, "flower": 5, "forest": 5}}),
    );
    load(&v);
}

fn mid_game(players: usize, seed: u64) -> KingdomBuilder {
    let cfg = config(players, &[]);
    let mut g = KingdomBuilder::new(&cfg, seed).unwrap();
    let mut rng = GameRng::new(seed);
    let mut buf = Buffers::default();
    let mut steps = 0;
    while !(steps > 60 && g.phase() == Phase::Play && !g.mandatory_done()) {
        assert!(random_step(&mut g, &mut rng, &mut buf));
        steps += 1;
    }
    g
}

#[test]
fn an_export_leaves_out_what_the_counts_fix() {
    let g = mid_game(3, 4);
    let v = g.to_json_value();
    for f in ["draw_pile", "end_triggered"] {
        assert!(v.get(f).is_none(), "{f} is derived");
    }
    assert!(v["players"][0].get("supply").is_none());
    let back = load(&v);
    assert_eq!(back.to_json_value(), v);
}

#[test]
fn an_edited_export_recomputes_supply_draw_pile_and_tiles() {
    let g = mid_game(2, 7);
    let mut v = g.to_json_value();
    // Put one more settlement of seat 1 on an empty hex: its supply shrinks by one.
    let hexes = g.hex_options();
    assert!(hexes.len() >= 2);
    let (r, c) = hexes[0];
    v["players"][1]["settlements"]
        .as_array_mut()
        .unwrap()
        .push(json!([r, c]));
    let h = load(&v);
    assert_eq!(h.supply(1), g.supply(1) - 1);
    // Put the played card back into the draw pile: the pile follows.
    let mut v = g.to_json_value();
    let played = v["played"].as_str().unwrap().to_string();
    v["played"] = Value::Null;
    v["phase"] = json!("redraw");
    let h = load(&v);
    let t = ["grass", "canyon", "desert", "flower", "forest"]
        .iter()
        .position(|&n| n == played)
        .unwrap();
    assert_eq!(h.piles().0[t], g.piles().0[t] + 1);
}

#[test]
fn a_held_tile_was_taken_and_location_counts_follow_the_holders() {
    // Seat 0 next to the oracle of R2 holds its tile; the position says nothing of ever_took.
    let mut found = None;
    for seed in 0..50 {
        let g = mid_game(2, seed);
        let v = g.to_json_value();
        let p = g.current_player();
        if v["players"][p]["tiles"]
            .as_array()
            .is_some_and(|t| !t.is_empty())
        {
            found = Some((g, v, p));
            break;
        }
    }
    let (g, mut v, p) = found.expect("a player holding a tile");
    v["players"][p].as_object_mut().unwrap().remove("ever_took");
    let h = load(&v);
    assert_eq!(
        h.to_json_value()["players"][p]["ever_took"],
        v["players"][p]["tiles"]
    );
    // Take the tiles away: the location's counts follow (the tiles go back to the hexes).
    let mut v = g.to_json_value();
    v["players"][p]["tiles"] = json!([]);
    v["players"][p]["ever_took"] = json!([]);
    v.as_object_mut().unwrap().remove("ready");
    let h = load(&v);
    for &(h_, _) in g.layout().locs.iter() {
        let (r, c) = (h_ as usize / 20, h_ as usize % 20);
        let held = (0..2).filter(|&q| {
            h.to_json_value()["players"][q]["tiles"]
                .as_array()
                .unwrap()
                .contains(&json!([r, c]))
        });
        assert_eq!(h.tiles_left_at(r, c).unwrap() as usize + held.count(), 2);
    }
}

#[test]
fn games_on_one_board_share_its_layout() {
    let cfg = config(2, &[]);
    let a = KingdomBuilder::new(&cfg, 3).unwrap();
    let b = KingdomBuilder::new(&cfg, 3).unwrap();
    assert!(
        std::ptr::eq(a.layout(), a.clone().layout()),
        "a clone shares it"
    );
    assert!(
        std::ptr::eq(a.layout(), b.layout()),
        "live games on one board share it"
    );
    let c = load(&a.to_json_value());
    assert!(
        std::ptr::eq(a.layout(), c.layout()),
        "a loaded position too"
    );
}

/// Every position the engine reaches reloads to the same position.
#[test]
fn every_reached_position_reloads() {
    let mut buf = Buffers::default();
    for (players, opts) in [
        (2, vec![]),
        (3, vec![("retake_after_loss", json!(true))]),
        (4, vec![("tower_anywhere", json!(true))]),
    ] {
        let cfg = config(players, &opts);
        for seed in 0..2 {
            let mut g = KingdomBuilder::new(&cfg, seed).unwrap();
            let mut rng = GameRng::new(seed);
            loop {
                let v = g.to_json_value();
                let back = load_state::<KingdomBuilder>(&v)
                    .unwrap_or_else(|e| panic!("{e}\n{}", g.render()));
                assert_eq!(back.to_json_value(), v);
                if !random_step(&mut g, &mut rng, &mut buf) {
                    break;
                }
            }
        }
    }
}
