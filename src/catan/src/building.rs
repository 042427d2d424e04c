//! Building (spec §A7): where roads, settlements and cities may go, placing them, the derived
//! occupancy masks, and Longest Road.

use crate::geometry::{bits128, bits64, Geometry, NONE};
use crate::ids::*;
use crate::state::Catan;

/// The road edges connected to the vertices `start` (through any vertex).
pub(crate) fn flood(g: &Geometry, roads: u128, start: u64) -> u128 {
    let mut verts = start;
    let mut edges = 0u128;
    loop {
        let mut e2 = edges;
        for v in bits64(verts) {
            e2 |= g.vertex_edges[v] & roads;
        }
        if e2 == edges {
            return edges;
        }
        edges = e2;
        for e in bits128(edges) {
            let [a, b] = g.edge_ends[e];
            verts |= (1u64 << a) | (1u64 << b);
        }
    }
}

/// Longest trail from `v` using unused edges of `roads`; `opp` vertices cannot be passed through.
/// Edges in `double` count 2 (B7 camels; 0 otherwise).
pub(crate) fn trail(
    g: &Geometry,
    roads: u128,
    double: u128,
    opp: u64,
    v: usize,
    used: u128,
    start: bool,
) -> u8 {
    if !start && opp & (1u64 << v) != 0 {
        return 0;
    }
    let mut best = 0;
    let mut avail = g.vertex_edges[v] & roads & !used;
    while avail != 0 {
        let e = avail.trailing_zeros() as usize;
        avail &= avail - 1;
        let [a, b] = g.edge_ends[e];
        let w = (a ^ b ^ v as u8) as usize;
        let l = 1
            + ((double >> e) & 1) as u8
            + trail(g, roads, double, opp, w, used | (1u128 << e), false);
        best = best.max(l);
    }
    best
}

impl Catan {
    pub(crate) fn place_settlement(&mut self, p: usize, v: usize) {
        let g = self.geo();
        self.settlements[p] |= 1 << v;
        self.occupied |= 1 << v;
        self.blocked |= (1 << v) | g.vertex_nbrs[v];
    }

    pub(crate) fn place_road(&mut self, p: usize, e: usize) {
        let g = self.geo();
        self.roads[p] |= 1u128 << e;
        self.all_roads |= 1u128 << e;
        let [a, b] = g.edge_ends[e];
        self.road_verts[p] |= (1u64 << a) | (1u64 << b);
    }

    /// Pay for and build a road on edge `e` (main phase).
    pub(crate) fn build_road(&mut self, p: usize, e: usize) {
        self.pay(p, &COST_ROAD);
        self.place_road(p, e);
        let l = self.longest_after_build(p, e);
        if l != self.road_len[p] {
            self.road_len[p] = l;
            self.update_longest_road();
        }
        self.road_placed(p, e);
        self.after_road(p);
    }

    /// Rebuild the derived bitsets and road lengths from the pieces.
    pub(crate) fn rebuild_derived(&mut self) {
        let g = self.geo();
        self.occupied = 0;
        self.blocked = 0;
        self.all_roads = 0;
        for p in 0..MAX_PLAYERS {
            let b = self.settlements[p] | self.cities[p];
            self.occupied |= b;
            for v in bits64(b) {
                self.blocked |= (1 << v) | g.vertex_nbrs[v];
            }
            self.all_roads |= self.roads[p];
            self.road_verts[p] = 0;
            for e in bits128(self.roads[p]) {
                let [a, b] = g.edge_ends[e];
                self.road_verts[p] |= (1u64 << a) | (1u64 << b);
            }
        }
        for p in 0..MAX_PLAYERS {
            self.road_len[p] = self.longest_road_of(p);
        }
        self.board.derive();
    }

    /// Edges where `p` may build a road now (free, connected to own piece, not through an
    /// opponent's building; never a B6 bridge site).
    pub(crate) fn road_spots(&self, p: usize) -> u128 {
        self.road_candidates(p) & !self.no_road_edges()
    }

    /// Free edges connected to `p`'s pieces, not through an opponent's building.
    pub(crate) fn road_candidates(&self, p: usize) -> u128 {
        let g = self.geo();
        let own = self.settlements[p] | self.cities[p];
        let opp = self.occupied & !own;
        let verts = own | (self.road_verts[p] & !opp);
        let mut cand = 0u128;
        for v in bits64(verts) {
            cand |= g.vertex_edges[v];
        }
        cand & !self.all_roads & !self.closed_edges()
    }

    pub(crate) fn settlement_spots(&self, p: usize) -> u64 {
        self.road_verts[p] & !self.blocked & !self.closed_vertices() & self.geo().buildable
    }

    /// Length of the longest trail of `p`'s roads not passing through an opponent's building.
    ///
    /// A longest trail can be taken to start at a vertex of odd degree (1 or 3 here) or at an
    /// opponent's building: from any other start (degree 2) it could be extended backwards.
    /// Components without such a vertex are simple cycles, whose longest trail is the cycle.
    pub fn longest_road_of(&self, p: usize) -> u8 {
        self.longest_in(p, self.roads[p])
    }

    /// The longest road of `p` after building edge `e`: only the road network containing `e`
    /// changed, so only its trails are searched (the old length covers the others).
    pub(crate) fn longest_after_build(&self, p: usize, e: usize) -> u8 {
        let g = self.geo();
        let [a, b] = g.edge_ends[e];
        let comp = flood(g, self.roads[p], (1u64 << a) | (1u64 << b));
        self.road_len[p].max(self.longest_in(p, comp))
    }

    /// Longest trail of `p` that starts in the road edges `within` (a union of components).
    /// B7: a road under a camel counts 2 (`double`).
    pub(crate) fn longest_in(&self, p: usize, within: u128) -> u8 {
        let roads = self.roads[p];
        if within == 0 {
            return 0;
        }
        let double = self.double_road_edges();
        let g = self.geo();
        let own = self.settlements[p] | self.cities[p];
        let opp = self.occupied & !own;
        let mut verts = 0u64;
        for e in bits128(within) {
            let [a, b] = g.edge_ends[e];
            verts |= (1u64 << a) | (1u64 << b);
        }
        let mut starts = 0u64;
        for v in bits64(verts) {
            let deg = (g.vertex_edges[v] & roads).count_ones();
            if deg != 2 || opp & (1u64 << v) != 0 {
                starts |= 1u64 << v;
            }
        }
        let total = (within.count_ones() + (within & double).count_ones()) as u8;
        let mut best = 0;
        for v in bits64(starts) {
            best = best.max(trail(g, roads, double, opp, v, 0, true));
            if best == total {
                return best;
            }
        }
        // Edges not reachable from a start vertex form simple cycles.
        let mut rest = within & !flood(g, roads, starts);
        while rest != 0 {
            let e = rest.trailing_zeros() as usize;
            let comp = flood(g, roads, 1u64 << g.edge_ends[e][0]);
            best =
                best.max(((comp & rest).count_ones() + (comp & rest & double).count_ones()) as u8);
            rest &= !comp;
        }
        best
    }

    /// Recompute the holder of Longest Road after lengths changed (spec §A8, including the
    /// broken-road rule and ties keeping the holder).
    pub(crate) fn update_longest_road(&mut self) {
        if !self.longest_road_card() {
            return;
        }
        // B4: the neutral players (seats 2 and 3) may hold Longest Road too.
        let n = self.road_seats();
        let m = (0..n).map(|p| self.road_len[p]).max().unwrap_or(0);
        let at_max = (0..n).filter(|&p| self.road_len[p] == m).count();
        let sole = (0..n).find(|&p| self.road_len[p] == m);
        let h = self.longest_road as usize;
        if h < n {
            if self.road_len[h] == m && m >= 5 {
                return;
            }
            self.longest_road = if m >= 5 && at_max == 1 {
                sole.map(|p| p as u8).unwrap_or(NONE)
            } else {
                NONE
            };
        } else if m >= 5 && at_max == 1 {
            self.longest_road = sole.map(|p| p as u8).unwrap_or(NONE);
        }
    }

    /// A settlement of `p` on `v` may break other players' roads (spec §A8): recompute them.
    pub(crate) fn settlement_breaks_roads(&mut self, p: usize, v: usize) {
        let mut changed = false;
        for q in 0..self.road_seats() {
            if q != p && self.road_verts[q] & (1u64 << v) != 0 {
                let l = self.longest_road_of(q);
                changed |= l != self.road_len[q];
                self.road_len[q] = l;
            }
        }
        if changed {
            self.update_longest_road();
        }
    }
}
