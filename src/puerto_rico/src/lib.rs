//! Puerto Rico (Andreas Seyfarth): the base game for 3-5 players and the 2-player variant, from
//! the rules spec `rules/puerto_rico.md` (sections 1-7, 10-14) and the base-game building chart.
//!
//! Everything a player decides is one small action: a role, a tile, one colonist, one building,
//! one barrel kind, one (good, ship) load, one storage choice. Plantation draws are explicit
//! chance nodes over the deck's composition (a multiset: nobody knows its order). The action-id
//! layout, the observation tensor and every engine decision are documented in
//! `docs/games/puerto_rico.md`.

// Index loops over small fixed tables read more clearly than zipped iterators here.
#![allow(clippy::needless_range_loop, clippy::too_many_arguments)]

pub mod data;
mod derived;
pub mod format;
pub mod nobles;
pub mod state;

use data::*;
use format::*;
use meeple_core::{
    Action, Config, Game, GameError, GameInfo, GameRng, OptionSpec, RuleError, Turn,
};
pub use nobles::{
    Nobles, BM_COLONIST_N, BM_NOBLE, BUILD_N, DRAFT_N, GUEST_N, GUEST_NOBLE, GUEST_NOBLE_AT,
    LAND_BUY, NOBLE_AT, NOBLE_PLACE, NUM_ACTIONS_N, PLACE_N, REMOVE, REMOVE_NOBLE, SUPPLY,
    TAKE_NOBLE,
};
use serde_json::{json, Value};
pub use state::*;

/// Default for the `max_rounds` option.
pub const DEFAULT_MAX_ROUNDS: i64 = 100;

/// The game type registered as `puerto_rico`.
pub type PuertoRicoGame = PuertoRico;

/// Steps of the base game (the base tensor's one-hot); Expansion I steps follow.
const STEPS: usize = 17;
/// Expansion I steps (its tensor block's one-hot).
const X_STEPS: usize = 7;
/// Expansion II steps (its tensor block's one-hot).
const N_STEPS: usize = 6;
const ALL_STEPS: usize = STEPS + X_STEPS + N_STEPS;
const STEP_NAMES: [&str; ALL_STEPS] = [
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

fn step_index(s: Step) -> usize {
    s as usize
}

const X_STEPS_END: usize = STEPS + X_STEPS;

/// Length of the global block of the observation tensor.
const GLOBAL_LEN: usize = STEPS
    + NUM_ROLES
    + 1
    + 3 * MAX_PLAYERS
    + 3 * NUM_ROLES
    + 4
    + 5 * NUM_GOODS
    + BASE_BUILDINGS
    + MAX_SHIPS * (2 + NUM_GOODS)
    + 9
    + 2 * NUM_GOODS
    + NUM_TILES
    + BASE_BUILDINGS;
/// Length of one player block of the observation tensor.
const PLAYER_LEN: usize = 4 + NUM_GOODS + 2 * NUM_TILES + 2 * BASE_BUILDINGS + 2;
/// Total length of the observation tensor (same for every player count) without Expansion I.
pub const TENSOR_LEN: usize = GLOBAL_LEN + MAX_PLAYERS * PLAYER_LEN;
const NEW_KINDS: usize = X_BUILDINGS - BASE_BUILDINGS;
/// Expansion I block, global part: step one-hot (7), building supply (14), building set bits
/// (37), pending building one-hot (37), black-market cut, library doubled, kept barrels (5),
/// craftsman received (5), observer's small wharf used, guest window open.
const X_GLOBAL_LEN: usize = X_STEPS + NEW_KINDS + 2 * X_BUILDINGS + 2 + 2 * NUM_GOODS + 2;
/// Expansion I block, per player: owned (14), colonists (14), forests by kind (5).
const X_PLAYER_LEN: usize = 2 * NEW_KINDS + NUM_GOODS;
/// Tensor length with Expansion I.
pub const TENSOR_LEN_X: usize = TENSOR_LEN + X_GLOBAL_LEN + MAX_PLAYERS * X_PLAYER_LEN;
/// Extra tensor entries with `forest_source = tiles_2004` (E8): the forest supply and each
/// player's forest tiles.
pub const E8_LEN: usize = 1 + MAX_PLAYERS;
/// Expansion II block, global part: step one-hot (6), noble supply, nobles on the ship, the
/// observer's land office used, sale made, royal-supplier kinds (5), Expansion II building
/// supply (8), pending Expansion II building one-hot (8).
const N_GLOBAL_LEN: usize = N_STEPS + 4 + NUM_GOODS + 2 * NOBLE_KINDS;
/// Expansion II block, per player: nobles owned, nobles on each target (51) and on the windrose,
/// Expansion II buildings owned (8) and their people (8).
const N_PLAYER_LEN: usize = 2 + NUM_TARGETS + 2 * NOBLE_KINDS;
/// Extra tensor entries with `nobles` (after the Expansion I and E8 blocks, when present).
pub const N_LEN: usize = N_GLOBAL_LEN + MAX_PLAYERS * N_PLAYER_LEN;

/// Option names whose values differ from their defaults only make sense with Expansion II.
const N_OPTIONS: [&str; 9] = [
    "nobles_buildings",
    "noble_from_ship",
    "colonists_unlimited_with_nobles",
    "jeweler_guild_hall_value",
    "land_office_sell_forest",
    "jeweler_cap",
    "villa_jeweler_exclusive",
    "land_office_trader_privilege",
    "noble_vp_and_fortress",
];

/// Option names whose values differ from their defaults only make sense with Expansion I.
const X_OPTIONS: [&str; 11] = [
    "forest_source",
    "building_set",
    "building_list",
    "hacienda_forest_house_exclusive",
    "black_market_shortfall_only",
    "harbor_small_wharf_per_kind",
    "specialty_factory_counts_privilege",
    "library_2p_once_per_round",
    "guest_house_timing",
    "black_market_returns",
    "cloister_counts_quarries_forests",
];

/// Refuse option combinations the spec does not cover (or that are not implemented).
pub fn check_options(config: &Config) -> Result<(), GameError> {
    static INFO: std::sync::OnceLock<GameInfo> = std::sync::OnceLock::new();
    let info = INFO.get_or_init(PuertoRico::info);
    let governor = config.int("first_governor");
    if governor >= config.players as i64 {
        return Err(GameError::bad_option(
            "first_governor",
            format!(
                "seat {governor} does not exist with {} players",
                config.players
            ),
        ));
    }
    if !config.bool("nobles") {
        for spec in info.options.iter() {
            if N_OPTIONS.contains(&spec.name) && config.value(spec.name) != &spec.default {
                return Err(GameError::bad_option(
                    spec.name,
                    "this option only applies with nobles = true (Expansion II)",
                ));
            }
        }
    } else if config.str("nobles_buildings") == "drafted"
        && (!config.bool("new_buildings") || config.str("building_set") == "base")
    {
        return Err(GameError::bad_option(
            "nobles_buildings",
            "drafted puts the Expansion II kinds into the Expansion I draft slots (N1): it needs \
             new_buildings = true with building_set draft, random or fixed",
        ));
    }
    if !config.bool("new_buildings") {
        for spec in info.options.iter() {
            if X_OPTIONS.contains(&spec.name) && config.value(spec.name) != &spec.default {
                return Err(GameError::bad_option(
                    spec.name,
                    "this option only applies with new_buildings = true (Expansion I)",
                ));
            }
        }
        return Ok(());
    }
    let fixed = config.str("building_set") == "fixed";
    if fixed {
        PuertoRico::fixed_set(config).map_err(|e| GameError::bad_option("building_list", e))?;
    } else if !config.value("building_list").is_null() {
        return Err(GameError::bad_option(
            "building_list",
            "building_list is only read with building_set = fixed",
        ));
    }
    Ok(())
}

struct Writer<'a> {
    out: &'a mut [f32],
    i: usize,
}

impl Writer<'_> {
    fn put(&mut self, x: f32) {
        if let Some(v) = self.out.get_mut(self.i) {
            *v = x;
        }
        self.i += 1;
    }
    fn one_hot(&mut self, len: usize, hot: Option<usize>) {
        for i in 0..len {
            self.put((hot == Some(i)) as u8 as f32);
        }
    }
    fn bits(&mut self, len: usize, mask: u32) {
        for i in 0..len {
            self.put(((mask >> i) & 1) as f32);
        }
    }
    fn counts(&mut self, c: &[u8]) {
        for &x in c {
            self.put(x as f32);
        }
    }
}

impl PuertoRico {
    fn hidden_vp(&self) -> bool {
        self.config.bool("hidden_vp")
    }
    fn max_rounds(&self) -> u64 {
        self.config.int("max_rounds").max(1) as u64
    }

    /// A true bound on the actions (chance included) of one round with `n` players.
    fn round_bound(n: u64) -> u64 {
        let picks = if n == 2 { 6 } else { n };
        let settler = 4 * n + n + 1;
        let mayor = 1 + 48 * n;
        let builder = 2 * n;
        let craftsman = n + 1;
        let trader = n;
        // loads <= 50 barrels; at most n passes around each load; storage <= 4 choices a player
        let captain = 50 + 51 * n + 4 * n;
        picks + settler + mayor + builder + craftsman + trader + captain
    }

    /// A seat's score: VP chips + building VP + large-building bonuses (the cloister by the
    /// option `cloister_counts_quarries_forests`).
    /// The points of `p` other than VP chips, as an observer sees them: with the chips face down
    /// (`show_vp` false) the customs house's chip bonus (1 per 4 chips) is left out, since it
    /// would tell the chips to within 4.
    fn shown_building_points(&self, p: usize, show_vp: bool) -> u32 {
        let pl = self.player(p);
        let mut points = self.score_of(p) - pl.vp;
        if !show_vp && pl.occupied(Building::CustomsHouse) {
            points -= pl.vp / 4;
        }
        points
    }

    pub fn score_of(&self, p: usize) -> u32 {
        let pl = self.player(p);
        let mut s = pl.score();
        if self.nobles.is_some() {
            s = (s as i64 + self.nobles_score(p)).max(0) as u32;
        }
        if self.new_buildings
            && pl.occupied(Building::Cloister)
            && !self.config.bool("cloister_counts_quarries_forests")
        {
            s - pl.cloister_bonus(true) + pl.cloister_bonus(false)
        } else {
            s
        }
    }

    fn final_winners(&self) -> Vec<usize> {
        let n = self.n();
        let key = |p: usize| {
            let pl = self.player(p);
            (
                self.score_of(p),
                pl.doubloons as u64 + pl.goods.total() as u64,
            )
        };
        let best = (0..n).map(key).max().unwrap_or((0, 0));
        (0..n).filter(|&p| key(p) == best).collect()
    }

    fn tile_name(t: usize) -> &'static str {
        TILE_NAMES.get(t).copied().unwrap_or("?")
    }

    /// A mayor / guest-house / black-market target by name: a building, `<kind> plantation` or
    /// `quarry`.
    pub(crate) fn target_name(t: usize) -> String {
        match target_building(t) {
            Some(b) => BUILDINGS
                .get(b)
                .map(|d| d.name.to_string())
                .unwrap_or_else(|| "?".into()),
            None if t - BASE_BUILDINGS == QUARRY => "quarry".into(),
            None => format!("{} plantation", Self::tile_name(t - BASE_BUILDINGS)),
        }
    }

    fn check(&self) -> Result<(), String> {
        check_options(&self.config).map_err(|e| e.to_string())?;
        let n = self.config.players;
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err(format!("config.players {n} is not 2..5"));
        }
        if self.players.len as usize != n {
            return Err(format!(
                "{} players listed for a {n}-player game",
                self.players.len
            ));
        }
        let s = setup(n);
        if self.round == 0 || self.round as u64 > self.max_rounds() {
            return Err(format!(
                "round {} outside 1..={}",
                self.round,
                self.max_rounds()
            ));
        }
        for (name, v) in [("governor", self.governor), ("chooser", self.chooser)] {
            if v as usize >= n {
                return Err(format!("{name} {v} is not a seat"));
            }
        }
        if self.picks >= s.picks {
            return Err(format!(
                "picks {} but only {} roles are chosen per round",
                self.picks, s.picks
            ));
        }
        if self.step != Step::GameOver
            && self.role.is_none()
            && self.chooser as usize != (self.governor as usize + self.picks as usize) % n
        {
            return Err("chooser is not the player whose turn it is to choose a role".into());
        }
        // Roles.
        let mut taken = 0;
        for (i, r) in ROLES.iter().enumerate() {
            let slot = self.roles.0[i];
            if slot.in_play != r.in_play(n) {
                return Err(format!(
                    "role {} is {}in play with {n} players",
                    r.name(),
                    if slot.in_play { "" } else { "not " }
                ));
            }
            taken += slot.taken as u8;
        }
        let expect_taken = self.picks + self.role.is_some() as u8;
        if taken != expect_taken && self.step != Step::GameOver {
            return Err(format!(
                "{taken} role tiles marked taken, expected {expect_taken}"
            ));
        }
        if let Some(r) = self.role {
            if !self.roles.0[r as usize].taken {
                return Err(format!("role {} is being played but not taken", r.name()));
            }
        }
        // Step and role consistency.
        let want_role = match self.step {
            Step::ChooseRole | Step::GameOver => None,
            Step::Hacienda | Step::HaciendaDraw | Step::Settle | Step::Hospice | Step::Refill => {
                Some(Role::Settler)
            }
            Step::MayorPrivilege | Step::Arrange => Some(Role::Mayor),
            Step::Build | Step::University => Some(Role::Builder),
            Step::Produce | Step::CraftsmanBonus => Some(Role::Craftsman),
            Step::Trade => Some(Role::Trader),
            Step::Load | Step::Warehouse | Step::Keep | Step::SmallWharf => Some(Role::Captain),
            Step::Draft => None,
            Step::HaciendaForest => Some(Role::Settler),
            Step::BlackMarketColonist | Step::BlackMarketGood | Step::BlackMarketVp => {
                Some(Role::Builder)
            }
            // A guest-house window belongs to a role's phase, never the mayor's.
            Step::GuestHouse => match self.role {
                Some(r) if r != Role::Mayor => Some(r),
                _ => return Err("step guest_house needs a role other than the mayor".into()),
            },
            Step::ShipNoble => Some(Role::Mayor),
            Step::LandOffice | Step::LandOfficeDraw | Step::LandOfficeForest => Some(Role::Trader),
            Step::HuntingLodge => Some(Role::Settler),
            Step::RoyalSupplier => Some(Role::Captain),
        };
        if self.nobles.is_some() != self.config.bool("nobles") {
            return Err("the nobles state must be present exactly with the option nobles".into());
        }
        if self.nobles.is_none() && (self.step as usize) >= STEPS + X_STEPS {
            return Err("an Expansion II step in a game without nobles".into());
        }
        self.check_nobles()?;
        if self.new_buildings != self.config.bool("new_buildings") {
            return Err("new_buildings does not match the option new_buildings".into());
        }
        if !self.new_buildings && matches!(self.step as usize, STEPS..X_STEPS_END) {
            return Err("an Expansion I step in a game without new_buildings".into());
        }
        if (self.step == Step::GuestHouse) != self.guest_after.is_some() {
            return Err("guest_after must be set exactly during the guest_house step".into());
        }
        if self.step == Step::GuestHouse && self.guest_queue & (1 << self.actor()) == 0 {
            return Err("the guest-house window's player is not in guest_queue".into());
        }
        let window_role = match self.guest_after {
            Some(Resume::Build) => Some(Role::Builder),
            Some(Resume::Storage) => Some(Role::Captain),
            _ => self.role,
        };
        if self.step == Step::GuestHouse && window_role != self.role {
            return Err(format!(
                "guest_after {} does not fit the role being played",
                if window_role == Some(Role::Builder) {
                    "build"
                } else {
                    "storage"
                }
            ));
        }
        if self.guest_after == Some(Resume::Storage) && self.step == Step::GuestHouse {
            let p = self.actor();
            if self.guest_queue != 1 << p || !self.storage_loses(p) {
                return Err(format!(
                    "guest_after storage: player {p}'s storage window must be his alone, and he \
                     must have a barrel to lose"
                ));
            }
        }
        if self.step != Step::GuestHouse && self.guest_queue != 0 {
            return Err("guest_queue is only used during the guest_house step".into());
        }
        let bm = matches!(
            self.step,
            Step::BlackMarketColonist | Step::BlackMarketGood | Step::BlackMarketVp
        );
        if bm != self.pending.is_some() || self.bm_cut > 3 || (!bm && self.bm_cut > 0) {
            return Err("pending / bm_cut must be set exactly during the black market".into());
        }
        if let Some(b) = self.pending {
            if self.player(self.actor()).buildings.owns(b)
                || self.building_supply.0[b as usize] == 0
            {
                return Err(format!("pending building {} cannot be bought", b.name()));
            }
        }
        if self.step == Step::Draft {
            if self.round != 1 || self.picks != 0 || self.chooser != self.governor {
                return Err("the draft happens before the first role choice".into());
            }
            if self.acted as u32 != self.building_set.count_ones() {
                return Err("acted must equal the kinds drafted so far".into());
            }
        } else if self.new_buildings && self.building_set.count_ones() != SET_SIZE {
            return Err(format!(
                "building_set lists {} violet kinds, expected {SET_SIZE}",
                self.building_set.count_ones()
            ));
        }
        if !self.new_buildings && self.building_set != 0 {
            return Err("building_set is only used with new_buildings".into());
        }
        for b in 0..NUM_BUILDINGS {
            if self.building_set & (1 << b) != 0 && BUILDINGS[b].class != Class::Violet {
                return Err(format!("building_set lists {}", BUILDINGS[b].name));
            }
        }
        if self.building_set >> X_BUILDINGS != 0 && !self.nobles_drafted() {
            return Err("building_set lists Expansion II kinds, which are not drafted".into());
        }
        if self.building_set >> NUM_BUILDINGS != 0 {
            return Err("building_set out of range".into());
        }
        for &(cost, slots) in DRAFT_SLOTS.iter() {
            let have = (0..NUM_BUILDINGS)
                .filter(|&b| self.building_set & (1 << b) != 0 && BUILDINGS[b].cost == cost)
                .count();
            if have > slots as usize {
                return Err(format!("building_set has {have} kinds of cost {cost}"));
            }
        }
        if want_role != self.role {
            return Err(format!(
                "step {} does not fit the role being played ({})",
                STEP_NAMES[step_index(self.step)],
                self.role.map(|r| r.name()).unwrap_or("none")
            ));
        }
        let acted_limit = match self.step {
            Step::Refill => n + 1,
            Step::Draft => SET_SIZE as usize,
            // One turn per piece handed out from the colonist ship.
            Step::ShipNoble => 256,
            // The library's second settler tile is taken with acted == n.
            Step::HaciendaForest if self.doubled => n + 1,
            Step::Settle if self.library_tile_turn() => n + 1,
            _ => n,
        };
        if self.acted as usize >= acted_limit && self.step != Step::GameOver {
            return Err(format!("acted {} out of range", self.acted));
        }
        if self.step == Step::ChooseRole && self.acted != 0 {
            return Err("acted must be 0 during role selection".into());
        }
        if self.step == Step::CraftsmanBonus && self.acted != 0 {
            return Err("the craftsman bonus is the craftsman's (acted 0)".into());
        }
        if self.no_load_turns as usize >= n && self.step == Step::Load {
            return Err("no_load_turns reached the player count during loading".into());
        }
        let forest_choice = matches!(self.step, Step::HaciendaForest | Step::LandOfficeForest);
        if (self.step == Step::Hospice || forest_choice) != self.last_tile.is_some() {
            return Err("last_tile must be set exactly during the hospice step".into());
        }
        if let Some(t) = self.last_tile {
            let pl = self.player(self.actor());
            if forest_choice {
                if t as usize >= NUM_GOODS {
                    return Err(format!("hacienda tile {t} is not a plantation"));
                }
            } else if t == FOREST_TILE {
                if !self.new_buildings {
                    return Err("a forest in a game without new_buildings".into());
                }
            } else if t as usize >= NUM_TILES || pl.empty_circles(BASE_BUILDINGS + t as usize) == 0
            {
                return Err(format!("last_tile {t} has no free circle"));
            }
        }
        if (self.step == Step::University) != self.last_building.is_some() {
            return Err("last_building must be set exactly during the university step".into());
        }
        if let Some(b) = self.last_building {
            if self.player(self.actor()).empty_building(b as usize) == 0 {
                return Err(format!("last_building {} has no free circle", b.name()));
            }
        }
        let todo_limit = match self.step {
            Step::SmallWharf => 60,
            Step::BlackMarketColonist | Step::BlackMarketGood | Step::BlackMarketVp => 10,
            _ => n + 1,
        };
        if self.floor as usize > NUM_TARGETS || self.todo as usize > todo_limit {
            return Err("floor or todo out of range".into());
        }
        if matches!(self.step, Step::Warehouse | Step::Keep) {
            let p = self.actor();
            let goods = self.player(p).goods;
            // Storage opens only for a player holding more kinds than he may warehouse; he
            // then warehouses exactly his capacity of kinds (engine decision 2).
            let cap = self.warehouse_capacity(p) as u32;
            let chosen = self.warehoused.count_ones();
            if self.step == Step::Warehouse && cap == 0 {
                return Err(format!(
                    "step warehouse: player {p} (to move) has no occupied warehouse"
                ));
            }
            let todo = if self.step == Step::Warehouse {
                self.todo as u32
            } else {
                0
            };
            if self.step == Step::Warehouse && todo == 0 {
                return Err("step warehouse: todo (warehouse picks left) is 0".into());
            }
            if chosen + todo != cap {
                return Err(format!(
                    "warehoused: player {p} warehouses {} kinds here, his warehouses take {cap}",
                    chosen + todo
                ));
            }
            if goods.mask().count_ones() <= cap {
                return Err(format!(
                    "step {}: player {p} holds no more kinds than his warehouses take, so he has \
                     no storage to choose",
                    STEP_NAMES[step_index(self.step)]
                ));
            }
            if self.todo > 3 || self.warehoused & !goods.mask() != 0 {
                return Err("warehouse bookkeeping does not fit the player's goods".into());
            }
            if (0..NUM_GOODS).any(|g| {
                self.kept.0[g] > goods.0[g]
                    || (self.kept.0[g] > 0 && self.warehoused & (1 << g) != 0)
            }) || self.kept.total() > 4
            {
                return Err("kept barrels do not fit the player's goods".into());
            }
        } else if !self.kept.is_zero() {
            return Err("kept is only used during storage".into());
        }
        if self.step == Step::SmallWharf && self.small_wharf_used & (1 << self.actor()) == 0 {
            return Err("a small-wharf load by a player who has not used it".into());
        }
        let bits = (1u32 << n) - 1;
        if (self.quarry_taken as u32) & !bits != 0
            || (self.wharf_used as u32) & !bits != 0
            || (self.small_wharf_used as u32) & !bits != 0
            || (self.library_used as u32) & !bits != 0
            || (self.guest_queue as u32) & !bits != 0
        {
            return Err("seat bit masks name seats that do not exist".into());
        }
        if self.craftsman_kinds >= 32 || self.warehoused >= 32 {
            return Err("good bit masks out of range".into());
        }
        // Players.
        let mut goods = self.goods_supply.0.map(|x| x as u32);
        let mut plantations = [0u32; NUM_TILES];
        let mut colonists = self.colonist_supply as u32 + self.colonist_ship as u32;
        let mut vp = self.vp_supply as i64;
        let mut buildings = self.building_supply.0.map(|x| x as u32);
        let mut forest_tiles = self.forest_supply as u32;
        for p in 0..n {
            let pl = self.player(p);
            if pl.island_used() > 12 {
                return Err(format!(
                    "player {p} has {} island tiles (12 spaces)",
                    pl.island_used()
                ));
            }
            if pl.city_used() > 12 {
                return Err(format!(
                    "player {p} uses {} city spaces (12)",
                    pl.city_used()
                ));
            }
            for t in 0..NUM_TILES {
                if pl.island_colonists.0[t] > pl.island.0[t] {
                    return Err(format!(
                        "player {p} has more colonists than {} tiles",
                        Self::tile_name(t)
                    ));
                }
                plantations[t] += pl.island.0[t] as u32;
            }
            if !self.new_buildings && pl.all_forests() > 0 {
                return Err(format!("player {p} has forests without new_buildings"));
            }
            if !self.tiles_2004() && pl.forest_tiles > 0 {
                return Err(format!(
                    "player {p} has forest tiles, which only forest_source = tiles_2004 has"
                ));
            }
            if self.tiles_2004() && !pl.forests.is_zero() {
                return Err(format!(
                    "player {p} has face-down plantations as forests, which forest_source = \
                     tiles_2004 does not use"
                ));
            }
            forest_tiles += pl.forest_tiles as u32;
            for g in 0..NUM_GOODS {
                plantations[g] += pl.forests.0[g] as u32;
            }
            for b in 0..NUM_BUILDINGS {
                let x = pl.buildings.0[b];
                if x > 0 {
                    if x - 1 > BUILDINGS[b].circles {
                        return Err(format!(
                            "player {p}: too many colonists on {}",
                            BUILDINGS[b].name
                        ));
                    }
                    buildings[b] += 1;
                }
            }
            for g in 0..NUM_GOODS {
                goods[g] += pl.goods.0[g] as u32;
            }
            colonists += pl.colonists() - self.nobles_of(p).min(pl.colonists());
            vp += pl.vp as i64;
            if pl.doubloons > 1_000_000 {
                return Err(format!(
                    "player {p} has an absurd {} doubloons",
                    pl.doubloons
                ));
            }
        }
        for s in self.ships.as_slice() {
            if let Some(g) = s.good {
                goods[g as usize] += s.count as u32;
            }
        }
        for g in 0..NUM_GOODS {
            goods[g] += self.trading_house.0[g] as u32;
            if goods[g] != s.goods[g] as u32 {
                return Err(format!(
                    "{} barrels of {} in the game, expected {}",
                    goods[g], GOOD_NAMES[g], s.goods[g]
                ));
            }
            plantations[g] +=
                self.plantation_row.0[g] as u32 + self.deck.0[g] as u32 + self.discard.0[g] as u32;
            if forest_choice && self.last_tile == Some(g as u8) {
                plantations[g] += 1;
            }
            if plantations[g] != s.plantations[g] as u32 {
                return Err(format!(
                    "{} {} plantations in the game, expected {}",
                    plantations[g], GOOD_NAMES[g], s.plantations[g]
                ));
            }
        }
        let want_forests = if self.tiles_2004() {
            FOREST_TILES_2004 as u32
        } else {
            0
        };
        if forest_tiles != want_forests {
            return Err(format!(
                "{forest_tiles} forest tiles in the game, expected {want_forests}"
            ));
        }
        if plantations[QUARRY] + self.quarries as u32 != s.quarries as u32 {
            return Err(format!("quarries do not add up to {}", s.quarries));
        }
        let total_colonists = s.colonist_supply as u32 + s.colonist_ship as u32;
        colonists += self.removed_colonists as u32;
        vp += self.removed_vp as i64;
        let unlimited =
            self.nobles.is_some() && self.config.bool("colonists_unlimited_with_nobles");
        if colonists != total_colonists && !unlimited {
            return Err(format!(
                "{colonists} colonists in the game, expected {total_colonists}"
            ));
        }
        if vp != s.vp_chips as i64 {
            return Err(format!(
                "VP supply plus VP held is {vp}, expected {}",
                s.vp_chips
            ));
        }
        for d in BUILDINGS.iter() {
            let i = d.kind as usize;
            let want = self.building_copies(i);
            if buildings[i] != want {
                return Err(format!(
                    "{} copies of {} in the game, expected {want}",
                    buildings[i], d.name,
                ));
            }
        }
        // Ships and trading house.
        let ships = self.ships.as_slice();
        if ships.len() != s.ships.len()
            || ships
                .iter()
                .zip(s.ships.iter())
                .any(|(a, &c)| a.capacity != c)
        {
            return Err(format!("cargo ships must have capacities {:?}", s.ships));
        }
        for (i, sh) in ships.iter().enumerate() {
            if sh.count > sh.capacity || sh.good.is_some() != (sh.count > 0) {
                return Err(format!("ship {} holds an impossible cargo", sh.capacity));
            }
            if let Some(g) = sh.good {
                if ships[..i].iter().any(|o| o.good == Some(g)) {
                    return Err(format!("{} is on two ships", g.name()));
                }
            }
        }
        if self.trading_house.total() > 4 {
            return Err("the trading house holds more than 4 barrels".into());
        }
        if self.plantation_row.total() > n as u32 + 1 {
            return Err("too many face-up plantations".into());
        }
        if self.vp_supply <= 0 && !self.end_triggered {
            return Err("the VP supply is empty but the end is not triggered".into());
        }
        if self.step == Step::GameOver && !self.end_triggered && !self.truncated {
            return Err(
                "step game_over, but end_triggered is false and the game was not truncated".into(),
            );
        }
        if self.truncated
            && (self.step != Step::GameOver
                || self.end_triggered
                || (self.round as u64) < self.max_rounds())
        {
            return Err(format!(
                "truncated: only a game over at round max_rounds ({}) without an end trigger \
                 is truncated",
                self.max_rounds()
            ));
        }
        if self.step == Step::GameOver && (self.picks != 0 || self.roles.0.iter().any(|r| r.taken))
        {
            return Err("step game_over: picks must be 0 and no role tile taken".into());
        }
        let out_of_game =
            self.new_buildings && self.config.str("black_market_returns") == "out_of_game";
        if !out_of_game && (self.removed_colonists > 0 || self.removed_vp > 0) {
            return Err(format!(
                "{}: only the black market with black_market_returns = out_of_game takes pieces \
                 out of the game",
                if self.removed_colonists > 0 {
                    "removed_colonists"
                } else {
                    "removed_vp"
                }
            ));
        }
        if self.step == Step::Refill
            && self.plantation_row.total() + self.todo as u32 != n as u32 + 1
        {
            return Err(format!(
                "step refill: plantation_row holds {} tiles and todo {} more, the row takes {}",
                self.plantation_row.total(),
                self.todo,
                n + 1
            ));
        }
        // Every non-terminal node has a move.
        if self.step != Step::GameOver {
            let (count, _) = self.count_legal();
            if count == 0 {
                return Err(format!(
                    "no legal action in step {}",
                    STEP_NAMES[step_index(self.step)]
                ));
            }
        }
        Ok(())
    }

    /// Labels of the Expansion II action ids.
    fn nobles_label(&self, a: Action) -> String {
        let bname = |i: Action| {
            BUILDINGS
                .get(X_BUILDINGS + i as usize)
                .map(|d| d.name)
                .unwrap_or("?")
        };
        match a {
            _ if a < PLACE_N => format!("build {}", bname(a - BUILD_N)),
            _ if a < DRAFT_N => format!("place {}", bname(a - PLACE_N)),
            _ if a < BM_COLONIST_N => format!("draft {}", bname(a - DRAFT_N)),
            _ if a < GUEST_N => format!("return colonist from {}", bname(a - BM_COLONIST_N)),
            _ if a < NOBLE_PLACE => format!("guest to {}", bname(a - GUEST_N)),
            _ if a < GUEST_NOBLE => format!("place noble {}", bname(a - NOBLE_PLACE)),
            _ if a < BM_NOBLE => format!("guest noble to {}", bname(a - GUEST_NOBLE)),
            _ if a < TAKE_NOBLE => {
                let t = (a - BM_NOBLE) as usize;
                if t >= NUM_TARGETS {
                    "return noble from san_juan".into()
                } else {
                    format!("return noble from {}", Self::target_name(t))
                }
            }
            TAKE_NOBLE => "take noble".into(),
            LAND_BUY => "land office buy".into(),
            _ if a < SUPPLY => {
                let i = (a - REMOVE) as usize;
                let k = GOOD_NAMES[i % NUM_GOODS];
                match i / NUM_GOODS {
                    0 => format!("remove empty {k}"),
                    1 => format!("remove occupied {k}"),
                    2 if i < 15 => format!("remove forest {k}"),
                    _ => "remove forest tile".into(),
                }
            }
            _ if a < nobles::NOBLE_AT => format!(
                "royal supplier {}",
                GOOD_NAMES
                    .get((a - SUPPLY) as usize)
                    .copied()
                    .unwrap_or("?")
            ),
            _ if a < nobles::REMOVE_NOBLE => {
                let t = (a - nobles::NOBLE_AT) as usize % NUM_TARGETS;
                let what = if a < nobles::GUEST_NOBLE_AT {
                    "place noble"
                } else {
                    "guest noble to"
                };
                // Function buildings use the ids NOBLE_PLACE / GUEST_NOBLE instead.
                let unused = if target_building(t).and_then(nobles::function_of).is_some() {
                    " (unused)"
                } else {
                    ""
                };
                format!("{what} {}{unused}", Self::target_name(t))
            }
            _ => format!(
                "remove noble {}",
                GOOD_NAMES
                    .get((a - nobles::REMOVE_NOBLE) as usize)
                    .copied()
                    .unwrap_or("?")
            ),
        }
    }

    /// The Expansion II tensor block (`N_LEN` entries), if the expansion is on.
    fn nobles_tensor(&self, seat: usize, w: &mut Writer) {
        let Some(x) = self.nb() else { return };
        let n = self.n();
        let start = w.i;
        let si = step_index(self.step);
        w.one_hot(N_STEPS, si.checked_sub(STEPS + X_STEPS));
        w.put(x.supply as f32);
        w.put(x.ship as f32);
        w.put(((x.land_office_used >> seat.min(7)) & 1) as f32);
        w.put(x.sold as u8 as f32);
        w.bits(NUM_GOODS, x.supplied as u32);
        w.counts(&self.building_supply.0[X_BUILDINGS..]);
        w.one_hot(
            NOBLE_KINDS,
            self.pending
                .map(|b| b as usize)
                .and_then(|b| b.checked_sub(X_BUILDINGS)),
        );
        for r in 0..MAX_PLAYERS {
            if r >= n {
                for _ in 0..N_PLAYER_LEN {
                    w.put(0.0);
                }
                continue;
            }
            let p = (seat + r) % n;
            let pl = self.player(p);
            let np = x.of(p);
            w.put(np.nobles as f32);
            w.counts(&np.on);
            w.put(np.windrose() as f32);
            for b in X_BUILDINGS..NUM_BUILDINGS {
                w.put((pl.buildings.0[b] > 0) as u8 as f32);
            }
            for b in X_BUILDINGS..NUM_BUILDINGS {
                w.put(pl.buildings.colonists(b) as f32);
            }
        }
        debug_assert_eq!(w.i - start, N_LEN);
    }

    /// Expansion II consistency: 20 nobles, each player's nobles among his people, nobles on
    /// function buildings only where someone stands, step bookkeeping.
    fn check_nobles(&self) -> Result<(), String> {
        let Some(x) = self.nb() else { return Ok(()) };
        let n = self.n();
        if x.players.len() != n {
            return Err(format!(
                "nobles lists {} players, expected {n}",
                x.players.len()
            ));
        }
        let mut total = x.supply as u32 + x.ship as u32;
        for p in 0..n {
            let np = x.of(p);
            let pl = self.player(p);
            total += np.nobles as u32;
            if np.nobles as u32 > pl.colonists() {
                return Err(format!("player {p} owns more nobles than people"));
            }
            // Each noble stands on a target holding at least as many people, or on the windrose.
            for t in 0..NUM_TARGETS {
                if np.on[t] as u32 > self.people_at(p, t) {
                    return Err(format!(
                        "player {p}: more nobles than people on {}",
                        Self::target_name(t)
                    ));
                }
            }
            if np.placed() > np.nobles as u32 {
                return Err(format!("player {p}: more nobles placed than owned"));
            }
            if np.windrose() > pl.san_juan as u32 {
                return Err(format!(
                    "player {p}: {} nobles on the windrose but {} people there",
                    np.windrose(),
                    pl.san_juan
                ));
            }
        }
        if total != nobles::NOBLES_TOTAL as u32 {
            return Err(format!(
                "{total} nobles in the game, expected {}",
                nobles::NOBLES_TOTAL
            ));
        }
        if self.step == Step::ShipNoble && (x.ship == 0 || self.colonist_ship == 0) {
            return Err("ship_noble needs a noble and a colonist on the ship".into());
        }
        if x.sold != (self.step == Step::LandOffice)
            && !matches!(self.step, Step::LandOfficeDraw | Step::LandOfficeForest)
        {
            return Err("nobles.sold must be set exactly during the land_office step".into());
        }
        if x.supplied != 0 && self.step != Step::RoyalSupplier {
            return Err("nobles.supplied is only used during the royal_supplier step".into());
        }
        if (x.land_office_used as u32) >> n != 0 || x.supplied >= 32 {
            return Err("nobles bit sets out of range".into());
        }
        Ok(())
    }

    fn player_json(&self, p: usize, show_vp: bool) -> Value {
        let pl = self.player(p);
        let mut v = serde_json::to_value(pl).unwrap_or(Value::Null);
        if let Value::Object(m) = &mut v {
            m.insert("seat".into(), json!(p));
            if !show_vp {
                m.insert("vp".into(), Value::Null);
            }
            m.insert(
                "building_points".into(),
                json!(self.shown_building_points(p, show_vp)),
            );
            if show_vp {
                m.insert("score".into(), json!(self.score_of(p)));
            }
        }
        v
    }
}

impl Game for PuertoRico {
    fn info() -> GameInfo {
        GameInfo {
            name: "puerto_rico",
            title: "Puerto Rico",
            min_players: 2,
            max_players: 5,
            options: vec![
                OptionSpec::bool(
                    "hidden_vp",
                    false,
                    "VP chips are face down: each seat sees only its own VP (rules A43).",
                ),
                OptionSpec::bool(
                    "craftsman_optional_production",
                    false,
                    "Each player may decline his whole production in the craftsman phase \
                     (rules A16); by default production is automatic.",
                ),
                OptionSpec::bool(
                    "new_buildings",
                    false,
                    "Expansion I \"The New Buildings\" (rules §8): 14 new violet kinds, forests, \
                     and a set of 17 violet kinds chosen by building_set.",
                ),
                OptionSpec::choice(
                    "building_set",
                    "draft",
                    &["draft", "random", "fixed", "base"],
                    "Expansion I: how the 17 violet kinds are chosen: draft (rules §8.2, the \
                     players pick one kind at a time from the governor), random (a draft of \
                     uniformly random legal picks, drawn from the seed), fixed (building_list), \
                     base (the base game's kinds).",
                ),
                OptionSpec::json(
                    "building_list",
                    Value::Null,
                    "Expansion I with building_set = fixed: the 17 violet kinds by name, filling \
                     the draft slots (costs 1, 2, 2, 3, 4, 5, 5, 6, 7, 8, 8, 9 and five 10s).",
                ),
                OptionSpec::bool(
                    "hacienda_forest_house_exclusive",
                    false,
                    "Expansion I (E2): hacienda and forest house never in the same game (2004 \
                     rules); by default both may be chosen (2011 rules).",
                ),
                OptionSpec::bool(
                    "black_market_shortfall_only",
                    false,
                    "Expansion I (E1): the black market only covers the exact shortfall; by \
                     default any items up to the price (the Greek example).",
                ),
                OptionSpec::choice(
                    "black_market_returns",
                    "supply",
                    &["supply", "out_of_game"],
                    "Expansion I (E9): returned colonists and VP go back to the supplies (rules) \
                     or leave the game (Italian review).",
                ),
                OptionSpec::bool(
                    "harbor_small_wharf_per_kind",
                    false,
                    "Expansion I (E3): the harbor gives +1 per kind in a small-wharf load \
                     instead of +1 per load.",
                ),
                OptionSpec::bool(
                    "specialty_factory_counts_privilege",
                    false,
                    "Expansion I (E4): the craftsman's privilege barrel counts for his specialty \
                     factory.",
                ),
                OptionSpec::bool(
                    "cloister_counts_quarries_forests",
                    true,
                    "Expansion I (E5): quarries and forests form cloister sets; false counts \
                     plantations only.",
                ),
                OptionSpec::bool(
                    "library_2p_once_per_round",
                    true,
                    "Expansion I (E6): in the 2-player game the library doubles only the \
                     owner's first privilege of each round.",
                ),
                OptionSpec::choice(
                    "guest_house_timing",
                    "any_time",
                    &["any_time", "phase_start"],
                    "Expansion I (E7): guest-house moves at the start of every phase but the \
                     mayor, before each of the owner's own decisions and after he builds \
                     (any_time), or only at the start of each phase.",
                ),
                OptionSpec::choice(
                    "forest_source",
                    "flip_2011",
                    &["flip_2011", "tiles_2004"],
                    "Expansion I (E8): a forest is a face-up plantation turned face down \
                     (flip_2011), or one of the 12 separate forest tiles of the 2004 expansion, \
                     taking it discards the face-up plantation (tiles_2004); with the tiles \
                     forests can run out.",
                ),
                OptionSpec::bool(
                    "nobles",
                    false,
                    "Expansion II \"The Nobles\" (rules §9), PROVISIONAL: no official rules text \
                     was read; every mechanic rests on public implementations and tile texts. \
                     Nobles on the colonist ship (one per refill), placing them like colonists, 1 \
                     VP each at the end, the 8 Nobles kinds (land office, chapel, hunting lodge, \
                     construction office, royal supplier, villa, jeweler, royal garden), and no \
                     end when the colonists run out. Combines with new_buildings and every \
                     player count (2 players: N7, unsupported by any source).",
                ),
                OptionSpec::choice(
                    "nobles_buildings",
                    "added",
                    &["added", "drafted"],
                    "Expansion II (N1, provisional): the Nobles kinds are added on top of the \
                     chosen set, or drafted into the Expansion I cost slots (the jeweler is \
                     always added; drafted needs new_buildings).",
                ),
                OptionSpec::choice(
                    "noble_from_ship",
                    "choice",
                    &["choice", "mayor"],
                    "Expansion II (N2, provisional): the player whose turn it is to take a piece \
                     from the colonist ship chooses the noble or a colonist, or the mayor always \
                     gets the noble.",
                ),
                OptionSpec::bool(
                    "colonists_unlimited_with_nobles",
                    false,
                    "Expansion II (N3, provisional): an unlimited colonist supply; by default it \
                     is finite and running out ends nothing.",
                ),
                OptionSpec::int(
                    "jeweler_guild_hall_value",
                    2,
                    0,
                    2,
                    "Expansion II (N4, provisional): what an owned jeweler adds to an occupied \
                     guild hall (2 as a large production building; 1 as one source).",
                ),
                OptionSpec::bool(
                    "noble_vp_and_fortress",
                    true,
                    "Expansion II (N5, provisional): each noble scores 1 VP at the end and the \
                     fortress counts nobles; false scores nothing for them and the fortress \
                     counts colonists only.",
                ),
                OptionSpec::bool(
                    "land_office_sell_forest",
                    true,
                    "Expansion II (N6, provisional): a noble on the land office may remove a \
                     forest as well as a plantation.",
                ),
                OptionSpec::bool(
                    "land_office_trader_privilege",
                    false,
                    "Expansion II (N8, provisional): the trader's privilege adds to his \
                     land-office doubloon.",
                ),
                OptionSpec::int(
                    "jeweler_cap",
                    0,
                    0,
                    20,
                    "Expansion II (N9, provisional): the jeweler pays at most this many doubloons \
                     (0 = no cap).",
                ),
                OptionSpec::bool(
                    "villa_jeweler_exclusive",
                    false,
                    "Expansion II (N9, provisional): villa and jeweler not in the same game (a \
                     house rule): the jeweler is left out.",
                ),
                OptionSpec::int(
                    "first_governor",
                    -1,
                    -1,
                    (MAX_PLAYERS - 1) as i64,
                    "Seat of the first governor; -1 (the default) draws him uniformly from the \
                     seed, as the rules choose him by any method (spec §2.1).",
                ),
                OptionSpec::int(
                    "max_rounds",
                    DEFAULT_MAX_ROUNDS,
                    1,
                    1000,
                    "Safety limit: the game ends (scored normally, marked truncated) after this \
                     many rounds if no end condition occurred.",
                ),
            ],
            hidden_information: true,
            state_version: 1,
        }
    }

    fn new(config: &Config, seed: u64) -> Result<Self, GameError> {
        if !(2..=MAX_PLAYERS).contains(&config.players) {
            return Err(GameError::BadPlayers {
                game: "puerto_rico".into(),
                min: 2,
                max: 5,
                got: config.players,
            });
        }
        // The last configuration (validated, shared) is reused, so that starting many games
        // with one configuration neither re-checks nor re-allocates its options.
        thread_local! {
            static LAST: std::cell::RefCell<Option<std::sync::Arc<Config>>> =
                const { std::cell::RefCell::new(None) };
        }
        let shared = LAST.with(|last| {
            let mut last = last.borrow_mut();
            if let Some(a) = last.as_ref() {
                if **a == *config {
                    return Ok(a.clone());
                }
            }
            check_options(config)?;
            let a = std::sync::Arc::new(config.clone());
            *last = Some(a.clone());
            Ok::<_, GameError>(a)
        })?;
        Ok(PuertoRico::setup(shared, seed))
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn num_distinct_actions(&self) -> u32 {
        if self.nobles.is_some() {
            NUM_ACTIONS_N
        } else if self.new_buildings {
            NUM_ACTIONS_X
        } else {
            NUM_ACTIONS
        }
    }

    fn turn(&self) -> Turn {
        match self.step {
            Step::GameOver => Turn::Terminal,
            Step::HaciendaDraw | Step::Refill | Step::LandOfficeDraw => Turn::Chance,
            _ => Turn::Player(self.actor()),
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        self.for_each_legal(&mut |a| out.push(a));
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
        if self.is_chance() {
            for (k, &c) in self.deck.0.iter().enumerate() {
                if c > 0 {
                    out.push((DRAW + k as Action, c as u32));
                }
            }
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        if self.step == Step::GameOver {
            return Err(RuleError::new("the game is over"));
        }
        if !self.is_legal(action) {
            return Err(RuleError::new(format!(
                "action {action} ({}) is not legal in step {} (player {})",
                self.action_label(action),
                STEP_NAMES[step_index(self.step)],
                self.actor()
            )));
        }
        self.apply_legal(action);
        Ok(())
    }

    fn scores(&self) -> Vec<f64> {
        (0..self.n()).map(|p| self.score_of(p) as f64).collect()
    }

    fn winners(&self) -> Vec<usize> {
        if self.step == Step::GameOver {
            self.final_winners()
        } else {
            Vec::new()
        }
    }

    fn observation(&self, seat: usize) -> Value {
        let n = self.n();
        let over = self.step == Step::GameOver;
        let hide = self.hidden_vp() && !over;
        let players: Vec<Value> = (0..n)
            .map(|p| self.player_json(p, !hide || p == seat))
            .collect();
        let mut obs = json!({
            "seat": seat,
            "round": self.round,
            "governor": self.governor,
            "current_player": self.turn().as_i32(),
            "step": STEP_NAMES[step_index(self.step)],
            "role": self.role,
            "chooser": self.chooser,
            "roles": self.roles,
            "colonist_supply": self.colonist_supply,
            "colonist_ship": self.colonist_ship,
            "vp_supply": self.vp_supply,
            "goods_supply": self.goods_supply,
            "quarries": self.quarries,
            "plantation_row": self.plantation_row,
            "deck": self.deck,
            "discard": self.discard,
            "building_supply": self.building_supply,
            "ships": self.ships,
            "trading_house": self.trading_house,
            "end_triggered": self.end_triggered,
            "truncated": self.truncated,
            "quarry_taken": seat_set::list(self.quarry_taken),
            "wharf_used": seat_set::list(self.wharf_used),
            "captain_bonus_paid": self.captain_bonus_paid,
            "craftsman_kinds": good_set::list(self.craftsman_kinds),
            "warehoused": good_set::list(self.warehoused),
            "last_tile": self.last_tile.map(|t| LAST_TILE_NAMES.get(t as usize).copied().unwrap_or("?")),
            "last_building": self.last_building,
            "players": players,
        });
        if let (Some(x), Value::Object(m)) = (self.nb(), &mut obs) {
            m.insert("nobles".into(), json!(x));
        }
        if self.new_buildings {
            if let Value::Object(m) = &mut obs {
                m.insert("new_buildings".into(), json!(true));
                m.insert(
                    "building_set".into(),
                    json!(building_set::list(self.building_set)),
                );
                m.insert("pending".into(), json!(self.pending));
                m.insert("bm_cut".into(), json!(self.bm_cut));
                m.insert("kept".into(), json!(self.kept));
                m.insert("doubled".into(), json!(self.doubled));
                m.insert(
                    "library_used".into(),
                    json!(seat_set::list(self.library_used)),
                );
                m.insert(
                    "small_wharf_used".into(),
                    json!(seat_set::list(self.small_wharf_used)),
                );
                m.insert(
                    "guest_queue".into(),
                    json!(seat_set::list(self.guest_queue)),
                );
                m.insert("guest_after".into(), json!(self.guest_after));
                m.insert("craft_received".into(), json!(self.craft_received));
                m.insert("removed_colonists".into(), json!(self.removed_colonists));
                m.insert("removed_vp".into(), json!(self.removed_vp));
                if self.tiles_2004() {
                    m.insert("forest_supply".into(), json!(self.forest_supply));
                }
                m.insert("todo".into(), json!(self.todo));
                m.insert("floor".into(), json!(self.floor));
            }
        }
        obs
    }

    fn observation_tensor_len(&self) -> usize {
        let base = if self.new_buildings {
            TENSOR_LEN_X + self.tiles_2004() as usize * E8_LEN
        } else {
            TENSOR_LEN
        };
        base + self.nobles.is_some() as usize * N_LEN
    }

    fn observation_tensor(&self, seat: usize, out: &mut [f32]) {
        out.fill(0.0);
        let n = self.n();
        let rel = |p: usize| (p + n - seat % n) % n;
        let over = self.step == Step::GameOver;
        let hide = self.hidden_vp() && !over;
        let mut w = Writer { out, i: 0 };
        w.one_hot(STEPS, Some(step_index(self.step)).filter(|&i| i < STEPS));
        w.one_hot(NUM_ROLES, self.role.map(|r| r as usize));
        w.put(self.round as f32);
        w.one_hot(MAX_PLAYERS, Some(rel(self.governor as usize)));
        w.one_hot(MAX_PLAYERS, Some(rel(self.chooser as usize)));
        w.one_hot(
            MAX_PLAYERS,
            match self.turn() {
                Turn::Player(p) => Some(rel(p)),
                _ => None,
            },
        );
        for s in self.roles.0.iter() {
            w.put(s.in_play as u8 as f32);
            w.put(s.taken as u8 as f32);
            w.put(s.doubloons as f32);
        }
        w.put(self.colonist_supply as f32);
        w.put(self.colonist_ship as f32);
        w.put(self.vp_supply as f32);
        w.put(self.quarries as f32);
        w.counts(&self.goods_supply.0);
        w.counts(&self.plantation_row.0);
        w.counts(&self.deck.0);
        w.counts(&self.discard.0);
        w.counts(&self.trading_house.0);
        w.counts(&self.building_supply.0[..BASE_BUILDINGS]);
        for i in 0..MAX_SHIPS {
            let s = if i < self.ships.as_slice().len() {
                self.ships.s[i]
            } else {
                Ship::default()
            };
            w.put(s.capacity as f32);
            w.put(s.count as f32);
            w.one_hot(NUM_GOODS, s.good.map(|g| g as usize));
        }
        w.put(self.end_triggered as u8 as f32);
        w.put(self.truncated as u8 as f32);
        w.put(((self.quarry_taken >> seat.min(7)) & 1) as f32);
        w.put(((self.wharf_used >> seat.min(7)) & 1) as f32);
        w.put(self.captain_bonus_paid as u8 as f32);
        w.put(self.no_load_turns as f32);
        w.put(self.floor as f32);
        w.put(self.todo as f32);
        w.put(self.picks as f32);
        w.bits(NUM_GOODS, self.craftsman_kinds as u32);
        w.bits(NUM_GOODS, self.warehoused as u32);
        w.one_hot(NUM_TILES, self.last_tile.map(|t| t as usize));
        w.one_hot(BASE_BUILDINGS, self.last_building.map(|b| b as usize));
        for r in 0..MAX_PLAYERS {
            if r >= n {
                for _ in 0..PLAYER_LEN {
                    w.put(0.0);
                }
                continue;
            }
            let p = (seat + r) % n;
            let pl = self.player(p);
            let show = !hide || p == seat;
            w.put(1.0);
            w.put(pl.doubloons as f32);
            w.put(if show { pl.vp as f32 } else { 0.0 });
            w.put(show as u8 as f32);
            w.counts(&pl.goods.0);
            w.counts(&pl.island.0);
            w.counts(&pl.island_colonists.0);
            for b in 0..BASE_BUILDINGS {
                w.put((pl.buildings.0[b] > 0) as u8 as f32);
            }
            for b in 0..BASE_BUILDINGS {
                w.put(pl.buildings.colonists(b) as f32);
            }
            w.put(pl.san_juan as f32);
            w.put(self.shown_building_points(p, show) as f32);
        }
        debug_assert_eq!(w.i, TENSOR_LEN);
        if !self.new_buildings {
            return self.nobles_tensor(seat, &mut w);
        }
        // Expansion I block.
        let si = step_index(self.step);
        w.one_hot(X_STEPS, si.checked_sub(STEPS));
        w.counts(&self.building_supply.0[BASE_BUILDINGS..X_BUILDINGS]);
        for b in 0..X_BUILDINGS {
            w.put(((self.building_set >> b) & 1) as f32);
        }
        w.one_hot(
            X_BUILDINGS,
            self.pending
                .map(|b| b as usize)
                .filter(|&b| b < X_BUILDINGS),
        );
        w.put(self.bm_cut as f32);
        w.put(self.doubled as u8 as f32);
        w.counts(&self.kept.0);
        w.counts(&self.craft_received.0);
        w.put(((self.small_wharf_used >> seat.min(7)) & 1) as f32);
        w.put((self.step == Step::GuestHouse) as u8 as f32);
        for r in 0..MAX_PLAYERS {
            if r >= n {
                for _ in 0..X_PLAYER_LEN {
                    w.put(0.0);
                }
                continue;
            }
            let pl = self.player((seat + r) % n);
            for b in BASE_BUILDINGS..X_BUILDINGS {
                w.put((pl.buildings.0[b] > 0) as u8 as f32);
            }
            for b in BASE_BUILDINGS..X_BUILDINGS {
                w.put(pl.buildings.colonists(b) as f32);
            }
            w.counts(&pl.forests.0);
        }
        debug_assert_eq!(w.i, TENSOR_LEN_X);
        if self.tiles_2004() {
            // E8 block: forest tiles in the supply, then each player's (from the observer).
            w.put(self.forest_supply as f32);
            for r in 0..MAX_PLAYERS {
                let t = if r < n {
                    self.player((seat + r) % n).forest_tiles
                } else {
                    0
                };
                w.put(t as f32);
            }
        }
        self.nobles_tensor(seat, &mut w);
    }

    fn action_label(&self, a: Action) -> String {
        let good = |base: Action| GOOD_NAMES.get((a - base) as usize).copied().unwrap_or("?");
        match a {
            _ if a < PASS => format!("role {}", ROLE_NAMES[a as usize]),
            PASS => "pass".into(),
            _ if a < TAKE_QUARRY => format!("take {}", good(SETTLE)),
            TAKE_QUARRY => "take quarry".into(),
            HACIENDA_DRAW => "hacienda draw".into(),
            HACIENDA_QUARRY => "hacienda quarry".into(),
            ACCEPT => match self.step {
                Step::MayorPrivilege => "take privilege colonist".into(),
                Step::ShipNoble => "take colonist".into(),
                Step::Hospice => "hospice colonist".into(),
                Step::University => "university colonist".into(),
                Step::Produce => "produce".into(),
                _ => "accept".into(),
            },
            _ if a < PLACE => format!("build {}", BUILDINGS[(a - BUILD) as usize].name),
            _ if a < BONUS => format!("place {}", Self::target_name((a - PLACE) as usize)),
            _ if a < SELL => format!("bonus {}", good(BONUS)),
            _ if a < LOAD => format!("sell {}", good(SELL)),
            _ if a < WHARF => {
                let g = ((a - LOAD) / 3) as usize;
                let s = ((a - LOAD) % 3) as usize;
                let cap = self
                    .ships
                    .as_slice()
                    .get(s)
                    .map(|s| s.capacity.to_string())
                    .unwrap_or_else(|| format!("#{s}"));
                format!("load {} on ship {cap}", GOOD_NAMES[g])
            }
            _ if a < WAREHOUSE => format!("wharf {}", good(WHARF)),
            _ if a < KEEP => format!("warehouse {}", good(WAREHOUSE)),
            _ if a < DRAW => format!("keep {}", good(KEEP)),
            _ if a < NUM_ACTIONS => format!("draw {}", good(DRAW)),
            _ if a < PLACE_X => format!(
                "build {}",
                BUILDINGS[(a - BUILD_X) as usize + BASE_BUILDINGS].name
            ),
            _ if a < DRAFT => format!(
                "place {}",
                Self::target_name((a - PLACE_X) as usize + BASE_TARGETS)
            ),
            _ if a < FOREST => format!("draft {}", BUILDINGS[(a - DRAFT) as usize].name),
            _ if a < HACIENDA_FOREST => format!("forest {}", good(FOREST)),
            HACIENDA_FOREST if self.step == Step::LandOfficeForest => "land office forest".into(),
            HACIENDA_FOREST => "hacienda forest".into(),
            _ if a < BM_GOOD => {
                let t = (a - BM_COLONIST) as usize;
                if t == X_TARGETS {
                    "return colonist from san_juan".into()
                } else {
                    format!("return colonist from {}", Self::target_name(t))
                }
            }
            _ if a < BM_VP => format!("return {}", good(BM_GOOD)),
            BM_VP => "return vp".into(),
            _ if a < SMALL_WHARF => format!("trading post {}", good(TRADING_POST)),
            _ if a < GUEST => format!("small wharf {}", good(SMALL_WHARF)),
            _ if a < NUM_ACTIONS_X => {
                format!("guest to {}", Self::target_name((a - GUEST) as usize))
            }
            _ if a < NUM_ACTIONS_N => self.nobles_label(a),
            _ => format!("action {a}"),
        }
    }

    /// Everything is public unless the VP chips are face down (`hidden_vp`).
    fn hidden_information(&self) -> bool {
        self.hidden_vp()
    }

    fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    fn max_game_length(&self) -> u64 {
        let n = self.n() as u64;
        // Expansion II per round: a ship choice per piece (at most 256), a colour choice per
        // placement is already one placement, land office (buy, draw, forest choice) and hunting
        // lodge per player, royal supplier (5 goods and a pass) per player, 2 more black-market
        // and guest-house moves per player.
        let nobles = if self.nobles.is_some() {
            256 + 14 * n
        } else {
            0
        };
        if self.new_buildings {
            // Expansion I per round: guest-house windows (a pass per player at each role start,
            // after each build and before his storage) and at most 2 moves per player, 3
            // black-market items and a
            // hacienda-forest choice per player, the library's extra settler tile and privilege
            // barrel, the small-wharf barrels (at most 50) and their closing passes, 3 more
            // storehouse keeps per player; plus the 17 draft picks once.
            let picks = if n == 2 { 6 } else { n };
            let extra = picks * n + 12 * n + 52;
            (Self::round_bound(n) + extra + nobles) * self.max_rounds() + SET_SIZE as u64
        } else {
            (Self::round_bound(n) + nobles) * self.max_rounds()
        }
    }

    fn validate(&self) -> Result<(), String> {
        self.check()
    }

    /// Read a position: the default reading (a field of the wrong shape named by its path),
    /// then the derived fields recomputed (so they may be left out, and an edited export loads),
    /// then `validate`.
    fn from_json_value(value: &Value) -> Result<Self, GameError> {
        let mut g: Self = serde_path_to_error::deserialize(value).map_err(|e| {
            let path = e.path().to_string();
            let inner = e.into_inner();
            GameError::bad_json(if path == "." {
                inner.to_string()
            } else {
                format!("{path}: {inner}")
            })
        })?;
        g.recompute_derived().map_err(GameError::BadJson)?;
        g.validate().map_err(GameError::BadJson)?;
        Ok(g)
    }

    fn render(&self) -> String {
        let mut s = String::new();
        s.push_str(&format!(
            "Puerto Rico, round {}, governor {}, step {}{}\n",
            self.round,
            self.governor,
            STEP_NAMES[step_index(self.step)],
            self.role
                .map(|r| format!(" ({} chosen by {})", r.name(), self.chooser))
                .unwrap_or_default()
        ));
        let roles: Vec<String> = ROLES
            .iter()
            .enumerate()
            .filter(|(i, _)| self.roles.0[*i].in_play)
            .map(|(i, r)| {
                let sl = self.roles.0[i];
                format!(
                    "{}{}{}",
                    r.name(),
                    if sl.taken { "*" } else { "" },
                    if sl.doubloons > 0 {
                        format!("+{}", sl.doubloons)
                    } else {
                        String::new()
                    }
                )
            })
            .collect();
        s.push_str(&format!("roles: {}\n", roles.join(" ")));
        let counts = |c: &[u8]| -> String {
            c.iter()
                .enumerate()
                .filter(|(_, &x)| x > 0)
                .map(|(k, x)| format!("{}x{}", x, Self::tile_name(k)))
                .collect::<Vec<_>>()
                .join(" ")
        };
        s.push_str(&format!(
            "colonists: supply {} ship {} | VP supply {} | quarries {}\n",
            self.colonist_supply, self.colonist_ship, self.vp_supply, self.quarries
        ));
        if let Some(x) = self.nb() {
            s.push_str(&format!("nobles: supply {} ship {}\n", x.supply, x.ship));
        }
        s.push_str(&format!(
            "face-up: {} | deck {} | discard {}\n",
            counts(&self.plantation_row.0),
            self.deck.total(),
            self.discard.total()
        ));
        s.push_str(&format!("goods supply: {}\n", counts(&self.goods_supply.0)));
        let ships: Vec<String> = self
            .ships
            .as_slice()
            .iter()
            .map(|sh| {
                format!(
                    "[{}/{} {}]",
                    sh.count,
                    sh.capacity,
                    sh.good.map(|g| g.name()).unwrap_or("-")
                )
            })
            .collect();
        s.push_str(&format!(
            "ships: {} | trading house: {}\n",
            ships.join(" "),
            counts(&self.trading_house.0)
        ));
        for p in 0..self.n() {
            let pl = self.player(p);
            let city: Vec<String> = (0..NUM_BUILDINGS)
                .filter(|&b| pl.buildings.0[b] > 0)
                .map(|b| format!("{}({})", BUILDINGS[b].name, pl.buildings.colonists(b)))
                .collect();
            let mut island: Vec<String> = (0..NUM_TILES)
                .filter(|&t| pl.island.0[t] > 0)
                .map(|t| {
                    format!(
                        "{}x{}({})",
                        pl.island.0[t],
                        Self::tile_name(t),
                        pl.island_colonists.0[t]
                    )
                })
                .collect();
            for k in 0..NUM_GOODS {
                if pl.forests.0[k] > 0 {
                    island.push(format!("{}xforest({})", pl.forests.0[k], GOOD_NAMES[k]));
                }
            }
            if pl.forest_tiles > 0 {
                island.push(format!("{}xforest tile", pl.forest_tiles));
            }
            if let Some(x) = self.nb() {
                let np = x.of(p);
                let on: Vec<String> = (0..NUM_TARGETS)
                    .filter(|&t| np.on[t] > 0)
                    .map(|t| format!("{}x{}", np.on[t], Self::target_name(t)))
                    .collect();
                island.push(format!("| nobles {} (on {})", np.nobles, on.join(" ")));
            }
            s.push_str(&format!(
                "player {p}{}: {} doubloons, {} VP chips, score {}, san juan {}\n  island: {}\n  city: {}\n  goods: {}\n",
                if Turn::Player(p) == self.turn() { " (to move)" } else { "" },
                pl.doubloons,
                pl.vp,
                self.score_of(p),
                pl.san_juan,
                island.join(" "),
                city.join(" "),
                counts(&pl.goods.0)
            ));
        }
        if self.step == Step::GameOver {
            s.push_str(&format!(
                "game over{}: winners {:?}\n",
                if self.truncated { " (truncated)" } else { "" },
                self.final_winners()
            ));
        }
        s
    }

    /// Heuristic: the seat's share of score + money/5 + barrels/10 (money buys buildings,
    /// barrels ship for VP); at the end, the returns.
    fn evaluate(&self, seat: usize) -> f64 {
        if self.step == Step::GameOver {
            return self.returns().get(seat).copied().unwrap_or(0.0);
        }
        let n = self.n();
        let val = |p: usize| {
            let pl = self.player(p);
            self.score_of(p) as f64 + pl.doubloons as f64 / 5.0 + pl.goods.total() as f64 / 10.0
        };
        let total: f64 = (0..n).map(val).sum();
        if total <= 0.0 || seat >= n {
            return 1.0 / n as f64;
        }
        val(seat) / total
    }
}
