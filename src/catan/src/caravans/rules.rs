//! B7 rules: camels, the vote after the turn, the module actions.

use super::*;

impl Catan {
    /// The main phase built a settlement or a city (a camel is due after the turn, §B7.2).
    #[inline]
    pub(crate) fn caravans_built(&mut self) {
        if let Some(c) = &mut self.modules.caravans {
            c.built = c.built.saturating_add(1);
        }
    }

    /// `end turn` with the scenario on: the camel vote first when one is due (D-53: the turn is
    /// over, the builder's victory check has been made), then the next player's turn.
    pub(crate) fn caravans_end_turn(&mut self) {
        let Some(c) = &mut self.modules.caravans else {
            self.end_turn();
            return;
        };
        c.owed = match c.built {
            0 => 0,
            k if c.opts.per_build => k,
            _ => 1,
        };
        self.next_camel();
    }

    /// Start the vote for the next owed camel; with no choice the camel is placed at once; with
    /// none owed (or no spot, or no camel left) the next player's turn begins.
    pub(crate) fn next_camel(&mut self) {
        loop {
            let Some(c) = &mut self.modules.caravans else {
                return;
            };
            let (list, k) = c.spots();
            c.bids = [[0; 2]; MAX_PLAYERS];
            c.declared = [NONE; MAX_PLAYERS];
            c.pickers = [NONE; 2];
            c.excl_head = NONE;
            if c.owed == 0 || k == 0 {
                c.owed = 0;
                c.built = 0;
                self.end_turn();
                return;
            }
            if k == 1 {
                // A vote over a single spot decides nothing: nobody would pay for it (engine
                // decision, no dominated bid actions). With Catan for Two the second camel would
                // need another caravan, and no other caravan can grow (D-55).
                c.owed -= 1;
                self.place_camel(list[0]);
                continue;
            }
            let cur = self.current;
            self.begin_bid(cur as usize);
            return;
        }
    }

    /// Seat `p` bids next (seat order from the player whose turn ended): wool, then grain.
    /// Only a player without any card skips his bid: the test uses the public hand size, so
    /// the phase never tells the others whether he holds wool or grain.
    pub(crate) fn begin_bid(&mut self, mut p: usize) {
        let n = self.n();
        let cur = self.current as usize;
        loop {
            if self.hand_size(p) > 0 {
                self.phase = Phase::CamelBidWool;
                break;
            }
            p = (p + 1) % n;
            if p == cur {
                self.end_bidding();
                return;
            }
        }
        if let Some(c) = &mut self.modules.caravans {
            c.actor = p as u8;
        }
    }

    pub(crate) fn after_bid(&mut self) {
        let n = self.n();
        let Some(c) = &self.modules.caravans else {
            return;
        };
        let next = (c.actor as usize + 1) % n;
        if next == self.current as usize {
            self.end_bidding();
        } else {
            self.begin_bid(next);
        }
    }

    /// Every player has bid: declarations (D-51), or with Catan for Two the picks (§B7.6).
    pub(crate) fn end_bidding(&mut self) {
        if self.modules.caravans.as_ref().is_some_and(|c| c.opts.two) {
            self.begin_two_picks();
        } else {
            self.begin_declare();
        }
    }

    /// Total votes bid by each seat.
    pub(crate) fn camel_votes(&self) -> [u32; MAX_PLAYERS] {
        match &self.modules.caravans {
            Some(c) => std::array::from_fn(|p| c.bids[p][0] as u32 + c.bids[p][1] as u32),
            None => [0; MAX_PLAYERS],
        }
    }

    /// D-51 step 2: the next bidder (seat order from the player whose turn ended) still to
    /// declare, or the outcome when it is decided.
    pub(crate) fn begin_declare(&mut self) {
        let n = self.n();
        let cur = self.current as usize;
        let votes = self.camel_votes();
        let total: u32 = votes.iter().sum();
        let Some(c) = &self.modules.caravans else {
            return;
        };
        // Step 3: a spot holding more than half of all votes wins (decided as soon as declared).
        let mut per_spot = [0u32; 2 * NE];
        for p in 0..n {
            if c.declared[p] != NONE {
                per_spot[c.declared[p] as usize] += votes[p];
            }
        }
        if total > 0 {
            if let Some(s) = (0..2 * NE).find(|&s| 2 * per_spot[s] > total) {
                self.place_camel(s as u8);
                self.vote_done();
                return;
            }
        }
        let next = (0..n)
            .map(|i| (cur + i) % n)
            .find(|&p| votes[p] > 0 && c.declared[p] == NONE);
        if let Some(p) = next {
            if let Some(c) = &mut self.modules.caravans {
                c.actor = p as u8;
            }
            self.phase = Phase::CamelDeclare;
            return;
        }
        // Step 4: the sole top bidder's spot; step 5: the player whose turn ended picks.
        let top = votes[..n].iter().copied().max().unwrap_or(0);
        let at_top: Vec<usize> = (0..n).filter(|&p| votes[p] == top).collect();
        if let ([p], true) = (&at_top[..], top > 0) {
            let s = c.declared[*p];
            self.place_camel(s);
            self.vote_done();
        } else {
            let cur = self.current;
            self.begin_pick([cur, NONE]);
        }
    }

    /// Catan for Two (§B7.6): the player who bid more places both camels (on two different
    /// caravans); on a tie each places one, the player whose turn ended first.
    pub(crate) fn begin_two_picks(&mut self) {
        let votes = self.camel_votes();
        let cur = (self.current as usize).min(1);
        let o = 1 - cur;
        let pickers = if votes[cur] > votes[o] {
            [cur, cur]
        } else if votes[o] > votes[cur] {
            [o, o]
        } else {
            [cur, o]
        };
        self.begin_pick([pickers[0] as u8, pickers[1] as u8]);
    }

    /// A player picks a spot (`camel_pick`).
    pub(crate) fn begin_pick(&mut self, pickers: [u8; 2]) {
        if let Some(c) = &mut self.modules.caravans {
            c.pickers = pickers;
            c.excl_head = NONE;
            c.actor = pickers[0];
        }
        self.phase = Phase::CamelPick;
    }

    /// After a pick: the second camel of a Catan-for-Two vote (with a single legal spot it is
    /// placed without a decision; with none, one camel only, D-55), else the vote is over.
    pub(crate) fn after_pick(&mut self, s: u8) {
        let Some(c) = &mut self.modules.caravans else {
            return;
        };
        if c.pickers[1] != NONE {
            let same = c.pickers[0] == c.pickers[1];
            c.pickers = [c.pickers[1], NONE];
            c.actor = c.pickers[0];
            c.excl_head = if same {
                spot_parts(Geometry::base(), s).1 as u8
            } else {
                NONE
            };
            let (l, k) = c.pick_spots();
            match k {
                0 => self.vote_done(),
                1 => {
                    self.place_camel(l[0]);
                    self.vote_done();
                }
                _ => self.phase = Phase::CamelPick,
            }
        } else {
            self.vote_done();
        }
    }

    /// Place a camel: caravans, bonus points, and Longest Road (a road under it now counts 2).
    pub(crate) fn place_camel(&mut self, s: u8) {
        let Some(c) = &mut self.modules.caravans else {
            return;
        };
        c.place(s);
        let e = (s / 2) as usize;
        // Neutral roads (Catan for Two) count for Longest Road too.
        let owner = (0..self.road_seats()).find(|&p| self.roads[p] & (1u128 << e) != 0);
        if let Some(p) = owner {
            let l = self.longest_road_of(p);
            if l != self.road_len[p] {
                self.road_len[p] = l;
                self.update_longest_road();
            }
        }
    }

    /// This vote is over: the next owed vote, or the next player's turn.
    pub(crate) fn vote_done(&mut self) {
        if let Some(c) = &mut self.modules.caravans {
            c.owed = c.owed.saturating_sub(1);
        }
        self.next_camel();
    }

    pub(crate) fn caravans_is_legal(&self, a: u32) -> bool {
        let Some(c) = &self.modules.caravans else {
            return false;
        };
        let p = c.actor as usize;
        match self.phase {
            Phase::CamelBidWool => {
                (A_BID_WOOL..A_BID_GRAIN).contains(&a)
                    && (a - A_BID_WOOL) as u8 <= self.hand[p][WOOL]
            }
            Phase::CamelBidGrain => {
                (A_BID_GRAIN..A_ROBBER_OFF).contains(&a)
                    && (a - A_BID_GRAIN) as u8 <= self.hand[p][GRAIN]
            }
            Phase::CamelDeclare => {
                (A_CAMEL..A_BID_WOOL).contains(&a) && c.is_spot((a - A_CAMEL) as u8)
            }
            Phase::CamelPick => {
                (A_CAMEL..A_BID_WOOL).contains(&a) && {
                    let (l, k) = c.pick_spots();
                    l[..k].contains(&((a - A_CAMEL) as u8))
                }
            }
            _ => false,
        }
    }

    pub(crate) fn caravans_legal(&self, out: &mut Vec<u32>) {
        let Some(c) = &self.modules.caravans else {
            return;
        };
        let p = c.actor as usize;
        match self.phase {
            Phase::CamelBidWool => {
                out.extend((0..=self.hand[p][WOOL] as u32).map(|k| A_BID_WOOL + k));
            }
            Phase::CamelBidGrain => {
                out.extend((0..=self.hand[p][GRAIN] as u32).map(|k| A_BID_GRAIN + k));
            }
            Phase::CamelDeclare | Phase::CamelPick => {
                let (l, k) = if self.phase == Phase::CamelPick {
                    c.pick_spots()
                } else {
                    c.spots()
                };
                out.extend(l[..k].iter().map(|&s| A_CAMEL + s as u32));
            }
            _ => {}
        }
    }

    pub(crate) fn caravans_apply(&mut self, a: u32) {
        let Some(c) = &mut self.modules.caravans else {
            return;
        };
        let p = c.actor as usize;
        match self.phase {
            Phase::CamelBidWool | Phase::CamelBidGrain => {
                let (r, k) = if self.phase == Phase::CamelBidWool {
                    (WOOL, (a - A_BID_WOOL) as u8)
                } else {
                    (GRAIN, (a - A_BID_GRAIN) as u8)
                };
                c.bids[p][(r == GRAIN) as usize] = k;
                // Bid cards lie face up and go to the bank whatever the outcome (§B7.5.7); no
                // card can leave the bank during the vote, so they go there at once.
                if k > 0 {
                    self.lose(p, r, k);
                    self.bank[r] += k;
                }
                if self.phase == Phase::CamelBidWool && self.hand_size(p) > 0 {
                    self.phase = Phase::CamelBidGrain;
                } else {
                    self.after_bid();
                }
            }
            Phase::CamelDeclare => {
                c.declared[p] = (a - A_CAMEL) as u8;
                self.begin_declare();
            }
            Phase::CamelPick => {
                let s = (a - A_CAMEL) as u8;
                self.place_camel(s);
                self.after_pick(s);
            }
            _ => {}
        }
    }

    /// The seat to act in a vote phase.
    pub(crate) fn caravans_actor(&self) -> usize {
        match (&self.modules.caravans, self.phase) {
            (
                Some(c),
                Phase::CamelBidWool | Phase::CamelBidGrain | Phase::CamelDeclare | Phase::CamelPick,
            ) => c.actor as usize,
            _ => self.current as usize,
        }
    }

    /// The Friendly Robber fallback is "beside the board" (D-03) and no hex is legal.
    pub(crate) fn robber_off_legal(&self) -> bool {
        self.modules.caravans.is_some() && self.robber_targets() == 0
    }

    /// Catan for Two (§B7.6): the token action "robber beside the board" (D-24: not when it is
    /// there already).
    pub(crate) fn token_robber_off_legal(&self) -> bool {
        self.modules.caravans.is_some()
            && self.robber_hex().is_some()
            && self.may_take_token_action()
    }
}
