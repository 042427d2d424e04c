//! B9 rules: wagons, movement, loading and delivery, barbarians, gold, the module actions.

use super::*;

impl Catan {
    #[inline]
    pub(crate) fn tb(&self) -> &State {
        self.modules.traders.as_deref().expect("traders state")
    }
    #[inline]
    pub(crate) fn tb_mut(&mut self) -> &mut State {
        self.modules.traders.as_deref_mut().expect("traders state")
    }

    /// Gold of seat `seat` (0 for a seat without gold: Catan for Two's neutrals never get any,
    /// §B9.12 item 4; 0 without the scenario).
    pub fn tb_gold(&self, seat: usize) -> u32 {
        self.modules
            .traders
            .as_deref()
            .and_then(|t| t.gold.get(seat).copied())
            .unwrap_or(0)
    }

    /// The plaza vertex of trade role `role`.
    pub fn tb_plaza(&self, role: u8) -> usize {
        let g = self.geo();
        (0..NH)
            .find(|&h| self.board.terrain[h] == TRADE && self.board.trade_role[h] == role)
            .map(|h| g.plaza[h] as usize)
            .unwrap_or(0)
    }

    /// The role of the trade hex whose plaza is `v`, if `v` is a plaza.
    pub fn tb_role_at(&self, v: usize) -> Option<u8> {
        let g = self.geo();
        if g.plazas & (1u64 << v) == 0 {
            return None;
        }
        (0..NH)
            .find(|&h| g.plaza[h] as usize == v)
            .map(|h| self.board.trade_role[h])
    }

    /// The owner of the road on edge `e`, if any (a neutral seat with Catan for Two).
    pub(crate) fn road_owner(&self, e: usize) -> Option<usize> {
        (0..self.road_seats()).find(|&q| self.roads[q] & (1u128 << e) != 0)
    }

    /// Price of crossing path `e` for `p` (spec §B9.6): movement points, and the player owed a
    /// 1-gold toll. A road damaged by an Earthquake counts as no road (§B9.12).
    pub fn tb_price(&self, p: usize, e: usize) -> (u8, Option<usize>) {
        let owner = self.road_owner(e);
        let damaged = owner.is_some_and(|q| self.damaged[q] as usize == e);
        let mut mp = if owner.is_some() && !damaged { 1 } else { 2 };
        if self.tb().barbarian_mask() & (1u128 << e) != 0 {
            mp += 2;
        }
        let toll = owner.filter(|&q| q != p && !damaged);
        (mp, toll)
    }

    /// A movement action may begin now (after trading and building, none begun yet).
    pub(crate) fn tb_can_open(&self) -> bool {
        let t = self.tb();
        self.phase == Phase::Main && self.rolled && !t.wagon_begun
    }

    /// Movement points available to the next step (0 when no action is or can be open).
    pub(crate) fn tb_mp(&self) -> u8 {
        let t = self.tb();
        if t.action_open {
            t.mp
        } else if self.tb_can_open() {
            CARD_MP[t.card[self.current as usize] as usize]
        } else {
            0
        }
    }

    pub(crate) fn tb_open_action(&mut self) {
        let p = self.current as usize;
        let t = self.tb_mut();
        if t.action_open {
            return;
        }
        t.wagon_begun = true;
        t.action_open = true;
        t.actions += 1;
        t.mp = CARD_MP[t.card[p] as usize];
        t.travelled = false;
        t.neutral_tolls = 0;
        if t.opts.boost_per_action {
            t.grain_used = false;
        }
    }

    /// Paths the wagon of the player to move may take now.
    pub fn tb_moves(&self) -> u128 {
        let p = self.current as usize;
        let t = self.tb();
        let mp = self.tb_mp();
        if mp == 0 {
            return 0;
        }
        // `tb_price` for every path at the wagon at once, from masks (this runs on every
        // legal-action call): an undamaged road costs 1, no road (or a damaged one) 2, a
        // barbarian 2 more; another player's undamaged road asks a toll. An edge holds at most
        // one road, so "owner other than p" is "a road not p's".
        let mut roads = 0u128;
        let mut damaged = 0u128;
        for q in 0..self.road_seats() {
            roads |= self.roads[q];
            let d = self.damaged[q] as u32;
            if d < 128 {
                damaged |= self.roads[q] & (1u128 << d);
            }
        }
        let good = roads & !damaged;
        let barb = t.barbarian_mask();
        let mut out = self.geo().vertex_edges[t.wagon[p] as usize];
        out &= match mp {
            1 => good & !barb,
            2 => !barb,
            3 => good | !barb,
            _ => !0,
        };
        if t.gold[p] == 0 {
            out &= !(good & !self.roads[p]);
        }
        out
    }

    /// [`Catan::tb_moves`] edge by edge with [`Catan::tb_price`] (the test reference).
    #[cfg(test)]
    pub(crate) fn tb_moves_by_price(&self) -> u128 {
        let p = self.current as usize;
        let t = self.tb();
        let mp = self.tb_mp();
        if mp == 0 {
            return 0;
        }
        let mut out = 0u128;
        for e in bits128(self.geo().vertex_edges[t.wagon[p] as usize]) {
            let (cost, toll) = self.tb_price(p, e);
            if cost <= mp && (toll.is_none() || t.gold[p] >= 1) {
                out |= 1u128 << e;
            }
        }
        out
    }

    pub(crate) fn tb_grain_ok(&self) -> bool {
        let t = self.tb();
        (t.action_open || self.tb_can_open())
            && !t.grain_used
            && self.hand[self.current as usize][GRAIN] > 0
    }

    /// Barbarians (by index) the wagon may try to drive off now (D-98).
    pub fn tb_attacks(&self) -> u8 {
        let p = self.current as usize;
        let t = self.tb();
        if !(t.action_open || self.tb_can_open()) || t.card[p] < 2 {
            return 0;
        }
        let here = self.geo().vertex_edges[t.wagon[p] as usize];
        (0..3)
            .filter(|&i| t.tried & (1 << i) == 0 && here & (1u128 << t.barbarians[i]) != 0)
            .fold(0u8, |m, i| m | (1 << i))
    }

    /// Where the barbarian being moved may go now: [`Catan::tb_places`], without roads after the
    /// Catan-for-Two token action (§B9.12 item 2).
    pub(crate) fn tb_place_mask(&self) -> u128 {
        if self.tb().token_move {
            self.tb_token_places()
        } else {
            self.tb_places()
        }
    }

    /// Paths a barbarian being moved may go to (D-99): no barbarian there (its own path
    /// included), spokes only with `tb_barbarian_on_spokes`.
    pub fn tb_places(&self) -> u128 {
        let g = self.geo();
        let t = self.tb();
        let mut m = g.edge_mask & !t.barbarian_mask();
        if !t.opts.on_spokes {
            m &= !g.spokes;
        }
        m
    }

    /// The rate at which `p` sells resource `r` to the bank for gold (D-101).
    pub fn tb_gold_rate(&self, p: usize, r: usize) -> u8 {
        let rate = self.rate(p, r);
        if rate == 2 && !self.tb().opts.gold_at_2to1 {
            let mine = self.settlements[p] | self.cities[p];
            if self.board.harbor_vertices[crate::board::GENERIC as usize] & mine != 0 {
                3
            } else {
                4
            }
        } else {
            rate
        }
    }

    pub(crate) fn tb_buy_ok(&self, r: usize) -> bool {
        let t = self.tb();
        matches!(self.phase, Phase::Main | Phase::PreRoll)
            && t.purchases < 2
            && t.gold[self.current as usize] >= 2
            && self.bank[r] > 0
    }

    /// Building, trading, buying and upgrading are over once the wagon has begun (D-105).
    pub(crate) fn tb_wagon_begun(&self) -> bool {
        self.modules.traders.as_ref().is_some_and(|t| t.wagon_begun)
    }

    /// Swift Journey may be played now (D-100): a movement action of this turn crossed a path.
    pub(crate) fn tb_swift_ok(&self) -> bool {
        let t = self.tb();
        self.phase == Phase::Main && t.wagon_begun && t.actions == 1 && t.travelled
    }

    /// Legality of the scenario's own ids (relative `x = a - A_SCENARIO`) in the main and
    /// pre-roll phases.
    pub(crate) fn tb_is_legal_own(&self, x: u32) -> bool {
        let p = self.current as usize;
        let t = self.tb();
        let main = self.phase == Phase::Main;
        if (TB_MOVE..TB_ATTACK).contains(&x) {
            main && self.tb_moves() & (1u128 << (x - TB_MOVE)) != 0
        } else if (TB_ATTACK..TB_TAKE).contains(&x) {
            let e = (x - TB_ATTACK) as u8;
            main && (0..3).any(|i| t.barbarians[i] == e && self.tb_attacks() & (1 << i) != 0)
        } else if x == TB_GRAIN {
            main && self.tb_grain_ok()
        } else if (TB_BUY..TB_SELL).contains(&x) {
            self.tb_buy_ok((x - TB_BUY) as usize)
        } else if (TB_SELL..TB_UPGRADE).contains(&x) {
            let r = (x - TB_SELL) as usize;
            main && !t.wagon_begun && self.hand[p][r] >= self.tb_gold_rate(p, r)
        } else if x == TB_UPGRADE {
            let c = t.card[p] as usize;
            main && !t.wagon_begun && c < 5 && crate::has(&self.hand[p], &CARD_COST[c + 1])
        } else if (TB_OFFER..C_TB_DIE).contains(&x) {
            main && !t.wagon_begun && self.tb_offer_ok(crate::NUM_OFFERS + x - TB_OFFER)
        } else if x == crate::traders_two::TB_TOKEN_BARBARIAN {
            self.tb_token_barbarian_ok()
        } else {
            false
        }
    }

    /// The scenario's own ids legal in the main / pre-roll phase.
    pub(crate) fn tb_push_own(&self, out: &mut Vec<u32>) {
        let base = crate::A_SCENARIO;
        let p = self.current as usize;
        let t = self.tb();
        if self.phase == Phase::Main {
            for e in bits128(self.tb_moves()) {
                out.push(base + TB_MOVE + e as u32);
            }
            let att = self.tb_attacks();
            for i in 0..3 {
                if att & (1 << i) != 0 {
                    out.push(base + TB_ATTACK + t.barbarians[i] as u32);
                }
            }
            if self.tb_grain_ok() {
                out.push(base + TB_GRAIN);
            }
        }
        for r in 0..5 {
            if self.tb_buy_ok(r) {
                out.push(base + TB_BUY + r as u32);
            }
        }
        if self.phase == Phase::Main && !t.wagon_begun {
            for r in 0..5 {
                if self.hand[p][r] >= self.tb_gold_rate(p, r) {
                    out.push(base + TB_SELL + r as u32);
                }
            }
            let c = t.card[p] as usize;
            if c < 5 && crate::has(&self.hand[p], &CARD_COST[c + 1]) {
                out.push(base + TB_UPGRADE);
            }
            // Same test as `tb_offer_ok` for every gold offer at once, from a bit mask.
            if self.rules.trades && self.n() > 1 && self.offers_made < self.rules.max_offers {
                let used = (self.offers_used >> crate::NUM_OFFERS) as u64;
                let m = crate::affordable_coin_offers(t.gold[p], &self.hand[p]) & !used;
                for j in bits64(m) {
                    out.push(base + TB_OFFER + j as u32);
                }
            }
            if self.tb_token_barbarian_ok() {
                out.push(base + crate::traders_two::TB_TOKEN_BARBARIAN);
            }
        }
    }

    /// A player-trade offer with gold (index `i >= NUM_OFFERS`) may be made now (§B9.10).
    pub(crate) fn tb_offer_ok(&self, i: u32) -> bool {
        let o = crate::Offer::decode(i);
        self.rules.trades
            && self.n() > 1
            && self.offers_made < self.rules.max_offers
            && self.offers_used & (1u128 << i) == 0
            && self.holds(self.current as usize, o.give, o.give_n)
    }

    /// Apply one of the scenario's own main / pre-roll ids (legal).
    pub(crate) fn tb_apply_own(&mut self, x: u32) {
        let p = self.current as usize;
        if (TB_MOVE..TB_ATTACK).contains(&x) {
            let e = (x - TB_MOVE) as usize;
            self.tb_open_action();
            let (cost, toll) = self.tb_price(p, e);
            let w = self.geo().other_end(e, self.tb().wagon[p] as usize);
            let n = self.n();
            let t = self.tb_mut();
            t.mp -= cost;
            match toll {
                Some(q) if q < n => {
                    t.gold[p] -= 1;
                    t.gold[q] += 1;
                }
                // A neutral road (Catan for Two): split per D-107.
                Some(_) => self.tb_neutral_toll(p),
                None => {}
            }
            let t = self.tb_mut();
            t.wagon[p] = w as u8;
            t.travelled = true;
            if let Some(role) = self.tb_role_at(w) {
                // Entering a plaza ends the movement action (D-95).
                let t = self.tb_mut();
                t.action_open = false;
                t.mp = 0;
                self.tb_arrive(p, role);
            }
        } else if (TB_ATTACK..TB_TAKE).contains(&x) {
            let e = (x - TB_ATTACK) as u8;
            self.tb_open_action();
            let t = self.tb_mut();
            let i = t.barbarians.iter().position(|&b| b == e).unwrap_or(0);
            t.tried |= 1 << i;
            t.barb = i as u8;
            t.step = Step::DriveOffDie;
            self.phase = Phase::Traders;
        } else if x == TB_GRAIN {
            self.tb_open_action();
            self.pay(p, &[0, 0, 0, 1, 0]);
            let t = self.tb_mut();
            t.grain_used = true;
            t.mp += 2;
        } else if (TB_BUY..TB_SELL).contains(&x) {
            let r = (x - TB_BUY) as usize;
            let t = self.tb_mut();
            t.gold[p] -= 2;
            t.purchases += 1;
            self.bank[r] -= 1;
            self.gain(p, r, 1);
        } else if (TB_SELL..TB_UPGRADE).contains(&x) {
            let r = (x - TB_SELL) as usize;
            let k = self.tb_gold_rate(p, r);
            self.lose(p, r, k);
            self.bank[r] += k;
            self.tb_mut().gold[p] += 1;
        } else if x == TB_UPGRADE {
            let c = self.tb().card[p] as usize + 1;
            self.pay(p, &CARD_COST[c]);
            self.tb_mut().card[p] = c as u8;
        } else if (TB_OFFER..C_TB_DIE).contains(&x) {
            self.make_offer(crate::NUM_OFFERS + x - TB_OFFER);
        } else if x == crate::traders_two::TB_TOKEN_BARBARIAN {
            self.tb_token_barbarian();
        }
    }

    /// The wagon of `p` stops on the plaza of `role` (spec §B9.7).
    pub(crate) fn tb_arrive(&mut self, p: usize, role: u8) {
        let t = self.tb_mut();
        let c = t.carrying[p];
        if c != NONE {
            if DESTINATION[c as usize] != role {
                return; // wrong plaza: nothing happens
            }
            t.delivered[p] += 1;
            t.gold[p] += CARD_GOLD[t.card[p] as usize] as u32;
            t.carrying[p] = NONE;
        }
        let stack = &mut t.stacks[role as usize];
        if stack.iter().all(|&k| k == 0) {
            if !t.opts.stack_refill {
                return; // D-93: nothing to draw
            }
            *stack = STACKS[role as usize];
        }
        t.draw_role = role;
        t.step = Step::DrawToken;
        self.phase = Phase::Traders;
    }

    /// A 7 or a Knight: the roller picks a barbarian to move (spec §B9.8).
    pub(crate) fn tb_begin_barbarian(&mut self) {
        let t = self.tb_mut();
        t.step = Step::TakeBarbarian;
        t.steal_after = true;
        self.phase = Phase::Traders;
    }

    pub(crate) fn tb_chance(&self) -> bool {
        matches!(self.tb().step, Step::DriveOffDie | Step::DrawToken)
    }

    pub(crate) fn tb_step_outcomes(&self, out: &mut Vec<(u32, u32)>) {
        let t = self.tb();
        let base = crate::A_SCENARIO;
        match t.step {
            Step::DriveOffDie => out.extend((0..6).map(|d| (base + C_TB_DIE + d, 1))),
            Step::DrawToken => {
                let s = t.stacks[t.draw_role as usize];
                for c in 0..4 {
                    if s[c] > 0 {
                        out.push((base + C_TB_TOKEN + c as u32, s[c] as u32));
                    }
                }
            }
            _ => {}
        }
    }

    pub(crate) fn tb_step_legal(&self, out: &mut Vec<u32>) {
        let base = crate::A_SCENARIO;
        let t = self.tb();
        match t.step {
            Step::TakeBarbarian => {
                let mut b = t.barbarians;
                b.sort();
                for e in b {
                    out.push(base + TB_TAKE + e as u32);
                }
            }
            Step::PlaceBarbarian => {
                for e in bits128(self.tb_place_mask()) {
                    out.push(base + TB_PLACE + e as u32);
                }
            }
            _ => {
                let mut o = Vec::new();
                self.tb_step_outcomes(&mut o);
                out.extend(o.into_iter().map(|x| x.0));
            }
        }
    }

    pub(crate) fn tb_step_is_legal(&self, a: u32) -> bool {
        let Some(x) = a.checked_sub(crate::A_SCENARIO) else {
            return false;
        };
        let t = self.tb();
        match t.step {
            Step::TakeBarbarian => {
                (TB_TAKE..TB_PLACE).contains(&x) && t.barbarians.contains(&((x - TB_TAKE) as u8))
            }
            Step::PlaceBarbarian => {
                (TB_PLACE..TB_GRAIN).contains(&x)
                    && self.tb_place_mask() & (1u128 << (x - TB_PLACE)) != 0
            }
            Step::DriveOffDie => (C_TB_DIE..C_TB_DIE + 6).contains(&x),
            Step::DrawToken => {
                (C_TB_TOKEN..C_TB_TOKEN + 4).contains(&x)
                    && t.stacks[t.draw_role as usize][(x - C_TB_TOKEN) as usize] > 0
            }
            Step::None => false,
        }
    }

    pub(crate) fn tb_step_apply(&mut self, a: u32) {
        let x = a - crate::A_SCENARIO;
        let p = self.current as usize;
        let step = self.tb().step;
        match step {
            Step::TakeBarbarian => {
                let e = (x - TB_TAKE) as u8;
                let t = self.tb_mut();
                t.barb = t.barbarians.iter().position(|&b| b == e).unwrap_or(0) as u8;
                t.step = Step::PlaceBarbarian;
            }
            Step::PlaceBarbarian => {
                let e = (x - TB_PLACE) as usize;
                let t = self.tb_mut();
                t.barbarians[t.barb as usize] = e as u8;
                t.step = Step::None;
                t.token_move = false;
                if !t.steal_after {
                    self.phase = Phase::Main;
                    return;
                }
                t.steal_after = false;
                self.thief = p as u8;
                match self.road_owner(e) {
                    // Neutral roads (seats 2, 3): nobody to draw from.
                    Some(q) if q != p && q < self.n() => self.begin_steal(q),
                    _ => self.end_robber(),
                }
            }
            Step::DriveOffDie => {
                let d = (x - C_TB_DIE) as u8 + 1;
                let t = self.tb_mut();
                if d >= CARD_DRIVE[t.card[p] as usize] {
                    t.step = Step::PlaceBarbarian;
                    t.steal_after = false;
                } else {
                    t.step = Step::None;
                    self.phase = Phase::Main;
                }
            }
            Step::DrawToken => {
                let c = (x - C_TB_TOKEN) as usize;
                let t = self.tb_mut();
                t.stacks[t.draw_role as usize][c] -= 1;
                t.carrying[p] = c as u8;
                t.step = Step::None;
                self.phase = Phase::Main;
            }
            Step::None => {}
        }
    }

    /// Action labels of the scenario's own ids (`None` for other ids).
    pub(crate) fn tb_label(&self, a: u32) -> Option<String> {
        let x = a.checked_sub(crate::A_SCENARIO)?;
        let g = self.geo();
        let en = |e: u32| g.edge_name(e as usize);
        Some(if x < TB_MOVE {
            format!("road {}", en(NE as u32 + x))
        } else if x < TB_ATTACK {
            format!("wagon {}", en(x - TB_MOVE))
        } else if x < TB_TAKE {
            format!("drive off barbarian {}", en(x - TB_ATTACK))
        } else if x < TB_PLACE {
            format!("take barbarian {}", en(x - TB_TAKE))
        } else if x < TB_GRAIN {
            format!("barbarian to {}", en(x - TB_PLACE))
        } else if x == TB_GRAIN {
            "grain for 2 movement points".into()
        } else if x < TB_SELL {
            format!(
                "buy {} for 2 gold",
                crate::board::RESOURCES[(x - TB_BUY) as usize]
            )
        } else if x < TB_UPGRADE {
            format!(
                "sell {} for gold",
                crate::board::RESOURCES[(x - TB_SELL) as usize]
            )
        } else if x == TB_UPGRADE {
            "upgrade wagon".into()
        } else if x < TB_OFFER {
            format!("damage road {}", en(NE as u32 + x - TB_DAMAGE_HIGH))
        } else if x < C_TB_DIE {
            let o = crate::Offer::decode(crate::NUM_OFFERS + x - TB_OFFER);
            let name = |k: usize| crate::board::RESOURCES.get(k).copied().unwrap_or("gold");
            format!(
                "offer {} {} for {} {}",
                o.give_n,
                name(o.give),
                o.get_n,
                name(o.get)
            )
        } else if x < C_TB_TOKEN {
            format!("drive-off die {}", x - C_TB_DIE + 1)
        } else if x < NUM_ACTIONS {
            format!("draw {}", COMMODITIES[(x - C_TB_TOKEN) as usize])
        } else if x == crate::traders_two::TB_TOKEN_BARBARIAN && self.rules.two {
            "token barbarian".into()
        } else if let Some((k, e)) =
            crate::traders_two::neutral_road_high_of(a).filter(|&(_, e)| self.rules.two && e < g.ne)
        {
            format!(
                "neutral {} road {}",
                crate::two::NEUTRAL_NAMES[k],
                en(e as u32)
            )
        } else {
            return None;
        })
    }
}

/// Road / damage action id of edge `e` (the base range, or this module's range past edge 72).
pub fn edge_action(base: u32, high: u32, e: usize) -> u32 {
    if e < NE {
        base + e as u32
    } else {
        crate::A_SCENARIO + high + (e - NE) as u32
    }
}

/// The edge of a road / damage action id, if `a` is one.
pub fn action_edge(base: u32, high: u32, a: u32) -> Option<usize> {
    if (base..base + NE as u32).contains(&a) {
        Some((a - base) as usize)
    } else {
        let x = a.checked_sub(crate::A_SCENARIO + high)?;
        (x < HIGH).then_some(NE + x as usize)
    }
}

// ----- position, observation, tensor -----
