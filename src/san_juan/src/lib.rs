//! San Juan (Andreas Seyfarth), base game, 2-4 players, with the drafted-starting-hands variant.
//!
//! Rules: `../shared/rules/san_juan.md`; options, action ids, the position format, the
//! observation tensor and every engine decision: `docs/games/san_juan.md`.
//!
//! Action ids (53 in every configuration):
//!
//! | ids | decision | chance outcome |
//! |---|---|---|
//! | 0..5 | pick role: builder, producer, trader, councilor, prospector | price tile 0..5 revealed |
//! | 5 | pass (do not build, no crane, stop producing/selling, no chapel card, decline library) | |
//! | 6 | use the library (2 players, governor's first role); with `strict_optional`: take the draw / use the gold mine | |
//! | 7..36 | card kind k = id-7: build / pay / discard / keep / tuck that card | a card of kind k drawn |
//! | 36..41 | good g = id-36: produce / sell / pay with (black market) that good | |
//! | 41..53 | crane: build over the player's building in slot s = id-41 | |

#![allow(clippy::needless_range_loop)]

mod cards;
mod obs;
mod repr;

pub use cards::*;

use meeple_core::{
    Action, Config, Game, GameError, GameInfo, GameRng, OptionSpec, RuleError, Turn,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::Arc;

pub const ROLE0: Action = 0;
pub const PASS: Action = 5;
pub const USE_LIBRARY: Action = 6;
pub const CARD0: Action = 7;
pub const GOOD0: Action = CARD0 + KINDS as Action;
pub const SLOT0: Action = GOOD0 + 5;
pub const MAX_SLOTS: usize = 12;
pub const NUM_ACTIONS: Action = SLOT0 + MAX_SLOTS as Action;

pub(crate) const NONE: u8 = 255;

/// A fixed-size action list (no allocation), enough for every decision (ids are < 53).
pub(crate) struct Acts {
    a: [Action; NUM_ACTIONS as usize],
    n: usize,
}

impl Acts {
    fn new() -> Self {
        Acts {
            a: [0; NUM_ACTIONS as usize],
            n: 0,
        }
    }
    #[inline]
    fn push(&mut self, x: Action) {
        if self.n < self.a.len() {
            self.a[self.n] = x;
            self.n += 1;
        }
    }
    fn extend<const N: usize>(&mut self, xs: [Action; N]) {
        for x in xs {
            self.push(x);
        }
    }
    fn sort_unstable(&mut self) {
        self.a[..self.n].sort_unstable();
    }
    pub(crate) fn as_slice(&self) -> &[Action] {
        &self.a[..self.n]
    }
}

/// Where the game stands. Decision phases wait for `actor`; the others wait for chance draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Variant deal: `actor` discards `left` cards down to 4.
    Draft,
    /// Round start: `actor` may tuck one card under the chapel.
    Chapel,
    /// Round start: `actor` discards `left` cards down to the hand limit.
    HandLimit,
    /// `actor` picks a role.
    PickRole,
    /// 2 players: the governor decides whether to use the library on his first role.
    Library,
    /// Builder: `actor` chooses a card to build, or passes.
    Build,
    /// Builder: `actor` (who owns a crane) chooses a building to build over, or passes.
    BuildTarget,
    /// Builder: `actor` pays `left` more (cards, or goods through the black market).
    BuildPay,
    /// Builder: carpenter (`stage` 1) and poor house (`stage` 2) draws.
    BuildBonus,
    /// Producer: `actor` chooses the next good to produce (`left` more allowed), or stops.
    Produce,
    /// Producer: the well's draw.
    Well,
    /// Trader: the price tile is revealed (a chance node).
    TileReveal,
    /// Trader: `actor` chooses the next good to sell (`left` more allowed), or stops.
    Sell,
    /// Trader: the proceeds are drawn.
    SellDraws,
    /// Councilor: `actor` draws.
    CouncilDraw,
    /// `strict_optional`: `actor` takes (`take`) or declines (`pass`) the councilor's draw.
    CouncilOffer,
    /// Councilor: `actor` keeps `left` more of the drawn cards.
    CouncilKeep,
    /// Councilor with an archive: `actor` discards `left` more from the whole hand.
    CouncilDiscard,
    /// Prospector: the chooser's draw.
    ProspectDraw,
    /// `strict_optional`: the prospector takes or declines his draw.
    ProspectOffer,
    /// Prospector: `actor`'s gold mine reveals 4 cards.
    GoldReveal,
    /// `strict_optional`: `actor` uses (`take`) or skips (`pass`) the gold mine.
    GoldOffer,
    /// Prospector: `actor` keeps one of the 4 revealed cards.
    GoldKeep,
    GameOver,
}

/// Where the pending chance draws go (always to or for `actor`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawTo {
    #[default]
    Hand,
    /// The councilor's private set of drawn cards.
    Drawn,
    /// As a good onto the building in this slot.
    Good(u8),
    /// Face up, for the gold mine.
    Revealed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Slot {
    pub b: u8,
    pub good: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Seat {
    pub slots: [Slot; MAX_SLOTS],
    pub nslots: u8,
    /// Bitmask of the active violet kinds (derived from `slots`).
    pub mask: u32,
    pub hand: Cards,
    pub chapel: Cards,
    pub covered: Cards,
    /// Hand cards everyone knows (a gold-mine keep, until the owner's next hidden discard).
    pub known_hand: Cards,
    /// Cards this player put into the discard pile knowingly since the last reshuffle.
    pub known_disc: Cards,
}

impl Default for Seat {
    fn default() -> Self {
        Seat {
            slots: [Slot { b: 0, good: NONE }; MAX_SLOTS],
            nslots: 0,
            mask: 0,
            hand: [0; KINDS],
            chapel: [0; KINDS],
            covered: [0; KINDS],
            known_hand: [0; KINDS],
            known_disc: [0; KINDS],
        }
    }
}

impl Seat {
    #[inline]
    pub fn has(&self, k: u8) -> bool {
        self.mask & (1 << k) != 0
    }
    /// Has the violet building `k`, not counting the building in slot `t` (being covered).
    #[inline]
    pub fn has_except(&self, k: u8, t: u8) -> bool {
        self.has(k) && !(t != NONE && self.slots.get(t as usize).is_some_and(|s| s.b == k))
    }
    #[inline]
    pub fn active(&self) -> &[Slot] {
        &self.slots[..(self.nslots as usize).min(MAX_SLOTS)]
    }
    pub fn hand_size(&self) -> u32 {
        total(&self.hand)
    }
    pub fn goods(&self) -> u32 {
        self.active().iter().filter(|s| s.good != NONE).count() as u32
    }
    pub fn rebuild_mask(&mut self) {
        let mut m = 0u32;
        for s in self.active() {
            if is_violet(s.b) {
                m |= 1 << s.b;
            }
        }
        self.mask = m;
    }
}

/// The San Juan state: the game and the documented position format (see the docs page).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "repr::Repr", into = "repr::Repr")]
pub struct SanJuan {
    pub(crate) cfg: Arc<Config>,
    pub(crate) rng: GameRng,
    pub(crate) n: u8,
    pub(crate) max_rounds: u16,
    pub(crate) prices: [[u8; 5]; 5],
    pub(crate) s: [Seat; 4],
    pub(crate) supply: Cards,
    pub(crate) discard: Cards,
    /// Gold-mine reveals discarded since the last reshuffle (public).
    pub(crate) disc_public: Cards,
    /// The councilor's drawn cards (private to `actor`).
    pub(crate) drawn: Cards,
    /// Gold-mine reveals (public).
    pub(crate) revealed: Cards,
    /// Price tiles in the order revealed (the cycle); the first `min(trades, 5)` are known.
    pub(crate) tiles: [u8; 5],
    pub(crate) trades: u16,
    pub(crate) tile: u8,
    pub(crate) round: u16,
    pub(crate) governor: u8,
    pub(crate) phase: Phase,
    pub(crate) actor: u8,
    pub(crate) chooser: u8,
    pub(crate) role: u8,
    pub(crate) pick: u8,
    pub(crate) roles: [u8; 5],
    pub(crate) lib_used: bool,
    pub(crate) lib_now: bool,
    pub(crate) offset: u8,
    pub(crate) stage: u8,
    pub(crate) bc: u8,
    pub(crate) bt: u8,
    pub(crate) left: u8,
    pub(crate) bm: u8,
    pub(crate) floor: u8,
    pub(crate) count: u8,
    pub(crate) sum: u8,
    pub(crate) pending: u8,
    pub(crate) draw_to: DrawTo,
    pub(crate) truncated: bool,
    /// Option `strict_optional` (spec A6).
    pub(crate) strict: bool,
}

pub(crate) fn parse_prices(v: &Value) -> Result<[[u8; 5]; 5], String> {
    let arr = v
        .as_array()
        .ok_or("price_tiles must be a list of 5 tiles")?;
    if arr.len() != 5 {
        return Err(format!("price_tiles must have 5 tiles, got {}", arr.len()));
    }
    let mut out = [[0u8; 5]; 5];
    for (i, t) in arr.iter().enumerate() {
        let row = t
            .as_array()
            .filter(|r| r.len() == 5)
            .ok_or(format!("price tile {i} must be a list of 5 prices"))?;
        for (j, p) in row.iter().enumerate() {
            match p.as_u64() {
                Some(x) if x <= 5 => out[i][j] = x as u8,
                _ => {
                    return Err(format!(
                        "price tile {i}: price {p} is not an integer in 0..=5"
                    ))
                }
            }
        }
    }
    Ok(out)
}

impl SanJuan {
    #[inline]
    pub(crate) fn nn(&self) -> usize {
        self.n as usize
    }
    #[inline]
    pub(crate) fn seat(&self, p: usize) -> &Seat {
        &self.s[p & 3]
    }
    #[inline]
    pub(crate) fn a(&self) -> usize {
        (self.actor & 3) as usize
    }
    pub(crate) fn cards_available(&self) -> u32 {
        total(&self.supply) + total(&self.discard)
    }

    fn take_random(pool: &mut Cards, rng: &mut GameRng) -> u8 {
        let i = rng.weighted(pool.iter().map(|&c| c as u32));
        if let Some(c) = pool.get_mut(i) {
            *c = c.saturating_sub(1);
        }
        i as u8
    }

    // ----- scoring -----

    /// Final-score formula (§8) for seat `p`.
    pub fn score_of(&self, p: usize) -> u32 {
        let seat = self.seat(p);
        let mut s: u32 = 0;
        let mut prod = 0u32;
        let mut violet = 0u32;
        let mut monuments = 0u32;
        for sl in seat.active() {
            s += VP.get(sl.b as usize).copied().unwrap_or(0) as u32;
            if is_production(sl.b) {
                prod += 1;
            } else {
                violet += 1;
            }
            if is_monument(sl.b) {
                monuments += 1;
            }
        }
        s += total(&seat.chapel);
        if seat.has(GUILD_HALL) {
            s += 2 * prod;
        }
        if seat.has(CITY_HALL) {
            s += violet;
        }
        if seat.has(TRIUMPHAL_ARCH) {
            s += match monuments {
                0 => 0,
                1 => 4,
                2 => 6,
                _ => 8,
            };
        }
        if seat.has(PALACE) {
            s += s / 4;
        }
        s
    }

    /// The heuristic's worth of seat `p` (see the docs): points, buildings, cards and goods,
    /// crediting a build in progress, sale proceeds and draws not yet made, so that the small
    /// steps of a good decision do not look bad half-way.
    pub(crate) fn heuristic_value(&self, p: usize) -> f64 {
        const CARD: f64 = 0.4;
        const GOOD: f64 = 0.3;
        const BUILDING: f64 = 0.8;
        let worth = |k: u8| -> f64 {
            match k {
                GUILD_HALL..=PALACE => 5.0,
                _ => VP.get(k as usize).copied().unwrap_or(0) as f64,
            }
        };
        let s = self.seat(p);
        let mut v = self.score_of(p) as f64
            + BUILDING * s.nslots as f64
            + CARD * s.hand_size().min(12) as f64
            + GOOD * s.goods() as f64;
        if p == self.a() {
            match self.phase {
                Phase::BuildTarget | Phase::BuildPay => {
                    let left = if self.phase == Phase::BuildPay {
                        self.left
                    } else {
                        self.build_cost(p, self.bc, NONE)
                    };
                    v += worth(self.bc) + BUILDING - CARD * left as f64;
                    if let Some(t) = s.active().get(self.bt as usize) {
                        if self.phase == Phase::BuildPay {
                            v -= worth(t.b) + BUILDING;
                        }
                    }
                }
                Phase::Sell => v += CARD * self.sum as f64,
                Phase::CouncilKeep => v += CARD * self.left as f64,
                _ => {}
            }
            if self.pending > 0 {
                match self.draw_to {
                    DrawTo::Hand => v += CARD * self.pending as f64,
                    DrawTo::Good(_) => v += GOOD,
                    _ => {}
                }
            }
        }
        v
    }

    pub(crate) fn tie_break(&self, p: usize) -> u32 {
        self.seat(p).hand_size() + self.seat(p).goods()
    }

    // ----- building helpers -----

    /// Cost of building `x` for `p`, over slot `t` (or NONE), with every reduction (§6.1).
    pub(crate) fn build_cost(&self, p: usize, x: u8, t: u8) -> u8 {
        let seat = self.seat(p);
        let mut red: u32 = 0;
        if p == self.chooser as usize && self.role == BUILDER {
            red += 1;
            if self.lib_now && seat.has_except(LIBRARY, t) {
                red += 1;
            }
        }
        if is_production(x) && seat.has_except(SMITHY, t) {
            red += 1;
        }
        if is_violet(x) && seat.has_except(QUARRY, t) {
            red += 1;
        }
        if t != NONE {
            if let Some(sl) = seat.slots.get(t as usize) {
                red += COST.get(sl.b as usize).copied().unwrap_or(0) as u32;
            }
        }
        let c = COST.get(x as usize).copied().unwrap_or(0) as u32;
        c.saturating_sub(red) as u8
    }

    /// Goods `p` could pay with through the black market (slot `t` excluded), before any is used.
    fn bm_cap(&self, p: usize, t: u8) -> u32 {
        let seat = self.seat(p);
        if !seat.has_except(BLACK_MARKET, t) {
            return 0;
        }
        let g = seat
            .active()
            .iter()
            .enumerate()
            .filter(|(i, s)| s.good != NONE && *i as u8 != t)
            .count() as u32;
        g.min(2)
    }

    /// Whether `p` may build `x` over `t` (NONE = a new slot) with `hand_avail` cards to pay with.
    pub(crate) fn build_ok(&self, p: usize, x: u8, t: u8, hand_avail: u32) -> bool {
        let seat = self.seat(p);
        if t == NONE {
            if seat.nslots as usize >= MAX_SLOTS {
                return false;
            }
        } else {
            match seat.active().get(t as usize) {
                Some(s) if s.b != CRANE => {}
                _ => return false,
            }
        }
        if is_violet(x) && seat.has_except(x, t) {
            return false;
        }
        self.build_cost(p, x, t) as u32 <= hand_avail + self.bm_cap(p, t)
    }

    fn crane_targets(&self, p: usize, x: u8, hand_avail: u32) -> impl Iterator<Item = u8> + '_ {
        let has_crane = self.seat(p).has(CRANE);
        let n = if has_crane { self.seat(p).nslots } else { 0 };
        (0..n).filter(move |&t| self.build_ok(p, x, t, hand_avail))
    }

    fn can_build(&self, p: usize, x: u8) -> bool {
        let seat = self.seat(p);
        if seat.hand.get(x as usize).copied().unwrap_or(0) == 0 {
            return false;
        }
        let avail = seat.hand_size().saturating_sub(1);
        self.build_ok(p, x, NONE, avail) || self.crane_targets(p, x, avail).next().is_some()
    }

    fn goods_from(&self, p: usize, g: u8, except: u8) -> u32 {
        self.seat(p)
            .active()
            .iter()
            .enumerate()
            .filter(|(i, s)| s.good != NONE && s.b >= g && *i as u8 != except)
            .count() as u32
    }

    fn slot_with_good(&self, p: usize, g: u8, except: u8) -> Option<usize> {
        self.seat(p)
            .active()
            .iter()
            .enumerate()
            .position(|(i, s)| s.good != NONE && s.b == g && i as u8 != except)
    }

    fn empty_slot(&self, p: usize, g: u8) -> Option<usize> {
        self.seat(p)
            .active()
            .iter()
            .position(|s| s.good == NONE && s.b == g)
    }

    fn empty_from(&self, p: usize, g: u8) -> bool {
        self.seat(p)
            .active()
            .iter()
            .any(|s| s.good == NONE && is_production(s.b) && s.b >= g)
    }

    // ----- flow -----

    fn picks_per_round(&self) -> u8 {
        if self.n == 2 {
            3
        } else {
            self.n
        }
    }

    fn picker(&self, pick: u8) -> u8 {
        if self.n == 2 {
            (self.governor + if pick == 1 { 1 } else { 0 }) % 2
        } else {
            (self.governor + pick) % self.n
        }
    }

    fn draw(&mut self, k: u32, to: DrawTo) {
        self.pending = k.min(255) as u8;
        self.draw_to = to;
        self.settle();
    }

    fn reshuffle(&mut self) {
        for k in 0..KINDS {
            self.supply[k] = self.supply[k].saturating_add(self.discard[k]);
        }
        self.discard = [0; KINDS];
        self.disc_public = [0; KINDS];
        for s in self.s.iter_mut() {
            s.known_disc = [0; KINDS];
        }
    }

    /// Reshuffle lazily when a draw is due; stop at a chance node or continue the phase.
    fn settle(&mut self) {
        if self.pending > 0 && total(&self.supply) == 0 {
            self.reshuffle();
            if total(&self.supply) == 0 {
                // Both piles are empty: the remaining draws yield nothing (A16).
                self.pending = 0;
            }
        }
        if self.pending == 0 {
            self.after_draws();
        }
    }

    fn after_draws(&mut self) {
        let p = self.a();
        match self.phase {
            Phase::BuildBonus => {
                if self.stage == 1 {
                    self.stage = 2;
                    let seat = self.seat(p);
                    let n = (self.bc != POOR_HOUSE && seat.has(POOR_HOUSE) && seat.hand_size() <= 1)
                        as u32;
                    self.draw(n, DrawTo::Hand);
                } else {
                    self.next_turn();
                }
            }
            Phase::Produce
                if self.left == 0
                    || !self.empty_from(p, self.floor)
                    || self.cards_available() == 0 =>
            {
                self.finish_produce();
            }
            Phase::Well | Phase::SellDraws => self.next_turn(),
            Phase::CouncilDraw => {
                let seat = self.seat(p);
                let keep = (1 + seat.has(PREFECTURE) as u8).min(self.count);
                let archive = seat.has(ARCHIVE);
                self.floor = 0;
                if archive {
                    self.left = self.count - keep;
                    if self.left > 0 {
                        self.phase = Phase::CouncilDiscard;
                    } else {
                        self.next_turn();
                    }
                } else if keep == self.count {
                    let d = self.drawn;
                    let seat = &mut self.s[p];
                    for k in 0..KINDS {
                        seat.hand[k] += d[k];
                    }
                    self.drawn = [0; KINDS];
                    self.next_turn();
                } else {
                    self.left = keep;
                    self.phase = Phase::CouncilKeep;
                }
            }
            Phase::ProspectDraw => {
                self.offset = 0;
                self.gold_next();
            }
            Phase::GoldReveal => {
                let mut costs = 0u32;
                let mut ok = true;
                for k in 0..KINDS {
                    match self.revealed[k] {
                        0 => {}
                        1 => {
                            let bit = 1u32 << COST[k];
                            if costs & bit != 0 {
                                ok = false;
                            }
                            costs |= bit;
                        }
                        _ => ok = false,
                    }
                }
                if ok && total(&self.revealed) > 0 {
                    self.phase = Phase::GoldKeep;
                } else {
                    self.discard_revealed();
                    self.offset += 1;
                    self.gold_next();
                }
            }
            _ => {}
        }
    }

    fn discard_revealed(&mut self) {
        for k in 0..KINDS {
            self.discard[k] += self.revealed[k];
            self.disc_public[k] += self.revealed[k];
        }
        self.revealed = [0; KINDS];
    }

    fn gold_next(&mut self) {
        while self.offset < self.n {
            let p = (self.chooser + self.offset) % self.n;
            if self.seat(p as usize).has(GOLD_MINE) && self.cards_available() >= 4 {
                self.actor = p;
                if self.strict {
                    self.phase = Phase::GoldOffer;
                } else {
                    self.phase = Phase::GoldReveal;
                    self.draw(4, DrawTo::Revealed);
                }
                return;
            }
            self.offset += 1;
        }
        self.end_role();
    }

    fn next_turn(&mut self) {
        self.offset += 1;
        if self.offset >= self.n {
            self.end_role();
        } else {
            let p = (self.chooser + self.offset) % self.n;
            self.begin_turn(p);
        }
    }

    fn begin_turn(&mut self, p: u8) {
        self.actor = p;
        let pu = p as usize;
        let chooser = p == self.chooser;
        let lib = (chooser && self.lib_now) as u8;
        self.floor = 0;
        self.count = 0;
        self.sum = 0;
        self.stage = 0;
        match self.role {
            BUILDER => {
                // Skip only on public grounds (an empty hand): skipping a player whose cards are
                // all unbuildable would tell the others so.
                if self.seat(pu).hand_size() > 0 {
                    self.phase = Phase::Build;
                    self.bc = NONE;
                    self.bt = NONE;
                } else {
                    self.next_turn();
                }
            }
            PRODUCER => {
                let l = 1 + (chooser as u8) * (1 + lib) + self.seat(pu).has(AQUEDUCT) as u8;
                if self.empty_from(pu, 0) && self.cards_available() > 0 {
                    self.phase = Phase::Produce;
                    self.left = l;
                } else {
                    self.next_turn();
                }
            }
            TRADER => {
                let l = 1 + (chooser as u8) * (1 + lib) + self.seat(pu).has(TRADING_POST) as u8;
                if self.seat(pu).goods() > 0 {
                    self.phase = Phase::Sell;
                    self.left = l;
                } else {
                    self.next_turn();
                }
            }
            COUNCILOR => {
                if self.strict {
                    self.phase = Phase::CouncilOffer;
                } else {
                    self.council_draw();
                }
            }
            _ => self.end_role(),
        }
    }

    fn council_draw(&mut self) {
        let p = self.a();
        let chooser = p == self.chooser as usize;
        let lib = (chooser && self.lib_now) as u32;
        let d = 2 + (chooser as u32) * (3 + 3 * lib);
        self.phase = Phase::CouncilDraw;
        let to = if self.seat(p).has(ARCHIVE) {
            DrawTo::Hand
        } else {
            DrawTo::Drawn
        };
        self.draw(d, to);
    }

    fn start_role(&mut self) {
        self.offset = 0;
        match self.role {
            TRADER => {
                if self.trades < 4 {
                    self.phase = Phase::TileReveal;
                    self.actor = self.chooser;
                } else {
                    let idx = (self.trades % 5) as usize;
                    if self.trades == 4 {
                        let missing = (0..5u8).find(|t| !self.tiles[..4].contains(t)).unwrap_or(0);
                        self.tiles[4] = missing;
                    }
                    self.tile = self.tiles[idx];
                    self.trades = self.trades.saturating_add(1);
                    self.trader_begin();
                }
            }
            PROSPECTOR => {
                self.actor = self.chooser;
                if self.strict {
                    self.phase = Phase::ProspectOffer;
                } else {
                    self.phase = Phase::ProspectDraw;
                    self.draw(1 + self.lib_now as u32, DrawTo::Hand);
                }
            }
            _ => self.begin_turn(self.chooser),
        }
    }

    /// The tile is known: the 2-player library decision if due, else the chooser sells first.
    fn trader_begin(&mut self) {
        if self.stage == 1 {
            self.stage = 0;
            self.actor = self.chooser;
            self.phase = Phase::Library;
        } else {
            self.begin_turn(self.chooser);
        }
    }

    fn end_role(&mut self) {
        self.lib_now = false;
        if self.role == BUILDER && self.s.iter().take(self.nn()).any(|s| s.nslots >= 12) {
            self.phase = Phase::GameOver;
            return;
        }
        self.role = NONE;
        self.pick += 1;
        if self.pick >= self.picks_per_round() {
            self.end_round();
        } else {
            self.actor = self.picker(self.pick);
            self.phase = Phase::PickRole;
        }
    }

    fn end_round(&mut self) {
        if self.round >= self.max_rounds {
            self.truncated = true;
            self.phase = Phase::GameOver;
            return;
        }
        self.round += 1;
        self.governor = (self.governor + 1) % self.n;
        self.roles = [NONE; 5];
        self.lib_used = false;
        self.pick = 0;
        self.offset = 0;
        self.chapel_next();
    }

    fn chapel_next(&mut self) {
        while self.offset < self.n {
            let p = (self.governor + self.offset) % self.n;
            let seat = self.seat(p as usize);
            if seat.has(CHAPEL) && seat.hand_size() > 0 {
                self.actor = p;
                self.phase = Phase::Chapel;
                return;
            }
            self.offset += 1;
        }
        self.offset = 0;
        self.limit_next();
    }

    fn limit_next(&mut self) {
        while self.offset < self.n {
            let p = (self.governor + self.offset) % self.n;
            let seat = self.seat(p as usize);
            let lim = if seat.has(TOWER) { 12 } else { 7 };
            let h = seat.hand_size();
            if h > lim {
                self.actor = p;
                self.phase = Phase::HandLimit;
                self.left = (h - lim).min(255) as u8;
                self.floor = 0;
                return;
            }
            self.offset += 1;
        }
        self.begin_picks();
    }

    fn draft_next(&mut self) {
        while self.offset < self.n {
            let p = (self.governor + self.offset) % self.n;
            let h = self.seat(p as usize).hand_size();
            if h > 4 {
                self.actor = p;
                self.phase = Phase::Draft;
                self.left = (h - 4).min(255) as u8;
                self.floor = 0;
                return;
            }
            self.offset += 1;
        }
        self.begin_picks();
    }

    fn begin_picks(&mut self) {
        self.pick = 0;
        self.offset = 0;
        self.actor = self.governor;
        self.phase = Phase::PickRole;
    }

    fn finish_produce(&mut self) {
        let p = self.a();
        if self.count >= 2 && self.seat(p).has(WELL) {
            self.phase = Phase::Well;
            self.draw(1, DrawTo::Hand);
        } else {
            self.next_turn();
        }
    }

    fn finish_sell(&mut self) {
        let p = self.a();
        let seat = self.seat(p);
        let extra = self.sum as u32
            + (self.count >= 1 && seat.has(MARKET_HALL)) as u32
            + (self.count >= 2 && seat.has(MARKET_STAND)) as u32;
        self.phase = Phase::SellDraws;
        self.draw(extra, DrawTo::Hand);
    }

    fn start_pay(&mut self) {
        let p = self.a();
        self.left = self.build_cost(p, self.bc, self.bt);
        self.bm = 0;
        self.floor = 0;
        if self.left == 0 {
            self.place();
        } else {
            self.phase = Phase::BuildPay;
        }
    }

    fn place(&mut self) {
        let p = self.a();
        let (x, t) = (self.bc, self.bt);
        let mut lost = NONE;
        {
            let seat = &mut self.s[p];
            if t != NONE && (t as usize) < seat.nslots as usize {
                let old = seat.slots[t as usize];
                if let Some(c) = seat.covered.get_mut(old.b as usize) {
                    *c += 1;
                }
                lost = old.good;
                seat.slots[t as usize] = Slot { b: x, good: NONE };
            } else if (seat.nslots as usize) < MAX_SLOTS {
                seat.slots[seat.nslots as usize] = Slot { b: x, good: NONE };
                seat.nslots += 1;
            }
            seat.rebuild_mask();
        }
        if let Some(d) = self.discard.get_mut(lost as usize) {
            *d += 1;
        }
        self.phase = Phase::BuildBonus;
        self.stage = 1;
        let n = (is_violet(x) && x != CARPENTER && self.seat(p).has(CARPENTER)) as u32;
        self.draw(n, DrawTo::Hand);
    }

    /// A hidden discard from `p`'s hand into the discard pile.
    fn hidden_discard(&mut self, p: usize, k: usize) {
        let seat = &mut self.s[p];
        seat.hand[k] -= 1;
        seat.known_disc[k] += 1;
        seat.known_hand = [0; KINDS];
        self.discard[k] += 1;
    }

    // ----- legal actions -----

    pub(crate) fn legal_acts(&self) -> Acts {
        let mut out = Acts::new();
        self.legal_into(&mut out);
        out
    }

    fn legal_into(&self, out: &mut Acts) {
        let p = self.a();
        let seat = self.seat(p);
        match self.phase {
            Phase::GameOver => {}
            _ if self.pending > 0 => {
                for k in 0..KINDS {
                    if self.supply[k] > 0 {
                        out.push(CARD0 + k as Action);
                    }
                }
            }
            Phase::TileReveal => {
                let seen = (self.trades as usize).min(5);
                for t in 0..5u8 {
                    if !self.tiles[..seen].contains(&t) {
                        out.push(t as Action);
                    }
                }
            }
            Phase::PickRole => {
                for r in 0..5 {
                    if self.roles[r] == NONE {
                        out.push(ROLE0 + r as Action);
                    }
                }
            }
            Phase::Library | Phase::CouncilOffer | Phase::ProspectOffer | Phase::GoldOffer => {
                out.extend([PASS, USE_LIBRARY])
            }
            Phase::Draft | Phase::HandLimit | Phase::CouncilDiscard => {
                let left = self.left as u32;
                let mut from = count_from(&seat.hand, self.floor);
                for k in self.floor as usize..KINDS {
                    if seat.hand[k] > 0 && from >= left {
                        out.push(CARD0 + k as Action);
                    }
                    from -= seat.hand[k] as u32;
                }
            }
            Phase::CouncilKeep => {
                let left = self.left as u32;
                let mut from = count_from(&self.drawn, self.floor);
                for k in self.floor as usize..KINDS {
                    if self.drawn[k] > 0 && from >= left {
                        out.push(CARD0 + k as Action);
                    }
                    from -= self.drawn[k] as u32;
                }
            }
            Phase::Chapel => {
                out.push(PASS);
                for k in 0..KINDS {
                    if seat.hand[k] > 0 {
                        out.push(CARD0 + k as Action);
                    }
                }
            }
            Phase::GoldKeep => {
                for k in 0..KINDS {
                    if self.revealed[k] > 0 {
                        out.push(CARD0 + k as Action);
                    }
                }
            }
            Phase::Build => {
                out.push(PASS);
                for k in 0..KINDS as u8 {
                    if self.can_build(p, k) {
                        out.push(CARD0 + k as Action);
                    }
                }
            }
            Phase::BuildTarget => {
                let avail = seat.hand_size();
                if self.build_ok(p, self.bc, NONE, avail) {
                    out.push(PASS);
                }
                for t in self.crane_targets(p, self.bc, avail) {
                    out.push(SLOT0 + t as Action);
                }
            }
            Phase::BuildPay => {
                let left_after = (self.left as u32).saturating_sub(1);
                if self.floor < 5 && self.bm < 2 && seat.has_except(BLACK_MARKET, self.bt) {
                    for g in self.floor..5 {
                        if self.slot_with_good(p, g, self.bt).is_some() {
                            // After paying g: floor g, one good of type >= g fewer.
                            let goods = self
                                .goods_from(p, g, self.bt)
                                .saturating_sub(1)
                                .min(2u32.saturating_sub(self.bm as u32 + 1));
                            if left_after <= goods + seat.hand_size() {
                                out.push(GOOD0 + g as Action);
                            }
                        }
                    }
                }
                let kmin = self.floor.saturating_sub(5) as usize;
                let mut from = count_from(&seat.hand, kmin as u8);
                for k in kmin..KINDS {
                    if seat.hand[k] > 0 && left_after < from {
                        out.push(CARD0 + k as Action);
                    }
                    from -= seat.hand[k] as u32;
                }
                // Goods ids (36..41) come after card ids (7..36).
                out.sort_unstable();
            }
            Phase::Produce => {
                out.push(PASS);
                if self.cards_available() > 0 {
                    for g in self.floor..5 {
                        if self.empty_slot(p, g).is_some() {
                            out.push(GOOD0 + g as Action);
                        }
                    }
                }
            }
            Phase::Sell => {
                out.push(PASS);
                for g in self.floor..5 {
                    if self.slot_with_good(p, g, NONE).is_some() {
                        out.push(GOOD0 + g as Action);
                    }
                }
            }
            Phase::BuildBonus
            | Phase::Well
            | Phase::SellDraws
            | Phase::CouncilDraw
            | Phase::ProspectDraw
            | Phase::GoldReveal => {}
        }
    }

    fn phase_name(&self) -> &'static str {
        repr::phase_name(self.phase)
    }

    fn do_apply(&mut self, action: Action) {
        let p = self.a();
        if self.pending > 0 {
            let k = (action - CARD0) as usize;
            self.supply[k] -= 1;
            match self.draw_to {
                DrawTo::Hand => self.s[p].hand[k] += 1,
                DrawTo::Drawn => self.drawn[k] += 1,
                DrawTo::Revealed => self.revealed[k] += 1,
                DrawTo::Good(t) => {
                    if let Some(sl) = self.s[p].slots.get_mut(t as usize) {
                        sl.good = k as u8;
                    }
                }
            }
            if self.phase == Phase::CouncilDraw || matches!(self.draw_to, DrawTo::Good(_)) {
                self.count = self.count.saturating_add(1);
            }
            self.pending -= 1;
            self.settle();
            return;
        }
        match self.phase {
            Phase::TileReveal => {
                let idx = (self.trades as usize).min(4);
                self.tiles[idx] = action as u8;
                self.tile = action as u8;
                self.trades = self.trades.saturating_add(1);
                self.trader_begin();
            }
            Phase::PickRole => {
                let r = (action - ROLE0) as u8;
                self.stage = 0;
                self.roles[r as usize] = self.actor;
                self.chooser = self.actor;
                self.role = r;
                let has_lib = self.seat(p).has(LIBRARY);
                if self.n != 2 {
                    self.lib_now = has_lib;
                } else if self.actor == self.governor {
                    if self.pick == 0 && has_lib {
                        if r == TRADER {
                            // Decide after the tile is revealed (stage 1 = decision due).
                            self.stage = 1;
                            self.start_role();
                        } else {
                            self.phase = Phase::Library;
                        }
                        return;
                    }
                    self.lib_now = has_lib && !self.lib_used;
                    self.lib_used |= self.lib_now;
                } else {
                    self.lib_now = has_lib;
                }
                self.start_role();
            }
            Phase::Library => {
                self.lib_now = action == USE_LIBRARY;
                self.lib_used = self.lib_now;
                if self.role == TRADER {
                    self.begin_turn(self.chooser);
                } else {
                    self.start_role();
                }
            }
            Phase::CouncilOffer => {
                if action == PASS {
                    self.next_turn();
                } else {
                    self.council_draw();
                }
            }
            Phase::ProspectOffer => {
                if action == PASS {
                    self.offset = 0;
                    self.gold_next();
                } else {
                    self.phase = Phase::ProspectDraw;
                    self.draw(1 + self.lib_now as u32, DrawTo::Hand);
                }
            }
            Phase::GoldOffer => {
                if action == PASS {
                    self.offset += 1;
                    self.gold_next();
                } else {
                    self.phase = Phase::GoldReveal;
                    self.draw(4, DrawTo::Revealed);
                }
            }
            Phase::Draft | Phase::HandLimit | Phase::CouncilDiscard => {
                let k = (action - CARD0) as usize;
                self.hidden_discard(p, k);
                self.floor = k as u8;
                self.left -= 1;
                if self.left == 0 {
                    match self.phase {
                        Phase::Draft => {
                            self.offset += 1;
                            self.draft_next();
                        }
                        Phase::HandLimit => {
                            self.offset += 1;
                            self.limit_next();
                        }
                        _ => self.next_turn(),
                    }
                }
            }
            Phase::CouncilKeep => {
                let k = (action - CARD0) as usize;
                self.drawn[k] -= 1;
                self.s[p].hand[k] += 1;
                self.floor = k as u8;
                self.left -= 1;
                if self.left == 0 {
                    let d = self.drawn;
                    for k in 0..KINDS {
                        self.discard[k] += d[k];
                        self.s[p].known_disc[k] += d[k];
                    }
                    self.drawn = [0; KINDS];
                    self.next_turn();
                }
            }
            Phase::Chapel => {
                if action != PASS {
                    let k = (action - CARD0) as usize;
                    let seat = &mut self.s[p];
                    seat.hand[k] -= 1;
                    seat.chapel[k] += 1;
                    seat.known_hand = [0; KINDS];
                }
                self.offset += 1;
                self.chapel_next();
            }
            Phase::GoldKeep => {
                let k = (action - CARD0) as usize;
                self.revealed[k] -= 1;
                self.s[p].hand[k] += 1;
                self.s[p].known_hand[k] += 1;
                self.discard_revealed();
                self.offset += 1;
                self.gold_next();
            }
            Phase::Build => {
                if action == PASS {
                    self.next_turn();
                    return;
                }
                let k = (action - CARD0) as u8;
                let seat = &mut self.s[p];
                seat.hand[k as usize] -= 1;
                seat.known_hand[k as usize] = seat.known_hand[k as usize].saturating_sub(1);
                self.bc = k;
                self.bt = NONE;
                let avail = self.seat(p).hand_size();
                if self.crane_targets(p, k, avail).next().is_some() {
                    self.phase = Phase::BuildTarget;
                } else {
                    self.start_pay();
                }
            }
            Phase::BuildTarget => {
                self.bt = if action == PASS {
                    NONE
                } else {
                    (action - SLOT0) as u8
                };
                self.start_pay();
            }
            Phase::BuildPay => {
                if action >= GOOD0 {
                    let g = (action - GOOD0) as u8;
                    if let Some(i) = self.slot_with_good(p, g, self.bt) {
                        let good = self.s[p].slots[i].good;
                        self.s[p].slots[i].good = NONE;
                        if let Some(d) = self.discard.get_mut(good as usize) {
                            *d += 1;
                        }
                    }
                    self.bm += 1;
                    self.floor = g;
                } else {
                    let k = (action - CARD0) as usize;
                    self.hidden_discard(p, k);
                    self.floor = 5 + k as u8;
                }
                self.left -= 1;
                if self.left == 0 {
                    self.place();
                }
            }
            Phase::Produce => {
                if action == PASS {
                    self.finish_produce();
                    return;
                }
                let g = (action - GOOD0) as u8;
                let t = self.empty_slot(p, g).unwrap_or(0) as u8;
                self.floor = g;
                self.left -= 1;
                self.draw(1, DrawTo::Good(t));
            }
            Phase::Sell => {
                if action == PASS {
                    self.finish_sell();
                    return;
                }
                let g = (action - GOOD0) as u8;
                if let Some(i) = self.slot_with_good(p, g, NONE) {
                    let good = self.s[p].slots[i].good;
                    self.s[p].slots[i].good = NONE;
                    if let Some(d) = self.discard.get_mut(good as usize) {
                        *d += 1;
                    }
                }
                let tile = self
                    .prices
                    .get(self.tile as usize)
                    .copied()
                    .unwrap_or([0; 5]);
                self.sum = self.sum.saturating_add(tile[g as usize]);
                self.count = self.count.saturating_add(1);
                self.floor = g;
                self.left -= 1;
                if self.left == 0 || self.goods_from(p, g, NONE) == 0 {
                    self.finish_sell();
                }
            }
            _ => {}
        }
    }
}

impl Game for SanJuan {
    fn info() -> GameInfo {
        GameInfo {
            name: "san_juan",
            title: "San Juan",
            min_players: 2,
            max_players: 4,
            options: vec![
                OptionSpec::bool(
                    "drafted_hands",
                    false,
                    "Variant: seat k from the governor is dealt 5+k cards and keeps 4, \
                     discarding the rest face down.",
                ),
                OptionSpec::int(
                    "first_player",
                    -1,
                    -1,
                    3,
                    "The first governor's seat; -1 draws it from the seed.",
                ),
                OptionSpec::int(
                    "max_rounds",
                    100,
                    1,
                    1000,
                    "Safety cap (not a rule): the game ends, scored normally and marked \
                     truncated, after this many rounds.",
                ),
                OptionSpec::bool(
                    "strict_optional",
                    false,
                    "Spec A6: the councilor's draw, the prospector's draw and the gold-mine \
                     reveal become a choice (take or pass) instead of happening automatically.",
                ),
                OptionSpec::json(
                    "price_tiles",
                    serde_json::json!(STANDARD_TILES),
                    "The 5 trading-house tiles: prices (0..=5) of indigo, sugar, tobacco, \
                     coffee, silver. Default: the published tiles.",
                ),
            ],
            hidden_information: true,
            state_version: 1,
        }
    }

    fn new(config: &Config, seed: u64) -> Result<Self, GameError> {
        let n = config.players;
        if !(2..=4).contains(&n) {
            return Err(GameError::BadPlayers {
                game: "san_juan".into(),
                min: 2,
                max: 4,
                got: n,
            });
        }
        let prices = parse_prices(config.value("price_tiles"))
            .map_err(|e| GameError::bad_option("price_tiles", e))?;
        let fp = config.int("first_player");
        if fp >= n as i64 {
            return Err(GameError::bad_option(
                "first_player",
                format!("seat {fp} does not exist with {n} players"),
            ));
        }
        let mut rng = GameRng::new(seed);
        let governor = if fp < 0 {
            rng.below(n as u32) as u8
        } else {
            fp as u8
        };
        let mut g = SanJuan {
            cfg: Arc::new(config.clone()),
            rng,
            n: n as u8,
            max_rounds: config.int("max_rounds").clamp(1, 1000) as u16,
            prices,
            s: [Seat::default(); 4],
            supply: COPIES,
            discard: [0; KINDS],
            disc_public: [0; KINDS],
            drawn: [0; KINDS],
            revealed: [0; KINDS],
            tiles: [0; 5],
            trades: 0,
            tile: NONE,
            round: 1,
            governor,
            phase: Phase::PickRole,
            actor: governor,
            chooser: governor,
            role: NONE,
            pick: 0,
            roles: [NONE; 5],
            lib_used: false,
            lib_now: false,
            offset: 0,
            stage: 0,
            bc: NONE,
            bt: NONE,
            left: 0,
            bm: 0,
            floor: 0,
            count: 0,
            sum: 0,
            pending: 0,
            draw_to: DrawTo::Hand,
            truncated: false,
            strict: config.bool("strict_optional"),
        };
        for p in 0..n {
            g.supply[INDIGO as usize] -= 1;
            g.s[p].slots[0] = Slot {
                b: INDIGO,
                good: NONE,
            };
            g.s[p].nslots = 1;
        }
        let drafted = config.bool("drafted_hands");
        for k in 0..n {
            let p = (governor as usize + k) % n;
            let deal = if drafted { 5 + k } else { 4 };
            for _ in 0..deal {
                let c = Self::take_random(&mut g.supply, &mut g.rng);
                g.s[p].hand[c as usize] += 1;
            }
        }
        if drafted {
            g.draft_next();
        }
        Ok(g)
    }

    fn config(&self) -> &Config {
        &self.cfg
    }

    fn num_distinct_actions(&self) -> u32 {
        NUM_ACTIONS
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::GameOver => Turn::Terminal,
            Phase::TileReveal => Turn::Chance,
            _ if self.pending > 0 => Turn::Chance,
            _ => Turn::Player(self.a()),
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        out.extend_from_slice(self.legal_acts().as_slice());
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
        if self.phase == Phase::GameOver {
            return;
        }
        if self.pending > 0 {
            for k in 0..KINDS {
                if self.supply[k] > 0 {
                    out.push((CARD0 + k as Action, self.supply[k] as u32));
                }
            }
        } else if self.phase == Phase::TileReveal {
            let seen = (self.trades as usize).min(5);
            for t in 0..5u8 {
                if !self.tiles[..seen].contains(&t) {
                    out.push((t as Action, 1));
                }
            }
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        if self.legal_acts().as_slice().binary_search(&action).is_err() {
            let what = if action < NUM_ACTIONS {
                format!("'{}'", self.action_label(action))
            } else {
                format!("{action} (ids are 0..{NUM_ACTIONS})")
            };
            let why = match self.turn() {
                Turn::Terminal => "the game is over".to_string(),
                Turn::Chance => "not a possible chance outcome here".to_string(),
                Turn::Player(p) => format!("not legal for seat {p} now"),
            };
            return Err(RuleError::new(format!(
                "san_juan, phase {}: action {what} is {why}",
                self.phase_name()
            )));
        }
        self.do_apply(action);
        Ok(())
    }

    fn scores(&self) -> Vec<f64> {
        (0..self.nn()).map(|p| self.score_of(p) as f64).collect()
    }

    fn winners(&self) -> Vec<usize> {
        if self.phase != Phase::GameOver {
            return Vec::new();
        }
        let key = |p: usize| (self.score_of(p), self.tie_break(p));
        let best = (0..self.nn()).map(key).max().unwrap_or((0, 0));
        (0..self.nn()).filter(|&p| key(p) == best).collect()
    }

    fn observation(&self, seat: usize) -> Value {
        obs::observation(self, seat)
    }

    fn observation_tensor_len(&self) -> usize {
        obs::tensor_len(self.nn())
    }

    fn observation_tensor(&self, seat: usize, out: &mut [f32]) {
        obs::tensor(self, seat, out)
    }

    fn action_label(&self, action: Action) -> String {
        obs::label(self, action)
    }

    fn determinize(&self, seat: usize, seed: u64) -> Self {
        obs::determinize(self, seat, seed)
    }

    fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    fn max_game_length(&self) -> u64 {
        // Per round (see the docs): picks and library 5, chapel n, hand-limit discards <= 110
        // (cards in hands), tile 1, per player builder 10, producer 10, trader 27, councilor 18,
        // gold mine 5, prospector draws 2: at most 70n + 119. The draft adds at most 26.
        let n = self.n as u64;
        (self.max_rounds as u64 + 1) * (80 * n + 150) + 40
    }

    fn validate(&self) -> Result<(), String> {
        repr::validate(self)
    }

    fn render(&self) -> String {
        obs::render(self)
    }

    fn evaluate(&self, seat: usize) -> f64 {
        if self.phase == Phase::GameOver {
            return self.returns().get(seat).copied().unwrap_or(0.0);
        }
        let v = |p: usize| self.heuristic_value(p);
        let total: f64 = (0..self.nn()).map(v).sum();
        if total <= 0.0 {
            return 1.0 / self.nn().max(1) as f64;
        }
        v(seat.min(self.nn().saturating_sub(1))) / total
    }
}
