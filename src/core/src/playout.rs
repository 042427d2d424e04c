//! Random playouts: the inner loop of benchmarks, MCTS rollouts and `meeple simulate`.
//! Generic over [`Game`], so the loop is monomorphized per game.

use crate::game::{Action, Game, Turn};
use crate::rng::GameRng;
use rayon::prelude::*;

/// Reusable buffers for a playout loop (no allocation per step).
#[derive(Default)]
pub struct Buffers {
    pub actions: Vec<Action>,
    pub outcomes: Vec<(Action, u32)>,
}

/// A uniformly random legal action, or at a chance node an outcome drawn by its weight; `None`
/// at a terminal state (or a node with nothing to choose).
pub fn random_action<G: Game>(game: &G, rng: &mut GameRng, buf: &mut Buffers) -> Option<Action> {
    match game.turn() {
        Turn::Terminal => None,
        Turn::Chance => {
            game.chance_outcomes(&mut buf.outcomes);
            if buf.outcomes.is_empty() {
                return None;
            }
            let i = rng.weighted(buf.outcomes.iter().map(|o| o.1));
            Some(buf.outcomes[i].0)
        }
        Turn::Player(_) => {
            game.legal_actions(&mut buf.actions);
            if buf.actions.is_empty() {
                return None;
            }
            Some(buf.actions[rng.index(buf.actions.len())])
        }
    }
}

/// One step of uniformly random play (see [`random_action`]). Returns false (and does nothing)
/// at a terminal state.
pub fn random_step<G: Game>(game: &mut G, rng: &mut GameRng, buf: &mut Buffers) -> bool {
    match random_action(game, rng, buf) {
        Some(action) => game.apply(action).is_ok(),
        None => false,
    }
}

/// Play uniformly at random to the end (or `max_steps`); returns the number of actions applied.
pub fn random_playout<G: Game>(
    game: &mut G,
    rng: &mut GameRng,
    buf: &mut Buffers,
    max_steps: u64,
) -> u64 {
    let mut steps = 0;
    while steps < max_steps && random_step(game, rng, buf) {
        steps += 1;
    }
    steps
}

/// Per-game results of a batch, in game order, flat for numpy.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BatchResult {
    pub players: usize,
    /// Actions applied per game (chance outcomes included).
    pub lengths: Vec<u64>,
    /// `games * players` final scores, row-major.
    pub scores: Vec<f64>,
    /// `games * players` returns (1/k for each of k winners), row-major.
    pub returns: Vec<f64>,
    /// Whether each game ended (false: cut off by its length bound).
    pub finished: Vec<bool>,
}

impl BatchResult {
    pub fn games(&self) -> usize {
        self.lengths.len()
    }
    pub fn total_actions(&self) -> u64 {
        self.lengths.iter().sum()
    }
}

/// The seed of game `index` in a batch seeded with `seed` (independent of thread count).
pub fn game_seed(seed: u64, index: u64) -> u64 {
    // SplitMix64 finaliser over the pair: decorrelates neighbouring indices.
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Play `games` random games, each starting from `start(game_seed(seed, i))`, on `threads`
/// threads (a pool of its own, never rayon's global one: safe after fork). Results are the same
/// for any thread count.
pub fn batch_with<G: Game, F>(start: F, games: usize, seed: u64, threads: usize) -> BatchResult
where
    F: Fn(u64) -> Option<G> + Sync,
{
    let run_one = |i: usize| -> (u64, Vec<f64>, Vec<f64>, bool) {
        let s = game_seed(seed, i as u64);
        let Some(mut g) = start(s) else {
            return (0, Vec::new(), Vec::new(), false);
        };
        let mut rng = GameRng::new(s ^ 0xA5A5_A5A5_A5A5_A5A5);
        let mut buf = Buffers::default();
        let bound = g.max_game_length();
        let len = random_playout(&mut g, &mut rng, &mut buf, bound);
        (len, g.scores(), g.returns(), g.turn() == Turn::Terminal)
    };
    let rows: Vec<(u64, Vec<f64>, Vec<f64>, bool)> = if threads <= 1 {
        (0..games).map(run_one).collect()
    } else {
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(|| (0..games).into_par_iter().map(run_one).collect()),
            Err(_) => (0..games).map(run_one).collect(),
        }
    };
    let players = rows.iter().map(|r| r.1.len()).max().unwrap_or(0);
    let mut out = BatchResult {
        players,
        ..Default::default()
    };
    for (len, scores, returns, finished) in rows {
        out.lengths.push(len);
        out.scores.extend(
            scores
                .iter()
                .copied()
                .chain(std::iter::repeat(0.0))
                .take(players),
        );
        out.returns.extend(
            returns
                .iter()
                .copied()
                .chain(std::iter::repeat(0.0))
                .take(players),
        );
        out.finished.push(finished);
    }
    out
}

/// Random playouts from copies of `state`, each with its RNG reseeded.
pub fn batch<G: Game>(state: &G, games: usize, seed: u64, threads: usize) -> BatchResult {
    batch_with(
        |s| {
            let mut g = state.clone();
            *g.rng_mut() = GameRng::new(s);
            Some(g)
        },
        games,
        seed,
        threads,
    )
}
