//! Traders & Barbarians scenario B7: The Caravans (rules spec §B7, decisions D-03, D-50..D-56).
//!
//! The oasis replaces the desert at the centre and never produces; the robber starts beside the
//! board and enters on the first 7 (or Knight, D-56), never onto the oasis. After a turn in which
//! the player built a settlement or city, one camel (D-50) is placed by a vote (the finite
//! protocol of D-51) once his turn is over (D-53). Camels form three caravans growing from the
//! oasis arrows, only at their heads (D-55). A road under a camel counts 2 for Longest Road; a
//! building touched by two or more camel edges is worth +1 VP (D-52). Victory target +2 (12).
//!
//! Caravans are kept as three head vertices (one per arrow, `NONE` before the caravan's first
//! camel). Two caravans whose heads meet share a head vertex and from then on move together, which
//! is exactly "they merge when the next camel is placed there and continue as one caravan".

use crate::board::{Board, GRAIN, OASIS, WOOL};
use crate::geometry::{bits128, bits64, Geometry, NE, NH, NONE, NV};
use crate::{Catan, Phase, Scenario, A_SCENARIO, MAX_PLAYERS};
use meeple_core::{Config, GameError, GameRng};
use serde_json::{json, Value};
pub use state::{BidPos, CaravansPos, Opts, SpotPos, State};

pub mod json;
pub mod rules;
mod state;
pub mod view;

/// Camels in the box (§B0).
pub const CAMELS: u8 = 22;

/// Spots are directed edges: spot `2e + k` puts a camel on edge `e` with its head at the edge's
/// `k`-th endpoint (`Geometry::edge_ends`).
pub const NUM_SPOTS: u32 = 2 * NE as u32;
/// `camel <edge> head <vertex>`: declare (or, for the player whose turn ended, pick) a spot.
pub const A_CAMEL: u32 = A_SCENARIO;
/// `bid k wool` (k = 0..=19).
pub const A_BID_WOOL: u32 = A_CAMEL + NUM_SPOTS;
/// `bid k grain` (k = 0..=19).
pub const A_BID_GRAIN: u32 = A_BID_WOOL + 20;
/// `robber beside the board`: the Friendly Robber's fallback on this board (D-03).
pub const A_ROBBER_OFF: u32 = A_BID_GRAIN + 20;
/// `token robber beside the board`: the Catan-for-Two token action of this scenario (§B7.6).
pub const A_TOKEN_ROBBER_OFF: u32 = A_ROBBER_OFF + 1;
/// Action ids this module numbers (from [`crate::A_SCENARIO`]).
pub const NUM_ACTIONS: u32 = A_TOKEN_ROBBER_OFF + 1 - A_SCENARIO;

/// Corner names of a hex in `Geometry::hex_corners` order.
pub const CORNERS: [&str; 6] = ["N", "NE", "SE", "S", "SW", "NW"];
/// The two arrow orientations of D-54 (corner indices).
pub const ORIENTATIONS: [[usize; 3]; 2] = [[0, 2, 4], [1, 3, 5]];

impl Opts {
    pub fn from_config(c: &Config) -> Opts {
        Opts {
            per_build: c.bool("camel_per_build"),
            knight_brings_robber: c.bool("caravans_knight_brings_robber"),
            robber_on_oasis: c.bool("caravans_robber_on_oasis"),
            fallback_stay: c.str("caravans_friendly_robber_fallback") == "stay",
            two: c.bool("catan_for_two") || c.players == 2,
            oasis_tokens: c.bool("caravans_oasis_tokens"),
        }
    }
}

/// A short list of spots (at most 6: two per caravan).
pub type Spots = ([u8; 6], usize);

impl State {
    /// The scenario on `board` with the arrows in `orientation` (0 or 1).
    pub fn new(board: &Board, orientation: u8, opts: Opts) -> Result<State, String> {
        let g = Geometry::base();
        let oases: Vec<usize> = (0..NH).filter(|&h| board.terrain[h] == OASIS).collect();
        let [oasis] = oases[..] else {
            return Err(format!(
                "the caravans scenario needs exactly one oasis hex, the board has {}",
                oases.len()
            ));
        };
        let corners = g.hex_corner_mask[oasis];
        let mut s = State {
            opts,
            oasis: oasis as u8,
            orientation: orientation.min(1),
            arrow_vertex: [NONE; 3],
            arrow_edge: [NONE; 3],
            arrow_head: [NONE; 3],
            heads: [NONE; 3],
            declared: [NONE; MAX_PLAYERS],
            pickers: [NONE; 2],
            excl_head: NONE,
            ..State::default()
        };
        for (i, &k) in ORIENTATIONS[s.orientation as usize].iter().enumerate() {
            let v = g.hex_corners[oasis][k] as usize;
            s.arrow_vertex[i] = v as u8;
            // The arrow points along the edge leaving the corner that is not an oasis side.
            for e in bits128(g.vertex_edges[v]) {
                let w = other_end(g, e, v);
                if corners & (1u64 << w) == 0 {
                    s.arrow_edge[i] = e as u8;
                    s.arrow_head[i] = w as u8;
                }
            }
        }
        Ok(s)
    }

    /// Camels left in the supply.
    pub fn supply(&self) -> u8 {
        CAMELS.saturating_sub(self.camels.count_ones() as u8)
    }

    /// Legal spots for the next camel (deduplicated, ascending): two per caravan at its head, the
    /// first-camel spot of each unused arrow; none when the camels have run out.
    pub fn spots(&self) -> Spots {
        let g = Geometry::base();
        let mut out = ([0u8; 6], 0usize);
        if self.supply() == 0 {
            return out;
        }
        let mut push = |s: u8| {
            if !out.0[..out.1].contains(&s) && out.1 < 6 {
                out.0[out.1] = s;
                out.1 += 1;
            }
        };
        for i in 0..3 {
            let h = self.heads[i];
            if h != NONE {
                for e in bits128(g.vertex_edges[h as usize] & !self.camels) {
                    push(spot_id(g, e, other_end(g, e, h as usize)));
                }
            } else if self.arrow_edge[i] != NONE && self.camels & (1u128 << self.arrow_edge[i]) == 0
            {
                push(spot_id(
                    g,
                    self.arrow_edge[i] as usize,
                    self.arrow_head[i] as usize,
                ));
            }
        }
        out.0[..out.1].sort_unstable();
        out
    }

    pub fn is_spot(&self, s: u8) -> bool {
        let (l, k) = self.spots();
        l[..k].contains(&s)
    }

    /// Spots for the camel to pick now: all spots, except (Catan for Two, the winner's second
    /// camel) those growing the caravan that took his first camel.
    pub fn pick_spots(&self) -> Spots {
        let (mut l, mut k) = self.spots();
        if self.excl_head != NONE {
            let g = Geometry::base();
            let mut j = 0;
            for i in 0..k {
                let (e, h) = spot_parts(g, l[i]);
                if other_end(g, e, h) != self.excl_head as usize {
                    l[j] = l[i];
                    j += 1;
                }
            }
            k = j;
        }
        (l, k)
    }

    /// Put a camel on spot `s`: every caravan whose head is the spot's tail moves its head
    /// (caravans sharing that head merge); otherwise it is the first camel of an arrow.
    pub fn place(&mut self, s: u8) {
        let g = Geometry::base();
        let (e, h) = spot_parts(g, s);
        let t = other_end(g, e, h);
        self.camels |= 1u128 << e;
        let mut moved = false;
        for i in 0..3 {
            if self.heads[i] as usize == t {
                self.heads[i] = h as u8;
                moved = true;
            }
        }
        if !moved {
            for i in 0..3 {
                if self.heads[i] == NONE
                    && self.arrow_edge[i] as usize == e
                    && self.arrow_head[i] as usize == h
                {
                    self.heads[i] = h as u8;
                }
            }
        }
        self.derive();
    }

    /// Rebuild the derived vertex set.
    pub fn derive(&mut self) {
        let g = Geometry::base();
        self.bonus_verts = 0;
        for v in 0..NV {
            if (g.vertex_edges[v] & self.camels).count_ones() >= 2 {
                self.bonus_verts |= 1u64 << v;
            }
        }
    }

    /// Hexes the robber may not enter now (D-56): the oasis always on entry, and afterwards too
    /// unless the option allows it.
    pub fn robber_excluded(&self, robber: u8) -> u32 {
        if robber as usize >= NH || !self.opts.robber_on_oasis {
            1u32 << self.oasis
        } else {
            0
        }
    }

    /// D-03: where the Friendly Robber goes when no hex is legal: beside the board (no hex: the
    /// `robber beside the board` action) or, as an option, where it stands.
    pub fn friendly_fallback(&self, robber_mask: u32) -> u32 {
        if self.opts.fallback_stay {
            robber_mask
        } else {
            0
        }
    }

    /// Camel bonus points of a player whose buildings are `b` (D-52).
    #[inline]
    pub fn bonus(&self, b: u64) -> u32 {
        (b & self.bonus_verts).count_ones()
    }
}

#[inline]
fn other_end(g: &Geometry, e: usize, v: usize) -> usize {
    let [a, b] = g.edge_ends[e];
    (a ^ b ^ v as u8) as usize
}

/// The spot id of edge `e` with the head at vertex `head`.
pub fn spot_id(g: &Geometry, e: usize, head: usize) -> u8 {
    (2 * e + (g.edge_ends[e][1] as usize == head) as usize) as u8
}

/// (edge, head vertex) of a spot.
pub fn spot_parts(g: &Geometry, s: u8) -> (usize, usize) {
    let e = (s / 2) as usize;
    (e, g.edge_ends[e][(s % 2) as usize] as usize)
}

/// `camel E(0,-1) head S(1,-2)`.
pub fn spot_label(s: u8) -> String {
    let g = Geometry::base();
    let (e, h) = spot_parts(g, s);
    format!("camel {} head {}", g.edge_name(e), g.vertex_name(h))
}

pub fn label(a: u32) -> Option<String> {
    if (A_CAMEL..A_BID_WOOL).contains(&a) {
        Some(spot_label((a - A_CAMEL) as u8))
    } else if (A_BID_WOOL..A_BID_GRAIN).contains(&a) {
        Some(format!("bid {} wool", a - A_BID_WOOL))
    } else if (A_BID_GRAIN..A_ROBBER_OFF).contains(&a) {
        Some(format!("bid {} grain", a - A_BID_GRAIN))
    } else if a == A_ROBBER_OFF {
        Some("robber beside the board".into())
    } else if a == A_TOKEN_ROBBER_OFF {
        Some("token robber beside the board".into())
    } else {
        None
    }
}

/// The arrow orientation for a new game: from the map (`oasis_arrows`, or the bundled file's
/// `pieces.oasis_arrow_corners.corners`), else the option, else drawn from the seed (D-54).
pub fn orientation_for(
    config: &Config,
    map: Option<&Value>,
    rng: &mut GameRng,
) -> Result<u8, GameError> {
    if let Some(m) = map {
        let arrows = m
            .get("oasis_arrows")
            .or_else(|| m.pointer("/pieces/oasis_arrow_corners/corners"));
        if let Some(a) = arrows {
            return orientation_of(a).map_err(|e| GameError::bad_option("map", e));
        }
    }
    Ok(match config.str("caravans_oasis_arrows") {
        "N_SE_SW" => 0,
        "NE_S_NW" => 1,
        _ => rng.below(2) as u8,
    })
}

/// Parse `["N", "SE", "SW"]` / `["NE", "S", "NW"]` (any order).
pub fn orientation_of(v: &Value) -> Result<u8, String> {
    let names: Option<Vec<&str>> = v
        .as_array()
        .and_then(|a| a.iter().map(Value::as_str).collect());
    let mut idx: Vec<usize> = names
        .unwrap_or_default()
        .iter()
        .filter_map(|n| CORNERS.iter().position(|c| c == n))
        .collect();
    idx.sort_unstable();
    ORIENTATIONS
        .iter()
        .position(|o| o[..] == idx[..])
        .map(|i| i as u8)
        .ok_or_else(|| {
            format!(
                "oasis arrows must be [\"N\", \"SE\", \"SW\"] or [\"NE\", \"S\", \"NW\"], got {v}"
            )
        })
}

pub fn arrow_names(orientation: u8) -> Vec<&'static str> {
    ORIENTATIONS[(orientation as usize).min(1)]
        .iter()
        .map(|&k| CORNERS[k])
        .collect()
}

// ------------------------------------------------------------------ position

/// Tensor block length: oasis one-hot (19), arrow vertices (54), camels per edge (72), caravan
/// heads per vertex (54), legal spots (144), declared votes per spot / total (144), bids per slot
/// wool and grain (8), camel bonus per slot (4), camels left / 22, camels owed, built this turn,
/// robber beside the board, vote phase one-hot (4).
pub const TENSOR_LEN: usize = NH + NV + NE + NV + 2 * NE + 2 * NE + 8 + 4 + 4 + 4;
