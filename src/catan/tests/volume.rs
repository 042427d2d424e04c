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
//! Every configuration is played to its real victory, the turn limit lifted to 100,000 turns.
//! At the default of 1,000 turns about one random Traders & Barbarians game in ten is cut
//! (random play reaches 13 VP, slowly), and even the base game is, now and then: in the long
//! mode (`MEEPLE_LONG=1`) 7 of 3,000 two-player games, 1 of 3,000 three-player games and 1 of
//! 3,000 four-player games with the modules were.
//!
//! Only a stalemate may still reach the lifted limit: random play can reach a position where
//! nobody can ever score again, which the rules do not end and the turn limit does. The long
//! mode found one among its 39,000 games (two players, game 2761 of the first configuration,
//! seed 11695324163315575740; from turn 14,837 on): both players have built their three cities
//! and no settlement, no vertex on their roads may take a settlement, player 0's five road
//! pieces have no legal edge and player 1 has one piece and a road of 7 against the neutral's
//! Longest Road of 8, the development deck is empty; over the next 37,000 turns the only legal
//! actions were rolls, trades, discards and the robber. So a configuration may have at most
//! one cut game per thousand played (at least one).

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
            configs.push(config_of::<Catan>(players, json!({ "scenario": scenario })));
        }
    }
    assert_eq!(configs.len(), 13);
    for c in &mut configs {
        c.options.insert("turn_limit".into(), json!(100_000));
    }
    for s in assert_volume::<Catan>(&configs, GAMES, GAMES) {
        let stalemates = (s.games / 1000).max(1);
        assert!(
            s.truncated <= stalemates,
            "more games ended by the turn limit than stalemates explain: {s:?}"
        );
        assert_eq!(s.deep_games, s.games / GAMES, "{s:?}");
    }
}
