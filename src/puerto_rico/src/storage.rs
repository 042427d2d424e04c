//! Storage at the end of the captain phase (rules §4.6): the single barrel, warehoused kinds,
//! the storehouse (Expansion I), picked one at a time (engine decisions 2 and 10); the rest rots.

use crate::actions::*;
use crate::data::*;
use crate::format::*;
use crate::state::*;

impl PuertoRico {
    /// Kinds the player may still warehouse: held, not yet chosen, at or above the floor, and
    /// leaving enough higher kinds for the remaining picks.
    pub(crate) fn warehouse_ok(&self, p: usize, g: usize) -> bool {
        let pl = self.player(p);
        if pl.goods.0[g] == 0 || self.warehoused & (1 << g) != 0 || g < self.floor as usize {
            return false;
        }
        let above = ((g + 1)..NUM_GOODS)
            .filter(|&h| pl.goods.0[h] > 0 && self.warehoused & (1 << h) == 0)
            .count();
        above + 1 >= self.todo as usize
    }
    pub(crate) fn warehouse_capacity(&self, p: usize) -> u8 {
        let pl = self.player(p);
        pl.occupied(Building::SmallWarehouse) as u8
            + 2 * pl.occupied(Building::LargeWarehouse) as u8
    }
    /// Storage: barrels the actor may still keep (1, or 4 with an occupied storehouse).
    pub(crate) fn keep_left(&self, p: usize) -> u32 {
        let singles = 1 + 3 * self.player(p).occupied(Building::Storehouse) as u32;
        singles.saturating_sub(self.kept.total())
    }
    /// Storage: barrels of g the actor could still keep.
    pub(crate) fn keep_avail(&self, p: usize, g: usize) -> u32 {
        if self.warehoused & (1 << g) != 0 {
            0
        } else {
            (self.player(p).goods.0[g] as u32).saturating_sub(self.kept.0[g] as u32)
        }
    }
    pub(crate) fn store_next(&mut self) {
        loop {
            if self.acted as usize >= self.n() {
                return self.captain_finish();
            }
            let p = self.actor();
            if self.storage_window(p) {
                // Guest-house moves before his storage (E7 b): a guest on an empty warehouse or
                // storehouse keeps more.
                self.guest_queue = 1 << p;
                self.guest_after = Some(Resume::Storage);
                self.step = Step::GuestHouse;
                return;
            }
            if !self.store_begin(p) {
                return;
            }
            self.acted += 1;
        }
    }
    /// Begin `p`'s storage (his capacity counted now). True when it is done without a decision.
    pub(crate) fn store_begin(&mut self, p: usize) -> bool {
        let kinds = self.player(p).goods.mask().count_ones() as u8;
        let cap = self.warehouse_capacity(p);
        if kinds <= cap {
            return true;
        }
        self.warehoused = 0;
        self.todo = cap;
        self.floor = 0;
        self.store_settle(p)
    }
    /// Whether `p` gets a guest-house window before his storage: he has a move and would lose a
    /// barrel with his storage as it stands.
    pub(crate) fn storage_window(&self, p: usize) -> bool {
        self.guests_any_time() && self.can_guest(p) && self.storage_loses(p)
    }
    /// Whether `p` must return a barrel at storage: more barrels than his warehouses (his
    /// largest kinds) and his single barrels (1, or 4 with an occupied storehouse) keep.
    pub(crate) fn storage_loses(&self, p: usize) -> bool {
        let mut counts = self.player(p).goods.0;
        counts.sort_unstable_by(|a, b| b.cmp(a));
        let cap = self.warehouse_capacity(p) as usize;
        let rest: u32 = counts[cap.min(NUM_GOODS)..].iter().map(|&c| c as u32).sum();
        rest > self.keep_left(p)
    }
    /// Resolve forced storage choices. True when the actor's storage is done.
    pub(crate) fn store_settle(&mut self, p: usize) -> bool {
        loop {
            if self.todo > 0 {
                self.step = Step::Warehouse;
                let (count, only) = self.count_legal();
                if count != 1 {
                    return false;
                }
                let g = (only - WAREHOUSE) as usize;
                self.warehoused |= 1 << g;
                self.todo -= 1;
                self.floor = g as u8 + 1;
                continue;
            }
            self.floor = 0;
            return self.keep_settle(p);
        }
    }
    /// Resolve forced keep choices (the single free barrel, and with an occupied storehouse up to
    /// 3 more, picked in non-decreasing kind order from `floor`). True when storage is done.
    pub(crate) fn keep_settle(&mut self, p: usize) -> bool {
        let left = self.keep_left(p);
        let mut total = 0;
        let mut kinds = 0;
        let mut last = 0;
        for g in self.floor as usize..NUM_GOODS {
            let a = self.keep_avail(p, g);
            if a > 0 {
                total += a;
                kinds += 1;
                last = g;
            }
        }
        if left > 0 && kinds > 0 {
            if total <= left {
                for g in self.floor as usize..NUM_GOODS {
                    self.kept.0[g] += self.keep_avail(p, g) as u8;
                }
            } else if kinds == 1 {
                self.kept.0[last] += left as u8;
            } else {
                self.step = Step::Keep;
                return false;
            }
        }
        self.keep(p);
        true
    }
    /// Rot everything neither warehoused nor kept.
    pub(crate) fn keep(&mut self, p: usize) {
        for g in 0..NUM_GOODS {
            if self.warehoused & (1 << g) != 0 {
                continue;
            }
            let have = self.player(p).goods.0[g];
            let keep = self.kept.0[g].min(have);
            self.goods_supply.0[g] += have - keep;
            self.pm(p).goods.0[g] = keep;
        }
        self.kept = PerGood::default();
        self.warehoused = 0;
        self.todo = 0;
        self.floor = 0;
    }
}
