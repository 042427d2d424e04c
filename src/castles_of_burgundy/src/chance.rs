//! Chance: the phase deal (depots, black depot, round goods) and the dice of each round.

use crate::*;

impl CastlesOfBurgundy {
    /// Calls `f(id, weight)` for each outcome of the current chance node, ascending.
    pub(crate) fn chance_each(&self, mut f: impl FnMut(Action, u32)) {
        match self.step {
            Step::FillDepots { next } => {
                let next = next as usize;
                if next < 24 {
                    let col = depot_space_colour(self.n(), self.phase as u8, next / 4, next % 4);
                    for t in 0..NUM_TILES {
                        if self.pile[t] > 0 && Tile(t as u8).colour() == col {
                            f(t as Action, self.pile[t] as u32);
                        }
                    }
                } else if next < 32 {
                    for t in 0..NUM_TILES {
                        if self.black_pile[t] > 0 {
                            f(t as Action, self.black_pile[t] as u32);
                        }
                    }
                } else {
                    for g in 0..6 {
                        if self.goods_bag[g] > 0 {
                            f(g as Action, self.goods_bag[g] as u32);
                        }
                    }
                }
            }
            Step::RollDice { .. } => (0..6).for_each(|v| f(v, 1)),
            _ => {}
        }
    }

    /// Number of outcomes of the current chance node and the last one.
    pub(crate) fn chance_count(&self) -> (usize, Action) {
        let mut n = 0;
        let mut last = 0;
        self.chance_each(|a, _| {
            n += 1;
            last = a;
        });
        (n, last)
    }

    /// Whether fill position `next` is used at this player count.
    pub(crate) fn fill_used(&self, next: usize) -> bool {
        let n = self.n();
        if next < 24 {
            next % 4 < n
        } else if next < 32 {
            next - 24 < 2 * n
        } else {
            next < 37
        }
    }

    pub(crate) fn apply_fill(&mut self, next: usize, outcome: usize) {
        if next < 24 {
            self.pile[outcome] -= 1;
            self.depots[next / 4][next % 4] = Some(Tile(outcome as u8));
        } else if next < 32 {
            self.black_pile[outcome] -= 1;
            self.black_depot[next - 24] = Some(Tile(outcome as u8));
        } else {
            self.goods_bag[outcome] -= 1;
            self.round_goods[next - 32] = Some(outcome as u8 + 1);
        }
        self.step = Step::FillDepots {
            next: next as u8 + 1,
        };
    }

    pub(crate) fn apply_chance(&mut self, a: Action) {
        match self.step {
            Step::FillDepots { next } => self.apply_fill(next as usize, a as usize),
            Step::RollDice { next } => {
                let n = self.n();
                let next = next as usize;
                let v = a as u8 + 1;
                if next < 2 * n {
                    self.players[next / 2].dice[next % 2] = v;
                    self.step = Step::RollDice {
                        next: next as u8 + 1,
                    };
                } else {
                    self.white_die = v;
                    let r = self.round as usize - 1;
                    if let Some(g) = self.round_goods.get_mut(r).and_then(|g| g.take()) {
                        self.depot_goods[(v - 1) as usize][(g - 1) as usize] += 1;
                    }
                    self.step = Step::Play;
                    self.turn = 0;
                    self.purchased = false;
                    self.pending = Pending::None;
                }
            }
            _ => {}
        }
    }
}
