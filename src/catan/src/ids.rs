//! Constants of the base game: piece limits, costs, development cards, and the action ids
//! (the table in the crate docs).

use crate::geometry::{NE, NH, NONE, NV};

pub const MAX_PLAYERS: usize = 4;
/// `robber` value while the robber stands beside the board (Fishermen and Caravans start it
/// there; Robber Flees and D-03 put it there in those scenarios and in Rivers).
pub const ROBBER_OFF: u8 = NONE;

pub const KNIGHT: usize = 0;
pub const VICTORY_POINT: usize = 1;
pub const ROAD_BUILDING: usize = 2;
pub const YEAR_OF_PLENTY: usize = 3;
pub const MONOPOLY: usize = 4;
pub const DEV_NAMES: [&str; 5] = [
    "knight",
    "victory_point",
    "road_building",
    "year_of_plenty",
    "monopoly",
];
pub const DEV_TOTALS: [u8; 5] = [14, 5, 2, 2, 2];
pub const BANK_PER_RESOURCE: u8 = 19;
pub const MAX_SETTLEMENTS: u32 = 5;
pub const MAX_CITIES: u32 = 4;
pub const MAX_ROADS: u32 = 15;

pub(crate) const COST_ROAD: [u8; 5] = [1, 1, 0, 0, 0];
pub(crate) const COST_SETTLEMENT: [u8; 5] = [1, 1, 1, 1, 0];
pub(crate) const COST_CITY: [u8; 5] = [0, 0, 0, 2, 3];
pub(crate) const COST_DEV: [u8; 5] = [0, 0, 1, 1, 1];

pub const A_SETTLE: u32 = 0;
pub const A_ROAD: u32 = A_SETTLE + NV as u32;
pub const A_CITY: u32 = A_ROAD + NE as u32;
pub const A_ROLL: u32 = A_CITY + NV as u32;
pub const A_END: u32 = A_ROLL + 1;
pub const A_BUY_DEV: u32 = A_END + 1;
/// Play knight, road building, year of plenty, monopoly (in that order).
pub const A_PLAY: u32 = A_BUY_DEV + 1;
pub const A_YOP: u32 = A_PLAY + 4;
pub const A_MONO: u32 = A_YOP + 5;
pub const A_ROBBER: u32 = A_MONO + 5;
pub const A_STEAL: u32 = A_ROBBER + NH as u32;
pub const A_DISCARD: u32 = A_STEAL + MAX_PLAYERS as u32;
pub const A_MARITIME: u32 = A_DISCARD + 5;
pub const A_OFFER: u32 = A_MARITIME + 20;
pub const NUM_OFFERS: u32 = 80;
/// B6 Rivers: offers with coins follow the resource offers in the offer index space (ids from
/// [`rivers::A_COIN_OFFER`]): `NUM_OFFERS + j`, see [`Offer::decode`].
pub const NUM_COIN_OFFERS: u32 = 40;
/// The good index of coins in an [`Offer`] (resources are 0..5).
pub const COINS: usize = 5;
pub const A_ACCEPT: u32 = A_OFFER + NUM_OFFERS;
pub const A_DECLINE: u32 = A_ACCEPT + 1;
pub const A_CONFIRM: u32 = A_DECLINE + 1;
pub const A_WITHDRAW: u32 = A_CONFIRM + MAX_PLAYERS as u32;
pub const C_DICE: u32 = A_WITHDRAW + 1;
pub const C_STEAL: u32 = C_DICE + 11;
pub const C_DEV: u32 = C_STEAL + 5;
pub const NUM_ACTIONS: u32 = C_DEV + 5;
/// B2 event cards: chance, the revealed card type (22 types, see [`events::CARD_TYPES`]).
pub const C_EVENT: u32 = NUM_ACTIONS;
/// B2 Earthquake: damage own road on edge `e`.
pub const A_DAMAGE: u32 = C_EVENT + NUM_EVENT_CARD_TYPES as u32;
/// B2 Good Neighbors / Neighborly Assistance: give one card of resource `r`.
pub const A_GIVE: u32 = A_DAMAGE + NE as u32;
/// B2: repair the damaged road (1 lumber + 1 brick).
pub const A_REPAIR: u32 = A_GIVE + 5;
/// Action ids with the event cards on.
pub const NUM_ACTIONS_EVENTS: u32 = A_REPAIR + 1;
/// B4 Catan for Two: its action ids follow the event cards' ids.
pub const A_TWO: u32 = NUM_ACTIONS_EVENTS;
/// The scenarios' action ids (B5-B9) all start here and overlap: one scenario is played at a time
/// (spec §B0), so each scenario numbers its own actions from `A_SCENARIO`.
pub const A_SCENARIO: u32 = A_TWO + NUM_TWO_ACTIONS;
/// B2: the number of event card types (the cards are in `events.rs`, which checks the count).
pub const NUM_EVENT_CARD_TYPES: usize = 22;
/// B2: no event card being resolved.
pub const NO_EVENT: u8 = 0;
/// B4: the number of ids Catan for Two numbers from [`A_TWO`] (its layout is in `two/mod.rs`,
/// which checks the count).
pub const NUM_TWO_ACTIONS: u32 = 2 * NV as u32 + 2 * NE as u32 + 1 + NH as u32 + 1;
pub(crate) const COST_REPAIR: [u8; 5] = [1, 1, 0, 0, 0];

/// Play-card action index → development kind.
pub(crate) const PLAYABLE: [usize; 4] = [KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY];

/// Ways to roll each sum 2..=12 with two dice.
pub(crate) const DICE_WEIGHTS: [u32; 11] = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];
