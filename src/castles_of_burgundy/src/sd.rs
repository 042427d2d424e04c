//! Serde helpers for the readable position format: estates as `{"space id": "tile"}` maps and
//! tile counts as `{"tile": count}` maps (zero counts omitted).

use crate::data::{Tile, CELLS, NUM_TILES};
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use std::fmt;

/// An estate: space id (1..=37, spec section 16.2) to the tile on it; empty spaces omitted.
pub mod estate {
    use super::*;

    pub fn serialize<S: Serializer>(e: &[Option<Tile>; CELLS], s: S) -> Result<S::Ok, S::Error> {
        let n = e.iter().filter(|t| t.is_some()).count();
        let mut m = s.serialize_map(Some(n))?;
        for (c, t) in e.iter().enumerate() {
            if let Some(t) = t {
                m.serialize_entry(&(c + 1).to_string(), t)?;
            }
        }
        m.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[Option<Tile>; CELLS], D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = [Option<Tile>; CELLS];
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map from space id \"1\"..\"37\" to a tile name")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut e = [None; CELLS];
                while let Some((k, t)) = map.next_entry::<String, Tile>()? {
                    let id: usize = k
                        .parse()
                        .map_err(|_| de::Error::custom(format!("bad space id '{k}'")))?;
                    if !(1..=CELLS).contains(&id) {
                        return Err(de::Error::custom(format!("space id {id} not in 1..=37")));
                    }
                    if e[id - 1].is_some() {
                        return Err(de::Error::custom(format!("space {id} listed twice")));
                    }
                    e[id - 1] = Some(t);
                }
                Ok(e)
            }
        }
        d.deserialize_map(V)
    }
}

/// Tile counts: tile name to count; zero counts omitted.
pub mod counts {
    use super::*;

    pub fn serialize<S: Serializer>(c: &[u8; NUM_TILES], s: S) -> Result<S::Ok, S::Error> {
        let n = c.iter().filter(|&&x| x > 0).count();
        let mut m = s.serialize_map(Some(n))?;
        for (k, &x) in c.iter().enumerate() {
            if x > 0 {
                m.serialize_entry(&Tile(k as u8), &x)?;
            }
        }
        m.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[u8; NUM_TILES], D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = [u8; NUM_TILES];
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map from tile name to count")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut c = [0u8; NUM_TILES];
                while let Some((t, x)) = map.next_entry::<Tile, u8>()? {
                    if c[t.0 as usize] != 0 {
                        return Err(de::Error::custom(format!("tile {} listed twice", t.name())));
                    }
                    if x == 0 {
                        return Err(de::Error::custom("zero counts are omitted, not written"));
                    }
                    c[t.0 as usize] = x;
                }
                Ok(c)
            }
        }
        d.deserialize_map(V)
    }
}

/// A player's estate: the tile on each cell (space id = cell + 1), with the occupied-cell mask
/// and the owned knowledge tiles kept up to date by [`Estate::set`], the only way to change it.
/// Serialized as `{"space id": "tile"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estate {
    tiles: [Option<Tile>; CELLS],
    occ: u64,
    know: u32,
}

impl Default for Estate {
    fn default() -> Self {
        Estate {
            tiles: [None; CELLS],
            occ: 0,
            know: 0,
        }
    }
}

impl Estate {
    /// The tile on `cell` (0-based; None when empty or out of range).
    pub fn get(&self, cell: usize) -> Option<Tile> {
        self.tiles.get(cell).copied().flatten()
    }

    /// Put `tile` on `cell` (or clear it with None); returns what was there. Out of range: no-op.
    pub fn set(&mut self, cell: usize, tile: Option<Tile>) -> Option<Tile> {
        if cell >= CELLS {
            return None;
        }
        let old = std::mem::replace(&mut self.tiles[cell], tile);
        if tile.is_some() {
            self.occ |= 1 << cell;
        } else {
            self.occ &= !(1 << cell);
        }
        if old.and_then(|t| t.knowledge_id()).is_some()
            || tile.and_then(|t| t.knowledge_id()).is_some()
        {
            self.know = self
                .tiles
                .iter()
                .flatten()
                .filter_map(|t| t.knowledge_id())
                .fold(0, |m, k| m | 1 << k);
        }
        old
    }

    /// Bitmask of occupied cells.
    pub fn occ(&self) -> u64 {
        self.occ
    }

    /// Bitmask of the knowledge tiles on the estate (bit k for tile k).
    pub fn know(&self) -> u32 {
        self.know
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Option<Tile>> {
        self.tiles.iter()
    }
}

impl std::ops::Index<usize> for Estate {
    type Output = Option<Tile>;
    fn index(&self, cell: usize) -> &Option<Tile> {
        &self.tiles[cell]
    }
}

impl serde::Serialize for Estate {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        estate::serialize(&self.tiles, s)
    }
}

impl<'de> serde::Deserialize<'de> for Estate {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Estate, D::Error> {
        let tiles = estate::deserialize(d)?;
        let mut e = Estate::default();
        for (c, t) in tiles.iter().enumerate() {
            if t.is_some() {
                e.set(c, *t);
            }
        }
        Ok(e)
    }
}
