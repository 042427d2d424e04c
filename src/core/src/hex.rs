//! Hex-grid helpers shared by the hex-board games: axial coordinates, neighbours, distance,
//! rotation, and conversion from the "odd-r" offset rows that Kingdom Builder's board uses.
//!
//! Axial coordinates `(q, r)` with `s = -q - r`; the six directions are listed clockwise
//! starting east for pointy-top hexes.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Hex {
    pub q: i32,
    pub r: i32,
}

/// The six axial directions: E, SE, SW, W, NW, NE (pointy-top; clockwise from east).
pub const DIRECTIONS: [Hex; 6] = [
    Hex { q: 1, r: 0 },
    Hex { q: 0, r: 1 },
    Hex { q: -1, r: 1 },
    Hex { q: -1, r: 0 },
    Hex { q: 0, r: -1 },
    Hex { q: 1, r: -1 },
];

impl Hex {
    pub const fn new(q: i32, r: i32) -> Hex {
        Hex { q, r }
    }
    pub const fn s(self) -> i32 {
        -self.q - self.r
    }
    #[allow(clippy::should_implement_trait)]
    pub fn add(self, o: Hex) -> Hex {
        Hex::new(self.q + o.q, self.r + o.r)
    }
    #[allow(clippy::should_implement_trait)]
    pub fn sub(self, o: Hex) -> Hex {
        Hex::new(self.q - o.q, self.r - o.r)
    }
    /// Neighbour in direction `dir` (taken mod 6).
    pub fn neighbor(self, dir: usize) -> Hex {
        self.add(DIRECTIONS[dir % 6])
    }
    pub fn neighbors(self) -> [Hex; 6] {
        DIRECTIONS.map(|d| self.add(d))
    }
    pub fn distance(self, o: Hex) -> i32 {
        let d = self.sub(o);
        (d.q.abs() + d.r.abs() + d.s().abs()) / 2
    }
    pub fn is_adjacent(self, o: Hex) -> bool {
        self.distance(o) == 1
    }
    /// Rotate 60° clockwise about the origin, `steps` times (negative: counter-clockwise).
    pub fn rotate(self, steps: i32) -> Hex {
        let mut h = self;
        for _ in 0..steps.rem_euclid(6) {
            // (q, r, s) -> (-r, -s, -q)
            h = Hex::new(-h.r, -h.s());
        }
        h
    }
    /// Rotate about `center`.
    pub fn rotate_around(self, center: Hex, steps: i32) -> Hex {
        self.sub(center).rotate(steps).add(center)
    }
    /// From "odd-r" offset coordinates (column, row): pointy-top rows, odd rows shifted right.
    pub fn from_odd_r(col: i32, row: i32) -> Hex {
        Hex::new(col - (row - (row & 1)) / 2, row)
    }
    /// To "odd-r" offset coordinates (column, row).
    pub fn to_odd_r(self) -> (i32, i32) {
        (self.q + (self.r - (self.r & 1)) / 2, self.r)
    }
    /// All hexes within `radius` of the origin, in (q, r) order.
    pub fn spiral_area(radius: i32) -> Vec<Hex> {
        let mut v = Vec::new();
        for q in -radius..=radius {
            for r in (-radius).max(-q - radius)..=radius.min(-q + radius) {
                v.push(Hex::new(q, r));
            }
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_are_at_distance_one() {
        let h = Hex::new(2, -1);
        for n in h.neighbors() {
            assert_eq!(h.distance(n), 1);
        }
    }

    #[test]
    fn six_rotations_are_identity() {
        let h = Hex::new(3, -1);
        assert_eq!(h.rotate(6), h);
        assert_eq!(h.rotate(1).rotate(-1), h);
        assert_eq!(Hex::new(1, 0).rotate(1), Hex::new(0, 1));
    }

    #[test]
    fn rotation_keeps_distance() {
        let c = Hex::new(1, 1);
        let h = Hex::new(4, -2);
        for k in 0..6 {
            assert_eq!(h.rotate_around(c, k).distance(c), h.distance(c));
        }
    }

    #[test]
    fn odd_r_round_trip() {
        for row in -5..5 {
            for col in -5..5 {
                assert_eq!(Hex::from_odd_r(col, row).to_odd_r(), (col, row));
            }
        }
        // In odd-r, (0,1) touches (0,0) and (1,0).
        let a = Hex::from_odd_r(0, 1);
        assert!(a.is_adjacent(Hex::from_odd_r(0, 0)));
        assert!(a.is_adjacent(Hex::from_odd_r(1, 0)));
    }

    #[test]
    fn area_sizes() {
        assert_eq!(Hex::spiral_area(0).len(), 1);
        assert_eq!(Hex::spiral_area(2).len(), 19);
    }
}
