//! B9 Traders & Barbarians' data: its state inside [`crate::Catan`] and its part of the
//! position (`"traders"`). A leaf: the base holds these types (`modules/`) without importing
//! the rules.

use crate::ids::MAX_PLAYERS;
use serde::{Deserialize, Serialize};

/// Sub-steps of [`crate::Phase::Traders`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    #[default]
    None,
    /// Chance: the drive-off die.
    DriveOffDie,
    /// The roller (7) or the Knight's player picks the barbarian to move.
    TakeBarbarian,
    /// The barbarian being moved is put on a path.
    PlaceBarbarian,
    /// Chance: the top token of a stack.
    DrawToken,
}

/// The scenario's (cfg) decisions (spec §B9.14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opts {
    /// D-93: an empty stack is refilled with a fresh 6 + 6.
    pub stack_refill: bool,
    /// D-100: grain once per movement action instead of once per turn.
    pub boost_per_action: bool,
    /// D-101: a 2:1 harbour pays out gold too.
    pub gold_at_2to1: bool,
    /// D-99: barbarians may stand on spokes.
    pub on_spokes: bool,
}

/// The module's state inside [`crate::Catan`] (`None` there when the module is off).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub opts: Opts,
    /// The path (edge) of each barbarian.
    pub barbarians: [u8; 3],
    pub gold: [u32; MAX_PLAYERS],
    /// The vertex of each wagon.
    pub wagon: [u8; MAX_PLAYERS],
    /// The active wagon card, 1..=5.
    pub card: [u8; MAX_PLAYERS],
    /// The commodity carried (`NONE` = empty).
    pub carrying: [u8; MAX_PLAYERS],
    /// Tokens delivered (1 VP each).
    pub delivered: [u8; MAX_PLAYERS],
    /// Tokens left in each role's stack, per commodity (the order is unknown to everyone).
    pub stacks: [[u8; 4]; 3],
    // ----- this turn -----
    /// Resources bought with gold (at most 2).
    pub purchases: u8,
    /// The WAGON part of the turn has begun (D-105).
    pub wagon_begun: bool,
    /// A movement action is open, with `mp` points left.
    pub action_open: bool,
    pub mp: u8,
    /// Movement actions begun (2 after a Swift Journey).
    pub actions: u8,
    /// The current (or last) movement action crossed at least one path.
    pub travelled: bool,
    pub grain_used: bool,
    /// Barbarians (by index) already attacked this turn.
    pub tried: u8,
    // ----- sub-step -----
    pub step: Step,
    /// The barbarian being attacked or moved.
    pub barb: u8,
    /// The role whose stack is being drawn from.
    pub draw_role: u8,
    /// The barbarian move comes from a 7 or a Knight (a draw may follow), not a drive-off.
    pub steal_after: bool,
    // ----- with Catan for Two (`traders_two.rs`) -----
    /// Tolls paid on neutral roads in the current movement action (D-107).
    pub neutral_tolls: u8,
    /// The barbarian move comes from the token action (no road on the new path, no draw).
    pub token_move: bool,
}

fn is_zero(x: &u8) -> bool {
    *x == 0
}

fn is_false(x: &bool) -> bool {
    !*x
}

fn is_no_step(s: &Step) -> bool {
    *s == Step::None
}

fn one() -> u8 {
    1
}

/// One player's scenario pieces in the position format.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerPos {
    pub gold: u32,
    /// The wagon's vertex (`null` before the set-up city).
    #[serde(default)]
    pub wagon: Option<(i32, i32, String)>,
    /// The active wagon card, 1..=5.
    #[serde(default = "one")]
    pub card: u8,
    /// The commodity carried (`glass`, `marble`, `tools`, `sand`), `null` when empty.
    #[serde(default)]
    pub carrying: Option<String>,
    #[serde(default)]
    pub delivered: u8,
}

/// The scenario's state in the position format (`traders`, present only with the scenario).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TradersPos {
    /// The three barbarians' paths (their order is their identity for `tried` / `barbarian`).
    pub barbarians: Vec<(i32, i32, String)>,
    pub players: Vec<PlayerPos>,
    /// Tokens left per stack: role -> commodity -> count (default: full stacks).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stacks: Option<std::collections::BTreeMap<String, std::collections::BTreeMap<String, u8>>>,
    /// Resources bought with gold this turn (at most 2).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub purchases: u8,
    #[serde(default, skip_serializing_if = "is_false")]
    pub wagon_begun: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub action_open: bool,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub movement_points: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub movement_actions: u8,
    #[serde(default, skip_serializing_if = "is_false")]
    pub travelled: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub grain_used: bool,
    /// Barbarians (indices into `barbarians`) already attacked this turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tried: Vec<usize>,
    #[serde(default, skip_serializing_if = "is_no_step")]
    pub step: Step,
    /// The barbarian being attacked or moved (index into `barbarians`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub barbarian: Option<usize>,
    /// The stack being drawn from (`draw_token` step).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_from: Option<String>,
    /// The barbarian move follows a 7 or a Knight (a draw from the road's owner may follow).
    #[serde(default, skip_serializing_if = "is_false")]
    pub steal_after: bool,
    /// Catan for Two: tolls paid on neutral roads in this movement action (D-107).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub neutral_tolls: u8,
    /// Catan for Two: the barbarian move is the token action (no road on the new path).
    #[serde(default, skip_serializing_if = "is_false")]
    pub token_move: bool,
}
