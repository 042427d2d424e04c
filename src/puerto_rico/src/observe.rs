//! The observation (the state minus the RNG, with names; opponents' VP hidden with `hidden_vp`).

use crate::format::*;
use crate::state::*;
use meeple_core::Game;
use serde_json::{json, Value};

impl PuertoRico {
    pub(crate) fn observation_value(&self, seat: usize) -> Value {
        let n = self.n();
        let over = self.step == Step::GameOver;
        let hide = self.hidden_vp() && !over;
        let players: Vec<Value> = (0..n)
            .map(|p| self.player_json(p, !hide || p == seat))
            .collect();
        let mut obs = json!({
            "seat": seat,
            "round": self.round,
            "governor": self.governor,
            "current_player": self.turn().as_i32(),
            "step": STEP_NAMES[step_index(self.step)],
            "role": self.role,
            "chooser": self.chooser,
            "roles": self.roles,
            "colonist_supply": self.colonist_supply,
            "colonist_ship": self.colonist_ship,
            "vp_supply": self.vp_supply,
            "goods_supply": self.goods_supply,
            "quarries": self.quarries,
            "plantation_row": self.plantation_row,
            "deck": self.deck,
            "discard": self.discard,
            "building_supply": self.building_supply,
            "ships": self.ships,
            "trading_house": self.trading_house,
            "end_triggered": self.end_triggered,
            "truncated": self.truncated,
            "quarry_taken": seat_set::list(self.quarry_taken),
            "wharf_used": seat_set::list(self.wharf_used),
            "captain_bonus_paid": self.captain_bonus_paid,
            "craftsman_kinds": good_set::list(self.craftsman_kinds),
            "warehoused": good_set::list(self.warehoused),
            "last_tile": self.last_tile.map(|t| LAST_TILE_NAMES.get(t as usize).copied().unwrap_or("?")),
            "last_building": self.last_building,
            "players": players,
        });
        if let (Some(x), Value::Object(m)) = (self.nb(), &mut obs) {
            m.insert("nobles".into(), json!(x));
        }
        if self.new_buildings {
            if let Value::Object(m) = &mut obs {
                m.insert("new_buildings".into(), json!(true));
                m.insert(
                    "building_set".into(),
                    json!(building_set::list(self.building_set)),
                );
                m.insert("pending".into(), json!(self.pending));
                m.insert("bm_cut".into(), json!(self.bm_cut));
                m.insert("kept".into(), json!(self.kept));
                m.insert("doubled".into(), json!(self.doubled));
                m.insert(
                    "library_used".into(),
                    json!(seat_set::list(self.library_used)),
                );
                m.insert(
                    "small_wharf_used".into(),
                    json!(seat_set::list(self.small_wharf_used)),
                );
                m.insert(
                    "guest_queue".into(),
                    json!(seat_set::list(self.guest_queue)),
                );
                m.insert("guest_after".into(), json!(self.guest_after));
                m.insert("craft_received".into(), json!(self.craft_received));
                m.insert("removed_colonists".into(), json!(self.removed_colonists));
                m.insert("removed_vp".into(), json!(self.removed_vp));
                if self.tiles_2004() {
                    m.insert("forest_supply".into(), json!(self.forest_supply));
                }
                m.insert("todo".into(), json!(self.todo));
                m.insert("floor".into(), json!(self.floor));
            }
        }
        obs
    }
    pub(crate) fn player_json(&self, p: usize, show_vp: bool) -> Value {
        let pl = self.player(p);
        let mut v = serde_json::to_value(pl).unwrap_or(Value::Null);
        if let Value::Object(m) = &mut v {
            m.insert("seat".into(), json!(p));
            if !show_vp {
                m.insert("vp".into(), Value::Null);
            }
            m.insert(
                "building_points".into(),
                json!(self.shown_building_points(p, show_vp)),
            );
            if show_vp {
                m.insert("score".into(), json!(self.score_of(p)));
            }
        }
        v
    }
}
