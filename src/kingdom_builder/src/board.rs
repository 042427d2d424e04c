//! Sectors, board assembly (§2) and the per-layout tables the rules use.
//!
//! Sector data: `data/kingdom_builder_sectors.json`, a copy of the project's shared transcription
//! of the Board Game Arena implementation's board arrays (see that file's `_source`). Its letters
//! are mapped as the spec's §14.4 says: `T` forest, `W` water, `K` castle, `L` the sector's
//! location.

use crate::bits::{Bits, DIRS};
use crate::{COLS, NUM_HEXES, ROWS};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex, OnceLock, Weak};

/// The five terrains of the terrain cards, which are also the buildable terrains.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Grass,
    Canyon,
    Desert,
    Flower,
    Forest,
}

impl Terrain {
    pub const ALL: [Terrain; 5] = [
        Terrain::Grass,
        Terrain::Canyon,
        Terrain::Desert,
        Terrain::Flower,
        Terrain::Forest,
    ];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn from_index(i: usize) -> Option<Terrain> {
        Terrain::ALL.get(i).copied()
    }
    pub fn name(self) -> &'static str {
        ["grass", "canyon", "desert", "flower", "forest"][self as usize]
    }
}

/// The eight sectors; each is named after its location, so this is also the location-tile type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sector {
    Oracle,
    Farm,
    Tavern,
    Tower,
    Harbor,
    Paddock,
    Barn,
    Oasis,
}

impl Sector {
    /// The spec's order (§12.4), used for the seeded draw of the sectors.
    pub const ALL: [Sector; 8] = [
        Sector::Oracle,
        Sector::Farm,
        Sector::Tavern,
        Sector::Tower,
        Sector::Harbor,
        Sector::Paddock,
        Sector::Barn,
        Sector::Oasis,
    ];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn from_index(i: usize) -> Option<Sector> {
        Sector::ALL.get(i).copied()
    }
    pub fn name(self) -> &'static str {
        [
            "oracle", "farm", "tavern", "tower", "harbor", "paddock", "barn", "oasis",
        ][self as usize]
    }
    pub fn from_name(s: &str) -> Option<Sector> {
        Sector::ALL.iter().copied().find(|x| x.name() == s)
    }
    /// Move-type tiles (Barn, Harbor, Paddock) move a settlement; the others build one.
    pub fn is_move(self) -> bool {
        matches!(self, Sector::Barn | Sector::Harbor | Sector::Paddock)
    }
}

/// Cell codes of the assembled board: 0..5 the buildable terrains (as [`Terrain`]), then these.
pub const WATER: u8 = 5;
pub const MOUNTAIN: u8 = 6;
pub const CASTLE: u8 = 7;
/// A location hex of type `t` is `LOCATION + t`.
pub const LOCATION: u8 = 8;

/// The spec's letters (§1) for a cell code, for pictures.
pub fn cell_letter(cell: u8) -> char {
    match cell {
        0 => 'G',
        1 => 'C',
        2 => 'D',
        3 => 'F',
        4 => 'W',
        WATER => 'L',
        MOUNTAIN => 'M',
        CASTLE => 'S',
        c => ['O', 'A', 'V', 'T', 'H', 'P', 'B', 'Z']
            .get((c - LOCATION) as usize)
            .copied()
            .unwrap_or('?'),
    }
}

/// Name of a cell code (observations).
pub fn cell_name(cell: u8) -> &'static str {
    match cell {
        0..=4 => Terrain::ALL[cell as usize].name(),
        WATER => "water",
        MOUNTAIN => "mountain",
        CASTLE => "castle",
        c => Sector::from_index((c - LOCATION) as usize)
            .map(|s| s.name())
            .unwrap_or("?"),
    }
}

#[derive(Deserialize)]
struct DataFile {
    boards: Vec<DataBoard>,
}

#[derive(Deserialize)]
struct DataBoard {
    name: String,
    rows: Vec<String>,
    location_hexes: Vec<[usize; 2]>,
    castle_hexes: Vec<[usize; 2]>,
}

/// The eight printed sectors as 10×10 cell codes, indexed by [`Sector`].
pub fn sector_cells() -> &'static [[u8; 100]; 8] {
    static DATA: OnceLock<[[u8; 100]; 8]> = OnceLock::new();
    DATA.get_or_init(|| {
        parse_sectors(include_str!("../data/kingdom_builder_sectors.json"))
            .expect("the embedded sector data is checked by the tests")
    })
}

fn parse_sectors(text: &str) -> Result<[[u8; 100]; 8], String> {
    let file: DataFile = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let mut out = [[0u8; 100]; 8];
    let mut seen = [false; 8];
    for b in &file.boards {
        let s = Sector::from_name(&b.name.to_lowercase())
            .ok_or_else(|| format!("unknown sector {}", b.name))?;
        if b.rows.len() != 10 {
            return Err(format!("{}: {} rows", b.name, b.rows.len()));
        }
        for (i, row) in b.rows.iter().enumerate() {
            if row.len() != 10 {
                return Err(format!("{}: row {i} has {} letters", b.name, row.len()));
            }
            for (j, ch) in row.chars().enumerate() {
                out[s.index()][10 * i + j] = match ch {
                    'G' => 0,
                    'C' => 1,
                    'D' => 2,
                    'F' => 3,
                    'T' => 4,
                    'W' => WATER,
                    'M' => MOUNTAIN,
                    'K' => CASTLE,
                    'L' => LOCATION + s.index() as u8,
                    other => return Err(format!("{}: letter {other}", b.name)),
                };
            }
        }
        for &[i, j] in &b.location_hexes {
            if i >= 10 || j >= 10 || out[s.index()][10 * i + j] != LOCATION + s.index() as u8 {
                return Err(format!("{}: location list disagrees at {i},{j}", b.name));
            }
        }
        for &[i, j] in &b.castle_hexes {
            if i >= 10 || j >= 10 || out[s.index()][10 * i + j] != CASTLE {
                return Err(format!("{}: castle list disagrees at {i},{j}", b.name));
            }
        }
        seen[s.index()] = true;
    }
    if seen.iter().any(|&x| !x) {
        return Err("a sector is missing".into());
    }
    Ok(out)
}

/// Where the printed local hex `(i, j)` of the sector at position `k` (0 TL, 1 TR, 2 BL, 3 BR)
/// lands on the 20×20 board (§2.3).
pub fn place_local(k: usize, rotated: bool, i: usize, j: usize) -> (usize, usize) {
    let (r0, c0) = (10 * (k / 2), 10 * (k % 2));
    if rotated {
        (r0 + 9 - i, c0 + 9 - j)
    } else {
        (r0 + i, c0 + j)
    }
}

/// The neighbours of `(row, col)` on the 20×20 board (§2.2), ascending.
pub fn neighbours(row: usize, col: usize) -> Vec<(usize, usize)> {
    if row >= ROWS || col >= COLS {
        return Vec::new();
    }
    geometry().neigh_mask[row * COLS + col]
        .iter()
        .map(|h| (h / COLS, h % COLS))
        .collect()
}

/// The hexes two straight steps away from `(row, col)` (the Paddock's reach), ascending.
pub fn paddock_reach(row: usize, col: usize) -> Vec<(usize, usize)> {
    if row >= ROWS || col >= COLS {
        return Vec::new();
    }
    let mut v: Vec<(usize, usize)> = geometry().jump[row * COLS + col]
        .iter()
        .filter(|&&t| t != NONE)
        .map(|&t| (t as usize / COLS, t as usize % COLS))
        .collect();
    v.sort_unstable();
    v
}

/// Layout-independent geometry tables.
pub(crate) struct Geometry {
    /// Neighbours of each hex (ascending), `NONE` padded.
    pub neigh: [[u16; 6]; NUM_HEXES],
    pub neigh_mask: [Bits; NUM_HEXES],
    /// Paddock targets: two steps in each straight direction, `NONE` when off the board.
    pub jump: [[u16; 6]; NUM_HEXES],
    pub edge: Bits,
    pub rows: [Bits; ROWS],
    pub sectors: [Bits; 4],
}

pub(crate) const NONE: u16 = u16::MAX;

pub(crate) fn geometry() -> &'static Geometry {
    static G: OnceLock<Box<Geometry>> = OnceLock::new();
    G.get_or_init(|| {
        let mut g = Box::new(Geometry {
            neigh: [[NONE; 6]; NUM_HEXES],
            neigh_mask: [Bits::EMPTY; NUM_HEXES],
            jump: [[NONE; 6]; NUM_HEXES],
            edge: Bits::EMPTY,
            rows: [Bits::EMPTY; ROWS],
            sectors: [Bits::EMPTY; 4],
        });
        for h in 0..NUM_HEXES {
            let one = Bits::single(h);
            let nm = one.neighbours();
            g.neigh_mask[h] = nm;
            for (k, n) in nm.iter().enumerate() {
                g.neigh[h][k] = n as u16;
            }
            for (k, d) in DIRS.iter().enumerate() {
                if let Some(t) = one.step(*d).step(*d).first() {
                    g.jump[h][k] = t as u16;
                }
            }
            let (r, c) = (h / COLS, h % COLS);
            if r == 0 || r == ROWS - 1 || c == 0 || c == COLS - 1 {
                g.edge.set(h);
            }
            g.rows[r].set(h);
            g.sectors[2 * (r / 10) + c / 10].set(h);
        }
        g
    })
}

/// One assembled board: 4 sectors with their orientation, and every table derived from it.
pub struct Layout {
    pub sectors: [Sector; 4],
    pub rotated: [bool; 4],
    pub cell: [u8; NUM_HEXES],
    pub(crate) terrain: [Bits; 5],
    pub(crate) water: Bits,
    pub(crate) mountain: Bits,
    pub(crate) buildable: Bits,
    pub(crate) special: Bits,
    /// Location hexes in ascending order, with their type.
    pub locs: Vec<(u16, Sector)>,
    pub(crate) loc_nbr: Vec<Bits>,
    /// Per hex: bit `k` set when the hex touches location `locs[k]`.
    pub(crate) loc_adj: [u8; NUM_HEXES],
    /// Special hexes (castles and locations) in ascending order.
    pub specials: Vec<u16>,
    pub(crate) special_nbr: Vec<Bits>,
}

/// The boards of live games (see [`Layout::shared`]).
static LIVE: Mutex<Vec<(u16, Weak<Layout>)>> = Mutex::new(Vec::new());

impl Layout {
    /// The layout of these sectors (distinct) and rotations, shared by every live game on the
    /// same board: a table of weak references finds it while some game holds it, and forgets
    /// it once the last one is dropped (so a long run keeps only the boards in use).
    pub fn shared(sectors: [Sector; 4], rotated: [bool; 4]) -> Arc<Layout> {
        let key = Layout::key(sectors, rotated) as u16;
        let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(l) = live
            .iter()
            .find(|(k, _)| *k == key)
            .and_then(|(_, w)| w.upgrade())
        {
            return l;
        }
        let l = Arc::new(Layout::build(sectors, rotated));
        live.retain(|(k, w)| *k != key && w.strong_count() > 0);
        live.push((key, Arc::downgrade(&l)));
        l
    }

    /// How many distinct boards live games hold now (the table's size, for tests).
    pub fn live_boards() -> usize {
        let live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
        live.iter().filter(|(_, w)| w.strong_count() > 0).count()
    }

    fn key(sectors: [Sector; 4], rotated: [bool; 4]) -> usize {
        let mut key = 0usize;
        for k in 0..4 {
            key |= sectors[k].index() << (3 * k);
            key |= (rotated[k] as usize) << (12 + k);
        }
        key
    }

    /// The same layout, interned for the life of the process: for tests and tools that look at
    /// a few fixed boards (games use [`Layout::shared`], so a long run does not accumulate them).
    pub fn get(sectors: [Sector; 4], rotated: [bool; 4]) -> &'static Layout {
        static TABLE: OnceLock<Vec<OnceLock<Box<Layout>>>> = OnceLock::new();
        let table = TABLE.get_or_init(|| (0..1 << 16).map(|_| OnceLock::new()).collect());
        table[Layout::key(sectors, rotated)]
            .get_or_init(|| Box::new(Layout::build(sectors, rotated)))
    }

    fn build(sectors: [Sector; 4], rotated: [bool; 4]) -> Layout {
        let data = sector_cells();
        let geo = geometry();
        let mut cell = [0u8; NUM_HEXES];
        for k in 0..4 {
            for i in 0..10 {
                for j in 0..10 {
                    let (r, c) = place_local(k, rotated[k], i, j);
                    cell[r * COLS + c] = data[sectors[k].index()][10 * i + j];
                }
            }
        }
        let mut l = Layout {
            sectors,
            rotated,
            cell,
            terrain: [Bits::EMPTY; 5],
            water: Bits::EMPTY,
            mountain: Bits::EMPTY,
            buildable: Bits::EMPTY,
            special: Bits::EMPTY,
            locs: Vec::new(),
            loc_nbr: Vec::new(),
            loc_adj: [0; NUM_HEXES],
            specials: Vec::new(),
            special_nbr: Vec::new(),
        };
        for (h, &c) in cell.iter().enumerate() {
            match c {
                0..=4 => {
                    l.terrain[c as usize].set(h);
                    l.buildable.set(h);
                }
                WATER => l.water.set(h),
                MOUNTAIN => l.mountain.set(h),
                _ => {
                    l.special.set(h);
                    l.specials.push(h as u16);
                    l.special_nbr.push(geo.neigh_mask[h]);
                    if c >= LOCATION {
                        if let Some(s) = Sector::from_index((c - LOCATION) as usize) {
                            l.locs.push((h as u16, s));
                            l.loc_nbr.push(geo.neigh_mask[h]);
                        }
                    }
                }
            }
        }
        for (k, &(h, _)) in l.locs.iter().enumerate() {
            for &n in &geo.neigh[h as usize] {
                if n != NONE {
                    l.loc_adj[n as usize] |= 1 << k;
                }
            }
        }
        l
    }

    /// Cell code at `(row, col)`.
    pub fn cell_at(&self, row: usize, col: usize) -> Option<u8> {
        if row < ROWS && col < COLS {
            Some(self.cell[row * COLS + col])
        } else {
            None
        }
    }

    /// Index into [`Layout::locs`] of a location hex.
    pub fn loc_index(&self, hex: usize) -> Option<usize> {
        self.locs.iter().position(|&(h, _)| h as usize == hex)
    }

    pub fn has_sector(&self, s: Sector) -> bool {
        self.sectors.contains(&s)
    }

    /// The rows of the board in the spec's letters, two spaces between the sectors.
    pub fn picture(&self) -> String {
        let mut s = String::new();
        for r in 0..ROWS {
            s.push_str(&format!("{r:02}:"));
            for c in 0..COLS {
                if c == 10 {
                    s.push(' ');
                }
                s.push(' ');
                s.push(cell_letter(self.cell[r * COLS + c]));
            }
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_data_parses() {
        assert!(parse_sectors(include_str!("../data/kingdom_builder_sectors.json")).is_ok());
    }

    #[test]
    fn shift_neighbours_match_the_spec_table() {
        // §2.2 neighbour table, computed directly.
        for h in 0..NUM_HEXES {
            let (r, c) = ((h / COLS) as i32, (h % COLS) as i32);
            let odd = r & 1;
            let cand = [
                (r, c + 1),
                (r, c - 1),
                (r - 1, c - 1 + odd),
                (r - 1, c + odd),
                (r + 1, c - 1 + odd),
                (r + 1, c + odd),
            ];
            let mut want: Vec<usize> = cand
                .iter()
                .filter(|&&(a, b)| (0..20).contains(&a) && (0..20).contains(&b))
                .map(|&(a, b)| (a * 20 + b) as usize)
                .collect();
            want.sort();
            let got: Vec<usize> = Bits::single(h).neighbours().iter().collect();
            assert_eq!(got, want, "hex {h}");
        }
    }
}
