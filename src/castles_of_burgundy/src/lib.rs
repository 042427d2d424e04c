//! The Castles of Burgundy (Stefan Feld, alea 2011) for 2, 3 and 4 players, every estate board.
//!
//! Rules: `shared/rules/castles_of_burgundy.md`; documentation of options, the position format,
//! the action-id layout, the tensor layout and every engine decision: `docs/games/castles_of_burgundy.md`.
//!
//! # Action ids (fixed, 674 in all)
//!
//! A "source" says which die pays for an action: 0 = the player's first die, 1 = the second die,
//! 2 = the castle bonus (a virtual die of any value), 3 = no die (City hall placement, Warehouse
//! sale).
//!
//! | ids | action |
//! |---|---|
//! | 0..72 | take: `src (0..3) * 24 + depot (0..6) * 4 + space (0..4)` |
//! | 72..516 | place: `72 + src (0..4) * 111 + storage (0..3) * 37 + cell (0..37)` |
//! | 516..540 | sell: `516 + src (0..4) * 6 + goods type (0..6)` |
//! | 540..543 | take workers: `540 + src (0..3)` |
//! | 543..551 | buy from the black depot space `0..8` |
//! | 551..575 | buy from a numbered depot (knowledge tile 6): `551 + depot * 4 + space` |
//! | 575..599 | free take (Carpenter's workshop, Church, Market): `575 + depot * 4 + space` |
//! | 599..602 | discard stored tile `0..3` (storage full) |
//! | 602..608 | ship: take the goods of depot `0..6` |
//! | 608..614 | ship with knowledge tile 5: depots `d` and `d+1` (ring, 6 is next to 1) |
//! | 614..620 | ship over capacity: keep goods type `0..6` |
//! | 620 | decline an optional effect |
//! | 621 | end the turn (only when a purchase is still possible) |
//! | 622..631 | experienced variant: choose estate board `1..=9` |
//! | 631..668 | choose the start-castle cell `0..37` |
//! | 668..674 | ship over capacity (option `overflow_may_discard_stored`): discard stored type `0..6` |
//!
//! Chance outcomes reuse ids: a die roll `v` is `v - 1`, a tile draw is the tile id (0..49), a
//! goods draw is the goods type `0..6`.

#![allow(clippy::needless_range_loop)] // parallel per-type arrays read clearer indexed

pub mod data;
mod repr;
mod sd;
mod validate;
pub use sd::Estate;

use data::*;
use meeple_core::{
    Action, Config, Game, GameError, GameInfo, GameRng, OptionSpec, RuleError, Turn,
};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::cell::RefCell;
use std::sync::Arc;

pub use data::{Colour, Tile};

pub const TAKE: u32 = 0;
pub const PLACE: u32 = 72;
pub const SELL: u32 = 516;
pub const WORKERS: u32 = 540;
pub const BUY_BLACK: u32 = 543;
pub const BUY_DEPOT: u32 = 551;
pub const FREE_TAKE: u32 = 575;
pub const DISCARD: u32 = 599;
pub const SHIP_DEPOT: u32 = 602;
pub const SHIP_PAIR: u32 = 608;
pub const SHIP_KEEP: u32 = 614;
pub const DECLINE: u32 = 620;
pub const END_TURN: u32 = 621;
pub const CHOOSE_BOARD: u32 = 622;
pub const CHOOSE_CASTLE: u32 = 631;
pub const DISCARD_GOODS: u32 = 668;
pub const NUM_ACTIONS: u32 = 674;

/// Die sources.
pub const SRC_CASTLE: usize = 2;
pub const SRC_NONE: usize = 3;

pub(crate) const STATE_VERSION: u32 = 1;

thread_local! {
    /// Scratch buffers: legality checks in `apply`, effect checks in `settle`.
    static LEGAL: RefCell<Vec<Action>> = const { RefCell::new(Vec::new()) };
    static SCRATCH: RefCell<Vec<Action>> = const { RefCell::new(Vec::new()) };
}

/// Phases A..E.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    A,
    B,
    C,
    D,
    E,
}

impl Phase {
    pub fn index(self) -> usize {
        self as usize
    }
    fn from_index(i: usize) -> Phase {
        [Phase::A, Phase::B, Phase::C, Phase::D, Phase::E][i.min(4)]
    }
}

/// Colour bonus tile a player holds for one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Bonus {
    #[default]
    None,
    Large,
    Small,
}

/// Where the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", deny_unknown_fields)]
pub enum Step {
    /// Experienced variant: the player at `order[idx]` chooses a side of the dealt board.
    ChooseBoard {
        idx: u8,
    },
    /// The player at `order[idx]` chooses the space of the start castle.
    ChooseCastle {
        idx: u8,
    },
    /// Phase setup (chance): `next` 0..24 is depot space `next/4`, `next%4`; 24..32 the black
    /// depot space `next-24`; 32..37 the goods for round space `next-32`.
    FillDepots {
        next: u8,
    },
    /// Round start (chance): `next` < 2n is die `next%2` of seat `next/2`; `next == 2n` is the
    /// white die.
    RollDice {
        next: u8,
    },
    /// The player at `order[turn]` is taking a turn.
    Play,
    GameOver,
}

/// A decision that must be taken before the turn continues.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", deny_unknown_fields)]
pub enum Pending {
    None,
    /// Storage is full: choose a stored tile to discard; `tile` then enters storage.
    Discard {
        tile: Tile,
    },
    /// A castle was placed: one bonus action with a die of any value (or decline).
    Castle,
    /// A City hall was placed: place one stored tile without a die (or decline).
    CityHall,
    /// A Carpenter's workshop, Church or Market was placed: take a matching tile (or decline).
    FreeTake {
        building: Tile,
    },
    /// A Warehouse was placed: sell one goods type (or decline).
    Warehouse,
    /// A ship was placed: choose the depot (with tile 5, two neighbouring depots).
    ShipDepot,
    /// The ship's goods do not all fit: choose the types to keep. `second` is the second depot
    /// (tile 5) or null; `discarded` is whether a stored type was thrown away (option
    /// `overflow_may_discard_stored`).
    ShipGoods {
        first: u8,
        second: Option<u8>,
        discarded: bool,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// Estate board, 2011 number 1..=9.
    pub board: u8,
    /// Experienced variant: the two sides of the dealt board until one is chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_sides: Option<[u8; 2]>,
    /// Space id (1..=37) to tile.
    pub estate: Estate,
    pub storage: [Option<Tile>; 3],
    /// Goods held, count per goods type 1..=6 (index type - 1); at most 3 types.
    pub goods: [u8; 6],
    /// Goods sold, count per type.
    pub sold: [u8; 6],
    pub silverlings: u16,
    pub workers: u16,
    pub vp: i32,
    pub track_position: u8,
    /// Height in the stack on the track space (higher = on top = earlier).
    pub track_height: u8,
    /// Colour bonus tiles, per colour in the order castle, pasture, building, mine, knowledge, ship.
    pub bonuses: [Bonus; 6],
    /// This round's dice (0 = not rolled yet).
    pub dice: [u8; 2],
    pub dice_used: [bool; 2],
}

/// The game state. Its JSON form (the position format) is `repr::Repr`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "repr::Repr", into = "repr::Repr")]
pub struct CastlesOfBurgundy {
    pub version: u32,
    pub config: Arc<Config>,
    pub phase: Phase,
    /// Round 1..=5 of the phase.
    pub round: u8,
    pub step: Step,
    /// Seats in this round's play order (frozen at round start, spec A3).
    pub order: Vec<u8>,
    /// Index into `order` of the player whose turn it is.
    pub turn: u8,
    /// Whether the current player made this turn's purchase.
    pub purchased: bool,
    pub pending: Pending,
    pub players: Vec<Player>,
    /// Numbered depots 1..6, four hex spaces each.
    pub depots: [[Option<Tile>; 4]; 6],
    /// Goods on each depot's goods space, count per type.
    pub depot_goods: [[u8; 6]; 6],
    pub black_depot: [Option<Tile>; 8],
    /// This phase's goods on round spaces 1..5 (goods type 1..=6; null once delivered).
    pub round_goods: [Option<u8>; 5],
    /// The white die of this round (0 before it is rolled).
    pub white_die: u8,
    /// Face-down normal-backed tiles left, per tile.
    pub pile: [u8; NUM_TILES],
    /// Face-down black-backed tiles left, per tile.
    pub black_pile: [u8; NUM_TILES],
    /// Tiles out of the game (discarded or cleared from the board at phase end).
    pub boxed: [u8; NUM_TILES],
    /// Goods never revealed yet (the future phases' stacks plus the box), per type.
    pub goods_bag: [u8; 6],
    /// Goods thrown away (option `overflow_may_discard_stored`), per type.
    pub goods_discarded: [u8; 6],
    pub rng: GameRng,
}

fn cyc(a: u8, b: u8) -> u8 {
    let d = (a as i16 - b as i16).unsigned_abs() as u8;
    d.min(6 - d.min(6))
}

/// Worker cost to turn die `from` into `to` (spec 6.2).
fn worker_cost(from: u8, to: u8, free: bool, k8: bool) -> u16 {
    let d = cyc(from, to).saturating_sub(free as u8) as u16;
    if k8 {
        d.div_ceil(2)
    } else {
        d
    }
}

/// Knowledge tiles owned as a bitmask (bit k for tile k).
#[derive(Clone, Copy)]
struct Know(u32);
impl Know {
    fn has(self, k: u8) -> bool {
        self.0 & (1 << k) != 0
    }
}

fn info_options() -> Vec<OptionSpec> {
    vec![
        OptionSpec::int(
            "board",
            1,
            1,
            9,
            "Estate board (2011 numbering) for every player. The start castle goes on the central space if it is dark green, otherwise each player chooses a dark-green space in turn order.",
        ),
        OptionSpec::bool(
            "experienced_variant",
            false,
            "Rulebook variant: each player is dealt a random double-sided board and chooses, openly in turn order, the side and the start-castle space. Requires board = 1.",
        ),
        OptionSpec::bool(
            "secret_board_choice",
            false,
            "Experienced variant (A32): the side and start-castle choices are secret and revealed together once everyone has chosen (each seat's observation hides the others' picks). Requires experienced_variant.",
        ),
        OptionSpec::bool(
            "tiebreak_most_empty_spaces",
            false,
            "First tie-break: most empty estate spaces wins (the reading of the Board Game Arena help page) instead of fewest (the rulebook as printed).",
        ),
        OptionSpec::bool(
            "tiebreak_last_by_track",
            false,
            "Second tie-break (A20), other reading: the tied player further back on the turn-order track after the game wins, instead of the one later in the final round's play order.",
        ),
        OptionSpec::int(
            "first_player",
            -1,
            -1,
            3,
            "Seat of the first player (A29: chosen by a dice roll); -1 draws it from the seed.",
        ),
        OptionSpec::bool(
            "overflow_may_discard_stored",
            false,
            "Greek reading of the ship rule: when the goods do not fit, the player may throw away one stored goods type to make room.",
        ),
    ]
}

impl CastlesOfBurgundy {
    fn n(&self) -> usize {
        self.players.len()
    }

    fn board_of(&self, p: usize) -> &'static Board {
        board(self.players[p].board)
    }

    /// Whether the variant's secret board choice (A32) is still hiding player `q`'s board and
    /// start castle from `seat`: during the setup choices, every other player's picks are hidden.
    fn hidden_from(&self, seat: usize, q: usize) -> bool {
        q != seat
            && matches!(
                self.step,
                Step::ChooseBoard { .. } | Step::ChooseCastle { .. }
            )
            && self.config.bool("secret_board_choice")
    }

    fn current(&self) -> Option<usize> {
        match self.step {
            Step::ChooseBoard { idx } | Step::ChooseCastle { idx } => {
                self.order.get(idx as usize).map(|&s| s as usize)
            }
            Step::Play => self.order.get(self.turn as usize).map(|&s| s as usize),
            _ => None,
        }
    }

    fn know(&self, p: usize) -> Know {
        Know(self.players[p].estate.know())
    }

    fn occ(&self, p: usize) -> u64 {
        self.players[p].estate.occ()
    }

    fn die_value(&self, p: usize, src: usize) -> Option<u8> {
        let pl = &self.players[p];
        if src < 2 && !pl.dice_used[src] && (1..=6).contains(&pl.dice[src]) {
            Some(pl.dice[src])
        } else {
            None
        }
    }

    /// Worker cost for source `src` to show `target`, or None if it cannot.
    fn src_cost(&self, p: usize, src: usize, target: u8, free: bool, k: Know) -> Option<u16> {
        if src >= SRC_CASTLE {
            return Some(0);
        }
        let v = self.die_value(p, src)?;
        let c = worker_cost(v, target, free, k.has(8));
        (c <= self.players[p].workers).then_some(c)
    }

    fn place_free(tile: Tile, k: Know) -> bool {
        match tile.colour() {
            Colour::Building => k.has(9),
            Colour::Ship | Colour::Pasture => k.has(10),
            _ => k.has(11),
        }
    }

    fn storage_full(&self, p: usize) -> bool {
        self.players[p].storage.iter().all(|s| s.is_some())
    }

    fn can_buy(&self, p: usize, k: Know) -> bool {
        if self.purchased || self.players[p].silverlings < 2 {
            return false;
        }
        self.black_depot.iter().any(|t| t.is_some())
            || (k.has(6) && self.depots.iter().flatten().any(|t| t.is_some()))
    }

    fn free_take_matches(building: Tile, t: Tile) -> bool {
        match building.0 {
            CARPENTER => t.is_building(),
            CHURCH => matches!(
                t.colour(),
                Colour::Mine | Colour::Knowledge | Colour::Castle
            ),
            _ => matches!(t.colour(), Colour::Ship | Colour::Pasture),
        }
    }

    fn held_types(&self, p: usize) -> usize {
        self.players[p].goods.iter().filter(|&&g| g > 0).count()
    }

    /// Goods types on the chosen depots that the player does not hold yet.
    fn ship_new_types(&self, p: usize, first: u8, second: Option<u8>) -> [bool; 6] {
        let mut r = [false; 6];
        for t in 0..6 {
            let mut on = self.depot_goods.get(first as usize).map_or(0, |g| g[t]);
            if let Some(s) = second {
                on += self.depot_goods.get(s as usize).map_or(0, |g| g[t]);
            }
            r[t] = on > 0 && self.players[p].goods[t] == 0;
        }
        r
    }

    // ----- legal actions -------------------------------------------------------------------

    /// Cells where a tile could touch the estate: empty and next to an occupied space.
    fn frontier(&self, p: usize, occ: u64) -> u64 {
        let b = self.board_of(p);
        let mut f = 0u64;
        let mut m = occ;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            f |= b.nbr[c];
        }
        f & !occ
    }

    /// The die sources usable now for die actions (take, place, sell, workers) as a bitmask.
    fn die_srcs(&self, p: usize) -> u8 {
        let pl = &self.players[p];
        match self.pending {
            Pending::None => (!pl.dice_used[0]) as u8 | ((!pl.dice_used[1]) as u8) << 1,
            Pending::Castle => 1 << SRC_CASTLE,
            _ => 0,
        }
    }

    fn take_ok(&self, p: usize, src: usize, d: usize, s: usize, k: Know) -> bool {
        self.depots[d][s].is_some() && self.src_cost(p, src, d as u8 + 1, k.has(12), k).is_some()
    }

    /// Placement of storage slot `j` on `cell` paid by `src` (frontier given).
    fn place_ok(&self, p: usize, src: usize, j: usize, cell: usize, front: u64, k: Know) -> bool {
        let Some(tile) = self.players[p].storage[j] else {
            return false;
        };
        if front & (1 << cell) == 0 {
            return false;
        }
        let b = self.board_of(p);
        if b.colour[cell] != tile.colour() {
            return false;
        }
        if tile.is_building() && !k.has(1) {
            let pl = &self.players[p];
            let mut m = b.region_cells[b.region[cell] as usize];
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                if pl.estate[c] == Some(tile) {
                    return false;
                }
            }
        }
        src >= SRC_CASTLE
            || self
                .src_cost(p, src, b.die[cell], Self::place_free(tile, k), k)
                .is_some()
    }

    fn sell_ok(&self, p: usize, src: usize, t: usize, k: Know) -> bool {
        self.players[p].goods[t] > 0 && self.src_cost(p, src, t as u8 + 1, false, k).is_some()
    }

    fn gen_place(&self, p: usize, src: usize, front: u64, k: Know, out: &mut Vec<Action>) {
        let b = self.board_of(p);
        let pl = &self.players[p];
        let die = if src < SRC_CASTLE {
            match self.die_value(p, src) {
                Some(v) => Some(v),
                None => return,
            }
        } else {
            None
        };
        for j in 0..3 {
            let Some(tile) = pl.storage[j] else {
                continue;
            };
            // Cells of cities that already hold this building kind.
            let mut blocked = 0u64;
            if tile.is_building() && !k.has(1) {
                let mut m = b.colour_cells[Colour::Building.index()] & pl.estate.occ();
                while m != 0 {
                    let c = m.trailing_zeros() as usize;
                    m &= m - 1;
                    if pl.estate[c] == Some(tile) {
                        blocked |= b.region_cells[b.region[c] as usize];
                    }
                }
            }
            let free = Self::place_free(tile, k);
            let mut m = b.colour_cells[tile.colour().index()] & front & !blocked;
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                if let Some(v) = die {
                    if worker_cost(v, b.die[c], free, k.has(8)) > pl.workers {
                        continue;
                    }
                }
                out.push(PLACE + (src * 111 + j * 37 + c) as u32);
            }
        }
    }

    /// Die actions for every source in `srcs`, in ascending id order.
    fn gen_die_actions(&self, p: usize, srcs: u8, k: Know, out: &mut Vec<Action>) {
        let each = |f: &mut dyn FnMut(usize)| {
            for src in 0..3 {
                if srcs & (1 << src) != 0 {
                    f(src);
                }
            }
        };
        each(&mut |src| {
            for d in 0..6 {
                if self.depots[d].iter().all(|t| t.is_none())
                    || self.src_cost(p, src, d as u8 + 1, k.has(12), k).is_none()
                {
                    continue;
                }
                for s in 0..4 {
                    if self.depots[d][s].is_some() {
                        out.push(TAKE + (src * 24 + d * 4 + s) as u32);
                    }
                }
            }
        });
        let occ = self.occ(p);
        let front = self.frontier(p, occ);
        each(&mut |src| self.gen_place(p, src, front, k, out));
        each(&mut |src| {
            for t in 0..6 {
                if self.sell_ok(p, src, t, k) {
                    out.push(SELL + (src * 6 + t) as u32);
                }
            }
        });
        each(&mut |src| out.push(WORKERS + src as u32));
    }

    fn gen_player(&self, p: usize, out: &mut Vec<Action>) {
        out.clear();
        let k = self.know(p);
        match self.step {
            Step::ChooseBoard { .. } => {
                if let Some(sides) = self.players[p].board_sides {
                    for s in sides {
                        out.push(CHOOSE_BOARD + s.clamp(1, 9) as u32 - 1);
                    }
                }
            }
            Step::ChooseCastle { .. } => {
                for &c in &self.board_of(p).castle_cells {
                    out.push(CHOOSE_CASTLE + c as u32);
                }
            }
            _ => self.gen_play(p, k, out),
        }
        if !out.is_sorted() {
            out.sort_unstable();
            out.dedup();
        }
    }

    fn gen_play(&self, p: usize, k: Know, out: &mut Vec<Action>) {
        let pl = &self.players[p];
        match self.pending {
            Pending::None => {
                self.gen_die_actions(p, self.die_srcs(p), k, out);
                if self.can_buy(p, k) {
                    for s in 0..8 {
                        if self.black_depot[s].is_some() {
                            out.push(BUY_BLACK + s as u32);
                        }
                    }
                    if k.has(6) {
                        for d in 0..6 {
                            for s in 0..4 {
                                if self.depots[d][s].is_some() {
                                    out.push(BUY_DEPOT + (d * 4 + s) as u32);
                                }
                            }
                        }
                    }
                    if pl.dice_used[0] && pl.dice_used[1] {
                        out.push(END_TURN);
                    }
                }
            }
            Pending::Discard { .. } => {
                for j in 0..3 {
                    out.push(DISCARD + j);
                }
            }
            Pending::Castle => {
                self.gen_die_actions(p, 1 << SRC_CASTLE, k, out);
                out.push(DECLINE);
            }
            Pending::CityHall => {
                let front = self.frontier(p, self.occ(p));
                self.gen_place(p, SRC_NONE, front, k, out);
                out.push(DECLINE);
            }
            Pending::FreeTake { building } => {
                for d in 0..6 {
                    for s in 0..4 {
                        if let Some(t) = self.depots[d][s] {
                            if Self::free_take_matches(building, t) {
                                out.push(FREE_TAKE + (d * 4 + s) as u32);
                            }
                        }
                    }
                }
                out.push(DECLINE);
            }
            Pending::Warehouse => {
                for t in 0..6 {
                    if pl.goods[t] > 0 {
                        out.push(SELL + (SRC_NONE * 6 + t) as u32);
                    }
                }
                out.push(DECLINE);
            }
            Pending::ShipDepot => {
                let has = |d: usize| self.depot_goods[d].iter().any(|&g| g > 0);
                for d in 0..6 {
                    if has(d) {
                        out.push(SHIP_DEPOT + d as u32);
                    }
                }
                if k.has(5) {
                    for d in 0..6 {
                        if has(d) && has((d + 1) % 6) {
                            out.push(SHIP_PAIR + d as u32);
                        }
                    }
                }
            }
            Pending::ShipGoods {
                first,
                second,
                discarded,
            } => {
                let new = self.ship_new_types(p, first, second);
                let full = self.held_types(p) >= 3;
                if !full {
                    for (t, &is_new) in new.iter().enumerate() {
                        if is_new {
                            out.push(SHIP_KEEP + t as u32);
                        }
                    }
                }
                if self.config.bool("overflow_may_discard_stored") && !discarded {
                    if full {
                        // No free slot: throwing a type away is optional.
                        out.push(DECLINE);
                    }
                    for t in 0..6 {
                        if pl.goods[t] > 0 {
                            out.push(DISCARD_GOODS + t as u32);
                        }
                    }
                }
            }
        }
    }

    /// Whether player `p` may take action `a` now (the same rules as `gen_player`, decoded
    /// directly so that `apply` need not list every legal action).
    fn player_action_legal(&self, p: usize, a: Action) -> bool {
        if !matches!(self.step, Step::Play) {
            return LEGAL.with(|b| {
                let mut legal = b.borrow_mut();
                self.gen_player(p, &mut legal);
                legal.binary_search(&a).is_ok()
            });
        }
        let k = self.know(p);
        let srcs = self.die_srcs(p);
        let pl = &self.players[p];
        match a {
            _ if a < PLACE => {
                let i = (a - TAKE) as usize;
                let (src, d, s) = (i / 24, i % 24 / 4, i % 4);
                srcs & (1 << src) != 0 && self.take_ok(p, src, d, s, k)
            }
            _ if a < SELL => {
                let i = (a - PLACE) as usize;
                let (src, j, c) = (i / 111, i % 111 / 37, i % 37);
                let allowed = if src == SRC_NONE {
                    self.pending == Pending::CityHall
                } else {
                    srcs & (1 << src) != 0
                };
                allowed && self.place_ok(p, src, j, c, self.frontier(p, self.occ(p)), k)
            }
            _ if a < WORKERS => {
                let i = (a - SELL) as usize;
                let (src, t) = (i / 6, i % 6);
                if src == SRC_NONE {
                    self.pending == Pending::Warehouse && pl.goods[t] > 0
                } else {
                    srcs & (1 << src) != 0 && self.sell_ok(p, src, t, k)
                }
            }
            _ if a < BUY_BLACK => srcs & (1 << (a - WORKERS)) != 0,
            _ if a < BUY_DEPOT => {
                self.pending == Pending::None
                    && self.can_buy(p, k)
                    && self.black_depot[(a - BUY_BLACK) as usize].is_some()
            }
            _ if a < FREE_TAKE => {
                let i = (a - BUY_DEPOT) as usize;
                self.pending == Pending::None
                    && k.has(6)
                    && self.can_buy(p, k)
                    && self.depots[i / 4][i % 4].is_some()
            }
            _ if a < DISCARD => {
                let i = (a - FREE_TAKE) as usize;
                match (self.pending, self.depots[i / 4][i % 4]) {
                    (Pending::FreeTake { building }, Some(t)) => {
                        Self::free_take_matches(building, t)
                    }
                    _ => false,
                }
            }
            _ if a < SHIP_DEPOT => matches!(self.pending, Pending::Discard { .. }),
            _ if a < SHIP_PAIR => {
                self.pending == Pending::ShipDepot
                    && self.depot_goods[(a - SHIP_DEPOT) as usize]
                        .iter()
                        .any(|&g| g > 0)
            }
            _ if a < SHIP_KEEP => {
                let d = (a - SHIP_PAIR) as usize;
                self.pending == Pending::ShipDepot
                    && k.has(5)
                    && self.depot_goods[d].iter().any(|&g| g > 0)
                    && self.depot_goods[(d + 1) % 6].iter().any(|&g| g > 0)
            }
            _ if a < DECLINE => match self.pending {
                Pending::ShipGoods { first, second, .. } => {
                    self.held_types(p) < 3
                        && self.ship_new_types(p, first, second)[(a - SHIP_KEEP) as usize]
                }
                _ => false,
            },
            DECLINE => match self.pending {
                Pending::Castle | Pending::CityHall | Pending::FreeTake { .. } => true,
                Pending::Warehouse => true,
                Pending::ShipGoods { discarded, .. } => {
                    self.config.bool("overflow_may_discard_stored")
                        && !discarded
                        && self.held_types(p) >= 3
                }
                _ => false,
            },
            END_TURN => {
                self.pending == Pending::None
                    && pl.dice_used[0]
                    && pl.dice_used[1]
                    && self.can_buy(p, k)
            }
            _ if a < DISCARD_GOODS => false,
            _ if a < NUM_ACTIONS => match self.pending {
                Pending::ShipGoods { discarded, .. } => {
                    self.config.bool("overflow_may_discard_stored")
                        && !discarded
                        && pl.goods[(a - DISCARD_GOODS) as usize] > 0
                }
                _ => false,
            },
            _ => false,
        }
    }

    /// Debug aid for tests: the direct legality check agrees with the generated list for every
    /// action id. Returns the first disagreement.
    pub fn check_legality_consistency(&self) -> Result<(), String> {
        let Turn::Player(p) = self.turn() else {
            return Ok(());
        };
        let mut legal = Vec::new();
        self.gen_player(p, &mut legal);
        for a in 0..NUM_ACTIONS {
            let listed = legal.binary_search(&a).is_ok();
            if listed != self.player_action_legal(p, a) {
                return Err(format!(
                    "action {a} ({}) listed={listed} but direct check disagrees",
                    self.action_label(a)
                ));
            }
        }
        Ok(())
    }

    // ----- chance --------------------------------------------------------------------------

    /// Calls `f(id, weight)` for each outcome of the current chance node, ascending.
    fn chance_each(&self, mut f: impl FnMut(Action, u32)) {
        match self.step {
            Step::FillDepots { next } => {
                let next = next as usize;
                if next < 24 {
                    let col = depot_space_colour(self.n(), self.phase as u8, next / 4, next % 4);
                    for t in 0..NUM_TILES {
                        if self.pile[t] > 0 && Tile(t as u8).colour() == col {
                            f(t as Action, self.pile[t] as u32);
                        }
                    }
                } else if next < 32 {
                    for t in 0..NUM_TILES {
                        if self.black_pile[t] > 0 {
                            f(t as Action, self.black_pile[t] as u32);
                        }
                    }
                } else {
                    for g in 0..6 {
                        if self.goods_bag[g] > 0 {
                            f(g as Action, self.goods_bag[g] as u32);
                        }
                    }
                }
            }
            Step::RollDice { .. } => (0..6).for_each(|v| f(v, 1)),
            _ => {}
        }
    }

    /// Number of outcomes of the current chance node and the last one.
    fn chance_count(&self) -> (usize, Action) {
        let mut n = 0;
        let mut last = 0;
        self.chance_each(|a, _| {
            n += 1;
            last = a;
        });
        (n, last)
    }

    /// Whether fill position `next` is used at this player count.
    fn fill_used(&self, next: usize) -> bool {
        let n = self.n();
        if next < 24 {
            next % 4 < n
        } else if next < 32 {
            next - 24 < 2 * n
        } else {
            next < 37
        }
    }

    fn apply_fill(&mut self, next: usize, outcome: usize) {
        if next < 24 {
            self.pile[outcome] -= 1;
            self.depots[next / 4][next % 4] = Some(Tile(outcome as u8));
        } else if next < 32 {
            self.black_pile[outcome] -= 1;
            self.black_depot[next - 24] = Some(Tile(outcome as u8));
        } else {
            self.goods_bag[outcome] -= 1;
            self.round_goods[next - 32] = Some(outcome as u8 + 1);
        }
        self.step = Step::FillDepots {
            next: next as u8 + 1,
        };
    }

    /// Run every step that needs nobody's decision: skip unused or forced draws, auto-skip
    /// effects without options, end turns, rounds and phases.
    fn settle(&mut self) {
        loop {
            match self.step {
                Step::FillDepots { next } => {
                    let next = next as usize;
                    if next >= 37 {
                        self.start_round();
                        continue;
                    }
                    if !self.fill_used(next) {
                        self.step = Step::FillDepots {
                            next: next as u8 + 1,
                        };
                        continue;
                    }
                    match self.chance_count() {
                        (0, _) => {
                            self.step = Step::FillDepots {
                                next: next as u8 + 1,
                            };
                        }
                        (1, o) => self.apply_fill(next, o as usize),
                        _ => return,
                    }
                }
                Step::Play => {
                    let Some(p) = self.current() else { return };
                    match self.pending {
                        Pending::None => {
                            let pl = &self.players[p];
                            if pl.dice_used[0] && pl.dice_used[1] && !self.can_buy(p, self.know(p))
                            {
                                self.end_turn();
                                continue;
                            }
                            return;
                        }
                        Pending::Castle | Pending::Discard { .. } => return,
                        _ => {
                            let only_decline = SCRATCH.with(|b| {
                                let mut acts = b.borrow_mut();
                                self.gen_player(p, &mut acts);
                                acts.iter().all(|&a| a == DECLINE)
                            });
                            if only_decline {
                                self.pending = Pending::None;
                                continue;
                            }
                            return;
                        }
                    }
                }
                _ => return,
            }
        }
    }

    fn start_round(&mut self) {
        let n = self.n();
        let mut seats: Vec<u8> = (0..n as u8).collect();
        seats.sort_by(|&a, &b| {
            let pa = &self.players[a as usize];
            let pb = &self.players[b as usize];
            (pb.track_position, pb.track_height).cmp(&(pa.track_position, pa.track_height))
        });
        self.order = seats;
        for pl in &mut self.players {
            pl.dice = [0, 0];
            pl.dice_used = [false, false];
        }
        self.white_die = 0;
        self.turn = 0;
        self.step = Step::RollDice { next: 0 };
    }

    fn end_turn(&mut self) {
        self.purchased = false;
        self.pending = Pending::None;
        self.turn += 1;
        if self.turn as usize >= self.n() {
            if self.round >= 5 {
                self.end_phase();
            } else {
                self.round += 1;
                self.start_round();
            }
        }
    }

    fn end_phase(&mut self) {
        for p in 0..self.n() {
            let k = self.know(p);
            let mines = self.players[p]
                .estate
                .iter()
                .filter(|t| **t == Some(Tile(MINE)))
                .count() as u16;
            let pl = &mut self.players[p];
            pl.silverlings += mines;
            if k.has(2) {
                pl.workers += mines;
            }
        }
        if self.phase == Phase::E {
            self.final_scoring();
            self.step = Step::GameOver;
            return;
        }
        self.phase = Phase::from_index(self.phase.index() + 1);
        self.start_phase();
    }

    fn start_phase(&mut self) {
        for d in 0..6 {
            for s in 0..4 {
                if let Some(t) = self.depots[d][s].take() {
                    self.boxed[t.0 as usize] += 1;
                }
            }
        }
        for s in 0..8 {
            if let Some(t) = self.black_depot[s].take() {
                self.boxed[t.0 as usize] += 1;
            }
        }
        self.round = 1;
        self.round_goods = [None; 5];
        self.step = Step::FillDepots { next: 0 };
    }

    /// End-game points (spec 11) for player `p`, without changing anything.
    pub fn final_points(&self, p: usize) -> i32 {
        let pl = &self.players[p];
        let k = self.know(p);
        let mut v = 0i32;
        v += pl.goods.iter().map(|&g| g as i32).sum::<i32>();
        v += pl.silverlings as i32;
        v += pl.workers as i32 / 2;
        if k.has(15) {
            v += 3 * pl.sold.iter().filter(|&&s| s > 0).count() as i32;
        }
        for (kid, b) in KNOWLEDGE_BUILDING {
            if k.has(kid) {
                v += 4 * pl.estate.iter().filter(|t| **t == Some(Tile(b))).count() as i32;
            }
        }
        if k.has(24) {
            let mut sp = [false; 4];
            for t in pl.estate.iter().flatten() {
                if let Some((s, _)) = t.animal_info() {
                    sp[s as usize] = true;
                }
            }
            v += 4 * sp.iter().filter(|&&x| x).count() as i32;
        }
        if k.has(25) {
            v += pl.sold.iter().map(|&s| s as i32).sum::<i32>();
        }
        if k.has(26) {
            v += 2 * pl.bonuses.iter().filter(|&&b| b != Bonus::None).count() as i32;
        }
        v
    }

    fn final_scoring(&mut self) {
        for p in 0..self.n() {
            let f = self.final_points(p);
            self.players[p].vp += f;
        }
    }

    // ----- effects -------------------------------------------------------------------------

    /// Put `tile` into storage, or ask for a discard if storage is full.
    fn store(&mut self, p: usize, tile: Tile) {
        if let Some(slot) = self.players[p].storage.iter_mut().find(|s| s.is_none()) {
            *slot = Some(tile);
            self.pending = Pending::None;
        } else {
            self.pending = Pending::Discard { tile };
        }
    }

    fn sell(&mut self, p: usize, t: usize) {
        let k = self.know(p);
        let vp_per = self.n() as i32;
        let pl = &mut self.players[p];
        let count = pl.goods[t];
        pl.goods[t] = 0;
        pl.sold[t] += count;
        pl.vp += vp_per * count as i32;
        pl.silverlings += if k.has(3) { 2 } else { 1 };
        if k.has(4) {
            pl.workers += 1;
        }
    }

    /// Place `tile` on `cell` and resolve it (spec 8: region, colour bonus, effect).
    fn place(&mut self, p: usize, tile: Tile, cell: usize) {
        let b = self.board_of(p);
        self.players[p].estate.set(cell, Some(tile));
        let occ = self.occ(p);
        let k = self.know(p);
        let phase = self.phase.index();
        // Region completion.
        let rm = b.region_cells[b.region[cell] as usize];
        if occ & rm == rm {
            let size = rm.count_ones() as usize;
            self.players[p].vp += REGION_VP.get(size).copied().unwrap_or(36) + PHASE_BONUS[phase];
        }
        // Colour bonus.
        let col = tile.colour().index();
        let cm = b.colour_cells[col];
        if occ & cm == cm && self.players[p].bonuses[col] == Bonus::None {
            let large_taken = self.players.iter().any(|q| q.bonuses[col] == Bonus::Large);
            let small_taken = self.players.iter().any(|q| q.bonuses[col] == Bonus::Small);
            let n = self.n() as i32;
            if !large_taken {
                self.players[p].bonuses[col] = Bonus::Large;
                self.players[p].vp += n + 3;
            } else if !small_taken {
                self.players[p].bonuses[col] = Bonus::Small;
                self.players[p].vp += n;
            }
        }
        self.pending = Pending::None;
        // The tile's own effect.
        match tile.colour() {
            Colour::Building => match tile.0 {
                WAREHOUSE => self.pending = Pending::Warehouse,
                CARPENTER | CHURCH | MARKET => self.pending = Pending::FreeTake { building: tile },
                BOARDING_HOUSE => self.players[p].workers += 4,
                BANK => self.players[p].silverlings += 2,
                CITY_HALL => self.pending = Pending::CityHall,
                _ => self.players[p].vp += 4,
            },
            Colour::Pasture => {
                let (species, _) = tile.animal_info().unwrap_or((0, 2));
                let mut animals = 0i32;
                let mut tiles = 0i32;
                let mut m = rm;
                while m != 0 {
                    let c = m.trailing_zeros() as usize;
                    m &= m - 1;
                    if let Some((s, cnt)) = self.players[p].estate[c].and_then(|t| t.animal_info())
                    {
                        if s == species {
                            animals += cnt as i32;
                            tiles += 1;
                        }
                    }
                }
                self.players[p].vp += animals + if k.has(7) { tiles } else { 0 };
            }
            Colour::Castle => self.pending = Pending::Castle,
            Colour::Ship => {
                let me = &self.players[p];
                let pos = me.track_position + 1;
                let top = self
                    .players
                    .iter()
                    .enumerate()
                    .filter(|(q, o)| *q != p && o.track_position == pos)
                    .map(|(_, o)| o.track_height + 1)
                    .max()
                    .unwrap_or(0);
                self.players[p].track_position = pos;
                self.players[p].track_height = top;
                self.pending = Pending::ShipDepot;
            }
            Colour::Mine | Colour::Knowledge => {}
        }
    }

    /// Take the goods of the chosen depot(s): held types automatically, new types if they fit.
    fn ship_take(&mut self, p: usize, first: u8, second: Option<u8>, discarded: bool) {
        let depots: [Option<u8>; 2] = [Some(first), second];
        let take_type = |g: &mut Self, t: usize| {
            for d in depots.iter().flatten() {
                let d = *d as usize;
                let c = g.depot_goods[d][t];
                g.depot_goods[d][t] = 0;
                g.players[p].goods[t] += c;
            }
        };
        for t in 0..6 {
            if self.players[p].goods[t] > 0 {
                take_type(self, t);
            }
        }
        let new = self.ship_new_types(p, first, second);
        let n_new = new.iter().filter(|&&x| x).count();
        let free = 3usize.saturating_sub(self.held_types(p));
        if n_new <= free {
            for t in 0..6 {
                if new[t] {
                    take_type(self, t);
                }
            }
            self.pending = Pending::None;
        } else if free == 0 && (discarded || !self.config.bool("overflow_may_discard_stored")) {
            self.pending = Pending::None;
        } else {
            self.pending = Pending::ShipGoods {
                first,
                second,
                discarded,
            };
        }
    }

    /// Pay the worker cost of using source `src` for `target` and mark the die used.
    fn use_src(&mut self, p: usize, src: usize, target: Option<u8>, free: bool) {
        let k = self.know(p);
        if src < 2 {
            let v = self.players[p].dice[src];
            let c = target.map_or(0, |t| worker_cost(v, t, free, k.has(8)));
            let pl = &mut self.players[p];
            pl.workers -= c;
            pl.dice_used[src] = true;
        }
        self.pending = Pending::None;
    }

    fn apply_player(&mut self, p: usize, a: Action) {
        let k = self.know(p);
        match a {
            _ if a < PLACE => {
                let i = (a - TAKE) as usize;
                let (src, d, s) = (i / 24, i % 24 / 4, i % 4);
                self.use_src(p, src, Some(d as u8 + 1), k.has(12));
                if let Some(t) = self.depots[d][s].take() {
                    self.store(p, t);
                }
            }
            _ if a < SELL => {
                let i = (a - PLACE) as usize;
                let (src, j, c) = (i / 111, i % 111 / 37, i % 37);
                if let Some(tile) = self.players[p].storage[j] {
                    let free = Self::place_free(tile, k);
                    let die = self.board_of(p).die[c];
                    self.use_src(p, src, Some(die), free);
                    self.players[p].storage[j] = None;
                    self.place(p, tile, c);
                }
            }
            _ if a < WORKERS => {
                let i = (a - SELL) as usize;
                let (src, t) = (i / 6, i % 6);
                self.use_src(p, src, Some(t as u8 + 1), false);
                self.sell(p, t);
            }
            _ if a < BUY_BLACK => {
                let src = (a - WORKERS) as usize;
                self.use_src(p, src, None, false);
                let pl = &mut self.players[p];
                pl.workers += if k.has(14) { 4 } else { 2 };
                if k.has(13) {
                    pl.silverlings += 1;
                }
            }
            _ if a < FREE_TAKE => {
                self.purchased = true;
                self.players[p].silverlings -= 2;
                let t = if a < BUY_DEPOT {
                    self.black_depot[(a - BUY_BLACK) as usize].take()
                } else {
                    let i = (a - BUY_DEPOT) as usize;
                    self.depots[i / 4][i % 4].take()
                };
                if let Some(t) = t {
                    self.store(p, t);
                }
            }
            _ if a < DISCARD => {
                let i = (a - FREE_TAKE) as usize;
                self.pending = Pending::None;
                if let Some(t) = self.depots[i / 4][i % 4].take() {
                    self.store(p, t);
                }
            }
            _ if a < SHIP_DEPOT => {
                if let Pending::Discard { tile } = self.pending {
                    let j = (a - DISCARD) as usize;
                    if let Some(old) = self.players[p].storage[j].replace(tile) {
                        self.boxed[old.0 as usize] += 1;
                    }
                }
                self.pending = Pending::None;
            }
            _ if a < SHIP_PAIR => self.ship_take(p, (a - SHIP_DEPOT) as u8, None, false),
            _ if a < SHIP_KEEP => {
                let d = (a - SHIP_PAIR) as u8;
                self.ship_take(p, d, Some((d + 1) % 6), false)
            }
            _ if a < DECLINE => {
                if let Pending::ShipGoods {
                    first,
                    second,
                    discarded,
                } = self.pending
                {
                    let t = (a - SHIP_KEEP) as usize;
                    for d in [Some(first), second].into_iter().flatten() {
                        let d = d as usize;
                        let c = self.depot_goods[d][t];
                        self.depot_goods[d][t] = 0;
                        self.players[p].goods[t] += c;
                    }
                    self.ship_take(p, first, second, discarded);
                }
            }
            DECLINE => self.pending = Pending::None,
            END_TURN => self.end_turn(),
            _ if a < CHOOSE_CASTLE => {
                if let Step::ChooseBoard { idx } = self.step {
                    let secret = self.config.bool("secret_board_choice");
                    let pl = &mut self.players[p];
                    pl.board = (a - CHOOSE_BOARD + 1) as u8;
                    if !secret {
                        // Open choice: the choice is public at once. A secret choice keeps the
                        // dealt sides visible until the reveal.
                        pl.board_sides = None;
                    }
                    self.step = Step::ChooseCastle { idx };
                }
            }
            _ if a < DISCARD_GOODS => {
                if let Step::ChooseCastle { idx } = self.step {
                    self.players[p]
                        .estate
                        .set((a - CHOOSE_CASTLE) as usize, Some(Tile(CASTLE)));
                    self.after_setup_choice(idx as usize);
                }
            }
            _ => {
                if let Pending::ShipGoods { first, second, .. } = self.pending {
                    let t = (a - DISCARD_GOODS) as usize;
                    let pl = &mut self.players[p];
                    self.goods_discarded[t] += pl.goods[t];
                    pl.goods[t] = 0;
                    self.ship_take(p, first, second, true);
                }
            }
        }
    }

    fn after_setup_choice(&mut self, idx: usize) {
        let next = idx + 1;
        if next >= self.n() {
            // Every choice is made: a secret choice (A32) is revealed now.
            for pl in &mut self.players {
                pl.board_sides = None;
            }
            self.step = Step::FillDepots { next: 0 };
        } else if self.config.bool("experienced_variant") {
            self.step = Step::ChooseBoard { idx: next as u8 };
        } else {
            self.step = Step::ChooseCastle { idx: next as u8 };
        }
    }

    fn apply_chance(&mut self, a: Action) {
        match self.step {
            Step::FillDepots { next } => self.apply_fill(next as usize, a as usize),
            Step::RollDice { next } => {
                let n = self.n();
                let next = next as usize;
                let v = a as u8 + 1;
                if next < 2 * n {
                    self.players[next / 2].dice[next % 2] = v;
                    self.step = Step::RollDice {
                        next: next as u8 + 1,
                    };
                } else {
                    self.white_die = v;
                    let r = self.round as usize - 1;
                    if let Some(g) = self.round_goods.get_mut(r).and_then(|g| g.take()) {
                        self.depot_goods[(v - 1) as usize][(g - 1) as usize] += 1;
                    }
                    self.step = Step::Play;
                    self.turn = 0;
                    self.purchased = false;
                    self.pending = Pending::None;
                }
            }
            _ => {}
        }
    }

    fn empty_spaces(&self, p: usize) -> u32 {
        CELLS as u32 - self.occ(p).count_ones()
    }

    /// Players in play order of the current (at the end: final) round, for the second tie-break.
    fn order_pos(&self, p: usize) -> usize {
        self.order
            .iter()
            .position(|&s| s as usize == p)
            .unwrap_or(0)
    }

    fn tile_label(t: Option<Tile>) -> String {
        t.map_or("-".into(), |t| t.name())
    }

    fn src_name(src: usize) -> &'static str {
        ["die1", "die2", "castle", "free"][src.min(3)]
    }

    fn write_tensor(&self, seat: usize, w: &mut dyn FnMut(f32)) {
        let n = self.n();
        let onehot = |w: &mut dyn FnMut(f32), i: usize, len: usize| {
            for j in 0..len {
                w((i == j) as u8 as f32);
            }
        };
        let tile_hot = |w: &mut dyn FnMut(f32), t: Option<Tile>| {
            for j in 0..NUM_TILES {
                w((t.map(|t| t.0 as usize) == Some(j)) as u8 as f32);
            }
        };
        onehot(w, self.phase.index(), 5);
        onehot(w, self.round as usize - 1, 5);
        let step_i = match self.step {
            Step::ChooseBoard { .. } => 0,
            Step::ChooseCastle { .. } => 1,
            Step::FillDepots { .. } => 2,
            Step::RollDice { .. } => 3,
            Step::Play => 4,
            Step::GameOver => 5,
        };
        onehot(w, step_i, 6);
        let pend_i = match self.pending {
            Pending::None => 0,
            Pending::Discard { .. } => 1,
            Pending::Castle => 2,
            Pending::CityHall => 3,
            Pending::FreeTake { .. } => 4,
            Pending::Warehouse => 5,
            Pending::ShipDepot => 6,
            Pending::ShipGoods { .. } => 7,
        };
        onehot(w, pend_i, 8);
        let cur = self.current().map_or(4, |p| (p + n - seat) % n);
        onehot(w, cur, 4);
        w(self.purchased as u8 as f32);
        for d in 0..6 {
            for s in 0..4 {
                tile_hot(w, self.depots[d][s]);
            }
            for t in 0..6 {
                w(self.depot_goods[d][t] as f32);
            }
        }
        for s in 0..8 {
            tile_hot(w, self.black_depot[s]);
        }
        for r in 0..5 {
            onehot(w, self.round_goods[r].map_or(6, |g| g as usize - 1), 6);
        }
        onehot(w, self.white_die as usize, 7);
        for i in 0..4 {
            if i >= n {
                for _ in 0..PLAYER_TENSOR {
                    w(0.0);
                }
                continue;
            }
            let p = (seat + i) % n;
            let pl = &self.players[p];
            // A32: another player's secret board and start castle stay hidden until revealed.
            let hid = self.hidden_from(seat, p);
            for c in 0..CELLS {
                tile_hot(w, if hid { None } else { pl.estate[c] });
            }
            for s in 0..3 {
                tile_hot(w, pl.storage[s]);
            }
            for t in 0..6 {
                w(pl.goods[t] as f32);
            }
            for t in 0..6 {
                w(pl.sold[t] as f32);
            }
            w(pl.silverlings as f32);
            w(pl.workers as f32);
            w(pl.vp as f32 / 100.0);
            w(pl.track_position as f32);
            w(self.order_pos(p) as f32);
            for c in 0..6 {
                onehot(w, pl.bonuses[c] as usize, 3);
            }
            for d in 0..2 {
                onehot(w, pl.dice[d] as usize, 7);
                w(pl.dice_used[d] as u8 as f32);
            }
            onehot(w, if hid { 9 } else { pl.board as usize - 1 }, 9);
        }
    }
}

/// Floats per player in the tensor.
const PLAYER_TENSOR: usize = CELLS * NUM_TILES + 3 * NUM_TILES + 6 + 6 + 5 + 18 + 16 + 9;

impl Game for CastlesOfBurgundy {
    fn info() -> GameInfo {
        GameInfo {
            name: "castles_of_burgundy",
            title: "The Castles of Burgundy",
            min_players: 2,
            max_players: 4,
            options: info_options(),
            // Only the option secret_board_choice hides anything (A32); the flag is per game.
            hidden_information: true,
            state_version: STATE_VERSION,
        }
    }

    fn new(config: &Config, seed: u64) -> Result<Self, GameError> {
        let n = config.players;
        if !(2..=4).contains(&n) {
            return Err(GameError::bad_option("players", "2 to 4 players"));
        }
        let variant = config.bool("experienced_variant");
        let bnum = config.int("board");
        if !(1..=9).contains(&bnum) {
            return Err(GameError::bad_option("board", "must be 1..=9"));
        }
        if variant && bnum != 1 {
            return Err(GameError::bad_option(
                "experienced_variant",
                "the variant deals random boards; leave board at 1",
            ));
        }
        if config.bool("secret_board_choice") && !variant {
            return Err(GameError::bad_option(
                "secret_board_choice",
                "the secret board choice belongs to experienced_variant",
            ));
        }
        let mut rng = GameRng::new(seed);
        let (mut pile, black_pile) = supply();
        pile[CASTLE as usize] -= n as u8;
        let fp = config.int("first_player");
        if fp >= n as i64 {
            return Err(GameError::bad_option(
                "first_player",
                format!("seat {fp} does not exist with {n} players"),
            ));
        }
        let first = if fp < 0 {
            rng.below(n as u32) as usize
        } else {
            fp as usize
        };
        let order: Vec<u8> = (0..n).map(|i| ((first + i) % n) as u8).collect();
        let mut goods_bag = [7u8; 6];
        let mut players = Vec::with_capacity(n);
        for _ in 0..n {
            players.push(Player {
                board: bnum as u8,
                board_sides: None,
                estate: Estate::default(),
                storage: [None; 3],
                goods: [0; 6],
                sold: [0; 6],
                silverlings: 1,
                workers: 0,
                vp: 0,
                track_position: 0,
                track_height: 0,
                bonuses: [Bonus::None; 6],
                dice: [0; 2],
                dice_used: [false; 2],
            });
        }
        for (i, &s) in order.iter().enumerate() {
            let pl = &mut players[s as usize];
            pl.workers = i as u16 + 1;
            pl.track_height = (n - 1 - i) as u8;
        }
        // Three goods each, in seat order.
        for pl in players.iter_mut() {
            for _ in 0..3 {
                let g = rng.weighted(goods_bag.iter().map(|&x| x as u32));
                goods_bag[g] -= 1;
                pl.goods[g] += 1;
            }
        }
        let step;
        if variant {
            let mut phys: Vec<(u8, u8)> = PHYSICAL_BOARDS.to_vec();
            rng.shuffle(&mut phys);
            for (p, pl) in players.iter_mut().enumerate() {
                let (a, b) = phys[p];
                pl.board_sides = Some([a, b]);
            }
            step = Step::ChooseBoard { idx: 0 };
        } else if board(bnum as u8).colour[18] == Colour::Castle {
            for pl in players.iter_mut() {
                pl.estate.set(18, Some(Tile(CASTLE)));
            }
            step = Step::FillDepots { next: 0 };
        } else {
            step = Step::ChooseCastle { idx: 0 };
        }
        let mut g = CastlesOfBurgundy {
            version: STATE_VERSION,
            config: Arc::new(config.clone()),
            phase: Phase::A,
            round: 1,
            step,
            order,
            turn: 0,
            purchased: false,
            pending: Pending::None,
            players,
            depots: [[None; 4]; 6],
            depot_goods: [[0; 6]; 6],
            black_depot: [None; 8],
            round_goods: [None; 5],
            white_die: 0,
            pile,
            black_pile,
            boxed: [0; NUM_TILES],
            goods_bag,
            goods_discarded: [0; 6],
            rng,
        };
        g.settle();
        Ok(g)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn num_distinct_actions(&self) -> u32 {
        NUM_ACTIONS
    }

    fn turn(&self) -> Turn {
        match self.step {
            Step::GameOver => Turn::Terminal,
            Step::FillDepots { .. } | Step::RollDice { .. } => Turn::Chance,
            _ => match self.current() {
                Some(p) => Turn::Player(p),
                None => Turn::Terminal,
            },
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.turn() {
            Turn::Terminal => {}
            Turn::Chance => self.chance_each(|a, _| out.push(a)),
            Turn::Player(p) => self.gen_player(p, out),
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
        if self.turn() == Turn::Chance {
            self.chance_each(|a, w| out.push((a, w)));
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        let ok = match self.turn() {
            Turn::Terminal => false,
            Turn::Chance => {
                let mut found = false;
                self.chance_each(|a, _| found |= a == action);
                found
            }
            Turn::Player(p) => self.player_action_legal(p, action),
        };
        if !ok {
            let what = if action < NUM_ACTIONS {
                self.action_label(action)
            } else {
                format!("action {action}")
            };
            return Err(RuleError::new(format!(
                "{what} is not legal now (step {:?}, pending {:?})",
                self.step, self.pending
            )));
        }
        match self.turn() {
            Turn::Chance => self.apply_chance(action),
            Turn::Player(p) => self.apply_player(p, action),
            Turn::Terminal => return Err(RuleError::new("the game is over")),
        }
        self.settle();
        Ok(())
    }

    fn scores(&self) -> Vec<f64> {
        self.players.iter().map(|p| p.vp as f64).collect()
    }

    fn winners(&self) -> Vec<usize> {
        if self.step != Step::GameOver {
            return Vec::new();
        }
        let most_empty = self.config.bool("tiebreak_most_empty_spaces");
        let by_track = self.config.bool("tiebreak_last_by_track");
        let key = |p: usize| {
            let e = self.empty_spaces(p) as i64;
            let pl = &self.players[p];
            let last = if by_track {
                // further back (lower position, lower in the stack) = plays later
                -(pl.track_position as i64 * 1000 + pl.track_height as i64)
            } else {
                self.order_pos(p) as i64
            };
            (pl.vp as i64, if most_empty { e } else { -e }, last)
        };
        let best = (0..self.n()).map(key).max();
        (0..self.n()).filter(|&p| Some(key(p)) == best).collect()
    }

    fn observation(&self, seat: usize) -> Value {
        let mut v = serde_json::to_value(self).unwrap_or(Value::Null);
        if let Value::Object(m) = &mut v {
            m.remove("rng");
            // The derived stacks are not part of the position, but the observation shows them.
            m.insert(
                "pile".into(),
                serde_json::to_value(repr::TileCounts(self.pile)).unwrap_or(Value::Null),
            );
            m.insert("goods_bag".into(), json!(self.goods_bag));
            m.insert("to_move".into(), json!(self.turn().as_i32()));
            // A32: the other players' secret picks (board side, start castle) are hidden until
            // everyone has chosen; their dealt sides stay visible.
            if let Some(Value::Array(ps)) = m.get_mut("players") {
                for (q, pv) in ps.iter_mut().enumerate() {
                    if self.hidden_from(seat, q) {
                        if let Value::Object(pm) = pv {
                            pm.insert("board".into(), Value::Null);
                            pm.insert("estate".into(), json!({}));
                        }
                    }
                }
            }
        }
        v
    }

    /// Only the experienced variant's secret board choice (A32) hides anything.
    fn hidden_information(&self) -> bool {
        self.config.bool("secret_board_choice")
    }

    fn determinize(&self, seat: usize, seed: u64) -> Self {
        let mut g = self.clone();
        g.rng = GameRng::new(seed);
        // The only hidden information: the other players' secret picks in the variant (A32).
        // Resample each uniformly among what the observation allows (the dealt sides, then the
        // dark-green spaces of the drawn side), independently of the true picks.
        let (idx, castle_step) = match self.step {
            Step::ChooseBoard { idx } => (idx as usize, false),
            Step::ChooseCastle { idx } => (idx as usize, true),
            _ => return g,
        };
        if !self.config.bool("secret_board_choice") {
            return g;
        }
        for (i, &q) in self.order.iter().enumerate() {
            let q = q as usize;
            let chose_side = i < idx || (i == idx && castle_step);
            if q == seat || !chose_side {
                continue;
            }
            let Some(sides) = self.players[q].board_sides else {
                continue;
            };
            let side = sides[g.rng.below(2) as usize];
            g.players[q].board = side;
            if i < idx {
                let cells = &board(side).castle_cells;
                let mut estate = Estate::default();
                if !cells.is_empty() {
                    let c = cells[g.rng.below(cells.len() as u32) as usize];
                    estate.set(c as usize, Some(Tile(CASTLE)));
                }
                g.players[q].estate = estate;
            }
        }
        g
    }

    fn observation_tensor_len(&self) -> usize {
        let mut n = 0usize;
        self.write_tensor(0, &mut |_| n += 1);
        n
    }

    fn observation_tensor(&self, seat: usize, out: &mut [f32]) {
        let mut i = 0usize;
        self.write_tensor(seat, &mut |x| {
            if let Some(o) = out.get_mut(i) {
                *o = x;
            }
            i += 1;
        });
        for o in out.iter_mut().skip(i) {
            *o = 0.0;
        }
    }

    fn action_label(&self, a: Action) -> String {
        let p = self.current().unwrap_or(0);
        match self.turn() {
            Turn::Chance => match self.step {
                Step::FillDepots { next } => {
                    let next = next as usize;
                    if next < 24 {
                        format!(
                            "draw {} to depot{}.{}",
                            Tile(a.min(48) as u8).name(),
                            next / 4 + 1,
                            next % 4 + 1
                        )
                    } else if next < 32 {
                        format!(
                            "draw {} to black{}",
                            Tile(a.min(48) as u8).name(),
                            next - 23
                        )
                    } else {
                        format!("reveal goods{} for round{}", a + 1, next - 31)
                    }
                }
                Step::RollDice { next } => {
                    let next = next as usize;
                    if next < 2 * self.n() {
                        format!("roll P{} die{} {}", next / 2, next % 2 + 1, a + 1)
                    } else {
                        format!("roll white {}", a + 1)
                    }
                }
                _ => format!("chance {a}"),
            },
            _ => {
                let pl = self.players.get(p);
                let stored = |j: usize| pl.and_then(|pl| pl.storage.get(j).copied().flatten());
                match a {
                    _ if a < PLACE => {
                        let i = a as usize;
                        let (src, d, s) = (i / 24, i % 24 / 4, i % 4);
                        format!(
                            "take {} depot{}.{} {}",
                            Self::src_name(src),
                            d + 1,
                            s + 1,
                            Self::tile_label(self.depots[d][s])
                        )
                    }
                    _ if a < SELL => {
                        let i = (a - PLACE) as usize;
                        let (src, j, c) = (i / 111, i % 111 / 37, i % 37);
                        format!(
                            "place {} storage{}:{}@{}",
                            Self::src_name(src),
                            j + 1,
                            Self::tile_label(stored(j)),
                            c + 1
                        )
                    }
                    _ if a < WORKERS => {
                        let i = (a - SELL) as usize;
                        format!("sell {} goods{}", Self::src_name(i / 6), i % 6 + 1)
                    }
                    _ if a < BUY_BLACK => {
                        format!("workers {}", Self::src_name((a - WORKERS) as usize))
                    }
                    _ if a < BUY_DEPOT => {
                        let s = (a - BUY_BLACK) as usize;
                        format!(
                            "buy black{} {}",
                            s + 1,
                            Self::tile_label(self.black_depot[s])
                        )
                    }
                    _ if a < FREE_TAKE => {
                        let i = (a - BUY_DEPOT) as usize;
                        format!(
                            "buy depot{}.{} {}",
                            i / 4 + 1,
                            i % 4 + 1,
                            Self::tile_label(self.depots[i / 4][i % 4])
                        )
                    }
                    _ if a < DISCARD => {
                        let i = (a - FREE_TAKE) as usize;
                        format!(
                            "free_take depot{}.{} {}",
                            i / 4 + 1,
                            i % 4 + 1,
                            Self::tile_label(self.depots[i / 4][i % 4])
                        )
                    }
                    _ if a < SHIP_DEPOT => {
                        let j = (a - DISCARD) as usize;
                        format!("discard storage{} {}", j + 1, Self::tile_label(stored(j)))
                    }
                    _ if a < SHIP_PAIR => format!("ship_goods depot{}", a - SHIP_DEPOT + 1),
                    _ if a < SHIP_KEEP => {
                        let d = a - SHIP_PAIR;
                        format!("ship_goods depots{}+{}", d + 1, (d + 1) % 6 + 1)
                    }
                    _ if a < DECLINE => format!("keep goods{}", a - SHIP_KEEP + 1),
                    DECLINE => "decline".into(),
                    END_TURN => "end_turn".into(),
                    _ if a < CHOOSE_CASTLE => format!("board{}", a - CHOOSE_BOARD + 1),
                    _ if a < DISCARD_GOODS => format!("start_castle@{}", a - CHOOSE_CASTLE + 1),
                    _ if a < NUM_ACTIONS => format!("throw_away goods{}", a - DISCARD_GOODS + 1),
                    _ => format!("action {a}"),
                }
            }
        }
    }

    fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    fn max_game_length(&self) -> u64 {
        let n = self.n() as u64;
        // Chance: per phase at most 24 depot + 8 black + 5 goods draws, per round 2n+1 dice.
        let chance = 5 * 37 + 25 * (2 * n + 1);
        // Per player: 2 setup choices; per turn 2 die actions, a purchase, end_turn and a
        // discard after each of the 3 tile gains; per placement (at most 36) at most 6 follow-up
        // decisions (castle/City hall choice, ship depot, 3 goods choices, a throw-away, a
        // discard), counted as 8 for a margin.
        let per_player = 2 + 25 * 7 + 36 * 8;
        chance + n * per_player
    }

    fn validate(&self) -> Result<(), String> {
        self.check()
    }

    fn render(&self) -> String {
        let mut s = String::new();
        s.push_str(&format!(
            "Phase {:?} round {} step {:?} pending {:?} white die {}\n",
            self.phase, self.round, self.step, self.pending, self.white_die
        ));
        for d in 0..6 {
            s.push_str(&format!("depot {}: ", d + 1));
            for t in &self.depots[d] {
                s.push_str(&format!("{} ", Self::tile_label(*t)));
            }
            s.push_str(&format!(" goods {:?}\n", self.depot_goods[d]));
        }
        s.push_str("black: ");
        for t in &self.black_depot {
            s.push_str(&format!("{} ", Self::tile_label(*t)));
        }
        s.push('\n');
        s.push_str(&format!("round goods: {:?}\n", self.round_goods));
        for (p, pl) in self.players.iter().enumerate() {
            s.push_str(&format!(
                "P{p} (board {}): vp {} silver {} workers {} track {}/{} dice {:?} used {:?} goods {:?} sold {:?}\n  storage: {}\n  estate:",
                pl.board,
                pl.vp,
                pl.silverlings,
                pl.workers,
                pl.track_position,
                pl.track_height,
                pl.dice,
                pl.dice_used,
                pl.goods,
                pl.sold,
                pl.storage.iter().map(|t| Self::tile_label(*t)).collect::<Vec<_>>().join(", ")
            ));
            for (c, t) in pl.estate.iter().enumerate() {
                if let Some(t) = t {
                    s.push_str(&format!(" {}:{}", c + 1, t.name()));
                }
            }
            s.push('\n');
        }
        s.push_str(&format!("order: {:?}, turn {}\n", self.order, self.turn));
        s
    }

    fn evaluate(&self, seat: usize) -> f64 {
        // Projected final score (current VP plus what the end-game scoring would add now),
        // turned into a win estimate: 0.5 + (mine - best other) / 80, clamped to [0, 1].
        let n = self.n();
        if seat >= n {
            return 0.0;
        }
        if self.step == Step::GameOver {
            let w = self.winners();
            return if w.contains(&seat) {
                1.0 / w.len() as f64
            } else {
                0.0
            };
        }
        let proj = |p: usize| self.players[p].vp as f64 + self.final_points(p) as f64;
        let mine = proj(seat);
        let best = (0..n)
            .filter(|&p| p != seat)
            .map(proj)
            .fold(f64::MIN, f64::max);
        (0.5 + (mine - best) / 80.0).clamp(0.0, 1.0)
    }
}
