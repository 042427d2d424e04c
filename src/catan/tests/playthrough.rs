//! Playthrough regression: a seeded random game's full log (who acted, what, the public
//! observation summary every turn) is committed as text; this test regenerates it and diffs.
//! Regenerate after an intended rules change with `MEEPLE_REGENERATE=1 cargo test -p meeple-catan
//! --test playthrough`.

use meeple_catan::Catan;
use meeple_core::golden::assert_file;
use meeple_core::playout::{random_action, Buffers};
use meeple_core::{Config, Game, GameRng, Turn};
use serde_json::{json, Value};
use std::fmt::Write;

fn generate(players: usize, trades: &str, seed: u64) -> String {
    generate_with(
        players,
        json!({ "player_trades": trades }),
        seed,
        &format!("player_trades={trades}"),
    )
}

fn generate_with(players: usize, opts: Value, seed: u64, what: &str) -> String {
    let c = Config::new(&Catan::info(), players, opts.as_object().unwrap()).unwrap();
    let mut g = Catan::new(&c, seed).unwrap();
    let mut rng = GameRng::new(seed ^ 0x9E37);
    let mut out = String::new();
    let mut buf = Buffers::default();
    writeln!(out, "# catan {players} players, {what}, seed {seed}").unwrap();
    writeln!(out, "{}", g.render()).unwrap();
    let mut step = 0;
    while g.turn() != Turn::Terminal {
        let who = match g.turn() {
            Turn::Player(p) => format!("p{p}"),
            _ => "chance".to_string(),
        };
        let a = random_action(&g, &mut rng, &mut buf).expect("a move before the end");
        let label = g.action_label(a);
        g.apply(a).unwrap();
        writeln!(out, "{step} {who} {a} {label}").unwrap();
        if label == "end turn" {
            let o = g.observation(0);
            let vps: Vec<_> = o["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["public_victory_points"].clone())
                .collect();
            writeln!(out, "  public VP {vps:?} bank {}", o["bank"]).unwrap();
        }
        step += 1;
    }
    writeln!(out, "{}", g.render()).unwrap();
    writeln!(out, "scores {:?} winners {:?}", g.scores(), g.winners()).unwrap();
    out
}

fn check(name: &str, text: String) {
    assert_file(
        format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR")),
        &text,
    );
}

#[test]
fn playthrough_3p_trades_off() {
    check("playthrough_3p_off_seed7.txt", generate(3, "off", 7));
}

#[test]
fn playthrough_4p_offers() {
    check(
        "playthrough_4p_offers_seed11.txt",
        generate(4, "offers", 11),
    );
}

/// One seeded game per Traders & Barbarians module (trades off, so the logs stay short).
fn check_module(name: &str, players: usize, opts: Value, seed: u64) {
    let mut opts = opts;
    opts["player_trades"] = json!("off");
    let what = format!("options {opts}");
    check(
        &format!("playthrough_{name}_{players}p_seed{seed}.txt"),
        generate_with(players, opts, seed, &what),
    );
}

#[test]
fn playthrough_catan_for_two() {
    check_module("two", 2, json!({ "event_cards": true }), 3);
}

#[test]
fn playthrough_variants_b1_b2_b3() {
    check_module(
        "variants",
        4,
        json!({ "friendly_robber": true, "event_cards": true, "harbormaster": true }),
        5,
    );
}

#[test]
fn playthrough_fishermen() {
    check_module("fishermen", 3, json!({ "scenario": "fishermen" }), 7);
}

#[test]
fn playthrough_rivers() {
    check_module("rivers", 4, json!({ "scenario": "rivers" }), 7);
}

#[test]
fn playthrough_caravans() {
    check_module("caravans", 3, json!({ "scenario": "caravans" }), 7);
}

#[test]
fn playthrough_barbarian_attack() {
    check_module(
        "barbarian_attack",
        4,
        json!({ "scenario": "barbarian_attack" }),
        7,
    );
}

#[test]
fn playthrough_traders_barbarians() {
    check_module(
        "traders_barbarians",
        3,
        json!({ "scenario": "traders_barbarians" }),
        7,
    );
}

#[test]
fn playthrough_barbarian_attack_for_two() {
    check_module(
        "barbarian_attack_two",
        2,
        json!({ "scenario": "barbarian_attack" }),
        7,
    );
}

#[test]
fn playthrough_traders_barbarians_catan_for_two() {
    check_module(
        "traders_barbarians",
        2,
        json!({ "scenario": "traders_barbarians" }),
        3,
    );
}
