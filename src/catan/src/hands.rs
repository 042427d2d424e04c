//! Resource cards changing hands, with what every player knows of each hand kept up to date
//! (the knowledge bounds behind observations and determinization).

use crate::state::Catan;

impl Catan {
    pub(crate) fn gain(&mut self, p: usize, r: usize, k: u8) {
        self.hand[p][r] += k;
        for o in 0..self.n() {
            self.know_lo[o][p][r] += k;
            // An upper bound above the hand count only says "at most the count": it saturates
            // instead of wrapping (a position may write 255 for "unknown").
            self.know_hi[o][p][r] = self.know_hi[o][p][r].saturating_add(k);
        }
    }

    pub(crate) fn lose(&mut self, p: usize, r: usize, k: u8) {
        self.hand[p][r] -= k;
        for o in 0..self.n() {
            self.know_lo[o][p][r] = self.know_lo[o][p][r].saturating_sub(k);
            self.know_hi[o][p][r] = self.know_hi[o][p][r].saturating_sub(k);
        }
    }

    pub(crate) fn pay(&mut self, p: usize, cost: &[u8; 5]) {
        for r in 0..5 {
            self.lose(p, r, cost[r]);
            self.bank[r] += cost[r];
        }
    }

    /// Everyone learns that `p` holds at least `k` of `r` (an offer or an acceptance).
    pub(crate) fn reveal_at_least(&mut self, p: usize, r: usize, k: u8) {
        if r >= 5 {
            // Coins (B6) are public.
            return;
        }
        for o in 0..self.n() {
            let lo = &mut self.know_lo[o][p][r];
            *lo = (*lo).max(k);
        }
    }

    /// A card of kind `r` moves from `victim` to `thief`; only they see its kind.
    pub(crate) fn steal_card(&mut self, thief: usize, victim: usize, r: usize) {
        self.hand[victim][r] -= 1;
        self.hand[thief][r] += 1;
        let cv = self.hand_size(victim).min(255) as u8;
        let ct = self.hand_size(thief).min(255) as u8;
        for o in 0..self.n() {
            if o == thief || o == victim {
                self.know_lo[o][victim][r] = self.know_lo[o][victim][r].saturating_sub(1);
                self.know_hi[o][victim][r] = self.know_hi[o][victim][r].saturating_sub(1);
                self.know_lo[o][thief][r] += 1;
                self.know_hi[o][thief][r] = self.know_hi[o][thief][r].saturating_add(1);
            } else {
                for k in 0..5 {
                    let lo = &mut self.know_lo[o][victim][k];
                    *lo = lo.saturating_sub(1);
                    let hi = &mut self.know_hi[o][victim][k];
                    *hi = (*hi).min(cv);
                    let hi = &mut self.know_hi[o][thief][k];
                    *hi = hi.saturating_add(1).min(ct);
                }
            }
        }
    }
}
