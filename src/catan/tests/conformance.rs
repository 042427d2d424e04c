use meeple_catan::Catan;
use meeple_core::conformance::{assert_conforms, default_configs, KitOptions};
use meeple_core::{Config, Game};
use serde_json::{json, Map, Value};

fn config(players: usize, opts: &[(&str, Value)]) -> Config {
    let mut m = Map::new();
    for (k, v) in opts {
        m.insert(k.to_string(), v.clone());
    }
    Config::new(&Catan::info(), players, &m).unwrap()
}

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
        config(
            4,
            &[
                ("player_trades", json!("off")),
                ("board", json!("beginner")),
            ],
        ),
        config(
            3,
            &[
                ("token_mode", json!("random_no_adjacent_red")),
                ("steal_victim_must_have_cards", json!(true)),
            ],
        ),
        config(
            4,
            &[
                ("vp_to_win", json!(5)),
                ("turn_limit", json!(40)),
                ("trade_offers_per_turn", json!(1)),
            ],
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
    configs.push(config(4, &[("player_trades", json!("off"))]));
    configs.push(config(
        3,
        &[
            ("steal_victim_must_have_cards", json!(true)),
            ("board", json!("beginner")),
        ],
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
