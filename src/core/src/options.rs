//! Player count and game options: declared by each game as [`OptionSpec`]s, validated here once
//! for every game, so a game's `new` only ever sees a complete, well-typed [`Config`].

use crate::error::GameError;
use crate::game::GameInfo;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// What values an option accepts.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionKind {
    Bool,
    Int {
        min: i64,
        max: i64,
    },
    /// One of a fixed set of strings.
    Choice(&'static [&'static str]),
    /// Any JSON value (a list of sectors, a map): the game checks it in `new` and names the problem.
    Json,
}

/// One documented option of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionSpec {
    pub name: &'static str,
    pub doc: &'static str,
    pub default: Value,
    pub kind: OptionKind,
}

impl OptionSpec {
    pub fn bool(name: &'static str, default: bool, doc: &'static str) -> Self {
        OptionSpec {
            name,
            doc,
            default: Value::Bool(default),
            kind: OptionKind::Bool,
        }
    }
    pub fn int(name: &'static str, default: i64, min: i64, max: i64, doc: &'static str) -> Self {
        OptionSpec {
            name,
            doc,
            default: Value::from(default),
            kind: OptionKind::Int { min, max },
        }
    }
    pub fn choice(
        name: &'static str,
        default: &'static str,
        allowed: &'static [&'static str],
        doc: &'static str,
    ) -> Self {
        OptionSpec {
            name,
            doc,
            default: Value::from(default),
            kind: OptionKind::Choice(allowed),
        }
    }
    pub fn json(name: &'static str, default: Value, doc: &'static str) -> Self {
        OptionSpec {
            name,
            doc,
            default,
            kind: OptionKind::Json,
        }
    }

    fn check(&self, value: &Value) -> Result<Value, GameError> {
        let bad = |reason: String| GameError::bad_option(self.name, reason);
        match &self.kind {
            OptionKind::Bool => match value {
                Value::Bool(_) => Ok(value.clone()),
                other => Err(bad(format!("expected true or false, got {other}"))),
            },
            OptionKind::Int { min, max } => match value.as_i64() {
                Some(v) if (*min..=*max).contains(&v) => Ok(Value::from(v)),
                Some(v) => Err(bad(format!("{v} is outside {min}..={max}"))),
                None => Err(bad(format!(
                    "expected an integer in {min}..={max}, got {value}"
                ))),
            },
            OptionKind::Choice(allowed) => match value.as_str() {
                Some(s) if allowed.contains(&s) => Ok(value.clone()),
                _ => Err(bad(format!(
                    "expected one of {}, got {value}",
                    allowed.join(", ")
                ))),
            },
            OptionKind::Json => Ok(value.clone()),
        }
    }
}

/// A validated configuration: the player count and every option (defaults filled in).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Config {
    pub players: usize,
    pub options: Map<String, Value>,
}

impl Config {
    /// Check `players` and `options` against `info`, filling defaults.
    pub fn new(
        info: &GameInfo,
        players: usize,
        options: &Map<String, Value>,
    ) -> Result<Config, GameError> {
        if players < info.min_players || players > info.max_players {
            return Err(GameError::BadPlayers {
                game: info.name.to_string(),
                min: info.min_players,
                max: info.max_players,
                got: players,
            });
        }
        for name in options.keys() {
            if !info.options.iter().any(|o| o.name == name) {
                let known: Vec<&str> = info.options.iter().map(|o| o.name).collect();
                return Err(GameError::UnknownOption {
                    game: info.name.to_string(),
                    name: name.clone(),
                    known: if known.is_empty() {
                        "(none)".into()
                    } else {
                        known.join(", ")
                    },
                });
            }
        }
        let mut full = Map::new();
        for spec in &info.options {
            let value = match options.get(spec.name) {
                Some(v) => spec.check(v)?,
                None => spec.default.clone(),
            };
            full.insert(spec.name.to_string(), value);
        }
        Ok(Config {
            players,
            options: full,
        })
    }

    /// The default configuration for a player count (for tests and benches).
    pub fn with_players(info: &GameInfo, players: usize) -> Result<Config, GameError> {
        Config::new(info, players, &Map::new())
    }

    pub fn value(&self, name: &str) -> &Value {
        self.options.get(name).unwrap_or(&Value::Null)
    }
    pub fn bool(&self, name: &str) -> bool {
        self.value(name).as_bool().unwrap_or(false)
    }
    pub fn int(&self, name: &str) -> i64 {
        self.value(name).as_i64().unwrap_or(0)
    }
    pub fn str(&self, name: &str) -> &str {
        self.value(name).as_str().unwrap_or("")
    }

    /// A copy with one option changed (validated against `info`).
    pub fn with_option(
        &self,
        info: &GameInfo,
        name: &str,
        value: Value,
    ) -> Result<Config, GameError> {
        let mut options = self.options.clone();
        options.insert(name.to_string(), value);
        Config::new(info, self.players, &options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn info() -> GameInfo {
        GameInfo {
            name: "test",
            title: "Test",
            min_players: 2,
            max_players: 4,
            options: vec![
                OptionSpec::bool("fast", true, "a flag"),
                OptionSpec::int("rounds", 5, 1, 9, "a count"),
                OptionSpec::choice("map", "north", &["north", "south"], "a map"),
                OptionSpec::json("layout", json!([1, 2]), "anything"),
            ],
            hidden_information: false,
            state_version: 1,
        }
    }

    fn with(name: &str, value: Value) -> Result<Config, GameError> {
        Config::with_players(&info(), 3)?.with_option(&info(), name, value)
    }

    #[test]
    fn omitted_options_take_their_defaults() {
        let c = Config::with_players(&info(), 3).unwrap();
        assert_eq!(c.players, 3);
        let expected = json!({"fast": true, "rounds": 5, "map": "north", "layout": [1, 2]});
        assert_eq!(Value::Object(c.options.clone()), expected);
        assert!(c.bool("fast"));
        assert_eq!((c.int("rounds"), c.str("map")), (5, "north"));
        assert_eq!(c.value("layout"), &json!([1, 2]));
        // Unknown names read as null, false, 0 and "".
        assert_eq!(c.value("nope"), &Value::Null);
        assert_eq!(
            (c.bool("nope"), c.int("nope"), c.str("nope")),
            (false, 0, "")
        );
    }

    #[test]
    fn each_kind_accepts_its_values_and_refuses_the_rest() {
        let c = with("fast", json!(false)).unwrap();
        assert!(!c.bool("fast"));
        assert!(with("fast", json!(1)).is_err());
        // Integers: the bounds are inclusive.
        assert_eq!(with("rounds", json!(1)).unwrap().int("rounds"), 1);
        assert_eq!(with("rounds", json!(9)).unwrap().int("rounds"), 9);
        let e = with("rounds", json!(10)).unwrap_err().to_string();
        assert!(e.contains("10 is outside 1..=9"), "{e}");
        assert!(with("rounds", json!(0)).is_err());
        assert!(with("rounds", json!("5")).is_err());
        // Choices: one of the allowed names.
        assert_eq!(with("map", json!("south")).unwrap().str("map"), "south");
        let e = with("map", json!("east")).unwrap_err().to_string();
        assert!(e.contains("expected one of north, south"), "{e}");
        // JSON: anything.
        let c = with("layout", json!({"a": 1})).unwrap();
        assert_eq!(c.value("layout"), &json!({"a": 1}));
        // with_option keeps the other options and the players.
        assert_eq!((c.players, c.int("rounds")), (3, 5));
    }

    #[test]
    fn player_counts_and_names_are_checked() {
        assert!(Config::with_players(&info(), 1).is_err());
        assert!(Config::with_players(&info(), 5).is_err());
        assert!(Config::with_players(&info(), 4).is_ok());
        let e = with("speed", json!(1)).unwrap_err().to_string();
        assert!(e.contains("speed"), "{e}");
    }
}
