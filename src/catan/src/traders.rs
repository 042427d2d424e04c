//! B9 Traders & Barbarians (scenario 5), rules spec §B9.
//!
//! The board has three trade hexes (castle, marble quarry, glassworks) whose plazas and spokes
//! come from the board's own [`Geometry`] (spec §B9.3). Each player has a wagon on a vertex, a
//! stack of five wagon cards (the active card gives movement points, gold per delivery and the
//! drive-off chance), gold, and the commodity tokens he delivered. Three barbarians stand on
//! paths; a 7 or a Knight moves one (and may draw a card from the owner of the road it lands on).
//! There is no robber and no Longest Road; dice sums 2 and 12 are rolled again.
//!
//! The wagon's movement is part of the main phase: the first step, grain boost or drive-off
//! attempt begins the WAGON part of the turn (D-105), after which trading, building, buying and
//! upgrading are over. Chance (the drive-off die, the commodity drawn from a stack) and the
//! barbarian moves are sub-steps of [`crate::Phase::Traders`].

use crate::board::{Board, GRAIN, SPIRAL, TOKEN_LETTERS, TRADE, TRADE_ROLES};
use crate::geometry::{bits128, bits64, ETag, Geometry, NE, NH, NONE};
use crate::{Catan, Phase, MAX_PLAYERS};
use meeple_core::{Config, GameError, GameRng};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Most edges a trade-hex board may have (the dense edge ids 0..72 use the base action ranges;
/// the rest use this module's `TB_ROAD_HIGH` / `TB_DAMAGE_HIGH`).
pub const MAX_TB_EDGES: usize = 80;
const HIGH: u32 = (MAX_TB_EDGES - NE) as u32;

/// Action ids, numbered from [`crate::A_SCENARIO`].
/// Build a road on edge `NE + k` (edges past the base range: spokes sort among the others).
pub const TB_ROAD_HIGH: u32 = 0;
/// Move the wagon along edge `e`.
pub const TB_MOVE: u32 = TB_ROAD_HIGH + HIGH;
/// Try to drive off the barbarian standing on edge `e` (rolls the d6).
pub const TB_ATTACK: u32 = TB_MOVE + MAX_TB_EDGES as u32;
/// After a 7 or a Knight: take the barbarian standing on edge `e`.
pub const TB_TAKE: u32 = TB_ATTACK + MAX_TB_EDGES as u32;
/// Put the barbarian being moved on edge `e`.
pub const TB_PLACE: u32 = TB_TAKE + MAX_TB_EDGES as u32;
/// Pay 1 grain for 2 more movement points.
pub const TB_GRAIN: u32 = TB_PLACE + MAX_TB_EDGES as u32;
/// Buy resource `r` from the bank for 2 gold.
pub const TB_BUY: u32 = TB_GRAIN + 1;
/// Maritime trade for gold: give resource `r` at its rate, take 1 gold (D-101).
pub const TB_SELL: u32 = TB_BUY + 5;
/// Turn up the next wagon card (pay its cost).
pub const TB_UPGRADE: u32 = TB_SELL + 5;
/// B2 Earthquake: damage own road on edge `NE + k`.
pub const TB_DAMAGE_HIGH: u32 = TB_UPGRADE + 1;
/// Player trade offers with gold (40 ids): offer index `crate::NUM_OFFERS + j` (the offers of
/// [`crate::Offer::decode`] whose good 5 is gold in this scenario).
pub const TB_OFFER: u32 = TB_DAMAGE_HIGH + HIGH;
/// Chance: the drive-off die shows `d + 1`.
pub const C_TB_DIE: u32 = TB_OFFER + crate::NUM_COIN_OFFERS;
/// Chance: the commodity token drawn from a stack is commodity `c`.
pub const C_TB_TOKEN: u32 = C_TB_DIE + 6;
/// Action ids this module numbers from [`crate::A_SCENARIO`].
pub const NUM_ACTIONS: u32 = C_TB_TOKEN + 4;

/// Commodities (spec §B9.7).
pub const COMMODITIES: [&str; 4] = ["glass", "marble", "tools", "sand"];
pub const CASTLE: u8 = 0;
pub const QUARRY: u8 = 1;
pub const GLASSWORKS: u8 = 2;
/// The role that accepts each commodity.
pub const DESTINATION: [u8; 4] = [CASTLE, CASTLE, QUARRY, GLASSWORKS];
/// Each role's stack (spec §B9.2 step 5): castle 6 tools + 6 sand; quarry 6 marble + 6 sand;
/// glassworks 6 glass + 6 tools.
pub const STACKS: [[u8; 4]; 3] = [[0, 0, 6, 6], [0, 6, 0, 6], [6, 0, 6, 0]];

/// Wagon-card table (spec §B9.4), indexed by card 1..=5: movement points, gold per delivery,
/// lowest die that drives a barbarian off (7 = no attempt), the cost to turn the card up.
pub const CARD_MP: [u8; 6] = [0, 4, 5, 6, 7, 7];
pub const CARD_GOLD: [u8; 6] = [0, 1, 2, 3, 4, 5];
pub const CARD_DRIVE: [u8; 6] = [7, 7, 6, 5, 4, 3];
pub const CARD_COST: [[u8; 5]; 6] = [
    [0; 5],
    [0; 5],
    [1, 0, 1, 0, 1],
    [1, 0, 1, 0, 1],
    [2, 0, 1, 0, 1],
    [2, 0, 1, 0, 1],
];

/// The scenario's development deck (spec §B9.9), in the base kind slots: 16 Knight, 3 Victory
/// Point, 3 Road Building, 3 Swift Journey (kept in the Year of Plenty slot), no Monopoly.
pub const DEV_TOTALS: [u8; 5] = [16, 3, 3, 3, 0];
/// The slot holding Swift Journey cards.
pub const SWIFT_JOURNEY: usize = crate::YEAR_OF_PLENTY;
pub const DEV_NAMES: [&str; 5] = [
    "knight",
    "victory_point",
    "road_building",
    "swift_journey",
    "monopoly",
];
pub const START_GOLD: u32 = 5;
/// Dice sums 2..12 with 2 and 12 rolled again: n(s)/34 (spec §B9.5, EX-33).
pub const DICE_WEIGHTS: [u32; 11] = [0, 2, 3, 4, 5, 6, 5, 4, 3, 2, 0];
/// Number tokens without 2 (B) and 12 (H), in letter order (spec §B9.2 step 3).
pub fn tokens() -> Vec<u8> {
    TOKEN_LETTERS
        .iter()
        .copied()
        .filter(|&t| t != 2 && t != 12)
        .collect()
}

/// Sub-steps of [`Phase::Traders`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    #[default]
    None,
    /// Chance: the drive-off die.
    DriveOffDie,
    /// The roller (7) or the Knight's player picks the barbarian to move.
    TakeBarbarian,
    /// The barbarian being moved is put on a path.
    PlaceBarbarian,
    /// Chance: the top token of a stack.
    DrawToken,
}

/// The scenario's (cfg) decisions (spec §B9.14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opts {
    /// D-93: an empty stack is refilled with a fresh 6 + 6.
    pub stack_refill: bool,
    /// D-100: grain once per movement action instead of once per turn.
    pub boost_per_action: bool,
    /// D-101: a 2:1 harbour pays out gold too.
    pub gold_at_2to1: bool,
    /// D-99: barbarians may stand on spokes.
    pub on_spokes: bool,
}

impl Opts {
    pub fn from_config(c: &Config) -> Opts {
        Opts {
            stack_refill: c.bool("tb_stack_refill"),
            boost_per_action: c.bool("tb_boost_per_action"),
            gold_at_2to1: c.bool("tb_gold_at_2to1"),
            on_spokes: c.bool("tb_barbarian_on_spokes"),
        }
    }
}

/// The module's state inside [`crate::Catan`] (`None` there when the module is off).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub opts: Opts,
    /// The path (edge) of each barbarian.
    pub barbarians: [u8; 3],
    pub gold: [u32; MAX_PLAYERS],
    /// The vertex of each wagon.
    pub wagon: [u8; MAX_PLAYERS],
    /// The active wagon card, 1..=5.
    pub card: [u8; MAX_PLAYERS],
    /// The commodity carried (`NONE` = empty).
    pub carrying: [u8; MAX_PLAYERS],
    /// Tokens delivered (1 VP each).
    pub delivered: [u8; MAX_PLAYERS],
    /// Tokens left in each role's stack, per commodity (the order is unknown to everyone).
    pub stacks: [[u8; 4]; 3],
    // ----- this turn -----
    /// Resources bought with gold (at most 2).
    pub purchases: u8,
    /// The WAGON part of the turn has begun (D-105).
    pub wagon_begun: bool,
    /// A movement action is open, with `mp` points left.
    pub action_open: bool,
    pub mp: u8,
    /// Movement actions begun (2 after a Swift Journey).
    pub actions: u8,
    /// The current (or last) movement action crossed at least one path.
    pub travelled: bool,
    pub grain_used: bool,
    /// Barbarians (by index) already attacked this turn.
    pub tried: u8,
    // ----- sub-step -----
    pub step: Step,
    /// The barbarian being attacked or moved.
    pub barb: u8,
    /// The role whose stack is being drawn from.
    pub draw_role: u8,
    /// The barbarian move comes from a 7 or a Knight (a draw may follow), not a drive-off.
    pub steal_after: bool,
    // ----- with Catan for Two (`traders_two.rs`) -----
    /// Tolls paid on neutral roads in the current movement action (D-107).
    pub neutral_tolls: u8,
    /// The barbarian move comes from the token action (no road on the new path, no draw).
    pub token_move: bool,
}

impl State {
    /// The start of a game for `players` real players (other seats, e.g. Catan for Two's
    /// neutrals, hold no gold).
    pub fn new(opts: Opts, barbarians: [u8; 3], players: usize) -> State {
        State {
            opts,
            barbarians,
            gold: std::array::from_fn(|p| if p < players { START_GOLD } else { 0 }),
            wagon: [NONE; MAX_PLAYERS],
            card: [1; MAX_PLAYERS],
            carrying: [NONE; MAX_PLAYERS],
            delivered: [0; MAX_PLAYERS],
            stacks: STACKS,
            purchases: 0,
            wagon_begun: false,
            action_open: false,
            mp: 0,
            actions: 0,
            travelled: false,
            grain_used: false,
            tried: 0,
            step: Step::None,
            barb: 0,
            draw_role: 0,
            steal_after: false,
            neutral_tolls: 0,
            token_move: false,
        }
    }

    /// Forget this turn's wagon and purchase state (end of turn).
    pub fn new_turn(&mut self) {
        self.purchases = 0;
        self.wagon_begun = false;
        self.action_open = false;
        self.mp = 0;
        self.actions = 0;
        self.travelled = false;
        self.grain_used = false;
        self.tried = 0;
        self.neutral_tolls = 0;
    }

    /// Victory points of the scenario: delivered tokens and wagon card 5.
    pub fn vp(&self, p: usize) -> u32 {
        self.delivered[p] as u32 + (self.card[p] >= 5) as u32
    }

    pub fn barbarian_mask(&self) -> u128 {
        self.barbarians
            .iter()
            .fold(0u128, |m, &e| m | (1u128 << (e as u32 % 128)))
    }
}

// ----- set-up -----

fn read_edge(geo: &Geometry, v: &Value) -> Result<usize, String> {
    let arr = v.as_array().ok_or("an edge is [q, r, dir]")?;
    let (q, r, d) = match arr.as_slice() {
        [q, r, d] => (q.as_i64(), r.as_i64(), d.as_str()),
        _ => (None, None, None),
    };
    let (Some(q), Some(r), Some(d)) = (q, r, d) else {
        return Err(format!("edge {v} must be [q, r, dir]"));
    };
    let (q, r) = (q as i32, r as i32);
    let (cq, cr, ct) = crate::geometry::canonical_edge(q, r, d)
        .ok_or(format!("edge {v}: unknown direction '{d}'"))?;
    geo.edge_id(cq, cr, ct)
        .ok_or(format!("edge {d}({q},{r}) is not a path of this board"))
}

fn bundled_map() -> &'static Value {
    static M: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    M.get_or_init(|| {
        let data: Value = serde_json::from_str(include_str!("../data/catan_maps.json"))
            .expect("bundled map data is valid JSON");
        data["maps"]["traders_barbarians"].clone()
    })
}

/// The scenario's board, barbarian paths and robber parking hex (a trade hex: there is no
/// robber, §B9.1). Uses the user `map` when given; else the bundled map's trade hexes (or
/// `tb_trade_hexes`), its fixed terrain with `board = beginner`, or the random fill of §B9.2.
pub fn setup(config: &Config, rng: &mut GameRng) -> Result<(Board, [u8; 3]), GameError> {
    let bad = |name: &str, e: String| GameError::bad_option(name, e);
    let user_map: Option<Value> = match config.value("map") {
        Value::Null => None,
        Value::String(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| bad("map", format!("cannot read {path}: {e}")))?;
            Some(serde_json::from_str(&text).map_err(|e| bad("map", format!("{path}: {e}")))?)
        }
        v => Some(v.clone()),
    };
    let custom_hexes = !config.value("tb_trade_hexes").is_null();
    let mut board = match &user_map {
        Some(m) => Board::from_map(m).map_err(|e| bad("map", e))?.0,
        None => {
            let mut b = Board::from_map(bundled_map()).map_err(|e| bad("map", e))?.0;
            if custom_hexes {
                b = with_trade_hexes(&b, config.value("tb_trade_hexes"))
                    .map_err(|e| bad("tb_trade_hexes", e))?;
            }
            if custom_hexes || config.str("board") != "beginner" {
                random_fill(
                    &mut b,
                    rng,
                    config.str("token_mode") != "random_no_adjacent_red",
                );
            }
            b
        }
    };
    let geo = board.geo;
    let roles: Vec<u8> = (0..NH)
        .filter(|&h| board.terrain[h] == TRADE)
        .map(|h| board.trade_role[h])
        .collect();
    let mut sorted = roles.clone();
    sorted.sort();
    if sorted != [CASTLE, QUARRY, GLASSWORKS] {
        return Err(bad(
            "map",
            "traders_barbarians needs exactly three trade hexes: a castle, a marble_quarry and a glassworks".into(),
        ));
    }
    if config.bool("tb_trade_roles_random") {
        let hexes: Vec<usize> = (0..NH).filter(|&h| board.terrain[h] == TRADE).collect();
        let mut r = roles;
        rng.shuffle(&mut r);
        for (&h, &role) in hexes.iter().zip(r.iter()) {
            board.trade_role[h] = role;
        }
    }
    // Barbarians: the option, else the user map's, else the bundled map's paths (D-92).
    let src = if !config.value("tb_barbarian_paths").is_null() {
        Some((
            "tb_barbarian_paths",
            config.value("tb_barbarian_paths").clone(),
        ))
    } else {
        let from = user_map.as_ref().unwrap_or(bundled_map());
        from.get("pieces")
            .and_then(|p| p.get("barbarians"))
            .and_then(Value::as_array)
            .map(|l| {
                (
                    "map",
                    Value::Array(
                        l.iter()
                            .map(|b| b.get("edge").cloned().unwrap_or(b.clone()))
                            .collect(),
                    ),
                )
            })
    };
    let (name, list) = src.ok_or(bad(
        "map",
        "the map lists no barbarians (pieces.barbarians: three edges)".into(),
    ))?;
    let list = list
        .as_array()
        .filter(|l| l.len() == 3)
        .ok_or(bad(
            name,
            "three barbarian paths [q, r, dir] are needed".into(),
        ))?
        .clone();
    let mut barbs = [0u8; 3];
    for (i, v) in list.iter().enumerate() {
        let e = read_edge(geo, v).map_err(|e| bad(name, format!("barbarian: {e}")))?;
        if barbs[..i].contains(&(e as u8)) {
            return Err(bad(name, "two barbarians on one path".into()));
        }
        if !config.bool("tb_barbarian_on_spokes") && geo.spokes & (1u128 << e) != 0 {
            return Err(bad(
                name,
                format!(
                    "barbarian on spoke {} with tb_barbarian_on_spokes = false",
                    geo.edge_name(e)
                ),
            ));
        }
        barbs[i] = e as u8;
    }
    Ok((board, barbs))
}

/// A sea-side edge of one of `geo`'s trade hexes, which the board closes (spec §B9.3, D-94).
pub(crate) fn is_closed_edge(geo: &Geometry, e: (i32, i32, ETag)) -> bool {
    let base = Geometry::base();
    geo.trade_hexes != 0
        && geo.edge_id(e.0, e.1, e.2).is_none()
        && base
            .edge_id(e.0, e.1, e.2)
            .is_some_and(|id| base.coastal_edges & (1u128 << id) != 0)
        && crate::geometry::edge_hexes(e.0, e.1, e.2)
            .iter()
            .any(|&(q, r)| {
                geo.hex_id(q, r)
                    .is_some_and(|h| geo.trade_hexes & (1 << h) != 0)
            })
}

/// D-91: the edge a harbour given on the closed edge `closed` moves to. Candidates are the
/// board's coastal edges without a harbour (both endpoints of every such edge are usable land
/// corners: a dead corner only touches closed edges). The nearest is the one fewest steps away
/// along the island's coastline (the ring of the base board's 30 coastal edges, each step to
/// the next edge sharing a corner; the closed edges count as steps); a tie goes to the lower
/// edge id, i.e. the first in the `(q, r, tag)` order of §A2.
pub(crate) fn relocate_harbor(
    geo: &Geometry,
    closed: (i32, i32, ETag),
    harbors: &[u8],
) -> Result<usize, String> {
    let base = Geometry::base();
    let start = base
        .edge_id(closed.0, closed.1, closed.2)
        .ok_or("D-91: not an edge of the base board")?;
    // Steps along the coast from the closed edge (breadth-first over the ring).
    let mut dist = [u32::MAX; crate::geometry::MAX_EDGES];
    dist[start] = 0;
    let mut frontier = vec![start];
    while let Some(e) = frontier.pop() {
        for &v in &base.edge_ends[e] {
            for f in bits128(base.vertex_edges[v as usize] & base.coastal_edges) {
                if dist[f] == u32::MAX {
                    dist[f] = dist[e] + 1;
                    frontier.insert(0, f);
                }
            }
        }
    }
    let steps = |e: usize| {
        let (q, r, t) = geo.edges[e];
        base.edge_id(q, r, t).map_or(u32::MAX, |b| dist[b])
    };
    bits128(geo.coastal_edges)
        .filter(|&e| harbors[e] == NONE)
        .min_by_key(|&e| (steps(e), e))
        .ok_or_else(|| "map: no free coastal edge to move a harbour to (D-91)".to_string())
}

/// Move the trade hexes of `b` to the positions of `spec` (`{"castle": [q, r],
/// "marble_quarry": [q, r], "glassworks": [q, r]}`); terrain is refilled by the caller.
fn with_trade_hexes(b: &Board, spec: &Value) -> Result<Board, String> {
    let obj = spec.as_object().ok_or(
        "expected {\"castle\": [q, r], \"marble_quarry\": [q, r], \"glassworks\": [q, r]}",
    )?;
    let mut at = Vec::new();
    for (name, v) in obj {
        let role = crate::board::trade_role_id(name).ok_or(format!(
            "'{name}' is not a trade hex ({})",
            TRADE_ROLES.join(", ")
        ))?;
        let (q, r) = crate::board::read_hex_pair(v).ok_or(format!("{name}: expected [q, r]"))?;
        at.push(((q, r), role));
    }
    let mut json = b.to_json();
    let hexes = json["hexes"].as_array_mut().ok_or("bad board")?;
    for h in hexes.iter_mut() {
        let q = h["q"].as_i64().unwrap_or(0) as i32;
        let r = h["r"].as_i64().unwrap_or(0) as i32;
        match at.iter().find(|(x, _)| *x == (q, r)) {
            Some(&(_, role)) => {
                *h = serde_json::json!({"q": q, "r": r, "terrain": "trade", "trade": TRADE_ROLES[role as usize]});
            }
            None => {
                *h = serde_json::json!({"q": q, "r": r, "terrain": "forest", "token": 5});
            }
        }
    }
    Board::from_map(&json).map(|x| x.0)
}

/// Spec §B9.2 steps 1 and 3 (and §A3.2 step 2): shuffle the 16 terrains onto the hexes that are
/// not trade hexes, shuffle the harbour kinds over the harbour edges, lay the 16 number tokens
/// by the spiral from a random corner skipping the trade hexes (or at random without touching
/// 6/8).
fn random_fill(b: &mut Board, rng: &mut GameRng, spiral: bool) {
    let g = b.geo;
    let land: Vec<usize> = (0..NH).filter(|&h| b.terrain[h] != TRADE).collect();
    // 4 forest, 3 hills, 3 pasture, 3 fields, 3 mountains.
    let mut terrains: Vec<u8> = [(0u8, 4), (1, 3), (2, 3), (3, 3), (4, 3)]
        .iter()
        .flat_map(|&(t, k)| std::iter::repeat_n(t, k))
        .collect();
    rng.shuffle(&mut terrains);
    for (&h, &t) in land.iter().zip(terrains.iter()) {
        b.terrain[h] = t;
        b.token[h] = 0;
    }
    let edges: Vec<usize> = (0..g.ne).filter(|&e| b.edge_harbor[e] != NONE).collect();
    let mut kinds: Vec<u8> = edges.iter().map(|&e| b.edge_harbor[e]).collect();
    rng.shuffle(&mut kinds);
    for (&e, &k) in edges.iter().zip(kinds.iter()) {
        b.edge_harbor[e] = k;
    }
    let toks = tokens();
    if spiral {
        let steps = rng.below(6) as i32;
        let mut k = 0;
        for &(q, r) in SPIRAL.iter() {
            let hx = meeple_core::hex::Hex::new(q, r).rotate(steps);
            let Some(h) = g.hex_id(hx.q, hx.r) else {
                continue;
            };
            if b.terrain[h] == TRADE {
                continue;
            }
            if let Some(&t) = toks.get(k) {
                b.token[h] = t;
            }
            k += 1;
        }
    } else {
        let mut t = toks;
        loop {
            rng.shuffle(&mut t);
            for (&h, &x) in land.iter().zip(t.iter()) {
                b.token[h] = x;
            }
            let red = |h: usize| b.token[h] == 6 || b.token[h] == 8;
            if land
                .iter()
                .filter(|&&h| red(h))
                .all(|&h| crate::geometry::bits64(g.hex_nbrs[h] as u64).all(|n| !red(n)))
            {
                break;
            }
        }
    }
    b.derive();
}

// ----- rules -----

impl Catan {
    #[inline]
    pub(crate) fn tb(&self) -> &State {
        self.traders.as_deref().expect("traders state")
    }
    #[inline]
    pub(crate) fn tb_mut(&mut self) -> &mut State {
        self.traders.as_deref_mut().expect("traders state")
    }

    /// Gold of seat `seat` (0 for a seat without gold: Catan for Two's neutrals never get any,
    /// §B9.12 item 4; 0 without the scenario).
    pub fn tb_gold(&self, seat: usize) -> u32 {
        self.traders
            .as_deref()
            .and_then(|t| t.gold.get(seat).copied())
            .unwrap_or(0)
    }

    /// The plaza vertex of trade role `role`.
    pub fn tb_plaza(&self, role: u8) -> usize {
        let g = self.geo();
        (0..NH)
            .find(|&h| self.board.terrain[h] == TRADE && self.board.trade_role[h] == role)
            .map(|h| g.plaza[h] as usize)
            .unwrap_or(0)
    }

    /// The role of the trade hex whose plaza is `v`, if `v` is a plaza.
    pub fn tb_role_at(&self, v: usize) -> Option<u8> {
        let g = self.geo();
        if g.plazas & (1u64 << v) == 0 {
            return None;
        }
        (0..NH)
            .find(|&h| g.plaza[h] as usize == v)
            .map(|h| self.board.trade_role[h])
    }

    /// The owner of the road on edge `e`, if any (a neutral seat with Catan for Two).
    pub(crate) fn road_owner(&self, e: usize) -> Option<usize> {
        (0..self.road_seats()).find(|&q| self.roads[q] & (1u128 << e) != 0)
    }

    /// Price of crossing path `e` for `p` (spec §B9.6): movement points, and the player owed a
    /// 1-gold toll. A road damaged by an Earthquake counts as no road (§B9.12).
    pub fn tb_price(&self, p: usize, e: usize) -> (u8, Option<usize>) {
        let owner = self.road_owner(e);
        let damaged = owner.is_some_and(|q| self.damaged[q] as usize == e);
        let mut mp = if owner.is_some() && !damaged { 1 } else { 2 };
        if self.tb().barbarian_mask() & (1u128 << e) != 0 {
            mp += 2;
        }
        let toll = owner.filter(|&q| q != p && !damaged);
        (mp, toll)
    }

    /// A movement action may begin now (after trading and building, none begun yet).
    fn tb_can_open(&self) -> bool {
        let t = self.tb();
        self.phase == Phase::Main && self.rolled && !t.wagon_begun
    }

    /// Movement points available to the next step (0 when no action is or can be open).
    fn tb_mp(&self) -> u8 {
        let t = self.tb();
        if t.action_open {
            t.mp
        } else if self.tb_can_open() {
            CARD_MP[t.card[self.current as usize] as usize]
        } else {
            0
        }
    }

    pub(crate) fn tb_open_action(&mut self) {
        let p = self.current as usize;
        let t = self.tb_mut();
        if t.action_open {
            return;
        }
        t.wagon_begun = true;
        t.action_open = true;
        t.actions += 1;
        t.mp = CARD_MP[t.card[p] as usize];
        t.travelled = false;
        t.neutral_tolls = 0;
        if t.opts.boost_per_action {
            t.grain_used = false;
        }
    }

    /// Paths the wagon of the player to move may take now.
    pub fn tb_moves(&self) -> u128 {
        let p = self.current as usize;
        let t = self.tb();
        let mp = self.tb_mp();
        if mp == 0 {
            return 0;
        }
        // `tb_price` for every path at the wagon at once, from masks (this runs on every
        // legal-action call): an undamaged road costs 1, no road (or a damaged one) 2, a
        // barbarian 2 more; another player's undamaged road asks a toll. An edge holds at most
        // one road, so "owner other than p" is "a road not p's".
        let mut roads = 0u128;
        let mut damaged = 0u128;
        for q in 0..self.road_seats() {
            roads |= self.roads[q];
            let d = self.damaged[q] as u32;
            if d < 128 {
                damaged |= self.roads[q] & (1u128 << d);
            }
        }
        let good = roads & !damaged;
        let barb = t.barbarian_mask();
        let mut out = self.geo().vertex_edges[t.wagon[p] as usize];
        out &= match mp {
            1 => good & !barb,
            2 => !barb,
            3 => good | !barb,
            _ => !0,
        };
        if t.gold[p] == 0 {
            out &= !(good & !self.roads[p]);
        }
        out
    }

    /// [`Catan::tb_moves`] edge by edge with [`Catan::tb_price`] (the test reference).
    #[cfg(test)]
    pub(crate) fn tb_moves_by_price(&self) -> u128 {
        let p = self.current as usize;
        let t = self.tb();
        let mp = self.tb_mp();
        if mp == 0 {
            return 0;
        }
        let mut out = 0u128;
        for e in bits128(self.geo().vertex_edges[t.wagon[p] as usize]) {
            let (cost, toll) = self.tb_price(p, e);
            if cost <= mp && (toll.is_none() || t.gold[p] >= 1) {
                out |= 1u128 << e;
            }
        }
        out
    }

    fn tb_grain_ok(&self) -> bool {
        let t = self.tb();
        (t.action_open || self.tb_can_open())
            && !t.grain_used
            && self.hand[self.current as usize][GRAIN] > 0
    }

    /// Barbarians (by index) the wagon may try to drive off now (D-98).
    pub fn tb_attacks(&self) -> u8 {
        let p = self.current as usize;
        let t = self.tb();
        if !(t.action_open || self.tb_can_open()) || t.card[p] < 2 {
            return 0;
        }
        let here = self.geo().vertex_edges[t.wagon[p] as usize];
        (0..3)
            .filter(|&i| t.tried & (1 << i) == 0 && here & (1u128 << t.barbarians[i]) != 0)
            .fold(0u8, |m, i| m | (1 << i))
    }

    /// Where the barbarian being moved may go now: [`Catan::tb_places`], without roads after the
    /// Catan-for-Two token action (§B9.12 item 2).
    fn tb_place_mask(&self) -> u128 {
        if self.tb().token_move {
            self.tb_token_places()
        } else {
            self.tb_places()
        }
    }

    /// Paths a barbarian being moved may go to (D-99): no barbarian there (its own path
    /// included), spokes only with `tb_barbarian_on_spokes`.
    pub fn tb_places(&self) -> u128 {
        let g = self.geo();
        let t = self.tb();
        let mut m = g.edge_mask & !t.barbarian_mask();
        if !t.opts.on_spokes {
            m &= !g.spokes;
        }
        m
    }

    /// The rate at which `p` sells resource `r` to the bank for gold (D-101).
    pub fn tb_gold_rate(&self, p: usize, r: usize) -> u8 {
        let rate = self.rate(p, r);
        if rate == 2 && !self.tb().opts.gold_at_2to1 {
            let mine = self.settlements[p] | self.cities[p];
            if self.board.harbor_vertices[crate::board::GENERIC as usize] & mine != 0 {
                3
            } else {
                4
            }
        } else {
            rate
        }
    }

    fn tb_buy_ok(&self, r: usize) -> bool {
        let t = self.tb();
        matches!(self.phase, Phase::Main | Phase::PreRoll)
            && t.purchases < 2
            && t.gold[self.current as usize] >= 2
            && self.bank[r] > 0
    }

    /// Building, trading, buying and upgrading are over once the wagon has begun (D-105).
    pub(crate) fn tb_wagon_begun(&self) -> bool {
        self.traders.as_ref().is_some_and(|t| t.wagon_begun)
    }

    /// Swift Journey may be played now (D-100): a movement action of this turn crossed a path.
    pub(crate) fn tb_swift_ok(&self) -> bool {
        let t = self.tb();
        self.phase == Phase::Main && t.wagon_begun && t.actions == 1 && t.travelled
    }

    /// Legality of the scenario's own ids (relative `x = a - A_SCENARIO`) in the main and
    /// pre-roll phases.
    pub(crate) fn tb_is_legal_own(&self, x: u32) -> bool {
        let p = self.current as usize;
        let t = self.tb();
        let main = self.phase == Phase::Main;
        if (TB_MOVE..TB_ATTACK).contains(&x) {
            main && self.tb_moves() & (1u128 << (x - TB_MOVE)) != 0
        } else if (TB_ATTACK..TB_TAKE).contains(&x) {
            let e = (x - TB_ATTACK) as u8;
            main && (0..3).any(|i| t.barbarians[i] == e && self.tb_attacks() & (1 << i) != 0)
        } else if x == TB_GRAIN {
            main && self.tb_grain_ok()
        } else if (TB_BUY..TB_SELL).contains(&x) {
            self.tb_buy_ok((x - TB_BUY) as usize)
        } else if (TB_SELL..TB_UPGRADE).contains(&x) {
            let r = (x - TB_SELL) as usize;
            main && !t.wagon_begun && self.hand[p][r] >= self.tb_gold_rate(p, r)
        } else if x == TB_UPGRADE {
            let c = t.card[p] as usize;
            main && !t.wagon_begun && c < 5 && crate::has(&self.hand[p], &CARD_COST[c + 1])
        } else if (TB_OFFER..C_TB_DIE).contains(&x) {
            main && !t.wagon_begun && self.tb_offer_ok(crate::NUM_OFFERS + x - TB_OFFER)
        } else if x == crate::traders_two::TB_TOKEN_BARBARIAN {
            self.tb_token_barbarian_ok()
        } else {
            false
        }
    }

    /// The scenario's own ids legal in the main / pre-roll phase.
    pub(crate) fn tb_push_own(&self, out: &mut Vec<u32>) {
        let base = crate::A_SCENARIO;
        let p = self.current as usize;
        let t = self.tb();
        if self.phase == Phase::Main {
            for e in bits128(self.tb_moves()) {
                out.push(base + TB_MOVE + e as u32);
            }
            let att = self.tb_attacks();
            for i in 0..3 {
                if att & (1 << i) != 0 {
                    out.push(base + TB_ATTACK + t.barbarians[i] as u32);
                }
            }
            if self.tb_grain_ok() {
                out.push(base + TB_GRAIN);
            }
        }
        for r in 0..5 {
            if self.tb_buy_ok(r) {
                out.push(base + TB_BUY + r as u32);
            }
        }
        if self.phase == Phase::Main && !t.wagon_begun {
            for r in 0..5 {
                if self.hand[p][r] >= self.tb_gold_rate(p, r) {
                    out.push(base + TB_SELL + r as u32);
                }
            }
            let c = t.card[p] as usize;
            if c < 5 && crate::has(&self.hand[p], &CARD_COST[c + 1]) {
                out.push(base + TB_UPGRADE);
            }
            // Same test as `tb_offer_ok` for every gold offer at once, from a bit mask.
            if self.rules.trades && self.n() > 1 && self.offers_made < self.rules.max_offers {
                let used = (self.offers_used >> crate::NUM_OFFERS) as u64;
                let m = crate::affordable_coin_offers(t.gold[p], &self.hand[p]) & !used;
                for j in bits64(m) {
                    out.push(base + TB_OFFER + j as u32);
                }
            }
            if self.tb_token_barbarian_ok() {
                out.push(base + crate::traders_two::TB_TOKEN_BARBARIAN);
            }
        }
    }

    /// A player-trade offer with gold (index `i >= NUM_OFFERS`) may be made now (§B9.10).
    fn tb_offer_ok(&self, i: u32) -> bool {
        let o = crate::Offer::decode(i);
        self.rules.trades
            && self.n() > 1
            && self.offers_made < self.rules.max_offers
            && self.offers_used & (1u128 << i) == 0
            && self.holds(self.current as usize, o.give, o.give_n)
    }

    /// Apply one of the scenario's own main / pre-roll ids (legal).
    pub(crate) fn tb_apply_own(&mut self, x: u32) {
        let p = self.current as usize;
        if (TB_MOVE..TB_ATTACK).contains(&x) {
            let e = (x - TB_MOVE) as usize;
            self.tb_open_action();
            let (cost, toll) = self.tb_price(p, e);
            let w = self.geo().other_end(e, self.tb().wagon[p] as usize);
            let n = self.n();
            let t = self.tb_mut();
            t.mp -= cost;
            match toll {
                Some(q) if q < n => {
                    t.gold[p] -= 1;
                    t.gold[q] += 1;
                }
                // A neutral road (Catan for Two): split per D-107.
                Some(_) => self.tb_neutral_toll(p),
                None => {}
            }
            let t = self.tb_mut();
            t.wagon[p] = w as u8;
            t.travelled = true;
            if let Some(role) = self.tb_role_at(w) {
                // Entering a plaza ends the movement action (D-95).
                let t = self.tb_mut();
                t.action_open = false;
                t.mp = 0;
                self.tb_arrive(p, role);
            }
        } else if (TB_ATTACK..TB_TAKE).contains(&x) {
            let e = (x - TB_ATTACK) as u8;
            self.tb_open_action();
            let t = self.tb_mut();
            let i = t.barbarians.iter().position(|&b| b == e).unwrap_or(0);
            t.tried |= 1 << i;
            t.barb = i as u8;
            t.step = Step::DriveOffDie;
            self.phase = Phase::Traders;
        } else if x == TB_GRAIN {
            self.tb_open_action();
            self.pay(p, &[0, 0, 0, 1, 0]);
            let t = self.tb_mut();
            t.grain_used = true;
            t.mp += 2;
        } else if (TB_BUY..TB_SELL).contains(&x) {
            let r = (x - TB_BUY) as usize;
            let t = self.tb_mut();
            t.gold[p] -= 2;
            t.purchases += 1;
            self.bank[r] -= 1;
            self.gain(p, r, 1);
        } else if (TB_SELL..TB_UPGRADE).contains(&x) {
            let r = (x - TB_SELL) as usize;
            let k = self.tb_gold_rate(p, r);
            self.lose(p, r, k);
            self.bank[r] += k;
            self.tb_mut().gold[p] += 1;
        } else if x == TB_UPGRADE {
            let c = self.tb().card[p] as usize + 1;
            self.pay(p, &CARD_COST[c]);
            self.tb_mut().card[p] = c as u8;
        } else if (TB_OFFER..C_TB_DIE).contains(&x) {
            self.make_offer(crate::NUM_OFFERS + x - TB_OFFER);
        } else if x == crate::traders_two::TB_TOKEN_BARBARIAN {
            self.tb_token_barbarian();
        }
    }

    /// The wagon of `p` stops on the plaza of `role` (spec §B9.7).
    fn tb_arrive(&mut self, p: usize, role: u8) {
        let t = self.tb_mut();
        let c = t.carrying[p];
        if c != NONE {
            if DESTINATION[c as usize] != role {
                return; // wrong plaza: nothing happens
            }
            t.delivered[p] += 1;
            t.gold[p] += CARD_GOLD[t.card[p] as usize] as u32;
            t.carrying[p] = NONE;
        }
        let stack = &mut t.stacks[role as usize];
        if stack.iter().all(|&k| k == 0) {
            if !t.opts.stack_refill {
                return; // D-93: nothing to draw
            }
            *stack = STACKS[role as usize];
        }
        t.draw_role = role;
        t.step = Step::DrawToken;
        self.phase = Phase::Traders;
    }

    /// A 7 or a Knight: the roller picks a barbarian to move (spec §B9.8).
    pub(crate) fn tb_begin_barbarian(&mut self) {
        let t = self.tb_mut();
        t.step = Step::TakeBarbarian;
        t.steal_after = true;
        self.phase = Phase::Traders;
    }

    pub(crate) fn tb_chance(&self) -> bool {
        matches!(self.tb().step, Step::DriveOffDie | Step::DrawToken)
    }

    pub(crate) fn tb_step_outcomes(&self, out: &mut Vec<(u32, u32)>) {
        let t = self.tb();
        let base = crate::A_SCENARIO;
        match t.step {
            Step::DriveOffDie => out.extend((0..6).map(|d| (base + C_TB_DIE + d, 1))),
            Step::DrawToken => {
                let s = t.stacks[t.draw_role as usize];
                for c in 0..4 {
                    if s[c] > 0 {
                        out.push((base + C_TB_TOKEN + c as u32, s[c] as u32));
                    }
                }
            }
            _ => {}
        }
    }

    pub(crate) fn tb_step_legal(&self, out: &mut Vec<u32>) {
        let base = crate::A_SCENARIO;
        let t = self.tb();
        match t.step {
            Step::TakeBarbarian => {
                let mut b = t.barbarians;
                b.sort();
                for e in b {
                    out.push(base + TB_TAKE + e as u32);
                }
            }
            Step::PlaceBarbarian => {
                for e in bits128(self.tb_place_mask()) {
                    out.push(base + TB_PLACE + e as u32);
                }
            }
            _ => {
                let mut o = Vec::new();
                self.tb_step_outcomes(&mut o);
                out.extend(o.into_iter().map(|x| x.0));
            }
        }
    }

    pub(crate) fn tb_step_is_legal(&self, a: u32) -> bool {
        let Some(x) = a.checked_sub(crate::A_SCENARIO) else {
            return false;
        };
        let t = self.tb();
        match t.step {
            Step::TakeBarbarian => {
                (TB_TAKE..TB_PLACE).contains(&x) && t.barbarians.contains(&((x - TB_TAKE) as u8))
            }
            Step::PlaceBarbarian => {
                (TB_PLACE..TB_GRAIN).contains(&x)
                    && self.tb_place_mask() & (1u128 << (x - TB_PLACE)) != 0
            }
            Step::DriveOffDie => (C_TB_DIE..C_TB_DIE + 6).contains(&x),
            Step::DrawToken => {
                (C_TB_TOKEN..C_TB_TOKEN + 4).contains(&x)
                    && t.stacks[t.draw_role as usize][(x - C_TB_TOKEN) as usize] > 0
            }
            Step::None => false,
        }
    }

    pub(crate) fn tb_step_apply(&mut self, a: u32) {
        let x = a - crate::A_SCENARIO;
        let p = self.current as usize;
        let step = self.tb().step;
        match step {
            Step::TakeBarbarian => {
                let e = (x - TB_TAKE) as u8;
                let t = self.tb_mut();
                t.barb = t.barbarians.iter().position(|&b| b == e).unwrap_or(0) as u8;
                t.step = Step::PlaceBarbarian;
            }
            Step::PlaceBarbarian => {
                let e = (x - TB_PLACE) as usize;
                let t = self.tb_mut();
                t.barbarians[t.barb as usize] = e as u8;
                t.step = Step::None;
                t.token_move = false;
                if !t.steal_after {
                    self.phase = Phase::Main;
                    return;
                }
                t.steal_after = false;
                self.thief = p as u8;
                match self.road_owner(e) {
                    // Neutral roads (seats 2, 3): nobody to draw from.
                    Some(q) if q != p && q < self.n() => self.begin_steal(q),
                    _ => self.end_robber(),
                }
            }
            Step::DriveOffDie => {
                let d = (x - C_TB_DIE) as u8 + 1;
                let t = self.tb_mut();
                if d >= CARD_DRIVE[t.card[p] as usize] {
                    t.step = Step::PlaceBarbarian;
                    t.steal_after = false;
                } else {
                    t.step = Step::None;
                    self.phase = Phase::Main;
                }
            }
            Step::DrawToken => {
                let c = (x - C_TB_TOKEN) as usize;
                let t = self.tb_mut();
                t.stacks[t.draw_role as usize][c] -= 1;
                t.carrying[p] = c as u8;
                t.step = Step::None;
                self.phase = Phase::Main;
            }
            Step::None => {}
        }
    }

    /// Action labels of the scenario's own ids (`None` for other ids).
    pub(crate) fn tb_label(&self, a: u32) -> Option<String> {
        let x = a.checked_sub(crate::A_SCENARIO)?;
        let g = self.geo();
        let en = |e: u32| g.edge_name(e as usize);
        Some(if x < TB_MOVE {
            format!("road {}", en(NE as u32 + x))
        } else if x < TB_ATTACK {
            format!("wagon {}", en(x - TB_MOVE))
        } else if x < TB_TAKE {
            format!("drive off barbarian {}", en(x - TB_ATTACK))
        } else if x < TB_PLACE {
            format!("take barbarian {}", en(x - TB_TAKE))
        } else if x < TB_GRAIN {
            format!("barbarian to {}", en(x - TB_PLACE))
        } else if x == TB_GRAIN {
            "grain for 2 movement points".into()
        } else if x < TB_SELL {
            format!(
                "buy {} for 2 gold",
                crate::board::RESOURCES[(x - TB_BUY) as usize]
            )
        } else if x < TB_UPGRADE {
            format!(
                "sell {} for gold",
                crate::board::RESOURCES[(x - TB_SELL) as usize]
            )
        } else if x == TB_UPGRADE {
            "upgrade wagon".into()
        } else if x < TB_OFFER {
            format!("damage road {}", en(NE as u32 + x - TB_DAMAGE_HIGH))
        } else if x < C_TB_DIE {
            let o = crate::Offer::decode(crate::NUM_OFFERS + x - TB_OFFER);
            let name = |k: usize| crate::board::RESOURCES.get(k).copied().unwrap_or("gold");
            format!(
                "offer {} {} for {} {}",
                o.give_n,
                name(o.give),
                o.get_n,
                name(o.get)
            )
        } else if x < C_TB_TOKEN {
            format!("drive-off die {}", x - C_TB_DIE + 1)
        } else if x < NUM_ACTIONS {
            format!("draw {}", COMMODITIES[(x - C_TB_TOKEN) as usize])
        } else if x == crate::traders_two::TB_TOKEN_BARBARIAN && self.rules.two {
            "token barbarian".into()
        } else if let Some((k, e)) =
            crate::traders_two::neutral_road_high_of(a).filter(|&(_, e)| self.rules.two && e < g.ne)
        {
            format!(
                "neutral {} road {}",
                crate::two::NEUTRAL_NAMES[k],
                en(e as u32)
            )
        } else {
            return None;
        })
    }
}

/// Road / damage action id of edge `e` (the base range, or this module's range past edge 72).
pub fn edge_action(base: u32, high: u32, e: usize) -> u32 {
    if e < NE {
        base + e as u32
    } else {
        crate::A_SCENARIO + high + (e - NE) as u32
    }
}

/// The edge of a road / damage action id, if `a` is one.
pub fn action_edge(base: u32, high: u32, a: u32) -> Option<usize> {
    if (base..base + NE as u32).contains(&a) {
        Some((a - base) as usize)
    } else {
        let x = a.checked_sub(crate::A_SCENARIO + high)?;
        (x < HIGH).then_some(NE + x as usize)
    }
}

// ----- position, observation, tensor -----

fn is_zero(x: &u8) -> bool {
    *x == 0
}
fn is_false(x: &bool) -> bool {
    !*x
}
fn is_no_step(s: &Step) -> bool {
    *s == Step::None
}
fn one() -> u8 {
    1
}

/// One player's scenario pieces in the position format.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerPos {
    pub gold: u32,
    /// The wagon's vertex (`null` before the set-up city).
    #[serde(default)]
    pub wagon: Option<(i32, i32, String)>,
    /// The active wagon card, 1..=5.
    #[serde(default = "one")]
    pub card: u8,
    /// The commodity carried (`glass`, `marble`, `tools`, `sand`), `null` when empty.
    #[serde(default)]
    pub carrying: Option<String>,
    #[serde(default)]
    pub delivered: u8,
}

/// The scenario's state in the position format (`traders`, present only with the scenario).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TradersPos {
    /// The three barbarians' paths (their order is their identity for `tried` / `barbarian`).
    pub barbarians: Vec<(i32, i32, String)>,
    pub players: Vec<PlayerPos>,
    /// Tokens left per stack: role -> commodity -> count (default: full stacks).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stacks: Option<std::collections::BTreeMap<String, std::collections::BTreeMap<String, u8>>>,
    /// Resources bought with gold this turn (at most 2).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub purchases: u8,
    #[serde(default, skip_serializing_if = "is_false")]
    pub wagon_begun: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub action_open: bool,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub movement_points: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub movement_actions: u8,
    #[serde(default, skip_serializing_if = "is_false")]
    pub travelled: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub grain_used: bool,
    /// Barbarians (indices into `barbarians`) already attacked this turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tried: Vec<usize>,
    #[serde(default, skip_serializing_if = "is_no_step")]
    pub step: Step,
    /// The barbarian being attacked or moved (index into `barbarians`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub barbarian: Option<usize>,
    /// The stack being drawn from (`draw_token` step).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_from: Option<String>,
    /// The barbarian move follows a 7 or a Knight (a draw from the road's owner may follow).
    #[serde(default, skip_serializing_if = "is_false")]
    pub steal_after: bool,
    /// Catan for Two: tolls paid on neutral roads in this movement action (D-107).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub neutral_tolls: u8,
    /// Catan for Two: the barbarian move is the token action (no road on the new path).
    #[serde(default, skip_serializing_if = "is_false")]
    pub token_move: bool,
}

pub(crate) fn to_pos(g: &Catan) -> Option<TradersPos> {
    let t = g.traders.as_deref()?;
    let geo = g.geo();
    let ename = |e: u8| crate::position::ename(geo, e as usize);
    Some(TradersPos {
        barbarians: t.barbarians.iter().map(|&e| ename(e)).collect(),
        players: (0..g.n())
            .map(|p| PlayerPos {
                gold: t.gold[p],
                wagon: (t.wagon[p] != NONE)
                    .then(|| crate::position::vname(geo, t.wagon[p] as usize)),
                card: t.card[p],
                carrying: (t.carrying[p] != NONE)
                    .then(|| COMMODITIES[t.carrying[p] as usize % 4].to_string()),
                delivered: t.delivered[p],
            })
            .collect(),
        stacks: Some(
            (0..3)
                .map(|r| {
                    (
                        TRADE_ROLES[r].to_string(),
                        (0..4)
                            .filter(|&c| STACKS[r][c] > 0)
                            .map(|c| (COMMODITIES[c].to_string(), t.stacks[r][c]))
                            .collect(),
                    )
                })
                .collect(),
        ),
        purchases: t.purchases,
        wagon_begun: t.wagon_begun,
        action_open: t.action_open,
        movement_points: t.mp,
        movement_actions: t.actions,
        travelled: t.travelled,
        grain_used: t.grain_used,
        tried: (0..3).filter(|&i| t.tried & (1 << i) != 0).collect(),
        step: t.step,
        barbarian: matches!(t.step, Step::DriveOffDie | Step::PlaceBarbarian)
            .then_some(t.barb as usize),
        draw_from: (t.step == Step::DrawToken)
            .then(|| TRADE_ROLES[t.draw_role as usize % 3].to_string()),
        steal_after: t.steal_after,
        neutral_tolls: t.neutral_tolls,
        token_move: t.token_move,
    })
}

pub(crate) fn from_pos(g: &mut Catan, pos: Option<&TradersPos>) -> Result<(), String> {
    let tb = g.rules.scenario == crate::Scenario::TradersBarbarians;
    let Some(pos) = pos else {
        return if tb {
            Err("a traders_barbarians position needs its 'traders' section".into())
        } else {
            Ok(())
        };
    };
    if !tb {
        return Err("a 'traders' section needs scenario traders_barbarians".into());
    }
    let geo = g.geo();
    if geo.trade_hexes == 0 {
        return Err("traders_barbarians needs a board with trade hexes".into());
    }
    if pos.barbarians.len() != 3 {
        return Err("traders.barbarians: three paths are needed".into());
    }
    let mut barbs = [0u8; 3];
    for (i, x) in pos.barbarians.iter().enumerate() {
        barbs[i] = crate::position::eid(geo, x).map_err(|e| format!("barbarian: {e}"))? as u8;
    }
    let mut t = State::new(Opts::from_config(&g.config), barbs, g.n());
    let n = g.n();
    if pos.players.len() != n {
        return Err(format!("traders.players must list {n} players"));
    }
    for (p, pl) in pos.players.iter().enumerate() {
        t.gold[p] = pl.gold;
        if let Some(w) = &pl.wagon {
            t.wagon[p] = crate::position::vid(geo, w).map_err(|e| format!("wagon: {e}"))? as u8;
        }
        if !(1..=5).contains(&pl.card) {
            return Err(format!("player {p}: wagon card {} is not 1..5", pl.card));
        }
        t.card[p] = pl.card;
        if let Some(c) = &pl.carrying {
            t.carrying[p] = COMMODITIES.iter().position(|x| x == c).ok_or(format!(
                "'{c}' is not a commodity ({})",
                COMMODITIES.join(", ")
            ))? as u8;
        }
        t.delivered[p] = pl.delivered;
    }
    if let Some(st) = &pos.stacks {
        for (role, m) in st {
            let r = crate::board::trade_role_id(role)
                .ok_or(format!("'{role}' is not a trade hex"))? as usize;
            t.stacks[r] = [0; 4];
            for (c, &k) in m {
                let ci = COMMODITIES
                    .iter()
                    .position(|x| x == c)
                    .ok_or(format!("'{c}' is not a commodity"))?;
                t.stacks[r][ci] = k;
            }
        }
    }
    t.purchases = pos.purchases;
    t.wagon_begun = pos.wagon_begun;
    t.action_open = pos.action_open;
    t.mp = pos.movement_points;
    t.actions = pos.movement_actions;
    t.travelled = pos.travelled;
    t.grain_used = pos.grain_used;
    for &i in &pos.tried {
        if i >= 3 {
            return Err("traders.tried: barbarian indices are 0..3".into());
        }
        t.tried |= 1 << i;
    }
    t.step = pos.step;
    t.barb = pos.barbarian.unwrap_or(0).min(2) as u8;
    if let Some(r) = &pos.draw_from {
        t.draw_role = crate::board::trade_role_id(r).ok_or(format!("'{r}' is not a trade hex"))?;
    }
    t.steal_after = pos.steal_after;
    t.neutral_tolls = pos.neutral_tolls;
    t.token_move = pos.token_move;
    g.traders = Some(Box::new(t));
    // There is no robber: it stays parked on a trade hex.
    g.robber = (0..NH).find(|&h| g.board.terrain[h] == TRADE).unwrap_or(0) as u8;
    Ok(())
}

/// Consistency of the scenario's state (spec §B9).
pub(crate) fn validate(g: &Catan) -> Result<(), String> {
    let tb = g.rules.scenario == crate::Scenario::TradersBarbarians;
    let Some(t) = g.traders.as_deref() else {
        if tb || g.phase == Phase::Traders {
            return Err("traders_barbarians state is missing".into());
        }
        return Ok(());
    };
    if !tb {
        return Err("traders state without scenario traders_barbarians".into());
    }
    let geo = g.geo();
    let n = g.n();
    let bm = t.barbarian_mask();
    if bm.count_ones() != 3 || bm & !geo.edge_mask != 0 {
        return Err("three barbarians on three different paths of the board".into());
    }
    if !t.opts.on_spokes && bm & geo.spokes != 0 {
        return Err("a barbarian on a spoke with tb_barbarian_on_spokes = false".into());
    }
    let setup_done = !matches!(g.phase, Phase::SetupSettlement | Phase::SetupRoad);
    for p in 0..n {
        let w = t.wagon[p];
        if w == NONE {
            if g.cities[p] != 0 || (setup_done && g.phase != Phase::GameOver) {
                return Err(format!("player {p}'s wagon is not on the board"));
            }
        } else if w as usize >= geo.nv {
            return Err(format!("player {p}'s wagon is off the board"));
        }
        if !(1..=5).contains(&t.card[p]) {
            return Err(format!("player {p}: wagon card must be 1..5"));
        }
        if t.carrying[p] != NONE && t.carrying[p] >= 4 {
            return Err(format!("player {p} carries an unknown commodity"));
        }
    }
    for r in 0..3 {
        for c in 0..4 {
            if t.stacks[r][c] > STACKS[r][c] {
                return Err(format!(
                    "the {} stack holds {} {} (at most {})",
                    TRADE_ROLES[r], t.stacks[r][c], COMMODITIES[c], STACKS[r][c]
                ));
            }
        }
    }
    if !t.opts.stack_refill {
        let left: u32 = t.stacks.iter().flatten().map(|&k| k as u32).sum();
        let out: u32 = (0..n)
            .map(|p| t.delivered[p] as u32 + (t.carrying[p] != NONE) as u32)
            .sum();
        if left + out > 36 {
            return Err("more commodity tokens than the 36 of the game".into());
        }
    }
    if t.purchases > 2 || t.actions > 2 || t.mp > 9 || (t.action_open && !t.wagon_begun) {
        return Err("inconsistent wagon turn state".into());
    }
    if g.phase != Phase::GameOver && (g.phase == Phase::Traders) != (t.step != Step::None) {
        return Err("the traders phase and its step go together".into());
    }
    if t.wagon_begun
        && !matches!(
            g.phase,
            Phase::Main | Phase::Traders | Phase::Steal | Phase::ChooseVictim | Phase::GameOver
        )
    {
        return Err("the wagon moves only in the main phase".into());
    }
    if g.deck[4] != 0 || (0..n).any(|p| g.dev[p][4] != 0 || g.dev_played[p][4] != 0) {
        return Err("no Monopoly cards in the traders_barbarians deck".into());
    }
    if g.robber as usize >= NH || g.board.terrain[g.robber as usize] != TRADE {
        return Err("there is no robber: it stays parked on a trade hex".into());
    }
    if !g.rules.two && (t.neutral_tolls != 0 || t.token_move) {
        return Err("neutral_tolls and token_move belong to Catan for Two".into());
    }
    if t.neutral_tolls > 9 {
        return Err("more neutral tolls than paths one movement action can cross".into());
    }
    // Tolls are counted by crossings of the current (or last) movement action of this turn.
    if t.neutral_tolls != 0 && !(t.wagon_begun && t.travelled) {
        return Err("neutral_tolls counts crossings of this turn's movement action".into());
    }
    if t.token_move
        && (t.steal_after
            || !matches!(t.step, Step::TakeBarbarian | Step::PlaceBarbarian)
            || g.phase != Phase::Traders)
    {
        return Err("token_move only while the token action moves a barbarian".into());
    }
    Ok(())
}

/// Length of the scenario's tensor block (after the base tensor).
pub const TENSOR_LEN: usize =
    MAX_TB_EDGES * 2 + (MAX_TB_EDGES - NE) * 4 + 64 * 7 + 4 * 11 + 12 + 10 + 12 + 80;

/// The scenario's tensor block: per edge (80) barbarian, spoke; roads on the edges past 72 per
/// slot (8 x 4); per vertex (64) wagon per slot (4) and plaza role one-hot (3); per slot (4 x 11)
/// gold / 10, wagon card one-hot (5), carried commodity one-hot (4), delivered tokens; stacks
/// (3 x 4 / 6); turn: purchases, wagon begun, action open, movement points / 7, movement
/// actions, travelled, grain used, tried per barbarian (3); step one-hot (5), barbarian being
/// moved one-hot (3), stack being drawn one-hot (3), move after a 7 or Knight; gold offer on the
/// table one-hot (40), gold offers made this turn (40).
pub(crate) fn tensor(g: &Catan, seat: usize, out: &mut [f32]) {
    let Some(t) = g.traders.as_deref() else {
        return;
    };
    if out.len() < TENSOR_LEN {
        return;
    }
    let geo = g.geo();
    let n = g.n();
    let slot = |p: usize| (p + n - seat) % n;
    let mut o = 0;
    for e in 0..MAX_TB_EDGES.min(geo.ne) {
        out[o + 2 * e] = (t.barbarian_mask() & (1u128 << e) != 0) as u8 as f32;
        out[o + 2 * e + 1] = (geo.spokes & (1u128 << e) != 0) as u8 as f32;
    }
    o += 2 * MAX_TB_EDGES;
    for e in NE..geo.ne.min(MAX_TB_EDGES) {
        // With Catan for Two (2 players) slots 2 and 3 hold the neutrals N1, N2.
        for p in 0..g.road_seats() {
            if g.roads[p] & (1u128 << e) != 0 {
                out[o + 4 * (e - NE) + if p < n { slot(p) } else { p }] = 1.0;
            }
        }
    }
    o += 4 * (MAX_TB_EDGES - NE);
    for p in 0..n {
        if (t.wagon[p] as usize) < 64 {
            out[o + 7 * t.wagon[p] as usize + slot(p)] = 1.0;
        }
    }
    for v in crate::geometry::bits64(geo.plazas) {
        if let Some(r) = g.tb_role_at(v) {
            out[o + 7 * v + 4 + r as usize % 3] = 1.0;
        }
    }
    o += 64 * 7;
    for p in 0..n {
        let b = o + 11 * slot(p);
        out[b] = t.gold[p] as f32 / 10.0;
        out[b + (t.card[p] as usize).clamp(1, 5)] = 1.0;
        if t.carrying[p] != NONE {
            out[b + 6 + t.carrying[p] as usize % 4] = 1.0;
        }
        out[b + 10] = t.delivered[p] as f32;
    }
    o += 44;
    for r in 0..3 {
        for c in 0..4 {
            out[o + 4 * r + c] = t.stacks[r][c] as f32 / 6.0;
        }
    }
    o += 12;
    out[o] = t.purchases as f32;
    out[o + 1] = t.wagon_begun as u8 as f32;
    out[o + 2] = t.action_open as u8 as f32;
    out[o + 3] = t.mp as f32 / 7.0;
    out[o + 4] = t.actions as f32;
    out[o + 5] = t.travelled as u8 as f32;
    out[o + 6] = t.grain_used as u8 as f32;
    for i in 0..3 {
        out[o + 7 + i] = (t.tried & (1 << i) != 0) as u8 as f32;
    }
    o += 10;
    let step = match t.step {
        Step::None => 0,
        Step::DriveOffDie => 1,
        Step::TakeBarbarian => 2,
        Step::PlaceBarbarian => 3,
        Step::DrawToken => 4,
    };
    out[o + step] = 1.0;
    if matches!(t.step, Step::DriveOffDie | Step::PlaceBarbarian) {
        out[o + 5 + t.barb as usize % 3] = 1.0;
    }
    if t.step == Step::DrawToken {
        out[o + 8 + t.draw_role as usize % 3] = 1.0;
    }
    out[o + 11] = t.steal_after as u8 as f32;
    o += 12;
    let nb = crate::NUM_OFFERS as usize;
    if matches!(g.phase, Phase::TradeResponse | Phase::TradeDecision) && g.offer as usize >= nb {
        out[o + (g.offer as usize - nb).min(39)] = 1.0;
    }
    for j in 0..40 {
        if g.offers_used & (1u128 << (nb + j)) != 0 {
            out[o + 40 + j] = 1.0;
        }
    }
    o += 80;
    debug_assert_eq!(o, TENSOR_LEN);
    if g.rules.two {
        crate::traders_two::tensor(t, &mut out[o..]);
    }
}
