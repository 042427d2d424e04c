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
/// `PLACE + t`: mayor places one colonist on building t (t < NUM_BUILDINGS) or on a plantation of
/// kind / quarry `t - NUM_BUILDINGS`.
pub const PLACE: Action = BUILD + NUM_BUILDINGS as Action;
pub const NUM_TARGETS: usize = NUM_BUILDINGS + NUM_TILES;
// Mayor targets are kept in a u64 bit mask.
const _: () = assert!(NUM_TARGETS <= 64);
/// `BONUS + g`: the craftsman's privilege barrel.
pub const BONUS: Action = PLACE + NUM_TARGETS as Action;
/// `SELL + g`: sell one barrel to the trading house.
pub const SELL: Action = BONUS + 5;
/// `LOAD + 3 g + s`: load good g onto cargo ship s (ships smallest first).
pub const LOAD: Action = SELL + 5;
/// `WHARF + g`: ship every barrel of g on the own wharf.
pub const WHARF: Action = LOAD + 15;
/// `WAREHOUSE + g`: store every barrel of g in a warehouse (end of the captain phase).
pub const WAREHOUSE: Action = WHARF + 5;
/// `KEEP + g`: keep the single free barrel of g (end of the captain phase).
pub const KEEP: Action = WAREHOUSE + 5;
/// `DRAW + k`: chance outcome: a plantation of kind k comes off the deck.
pub const DRAW: Action = KEEP + 5;
pub const NUM_ACTIONS: Action = DRAW + 5;

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
    /// End of the captain phase: choose the single barrel to keep.
    Keep,
    GameOver,
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
        self.island.total()
    }
    pub fn city_used(&self) -> u32 {
        let mut n = 0;
        for (i, &x) in self.buildings.0.iter().enumerate() {
            if x > 0 {
                n += if BUILDINGS[i].large { 2 } else { 1 };
            }
        }
        n
    }
    #[inline]
    pub fn occupied(&self, b: Building) -> bool {
        self.buildings.occupied(b)
    }
    /// Empty circles on target t (a building or an island tile kind).
    #[inline]
    pub fn empty_circles(&self, t: usize) -> u32 {
        if t < NUM_BUILDINGS {
            let x = self.buildings.0[t];
            if x == 0 {
                0
            } else {
                (BUILDINGS[t].circles as u32).saturating_sub(x as u32 - 1)
            }
        } else {
            let k = t - NUM_BUILDINGS;
            (self.island.0[k] as u32).saturating_sub(self.island_colonists.0[k] as u32)
        }
    }
    pub fn empty_building_circles(&self) -> u32 {
        (0..NUM_BUILDINGS).map(|b| self.empty_circles(b)).sum()
    }
    /// Every colonist the player owns (tiles, buildings, windrose).
    pub fn colonists(&self) -> u32 {
        self.island_colonists.total()
            + (0..NUM_BUILDINGS)
                .map(|b| self.buildings.colonists(b) as u32)
                .sum::<u32>()
            + self.san_juan as u32
    }
    /// Barrels of each good the player's occupied tiles can produce (before the supply limit).
    pub fn production(&self) -> [u8; NUM_GOODS] {
        let mut circles = [0u8; NUM_GOODS];
        for (i, d) in BUILDINGS.iter().enumerate() {
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
        s
    }
    pub fn score(&self) -> u32 {
        self.vp + self.building_points()
    }
}

/// A Puerto Rico game state. Its JSON is the documented position format.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuertoRico {
    /// The configuration (shared: cloning a state does not copy it).
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
    pub colonist_supply: u8,
    pub colonist_ship: u8,
    /// VP chips left in the supply; negative once VP are written down.
    pub vp_supply: i32,
    pub goods_supply: PerGood,
    pub quarries: u8,
    /// The face-up plantations.
    pub plantation_row: PerGood,
    /// The face-down deck: a multiset (its order is unknown to everyone; draws are chance nodes).
    pub deck: PerGood,
    /// Face-up discarded plantations, reshuffled into the deck when it runs out.
    pub discard: PerGood,
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
    /// The game's RNG (optional in a hand-written position: seed 0).
    #[serde(default = "default_rng")]
    pub rng: GameRng,
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
    fn pm(&mut self, p: usize) -> &mut Player {
        &mut self.players.p[p % MAX_PLAYERS]
    }
    pub fn picks_per_round(&self) -> u8 {
        setup(self.n()).picks
    }
    pub fn is_chance(&self) -> bool {
        matches!(self.step, Step::HaciendaDraw | Step::Refill)
    }

    /// A new game (rules §2).
    pub fn setup(config: &Config, seed: u64) -> PuertoRico {
        let n = config.players.clamp(2, MAX_PLAYERS);
        let s = setup(n);
        let mut rng = GameRng::new(seed);
        let governor = rng.below(n as u32) as u8;
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
        let mut supply = [0u8; NUM_BUILDINGS];
        for d in BUILDINGS.iter() {
            supply[d.kind as usize] = d.kind.copies(n);
        }
        let mut g = PuertoRico {
            config: Arc::new(config.clone()),
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
        g
    }

    // -----------------------------------------------------------------------------------------
    // Legal actions
    // -----------------------------------------------------------------------------------------

    /// Call `f` with every legal action, ascending.
    pub fn for_each_legal(&self, f: &mut impl FnMut(Action)) {
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
            Step::HaciendaDraw | Step::Refill => {
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
            }
            Step::Settle => {
                f(PASS);
                if pl.island_used() >= 12 {
                    return;
                }
                for k in 0..NUM_GOODS {
                    if self.plantation_row.0[k] > 0 {
                        f(SETTLE + k as Action);
                    }
                }
                if self.can_take_quarry(p) {
                    f(TAKE_QUARRY);
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
                f(ACCEPT);
            }
            Step::Arrange => {
                let (mut mask, _) = self.arrange_mask(p);
                while mask != 0 {
                    let t = mask.trailing_zeros();
                    f(PLACE + t as Action);
                    mask &= mask - 1;
                }
            }
            Step::Build => {
                f(PASS);
                let used = pl.city_used();
                for b in 0..NUM_BUILDINGS {
                    if self.can_build_with(p, b, used) {
                        f(BUILD + b as Action);
                    }
                }
            }
            Step::CraftsmanBonus => {
                for g in 0..NUM_GOODS {
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
            }
            Step::Warehouse => {
                for g in self.floor as usize..NUM_GOODS {
                    if self.warehouse_ok(p, g) {
                        f(WAREHOUSE + g as Action);
                    }
                }
            }
            Step::Keep => {
                for g in 0..NUM_GOODS {
                    if pl.goods.0[g] > 0 && self.warehoused & (1 << g) == 0 {
                        f(KEEP + g as Action);
                    }
                }
            }
        }
    }

    pub fn is_legal(&self, action: Action) -> bool {
        let mut found = false;
        self.for_each_legal(&mut |a| found |= a == action);
        found
    }

    /// How many actions are legal, and the last of them.
    pub fn count_legal(&self) -> (u32, Action) {
        let mut n = 0;
        let mut last = 0;
        self.for_each_legal(&mut |a| {
            n += 1;
            last = a;
        });
        (n, last)
    }

    // --- settler helpers ---
    fn can_take_quarry(&self, p: usize) -> bool {
        self.quarries > 0
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
        for t in (self.floor as usize..NUM_TARGETS).rev() {
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
        let d = &BUILDINGS[b];
        let pl = self.player(p);
        let quarries = (pl.island_colonists.0[QUARRY] as u32).min(d.column as u32);
        let builder = (p == self.chooser as usize && self.role == Some(Role::Builder)) as u32;
        (d.cost as u32).saturating_sub(builder + quarries)
    }
    /// Whether `p` (with `city_used` spaces filled) may build `b` now.
    fn can_build_with(&self, p: usize, b: usize, city_used: u32) -> bool {
        let pl = self.player(p);
        pl.buildings.0[b] == 0
            && self.building_supply.0[b] > 0
            && city_used + (BUILDINGS[b].large as u32) < 12
            && self.price(p, b) <= pl.doubloons
    }
    fn can_build_any(&self, p: usize) -> bool {
        let used = self.player(p).city_used();
        used < 12 && (0..NUM_BUILDINGS).any(|b| self.can_build_with(p, b, used))
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
        any || self.wharf_available(p)
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
    fn warehouse_capacity(&self, p: usize) -> u8 {
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
        match self.step {
            Step::GameOver => {}
            Step::ChooseRole => {
                let r = (a - ROLE) as usize;
                self.start_role(r);
            }
            Step::HaciendaDraw => {
                let k = (a - DRAW) as usize;
                self.deck.0[k] -= 1;
                self.pm(p).island.0[k] += 1;
                self.settle_turn();
            }
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
                _ => {
                    let k = (a - SETTLE) as usize;
                    self.plantation_row.0[k] -= 1;
                    self.pm(p).island.0[k] += 1;
                    self.placed(p, k);
                }
            },
            Step::Hospice => {
                if a == ACCEPT && self.take_colonist() {
                    let t = self.last_tile.unwrap_or(0) as usize % NUM_TILES;
                    self.pm(p).island_colonists.0[t] += 1;
                }
                self.last_tile = None;
                self.settle_done();
            }
            Step::MayorPrivilege => {
                if a == ACCEPT {
                    self.colonist_supply -= 1;
                    self.pm(p).san_juan += 1;
                }
                self.mayor_distribute();
            }
            Step::Arrange => {
                let t = (a - PLACE) as usize;
                self.place(p, t);
                self.floor = t as u8;
                if self.arrange_settle(p) {
                    self.acted += 1;
                    self.arrange_next();
                }
            }
            Step::Build => {
                if a == PASS {
                    self.acted += 1;
                    self.build_next();
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
                self.acted += 1;
                self.build_next();
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
                self.goods_supply.0[g] -= 1;
                self.pm(p).goods.0[g] += 1;
                self.end_role();
            }
            Step::Trade => {
                if a != PASS {
                    self.sell(p, (a - SELL) as usize);
                }
                self.acted += 1;
                self.trade_next();
            }
            Step::Load => {
                if a == PASS {
                    self.no_load_turns += 1;
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
                self.keep(p, Some(g));
                self.acted += 1;
                self.store_next();
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
        match ROLES[r] {
            Role::Settler => {
                self.quarry_taken = 0;
                self.settle_begin();
            }
            Role::Mayor => {
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
            Role::Trader => self.trade_next(),
            Role::Captain => {
                self.wharf_used = 0;
                self.captain_bonus_paid = false;
                self.no_load_turns = 0;
                self.captain_next();
            }
            Role::Prospector | Role::SecondProspector => {
                let pl = self.pm(p);
                pl.doubloons = pl.doubloons.saturating_add(1);
                self.end_role();
            }
        }
    }

    fn end_role(&mut self) {
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
                return self.settle_finish();
            }
            let p = self.actor();
            if self.hacienda_available(p) {
                self.step = Step::Hacienda;
                return;
            }
            if self.settle_available(p) {
                self.step = Step::Settle;
                return;
            }
            self.acted += 1;
        }
    }
    /// After the hacienda: the actor's normal take, if he can take anything.
    fn settle_turn(&mut self) {
        let p = self.actor();
        if self.settle_available(p) {
            self.step = Step::Settle;
        } else {
            self.settle_done();
        }
    }
    fn placed(&mut self, p: usize, tile: usize) {
        if self.player(p).occupied(Building::Hospice)
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
    fn arrange_next(&mut self) {
        loop {
            if self.acted as usize >= self.n() {
                return self.mayor_refill();
            }
            let p = self.actor();
            // Lift every colonist to the windrose, then place them again.
            let pl = self.pm(p);
            let mut w = pl.san_juan as u32 + pl.island_colonists.total();
            pl.island_colonists = PerTile::default();
            for b in 0..NUM_BUILDINGS {
                if pl.buildings.0[b] > 1 {
                    w += pl.buildings.0[b] as u32 - 1;
                    pl.buildings.0[b] = 1;
                }
            }
            pl.san_juan = w.min(255) as u8;
            self.floor = 0;
            self.step = Step::Arrange;
            if !self.arrange_settle(p) {
                return;
            }
            self.acted += 1;
        }
    }
    fn place(&mut self, p: usize, t: usize) {
        let pl = self.pm(p);
        pl.san_juan -= 1;
        if t < NUM_BUILDINGS {
            pl.buildings.0[t] += 1;
        } else {
            pl.island_colonists.0[t - NUM_BUILDINGS] += 1;
        }
    }
    /// Place automatically while the arrangement is forced. True when the actor is done.
    fn arrange_settle(&mut self, p: usize) -> bool {
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
                let pl = self.pm(p);
                for t in floor..NUM_TARGETS {
                    let e = pl.empty_circles(t) as u8;
                    if t < NUM_BUILDINGS {
                        pl.buildings.0[t] += e;
                    } else {
                        pl.island_colonists.0[t - NUM_BUILDINGS] += e;
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
        if (self.colonist_supply as u32) < need {
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
            if self.can_build_any(p) {
                self.step = Step::Build;
                return;
            }
            self.acted += 1;
        }
    }
    fn build(&mut self, p: usize, b: usize) {
        let price = self.price(p, b);
        self.building_supply.0[b] -= 1;
        let pl = self.pm(p);
        pl.doubloons -= price;
        pl.buildings.0[b] = 1;
        if pl.city_used() >= 12 {
            self.end_triggered = true;
        }
        let pl = self.player(p);
        if BUILDINGS[b].circles > 0
            && pl.occupied(Building::University)
            && (self.colonist_supply > 0 || self.colonist_ship > 0)
        {
            self.last_building = Some(BUILDINGS[b].kind);
            self.step = Step::University;
        } else {
            self.acted += 1;
            self.build_next();
        }
    }

    // --- craftsman ---
    fn craft_next(&mut self) {
        let optional = self.config.bool("craftsman_optional_production");
        loop {
            if self.acted as usize >= self.n() {
                return self.craft_bonus();
            }
            let p = self.actor();
            if optional {
                let prod = self.player(p).production();
                if (0..NUM_GOODS).any(|g| prod[g] > 0 && self.goods_supply.0[g] > 0) {
                    self.step = Step::Produce;
                    return;
                }
            } else {
                self.produce(p);
            }
            self.acted += 1;
        }
    }
    fn produce(&mut self, p: usize) {
        let prod = self.player(p).production();
        let mut kinds = 0u32;
        for (g, &want) in prod.iter().enumerate() {
            let amt = want.min(self.goods_supply.0[g]);
            if amt > 0 {
                self.goods_supply.0[g] -= amt;
                self.pm(p).goods.0[g] += amt;
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
    }
    fn craft_bonus(&mut self) {
        self.acted = 0;
        let opts = self.craftsman_kinds & self.goods_supply.mask();
        match opts.count_ones() {
            0 => self.end_role(),
            1 => {
                let (g, p) = (opts.trailing_zeros() as usize, self.chooser as usize);
                self.goods_supply.0[g] -= 1;
                self.pm(p).goods.0[g] += 1;
                self.end_role();
            }
            _ => self.step = Step::CraftsmanBonus,
        }
    }

    // --- trader ---
    fn trade_next(&mut self) {
        loop {
            if self.acted as usize >= self.n() || self.trading_house.total() >= 4 {
                if self.trading_house.total() >= 4 {
                    for g in 0..NUM_GOODS {
                        self.goods_supply.0[g] += self.trading_house.0[g];
                    }
                    self.trading_house = PerGood::default();
                }
                return self.end_role();
            }
            let p = self.actor();
            if (0..NUM_GOODS).any(|g| self.can_sell(p, g)) {
                self.step = Step::Trade;
                return;
            }
            self.acted += 1;
        }
    }
    fn sell(&mut self, p: usize, g: usize) {
        self.trading_house.0[g] += 1;
        let trader = p == self.chooser as usize;
        let pl = self.pm(p);
        pl.goods.0[g] -= 1;
        let mut pay = GOODS[g].price() + trader as u32;
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
        let mut vp = barrels;
        if p == self.chooser as usize && !self.captain_bonus_paid {
            vp += 1;
            self.captain_bonus_paid = true;
        }
        if self.player(p).occupied(Building::Harbor) {
            vp += 1;
        }
        let pl = self.pm(p);
        pl.vp = pl.vp.saturating_add(vp);
        self.vp_supply = self.vp_supply.saturating_sub(vp as i32);
        if self.vp_supply <= 0 {
            self.end_triggered = true;
        }
        self.no_load_turns = 0;
    }
    fn captain_next(&mut self) {
        let n = self.n();
        loop {
            if self.no_load_turns as usize >= n {
                self.acted = 0;
                return self.store_next();
            }
            let p = self.actor();
            if self.captain_has_move(p) {
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
            let kinds = self.player(p).goods.mask().count_ones() as u8;
            let cap = self.warehouse_capacity(p);
            if kinds > cap {
                self.warehoused = 0;
                self.todo = cap;
                self.floor = 0;
                if !self.store_settle(p) {
                    return;
                }
            }
            self.acted += 1;
        }
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
            let rest = self.player(p).goods.mask() & !self.warehoused;
            match rest.count_ones() {
                0 => {
                    self.keep(p, None);
                    return true;
                }
                1 => {
                    self.keep(p, Some(rest.trailing_zeros() as usize));
                    return true;
                }
                _ => {
                    self.step = Step::Keep;
                    return false;
                }
            }
        }
    }
    /// Rot everything not warehoused except one barrel of `single`.
    fn keep(&mut self, p: usize, single: Option<usize>) {
        for g in 0..NUM_GOODS {
            if self.warehoused & (1 << g) != 0 {
                continue;
            }
            let have = self.player(p).goods.0[g];
            let keep = if single == Some(g) { have.min(1) } else { 0 };
            self.goods_supply.0[g] += have - keep;
            self.pm(p).goods.0[g] = keep;
        }
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
