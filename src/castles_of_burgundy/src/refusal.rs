//! Why an action is refused, naming the rule (docs/api.md: an `IllegalActionError` says why).
//! Computed only once `apply` has found the action illegal, so legal-move generation pays
//! nothing for it.

use crate::*;

impl CastlesOfBurgundy {
    /// The rule that refuses `a` (player `p`'s action) here, if one of the common refusals
    /// applies.
    pub(crate) fn refusal(&self, p: usize, a: Action) -> Option<String> {
        let setup = matches!(
            self.step,
            Step::ChooseBoard { .. } | Step::ChooseCastle { .. }
        );
        if (CHOOSE_BOARD..DISCARD_GOODS).contains(&a) {
            return (!setup)
                .then(|| "board side and start castle are chosen at set-up (§12)".into());
        }
        if setup {
            return Some(
                "the set-up choices of board side and start castle come first (§12)".into(),
            );
        }
        if self.step != Step::Play {
            return None;
        }
        let pl = &self.players[p];
        match a {
            _ if a < BUY_BLACK => self.die_refusal(p, a),
            _ if a < FREE_TAKE => {
                if self.purchased {
                    return Some("one purchase per turn (§7.5)".into());
                }
                if pl.silverlings < 2 {
                    return Some(format!(
                        "a purchase costs 2 silverlings and player {p} has {} (§7.5)",
                        pl.silverlings
                    ));
                }
                if self.pending != Pending::None {
                    return Some(
                        "a purchase is made between actions, not while one is resolved (A31)"
                            .into(),
                    );
                }
                if a >= BUY_DEPOT && !self.know(p).has(6) {
                    return Some(
                        "buying from a numbered depot needs knowledge tile 6 (§7.5)".into(),
                    );
                }
                let empty = if a < BUY_DEPOT {
                    self.black_depot[(a - BUY_BLACK) as usize].is_none()
                } else {
                    let i = (a - BUY_DEPOT) as usize;
                    self.depots[i / 4][i % 4].is_none()
                };
                empty.then(|| "that depot space holds no tile (§7.5)".into())
            }
            END_TURN => {
                if self.pending != Pending::None {
                    return Some("an effect is still being resolved".into());
                }
                (!(pl.dice_used[0] && pl.dice_used[1]))
                    .then(|| "a turn is exactly two actions, one per die (§6.1)".into())
            }
            _ => None,
        }
    }

    /// Take, place, sell or workers with a die (or the castle's free action).
    fn die_refusal(&self, p: usize, a: Action) -> Option<String> {
        let pl = &self.players[p];
        let (src, target) = match a {
            _ if a < PLACE => {
                let i = (a - TAKE) as usize;
                (i / 24, Some(i % 24 / 4 + 1))
            }
            _ if a < SELL => ((a - PLACE) as usize / 111, None),
            _ if a < WORKERS => {
                let i = (a - SELL) as usize;
                (i / 6, Some(i % 6 + 1))
            }
            _ => ((a - WORKERS) as usize, None),
        };
        if src == SRC_CASTLE && self.pending != Pending::Castle {
            return Some("the castle's extra action comes only from placing a castle (§8)".into());
        }
        if src < SRC_CASTLE {
            if self.pending != Pending::None {
                return Some(
                    "an effect is being resolved: the dice wait until it is done (A31)".into(),
                );
            }
            if pl.dice_used[src] {
                return Some(format!(
                    "die {} is used already: one action per die (§6.1)",
                    src + 1
                ));
            }
        }
        if (TAKE..PLACE).contains(&a) {
            let i = (a - TAKE) as usize;
            if self.depots[i % 24 / 4][i % 4].is_none() {
                return Some(format!(
                    "depot {} space {} holds no tile (§7.1)",
                    i % 24 / 4 + 1,
                    i % 4 + 1
                ));
            }
        }
        if (PLACE..SELL).contains(&a) {
            return self.place_refusal(p, a);
        }
        if (SELL..WORKERS).contains(&a) {
            let t = ((a - SELL) % 6) as usize;
            if pl.goods[t] == 0 {
                return Some(format!("player {p} has no goods of type {} (§7.3)", t + 1));
            }
        }
        let (Some(target), Some(v)) = (target, self.die_value(p, src)) else {
            return None;
        };
        let k = self.know(p);
        let cost = worker_cost(
            v,
            target as u8,
            (TAKE..PLACE).contains(&a) && k.has(12),
            k.has(8),
        );
        (cost > pl.workers).then(|| {
            format!(
                "the die shows {v}: turning it to {target} costs {cost} worker(s) and player {p} \
                 has {} (§6.2)",
                pl.workers
            )
        })
    }

    /// Placing storage tile j on estate space c (§7.2 a-d).
    fn place_refusal(&self, p: usize, a: Action) -> Option<String> {
        let i = (a - PLACE) as usize;
        let (src, j, cell) = (i / 111, i % 111 / 37, i % 37);
        let pl = &self.players[p];
        if src == SRC_NONE && self.pending != Pending::CityHall {
            return Some("a placement without a die comes only from the city hall (§8)".into());
        }
        let Some(tile) = pl.storage[j] else {
            return Some(format!("storage space {} is empty", j + 1));
        };
        let b = self.board_of(p);
        let occ = self.occ(p);
        if occ & (1 << cell) != 0 {
            return Some(format!(
                "estate space {cell} is taken: tiles are never moved (§7.2)"
            ));
        }
        if b.colour[cell] != tile.colour() {
            return Some(format!(
                "estate space {cell} is {} and the {} is {} (§7.2 a)",
                b.colour[cell].name(),
                tile.name(),
                tile.colour().name()
            ));
        }
        if self.frontier(p, occ) & (1 << cell) == 0 {
            return Some(format!(
                "estate space {cell} is not next to an occupied space (§7.2 c)"
            ));
        }
        if src < SRC_CASTLE && self.die_value(p, src) != Some(b.die[cell]) {
            let k = self.know(p);
            let v = self.die_value(p, src)?;
            let cost = worker_cost(v, b.die[cell], Self::place_free(tile, k), k.has(8));
            if cost > pl.workers {
                return Some(format!(
                    "estate space {cell} shows {}, the die {v}: turning it costs {cost} \
                     worker(s) and player {p} has {} (§6.2, §7.2 b)",
                    b.die[cell], pl.workers
                ));
            }
        }
        let mut city = b.region_cells[b.region[cell] as usize];
        let mut twice = false;
        while city != 0 {
            let c = city.trailing_zeros() as usize;
            city &= city - 1;
            twice |= pl.estate[c] == Some(tile);
        }
        (tile.is_building() && twice && !self.know(p).has(1)).then(|| {
            format!(
                "that city holds a {} already: one of each building per city (§7.2 d)",
                tile.name()
            )
        })
    }
}
