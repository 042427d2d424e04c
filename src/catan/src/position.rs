//! The position format: the serialized state, readable and hand-writable (documented in
//! `docs/games/catan.md`). Pieces by coordinates, resources and cards by name.

use crate::board::{Board, RESOURCES};
use crate::geometry::{canonical_edge, parse_vtag, Geometry, NH, NONE};
use crate::{
    Catan, Offer, Phase, Rules, BANK_PER_RESOURCE, MAX_CITIES, MAX_PLAYERS, MAX_ROADS,
    MAX_SETTLEMENTS, NUM_OFFERS, VICTORY_POINT,
};
use meeple_core::{Config, GameRng};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::Arc;

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
    /// B7 The Caravans.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caravans: Option<crate::caravans::CaravansPos>,
    /// B6 The Rivers of Catan: coins, bridges, purchases, Wealthiest Settler.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rivers: Option<crate::rivers::RiversPos>,
    /// B4 Catan for Two (tokens, neutral players, the turn's rolls).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub two: Option<crate::two::TwoPos>,
    /// B5 The Fishermen of Catan: the fish tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fishermen: Option<crate::fishermen::FishPos>,
    /// B8 Barbarian Attack (barbarians, knights, coins, prisoners, the module's deck and step).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub barbarian_attack: Option<crate::barbarian_attack::json::Pos>,
    /// B9 Traders & Barbarians (present only with that scenario).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub traders: Option<crate::traders::TradersPos>,
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

fn default_rng() -> GameRng {
    GameRng::new(0)
}

pub(crate) fn vname(geo: &Geometry, v: usize) -> (i32, i32, String) {
    let (q, r, t) = geo.vertices[v];
    (q, r, t.name().to_string())
}
pub(crate) fn ename(geo: &Geometry, e: usize) -> (i32, i32, String) {
    let (q, r, t) = geo.edges[e];
    (q, r, t.name().to_string())
}
pub(crate) fn vid(geo: &Geometry, x: &(i32, i32, String)) -> Result<usize, String> {
    let t = parse_vtag(&x.2).ok_or(format!("vertex tag '{}' must be N or S", x.2))?;
    geo.vertex_id(x.0, x.1, t).ok_or(format!(
        "vertex {}({},{}) is not on the board",
        x.2, x.0, x.1
    ))
}
pub(crate) fn eid(geo: &Geometry, x: &(i32, i32, String)) -> Result<usize, String> {
    let (q, r, t) = canonical_edge(x.0, x.1, &x.2).ok_or(format!(
        "edge direction '{}' must be NE, E, SE, W, NW or SW",
        x.2
    ))?;
    geo.edge_id(q, r, t)
        .ok_or(format!("edge {}({},{}) is not on the board", x.2, x.0, x.1))
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

impl From<Catan> for Position {
    fn from(g: Catan) -> Position {
        let n = g.n();
        let geo = g.geo();
        let tb = g.traders.is_some();
        let dev = |a: [u8; 5]| {
            let d = DevCards::from_array(a);
            if tb {
                d.swap_swift()
            } else {
                d
            }
        };
        let vname = |v| vname(geo, v);
        let ename = |e| ename(geo, e);
        let players = (0..n)
            .map(|p| PlayerPos {
                resources: Resources::from_array(g.hand[p]),
                development_cards: dev(g.dev[p]),
                bought_this_turn: dev(g.dev_new[p]),
                played: dev(g.dev_played[p]),
                settlements: crate::bits64(g.settlements[p]).map(vname).collect(),
                cities: crate::bits64(g.cities[p]).map(vname).collect(),
                // B6 bridges are listed in `rivers.bridges`, not among the roads.
                roads: crate::bits128(g.roads[p] & !g.rivers.as_ref().map_or(0, |s| s.bridges[p]))
                    .map(ename)
                    .collect(),
                must_discard: if g.phase == Phase::Discard {
                    g.discard_owed[p]
                } else {
                    0
                },
                set_aside: Resources::from_array(g.set_aside[p]),
                damaged_road: (g.damaged[p] != NONE).then(|| ename(g.damaged[p] as usize)),
                knowledge: Some(
                    (0..n)
                        .map(|q| {
                            (q != p).then(|| Knowledge {
                                at_least: Resources::from_array(g.know_lo[p][q]),
                                at_most: Resources::from_array(g.know_hi[p][q]),
                            })
                        })
                        .collect(),
                ),
            })
            .collect();
        let in_trade = matches!(g.phase, Phase::TradeResponse | Phase::TradeDecision);
        let mut board = g.board.to_json();
        if let Some(s) = &g.rivers {
            crate::rivers::write_map(s, &mut board);
        }
        if let Some(f) = g.fish() {
            board["fishing_grounds"] = crate::fishermen::grounds_json(&f.grounds);
        }
        Position {
            game: "catan".into(),
            version: POSITION_VERSION,
            config: (*g.config).clone(),
            board,
            robber: g.robber_hex().map(|h| geo.hexes[h]),
            rivers: crate::rivers::to_pos(&g),
            fishermen: crate::fishermen::to_pos(&g),
            phase: g.phase,
            current_player: g.current as usize,
            start_player: g.start_player as usize,
            setup_step: g.setup_step,
            last_settlement: (g.phase == Phase::SetupRoad)
                .then(|| vname((g.last_settlement as usize).min(geo.nv - 1))),
            turns_played: g.turns_played,
            rolled: g.rolled,
            development_card_played: g.dev_played_turn,
            last_roll: (g.last_roll != 0).then_some(g.last_roll),
            bank: Some(Resources::from_array(g.bank)),
            development_deck: Some(dev(g.deck)),
            traders: crate::traders::to_pos(&g),
            // B4: 2 and 3 name the neutral players N1 and N2.
            longest_road: seat_opt(g.longest_road, g.road_seats()),
            largest_army: seat_opt(g.largest_army, n),
            harbormaster: seat_opt(g.harbormaster, n),
            two: crate::two::to_pos(&g),
            players,
            victim: (g.phase == Phase::Steal).then_some(g.victim as usize),
            thief: (matches!(g.phase, Phase::Steal | Phase::ChooseVictim) && g.thief != g.current)
                .then_some(g.thief as usize),
            caravans: g
                .caravans
                .as_ref()
                .map(|c| crate::caravans::CaravansPos::from_state(c, g.phase, n)),
            events: g.rules.event_cards.then(|| {
                let mask = |m: u8| (0..n).filter(|&q| m & (1 << q) != 0).collect::<Vec<_>>();
                EventsPos {
                    revealed: (0..crate::events::NUM_CARD_TYPES)
                        .filter(|&t| g.ev_revealed[t] > 0)
                        .map(|t| (crate::events::card_name(t), g.ev_revealed[t]))
                        .collect(),
                    last_card: ((g.last_card as usize) < crate::events::NUM_CARD_TYPES)
                        .then(|| crate::events::card_name(g.last_card as usize)),
                    resolving: (g.ev_kind != crate::events::EV_NONE)
                        .then(|| crate::events::card_name(g.ev_card as usize)),
                    pending: mask(g.pending),
                    receivers_left: mask(g.recv),
                    new_years: g.new_years,
                }
            }),
            barbarian_attack: g
                .barbarian_attack
                .is_some()
                .then(|| crate::barbarian_attack::json::to_pos(&g)),
            // B4: Road Building's count survives the neutral road between its two roads.
            free_roads: if matches!(g.phase, Phase::RoadBuilding | Phase::NeutralBuild) {
                g.free_roads
            } else {
                0
            },
            year_of_plenty_left: if g.phase == Phase::YearOfPlenty {
                g.yop_left
            } else {
                0
            },
            trade: TradePos {
                offers_made: g.offers_made,
                offers_this_turn: (0..NUM_OFFERS + crate::NUM_COIN_OFFERS)
                    .filter(|&i| g.offers_used & (1u128 << i) != 0)
                    .map(offer_pos)
                    .collect(),
                offer: in_trade.then(|| offer_pos(g.offer as u32)),
                responder: (g.phase == Phase::TradeResponse).then_some(g.responder as usize),
                accepted_by: if in_trade {
                    (0..n).filter(|&q| g.accepters & (1 << q) != 0).collect()
                } else {
                    Vec::new()
                },
            },
            winner: seat_opt(g.winner, n),
            truncated: g.truncated,
            rng: g.rng.clone(),
        }
    }
}

impl TryFrom<Position> for Catan {
    type Error = String;

    fn try_from(pos: Position) -> Result<Catan, String> {
        if pos.game != "catan" {
            return Err(format!("this is a '{}' position, not catan", pos.game));
        }
        if pos.version != POSITION_VERSION {
            return Err(format!(
                "position version {} is not supported (expected {POSITION_VERSION})",
                pos.version
            ));
        }
        let n = pos.config.players;
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err(format!("catan is for 2 to 4 players, not {n}"));
        }
        if pos.players.len() != n {
            return Err(format!(
                "{} players listed for a {n}-player game",
                pos.players.len()
            ));
        }
        let rules = Rules::from_config(&pos.config);
        let (board, _) = Board::from_map(&pos.board)?;
        let geo = board.geo;
        let tb = rules.scenario == crate::Scenario::TradersBarbarians;
        let vid = |x: &(i32, i32, String)| vid(geo, x);
        let eid = |x: &(i32, i32, String)| eid(geo, x);
        let robber = match pos.robber {
            Some((q, r)) => geo
                .hex_id(q, r)
                .ok_or(format!("robber ({q},{r}) is not on a land hex"))?,
            None if rules.scenario.robber_may_leave_board() => crate::ROBBER_OFF as usize,
            None => {
                return Err(
                    "robber: a hex [q, r] is needed (only the fishermen, rivers and caravans scenarios put it beside the board)"
                        .into(),
                )
            }
        };
        let seat = |x: usize, what: &str| -> Result<u8, String> {
            if x < n {
                Ok(x as u8)
            } else {
                Err(format!("{what} {x} is not a seat (0..{n})"))
            }
        };
        let mut g = Catan {
            config: Arc::new(pos.config.clone()),
            rules,
            board,
            robber: robber as u8,
            settlements: [0; MAX_PLAYERS],
            cities: [0; MAX_PLAYERS],
            roads: [0; MAX_PLAYERS],
            occupied: 0,
            blocked: 0,
            all_roads: 0,
            road_verts: [0; MAX_PLAYERS],
            road_len: [0; MAX_PLAYERS],
            hand: [[0; 5]; MAX_PLAYERS],
            bank: [0; 5],
            dev: [[0; 5]; MAX_PLAYERS],
            dev_new: [[0; 5]; MAX_PLAYERS],
            dev_played: [[0; 5]; MAX_PLAYERS],
            deck: [0; 5],
            longest_road: NONE,
            largest_army: NONE,
            harbormaster: NONE,
            ev_revealed: [0; crate::events::NUM_CARD_TYPES],
            last_card: NONE,
            ev_card: 0,
            ev_kind: crate::events::EV_NONE,
            pending: 0,
            recv: 0,
            thief: 0,
            damaged: [NONE; MAX_PLAYERS],
            new_years: 0,
            // Module state is filled in by each module's position hook below.
            two: None,
            fishermen: None,
            rivers: None,
            caravans: None,
            barbarian_attack: None,
            traders: None,
            know_lo: [[[0; 5]; MAX_PLAYERS]; MAX_PLAYERS],
            know_hi: [[[0; 5]; MAX_PLAYERS]; MAX_PLAYERS],
            phase: pos.phase,
            current: seat(pos.current_player, "current_player")?,
            start_player: seat(pos.start_player, "start_player")?,
            setup_step: pos.setup_step,
            last_settlement: 0,
            turns_played: pos.turns_played,
            rolled: pos.rolled,
            dev_played_turn: pos.development_card_played,
            last_roll: pos.last_roll.unwrap_or(0),
            discard_owed: [0; MAX_PLAYERS],
            set_aside: [[0; 5]; MAX_PLAYERS],
            victim: 0,
            free_roads: pos.free_roads,
            yop_left: pos.year_of_plenty_left,
            offers_made: pos.trade.offers_made,
            offers_used: 0,
            offer: 0,
            responder: 0,
            accepters: 0,
            winner: NONE,
            truncated: pos.truncated,
            rng: pos.rng.clone(),
        };
        if let Some(r) = pos.last_roll {
            if !(2..=12).contains(&r) {
                return Err(format!("last_roll {r} is not a dice sum 2..12"));
            }
        }
        for (p, pl) in pos.players.iter().enumerate() {
            if pl.roads.len() > MAX_ROADS as usize
                || pl.settlements.len() > MAX_SETTLEMENTS as usize
                || pl.cities.len() > MAX_CITIES as usize
            {
                return Err(format!(
                    "player {p} has more pieces than the supply (15 roads, 5 settlements, 4 cities)"
                ));
            }
            g.hand[p] = pl.resources.to_array();
            g.dev[p] = dev_arr(pl.development_cards, tb)?;
            g.dev_new[p] = dev_arr(pl.bought_this_turn, tb)?;
            g.dev_played[p] = dev_arr(pl.played, tb)?;
            g.discard_owed[p] = pl.must_discard;
            g.set_aside[p] = pl.set_aside.to_array();
            for (list, what) in [(&pl.settlements, "settlement"), (&pl.cities, "city")] {
                for x in list.iter() {
                    let v = vid(x).map_err(|e| format!("player {p} {what}: {e}"))?;
                    let bit = 1u64 << v;
                    if g.occupied & bit != 0 {
                        return Err(format!("two buildings on vertex {}", geo.vertex_name(v)));
                    }
                    g.occupied |= bit;
                    if what == "settlement" {
                        g.settlements[p] |= bit;
                    } else {
                        g.cities[p] |= bit;
                    }
                }
            }
            for x in pl.roads.iter() {
                let e = eid(x).map_err(|e| format!("player {p} road: {e}"))?;
                let bit = 1u128 << e;
                if g.all_roads & bit != 0 {
                    return Err(format!("two roads on edge {}", geo.edge_name(e)));
                }
                g.all_roads |= bit;
                g.roads[p] |= bit;
            }
        }
        crate::two::from_pos(&mut g, pos.two.as_ref())?;
        // Bank and deck are derived (issue 22 item 6): always what is not elsewhere, whatever
        // an edited export still says, so a position edited from `to_json` loads.
        let totals = if tb {
            crate::traders::DEV_TOTALS
        } else {
            crate::DEV_TOTALS
        };
        if let Some(d) = pos.development_deck {
            dev_arr(d, tb)?;
        }
        for r in 0..5 {
            let held: u32 = (0..n).map(|p| g.hand[p][r] as u32).sum();
            g.bank[r] = (BANK_PER_RESOURCE as u32).checked_sub(held).ok_or(format!(
                "players hold {held} {} (only 19 exist)",
                RESOURCES[r]
            ))? as u8;
            let used: u32 = (0..n)
                .map(|p| g.dev[p][r] as u32 + g.dev_played[p][r] as u32)
                .sum::<u32>()
                + g.dev_out_of_game(r);
            g.deck[r] = (totals[r] as u32).checked_sub(used).ok_or(format!(
                "players hold or played {used} {} cards (only {} exist)",
                if tb {
                    crate::traders::DEV_NAMES[r]
                } else {
                    crate::DEV_NAMES[r]
                },
                totals[r]
            ))? as u8;
        }
        for p in 0..n {
            for q in 0..n {
                g.know_lo[p][q] = if p == q { g.hand[q] } else { [0; 5] };
                let c = g.hand[q].iter().map(|&x| x as u32).sum::<u32>().min(255) as u8;
                g.know_hi[p][q] = if p == q { g.hand[q] } else { [c; 5] };
            }
            if let Some(k) = &pos.players[p].knowledge {
                if k.len() != n {
                    return Err(format!("player {p} knowledge must list {n} seats"));
                }
                for (q, kq) in k.iter().enumerate() {
                    if let (Some(kq), true) = (kq, q != p) {
                        g.know_lo[p][q] = kq.at_least.to_array();
                        g.know_hi[p][q] = kq.at_most.to_array();
                    }
                }
            }
        }
        if let Some(x) = pos.longest_road {
            // B4: 2 and 3 are the neutral players.
            if x >= g.road_seats() {
                return Err(format!(
                    "longest_road {x} is not a seat (0..{})",
                    g.road_seats()
                ));
            }
            g.longest_road = x as u8;
        }
        if let Some(x) = pos.harbormaster {
            g.harbormaster = seat(x, "harbormaster")?;
        }
        if let Some(x) = pos.largest_army {
            g.largest_army = seat(x, "largest_army")?;
        }
        if let Some(x) = pos.winner {
            g.winner = seat(x, "winner")?;
        }
        if let Some(x) = pos.victim {
            g.victim = seat(x, "victim")?;
        }
        g.thief = match pos.thief {
            Some(x) => seat(x, "thief")?,
            None => g.current,
        };
        // B7: the caravans (before the road lengths are derived: camels double roads).
        match (&pos.caravans, rules.scenario == crate::Scenario::Caravans) {
            (Some(cp), true) => {
                let opts = crate::caravans::Opts::from_config(&pos.config);
                let st = cp.to_state(&g.board, opts, n, g.phase, g.current as usize)?;
                g.caravans = Some(Box::new(st));
            }
            (None, true) => {
                let opts = crate::caravans::Opts::from_config(&pos.config);
                let st = crate::caravans::State::new(&g.board, 0, opts)?;
                g.caravans = Some(Box::new(st));
            }
            (Some(_), false) => {
                return Err("caravans state given but the scenario is not caravans".into())
            }
            (None, false) => {}
        }
        for (p, pl) in pos.players.iter().enumerate() {
            if let Some(x) = &pl.damaged_road {
                g.damaged[p] = eid(x).map_err(|e| format!("player {p} damaged_road: {e}"))? as u8;
            }
        }
        if let Some(ev) = &pos.events {
            if !g.rules.event_cards {
                return Err("event-card state given but the event_cards option is off".into());
            }
            for (name, &k) in &ev.revealed {
                let t =
                    crate::events::card_id(name).ok_or(format!("'{name}' is not an event card"))?;
                g.ev_revealed[t] = k;
            }
            if let Some(name) = &ev.last_card {
                g.last_card = crate::events::card_id(name)
                    .ok_or(format!("'{name}' is not an event card"))?
                    as u8;
            }
            if let Some(name) = &ev.resolving {
                let t =
                    crate::events::card_id(name).ok_or(format!("'{name}' is not an event card"))?;
                g.ev_card = t as u8;
                g.ev_kind = crate::events::CARD_TYPES[t].0;
            }
            for &x in &ev.pending {
                g.pending |= 1 << seat(x, "events.pending")?;
            }
            for &x in &ev.receivers_left {
                g.recv |= 1 << seat(x, "events.receivers_left")?;
            }
            g.new_years = ev.new_years;
        }
        if let Some(x) = &pos.last_settlement {
            g.last_settlement = vid(x)? as u8;
        }
        crate::rivers::from_pos(&mut g, &pos.board, pos.rivers.as_ref())?;
        if g.rules.scenario == crate::Scenario::BarbarianAttack {
            // B8 replaces the base development cards with its own deck.
            g.deck = [0; 5];
            let s = crate::barbarian_attack::json::from_pos(&g, pos.barbarian_attack.as_ref())?;
            g.barbarian_attack = Some(Box::new(s));
        } else if pos.barbarian_attack.is_some() {
            return Err(
                "barbarian_attack state given but the scenario is not barbarian_attack".into(),
            );
        }
        for o in &pos.trade.offers_this_turn {
            g.offers_used |= 1u128 << offer_id(o)?;
        }
        if let Some(o) = &pos.trade.offer {
            g.offer = offer_id(o)? as u8;
        }
        if let Some(x) = pos.trade.responder {
            g.responder = seat(x, "trade responder")?;
        }
        for &x in &pos.trade.accepted_by {
            g.accepters |= 1 << seat(x, "trade accepter")?;
        }
        if rules.scenario == crate::Scenario::Fishermen {
            let grounds = crate::fishermen::read_grounds(&pos.board)?;
            g.fishermen = Some(Box::new(crate::fishermen::State::new(
                &pos.config,
                &g.board,
                grounds,
            )));
        }
        crate::fishermen::from_pos(&mut g, pos.fishermen.as_ref())?;
        crate::traders::from_pos(&mut g, pos.traders.as_ref())?;
        g.rebuild_derived();
        Ok(g)
    }
}

/// Development cards from the position (B9: Swift Journey in the Year of Plenty slot).
fn dev_arr(d: DevCards, tb: bool) -> Result<[u8; 5], String> {
    let d = if tb { d.swap_swift() } else { d };
    if d.swift_journey != 0 {
        return Err(if tb {
            "year_of_plenty cards are not in the traders_barbarians deck".into()
        } else {
            "swift_journey cards belong to scenario traders_barbarians".into()
        });
    }
    Ok(d.to_array())
}

/// Check a loaded state; name the first problem.
pub fn validate(g: &Catan) -> Result<(), String> {
    let geo = g.geo();
    let n = g.n();
    if g.config.players != n || !(2..=MAX_PLAYERS).contains(&n) {
        return Err(format!(
            "player count {} is not 2, 3 or 4",
            g.config.players
        ));
    }
    if g.rules != Rules::from_config(&g.config) {
        return Err("rules differ from the configuration".into());
    }
    crate::check_modules(&g.config).map_err(|e| e.to_string())?;
    if let Some(p) = crate::first_player(&g.config).map_err(|e| e.to_string())? {
        if g.start_player != p {
            return Err(format!(
                "start_player {} disagrees with the option first_player = {p}",
                g.start_player
            ));
        }
    }
    validate_events(g)?;
    crate::two::validate(g)?;
    crate::barbarian_attack::json::validate(g)?;
    crate::caravans::validate(g)?;
    crate::rivers::validate(g)?;
    if g.robber as usize >= NH
        && !(g.robber == crate::ROBBER_OFF && g.rules.scenario.robber_may_leave_board())
    {
        return Err("robber is off the board".into());
    }
    crate::fishermen::validate(g)?;
    let vmask = geo.buildable;
    let emask = geo.edge_mask;
    let mut seen_v = 0u64;
    let mut seen_e = 0u128;
    for p in 0..MAX_PLAYERS {
        if p >= n {
            let neutral = p < g.road_seats();
            if (!neutral && (g.settlements[p] != 0 || g.roads[p] != 0))
                || g.cities[p] != 0
                || g.hand[p] != [0; 5]
                || g.dev[p] != [0; 5]
                || g.dev_played[p] != [0; 5]
            {
                return Err(format!("seat {p} does not exist but has pieces or cards"));
            }
            if !neutral {
                continue;
            }
        }
        let b = g.settlements[p] | g.cities[p];
        if b & !vmask != 0 || g.roads[p] & !emask != 0 {
            return Err(format!("player {p} has a piece off the board"));
        }
        if g.settlements[p] & g.cities[p] != 0 || seen_v & b != 0 {
            return Err(format!("player {p} shares a vertex with another building"));
        }
        seen_v |= b;
        if seen_e & g.roads[p] != 0 {
            return Err(format!("player {p} has a road on an occupied edge"));
        }
        seen_e |= g.roads[p];
        if g.settlements[p].count_ones() > MAX_SETTLEMENTS {
            return Err(format!("player {p} has more than 5 settlements"));
        }
        if g.cities[p].count_ones() > MAX_CITIES {
            return Err(format!("player {p} has more than 4 cities"));
        }
        if g.road_pieces(p) > MAX_ROADS {
            return Err(format!("player {p} has more than 15 roads"));
        }
    }
    for v in crate::bits64(seen_v) {
        if geo.vertex_nbrs[v] & seen_v != 0 {
            return Err(format!(
                "buildings at {} and a neighbouring vertex break the distance rule",
                geo.vertex_name(v)
            ));
        }
    }
    for r in 0..5 {
        let held: u32 = (0..n).map(|p| g.hand[p][r] as u32).sum();
        if held + g.bank[r] as u32 != BANK_PER_RESOURCE as u32 {
            return Err(format!(
                "{}: players hold {held} and the bank {}; together they must be 19",
                RESOURCES[r], g.bank[r]
            ));
        }
        let used: u32 = (0..n)
            .map(|p| g.dev[p][r] as u32 + g.dev_played[p][r] as u32)
            .sum::<u32>()
            + g.dev_out_of_game(r);
        // B8 replaces the base cards (checked by the module).
        let total = g.dev_totals()[r];
        if g.barbarian_attack.is_none() && used + g.deck[r] as u32 != total as u32 {
            return Err(format!(
                "{} cards: {used} held or played and {} in the deck; there are {total}",
                g.dev_name(r),
                g.deck[r]
            ));
        }
    }
    for p in 0..n {
        if g.dev_played[p][VICTORY_POINT] != 0 {
            return Err(format!("player {p}: victory point cards are never played"));
        }
        for k in 0..5 {
            if g.dev_new[p][k] > g.dev[p][k] {
                return Err(format!(
                    "player {p}: more {} cards bought this turn than held",
                    g.dev_name(k)
                ));
            }
        }
        if p != g.current as usize && g.dev_new[p] != [0; 5] {
            return Err(format!(
                "player {p} bought development cards but it is not his turn"
            ));
        }
        for o in 0..n {
            for r in 0..5 {
                let (lo, hi, h) = (g.know_lo[o][p][r], g.know_hi[o][p][r], g.hand[p][r]);
                if lo > h || hi < h || (o == p && (lo != h || hi != h)) {
                    return Err(format!(
                        "player {o}'s knowledge of player {p}'s {} ({lo}..={hi}) does not contain the hand ({h})",
                        RESOURCES[r]
                    ));
                }
            }
        }
    }
    // Special cards (B4: the neutrals' roads count for Longest Road).
    let lens = &g.road_len;
    let rs = g.road_seats();
    let m = (0..rs).map(|p| lens[p]).max().unwrap_or(0);
    let at_max = (0..rs).filter(|&p| lens[p] == m).count();
    match seat_opt(g.longest_road, rs) {
        // B9: there is no Longest Road card (§B9.1).
        Some(_) if g.traders.is_some() => {
            return Err("traders_barbarians has no Longest Road card".into())
        }
        None if g.traders.is_some() => {}
        Some(h) if lens[h] != m || m < 5 => {
            return Err(format!(
                "player {h} holds Longest Road with length {} but the longest is {m} (needs 5+)",
                lens[h]
            ))
        }
        None if g.longest_road != NONE => return Err("longest_road is not a seat".into()),
        None if m >= 5 && at_max == 1 => {
            return Err(format!(
                "a single player has the longest road ({m}) but nobody holds the card"
            ))
        }
        _ => {}
    }
    let km = (0..n).map(|p| g.dev_played[p][0]).max().unwrap_or(0);
    match seat_opt(g.largest_army, n) {
        Some(h) if g.dev_played[h][0] != km || km < 3 => {
            return Err(format!(
                "player {h} holds Largest Army but does not have the most knights (3+)"
            ))
        }
        None if g.largest_army != NONE => return Err("largest_army is not a seat".into()),
        // B4: a Knight discarded for tokens may set the card aside while players tie (EX-18).
        None if km >= 3
            && !(g.rules.two && (0..n).filter(|&p| g.dev_played[p][0] == km).count() > 1) =>
        {
            return Err("someone has 3+ knights but nobody holds Largest Army".into())
        }
        _ => {}
    }
    // B3 Harbormaster: holder at the top with 3+ points; nobody only while nobody has 3.
    let hp: Vec<u32> = (0..n).map(|p| g.harbor_points(p)).collect();
    let hm = hp.iter().copied().max().unwrap_or(0);
    match seat_opt(g.harbormaster, n) {
        Some(_) if !g.rules.harbormaster => {
            return Err("a Harbormaster holder is given but the harbormaster option is off".into())
        }
        Some(h) if hp[h] != hm || hm < 3 => {
            return Err(format!(
                "player {h} holds the Harbormaster card with {} harbour points but the most is {hm} (needs 3+)",
                hp[h]
            ))
        }
        None if g.harbormaster != NONE => return Err("harbormaster is not a seat".into()),
        // D-16: after a conquest a tie for the most points can leave the card set aside.
        None if g.rules.harbormaster
            && hm >= 3
            && (g.barbarian_attack.is_none() || hp.iter().filter(|&&x| x == hm).count() == 1) =>
        {
            return Err(format!(
                "a player has {hm} harbour points but nobody holds the Harbormaster card"
            ))
        }
        _ => {}
    }
    crate::traders::validate(g)?;
    validate_phase(g)
}

fn validate_phase(g: &Catan) -> Result<(), String> {
    let n = g.n();
    let cur = g.current as usize;
    let phase = crate::observe::phase_name(g.phase);
    let bad = |why: &str| Err(format!("phase {phase}: {why}"));
    // B5: a set-up settlement's fish is drawn between the settlement and its road.
    let fish_setup =
        matches!(g.phase, Phase::FishDraw | Phase::FishSwap) && (g.setup_step as usize) < 2 * n;
    let setup = matches!(g.phase, Phase::SetupSettlement | Phase::SetupRoad) || fish_setup;
    if g.phase == Phase::GameOver {
        if (g.winner as usize) >= n && !g.truncated {
            return bad("a finished game needs a winner or 'truncated'");
        }
        return Ok(());
    }
    if g.winner != NONE || g.truncated {
        return bad("only a finished game has a winner or is truncated");
    }
    if setup {
        if g.setup_step as usize >= 2 * n {
            return bad("set-up step out of range");
        }
        if cur != g.setup_player(g.setup_step as usize) as usize {
            return bad("current_player is not the player to place in snake order");
        }
        if g.rolled || g.turns_played != 0 {
            return bad("no rolls or turns during set-up");
        }
        let placed: u32 = (0..n)
            .map(|p| (g.settlements[p] | g.cities[p]).count_ones())
            .sum();
        let want = g.setup_step as u32 + (g.phase == Phase::SetupRoad || fish_setup) as u32;
        if placed != want {
            return bad("the number of settlements does not match the set-up step");
        }
        // (B9: the second set-up placement is a city.)
        if (g.phase == Phase::SetupRoad || fish_setup)
            && (g.settlements[cur] | g.cities[cur]) & (1u64 << g.last_settlement) == 0
        {
            return bad("last_settlement is not a settlement of the player to place");
        }
        if g.phase == Phase::SetupRoad
            && g.geo().vertex_edges[g.last_settlement as usize] & !g.all_roads & !g.no_road_edges()
                == 0
        {
            return bad("no free edge next to the last settlement");
        }
    } else if (g.setup_step as usize) != 2 * n {
        return bad("set-up must be complete (setup_step = 2 x players)");
    }
    // The set-up settlement waiting for its road is the only building without one.
    let roadless = if setup && (g.phase == Phase::SetupRoad || fish_setup) {
        1u64 << g.last_settlement
    } else {
        0
    };
    validate_connections(g, roadless)?;
    if g.turns_played >= g.rules.turn_limit {
        return bad("the turn limit has been reached");
    }
    // B4: the second roll comes after the first (checked in two::validate).
    let needs_roll = matches!(g.phase, Phase::PreRoll) || (g.phase == Phase::Roll && !g.rules.two);
    if needs_roll && g.rolled {
        return bad("the dice were already rolled this turn");
    }
    let after_roll = matches!(
        g.phase,
        Phase::Main
            | Phase::Discard
            | Phase::DrawDevelopment
            | Phase::TradeResponse
            | Phase::TradeDecision
    );
    if after_roll && !g.rolled {
        return bad("the dice have not been rolled yet");
    }
    if matches!(
        g.phase,
        Phase::RoadBuilding | Phase::YearOfPlenty | Phase::Monopoly
    ) && !g.dev_played_turn
    {
        return bad("a development card effect needs a card played this turn");
    }
    if g.phase != Phase::Discard && g.discard_owed.iter().any(|&x| x > 0) {
        return bad("only the discard phase has cards owed");
    }
    let gifts = g.phase == Phase::EventGive && g.ev_kind == crate::events::EV_GOOD_NEIGHBORS;
    if g.phase != Phase::Discard && !gifts && g.set_aside.iter().flatten().any(|&x| x > 0) {
        return bad("only the discard phase and Good Neighbors have cards set aside");
    }
    if gifts {
        for p in 0..n {
            let k: u32 = g.set_aside[p].iter().map(|&x| x as u32).sum();
            if (0..5).any(|r| g.set_aside[p][r] > g.hand[p][r]) {
                return bad("a player set aside cards he does not hold");
            }
            if k > 1 || (k == 1 && g.pending & (1 << p) != 0) {
                return bad("a Good Neighbors giver sets aside exactly one card, and only once he has chosen");
            }
        }
    }
    if g.offers_made > g.rules.max_offers || g.offers_used.count_ones() != g.offers_made as u32 {
        return bad("offers_made must equal the number of offers made this turn");
    }
    if !setup && !g.rules.trades && g.offers_made > 0 {
        return bad("player trades are off");
    }
    match g.phase {
        Phase::Discard => {
            if g.discard_owed.iter().all(|&x| x == 0) {
                return bad("nobody must discard");
            }
            for p in 0..n {
                if (0..5).any(|r| g.set_aside[p][r] > g.hand[p][r]) {
                    return bad("a player set aside cards he does not hold");
                }
                let kept: u32 = g.held(p).iter().map(|&x| x as u32).sum();
                if g.discard_owed[p] as u32 > kept {
                    return bad("a player owes more cards than he holds");
                }
            }
            if g.discard_owed[n..].iter().any(|&x| x > 0) {
                return bad("a missing seat owes cards");
            }
        }
        Phase::Steal => {
            let v = g.victim as usize;
            if v == g.thief as usize || v >= n || g.hand_size(v) == 0 {
                return bad("the victim must be another player holding cards");
            }
        }
        Phase::ChooseVictim if g.victims() == 0 => {
            return bad("nobody to steal from");
        }
        Phase::DrawDevelopment if g.deck.iter().all(|&d| d == 0) => {
            return bad("the development deck is empty");
        }
        Phase::RoadBuilding => {
            if !(1..=2).contains(&g.free_roads) || g.road_spots(cur) == 0 {
                return bad("free roads must be 1 or 2 with a legal place");
            }
            if g.road_pieces(cur) >= MAX_ROADS {
                return bad("no roads left in supply");
            }
        }
        Phase::YearOfPlenty if !(1..=2).contains(&g.yop_left) || g.bank.iter().all(|&b| b == 0) => {
            return bad("1 or 2 resources to take from a non-empty bank");
        }
        Phase::TradeResponse | Phase::TradeDecision => {
            if !g.rules.trades {
                return bad("player trades are off");
            }
            let n_offers = NUM_OFFERS
                + if g.rivers.is_some() || g.traders.is_some() {
                    crate::NUM_COIN_OFFERS
                } else {
                    0
                };
            if g.offer as u32 >= n_offers || g.offers_used & (1u128 << g.offer) == 0 {
                return bad("the offer on the table must be among this turn's offers");
            }
            let o = Offer::decode(g.offer as u32);
            if !g.holds(cur, o.give, o.give_n) {
                return bad("the offerer no longer holds what he offers");
            }
            if g.accepters & (1 << cur) != 0 || g.accepters >> n != 0 {
                return bad("accepters must be other seats");
            }
            for q in 0..n {
                if g.accepters & (1 << q) != 0 && !g.holds(q, o.get, o.get_n) {
                    return bad("an accepter does not hold what is asked");
                }
            }
            if g.phase == Phase::TradeResponse {
                let r = g.responder as usize;
                if r == cur || r >= n {
                    return bad("the responder must be another seat");
                }
                // Accepters can only be seats that answered already (between current and responder).
                for q in 0..n {
                    let answered = (q + n - cur) % n < (r + n - cur) % n;
                    if g.accepters & (1 << q) != 0 && !answered {
                        return bad("an accepter has not answered yet");
                    }
                }
            } else if g.accepters == 0 {
                return bad("nobody accepted the offer");
            }
        }
        _ => {}
    }
    if !matches!(g.phase, Phase::TradeResponse | Phase::TradeDecision) && g.accepters != 0 {
        return bad("accepters outside a trade");
    }
    if g.vp(cur) >= g.victory_target(cur) && !setup {
        return bad("the player to move has already won");
    }
    Ok(())
}

/// B2 event-card state: counts, damaged roads, event phases.
/// Every road is part of a network that reaches one of its owner's buildings, and every building
/// touches one of its owner's roads (`roadless`: the set-up settlement still to get its road).
/// Building in play only ever extends a network, so a piece connected to nothing is unreachable.
fn validate_connections(g: &Catan, roadless: u64) -> Result<(), String> {
    let geo = g.geo();
    for p in 0..g.n() {
        let buildings = g.settlements[p] | g.cities[p];
        let mut left = g.roads[p];
        while left != 0 {
            // One network: grow from its lowest road through shared endpoints.
            let mut net = left & left.wrapping_neg();
            let mut verts = 0u64;
            loop {
                for e in crate::bits128(net) {
                    let [a, b] = geo.edge_ends[e];
                    verts |= (1u64 << a) | (1u64 << b);
                }
                let reach = crate::bits64(verts).fold(0u128, |m, v| m | geo.vertex_edges[v]);
                let grown = net | (reach & left);
                if grown == net {
                    break;
                }
                net = grown;
            }
            if verts & buildings == 0 {
                let e = net.trailing_zeros() as usize;
                return Err(format!(
                    "player {p}'s road {} is connected to none of his buildings",
                    geo.edge_name(e)
                ));
            }
            left &= !net;
        }
        let mut touched = 0u64;
        for e in crate::bits128(g.roads[p]) {
            let [a, b] = geo.edge_ends[e];
            touched |= (1u64 << a) | (1u64 << b);
        }
        if let Some(v) = crate::bits64(buildings & !touched & !roadless).next() {
            return Err(format!(
                "player {p}'s building at {} touches none of his roads",
                geo.vertex_name(v)
            ));
        }
    }
    Ok(())
}

fn validate_events(g: &Catan) -> Result<(), String> {
    use crate::events::*;
    let n = g.n();
    let in_event = matches!(
        g.phase,
        Phase::Earthquake | Phase::EventGive | Phase::EventTake
    );
    if !g.rules.event_cards {
        if in_event
            || g.ev_kind != EV_NONE
            || g.damaged.iter().any(|&d| d != NONE)
            || g.ev_revealed.iter().any(|&x| x > 0)
            || g.last_card != NONE
            || g.new_years > 0
        {
            return Err("event-card state or phase but the event_cards option is off".into());
        }
        return Ok(());
    }
    let mut total = 0u32;
    for t in 0..NUM_CARD_TYPES {
        if g.ev_revealed[t] > CARD_TYPES[t].2 {
            return Err(format!(
                "{} revealed {} times (only {} exist)",
                card_name(t),
                g.ev_revealed[t],
                CARD_TYPES[t].2
            ));
        }
        total += g.ev_revealed[t] as u32;
    }
    let limit = if g.rules.new_year {
        NEW_YEAR_AFTER
    } else {
        DECK_SIZE
    } as u32;
    if total > limit {
        return Err(format!(
            "{total} event cards revealed since the rebuild (at most {limit})"
        ));
    }
    if g.last_card != NONE && g.last_card as usize >= NUM_CARD_TYPES {
        return Err("last_card is not an event card".into());
    }
    for p in 0..MAX_PLAYERS {
        let d = g.damaged[p];
        if d != NONE
            && (p >= n || d as usize >= g.geo().ne || g.damage_spots_of(p) & (1u128 << d) == 0)
        {
            return Err(format!("player {p}'s damaged road is not one of his roads"));
        }
    }
    if g.pending >> n != 0 || g.recv >> n != 0 {
        return Err("event pending players must be seats".into());
    }
    let kind = g.ev_kind;
    let steal_event = kind == EV_TRADE_ADVANTAGE || kind == EV_CONFLICT;
    let phase = crate::observe::phase_name(g.phase);
    let bad = |why: &str| Err(format!("phase {phase}: {why}"));
    match g.phase {
        Phase::Earthquake => {
            if kind != EV_EARTHQUAKE || g.pending == 0 {
                return bad("an earthquake with players still to damage a road");
            }
            for p in 0..n {
                if g.pending & (1 << p) != 0 && (g.damage_spots_of(p) == 0 || g.damaged[p] != NONE)
                {
                    return bad("a pending player must have roads and no damaged road");
                }
            }
        }
        Phase::EventGive => {
            if !(kind == EV_GOOD_NEIGHBORS || kind == EV_NEIGHBORLY_ASSISTANCE) || g.pending == 0 {
                return bad("Good Neighbors or Neighborly Assistance with a pending giver");
            }
            if kind == EV_NEIGHBORLY_ASSISTANCE {
                let a = g.event_actor();
                if g.recv == 0
                    || g.recv & !g.neighborly_receivers() != 0
                    || g.hand_size(a) < g.recv.count_ones()
                {
                    return bad("the giver must owe cards to players with fewer VP and hold them");
                }
            } else if g.hand_size(g.event_actor()) == 0 {
                return bad("the giver has no card");
            }
        }
        Phase::EventTake => {
            if !matches!(kind, EV_TOURNAMENT | EV_CALM_SEA | EV_PLENTIFUL_YEAR)
                || g.pending == 0
                || g.bank.iter().all(|&b| b == 0)
            {
                return bad("Tournament, Calm Sea or Plentiful Year with a pending taker and a non-empty bank");
            }
        }
        Phase::Steal | Phase::ChooseVictim if steal_event => {}
        _ => {
            if kind != EV_NONE || g.pending != 0 || g.recv != 0 {
                return bad("an event is being resolved only in its own phases");
            }
            if g.thief != g.current {
                return bad("the thief is the player to move outside an event steal");
            }
        }
    }
    if steal_event && !in_event && g.thief as usize >= n {
        return bad("the thief must be a seat");
    }
    Ok(())
}
