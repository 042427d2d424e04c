//! A game in play: the state, how chance is resolved, and the history of applied actions.
//! This is what the Python `Game` wraps; it owns the auto-chance driver, the JSON envelope and
//! replays, so every game gets them without code of its own.

use crate::dynamic::{DynGame, GameEntry};
use crate::error::GameError;
use crate::game::{Action, Turn};
use crate::options::Config;
use crate::FORMAT_VERSION;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

/// How chance nodes are handled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChanceMode {
    /// Resolved inside `apply_action` with the game's seeded RNG; players never see a chance node.
    Auto,
    /// Exposed: the caller applies an outcome from `chance_outcomes`.
    Explicit,
}

impl ChanceMode {
    pub fn parse(s: &str) -> Result<ChanceMode, GameError> {
        match s {
            "auto" => Ok(ChanceMode::Auto),
            "explicit" => Ok(ChanceMode::Explicit),
            other => Err(GameError::bad_option(
                "chance",
                format!("expected 'auto' or 'explicit', got '{other}'"),
            )),
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            ChanceMode::Auto => "auto",
            ChanceMode::Explicit => "explicit",
        }
    }
}

/// A replay record: enough to rebuild a game exactly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub format: u32,
    pub game: String,
    pub players: usize,
    #[serde(default)]
    pub options: Map<String, Value>,
    pub seed: u64,
    #[serde(default = "default_chance")]
    pub chance: ChanceMode,
    pub actions: Vec<Action>,
}

fn default_chance() -> ChanceMode {
    ChanceMode::Auto
}

pub struct Session {
    pub entry: GameEntry,
    pub state: Box<dyn DynGame>,
    pub seed: u64,
    pub chance: ChanceMode,
    /// Every action applied since the game was set up from `seed` (when `from_seed`), or since it
    /// was loaded from a position or made by `determinize` (then it is no record of the game).
    pub history: Vec<Action>,
    /// Whether `history` starts at `new(players, options, seed)`, so that (options, seed,
    /// history) is a replay record of this game. False for a position loaded without a history
    /// and for a determinization (whose resampled past is unknown, and whose real past must not
    /// show).
    pub from_seed: bool,
    /// The entries of `history` (chance outcomes or secret player actions) that some seat did
    /// not see, as (index, mask of the seats that saw it); see
    /// [`Game::chance_visible_to`](crate::Game::chance_visible_to) and
    /// [`Game::action_visible_to`](crate::Game::action_visible_to).
    pub seen: Vec<(usize, u64)>,
}

impl Clone for Session {
    fn clone(&self) -> Self {
        Session {
            entry: self.entry,
            state: self.state.clone_box(),
            seed: self.seed,
            chance: self.chance,
            history: self.history.clone(),
            from_seed: self.from_seed,
            seen: self.seen.clone(),
        }
    }
}

impl Session {
    pub fn new(
        entry: GameEntry,
        players: usize,
        options: &Map<String, Value>,
        seed: u64,
        chance: ChanceMode,
    ) -> Result<Session, GameError> {
        let config = Config::new(&(entry.info)(), players, options)?;
        let state = (entry.create)(&config, seed)?;
        let mut s = Session {
            entry,
            state,
            seed,
            chance,
            history: Vec::new(),
            from_seed: true,
            seen: Vec::new(),
        };
        s.resolve_chance();
        Ok(s)
    }

    pub fn name(&self) -> &'static str {
        self.entry.name()
    }

    pub fn turn(&self) -> Turn {
        self.state.turn()
    }

    /// In auto mode, draw and apply chance outcomes until a player (or the end) is to move.
    fn resolve_chance(&mut self) {
        if self.chance != ChanceMode::Auto {
            return;
        }
        while self.state.turn() == Turn::Chance {
            let Some(outcome) = self.state.sample_chance() else {
                break;
            };
            let seen = self.seen_mask(outcome);
            if self.state.apply(outcome).is_err() {
                break;
            }
            self.push_history(outcome, seen);
        }
    }

    /// Describe why `action` is illegal here (None if it is legal): the game's own reason,
    /// from applying it to a copy of the state (the state itself is unchanged).
    pub fn illegal_reason(&self, action: Action) -> Option<String> {
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        if legal.binary_search(&action).is_ok() {
            return None;
        }
        if self.state.turn() == Turn::Terminal || action >= self.state.num_distinct_actions() {
            return Some(self.describe_illegal(action, "the game is over"));
        }
        let why = match self.state.clone_box().apply(action) {
            Err(e) => e.0,
            Ok(()) => "it is not among the legal actions".to_string(),
        };
        Some(self.describe_illegal(action, &why))
    }

    /// The action labelled `text` (any label of the action space, aliases included): None if
    /// no action has that label, an `Illegal` error (saying why) if it is not legal now.
    pub fn action_by_label(&self, text: &str) -> Option<Result<Action, GameError>> {
        let a = self.state.parse_label(text)?;
        Some(match self.illegal_reason(a) {
            None => Ok(a),
            Some(why) => Err(GameError::Illegal(why)),
        })
    }

    /// The seats that will see `action` (a chance outcome or a player's action) about to be
    /// applied, if some seat will not: see
    /// [`Game::chance_visible_to`](crate::Game::chance_visible_to) and
    /// [`Game::action_visible_to`](crate::Game::action_visible_to). The actor sees its own.
    fn seen_mask(&self, action: Action) -> Option<u64> {
        let players = self.state.config().players.min(64);
        let sees = |s: usize| match self.state.turn() {
            Turn::Chance => self.state.chance_visible_to(s),
            Turn::Player(p) => p == s || self.state.action_visible_to(action, s),
            Turn::Terminal => true,
        };
        let mask = (0..players)
            .filter(|&s| sees(s))
            .fold(0u64, |m, s| m | (1 << s));
        (mask.count_ones() as usize != players).then_some(mask)
    }

    fn push_history(&mut self, action: Action, seen: Option<u64>) {
        if let Some(mask) = seen {
            self.seen.push((self.history.len(), mask));
        }
        self.history.push(action);
    }

    /// The history as `seat` knows it: an entry (a chance outcome or another seat's secret
    /// action) that seat did not see is `None`.
    pub fn history_for(&self, seat: usize) -> Vec<Option<Action>> {
        let mut out: Vec<Option<Action>> = self.history.iter().copied().map(Some).collect();
        for &(i, mask) in &self.seen {
            if seat >= 64 || mask & (1 << seat) == 0 {
                if let Some(x) = out.get_mut(i) {
                    *x = None;
                }
            }
        }
        out
    }

    fn describe_illegal(&self, action: Action, reason: &str) -> String {
        let n = self.state.num_distinct_actions();
        let who = match self.state.turn() {
            Turn::Player(p) => format!("player {p} to move"),
            Turn::Chance => "a chance node".to_string(),
            Turn::Terminal => return format!("illegal action {action}: the game is over"),
        };
        if action >= n {
            return format!(
                "illegal action {action}: {} has actions 0..{} ({who})",
                self.name(),
                n
            );
        }
        format!(
            "illegal action {action} ('{}') at {who}: {reason}",
            self.state.action_label(action)
        )
    }

    /// Apply a player's action (or, in explicit mode, a chance outcome). On error nothing changes.
    pub fn apply_action(&mut self, action: Action) -> Result<(), GameError> {
        if self.state.turn() == Turn::Terminal {
            return Err(GameError::Illegal(
                self.describe_illegal(action, "the game is over"),
            ));
        }
        if action >= self.state.num_distinct_actions() {
            return Err(GameError::Illegal(self.describe_illegal(action, "")));
        }
        let seen = self.seen_mask(action);
        if let Err(e) = self.state.apply(action) {
            return Err(GameError::Illegal(self.describe_illegal(action, &e.0)));
        }
        self.push_history(action, seen);
        self.resolve_chance();
        Ok(())
    }

    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.state.legal_actions(&mut v);
        v
    }

    /// Chance outcomes with probabilities (empty except at chance nodes).
    pub fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        let mut v = Vec::new();
        self.state.chance_outcomes(&mut v);
        let total: f64 = v.iter().map(|o| o.1 as f64).sum();
        if total <= 0.0 {
            return Vec::new();
        }
        v.into_iter().map(|(a, w)| (a, w as f64 / total)).collect()
    }

    /// A game consistent with what `seat` observes, hidden parts resampled (see
    /// [`crate::Game::determinize`]). It starts a history of its own: `history` is empty and
    /// there is no replay record, since the real history names hidden draws the seat must not
    /// learn and the resampled state has no history behind it.
    pub fn determinize(&self, seat: usize, seed: u64) -> Result<Session, GameError> {
        let players = self.state.config().players;
        if seat >= players {
            return Err(GameError::Illegal(format!(
                "seat {seat} out of range: {} has {players} players",
                self.name()
            )));
        }
        Ok(Session {
            entry: self.entry,
            state: self.state.determinize(seat, seed),
            seed,
            chance: self.chance,
            history: Vec::new(),
            from_seed: false,
            seen: Vec::new(),
        })
    }

    /// The JSON envelope: format version, game, configuration, seed, chance mode, history and the
    /// game's own position.
    pub fn to_json_value(&self) -> Value {
        let c = self.state.config();
        json!({
            "format": FORMAT_VERSION,
            "game": self.name(),
            "state_version": (self.entry.info)().state_version,
            "players": c.players,
            "options": c.options,
            "seed": self.seed,
            "chance": self.chance.as_str(),
            // Only a history from `seed` replays to the state; any other would be refused.
            "history": if self.from_seed { self.history.as_slice() } else { &[] },
            "state": self.state.to_json_value(),
        })
    }

    /// Read an envelope written by [`Session::to_json_value`] (or by hand). `lookup` finds the
    /// game's registry entry by name.
    pub fn from_json_value(
        value: &Value,
        lookup: impl Fn(&str) -> Result<GameEntry, GameError>,
    ) -> Result<Session, GameError> {
        let obj = value
            .as_object()
            .ok_or_else(|| GameError::bad_json("expected a JSON object"))?;
        let format = obj
            .get("format")
            .and_then(Value::as_u64)
            .ok_or_else(|| GameError::bad_json("missing 'format'"))?;
        if format != FORMAT_VERSION as u64 {
            return Err(GameError::bad_json(format!(
                "format {format} is not supported (this meeple reads {FORMAT_VERSION})"
            )));
        }
        let name = obj
            .get("game")
            .and_then(Value::as_str)
            .ok_or_else(|| GameError::bad_json("missing 'game'"))?;
        let entry = lookup(name)?;
        let info = (entry.info)();
        if let Some(v) = obj.get("state_version") {
            if v.as_u64() != Some(info.state_version as u64) {
                return Err(GameError::bad_json(format!(
                    "{name} state_version {v} is not supported (this meeple reads {})",
                    info.state_version
                )));
            }
        }
        let state_json = obj
            .get("state")
            .ok_or_else(|| GameError::bad_json("missing 'state'"))?;
        let state_json = merge_envelope_options(obj.get("options"), state_json)?;
        let state = (entry.from_json)(&state_json)?;
        if let Some(p) = obj.get("players") {
            if p.as_u64() != Some(state.config().players as u64) {
                return Err(GameError::bad_json(format!(
                    "'players' is {} but the state has {}",
                    quote_json(p),
                    state.config().players
                )));
            }
        }
        let seed = match obj.get("seed") {
            None => 0,
            Some(v) => v
                .as_u64()
                .ok_or_else(|| GameError::bad_json("'seed' must be an integer in 0..2**64-1"))?,
        };
        let chance = match obj.get("chance") {
            None => ChanceMode::Auto,
            Some(Value::String(v)) => {
                ChanceMode::parse(v).map_err(|e| GameError::bad_json(e.to_string()))?
            }
            Some(v) => {
                return Err(GameError::bad_json(format!(
                    "'chance' must be \"auto\" or \"explicit\", got {}",
                    quote_json(v)
                )))
            }
        };
        let history: Vec<Action> = match obj.get("history") {
            None => Vec::new(),
            Some(v) => serde_json::from_value(v.clone())
                .map_err(|e| GameError::bad_json(format!("'history': {e}")))?,
        };
        let mut s = Session {
            entry,
            state,
            seed,
            chance,
            history,
            from_seed: false,
            seen: Vec::new(),
        };
        s.check_history()?;
        s.recover_seen();
        s.resolve_chance();
        Ok(s)
    }

    /// Who saw each entry (chance outcome or secret action) is not in the envelope: replay the
    /// history to learn it. A history that does not replay from the seed is hidden whole from
    /// every seat.
    fn recover_seen(&mut self) {
        if self.history.is_empty() {
            return;
        }
        let loaded = self.state.to_json_value();
        for chance in [self.chance, ChanceMode::Auto, ChanceMode::Explicit] {
            let record = Record {
                chance,
                ..self.record()
            };
            if let Ok(r) = Session::replay(self.entry, &record) {
                if r.history == self.history && r.state.to_json_value() == loaded {
                    self.seen = r.seen;
                    return;
                }
            }
        }
        self.seen = (0..self.history.len()).map(|i| (i, 0)).collect();
    }

    /// Decide whether the envelope's (options, seed, history) is a replay record of the loaded
    /// state: a non-empty history that replays, from `seed`, to exactly this state makes one;
    /// an empty one does only if the state is the game's setup for `seed`. Otherwise the state
    /// is a position without a known past, and a history that does not lead to it (an export
    /// edited by hand, issue 22.6) is dropped: the position is what the envelope gives, and
    /// nothing false is kept as its record. (`Session::replay` stays strict about records.)
    fn check_history(&mut self) -> Result<(), GameError> {
        let record = Record {
            format: FORMAT_VERSION,
            game: self.name().to_string(),
            players: self.state.config().players,
            options: self.state.config().options.clone(),
            seed: self.seed,
            chance: self.chance,
            actions: self.history.clone(),
        };
        let loaded = self.state.to_json_value();
        if self.history.is_empty() {
            let fresh = Session::new(
                self.entry,
                record.players,
                &record.options,
                self.seed,
                self.chance,
            )?;
            if fresh.state.to_json_value() == loaded {
                // The game's setup (with any chance the auto mode resolved at once).
                self.history = fresh.history;
                self.from_seed = true;
            }
            return Ok(());
        }
        // A history longer than any game cannot lead here: drop it without replaying it.
        let replays_to = |record: &Record| {
            record.actions.len() as u64 <= self.state.max_game_length()
                && Session::replay_steps(self.entry, record, false)
                    .is_ok_and(|r| r.state.to_json_value() == loaded)
        };
        if replays_to(&record) {
            self.from_seed = true;
            return Ok(());
        }
        if self.chance == ChanceMode::Explicit {
            // A game played with auto chance, loaded to expose its chance nodes: its history
            // is genuine, but a record of it would need auto chance. Keep the history; no record.
            let auto = Record {
                chance: ChanceMode::Auto,
                ..record
            };
            if replays_to(&auto) {
                return Ok(());
            }
        }
        self.history.clear();
        Ok(())
    }

    /// The replay record of this game, or an error if it has none (a position loaded without its
    /// history, or a determinization): see [`Session::from_seed`].
    pub fn replay_record(&self) -> Result<Record, GameError> {
        if !self.from_seed {
            return Err(GameError::bad_json(
                "this game has no replay record: it was loaded from a position without its \
                 history (or with one that does not lead to it), or made by determinize; save \
                 it with to_json() instead",
            ));
        }
        Ok(self.record())
    }

    /// The record (options, seed, history) of this game; a replay record only when
    /// [`Session::from_seed`] (see [`Session::replay_record`]).
    pub fn record(&self) -> Record {
        let c = self.state.config();
        Record {
            format: FORMAT_VERSION,
            game: self.name().to_string(),
            players: c.players,
            options: c.options.clone(),
            seed: self.seed,
            chance: self.chance,
            actions: self.history.clone(),
        }
    }

    /// Rebuild a game from a record. In an auto-chance record every chance outcome must be the
    /// one the game's RNG draws at that point (so a genuine record reproduces the RNG state too,
    /// and an altered outcome is refused, naming the step).
    pub fn replay(entry: GameEntry, record: &Record) -> Result<Session, GameError> {
        Session::replay_steps(entry, record, true)
    }

    fn replay_steps(
        entry: GameEntry,
        record: &Record,
        name_steps: bool,
    ) -> Result<Session, GameError> {
        if record.format != FORMAT_VERSION {
            return Err(GameError::bad_json(format!(
                "record format {} is not supported",
                record.format
            )));
        }
        let mut s = Session::new(
            entry,
            record.players,
            &record.options,
            record.seed,
            ChanceMode::Explicit,
        )?;
        let at = |step: usize, e: String| {
            GameError::Illegal(if name_steps {
                format!("replay step {step}: {e}")
            } else {
                format!("step {step}: {e}")
            })
        };
        for (step, &a) in record.actions.iter().enumerate() {
            if record.chance == ChanceMode::Auto && s.state.turn() == Turn::Chance {
                // The live game drew this outcome with its RNG: draw it again (keeping the RNG in
                // step) and check that the record says the same.
                let drawn = s.state.sample_chance();
                if drawn != Some(a) {
                    let drawn = drawn.map_or("nothing".to_string(), |d| {
                        format!("{d} ('{}')", s.state.action_label(d))
                    });
                    return Err(at(
                        step,
                        format!(
                            "recorded chance outcome {a} is not what the game's RNG draws here \
                             ({drawn}): the record was altered, or comes from another seed"
                        ),
                    ));
                }
            }
            s.apply_action(a).map_err(|e| at(step, e.to_string()))?;
        }
        s.chance = record.chance;
        s.resolve_chance();
        Ok(s)
    }
}

/// The envelope's `options` (if any) and the state's `config.options` must agree: each option
/// named in the envelope is added to the state's config where the state does not list it, and
/// one listed in both with different values is refused. (Defaults for the rest are filled in
/// by the loader.)
fn merge_envelope_options(envelope: Option<&Value>, state: &Value) -> Result<Value, GameError> {
    let Some(envelope) = envelope else {
        return Ok(state.clone());
    };
    let Value::Object(wanted) = envelope else {
        return Err(GameError::bad_json(format!(
            "'options' must be an object of option values, got {}",
            quote_json(envelope)
        )));
    };
    let mut state = state.clone();
    let Some(config) = state.get_mut("config").and_then(Value::as_object_mut) else {
        return Ok(state);
    };
    let options = config
        .entry("options")
        .or_insert_with(|| Value::Object(Map::new()));
    let Value::Object(options) = options else {
        return Ok(state);
    };
    for (name, value) in wanted {
        match options.get(name) {
            Some(v) if v != value => {
                return Err(GameError::bad_json(format!(
                    "option '{name}' is {} in 'options' but {} in the state's config",
                    quote_json(value),
                    quote_json(v)
                )))
            }
            Some(_) => {}
            None => {
                options.insert(name.clone(), value.clone());
            }
        }
    }
    Ok(state)
}

/// A JSON value for an error message, cut to a bounded prefix.
fn quote_json(v: &Value) -> String {
    let text = v.to_string();
    if text.chars().count() <= 60 {
        return text;
    }
    format!("{}...", text.chars().take(60).collect::<String>())
}

#[cfg(test)]
mod tests;
