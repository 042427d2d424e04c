//! The random-playout driver (`playout.rs`) on the reference game: each function against a
//! step-by-step transcription of what it promises, so that a changed draw, bound, seed or
//! row layout shows (these tests are the ones `scripts/mutants.sh core` runs).

use meeple_core::conformance::default_configs;
use meeple_core::interrupt::{Interrupt, INTERRUPTED};
use meeple_core::playout::{
    batch, batch_until, batch_with, batch_with_until, check_games, game_seed, random_action,
    random_playout, random_step, BatchResult, Buffers, MAX_BATCH_GAMES,
};
use meeple_core::reference::Reference;
use meeple_core::{Game, GameRng, Turn};

fn game(players: usize, seed: u64) -> Reference {
    let c = default_configs::<Reference>()
        .into_iter()
        .find(|c| c.players == players)
        .unwrap();
    Reference::new(&c, seed).unwrap()
}

#[test]
fn game_seed_is_the_splitmix_finaliser_of_the_pair() {
    // Literals from the SplitMix64 finaliser written out by hand (an independent transcription).
    assert_eq!(game_seed(0, 0), 0xe220_a839_7b1d_cdaf);
    assert_eq!(game_seed(0, 1), 0x6e78_9e6a_a1b9_65f4);
    assert_eq!(game_seed(42, 7), 0xb434_6c5a_4ac0_89c3);
}

#[test]
fn random_action_draws_a_legal_action_or_a_weighted_outcome() {
    let mut rng = GameRng::new(1);
    let mut buf = Buffers::default();
    let mut g = game(3, 4);
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    let mut seen_chance = false;
    let mut seen_player = false;
    while g.turn() != Turn::Terminal {
        // The same draw as the driver's, from a copy of its generator.
        let mut expect_rng = rng.clone();
        let expected = match g.turn() {
            Turn::Chance => {
                seen_chance = true;
                g.chance_outcomes(&mut outcomes);
                outcomes[expect_rng.weighted(outcomes.iter().map(|o| o.1))].0
            }
            _ => {
                seen_player = true;
                g.legal_actions(&mut legal);
                legal[expect_rng.index(legal.len())]
            }
        };
        let a = random_action(&g, &mut rng, &mut buf).unwrap();
        assert_eq!(a, expected);
        assert_eq!(rng, expect_rng);
        g.apply(a).unwrap();
    }
    assert!(seen_chance && seen_player);
    assert_eq!(random_action(&g, &mut rng, &mut buf), None);
}

#[test]
fn chance_draws_follow_the_weights() {
    // The first deal: two cards of each of five ranks, so each outcome has weight 2 of 10; over
    // many fresh generators every rank is drawn, and about as often as the others.
    let g = game(2, 0);
    assert_eq!(g.turn(), Turn::Chance);
    let mut buf = Buffers::default();
    let mut counts = [0u32; 5];
    for s in 0..5000 {
        let mut rng = GameRng::new(s);
        counts[random_action(&g, &mut rng, &mut buf).unwrap() as usize] += 1;
    }
    for c in counts {
        assert!((800..1200).contains(&c), "{counts:?}");
    }
}

#[test]
fn random_step_applies_one_action_and_stops_at_the_end() {
    let mut rng = GameRng::new(2);
    let mut buf = Buffers::default();
    let mut g = game(2, 9);
    let mut steps = 0;
    loop {
        let before = g.to_json_value();
        let mut probe = rng.clone();
        let action = random_action(&g, &mut probe, &mut Buffers::default());
        let moved = random_step(&mut g, &mut rng, &mut buf);
        match action {
            Some(a) => {
                assert!(moved);
                let mut expected = load(&before);
                expected.apply(a).unwrap();
                assert_eq!(g.to_json_value(), expected.to_json_value());
                steps += 1;
            }
            None => {
                assert!(!moved);
                assert_eq!(g.to_json_value(), before);
                break;
            }
        }
    }
    assert!(steps > 2);
}

fn load(v: &serde_json::Value) -> Reference {
    meeple_core::dynamic::load_state::<Reference>(v).unwrap()
}

#[test]
fn random_playout_counts_its_steps_and_honours_max_steps() {
    let mut full = game(3, 5);
    let n = random_playout(
        &mut full,
        &mut GameRng::new(8),
        &mut Buffers::default(),
        u64::MAX,
    );
    assert_eq!(full.turn(), Turn::Terminal);
    // Step by step with the same generator gives the same game and count.
    let mut g = game(3, 5);
    let mut rng = GameRng::new(8);
    let mut buf = Buffers::default();
    let mut count = 0;
    while random_step(&mut g, &mut rng, &mut buf) {
        count += 1;
    }
    assert_eq!(n, count);
    assert_eq!(g.to_json_value(), full.to_json_value());
    // Cut short: exactly `max_steps` actions, the game not over.
    let mut cut = game(3, 5);
    assert_eq!(
        random_playout(&mut cut, &mut GameRng::new(8), &mut Buffers::default(), 3),
        3
    );
    assert_ne!(cut.turn(), Turn::Terminal);
    let mut none = game(3, 5);
    assert_eq!(
        random_playout(&mut none, &mut GameRng::new(8), &mut Buffers::default(), 0),
        0
    );
    assert_eq!(none.to_json_value(), game(3, 5).to_json_value());
}

/// What `batch_with` promises for game `i`, written out: seed `game_seed(seed, i)`, the playout's
/// generator seeded from it xor `0xA5A5...`, played to the game's length bound.
fn expected_row(
    start: impl Fn(u64) -> Reference,
    seed: u64,
    i: u64,
) -> (u64, Vec<f64>, Vec<f64>, bool) {
    let s = game_seed(seed, i);
    let mut g = start(s);
    let bound = g.max_game_length();
    let len = random_playout(
        &mut g,
        &mut GameRng::new(s ^ 0xA5A5_A5A5_A5A5_A5A5),
        &mut Buffers::default(),
        bound,
    );
    (len, g.scores(), g.returns(), g.turn() == Turn::Terminal)
}

fn check_rows(r: &BatchResult, start: impl Fn(u64) -> Reference, seed: u64, players: usize) {
    assert_eq!(r.players, players);
    assert_eq!(r.games(), r.lengths.len());
    assert_eq!(r.scores.len(), r.games() * players);
    assert_eq!(r.returns.len(), r.games() * players);
    assert_eq!(r.finished.len(), r.games());
    for i in 0..r.games() {
        let (len, scores, returns, finished) = expected_row(&start, seed, i as u64);
        assert_eq!(r.lengths[i], len, "game {i}");
        assert_eq!(
            &r.scores[i * players..(i + 1) * players],
            &scores[..],
            "game {i}"
        );
        assert_eq!(
            &r.returns[i * players..(i + 1) * players],
            &returns[..],
            "game {i}"
        );
        assert_eq!(r.finished[i], finished, "game {i}");
        assert!(finished);
    }
    assert_eq!(r.total_actions(), r.lengths.iter().sum::<u64>());
    assert!(r.total_actions() > r.games() as u64);
}

#[test]
fn batch_with_plays_each_seeded_game_as_written_for_any_thread_count() {
    let c = default_configs::<Reference>()[1].clone();
    let start = |s: u64| Reference::new(&c, s).unwrap();
    // More than one chunk of 256 games, so the rows of later chunks are appended too.
    let one = batch_with(|s| Some(start(s)), 300, 77, 1);
    assert_eq!(one.games(), 300);
    check_rows(&one, start, 77, c.players);
    let two = batch_with(|s| Some(start(s)), 300, 77, 2);
    assert_eq!(one, two);
}

#[test]
fn batch_reseeds_copies_of_the_state() {
    let mut g = game(4, 3);
    g.apply(0).unwrap(); // a first deal
    let start = |s: u64| {
        let mut c = g.clone();
        *c.rng_mut() = GameRng::new(s);
        c
    };
    let r = batch(&g, 40, 5, 2);
    assert_eq!(r.games(), 40);
    check_rows(&r, start, 5, 4);
    assert_eq!(batch_until(&g, 40, 5, 1, &Interrupt::new()).unwrap(), r);
}

#[test]
fn games_without_a_start_give_zero_rows_of_the_batch_width() {
    let c = default_configs::<Reference>()[0].clone();
    let r = batch_with(
        |s| (!s.is_multiple_of(3)).then(|| Reference::new(&c, s).unwrap()),
        30,
        1,
        1,
    );
    let p = c.players;
    assert_eq!(r.players, p);
    let mut skipped = 0;
    for i in 0..30 {
        if game_seed(1, i as u64).is_multiple_of(3) {
            skipped += 1;
            assert_eq!(r.lengths[i], 0);
            assert!(!r.finished[i]);
            assert!(r.scores[i * p..(i + 1) * p].iter().all(|&x| x == 0.0));
            assert!(r.returns[i * p..(i + 1) * p].iter().all(|&x| x == 0.0));
        } else {
            assert!(r.finished[i] && r.lengths[i] > 0);
            let sum: f64 = r.returns[i * p..(i + 1) * p].iter().sum();
            assert!((sum - 1.0).abs() < 1e-9);
        }
    }
    assert!(skipped > 0 && skipped < 30);
}

#[test]
fn a_set_interrupt_stops_the_batch() {
    let c = default_configs::<Reference>()[0].clone();
    let stop = Interrupt::new();
    stop.set();
    let err = batch_with_until(|s| Reference::new(&c, s).ok(), 10, 1, 1, &stop).unwrap_err();
    assert_eq!(err, INTERRUPTED);
    let g = game(2, 1);
    assert_eq!(batch_until(&g, 10, 1, 2, &stop).unwrap_err(), INTERRUPTED);
    // Zero games: nothing to stop, an empty result.
    let empty = batch_with_until(|s| Reference::new(&c, s).ok(), 0, 1, 1, &stop).unwrap();
    assert_eq!(empty, BatchResult::default());
}

#[test]
fn batch_counts_above_the_maximum_are_refused() {
    assert!(check_games(MAX_BATCH_GAMES).is_ok());
    let err = check_games(MAX_BATCH_GAMES + 1).unwrap_err();
    assert!(err.contains("split the run"), "{err}");
    let c = default_configs::<Reference>()[0].clone();
    let never = |_: u64| -> Option<Reference> { panic!("no game may start") };
    let e = batch_with_until(never, MAX_BATCH_GAMES + 1, 0, 1, &Interrupt::new()).unwrap_err();
    assert!(e.contains("at most"), "{e}");
    assert_eq!(
        batch_with(never, MAX_BATCH_GAMES + 1, 0, 2),
        BatchResult::default()
    );
    let g = Reference::new(&c, 0).unwrap();
    assert_eq!(batch(&g, MAX_BATCH_GAMES + 1, 0, 1), BatchResult::default());
}

#[test]
fn batches_run_on_the_callers_thread_or_on_a_pool_of_their_own() {
    // One thread: every game on the calling thread, no pool. More: a pool of exactly that many
    // threads, never rayon's global one (which is unsafe after a fork).
    let c = default_configs::<Reference>()[0].clone();
    let caller = std::thread::current().id();
    let seen = std::sync::Mutex::new(Vec::new());
    let start = |s: u64| {
        let here = (
            std::thread::current().id(),
            rayon::current_thread_index(),
            rayon::current_num_threads(),
        );
        seen.lock().unwrap().push(here);
        Reference::new(&c, s).ok()
    };
    batch_with(start, 20, 1, 1);
    let one = std::mem::take(&mut *seen.lock().unwrap());
    assert_eq!(one.len(), 20);
    assert!(one
        .iter()
        .all(|&(id, index, _)| id == caller && index.is_none()));
    batch_with(start, 20, 1, 3);
    let three = std::mem::take(&mut *seen.lock().unwrap());
    assert_eq!(three.len(), 20);
    assert!(three
        .iter()
        .all(|&(id, index, width)| id != caller && index.is_some_and(|i| i < 3) && width == 3));
}
