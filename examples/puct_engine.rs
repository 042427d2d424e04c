//! A fixed, seeded PUCT self-play workload for comparing two builds of the search by instruction
//! count (`valgrind --tool=callgrind`) or CPU time: `GAMES` games of `GAME` (game `i` set up
//! with seed `i`), every seat PUCT with `SIMULATIONS` simulations per decision, cut off after
//! `PLIES` actions, run by the same `Runner` over boxed `DynState`s that the Python bindings
//! use. The evaluator is a uniform one in Rust (every prior 1, every value 0, in buffers kept
//! across waves), so the count is the engine's side only: tree walks, determinizations, leaf
//! tensors and masks, the output check. Two builds of the same rules print the same totals.
//!
//! `cargo run --profile dev-py --example puct_engine -- GAME PLAYERS GAMES SIMULATIONS PLIES
//! [EVALUATOR [SKIP [THREADS]]]` (defaults: catan 4 512 32 8 uniform 0 1; SKIP random actions
//! are played before the search starts, to start mid-game; THREADS walk the searches). `hashed` instead of `uniform` derives
//! every prior and value from the leaf's observation and mask, so the searches (and the
//! digest of the actions played) depend on every row handed over: the check that a change of
//! the engine searched exactly as before; its own cost is the evaluator's, so time `uniform`.
use meeple::core::search::puct::LeafBatch;
use meeple::core::search::puct::{DynState, PuctConfig, Runner, RunnerConfig, SeatPlayer};
use meeple::Config;
use std::time::Instant;

/// Play `skip` seeded random actions (chance by the game's own draws) before the search starts,
/// so the workload can start mid-game.
fn random_prefix(g: &mut dyn meeple::DynGame, skip: u64, seed: u64) {
    let mut rng = meeple::core::GameRng::new(seed ^ 0xABCD);
    let mut legal = Vec::new();
    for _ in 0..skip {
        if let Some(a) = g.sample_chance() {
            let _ = g.apply(a);
            continue;
        }
        g.legal_actions(&mut legal);
        if legal.is_empty() {
            return;
        }
        let a = legal[rng.below(legal.len() as u32) as usize];
        let _ = g.apply(a);
    }
}

/// Priors and values that depend on each row's observation and mask (a fixed pseudo-network).
fn hashed_outputs(batch: &LeafBatch, priors: &mut Vec<f32>, values: &mut Vec<f32>) {
    let (d, a, p) = (batch.tensor_len, batch.num_actions, batch.players);
    priors.clear();
    values.clear();
    let (obs, masks) = (batch.observations(), batch.masks());
    for r in 0..batch.rows() {
        let h = obs[r * d..(r + 1) * d]
            .iter()
            .enumerate()
            .fold(0u64, |h, (i, &x)| {
                (h ^ (x.to_bits() as u64).wrapping_add(i as u64)).wrapping_mul(0x100_0000_01b3)
            });
        for i in 0..a {
            let m = f32::from(masks[r * a + i]);
            priors.push(m * (1 + ((h >> (i % 61)) ^ i as u64) % 7) as f32);
        }
        for s in 0..p {
            values.push(((h >> (8 * s)) % 1000) as f32 / 1000.0);
        }
    }
}

fn arg<T: std::str::FromStr>(args: &[String], i: usize, default: T) -> T {
    args.get(i).and_then(|s| s.parse().ok()).unwrap_or(default)
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let game = args.get(1).map_or("catan", String::as_str);
    let players: usize = arg(&args, 2, 4);
    let games: u64 = arg(&args, 3, 512);
    let simulations: u32 = arg(&args, 4, 32);
    let plies: u64 = arg(&args, 5, 8);
    let hashed = args.get(6).is_some_and(|e| e == "hashed");
    let skip: u64 = arg(&args, 7, 0);
    let threads: usize = arg(&args, 8, 1);
    let entry = meeple::find(game).map_err(|e| e.to_string())?;
    let config =
        Config::new(&(entry.info)(), players, &Default::default()).map_err(|e| e.to_string())?;
    let states = (0..games)
        .map(|i| {
            let mut g = (entry.create)(&config, i).map_err(|e| e.to_string())?;
            random_prefix(g.as_mut(), skip, i);
            Ok((DynState(g), i))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let cfg = RunnerConfig {
        puct: PuctConfig {
            simulations,
            ..PuctConfig::default()
        },
        temperature_moves: None,
        record: false,
        threads,
        max_plies: Some(plies),
    };
    let mut runner = Runner::new(
        states,
        &vec![SeatPlayer::Puct(0); players],
        false,
        Vec::new(),
        1,
        cfg,
    )?;
    let (mut priors, mut values) = (Vec::new(), Vec::new());
    let (mut waves, mut rows) = (0u64, 0u64);
    let start = Instant::now();
    while runner.prepare()? {
        let batch = &runner.wave().batches[0];
        let n = batch.rows();
        if hashed {
            hashed_outputs(batch, &mut priors, &mut values);
        } else {
            priors.resize(n * batch.num_actions, 1.0);
            values.resize(n * batch.players, 0.0);
        }
        waves += 1;
        rows += n as u64;
        runner.finish(&[(&priors[..], &values[..])])?;
    }
    let seconds = start.elapsed().as_secs_f64();
    let (sims, _) = runner.counts();
    // A digest of every action played: two builds that search alike print the same one.
    let (records, _) = runner.into_results();
    let digest = records
        .iter()
        .flat_map(|r| r.actions.iter())
        .fold(0xcbf2_9ce4_8422_2325u64, |h, &a| {
            (h ^ u64::from(a)).wrapping_mul(0x100_0000_01b3)
        });
    println!(
        "{game} {players}p {games} games x {plies} plies, {simulations} simulations: \
         {waves} waves, {sims} simulations, {rows} evaluator rows, actions digest {digest:016x}; \
         {:.3} us/simulation",
        seconds * 1e6 / sims.max(1) as f64
    );
    Ok(())
}
