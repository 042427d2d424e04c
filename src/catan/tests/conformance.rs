mod common;
use common::options;

use meeple_catan::Catan;
use meeple_core::conformance::{assert_conforms, default_configs, KitOptions};
use serde_json::json;

#[test]
fn conforms_default_configs() {
    let stats = assert_conforms::<Catan>(
        &default_configs::<Catan>(),
        &KitOptions {
            playouts: 12,
            deep_every: 97,
            ..Default::default()
        },
    );
    assert_eq!(stats.games, 36);
}

#[test]
fn conforms_option_combinations() {
    let configs = vec![
        options(4, json!({"player_trades": "off", "board": "beginner"})),
        options(
            3,
            json!({"token_mode": "random_no_adjacent_red", "steal_victim_must_have_cards": true}),
        ),
        options(
            4,
            json!({"vp_to_win": 5, "turn_limit": 40, "trade_offers_per_turn": 1}),
        ),
    ];
    assert_conforms::<Catan>(
        &configs,
        &KitOptions {
            playouts: 8,
            deep_every: 101,
            ..Default::default()
        },
    );
}

/// A long run (minutes): `cargo test -p meeple-catan --release -- --ignored`.
#[test]
#[ignore]
fn conforms_long_run() {
    let mut configs = default_configs::<Catan>();
    configs.push(options(4, json!({"player_trades": "off"})));
    configs.push(options(
        3,
        json!({"steal_victim_must_have_cards": true, "board": "beginner"}),
    ));
    assert_conforms::<Catan>(
        &configs,
        &KitOptions {
            playouts: 150,
            deep_every: 41,
            seed: 0xCA7A,
            ..Default::default()
        },
    );
}
