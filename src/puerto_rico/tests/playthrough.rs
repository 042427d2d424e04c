//! Playthrough regression: a seeded random game's full action log (with the rendered state at
//! the start of every round and at the end) is committed under `tests/playthroughs/`; this test
//! regenerates it and diffs. Any rules change shows up as a diff. Regenerate with
//! `MEEPLE_REGENERATE=1 cargo test -p meeple-puerto-rico --test playthrough`.

use meeple_core::golden::assert_file;
use meeple_core::playout::{random_action, Buffers};
use meeple_core::{Config, Game, GameRng, Turn};
use meeple_puerto_rico::PuertoRico;
use std::fmt::Write;

fn playthrough(players: usize, seed: u64, opts: &serde_json::Value) -> String {
    let config = Config::new(&PuertoRico::info(), players, opts.as_object().unwrap()).unwrap();
    let mut g = PuertoRico::new(&config, seed).unwrap();
    let mut rng = GameRng::new(seed ^ 0xABCD);
    let mut log = String::new();
    let mut buf = Buffers::default();
    let mut round = 0;
    let mut step = 0;
    if opts.as_object().is_some_and(|m| m.is_empty()) {
        writeln!(log, "# puerto_rico, {players} players, seed {seed}").unwrap();
    } else {
        writeln!(
            log,
            "# puerto_rico, {players} players, seed {seed}, options {opts}"
        )
        .unwrap();
    }
    loop {
        if g.round != round && g.turn() != Turn::Terminal {
            round = g.round;
            writeln!(log, "\n== round {round}\n{}", g.render()).unwrap();
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
    check_with(players, seed, "", serde_json::json!({}));
}

fn check_with(players: usize, seed: u64, tag: &str, opts: serde_json::Value) {
    let path = format!(
        "{}/tests/playthroughs/puerto_rico_{tag}{players}p_seed{seed}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    assert_file(path, &playthrough(players, seed, &opts));
}

#[test]
fn playthrough_4p_seed7() {
    check(4, 7);
}

#[test]
fn playthrough_2p_seed3() {
    check(2, 3);
}

/// Expansion I with the set-up draft (every pick in the log).
#[test]
fn playthrough_new_buildings_4p_seed5() {
    check_with(
        4,
        5,
        "new_buildings_",
        serde_json::json!({"new_buildings": true}),
    );
}

/// Expansion I, 3 players, every new kind in the game.
#[test]
fn playthrough_new_buildings_all_3p_seed9() {
    check_with(
        3,
        9,
        "new_buildings_all_",
        serde_json::json!({
            "new_buildings": true,
            "building_set": "fixed",
            "building_list": [
                "aqueduct", "forest_house", "black_market", "storehouse", "guest_house",
                "trading_post", "church", "small_wharf", "lighthouse", "library",
                "specialty_factory", "union_hall", "cloister", "statue", "guild_hall",
                "residence", "city_hall"
            ]
        }),
    );
}

/// Expansion II (provisional) with Expansion I: nobles on the ship, the Nobles buildings.
#[test]
fn playthrough_nobles_4p_seed13() {
    check_with(
        4,
        13,
        "nobles_",
        serde_json::json!({"new_buildings": true, "nobles": true}),
    );
}
