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
    pub history: Vec<Action>,
}

impl Clone for Session {
    fn clone(&self) -> Self {
        Session {
            entry: self.entry,
            state: self.state.clone_box(),
            seed: self.seed,
            chance: self.chance,
            history: self.history.clone(),
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
            if self.state.apply(outcome).is_err() {
                break;
            }
            self.history.push(outcome);
        }
    }

    /// Describe why `action` is illegal here (None if it is legal).
    pub fn illegal_reason(&self, action: Action) -> Option<String> {
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        if legal.binary_search(&action).is_ok() {
            return None;
        }
        Some(self.describe_illegal(action, "it is not among the legal actions"))
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
        if let Err(e) = self.state.apply(action) {
            return Err(GameError::Illegal(self.describe_illegal(action, &e.0)));
        }
        self.history.push(action);
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
            history: self.history.clone(),
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
            "history": self.history,
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
        let state = (entry.from_json)(state_json)?;
        if let Some(p) = obj.get("players") {
            if p.as_u64() != Some(state.config().players as u64) {
                return Err(GameError::bad_json(format!(
                    "'players' is {p} but the state has {}",
                    state.config().players
                )));
            }
        }
        let seed = match obj.get("seed") {
            None => 0,
            Some(v) => v
                .as_u64()
                .ok_or_else(|| GameError::bad_json("'seed' must be a non-negative integer"))?,
        };
        let chance = match obj.get("chance") {
            None => ChanceMode::Auto,
            Some(v) => ChanceMode::parse(v.as_str().unwrap_or(""))
                .map_err(|e| GameError::bad_json(e.to_string()))?,
        };
        let history = match obj.get("history") {
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
        };
        s.resolve_chance();
        Ok(s)
    }

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

    /// Rebuild a game from a record. Chance outcomes in the record are checked against the
    /// game's RNG draws (so a genuine record reproduces the RNG state too) and applied as recorded.
    pub fn replay(entry: GameEntry, record: &Record) -> Result<Session, GameError> {
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
        for (step, &a) in record.actions.iter().enumerate() {
            if record.chance == ChanceMode::Auto && s.state.turn() == Turn::Chance {
                // Consume the draw the live game made, keeping the RNG in step.
                let _ = s.state.sample_chance();
            }
            s.apply_action(a)
                .map_err(|e| GameError::Illegal(format!("replay step {step}: {e}")))?;
        }
        s.chance = record.chance;
        s.resolve_chance();
        Ok(s)
    }
}
