//! End-game scoring (spec 11) and the tie-break inputs.

use crate::*;

impl CastlesOfBurgundy {
    /// End-game points (spec 11) for player `p`, without changing anything.
    pub fn final_points(&self, p: usize) -> i32 {
        let pl = &self.players[p];
        let k = self.know(p);
        let mut v = 0i32;
        v += pl.goods.iter().map(|&g| g as i32).sum::<i32>();
        v += pl.silverlings as i32;
        v += pl.workers as i32 / 2;
        if k.has(15) {
            v += 3 * pl.sold.iter().filter(|&&s| s > 0).count() as i32;
        }
        for (kid, b) in KNOWLEDGE_BUILDING {
            if k.has(kid) {
                v += 4 * pl.estate.iter().filter(|t| **t == Some(Tile(b))).count() as i32;
            }
        }
        if k.has(24) {
            let mut sp = [false; 4];
            for t in pl.estate.iter().flatten() {
                if let Some((s, _)) = t.animal_info() {
                    sp[s as usize] = true;
                }
            }
            v += 4 * sp.iter().filter(|&&x| x).count() as i32;
        }
        if k.has(25) {
            v += pl.sold.iter().map(|&s| s as i32).sum::<i32>();
        }
        if k.has(26) {
            v += 2 * pl.bonuses.iter().filter(|&&b| b != Bonus::None).count() as i32;
        }
        v
    }

    pub(crate) fn final_scoring(&mut self) {
        for p in 0..self.n() {
            let f = self.final_points(p);
            self.players[p].vp += f;
        }
    }

    pub(crate) fn empty_spaces(&self, p: usize) -> u32 {
        CELLS as u32 - self.occ(p).count_ones()
    }

    /// Players in play order of the current (at the end: final) round, for the second tie-break.
    pub(crate) fn order_pos(&self, p: usize) -> usize {
        self.order
            .iter()
            .position(|&s| s as usize == p)
            .unwrap_or(0)
    }
}
