//! A 400-bit set over the board's hexes (`i = 20·row + col`), as seven `u64` words.
//!
//! The neighbour shifts implement the odd-r rule of the spec (§2.2) with whole-word shifts, so the
//! legal-set computations of §13 are a handful of word operations.

use crate::{COLS, NUM_HEXES};

pub(crate) const WORDS: usize = 7;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Bits(pub [u64; WORDS]);

/// The six directions in the spec's offset terms: E, W, NE, NW, SE, SW.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dir {
    E,
    W,
    NE,
    NW,
    SE,
    SW,
}

pub(crate) const DIRS: [Dir; 6] = [Dir::E, Dir::W, Dir::NE, Dir::NW, Dir::SE, Dir::SW];

impl Bits {
    pub const EMPTY: Bits = Bits([0; WORDS]);

    #[inline]
    pub fn single(i: usize) -> Bits {
        let mut b = Bits::EMPTY;
        b.set(i);
        b
    }

    #[inline]
    pub fn set(&mut self, i: usize) {
        if i < NUM_HEXES {
            self.0[i >> 6] |= 1u64 << (i & 63);
        }
    }

    #[inline]
    pub fn clear(&mut self, i: usize) {
        if i < NUM_HEXES {
            self.0[i >> 6] &= !(1u64 << (i & 63));
        }
    }

    #[inline]
    pub fn get(&self, i: usize) -> bool {
        i < NUM_HEXES && (self.0[i >> 6] >> (i & 63)) & 1 == 1
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline]
    pub fn any(&self) -> bool {
        !self.is_empty()
    }

    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    #[inline]
    pub fn and(self, o: Bits) -> Bits {
        let mut r = self;
        for k in 0..WORDS {
            r.0[k] &= o.0[k];
        }
        r
    }

    #[inline]
    pub fn or(self, o: Bits) -> Bits {
        let mut r = self;
        for k in 0..WORDS {
            r.0[k] |= o.0[k];
        }
        r
    }

    #[inline]
    pub fn andnot(self, o: Bits) -> Bits {
        let mut r = self;
        for k in 0..WORDS {
            r.0[k] &= !o.0[k];
        }
        r
    }

    #[inline]
    pub fn intersects(&self, o: &Bits) -> bool {
        (0..WORDS).any(|k| self.0[k] & o.0[k] != 0)
    }

    /// The lowest set index, if any.
    #[inline]
    pub fn first(&self) -> Option<usize> {
        for k in 0..WORDS {
            if self.0[k] != 0 {
                return Some(k * 64 + self.0[k].trailing_zeros() as usize);
            }
        }
        None
    }

    /// Set indices in ascending order.
    #[inline]
    pub fn iter(&self) -> BitIter {
        BitIter {
            words: self.0,
            k: 0,
        }
    }

    /// Shift every bit up by `n` (towards higher indices), `n < 64`. Bits past 400 are dropped.
    #[inline]
    fn shl(self, n: u32) -> Bits {
        let mut r = Bits::EMPTY;
        for k in (0..WORDS).rev() {
            let mut w = self.0[k] << n;
            if k > 0 && n > 0 {
                w |= self.0[k - 1] >> (64 - n);
            }
            r.0[k] = w;
        }
        r.and(valid())
    }

    /// Shift every bit down by `n` (towards lower indices), `n < 64`.
    #[inline]
    fn shr(self, n: u32) -> Bits {
        let mut r = Bits::EMPTY;
        for k in 0..WORDS {
            let mut w = self.0[k] >> n;
            if k + 1 < WORDS && n > 0 {
                w |= self.0[k + 1] << (64 - n);
            }
            r.0[k] = w;
        }
        r
    }

    /// `{h + d : h ∈ self}` restricted to the board (odd rows shifted right).
    #[inline]
    pub fn step(self, d: Dir) -> Bits {
        let m = masks();
        match d {
            Dir::E => self.andnot(m.col_last).shl(1),
            Dir::W => self.andnot(m.col0).shr(1),
            // even r: (r-1, c) = i-20; odd r: (r-1, c+1) = i-19
            Dir::NE => self
                .and(m.even)
                .shr(COLS as u32)
                .or(self.and(m.odd).andnot(m.col_last).shr(COLS as u32 - 1)),
            // even r: (r-1, c-1) = i-21; odd r: (r-1, c) = i-20
            Dir::NW => self
                .and(m.even)
                .andnot(m.col0)
                .shr(COLS as u32 + 1)
                .or(self.and(m.odd).shr(COLS as u32)),
            // even r: (r+1, c) = i+20; odd r: (r+1, c+1) = i+21
            Dir::SE => self
                .and(m.even)
                .shl(COLS as u32)
                .or(self.and(m.odd).andnot(m.col_last).shl(COLS as u32 + 1)),
            // even r: (r+1, c-1) = i+19; odd r: (r+1, c) = i+20
            Dir::SW => self
                .and(m.even)
                .andnot(m.col0)
                .shl(COLS as u32 - 1)
                .or(self.and(m.odd).shl(COLS as u32)),
        }
    }

    /// Every hex adjacent to some hex of `self`.
    #[inline]
    pub fn neighbours(self) -> Bits {
        let mut r = Bits::EMPTY;
        for d in DIRS {
            r = r.or(self.step(d));
        }
        r
    }

    /// (hexes with at least one neighbour in `self`, hexes with at least two).
    #[inline]
    pub fn neighbour_counts(self) -> (Bits, Bits) {
        let mut ones = Bits::EMPTY;
        let mut twos = Bits::EMPTY;
        for d in DIRS {
            let s = self.step(d);
            twos = twos.or(ones.and(s));
            ones = ones.or(s);
        }
        (ones, twos)
    }
}

pub(crate) struct BitIter {
    words: [u64; WORDS],
    k: usize,
}

impl Iterator for BitIter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.k < WORDS {
            let w = self.words[self.k];
            if w != 0 {
                self.words[self.k] = w & (w - 1);
                return Some(self.k * 64 + w.trailing_zeros() as usize);
            }
            self.k += 1;
        }
        None
    }
}

struct Masks {
    valid: Bits,
    even: Bits,
    odd: Bits,
    col0: Bits,
    col_last: Bits,
}

const fn build_masks() -> Masks {
    let mut m = Masks {
        valid: Bits([0; WORDS]),
        even: Bits([0; WORDS]),
        odd: Bits([0; WORDS]),
        col0: Bits([0; WORDS]),
        col_last: Bits([0; WORDS]),
    };
    let mut i = 0;
    while i < NUM_HEXES {
        let (r, c) = (i / COLS, i % COLS);
        let bit = 1u64 << (i & 63);
        m.valid.0[i >> 6] |= bit;
        if r % 2 == 0 {
            m.even.0[i >> 6] |= bit;
        } else {
            m.odd.0[i >> 6] |= bit;
        }
        if c == 0 {
            m.col0.0[i >> 6] |= bit;
        }
        if c == COLS - 1 {
            m.col_last.0[i >> 6] |= bit;
        }
        i += 1;
    }
    m
}

const MASKS: Masks = build_masks();

#[inline]
fn masks() -> &'static Masks {
    &MASKS
}

#[inline]
fn valid() -> Bits {
    MASKS.valid
}
