//! Mayor phase (rules §4.2): the privilege colonist, the ship handed out, each player's
//! arrangement as ascending single placements (engine decision 1), the refill of the ship.

use crate::actions::*;
use crate::data::*;
use crate::format::*;
use crate::hooks::*;
use crate::state::*;

impl PuertoRico {
    /// The targets the actor may place his next colonist on (bit t), and the empty circles at
    /// or above the floor. A target is legal if it has an empty circle, is at or above the floor
    /// (placements go in ascending order), and leaves enough empty circles at or above it for
    /// the colonists still to place.
    pub(crate) fn arrange_mask(&self, p: usize) -> (u64, u32) {
        let pl = self.player(p);
        let w = pl.san_juan as u32;
        let mut suffix = 0;
        let mut mask = 0u64;
        if w == 0 {
            return (0, 0);
        }
        for t in (self.floor as usize..self.num_targets()).rev() {
            let e = pl.empty_circles(t);
            suffix += e;
            if e > 0 && w <= suffix {
                mask |= 1 << t;
            }
        }
        (mask, suffix)
    }
    pub(crate) fn mayor_distribute(&mut self) {
        if self.nobles.is_some() {
            self.acted = 0;
            return self.nobles_ship_next();
        }
        let n = self.n();
        let c = self.colonist_ship as usize;
        for i in 0..n {
            let p = (self.chooser as usize + i) % n;
            let share = c / n + (i < c % n) as usize;
            self.pm(p).san_juan += share as u8;
        }
        self.colonist_ship = 0;
        self.acted = 0;
        self.arrange_next();
    }
    pub(crate) fn arrange_next(&mut self) {
        loop {
            if self.acted as usize >= self.n() {
                return self.mayor_refill();
            }
            let p = self.actor();
            // Lift every colonist to the windrose, then place them again.
            let pl = self.pm(p);
            let mut w = pl.san_juan as u32 + pl.island_colonists.total();
            pl.island_colonists = PerTile::default();
            for x in pl.buildings.0.iter_mut() {
                w += x.saturating_sub(1) as u32;
                *x = (*x).min(1);
            }
            pl.san_juan = w.min(255) as u8;
            if let Some(x) = self.nobles.as_deref_mut() {
                x.pm(p).on = [0; NUM_TARGETS];
            }
            self.floor = 0;
            self.step = Step::Arrange;
            if !self.arrange_settle(p) {
                return;
            }
            self.acted += 1;
        }
    }
    pub(crate) fn place(&mut self, p: usize, t: usize) {
        let pl = self.pm(p);
        pl.san_juan -= 1;
        match target_building(t) {
            Some(b) => pl.buildings.0[b] += 1,
            None => pl.island_colonists.0[t - BASE_BUILDINGS] += 1,
        }
    }
    /// Place automatically while the arrangement is forced. True when the actor is done.
    pub(crate) fn arrange_settle(&mut self, p: usize) -> bool {
        if self.nobles.is_some() && self.arrange_has_colours(p) {
            return self.arrange_settle_colours(p);
        }
        loop {
            let pl = self.player(p);
            let w = pl.san_juan as u32;
            if w == 0 {
                return true;
            }
            let floor = self.floor as usize;
            let (mask, empty) = self.arrange_mask(p);
            if empty == 0 {
                return true;
            }
            if w >= empty {
                let nt = self.num_targets();
                let pl = self.pm(p);
                for t in floor..nt {
                    let e = pl.empty_circles(t) as u8;
                    match target_building(t) {
                        Some(b) => pl.buildings.0[b] += e,
                        None => pl.island_colonists.0[t - BASE_BUILDINGS] += e,
                    }
                    pl.san_juan -= e;
                }
                return true;
            }
            if mask.count_ones() != 1 {
                return false;
            }
            let t = mask.trailing_zeros() as usize;
            self.place(p, t);
            self.floor = t as u8;
        }
    }
    pub(crate) fn mayor_refill(&mut self) {
        let n = self.n();
        let empty: u32 = (0..n)
            .map(|p| self.player(p).empty_building_circles())
            .sum();
        let need = empty.max(n as u32);
        if self.nobles.is_some() {
            // Expansion II: a noble among the pieces, no end trigger E1 (rules §9.4, N3).
            self.nobles_refill(need);
        } else if (self.colonist_supply as u32) < need {
            self.end_triggered = true;
            self.colonist_ship = self.colonist_ship.saturating_add(self.colonist_supply);
            self.colonist_supply = 0;
        } else {
            self.colonist_supply -= need as u8;
            self.colonist_ship = self.colonist_ship.saturating_add(need as u8);
        }
        self.end_role();
    }
}
