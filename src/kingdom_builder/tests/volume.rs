//! Volume (docs/testing.md): thousands of complete random games of every player count and the
//! main option sets under the conformance kit's plain contract, the deep checks on one game in
//! 200. `MEEPLE_LONG=1` plays ten times as many.

use meeple_core::conformance::{assert_volume, config_of, default_configs};
use meeple_kingdom_builder::KingdomBuilder;
use serde_json::json;

#[test]
fn thousands_of_random_games_conform() {
    let mut configs = default_configs::<KingdomBuilder>();
    configs.push(config_of::<KingdomBuilder>(
        4,
        json!({"tower_anywhere": true}),
    ));
    for s in assert_volume::<KingdomBuilder>(&configs, 1000, 200) {
        assert_eq!(s.truncated, 0, "{s:?}");
    }
}
