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

mod apply;
mod building;
mod cards;
mod flow;
mod game;
mod legal;
mod obs;
mod refusal;
mod repr;
mod scoring;
mod validate;

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

    // ----- building helpers -----

    // ----- flow -----

    // ----- legal actions -----
}
