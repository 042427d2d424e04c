//! The conformance kit with Expansion II "The Nobles" (provisional): alone and together with
//! Expansion I, every player count, and the open points N1-N9 switched away from their defaults.

use meeple_core::conformance::{assert_conforms, KitOptions};
use meeple_core::{Config, Game};
use meeple_puerto_rico::PuertoRico;
use serde_json::{json, Value};

fn cfg(players: usize, opts: Value) -> Config {
    Config::new(&PuertoRico::info(), players, opts.as_object().unwrap()).unwrap()
}

#[test]
fn conformance_nobles_alone() {
    let configs: Vec<Config> = (2..=5).map(|n| cfg(n, json!({"nobles": true}))).collect();
    let stats = assert_conforms::<PuertoRico>(
        &configs,
        &KitOptions {
            playouts: 3,
            seed: 21,
            ..Default::default()
        },
    );
    eprintln!("{stats:?}");
}

#[test]
fn conformance_nobles_with_new_buildings() {
    let mut configs: Vec<Config> = (2..=5)
        .map(|n| {
            cfg(
                n,
                json!({"nobles": true, "new_buildings": true, "building_set": "random"}),
            )
        })
        .collect();
    for n in [3, 5] {
        configs.push(cfg(
            n,
            json!({
                "nobles": true,
                "new_buildings": true,
                "building_set": "random",
                "nobles_buildings": "drafted",
                "noble_from_ship": "mayor",
                "colonists_unlimited_with_nobles": true,
                "jeweler_guild_hall_value": 1,
                "noble_vp_and_fortress": false,
                "land_office_sell_forest": false,
                "land_office_trader_privilege": true,
                "jeweler_cap": 3,
                "forest_source": "tiles_2004",
                "hidden_vp": true,
            }),
        ));
    }
    configs.push(cfg(
        4,
        json!({"nobles": true, "new_buildings": true, "nobles_buildings": "drafted",
               "villa_jeweler_exclusive": true, "craftsman_optional_production": true}),
    ));
    let stats = assert_conforms::<PuertoRico>(
        &configs,
        &KitOptions {
            playouts: 2,
            seed: 22,
            ..Default::default()
        },
    );
    eprintln!("{stats:?}");
}

/// A longer run for occasional use: `PR_PLAYOUTS=100 cargo test --release -p meeple-puerto-rico
/// --test conformance_nobles long -- --ignored`.
#[test]
#[ignore]
fn conformance_nobles_long() {
    let n: usize = std::env::var("PR_PLAYOUTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let mut configs: Vec<Config> = Vec::new();
    for p in 2..=5 {
        configs.push(cfg(p, json!({"nobles": true})));
        configs.push(cfg(p, json!({"nobles": true, "new_buildings": true})));
        configs.push(cfg(
            p,
            json!({"nobles": true, "new_buildings": true, "building_set": "random",
                   "nobles_buildings": "drafted", "noble_from_ship": "mayor",
                   "colonists_unlimited_with_nobles": true, "forest_source": "tiles_2004",
                   "black_market_shortfall_only": true}),
        ));
    }
    let stats = assert_conforms::<PuertoRico>(
        &configs,
        &KitOptions {
            playouts: n,
            seed: 909,
            deep_every: 13,
            ..Default::default()
        },
    );
    eprintln!("{stats:?}");
}
