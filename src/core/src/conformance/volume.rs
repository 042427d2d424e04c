//! Volume: thousands of complete random games of one configuration under the plain contract
//! (the checks of every step that cost no clone or JSON), the full deep checks on a sample.

#[cfg(test)]
use super::deep_step;
use super::{check_basic, check_terminal, panic_text, playout, Deep, KitRules, KitStats};
use crate::game::{Action, Game, Turn};
use crate::options::Config;
use crate::playout::game_seed;
use crate::rng::GameRng;
use rayon::prelude::*;
use serde_json::Value;
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
    /// Games won (alone or shared) by each seat.
    pub winners_seen: Vec<usize>,
}

/// A deep game is checked at every 7th step of its first `SPREAD_AFTER` steps, every 14th of the
/// next, and so on. The other games' random games are shorter (the longest of 10,000 random games
/// of each of their volume configurations: 2,107 actions, San Juan for 2), so only long Catan
/// games (Traders & Barbarians: up to 37,000 actions) are spread.
const SPREAD_AFTER: u64 = 3_000;

/// Play `games` random games of `config` from seeds derived from `seed`, checking the plain
/// contract at every step; every `deep_every_game`-th game (0: none) also gets the kit's deep
/// checks (every 7th step, more sparsely past [`SPREAD_AFTER`] steps). Returns the first
/// failure.
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
        spread_after: SPREAD_AFTER,
        rules: KitRules::default(),
    };
    let mut kit = KitStats::default();
    for i in 0..games {
        let s = game_seed(seed, i as u64);
        let is_deep = deep_every_game > 0 && i % deep_every_game == 0;
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            if is_deep {
                playout::<G>(config, s, false, &deep, &mut kit)
            } else {
                plain_game::<G>(config, s).map(|(g, steps)| {
                    stats.steps += steps;
                    stats.max_length = stats.max_length.max(steps);
                    g
                })
            }
        }));
        let g = match outcome {
            Ok(Ok(g)) => g,
            Ok(Err(e)) => return Err(format!("game {i} (seed {s}): {e}")),
            Err(p) => return Err(format!("game {i} (seed {s}): panicked: {}", panic_text(&p))),
        };
        stats.games += 1;
        stats.deep_games += is_deep as usize;
        if g.observation(0).get("truncated") == Some(&Value::Bool(true)) {
            stats.truncated += 1;
        }
        for w in g.winners() {
            stats.winners_seen[w] += 1;
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

/// Games per configuration for a volume test: `games`, or ten times as many when the
/// environment sets `MEEPLE_LONG=1` (the long mode of docs/testing.md).
pub fn volume_games(games: usize) -> usize {
    match std::env::var("MEEPLE_LONG").as_deref() {
        Ok("1") => games * 10,
        _ => games,
    }
}

/// [`check_volume`] over `configs` (in parallel, one configuration per task) with
/// [`volume_games`]`(games)` games each and the deep checks on one game in `deep_every_game`;
/// panics naming the configuration of the first failure (for `#[test]`s). Also requires that
/// every seat wins some game of every configuration: random play is fair enough for that to
/// hold over hundreds of games, so a seat that never wins is a scoring or turn-order bug.
pub fn assert_volume<G: Game>(
    configs: &[Config],
    games: usize,
    deep_every_game: usize,
) -> Vec<VolumeStats> {
    let games = volume_games(games);
    configs
        .par_iter()
        .enumerate()
        .map(|(i, c)| {
            let name = || {
                format!(
                    "{} ({} players, options {})",
                    G::info().name,
                    c.players,
                    Value::Object(options_set::<G>(c))
                )
            };
            let stats = check_volume::<G>(c, games, 0x5EED_0000 + i as u64, deep_every_game)
                .unwrap_or_else(|e| panic!("{} volume failed: {e}", name()));
            assert_eq!(stats.games, games, "{}", name());
            assert!(
                stats.winners_seen.iter().all(|&w| w > 0),
                "{}: a seat never won: {stats:?}",
                name()
            );
            // Shown with `--nocapture`: what each configuration played.
            println!(
                "{}: {} games ({} deep), {} steps, longest {}, {} truncated, wins per seat {:?}",
                name(),
                stats.games,
                stats.deep_games,
                stats.steps,
                stats.max_length,
                stats.truncated,
                stats.winners_seen
            );
            stats
        })
        .collect()
}

/// The options of `config` that differ from the defaults for its player count.
fn options_set<G: Game>(config: &Config) -> serde_json::Map<String, Value> {
    let defaults = Config::with_players(&G::info(), config.players)
        .map(|d| d.options)
        .unwrap_or_default();
    config
        .options
        .iter()
        .filter(|(k, v)| defaults.get(*k) != Some(*v))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// The configuration of `G` for `players` with `options` (a JSON object); panics if refused
/// (for `#[test]`s listing option sets).
pub fn config_of<G: Game>(players: usize, options: Value) -> Config {
    let Value::Object(map) = options else {
        panic!("options must be a JSON object, got {options}")
    };
    Config::new(&G::info(), players, &map).unwrap_or_else(|e| {
        panic!(
            "{} refused {players} players with {}: {e}",
            G::info().name,
            Value::Object(map.clone())
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deep_steps(spread_after: u64, len: u64) -> Vec<u64> {
        (0..len)
            .filter(|&s| deep_step(7, spread_after, s))
            .collect()
    }

    #[test]
    fn deep_steps_spread_only_past_spread_after() {
        // Short games: exactly every 7th step, as the kit's own playouts.
        assert_eq!(
            deep_steps(SPREAD_AFTER, SPREAD_AFTER),
            deep_steps(0, SPREAD_AFTER)
        );
        assert_eq!(deep_steps(0, 30).as_slice(), &[0, 7, 14, 21, 28]);
        // Then every 14th, every 21st, ...
        let d = deep_steps(2_000, 6_000);
        assert_eq!(d.iter().filter(|&&s| s < 2_000).count(), 286);
        assert!(d
            .iter()
            .filter(|&&s| (2_000..4_000).contains(&s))
            .all(|s| s % 14 == 0));
        assert_eq!(
            d.iter().filter(|&&s| (2_000..4_000).contains(&s)).count(),
            143
        );
        assert!(d.iter().filter(|&&s| s >= 4_000).all(|s| s % 21 == 0));
        // A 30,000-step game: 1,256 deep steps instead of 4,286, the last near its end.
        let long = deep_steps(SPREAD_AFTER, 30_000);
        assert_eq!(long.len(), 1_256);
        assert_eq!(deep_steps(0, 30_000).len(), 4_286);
        assert!(*long.last().unwrap() > 29_800);
        assert!((0..100).all(|s| !deep_step(0, 2_000, s)));
    }
}
