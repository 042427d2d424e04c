//! The black market (Expansion I, rules §8.4): up to three items returned, one stage at a time,
//! each cutting the price by 1.

use crate::actions::*;
use crate::data::*;
use crate::state::*;

impl PuertoRico {
    /// Black market: whether the actor has a colonist to return on target t.
    pub(crate) fn bm_colonist_on(&self, p: usize, t: usize) -> bool {
        let pl = self.player(p);
        match target_building(t) {
            Some(b) => b != Building::BlackMarket as usize && pl.buildings.colonists(b) > 0,
            None => pl.island_colonists.0[t - BASE_BUILDINGS] > 0,
        }
    }
    pub(crate) fn bm_has_colonist(&self, p: usize) -> bool {
        self.player(p).san_juan > 0 || (0..NUM_TARGETS).any(|t| self.bm_colonist_on(p, t))
    }
    /// Black-market items `p` could return, from stage `from` (1 colonist, 2 good, 3 VP).
    pub(crate) fn bm_items(&self, p: usize, from: u8) -> u32 {
        let pl = self.player(p);
        (from <= 1 && self.bm_has_colonist(p)) as u32
            + (from <= 2 && pl.goods.total() > 0) as u32
            + (from <= 3 && pl.vp > 0) as u32
    }
    /// The price of `pending` before the black market, and the shortfall.
    pub(crate) fn bm_price(&self) -> (u32, u32) {
        let p = self.actor();
        let price = self.todo as u32;
        (price, price.saturating_sub(self.player(p).doubloons))
    }
    /// Most items that may still be returned (price after the cuts so far; with
    /// `black_market_shortfall_only` the shortfall).
    pub(crate) fn bm_room(&self) -> u32 {
        let (price, short) = self.bm_price();
        let cap = if self.config.bool("black_market_shortfall_only") {
            short
        } else {
            price
        };
        cap.saturating_sub(self.bm_cut as u32)
    }
    pub(crate) fn bm_item_ok(&self) -> bool {
        self.bm_room() > 0
    }
    /// Whether the current stage may be skipped: the later stages can still cover the shortfall.
    pub(crate) fn bm_can_skip(&self, stage: u8) -> bool {
        let (_, short) = self.bm_price();
        let need = short.saturating_sub(self.bm_cut as u32);
        self.bm_items(self.actor(), stage + 1) >= need
    }
    /// Black market: open the next stage from `stage` that offers a real choice, or buy.
    pub(crate) fn bm_next(&mut self, stage: Step) {
        let p = self.actor();
        let mut st = stage;
        loop {
            let (offer, next) = match st {
                Step::BlackMarketColonist => (self.bm_has_colonist(p), Step::BlackMarketGood),
                Step::BlackMarketGood => (self.player(p).goods.total() > 0, Step::BlackMarketVp),
                Step::BlackMarketVp => (self.player(p).vp > 0, Step::GameOver),
                _ => break,
            };
            if offer && self.bm_item_ok() {
                self.step = st;
                return;
            }
            st = next;
        }
        let b = self.pending.take().map(|b| b as usize).unwrap_or(0);
        let price = self.todo as u32;
        self.todo = 0;
        self.build_finish_at(p, b, price);
    }
    /// People (both kinds) of `p` on target t (on the windrose for `NUM_TARGETS`).
    pub fn people_at(&self, p: usize, t: usize) -> u32 {
        let pl = self.player(p);
        if t >= NUM_TARGETS {
            pl.san_juan as u32
        } else {
            match target_building(t) {
                Some(b) => pl.buildings.colonists(b) as u32,
                None => pl.island_colonists.0[t - BASE_BUILDINGS] as u32,
            }
        }
    }
    /// Take one person off target t (or the windrose).
    pub(crate) fn remove_person(&mut self, p: usize, t: usize) {
        let pl = self.pm(p);
        if t >= NUM_TARGETS {
            pl.san_juan -= 1;
        } else if let Some(b) = target_building(t) {
            pl.buildings.0[b] -= 1;
        } else {
            pl.island_colonists.0[t - BASE_BUILDINGS] -= 1;
        }
    }
}
