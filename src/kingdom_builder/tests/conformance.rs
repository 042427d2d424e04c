//! The conformance kit over every player count and the important option combinations.

use meeple_core::conformance::{assert_conforms, default_configs, KitOptions};
use meeple_core::{Config, Game};
use meeple_kingdom_builder::KingdomBuilder;
use serde_json::{json, Map, Value};

fn config(players: usize, opts: &[(&str, Value)]) -> Config {
    let mut m = Map::new();
    for (k, v) in opts {
        m.insert(k.to_string(), v.clone());
    }
    Config::new(&KingdomBuilder::info(), players, &m).expect("valid config")
}

#[test]
fn conforms_for_every_player_count() {
    let stats = assert_conforms::<KingdomBuilder>(
        &default_configs::<KingdomBuilder>(),
        &KitOptions {
            playouts: 60,
            ..Default::default()
        },
    );
    assert_eq!(stats.games, 180);
}

#[test]
fn conforms_with_options() {
    let configs = vec![
        config(
            4,
            &[
                ("sectors", json!(["oracle", "harbor", "tower", "barn"])),
                ("cards", json!(["merchants", "lords", "farmers"])),
                ("tower_anywhere", json!(true)),
                ("retake_after_loss", json!(true)),
                ("lords_requires_presence", json!(true)),
            ],
        ),
        config(3, &[("preset", json!("basic")), ("first_player", json!(2))]),
        config(
            2,
            &[
                ("sectors", json!(["paddock", "oasis", "harbor", "farm"])),
                ("rotated", json!([true, false, true, false])),
                ("first_player", json!(-1)),
            ],
        ),
    ];
    assert_conforms::<KingdomBuilder>(
        &configs,
        &KitOptions {
            playouts: 30,
            ..Default::default()
        },
    );
}
