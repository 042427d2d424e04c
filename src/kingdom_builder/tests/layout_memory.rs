//! Issue 25.13: the board layouts of finished games are freed, so a long run of games on
//! distinct boards does not grow the process (alone in its test binary: it counts live boards).

use meeple_core::{Config, Game};
use meeple_kingdom_builder::{KingdomBuilder, Layout};

#[test]
fn the_layouts_of_dropped_games_are_freed() {
    let cfg = Config::with_players(&KingdomBuilder::info(), 2).unwrap();
    let games: Vec<KingdomBuilder> = (0..300)
        .map(|s| KingdomBuilder::new(&cfg, s).unwrap())
        .collect();
    let mut boards: Vec<_> = games
        .iter()
        .map(|g| (g.layout().sectors, g.layout().rotated))
        .collect();
    boards.sort_by_key(|(s, r)| (s.map(|x| x.index()), *r));
    boards.dedup();
    assert_eq!(Layout::live_boards(), boards.len());
    assert!(boards.len() > 200, "the seeds give many distinct boards");
    drop(games);
    assert_eq!(Layout::live_boards(), 0);
}
