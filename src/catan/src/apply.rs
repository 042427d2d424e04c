//! Applying a legal action: the phase machine.

use crate::board::DESERT;
use crate::geometry::NONE;
use crate::ids::*;
use crate::state::{Catan, Phase};
use crate::trade::{maritime_decode, Offer};
use meeple_core::Action;

impl Catan {
    /// Apply a legal action (legality already checked).
    pub(crate) fn apply_legal(&mut self, a: Action) {
        let p = self.current as usize;
        let g = self.geo();
        match self.phase {
            Phase::SetupSettlement => {
                let v = (a - A_SETTLE) as usize;
                self.place_settlement(p, v);
                if self.setup_step as usize >= self.n() {
                    for &h in &g.vertex_hexes[v] {
                        if h == NONE {
                            continue;
                        }
                        let t = self.board.terrain[h as usize];
                        if t < DESERT
                            && self.board.token[h as usize] != 0
                            && self.bank[t as usize] > 0
                        {
                            self.bank[t as usize] -= 1;
                            self.gain(p, t as usize, 1);
                        }
                    }
                }
                self.last_settlement = v as u8;
                self.phase = Phase::SetupRoad;
                self.after_setup_settlement(p, v);
            }
            Phase::SetupRoad => {
                let e = self.road_edge(a).unwrap_or(0);
                self.place_road(p, e);
                self.road_len[p] = self.longest_road_of(p);
                self.road_placed(p, e);
                self.setup_step += 1;
                if self.setup_step as usize >= 2 * self.n() {
                    self.after_setup();
                    self.current = self.start_player;
                    self.enter_pre_roll();
                } else {
                    self.current = self.setup_player(self.setup_step as usize);
                    self.phase = Phase::SetupSettlement;
                }
            }
            Phase::Roll if a >= C_EVENT => self.apply_roll_card(a),
            Phase::Roll => {
                let sum = (a - C_DICE) as usize + 2;
                self.last_roll = sum as u8;
                self.rolled = true;
                self.rolled_hook(sum as u8);
                if sum == 7 {
                    self.begin_seven();
                } else {
                    self.produce(sum, false);
                    self.roll_resolved();
                    self.after_production(sum);
                }
            }
            Phase::Discard => {
                // G-3: discards are simultaneous. Each card is set aside unseen (still in the
                // hand for everyone else's knowledge); all of them go to the bank together, face
                // up, once the last discard is chosen, so no discarder sees another's choice.
                let d = self.discarder();
                self.set_aside[d][(a - A_DISCARD) as usize] += 1;
                self.discard_owed[d] -= 1;
                if self.discard_owed.iter().all(|&x| x == 0) {
                    self.reveal_discards();
                    self.after_discards();
                }
            }
            Phase::MoveRobber if self.is_robber_beside_action(a) => {
                // D-03: beside the board; nobody to steal from.
                self.robber = ROBBER_OFF;
                self.end_robber();
            }
            Phase::MoveRobber => {
                self.robber = (a - A_ROBBER) as u8;
                self.thief = p as u8;
                let m = self.robber_victims();
                if m == 0 {
                    self.end_robber();
                } else if m.count_ones() == 1 {
                    self.begin_steal(m.trailing_zeros() as usize);
                } else {
                    self.phase = Phase::ChooseVictim;
                }
            }
            Phase::ChooseVictim => self.begin_steal((a - A_STEAL) as usize),
            Phase::Steal => {
                let r = (a - C_STEAL) as usize;
                self.steal_card(self.thief as usize, self.victim as usize, r);
                self.after_steal();
            }
            Phase::DrawDevelopment => {
                let k = (a - C_DEV) as usize;
                self.deck[k] -= 1;
                self.dev[p][k] += 1;
                self.dev_new[p][k] += 1;
                self.phase = Phase::Main;
            }
            Phase::RoadBuilding => {
                let e = self.road_edge(a).unwrap_or(0);
                self.place_road(p, e);
                self.road_len[p] = self.longest_after_build(p, e);
                self.update_longest_road();
                self.road_placed(p, e);
                self.free_roads = self.free_roads.saturating_sub(1);
                // A module may take over after a free road (B4, D-26: a neutral road); Road
                // Building goes on after it.
                if !self.after_free_road(p) {
                    self.road_building_next();
                }
            }
            Phase::YearOfPlenty => {
                let r = (a - A_YOP) as usize;
                self.bank[r] -= 1;
                self.gain(p, r, 1);
                self.yop_left = self.yop_left.saturating_sub(1);
                if self.yop_left == 0 || self.bank.iter().all(|&b| b == 0) {
                    self.yop_left = 0;
                    self.after_dev_effect();
                }
            }
            Phase::Monopoly => {
                let r = (a - A_MONO) as usize;
                let mut total = 0u8;
                for q in 0..self.n() {
                    if q != p {
                        let k = self.hand[q][r];
                        if k > 0 {
                            self.lose(q, r, k);
                            total += k;
                        }
                        for o in 0..self.n() {
                            self.know_lo[o][q][r] = 0;
                            self.know_hi[o][q][r] = 0;
                        }
                    }
                }
                if total > 0 {
                    self.gain(p, r, total);
                }
                self.after_dev_effect();
            }
            Phase::TradeResponse => {
                if a == A_ACCEPT {
                    let o = Offer::decode(self.offer as u32);
                    let q = self.responder as usize;
                    self.accepters |= 1 << q;
                    self.reveal_at_least(q, o.get, o.get_n);
                }
                self.next_responder();
            }
            Phase::TradeDecision => {
                if a != A_WITHDRAW {
                    let q = (a - A_CONFIRM) as usize;
                    let o = Offer::decode(self.offer as u32);
                    self.trade_good(p, q, o.give, o.give_n);
                    self.trade_good(q, p, o.get, o.get_n);
                }
                self.accepters = 0;
                self.phase = Phase::Main;
            }
            Phase::PreRoll | Phase::Main => {
                if a >= A_TWO {
                    // Ids past the base and B2 ranges belong to the modules (B4, B5-B9).
                    self.apply_module_action(p, a);
                } else if a == A_ROLL {
                    self.phase = Phase::Roll;
                } else if a < A_ROAD {
                    let v = (a - A_SETTLE) as usize;
                    self.pay(p, &COST_SETTLEMENT);
                    self.place_settlement(p, v);
                    self.building_placed();
                    self.settlement_breaks_roads(p, v);
                    self.after_settlement(p, v);
                } else if a < A_CITY {
                    self.build_road(p, (a - A_ROAD) as usize);
                } else if a < A_ROLL {
                    let v = (a - A_CITY) as usize;
                    self.pay(p, &COST_CITY);
                    self.settlements[p] &= !(1u64 << v);
                    self.cities[p] |= 1u64 << v;
                    self.building_placed();
                    self.after_city();
                } else if a == A_END {
                    self.end_turn_hook();
                } else if a == A_REPAIR {
                    self.pay(p, &COST_REPAIR);
                    self.damaged[p] = NONE;
                } else if a == A_BUY_DEV {
                    self.pay(p, &COST_DEV);
                    if !self.buy_development_hook() {
                        self.phase = Phase::DrawDevelopment;
                    }
                } else if (A_PLAY..A_PLAY + 4).contains(&a) {
                    let k = PLAYABLE[(a - A_PLAY) as usize];
                    self.dev[p][k] -= 1;
                    self.dev_played[p][k] += 1;
                    self.dev_played_turn = true;
                    if self.play_module_card(k) {
                        // A module's own card (B9 Swift Journey).
                    } else {
                        match k {
                            KNIGHT => {
                                self.update_largest_army(p);
                                if self.knight_skips_robber() {
                                    self.end_robber();
                                } else {
                                    self.begin_robber();
                                }
                            }
                            ROAD_BUILDING => {
                                self.free_roads = 2;
                                self.phase = Phase::RoadBuilding;
                            }
                            YEAR_OF_PLENTY => {
                                self.yop_left = 2;
                                self.phase = Phase::YearOfPlenty;
                            }
                            _ => self.phase = Phase::Monopoly,
                        }
                    }
                } else if (A_MARITIME..A_OFFER).contains(&a) {
                    let (give, get) = maritime_decode(a - A_MARITIME);
                    let rate = self.rate(p, give);
                    self.lose(p, give, rate);
                    self.bank[give] += rate;
                    self.bank[get] -= 1;
                    self.gain(p, get, 1);
                } else {
                    self.make_offer(a - A_OFFER);
                }
            }
            Phase::GameOver => {}
            // The modules' own phases.
            _ => self.apply_module_phase(a),
        }
        // The thief matters only while a steal is under way.
        if !matches!(self.phase, Phase::Steal | Phase::ChooseVictim) {
            self.thief = self.current;
        }
        self.check_win();
    }
}
