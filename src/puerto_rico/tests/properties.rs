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

/// States forced into every step (with the matching role) either fail validation or play on
/// without panicking (overflow checks are on in tests).
#[test]
fn forced_steps_never_panic() {
    use meeple_puerto_rico::data::Role;
    let steps = [
        (Step::Hacienda, Role::Settler),
        (Step::HaciendaDraw, Role::Settler),
        (Step::Settle, Role::Settler),
        (Step::Hospice, Role::Settler),
        (Step::Refill, Role::Settler),
        (Step::MayorPrivilege, Role::Mayor),
        (Step::Arrange, Role::Mayor),
        (Step::Build, Role::Builder),
        (Step::University, Role::Builder),
        (Step::Produce, Role::Craftsman),
        (Step::CraftsmanBonus, Role::Craftsman),
        (Step::Trade, Role::Trader),
        (Step::Load, Role::Captain),
        (Step::Warehouse, Role::Captain),
        (Step::Keep, Role::Captain),
    ];
    let mut accepted = 0;
    for players in 2..=5 {
        let config = Config::with_players(&PuertoRico::info(), players).unwrap();
        for seed in 0..15 {
            let mut g = PuertoRico::new(&config, seed).unwrap();
            let mut rng = GameRng::new(seed);
            let mut legal = Vec::new();
            let mut outcomes = Vec::new();
            let stop = 50 + rng.below(250);
            for _ in 0..stop {
                if g.turn() == Turn::Terminal {
                    break;
                }
                let a = if g.turn() == Turn::Chance {
                    g.chance_outcomes(&mut outcomes);
                    outcomes[rng.weighted(outcomes.iter().map(|o| o.1))].0
                } else {
                    g.legal_actions(&mut legal);
                    legal[rng.index(legal.len())]
                };
                g.apply(a).unwrap();
            }
            if g.step != Step::ChooseRole {
                continue;
            }
            for &(step, role) in &steps {
                for acted in 0..players as u16 {
                    let mut h = g.clone();
                    h.step = step;
                    h.role = Some(role);
                    h.roles.0[role as usize].taken = true;
                    h.acted = acted;
                    h.todo = rng.below(3) as u8;
                    h.floor = rng.below(8) as u8;
                    if step == Step::Hospice {
                        h.last_tile = Some(rng.below(6) as u8);
                    }
                    if step == Step::University {
                        h.last_building = Building::from_index(rng.index(NUM_BUILDINGS));
                    }
                    if h.validate().is_err() {
                        continue;
                    }
                    accepted += 1;
                    for _ in 0..30 {
                        if h.turn() == Turn::Terminal {
                            break;
                        }
                        let a = if h.turn() == Turn::Chance {
                            h.chance_outcomes(&mut outcomes);
                            outcomes[rng.weighted(outcomes.iter().map(|o| o.1))].0
                        } else {
                            h.legal_actions(&mut legal);
                            legal[rng.index(legal.len())]
                        };
                        h.apply(a).unwrap();
                    }
                }
            }
        }
    }
    assert!(accepted > 100, "only {accepted} forced states were valid");
}
