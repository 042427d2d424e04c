//! Development cards (spec §A8): the deck, playing a card, Road Building, and Largest Army.

use crate::ids::*;
use crate::state::{Catan, Phase};
use meeple_core::Action;

impl Catan {
    pub(crate) fn dev_count(&self, p: usize) -> u32 {
        self.dev[p].iter().map(|&x| x as u32).sum()
    }

    pub(crate) fn can_play(&self, p: usize, k: usize) -> bool {
        if self.dev_played_turn || self.dev[p][k] <= self.dev_new[p][k] {
            return false;
        }
        if let Some(ok) = self.module_can_play(k) {
            return ok;
        }
        match k {
            ROAD_BUILDING => {
                !self.road_blocked(p) && self.road_pieces(p) < MAX_ROADS && self.road_spots(p) != 0
            }
            YEAR_OF_PLENTY => self.bank.iter().any(|&b| b > 0),
            _ => true,
        }
    }

    pub(crate) fn push_plays(&self, p: usize, out: &mut Vec<Action>) {
        if self.dev_played_turn {
            return;
        }
        for (i, &k) in PLAYABLE.iter().enumerate() {
            if self.can_play(p, k) {
                out.push(A_PLAY + i as u32);
            }
        }
    }

    pub(crate) fn after_dev_effect(&mut self) {
        self.end_robber();
    }

    /// Road Building after a free road: another one, or the card is done (no roads left to place).
    pub(crate) fn road_building_next(&mut self) {
        let p = self.current as usize;
        if self.free_roads == 0 || self.road_pieces(p) >= MAX_ROADS || self.road_spots(p) == 0 {
            self.free_roads = 0;
            self.after_dev_effect();
        } else {
            self.phase = Phase::RoadBuilding;
        }
    }

    pub(crate) fn update_largest_army(&mut self, p: usize) {
        let k = self.dev_played[p][KNIGHT];
        if k < 3 {
            return;
        }
        let h = self.largest_army as usize;
        if h >= self.n() || (h != p && k > self.dev_played[h][KNIGHT]) {
            self.largest_army = p as u8;
        }
    }
}
