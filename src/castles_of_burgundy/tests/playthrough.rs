//! Playthrough regression: a seeded random game's full action log (with the rendered state at
//! the start of every round and at the end) is committed under `tests/playthroughs/`; this test
//! regenerates it and diffs. Any rules change shows up as a diff. Regenerate with
//! `MEEPLE_REGENERATE=1 cargo test -p meeple-castles-of-burgundy --test playthrough`.

use meeple_castles_of_burgundy::CastlesOfBurgundy;
use meeple_core::golden::assert_file;
use meeple_core::playout::{random_action, Buffers};
use meeple_core::{Config, Game, GameRng, Turn};
use std::fmt::Write;

fn playthrough(players: usize, seed: u64) -> String {
    let config = Config::with_players(&CastlesOfBurgundy::info(), players).unwrap();
    let mut g = CastlesOfBurgundy::new(&config, seed).unwrap();
    let mut rng = GameRng::new(seed ^ 0xABCD);
    let mut log = String::new();
    let mut buf = Buffers::default();
    let mut round = (9usize, 0u8);
    let mut step = 0;
    writeln!(log, "# castles_of_burgundy, {players} players, seed {seed}").unwrap();
    loop {
        let now = (g.phase.index(), g.round);
        if now != round && g.turn() != Turn::Terminal {
            round = now;
            writeln!(
                log,
                "\n== phase {:?} round {}\n{}",
                g.phase,
                g.round,
                g.render()
            )
            .unwrap();
        }
        let Some(action) = random_action(&g, &mut rng, &mut buf) else {
            break;
        };
        writeln!(
            log,
            "{step} {}: {} ({action})",
            match g.turn() {
                Turn::Player(p) => format!("p{p}"),
                _ => "chance".into(),
            },
            g.action_label(action)
        )
        .unwrap();
        g.apply(action).unwrap();
        step += 1;
    }
    writeln!(
        log,
        "\n== end\n{}scores {:?} winners {:?}",
        g.render(),
        g.scores(),
        g.winners()
    )
    .unwrap();
    log
}

fn check(players: usize, seed: u64) {
    let path = format!(
        "{}/tests/playthroughs/castles_of_burgundy_{players}p_seed{seed}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    assert_file(path, &playthrough(players, seed));
}

#[test]
fn playthrough_4p_seed7() {
    check(4, 7);
}

#[test]
fn playthrough_2p_seed3() {
    check(2, 3);
}
