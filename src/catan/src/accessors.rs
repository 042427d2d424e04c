//! Read-only views of the state for tests, bots and the bindings.

use crate::board::Board;
use crate::state::{Catan, Phase};

impl Catan {
    pub(crate) fn n(&self) -> usize {
        self.rules.players
    }

    /// The cards `p` still holds when his discards are done: `hand` minus the cards he has set
    /// aside on this 7 (G-3).
    pub fn held(&self, p: usize) -> [u8; 5] {
        std::array::from_fn(|r| self.hand[p][r] - self.set_aside[p][r])
    }

    pub(crate) fn hand_size(&self, p: usize) -> u32 {
        self.hand[p].iter().map(|&x| x as u32).sum()
    }

    /// The board of this game.
    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn hand(&self, p: usize) -> [u8; 5] {
        self.hand.get(p).copied().unwrap_or_default()
    }

    pub fn road_length(&self, p: usize) -> u8 {
        self.road_len.get(p).copied().unwrap_or(0)
    }

    /// Seat holding Longest Road, if any.
    pub fn longest_road_holder(&self) -> Option<usize> {
        (self.longest_road as usize)
            .lt(&self.n())
            .then_some(self.longest_road as usize)
    }

    pub fn largest_army_holder(&self) -> Option<usize> {
        (self.largest_army as usize)
            .lt(&self.n())
            .then_some(self.largest_army as usize)
    }

    pub fn bank(&self) -> [u8; 5] {
        self.bank
    }

    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    pub fn turns_played(&self) -> u32 {
        self.turns_played
    }
}
