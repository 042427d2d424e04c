use meeple_castles_of_burgundy::CastlesOfBurgundy;
use meeple_core::conformance::{assert_conforms, default_configs, KitOptions};
use meeple_core::{Config, Game};
use serde_json::json;

fn with(players: usize, opts: serde_json::Value) -> Config {
    let map = opts.as_object().cloned().unwrap_or_default();
    Config::new(&CastlesOfBurgundy::info(), players, &map).expect("config")
}

#[test]
fn conformance_default_configs() {
    let stats = assert_conforms::<CastlesOfBurgundy>(
        &default_configs::<CastlesOfBurgundy>(),
        &KitOptions {
            playouts: 30,
            ..Default::default()
        },
    );
    assert!(stats.games >= 60);
}

#[test]
fn conformance_options() {
    let configs = vec![
        with(2, json!({"experienced_variant": true})),
        with(
            3,
            json!({"experienced_variant": true, "secret_board_choice": true}),
        ),
        with(
            4,
            json!({"experienced_variant": true, "overflow_may_discard_stored": true}),
        ),
        with(
            3,
            json!({"board": 7, "tiebreak_most_empty_spaces": true, "tiebreak_last_by_track": true}),
        ),
        with(3, json!({"board": 2})),
        with(4, json!({"board": 9, "overflow_may_discard_stored": true})),
    ];
    assert_conforms::<CastlesOfBurgundy>(
        &configs,
        &KitOptions {
            playouts: 6,
            ..Default::default()
        },
    );
}

/// `apply` checks legality by decoding the action; that check must agree with the generated
/// list for every action id, at every player decision of random games (options included).
#[test]
fn direct_legality_check_matches_generated_list() {
    use meeple_core::{GameRng, Turn};
    let configs = [
        with(2, json!({})),
        with(3, json!({"overflow_may_discard_stored": true})),
        with(4, json!({"experienced_variant": true})),
        with(
            4,
            json!({"experienced_variant": true, "secret_board_choice": true}),
        ),
        with(4, json!({"board": 8})),
    ];
    for (i, c) in configs.iter().enumerate() {
        for seed in 0..3u64 {
            let mut g = CastlesOfBurgundy::new(c, seed * 10 + i as u64).unwrap();
            let mut rng = GameRng::new(seed);
            let mut l = Vec::new();
            let mut o = Vec::new();
            while g.turn() != Turn::Terminal {
                g.check_legality_consistency()
                    .unwrap_or_else(|e| panic!("config {i} seed {seed}: {e}\n{}", g.render()));
                let a = if g.turn() == Turn::Chance {
                    g.chance_outcomes(&mut o);
                    o[rng.weighted(o.iter().map(|x| x.1))].0
                } else {
                    g.legal_actions(&mut l);
                    l[rng.index(l.len())]
                };
                g.apply(a).unwrap();
            }
        }
    }
}

/// Longer run for before a release: `cargo test -p meeple-castles-of-burgundy --release
/// --test conformance -- --ignored`.
#[test]
#[ignore]
fn conformance_stress() {
    let mut configs = default_configs::<CastlesOfBurgundy>();
    configs.push(with(
        4,
        json!({"experienced_variant": true, "overflow_may_discard_stored": true}),
    ));
    configs.push(with(3, json!({"board": 5})));
    configs.push(with(
        2,
        json!({"experienced_variant": true, "secret_board_choice": true}),
    ));
    assert_conforms::<CastlesOfBurgundy>(
        &configs,
        &KitOptions {
            playouts: 150,
            seed: 0xBADC0DE,
            deep_every: 11,
            ..Default::default()
        },
    );
}
