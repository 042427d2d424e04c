//! The flow of a round: picks, each role's turns in order, draws and reshuffles, the round's end.

use crate::*;

impl SanJuan {
    pub(crate) fn picks_per_round(&self) -> u8 {
        if self.n == 2 {
            3
        } else {
            self.n
        }
    }

    pub(crate) fn picker(&self, pick: u8) -> u8 {
        if self.n == 2 {
            (self.governor + if pick == 1 { 1 } else { 0 }) % 2
        } else {
            (self.governor + pick) % self.n
        }
    }

    pub(crate) fn draw(&mut self, k: u32, to: DrawTo) {
        self.pending = k.min(255) as u8;
        self.draw_to = to;
        self.settle();
    }

    pub(crate) fn reshuffle(&mut self) {
        for k in 0..KINDS {
            self.supply[k] = self.supply[k].saturating_add(self.discard[k]);
        }
        self.discard = [0; KINDS];
        self.disc_public = [0; KINDS];
        for s in self.s.iter_mut() {
            s.known_disc = [0; KINDS];
        }
    }

    /// Reshuffle lazily when a draw is due; stop at a chance node or continue the phase.
    pub(crate) fn settle(&mut self) {
        if self.pending > 0 && total(&self.supply) == 0 {
            self.reshuffle();
            if total(&self.supply) == 0 {
                // Both piles are empty: the remaining draws yield nothing (A16).
                self.pending = 0;
            }
        }
        if self.pending == 0 {
            self.after_draws();
        }
    }

    pub(crate) fn after_draws(&mut self) {
        let p = self.a();
        match self.phase {
            Phase::BuildBonus => {
                if self.stage == 1 {
                    self.stage = 2;
                    let seat = self.seat(p);
                    let n = (self.bc != POOR_HOUSE && seat.has(POOR_HOUSE) && seat.hand_size() <= 1)
                        as u32;
                    self.draw(n, DrawTo::Hand);
                } else {
                    self.next_turn();
                }
            }
            Phase::Produce
                if self.left == 0
                    || !self.empty_from(p, self.floor)
                    || self.cards_available() == 0 =>
            {
                self.finish_produce();
            }
            Phase::Well | Phase::SellDraws => self.next_turn(),
            Phase::CouncilDraw => {
                let seat = self.seat(p);
                let keep = (1 + seat.has(PREFECTURE) as u8).min(self.count);
                let archive = seat.has(ARCHIVE);
                self.floor = 0;
                if archive {
                    self.left = self.count - keep;
                    if self.left > 0 {
                        self.phase = Phase::CouncilDiscard;
                    } else {
                        self.next_turn();
                    }
                } else if keep == self.count {
                    let d = self.drawn;
                    let seat = &mut self.s[p];
                    for k in 0..KINDS {
                        seat.hand[k] += d[k];
                    }
                    self.drawn = [0; KINDS];
                    self.next_turn();
                } else {
                    self.left = keep;
                    self.phase = Phase::CouncilKeep;
                }
            }
            Phase::ProspectDraw => {
                self.offset = 0;
                self.gold_next();
            }
            Phase::GoldReveal => {
                let mut costs = 0u32;
                let mut ok = true;
                for k in 0..KINDS {
                    match self.revealed[k] {
                        0 => {}
                        1 => {
                            let bit = 1u32 << COST[k];
                            if costs & bit != 0 {
                                ok = false;
                            }
                            costs |= bit;
                        }
                        _ => ok = false,
                    }
                }
                if ok && total(&self.revealed) > 0 {
                    self.phase = Phase::GoldKeep;
                } else {
                    self.discard_revealed();
                    self.offset += 1;
                    self.gold_next();
                }
            }
            _ => {}
        }
    }

    pub(crate) fn discard_revealed(&mut self) {
        for k in 0..KINDS {
            self.discard[k] += self.revealed[k];
            self.disc_public[k] += self.revealed[k];
        }
        self.revealed = [0; KINDS];
    }

    pub(crate) fn gold_next(&mut self) {
        while self.offset < self.n {
            let p = (self.chooser + self.offset) % self.n;
            if self.seat(p as usize).has(GOLD_MINE) && self.cards_available() >= 4 {
                self.actor = p;
                if self.strict {
                    self.phase = Phase::GoldOffer;
                } else {
                    self.phase = Phase::GoldReveal;
                    self.draw(4, DrawTo::Revealed);
                }
                return;
            }
            self.offset += 1;
        }
        self.end_role();
    }

    pub(crate) fn next_turn(&mut self) {
        self.offset += 1;
        if self.offset >= self.n {
            self.end_role();
        } else {
            let p = (self.chooser + self.offset) % self.n;
            self.begin_turn(p);
        }
    }

    pub(crate) fn begin_turn(&mut self, p: u8) {
        self.actor = p;
        let pu = p as usize;
        let chooser = p == self.chooser;
        let lib = (chooser && self.lib_now) as u8;
        self.floor = 0;
        self.count = 0;
        self.sum = 0;
        self.stage = 0;
        match self.role {
            BUILDER => {
                // Skip only on public grounds (an empty hand): skipping a player whose cards are
                // all unbuildable would tell the others so.
                if self.seat(pu).hand_size() > 0 {
                    self.phase = Phase::Build;
                    self.bc = NONE;
                    self.bt = NONE;
                } else {
                    self.next_turn();
                }
            }
            PRODUCER => {
                let l = 1 + (chooser as u8) * (1 + lib) + self.seat(pu).has(AQUEDUCT) as u8;
                if self.empty_from(pu, 0) && self.cards_available() > 0 {
                    self.phase = Phase::Produce;
                    self.left = l;
                } else {
                    self.next_turn();
                }
            }
            TRADER => {
                let l = 1 + (chooser as u8) * (1 + lib) + self.seat(pu).has(TRADING_POST) as u8;
                if self.seat(pu).goods() > 0 {
                    self.phase = Phase::Sell;
                    self.left = l;
                } else {
                    self.next_turn();
                }
            }
            COUNCILOR => {
                if self.strict {
                    self.phase = Phase::CouncilOffer;
                } else {
                    self.council_draw();
                }
            }
            _ => self.end_role(),
        }
    }

    pub(crate) fn council_draw(&mut self) {
        let p = self.a();
        let chooser = p == self.chooser as usize;
        let lib = (chooser && self.lib_now) as u32;
        let d = 2 + (chooser as u32) * (3 + 3 * lib);
        self.phase = Phase::CouncilDraw;
        let to = if self.seat(p).has(ARCHIVE) {
            DrawTo::Hand
        } else {
            DrawTo::Drawn
        };
        self.draw(d, to);
    }

    pub(crate) fn start_role(&mut self) {
        self.offset = 0;
        match self.role {
            TRADER => {
                if self.trades < 4 {
                    self.phase = Phase::TileReveal;
                    self.actor = self.chooser;
                } else {
                    let idx = (self.trades % 5) as usize;
                    if self.trades == 4 {
                        let missing = (0..5u8).find(|t| !self.tiles[..4].contains(t)).unwrap_or(0);
                        self.tiles[4] = missing;
                    }
                    self.tile = self.tiles[idx];
                    self.trades = self.trades.saturating_add(1);
                    self.trader_begin();
                }
            }
            PROSPECTOR => {
                self.actor = self.chooser;
                if self.strict {
                    self.phase = Phase::ProspectOffer;
                } else {
                    self.phase = Phase::ProspectDraw;
                    self.draw(1 + self.lib_now as u32, DrawTo::Hand);
                }
            }
            _ => self.begin_turn(self.chooser),
        }
    }

    /// The tile is known: the 2-player library decision if due, else the chooser sells first.
    pub(crate) fn trader_begin(&mut self) {
        if self.stage == 1 {
            self.stage = 0;
            self.actor = self.chooser;
            self.phase = Phase::Library;
        } else {
            self.begin_turn(self.chooser);
        }
    }

    pub(crate) fn end_role(&mut self) {
        self.lib_now = false;
        if self.role == BUILDER && self.s.iter().take(self.nn()).any(|s| s.nslots >= 12) {
            self.phase = Phase::GameOver;
            return;
        }
        self.role = NONE;
        self.pick += 1;
        if self.pick >= self.picks_per_round() {
            self.end_round();
        } else {
            self.actor = self.picker(self.pick);
            self.phase = Phase::PickRole;
        }
    }

    pub(crate) fn end_round(&mut self) {
        if self.round >= self.max_rounds {
            self.truncated = true;
            self.phase = Phase::GameOver;
            return;
        }
        self.round += 1;
        self.governor = (self.governor + 1) % self.n;
        self.roles = [NONE; 5];
        self.lib_used = false;
        self.pick = 0;
        self.offset = 0;
        self.chapel_next();
    }

    pub(crate) fn chapel_next(&mut self) {
        while self.offset < self.n {
            let p = (self.governor + self.offset) % self.n;
            let seat = self.seat(p as usize);
            if seat.has(CHAPEL) && seat.hand_size() > 0 {
                self.actor = p;
                self.phase = Phase::Chapel;
                return;
            }
            self.offset += 1;
        }
        self.offset = 0;
        self.limit_next();
    }

    pub(crate) fn limit_next(&mut self) {
        while self.offset < self.n {
            let p = (self.governor + self.offset) % self.n;
            let seat = self.seat(p as usize);
            let lim = if seat.has(TOWER) { 12 } else { 7 };
            let h = seat.hand_size();
            if h > lim {
                self.actor = p;
                self.phase = Phase::HandLimit;
                self.left = (h - lim).min(255) as u8;
                self.floor = 0;
                return;
            }
            self.offset += 1;
        }
        self.begin_picks();
    }

    pub(crate) fn draft_next(&mut self) {
        while self.offset < self.n {
            let p = (self.governor + self.offset) % self.n;
            let h = self.seat(p as usize).hand_size();
            if h > 4 {
                self.actor = p;
                self.phase = Phase::Draft;
                self.left = (h - 4).min(255) as u8;
                self.floor = 0;
                return;
            }
            self.offset += 1;
        }
        self.begin_picks();
    }

    pub(crate) fn begin_picks(&mut self) {
        self.pick = 0;
        self.offset = 0;
        self.actor = self.governor;
        self.phase = Phase::PickRole;
    }

    pub(crate) fn finish_produce(&mut self) {
        let p = self.a();
        if self.count >= 2 && self.seat(p).has(WELL) {
            self.phase = Phase::Well;
            self.draw(1, DrawTo::Hand);
        } else {
            self.next_turn();
        }
    }

    pub(crate) fn finish_sell(&mut self) {
        let p = self.a();
        let seat = self.seat(p);
        let extra = self.sum as u32
            + (self.count >= 1 && seat.has(MARKET_HALL)) as u32
            + (self.count >= 2 && seat.has(MARKET_STAND)) as u32;
        self.phase = Phase::SellDraws;
        self.draw(extra, DrawTo::Hand);
    }

    pub(crate) fn start_pay(&mut self) {
        let p = self.a();
        self.left = self.build_cost(p, self.bc, self.bt);
        self.bm = 0;
        self.floor = 0;
        if self.left == 0 {
            self.place();
        } else {
            self.phase = Phase::BuildPay;
        }
    }

    pub(crate) fn place(&mut self) {
        let p = self.a();
        let (x, t) = (self.bc, self.bt);
        let mut lost = NONE;
        {
            let seat = &mut self.s[p];
            if t != NONE && (t as usize) < seat.nslots as usize {
                let old = seat.slots[t as usize];
                if let Some(c) = seat.covered.get_mut(old.b as usize) {
                    *c += 1;
                }
                lost = old.good;
                seat.slots[t as usize] = Slot { b: x, good: NONE };
            } else if (seat.nslots as usize) < MAX_SLOTS {
                seat.slots[seat.nslots as usize] = Slot { b: x, good: NONE };
                seat.nslots += 1;
            }
            seat.rebuild_mask();
        }
        if let Some(d) = self.discard.get_mut(lost as usize) {
            *d += 1;
        }
        self.phase = Phase::BuildBonus;
        self.stage = 1;
        let n = (is_violet(x) && x != CARPENTER && self.seat(p).has(CARPENTER)) as u32;
        self.draw(n, DrawTo::Hand);
    }

    /// A hidden discard from `p`'s hand into the discard pile.
    pub(crate) fn hidden_discard(&mut self, p: usize, k: usize) {
        let seat = &mut self.s[p];
        seat.hand[k] -= 1;
        seat.known_disc[k] += 1;
        seat.known_hand = [0; KINDS];
        self.discard[k] += 1;
    }
}
