//! The conformance kit with Expansion I (every player count, each way to choose the building
//! set, and the disagreement options E1-E9 switched away from their defaults).

use meeple_core::conformance::{assert_conforms, KitOptions};
use meeple_core::{Config, Game};
use meeple_puerto_rico::PuertoRico;
use serde_json::{json, Value};

fn cfg(players: usize, opts: Value) -> Config {
    Config::new(&PuertoRico::info(), players, opts.as_object().unwrap()).unwrap()
}

#[test]
fn conformance_new_buildings_draft() {
    let configs: Vec<Config> = (2..=5)
        .map(|n| cfg(n, json!({"new_buildings": true})))
        .collect();
    let stats = assert_conforms::<PuertoRico>(
        &configs,
        &KitOptions {
            playouts: 12,
            seed: 11,
            ..Default::default()
        },
    );
    eprintln!("{stats:?}");
}

#[test]
fn conformance_new_buildings_random_and_options() {
    let mut configs: Vec<Config> = (2..=5)
        .map(|n| cfg(n, json!({"new_buildings": true, "building_set": "random"})))
        .collect();
    for n in [2, 4] {
        configs.push(cfg(
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
    assert_conforms::<PuertoRico>(
        &configs,
        &KitOptions {
            playouts: 8,
            seed: 12,
            ..Default::default()
        },
    );
}

/// Every new kind in one set: a fixed list with all 14 Expansion I kinds but the forest house
/// (only 17 fit; cost-2 slots hold black market and forest house in the second config).
#[test]
fn conformance_new_buildings_fixed_sets() {
    let all_new = json!([
        "aqueduct",
        "black_market",
        "forest_house",
        "storehouse",
        "guest_house",
        "trading_post",
        "church",
        "small_wharf",
        "lighthouse",
        "library",
        "specialty_factory",
        "union_hall",
        "cloister",
        "statue",
        "guild_hall",
        "residence",
        "city_hall"
    ]);
    let configs: Vec<Config> = (2..=5)
        .map(|n| {
            cfg(
                n,
                json!({"new_buildings": true, "building_set": "fixed", "building_list": all_new}),
            )
        })
        .collect();
    assert_conforms::<PuertoRico>(
        &configs,
        &KitOptions {
            playouts: 10,
            seed: 13,
            ..Default::default()
        },
    );
}

/// A longer run for occasional use: `PR_PLAYOUTS=300 cargo test --release -p meeple-puerto-rico
/// --test conformance_expansions long -- --ignored`.
#[test]
#[ignore]
fn conformance_expansions_long() {
    let n: usize = std::env::var("PR_PLAYOUTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let mut configs: Vec<Config> = (2..=5)
        .map(|n| cfg(n, json!({"new_buildings": true})))
        .collect();
    for n in 2..=5 {
        configs.push(cfg(
            n,
            json!({"new_buildings": true, "building_set": "random",
                   "black_market_shortfall_only": true, "specialty_factory_counts_privilege": true}),
        ));
    }
    let stats = assert_conforms::<PuertoRico>(
        &configs,
        &KitOptions {
            playouts: n,
            seed: 777,
            deep_every: 13,
            ..Default::default()
        },
    );
    eprintln!("{stats:?}");
}
