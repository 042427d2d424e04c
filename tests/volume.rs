//! Volume (the conformance kit's `check_volume`): thousands of complete random games of every
//! game, player count and main option set, checked at every step under the plain contract, with
//! the kit's deep checks on one game in 200. Traders & Barbarians and Barbarian Attack are played
//! to their real victory: no game of theirs may end by the turn limit.
//!
//! `MEEPLE_LONG=1 cargo test -p meeple --test volume --release` plays ten times as many
//! (docs/testing.md gives both run times).

use meeple::castles_of_burgundy::CastlesOfBurgundy;
use meeple::catan::Catan;
use meeple::core::conformance::{check_volume, default_configs, VolumeStats};
use meeple::kingdom_builder::KingdomBuilder;
use meeple::puerto_rico::PuertoRico;
use meeple::san_juan::SanJuan;
use meeple::{Config, Game};
use serde_json::{json, Value};

/// Games per configuration in CI (times ten with `MEEPLE_LONG=1`).
const GAMES: usize = 1000;
/// Catan games are ten times longer than the others': fewer of them per configuration.
const CATAN_GAMES: usize = 250;
/// One game in this many also gets the deep checks.
const DEEP_EVERY: usize = 200;

fn scaled(games: usize) -> usize {
    match std::env::var("MEEPLE_LONG").as_deref() {
        Ok("1") => games * 10,
        _ => games,
    }
}

fn with<G: Game>(players: usize, options: Value) -> Config {
    let map = options.as_object().cloned().unwrap_or_default();
    Config::new(&G::info(), players, &map).expect("config")
}

fn run<G: Game>(configs: &[Config], games: usize) -> Vec<VolumeStats> {
    let games = scaled(games);
    configs
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let stats = check_volume::<G>(c, games, 0x5EED_0000 + i as u64, DEEP_EVERY)
                .unwrap_or_else(|e| {
                    panic!(
                        "{} {} players {}: {e}",
                        G::info().name,
                        c.players,
                        Value::Object(c.options.clone())
                    )
                });
            assert_eq!(stats.games, games);
            // Every seat wins some games: random play is fair enough to show it.
            assert!(stats.winners_seen.iter().all(|&w| w > 0), "{stats:?}");
            stats
        })
        .collect()
}

#[test]
fn puerto_rico() {
    let mut configs = default_configs::<PuertoRico>();
    configs.push(with::<PuertoRico>(
        4,
        json!({"new_buildings": true, "nobles": true}),
    ));
    configs.push(with::<PuertoRico>(3, json!({"hidden_vp": true})));
    run::<PuertoRico>(&configs, GAMES);
}

#[test]
fn san_juan() {
    let mut configs = default_configs::<SanJuan>();
    configs.push(with::<SanJuan>(
        3,
        json!({"drafted_hands": true, "strict_optional": true}),
    ));
    run::<SanJuan>(&configs, GAMES);
}

#[test]
fn castles_of_burgundy() {
    let mut configs = default_configs::<CastlesOfBurgundy>();
    configs.push(with::<CastlesOfBurgundy>(
        3,
        json!({"experienced_variant": true, "secret_board_choice": true}),
    ));
    run::<CastlesOfBurgundy>(&configs, GAMES);
}

#[test]
fn kingdom_builder() {
    let mut configs = default_configs::<KingdomBuilder>();
    configs.push(with::<KingdomBuilder>(4, json!({"tower_anywhere": true})));
    run::<KingdomBuilder>(&configs, GAMES);
}

#[test]
fn catan() {
    let mut configs = default_configs::<Catan>();
    configs.push(with::<Catan>(2, json!({})));
    configs.push(with::<Catan>(
        4,
        json!({"event_cards": true, "harbormaster": true, "friendly_robber": true}),
    ));
    for scenario in ["fishermen", "rivers", "caravans"] {
        configs.push(with::<Catan>(3, json!({ "scenario": scenario })));
    }
    run::<Catan>(&configs, CATAN_GAMES);
}

#[test]
fn catan_barbarians_to_their_real_victory() {
    let configs = [
        with::<Catan>(3, json!({"scenario": "barbarian_attack"})),
        with::<Catan>(4, json!({"scenario": "traders_barbarians"})),
        with::<Catan>(2, json!({"scenario": "barbarian_attack"})),
        with::<Catan>(2, json!({"scenario": "traders_barbarians"})),
    ];
    for stats in run::<Catan>(&configs, CATAN_GAMES) {
        assert_eq!(
            stats.truncated, 0,
            "a game ended by the turn limit: {stats:?}"
        );
    }
}
