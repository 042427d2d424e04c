//! The state, which is also the documented position format: where the game is (`Step`), the
//! shared configuration, the supplies, the players and the phase bookkeeping.

use crate::data::*;
use crate::format::*;
use crate::nobles::state::Nobles;
use crate::player::*;
use meeple_core::{Config, GameRng};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

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

/// Steps of the base game (the base tensor's one-hot); Expansion I steps follow.
pub(crate) const STEPS: usize = 17;
/// Expansion I steps (its tensor block's one-hot).
pub(crate) const X_STEPS: usize = 7;
/// Expansion II steps (its tensor block's one-hot).
pub(crate) const N_STEPS: usize = 6;
pub(crate) const ALL_STEPS: usize = STEPS + X_STEPS + N_STEPS;
pub(crate) const STEP_NAMES: [&str; ALL_STEPS] = [
    "choose_role",
    "hacienda",
    "hacienda_draw",
    "settle",
    "hospice",
    "refill",
    "mayor_privilege",
    "arrange",
    "build",
    "university",
    "produce",
    "craftsman_bonus",
    "trade",
    "load",
    "warehouse",
    "keep",
    "game_over",
    "draft",
    "hacienda_forest",
    "black_market_colonist",
    "black_market_good",
    "black_market_vp",
    "small_wharf",
    "guest_house",
    "ship_noble",
    "land_office",
    "land_office_draw",
    "land_office_forest",
    "hunting_lodge",
    "royal_supplier",
];
pub(crate) fn step_index(s: Step) -> usize {
    s as usize
}
pub(crate) const X_STEPS_END: usize = STEPS + X_STEPS;

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
    pub nobles: Option<Box<Nobles>>,
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
    #[inline]
    pub fn tiles_2004(&self) -> bool {
        self.new_buildings && self.config.str("forest_source") == "tiles_2004"
    }
    pub(crate) fn hidden_vp(&self) -> bool {
        self.config.bool("hidden_vp")
    }
    pub(crate) fn max_rounds(&self) -> u64 {
        self.config.int("max_rounds").max(1) as u64
    }
    #[inline]
    pub fn nb(&self) -> Option<&Nobles> {
        self.nobles.as_deref()
    }
    #[inline]
    pub(crate) fn nbm(&mut self) -> &mut Nobles {
        self.nobles.get_or_insert_with(Default::default)
    }
}
