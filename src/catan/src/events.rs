//! Traders & Barbarians B2: the Catan event cards (spec §B2), replacing the dice.
//!
//! The 36 cards are 22 distinct card types (an event with its circled number). The deck is the
//! multiset of cards not yet revealed since the last rebuild; a reveal is a chance node weighted
//! by what is left (the order is drawn at reveal time, never stored). With the New Year card the
//! top 31 cards are revealed and the 32nd reveal is New Year: the deck is rebuilt and the new top
//! card revealed in the same turn (EX-13); without it all 36 are revealed before a reshuffle.

use crate::geometry::{NH, NONE};
use crate::{Catan, Phase, MAX_PLAYERS};
use serde_json::{json, Value};

pub const EV_NONE: u8 = crate::ids::NO_EVENT;
pub const EV_ROBBER_ATTACKS: u8 = 1;
pub const EV_EPIDEMIC: u8 = 2;
pub const EV_EARTHQUAKE: u8 = 3;
pub const EV_GOOD_NEIGHBORS: u8 = 4;
pub const EV_TOURNAMENT: u8 = 5;
pub const EV_TRADE_ADVANTAGE: u8 = 6;
pub const EV_CALM_SEA: u8 = 7;
pub const EV_ROBBER_FLEES: u8 = 8;
pub const EV_NEIGHBORLY_ASSISTANCE: u8 = 9;
pub const EV_CONFLICT: u8 = 10;
pub const EV_PLENTIFUL_YEAR: u8 = 11;

pub const EVENT_KIND_NAMES: [&str; 12] = [
    "no_event",
    "robber_attacks",
    "epidemic",
    "earthquake",
    "good_neighbors",
    "tournament",
    "trade_advantage",
    "calm_sea",
    "robber_flees",
    "neighborly_assistance",
    "conflict",
    "plentiful_year",
];

pub const NUM_CARD_TYPES: usize = crate::ids::NUM_EVENT_CARD_TYPES;

/// The card types: (event kind, number, copies). 36 cards in all (spec §B2.2).
pub const CARD_TYPES: [(u8, u8, u8); NUM_CARD_TYPES] = [
    (EV_ROBBER_ATTACKS, 7, 6),
    (EV_EPIDEMIC, 6, 1),
    (EV_EPIDEMIC, 8, 1),
    (EV_EARTHQUAKE, 6, 1),
    (EV_GOOD_NEIGHBORS, 6, 1),
    (EV_TOURNAMENT, 5, 1),
    (EV_TRADE_ADVANTAGE, 5, 1),
    (EV_CALM_SEA, 9, 1),
    (EV_CALM_SEA, 12, 1),
    (EV_ROBBER_FLEES, 4, 2),
    (EV_NEIGHBORLY_ASSISTANCE, 10, 1),
    (EV_NEIGHBORLY_ASSISTANCE, 11, 1),
    (EV_CONFLICT, 3, 1),
    (EV_PLENTIFUL_YEAR, 2, 1),
    (EV_NONE, 3, 1),
    (EV_NONE, 4, 1),
    (EV_NONE, 5, 2),
    (EV_NONE, 6, 2),
    (EV_NONE, 8, 4),
    (EV_NONE, 9, 3),
    (EV_NONE, 10, 2),
    (EV_NONE, 11, 1),
];

/// Cards revealed before New Year (31 on top, New Year, 5 under it).
pub const NEW_YEAR_AFTER: u8 = 31;
pub const DECK_SIZE: u8 = 36;

/// The name of a card type, e.g. `epidemic_6`, `no_event_8`.
pub fn card_name(t: usize) -> String {
    let (k, num, _) = CARD_TYPES[t.min(NUM_CARD_TYPES - 1)];
    format!("{}_{num}", EVENT_KIND_NAMES[k as usize])
}

pub fn card_id(name: &str) -> Option<usize> {
    (0..NUM_CARD_TYPES).find(|&t| card_name(t) == name)
}

impl Catan {
    /// Cards still to be revealed before the next rebuild, per type (the deck as everyone knows it).
    pub(crate) fn event_deck(&self) -> [u8; NUM_CARD_TYPES] {
        let total: u32 = self.ev_revealed.iter().map(|&x| x as u32).sum();
        let limit = if self.rules.new_year {
            NEW_YEAR_AFTER as u32
        } else {
            DECK_SIZE as u32
        };
        if total >= limit {
            // New Year (or an empty deck): the rebuilt deck.
            return std::array::from_fn(|t| CARD_TYPES[t].2);
        }
        std::array::from_fn(|t| CARD_TYPES[t].2.saturating_sub(self.ev_revealed[t]))
    }

    /// Reveal card type `t` (the chance outcome of a reveal).
    pub(crate) fn reveal_event(&mut self, t: usize) {
        let total: u32 = self.ev_revealed.iter().map(|&x| x as u32).sum();
        let limit = if self.rules.new_year {
            NEW_YEAR_AFTER as u32
        } else {
            DECK_SIZE as u32
        };
        if total >= limit {
            self.ev_revealed = [0; NUM_CARD_TYPES];
            self.new_years += 1;
        }
        self.ev_revealed[t] += 1;
        self.last_card = t as u8;
        self.ev_card = t as u8;
        if CARD_TYPES[t].0 == EV_NONE || CARD_TYPES[t].0 == EV_ROBBER_ATTACKS {
            // Nothing to resolve across actions: the number is produced (or the 7 begins) now.
            self.ev_card = 0;
        }
        let (kind, num, _) = CARD_TYPES[t];
        self.last_roll = num;
        self.rolled = true;
        self.ev_kind = kind;
        self.pending = 0;
        let n = self.n();
        let cur = self.current as usize;
        if kind == EV_EPIDEMIC {
            // B4: the Epidemic holds for the rest of the turn (both cards' production).
            self.two_epidemic(true);
        }
        match kind {
            EV_ROBBER_ATTACKS => {
                self.ev_kind = EV_NONE;
                if self.two_skip_production() {
                    // B4 (D-14): a second Robber Attacks is not resolved at all.
                    self.roll_resolved();
                } else {
                    self.begin_seven();
                }
            }
            EV_EARTHQUAKE => {
                for p in 0..n {
                    if self.damage_spots_of(p) != 0 && self.damaged[p] == NONE {
                        self.pending |= 1 << p;
                    }
                }
                self.continue_event(Phase::Earthquake);
            }
            EV_GOOD_NEIGHBORS => {
                for p in 0..n {
                    if self.hand_size(p) > 0 {
                        self.pending |= 1 << p;
                    }
                }
                self.continue_event(Phase::EventGive);
            }
            EV_TOURNAMENT => {
                let k: [u32; MAX_PLAYERS] = if self.modules.barbarian_attack.is_some() {
                    // D-68: knights on the board.
                    self.board_knights()
                } else {
                    std::array::from_fn(|p| {
                        if p < n {
                            self.dev_played[p][crate::KNIGHT] as u32
                        } else {
                            0
                        }
                    })
                };
                self.pending = self.leaders(&k);
                if self.bank.iter().all(|&b| b == 0) {
                    self.pending = 0;
                }
                self.continue_event(Phase::EventTake);
            }
            EV_CALM_SEA => {
                let h: [u32; MAX_PLAYERS] =
                    std::array::from_fn(|p| if p < n { self.harbors_of(p) } else { 0 });
                self.pending = self.leaders(&h);
                if self.bank.iter().all(|&b| b == 0) {
                    self.pending = 0;
                }
                self.continue_event(Phase::EventTake);
            }
            EV_PLENTIFUL_YEAR => {
                self.pending = ((1u16 << n) - 1) as u8;
                if self.bank.iter().all(|&b| b == 0) {
                    self.pending = 0;
                }
                self.continue_event(Phase::EventTake);
            }
            EV_NEIGHBORLY_ASSISTANCE => {
                let vp: [u32; MAX_PLAYERS] =
                    std::array::from_fn(|p| if p < n { self.public_vp(p) } else { 0 });
                let givers = self.leaders(&vp);
                let recv = self.neighborly_receivers();
                let k = recv.count_ones();
                if k > 0 {
                    for p in 0..n {
                        if givers & (1 << p) != 0 && self.hand_size(p) >= k {
                            self.pending |= 1 << p;
                        }
                    }
                }
                self.recv = recv;
                self.continue_event(Phase::EventGive);
            }
            EV_TRADE_ADVANTAGE => {
                if (self.longest_road as usize) < n {
                    self.pending = 1 << self.longest_road;
                } else if self.longest_road != NONE {
                    // B4: a neutral player holds Longest Road; it takes no cards (engine decision).
                } else {
                    let r: [u32; MAX_PLAYERS] =
                        std::array::from_fn(|p| if p < n { self.roads[p].count_ones() } else { 0 });
                    let m = r.iter().copied().max().unwrap_or(0);
                    let top = (0..n).filter(|&p| r[p] == m).count();
                    if m > 0 && top == 1 {
                        self.pending = 1 << (0..n).find(|&p| r[p] == m).unwrap_or(0);
                    }
                }
                self.next_thief();
            }
            EV_CONFLICT if self.modules.barbarian_attack.is_some() => {
                // §B8.10: the player who alone has the most knights on the board steals.
                let k = self.board_knights();
                let m = k[..n].iter().copied().max().unwrap_or(0);
                if m > 0 && k[..n].iter().filter(|&&x| x == m).count() == 1 {
                    self.pending = 1 << k[..n].iter().position(|&x| x == m).unwrap_or(0);
                }
                self.next_thief();
            }
            EV_CONFLICT => {
                if (self.largest_army as usize) < n {
                    self.pending = 1 << self.largest_army;
                } else {
                    let k: [u32; MAX_PLAYERS] = std::array::from_fn(|p| {
                        if p < n {
                            self.dev_played[p][crate::KNIGHT] as u32
                        } else {
                            0
                        }
                    });
                    // "Each player with the most Knight cards" (explicit in the rule, so not
                    // subject to the D-12 tie option); at least one knight.
                    let m = k.iter().copied().max().unwrap_or(0);
                    if m > 0 {
                        for p in 0..n {
                            if k[p] == m {
                                self.pending |= 1 << p;
                            }
                        }
                    }
                }
                self.next_thief();
            }
            EV_ROBBER_FLEES if self.modules.barbarian_attack.is_some() => self.finish_event(),
            EV_ROBBER_FLEES => {
                if self.rules.scenario.robber_may_leave_board() {
                    // §B2.3: in Fishermen, Rivers and Caravans it goes beside the board until the
                    // next 7 or Knight.
                    self.robber = crate::ROBBER_OFF;
                } else if let Some(d) =
                    (0..NH).find(|&h| self.board.terrain[h] == crate::board::DESERT)
                {
                    self.robber = d as u8;
                }
                self.finish_event();
            }
            _ => {
                // No event, or Epidemic (every city produces only 1 this turn).
                self.ev_kind = EV_NONE;
                self.ev_card = 0;
                // B4 (D-14): a second card repeating the first card's number produces nothing.
                if !self.two_skip_production() {
                    let epidemic = self.two_epidemic(kind == EV_EPIDEMIC);
                    self.produce(num as usize, epidemic);
                }
                self.roll_resolved();
                self.fish_after_production(num as usize);
            }
        }
        let _ = cur;
    }

    /// Players with the highest value (at least 1); with the `event_tie = none` option a shared
    /// lead gives nobody (D-12).
    fn leaders(&self, v: &[u32; MAX_PLAYERS]) -> u8 {
        let n = self.n();
        let m = v[..n].iter().copied().max().unwrap_or(0);
        if m == 0 {
            return 0;
        }
        let mask = (0..n).filter(|&p| v[p] == m).fold(0u8, |a, p| a | (1 << p));
        if mask.count_ones() > 1 && !self.rules.event_tie_all {
            0
        } else {
            mask
        }
    }

    /// Players with fewer public VP than the most (Neighborly Assistance receivers).
    pub(crate) fn neighborly_receivers(&self) -> u8 {
        let n = self.n();
        let m = (0..n).map(|p| self.public_vp(p)).max().unwrap_or(0);
        (0..n)
            .filter(|&p| self.public_vp(p) < m)
            .fold(0u8, |a, p| a | (1 << p))
    }

    /// Distinct harbours at which `p` has a building (D-13).
    pub fn harbors_of(&self, p: usize) -> u32 {
        let g = self.geo();
        let mine = self.settlements[p] | self.cities[p];
        (0..g.ne)
            .filter(|&e| {
                self.board.edge_harbor[e] != NONE && {
                    let [a, b] = g.edge_ends[e];
                    mine & ((1u64 << a) | (1u64 << b)) != 0
                }
            })
            .count() as u32
    }

    /// The player acting in an event sub-phase: the first pending one in seat order from the
    /// player whose turn it is.
    pub(crate) fn event_actor(&self) -> usize {
        let n = self.n();
        (0..n)
            .map(|i| (self.current as usize + i) % n)
            .find(|&p| self.pending & (1 << p) != 0)
            .unwrap_or(self.current as usize)
    }

    /// Who sees a gift (B2): a Good Neighbors gift only its receiver, once the last gift hands
    /// them all over; a Neighborly Assistance gift its receiver at once.
    pub(crate) fn gift_visible_to(&self, seat: usize) -> bool {
        let last = self.ev_kind != EV_GOOD_NEIGHBORS || self.pending.count_ones() <= 1;
        last && seat == self.gift_receiver()
    }

    /// The receiver of the next gift by the event actor.
    pub(crate) fn gift_receiver(&self) -> usize {
        let n = self.n();
        let a = self.event_actor();
        if self.ev_kind == EV_GOOD_NEIGHBORS {
            (a + 1) % n
        } else {
            (0..n)
                .map(|i| (self.current as usize + i) % n)
                .find(|&p| self.recv & (1 << p) != 0)
                .unwrap_or(a)
        }
    }

    fn continue_event(&mut self, phase: Phase) {
        if self.pending == 0 {
            self.finish_event();
        } else {
            self.phase = phase;
        }
    }

    /// The event is resolved: production of the card's number (not for a 7), then the main phase.
    pub(crate) fn finish_event(&mut self) {
        let (kind, num, _) = CARD_TYPES[(self.ev_card as usize).min(NUM_CARD_TYPES - 1)];
        self.ev_kind = EV_NONE;
        self.ev_card = 0;
        self.pending = 0;
        self.recv = 0;
        self.thief = self.current;
        if num != 7 && !self.two_skip_production() {
            let epidemic = self.two_epidemic(kind == EV_EPIDEMIC);
            self.produce(num as usize, epidemic);
        }
        self.roll_resolved();
        if num != 7 && !self.two_skip_production() {
            self.fish_after_production(num as usize);
        }
    }

    /// Trade Advantage / Conflict: the next pending thief names a victim (other players holding
    /// cards; decided in D-11's spirit: a victim without cards would be a no-op).
    pub(crate) fn next_thief(&mut self) {
        while self.pending != 0 {
            let t = self.event_actor();
            self.pending &= !(1 << t);
            self.thief = t as u8;
            let m = self.event_victims();
            if m == 0 {
                continue;
            }
            if m.count_ones() == 1 {
                self.victim = m.trailing_zeros() as u8;
                self.phase = Phase::Steal;
            } else {
                self.phase = Phase::ChooseVictim;
            }
            return;
        }
        self.finish_event();
    }

    pub(crate) fn event_victims(&self) -> u8 {
        (0..self.n())
            .filter(|&q| q != self.thief as usize && self.hand_size(q) > 0)
            .fold(0u8, |a, q| a | (1 << q))
    }

    /// Earthquake: the roads the actor may damage.
    pub(crate) fn damage_spots(&self) -> u128 {
        self.damage_spots_of(self.event_actor())
    }

    /// The roads `p` could damage: his roads, B6 bridges excepted (a bridge is not a road piece).
    pub(crate) fn damage_spots_of(&self, p: usize) -> u128 {
        match &self.modules.rivers {
            None => self.roads[p],
            Some(s) => self.roads[p] & !s.bridges[p],
        }
    }

    pub(crate) fn apply_event_action(&mut self, a: u32) {
        let actor = self.event_actor();
        match self.phase {
            Phase::Earthquake => {
                self.damaged[actor] = self.damage_edge(a).unwrap_or(0) as u8;
                self.pending &= !(1 << actor);
                self.continue_event(Phase::Earthquake);
            }
            Phase::EventTake => {
                if a != crate::A_DECLINE {
                    let r = (a - crate::A_YOP) as usize;
                    self.bank[r] -= 1;
                    self.gain(actor, r, 1);
                }
                self.pending &= !(1 << actor);
                if self.bank.iter().all(|&b| b == 0) {
                    self.pending = 0;
                }
                self.continue_event(Phase::EventTake);
            }
            Phase::EventGive => {
                let r = (a - crate::A_GIVE) as usize;
                if self.ev_kind == EV_GOOD_NEIGHBORS {
                    // G-3: the gifts are chosen simultaneously. Each is set aside unseen (still
                    // in the giver's hand for everyone's knowledge, so nobody can pass on a card
                    // he is about to receive); all change hands together once the last is chosen.
                    self.set_aside[actor][r] += 1;
                    self.pending &= !(1 << actor);
                    if self.pending == 0 {
                        self.hand_over_gifts();
                    }
                    self.continue_event(Phase::EventGive);
                    return;
                }
                let to = self.gift_receiver();
                // Neighborly Assistance: one card at a time (givers never receive). Only the
                // giver and the receiver see the card's kind.
                self.steal_card(to, actor, r);
                self.recv &= !(1 << to);
                if self.recv == 0 {
                    self.pending &= !(1 << actor);
                    self.recv = self.neighborly_receivers();
                }
                self.continue_event(Phase::EventGive);
            }
            _ => {}
        }
    }

    /// Good Neighbors: every gift is chosen; each set-aside card goes to the giver's left-hand
    /// neighbour (only the two of them see its kind).
    fn hand_over_gifts(&mut self) {
        let n = self.n();
        for p in 0..n {
            let cards = std::mem::take(&mut self.set_aside[p]);
            for r in 0..5 {
                for _ in 0..cards[r] {
                    self.steal_card((p + 1) % n, p, r);
                }
            }
        }
    }
}

/// B2's part of the observation.
pub(crate) fn observe(g: &Catan, o: &mut Value) {
    let n = g.n();
    if g.rules.event_cards {
        let total: u32 = g.ev_revealed.iter().map(|&x| x as u32).sum();
        let deck = g.event_deck();
        o["events"] = json!({
            "revealed_since_rebuild": (0..NUM_CARD_TYPES).filter(|&t| g.ev_revealed[t] > 0).map(|t| (card_name(t), json!(g.ev_revealed[t]))).collect::<serde_json::Map<String, Value>>(),
            "cards_before_new_year": if g.rules.new_year { json!((NEW_YEAR_AFTER as u32).saturating_sub(total)) } else { Value::Null },
            "unrevealed": (0..NUM_CARD_TYPES).filter(|&t| deck[t] > 0).map(|t| (card_name(t), json!(deck[t]))).collect::<serde_json::Map<String, Value>>(),
            "last_card": if (g.last_card as usize) < NUM_CARD_TYPES { json!(card_name(g.last_card as usize)) } else { Value::Null },
            "resolving": if g.ev_kind != EV_NONE { json!(card_name(g.ev_card as usize)) } else { Value::Null },
            "pending": (0..n).filter(|&q| g.pending & (1 << q) != 0).collect::<Vec<_>>(),
            "receivers_left": (0..n).filter(|&q| g.recv & (1 << q) != 0).collect::<Vec<_>>(),
            "new_years": g.new_years,
        });
        if matches!(g.phase, Phase::Steal | Phase::ChooseVictim) {
            o["thief"] = json!(g.thief);
        }
    }
}

/// B2's part of a player's observation.
pub(crate) fn observe_player(g: &Catan, p: usize, v: &mut Value) {
    let geo = g.geo();
    if g.rules.event_cards {
        v["damaged_road"] = if g.damaged[p] == NONE {
            Value::Null
        } else {
            json!(geo.edge_name(g.damaged[p] as usize))
        };
        v["harbors"] = json!(g.harbors_of(p));
    }
}

/// B2's line of the text rendering.
pub(crate) fn render(g: &Catan, s: &mut String) {
    let geo = g.geo();
    let n = g.n();
    if g.rules.event_cards {
        s.push_str(&format!(
            "event cards: last {}, revealed since rebuild {}, damaged roads {:?}\n",
            if (g.last_card as usize) < NUM_CARD_TYPES {
                card_name(g.last_card as usize)
            } else {
                "none".into()
            },
            g.ev_revealed.iter().map(|&x| x as u32).sum::<u32>(),
            (0..n)
                .map(|p| if g.damaged[p] == NONE {
                    "-".to_string()
                } else {
                    geo.edge_name(g.damaged[p] as usize)
                })
                .collect::<Vec<_>>()
        ));
    }
}

/// B2 event-card state: counts, damaged roads, event phases.
pub(crate) fn validate(g: &Catan) -> Result<(), String> {
    let n = g.n();
    let in_event = matches!(
        g.phase,
        Phase::Earthquake | Phase::EventGive | Phase::EventTake
    );
    if !g.rules.event_cards {
        if in_event
            || g.ev_kind != EV_NONE
            || g.damaged.iter().any(|&d| d != NONE)
            || g.ev_revealed.iter().any(|&x| x > 0)
            || g.last_card != NONE
            || g.new_years > 0
        {
            return Err("event-card state or phase but the event_cards option is off".into());
        }
        return Ok(());
    }
    let mut total = 0u32;
    for t in 0..NUM_CARD_TYPES {
        if g.ev_revealed[t] > CARD_TYPES[t].2 {
            return Err(format!(
                "{} revealed {} times (only {} exist)",
                card_name(t),
                g.ev_revealed[t],
                CARD_TYPES[t].2
            ));
        }
        total += g.ev_revealed[t] as u32;
    }
    let limit = if g.rules.new_year {
        NEW_YEAR_AFTER
    } else {
        DECK_SIZE
    } as u32;
    if total > limit {
        return Err(format!(
            "{total} event cards revealed since the rebuild (at most {limit})"
        ));
    }
    if g.last_card != NONE && g.last_card as usize >= NUM_CARD_TYPES {
        return Err("last_card is not an event card".into());
    }
    for p in 0..MAX_PLAYERS {
        let d = g.damaged[p];
        if d != NONE
            && (p >= n || d as usize >= g.geo().ne || g.damage_spots_of(p) & (1u128 << d) == 0)
        {
            return Err(format!("player {p}'s damaged road is not one of his roads"));
        }
    }
    if g.pending >> n != 0 || g.recv >> n != 0 {
        return Err("event pending players must be seats".into());
    }
    let kind = g.ev_kind;
    let steal_event = kind == EV_TRADE_ADVANTAGE || kind == EV_CONFLICT;
    let phase = g.phase.name();
    let bad = |why: &str| Err(format!("phase {phase}: {why}"));
    match g.phase {
        Phase::Earthquake => {
            if kind != EV_EARTHQUAKE || g.pending == 0 {
                return bad("an earthquake with players still to damage a road");
            }
            for p in 0..n {
                if g.pending & (1 << p) != 0 && (g.damage_spots_of(p) == 0 || g.damaged[p] != NONE)
                {
                    return bad("a pending player must have roads and no damaged road");
                }
            }
        }
        Phase::EventGive => {
            if !(kind == EV_GOOD_NEIGHBORS || kind == EV_NEIGHBORLY_ASSISTANCE) || g.pending == 0 {
                return bad("Good Neighbors or Neighborly Assistance with a pending giver");
            }
            if kind == EV_NEIGHBORLY_ASSISTANCE {
                let a = g.event_actor();
                if g.recv == 0
                    || g.recv & !g.neighborly_receivers() != 0
                    || g.hand_size(a) < g.recv.count_ones()
                {
                    return bad("the giver must owe cards to players with fewer VP and hold them");
                }
            } else if g.hand_size(g.event_actor()) == 0 {
                return bad("the giver has no card");
            }
        }
        Phase::EventTake => {
            if !matches!(kind, EV_TOURNAMENT | EV_CALM_SEA | EV_PLENTIFUL_YEAR)
                || g.pending == 0
                || g.bank.iter().all(|&b| b == 0)
            {
                return bad("Tournament, Calm Sea or Plentiful Year with a pending taker and a non-empty bank");
            }
        }
        Phase::Steal | Phase::ChooseVictim if steal_event => {}
        _ => {
            if kind != EV_NONE || g.pending != 0 || g.recv != 0 {
                return bad("an event is being resolved only in its own phases");
            }
            if g.thief != g.current {
                return bad("the thief is the player to move outside an event steal");
            }
        }
    }
    if steal_event && !in_event && g.thief as usize >= n {
        return bad("the thief must be a seat");
    }
    Ok(())
}
