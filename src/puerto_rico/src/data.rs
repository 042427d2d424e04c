//! Static data: goods, island tiles, roles and the building chart (rules §1, §2, §5.2 and
//! `data/puerto_rico_buildings.md`). The building table is an enum plus a table indexed by it, so
//! the expansions can append kinds without touching the rules code that reads the table.

use serde::{Deserialize, Serialize};

/// The five kinds of goods (and of plantations). The index is also the trading-house price.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Good {
    Corn,
    Indigo,
    Sugar,
    Tobacco,
    Coffee,
}

pub const NUM_GOODS: usize = 5;
pub const GOODS: [Good; NUM_GOODS] = [
    Good::Corn,
    Good::Indigo,
    Good::Sugar,
    Good::Tobacco,
    Good::Coffee,
];
pub const GOOD_NAMES: [&str; NUM_GOODS] = ["corn", "indigo", "sugar", "tobacco", "coffee"];

impl Good {
    /// Trading-house price (rules §1, A2): corn 0, indigo 1, sugar 2, tobacco 3, coffee 4.
    pub fn price(self) -> u32 {
        self as u32
    }
    pub fn name(self) -> &'static str {
        GOOD_NAMES[self as usize]
    }
}

/// Island tiles: the five plantation kinds (same index as [`Good`]) and the quarry.
pub const NUM_TILES: usize = 6;
pub const QUARRY: usize = 5;
pub const TILE_NAMES: [&str; NUM_TILES] =
    ["corn", "indigo", "sugar", "tobacco", "coffee", "quarry"];

/// The role tiles. There are two prospector tiles (5 players use both).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Settler,
    Mayor,
    Builder,
    Craftsman,
    Trader,
    Captain,
    Prospector,
    #[serde(rename = "second_prospector")]
    SecondProspector,
}

pub const NUM_ROLES: usize = 8;
pub const ROLES: [Role; NUM_ROLES] = [
    Role::Settler,
    Role::Mayor,
    Role::Builder,
    Role::Craftsman,
    Role::Trader,
    Role::Captain,
    Role::Prospector,
    Role::SecondProspector,
];
pub const ROLE_NAMES: [&str; NUM_ROLES] = [
    "settler",
    "mayor",
    "builder",
    "craftsman",
    "trader",
    "captain",
    "prospector",
    "second_prospector",
];

impl Role {
    pub fn name(self) -> &'static str {
        ROLE_NAMES[self as usize]
    }
    /// Role tiles in play by player count (rules §2.1, §2.2).
    pub fn in_play(self, players: usize) -> bool {
        match self {
            Role::Prospector => players == 2 || players >= 4,
            Role::SecondProspector => players == 5,
            _ => true,
        }
    }
}

/// What a building is, for the guild hall and the city hall.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// A production building for a good; `small` for the small indigo plant / small sugar mill.
    Production { good: Good, small: bool },
    /// A violet (beige) building.
    Violet,
    /// Expansion II jeweler: a pink (production-like) building that makes no goods (rules §9.2,
    /// N4); the guild hall counts it by the option `jeweler_guild_hall_value`.
    Pink,
}

/// Every building kind. The base game has 23; the expansions will append kinds here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Building {
    SmallIndigoPlant,
    SmallSugarMill,
    IndigoPlant,
    SugarMill,
    TobaccoStorage,
    CoffeeRoaster,
    SmallMarket,
    Hacienda,
    ConstructionHut,
    SmallWarehouse,
    Hospice,
    Office,
    LargeMarket,
    LargeWarehouse,
    Factory,
    University,
    Harbor,
    Wharf,
    GuildHall,
    Residence,
    Fortress,
    CustomsHouse,
    CityHall,
    // Expansion I (rules §8.3), appended so the base ids stay unchanged.
    Aqueduct,
    ForestHouse,
    BlackMarket,
    Storehouse,
    GuestHouse,
    TradingPost,
    Church,
    SmallWharf,
    Lighthouse,
    SpecialtyFactory,
    Library,
    UnionHall,
    Cloister,
    Statue,
    // Expansion II "The Nobles" (rules §9.5), appended after Expansion I.
    LandOffice,
    Chapel,
    HuntingLodge,
    #[serde(alias = "zoning_office")]
    ConstructionOffice,
    RoyalSupplier,
    Villa,
    Jeweler,
    RoyalGarden,
}

/// One row of the building chart.
#[derive(Clone, Copy, Debug)]
pub struct BuildingData {
    pub kind: Building,
    pub name: &'static str,
    pub cost: u8,
    pub vp: u8,
    /// Quarry column: the most occupied quarries that can discount it.
    pub column: u8,
    pub circles: u8,
    /// Large buildings take 2 city spaces.
    pub large: bool,
    pub copies: u8,
    pub copies_2p: u8,
    pub class: Class,
}

/// Building kinds of the base game (indices 0..23); the Expansion I kinds follow.
pub const BASE_BUILDINGS: usize = 23;
/// Building kinds up to Expansion I (the Expansion I action and tensor blocks keep this size).
pub const X_BUILDINGS: usize = 37;
/// Every building kind (base + Expansion I + Expansion II).
pub const NUM_BUILDINGS: usize = 45;
/// Expansion II kinds (indices 37..45).
pub const NOBLE_KINDS: usize = NUM_BUILDINGS - X_BUILDINGS;

/// Expansion I draft slots (rules §8.2): (cost, slots).
pub const DRAFT_SLOTS: [(u8, u8); 10] = [
    (1, 1),
    (2, 2),
    (3, 1),
    (4, 1),
    (5, 2),
    (6, 1),
    (7, 1),
    (8, 2),
    (9, 1),
    (10, 5),
];
/// Forest tiles of the 2004 stand-alone Expansion I (rules §8.1, E8).
pub const FOREST_TILES_2004: u8 = 12;
/// Violet kinds in a complete building set.
pub const SET_SIZE: u32 = 17;

/// Draft slots at a cost.
pub fn draft_slots(cost: u8) -> u32 {
    DRAFT_SLOTS
        .iter()
        .find(|s| s.0 == cost)
        .map(|s| s.1 as u32)
        .unwrap_or(0)
}

/// The base game's violet kinds as a bit set over building indices.
pub const BASE_VIOLET: u64 = ((1u64 << BASE_BUILDINGS) - 1) & !0b11_1111;

const fn row(
    kind: Building,
    name: &'static str,
    cost: u8,
    vp: u8,
    column: u8,
    circles: u8,
    large: bool,
    copies: u8,
    copies_2p: u8,
    class: Class,
) -> BuildingData {
    BuildingData {
        kind,
        name,
        cost,
        vp,
        column,
        circles,
        large,
        copies,
        copies_2p,
        class,
    }
}

const fn prod(good: Good, small: bool) -> Class {
    Class::Production { good, small }
}
const V: Class = Class::Violet;

/// The base-game building chart (rules §5.2; Factory 7 / University 8 as the spec decides).
pub const BUILDINGS: [BuildingData; NUM_BUILDINGS] = [
    row(
        Building::SmallIndigoPlant,
        "small_indigo_plant",
        1,
        1,
        1,
        1,
        false,
        4,
        2,
        prod(Good::Indigo, true),
    ),
    row(
        Building::SmallSugarMill,
        "small_sugar_mill",
        2,
        1,
        1,
        1,
        false,
        4,
        2,
        prod(Good::Sugar, true),
    ),
    row(
        Building::IndigoPlant,
        "indigo_plant",
        3,
        2,
        2,
        3,
        false,
        3,
        2,
        prod(Good::Indigo, false),
    ),
    row(
        Building::SugarMill,
        "sugar_mill",
        4,
        2,
        2,
        3,
        false,
        3,
        2,
        prod(Good::Sugar, false),
    ),
    row(
        Building::TobaccoStorage,
        "tobacco_storage",
        5,
        3,
        3,
        3,
        false,
        3,
        2,
        prod(Good::Tobacco, false),
    ),
    row(
        Building::CoffeeRoaster,
        "coffee_roaster",
        6,
        3,
        3,
        2,
        false,
        3,
        2,
        prod(Good::Coffee, false),
    ),
    row(
        Building::SmallMarket,
        "small_market",
        1,
        1,
        1,
        1,
        false,
        2,
        1,
        V,
    ),
    row(Building::Hacienda, "hacienda", 2, 1, 1, 1, false, 2, 1, V),
    row(
        Building::ConstructionHut,
        "construction_hut",
        2,
        1,
        1,
        1,
        false,
        2,
        1,
        V,
    ),
    row(
        Building::SmallWarehouse,
        "small_warehouse",
        3,
        1,
        1,
        1,
        false,
        2,
        1,
        V,
    ),
    row(Building::Hospice, "hospice", 4, 2, 2, 1, false, 2, 1, V),
    row(Building::Office, "office", 5, 2, 2, 1, false, 2, 1, V),
    row(
        Building::LargeMarket,
        "large_market",
        5,
        2,
        2,
        1,
        false,
        2,
        1,
        V,
    ),
    row(
        Building::LargeWarehouse,
        "large_warehouse",
        6,
        2,
        2,
        1,
        false,
        2,
        1,
        V,
    ),
    row(Building::Factory, "factory", 7, 3, 3, 1, false, 2, 1, V),
    row(
        Building::University,
        "university",
        8,
        3,
        3,
        1,
        false,
        2,
        1,
        V,
    ),
    row(Building::Harbor, "harbor", 8, 3, 3, 1, false, 2, 1, V),
    row(Building::Wharf, "wharf", 9, 3, 3, 1, false, 2, 1, V),
    row(
        Building::GuildHall,
        "guild_hall",
        10,
        4,
        4,
        1,
        true,
        1,
        1,
        V,
    ),
    row(Building::Residence, "residence", 10, 4, 4, 1, true, 1, 1, V),
    row(Building::Fortress, "fortress", 10, 4, 4, 1, true, 1, 1, V),
    row(
        Building::CustomsHouse,
        "customs_house",
        10,
        4,
        4,
        1,
        true,
        1,
        1,
        V,
    ),
    row(Building::CityHall, "city_hall", 10, 4, 4, 1, true, 1, 1, V),
    // Expansion I (rules §8.3, data/puerto_rico_buildings.md).
    row(Building::Aqueduct, "aqueduct", 1, 1, 1, 1, false, 2, 1, V),
    row(
        Building::ForestHouse,
        "forest_house",
        2,
        1,
        1,
        1,
        false,
        2,
        1,
        V,
    ),
    row(
        Building::BlackMarket,
        "black_market",
        2,
        1,
        1,
        1,
        false,
        2,
        1,
        V,
    ),
    row(
        Building::Storehouse,
        "storehouse",
        3,
        1,
        1,
        1,
        false,
        2,
        1,
        V,
    ),
    row(
        Building::GuestHouse,
        "guest_house",
        4,
        2,
        2,
        2,
        false,
        2,
        1,
        V,
    ),
    row(
        Building::TradingPost,
        "trading_post",
        5,
        2,
        2,
        1,
        false,
        2,
        1,
        V,
    ),
    row(Building::Church, "church", 5, 2, 2, 1, false, 2, 1, V),
    row(
        Building::SmallWharf,
        "small_wharf",
        6,
        2,
        2,
        1,
        false,
        2,
        1,
        V,
    ),
    row(
        Building::Lighthouse,
        "lighthouse",
        7,
        3,
        3,
        1,
        false,
        2,
        1,
        V,
    ),
    row(
        Building::SpecialtyFactory,
        "specialty_factory",
        8,
        3,
        3,
        1,
        false,
        2,
        1,
        V,
    ),
    row(Building::Library, "library", 8, 3, 3, 1, false, 2, 1, V),
    row(
        Building::UnionHall,
        "union_hall",
        9,
        3,
        3,
        1,
        false,
        2,
        1,
        V,
    ),
    row(Building::Cloister, "cloister", 10, 4, 4, 1, true, 1, 1, V),
    row(Building::Statue, "statue", 10, 8, 4, 0, true, 1, 1, V),
    // Expansion II (rules §9.5, data/puerto_rico_buildings.md); 2 players one copy each, the
    // jeweler 2 (N7, a guess the spec flags as unsupported).
    row(
        Building::LandOffice,
        "land_office",
        2,
        1,
        1,
        1,
        false,
        2,
        1,
        V,
    ),
    row(Building::Chapel, "chapel", 3, 1, 1, 1, false, 2, 1, V),
    row(
        Building::HuntingLodge,
        "hunting_lodge",
        4,
        2,
        2,
        1,
        false,
        2,
        1,
        V,
    ),
    row(
        Building::ConstructionOffice,
        "construction_office",
        5,
        2,
        2,
        1,
        false,
        2,
        1,
        V,
    ),
    row(
        Building::RoyalSupplier,
        "royal_supplier",
        6,
        2,
        2,
        1,
        false,
        2,
        1,
        V,
    ),
    row(Building::Villa, "villa", 7, 3, 3, 1, false, 2, 1, V),
    row(
        Building::Jeweler,
        "jeweler",
        8,
        3,
        3,
        1,
        false,
        2,
        2,
        Class::Pink,
    ),
    row(
        Building::RoyalGarden,
        "royal_garden",
        10,
        4,
        4,
        1,
        true,
        1,
        1,
        V,
    ),
];

/// City spaces per building kind (1 small, 2 large), for fast sums.
pub const SIZES: [u8; NUM_BUILDINGS] = {
    let mut t = [0u8; NUM_BUILDINGS];
    let mut i = 0;
    while i < NUM_BUILDINGS {
        t[i] = if BUILDINGS[i].large { 2 } else { 1 };
        i += 1;
    }
    t
};
/// Building kinds by cost (index = cost 0..=10) as bit sets.
pub const COST_MASK: [u64; 11] = {
    let mut t = [0u64; 11];
    let mut i = 0;
    while i < NUM_BUILDINGS {
        t[BUILDINGS[i].cost as usize] |= 1 << i;
        i += 1;
    }
    t
};
/// Colonist circles per building kind, for fast sums.
pub const CIRCLES: [u8; NUM_BUILDINGS] = {
    let mut t = [0u8; NUM_BUILDINGS];
    let mut i = 0;
    while i < NUM_BUILDINGS {
        t[i] = BUILDINGS[i].circles;
        i += 1;
    }
    t
};

impl Building {
    pub fn data(self) -> &'static BuildingData {
        &BUILDINGS[self as usize]
    }
    pub fn name(self) -> &'static str {
        self.data().name
    }
    pub fn from_index(i: usize) -> Option<Building> {
        BUILDINGS.get(i).map(|d| d.kind)
    }
    pub fn size(self) -> u8 {
        if self.data().large {
            2
        } else {
            1
        }
    }
    pub fn copies(self, players: usize) -> u8 {
        if players == 2 {
            self.data().copies_2p
        } else {
            self.data().copies
        }
    }
}

/// Set-up numbers by player count (rules §2.1, §2.2).
#[derive(Clone, Copy, Debug)]
pub struct Setup {
    pub doubloons: u32,
    pub vp_chips: i32,
    pub colonist_supply: u8,
    pub colonist_ship: u8,
    pub ships: &'static [u8],
    /// Starting plantation by seat relative to the governor.
    pub start: &'static [Good],
    /// Plantation pool (before the starting tiles are taken) by kind, and the quarries.
    pub plantations: [u8; NUM_GOODS],
    pub quarries: u8,
    pub goods: [u8; NUM_GOODS],
    /// Roles chosen per round.
    pub picks: u8,
}

const FULL_POOL: [u8; NUM_GOODS] = [10, 12, 11, 9, 8];
const FULL_GOODS: [u8; NUM_GOODS] = [10, 11, 11, 9, 9];

pub fn setup(players: usize) -> Setup {
    use Good::{Corn as C, Indigo as I};
    match players {
        2 => Setup {
            doubloons: 3,
            vp_chips: 65,
            colonist_supply: 40,
            colonist_ship: 2,
            ships: &[4, 6],
            start: &[I, C],
            plantations: [7, 9, 8, 6, 5],
            quarries: 5,
            goods: [8, 9, 9, 7, 7],
            picks: 6,
        },
        3 => Setup {
            doubloons: 2,
            vp_chips: 75,
            colonist_supply: 55,
            colonist_ship: 3,
            ships: &[4, 5, 6],
            start: &[I, I, C],
            plantations: FULL_POOL,
            quarries: 8,
            goods: FULL_GOODS,
            picks: 3,
        },
        4 => Setup {
            doubloons: 3,
            vp_chips: 100,
            colonist_supply: 75,
            colonist_ship: 4,
            ships: &[5, 6, 7],
            start: &[I, I, C, C],
            plantations: FULL_POOL,
            quarries: 8,
            goods: FULL_GOODS,
            picks: 4,
        },
        _ => Setup {
            doubloons: 4,
            vp_chips: 122,
            colonist_supply: 95,
            colonist_ship: 5,
            ships: &[6, 7, 8],
            start: &[I, I, I, C, C],
            plantations: FULL_POOL,
            quarries: 8,
            goods: FULL_GOODS,
            picks: 5,
        },
    }
}
