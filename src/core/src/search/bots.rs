//! The random bot and the one-ply greedy heuristic bot.

use super::{leaf_value, root_actions, seat_to_move, ActionStats, Bot, ChanceEval, SearchResult};
use crate::game::{Action, Game, Turn};
use crate::rng::GameRng;
use std::time::Instant;

/// Uniformly random among the legal actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn analyze(&self, game: &G, seed: u64) -> Result<SearchResult, String> {
        let start = Instant::now();
        let seat = seat_to_move(game)?;
        let legal = root_actions(game)?;
        let mut rng = GameRng::new(seed);
        let action = legal[rng.index(legal.len())];
        Ok(SearchResult {
            action,
            seat,
            kind: "random".into(),
            stats: legal
                .iter()
                .map(|&a| ActionStats {
                    action: a,
                    visits: 1,
                    value: 0.0,
                })
                .collect(),
            iterations: 0,
            nodes: 0,
            seconds: start.elapsed().as_secs_f64(),
        })
    }
}

/// One-ply greedy: apply each legal action to a copy and keep the one whose result
/// [`Game::evaluate`]s best for the mover (a finished game counts its [`Game::returns`]). If the
/// action leads to chance, the value is the expectation over outcomes (`Average`) or a mean over
/// sampled outcome chains (`Sample`). Ties are broken at random from the seed.
///
/// On a game with hidden information the actions are applied to a determinization for the
/// mover (`Game::determinize(seat, ..)`; in `Sample` mode a fresh one per sample), so the bot
/// never reads what its seat cannot see, whatever `evaluate` looks at.
#[derive(Clone, Copy, Debug)]
pub struct HeuristicBot {
    pub chance: ChanceEval,
    /// Outcome chains per action in `Sample` mode.
    pub samples: u32,
}

impl Default for HeuristicBot {
    fn default() -> Self {
        HeuristicBot {
            chance: ChanceEval::Average,
            samples: 8,
        }
    }
}

/// Leaves an exact chance expectation may expand before it stops and evaluates.
const AVERAGE_BUDGET: usize = 256;

impl HeuristicBot {
    /// The heuristic value for `seat` of the state after `action`. On a hidden-information game
    /// pass a determinization for `seat` (as [`Bot::analyze`] does); `Sample` mode draws a fresh
    /// determinization of `game` per sample.
    pub fn action_value<G: Game>(
        &self,
        game: &G,
        seat: usize,
        action: Action,
        rng: &mut GameRng,
    ) -> f64 {
        let hidden = game.hidden_information();
        let mut next = game.clone();
        if next.apply(action).is_err() {
            return f64::NEG_INFINITY;
        }
        match self.chance {
            ChanceEval::Average => average_value(&next, seat, AVERAGE_BUDGET),
            ChanceEval::Sample => {
                if next.turn() != Turn::Chance && !hidden {
                    return leaf_value(&next, seat);
                }
                let mut outcomes = Vec::new();
                let mut total = 0.0;
                for _ in 0..self.samples {
                    let mut g = if hidden {
                        let mut d = game.determinize(seat, rng.next_u64());
                        if d.apply(action).is_err() {
                            return f64::NEG_INFINITY;
                        }
                        d
                    } else {
                        next.clone()
                    };
                    let bound = g.max_game_length();
                    let mut steps = 0;
                    while g.turn() == Turn::Chance && steps < bound {
                        g.chance_outcomes(&mut outcomes);
                        if outcomes.is_empty() {
                            break;
                        }
                        let i = rng.weighted(outcomes.iter().map(|o| o.1));
                        if g.apply(outcomes[i].0).is_err() {
                            break;
                        }
                        steps += 1;
                    }
                    total += leaf_value(&g, seat);
                }
                total / self.samples.max(1) as f64
            }
        }
    }
}

/// Expected value over chance outcomes, expanding at most `budget` leaves.
fn average_value<G: Game>(game: &G, seat: usize, budget: usize) -> f64 {
    if game.turn() != Turn::Chance {
        return leaf_value(game, seat);
    }
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    if outcomes.is_empty() || outcomes.len() > budget {
        return game.evaluate(seat);
    }
    let share = budget / outcomes.len();
    let mut total = 0.0;
    let mut weight = 0.0;
    for &(o, w) in &outcomes {
        let mut g = game.clone();
        if w == 0 || g.apply(o).is_err() {
            continue;
        }
        total += w as f64 * average_value(&g, seat, share);
        weight += w as f64;
    }
    if weight > 0.0 {
        total / weight
    } else {
        game.evaluate(seat)
    }
}

impl<G: Game> Bot<G> for HeuristicBot {
    fn analyze(&self, game: &G, seed: u64) -> Result<SearchResult, String> {
        let start = Instant::now();
        let seat = seat_to_move(game)?;
        let legal = root_actions(game)?;
        let mut rng = GameRng::new(seed);
        // Hidden information: one determinization shared by every action (common random
        // numbers), so only what the seat sees can tell the actions apart.
        let determinized;
        let view = if game.hidden_information() {
            determinized = game.determinize(seat, rng.next_u64());
            &determinized
        } else {
            game
        };
        let values: Vec<f64> = legal
            .iter()
            .map(|&a| self.action_value(view, seat, a, &mut rng))
            .collect();
        let best = pick_best(&values, &mut rng);
        Ok(SearchResult {
            action: legal[best],
            seat,
            kind: "heuristic".into(),
            stats: legal
                .iter()
                .zip(&values)
                .enumerate()
                .map(|(i, (&a, &v))| ActionStats {
                    action: a,
                    visits: (i == best) as u64,
                    value: if v.is_finite() { v } else { 0.0 },
                })
                .collect(),
            iterations: 0,
            nodes: 0,
            seconds: start.elapsed().as_secs_f64(),
        })
    }
}

/// Index of the largest value; ties (within 1e-12) broken uniformly at random.
pub(crate) fn pick_best(values: &[f64], rng: &mut GameRng) -> usize {
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut chosen = 0;
    let mut seen = 0u32;
    for (i, &v) in values.iter().enumerate() {
        if v >= best - 1e-12 {
            seen += 1;
            if rng.below(seen) == 0 {
                chosen = i;
            }
        }
    }
    chosen
}

#[cfg(test)]
mod tests;
