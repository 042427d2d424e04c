//! Traders & Barbarians B4: Catan for Two (spec §B4; decisions D-20..D-27, D-14 with the event
//! cards).
//!
//! Seats 0 and 1 are the two real players. The two neutral players N1 and N2 live in the unused
//! seats 2 and 3 of the piece arrays (`settlements`, `roads`, `road_len`): the base code's
//! distance rule, road connection and blocking, broken roads and Longest Road then apply to them
//! unchanged (`road_seats()` is 4 with this module). Every loop over *players* (hands,
//! production, discards, victims, VP) still runs over `0..n()` = the real players, so neutrals
//! never hold cards, never produce and are never stolen from.
//!
//! Hooks for the scenarios' Catan-for-Two rules (each is a `match self.rules.scenario`):
//! - [`Catan::tokens_used`]: whether trade tokens are in play at all (Fishermen: no, fish instead).
//! - [`Catan::token_desert_hexes`]: what counts as "the desert" for the token gains (D-27).
//! - [`Catan::settlement_tokens`]: the tokens a new settlement earns (add scenario gains there).
//! - [`Catan::token_robber_hexes`]: where the "robber to the desert" token action may send the
//!   robber. A scenario whose token action is something else (beside the board, move a
//!   barbarian) returns 0 there and numbers its own action in its range, gated and paid with
//!   [`Catan::may_take_token_action`] / [`Catan::token_price`] / [`Catan::pay_token_action`].
//! - [`Catan::two_after_own_build`]: call it after every road or settlement a real player builds
//!   by any means (D-26); it earns the tokens and enters the neutral build.
//! - [`NEUTRALS`]: the neutral seats, e.g. for tolls on neutral roads.

use crate::geometry::{bits128, bits64, NE, NH, NONE, NV};
use crate::position::names::{eid, ename, vid, vname};
use crate::{Catan, Phase, Scenario, A_GIVE, A_TWO, C_STEAL, KNIGHT, MAX_ROADS, MAX_SETTLEMENTS};
use meeple_core::Action;
use serde_json::Value;
use state::start_tokens;
pub use state::{NeutralPos, State, TwoPos, TOKENS_START};

mod state;
pub(crate) mod view;

/// The neutral players' seats in the piece arrays (N1, N2).
pub const NEUTRALS: [usize; 2] = [2, 3];
pub const NEUTRAL_NAMES: [&str; 2] = ["N1", "N2"];
/// §B4: 20 trade tokens, 5 to each player at the start, the rest in a finite supply (D-25).
pub const TOKENS_TOTAL: u8 = 20;
/// D-20 placeholder for the neutral start settlements when the map gives none: `N(0,-1)` and
/// `S(0,1)` (the bundled `catan_for_two` map carries the same two).
pub const DEFAULT_NEUTRAL_START: [(i32, i32, &str); 2] = [(0, -1, "N"), (0, 1, "S")];

/// Neutral settlement `k` (0 = N1, 1 = N2) on vertex `v`: `A_NEUTRAL_SETTLE + k*54 + v`.
pub const A_NEUTRAL_SETTLE: u32 = A_TWO;
/// Neutral road `k` on edge `e`: `A_NEUTRAL_ROAD + k*72 + e`.
pub const A_NEUTRAL_ROAD: u32 = A_NEUTRAL_SETTLE + 2 * NV as u32;
/// Token action: forced trade (D-23).
pub const A_FORCED_TRADE: u32 = A_NEUTRAL_ROAD + 2 * NE as u32;
/// Token action: move the robber to land hex `h` (the desert by default, D-24).
pub const A_TOKEN_ROBBER: u32 = A_FORCED_TRADE + 1;
/// Once a turn: discard a face-up Knight for 2 tokens.
pub const A_KNIGHT_TOKENS: u32 = A_TOKEN_ROBBER + NH as u32;
/// Action ids this module numbers (from [`crate::A_TWO`]).
pub const NUM_ACTIONS: u32 = 2 * NV as u32 + 2 * NE as u32 + 1 + NH as u32 + 1;
const _: () = assert!(NUM_ACTIONS == crate::ids::NUM_TWO_ACTIONS);

/// Neutral build pending after a real player's build.
pub const BUILD_NONE: u8 = 0;
pub const BUILD_ROAD: u8 = 1;
pub const BUILD_SETTLEMENT: u8 = 2;

/// Length of the module's tensor block (see `docs/games/catan.md`).
pub const TENSOR_LEN: usize = 2 * NV + 2 * NE + 2 + 2 + 2 + 2 + 1 + 1 + 11 + 1 + 2 + 1 + 3 + 2 + 2;

impl Catan {
    #[inline]
    fn two_ref(&self) -> Option<&State> {
        self.modules.two.as_deref()
    }

    /// The other real player.
    #[inline]
    pub(crate) fn two_opponent(&self) -> usize {
        1 - (self.current as usize).min(1)
    }

    /// Hook: whether the trade tokens are in play (§B5.6: Fishermen uses fish instead).
    pub fn tokens_used(&self) -> bool {
        self.rules.two && self.rules.scenario != Scenario::Fishermen
    }

    /// Trade tokens of real player `p` (0 when the module is off).
    pub fn tokens(&self, p: usize) -> u8 {
        self.two_ref()
            .map_or(0, |t| t.tokens.get(p).copied().unwrap_or(0))
    }

    /// Tokens left in the supply.
    pub fn token_supply(&self) -> u8 {
        self.two_ref().map_or(0, |t| {
            TOKENS_TOTAL.saturating_sub(t.tokens[0].saturating_add(t.tokens[1]))
        })
    }

    /// Hook (D-27): the hexes that count as the desert for the token gains. Rivers (a swamp) and
    /// Caravans (the oasis) add their arm here.
    pub fn token_desert_hexes(&self) -> u32 {
        match self.rules.scenario {
            // §B6.4, D-27: in Rivers the swamps stand for the desert (2 tokens next to one, 3
            // next to a swamp on the coast; the token robber action sends it to a swamp).
            Scenario::Rivers => self.board.hexes_of(crate::board::SWAMP),
            // D-27 (cfg): the oasis replaces the desert.
            Scenario::Caravans => self.modules.caravans.as_ref().map_or(0, |c| {
                if c.opts.oasis_tokens {
                    1u32 << c.oasis
                } else {
                    0
                }
            }),
            _ => self.board.hexes_of(crate::board::DESERT),
        }
    }

    /// Hook (§B4.4): the tokens a real player's new settlement on `v` earns: 2 next to the
    /// desert, 1 on the coast, 3 next to both (D-27). Scenario gains are added here.
    pub fn settlement_tokens(&self, v: usize) -> u8 {
        if !self.tokens_used() {
            return 0;
        }
        let hexes = self.geo().vertex_hexes[v];
        let deserts = self.token_desert_hexes();
        let desert = hexes
            .iter()
            .any(|&h| h != NONE && deserts & (1u32 << h) != 0);
        let coast = hexes.contains(&NONE);
        let base = match (desert, coast) {
            (true, true) => 3,
            (true, false) => 2,
            (false, true) => 1,
            (false, false) => 0,
        };
        let extra = match self.rules.scenario {
            // §B9.12 item 3: 1 more next to a trade hex.
            Scenario::TradersBarbarians => self.tb_trade_hex_tokens(v),
            _ => 0,
        };
        base + extra
    }

    /// Hook (D-24): where the token robber action may send the robber: the desert, never the
    /// robber's own hex. A scenario whose token action is not "robber to a hex" returns 0 here.
    pub fn token_robber_hexes(&self) -> u32 {
        if !self.tokens_used() {
            return 0;
        }
        let m = match self.rules.scenario {
            // §B7.6: beside the board instead (`caravans::A_TOKEN_ROBBER_OFF`).
            Scenario::Caravans => 0,
            // §B8.10 item 3: no robber; a barbarian moves (`barbarian_attack::A_TOKEN_FROM`).
            Scenario::BarbarianAttack => 0,
            // §B9.12 item 2: a barbarian move instead (`traders_two::TB_TOKEN_BARBARIAN`).
            Scenario::TradersBarbarians => 0,
            _ => self.token_desert_hexes(),
        };
        // The robber may stand beside the board (`ROBBER_OFF`) in some scenarios.
        match self.robber_hex() {
            Some(h) => m & !(1u32 << h),
            None => m,
        }
    }

    /// §B4.4: a token action costs 1 token if the payer's public VP are at most the opponent's,
    /// else 2 (G-1).
    pub fn token_price(&self, p: usize) -> u8 {
        let o = 1 - p.min(1);
        if self.public_vp(p) <= self.public_vp(o) {
            1
        } else {
            2
        }
    }

    /// Whether the player to move may take a token action now: main phase, tokens in play, the
    /// price in hand, under the `max_token_actions` limit (D-22).
    pub fn may_take_token_action(&self) -> bool {
        let Some(t) = self.two_ref() else {
            return false;
        };
        let p = self.current as usize;
        self.tokens_used()
            && self.phase == Phase::Main
            && p < 2
            && t.tokens[p] >= self.token_price(p)
            && (self.rules.max_token_actions == 0 || t.token_actions < self.rules.max_token_actions)
    }

    /// Pay the price of a token action (tokens back to the supply) and count it.
    pub fn pay_token_action(&mut self) {
        let p = self.current as usize;
        let price = self.token_price(p);
        if let Some(t) = self.modules.two.as_deref_mut() {
            t.tokens[p] = t.tokens[p].saturating_sub(price);
            t.token_actions = t.token_actions.saturating_add(1);
        }
    }

    /// Real player `p` takes up to `k` tokens from the supply (finite, D-25).
    pub fn gain_tokens(&mut self, p: usize, k: u8) {
        let k = k.min(self.token_supply());
        if let Some(t) = self.modules.two.as_deref_mut() {
            if p < 2 {
                t.tokens[p] += k;
            }
        }
    }

    /// D-23: cards changing hands each way in a forced trade now (0 = not possible).
    pub fn forced_trade_size(&self) -> u8 {
        let p = self.current as usize;
        let o = self.two_opponent();
        2.min(self.hand_size(p)).min(self.hand_size(o)) as u8
    }

    // ----- hooks called from lib.rs -----

    /// Set up: tokens to each player and the neutral start settlements (D-20) from the map's
    /// `pieces.neutral_settlements`, or the default vertices.
    pub(crate) fn two_setup(&mut self, map: Option<&Value>) -> Result<(), String> {
        self.modules.two = Some(Box::new(State {
            tokens: [TOKENS_START; 2],
            ..State::default()
        }));
        let given = map
            .and_then(|m| m.get("pieces"))
            .and_then(|p| p.get("neutral_settlements"));
        let mut starts = Vec::new();
        match given {
            None => {
                for (q, r, t) in DEFAULT_NEUTRAL_START {
                    starts.push(vid(self.geo(), &(q, r, t.to_string()))?);
                }
            }
            Some(list) => {
                let list = list
                    .as_array()
                    .ok_or("map: pieces.neutral_settlements must be a list")?;
                if list.len() != 2 {
                    return Err(format!(
                        "map: pieces.neutral_settlements lists {} settlements; Catan for Two needs one per neutral player (2)",
                        list.len()
                    ));
                }
                for (i, s) in list.iter().enumerate() {
                    let vx = s.get("vertex").unwrap_or(s);
                    let x: (i32, i32, String) =
                        serde_json::from_value(vx.clone()).map_err(|_| {
                            format!(
                                "map: neutral settlement #{i} needs a vertex [q, r, \"N\"|\"S\"]"
                            )
                        })?;
                    starts.push(
                        vid(self.geo(), &x)
                            .map_err(|e| format!("map: neutral settlement #{i}: {e}"))?,
                    );
                }
            }
        }
        if starts[0] == starts[1] || self.geo().vertex_nbrs[starts[0]] & (1u64 << starts[1]) != 0 {
            return Err("map: the two neutral start settlements break the distance rule".into());
        }
        for &v in &starts {
            if self.geo().buildable & (1u64 << v) == 0 {
                return Err(format!(
                    "map: neutral start settlement {} is not a buildable vertex (a plaza)",
                    self.geo().vertex_name(v)
                ));
            }
        }
        for (k, &v) in starts.iter().enumerate() {
            self.settlements[NEUTRALS[k]] |= 1u64 << v;
        }
        Ok(())
    }

    /// Development cards of kind `k` out of the game (Knights discarded for tokens).
    pub(crate) fn dev_out_of_game(&self, k: usize) -> u32 {
        match self.two_ref() {
            Some(t) if k == KNIGHT => t.knights_discarded[0] as u32 + t.knights_discarded[1] as u32,
            _ => 0,
        }
    }

    /// A new turn: the per-turn counters restart.
    pub(crate) fn two_new_turn(&mut self) {
        if let Some(t) = self.modules.two.as_deref_mut() {
            t.rolls = 0;
            t.first_roll = 0;
            t.knight_discarded = false;
            t.token_actions = 0;
            t.epidemic = false;
        }
    }

    /// A roll (or event card) with number `num` is made.
    pub(crate) fn two_note_roll(&mut self, num: u8) {
        if let Some(t) = self.modules.two.as_deref_mut() {
            t.rolls = (t.rolls + 1).min(2);
            if t.rolls == 1 {
                t.first_roll = num;
            }
        }
    }

    /// D-21: the first roll is resolved and the second is still to come.
    #[inline]
    pub(crate) fn two_second_roll_due(&self) -> bool {
        self.two_ref().is_some_and(|t| t.rolls == 1)
    }

    /// The dice sum the second roll must differ from (0 when there is none).
    #[inline]
    pub(crate) fn two_first_roll(&self) -> usize {
        match self.two_ref() {
            Some(t) if t.rolls == 1 => t.first_roll as usize,
            _ => 0,
        }
    }

    /// D-14: the second event card repeats the first card's number: no production (and a second
    /// Robber Attacks is not resolved at all).
    pub(crate) fn two_skip_production(&self) -> bool {
        self.two_ref()
            .is_some_and(|t| t.rolls == 2 && t.first_roll == self.last_roll)
    }

    /// B2 Epidemic with two cards a turn: it holds for the rest of the turn. Returns whether
    /// cities produce 1 now (`card_epidemic`: the card being produced is an Epidemic).
    pub(crate) fn two_epidemic(&mut self, card_epidemic: bool) -> bool {
        match self.modules.two.as_deref_mut() {
            Some(t) => {
                t.epidemic |= card_epidemic;
                t.epidemic
            }
            None => card_epidemic,
        }
    }

    /// Token gain for a real player's settlement on `v` (set-up and later).
    pub(crate) fn two_settlement_tokens(&mut self, p: usize, v: usize) {
        if self.tokens_used() && p < 2 {
            let k = self.settlement_tokens(v);
            self.gain_tokens(p, k);
        }
    }

    fn neutral_settlement_spots(&self, k: usize) -> u64 {
        let s = NEUTRALS[k];
        if self.settlements[s].count_ones() >= MAX_SETTLEMENTS {
            0
        } else {
            self.settlement_spots(s)
        }
    }

    fn neutral_road_spots(&self, k: usize) -> u128 {
        let s = NEUTRALS[k];
        if self.roads[s].count_ones() >= MAX_ROADS {
            0
        } else {
            self.road_spots(s)
        }
    }

    /// After real player `p` built a settlement on `v` (`Some`) or a road (`None`) outside
    /// set-up, by any means: the settlement's tokens, then the free neutral piece (§B4.3): a
    /// neutral settlement for a settlement (a neutral road when no neutral settlement is legal),
    /// a neutral road for a road (D-26). Returns whether the neutral build phase was entered
    /// (the caller's own follow-up then waits; `resume_road_building` says Road Building goes
    /// on after it). With no legal neutral piece nothing happens.
    pub fn two_after_own_build(
        &mut self,
        p: usize,
        settlement: Option<usize>,
        resume_road_building: bool,
    ) -> bool {
        if !self.rules.two || p >= 2 {
            return false;
        }
        if let Some(v) = settlement {
            self.two_settlement_tokens(p, v);
        }
        let any_settle = (0..2).any(|k| self.neutral_settlement_spots(k) != 0);
        let any_road = (0..2).any(|k| self.neutral_road_spots(k) != 0);
        let kind = if settlement.is_some() && any_settle {
            BUILD_SETTLEMENT
        } else if any_road {
            BUILD_ROAD
        } else {
            return false;
        };
        if let Some(t) = self.modules.two.as_deref_mut() {
            t.neutral_build = kind;
            t.resume_road_building = resume_road_building;
        }
        self.phase = Phase::NeutralBuild;
        true
    }

    /// Legal actions of this module in the current phase (appended, ascending).
    pub(crate) fn two_legal(&self, out: &mut Vec<Action>) {
        let Some(t) = self.two_ref() else {
            return;
        };
        let p = self.current as usize;
        match self.phase {
            Phase::NeutralBuild => {
                for k in 0..2 {
                    if t.neutral_build == BUILD_SETTLEMENT {
                        for v in bits64(self.neutral_settlement_spots(k)) {
                            out.push(A_NEUTRAL_SETTLE + (k * NV + v) as u32);
                        }
                    } else if self.modules.traders.is_some() {
                        // B9 boards have edges past 72 (ids in the scenario's range).
                        self.tb_neutral_road_ids(k, self.neutral_road_spots(k), out);
                    } else {
                        for e in bits128(self.neutral_road_spots(k)) {
                            out.push(A_NEUTRAL_ROAD + (k * NE + e) as u32);
                        }
                    }
                }
            }
            Phase::ForcedTake => {
                let o = self.two_opponent();
                for r in 0..5 {
                    if self.hand[o][r] > 0 {
                        out.push(C_STEAL + r as u32);
                    }
                }
            }
            Phase::ForcedGive => {
                for r in 0..5 {
                    if self.hand[p][r] > 0 {
                        out.push(A_GIVE + r as u32);
                    }
                }
            }
            Phase::Main => {
                if self.may_take_token_action() {
                    if self.forced_trade_size() > 0 {
                        out.push(A_FORCED_TRADE);
                    }
                    for h in bits64(self.token_robber_hexes() as u64) {
                        out.push(A_TOKEN_ROBBER + h as u32);
                    }
                }
                if self.may_discard_knight() {
                    out.push(A_KNIGHT_TOKENS);
                }
            }
            _ => {}
        }
    }

    fn may_discard_knight(&self) -> bool {
        let p = self.current as usize;
        self.two_ref().is_some_and(|t| {
            self.tokens_used()
                && self.phase == Phase::Main
                && !t.knight_discarded
                && self.dev_played[p][KNIGHT] > 0
                // A discard with an empty supply would gain nothing (a no-op, as D-24 avoids).
                && self.token_supply() > 0
        })
    }

    /// Whether `a` is legal in the current phase (the same rules as [`Catan::two_legal`]).
    pub(crate) fn two_is_legal(&self, a: Action) -> bool {
        let Some(t) = self.two_ref() else {
            return false;
        };
        let p = self.current as usize;
        match self.phase {
            Phase::NeutralBuild => {
                if (A_NEUTRAL_SETTLE..A_NEUTRAL_ROAD).contains(&a) {
                    let i = (a - A_NEUTRAL_SETTLE) as usize;
                    t.neutral_build == BUILD_SETTLEMENT
                        && self.neutral_settlement_spots(i / NV) & (1u64 << (i % NV)) != 0
                } else if let Some((k, e)) = self.neutral_road_of(a) {
                    t.neutral_build == BUILD_ROAD && self.neutral_road_spots(k) & (1u128 << e) != 0
                } else {
                    false
                }
            }
            Phase::ForcedTake => {
                (C_STEAL..C_STEAL + 5).contains(&a)
                    && self.hand[self.two_opponent()][(a - C_STEAL) as usize] > 0
            }
            Phase::ForcedGive => {
                (A_GIVE..A_GIVE + 5).contains(&a) && self.hand[p][(a - A_GIVE) as usize] > 0
            }
            Phase::Main => {
                if a == A_FORCED_TRADE {
                    self.may_take_token_action() && self.forced_trade_size() > 0
                } else if (A_TOKEN_ROBBER..A_KNIGHT_TOKENS).contains(&a) {
                    self.may_take_token_action()
                        && self.token_robber_hexes() & (1u32 << (a - A_TOKEN_ROBBER)) != 0
                } else if a == A_KNIGHT_TOKENS {
                    self.may_discard_knight()
                } else {
                    false
                }
            }
            _ => false,
        }
    }

    /// Apply a legal action of this module.
    pub(crate) fn apply_two(&mut self, a: Action) {
        let p = self.current as usize;
        let o = self.two_opponent();
        match self.phase {
            Phase::NeutralBuild => {
                if a < A_NEUTRAL_ROAD {
                    let i = (a - A_NEUTRAL_SETTLE) as usize;
                    let (s, v) = (NEUTRALS[i / NV], i % NV);
                    self.place_settlement(s, v);
                    self.settlement_breaks_roads(s, v);
                } else {
                    let (k, e) = self.neutral_road_of(a).unwrap_or((0, 0));
                    let s = NEUTRALS[k];
                    self.place_road(s, e);
                    let l = self.longest_after_build(s, e);
                    if l != self.road_len[s] {
                        self.road_len[s] = l;
                        self.update_longest_road();
                    }
                }
                let resume = match self.modules.two.as_deref_mut() {
                    Some(t) => {
                        t.neutral_build = BUILD_NONE;
                        std::mem::take(&mut t.resume_road_building)
                    }
                    None => false,
                };
                if resume {
                    self.road_building_next();
                } else {
                    self.phase = Phase::Main;
                }
            }
            Phase::ForcedTake => {
                let r = (a - C_STEAL) as usize;
                self.steal_card(p, o, r);
                let left = self.modules.two.as_deref_mut().map_or(0, |t| {
                    t.forced_take -= 1;
                    t.forced_take
                });
                if left == 0 {
                    self.phase = Phase::ForcedGive;
                }
            }
            Phase::ForcedGive => {
                let r = (a - A_GIVE) as usize;
                // Only the two players are at the table: both see the card (E2).
                self.steal_card(o, p, r);
                let left = self.modules.two.as_deref_mut().map_or(0, |t| {
                    t.forced_give -= 1;
                    t.forced_give
                });
                if left == 0 {
                    self.phase = Phase::Main;
                }
            }
            Phase::Main => {
                if a == A_FORCED_TRADE {
                    let n = self.forced_trade_size();
                    self.pay_token_action();
                    if let Some(t) = self.modules.two.as_deref_mut() {
                        t.forced_take = n;
                        t.forced_give = n;
                    }
                    self.phase = Phase::ForcedTake;
                } else if a < A_KNIGHT_TOKENS {
                    self.pay_token_action();
                    self.robber = (a - A_TOKEN_ROBBER) as u8;
                } else {
                    self.discard_knight_for_tokens(p);
                }
            }
            _ => {}
        }
    }

    /// §B4.4: discard one face-up Knight for 2 tokens. If the discarder holds Largest Army and
    /// then has at most 2 Knights or no more than the opponent, the card is set aside; the
    /// player with strictly the most Knights (at least 3) then takes it (EX-18).
    fn discard_knight_for_tokens(&mut self, p: usize) {
        self.dev_played[p][KNIGHT] -= 1;
        if let Some(t) = self.modules.two.as_deref_mut() {
            t.knight_discarded = true;
            t.knights_discarded[p] += 1;
        }
        self.gain_tokens(p, 2);
        if self.largest_army as usize == p {
            let o = 1 - p;
            let (mine, theirs) = (self.dev_played[p][KNIGHT], self.dev_played[o][KNIGHT]);
            if mine <= 2 || theirs >= mine {
                self.largest_army = if theirs > mine && theirs >= 3 {
                    o as u8
                } else {
                    crate::geometry::NONE
                };
            }
        }
    }
}

// ----------------------------------------------------------------- position

pub(crate) fn to_pos(g: &Catan) -> Option<TwoPos> {
    let t = g.two_ref()?;
    Some(TwoPos {
        tokens: t.tokens,
        neutrals: Some(
            NEUTRALS
                .iter()
                .map(|&s| NeutralPos {
                    settlements: bits64(g.settlements[s])
                        .map(|v| vname(g.geo(), v))
                        .collect(),
                    roads: bits128(g.roads[s]).map(|e| ename(g.geo(), e)).collect(),
                })
                .collect(),
        ),
        rolls: t.rolls,
        first_roll: (t.rolls > 0).then_some(t.first_roll),
        knight_discarded: t.knight_discarded,
        knights_discarded: t.knights_discarded,
        token_actions: t.token_actions,
        neutral_build: match t.neutral_build {
            BUILD_ROAD => Some("road".into()),
            BUILD_SETTLEMENT => Some("settlement".into()),
            _ => None,
        },
        resume_road_building: t.resume_road_building,
        forced_take: t.forced_take,
        forced_give: t.forced_give,
        epidemic: t.epidemic,
    })
}

/// Load the module's part of a position (pieces into seats 2 and 3). `pos` `None` = the start
/// of a game. Called before the derived tables are rebuilt.
pub(crate) fn from_pos(g: &mut Catan, pos: Option<&TwoPos>) -> Result<(), String> {
    if !g.rules.two {
        return match pos {
            Some(_) => Err("Catan for Two state ('two') given but the game is not for 2".into()),
            None => Ok(()),
        };
    }
    let default = TwoPos {
        tokens: start_tokens(),
        neutrals: None,
        rolls: 0,
        first_roll: None,
        knight_discarded: false,
        knights_discarded: [0; 2],
        token_actions: 0,
        neutral_build: None,
        resume_road_building: false,
        forced_take: 0,
        forced_give: 0,
        epidemic: false,
    };
    let pos = pos.unwrap_or(&default);
    let neutral_build = match pos.neutral_build.as_deref() {
        None => BUILD_NONE,
        Some("road") => BUILD_ROAD,
        Some("settlement") => BUILD_SETTLEMENT,
        Some(x) => {
            return Err(format!(
                "two.neutral_build '{x}' must be road or settlement"
            ))
        }
    };
    if let Some(r) = pos.first_roll {
        if !(2..=12).contains(&r) {
            return Err(format!("two.first_roll {r} is not 2..12"));
        }
    }
    g.modules.two = Some(Box::new(State {
        tokens: pos.tokens,
        rolls: pos.rolls,
        first_roll: pos.first_roll.unwrap_or(0),
        knight_discarded: pos.knight_discarded,
        knights_discarded: pos.knights_discarded,
        token_actions: pos.token_actions,
        neutral_build,
        resume_road_building: pos.resume_road_building,
        forced_take: pos.forced_take,
        forced_give: pos.forced_give,
        epidemic: pos.epidemic,
    }));
    match &pos.neutrals {
        None => {
            for (k, (q, r, t)) in DEFAULT_NEUTRAL_START.iter().enumerate() {
                let v = vid(g.geo(), &(*q, *r, t.to_string()))?;
                place_loaded(g, NEUTRALS[k], Some(v), None)?;
            }
        }
        Some(list) => {
            if list.len() != 2 {
                return Err(format!("two.neutrals lists {} players, not 2", list.len()));
            }
            for (k, np) in list.iter().enumerate() {
                let name = NEUTRAL_NAMES[k];
                if np.settlements.len() > MAX_SETTLEMENTS as usize
                    || np.roads.len() > MAX_ROADS as usize
                {
                    return Err(format!(
                        "neutral {name} has more pieces than the supply (15 roads, 5 settlements)"
                    ));
                }
                for x in &np.settlements {
                    let v =
                        vid(g.geo(), x).map_err(|e| format!("neutral {name} settlement: {e}"))?;
                    place_loaded(g, NEUTRALS[k], Some(v), None)?;
                }
                for x in &np.roads {
                    let e = eid(g.geo(), x).map_err(|e| format!("neutral {name} road: {e}"))?;
                    place_loaded(g, NEUTRALS[k], None, Some(e))?;
                }
            }
        }
    }
    Ok(())
}

fn place_loaded(g: &mut Catan, s: usize, v: Option<usize>, e: Option<usize>) -> Result<(), String> {
    let geo = g.geo();
    if let Some(v) = v {
        if g.occupied & (1u64 << v) != 0 {
            return Err(format!("two buildings on vertex {}", geo.vertex_name(v)));
        }
        if geo.buildable & (1u64 << v) == 0 {
            return Err(format!(
                "neutral settlement on {}, which takes no building",
                geo.vertex_name(v)
            ));
        }
        g.occupied |= 1u64 << v;
        g.settlements[s] |= 1u64 << v;
    }
    if let Some(e) = e {
        if g.all_roads & (1u128 << e) != 0 {
            return Err(format!("two roads on edge {}", geo.edge_name(e)));
        }
        g.all_roads |= 1u128 << e;
        g.roads[s] |= 1u128 << e;
    }
    Ok(())
}

/// Check the module's state (called by `validate`).
pub(crate) fn validate(g: &Catan) -> Result<(), String> {
    let in_phase = matches!(
        g.phase,
        Phase::NeutralBuild | Phase::ForcedTake | Phase::ForcedGive
    );
    let Some(t) = g.two_ref() else {
        if in_phase {
            return Err("a Catan for Two phase but the game is not for 2".into());
        }
        return Ok(());
    };
    if g.n() != 2 {
        return Err("Catan for Two is played by 2 players".into());
    }
    if t.tokens[0] as u32 + t.tokens[1] as u32 > TOKENS_TOTAL as u32 {
        return Err(format!(
            "players hold {} trade tokens (only {TOKENS_TOTAL} exist)",
            t.tokens[0] as u32 + t.tokens[1] as u32
        ));
    }
    for &s in &NEUTRALS {
        if g.cities[s] != 0 {
            return Err("neutral players build no cities".into());
        }
    }
    let phase = g.phase.name();
    let bad = |why: &str| Err(format!("phase {phase}: {why}"));
    if t.rolls > 2 || (t.rolls > 0) != g.rolled {
        return bad("two.rolls must be 1 or 2 once rolled this turn, 0 before");
    }
    if t.rolls > 0 && !(2..=12).contains(&t.first_roll) {
        return bad("two.first_roll must be given once rolled");
    }
    if (g.phase == Phase::PreRoll && t.rolls != 0) || (g.phase == Phase::Roll && t.rolls > 1) {
        return bad("two.rolls: 0 before the first roll, 1 before the second");
    }
    let after_both = matches!(
        g.phase,
        Phase::Main | Phase::ForcedTake | Phase::ForcedGive | Phase::DrawDevelopment
    );
    if after_both && t.rolls != 2 {
        return bad("the main phase comes after both rolls (two.rolls = 2)");
    }
    if g.rules.max_token_actions > 0 && t.token_actions > g.rules.max_token_actions {
        return bad("more token actions than max_token_actions");
    }
    if g.phase == Phase::GameOver {
        // A win may interrupt the turn (e.g. before the neutral piece of the winning settlement).
        return Ok(());
    }
    if (g.phase == Phase::NeutralBuild) != (t.neutral_build != BUILD_NONE) {
        return bad("two.neutral_build is set exactly in the neutral_build phase");
    }
    if t.resume_road_building && g.phase != Phase::NeutralBuild {
        return bad("resume_road_building only while a neutral road is built");
    }
    if g.phase == Phase::NeutralBuild {
        let spots = (0..2).any(|k| {
            if t.neutral_build == BUILD_SETTLEMENT {
                g.neutral_settlement_spots(k) != 0
            } else {
                g.neutral_road_spots(k) != 0
            }
        });
        if !spots {
            return bad("no legal place for the neutral piece");
        }
        if t.resume_road_building && !g.dev_played_turn {
            return bad("Road Building resumes only after the card was played");
        }
    }
    match g.phase {
        Phase::ForcedTake => {
            if t.forced_take == 0 || t.forced_take > 2 || t.forced_give < t.forced_take {
                return bad("a forced trade takes 1 or 2 cards, then gives as many");
            }
            if g.hand_size(1 - (g.current as usize).min(1)) < t.forced_take as u32 {
                return bad("the opponent holds fewer cards than are still to take");
            }
        }
        Phase::ForcedGive => {
            if t.forced_take != 0 || t.forced_give == 0 || t.forced_give > 2 {
                return bad("a forced trade gives back 1 or 2 cards");
            }
            if g.hand_size(g.current as usize) < t.forced_give as u32 {
                return bad("the player holds fewer cards than he must give");
            }
        }
        _ => {
            if t.forced_take != 0 || t.forced_give != 0 {
                return bad("forced-trade counts outside a forced trade");
            }
        }
    }
    Ok(())
}

/// Action label of this module's ids.
pub(crate) fn label(g: &Catan, a: Action) -> String {
    let geo = g.geo();
    if a < A_NEUTRAL_ROAD {
        let i = (a - A_NEUTRAL_SETTLE) as usize;
        format!(
            "neutral {} settlement {}",
            NEUTRAL_NAMES[i / NV],
            geo.vertex_name(i % NV)
        )
    } else if a < A_FORCED_TRADE {
        let i = (a - A_NEUTRAL_ROAD) as usize;
        format!(
            "neutral {} road {}",
            NEUTRAL_NAMES[i / NE],
            geo.edge_name(i % NE)
        )
    } else if a == A_FORCED_TRADE {
        "forced trade".into()
    } else if a < A_KNIGHT_TOKENS {
        format!(
            "token robber to {}",
            geo.hex_name((a - A_TOKEN_ROBBER) as usize)
        )
    } else {
        "discard knight for tokens".into()
    }
}
