//! The observation tensor (docs/games/puerto_rico.md, "Observation"): the base block, the
//! Expansion I block, the E8 entries and the Expansion II block.

use crate::actions::*;
use crate::data::*;
use crate::format::*;
use crate::hooks::*;
use crate::player::*;
use crate::state::*;
use crate::writer::Writer;
use meeple_core::{Game, Turn};

/// Length of the global block of the observation tensor.
pub(crate) const GLOBAL_LEN: usize = STEPS
    + NUM_ROLES
    + 1
    + 3 * MAX_PLAYERS
    + 3 * NUM_ROLES
    + 4
    + 5 * NUM_GOODS
    + BASE_BUILDINGS
    + MAX_SHIPS * (2 + NUM_GOODS)
    + 9
    + 2 * NUM_GOODS
    + NUM_TILES
    + BASE_BUILDINGS;
/// Length of one player block of the observation tensor.
pub(crate) const PLAYER_LEN: usize = 4 + NUM_GOODS + 2 * NUM_TILES + 2 * BASE_BUILDINGS + 2;
/// Total length of the observation tensor (same for every player count) without Expansion I.
pub const TENSOR_LEN: usize = GLOBAL_LEN + MAX_PLAYERS * PLAYER_LEN;
pub(crate) const NEW_KINDS: usize = X_BUILDINGS - BASE_BUILDINGS;
/// Expansion I block, global part: step one-hot (7), building supply (14), building set bits
/// (37), pending building one-hot (37), black-market cut, library doubled, kept barrels (5),
/// craftsman received (5), observer's small wharf used, guest window open.
pub(crate) const X_GLOBAL_LEN: usize =
    X_STEPS + NEW_KINDS + 2 * X_BUILDINGS + 2 + 2 * NUM_GOODS + 2;
/// Expansion I block, per player: owned (14), colonists (14), forests by kind (5).
pub(crate) const X_PLAYER_LEN: usize = 2 * NEW_KINDS + NUM_GOODS;
/// Tensor length with Expansion I.
pub const TENSOR_LEN_X: usize = TENSOR_LEN + X_GLOBAL_LEN + MAX_PLAYERS * X_PLAYER_LEN;
/// Extra tensor entries with `forest_source = tiles_2004` (E8): the forest supply and each
/// player's forest tiles.
pub const E8_LEN: usize = 1 + MAX_PLAYERS;
/// Expansion II block, global part: step one-hot (6), noble supply, nobles on the ship, the
/// observer's land office used, sale made, royal-supplier kinds (5), Expansion II building
/// supply (8), pending Expansion II building one-hot (8).
pub(crate) const N_GLOBAL_LEN: usize = N_STEPS + 4 + NUM_GOODS + 2 * NOBLE_KINDS;
/// Expansion II block, per player: nobles owned, nobles on each target (51) and on the windrose,
/// Expansion II buildings owned (8) and their people (8).
pub(crate) const N_PLAYER_LEN: usize = 2 + NUM_TARGETS + 2 * NOBLE_KINDS;
/// Extra tensor entries with `nobles` (after the Expansion I and E8 blocks, when present).
pub const N_LEN: usize = N_GLOBAL_LEN + MAX_PLAYERS * N_PLAYER_LEN;

impl PuertoRico {
    pub(crate) fn tensor_len(&self) -> usize {
        let base = if self.new_buildings {
            TENSOR_LEN_X + self.tiles_2004() as usize * E8_LEN
        } else {
            TENSOR_LEN
        };
        base + self.nobles.is_some() as usize * N_LEN
    }
    pub(crate) fn write_tensor(&self, seat: usize, out: &mut [f32]) {
        out.fill(0.0);
        let n = self.n();
        let rel = |p: usize| (p + n - seat % n) % n;
        let over = self.step == Step::GameOver;
        let hide = self.hidden_vp() && !over;
        let mut w = Writer { out, i: 0 };
        w.one_hot(STEPS, Some(step_index(self.step)).filter(|&i| i < STEPS));
        w.one_hot(NUM_ROLES, self.role.map(|r| r as usize));
        w.put(self.round as f32);
        w.one_hot(MAX_PLAYERS, Some(rel(self.governor as usize)));
        w.one_hot(MAX_PLAYERS, Some(rel(self.chooser as usize)));
        w.one_hot(
            MAX_PLAYERS,
            match self.turn() {
                Turn::Player(p) => Some(rel(p)),
                _ => None,
            },
        );
        for s in self.roles.0.iter() {
            w.put(s.in_play as u8 as f32);
            w.put(s.taken as u8 as f32);
            w.put(s.doubloons as f32);
        }
        w.put(self.colonist_supply as f32);
        w.put(self.colonist_ship as f32);
        w.put(self.vp_supply as f32);
        w.put(self.quarries as f32);
        w.counts(&self.goods_supply.0);
        w.counts(&self.plantation_row.0);
        w.counts(&self.deck.0);
        w.counts(&self.discard.0);
        w.counts(&self.trading_house.0);
        w.counts(&self.building_supply.0[..BASE_BUILDINGS]);
        for i in 0..MAX_SHIPS {
            let s = if i < self.ships.as_slice().len() {
                self.ships.s[i]
            } else {
                Ship::default()
            };
            w.put(s.capacity as f32);
            w.put(s.count as f32);
            w.one_hot(NUM_GOODS, s.good.map(|g| g as usize));
        }
        w.put(self.end_triggered as u8 as f32);
        w.put(self.truncated as u8 as f32);
        w.put(((self.quarry_taken >> seat.min(7)) & 1) as f32);
        w.put(((self.wharf_used >> seat.min(7)) & 1) as f32);
        w.put(self.captain_bonus_paid as u8 as f32);
        w.put(self.no_load_turns as f32);
        w.put(self.floor as f32);
        w.put(self.todo as f32);
        w.put(self.picks as f32);
        w.bits(NUM_GOODS, self.craftsman_kinds as u32);
        w.bits(NUM_GOODS, self.warehoused as u32);
        w.one_hot(NUM_TILES, self.last_tile.map(|t| t as usize));
        w.one_hot(BASE_BUILDINGS, self.last_building.map(|b| b as usize));
        for r in 0..MAX_PLAYERS {
            if r >= n {
                for _ in 0..PLAYER_LEN {
                    w.put(0.0);
                }
                continue;
            }
            let p = (seat + r) % n;
            let pl = self.player(p);
            let show = !hide || p == seat;
            w.put(1.0);
            w.put(pl.doubloons as f32);
            w.put(if show { pl.vp as f32 } else { 0.0 });
            w.put(show as u8 as f32);
            w.counts(&pl.goods.0);
            w.counts(&pl.island.0);
            w.counts(&pl.island_colonists.0);
            for b in 0..BASE_BUILDINGS {
                w.put((pl.buildings.0[b] > 0) as u8 as f32);
            }
            for b in 0..BASE_BUILDINGS {
                w.put(pl.buildings.colonists(b) as f32);
            }
            w.put(pl.san_juan as f32);
            w.put(self.shown_building_points(p, show) as f32);
        }
        debug_assert_eq!(w.i, TENSOR_LEN);
        if !self.new_buildings {
            return self.nobles_tensor(seat, &mut w);
        }
        // Expansion I block.
        let si = step_index(self.step);
        w.one_hot(X_STEPS, si.checked_sub(STEPS));
        w.counts(&self.building_supply.0[BASE_BUILDINGS..X_BUILDINGS]);
        for b in 0..X_BUILDINGS {
            w.put(((self.building_set >> b) & 1) as f32);
        }
        w.one_hot(
            X_BUILDINGS,
            self.pending
                .map(|b| b as usize)
                .filter(|&b| b < X_BUILDINGS),
        );
        w.put(self.bm_cut as f32);
        w.put(self.doubled as u8 as f32);
        w.counts(&self.kept.0);
        w.counts(&self.craft_received.0);
        w.put(((self.small_wharf_used >> seat.min(7)) & 1) as f32);
        w.put((self.step == Step::GuestHouse) as u8 as f32);
        for r in 0..MAX_PLAYERS {
            if r >= n {
                for _ in 0..X_PLAYER_LEN {
                    w.put(0.0);
                }
                continue;
            }
            let pl = self.player((seat + r) % n);
            for b in BASE_BUILDINGS..X_BUILDINGS {
                w.put((pl.buildings.0[b] > 0) as u8 as f32);
            }
            for b in BASE_BUILDINGS..X_BUILDINGS {
                w.put(pl.buildings.colonists(b) as f32);
            }
            w.counts(&pl.forests.0);
        }
        debug_assert_eq!(w.i, TENSOR_LEN_X);
        if self.tiles_2004() {
            // E8 block: forest tiles in the supply, then each player's (from the observer).
            w.put(self.forest_supply as f32);
            for r in 0..MAX_PLAYERS {
                let t = if r < n {
                    self.player((seat + r) % n).forest_tiles
                } else {
                    0
                };
                w.put(t as f32);
            }
        }
        self.nobles_tensor(seat, &mut w);
    }
}
