//! The legal actions of each phase.

use crate::geometry::{bits128, bits64, NH};
use crate::ids::*;
use crate::state::has;
use crate::state::{Catan, Phase};
use crate::trade::{affordable_offers, maritime_decode, Offer};
use meeple_core::Action;

impl Catan {
    /// Whether `action` is legal now (the same rules `legal_actions` enumerates).
    pub fn is_legal(&self, a: Action) -> bool {
        let n = self.n();
        let p = self.current as usize;
        match self.phase {
            Phase::GameOver => false,
            Phase::SetupSettlement => {
                a < A_ROAD && (!self.blocked & self.geo().buildable) & (1u64 << (a - A_SETTLE)) != 0
            }
            // The edges at the settlement just placed, as `legal_unsorted` lists them: an id past
            // the board's last edge has no ends (`edge_ends` is zero-padded, so testing its ends
            // would take it for an edge at vertex 0).
            Phase::SetupRoad => self.road_edge(a).is_some_and(|e| {
                (self.all_roads | self.no_road_edges()) & (1u128 << e) == 0
                    && self.geo().vertex_edges[self.last_settlement as usize] & (1u128 << e) != 0
            }),
            Phase::Roll => match self.module_roll_is_legal(a) {
                Some(legal) => legal,
                None => {
                    (C_DICE..C_DICE + 11).contains(&a)
                        && (a - C_DICE + 2) as usize != self.excluded_roll()
                }
            },
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
                    || self.robber_beside_legal(a)
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
                    || self.pre_roll_module_legal(a)
            }
            Phase::Main => {
                if let Some(legal) = self.main_module_legal_first(p, a) {
                    return legal;
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
                        && (self.deck.iter().any(|&d| d > 0) || self.deck_never_empty())
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
                } else if a >= A_TWO {
                    self.module_action_legal(a)
                } else {
                    false
                }
            }
            // The modules' own phases.
            _ => self.module_phase_is_legal(a),
        }
    }

    pub(crate) fn legal_into(&self, out: &mut Vec<Action>) {
        self.legal_unsorted(out);
        if self.legal_needs_sort() {
            out.sort_unstable();
        }
    }

    pub(crate) fn legal_unsorted(&self, out: &mut Vec<Action>) {
        out.clear();
        let p = self.current as usize;
        match self.phase {
            Phase::GameOver => {}
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
            Phase::Roll => {
                if !self.module_roll_actions(out) {
                    let first = self.excluded_roll();
                    out.extend(
                        (C_DICE..C_DICE + 11).filter(|&a| (a - C_DICE + 2) as usize != first),
                    )
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
                self.push_robber_beside(t, out);
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
                self.push_pre_roll_module_actions(out);
            }
            Phase::Main if self.main_taken_over() => self.push_taken_over_main(p, out),
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
                    && (self.deck.iter().any(|&d| d > 0) || self.deck_never_empty())
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
                self.push_main_module_actions(out);
            }
            // The modules' own phases.
            _ => self.push_module_phase_actions(out),
        }
    }
}
