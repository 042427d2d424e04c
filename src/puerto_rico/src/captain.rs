//! Captain phase loading (rules §4.6): legal cargo loads, the wharf and small wharf, the VP of a
//! load with its bonuses, the turn loop, and unloading the full ships at the end.

use crate::actions::*;
use crate::data::*;
use crate::state::*;
use meeple_core::Action;

impl PuertoRico {
    /// Legal cargo loads of `p` (rules §4.6 a-f), ascending.
    pub(crate) fn loads(&self, p: usize, f: &mut impl FnMut(Action)) {
        let pl = self.player(p);
        let ships = self.ships.as_slice();
        for g in 0..NUM_GOODS {
            let h = pl.goods.0[g];
            if h == 0 {
                continue;
            }
            if let Some(s) = ships.iter().position(|s| s.good == Some(GOODS[g])) {
                if ships[s].count < ships[s].capacity {
                    f(LOAD + 3 * g as Action + s as Action);
                }
                continue;
            }
            let best = ships
                .iter()
                .filter(|s| s.count == 0)
                .map(|s| s.capacity.min(h))
                .max()
                .unwrap_or(0);
            if best == 0 {
                continue;
            }
            for (i, s) in ships.iter().enumerate() {
                if s.count == 0 && s.capacity.min(h) == best {
                    f(LOAD + 3 * g as Action + i as Action);
                }
            }
        }
    }
    pub(crate) fn wharf_available(&self, p: usize) -> bool {
        let pl = self.player(p);
        pl.occupied(Building::Wharf) && self.wharf_used & (1 << p) == 0 && pl.goods.total() > 0
    }
    pub(crate) fn small_wharf_available(&self, p: usize) -> bool {
        let pl = self.player(p);
        pl.occupied(Building::SmallWharf)
            && self.small_wharf_used & (1 << p) == 0
            && pl.goods.total() > 0
    }
    pub(crate) fn captain_has_move(&self, p: usize) -> bool {
        let mut any = false;
        self.loads(p, &mut |_| any = true);
        any || self.wharf_available(p) || (self.new_buildings && self.small_wharf_available(p))
    }
    /// Expansion I, captain phase start: the captain's lighthouse coin and the union halls.
    pub(crate) fn captain_start(&mut self) {
        let c = self.chooser as usize;
        if self.player(c).occupied(Building::Lighthouse) {
            let pl = self.pm(c);
            pl.doubloons = pl.doubloons.saturating_add(1);
        }
        for p in 0..self.n() {
            let pl = self.player(p);
            if pl.occupied(Building::UnionHall) {
                let vp: u32 = pl.goods.0.iter().map(|&x| x as u32 / 2).sum();
                self.gain_vp(p, vp);
            }
        }
    }
    pub(crate) fn ship_points(&mut self, p: usize, barrels: u32) {
        self.ship_points_h(p, barrels, 1)
    }
    /// VP for one load of `p`: the barrels' VP, the captain's once-only privilege (2 with a
    /// library), `harbor` for an occupied harbor; an occupied lighthouse pays 1 doubloon.
    pub(crate) fn ship_points_h(&mut self, p: usize, barrels: u32, harbor: u32) {
        let mut vp = barrels;
        if p == self.chooser as usize && !self.captain_bonus_paid {
            vp += 1 + self.doubled as u32;
            self.captain_bonus_paid = true;
        }
        if self.player(p).occupied(Building::Harbor) {
            vp += harbor;
        }
        if self.new_buildings && self.player(p).occupied(Building::Lighthouse) {
            let pl = self.pm(p);
            pl.doubloons = pl.doubloons.saturating_add(1);
        }
        let pl = self.pm(p);
        pl.vp = pl.vp.saturating_add(vp);
        self.vp_supply = self.vp_supply.saturating_sub(vp as i32);
        if self.vp_supply <= 0 {
            self.end_triggered = true;
        }
        self.no_load_turns = 0;
    }
    /// Small wharf: put one more barrel of g in; ship when nothing is left to add.
    pub(crate) fn small_wharf_add(&mut self, p: usize, g: usize) {
        self.pm(p).goods.0[g] -= 1;
        self.goods_supply.0[g] += 1;
        self.todo = self.todo.saturating_add(1);
        self.warehoused |= 1 << g;
        self.floor = g as u8;
        if (g..NUM_GOODS).any(|h| self.player(p).goods.0[h] > 0) {
            self.step = Step::SmallWharf;
        } else {
            self.small_wharf_ship(p);
        }
    }
    /// Small wharf: score the load (1 VP per 2 barrels; it is a load for the bonuses).
    pub(crate) fn small_wharf_ship(&mut self, p: usize) {
        let barrels = self.todo as u32;
        let harbor = if self.config.bool("harbor_small_wharf_per_kind") {
            self.warehoused.count_ones()
        } else {
            1
        };
        self.todo = 0;
        self.warehoused = 0;
        self.floor = 0;
        self.ship_points_h(p, barrels / 2, harbor);
        self.acted = ((self.acted as usize + 1) % self.n()) as u16;
        self.captain_next();
    }
    pub(crate) fn captain_next(&mut self) {
        let n = self.n();
        loop {
            if self.no_load_turns as usize >= n {
                self.acted = 0;
                return self.store_next();
            }
            let p = self.actor();
            if self.captain_has_move(p) || self.guests_enable(p, Step::Load, Self::captain_has_move)
            {
                self.step = Step::Load;
                return;
            }
            self.no_load_turns += 1;
            self.acted = ((self.acted as usize + 1) % n) as u16;
        }
    }
    pub(crate) fn captain_finish(&mut self) {
        for i in 0..self.ships.as_slice().len() {
            let s = self.ships.s[i];
            if s.count > 0 && s.count >= s.capacity {
                if let Some(g) = s.good {
                    self.goods_supply.0[g as usize] += s.count;
                }
                self.ships.s[i].count = 0;
                self.ships.s[i].good = None;
            }
        }
        self.end_role();
    }
}
