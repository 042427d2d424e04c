//! The state (which is also the documented position format) and the rules.

use crate::data::*;
use crate::format::*;
use meeple_core::{Action, Config, GameRng};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

// ---------------------------------------------------------------------------------------------
// Action ids (fixed for every configuration; see docs/games/puerto_rico.md).
// ---------------------------------------------------------------------------------------------

/// `ROLE + r`: choose role tile r (settler, mayor, builder, craftsman, trader, captain,
/// prospector, second_prospector).
pub const ROLE: Action = 0;
/// Pass / decline (settler, hacienda, hospice, mayor privilege, builder, university, optional
/// production, trader, captain when no cargo ship can be loaded).
pub const PASS: Action = 8;
/// `SETTLE + k`: take the face-up plantation of kind k (corn, indigo, sugar, tobacco, coffee).
pub const SETTLE: Action = 9;
/// Take a quarry (settler privilege or construction hut).
pub const TAKE_QUARRY: Action = 14;
/// Hacienda: draw the extra face-down plantation.
pub const HACIENDA_DRAW: Action = 15;
/// Hacienda with an occupied construction hut: a quarry instead of the face-down tile.
pub const HACIENDA_QUARRY: Action = 16;
/// Accept (mayor privilege colonist, hospice colonist, university colonist, produce when
/// production is optional).
pub const ACCEPT: Action = 17;
/// `BUILD + b`: build building b.
pub const BUILD: Action = 18;
/// `PLACE + t`: mayor places one colonist on target t (base targets 0..29: buildings 0..23 in
/// chart order, then the plantation kinds and the quarry). Expansion I buildings use `PLACE_X`.
pub const PLACE: Action = BUILD + BASE_BUILDINGS as Action;
/// Mayor targets: base buildings 0..23, island tiles 23..29 (corn..coffee, quarry), Expansion I
/// buildings 29..43. Ascending target order is the placement order.
pub const BASE_TARGETS: usize = BASE_BUILDINGS + NUM_TILES;
/// Targets up to Expansion I (the Expansion I action blocks keep this size; 43 = windrose there).
pub const X_TARGETS: usize = X_BUILDINGS + NUM_TILES;
/// Every target (Expansion II buildings 37..45 are targets 43..51); `NUM_TARGETS` also names the
/// windrose where a target or the windrose is meant.
pub const NUM_TARGETS: usize = NUM_BUILDINGS + NUM_TILES;
// Mayor targets are kept in a u64 bit mask.
const _: () = assert!(NUM_TARGETS <= 64);
/// `BONUS + g`: the craftsman's privilege barrel.
pub const BONUS: Action = PLACE + BASE_TARGETS as Action;
/// `SELL + g`: sell one barrel to the trading house.
pub const SELL: Action = BONUS + 5;
/// `LOAD + 3 g + s`: load good g onto cargo ship s (ships smallest first).
pub const LOAD: Action = SELL + 5;
/// `WHARF + g`: ship every barrel of g on the own wharf.
pub const WHARF: Action = LOAD + 15;
/// `WAREHOUSE + g`: store every barrel of g in a warehouse (end of the captain phase).
pub const WAREHOUSE: Action = WHARF + 5;
/// `KEEP + g`: keep one barrel of g (end of the captain phase).
pub const KEEP: Action = WAREHOUSE + 5;
/// `DRAW + k`: chance outcome: a plantation of kind k comes off the deck.
pub const DRAW: Action = KEEP + 5;
/// Actions of the base game (every id below this keeps its meaning with the expansions).
pub const NUM_ACTIONS: Action = DRAW + 5;

// --- Expansion I (only with `new_buildings`) ---
/// `BUILD_X + i`: build Expansion I building 23 + i.
pub const BUILD_X: Action = NUM_ACTIONS;
/// `PLACE_X + i`: place a colonist on Expansion I building 23 + i (target 29 + i).
pub const PLACE_X: Action = BUILD_X + (X_BUILDINGS - BASE_BUILDINGS) as Action;
/// `DRAFT + b`: set-up draft: put building kind b into the game.
pub const DRAFT: Action = PLACE_X + (X_BUILDINGS - BASE_BUILDINGS) as Action;
/// `FOREST + k`: settler with an occupied forest house: take the face-up plantation k as a forest.
pub const FOREST: Action = DRAFT + X_BUILDINGS as Action;
/// Hacienda + forest house: place the drawn tile as a forest.
pub const HACIENDA_FOREST: Action = FOREST + 5;
/// `BM_COLONIST + t`: black market: return a colonist from target t (X_TARGETS = windrose).
pub const BM_COLONIST: Action = HACIENDA_FOREST + 1;
/// `BM_GOOD + g`: black market: return one barrel of g.
pub const BM_GOOD: Action = BM_COLONIST + X_TARGETS as Action + 1;
/// Black market: return one VP chip.
pub const BM_VP: Action = BM_GOOD + 5;
/// `TRADING_POST + g`: trader: sell one barrel of g to the supply through the trading post.
pub const TRADING_POST: Action = BM_VP + 1;
/// `SMALL_WHARF + g`: captain: put one barrel of g on the small wharf (then more, or pass to ship).
pub const SMALL_WHARF: Action = TRADING_POST + 5;
/// `GUEST + t`: move one colonist from the guest house to an empty circle of target t.
pub const GUEST: Action = SMALL_WHARF + 5;
/// Actions with Expansion I.
pub const NUM_ACTIONS_X: Action = GUEST + X_TARGETS as Action;

/// The building on target t, if t is a building target.
#[inline]
pub fn target_building(t: usize) -> Option<usize> {
    if t < BASE_BUILDINGS {
        Some(t)
    } else if t < BASE_TARGETS {
        None
    } else {
        Some(t - NUM_TILES)
    }
}
/// The target index of building b.
#[inline]
pub fn building_target(b: usize) -> usize {
    if b < BASE_BUILDINGS {
        b
    } else {
        b + NUM_TILES
    }
}
/// The action id that builds building b.
#[inline]
pub fn build_id(b: usize) -> Action {
    if b < BASE_BUILDINGS {
        BUILD + b as Action
    } else if b < X_BUILDINGS {
        BUILD_X + (b - BASE_BUILDINGS) as Action
    } else {
        crate::nobles::BUILD_N + (b - X_BUILDINGS) as Action
    }
}
/// The action id that places a colonist on target t.
#[inline]
pub fn place_id(t: usize) -> Action {
    if t < BASE_TARGETS {
        PLACE + t as Action
    } else if t < X_TARGETS {
        PLACE_X + (t - BASE_TARGETS) as Action
    } else {
        crate::nobles::PLACE_N + (t - X_TARGETS) as Action
    }
}
/// The action id that returns a colonist from target t (or the windrose, `NUM_TARGETS`) to the
/// black market.
#[inline]
pub fn bm_colonist_id(t: usize) -> Action {
    if t < X_TARGETS {
        BM_COLONIST + t as Action
    } else if t >= NUM_TARGETS {
        BM_COLONIST + X_TARGETS as Action
    } else {
        crate::nobles::BM_COLONIST_N + (t - X_TARGETS) as Action
    }
}
/// The action id that drafts building kind b.
#[inline]
pub fn draft_id(b: usize) -> Action {
    if b < X_BUILDINGS {
        DRAFT + b as Action
    } else {
        crate::nobles::DRAFT_N + (b - X_BUILDINGS) as Action
    }
}
/// The action id that moves a guest-house colonist to target t.
#[inline]
pub fn guest_id(t: usize) -> Action {
    if t < X_TARGETS {
        GUEST + t as Action
    } else {
        crate::nobles::GUEST_N + (t - X_TARGETS) as Action
    }
}

/// Where the game is: who decides what next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// The chooser picks a role tile.
    ChooseRole,
    /// Settler: an occupied-hacienda owner decides whether to draw the extra tile.
    Hacienda,
    /// Chance: the hacienda tile comes off the deck.
    HaciendaDraw,
    /// Settler: take a face-up plantation, a quarry, or pass.
    Settle,
    /// Settler: the hospice owner decides on a colonist for `last_tile`.
    Hospice,
    /// Chance: refilling the face-up row (`todo` tiles still to draw).
    Refill,
    /// Mayor: the mayor decides on the privilege colonist.
    MayorPrivilege,
    /// Mayor: the actor places his colonists one at a time.
    Arrange,
    /// Builder: build or pass.
    Build,
    /// Builder: the university owner decides on a colonist for `last_building`.
    University,
    /// Craftsman (option `craftsman_optional_production`): produce or decline.
    Produce,
    /// Craftsman: the privilege barrel kind.
    CraftsmanBonus,
    /// Trader: sell or pass.
    Trade,
    /// Captain: load a ship, use the wharf, or pass.
    Load,
    /// End of the captain phase: choose a kind to warehouse.
    Warehouse,
    /// End of the captain phase: choose a barrel to keep (the single free one; with an
    /// occupied storehouse up to 3 more, one at a time in non-decreasing kind order).
    Keep,
    GameOver,
    // --- Expansion I ---
    /// Set-up draft: the actor puts one violet kind into the game.
    Draft,
    /// Settler, hacienda + occupied forest house: place the drawn tile (`last_tile`) as a
    /// plantation (pass) or as a forest.
    HaciendaForest,
    /// Builder, occupied black market, building `pending`: return a colonist or not.
    BlackMarketColonist,
    /// ... return a barrel or not.
    BlackMarketGood,
    /// ... return a VP chip or not.
    BlackMarketVp,
    /// Captain: the small-wharf load in progress (`todo` barrels so far): add a barrel or pass.
    SmallWharf,
    /// Guest-house window: the actor may move guest-house colonists, then passes.
    GuestHouse,
    // --- Expansion II ---
    /// Mayor, colonist ship with a noble and colonists: the actor takes the noble or a colonist.
    ShipNoble,
    /// Trader: after his sale the actor may still use his land office (or pass).
    LandOffice,
    /// Chance: the land-office plantation comes off the deck.
    LandOfficeDraw,
    /// Trader, land office + occupied forest house: the drawn tile (`last_tile`) as a plantation
    /// (pass) or a forest.
    LandOfficeForest,
    /// End of the settler phase: a hunting-lodge owner (colonist on it) may remove a tile.
    HuntingLodge,
    /// Captain phase start: a royal-supplier owner returns goods of distinct kinds, one at a time.
    RoyalSupplier,
}

/// Where play continues after a guest-house window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resume {
    /// The window opened a phase: start the role being played.
    RoleStart,
    /// The window followed the actor's build: the next builder.
    Build,
    /// The window opened the actor's storage at the end of the captain phase (E7 b): his
    /// storage follows.
    Storage,
}

fn is_zero_u8(x: &u8) -> bool {
    *x == 0
}
fn is_zero_u64(x: &u64) -> bool {
    *x == 0
}
fn is_zero_u32(x: &u32) -> bool {
    *x == 0
}
fn not(x: &bool) -> bool {
    !*x
}

/// One player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    pub doubloons: u32,
    /// VP chips held, written-down VP included.
    pub vp: u32,
    pub goods: PerGood,
    /// Island tiles by kind.
    pub island: PerTile,
    /// Colonists on island tiles by kind (at most one per tile).
    pub island_colonists: PerTile,
    pub buildings: City,
    /// Colonists waiting on the windrose ("San Juan").
    pub san_juan: u8,
    /// Expansion I: forests (face-down plantations) by the kind of the tile; no circles.
    #[serde(default, skip_serializing_if = "PerGood::is_zero")]
    pub forests: PerGood,
    /// Expansion I with `forest_source = tiles_2004` (E8): separate forest tiles (no kind).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub forest_tiles: u8,
}

pub const MAX_PLAYERS: usize = 5;

/// The players in seat order, written as a list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<Player>", into = "Vec<Player>")]
pub struct Players {
    pub len: u8,
    pub p: [Player; MAX_PLAYERS],
}

impl TryFrom<Vec<Player>> for Players {
    type Error = String;
    fn try_from(v: Vec<Player>) -> Result<Self, String> {
        if v.len() < 2 || v.len() > MAX_PLAYERS {
            return Err(format!("{} players (2 to 5)", v.len()));
        }
        let mut s = Players {
            len: v.len() as u8,
            ..Default::default()
        };
        for (i, x) in v.into_iter().enumerate() {
            s.p[i] = x;
        }
        Ok(s)
    }
}
impl From<Players> for Vec<Player> {
    fn from(s: Players) -> Self {
        s.p[..(s.len as usize).min(MAX_PLAYERS)].to_vec()
    }
}

impl Player {
    pub fn island_used(&self) -> u32 {
        self.island.total() + self.all_forests()
    }
    /// Forests of either source (2011 face-down plantations, 2004 forest tiles).
    #[inline]
    pub fn all_forests(&self) -> u32 {
        self.forests.total() + self.forest_tiles as u32
    }
    #[inline]
    pub fn city_used(&self) -> u32 {
        let mut n = 0u8;
        for (&x, &s) in self.buildings.0.iter().zip(SIZES.iter()) {
            n += if x > 0 { s } else { 0 };
        }
        n as u32
    }
    #[inline]
    pub fn occupied(&self, b: Building) -> bool {
        self.buildings.occupied(b)
    }
    /// Empty circles on target t (a building or an island tile kind).
    #[inline]
    pub fn empty_circles(&self, t: usize) -> u32 {
        if t < BASE_BUILDINGS {
            self.empty_building(t)
        } else if t < BASE_TARGETS {
            let k = t - BASE_BUILDINGS;
            (self.island.0[k] as u32).saturating_sub(self.island_colonists.0[k] as u32)
        } else if t < NUM_TARGETS {
            self.empty_building(t - NUM_TILES)
        } else {
            0
        }
    }
    /// Empty circles on building b.
    #[inline]
    pub fn empty_building(&self, b: usize) -> u32 {
        let x = self.buildings.0[b];
        if x == 0 {
            0
        } else {
            (BUILDINGS[b].circles as u32).saturating_sub(x as u32 - 1)
        }
    }
    pub fn empty_building_circles(&self) -> u32 {
        let mut e = 0u32;
        for (&x, &c) in self.buildings.0.iter().zip(CIRCLES.iter()) {
            e += if x == 0 {
                0
            } else {
                c.saturating_sub(x - 1) as u32
            };
        }
        e
    }
    /// Every colonist the player owns (tiles, buildings, windrose).
    pub fn colonists(&self) -> u32 {
        let mut c = 0u32;
        for &x in self.buildings.0.iter() {
            c += x.saturating_sub(1) as u32;
        }
        self.island_colonists.total() + c + self.san_juan as u32
    }
    /// Barrels of each good the player's occupied tiles can produce (before the supply limit).
    pub fn production(&self) -> [u8; NUM_GOODS] {
        let mut circles = [0u8; NUM_GOODS];
        // The production buildings are the first six kinds.
        for (i, d) in BUILDINGS[..6].iter().enumerate() {
            if let Class::Production { good, .. } = d.class {
                circles[good as usize] += self.buildings.colonists(i);
            }
        }
        let occ = &self.island_colonists.0;
        [
            occ[0],
            occ[1].min(circles[1]),
            occ[2].min(circles[2]),
            occ[3].min(circles[3]),
            occ[4].min(circles[4]),
        ]
    }
    /// Printed VP of the buildings plus the large buildings' bonuses (occupied only).
    pub fn building_points(&self) -> u32 {
        let mut s = 0u32;
        for (i, d) in BUILDINGS.iter().enumerate() {
            if self.buildings.0[i] > 0 {
                s += d.vp as u32;
            }
        }
        s + self.large_bonus()
    }
    /// The large buildings' end bonuses (rules §5.4), for occupied ones.
    pub fn large_bonus(&self) -> u32 {
        let mut s = 0;
        if self.occupied(Building::GuildHall) {
            for (i, d) in BUILDINGS.iter().enumerate() {
                if self.buildings.0[i] > 0 {
                    if let Class::Production { small, .. } = d.class {
                        s += if small { 1 } else { 2 };
                    }
                }
            }
        }
        if self.occupied(Building::Residence) {
            s += match self.island_used() {
                0..=9 => 4,
                10 => 5,
                11 => 6,
                _ => 7,
            };
        }
        if self.occupied(Building::Fortress) {
            s += self.colonists() / 3;
        }
        if self.occupied(Building::CustomsHouse) {
            s += self.vp / 4;
        }
        if self.occupied(Building::CityHall) {
            for (i, d) in BUILDINGS.iter().enumerate() {
                if self.buildings.0[i] > 0 && d.class == Class::Violet {
                    s += 1;
                }
            }
        }
        if self.occupied(Building::Cloister) {
            s += self.cloister_bonus(true);
        }
        s
    }
    /// Expansion I cloister (rules §8.4): sets of 3 identical island tiles (each plantation kind,
    /// and with `all` the quarries and the forests as one type each): 1/2/3/4 sets score
    /// 1/3/6/10 VP.
    pub fn cloister_bonus(&self, all: bool) -> u32 {
        let mut sets = 0u32;
        for k in 0..NUM_GOODS {
            sets += self.island.0[k] as u32 / 3;
        }
        if all {
            sets += self.island.0[QUARRY] as u32 / 3 + self.all_forests() / 3;
        }
        [0, 1, 3, 6, 10][sets.min(4) as usize]
    }
    pub fn score(&self) -> u32 {
        self.vp + self.building_points()
    }
}

/// A Puerto Rico game state. Its JSON is the documented position format.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuertoRico {
    /// The configuration (shared: cloning a state does not copy it). Options missing from a
    /// hand-written position take their defaults.
    #[serde(deserialize_with = "de_config")]
    pub config: Arc<Config>,
    /// Round number, from 1.
    pub round: u32,
    pub governor: u8,
    /// Roles chosen so far this round.
    pub picks: u8,
    /// The role being played (`null` during role selection and at the end).
    pub role: Option<Role>,
    /// Who chose the role being played (or who chooses next during role selection).
    pub chooser: u8,
    /// Turns taken in the current phase: the actor is `(chooser + acted) % players`.
    #[serde(default)]
    pub acted: u16,
    pub step: Step,
    pub roles: Roles,
    pub players: Players,
    /// Derived (recomputed when read; see `derived.rs`), like every supply.
    #[serde(default)]
    pub colonist_supply: u8,
    pub colonist_ship: u8,
    /// VP chips left in the supply; negative once VP are written down.
    #[serde(default)]
    pub vp_supply: i32,
    #[serde(default)]
    pub goods_supply: PerGood,
    #[serde(default)]
    pub quarries: u8,
    /// The face-up plantations.
    pub plantation_row: PerGood,
    /// The face-down deck: a multiset (its order is unknown to everyone; draws are chance nodes).
    #[serde(default)]
    pub deck: PerGood,
    /// Face-up discarded plantations, reshuffled into the deck when it runs out.
    pub discard: PerGood,
    #[serde(default)]
    pub building_supply: BuildingSupply,
    pub ships: Ships,
    pub trading_house: PerGood,
    /// An end condition happened: the game ends with this round.
    pub end_triggered: bool,
    /// The game was cut by the `max_rounds` option.
    #[serde(default)]
    pub truncated: bool,
    // --- phase bookkeeping ---
    /// Settler: seats that took a quarry this phase (A13); a bit set, written as a list.
    #[serde(default, with = "seat_set")]
    pub quarry_taken: u8,
    /// Captain: seats that used their wharf this phase.
    #[serde(default, with = "seat_set")]
    pub wharf_used: u8,
    /// Captain: the captain's +1 VP has been paid.
    #[serde(default)]
    pub captain_bonus_paid: bool,
    /// Captain: consecutive turns without a load.
    #[serde(default)]
    pub no_load_turns: u8,
    /// Craftsman: goods the craftsman received this phase.
    #[serde(default, with = "good_set")]
    pub craftsman_kinds: u8,
    /// Mayor arrangement / warehouse choice: the lowest target still allowed (placements are
    /// made in ascending order so every arrangement has exactly one action sequence).
    #[serde(default)]
    pub floor: u8,
    /// Refill draws left, or warehouse kinds still to choose.
    #[serde(default)]
    pub todo: u8,
    /// Storage: goods the actor has warehoused so far.
    #[serde(default, with = "good_set")]
    pub warehoused: u8,
    /// Settler: the tile kind the hospice colonist would go on (name, or null).
    #[serde(default, with = "opt_tile")]
    pub last_tile: Option<u8>,
    /// Builder: the building the university colonist would go on.
    #[serde(default)]
    pub last_building: Option<Building>,
    // --- Expansion I (all optional in the JSON; absent in base games) ---
    /// The game is played with Expansion I (must match the `new_buildings` option).
    #[serde(default, skip_serializing_if = "not")]
    pub new_buildings: bool,
    /// Expansion I: the violet kinds put into the game (by the draft or the set-up options).
    #[serde(default, skip_serializing_if = "is_zero_u64", with = "building_set")]
    pub building_set: u64,
    /// Black market: the building being bought while items are returned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<Building>,
    /// Black market: items returned so far for `pending` (each cuts the price by 1).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub bm_cut: u8,
    /// Storage: barrels the actor keeps so far (not warehoused).
    #[serde(default, skip_serializing_if = "PerGood::is_zero")]
    pub kept: PerGood,
    /// The privilege of the role being played is doubled (the chooser's occupied library).
    #[serde(default, skip_serializing_if = "not")]
    pub doubled: bool,
    /// 2 players (E6): seats whose library already doubled a privilege this round.
    #[serde(default, skip_serializing_if = "is_zero_u8", with = "seat_set")]
    pub library_used: u8,
    /// Captain: seats that used their small wharf this phase.
    #[serde(default, skip_serializing_if = "is_zero_u8", with = "seat_set")]
    pub small_wharf_used: u8,
    /// Guest-house window: seats still to be asked.
    #[serde(default, skip_serializing_if = "is_zero_u8", with = "seat_set")]
    pub guest_queue: u8,
    /// Guest-house window: where play continues afterwards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guest_after: Option<Resume>,
    /// Craftsman: barrels the craftsman received in production (specialty factory, E4).
    #[serde(default, skip_serializing_if = "PerGood::is_zero")]
    pub craft_received: PerGood,
    /// Colonists taken out of the game by the black market (option
    /// `black_market_returns = out_of_game`, E9).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub removed_colonists: u8,
    /// VP chips taken out of the game by the black market (E9).
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub removed_vp: u32,
    /// `forest_source = tiles_2004` (E8): forest tiles left in the supply (12 at the start).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub forest_supply: u8,
    /// Expansion II (option `nobles`): noble supply, ship and owners (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nobles: Option<Box<crate::nobles::Nobles>>,
    /// The game's RNG (optional in a hand-written position: seed 0).
    #[serde(default = "default_rng")]
    pub rng: GameRng,
}

fn de_config<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Arc<Config>, D::Error> {
    use meeple_core::Game;
    use serde::de::Error;
    let c = Config::deserialize(d)?;
    let full = Config::new(&PuertoRico::info(), c.players, &c.options).map_err(D::Error::custom)?;
    Ok(Arc::new(full))
}

fn default_rng() -> GameRng {
    GameRng::new(0)
}

impl PuertoRico {
    #[inline]
    pub fn n(&self) -> usize {
        (self.players.len as usize).clamp(1, MAX_PLAYERS)
    }
    #[inline]
    pub fn actor(&self) -> usize {
        (self.chooser as usize + self.acted as usize) % self.n()
    }
    #[inline]
    pub fn player(&self, p: usize) -> &Player {
        &self.players.p[p % MAX_PLAYERS]
    }
    #[inline]
    pub(crate) fn pm(&mut self, p: usize) -> &mut Player {
        &mut self.players.p[p % MAX_PLAYERS]
    }
    pub fn picks_per_round(&self) -> u8 {
        setup(self.n()).picks
    }
    pub fn is_chance(&self) -> bool {
        matches!(
            self.step,
            Step::HaciendaDraw | Step::Refill | Step::LandOfficeDraw
        )
    }

    /// A new game (rules §2).
    pub fn setup(shared: Arc<Config>, seed: u64) -> PuertoRico {
        let config: &Config = &shared;
        let n = config.players.clamp(2, MAX_PLAYERS);
        let s = setup(n);
        let mut rng = GameRng::new(seed);
        // The draw is made even for a chosen governor, so the rest of the set-up (the first
        // face-up row, a random building set) is the same as with that governor drawn.
        let drawn = rng.below(n as u32) as u8;
        let governor = match config.int("first_governor") {
            g if (0..n as i64).contains(&g) => g as u8,
            _ => drawn,
        };
        let mut players = Players {
            len: n as u8,
            ..Default::default()
        };
        let mut deck = PerGood(s.plantations);
        for r in 0..n {
            let seat = (governor as usize + r) % n;
            let k = s.start[r] as usize;
            deck.0[k] -= 1;
            let p = &mut players.p[seat];
            p.doubloons = s.doubloons;
            p.island.0[k] = 1;
        }
        let mut roles = Roles::default();
        for (i, r) in ROLES.iter().enumerate() {
            roles.0[i].in_play = r.in_play(n);
        }
        let mut ships = Ships {
            len: s.ships.len() as u8,
            ..Default::default()
        };
        for (i, &c) in s.ships.iter().enumerate() {
            ships.s[i].capacity = c;
        }
        let x = config.bool("new_buildings");
        let mut supply = [0u8; NUM_BUILDINGS];
        for d in BUILDINGS[..BASE_BUILDINGS].iter() {
            if !x || d.class != Class::Violet {
                supply[d.kind as usize] = d.kind.copies(n);
            }
        }
        let mut g = PuertoRico {
            config: shared.clone(),
            round: 1,
            governor,
            picks: 0,
            role: None,
            chooser: governor,
            acted: 0,
            step: Step::ChooseRole,
            roles,
            players,
            colonist_supply: s.colonist_supply,
            colonist_ship: s.colonist_ship,
            vp_supply: s.vp_chips,
            goods_supply: PerGood(s.goods),
            quarries: s.quarries,
            plantation_row: PerGood::default(),
            deck,
            discard: PerGood::default(),
            building_supply: BuildingSupply(supply),
            ships,
            trading_house: PerGood::default(),
            end_triggered: false,
            truncated: false,
            quarry_taken: 0,
            wharf_used: 0,
            captain_bonus_paid: false,
            no_load_turns: 0,
            craftsman_kinds: 0,
            floor: 0,
            todo: 0,
            warehoused: 0,
            last_tile: None,
            last_building: None,
            new_buildings: x,
            building_set: 0,
            pending: None,
            bm_cut: 0,
            kept: PerGood::default(),
            doubled: false,
            library_used: 0,
            small_wharf_used: 0,
            guest_queue: 0,
            guest_after: None,
            craft_received: PerGood::default(),
            removed_colonists: 0,
            removed_vp: 0,
            forest_supply: if x && config.str("forest_source") == "tiles_2004" {
                FOREST_TILES_2004
            } else {
                0
            },
            nobles: None,
            rng,
        };
        // Setup randomness: the first face-up row (N + 1 tiles).
        for _ in 0..=n {
            let d = g.deck.0;
            let k = g.rng.weighted(d.iter().map(|&c| c as u32));
            if g.deck.0[k] > 0 {
                g.deck.0[k] -= 1;
                g.plantation_row.0[k] += 1;
            }
        }
        if config.bool("nobles") {
            g.nobles_setup();
        }
        if x {
            match config.str("building_set") {
                "base" => g.set_buildings(BASE_VIOLET),
                "random" => {
                    // A draft of uniformly random legal picks.
                    let mut picks = Vec::new();
                    while g.building_set.count_ones() < SET_SIZE {
                        picks.clear();
                        for b in 0..NUM_BUILDINGS {
                            if g.draft_ok(b) {
                                picks.push(b);
                            }
                        }
                        if picks.is_empty() {
                            break;
                        }
                        let b = picks[g.rng.index(picks.len())];
                        g.set_buildings(g.building_set | 1 << b);
                    }
                }
                "fixed" => {
                    let set = Self::fixed_set(config).unwrap_or(BASE_VIOLET);
                    g.set_buildings(set);
                }
                _ => g.step = Step::Draft,
            }
        }
        g
    }

    /// The building set of the option `building_list` (17 violet kinds filling the draft slots).
    pub fn fixed_set(config: &Config) -> Result<u64, String> {
        let list = config
            .value("building_list")
            .as_array()
            .ok_or("building_list must be a list of 17 violet building names")?;
        let mut set = 0u64;
        for v in list {
            let name = v.as_str().unwrap_or("");
            let d = BUILDINGS
                .iter()
                .find(|d| d.name == name)
                .ok_or_else(|| format!("building_list: unknown building '{name}'"))?;
            if d.class != Class::Violet {
                return Err(format!(
                    "building_list: {name} is a production building (always in the game)"
                ));
            }
            if (d.kind as usize) >= X_BUILDINGS
                && !(config.bool("nobles") && config.str("nobles_buildings") == "drafted")
            {
                return Err(format!(
                    "building_list: {name} is an Expansion II kind, only drafted with nobles = \
                     true and nobles_buildings = drafted"
                ));
            }
            if set & (1 << d.kind as u8) != 0 {
                return Err(format!("building_list: {name} listed twice"));
            }
            set |= 1 << d.kind as u8;
        }
        for &(cost, slots) in DRAFT_SLOTS.iter() {
            let have = (0..NUM_BUILDINGS)
                .filter(|&b| set & (1 << b) != 0 && BUILDINGS[b].cost == cost)
                .count();
            if have != slots as usize {
                return Err(format!(
                    "building_list has {have} kinds of cost {cost}; the draft slots take {slots}"
                ));
            }
        }
        let both = (1u64 << Building::Hacienda as u8) | (1u64 << Building::ForestHouse as u8);
        if config.bool("hacienda_forest_house_exclusive") && set & both == both {
            return Err("building_list has both hacienda and forest house, which \
                 hacienda_forest_house_exclusive forbids"
                .into());
        }
        Ok(set)
    }

    /// Put the violet kinds of `set` into the game (copies for the player count).
    fn set_buildings(&mut self, set: u64) {
        let n = self.n();
        for b in 0..NUM_BUILDINGS {
            if set & (1 << b) != 0 && self.building_set & (1 << b) == 0 {
                self.building_supply.0[b] = BUILDINGS[b].kind.copies(n);
            }
        }
        self.building_set = set;
    }

    /// Set-up draft: may building kind b still be chosen (rules §8.2)?
    pub fn draft_ok(&self, b: usize) -> bool {
        let d = &BUILDINGS[b];
        if d.class != Class::Violet || self.building_set & (1 << b) != 0 {
            return false;
        }
        if b >= X_BUILDINGS && !self.nobles_drafted() {
            return false;
        }
        let used = (self.building_set & COST_MASK[d.cost as usize % 11]).count_ones();
        if used >= draft_slots(d.cost) {
            return false;
        }
        let other = match d.kind {
            Building::Hacienda => Building::ForestHouse,
            Building::ForestHouse => Building::Hacienda,
            _ => return true,
        };
        self.building_set & (1 << other as u8) == 0
            || !self.config.bool("hacienda_forest_house_exclusive")
    }

    // -----------------------------------------------------------------------------------------
    // Legal actions
    // -----------------------------------------------------------------------------------------

    /// Call `f` with every legal action, ascending.
    pub fn for_each_legal(&self, f: &mut impl FnMut(Action)) {
        if self.nobles.is_some() {
            // Expansion II ids interleave with the Expansion I ones (guest-house moves, builds):
            // sort them.
            let mut buf = [0 as Action; 256];
            let mut len = 0;
            self.legal_unsorted(&mut |a| {
                if len < buf.len() {
                    buf[len] = a;
                    len += 1;
                }
            });
            let v = &mut buf[..len];
            if v.windows(2).any(|w| w[0] > w[1]) {
                v.sort_unstable();
            }
            v.iter().copied().for_each(f);
        } else {
            self.legal_unsorted(f);
        }
    }

    /// Every legal action; ascending without Expansion II.
    fn legal_unsorted(&self, f: &mut impl FnMut(Action)) {
        let p = self.actor();
        let pl = self.player(p);
        match self.step {
            Step::GameOver => {}
            Step::ChooseRole => {
                for (r, s) in self.roles.0.iter().enumerate() {
                    if s.in_play && !s.taken {
                        f(ROLE + r as Action);
                    }
                }
            }
            Step::HaciendaDraw | Step::Refill | Step::LandOfficeDraw => {
                for (k, &c) in self.deck.0.iter().enumerate() {
                    if c > 0 {
                        f(DRAW + k as Action);
                    }
                }
            }
            Step::Hacienda => {
                f(PASS);
                if pl.island_used() >= 12 {
                    return;
                }
                if self.deck.total() + self.discard.total() > 0 {
                    f(HACIENDA_DRAW);
                }
                if self.hut_quarry(p) {
                    f(HACIENDA_QUARRY);
                }
                self.guest_moves(p, f);
            }
            Step::Settle => {
                f(PASS);
                if pl.island_used() >= 12 {
                    return;
                }
                // The library's second tile (acted = n) only while the privilege is doubled.
                let takes = (self.acted as usize) < self.n() || self.doubled;
                for k in 0..NUM_GOODS {
                    if takes && self.plantation_row.0[k] > 0 {
                        f(SETTLE + k as Action);
                    }
                }
                if self.can_take_quarry(p) {
                    f(TAKE_QUARRY);
                }
                if self.new_buildings {
                    if takes && pl.occupied(Building::ForestHouse) && self.forest_left() {
                        for k in 0..NUM_GOODS {
                            if self.plantation_row.0[k] > 0 {
                                f(FOREST + k as Action);
                            }
                        }
                    }
                    self.guest_moves(p, f);
                }
            }
            Step::MayorPrivilege => {
                f(PASS);
                if self.colonist_supply > 0 {
                    f(ACCEPT);
                }
            }
            Step::Hospice | Step::University => {
                f(PASS);
                if self.colonist_supply > 0 || self.colonist_ship > 0 {
                    f(ACCEPT);
                }
            }
            Step::Produce => {
                f(PASS);
                // Only when there is something to produce (a guest-house move may make it).
                if self.can_produce(p) {
                    f(ACCEPT);
                }
                self.guest_moves(p, f);
            }
            Step::Arrange if self.nobles.is_some() && self.arrange_has_colours(p) => {
                self.arrange_colours(p, f);
            }
            Step::Arrange => {
                let (mut mask, _) = self.arrange_mask(p);
                while mask != 0 {
                    let t = mask.trailing_zeros();
                    f(place_id(t as usize));
                    mask &= mask - 1;
                }
            }
            Step::Build => {
                f(PASS);
                let used = pl.city_used();
                let disc = self.discounts(p);
                for b in 0..self.num_buildings() {
                    if self.can_build_with(p, b, used, disc) {
                        f(build_id(b));
                    }
                }
                self.guest_moves(p, f);
            }
            Step::CraftsmanBonus => {
                for g in self.floor as usize..NUM_GOODS {
                    if self.craftsman_kinds & (1 << g) != 0 && self.goods_supply.0[g] > 0 {
                        f(BONUS + g as Action);
                    }
                }
            }
            Step::Trade => {
                f(PASS);
                for g in 0..NUM_GOODS {
                    if self.can_sell(p, g) {
                        f(SELL + g as Action);
                    }
                }
                if self.new_buildings {
                    if pl.occupied(Building::TradingPost) {
                        for g in 0..NUM_GOODS {
                            if pl.goods.0[g] > 0 {
                                f(TRADING_POST + g as Action);
                            }
                        }
                    }
                    self.guest_moves(p, f);
                }
                if self.nobles.is_some() {
                    self.land_office_moves(p, f);
                }
            }
            Step::Load => {
                let mut any = false;
                self.loads(p, &mut |_| any = true);
                if !any {
                    f(PASS);
                }
                self.loads(p, f);
                if self.wharf_available(p) {
                    for g in 0..NUM_GOODS {
                        if pl.goods.0[g] > 0 {
                            f(WHARF + g as Action);
                        }
                    }
                }
                if self.new_buildings {
                    if self.small_wharf_available(p) {
                        for g in 0..NUM_GOODS {
                            if pl.goods.0[g] > 0 {
                                f(SMALL_WHARF + g as Action);
                            }
                        }
                    }
                    self.guest_moves(p, f);
                }
            }
            Step::Warehouse => {
                for g in self.floor as usize..NUM_GOODS {
                    if self.warehouse_ok(p, g) {
                        f(WAREHOUSE + g as Action);
                    }
                }
            }
            Step::Keep => {
                let left = self.keep_left(p);
                let mut suffix = 0u32;
                let mut ok = [false; NUM_GOODS];
                for g in (self.floor as usize..NUM_GOODS).rev() {
                    let a = self.keep_avail(p, g);
                    suffix += a;
                    ok[g] = a > 0 && suffix >= left;
                }
                for g in 0..NUM_GOODS {
                    if ok[g] {
                        f(KEEP + g as Action);
                    }
                }
            }
            Step::Draft => {
                for b in 0..NUM_BUILDINGS {
                    if self.draft_ok(b) {
                        f(draft_id(b));
                    }
                }
            }
            Step::HaciendaForest => {
                f(PASS);
                if self.forest_left() {
                    f(HACIENDA_FOREST);
                }
            }
            Step::BlackMarketColonist => {
                if self.bm_can_skip(1) {
                    f(PASS);
                }
                if self.bm_item_ok() && self.nobles.is_some() {
                    for t in 0..X_TARGETS {
                        if self.bm_person_on(p, t, false) {
                            f(bm_colonist_id(t));
                        }
                    }
                    if self.bm_person_on(p, NUM_TARGETS, false) {
                        f(bm_colonist_id(NUM_TARGETS));
                    }
                    for t in X_TARGETS..NUM_TARGETS {
                        if self.bm_person_on(p, t, false) {
                            f(bm_colonist_id(t));
                        }
                    }
                    for t in 0..=NUM_TARGETS {
                        if self.bm_person_on(p, t, true) {
                            f(crate::nobles::BM_NOBLE + t as Action);
                        }
                    }
                } else if self.bm_item_ok() {
                    for t in 0..X_TARGETS {
                        if self.bm_colonist_on(p, t) {
                            f(BM_COLONIST + t as Action);
                        }
                    }
                    if pl.san_juan > 0 {
                        f(BM_COLONIST + X_TARGETS as Action);
                    }
                }
            }
            Step::BlackMarketGood => {
                if self.bm_can_skip(2) {
                    f(PASS);
                }
                if self.bm_item_ok() {
                    for g in 0..NUM_GOODS {
                        if pl.goods.0[g] > 0 {
                            f(BM_GOOD + g as Action);
                        }
                    }
                }
            }
            Step::BlackMarketVp => {
                if self.bm_can_skip(3) {
                    f(PASS);
                }
                if self.bm_item_ok() && pl.vp > 0 {
                    f(BM_VP);
                }
            }
            Step::SmallWharf => {
                f(PASS);
                for g in self.floor as usize..NUM_GOODS {
                    if pl.goods.0[g] > 0 {
                        f(SMALL_WHARF + g as Action);
                    }
                }
            }
            Step::GuestHouse => {
                f(PASS);
                self.guest_moves(p, f);
            }
            Step::ShipNoble => {
                f(ACCEPT);
                f(crate::nobles::TAKE_NOBLE);
            }
            Step::LandOffice => {
                f(PASS);
                self.land_office_moves(p, f);
            }
            Step::LandOfficeForest => {
                f(PASS);
                f(HACIENDA_FOREST);
            }
            Step::HuntingLodge => {
                f(PASS);
                self.removals(p, true, f);
            }
            Step::RoyalSupplier => {
                f(PASS);
                self.supplier_moves(p, f);
            }
        }
    }

    /// Building kinds in play: the base 23, 37 with Expansion I, all 45 with Expansion II (kinds
    /// not in the game have no copies in the supply).
    #[inline]
    pub fn num_buildings(&self) -> usize {
        if self.nobles.is_some() {
            NUM_BUILDINGS
        } else if self.new_buildings {
            X_BUILDINGS
        } else {
            BASE_BUILDINGS
        }
    }
    #[inline]
    pub(crate) fn num_targets(&self) -> usize {
        self.num_buildings() + NUM_TILES
    }

    // --- Expansion I helpers ---
    /// E8: whether a forest can be taken (always with the 2011 flip; a forest tile must be left
    /// with the 2004 tiles).
    #[inline]
    pub(crate) fn forest_left(&self) -> bool {
        !self.tiles_2004() || self.forest_supply > 0
    }
    #[inline]
    pub fn tiles_2004(&self) -> bool {
        self.new_buildings && self.config.str("forest_source") == "tiles_2004"
    }
    /// `p` makes plantation tile k a forest: 2011, the tile is turned face down; 2004 (E8), the
    /// tile is discarded and a forest tile taken from the supply.
    pub(crate) fn take_forest(&mut self, p: usize, k: usize) {
        if self.tiles_2004() {
            self.discard.0[k] += 1;
            self.forest_supply -= 1;
            self.pm(p).forest_tiles += 1;
        } else {
            self.pm(p).forests.0[k] += 1;
        }
    }
    /// Guest-house moves of `p` (only outside the mayor phase; option `guest_house_timing`).
    fn guest_moves(&self, p: usize, f: &mut impl FnMut(Action)) {
        if !self.new_buildings || !self.player(p).occupied(Building::GuestHouse) {
            return;
        }
        if self.step != Step::GuestHouse && self.config.str("guest_house_timing") != "any_time" {
            return;
        }
        let pl = self.player(p);
        let gh = building_target(Building::GuestHouse as usize);
        // Expansion II: a colonist moves only if one stands there (not just nobles).
        if self.nobles.is_none() || self.guest_colonist_ok(p) {
            for t in 0..self.num_targets() {
                if t != gh && pl.empty_circles(t) > 0 {
                    f(guest_id(t));
                }
            }
        }
        if self.nobles.is_some() {
            self.guest_nobles(p, f);
        }
    }
    /// Guest-house moves are offered next to the owner's own decisions and after he builds
    /// (E7 b, c), not only in the phase-start window.
    #[inline]
    pub(crate) fn guests_any_time(&self) -> bool {
        self.new_buildings && self.config.str("guest_house_timing") == "any_time"
    }
    /// Whether `p`, by moving one or more guest-house people first (E7 b), gets a move that
    /// `has_move` accepts in `step`. Each sequence of moves is tried on a copy; a guest house
    /// holds at most 2 people, so there are at most two moves.
    pub(crate) fn guests_enable(
        &self,
        p: usize,
        step: Step,
        has_move: fn(&PuertoRico, usize) -> bool,
    ) -> bool {
        if !self.guests_any_time() || !self.can_guest(p) {
            return false;
        }
        let mut probe = self.clone();
        probe.step = step;
        probe.guests_enable_from(p, has_move, 0)
    }
    /// `guests_enable` for the moves from `min` up (a set of moves is tried in one order only).
    fn guests_enable_from(
        &self,
        p: usize,
        has_move: fn(&PuertoRico, usize) -> bool,
        min: Action,
    ) -> bool {
        let mut moves = [0 as Action; 2 * NUM_TARGETS];
        let mut len = 0;
        self.guest_moves(p, &mut |a| {
            if a >= min && len < moves.len() {
                moves[len] = a;
                len += 1;
            }
        });
        moves[..len].iter().any(|&a| {
            let mut next = self.clone();
            next.apply_guest(p, a);
            has_move(&next, p) || next.guests_enable_from(p, has_move, a)
        })
    }
    /// Whether `p` has a guest-house move.
    pub fn can_guest(&self, p: usize) -> bool {
        let pl = self.player(p);
        if !self.new_buildings || !pl.occupied(Building::GuestHouse) {
            return false;
        }
        let gh = building_target(Building::GuestHouse as usize);
        (0..self.num_targets()).any(|t| t != gh && pl.empty_circles(t) > 0)
    }
    /// Black market: whether the actor has a colonist to return on target t.
    fn bm_colonist_on(&self, p: usize, t: usize) -> bool {
        let pl = self.player(p);
        match target_building(t) {
            Some(b) => b != Building::BlackMarket as usize && pl.buildings.colonists(b) > 0,
            None => pl.island_colonists.0[t - BASE_BUILDINGS] > 0,
        }
    }
    fn bm_has_colonist(&self, p: usize) -> bool {
        self.player(p).san_juan > 0 || (0..NUM_TARGETS).any(|t| self.bm_colonist_on(p, t))
    }
    /// Black-market items `p` could return, from stage `from` (1 colonist, 2 good, 3 VP).
    fn bm_items(&self, p: usize, from: u8) -> u32 {
        let pl = self.player(p);
        (from <= 1 && self.bm_has_colonist(p)) as u32
            + (from <= 2 && pl.goods.total() > 0) as u32
            + (from <= 3 && pl.vp > 0) as u32
    }
    /// The price of `pending` before the black market, and the shortfall.
    fn bm_price(&self) -> (u32, u32) {
        let p = self.actor();
        let price = self.todo as u32;
        (price, price.saturating_sub(self.player(p).doubloons))
    }
    /// Most items that may still be returned (price after the cuts so far; with
    /// `black_market_shortfall_only` the shortfall).
    fn bm_room(&self) -> u32 {
        let (price, short) = self.bm_price();
        let cap = if self.config.bool("black_market_shortfall_only") {
            short
        } else {
            price
        };
        cap.saturating_sub(self.bm_cut as u32)
    }
    fn bm_item_ok(&self) -> bool {
        self.bm_room() > 0
    }
    /// Whether the current stage may be skipped: the later stages can still cover the shortfall.
    fn bm_can_skip(&self, stage: u8) -> bool {
        let (_, short) = self.bm_price();
        let need = short.saturating_sub(self.bm_cut as u32);
        self.bm_items(self.actor(), stage + 1) >= need
    }
    /// Storage: barrels the actor may still keep (1, or 4 with an occupied storehouse).
    pub(crate) fn keep_left(&self, p: usize) -> u32 {
        let singles = 1 + 3 * self.player(p).occupied(Building::Storehouse) as u32;
        singles.saturating_sub(self.kept.total())
    }
    /// Storage: barrels of g the actor could still keep.
    fn keep_avail(&self, p: usize, g: usize) -> u32 {
        if self.warehoused & (1 << g) != 0 {
            0
        } else {
            (self.player(p).goods.0[g] as u32).saturating_sub(self.kept.0[g] as u32)
        }
    }
    fn small_wharf_available(&self, p: usize) -> bool {
        let pl = self.player(p);
        pl.occupied(Building::SmallWharf)
            && self.small_wharf_used & (1 << p) == 0
            && pl.goods.total() > 0
    }

    pub fn is_legal(&self, action: Action) -> bool {
        let mut found = false;
        self.legal_unsorted(&mut |a| found |= a == action);
        found
    }

    /// How many actions are legal, and one of them (the last in ascending order unless
    /// Expansion II is on; callers use it only when exactly one is legal).
    pub fn count_legal(&self) -> (u32, Action) {
        let mut n = 0;
        let mut last = 0;
        self.legal_unsorted(&mut |a| {
            n += 1;
            last = a;
        });
        (n, last)
    }

    // --- settler helpers ---
    fn can_take_quarry(&self, p: usize) -> bool {
        // The library's second settler tile is never a quarry.
        (self.acted as usize) < self.n()
            && self.quarries > 0
            && self.quarry_taken & (1 << p) == 0
            && self.player(p).island_used() < 12
            && (p == self.chooser as usize || self.player(p).occupied(Building::ConstructionHut))
    }
    fn hut_quarry(&self, p: usize) -> bool {
        self.quarries > 0
            && self.quarry_taken & (1 << p) == 0
            && self.player(p).occupied(Building::ConstructionHut)
    }
    fn hacienda_available(&self, p: usize) -> bool {
        let pl = self.player(p);
        pl.occupied(Building::Hacienda)
            && pl.island_used() < 12
            && (self.deck.total() + self.discard.total() > 0 || self.hut_quarry(p))
    }
    fn settle_available(&self, p: usize) -> bool {
        self.player(p).island_used() < 12
            && (self.plantation_row.total() > 0 || self.can_take_quarry(p))
    }

    // --- mayor helpers ---
    /// The targets the actor may place his next colonist on (bit t), and the empty circles at
    /// or above the floor. A target is legal if it has an empty circle, is at or above the floor
    /// (placements go in ascending order), and leaves enough empty circles at or above it for
    /// the colonists still to place.
    fn arrange_mask(&self, p: usize) -> (u64, u32) {
        let pl = self.player(p);
        let w = pl.san_juan as u32;
        let mut suffix = 0;
        let mut mask = 0u64;
        if w == 0 {
            return (0, 0);
        }
        for t in (self.floor as usize..self.num_targets()).rev() {
            let e = pl.empty_circles(t);
            suffix += e;
            if e > 0 && w <= suffix {
                mask |= 1 << t;
            }
        }
        (mask, suffix)
    }

    // --- builder helpers ---
    /// What `p` pays for building `b` (rules §4.3).
    pub fn price(&self, p: usize, b: usize) -> u32 {
        let disc = self.discounts(p);
        Self::price_with(b, disc)
    }
    /// `p`'s occupied quarries, and his discount that does not depend on the building (the
    /// builder's privilege, 2 with a library; Expansion I: 1 per 2 forests, no column limit,
    /// forest house occupied or not).
    /// The third value is the Expansion II construction office (1 colonist, 2 noble, else 0).
    #[inline]
    fn discounts(&self, p: usize) -> (u32, u32, u32) {
        let pl = self.player(p);
        let mut flat = (p == self.chooser as usize && self.role == Some(Role::Builder)) as u32;
        if self.new_buildings {
            flat += (flat > 0 && self.doubled) as u32 + pl.all_forests() / 2;
        }
        let office = if self.nobles.is_some() {
            self.office_cut(p)
        } else {
            0
        };
        (pl.island_colonists.0[QUARRY] as u32, flat, office)
    }
    #[inline]
    fn price_with(b: usize, (quarries, flat, office): (u32, u32, u32)) -> u32 {
        let d = &BUILDINGS[b];
        // Construction office (rules §9.6): a colonist -1 on columns 1-3, a noble -2 on column 4.
        let office = match office {
            1 if d.column <= 3 => 1,
            2 if d.column == 4 => 2,
            _ => 0,
        };
        (d.cost as u32).saturating_sub(flat + office + quarries.min(d.column as u32))
    }
    /// Whether `p` (with `city_used` spaces filled and discounts `disc`) may build `b` now.
    #[inline]
    fn can_build_with(&self, p: usize, b: usize, city_used: u32, disc: (u32, u32, u32)) -> bool {
        let pl = self.player(p);
        if pl.buildings.0[b] != 0
            || self.building_supply.0[b] == 0
            || city_used + SIZES[b] as u32 > 12
        {
            return false;
        }
        let price = Self::price_with(b, disc);
        price <= pl.doubloons
            || (self.new_buildings
                && pl.occupied(Building::BlackMarket)
                && price - pl.doubloons <= self.bm_items(p, 1))
    }
    fn can_build_any(&self, p: usize) -> bool {
        let used = self.player(p).city_used();
        let disc = self.discounts(p);
        used < 12 && (0..self.num_buildings()).any(|b| self.can_build_with(p, b, used, disc))
    }

    // --- trader helpers ---
    fn can_sell(&self, p: usize, g: usize) -> bool {
        self.player(p).goods.0[g] > 0
            && self.trading_house.total() < 4
            && (self.trading_house.0[g] == 0 || self.player(p).occupied(Building::Office))
    }

    // --- captain helpers ---
    /// Legal cargo loads of `p` (rules §4.6 a-f), ascending.
    fn loads(&self, p: usize, f: &mut impl FnMut(Action)) {
        let pl = self.player(p);
        let ships = self.ships.as_slice();
        for g in 0..NUM_GOODS {
            let h = pl.goods.0[g];
            if h == 0 {
                continue;
            }
            if let Some(s) = ships.iter().position(|s| s.good == Some(GOODS[g])) {
                if ships[s].count < ships[s].capacity {
                    f(LOAD + 3 * g as Action + s as Action);
                }
                continue;
            }
            let best = ships
                .iter()
                .filter(|s| s.count == 0)
                .map(|s| s.capacity.min(h))
                .max()
                .unwrap_or(0);
            if best == 0 {
                continue;
            }
            for (i, s) in ships.iter().enumerate() {
                if s.count == 0 && s.capacity.min(h) == best {
                    f(LOAD + 3 * g as Action + i as Action);
                }
            }
        }
    }
    fn wharf_available(&self, p: usize) -> bool {
        let pl = self.player(p);
        pl.occupied(Building::Wharf) && self.wharf_used & (1 << p) == 0 && pl.goods.total() > 0
    }
    fn captain_has_move(&self, p: usize) -> bool {
        let mut any = false;
        self.loads(p, &mut |_| any = true);
        any || self.wharf_available(p) || (self.new_buildings && self.small_wharf_available(p))
    }
    /// Kinds the player may still warehouse: held, not yet chosen, at or above the floor, and
    /// leaving enough higher kinds for the remaining picks.
    fn warehouse_ok(&self, p: usize, g: usize) -> bool {
        let pl = self.player(p);
        if pl.goods.0[g] == 0 || self.warehoused & (1 << g) != 0 || g < self.floor as usize {
            return false;
        }
        let above = ((g + 1)..NUM_GOODS)
            .filter(|&h| pl.goods.0[h] > 0 && self.warehoused & (1 << h) == 0)
            .count();
        above + 1 >= self.todo as usize
    }
    pub(crate) fn warehouse_capacity(&self, p: usize) -> u8 {
        let pl = self.player(p);
        pl.occupied(Building::SmallWarehouse) as u8
            + 2 * pl.occupied(Building::LargeWarehouse) as u8
    }

    // -----------------------------------------------------------------------------------------
    // Applying actions
    // -----------------------------------------------------------------------------------------

    /// Apply a legal action (the caller checked legality).
    pub fn apply_legal(&mut self, a: Action) {
        let p = self.actor();
        if self.apply_guest(p, a) {
            return;
        }
        match self.step {
            Step::GameOver => {}
            Step::ChooseRole => {
                let r = (a - ROLE) as usize;
                self.start_role(r);
            }
            Step::HaciendaDraw => {
                let k = (a - DRAW) as usize;
                self.deck.0[k] -= 1;
                if self.new_buildings
                    && self.player(p).occupied(Building::ForestHouse)
                    && self.forest_left()
                {
                    // Seen before the forest-house choice (rules §8.4).
                    self.last_tile = Some(k as u8);
                    self.step = Step::HaciendaForest;
                    return;
                }
                self.pm(p).island.0[k] += 1;
                self.settle_turn();
            }
            Step::HaciendaForest => {
                let k = self.last_tile.take().unwrap_or(0) as usize % NUM_GOODS;
                if a == HACIENDA_FOREST {
                    self.take_forest(p, k);
                } else {
                    self.pm(p).island.0[k] += 1;
                }
                self.settle_turn();
            }
            Step::LandOfficeDraw => self.land_office_drawn(p, (a - DRAW) as usize),
            Step::LandOfficeForest => {
                let k = self.last_tile.take().unwrap_or(0) as usize % NUM_GOODS;
                if a == HACIENDA_FOREST {
                    self.take_forest(p, k);
                } else {
                    self.pm(p).island.0[k] += 1;
                }
                self.land_office_done(p);
            }
            Step::ShipNoble => self.ship_piece(a),
            Step::LandOffice => {
                if a == PASS {
                    self.land_office_done(p);
                } else {
                    self.land_office(p, a);
                }
            }
            Step::HuntingLodge => {
                if a != PASS {
                    self.remove_tile(p, a);
                }
                self.acted += 1;
                self.lodge_next();
            }
            Step::RoyalSupplier => self.supplier_act(p, a),
            Step::Refill => {
                let k = (a - DRAW) as usize;
                self.deck.0[k] -= 1;
                self.plantation_row.0[k] += 1;
                self.todo = self.todo.saturating_sub(1);
                self.refill_next();
            }
            Step::Hacienda => match a {
                HACIENDA_DRAW => {
                    if self.deck.total() == 0 {
                        self.deck = self.discard;
                        self.discard = PerGood::default();
                    }
                    self.step = Step::HaciendaDraw;
                }
                HACIENDA_QUARRY => {
                    self.quarries -= 1;
                    self.quarry_taken |= 1 << p;
                    self.pm(p).island.0[QUARRY] += 1;
                    self.settle_turn();
                }
                _ => self.settle_turn(),
            },
            Step::Settle => match a {
                PASS => self.settle_done(),
                TAKE_QUARRY => {
                    self.quarries -= 1;
                    self.quarry_taken |= 1 << p;
                    self.pm(p).island.0[QUARRY] += 1;
                    self.placed(p, QUARRY);
                }
                _ if a >= FOREST => {
                    let k = (a - FOREST) as usize;
                    self.plantation_row.0[k] -= 1;
                    self.take_forest(p, k);
                    self.placed(p, FOREST_TILE as usize);
                }
                _ => {
                    let k = (a - SETTLE) as usize;
                    self.plantation_row.0[k] -= 1;
                    self.pm(p).island.0[k] += 1;
                    self.placed(p, k);
                }
            },
            Step::Hospice => {
                if a == ACCEPT && self.take_colonist() {
                    let t = self.last_tile.unwrap_or(0) as usize;
                    if t == FOREST_TILE as usize {
                        // A forest has no circle: the colonist goes to the windrose (A23).
                        self.pm(p).san_juan += 1;
                    } else {
                        self.pm(p).island_colonists.0[t % NUM_TILES] += 1;
                    }
                }
                self.last_tile = None;
                self.settle_done();
            }
            Step::MayorPrivilege => {
                if a == ACCEPT {
                    // The library doubles the privilege: 2 colonists (as many as are left).
                    let c = if self.doubled {
                        self.colonist_supply.min(2)
                    } else {
                        1
                    };
                    self.colonist_supply -= c;
                    self.pm(p).san_juan += c;
                }
                self.mayor_distribute();
            }
            Step::Arrange => {
                if self.nobles.is_some() {
                    self.arrange_place(p, a);
                } else {
                    let t = if a >= PLACE_X {
                        (a - PLACE_X) as usize + BASE_TARGETS
                    } else {
                        (a - PLACE) as usize
                    };
                    self.place(p, t);
                    self.floor = t as u8;
                }
                if self.arrange_settle(p) {
                    self.acted += 1;
                    self.arrange_next();
                }
            }
            Step::Build => {
                if a == PASS {
                    self.acted += 1;
                    self.build_next();
                } else if a >= crate::nobles::BUILD_N {
                    self.build(p, (a - crate::nobles::BUILD_N) as usize + X_BUILDINGS);
                } else if a >= BUILD_X {
                    self.build(p, (a - BUILD_X) as usize + BASE_BUILDINGS);
                } else {
                    self.build(p, (a - BUILD) as usize);
                }
            }
            Step::University => {
                if a == ACCEPT && self.take_colonist() {
                    if let Some(b) = self.last_building {
                        self.pm(p).buildings.0[b as usize] += 1;
                    }
                }
                self.last_building = None;
                self.after_build(p);
            }
            Step::Produce => {
                if a == ACCEPT {
                    self.produce(p);
                }
                self.acted += 1;
                self.craft_next();
            }
            Step::CraftsmanBonus => {
                let g = (a - BONUS) as usize;
                self.bonus_barrel(g);
                self.craft_bonus_next();
            }
            Step::Trade => {
                if a >= crate::nobles::LAND_BUY {
                    return self.land_office(p, a);
                }
                if a >= TRADING_POST {
                    self.trading_post(p, (a - TRADING_POST) as usize);
                } else if a != PASS {
                    self.sell(p, (a - SELL) as usize);
                }
                if a == PASS {
                    self.acted += 1;
                    self.trade_next();
                } else {
                    self.after_sale(p);
                }
            }
            Step::Load => {
                if a == PASS {
                    self.no_load_turns += 1;
                } else if a >= SMALL_WHARF {
                    self.small_wharf_used |= 1 << p;
                    self.todo = 0;
                    self.warehoused = 0;
                    return self.small_wharf_add(p, (a - SMALL_WHARF) as usize);
                } else if a >= WHARF {
                    let g = (a - WHARF) as usize;
                    let amt = self.player(p).goods.0[g];
                    self.pm(p).goods.0[g] = 0;
                    self.goods_supply.0[g] += amt;
                    self.wharf_used |= 1 << p;
                    self.ship_points(p, amt as u32);
                } else {
                    let g = ((a - LOAD) / 3) as usize;
                    let s = ((a - LOAD) % 3) as usize;
                    let ship = &mut self.ships.s[s];
                    let amt = self.players.p[p].goods.0[g].min(ship.capacity - ship.count);
                    ship.good = Some(GOODS[g]);
                    ship.count += amt;
                    self.pm(p).goods.0[g] -= amt;
                    self.ship_points(p, amt as u32);
                }
                self.acted = ((self.acted as usize + 1) % self.n()) as u16;
                self.captain_next();
            }
            Step::Warehouse => {
                let g = (a - WAREHOUSE) as usize;
                self.warehoused |= 1 << g;
                self.todo = self.todo.saturating_sub(1);
                self.floor = g as u8 + 1;
                if self.store_settle(p) {
                    self.acted += 1;
                    self.store_next();
                }
            }
            Step::Keep => {
                let g = (a - KEEP) as usize;
                self.kept.0[g] += 1;
                self.floor = g as u8;
                if self.keep_settle(p) {
                    self.acted += 1;
                    self.store_next();
                }
            }
            Step::Draft => {
                let b = if a >= crate::nobles::DRAFT_N {
                    (a - crate::nobles::DRAFT_N) as usize + X_BUILDINGS
                } else {
                    (a - DRAFT) as usize
                };
                self.set_buildings(self.building_set | 1 << b);
                self.acted += 1;
                if self.building_set.count_ones() >= SET_SIZE {
                    self.acted = 0;
                    self.step = Step::ChooseRole;
                }
            }
            Step::BlackMarketColonist => {
                if a >= crate::nobles::BM_NOBLE {
                    // Expansion II: a noble goes back to the noble supply.
                    self.bm_return_noble(p, (a - crate::nobles::BM_NOBLE) as usize);
                    self.bm_cut += 1;
                } else if a != PASS {
                    let t = if a >= crate::nobles::BM_COLONIST_N {
                        (a - crate::nobles::BM_COLONIST_N) as usize + X_TARGETS
                    } else if a == BM_COLONIST + X_TARGETS as Action {
                        NUM_TARGETS
                    } else {
                        (a - BM_COLONIST) as usize
                    };
                    self.remove_person(p, t);
                    if self.config.str("black_market_returns") == "out_of_game" {
                        self.removed_colonists += 1;
                    } else {
                        self.colonist_supply += 1;
                    }
                    self.bm_cut += 1;
                }
                self.bm_next(Step::BlackMarketGood);
            }
            Step::BlackMarketGood => {
                if a != PASS {
                    let g = (a - BM_GOOD) as usize;
                    self.pm(p).goods.0[g] -= 1;
                    self.goods_supply.0[g] += 1;
                    self.bm_cut += 1;
                }
                self.bm_next(Step::BlackMarketVp);
            }
            Step::BlackMarketVp => {
                if a == BM_VP {
                    self.pm(p).vp -= 1;
                    if self.config.str("black_market_returns") == "out_of_game" {
                        self.removed_vp += 1;
                    } else {
                        self.vp_supply += 1;
                    }
                    self.bm_cut += 1;
                }
                self.bm_next(Step::GameOver);
            }
            Step::SmallWharf => {
                if a == PASS {
                    self.small_wharf_ship(p);
                } else {
                    self.small_wharf_add(p, (a - SMALL_WHARF) as usize);
                }
            }
            Step::GuestHouse => {
                // PASS: the actor is done with this window.
                self.guest_queue &= !(1 << p);
                self.guest_window_next();
            }
        }
    }

    fn start_role(&mut self, r: usize) {
        let p = self.chooser as usize;
        let slot = &mut self.roles.0[r];
        slot.taken = true;
        let coins = std::mem::take(&mut slot.doubloons) as u32;
        let pl = self.pm(p);
        pl.doubloons = pl.doubloons.saturating_add(coins);
        self.role = Some(ROLES[r]);
        self.acted = 0;
        if self.new_buildings && ROLES[r] != Role::Mayor {
            // Guest-house window at the start of the phase (E7 a), from the chooser.
            let n = self.n();
            let mut q = 0u8;
            for i in 0..n {
                if self.can_guest(i) {
                    q |= 1 << i;
                }
            }
            let _ = n;
            if q != 0 {
                self.guest_queue = q;
                self.guest_after = Some(Resume::RoleStart);
                self.step = Step::GuestHouse;
                return self.guest_window_next();
            }
        }
        self.dispatch_role();
    }

    /// Play the role being played from its start (after any guest-house window).
    fn dispatch_role(&mut self) {
        let p = self.chooser as usize;
        let Some(role) = self.role else { return };
        self.acted = 0;
        self.doubled = false;
        if self.library_doubles(p) {
            self.doubled = true;
            self.library_used |= 1 << p;
        }
        match role {
            Role::Settler => {
                self.quarry_taken = 0;
                self.settle_begin();
            }
            Role::Mayor => {
                self.top_up_colonists(2);
                if self.colonist_supply > 0 {
                    self.step = Step::MayorPrivilege;
                } else {
                    self.mayor_distribute();
                }
            }
            Role::Builder => self.build_next(),
            Role::Craftsman => {
                self.craftsman_kinds = 0;
                self.craft_next();
            }
            Role::Trader => {
                if let Some(x) = self.nobles.as_deref_mut() {
                    x.land_office_used = 0;
                    x.sold = false;
                }
                self.trade_next()
            }
            Role::Captain => {
                self.wharf_used = 0;
                self.small_wharf_used = 0;
                self.captain_bonus_paid = false;
                self.no_load_turns = 0;
                if self.new_buildings {
                    self.captain_start();
                }
                if self.nobles.is_some() {
                    return self.supplier_next();
                }
                self.captain_next();
            }
            Role::Prospector | Role::SecondProspector => {
                let coins = 1 + self.doubled as u32;
                let pl = self.pm(p);
                pl.doubloons = pl.doubloons.saturating_add(coins);
                self.end_role();
            }
        }
    }

    /// Open the next seat of the guest-house window (in order from the chooser), or resume.
    fn guest_window_next(&mut self) {
        let n = self.n();
        let base = match self.guest_after {
            Some(Resume::Build | Resume::Storage) => self.acted as usize,
            _ => 0,
        };
        for i in base..n {
            let p = (self.chooser as usize + i) % n;
            if self.guest_queue & (1 << p) != 0 {
                if self.can_guest(p) {
                    self.acted = i as u16;
                    self.step = Step::GuestHouse;
                    return;
                }
                self.guest_queue &= !(1 << p);
            }
        }
        self.guest_queue = 0;
        match self.guest_after.take() {
            Some(Resume::Build) => {
                self.acted += 1;
                self.build_next();
            }
            Some(Resume::Storage) => {
                if self.store_begin(self.actor()) {
                    self.acted += 1;
                    self.store_next();
                }
            }
            _ => self.dispatch_role(),
        }
    }

    /// Apply `a` if it is a guest-house move of `p` (colonist or noble); false otherwise.
    fn apply_guest(&mut self, p: usize, a: Action) -> bool {
        if (GUEST..NUM_ACTIONS_X).contains(&a) {
            self.guest_move(p, (a - GUEST) as usize);
            return true;
        }
        if a >= NUM_ACTIONS_X {
            use crate::nobles::{GUEST_N, GUEST_NOBLE, GUEST_NOBLE_AT, NOBLE_PLACE, REMOVE_NOBLE};
            if (GUEST_N..NOBLE_PLACE).contains(&a) {
                self.guest_move(p, (a - GUEST_N) as usize + X_TARGETS);
                return true;
            }
            if (GUEST_NOBLE..GUEST_NOBLE + crate::nobles::FUNCTIONS as Action).contains(&a)
                || (GUEST_NOBLE_AT..REMOVE_NOBLE).contains(&a)
            {
                let t = crate::nobles::noble_move_target(a).unwrap_or(0);
                self.guest_noble_move(p, t);
                return true;
            }
        }
        false
    }

    /// Move one colonist from the actor's guest house to target t (he may stay in the step).
    /// The colonist works at once (rules §8.4): a library he fills doubles the privilege still
    /// to come, and a hacienda he fills on his settler turn offers its tile.
    pub(crate) fn guest_move(&mut self, p: usize, t: usize) {
        let gh = Building::GuestHouse as usize;
        let pl = self.pm(p);
        pl.buildings.0[gh] -= 1;
        match target_building(t) {
            Some(b) => pl.buildings.0[b] += 1,
            None => pl.island_colonists.0[t - BASE_BUILDINGS] += 1,
        }
        if p == self.chooser as usize
            && !self.doubled
            && self.privilege_ahead()
            && self.library_doubles(p)
        {
            self.doubled = true;
            self.library_used |= 1 << p;
        }
        if self.step == Step::Settle
            && (self.acted as usize) < self.n()
            && target_building(t) == Some(Building::Hacienda as usize)
            && self.hacienda_available(p)
        {
            // The hacienda was empty when his turn began, so its tile was not offered yet.
            self.step = Step::Hacienda;
        }
        if self.step == Step::GuestHouse && !self.can_guest(p) {
            self.guest_queue &= !(1 << p);
            self.guest_window_next();
        }
    }

    /// Whether the privilege of the role being played is still to come in this step, so that a
    /// library filled now doubles it (the guest house, rules §8.4): the settler's second tile,
    /// the builder before his build, the craftsman's barrels, the trader before his sale, the
    /// captain before his first load.
    fn privilege_ahead(&self) -> bool {
        match self.role {
            Some(Role::Settler) => matches!(self.step, Step::Hacienda | Step::Settle),
            Some(Role::Builder) => self.step == Step::Build,
            Some(Role::Craftsman) => self.step == Step::Produce,
            Some(Role::Trader) => self.step == Step::Trade,
            Some(Role::Captain) => self.step == Step::Load && !self.captain_bonus_paid,
            _ => false,
        }
    }

    /// Whether `p`'s library doubles his privilege now: occupied, and in the 2-player game
    /// (E6) not yet used this round.
    fn library_doubles(&self, p: usize) -> bool {
        let once = self.n() == 2 && self.config.bool("library_2p_once_per_round");
        self.new_buildings
            && self.player(p).occupied(Building::Library)
            && (!once || self.library_used & (1 << p) == 0)
    }

    /// Expansion I, captain phase start: the captain's lighthouse coin and the union halls.
    fn captain_start(&mut self) {
        let c = self.chooser as usize;
        if self.player(c).occupied(Building::Lighthouse) {
            let pl = self.pm(c);
            pl.doubloons = pl.doubloons.saturating_add(1);
        }
        for p in 0..self.n() {
            let pl = self.player(p);
            if pl.occupied(Building::UnionHall) {
                let vp: u32 = pl.goods.0.iter().map(|&x| x as u32 / 2).sum();
                self.gain_vp(p, vp);
            }
        }
    }

    /// VP chips from the supply (E3 checks the supply).
    pub(crate) fn gain_vp(&mut self, p: usize, vp: u32) {
        if vp == 0 {
            return;
        }
        let pl = self.pm(p);
        pl.vp = pl.vp.saturating_add(vp);
        self.vp_supply = self.vp_supply.saturating_sub(vp as i32);
        if self.vp_supply <= 0 {
            self.end_triggered = true;
        }
    }

    fn end_role(&mut self) {
        self.doubled = false;
        self.role = None;
        self.picks += 1;
        self.acted = 0;
        self.floor = 0;
        self.todo = 0;
        self.warehoused = 0;
        if self.picks >= self.picks_per_round() {
            self.end_round();
        } else {
            self.chooser = ((self.governor as usize + self.picks as usize) % self.n()) as u8;
            self.step = Step::ChooseRole;
        }
    }

    fn end_round(&mut self) {
        for s in self.roles.0.iter_mut() {
            if s.in_play && !s.taken {
                s.doubloons = s.doubloons.saturating_add(1);
            }
            s.taken = false;
        }
        self.picks = 0;
        self.library_used = 0;
        self.governor = ((self.governor as usize + 1) % self.n()) as u8;
        self.chooser = self.governor;
        let max_rounds = self.config.int("max_rounds").max(1) as u32;
        if self.end_triggered || self.round >= max_rounds {
            self.truncated = !self.end_triggered;
            self.step = Step::GameOver;
        } else {
            self.round += 1;
            self.step = Step::ChooseRole;
        }
    }

    /// Take a colonist for the hospice / university: from the supply, else from the ship.
    fn take_colonist(&mut self) -> bool {
        self.top_up_colonists(1);
        if self.colonist_supply > 0 {
            self.colonist_supply -= 1;
            true
        } else if self.colonist_ship > 0 {
            self.colonist_ship -= 1;
            true
        } else {
            false
        }
    }

    // --- settler ---
    fn settle_begin(&mut self) {
        loop {
            if self.acted as usize >= self.n() {
                // The library's second tile: after every other player, a face-up plantation.
                if self.acted as usize == self.n() && self.library_tile_turn() {
                    self.step = Step::Settle;
                    return;
                }
                return self.settle_finish();
            }
            let p = self.actor();
            if self.hacienda_available(p) {
                self.step = Step::Hacienda;
                return;
            }
            if self.settle_available(p)
                || self.guests_enable(p, Step::Settle, |g, p| {
                    g.hacienda_available(p) || g.settle_available(p)
                })
            {
                self.step = Step::Settle;
                return;
            }
            self.acted += 1;
        }
    }
    /// Whether the settler gets the library's second tile turn (after everyone): his library
    /// doubles the privilege, or a guest-house move can make it (E7 b), and he has room and a
    /// face-up plantation to take.
    pub(crate) fn library_tile_turn(&self) -> bool {
        let c = self.chooser as usize;
        self.player(c).island_used() < 12
            && self.plantation_row.total() > 0
            && (self.doubled || self.guests_enable(c, Step::Settle, |g, _| g.doubled))
    }
    /// After the hacienda: the actor's normal take, if he can take anything.
    fn settle_turn(&mut self) {
        let p = self.actor();
        if self.settle_available(p) || self.guests_enable(p, Step::Settle, Self::settle_available) {
            self.step = Step::Settle;
        } else {
            self.settle_done();
        }
    }
    fn placed(&mut self, p: usize, tile: usize) {
        if (self.acted as usize) < self.n()
            && self.player(p).occupied(Building::Hospice)
            && (self.colonist_supply > 0 || self.colonist_ship > 0)
        {
            self.last_tile = Some(tile as u8);
            self.step = Step::Hospice;
        } else {
            self.settle_done();
        }
    }
    fn settle_done(&mut self) {
        self.acted += 1;
        self.settle_begin();
    }
    fn settle_finish(&mut self) {
        if self.nobles.is_some() {
            self.acted = 0;
            return self.lodge_next();
        }
        self.settle_refill();
    }
    pub(crate) fn settle_refill(&mut self) {
        self.acted = self.acted.min(self.n() as u16);
        for k in 0..NUM_GOODS {
            self.discard.0[k] += self.plantation_row.0[k];
        }
        self.plantation_row = PerGood::default();
        self.todo = self.n() as u8 + 1;
        self.refill_next();
    }
    fn refill_next(&mut self) {
        if self.todo > 0 && self.deck.total() == 0 {
            self.deck = self.discard;
            self.discard = PerGood::default();
        }
        if self.todo == 0 || self.deck.total() == 0 {
            self.todo = 0;
            self.end_role();
        } else {
            self.step = Step::Refill;
        }
    }

    // --- mayor ---
    fn mayor_distribute(&mut self) {
        if self.nobles.is_some() {
            self.acted = 0;
            return self.nobles_ship_next();
        }
        let n = self.n();
        let c = self.colonist_ship as usize;
        for i in 0..n {
            let p = (self.chooser as usize + i) % n;
            let share = c / n + (i < c % n) as usize;
            self.pm(p).san_juan += share as u8;
        }
        self.colonist_ship = 0;
        self.acted = 0;
        self.arrange_next();
    }
    pub(crate) fn arrange_next(&mut self) {
        loop {
            if self.acted as usize >= self.n() {
                return self.mayor_refill();
            }
            let p = self.actor();
            // Lift every colonist to the windrose, then place them again.
            let pl = self.pm(p);
            let mut w = pl.san_juan as u32 + pl.island_colonists.total();
            pl.island_colonists = PerTile::default();
            for x in pl.buildings.0.iter_mut() {
                w += x.saturating_sub(1) as u32;
                *x = (*x).min(1);
            }
            pl.san_juan = w.min(255) as u8;
            if let Some(x) = self.nobles.as_deref_mut() {
                x.pm(p).on = [0; NUM_TARGETS];
            }
            self.floor = 0;
            self.step = Step::Arrange;
            if !self.arrange_settle(p) {
                return;
            }
            self.acted += 1;
        }
    }
    pub(crate) fn place(&mut self, p: usize, t: usize) {
        let pl = self.pm(p);
        pl.san_juan -= 1;
        match target_building(t) {
            Some(b) => pl.buildings.0[b] += 1,
            None => pl.island_colonists.0[t - BASE_BUILDINGS] += 1,
        }
    }
    /// Place automatically while the arrangement is forced. True when the actor is done.
    fn arrange_settle(&mut self, p: usize) -> bool {
        if self.nobles.is_some() && self.arrange_has_colours(p) {
            return self.arrange_settle_colours(p);
        }
        loop {
            let pl = self.player(p);
            let w = pl.san_juan as u32;
            if w == 0 {
                return true;
            }
            let floor = self.floor as usize;
            let (mask, empty) = self.arrange_mask(p);
            if empty == 0 {
                return true;
            }
            if w >= empty {
                let nt = self.num_targets();
                let pl = self.pm(p);
                for t in floor..nt {
                    let e = pl.empty_circles(t) as u8;
                    match target_building(t) {
                        Some(b) => pl.buildings.0[b] += e,
                        None => pl.island_colonists.0[t - BASE_BUILDINGS] += e,
                    }
                    pl.san_juan -= e;
                }
                return true;
            }
            if mask.count_ones() != 1 {
                return false;
            }
            let t = mask.trailing_zeros() as usize;
            self.place(p, t);
            self.floor = t as u8;
        }
    }
    fn mayor_refill(&mut self) {
        let n = self.n();
        let empty: u32 = (0..n)
            .map(|p| self.player(p).empty_building_circles())
            .sum();
        let need = empty.max(n as u32);
        if self.nobles.is_some() {
            // Expansion II: a noble among the pieces, no end trigger E1 (rules §9.4, N3).
            self.nobles_refill(need);
        } else if (self.colonist_supply as u32) < need {
            self.end_triggered = true;
            self.colonist_ship = self.colonist_ship.saturating_add(self.colonist_supply);
            self.colonist_supply = 0;
        } else {
            self.colonist_supply -= need as u8;
            self.colonist_ship = self.colonist_ship.saturating_add(need as u8);
        }
        self.end_role();
    }

    // --- builder ---
    fn build_next(&mut self) {
        loop {
            if self.acted as usize >= self.n() {
                return self.end_role();
            }
            let p = self.actor();
            if self.can_build_any(p) || self.guests_enable(p, Step::Build, Self::can_build_any) {
                self.step = Step::Build;
                return;
            }
            self.acted += 1;
        }
    }
    fn build(&mut self, p: usize, b: usize) {
        if self.new_buildings && self.player(p).occupied(Building::BlackMarket) {
            let price = self.price(p, b);
            let short = price.saturating_sub(self.player(p).doubloons);
            let only = self.config.bool("black_market_shortfall_only");
            if price > 0 && self.bm_items(p, 1) > 0 && (!only || short > 0) {
                self.pending = Some(BUILDINGS[b].kind);
                self.bm_cut = 0;
                // The price is fixed when the purchase starts (a returned quarry colonist does
                // not raise it).
                self.todo = price as u8;
                return self.bm_next(Step::BlackMarketColonist);
            }
        }
        self.build_finish(p, b);
    }
    /// Black market: open the next stage from `stage` that offers a real choice, or buy.
    fn bm_next(&mut self, stage: Step) {
        let p = self.actor();
        let mut st = stage;
        loop {
            let (offer, next) = match st {
                Step::BlackMarketColonist => (self.bm_has_colonist(p), Step::BlackMarketGood),
                Step::BlackMarketGood => (self.player(p).goods.total() > 0, Step::BlackMarketVp),
                Step::BlackMarketVp => (self.player(p).vp > 0, Step::GameOver),
                _ => break,
            };
            if offer && self.bm_item_ok() {
                self.step = st;
                return;
            }
            st = next;
        }
        let b = self.pending.take().map(|b| b as usize).unwrap_or(0);
        let price = self.todo as u32;
        self.todo = 0;
        self.build_finish_at(p, b, price);
    }
    fn build_finish(&mut self, p: usize, b: usize) {
        let price = self.price(p, b);
        self.build_finish_at(p, b, price);
    }
    fn build_finish_at(&mut self, p: usize, b: usize, price: u32) {
        let price = price.saturating_sub(self.bm_cut as u32);
        self.bm_cut = 0;
        self.building_supply.0[b] -= 1;
        let pl = self.pm(p);
        pl.doubloons = pl.doubloons.saturating_sub(price);
        pl.buildings.0[b] = 1;
        if pl.city_used() >= 12 {
            self.end_triggered = true;
        }
        if self.new_buildings && self.player(p).occupied(Building::Church) {
            let vp = [0, 0, 1, 1, 2][BUILDINGS[b].column.min(4) as usize];
            self.gain_vp(p, vp);
        }
        let pl = self.player(p);
        if BUILDINGS[b].circles > 0
            && pl.occupied(Building::University)
            && (self.colonist_supply > 0 || self.colonist_ship > 0)
        {
            self.last_building = Some(BUILDINGS[b].kind);
            self.step = Step::University;
        } else {
            self.after_build(p);
        }
    }
    /// After a build: a guest-house window for the builder (E7 c), then the next builder.
    fn after_build(&mut self, p: usize) {
        if self.new_buildings
            && self.config.str("guest_house_timing") == "any_time"
            && self.can_guest(p)
        {
            self.guest_queue = 1 << p;
            self.guest_after = Some(Resume::Build);
            self.step = Step::GuestHouse;
            return;
        }
        self.acted += 1;
        self.build_next();
    }

    // --- craftsman ---
    fn craft_next(&mut self) {
        let optional = self.config.bool("craftsman_optional_production");
        loop {
            if self.acted as usize >= self.n() {
                return self.craft_bonus();
            }
            let p = self.actor();
            if self.nobles.is_some() {
                self.craft_nobles(p);
            }
            if optional {
                if self.can_produce(p) || self.guests_enable(p, Step::Produce, Self::can_produce) {
                    self.step = Step::Produce;
                    return;
                }
            } else {
                self.produce(p);
            }
            self.acted += 1;
        }
    }
    /// Whether `p`'s occupied tiles make a barrel the supply still has.
    fn can_produce(&self, p: usize) -> bool {
        let prod = self.player(p).production();
        (0..NUM_GOODS).any(|g| prod[g] > 0 && self.goods_supply.0[g] > 0)
    }
    /// The trader's turn has a sale (trading house or trading post).
    pub(crate) fn trade_available(&self, p: usize) -> bool {
        (0..NUM_GOODS).any(|g| self.can_sell(p, g))
            || (self.new_buildings
                && self.player(p).occupied(Building::TradingPost)
                && self.player(p).goods.total() > 0)
    }
    fn produce(&mut self, p: usize) {
        let prod = self.player(p).production();
        let mut kinds = 0u32;
        let mut got = [0u8; NUM_GOODS];
        let aqueduct = self.new_buildings && self.player(p).occupied(Building::Aqueduct);
        for (g, &want) in prod.iter().enumerate() {
            let mut amt = want.min(self.goods_supply.0[g]);
            // Aqueduct (rules §8.4, A38): barrels go to the large plant first; one made there
            // brings one more barrel of that kind.
            if aqueduct && amt > 0 && amt < self.goods_supply.0[g] {
                let large = match g {
                    1 => Some(Building::IndigoPlant),
                    2 => Some(Building::SugarMill),
                    _ => None,
                };
                if let Some(l) = large {
                    if self.player(p).buildings.colonists(l as usize) > 0 {
                        amt += 1;
                    }
                }
            }
            if amt > 0 {
                self.goods_supply.0[g] -= amt;
                self.pm(p).goods.0[g] += amt;
                got[g] = amt;
                kinds += 1;
                if p == self.chooser as usize {
                    self.craftsman_kinds |= 1 << g;
                }
            }
        }
        if self.player(p).occupied(Building::Factory) {
            let bonus = [0, 0, 1, 2, 3, 5][kinds as usize % 6];
            let pl = self.pm(p);
            pl.doubloons = pl.doubloons.saturating_add(bonus);
        }
        if self.new_buildings {
            if p == self.chooser as usize {
                self.craft_received = PerGood(got);
            }
            if self.player(p).occupied(Building::SpecialtyFactory) {
                // N - 1 doubloons for the most barrels of one non-corn kind.
                let most = got[1..].iter().copied().max().unwrap_or(0) as u32;
                let pl = self.pm(p);
                pl.doubloons = pl.doubloons.saturating_add(most.saturating_sub(1));
            }
        }
    }
    fn craft_bonus(&mut self) {
        self.acted = 0;
        self.floor = 0;
        self.todo = 1 + self.doubled as u8;
        self.craft_bonus_next();
    }
    /// The craftsman's privilege barrels still to take (`todo`; 2 with a library, in
    /// non-decreasing kind order from `floor`). A forced choice is taken automatically.
    fn craft_bonus_next(&mut self) {
        loop {
            let opts = self.craftsman_kinds & self.goods_supply.mask() & !((1u8 << self.floor) - 1);
            if self.todo == 0 || opts == 0 {
                self.todo = 0;
                self.craft_received = PerGood::default();
                return self.end_role();
            }
            if opts.count_ones() > 1 {
                self.step = Step::CraftsmanBonus;
                return;
            }
            self.bonus_barrel(opts.trailing_zeros() as usize);
        }
    }
    /// The craftsman takes one privilege barrel of g.
    fn bonus_barrel(&mut self, g: usize) {
        let p = self.chooser as usize;
        self.goods_supply.0[g] -= 1;
        self.pm(p).goods.0[g] += 1;
        self.todo = self.todo.saturating_sub(1);
        self.floor = g as u8;
        if self.new_buildings
            && g > 0
            && self.config.bool("specialty_factory_counts_privilege")
            && self.player(p).occupied(Building::SpecialtyFactory)
        {
            // E4: the privilege barrel counts; pay the increase of the best kind.
            let before = self.craft_received.0[1..]
                .iter()
                .copied()
                .max()
                .unwrap_or(0);
            self.craft_received.0[g] += 1;
            let after = self.craft_received.0[1..]
                .iter()
                .copied()
                .max()
                .unwrap_or(0);
            let pay = after.saturating_sub(1) - before.saturating_sub(1);
            let pl = self.pm(p);
            pl.doubloons = pl.doubloons.saturating_add(pay as u32);
        }
    }

    // --- trader ---
    pub(crate) fn trade_next(&mut self) {
        loop {
            if self.acted as usize >= self.n()
                || (self.trading_house.total() >= 4 && !self.new_buildings && self.nobles.is_none())
            {
                if self.trading_house.total() >= 4 {
                    for g in 0..NUM_GOODS {
                        self.goods_supply.0[g] += self.trading_house.0[g];
                    }
                    self.trading_house = PerGood::default();
                }
                return self.end_role();
            }
            let p = self.actor();
            if self.trade_turn(p) || self.guests_enable(p, Step::Trade, Self::trade_turn) {
                self.step = Step::Trade;
                return;
            }
            self.acted += 1;
        }
    }
    /// Whether `p` has a move on his trader turn: a sale, or (Expansion II) his land office.
    fn trade_turn(&self, p: usize) -> bool {
        self.trade_available(p) || (self.nobles.is_some() && self.land_office_available(p))
    }
    /// Expansion I trading post: one barrel to the supply at the normal price plus the trader's
    /// privilege; the markets add nothing.
    fn trading_post(&mut self, p: usize, g: usize) {
        let privilege = if p == self.chooser as usize {
            1 + self.doubled as u32
        } else {
            0
        };
        self.goods_supply.0[g] += 1;
        let pl = self.pm(p);
        pl.goods.0[g] -= 1;
        pl.doubloons = pl.doubloons.saturating_add(GOODS[g].price() + privilege);
    }
    fn sell(&mut self, p: usize, g: usize) {
        self.trading_house.0[g] += 1;
        let trader = (p == self.chooser as usize) as u32 * (1 + self.doubled as u32);
        let pl = self.pm(p);
        pl.goods.0[g] -= 1;
        let mut pay = GOODS[g].price() + trader;
        if pl.occupied(Building::SmallMarket) {
            pay += 1;
        }
        if pl.occupied(Building::LargeMarket) {
            pay += 2;
        }
        pl.doubloons = pl.doubloons.saturating_add(pay);
    }

    // --- captain ---
    fn ship_points(&mut self, p: usize, barrels: u32) {
        self.ship_points_h(p, barrels, 1)
    }
    /// VP for one load of `p`: the barrels' VP, the captain's once-only privilege (2 with a
    /// library), `harbor` for an occupied harbor; an occupied lighthouse pays 1 doubloon.
    fn ship_points_h(&mut self, p: usize, barrels: u32, harbor: u32) {
        let mut vp = barrels;
        if p == self.chooser as usize && !self.captain_bonus_paid {
            vp += 1 + self.doubled as u32;
            self.captain_bonus_paid = true;
        }
        if self.player(p).occupied(Building::Harbor) {
            vp += harbor;
        }
        if self.new_buildings && self.player(p).occupied(Building::Lighthouse) {
            let pl = self.pm(p);
            pl.doubloons = pl.doubloons.saturating_add(1);
        }
        let pl = self.pm(p);
        pl.vp = pl.vp.saturating_add(vp);
        self.vp_supply = self.vp_supply.saturating_sub(vp as i32);
        if self.vp_supply <= 0 {
            self.end_triggered = true;
        }
        self.no_load_turns = 0;
    }
    /// Small wharf: put one more barrel of g in; ship when nothing is left to add.
    fn small_wharf_add(&mut self, p: usize, g: usize) {
        self.pm(p).goods.0[g] -= 1;
        self.goods_supply.0[g] += 1;
        self.todo = self.todo.saturating_add(1);
        self.warehoused |= 1 << g;
        self.floor = g as u8;
        if (g..NUM_GOODS).any(|h| self.player(p).goods.0[h] > 0) {
            self.step = Step::SmallWharf;
        } else {
            self.small_wharf_ship(p);
        }
    }
    /// Small wharf: score the load (1 VP per 2 barrels; it is a load for the bonuses).
    fn small_wharf_ship(&mut self, p: usize) {
        let barrels = self.todo as u32;
        let harbor = if self.config.bool("harbor_small_wharf_per_kind") {
            self.warehoused.count_ones()
        } else {
            1
        };
        self.todo = 0;
        self.warehoused = 0;
        self.floor = 0;
        self.ship_points_h(p, barrels / 2, harbor);
        self.acted = ((self.acted as usize + 1) % self.n()) as u16;
        self.captain_next();
    }
    pub(crate) fn captain_next(&mut self) {
        let n = self.n();
        loop {
            if self.no_load_turns as usize >= n {
                self.acted = 0;
                return self.store_next();
            }
            let p = self.actor();
            if self.captain_has_move(p) || self.guests_enable(p, Step::Load, Self::captain_has_move)
            {
                self.step = Step::Load;
                return;
            }
            self.no_load_turns += 1;
            self.acted = ((self.acted as usize + 1) % n) as u16;
        }
    }
    fn store_next(&mut self) {
        loop {
            if self.acted as usize >= self.n() {
                return self.captain_finish();
            }
            let p = self.actor();
            if self.storage_window(p) {
                // Guest-house moves before his storage (E7 b): a guest on an empty warehouse or
                // storehouse keeps more.
                self.guest_queue = 1 << p;
                self.guest_after = Some(Resume::Storage);
                self.step = Step::GuestHouse;
                return;
            }
            if !self.store_begin(p) {
                return;
            }
            self.acted += 1;
        }
    }
    /// Begin `p`'s storage (his capacity counted now). True when it is done without a decision.
    pub(crate) fn store_begin(&mut self, p: usize) -> bool {
        let kinds = self.player(p).goods.mask().count_ones() as u8;
        let cap = self.warehouse_capacity(p);
        if kinds <= cap {
            return true;
        }
        self.warehoused = 0;
        self.todo = cap;
        self.floor = 0;
        self.store_settle(p)
    }
    /// Whether `p` gets a guest-house window before his storage: he has a move and would lose a
    /// barrel with his storage as it stands.
    fn storage_window(&self, p: usize) -> bool {
        self.guests_any_time() && self.can_guest(p) && self.storage_loses(p)
    }
    /// Whether `p` must return a barrel at storage: more barrels than his warehouses (his
    /// largest kinds) and his single barrels (1, or 4 with an occupied storehouse) keep.
    pub(crate) fn storage_loses(&self, p: usize) -> bool {
        let mut counts = self.player(p).goods.0;
        counts.sort_unstable_by(|a, b| b.cmp(a));
        let cap = self.warehouse_capacity(p) as usize;
        let rest: u32 = counts[cap.min(NUM_GOODS)..].iter().map(|&c| c as u32).sum();
        rest > self.keep_left(p)
    }
    /// Resolve forced storage choices. True when the actor's storage is done.
    fn store_settle(&mut self, p: usize) -> bool {
        loop {
            if self.todo > 0 {
                self.step = Step::Warehouse;
                let (count, only) = self.count_legal();
                if count != 1 {
                    return false;
                }
                let g = (only - WAREHOUSE) as usize;
                self.warehoused |= 1 << g;
                self.todo -= 1;
                self.floor = g as u8 + 1;
                continue;
            }
            self.floor = 0;
            return self.keep_settle(p);
        }
    }
    /// Resolve forced keep choices (the single free barrel, and with an occupied storehouse up to
    /// 3 more, picked in non-decreasing kind order from `floor`). True when storage is done.
    fn keep_settle(&mut self, p: usize) -> bool {
        let left = self.keep_left(p);
        let mut total = 0;
        let mut kinds = 0;
        let mut last = 0;
        for g in self.floor as usize..NUM_GOODS {
            let a = self.keep_avail(p, g);
            if a > 0 {
                total += a;
                kinds += 1;
                last = g;
            }
        }
        if left > 0 && kinds > 0 {
            if total <= left {
                for g in self.floor as usize..NUM_GOODS {
                    self.kept.0[g] += self.keep_avail(p, g) as u8;
                }
            } else if kinds == 1 {
                self.kept.0[last] += left as u8;
            } else {
                self.step = Step::Keep;
                return false;
            }
        }
        self.keep(p);
        true
    }
    /// Rot everything neither warehoused nor kept.
    fn keep(&mut self, p: usize) {
        for g in 0..NUM_GOODS {
            if self.warehoused & (1 << g) != 0 {
                continue;
            }
            let have = self.player(p).goods.0[g];
            let keep = self.kept.0[g].min(have);
            self.goods_supply.0[g] += have - keep;
            self.pm(p).goods.0[g] = keep;
        }
        self.kept = PerGood::default();
        self.warehoused = 0;
        self.todo = 0;
        self.floor = 0;
    }
    fn captain_finish(&mut self) {
        for i in 0..self.ships.as_slice().len() {
            let s = self.ships.s[i];
            if s.count > 0 && s.count >= s.capacity {
                if let Some(g) = s.good {
                    self.goods_supply.0[g as usize] += s.count;
                }
                self.ships.s[i].count = 0;
                self.ships.s[i].good = None;
            }
        }
        self.end_role();
    }
}
