//! Bot strength check: `cargo run -p meeple-san-juan --release --example arena [games]`.
//! Heuristic vs random and ISMCTS vs random, 2 players, seats rotated.

use meeple_core::search::play_matches;
use meeple_core::search::{BotKind, SearchConfig};
use meeple_core::{Config, Game};
use meeple_san_juan::SanJuan;

fn main() {
    let games: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(40);
    let cfg = Config::with_players(&SanJuan::info(), 2).expect("config");
    let ismcts = SearchConfig {
        iterations: Some(300),
        ..SearchConfig::of(BotKind::Ismcts)
    };
    for (name, bot) in [
        ("heuristic", SearchConfig::of(BotKind::Heuristic)),
        ("ismcts-300", ismcts),
    ] {
        let bots = vec![bot, SearchConfig::of(BotKind::Random)];
        let res = play_matches::<SanJuan>(&cfg, &bots, games, 1, 2, true).expect("matches");
        let mut wins = 0.0;
        for (i, r) in res.iter().enumerate() {
            // With rotation, bot 0 sits in seat i % 2.
            wins += r.returns[i % 2];
        }
        println!("{name} vs random: {wins:.1} / {games}");
    }
}
