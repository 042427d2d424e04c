//! B5 The Fishermen of Catan's data: its state inside [`crate::Catan`] and its part of the
//! position (`"fishermen"`). A leaf: the base holds these types (`modules/`) without importing
//! the rules.

use crate::ids::MAX_PLAYERS;
use serde::{Deserialize, Serialize};

/// One fishing ground: its sea hex, number and the land vertices it touches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ground {
    pub sea: (i32, i32),
    pub number: u8,
    pub verts: u64,
}

/// The module's state inside [`crate::Catan`] (`None` there when the module is off).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    pub grounds: [Ground; 6],
    /// The lake's hex and corners (derived from the board).
    pub lake: u8,
    pub lake_corners: u64,
    /// Face-down supply and face-up spent pile, by token kind (0 = boot).
    pub supply: [u8; 4],
    pub spent: [u8; 4],
    /// Tokens held per player, by kind (the boot at index 0).
    pub held: [[u8; 4]; MAX_PLAYERS],
    /// Draws still owed in the catch being resolved, per player.
    pub draws: [u8; MAX_PLAYERS],
    /// Players who may still swap a token at the cap (D-34), as a seat mask.
    pub swap: u8,
    /// A 3-fish steal is under way (choose-victim / steal phases).
    pub stealing: bool,
    /// B4 (§B5.6): the catch being drawn follows the first of two rolls; the second roll comes
    /// after it.
    pub then_roll: bool,
    // Options (from the configuration, not serialized).
    /// D-35: the robber may stand on the lake (and then blocks its fishing).
    pub robber_on_lake: bool,
    /// D-37: only minimal covering token sets are legal payments.
    pub minimal_only: bool,
    /// D-38: a player tied for the lead may give the boot to a co-leader.
    pub tied_leader_may_give: bool,
    /// D-03: the Friendly Robber's fallback is the lake (true) or beside the board (false).
    pub fallback_lake: bool,
}

/// Token counts by kind; zeros may be left out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tokens {
    #[serde(default, skip_serializing_if = "is_zero")]
    pub one: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub two: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub three: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub boot: u8,
}

fn is_zero(x: &u8) -> bool {
    *x == 0
}

fn is_false(x: &bool) -> bool {
    !*x
}

/// The module's part of the position (`"fishermen"`; left out = a fresh supply, nothing held).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FishPos {
    /// The face-down supply; left out = the 30 tokens minus those held and spent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supply: Option<Tokens>,
    #[serde(default)]
    pub spent: Tokens,
    /// Tokens per player (the boot's holder has `"boot": 1`).
    #[serde(default)]
    pub players: Vec<Tokens>,
    /// A catch being drawn: draws still owed per player.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub draws_owed: Vec<u8>,
    /// Players who may still swap a token at the 7-token cap.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub may_swap: Vec<usize>,
    /// A 3-fish steal is under way.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stealing: bool,
    /// Catan for Two: the second roll follows the catch being drawn.
    #[serde(default, skip_serializing_if = "is_false")]
    pub then_roll: bool,
    /// Set-up: the settlement whose fish is being drawn (its road follows).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup_settlement: Option<(i32, i32, String)>,
}
