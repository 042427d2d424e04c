//! The long mode of the volume tests (`MEEPLE_LONG=1`: ten times the games). Its own test
//! binary, as it sets the environment, which no other test may see change.

use meeple_core::conformance::volume_games;

#[test]
fn meeple_long_multiplies_the_volume_by_ten() {
    std::env::remove_var("MEEPLE_LONG");
    assert_eq!(volume_games(250), 250);
    std::env::set_var("MEEPLE_LONG", "1");
    assert_eq!(volume_games(250), 2500);
    std::env::set_var("MEEPLE_LONG", "0");
    assert_eq!(volume_games(250), 250);
    std::env::remove_var("MEEPLE_LONG");
}
