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

    /// `neighbor(d)` is the `d`-th of `neighbors()`, in the documented order E, SE, SW, W, NW, NE
    /// (taken mod 6), and `is_adjacent` holds for exactly those six.
    #[test]
    fn neighbour_order_and_adjacency() {
        let h = Hex::new(2, -1);
        let want = [(3, -1), (2, 0), (1, 0), (1, -1), (2, -2), (3, -2)];
        for (d, &(q, r)) in want.iter().enumerate() {
            assert_eq!(h.neighbor(d), Hex::new(q, r), "direction {d}");
            assert_eq!(h.neighbor(d + 6), Hex::new(q, r), "direction {d} + 6");
            assert_eq!(h.neighbors()[d], Hex::new(q, r));
        }
        for q in -1..=5 {
            for r in -4..=2 {
                let o = Hex::new(q, r);
                assert_eq!(h.is_adjacent(o), want.contains(&(q, r)), "{o:?}");
            }
        }
    }

    #[test]
    fn cube_coordinate_and_distances() {
        assert_eq!(Hex::new(3, -1).s(), -2);
        assert_eq!(Hex::new(-2, -3).s(), 5);
        assert_eq!(Hex::new(3, -1).add(Hex::new(-1, 4)), Hex::new(2, 3));
        assert_eq!(Hex::new(3, -1).sub(Hex::new(-1, 4)), Hex::new(4, -5));
        let o = Hex::new(0, 0);
        assert_eq!(o.distance(o), 0);
        assert_eq!(o.distance(Hex::new(3, -1)), 3);
        assert_eq!(o.distance(Hex::new(2, 2)), 4);
        assert_eq!(Hex::new(2, 2).distance(o), 4);
        assert_eq!(Hex::new(1, -2).distance(Hex::new(-2, 3)), 5);
    }

    /// 60 degrees clockwise: (q, r, s) -> (-r, -s, -q), so east goes to south-east and on round
    /// the directions; a negative count turns the other way.
    #[test]
    fn rotation_steps() {
        for (k, &d) in DIRECTIONS.iter().enumerate() {
            assert_eq!(d.rotate(1), DIRECTIONS[(k + 1) % 6]);
            assert_eq!(d.rotate(-1), DIRECTIONS[(k + 5) % 6]);
            assert_eq!(d.rotate(2), DIRECTIONS[(k + 2) % 6]);
            assert_eq!(d.rotate(0), d);
        }
        assert_eq!(Hex::new(2, -1).rotate(1), Hex::new(1, 1));
        assert_eq!(Hex::new(2, -1).rotate(3), Hex::new(-2, 1));
        assert_eq!(Hex::new(2, -1).rotate(7), Hex::new(1, 1));
        let c = Hex::new(1, 1);
        assert_eq!(Hex::new(2, 1).rotate_around(c, 1), Hex::new(1, 2));
        assert_eq!(Hex::new(2, 1).rotate_around(c, 3), Hex::new(0, 1));
        assert_eq!(c.rotate_around(c, 2), c);
    }

    /// Odd-r offsets (odd rows shifted right) against the axial form `q = col - (row - (row & 1)) / 2`,
    /// and the offset neighbour table of Kingdom Builder's spec (§2.2): on an even row NE is
    /// (row-1, col), NW (row-1, col-1); on an odd row NE is (row-1, col+1), NW (row-1, col).
    #[test]
    fn odd_r_values_and_neighbour_table() {
        assert_eq!(Hex::from_odd_r(3, 0), Hex::new(3, 0));
        assert_eq!(Hex::from_odd_r(3, 1), Hex::new(3, 1));
        assert_eq!(Hex::from_odd_r(3, 2), Hex::new(2, 2));
        assert_eq!(Hex::from_odd_r(3, 3), Hex::new(2, 3));
        assert_eq!(Hex::from_odd_r(3, 5), Hex::new(1, 5));
        assert_eq!(Hex::from_odd_r(3, -1), Hex::new(4, -1));
        assert_eq!(Hex::from_odd_r(3, -2), Hex::new(4, -2));
        assert_eq!(Hex::new(1, 5).to_odd_r(), (3, 5));
        assert_eq!(Hex::new(2, 2).to_odd_r(), (3, 2));
        assert_eq!(Hex::new(4, -1).to_odd_r(), (3, -1));
        for row in 0..6 {
            for col in 0..6 {
                let odd = row & 1;
                let mut want = vec![
                    (col + 1, row),
                    (col - 1, row),
                    (col - 1 + odd, row - 1),
                    (col + odd, row - 1),
                    (col - 1 + odd, row + 1),
                    (col + odd, row + 1),
                ];
                let mut got: Vec<(i32, i32)> = Hex::from_odd_r(col, row)
                    .neighbors()
                    .iter()
                    .map(|n| n.to_odd_r())
                    .collect();
                want.sort();
                got.sort();
                assert_eq!(got, want, "({col}, {row})");
            }
        }
    }

    /// The hexes within a radius: 1 + 3r(r+1) of them, each once, every one within the radius,
    /// in (q, r) order.
    #[test]
    fn spiral_area_is_the_disc_in_order() {
        for radius in 0..5 {
            let v = Hex::spiral_area(radius);
            assert_eq!(v.len() as i32, 1 + 3 * radius * (radius + 1));
            assert!(v.windows(2).all(|w| w[0] < w[1]), "radius {radius}");
            let o = Hex::new(0, 0);
            assert!(v.iter().all(|h| h.distance(o) <= radius), "radius {radius}");
        }
        let one: Vec<(i32, i32)> = Hex::spiral_area(1).iter().map(|h| (h.q, h.r)).collect();
        assert_eq!(
            one,
            [(-1, 0), (-1, 1), (0, -1), (0, 0), (0, 1), (1, -1), (1, 0)]
        );
    }

    #[test]
    fn area_sizes() {
        assert_eq!(Hex::spiral_area(0).len(), 1);
        assert_eq!(Hex::spiral_area(2).len(), 19);
    }
}
