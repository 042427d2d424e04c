//! Playthrough regression: seeded games logged as text (every action with its label, a picture
//! of the state at each round start, the final observation). The test regenerates the logs and
//! diffs them with the committed files, so any rules change shows. Regenerate after an intended
//! change with `UPDATE_PLAYTHROUGHS=1 cargo test -p meeple-san-juan --release --test playthrough`.

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
    let mut v = Vec::new();
    while g.turn() != Turn::Terminal {
        let o = g.observation(0);
        let r = o["round"].as_u64().unwrap_or(0);
        if r != round {
            round = r;
            let _ = writeln!(out, "{}", g.render().trim_end());
        }
        let a = if g.turn() == Turn::Chance {
            let mut c = Vec::new();
            g.chance_outcomes(&mut c);
            c[rng.weighted(c.iter().map(|x| x.1))].0
        } else {
            g.legal_actions(&mut v);
            v[rng.index(v.len())]
        };
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
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var("UPDATE_PLAYTHROUGHS").is_ok() || !std::path::Path::new(&path).exists() {
        std::fs::create_dir_all(format!("{}/tests/data", env!("CARGO_MANIFEST_DIR"))).unwrap();
        std::fs::write(&path, &text).unwrap();
        return;
    }
    let old = std::fs::read_to_string(&path).unwrap();
    if old != text {
        let line = old
            .lines()
            .zip(text.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "{name} differs from the committed playthrough at line {}:\n  was: {}\n  now: {}",
            line + 1,
            old.lines().nth(line).unwrap_or(""),
            text.lines().nth(line).unwrap_or("")
        );
    }
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
