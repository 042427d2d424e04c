//! Invariants checked over many random games, at every phase boundary.

use meeple_core::{Config, Game, GameRng, Turn};
use meeple_puerto_rico::data::*;
use meeple_puerto_rico::*;

#[test]
fn phase_boundary_invariants() {
    for players in 2..=5 {
        let config = Config::with_players(&PuertoRico::info(), players).unwrap();
        for seed in 0..40 {
            let mut g = PuertoRico::new(&config, seed).unwrap();
            let mut rng = GameRng::new(seed);
            let mut legal = Vec::new();
            let mut outcomes = Vec::new();
            while g.turn() != Turn::Terminal {
                let before = g.role;
                let a = if g.turn() == Turn::Chance {
                    g.chance_outcomes(&mut outcomes);
                    outcomes[rng.weighted(outcomes.iter().map(|o| o.1))].0
                } else {
                    g.legal_actions(&mut legal);
                    legal[rng.index(legal.len())]
                };
                g.apply(a).unwrap();
                if let (Some(role), None) = (before, g.role) {
                    check_after(&g, role);
                }
            }
            assert!(!g.winners().is_empty());
            assert!(g.end_triggered || g.truncated);
        }
    }
}

fn check_after(g: &PuertoRico, role: Role) {
    let n = g.n();
    match role {
        Role::Mayor => {
            for p in 0..n {
                let pl = &g.players.p[p];
                let empty = pl.empty_building_circles()
                    + (0..NUM_TILES)
                        .map(|t| (pl.island.0[t] - pl.island_colonists.0[t]) as u32)
                        .sum::<u32>();
                assert!(
                    pl.san_juan == 0 || empty == 0,
                    "colonists on San Juan while circles are empty"
                );
            }
            assert!(g.colonist_ship as usize >= n || g.end_triggered);
        }
        Role::Captain => {
            for p in 0..n {
                let pl = &g.players.p[p];
                let cap = pl.occupied(Building::SmallWarehouse) as u32
                    + 2 * pl.occupied(Building::LargeWarehouse) as u32;
                let kinds = pl.goods.0.iter().filter(|&&c| c > 0).count() as u32;
                let big = pl.goods.0.iter().filter(|&&c| c > 1).count() as u32;
                assert!(kinds <= cap + 1, "too many kinds stored");
                assert!(big <= cap, "more than one barrel of an unwarehoused kind");
            }
            for s in g.ships.as_slice() {
                assert!(s.count < s.capacity, "a full ship was not emptied");
            }
        }
        Role::Trader => assert!(g.trading_house.total() < 4),
        Role::Settler => assert!(g.plantation_row.total() <= n as u32 + 1),
        _ => {}
    }
}
