//! The conformance kit with Expansion II "The Nobles" (provisional): alone and together with
//! Expansion I, every player count, and the open points N1-N9 switched away from their defaults.

mod common;
use common::{config, conforms, conforms_long};

use meeple_core::Config;
use serde_json::json;

#[test]
fn conformance_nobles_alone() {
    let configs: Vec<Config> = (2..=5)
        .map(|n| config(n, json!({"nobles": true})))
        .collect();
    conforms(&configs, 3, 21);
}

#[test]
fn conformance_nobles_with_new_buildings() {
    let mut configs: Vec<Config> = (2..=5)
        .map(|n| {
            config(
                n,
                json!({"nobles": true, "new_buildings": true, "building_set": "random"}),
            )
        })
        .collect();
    for n in [3, 5] {
        configs.push(config(
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
    configs.push(config(
        4,
        json!({"nobles": true, "new_buildings": true, "nobles_buildings": "drafted",
               "villa_jeweler_exclusive": true, "craftsman_optional_production": true}),
    ));
    conforms(&configs, 2, 22);
}

/// A longer run for occasional use: `PR_PLAYOUTS=100 cargo test --release -p meeple-puerto-rico
/// --test conformance_nobles long -- --ignored`.
#[test]
#[ignore]
fn conformance_nobles_long() {
    let mut configs: Vec<Config> = Vec::new();
    for p in 2..=5 {
        configs.push(config(p, json!({"nobles": true})));
        configs.push(config(p, json!({"nobles": true, "new_buildings": true})));
        configs.push(config(
            p,
            json!({"nobles": true, "new_buildings": true, "building_set": "random",
                   "nobles_buildings": "drafted", "noble_from_ship": "mayor",
                   "colonists_unlimited_with_nobles": true, "forest_source": "tiles_2004",
                   "black_market_shortfall_only": true}),
        ));
    }
    conforms_long(&configs, 100, 909);
}
