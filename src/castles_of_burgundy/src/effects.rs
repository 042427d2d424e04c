//! What an action does: taking, storing, placing (regions, colour bonuses, tile effects), selling,
//! shipping goods, paying with a die.

use crate::*;

impl CastlesOfBurgundy {
    /// Put `tile` into storage, or ask for a discard if storage is full.
    pub(crate) fn store(&mut self, p: usize, tile: Tile) {
        if let Some(slot) = self.players[p].storage.iter_mut().find(|s| s.is_none()) {
            *slot = Some(tile);
            self.pending = Pending::None;
        } else {
            self.pending = Pending::Discard { tile };
        }
    }

    pub(crate) fn sell(&mut self, p: usize, t: usize) {
        let k = self.know(p);
        let vp_per = self.n() as i32;
        let pl = &mut self.players[p];
        let count = pl.goods[t];
        pl.goods[t] = 0;
        pl.sold[t] += count;
        pl.vp += vp_per * count as i32;
        pl.silverlings += if k.has(3) { 2 } else { 1 };
        if k.has(4) {
            pl.workers += 1;
        }
    }

    /// Place `tile` on `cell` and resolve it (spec 8: region, colour bonus, effect).
    pub(crate) fn place(&mut self, p: usize, tile: Tile, cell: usize) {
        let b = self.board_of(p);
        self.players[p].estate.set(cell, Some(tile));
        let occ = self.occ(p);
        let k = self.know(p);
        let phase = self.phase.index();
        // Region completion.
        let rm = b.region_cells[b.region[cell] as usize];
        if occ & rm == rm {
            let size = rm.count_ones() as usize;
            self.players[p].vp += REGION_VP.get(size).copied().unwrap_or(36) + PHASE_BONUS[phase];
        }
        // Colour bonus.
        let col = tile.colour().index();
        let cm = b.colour_cells[col];
        if occ & cm == cm && self.players[p].bonuses[col] == Bonus::None {
            let large_taken = self.players.iter().any(|q| q.bonuses[col] == Bonus::Large);
            let small_taken = self.players.iter().any(|q| q.bonuses[col] == Bonus::Small);
            let n = self.n() as i32;
            if !large_taken {
                self.players[p].bonuses[col] = Bonus::Large;
                self.players[p].vp += n + 3;
            } else if !small_taken {
                self.players[p].bonuses[col] = Bonus::Small;
                self.players[p].vp += n;
            }
        }
        self.pending = Pending::None;
        // The tile's own effect.
        match tile.colour() {
            Colour::Building => match tile.0 {
                WAREHOUSE => self.pending = Pending::Warehouse,
                CARPENTER | CHURCH | MARKET => self.pending = Pending::FreeTake { building: tile },
                BOARDING_HOUSE => self.players[p].workers += 4,
                BANK => self.players[p].silverlings += 2,
                CITY_HALL => self.pending = Pending::CityHall,
                _ => self.players[p].vp += 4,
            },
            Colour::Pasture => {
                let (species, _) = tile.animal_info().unwrap_or((0, 2));
                let mut animals = 0i32;
                let mut tiles = 0i32;
                let mut m = rm;
                while m != 0 {
                    let c = m.trailing_zeros() as usize;
                    m &= m - 1;
                    if let Some((s, cnt)) = self.players[p].estate[c].and_then(|t| t.animal_info())
                    {
                        if s == species {
                            animals += cnt as i32;
                            tiles += 1;
                        }
                    }
                }
                self.players[p].vp += animals + if k.has(7) { tiles } else { 0 };
            }
            Colour::Castle => self.pending = Pending::Castle,
            Colour::Ship => {
                let me = &self.players[p];
                let pos = me.track_position + 1;
                let top = self
                    .players
                    .iter()
                    .enumerate()
                    .filter(|(q, o)| *q != p && o.track_position == pos)
                    .map(|(_, o)| o.track_height + 1)
                    .max()
                    .unwrap_or(0);
                self.players[p].track_position = pos;
                self.players[p].track_height = top;
                self.pending = Pending::ShipDepot;
            }
            Colour::Mine | Colour::Knowledge => {}
        }
    }

    /// Take the goods of the chosen depot(s): held types automatically, new types if they fit.
    pub(crate) fn ship_take(&mut self, p: usize, first: u8, second: Option<u8>, discarded: bool) {
        let depots: [Option<u8>; 2] = [Some(first), second];
        let take_type = |g: &mut Self, t: usize| {
            for d in depots.iter().flatten() {
                let d = *d as usize;
                let c = g.depot_goods[d][t];
                g.depot_goods[d][t] = 0;
                g.players[p].goods[t] += c;
            }
        };
        for t in 0..6 {
            if self.players[p].goods[t] > 0 {
                take_type(self, t);
            }
        }
        let new = self.ship_new_types(p, first, second);
        let n_new = new.iter().filter(|&&x| x).count();
        let free = 3usize.saturating_sub(self.held_types(p));
        if n_new <= free {
            for t in 0..6 {
                if new[t] {
                    take_type(self, t);
                }
            }
            self.pending = Pending::None;
        } else if free == 0 && (discarded || !self.config.bool("overflow_may_discard_stored")) {
            self.pending = Pending::None;
        } else {
            self.pending = Pending::ShipGoods {
                first,
                second,
                discarded,
            };
        }
    }

    /// Pay the worker cost of using source `src` for `target` and mark the die used.
    pub(crate) fn use_src(&mut self, p: usize, src: usize, target: Option<u8>, free: bool) {
        let k = self.know(p);
        if src < 2 {
            let v = self.players[p].dice[src];
            let c = target.map_or(0, |t| worker_cost(v, t, free, k.has(8)));
            let pl = &mut self.players[p];
            pl.workers -= c;
            pl.dice_used[src] = true;
        }
        self.pending = Pending::None;
    }

    pub(crate) fn apply_player(&mut self, p: usize, a: Action) {
        let k = self.know(p);
        match a {
            _ if a < PLACE => {
                let i = (a - TAKE) as usize;
                let (src, d, s) = (i / 24, i % 24 / 4, i % 4);
                self.use_src(p, src, Some(d as u8 + 1), k.has(12));
                if let Some(t) = self.depots[d][s].take() {
                    self.store(p, t);
                }
            }
            _ if a < SELL => {
                let i = (a - PLACE) as usize;
                let (src, j, c) = (i / 111, i % 111 / 37, i % 37);
                if let Some(tile) = self.players[p].storage[j] {
                    let free = Self::place_free(tile, k);
                    let die = self.board_of(p).die[c];
                    self.use_src(p, src, Some(die), free);
                    self.players[p].storage[j] = None;
                    self.place(p, tile, c);
                }
            }
            _ if a < WORKERS => {
                let i = (a - SELL) as usize;
                let (src, t) = (i / 6, i % 6);
                self.use_src(p, src, Some(t as u8 + 1), false);
                self.sell(p, t);
            }
            _ if a < BUY_BLACK => {
                let src = (a - WORKERS) as usize;
                self.use_src(p, src, None, false);
                let pl = &mut self.players[p];
                pl.workers += if k.has(14) { 4 } else { 2 };
                if k.has(13) {
                    pl.silverlings += 1;
                }
            }
            _ if a < FREE_TAKE => {
                self.purchased = true;
                self.players[p].silverlings -= 2;
                let t = if a < BUY_DEPOT {
                    self.black_depot[(a - BUY_BLACK) as usize].take()
                } else {
                    let i = (a - BUY_DEPOT) as usize;
                    self.depots[i / 4][i % 4].take()
                };
                if let Some(t) = t {
                    self.store(p, t);
                }
            }
            _ if a < DISCARD => {
                let i = (a - FREE_TAKE) as usize;
                self.pending = Pending::None;
                if let Some(t) = self.depots[i / 4][i % 4].take() {
                    self.store(p, t);
                }
            }
            _ if a < SHIP_DEPOT => {
                if let Pending::Discard { tile } = self.pending {
                    let j = (a - DISCARD) as usize;
                    if let Some(old) = self.players[p].storage[j].replace(tile) {
                        self.boxed[old.0 as usize] += 1;
                    }
                }
                self.pending = Pending::None;
            }
            _ if a < SHIP_PAIR => self.ship_take(p, (a - SHIP_DEPOT) as u8, None, false),
            _ if a < SHIP_KEEP => {
                let d = (a - SHIP_PAIR) as u8;
                self.ship_take(p, d, Some((d + 1) % 6), false)
            }
            _ if a < DECLINE => {
                if let Pending::ShipGoods {
                    first,
                    second,
                    discarded,
                } = self.pending
                {
                    let t = (a - SHIP_KEEP) as usize;
                    for d in [Some(first), second].into_iter().flatten() {
                        let d = d as usize;
                        let c = self.depot_goods[d][t];
                        self.depot_goods[d][t] = 0;
                        self.players[p].goods[t] += c;
                    }
                    self.ship_take(p, first, second, discarded);
                }
            }
            DECLINE => self.pending = Pending::None,
            END_TURN => self.end_turn(),
            _ if a < CHOOSE_CASTLE => {
                if let Step::ChooseBoard { idx } = self.step {
                    let secret = self.config.bool("secret_board_choice");
                    let pl = &mut self.players[p];
                    pl.board = (a - CHOOSE_BOARD + 1) as u8;
                    if !secret {
                        // Open choice: the choice is public at once. A secret choice keeps the
                        // dealt sides visible until the reveal.
                        pl.board_sides = None;
                    }
                    self.step = Step::ChooseCastle { idx };
                }
            }
            _ if a < DISCARD_GOODS => {
                if let Step::ChooseCastle { idx } = self.step {
                    self.players[p]
                        .estate
                        .set((a - CHOOSE_CASTLE) as usize, Some(Tile(CASTLE)));
                    self.after_setup_choice(idx as usize);
                }
            }
            _ => {
                if let Pending::ShipGoods { first, second, .. } = self.pending {
                    let t = (a - DISCARD_GOODS) as usize;
                    let pl = &mut self.players[p];
                    self.goods_discarded[t] += pl.goods[t];
                    pl.goods[t] = 0;
                    self.ship_take(p, first, second, true);
                }
            }
        }
    }
}
