//! Random playouts of Kingdom Builder (4 players, default options): one full game per iteration.
//! Run: `cargo bench -p meeple-kingdom-builder`.

use criterion::{criterion_group, criterion_main, Criterion};
use meeple_core::playout::{random_playout, Buffers};
use meeple_core::{Config, Game, GameRng};
use meeple_kingdom_builder::KingdomBuilder;

fn playouts(c: &mut Criterion) {
    let config = Config::with_players(&KingdomBuilder::info(), 4).expect("4 players");
    let mut seed = 0u64;
    let mut buf = Buffers::default();
    c.bench_function("kingdom_builder random playout 4p", |b| {
        b.iter(|| {
            seed += 1;
            let mut g = KingdomBuilder::new(&config, seed).expect("new");
            let mut rng = GameRng::new(seed);
            random_playout(&mut g, &mut rng, &mut buf, u64::MAX)
        })
    });
    let g = KingdomBuilder::new(&config, 1).expect("new");
    c.bench_function("kingdom_builder clone", |b| b.iter(|| g.clone()));
}

criterion_group!(benches, playouts);
criterion_main!(benches);
