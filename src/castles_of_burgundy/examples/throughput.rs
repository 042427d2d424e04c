//! Quick single-thread throughput check (not a benchmark suite):
//! `cargo run --release -p meeple-castles-of-burgundy --example throughput [players] [games]`.

use meeple_castles_of_burgundy::CastlesOfBurgundy;
use meeple_core::playout::{random_playout, Buffers};
use meeple_core::{Config, Game, GameRng};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let players: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(4);
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200);
    let config = Config::with_players(&CastlesOfBurgundy::info(), players).expect("players");
    let mut buf = Buffers::default();
    let mut actions = 0u64;
    let t = Instant::now();
    for seed in 0..games {
        let mut g = CastlesOfBurgundy::new(&config, seed).expect("new");
        let mut rng = GameRng::new(seed);
        actions += random_playout(&mut g, &mut rng, &mut buf, u64::MAX);
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{players}p: {games} games, {actions} actions in {secs:.2}s: {:.0} actions/s, {:.1} games/s, {:.0} actions/game",
        actions as f64 / secs,
        games as f64 / secs,
        actions as f64 / games as f64
    );
    let g = CastlesOfBurgundy::new(&config, 1).expect("new");
    let t = Instant::now();
    let n = 1_000_000;
    let mut keep = 0usize;
    for _ in 0..n {
        let c = std::hint::black_box(&g).clone();
        keep += c.players.len();
    }
    println!(
        "clone: {:.0} ns ({keep})",
        t.elapsed().as_nanos() as f64 / n as f64
    );
}
