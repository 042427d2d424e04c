//! The state as text for a terminal.

use crate::actions::*;
use crate::data::*;
use crate::state::*;
use meeple_core::{Game, Turn};

impl PuertoRico {
    pub(crate) fn render_text(&self) -> String {
        let mut s = String::new();
        s.push_str(&format!(
            "Puerto Rico, round {}, governor {}, step {}{}\n",
            self.round,
            self.governor,
            STEP_NAMES[step_index(self.step)],
            self.role
                .map(|r| format!(" ({} chosen by {})", r.name(), self.chooser))
                .unwrap_or_default()
        ));
        let roles: Vec<String> = ROLES
            .iter()
            .enumerate()
            .filter(|(i, _)| self.roles.0[*i].in_play)
            .map(|(i, r)| {
                let sl = self.roles.0[i];
                format!(
                    "{}{}{}",
                    r.name(),
                    if sl.taken { "*" } else { "" },
                    if sl.doubloons > 0 {
                        format!("+{}", sl.doubloons)
                    } else {
                        String::new()
                    }
                )
            })
            .collect();
        s.push_str(&format!("roles: {}\n", roles.join(" ")));
        let counts = |c: &[u8]| -> String {
            c.iter()
                .enumerate()
                .filter(|(_, &x)| x > 0)
                .map(|(k, x)| format!("{}x{}", x, tile_name(k)))
                .collect::<Vec<_>>()
                .join(" ")
        };
        s.push_str(&format!(
            "colonists: supply {} ship {} | VP supply {} | quarries {}\n",
            self.colonist_supply, self.colonist_ship, self.vp_supply, self.quarries
        ));
        if let Some(x) = self.nb() {
            s.push_str(&format!("nobles: supply {} ship {}\n", x.supply, x.ship));
        }
        s.push_str(&format!(
            "face-up: {} | deck {} | discard {}\n",
            counts(&self.plantation_row.0),
            self.deck.total(),
            self.discard.total()
        ));
        s.push_str(&format!("goods supply: {}\n", counts(&self.goods_supply.0)));
        let ships: Vec<String> = self
            .ships
            .as_slice()
            .iter()
            .map(|sh| {
                format!(
                    "[{}/{} {}]",
                    sh.count,
                    sh.capacity,
                    sh.good.map(|g| g.name()).unwrap_or("-")
                )
            })
            .collect();
        s.push_str(&format!(
            "ships: {} | trading house: {}\n",
            ships.join(" "),
            counts(&self.trading_house.0)
        ));
        for p in 0..self.n() {
            let pl = self.player(p);
            let city: Vec<String> = (0..NUM_BUILDINGS)
                .filter(|&b| pl.buildings.0[b] > 0)
                .map(|b| format!("{}({})", BUILDINGS[b].name, pl.buildings.colonists(b)))
                .collect();
            let mut island: Vec<String> = (0..NUM_TILES)
                .filter(|&t| pl.island.0[t] > 0)
                .map(|t| {
                    format!(
                        "{}x{}({})",
                        pl.island.0[t],
                        tile_name(t),
                        pl.island_colonists.0[t]
                    )
                })
                .collect();
            for k in 0..NUM_GOODS {
                if pl.forests.0[k] > 0 {
                    island.push(format!("{}xforest({})", pl.forests.0[k], GOOD_NAMES[k]));
                }
            }
            if pl.forest_tiles > 0 {
                island.push(format!("{}xforest tile", pl.forest_tiles));
            }
            if let Some(x) = self.nb() {
                let np = x.of(p);
                let on: Vec<String> = (0..NUM_TARGETS)
                    .filter(|&t| np.on[t] > 0)
                    .map(|t| format!("{}x{}", np.on[t], target_name(t)))
                    .collect();
                island.push(format!("| nobles {} (on {})", np.nobles, on.join(" ")));
            }
            s.push_str(&format!(
                "player {p}{}: {} doubloons, {} VP chips, score {}, san juan {}\n  island: {}\n  city: {}\n  goods: {}\n",
                if Turn::Player(p) == self.turn() { " (to move)" } else { "" },
                pl.doubloons,
                pl.vp,
                self.score_of(p),
                pl.san_juan,
                island.join(" "),
                city.join(" "),
                counts(&pl.goods.0)
            ));
        }
        if self.step == Step::GameOver {
            s.push_str(&format!(
                "game over{}: winners {:?}\n",
                if self.truncated { " (truncated)" } else { "" },
                self.final_winners()
            ));
        }
        s
    }
}
