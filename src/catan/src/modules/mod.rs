//! The one dispatch point between the base game and the modules (B1-B9).
//!
//! The base files call the hook methods below where a module may take part (after a build,
//! after a roll, extra legal actions and their application, the robber, points, the turn's end,
//! the modules' own phases, ...), and never a module by name; each hook calls the modules in
//! use, in a fixed order, through their own files. Scalachess's variants are the model: one base
//! game, a few named hooks. The hooks are inherent methods, so the calls are static and inline
//! away. What the base holds of the modules it holds through the two data files here
//! (`state.rs`, `position_fields.rs`), whose types live in the modules' leaf `state.rs` files,
//! so the imports point one way: this folder -> the modules -> the base, and the base -> the
//! data files here -> the modules' leaves (`tests/imports.rs` checks it).
//!
//! Scenarios (B5-B9) are exclusive (§B0), so the order among them never matters; it matters
//! between a scenario and the modules that combine with one (B2 events, B3 Harbormaster, B4
//! Catan for Two), and each hook keeps the order of the rules.

mod create;
mod observe;
mod position;
pub(crate) mod position_fields;
pub(crate) mod state;
mod tensor;

use crate::geometry::{NE, NH, NONE};
use crate::ids::*;
use crate::state::{Catan, Phase, Scenario};
use crate::{
    barbarian_attack, board, caravans, events, fishermen, has, rivers, traders, traders_two,
};
use meeple_core::{Action, Turn};

impl Scenario {
    /// How many action ids the scenario numbers from [`A_SCENARIO`].
    pub fn num_actions(self) -> u32 {
        match self {
            Scenario::None => 0,
            Scenario::Fishermen => fishermen::NUM_ACTIONS,
            Scenario::Rivers => rivers::NUM_ACTIONS,
            Scenario::Caravans => caravans::NUM_ACTIONS,
            Scenario::BarbarianAttack => barbarian_attack::NUM_ACTIONS,
            Scenario::TradersBarbarians => traders::NUM_ACTIONS,
        }
    }
}

impl Catan {
    // ----- set-up -----

    /// A set-up settlement was placed on `v` (the phase is already the road's).
    pub(crate) fn after_setup_settlement(&mut self, p: usize, v: usize) {
        if self.setup_step as usize >= self.n()
            && (self.modules.barbarian_attack.is_some() || self.modules.traders.is_some())
        {
            // B8.2, B9.2: the second set-up placement is a city (B9: with the wagon on it).
            self.settlements[p] &= !(1u64 << v);
            self.cities[p] |= 1u64 << v;
            if self.modules.traders.is_some() {
                self.tb_mut().wagon[p] = v as u8;
            }
        }
        self.update_harbormaster();
        self.rivers_settlement_built(p, v);
        // B4: set-up settlements earn trade tokens too (no neutral build, §B4.1).
        self.two_settlement_tokens(p, v);
        self.fish_after_setup_settlement(p, v);
    }

    /// The set-up is over.
    pub(crate) fn after_setup(&mut self) {
        // B6 (D-45): the coin tiles are first handed out at the end of set-up.
        self.update_wealthiest();
    }

    // ----- building -----

    /// A road of `p` was placed on `e` (set-up, bought or free).
    #[inline]
    pub(crate) fn road_placed(&mut self, p: usize, e: usize) {
        self.rivers_road_built(p, e);
    }

    /// `p` bought a road.
    pub(crate) fn after_road(&mut self, p: usize) {
        self.two_after_own_build(p, None, false);
    }

    /// `p` placed a free road (Road Building): whether a module took over the turn (B4, D-26:
    /// a neutral road comes first).
    pub(crate) fn after_free_road(&mut self, p: usize) -> bool {
        self.two_after_own_build(p, None, true)
    }

    /// The main phase built a settlement or a city (before broken roads are recounted).
    #[inline]
    pub(crate) fn building_placed(&mut self) {
        self.caravans_built();
    }

    /// `p` built a settlement on `v` (its broken roads recounted).
    pub(crate) fn after_settlement(&mut self, p: usize, v: usize) {
        self.update_harbormaster();
        self.rivers_settlement_built(p, v);
        // B8 x B4 (§B8.10): the attack first, then the neutral piece.
        if !self.ba_two_settlement(v) {
            self.two_after_own_build(p, Some(v), false);
            if self.modules.barbarian_attack.is_some() {
                self.ba_after_build();
            }
        }
    }

    /// The current player built a city.
    pub(crate) fn after_city(&mut self) {
        self.update_harbormaster();
        if self.modules.barbarian_attack.is_some() {
            self.ba_after_build();
        }
    }

    /// Edges closed to roads (B8: beside a castle under attack).
    #[inline]
    pub(crate) fn closed_edges(&self) -> u128 {
        self.modules
            .barbarian_attack
            .as_ref()
            .map_or(0, |b| b.closed_e)
    }

    /// Vertices closed to settlements (B8).
    #[inline]
    pub(crate) fn closed_vertices(&self) -> u64 {
        self.modules
            .barbarian_attack
            .as_ref()
            .map_or(0, |b| b.closed_v)
    }

    /// Vertices of conquered buildings (0 VP, no harbour, no upgrade; §B8.5, D-62).
    #[inline]
    pub(crate) fn dead_vertices(&self) -> u64 {
        self.modules
            .barbarian_attack
            .as_ref()
            .map_or(0, |b| b.dead_v)
    }

    /// Edges where no road may be built (B6 bridge sites).
    #[inline]
    pub(crate) fn no_road_edges(&self) -> u128 {
        self.modules.rivers.as_ref().map_or(0, |s| s.bridge_sites)
    }

    /// Road pieces of `p` on the board (B6: bridges are separate pieces).
    #[inline]
    pub(crate) fn road_pieces(&self, p: usize) -> u32 {
        let all = self.roads[p].count_ones();
        match &self.modules.rivers {
            None => all,
            Some(s) => all - s.bridges[p].count_ones(),
        }
    }

    /// Road edges that count 2 for Longest Road (B7: under a camel).
    #[inline]
    pub(crate) fn double_road_edges(&self) -> u128 {
        self.modules.caravans.as_ref().map_or(0, |c| c.camels)
    }

    /// Whether the Longest Road card is played (B9: not, §B9.1).
    #[inline]
    pub(crate) fn longest_road_card(&self) -> bool {
        self.modules.traders.is_none()
    }

    /// Seats whose roads count (Longest Road, broken roads): the real players, plus the two
    /// neutrals with Catan for Two.
    #[inline]
    pub(crate) fn road_seats(&self) -> usize {
        if self.rules.two {
            MAX_PLAYERS
        } else {
            self.n()
        }
    }

    /// Whether an earthquake-damaged road stops `p` from building roads (B2).
    #[inline]
    pub(crate) fn road_blocked(&self, p: usize) -> bool {
        self.damaged[p] != NONE
    }

    /// The action id of a road on edge `e` (B9 boards have edges past the base range).
    #[inline]
    pub(crate) fn road_action(&self, e: usize) -> Action {
        traders::rules::edge_action(A_ROAD, traders::TB_ROAD_HIGH, e)
    }

    /// The edge of a road action, if `a` is one.
    #[inline]
    pub(crate) fn road_edge(&self, a: Action) -> Option<usize> {
        if a < A_CITY {
            a.checked_sub(A_ROAD).map(|e| e as usize)
        } else if self.modules.traders.is_some() {
            traders::rules::action_edge(A_ROAD, traders::TB_ROAD_HIGH, a)
        } else {
            None
        }
    }

    /// The edge of a B2 Earthquake damage action, if `a` is one.
    pub(crate) fn damage_edge(&self, a: Action) -> Option<usize> {
        if self.modules.traders.is_some() {
            traders::rules::action_edge(A_DAMAGE, traders::TB_DAMAGE_HIGH, a)
        } else {
            (A_DAMAGE..A_GIVE)
                .contains(&a)
                .then(|| (a - A_DAMAGE) as usize)
        }
    }

    // ----- the roll and production -----

    /// The Roll phase's legality when a module draws it (B2 cards, B9 dice); `None`: the dice.
    #[inline]
    pub(crate) fn module_roll_is_legal(&self, a: Action) -> Option<bool> {
        if self.rules.event_cards {
            Some((C_EVENT..A_DAMAGE).contains(&a) && self.event_deck()[(a - C_EVENT) as usize] > 0)
        } else if self.modules.traders.is_some() {
            // B9 (+ B4: the second roll differs from the first, §B9.12 item 5).
            Some(
                (C_DICE..C_DICE + 11).contains(&a)
                    && traders::DICE_WEIGHTS[(a - C_DICE) as usize] > 0
                    && (a - C_DICE + 2) as usize != self.two_first_roll(),
            )
        } else {
            None
        }
    }

    /// The Roll phase's outcomes when a module draws it; false: the dice.
    #[inline]
    pub(crate) fn module_roll_actions(&self, out: &mut Vec<Action>) -> bool {
        if self.rules.event_cards {
            let d = self.event_deck();
            for t in 0..events::NUM_CARD_TYPES {
                if d[t] > 0 {
                    out.push(C_EVENT + t as u32);
                }
            }
            true
        } else if self.modules.traders.is_some() {
            let first = self.two_first_roll();
            out.extend((C_DICE + 1..C_DICE + 10).filter(|&a| (a - C_DICE + 2) as usize != first));
            true
        } else {
            false
        }
    }

    /// The Roll phase's outcomes and weights when a module draws it; false: the dice.
    #[inline]
    pub(crate) fn module_roll_outcomes(&self, out: &mut Vec<(Action, u32)>) -> bool {
        if self.rules.event_cards {
            let d = self.event_deck();
            for t in 0..events::NUM_CARD_TYPES {
                if d[t] > 0 {
                    out.push((C_EVENT + t as u32, d[t] as u32));
                }
            }
            true
        } else if self.modules.traders.is_some() {
            // 2 and 12 rolled again; with B4 the second roll also differs from the first
            // (§B9.12 item 5): n(s) over the sums left.
            let first = self.two_first_roll();
            for (i, &w) in traders::DICE_WEIGHTS.iter().enumerate() {
                if w > 0 && i + 2 != first {
                    out.push((C_DICE + i as u32, w));
                }
            }
            true
        } else {
            false
        }
    }

    /// The dice sum the roll may not show (B4's second roll; 0 for none).
    #[inline]
    pub(crate) fn excluded_roll(&self) -> usize {
        self.two_first_roll()
    }

    /// A B2 event card was drawn in the Roll phase.
    pub(crate) fn apply_roll_card(&mut self, a: Action) {
        self.two_note_roll(events::CARD_TYPES[(a - C_EVENT) as usize].1);
        self.reveal_event((a - C_EVENT) as usize)
    }

    /// The dice showed `sum`.
    #[inline]
    pub(crate) fn rolled_hook(&mut self, sum: u8) {
        self.two_note_roll(sum);
    }

    /// The resources of a roll of `sum` (not 7) were handed out.
    #[inline]
    pub(crate) fn after_production(&mut self, sum: usize) {
        self.fish_after_production(sum);
    }

    /// Whether a number produces at all (B9 with event cards: a card numbered 2 or 12 produces
    /// nothing, D-106).
    #[inline]
    pub(crate) fn produces(&self, sum: usize) -> bool {
        !(self.modules.traders.is_some() && (sum == 2 || sum == 12))
    }

    /// Hexes that produce nothing (B8: conquered).
    #[inline]
    pub(crate) fn barren_hexes(&self) -> u32 {
        self.modules
            .barbarian_attack
            .as_ref()
            .map_or(0, |b| b.conquered)
    }

    /// Whether a second roll follows this one (B4, D-21).
    #[inline]
    pub(crate) fn second_roll_due(&self) -> bool {
        self.two_second_roll_due()
    }

    // ----- the robber and steals -----

    /// After a 7's discards: whether a module resolves the 7 instead of the robber (B8: no
    /// robber, the roller steals, D-63).
    pub(crate) fn module_takes_seven(&mut self) -> bool {
        if self.modules.barbarian_attack.is_some() {
            self.ba_seven_steal();
            true
        } else {
            false
        }
    }

    /// Whether a module moves instead of the robber (B9: a barbarian).
    pub(crate) fn module_takes_robber(&mut self) -> bool {
        if self.modules.traders.is_some() {
            self.tb_begin_barbarian();
            true
        } else {
            false
        }
    }

    /// Hexes the robber may not enter (B5: the lake; B7: the oasis).
    #[inline]
    pub(crate) fn robber_excluded(&self) -> u32 {
        let mut x = self.fish_robber_excluded();
        if let Some(c) = &self.modules.caravans {
            x |= c.robber_excluded(self.robber);
        }
        x
    }

    /// D-03: a module's Friendly Robber fallback when no hex is legal (0: beside the board).
    pub(crate) fn friendly_robber_fallback(&self) -> Option<u32> {
        if let Some(c) = &self.modules.caravans {
            // D-03: the caravans' fallback is beside the board (the `robber beside the board`
            // action, no hex) or, as an option, staying where it is.
            Some(c.friendly_fallback(self.robber_mask()))
        } else if self.modules.rivers.is_some() {
            // D-03: Rivers sends it to a swamp of the mover's choice (its own included); on a
            // user's Rivers map without a swamp the base rule applies (engine decision).
            Some(self.board.hexes_of(board::SWAMP)).filter(|&s| s != 0)
        } else {
            // D-03: the Fishermen's fallback, beside the board (0) or the lake.
            self.fish_robber_fallback()
        }
    }

    /// Whether `a` is a module's `robber beside the board` move (legality checked).
    #[inline]
    pub(crate) fn is_robber_beside_action(&self, a: Action) -> bool {
        (a == caravans::A_ROBBER_OFF && self.modules.caravans.is_some())
            || (a == fishermen::A_BESIDE && self.modules.fishermen.is_some())
    }

    /// Whether `a` is a legal `robber beside the board` move now.
    #[inline]
    pub(crate) fn robber_beside_legal(&self, a: Action) -> bool {
        (a == caravans::A_ROBBER_OFF && self.robber_off_legal())
            || (a == fishermen::A_BESIDE
                && self.modules.fishermen.is_some()
                && self.robber_targets() == 0)
    }

    /// The `robber beside the board` moves legal now (`t`: the legal hexes).
    #[inline]
    pub(crate) fn push_robber_beside(&self, t: u32, out: &mut Vec<Action>) {
        if self.robber_off_legal() {
            out.push(caravans::A_ROBBER_OFF);
        }
        if self.modules.fishermen.is_some() && t == 0 {
            // D-03: no legal hex: beside the board.
            out.push(fishermen::A_BESIDE);
        }
    }

    /// A Knight played while the robber is beside the board leaves it there (B7, D-56 option
    /// off).
    #[inline]
    pub(crate) fn knight_skips_robber(&self) -> bool {
        self.robber as usize >= NH
            && self
                .modules
                .caravans
                .as_ref()
                .is_some_and(|c| !c.opts.knight_brings_robber)
    }

    #[inline]
    fn event_steal(&self) -> bool {
        self.ev_kind == events::EV_TRADE_ADVANTAGE || self.ev_kind == events::EV_CONFLICT
    }

    /// Who may be named as the victim when a module steals (B2 events, B5, B8); `None`: the
    /// robber's victims.
    pub(crate) fn module_victims(&self) -> Option<u8> {
        if self.event_steal() {
            Some(self.event_victims())
        } else if self.fish_stealing() {
            Some(self.fish_victims())
        } else if self.modules.barbarian_attack.is_some() {
            Some(self.ba_victims())
        } else {
            None
        }
    }

    /// A steal is over: whether a module goes on (B2: the next thief); false: the robber's
    /// follow-up.
    pub(crate) fn module_after_steal(&mut self) -> bool {
        self.fish_steal_done();
        if self.event_steal() {
            self.next_thief();
            true
        } else {
            false
        }
    }

    // ----- development cards -----

    /// The development deck's composition (B9 has its own, §B9.9).
    pub(crate) fn dev_totals(&self) -> [u8; 5] {
        if self.modules.traders.is_some() {
            traders::DEV_TOTALS
        } else {
            DEV_TOTALS
        }
    }

    pub(crate) fn dev_name(&self, k: usize) -> &'static str {
        if self.modules.traders.is_some() {
            traders::DEV_NAMES[k]
        } else {
            DEV_NAMES[k]
        }
    }

    /// Whether a module buys development cards from a deck that never runs out (B8).
    #[inline]
    pub(crate) fn deck_never_empty(&self) -> bool {
        self.modules.barbarian_attack.is_some()
    }

    /// A development card was paid for: whether a module draws it (B8's deck).
    pub(crate) fn buy_development_hook(&mut self) -> bool {
        if self.modules.barbarian_attack.is_some() {
            self.ba_buy();
            true
        } else {
            false
        }
    }

    /// A module's rule on playing card kind `k` (B9 Swift Journey, and no Road Building once
    /// the wagon moved); `None`: the base rule.
    #[inline]
    pub(crate) fn module_can_play(&self, k: usize) -> Option<bool> {
        if self.modules.traders.is_some() {
            match k {
                traders::SWIFT_JOURNEY => return Some(self.tb_swift_ok()),
                ROAD_BUILDING if self.tb_wagon_begun() => return Some(false),
                _ => {}
            }
        }
        None
    }

    /// Card kind `k` was played: whether it is a module's own card (B9 Swift Journey: a second
    /// movement action with full points), resolved here.
    pub(crate) fn play_module_card(&mut self, k: usize) -> bool {
        if k == traders::SWIFT_JOURNEY && self.modules.traders.is_some() {
            let t = self.tb_mut();
            t.action_open = false;
            self.tb_open_action();
            true
        } else {
            false
        }
    }

    // ----- trade -----

    /// `k` coins change hands in a player trade (B6 coins, B9 gold, §B9.10).
    pub(crate) fn trade_coins(&mut self, from: usize, to: usize, k: u32) {
        if let Some(s) = self.modules.rivers.as_deref_mut() {
            s.coins[from] -= k;
            s.coins[to] += k;
            self.update_wealthiest();
        } else if let Some(t) = self.modules.traders.as_deref_mut() {
            t.gold[from] -= k;
            t.gold[to] += k;
        }
    }

    // ----- the turn -----

    /// Whether `p` has a module's choice before the roll (B9: gold may buy resources, D-102).
    #[inline]
    pub(crate) fn module_pre_roll_due(&self, p: usize) -> bool {
        self.modules
            .traders
            .as_ref()
            .is_some_and(|t| t.gold[p] >= 2 && t.purchases < 2)
    }

    /// `end turn` was chosen: a module's step after the turn (B7 camel vote, B8 attack) or the
    /// next turn.
    pub(crate) fn end_turn_hook(&mut self) {
        if self.modules.caravans.is_some() {
            self.caravans_end_turn();
        } else if self.modules.barbarian_attack.is_some() {
            self.ba_end_turn();
        } else {
            self.end_turn();
        }
    }

    /// The turn of the player before is over (before the turn count moves on).
    #[inline]
    pub(crate) fn turn_ended(&mut self) {
        if let Some(t) = self.modules.traders.as_deref_mut() {
            t.new_turn();
        }
    }

    /// A new turn begins (the player to move is set).
    pub(crate) fn turn_begun(&mut self) {
        self.rivers_end_turn();
        self.two_new_turn();
        if let Some(b) = &mut self.modules.barbarian_attack {
            b.coin_buys = 0;
        }
    }

    // ----- points and the win -----

    /// `vp` (buildings, Longest Road, Largest Army) with the modules' points added.
    #[inline]
    pub(crate) fn module_points(&self, p: usize, mut vp: u32) -> u32 {
        if let Some(b) = &self.modules.barbarian_attack {
            vp += b.prisoners[p] as u32 / 2; // B8: 2 prisoners = 1 VP
        }
        if let Some(t) = &self.modules.traders {
            vp += t.vp(p);
        }
        if self.harbormaster as usize == p {
            vp += 2;
        }
        if let Some(c) = &self.modules.caravans {
            vp += c.bonus(self.settlements[p] | self.cities[p]);
        }
        if self.modules.rivers.is_some() {
            // B6: Wealthiest Settler +1, Poor Settler −2 (never below 0: a player has at least
            // his two settlements once the tiles are handed out).
            vp = (vp as i32 + self.rivers_vp(p)).max(0) as u32;
        }
        vp
    }

    /// The victory target of `p`: the game's target (raised by the modules from the options,
    /// [`crate::Rules`]), +1 for B5's old boot holder (§B5.5).
    pub fn victory_target(&self, p: usize) -> u32 {
        let boot = self
            .fish()
            .is_some_and(|f| p < MAX_PLAYERS && f.held[p][0] > 0);
        self.rules.vp_to_win as u32 + boot as u32
    }

    /// Whether the game stands between two turns, where nobody wins (B7, D-53: the camel vote
    /// comes after the turn; points won in it count at each player's own next turn, G-2).
    #[inline]
    pub(crate) fn between_turns(&self) -> bool {
        matches!(
            self.phase,
            Phase::CamelBidWool | Phase::CamelBidGrain | Phase::CamelDeclare | Phase::CamelPick
        )
    }

    // ----- module actions in the main phase -----

    /// Module actions legal before the roll (B9's own).
    #[inline]
    pub(crate) fn pre_roll_module_legal(&self, a: Action) -> bool {
        self.modules.traders.is_some() && self.tb_is_legal_own(a.wrapping_sub(A_SCENARIO))
    }

    /// Module actions before the roll (B9's own).
    #[inline]
    pub(crate) fn push_pre_roll_module_actions(&self, out: &mut Vec<Action>) {
        if self.modules.traders.is_some() {
            self.tb_push_own(out);
        }
    }

    /// A module's rule for `a` in the main phase ahead of the base rules (B9: the wagon part of
    /// the turn, the wagon's moves, roads on high edges); `None`: the base rules.
    #[inline]
    pub(crate) fn main_module_legal_first(&self, p: usize, a: Action) -> Option<bool> {
        self.modules.traders.as_ref()?;
        // B9: the wagon part of the turn allows only its own moves (D-105).
        let x = a.wrapping_sub(A_SCENARIO);
        if self.tb_wagon_begun() {
            return Some(
                a == A_END
                    || ((A_PLAY..A_PLAY + 4).contains(&a)
                        && self.can_play(p, PLAYABLE[(a - A_PLAY) as usize]))
                    || self.tb_is_legal_own(x),
            );
        }
        if a >= A_SCENARIO && x >= traders::TB_MOVE {
            return Some(self.tb_is_legal_own(x));
        }
        if let Some(e) = self.road_edge(a).filter(|&e| e >= NE) {
            return Some(
                self.road_spots(p) & (1u128 << e) != 0
                    && !self.road_blocked(p)
                    && has(&self.hand[p], &COST_ROAD)
                    && self.roads[p].count_ones() < MAX_ROADS,
            );
        }
        None
    }

    /// Whether a module has taken the main phase over (B9: the wagon part of the turn).
    #[inline]
    pub(crate) fn main_taken_over(&self) -> bool {
        self.tb_wagon_begun()
    }

    /// The main phase's actions while a module has taken it over.
    pub(crate) fn push_taken_over_main(&self, p: usize, out: &mut Vec<Action>) {
        out.push(A_END);
        self.push_plays(p, out);
        self.tb_push_own(out);
    }

    /// Whether module action `a` (an id from [`A_TWO`] on) is legal in the main phase.
    pub(crate) fn module_action_legal(&self, a: Action) -> bool {
        if a < A_SCENARIO {
            self.two_is_legal(a)
        } else if self.modules.rivers.is_some() {
            self.rivers_legal(a)
        } else if a == caravans::A_TOKEN_ROBBER_OFF && self.modules.caravans.is_some() {
            self.token_robber_off_legal()
        } else if self.modules.fishermen.is_some() {
            self.fish_main_legal(a)
        } else if self.modules.barbarian_attack.is_some() {
            self.ba_main_legal(a)
        } else {
            false
        }
    }

    /// The modules' actions of the main phase (after the base's), in this order.
    pub(crate) fn push_main_module_actions(&self, out: &mut Vec<Action>) {
        if self.rules.two {
            self.two_legal(out);
        }
        if self.modules.rivers.is_some() {
            self.rivers_legal_into(out);
        }
        if self.modules.fishermen.is_some() {
            self.fish_main_actions(out);
        }
        if self.token_robber_off_legal() {
            out.push(caravans::A_TOKEN_ROBBER_OFF);
        }
        if self.modules.barbarian_attack.is_some() {
            self.ba_main_push(out);
        }
        if self.modules.traders.is_some() {
            self.tb_push_own(out);
        }
    }

    /// Whether the legal actions need sorting (B9 ids past the base ranges, roads on high
    /// edges and the wagon, come out of order).
    #[inline]
    pub(crate) fn legal_needs_sort(&self) -> bool {
        self.modules.traders.is_some()
    }

    /// Apply module action `a` (an id from [`A_TWO`] on, legal) in the main phase or before the
    /// roll.
    pub(crate) fn apply_module_action(&mut self, p: usize, a: Action) {
        if a < A_SCENARIO {
            self.apply_two(a);
        } else if self.modules.traders.is_some() {
            match self.road_edge(a) {
                Some(e) => self.build_road(p, e),
                None => self.tb_apply_own(a - A_SCENARIO),
            }
        } else if self.modules.rivers.is_some() {
            self.rivers_apply(a);
        } else if a == caravans::A_TOKEN_ROBBER_OFF && self.modules.caravans.is_some() {
            // §B7.6: the token action sends the robber beside the board (no steal).
            self.pay_token_action();
            self.robber = ROBBER_OFF;
        } else if self.modules.fishermen.is_some() {
            self.fish_apply_main(a);
        } else if self.modules.barbarian_attack.is_some() {
            self.ba_main_apply(a);
        }
    }

    // ----- the modules' own phases -----

    /// Who acts in a module's phase.
    #[inline]
    pub(crate) fn module_phase_turn(&self) -> Turn {
        match self.phase {
            Phase::FishDraw | Phase::ForcedTake => Turn::Chance,
            Phase::FishSwap => Turn::Player(self.fish_drawer()),
            Phase::Earthquake | Phase::EventGive | Phase::EventTake => {
                Turn::Player(self.event_actor())
            }
            Phase::Barbarian => self.ba_turn(),
            Phase::CamelBidWool | Phase::CamelBidGrain | Phase::CamelDeclare | Phase::CamelPick => {
                Turn::Player(self.caravans_actor())
            }
            Phase::Traders if self.tb_chance() => Turn::Chance,
            _ => Turn::Player(self.current as usize),
        }
    }

    /// The chance outcomes of a module's phase.
    pub(crate) fn module_phase_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        match self.phase {
            Phase::ForcedTake => {
                let v = self.two_opponent();
                for r in 0..5 {
                    if self.hand[v][r] > 0 {
                        out.push((C_STEAL + r as u32, self.hand[v][r] as u32));
                    }
                }
            }
            Phase::Traders => self.tb_step_outcomes(out),
            Phase::FishDraw => self.fish_chance(out),
            Phase::Barbarian => self.ba_chance(out),
            _ => {}
        }
    }

    /// Whether `a` is legal in a module's phase.
    pub(crate) fn module_phase_is_legal(&self, a: Action) -> bool {
        match self.phase {
            Phase::Barbarian => self.ba_is_legal(a),
            Phase::NeutralBuild | Phase::ForcedTake | Phase::ForcedGive => self.two_is_legal(a),
            Phase::Earthquake => self
                .damage_edge(a)
                .is_some_and(|e| self.damage_spots() & (1u128 << e) != 0),
            Phase::Traders => self.tb_step_is_legal(a),
            Phase::EventGive => {
                (A_GIVE..A_REPAIR).contains(&a)
                    && self.hand[self.event_actor()][(a - A_GIVE) as usize] > 0
            }
            Phase::EventTake => {
                ((A_YOP..A_YOP + 5).contains(&a) && self.bank[(a - A_YOP) as usize] > 0)
                    || (a == A_DECLINE && self.ev_kind == events::EV_PLENTIFUL_YEAR)
            }
            Phase::CamelBidWool | Phase::CamelBidGrain | Phase::CamelDeclare | Phase::CamelPick => {
                self.caravans_is_legal(a)
            }
            Phase::FishDraw | Phase::FishSwap | Phase::FishTake | Phase::FishRoad => {
                self.fish_phase_legal(a)
            }
            _ => false,
        }
    }

    /// The legal actions of a module's phase.
    pub(crate) fn push_module_phase_actions(&self, out: &mut Vec<Action>) {
        match self.phase {
            Phase::Barbarian => self.ba_legal(out),
            Phase::Traders => self.tb_step_legal(out),
            Phase::NeutralBuild | Phase::ForcedTake | Phase::ForcedGive => self.two_legal(out),
            Phase::Earthquake => {
                for e in crate::bits128(self.damage_spots()) {
                    out.push(traders::rules::edge_action(
                        A_DAMAGE,
                        traders::TB_DAMAGE_HIGH,
                        e,
                    ));
                }
            }
            Phase::EventGive => {
                let h = &self.hand[self.event_actor()];
                for r in 0..5 {
                    if h[r] > 0 {
                        out.push(A_GIVE + r as u32);
                    }
                }
            }
            Phase::EventTake => {
                for r in 0..5 {
                    if self.bank[r] > 0 {
                        out.push(A_YOP + r as u32);
                    }
                }
                // Plentiful Year: each player *may* take a card.
                if self.ev_kind == events::EV_PLENTIFUL_YEAR {
                    out.push(A_DECLINE);
                }
            }
            Phase::CamelBidWool | Phase::CamelBidGrain | Phase::CamelDeclare | Phase::CamelPick => {
                self.caravans_legal(out)
            }
            Phase::FishDraw | Phase::FishSwap | Phase::FishTake | Phase::FishRoad => {
                self.fish_phase_actions(out)
            }
            _ => {}
        }
    }

    /// Apply legal action `a` in a module's phase.
    pub(crate) fn apply_module_phase(&mut self, a: Action) {
        match self.phase {
            Phase::Earthquake | Phase::EventGive | Phase::EventTake => self.apply_event_action(a),
            Phase::NeutralBuild | Phase::ForcedTake | Phase::ForcedGive => {
                self.apply_two(a);
                // B8 x B4 (§B8.10 item 2): a neutral settlement is a second attack.
                self.ba_two_after_neutral(a);
            }
            Phase::Barbarian => self.ba_apply(a),
            Phase::Traders => self.tb_step_apply(a),
            Phase::CamelBidWool | Phase::CamelBidGrain | Phase::CamelDeclare | Phase::CamelPick => {
                self.caravans_apply(a)
            }
            Phase::FishDraw | Phase::FishSwap | Phase::FishTake | Phase::FishRoad => {
                self.fish_apply_phase(a)
            }
            _ => {}
        }
    }

    // ----- the game's size -----

    /// The action-id space of the modules in use; `None`: the base game's.
    pub(crate) fn module_num_actions(&self) -> Option<u32> {
        Some(
            if self.rules.scenario == Scenario::TradersBarbarians && self.rules.two {
                // B9 with B4: the token barbarian action and high neutral roads follow B9's ids.
                A_SCENARIO + traders_two::NUM_ACTIONS
            } else if self.rules.scenario != Scenario::None {
                // B8 x B4 numbers its token action after the scenario's own ids.
                let two_extra =
                    if self.rules.two && self.rules.scenario == Scenario::BarbarianAttack {
                        barbarian_attack::NUM_ACTIONS_TWO
                    } else {
                        0
                    };
                A_SCENARIO + self.rules.scenario.num_actions() + two_extra
            } else if self.rules.two {
                A_SCENARIO
            } else if self.rules.event_cards {
                NUM_ACTIONS_EVENTS
            } else {
                return None;
            },
        )
    }

    /// The modules' share of the game-length bound: actions per turn and in the whole game.
    pub(crate) fn module_length_bound(&self, per_turn: &mut u64, global: &mut u64) {
        let n = self.n() as u64;
        if self.modules.traders.is_some() {
            // B9: purchases (2), sales and upgrades (bounded like maritime trades), the wagon
            // (at most 2 actions of 9 points, a step each, 2 grain, 3 drive-offs with a die and
            // a placement, 2 plaza draws), a barbarian move with its draw (3).
            *per_turn += 2 + 95 + 4 + 2 * 9 + 2 + 3 * 2 + 2 + 3;
        }
        if self.rules.event_cards {
            // B2: a second reveal after New Year, event decisions (at most n damages, n
            // gifts or n×(n-1) Neighborly gifts, n takes, n steals with a victim choice), the
            // cards they bring into the hand (maritime trades: n(n-1) + n + n), one repair.
            *per_turn += 1 + n * n + 3 * n + 2 * n + (n * n + 2 * n) + 1;
        }
        if self.modules.fishermen.is_some() {
            // B5: a catch (at most 8 draws and a swap per player), at most 7 fish actions a
            // turn with their follow-ups (3 each), one pass of the boot.
            *per_turn += n * 10 + 7 * 3 + 1;
        }
        if self.modules.barbarian_attack.is_some() {
            // B8: coin purchases and trades (2 + coins, bounded by the compensation coins: at
            // most 3 per knight lost or roll-off lost, 2 per Treason), development cards bought
            // with their decisions (buy, draw, up to 4 choices, Intrigue re-draws), knight moves
            // (select, grain, destination for 6 knights, done), the drive-off (a roll-off place
            // and a loss die per coastal hex), barbarian attacks (3 rolls per build).
            *per_turn += 2 + 40 + 32 * 10 + 6 * 3 + 1 + 10 * 4 + 9 * 3;
        }
        if self.modules.caravans.is_some() {
            // B7: at most 22 camels, each voted with two bids and a declaration per seat and a
            // pick; a Knight or 7 may also put the robber beside the board.
            *global += caravans::CAMELS as u64 * (3 * n + 1);
        }
        if self.modules.rivers.is_some() {
            // B6: 3 bridges each; every coin action spends at least 2 of the at most
            // 5 + 15 + 9 coins a player earns, and each bought card allows one more maritime trade.
            *global += n * (3 + 2 * 29);
        }
        if self.rules.two {
            // B4: the second roll, the knight discard; every neutral piece (2 x 20); token
            // actions (each pays a token; tokens ever gained <= 10 at the start + 3 per
            // settlement built (<= 9 each) + 2 per knight discarded (<= 14), forced trades take
            // 5 actions) and the knight discards.
            *per_turn += 4;
            *global += 40 + (10 + 2 * 9 * 3 + 14 * 2) * 5 + 14;
            if self.modules.traders.is_some() {
                // B9: 1 more token per settlement next to a trade hex.
                *global += 2 * 9 * 5;
            }
        }
    }
}
