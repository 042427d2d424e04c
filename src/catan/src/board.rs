//! The board as data: terrains, number tokens and harbors on the geometry of spec §A2, read from
//! map files (the beginner map of `data/catan_maps.json`, or a user map in the same format) or
//! drawn by the random set-up of spec §A3.2.

use crate::geometry::{bits64, canonical_edge, Geometry, MAX_EDGES, NH, NONE};
use meeple_core::GameRng;
use serde_json::{json, Value};
use std::sync::OnceLock;

pub const RESOURCES: [&str; 5] = ["lumber", "brick", "wool", "grain", "ore"];
pub const LUMBER: usize = 0;
pub const BRICK: usize = 1;
pub const WOOL: usize = 2;
pub const GRAIN: usize = 3;
pub const ORE: usize = 4;

/// Terrains by id; the first five produce the resource with the same id. Ids from 5 on never
/// produce: the desert, and the scenarios' special hexes (B7 oasis, B6 swamp, B5 lake, B8 castle); a base map may
/// not use them.
pub const TERRAINS: [&str; 10] = [
    "forest",
    "hills",
    "pasture",
    "fields",
    "mountains",
    "desert",
    "oasis",
    "swamp",
    "lake",
    "castle",
];
pub const DESERT: u8 = 5;
/// B7 The Caravans: the oasis replaces the desert (no token, never produces).
pub const OASIS: u8 = 6;
/// B6 Rivers: a swamp (river hex without production; the robber may stand on it).
pub const SWAMP: u8 = 7;
/// B5 The Fishermen of Catan: the lake replaces the desert (no token; it fishes on 2, 3, 11, 12).
pub const LAKE: u8 = 8;
/// B8 Barbarian Attack: the castle hex (produces nothing, never conquered).
pub const CASTLE: u8 = 9;
/// B9 Traders & Barbarians: a trade hex (castle, marble quarry or glassworks; spec §B9.3). It
/// produces nothing; its role is in [`Board::trade_role`]. Written `"terrain": "trade"` in maps.
pub const TRADE: u8 = 0x80;
/// Trade-hex roles (spec §B9.7), as written in maps (`quarry` is read as `marble_quarry`).
pub const TRADE_ROLES: [&str; 3] = ["castle", "marble_quarry", "glassworks"];

pub fn trade_role_id(name: &str) -> Option<u8> {
    match name {
        "quarry" => Some(1),
        _ => TRADE_ROLES.iter().position(|&t| t == name).map(|i| i as u8),
    }
}

/// Harbor kinds by id: 0..5 are the 2:1 harbors of that resource, 5 is the generic 3:1.
pub const HARBOR_KINDS: [&str; 6] = ["lumber", "brick", "wool", "grain", "ore", "3:1"];
pub const GENERIC: u8 = 5;

/// Number-token letters A..R (spec §A1).
pub const TOKEN_LETTERS: [u8; 18] = [5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11];

/// How number tokens are laid on a random board (options `token_mode`, `spiral_clockwise`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenLaying {
    /// Letters A..R along the spiral from a random ring-2 corner (§A3.2 step 3, D-04).
    Spiral { clockwise: bool },
    /// Shuffled onto the producing hexes until no two 6/8 tokens touch.
    RandomNoAdjacentRed,
}

impl TokenLaying {
    pub fn from_config(config: &meeple_core::Config) -> TokenLaying {
        match config.str("token_mode") {
            "random_no_adjacent_red" => TokenLaying::RandomNoAdjacentRed,
            _ => TokenLaying::Spiral {
                clockwise: config.bool("spiral_clockwise"),
            },
        }
    }
}

/// Spiral order from the corner (0,-2), counter-clockwise, ring 2 then ring 1 then the centre
/// (spec §A3.2 step 3).
pub const SPIRAL: [(i32, i32); 19] = [
    (0, -2),
    (-1, -1),
    (-2, 0),
    (-2, 1),
    (-2, 2),
    (-1, 2),
    (0, 2),
    (1, 1),
    (2, 0),
    (2, -1),
    (2, -2),
    (1, -2),
    (0, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 0),
    (1, -1),
    (0, 0),
];

pub fn resource_id(name: &str) -> Option<usize> {
    RESOURCES.iter().position(|&r| r == name)
}
pub fn terrain_id(name: &str) -> Option<u8> {
    TERRAINS.iter().position(|&t| t == name).map(|i| i as u8)
}
pub fn harbor_id(name: &str) -> Option<u8> {
    HARBOR_KINDS
        .iter()
        .position(|&t| t == name)
        .map(|i| i as u8)
}

/// Terrains, tokens and harbors of one game. Plain data; derived tables are rebuilt by `derive`.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    /// The board's shape (ids of hexes, vertices and edges): [`Geometry::base`] unless a
    /// scenario board needs another.
    pub geo: &'static Geometry,
    /// Terrain id per land hex (hex ids of [`Geometry`]).
    pub terrain: [u8; NH],
    /// Number token per land hex; 0 = none.
    pub token: [u8; NH],
    /// A second number token on the hex (B6 Rivers: the 2 lies on the 12's hex); 0 = none.
    pub extra_token: [u8; NH],
    /// B9: the role of each trade hex (index into [`TRADE_ROLES`]), `NONE` elsewhere.
    pub trade_role: [u8; NH],
    /// Harbor kind per edge, `NONE` = no harbor.
    pub edge_harbor: [u8; MAX_EDGES],
    /// Derived: for each dice sum, the resource hexes carrying that token (bitset over hex ids);
    /// the desert and the scenarios' special hexes never produce, whatever their token.
    pub token_hexes: [u32; 13],
    /// Derived: the vertices served by a harbor of each kind.
    pub harbor_vertices: [u64; 6],
}

impl Board {
    /// The land hexes of one terrain, as a mask over hex ids.
    pub fn hexes_of(&self, terrain: u8) -> u32 {
        (0..NH)
            .filter(|&h| self.terrain[h] == terrain)
            .fold(0u32, |m, h| m | (1 << h))
    }

    fn empty() -> Board {
        Board {
            geo: Geometry::base(),
            terrain: [DESERT; NH],
            token: [0; NH],
            extra_token: [0; NH],
            trade_role: [NONE; NH],
            edge_harbor: [NONE; MAX_EDGES],
            token_hexes: [0; 13],
            harbor_vertices: [0; 6],
        }
    }

    /// Rebuild the derived tables.
    pub fn derive(&mut self) {
        let g = self.geo;
        self.token_hexes = [0; 13];
        for h in 0..NH {
            for t in [self.token[h] as usize, self.extra_token[h] as usize] {
                if (2..=12).contains(&t) && self.terrain[h] < DESERT {
                    self.token_hexes[t] |= 1 << h;
                }
            }
        }
        self.harbor_vertices = [0; 6];
        for e in 0..g.ne {
            let k = self.edge_harbor[e];
            if (k as usize) < 6 {
                let [a, b] = g.edge_ends[e];
                self.harbor_vertices[k as usize] |= (1u64 << a) | (1u64 << b);
            }
        }
    }

    /// The beginner board (spec §A3.1), from the crate's copy of the shared map data.
    pub fn beginner() -> Board {
        static B: OnceLock<(Board, usize)> = OnceLock::new();
        B.get_or_init(|| {
            let data: Value = serde_json::from_str(include_str!("../data/catan_maps.json"))
                .expect("bundled map data is valid JSON");
            let map = &data["maps"]["base_beginner"];
            Board::from_map(map).expect("bundled beginner map is valid")
        })
        .0
        .clone()
    }

    /// Read a map in the format of `catan_maps.json`: `{"hexes": [{"q","r","terrain","token"}],
    /// "harbors": [{"edge": [q, r, dir], "type"}], "robber_start": {"hex": [q, r]}}`. Returns the
    /// board and the robber's hex.
    pub fn from_map(map: &Value) -> Result<(Board, usize), String> {
        let mut b = Board::empty();
        let hexes = map
            .get("hexes")
            .and_then(Value::as_array)
            .ok_or("map: 'hexes' must be a list")?;
        // B9 trade hexes change the board's shape (spec §B9.3).
        let trade: Vec<(i32, i32)> = hexes
            .iter()
            .filter(|h| h.get("terrain").and_then(Value::as_str) == Some("trade"))
            .filter_map(read_hex)
            .collect();
        if !trade.is_empty() {
            b.geo = Geometry::with_trade_hexes(&trade).map_err(|e| format!("map: {e}"))?;
        }
        let g = b.geo;
        if hexes.len() != NH {
            return Err(format!(
                "map: {} hexes given; the base board has exactly {NH} land hexes",
                hexes.len()
            ));
        }
        let mut seen = 0u32;
        for (i, h) in hexes.iter().enumerate() {
            let (q, r) = read_hex(h).ok_or(format!("map: hex #{i} needs integer q and r"))?;
            let id = g.hex_id(q, r).ok_or(format!(
                "map: hex ({q},{r}) is not a land hex of the base board"
            ))?;
            if seen & (1 << id) != 0 {
                return Err(format!("map: hex ({q},{r}) is listed twice"));
            }
            seen |= 1 << id;
            let tname = h
                .get("terrain")
                .and_then(Value::as_str)
                .ok_or(format!("map: hex ({q},{r}) has no terrain name"))?;
            if tname == "trade" {
                let role = h.get("trade").and_then(Value::as_str).unwrap_or("");
                b.trade_role[id] = trade_role_id(role).ok_or(format!(
                    "map: trade hex ({q},{r}) needs \"trade\": one of {}",
                    TRADE_ROLES.join(", ")
                ))?;
                b.terrain[id] = TRADE;
                if !matches!(h.get("token"), None | Some(Value::Null)) {
                    return Err(format!(
                        "map: trade hex ({q},{r}) cannot carry a number token"
                    ));
                }
                continue;
            }
            let t = terrain_id(tname).ok_or(format!(
                "map: hex ({q},{r}) has unknown terrain '{tname}' (known: {})",
                TERRAINS.join(", ")
            ))?;
            b.terrain[id] = t;
            let token = match h.get("token") {
                None | Some(Value::Null) => 0,
                Some(v) => match v.as_u64() {
                    Some(n) if (2..=12).contains(&n) && n != 7 => n as u8,
                    _ => {
                        return Err(format!(
                        "map: hex ({q},{r}) has token {v}; tokens are 2..=12 without 7, or null"
                    ))
                    }
                },
            };
            if t >= DESERT && token != 0 {
                return Err(format!(
                    "map: {tname} ({q},{r}) cannot carry a number token"
                ));
            }
            b.token[id] = token;
            if let Some(v) = h.get("extra_token").filter(|v| !v.is_null()) {
                match v.as_u64() {
                    Some(n) if (2..=12).contains(&n) && n != 7 && token != 0 => {
                        b.extra_token[id] = n as u8
                    }
                    _ => {
                        return Err(format!(
                            "map: hex ({q},{r}) has extra_token {v}; a second token 2..=12 without 7 needs a first token"
                        ))
                    }
                }
            }
        }
        if let Some(hs) = map.get("harbors") {
            let hs = hs.as_array().ok_or("map: 'harbors' must be a list")?;
            // Harbours on closed sea-side edges of trade hexes (D-91), in list order.
            let mut moved = Vec::new();
            for (i, h) in hs.iter().enumerate() {
                let e = h
                    .get("edge")
                    .and_then(Value::as_array)
                    .ok_or(format!("map: harbor #{i} needs an edge [q, r, dir]"))?;
                let (q, r, d) = match e.as_slice() {
                    [q, r, d] => (
                        q.as_i64().and_then(|x| i32::try_from(x).ok()),
                        r.as_i64().and_then(|x| i32::try_from(x).ok()),
                        d.as_str(),
                    ),
                    _ => (None, None, None),
                };
                let (Some(q), Some(r), Some(d)) = (q, r, d) else {
                    return Err(format!("map: harbor #{i} edge must be [q, r, \"NE\"|\"E\"|\"SE\"|\"W\"|\"NW\"|\"SW\"]"));
                };
                let (cq, cr, ct) = canonical_edge(q, r, d)
                    .ok_or(format!("map: harbor #{i} has direction '{d}'"))?;
                let kname = h
                    .get("type")
                    .and_then(Value::as_str)
                    .ok_or(format!("map: harbor #{i} has no type"))?;
                let kind = harbor_id(kname).ok_or(format!(
                    "map: harbor #{i} has unknown type '{kname}' (known: {})",
                    HARBOR_KINDS.join(", ")
                ))?;
                let coastal = g
                    .edge_id(cq, cr, ct)
                    .filter(|&id| g.coastal_edges & (1u128 << id) != 0);
                let id = match coastal {
                    Some(id) => id,
                    // D-91: a trade hex's closed sea-side edge; moved once the others are placed.
                    None if crate::geometry::is_closed_edge(g, (cq, cr, ct)) => {
                        moved.push(((cq, cr, ct), kind));
                        continue;
                    }
                    None => {
                        return Err(format!(
                            "map: harbor #{i} edge {d}({q},{r}) is not a coastal edge"
                        ))
                    }
                };
                if b.edge_harbor[id] != NONE {
                    return Err(format!("map: two harbors on edge {}", g.edge_name(id)));
                }
                b.edge_harbor[id] = kind;
            }
            for (edge, kind) in moved {
                let id = crate::geometry::relocate_harbor(g, edge, &b.edge_harbor)?;
                b.edge_harbor[id] = kind;
            }
        }
        // `"hex": null` (a scenario whose robber starts beside the board, or Barbarian Attack
        // without a robber) = no start hex given.
        let robber = match map
            .get("robber_start")
            .and_then(|r| r.get("hex"))
            .filter(|h| !h.is_null())
        {
            Some(h) => {
                let (q, r) = read_hex_pair(h).ok_or("map: robber_start.hex must be [q, r]")?;
                g.hex_id(q, r)
                    .ok_or(format!("map: robber start ({q},{r}) is not a land hex"))?
            }
            None => (0..NH)
                .find(|&h| b.terrain[h] == DESERT)
                .or_else(|| (0..NH).find(|&h| b.terrain[h] == TRADE))
                .unwrap_or_else(|| g.hex_id(0, 0).unwrap_or(0)),
        };
        b.derive();
        Ok((b, robber))
    }

    /// The variable set-up of spec §A3.2: shuffled terrains, harbor kinds shuffled onto the nine
    /// beginner harbor edges, tokens by the spiral (random start corner, D-04) or placed at random
    /// until no 6 and 8 touch. Returns the board and the robber's hex.
    pub fn random(rng: &mut GameRng, tokens: TokenLaying) -> (Board, usize) {
        Board::random_with_centre(rng, tokens, None)
    }

    /// The variable set-up; with `centre = Some(t)` the centre hex `(0,0)` gets terrain `t`
    /// (a scenario hex replacing the desert, placed before the rest: B7's oasis) and the other 18
    /// terrains are shuffled onto the other positions. `None` is exactly [`Board::random`].
    pub fn random_with_centre(
        rng: &mut GameRng,
        tokens: TokenLaying,
        centre: Option<u8>,
    ) -> (Board, usize) {
        let g = Geometry::base();
        let beginner = Board::beginner();
        let mut b = Board::empty();
        let mut terrains: Vec<u8> = beginner.terrain.to_vec();
        match centre {
            None => {
                rng.shuffle(&mut terrains);
                b.terrain.copy_from_slice(&terrains);
            }
            Some(t) => {
                let c = g.hex_id(0, 0).unwrap_or(0);
                terrains.retain(|&x| x != DESERT);
                rng.shuffle(&mut terrains);
                let mut it = terrains.into_iter();
                for h in 0..NH {
                    b.terrain[h] = if h == c {
                        t
                    } else {
                        it.next().unwrap_or(DESERT)
                    };
                }
            }
        }
        let edges: Vec<usize> = (0..g.ne)
            .filter(|&e| beginner.edge_harbor[e] != NONE)
            .collect();
        let mut kinds: Vec<u8> = edges.iter().map(|&e| beginner.edge_harbor[e]).collect();
        rng.shuffle(&mut kinds);
        for (&e, &k) in edges.iter().zip(kinds.iter()) {
            b.edge_harbor[e] = k;
        }
        if let TokenLaying::Spiral { clockwise } = tokens {
            let steps = rng.below(6) as i32;
            let mut k = 0;
            for &(q, r) in SPIRAL.iter() {
                // The clockwise spiral is the mirror image of the counter-clockwise one in the
                // axis through the start corner (0,-2) and the centre: (q, r) -> (-q, q + r).
                let (q, r) = if clockwise { (-q, q + r) } else { (q, r) };
                let hx = meeple_core::hex::Hex::new(q, r).rotate(steps);
                let Some(h) = g.hex_id(hx.q, hx.r) else {
                    continue;
                };
                if b.terrain[h] >= DESERT {
                    continue;
                }
                if let Some(&t) = TOKEN_LETTERS.get(k) {
                    b.token[h] = t;
                }
                k += 1;
            }
        } else {
            let producing: Vec<usize> = (0..NH).filter(|&h| b.terrain[h] < DESERT).collect();
            let mut tokens = TOKEN_LETTERS.to_vec();
            loop {
                rng.shuffle(&mut tokens);
                b.token = [0; NH];
                for (&h, &t) in producing.iter().zip(tokens.iter()) {
                    b.token[h] = t;
                }
                let red = |h: usize| b.token[h] == 6 || b.token[h] == 8;
                let ok = (0..NH)
                    .filter(|&h| red(h))
                    .all(|h| bits64(g.hex_nbrs[h] as u64).all(|n| !red(n)));
                if ok {
                    break;
                }
            }
        }
        b.derive();
        let robber = (0..NH).find(|&h| b.terrain[h] == DESERT).unwrap_or(0);
        (b, robber)
    }

    /// B7 The Caravans on the beginner map (the oasis in the desert's place), from the crate's
    /// copy of the shared map data.
    pub fn caravans_beginner() -> Board {
        static B: OnceLock<Board> = OnceLock::new();
        B.get_or_init(|| {
            let data: Value = serde_json::from_str(include_str!("../data/catan_maps.json"))
                .expect("bundled map data is valid JSON");
            Board::from_map(&data["maps"]["caravans"])
                .expect("bundled caravans map is valid")
                .0
        })
        .clone()
    }

    /// The board in the map format (hexes by coordinates, harbors by canonical edge name).
    pub fn to_json(&self) -> Value {
        let g = self.geo;
        let hexes: Vec<Value> = (0..NH)
            .map(|h| {
                let (q, r) = g.hexes[h];
                if self.terrain[h] == TRADE {
                    let role = TRADE_ROLES.get(self.trade_role[h] as usize).copied().unwrap_or("castle");
                    return json!({"q": q, "r": r, "terrain": "trade", "token": Value::Null, "trade": role});
                }
                let mut v = json!({
                    "q": q, "r": r,
                    "terrain": TERRAINS.get(self.terrain[h] as usize).copied().unwrap_or("desert"),
                    "token": if self.token[h] == 0 { Value::Null } else { json!(self.token[h]) },
                });
                if self.extra_token[h] != 0 {
                    v["extra_token"] = json!(self.extra_token[h]);
                }
                v
            })
            .collect();
        let harbors: Vec<Value> = (0..g.ne)
            .filter(|&e| (self.edge_harbor[e] as usize) < 6)
            .map(|e| {
                let (q, r, t) = g.edges[e];
                json!({"edge": [q, r, t.name()], "type": HARBOR_KINDS[self.edge_harbor[e] as usize]})
            })
            .collect();
        json!({"hexes": hexes, "harbors": harbors})
    }

    /// Expected production per dice roll in 36ths ("pips") of a vertex.
    pub fn vertex_pips(&self, v: usize) -> u32 {
        let g = self.geo;
        g.vertex_hexes[v]
            .iter()
            .filter(|&&h| h != NONE)
            .map(|&h| self.hex_pips(h as usize))
            .sum()
    }

    /// Expected production per dice roll in 36ths of hex `h` (both tokens counted).
    pub fn hex_pips(&self, h: usize) -> u32 {
        pips(self.token[h]) + pips(self.extra_token[h])
    }
}

/// Ways to roll `n` with 2d6.
pub fn pips(n: u8) -> u32 {
    match n {
        2..=7 => n as u32 - 1,
        8..=12 => 13 - n as u32,
        _ => 0,
    }
}

fn read_hex(h: &Value) -> Option<(i32, i32)> {
    let q = h.get("q")?.as_i64().and_then(|x| i32::try_from(x).ok())?;
    let r = h.get("r")?.as_i64().and_then(|x| i32::try_from(x).ok())?;
    Some((q, r))
}

pub fn read_hex_pair(h: &Value) -> Option<(i32, i32)> {
    match h.as_array()?.as_slice() {
        [q, r] => Some((
            q.as_i64().and_then(|x| i32::try_from(x).ok())?,
            r.as_i64().and_then(|x| i32::try_from(x).ok())?,
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beginner_board_matches_spec() {
        let g = Geometry::base();
        let b = Board::beginner();
        let at = |q, r| g.hex_id(q, r).unwrap();
        assert_eq!(TERRAINS[b.terrain[at(0, -2)] as usize], "mountains");
        assert_eq!(b.token[at(0, -2)], 10);
        assert_eq!(TERRAINS[b.terrain[at(0, 0)] as usize], "desert");
        assert_eq!(b.token[at(0, 0)], 0);
        assert_eq!(b.token[at(0, 2)], 11);
        let mut counts = [0; 6];
        for h in 0..NH {
            counts[b.terrain[h] as usize] += 1;
        }
        assert_eq!(counts, [4, 3, 4, 4, 3, 1]);
        let harbors: Vec<usize> = (0..g.ne).filter(|&e| b.edge_harbor[e] != NONE).collect();
        assert_eq!(harbors.len(), 9);
        // W(-2,1) is the brick harbor = E(-3,1).
        let e = g.edge_id(-3, 1, crate::geometry::ETag::E).unwrap();
        assert_eq!(HARBOR_KINDS[b.edge_harbor[e] as usize], "brick");
        assert_eq!(b.harbor_vertices[GENERIC as usize].count_ones(), 8);
    }

    #[test]
    fn spiral_from_top_left_corner_follows_the_letters() {
        // Check the SPIRAL list is a path of adjacent hexes.
        for w in SPIRAL.windows(2) {
            let a = meeple_core::hex::Hex::new(w[0].0, w[0].1);
            let b = meeple_core::hex::Hex::new(w[1].0, w[1].1);
            assert!(a.distance(b) == 1, "{w:?}");
        }
    }

    const CCW: TokenLaying = TokenLaying::Spiral { clockwise: false };

    /// The clockwise spiral of D-04 from the corner (0,-2), written out by hand (spec §A3.2 step 3
    /// with the direction reversed): ring 2 clockwise, ring 1 from the corner's inward neighbour.
    const CLOCKWISE_PATH: [(i32, i32); 19] = [
        (0, -2),
        (1, -2),
        (2, -2),
        (2, -1),
        (2, 0),
        (1, 1),
        (0, 2),
        (-1, 2),
        (-2, 2),
        (-2, 1),
        (-2, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
        (1, 0),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (0, 0),
    ];

    /// The letters lie along `path` from one of the six corners (skipping the desert).
    fn letters_follow(b: &Board, path: &[(i32, i32)]) -> bool {
        let g = Geometry::base();
        (0..6).any(|k| {
            let seq: Vec<u8> = path
                .iter()
                .map(|&(q, r)| meeple_core::hex::Hex::new(q, r).rotate(k))
                .filter_map(|h| g.hex_id(h.q, h.r))
                .filter(|&h| b.terrain[h] != DESERT)
                .map(|h| b.token[h])
                .collect();
            seq == TOKEN_LETTERS
        })
    }

    #[test]
    fn clockwise_spiral_follows_the_mirrored_path() {
        for w in CLOCKWISE_PATH.windows(2) {
            let a = meeple_core::hex::Hex::new(w[0].0, w[0].1);
            let b = meeple_core::hex::Hex::new(w[1].0, w[1].1);
            assert!(a.distance(b) == 1, "{w:?}");
        }
        for seed in 0..30 {
            // Same RNG draws as the counter-clockwise board: same terrains, start corner mirrored.
            let (cw, _) = Board::random(
                &mut GameRng::new(seed),
                TokenLaying::Spiral { clockwise: true },
            );
            let (ccw, _) = Board::random(&mut GameRng::new(seed), CCW);
            assert_eq!(cw.terrain, ccw.terrain);
            assert!(letters_follow(&cw, &CLOCKWISE_PATH), "seed {seed}");
            assert!(!letters_follow(&cw, &SPIRAL), "seed {seed}");
            assert!(letters_follow(&ccw, &SPIRAL), "seed {seed}");
        }
    }

    #[test]
    fn spiral_lays_the_letters_in_order_from_some_corner() {
        for seed in 0..30 {
            let (b, _) = Board::random(&mut GameRng::new(seed), CCW);
            assert!(letters_follow(&b, &SPIRAL), "seed {seed}");
        }
    }

    #[test]
    fn random_boards_are_complete() {
        for seed in 0..50 {
            for spiral in [true, false] {
                let mut rng = GameRng::new(seed);
                let laying = if spiral {
                    CCW
                } else {
                    TokenLaying::RandomNoAdjacentRed
                };
                let (b, robber) = Board::random(&mut rng, laying);
                assert_eq!(b.terrain[robber], DESERT);
                let mut tokens: Vec<u8> = b.token.iter().copied().filter(|&t| t > 0).collect();
                tokens.sort();
                let mut want = TOKEN_LETTERS.to_vec();
                want.sort();
                assert_eq!(tokens, want);
                if !spiral {
                    let g = Geometry::base();
                    for h in 0..NH {
                        if b.token[h] == 6 || b.token[h] == 8 {
                            for n in bits64(g.hex_nbrs[h] as u64) {
                                assert!(b.token[n] != 6 && b.token[n] != 8);
                            }
                        }
                    }
                }
            }
        }
    }
}
