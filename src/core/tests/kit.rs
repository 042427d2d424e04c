//! The conformance kit proves itself on the reference game: it passes the real one and fails
//! each deliberately broken variant (one per check the kit makes) with the matching complaint.

use meeple_core::conformance::{check, check_with, default_configs, KitOptions, KitRules};
use meeple_core::reference::{Flaw, Reference};
use meeple_core::{Config, Game};
use serde_json::{json, Value};

fn opts() -> KitOptions {
    KitOptions {
        playouts: 300,
        ..KitOptions::default()
    }
}

fn strict() -> KitRules {
    KitRules {
        every_key_required: true,
        resampling_required: true,
        deducible_hidden: None,
    }
}

#[test]
fn reference_game_conforms_for_every_player_count() {
    for c in default_configs::<Reference>() {
        let stats = check_with::<Reference>(&c, &opts(), &strict())
            .unwrap_or_else(|e| panic!("{} players: {e}", c.players));
        assert_eq!(stats.games, 300);
        assert!(stats.steps > 0);
        assert!(stats.resampled > 0 && stats.resampled < stats.determinized);
    }
}

fn flawed(flaw: &str) -> Config {
    let mut o = serde_json::Map::new();
    o.insert("flaw".into(), json!(flaw));
    Config::new(&Reference::info(), 3, &o).unwrap()
}

/// Each flaw, the kit options that isolate its check, and the words of the kit's complaint.
fn cases() -> Vec<(&'static str, KitOptions, &'static str)> {
    let o = opts;
    let shallow = || KitOptions {
        deep_every: 0,
        deep_playouts: 0,
        ..opts()
    };
    vec![
        ("unsorted_legal", o(), "not strictly ascending"),
        ("duplicate_legal", o(), "not strictly ascending"),
        ("out_of_range_legal", o(), "outside 0..5"),
        ("terminal_moves", o(), "terminal state has legal actions"),
        ("stuck", o(), "no legal actions at a non-terminal state"),
        ("refuses_legal", o(), "legal action 2 ('swap') refused"),
        ("accepts_illegal", o(), "was accepted"),
        ("dirty_illegal", o(), "changed the state"),
        ("no_chance_outcomes", o(), "chance node without outcomes"),
        ("zero_weight", o(), "chance outcome with zero weight"),
        ("chance_mismatch", o(), "differ from legal actions"),
        ("player_chance", o(), "chance outcomes at a player's node"),
        ("bad_seat", o(), "current player 3 out of range"),
        ("endless", o(), "did not end within its documented bound"),
        (
            "short_bound",
            o(),
            "did not end within its documented bound of 8",
        ),
        ("shifting_action_space", o(), "num_distinct_actions changed"),
        ("early_returns", o(), "non-zero before the end"),
        ("nan_returns", o(), "not finite per seat"),
        ("nan_scores", o(), "scores [NaN"),
        ("no_winners", o(), "terminal state without winners"),
        ("duplicate_winners", o(), "not unique seats"),
        ("foreign_winner", o(), "3] not unique seats"),
        ("half_returns", o(), "terminal returns sum to 0.5"),
        (
            "random_setup",
            o(),
            "two games created with the same seed differ",
        ),
        ("forgets_options", o(), "config() differs"),
        ("lenient_json", o(), "a position without '"),
        ("accepts_foreign", o(), "foreign JSON {\"config\""),
        ("inexact_defaults", o(), "does not round-trip its own JSON"),
        ("inexact_json", o(), "JSON round trip is not exact"),
        ("refuses_own_json", o(), "own JSON refused"),
        ("unsaved_state", o(), "a JSON round trip changed how action"),
        (
            "panicky_json",
            o(),
            "made loading panic: index out of bounds",
        ),
        ("unchecked_json", o(), "panicked in play"),
        (
            "panicky_apply",
            o(),
            "panicked in play: index out of bounds",
        ),
        (
            "nondeterministic_apply",
            shallow(),
            "replaying the same seed",
        ),
        ("shared_clone", o(), "to a clone changed the original"),
        ("duplicate_labels", o(), "label 'pass' is shared"),
        ("unparsable_label", o(), "does not parse back"),
        ("nan_tensor", o(), "non-finite values"),
        ("leaky_observation", o(), "'s observation"),
        ("leaky_tensor", o(), "observation tensor"),
        ("falsely_perfect", o(), "without hidden information"),
        ("determinize_turn", o(), "changed whose turn it is"),
        ("determinize_legal", o(), "changed the legal actions"),
        ("determinize_own_card", o(), "observation"),
        ("determinize_invalid", o(), "gave an invalid state"),
        (
            "determinize_keeps_rng",
            o(),
            "did not reseed the RNG (the real future leaks)",
        ),
        (
            "determinize_fixed_seed",
            o(),
            "did not reseed the RNG from its seed",
        ),
        ("lazy_determinize", o(), "resampled nothing"),
    ]
}

#[test]
fn kit_catches_every_flaw_with_the_matching_complaint() {
    let cases = cases();
    // `stolen_wins` passes every per-game check: the volume's every-seat-wins check catches it
    // (tests/kit_volume.rs).
    let covered: Vec<&str> = cases.iter().map(|c| c.0).chain(["stolen_wins"]).collect();
    let mut all: Vec<&str> = Flaw::NAMES[1..].to_vec();
    all.sort_unstable();
    let mut sorted = covered.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, all, "every flaw has a case here");
    let mut failures = Vec::new();
    for (flaw, options, words) in cases {
        // The strict key rule only where the flaw is about incomplete positions, so that every
        // other case shows the default kit catching it.
        let rules = match flaw {
            "lenient_json" | "lazy_determinize" => strict(),
            _ => KitRules::default(),
        };
        match check_with::<Reference>(&flawed(flaw), &options, &rules) {
            Ok(_) => failures.push(format!("{flaw}: passed the kit")),
            Err(e) if !e.contains(words) => {
                failures.push(format!("{flaw}: expected '{words}', got: {e}"))
            }
            Err(_) => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The defaults the games run with catch every flaw but two, which need the strict rules: by
/// default a position missing a key may load (games give omitted keys documented defaults) as
/// long as it plays, and a determinization may keep what perfect recall could deduce.
#[test]
fn default_rules_accept_a_lenient_loader_and_a_lazy_determinize() {
    check::<Reference>(&flawed("lenient_json"), &opts()).unwrap();
    check::<Reference>(&flawed("lazy_determinize"), &opts()).unwrap();
}

/// A game that documents its hidden part as deducible (Puerto Rico's `hidden_vp`) is held to
/// keeping it: the reference game, whose determinize resamples the hands, fails that rule, and
/// a determinize that keeps everything (`lazy_determinize`) passes it, though it fails the
/// plain resampling rule.
#[test]
fn a_deducible_hidden_part_must_be_kept() {
    let deducible = KitRules {
        deducible_hidden: Some("the hands are public in this test"),
        ..strict()
    };
    let e = check_with::<Reference>(&default_configs::<Reference>()[1], &opts(), &deducible)
        .unwrap_err();
    assert!(
        e.contains("perfect recall deduces (the hands are public in this test)"),
        "{e}"
    );
    check_with::<Reference>(&flawed("lazy_determinize"), &opts(), &deducible).unwrap();
    assert!(check_with::<Reference>(&flawed("lazy_determinize"), &opts(), &strict()).is_err());
}

#[test]
fn kit_runs_from_positions() {
    use meeple_core::conformance::check_positions;
    use meeple_core::dynamic::load_state;
    let mut g = Reference::new(&default_configs::<Reference>()[1], 5).unwrap();
    // A hand-written mid-game position: three players, all dealt, player 0 has bet.
    let mut v = g.to_json_value();
    v["hands"] = json!([5, 1, 3]);
    v["deck"] = json!([1, 2, 1, 2, 1]);
    v["bets"] = json!([true, false, false]);
    v["next"] = json!(1);
    g = load_state::<Reference>(&v).unwrap();
    let stats = check_positions(&[g], &opts()).unwrap();
    assert_eq!(stats.games, 300);
    // An inconsistent position is refused up front.
    let mut bad = load_state::<Reference>(&v).unwrap().to_json_value();
    bad["deck"] = json!([2, 2, 2, 2, 2]);
    assert!(load_state::<Reference>(&bad).is_err());
}

/// The counts the kit returns: summed over configurations by `assert_conforms`, deep checks at
/// every step of the first `deep_playouts` playouts and every `deep_every`-th step of the rest,
/// one determinization per seat at each.
#[test]
fn kit_counts_what_it_checked() {
    use meeple_core::conformance::{assert_conforms, assert_conforms_with};
    let configs = default_configs::<Reference>();
    let few = KitOptions {
        playouts: 50,
        ..opts()
    };
    let each: Vec<_> = configs
        .iter()
        .map(|c| check_with::<Reference>(c, &few, &strict()).unwrap())
        .collect();
    let total = assert_conforms_with::<Reference>(&configs, &few, &strict());
    let sum = |f: fn(&meeple_core::conformance::KitStats) -> u64| each.iter().map(f).sum::<u64>();
    assert_eq!(total.games, 150);
    assert_eq!(total.steps, sum(|s| s.steps));
    assert_eq!(total.deep_checks, sum(|s| s.deep_checks));
    assert_eq!(total.determinized, sum(|s| s.determinized));
    assert_eq!(total.resampled, sum(|s| s.resampled));
    assert_eq!(
        total.max_length,
        each.iter().map(|s| s.max_length).max().unwrap()
    );
    assert_eq!(total.max_length, each[2].max_length);
    let plain = assert_conforms::<Reference>(&configs, &few);
    assert_eq!((plain.games, plain.steps), (total.games, total.steps));

    let c = &configs[1];
    let run = |playouts, deep_every, deep_playouts| {
        let o = KitOptions {
            playouts,
            deep_every,
            deep_playouts,
            ..opts()
        };
        check::<Reference>(c, &o).unwrap()
    };
    // One playout deep at every step, the terminal state included.
    let one = run(1, 0, 1);
    assert_eq!(one.max_length, one.steps);
    assert_eq!(one.deep_checks, one.steps + 1);
    assert_eq!(one.determinized, 3 * one.deep_checks);
    // Only the first of three is deep.
    assert_eq!(run(3, 0, 1).deep_checks, one.deep_checks);
    assert_eq!(run(3, 0, 2).deep_checks, run(2, 0, 2).deep_checks);
    assert!(run(2, 0, 2).deep_checks > one.deep_checks);
    // Every other step: steps 0, 2, 4, ... up to the terminal one.
    let halves = run(1, 2, 0);
    assert_eq!(halves.deep_checks, halves.steps / 2 + 1);
    let none = run(5, 0, 0);
    assert_eq!((none.games, none.deep_checks, none.determinized), (5, 0, 0));
}

#[test]
fn assert_conforms_names_the_failing_configuration() {
    use meeple_core::conformance::assert_conforms;
    let p = std::panic::catch_unwind(|| {
        let few = KitOptions {
            playouts: 20,
            ..opts()
        };
        assert_conforms::<Reference>(&[flawed("none"), flawed("stuck")], &few)
    })
    .unwrap_err();
    let e = p.downcast_ref::<String>().unwrap();
    assert!(
        e.starts_with(
            "_reference conformance failed (3 players, options {\"flaw\":\"stuck\"}): playout "
        ),
        "{e}"
    );
}

#[test]
fn fuzzing_alters_json_with_the_documented_odds() {
    use meeple_core::conformance::mutate_json;
    use meeple_core::GameRng;
    // From {"k": [10, 20]}: the root replaced 1/4; the key dropped 3/4 * 1/8; the array replaced
    // 3/4 * 7/8 * 1/4; its last element popped 3/4 * 7/8 * 3/4 * 1/8; an element replaced (a
    // leaf stops the walk) the rest.
    let v = json!({ "k": [10, 20] });
    let odd = [
        json!(-1),
        json!(1_000_000),
        json!("bogus"),
        json!(null),
        json!(u64::MAX),
        json!([7]),
    ];
    let mut rng = GameRng::new(17);
    let mut counts = [0u32; 5];
    let mut values = [0u32; 6];
    let n = 8192.0;
    for _ in 0..8192 {
        let mut w = v.clone();
        mutate_json(&mut w, &mut rng);
        let (kind, new) = if w.get("k").is_none() && !w.is_object() {
            (0, w.clone())
        } else if w == json!({}) {
            (1, Value::Null)
        } else if !w["k"].is_array() || w["k"] == json!([7]) {
            (2, w["k"].clone())
        } else if w["k"] == json!([10]) {
            (3, Value::Null)
        } else {
            let a = w["k"].as_array().unwrap();
            assert_eq!(a.len(), 2, "{w}");
            let changed: Vec<_> = a.iter().filter(|x| **x != 10 && **x != 20).collect();
            assert_eq!(changed.len(), 1, "{w}");
            (4, changed[0].clone())
        };
        counts[kind] += 1;
        if kind != 1 && kind != 3 {
            let i = odd
                .iter()
                .position(|o| *o == new)
                .unwrap_or_else(|| panic!("{w}"));
            values[i] += 1;
        }
    }
    let odds = [
        1.0 / 4.0,
        3.0 / 32.0,
        21.0 / 128.0,
        63.0 / 1024.0,
        441.0 / 1024.0,
    ];
    for (k, (&c, p)) in counts.iter().zip(odds).enumerate() {
        let expected = p * n;
        assert!(
            (f64::from(c) - expected).abs() < 0.15 * expected,
            "kind {k}: {counts:?}"
        );
    }
    let replaced: u32 = values.iter().sum();
    for &c in &values {
        let expected = f64::from(replaced) / 6.0;
        assert!(
            (f64::from(c) - expected).abs() < 0.15 * expected,
            "{values:?}"
        );
    }
}

/// The resampling rule judges a run from 20 determinizations on: fewer prove nothing either way.
#[test]
fn resampling_is_judged_from_twenty_determinizations() {
    let mut o = serde_json::Map::new();
    o.insert("flaw".into(), json!("lazy_determinize"));
    let lazy = Config::new(&Reference::info(), 2, &o).unwrap();
    let (mut at_twenty, mut below) = (false, false);
    for seed in 0..40 {
        for deep in 1..=2 {
            // Every step of `deep` playouts deep: two determinizations per state (two seats).
            let o = KitOptions {
                playouts: deep,
                seed,
                deep_every: 0,
                deep_playouts: deep,
            };
            let n = check::<Reference>(&lazy, &o).unwrap().determinized;
            let judged = check_with::<Reference>(&lazy, &o, &strict());
            if n >= 20 {
                let e = judged.unwrap_err();
                assert!(
                    e.contains(&format!("resampled nothing in {n} calls")),
                    "{e}"
                );
            } else {
                judged.unwrap();
            }
            at_twenty |= n == 20;
            below |= n < 20;
        }
    }
    assert!(at_twenty && below);
}

#[test]
fn positions_are_checked_in_order_with_their_own_seeds() {
    use meeple_core::conformance::check_positions;
    use meeple_core::playout::game_seed;
    let good = Reference::new(&flawed("none"), 1).unwrap();
    let stuck = Reference::new(&flawed("stuck"), 1).unwrap();
    // Playout i of position k is seeded from game_seed(seed ^ k, i).
    let o = KitOptions {
        seed: 0xC0FFEF,
        ..opts()
    };
    let e = check_positions(&[good.clone(), stuck], &o).unwrap_err();
    let seed = game_seed(0xC0FFEF ^ 1, 0);
    assert!(
        e.starts_with(&format!("position 1, playout 0 (seed {seed}): ")),
        "{e}"
    );
    // Deep checks at every step of the first `deep_playouts` playouts only.
    let run = |playouts, deep_playouts| {
        let o = KitOptions {
            playouts,
            deep_every: 0,
            deep_playouts,
            ..opts()
        };
        check_positions(std::slice::from_ref(&good), &o).unwrap()
    };
    let one = run(1, 1);
    assert_eq!(one.deep_checks, one.steps + 1);
    assert_eq!(run(3, 1).deep_checks, one.deep_checks);
    assert_eq!(run(4, 0).deep_checks, 0);
    // A position that is not valid is refused before any playout.
    let mut bet = Reference::new(&flawed("refuses_own_json"), 1).unwrap();
    for a in [0, 1, 2, 1] {
        bet.apply(a).unwrap();
    }
    let e = check_positions(&[good, bet], &o).unwrap_err();
    assert_eq!(e, "position 1 is invalid: a bet was placed");
}
