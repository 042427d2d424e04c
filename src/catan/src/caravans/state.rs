//! B7 The Caravans' data: its state inside [`crate::Catan`] and its part of the position
//! (`"caravans"`). A leaf: the base holds these types (`modules/`) without importing the rules.

use crate::ids::MAX_PLAYERS;
use serde::{Deserialize, Serialize};

/// Options of the scenario (read once from the configuration).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opts {
    /// D-50 cfg: one camel per settlement/city built (true) or one per turn with a build.
    pub per_build: bool,
    /// D-56 cfg: a Knight played while the robber is beside the board brings it in.
    pub knight_brings_robber: bool,
    /// D-56 cfg (inverse): after its entry the robber may be moved onto the oasis.
    pub robber_on_oasis: bool,
    /// D-03 cfg: with Friendly Robber and no legal hex, the robber stays where it is (true)
    /// instead of going beside the board.
    pub fallback_stay: bool,
    /// §B7.6: Catan for Two (2 camels a vote).
    pub two: bool,
    /// D-27 cfg: with Catan for Two a settlement next to the oasis earns the desert's tokens.
    pub oasis_tokens: bool,
}

/// The scenario's state inside [`crate::Catan`] (`None` there when the scenario is off).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub opts: Opts,
    /// The oasis hex.
    pub oasis: u8,
    /// 0: arrows on the N, SE, SW corners; 1: on NE, S, NW (D-54).
    pub orientation: u8,
    /// Per arrow: its corner vertex, the edge of its first camel and that camel's head (`NONE`
    /// when the corner has no edge leaving the oasis, possible only on a user map).
    pub arrow_vertex: [u8; 3],
    pub arrow_edge: [u8; 3],
    pub arrow_head: [u8; 3],
    /// Edges carrying a camel.
    pub camels: u128,
    /// Head vertex of each caravan (arrow order); `NONE` before its first camel.
    pub heads: [u8; 3],
    /// Derived: vertices touched by two or more camel edges (D-52).
    pub bonus_verts: u64,
    /// Settlements and cities built in the main phase of this turn.
    pub built: u8,
    /// Camels still to place now that the turn is over (vote phases).
    pub owed: u8,
    /// This vote's bids per seat: [wool, grain] (the cards are already in the bank).
    pub bids: [[u8; 2]; MAX_PLAYERS],
    /// This vote's declared spot per seat (`NONE` = none yet).
    pub declared: [u8; MAX_PLAYERS],
    /// The seat bidding, declaring or picking.
    pub actor: u8,
    /// Catan for Two (§B7.6): who still places a camel in this vote, the picker first (the winner
    /// twice, or on a tie the player whose turn ended then the other; `NONE` = nobody).
    pub pickers: [u8; 2],
    /// The head of the first camel when the same player places the second: the second goes on
    /// another caravan, so not on a spot growing from here (`NONE` otherwise).
    pub excl_head: u8,
}

/// A spot in the position and observation: `{"edge": [q, r, "E"], "head": [q, r, "S"]}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpotPos {
    pub edge: (i32, i32, String),
    pub head: (i32, i32, String),
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BidPos {
    #[serde(default)]
    pub wool: u8,
    #[serde(default)]
    pub grain: u8,
}

fn is_zero(x: &u8) -> bool {
    *x == 0
}

/// The scenario's part of the position (`"caravans": {...}`, present only in this scenario).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaravansPos {
    /// The oasis corners carrying arrows: `["N", "SE", "SW"]` or `["NE", "S", "NW"]`.
    pub arrows: Vec<String>,
    /// Edges carrying a camel.
    #[serde(default)]
    pub camels: Vec<(i32, i32, String)>,
    /// Head vertex of each caravan in arrow order (`null` before its first camel).
    #[serde(default)]
    pub heads: Vec<Option<(i32, i32, String)>>,
    /// Settlements and cities built this turn (main phase).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub built_this_turn: u8,
    /// Camels still to place in the vote phases.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub camels_owed: u8,
    /// The vote in progress: each seat's bid (cards already in the bank).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bids: Vec<BidPos>,
    /// The vote in progress: each seat's declared spot.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub declared: Vec<Option<SpotPos>>,
    /// The seat bidding, declaring or picking.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor: Option<usize>,
    /// Catan for Two (`camel_pick`): the seats still to place this vote's camels, in order (the
    /// picker first).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pickers: Vec<usize>,
    /// Catan for Two: the winner's first camel's head (his second camel goes on another
    /// caravan).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_camel_head: Option<(i32, i32, String)>,
}
