//! The contract every game implements.

use crate::error::{GameError, RuleError};
use crate::options::{Config, OptionSpec};
use crate::rng::GameRng;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

/// A dense action id in `0..num_distinct_actions()`. Chance outcomes use the same id space.
pub type Action = u32;

/// `current_player` value at a chance node (OpenSpiel's convention).
pub const CHANCE: i32 = -1;
/// `current_player` value once the game is over (OpenSpiel's convention).
pub const TERMINAL: i32 = -4;

/// Who acts next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    Player(usize),
    Chance,
    Terminal,
}

impl Turn {
    /// The seat, [`CHANCE`] or [`TERMINAL`], as the Python API reports it.
    pub fn as_i32(self) -> i32 {
        match self {
            Turn::Player(p) => p as i32,
            Turn::Chance => CHANCE,
            Turn::Terminal => TERMINAL,
        }
    }
}

/// Static facts about a game: what `meeple.game_info` returns.
#[derive(Clone, Debug)]
pub struct GameInfo {
    /// Registry name, e.g. `"puerto_rico"`.
    pub name: &'static str,
    /// Human title, e.g. `"Puerto Rico"`.
    pub title: &'static str,
    pub min_players: usize,
    pub max_players: usize,
    pub options: Vec<OptionSpec>,
    /// Whether some seat may not see part of the state (hands, private draws) in some
    /// configuration; [`Game::hidden_information`] says it for one game's configuration.
    pub hidden_information: bool,
    /// Version of this game's state JSON; bump it when the state format changes.
    pub state_version: u32,
}

/// A game's rules. A value of the implementing type is one complete game state, RNG included.
///
/// Properties every implementation keeps (the conformance kit checks them):
/// - `legal_actions` is sorted, unique, non-empty until terminal, inside `0..num_distinct_actions`;
///   at a chance node it lists the outcomes of `chance_outcomes`.
/// - `apply` validates; on `Err` the state is unchanged.
/// - No input makes any method panic.
/// - `Clone` is cheap and the clone evolves independently.
/// - Serialization (serde) covers the whole state and round-trips exactly.
pub trait Game: Clone + Send + Sync + Serialize + DeserializeOwned + 'static {
    /// Name, player counts, options.
    fn info() -> GameInfo;

    /// Set up a game. `config` is already validated against `info()`; `seed` draws the setup
    /// randomness and seeds the game's [`GameRng`].
    fn new(config: &Config, seed: u64) -> Result<Self, GameError>;

    /// The configuration the game was created with. The state's JSON keeps it under the
    /// top-level key `config` (`{"players": n, "options": {..}}`); a hand-written position may
    /// list only the options it changes, and loading fills in the defaults.
    fn config(&self) -> &Config;

    /// Size of the action space for this configuration (fixed for the whole game).
    fn num_distinct_actions(&self) -> u32;

    fn turn(&self) -> Turn;

    /// Clear `out` and fill it with the legal actions, ascending.
    fn legal_actions(&self, out: &mut Vec<Action>);

    /// Clear `out` and fill it with `(outcome, weight)` pairs, ascending by outcome, at a chance
    /// node (empty elsewhere). The probability of an outcome is its weight over the total; integer
    /// weights keep sampling exact and portable.
    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>);

    /// Apply a player's action or a chance outcome. On error the state is unchanged.
    fn apply(&mut self, action: Action) -> Result<(), RuleError>;

    /// The game's own points per seat (live during play, final at the end).
    fn scores(&self) -> Vec<f64>;

    /// The winners with the rulebook's tie-breakers applied; empty before the end. A tie that
    /// survives the tie-breakers lists every tied seat.
    fn winners(&self) -> Vec<usize>;

    /// Per seat: each of k winners gets 1/k, everyone else 0; all 0 before the end.
    fn returns(&self) -> Vec<f64> {
        let mut r = vec![0.0; self.config().players];
        if self.turn() == Turn::Terminal {
            let w = self.winners();
            for &s in &w {
                if s < r.len() {
                    r[s] = 1.0 / w.len() as f64;
                }
            }
        }
        r
    }

    /// What `seat` may know, as JSON (names, not numbers), nothing more.
    fn observation(&self, seat: usize) -> Value;

    /// Length of [`Game::observation_tensor`] for this configuration.
    fn observation_tensor_len(&self) -> usize;

    /// Write the observation of `seat` as floats into `out` (length `observation_tensor_len`).
    /// Like [`Game::observation`], it holds nothing `seat` cannot see. Layout documented per game.
    /// Every element is written: `out` may hold anything on entry (the PUCT batch writes each
    /// wave's rows over the last one's; the conformance kit checks it on a NaN-filled buffer).
    fn observation_tensor(&self, seat: usize, out: &mut [f32]);

    /// A readable label for `action` in this state, unique among the legal actions.
    fn action_label(&self, action: Action) -> String;

    /// The legal action whose label is `label` (default: search the legal actions).
    fn parse_action(&self, label: &str) -> Option<Action> {
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        let wanted = label.trim();
        legal.into_iter().find(|&a| self.action_label(a) == wanted)
    }

    /// The action of the whole action space, legal now or not, whose label is `label` (so a
    /// refusal can be tested by name). Default: [`find_label`]; a game with input aliases
    /// rewrites them to its canonical labels first.
    fn parse_label(&self, label: &str) -> Option<Action> {
        find_label(self, label)
    }

    /// At a chance node: whether `seat` sees the outcome about to be drawn. Public chance (dice,
    /// a face-up reveal) is visible to all (the default); a private draw (a card into one hand)
    /// is visible only to its owner. `Session` records it per history entry, so
    /// `history(seat)` can hide what that seat must not learn.
    fn chance_visible_to(&self, seat: usize) -> bool {
        let _ = seat;
        true
    }

    /// Before a player's `action` is applied: whether `seat` (not the actor) sees which action
    /// it is. Open decisions are seen by all (the default); a secret one (a card discarded face
    /// down, a choice revealed later) is seen only by the actor. Like
    /// [`Game::chance_visible_to`], `Session` records it per history entry for `history(seat)`;
    /// the actor always sees its own action (the session does not ask).
    fn action_visible_to(&self, action: Action, seat: usize) -> bool {
        let _ = (action, seat);
        true
    }

    /// Whether this game's configuration hides anything from some seat. Defaults to
    /// `GameInfo::hidden_information`; a game whose hidden parts come only with some option
    /// returns false without it. When false, `determinize` must change nothing but the RNG (the
    /// conformance kit checks it), and the search runs plain UCT instead of ISMCTS.
    fn hidden_information(&self) -> bool {
        Self::info().hidden_information
    }

    /// A full state consistent with what `seat` observes: hidden parts resampled from what that
    /// seat cannot see, and the RNG reseeded from `seed` so no real future leaks. The default is
    /// right for games with perfect information (only the RNG is reseeded).
    fn determinize(&self, seat: usize, seed: u64) -> Self {
        let _ = seat;
        let mut g = self.clone();
        *g.rng_mut() = GameRng::new(seed);
        g
    }

    /// The game's RNG (used by the auto-chance driver and reseeded by `determinize`).
    fn rng_mut(&mut self) -> &mut GameRng;

    /// A true upper bound on the number of actions (chance outcomes included) in one game.
    fn max_game_length(&self) -> u64;

    /// Check a state read from JSON: component counts, ownership, phase consistency. Name the
    /// first thing that is wrong.
    fn validate(&self) -> Result<(), String> {
        Ok(())
    }

    /// A readable picture of the state for a terminal.
    fn render(&self) -> String;

    /// Heuristic value of the state for `seat`, roughly in `[0, 1]`, for the heuristic bot and
    /// rollout cut-offs. Default: the seat's share of the points.
    fn evaluate(&self, seat: usize) -> f64 {
        let s = self.scores();
        let total: f64 = s.iter().map(|x| x.max(0.0)).sum();
        if total <= 0.0 {
            return 1.0 / s.len().max(1) as f64;
        }
        s.get(seat).copied().unwrap_or(0.0).max(0.0) / total
    }

    /// The state as JSON (the documented position format).
    fn to_json_value(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// Read a state from JSON and validate it. A field of the wrong shape is named by its path
    /// (`players[1].resources: invalid type: ...`).
    fn from_json_value(value: &Value) -> Result<Self, GameError> {
        let g: Self = serde_path_to_error::deserialize(value).map_err(|e| {
            let path = e.path().to_string();
            let inner = e.into_inner();
            GameError::bad_json(if path == "." {
                inner.to_string()
            } else {
                format!("{path}: {inner}")
            })
        })?;
        g.validate().map_err(GameError::BadJson)?;
        Ok(g)
    }
}

/// The action whose label is `label` (trimmed): a legal one first, else any id of the action
/// space, `0..num_distinct_actions()`, in ascending order.
pub fn find_label<G: Game>(g: &G, label: &str) -> Option<Action> {
    if let Some(a) = g.parse_action(label) {
        return Some(a);
    }
    let wanted = label.trim();
    (0..g.num_distinct_actions()).find(|&a| g.action_label(a) == wanted)
}

#[cfg(test)]
mod tests;
