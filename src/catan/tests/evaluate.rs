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

/// B8: a conquered hex produces nothing, so `evaluate` counts no production from it. Player 0's
/// settlement N(2,0) touches hexes (2,0) and (2,-1); with (2,0) conquered the building still
/// stands (it touches the unconquered (2,-1)), so only the production differs.
#[test]
fn evaluate_counts_no_production_from_a_conquered_hex() {
    let mut m = Map::new();
    m.insert("scenario".into(), json!("barbarian_attack"));
    m.insert("board".into(), json!("beginner"));
    let config = Config::new(&Catan::info(), 3, &m).unwrap();
    let mut v = Catan::new(&config, 1).unwrap().to_json_value();
    let o = v.as_object_mut().unwrap();
    o.insert("phase".into(), json!("main"));
    o.insert("setup_step".into(), json!(6));
    o.insert("rolled".into(), json!(true));
    o.insert("current_player".into(), json!(0));
    o.insert("start_player".into(), json!(0));
    o.remove("bank");
    for p in v["players"].as_array_mut().unwrap() {
        p.as_object_mut().unwrap().remove("knowledge");
    }
    v["players"][0]["settlements"] = json!([[2, 0, "N"]]);
    v["players"][1]["settlements"] = json!([[-2, 0, "N"]]);
    let with = |count: u32| {
        let mut v = v.clone();
        v["barbarian_attack"] = json!({"barbarians": [{"hex": [2, 0], "count": count}]});
        meeple_core::dynamic::load_state::<Catan>(&v).unwrap()
    };
    let (free, conquered) = (with(2), with(3));
    assert_eq!(
        conquered.observation(0)["barbarian_attack"]["conquered"],
        json!(["(2,0)"])
    );
    assert_eq!(
        free.public_vp(0),
        conquered.public_vp(0),
        "the building stands either way"
    );
    assert!(
        conquered.evaluate(0) < free.evaluate(0),
        "{} !< {}",
        conquered.evaluate(0),
        free.evaluate(0)
    );
}
