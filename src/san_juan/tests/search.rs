//! The core's bots on San Juan: ISMCTS (a determinization per iteration) and the heuristic bot
//! pick legal actions all through a game.

use meeple_core::search::{search, BotKind, SearchConfig};
use meeple_core::{Config, Game, GameRng, Turn};
use meeple_san_juan::SanJuan;

#[test]
fn ismcts_and_heuristic_play_legal_moves() {
    let cfg = Config::with_players(&SanJuan::info(), 3).unwrap();
    let mut g = SanJuan::new(&cfg, 21).unwrap();
    let mut rng = GameRng::new(21);
    let ismcts = SearchConfig {
        iterations: Some(60),
        ..SearchConfig::of(BotKind::Ismcts)
    };
    let heuristic = SearchConfig::of(BotKind::Heuristic);
    let mut legal = Vec::new();
    let mut decisions = 0;
    while g.turn() != Turn::Terminal && decisions < 120 {
        if g.turn() == Turn::Chance {
            let mut c = Vec::new();
            g.chance_outcomes(&mut c);
            g.apply(c[rng.weighted(c.iter().map(|x| x.1))].0).unwrap();
            continue;
        }
        let conf = if decisions % 2 == 0 {
            &ismcts
        } else {
            &heuristic
        };
        let r = search(&g, conf, decisions as u64).unwrap();
        g.legal_actions(&mut legal);
        assert!(
            legal.contains(&r.action),
            "{} chose an illegal action",
            r.kind
        );
        g.apply(r.action).unwrap();
        decisions += 1;
    }
    assert!(decisions > 50);
}
