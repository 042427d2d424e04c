//! Catan (base game, 3–4 players; 2 players = the B4 Catan for Two module, `two.rs`) for meeple:
//! spec `rules/catan.md` Part A, with the Traders & Barbarians modules of Part B.
//!
//! The state is plain fixed-size data: buildings and roads are bitsets over the dense vertex and
//! edge ids of spec §A2 (`u64` per player for settlements and cities, `u128` for roads), hands are
//! `[u8; 5]` arrays, and the geometry tables are built once ([`geometry::Geometry::base`]). The
//! serialized form is a readable position (see `position.rs` and `docs/games/catan.md`).
//!
//! Action ids (fixed for every configuration of the base game, 353 in all):
//!
//! | ids | action |
//! |---|---|
//! | 0..54 | build a settlement on vertex `v` (set-up and main phase) |
//! | 54..126 | build a road on edge `e` (set-up, main phase, Road Building) |
//! | 126..180 | upgrade the settlement on vertex `v` to a city |
//! | 180 | roll the dice |
//! | 181 | end the turn |
//! | 182 | buy a development card |
//! | 183..187 | play knight, road building, year of plenty, monopoly |
//! | 187..192 | year of plenty: take resource `r` |
//! | 192..197 | monopoly: name resource `r` |
//! | 197..216 | move the robber to land hex `h` |
//! | 216..220 | steal from seat `p` |
//! | 220..225 | discard one card of resource `r` |
//! | 225..245 | maritime trade: give resource `a` (at the best rate) for one `b`, `a*4 + (b if b<a else b-1)` |
//! | 245..325 | player trade offer `((a*4 + b')*2 + n1-1)*2 + n2-1`: give `n1` of `a` for `n2` of `b` |
//! | 325, 326 | accept / decline the offer on the table |
//! | 327..331 | trade with seat `p` (who accepted) |
//! | 331 | withdraw the offer |
//! | 332..343 | chance: the dice sum 2..12 |
//! | 343..348 | chance: the stolen card is resource `r` |
//! | 348..353 | chance: the drawn development card is of kind `k` |
//!
//! Resources `r`: lumber, brick, wool, grain, ore. Development kinds `k`: knight, victory_point,
//! road_building, year_of_plenty, monopoly. Hexes, vertices and edges by their dense ids.

#![allow(clippy::needless_range_loop)]

pub mod barbarian_attack;
pub mod board;
pub mod caravans;
mod deal;
pub mod events;
pub mod fishermen;
pub mod geometry;
mod observe;
mod position;
pub mod rivers;
pub mod traders;
mod traders_two;
pub mod two;

use board::{Board, DESERT, GENERIC};
use geometry::{bits128, bits64, Geometry, NE, NH, NONE, NV};
use meeple_core::{
    Action, Config, Game, GameError, GameInfo, GameRng, OptionSpec, RuleError, Turn,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::Arc;
use traders::SWIFT_JOURNEY;

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

const COST_ROAD: [u8; 5] = [1, 1, 0, 0, 0];
const COST_SETTLEMENT: [u8; 5] = [1, 1, 1, 1, 0];
const COST_CITY: [u8; 5] = [0, 0, 0, 2, 3];
const COST_DEV: [u8; 5] = [0, 0, 1, 1, 1];

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
pub const A_DAMAGE: u32 = C_EVENT + events::NUM_CARD_TYPES as u32;
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
pub const A_SCENARIO: u32 = A_TWO + two::NUM_ACTIONS;
const COST_REPAIR: [u8; 5] = [1, 1, 0, 0, 0];

/// Play-card action index → development kind.
const PLAYABLE: [usize; 4] = [KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY];

/// Ways to roll each sum 2..=12 with two dice.
pub(crate) const DICE_WEIGHTS: [u32; 11] = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

/// Where the game stands. Each phase names who acts (see [`Catan::turn`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Initial placement: the player to place puts a settlement.
    SetupSettlement,
    /// Initial placement: a road touching the settlement just placed.
    SetupRoad,
    /// Start of a turn: roll, or play a development card first.
    PreRoll,
    /// Chance: the dice.
    Roll,
    /// After a 7: players over 7 cards discard one card at a time, in seat order from the roller.
    Discard,
    /// The robber must move (a 7 or a knight).
    MoveRobber,
    /// The mover names the player to steal from.
    ChooseVictim,
    /// Chance: the kind of the stolen card.
    Steal,
    /// After the roll: trade, build, buy, play, end the turn.
    Main,
    /// Chance: the kind of the development card bought.
    DrawDevelopment,
    /// Road Building: free roads to place.
    RoadBuilding,
    /// Year of Plenty: resources to take.
    YearOfPlenty,
    /// Monopoly: name the resource.
    Monopoly,
    /// A trade offer is on the table: the responder accepts or declines.
    TradeResponse,
    /// Every other player has answered: the offerer picks an accepter or withdraws.
    TradeDecision,
    GameOver,
    /// B2 Earthquake: each affected player in turn damages one of his roads.
    Earthquake,
    /// B2 Good Neighbors / Neighborly Assistance: the giver picks a card to give.
    EventGive,
    /// B2 Tournament / Calm Sea / Plentiful Year: the player takes a resource from the bank.
    EventTake,
    /// B7 camel vote (after the turn, D-53): the bidder bids wool cards.
    CamelBidWool,
    /// B7: the bidder bids grain cards.
    CamelBidGrain,
    /// B7 (D-51 step 2): a bidder declares a spot.
    CamelDeclare,
    /// B7 (D-51 step 5): the player whose turn ended picks the spot.
    CamelPick,
    /// B4: after his own road or settlement the player builds a free neutral piece.
    NeutralBuild,
    /// B4 forced trade: chance, the kind of a card taken from the opponent.
    ForcedTake,
    /// B4 forced trade: the player gives a card of his choice back.
    ForcedGive,
    /// B5 Fishermen: chance, the fish token drawn (the drawer: [`Catan::fish_drawer`]).
    FishDraw,
    /// B5 Fishermen: the drawer at the 7-token cap may swap one token (D-34).
    FishSwap,
    /// B5 Fishermen: the 4-fish action, the resource taken from the bank.
    FishTake,
    /// B5 Fishermen: the 5-fish action, the free road.
    FishRoad,
    /// B8 Barbarian Attack: the module's sub-steps (`barbarian_attack::Step`).
    Barbarian,
    /// B9 Traders & Barbarians: a sub-step (`traders::Step`: barbarian moves, the drive-off die,
    /// a commodity draw).
    Traders,
}

/// Options read once from the configuration.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Rules {
    pub players: usize,
    pub vp_to_win: u8,
    pub turn_limit: u32,
    pub trades: bool,
    pub max_offers: u8,
    pub steal_needs_cards: bool,
    /// B1 Friendly Robber.
    pub friendly_robber: bool,
    /// B3 Harbormaster.
    pub harbormaster: bool,
    /// B2 Event cards.
    pub event_cards: bool,
    pub new_year: bool,
    /// D-12: tied leaders all gain/give (true) or nobody (false).
    pub event_tie_all: bool,
    /// B4 Catan for Two (option `catan_for_two`, implied by 2 players).
    pub two: bool,
    /// B4 D-22: most token actions per turn (0 = no limit).
    pub max_token_actions: u8,
    /// The scenario played (B5-B9), at most one.
    pub scenario: Scenario,
}

/// The Traders & Barbarians scenario in play (spec §B0: one at a time).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scenario {
    None,
    /// B5 The Fishermen of Catan.
    Fishermen,
    /// B6 The Rivers of Catan.
    Rivers,
    /// B7 The Caravans.
    Caravans,
    /// B8 Barbarian Attack.
    BarbarianAttack,
    /// B9 Traders & Barbarians.
    TradersBarbarians,
}

impl Scenario {
    fn from_name(name: &str) -> Scenario {
        match name {
            "fishermen" => Scenario::Fishermen,
            "rivers" => Scenario::Rivers,
            "caravans" => Scenario::Caravans,
            "barbarian_attack" => Scenario::BarbarianAttack,
            "traders_barbarians" => Scenario::TradersBarbarians,
            _ => Scenario::None,
        }
    }

    /// Points the scenario adds to the victory target (§B0: Caravans 12, Barbarian Attack 12).
    fn extra_target(self) -> i64 {
        match self {
            Scenario::Caravans | Scenario::BarbarianAttack => 2,
            Scenario::TradersBarbarians => 3,
            _ => 0,
        }
    }

    /// Scenarios where the robber may stand beside the board (§B5.2, §B7.1, and Robber Flees in
    /// §B2.3 for Fishermen, Rivers and Caravans; B8 has no robber: always beside the board).
    pub fn robber_may_leave_board(self) -> bool {
        matches!(
            self,
            Scenario::Fishermen | Scenario::Rivers | Scenario::Caravans | Scenario::BarbarianAttack
        )
    }

    /// How many action ids the scenario numbers from [`A_SCENARIO`].
    pub fn num_actions(self) -> u32 {
        match self {
            Scenario::None => 0,
            Scenario::Fishermen => fishermen::NUM_ACTIONS,
            Scenario::Rivers => rivers::NUM_ACTIONS,
            Scenario::Caravans => caravans::NUM_ACTIONS,
            Scenario::BarbarianAttack => barbarian_attack::NUM_ACTIONS,
            Scenario::TradersBarbarians => traders::NUM_ACTIONS,
        }
    }
}

impl Rules {
    fn from_config(c: &Config) -> Rules {
        Rules {
            players: c.players.clamp(1, MAX_PLAYERS),
            // The base target; each module raises it as the spec says (Harbormaster +1, §B3).
            vp_to_win: (c.int("vp_to_win").clamp(1, 30)
                + c.bool("harbormaster") as i64
                + Scenario::from_name(c.str("scenario")).extra_target())
                as u8,
            turn_limit: c.int("turn_limit").clamp(1, 100_000) as u32,
            trades: c.str("player_trades") != "off",
            max_offers: c.int("trade_offers_per_turn").clamp(0, 50) as u8,
            steal_needs_cards: c.bool("steal_victim_must_have_cards"),
            friendly_robber: c.bool("friendly_robber"),
            harbormaster: c.bool("harbormaster"),
            event_cards: c.bool("event_cards"),
            new_year: c.bool("event_new_year"),
            event_tie_all: c.str("event_tie") != "none",
            // Catan for Two is the only 2-player game in the spec: 2 players imply it.
            two: catan_for_two(c),
            max_token_actions: c.int("max_token_actions").clamp(0, 50) as u8,
            scenario: Scenario::from_name(c.str("scenario")),
        }
    }
}

/// One game of Catan. See the crate docs for the action ids and `docs/games/catan.md` for the
/// position format.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "position::Position", try_from = "position::Position")]
pub struct Catan {
    pub(crate) config: Arc<Config>,
    pub(crate) rules: Rules,
    pub(crate) board: Board,
    pub(crate) robber: u8,
    pub(crate) settlements: [u64; MAX_PLAYERS],
    pub(crate) cities: [u64; MAX_PLAYERS],
    pub(crate) roads: [u128; MAX_PLAYERS],
    // Derived from the pieces (rebuilt on load).
    pub(crate) occupied: u64,
    pub(crate) blocked: u64,
    pub(crate) all_roads: u128,
    pub(crate) road_verts: [u64; MAX_PLAYERS],
    pub(crate) road_len: [u8; MAX_PLAYERS],
    pub(crate) hand: [[u8; 5]; MAX_PLAYERS],
    pub(crate) bank: [u8; 5],
    /// Unplayed development cards per player (bought this turn included).
    pub(crate) dev: [[u8; 5]; MAX_PLAYERS],
    /// Of those, bought this turn (not playable yet).
    pub(crate) dev_new: [[u8; 5]; MAX_PLAYERS],
    /// Played development cards (knights count for Largest Army).
    pub(crate) dev_played: [[u8; 5]; MAX_PLAYERS],
    pub(crate) deck: [u8; 5],
    pub(crate) longest_road: u8,
    pub(crate) largest_army: u8,
    /// B3: the seat holding the Harbormaster card (`NONE` when nobody / module off).
    pub(crate) harbormaster: u8,
    /// B2: event cards revealed since the last rebuild, per card type (public).
    pub(crate) ev_revealed: [u8; events::NUM_CARD_TYPES],
    /// B2: the last card revealed (`NONE` before the first).
    pub(crate) last_card: u8,
    /// B2: the card being resolved and its event kind (`EV_NONE` when none).
    pub(crate) ev_card: u8,
    pub(crate) ev_kind: u8,
    /// B2: players still to act in the event (mask), and Neighborly Assistance receivers left.
    pub(crate) pending: u8,
    pub(crate) recv: u8,
    /// The player stealing (the player to move, or an event's thief).
    pub(crate) thief: u8,
    /// B2 Earthquake: each player's damaged road (`NONE` when none).
    pub(crate) damaged: [u8; MAX_PLAYERS],
    /// B2: New Year cards revealed so far.
    pub(crate) new_years: u32,
    // Module state, `None` when the module is off (keeps the base game's clone small).
    /// B4 Catan for Two.
    pub(crate) two: Option<Box<two::State>>,
    /// B5 The Fishermen of Catan.
    pub(crate) fishermen: Option<Box<fishermen::State>>,
    /// B6 The Rivers of Catan.
    pub(crate) rivers: Option<Box<rivers::State>>,
    /// B7 The Caravans.
    pub(crate) caravans: Option<Box<caravans::State>>,
    /// B8 Barbarian Attack.
    pub(crate) barbarian_attack: Option<Box<barbarian_attack::State>>,
    /// B9 Traders & Barbarians.
    pub(crate) traders: Option<Box<traders::State>>,
    /// What observer `o` knows of player `p`'s hand: `lo[o][p][r] <= hand[p][r] <= hi[o][p][r]`.
    pub(crate) know_lo: [[[u8; 5]; MAX_PLAYERS]; MAX_PLAYERS],
    pub(crate) know_hi: [[[u8; 5]; MAX_PLAYERS]; MAX_PLAYERS],
    pub(crate) phase: Phase,
    pub(crate) current: u8,
    pub(crate) start_player: u8,
    pub(crate) setup_step: u8,
    pub(crate) last_settlement: u8,
    pub(crate) turns_played: u32,
    pub(crate) rolled: bool,
    pub(crate) dev_played_turn: bool,
    pub(crate) last_roll: u8,
    pub(crate) discard_owed: [u8; MAX_PLAYERS],
    /// G-3: the cards each player has chosen to discard on this 7, still in `hand` and known only
    /// to their owner until every discard is chosen; then they all go to the bank together.
    pub(crate) set_aside: [[u8; 5]; MAX_PLAYERS],
    pub(crate) victim: u8,
    pub(crate) free_roads: u8,
    pub(crate) yop_left: u8,
    pub(crate) offers_made: u8,
    pub(crate) offers_used: u128,
    pub(crate) offer: u8,
    pub(crate) responder: u8,
    pub(crate) accepters: u8,
    pub(crate) winner: u8,
    pub(crate) truncated: bool,
    pub(crate) rng: GameRng,
}

/// A player trade offer decoded: give `n1` of `a`, get `n2` of `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    pub give: usize,
    pub give_n: u8,
    pub get: usize,
    pub get_n: u8,
}

/// Both offer encodings put `give_n - 1` in bit 1 of a group of 4 offers (bit 0 is `get_n - 1`):
/// the offers of one group that a holding of `n` can pay for.
#[inline]
fn payable_in_group(n: u32) -> u64 {
    match n {
        0 => 0,
        1 => 0b0011,
        _ => 0b1111,
    }
}

/// Resource offers (indices below [`NUM_OFFERS`]) a hand can pay for, as a bit mask: offer
/// `o = ((give*4 + get')*2 + give_n-1)*2 + get_n-1`, so the 16 offers giving resource `a` are bits
/// `16a..16a+16`, four groups of 4 (one per resource received).
#[inline]
fn affordable_offers(hand: &[u8; 5]) -> u128 {
    let mut m = 0u128;
    for (a, &n) in hand.iter().enumerate() {
        m |= ((payable_in_group(n as u32) * 0x1111) as u128) << (16 * a);
    }
    m
}

/// Coin offers (index `NUM_OFFERS + j`, `j < NUM_COIN_OFFERS`) a player holding `coins` coins
/// (or B9 gold) and `hand` can pay for, as a bit mask over `j`: the same decoding as
/// [`Offer::decode`] without decoding 40 offers per legal-action call. Within each 4-offer
/// group (one resource) bit 1 is `n1 - 1`, so giving one needs the low two bits (`0b0011`).
#[inline]
pub(crate) fn affordable_coin_offers(coins: u32, hand: &[u8; 5]) -> u64 {
    // j < 20: give n1 coins for resource k / 4; the same block for each of the 5 resources.
    let mut m = payable_in_group(coins) * 0x1_1111;
    // j >= 20: give n1 of resource r for coins.
    for (r, &n) in hand.iter().enumerate() {
        m |= payable_in_group(n as u32) << (20 + 4 * r);
    }
    m
}

impl Offer {
    /// Offer index → offer. Indices `NUM_OFFERS..NUM_OFFERS + NUM_COIN_OFFERS` (B6) trade coins:
    /// `j < 20` gives `n1` coins for `n2` of resource `b` (`j = (b*2 + n1-1)*2 + n2-1`), `j >= 20`
    /// gives `n1` of resource `a` for `n2` coins (`j - 20 = (a*2 + n1-1)*2 + n2-1`).
    pub fn decode(o: u32) -> Offer {
        if o >= NUM_OFFERS {
            let j = (o - NUM_OFFERS).min(NUM_COIN_OFFERS - 1);
            let k = j % 20;
            let (n1, n2, r) = (((k / 2) % 2) as u8 + 1, (k % 2) as u8 + 1, (k / 4) as usize);
            return if j < 20 {
                Offer {
                    give: COINS,
                    give_n: n1,
                    get: r,
                    get_n: n2,
                }
            } else {
                Offer {
                    give: r,
                    give_n: n1,
                    get: COINS,
                    get_n: n2,
                }
            };
        }
        let n2 = (o % 2) as u8 + 1;
        let n1 = ((o / 2) % 2) as u8 + 1;
        let ab = (o / 4) as usize;
        let a = ab / 4;
        let bi = ab % 4;
        let b = if bi < a { bi } else { bi + 1 };
        Offer {
            give: a,
            give_n: n1,
            get: b,
            get_n: n2,
        }
    }
    pub fn encode(&self) -> Option<u32> {
        if self.give == self.get || self.give > COINS || self.get > COINS {
            return None;
        }
        if !(1..=2).contains(&self.give_n) || !(1..=2).contains(&self.get_n) {
            return None;
        }
        if self.give == COINS || self.get == COINS {
            let (r, side) = if self.give == COINS {
                (self.get, 0)
            } else {
                (self.give, 20)
            };
            let k = ((r as u32 * 2 + self.give_n as u32 - 1) * 2) + self.get_n as u32 - 1;
            return Some(NUM_OFFERS + side + k);
        }
        let bi = if self.get < self.give {
            self.get
        } else {
            self.get - 1
        };
        Some(
            (((self.give * 4 + bi) as u32 * 2 + self.give_n as u32 - 1) * 2) + self.get_n as u32
                - 1,
        )
    }
}

/// The name of a good of an [`Offer`]: a resource, or coins.
pub fn good_name(k: usize) -> &'static str {
    board::RESOURCES.get(k).copied().unwrap_or("coins")
}

/// Maritime trade index → (give, get).
pub fn maritime_decode(m: u32) -> (usize, usize) {
    let a = (m / 4) as usize;
    let bi = (m % 4) as usize;
    (a, if bi < a { bi } else { bi + 1 })
}

impl Catan {
    /// The board's shape, chosen when the game is created ([`Geometry::base`] unless a scenario
    /// board needs another one): every geometry lookup goes through it.
    #[inline]
    pub fn geo(&self) -> &'static Geometry {
        self.board.geo
    }
}

#[inline]
pub(crate) fn has(hand: &[u8; 5], cost: &[u8; 5]) -> bool {
    hand.iter().zip(cost).all(|(h, c)| h >= c)
}

impl Catan {
    pub(crate) fn n(&self) -> usize {
        self.rules.players
    }

    /// The seat placing in set-up step `k` (snake order from the start player).
    fn setup_player(&self, k: usize) -> u8 {
        let n = self.n();
        let i = if k < n {
            k
        } else {
            2 * n - 1 - k.min(2 * n - 1)
        };
        ((self.start_player as usize + i) % n) as u8
    }

    /// The seat that must discard next (seat order from the roller).
    fn discarder(&self) -> usize {
        let n = self.n();
        (0..n)
            .map(|i| (self.current as usize + i) % n)
            .find(|&p| self.discard_owed[p] > 0)
            .unwrap_or(self.current as usize)
    }

    /// The cards `p` still holds when his discards are done: `hand` minus the cards he has set
    /// aside on this 7 (G-3).
    pub fn held(&self, p: usize) -> [u8; 5] {
        std::array::from_fn(|r| self.hand[p][r] - self.set_aside[p][r])
    }

    pub(crate) fn hand_size(&self, p: usize) -> u32 {
        self.hand[p].iter().map(|&x| x as u32).sum()
    }

    /// The development deck's composition (B9 has its own, §B9.9).
    pub(crate) fn dev_totals(&self) -> [u8; 5] {
        if self.traders.is_some() {
            traders::DEV_TOTALS
        } else {
            DEV_TOTALS
        }
    }

    pub(crate) fn dev_name(&self, k: usize) -> &'static str {
        if self.traders.is_some() {
            traders::DEV_NAMES[k]
        } else {
            DEV_NAMES[k]
        }
    }

    pub(crate) fn dev_count(&self, p: usize) -> u32 {
        self.dev[p].iter().map(|&x| x as u32).sum()
    }

    /// Victory points visible to everyone: buildings and special cards.
    pub fn public_vp(&self, p: usize) -> u32 {
        // B8: conquered buildings count nothing; 2 prisoners = 1 VP.
        let dead = self.dead_vertices();
        let mut vp =
            (self.settlements[p] & !dead).count_ones() + 2 * (self.cities[p] & !dead).count_ones();
        if let Some(b) = &self.barbarian_attack {
            vp += b.prisoners[p] as u32 / 2;
        }
        if let Some(t) = &self.traders {
            vp += t.vp(p);
        }
        if self.longest_road as usize == p {
            vp += 2;
        }
        if self.largest_army as usize == p {
            vp += 2;
        }
        if self.harbormaster as usize == p {
            vp += 2;
        }
        if let Some(c) = &self.caravans {
            vp += c.bonus(self.settlements[p] | self.cities[p]);
        }
        if self.rivers.is_some() {
            // B6: Wealthiest Settler +1, Poor Settler −2 (never below 0: a player has at least
            // his two settlements once the tiles are handed out).
            vp = (vp as i32 + self.rivers_vp(p)).max(0) as u32;
        }
        vp
    }

    /// B3 harbour points: 1 per settlement and 2 per city on a harbour vertex.
    pub fn harbor_points(&self, p: usize) -> u32 {
        let hv =
            self.board.harbor_vertices.iter().fold(0u64, |a, &m| a | m) & !self.dead_vertices();
        (self.settlements[p] & hv).count_ones() + 2 * (self.cities[p] & hv).count_ones()
    }

    /// B3: hand the Harbormaster card over after harbour points changed (the first to reach 3
    /// takes it; another takes it only with strictly more points than the holder). Points can
    /// drop only by B8 conquest (D-16, like Longest Road): a holder still at the maximum keeps
    /// it even when tied; otherwise a sole leader with 3+ takes it, else it is set aside until
    /// one player alone has the most (3+). Without losses both readings agree.
    pub(crate) fn update_harbormaster(&mut self) {
        if !self.rules.harbormaster {
            return;
        }
        let n = self.n();
        let pts: [u32; MAX_PLAYERS] =
            std::array::from_fn(|p| if p < n { self.harbor_points(p) } else { 0 });
        let h = self.harbormaster as usize;
        let m = pts[..n].iter().copied().max().unwrap_or(0);
        if h < n && pts[h] == m && m >= 3 {
            return;
        }
        self.harbormaster = if m >= 3 && pts[..n].iter().filter(|&&x| x == m).count() == 1 {
            pts[..n].iter().position(|&x| x == m).unwrap_or(0) as u8
        } else {
            NONE
        };
    }

    /// B1: players protected by the Friendly Robber (public VP at most 2, D-01), as a seat mask.
    pub fn protected_players(&self) -> u8 {
        if !self.rules.friendly_robber {
            return 0;
        }
        (0..self.n())
            .filter(|&p| self.public_vp(p) <= 2)
            .fold(0u8, |m, p| m | (1 << p))
    }

    /// The robber's hex as a one-bit mask over land hex ids; 0 while it stands beside the board
    /// (a scenario's start or Robber Flees, see [`ROBBER_OFF`]).
    #[inline]
    pub(crate) fn robber_mask(&self) -> u32 {
        if (self.robber as usize) < NH {
            1u32 << self.robber
        } else {
            0
        }
    }

    /// The robber's hex, or `None` while it stands beside the board.
    pub fn robber_hex(&self) -> Option<usize> {
        ((self.robber as usize) < NH).then_some(self.robber as usize)
    }

    /// The hexes the robber may move to now, as a mask over land hex ids.
    pub fn robber_targets(&self) -> u32 {
        let all = ((1u32 << NH) - 1) & !self.fish_robber_excluded();
        let mut t = all & !self.robber_mask();
        if let Some(c) = &self.caravans {
            t &= !c.robber_excluded(self.robber);
        }
        let prot = self.protected_players();
        if prot != 0 {
            let g = self.geo();
            let mut b = 0u64;
            for p in 0..self.n() {
                if prot & (1 << p) != 0 {
                    b |= self.settlements[p] | self.cities[p];
                }
            }
            for h in 0..NH {
                if g.hex_corner_mask[h] & b != 0 {
                    t &= !(1u32 << h);
                }
            }
            if t == 0 {
                // §B1.2: no legal hex → the desert (even if the robber is already there); on a
                // board without a desert the robber stays where it is (engine decision).
                t = if let Some(c) = &self.caravans {
                    // D-03: the caravans' fallback is beside the board (the `robber beside the
                    // board` action, no hex) or, as an option, staying where it is.
                    c.friendly_fallback(self.robber_mask())
                } else if self.rivers.is_some() {
                    // D-03: Rivers sends it to a swamp of the mover's choice (its own included).
                    (0..NH)
                        .filter(|&h| self.board.terrain[h] == board::SWAMP)
                        .fold(0u32, |m, h| m | (1 << h))
                } else if let Some(f) = self.fish_robber_fallback() {
                    // D-03: the Fishermen's fallback, beside the board (0) or the lake.
                    f
                } else {
                    match (0..NH).find(|&h| self.board.terrain[h] == DESERT) {
                        Some(d) => 1u32 << d,
                        None => self.robber_mask(),
                    }
                };
                // (Fishermen and Caravans: 0 here means the `robber beside the board` action.)
                if t == 0 && self.caravans.is_none() && self.fishermen.is_none() {
                    t = 1u32 << self.robber.min(NH as u8 - 1);
                }
            }
        }
        t
    }

    /// All victory points, hidden victory-point cards included.
    pub fn vp(&self, p: usize) -> u32 {
        self.public_vp(p) + self.dev[p][VICTORY_POINT] as u32
    }

    /// The bank trade rates of player `p` for each resource (one ownership mask for all five).
    fn rates(&self, p: usize) -> [u8; 5] {
        // B8: a conquered building's harbour cannot be used.
        let mine = (self.settlements[p] | self.cities[p]) & !self.dead_vertices();
        let any = if self.board.harbor_vertices[GENERIC as usize] & mine != 0 {
            3
        } else {
            4
        };
        std::array::from_fn(|r| {
            if self.board.harbor_vertices[r] & mine != 0 {
                2
            } else {
                any
            }
        })
    }

    /// The trade rate of player `p` for giving resource `r` to the bank.
    pub fn rate(&self, p: usize, r: usize) -> u8 {
        self.rates(p)[r]
    }

    // ----- knowledge-tracking resource moves -----

    pub(crate) fn gain(&mut self, p: usize, r: usize, k: u8) {
        self.hand[p][r] += k;
        for o in 0..self.n() {
            self.know_lo[o][p][r] += k;
            // An upper bound above the hand count only says "at most the count": it saturates
            // instead of wrapping (a position may write 255 for "unknown").
            self.know_hi[o][p][r] = self.know_hi[o][p][r].saturating_add(k);
        }
    }

    fn lose(&mut self, p: usize, r: usize, k: u8) {
        self.hand[p][r] -= k;
        for o in 0..self.n() {
            self.know_lo[o][p][r] = self.know_lo[o][p][r].saturating_sub(k);
            self.know_hi[o][p][r] = self.know_hi[o][p][r].saturating_sub(k);
        }
    }

    pub(crate) fn pay(&mut self, p: usize, cost: &[u8; 5]) {
        for r in 0..5 {
            if cost[r] > 0 {
                self.lose(p, r, cost[r]);
                self.bank[r] += cost[r];
            }
        }
    }

    /// Everyone learns that `p` holds at least `k` of `r` (an offer or an acceptance).
    fn reveal_at_least(&mut self, p: usize, r: usize, k: u8) {
        if r >= 5 {
            // Coins (B6) are public.
            return;
        }
        for o in 0..self.n() {
            let lo = &mut self.know_lo[o][p][r];
            *lo = (*lo).max(k);
        }
    }

    /// A card of kind `r` moves from `victim` to `thief`; only they see its kind.
    fn steal_card(&mut self, thief: usize, victim: usize, r: usize) {
        self.hand[victim][r] -= 1;
        self.hand[thief][r] += 1;
        let cv = self.hand_size(victim).min(255) as u8;
        let ct = self.hand_size(thief).min(255) as u8;
        for o in 0..self.n() {
            if o == thief || o == victim {
                self.know_lo[o][victim][r] = self.know_lo[o][victim][r].saturating_sub(1);
                self.know_hi[o][victim][r] = self.know_hi[o][victim][r].saturating_sub(1);
                self.know_lo[o][thief][r] += 1;
                self.know_hi[o][thief][r] = self.know_hi[o][thief][r].saturating_add(1);
            } else {
                for k in 0..5 {
                    let lo = &mut self.know_lo[o][victim][k];
                    *lo = lo.saturating_sub(1);
                    let hi = &mut self.know_hi[o][victim][k];
                    *hi = (*hi).min(cv);
                    let hi = &mut self.know_hi[o][thief][k];
                    *hi = hi.saturating_add(1).min(ct);
                }
            }
        }
    }

    // ----- building -----

    fn place_settlement(&mut self, p: usize, v: usize) {
        let g = self.geo();
        self.settlements[p] |= 1 << v;
        self.occupied |= 1 << v;
        self.blocked |= (1 << v) | g.vertex_nbrs[v];
    }

    pub(crate) fn place_road(&mut self, p: usize, e: usize) {
        let g = self.geo();
        self.roads[p] |= 1u128 << e;
        self.all_roads |= 1u128 << e;
        let [a, b] = g.edge_ends[e];
        self.road_verts[p] |= (1u64 << a) | (1u64 << b);
    }

    /// Rebuild the derived bitsets and road lengths from the pieces.
    pub(crate) fn rebuild_derived(&mut self) {
        let g = self.geo();
        self.occupied = 0;
        self.blocked = 0;
        self.all_roads = 0;
        for p in 0..MAX_PLAYERS {
            let b = self.settlements[p] | self.cities[p];
            self.occupied |= b;
            for v in bits64(b) {
                self.blocked |= (1 << v) | g.vertex_nbrs[v];
            }
            self.all_roads |= self.roads[p];
            self.road_verts[p] = 0;
            for e in bits128(self.roads[p]) {
                let [a, b] = g.edge_ends[e];
                self.road_verts[p] |= (1u64 << a) | (1u64 << b);
            }
        }
        for p in 0..MAX_PLAYERS {
            self.road_len[p] = self.longest_road_of(p);
        }
        self.board.derive();
    }

    /// Edges where `p` may build a road now (free, connected to own piece, not through an
    /// opponent's building; never a B6 bridge site).
    fn road_spots(&self, p: usize) -> u128 {
        let c = self.road_candidates(p);
        if self.rivers.is_some() {
            c & !self.no_road_edges()
        } else {
            c
        }
    }

    /// Free edges connected to `p`'s pieces, not through an opponent's building.
    pub(crate) fn road_candidates(&self, p: usize) -> u128 {
        let g = self.geo();
        let own = self.settlements[p] | self.cities[p];
        let opp = self.occupied & !own;
        let verts = own | (self.road_verts[p] & !opp);
        let mut cand = 0u128;
        for v in bits64(verts) {
            cand |= g.vertex_edges[v];
        }
        let closed = self.barbarian_attack.as_ref().map_or(0, |b| b.closed_e);
        cand & !self.all_roads & !closed
    }

    fn settlement_spots(&self, p: usize) -> u64 {
        let closed = self.barbarian_attack.as_ref().map_or(0, |b| b.closed_v);
        self.road_verts[p] & !self.blocked & !closed & self.geo().buildable
    }

    /// Length of the longest trail of `p`'s roads not passing through an opponent's building.
    ///
    /// A longest trail can be taken to start at a vertex of odd degree (1 or 3 here) or at an
    /// opponent's building: from any other start (degree 2) it could be extended backwards.
    /// Components without such a vertex are simple cycles, whose longest trail is the cycle.
    pub fn longest_road_of(&self, p: usize) -> u8 {
        self.longest_in(p, self.roads[p])
    }

    /// The longest road of `p` after building edge `e`: only the road network containing `e`
    /// changed, so only its trails are searched (the old length covers the others).
    pub(crate) fn longest_after_build(&self, p: usize, e: usize) -> u8 {
        let g = self.geo();
        let [a, b] = g.edge_ends[e];
        let comp = flood(g, self.roads[p], (1u64 << a) | (1u64 << b));
        self.road_len[p].max(self.longest_in(p, comp))
    }

    /// Longest trail of `p` that starts in the road edges `within` (a union of components).
    /// B7: a road under a camel counts 2 (`double`).
    fn longest_in(&self, p: usize, within: u128) -> u8 {
        let roads = self.roads[p];
        if within == 0 {
            return 0;
        }
        let double = self.caravans.as_ref().map_or(0, |c| c.camels);
        let g = self.geo();
        let own = self.settlements[p] | self.cities[p];
        let opp = self.occupied & !own;
        let mut verts = 0u64;
        for e in bits128(within) {
            let [a, b] = g.edge_ends[e];
            verts |= (1u64 << a) | (1u64 << b);
        }
        let mut starts = 0u64;
        for v in bits64(verts) {
            let deg = (g.vertex_edges[v] & roads).count_ones();
            if deg != 2 || opp & (1u64 << v) != 0 {
                starts |= 1u64 << v;
            }
        }
        let total = (within.count_ones() + (within & double).count_ones()) as u8;
        let mut best = 0;
        for v in bits64(starts) {
            best = best.max(trail(g, roads, double, opp, v, 0, true));
            if best == total {
                return best;
            }
        }
        // Edges not reachable from a start vertex form simple cycles.
        let mut rest = within & !flood(g, roads, starts);
        while rest != 0 {
            let e = rest.trailing_zeros() as usize;
            let comp = flood(g, roads, 1u64 << g.edge_ends[e][0]);
            best =
                best.max(((comp & rest).count_ones() + (comp & rest & double).count_ones()) as u8);
            rest &= !comp;
        }
        best
    }

    /// Recompute the holder of Longest Road after lengths changed (spec §A8, including the
    /// broken-road rule and ties keeping the holder).
    pub(crate) fn update_longest_road(&mut self) {
        if self.traders.is_some() {
            return; // B9: no Longest Road card (§B9.1)
        }
        // B4: the neutral players (seats 2 and 3) may hold Longest Road too.
        let n = self.road_seats();
        let m = (0..n).map(|p| self.road_len[p]).max().unwrap_or(0);
        let at_max = (0..n).filter(|&p| self.road_len[p] == m).count();
        let sole = (0..n).find(|&p| self.road_len[p] == m);
        let h = self.longest_road as usize;
        if h < n {
            if self.road_len[h] == m && m >= 5 {
                return;
            }
            self.longest_road = if m >= 5 && at_max == 1 {
                sole.map(|p| p as u8).unwrap_or(NONE)
            } else {
                NONE
            };
        } else if m >= 5 && at_max == 1 {
            self.longest_road = sole.map(|p| p as u8).unwrap_or(NONE);
        }
    }

    /// A settlement of `p` on `v` may break other players' roads (spec §A8): recompute them.
    fn settlement_breaks_roads(&mut self, p: usize, v: usize) {
        let mut changed = false;
        for q in 0..self.road_seats() {
            if q != p && self.road_verts[q] & (1u64 << v) != 0 {
                let l = self.longest_road_of(q);
                changed |= l != self.road_len[q];
                self.road_len[q] = l;
            }
        }
        if changed {
            self.update_longest_road();
        }
    }

    fn update_largest_army(&mut self, p: usize) {
        let k = self.dev_played[p][KNIGHT];
        if k < 3 {
            return;
        }
        let h = self.largest_army as usize;
        if h >= self.n() || (h != p && k > self.dev_played[h][KNIGHT]) {
            self.largest_army = p as u8;
        }
    }

    fn produce(&mut self, sum: usize, epidemic: bool) {
        if self.traders.is_some() && (sum == 2 || sum == 12) {
            return; // B9 with event cards: a card numbered 2 or 12 produces nothing (D-106)
        }
        let g = self.geo();
        let n = self.n();
        let mut owed = [[0u8; 5]; MAX_PLAYERS];
        let mut total = [0u32; 5];
        let mut hexes = self.board.token_hexes[sum] & !self.robber_mask();
        if let Some(b) = &self.barbarian_attack {
            // B8: a conquered hex produces nothing.
            hexes &= !b.conquered;
        }
        for h in bits64(hexes as u64) {
            let t = self.board.terrain[h];
            if t == DESERT || t > 4 {
                continue;
            }
            let r = t as usize;
            let corners = g.hex_corner_mask[h];
            for p in 0..n {
                let k = (self.settlements[p] & corners).count_ones()
                    + if epidemic { 1 } else { 2 } * (self.cities[p] & corners).count_ones();
                if k > 0 {
                    owed[p][r] += k as u8;
                    total[r] += k;
                }
            }
        }
        for r in 0..5 {
            if total[r] == 0 {
                continue;
            }
            if total[r] <= self.bank[r] as u32 {
                for p in 0..n {
                    let k = owed[p][r];
                    if k > 0 {
                        self.bank[r] -= k;
                        self.gain(p, r, k);
                    }
                }
            } else {
                // Bank shortage: only a single owed player takes what is left (spec §A6).
                let owed_players: Vec<usize> = (0..n).filter(|&p| owed[p][r] > 0).collect();
                if let [p] = owed_players[..] {
                    let k = self.bank[r];
                    if k > 0 {
                        self.bank[r] = 0;
                        self.gain(p, r, k);
                    }
                }
            }
        }
    }

    /// After the robber (and any steal): back to the start of the turn or to the main phase.
    pub(crate) fn end_robber(&mut self) {
        if self.rolled {
            self.roll_resolved();
        } else {
            self.enter_pre_roll();
        }
    }

    /// A roll (or event card) has been resolved: the main phase, or B4's second roll (D-21).
    pub(crate) fn roll_resolved(&mut self) {
        self.phase = if self.two_second_roll_due() {
            Phase::Roll
        } else {
            Phase::Main
        };
    }

    /// Road Building after a free road: another one, or the card is done (no roads left to place).
    pub(crate) fn road_building_next(&mut self) {
        let p = self.current as usize;
        if self.free_roads == 0 || self.road_pieces(p) >= MAX_ROADS || self.road_spots(p) == 0 {
            self.free_roads = 0;
            self.after_dev_effect();
        } else {
            self.phase = Phase::RoadBuilding;
        }
    }

    /// Start of a turn (or back to it after a knight): a player holding development cards from
    /// earlier turns may play one before rolling; a player without any (or who has played one
    /// this turn) rolls at once, with no forced 'roll' decision. The test uses only public
    /// facts (card counts), so it reveals nothing about the kinds held.
    fn enter_pre_roll(&mut self) {
        let p = self.current as usize;
        let old: u32 = (0..5)
            .map(|k| (self.dev[p][k] - self.dev_new[p][k]) as u32)
            .sum();
        // B9: gold may buy resources before the roll too (D-102).
        let tb_buy = self
            .traders
            .as_ref()
            .is_some_and(|t| t.gold[p] >= 2 && t.purchases < 2);
        self.phase = if (!self.dev_played_turn && old > 0) || tb_buy {
            Phase::PreRoll
        } else {
            Phase::Roll
        };
    }

    fn after_dev_effect(&mut self) {
        self.end_robber();
    }

    fn can_play(&self, p: usize, k: usize) -> bool {
        if self.dev_played_turn || self.dev[p][k] <= self.dev_new[p][k] {
            return false;
        }
        if self.traders.is_some() {
            match k {
                SWIFT_JOURNEY => return self.tb_swift_ok(),
                ROAD_BUILDING if self.tb_wagon_begun() => return false,
                _ => {}
            }
        }
        match k {
            ROAD_BUILDING => {
                !self.road_blocked(p) && self.road_pieces(p) < MAX_ROADS && self.road_spots(p) != 0
            }
            YEAR_OF_PLENTY => self.bank.iter().any(|&b| b > 0),
            _ => true,
        }
    }

    fn robber_victims(&self) -> u8 {
        let g = self.geo();
        let me = self.current as usize;
        let Some(h) = self.robber_hex() else {
            return 0;
        };
        let corners = g.hex_corner_mask[h];
        let mut mask = 0u8;
        for p in 0..self.n() {
            if p != me && (self.settlements[p] | self.cities[p]) & corners != 0 {
                mask |= 1 << p;
            }
        }
        // B1.2: nothing is stolen from a protected player.
        mask &= !self.protected_players();
        if self.rules.steal_needs_cards {
            let with_cards = (0..self.n())
                .filter(|&p| mask & (1 << p) != 0 && self.hand_size(p) > 0)
                .fold(0u8, |m, p| m | (1 << p));
            if with_cards != 0 {
                mask = with_cards;
            }
        }
        mask
    }

    pub(crate) fn begin_steal(&mut self, victim: usize) {
        self.victim = victim as u8;
        if self.hand_size(victim) == 0 {
            self.after_steal();
        } else {
            self.phase = Phase::Steal;
        }
    }

    /// After a steal (or a steal from an empty hand): the robber's follow-up, or the next thief
    /// of a B2 Trade Advantage / Conflict event.
    fn after_steal(&mut self) {
        self.fish_steal_done();
        if self.event_steal() {
            self.next_thief();
        } else {
            self.end_robber();
        }
    }

    #[inline]
    fn event_steal(&self) -> bool {
        self.ev_kind == events::EV_TRADE_ADVANTAGE || self.ev_kind == events::EV_CONFLICT
    }

    /// Who may be named in the choose-victim phase.
    pub(crate) fn victims(&self) -> u8 {
        if self.event_steal() {
            self.event_victims()
        } else if self.fish_stealing() {
            self.fish_victims()
        } else if self.barbarian_attack.is_some() {
            self.ba_victims()
        } else {
            self.robber_victims()
        }
    }

    /// A 7 (dice or Robber Attacks): discards, then the robber.
    fn begin_seven(&mut self) {
        let mut any = false;
        for q in 0..self.n() {
            let c = self.hand_size(q);
            self.discard_owed[q] = if c > 7 { (c / 2) as u8 } else { 0 };
            any |= c > 7;
        }
        if any {
            self.phase = Phase::Discard;
        } else {
            self.after_discards();
        }
    }

    /// Every discard of a 7 is chosen: the set-aside cards go to the bank, seen by all.
    fn reveal_discards(&mut self) {
        for p in 0..self.n() {
            let cards = std::mem::take(&mut self.set_aside[p]);
            for r in 0..5 {
                if cards[r] > 0 {
                    self.lose(p, r, cards[r]);
                    self.bank[r] += cards[r];
                }
            }
        }
    }

    /// The discards of a 7 are done: the robber moves (B8: no robber, the roller steals, D-63).
    fn after_discards(&mut self) {
        if self.barbarian_attack.is_some() {
            self.ba_seven_steal();
        } else {
            self.begin_robber();
        }
    }

    /// The robber moves (a 7 after the discards, or a Knight); in B9 a barbarian moves instead.
    fn begin_robber(&mut self) {
        if self.traders.is_some() {
            self.tb_begin_barbarian();
        } else {
            self.phase = Phase::MoveRobber;
        }
    }

    /// The player to move puts offer `i` on the table.
    pub(crate) fn make_offer(&mut self, i: u32) {
        let p = self.current as usize;
        let o = Offer::decode(i);
        self.offers_made += 1;
        self.offers_used |= 1u128 << i;
        self.offer = i as u8;
        self.accepters = 0;
        self.reveal_at_least(p, o.give, o.give_n);
        self.responder = ((p + 1) % self.n()) as u8;
        self.phase = Phase::TradeResponse;
    }

    /// Move `k` of good `r` (a resource, or B6 coins) from `from` to `to` in a player trade.
    fn trade_good(&mut self, from: usize, to: usize, r: usize, k: u8) {
        if r < 5 {
            self.lose(from, r, k);
            self.gain(to, r, k);
        } else if let Some(s) = self.rivers.as_deref_mut() {
            s.coins[from] -= k as u32;
            s.coins[to] += k as u32;
            self.update_wealthiest();
        } else if let Some(t) = self.traders.as_deref_mut() {
            // B9: gold in player trades (§B9.10).
            t.gold[from] -= k as u32;
            t.gold[to] += k as u32;
        }
    }

    fn next_responder(&mut self) {
        let n = self.n();
        let next = (self.responder as usize + 1) % n;
        if next == self.current as usize {
            self.phase = if self.accepters == 0 {
                Phase::Main
            } else {
                Phase::TradeDecision
            };
        } else {
            self.responder = next as u8;
        }
    }

    pub(crate) fn end_turn(&mut self) {
        let p = self.current as usize;
        self.dev_new[p] = [0; 5];
        if let Some(t) = self.traders.as_deref_mut() {
            t.new_turn();
        }
        self.turns_played += 1;
        if self.turns_played >= self.rules.turn_limit {
            self.phase = Phase::GameOver;
            self.truncated = true;
            return;
        }
        self.current = ((p + 1) % self.n()) as u8;
        self.rolled = false;
        self.dev_played_turn = false;
        self.offers_made = 0;
        self.offers_used = 0;
        self.thief = self.current;
        self.rivers_end_turn();
        self.two_new_turn();
        if let Some(b) = &mut self.barbarian_attack {
            b.coin_buys = 0;
        }
        self.enter_pre_roll();
    }

    fn check_win(&mut self) {
        match self.phase {
            Phase::SetupSettlement | Phase::SetupRoad | Phase::GameOver => {}
            // B7 (D-53): the vote comes after the turn; points won in it count at each player's
            // own next turn (G-2).
            Phase::CamelBidWool | Phase::CamelBidGrain | Phase::CamelDeclare | Phase::CamelPick => {
            }
            _ => {
                let p = self.current as usize;
                if self.vp(p) >= self.victory_target(p) {
                    self.winner = p as u8;
                    self.phase = Phase::GameOver;
                }
            }
        }
    }

    /// Whether `action` is legal now (the same rules `legal_actions` enumerates).
    pub fn is_legal(&self, a: Action) -> bool {
        let n = self.n();
        let p = self.current as usize;
        match self.phase {
            Phase::GameOver => false,
            Phase::Barbarian => self.ba_is_legal(a),
            Phase::SetupSettlement => {
                a < A_ROAD && (!self.blocked & self.geo().buildable) & (1u64 << (a - A_SETTLE)) != 0
            }
            Phase::SetupRoad => self.road_edge(a).is_some_and(|e| {
                (self.all_roads | self.no_road_edges()) & (1u128 << e) == 0
                    && self.geo().edge_ends[e].contains(&self.last_settlement)
            }),
            Phase::Roll => {
                if self.rules.event_cards {
                    (C_EVENT..A_DAMAGE).contains(&a)
                        && self.event_deck()[(a - C_EVENT) as usize] > 0
                } else if self.traders.is_some() {
                    // B9 (+ B4: the second roll differs from the first, §B9.12 item 5).
                    (C_DICE..C_DICE + 11).contains(&a)
                        && traders::DICE_WEIGHTS[(a - C_DICE) as usize] > 0
                        && (a - C_DICE + 2) as usize != self.two_first_roll()
                } else {
                    (C_DICE..C_DICE + 11).contains(&a)
                        && (a - C_DICE + 2) as usize != self.two_first_roll()
                }
            }
            Phase::NeutralBuild | Phase::ForcedTake | Phase::ForcedGive => self.two_is_legal(a),
            Phase::Earthquake => self
                .damage_edge(a)
                .is_some_and(|e| self.damage_spots() & (1u128 << e) != 0),
            Phase::Traders => self.tb_step_is_legal(a),
            Phase::EventGive => {
                (A_GIVE..A_REPAIR).contains(&a)
                    && self.hand[self.event_actor()][(a - A_GIVE) as usize] > 0
            }
            Phase::EventTake => {
                ((A_YOP..A_YOP + 5).contains(&a) && self.bank[(a - A_YOP) as usize] > 0)
                    || (a == A_DECLINE && self.ev_kind == events::EV_PLENTIFUL_YEAR)
            }
            Phase::Steal => {
                (C_STEAL..C_STEAL + 5).contains(&a)
                    && self.hand[self.victim as usize][(a - C_STEAL) as usize] > 0
            }
            Phase::DrawDevelopment => {
                (C_DEV..C_DEV + 5).contains(&a) && self.deck[(a - C_DEV) as usize] > 0
            }
            Phase::Discard => {
                (A_DISCARD..A_DISCARD + 5).contains(&a)
                    && self.held(self.discarder())[(a - A_DISCARD) as usize] > 0
            }
            Phase::MoveRobber => {
                ((A_ROBBER..A_ROBBER + NH as u32).contains(&a)
                    && self.robber_targets() & (1 << (a - A_ROBBER)) != 0)
                    || (a == caravans::A_ROBBER_OFF && self.robber_off_legal())
                    || (a == fishermen::A_BESIDE
                        && self.fishermen.is_some()
                        && self.robber_targets() == 0)
            }
            Phase::CamelBidWool | Phase::CamelBidGrain | Phase::CamelDeclare | Phase::CamelPick => {
                self.caravans_is_legal(a)
            }
            Phase::FishDraw | Phase::FishSwap | Phase::FishTake | Phase::FishRoad => {
                self.fish_phase_legal(a)
            }
            Phase::ChooseVictim => {
                (A_STEAL..A_STEAL + MAX_PLAYERS as u32).contains(&a)
                    && self.victims() & (1 << (a - A_STEAL)) != 0
            }
            Phase::RoadBuilding => self
                .road_edge(a)
                .is_some_and(|e| self.road_spots(p) & (1u128 << e) != 0),
            Phase::YearOfPlenty => {
                (A_YOP..A_YOP + 5).contains(&a) && self.bank[(a - A_YOP) as usize] > 0
            }
            Phase::Monopoly => (A_MONO..A_MONO + 5).contains(&a),
            Phase::TradeResponse => {
                let o = Offer::decode(self.offer as u32);
                a == A_DECLINE
                    || (a == A_ACCEPT && self.holds(self.responder as usize, o.get, o.get_n))
            }
            Phase::TradeDecision => {
                a == A_WITHDRAW
                    || ((A_CONFIRM..A_CONFIRM + MAX_PLAYERS as u32).contains(&a)
                        && self.accepters & (1 << (a - A_CONFIRM)) != 0)
            }
            Phase::PreRoll => {
                a == A_ROLL
                    || ((A_PLAY..A_PLAY + 4).contains(&a)
                        && self.can_play(p, PLAYABLE[(a - A_PLAY) as usize]))
                    || (self.traders.is_some() && self.tb_is_legal_own(a.wrapping_sub(A_SCENARIO)))
            }
            Phase::Main => {
                if self.traders.is_some() {
                    // B9: the wagon part of the turn allows only its own moves (D-105).
                    let x = a.wrapping_sub(A_SCENARIO);
                    if self.tb_wagon_begun() {
                        return a == A_END
                            || ((A_PLAY..A_PLAY + 4).contains(&a)
                                && self.can_play(p, PLAYABLE[(a - A_PLAY) as usize]))
                            || self.tb_is_legal_own(x);
                    }
                    if a >= A_SCENARIO && x >= traders::TB_MOVE {
                        return self.tb_is_legal_own(x);
                    }
                    if let Some(e) = self.road_edge(a).filter(|&e| e >= NE) {
                        return self.road_spots(p) & (1u128 << e) != 0
                            && !self.road_blocked(p)
                            && has(&self.hand[p], &COST_ROAD)
                            && self.roads[p].count_ones() < MAX_ROADS;
                    }
                }
                if a < A_ROAD {
                    let v = a - A_SETTLE;
                    self.settlement_spots(p) & (1u64 << v) != 0
                        && has(&self.hand[p], &COST_SETTLEMENT)
                        && self.settlements[p].count_ones() < MAX_SETTLEMENTS
                } else if a < A_CITY {
                    let e = a - A_ROAD;
                    self.road_spots(p) & (1u128 << e) != 0
                        && !self.road_blocked(p)
                        && has(&self.hand[p], &COST_ROAD)
                        && self.road_pieces(p) < MAX_ROADS
                } else if a < A_ROLL {
                    let v = a - A_CITY;
                    self.settlements[p] & !self.dead_vertices() & (1u64 << v) != 0
                        && has(&self.hand[p], &COST_CITY)
                        && self.cities[p].count_ones() < MAX_CITIES
                } else if a == A_END {
                    true
                } else if a == A_BUY_DEV {
                    has(&self.hand[p], &COST_DEV)
                        && (self.deck.iter().any(|&d| d > 0) || self.barbarian_attack.is_some())
                } else if (A_PLAY..A_PLAY + 4).contains(&a) {
                    self.can_play(p, PLAYABLE[(a - A_PLAY) as usize])
                } else if (A_MARITIME..A_OFFER).contains(&a) {
                    let (give, get) = maritime_decode(a - A_MARITIME);
                    self.hand[p][give] >= self.rate(p, give) && self.bank[get] > 0
                } else if a == A_REPAIR {
                    self.rules.event_cards
                        && self.road_blocked(p)
                        && has(&self.hand[p], &COST_REPAIR)
                } else if (A_OFFER..A_ACCEPT).contains(&a) {
                    let i = a - A_OFFER;
                    let o = Offer::decode(i);
                    self.rules.trades
                        && n > 1
                        && self.offers_made < self.rules.max_offers
                        && self.offers_used & (1u128 << i) == 0
                        && self.hand[p][o.give] >= o.give_n
                } else if (A_TWO..A_SCENARIO).contains(&a) {
                    self.two_is_legal(a)
                } else if a >= A_SCENARIO && self.rivers.is_some() {
                    self.rivers_legal(a)
                } else if a == caravans::A_TOKEN_ROBBER_OFF && self.caravans.is_some() {
                    self.token_robber_off_legal()
                } else if a >= A_SCENARIO && self.fishermen.is_some() {
                    self.fish_main_legal(a)
                } else if a >= A_SCENARIO && self.barbarian_attack.is_some() {
                    self.ba_main_legal(a)
                } else {
                    false
                }
            }
        }
    }

    fn legal_into(&self, out: &mut Vec<Action>) {
        self.legal_unsorted(out);
        if self.traders.is_some() {
            // B9 ids past the base ranges (roads on high edges, the wagon) come out of order.
            out.sort_unstable();
        }
    }

    fn legal_unsorted(&self, out: &mut Vec<Action>) {
        out.clear();
        let p = self.current as usize;
        match self.phase {
            Phase::GameOver => {}
            Phase::Barbarian => self.ba_legal(out),
            Phase::SetupSettlement => {
                for v in bits64(!self.blocked & self.geo().buildable) {
                    out.push(A_SETTLE + v as u32);
                }
            }
            Phase::SetupRoad => {
                let g = self.geo();
                let cand = g.vertex_edges[self.last_settlement as usize]
                    & !self.all_roads
                    & !self.no_road_edges();
                for e in bits128(cand) {
                    out.push(self.road_action(e));
                }
            }
            Phase::Traders => self.tb_step_legal(out),
            Phase::Roll => {
                if self.rules.event_cards {
                    let d = self.event_deck();
                    for t in 0..events::NUM_CARD_TYPES {
                        if d[t] > 0 {
                            out.push(C_EVENT + t as u32);
                        }
                    }
                } else if self.traders.is_some() {
                    let first = self.two_first_roll();
                    out.extend(
                        (C_DICE + 1..C_DICE + 10).filter(|&a| (a - C_DICE + 2) as usize != first),
                    )
                } else {
                    let first = self.two_first_roll();
                    out.extend(
                        (C_DICE..C_DICE + 11).filter(|&a| (a - C_DICE + 2) as usize != first),
                    )
                }
            }
            Phase::NeutralBuild | Phase::ForcedTake | Phase::ForcedGive => self.two_legal(out),
            Phase::Earthquake => {
                for e in bits128(self.damage_spots()) {
                    out.push(traders::edge_action(A_DAMAGE, traders::TB_DAMAGE_HIGH, e));
                }
            }
            Phase::EventGive => {
                let h = &self.hand[self.event_actor()];
                for r in 0..5 {
                    if h[r] > 0 {
                        out.push(A_GIVE + r as u32);
                    }
                }
            }
            Phase::EventTake => {
                for r in 0..5 {
                    if self.bank[r] > 0 {
                        out.push(A_YOP + r as u32);
                    }
                }
                // Plentiful Year: each player *may* take a card.
                if self.ev_kind == events::EV_PLENTIFUL_YEAR {
                    out.push(A_DECLINE);
                }
            }
            Phase::Steal => {
                let v = self.victim as usize;
                for r in 0..5 {
                    if self.hand[v][r] > 0 {
                        out.push(C_STEAL + r as u32);
                    }
                }
            }
            Phase::DrawDevelopment => {
                for k in 0..5 {
                    if self.deck[k] > 0 {
                        out.push(C_DEV + k as u32);
                    }
                }
            }
            Phase::Discard => {
                let held = self.held(self.discarder());
                for r in 0..5 {
                    if held[r] > 0 {
                        out.push(A_DISCARD + r as u32);
                    }
                }
            }
            Phase::MoveRobber => {
                let t = self.robber_targets();
                for h in bits64(t as u64) {
                    out.push(A_ROBBER + h as u32);
                }
                if self.robber_off_legal() {
                    out.push(caravans::A_ROBBER_OFF);
                }
                if self.fishermen.is_some() && t == 0 {
                    // D-03: no legal hex: beside the board.
                    out.push(fishermen::A_BESIDE);
                }
            }
            Phase::CamelBidWool | Phase::CamelBidGrain | Phase::CamelDeclare | Phase::CamelPick => {
                self.caravans_legal(out)
            }
            Phase::FishDraw | Phase::FishSwap | Phase::FishTake | Phase::FishRoad => {
                self.fish_phase_actions(out)
            }
            Phase::ChooseVictim => {
                let m = self.victims();
                for q in 0..MAX_PLAYERS {
                    if m & (1 << q) != 0 {
                        out.push(A_STEAL + q as u32);
                    }
                }
            }
            Phase::RoadBuilding => {
                for e in bits128(self.road_spots(p)) {
                    out.push(self.road_action(e));
                }
            }
            Phase::YearOfPlenty => {
                for r in 0..5 {
                    if self.bank[r] > 0 {
                        out.push(A_YOP + r as u32);
                    }
                }
            }
            Phase::Monopoly => out.extend(A_MONO..A_MONO + 5),
            Phase::TradeResponse => {
                let o = Offer::decode(self.offer as u32);
                if self.holds(self.responder as usize, o.get, o.get_n) {
                    out.push(A_ACCEPT);
                }
                out.push(A_DECLINE);
            }
            Phase::TradeDecision => {
                for q in 0..MAX_PLAYERS {
                    if self.accepters & (1 << q) != 0 {
                        out.push(A_CONFIRM + q as u32);
                    }
                }
                out.push(A_WITHDRAW);
            }
            Phase::PreRoll => {
                out.push(A_ROLL);
                self.push_plays(p, out);
                if self.traders.is_some() {
                    self.tb_push_own(out);
                }
            }
            Phase::Main if self.tb_wagon_begun() => {
                out.push(A_END);
                self.push_plays(p, out);
                self.tb_push_own(out);
            }
            Phase::Main => {
                let hand = &self.hand[p];
                if has(hand, &COST_SETTLEMENT) && self.settlements[p].count_ones() < MAX_SETTLEMENTS
                {
                    for v in bits64(self.settlement_spots(p)) {
                        out.push(A_SETTLE + v as u32);
                    }
                }
                if has(hand, &COST_ROAD) && self.road_pieces(p) < MAX_ROADS && !self.road_blocked(p)
                {
                    for e in bits128(self.road_spots(p)) {
                        out.push(self.road_action(e));
                    }
                }
                if has(hand, &COST_CITY) && self.cities[p].count_ones() < MAX_CITIES {
                    for v in bits64(self.settlements[p] & !self.dead_vertices()) {
                        out.push(A_CITY + v as u32);
                    }
                }
                out.push(A_END);
                if has(hand, &COST_DEV)
                    && (self.deck.iter().any(|&d| d > 0) || self.barbarian_attack.is_some())
                {
                    out.push(A_BUY_DEV);
                }

                self.push_plays(p, out);
                let rates = self.rates(p);
                for give in 0..5 {
                    if hand[give] >= rates[give] {
                        for get in 0..5 {
                            if get != give && self.bank[get] > 0 {
                                let bi = if get < give { get } else { get - 1 };
                                out.push(A_MARITIME + (give * 4 + bi) as u32);
                            }
                        }
                    }
                }
                if self.rules.trades && self.offers_made < self.rules.max_offers {
                    for i in bits128(affordable_offers(hand) & !self.offers_used) {
                        out.push(A_OFFER + i as u32);
                    }
                }
                if self.road_blocked(p) && has(hand, &COST_REPAIR) {
                    out.push(A_REPAIR);
                }
                if self.rules.two {
                    self.two_legal(out);
                }
                if self.rivers.is_some() {
                    self.rivers_legal_into(out);
                }
                if self.fishermen.is_some() {
                    self.fish_main_actions(out);
                }
                if self.token_robber_off_legal() {
                    out.push(caravans::A_TOKEN_ROBBER_OFF);
                }
                if self.barbarian_attack.is_some() {
                    self.ba_main_push(out);
                }
                if self.traders.is_some() {
                    self.tb_push_own(out);
                }
            }
        }
    }

    /// Pay for and build a road on edge `e` (main phase).
    fn build_road(&mut self, p: usize, e: usize) {
        self.pay(p, &COST_ROAD);
        self.place_road(p, e);
        let l = self.longest_after_build(p, e);
        if l != self.road_len[p] {
            self.road_len[p] = l;
            self.update_longest_road();
        }
        self.rivers_road_built(p, e);
        self.two_after_own_build(p, None, false);
    }

    /// The action id of a road on edge `e` (B9 boards have edges past the base range).
    #[inline]
    fn road_action(&self, e: usize) -> Action {
        traders::edge_action(A_ROAD, traders::TB_ROAD_HIGH, e)
    }

    /// The edge of a road action, if `a` is one.
    #[inline]
    fn road_edge(&self, a: Action) -> Option<usize> {
        if a < A_CITY {
            a.checked_sub(A_ROAD).map(|e| e as usize)
        } else if self.traders.is_some() {
            traders::action_edge(A_ROAD, traders::TB_ROAD_HIGH, a)
        } else {
            None
        }
    }

    /// The edge of an Earthquake damage action, if `a` is one.
    fn damage_edge(&self, a: Action) -> Option<usize> {
        if self.traders.is_some() {
            traders::action_edge(A_DAMAGE, traders::TB_DAMAGE_HIGH, a)
        } else {
            (A_DAMAGE..A_GIVE)
                .contains(&a)
                .then(|| (a - A_DAMAGE) as usize)
        }
    }

    fn push_plays(&self, p: usize, out: &mut Vec<Action>) {
        if self.dev_played_turn {
            return;
        }
        for (i, &k) in PLAYABLE.iter().enumerate() {
            if self.can_play(p, k) {
                out.push(A_PLAY + i as u32);
            }
        }
    }

    fn phase_name(&self) -> &'static str {
        observe::phase_name(self.phase)
    }

    /// Apply a legal action (legality already checked).
    fn apply_legal(&mut self, a: Action) {
        let p = self.current as usize;
        let g = self.geo();
        match self.phase {
            Phase::SetupSettlement => {
                let v = (a - A_SETTLE) as usize;
                self.place_settlement(p, v);
                if self.barbarian_attack.is_some() && self.setup_step as usize >= self.n() {
                    // B8.2: the second set-up placement is a city.
                    self.settlements[p] &= !(1u64 << v);
                    self.cities[p] |= 1u64 << v;
                }
                if self.setup_step as usize >= self.n() {
                    for &h in &g.vertex_hexes[v] {
                        if h == NONE {
                            continue;
                        }
                        let t = self.board.terrain[h as usize];
                        if t < DESERT
                            && self.board.token[h as usize] != 0
                            && self.bank[t as usize] > 0
                        {
                            self.bank[t as usize] -= 1;
                            self.gain(p, t as usize, 1);
                        }
                    }
                }
                self.last_settlement = v as u8;
                if self.traders.is_some() && self.setup_step as usize >= self.n() {
                    // B9: the second placement is a city, with the wagon on it (§B9.2).
                    self.settlements[p] &= !(1u64 << v);
                    self.cities[p] |= 1u64 << v;
                    self.tb_mut().wagon[p] = v as u8;
                }
                self.update_harbormaster();
                self.rivers_settlement_built(p, v);
                // B4: set-up settlements earn trade tokens too (no neutral build, §B4.1).
                self.two_settlement_tokens(p, v);
                self.phase = Phase::SetupRoad;
                self.fish_after_setup_settlement(p, v);
            }
            Phase::SetupRoad => {
                let e = self.road_edge(a).unwrap_or(0);
                self.place_road(p, e);
                self.road_len[p] = self.longest_road_of(p);
                self.rivers_road_built(p, e);
                self.setup_step += 1;
                if self.setup_step as usize >= 2 * self.n() {
                    // B6 (D-45): the coin tiles are first handed out at the end of set-up.
                    self.update_wealthiest();
                    self.current = self.start_player;
                    self.enter_pre_roll();
                } else {
                    self.current = self.setup_player(self.setup_step as usize);
                    self.phase = Phase::SetupSettlement;
                }
            }
            Phase::Roll if a >= C_EVENT => {
                self.two_note_roll(events::CARD_TYPES[(a - C_EVENT) as usize].1);
                self.reveal_event((a - C_EVENT) as usize)
            }
            Phase::Roll => {
                let sum = (a - C_DICE) as usize + 2;
                self.last_roll = sum as u8;
                self.rolled = true;
                self.two_note_roll(sum as u8);
                if sum == 7 {
                    self.begin_seven();
                } else {
                    self.produce(sum, false);
                    self.roll_resolved();
                    self.fish_after_production(sum);
                }
            }
            Phase::Earthquake | Phase::EventGive | Phase::EventTake => self.apply_event_action(a),
            Phase::NeutralBuild | Phase::ForcedTake | Phase::ForcedGive => {
                self.apply_two(a);
                // B8 x B4 (§B8.10 item 2): a neutral settlement is a second attack.
                self.ba_two_after_neutral(a);
            }
            Phase::Barbarian => self.ba_apply(a),
            Phase::Traders => self.tb_step_apply(a),
            Phase::Discard => {
                // G-3: discards are simultaneous. Each card is set aside unseen (still in the
                // hand for everyone else's knowledge); all of them go to the bank together, face
                // up, once the last discard is chosen, so no discarder sees another's choice.
                let d = self.discarder();
                self.set_aside[d][(a - A_DISCARD) as usize] += 1;
                self.discard_owed[d] -= 1;
                if self.discard_owed.iter().all(|&x| x == 0) {
                    self.reveal_discards();
                    self.after_discards();
                }
            }
            Phase::MoveRobber
                if (a == caravans::A_ROBBER_OFF && self.caravans.is_some())
                    || (a == fishermen::A_BESIDE && self.fishermen.is_some()) =>
            {
                // D-03: beside the board; nobody to steal from.
                self.robber = ROBBER_OFF;
                self.end_robber();
            }
            Phase::CamelBidWool | Phase::CamelBidGrain | Phase::CamelDeclare | Phase::CamelPick => {
                self.caravans_apply(a)
            }
            Phase::FishDraw | Phase::FishSwap | Phase::FishTake | Phase::FishRoad => {
                self.fish_apply_phase(a)
            }
            Phase::MoveRobber => {
                self.robber = if a == fishermen::A_BESIDE {
                    ROBBER_OFF
                } else {
                    (a - A_ROBBER) as u8
                };
                self.thief = p as u8;
                let m = self.robber_victims();
                if m == 0 {
                    self.end_robber();
                } else if m.count_ones() == 1 {
                    self.begin_steal(m.trailing_zeros() as usize);
                } else {
                    self.phase = Phase::ChooseVictim;
                }
            }
            Phase::ChooseVictim => self.begin_steal((a - A_STEAL) as usize),
            Phase::Steal => {
                let r = (a - C_STEAL) as usize;
                self.steal_card(self.thief as usize, self.victim as usize, r);
                self.after_steal();
            }
            Phase::DrawDevelopment => {
                let k = (a - C_DEV) as usize;
                self.deck[k] -= 1;
                self.dev[p][k] += 1;
                self.dev_new[p][k] += 1;
                self.phase = Phase::Main;
            }
            Phase::RoadBuilding => {
                let e = self.road_edge(a).unwrap_or(0);
                self.place_road(p, e);
                self.road_len[p] = self.longest_after_build(p, e);
                self.update_longest_road();
                self.rivers_road_built(p, e);
                self.free_roads = self.free_roads.saturating_sub(1);
                // B4 (D-26): a free road also triggers a neutral road; Road Building goes on after it.
                if !self.two_after_own_build(p, None, true) {
                    self.road_building_next();
                }
            }
            Phase::YearOfPlenty => {
                let r = (a - A_YOP) as usize;
                self.bank[r] -= 1;
                self.gain(p, r, 1);
                self.yop_left = self.yop_left.saturating_sub(1);
                if self.yop_left == 0 || self.bank.iter().all(|&b| b == 0) {
                    self.yop_left = 0;
                    self.after_dev_effect();
                }
            }
            Phase::Monopoly => {
                let r = (a - A_MONO) as usize;
                let mut total = 0u8;
                for q in 0..self.n() {
                    if q != p {
                        let k = self.hand[q][r];
                        if k > 0 {
                            self.lose(q, r, k);
                            total += k;
                        }
                        for o in 0..self.n() {
                            self.know_lo[o][q][r] = 0;
                            self.know_hi[o][q][r] = 0;
                        }
                    }
                }
                if total > 0 {
                    self.gain(p, r, total);
                }
                self.after_dev_effect();
            }
            Phase::TradeResponse => {
                if a == A_ACCEPT {
                    let o = Offer::decode(self.offer as u32);
                    let q = self.responder as usize;
                    self.accepters |= 1 << q;
                    self.reveal_at_least(q, o.get, o.get_n);
                }
                self.next_responder();
            }
            Phase::TradeDecision => {
                if a != A_WITHDRAW {
                    let q = (a - A_CONFIRM) as usize;
                    let o = Offer::decode(self.offer as u32);
                    self.trade_good(p, q, o.give, o.give_n);
                    self.trade_good(q, p, o.get, o.get_n);
                }
                self.accepters = 0;
                self.phase = Phase::Main;
            }
            Phase::PreRoll | Phase::Main => {
                if self.traders.is_some() && a >= A_SCENARIO {
                    match self.road_edge(a) {
                        Some(e) => self.build_road(p, e),
                        None => self.tb_apply_own(a - A_SCENARIO),
                    }
                } else if a == A_ROLL {
                    self.phase = Phase::Roll;
                } else if a < A_ROAD {
                    let v = (a - A_SETTLE) as usize;
                    self.pay(p, &COST_SETTLEMENT);
                    self.place_settlement(p, v);
                    self.caravans_built();
                    self.settlement_breaks_roads(p, v);
                    self.update_harbormaster();
                    self.rivers_settlement_built(p, v);
                    // B8 x B4 (§B8.10): the attack first, then the neutral piece.
                    if !self.ba_two_settlement(v) {
                        self.two_after_own_build(p, Some(v), false);
                        if self.barbarian_attack.is_some() {
                            self.ba_after_build();
                        }
                    }
                } else if a < A_CITY {
                    self.build_road(p, (a - A_ROAD) as usize);
                } else if a < A_ROLL {
                    let v = (a - A_CITY) as usize;
                    self.pay(p, &COST_CITY);
                    self.settlements[p] &= !(1u64 << v);
                    self.cities[p] |= 1u64 << v;
                    self.caravans_built();
                    self.update_harbormaster();
                    if self.barbarian_attack.is_some() {
                        self.ba_after_build();
                    }
                } else if a == A_END {
                    if self.caravans.is_some() {
                        self.caravans_end_turn();
                    } else if self.barbarian_attack.is_some() {
                        self.ba_end_turn();
                    } else {
                        self.end_turn();
                    }
                } else if a == A_REPAIR {
                    self.pay(p, &COST_REPAIR);
                    self.damaged[p] = NONE;
                } else if a == A_BUY_DEV {
                    self.pay(p, &COST_DEV);
                    if self.barbarian_attack.is_some() {
                        self.ba_buy();
                    } else {
                        self.phase = Phase::DrawDevelopment;
                    }
                } else if (A_PLAY..A_PLAY + 4).contains(&a) {
                    let k = PLAYABLE[(a - A_PLAY) as usize];
                    self.dev[p][k] -= 1;
                    self.dev_played[p][k] += 1;
                    self.dev_played_turn = true;
                    match k {
                        KNIGHT => {
                            self.update_largest_army(p);
                            if self.knight_skips_robber() {
                                self.end_robber();
                            } else {
                                self.begin_robber();
                            }
                        }
                        SWIFT_JOURNEY if self.traders.is_some() => {
                            // B9 Swift Journey: a second movement action with full points.
                            let t = self.tb_mut();
                            t.action_open = false;
                            self.tb_open_action();
                        }
                        ROAD_BUILDING => {
                            self.free_roads = 2;
                            self.phase = Phase::RoadBuilding;
                        }
                        YEAR_OF_PLENTY => {
                            self.yop_left = 2;
                            self.phase = Phase::YearOfPlenty;
                        }
                        _ => self.phase = Phase::Monopoly,
                    }
                } else if (A_TWO..A_SCENARIO).contains(&a) {
                    self.apply_two(a);
                } else if (A_MARITIME..A_OFFER).contains(&a) {
                    let (give, get) = maritime_decode(a - A_MARITIME);
                    let rate = self.rate(p, give);
                    self.lose(p, give, rate);
                    self.bank[give] += rate;
                    self.bank[get] -= 1;
                    self.gain(p, get, 1);
                } else if a >= A_SCENARIO && self.rivers.is_some() {
                    self.rivers_apply(a);
                } else if a == caravans::A_TOKEN_ROBBER_OFF && self.caravans.is_some() {
                    // §B7.6: the token action sends the robber beside the board (no steal).
                    self.pay_token_action();
                    self.robber = ROBBER_OFF;
                } else if a >= A_SCENARIO && self.fishermen.is_some() {
                    self.fish_apply_main(a);
                } else if a >= A_SCENARIO && self.barbarian_attack.is_some() {
                    self.ba_main_apply(a);
                } else {
                    self.make_offer(a - A_OFFER);
                }
            }
            Phase::GameOver => {}
        }
        // The thief matters only while a steal is under way.
        if !matches!(self.phase, Phase::Steal | Phase::ChooseVictim) {
            self.thief = self.current;
        }
        self.check_win();
    }

    /// The board of this game.
    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn hand(&self, p: usize) -> [u8; 5] {
        self.hand.get(p).copied().unwrap_or_default()
    }
    pub fn road_length(&self, p: usize) -> u8 {
        self.road_len.get(p).copied().unwrap_or(0)
    }
    /// Seat holding Longest Road, if any.
    pub fn longest_road_holder(&self) -> Option<usize> {
        (self.longest_road as usize)
            .lt(&self.n())
            .then_some(self.longest_road as usize)
    }
    pub fn largest_army_holder(&self) -> Option<usize> {
        (self.largest_army as usize)
            .lt(&self.n())
            .then_some(self.largest_army as usize)
    }
    pub fn bank(&self) -> [u8; 5] {
        self.bank
    }
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }
    pub fn turns_played(&self) -> u32 {
        self.turns_played
    }
}

/// The road edges connected to the vertices `start` (through any vertex).
fn flood(g: &Geometry, roads: u128, start: u64) -> u128 {
    let mut verts = start;
    let mut edges = 0u128;
    loop {
        let mut e2 = edges;
        for v in bits64(verts) {
            e2 |= g.vertex_edges[v] & roads;
        }
        if e2 == edges {
            return edges;
        }
        edges = e2;
        for e in bits128(edges) {
            let [a, b] = g.edge_ends[e];
            verts |= (1u64 << a) | (1u64 << b);
        }
    }
}

/// Longest trail from `v` using unused edges of `roads`; `opp` vertices cannot be passed through.
/// Edges in `double` count 2 (B7 camels; 0 otherwise).
fn trail(
    g: &Geometry,
    roads: u128,
    double: u128,
    opp: u64,
    v: usize,
    used: u128,
    start: bool,
) -> u8 {
    if !start && opp & (1u64 << v) != 0 {
        return 0;
    }
    let mut best = 0;
    let mut avail = g.vertex_edges[v] & roads & !used;
    while avail != 0 {
        let e = avail.trailing_zeros() as usize;
        avail &= avail - 1;
        let [a, b] = g.edge_ends[e];
        let w = (a ^ b ^ v as u8) as usize;
        let l = 1
            + ((double >> e) & 1) as u8
            + trail(g, roads, double, opp, w, used | (1u128 << e), false);
        best = best.max(l);
    }
    best
}

fn option_specs() -> Vec<OptionSpec> {
    vec![
        OptionSpec::choice(
            "board",
            "random",
            &["random", "beginner"],
            "The board: 'random' = the variable set-up of spec A3.2 (shuffled terrains and harbor kinds), 'beginner' = the fixed beginner map of A3.1. Ignored when 'map' is given.",
        ),
        OptionSpec::choice(
            "token_mode",
            "spiral",
            &["spiral", "random_no_adjacent_red"],
            "Number tokens on a random board: the A..R spiral from a random corner (counter-clockwise unless 'spiral_clockwise'), or shuffled until no two 6/8 tokens touch.",
        ),
        OptionSpec::bool(
            "spiral_clockwise",
            false,
            "D-04: lay the token spiral clockwise (the German rulebook page) instead of counter-clockwise (the English page).",
        ),
        OptionSpec::json(
            "map",
            Value::Null,
            "A user map: a JSON object in the format of data/catan_maps.json maps (hexes with q, r, terrain, token; harbors with edge [q, r, dir] and type; optional robber_start). Data only: never read as a file path. null = use 'board'.",
        ),
        OptionSpec::int(
            "first_player",
            -1,
            -1,
            3,
            "Seat of the start player (the first to place in set-up and the first to roll); -1 draws it from the seed, as the rules do.",
        ),
        OptionSpec::choice(
            "player_trades",
            "offers",
            &["offers", "off"],
            "Player-to-player trade: 'offers' = the player to move may make offers from a fixed menu (give 1-2 of one resource for 1-2 of another), answered by each other player in seat order; 'off' = maritime trade only.",
        ),
        OptionSpec::int(
            "trade_offers_per_turn",
            3,
            0,
            20,
            "Most player-trade offers the player to move may make in one turn (each distinct offer at most once a turn).",
        ),
        OptionSpec::int(
            "vp_to_win",
            10,
            3,
            22,
            "Victory points that win on your own turn.",
        ),
        OptionSpec::int(
            "turn_limit",
            1000,
            1,
            100_000,
            "The game is cut off after this many turns (set-up excluded); the players with the most victory points then share the win and the observation shows 'truncated'.",
        ),
        OptionSpec::bool(
            "steal_victim_must_have_cards",
            false,
            "D-81: if true, the robber's victim must be a player holding cards when one exists (the printed rule lets the mover name any player at the hex).",
        ),
        OptionSpec::bool(
            "friendly_robber",
            false,
            "Traders & Barbarians B1 Friendly Robber: the robber may not go to a hex touching a building of a player with at most 2 public VP (D-01); with no such hex it goes to the desert; nothing is stolen from such a player.",
        ),
        OptionSpec::bool(
            "harbormaster",
            false,
            "Traders & Barbarians B3 Harbormaster: harbour points (settlement on a harbour vertex 1, city 2); the first to 3 takes the 2-VP Harbormaster card, another takes it with strictly more; the victory target rises by 1.",
        ),
        OptionSpec::bool(
            "event_cards",
            false,
            "Traders & Barbarians B2 Event Cards: a 36-card event deck replaces the dice (event, then production of the card's number).",
        ),
        OptionSpec::bool(
            "event_new_year",
            true,
            "B2.1: the New Year card after 31 reveals rebuilds the deck (false: all 36 cards are revealed, then reshuffled).",
        ),
        OptionSpec::choice(
            "event_tie",
            "all",
            &["all", "none"],
            "D-12: Tournament, Calm Sea and Neighborly Assistance with tied leaders: 'all' tied players gain/give, 'none' = nobody.",
        ),
        OptionSpec::bool(
            "catan_for_two",
            false,
            "Traders & Barbarians B4 Catan for Two: 2 players with two neutral players, two different rolls a turn, trade tokens. Implied by players = 2 (the only 2-player rules); true with 3 or 4 players is refused.",
        ),
        OptionSpec::int(
            "max_token_actions",
            0,
            0,
            50,
            "B4 D-22: most trade-token actions (forced trade, robber to the desert) per turn; 0 = no limit (each is paid separately).",
        ),
        OptionSpec::json(
            "tb_trade_hexes",
            Value::Null,
            "B9 D-90: where the trade hexes stand, {\"castle\": [q, r], \"marble_quarry\": [q, r], \"glassworks\": [q, r]} on corners of the island (the other 16 hexes are then filled at random); null = the bundled map (marble quarry (2,-2), glassworks (-2,0), castle (0,2)).",
        ),
        OptionSpec::bool(
            "tb_trade_roles_random",
            false,
            "B9 D-90: shuffle the three roles over the three trade-hex positions.",
        ),
        OptionSpec::json(
            "tb_barbarian_paths",
            Value::Null,
            "B9 D-92: the three barbarians' starting paths, a list of three edges [q, r, dir]; null = the map's (bundled: E(0,0), NE(-1,1), SE(0,-1)).",
        ),
        OptionSpec::bool(
            "tb_stack_refill",
            false,
            "B9 D-93: an empty commodity stack is refilled with a fresh 6 + 6 (false: it stays empty).",
        ),
        OptionSpec::bool(
            "tb_boost_per_action",
            false,
            "B9 D-100: the grain boost (+2 movement points) once per movement action instead of once per turn.",
        ),
        OptionSpec::bool(
            "tb_gold_at_2to1",
            true,
            "B9 D-101: a 2:1 harbour pays out gold too (false: selling for gold uses 3:1 or 4:1).",
        ),
        OptionSpec::bool(
            "tb_barbarian_on_spokes",
            true,
            "B9 D-99: barbarians may be put on the spokes of a trade hex.",
        ),
        OptionSpec::choice(
            "scenario",
            "none",
            &["none", "fishermen", "rivers", "caravans", "barbarian_attack", "traders_barbarians"],
            "Traders & Barbarians scenario (one at a time, spec B0): B5 fishermen, B6 rivers, B7 caravans, B8 barbarian_attack (castle, barbarians, knights, coins; 'board' = random fills or 'beginner' = the stored printed map), B9 traders_barbarians (implemented: fishermen, rivers, caravans, barbarian_attack, traders_barbarians; the others are refused as not yet implemented).",
        ),
        OptionSpec::bool(
            "camel_per_build",
            false,
            "B7 Caravans, D-50: one camel (one vote) per settlement or city built in the turn instead of one per turn with a build.",
        ),
        OptionSpec::choice(
            "caravans_oasis_arrows",
            "random",
            &["random", "N_SE_SW", "NE_S_NW"],
            "B7 Caravans, D-54: the oasis corners carrying the three arrows; 'random' draws one of the two orientations from the seed (a map's 'oasis_arrows' overrides this).",
        ),
        OptionSpec::bool(
            "caravans_knight_brings_robber",
            true,
            "B7 Caravans, D-56: a Knight played while the robber is beside the board brings it onto the board (false: the Knight moves no robber and steals nothing).",
        ),
        OptionSpec::bool(
            "caravans_robber_on_oasis",
            false,
            "B7 Caravans, D-56: after its entry the robber may be moved onto the oasis (default: never; its entry never goes there).",
        ),
        OptionSpec::bool(
            "caravans_oasis_tokens",
            true,
            "B7 Caravans with B4 Catan for Two, D-27: a settlement next to the oasis earns the trade tokens of one next to the desert (2, or 3 on the coast).",
        ),
        OptionSpec::choice(
            "caravans_friendly_robber_fallback",
            "beside_board",
            &["beside_board", "stay"],
            "B7 Caravans with Friendly Robber, D-03: with no legal hex the robber goes beside the board, or stays where it is.",
        ),
        OptionSpec::bool(
            "fish_robber_on_lake",
            true,
            "B5 Fishermen, D-35: the robber may be moved onto the lake, where it blocks the lake's fishing (false: the lake is never a robber hex).",
        ),
        OptionSpec::bool(
            "fish_minimal_only",
            true,
            "B5 Fishermen, D-37: a fish action may be paid only with a minimal set of tokens (none could be left out); false also allows overpaying with extra tokens.",
        ),
        OptionSpec::bool(
            "boot_tied_leader_may_give",
            true,
            "B5 Fishermen, D-38: a player tied for the most public VP may give the old boot to a co-leader (false: a tied leader must keep it).",
        ),
        OptionSpec::choice(
            "fish_robber_fallback",
            "beside_board",
            &["beside_board", "lake"],
            "B5 Fishermen with the Friendly Robber, D-03: where the robber goes when every hex is protected: beside the board (no steal) or the lake.",
        ),
    ]
}

/// The `map` option: `None` for null, else the map object (read from the file for a path).
fn read_map_option(config: &Config) -> Result<Option<Value>, GameError> {
    // Option values are data, also inside records and positions: never a file to read (reading
    // a file is the caller's job, e.g. a command-line flag that passes the file's JSON).
    match config.value("map") {
        Value::Null => Ok(None),
        v @ Value::Object(_) => Ok(Some(v.clone())),
        Value::String(_) => Err(GameError::bad_option(
            "map",
            "expected a map object, got a string (the option is never read as a file path: read the file and pass its JSON)",
        )),
        other => Err(GameError::bad_option(
            "map",
            format!("expected null or a map object, got {}", short(other)),
        )),
    }
}

/// A bounded prefix of a value for an error message.
fn short(v: &Value) -> String {
    let s = v.to_string();
    match s.char_indices().nth(40) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s,
    }
}

/// The start player fixed by the `first_player` option (`None`: drawn from the seed).
pub(crate) fn first_player(config: &Config) -> Result<Option<u8>, GameError> {
    match config.int("first_player") {
        p if p < 0 => Ok(None),
        p if (p as usize) < config.players => Ok(Some(p as u8)),
        p => Err(GameError::bad_option(
            "first_player",
            format!("seat {p} does not exist with {} players", config.players),
        )),
    }
}

/// Whether a configuration plays B4 Catan for Two: the option, or implied by 2 players (the only
/// 2-player rules of the spec). Module checks must use this, not the option alone.
pub fn catan_for_two(c: &Config) -> bool {
    c.bool("catan_for_two") || c.players == 2
}

/// Refuse module options that are not implemented yet or may not be combined (spec Part B).
pub(crate) fn check_modules(c: &Config) -> Result<(), GameError> {
    if c.bool("catan_for_two") && c.players != 2 {
        return Err(GameError::bad_option(
            "catan_for_two",
            format!(
                "Traders & Barbarians module B4 Catan for Two is played by exactly 2 players, not {}",
                c.players
            ),
        ));
    }
    match c.str("scenario") {
        // B6 combines with B1, B2 and B3 (§B6.4), B7 too (§B7.6), B5 too (§B5.6), B8 too (§B8.10,
        // with B4 as well: `barbarian_attack/for_two.rs`), B9 too (§B9.12, with B4 as well:
        // `traders_two.rs`).
        "none" | "rivers" | "caravans" | "fishermen" | "barbarian_attack"
        | "traders_barbarians" => Ok(()),
        other => Err(GameError::bad_option(
            "scenario",
            format!("unknown scenario '{other}'"),
        )),
    }
}

impl Game for Catan {
    fn info() -> GameInfo {
        GameInfo {
            name: "catan",
            title: "Catan",
            min_players: 2,
            max_players: 4,
            options: option_specs(),
            hidden_information: true,
            state_version: 1,
        }
    }

    fn new(config: &Config, seed: u64) -> Result<Self, GameError> {
        check_modules(config)?;
        let rules = Rules::from_config(config);
        let mut rng = GameRng::new(seed);
        let fish_board = if rules.scenario == Scenario::Fishermen {
            Some(fishermen::make_board(config, &mut rng)?)
        } else {
            None
        };
        let caravans_on = rules.scenario == Scenario::Caravans;
        let mut rivers = None;
        // B8 also reads its starting barbarians from a user map.
        let user_map = read_map_option(config)?;
        let mut tb_state = None;
        let (board, robber) = if rules.scenario == Scenario::Rivers {
            let (b, robber, s) = rivers::new_board(config, user_map.clone(), &mut rng)?;
            rivers = Some(Box::new(s));
            (b, robber)
        } else if fish_board.is_some() {
            (Board::beginner(), ROBBER_OFF as usize)
        } else if rules.scenario == Scenario::TradersBarbarians {
            // B9: the board with trade hexes; the unused robber is parked on a trade hex.
            let (b, barbs) = traders::setup(config, &mut rng)?;
            let robber = (0..NH).find(|&h| b.terrain[h] == board::TRADE).unwrap_or(0);
            let opts = traders::Opts::from_config(config);
            tb_state = Some(Box::new(traders::State::new(opts, barbs, rules.players)));
            (b, robber)
        } else {
            match user_map.clone() {
                None if rules.scenario == Scenario::BarbarianAttack => {
                    let (b, robber, _) = barbarian_attack::setup::default_board(
                        &mut rng,
                        config.str("board") != "beginner",
                    );
                    (b, robber)
                }
                None if caravans_on => match config.str("board") {
                    "beginner" => (Board::caravans_beginner(), 0),
                    _ => Board::random_with_centre(
                        &mut rng,
                        board::TokenLaying::from_config(config),
                        Some(board::OASIS),
                    ),
                },
                None => match config.str("board") {
                    "beginner" => {
                        let b = Board::beginner();
                        let robber = (0..NH).find(|&h| b.terrain[h] == DESERT).unwrap_or(0);
                        (b, robber)
                    }
                    _ => Board::random(&mut rng, board::TokenLaying::from_config(config)),
                },
                Some(v) => {
                    let (b, robber) =
                        Board::from_map(&v).map_err(|e| GameError::bad_option("map", e))?;
                    rivers::check_base_board(&b).map_err(|e| GameError::bad_option("map", e))?;
                    (b, robber)
                }
            }
        };
        // B7: the oasis arrows (public, drawn with the board, D-54); robber beside the board.
        let caravans = if caravans_on {
            let map = match config.value("map") {
                Value::Object(_) => Some(config.value("map").clone()),
                Value::String(path) => std::fs::read_to_string(path)
                    .ok()
                    .and_then(|t| serde_json::from_str(&t).ok()),
                _ => None,
            };
            let o = caravans::orientation_for(config, map.as_ref(), &mut rng)?;
            let opts = caravans::Opts::from_config(config);
            let st = caravans::State::new(&board, o, opts)
                .map_err(|e| GameError::bad_option("map", e))?;
            Some(Box::new(st))
        } else {
            if (0..NH).any(|h| board.terrain[h] == board::OASIS) {
                return Err(GameError::bad_option(
                    "map",
                    "an oasis hex belongs to the caravans scenario",
                ));
            }
            None
        };
        let ba = if rules.scenario == Scenario::BarbarianAttack {
            let s = barbarian_attack::setup::new_state(&board, user_map.as_ref())
                .map_err(|e| GameError::bad_option("map", e))?;
            Some(Box::new(s))
        } else {
            if (0..NH).any(|h| board.terrain[h] == board::CASTLE) {
                return Err(GameError::bad_option(
                    "map",
                    "a castle hex belongs to the barbarian_attack scenario",
                ));
            }
            None
        };
        // B7 starts with the robber beside the board; B8 has none.
        let robber = if caravans_on || ba.is_some() {
            ROBBER_OFF as usize
        } else {
            robber
        };
        if board.geo.trade_hexes != 0 && tb_state.is_none() {
            return Err(GameError::bad_option(
                "map",
                "trade hexes belong to scenario traders_barbarians",
            ));
        }
        let start = match first_player(config)? {
            Some(p) => p,
            None => rng.below(rules.players as u32) as u8,
        };
        let mut g = Catan {
            config: Arc::new(config.clone()),
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
            bank: [BANK_PER_RESOURCE; 5],
            dev: [[0; 5]; MAX_PLAYERS],
            dev_new: [[0; 5]; MAX_PLAYERS],
            dev_played: [[0; 5]; MAX_PLAYERS],
            // B8 replaces the base development cards with its own deck.
            deck: if ba.is_some() { [0; 5] } else { DEV_TOTALS },
            longest_road: NONE,
            largest_army: NONE,
            harbormaster: NONE,
            ev_revealed: [0; events::NUM_CARD_TYPES],
            last_card: NONE,
            ev_card: 0,
            ev_kind: events::EV_NONE,
            pending: 0,
            recv: 0,
            thief: start,
            damaged: [NONE; MAX_PLAYERS],
            new_years: 0,
            two: None,
            fishermen: None,
            rivers,
            caravans,
            barbarian_attack: ba,
            traders: None,
            know_lo: [[[0; 5]; MAX_PLAYERS]; MAX_PLAYERS],
            know_hi: [[[0; 5]; MAX_PLAYERS]; MAX_PLAYERS],
            phase: Phase::SetupSettlement,
            current: start,
            start_player: start,
            setup_step: 0,
            last_settlement: 0,
            turns_played: 0,
            rolled: false,
            dev_played_turn: false,
            last_roll: 0,
            discard_owed: [0; MAX_PLAYERS],
            set_aside: [[0; 5]; MAX_PLAYERS],
            victim: 0,
            free_roads: 0,
            yop_left: 0,
            offers_made: 0,
            offers_used: 0,
            offer: 0,
            responder: 0,
            accepters: 0,
            winner: NONE,
            truncated: false,
            rng,
        };
        if let Some((board, grounds)) = fish_board {
            g.board = board;
            let mut f = fishermen::State::new(config, &g.board, grounds);
            if rules.two {
                f.deal_two_player_start();
            }
            g.fishermen = Some(Box::new(f));
        }
        if rules.two {
            g.two_setup(read_map_option(config)?.as_ref())
                .map_err(|e| GameError::bad_option("map", e))?;
        }
        if tb_state.is_some() {
            g.deck = traders::DEV_TOTALS;
            g.traders = tb_state;
        }
        g.rebuild_derived();
        if g.fishermen.is_none() && (0..NH).any(|h| g.board.terrain[h] == board::LAKE) {
            return Err(GameError::bad_option(
                "map",
                "a lake is played only in the fishermen scenario",
            ));
        }
        Ok(g)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn num_distinct_actions(&self) -> u32 {
        if self.rules.scenario == Scenario::TradersBarbarians && self.rules.two {
            // B9 with B4: the token barbarian action and high neutral roads follow B9's ids.
            A_SCENARIO + traders_two::NUM_ACTIONS
        } else if self.rules.scenario != Scenario::None {
            // B8 x B4 numbers its token action after the scenario's own ids.
            let two_extra = if self.rules.two && self.rules.scenario == Scenario::BarbarianAttack {
                barbarian_attack::NUM_ACTIONS_TWO
            } else {
                0
            };
            A_SCENARIO + self.rules.scenario.num_actions() + two_extra
        } else if self.rules.two {
            A_SCENARIO
        } else if self.rules.event_cards {
            NUM_ACTIONS_EVENTS
        } else {
            NUM_ACTIONS
        }
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::GameOver => Turn::Terminal,
            Phase::Roll | Phase::Steal | Phase::DrawDevelopment | Phase::FishDraw => Turn::Chance,
            Phase::FishSwap => Turn::Player(self.fish_drawer()),
            Phase::Discard => Turn::Player(self.discarder()),
            Phase::TradeResponse => Turn::Player(self.responder as usize),
            Phase::Earthquake | Phase::EventGive | Phase::EventTake => {
                Turn::Player(self.event_actor())
            }
            Phase::Barbarian => self.ba_turn(),
            Phase::ChooseVictim => Turn::Player(self.thief as usize),
            Phase::CamelBidWool | Phase::CamelBidGrain | Phase::CamelDeclare | Phase::CamelPick => {
                Turn::Player(self.caravans_actor())
            }
            Phase::ForcedTake => Turn::Chance,
            Phase::Traders if self.tb_chance() => Turn::Chance,
            _ => Turn::Player(self.current as usize),
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal_into(out);
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
        match self.phase {
            Phase::Roll if self.rules.event_cards => {
                let d = self.event_deck();
                for t in 0..events::NUM_CARD_TYPES {
                    if d[t] > 0 {
                        out.push((C_EVENT + t as u32, d[t] as u32));
                    }
                }
            }
            Phase::Roll if self.traders.is_some() => {
                // 2 and 12 rolled again; with B4 the second roll also differs from the first
                // (§B9.12 item 5): n(s) over the sums left.
                let first = self.two_first_roll();
                for (i, &w) in traders::DICE_WEIGHTS.iter().enumerate() {
                    if w > 0 && i + 2 != first {
                        out.push((C_DICE + i as u32, w));
                    }
                }
            }
            Phase::Roll => {
                // B4: the second roll is re-rolled until it differs from the first (EX-17).
                let first = self.two_first_roll();
                for (i, &w) in DICE_WEIGHTS.iter().enumerate() {
                    if i + 2 != first {
                        out.push((C_DICE + i as u32, w));
                    }
                }
            }
            Phase::ForcedTake => {
                let v = self.two_opponent();
                for r in 0..5 {
                    if self.hand[v][r] > 0 {
                        out.push((C_STEAL + r as u32, self.hand[v][r] as u32));
                    }
                }
            }
            Phase::Traders => self.tb_step_outcomes(out),
            Phase::Steal => {
                let v = self.victim as usize;
                for r in 0..5 {
                    if self.hand[v][r] > 0 {
                        out.push((C_STEAL + r as u32, self.hand[v][r] as u32));
                    }
                }
            }
            Phase::DrawDevelopment => {
                for k in 0..5 {
                    if self.deck[k] > 0 {
                        out.push((C_DEV + k as u32, self.deck[k] as u32));
                    }
                }
            }
            Phase::FishDraw => self.fish_chance(out),
            Phase::Barbarian => self.ba_chance(out),
            _ => {}
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        if !self.is_legal(action) {
            return Err(RuleError::new(format!(
                "catan ({}): action {action} ('{}') is not legal now",
                self.phase_name(),
                self.action_label(action)
            )));
        }
        self.apply_legal(action);
        Ok(())
    }

    fn scores(&self) -> Vec<f64> {
        (0..self.n()).map(|p| self.vp(p) as f64).collect()
    }

    fn winners(&self) -> Vec<usize> {
        if self.phase != Phase::GameOver {
            return Vec::new();
        }
        if (self.winner as usize) < self.n() {
            return vec![self.winner as usize];
        }
        let best = (0..self.n()).map(|p| self.vp(p)).max().unwrap_or(0);
        (0..self.n()).filter(|&p| self.vp(p) == best).collect()
    }

    fn observation(&self, seat: usize) -> Value {
        observe::observation(self, seat)
    }

    fn observation_tensor_len(&self) -> usize {
        observe::tensor_len(self)
    }

    fn observation_tensor(&self, seat: usize, out: &mut [f32]) {
        observe::tensor(self, seat, out);
    }

    fn action_label(&self, action: Action) -> String {
        observe::label(self, action)
    }

    fn determinize(&self, seat: usize, seed: u64) -> Self {
        observe::determinize(self, seat, seed)
    }

    fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    fn max_game_length(&self) -> u64 {
        let n = self.n() as u64;
        let offers = self.rules.max_offers as u64 * (n + 2);
        // Per turn: roll + outcome, up to 95 discards, robber moves and steals (a 7 and a
        // knight: 6), one development card with its follow-ups (3), maritime trades (each lowers
        // the hand, which other gains in one turn can raise by at most 95 + 2 + 2 + offers),
        // offers with their answers, end of turn.
        let mut per_turn =
            2 + 95 + 6 + 3 + (95 + 95 + 4 + self.rules.max_offers as u64) + offers + 1;
        if self.traders.is_some() {
            // B9: purchases (2), sales and upgrades (bounded like maritime trades), the wagon
            // (at most 2 actions of 9 points, a step each, 2 grain, 3 drive-offs with a die and
            // a placement, 2 plaza draws), a barbarian move with its draw (3).
            per_turn += 2 + 95 + 4 + 2 * 9 + 2 + 3 * 2 + 2 + 3;
        }
        if self.rules.event_cards {
            // B2: a second reveal after New Year, event decisions (at most n damages, n
            // gifts or n×(n-1) Neighborly gifts, n takes, n steals with a victim choice), the
            // cards they bring into the hand (maritime trades: n(n-1) + n + n), one repair.
            per_turn += 1 + n * n + 3 * n + 2 * n + (n * n + 2 * n) + 1;
        }
        if self.fishermen.is_some() {
            // B5: a catch (at most 8 draws and a swap per player), at most 7 fish actions a
            // turn with their follow-ups (3 each), one pass of the boot.
            per_turn += n * 10 + 7 * 3 + 1;
        }
        if self.barbarian_attack.is_some() {
            // B8: coin purchases and trades (2 + coins, bounded by the compensation coins: at
            // most 3 per knight lost or roll-off lost, 2 per Treason), development cards bought
            // with their decisions (buy, draw, up to 4 choices, Intrigue re-draws), knight moves
            // (select, grain, destination for 6 knights, done), the drive-off (a roll-off place
            // and a loss die per coastal hex), barbarian attacks (3 rolls per build).
            per_turn += 2 + 40 + 32 * 10 + 6 * 3 + 1 + 10 * 4 + 9 * 3;
        }
        // Whole game: set-up, every piece once, every development card bought (2 actions).
        let mut global = 4 * n + n * (15 + 5 + 4) + 50;
        if self.caravans.is_some() {
            // B7: at most 22 camels, each voted with two bids and a declaration per seat and a
            // pick; a Knight or 7 may also put the robber beside the board.
            global += caravans::CAMELS as u64 * (3 * n + 1);
        }
        if self.rivers.is_some() {
            // B6: 3 bridges each; every coin action spends at least 2 of the at most
            // 5 + 15 + 9 coins a player earns, and each bought card allows one more maritime trade.
            global += n * (3 + 2 * 29);
        }
        if self.rules.two {
            // B4: the second roll, the knight discard; every neutral piece (2 x 20); token
            // actions (each pays a token; tokens ever gained <= 10 at the start + 3 per
            // settlement built (<= 9 each) + 2 per knight discarded (<= 14), forced trades take
            // 5 actions) and the knight discards.
            per_turn += 4;
            global += 40 + (10 + 2 * 9 * 3 + 14 * 2) * 5 + 14;
            if self.traders.is_some() {
                // B9: 1 more token per settlement next to a trade hex.
                global += 2 * 9 * 5;
            }
        }
        global + self.rules.turn_limit as u64 * per_turn
    }

    fn validate(&self) -> Result<(), String> {
        position::validate(self)
    }

    fn render(&self) -> String {
        observe::render(self)
    }

    fn evaluate(&self, seat: usize) -> f64 {
        observe::evaluate(self, seat)
    }
}

#[doc(hidden)]
pub mod testing {
    //! Hooks for the crate's tests (not part of the API).
    use super::*;

    /// Mutable access to the raw state, for hand-built test positions.
    pub fn hand_mut(g: &mut Catan, p: usize) -> &mut [u8; 5] {
        &mut g.hand[p]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use meeple_core::playout::{random_step, Buffers};

    /// Every hand of 0-2 cards of each kind.
    fn small_hands() -> impl Iterator<Item = [u8; 5]> {
        (0..3usize.pow(5))
            .map(|code| std::array::from_fn(|r| (code / 3usize.pow(r as u32) % 3) as u8))
    }

    /// The offer mask agrees with decoding every offer, for every hand of 0-2 cards a kind.
    #[test]
    fn affordable_offers_match_decoding() {
        for hand in small_hands() {
            let expected = (0..NUM_OFFERS)
                .filter(|&i| {
                    let o = Offer::decode(i);
                    hand[o.give] >= o.give_n
                })
                .fold(0u128, |m, i| m | 1 << i);
            assert_eq!(affordable_offers(&hand), expected, "hand {hand:?}");
        }
    }

    #[test]
    fn affordable_coin_offers_match_decoding() {
        for coins in 0..4u32 {
            for hand in small_hands() {
                let expected = (0..NUM_COIN_OFFERS)
                    .filter(|&j| {
                        let o = Offer::decode(NUM_OFFERS + j);
                        let have = if o.give == COINS {
                            coins
                        } else {
                            hand[o.give] as u32
                        };
                        have >= o.give_n as u32
                    })
                    .fold(0u64, |m, j| m | 1 << j);
                let got = affordable_coin_offers(coins, &hand);
                assert_eq!(got, expected, "coins {coins} hand {hand:?}");
            }
        }
    }

    /// The mask form of `tb_moves` agrees with pricing each path (Traders & Barbarians, with
    /// 3 players and with Catan for Two's neutral roads).
    #[test]
    fn tb_moves_match_prices() {
        for players in [2, 3] {
            let mut opts = serde_json::Map::new();
            opts.insert("scenario".into(), serde_json::json!("traders_barbarians"));
            let c = Config::new(&Catan::info(), players, &opts).unwrap();
            for seed in 0..20 {
                let mut g = Catan::new(&c, seed).unwrap();
                let mut rng = GameRng::new(seed);
                let mut buf = Buffers::default();
                while random_step(&mut g, &mut rng, &mut buf) {
                    if matches!(g.turn(), Turn::Player(_)) {
                        assert_eq!(g.tb_moves(), g.tb_moves_by_price(), "seed {seed}");
                    }
                }
            }
        }
    }

    /// The start-vertex pruning of `longest_road_of` agrees with starting everywhere.
    #[test]
    fn longest_road_pruning_matches_brute_force() {
        let c = Config::with_players(&Catan::info(), 4).unwrap();
        let g0 = Geometry::base();
        for seed in 0..40 {
            let mut g = Catan::new(&c, seed).unwrap();
            let mut rng = GameRng::new(seed);
            let mut buf = Buffers::default();
            while random_step(&mut g, &mut rng, &mut buf) {
                for p in 0..4 {
                    let own = g.settlements[p] | g.cities[p];
                    let opp = g.occupied & !own;
                    let brute = bits64(g.road_verts[p])
                        .map(|v| trail(g0, g.roads[p], 0, opp, v, 0, true))
                        .max()
                        .unwrap_or(0);
                    assert_eq!(g.longest_road_of(p), brute);
                    assert_eq!(g.road_len[p], brute);
                }
            }
        }
    }
}
