//! Builder phase (rules §4.3): prices and discounts, who may build, the purchase, the church,
//! the university colonist.

use crate::data::*;
use crate::hooks::*;
use crate::state::*;

impl PuertoRico {
    /// What `p` pays for building `b` (rules §4.3).
    pub fn price(&self, p: usize, b: usize) -> u32 {
        let disc = self.discounts(p);
        Self::price_with(b, disc)
    }
    /// `p`'s occupied quarries, and his discount that does not depend on the building (the
    /// builder's privilege, 2 with a library; Expansion I: 1 per 2 forests, no column limit,
    /// forest house occupied or not).
    /// The third value is the Expansion II construction office (1 colonist, 2 noble, else 0).
    #[inline]
    pub(crate) fn discounts(&self, p: usize) -> (u32, u32, u32) {
        let pl = self.player(p);
        let mut flat = (p == self.chooser as usize && self.role == Some(Role::Builder)) as u32;
        if self.new_buildings {
            flat += (flat > 0 && self.doubled) as u32 + pl.all_forests() / 2;
        }
        let office = if self.nobles.is_some() {
            self.office_cut(p)
        } else {
            0
        };
        (pl.island_colonists.0[QUARRY] as u32, flat, office)
    }
    #[inline]
    pub(crate) fn price_with(b: usize, (quarries, flat, office): (u32, u32, u32)) -> u32 {
        let d = &BUILDINGS[b];
        // Construction office (rules §9.6): a colonist -1 on columns 1-3, a noble -2 on column 4.
        let office = match office {
            1 if d.column <= 3 => 1,
            2 if d.column == 4 => 2,
            _ => 0,
        };
        (d.cost as u32).saturating_sub(flat + office + quarries.min(d.column as u32))
    }
    /// Whether `p` (with `city_used` spaces filled and discounts `disc`) may build `b` now.
    #[inline]
    pub(crate) fn can_build_with(
        &self,
        p: usize,
        b: usize,
        city_used: u32,
        disc: (u32, u32, u32),
    ) -> bool {
        let pl = self.player(p);
        if pl.buildings.0[b] != 0
            || self.building_supply.0[b] == 0
            || city_used + SIZES[b] as u32 > 12
        {
            return false;
        }
        let price = Self::price_with(b, disc);
        price <= pl.doubloons
            || (self.new_buildings
                && pl.occupied(Building::BlackMarket)
                && price - pl.doubloons <= self.bm_items(p, 1))
    }
    pub(crate) fn can_build_any(&self, p: usize) -> bool {
        let used = self.player(p).city_used();
        let disc = self.discounts(p);
        used < 12 && (0..self.num_buildings()).any(|b| self.can_build_with(p, b, used, disc))
    }
    pub(crate) fn build_next(&mut self) {
        loop {
            if self.acted as usize >= self.n() {
                return self.end_role();
            }
            let p = self.actor();
            if self.can_build_any(p) || self.guests_enable(p, Step::Build, Self::can_build_any) {
                self.step = Step::Build;
                return;
            }
            self.acted += 1;
        }
    }
    pub(crate) fn build(&mut self, p: usize, b: usize) {
        if self.new_buildings && self.player(p).occupied(Building::BlackMarket) {
            let price = self.price(p, b);
            let short = price.saturating_sub(self.player(p).doubloons);
            let only = self.config.bool("black_market_shortfall_only");
            if price > 0 && self.bm_items(p, 1) > 0 && (!only || short > 0) {
                self.pending = Some(BUILDINGS[b].kind);
                self.bm_cut = 0;
                // The price is fixed when the purchase starts (a returned quarry colonist does
                // not raise it).
                self.todo = price as u8;
                return self.bm_next(Step::BlackMarketColonist);
            }
        }
        self.build_finish(p, b);
    }
    pub(crate) fn build_finish(&mut self, p: usize, b: usize) {
        let price = self.price(p, b);
        self.build_finish_at(p, b, price);
    }
    pub(crate) fn build_finish_at(&mut self, p: usize, b: usize, price: u32) {
        let price = price.saturating_sub(self.bm_cut as u32);
        self.bm_cut = 0;
        self.building_supply.0[b] -= 1;
        let pl = self.pm(p);
        pl.doubloons = pl.doubloons.saturating_sub(price);
        pl.buildings.0[b] = 1;
        if pl.city_used() >= 12 {
            self.end_triggered = true;
        }
        if self.new_buildings && self.player(p).occupied(Building::Church) {
            let vp = [0, 0, 1, 1, 2][BUILDINGS[b].column.min(4) as usize];
            self.gain_vp(p, vp);
        }
        let pl = self.player(p);
        if BUILDINGS[b].circles > 0
            && pl.occupied(Building::University)
            && (self.colonist_supply > 0 || self.colonist_ship > 0)
        {
            self.last_building = Some(BUILDINGS[b].kind);
            self.step = Step::University;
        } else {
            self.after_build(p);
        }
    }
    /// After a build: a guest-house window for the builder (E7 c), then the next builder.
    pub(crate) fn after_build(&mut self, p: usize) {
        if self.new_buildings
            && self.config.str("guest_house_timing") == "any_time"
            && self.can_guest(p)
        {
            self.guest_queue = 1 << p;
            self.guest_after = Some(Resume::Build);
            self.step = Step::GuestHouse;
            return;
        }
        self.acted += 1;
        self.build_next();
    }
}
