//! Typed errors. Every failure reachable from input is one of these, never a panic.

use thiserror::Error;

/// Why an action was refused. The state is unchanged when this is returned.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct RuleError(pub String);

impl RuleError {
    pub fn new(reason: impl Into<String>) -> Self {
        RuleError(reason.into())
    }
}

/// Errors from creating, loading or driving a game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    #[error("unknown game '{name}'; known games: {known}")]
    UnknownGame { name: String, known: String },
    #[error("{game} is played by {min} to {max} players, not {got}")]
    BadPlayers {
        game: String,
        min: usize,
        max: usize,
        got: usize,
    },
    #[error("unknown option '{name}' for {game}; its options are: {known}")]
    UnknownOption {
        game: String,
        name: String,
        known: String,
    },
    #[error("bad value for option '{name}': {reason}")]
    BadOption { name: String, reason: String },
    #[error("bad JSON: {0}")]
    BadJson(String),
    #[error("{0}")]
    Illegal(String),
}

impl GameError {
    pub fn bad_option(name: &str, reason: impl Into<String>) -> Self {
        GameError::BadOption {
            name: name.to_string(),
            reason: reason.into(),
        }
    }
    pub fn bad_json(reason: impl Into<String>) -> Self {
        GameError::BadJson(reason.into())
    }
}
