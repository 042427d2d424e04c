//! Traders & Barbarians B5: The Fishermen of Catan (rules spec §B5, decisions D-03, D-31..D-38).
//!
//! The lake replaces the desert (inland, no number token; it fishes on 2, 3, 11 and 12), six
//! fishing grounds in the sea frame fish on their numbers, and the fish supply is a face-down
//! multiset of 29 fish tokens (1, 2 or 3 fish) plus the old boot. A draw is a chance node
//! weighted by what is left in the supply (the supply's order is never stored); spent tokens lie
//! face up beside it and are reshuffled into a new supply when the last token is drawn. A player
//! spends a set of his tokens on one fish action (robber off, steal, resource, free road, free
//! development card); the robber starts beside the board and enters on the first 7 or Knight.

use crate::board::{Board, DESERT, LAKE};
use crate::geometry::{bits64, hex_corners, Geometry, NH, NV};
use crate::{Catan, Phase, A_ROAD, A_SCENARIO, A_YOP, MAX_PLAYERS, ROBBER_OFF};
use meeple_core::{Config, GameError, GameRng};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// Payments: every multiset of at most 7 tokens, `[ones, twos, threes]`, in lexicographic order
/// (a player never holds more than 7 fish tokens, §B5.3).
pub const NPAY: usize = 120;
pub const PAYMENTS: [[u8; 3]; NPAY] = payments();

const fn payments() -> [[u8; 3]; NPAY] {
    let mut out = [[0u8; 3]; NPAY];
    let mut i = 0;
    let mut a = 0u8;
    while a <= 7 {
        let mut b = 0u8;
        while a + b <= 7 {
            let mut c = 0u8;
            while a + b + c <= 7 {
                out[i] = [a, b, c];
                i += 1;
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
}

/// `PAY_INDEX[a][b]`: the index in [`PAYMENTS`] of `[a, b, 0]` (for `a + b <= 7`); `[a, b, c]`
/// follows at `+ c`. Lets the legal-action loop visit only the payments a hand can make.
const PAY_INDEX: [[u8; 8]; 8] = pay_index();

const fn pay_index() -> [[u8; 8]; 8] {
    let mut out = [[0u8; 8]; 8];
    let mut i = 0;
    while i < NPAY {
        let [a, b, c] = PAYMENTS[i];
        if c == 0 {
            out[a as usize][b as usize] = i as u8;
        }
        i += 1;
    }
    out
}

/// The fish actions of §B5.4 by kind, their prices and names.
pub const KIND_COST: [u8; 5] = [2, 3, 4, 5, 7];
pub const KIND_NAMES: [&str; 5] = [
    "remove_robber",
    "steal",
    "resource",
    "road",
    "development_card",
];
pub const K_ROBBER: usize = 0;
pub const K_STEAL: usize = 1;
pub const K_RESOURCE: usize = 2;
pub const K_ROAD: usize = 3;
pub const K_DEV: usize = 4;

/// Action ids, from [`A_SCENARIO`]: move the robber beside the board (Friendly Robber fallback,
/// D-03); pay for a fish action (kind × payment); give the old boot to seat `q`; swap a held
/// token of value 1..3 at the 7-token cap (D-34) or keep; chance: the drawn token (boot, 1, 2, 3).
pub const A_BESIDE: u32 = A_SCENARIO;
pub const A_PAY: u32 = A_BESIDE + 1;
pub const A_BOOT: u32 = A_PAY + 5 * NPAY as u32;
pub const A_SWAP: u32 = A_BOOT + MAX_PLAYERS as u32;
pub const A_KEEP: u32 = A_SWAP + 3;
pub const C_FISH: u32 = A_KEEP + 1;

/// Action ids this module numbers (from [`crate::A_SCENARIO`]).
pub const NUM_ACTIONS: u32 = C_FISH + 4 - A_SCENARIO;

/// Token kinds: index 0 is the old boot, 1..=3 the fish tokens of that value.
pub const TOKEN_TOTALS: [u8; 4] = [1, 11, 10, 8];
/// Most fish tokens a player may hold (the boot does not count, D-34).
pub const FISH_CAP: u32 = 7;
/// The lake fishes on these sums (§B5.3).
pub const LAKE_NUMBERS: [u8; 4] = [2, 3, 11, 12];
/// Engine default positions of the fishing grounds (§B5.2, review R4): the six non-corner sea
/// hexes without a harbour, one per side of the frame.
pub const DEFAULT_GROUNDS: [(i32, i32); 6] = [(1, -3), (3, -1), (2, 1), (-2, 3), (-3, 2), (-1, -2)];
pub const GROUND_NUMBERS: [u8; 6] = [4, 5, 6, 8, 9, 10];

/// One fishing ground: its sea hex, number and the land vertices it touches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ground {
    pub sea: (i32, i32),
    pub number: u8,
    pub verts: u64,
}

/// The module's state inside [`crate::Catan`] (`None` there when the module is off).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    pub grounds: [Ground; 6],
    /// The lake's hex and corners (derived from the board).
    pub lake: u8,
    pub lake_corners: u64,
    /// Face-down supply and face-up spent pile, by token kind (0 = boot).
    pub supply: [u8; 4],
    pub spent: [u8; 4],
    /// Tokens held per player, by kind (the boot at index 0).
    pub held: [[u8; 4]; MAX_PLAYERS],
    /// Draws still owed in the catch being resolved, per player.
    pub draws: [u8; MAX_PLAYERS],
    /// Players who may still swap a token at the cap (D-34), as a seat mask.
    pub swap: u8,
    /// A 3-fish steal is under way (choose-victim / steal phases).
    pub stealing: bool,
    /// B4 (§B5.6): the catch being drawn follows the first of two rolls; the second roll comes
    /// after it.
    pub then_roll: bool,
    // Options (from the configuration, not serialized).
    /// D-35: the robber may stand on the lake (and then blocks its fishing).
    pub robber_on_lake: bool,
    /// D-37: only minimal covering token sets are legal payments.
    pub minimal_only: bool,
    /// D-38: a player tied for the lead may give the boot to a co-leader.
    pub tied_leader_may_give: bool,
    /// D-03: the Friendly Robber's fallback is the lake (true) or beside the board (false).
    pub fallback_lake: bool,
}

impl State {
    /// §B5.6: with Catan for Two each player starts with 5 fish tokens (2 × 1, 2 × 2, 1 × 3).
    pub fn deal_two_player_start(&mut self) {
        for p in 0..2 {
            self.held[p] = [0, 2, 2, 1];
            for k in 1..4 {
                self.supply[k] -= self.held[p][k];
            }
        }
    }

    pub fn new(config: &Config, board: &Board, grounds: [Ground; 6]) -> State {
        let lake = (0..NH).find(|&h| board.terrain[h] == LAKE).unwrap_or(0);
        State {
            grounds,
            lake: lake as u8,
            lake_corners: Geometry::base().hex_corner_mask[lake],
            supply: TOKEN_TOTALS,
            spent: [0; 4],
            held: [[0; 4]; MAX_PLAYERS],
            draws: [0; MAX_PLAYERS],
            swap: 0,
            stealing: false,
            then_roll: false,
            robber_on_lake: config.bool("fish_robber_on_lake"),
            minimal_only: config.bool("fish_minimal_only"),
            tied_leader_may_give: config.bool("boot_tied_leader_may_give"),
            fallback_lake: config.str("fish_robber_fallback") == "lake",
        }
    }

    /// Fish tokens held by `p` (the boot excluded).
    pub fn fish_count(&self, p: usize) -> u32 {
        self.held[p][1..].iter().map(|&x| x as u32).sum()
    }

    /// Fish held by `p` (sum of token values).
    pub fn fish_value(&self, p: usize) -> u32 {
        (1..4).map(|v| v as u32 * self.held[p][v] as u32).sum()
    }

    pub fn supply_total(&self) -> u32 {
        self.supply.iter().map(|&x| x as u32).sum()
    }

    pub fn spent_total(&self) -> u32 {
        self.spent.iter().map(|&x| x as u32).sum()
    }

    /// The boot's holder, if a player holds it.
    pub fn boot_holder(&self) -> Option<usize> {
        (0..MAX_PLAYERS).find(|&p| self.held[p][0] > 0)
    }

    /// When the supply is empty, the spent tokens become the new face-down supply (§B5.3).
    fn reshuffle_if_empty(&mut self) {
        if self.supply_total() == 0 {
            for k in 0..4 {
                self.supply[k] += self.spent[k];
                self.spent[k] = 0;
            }
        }
    }

    /// Fishing numbers per vertex, for observation and evaluation.
    pub fn vertex_ground(&self, v: usize) -> Option<&Ground> {
        self.grounds.iter().find(|g| g.verts & (1u64 << v) != 0)
    }
}

/// Whether `pay` (ones, twos, threes) is a legal payment for a price: enough fish, and (D-37)
/// with `minimal` no token could be left out.
pub fn pay_ok(pay: [u8; 3], cost: u8, minimal: bool) -> bool {
    let sum: u32 = (0..3).map(|i| pay[i] as u32 * (i as u32 + 1)).sum();
    if sum < cost as u32 {
        return false;
    }
    if minimal {
        // The smallest token present decides: if the sum without it still covers, not minimal.
        if let Some(i) = (0..3).find(|&i| pay[i] > 0) {
            return sum - (i as u32 + 1) < cost as u32;
        }
    }
    true
}

/// Decode a payment action: (kind, payment).
pub fn decode_pay(a: u32) -> (usize, [u8; 3]) {
    let i = (a - A_PAY) as usize;
    (i / NPAY, PAYMENTS[i % NPAY])
}

pub fn pay_text(pay: [u8; 3]) -> String {
    let mut parts = Vec::new();
    for v in 0..3 {
        for _ in 0..pay[v] {
            parts.push((v + 1).to_string());
        }
    }
    parts.join("+")
}

/// Vertices of a sea hex that lie on the island.
fn sea_vertices(q: i32, r: i32) -> u64 {
    let g = Geometry::base();
    hex_corners(q, r)
        .iter()
        .filter_map(|&(vq, vr, t)| g.vertex_id(vq, vr, t))
        .fold(0u64, |m, v| m | (1u64 << v))
}

/// Read the `fishing_grounds` list of a map (`[{"sea_hex": [q, r], "number": n}]`); left out =
/// the default positions with the printed example's numbers.
pub fn read_grounds(map: &Value) -> Result<[Ground; 6], String> {
    let Some(list) = map.get("fishing_grounds") else {
        return Ok(default_grounds(&BEGINNER_NUMBERS));
    };
    let list = list
        .as_array()
        .ok_or("map: 'fishing_grounds' must be a list")?;
    if list.len() != 6 {
        return Err(format!(
            "map: {} fishing grounds given; the scenario has exactly 6",
            list.len()
        ));
    }
    let mut out = [Ground::default(); 6];
    let mut numbers = Vec::new();
    for (i, gv) in list.iter().enumerate() {
        let (q, r) = gv
            .get("sea_hex")
            .and_then(crate::board::read_hex_pair)
            .ok_or(format!("map: fishing ground #{i} needs sea_hex [q, r]"))?;
        let number = gv
            .get("number")
            .and_then(Value::as_u64)
            .filter(|n| GROUND_NUMBERS.contains(&(*n as u8)) && *n <= 12)
            .ok_or(format!(
                "map: fishing ground #{i} needs a number among 4, 5, 6, 8, 9, 10"
            ))? as u8;
        if crate::geometry::is_land(q, r) {
            return Err(format!(
                "map: fishing ground ({q},{r}) is a land hex; grounds lie in the sea frame"
            ));
        }
        let verts = sea_vertices(q, r);
        if verts.count_ones() != 3 {
            return Err(format!(
                "map: fishing ground ({q},{r}) touches {} land vertices; a ground touches exactly 3 (a non-corner frame hex)",
                verts.count_ones()
            ));
        }
        if out[..i].iter().any(|g| g.sea == (q, r)) {
            return Err(format!("map: two fishing grounds on ({q},{r})"));
        }
        numbers.push(number);
        out[i] = Ground {
            sea: (q, r),
            number,
            verts,
        };
    }
    numbers.sort();
    if numbers != GROUND_NUMBERS {
        return Err(
            "map: the fishing grounds carry the numbers 4, 5, 6, 8, 9, 10 once each".into(),
        );
    }
    Ok(out)
}

/// The printed example's numbers on [`DEFAULT_GROUNDS`] (from the fishermen map data).
pub const BEGINNER_NUMBERS: [u8; 6] = [4, 9, 6, 10, 5, 8];

fn default_grounds(numbers: &[u8; 6]) -> [Ground; 6] {
    std::array::from_fn(|i| {
        let (q, r) = DEFAULT_GROUNDS[i];
        Ground {
            sea: (q, r),
            number: numbers[i],
            verts: sea_vertices(q, r),
        }
    })
}

pub fn grounds_json(grounds: &[Ground; 6]) -> Value {
    let geo = Geometry::base();
    Value::Array(
        grounds
            .iter()
            .map(|g| {
                json!({
                    "sea_hex": [g.sea.0, g.sea.1],
                    "number": g.number,
                    "vertices": bits64(g.verts).map(|v| geo.vertex_name(v)).collect::<Vec<_>>(),
                })
            })
            .collect(),
    )
}

/// Check the lake of a fishermen board: exactly one, inland, no desert (it replaces the desert).
pub fn check_lake(board: &Board) -> Result<(), String> {
    let g = Geometry::base();
    let lakes: Vec<usize> = (0..NH).filter(|&h| board.terrain[h] == LAKE).collect();
    if (0..NH).any(|h| board.terrain[h] == DESERT) {
        return Err("the fishermen board has no desert: the lake replaces it".into());
    }
    match lakes[..] {
        [h] if g.hex_nbrs[h].count_ones() == 6 => Ok(()),
        [h] => Err(format!(
            "the lake {} is on the coast; it must be one of the 7 inland hexes",
            g.hex_name(h)
        )),
        _ => Err(format!(
            "the fishermen board has exactly one lake, not {}",
            lakes.len()
        )),
    }
}

/// The fishermen board: the `map` option (with a lake and optional fishing grounds), the printed
/// example on the beginner map, or the variable set-up with the lake on a random inland hex and
/// the ground numbers shuffled. The robber starts beside the board (§B5.2 step 4).
pub fn make_board(config: &Config, rng: &mut GameRng) -> Result<(Board, [Ground; 6]), GameError> {
    let bad = |e: String| GameError::bad_option("map", e);
    let from_map = |map: &Value| -> Result<(Board, [Ground; 6]), GameError> {
        let mut m = map.clone();
        if let Some(o) = m.as_object_mut() {
            match o.get("robber_start").and_then(|r| r.get("hex")) {
                None | Some(Value::Null) => {
                    o.remove("robber_start");
                }
                Some(_) => {
                    return Err(bad(
                        "the fishermen robber starts beside the board: robber_start must be null or left out".into(),
                    ))
                }
            }
        }
        let (b, _) = Board::from_map(&m).map_err(bad)?;
        check_lake(&b).map_err(bad)?;
        let grounds = read_grounds(&m).map_err(bad)?;
        Ok((b, grounds))
    };
    match config.value("map") {
        Value::Null if config.str("board") == "beginner" => {
            let data: Value = serde_json::from_str(include_str!("../data/catan_maps.json"))
                .map_err(|e| bad(e.to_string()))?;
            from_map(&data["maps"]["fishermen"])
        }
        Value::Null => {
            let g = Geometry::base();
            let tokens = crate::board::TokenLaying::from_config(config);
            // The lake may not be on the coast: redraw until the desert's place is inland (a
            // uniform draw among the legal boards).
            let (mut b, desert) = loop {
                let (b, d) = Board::random(rng, tokens);
                if g.hex_nbrs[d].count_ones() == 6 {
                    break (b, d);
                }
            };
            b.terrain[desert] = LAKE;
            b.derive();
            let mut numbers = GROUND_NUMBERS;
            rng.shuffle(&mut numbers);
            Ok((b, default_grounds(&numbers)))
        }
        Value::String(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| bad(format!("cannot read {path}: {e}")))?;
            let v: Value = serde_json::from_str(&text).map_err(|e| bad(format!("{path}: {e}")))?;
            from_map(&v)
        }
        v @ Value::Object(_) => from_map(v),
        other => Err(bad(format!(
            "expected null, a map object or a file path, got {other}"
        ))),
    }
}

impl Catan {
    #[inline]
    pub(crate) fn fish(&self) -> Option<&State> {
        self.fishermen.as_deref()
    }

    /// The victory target of `p`: the game's target, +1 for the old boot's holder (§B5.5).
    pub fn victory_target(&self, p: usize) -> u32 {
        let boot = self
            .fish()
            .is_some_and(|f| p < MAX_PLAYERS && f.held[p][0] > 0);
        self.rules.vp_to_win as u32 + boot as u32
    }

    /// Fish owed to each player for a production of `sum` (§B5.3): settlements 1, cities 2 on the
    /// corners of every ground with that number, and of the lake on 2, 3, 11, 12 unless the
    /// robber stands on it (D-35).
    pub(crate) fn fish_catch(&self, sum: usize) -> [u8; MAX_PLAYERS] {
        let mut owed = [0u8; MAX_PLAYERS];
        let Some(f) = self.fish() else {
            return owed;
        };
        let mut corners: Vec<u64> = f
            .grounds
            .iter()
            .filter(|g| g.number as usize == sum)
            .map(|g| g.verts)
            .collect();
        if LAKE_NUMBERS.contains(&(sum as u8)) && self.robber != f.lake {
            corners.push(f.lake_corners);
        }
        for c in corners {
            for p in 0..self.n() {
                let k =
                    (self.settlements[p] & c).count_ones() + 2 * (self.cities[p] & c).count_ones();
                owed[p] = owed[p].saturating_add(k as u8);
            }
        }
        owed
    }

    /// After a production of `sum` (the phase is already set to the main phase): start the catch.
    pub(crate) fn fish_after_production(&mut self, sum: usize) {
        if self.fishermen.is_none() {
            return;
        }
        let owed = self.fish_catch(sum);
        self.begin_catch(owed);
    }

    /// §B5.2 step 5 (D-32): a second set-up settlement next to a fishing ground or the lake
    /// draws one token.
    pub(crate) fn fish_after_setup_settlement(&mut self, p: usize, v: usize) {
        let Some(f) = self.fish() else {
            return;
        };
        // D-32: not with Catan for Two (fish come only from rolls, §B5.6).
        if (self.setup_step as usize) < self.n() || self.rules.two {
            return;
        }
        let bit = 1u64 << v;
        let near = f.lake_corners & bit != 0 || f.grounds.iter().any(|g| g.verts & bit != 0);
        if near {
            let mut owed = [0u8; MAX_PLAYERS];
            owed[p] = 1;
            self.begin_catch(owed);
        }
    }

    /// Start drawing `owed` tokens: capped at 7 fish each (D-34: a player with more owed may
    /// swap once); nobody draws if the supply and spent pile together cannot cover the draws
    /// (D-33).
    fn begin_catch(&mut self, owed: [u8; MAX_PLAYERS]) {
        let n = self.n();
        let Some(f) = self.fishermen.as_deref_mut() else {
            return;
        };
        let mut draws = [0u8; MAX_PLAYERS];
        let mut swap = 0u8;
        for p in 0..n {
            let room = FISH_CAP.saturating_sub(f.fish_count(p)) as u8;
            draws[p] = owed[p].min(room);
            if owed[p] > room {
                swap |= 1 << p;
            }
        }
        let need: u32 = draws.iter().map(|&x| x as u32).sum();
        if need > f.supply_total() + f.spent_total() {
            return;
        }
        f.draws = draws;
        f.swap = swap;
        f.then_roll = self.phase == Phase::Roll;
        self.next_fish_step();
    }

    /// The player drawing or swapping now: seat order from the player whose turn it is, each
    /// player's draws before his swap.
    pub(crate) fn fish_drawer(&self) -> usize {
        let n = self.n();
        let cur = self.current as usize;
        let Some(f) = self.fish() else {
            return cur;
        };
        (0..n)
            .map(|i| (cur + i) % n)
            .find(|&p| f.draws[p] > 0 || f.swap & (1 << p) != 0)
            .unwrap_or(cur)
    }

    fn next_fish_step(&mut self) {
        let p = self.fish_drawer();
        let setup = (self.setup_step as usize) < 2 * self.n();
        let Some(f) = self.fishermen.as_deref_mut() else {
            return;
        };
        if f.draws[p] > 0 {
            f.reshuffle_if_empty();
            self.phase = Phase::FishDraw;
        } else if f.swap & (1 << p) != 0 {
            self.phase = Phase::FishSwap;
        } else {
            self.phase = if setup {
                Phase::SetupRoad
            } else if std::mem::take(&mut f.then_roll) {
                Phase::Roll
            } else {
                Phase::Main
            };
        }
    }

    pub(crate) fn fish_chance(&self, out: &mut Vec<(u32, u32)>) {
        if let Some(f) = self.fish() {
            for k in 0..4 {
                if f.supply[k] > 0 {
                    out.push((C_FISH + k as u32, f.supply[k] as u32));
                }
            }
        }
    }

    /// The robber stands on the board (not beside it).
    #[inline]
    pub fn robber_on_board(&self) -> bool {
        self.robber_hex().is_some()
    }

    /// Players a 3-fish steal may take from: other players holding resource cards.
    pub(crate) fn fish_victims(&self) -> u8 {
        let me = self.current as usize;
        (0..self.n())
            .filter(|&q| q != me && self.hand_size(q) > 0)
            .fold(0u8, |m, q| m | (1 << q))
    }

    #[inline]
    pub(crate) fn fish_stealing(&self) -> bool {
        self.fish().is_some_and(|f| f.stealing)
    }

    pub(crate) fn fish_steal_done(&mut self) {
        if let Some(f) = self.fishermen.as_deref_mut() {
            f.stealing = false;
        }
    }

    /// The price of fish action `kind` for `p`: §B5.4, one less with Catan for Two for the player
    /// with fewer public VP (§B5.6, G-1).
    pub fn fish_price(&self, p: usize, kind: usize) -> u8 {
        let base = KIND_COST[kind.min(4)];
        if self.rules.two && p < 2 && self.public_vp(p) < self.public_vp(1 - p) {
            base - 1
        } else {
            base
        }
    }

    /// Whether fish action `kind` can be carried out now by `p` (payment aside).
    fn fish_kind_ok(&self, p: usize, kind: usize) -> bool {
        match kind {
            K_ROBBER => self.robber_on_board(),
            K_STEAL => self.fish_victims() != 0,
            K_RESOURCE => self.bank.iter().any(|&b| b > 0),
            K_ROAD => {
                !self.road_blocked(p)
                    && self.roads[p].count_ones() < crate::MAX_ROADS
                    && self.road_spots(p) != 0
            }
            _ => self.deck.iter().any(|&d| d > 0),
        }
    }

    /// The old boot may be given to `q` now (§B5.5, D-36 public VP, D-38).
    fn boot_ok(&self, p: usize, q: usize) -> bool {
        let Some(f) = self.fish() else {
            return false;
        };
        if f.held[p][0] == 0 || q == p || q >= self.n() {
            return false;
        }
        let mine = self.public_vp(p);
        if self.public_vp(q) < mine {
            return false;
        }
        // With D-38 off a player tied for the lead must keep it ("the most" includes ties).
        f.tied_leader_may_give || (0..self.n()).any(|o| o != p && self.public_vp(o) > mine)
    }

    /// Main-phase legality of the module's ids.
    pub(crate) fn fish_main_legal(&self, a: u32) -> bool {
        let p = self.current as usize;
        let Some(f) = self.fish() else {
            return false;
        };
        if (A_PAY..A_BOOT).contains(&a) {
            let (kind, pay) = decode_pay(a);
            (0..3).all(|i| pay[i] <= f.held[p][i + 1])
                && pay_ok(pay, self.fish_price(p, kind), f.minimal_only)
                && self.fish_kind_ok(p, kind)
        } else if (A_BOOT..A_SWAP).contains(&a) {
            self.boot_ok(p, (a - A_BOOT) as usize)
        } else {
            false
        }
    }

    pub(crate) fn fish_main_actions(&self, out: &mut Vec<u32>) {
        let p = self.current as usize;
        let Some(f) = self.fish() else {
            return;
        };
        let h = f.held[p];
        if h[1] + h[2] + h[3] > 0 {
            for kind in 0..5 {
                if !self.fish_kind_ok(p, kind) {
                    continue;
                }
                let price = self.fish_price(p, kind);
                // Only the payments within the held tokens, in `PAYMENTS` order (lexicographic),
                // instead of testing all 120 per kind.
                for a in 0..=h[1].min(7) {
                    for b in 0..=h[2].min(7 - a) {
                        for c in 0..=h[3].min(7 - a - b) {
                            if pay_ok([a, b, c], price, f.minimal_only) {
                                let i = PAY_INDEX[a as usize][b as usize] as usize + c as usize;
                                out.push(A_PAY + (kind * NPAY + i) as u32);
                            }
                        }
                    }
                }
            }
        }
        if h[0] > 0 {
            for q in 0..self.n() {
                if self.boot_ok(p, q) {
                    out.push(A_BOOT + q as u32);
                }
            }
        }
    }

    /// Legality in the module's own phases.
    pub(crate) fn fish_phase_legal(&self, a: u32) -> bool {
        let p = self.current as usize;
        let Some(f) = self.fish() else {
            return false;
        };
        match self.phase {
            Phase::FishDraw => {
                (C_FISH..C_FISH + 4).contains(&a) && f.supply[(a - C_FISH) as usize] > 0
            }
            Phase::FishSwap => {
                a == A_KEEP
                    || ((A_SWAP..A_KEEP).contains(&a)
                        && f.held[self.fish_drawer()][(a - A_SWAP) as usize + 1] > 0)
            }
            Phase::FishTake => {
                (A_YOP..A_YOP + 5).contains(&a) && self.bank[(a - A_YOP) as usize] > 0
            }
            Phase::FishRoad => {
                (A_ROAD..crate::A_CITY).contains(&a)
                    && self.road_spots(p) & (1u128 << (a - A_ROAD)) != 0
            }
            _ => false,
        }
    }

    pub(crate) fn fish_phase_actions(&self, out: &mut Vec<u32>) {
        let p = self.current as usize;
        let Some(f) = self.fish() else {
            return;
        };
        match self.phase {
            Phase::FishDraw => {
                for k in 0..4 {
                    if f.supply[k] > 0 {
                        out.push(C_FISH + k as u32);
                    }
                }
            }
            Phase::FishSwap => {
                let d = self.fish_drawer();
                for v in 1..4 {
                    if f.held[d][v] > 0 {
                        out.push(A_SWAP + v as u32 - 1);
                    }
                }
                out.push(A_KEEP);
            }
            Phase::FishTake => {
                for r in 0..5 {
                    if self.bank[r] > 0 {
                        out.push(A_YOP + r as u32);
                    }
                }
            }
            Phase::FishRoad => {
                for e in crate::geometry::bits128(self.road_spots(p)) {
                    out.push(A_ROAD + e as u32);
                }
            }
            _ => {}
        }
    }

    /// Apply a legal action of the module's phases.
    pub(crate) fn fish_apply_phase(&mut self, a: u32) {
        let p = self.current as usize;
        let d = self.fish_drawer();
        match self.phase {
            Phase::FishDraw => {
                let k = (a - C_FISH) as usize;
                if let Some(f) = self.fishermen.as_deref_mut() {
                    f.supply[k] -= 1;
                    f.held[d][k] += 1;
                    f.draws[d] -= 1;
                    f.reshuffle_if_empty();
                }
                self.next_fish_step();
            }
            Phase::FishSwap => {
                if let Some(f) = self.fishermen.as_deref_mut() {
                    f.swap &= !(1 << d);
                    if a != A_KEEP {
                        // D-34: one held token goes to the spent pile, one new token is drawn.
                        let v = (a - A_SWAP) as usize + 1;
                        f.held[d][v] -= 1;
                        f.spent[v] += 1;
                        f.draws[d] = 1;
                    }
                }
                self.next_fish_step();
            }
            Phase::FishTake => {
                let r = (a - A_YOP) as usize;
                self.bank[r] -= 1;
                self.gain(p, r, 1);
                self.phase = Phase::Main;
            }
            Phase::FishRoad => {
                let e = (a - A_ROAD) as usize;
                self.place_road(p, e);
                let l = self.longest_after_build(p, e);
                if l != self.road_len[p] {
                    self.road_len[p] = l;
                    self.update_longest_road();
                }
                self.phase = Phase::Main;
                // B4 (D-26): every road built triggers a free neutral road.
                self.two_after_own_build(p, None, false);
            }
            _ => {}
        }
    }

    /// Apply a legal main-phase action of the module (a fish action or the boot).
    pub(crate) fn fish_apply_main(&mut self, a: u32) {
        let p = self.current as usize;
        if (A_BOOT..A_SWAP).contains(&a) {
            let q = (a - A_BOOT) as usize;
            if let Some(f) = self.fishermen.as_deref_mut() {
                f.held[p][0] = 0;
                f.held[q][0] = 1;
            }
            return;
        }
        let (kind, pay) = decode_pay(a);
        if let Some(f) = self.fishermen.as_deref_mut() {
            // Spent tokens lie face up beside the supply; no change is given.
            for i in 0..3 {
                f.held[p][i + 1] -= pay[i];
                f.spent[i + 1] += pay[i];
            }
        }
        match kind {
            K_ROBBER => self.robber = ROBBER_OFF,
            K_STEAL => {
                if let Some(f) = self.fishermen.as_deref_mut() {
                    f.stealing = true;
                }
                self.thief = p as u8;
                let m = self.fish_victims();
                if m.count_ones() == 1 {
                    self.begin_steal(m.trailing_zeros() as usize);
                } else {
                    self.phase = Phase::ChooseVictim;
                }
            }
            K_RESOURCE => self.phase = Phase::FishTake,
            K_ROAD => self.phase = Phase::FishRoad,
            _ => self.phase = Phase::DrawDevelopment,
        }
    }

    pub(crate) fn fish_label(&self, a: u32) -> String {
        if a == A_BESIDE {
            "robber beside the board".into()
        } else if a < A_BOOT {
            let (kind, pay) = decode_pay(a);
            format!("fish {} pay {}", KIND_NAMES[kind], pay_text(pay))
        } else if a < A_SWAP {
            format!("give boot to player {}", a - A_BOOT)
        } else if a < A_KEEP {
            format!("swap a {}-fish token", a - A_SWAP + 1)
        } else if a == A_KEEP {
            "keep fish".into()
        } else if a == C_FISH {
            "fish draw boot".into()
        } else {
            format!("fish draw {}", a - C_FISH)
        }
    }

    /// The robber's targets under the Friendly Robber with no legal hex (D-03): the lake, or none
    /// (0: the `robber beside the board` action).
    pub(crate) fn fish_robber_fallback(&self) -> Option<u32> {
        self.fish().map(|f| {
            if f.fallback_lake && f.robber_on_lake {
                1u32 << f.lake
            } else {
                0
            }
        })
    }

    /// Hexes the robber may not enter in this scenario (D-35 off: the lake).
    pub(crate) fn fish_robber_excluded(&self) -> u32 {
        match self.fish() {
            Some(f) if !f.robber_on_lake => 1u32 << f.lake,
            _ => 0,
        }
    }
}

// ----------------------------------------------------------------- position

/// Token counts by kind; zeros may be left out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tokens {
    #[serde(default, skip_serializing_if = "is_zero")]
    pub one: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub two: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub three: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub boot: u8,
}

fn is_zero(x: &u8) -> bool {
    *x == 0
}
fn is_false(x: &bool) -> bool {
    !*x
}

impl Tokens {
    pub fn from_array(a: [u8; 4]) -> Tokens {
        Tokens {
            boot: a[0],
            one: a[1],
            two: a[2],
            three: a[3],
        }
    }
    pub fn to_array(self) -> [u8; 4] {
        [self.boot, self.one, self.two, self.three]
    }
}

/// The module's part of the position (`"fishermen"`; left out = a fresh supply, nothing held).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FishPos {
    /// The face-down supply; left out = the 30 tokens minus those held and spent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supply: Option<Tokens>,
    #[serde(default)]
    pub spent: Tokens,
    /// Tokens per player (the boot's holder has `"boot": 1`).
    #[serde(default)]
    pub players: Vec<Tokens>,
    /// A catch being drawn: draws still owed per player.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub draws_owed: Vec<u8>,
    /// Players who may still swap a token at the 7-token cap.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub may_swap: Vec<usize>,
    /// A 3-fish steal is under way.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stealing: bool,
    /// Catan for Two: the second roll follows the catch being drawn.
    #[serde(default, skip_serializing_if = "is_false")]
    pub then_roll: bool,
    /// Set-up: the settlement whose fish is being drawn (its road follows).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup_settlement: Option<(i32, i32, String)>,
}

pub(crate) fn to_pos(g: &Catan) -> Option<FishPos> {
    let f = g.fish()?;
    let n = g.n();
    let geo = Geometry::base();
    let drawing = matches!(g.phase, Phase::FishDraw | Phase::FishSwap);
    Some(FishPos {
        supply: Some(Tokens::from_array(f.supply)),
        spent: Tokens::from_array(f.spent),
        players: (0..n).map(|p| Tokens::from_array(f.held[p])).collect(),
        draws_owed: if drawing {
            f.draws[..n].to_vec()
        } else {
            Vec::new()
        },
        may_swap: (0..n)
            .filter(|&p| drawing && f.swap & (1 << p) != 0)
            .collect(),
        stealing: f.stealing,
        then_roll: drawing && f.then_roll,
        setup_settlement: (drawing && (g.setup_step as usize) < 2 * n).then(|| {
            let (q, r, t) = geo.vertices[(g.last_settlement as usize).min(NV - 1)];
            (q, r, t.name().to_string())
        }),
    })
}

/// Fill the module's state of a loaded position (`g.fishermen` already holds a fresh state).
pub(crate) fn from_pos(g: &mut Catan, pos: Option<&FishPos>) -> Result<(), String> {
    let n = g.n();
    let Some(pos) = pos else {
        return Ok(());
    };
    let geo = Geometry::base();
    let mut last = None;
    if let Some(x) = &pos.setup_settlement {
        let t = crate::geometry::parse_vtag(&x.2).ok_or("fishermen.setup_settlement: bad tag")?;
        last = Some(
            geo.vertex_id(x.0, x.1, t)
                .ok_or("fishermen.setup_settlement is not on the board")?,
        );
    }
    let Some(f) = g.fishermen.as_deref_mut() else {
        return Err("fishermen state given but the scenario is not fishermen".into());
    };
    if !pos.players.is_empty() && pos.players.len() != n {
        return Err(format!("fishermen.players must list {n} players"));
    }
    for (p, t) in pos.players.iter().enumerate() {
        f.held[p] = t.to_array();
    }
    f.spent = pos.spent.to_array();
    match pos.supply {
        Some(s) => f.supply = s.to_array(),
        None => {
            for k in 0..4 {
                let used: u32 =
                    f.spent[k] as u32 + (0..n).map(|p| f.held[p][k] as u32).sum::<u32>();
                f.supply[k] = (TOKEN_TOTALS[k] as u32).checked_sub(used).ok_or(
                    "fishermen: more tokens held and spent than exist (11 one, 10 two, 8 three, 1 boot)",
                )? as u8;
            }
        }
    }
    if !pos.draws_owed.is_empty() {
        if pos.draws_owed.len() != n {
            return Err(format!("fishermen.draws_owed must list {n} players"));
        }
        f.draws[..n].copy_from_slice(&pos.draws_owed);
    }
    for &p in &pos.may_swap {
        if p >= n {
            return Err(format!("fishermen.may_swap: {p} is not a seat"));
        }
        f.swap |= 1 << p;
    }
    f.stealing = pos.stealing;
    f.then_roll = pos.then_roll;
    if let Some(v) = last {
        g.last_settlement = v as u8;
    }
    Ok(())
}

/// Check the module's state of a loaded game.
pub(crate) fn validate(g: &Catan) -> Result<(), String> {
    let n = g.n();
    let fish_phase = matches!(
        g.phase,
        Phase::FishDraw | Phase::FishSwap | Phase::FishTake | Phase::FishRoad
    );
    let Some(f) = g.fish() else {
        if fish_phase {
            return Err("a fishermen phase but the scenario is not fishermen".into());
        }
        if (0..NH).any(|h| g.board.terrain[h] == LAKE) {
            return Err("a lake on the board is only played in the fishermen scenario".into());
        }
        return Ok(());
    };
    check_lake(&g.board)?;
    if g.robber == f.lake && !f.robber_on_lake {
        return Err("the robber stands on the lake but fish_robber_on_lake is off".into());
    }
    for k in 0..4 {
        let held: u32 = (0..n).map(|p| f.held[p][k] as u32).sum();
        let total = held + f.supply[k] as u32 + f.spent[k] as u32;
        if total != TOKEN_TOTALS[k] as u32 {
            return Err(format!(
                "fishermen: {total} tokens of kind {} counted (supply, spent and held); there are {}",
                ["boot", "one", "two", "three"][k],
                TOKEN_TOTALS[k]
            ));
        }
    }
    if f.spent[0] != 0 {
        return Err("the old boot is never spent".into());
    }
    for p in 0..MAX_PLAYERS {
        if p >= n && (f.held[p] != [0; 4] || f.draws[p] != 0) {
            return Err(format!("seat {p} does not exist but holds fish"));
        }
        if p < n && f.fish_count(p) > FISH_CAP {
            return Err(format!("player {p} holds more than 7 fish tokens"));
        }
    }
    if f.swap >> n != 0 {
        return Err("fishermen swap mask names a missing seat".into());
    }
    let drawing = matches!(g.phase, Phase::FishDraw | Phase::FishSwap);
    if !drawing && (f.draws.iter().any(|&x| x > 0) || f.swap != 0 || f.then_roll) {
        return Err("fish draws are owed only while a catch is drawn".into());
    }
    if drawing {
        let d = g.fish_drawer();
        if f.then_roll && !g.rules.two {
            return Err("fishermen.then_roll needs Catan for Two".into());
        }
        if g.phase == Phase::FishDraw && (f.draws[d] == 0 || f.supply_total() == 0) {
            return Err("phase fish_draw: nobody owes a draw from a non-empty supply".into());
        }
        if g.phase == Phase::FishSwap
            && (f.draws[d] != 0 || f.swap & (1 << d) == 0 || f.fish_count(d) == 0)
        {
            return Err("phase fish_swap: the drawer may not swap now".into());
        }
        for p in 0..n {
            if f.fish_count(p) + f.draws[p] as u32 > FISH_CAP {
                return Err(format!("player {p} would draw past 7 fish tokens"));
            }
        }
        let need: u32 = f.draws.iter().map(|&x| x as u32).sum();
        if need > f.supply_total() + f.spent_total() {
            return Err("more draws owed than tokens exist".into());
        }
    }
    if f.stealing && !matches!(g.phase, Phase::ChooseVictim | Phase::Steal) {
        return Err("a fish steal is under way only in the steal phases".into());
    }
    if matches!(g.phase, Phase::FishTake | Phase::FishRoad) && !g.rolled {
        return Err("fish actions come after the roll".into());
    }
    if g.phase == Phase::FishTake && g.bank.iter().all(|&b| b == 0) {
        return Err("phase fish_take: the bank is empty".into());
    }
    if g.phase == Phase::FishRoad && g.road_spots(g.current as usize) == 0 {
        return Err("phase fish_road: no place for a road".into());
    }
    Ok(())
}

// ----------------------------------------------------------------- observation

pub(crate) fn observe(g: &Catan, seat: usize, o: &mut Value) {
    let Some(f) = g.fish() else {
        return;
    };
    let n = g.n();
    let geo = Geometry::base();
    let drawing = matches!(g.phase, Phase::FishDraw | Phase::FishSwap);
    if let Some(ps) = o["players"].as_array_mut() {
        for (p, v) in ps.iter_mut().enumerate() {
            v["fish_tokens"] = json!(f.fish_count(p));
            v["holds_boot"] = json!(f.held[p][0] > 0);
            v["victory_target"] = json!(g.victory_target(p));
            if p == seat {
                v["fish"] = json!(Tokens::from_array([
                    0,
                    f.held[p][1],
                    f.held[p][2],
                    f.held[p][3]
                ]));
            }
        }
    }
    o["fishermen"] = json!({
        "lake": geo.hexes[f.lake as usize],
        "fishing_grounds": grounds_json(&f.grounds),
        "supply_count": f.supply_total(),
        "boot_in_supply": f.supply[0] > 0,
        "spent": Tokens::from_array(f.spent),
        "robber_beside_board": !g.robber_on_board(),
        "drawer": if drawing { json!(g.fish_drawer()) } else { Value::Null },
        "draws_owed": if drawing { json!(f.draws[..n]) } else { json!([]) },
        "may_swap": (0..n).filter(|&p| drawing && f.swap & (1 << p) != 0).collect::<Vec<_>>(),
        "stealing": f.stealing,
    });
    if f.stealing {
        o["thief"] = json!(g.thief);
    }
}

/// Tensor part (present only in this scenario): per vertex (54 × 2) its fishing ground's
/// number / 12 and whether it touches the lake; lake hex one-hot (19); robber beside the board;
/// supply size / 30; boot in the supply; spent tokens by value (/11, /10, /8); per slot (4 × 4)
/// fish tokens / 7, holds the boot, draws owed, may swap; own tokens by value (3); the module's
/// phase one-hot (4: fish_draw, fish_swap, fish_take, fish_road); a fish steal under way.
pub const TENSOR_LEN: usize = NV * 2 + NH + 1 + 2 + 3 + 16 + 3 + 4 + 1;

pub(crate) fn tensor(g: &Catan, seat: usize, out: &mut [f32]) {
    let Some(f) = g.fish() else {
        return;
    };
    if out.len() < TENSOR_LEN {
        return;
    }
    let n = g.n();
    let slot = |p: usize| (p + n - seat) % n;
    let mut o = 0;
    for v in 0..NV {
        if let Some(gr) = f.vertex_ground(v) {
            out[o] = gr.number as f32 / 12.0;
        }
        out[o + 1] = (f.lake_corners & (1u64 << v) != 0) as u8 as f32;
        o += 2;
    }
    out[o + f.lake as usize] = 1.0;
    o += NH;
    out[o] = (!g.robber_on_board()) as u8 as f32;
    out[o + 1] = f.supply_total() as f32 / 30.0;
    out[o + 2] = f.supply[0] as f32;
    for v in 1..4 {
        out[o + 2 + v] = f.spent[v] as f32 / TOKEN_TOTALS[v] as f32;
    }
    o += 6;
    let drawing = matches!(g.phase, Phase::FishDraw | Phase::FishSwap);
    for p in 0..n {
        let b = o + 4 * slot(p);
        out[b] = f.fish_count(p) as f32 / 7.0;
        out[b + 1] = f.held[p][0] as f32;
        if drawing {
            out[b + 2] = f.draws[p] as f32;
            out[b + 3] = (f.swap & (1 << p) != 0) as u8 as f32;
        }
    }
    o += 16;
    for v in 1..4 {
        out[o + v - 1] = f.held[seat][v] as f32;
    }
    o += 3;
    match g.phase {
        Phase::FishDraw => out[o] = 1.0,
        Phase::FishSwap => out[o + 1] = 1.0,
        Phase::FishTake => out[o + 2] = 1.0,
        Phase::FishRoad => out[o + 3] = 1.0,
        _ => {}
    }
    o += 4;
    out[o] = f.stealing as u8 as f32;
    debug_assert_eq!(o + 1, TENSOR_LEN);
}

/// Resample what `seat` cannot see of the fish: the values of the other players' tokens and the
/// supply's content (their counts, the boot's place and the spent pile are public). The unseen
/// tokens are dealt uniformly (what card counting of a reshuffled supply would tell is not used).
pub(crate) fn determinize(d: &mut Catan, seat: usize, rng: &mut GameRng) {
    let n = d.n();
    let Some(f) = d.fishermen.as_deref_mut() else {
        return;
    };
    let others: Vec<usize> = (0..n).filter(|&p| p != seat).collect();
    let mut pool: Vec<u8> = Vec::new();
    for v in 1..4 {
        let c = f.supply[v] as usize + others.iter().map(|&p| f.held[p][v] as usize).sum::<usize>();
        pool.extend(std::iter::repeat_n(v as u8, c));
    }
    rng.shuffle(&mut pool);
    let mut it = pool.into_iter();
    for &p in &others {
        let c = f.fish_count(p);
        for v in 1..4 {
            f.held[p][v] = 0;
        }
        for _ in 0..c {
            if let Some(v) = it.next() {
                f.held[p][v as usize] += 1;
            }
        }
    }
    for v in 1..4 {
        f.supply[v] = 0;
    }
    for v in it {
        f.supply[v as usize] += 1;
    }
}

/// Heuristic worth of the module for `p` as `seat` sees it: 0.06 per fish (others: 2 per token,
/// the mean value), minus 0.7 for holding the boot (one more point to win).
pub(crate) fn evaluate(g: &Catan, seat: usize, p: usize) -> f64 {
    let Some(f) = g.fish() else {
        return 0.0;
    };
    let fish = if p == seat {
        f.fish_value(p) as f64
    } else {
        2.0 * f.fish_count(p) as f64
    };
    0.06 * fish - 0.7 * f.held[p][0] as f64
}

pub(crate) fn render(g: &Catan) -> String {
    let Some(f) = g.fish() else {
        return String::new();
    };
    let geo = Geometry::base();
    format!(
        "fishermen: lake {}, grounds {}, robber {}, supply {} (boot {}), spent {:?}, held {:?}\n",
        geo.hex_name(f.lake as usize),
        f.grounds
            .iter()
            .map(|gr| format!("({},{})={}", gr.sea.0, gr.sea.1, gr.number))
            .collect::<Vec<_>>()
            .join(" "),
        if g.robber_on_board() {
            "on the board"
        } else {
            "beside the board"
        },
        f.supply_total(),
        if f.supply[0] > 0 { "in" } else { "out" },
        &f.spent[1..],
        (0..g.n()).map(|p| f.held[p]).collect::<Vec<_>>()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `PAY_INDEX` finds every payment, so the legal-action loop yields the same ids.
    #[test]
    fn pay_index_matches_payments() {
        for (i, &[a, b, c]) in PAYMENTS.iter().enumerate() {
            assert_eq!(PAY_INDEX[a as usize][b as usize] as usize + c as usize, i);
        }
    }
}
