//! What each decision and chance outcome does (already checked to be legal).

use crate::*;

impl SanJuan {
    pub(crate) fn do_apply(&mut self, action: Action) {
        let p = self.a();
        if self.pending > 0 {
            let k = (action - CARD0) as usize;
            self.supply[k] -= 1;
            match self.draw_to {
                DrawTo::Hand => self.s[p].hand[k] += 1,
                DrawTo::Drawn => self.drawn[k] += 1,
                DrawTo::Revealed => self.revealed[k] += 1,
                DrawTo::Good(t) => {
                    if let Some(sl) = self.s[p].slots.get_mut(t as usize) {
                        sl.good = k as u8;
                    }
                }
            }
            if self.phase == Phase::CouncilDraw || matches!(self.draw_to, DrawTo::Good(_)) {
                self.count = self.count.saturating_add(1);
            }
            self.pending -= 1;
            self.settle();
            return;
        }
        match self.phase {
            Phase::TileReveal => {
                let idx = (self.trades as usize).min(4);
                self.tiles[idx] = action as u8;
                self.tile = action as u8;
                self.trades = self.trades.saturating_add(1);
                self.trader_begin();
            }
            Phase::PickRole => {
                let r = (action - ROLE0) as u8;
                self.stage = 0;
                self.roles[r as usize] = self.actor;
                self.chooser = self.actor;
                self.role = r;
                let has_lib = self.seat(p).has(LIBRARY);
                if self.n != 2 {
                    self.lib_now = has_lib;
                } else if self.actor == self.governor {
                    if self.pick == 0 && has_lib {
                        if r == TRADER {
                            // Decide after the tile is revealed (stage 1 = decision due).
                            self.stage = 1;
                            self.start_role();
                        } else {
                            self.phase = Phase::Library;
                        }
                        return;
                    }
                    self.lib_now = has_lib && !self.lib_used;
                    self.lib_used |= self.lib_now;
                } else {
                    self.lib_now = has_lib;
                }
                self.start_role();
            }
            Phase::Library => {
                self.lib_now = action == USE_LIBRARY;
                self.lib_used = self.lib_now;
                if self.role == TRADER {
                    self.begin_turn(self.chooser);
                } else {
                    self.start_role();
                }
            }
            Phase::CouncilOffer => {
                if action == PASS {
                    self.next_turn();
                } else {
                    self.council_draw();
                }
            }
            Phase::ProspectOffer => {
                if action == PASS {
                    self.offset = 0;
                    self.gold_next();
                } else {
                    self.phase = Phase::ProspectDraw;
                    self.draw(1 + self.lib_now as u32, DrawTo::Hand);
                }
            }
            Phase::GoldOffer => {
                if action == PASS {
                    self.offset += 1;
                    self.gold_next();
                } else {
                    self.phase = Phase::GoldReveal;
                    self.draw(4, DrawTo::Revealed);
                }
            }
            Phase::Draft | Phase::HandLimit | Phase::CouncilDiscard => {
                let k = (action - CARD0) as usize;
                self.hidden_discard(p, k);
                self.floor = k as u8;
                self.left -= 1;
                if self.left == 0 {
                    match self.phase {
                        Phase::Draft => {
                            self.offset += 1;
                            self.draft_next();
                        }
                        Phase::HandLimit => {
                            self.offset += 1;
                            self.limit_next();
                        }
                        _ => self.next_turn(),
                    }
                }
            }
            Phase::CouncilKeep => {
                let k = (action - CARD0) as usize;
                self.drawn[k] -= 1;
                self.s[p].hand[k] += 1;
                self.floor = k as u8;
                self.left -= 1;
                if self.left == 0 {
                    let d = self.drawn;
                    for k in 0..KINDS {
                        self.discard[k] += d[k];
                        self.s[p].known_disc[k] += d[k];
                    }
                    self.drawn = [0; KINDS];
                    self.next_turn();
                }
            }
            Phase::Chapel => {
                if action != PASS {
                    let k = (action - CARD0) as usize;
                    let seat = &mut self.s[p];
                    seat.hand[k] -= 1;
                    seat.chapel[k] += 1;
                    seat.known_hand = [0; KINDS];
                }
                self.offset += 1;
                self.chapel_next();
            }
            Phase::GoldKeep => {
                let k = (action - CARD0) as usize;
                self.revealed[k] -= 1;
                self.s[p].hand[k] += 1;
                self.s[p].known_hand[k] += 1;
                self.discard_revealed();
                self.offset += 1;
                self.gold_next();
            }
            Phase::Build => {
                if action == PASS {
                    self.next_turn();
                    return;
                }
                let k = (action - CARD0) as u8;
                let seat = &mut self.s[p];
                seat.hand[k as usize] -= 1;
                seat.known_hand[k as usize] = seat.known_hand[k as usize].saturating_sub(1);
                self.bc = k;
                self.bt = NONE;
                let avail = self.seat(p).hand_size();
                if self.crane_targets(p, k, avail).next().is_some() {
                    self.phase = Phase::BuildTarget;
                } else {
                    self.start_pay();
                }
            }
            Phase::BuildTarget => {
                self.bt = if action == PASS {
                    NONE
                } else {
                    (action - SLOT0) as u8
                };
                self.start_pay();
            }
            Phase::BuildPay => {
                if action >= GOOD0 {
                    let g = (action - GOOD0) as u8;
                    if let Some(i) = self.slot_with_good(p, g, self.bt) {
                        let good = self.s[p].slots[i].good;
                        self.s[p].slots[i].good = NONE;
                        if let Some(d) = self.discard.get_mut(good as usize) {
                            *d += 1;
                        }
                    }
                    self.bm += 1;
                    self.floor = g;
                } else {
                    let k = (action - CARD0) as usize;
                    self.hidden_discard(p, k);
                    self.floor = 5 + k as u8;
                }
                self.left -= 1;
                if self.left == 0 {
                    self.place();
                }
            }
            Phase::Produce => {
                if action == PASS {
                    self.finish_produce();
                    return;
                }
                let g = (action - GOOD0) as u8;
                let t = self.empty_slot(p, g).unwrap_or(0) as u8;
                self.floor = g;
                self.left -= 1;
                self.draw(1, DrawTo::Good(t));
            }
            Phase::Sell => {
                if action == PASS {
                    self.finish_sell();
                    return;
                }
                let g = (action - GOOD0) as u8;
                if let Some(i) = self.slot_with_good(p, g, NONE) {
                    let good = self.s[p].slots[i].good;
                    self.s[p].slots[i].good = NONE;
                    if let Some(d) = self.discard.get_mut(good as usize) {
                        *d += 1;
                    }
                }
                let tile = self
                    .prices
                    .get(self.tile as usize)
                    .copied()
                    .unwrap_or([0; 5]);
                self.sum = self.sum.saturating_add(tile[g as usize]);
                self.count = self.count.saturating_add(1);
                self.floor = g;
                self.left -= 1;
                if self.left == 0 || self.goods_from(p, g, NONE) == 0 {
                    self.finish_sell();
                }
            }
            _ => {}
        }
    }
}
