//! Random-playout throughput: `cargo run -p meeple-san-juan --release --example playouts [players] [games]`.

use meeple_core::playout::{random_playout, Buffers};
use meeple_core::{Config, Game, GameRng, Turn};
use meeple_san_juan::SanJuan;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let players: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(4);
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let config = Config::with_players(&SanJuan::info(), players).expect("config");
    let mut rng = GameRng::new(1);
    let mut buf = Buffers::default();
    let (mut actions, mut finished, mut truncated, mut rounds) = (0u64, 0u64, 0u64, 0u64);
    let start = Instant::now();
    for i in 0..games {
        let mut g = SanJuan::new(&config, i).expect("new");
        let bound = g.max_game_length();
        actions += random_playout(&mut g, &mut rng, &mut buf, bound);
        finished += (g.turn() == Turn::Terminal) as u64;
        let obs = g.observation(0);
        truncated += obs["truncated"].as_bool().unwrap_or(false) as u64;
        rounds += obs["round"].as_u64().unwrap_or(0);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "san_juan {players}p: {games} games ({finished} finished, {truncated} truncated), \
         {:.1} rounds/game, {:.0} actions/game, {:.0} games/s, {:.2} M actions/s",
        rounds as f64 / games as f64,
        actions as f64 / games as f64,
        games as f64 / secs,
        actions as f64 / secs / 1e6
    );
    let g = SanJuan::new(&config, 7).expect("new");
    let t = Instant::now();
    let mut sink = 0usize;
    for _ in 0..1_000_000 {
        let c = std::hint::black_box(&g).clone();
        sink += std::hint::black_box(&c).num_distinct_actions() as usize;
    }
    println!(
        "clone: {:.0} ns ({sink})",
        t.elapsed().as_nanos() as f64 / 1e6
    );
}
