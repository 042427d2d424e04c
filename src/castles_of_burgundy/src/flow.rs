//! The flow of play: forced steps resolved at once, turns, rounds and phases, the setup choices.

use crate::*;

impl CastlesOfBurgundy {
    /// Run every step that needs nobody's decision: skip unused or forced draws, auto-skip
    /// effects without options, end turns, rounds and phases.
    pub(crate) fn settle(&mut self) {
        loop {
            match self.step {
                Step::FillDepots { next } => {
                    let next = next as usize;
                    if next >= 37 {
                        self.start_round();
                        continue;
                    }
                    if !self.fill_used(next) {
                        self.step = Step::FillDepots {
                            next: next as u8 + 1,
                        };
                        continue;
                    }
                    match self.chance_count() {
                        (0, _) => {
                            self.step = Step::FillDepots {
                                next: next as u8 + 1,
                            };
                        }
                        (1, o) => self.apply_fill(next, o as usize),
                        _ => return,
                    }
                }
                Step::Play => {
                    let Some(p) = self.current() else { return };
                    match self.pending {
                        Pending::None => {
                            let pl = &self.players[p];
                            if pl.dice_used[0] && pl.dice_used[1] && !self.can_buy(p, self.know(p))
                            {
                                self.end_turn();
                                continue;
                            }
                            return;
                        }
                        Pending::Castle | Pending::Discard { .. } => return,
                        _ => {
                            let only_decline = SCRATCH.with(|b| {
                                let mut acts = b.borrow_mut();
                                self.gen_player(p, &mut acts);
                                acts.iter().all(|&a| a == DECLINE)
                            });
                            if only_decline {
                                self.pending = Pending::None;
                                continue;
                            }
                            return;
                        }
                    }
                }
                _ => return,
            }
        }
    }

    pub(crate) fn start_round(&mut self) {
        let n = self.n();
        let mut seats: Vec<u8> = (0..n as u8).collect();
        seats.sort_by(|&a, &b| {
            let pa = &self.players[a as usize];
            let pb = &self.players[b as usize];
            (pb.track_position, pb.track_height).cmp(&(pa.track_position, pa.track_height))
        });
        self.order = seats;
        for pl in &mut self.players {
            pl.dice = [0, 0];
            pl.dice_used = [false, false];
        }
        self.white_die = 0;
        self.turn = 0;
        self.step = Step::RollDice { next: 0 };
    }

    pub(crate) fn end_turn(&mut self) {
        self.purchased = false;
        self.pending = Pending::None;
        self.turn += 1;
        if self.turn as usize >= self.n() {
            if self.round >= 5 {
                self.end_phase();
            } else {
                self.round += 1;
                self.start_round();
            }
        }
    }

    pub(crate) fn end_phase(&mut self) {
        for p in 0..self.n() {
            let k = self.know(p);
            let mines = self.players[p]
                .estate
                .iter()
                .filter(|t| **t == Some(Tile(MINE)))
                .count() as u16;
            let pl = &mut self.players[p];
            pl.silverlings += mines;
            if k.has(2) {
                pl.workers += mines;
            }
        }
        if self.phase == Phase::E {
            self.final_scoring();
            self.step = Step::GameOver;
            return;
        }
        self.phase = Phase::from_index(self.phase.index() + 1);
        self.start_phase();
    }

    pub(crate) fn start_phase(&mut self) {
        for d in 0..6 {
            for s in 0..4 {
                if let Some(t) = self.depots[d][s].take() {
                    self.boxed[t.0 as usize] += 1;
                }
            }
        }
        for s in 0..8 {
            if let Some(t) = self.black_depot[s].take() {
                self.boxed[t.0 as usize] += 1;
            }
        }
        self.round = 1;
        self.round_goods = [None; 5];
        self.step = Step::FillDepots { next: 0 };
    }

    pub(crate) fn after_setup_choice(&mut self, idx: usize) {
        let next = idx + 1;
        if next >= self.n() {
            // Every choice is made: a secret choice (A32) is revealed now.
            for pl in &mut self.players {
                pl.board_sides = None;
            }
            self.step = Step::FillDepots { next: 0 };
        } else if self.config.bool("experienced_variant") {
            self.step = Step::ChooseBoard { idx: next as u8 };
        } else {
            self.step = Step::ChooseCastle { idx: next as u8 };
        }
    }
}
