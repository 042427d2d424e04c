//! `evaluate` guides the heuristic bot: one heuristic bot should beat three random bots.

use meeple_catan::Catan;
use meeple_core::search::{play_matches, BotKind, SearchConfig};
use meeple_core::{Config, Game};
use serde_json::{json, Map};

#[test]
fn heuristic_bot_beats_random_bots() {
    let mut opts = Map::new();
    opts.insert("player_trades".into(), json!("off"));
    let config = Config::new(&Catan::info(), 4, &opts).unwrap();
    let bots = vec![
        SearchConfig::of(BotKind::Heuristic),
        SearchConfig::of(BotKind::Random),
        SearchConfig::of(BotKind::Random),
        SearchConfig::of(BotKind::Random),
    ];
    let games = 12;
    let results = play_matches::<Catan>(&config, &bots, games, 3, 1, true).unwrap();
    let wins: f64 = results
        .iter()
        .map(|r| r.returns[r.seating.iter().position(|&b| b == 0).unwrap()])
        .sum();
    assert!(
        wins >= 0.7 * games as f64,
        "heuristic won {wins} of {games}"
    );
}

#[test]
fn evaluate_is_a_share_in_unit_interval() {
    let config = Config::with_players(&Catan::info(), 3).unwrap();
    let g = Catan::new(&config, 1).unwrap();
    let total: f64 = (0..3).map(|s| g.evaluate(s)).sum();
    assert!((0..3).all(|s| (0.0..=1.0).contains(&g.evaluate(s))));
    assert!(total <= 3.0);
}
