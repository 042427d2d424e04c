//! The modules' parts of the position format (docs/games/catan.md): written after the base
//! fields, read in the order the checks were always made.

use crate::ids::*;
use crate::position::names::eid;
use crate::position::{EventsPos, Position};
use crate::state::{Catan, Phase, Rules, Scenario};
use crate::{barbarian_attack, caravans, events, fishermen, harbormaster, rivers, traders, two};
use serde_json::Value;

impl Rules {
    /// Whether the position lists Swift Journey in the Year of Plenty slot (B9).
    pub(crate) fn swaps_swift(&self) -> bool {
        self.scenario == Scenario::TradersBarbarians
    }
}

impl Catan {
    /// The development deck of the options (while a position is read, before the modules'
    /// state is).
    pub(crate) fn dev_totals_of_rules(&self) -> [u8; 5] {
        if self.rules.swaps_swift() {
            traders::DEV_TOTALS
        } else {
            DEV_TOTALS
        }
    }

    pub(crate) fn dev_name_of_rules(&self, k: usize) -> &'static str {
        if self.rules.swaps_swift() {
            traders::DEV_NAMES[k]
        } else {
            DEV_NAMES[k]
        }
    }

    /// Road edges of `p` that a module lists in its own part (B6 bridges).
    #[inline]
    pub(crate) fn module_road_pieces(&self, p: usize) -> u128 {
        self.modules.rivers.as_ref().map_or(0, |s| s.bridges[p])
    }

    /// The modules' fields of the board map (B6 rivers, B5 fishing grounds).
    pub(crate) fn module_write_board(&self, board: &mut Value) {
        if let Some(s) = &self.modules.rivers {
            rivers::write_map(s, board);
        }
        if let Some(f) = self.fish() {
            board["fishing_grounds"] = fishermen::grounds_json(&f.grounds);
        }
    }

    /// The modules' fields of the position.
    pub(crate) fn module_write(&self, pos: &mut Position) {
        let n = self.n();
        pos.modules.rivers = rivers::to_pos(self);
        pos.modules.fishermen = fishermen::json::to_pos(self);
        pos.modules.traders = traders::json::to_pos(self);
        pos.harbormaster = ((self.harbormaster as usize) < n).then_some(self.harbormaster as usize);
        pos.modules.two = two::to_pos(self);
        pos.modules.caravans = self
            .modules
            .caravans
            .as_ref()
            .map(|c| caravans::CaravansPos::from_state(c, self.phase, n));
        pos.events = self.rules.event_cards.then(|| {
            let mask = |m: u8| (0..n).filter(|&q| m & (1 << q) != 0).collect::<Vec<_>>();
            EventsPos {
                revealed: (0..events::NUM_CARD_TYPES)
                    .filter(|&t| self.ev_revealed[t] > 0)
                    .map(|t| (events::card_name(t), self.ev_revealed[t]))
                    .collect(),
                last_card: ((self.last_card as usize) < events::NUM_CARD_TYPES)
                    .then(|| events::card_name(self.last_card as usize)),
                resolving: (self.ev_kind != events::EV_NONE)
                    .then(|| events::card_name(self.ev_card as usize)),
                pending: mask(self.pending),
                receivers_left: mask(self.recv),
                new_years: self.new_years,
            }
        });
        pos.modules.barbarian_attack = self
            .modules
            .barbarian_attack
            .is_some()
            .then(|| barbarian_attack::json::to_pos(self));
    }

    fn seat_of(&self, x: usize, what: &str) -> Result<u8, String> {
        let n = self.n();
        if x < n {
            Ok(x as u8)
        } else {
            Err(format!("{what} {x} is not a seat (0..{n})"))
        }
    }

    /// Reading: the modules' fields the base's bank and deck depend on (B4), after the pieces.
    pub(crate) fn module_read_pieces(&mut self, pos: &Position) -> Result<(), String> {
        two::from_pos(self, pos.modules.two.as_ref())
    }

    /// Reading: the modules' fields after the base's seats (B3, B7, B2, B6, B8).
    pub(crate) fn module_read(&mut self, pos: &Position) -> Result<(), String> {
        let g = self;
        let n = g.n();
        let geo = g.geo();
        let eid = |x: &(i32, i32, String)| eid(geo, x);
        if let Some(x) = pos.harbormaster {
            g.harbormaster = g.seat_of(x, "harbormaster")?;
        }
        // B7: the caravans (before the road lengths are derived: camels double roads).
        match (
            &pos.modules.caravans,
            g.rules.scenario == Scenario::Caravans,
        ) {
            (Some(cp), true) => {
                let opts = caravans::Opts::from_config(&pos.config);
                let st = cp.to_state(&g.board, opts, n, g.phase, g.current as usize)?;
                g.modules.caravans = Some(Box::new(st));
            }
            (None, true) => {
                let opts = caravans::Opts::from_config(&pos.config);
                let st = caravans::State::new(&g.board, 0, opts)?;
                g.modules.caravans = Some(Box::new(st));
            }
            (Some(_), false) => {
                return Err("caravans state given but the scenario is not caravans".into())
            }
            (None, false) => {}
        }
        for (p, pl) in pos.players.iter().enumerate() {
            if let Some(x) = &pl.damaged_road {
                g.damaged[p] = eid(x).map_err(|e| format!("player {p} damaged_road: {e}"))? as u8;
            }
        }
        if let Some(ev) = &pos.events {
            if !g.rules.event_cards {
                return Err("event-card state given but the event_cards option is off".into());
            }
            for (name, &k) in &ev.revealed {
                let t = events::card_id(name).ok_or(format!("'{name}' is not an event card"))?;
                g.ev_revealed[t] = k;
            }
            if let Some(name) = &ev.last_card {
                g.last_card =
                    events::card_id(name).ok_or(format!("'{name}' is not an event card"))? as u8;
            }
            if let Some(name) = &ev.resolving {
                let t = events::card_id(name).ok_or(format!("'{name}' is not an event card"))?;
                g.ev_card = t as u8;
                g.ev_kind = events::CARD_TYPES[t].0;
            }
            for &x in &ev.pending {
                g.pending |= 1 << g.seat_of(x, "events.pending")?;
            }
            for &x in &ev.receivers_left {
                g.recv |= 1 << g.seat_of(x, "events.receivers_left")?;
            }
            g.new_years = ev.new_years;
        }
        rivers::from_pos(g, &pos.board, pos.modules.rivers.as_ref())?;
        if g.rules.scenario == Scenario::BarbarianAttack {
            // B8 replaces the base development cards with its own deck.
            g.deck = [0; 5];
            let s = barbarian_attack::json::from_pos(g, pos.modules.barbarian_attack.as_ref())?;
            g.modules.barbarian_attack = Some(Box::new(s));
        } else if pos.modules.barbarian_attack.is_some() {
            return Err(
                "barbarian_attack state given but the scenario is not barbarian_attack".into(),
            );
        }
        Ok(())
    }

    /// Reading: the modules' fields read last (B5, B9).
    pub(crate) fn module_read_last(&mut self, pos: &Position) -> Result<(), String> {
        let g = self;
        if g.rules.scenario == Scenario::Fishermen {
            let grounds = fishermen::read_grounds(&pos.board)?;
            g.modules.fishermen = Some(Box::new(fishermen::State::new(
                &pos.config,
                &g.board,
                grounds,
            )));
        }
        fishermen::json::from_pos(g, pos.modules.fishermen.as_ref())?;
        traders::json::from_pos(g, pos.modules.traders.as_ref())?;
        Ok(())
    }

    /// Checks of the modules' state, before the robber's (B2, B4, B8, B7, B6).
    pub(crate) fn module_validate(&self) -> Result<(), String> {
        events::validate(self)?;
        two::validate(self)?;
        barbarian_attack::json::validate(self)?;
        caravans::json::validate(self)?;
        rivers::validate(self)
    }

    /// Checks of the modules' state after the robber's (B5).
    pub(crate) fn module_validate_after_robber(&self) -> Result<(), String> {
        fishermen::json::validate(self)
    }

    /// Checks of the modules' cards and state after the base's special cards (B3, B9).
    pub(crate) fn module_validate_cards(&self) -> Result<(), String> {
        harbormaster::validate(self)?;
        traders::json::validate(self)
    }

    /// Whether a module's step stands between a set-up settlement and its road (B5: the
    /// settlement's fish is drawn there).
    pub(crate) fn setup_interrupted(&self) -> bool {
        matches!(self.phase, Phase::FishDraw | Phase::FishSwap)
            && (self.setup_step as usize) < 2 * self.n()
    }

    /// Whether a module's phase holds cards set aside (B2 Good Neighbors, G-3).
    pub(crate) fn module_sets_aside(&self) -> bool {
        self.phase == Phase::EventGive && self.ev_kind == events::EV_GOOD_NEIGHBORS
    }

    /// Whether player trades may offer coins (B6 coins, B9 gold).
    pub(crate) fn coin_offers(&self) -> bool {
        self.modules.rivers.is_some() || self.modules.traders.is_some()
    }
}
