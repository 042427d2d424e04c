//! Plain fixed-size containers for the state, each with a readable JSON form (names, not
//! indices). Internally they are arrays, so cloning the state is a memcpy.

use crate::data::{
    Building, Role, BASE_BUILDINGS, BUILDINGS, NUM_BUILDINGS, NUM_GOODS, NUM_ROLES, NUM_TILES,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A count per good (or per plantation kind), written as `{"corn": 1, "indigo": 0, ...}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "GoodsNamed", into = "GoodsNamed")]
pub struct PerGood(pub [u8; NUM_GOODS]);

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GoodsNamed {
    corn: u8,
    indigo: u8,
    sugar: u8,
    tobacco: u8,
    coffee: u8,
}

impl From<GoodsNamed> for PerGood {
    fn from(g: GoodsNamed) -> Self {
        PerGood([g.corn, g.indigo, g.sugar, g.tobacco, g.coffee])
    }
}
impl From<PerGood> for GoodsNamed {
    fn from(g: PerGood) -> Self {
        let [corn, indigo, sugar, tobacco, coffee] = g.0;
        GoodsNamed {
            corn,
            indigo,
            sugar,
            tobacco,
            coffee,
        }
    }
}

impl PerGood {
    pub fn is_zero(&self) -> bool {
        self.0 == [0; NUM_GOODS]
    }
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&x| x as u32).sum()
    }
    /// Bit g set when the count of good g is non-zero.
    pub fn mask(&self) -> u8 {
        let mut m = 0;
        for (g, &c) in self.0.iter().enumerate() {
            if c > 0 {
                m |= 1 << g;
            }
        }
        m
    }
}

/// A count per island tile kind (five plantations and the quarry).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "TilesNamed", into = "TilesNamed")]
pub struct PerTile(pub [u8; NUM_TILES]);

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TilesNamed {
    corn: u8,
    indigo: u8,
    sugar: u8,
    tobacco: u8,
    coffee: u8,
    quarry: u8,
}

impl From<TilesNamed> for PerTile {
    fn from(g: TilesNamed) -> Self {
        PerTile([g.corn, g.indigo, g.sugar, g.tobacco, g.coffee, g.quarry])
    }
}
impl From<PerTile> for TilesNamed {
    fn from(g: PerTile) -> Self {
        let [corn, indigo, sugar, tobacco, coffee, quarry] = g.0;
        TilesNamed {
            corn,
            indigo,
            sugar,
            tobacco,
            coffee,
            quarry,
        }
    }
}

impl PerTile {
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&x| x as u32).sum()
    }
}

/// A player's city: for each building kind, 0 = not owned, k + 1 = owned with k colonists.
/// Written as a list `[{"building": "hacienda", "colonists": 1}, ...]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<CityEntry>", into = "Vec<CityEntry>")]
pub struct City(pub [u8; NUM_BUILDINGS]);

impl Default for City {
    fn default() -> Self {
        City([0; NUM_BUILDINGS])
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CityEntry {
    building: Building,
    colonists: u8,
}

impl TryFrom<Vec<CityEntry>> for City {
    type Error = String;
    fn try_from(v: Vec<CityEntry>) -> Result<Self, String> {
        let mut c = City::default();
        for e in v {
            let i = e.building as usize;
            if c.0[i] != 0 {
                return Err(format!(
                    "building {} listed twice in a city",
                    e.building.name()
                ));
            }
            if e.colonists > BUILDINGS[i].circles {
                return Err(format!(
                    "{} colonists on {} (it has {} circles)",
                    e.colonists,
                    e.building.name(),
                    BUILDINGS[i].circles
                ));
            }
            c.0[i] = e.colonists + 1;
        }
        Ok(c)
    }
}
impl From<City> for Vec<CityEntry> {
    fn from(c: City) -> Self {
        let mut v = Vec::new();
        for (i, &x) in c.0.iter().enumerate() {
            if x > 0 {
                v.push(CityEntry {
                    building: BUILDINGS[i].kind,
                    colonists: x - 1,
                });
            }
        }
        v
    }
}

impl City {
    #[inline]
    pub fn owns(&self, b: Building) -> bool {
        self.0[b as usize] > 0
    }
    /// Owned with at least one colonist.
    #[inline]
    pub fn occupied(&self, b: Building) -> bool {
        self.0[b as usize] > 1
    }
    #[inline]
    pub fn colonists(&self, b: usize) -> u8 {
        self.0[b].saturating_sub(1)
    }
}

/// Buildings left in the supply, written as `{"hacienda": 2, ...}`: every base kind, and the
/// Expansion I kinds that have copies left (a missing kind reads as 0; the supply is derived and
/// recomputed when a position is read).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "BTreeMap<Building, u8>", into = "BTreeMap<Building, u8>")]
pub struct BuildingSupply(pub [u8; NUM_BUILDINGS]);

impl TryFrom<BTreeMap<Building, u8>> for BuildingSupply {
    type Error = String;
    fn try_from(m: BTreeMap<Building, u8>) -> Result<Self, String> {
        let mut s = [0u8; NUM_BUILDINGS];
        for (&b, &c) in m.iter() {
            s[b as usize] = c;
        }
        Ok(BuildingSupply(s))
    }
}
impl Default for BuildingSupply {
    fn default() -> Self {
        BuildingSupply([0; NUM_BUILDINGS])
    }
}
impl From<BuildingSupply> for BTreeMap<Building, u8> {
    fn from(s: BuildingSupply) -> Self {
        BUILDINGS
            .iter()
            .filter(|d| (d.kind as usize) < BASE_BUILDINGS || s.0[d.kind as usize] > 0)
            .map(|d| (d.kind, s.0[d.kind as usize]))
            .collect()
    }
}

/// One cargo ship.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ship {
    pub capacity: u8,
    /// The kind on board (`null` when empty).
    pub good: Option<crate::data::Good>,
    pub count: u8,
}

pub const MAX_SHIPS: usize = 3;

/// The cargo ships, smallest first (2 or 3), written as a list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<Ship>", into = "Vec<Ship>")]
pub struct Ships {
    pub len: u8,
    pub s: [Ship; MAX_SHIPS],
}

impl TryFrom<Vec<Ship>> for Ships {
    type Error = String;
    fn try_from(v: Vec<Ship>) -> Result<Self, String> {
        if v.len() > MAX_SHIPS {
            return Err(format!("{} cargo ships (at most {MAX_SHIPS})", v.len()));
        }
        let mut s = Ships {
            len: v.len() as u8,
            ..Default::default()
        };
        for (i, x) in v.into_iter().enumerate() {
            s.s[i] = x;
        }
        Ok(s)
    }
}
impl From<Ships> for Vec<Ship> {
    fn from(s: Ships) -> Self {
        s.s[..s.len as usize].to_vec()
    }
}

impl Ships {
    pub fn as_slice(&self) -> &[Ship] {
        &self.s[..(self.len as usize).min(MAX_SHIPS)]
    }
}

/// One role tile in play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoleSlot {
    pub in_play: bool,
    pub taken: bool,
    pub doubloons: u16,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoleEntry {
    role: Role,
    /// Doubloons lying on the tile.
    doubloons: u16,
    /// Chosen this round.
    taken: bool,
}

/// The role tiles, written as a list of the tiles in play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<RoleEntry>", into = "Vec<RoleEntry>")]
pub struct Roles(pub [RoleSlot; NUM_ROLES]);

impl TryFrom<Vec<RoleEntry>> for Roles {
    type Error = String;
    fn try_from(v: Vec<RoleEntry>) -> Result<Self, String> {
        let mut r = Roles::default();
        for e in v {
            let slot = &mut r.0[e.role as usize];
            if slot.in_play {
                return Err(format!("role {} listed twice", e.role.name()));
            }
            *slot = RoleSlot {
                in_play: true,
                taken: e.taken,
                doubloons: e.doubloons,
            };
        }
        Ok(r)
    }
}
impl From<Roles> for Vec<RoleEntry> {
    fn from(r: Roles) -> Self {
        let mut v = Vec::new();
        for (i, s) in r.0.iter().enumerate() {
            if s.in_play {
                v.push(RoleEntry {
                    role: crate::data::ROLES[i],
                    doubloons: s.doubloons,
                    taken: s.taken,
                });
            }
        }
        v
    }
}

/// A bit set of seats (bit p = seat p), written as a list of seats `[0, 2]`.
pub mod seat_set {
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn list(m: u8) -> Vec<u8> {
        (0..8).filter(|i| (m >> i) & 1 == 1).collect()
    }
    pub fn serialize<S: Serializer>(m: &u8, s: S) -> Result<S::Ok, S::Error> {
        list(*m).serialize(s)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
        let mut m = 0u8;
        for x in Vec::<u8>::deserialize(d)? {
            if x >= 5 {
                return Err(D::Error::custom(format!("seat {x} out of range")));
            }
            m |= 1 << x;
        }
        Ok(m)
    }
}

/// A bit set of goods (bit g = good g), written as a list of names `["corn", "coffee"]`.
pub mod good_set {
    use crate::data::{Good, GOODS};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn list(m: u8) -> Vec<Good> {
        GOODS
            .iter()
            .copied()
            .filter(|&g| (m >> g as u8) & 1 == 1)
            .collect()
    }
    pub fn serialize<S: Serializer>(m: &u8, s: S) -> Result<S::Ok, S::Error> {
        list(*m).serialize(s)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
        let mut m = 0u8;
        for g in Vec::<Good>::deserialize(d)? {
            m |= 1 << g as u8;
        }
        Ok(m)
    }
}

/// A bit set of building kinds, written as a list of names.
pub mod building_set {
    use crate::data::{Building, BUILDINGS};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn list(m: u64) -> Vec<Building> {
        BUILDINGS
            .iter()
            .map(|d| d.kind)
            .filter(|&b| (m >> b as u8) & 1 == 1)
            .collect()
    }
    pub fn serialize<S: Serializer>(m: &u64, s: S) -> Result<S::Ok, S::Error> {
        list(*m).serialize(s)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        let mut m = 0u64;
        for b in Vec::<Building>::deserialize(d)? {
            m |= 1 << b as u8;
        }
        Ok(m)
    }
}

/// Island tile names for `last_tile`: the six tile kinds and (Expansion I) `forest`.
pub const LAST_TILE_NAMES: [&str; 7] = [
    "corn", "indigo", "sugar", "tobacco", "coffee", "quarry", "forest",
];
/// `last_tile` value of a forest (its hospice colonist goes to the windrose).
pub const FOREST_TILE: u8 = 6;

/// An optional island tile kind (index 0..7, 6 = forest), written as its name (`"quarry"`) or
/// `null`.
pub mod opt_tile {
    use super::LAST_TILE_NAMES as TILE_NAMES;
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(t: &Option<u8>, s: S) -> Result<S::Ok, S::Error> {
        t.map(|t| TILE_NAMES.get(t as usize).copied().unwrap_or("?"))
            .serialize(s)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
        match Option::<String>::deserialize(d)? {
            None => Ok(None),
            Some(name) => TILE_NAMES
                .iter()
                .position(|&n| n == name)
                .map(|i| Some(i as u8))
                .ok_or_else(|| D::Error::custom(format!("unknown island tile '{name}'"))),
        }
    }
}

/// `skip_serializing_if` predicates for the optional fields of the position format.
pub(crate) fn is_zero_u8(x: &u8) -> bool {
    *x == 0
}
pub(crate) fn is_zero_u64(x: &u64) -> bool {
    *x == 0
}
pub(crate) fn is_zero_u32(x: &u32) -> bool {
    *x == 0
}
pub(crate) fn not(x: &bool) -> bool {
    !*x
}
