mod common;
use common::{config, conforms, conforms_long};

use meeple_core::conformance::{assert_conforms, default_configs, KitOptions};
use meeple_puerto_rico::PuertoRico;
use serde_json::json;

#[test]
fn conformance_default_configs() {
    let configs = default_configs::<PuertoRico>();
    assert_eq!(configs.len(), 4);
    let stats = assert_conforms::<PuertoRico>(
        &configs,
        &KitOptions {
            playouts: 40,
            ..Default::default()
        },
    );
    eprintln!("{stats:?}");
}

#[test]
fn conformance_options() {
    let mut configs = Vec::new();
    for players in [2, 3, 4, 5] {
        configs.push(config(
            players,
            json!({"hidden_vp": true, "craftsman_optional_production": true}),
        ));
    }
    configs.push(config(4, json!({"max_rounds": 3})));
    conforms(&configs, 15, 99);
}

/// A longer run for occasional use: `PR_PLAYOUTS=500 cargo test --release -p meeple-puerto-rico
/// --test conformance long -- --ignored`.
#[test]
#[ignore]
fn conformance_long() {
    conforms_long(&default_configs::<PuertoRico>(), 300, 4242);
}
