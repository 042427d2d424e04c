//! The state: the phase machine's phases, the rules read from the options, and the `Catan`
//! struct itself (plain fixed-size data; module state boxed and `None` when off).

use crate::board::Board;
use crate::geometry::Geometry;
use crate::ids::*;
use crate::modules::state::ModuleStates;
use crate::options::catan_for_two;
use meeple_core::{Config, GameRng};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

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

impl Phase {
    /// The phase's name in observations and positions.
    pub fn name(self) -> &'static str {
        match self {
            Phase::SetupSettlement => "setup_settlement",
            Phase::SetupRoad => "setup_road",
            Phase::PreRoll => "pre_roll",
            Phase::Roll => "roll",
            Phase::Discard => "discard",
            Phase::MoveRobber => "move_robber",
            Phase::ChooseVictim => "choose_victim",
            Phase::Steal => "steal",
            Phase::Main => "main",
            Phase::DrawDevelopment => "draw_development",
            Phase::RoadBuilding => "road_building",
            Phase::YearOfPlenty => "year_of_plenty",
            Phase::Monopoly => "monopoly",
            Phase::TradeResponse => "trade_response",
            Phase::TradeDecision => "trade_decision",
            Phase::GameOver => "game_over",
            Phase::Earthquake => "earthquake",
            Phase::EventGive => "event_give",
            Phase::EventTake => "event_take",
            Phase::CamelBidWool => "camel_bid_wool",
            Phase::CamelBidGrain => "camel_bid_grain",
            Phase::CamelDeclare => "camel_declare",
            Phase::CamelPick => "camel_pick",
            Phase::NeutralBuild => "neutral_build",
            Phase::ForcedTake => "forced_take",
            Phase::ForcedGive => "forced_give",
            Phase::FishDraw => "fish_draw",
            Phase::FishSwap => "fish_swap",
            Phase::FishTake => "fish_take",
            Phase::FishRoad => "fish_road",
            Phase::Barbarian => "barbarian",
            Phase::Traders => "traders",
        }
    }
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
    pub(crate) fn from_name(name: &str) -> Scenario {
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
    pub(crate) fn extra_target(self) -> i64 {
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
}

impl Rules {
    pub(crate) fn from_config(c: &Config) -> Rules {
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
/// position format (its serde form, implemented in `position/`).
#[derive(Clone, Debug, PartialEq)]
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
    pub(crate) ev_revealed: [u8; NUM_EVENT_CARD_TYPES],
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
    /// The modules' state (B4-B9), each `None` when the module is off.
    pub(crate) modules: ModuleStates,
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

impl Catan {
    /// A game on `board` with nothing played yet: no pieces, empty hands, bank and deck, no
    /// holders, no module state, the first set-up step, seat 0 to move. Creating a game
    /// (`modules/create.rs`) and reading a position (`position/read.rs`) start from it and set
    /// what they know, so the two cannot drift apart field by field.
    pub(crate) fn blank(
        config: Arc<Config>,
        rules: Rules,
        board: Board,
        robber: u8,
        rng: GameRng,
    ) -> Catan {
        use crate::geometry::NONE;
        Catan {
            config,
            rules,
            board,
            robber,
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
            ev_revealed: [0; NUM_EVENT_CARD_TYPES],
            last_card: NONE,
            ev_card: 0,
            ev_kind: NO_EVENT,
            pending: 0,
            recv: 0,
            thief: 0,
            damaged: [NONE; MAX_PLAYERS],
            new_years: 0,
            modules: ModuleStates::default(),
            know_lo: [[[0; 5]; MAX_PLAYERS]; MAX_PLAYERS],
            know_hi: [[[0; 5]; MAX_PLAYERS]; MAX_PLAYERS],
            phase: Phase::SetupSettlement,
            current: 0,
            start_player: 0,
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
        }
    }

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
