//! Volume (docs/testing.md): thousands of complete random games of every player count and the
//! main option sets under the conformance kit's plain contract, the deep checks on one game in
//! 200. `MEEPLE_LONG=1` plays ten times as many.

use meeple_core::conformance::{assert_volume, config_of, default_configs};
use meeple_puerto_rico::PuertoRico;
use serde_json::json;

#[test]
fn thousands_of_random_games_conform() {
    let mut configs = default_configs::<PuertoRico>();
    configs.push(config_of::<PuertoRico>(
        4,
        json!({"new_buildings": true, "nobles": true}),
    ));
    configs.push(config_of::<PuertoRico>(3, json!({"hidden_vp": true})));
    for s in assert_volume::<PuertoRico>(&configs, 1000, 200) {
        assert_eq!(s.truncated, 0, "{s:?}");
    }
}
