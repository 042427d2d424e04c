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
}
