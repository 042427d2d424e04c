//! B5 rules: fish tokens, the fish actions, the old boot, the module phases.

use super::*;

impl Catan {
    #[inline]
    pub(crate) fn fish(&self) -> Option<&State> {
        self.modules.fishermen.as_deref()
    }

    /// Fish owed to each player for a production of `sum` (§B5.3): settlements 1, cities 2 on the
    /// corners of every ground with that number, and of the lake on 2, 3, 11, 12 unless the
    /// robber stands on it (D-35).
    pub(crate) fn fish_catch(&self, sum: usize) -> [u8; MAX_PLAYERS] {
        let mut owed = [0u8; MAX_PLAYERS];
        let Some(f) = self.fish() else {
            return owed;
        };
        let mut corners: Vec<u64> = f
            .grounds
            .iter()
            .filter(|g| g.number as usize == sum)
            .map(|g| g.verts)
            .collect();
        if LAKE_NUMBERS.contains(&(sum as u8)) && self.robber != f.lake {
            corners.push(f.lake_corners);
        }
        for c in corners {
            for p in 0..self.n() {
                let k =
                    (self.settlements[p] & c).count_ones() + 2 * (self.cities[p] & c).count_ones();
                owed[p] = owed[p].saturating_add(k as u8);
            }
        }
        owed
    }

    /// After a production of `sum` (the phase is already set to the main phase): start the catch.
    pub(crate) fn fish_after_production(&mut self, sum: usize) {
        if self.modules.fishermen.is_none() {
            return;
        }
        let owed = self.fish_catch(sum);
        self.begin_catch(owed);
    }

    /// §B5.2 step 5 (D-32): a second set-up settlement next to a fishing ground or the lake
    /// draws one token.
    pub(crate) fn fish_after_setup_settlement(&mut self, p: usize, v: usize) {
        let Some(f) = self.fish() else {
            return;
        };
        // D-32: not with Catan for Two (fish come only from rolls, §B5.6).
        if (self.setup_step as usize) < self.n() || self.rules.two {
            return;
        }
        let bit = 1u64 << v;
        let near = f.lake_corners & bit != 0 || f.grounds.iter().any(|g| g.verts & bit != 0);
        if near {
            let mut owed = [0u8; MAX_PLAYERS];
            owed[p] = 1;
            self.begin_catch(owed);
        }
    }

    /// Start drawing `owed` tokens: capped at 7 fish each (D-34: a player with more owed may
    /// swap once); nobody draws if the supply and spent pile together cannot cover the draws
    /// (D-33).
    pub(crate) fn begin_catch(&mut self, owed: [u8; MAX_PLAYERS]) {
        let n = self.n();
        let Some(f) = self.modules.fishermen.as_deref_mut() else {
            return;
        };
        let mut draws = [0u8; MAX_PLAYERS];
        let mut swap = 0u8;
        for p in 0..n {
            let room = FISH_CAP.saturating_sub(f.fish_count(p)) as u8;
            draws[p] = owed[p].min(room);
            if owed[p] > room {
                swap |= 1 << p;
            }
        }
        let need: u32 = draws.iter().map(|&x| x as u32).sum();
        if need > f.supply_total() + f.spent_total() {
            return;
        }
        f.draws = draws;
        f.swap = swap;
        f.then_roll = self.phase == Phase::Roll;
        self.next_fish_step();
    }

    /// The player drawing or swapping now: seat order from the player whose turn it is, each
    /// player's draws before his swap.
    pub(crate) fn fish_drawer(&self) -> usize {
        let n = self.n();
        let cur = self.current as usize;
        let Some(f) = self.fish() else {
            return cur;
        };
        (0..n)
            .map(|i| (cur + i) % n)
            .find(|&p| f.draws[p] > 0 || f.swap & (1 << p) != 0)
            .unwrap_or(cur)
    }

    pub(crate) fn next_fish_step(&mut self) {
        let p = self.fish_drawer();
        let setup = (self.setup_step as usize) < 2 * self.n();
        let Some(f) = self.modules.fishermen.as_deref_mut() else {
            return;
        };
        if f.draws[p] > 0 {
            f.reshuffle_if_empty();
            self.phase = Phase::FishDraw;
        } else if f.swap & (1 << p) != 0 {
            self.phase = Phase::FishSwap;
        } else {
            self.phase = if setup {
                Phase::SetupRoad
            } else if std::mem::take(&mut f.then_roll) {
                Phase::Roll
            } else {
                Phase::Main
            };
        }
    }

    pub(crate) fn fish_chance(&self, out: &mut Vec<(u32, u32)>) {
        if let Some(f) = self.fish() {
            for k in 0..4 {
                if f.supply[k] > 0 {
                    out.push((C_FISH + k as u32, f.supply[k] as u32));
                }
            }
        }
    }

    /// The robber stands on the board (not beside it).
    #[inline]
    pub fn robber_on_board(&self) -> bool {
        self.robber_hex().is_some()
    }

    /// Players a 3-fish steal may take from: other players holding resource cards.
    pub(crate) fn fish_victims(&self) -> u8 {
        let me = self.current as usize;
        (0..self.n())
            .filter(|&q| q != me && self.hand_size(q) > 0)
            .fold(0u8, |m, q| m | (1 << q))
    }

    #[inline]
    pub(crate) fn fish_stealing(&self) -> bool {
        self.fish().is_some_and(|f| f.stealing)
    }

    pub(crate) fn fish_steal_done(&mut self) {
        if let Some(f) = self.modules.fishermen.as_deref_mut() {
            f.stealing = false;
        }
    }

    /// The price of fish action `kind` for `p`: §B5.4, one less with Catan for Two for the player
    /// with fewer public VP (§B5.6, G-1).
    pub fn fish_price(&self, p: usize, kind: usize) -> u8 {
        let base = KIND_COST[kind.min(4)];
        if self.rules.two && p < 2 && self.public_vp(p) < self.public_vp(1 - p) {
            base - 1
        } else {
            base
        }
    }

    /// Whether fish action `kind` can be carried out now by `p` (payment aside).
    pub(crate) fn fish_kind_ok(&self, p: usize, kind: usize) -> bool {
        match kind {
            K_ROBBER => self.robber_on_board(),
            K_STEAL => self.fish_victims() != 0,
            K_RESOURCE => self.bank.iter().any(|&b| b > 0),
            K_ROAD => {
                !self.road_blocked(p)
                    && self.roads[p].count_ones() < crate::MAX_ROADS
                    && self.road_spots(p) != 0
            }
            _ => self.deck.iter().any(|&d| d > 0),
        }
    }

    /// The old boot may be given to `q` now (§B5.5, D-36 public VP, D-38).
    pub(crate) fn boot_ok(&self, p: usize, q: usize) -> bool {
        let Some(f) = self.fish() else {
            return false;
        };
        if f.held[p][0] == 0 || q == p || q >= self.n() {
            return false;
        }
        let mine = self.public_vp(p);
        if self.public_vp(q) < mine {
            return false;
        }
        // With D-38 off a player tied for the lead must keep it ("the most" includes ties).
        f.tied_leader_may_give || (0..self.n()).any(|o| o != p && self.public_vp(o) > mine)
    }

    /// Main-phase legality of the module's ids.
    pub(crate) fn fish_main_legal(&self, a: u32) -> bool {
        let p = self.current as usize;
        let Some(f) = self.fish() else {
            return false;
        };
        if (A_PAY..A_BOOT).contains(&a) {
            let (kind, pay) = decode_pay(a);
            (0..3).all(|i| pay[i] <= f.held[p][i + 1])
                && pay_ok(pay, self.fish_price(p, kind), f.minimal_only)
                && self.fish_kind_ok(p, kind)
        } else if (A_BOOT..A_SWAP).contains(&a) {
            self.boot_ok(p, (a - A_BOOT) as usize)
        } else {
            false
        }
    }

    pub(crate) fn fish_main_actions(&self, out: &mut Vec<u32>) {
        let p = self.current as usize;
        let Some(f) = self.fish() else {
            return;
        };
        let h = f.held[p];
        if h[1] + h[2] + h[3] > 0 {
            for kind in 0..5 {
                if !self.fish_kind_ok(p, kind) {
                    continue;
                }
                let price = self.fish_price(p, kind);
                // Only the payments within the held tokens, in `PAYMENTS` order (lexicographic),
                // instead of testing all 120 per kind.
                for a in 0..=h[1].min(7) {
                    for b in 0..=h[2].min(7 - a) {
                        for c in 0..=h[3].min(7 - a - b) {
                            if pay_ok([a, b, c], price, f.minimal_only) {
                                let i = PAY_INDEX[a as usize][b as usize] as usize + c as usize;
                                out.push(A_PAY + (kind * NPAY + i) as u32);
                            }
                        }
                    }
                }
            }
        }
        if h[0] > 0 {
            for q in 0..self.n() {
                if self.boot_ok(p, q) {
                    out.push(A_BOOT + q as u32);
                }
            }
        }
    }

    /// Legality in the module's own phases.
    pub(crate) fn fish_phase_legal(&self, a: u32) -> bool {
        let p = self.current as usize;
        let Some(f) = self.fish() else {
            return false;
        };
        match self.phase {
            Phase::FishDraw => {
                (C_FISH..C_FISH + 4).contains(&a) && f.supply[(a - C_FISH) as usize] > 0
            }
            Phase::FishSwap => {
                a == A_KEEP
                    || ((A_SWAP..A_KEEP).contains(&a)
                        && f.held[self.fish_drawer()][(a - A_SWAP) as usize + 1] > 0)
            }
            Phase::FishTake => {
                (A_YOP..A_YOP + 5).contains(&a) && self.bank[(a - A_YOP) as usize] > 0
            }
            Phase::FishRoad => {
                (A_ROAD..crate::A_CITY).contains(&a)
                    && self.road_spots(p) & (1u128 << (a - A_ROAD)) != 0
            }
            _ => false,
        }
    }

    pub(crate) fn fish_phase_actions(&self, out: &mut Vec<u32>) {
        let p = self.current as usize;
        let Some(f) = self.fish() else {
            return;
        };
        match self.phase {
            Phase::FishDraw => {
                for k in 0..4 {
                    if f.supply[k] > 0 {
                        out.push(C_FISH + k as u32);
                    }
                }
            }
            Phase::FishSwap => {
                let d = self.fish_drawer();
                for v in 1..4 {
                    if f.held[d][v] > 0 {
                        out.push(A_SWAP + v as u32 - 1);
                    }
                }
                out.push(A_KEEP);
            }
            Phase::FishTake => {
                for r in 0..5 {
                    if self.bank[r] > 0 {
                        out.push(A_YOP + r as u32);
                    }
                }
            }
            Phase::FishRoad => {
                for e in crate::geometry::bits128(self.road_spots(p)) {
                    out.push(A_ROAD + e as u32);
                }
            }
            _ => {}
        }
    }

    /// Apply a legal action of the module's phases.
    pub(crate) fn fish_apply_phase(&mut self, a: u32) {
        let p = self.current as usize;
        let d = self.fish_drawer();
        match self.phase {
            Phase::FishDraw => {
                let k = (a - C_FISH) as usize;
                if let Some(f) = self.modules.fishermen.as_deref_mut() {
                    f.supply[k] -= 1;
                    f.held[d][k] += 1;
                    f.draws[d] -= 1;
                    f.reshuffle_if_empty();
                }
                self.next_fish_step();
            }
            Phase::FishSwap => {
                if let Some(f) = self.modules.fishermen.as_deref_mut() {
                    f.swap &= !(1 << d);
                    if a != A_KEEP {
                        // D-34: one held token goes to the spent pile, one new token is drawn.
                        let v = (a - A_SWAP) as usize + 1;
                        f.held[d][v] -= 1;
                        f.spent[v] += 1;
                        f.draws[d] = 1;
                    }
                }
                self.next_fish_step();
            }
            Phase::FishTake => {
                let r = (a - A_YOP) as usize;
                self.bank[r] -= 1;
                self.gain(p, r, 1);
                self.phase = Phase::Main;
            }
            Phase::FishRoad => {
                let e = (a - A_ROAD) as usize;
                self.place_road(p, e);
                let l = self.longest_after_build(p, e);
                if l != self.road_len[p] {
                    self.road_len[p] = l;
                    self.update_longest_road();
                }
                self.phase = Phase::Main;
                // B4 (D-26): every road built triggers a free neutral road.
                self.two_after_own_build(p, None, false);
            }
            _ => {}
        }
    }

    /// Apply a legal main-phase action of the module (a fish action or the boot).
    pub(crate) fn fish_apply_main(&mut self, a: u32) {
        let p = self.current as usize;
        if (A_BOOT..A_SWAP).contains(&a) {
            let q = (a - A_BOOT) as usize;
            if let Some(f) = self.modules.fishermen.as_deref_mut() {
                f.held[p][0] = 0;
                f.held[q][0] = 1;
            }
            return;
        }
        let (kind, pay) = decode_pay(a);
        if let Some(f) = self.modules.fishermen.as_deref_mut() {
            // Spent tokens lie face up beside the supply; no change is given.
            for i in 0..3 {
                f.held[p][i + 1] -= pay[i];
                f.spent[i + 1] += pay[i];
            }
        }
        match kind {
            K_ROBBER => self.robber = ROBBER_OFF,
            K_STEAL => {
                if let Some(f) = self.modules.fishermen.as_deref_mut() {
                    f.stealing = true;
                }
                self.thief = p as u8;
                let m = self.fish_victims();
                if m.count_ones() == 1 {
                    self.begin_steal(m.trailing_zeros() as usize);
                } else {
                    self.phase = Phase::ChooseVictim;
                }
            }
            K_RESOURCE => self.phase = Phase::FishTake,
            K_ROAD => self.phase = Phase::FishRoad,
            _ => self.phase = Phase::DrawDevelopment,
        }
    }

    pub(crate) fn fish_label(&self, a: u32) -> String {
        if a == A_BESIDE {
            "robber beside the board".into()
        } else if a < A_BOOT {
            let (kind, pay) = decode_pay(a);
            format!("fish {} pay {}", KIND_NAMES[kind], pay_text(pay))
        } else if a < A_SWAP {
            format!("give boot to player {}", a - A_BOOT)
        } else if a < A_KEEP {
            format!("swap a {}-fish token", a - A_SWAP + 1)
        } else if a == A_KEEP {
            "keep fish".into()
        } else if a == C_FISH {
            "fish draw boot".into()
        } else {
            format!("fish draw {}", a - C_FISH)
        }
    }

    /// The robber's targets under the Friendly Robber with no legal hex (D-03): the lake, or none
    /// (0: the `robber beside the board` action).
    pub(crate) fn fish_robber_fallback(&self) -> Option<u32> {
        self.fish().map(|f| {
            if f.fallback_lake && f.robber_on_lake {
                1u32 << f.lake
            } else {
                0
            }
        })
    }

    /// Hexes the robber may not enter in this scenario (D-35 off: the lake).
    pub(crate) fn fish_robber_excluded(&self) -> u32 {
        match self.fish() {
            Some(f) if !f.robber_on_lake => 1u32 << f.lake,
            _ => 0,
        }
    }
}

// ----------------------------------------------------------------- position
