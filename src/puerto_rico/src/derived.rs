//! The derived fields of the position format: every supply is "everything of its kind that is
//! not elsewhere" (players, ships, trading house, face-up row, discard pile, the explicit
//! out-of-play pools `removed_colonists` / `removed_vp`). A position may leave them out; when
//! read, they are recomputed, so an exported position edited by hand (a barrel more for a
//! player, a building bought) loads without the supplies being fixed up. See
//! docs/games/puerto_rico.md, "Derived fields".

use crate::data::*;
use crate::hooks::*;
use crate::player::MAX_PLAYERS;
use crate::state::PuertoRico;

/// With N3 (`colonists_unlimited_with_nobles`) the engine tops the colonist supply up to at
/// least this many before each use, so a real state never holds fewer.
const UNLIMITED_COLONISTS: u8 = 60;

impl PuertoRico {
    /// Copies of building kind b in this game (0 for a kind not in it): by the player count,
    /// the Expansion I set (or the draft so far) and the Expansion II options.
    pub(crate) fn building_copies(&self, b: usize) -> u32 {
        let d = &BUILDINGS[b];
        let in_game = if b >= X_BUILDINGS {
            self.noble_kind_added(b) || (self.nobles_drafted() && self.building_set & (1 << b) != 0)
        } else if self.new_buildings {
            d.class != Class::Violet || self.building_set & (1 << b) != 0
        } else {
            b < BASE_BUILDINGS
        };
        if in_game {
            d.kind.copies(self.n()) as u32
        } else {
            0
        }
    }

    /// Recompute the derived fields (goods, colonist and VP supplies, quarries, the deck, the
    /// building supply, the 2004 forest supply, the noble supply) from the rest of the
    /// position. Refused, naming the field, when the rest already holds more than the game has.
    pub(crate) fn recompute_derived(&mut self) -> Result<(), String> {
        let n = self.config.players;
        if !(2..=MAX_PLAYERS).contains(&n) || self.players.len as usize != n {
            // `validate` names this problem.
            return Ok(());
        }
        let s = setup(n);
        let players = &self.players.p[..n];
        let short = |field: &str, what: String, have: u32, total: u32| {
            format!("{field}: {what} hold {have}, more than the {total} in the game")
        };

        for g in 0..NUM_GOODS {
            let mut held: u32 = players.iter().map(|pl| pl.goods.0[g] as u32).sum();
            held += self.trading_house.0[g] as u32;
            for sh in self.ships.as_slice() {
                if sh.good.map(|x| x as usize) == Some(g) {
                    held += sh.count as u32;
                }
            }
            let total = s.goods[g] as u32;
            if held > total {
                let what = format!("the players, ships and trading house ({})", GOOD_NAMES[g]);
                return Err(short("goods_supply", what, held, total));
            }
            self.goods_supply.0[g] = (total - held) as u8;
        }

        // A tile drawn for a forest choice is in the player's hand (`last_tile`).
        let in_hand = match self.step {
            crate::Step::HaciendaForest | crate::Step::LandOfficeForest => self.last_tile,
            _ => None,
        };
        for k in 0..NUM_GOODS {
            let mut used: u32 = players
                .iter()
                .map(|pl| pl.island.0[k] as u32 + pl.forests.0[k] as u32)
                .sum();
            used += self.plantation_row.0[k] as u32 + self.discard.0[k] as u32;
            used += (in_hand == Some(k as u8)) as u32;
            let total = s.plantations[k] as u32;
            if used > total {
                let what = format!(
                    "the islands, face-up row and discard pile ({} plantations)",
                    GOOD_NAMES[k]
                );
                return Err(short("deck", what, used, total));
            }
            self.deck.0[k] = (total - used) as u8;
        }

        let quarries: u32 = players.iter().map(|pl| pl.island.0[QUARRY] as u32).sum();
        if quarries > s.quarries as u32 {
            let what = "the islands".to_string();
            return Err(short("quarries", what, quarries, s.quarries as u32));
        }
        self.quarries = s.quarries - quarries as u8;

        let unlimited =
            self.nobles.is_some() && self.config.bool("colonists_unlimited_with_nobles");
        if unlimited {
            self.colonist_supply = self.colonist_supply.max(UNLIMITED_COLONISTS);
        } else {
            let mut placed = self.colonist_ship as u32 + self.removed_colonists as u32;
            for p in 0..n {
                let people = self.players.p[p].colonists();
                placed += people - self.nobles_of(p).min(people);
            }
            let total = s.colonist_supply as u32 + s.colonist_ship as u32;
            if placed > total {
                let what = "the ship, the players and removed_colonists".to_string();
                return Err(short("colonist_supply", what, placed, total));
            }
            self.colonist_supply = (total - placed) as u8;
        }

        // VP chips: the supply goes negative once VP are written down (A19).
        let held: i64 = players.iter().map(|pl| pl.vp as i64).sum::<i64>() + self.removed_vp as i64;
        self.vp_supply = (s.vp_chips as i64 - held).clamp(i32::MIN as i64, i32::MAX as i64) as i32;

        for b in 0..NUM_BUILDINGS {
            let owned = players.iter().filter(|pl| pl.buildings.0[b] > 0).count() as u32;
            let copies = self.building_copies(b);
            if owned > copies {
                let what = format!("the players ({})", BUILDINGS[b].name);
                return Err(short("building_supply", what, owned, copies));
            }
            self.building_supply.0[b] = (copies - owned) as u8;
        }

        if self.tiles_2004() {
            let held: u32 = players.iter().map(|pl| pl.forest_tiles as u32).sum();
            let total = FOREST_TILES_2004 as u32;
            if held > total {
                return Err(short("forest_supply", "the players".into(), held, total));
            }
            self.forest_supply = (total - held) as u8;
        }

        if self.nobles.is_some() {
            self.recompute_noble_supply()?;
        }
        Ok(())
    }
}
