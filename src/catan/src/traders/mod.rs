//! B9 Traders & Barbarians (scenario 5), rules spec §B9.
//!
//! The board has three trade hexes (castle, marble quarry, glassworks) whose plazas and spokes
//! come from the board's own [`Geometry`] (spec §B9.3). Each player has a wagon on a vertex, a
//! stack of five wagon cards (the active card gives movement points, gold per delivery and the
//! drive-off chance), gold, and the commodity tokens he delivered. Three barbarians stand on
//! paths; a 7 or a Knight moves one (and may draw a card from the owner of the road it lands on).
//! There is no robber and no Longest Road; dice sums 2 and 12 are rolled again.
//!
//! The wagon's movement is part of the main phase: the first step, grain boost or drive-off
//! attempt begins the WAGON part of the turn (D-105), after which trading, building, buying and
//! upgrading are over. Chance (the drive-off die, the commodity drawn from a stack) and the
//! barbarian moves are sub-steps of [`crate::Phase::Traders`].

use crate::board::{Board, GRAIN, SPIRAL, TOKEN_LETTERS, TRADE, TRADE_ROLES};
use crate::geometry::{bits128, bits64, Geometry, NE, NH, NONE};
use crate::{Catan, Phase, MAX_PLAYERS};
use meeple_core::{Config, GameError, GameRng};
use serde_json::Value;
pub use state::{Opts, PlayerPos, State, Step, TradersPos};

pub mod json;
pub mod rules;
pub mod setup;
mod state;
pub mod tensor;

/// Most edges a trade-hex board may have (the dense edge ids 0..72 use the base action ranges;
/// the rest use this module's `TB_ROAD_HIGH` / `TB_DAMAGE_HIGH`).
pub const MAX_TB_EDGES: usize = 80;
const HIGH: u32 = (MAX_TB_EDGES - NE) as u32;

/// Action ids, numbered from [`crate::A_SCENARIO`].
/// Build a road on edge `NE + k` (edges past the base range: spokes sort among the others).
pub const TB_ROAD_HIGH: u32 = 0;
/// Move the wagon along edge `e`.
pub const TB_MOVE: u32 = TB_ROAD_HIGH + HIGH;
/// Try to drive off the barbarian standing on edge `e` (rolls the d6).
pub const TB_ATTACK: u32 = TB_MOVE + MAX_TB_EDGES as u32;
/// After a 7 or a Knight: take the barbarian standing on edge `e`.
pub const TB_TAKE: u32 = TB_ATTACK + MAX_TB_EDGES as u32;
/// Put the barbarian being moved on edge `e`.
pub const TB_PLACE: u32 = TB_TAKE + MAX_TB_EDGES as u32;
/// Pay 1 grain for 2 more movement points.
pub const TB_GRAIN: u32 = TB_PLACE + MAX_TB_EDGES as u32;
/// Buy resource `r` from the bank for 2 gold.
pub const TB_BUY: u32 = TB_GRAIN + 1;
/// Maritime trade for gold: give resource `r` at its rate, take 1 gold (D-101).
pub const TB_SELL: u32 = TB_BUY + 5;
/// Turn up the next wagon card (pay its cost).
pub const TB_UPGRADE: u32 = TB_SELL + 5;
/// B2 Earthquake: damage own road on edge `NE + k`.
pub const TB_DAMAGE_HIGH: u32 = TB_UPGRADE + 1;
/// Player trade offers with gold (40 ids): offer index `crate::NUM_OFFERS + j` (the offers of
/// [`crate::Offer::decode`] whose good 5 is gold in this scenario).
pub const TB_OFFER: u32 = TB_DAMAGE_HIGH + HIGH;
/// Chance: the drive-off die shows `d + 1`.
pub const C_TB_DIE: u32 = TB_OFFER + crate::NUM_COIN_OFFERS;
/// Chance: the commodity token drawn from a stack is commodity `c`.
pub const C_TB_TOKEN: u32 = C_TB_DIE + 6;
/// Action ids this module numbers from [`crate::A_SCENARIO`].
pub const NUM_ACTIONS: u32 = C_TB_TOKEN + 4;

/// Commodities (spec §B9.7).
pub const COMMODITIES: [&str; 4] = ["glass", "marble", "tools", "sand"];
pub const CASTLE: u8 = 0;
pub const QUARRY: u8 = 1;
pub const GLASSWORKS: u8 = 2;
/// The role that accepts each commodity.
pub const DESTINATION: [u8; 4] = [CASTLE, CASTLE, QUARRY, GLASSWORKS];
/// Each role's stack (spec §B9.2 step 5): castle 6 tools + 6 sand; quarry 6 marble + 6 sand;
/// glassworks 6 glass + 6 tools.
pub const STACKS: [[u8; 4]; 3] = [[0, 0, 6, 6], [0, 6, 0, 6], [6, 0, 6, 0]];

/// Wagon-card table (spec §B9.4), indexed by card 1..=5: movement points, gold per delivery,
/// lowest die that drives a barbarian off (7 = no attempt), the cost to turn the card up.
pub const CARD_MP: [u8; 6] = [0, 4, 5, 6, 7, 7];
pub const CARD_GOLD: [u8; 6] = [0, 1, 2, 3, 4, 5];
pub const CARD_DRIVE: [u8; 6] = [7, 7, 6, 5, 4, 3];
pub const CARD_COST: [[u8; 5]; 6] = [
    [0; 5],
    [0; 5],
    [1, 0, 1, 0, 1],
    [1, 0, 1, 0, 1],
    [2, 0, 1, 0, 1],
    [2, 0, 1, 0, 1],
];

/// The scenario's development deck (spec §B9.9), in the base kind slots: 16 Knight, 3 Victory
/// Point, 3 Road Building, 3 Swift Journey (kept in the Year of Plenty slot), no Monopoly.
pub const DEV_TOTALS: [u8; 5] = [16, 3, 3, 3, 0];
/// The slot holding Swift Journey cards.
pub const SWIFT_JOURNEY: usize = crate::YEAR_OF_PLENTY;
pub const DEV_NAMES: [&str; 5] = [
    "knight",
    "victory_point",
    "road_building",
    "swift_journey",
    "monopoly",
];
pub const START_GOLD: u32 = 5;
/// Dice sums 2..12 with 2 and 12 rolled again: n(s)/34 (spec §B9.5, EX-33).
pub const DICE_WEIGHTS: [u32; 11] = [0, 2, 3, 4, 5, 6, 5, 4, 3, 2, 0];
/// Number tokens without 2 (B) and 12 (H), in letter order (spec §B9.2 step 3).
pub fn tokens() -> Vec<u8> {
    TOKEN_LETTERS
        .iter()
        .copied()
        .filter(|&t| t != 2 && t != 12)
        .collect()
}

impl Opts {
    pub fn from_config(c: &Config) -> Opts {
        Opts {
            stack_refill: c.bool("tb_stack_refill"),
            boost_per_action: c.bool("tb_boost_per_action"),
            gold_at_2to1: c.bool("tb_gold_at_2to1"),
            on_spokes: c.bool("tb_barbarian_on_spokes"),
        }
    }
}

impl State {
    /// The start of a game for `players` real players (other seats, e.g. Catan for Two's
    /// neutrals, hold no gold).
    pub fn new(opts: Opts, barbarians: [u8; 3], players: usize) -> State {
        State {
            opts,
            barbarians,
            gold: std::array::from_fn(|p| if p < players { START_GOLD } else { 0 }),
            wagon: [NONE; MAX_PLAYERS],
            card: [1; MAX_PLAYERS],
            carrying: [NONE; MAX_PLAYERS],
            delivered: [0; MAX_PLAYERS],
            stacks: STACKS,
            purchases: 0,
            wagon_begun: false,
            action_open: false,
            mp: 0,
            actions: 0,
            travelled: false,
            grain_used: false,
            tried: 0,
            step: Step::None,
            barb: 0,
            draw_role: 0,
            steal_after: false,
            neutral_tolls: 0,
            token_move: false,
        }
    }

    /// Forget this turn's wagon and purchase state (end of turn).
    pub fn new_turn(&mut self) {
        self.purchases = 0;
        self.wagon_begun = false;
        self.action_open = false;
        self.mp = 0;
        self.actions = 0;
        self.travelled = false;
        self.grain_used = false;
        self.tried = 0;
        self.neutral_tolls = 0;
    }

    /// Victory points of the scenario: delivered tokens and wagon card 5.
    pub fn vp(&self, p: usize) -> u32 {
        self.delivered[p] as u32 + (self.card[p] >= 5) as u32
    }

    pub fn barbarian_mask(&self) -> u128 {
        self.barbarians
            .iter()
            .fold(0u128, |m, &e| m | (1u128 << (e as u32 % 128)))
    }
}

// ----- set-up -----

/// Length of the scenario's tensor block (after the base tensor).
pub const TENSOR_LEN: usize =
    MAX_TB_EDGES * 2 + (MAX_TB_EDGES - NE) * 4 + 64 * 7 + 4 * 11 + 12 + 10 + 12 + 80;
