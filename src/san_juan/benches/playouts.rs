//! Random playouts of San Juan (4 players, default options): one full game per iteration, plus
//! clone and one legal_actions + apply step. Run: `cargo bench -p meeple-san-juan`.

use criterion::{criterion_group, criterion_main, Criterion};
use meeple_core::playout::{random_playout, Buffers};
use meeple_core::{Config, Game, GameRng};
use meeple_san_juan::SanJuan;
use std::hint::black_box;

fn playouts(c: &mut Criterion) {
    let config = Config::with_players(&SanJuan::info(), 4).expect("4 players");
    let mut seed = 0u64;
    let mut buf = Buffers::default();
    c.bench_function("san_juan random playout 4p", |b| {
        b.iter(|| {
            seed += 1;
            let mut g = SanJuan::new(&config, seed).expect("new");
            let mut rng = GameRng::new(seed);
            random_playout(&mut g, &mut rng, &mut buf, u64::MAX)
        })
    });
    let mut g = SanJuan::new(&config, 1).expect("new");
    let mut rng = GameRng::new(3);
    random_playout(&mut g, &mut rng, &mut buf, 300);
    c.bench_function("san_juan clone", |b| b.iter(|| black_box(&g).clone()));
    let mut legal = Vec::new();
    c.bench_function("san_juan legal_actions", |b| {
        b.iter(|| {
            black_box(&g).legal_actions(&mut legal);
            legal.len()
        })
    });
}

criterion_group!(benches, playouts);
criterion_main!(benches);
