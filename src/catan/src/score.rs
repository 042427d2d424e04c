//! Victory points and the win (spec §A10): public and hidden points, and the check for a winner.

use crate::ids::*;
use crate::state::{Catan, Phase};

impl Catan {
    /// Victory points visible to everyone: buildings and special cards.
    pub fn public_vp(&self, p: usize) -> u32 {
        // B8: conquered buildings count nothing; 2 prisoners = 1 VP.
        let dead = self.dead_vertices();
        let mut vp =
            (self.settlements[p] & !dead).count_ones() + 2 * (self.cities[p] & !dead).count_ones();
        if self.longest_road as usize == p {
            vp += 2;
        }
        if self.largest_army as usize == p {
            vp += 2;
        }
        self.module_points(p, vp)
    }

    /// All victory points, hidden victory-point cards included.
    pub fn vp(&self, p: usize) -> u32 {
        self.public_vp(p) + self.dev[p][VICTORY_POINT] as u32
    }

    pub(crate) fn check_win(&mut self) {
        match self.phase {
            Phase::SetupSettlement | Phase::SetupRoad | Phase::GameOver => {}
            _ if self.between_turns() => {}
            _ => {
                let p = self.current as usize;
                if self.vp(p) >= self.victory_target(p) {
                    self.winner = p as u8;
                    self.phase = Phase::GameOver;
                }
            }
        }
    }
}
