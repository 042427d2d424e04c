#![allow(clippy::needless_range_loop)]
//! Static data: tile kinds, supply tables, depot layout and the estate boards.
//!
//! The estate boards are loaded from `data/castles_of_burgundy_boards.json`, a copy of the shared
//! data file `shared/data/castles_of_burgundy_boards.json` (colours transcribed from
//! funbinary/boardgame-rules, board 1 confirmed by two further public implementations; dice from
//! the `dice_canonical` grid, identical on every board). Board ids in that file are 2019-edition
//! numbers; the 2011 game's board n is JSON board n, except 2011 board 2 = JSON board 10.

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;
use std::fmt;
use std::sync::OnceLock;

/// The six tile / space colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    /// Dark green.
    Castle,
    /// Light green (animals).
    Pasture,
    /// Beige (cities).
    Building,
    /// Grey.
    Mine,
    /// Yellow.
    Knowledge,
    /// Blue (rivers).
    Ship,
}

pub const COLOURS: [Colour; 6] = [
    Colour::Castle,
    Colour::Pasture,
    Colour::Building,
    Colour::Mine,
    Colour::Knowledge,
    Colour::Ship,
];

impl Colour {
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            Colour::Castle => "castle",
            Colour::Pasture => "pasture",
            Colour::Building => "building",
            Colour::Mine => "mine",
            Colour::Knowledge => "knowledge",
            Colour::Ship => "ship",
        }
    }
    fn from_letter(c: &str) -> Option<Colour> {
        Some(match c {
            "C" => Colour::Castle,
            "P" => Colour::Pasture,
            "B" => Colour::Building,
            "M" => Colour::Mine,
            "K" => Colour::Knowledge,
            "S" => Colour::Ship,
            _ => return None,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Tiles
// ---------------------------------------------------------------------------------------------

/// Number of distinct tile kinds (faces).
pub const NUM_TILES: usize = 49;
pub const BUILDING_KINDS: usize = 8;
pub const FIRST_ANIMAL: u8 = 8;
pub const FIRST_KNOWLEDGE: u8 = 20;
pub const CASTLE: u8 = 46;
pub const MINE: u8 = 47;
pub const SHIP: u8 = 48;

/// Building kinds in tile-id order 0..8.
pub const BUILDING_NAMES: [&str; 8] = [
    "warehouse",
    "carpenters_workshop",
    "church",
    "market",
    "boarding_house",
    "bank",
    "city_hall",
    "watchtower",
];
pub const WAREHOUSE: u8 = 0;
pub const CARPENTER: u8 = 1;
pub const CHURCH: u8 = 2;
pub const MARKET: u8 = 3;
pub const BOARDING_HOUSE: u8 = 4;
pub const BANK: u8 = 5;
pub const CITY_HALL: u8 = 6;
pub const WATCHTOWER: u8 = 7;

pub const SPECIES: [&str; 4] = ["cow", "pig", "sheep", "chicken"];

/// End-game knowledge tiles 16..=23: the building kind each one scores (4 VP per building).
/// Spec section 2.2: 17 = Watchtower and 22 = Bank from the rulebook, the rest read from tile art.
pub const KNOWLEDGE_BUILDING: [(u8, u8); 8] = [
    (16, CARPENTER),
    (17, WATCHTOWER),
    (18, CHURCH),
    (19, CITY_HALL),
    (20, MARKET),
    (21, BOARDING_HOUSE),
    (22, BANK),
    (23, WAREHOUSE),
];

/// Black-backed knowledge tile ids (spec 2.4 [X]).
pub const BLACK_KNOWLEDGE: [u8; 6] = [7, 12, 14, 15, 24, 25];

/// A hex tile face: a compact id serialized by name (`"bank"`, `"cow_3"`, `"knowledge_7"`,
/// `"castle"`, `"mine"`, `"ship"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile(pub u8);

impl Tile {
    pub fn building(kind: u8) -> Tile {
        Tile(kind)
    }
    pub fn animal(species: u8, count: u8) -> Tile {
        Tile(FIRST_ANIMAL + species * 3 + (count - 2))
    }
    pub fn knowledge(n: u8) -> Tile {
        Tile(FIRST_KNOWLEDGE + n - 1)
    }
    pub fn colour(self) -> Colour {
        match self.0 {
            0..=7 => Colour::Building,
            8..=19 => Colour::Pasture,
            20..=45 => Colour::Knowledge,
            CASTLE => Colour::Castle,
            MINE => Colour::Mine,
            _ => Colour::Ship,
        }
    }
    pub fn is_building(self) -> bool {
        self.0 < 8
    }
    /// Species 0..4 and animal count 2..=4 of an animal tile.
    pub fn animal_info(self) -> Option<(u8, u8)> {
        if (8..20).contains(&self.0) {
            let k = self.0 - FIRST_ANIMAL;
            Some((k / 3, k % 3 + 2))
        } else {
            None
        }
    }
    /// Knowledge number 1..=26.
    pub fn knowledge_id(self) -> Option<u8> {
        if (20..46).contains(&self.0) {
            Some(self.0 - FIRST_KNOWLEDGE + 1)
        } else {
            None
        }
    }
    pub fn name(self) -> String {
        match self.0 {
            0..=7 => BUILDING_NAMES[self.0 as usize].to_string(),
            8..=19 => {
                let (s, c) = self.animal_info().unwrap_or((0, 2));
                format!("{}_{}", SPECIES[s as usize], c)
            }
            20..=45 => format!("knowledge_{}", self.0 - FIRST_KNOWLEDGE + 1),
            CASTLE => "castle".into(),
            MINE => "mine".into(),
            _ => "ship".into(),
        }
    }
    pub fn parse(s: &str) -> Option<Tile> {
        if let Some(i) = BUILDING_NAMES.iter().position(|&b| b == s) {
            return Some(Tile(i as u8));
        }
        match s {
            "castle" => return Some(Tile(CASTLE)),
            "mine" => return Some(Tile(MINE)),
            "ship" => return Some(Tile(SHIP)),
            _ => {}
        }
        if let Some(n) = s.strip_prefix("knowledge_") {
            let n: u8 = n.parse().ok()?;
            if (1..=26).contains(&n) {
                return Some(Tile::knowledge(n));
            }
            return None;
        }
        for (i, sp) in SPECIES.iter().enumerate() {
            if let Some(rest) = s.strip_prefix(sp).and_then(|r| r.strip_prefix('_')) {
                let c: u8 = rest.parse().ok()?;
                if (2..=4).contains(&c) {
                    return Some(Tile::animal(i as u8, c));
                }
                return None;
            }
        }
        None
    }
}

impl Serialize for Tile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name())
    }
}

impl<'de> Deserialize<'de> for Tile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Tile, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Tile;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a tile name such as \"bank\", \"cow_3\", \"knowledge_7\", \"ship\"")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Tile, E> {
                Tile::parse(v).ok_or_else(|| E::custom(format!("unknown tile '{v}'")))
            }
        }
        d.deserialize_str(V)
    }
}

/// Supply per tile kind: (normal-backed, black-backed) counts. Spec sections 2.1-2.4.
/// Animal faces per species are the spec's unsourced placeholder (2.3): normal 2/2/1 tiles of
/// 2/3/4 animals, black 0/1/1.
pub fn supply() -> ([u8; NUM_TILES], [u8; NUM_TILES]) {
    let mut normal = [0u8; NUM_TILES];
    let mut black = [0u8; NUM_TILES];
    for k in 0..8 {
        normal[k] = 5;
        black[k] = 2;
    }
    for sp in 0..4u8 {
        normal[Tile::animal(sp, 2).0 as usize] = 2;
        normal[Tile::animal(sp, 3).0 as usize] = 2;
        normal[Tile::animal(sp, 4).0 as usize] = 1;
        black[Tile::animal(sp, 3).0 as usize] = 1;
        black[Tile::animal(sp, 4).0 as usize] = 1;
    }
    for n in 1..=26u8 {
        let t = Tile::knowledge(n).0 as usize;
        if BLACK_KNOWLEDGE.contains(&n) {
            black[t] = 1;
        } else {
            normal[t] = 1;
        }
    }
    normal[CASTLE as usize] = 14;
    black[CASTLE as usize] = 2;
    normal[MINE as usize] = 10;
    black[MINE as usize] = 2;
    normal[SHIP as usize] = 20;
    black[SHIP as usize] = 6;
    (normal, black)
}

/// Depot layout (spec 16.4): per depot 1..6, the colour of hex spaces 1..4. Space `s` (0-based)
/// is used when `s < players`. Depot 6 space 3 takes a mine instead of a castle with 3 players in
/// phases B and D.
pub const DEPOT_LAYOUT: [[Colour; 4]; 6] = [
    [
        Colour::Building,
        Colour::Ship,
        Colour::Knowledge,
        Colour::Pasture,
    ],
    [
        Colour::Knowledge,
        Colour::Castle,
        Colour::Building,
        Colour::Building,
    ],
    [
        Colour::Pasture,
        Colour::Building,
        Colour::Ship,
        Colour::Knowledge,
    ],
    [
        Colour::Ship,
        Colour::Building,
        Colour::Pasture,
        Colour::Mine,
    ],
    [
        Colour::Mine,
        Colour::Knowledge,
        Colour::Building,
        Colour::Building,
    ],
    [
        Colour::Building,
        Colour::Pasture,
        Colour::Castle,
        Colour::Ship,
    ],
];

/// Colour of depot space (`depot` 0..6, `space` 0..4) in phase `phase` (0..5).
pub fn depot_space_colour(players: usize, phase: u8, depot: usize, space: usize) -> Colour {
    let c = DEPOT_LAYOUT[depot][space];
    if players == 3 && depot == 5 && space == 2 && (phase == 1 || phase == 3) {
        Colour::Mine
    } else {
        c
    }
}

/// VP for completing a region of size 1..=8 (index = size).
pub const REGION_VP: [i32; 9] = [0, 1, 3, 6, 10, 15, 21, 28, 36];
/// Extra VP for a region completed in phase A..E.
pub const PHASE_BONUS: [i32; 5] = [10, 8, 6, 4, 2];

// ---------------------------------------------------------------------------------------------
// Estates
// ---------------------------------------------------------------------------------------------

pub const CELLS: usize = 37;
pub const ROW_LEN: [usize; 7] = [4, 5, 6, 7, 6, 5, 4];

/// One estate board side with precomputed geometry. Cells are numbered 0..37 row by row
/// (space id = cell + 1, as in spec section 16.2).
#[derive(Clone, Debug)]
pub struct Board {
    /// 2011 board number 1..=9.
    pub number: u8,
    /// The key in the JSON file.
    pub json_key: String,
    pub colour: [Colour; CELLS],
    pub die: [u8; CELLS],
    /// Neighbour bitmask per cell.
    pub nbr: [u64; CELLS],
    /// Region index per cell.
    pub region: [u8; CELLS],
    /// Cell bitmask per region.
    pub region_cells: Vec<u64>,
    /// Cell bitmask per colour.
    pub colour_cells: [u64; 6],
    /// The cells that are dark green (start-castle candidates).
    pub castle_cells: Vec<u8>,
}

/// Axial coordinates `(q, r)` of a cell (spec 16.2: row r+3, q from -min(row,3)).
pub fn cell_axial(cell: usize) -> (i32, i32) {
    let mut row = 0;
    let mut c = cell;
    while row < 7 && c >= ROW_LEN[row] {
        c -= ROW_LEN[row];
        row += 1;
    }
    let q0 = -(row.min(3) as i32);
    (q0 + c as i32, row as i32 - 3)
}

fn axial_cell(q: i32, r: i32) -> Option<usize> {
    if !(-3..=3).contains(&r) {
        return None;
    }
    let row = (r + 3) as usize;
    let q0 = -(row.min(3) as i32);
    let idx = q - q0;
    if idx < 0 || idx as usize >= ROW_LEN[row] {
        return None;
    }
    Some(ROW_LEN[..row].iter().sum::<usize>() + idx as usize)
}

/// `[row, index]` of a cell, as the JSON file names cells.
pub fn cell_row_idx(cell: usize) -> (usize, usize) {
    let mut row = 0;
    let mut c = cell;
    while row < 7 && c >= ROW_LEN[row] {
        c -= ROW_LEN[row];
        row += 1;
    }
    (row, c)
}

/// The raw data file.
pub const BOARDS_JSON: &str = include_str!("../data/castles_of_burgundy_boards.json");

/// JSON key for a 2011 board number.
pub fn json_key(board: u8) -> String {
    if board == 2 {
        "10".into()
    } else {
        board.to_string()
    }
}

fn build_board(root: &Value, number: u8) -> Result<Board, String> {
    let key = json_key(number);
    let b = root
        .get("boards")
        .and_then(|bs| bs.get(&key))
        .ok_or(format!("board {key} missing"))?;
    let rows = b
        .get("colours")
        .and_then(|c| c.as_array())
        .ok_or("colours missing")?;
    let dice_rows = root
        .get("dice_canonical")
        .and_then(|c| c.as_array())
        .ok_or("dice_canonical missing")?;
    let mut colour = [Colour::Castle; CELLS];
    let mut die = [0u8; CELLS];
    let mut cell = 0;
    for row in 0..7 {
        let letters: Vec<&str> = rows
            .get(row)
            .and_then(|r| r.as_str())
            .ok_or("colour row missing")?
            .split_whitespace()
            .collect();
        let dice = dice_rows
            .get(row)
            .and_then(|r| r.as_array())
            .ok_or("dice row missing")?;
        if letters.len() != ROW_LEN[row] || dice.len() != ROW_LEN[row] {
            return Err(format!("board {key} row {row} has the wrong length"));
        }
        for i in 0..ROW_LEN[row] {
            colour[cell] = Colour::from_letter(letters[i]).ok_or("bad colour letter")?;
            let d = dice[i].as_u64().ok_or("bad die")?;
            if !(1..=6).contains(&d) {
                return Err("die out of range".into());
            }
            die[cell] = d as u8;
            cell += 1;
        }
    }
    let mut nbr = [0u64; CELLS];
    for (c, n) in nbr.iter_mut().enumerate() {
        let (q, r) = cell_axial(c);
        for (dq, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)] {
            if let Some(o) = axial_cell(q + dq, r + dr) {
                *n |= 1 << o;
            }
        }
    }
    // Regions: connected same-colour components (flood fill).
    let mut region = [u8::MAX; CELLS];
    let mut region_cells = Vec::new();
    for start in 0..CELLS {
        if region[start] != u8::MAX {
            continue;
        }
        let id = region_cells.len() as u8;
        let mut mask = 0u64;
        let mut stack = vec![start];
        region[start] = id;
        while let Some(c) = stack.pop() {
            mask |= 1 << c;
            let mut m = nbr[c];
            while m != 0 {
                let o = m.trailing_zeros() as usize;
                m &= m - 1;
                if region[o] == u8::MAX && colour[o] == colour[c] {
                    region[o] = id;
                    stack.push(o);
                }
            }
        }
        region_cells.push(mask);
    }
    let mut colour_cells = [0u64; 6];
    for c in 0..CELLS {
        colour_cells[colour[c].index()] |= 1 << c;
    }
    let castle_cells = (0..CELLS)
        .filter(|&c| colour[c] == Colour::Castle)
        .map(|c| c as u8)
        .collect();
    Ok(Board {
        number,
        json_key: key,
        colour,
        die,
        nbr,
        region,
        region_cells,
        colour_cells,
        castle_cells,
    })
}

/// The nine estate boards of the 2011 game, index = board number - 1.
pub fn boards() -> &'static [Board] {
    static B: OnceLock<Vec<Board>> = OnceLock::new();
    B.get_or_init(|| {
        let root: Value = serde_json::from_str(BOARDS_JSON).unwrap_or(Value::Null);
        (1..=9u8)
            .map(|n| build_board(&root, n).unwrap_or_else(|e| panic!("board data: {e}")))
            .collect()
    })
}

/// Board by 2011 number (1..=9); board 1 for anything out of range.
pub fn board(number: u8) -> &'static Board {
    let b = boards();
    &b[(number.clamp(1, 9) - 1) as usize]
}

/// The assumed pairing of the six double-sided player boards (the rulebook does not say which
/// sides are backed together): four boards carry #1 on one side, backed by #2..#5, and the other
/// two are #6/#7 and #8/#9. Used only by the experienced-player variant.
pub const PHYSICAL_BOARDS: [(u8, u8); 6] = [(1, 2), (1, 3), (1, 4), (1, 5), (6, 7), (8, 9)];
