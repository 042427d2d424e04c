//! A quick throughput measurement, ignored by default (benchmarks live in `benches/`):
//! `cargo test -p meeple-kingdom-builder --release --test speed -- --ignored --nocapture`

use meeple_core::playout::{random_playout, Buffers};
use meeple_core::{Config, Game, GameRng};
use meeple_kingdom_builder::KingdomBuilder;
use std::time::Instant;

#[test]
#[ignore]
fn random_playout_speed() {
    for players in [2, 4] {
        let config = Config::with_players(&KingdomBuilder::info(), players).unwrap();
        let mut buf = Buffers::default();
        let games = 2000;
        let start = Instant::now();
        let mut actions = 0;
        for seed in 0..games {
            let mut g = KingdomBuilder::new(&config, seed).unwrap();
            let mut rng = GameRng::new(seed);
            actions += random_playout(&mut g, &mut rng, &mut buf, u64::MAX);
            assert_eq!(g.turn(), meeple_core::Turn::Terminal);
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{players} players: {games} games, {:.0} actions/game, {:.0} actions/s, {:.0} games/s",
            actions as f64 / games as f64,
            actions as f64 / secs,
            games as f64 / secs
        );
    }
    let config = Config::with_players(&KingdomBuilder::info(), 4).unwrap();
    let g = KingdomBuilder::new(&config, 1).unwrap();
    let start = Instant::now();
    let n = 1_000_000;
    for _ in 0..n {
        std::hint::black_box(std::hint::black_box(&g).clone());
    }
    println!(
        "clone: {:.1} ns",
        start.elapsed().as_nanos() as f64 / n as f64
    );
    for what in ["new (fresh layouts)", "new (seen layouts)"] {
        let start = Instant::now();
        for seed in 10_000..20_000 {
            std::hint::black_box(KingdomBuilder::new(&config, seed).unwrap());
        }
        println!(
            "{what}: {:.2} us",
            start.elapsed().as_secs_f64() * 1e6 / 10_000.0
        );
    }
}

/// Every state of many random games passes `validate` (the invariants of §10), with every
/// option combination that changes rules. Ignored by default (slow); run with `--ignored`.
#[test]
#[ignore]
fn invariants_hold_in_many_random_games() {
    use meeple_core::playout::random_step;
    use serde_json::json;
    let info = KingdomBuilder::info();
    let mut steps = 0u64;
    for players in 2..=4 {
        for flags in 0..8u32 {
            let mut m = serde_json::Map::new();
            m.insert("tower_anywhere".into(), json!(flags & 1 != 0));
            m.insert("retake_after_loss".into(), json!(flags & 2 != 0));
            m.insert("lords_requires_presence".into(), json!(flags & 4 != 0));
            let config = Config::new(&info, players, &m).unwrap();
            for seed in 0..60 {
                let mut g = KingdomBuilder::new(&config, seed).unwrap();
                let mut rng = GameRng::new(seed ^ 77);
                let mut buf = Buffers::default();
                loop {
                    g.validate()
                        .unwrap_or_else(|e| panic!("{players}p flags {flags} seed {seed}: {e}"));
                    if !random_step(&mut g, &mut rng, &mut buf) {
                        break;
                    }
                    steps += 1;
                }
                assert_eq!(g.turn(), meeple_core::Turn::Terminal);
            }
        }
    }
    println!("{steps} states validated");
}
