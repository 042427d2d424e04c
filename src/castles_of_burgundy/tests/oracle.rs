//! An independent oracle, written from the spec's tables (sections 2.4, 2.6, 6.2, 7, 8, 9, 10,
//! 11), checked at every player action of seeded random games: the acting player's VP,
//! silverlings and workers after each die action, sale, purchase and placement, the mines at
//! every phase end and the final scoring. It recomputes everything from the state before the
//! action, without the engine's scoring code.

#![allow(clippy::needless_range_loop)] // per-type and per-space tables read clearer indexed

use meeple_castles_of_burgundy::data::{board, Colour, Tile, CELLS};
use meeple_castles_of_burgundy::{Bonus, CastlesOfBurgundy as G, Step};
use meeple_core::{Config, Game, GameRng, Turn};
use serde_json::json;

const REGION_VP: [i32; 9] = [0, 1, 3, 6, 10, 15, 21, 28, 36];
const PHASE_BONUS: [i32; 5] = [10, 8, 6, 4, 2];

fn knows(g: &G, p: usize, k: u8) -> bool {
    g.players[p]
        .estate
        .iter()
        .flatten()
        .any(|t| t.knowledge_id() == Some(k))
}

fn cyclic(a: u8, b: u8) -> u8 {
    let d = (a as i32 - b as i32).unsigned_abs() as u8;
    d.min(6 - d)
}

/// Spec 6.2.
fn cost(g: &G, p: usize, src: usize, target: u8, free: bool) -> i64 {
    if src >= 2 {
        return 0;
    }
    let d = cyclic(g.players[p].dice[src], target);
    let d = if free { d.saturating_sub(1) } else { d };
    if knows(g, p, 8) {
        d.div_ceil(2) as i64
    } else {
        d as i64
    }
}

fn same_region(g: &G, p: usize, a: usize, b: usize) -> bool {
    let bd = board(g.players[p].board);
    bd.region[a] == bd.region[b]
}

/// Spec 11 and 2.4: the end-game points, from the tables.
fn final_points(g: &G, p: usize) -> i64 {
    let pl = &g.players[p];
    let mut v = pl.goods.iter().map(|&x| x as i64).sum::<i64>()
        + pl.silverlings as i64
        + pl.workers as i64 / 2;
    if knows(g, p, 15) {
        v += 3 * pl.sold.iter().filter(|&&s| s > 0).count() as i64;
    }
    // 16 Carpenter's workshop, 17 Watchtower, 18 Church, 19 City hall, 20 Market,
    // 21 Boarding house, 22 Bank, 23 Warehouse (spec 2.2).
    for (k, name) in [
        (16, "carpenters_workshop"),
        (17, "watchtower"),
        (18, "church"),
        (19, "city_hall"),
        (20, "market"),
        (21, "boarding_house"),
        (22, "bank"),
        (23, "warehouse"),
    ] {
        if knows(g, p, k) {
            let t = Tile::parse(name).unwrap();
            v += 4 * pl.estate.iter().filter(|&&x| x == Some(t)).count() as i64;
        }
    }
    if knows(g, p, 24) {
        let mut species = std::collections::BTreeSet::new();
        for t in pl.estate.iter().flatten() {
            if let Some((s, _)) = t.animal_info() {
                species.insert(s);
            }
        }
        v += 4 * species.len() as i64;
    }
    if knows(g, p, 25) {
        v += pl.sold.iter().map(|&s| s as i64).sum::<i64>();
    }
    if knows(g, p, 26) {
        v += 2 * pl.bonuses.iter().filter(|&&b| b != Bonus::None).count() as i64;
    }
    v
}

/// Expected (vp, silverlings, workers) change of player `p` for action `a` (None: not checked).
fn expected(g: &G, p: usize, a: u32) -> Option<(i64, i64, i64)> {
    let n = g.players.len() as i64;
    let pl = &g.players[p];
    match a {
        0..=71 => {
            let i = a as usize;
            let (src, d) = (i / 24, i % 24 / 4);
            Some((0, 0, -cost(g, p, src, d as u8 + 1, knows(g, p, 12))))
        }
        72..=515 => {
            let i = (a - 72) as usize;
            let (src, j, c) = (i / 111, i % 111 / 37, i % 37);
            let tile = pl.storage[j]?;
            let bd = board(pl.board);
            let free = match tile.colour() {
                Colour::Building => knows(g, p, 9),
                Colour::Ship | Colour::Pasture => knows(g, p, 10),
                _ => knows(g, p, 11),
            };
            let mut vp = 0i64;
            let mut silver = 0i64;
            let mut workers = -cost(g, p, src, bd.die[c], free);
            let filled = |x: usize| x == c || pl.estate[x].is_some();
            // 9.1: region completion.
            let region: Vec<usize> = (0..CELLS).filter(|&x| same_region(g, p, x, c)).collect();
            if region.iter().all(|&x| filled(x)) {
                vp += (REGION_VP[region.len()] + PHASE_BONUS[g.phase.index()]) as i64;
            }
            // 9.2: colour bonus.
            let col = tile.colour();
            let colour_cells: Vec<usize> = (0..CELLS).filter(|&x| bd.colour[x] == col).collect();
            if colour_cells.iter().all(|&x| filled(x)) && pl.bonuses[col.index()] == Bonus::None {
                let held = |b: Bonus| g.players.iter().any(|q| q.bonuses[col.index()] == b);
                if !held(Bonus::Large) {
                    vp += n + 3;
                } else if !held(Bonus::Small) {
                    vp += n;
                }
            }
            // 8 and 2.2: the tile's own automatic effect.
            match tile.name().as_str() {
                "watchtower" => vp += 4,
                "bank" => silver += 2,
                "boarding_house" => workers += 4,
                _ => {}
            }
            if let Some((species, count)) = tile.animal_info() {
                let mut animals = count as i64;
                let mut tiles = 1i64;
                for &x in &region {
                    if let Some((s, k)) = pl.estate[x].and_then(|t| t.animal_info()) {
                        if s == species {
                            animals += k as i64;
                            tiles += 1;
                        }
                    }
                }
                vp += animals + if knows(g, p, 7) { tiles } else { 0 };
            }
            Some((vp, silver, workers))
        }
        516..=539 => {
            let i = (a - 516) as usize;
            let (src, t) = (i / 6, i % 6);
            let count = pl.goods[t] as i64;
            let silver = if knows(g, p, 3) { 2 } else { 1 };
            let workers = knows(g, p, 4) as i64 - cost(g, p, src, t as u8 + 1, false);
            Some((n * count, silver, workers))
        }
        540..=542 => Some((
            0,
            knows(g, p, 13) as i64,
            if knows(g, p, 14) { 4 } else { 2 },
        )),
        543..=574 => Some((0, -2, 0)),
        _ => Some((0, 0, 0)),
    }
}

/// Spec 7.1-7.5 and 6.2: the die actions and purchases at the top level of a turn, enumerated
/// from the rules (ids as documented).
fn expected_top_level(g: &G, p: usize) -> Vec<u32> {
    let pl = &g.players[p];
    let bd = board(pl.board);
    let workers = pl.workers as i64;
    let mut out = Vec::new();
    for src in 0..2 {
        if pl.dice_used[src] {
            continue;
        }
        for d in 0..6 {
            for s in 0..4 {
                if g.depots[d][s].is_some()
                    && cost(g, p, src, d as u8 + 1, knows(g, p, 12)) <= workers
                {
                    out.push((src * 24 + d * 4 + s) as u32);
                }
            }
        }
        for j in 0..3 {
            let Some(tile) = pl.storage[j] else { continue };
            let free = match tile.colour() {
                Colour::Building => knows(g, p, 9),
                Colour::Ship | Colour::Pasture => knows(g, p, 10),
                _ => knows(g, p, 11),
            };
            for c in 0..CELLS {
                let (q, r) = meeple_castles_of_burgundy::data::cell_axial(c);
                let touches = (0..CELLS).any(|x| {
                    let (q2, r2) = meeple_castles_of_burgundy::data::cell_axial(x);
                    let (dq, dr) = (q2 - q, r2 - r);
                    pl.estate[x].is_some()
                        && matches!(
                            (dq, dr),
                            (1, 0) | (-1, 0) | (0, 1) | (0, -1) | (1, -1) | (-1, 1)
                        )
                });
                let same_kind_in_city = tile.is_building()
                    && !knows(g, p, 1)
                    && (0..CELLS).any(|x| same_region(g, p, x, c) && pl.estate[x] == Some(tile));
                if pl.estate[c].is_none()
                    && bd.colour[c] == tile.colour()
                    && touches
                    && !same_kind_in_city
                    && cost(g, p, src, bd.die[c], free) <= workers
                {
                    out.push((72 + src * 111 + j * 37 + c) as u32);
                }
            }
        }
        for t in 0..6 {
            if pl.goods[t] > 0 && cost(g, p, src, t as u8 + 1, false) <= workers {
                out.push((516 + src * 6 + t) as u32);
            }
        }
        out.push(540 + src as u32);
    }
    if !g.purchased && pl.silverlings >= 2 {
        for s in 0..8 {
            if g.black_depot[s].is_some() {
                out.push(543 + s as u32);
            }
        }
        if knows(g, p, 6) {
            for d in 0..6 {
                for s in 0..4 {
                    if g.depots[d][s].is_some() {
                        out.push(551 + (d * 4 + s) as u32);
                    }
                }
            }
        }
        if pl.dice_used[0] && pl.dice_used[1] && out.iter().any(|&a| (543..575).contains(&a)) {
            out.push(621);
        }
    }
    out.sort_unstable();
    out
}

/// Legal placements of stored tiles without a die (castle bonus, City hall): colour, adjacency
/// and the per-city limit only (spec 7.2, A8, A9). Ids with source `src`.
fn dieless_places(g: &G, p: usize, src: usize) -> Vec<u32> {
    let pl = &g.players[p];
    let bd = board(pl.board);
    let mut out = Vec::new();
    for j in 0..3 {
        let Some(tile) = pl.storage[j] else { continue };
        for c in 0..CELLS {
            let touches = (0..CELLS).any(|x| pl.estate[x].is_some() && bd.nbr[c] & (1 << x) != 0);
            let same_kind_in_city = tile.is_building()
                && !knows(g, p, 1)
                && (0..CELLS).any(|x| same_region(g, p, x, c) && pl.estate[x] == Some(tile));
            if pl.estate[c].is_none()
                && bd.colour[c] == tile.colour()
                && touches
                && !same_kind_in_city
            {
                out.push((72 + src * 111 + j * 37 + c) as u32);
            }
        }
    }
    out
}

/// The legal actions of a pending effect (spec 2.2, 8, A6, A8, A9, A12, A15), or None when the
/// oracle does not model it (ship goods over capacity).
fn expected_pending(g: &G, p: usize) -> Option<Vec<u32>> {
    use meeple_castles_of_burgundy::Pending;
    let pl = &g.players[p];
    let mut out = Vec::new();
    match g.pending {
        Pending::None => return None,
        Pending::ShipGoods { first, second, .. } => {
            if g.config.bool("overflow_may_discard_stored") {
                return None;
            }
            // A5: the new types do not all fit; the player keeps new types one by one.
            let held = pl.goods.iter().filter(|&&x| x > 0).count();
            let mut new = 0;
            for t in 0..6 {
                let on = g.depot_goods[first as usize][t]
                    + second.map_or(0, |d| g.depot_goods[d as usize][t]);
                if on > 0 {
                    assert!(pl.goods[t] == 0, "held types were taken automatically");
                    out.push(614 + t as u32);
                    new += 1;
                }
            }
            assert!(
                held < 3 && new > 3 - held,
                "a choice only when not everything fits"
            );
        }
        Pending::Discard { .. } => out.extend(599..602),
        Pending::Castle => {
            for d in 0..6 {
                for s in 0..4 {
                    if g.depots[d][s].is_some() {
                        out.push((2 * 24 + d * 4 + s) as u32);
                    }
                }
            }
            out.extend(dieless_places(g, p, 2));
            for t in 0..6 {
                if pl.goods[t] > 0 {
                    out.push((516 + 2 * 6 + t) as u32);
                }
            }
            out.push(542);
            out.push(620);
        }
        Pending::CityHall => {
            out.extend(dieless_places(g, p, 3));
            out.push(620);
        }
        Pending::FreeTake { building } => {
            for d in 0..6 {
                for s in 0..4 {
                    let Some(t) = g.depots[d][s] else { continue };
                    let ok = match building.name().as_str() {
                        "carpenters_workshop" => t.colour() == Colour::Building,
                        "church" => {
                            matches!(
                                t.colour(),
                                Colour::Mine | Colour::Knowledge | Colour::Castle
                            )
                        }
                        _ => matches!(t.colour(), Colour::Ship | Colour::Pasture),
                    };
                    if ok {
                        out.push((575 + d * 4 + s) as u32);
                    }
                }
            }
            out.push(620);
        }
        Pending::Warehouse => {
            for t in 0..6 {
                if pl.goods[t] > 0 {
                    out.push((516 + 3 * 6 + t) as u32);
                }
            }
            out.push(620);
        }
        Pending::ShipDepot => {
            let has = |d: usize| g.depot_goods[d].iter().any(|&x| x > 0);
            for d in 0..6 {
                if has(d) {
                    out.push(602 + d as u32);
                }
            }
            if knows(g, p, 5) {
                for d in 0..6 {
                    if has(d) && has((d + 1) % 6) {
                        out.push(608 + d as u32);
                    }
                }
            }
        }
    }
    out.sort_unstable();
    Some(out)
}

fn mines(g: &G, p: usize) -> i64 {
    g.players[p]
        .estate
        .iter()
        .filter(|&&t| t == Tile::parse("mine"))
        .count() as i64
}

/// Plays one game; returns the player actions checked and a bitmask of the pending kinds seen
/// (bit 0 discard, 1 castle, 2 City hall, 3 free take, 4 Warehouse, 5 ship depot, 6 ship goods).
fn run(players: usize, opts: serde_json::Value, seed: u64) -> (usize, u32) {
    let map = opts.as_object().cloned().unwrap_or_default();
    let config = Config::new(&G::info(), players, &map).unwrap();
    let mut g = G::new(&config, seed).unwrap();
    let mut rng = GameRng::new(seed ^ 0x5eed);
    let (mut l, mut o) = (Vec::new(), Vec::new());
    let mut checked = 0;
    let mut checked_legal = 0;
    let mut kinds = 0u32;
    while g.turn() != Turn::Terminal {
        let a = if g.turn() == Turn::Chance {
            g.chance_outcomes(&mut o);
            o[rng.weighted(o.iter().map(|x| x.1))].0
        } else {
            g.legal_actions(&mut l);
            // Favour placements and sales so that scoring is exercised.
            let good: Vec<u32> = l
                .iter()
                .copied()
                .filter(|&a| (72..540).contains(&a))
                .collect();
            if !good.is_empty() && rng.below(3) > 0 {
                good[rng.index(good.len())]
            } else {
                l[rng.index(l.len())]
            }
        };
        let Turn::Player(p) = g.turn() else {
            // Spec 5.3: each round's order runs from the right-most track space to the left-most,
            // top of a stack first.
            if g.step == (Step::RollDice { next: 0 }) && g.round == 1 {
                // Spec 4 and 16.4: the depots just filled for this phase, by player count.
                use Colour::*;
                let layout = [
                    [Building, Ship, Knowledge, Pasture],
                    [Knowledge, Castle, Building, Building],
                    [Pasture, Building, Ship, Knowledge],
                    [Ship, Building, Pasture, Mine],
                    [Mine, Knowledge, Building, Building],
                    [Building, Pasture, Castle, Ship],
                ];
                for d in 0..6 {
                    for sp in 0..4 {
                        let t = g.depots[d][sp];
                        assert_eq!(
                            t.is_some(),
                            sp < players,
                            "seed {seed}: depot {d} space {sp}"
                        );
                        let mut want = layout[d][sp];
                        if players == 3 && d == 5 && sp == 2 && matches!(g.phase.index(), 1 | 3) {
                            want = Mine;
                        }
                        if let Some(t) = t {
                            assert_eq!(t.colour(), want, "seed {seed}: depot {d} space {sp}");
                        }
                    }
                }
                let black = g.black_depot.iter().flatten().count();
                assert_eq!(black, 2 * players, "seed {seed}: black depot");
                assert_eq!(g.round_goods.iter().flatten().count(), 5);
            }
            if g.step == (Step::RollDice { next: 0 }) {
                let mut want: Vec<u8> = (0..players as u8).collect();
                want.sort_by_key(|&q| {
                    let o = &g.players[q as usize];
                    std::cmp::Reverse((o.track_position, o.track_height))
                });
                assert_eq!(g.order, want, "seed {seed}: round order");
            }
            let before = g.clone();
            g.apply(a).unwrap();
            // Spec 5.2: the white die sends round r's goods tile to the depot of its number.
            if before.step
                == (Step::RollDice {
                    next: 2 * players as u8,
                })
            {
                let r = before.round as usize - 1;
                let good = before.round_goods[r].expect("the round's goods tile") as usize - 1;
                let d = a as usize; // the white die shows a + 1
                assert_eq!(g.white_die as usize, d + 1);
                assert_eq!(g.round_goods[r], None);
                assert_eq!(
                    g.depot_goods[d][good],
                    before.depot_goods[d][good] + 1,
                    "seed {seed}: goods arrival"
                );
            }
            continue;
        };
        if g.pending == meeple_castles_of_burgundy::Pending::None && g.step == Step::Play {
            assert_eq!(l, expected_top_level(&g, p), "seed {seed}\n{}", g.render());
            checked_legal += 1;
        }
        if let Some(want) = expected_pending(&g, p) {
            // An optional effect with nothing to choose is skipped (A12, WE-10).
            assert!(
                want != vec![620] && !want.is_empty(),
                "seed {seed}: empty effect offered"
            );
            assert_eq!(
                l,
                want,
                "seed {seed}: pending {:?}\n{}",
                g.pending,
                g.render()
            );
            use meeple_castles_of_burgundy::Pending as P;
            kinds |= 1
                << match g.pending {
                    P::Discard { .. } => 0,
                    P::Castle => 1,
                    P::CityHall => 2,
                    P::FreeTake { .. } => 3,
                    P::Warehouse => 4,
                    P::ShipDepot => 5,
                    _ => 6,
                };
            checked_legal += 1;
        }
        let before = g.clone();
        let exp = expected(&g, p, a);
        g.apply(a).unwrap();
        let label = before.action_label(a);
        // Spec 8 (ship) and A5/A15/A25: the goods of the chosen depot(s): held types always join
        // their stack; what is left over is only new types that did not fit into three slots.
        if (602..614).contains(&a) && !g.config.bool("overflow_may_discard_stored") {
            let (d1, d2) = if a < 608 {
                ((a - 602) as usize, None)
            } else {
                let d = (a - 608) as usize;
                (d, Some((d + 1) % 6))
            };
            let on = |x: &G, t: usize| x.depot_goods[d1][t] + d2.map_or(0, |d| x.depot_goods[d][t]);
            let (b, n) = (&before.players[p], &g.players[p]);
            for t in 0..6 {
                if b.goods[t] > 0 {
                    assert_eq!(on(&g, t), 0, "seed {seed}: held type {t} left on the depot");
                    assert_eq!(n.goods[t], b.goods[t] + on(&before, t), "seed {seed}");
                }
            }
            if g.pending == meeple_castles_of_burgundy::Pending::None {
                for t in 0..6 {
                    if on(&g, t) > 0 {
                        assert_eq!(n.goods[t], 0, "seed {seed}");
                        assert_eq!(n.goods.iter().filter(|&&x| x > 0).count(), 3, "seed {seed}");
                    } else if on(&before, t) > 0 {
                        assert_eq!(n.goods[t], b.goods[t] + on(&before, t), "seed {seed}");
                    }
                }
            }
        }
        // Spec 8 (ship): the marker moves one space and goes on top of any stack there.
        if (72..516).contains(&a) {
            let j = ((a - 72) % 111 / 37) as usize;
            if before.players[p].storage[j] == Tile::parse("ship") {
                let (b, n) = (&before.players[p], &g.players[p]);
                assert_eq!(n.track_position, b.track_position + 1, "seed {seed}");
                for (q, o) in g.players.iter().enumerate() {
                    if q != p && o.track_position == n.track_position {
                        assert!(o.track_height < n.track_height, "seed {seed}: on top");
                    }
                }
            }
        }
        for q in 0..players {
            let (mut dv, mut ds, mut dw) = if q == p {
                exp.unwrap_or((0, 0, 0))
            } else {
                (0, 0, 0)
            };
            // Spec 10: a phase end pays the mines (and tile 2 workers) to everyone.
            if g.phase != before.phase || g.step == Step::GameOver {
                // (A mine or tile 2 placed by this very action counts.)
                let m = mines(&g, q);
                ds += m;
                if knows(&g, q, 2) {
                    dw += m;
                }
            }
            let (b, a2) = (&before.players[q], &g.players[q]);
            let s = a2.silverlings as i64 - b.silverlings as i64;
            let w = a2.workers as i64 - b.workers as i64;
            assert_eq!(
                (s, w),
                (ds, dw),
                "seed {seed}: silverlings/workers of seat {q} after '{label}' by seat {p}"
            );
            if g.step == Step::GameOver {
                dv += final_points(&g, q);
            }
            assert_eq!(
                a2.vp as i64 - b.vp as i64,
                dv,
                "seed {seed}: VP of seat {q} after '{label}' by seat {p}\n{}",
                before.render()
            );
        }
        checked += 1;
    }
    assert!(checked_legal > 0);
    (checked, kinds)
}

#[test]
fn scoring_matches_an_independent_oracle() {
    let mut checked = 0;
    let mut kinds = 0;
    for (players, opts) in [
        (2, json!({})),
        (3, json!({})),
        (4, json!({})),
        (4, json!({"experienced_variant": true})),
        (3, json!({"board": 2, "overflow_may_discard_stored": true})),
    ] {
        for seed in 0..40 {
            let (c, k) = run(players, opts.clone(), seed);
            checked += c;
            kinds |= k;
        }
    }
    assert!(checked > 30_000, "{checked}");
    assert_eq!(kinds, 0b111_1111, "every pending effect was checked");
}
