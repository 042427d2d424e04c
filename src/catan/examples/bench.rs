//! Random-playout throughput:
//! `cargo run --release -p meeple-catan --example bench -- [games] [players] [trades] [options-json]`,
//! e.g. `... bench 500 3 on '{"scenario": "traders_barbarians"}'` (the JSON object adds options).
use meeple_catan::Catan;
use meeple_core::playout::{random_playout, Buffers};
use meeple_core::{Config, Game, GameRng, Turn};
use serde_json::{json, Map};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let players: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(4);
    let trades = args.get(3).map(|s| s.as_str()).unwrap_or("off");
    let mut opts = Map::new();
    opts.insert("player_trades".into(), json!(trades));
    if let Some(extra) = args.get(4) {
        let extra: serde_json::Value = serde_json::from_str(extra).expect("options must be JSON");
        for (k, v) in extra.as_object().expect("options must be a JSON object") {
            opts.insert(k.clone(), v.clone());
        }
    }
    let config = Config::new(&Catan::info(), players, &opts).expect("config");
    let mut buf = Buffers::default();
    let mut actions = 0u64;
    let mut finished = 0;
    let mut turns = 0u64;
    let cpu0 = std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|t| {
            t.split_whitespace()
                .next()
                .and_then(|x| x.parse::<f64>().ok())
        })
        .map(|ns| ns / 1e9)
        .unwrap_or(0.0);
    let t = Instant::now();
    for i in 0..games {
        let mut g = Catan::new(&config, i as u64).expect("new");
        let mut rng = GameRng::new(i as u64 ^ 0xABCD);
        let bound = g.max_game_length();
        actions += random_playout(&mut g, &mut rng, &mut buf, bound);
        finished += (g.turn() == Turn::Terminal && !g.is_truncated()) as usize;
        turns += g.turns_played() as u64;
    }
    let wall = t.elapsed().as_secs_f64();
    // On a shared machine wall time overstates the cost: use this thread's CPU time when the
    // kernel reports it (Linux /proc/thread-self/schedstat, nanoseconds on the CPU).
    let cpu = std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|t| {
            t.split_whitespace()
                .next()
                .and_then(|x| x.parse::<f64>().ok())
        })
        .map(|ns| ns / 1e9 - cpu0);
    let s = cpu.unwrap_or(wall);
    println!("wall {wall:.3}s, cpu {:.3}s", s);
    println!(
        "{players}p trades={trades} {}: {games} games in {s:.3}s = {:.0} games/s, {:.0} actions/s, {:.0} actions/game, {:.1} turns/game, {finished} won (rest hit the turn limit)",
        args.get(4).map(|s| s.as_str()).unwrap_or(""),
        games as f64 / s,
        actions as f64 / s,
        actions as f64 / games as f64,
        turns as f64 / games as f64,
    );
    // Clone cost on a mid-game state.
    let mut g = Catan::new(&config, 1).expect("new");
    let mut rng = GameRng::new(5);
    random_playout(&mut g, &mut rng, &mut buf, 300);
    let t = Instant::now();
    let mut sink = 0u64;
    for _ in 0..1_000_000 {
        let c = std::hint::black_box(&g).clone();
        sink += c.turns_played() as u64;
    }
    println!(
        "clone: {:.1} ns (state {} bytes) {sink}",
        t.elapsed().as_nanos() as f64 / 1e6,
        std::mem::size_of::<Catan>()
    );
}
