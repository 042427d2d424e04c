//! B8 Barbarian Attack's data: its state inside [`crate::Catan`] and its part of the position
//! (`"barbarian_attack"`). A leaf: the base holds these types (`modules/`) without importing
//! the rules.

use crate::geometry::NH;
use crate::ids::MAX_PLAYERS;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The module's sub-step inside [`crate::Phase::Barbarian`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Not in the module's phase.
    #[default]
    None,
    /// Chance: the next barbarian roll after a build (§B8.4).
    Attack,
    /// Chance: the development card bought (§B8.6).
    Draw,
    /// Knighthood / Black Knight: the edge for the new knight.
    PlaceKnight,
    /// Intrigue: the hex to take a barbarian from.
    Intrigue,
    /// Treason: a hex to take a barbarian from.
    TreasonFrom,
    /// Treason: a hex to put a taken barbarian on.
    TreasonTo,
    /// End of turn: select a knight to move, or finish.
    KnightSelect,
    /// End of turn: the destination of the selected knight (or pay grain first).
    KnightMove,
    /// Chance: the next roll-off winner (prisoner sharing, D-70).
    RollOff,
    /// Chance: the knight-loss die (D-69).
    LossDie,
    /// Catan for Two (§B8.10 item 1): the placer of the game's first knight puts the Foreign
    /// Knight on a free castle edge.
    PlaceForeign,
    /// Catan for Two: after his own knights the mover may move the Foreign Knight (D-66).
    ForeignMove,
    /// Catan for Two (D-67): the destination of the barbarian the token action moves.
    TokenMove,
}

/// The module's state inside [`crate::Catan`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    /// Barbarians per land hex (only coastal numbered hexes ever hold some; 3 = conquered).
    pub barbarians: [u8; NH],
    /// Barbarians beside the board.
    pub supply: u8,
    /// Knights per player, as edge bitsets.
    pub knights: [u128; MAX_PLAYERS],
    pub coins: [u32; MAX_PLAYERS],
    pub prisoners: [u8; MAX_PLAYERS],
    /// Development cards left before the discards are reshuffled, by kind.
    pub deck: [u8; 4],
    /// Resources bought with coins this turn (at most 2).
    pub coin_buys: u8,
    pub step: Step,
    /// Attack: sums rolled so far in this attack (bit per sum).
    pub rolls: u16,
    /// The card being resolved.
    pub card: u8,
    /// Treason: sources still to pick, barbarians held, hexes used as sources / destinations.
    pub tr_pick: u8,
    pub tr_held: u8,
    pub tr_from: u32,
    pub tr_to: u32,
    /// Knight movement: the selected knight's edge, whether grain was paid for it, knights
    /// (by their current edge) that have moved this turn.
    pub selected: u8,
    pub extended: bool,
    pub moved: u128,
    /// Drive-off: index in the check order of the hex being resolved.
    pub check: u8,
    /// Roll-off: the players still rolling and the places still to win.
    pub pool: u8,
    pub need: u8,
    // Catan for Two (§B8.10; left at their defaults otherwise).
    /// The Foreign Knight's edge (`NONE` until the first knight of the game is placed).
    pub foreign: u8,
    /// Barbarians the Foreign Knight won as prisoners: out of the game (D-66).
    pub foreign_out: u8,
    /// Places already won in the current roll-off (the Foreign Knight's fixed 3 makes the
    /// next place's odds depend on them, see `for_two::rolloff_weights`).
    pub won: u8,
    /// The mover's settlement whose neutral piece waits for the attack to end (item 2).
    pub neutral_after: u8,
    /// Token action (D-67): the hex the barbarian is taken from.
    pub token_from: u8,
    // Derived (rebuilt by `derive`).
    /// Castle hex id.
    pub castle: u8,
    /// The drive-off check order (coastal hexes from the one numbered 4, clockwise).
    pub order: Vec<u8>,
    /// Hex carrying each dice sum among the coastal hexes (`NONE` = none).
    pub sum_hex: [u8; 13],
    /// Conquered hexes, their vertices and edges (no new settlements / roads), conquered
    /// buildings' vertices.
    pub conquered: u32,
    pub closed_v: u64,
    pub closed_e: u128,
    pub dead_v: u64,
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

/// Barbarians on one hex.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexCount {
    pub hex: (i32, i32),
    pub count: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct PlayerPos {
    #[serde(default)]
    pub knights: Vec<(i32, i32, String)>,
    #[serde(default)]
    pub coins: u32,
    #[serde(default)]
    pub prisoners: u8,
}

/// The module's part of the position (`"barbarian_attack"`; present only with the scenario).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Pos {
    /// Barbarians on the board (hexes with at least one).
    #[serde(default)]
    pub barbarians: Vec<HexCount>,
    /// Barbarians beside the board; left out = 30 minus those on the board, held and captured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supply: Option<u8>,
    /// Knights, coins and prisoners per seat (may be left out: none).
    #[serde(default)]
    pub players: Vec<PlayerPos>,
    /// Development cards left before the discards are reshuffled; left out = all 26.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<BTreeMap<String, u8>>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub coin_purchases: u8,
    #[serde(default, skip_serializing_if = "is_no_step")]
    pub step: Step,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attack_rolls: Vec<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub treason_sources_left: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub treason_held: u8,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub treason_from: Vec<(i32, i32)>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub treason_to: Vec<(i32, i32)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selected_knight: Option<(i32, i32, String)>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub grain_paid: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moved_knights: Vec<(i32, i32, String)>,
    /// Drive-off: the hex being resolved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checking: Option<(i32, i32)>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub roll_off: Vec<usize>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub roll_off_places: u8,
    // Catan for Two only (§B8.10; left out otherwise).
    /// The Foreign Knight's edge (left out: not placed yet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub foreign_knight: Option<(i32, i32, String)>,
    /// Barbarians the Foreign Knight won: out of the game.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub foreign_prisoners: u8,
    /// The Foreign Knight is rolling in the current roll-off.
    #[serde(default, skip_serializing_if = "is_false")]
    pub roll_off_foreign: bool,
    /// Places already won in the current roll-off.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub roll_off_won: u8,
    /// Attack step: the mover's settlement whose neutral piece follows the attack.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub neutral_after_attack: Option<(i32, i32, String)>,
    /// Token move step: the hex the barbarian is taken from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token_from: Option<(i32, i32)>,
}
