//! Which seats see a player's action (for `history(seat)`, `Game::action_visible_to`): the
//! simultaneous choices of G-3 are set aside unseen until the last one is made.

use crate::state::{Catan, Phase};
use meeple_core::Action;

/// A 7's discard is seen by the others only when it is the last one (all are then revealed,
/// face up, to the bank); a module's hidden action (B2's gifts) as its hook says. Everything
/// else a player does (building, trading, robbing, playing a card, bids laid face up) is public.
pub(crate) fn action_visible_to(g: &Catan, a: Action, seat: usize) -> bool {
    match g.phase {
        Phase::Discard => g.discard_owed.iter().map(|&x| x as u32).sum::<u32>() <= 1,
        _ => g.module_action_visible_to(a, seat).unwrap_or(true),
    }
}
