//! PUCT search and the lockstep runner on Nim (perfect information, solvable: a zero nim-sum
//! loses for the player to move) and on the reference game (chance and hidden cards).

mod common;

use common::nim::{Nim, MAX_HEAP};
use meeple_core::reference::Reference;
use meeple_core::search::puct::{
    self, DynState, LeafBatch, PuctConfig, Runner, RunnerConfig, Search, SeatPlayer,
};
use meeple_core::search::{Bot, Mcts, SearchConfig};
use meeple_core::{Action, Config, Game, GameRng, Turn};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

fn nim_sum(heaps: &[f32]) -> u8 {
    heaps.iter().fold(0, |a, &h| a ^ h as u8)
}

type Output = Result<(Vec<f32>, Vec<f32>), String>;

/// Uniform priors over the mask, the same value for every seat.
fn uniform(b: &LeafBatch) -> Output {
    let priors = b.masks().iter().map(|&m| m as f32).collect();
    Ok((priors, vec![1.0 / b.players as f32; b.rows() * b.players]))
}

/// Nim solved: the mover wins exactly when the nim-sum is not zero.
fn exact(b: &LeafBatch) -> Output {
    let (_, priors) = (0, b.masks().iter().map(|&m| m as f32).collect::<Vec<_>>());
    let mut values = Vec::new();
    for r in 0..b.rows() {
        let win = nim_sum(&b.observations()[r * 3..r * 3 + 3]) != 0;
        let mover = b.seats[r] as usize;
        for s in 0..2 {
            values.push(if (s == mover) == win { 1.0 } else { 0.0 });
        }
    }
    Ok((priors, values))
}

/// A deterministic evaluator that is not uniform: priors and values from a hash of the row.
fn hashed(b: &LeafBatch) -> Output {
    let (d, a, p) = (b.tensor_len, b.num_actions, b.players);
    let mut priors = Vec::new();
    let mut values = Vec::new();
    for r in 0..b.rows() {
        let mut h: u64 = 0xCBF2_9CE4_8422_2325 ^ b.seats[r] as u64;
        for x in &b.observations()[r * d..(r + 1) * d] {
            h = (h ^ u64::from(x.to_bits())).wrapping_mul(0x100_0000_01B3);
        }
        for i in 0..a {
            let v = ((h.rotate_left(i as u32 % 64) >> 40) % 97) as f32 + 1.0;
            priors.push(v * b.masks()[r * a + i] as f32);
        }
        for s in 0..p {
            values.push(((h >> (8 * s)) & 0xFF) as f32 / 255.0);
        }
    }
    Ok((priors, values))
}

fn search<S: puct::SearchState>(
    state: &S,
    cfg: &PuctConfig,
    seed: u64,
    eval: fn(&LeafBatch) -> Output,
) -> meeple_core::search::puct::PuctResult {
    let mut s = Search::new(state.clone(), cfg, seed).unwrap();
    s.run(eval).unwrap();
    s.result(None)
}

fn after(state: &Nim, a: Action) -> [u8; 3] {
    let mut g = state.clone();
    g.apply(a).unwrap();
    g.heaps
}

fn winning(heaps: [u8; 3]) -> bool {
    heaps.iter().fold(0, |a, &h| a ^ h) != 0
}

#[test]
fn exact_evaluator_finds_the_winning_move() {
    for heaps in [[3, 4, 5], [1, 2, 4], [7, 3, 1], [2, 5, 6], [0, 6, 3]] {
        let g = Nim::position(2, heaps, 0);
        let cfg = PuctConfig {
            simulations: 64,
            ..Default::default()
        };
        let r = search(&g, &cfg, 1, exact);
        assert!(
            !winning(after(&g, r.action)),
            "{heaps:?}: {}",
            g.action_label(r.action)
        );
        assert_eq!(r.simulations, 64);
        // The winning move holds most of the visits (the policy target).
        let i = r.legal.iter().position(|&a| a == r.action).unwrap();
        assert!(r.policy[i] > 0.4, "{heaps:?}: {r:?}");
    }
}

#[test]
fn gumbel_finds_the_winning_move_with_few_simulations() {
    for heaps in [[3, 4, 5], [1, 2, 4], [7, 3, 1], [2, 5, 6]] {
        let g = Nim::position(2, heaps, 0);
        let greedy = PuctConfig {
            simulations: 32,
            gumbel: true,
            gumbel_scale: 0.0,
            ..Default::default()
        };
        let r = search(&g, &greedy, 0, exact);
        assert!(!winning(after(&g, r.action)), "{heaps:?}: {r:?}");
        // With Gumbel noise the chosen action explores, but the improved policy (the training
        // target) still puts its largest weight on a winning move.
        let cfg = PuctConfig {
            gumbel_scale: 1.0,
            ..greedy
        };
        for seed in 0..3 {
            let r = search(&g, &cfg, seed, exact);
            let total: f32 = r.policy.iter().sum();
            assert!((total - 1.0).abs() < 1e-4);
            // The improved policy puts its largest weight on a winning move.
            let best = (0..r.policy.len())
                .max_by(|&a, &b| r.policy[a].total_cmp(&r.policy[b]))
                .unwrap();
            assert!(
                !winning(after(&g, r.legal[best])),
                "{heaps:?}: policy {:?}",
                r.policy
            );
        }
    }
}

#[test]
fn uniform_evaluator_with_many_simulations_agrees_with_uct() {
    // [1, 2, 4]: the only winning move takes one stone from the heap of four.
    let g = Nim::position(2, [1, 2, 4], 0);
    let uct = Mcts {
        iterations: Some(20_000),
        ..Mcts::from_config(&SearchConfig::default())
    }
    .analyze(&g, 3)
    .unwrap();
    let cfg = PuctConfig {
        simulations: 4000,
        ..Default::default()
    };
    let r = search(&g, &cfg, 3, uniform);
    assert_eq!(r.action, uct.action);
    assert_eq!(r.action, 2 * MAX_HEAP);
    // The visit policy concentrates on it as UCT's does.
    let i = r.legal.iter().position(|&a| a == r.action).unwrap();
    let uct_share = uct.policy()[uct.stats.iter().position(|s| s.action == r.action).unwrap()];
    assert!(
        r.policy[i] > 0.5 && uct_share > 0.5,
        "puct {} uct {uct_share}",
        r.policy[i]
    );
}

/// Run `s` to the end one wave at a time with the exact evaluator, calling `each(batch, rows)`
/// after every collect.
fn run_waves(s: &mut Search<Nim>, batch: &mut LeafBatch, mut each: impl FnMut(&LeafBatch, usize)) {
    while !s.is_done() {
        batch.clear();
        let rows = s.collect(batch).unwrap();
        each(batch, rows);
        if rows > 0 {
            let (p, v) = exact(batch).unwrap();
            s.absorb(&p, &v, 0).unwrap();
        }
    }
}

#[test]
fn a_batch_reused_after_a_larger_wave_holds_exactly_the_new_rows() {
    // The batch keeps its buffers between waves and writes over the stale rows of a larger
    // one: every row must still be its leaf's own tensor and mask, nothing left over.
    let g = Nim::position(2, [3, 4, 5], 0);
    let cfg = PuctConfig {
        simulations: 117,
        leaves_per_search: 8,
        ..Default::default()
    };
    let mut s = Search::new(g.clone(), &cfg, 9).unwrap();
    let mut batch = LeafBatch::for_state(&g);
    let a = batch.num_actions;
    let (mut biggest, mut shrank) = (0, false);
    run_waves(&mut s, &mut batch, |batch, rows| {
        shrank |= rows > 0 && rows < biggest;
        biggest = biggest.max(rows);
        assert_eq!(batch.rows(), rows);
        assert_eq!(batch.observations().len(), rows * 3);
        assert_eq!(batch.masks().len(), rows * a);
        for r in 0..rows {
            let o = &batch.observations()[r * 3..r * 3 + 3];
            let heaps = [o[0] as u8, o[1] as u8, o[2] as u8];
            let leaf = Nim::position(2, heaps, batch.seats[r] as usize);
            let mut legal = Vec::new();
            leaf.legal_actions(&mut legal);
            let mask: Vec<Action> = (0..a as Action)
                .filter(|&i| batch.masks()[r * a + i as usize] == 1)
                .collect();
            assert_eq!(mask, legal, "row {r} of {rows}: {heaps:?}");
        }
    });
    assert!(
        shrank,
        "no wave was smaller than an earlier one: nothing was tested"
    );
}

#[test]
fn virtual_loss_collects_several_leaves_and_still_solves() {
    let g = Nim::position(2, [3, 4, 5], 0);
    let cfg = PuctConfig {
        simulations: 200,
        leaves_per_search: 8,
        ..Default::default()
    };
    let mut s = Search::new(g.clone(), &cfg, 5).unwrap();
    let mut batch = LeafBatch::for_state(&g);
    let mut biggest = 0;
    run_waves(&mut s, &mut batch, |_, rows| biggest = biggest.max(rows));
    assert!(biggest > 1, "virtual loss never spread a wave");
    let r = s.result(None);
    assert!(!winning(after(&g, r.action)));
    assert_eq!(r.simulations, 200);
}

#[test]
fn bad_outputs_are_refused_with_the_row_named() {
    let g = Nim::position(2, [3, 4, 5], 0);
    let cfg = PuctConfig::default();
    let nan = |b: &LeafBatch| -> Output {
        let (mut p, v) = uniform(b)?;
        p[2] = f32::NAN;
        Ok((p, v))
    };
    let mut s = Search::new(g.clone(), &cfg, 0).unwrap();
    let e = s.run(nan).unwrap_err();
    assert!(e.contains("NaN") && e.contains("row 0, action 2"), "{e}");
    let negative = |b: &LeafBatch| -> Output {
        let (mut p, v) = uniform(b)?;
        p[1] = -0.5;
        Ok((p, v))
    };
    let e = Search::new(g.clone(), &cfg, 0)
        .unwrap()
        .run(negative)
        .unwrap_err();
    assert!(e.contains("negative") && e.contains("action 1"), "{e}");
    let zero = |b: &LeafBatch| -> Output {
        let (p, v) = uniform(b)?;
        Ok((vec![0.0; p.len()], v))
    };
    let e = Search::new(g.clone(), &cfg, 0)
        .unwrap()
        .run(zero)
        .unwrap_err();
    assert!(e.contains("sum to 0"), "{e}");
    let short = |b: &LeafBatch| -> Output {
        let (p, _) = uniform(b)?;
        Ok((p, vec![0.5]))
    };
    let e = Search::new(g, &cfg, 0).unwrap().run(short).unwrap_err();
    assert!(e.contains("values hold 1 numbers, expected 1 x 2"), "{e}");
}

#[test]
fn dirichlet_noise_changes_root_priors_only_as_configured() {
    let g = Nim::position(2, [3, 4, 5], 0);
    let plain = search(&g, &PuctConfig::default(), 1, uniform);
    let noisy_cfg = PuctConfig {
        dirichlet_fraction: 0.25,
        ..Default::default()
    };
    let noisy = search(&g, &noisy_cfg, 1, uniform);
    let total: f32 = noisy.prior.iter().sum();
    assert!((total - 1.0).abs() < 1e-4);
    assert_ne!(plain.prior, noisy.prior);
    assert!(plain
        .prior
        .iter()
        .all(|&p| (p - plain.prior[0]).abs() < 1e-7));
    assert_eq!(
        noisy,
        search(&g, &noisy_cfg, 1, uniform),
        "same seed, same search"
    );
}

/// The reference game's configuration for `players`, with the option `flaw` ("none": the
/// real game).
fn reference_config(players: usize, flaw: &str) -> Config {
    let mut config = Config::with_players(&Reference::info(), players).unwrap();
    config
        .options
        .insert("flaw".into(), serde_json::json!(flaw));
    config
}

/// `n` new reference games, game `i` set up with seed `100 + i` (and paired with it).
fn reference_games(n: usize, players: usize, flaw: &str) -> Vec<(Reference, u64)> {
    let config = reference_config(players, flaw);
    (0..n as u64)
        .map(|i| (Reference::new(&config, 100 + i).unwrap(), 100 + i))
        .collect()
}

fn runner_config(sims: u32, leaves: u32) -> RunnerConfig {
    RunnerConfig {
        puct: PuctConfig {
            simulations: sims,
            leaves_per_search: leaves,
            dirichlet_fraction: 0.25,
            temperature: 1.0,
            ..Default::default()
        },
        temperature_moves: Some(1),
        record: true,
        max_plies: None,
        threads: 1,
    }
}

#[test]
fn lockstep_batch_of_many_equals_one_game_at_a_time() {
    for leaves in [1, 4] {
        let players = 3;
        let seats = vec![SeatPlayer::Puct(0); players];
        let mut many = Runner::new(
            reference_games(16, players, "none"),
            &seats,
            false,
            vec![],
            1,
            runner_config(24, leaves),
        )
        .unwrap();
        let mut biggest = 0;
        many.run(|_, b| {
            biggest = biggest.max(b.rows());
            hashed(b)
        })
        .unwrap();
        assert!(biggest > 8, "the batch never grew: {biggest}");
        let (games, rows) = many.into_results();
        // Two threads walking the searches change nothing.
        let mut threaded = Runner::new(
            reference_games(16, players, "none"),
            &seats,
            false,
            vec![],
            1,
            RunnerConfig {
                threads: 2,
                ..runner_config(24, leaves)
            },
        )
        .unwrap();
        threaded.run(|_, b| hashed(b)).unwrap();
        assert_eq!(threaded.into_results(), (games.clone(), rows.clone()));
        let mut one_rows = Vec::new();
        for (i, game) in reference_games(16, players, "none").into_iter().enumerate() {
            let mut one = Runner::new(
                vec![game],
                &seats,
                false,
                vec![],
                1,
                runner_config(24, leaves),
            )
            .unwrap();
            one.run(|_, b| hashed(b)).unwrap();
            let (g1, r1) = one.into_results();
            assert_eq!(g1[0], games[i], "game {i}, leaves {leaves}");
            one_rows.extend(r1.into_iter().map(|mut r| {
                r.game = i;
                r
            }));
        }
        assert_eq!(rows, one_rows);
        assert!(games.iter().all(|g| g.finished));
        assert!(!rows.is_empty());
    }
}

#[test]
fn runner_against_a_fixed_bot_and_training_rows() {
    // Nim from [3, 4, 5] is a first-player win: PUCT with the exact evaluator never loses it.
    let config = Config::with_players(&Nim::info(), 2).unwrap();
    let games: Vec<(Nim, u64)> = (0..10)
        .map(|i| (Nim::new(&config, i).unwrap(), i))
        .collect();
    let random = |state: &Nim, seed: u64| -> Result<Action, String> {
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        Ok(legal[GameRng::new(seed).index(legal.len())])
    };
    let cfg = RunnerConfig {
        puct: PuctConfig {
            simulations: 48,
            ..Default::default()
        },
        temperature_moves: None,
        record: true,
        max_plies: None,
        threads: 1,
    };
    let mut runner = Runner::new(
        games,
        &[SeatPlayer::Puct(0), SeatPlayer::Bot(0)],
        false,
        vec![Box::new(random)],
        1,
        cfg,
    )
    .unwrap();
    runner.run(|_, b| exact(b)).unwrap();
    let (sims, evals) = runner.counts();
    let (games, rows) = runner.into_results();
    for g in &games {
        assert!(g.finished);
        assert_eq!(g.returns, vec![1.0, 0.0], "{:?}", g.actions);
    }
    assert!(rows.iter().all(|r| r.seat == 0));
    assert!(sims >= 48 * rows.len() as u64 && evals > 0);
    for r in &rows {
        assert_eq!(r.observation.len(), 3);
        assert_eq!(r.legal.len(), r.policy.len());
        assert!((r.policy.iter().sum::<f32>() - 1.0).abs() < 1e-4);
        assert!(r.legal.contains(&r.action));
    }
}

#[test]
fn hidden_information_search_never_errs_and_respects_legality() {
    // The reference game hides the cards: every simulation runs on a determinization.
    let config = Config::with_players(&Reference::info(), 4).unwrap();
    for seed in 0..20 {
        let mut g = Reference::new(&config, seed).unwrap();
        while g.turn() == Turn::Chance {
            let a = puct::SearchState::sample_chance(&mut g).unwrap();
            g.apply(a).unwrap();
        }
        let cfg = PuctConfig {
            simulations: 50,
            leaves_per_search: 3,
            gumbel: seed % 2 == 0,
            ..Default::default()
        };
        let r = search(&g, &cfg, seed, hashed);
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        assert_eq!(r.legal, legal);
        assert!(legal.contains(&r.action));
        assert_eq!(r.simulations, 50);
    }
}

/// The boxed state the bindings search plays exactly as the game itself: the same records and
/// training rows, chance, hidden cards (or, for a game declaring none, the true state), the
/// game-length bound and returns included.
#[test]
fn a_boxed_state_searches_exactly_as_the_game() {
    let players = 3;
    let seats = vec![SeatPlayer::Puct(0); players];
    for flaw in ["none", "falsely_perfect"] {
        let games = || reference_games(8, players, flaw).into_iter();
        let plain = self_play(games().collect(), &seats);
        let boxed = self_play(
            games().map(|(g, s)| (DynState(Box::new(g)), s)).collect(),
            &seats,
        );
        assert_eq!(boxed.counts(), plain.counts(), "{flaw}");
        let (games, rows) = plain.into_results();
        assert!(games
            .iter()
            .all(|g| g.finished && g.returns.len() == players));
        assert_eq!(boxed.into_results(), (games, rows), "{flaw}");
    }
}

/// Every game played to its end by PUCT with the hashed evaluator.
fn self_play<S: puct::SearchState>(games: Vec<(S, u64)>, seats: &[SeatPlayer]) -> Runner<S> {
    let mut runner = Runner::new(games, seats, false, vec![], 1, runner_config(24, 2)).unwrap();
    runner.run(|_, b| hashed(b)).unwrap();
    runner
}

/// The reference game after the deal, seat 0 to decide, and the same position with seat 1's
/// card exchanged for another rank from the deck: what seat 0 sees is the same.
fn hidden_card_twins(flaw: &str, seed: u64) -> (Reference, Reference) {
    let g = decision(&reference_config(3, flaw), 0, seed);
    assert_eq!(g.turn(), Turn::Player(0));
    let mut v = g.to_json_value();
    let card = v["hands"][1].as_u64().unwrap() as usize;
    let other = (1..=5)
        .find(|&r| r != card && v["deck"][r - 1].as_u64().unwrap() > 0)
        .unwrap();
    v["hands"][1] = serde_json::json!(other);
    v["deck"][other - 1] = serde_json::json!(v["deck"][other - 1].as_u64().unwrap() - 1);
    v["deck"][card - 1] = serde_json::json!(v["deck"][card - 1].as_u64().unwrap() + 1);
    let twin = Reference::from_json_value(&v).unwrap();
    assert_eq!(g.observation(0), twin.observation(0));
    (g, twin)
}

/// A search sees only what its seat sees: from two positions that differ in an opponent's
/// hidden card it searches identically. A game that declares perfect information is searched
/// on its true state instead (no determinization), so there the card shows.
#[test]
fn a_search_never_sees_a_hidden_card() {
    let cfg = PuctConfig {
        simulations: 64,
        ..Default::default()
    };
    let mut shown = 0;
    for seed in 0..6 {
        let (g, twin) = hidden_card_twins("none", seed);
        assert_eq!(
            search(&g, &cfg, seed, hashed),
            search(&twin, &cfg, seed, hashed),
            "seed {seed}"
        );
        let (g, twin) = hidden_card_twins("falsely_perfect", seed);
        if search(&g, &cfg, seed, hashed) != search(&twin, &cfg, seed, hashed) {
            shown += 1;
        }
    }
    assert!(shown >= 3, "the true card changed {shown} of 6 searches");
}

/// A configuration's limits: each parameter accepted at its bounds and refused, by name, just
/// outside them; JSON read with every field, unknown keys refused.
#[test]
fn configuration_bounds_are_checked_and_named() {
    let ok = |c: PuctConfig| assert_eq!(c.validate(), Ok(()), "{c:?}");
    let refused = |c: PuctConfig, field: &str| {
        let e = c.validate().expect_err(field);
        assert!(e.contains(&format!("'{field}'")), "{field}: {e}");
    };
    let d = PuctConfig::default;
    ok(d());
    for s in [1, puct::MAX_SIMULATIONS] {
        ok(PuctConfig {
            simulations: s,
            ..d()
        });
    }
    for s in [0, puct::MAX_SIMULATIONS + 1] {
        refused(
            PuctConfig {
                simulations: s,
                ..d()
            },
            "simulations",
        );
    }
    for l in [1, 4096] {
        ok(PuctConfig {
            leaves_per_search: l,
            ..d()
        });
    }
    for l in [0, 4097] {
        refused(
            PuctConfig {
                leaves_per_search: l,
                ..d()
            },
            "leaves_per_search",
        );
    }
    type With = fn(f64) -> PuctConfig;
    let nonneg: [(&str, With); 5] = [
        ("c_puct", |x| PuctConfig {
            c_puct: x,
            ..PuctConfig::default()
        }),
        ("temperature", |x| PuctConfig {
            temperature: x,
            ..PuctConfig::default()
        }),
        ("gumbel_scale", |x| PuctConfig {
            gumbel_scale: x,
            ..PuctConfig::default()
        }),
        ("c_visit", |x| PuctConfig {
            c_visit: x,
            ..PuctConfig::default()
        }),
        ("c_scale", |x| PuctConfig {
            c_scale: x,
            ..PuctConfig::default()
        }),
    ];
    for (name, with) in nonneg {
        ok(with(0.0));
        ok(with(7.5));
        for x in [-1e-9, f64::NAN, f64::INFINITY] {
            refused(with(x), name);
        }
    }
    for f in [0.0, 1.0] {
        ok(PuctConfig {
            dirichlet_fraction: f,
            ..d()
        });
    }
    for f in [-0.01, 1.01, f64::NAN] {
        refused(
            PuctConfig {
                dirichlet_fraction: f,
                ..d()
            },
            "dirichlet_fraction",
        );
    }
    ok(PuctConfig {
        dirichlet_alpha: 1e-6,
        ..d()
    });
    for a in [0.0, -1.0, f64::INFINITY, f64::NAN] {
        refused(
            PuctConfig {
                dirichlet_alpha: a,
                ..d()
            },
            "dirichlet_alpha",
        );
    }
    ok(PuctConfig {
        max_considered: 1,
        ..d()
    });
    refused(
        PuctConfig {
            max_considered: 0,
            ..d()
        },
        "max_considered",
    );

    let c = PuctConfig::from_json(&serde_json::json!({
        "simulations": 7, "c_puct": 2.0, "leaves_per_search": 3, "dirichlet_fraction": 0.25,
        "dirichlet_alpha": 0.5, "temperature": 1.0, "gumbel": true, "max_considered": 4,
        "gumbel_scale": 0.5, "c_visit": 10.0, "c_scale": 0.2
    }))
    .unwrap();
    assert_eq!(
        (c.simulations, c.leaves_per_search, c.max_considered),
        (7, 3, 4)
    );
    assert!(c.gumbel);
    assert_eq!(
        [
            c.c_puct,
            c.dirichlet_fraction,
            c.dirichlet_alpha,
            c.temperature,
            c.gumbel_scale,
            c.c_visit,
            c.c_scale
        ],
        [2.0, 0.25, 0.5, 1.0, 0.5, 10.0, 0.2]
    );
    let e = PuctConfig::from_json(&serde_json::json!({"simulations": 0})).unwrap_err();
    assert!(e.contains("'simulations'"), "{e}");
    let e = PuctConfig::from_json(&serde_json::json!({"simulation": 5})).unwrap_err();
    assert!(
        e.contains("bad PUCT configuration") && e.contains("simulation"),
        "{e}"
    );
}

/// Every bad number is found, however many there are and wherever they are: the fast pass
/// folds with `|` (two bad numbers must not cancel), the slow pass names the first one, and a
/// zero prior (an illegal action) is fine.
#[test]
fn check_outputs_finds_and_names_every_bad_number() {
    let priors = [1.0, 0.0, 2.0, 0.0, 1.0, 1.0];
    let values = [0.5; 6];
    let check = |p: &[f32], v: &[f32]| puct::check_outputs(p, v, 2, 3, 3);
    assert_eq!(check(&priors, &values), Ok(()));
    let mut two = priors;
    (two[1], two[4]) = (f32::NAN, f32::INFINITY);
    let e = check(&two, &values).unwrap_err();
    assert!(e.contains("priors: NaN at row 0, action 1"), "{e}");
    let e = check(&[f32::NAN; 6], &values).unwrap_err();
    assert!(e.contains("priors: NaN at row 0, action 0"), "{e}");
    let mut one = values;
    one[5] = f32::NAN;
    let e = check(&priors, &one).unwrap_err();
    assert!(e.contains("values: NaN at row 1, seat 2"), "{e}");
    let mut both = values;
    (both[1], both[3]) = (f32::INFINITY, f32::NEG_INFINITY);
    let e = check(&priors, &both).unwrap_err();
    assert!(e.contains("values: infinite value at row 0, seat 1"), "{e}");
    let e = check(&priors, &[f32::NAN; 6]).unwrap_err();
    assert!(e.contains("values: NaN at row 0, seat 0"), "{e}");
}

/// The reference game's first decision of `seat` (seats before it pass).
fn reference_decision(players: usize, seat: usize, seed: u64) -> Reference {
    decision(&reference_config(players, "none"), seat, seed)
}

/// The first decision of `seat` in the reference game of `config` (seats before it pass).
fn decision(config: &Config, seat: usize, seed: u64) -> Reference {
    let mut g = Reference::new(config, seed).unwrap();
    while g.turn() != Turn::Player(seat) {
        let a = match g.turn() {
            Turn::Chance => puct::SearchState::sample_chance(&mut g).unwrap(),
            _ => 0, // pass
        };
        g.apply(a).unwrap();
    }
    g
}

#[test]
fn a_search_reports_the_seat_it_decides_for() {
    for seat in 0..3 {
        let s = Search::new(reference_decision(3, seat, 5), &PuctConfig::default(), 0).unwrap();
        assert_eq!(s.seat(), seat);
        assert_eq!(s.root().turn(), Turn::Player(seat));
    }
}

/// `temperature_moves: Some(m)`: a game's first `m` PUCT decisions are drawn at the search's
/// temperature, every later one is the most visited action.
#[test]
fn temperature_applies_to_the_first_decisions_only() {
    let players = 3;
    let mut runner = Runner::new(
        reference_games(24, players, "none"),
        &vec![SeatPlayer::Puct(0); players],
        false,
        vec![],
        1,
        runner_config(24, 1),
    )
    .unwrap();
    runner.run(|_, b| hashed(b)).unwrap();
    let (_, rows) = runner.into_results();
    let (mut drawn, mut first) = (0, 0);
    for game in 0..24 {
        for (d, r) in rows.iter().filter(|r| r.game == game).enumerate() {
            let most = r.policy.iter().cloned().fold(0.0, f32::max);
            let i = r.legal.iter().position(|&a| a == r.action).unwrap();
            if d == 0 {
                first += 1;
                drawn += usize::from(r.policy[i] < most);
            } else {
                assert_eq!(r.policy[i], most, "game {game}, decision {d}: {r:?}");
            }
        }
    }
    assert!(
        drawn >= 3,
        "{drawn} of {first} first decisions not the most visited"
    );
}

/// The evaluator is never handed an empty batch (a network may not accept one): with one
/// evaluator per seat, a wave where every game waits on seat 0 leaves seat 1's batch empty.
/// `is_over` turns true when the last game ends.
#[test]
fn no_evaluator_is_called_without_rows() {
    let config = Config::with_players(&Nim::info(), 2).unwrap();
    let games = (0..3).map(|i| (Nim::new(&config, i).unwrap(), i)).collect();
    let mut runner = Runner::new(
        games,
        &[SeatPlayer::Puct(0), SeatPlayer::Puct(1)],
        false,
        vec![],
        2,
        runner_config(16, 1),
    )
    .unwrap();
    assert!(!runner.is_over());
    let mut calls = [0; 2];
    runner
        .run(|k, b| {
            calls[k] += 1;
            if b.rows() == 0 {
                return Err(format!("evaluator {k} called with no rows"));
            }
            exact(b)
        })
        .unwrap();
    assert!(runner.is_over());
    assert!(calls[0] > 0 && calls[1] > 0, "{calls:?}");
}

/// With `threads: 2` the searches and bots of a wave run on the runner's own pool.
#[test]
fn threads_walk_the_games_on_the_pool() {
    let config = Config::with_players(&Nim::info(), 2).unwrap();
    let games = (0..8).map(|i| (Nim::new(&config, i).unwrap(), i)).collect();
    let outside = Arc::new(AtomicUsize::new(0));
    let seen = outside.clone();
    let bot = move |state: &Nim, _seed: u64| -> Result<Action, String> {
        if rayon::current_thread_index().is_none() {
            seen.fetch_add(1, Ordering::Relaxed);
        }
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        Ok(legal[0])
    };
    let mut runner = Runner::new(
        games,
        &[SeatPlayer::Puct(0), SeatPlayer::Bot(0)],
        false,
        vec![Box::new(bot)],
        1,
        RunnerConfig {
            threads: 2,
            ..runner_config(16, 1)
        },
    )
    .unwrap();
    runner.run(|_, b| exact(b)).unwrap();
    assert!(runner.is_over());
    assert_eq!(
        outside.load(Ordering::Relaxed),
        0,
        "bot moves chosen off the pool"
    );
}

/// Gumbel-top-1 is the Gumbel-max trick: with one action considered, the action chosen is a
/// draw from the prior itself, here 0.6, 0.3 and 0.1 for pass, bet and swap (and the
/// considered action is the one played, whatever its value).
#[test]
fn gumbel_with_one_considered_action_samples_the_prior() {
    let prior = |b: &LeafBatch| -> Output {
        let weights = [6.0, 3.0, 1.0, 1.0, 1.0];
        let priors = b
            .masks()
            .iter()
            .enumerate()
            .map(|(i, &m)| f32::from(m) * weights[i % b.num_actions])
            .collect();
        Ok((priors, vec![0.5; b.rows() * b.players]))
    };
    let g = reference_decision(2, 0, 8);
    let cfg = PuctConfig {
        simulations: 2,
        gumbel: true,
        max_considered: 1,
        dirichlet_fraction: 0.0,
        ..Default::default()
    };
    let n = 4000;
    let mut counts = [0; 3];
    for seed in 0..n {
        counts[search(&g, &cfg, seed, prior).action as usize] += 1;
    }
    for (a, want) in [0.6, 0.3, 0.1].into_iter().enumerate() {
        let share = f64::from(counts[a]) / n as f64;
        assert!((share - want).abs() < 0.025, "{counts:?}");
    }
}

/// Sequential halving: the considered actions share the simulations round by round, the
/// better half going on. Three actions and 16 simulations: two rounds of three, then the best
/// two alone (visits 2, 7, 7); Nim's twelve moves with four considered: two rounds of four,
/// then two (2, 2, 6, 6), the other eight never visited.
#[test]
fn gumbel_sequential_halving_shares_the_visits() {
    let cfg = |m| PuctConfig {
        simulations: 16,
        gumbel: true,
        max_considered: m,
        ..Default::default()
    };
    for seed in 0..4 {
        let mut v = search(&reference_decision(3, 0, seed), &cfg(16), seed, hashed).visits;
        v.sort_unstable();
        assert_eq!(v, [2, 7, 7], "seed {seed}");
        let mut v = search(&Nim::position(2, [3, 4, 5], 0), &cfg(4), seed, uniform).visits;
        v.sort_unstable();
        assert_eq!(v, [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 6, 6], "seed {seed}");
    }
}

/// The Gumbel policy target is the improved policy softmax(logit + sigma(completed Q)),
/// recomputed here from the result's own priors, values and visits and the evaluator's value
/// of the root: an unvisited action's Q is v_mix, the root value mixed with the visited
/// actions' prior-weighted mean; Q is min-max normalised and scaled by
/// `(c_visit + max visits) * c_scale`.
#[test]
fn gumbel_policy_is_the_improved_policy() {
    for seed in 0..6 {
        let g = reference_decision(3, seed as usize % 3, seed);
        let cfg = PuctConfig {
            simulations: 5,
            gumbel: true,
            max_considered: 2,
            c_visit: 5.0,
            c_scale: 0.3,
            ..Default::default()
        };
        let mut root_value = None;
        let mut s = Search::new(g.clone(), &cfg, seed).unwrap();
        let seat = s.seat();
        s.run(|b| {
            let out = hashed(b)?;
            root_value.get_or_insert(out.1[seat] as f64);
            Ok(out)
        })
        .unwrap();
        let r = s.result(None);
        let root_value = root_value.unwrap();
        let n: u32 = r.visits.iter().sum();
        let visited = |i: &usize| r.visits[*i] > 0;
        let idx = 0..r.legal.len();
        let weight: f64 = idx
            .clone()
            .filter(visited)
            .map(|i| f64::from(r.prior[i]))
            .sum();
        let weighted: f64 = idx
            .clone()
            .filter(visited)
            .map(|i| f64::from(r.prior[i]) * r.q[i])
            .sum();
        let v_mix = if weight > 0.0 {
            (root_value + f64::from(n) * weighted / weight) / (1.0 + f64::from(n))
        } else {
            root_value
        };
        let q: Vec<f64> = idx
            .clone()
            .map(|i| if visited(&i) { r.q[i] } else { v_mix })
            .collect();
        let (lo, hi) = (
            q.iter().cloned().fold(f64::INFINITY, f64::min),
            q.iter().cloned().fold(f64::NEG_INFINITY, f64::max),
        );
        let max_visits = f64::from(*r.visits.iter().max().unwrap());
        let z: Vec<f64> = idx
            .clone()
            .map(|i| {
                let sigma = (5.0 + max_visits) * 0.3 * (q[i] - lo) / (hi - lo).max(1e-9);
                f64::from(r.prior[i]).max(1e-30).ln() + sigma
            })
            .collect();
        let top = z.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        let total: f64 = z.iter().map(|x| (x - top).exp()).sum();
        for i in idx {
            let want = (z[i] - top).exp() / total;
            assert!(
                (f64::from(r.policy[i]) - want).abs() < 1e-5,
                "seed {seed}: {:?} against action {i} {want}",
                r.policy
            );
        }
    }
}

/// Without Gumbel noise (`gumbel_scale` 0, for evaluation games) and with equal values, the
/// halving keeps the actions of the highest priors: Nim's twelve moves, priors growing with
/// the action id, four considered; the two largest ids get the last rounds, the largest is
/// played.
#[test]
fn gumbel_without_noise_keeps_the_highest_priors() {
    let rising = |b: &LeafBatch| -> Output {
        let priors = b
            .masks()
            .iter()
            .enumerate()
            .map(|(i, &m)| f32::from(m) * (1 + i % b.num_actions) as f32)
            .collect();
        Ok((priors, vec![0.5; b.rows() * b.players]))
    };
    let cfg = PuctConfig {
        simulations: 16,
        gumbel: true,
        gumbel_scale: 0.0,
        max_considered: 4,
        ..Default::default()
    };
    let r = search(&Nim::position(2, [3, 4, 5], 0), &cfg, 1, rising);
    let n = r.legal.len();
    assert_eq!(r.visits[n - 2..], [6, 6], "{r:?}");
    assert_eq!(r.visits[n - 4..n - 2], [2, 2], "{r:?}");
    assert_eq!(r.action, r.legal[n - 1]);
}
