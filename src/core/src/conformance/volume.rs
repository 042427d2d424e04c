//! Volume: thousands of complete random games of one configuration under the plain contract
//! (the checks of every step that cost no clone or JSON), the full deep checks on a sample.

use super::{check_basic, check_terminal, panic_text, playout, Deep, KitRules, KitStats};
use crate::game::{Action, Game, Turn};
use crate::options::Config;
use crate::playout::game_seed;
use crate::rng::GameRng;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// What a volume run saw.
#[derive(Clone, Debug, Default)]
pub struct VolumeStats {
    pub games: usize,
    /// Games played with the deep checks too.
    pub deep_games: usize,
    pub steps: u64,
    pub max_length: u64,
    /// Games ended by a turn or round limit (`"truncated": true` in the observation, the
    /// convention of games with such a limit) rather than by their own end.
    pub truncated: usize,
    pub winners_seen: Vec<usize>,
}

/// Play `games` random games of `config` from seeds derived from `seed`, checking the plain
/// contract at every step; every `deep_every_game`-th game (0: none) also gets the kit's deep
/// checks (every 7th step). Returns the first failure.
pub fn check_volume<G: Game>(
    config: &Config,
    games: usize,
    seed: u64,
    deep_every_game: usize,
) -> Result<VolumeStats, String> {
    let mut stats = VolumeStats {
        winners_seen: vec![0; config.players],
        ..Default::default()
    };
    let deep = Deep {
        every: 7,
        rules: KitRules::default(),
    };
    let mut kit = KitStats::default();
    for i in 0..games {
        let s = game_seed(seed, i as u64);
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            if deep_every_game > 0 && i % deep_every_game == 0 {
                playout::<G>(config, s, false, &deep, &mut kit).map(|_| None)
            } else {
                plain_game::<G>(config, s).map(Some)
            }
        }));
        let g = match outcome {
            Ok(Ok(g)) => g,
            Ok(Err(e)) => return Err(format!("game {i} (seed {s}): {e}")),
            Err(p) => return Err(format!("game {i} (seed {s}): panicked: {}", panic_text(&p))),
        };
        stats.games += 1;
        match g {
            None => stats.deep_games += 1,
            Some((g, steps)) => {
                stats.steps += steps;
                stats.max_length = stats.max_length.max(steps);
                if g.observation(0).get("truncated") == Some(&serde_json::Value::Bool(true)) {
                    stats.truncated += 1;
                }
                for w in g.winners() {
                    stats.winners_seen[w] += 1;
                }
            }
        }
    }
    stats.steps += kit.steps;
    stats.max_length = stats.max_length.max(kit.max_length);
    Ok(stats)
}

/// One random game under the plain contract; the final state and its length.
fn plain_game<G: Game>(config: &Config, seed: u64) -> Result<(G, u64), String> {
    let mut g = G::new(config, seed).map_err(|e| format!("new failed: {e}"))?;
    let n = g.num_distinct_actions();
    let bound = g.max_game_length();
    let players = config.players;
    let mut rng = GameRng::new(seed ^ 0x5EED);
    let mut legal: Vec<Action> = Vec::new();
    let mut outcomes = Vec::new();
    let mut step = 0u64;
    loop {
        let turn = g.turn();
        if g.num_distinct_actions() != n {
            return Err(format!(
                "step {step}: num_distinct_actions changed during the game"
            ));
        }
        g.legal_actions(&mut legal);
        g.chance_outcomes(&mut outcomes);
        check_basic(&g, turn, &legal, &outcomes, n, players)
            .map_err(|e| format!("step {step}: {e}"))?;
        if turn == Turn::Terminal {
            check_terminal(&g, players).map_err(|e| format!("step {step}: {e}"))?;
            return Ok((g, step));
        }
        if step >= bound {
            return Err(format!(
                "game did not end within its documented bound of {bound} actions"
            ));
        }
        // An unknown id is refused (on the state itself: a refusal must leave it unchanged, which
        // the deep checks prove on their sample).
        let bad = rng.below(n.max(1));
        if legal.binary_search(&bad).is_err() && g.apply(bad).is_ok() {
            return Err(format!("step {step}: illegal action {bad} was accepted"));
        }
        let action = if turn == Turn::Chance {
            outcomes[rng.weighted(outcomes.iter().map(|o| o.1))].0
        } else {
            legal[rng.index(legal.len())]
        };
        g.apply(action).map_err(|e| {
            format!(
                "step {step}: legal action {action} ('{}') refused: {e}",
                g.action_label(action)
            )
        })?;
        step += 1;
    }
}
