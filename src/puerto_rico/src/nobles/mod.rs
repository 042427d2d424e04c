//! Expansion II "The Nobles" (rules §9, PROVISIONAL: no official rules text was read; every
//! mechanic rests on public implementations and tile texts, see the spec's §9.1).
//!
//! Nobles are people like colonists. Every base count of colonists (`island_colonists`, city
//! circles, `san_juan`) counts people of both kinds; next to it the state keeps, per player, the
//! number of nobles he owns and how many of them stand on each target (plantation kind, quarry,
//! building kind: `on`); the rest stand on the windrose. So every rule that takes or moves a
//! person (black market, guest house, land office, hunting lodge, mayor) knows exactly whether a
//! noble stands there. See docs/games/puerto_rico.md.
//!
//! The module's state is in `state.rs` (the base state holds it); its rules (`rules.rs`) and its
//! part of the position (`position.rs`) reach the base game through the hook traits of
//! `hooks.rs`, which the base calls without naming the module.

mod position;
mod rules;
pub mod state;

pub use state::*;
