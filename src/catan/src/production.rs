//! Production and the robber (spec §A5-§A6): the roll, the 7 (simultaneous discards, G-3), the
//! robber's hexes and victims, and the steal.

use crate::board::DESERT;
use crate::geometry::{bits64, NH};
use crate::ids::*;
use crate::state::{Catan, Phase};

impl Catan {
    pub(crate) fn produce(&mut self, sum: usize, epidemic: bool) {
        if !self.produces(sum) {
            return;
        }
        let g = self.geo();
        let n = self.n();
        let mut owed = [[0u8; 5]; MAX_PLAYERS];
        let mut total = [0u32; 5];
        let hexes = self.board.token_hexes[sum] & !self.robber_mask() & !self.barren_hexes();
        // Only resource hexes carry a producing token (`Board::derive`), so `terrain` is a resource.
        for h in bits64(hexes as u64) {
            let r = self.board.terrain[h] as usize;
            let corners = g.hex_corner_mask[h];
            for p in 0..n {
                let k = (self.settlements[p] & corners).count_ones()
                    + if epidemic { 1 } else { 2 } * (self.cities[p] & corners).count_ones();
                owed[p][r] += k as u8;
                total[r] += k;
            }
        }
        for r in 0..5 {
            if total[r] == 0 {
                continue;
            }
            if total[r] <= self.bank[r] as u32 {
                for p in 0..n {
                    self.bank[r] -= owed[p][r];
                    self.gain(p, r, owed[p][r]);
                }
            } else {
                // Bank shortage: only a single owed player takes what is left (spec §A6).
                let owed_players: Vec<usize> = (0..n).filter(|&p| owed[p][r] > 0).collect();
                if let [p] = owed_players[..] {
                    let k = std::mem::take(&mut self.bank[r]);
                    self.gain(p, r, k);
                }
            }
        }
    }

    /// A roll (or event card) has been resolved: the main phase, or B4's second roll (D-21).
    pub(crate) fn roll_resolved(&mut self) {
        self.phase = if self.second_roll_due() {
            Phase::Roll
        } else {
            Phase::Main
        };
    }

    /// The seat that must discard next (seat order from the roller).
    pub(crate) fn discarder(&self) -> usize {
        let n = self.n();
        (0..n)
            .map(|i| (self.current as usize + i) % n)
            .find(|&p| self.discard_owed[p] > 0)
            .unwrap_or(self.current as usize)
    }

    /// A 7 (dice or Robber Attacks): discards, then the robber.
    pub(crate) fn begin_seven(&mut self) {
        let mut any = false;
        for q in 0..self.n() {
            let c = self.hand_size(q);
            self.discard_owed[q] = if c > 7 { (c / 2) as u8 } else { 0 };
            any |= c > 7;
        }
        if any {
            self.phase = Phase::Discard;
        } else {
            self.after_discards();
        }
    }

    /// Every discard of a 7 is chosen: the set-aside cards go to the bank, seen by all.
    pub(crate) fn reveal_discards(&mut self) {
        for p in 0..self.n() {
            let cards = std::mem::take(&mut self.set_aside[p]);
            for r in 0..5 {
                self.lose(p, r, cards[r]);
                self.bank[r] += cards[r];
            }
        }
    }

    /// The discards of a 7 are done: the robber moves (B8: no robber, the roller steals, D-63).
    pub(crate) fn after_discards(&mut self) {
        if !self.module_takes_seven() {
            self.begin_robber();
        }
    }

    /// The robber moves (a 7 after the discards, or a Knight); in B9 a barbarian moves instead.
    pub(crate) fn begin_robber(&mut self) {
        if !self.module_takes_robber() {
            self.phase = Phase::MoveRobber;
        }
    }

    /// B1: players protected by the Friendly Robber (public VP at most 2, D-01), as a seat mask.
    pub fn protected_players(&self) -> u8 {
        if !self.rules.friendly_robber {
            return 0;
        }
        (0..self.n())
            .filter(|&p| self.public_vp(p) <= 2)
            .fold(0u8, |m, p| m | (1 << p))
    }

    /// The robber's hex as a one-bit mask over land hex ids; 0 while it stands beside the board
    /// (a scenario's start or Robber Flees, see [`ROBBER_OFF`]).
    #[inline]
    pub(crate) fn robber_mask(&self) -> u32 {
        if (self.robber as usize) < NH {
            1u32 << self.robber
        } else {
            0
        }
    }

    /// The robber's hex, or `None` while it stands beside the board.
    pub fn robber_hex(&self) -> Option<usize> {
        ((self.robber as usize) < NH).then_some(self.robber as usize)
    }

    /// The hexes the robber may move to now, as a mask over land hex ids.
    pub fn robber_targets(&self) -> u32 {
        let all = ((1u32 << NH) - 1) & !self.robber_excluded();
        let mut t = all & !self.robber_mask();
        let prot = self.protected_players();
        if prot != 0 {
            let g = self.geo();
            let mut b = 0u64;
            for p in 0..self.n() {
                if prot & (1 << p) != 0 {
                    b |= self.settlements[p] | self.cities[p];
                }
            }
            for h in 0..NH {
                if g.hex_corner_mask[h] & b != 0 {
                    t &= !(1u32 << h);
                }
            }
            if t == 0 {
                // A module may send it elsewhere (D-03; 0 there is its `robber beside the board`
                // action). Else §B1.2: the desert, even if the robber is already there (a user's
                // map with several: any of them). Engine decisions for a user's map without a
                // desert: the robber stays where it is; if it stands beside the board (Rivers
                // after Robber Flees), protection cannot be kept and every hex is open to it.
                t = self.friendly_robber_fallback().unwrap_or_else(|| {
                    let deserts = self.board.hexes_of(DESERT);
                    if deserts != 0 {
                        deserts
                    } else if self.robber_hex().is_some() {
                        self.robber_mask()
                    } else {
                        all
                    }
                });
            }
        }
        t
    }

    pub(crate) fn robber_victims(&self) -> u8 {
        let g = self.geo();
        let me = self.current as usize;
        let Some(h) = self.robber_hex() else {
            return 0;
        };
        let corners = g.hex_corner_mask[h];
        let mut mask = 0u8;
        for p in 0..self.n() {
            if p != me && (self.settlements[p] | self.cities[p]) & corners != 0 {
                mask |= 1 << p;
            }
        }
        // B1.2: nothing is stolen from a protected player.
        mask &= !self.protected_players();
        if self.rules.steal_needs_cards {
            let with_cards = (0..self.n())
                .filter(|&p| mask & (1 << p) != 0 && self.hand_size(p) > 0)
                .fold(0u8, |m, p| m | (1 << p));
            if with_cards != 0 {
                mask = with_cards;
            }
        }
        mask
    }

    /// Who may be named in the choose-victim phase.
    pub(crate) fn victims(&self) -> u8 {
        self.module_victims()
            .unwrap_or_else(|| self.robber_victims())
    }

    pub(crate) fn begin_steal(&mut self, victim: usize) {
        self.victim = victim as u8;
        if self.hand_size(victim) == 0 {
            self.after_steal();
        } else {
            self.phase = Phase::Steal;
        }
    }

    /// After a steal (or a steal from an empty hand): the robber's follow-up, or the next thief
    /// of a B2 Trade Advantage / Conflict event.
    pub(crate) fn after_steal(&mut self) {
        if !self.module_after_steal() {
            self.end_robber();
        }
    }

    /// After the robber (and any steal): back to the start of the turn or to the main phase.
    pub(crate) fn end_robber(&mut self) {
        if self.rolled {
            self.roll_resolved();
        } else {
            self.enter_pre_roll();
        }
    }
}
