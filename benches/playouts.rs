//! Criterion benches for every registered game (found through the registry, so a new game is
//! benched with no code here): legal_actions, apply, clone, JSON serialization, a full random
//! playout, 100 MCTS iterations; every player count. Run: `cargo bench --bench playouts` (add a game name to filter).

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use meeple::core::game::Turn;
use meeple::core::rng::GameRng;
use meeple::core::search::SearchConfig;
use meeple::core::Config;
use std::hint::black_box;

/// A mid-game state: random play for half a typical game.
fn mid_game(entry: &meeple::GameEntry, players: usize) -> Box<dyn meeple::DynGame> {
    let info = (entry.info)();
    let config = Config::with_players(&info, players).expect("default config");
    let mut g = (entry.create)(&config, 1).expect("new game");
    let probe = g.random_playouts(4, 1, 1);
    let half = probe.total_actions() / probe.games().max(1) as u64 / 2;
    let mut rng = GameRng::new(7);
    let mut legal = Vec::new();
    for _ in 0..half {
        match g.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                let a = g.sample_chance().expect("chance outcome");
                g.apply(a).expect("chance applies");
            }
            Turn::Player(_) => {
                g.legal_actions(&mut legal);
                let a = legal[rng.index(legal.len())];
                g.apply(a).expect("legal applies");
            }
        }
    }
    g
}

fn bench_games(c: &mut Criterion) {
    for (entry, _listed) in meeple::registry() {
        let info = (entry.info)();
        for players in info.min_players..=info.max_players {
            bench_one(c, &entry, players);
        }
    }
}

fn bench_one(c: &mut Criterion, entry: &meeple::GameEntry, players: usize) {
    let info = (entry.info)();
    let name = format!("{}/{}p", info.name, players);
    let g = mid_game(entry, players);
    let mut legal = Vec::new();
    c.bench_function(&format!("{name}/legal_actions"), |b| {
        b.iter(|| g.legal_actions(black_box(&mut legal)))
    });
    c.bench_function(&format!("{name}/clone"), |b| {
        b.iter(|| black_box(g.clone_box()))
    });
    g.legal_actions(&mut legal);
    if let Some(&a) = legal.first() {
        c.bench_function(&format!("{name}/apply"), |b| {
            b.iter_batched(
                || g.clone_box(),
                |mut s| s.apply(black_box(a)),
                BatchSize::SmallInput,
            )
        });
    }
    c.bench_function(&format!("{name}/to_json"), |b| {
        b.iter(|| black_box(g.to_json_value().to_string()))
    });
    let config = Config::with_players(&info, players).expect("default config");
    let mut seed = 0u64;
    c.bench_function(&format!("{name}/random_game"), |b| {
        b.iter(|| {
            seed += 1;
            black_box((entry.random_games)(&config, 1, seed, 1))
        })
    });
    // MCTS (ISMCTS where the game hides information): 100 iterations from the mid-game state.
    if matches!(g.turn(), Turn::Player(_)) {
        let search =
            SearchConfig::from_json(&serde_json::json!({"kind": "mcts", "iterations": 100}))
                .expect("search config");
        c.bench_function(&format!("{name}/mcts_100_iterations"), |b| {
            b.iter(|| black_box(g.search(&search, 7)))
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).warm_up_time(std::time::Duration::from_millis(300)).measurement_time(std::time::Duration::from_secs(1));
    targets = bench_games
}
criterion_main!(benches);
