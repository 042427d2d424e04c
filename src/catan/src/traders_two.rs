//! B9 Traders & Barbarians with B4 Catan for Two (spec §B9.12 "Catan for Two", D-107, D-108).
//!
//! The scenario (`traders/`) and Catan for Two (`two/`) each keep their own rules; this file
//! holds only what the combination changes:
//! 1. Tolls on neutral roads (D-107): the tolls a wagon pays on neutral roads in one movement
//!    action are counted; the 1st, 3rd, 5th … go to the bank and the 2nd, 4th … to the opponent,
//!    so after `n` of them ceil(n/2) went to the bank and floor(n/2) to the opponent.
//! 2. The token action "robber to the desert" is [`TB_TOKEN_BARBARIAN`]: pay the token price,
//!    then take any barbarian and put it on a path holding neither a road nor a barbarian (the
//!    scenario's `take_barbarian` / `place_barbarian` steps with `token_move` set; nothing drawn).
//! 3. A real player's settlement touching a trade hex earns 1 more trade token (set-up too).
//! 4. Neutral players never receive gold (follows from 1; they hold none).
//! 5. Both rolls skip 2 and 12 and the second differs from the first (the dice hooks in
//!    `lib.rs`); the target stays the scenario's 13 (14 with Harbormaster).
//!
//! Neutral roads on the edges past the base range (a trade-hex board has 75 edges, B4's ids cover
//! 72) are numbered here, in the scenario's range, like the players' own high roads.

use crate::geometry::{bits128, NE, NONE};
use crate::traders::{self, Step};
use crate::two::{A_FORCED_TRADE, A_NEUTRAL_ROAD};
use crate::{Catan, Phase, A_SCENARIO};
use meeple_core::Action;

/// Edges past the base range a trade-hex board may have.
const HIGH: u32 = (traders::MAX_TB_EDGES - NE) as u32;
/// Token action (§B9.12 item 2): move one barbarian to a path with neither a road nor a
/// barbarian. Relative to [`A_SCENARIO`], after the scenario's own ids.
pub const TB_TOKEN_BARBARIAN: u32 = traders::NUM_ACTIONS;
/// Neutral road `k` (0 = N1, 1 = N2) on edge `NE + j`: `TB_NEUTRAL_ROAD_HIGH + k * 8 + j`
/// (edges 0..72 keep B4's `A_NEUTRAL_ROAD + k * 72 + e`).
pub const TB_NEUTRAL_ROAD_HIGH: u32 = TB_TOKEN_BARBARIAN + 1;
/// Ids the scenario numbers from [`A_SCENARIO`] when Catan for Two is on.
pub const NUM_ACTIONS: u32 = TB_NEUTRAL_ROAD_HIGH + 2 * HIGH;
/// The combination's tensor block (after the scenario's): tolls on neutral roads in this
/// movement action, and whether the barbarian being moved comes from the token action.
pub const TENSOR_LEN: usize = 2;

/// The action id of neutral `k`'s road on a high edge `e >= NE`.
pub fn neutral_road_high(k: usize, e: usize) -> Action {
    A_SCENARIO + TB_NEUTRAL_ROAD_HIGH + k as u32 * HIGH + (e - NE) as u32
}

/// The neutral and edge of a high neutral-road id, if `a` is one.
pub fn neutral_road_high_of(a: Action) -> Option<(usize, usize)> {
    let x = a.checked_sub(A_SCENARIO + TB_NEUTRAL_ROAD_HIGH)?;
    (x < 2 * HIGH).then(|| ((x / HIGH) as usize, NE + (x % HIGH) as usize))
}

impl Catan {
    /// The neutral and edge of a neutral road id: B4's range, or on a B9 board the scenario's
    /// ids for the edges past 72 (`TB_NEUTRAL_ROAD_HIGH`): the B4 x B9 combination.
    pub(crate) fn neutral_road_of(&self, a: Action) -> Option<(usize, usize)> {
        if (A_NEUTRAL_ROAD..A_FORCED_TRADE).contains(&a) {
            let i = (a - A_NEUTRAL_ROAD) as usize;
            Some((i / NE, i % NE))
        } else if self.modules.traders.is_some() {
            neutral_road_high_of(a)
        } else {
            None
        }
    }

    #[inline]
    fn tb_two(&self) -> bool {
        self.rules.two && self.modules.traders.is_some()
    }

    /// §B9.12 item 3: 1 token for a settlement touching a trade hex (at most 1; it adds to the
    /// coast and desert tokens of §B4.4).
    pub(crate) fn tb_trade_hex_tokens(&self, v: usize) -> u8 {
        let g = self.geo();
        g.vertex_hexes[v]
            .iter()
            .any(|&h| h != NONE && g.trade_hexes & (1u32 << h) != 0) as u8
    }

    /// D-107: the wagon of `p` pays a toll on a neutral road.
    pub(crate) fn tb_neutral_toll(&mut self, p: usize) {
        let t = self.tb_mut();
        t.gold[p] -= 1;
        t.neutral_tolls = t.neutral_tolls.saturating_add(1);
        if t.neutral_tolls.is_multiple_of(2) {
            t.gold[1 - p.min(1)] += 1;
        }
    }

    /// Paths the token action may send a barbarian to: no road, no barbarian (spokes per
    /// `tb_barbarian_on_spokes`).
    pub(crate) fn tb_token_places(&self) -> u128 {
        self.tb_places() & !self.all_roads
    }

    /// The token barbarian action is legal now: a token action may be taken (main phase, price
    /// in hand, limit), the wagon has not begun (token actions belong to trading and building,
    /// D-105), and some path is free.
    pub(crate) fn tb_token_barbarian_ok(&self) -> bool {
        self.tb_two()
            && self.may_take_token_action()
            && !self.tb().wagon_begun
            && self.tb_token_places() != 0
    }

    /// Pay the token price and start the barbarian move.
    pub(crate) fn tb_token_barbarian(&mut self) {
        self.pay_token_action();
        let t = self.tb_mut();
        t.step = Step::TakeBarbarian;
        t.steal_after = false;
        t.token_move = true;
        self.phase = Phase::Traders;
    }

    /// Neutral-road ids on high edges legal in the neutral build (appended).
    pub(crate) fn tb_neutral_road_ids(&self, k: usize, spots: u128, out: &mut Vec<Action>) {
        for e in bits128(spots) {
            out.push(if e < NE {
                A_NEUTRAL_ROAD + (k * NE + e) as u32
            } else {
                neutral_road_high(k, e)
            });
        }
    }
}

/// The combination's tensor block (see [`TENSOR_LEN`]).
pub(crate) fn tensor(t: &traders::State, out: &mut [f32]) {
    if out.len() < TENSOR_LEN {
        return;
    }
    out[0] = t.neutral_tolls as f32;
    out[1] = t.token_move as u8 as f32;
}
