//! Action labels (unique among the legal actions of a state; `parse_action` reads them back).

use crate::actions::*;
use crate::data::*;
use crate::hooks::*;
use crate::state::*;
use meeple_core::Action;

impl PuertoRico {
    pub(crate) fn label(&self, a: Action) -> String {
        let good = |base: Action| GOOD_NAMES.get((a - base) as usize).copied().unwrap_or("?");
        match a {
            _ if a < PASS => format!("role {}", ROLE_NAMES[a as usize]),
            PASS => "pass".into(),
            _ if a < TAKE_QUARRY => format!("take {}", good(SETTLE)),
            TAKE_QUARRY => "take quarry".into(),
            HACIENDA_DRAW => "hacienda draw".into(),
            HACIENDA_QUARRY => "hacienda quarry".into(),
            ACCEPT => match self.step {
                Step::MayorPrivilege => "take privilege colonist".into(),
                Step::ShipNoble => "take colonist".into(),
                Step::Hospice => "hospice colonist".into(),
                Step::University => "university colonist".into(),
                Step::Produce => "produce".into(),
                _ => "accept".into(),
            },
            _ if a < PLACE => format!("build {}", BUILDINGS[(a - BUILD) as usize].name),
            _ if a < BONUS => format!("place {}", target_name((a - PLACE) as usize)),
            _ if a < SELL => format!("bonus {}", good(BONUS)),
            _ if a < LOAD => format!("sell {}", good(SELL)),
            _ if a < WHARF => {
                let g = ((a - LOAD) / 3) as usize;
                let s = ((a - LOAD) % 3) as usize;
                let cap = self
                    .ships
                    .as_slice()
                    .get(s)
                    .map(|s| s.capacity.to_string())
                    .unwrap_or_else(|| format!("#{s}"));
                format!("load {} on ship {cap}", GOOD_NAMES[g])
            }
            _ if a < WAREHOUSE => format!("wharf {}", good(WHARF)),
            _ if a < KEEP => format!("warehouse {}", good(WAREHOUSE)),
            _ if a < DRAW => format!("keep {}", good(KEEP)),
            _ if a < NUM_ACTIONS => format!("draw {}", good(DRAW)),
            _ if a < PLACE_X => format!(
                "build {}",
                BUILDINGS[(a - BUILD_X) as usize + BASE_BUILDINGS].name
            ),
            _ if a < DRAFT => format!(
                "place {}",
                target_name((a - PLACE_X) as usize + BASE_TARGETS)
            ),
            _ if a < FOREST => format!("draft {}", BUILDINGS[(a - DRAFT) as usize].name),
            _ if a < HACIENDA_FOREST => format!("forest {}", good(FOREST)),
            HACIENDA_FOREST if self.step == Step::LandOfficeForest => "land office forest".into(),
            HACIENDA_FOREST => "hacienda forest".into(),
            _ if a < BM_GOOD => {
                let t = (a - BM_COLONIST) as usize;
                if t == X_TARGETS {
                    "return colonist from san_juan".into()
                } else {
                    format!("return colonist from {}", target_name(t))
                }
            }
            _ if a < BM_VP => format!("return {}", good(BM_GOOD)),
            BM_VP => "return vp".into(),
            _ if a < SMALL_WHARF => format!("trading post {}", good(TRADING_POST)),
            _ if a < GUEST => format!("small wharf {}", good(SMALL_WHARF)),
            _ if a < NUM_ACTIONS_X => {
                format!("guest to {}", target_name((a - GUEST) as usize))
            }
            _ if a < NUM_ACTIONS_N => self.nobles_label(a),
            _ => format!("action {a}"),
        }
    }
}
