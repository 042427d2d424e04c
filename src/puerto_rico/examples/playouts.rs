//! Random-playout throughput:
//! `cargo run --release -p meeple-puerto-rico --example playouts [players] [seconds] [options-json]`,
//! e.g. `... playouts 4 3 '{"new_buildings": true}'`.

use meeple_core::playout::{random_playout, Buffers};
use meeple_core::{Config, Game, GameRng};
use meeple_puerto_rico::PuertoRico;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let players: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(4);
    let seconds: f64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(3.0);
    let opts: serde_json::Value = args
        .get(3)
        .map(|s| serde_json::from_str(s).expect("options must be a JSON object"))
        .unwrap_or(serde_json::json!({}));
    let config = Config::new(
        &PuertoRico::info(),
        players,
        opts.as_object().expect("options must be a JSON object"),
    )
    .unwrap();
    let mut rng = GameRng::new(1);
    let mut buf = Buffers::default();
    let (mut games, mut actions, mut rounds, mut truncated) = (0u64, 0u64, 0u64, 0u64);
    let cpu0 = thread_cpu();
    let start = Instant::now();
    while start.elapsed().as_secs_f64() < seconds {
        let mut g = PuertoRico::new(&config, games).unwrap();
        actions += random_playout(&mut g, &mut rng, &mut buf, u64::MAX);
        rounds += g.round as u64;
        truncated += g.truncated as u64;
        games += 1;
    }
    // On a shared machine wall time overstates the cost: use this thread's CPU time when the
    // kernel reports it.
    let t = match (cpu0, thread_cpu()) {
        (Some(a), Some(b)) => b - a,
        _ => start.elapsed().as_secs_f64(),
    };
    // clone cost
    let g = PuertoRico::new(&config, 1).unwrap();
    let n = 1_000_000;
    let c0 = Instant::now();
    let mut sink = 0u32;
    for _ in 0..n {
        let c = std::hint::black_box(std::hint::black_box(&g).clone());
        sink = sink.wrapping_add(c.round);
    }
    let clone_ns = c0.elapsed().as_nanos() as f64 / n as f64;
    println!(
        "puerto_rico {players}p {opts}: {games} games in {t:.2}s = {:.0} games/s, {:.0} actions/s, {:.0} actions/game, {:.1} rounds/game, {truncated} truncated; clone {clone_ns:.0} ns ({sink})",
        games as f64 / t,
        actions as f64 / t,
        actions as f64 / games as f64,
        rounds as f64 / games as f64,
    );
}

/// This thread's CPU time in seconds (Linux `/proc/thread-self/schedstat`), if available.
fn thread_cpu() -> Option<f64> {
    let t = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = t.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}
