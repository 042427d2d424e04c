//! Barbarian Attack board (§B8.2): the `barbarian_attack` map of `data/catan_maps.json` (castle
//! and desert on the coast, the coastal number layout), random terrains inside the coastal and
//! inner areas (D-40), random inner numbers, and the starting barbarians.

use super::{State, RING};
use crate::board::{read_hex_pair, terrain_id, Board, CASTLE, DESERT};
use crate::geometry::{Geometry, NE, NH, NONE};
use meeple_core::GameRng;
use serde_json::Value;

/// Coastal terrains (D-40 default: the [3P] split, one mountains and a third pasture).
const OUTER: [&str; 10] = [
    "forest",
    "forest",
    "hills",
    "hills",
    "pasture",
    "pasture",
    "pasture",
    "mountains",
    "fields",
    "fields",
];
/// Inner terrains (§B8.2 item 3; one forest unused).
const INNER: [&str; 7] = [
    "forest",
    "pasture",
    "hills",
    "mountains",
    "mountains",
    "fields",
    "fields",
];
/// Inner numbers (§B8.2 item 4: one 3 unused).
const INNER_TOKENS: [u8; 7] = [4, 5, 6, 8, 9, 10, 11];

fn printed_map() -> &'static Value {
    static M: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    M.get_or_init(|| {
        let data: Value = serde_json::from_str(include_str!("../../data/catan_maps.json"))
            .expect("bundled map data is valid JSON");
        data["maps"]["barbarian_attack"].clone()
    })
}

/// The scenario's board: the printed map as stored (`random = false`, option `board =
/// beginner`), or with its random parts drawn (`board = random`): coastal and inner terrains
/// shuffled within their areas, inner numbers shuffled, harbour kinds shuffled onto the frame's
/// harbour edges. Returns the board, the hex holding the (unused) robber and the map.
pub fn default_board(rng: &mut GameRng, random: bool) -> (Board, usize, &'static Value) {
    let map = printed_map();
    let (mut b, _) = Board::from_map(map).expect("bundled barbarian_attack map is valid");
    if random {
        let g = Geometry::base();
        let ring: Vec<usize> = RING.iter().filter_map(|&(q, r)| g.hex_id(q, r)).collect();
        let coastal: Vec<usize> = ring
            .iter()
            .copied()
            .filter(|&h| b.terrain[h] < DESERT)
            .collect();
        let inner: Vec<usize> = (0..NH).filter(|h| !ring.contains(h)).collect();
        let mut outer: Vec<u8> = OUTER.iter().filter_map(|t| terrain_id(t)).collect();
        rng.shuffle(&mut outer);
        for (&h, &t) in coastal.iter().zip(&outer) {
            b.terrain[h] = t;
        }
        let mut inn: Vec<u8> = INNER.iter().filter_map(|t| terrain_id(t)).collect();
        rng.shuffle(&mut inn);
        let mut toks = INNER_TOKENS;
        rng.shuffle(&mut toks);
        for (i, &h) in inner.iter().enumerate() {
            b.terrain[h] = inn[i];
            b.token[h] = toks[i];
        }
        let edges: Vec<usize> = (0..NE).filter(|&e| b.edge_harbor[e] != NONE).collect();
        let mut kinds: Vec<u8> = edges.iter().map(|&e| b.edge_harbor[e]).collect();
        rng.shuffle(&mut kinds);
        for (&e, &k) in edges.iter().zip(&kinds) {
            b.edge_harbor[e] = k;
        }
        b.derive();
    }
    let robber = desert_or_castle(&b);
    (b, robber, map)
}

/// There is no robber in this scenario; its field points at the desert (or the castle).
pub fn desert_or_castle(b: &Board) -> usize {
    (0..NH)
        .find(|&h| b.terrain[h] == DESERT)
        .or_else(|| (0..NH).find(|&h| b.terrain[h] == CASTLE))
        .unwrap_or(0)
}

/// The module state for a new game on `board`: barbarians from the map's
/// `barbarians` (or `pieces.barbarians_start`) list `[{"hex": [q, r], "count": n}]`, else one
/// on the coastal 2 and one on the coastal 12 (§B8.2 item 5).
pub fn new_state(board: &Board, map: Option<&Value>) -> Result<State, String> {
    let mut s = State::new(board)?;
    let list = map.and_then(|m| {
        m.get("barbarians")
            .or_else(|| m.get("pieces").and_then(|p| p.get("barbarians_start")))
    });
    match list {
        Some(l) => {
            let l = l
                .as_array()
                .ok_or("map: 'barbarians' must be a list of {hex, count}")?;
            let g = Geometry::base();
            for (i, x) in l.iter().enumerate() {
                let (q, r) = x
                    .get("hex")
                    .and_then(read_hex_pair)
                    .ok_or(format!("map: barbarians #{i} needs a hex [q, r]"))?;
                let h = g
                    .hex_id(q, r)
                    .ok_or(format!("map: barbarians #{i}: ({q},{r}) is not a land hex"))?;
                let c = x.get("count").and_then(Value::as_u64).unwrap_or(1);
                place(&mut s, h, c)?;
            }
        }
        None => {
            for sum in [2, 12] {
                let h = s.sum_hex[sum];
                if h != NONE {
                    place(&mut s, h as usize, 1)?;
                }
            }
        }
    }
    s.derive_conquest();
    Ok(s)
}

fn place(s: &mut State, h: usize, c: u64) -> Result<(), String> {
    if s.barbarian_hexes() & (1 << h) == 0 {
        return Err(format!(
            "barbarians may stand only on coastal numbered hexes, not {}",
            Geometry::base().hex_name(h)
        ));
    }
    let now = s.barbarians[h] as u64 + c;
    if now > 3 || c > s.supply as u64 {
        return Err("at most 3 barbarians per hex, 30 in all".into());
    }
    s.barbarians[h] = now as u8;
    s.supply -= c as u8;
    Ok(())
}
