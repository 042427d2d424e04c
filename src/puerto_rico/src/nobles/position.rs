//! The Nobles' part of the position: the labels of the Expansion II action ids, the tensor
//! block (`N_LEN` entries) and the consistency checks of `validate`.

use crate::actions::*;
use crate::data::*;
use crate::hooks::*;
use crate::player::MAX_PLAYERS;
use crate::state::*;
use crate::tensor::{N_LEN, N_PLAYER_LEN};
use crate::writer::Writer;
use meeple_core::Action;

impl NoblePosition for PuertoRico {
    /// Labels of the Expansion II action ids.
    fn nobles_label(&self, a: Action) -> String {
        let bname = |i: Action| {
            BUILDINGS
                .get(X_BUILDINGS + i as usize)
                .map(|d| d.name)
                .unwrap_or("?")
        };
        match a {
            _ if a < PLACE_N => format!("build {}", bname(a - BUILD_N)),
            _ if a < DRAFT_N => format!("place {}", bname(a - PLACE_N)),
            _ if a < BM_COLONIST_N => format!("draft {}", bname(a - DRAFT_N)),
            _ if a < GUEST_N => format!("return colonist from {}", bname(a - BM_COLONIST_N)),
            _ if a < NOBLE_PLACE => format!("guest to {}", bname(a - GUEST_N)),
            _ if a < GUEST_NOBLE => format!("place noble {}", bname(a - NOBLE_PLACE)),
            _ if a < BM_NOBLE => format!("guest noble to {}", bname(a - GUEST_NOBLE)),
            _ if a < TAKE_NOBLE => {
                let t = (a - BM_NOBLE) as usize;
                if t >= NUM_TARGETS {
                    "return noble from san_juan".into()
                } else {
                    format!("return noble from {}", target_name(t))
                }
            }
            TAKE_NOBLE => "take noble".into(),
            LAND_BUY => "land office buy".into(),
            _ if a < SUPPLY => {
                let i = (a - REMOVE) as usize;
                let k = GOOD_NAMES[i % NUM_GOODS];
                match i / NUM_GOODS {
                    0 => format!("remove empty {k}"),
                    1 => format!("remove occupied {k}"),
                    2 if i < 15 => format!("remove forest {k}"),
                    _ => "remove forest tile".into(),
                }
            }
            _ if a < crate::actions::NOBLE_AT => format!(
                "royal supplier {}",
                GOOD_NAMES
                    .get((a - SUPPLY) as usize)
                    .copied()
                    .unwrap_or("?")
            ),
            _ if a < crate::actions::REMOVE_NOBLE => {
                let t = (a - crate::actions::NOBLE_AT) as usize % NUM_TARGETS;
                let what = if a < crate::actions::GUEST_NOBLE_AT {
                    "place noble"
                } else {
                    "guest noble to"
                };
                // Function buildings use the ids NOBLE_PLACE / GUEST_NOBLE instead.
                let unused = if target_building(t)
                    .and_then(crate::actions::function_of)
                    .is_some()
                {
                    " (unused)"
                } else {
                    ""
                };
                format!("{what} {}{unused}", target_name(t))
            }
            _ => format!(
                "remove noble {}",
                GOOD_NAMES
                    .get((a - crate::actions::REMOVE_NOBLE) as usize)
                    .copied()
                    .unwrap_or("?")
            ),
        }
    }
    /// The Expansion II tensor block (`N_LEN` entries), if the expansion is on.
    fn nobles_tensor(&self, seat: usize, w: &mut Writer) {
        let Some(x) = self.nb() else { return };
        let n = self.n();
        let start = w.i;
        let si = step_index(self.step);
        w.one_hot(N_STEPS, si.checked_sub(STEPS + X_STEPS));
        w.put(x.supply as f32);
        w.put(x.ship as f32);
        w.put(((x.land_office_used >> seat.min(7)) & 1) as f32);
        w.put(x.sold as u8 as f32);
        w.bits(NUM_GOODS, x.supplied as u32);
        w.counts(&self.building_supply.0[X_BUILDINGS..]);
        w.one_hot(
            NOBLE_KINDS,
            self.pending
                .map(|b| b as usize)
                .and_then(|b| b.checked_sub(X_BUILDINGS)),
        );
        for r in 0..MAX_PLAYERS {
            if r >= n {
                for _ in 0..N_PLAYER_LEN {
                    w.put(0.0);
                }
                continue;
            }
            let p = (seat + r) % n;
            let pl = self.player(p);
            let np = x.of(p);
            w.put(np.nobles as f32);
            w.counts(&np.on);
            w.put(np.windrose() as f32);
            for b in X_BUILDINGS..NUM_BUILDINGS {
                w.put((pl.buildings.0[b] > 0) as u8 as f32);
            }
            for b in X_BUILDINGS..NUM_BUILDINGS {
                w.put(pl.buildings.colonists(b) as f32);
            }
        }
        debug_assert_eq!(w.i - start, N_LEN);
    }
    /// Expansion II consistency: 20 nobles, each player's nobles among his people, nobles on
    /// function buildings only where someone stands, step bookkeeping.
    fn check_nobles(&self) -> Result<(), String> {
        let Some(x) = self.nb() else { return Ok(()) };
        let n = self.n();
        if x.players.len() != n {
            return Err(format!(
                "nobles lists {} players, expected {n}",
                x.players.len()
            ));
        }
        let mut total = x.supply as u32 + x.ship as u32;
        for p in 0..n {
            let np = x.of(p);
            let pl = self.player(p);
            total += np.nobles as u32;
            if np.nobles as u32 > pl.colonists() {
                return Err(format!("player {p} owns more nobles than people"));
            }
            // Each noble stands on a target holding at least as many people, or on the windrose.
            for t in 0..NUM_TARGETS {
                if np.on[t] as u32 > self.people_at(p, t) {
                    return Err(format!(
                        "player {p}: more nobles than people on {}",
                        target_name(t)
                    ));
                }
            }
            if np.placed() > np.nobles as u32 {
                return Err(format!("player {p}: more nobles placed than owned"));
            }
            if np.windrose() > pl.san_juan as u32 {
                return Err(format!(
                    "player {p}: {} nobles on the windrose but {} people there",
                    np.windrose(),
                    pl.san_juan
                ));
            }
        }
        if total != crate::nobles::state::NOBLES_TOTAL as u32 {
            return Err(format!(
                "{total} nobles in the game, expected {}",
                crate::nobles::state::NOBLES_TOTAL
            ));
        }
        if self.step == Step::ShipNoble && (x.ship == 0 || self.colonist_ship == 0) {
            return Err("ship_noble needs a noble and a colonist on the ship".into());
        }
        if x.sold != (self.step == Step::LandOffice)
            && !matches!(self.step, Step::LandOfficeDraw | Step::LandOfficeForest)
        {
            return Err("nobles.sold must be set exactly during the land_office step".into());
        }
        if x.supplied != 0 && self.step != Step::RoyalSupplier {
            return Err("nobles.supplied is only used during the royal_supplier step".into());
        }
        if (x.land_office_used as u32) >> n != 0 || x.supplied >= 32 {
            return Err("nobles bit sets out of range".into());
        }
        Ok(())
    }
}
