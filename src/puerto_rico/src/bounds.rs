//! A true bound on the game's length (`max_game_length`): a bound per round times `max_rounds`.

use crate::data::*;
use crate::state::*;

impl PuertoRico {
    /// A true bound on the actions (chance included) of one round with `n` players.
    pub(crate) fn round_bound(n: u64) -> u64 {
        let picks = if n == 2 { 6 } else { n };
        let settler = 4 * n + n + 1;
        let mayor = 1 + 48 * n;
        let builder = 2 * n;
        let craftsman = n + 1;
        let trader = n;
        // loads <= 50 barrels; at most n passes around each load; storage <= 4 choices a player
        let captain = 50 + 51 * n + 4 * n;
        picks + settler + mayor + builder + craftsman + trader + captain
    }
    pub(crate) fn game_length_bound(&self) -> u64 {
        let n = self.n() as u64;
        // Expansion II per round: a ship choice per piece (at most 256), a colour choice per
        // placement is already one placement, land office (buy, draw, forest choice) and hunting
        // lodge per player, royal supplier (5 goods and a pass) per player, 2 more black-market
        // and guest-house moves per player.
        let nobles = if self.nobles.is_some() {
            256 + 14 * n
        } else {
            0
        };
        if self.new_buildings {
            // Expansion I per round: guest-house windows (a pass per player at each role start,
            // after each build and before his storage) and at most 2 moves per player, 3
            // black-market items and a
            // hacienda-forest choice per player, the library's extra settler tile and privilege
            // barrel, the small-wharf barrels (at most 50) and their closing passes, 3 more
            // storehouse keeps per player; plus the 17 draft picks once.
            let picks = if n == 2 { 6 } else { n };
            let extra = picks * n + 12 * n + 52;
            (Self::round_bound(n) + extra + nobles) * self.max_rounds() + SET_SIZE as u64
        } else {
            (Self::round_bound(n) + nobles) * self.max_rounds()
        }
    }
}
