//! Board geometry of spec §A2: pointy-top axial hexes, vertex names `N(q,r)` / `S(q,r)`, edge names
//! `NE(q,r)` / `E(q,r)` / `SE(q,r)`, and the dense ids (sorted by `(q, r, tag)`).
//!
//! The tables are built once from a set of land hexes ([`Geometry::build`]) and cached, so the hot
//! paths only index plain arrays and bitsets (vertices in a `u64`, edges in a `u128`). The base
//! board ([`Geometry::base`]) has 19 land hexes, 54 vertices and 72 edges; a game holds a
//! `&'static Geometry` chosen when it is created, so the base game never looks anything up.
//!
//! Scenario boards build their own geometry from their hex set with the same numbering rule
//! (spec §A2): the Traders & Barbarians trade hexes (spec §B9.3) add a plaza vertex `C(q,r)` and
//! four spoke edges `K<corner>(q,r)` each, and remove their three sea-side edges and two dead
//! corners ([`Geometry::with_trade_hexes`]).

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// Land hexes of the base board.
pub const NH: usize = 19;
/// Land vertices of the base board.
pub const NV: usize = 54;
/// Land edges (paths) of the base board.
pub const NE: usize = 72;

/// Capacity of the tables: hexes (bitsets in a `u32`), vertices (`u64`) and edges (`u128`).
pub const MAX_HEXES: usize = 32;
pub const MAX_VERTS: usize = 64;
pub const MAX_EDGES: usize = 128;

/// Marker for "no hex" in the small adjacency arrays.
pub const NONE: u8 = u8::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum VTag {
    // Declared in the spec's sort order (tags compare as strings): C < N < S.
    /// The plaza at the centre of a trade hex (spec §B9.3).
    C,
    N,
    S,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ETag {
    // Declared in the spec's sort order (tags compare as strings): E < KN < KNE < KNW < KS < KSE
    // < KSW < NE < SE. The `K..` tags are the spokes of a trade hex (plaza to that corner).
    E,
    KN,
    KNE,
    KNW,
    KS,
    KSE,
    KSW,
    NE,
    SE,
}

/// Corner names in the order of [`hex_corners`].
pub const CORNER_NAMES: [&str; 6] = ["N", "NE", "SE", "S", "SW", "NW"];
/// The spoke tag to each corner, in the order of [`hex_corners`].
pub const SPOKES: [ETag; 6] = [
    ETag::KN,
    ETag::KNE,
    ETag::KSE,
    ETag::KS,
    ETag::KSW,
    ETag::KNW,
];

impl VTag {
    pub fn name(self) -> &'static str {
        match self {
            VTag::C => "C",
            VTag::N => "N",
            VTag::S => "S",
        }
    }
}

impl ETag {
    pub fn name(self) -> &'static str {
        match self {
            ETag::E => "E",
            ETag::KN => "KN",
            ETag::KNE => "KNE",
            ETag::KNW => "KNW",
            ETag::KS => "KS",
            ETag::KSE => "KSE",
            ETag::KSW => "KSW",
            ETag::NE => "NE",
            ETag::SE => "SE",
        }
    }

    /// For a spoke, the corner it leads to (index into [`hex_corners`]).
    pub fn spoke_corner(self) -> Option<usize> {
        SPOKES.iter().position(|&s| s == self)
    }
}

pub fn is_land(q: i32, r: i32) -> bool {
    let s = -q - r;
    q.abs().max(r.abs()).max(s.abs()) <= 2
}

/// The hexes a vertex touches (spec §A2; a plaza lies inside its hex).
pub fn vertex_hexes(q: i32, r: i32, t: VTag) -> [(i32, i32); 3] {
    match t {
        VTag::N => [(q, r), (q, r - 1), (q + 1, r - 1)],
        VTag::S => [(q, r), (q, r + 1), (q - 1, r + 1)],
        VTag::C => [(q, r), (q, r), (q, r)],
    }
}

/// The two hexes an edge separates (a spoke lies inside its hex).
pub fn edge_hexes(q: i32, r: i32, t: ETag) -> [(i32, i32); 2] {
    match t {
        ETag::NE => [(q, r), (q + 1, r - 1)],
        ETag::E => [(q, r), (q + 1, r)],
        ETag::SE => [(q, r), (q, r + 1)],
        _ => [(q, r), (q, r)],
    }
}

/// Endpoints of an edge (spec §A2; a spoke runs from the plaza `C(q,r)` to its corner).
pub fn edge_ends(q: i32, r: i32, t: ETag) -> [(i32, i32, VTag); 2] {
    match t {
        ETag::NE => [(q, r, VTag::N), (q + 1, r - 1, VTag::S)],
        ETag::E => [(q + 1, r - 1, VTag::S), (q, r + 1, VTag::N)],
        ETag::SE => [(q, r + 1, VTag::N), (q, r, VTag::S)],
        _ => {
            let k = t.spoke_corner().unwrap_or(0);
            [(q, r, VTag::C), hex_corners(q, r)[k]]
        }
    }
}

/// Corners of hex `(q, r)` clockwise from the top: N, NE, SE, S, SW, NW.
pub fn hex_corners(q: i32, r: i32) -> [(i32, i32, VTag); 6] {
    [
        (q, r, VTag::N),
        (q + 1, r - 1, VTag::S),
        (q, r + 1, VTag::N),
        (q, r, VTag::S),
        (q - 1, r + 1, VTag::N),
        (q, r - 1, VTag::S),
    ]
}

/// Parse an edge direction, rewriting the aliases `W`, `NW`, `SW` to their canonical names
/// (spokes `KN`, `KNE`, `KSE`, `KS`, `KSW`, `KNW` are read as they are).
pub fn canonical_edge(q: i32, r: i32, dir: &str) -> Option<(i32, i32, ETag)> {
    match dir {
        "NE" => Some((q, r, ETag::NE)),
        "E" => Some((q, r, ETag::E)),
        "SE" => Some((q, r, ETag::SE)),
        "W" => Some((q - 1, r, ETag::E)),
        "NW" => Some((q, r - 1, ETag::SE)),
        "SW" => Some((q - 1, r + 1, ETag::NE)),
        _ => SPOKES.iter().find(|t| t.name() == dir).map(|&t| (q, r, t)),
    }
}

pub fn parse_vtag(s: &str) -> Option<VTag> {
    match s {
        "C" => Some(VTag::C),
        "N" => Some(VTag::N),
        "S" => Some(VTag::S),
        _ => None,
    }
}

/// Precomputed tables for one board shape. Compared by identity: every shape is built once and
/// cached, so two games on the same shape share one `&'static Geometry`.
pub struct Geometry {
    /// Short name of the shape, for messages ("base", "trade hexes (2,-2) (-2,0) (0,2)").
    pub name: String,
    /// Numbers of land hexes, vertices and edges (paths).
    pub nh: usize,
    pub nv: usize,
    pub ne: usize,
    /// Land hexes sorted by `(q, r)`; the index is the hex id.
    pub hexes: Vec<(i32, i32)>,
    pub vertices: Vec<(i32, i32, VTag)>,
    pub edges: Vec<(i32, i32, ETag)>,
    /// Land hexes touching each vertex (`NONE` padded; a plaza touches only its own hex).
    pub vertex_hexes: [[u8; 3]; MAX_VERTS],
    /// Vertices adjacent to each vertex, as a bitset.
    pub vertex_nbrs: [u64; MAX_VERTS],
    /// Edges touching each vertex, as a bitset and as a list (`NONE` padded; a plaza has 4).
    pub vertex_edges: [u128; MAX_VERTS],
    pub vertex_edge_list: [[u8; 4]; MAX_VERTS],
    pub edge_ends: [[u8; 2]; MAX_EDGES],
    /// Corners of each land hex (N, NE, SE, S, SW, NW; `NONE` for a removed dead corner) and as a
    /// bitset.
    pub hex_corners: [[u8; 6]; MAX_HEXES],
    pub hex_corner_mask: [u64; MAX_HEXES],
    /// Land hexes adjacent to each land hex, as a bitset over hex ids.
    pub hex_nbrs: [u32; MAX_HEXES],
    /// Edges with land on one side and sea on the other.
    pub coastal_edges: u128,
    /// Every vertex / edge id of this shape.
    pub vertex_mask: u64,
    pub edge_mask: u128,
    /// Vertices that may hold a settlement or city (every vertex but the plazas).
    pub buildable: u64,
    /// Trade-hex plazas and spokes (spec §B9.3; empty on the base board).
    pub plazas: u64,
    pub spokes: u128,
    /// Trade hexes (bitset over hex ids) and the plaza of each hex (`NONE` for other hexes).
    pub trade_hexes: u32,
    pub plaza: [u8; MAX_HEXES],
    hex_index: HashMap<(i32, i32), u8>,
    vertex_index: HashMap<(i32, i32, VTag), u8>,
    edge_index: HashMap<(i32, i32, ETag), u8>,
}

impl std::fmt::Debug for Geometry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Geometry({})", self.name)
    }
}

impl PartialEq for Geometry {
    fn eq(&self, other: &Geometry) -> bool {
        std::ptr::eq(self, other) || self.name == other.name
    }
}

/// The 19 land hexes of the base board, sorted.
fn base_land() -> Vec<(i32, i32)> {
    let mut hexes = Vec::new();
    for q in -2..=2 {
        for r in -2..=2 {
            if is_land(q, r) {
                hexes.push((q, r));
            }
        }
    }
    hexes.sort();
    hexes
}

impl Geometry {
    /// The base board: every hex with `max(|q|,|r|,|s|) <= 2` is land.
    pub fn base() -> &'static Geometry {
        static G: OnceLock<Geometry> = OnceLock::new();
        G.get_or_init(|| {
            let g = Geometry::build("base", &base_land(), &[]).expect("the base board is valid");
            assert_eq!((g.nh, g.nv, g.ne), (NH, NV, NE));
            g
        })
    }

    /// The base island with trade hexes at `trade` (spec §B9.3): each must be a corner ("cape")
    /// hex of the island, with three sea-side edges. Built once per set of positions and cached.
    pub fn with_trade_hexes(trade: &[(i32, i32)]) -> Result<&'static Geometry, String> {
        static CACHE: Mutex<Vec<&'static Geometry>> = Mutex::new(Vec::new());
        let mut key: Vec<(i32, i32)> = trade.to_vec();
        key.sort();
        key.dedup();
        if key.len() != trade.len() {
            return Err("a trade hex is listed twice".into());
        }
        let name = format!(
            "trade hexes {}",
            key.iter()
                .map(|(q, r)| format!("({q},{r})"))
                .collect::<Vec<_>>()
                .join(" ")
        );
        let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(g) = cache.iter().find(|g| g.name == name) {
            return Ok(g);
        }
        for &(q, r) in &key {
            if !is_land(q, r) {
                return Err(format!("trade hex ({q},{r}) is not a land hex"));
            }
            let sea = [(1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1)]
                .iter()
                .filter(|(dq, dr)| !is_land(q + dq, r + dr))
                .count();
            if sea != 3 {
                return Err(format!(
                    "trade hex ({q},{r}) must take a corner of the island (three sea-side edges, spec B9.2)"
                ));
            }
        }
        let g: &'static Geometry = Box::leak(Box::new(Geometry::build(&name, &base_land(), &key)?));
        cache.push(g);
        Ok(g)
    }

    /// Build the tables for the land hexes `land`, of which `trade` are trade hexes (spec §B9.3:
    /// a plaza joined by spokes to the hex's land corners; its sea-side edges and the corners
    /// touching only them are removed). Ids are dense in `(q, r, tag)` order (spec §A2).
    pub fn build(
        name: &str,
        land: &[(i32, i32)],
        trade: &[(i32, i32)],
    ) -> Result<Geometry, String> {
        let mut hexes: Vec<(i32, i32)> = land.to_vec();
        hexes.sort();
        hexes.dedup();
        let land_set: std::collections::HashSet<(i32, i32)> = hexes.iter().copied().collect();
        let is_l = |h: &(i32, i32)| land_set.contains(h);
        for t in trade {
            if !is_l(t) {
                return Err(format!("trade hex ({},{}) is not a land hex", t.0, t.1));
            }
        }
        let is_trade = |h: &(i32, i32)| trade.contains(h);
        // A corner of a trade hex whose two other hexes are sea is dead (spec §B9.3).
        let dead = |v: &(i32, i32, VTag)| {
            let hs = vertex_hexes(v.0, v.1, v.2);
            hs.iter().any(is_trade) && hs.iter().filter(|h| is_l(h)).count() == 1
        };
        // A trade hex's edge with sea on the other side is closed.
        let closed = |e: &(i32, i32, ETag)| {
            let hs = edge_hexes(e.0, e.1, e.2);
            hs.iter().any(is_trade) && hs.iter().filter(|h| is_l(h)).count() == 1
        };
        let (mut qmin, mut qmax, mut rmin, mut rmax) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
        for &(q, r) in &hexes {
            qmin = qmin.min(q);
            qmax = qmax.max(q);
            rmin = rmin.min(r);
            rmax = rmax.max(r);
        }
        let mut verts = Vec::new();
        let mut edges = Vec::new();
        for q in qmin - 2..=qmax + 2 {
            for r in rmin - 2..=rmax + 2 {
                for t in [VTag::N, VTag::S] {
                    let v = (q, r, t);
                    if vertex_hexes(q, r, t).iter().any(is_l) && !dead(&v) {
                        verts.push(v);
                    }
                }
                for t in [ETag::E, ETag::NE, ETag::SE] {
                    let e = (q, r, t);
                    if edge_hexes(q, r, t).iter().any(is_l) && !closed(&e) {
                        edges.push(e);
                    }
                }
            }
        }
        for &(q, r) in trade {
            verts.push((q, r, VTag::C));
            for (k, c) in hex_corners(q, r).iter().enumerate() {
                if !dead(c) {
                    edges.push((q, r, SPOKES[k]));
                }
            }
        }
        verts.sort();
        edges.sort();
        if hexes.len() > MAX_HEXES || verts.len() > MAX_VERTS || edges.len() > MAX_EDGES {
            return Err(format!(
                "board too large: {} hexes, {} vertices, {} edges (at most {MAX_HEXES}, {MAX_VERTS}, {MAX_EDGES})",
                hexes.len(),
                verts.len(),
                edges.len()
            ));
        }
        let hex_index: HashMap<(i32, i32), u8> = hexes
            .iter()
            .enumerate()
            .map(|(i, &h)| (h, i as u8))
            .collect();
        let vertex_index: HashMap<(i32, i32, VTag), u8> = verts
            .iter()
            .enumerate()
            .map(|(i, &v)| (v, i as u8))
            .collect();
        let edge_index: HashMap<(i32, i32, ETag), u8> = edges
            .iter()
            .enumerate()
            .map(|(i, &e)| (e, i as u8))
            .collect();
        let mut g = Geometry {
            name: name.to_string(),
            nh: hexes.len(),
            nv: verts.len(),
            ne: edges.len(),
            hexes: hexes.clone(),
            vertices: verts.clone(),
            edges: edges.clone(),
            vertex_hexes: [[NONE; 3]; MAX_VERTS],
            vertex_nbrs: [0; MAX_VERTS],
            vertex_edges: [0; MAX_VERTS],
            vertex_edge_list: [[NONE; 4]; MAX_VERTS],
            edge_ends: [[0; 2]; MAX_EDGES],
            hex_corners: [[NONE; 6]; MAX_HEXES],
            hex_corner_mask: [0; MAX_HEXES],
            hex_nbrs: [0; MAX_HEXES],
            coastal_edges: 0,
            vertex_mask: if verts.len() == 64 {
                u64::MAX
            } else {
                (1u64 << verts.len()) - 1
            },
            edge_mask: if edges.len() == 128 {
                u128::MAX
            } else {
                (1u128 << edges.len()) - 1
            },
            buildable: 0,
            plazas: 0,
            spokes: 0,
            trade_hexes: 0,
            plaza: [NONE; MAX_HEXES],
            hex_index,
            vertex_index,
            edge_index,
        };
        for (v, &(q, r, t)) in verts.iter().enumerate() {
            if t == VTag::C {
                let h = g.hex_index[&(q, r)];
                g.vertex_hexes[v][0] = h;
                g.plazas |= 1 << v;
                g.plaza[h as usize] = v as u8;
                g.trade_hexes |= 1 << h;
                continue;
            }
            g.buildable |= 1 << v;
            let mut k = 0;
            for (a, b) in vertex_hexes(q, r, t) {
                if let Some(&h) = g.hex_index.get(&(a, b)) {
                    g.vertex_hexes[v][k] = h;
                    k += 1;
                }
            }
        }
        for (e, &(q, r, t)) in edges.iter().enumerate() {
            let ends = edge_ends(q, r, t);
            let (Some(&a), Some(&b)) = (g.vertex_index.get(&ends[0]), g.vertex_index.get(&ends[1]))
            else {
                return Err(format!(
                    "edge {}({q},{r}) has an end off the board",
                    t.name()
                ));
            };
            g.edge_ends[e] = [a, b];
            g.vertex_nbrs[a as usize] |= 1 << b;
            g.vertex_nbrs[b as usize] |= 1 << a;
            for x in [a, b] {
                g.vertex_edges[x as usize] |= 1u128 << e;
                let list = &mut g.vertex_edge_list[x as usize];
                if let Some(slot) = list.iter_mut().find(|s| **s == NONE) {
                    *slot = e as u8;
                }
            }
            if t.spoke_corner().is_some() {
                g.spokes |= 1u128 << e;
            } else if edge_hexes(q, r, t).iter().filter(|h| is_l(h)).count() == 1 {
                g.coastal_edges |= 1u128 << e;
            }
        }
        for (h, &(q, r)) in hexes.iter().enumerate() {
            for (k, c) in hex_corners(q, r).iter().enumerate() {
                if let Some(&v) = g.vertex_index.get(c) {
                    g.hex_corners[h][k] = v;
                    g.hex_corner_mask[h] |= 1 << v;
                }
            }
            for (dq, dr) in [(1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1)] {
                if let Some(&n) = g.hex_index.get(&(q + dq, r + dr)) {
                    g.hex_nbrs[h] |= 1 << n;
                }
            }
        }
        Ok(g)
    }

    /// Whether this is the base board's shape.
    pub fn is_base(&self) -> bool {
        std::ptr::eq(self, Geometry::base())
    }

    pub fn hex_id(&self, q: i32, r: i32) -> Option<usize> {
        self.hex_index.get(&(q, r)).map(|&i| i as usize)
    }
    pub fn vertex_id(&self, q: i32, r: i32, t: VTag) -> Option<usize> {
        self.vertex_index.get(&(q, r, t)).map(|&i| i as usize)
    }
    pub fn edge_id(&self, q: i32, r: i32, t: ETag) -> Option<usize> {
        self.edge_index.get(&(q, r, t)).map(|&i| i as usize)
    }

    /// `N(0,-2)` style name of a vertex.
    pub fn vertex_name(&self, v: usize) -> String {
        match self.vertices.get(v) {
            Some(&(q, r, t)) => format!("{}({},{})", t.name(), q, r),
            None => format!("vertex#{v}"),
        }
    }
    /// `NE(0,-2)` style name of an edge.
    pub fn edge_name(&self, e: usize) -> String {
        match self.edges.get(e) {
            Some(&(q, r, t)) => format!("{}({},{})", t.name(), q, r),
            None => format!("edge#{e}"),
        }
    }
    pub fn hex_name(&self, h: usize) -> String {
        match self.hexes.get(h) {
            Some(&(q, r)) => format!("({},{})", q, r),
            None => format!("hex#{h}"),
        }
    }

    /// The vertex shared by two edges, if they are adjacent.
    pub fn shared_vertex(&self, a: usize, b: usize) -> Option<usize> {
        let [a0, a1] = self.edge_ends[a];
        let [b0, b1] = self.edge_ends[b];
        if a0 == b0 || a0 == b1 {
            Some(a0 as usize)
        } else if a1 == b0 || a1 == b1 {
            Some(a1 as usize)
        } else {
            None
        }
    }

    /// The other end of edge `e` from vertex `v`.
    #[inline]
    pub fn other_end(&self, e: usize, v: usize) -> usize {
        let [a, b] = self.edge_ends[e];
        (a ^ b ^ v as u8) as usize
    }
}

/// Iterate the set bits of a `u64`, ascending.
#[inline]
pub fn bits64(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(i)
        }
    })
}

/// Iterate the set bits of a `u128`, ascending.
#[inline]
pub fn bits128(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(i)
        }
    })
}

// ----- B9 trade hexes: the edges they close and where a harbour on one goes -----

/// A sea-side edge of one of `geo`'s trade hexes, which the board closes (spec §B9.3, D-94).
pub(crate) fn is_closed_edge(geo: &Geometry, e: (i32, i32, ETag)) -> bool {
    let base = Geometry::base();
    geo.trade_hexes != 0
        && geo.edge_id(e.0, e.1, e.2).is_none()
        && base
            .edge_id(e.0, e.1, e.2)
            .is_some_and(|id| base.coastal_edges & (1u128 << id) != 0)
        && edge_hexes(e.0, e.1, e.2).iter().any(|&(q, r)| {
            geo.hex_id(q, r)
                .is_some_and(|h| geo.trade_hexes & (1 << h) != 0)
        })
}

/// D-91: the edge a harbour given on the closed edge `closed` moves to. Candidates are the
/// board's coastal edges without a harbour (both endpoints of every such edge are usable land
/// corners: a dead corner only touches closed edges). The nearest is the one fewest steps away
/// along the island's coastline (the ring of the base board's 30 coastal edges, each step to
/// the next edge sharing a corner; the closed edges count as steps); a tie goes to the lower
/// edge id, i.e. the first in the `(q, r, tag)` order of §A2.
pub(crate) fn relocate_harbor(
    geo: &Geometry,
    closed: (i32, i32, ETag),
    harbors: &[u8],
) -> Result<usize, String> {
    let base = Geometry::base();
    let start = base
        .edge_id(closed.0, closed.1, closed.2)
        .ok_or("D-91: not an edge of the base board")?;
    // Steps along the coast from the closed edge (breadth-first over the ring).
    let mut dist = [u32::MAX; MAX_EDGES];
    dist[start] = 0;
    let mut frontier = vec![start];
    while let Some(e) = frontier.pop() {
        for &v in &base.edge_ends[e] {
            for f in bits128(base.vertex_edges[v as usize] & base.coastal_edges) {
                if dist[f] == u32::MAX {
                    dist[f] = dist[e] + 1;
                    frontier.insert(0, f);
                }
            }
        }
    }
    let steps = |e: usize| {
        let (q, r, t) = geo.edges[e];
        base.edge_id(q, r, t).map_or(u32::MAX, |b| dist[b])
    };
    bits128(geo.coastal_edges)
        .filter(|&e| harbors[e] == NONE)
        .min_by_key(|&e| (steps(e), e))
        .ok_or_else(|| "map: no free coastal edge to move a harbour to (D-91)".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_match_spec() {
        let g = Geometry::base();
        let inland = (0..NV)
            .filter(|&v| g.vertex_hexes[v].iter().all(|&h| h != NONE))
            .count();
        assert_eq!(inland, 24);
        assert_eq!(g.coastal_edges.count_ones(), 30);
        for v in 0..NV {
            let deg = g.vertex_nbrs[v].count_ones();
            assert!((2..=3).contains(&deg));
            assert_eq!(g.vertex_edges[v].count_ones(), deg);
        }
        for e in 0..NE {
            let [a, b] = g.edge_ends[e];
            let adj = (g.vertex_edges[a as usize] | g.vertex_edges[b as usize]) & !(1u128 << e);
            assert!(adj.count_ones() <= 4);
        }
    }

    #[test]
    fn dense_id_order() {
        let g = Geometry::base();
        // The first vertex: smallest q, then r, then N < S.
        assert_eq!(g.vertices[0], (-3, 1, VTag::N));
        assert!(g.vertices.windows(2).all(|w| w[0] < w[1]));
        assert!(g.edges.windows(2).all(|w| w[0] < w[1]));
        // Edge tags sort E < NE < SE within one hex.
        let e = g.edge_id(0, 0, ETag::E).unwrap();
        assert_eq!(g.edge_id(0, 0, ETag::NE), Some(e + 1));
        assert_eq!(g.edge_id(0, 0, ETag::SE), Some(e + 2));
    }

    #[test]
    fn corners_of_centre() {
        let g = Geometry::base();
        let h = g.hex_id(0, 0).unwrap();
        for &v in &g.hex_corners[h] {
            assert!(g.vertex_hexes[v as usize].contains(&(h as u8)));
        }
        assert_eq!(g.hex_nbrs[h].count_ones(), 6);
    }

    /// Spec §B9.3 / EX-35 graph invariants of the trade-hex board (either role assignment uses
    /// the same three corners).
    #[test]
    fn trade_hex_board_matches_spec() {
        let g = Geometry::with_trade_hexes(&[(2, -2), (-2, 0), (0, 2)]).unwrap();
        assert_eq!(g.ne, 75);
        assert_eq!(g.nv, 51);
        assert_eq!(g.buildable.count_ones(), 48);
        assert_eq!(g.plazas.count_ones(), 3);
        assert_eq!(g.spokes.count_ones(), 12);
        for v in bits64(g.plazas) {
            assert_eq!(g.vertex_edges[v].count_ones(), 4);
        }
        // The spec's example spoke and removed pieces.
        let e = g.edge_id(2, -2, ETag::KSE).unwrap();
        let ends = g.edge_ends[e];
        assert!(ends.contains(&(g.vertex_id(2, -2, VTag::C).unwrap() as u8)));
        assert!(ends.contains(&(g.vertex_id(2, -1, VTag::N).unwrap() as u8)));
        for (q, r, t) in [
            (2, -2, VTag::N),
            (3, -3, VTag::S),
            (-2, -1, VTag::S),
            (0, 3, VTag::N),
        ] {
            assert_eq!(
                g.vertex_id(q, r, t),
                None,
                "dead corner {}({q},{r})",
                t.name()
            );
        }
        for (q, r, t) in [
            (2, -3, ETag::SE),
            (2, -2, ETag::NE),
            (-3, 0, ETag::E),
            (0, 2, ETag::SE),
        ] {
            assert_eq!(
                g.edge_id(q, r, t),
                None,
                "closed edge {}({q},{r})",
                t.name()
            );
        }
        // Plaza to plaza: 7 paths, not through the third plaza.
        let plazas: Vec<usize> = bits64(g.plazas).collect();
        for &a in &plazas {
            let mut dist = [u32::MAX; MAX_VERTS];
            dist[a] = 0;
            let mut frontier = vec![a];
            let mut d = 0;
            while !frontier.is_empty() {
                d += 1;
                let mut next = Vec::new();
                for v in frontier {
                    if v != a && g.plazas & (1 << v) != 0 {
                        continue;
                    }
                    for w in bits64(g.vertex_nbrs[v]) {
                        if dist[w] == u32::MAX {
                            dist[w] = d;
                            next.push(w);
                        }
                    }
                }
                frontier = next;
            }
            for &b in &plazas {
                if b != a {
                    assert_eq!(dist[b], 7);
                }
            }
        }
        // Cached: the same positions give the same tables.
        let g2 = Geometry::with_trade_hexes(&[(0, 2), (2, -2), (-2, 0)]).unwrap();
        assert!(std::ptr::eq(g, g2));
        assert!(!g.is_base() && Geometry::base().is_base());
        assert!(Geometry::with_trade_hexes(&[(1, -1)]).is_err());
        assert!(Geometry::with_trade_hexes(&[(1, -2)]).is_err());
    }

    #[test]
    fn base_board_has_no_trade_pieces() {
        let g = Geometry::base();
        assert_eq!((g.nh, g.nv, g.ne), (NH, NV, NE));
        assert_eq!(g.buildable, g.vertex_mask);
        assert_eq!(g.plazas | g.trade_hexes as u64, 0);
        assert_eq!(g.spokes, 0);
    }
}
