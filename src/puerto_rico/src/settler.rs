//! Settler phase (rules §4.1): hacienda, face-up tiles and quarries, hospice, the library's
//! second tile, forests (Expansion I), and the refill of the face-up row.

use crate::data::*;
use crate::format::*;
use crate::hooks::*;
use crate::state::*;

impl PuertoRico {
    pub(crate) fn can_take_quarry(&self, p: usize) -> bool {
        // The library's second settler tile is never a quarry.
        (self.acted as usize) < self.n()
            && self.quarries > 0
            && self.quarry_taken & (1 << p) == 0
            && self.player(p).island_used() < 12
            && (p == self.chooser as usize || self.player(p).occupied(Building::ConstructionHut))
    }
    pub(crate) fn hut_quarry(&self, p: usize) -> bool {
        self.quarries > 0
            && self.quarry_taken & (1 << p) == 0
            && self.player(p).occupied(Building::ConstructionHut)
    }
    pub(crate) fn hacienda_available(&self, p: usize) -> bool {
        let pl = self.player(p);
        pl.occupied(Building::Hacienda)
            && pl.island_used() < 12
            && (self.deck.total() + self.discard.total() > 0 || self.hut_quarry(p))
    }
    pub(crate) fn settle_available(&self, p: usize) -> bool {
        self.player(p).island_used() < 12
            && (self.plantation_row.total() > 0 || self.can_take_quarry(p))
    }
    /// E8: whether a forest can be taken (always with the 2011 flip; a forest tile must be left
    /// with the 2004 tiles).
    #[inline]
    pub(crate) fn forest_left(&self) -> bool {
        !self.tiles_2004() || self.forest_supply > 0
    }
    /// `p` makes plantation tile k a forest: 2011, the tile is turned face down; 2004 (E8), the
    /// tile is discarded and a forest tile taken from the supply.
    pub(crate) fn take_forest(&mut self, p: usize, k: usize) {
        if self.tiles_2004() {
            self.discard.0[k] += 1;
            self.forest_supply -= 1;
            self.pm(p).forest_tiles += 1;
        } else {
            self.pm(p).forests.0[k] += 1;
        }
    }
    pub(crate) fn settle_begin(&mut self) {
        loop {
            if self.acted as usize >= self.n() {
                // The library's second tile: after every other player, a face-up plantation.
                if self.acted as usize == self.n() && self.library_tile_turn() {
                    self.step = Step::Settle;
                    return;
                }
                return self.settle_finish();
            }
            let p = self.actor();
            if self.hacienda_available(p) {
                self.step = Step::Hacienda;
                return;
            }
            if self.settle_available(p)
                || self.guests_enable(p, Step::Settle, |g, p| {
                    g.hacienda_available(p) || g.settle_available(p)
                })
            {
                self.step = Step::Settle;
                return;
            }
            self.acted += 1;
        }
    }
    /// Whether the settler gets the library's second tile turn (after everyone): his library
    /// doubles the privilege, or a guest-house move can make it (E7 b), and he has room and a
    /// face-up plantation to take.
    pub(crate) fn library_tile_turn(&self) -> bool {
        let c = self.chooser as usize;
        self.player(c).island_used() < 12
            && self.plantation_row.total() > 0
            && (self.doubled || self.guests_enable(c, Step::Settle, |g, _| g.doubled))
    }
    /// After the hacienda: the actor's normal take, if he can take anything.
    pub(crate) fn settle_turn(&mut self) {
        let p = self.actor();
        if self.settle_available(p) || self.guests_enable(p, Step::Settle, Self::settle_available) {
            self.step = Step::Settle;
        } else {
            self.settle_done();
        }
    }
    pub(crate) fn placed(&mut self, p: usize, tile: usize) {
        if (self.acted as usize) < self.n()
            && self.player(p).occupied(Building::Hospice)
            && (self.colonist_supply > 0 || self.colonist_ship > 0)
        {
            self.last_tile = Some(tile as u8);
            self.step = Step::Hospice;
        } else {
            self.settle_done();
        }
    }
    pub(crate) fn settle_done(&mut self) {
        self.acted += 1;
        self.settle_begin();
    }
    pub(crate) fn settle_finish(&mut self) {
        if self.nobles.is_some() {
            self.acted = 0;
            return self.lodge_next();
        }
        self.settle_refill();
    }
    pub(crate) fn settle_refill(&mut self) {
        self.acted = self.acted.min(self.n() as u16);
        for k in 0..NUM_GOODS {
            self.discard.0[k] += self.plantation_row.0[k];
        }
        self.plantation_row = PerGood::default();
        self.todo = self.n() as u8 + 1;
        self.refill_next();
    }
    pub(crate) fn refill_next(&mut self) {
        if self.todo > 0 && self.deck.total() == 0 {
            self.deck = self.discard;
            self.discard = PerGood::default();
        }
        if self.todo == 0 || self.deck.total() == 0 {
            self.todo = 0;
            self.end_role();
        } else {
            self.step = Step::Refill;
        }
    }
}
