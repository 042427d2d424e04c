//! Hand-written and edited positions (issues 22 and 25): what `from_json` refuses, naming the
//! field, and what an edited export recomputes. Each test is named after the rule it checks.

mod common;

use common::*;
use meeple_core::dynamic::load_state;
use meeple_core::playout::{random_step, Buffers};
use meeple_core::{Config, Game, GameRng};
use meeple_san_juan::SanJuan;
use serde_json::{json, Value};

fn refused(v: &Value, needle: &str) {
    match load_state::<SanJuan>(v) {
        Ok(_) => panic!("accepted a position that should be refused ({needle})"),
        Err(e) => {
            let e = e.to_string();
            assert!(e.contains(needle), "message {e:?} does not name {needle:?}")
        }
    }
}

fn new_game(players: usize, seed: u64) -> SanJuan {
    let cfg = Config::with_players(&SanJuan::info(), players).unwrap();
    SanJuan::new(&cfg, seed).unwrap()
}

/// Play seeded random steps until `stop` holds (or the game ends).
fn play_until(g: &mut SanJuan, seed: u64, stop: impl Fn(&Value) -> bool) -> bool {
    let mut rng = GameRng::new(seed);
    let mut buf = Buffers::default();
    loop {
        if stop(&g.to_json_value()) {
            return true;
        }
        if !random_step(g, &mut rng, &mut buf) {
            return false;
        }
    }
}

#[test]
fn the_picker_is_next_in_the_pick_order() {
    let mut p = Pos::new(3, json!({}));
    p.set("actor", json!(1));
    refused(&p.0, "actor");
    // The roles already taken were chosen by the earlier pickers.
    let mut p = Pos::new(3, json!({}));
    p.set("pick", json!(1))
        .set("actor", json!(1))
        .set("roles_taken", json!({"builder": 2}));
    refused(&p.0, "roles_taken");
}

#[test]
fn the_actor_is_next_in_the_phase_turn_order() {
    let mut g = new_game(4, 3);
    assert!(play_until(&mut g, 1, |v| v["phase"] == "build"
        && v["turn_offset"] == 1));
    let mut v = g.to_json_value();
    let actor = v["actor"].as_u64().unwrap();
    v["actor"] = json!((actor + 1) % 4);
    refused(&v, "actor");
}

#[test]
fn turn_offset_stays_below_the_player_count() {
    let mut g = new_game(3, 4);
    assert!(play_until(&mut g, 2, |v| v["phase"] == "build"));
    let mut v = g.to_json_value();
    v["turn_offset"] = json!(3);
    refused(&v, "turn_offset");
}

#[test]
fn chapel_cards_need_a_chapel() {
    let mut p = Pos::new(2, json!({}));
    p.set_chapel(0, &["smithy"]);
    refused(&p.0, "players[0].chapel");
    let mut p = Pos::new(2, json!({}));
    p.set_buildings(0, &[("indigo_plant", None), ("chapel", None)])
        .set_chapel(0, &["smithy"]);
    p.game();
}

#[test]
fn covered_buildings_need_a_crane() {
    let mut p = Pos::new(2, json!({}));
    let m = p.0["supply"].as_object_mut().unwrap();
    let n = m["smithy"].as_u64().unwrap();
    m.insert("smithy".into(), json!(n - 1));
    p.0["players"][1]["covered"] = json!({"smithy": 1});
    refused(&p.0, "players[1].covered");
}

#[test]
fn pending_draws_stay_within_what_the_rule_gives() {
    let mut g = new_game(3, 5);
    assert!(play_until(&mut g, 3, |v| v["phase"] == "council_draw"));
    let mut v = g.to_json_value();
    let pending = v["pending_draws"].as_u64().unwrap();
    v["pending_draws"] = json!(pending + 1);
    refused(&v, "pending_draws");
}

#[test]
fn the_councilor_draws_to_the_hand_only_with_an_archive() {
    let mut p = Pos::new(3, json!({}));
    p.set_buildings(0, &[("indigo_plant", None), ("archive", None)]);
    let mut g = p.game();
    act(&mut g, "councilor");
    let v = g.to_json_value();
    assert_eq!(v["phase"], "council_draw");
    assert_eq!(v["draw_to"], "hand");
    // The same position with the buildings of seats 0 and 1 swapped: seat 0 has no archive.
    let mut w = v.clone();
    let b0 = w["players"][0]["buildings"].clone();
    w["players"][0]["buildings"] = w["players"][1]["buildings"].clone();
    w["players"][1]["buildings"] = b0;
    refused(&w, "draw_to");
}

#[test]
fn an_edited_export_recomputes_supply_and_knowledge() {
    let mut g = new_game(2, 6);
    assert!(play_until(&mut g, 4, |v| v["phase"] == "pick_role" && v["round"] == 3));
    let mut v = g.to_json_value();
    // Take one card of the hand out and add a new one, without touching the supply.
    let hand = v["players"][0]["hand"].as_object().unwrap().clone();
    let (card, n) = hand
        .iter()
        .next()
        .map(|(c, n)| (c.clone(), n.as_u64().unwrap()))
        .unwrap();
    if n == 1 {
        v["players"][0]["hand"]
            .as_object_mut()
            .unwrap()
            .remove(&card);
    } else {
        v["players"][0]["hand"][&card] = json!(n - 1);
    }
    v["players"][0]["known_hand"] = json!({ card.clone(): n });
    let h = load_state::<SanJuan>(&v).expect("an edited export loads");
    let s = h.to_json_value();
    assert_eq!(
        card_count(&s["supply"], &card),
        card_count(&g.to_json_value()["supply"], &card) + 1
    );
    assert_eq!(card_count(&s["players"][0]["known_hand"], &card), n - 1);
}

/// Every position the engine reaches reloads to the same position.
#[test]
fn every_reached_position_reloads() {
    let mut buf = Buffers::default();
    for (players, opts) in [
        (2, json!({})),
        (3, json!({"strict_optional": true})),
        (4, json!({"drafted_hands": true})),
    ] {
        let cfg = Config::new(&SanJuan::info(), players, opts.as_object().unwrap()).unwrap();
        for seed in 0..3 {
            let mut g = SanJuan::new(&cfg, seed).unwrap();
            let mut rng = GameRng::new(seed);
            loop {
                let v = g.to_json_value();
                let back =
                    load_state::<SanJuan>(&v).unwrap_or_else(|e| panic!("{e}\n{}", g.render()));
                assert_eq!(back.to_json_value(), v);
                if !random_step(&mut g, &mut rng, &mut buf) {
                    break;
                }
            }
        }
    }
}
