//! Playthrough regression: a seeded random game's full log (who acted, what, the public
//! observation summary every turn) is committed as text; this test regenerates it and diffs.
//! Regenerate after an intended rules change with `UPDATE_PLAYTHROUGH=1 cargo test -p meeple-catan
//! --release --test playthrough`.

use meeple_catan::Catan;
use meeple_core::{Config, Game, GameRng, Turn};
use serde_json::{json, Map};
use std::fmt::Write;

fn generate(players: usize, trades: &str, seed: u64) -> String {
    let mut m = Map::new();
    m.insert("player_trades".into(), json!(trades));
    let c = Config::new(&Catan::info(), players, &m).unwrap();
    let mut g = Catan::new(&c, seed).unwrap();
    let mut rng = GameRng::new(seed ^ 0x9E37);
    let mut out = String::new();
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    writeln!(
        out,
        "# catan {players} players, player_trades={trades}, seed {seed}"
    )
    .unwrap();
    writeln!(out, "{}", g.render()).unwrap();
    let mut step = 0;
    while g.turn() != Turn::Terminal {
        let who = match g.turn() {
            Turn::Player(p) => format!("p{p}"),
            _ => "chance".to_string(),
        };
        let a = if g.turn() == Turn::Chance {
            g.chance_outcomes(&mut outcomes);
            outcomes[rng.weighted(outcomes.iter().map(|o| o.1))].0
        } else {
            g.legal_actions(&mut legal);
            legal[rng.index(legal.len())]
        };
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
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var("UPDATE_PLAYTHROUGH").is_ok() || !std::path::Path::new(&path).exists() {
        std::fs::write(&path, &text).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap();
    if want != text {
        let line = want
            .lines()
            .zip(text.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "playthrough {name} changed at line {}: expected '{}', got '{}'",
            line + 1,
            want.lines().nth(line).unwrap_or(""),
            text.lines().nth(line).unwrap_or("")
        );
    }
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
