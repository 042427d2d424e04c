//! The 29 card kinds (110 cards), the goods and the roles.

use serde::{Deserialize, Serialize};

/// Number of distinct card kinds.
pub const KINDS: usize = 29;
/// Cards in the game.
pub const TOTAL_CARDS: u32 = 110;

/// A multiset of cards, by kind (index = [`Card`] as u8).
pub type Cards = [u8; KINDS];

/// Every card kind, in the spec's table order (§2.1). Kinds 0..5 are the production buildings,
/// in goods order (indigo, sugar, tobacco, coffee, silver); the rest are violet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Card {
    IndigoPlant,
    SugarMill,
    TobaccoStorage,
    CoffeeRoaster,
    SilverSmelter,
    Smithy,
    GoldMine,
    Archive,
    PoorHouse,
    BlackMarket,
    TradingPost,
    Well,
    MarketStand,
    Crane,
    Chapel,
    Tower,
    Aqueduct,
    Carpenter,
    Prefecture,
    MarketHall,
    Quarry,
    Library,
    Statue,
    VictoryColumn,
    Hero,
    GuildHall,
    CityHall,
    TriumphalArch,
    Palace,
}

pub const ALL_CARDS: [Card; KINDS] = [
    Card::IndigoPlant,
    Card::SugarMill,
    Card::TobaccoStorage,
    Card::CoffeeRoaster,
    Card::SilverSmelter,
    Card::Smithy,
    Card::GoldMine,
    Card::Archive,
    Card::PoorHouse,
    Card::BlackMarket,
    Card::TradingPost,
    Card::Well,
    Card::MarketStand,
    Card::Crane,
    Card::Chapel,
    Card::Tower,
    Card::Aqueduct,
    Card::Carpenter,
    Card::Prefecture,
    Card::MarketHall,
    Card::Quarry,
    Card::Library,
    Card::Statue,
    Card::VictoryColumn,
    Card::Hero,
    Card::GuildHall,
    Card::CityHall,
    Card::TriumphalArch,
    Card::Palace,
];

/// Snake-case names, as in the JSON and the action labels.
pub const NAMES: [&str; KINDS] = [
    "indigo_plant",
    "sugar_mill",
    "tobacco_storage",
    "coffee_roaster",
    "silver_smelter",
    "smithy",
    "gold_mine",
    "archive",
    "poor_house",
    "black_market",
    "trading_post",
    "well",
    "market_stand",
    "crane",
    "chapel",
    "tower",
    "aqueduct",
    "carpenter",
    "prefecture",
    "market_hall",
    "quarry",
    "library",
    "statue",
    "victory_column",
    "hero",
    "guild_hall",
    "city_hall",
    "triumphal_arch",
    "palace",
];

/// Printed cost.
pub const COST: [u8; KINDS] = [
    1, 2, 3, 4, 5, // production
    1, 1, 1, 2, 2, 2, 2, 2, 2, // smithy .. crane
    3, 3, 3, 3, 3, 4, 4, 5, // chapel .. library
    3, 4, 5, // monuments
    6, 6, 6, 6, // 6-cost
];

/// Printed VP (the 6-cost buildings score only through their formulas).
pub const VP: [u8; KINDS] = [
    1, 1, 2, 2, 3, // production
    1, 1, 1, 1, 1, 1, 1, 1, 1, // smithy .. crane
    2, 2, 2, 2, 2, 2, 2, 3, // chapel .. library
    3, 4, 5, // monuments
    0, 0, 0, 0, // 6-cost
];

/// Copies in the deck.
pub const COPIES: [u8; KINDS] = [
    10, 8, 8, 8, 8, // production
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, // 17 function buildings
    3, 3, 3, // monuments
    2, 2, 2, 2, // 6-cost
];

pub const INDIGO: u8 = Card::IndigoPlant as u8;
pub const SMITHY: u8 = Card::Smithy as u8;
pub const GOLD_MINE: u8 = Card::GoldMine as u8;
pub const ARCHIVE: u8 = Card::Archive as u8;
pub const POOR_HOUSE: u8 = Card::PoorHouse as u8;
pub const BLACK_MARKET: u8 = Card::BlackMarket as u8;
pub const TRADING_POST: u8 = Card::TradingPost as u8;
pub const WELL: u8 = Card::Well as u8;
pub const MARKET_STAND: u8 = Card::MarketStand as u8;
pub const CRANE: u8 = Card::Crane as u8;
pub const CHAPEL: u8 = Card::Chapel as u8;
pub const TOWER: u8 = Card::Tower as u8;
pub const AQUEDUCT: u8 = Card::Aqueduct as u8;
pub const CARPENTER: u8 = Card::Carpenter as u8;
pub const PREFECTURE: u8 = Card::Prefecture as u8;
pub const MARKET_HALL: u8 = Card::MarketHall as u8;
pub const QUARRY: u8 = Card::Quarry as u8;
pub const LIBRARY: u8 = Card::Library as u8;
pub const STATUE: u8 = Card::Statue as u8;
pub const VICTORY_COLUMN: u8 = Card::VictoryColumn as u8;
pub const HERO: u8 = Card::Hero as u8;
pub const GUILD_HALL: u8 = Card::GuildHall as u8;
pub const CITY_HALL: u8 = Card::CityHall as u8;
pub const TRIUMPHAL_ARCH: u8 = Card::TriumphalArch as u8;
pub const PALACE: u8 = Card::Palace as u8;

/// Goods, in price-tile order. A production building of kind `g` (0..5) makes good `g`.
pub const GOODS: [&str; 5] = ["indigo", "sugar", "tobacco", "coffee", "silver"];

/// The five standard trading-house tiles (§2.3), prices for indigo, sugar, tobacco, coffee, silver.
pub const STANDARD_TILES: [[u8; 5]; 5] = [
    [1, 1, 1, 2, 2],
    [1, 1, 2, 2, 2],
    [1, 1, 2, 2, 3],
    [1, 2, 2, 2, 3],
    [1, 2, 2, 3, 3],
];

/// Roles, in action-id order.
pub const ROLES: [&str; 5] = ["builder", "producer", "trader", "councilor", "prospector"];
pub const BUILDER: u8 = 0;
pub const PRODUCER: u8 = 1;
pub const TRADER: u8 = 2;
pub const COUNCILOR: u8 = 3;
pub const PROSPECTOR: u8 = 4;

#[inline]
pub fn is_production(k: u8) -> bool {
    k < 5
}

#[inline]
pub fn is_violet(k: u8) -> bool {
    (5..KINDS as u8).contains(&k)
}

#[inline]
pub fn is_monument(k: u8) -> bool {
    (STATUE..=HERO).contains(&k)
}

pub fn card_from_index(k: u8) -> Option<Card> {
    ALL_CARDS.get(k as usize).copied()
}

pub fn index_of_name(name: &str) -> Option<u8> {
    NAMES.iter().position(|&n| n == name).map(|i| i as u8)
}

#[inline]
pub fn total(c: &Cards) -> u32 {
    c.iter().map(|&x| x as u32).sum()
}

/// Cards of kind `k` or later.
#[inline]
pub fn count_from(c: &Cards, k: u8) -> u32 {
    c.iter().skip(k as usize).map(|&x| x as u32).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogue_has_110_cards() {
        assert_eq!(COPIES.iter().map(|&c| c as u32).sum::<u32>(), TOTAL_CARDS);
        for (i, c) in ALL_CARDS.iter().enumerate() {
            assert_eq!(*c as usize, i);
            let name = serde_json::to_value(c).unwrap();
            assert_eq!(name, NAMES[i]);
        }
    }
}
