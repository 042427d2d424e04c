//! B4 Catan for Two's data: its state inside [`crate::Catan`] and its part of the position
//! (`"two"`). A leaf: the base holds these types (`modules/`) without importing the rules.

use serde::{Deserialize, Serialize};

/// §B4: the trade tokens each real player starts with (D-25).
pub const TOKENS_START: u8 = 5;

/// The module's state inside [`crate::Catan`] (`None` there when the module is off).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Trade tokens of the two real players (the supply is the rest of the 20).
    pub tokens: [u8; 2],
    /// Rolls (or event reveals) made this turn: 0, 1 or 2.
    pub rolls: u8,
    /// The first result this turn (0 before it).
    pub first_roll: u8,
    /// A Knight was discarded for tokens this turn.
    pub knight_discarded: bool,
    /// Knight cards each player discarded for tokens (out of the game, public).
    pub knights_discarded: [u8; 2],
    /// Token actions taken this turn (D-22).
    pub token_actions: u8,
    /// The neutral piece to build now (`BUILD_*`).
    pub neutral_build: u8,
    /// After the neutral road, Road Building goes on (D-26).
    pub resume_road_building: bool,
    /// Forced trade: cards still to take at random, then to give back.
    pub forced_take: u8,
    pub forced_give: u8,
    /// B2 Epidemic revealed this turn: cities produce 1 for the rest of the turn.
    pub epidemic: bool,
}

fn is_zero(x: &u8) -> bool {
    *x == 0
}

fn is_false(x: &bool) -> bool {
    !*x
}

fn is_zero2(x: &[u8; 2]) -> bool {
    *x == [0, 0]
}

pub(crate) fn start_tokens() -> [u8; 2] {
    [TOKENS_START; 2]
}

/// A neutral player's pieces in the position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NeutralPos {
    #[serde(default)]
    pub settlements: Vec<(i32, i32, String)>,
    #[serde(default)]
    pub roads: Vec<(i32, i32, String)>,
}

/// The module's part of the position (`"two": {...}`, present only with Catan for Two).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TwoPos {
    /// Trade tokens of players 0 and 1 (default 5 each); the supply is the rest of 20.
    #[serde(default = "start_tokens")]
    pub tokens: [u8; 2],
    /// N1 and N2 (default: one settlement each on the D-20 vertices, no roads).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub neutrals: Option<Vec<NeutralPos>>,
    /// Rolls (event reveals) made this turn.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rolls: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_roll: Option<u8>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub knight_discarded: bool,
    #[serde(default, skip_serializing_if = "is_zero2")]
    pub knights_discarded: [u8; 2],
    #[serde(default, skip_serializing_if = "is_zero")]
    pub token_actions: u8,
    /// The neutral piece to build (`neutral_build` phase): "road" or "settlement".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub neutral_build: Option<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub resume_road_building: bool,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub forced_take: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub forced_give: u8,
    #[serde(default, skip_serializing_if = "is_false")]
    pub epidemic: bool,
}
