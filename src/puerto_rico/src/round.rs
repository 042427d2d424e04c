//! The round: a role chosen and started (with its privilege doubled by a library), the role's
//! end, the round's end (doubloons on unchosen roles, the governor passes, the game's end).

use crate::data::*;
use crate::hooks::*;
use crate::state::*;

impl PuertoRico {
    pub(crate) fn start_role(&mut self, r: usize) {
        let p = self.chooser as usize;
        let slot = &mut self.roles.0[r];
        slot.taken = true;
        let coins = std::mem::take(&mut slot.doubloons) as u32;
        let pl = self.pm(p);
        pl.doubloons = pl.doubloons.saturating_add(coins);
        self.role = Some(ROLES[r]);
        self.acted = 0;
        if self.new_buildings && ROLES[r] != Role::Mayor {
            // Guest-house window at the start of the phase (E7 a), from the chooser.
            let n = self.n();
            let mut q = 0u8;
            for i in 0..n {
                if self.can_guest(i) {
                    q |= 1 << i;
                }
            }
            let _ = n;
            if q != 0 {
                self.guest_queue = q;
                self.guest_after = Some(Resume::RoleStart);
                self.step = Step::GuestHouse;
                return self.guest_window_next();
            }
        }
        self.dispatch_role();
    }
    /// Play the role being played from its start (after any guest-house window).
    pub(crate) fn dispatch_role(&mut self) {
        let p = self.chooser as usize;
        let Some(role) = self.role else { return };
        self.acted = 0;
        self.doubled = false;
        if self.library_doubles(p) {
            self.doubled = true;
            self.library_used |= 1 << p;
        }
        match role {
            Role::Settler => {
                self.quarry_taken = 0;
                self.settle_begin();
            }
            Role::Mayor => {
                self.top_up_colonists(2);
                if self.colonist_supply > 0 {
                    self.step = Step::MayorPrivilege;
                } else {
                    self.mayor_distribute();
                }
            }
            Role::Builder => self.build_next(),
            Role::Craftsman => {
                self.craftsman_kinds = 0;
                self.craft_next();
            }
            Role::Trader => {
                if let Some(x) = self.nobles.as_deref_mut() {
                    x.land_office_used = 0;
                    x.sold = false;
                }
                self.trade_next()
            }
            Role::Captain => {
                self.wharf_used = 0;
                self.small_wharf_used = 0;
                self.captain_bonus_paid = false;
                self.no_load_turns = 0;
                if self.new_buildings {
                    self.captain_start();
                }
                if self.nobles.is_some() {
                    return self.supplier_next();
                }
                self.captain_next();
            }
            Role::Prospector | Role::SecondProspector => {
                let coins = 1 + self.doubled as u32;
                let pl = self.pm(p);
                pl.doubloons = pl.doubloons.saturating_add(coins);
                self.end_role();
            }
        }
    }
    /// Whether `p`'s library doubles his privilege now: occupied, and in the 2-player game
    /// (E6) not yet used this round.
    pub(crate) fn library_doubles(&self, p: usize) -> bool {
        let once = self.n() == 2 && self.config.bool("library_2p_once_per_round");
        self.new_buildings
            && self.player(p).occupied(Building::Library)
            && (!once || self.library_used & (1 << p) == 0)
    }
    /// VP chips from the supply (E3 checks the supply).
    pub(crate) fn gain_vp(&mut self, p: usize, vp: u32) {
        if vp == 0 {
            return;
        }
        let pl = self.pm(p);
        pl.vp = pl.vp.saturating_add(vp);
        self.vp_supply = self.vp_supply.saturating_sub(vp as i32);
        if self.vp_supply <= 0 {
            self.end_triggered = true;
        }
    }
    pub(crate) fn end_role(&mut self) {
        self.doubled = false;
        self.role = None;
        self.picks += 1;
        self.acted = 0;
        self.floor = 0;
        self.todo = 0;
        self.warehoused = 0;
        if self.picks >= self.picks_per_round() {
            self.end_round();
        } else {
            self.chooser = ((self.governor as usize + self.picks as usize) % self.n()) as u8;
            self.step = Step::ChooseRole;
        }
    }
    pub(crate) fn end_round(&mut self) {
        for s in self.roles.0.iter_mut() {
            if s.in_play && !s.taken {
                s.doubloons = s.doubloons.saturating_add(1);
            }
            s.taken = false;
        }
        self.picks = 0;
        self.library_used = 0;
        self.governor = ((self.governor as usize + 1) % self.n()) as u8;
        self.chooser = self.governor;
        let max_rounds = self.config.int("max_rounds").max(1) as u32;
        if self.end_triggered || self.round >= max_rounds {
            self.truncated = !self.end_triggered;
            self.step = Step::GameOver;
        } else {
            self.round += 1;
            self.step = Step::ChooseRole;
        }
    }
    /// Take a colonist for the hospice / university: from the supply, else from the ship.
    pub(crate) fn take_colonist(&mut self) -> bool {
        self.top_up_colonists(1);
        if self.colonist_supply > 0 {
            self.colonist_supply -= 1;
            true
        } else if self.colonist_ship > 0 {
            self.colonist_ship -= 1;
            true
        } else {
            false
        }
    }
}
