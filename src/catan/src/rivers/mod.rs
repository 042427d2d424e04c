//! Traders & Barbarians module B6: The Rivers of Catan (rules spec §B6, decisions D-03,
//! D-41..D-45).
//!
//! The board keeps two rivers (7 river hexes, 2 of them swamps) at fixed places and 7 bridge
//! sites; the other 12 hexes are the base hexes left after removing 2 mountains, 2 hills, 2
//! pasture and the desert, at random. Players earn gold coins for settlements and roads by a
//! river and for bridges, spend them on resources (2 coins, twice a turn), in maritime trade
//! (D-43) and in player offers, and the coin counts hand out the Poor Settler (−2 VP) and
//! Wealthiest Settler (+1 VP) tiles (D-45).
//!
//! Bridges are stored in the owner's road bitset as well (they count as roads for Longest Road
//! and connectivity); `bridges` marks which of those edges are bridges, so the road piece count
//! (15) and the road-only rules leave them out.

use crate::board::{Board, BRICK, DESERT, LUMBER, RESOURCES, SPIRAL, SWAMP, TOKEN_LETTERS};
use crate::geometry::{bits128, bits64, canonical_edge, edge_hexes, Geometry, NE, NH, NONE};
use crate::{Catan, Phase, MAX_PLAYERS};
use meeple_core::{Action, Config, GameError, GameRng};
use serde_json::{json, Value};
pub use state::{RiversPos, State};
use std::sync::OnceLock;

mod state;

/// Bridge on edge `e` (72 ids; only bridge sites are ever legal).
pub const A_BRIDGE: u32 = crate::A_SCENARIO;
/// Pay 2 coins for 1 resource `r` (5 ids).
pub const A_BUY: u32 = A_BRIDGE + NE as u32;
/// Maritime trade paying coins (4, or 3 at a generic harbor; D-43) for 1 resource `r` (5 ids).
pub const A_COIN_MARITIME: u32 = A_BUY + 5;
/// Player trade offers with coins (40 ids): offer index `crate::NUM_OFFERS + j`, see
/// [`crate::Offer::decode`].
pub const A_COIN_OFFER: u32 = A_COIN_MARITIME + 5;
/// Action ids this module numbers from [`crate::A_SCENARIO`].
pub const NUM_ACTIONS: u32 = NE as u32 + 5 + 5 + crate::NUM_COIN_OFFERS;

/// Bridge cost: 1 lumber + 2 brick (§B6.3).
pub const COST_BRIDGE: [u8; 5] = [1, 2, 0, 0, 0];
pub const MAX_BRIDGES: u32 = 3;
/// Coins for a resource bought from the bank, and purchases allowed per turn.
pub const BUY_PRICE: u32 = 2;
pub const BUYS_PER_TURN: u8 = 2;
/// Coins for a bridge (D-44), a road or a settlement by a river.
pub const BRIDGE_COINS: u32 = 3;

/// Terrains removed from the base set (§B6.2 step 2): 2 mountains, 2 hills, 2 pasture, the desert.
const REMOVED: [(u8, u32); 4] = [(4, 2), (1, 2), (2, 2), (DESERT, 1)];

impl State {
    fn new(river_hexes: u32, bridge_sites: u128) -> State {
        let mut s = State {
            river_hexes,
            bridge_sites,
            wealthiest: NONE,
            ..State::default()
        };
        s.derive();
        s
    }

    /// Rebuild the derived masks from the board data.
    pub fn derive(&mut self) {
        let g = Geometry::base();
        self.river_vertices = 0;
        for v in 0..g.vertices.len() {
            if g.vertex_hexes[v]
                .iter()
                .any(|&h| h != NONE && self.river_hexes & (1 << h) != 0)
            {
                self.river_vertices |= 1 << v;
            }
        }
        self.river_edges = 0;
        for e in 0..NE {
            let (q, r, t) = g.edges[e];
            if edge_hexes(q, r, t)
                .iter()
                .filter_map(|&(hq, hr)| g.hex_id(hq, hr))
                .any(|h| self.river_hexes & (1 << h) != 0)
            {
                self.river_edges |= 1u128 << e;
            }
        }
    }

    pub fn bridges_of(&self, p: usize) -> u32 {
        self.bridges[p].count_ones()
    }
}

// ------------------------------------------------------------------ board

/// The bundled Rivers map (spec coordinates; river positions, terrains and bridge sites are
/// reconstructed, D-41).
fn bundled_map() -> &'static Value {
    static M: OnceLock<Value> = OnceLock::new();
    M.get_or_init(|| {
        let data: Value = serde_json::from_str(include_str!("../../data/catan_maps.json"))
            .expect("bundled map data is valid JSON");
        data["maps"]["rivers"].clone()
    })
}

fn read_pair(v: &Value) -> Option<(i32, i32)> {
    crate::board::read_hex_pair(v)
}

/// Read a Rivers map: the base map format plus `pieces.rivers[].hexes` (lists of `[q, r]`),
/// `pieces.bridge_sites[].edge` (`[q, r, dir]`), swamps as terrain `swamp` and the second token
/// as `extra_token`. Returns the board, the robber's hex (the map's `robber_start`, else the
/// first swamp) and the module state.
pub fn parse_map(map: &Value) -> Result<(Board, usize, State), String> {
    let (board, robber) = Board::from_map(map)?;
    let s = parse_rivers(map, &board)?;
    let robber = if map.get("robber_start").is_some() {
        robber
    } else {
        // §B6.2 step 4: the robber starts on a swamp.
        (0..NH)
            .find(|&h| board.terrain[h] == SWAMP)
            .ok_or("map: a Rivers map without a swamp needs 'robber_start'")?
    };
    Ok((board, robber, s))
}

/// The river hexes and bridge sites of a Rivers map (see [`parse_map`]).
pub fn parse_rivers(map: &Value, board: &Board) -> Result<State, String> {
    let g = Geometry::base();
    let pieces = map.get("pieces");
    let mut rivers = 0u32;
    let list = pieces
        .and_then(|p| p.get("rivers"))
        .and_then(Value::as_array)
        .ok_or("map: a Rivers map needs 'pieces': {'rivers': [{'hexes': [[q, r], ...]}, ...]}")?;
    for (i, riv) in list.iter().enumerate() {
        let hs = riv
            .get("hexes")
            .and_then(Value::as_array)
            .ok_or(format!("map: river #{i} needs 'hexes': [[q, r], ...]"))?;
        for h in hs {
            let (q, r) = read_pair(h).ok_or(format!("map: river #{i}: hexes are [q, r] pairs"))?;
            let id = g
                .hex_id(q, r)
                .ok_or(format!("map: river hex ({q},{r}) is not a land hex"))?;
            rivers |= 1 << id;
        }
    }
    if rivers == 0 {
        return Err("map: a Rivers map needs at least one river hex".into());
    }
    for h in 0..NH {
        if board.terrain[h] == SWAMP && rivers & (1 << h) == 0 {
            return Err(format!(
                "map: swamp {} is not a river hex (swamps are river hexes)",
                g.hex_name(h)
            ));
        }
    }
    let mut sites = 0u128;
    let list = pieces
        .and_then(|p| p.get("bridge_sites"))
        .and_then(Value::as_array)
        .ok_or(
            "map: a Rivers map needs 'pieces': {'bridge_sites': [{'edge': [q, r, dir]}, ...]}",
        )?;
    for (i, b) in list.iter().enumerate() {
        let e = b.get("edge").and_then(Value::as_array);
        let (q, r, d) = match e.map(|e| e.as_slice()) {
            Some([q, r, d]) => (
                q.as_i64().and_then(|x| i32::try_from(x).ok()),
                r.as_i64().and_then(|x| i32::try_from(x).ok()),
                d.as_str(),
            ),
            _ => (None, None, None),
        };
        let (Some(q), Some(r), Some(d)) = (q, r, d) else {
            return Err(format!("map: bridge site #{i} needs 'edge': [q, r, dir]"));
        };
        let (cq, cr, ct) =
            canonical_edge(q, r, d).ok_or(format!("map: bridge site #{i} has direction '{d}'"))?;
        let id = g
            .edge_id(cq, cr, ct)
            .ok_or(format!("map: bridge site {d}({q},{r}) is not a land edge"))?;
        sites |= 1u128 << id;
    }
    let s = State::new(rivers, sites);
    if sites & !s.river_edges != 0 {
        return Err("map: every bridge site must be an edge of a river hex".into());
    }
    Ok(s)
}

/// Add the module's board elements to the board JSON (`Board::to_json`), so the map reads back
/// with [`parse_map`].
pub fn write_map(s: &State, board: &mut Value) {
    let g = Geometry::base();
    let hexes: Vec<Value> = bits64(s.river_hexes as u64)
        .map(|h| json!(g.hexes[h]))
        .collect();
    let sites: Vec<Value> = bits128(s.bridge_sites)
        .map(|e| {
            let (q, r, t) = g.edges[e];
            json!({"edge": [q, r, t.name()]})
        })
        .collect();
    board["pieces"] = json!({"rivers": [{"hexes": hexes}], "bridge_sites": sites});
}

/// A base map may not use the Rivers elements.
pub fn check_base_board(b: &Board) -> Result<(), String> {
    let g = Geometry::base();
    for h in 0..NH {
        if b.terrain[h] == SWAMP {
            return Err(format!(
                "swamp {} is a Rivers hex (scenario = rivers)",
                g.hex_name(h)
            ));
        }
        if b.extra_token[h] != 0 {
            return Err(format!(
                "the second token on {} is a Rivers rule (scenario = rivers)",
                g.hex_name(h)
            ));
        }
    }
    Ok(())
}

/// The Rivers board of a new game: the user's `map`, the bundled example (`board = beginner`),
/// or the random set-up of §B6.2 (rivers fixed, the 12 other hexes and the harbor kinds
/// shuffled, tokens placed from a coastal start with the 2 on the 12's hex).
pub fn new_board(
    config: &Config,
    map: Option<Value>,
    rng: &mut GameRng,
) -> Result<(Board, usize, State), GameError> {
    if let Some(m) = map {
        return parse_map(&m).map_err(|e| GameError::bad_option("map", e));
    }
    let (mut b, robber, s) = parse_map(bundled_map()).expect("bundled Rivers map is valid");
    if config.str("board") == "beginner" {
        return Ok((b, robber, s));
    }
    let g = Geometry::base();
    // Step 2: the 12 base hexes left after the removals, at random on the non-river positions.
    let base = Board::beginner();
    let mut fill: Vec<u8> = base.terrain.to_vec();
    for (t, k) in REMOVED {
        for _ in 0..k {
            if let Some(i) = fill.iter().position(|&x| x == t) {
                fill.remove(i);
            }
        }
    }
    let free: Vec<usize> = (0..NH).filter(|&h| s.river_hexes & (1 << h) == 0).collect();
    debug_assert_eq!(free.len(), fill.len());
    rng.shuffle(&mut fill);
    for (&h, &t) in free.iter().zip(fill.iter()) {
        b.terrain[h] = t;
    }
    // Harbors: the base kinds shuffled onto the base harbor edges (§A3.2 step 2).
    let edges: Vec<usize> = (0..NE).filter(|&e| base.edge_harbor[e] != NONE).collect();
    let mut kinds: Vec<u8> = edges.iter().map(|&e| base.edge_harbor[e]).collect();
    rng.shuffle(&mut kinds);
    b.edge_harbor = [NONE; crate::geometry::MAX_EDGES];
    for (&e, &k) in edges.iter().zip(kinds.iter()) {
        b.edge_harbor[e] = k;
    }
    // Step 3: the tokens without the 2 (B), then the 2 on the 12's hex.
    b.token = [0; NH];
    b.extra_token = [0; NH];
    let letters: Vec<u8> = TOKEN_LETTERS
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != 1)
        .map(|(_, &t)| t)
        .collect();
    let producing = |b: &Board, h: usize| b.terrain[h] < DESERT;
    if config.str("token_mode") == "random_no_adjacent_red" {
        let hexes: Vec<usize> = (0..NH).filter(|&h| producing(&b, h)).collect();
        let mut tokens = letters.clone();
        loop {
            rng.shuffle(&mut tokens);
            b.token = [0; NH];
            for (&h, &t) in hexes.iter().zip(tokens.iter()) {
                b.token[h] = t;
            }
            let red = |h: usize| b.token[h] == 6 || b.token[h] == 8;
            if (0..NH)
                .filter(|&h| red(h))
                .all(|h| bits64(g.hex_nbrs[h] as u64).all(|n| !red(n)))
            {
                break;
            }
        }
    } else {
        for (h, &t) in spiral_order(&b, rng).iter().zip(letters.iter()) {
            b.token[*h] = t;
        }
    }
    if let Some(h) = (0..NH).find(|&h| b.token[h] == 12) {
        b.extra_token[h] = 2;
    }
    b.derive();
    Ok((b, robber, s))
}

/// The producing hexes in the order the tokens are laid (§B6.2 step 3, engine reading): token A
/// on a coastal hex drawn uniformly among the coastal producing hexes (ring 2), then round ring 2
/// counter-clockwise, then ring 1 counter-clockwise from the ring-1 hex next to the start
/// (`ring1[i / 2]` for ring-2 position `i`, the inward neighbour of a corner), then the centre;
/// swamps are skipped.
fn spiral_order(b: &Board, rng: &mut GameRng) -> Vec<usize> {
    let g = Geometry::base();
    let id = |(q, r): (i32, i32)| g.hex_id(q, r).unwrap_or(0);
    let ring2: Vec<usize> = SPIRAL[..12].iter().map(|&x| id(x)).collect();
    let ring1: Vec<usize> = SPIRAL[12..18].iter().map(|&x| id(x)).collect();
    let starts: Vec<usize> = (0..12).filter(|&i| b.terrain[ring2[i]] < DESERT).collect();
    let i = starts[rng.below(starts.len() as u32) as usize];
    let mut order: Vec<usize> = Vec::with_capacity(NH);
    order.extend((0..12).map(|k| ring2[(i + k) % 12]));
    order.extend((0..6).map(|k| ring1[(i / 2 + k) % 6]));
    order.push(id(SPIRAL[18]));
    order.retain(|&h| b.terrain[h] < DESERT);
    order
}

// ------------------------------------------------------------------ rules

impl Catan {
    #[inline]
    pub(crate) fn setup_done(&self) -> bool {
        self.setup_step as usize >= 2 * self.n()
    }

    /// Coins of seat `p` (B6 Rivers or B8 Barbarian Attack; 0 when neither is played).
    pub fn coins(&self, p: usize) -> u32 {
        // B9 Traders & Barbarians: its gold plays the coins' part in player offers.
        if let Some(t) = &self.modules.traders {
            return t.gold.get(p).copied().unwrap_or(0);
        }
        match (&self.modules.rivers, &self.modules.barbarian_attack) {
            (Some(s), _) => s.coins.get(p).copied().unwrap_or(0),
            (_, Some(b)) => b.coins.get(p).copied().unwrap_or(0),
            _ => 0,
        }
    }

    /// B6: the seat holding the Wealthiest Settler tile.
    pub fn wealthiest_settler(&self) -> Option<usize> {
        let s = self.modules.rivers.as_ref()?;
        ((s.wealthiest as usize) < self.n()).then_some(s.wealthiest as usize)
    }

    /// B6: whether `p` holds a Poor Settler tile: after set-up, every player tied for the fewest
    /// coins (D-45).
    pub fn is_poor_settler(&self, p: usize) -> bool {
        let Some(s) = &self.modules.rivers else {
            return false;
        };
        let n = self.n();
        p < n && self.setup_done() && s.coins[p] == s.coins[..n].iter().copied().min().unwrap_or(0)
    }

    /// B6: the tiles' VP (+1 Wealthiest, −2 Poor) as a signed adjustment.
    pub(crate) fn rivers_vp(&self, p: usize) -> i32 {
        if self.modules.rivers.is_none() {
            return 0;
        }
        (self.wealthiest_settler() == Some(p)) as i32 - 2 * self.is_poor_settler(p) as i32
    }

    /// B6: hand the Wealthiest Settler tile over after a coin change (§B6.3, D-45): nobody holds
    /// it → a sole leader takes it; the holder loses it only when another player has strictly
    /// more coins, then the new sole leader takes it or it is set aside.
    pub(crate) fn update_wealthiest(&mut self) {
        let n = self.n();
        let done = self.setup_done();
        let Some(s) = self.modules.rivers.as_deref_mut() else {
            return;
        };
        if !done {
            return;
        }
        let c = &s.coins[..n];
        let m = c.iter().copied().max().unwrap_or(0);
        let sole = c.iter().filter(|&&x| x == m).count() == 1;
        let leader = c.iter().position(|&x| x == m).unwrap_or(0) as u8;
        let h = s.wealthiest as usize;
        if h < n {
            if m > c[h] {
                s.wealthiest = if sole { leader } else { NONE };
            }
        } else if sole {
            s.wealthiest = leader;
        }
    }

    pub(crate) fn add_coins(&mut self, p: usize, k: u32) {
        if let Some(s) = self.modules.rivers.as_deref_mut() {
            s.coins[p] += k;
            self.update_wealthiest();
        }
    }

    pub(crate) fn spend_coins(&mut self, p: usize, k: u32) {
        if let Some(s) = self.modules.rivers.as_deref_mut() {
            s.coins[p] -= k;
            self.update_wealthiest();
        }
    }

    /// B6: a settlement built on vertex `v` (set-up or main phase) earns a coin by a river.
    pub(crate) fn rivers_settlement_built(&mut self, p: usize, v: usize) {
        if let Some(s) = &self.modules.rivers {
            if s.river_vertices & (1u64 << v) != 0 {
                self.add_coins(p, 1);
            }
        }
    }

    /// B6: a road built on edge `e` (any source) earns a coin by a river.
    pub(crate) fn rivers_road_built(&mut self, p: usize, e: usize) {
        if let Some(s) = &self.modules.rivers {
            if s.river_edges & (1u128 << e) != 0 {
                self.add_coins(p, 1);
            }
        }
    }

    /// Bridge sites where `p` may build a bridge now.
    pub(crate) fn bridge_spots(&self, p: usize) -> u128 {
        let Some(s) = &self.modules.rivers else {
            return 0;
        };
        if s.bridges_of(p) >= MAX_BRIDGES || self.road_blocked(p) {
            return 0;
        }
        self.road_candidates(p) & s.bridge_sites
    }

    /// The coin rate of `p` in maritime trade (D-43): 4, or 3 with a generic harbor.
    pub fn coin_rate(&self, p: usize) -> u32 {
        // B8: a conquered building's harbour does not work.
        let mine = (self.settlements[p] | self.cities[p]) & !self.dead_vertices();
        if self.board.harbor_vertices[crate::board::GENERIC as usize] & mine != 0 {
            3
        } else {
            4
        }
    }

    /// Whether `p` holds `n` of good `k` (a resource, or coins for `k == COINS`).
    pub(crate) fn holds(&self, p: usize, k: usize, n: u8) -> bool {
        if k < 5 {
            self.hand[p][k] >= n
        } else {
            self.coins(p) >= n as u32
        }
    }

    /// Legality of a Rivers action in the main phase.
    pub(crate) fn rivers_legal(&self, a: Action) -> bool {
        let Some(s) = &self.modules.rivers else {
            return false;
        };
        let p = self.current as usize;
        if a < A_BUY {
            let e = (a - A_BRIDGE) as usize;
            crate::has(&self.hand[p], &COST_BRIDGE) && self.bridge_spots(p) & (1u128 << e) != 0
        } else if a < A_COIN_MARITIME {
            s.purchases < BUYS_PER_TURN
                && s.coins[p] >= BUY_PRICE
                && self.bank[(a - A_BUY) as usize] > 0
        } else if a < A_COIN_OFFER {
            s.coins[p] >= self.coin_rate(p) && self.bank[(a - A_COIN_MARITIME) as usize] > 0
        } else if a < A_BRIDGE + NUM_ACTIONS {
            let i = crate::NUM_OFFERS + (a - A_COIN_OFFER);
            let o = crate::Offer::decode(i);
            self.rules.trades
                && self.n() > 1
                && self.offers_made < self.rules.max_offers
                && self.offers_used & (1u128 << i) == 0
                && self.holds(p, o.give, o.give_n)
        } else {
            false
        }
    }

    /// The Rivers actions legal in the main phase.
    pub(crate) fn rivers_legal_into(&self, out: &mut Vec<Action>) {
        let Some(s) = &self.modules.rivers else {
            return;
        };
        let p = self.current as usize;
        if crate::has(&self.hand[p], &COST_BRIDGE) {
            for e in bits128(self.bridge_spots(p)) {
                out.push(A_BRIDGE + e as u32);
            }
        }
        if s.purchases < BUYS_PER_TURN && s.coins[p] >= BUY_PRICE {
            for r in 0..5 {
                if self.bank[r] > 0 {
                    out.push(A_BUY + r as u32);
                }
            }
        }
        if s.coins[p] >= self.coin_rate(p) {
            for r in 0..5 {
                if self.bank[r] > 0 {
                    out.push(A_COIN_MARITIME + r as u32);
                }
            }
        }
        if self.rules.trades && self.n() > 1 && self.offers_made < self.rules.max_offers {
            // Every coin offer's `holds` test at once, from a bit mask.
            let used = (self.offers_used >> crate::NUM_OFFERS) as u64;
            let m = crate::affordable_coin_offers(self.coins(p), &self.hand[p]) & !used;
            for j in crate::geometry::bits64(m) {
                out.push(A_COIN_OFFER + j as u32);
            }
        }
    }

    /// Apply a legal Rivers action (main phase).
    pub(crate) fn rivers_apply(&mut self, a: Action) {
        let p = self.current as usize;
        if a < A_BUY {
            let e = (a - A_BRIDGE) as usize;
            self.pay(p, &COST_BRIDGE);
            self.place_road(p, e);
            if let Some(s) = self.modules.rivers.as_deref_mut() {
                s.bridges[p] |= 1u128 << e;
            }
            let l = self.longest_after_build(p, e);
            if l != self.road_len[p] {
                self.road_len[p] = l;
                self.update_longest_road();
            }
            self.add_coins(p, BRIDGE_COINS);
        } else if a < A_COIN_MARITIME {
            let r = (a - A_BUY) as usize;
            if let Some(s) = self.modules.rivers.as_deref_mut() {
                s.purchases += 1;
            }
            self.spend_coins(p, BUY_PRICE);
            self.bank[r] -= 1;
            self.gain(p, r, 1);
        } else if a < A_COIN_OFFER {
            let r = (a - A_COIN_MARITIME) as usize;
            let rate = self.coin_rate(p);
            self.spend_coins(p, rate);
            self.bank[r] -= 1;
            self.gain(p, r, 1);
        } else {
            self.make_offer(crate::NUM_OFFERS + (a - A_COIN_OFFER));
        }
    }

    /// End of a turn: the purchase count starts again.
    pub(crate) fn rivers_end_turn(&mut self) {
        if let Some(s) = self.modules.rivers.as_deref_mut() {
            s.purchases = 0;
        }
    }
}

/// Label of a Rivers action.
pub fn label(g: &Catan, a: Action) -> String {
    let geo = Geometry::base();
    let p = g.current as usize;
    if a < A_BUY {
        format!("bridge {}", geo.edge_name((a - A_BRIDGE) as usize))
    } else if a < A_COIN_MARITIME {
        format!("buy {} for 2 coins", RESOURCES[(a - A_BUY) as usize])
    } else if a < A_COIN_OFFER {
        format!(
            "maritime {} coins for 1 {}",
            g.coin_rate(p),
            RESOURCES[(a - A_COIN_MARITIME) as usize]
        )
    } else {
        let o = crate::Offer::decode(crate::NUM_OFFERS + (a - A_COIN_OFFER));
        format!(
            "offer {} {} for {} {}",
            o.give_n,
            crate::good_name(o.give),
            o.get_n,
            crate::good_name(o.get)
        )
    }
}

// ------------------------------------------------------------------ position

pub fn to_pos(g: &Catan) -> Option<RiversPos> {
    let s = g.modules.rivers.as_ref()?;
    let n = g.n();
    let geo = Geometry::base();
    Some(RiversPos {
        coins: s.coins[..n].to_vec(),
        bridges: (0..n)
            .map(|p| {
                bits128(s.bridges[p])
                    .map(|e| {
                        let (q, r, t) = geo.edges[e];
                        (q, r, t.name().to_string())
                    })
                    .collect()
            })
            .collect(),
        purchases_this_turn: s.purchases,
        wealthiest_settler: g.wealthiest_settler(),
    })
}

/// Fill the module state of a loaded position (board data from the board JSON). Bridges are
/// added to the owners' roads.
pub fn from_pos(g: &mut Catan, board: &Value, pos: Option<&RiversPos>) -> Result<(), String> {
    if g.rules.scenario != crate::Scenario::Rivers {
        if pos.is_some() {
            return Err("Rivers state given but the scenario is not rivers".into());
        }
        return check_base_board(&g.board);
    }
    let mut s = parse_rivers(board, &g.board)?;
    let n = g.n();
    let geo = Geometry::base();
    if let Some(rp) = pos {
        if rp.coins.len() > n || rp.bridges.len() > n {
            return Err(format!("rivers: coins and bridges list at most {n} seats"));
        }
        for (p, &c) in rp.coins.iter().enumerate() {
            s.coins[p] = c;
        }
        for (p, list) in rp.bridges.iter().enumerate() {
            for (q, r, d) in list {
                let (cq, cr, ct) =
                    canonical_edge(*q, *r, d).ok_or(format!("rivers: bridge direction '{d}'"))?;
                let e = geo
                    .edge_id(cq, cr, ct)
                    .ok_or(format!("rivers: bridge {d}({q},{r}) is not on the board"))?;
                if g.all_roads & (1u128 << e) != 0 {
                    return Err(format!(
                        "rivers: bridge on occupied edge {}",
                        geo.edge_name(e)
                    ));
                }
                s.bridges[p] |= 1u128 << e;
                g.roads[p] |= 1u128 << e;
                g.all_roads |= 1u128 << e;
            }
        }
        s.purchases = rp.purchases_this_turn;
        if let Some(w) = rp.wealthiest_settler {
            if w >= n {
                return Err(format!("rivers: wealthiest_settler {w} is not a seat"));
            }
            s.wealthiest = w as u8;
        }
    }
    g.modules.rivers = Some(Box::new(s));
    Ok(())
}

/// Check the module state of a loaded game.
pub fn validate(g: &Catan) -> Result<(), String> {
    let Some(s) = &g.modules.rivers else {
        if g.rules.scenario == crate::Scenario::Rivers {
            return Err("scenario rivers without its state".into());
        }
        if g.offers_used >> crate::NUM_OFFERS != 0 && g.modules.traders.is_none() {
            return Err("offers with coins need scenario rivers".into());
        }
        return check_base_board(&g.board);
    };
    let n = g.n();
    let geo = Geometry::base();
    for p in 0..MAX_PLAYERS {
        let b = s.bridges[p];
        if p >= n && (b != 0 || s.coins[p] != 0) {
            return Err(format!(
                "rivers: seat {p} does not exist but has coins or bridges"
            ));
        }
        if b & !s.bridge_sites != 0 {
            return Err(format!(
                "rivers: player {p} has a bridge off the bridge sites"
            ));
        }
        if b.count_ones() > MAX_BRIDGES {
            return Err(format!("rivers: player {p} has more than 3 bridges"));
        }
        let plain = g.roads[p] & !b;
        if plain & s.bridge_sites != 0 {
            return Err(format!(
                "rivers: player {p} has a road on a bridge site ({}); roads may not cross a river",
                geo.edge_name((plain & s.bridge_sites).trailing_zeros() as usize)
            ));
        }
        if plain.count_ones() > crate::MAX_ROADS {
            return Err(format!("player {p} has more than 15 roads"));
        }
    }
    if s.purchases > BUYS_PER_TURN {
        return Err("rivers: at most 2 coin purchases per turn".into());
    }
    if s.purchases > 0 && !g.rolled {
        return Err("rivers: coin purchases happen after the roll".into());
    }
    let c = &s.coins[..n];
    let m = c.iter().copied().max().unwrap_or(0);
    let at_max = c.iter().filter(|&&x| x == m).count();
    let h = s.wealthiest as usize;
    if !g.setup_done() {
        if s.wealthiest != NONE {
            return Err("rivers: the Wealthiest Settler is handed out after set-up".into());
        }
    } else if h < n {
        if c[h] != m {
            return Err(format!(
                "rivers: player {h} holds the Wealthiest Settler with {} coins but {m} is the most",
                c[h]
            ));
        }
    } else if s.wealthiest != NONE {
        return Err("rivers: wealthiest_settler is not a seat".into());
    } else if at_max == 1 {
        return Err(
            "rivers: a single player has the most coins but nobody holds the Wealthiest Settler"
                .into(),
        );
    }
    Ok(())
}

// ------------------------------------------------------------------ observation

pub fn observe(g: &Catan, o: &mut Value) {
    let Some(s) = &g.modules.rivers else {
        return;
    };
    let geo = Geometry::base();
    let n = g.n();
    o["rivers"] = json!({
        "river_hexes": bits64(s.river_hexes as u64).map(|h| geo.hexes[h]).collect::<Vec<_>>(),
        "bridge_sites": bits128(s.bridge_sites).map(|e| geo.edge_name(e)).collect::<Vec<_>>(),
        "coin_purchases_this_turn": s.purchases,
        "wealthiest_settler": g.wealthiest_settler(),
    });
    for p in 0..n {
        let v = &mut o["players"][p];
        v["coins"] = json!(s.coins[p]);
        v["bridges"] = json!(bits128(s.bridges[p])
            .map(|e| geo.edge_name(e))
            .collect::<Vec<_>>());
        v["poor_settler"] = json!(g.is_poor_settler(p));
        v["wealthiest_settler"] = json!(s.wealthiest as usize == p);
    }
}

/// Tensor block (after the base tensor): per hex river, swamp, second token (3 × 19); per edge
/// bridge site and bridge by slot (5 × 72); per slot coins / 10, Poor Settler, Wealthiest Settler,
/// bridges left (4 × 4); robber beside the board; coin purchases left this turn; coin offer on
/// the table one-hot (40); coin offers made this turn (40).
pub const TENSOR_LEN: usize = 3 * NH + 5 * NE + 16 + 2 + 40 + 40;

pub fn tensor(g: &Catan, seat: usize, out: &mut [f32]) {
    let Some(s) = &g.modules.rivers else {
        return;
    };
    let n = g.n();
    let slot = |p: usize| (p + n - seat) % n;
    let mut o = 0;
    for h in 0..NH {
        out[o] = (s.river_hexes & (1 << h) != 0) as u8 as f32;
        out[o + 1] = (g.board.terrain[h] == SWAMP) as u8 as f32;
        out[o + 2] = (g.board.extra_token[h] != 0) as u8 as f32;
        o += 3;
    }
    for e in 0..NE {
        out[o] = (s.bridge_sites & (1u128 << e) != 0) as u8 as f32;
        for p in 0..n {
            if s.bridges[p] & (1u128 << e) != 0 {
                out[o + 1 + slot(p)] = 1.0;
            }
        }
        o += 5;
    }
    for p in 0..n {
        let b = o + 4 * slot(p);
        out[b] = s.coins[p] as f32 / 10.0;
        out[b + 1] = g.is_poor_settler(p) as u8 as f32;
        out[b + 2] = (s.wealthiest as usize == p) as u8 as f32;
        out[b + 3] = (MAX_BRIDGES - s.bridges_of(p)) as f32;
    }
    o += 16;
    out[o] = (g.robber as usize >= NH) as u8 as f32;
    out[o + 1] = BUYS_PER_TURN.saturating_sub(s.purchases) as f32;
    o += 2;
    if matches!(g.phase, Phase::TradeResponse | Phase::TradeDecision)
        && g.offer as u32 >= crate::NUM_OFFERS
    {
        out[o + (g.offer as usize - crate::NUM_OFFERS as usize).min(39)] = 1.0;
    }
    o += 40;
    for j in 0..40 {
        if g.offers_used & (1u128 << (crate::NUM_OFFERS as usize + j)) != 0 {
            out[o + j] = 1.0;
        }
    }
    o += 40;
    debug_assert_eq!(o, TENSOR_LEN);
}

/// The bridge cost is indexed by resource id (lumber 0, brick 1).
const _: () = assert!(LUMBER == 0 && BRICK == 1);

/// B6's line of the text rendering.
pub(crate) fn render(g: &Catan, s: &mut String) {
    let geo = g.geo();
    let n = g.n();
    if let Some(r) = &g.modules.rivers {
        s.push_str(&format!(
            "rivers: coins {:?}, bridges {:?}, wealthiest {}, poor {:?}, robber {}, purchases {}\n",
            &r.coins[..n],
            (0..n).map(|p| r.bridges_of(p)).collect::<Vec<_>>(),
            g.wealthiest_settler()
                .map_or("nobody".to_string(), |p| format!("player {p}")),
            (0..n).filter(|&p| g.is_poor_settler(p)).collect::<Vec<_>>(),
            g.robber_hex()
                .map_or("beside the board".to_string(), |h| geo.hex_name(h)),
            r.purchases,
        ));
    }
}
