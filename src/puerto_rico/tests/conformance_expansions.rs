//! The conformance kit with Expansion I (every player count, each way to choose the building
//! set, and the disagreement options E1-E9 switched away from their defaults).

mod common;
use common::{config, conforms, conforms_long, ALL_NEW};

use meeple_core::Config;
use serde_json::json;

#[test]
fn conformance_new_buildings_draft() {
    let configs: Vec<Config> = (2..=5)
        .map(|n| config(n, json!({"new_buildings": true})))
        .collect();
    conforms(&configs, 12, 11);
}

#[test]
fn conformance_new_buildings_random_and_options() {
    let mut configs: Vec<Config> = (2..=5)
        .map(|n| config(n, json!({"new_buildings": true, "building_set": "random"})))
        .collect();
    for n in [2, 4] {
        configs.push(config(
            n,
            json!({
                "new_buildings": true,
                "building_set": "random",
                "hacienda_forest_house_exclusive": true,
                "black_market_shortfall_only": true,
                "black_market_returns": "out_of_game",
                "harbor_small_wharf_per_kind": true,
                "specialty_factory_counts_privilege": true,
                "cloister_counts_quarries_forests": false,
                "library_2p_once_per_round": false,
                "guest_house_timing": "phase_start",
                "forest_source": "tiles_2004",
                "craftsman_optional_production": true,
                "hidden_vp": true,
            }),
        ));
    }
    conforms(&configs, 8, 12);
}

/// Every new kind in one set: a fixed list with all 14 Expansion I kinds but the forest house
/// (only 17 fit; cost-2 slots hold black market and forest house in the second config).
#[test]
fn conformance_new_buildings_fixed_sets() {
    let all_new = json!(ALL_NEW);
    let configs: Vec<Config> = (2..=5)
        .map(|n| {
            config(
                n,
                json!({"new_buildings": true, "building_set": "fixed", "building_list": all_new}),
            )
        })
        .collect();
    conforms(&configs, 10, 13);
}

/// A longer run for occasional use: `PR_PLAYOUTS=300 cargo test --release -p meeple-puerto-rico
/// --test conformance_expansions long -- --ignored`.
#[test]
#[ignore]
fn conformance_expansions_long() {
    let mut configs: Vec<Config> = (2..=5)
        .map(|n| config(n, json!({"new_buildings": true})))
        .collect();
    for n in 2..=5 {
        configs.push(config(
            n,
            json!({"new_buildings": true, "building_set": "random",
                   "black_market_shortfall_only": true, "specialty_factory_counts_privilege": true}),
        ));
    }
    conforms_long(&configs, 200, 777);
}
