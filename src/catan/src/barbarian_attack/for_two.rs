//! Barbarian Attack with Catan for Two (spec §B8.10 "Catan for Two" items 1-5, D-66, D-67,
//! D-70).
//!
//! - The **Foreign Knight** (item 1, D-66): placed on a free castle edge by the player who places
//!   the game's first knight (step `PlaceForeign`); after his own knights the mover may move it
//!   (step `ForeignMove`: 3 steps, 5 for a grain, it must leave a castle edge like any knight,
//!   D-65); it counts for strength and takes part in the prisoner sharing as the neutral
//!   participant [`FOREIGN`]; prisoners it wins leave the game; it is never lost.
//! - **Double attack** (item 2): a settlement's attack comes first, then the neutral piece (the
//!   conquest of the first attack already applies to it); a neutral *settlement* brings a second
//!   arrival of barbarians.
//! - **Token action** (item 3, D-67): instead of the robber, move 1 barbarian from a coastal hex to
//!   another coastal hex with fewer than 3 (take: [`super::A_TOKEN_FROM`], paid then; put: step
//!   `TokenMove`, an [`super::A_HEX`] id). Conquest and liberation apply.
//! - **Roll-offs** (item 4, D-70): the Foreign Knight "rolls" a fixed 3 (a 2d6 value) against the
//!   players' 2d6, ties re-rolled among the tied: [`rolloff_weights`] gives the exact odds.
//! - **Compensation** (item 5): a lost knight pays 2 coins + 1 trade token from the finite supply
//!   (an empty supply gives no token, nothing replaces it).

use super::*;
use crate::two::{A_NEUTRAL_ROAD, A_NEUTRAL_SETTLE};

/// The Foreign Knight's index in roll-off pools and its roll-off outcome id
/// (`C_ROLLOFF + FOREIGN`): seat 2, which never exists in a 2-player game.
pub const FOREIGN: usize = 2;
/// Coins for a lost knight with Catan for Two (plus 1 trade token, item 5).
pub const TWO_COMPENSATION: u32 = 2;

impl State {
    /// `x` prisoners to participant `q`: a player, or the Foreign Knight (out of the game).
    pub(crate) fn award(&mut self, q: usize, x: u8, players: usize) {
        if q >= players {
            self.foreign_out += x;
        } else {
            self.prisoners[q] += x;
        }
    }
}

fn factorial(k: u64) -> u64 {
    (1..=k).product()
}

/// D-70 with the Foreign Knight's fixed 3: integer weights `(foreign, each player)` for the next
/// place of a roll-off among `m` players and the Foreign Knight, `j` places already won (by
/// players: the Foreign Knight has not placed yet).
///
/// Each player ends above the Foreign Knight with probability 33/34 independently (a 2d6 sum
/// beats 3 in 33 of 36 cases, ties re-rolled), and the players above (and below) it are in a
/// uniformly random order. Summing the rankings that agree with the places won so far gives,
/// scaled by 34^(j+m) (j+m)!:
/// foreign = 33^j (j+m)!/j!, player = sum over t < m of C(m-1,t) t! 33^(j+1+t) (j+m)!/(j+1+t)!.
pub fn rolloff_weights(m: u32, j: u32) -> (u32, u32) {
    let (m, j) = (m as u64, j as u64);
    let l = factorial(j + m);
    let foreign = 33u64.pow(j as u32) * l / factorial(j);
    let mut player = 0u64;
    for t in 0..m {
        let choose = factorial(m - 1) / (factorial(t) * factorial(m - 1 - t));
        player += choose * factorial(t) * 33u64.pow((j + 1 + t) as u32) * l / factorial(j + 1 + t);
    }
    let g = gcd(foreign, player.max(1));
    ((foreign / g) as u32, (player / g) as u32)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Catan {
    #[inline]
    fn ba_two(&self) -> bool {
        self.rules.two && self.modules.barbarian_attack.is_some()
    }

    /// The roll-off outcomes with the Foreign Knight in the pool.
    pub(crate) fn foreign_rolloff_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        let b = self.ba();
        let players: Vec<usize> = (0..self.n()).filter(|&q| b.pool & (1 << q) != 0).collect();
        let (wf, wp) = rolloff_weights(players.len() as u32, b.won as u32);
        for q in players {
            out.push((C_ROLLOFF + q as u32, wp));
        }
        out.push((C_ROLLOFF + FOREIGN as u32, wf));
    }

    /// Item 5: `k` knights of `q` lost: 3 coins each, or with Catan for Two 2 coins and 1 trade
    /// token each (the token only while the supply has one).
    pub(crate) fn compensate_lost_knights(&mut self, q: usize, k: u32) {
        if k == 0 {
            return;
        }
        if self.ba_two() {
            self.ba_mut().coins[q] += TWO_COMPENSATION * k;
            self.gain_tokens(q, k as u8);
        } else {
            self.ba_mut().coins[q] += COMPENSATION * k;
        }
    }

    // ----- the Foreign Knight (item 1, D-66) -----

    /// After a knight is placed: the game's first knight brings the Foreign Knight (its placer
    /// chooses a free castle edge). Returns whether that step was entered.
    pub(crate) fn foreign_to_place(&mut self) -> bool {
        if !self.ba_two() || self.ba().foreign != NONE || self.foreign_spots() == 0 {
            return false;
        }
        self.ba_mut().step = Step::PlaceForeign;
        true
    }

    pub(crate) fn foreign_spots(&self) -> u128 {
        let b = self.ba();
        b.castle_edges() & !b.all_knights()
    }

    /// The mover's own knights are done: the Foreign Knight may move, then the drive-off.
    pub(crate) fn after_own_knights(&mut self) {
        if self.ba_two() && self.ba().foreign != NONE && self.foreign_can_move() {
            let b = self.ba_mut();
            b.extended = false;
            b.moved = 0;
            b.step = Step::ForeignMove;
        } else {
            self.begin_drive_off();
        }
    }

    pub(crate) fn foreign_can_move(&self) -> bool {
        let f = self.ba().foreign as usize;
        self.knight_destinations(f, 3) != 0
            || (self.hand[self.current as usize][GRAIN] > 0 && self.knight_destinations(f, 5) != 0)
    }

    fn foreign_limit(&self) -> u32 {
        if self.ba().extended {
            5
        } else {
            3
        }
    }

    fn foreign_grain_helps(&self) -> bool {
        let b = self.ba();
        let f = b.foreign as usize;
        !b.extended
            && self.hand[self.current as usize][GRAIN] > 0
            && self.knight_destinations(f, 5) & !self.knight_destinations(f, 3) != 0
    }

    /// Leaving the Foreign Knight where it is: not after paying grain, and (D-65, D-66) not on a
    /// castle edge it can leave in 3 steps.
    fn foreign_may_stay(&self) -> bool {
        let b = self.ba();
        let f = b.foreign as usize;
        !b.extended
            && (b.foreign_bit() & b.castle_edges() == 0 || self.knight_destinations(f, 3) == 0)
    }

    // ----- barbarians arrive twice (item 2) -----

    /// Hook after a real player's settlement on `v` in the main phase. Returns false when the
    /// combination is off (the caller then does the neutral build and the attack as usual).
    /// Otherwise the attack comes first and the neutral piece (with the settlement's trade
    /// tokens) follows it.
    pub(crate) fn ba_two_settlement(&mut self, v: usize) -> bool {
        if !self.ba_two() {
            return false;
        }
        self.ba_mut().neutral_after = v as u8;
        self.ba_after_build();
        if self.phase != Phase::Barbarian {
            // No attack (the supply is empty): the neutral piece at once.
            self.two_after_attack();
        }
        true
    }

    /// An attack ended: the neutral piece of the settlement that caused it, if any.
    pub(crate) fn two_after_attack(&mut self) {
        let Some(b) = self.modules.barbarian_attack.as_deref_mut() else {
            return;
        };
        let v = std::mem::replace(&mut b.neutral_after, NONE);
        if v != NONE {
            let p = self.current as usize;
            self.two_after_own_build(p, Some(v as usize), false);
        }
    }

    /// Hook after an action of the B4 phases: a neutral settlement is a second arrival of
    /// barbarians (item 2).
    pub(crate) fn ba_two_after_neutral(&mut self, a: Action) {
        if self.ba_two() && (A_NEUTRAL_SETTLE..A_NEUTRAL_ROAD).contains(&a) {
            self.ba_after_build();
        }
    }

    // ----- the token action moves a barbarian (item 3, D-67) -----

    /// Coastal hexes that may receive a barbarian taken from `from`.
    pub(crate) fn token_destinations(&self, from: usize) -> u32 {
        let b = self.ba();
        (0..NH)
            .filter(|&h| h != from && b.barbarian_hexes() & (1 << h) != 0 && b.barbarians[h] < 3)
            .fold(0u32, |m, h| m | (1 << h))
    }

    pub(crate) fn token_source_ok(&self, h: usize) -> bool {
        self.ba_two()
            && h < NH
            && self.may_take_token_action()
            && self.ba().barbarians[h] > 0
            && self.token_destinations(h) != 0
    }

    pub(crate) fn token_sources_push(&self, out: &mut Vec<Action>) {
        if !self.ba_two() || !self.may_take_token_action() {
            return;
        }
        for h in 0..NH {
            if self.token_source_ok(h) {
                out.push(A_TOKEN_FROM + h as u32);
            }
        }
    }

    /// The token action is paid when the barbarian is picked; it moves (atomically, so
    /// conquest and liberation are judged once) when its destination is chosen.
    pub(crate) fn token_take(&mut self, h: usize) {
        self.pay_token_action();
        let b = self.ba_mut();
        b.token_from = h as u8;
        b.step = Step::TokenMove;
        self.phase = Phase::Barbarian;
    }

    // ----- the module's 2-player steps -----

    pub(crate) fn two_step_legal(&self, a: Action) -> bool {
        let b = self.ba();
        let edge = (A_EDGE..A_HEX).contains(&a).then(|| (a - A_EDGE) as usize);
        let hex = (A_HEX..A_GRAIN).contains(&a).then(|| (a - A_HEX) as usize);
        match b.step {
            Step::PlaceForeign => edge.is_some_and(|e| self.foreign_spots() & (1u128 << e) != 0),
            Step::ForeignMove => {
                if a == A_GRAIN {
                    self.foreign_grain_helps()
                } else if a == A_DONE {
                    self.foreign_may_stay()
                } else {
                    edge.is_some_and(|e| {
                        self.knight_destinations(b.foreign as usize, self.foreign_limit())
                            & (1u128 << e)
                            != 0
                    })
                }
            }
            Step::TokenMove => {
                hex.is_some_and(|h| self.token_destinations(b.token_from as usize) & (1 << h) != 0)
            }
            _ => false,
        }
    }

    pub(crate) fn two_step_push(&self, out: &mut Vec<Action>) {
        let b = self.ba();
        match b.step {
            Step::PlaceForeign => {
                out.extend(bits128(self.foreign_spots()).map(|e| A_EDGE + e as u32))
            }
            Step::ForeignMove => {
                let d = self.knight_destinations(b.foreign as usize, self.foreign_limit());
                out.extend(bits128(d).map(|e| A_EDGE + e as u32));
                if self.foreign_grain_helps() {
                    out.push(A_GRAIN);
                }
                if self.foreign_may_stay() {
                    out.push(A_DONE);
                }
            }
            Step::TokenMove => out.extend(
                bits64(self.token_destinations(b.token_from as usize) as u64)
                    .map(|h| A_HEX + h as u32),
            ),
            _ => {}
        }
    }

    pub(crate) fn two_step_apply(&mut self, a: Action) {
        let p = self.current as usize;
        match self.ba().step {
            Step::PlaceForeign => {
                self.ba_mut().foreign = (a - A_EDGE) as u8;
                self.ba_done_card();
            }
            Step::ForeignMove => {
                if a == A_GRAIN {
                    self.pay(p, &[0, 0, 0, 1, 0]);
                    self.ba_mut().extended = true;
                } else {
                    if a != A_DONE {
                        self.ba_mut().foreign = (a - A_EDGE) as u8;
                    }
                    self.begin_drive_off();
                }
            }
            Step::TokenMove => {
                let b = self.ba_mut();
                let from = std::mem::replace(&mut b.token_from, NONE) as usize;
                b.barbarians[from] -= 1;
                b.barbarians[(a - A_HEX) as usize] += 1;
                b.step = Step::None;
                self.ba_conquest_changed();
                self.phase = Phase::Main;
            }
            _ => {}
        }
    }
}
