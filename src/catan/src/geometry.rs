//! Board geometry of spec §A2: pointy-top axial hexes, vertex names `N(q,r)` / `S(q,r)`, edge names
//! `NE(q,r)` / `E(q,r)` / `SE(q,r)`, and the dense ids (sorted by `(q, r, tag)`).
//!
//! The tables are built once from the set of land hexes (`Geometry::from_land`) and cached, so the
//! hot paths only index plain arrays and bitsets (vertices in a `u64`, edges in a `u128`). The base
//! board has 19 land hexes, 54 vertices and 72 edges. Scenario boards (Traders & Barbarians) will
//! build their own `Geometry` from their hex set with the same numbering rule.

use std::collections::HashMap;
use std::sync::OnceLock;

/// Land hexes of the base board.
pub const NH: usize = 19;
/// Land vertices of the base board.
pub const NV: usize = 54;
/// Land edges (paths) of the base board.
pub const NE: usize = 72;

/// Marker for "no hex" in the small adjacency arrays.
pub const NONE: u8 = u8::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum VTag {
    N,
    S,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ETag {
    // Declared in the spec's sort order: E < NE < SE.
    E,
    NE,
    SE,
}

impl VTag {
    pub fn name(self) -> &'static str {
        match self {
            VTag::N => "N",
            VTag::S => "S",
        }
    }
}

impl ETag {
    pub fn name(self) -> &'static str {
        match self {
            ETag::E => "E",
            ETag::NE => "NE",
            ETag::SE => "SE",
        }
    }
}

pub fn is_land(q: i32, r: i32) -> bool {
    let s = -q - r;
    q.abs().max(r.abs()).max(s.abs()) <= 2
}

/// The hexes a vertex touches (spec §A2).
pub fn vertex_hexes(q: i32, r: i32, t: VTag) -> [(i32, i32); 3] {
    match t {
        VTag::N => [(q, r), (q, r - 1), (q + 1, r - 1)],
        VTag::S => [(q, r), (q, r + 1), (q - 1, r + 1)],
    }
}

/// The two hexes an edge separates.
pub fn edge_hexes(q: i32, r: i32, t: ETag) -> [(i32, i32); 2] {
    match t {
        ETag::NE => [(q, r), (q + 1, r - 1)],
        ETag::E => [(q, r), (q + 1, r)],
        ETag::SE => [(q, r), (q, r + 1)],
    }
}

/// Endpoints of an edge (spec §A2).
pub fn edge_ends(q: i32, r: i32, t: ETag) -> [(i32, i32, VTag); 2] {
    match t {
        ETag::NE => [(q, r, VTag::N), (q + 1, r - 1, VTag::S)],
        ETag::E => [(q + 1, r - 1, VTag::S), (q, r + 1, VTag::N)],
        ETag::SE => [(q, r + 1, VTag::N), (q, r, VTag::S)],
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

/// Parse an edge direction, rewriting the aliases `W`, `NW`, `SW` to their canonical names.
pub fn canonical_edge(q: i32, r: i32, dir: &str) -> Option<(i32, i32, ETag)> {
    match dir {
        "NE" => Some((q, r, ETag::NE)),
        "E" => Some((q, r, ETag::E)),
        "SE" => Some((q, r, ETag::SE)),
        "W" => Some((q - 1, r, ETag::E)),
        "NW" => Some((q, r - 1, ETag::SE)),
        "SW" => Some((q - 1, r + 1, ETag::NE)),
        _ => None,
    }
}

pub fn parse_vtag(s: &str) -> Option<VTag> {
    match s {
        "N" => Some(VTag::N),
        "S" => Some(VTag::S),
        _ => None,
    }
}

/// Precomputed tables for one board shape.
#[derive(Debug)]
pub struct Geometry {
    /// Land hexes sorted by `(q, r)`; the index is the hex id.
    pub hexes: [(i32, i32); NH],
    pub vertices: [(i32, i32, VTag); NV],
    pub edges: [(i32, i32, ETag); NE],
    /// Land hexes touching each vertex (`NONE` padded).
    pub vertex_hexes: [[u8; 3]; NV],
    /// Vertices adjacent to each vertex, as a bitset.
    pub vertex_nbrs: [u64; NV],
    /// Edges touching each vertex, as a bitset and as a list (`NONE` padded).
    pub vertex_edges: [u128; NV],
    pub vertex_edge_list: [[u8; 3]; NV],
    pub edge_ends: [[u8; 2]; NE],
    /// Corners of each land hex (N, NE, SE, S, SW, NW) and as a bitset.
    pub hex_corners: [[u8; 6]; NH],
    pub hex_corner_mask: [u64; NH],
    /// Land hexes adjacent to each land hex, as a bitset over hex ids.
    pub hex_nbrs: [u32; NH],
    /// Edges with land on one side and sea on the other.
    pub coastal_edges: u128,
    hex_index: HashMap<(i32, i32), u8>,
    vertex_index: HashMap<(i32, i32, VTag), u8>,
    edge_index: HashMap<(i32, i32, ETag), u8>,
}

impl Geometry {
    /// The base board: every hex with `max(|q|,|r|,|s|) <= 2` is land.
    pub fn base() -> &'static Geometry {
        static G: OnceLock<Geometry> = OnceLock::new();
        G.get_or_init(Geometry::build_base)
    }

    fn build_base() -> Geometry {
        let mut hexes = Vec::new();
        for q in -2..=2 {
            for r in -2..=2 {
                if is_land(q, r) {
                    hexes.push((q, r));
                }
            }
        }
        hexes.sort();
        let mut verts = Vec::new();
        let mut edges = Vec::new();
        for q in -4..=4 {
            for r in -4..=4 {
                for t in [VTag::N, VTag::S] {
                    if vertex_hexes(q, r, t).iter().any(|&(a, b)| is_land(a, b)) {
                        verts.push((q, r, t));
                    }
                }
                for t in [ETag::E, ETag::NE, ETag::SE] {
                    if edge_hexes(q, r, t).iter().any(|&(a, b)| is_land(a, b)) {
                        edges.push((q, r, t));
                    }
                }
            }
        }
        verts.sort();
        edges.sort();
        assert_eq!(hexes.len(), NH);
        assert_eq!(verts.len(), NV);
        assert_eq!(edges.len(), NE);
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
            hexes: [(0, 0); NH],
            vertices: [(0, 0, VTag::N); NV],
            edges: [(0, 0, ETag::E); NE],
            vertex_hexes: [[NONE; 3]; NV],
            vertex_nbrs: [0; NV],
            vertex_edges: [0; NV],
            vertex_edge_list: [[NONE; 3]; NV],
            edge_ends: [[0; 2]; NE],
            hex_corners: [[0; 6]; NH],
            hex_corner_mask: [0; NH],
            hex_nbrs: [0; NH],
            coastal_edges: 0,
            hex_index,
            vertex_index,
            edge_index,
        };
        g.hexes.copy_from_slice(&hexes);
        g.vertices.copy_from_slice(&verts);
        g.edges.copy_from_slice(&edges);
        for (v, &(q, r, t)) in verts.iter().enumerate() {
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
            let a = g.vertex_index[&ends[0]];
            let b = g.vertex_index[&ends[1]];
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
            let land = edge_hexes(q, r, t)
                .iter()
                .filter(|&&(a, b)| is_land(a, b))
                .count();
            if land == 1 {
                g.coastal_edges |= 1u128 << e;
            }
        }
        for (h, &(q, r)) in hexes.iter().enumerate() {
            for (k, c) in hex_corners(q, r).iter().enumerate() {
                let v = g.vertex_index[c];
                g.hex_corners[h][k] = v;
                g.hex_corner_mask[h] |= 1 << v;
            }
            for (dq, dr) in [(1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1)] {
                if let Some(&n) = g.hex_index.get(&(q + dq, r + dr)) {
                    g.hex_nbrs[h] |= 1 << n;
                }
            }
        }
        g
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
}
