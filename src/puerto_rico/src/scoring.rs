//! Scores (rules §6), the winners with the tie-break, and the heuristic value of a state.

use crate::data::*;
use crate::hooks::*;
use crate::state::*;
use meeple_core::Game;

impl PuertoRico {
    /// A seat's score: VP chips + building VP + large-building bonuses (the cloister by the
    /// option `cloister_counts_quarries_forests`).
    /// The points of `p` other than VP chips, as an observer sees them: with the chips face down
    /// (`show_vp` false) the customs house's chip bonus (1 per 4 chips) is left out, since it
    /// would tell the chips to within 4.
    pub(crate) fn shown_building_points(&self, p: usize, show_vp: bool) -> u32 {
        let pl = self.player(p);
        let mut points = self.score_of(p) - pl.vp;
        if !show_vp && pl.occupied(Building::CustomsHouse) {
            points -= pl.vp / 4;
        }
        points
    }
    pub fn score_of(&self, p: usize) -> u32 {
        let pl = self.player(p);
        let mut s = pl.score();
        if self.nobles.is_some() {
            s = (s as i64 + self.nobles_score(p)).max(0) as u32;
        }
        if self.new_buildings
            && pl.occupied(Building::Cloister)
            && !self.config.bool("cloister_counts_quarries_forests")
        {
            s - pl.cloister_bonus(true) + pl.cloister_bonus(false)
        } else {
            s
        }
    }
    pub(crate) fn final_winners(&self) -> Vec<usize> {
        let n = self.n();
        let key = |p: usize| {
            let pl = self.player(p);
            (
                self.score_of(p),
                pl.doubloons as u64 + pl.goods.total() as u64,
            )
        };
        let best = (0..n).map(key).max().unwrap_or((0, 0));
        (0..n).filter(|&p| key(p) == best).collect()
    }
    /// Heuristic: the seat's share of score + money/5 + barrels/10 (money buys buildings,
    /// barrels ship for VP); at the end, the returns.
    pub(crate) fn heuristic_value(&self, seat: usize) -> f64 {
        if self.step == Step::GameOver {
            return self.returns().get(seat).copied().unwrap_or(0.0);
        }
        let n = self.n();
        let val = |p: usize| {
            let pl = self.player(p);
            self.score_of(p) as f64 + pl.doubloons as f64 / 5.0 + pl.goods.total() as f64 / 10.0
        };
        let total: f64 = (0..n).map(val).sum();
        if total <= 0.0 || seat >= n {
            return 1.0 / n as f64;
        }
        val(seat) / total
    }
}
