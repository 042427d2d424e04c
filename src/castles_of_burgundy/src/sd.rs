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
