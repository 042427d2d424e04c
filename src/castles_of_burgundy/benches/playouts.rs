//! Random playouts of The Castles of Burgundy (4 players, default options): one full game per
//! iteration. Run: `cargo bench -p meeple-castles-of-burgundy`.

use criterion::{criterion_group, criterion_main, Criterion};
use meeple_castles_of_burgundy::CastlesOfBurgundy;
use meeple_core::playout::{random_playout, Buffers};
use meeple_core::{Config, Game, GameRng};

fn playouts(c: &mut Criterion) {
    let config = Config::with_players(&CastlesOfBurgundy::info(), 4).expect("4 players");
    let mut seed = 0u64;
    let mut buf = Buffers::default();
    c.bench_function("castles_of_burgundy random playout 4p", |b| {
        b.iter(|| {
            seed += 1;
            let mut g = CastlesOfBurgundy::new(&config, seed).expect("new");
            let mut rng = GameRng::new(seed);
            random_playout(&mut g, &mut rng, &mut buf, u64::MAX)
        })
    });
    let g = CastlesOfBurgundy::new(&config, 1).expect("new");
    c.bench_function("castles_of_burgundy clone", |b| b.iter(|| g.clone()));
}

criterion_group!(benches, playouts);
criterion_main!(benches);
