//! B8 rules: barbarian attacks, knights, the drive-off, the module actions.

use super::*;

impl Catan {
    #[inline]
    pub(crate) fn ba(&self) -> &State {
        self.modules
            .barbarian_attack
            .as_deref()
            .expect("barbarian_attack state")
    }
    #[inline]
    pub(crate) fn ba_mut(&mut self) -> &mut State {
        self.modules
            .barbarian_attack
            .as_deref_mut()
            .expect("barbarian_attack state")
    }

    /// Knights of `p` on the board.
    pub fn knights_of(&self, p: usize) -> u128 {
        self.modules
            .barbarian_attack
            .as_ref()
            .map_or(0, |b| b.knights.get(p).copied().unwrap_or(0))
    }

    /// Prisoners of `p` (Barbarian Attack; 2 prisoners = 1 VP).
    pub fn prisoners(&self, p: usize) -> u32 {
        self.modules
            .barbarian_attack
            .as_ref()
            .map_or(0, |b| b.prisoners.get(p).copied().unwrap_or(0) as u32)
    }

    /// Barbarians on land hex `h`.
    pub fn barbarians_on(&self, h: usize) -> u32 {
        self.modules
            .barbarian_attack
            .as_ref()
            .map_or(0, |b| b.barbarians.get(h).copied().unwrap_or(0) as u32)
    }

    /// The module's phase: who acts.
    pub(crate) fn ba_turn(&self) -> Turn {
        match self.ba().step {
            Step::Attack | Step::Draw | Step::RollOff | Step::LossDie => Turn::Chance,
            _ => Turn::Player(self.current as usize),
        }
    }

    /// Where `from` can move to within `limit` steps: free, not a castle edge (§B8.7).
    pub(crate) fn knight_destinations(&self, from: usize, limit: u32) -> u128 {
        let t = tables();
        let b = self.ba();
        let mut seen = 1u128 << from;
        let mut frontier = seen;
        for _ in 0..limit {
            let mut next = 0u128;
            for e in bits128(frontier) {
                next |= t.edge_adj[e];
            }
            frontier = next & !seen;
            seen |= next;
            if frontier == 0 {
                break;
            }
        }
        seen & !(1u128 << from) & !b.all_knights() & !b.castle_edges()
    }

    /// Knights the player to move may still select (unmoved, with somewhere to go).
    pub(crate) fn selectable_knights(&self) -> u128 {
        let p = self.current as usize;
        let b = self.ba();
        let grain = self.hand[p][GRAIN] > 0;
        let mut m = 0u128;
        for e in bits128(b.knights[p] & !b.moved) {
            if self.knight_destinations(e, 3) != 0 || (grain && self.knight_destinations(e, 5) != 0)
            {
                m |= 1u128 << e;
            }
        }
        m
    }

    /// D-65: the mover may finish only when none of his knights that could still leave a castle
    /// edge (3 steps) stands on one.
    pub(crate) fn may_finish_moving(&self) -> bool {
        let p = self.current as usize;
        let b = self.ba();
        bits128(b.knights[p] & !b.moved & b.castle_edges())
            .all(|e| self.knight_destinations(e, 3) == 0)
    }

    /// The module's extra main-phase actions (coins).
    pub(crate) fn ba_main_legal(&self, a: Action) -> bool {
        let p = self.current as usize;
        let b = self.ba();
        if (A_COIN_BUY..A_COIN_BUY + 5).contains(&a) {
            b.coin_buys < 2 && b.coins[p] >= 2 && self.bank[(a - A_COIN_BUY) as usize] > 0
        } else if (A_COIN_TRADE..A_COIN_TRADE + 5).contains(&a) {
            b.coins[p] >= self.coin_rate(p) && self.bank[(a - A_COIN_TRADE) as usize] > 0
        } else if (A_TOKEN_FROM..A_TOKEN_FROM + NUM_ACTIONS_TWO).contains(&a) {
            self.token_source_ok((a - A_TOKEN_FROM) as usize)
        } else {
            false
        }
    }

    pub(crate) fn ba_main_push(&self, out: &mut Vec<Action>) {
        for a in (A_COIN_BUY..A_COIN_BUY + 5).chain(A_COIN_TRADE..A_COIN_TRADE + 5) {
            if self.ba_main_legal(a) {
                out.push(a);
            }
        }
        self.token_sources_push(out);
    }

    pub(crate) fn ba_main_apply(&mut self, a: Action) {
        if a >= A_TOKEN_FROM {
            self.token_take((a - A_TOKEN_FROM) as usize);
            return;
        }
        let p = self.current as usize;
        let (r, cost) = if a < A_COIN_TRADE {
            self.ba_mut().coin_buys += 1;
            ((a - A_COIN_BUY) as usize, 2)
        } else {
            ((a - A_COIN_TRADE) as usize, self.coin_rate(p))
        };
        self.ba_mut().coins[p] -= cost;
        self.bank[r] -= 1;
        self.gain(p, r, 1);
    }

    pub(crate) fn ba_is_legal(&self, a: Action) -> bool {
        let b = self.ba();
        let edge = |a: Action| (A_EDGE..A_HEX).contains(&a).then(|| (a - A_EDGE) as usize);
        let hex = |a: Action| (A_HEX..A_GRAIN).contains(&a).then(|| (a - A_HEX) as usize);
        match b.step {
            Step::None => false,
            Step::Attack | Step::Draw | Step::RollOff | Step::LossDie => {
                self.ba_chance_weight(a) > 0
            }
            Step::PlaceKnight => edge(a).is_some_and(|e| self.knight_spots() & (1u128 << e) != 0),
            Step::Intrigue => hex(a).is_some_and(|h| b.barbarians[h] > 0),
            Step::TreasonFrom => hex(a).is_some_and(|h| self.treason_sources() & (1 << h) != 0),
            Step::TreasonTo => hex(a).is_some_and(|h| self.treason_targets() & (1 << h) != 0),
            Step::KnightSelect => {
                (a == A_DONE && self.may_finish_moving())
                    || edge(a).is_some_and(|e| self.selectable_knights() & (1u128 << e) != 0)
            }
            Step::KnightMove => {
                if a == A_GRAIN {
                    self.grain_helps()
                } else {
                    edge(a).is_some_and(|e| {
                        self.knight_destinations(b.selected as usize, self.move_limit())
                            & (1u128 << e)
                            != 0
                    })
                }
            }
            Step::PlaceForeign | Step::ForeignMove | Step::TokenMove => self.two_step_legal(a),
        }
    }

    pub(crate) fn ba_legal(&self, out: &mut Vec<Action>) {
        let b = self.ba();
        match b.step {
            Step::None | Step::Attack | Step::Draw | Step::RollOff | Step::LossDie => {
                let mut v = Vec::new();
                self.ba_chance(&mut v);
                out.extend(v.into_iter().map(|(a, _)| a));
            }
            Step::PlaceKnight => {
                out.extend(bits128(self.knight_spots()).map(|e| A_EDGE + e as u32))
            }
            Step::Intrigue => out.extend(
                (0..NH)
                    .filter(|&h| b.barbarians[h] > 0)
                    .map(|h| A_HEX + h as u32),
            ),
            Step::TreasonFrom => {
                out.extend(bits64(self.treason_sources() as u64).map(|h| A_HEX + h as u32))
            }
            Step::TreasonTo => {
                out.extend(bits64(self.treason_targets() as u64).map(|h| A_HEX + h as u32))
            }
            Step::KnightSelect => {
                out.extend(bits128(self.selectable_knights()).map(|e| A_EDGE + e as u32));
                if self.may_finish_moving() {
                    out.push(A_DONE);
                }
            }
            Step::KnightMove => {
                let d = self.knight_destinations(b.selected as usize, self.move_limit());
                out.extend(bits128(d).map(|e| A_EDGE + e as u32));
                if self.grain_helps() {
                    out.push(A_GRAIN);
                }
            }
            Step::PlaceForeign | Step::ForeignMove | Step::TokenMove => self.two_step_push(out),
        }
    }

    pub(crate) fn move_limit(&self) -> u32 {
        if self.ba().extended {
            5
        } else {
            3
        }
    }

    /// Paying grain is offered only when it reaches an edge 3 steps cannot.
    pub(crate) fn grain_helps(&self) -> bool {
        let b = self.ba();
        let s = b.selected as usize;
        !b.extended
            && self.hand[self.current as usize][GRAIN] > 0
            && self.knight_destinations(s, 5) & !self.knight_destinations(s, 3) != 0
    }

    /// Where the card being resolved may put a knight.
    pub(crate) fn knight_spots(&self) -> u128 {
        let b = self.ba();
        let free = !b.all_knights() & ((1u128 << NE) - 1);
        if b.card as usize == KNIGHTHOOD {
            free & b.castle_edges()
        } else {
            free
        }
    }

    pub(crate) fn knights_in_supply(&self, p: usize) -> u32 {
        KNIGHTS_PER_PLAYER.saturating_sub(self.ba().knights[p].count_ones())
    }

    pub(crate) fn treason_sources(&self) -> u32 {
        let b = self.ba();
        (0..NH)
            .filter(|&h| b.barbarians[h] > 0 && b.tr_from & (1 << h) == 0)
            .fold(0u32, |m, h| m | (1 << h))
    }

    pub(crate) fn treason_targets(&self) -> u32 {
        let b = self.ba();
        b.barbarian_hexes() & !b.conquered & !b.tr_from & !b.tr_to
    }

    /// Chance outcomes of the module's chance sub-steps.
    pub(crate) fn ba_chance(&self, out: &mut Vec<(Action, u32)>) {
        let b = self.ba();
        match b.step {
            Step::Attack => {
                for s in 2..=12usize {
                    if s != 7 && b.rolls & (1 << s) == 0 {
                        out.push((C_DICE + s as u32 - 2, DICE_WEIGHTS[s - 2]));
                    }
                }
            }
            Step::Draw => {
                for k in 0..4 {
                    if b.deck[k] > 0 {
                        out.push((C_CARD + k as u32, b.deck[k] as u32));
                    }
                }
            }
            Step::LossDie => out.extend((0..3).map(|c| (C_LOSS + c, 1))),
            Step::RollOff if b.pool & (1 << for_two::FOREIGN) != 0 && self.rules.two => {
                self.foreign_rolloff_outcomes(out)
            }
            Step::RollOff => {
                for q in 0..self.n() {
                    if b.pool & (1 << q) != 0 {
                        out.push((C_ROLLOFF + q as u32, 1));
                    }
                }
            }
            _ => {}
        }
    }

    pub(crate) fn ba_chance_weight(&self, a: Action) -> u32 {
        let mut v = Vec::new();
        self.ba_chance(&mut v);
        v.iter().find(|x| x.0 == a).map_or(0, |x| x.1)
    }

    pub(crate) fn ba_apply(&mut self, a: Action) {
        let p = self.current as usize;
        match self.ba().step {
            Step::None => {}
            Step::PlaceForeign | Step::ForeignMove | Step::TokenMove => self.two_step_apply(a),
            Step::Attack => self.attack_roll((a - C_DICE) as usize + 2),
            Step::Draw => self.resolve_card((a - C_CARD) as usize),
            Step::PlaceKnight => {
                self.ba_mut().knights[p] |= 1u128 << (a - A_EDGE);
                // §B8.10 item 1: the game's first knight brings the Foreign Knight.
                if !self.foreign_to_place() {
                    self.ba_done_card();
                }
            }
            Step::Intrigue => {
                let h = (a - A_HEX) as usize;
                let b = self.ba_mut();
                b.barbarians[h] -= 1;
                b.prisoners[p] += 1;
                self.ba_conquest_changed();
                self.ba_done_card();
            }
            Step::TreasonFrom => {
                let h = (a - A_HEX) as usize;
                let b = self.ba_mut();
                b.barbarians[h] -= 1;
                b.tr_from |= 1 << h;
                b.tr_held += 1;
                b.tr_pick -= 1;
                self.ba_conquest_changed();
                self.treason_next();
            }
            Step::TreasonTo => {
                let h = (a - A_HEX) as usize;
                let b = self.ba_mut();
                b.barbarians[h] += 1;
                b.tr_to |= 1 << h;
                b.tr_held -= 1;
                self.ba_conquest_changed();
                self.treason_next();
            }
            Step::KnightSelect => {
                if a == A_DONE {
                    self.after_own_knights();
                } else {
                    let b = self.ba_mut();
                    b.selected = (a - A_EDGE) as u8;
                    b.extended = false;
                    b.step = Step::KnightMove;
                }
            }
            Step::KnightMove => {
                if a == A_GRAIN {
                    self.pay(p, &[0, 0, 0, 1, 0]);
                    self.ba_mut().extended = true;
                } else {
                    let to = (a - A_EDGE) as usize;
                    let b = self.ba_mut();
                    let from = b.selected as usize;
                    b.knights[p] = (b.knights[p] & !(1u128 << from)) | (1u128 << to);
                    b.moved |= 1u128 << to;
                    b.selected = NONE;
                    b.extended = false;
                    self.enter_knight_select();
                }
            }
            Step::RollOff => {
                let w = (a - C_ROLLOFF) as usize;
                let n = self.n();
                let two = self.rules.two;
                let b = self.ba_mut();
                b.award(w, 1, n);
                b.pool &= !(1 << w);
                b.need -= 1;
                // Places won count only while the Foreign Knight still rolls (its odds depend on
                // them); otherwise the players roll on at even odds and nothing is kept.
                b.won = if two && b.pool & (1 << for_two::FOREIGN) != 0 {
                    b.won + 1
                } else {
                    0
                };
                if b.need == 0 {
                    // Losers left without a prisoner get 3 coins; the Foreign Knight none.
                    for q in 0..n {
                        if b.pool & (1 << q) != 0 {
                            b.coins[q] += COMPENSATION;
                        }
                    }
                    b.pool = 0;
                    b.won = 0;
                    b.step = Step::LossDie;
                }
            }
            Step::LossDie => {
                let class = (a - C_LOSS) as u8;
                let t = tables();
                let n = self.n();
                let b = self.ba_mut();
                let h = b.order[b.check as usize] as usize;
                let lost = t.hex_edges[h];
                let mut lost_by = [0u32; MAX_PLAYERS];
                // The Foreign Knight is not in `knights`: it is never lost (§B8.10 item 1).
                for q in 0..n {
                    for e in bits128(b.knights[q] & lost) {
                        if t.edge_class[e] == class {
                            b.knights[q] &= !(1u128 << e);
                            lost_by[q] += 1;
                        }
                    }
                }
                for (q, &k) in lost_by.iter().enumerate().take(n) {
                    self.compensate_lost_knights(q, k);
                }
                let b = self.ba_mut();
                b.check += 1;
                self.drive_off_next();
            }
        }
    }

    // ----- barbarians arrive (§B8.4) -----

    /// After a settlement or city is built in the main phase (not in set-up, D-60).
    pub(crate) fn ba_after_build(&mut self) {
        let b = self.ba_mut();
        if b.supply == 0 {
            return;
        }
        b.rolls = 0;
        b.step = Step::Attack;
        self.phase = Phase::Barbarian;
    }

    pub(crate) fn attack_roll(&mut self, sum: usize) {
        let b = self.ba_mut();
        b.rolls |= 1 << sum;
        let h = b.sum_hex[sum];
        if h != NONE && b.barbarians[h as usize] < 3 && b.supply > 0 {
            b.barbarians[h as usize] += 1;
            b.supply -= 1;
            if b.barbarians[h as usize] == 3 {
                self.ba_conquest_changed();
            }
        }
        let b = self.ba_mut();
        // D-61: the supply running out ends the attack.
        if b.rolls.count_ones() >= 3 || b.supply == 0 {
            b.rolls = 0;
            b.step = Step::None;
            self.phase = Phase::Main;
            // Catan for Two: the neutral piece of the settlement that caused it (item 2).
            self.two_after_attack();
        }
    }

    /// Conquest or liberation may have changed: buildings, harbours, the Harbormaster (D-16).
    pub(crate) fn ba_conquest_changed(&mut self) {
        self.ba_mut().derive_conquest();
        self.update_harbormaster();
    }

    // ----- development cards (§B8.6) -----

    /// Buying a card: paid by the caller; the draw is a chance node (the discards are reshuffled
    /// when the deck is empty).
    pub(crate) fn ba_buy(&mut self) {
        let b = self.ba_mut();
        if b.deck.iter().all(|&d| d == 0) {
            b.deck = CARD_TOTALS;
        }
        b.step = Step::Draw;
        self.phase = Phase::Barbarian;
    }

    pub(crate) fn resolve_card(&mut self, k: usize) {
        let p = self.current as usize;
        self.ba_mut().deck[k] -= 1;
        self.ba_mut().card = k as u8;
        match k {
            KNIGHTHOOD | BLACK_KNIGHT => {
                // D-64: no knight left or no free spot → no effect.
                if self.knights_in_supply(p) > 0 && self.knight_spots() != 0 {
                    self.ba_mut().step = Step::PlaceKnight;
                } else {
                    self.ba_done_card();
                }
            }
            TREASON => {
                let b = self.ba_mut();
                let hexes = (0..NH).filter(|&h| b.barbarians[h] > 0).count() as u8;
                b.coins[p] += 2;
                b.tr_pick = hexes.min(2);
                let from_supply = (2 - b.tr_pick).min(b.supply);
                b.supply -= from_supply;
                b.tr_held = from_supply;
                b.tr_from = 0;
                b.tr_to = 0;
                self.treason_next();
            }
            _ => {
                let b = self.ba_mut();
                if b.on_board() > 0 {
                    b.step = Step::Intrigue;
                } else {
                    // Intrigue with no barbarian on the board: discard it and draw again.
                    if b.deck.iter().all(|&d| d == 0) {
                        b.deck = CARD_TOTALS;
                    }
                    b.step = Step::Draw;
                }
            }
        }
    }

    pub(crate) fn treason_next(&mut self) {
        if self.ba().tr_pick > 0 {
            if self.treason_sources() != 0 {
                self.ba_mut().step = Step::TreasonFrom;
                return;
            }
            self.ba_mut().tr_pick = 0;
        }
        if self.ba().tr_held > 0 {
            if self.treason_targets() != 0 {
                self.ba_mut().step = Step::TreasonTo;
                return;
            }
            // No unconquered hex left to take it: the barbarian goes back beside the board.
            let b = self.ba_mut();
            b.supply += b.tr_held;
            b.tr_held = 0;
        }
        let b = self.ba_mut();
        b.tr_from = 0;
        b.tr_to = 0;
        self.ba_done_card();
    }

    pub(crate) fn ba_done_card(&mut self) {
        let b = self.ba_mut();
        b.card = 0;
        b.step = Step::None;
        self.phase = Phase::Main;
    }

    // ----- end of turn: knights move (§B8.7), then the drive-off (§B8.8) -----

    /// The player ends his turn: his knights move first.
    pub(crate) fn ba_end_turn(&mut self) {
        self.phase = Phase::Barbarian;
        self.ba_mut().moved = 0;
        self.enter_knight_select();
    }

    pub(crate) fn enter_knight_select(&mut self) {
        if self.selectable_knights() == 0 {
            self.after_own_knights();
        } else {
            self.ba_mut().step = Step::KnightSelect;
        }
    }

    pub(crate) fn begin_drive_off(&mut self) {
        let b = self.ba_mut();
        b.moved = 0;
        b.selected = NONE;
        b.extended = false;
        b.check = 0;
        self.drive_off_next();
    }

    /// Check the coastal hexes in order from `check`; stop at a chance node or end the turn.
    pub(crate) fn drive_off_next(&mut self) {
        let t = tables();
        let n = self.n();
        loop {
            let b = self.ba_mut();
            let Some(&h) = b.order.get(b.check as usize) else {
                b.check = 0;
                b.step = Step::None;
                self.end_turn();
                return;
            };
            let h = h as usize;
            let edges = t.hex_edges[h];
            let bar = b.barbarians[h] as u32;
            // Knights of each participant on the hex's edges; the Foreign Knight (Catan for Two,
            // D-66) is the neutral participant `for_two::FOREIGN` (never a seat of this game).
            let count = |b: &State, q: usize| {
                if q == for_two::FOREIGN && q >= n {
                    (b.foreign_bit() & edges).count_ones()
                } else {
                    (b.knights[q] & edges).count_ones()
                }
            };
            let seats = if n == 2 { for_two::FOREIGN + 1 } else { n };
            let strength: u32 = (0..seats).map(|q| count(b, q)).sum();
            if bar == 0 || strength <= bar {
                b.check += 1;
                continue;
            }
            // Freed: the barbarians become prisoners, the hex and its buildings are liberated.
            b.barbarians[h] = 0;
            let parts: Vec<usize> = (0..seats).filter(|&q| count(b, q) != 0).collect();
            let k = parts.len() as u32;
            b.step = Step::LossDie;
            b.won = 0;
            if k == 1 {
                b.award(parts[0], bar as u8, n);
            } else if bar >= k {
                for &q in &parts {
                    b.award(q, 1, n);
                }
                if bar > k {
                    // One left: the participant with the most knights there, else a roll-off.
                    let most = parts.iter().map(|&q| count(b, q)).max().unwrap_or(0);
                    let top: Vec<usize> = parts
                        .iter()
                        .copied()
                        .filter(|&q| count(b, q) == most)
                        .collect();
                    if let [q] = top[..] {
                        b.award(q, 1, n);
                    } else {
                        b.pool = top.iter().fold(0u8, |m, &q| m | (1 << q));
                        b.need = 1;
                        b.step = Step::RollOff;
                    }
                }
            } else {
                b.pool = parts.iter().fold(0u8, |m, &q| m | (1 << q));
                b.need = bar as u8;
                b.step = Step::RollOff;
            }
            self.ba_conquest_changed();
            self.phase = Phase::Barbarian;
            return;
        }
    }

    // ----- the 7 (§B8.9, D-63) and the events (§B8.10) -----

    /// After the discards of a 7: the roller takes a random card from a player of his choice.
    pub(crate) fn ba_seven_steal(&mut self) {
        self.thief = self.current;
        let m = self.ba_victims();
        if m == 0 {
            self.end_robber();
        } else if m.count_ones() == 1 {
            self.begin_steal(m.trailing_zeros() as usize);
        } else {
            self.phase = Phase::ChooseVictim;
        }
    }

    /// Victims of the 7: every other player (D-81 option applies), never one protected by the
    /// Friendly Robber (engine decision: B1 without a robber still protects weak players).
    pub(crate) fn ba_victims(&self) -> u8 {
        let me = self.current as usize;
        let mut mask = (0..self.n())
            .filter(|&q| q != me)
            .fold(0u8, |m, q| m | (1 << q));
        mask &= !self.protected_players();
        if self.rules.steal_needs_cards {
            let with = (0..self.n())
                .filter(|&q| mask & (1 << q) != 0 && self.hand_size(q) > 0)
                .fold(0u8, |m, q| m | (1 << q));
            if with != 0 {
                mask = with;
            }
        }
        mask
    }

    /// Knights on the board per player (B2 Tournament and Conflict with this scenario).
    pub(crate) fn board_knights(&self) -> [u32; MAX_PLAYERS] {
        let b = self.ba();
        std::array::from_fn(|p| b.knights[p].count_ones())
    }
}
