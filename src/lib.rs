//! meeple: fast, exact rules engines for modern board games.
//!
//! This crate is the registry: every game crate is listed once in [`REGISTRY`], and everything
//! else (the Python bindings, the CLI, benches) finds games through it.

pub use meeple_castles_of_burgundy as castles_of_burgundy;
pub use meeple_catan as catan;
pub use meeple_core as core;
pub use meeple_core::{Config, DynGame, Game, GameEntry, GameError, Session};
pub use meeple_kingdom_builder as kingdom_builder;
pub use meeple_puerto_rico as puerto_rico;
pub use meeple_san_juan as san_juan;

/// Every registered game, with whether it is listed by `meeple.games()` (complete) or only
/// reachable by name (the conformance kit's reference game).
pub fn registry() -> Vec<(GameEntry, bool)> {
    vec![
        (GameEntry::of::<puerto_rico::PuertoRico>(), true),
        (GameEntry::of::<san_juan::SanJuan>(), true),
        (
            GameEntry::of::<castles_of_burgundy::CastlesOfBurgundy>(),
            true,
        ),
        (GameEntry::of::<kingdom_builder::KingdomBuilder>(), true),
        (GameEntry::of::<catan::Catan>(), true),
        (GameEntry::of::<meeple_core::reference::Reference>(), false),
    ]
}

/// Names of the complete games, sorted.
pub fn games() -> Vec<&'static str> {
    let mut v: Vec<&'static str> = registry()
        .into_iter()
        .filter(|e| e.1)
        .map(|e| e.0.name())
        .collect();
    v.sort_unstable();
    v
}

/// Find a registered game by name.
pub fn find(name: &str) -> Result<GameEntry, GameError> {
    registry()
        .into_iter()
        .map(|e| e.0)
        .find(|e| e.name() == name)
        .ok_or_else(|| GameError::UnknownGame {
            name: name.to_string(),
            known: games().join(", "),
        })
}
