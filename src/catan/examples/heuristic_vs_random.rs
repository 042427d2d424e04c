//! Sanity check of `evaluate`: one heuristic bot against three random bots, seats rotated.
//! `cargo run --release -p meeple-catan --example heuristic_vs_random -- [games]`
use meeple_catan::Catan;
use meeple_core::search::play_matches;
use meeple_core::search::{BotKind, SearchConfig};
use meeple_core::{Config, Game};
use serde_json::{json, Map};

fn main() {
    let games: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let mut opts = Map::new();
    opts.insert("player_trades".into(), json!("off"));
    let config = Config::new(&Catan::info(), 4, &opts).expect("config");
    let bots = vec![
        SearchConfig::of(BotKind::Heuristic),
        SearchConfig::of(BotKind::Random),
        SearchConfig::of(BotKind::Random),
        SearchConfig::of(BotKind::Random),
    ];
    let results = play_matches::<Catan>(&config, &bots, games, 1, 1, true).expect("matches");
    let mut wins = 0.0;
    let mut vp = 0.0;
    let mut len = 0usize;
    for r in &results {
        let seat = r.seating.iter().position(|&b| b == 0).unwrap_or(0);
        wins += r.returns[seat];
        vp += r.scores[seat];
        len += r.actions.len();
    }
    println!(
        "heuristic vs 3 random: {:.0}% wins over {games} games, {:.1} VP on average, {:.0} actions/game",
        100.0 * wins / games as f64,
        vp / games as f64,
        len as f64 / games as f64
    );
}
