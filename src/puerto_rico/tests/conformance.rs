use meeple_core::conformance::{assert_conforms, default_configs, KitOptions};
use meeple_core::{Config, Game};
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
    let info = PuertoRico::info();
    let mut configs = Vec::new();
    for players in [2, 3, 4, 5] {
        let mut opts = serde_json::Map::new();
        opts.insert("hidden_vp".into(), json!(true));
        opts.insert("craftsman_optional_production".into(), json!(true));
        configs.push(Config::new(&info, players, &opts).unwrap());
    }
    let mut opts = serde_json::Map::new();
    opts.insert("max_rounds".into(), json!(3));
    configs.push(Config::new(&info, 4, &opts).unwrap());
    assert_conforms::<PuertoRico>(
        &configs,
        &KitOptions {
            playouts: 15,
            seed: 99,
            ..Default::default()
        },
    );
}

/// A longer run for occasional use: `PR_PLAYOUTS=500 cargo test --release -p meeple-puerto-rico
/// --test conformance long -- --ignored`.
#[test]
#[ignore]
fn conformance_long() {
    let n: usize = std::env::var("PR_PLAYOUTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    let stats = assert_conforms::<PuertoRico>(
        &default_configs::<PuertoRico>(),
        &KitOptions {
            playouts: n,
            seed: 4242,
            deep_every: 13,
            ..Default::default()
        },
    );
    eprintln!("{stats:?}");
}
