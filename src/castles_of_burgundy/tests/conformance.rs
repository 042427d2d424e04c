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
            playouts: 20,
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
            4,
            json!({"experienced_variant": true, "overflow_may_discard_stored": true}),
        ),
        with(3, json!({"board": 7, "tiebreak_most_empty_spaces": true})),
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
