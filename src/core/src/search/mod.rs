//! Search: random, heuristic, UCT MCTS and ISMCTS bots, generic over [`Game`].
//!
//! - [`Bot`]: choose (or analyze) an action for the player to move, given a state and a seed.
//! - [`RandomBot`], [`HeuristicBot`] (one-ply greedy on [`Game::evaluate`]), [`Mcts`] (UCT on
//!   the true state, or single-observer ISMCTS over determinizations), root-parallel over a
//!   `rayon::ThreadPool` of its own.
//! - [`SearchConfig`]: the whole choice as one serde struct, read from JSON such as
//!   `{"kind": "mcts", "iterations": 2000, "threads": 2, "c": 1.4}`, and [`search`], the generic
//!   entry point the type-erased [`crate::DynGame`] dispatches to.
//! - [`play_match`] / [`play_matches`]: bot-versus-bot games, in parallel, deterministic.
//!
//! Every result is a [`SearchResult`]: the chosen action plus, per legal action, visit counts and
//! mean values (policy and value targets for learning). See `docs/search.md`.

mod arena;
mod bots;
#[cfg(test)]
mod fork;
mod mcts;
pub mod puct;

pub use arena::{
    play_match, play_match_until, play_matches, play_matches_until, MatchResult, MAX_MATCH_GAMES,
};
pub use bots::{HeuristicBot, RandomBot};
pub use mcts::Mcts;

use crate::game::{Action, Game, Turn};
use crate::interrupt::{Interrupt, NEVER};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A player: picks an action for the seat to move. `seed` makes every choice reproducible.
pub trait Bot<G: Game>: Send + Sync {
    /// The chosen action and per-action statistics. Errors if no player is to move.
    fn analyze(&self, game: &G, seed: u64) -> Result<SearchResult, String>;

    /// [`Bot::analyze`] that stops early once `stop` is set, returning what it found so far (a
    /// search) or its usual answer (a bot that decides quickly; the default).
    fn analyze_until(&self, game: &G, seed: u64, stop: &Interrupt) -> Result<SearchResult, String> {
        let _ = stop;
        self.analyze(game, seed)
    }

    /// Only the chosen action.
    fn choose(&self, game: &G, seed: u64) -> Result<Action, String> {
        self.analyze(game, seed).map(|r| r.action)
    }
}

/// Statistics of one legal root action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ActionStats {
    pub action: Action,
    /// Root visits of this action (summed over threads). For the heuristic bot: 1 for the chosen
    /// action, 0 otherwise; for the random bot: 1 each (a uniform policy).
    pub visits: u64,
    /// Mean value for the seat to move, in the scale of [`Game::returns`] / [`Game::evaluate`]
    /// (about `[0, 1]`); 0 for an action never visited. For the heuristic bot: the action's
    /// heuristic value; for the random bot: 0.
    pub value: f64,
}

/// What a bot decided and why.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchResult {
    /// The chosen action.
    pub action: Action,
    /// The seat the search was for (the player to move).
    pub seat: usize,
    /// The algorithm that ran: `random`, `heuristic`, `uct` or `ismcts`.
    pub kind: String,
    /// One entry per legal action, ascending by action.
    pub stats: Vec<ActionStats>,
    /// MCTS iterations run, summed over threads (0 for the other bots, and when the only legal
    /// action was returned without searching).
    pub iterations: u64,
    /// Tree nodes built, summed over threads.
    pub nodes: u64,
    /// Wall-clock time of the call (the only field that varies between identical calls).
    pub seconds: f64,
}

impl SearchResult {
    /// Visit counts as a probability vector over the legal actions (same order as `stats`).
    pub fn policy(&self) -> Vec<f64> {
        let total: u64 = self.stats.iter().map(|s| s.visits).sum();
        if total == 0 {
            let n = self.stats.len().max(1) as f64;
            return self.stats.iter().map(|_| 1.0 / n).collect();
        }
        self.stats
            .iter()
            .map(|s| s.visits as f64 / total as f64)
            .collect()
    }
}

/// Which bot [`SearchConfig`] describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotKind {
    Random,
    Heuristic,
    /// ISMCTS if the game's configuration has hidden information (`Game::hidden_information`),
    /// else UCT.
    Mcts,
    /// UCT on the true state. On a hidden-information game this sees everything (a cheating
    /// baseline): use `mcts` or `ismcts` for honest play.
    Uct,
    /// Single-observer information-set MCTS (a determinization per iteration).
    Ismcts,
}

/// How MCTS plays out from a new leaf.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rollout {
    /// Uniformly random legal actions (chance outcomes by their weights).
    Random,
    /// Epsilon-greedy on [`Game::evaluate`] of the player to move (one clone per legal action
    /// per step: much slower per rollout than `random`).
    Heuristic,
}

/// How the heuristic bot values an action that leads to a chance node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChanceEval {
    /// Exact expectation over the outcomes (chained chance nodes too, up to 256 leaves; beyond
    /// that the chance state itself is evaluated).
    Average,
    /// Mean over `samples` sampled outcome chains.
    Sample,
}

/// A bot and its parameters, as one JSON object. Every field but `kind` is optional; fields
/// that do not apply to the kind are ignored; unknown fields are refused.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SearchConfig {
    pub kind: BotKind,
    /// MCTS iterations (summed over threads). Default 1000 when `seconds` is not given either.
    pub iterations: Option<u64>,
    /// MCTS time budget in seconds. With `iterations` too, whichever runs out first.
    pub seconds: Option<f64>,
    /// Root-parallel MCTS threads (independent trees, merged at the root). 1..=256.
    pub threads: usize,
    /// UCT exploration constant (values are in `[0, 1]`). Default 0.7: measured stronger than
    /// the textbook 1.4 (see `docs/search.md`).
    pub c: f64,
    pub rollout: Rollout,
    /// Stop rollouts after this many actions (chance included) and score with
    /// [`Game::evaluate`] instead of playing to the end.
    pub rollout_depth: Option<u32>,
    /// Heuristic rollouts: chance of a uniformly random action instead of the greedy one.
    pub rollout_epsilon: f64,
    /// Heuristic bot: how chance after an action is valued.
    pub chance: ChanceEval,
    /// Heuristic bot, `chance: "sample"`: outcome chains per action.
    pub samples: u32,
    /// MCTS: tree nodes per thread, at most; past it iterations still run but the tree stops
    /// growing (bounds memory under long time budgets).
    pub max_nodes: u32,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            kind: BotKind::Mcts,
            iterations: None,
            seconds: None,
            threads: 1,
            c: 0.7,
            rollout: Rollout::Random,
            rollout_depth: None,
            rollout_epsilon: 0.1,
            chance: ChanceEval::Average,
            samples: 8,
            max_nodes: 2_000_000,
        }
    }
}

/// The longest time budget accepted (a day).
pub const MAX_SECONDS: f64 = 86_400.0;

/// Iterations when neither `iterations` nor `seconds` is given.
pub const DEFAULT_ITERATIONS: u64 = 1000;

impl SearchConfig {
    /// A configuration of `kind` with every other field at its default.
    pub fn of(kind: BotKind) -> Self {
        SearchConfig {
            kind,
            ..Default::default()
        }
    }

    /// Read and check a configuration from a JSON object.
    pub fn from_json(value: &Value) -> Result<Self, String> {
        let c: SearchConfig = serde_json::from_value(value.clone())
            .map_err(|e| format!("bad search configuration: {e}"))?;
        c.validate()?;
        Ok(c)
    }

    /// Read and check a configuration from JSON text.
    pub fn from_json_str(text: &str) -> Result<Self, String> {
        let v: Value =
            serde_json::from_str(text).map_err(|e| format!("bad search configuration: {e}"))?;
        Self::from_json(&v)
    }

    /// Name the first out-of-range parameter.
    pub fn validate(&self) -> Result<(), String> {
        let bad = |field: &str, why: String| Err(format!("search option '{field}': {why}"));
        if !(1..=256).contains(&self.threads) {
            return bad("threads", format!("{} is outside 1..=256", self.threads));
        }
        if let Some(0) = self.iterations {
            return bad("iterations", "must be at least 1".into());
        }
        if let Some(s) = self.seconds {
            if !(s.is_finite() && s > 0.0 && s <= MAX_SECONDS) {
                return bad(
                    "seconds",
                    format!("{s} is not a number of seconds in (0, {MAX_SECONDS}]"),
                );
            }
        }
        if !(self.c.is_finite() && self.c >= 0.0) {
            return bad("c", format!("{} is not a non-negative number", self.c));
        }
        if !(0.0..=1.0).contains(&self.rollout_epsilon) {
            return bad(
                "rollout_epsilon",
                format!("{} is outside [0, 1]", self.rollout_epsilon),
            );
        }
        if self.samples == 0 {
            return bad("samples", "must be at least 1".into());
        }
        if self.max_nodes < 1 {
            return bad("max_nodes", "must be at least 1".into());
        }
        Ok(())
    }

    /// The MCTS variant this configuration runs on `G` (`None` for the random and heuristic
    /// bots): `mcts` resolves to ISMCTS when `G` may have hidden information; the search itself
    /// then runs UCT on a configuration that hides nothing (`Game::hidden_information`).
    pub fn resolved_mcts<G: Game>(&self) -> Option<bool> {
        match self.kind {
            BotKind::Random | BotKind::Heuristic => None,
            BotKind::Uct => Some(false),
            BotKind::Ismcts => Some(true),
            BotKind::Mcts => Some(G::info().hidden_information),
        }
    }

    /// The bot this configuration describes (not validated: call [`SearchConfig::validate`]).
    pub fn bot<G: Game>(&self) -> Box<dyn Bot<G>> {
        match self.resolved_mcts::<G>() {
            None if self.kind == BotKind::Random => Box::new(RandomBot),
            None => Box::new(HeuristicBot {
                chance: self.chance,
                samples: self.samples,
            }),
            Some(determinize) => Box::new(Mcts {
                determinize,
                ..Mcts::from_config(self)
            }),
        }
    }
}

/// A configuration is itself a bot: `analyze` is [`search`].
impl<G: Game> Bot<G> for SearchConfig {
    fn analyze(&self, game: &G, seed: u64) -> Result<SearchResult, String> {
        search(game, self, seed)
    }
    fn analyze_until(&self, game: &G, seed: u64, stop: &Interrupt) -> Result<SearchResult, String> {
        search_until(game, self, seed, stop)
    }
}

/// Run the bot `config` describes on `game` for the player to move: the one generic entry point
/// (the type-erased `DynGame::search` calls this). Deterministic for a given seed and thread
/// count unless `seconds` is set.
pub fn search<G: Game>(game: &G, config: &SearchConfig, seed: u64) -> Result<SearchResult, String> {
    search_until(game, config, seed, &NEVER)
}

/// [`search`] that stops early once `stop` is set (an MCTS then answers from the iterations it
/// ran; see [`Bot::analyze_until`]).
pub fn search_until<G: Game>(
    game: &G,
    config: &SearchConfig,
    seed: u64,
    stop: &Interrupt,
) -> Result<SearchResult, String> {
    config.validate()?;
    config.bot::<G>().analyze_until(game, seed, stop)
}

/// The seat to move, or an error naming why there is none.
pub(crate) fn seat_to_move<G: Game>(game: &G) -> Result<usize, String> {
    match game.turn() {
        Turn::Player(p) => Ok(p),
        Turn::Chance => Err("no player to move: the game is at a chance node".into()),
        Turn::Terminal => Err("no player to move: the game is over".into()),
    }
}

/// The legal actions of the player to move (never empty on success).
pub(crate) fn root_actions<G: Game>(game: &G) -> Result<Vec<Action>, String> {
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    if legal.is_empty() {
        return Err("no legal action for the player to move".into());
    }
    Ok(legal)
}

/// The value of a finished or cut-off position for `seat`: its return at the end, else its
/// evaluation.
pub(crate) fn leaf_value<G: Game>(game: &G, seat: usize) -> f64 {
    if game.turn() == Turn::Terminal {
        game.returns().get(seat).copied().unwrap_or(0.0)
    } else {
        game.evaluate(seat)
    }
}
