//! Review cross-check, written independently of the engine's bit-board code (plain loops, axial
//! coordinates for straight lines). In random games on three layouts (every tile type), 2-4
//! players, Tower at the edge and anywhere: every legal set the engine offers equals the set
//! recomputed from the spec's formulas (§5.2, §5.3, §6.4), tiles are offered exactly when ready
//! and effective and never during the mandatory action; after every step the held tiles and the
//! ready counters follow §6.2, §6.3, §6.5, and each turn's end follows
//! §4.3 and §7; at the end every card, the castles and the winners follow §8.

#![allow(clippy::needless_range_loop)] // sector and seat loops read clearer with indices

use meeple_core::playout::{random_step, Buffers};
use meeple_core::{Config, Game, GameRng, Turn};
use meeple_kingdom_builder::board::neighbours;
use meeple_kingdom_builder::{
    tile_action, KbCard, KingdomBuilder, Pending, Phase, Sector, Terrain, END_TURN,
};
use serde_json::{json, Map, Value};
use std::collections::BTreeSet;

type Hex = (usize, usize);

fn config(players: usize, opts: &[(&str, Value)]) -> Config {
    let mut m = Map::new();
    for (k, v) in opts {
        m.insert(k.to_string(), v.clone());
    }
    Config::new(&KingdomBuilder::info(), players, &m).expect("valid config")
}

/// Cell code: 0..5 buildable terrains (grass canyon desert flower forest), 5 water.
fn cell(g: &KingdomBuilder, h: Hex) -> u8 {
    g.layout().cell_at(h.0, h.1).unwrap()
}

fn all_hexes() -> impl Iterator<Item = Hex> {
    (0..20).flat_map(|r| (0..20).map(move |c| (r, c)))
}

/// Axial step (§2.2): q = c − (r − (r&1))/2; directions E W NE NW SE SW.
fn axial_step(h: Hex, d: usize, k: i32) -> Option<Hex> {
    const D: [(i32, i32); 6] = [(1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1)];
    let (r, c) = (h.0 as i32, h.1 as i32);
    let q = c - (r - (r & 1)) / 2;
    let (q2, r2) = (q + k * D[d].0, r + k * D[d].1);
    if !(0..20).contains(&r2) {
        return None;
    }
    let c2 = q2 + (r2 - (r2 & 1)) / 2;
    if !(0..20).contains(&c2) {
        return None;
    }
    Some((r2 as usize, c2 as usize))
}

/// §5.2: A = K ∩ N(own); legal = A if non-empty, else K.
fn adjacent_if_possible(k: &BTreeSet<Hex>, own: &BTreeSet<Hex>) -> BTreeSet<Hex> {
    let a: BTreeSet<Hex> = k
        .iter()
        .copied()
        .filter(|&h| neighbours(h.0, h.1).iter().any(|n| own.contains(n)))
        .collect();
    if a.is_empty() {
        k.clone()
    } else {
        a
    }
}

struct View {
    own: BTreeSet<Hex>,
    occupied: BTreeSet<Hex>,
}

fn view(g: &KingdomBuilder, n: usize) -> View {
    let p = g.current_player();
    let own: BTreeSet<Hex> = g.settlements(p).into_iter().collect();
    let occupied = (0..n).flat_map(|q| g.settlements(q)).collect();
    View { own, occupied }
}

fn empty_of(g: &KingdomBuilder, v: &View, ok: impl Fn(Hex, u8) -> bool) -> BTreeSet<Hex> {
    all_hexes()
        .filter(|h| !v.occupied.contains(h) && ok(*h, cell(g, *h)))
        .collect()
}

fn spec_build(g: &KingdomBuilder, v: &View, tile: Sector, tower_anywhere: bool) -> BTreeSet<Hex> {
    if g.supply(g.current_player()) == 0 {
        return BTreeSet::new();
    }
    let terrain =
        |t: Option<Terrain>| move |_: Hex, c: u8| Some(c as usize) == t.map(|t| t.index());
    match tile {
        Sector::Oracle => adjacent_if_possible(&empty_of(g, v, terrain(g.played())), &v.own),
        Sector::Farm => {
            adjacent_if_possible(&empty_of(g, v, terrain(Some(Terrain::Grass))), &v.own)
        }
        Sector::Oasis => {
            adjacent_if_possible(&empty_of(g, v, terrain(Some(Terrain::Desert))), &v.own)
        }
        Sector::Tower => {
            let k = empty_of(g, v, |h, c| {
                c < 5 && (tower_anywhere || h.0 == 0 || h.0 == 19 || h.1 == 0 || h.1 == 19)
            });
            adjacent_if_possible(&k, &v.own)
        }
        Sector::Tavern => empty_of(g, v, |h, c| {
            c < 5
                && (0..6).any(|d| {
                    (1..=3).all(|k| axial_step(h, d, -k).is_some_and(|x| v.own.contains(&x)))
                })
        }),
        _ => unreachable!(),
    }
}

fn spec_dests(g: &KingdomBuilder, v: &View, tile: Sector, s: Hex) -> BTreeSet<Hex> {
    if tile == Sector::Paddock {
        return (0..6)
            .filter_map(|d| axial_step(s, d, 2))
            .filter(|h| !v.occupied.contains(h) && cell(g, *h) < 5)
            .collect();
    }
    let mut own = v.own.clone();
    own.remove(&s);
    let fits = |c: u8| match tile {
        Sector::Harbor => c == 5,
        _ => g.played().is_some_and(|t| t.index() == c as usize),
    };
    let k: BTreeSet<Hex> = all_hexes()
        .filter(|h| (*h == s || !v.occupied.contains(h)) && fits(cell(g, *h)))
        .collect();
    let mut legal = adjacent_if_possible(&k, &own);
    legal.remove(&s);
    legal
}

fn opts(g: &KingdomBuilder) -> BTreeSet<Hex> {
    g.hex_options().into_iter().collect()
}

fn check_position(g: &KingdomBuilder, n: usize, tower_anywhere: bool) -> usize {
    let v = view(g, n);
    let mut checks = 0;
    let open = !g.mandatory_done();
    if open {
        let want = adjacent_if_possible(
            &empty_of(g, &v, |_, c| {
                g.played().map(|t| t.index()) == Some(c as usize)
            }),
            &v.own,
        );
        assert!(!want.is_empty(), "an open mandatory action has a legal hex");
        assert_eq!(opts(g), want, "mandatory set");
        checks += 1;
    } else {
        assert!(opts(g).is_empty());
    }
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert_eq!(
        legal.contains(&END_TURN),
        !open,
        "end turn only after the mandatory action"
    );
    let window = !open || g.step_placed() == 0;
    for t in Sector::ALL {
        let offered = legal.contains(&tile_action(t));
        let effect = if t.is_move() {
            v.own.iter().any(|&s| !spec_dests(g, &v, t, s).is_empty())
        } else {
            !spec_build(g, &v, t, tower_anywhere).is_empty()
        };
        assert_eq!(
            offered,
            window && g.ready(t) > 0 && effect,
            "{t:?} offered (ready {}, window {window}, effect {effect})",
            g.ready(t)
        );
        if !offered {
            continue;
        }
        let mut u = g.clone();
        u.apply(tile_action(t)).unwrap();
        if t.is_move() {
            let movable: BTreeSet<Hex> = v
                .own
                .iter()
                .copied()
                .filter(|&s| !spec_dests(g, &v, t, s).is_empty())
                .collect();
            assert_eq!(opts(&u), movable, "{t:?} movable settlements");
            for &s in &movable {
                let mut w = u.clone();
                w.apply((s.0 * 20 + s.1) as u32).unwrap();
                assert!(matches!(w.pending(), Pending::MoveTo(..)));
                assert_eq!(opts(&w), spec_dests(g, &v, t, s), "{t:?} from {s:?}");
                checks += 1;
            }
        } else {
            assert_eq!(
                opts(&u),
                spec_build(g, &v, t, tower_anywhere),
                "{t:?} targets"
            );
            checks += 1;
        }
    }
    checks
}

#[test]
fn legal_sets_equal_the_spec_formulas_in_random_positions() {
    let layouts = [
        json!(["oracle", "harbor", "tower", "barn"]),
        json!(["tavern", "paddock", "oasis", "farm"]),
        json!(["barn", "oracle", "paddock", "harbor"]),
    ];
    let mut checks = 0;
    for (i, sectors) in layouts.iter().enumerate() {
        for players in 2..=4 {
            for tower_anywhere in [false, true] {
                let cfg = config(
                    players,
                    &[
                        ("sectors", sectors.clone()),
                        ("tower_anywhere", json!(tower_anywhere)),
                    ],
                );
                for seed in 0..3u64 {
                    let mut g = KingdomBuilder::new(&cfg, seed * 31 + i as u64).unwrap();
                    let mut rng = GameRng::new(seed + 1000 * players as u64);
                    let mut buf = Buffers::default();
                    loop {
                        if g.phase() == Phase::Play && g.pending() == Pending::None {
                            checks += check_position(&g, players, tower_anywhere);
                        }
                        let before = g.clone();
                        if !random_step(&mut g, &mut rng, &mut buf) {
                            break;
                        }
                        check_tiles(&before, &g);
                        check_turn_end(&before, &g, players);
                    }
                    assert_eq!(g.turn(), Turn::Terminal);
                    check_scoring(&g, players);
                }
            }
        }
    }
    assert!(checks > 5000, "{checks} checks");
}

/// Location hexes of the board with their type.
fn locations(g: &KingdomBuilder) -> Vec<(Hex, Sector)> {
    g.layout()
        .locs
        .iter()
        .map(|&(h, t)| ((h as usize / 20, h as usize % 20), t))
        .collect()
}

fn hexes_of(v: &Value) -> BTreeSet<Hex> {
    v.as_array()
        .map(|a| {
            a.iter()
                .map(|x| {
                    (
                        x[0].as_u64().unwrap() as usize,
                        x[1].as_u64().unwrap() as usize,
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// §6.2, §6.3, §6.5 and: compare the tiles after one step with the spec's rule.
fn check_tiles(before: &KingdomBuilder, after: &KingdomBuilder) {
    if before.phase() != Phase::Play {
        return;
    }
    let p = before.current_player();
    let b = serde_json::to_value(before).unwrap();
    let a = serde_json::to_value(after).unwrap();
    let holds_b = hexes_of(&b["players"][p]["tiles"]);
    let took_b = hexes_of(&b["players"][p]["ever_took"]);
    let holds_a = hexes_of(&a["players"][p]["tiles"]);
    let own_b: BTreeSet<Hex> = before.settlements(p).into_iter().collect();
    let own_a: BTreeSet<Hex> = after.settlements(p).into_iter().collect();
    let added: Vec<Hex> = own_a.difference(&own_b).copied().collect();
    let removed: Vec<Hex> = own_b.difference(&own_a).copied().collect();
    let touches =
        |own: &BTreeSet<Hex>, loc: Hex| neighbours(loc.0, loc.1).iter().any(|x| own.contains(x));
    let mut want = holds_b.clone();
    // losses: only a move removes a settlement; a held tile stays while some settlement touches
    // its location (checked on the final position)
    if !removed.is_empty() {
        want.retain(|&loc| touches(&own_a, loc));
    }
    // gains: one tile from each touched location with tiles left, once per location per game
    for &d in &added {
        for (loc, _) in locations(before) {
            if neighbours(d.0, d.1).contains(&loc)
                && before.tiles_left_at(loc.0, loc.1).unwrap() > 0
                && !took_b.contains(&loc)
            {
                want.insert(loc);
            }
        }
    }
    assert_eq!(
        holds_a, want,
        "tiles of seat {p} after {added:?} / {removed:?}"
    );
    // ready counters: gains never raise them, losses cap them at the tiles held, using a tile
    // spends one
    if after.phase() == Phase::Play && after.current_player() == p {
        for t in Sector::ALL {
            let mut r = before.ready(t);
            if before.pending() == Pending::None && after.pending() != Pending::None {
                let used = match after.pending() {
                    Pending::Build(u) | Pending::MoveFrom(u) | Pending::MoveTo(u, _) => u,
                    Pending::None => unreachable!(),
                };
                if used == t {
                    r -= 1;
                }
            }
            let held = after.held_tiles(p, t);
            assert_eq!(after.ready(t), r.min(held), "ready {t:?}");
        }
    }
}

/// Connected groups of a settlement set (plain flood fill over `neighbours`).
fn areas(own: &BTreeSet<Hex>) -> Vec<BTreeSet<Hex>> {
    let mut left = own.clone();
    let mut out = Vec::new();
    while let Some(&start) = left.iter().next() {
        let mut comp = BTreeSet::new();
        let mut stack = vec![start];
        while let Some(h) = stack.pop() {
            if left.remove(&h) {
                comp.insert(h);
                stack.extend(
                    neighbours(h.0, h.1)
                        .into_iter()
                        .filter(|x| left.contains(x)),
                );
            }
        }
        out.push(comp);
    }
    out
}

/// §8: every card and the castles, recomputed from the spec's formulas.
fn check_scoring(g: &KingdomBuilder, n: usize) {
    let touches =
        |h: Hex, code: &dyn Fn(u8) -> bool| neighbours(h.0, h.1).iter().any(|&x| code(cell(g, x)));
    let special = |c: u8| c >= 7;
    let specials: Vec<Hex> = all_hexes().filter(|&h| special(cell(g, h))).collect();
    let own: Vec<BTreeSet<Hex>> = (0..n)
        .map(|p| g.settlements(p).into_iter().collect())
        .collect();
    let sector = |h: Hex| 2 * (h.0 / 10) + h.1 / 10;
    let counts: Vec<[i32; 4]> = own
        .iter()
        .map(|s| {
            let mut c = [0; 4];
            for &h in s {
                c[sector(h)] += 1;
            }
            c
        })
        .collect();
    for card in KbCard::ALL {
        let got = g.card_gold(card);
        let want: Vec<i32> = match card {
            KbCard::Lords => {
                let mut gold = vec![0; n];
                for k in 0..4 {
                    let v1 = (0..n).map(|p| counts[p][k]).max().unwrap();
                    let v2 = (0..n).map(|p| counts[p][k]).filter(|&c| c < v1).max();
                    for p in 0..n {
                        if counts[p][k] == v1 {
                            gold[p] += 12;
                        } else if Some(counts[p][k]) == v2 {
                            gold[p] += 6;
                        }
                    }
                }
                gold
            }
            _ => own
                .iter()
                .enumerate()
                .map(|(p, s)| match card {
                    KbCard::Fishermen => s
                        .iter()
                        .filter(|&&h| cell(g, h) != 5 && touches(h, &|c| c == 5))
                        .count() as i32,
                    KbCard::Merchants => {
                        let mut linked = BTreeSet::new();
                        for area in areas(s) {
                            let t: Vec<Hex> = specials
                                .iter()
                                .copied()
                                .filter(|x| neighbours(x.0, x.1).iter().any(|y| area.contains(y)))
                                .collect();
                            if t.len() >= 2 {
                                linked.extend(t);
                            }
                        }
                        4 * linked.len() as i32
                    }
                    KbCard::Discoverers => {
                        s.iter().map(|h| h.0).collect::<BTreeSet<_>>().len() as i32
                    }
                    KbCard::Hermits => areas(s).len() as i32,
                    KbCard::Citizens => {
                        areas(s).iter().map(|a| a.len()).max().unwrap_or(0) as i32 / 2
                    }
                    KbCard::Miners => s.iter().filter(|&&h| touches(h, &|c| c == 6)).count() as i32,
                    KbCard::Workers => s.iter().filter(|&&h| touches(h, &special)).count() as i32,
                    KbCard::Knights => {
                        2 * (0..20)
                            .map(|r| s.iter().filter(|h| h.0 == r).count())
                            .max()
                            .unwrap() as i32
                    }
                    KbCard::Farmers => 3 * *counts[p].iter().min().unwrap(),
                    KbCard::Lords => unreachable!(),
                })
                .collect(),
        };
        assert_eq!(got, want, "{card:?}");
    }
    let castles: Vec<i32> = own
        .iter()
        .map(|s| {
            3 * specials
                .iter()
                .filter(|&&x| cell(g, x) == 7 && neighbours(x.0, x.1).iter().any(|y| s.contains(y)))
                .count() as i32
        })
        .collect();
    assert_eq!(g.castle_gold(), castles);
    // winners: most gold, ties share
    let gold = g.scores();
    let best = gold.iter().cloned().fold(f64::MIN, f64::max);
    let want: Vec<usize> = (0..n).filter(|&p| gold[p] == best).collect();
    assert_eq!(g.winners(), want);
}

/// §4.3 END, §7, A-13, A-16: what follows the end of a turn.
fn check_turn_end(before: &KingdomBuilder, after: &KingdomBuilder, n: usize) {
    if before.phase() != Phase::Play {
        return;
    }
    let p = before.current_player();
    let ended = after.phase() == Phase::GameOver
        || after.phase() == Phase::Draw
        || after.current_player() != p;
    if !ended {
        return;
    }
    assert!(
        before.mandatory_done(),
        "a turn ends only after the mandatory action"
    );
    let b = serde_json::to_value(before).unwrap();
    let first = b["first_player"].as_u64().unwrap() as usize;
    let last = (first + n - 1) % n;
    let (draw, discard, _) = before.piles();
    let cards_left = draw
        .iter()
        .chain(discard.iter())
        .map(|&c| c as u32)
        .sum::<u32>()
        + before.played().is_some() as u32;
    if before.end_triggered() {
        // the round is completed; no card is drawn from the trigger on
        if p == last {
            assert_eq!(
                after.phase(),
                Phase::GameOver,
                "the last seat of the round ends it"
            );
        } else {
            assert_ne!(after.phase(), Phase::GameOver);
            assert_ne!(after.phase(), Phase::Draw, "no draw after the trigger");
            assert_eq!(after.current_player(), (p + 1) % n);
            assert_eq!(after.hand(p), None);
        }
    } else if after.phase() == Phase::GameOver {
        // only the stalemate guard ends a game without the trigger
        assert_eq!(cards_left, 0, "stalemate only without cards");
    } else if cards_left > 0 {
        assert_eq!(after.phase(), Phase::Draw, "the player draws a new card");
        assert_eq!(after.current_player(), p);
    } else {
        assert_eq!(after.hand(p), None);
        assert_eq!(after.current_player(), (p + 1) % n);
    }
}
