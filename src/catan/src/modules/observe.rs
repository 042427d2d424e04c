//! The modules' parts of what the base shows: observation JSON, action labels, the text
//! rendering, the heuristic value, determinization and who sees a chance outcome.

use crate::ids::*;
use crate::position::DevCards;
use crate::state::{Catan, Phase, Scenario};
use crate::{barbarian_attack, caravans, events, fishermen, harbormaster, rivers, traders, two};
use meeple_core::{Action, GameRng};
use serde_json::{json, Value};

impl Catan {
    /// Development cards as shown (B9 names the Year of Plenty slot Swift Journey).
    #[inline]
    pub(crate) fn dev_view(&self, d: DevCards) -> DevCards {
        if self.modules.traders.is_some() {
            d.swap_swift()
        } else {
            d
        }
    }

    /// The modules' fields of player `p` in an observation.
    pub(crate) fn module_player_observation(&self, p: usize, v: &mut Value) {
        harbormaster::observe_player(self, p, v);
        events::observe_player(self, p, v);
        if self.rules.friendly_robber {
            // B1.
            v["protected_by_friendly_robber"] = json!(self.protected_players() & (1 << p) != 0);
        }
        caravans::view::observe_player(self, p, v);
    }

    /// The modules' parts of the observation of `seat`.
    pub(crate) fn module_observation(&self, seat: usize, o: &mut Value) {
        harbormaster::observe(self, o);
        if self.modules.caravans.is_some() {
            o["caravans"] = caravans::view::observation(self);
        }
        if self.modules.two.is_some() {
            two::view::observe(self, o);
        }
        if let Some(t) = traders::json::to_pos(self) {
            // B9: everything of the scenario is public (E2).
            o["traders"] = serde_json::to_value(t).unwrap_or(Value::Null);
        }
        if self.rules.event_cards {
            events::observe(self, o);
        }
        rivers::observe(self, o);
        fishermen::view::observe(self, seat, o);
        if self.modules.barbarian_attack.is_some() {
            barbarian_attack::json::observation(self, o);
        }
    }

    /// A module's label for `a` ahead of the base's (B9: its own ids, and the Swift Journey in
    /// the Year of Plenty slot).
    #[inline]
    pub(crate) fn module_label_first(&self, a: Action) -> Option<String> {
        if self.modules.traders.is_some() {
            if let Some(l) = self.tb_label(a) {
                return Some(l);
            }
            if a == A_PLAY + 2 {
                return Some("play swift journey".into());
            }
            if (C_DEV..NUM_ACTIONS).contains(&a) {
                return Some(format!("draw {}", self.dev_name((a - C_DEV) as usize)));
            }
        }
        None
    }

    /// The label of an id past the base game's ([`NUM_ACTIONS`] on).
    pub(crate) fn module_label(&self, a: Action) -> String {
        let geo = self.geo();
        if a < A_DAMAGE {
            format!("event {}", events::card_name((a - C_EVENT) as usize))
        } else if a < A_GIVE {
            format!("damage road {}", geo.edge_name((a - A_DAMAGE) as usize))
        } else if a < A_REPAIR {
            format!("give {}", crate::board::RESOURCES[(a - A_GIVE) as usize])
        } else if a == A_REPAIR {
            "repair road".into()
        } else if (A_TWO..A_SCENARIO).contains(&a) {
            two::label(self, a)
        } else if let Some(l) = self
            .modules
            .caravans
            .is_some()
            .then(|| caravans::label(a))
            .flatten()
        {
            l
        } else if a >= A_SCENARIO && self.modules.rivers.is_some() {
            rivers::label(self, a)
        } else if a >= A_SCENARIO && self.modules.fishermen.is_some() {
            self.fish_label(a)
        } else if a >= A_SCENARIO && self.rules.scenario == Scenario::BarbarianAttack {
            barbarian_attack::json::label(self, a)
        } else {
            format!("action {a}")
        }
    }

    /// Whether the robber is drawn on its hex (B9 parks the unused robber on a trade hex).
    #[inline]
    pub(crate) fn robber_shown(&self) -> bool {
        self.modules.traders.is_none()
    }

    /// The modules' lines of the text rendering.
    pub(crate) fn module_render(&self, s: &mut String) {
        events::render(self, s);
        harbormaster::render(self, s);
        rivers::render(self, s);
        caravans::view::render(self, s);
        barbarian_attack::json::render(self, s);
        traders::json::render(self, s);
        two::view::render(self, s);
        s.push_str(&fishermen::view::render(self));
    }

    /// The modules' share of the heuristic worth of player `p` to `seat` (B5's fish).
    #[inline]
    pub(crate) fn module_evaluate(&self, seat: usize, p: usize) -> f64 {
        fishermen::view::evaluate(self, seat, p)
    }

    /// Deal the modules' unseen pieces of a determinization for `seat` (B5's fish tokens).
    pub(crate) fn module_determinize(d: &mut Catan, seat: usize, rng: &mut GameRng) {
        fishermen::view::determinize(d, seat, rng);
    }

    /// Whether `seat` sees a module's action (`None`: not a hidden one, seen by all).
    #[inline]
    pub(crate) fn module_action_visible_to(&self, a: Action, seat: usize) -> Option<bool> {
        match self.phase {
            Phase::EventGive if (A_GIVE..A_GIVE + 5).contains(&a) => {
                Some(self.gift_visible_to(seat))
            }
            _ => None,
        }
    }

    /// Whether `seat` sees the outcome of a module's chance phase (`None`: not a module's).
    #[inline]
    pub(crate) fn module_chance_visible_to(&self, seat: usize) -> Option<bool> {
        match self.phase {
            // A fish token is seen by the player who draws it.
            Phase::FishDraw => Some(seat == self.fish_drawer()),
            _ => None,
        }
    }
}
