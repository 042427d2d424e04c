//! The guest house (Expansion I, rules §8.4, E7): one-way moves of its colonists at any moment
//! outside the mayor phase, working at once; the guest-house windows; and whether a move first
//! gives an owner a move he would not have (so he is not skipped).

use crate::actions::*;
use crate::data::*;
use crate::hooks::*;
use crate::state::*;
use meeple_core::Action;

impl PuertoRico {
    /// Guest-house moves of `p` (only outside the mayor phase; option `guest_house_timing`).
    pub(crate) fn guest_moves(&self, p: usize, f: &mut impl FnMut(Action)) {
        if !self.new_buildings || !self.player(p).occupied(Building::GuestHouse) {
            return;
        }
        if self.step != Step::GuestHouse && self.config.str("guest_house_timing") != "any_time" {
            return;
        }
        let pl = self.player(p);
        let gh = building_target(Building::GuestHouse as usize);
        // Expansion II: a colonist moves only if one stands there (not just nobles).
        if self.nobles.is_none() || self.guest_colonist_ok(p) {
            for t in 0..self.num_targets() {
                if t != gh && pl.empty_circles(t) > 0 {
                    f(guest_id(t));
                }
            }
        }
        if self.nobles.is_some() {
            self.guest_nobles(p, f);
        }
    }
    /// Guest-house moves are offered next to the owner's own decisions and after he builds
    /// (E7 b, c), not only in the phase-start window.
    #[inline]
    pub(crate) fn guests_any_time(&self) -> bool {
        self.new_buildings && self.config.str("guest_house_timing") == "any_time"
    }
    /// Whether `p`, by moving one or more guest-house people first (E7 b), gets a move that
    /// `has_move` accepts in `step`. Each sequence of moves is tried on a copy; a guest house
    /// holds at most 2 people, so there are at most two moves.
    pub(crate) fn guests_enable(
        &self,
        p: usize,
        step: Step,
        has_move: fn(&PuertoRico, usize) -> bool,
    ) -> bool {
        if !self.guests_any_time() || !self.can_guest(p) {
            return false;
        }
        let mut probe = self.clone();
        probe.step = step;
        probe.guests_enable_from(p, has_move, 0)
    }
    /// `guests_enable` for the moves from `min` up (a set of moves is tried in one order only).
    pub(crate) fn guests_enable_from(
        &self,
        p: usize,
        has_move: fn(&PuertoRico, usize) -> bool,
        min: Action,
    ) -> bool {
        let mut moves = [0 as Action; 2 * NUM_TARGETS];
        let mut len = 0;
        self.guest_moves(p, &mut |a| {
            if a >= min && len < moves.len() {
                moves[len] = a;
                len += 1;
            }
        });
        moves[..len].iter().any(|&a| {
            let mut next = self.clone();
            next.apply_guest(p, a);
            has_move(&next, p) || next.guests_enable_from(p, has_move, a)
        })
    }
    /// Whether `p` has a guest-house move.
    pub fn can_guest(&self, p: usize) -> bool {
        let pl = self.player(p);
        if !self.new_buildings || !pl.occupied(Building::GuestHouse) {
            return false;
        }
        let gh = building_target(Building::GuestHouse as usize);
        (0..self.num_targets()).any(|t| t != gh && pl.empty_circles(t) > 0)
    }
    /// Open the next seat of the guest-house window (in order from the chooser), or resume.
    pub(crate) fn guest_window_next(&mut self) {
        let n = self.n();
        let base = match self.guest_after {
            Some(Resume::Build | Resume::Storage) => self.acted as usize,
            _ => 0,
        };
        for i in base..n {
            let p = (self.chooser as usize + i) % n;
            if self.guest_queue & (1 << p) != 0 {
                if self.can_guest(p) {
                    self.acted = i as u16;
                    self.step = Step::GuestHouse;
                    return;
                }
                self.guest_queue &= !(1 << p);
            }
        }
        self.guest_queue = 0;
        match self.guest_after.take() {
            Some(Resume::Build) => {
                self.acted += 1;
                self.build_next();
            }
            Some(Resume::Storage) => {
                if self.store_begin(self.actor()) {
                    self.acted += 1;
                    self.store_next();
                }
            }
            _ => self.dispatch_role(),
        }
    }
    /// Apply `a` if it is a guest-house move of `p` (colonist or noble); false otherwise.
    pub(crate) fn apply_guest(&mut self, p: usize, a: Action) -> bool {
        if (GUEST..NUM_ACTIONS_X).contains(&a) {
            self.guest_move(p, (a - GUEST) as usize);
            return true;
        }
        if a >= NUM_ACTIONS_X {
            use crate::actions::{GUEST_N, GUEST_NOBLE, GUEST_NOBLE_AT, NOBLE_PLACE, REMOVE_NOBLE};
            if (GUEST_N..NOBLE_PLACE).contains(&a) {
                self.guest_move(p, (a - GUEST_N) as usize + X_TARGETS);
                return true;
            }
            if (GUEST_NOBLE..GUEST_NOBLE + crate::actions::FUNCTIONS as Action).contains(&a)
                || (GUEST_NOBLE_AT..REMOVE_NOBLE).contains(&a)
            {
                let t = crate::actions::noble_move_target(a).unwrap_or(0);
                self.guest_noble_move(p, t);
                return true;
            }
        }
        false
    }
    /// Move one colonist from the actor's guest house to target t (he may stay in the step).
    /// The colonist works at once (rules §8.4): a library he fills doubles the privilege still
    /// to come, and a hacienda he fills on his settler turn offers its tile.
    pub(crate) fn guest_move(&mut self, p: usize, t: usize) {
        let gh = Building::GuestHouse as usize;
        let pl = self.pm(p);
        pl.buildings.0[gh] -= 1;
        match target_building(t) {
            Some(b) => pl.buildings.0[b] += 1,
            None => pl.island_colonists.0[t - BASE_BUILDINGS] += 1,
        }
        if p == self.chooser as usize
            && !self.doubled
            && self.privilege_ahead()
            && self.library_doubles(p)
        {
            self.doubled = true;
            self.library_used |= 1 << p;
        }
        if self.step == Step::Settle
            && (self.acted as usize) < self.n()
            && target_building(t) == Some(Building::Hacienda as usize)
            && self.hacienda_available(p)
        {
            // The hacienda was empty when his turn began, so its tile was not offered yet.
            self.step = Step::Hacienda;
        }
        if self.step == Step::GuestHouse && !self.can_guest(p) {
            self.guest_queue &= !(1 << p);
            self.guest_window_next();
        }
    }
    /// Whether the privilege of the role being played is still to come in this step, so that a
    /// library filled now doubles it (the guest house, rules §8.4): the settler's second tile,
    /// the builder before his build, the craftsman's barrels, the trader before his sale, the
    /// captain before his first load.
    pub(crate) fn privilege_ahead(&self) -> bool {
        match self.role {
            Some(Role::Settler) => matches!(self.step, Step::Hacienda | Step::Settle),
            Some(Role::Builder) => self.step == Step::Build,
            Some(Role::Craftsman) => self.step == Step::Produce,
            Some(Role::Trader) => self.step == Step::Trade,
            Some(Role::Captain) => self.step == Step::Load && !self.captain_bonus_paid,
            _ => false,
        }
    }
}
