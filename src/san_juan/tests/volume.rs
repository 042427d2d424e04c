//! Volume (docs/testing.md): thousands of complete random games of every player count and the
//! main option sets under the conformance kit's plain contract, the deep checks on one game in
//! 200. `MEEPLE_LONG=1` plays ten times as many.

use meeple_core::conformance::{assert_volume, config_of, default_configs};
use meeple_san_juan::SanJuan;
use serde_json::json;

#[test]
fn thousands_of_random_games_conform() {
    let mut configs = default_configs::<SanJuan>();
    configs.push(config_of::<SanJuan>(
        3,
        json!({"drafted_hands": true, "strict_optional": true}),
    ));
    for s in assert_volume::<SanJuan>(&configs, 1000, 200) {
        // Uniformly random play sometimes never builds up to 12 buildings: the documented
        // safety cap (`max_rounds`, rule A21) ends 0.2% (4 players) to 3% (2 players) of games.
        assert!(
            s.truncated * 20 < s.games,
            "too many games cut by max_rounds: {s:?}"
        );
    }
}
