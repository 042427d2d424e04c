//! Applying a legal action: one arm per step, each handing over to its role's rules.

use crate::actions::*;
use crate::data::*;
use crate::format::*;
use crate::hooks::*;
use crate::state::*;
use meeple_core::Action;

impl PuertoRico {
    /// Apply a legal action (the caller checked legality).
    pub fn apply_legal(&mut self, a: Action) {
        let p = self.actor();
        if self.apply_guest(p, a) {
            return;
        }
        match self.step {
            Step::GameOver => {}
            Step::ChooseRole => {
                let r = (a - ROLE) as usize;
                self.start_role(r);
            }
            Step::HaciendaDraw => {
                let k = (a - DRAW) as usize;
                self.deck.0[k] -= 1;
                if self.new_buildings
                    && self.player(p).occupied(Building::ForestHouse)
                    && self.forest_left()
                {
                    // Seen before the forest-house choice (rules §8.4).
                    self.last_tile = Some(k as u8);
                    self.step = Step::HaciendaForest;
                    return;
                }
                self.pm(p).island.0[k] += 1;
                self.settle_turn();
            }
            Step::HaciendaForest => {
                let k = self.last_tile.take().unwrap_or(0) as usize % NUM_GOODS;
                if a == HACIENDA_FOREST {
                    self.take_forest(p, k);
                } else {
                    self.pm(p).island.0[k] += 1;
                }
                self.settle_turn();
            }
            Step::LandOfficeDraw => self.land_office_drawn(p, (a - DRAW) as usize),
            Step::LandOfficeForest => {
                let k = self.last_tile.take().unwrap_or(0) as usize % NUM_GOODS;
                if a == HACIENDA_FOREST {
                    self.take_forest(p, k);
                } else {
                    self.pm(p).island.0[k] += 1;
                }
                self.land_office_done(p);
            }
            Step::ShipNoble => self.ship_piece(a),
            Step::LandOffice => {
                if a == PASS {
                    self.land_office_done(p);
                } else {
                    self.land_office(p, a);
                }
            }
            Step::HuntingLodge => {
                if a != PASS {
                    self.remove_tile(p, a);
                }
                self.acted += 1;
                self.lodge_next();
            }
            Step::RoyalSupplier => self.supplier_act(p, a),
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
                _ if a >= FOREST => {
                    let k = (a - FOREST) as usize;
                    self.plantation_row.0[k] -= 1;
                    self.take_forest(p, k);
                    self.placed(p, FOREST_TILE as usize);
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
                    let t = self.last_tile.unwrap_or(0) as usize;
                    if t == FOREST_TILE as usize {
                        // A forest has no circle: the colonist goes to the windrose (A23).
                        self.pm(p).san_juan += 1;
                    } else {
                        self.pm(p).island_colonists.0[t % NUM_TILES] += 1;
                    }
                }
                self.last_tile = None;
                self.settle_done();
            }
            Step::MayorPrivilege => {
                if a == ACCEPT {
                    // The library doubles the privilege: 2 colonists (as many as are left).
                    let c = if self.doubled {
                        self.colonist_supply.min(2)
                    } else {
                        1
                    };
                    self.colonist_supply -= c;
                    self.pm(p).san_juan += c;
                }
                self.mayor_distribute();
            }
            Step::Arrange => {
                if self.nobles.is_some() {
                    self.arrange_place(p, a);
                } else {
                    let t = if a >= PLACE_X {
                        (a - PLACE_X) as usize + BASE_TARGETS
                    } else {
                        (a - PLACE) as usize
                    };
                    self.place(p, t);
                    self.floor = t as u8;
                }
                if self.arrange_settle(p) {
                    self.acted += 1;
                    self.arrange_next();
                }
            }
            Step::Build => {
                if a == PASS {
                    self.acted += 1;
                    self.build_next();
                } else if a >= crate::actions::BUILD_N {
                    self.build(p, (a - crate::actions::BUILD_N) as usize + X_BUILDINGS);
                } else if a >= BUILD_X {
                    self.build(p, (a - BUILD_X) as usize + BASE_BUILDINGS);
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
                self.after_build(p);
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
                self.bonus_barrel(g);
                self.craft_bonus_next();
            }
            Step::Trade => {
                if a >= crate::actions::LAND_BUY {
                    return self.land_office(p, a);
                }
                if a >= TRADING_POST {
                    self.trading_post(p, (a - TRADING_POST) as usize);
                } else if a != PASS {
                    self.sell(p, (a - SELL) as usize);
                }
                if a == PASS {
                    self.acted += 1;
                    self.trade_next();
                } else {
                    self.after_sale(p);
                }
            }
            Step::Load => {
                if a == PASS {
                    self.no_load_turns += 1;
                } else if a >= SMALL_WHARF {
                    self.small_wharf_used |= 1 << p;
                    self.todo = 0;
                    self.warehoused = 0;
                    return self.small_wharf_add(p, (a - SMALL_WHARF) as usize);
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
                self.kept.0[g] += 1;
                self.floor = g as u8;
                if self.keep_settle(p) {
                    self.acted += 1;
                    self.store_next();
                }
            }
            Step::Draft => {
                let b = if a >= crate::actions::DRAFT_N {
                    (a - crate::actions::DRAFT_N) as usize + X_BUILDINGS
                } else {
                    (a - DRAFT) as usize
                };
                self.set_buildings(self.building_set | 1 << b);
                self.acted += 1;
                if self.building_set.count_ones() >= SET_SIZE {
                    self.acted = 0;
                    self.step = Step::ChooseRole;
                }
            }
            Step::BlackMarketColonist => {
                if a >= crate::actions::BM_NOBLE {
                    // Expansion II: a noble goes back to the noble supply.
                    self.bm_return_noble(p, (a - crate::actions::BM_NOBLE) as usize);
                    self.bm_cut += 1;
                } else if a != PASS {
                    let t = if a >= crate::actions::BM_COLONIST_N {
                        (a - crate::actions::BM_COLONIST_N) as usize + X_TARGETS
                    } else if a == BM_COLONIST + X_TARGETS as Action {
                        NUM_TARGETS
                    } else {
                        (a - BM_COLONIST) as usize
                    };
                    self.remove_person(p, t);
                    if self.config.str("black_market_returns") == "out_of_game" {
                        self.removed_colonists += 1;
                    } else {
                        self.colonist_supply += 1;
                    }
                    self.bm_cut += 1;
                }
                self.bm_next(Step::BlackMarketGood);
            }
            Step::BlackMarketGood => {
                if a != PASS {
                    let g = (a - BM_GOOD) as usize;
                    self.pm(p).goods.0[g] -= 1;
                    self.goods_supply.0[g] += 1;
                    self.bm_cut += 1;
                }
                self.bm_next(Step::BlackMarketVp);
            }
            Step::BlackMarketVp => {
                if a == BM_VP {
                    self.pm(p).vp -= 1;
                    if self.config.str("black_market_returns") == "out_of_game" {
                        self.removed_vp += 1;
                    } else {
                        self.vp_supply += 1;
                    }
                    self.bm_cut += 1;
                }
                self.bm_next(Step::GameOver);
            }
            Step::SmallWharf => {
                if a == PASS {
                    self.small_wharf_ship(p);
                } else {
                    self.small_wharf_add(p, (a - SMALL_WHARF) as usize);
                }
            }
            Step::GuestHouse => {
                // PASS: the actor is done with this window.
                self.guest_queue &= !(1 << p);
                self.guest_window_next();
            }
        }
    }
}
