//! Volume (docs/testing.md): hundreds of complete random games of every player count (2: Catan
//! for Two), the modules and every Traders & Barbarians scenario under the conformance kit's
//! plain contract, the deep checks on the first game of each configuration (a deep Catan game
//! costs seconds; the kit's own tests in conformance.rs sample more). `MEEPLE_LONG=1` plays ten
//! times as many.
//!
//! Fewer games than the other games' 1,000: a random Catan game is 10-30 times as long (3,000-5,000
//! actions, Traders & Barbarians about 6,000 and up to 37,000), so 300 games of each of the 13
//! configurations are 18.7 million checked actions, more than the other games' volume tests
//! together (about 22 s on an idle 2-core machine, docs/testing.md).
//!
//! No game may end by the turn limit. Barbarian Attack and Traders & Barbarians are played to
//! their real victory: the limit is lifted to its maximum for them, because at the default of
//! 1,000 turns about one random Traders & Barbarians game in ten is cut (random play reaches 13
//! VP, slowly).

use meeple_catan::Catan;
use meeple_core::conformance::{assert_volume, config_of, default_configs};
use serde_json::json;

const GAMES: usize = 300;

#[test]
fn hundreds_of_random_games_per_configuration_conform_and_end_by_victory() {
    let mut configs = default_configs::<Catan>();
    configs.push(config_of::<Catan>(
        4,
        json!({"event_cards": true, "harbormaster": true, "friendly_robber": true}),
    ));
    for scenario in ["fishermen", "rivers", "caravans"] {
        configs.push(config_of::<Catan>(3, json!({ "scenario": scenario })));
    }
    for players in [2, 3, 4] {
        for scenario in ["barbarian_attack", "traders_barbarians"] {
            configs.push(config_of::<Catan>(
                players,
                json!({ "scenario": scenario, "turn_limit": 100_000 }),
            ));
        }
    }
    assert_eq!(configs.len(), 13);
    for s in assert_volume::<Catan>(&configs, GAMES, GAMES) {
        assert_eq!(s.truncated, 0, "a game ended by the turn limit: {s:?}");
        assert_eq!(s.deep_games, s.games / GAMES, "{s:?}");
    }
}
