//! Bot-versus-bot games in Rust: one game ([`play_match`]) or many over threads
//! ([`play_matches`]), deterministic for a seed, for `meeple simulate` and the benchmarks.

use super::{Bot, SearchConfig};
use crate::game::{Action, Game, Turn};
use crate::interrupt::{Interrupt, NEVER};
use crate::options::Config;
use crate::playout::game_seed;
use crate::rng::GameRng;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// How one game between bots went.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchResult {
    /// The seed the game was set up with (`G::new(config, seed)`).
    pub seed: u64,
    /// Per seat: the index (into the bot list) of the bot that played it.
    pub seating: Vec<usize>,
    /// Per seat (see [`Game::returns`]); all 0 if the game was cut off.
    pub returns: Vec<f64>,
    pub scores: Vec<f64>,
    pub winners: Vec<usize>,
    /// Whether the game ended (false: stopped at `max_game_length`).
    pub finished: bool,
    /// Every action applied, chance outcomes included: with `seed`, a replay record in auto-chance
    /// mode (chance is drawn with the game's own RNG, as `Session` does).
    pub actions: Vec<Action>,
    /// Per seat: decisions taken and seconds spent deciding.
    pub decisions: Vec<u64>,
    pub seconds: Vec<f64>,
}

/// Play `game` to the end, seat `s` played by `bots[seating[s]]`. Chance outcomes are drawn with
/// the game's own RNG; each decision's seed comes from `seed`.
pub fn play_match<G: Game>(
    game: G,
    bots: &[&dyn Bot<G>],
    seating: &[usize],
    game_seed_used: u64,
    seed: u64,
) -> Result<MatchResult, String> {
    play_match_until(game, bots, seating, game_seed_used, seed, &NEVER)
}

/// [`play_match`] that stops (with [`crate::interrupt::INTERRUPTED`]) once `stop` is set; the
/// bots' searches poll it too.
pub fn play_match_until<G: Game>(
    mut game: G,
    bots: &[&dyn Bot<G>],
    seating: &[usize],
    game_seed_used: u64,
    seed: u64,
    stop: &Interrupt,
) -> Result<MatchResult, String> {
    let players = game.config().players;
    if seating.len() != players || seating.iter().any(|&b| b >= bots.len()) {
        return Err(format!(
            "need a bot for each of the {players} seats (got seating {seating:?} over {} bots)",
            bots.len()
        ));
    }
    let mut rng = GameRng::new(seed);
    let mut outcomes = Vec::new();
    let mut actions = Vec::new();
    let mut decisions = vec![0u64; players];
    let mut seconds = vec![0f64; players];
    let bound = game.max_game_length();
    while (actions.len() as u64) < bound {
        stop.check()?;
        let action = match game.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                game.chance_outcomes(&mut outcomes);
                if outcomes.is_empty() {
                    return Err("a chance node without outcomes (a bug in the game)".into());
                }
                let i = game.rng_mut().weighted(outcomes.iter().map(|o| o.1));
                outcomes[i].0
            }
            Turn::Player(p) => {
                let bot = seating.get(p).and_then(|&b| bots.get(b)).ok_or_else(|| {
                    format!("player {p} to move, but the game has {players} seats")
                })?;
                let start = std::time::Instant::now();
                let a = bot.analyze_until(&game, rng.next_u64(), stop)?.action;
                stop.check()?;
                seconds[p] += start.elapsed().as_secs_f64();
                decisions[p] += 1;
                a
            }
        };
        game.apply(action)
            .map_err(|e| format!("bot or chance chose an illegal action {action}: {}", e.0))?;
        actions.push(action);
    }
    let finished = game.turn() == Turn::Terminal;
    Ok(MatchResult {
        seed: game_seed_used,
        seating: seating.to_vec(),
        returns: game.returns(),
        scores: game.scores(),
        winners: game.winners(),
        finished,
        actions,
        decisions,
        seconds,
    })
}

/// Play `games` games of `config` between the bots `bots` (one per seat, or fewer with `rotate`).
/// Game `i` is set up with `G::new(config, game_seed(seed, i))`. With `rotate`, seat `s` of game
/// `i` is played by bot `(s + i) % bots.len()`, so every bot takes every seat in turn (use it
/// whenever seat order matters); without it seat `s` is bot `s`. Games run in parallel on
/// `threads` threads (a pool of our own); results are in game order and the same for any thread
/// count (set each bot's own `threads` to 1 when `threads > 1`).
pub fn play_matches<G: Game>(
    config: &Config,
    bots: &[SearchConfig],
    games: usize,
    seed: u64,
    threads: usize,
    rotate: bool,
) -> Result<Vec<MatchResult>, String> {
    play_matches_until::<G>(config, bots, games, seed, threads, rotate, &NEVER)
}

/// The most games one [`play_matches`] call plays (each result holds the game's whole action
/// list): larger counts are refused before anything runs.
pub const MAX_MATCH_GAMES: usize = 1_000_000;

/// [`play_matches`] that stops (with [`crate::interrupt::INTERRUPTED`]) once `stop` is set.
pub fn play_matches_until<G: Game>(
    config: &Config,
    bots: &[SearchConfig],
    games: usize,
    seed: u64,
    threads: usize,
    rotate: bool,
    stop: &Interrupt,
) -> Result<Vec<MatchResult>, String> {
    if games > MAX_MATCH_GAMES {
        return Err(format!(
            "{games} games is more than one call plays (at most {MAX_MATCH_GAMES}): split the run"
        ));
    }
    let players = config.players;
    if bots.is_empty() || (!rotate && bots.len() != players) {
        return Err(format!(
            "need {players} bots (one per seat) or rotate with at least one; got {}",
            bots.len()
        ));
    }
    for b in bots {
        b.validate()?;
    }
    let boxed: Vec<Box<dyn Bot<G>>> = bots.iter().map(|b| b.bot::<G>()).collect();
    let refs: Vec<&dyn Bot<G>> = boxed.iter().map(|b| b.as_ref()).collect();
    let run = |i: usize| -> Result<MatchResult, String> {
        let s = game_seed(seed, i as u64);
        let game = G::new(config, s).map_err(|e| e.to_string())?;
        let seating: Vec<usize> = (0..players)
            .map(|p| if rotate { (p + i) % bots.len() } else { p })
            .collect();
        play_match_until(game, &refs, &seating, s, s ^ 0x5EA5_C0DE_B075_0001, stop)
    };
    if threads <= 1 {
        return (0..games).map(run).collect();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| (0..games).into_par_iter().map(run).collect()),
        Err(_) => (0..games).map(run).collect(),
    }
}
