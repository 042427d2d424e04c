//! Through the generic machinery the bindings use: the type-erased entry, the auto-chance
//! session, replay records, and the bots (the heuristic bot reads `evaluate`).

use meeple_core::search::{play_match, Bot, HeuristicBot, RandomBot};
use meeple_core::{ChanceMode, Config, Game, GameEntry, Session, Turn};
use meeple_puerto_rico::PuertoRico;

#[test]
fn session_auto_chance_record_and_replay() {
    let entry = GameEntry::of::<PuertoRico>();
    assert_eq!(entry.name(), "puerto_rico");
    let mut s = Session::new(entry, 4, &serde_json::Map::new(), 11, ChanceMode::Auto).unwrap();
    let mut i = 0u64;
    while s.turn() != Turn::Terminal {
        assert!(
            matches!(s.turn(), Turn::Player(_)),
            "auto mode shows no chance node"
        );
        let legal = s.legal_actions();
        s.apply_action(legal[(i as usize * 7) % legal.len()])
            .unwrap();
        i += 1;
    }
    let record = s.record();
    let again = Session::replay(entry, &record).unwrap();
    assert_eq!(again.state.to_json_value(), s.state.to_json_value());
    let text = s.to_json_value();
    let back = Session::from_json_value(&text, |_| Ok(entry)).unwrap();
    assert_eq!(back.state.to_json_value(), s.state.to_json_value());
}

#[test]
fn heuristic_bot_beats_random_players() {
    let config = Config::with_players(&PuertoRico::info(), 3).unwrap();
    let h = HeuristicBot::default();
    let r = RandomBot;
    let bots: Vec<&dyn Bot<PuertoRico>> = vec![&h, &r];
    let mut wins = 0.0;
    let games = 12;
    for seed in 0..games {
        let g = PuertoRico::new(&config, seed).unwrap();
        let seat = (seed % 3) as usize;
        let seating: Vec<usize> = (0..3).map(|p| if p == seat { 0 } else { 1 }).collect();
        let m = play_match(g, &bots, &seating, seed, seed).unwrap();
        assert!(m.finished);
        wins += m.returns[seat];
    }
    assert!(wins >= 8.0, "heuristic bot won only {wins} of {games}");
}
