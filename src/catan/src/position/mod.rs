//! The position format: the serialized state, readable and hand-writable (documented in
//! `docs/games/catan.md`). Pieces by coordinates, resources and cards by name.

use crate::board::{Board, RESOURCES};
use crate::geometry::{NH, NONE};
use crate::modules::position_fields::ModulePositions;
use crate::{
    Catan, Offer, Phase, Rules, BANK_PER_RESOURCE, MAX_CITIES, MAX_PLAYERS, MAX_ROADS,
    MAX_SETTLEMENTS, NUM_OFFERS, VICTORY_POINT,
};
use meeple_core::{Config, GameRng};
pub(crate) use names::{eid, ename, vid, vname};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::Arc;

pub(crate) mod names;
pub(crate) mod read;
pub(crate) mod validate;
pub(crate) mod write;

pub const POSITION_VERSION: u32 = 1;

fn is_zero(x: &u8) -> bool {
    *x == 0
}
fn is_false(x: &bool) -> bool {
    !*x
}

/// Resource counts by name; zeros may be left out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Resources {
    #[serde(default, skip_serializing_if = "is_zero")]
    pub lumber: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub brick: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub wool: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub grain: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub ore: u8,
}

impl Resources {
    pub fn from_array(a: [u8; 5]) -> Self {
        Resources {
            lumber: a[0],
            brick: a[1],
            wool: a[2],
            grain: a[3],
            ore: a[4],
        }
    }
    pub fn to_array(self) -> [u8; 5] {
        [self.lumber, self.brick, self.wool, self.grain, self.ore]
    }
}

/// Development cards by kind; zeros may be left out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DevCards {
    #[serde(default, skip_serializing_if = "is_zero")]
    pub knight: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub victory_point: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub road_building: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub year_of_plenty: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub monopoly: u8,
    /// B9 Traders & Barbarians only (kept in the year-of-plenty slot of the engine's arrays).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub swift_journey: u8,
}

impl DevCards {
    pub fn from_array(a: [u8; 5]) -> Self {
        DevCards {
            knight: a[0],
            victory_point: a[1],
            road_building: a[2],
            year_of_plenty: a[3],
            monopoly: a[4],
            swift_journey: 0,
        }
    }
    /// B9: the Swift Journey cards live in the Year of Plenty slot of the arrays.
    pub fn swap_swift(mut self) -> Self {
        std::mem::swap(&mut self.year_of_plenty, &mut self.swift_journey);
        self
    }
    pub fn to_array(self) -> [u8; 5] {
        [
            self.knight,
            self.victory_point,
            self.road_building,
            self.year_of_plenty,
            self.monopoly,
        ]
    }
}

/// What one player knows of another's hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Knowledge {
    pub at_least: Resources,
    pub at_most: Resources,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerPos {
    #[serde(default)]
    pub resources: Resources,
    #[serde(default)]
    pub development_cards: DevCards,
    /// Of `development_cards`, those bought this turn.
    #[serde(default, skip_serializing_if = "is_default_dev")]
    pub bought_this_turn: DevCards,
    #[serde(default, skip_serializing_if = "is_default_dev")]
    pub played: DevCards,
    #[serde(default)]
    pub settlements: Vec<(i32, i32, String)>,
    #[serde(default)]
    pub cities: Vec<(i32, i32, String)>,
    #[serde(default)]
    pub roads: Vec<(i32, i32, String)>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub must_discard: u8,
    /// G-3: cards already chosen for this 7's discard (still counted in `resources`).
    #[serde(default, skip_serializing_if = "is_no_resources")]
    pub set_aside: Resources,
    /// B2 Earthquake: the player's damaged road.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damaged_road: Option<(i32, i32, String)>,
    /// What this player knows of each seat's hand (`null` for the player's own seat). Optional:
    /// when left out, each player knows only the others' hand counts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub knowledge: Option<Vec<Option<Knowledge>>>,
}

fn is_no_resources(r: &Resources) -> bool {
    *r == Resources::default()
}

fn is_default_dev(d: &DevCards) -> bool {
    *d == DevCards::default()
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OfferPos {
    pub give: Goods,
    pub get: Goods,
}

/// The goods of a trade offer: resources, and B6 coins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Goods {
    #[serde(default, skip_serializing_if = "is_zero")]
    pub lumber: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub brick: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub wool: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub grain: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub ore: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub coins: u8,
}

impl Goods {
    fn from_array(a: [u8; 6]) -> Self {
        Goods {
            lumber: a[0],
            brick: a[1],
            wool: a[2],
            grain: a[3],
            ore: a[4],
            coins: a[5],
        }
    }
    fn to_array(self) -> [u8; 6] {
        [
            self.lumber,
            self.brick,
            self.wool,
            self.grain,
            self.ore,
            self.coins,
        ]
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct TradePos {
    #[serde(default, skip_serializing_if = "is_zero")]
    pub offers_made: u8,
    /// Offers already made this turn (none may be repeated).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub offers_this_turn: Vec<OfferPos>,
    /// The offer on the table (trade_response / trade_decision phases).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offer: Option<OfferPos>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub responder: Option<usize>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accepted_by: Vec<usize>,
}

fn is_default_trade(t: &TradePos) -> bool {
    *t == TradePos::default()
}

/// B2 event-card state (present only with `event_cards`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct EventsPos {
    /// Cards revealed since the last rebuild, by card name (e.g. `epidemic_6`).
    #[serde(default)]
    pub revealed: std::collections::BTreeMap<String, u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_card: Option<String>,
    /// The card whose event is being resolved (event phases, or a steal of Trade Advantage /
    /// Conflict).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resolving: Option<String>,
    /// Players still to act in the event.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending: Vec<usize>,
    /// Neighborly Assistance: receivers the acting giver still owes a card.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub receivers_left: Vec<usize>,
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub new_years: u32,
}

fn is_zero32(x: &u32) -> bool {
    *x == 0
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    pub game: String,
    pub version: u32,
    pub config: Config,
    /// The board in the map format (hexes and harbors).
    pub board: Value,
    /// The robber's hex; `null` while it stands beside the board (Fishermen, Rivers, Caravans).
    pub robber: Option<(i32, i32)>,
    pub phase: Phase,
    pub current_player: usize,
    pub start_player: usize,
    /// Set-up: placements made so far (0..2n).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub setup_step: u8,
    /// Set-up road phase: the settlement just placed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_settlement: Option<(i32, i32, String)>,
    #[serde(default)]
    pub turns_played: u32,
    #[serde(default, skip_serializing_if = "is_false")]
    pub rolled: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub development_card_played: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_roll: Option<u8>,
    /// Bank; when left out it is 19 of each minus the players' hands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank: Option<Resources>,
    /// Development deck; when left out it is the 25 cards minus those held and played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub development_deck: Option<DevCards>,
    #[serde(default)]
    pub longest_road: Option<usize>,
    #[serde(default)]
    pub largest_army: Option<usize>,
    /// B3: the seat holding the Harbormaster card (left out when nobody holds it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub harbormaster: Option<usize>,
    pub players: Vec<PlayerPos>,
    /// B2 event cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub events: Option<EventsPos>,
    /// The modules' fields (B4-B9), each present only with its module.
    #[serde(flatten)]
    pub modules: ModulePositions,
    /// The stealing player when not the player to move (B2 Trade Advantage / Conflict).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thief: Option<usize>,
    /// Robber's victim (steal phase).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub victim: Option<usize>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub free_roads: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub year_of_plenty_left: u8,
    #[serde(default, skip_serializing_if = "is_default_trade")]
    pub trade: TradePos,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<usize>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub truncated: bool,
    /// The game's RNG; when left out it is seeded with 0.
    #[serde(default = "default_rng")]
    pub rng: GameRng,
}

/// `Catan`'s serde form is its position, written by `From<Catan>` and read (and checked) by
/// `TryFrom<Position>`, as `#[serde(into, try_from)]` would make it; implemented here so that
/// the state's file need not name the position format.
impl Serialize for Catan {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Position::from(self.clone()).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Catan {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Catan, D::Error> {
        Catan::try_from(Position::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

fn default_rng() -> GameRng {
    GameRng::new(0)
}

fn offer_pos(i: u32) -> OfferPos {
    let o = Offer::decode(i);
    let mut give = [0u8; 6];
    let mut get = [0u8; 6];
    give[o.give] = o.give_n;
    get[o.get] = o.get_n;
    OfferPos {
        give: Goods::from_array(give),
        get: Goods::from_array(get),
    }
}

fn offer_id(o: &OfferPos) -> Result<u32, String> {
    let g = o.give.to_array();
    let t = o.get.to_array();
    let gi: Vec<usize> = (0..6).filter(|&r| g[r] > 0).collect();
    let ti: Vec<usize> = (0..6).filter(|&r| t[r] > 0).collect();
    match (&gi[..], &ti[..]) {
        ([a], [b]) => Offer {
            give: *a,
            give_n: g[*a],
            get: *b,
            get_n: t[*b],
        }
        .encode()
        .ok_or_else(|| {
            "an offer gives 1 or 2 of one resource (or coins) for 1 or 2 of another".into()
        }),
        _ => Err("an offer gives 1 or 2 of one resource for 1 or 2 of another".into()),
    }
}

fn seat_opt(x: u8, n: usize) -> Option<usize> {
    ((x as usize) < n).then_some(x as usize)
}
