//! Playthrough regression: seeded games logged as text (every action with its label, a picture
//! of the state at each round start, the final observation). The test regenerates the logs and
//! diffs them with the committed files, so any rules change shows. Regenerate after an intended
//! change with `MEEPLE_REGENERATE=1 cargo test -p meeple-san-juan --test playthrough`.

use meeple_core::golden::assert_file;
use meeple_core::playout::{random_action, Buffers};
use meeple_core::{Config, Game, GameRng, Turn};
use meeple_san_juan::SanJuan;
use serde_json::json;
use std::fmt::Write;

fn log(players: usize, opts: serde_json::Value, seed: u64) -> String {
    let cfg = Config::new(&SanJuan::info(), players, opts.as_object().unwrap()).unwrap();
    let mut g = SanJuan::new(&cfg, seed).unwrap();
    let mut rng = GameRng::new(seed ^ 0xABCD);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# san_juan, {players} players, options {opts}, seed {seed}"
    );
    let mut round = 0;
    let mut step = 0;
    let mut buf = Buffers::default();
    while g.turn() != Turn::Terminal {
        let o = g.observation(0);
        let r = o["round"].as_u64().unwrap_or(0);
        if r != round {
            round = r;
            let _ = writeln!(out, "{}", g.render().trim_end());
        }
        let a = random_action(&g, &mut rng, &mut buf).expect("a move before the end");
        let _ = writeln!(
            out,
            "{step} [{}] {} -> {a} {}",
            g.turn().as_i32(),
            o["phase"].as_str().unwrap_or("?"),
            g.action_label(a)
        );
        g.apply(a).unwrap();
        step += 1;
    }
    let _ = writeln!(out, "{}", g.render().trim_end());
    let _ = writeln!(out, "scores {:?} winners {:?}", g.scores(), g.winners());
    let _ = writeln!(out, "observation(0) {}", g.observation(0));
    out
}

fn check(name: &str, text: String) {
    assert_file(
        format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR")),
        &text,
    );
}

#[test]
fn playthrough_3p_default() {
    check("playthrough_3p.txt", log(3, json!({}), 2024));
}

#[test]
fn playthrough_2p_drafted() {
    check(
        "playthrough_2p_drafted.txt",
        log(2, json!({"drafted_hands": true}), 77),
    );
}
