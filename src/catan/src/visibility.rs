//! Which seats see a player's action (for `history(seat)`, `Game::action_visible_to`): the
//! simultaneous choices of G-3 are set aside unseen until the last one is made.

use crate::events::EV_GOOD_NEIGHBORS;
use crate::ids::A_GIVE;
use crate::state::{Catan, Phase};
use meeple_core::Action;

/// A 7's discard is seen by the others only when it is the last one (all are then revealed,
/// face up, to the bank); a Good Neighbors gift only by its receiver, once the last gift hands
/// them all over; a Neighborly Assistance gift by its receiver at once. Everything else a
/// player does (building, trading, robbing, playing a card, bids laid face up) is public.
pub(crate) fn action_visible_to(g: &Catan, a: Action, seat: usize) -> bool {
    match g.phase {
        Phase::Discard => g.discard_owed.iter().map(|&x| x as u32).sum::<u32>() <= 1,
        Phase::EventGive if (A_GIVE..A_GIVE + 5).contains(&a) => {
            let last = g.ev_kind != EV_GOOD_NEIGHBORS || g.pending.count_ones() <= 1;
            last && seat == g.gift_receiver()
        }
        _ => true,
    }
}
