//! The legal actions of each phase.

use crate::geometry::{bits128, bits64, NE, NH};
use crate::ids::*;
use crate::state::has;
use crate::state::{Catan, Phase};
use crate::trade::{affordable_offers, maritime_decode, Offer};
use crate::{caravans, events, fishermen, traders};
use meeple_core::Action;

impl Catan {
    /// Whether `action` is legal now (the same rules `legal_actions` enumerates).
    pub fn is_legal(&self, a: Action) -> bool {
        let n = self.n();
        let p = self.current as usize;
        match self.phase {
            Phase::GameOver => false,
            Phase::Barbarian => self.ba_is_legal(a),
            Phase::SetupSettlement => {
                a < A_ROAD && (!self.blocked & self.geo().buildable) & (1u64 << (a - A_SETTLE)) != 0
            }
            Phase::SetupRoad => self.road_edge(a).is_some_and(|e| {
                (self.all_roads | self.no_road_edges()) & (1u128 << e) == 0
                    && self.geo().edge_ends[e].contains(&self.last_settlement)
            }),
            Phase::Roll => {
                if self.rules.event_cards {
                    (C_EVENT..A_DAMAGE).contains(&a)
                        && self.event_deck()[(a - C_EVENT) as usize] > 0
                } else if self.traders.is_some() {
                    // B9 (+ B4: the second roll differs from the first, §B9.12 item 5).
                    (C_DICE..C_DICE + 11).contains(&a)
                        && traders::DICE_WEIGHTS[(a - C_DICE) as usize] > 0
                        && (a - C_DICE + 2) as usize != self.two_first_roll()
                } else {
                    (C_DICE..C_DICE + 11).contains(&a)
                        && (a - C_DICE + 2) as usize != self.two_first_roll()
                }
            }
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
            Phase::Steal => {
                (C_STEAL..C_STEAL + 5).contains(&a)
                    && self.hand[self.victim as usize][(a - C_STEAL) as usize] > 0
            }
            Phase::DrawDevelopment => {
                (C_DEV..C_DEV + 5).contains(&a) && self.deck[(a - C_DEV) as usize] > 0
            }
            Phase::Discard => {
                (A_DISCARD..A_DISCARD + 5).contains(&a)
                    && self.held(self.discarder())[(a - A_DISCARD) as usize] > 0
            }
            Phase::MoveRobber => {
                ((A_ROBBER..A_ROBBER + NH as u32).contains(&a)
                    && self.robber_targets() & (1 << (a - A_ROBBER)) != 0)
                    || (a == caravans::A_ROBBER_OFF && self.robber_off_legal())
                    || (a == fishermen::A_BESIDE
                        && self.fishermen.is_some()
                        && self.robber_targets() == 0)
            }
            Phase::CamelBidWool | Phase::CamelBidGrain | Phase::CamelDeclare | Phase::CamelPick => {
                self.caravans_is_legal(a)
            }
            Phase::FishDraw | Phase::FishSwap | Phase::FishTake | Phase::FishRoad => {
                self.fish_phase_legal(a)
            }
            Phase::ChooseVictim => {
                (A_STEAL..A_STEAL + MAX_PLAYERS as u32).contains(&a)
                    && self.victims() & (1 << (a - A_STEAL)) != 0
            }
            Phase::RoadBuilding => self
                .road_edge(a)
                .is_some_and(|e| self.road_spots(p) & (1u128 << e) != 0),
            Phase::YearOfPlenty => {
                (A_YOP..A_YOP + 5).contains(&a) && self.bank[(a - A_YOP) as usize] > 0
            }
            Phase::Monopoly => (A_MONO..A_MONO + 5).contains(&a),
            Phase::TradeResponse => {
                let o = Offer::decode(self.offer as u32);
                a == A_DECLINE
                    || (a == A_ACCEPT && self.holds(self.responder as usize, o.get, o.get_n))
            }
            Phase::TradeDecision => {
                a == A_WITHDRAW
                    || ((A_CONFIRM..A_CONFIRM + MAX_PLAYERS as u32).contains(&a)
                        && self.accepters & (1 << (a - A_CONFIRM)) != 0)
            }
            Phase::PreRoll => {
                a == A_ROLL
                    || ((A_PLAY..A_PLAY + 4).contains(&a)
                        && self.can_play(p, PLAYABLE[(a - A_PLAY) as usize]))
                    || (self.traders.is_some() && self.tb_is_legal_own(a.wrapping_sub(A_SCENARIO)))
            }
            Phase::Main => {
                if self.traders.is_some() {
                    // B9: the wagon part of the turn allows only its own moves (D-105).
                    let x = a.wrapping_sub(A_SCENARIO);
                    if self.tb_wagon_begun() {
                        return a == A_END
                            || ((A_PLAY..A_PLAY + 4).contains(&a)
                                && self.can_play(p, PLAYABLE[(a - A_PLAY) as usize]))
                            || self.tb_is_legal_own(x);
                    }
                    if a >= A_SCENARIO && x >= traders::TB_MOVE {
                        return self.tb_is_legal_own(x);
                    }
                    if let Some(e) = self.road_edge(a).filter(|&e| e >= NE) {
                        return self.road_spots(p) & (1u128 << e) != 0
                            && !self.road_blocked(p)
                            && has(&self.hand[p], &COST_ROAD)
                            && self.roads[p].count_ones() < MAX_ROADS;
                    }
                }
                if a < A_ROAD {
                    let v = a - A_SETTLE;
                    self.settlement_spots(p) & (1u64 << v) != 0
                        && has(&self.hand[p], &COST_SETTLEMENT)
                        && self.settlements[p].count_ones() < MAX_SETTLEMENTS
                } else if a < A_CITY {
                    let e = a - A_ROAD;
                    self.road_spots(p) & (1u128 << e) != 0
                        && !self.road_blocked(p)
                        && has(&self.hand[p], &COST_ROAD)
                        && self.road_pieces(p) < MAX_ROADS
                } else if a < A_ROLL {
                    let v = a - A_CITY;
                    self.settlements[p] & !self.dead_vertices() & (1u64 << v) != 0
                        && has(&self.hand[p], &COST_CITY)
                        && self.cities[p].count_ones() < MAX_CITIES
                } else if a == A_END {
                    true
                } else if a == A_BUY_DEV {
                    has(&self.hand[p], &COST_DEV)
                        && (self.deck.iter().any(|&d| d > 0) || self.barbarian_attack.is_some())
                } else if (A_PLAY..A_PLAY + 4).contains(&a) {
                    self.can_play(p, PLAYABLE[(a - A_PLAY) as usize])
                } else if (A_MARITIME..A_OFFER).contains(&a) {
                    let (give, get) = maritime_decode(a - A_MARITIME);
                    self.hand[p][give] >= self.rate(p, give) && self.bank[get] > 0
                } else if a == A_REPAIR {
                    self.rules.event_cards
                        && self.road_blocked(p)
                        && has(&self.hand[p], &COST_REPAIR)
                } else if (A_OFFER..A_ACCEPT).contains(&a) {
                    let i = a - A_OFFER;
                    let o = Offer::decode(i);
                    self.rules.trades
                        && n > 1
                        && self.offers_made < self.rules.max_offers
                        && self.offers_used & (1u128 << i) == 0
                        && self.hand[p][o.give] >= o.give_n
                } else if (A_TWO..A_SCENARIO).contains(&a) {
                    self.two_is_legal(a)
                } else if a >= A_SCENARIO && self.rivers.is_some() {
                    self.rivers_legal(a)
                } else if a == caravans::A_TOKEN_ROBBER_OFF && self.caravans.is_some() {
                    self.token_robber_off_legal()
                } else if a >= A_SCENARIO && self.fishermen.is_some() {
                    self.fish_main_legal(a)
                } else if a >= A_SCENARIO && self.barbarian_attack.is_some() {
                    self.ba_main_legal(a)
                } else {
                    false
                }
            }
        }
    }

    pub(crate) fn legal_into(&self, out: &mut Vec<Action>) {
        self.legal_unsorted(out);
        if self.traders.is_some() {
            // B9 ids past the base ranges (roads on high edges, the wagon) come out of order.
            out.sort_unstable();
        }
    }

    pub(crate) fn legal_unsorted(&self, out: &mut Vec<Action>) {
        out.clear();
        let p = self.current as usize;
        match self.phase {
            Phase::GameOver => {}
            Phase::Barbarian => self.ba_legal(out),
            Phase::SetupSettlement => {
                for v in bits64(!self.blocked & self.geo().buildable) {
                    out.push(A_SETTLE + v as u32);
                }
            }
            Phase::SetupRoad => {
                let g = self.geo();
                let cand = g.vertex_edges[self.last_settlement as usize]
                    & !self.all_roads
                    & !self.no_road_edges();
                for e in bits128(cand) {
                    out.push(self.road_action(e));
                }
            }
            Phase::Traders => self.tb_step_legal(out),
            Phase::Roll => {
                if self.rules.event_cards {
                    let d = self.event_deck();
                    for t in 0..events::NUM_CARD_TYPES {
                        if d[t] > 0 {
                            out.push(C_EVENT + t as u32);
                        }
                    }
                } else if self.traders.is_some() {
                    let first = self.two_first_roll();
                    out.extend(
                        (C_DICE + 1..C_DICE + 10).filter(|&a| (a - C_DICE + 2) as usize != first),
                    )
                } else {
                    let first = self.two_first_roll();
                    out.extend(
                        (C_DICE..C_DICE + 11).filter(|&a| (a - C_DICE + 2) as usize != first),
                    )
                }
            }
            Phase::NeutralBuild | Phase::ForcedTake | Phase::ForcedGive => self.two_legal(out),
            Phase::Earthquake => {
                for e in bits128(self.damage_spots()) {
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
            Phase::Steal => {
                let v = self.victim as usize;
                for r in 0..5 {
                    if self.hand[v][r] > 0 {
                        out.push(C_STEAL + r as u32);
                    }
                }
            }
            Phase::DrawDevelopment => {
                for k in 0..5 {
                    if self.deck[k] > 0 {
                        out.push(C_DEV + k as u32);
                    }
                }
            }
            Phase::Discard => {
                let held = self.held(self.discarder());
                for r in 0..5 {
                    if held[r] > 0 {
                        out.push(A_DISCARD + r as u32);
                    }
                }
            }
            Phase::MoveRobber => {
                let t = self.robber_targets();
                for h in bits64(t as u64) {
                    out.push(A_ROBBER + h as u32);
                }
                if self.robber_off_legal() {
                    out.push(caravans::A_ROBBER_OFF);
                }
                if self.fishermen.is_some() && t == 0 {
                    // D-03: no legal hex: beside the board.
                    out.push(fishermen::A_BESIDE);
                }
            }
            Phase::CamelBidWool | Phase::CamelBidGrain | Phase::CamelDeclare | Phase::CamelPick => {
                self.caravans_legal(out)
            }
            Phase::FishDraw | Phase::FishSwap | Phase::FishTake | Phase::FishRoad => {
                self.fish_phase_actions(out)
            }
            Phase::ChooseVictim => {
                let m = self.victims();
                for q in 0..MAX_PLAYERS {
                    if m & (1 << q) != 0 {
                        out.push(A_STEAL + q as u32);
                    }
                }
            }
            Phase::RoadBuilding => {
                for e in bits128(self.road_spots(p)) {
                    out.push(self.road_action(e));
                }
            }
            Phase::YearOfPlenty => {
                for r in 0..5 {
                    if self.bank[r] > 0 {
                        out.push(A_YOP + r as u32);
                    }
                }
            }
            Phase::Monopoly => out.extend(A_MONO..A_MONO + 5),
            Phase::TradeResponse => {
                let o = Offer::decode(self.offer as u32);
                if self.holds(self.responder as usize, o.get, o.get_n) {
                    out.push(A_ACCEPT);
                }
                out.push(A_DECLINE);
            }
            Phase::TradeDecision => {
                for q in 0..MAX_PLAYERS {
                    if self.accepters & (1 << q) != 0 {
                        out.push(A_CONFIRM + q as u32);
                    }
                }
                out.push(A_WITHDRAW);
            }
            Phase::PreRoll => {
                out.push(A_ROLL);
                self.push_plays(p, out);
                if self.traders.is_some() {
                    self.tb_push_own(out);
                }
            }
            Phase::Main if self.tb_wagon_begun() => {
                out.push(A_END);
                self.push_plays(p, out);
                self.tb_push_own(out);
            }
            Phase::Main => {
                let hand = &self.hand[p];
                if has(hand, &COST_SETTLEMENT) && self.settlements[p].count_ones() < MAX_SETTLEMENTS
                {
                    for v in bits64(self.settlement_spots(p)) {
                        out.push(A_SETTLE + v as u32);
                    }
                }
                if has(hand, &COST_ROAD) && self.road_pieces(p) < MAX_ROADS && !self.road_blocked(p)
                {
                    for e in bits128(self.road_spots(p)) {
                        out.push(self.road_action(e));
                    }
                }
                if has(hand, &COST_CITY) && self.cities[p].count_ones() < MAX_CITIES {
                    for v in bits64(self.settlements[p] & !self.dead_vertices()) {
                        out.push(A_CITY + v as u32);
                    }
                }
                out.push(A_END);
                if has(hand, &COST_DEV)
                    && (self.deck.iter().any(|&d| d > 0) || self.barbarian_attack.is_some())
                {
                    out.push(A_BUY_DEV);
                }

                self.push_plays(p, out);
                let rates = self.rates(p);
                for give in 0..5 {
                    if hand[give] >= rates[give] {
                        for get in 0..5 {
                            if get != give && self.bank[get] > 0 {
                                let bi = if get < give { get } else { get - 1 };
                                out.push(A_MARITIME + (give * 4 + bi) as u32);
                            }
                        }
                    }
                }
                if self.rules.trades && self.offers_made < self.rules.max_offers {
                    for i in bits128(affordable_offers(hand) & !self.offers_used) {
                        out.push(A_OFFER + i as u32);
                    }
                }
                if self.road_blocked(p) && has(hand, &COST_REPAIR) {
                    out.push(A_REPAIR);
                }
                if self.rules.two {
                    self.two_legal(out);
                }
                if self.rivers.is_some() {
                    self.rivers_legal_into(out);
                }
                if self.fishermen.is_some() {
                    self.fish_main_actions(out);
                }
                if self.token_robber_off_legal() {
                    out.push(caravans::A_TOKEN_ROBBER_OFF);
                }
                if self.barbarian_attack.is_some() {
                    self.ba_main_push(out);
                }
                if self.traders.is_some() {
                    self.tb_push_own(out);
                }
            }
        }
    }
}
