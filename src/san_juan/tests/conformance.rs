//! The conformance kit over every player count and the drafted-hands variant.

use meeple_core::conformance::{assert_conforms, default_configs, KitOptions};
use meeple_core::{Config, Game};
use meeple_san_juan::SanJuan;
use serde_json::json;

fn kit(playouts: usize) -> KitOptions {
    KitOptions {
        playouts,
        ..Default::default()
    }
}

#[test]
fn conforms_default_configs() {
    let stats = assert_conforms::<SanJuan>(&default_configs::<SanJuan>(), &kit(60));
    assert!(stats.games == 180);
}

#[test]
fn conforms_drafted_hands() {
    let info = SanJuan::info();
    let configs: Vec<Config> = (2..=4)
        .map(|p| {
            let mut o = serde_json::Map::new();
            o.insert("drafted_hands".into(), json!(true));
            Config::new(&info, p, &o).unwrap()
        })
        .collect();
    assert_conforms::<SanJuan>(&configs, &kit(25));
}

#[test]
fn conforms_short_strict_games_with_fixed_first_player() {
    let info = SanJuan::info();
    let mut o = serde_json::Map::new();
    o.insert("first_player".into(), json!(1));
    o.insert("max_rounds".into(), json!(6));
    o.insert("strict_optional".into(), json!(true));
    let configs = vec![
        Config::new(&info, 2, &o).unwrap(),
        Config::new(&info, 4, &o).unwrap(),
    ];
    assert_conforms::<SanJuan>(&configs, &kit(20));
}

/// Every check at every step (JSON fuzzing included), over more seeds. Slow: run by hand with
/// `cargo test -p meeple-san-juan --test conformance -- --ignored`.
#[test]
#[ignore]
fn conforms_deep_every_step() {
    let info = SanJuan::info();
    let mut configs = default_configs::<SanJuan>();
    let mut o = serde_json::Map::new();
    o.insert("drafted_hands".into(), json!(true));
    o.insert("strict_optional".into(), json!(true));
    configs.push(Config::new(&info, 3, &o).unwrap());
    assert_conforms::<SanJuan>(
        &configs,
        &KitOptions {
            playouts: 12,
            deep_every: 1,
            deep_playouts: 12,
            seed: 99,
        },
    );
}
