//! Random playouts: the inner loop of benchmarks, MCTS rollouts and `meeple simulate`.
//! Generic over [`Game`], so the loop is monomorphized per game.

use crate::game::{Action, Game, Turn};
use crate::interrupt::{Interrupt, NEVER};
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

/// The most games one batch call plays: its results are allocated up front, so a count is
/// checked before anything runs (about 100 bytes per game at 6 players; split larger runs into
/// several calls).
pub const MAX_BATCH_GAMES: usize = 10_000_000;

/// Games played between two polls of the interrupt and appended to the results at once.
const CHUNK: usize = 256;

/// Play `games` random games, each starting from `start(game_seed(seed, i))`, on `threads`
/// threads (a pool of its own, never rayon's global one: safe after fork). Results are the same
/// for any thread count. More than [`MAX_BATCH_GAMES`] games give an empty result: use
/// [`batch_with_until`] to get the error.
pub fn batch_with<G: Game, F>(start: F, games: usize, seed: u64, threads: usize) -> BatchResult
where
    F: Fn(u64) -> Option<G> + Sync,
{
    batch_with_until(start, games, seed, threads, &NEVER).unwrap_or_default()
}

/// [`batch_with`] that stops early once `stop` is set (returning [`crate::interrupt::INTERRUPTED`])
/// and refuses counts above [`MAX_BATCH_GAMES`] or that cannot be allocated.
pub fn batch_with_until<G: Game, F>(
    start: F,
    games: usize,
    seed: u64,
    threads: usize,
    stop: &Interrupt,
) -> Result<BatchResult, String>
where
    F: Fn(u64) -> Option<G> + Sync,
{
    check_games(games)?;
    let run_one = |i: usize| -> (u64, Vec<f64>, Vec<f64>, bool) {
        let s = game_seed(seed, i as u64);
        let Some(mut g) = start(s).filter(|_| !stop.is_set()) else {
            return (0, Vec::new(), Vec::new(), false);
        };
        let mut rng = GameRng::new(s ^ 0xA5A5_A5A5_A5A5_A5A5);
        let mut buf = Buffers::default();
        let bound = g.max_game_length();
        let len = random_playout(&mut g, &mut rng, &mut buf, bound);
        (len, g.scores(), g.returns(), g.turn() == Turn::Terminal)
    };
    let mut width = None;
    let mut out = BatchResult::default();
    let pool = if threads > 1 {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .ok()
    } else {
        None
    };
    let mut first = 0;
    while first < games {
        stop.check()?;
        let range = first..games.min(first + CHUNK);
        first = range.end;
        let rows: Vec<(u64, Vec<f64>, Vec<f64>, bool)> = match &pool {
            Some(pool) => pool.install(|| range.into_par_iter().map(run_one).collect()),
            None => range.map(run_one).collect(),
        };
        stop.check()?;
        if width.is_none() {
            let p = rows.iter().map(|r| r.1.len()).max().unwrap_or(0);
            width = Some(p);
            out = BatchResult::reserved(games, p)?;
        }
        let p = width.unwrap_or(0);
        for (len, scores, returns, finished) in rows {
            out.lengths.push(len);
            out.scores
                .extend(scores.iter().copied().chain(std::iter::repeat(0.0)).take(p));
            out.returns.extend(
                returns
                    .iter()
                    .copied()
                    .chain(std::iter::repeat(0.0))
                    .take(p),
            );
            out.finished.push(finished);
        }
    }
    Ok(out)
}

/// Refuse a batch count above [`MAX_BATCH_GAMES`].
pub fn check_games(games: usize) -> Result<(), String> {
    if games > MAX_BATCH_GAMES {
        return Err(format!(
            "{games} games is more than one call plays (at most {MAX_BATCH_GAMES}): split the run"
        ));
    }
    Ok(())
}

impl BatchResult {
    /// Empty vectors with room for `games` rows of `players`, or an error if that much memory
    /// cannot be had.
    fn reserved(games: usize, players: usize) -> Result<BatchResult, String> {
        let cells = games
            .checked_mul(players)
            .ok_or_else(|| format!("{games} games of {players} players overflow"))?;
        let no_memory = |_| format!("cannot allocate the results of {games} games");
        let mut out = BatchResult {
            players,
            ..Default::default()
        };
        out.lengths.try_reserve_exact(games).map_err(no_memory)?;
        out.scores.try_reserve_exact(cells).map_err(no_memory)?;
        out.returns.try_reserve_exact(cells).map_err(no_memory)?;
        out.finished.try_reserve_exact(games).map_err(no_memory)?;
        Ok(out)
    }
}

/// Random playouts from copies of `state`, each with its RNG reseeded (see [`batch_with`]).
pub fn batch<G: Game>(state: &G, games: usize, seed: u64, threads: usize) -> BatchResult {
    batch_until(state, games, seed, threads, &NEVER).unwrap_or_default()
}

/// [`batch`] that stops once `stop` is set and refuses counts it cannot hold (see
/// [`batch_with_until`]).
pub fn batch_until<G: Game>(
    state: &G,
    games: usize,
    seed: u64,
    threads: usize,
    stop: &Interrupt,
) -> Result<BatchResult, String> {
    batch_with_until(
        |s| {
            let mut g = state.clone();
            *g.rng_mut() = GameRng::new(s);
            Some(g)
        },
        games,
        seed,
        threads,
        stop,
    )
}
