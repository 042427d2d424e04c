//! Victory points and the win (spec §A10): public and hidden points, the Harbormaster card (B3),
//! and the check for a winner.

use crate::geometry::NONE;
use crate::ids::*;
use crate::state::{Catan, Phase};

impl Catan {
    /// Victory points visible to everyone: buildings and special cards.
    pub fn public_vp(&self, p: usize) -> u32 {
        // B8: conquered buildings count nothing; 2 prisoners = 1 VP.
        let dead = self.dead_vertices();
        let mut vp =
            (self.settlements[p] & !dead).count_ones() + 2 * (self.cities[p] & !dead).count_ones();
        if let Some(b) = &self.barbarian_attack {
            vp += b.prisoners[p] as u32 / 2;
        }
        if let Some(t) = &self.traders {
            vp += t.vp(p);
        }
        if self.longest_road as usize == p {
            vp += 2;
        }
        if self.largest_army as usize == p {
            vp += 2;
        }
        if self.harbormaster as usize == p {
            vp += 2;
        }
        if let Some(c) = &self.caravans {
            vp += c.bonus(self.settlements[p] | self.cities[p]);
        }
        if self.rivers.is_some() {
            // B6: Wealthiest Settler +1, Poor Settler −2 (never below 0: a player has at least
            // his two settlements once the tiles are handed out).
            vp = (vp as i32 + self.rivers_vp(p)).max(0) as u32;
        }
        vp
    }

    /// All victory points, hidden victory-point cards included.
    pub fn vp(&self, p: usize) -> u32 {
        self.public_vp(p) + self.dev[p][VICTORY_POINT] as u32
    }

    /// B3 harbour points: 1 per settlement and 2 per city on a harbour vertex.
    pub fn harbor_points(&self, p: usize) -> u32 {
        let hv =
            self.board.harbor_vertices.iter().fold(0u64, |a, &m| a | m) & !self.dead_vertices();
        (self.settlements[p] & hv).count_ones() + 2 * (self.cities[p] & hv).count_ones()
    }

    /// B3: hand the Harbormaster card over after harbour points changed (the first to reach 3
    /// takes it; another takes it only with strictly more points than the holder). Points can
    /// drop only by B8 conquest (D-16, like Longest Road): a holder still at the maximum keeps
    /// it even when tied; otherwise a sole leader with 3+ takes it, else it is set aside until
    /// one player alone has the most (3+). Without losses both readings agree.
    pub(crate) fn update_harbormaster(&mut self) {
        if !self.rules.harbormaster {
            return;
        }
        let n = self.n();
        let pts: [u32; MAX_PLAYERS] =
            std::array::from_fn(|p| if p < n { self.harbor_points(p) } else { 0 });
        let h = self.harbormaster as usize;
        let m = pts[..n].iter().copied().max().unwrap_or(0);
        if h < n && pts[h] == m && m >= 3 {
            return;
        }
        self.harbormaster = if m >= 3 && pts[..n].iter().filter(|&&x| x == m).count() == 1 {
            pts[..n].iter().position(|&x| x == m).unwrap_or(0) as u8
        } else {
            NONE
        };
    }

    pub(crate) fn check_win(&mut self) {
        match self.phase {
            Phase::SetupSettlement | Phase::SetupRoad | Phase::GameOver => {}
            // B7 (D-53): the vote comes after the turn; points won in it count at each player's
            // own next turn (G-2).
            Phase::CamelBidWool | Phase::CamelBidGrain | Phase::CamelDeclare | Phase::CamelPick => {
            }
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
