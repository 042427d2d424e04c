//! Playthrough regression: a seeded random game's full log (every action with its label, the
//! acting seat, and the observation of seat 0 at each turn start), committed as text. The test
//! regenerates it and compares, so any rules change shows up as a diff.
//! Regenerate after an intended change with `KB_REGEN=1 cargo test -p meeple-kingdom-builder
//! --release --test playthrough`.

use meeple_core::{Config, Game, GameRng, Turn};
use meeple_kingdom_builder::{KingdomBuilder, Phase};

use std::fmt::Write;

fn log(players: usize, seed: u64) -> String {
    let config = Config::with_players(&KingdomBuilder::info(), players).unwrap();
    let mut g = KingdomBuilder::new(&config, seed).unwrap();
    let mut rng = GameRng::new(seed);
    let mut out = String::new();
    writeln!(
        out,
        "game kingdom_builder, {players} players, seed {seed}, default options"
    )
    .unwrap();
    writeln!(
        out,
        "actions chosen uniformly at random by GameRng::new({seed}); chance by weight"
    )
    .unwrap();
    out.push_str(&g.layout().picture());
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    let mut step = 0;
    // the observation of seat 0 whenever a player's decisions start (after a draw or a turn end)
    let mut boundary = true;
    loop {
        let turn = g.turn();
        if turn == Turn::Terminal {
            break;
        }
        if g.phase() == Phase::Play && boundary {
            writeln!(out, "observation(0): {}", g.observation(0)).unwrap();
        }
        boundary = turn == Turn::Chance;
        let action = if turn == Turn::Chance {
            g.chance_outcomes(&mut outcomes);
            outcomes[rng.weighted(outcomes.iter().map(|o| o.1))].0
        } else {
            g.legal_actions(&mut legal);
            legal[rng.index(legal.len())]
        };
        writeln!(
            out,
            "{step} {} {action} {}",
            match turn {
                Turn::Player(p) => format!("p{p}"),
                _ => "chance".into(),
            },
            g.action_label(action)
        )
        .unwrap();
        g.apply(action).unwrap();
        boundary |= action == meeple_kingdom_builder::END_TURN;
        step += 1;
    }
    writeln!(
        out,
        "final scores {:?}, breakdown {:?}, winners {:?}",
        g.scores(),
        g.score_breakdown(),
        g.winners()
    )
    .unwrap();
    out.push_str(&g.render());
    out
}

fn check(players: usize, seed: u64) {
    let path = format!(
        "{}/tests/playthroughs/kingdom_builder_{players}p_seed{seed}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let now = log(players, seed);
    if std::env::var("KB_REGEN").is_ok() {
        std::fs::write(&path, &now).unwrap();
        return;
    }
    let saved = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("missing {path}: run with KB_REGEN=1 to create it"));
    if saved != now {
        let line = saved
            .lines()
            .zip(now.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "playthrough {path} differs from line {}:\n saved: {}\n now:   {}",
            line + 1,
            saved.lines().nth(line).unwrap_or(""),
            now.lines().nth(line).unwrap_or("")
        );
    }
}

#[test]
fn playthrough_3_players_seed_7() {
    check(3, 7);
}

#[test]
fn playthrough_4_players_seed_2026() {
    check(4, 2026);
}
