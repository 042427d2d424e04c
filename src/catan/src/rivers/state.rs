//! B6 The Rivers of Catan's data: its state inside [`crate::Catan`] and its part of the
//! position (`"rivers"`). A leaf: the base holds these types (`modules/`) without importing
//! the rules.

use crate::ids::MAX_PLAYERS;
use serde::{Deserialize, Serialize};

/// The module's state inside [`crate::Catan`] (`None` there when the module is off).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    /// River hexes (swamps included), a mask over land hex ids. Board data.
    pub river_hexes: u32,
    /// Bridge sites, a mask over land edge ids. Board data.
    pub bridge_sites: u128,
    /// Derived: vertices touching a river hex (a settlement there earns a coin).
    pub river_vertices: u64,
    /// Derived: edges touching a river hex (a road there earns a coin).
    pub river_edges: u128,
    /// Gold coins per seat (public).
    pub coins: [u32; MAX_PLAYERS],
    /// Bridges per seat (also in the seat's road bitset).
    pub bridges: [u128; MAX_PLAYERS],
    /// Coin purchases made this turn by the player to move (at most 2).
    pub purchases: u8,
    /// The seat holding the Wealthiest Settler tile, `NONE` when set aside.
    pub wealthiest: u8,
}

/// The module's part of the position (`"rivers"`, present only with the scenario).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RiversPos {
    /// Coins per seat.
    #[serde(default)]
    pub coins: Vec<u32>,
    /// Bridges per seat (edges `[q, r, dir]`; not listed among the seat's roads).
    #[serde(default)]
    pub bridges: Vec<Vec<(i32, i32, String)>>,
    /// Coin purchases (2 coins → 1 resource) made this turn.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub purchases_this_turn: u8,
    /// The seat holding the Wealthiest Settler tile (left out when set aside).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wealthiest_settler: Option<usize>,
}

fn is_zero(x: &u8) -> bool {
    *x == 0
}
