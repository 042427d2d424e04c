//! The game through the type-erased registry entry and the auto-chance session, as the Python
//! bindings will drive it (the crate is registered as `kingdom_builder`).

use meeple_core::{ChanceMode, GameEntry, GameRng, Session, Turn};
use meeple_kingdom_builder::KingdomBuilder;
use serde_json::{json, Map};

#[test]
fn auto_chance_session_plays_replays_and_reloads() {
    let entry = GameEntry::of::<KingdomBuilder>();
    assert_eq!(entry.name(), "kingdom_builder");
    let mut opts = Map::new();
    opts.insert("first_player".into(), json!(1));
    let mut s = Session::new(entry, 4, &opts, 99, ChanceMode::Auto).unwrap();
    let mut rng = GameRng::new(3);
    let mut moves = 0;
    while s.turn() != Turn::Terminal {
        assert!(
            matches!(s.turn(), Turn::Player(_)),
            "auto mode never shows a chance node"
        );
        let legal = s.legal_actions();
        s.apply_action(legal[rng.index(legal.len())]).unwrap();
        moves += 1;
    }
    assert!(moves > 100);
    let replayed = Session::replay(entry, &s.record()).unwrap();
    assert_eq!(replayed.to_json_value(), s.to_json_value());
    let reloaded = Session::from_json_value(&s.to_json_value(), |_| Ok(entry)).unwrap();
    assert_eq!(reloaded.to_json_value(), s.to_json_value());
    assert!(!s.state.winners().is_empty());
}
