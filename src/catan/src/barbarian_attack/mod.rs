//! Traders & Barbarians scenario B8 Barbarian Attack (spec §B8, D-40 … D-46, D-60 … D-70).
//!
//! The castle is a terrain of the board; barbarians, knights, coins, prisoners and the module's
//! 26-card deck live in [`State`]. Everything the module adds to a turn runs in one extra
//! [`Phase::Barbarian`] whose sub-step is [`Step`]: barbarian attacks after a build (three chance
//! nodes, one per distinct non-7 sum), the immediate development cards (a chance node per draw,
//! then the card's decisions), knight movement at the end of the turn (select a knight, then its
//! destination edge) and the drive-off check with its roll-offs and the knight-loss die.
//!
//! Board set-up and the user map live in `barbarian_attack/setup.rs`; the position, observation
//! and tensor parts in `barbarian_attack/json.rs`.

pub mod for_two;
pub mod json;
pub mod setup;
mod state;

use crate::board::GRAIN;
use crate::geometry::{bits128, bits64, Geometry, NE, NH, NONE, NV};
use crate::{Catan, Phase, A_SCENARIO, C_DICE, DICE_WEIGHTS, MAX_PLAYERS};
use meeple_core::{Action, Turn};
pub use state::{HexCount, PlayerPos, Pos, State, Step};
use std::sync::OnceLock;

pub mod rules;

/// Knight edges: select a knight / move it there / place a new one there (by sub-step).
pub const A_EDGE: u32 = A_SCENARIO;
/// A coastal hex: the hex an Intrigue or Treason takes a barbarian from / puts it on.
pub const A_HEX: u32 = A_EDGE + NE as u32;
/// Pay 1 grain: the selected knight may move 5 steps instead of 3.
pub const A_GRAIN: u32 = A_HEX + NH as u32;
/// Finish moving knights (then the drive-off check and the end of the turn).
pub const A_DONE: u32 = A_GRAIN + 1;
/// Buy resource `r` for 2 coins (twice per turn).
pub const A_COIN_BUY: u32 = A_DONE + 1;
/// Maritime trade paid in coins: 4 coins (3 at a 3:1 harbour) for resource `r` (D-43).
pub const A_COIN_TRADE: u32 = A_COIN_BUY + 5;
/// Chance: the development card drawn is of kind `k` ([`CARD_NAMES`]).
pub const C_CARD: u32 = A_COIN_TRADE + 5;
/// Chance: the knight-loss die selects orientation class `c` (NE, E, SE).
pub const C_LOSS: u32 = C_CARD + 4;
/// Chance: seat `p` wins the next place of a roll-off.
pub const C_ROLLOFF: u32 = C_LOSS + 3;
/// Action ids this module numbers from [`crate::A_SCENARIO`]. Barbarian arrival rolls reuse the
/// base dice outcomes ([`crate::C_DICE`]).
pub const NUM_ACTIONS: u32 = C_ROLLOFF + MAX_PLAYERS as u32 - A_SCENARIO;
/// With Catan for Two only (§B8.10, D-67): the token action takes a barbarian from coastal hex
/// `h` (its destination is then an [`A_HEX`] id). Numbered after [`NUM_ACTIONS`], so the 3-4
/// player game keeps its action count.
pub const A_TOKEN_FROM: u32 = A_SCENARIO + NUM_ACTIONS;
/// Extra ids with Catan for Two ([`A_TOKEN_FROM`]).
pub const NUM_ACTIONS_TWO: u32 = NH as u32;

pub const KNIGHTHOOD: usize = 0;
pub const BLACK_KNIGHT: usize = 1;
pub const TREASON: usize = 2;
pub const INTRIGUE: usize = 3;
pub const CARD_NAMES: [&str; 4] = ["knighthood", "black_knight", "treason", "intrigue"];
/// The module's 26 cards (§B8.1, mix per [3P]).
pub const CARD_TOTALS: [u8; 4] = [14, 4, 4, 4];
pub const KNIGHTS_PER_PLAYER: u32 = 6;
pub const BARBARIANS: u32 = 30;
/// Orientation classes of edges (spec §A2) and the loss die's faces: 1/4 → NE, 2/5 → E, 3/6 → SE.
pub const CLASS_NAMES: [&str; 3] = ["NE", "E", "SE"];
/// Coins a participant receives for each lost knight and when left without a prisoner.
pub const COMPENSATION: u32 = 3;

/// Clockwise ring order of the 12 coastal hexes (spec §A2).
pub const RING: [(i32, i32); 12] = [
    (0, -2),
    (1, -2),
    (2, -2),
    (2, -1),
    (2, 0),
    (1, 1),
    (0, 2),
    (-1, 2),
    (-2, 2),
    (-2, 1),
    (-2, 0),
    (-1, -1),
];

/// Geometry tables of the module.
pub struct Tables {
    /// The six edges of each hex.
    pub hex_edges: [u128; NH],
    /// Edges sharing an endpoint with each edge.
    pub edge_adj: [u128; NE],
    /// Orientation class of each edge (0 NE, 1 E, 2 SE).
    pub edge_class: [u8; NE],
    /// Land hexes touching each vertex.
    pub vertex_land: [u32; NV],
    /// Ring position → hex id.
    pub ring: [u8; 12],
}

pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let g = Geometry::base();
        let mut t = Tables {
            hex_edges: [0; NH],
            edge_adj: [0; NE],
            edge_class: [0; NE],
            vertex_land: [0; NV],
            ring: [0; 12],
        };
        for e in 0..NE {
            let (q, r, tag) = g.edges[e];
            for (hq, hr) in crate::geometry::edge_hexes(q, r, tag) {
                if let Some(h) = g.hex_id(hq, hr) {
                    t.hex_edges[h] |= 1u128 << e;
                }
            }
            let [a, b] = g.edge_ends[e];
            t.edge_adj[e] =
                (g.vertex_edges[a as usize] | g.vertex_edges[b as usize]) & !(1u128 << e);
            t.edge_class[e] = match tag {
                crate::geometry::ETag::NE => 0,
                crate::geometry::ETag::E => 1,
                crate::geometry::ETag::SE => 2,
                // Trade-hex spokes (B9 boards) are never on this scenario's board.
                _ => 3,
            };
        }
        for v in 0..NV {
            for &h in &g.vertex_hexes[v] {
                if h != NONE {
                    t.vertex_land[v] |= 1 << h;
                }
            }
        }
        for (i, &(q, r)) in RING.iter().enumerate() {
            t.ring[i] = g.hex_id(q, r).unwrap_or(0) as u8;
        }
        t
    })
}

impl State {
    /// A fresh state for a board with the castle at hex `castle`.
    pub fn new(board: &crate::board::Board) -> Result<State, String> {
        let mut s = State {
            deck: CARD_TOTALS,
            supply: BARBARIANS as u8,
            selected: NONE,
            foreign: NONE,
            neutral_after: NONE,
            token_from: NONE,
            ..State::default()
        };
        s.derive(board)?;
        Ok(s)
    }

    /// Rebuild the derived tables from the board and the barbarians.
    pub fn derive(&mut self, board: &crate::board::Board) -> Result<(), String> {
        let t = tables();
        let castle = (0..NH)
            .filter(|&h| board.terrain[h] == crate::board::CASTLE)
            .collect::<Vec<_>>();
        let [c] = castle[..] else {
            return Err(format!(
                "barbarian_attack needs exactly one castle hex on the board ({} found)",
                castle.len()
            ));
        };
        let Some(ci) = t.ring.iter().position(|&h| h as usize == c) else {
            return Err("barbarian_attack: the castle must be a coastal hex".into());
        };
        self.castle = c as u8;
        self.order.clear();
        self.sum_hex = [NONE; 13];
        // §B8.8.1: the check starts at the coastal hex numbered 4 (on the printed map the one
        // left of the castle) and goes clockwise; a map without a coastal 4 starts next to the
        // castle.
        let start = (0..12)
            .find(|&i| {
                let h = t.ring[i] as usize;
                board.token[h] == 4 && board.terrain[h] < crate::board::DESERT
            })
            .unwrap_or((ci + 1) % 12);
        for i in 0..12 {
            let h = t.ring[(start + i) % 12] as usize;
            let tok = board.token[h] as usize;
            if tok != 0 && board.terrain[h] < crate::board::DESERT {
                if self.sum_hex[tok] != NONE {
                    return Err(format!(
                        "barbarian_attack: two coastal hexes carry the number {tok}"
                    ));
                }
                self.sum_hex[tok] = h as u8;
                self.order.push(h as u8);
            }
        }
        self.derive_conquest();
        Ok(())
    }

    /// Conquered hexes and buildings from the barbarian counts (§B8.5).
    pub fn derive_conquest(&mut self) {
        let g = Geometry::base();
        let t = tables();
        self.conquered = 0;
        self.closed_v = 0;
        self.closed_e = 0;
        for h in 0..NH {
            if self.barbarians[h] >= 3 {
                self.conquered |= 1 << h;
                self.closed_v |= g.hex_corner_mask[h];
                self.closed_e |= t.hex_edges[h];
            }
        }
        self.dead_v = 0;
        if self.conquered != 0 {
            for v in bits64(self.closed_v) {
                if t.vertex_land[v] & !self.conquered == 0 {
                    self.dead_v |= 1u64 << v;
                }
            }
        }
    }

    /// Hexes barbarians may stand on (the coastal numbered hexes).
    pub fn barbarian_hexes(&self) -> u32 {
        self.order.iter().fold(0u32, |m, &h| m | (1 << h))
    }

    pub fn on_board(&self) -> u32 {
        self.barbarians.iter().map(|&x| x as u32).sum()
    }

    /// Every knight on the board, the Foreign Knight included (no knight ends on another).
    pub fn all_knights(&self) -> u128 {
        self.knights.iter().fold(0, |m, &k| m | k) | self.foreign_bit()
    }

    /// The Foreign Knight's edge as a bitset (0 when it is not on the board).
    pub fn foreign_bit(&self) -> u128 {
        if (self.foreign as usize) < NE {
            1u128 << self.foreign
        } else {
            0
        }
    }

    pub fn castle_edges(&self) -> u128 {
        tables().hex_edges[self.castle as usize]
    }
}
