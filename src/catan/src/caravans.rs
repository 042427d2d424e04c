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
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

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

fn vname(v: usize) -> (i32, i32, String) {
    let (q, r, t) = Geometry::base().vertices[v];
    (q, r, t.name().to_string())
}
fn ename(e: usize) -> (i32, i32, String) {
    let (q, r, t) = Geometry::base().edges[e];
    (q, r, t.name().to_string())
}

fn spot_pos(s: u8) -> SpotPos {
    let (e, h) = spot_parts(Geometry::base(), s);
    SpotPos {
        edge: ename(e),
        head: vname(h),
    }
}

fn in_vote(phase: Phase) -> bool {
    matches!(
        phase,
        Phase::CamelBidWool | Phase::CamelBidGrain | Phase::CamelDeclare | Phase::CamelPick
    )
}

impl CaravansPos {
    pub fn from_state(c: &State, phase: Phase, n: usize) -> CaravansPos {
        let vote = in_vote(phase);
        CaravansPos {
            arrows: arrow_names(c.orientation)
                .into_iter()
                .map(String::from)
                .collect(),
            camels: bits128(c.camels).map(ename).collect(),
            heads: c
                .heads
                .iter()
                .map(|&h| (h != NONE).then(|| vname(h as usize)))
                .collect(),
            built_this_turn: c.built,
            camels_owed: c.owed,
            bids: if vote {
                (0..n)
                    .map(|p| BidPos {
                        wool: c.bids[p][0],
                        grain: c.bids[p][1],
                    })
                    .collect()
            } else {
                Vec::new()
            },
            declared: if vote {
                (0..n)
                    .map(|p| (c.declared[p] != NONE).then(|| spot_pos(c.declared[p])))
                    .collect()
            } else {
                Vec::new()
            },
            actor: vote.then_some(c.actor as usize),
            pickers: if phase == Phase::CamelPick && c.opts.two {
                c.pickers
                    .iter()
                    .filter(|&&p| p != NONE)
                    .map(|&p| p as usize)
                    .collect()
            } else {
                Vec::new()
            },
            first_camel_head: (phase == Phase::CamelPick && c.excl_head != NONE)
                .then(|| vname(c.excl_head as usize)),
        }
    }

    /// The state on `board` (the oasis comes from the board's terrain).
    pub fn to_state(
        &self,
        board: &Board,
        opts: Opts,
        n: usize,
        phase: Phase,
        current: usize,
    ) -> Result<State, String> {
        let g = Geometry::base();
        let o = orientation_of(&json!(self.arrows)).map_err(|e| format!("caravans: {e}"))?;
        let mut s = State::new(board, o, opts)?;
        for x in &self.camels {
            let e = crate::position::eid(g, x).map_err(|e| format!("caravans camel: {e}"))?;
            if s.camels & (1u128 << e) != 0 {
                return Err(format!("caravans: two camels on edge {}", g.edge_name(e)));
            }
            s.camels |= 1u128 << e;
        }
        if self.heads.len() > 3 {
            return Err("caravans: at most 3 heads (one per arrow)".into());
        }
        for (i, h) in self.heads.iter().enumerate() {
            if let Some(h) = h {
                s.heads[i] =
                    crate::position::vid(g, h).map_err(|e| format!("caravans head: {e}"))? as u8;
            }
        }
        s.built = self.built_this_turn;
        s.owed = self.camels_owed;
        if self.bids.len() > n || self.declared.len() > n {
            return Err("caravans: bids and declared list at most one entry per seat".into());
        }
        for (p, b) in self.bids.iter().enumerate() {
            s.bids[p] = [b.wool, b.grain];
        }
        for (p, d) in self.declared.iter().enumerate() {
            if let Some(d) = d {
                let e =
                    crate::position::eid(g, &d.edge).map_err(|e| format!("caravans spot: {e}"))?;
                let h =
                    crate::position::vid(g, &d.head).map_err(|e| format!("caravans spot: {e}"))?;
                if !g.edge_ends[e].contains(&(h as u8)) {
                    return Err(format!(
                        "caravans: spot head {} is not an end of {}",
                        g.vertex_name(h),
                        g.edge_name(e)
                    ));
                }
                s.declared[p] = spot_id(g, e, h);
            }
        }
        if let Some(a) = self.actor {
            if a >= n {
                return Err(format!("caravans: actor {a} is not a seat"));
            }
            s.actor = a as u8;
        }
        if self.pickers.len() > 2 || self.pickers.iter().any(|&p| p >= n) {
            return Err("caravans: pickers lists at most 2 seats".into());
        }
        for (i, &p) in self.pickers.iter().enumerate() {
            s.pickers[i] = p as u8;
        }
        if let Some(h) = &self.first_camel_head {
            s.excl_head = crate::position::vid(g, h).map_err(|e| format!("caravans: {e}"))? as u8;
        }
        if phase == Phase::CamelPick {
            if self.pickers.is_empty() {
                s.pickers[0] = current as u8;
            }
            if self.actor.is_none() {
                s.actor = s.pickers[0];
            }
        }
        s.derive();
        Ok(s)
    }
}

// ------------------------------------------------------------------ the vote and its hooks

impl Catan {
    /// The main phase built a settlement or a city (a camel is due after the turn, §B7.2).
    #[inline]
    pub(crate) fn caravans_built(&mut self) {
        if let Some(c) = &mut self.caravans {
            c.built = c.built.saturating_add(1);
        }
    }

    /// `end turn` with the scenario on: the camel vote first when one is due (D-53: the turn is
    /// over, the builder's victory check has been made), then the next player's turn.
    pub(crate) fn caravans_end_turn(&mut self) {
        let Some(c) = &mut self.caravans else {
            self.end_turn();
            return;
        };
        c.owed = match c.built {
            0 => 0,
            k if c.opts.per_build => k,
            _ => 1,
        };
        self.next_camel();
    }

    /// Start the vote for the next owed camel; with no choice the camel is placed at once; with
    /// none owed (or no spot, or no camel left) the next player's turn begins.
    fn next_camel(&mut self) {
        loop {
            let Some(c) = &mut self.caravans else { return };
            let (list, k) = c.spots();
            c.bids = [[0; 2]; MAX_PLAYERS];
            c.declared = [NONE; MAX_PLAYERS];
            c.pickers = [NONE; 2];
            c.excl_head = NONE;
            if c.owed == 0 || k == 0 {
                c.owed = 0;
                c.built = 0;
                self.end_turn();
                return;
            }
            if k == 1 {
                // A vote over a single spot decides nothing: nobody would pay for it (engine
                // decision, no dominated bid actions). With Catan for Two the second camel would
                // need another caravan, and no other caravan can grow (D-55).
                c.owed -= 1;
                self.place_camel(list[0]);
                continue;
            }
            let cur = self.current;
            self.begin_bid(cur as usize);
            return;
        }
    }

    /// Seat `p` bids next (seat order from the player whose turn ended): wool, then grain.
    /// Only a player without any card skips his bid: the test uses the public hand size, so
    /// the phase never tells the others whether he holds wool or grain.
    fn begin_bid(&mut self, mut p: usize) {
        let n = self.n();
        let cur = self.current as usize;
        loop {
            if self.hand_size(p) > 0 {
                self.phase = Phase::CamelBidWool;
                break;
            }
            p = (p + 1) % n;
            if p == cur {
                self.end_bidding();
                return;
            }
        }
        if let Some(c) = &mut self.caravans {
            c.actor = p as u8;
        }
    }

    fn after_bid(&mut self) {
        let n = self.n();
        let Some(c) = &self.caravans else { return };
        let next = (c.actor as usize + 1) % n;
        if next == self.current as usize {
            self.end_bidding();
        } else {
            self.begin_bid(next);
        }
    }

    /// Every player has bid: declarations (D-51), or with Catan for Two the picks (§B7.6).
    fn end_bidding(&mut self) {
        if self.caravans.as_ref().is_some_and(|c| c.opts.two) {
            self.begin_two_picks();
        } else {
            self.begin_declare();
        }
    }

    /// Total votes bid by each seat.
    pub(crate) fn camel_votes(&self) -> [u32; MAX_PLAYERS] {
        match &self.caravans {
            Some(c) => std::array::from_fn(|p| c.bids[p][0] as u32 + c.bids[p][1] as u32),
            None => [0; MAX_PLAYERS],
        }
    }

    /// D-51 step 2: the next bidder (seat order from the player whose turn ended) still to
    /// declare, or the outcome when it is decided.
    fn begin_declare(&mut self) {
        let n = self.n();
        let cur = self.current as usize;
        let votes = self.camel_votes();
        let total: u32 = votes.iter().sum();
        let Some(c) = &self.caravans else { return };
        // Step 3: a spot holding more than half of all votes wins (decided as soon as declared).
        let mut per_spot = [0u32; 2 * NE];
        for p in 0..n {
            if c.declared[p] != NONE {
                per_spot[c.declared[p] as usize] += votes[p];
            }
        }
        if total > 0 {
            if let Some(s) = (0..2 * NE).find(|&s| 2 * per_spot[s] > total) {
                self.place_camel(s as u8);
                self.vote_done();
                return;
            }
        }
        let next = (0..n)
            .map(|i| (cur + i) % n)
            .find(|&p| votes[p] > 0 && c.declared[p] == NONE);
        if let Some(p) = next {
            if let Some(c) = &mut self.caravans {
                c.actor = p as u8;
            }
            self.phase = Phase::CamelDeclare;
            return;
        }
        // Step 4: the sole top bidder's spot; step 5: the player whose turn ended picks.
        let top = votes[..n].iter().copied().max().unwrap_or(0);
        let at_top: Vec<usize> = (0..n).filter(|&p| votes[p] == top).collect();
        if let ([p], true) = (&at_top[..], top > 0) {
            let s = c.declared[*p];
            self.place_camel(s);
            self.vote_done();
        } else {
            let cur = self.current;
            self.begin_pick([cur, NONE]);
        }
    }

    /// Catan for Two (§B7.6): the player who bid more places both camels (on two different
    /// caravans); on a tie each places one, the player whose turn ended first.
    fn begin_two_picks(&mut self) {
        let votes = self.camel_votes();
        let cur = (self.current as usize).min(1);
        let o = 1 - cur;
        let pickers = if votes[cur] > votes[o] {
            [cur, cur]
        } else if votes[o] > votes[cur] {
            [o, o]
        } else {
            [cur, o]
        };
        self.begin_pick([pickers[0] as u8, pickers[1] as u8]);
    }

    /// A player picks a spot (`camel_pick`).
    fn begin_pick(&mut self, pickers: [u8; 2]) {
        if let Some(c) = &mut self.caravans {
            c.pickers = pickers;
            c.excl_head = NONE;
            c.actor = pickers[0];
        }
        self.phase = Phase::CamelPick;
    }

    /// After a pick: the second camel of a Catan-for-Two vote (with a single legal spot it is
    /// placed without a decision; with none, one camel only, D-55), else the vote is over.
    fn after_pick(&mut self, s: u8) {
        let Some(c) = &mut self.caravans else { return };
        if c.pickers[1] != NONE {
            let same = c.pickers[0] == c.pickers[1];
            c.pickers = [c.pickers[1], NONE];
            c.actor = c.pickers[0];
            c.excl_head = if same {
                spot_parts(Geometry::base(), s).1 as u8
            } else {
                NONE
            };
            let (l, k) = c.pick_spots();
            match k {
                0 => self.vote_done(),
                1 => {
                    self.place_camel(l[0]);
                    self.vote_done();
                }
                _ => self.phase = Phase::CamelPick,
            }
        } else {
            self.vote_done();
        }
    }

    /// Place a camel: caravans, bonus points, and Longest Road (a road under it now counts 2).
    fn place_camel(&mut self, s: u8) {
        let Some(c) = &mut self.caravans else { return };
        c.place(s);
        let e = (s / 2) as usize;
        // Neutral roads (Catan for Two) count for Longest Road too.
        let owner = (0..self.road_seats()).find(|&p| self.roads[p] & (1u128 << e) != 0);
        if let Some(p) = owner {
            let l = self.longest_road_of(p);
            if l != self.road_len[p] {
                self.road_len[p] = l;
                self.update_longest_road();
            }
        }
    }

    /// This vote is over: the next owed vote, or the next player's turn.
    fn vote_done(&mut self) {
        if let Some(c) = &mut self.caravans {
            c.owed = c.owed.saturating_sub(1);
        }
        self.next_camel();
    }

    pub(crate) fn caravans_is_legal(&self, a: u32) -> bool {
        let Some(c) = &self.caravans else {
            return false;
        };
        let p = c.actor as usize;
        match self.phase {
            Phase::CamelBidWool => {
                (A_BID_WOOL..A_BID_GRAIN).contains(&a)
                    && (a - A_BID_WOOL) as u8 <= self.hand[p][WOOL]
            }
            Phase::CamelBidGrain => {
                (A_BID_GRAIN..A_ROBBER_OFF).contains(&a)
                    && (a - A_BID_GRAIN) as u8 <= self.hand[p][GRAIN]
            }
            Phase::CamelDeclare => {
                (A_CAMEL..A_BID_WOOL).contains(&a) && c.is_spot((a - A_CAMEL) as u8)
            }
            Phase::CamelPick => {
                (A_CAMEL..A_BID_WOOL).contains(&a) && {
                    let (l, k) = c.pick_spots();
                    l[..k].contains(&((a - A_CAMEL) as u8))
                }
            }
            _ => false,
        }
    }

    pub(crate) fn caravans_legal(&self, out: &mut Vec<u32>) {
        let Some(c) = &self.caravans else { return };
        let p = c.actor as usize;
        match self.phase {
            Phase::CamelBidWool => {
                out.extend((0..=self.hand[p][WOOL] as u32).map(|k| A_BID_WOOL + k));
            }
            Phase::CamelBidGrain => {
                out.extend((0..=self.hand[p][GRAIN] as u32).map(|k| A_BID_GRAIN + k));
            }
            Phase::CamelDeclare | Phase::CamelPick => {
                let (l, k) = if self.phase == Phase::CamelPick {
                    c.pick_spots()
                } else {
                    c.spots()
                };
                out.extend(l[..k].iter().map(|&s| A_CAMEL + s as u32));
            }
            _ => {}
        }
    }

    pub(crate) fn caravans_apply(&mut self, a: u32) {
        let Some(c) = &mut self.caravans else { return };
        let p = c.actor as usize;
        match self.phase {
            Phase::CamelBidWool | Phase::CamelBidGrain => {
                let (r, k) = if self.phase == Phase::CamelBidWool {
                    (WOOL, (a - A_BID_WOOL) as u8)
                } else {
                    (GRAIN, (a - A_BID_GRAIN) as u8)
                };
                c.bids[p][(r == GRAIN) as usize] = k;
                // Bid cards lie face up and go to the bank whatever the outcome (§B7.5.7); no
                // card can leave the bank during the vote, so they go there at once.
                if k > 0 {
                    self.lose(p, r, k);
                    self.bank[r] += k;
                }
                if self.phase == Phase::CamelBidWool && self.hand_size(p) > 0 {
                    self.phase = Phase::CamelBidGrain;
                } else {
                    self.after_bid();
                }
            }
            Phase::CamelDeclare => {
                c.declared[p] = (a - A_CAMEL) as u8;
                self.begin_declare();
            }
            Phase::CamelPick => {
                let s = (a - A_CAMEL) as u8;
                self.place_camel(s);
                self.after_pick(s);
            }
            _ => {}
        }
    }

    /// The seat to act in a vote phase.
    pub(crate) fn caravans_actor(&self) -> usize {
        match (&self.caravans, self.phase) {
            (
                Some(c),
                Phase::CamelBidWool | Phase::CamelBidGrain | Phase::CamelDeclare | Phase::CamelPick,
            ) => c.actor as usize,
            _ => self.current as usize,
        }
    }

    /// The Friendly Robber fallback is "beside the board" (D-03) and no hex is legal.
    pub(crate) fn robber_off_legal(&self) -> bool {
        self.caravans.is_some() && self.robber_targets() == 0
    }

    /// Catan for Two (§B7.6): the token action "robber beside the board" (D-24: not when it is
    /// there already).
    pub(crate) fn token_robber_off_legal(&self) -> bool {
        self.caravans.is_some() && self.robber_hex().is_some() && self.may_take_token_action()
    }

    /// A Knight played while the robber is beside the board leaves it there (D-56 option off).
    pub(crate) fn knight_skips_robber(&self) -> bool {
        self.robber as usize >= NH
            && self
                .caravans
                .as_ref()
                .is_some_and(|c| !c.opts.knight_brings_robber)
    }
}

/// Check the scenario's state in a loaded position.
pub(crate) fn validate(g: &Catan) -> Result<(), String> {
    let geo = Geometry::base();
    let n = g.n();
    let Some(c) = &g.caravans else {
        if in_vote(g.phase) {
            return Err("a camel vote phase but the caravans scenario is off".into());
        }
        if (0..NH).any(|h| g.board.terrain[h] == OASIS) {
            return Err("an oasis hex belongs to the caravans scenario".into());
        }
        return Ok(());
    };
    if g.rules.scenario != Scenario::Caravans {
        return Err("caravans state but the scenario is not caravans".into());
    }
    if c.camels.count_ones() > CAMELS as u32 {
        return Err(format!("more than {CAMELS} camels on the board"));
    }
    if g.robber == c.oasis && !c.opts.robber_on_oasis {
        return Err("the robber may not stand on the oasis (D-56)".into());
    }
    for i in 0..3 {
        let h = c.heads[i];
        if h == NONE {
            continue;
        }
        let e = c.arrow_edge[i];
        if e == NONE || c.camels & (1u128 << e) == 0 {
            return Err(format!(
                "caravan {i} has a head but no camel on its arrow's edge"
            ));
        }
        if geo.vertex_edges[h as usize] & c.camels == 0 {
            return Err(format!(
                "caravan head {} touches no camel",
                geo.vertex_name(h as usize)
            ));
        }
    }
    // Every camel belongs to a caravan: the camels touching an arrow edge are connected.
    let mut reach = 0u128;
    for i in 0..3 {
        if c.heads[i] != NONE {
            reach |= 1u128 << c.arrow_edge[i];
        }
    }
    loop {
        let mut next = reach;
        for e in bits128(reach) {
            for v in geo.edge_ends[e] {
                next |= geo.vertex_edges[v as usize] & c.camels;
            }
        }
        if next == reach {
            break;
        }
        reach = next;
    }
    if reach != c.camels {
        return Err("every camel must belong to a caravan grown from an arrow".into());
    }
    let vote = in_vote(g.phase);
    if !vote
        && (c.owed != 0 || c.bids != [[0; 2]; MAX_PLAYERS] || c.declared != [NONE; MAX_PLAYERS])
    {
        return Err("camels owed, bids or declarations outside a camel vote".into());
    }
    if matches!(g.phase, Phase::SetupSettlement | Phase::SetupRoad) && c.built != 0 {
        return Err("set-up placements do not count as buildings for the camels".into());
    }
    if vote {
        if c.owed == 0 || c.spots().1 < 2 {
            return Err("a camel vote needs a camel owed and two or more spots".into());
        }
        if !g.rolled {
            return Err("a camel vote comes after the turn's roll".into());
        }
        if c.built == 0 {
            return Err("a camel vote needs a settlement or city built this turn".into());
        }
        let cur = g.current as usize;
        let a = c.actor as usize;
        let pos = |p: usize| (p + n - cur) % n;
        let votes = g.camel_votes();
        for p in 0..n {
            if c.declared[p] != NONE && (votes[p] == 0 || !c.is_spot(c.declared[p])) {
                return Err(format!(
                    "player {p} declared a spot without a bid or not legal"
                ));
            }
        }
        match g.phase {
            Phase::CamelBidWool | Phase::CamelBidGrain => {
                for p in 0..n {
                    if pos(p) > pos(a) && votes[p] > 0 {
                        return Err(format!("player {p} has bid before his turn to bid"));
                    }
                }
                if g.hand_size(a) == 0 {
                    return Err("the bidder must hold cards".into());
                }
                if g.phase == Phase::CamelBidWool && c.bids[a] != [0, 0] {
                    return Err("the wool bidder has bid already".into());
                }
                if g.phase == Phase::CamelBidGrain && c.bids[a][1] > 0 {
                    return Err("the grain bidder has bid grain already".into());
                }
                if c.declared != [NONE; MAX_PLAYERS] {
                    return Err("no declarations while bidding".into());
                }
            }
            Phase::CamelDeclare => {
                if votes[a] == 0 || c.declared[a] != NONE {
                    return Err("the declarer must be a bidder who has not declared".into());
                }
                for p in 0..n {
                    if votes[p] > 0 && pos(p) < pos(a) && c.declared[p] == NONE {
                        return Err(format!("bidder {p} has not declared before the declarer"));
                    }
                    if pos(p) > pos(a) && c.declared[p] != NONE {
                        return Err(format!("player {p} declared before his turn"));
                    }
                }
            }
            Phase::CamelPick => {
                if a != c.pickers[0] as usize || c.pick_spots().1 < 2 {
                    return Err(
                        "the picker must be the first of the pickers, with two or more spots"
                            .into(),
                    );
                }
                if !c.opts.two && (a != cur || c.pickers[1] != NONE || c.excl_head != NONE) {
                    return Err("the player whose turn ended picks (one camel)".into());
                }
                if c.excl_head != NONE && c.pickers[1] != NONE {
                    return Err("the second camel is the last of the vote".into());
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// Observation of the scenario (public).
pub(crate) fn observation(g: &Catan) -> Value {
    let Some(c) = &g.caravans else {
        return Value::Null;
    };
    let geo = Geometry::base();
    let n = g.n();
    let (l, k) = c.spots();
    let pos = CaravansPos::from_state(c, g.phase, n);
    json!({
        "oasis": geo.hexes[c.oasis as usize],
        "arrows": pos.arrows,
        "camels": bits128(c.camels).map(|e| geo.edge_name(e)).collect::<Vec<_>>(),
        "heads": c.heads.iter().map(|&h| if h == NONE { Value::Null } else { json!(geo.vertex_name(h as usize)) }).collect::<Vec<_>>(),
        "camels_left": c.supply(),
        "spots": l[..k].iter().map(|&s| spot_label(s)).collect::<Vec<_>>(),
        "bonus_vertices": bits64(c.bonus_verts).map(|v| geo.vertex_name(v)).collect::<Vec<_>>(),
        "built_this_turn": c.built,
        "camels_owed": c.owed,
        "bids": pos.bids,
        "declared": c.declared[..n].iter().map(|&s| if s == NONE { Value::Null } else { json!(spot_label(s)) }).collect::<Vec<_>>(),
    })
}

/// Tensor block length: oasis one-hot (19), arrow vertices (54), camels per edge (72), caravan
/// heads per vertex (54), legal spots (144), declared votes per spot / total (144), bids per slot
/// wool and grain (8), camel bonus per slot (4), camels left / 22, camels owed, built this turn,
/// robber beside the board, vote phase one-hot (4).
pub const TENSOR_LEN: usize = NH + NV + NE + NV + 2 * NE + 2 * NE + 8 + 4 + 4 + 4;

pub(crate) fn tensor(g: &Catan, seat: usize, out: &mut [f32]) {
    let Some(c) = &g.caravans else { return };
    if out.len() < TENSOR_LEN {
        return;
    }
    let n = g.n();
    let slot = |p: usize| (p + n - seat) % n;
    let mut o = 0;
    out[o + c.oasis as usize] = 1.0;
    o += NH;
    for &v in &c.arrow_vertex {
        if (v as usize) < NV {
            out[o + v as usize] = 1.0;
        }
    }
    o += NV;
    for e in bits128(c.camels) {
        out[o + e] = 1.0;
    }
    o += NE;
    for &h in &c.heads {
        if (h as usize) < NV {
            out[o + h as usize] = 1.0;
        }
    }
    o += NV;
    let (l, k) = c.spots();
    for &s in &l[..k] {
        out[o + s as usize] = 1.0;
    }
    o += 2 * NE;
    let votes = g.camel_votes();
    let total: u32 = votes.iter().sum();
    for p in 0..n {
        if c.declared[p] != NONE && total > 0 {
            out[o + c.declared[p] as usize] += votes[p] as f32 / total as f32;
        }
    }
    o += 2 * NE;
    for p in 0..n {
        out[o + 2 * slot(p)] = c.bids[p][0] as f32;
        out[o + 2 * slot(p) + 1] = c.bids[p][1] as f32;
        out[o + 8 + slot(p)] = c.bonus(g.settlements[p] | g.cities[p]) as f32;
    }
    o += 12;
    out[o] = c.supply() as f32 / CAMELS as f32;
    out[o + 1] = c.owed as f32;
    out[o + 2] = c.built as f32;
    out[o + 3] = (g.robber as usize >= NH) as u8 as f32;
    o += 4;
    let k = match g.phase {
        Phase::CamelBidWool => Some(0),
        Phase::CamelBidGrain => Some(1),
        Phase::CamelDeclare => Some(2),
        Phase::CamelPick => Some(3),
        _ => None,
    };
    if let Some(k) = k {
        out[o + k] = 1.0;
    }
    o += 4;
    debug_assert_eq!(o, TENSOR_LEN);
}
