//! The game through the type-erased session the Python bindings wrap: auto chance, JSON envelope
//! round trip and replay of a record.

use meeple_castles_of_burgundy::CastlesOfBurgundy;
use meeple_core::{ChanceMode, GameEntry, GameRng, Session, Turn};
use serde_json::Map;

#[test]
fn session_auto_chance_round_trip_and_replay() {
    let entry = GameEntry::of::<CastlesOfBurgundy>();
    for players in 2..=4 {
        let mut s = Session::new(entry, players, &Map::new(), 42, ChanceMode::Auto).unwrap();
        let mut rng = GameRng::new(players as u64);
        let mut moves = 0;
        while s.turn() != Turn::Terminal {
            assert_ne!(s.turn(), Turn::Chance, "auto mode hides chance nodes");
            let legal = s.legal_actions();
            let a = legal[rng.index(legal.len())];
            s.apply_action(a).unwrap();
            moves += 1;
            if moves == 50 {
                let json = s.to_json_value();
                let back = Session::from_json_value(&json, |_| Ok(entry)).unwrap();
                assert_eq!(back.to_json_value(), json);
            }
        }
        let replayed = Session::replay(entry, &s.record()).unwrap();
        assert_eq!(replayed.to_json_value(), s.to_json_value());
        assert_eq!(s.state.winners().len(), 1);
    }
}
