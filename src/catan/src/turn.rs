//! Turn flow: the set-up snake order, the start of a turn and its end.

use crate::state::{Catan, Phase};

impl Catan {
    /// The seat placing in set-up step `k < 2n` (snake order from the start player; the flow and
    /// the position check both stop at `2n`).
    pub(crate) fn setup_player(&self, k: usize) -> u8 {
        let n = self.n();
        let i = if k < n { k } else { 2 * n - 1 - k };
        ((self.start_player as usize + i) % n) as u8
    }

    /// Start of a turn (or back to it after a knight): a player holding development cards from
    /// earlier turns may play one before rolling; a player without any (or who has played one
    /// this turn) rolls at once, with no forced 'roll' decision. The test uses only public
    /// facts (card counts), so it reveals nothing about the kinds held.
    pub(crate) fn enter_pre_roll(&mut self) {
        let p = self.current as usize;
        let old: u32 = (0..5)
            .map(|k| (self.dev[p][k] - self.dev_new[p][k]) as u32)
            .sum();
        self.phase = if (!self.dev_played_turn && old > 0) || self.module_pre_roll_due(p) {
            Phase::PreRoll
        } else {
            Phase::Roll
        };
    }

    pub(crate) fn end_turn(&mut self) {
        let p = self.current as usize;
        self.dev_new[p] = [0; 5];
        self.turn_ended();
        self.turns_played += 1;
        if self.turns_played >= self.rules.turn_limit {
            self.phase = Phase::GameOver;
            self.truncated = true;
            return;
        }
        self.current = ((p + 1) % self.n()) as u8;
        self.rolled = false;
        self.dev_played_turn = false;
        self.offers_made = 0;
        self.offers_used = 0;
        self.thief = self.current;
        self.turn_begun();
        self.enter_pre_roll();
    }

    pub(crate) fn phase_name(&self) -> &'static str {
        self.phase.name()
    }
}
