//! The Castles of Burgundy (Stefan Feld, alea 2011) for 2, 3 and 4 players, every estate board.
//!
//! Rules: `shared/rules/castles_of_burgundy.md`; documentation of options, the position format,
//! the action-id layout, the tensor layout and every engine decision: `docs/games/castles_of_burgundy.md`.
//!
//! # Action ids (fixed, 674 in all)
//!
//! A "source" says which die pays for an action: 0 = the player's first die, 1 = the second die,
//! 2 = the castle bonus (a virtual die of any value), 3 = no die (City hall placement, Warehouse
//! sale).
//!
//! | ids | action |
//! |---|---|
//! | 0..72 | take: `src (0..3) * 24 + depot (0..6) * 4 + space (0..4)` |
//! | 72..516 | place: `72 + src (0..4) * 111 + storage (0..3) * 37 + cell (0..37)` |
//! | 516..540 | sell: `516 + src (0..4) * 6 + goods type (0..6)` |
//! | 540..543 | take workers: `540 + src (0..3)` |
//! | 543..551 | buy from the black depot space `0..8` |
//! | 551..575 | buy from a numbered depot (knowledge tile 6): `551 + depot * 4 + space` |
//! | 575..599 | free take (Carpenter's workshop, Church, Market): `575 + depot * 4 + space` |
//! | 599..602 | discard stored tile `0..3` (storage full) |
//! | 602..608 | ship: take the goods of depot `0..6` |
//! | 608..614 | ship with knowledge tile 5: depots `d` and `d+1` (ring, 6 is next to 1) |
//! | 614..620 | ship over capacity: keep goods type `0..6` |
//! | 620 | decline an optional effect |
//! | 621 | end the turn (only when a purchase is still possible) |
//! | 622..631 | experienced variant: choose estate board `1..=9` |
//! | 631..668 | choose the start-castle cell `0..37` |
//! | 668..674 | ship over capacity (option `overflow_may_discard_stored`): discard stored type `0..6` |
//!
//! Chance outcomes reuse ids: a die roll `v` is `v - 1`, a tile draw is the tile id (0..49), a
//! goods draw is the goods type `0..6`.

#![allow(clippy::needless_range_loop)] // parallel per-type arrays read clearer indexed

mod chance;
mod costs;
pub mod data;
mod effects;
mod flow;
mod game;
mod legal;
mod observe;
mod refusal;
mod repr;
mod scoring;
mod sd;
mod validate;
pub use sd::Estate;

use data::*;
use meeple_core::{
    Action, Config, Game, GameError, GameInfo, GameRng, OptionSpec, RuleError, Turn,
};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::cell::RefCell;
use std::sync::Arc;

pub use data::{Colour, Tile};

pub const TAKE: u32 = 0;
pub const PLACE: u32 = 72;
pub const SELL: u32 = 516;
pub const WORKERS: u32 = 540;
pub const BUY_BLACK: u32 = 543;
pub const BUY_DEPOT: u32 = 551;
pub const FREE_TAKE: u32 = 575;
pub const DISCARD: u32 = 599;
pub const SHIP_DEPOT: u32 = 602;
pub const SHIP_PAIR: u32 = 608;
pub const SHIP_KEEP: u32 = 614;
pub const DECLINE: u32 = 620;
pub const END_TURN: u32 = 621;
pub const CHOOSE_BOARD: u32 = 622;
pub const CHOOSE_CASTLE: u32 = 631;
pub const DISCARD_GOODS: u32 = 668;
pub const NUM_ACTIONS: u32 = 674;

/// Die sources.
pub const SRC_CASTLE: usize = 2;
pub const SRC_NONE: usize = 3;

pub(crate) const STATE_VERSION: u32 = 1;

thread_local! {
    /// Scratch buffers: legality checks in `apply`, effect checks in `settle`.
    static LEGAL: RefCell<Vec<Action>> = const { RefCell::new(Vec::new()) };
    static SCRATCH: RefCell<Vec<Action>> = const { RefCell::new(Vec::new()) };
}

/// Phases A..E.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    A,
    B,
    C,
    D,
    E,
}

impl Phase {
    pub fn index(self) -> usize {
        self as usize
    }
    fn from_index(i: usize) -> Phase {
        [Phase::A, Phase::B, Phase::C, Phase::D, Phase::E][i.min(4)]
    }
}

/// Colour bonus tile a player holds for one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Bonus {
    #[default]
    None,
    Large,
    Small,
}

/// Where the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", deny_unknown_fields)]
pub enum Step {
    /// Experienced variant: the player at `order[idx]` chooses a side of the dealt board.
    ChooseBoard {
        idx: u8,
    },
    /// The player at `order[idx]` chooses the space of the start castle.
    ChooseCastle {
        idx: u8,
    },
    /// Phase setup (chance): `next` 0..24 is depot space `next/4`, `next%4`; 24..32 the black
    /// depot space `next-24`; 32..37 the goods for round space `next-32`.
    FillDepots {
        next: u8,
    },
    /// Round start (chance): `next` < 2n is die `next%2` of seat `next/2`; `next == 2n` is the
    /// white die.
    RollDice {
        next: u8,
    },
    /// The player at `order[turn]` is taking a turn.
    Play,
    GameOver,
}

/// A decision that must be taken before the turn continues.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", deny_unknown_fields)]
pub enum Pending {
    None,
    /// Storage is full: choose a stored tile to discard; `tile` then enters storage.
    Discard {
        tile: Tile,
    },
    /// A castle was placed: one bonus action with a die of any value (or decline).
    Castle,
    /// A City hall was placed: place one stored tile without a die (or decline).
    CityHall,
    /// A Carpenter's workshop, Church or Market was placed: take a matching tile (or decline).
    FreeTake {
        building: Tile,
    },
    /// A Warehouse was placed: sell one goods type (or decline).
    Warehouse,
    /// A ship was placed: choose the depot (with tile 5, two neighbouring depots).
    ShipDepot,
    /// The ship's goods do not all fit: choose the types to keep. `second` is the second depot
    /// (tile 5) or null; `discarded` is whether a stored type was thrown away (option
    /// `overflow_may_discard_stored`).
    ShipGoods {
        first: u8,
        second: Option<u8>,
        discarded: bool,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// Estate board, 2011 number 1..=9.
    pub board: u8,
    /// Experienced variant: the two sides of the dealt board until one is chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_sides: Option<[u8; 2]>,
    /// Space id (1..=37) to tile.
    pub estate: Estate,
    pub storage: [Option<Tile>; 3],
    /// Goods held, count per goods type 1..=6 (index type - 1); at most 3 types.
    pub goods: [u8; 6],
    /// Goods sold, count per type.
    pub sold: [u8; 6],
    pub silverlings: u16,
    pub workers: u16,
    pub vp: i32,
    pub track_position: u8,
    /// Height in the stack on the track space (higher = on top = earlier).
    pub track_height: u8,
    /// Colour bonus tiles, per colour in the order castle, pasture, building, mine, knowledge, ship.
    pub bonuses: [Bonus; 6],
    /// This round's dice (0 = not rolled yet).
    pub dice: [u8; 2],
    pub dice_used: [bool; 2],
}

/// The game state. Its JSON form (the position format) is `repr::Repr`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "repr::Repr", into = "repr::Repr")]
pub struct CastlesOfBurgundy {
    pub version: u32,
    pub config: Arc<Config>,
    pub phase: Phase,
    /// Round 1..=5 of the phase.
    pub round: u8,
    pub step: Step,
    /// Seats in this round's play order (frozen at round start, spec A3).
    pub order: Vec<u8>,
    /// Index into `order` of the player whose turn it is.
    pub turn: u8,
    /// Whether the current player made this turn's purchase.
    pub purchased: bool,
    pub pending: Pending,
    pub players: Vec<Player>,
    /// Numbered depots 1..6, four hex spaces each.
    pub depots: [[Option<Tile>; 4]; 6],
    /// Goods on each depot's goods space, count per type.
    pub depot_goods: [[u8; 6]; 6],
    pub black_depot: [Option<Tile>; 8],
    /// This phase's goods on round spaces 1..5 (goods type 1..=6; null once delivered).
    pub round_goods: [Option<u8>; 5],
    /// The white die of this round (0 before it is rolled).
    pub white_die: u8,
    /// Face-down normal-backed tiles left, per tile.
    pub pile: [u8; NUM_TILES],
    /// Face-down black-backed tiles left, per tile.
    pub black_pile: [u8; NUM_TILES],
    /// Tiles out of the game (discarded or cleared from the board at phase end).
    pub boxed: [u8; NUM_TILES],
    /// Goods never revealed yet (the future phases' stacks plus the box), per type.
    pub goods_bag: [u8; 6],
    /// Goods thrown away (option `overflow_may_discard_stored`), per type.
    pub goods_discarded: [u8; 6],
    pub rng: GameRng,
}

fn cyc(a: u8, b: u8) -> u8 {
    let d = (a as i16 - b as i16).unsigned_abs() as u8;
    d.min(6 - d.min(6))
}

/// Worker cost to turn die `from` into `to` (spec 6.2).
fn worker_cost(from: u8, to: u8, free: bool, k8: bool) -> u16 {
    let d = cyc(from, to).saturating_sub(free as u8) as u16;
    if k8 {
        d.div_ceil(2)
    } else {
        d
    }
}

/// Knowledge tiles owned as a bitmask (bit k for tile k).
#[derive(Clone, Copy)]
struct Know(u32);
impl Know {
    fn has(self, k: u8) -> bool {
        self.0 & (1 << k) != 0
    }
}

fn info_options() -> Vec<OptionSpec> {
    vec![
        OptionSpec::int(
            "board",
            1,
            1,
            9,
            "Estate board (2011 numbering) for every player. The start castle goes on the central space if it is dark green, otherwise each player chooses a dark-green space in turn order.",
        ),
        OptionSpec::bool(
            "experienced_variant",
            false,
            "Rulebook variant: each player is dealt a random double-sided board and chooses, openly in turn order, the side and the start-castle space. Requires board = 1.",
        ),
        OptionSpec::bool(
            "secret_board_choice",
            false,
            "Experienced variant (A32): the side and start-castle choices are secret and revealed together once everyone has chosen (each seat's observation hides the others' picks). Requires experienced_variant.",
        ),
        OptionSpec::bool(
            "tiebreak_most_empty_spaces",
            false,
            "First tie-break: most empty estate spaces wins (the reading of the Board Game Arena help page) instead of fewest (the rulebook as printed).",
        ),
        OptionSpec::bool(
            "tiebreak_last_by_track",
            false,
            "Second tie-break (A20), other reading: the tied player further back on the turn-order track after the game wins, instead of the one later in the final round's play order.",
        ),
        OptionSpec::int(
            "first_player",
            -1,
            -1,
            3,
            "Seat of the first player (A29: chosen by a dice roll); -1 draws it from the seed.",
        ),
        OptionSpec::bool(
            "overflow_may_discard_stored",
            false,
            "Greek reading of the ship rule: when the goods do not fit, the player may throw away one stored goods type to make room.",
        ),
    ]
}
