//! Playthrough regression: a seeded random game's full log (every action with its label, the
//! acting seat, and the observation of seat 0 at each turn start), committed as text. The test
//! regenerates it and compares, so any rules change shows up as a diff.
//! Regenerate after an intended change with `MEEPLE_REGENERATE=1 cargo test -p
//! meeple-kingdom-builder --test playthrough`.

use meeple_core::golden::assert_file;
use meeple_core::playout::{random_action, Buffers};
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
    let mut buf = Buffers::default();
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
        let action = random_action(&g, &mut rng, &mut buf).expect("a move before the end");
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
    assert_file(path, &log(players, seed));
}

#[test]
fn playthrough_3_players_seed_7() {
    check(3, 7);
}

#[test]
fn playthrough_4_players_seed_2026() {
    check(4, 2026);
}
