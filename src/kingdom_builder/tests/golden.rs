//! Golden tests: every worked example of the spec's §9 (rulebook examples RB-E*, rule-derived
//! tests GT-*), on the reference layouts R1 and R2, written as positions in the JSON format.

mod common;

use common::*;
use meeple_core::{Game, Turn};
use meeple_kingdom_builder::board::{cell_letter, neighbours, paddock_reach};
use meeple_kingdom_builder::{draw_action, KbCard, Layout, Phase, Sector, Terrain, END_TURN};
use serde_json::json;

const R1_MAP: &str = "\
00: F D D M M D D C C C  C C C D D L D D D D
01: F F D D D M M C C C  M M C D D L D D D D
02: F F F F F F F M M M  M M C M M L D D P F
03: L L F S G G W W M M  M C M M L M D F F F
04: F F L L G G G W W C  C C W W L M M C F F
05: F C C L G W W C C C  C W W L C C C M F F
06: D F V C L W W V C G  C P W W L F F F F F
07: D D C L W W G G G G  G G W L G S G F G W
08: D D D L W W W G G G  G G W W L G G G G W
09: D D L L W W W G G G  G G W W L G G G W W
10: D D C L L W W G G G  D D C L L W W W G G
11: D C L F F W W W G G  D S C L W W W A G G
12: D D L F F W W Z F G  C C C F F F W C F F
13: L L L F G W F F F F  C C F F L D D C C F
14: L L L L G G G G F F  C G G L F F D D C C
15: L W W L G G C C D C  G G A F L F L D D C
16: L W C W L G C C D C  G G G W F F L L D D
17: L S C F L Z D D C L  G G W W M L L L D L
18: L L C F L L L D D L  G M W W L L L L L L
19: L L L L L L L L L L  W W W L L L L L L L
";

const R2_MAP: &str = "\
00: G G G W W L G W W W  G G W W W L G W W F
01: G G G S W L G W W W  G F W W L G W W F F
02: G F F G W W L G G W  G F F W L G G F F F
03: F F C G W L F O W W  F F W W L G M F D D
04: F F F C C L F F L L  C F S W L G D D D D
05: M M C G G L L L D D  C C W L G G M M D D
06: C C C M G F F F D D  C C L L L G D D D C
07: C C S D M D F F C C  L L G G L L H C M C
08: L L L D D D D M C C  L D S G L M L C C C
09: L L L L D D D D D C  L D D L L L L C C C
10: W W W W M M G M C C  W W W G G L W G G G
11: W M W W F G M M M C  W W G G L W W G G G
12: F F W F F F G G L M  W W S G F F W W G G
13: D F F F L T G L M M  W F F L F F W B G G
14: D D D D F L G L C C  C W L F F M C C C G
15: D C D D D L L C G C  C F F F L M M C C C
16: D D C D D L F S G C  C C F F M M M M M C
17: C C T D L F F F G G  C D D B M M D M M M
18: D C L L L W W F G G  D C D D D D D C C C
19: D C C L W W W G G G  D D D D D D D D D C
";

fn r1() -> &'static Layout {
    Layout::get(
        [Sector::Tavern, Sector::Paddock, Sector::Oasis, Sector::Farm],
        [false; 4],
    )
}

fn r2() -> &'static Layout {
    Layout::get(
        [Sector::Oracle, Sector::Harbor, Sector::Tower, Sector::Barn],
        [false, false, false, true],
    )
}

fn count_letter(l: &Layout, ch: char) -> usize {
    l.cell.iter().filter(|&&c| cell_letter(c) == ch).count()
}

fn specials(l: &Layout) -> Vec<(usize, usize, char)> {
    l.specials
        .iter()
        .map(|&h| {
            (
                h as usize / 20,
                h as usize % 20,
                cell_letter(l.cell[h as usize]),
            )
        })
        .collect()
}

fn edge_buildable(l: &Layout) -> usize {
    (0..400)
        .filter(|&h| {
            let (r, c) = (h / 20, h % 20);
            (r == 0 || r == 19 || c == 0 || c == 19) && l.cell[h] < 5
        })
        .count()
}

// ---------- §9.0 reference layouts, GT-01 to GT-03 ----------

#[test]
fn r1_layout_matches_the_spec_map() {
    assert_eq!(r1().picture(), R1_MAP);
}

#[test]
fn r2_layout_matches_the_spec_map() {
    assert_eq!(r2().picture(), R2_MAP);
}

#[test]
fn gt01_neighbours() {
    let n = |r, c| set(&neighbours(r, c));
    assert_eq!(
        n(7, 7),
        set(&[(7, 8), (7, 6), (6, 8), (6, 7), (8, 8), (8, 7)])
    );
    assert_eq!(
        n(6, 3),
        set(&[(6, 4), (6, 2), (5, 3), (5, 2), (7, 3), (7, 2)])
    );
    assert_eq!(n(0, 0), set(&[(0, 1), (1, 0)]));
    assert_eq!(n(1, 0), set(&[(1, 1), (0, 0), (0, 1), (2, 0), (2, 1)]));
    assert_eq!(n(0, 19), set(&[(0, 18), (1, 18), (1, 19)]));
    assert_eq!(n(19, 0), set(&[(19, 1), (18, 0), (18, 1)]));
    assert_eq!(n(19, 19), set(&[(19, 18), (18, 19)]));
    assert_eq!(
        paddock_reach(7, 7),
        set(&[(7, 9), (7, 5), (5, 8), (5, 6), (9, 8), (9, 6)])
    );
}

#[test]
fn gt02_rotation() {
    let l = r2();
    let at = |r, c| cell_letter(l.cell_at(r, c).unwrap());
    assert_eq!(at(17, 13), 'B');
    assert_eq!(at(13, 17), 'B');
    assert_eq!(at(12, 12), 'S');
    assert_eq!(at(10, 10), 'W');
}

#[test]
fn gt03_setup_counts_r1() {
    let l = r1();
    for (ch, n) in [
        ('L', 80),
        ('G', 61),
        ('W', 58),
        ('F', 57),
        ('C', 55),
        ('D', 53),
        ('M', 24),
        ('S', 4),
        ('P', 2),
        ('V', 2),
        ('A', 2),
        ('Z', 2),
    ] {
        assert_eq!(count_letter(l, ch), n, "letter {ch}");
    }
    assert_eq!(
        specials(l),
        vec![
            (2, 18, 'P'),
            (3, 3, 'S'),
            (6, 2, 'V'),
            (6, 7, 'V'),
            (6, 11, 'P'),
            (7, 15, 'S'),
            (11, 11, 'S'),
            (11, 17, 'A'),
            (12, 7, 'Z'),
            (15, 12, 'A'),
            (17, 1, 'S'),
            (17, 5, 'Z'),
        ]
    );
    assert_eq!(l.locs.len() * 2, 16);
    let edge = (0..400)
        .filter(|&h| {
            let (r, c) = (h / 20, h % 20);
            r == 0 || r == 19 || c == 0 || c == 19
        })
        .count();
    assert_eq!(edge, 76);
    assert_eq!(edge_buildable(l), 47);
    // A new game on R1 puts 2 tiles on each of its 8 location hexes.
    let g = KingdomBuilder::new(&config(2, &[("preset", json!("basic"))]), 1).unwrap();
    let total: u8 = l
        .locs
        .iter()
        .map(|&(h, _)| g.tiles_left_at(h as usize / 20, h as usize % 20).unwrap())
        .sum();
    assert_eq!(total, 16);
}

use meeple_kingdom_builder::KingdomBuilder;

#[test]
fn gt03_setup_counts_r2() {
    let l = r2();
    for (ch, n) in [
        ('G', 63),
        ('D', 63),
        ('C', 60),
        ('W', 57),
        ('L', 56),
        ('F', 56),
        ('M', 33),
    ] {
        assert_eq!(count_letter(l, ch), n, "letter {ch}");
    }
    assert_eq!(
        specials(l),
        vec![
            (1, 3, 'S'),
            (3, 7, 'O'),
            (4, 12, 'S'),
            (7, 2, 'S'),
            (7, 16, 'H'),
            (8, 12, 'S'),
            (12, 12, 'S'),
            (13, 5, 'T'),
            (13, 17, 'B'),
            (16, 7, 'S'),
            (17, 2, 'T'),
            (17, 13, 'B'),
        ]
    );
    assert_eq!(count_letter(l, 'S'), 6);
    assert_eq!(l.locs.len() * 2, 12);
    assert_eq!(edge_buildable(l), 69);
}

// ---------- §9.1 rulebook examples ----------

#[test]
fn rb_e2_two_placement_options() {
    let g = load(&base(R1, &[&[(0, 5)], &[]], "desert"));
    assert_eq!(g.hex_options(), set(&[(0, 6), (1, 4)]));
}

#[test]
fn rb_e3_forced_chain_then_free_placement() {
    let mut g = load(&base(R1, &[&[(16, 2)], &[]], "canyon"));
    assert_eq!(g.hex_options(), vec![(17, 2)]);
    play(&mut g, "place (17,2)");
    assert_eq!(g.hex_options(), vec![(18, 2)]);
    play(&mut g, "place (18,2)");
    assert_eq!(g.hex_options().len(), 52);
    // (17,2) touches the castle (17,1): castles give no tile
    assert!(g.castle_gold()[0] == 3);
    for t in Sector::ALL {
        assert_eq!(g.held_tiles(0, t), 0);
    }
}

#[test]
fn rb_e4_castle_counted_once() {
    let g = load(&base(R1, &[&[(3, 4), (4, 4)], &[]], "grass"));
    assert_eq!(g.castle_gold()[0], 3);
    let g = load(&base(R1, &[&[(3, 4), (4, 4), (7, 16)], &[]], "grass"));
    assert_eq!(g.castle_gold()[0], 6);
}

#[test]
fn rb_e5_fishermen_not_on_water() {
    let mut v = base(R2, &[&[(8, 2), (8, 3)], &[]], "grass");
    merge(&mut v, json!({"cards": ["fishermen", "workers", "miners"]}));
    let g = load(&v);
    assert_eq!(g.card_gold(KbCard::Fishermen)[0], 1);
    assert_eq!(g.castle_gold()[0], 3);
    assert_eq!(g.card_gold(KbCard::Workers)[0], 2);
    assert_eq!(g.card_gold(KbCard::Miners)[0], 0);
    assert_eq!(g.card_gold(KbCard::Hermits)[0], 1);
    assert_eq!(g.card_gold(KbCard::Citizens)[0], 1);
    assert_eq!(g.score_breakdown()[0], [1, 2, 0, 3]);
}

#[test]
fn rb_e6_discoverers_and_knights() {
    // six rows; the fullest row (0) has three
    let own = [
        (0, 0),
        (0, 1),
        (0, 2),
        (1, 0),
        (2, 0),
        (3, 2),
        (4, 0),
        (5, 1),
    ];
    let g = load(&base(R1, &[&own, &[]], "grass"));
    assert_eq!(g.card_gold(KbCard::Discoverers)[0], 6);
    assert_eq!(g.card_gold(KbCard::Knights)[0], 6);
}

#[test]
fn rb_e7_knights_tied_rows_count_once() {
    let own = [(3, 4), (3, 5), (3, 6), (5, 4), (5, 5), (5, 6), (9, 4)];
    let g = load(&base(R1, &[&own, &[]], "grass"));
    assert_eq!(g.card_gold(KbCard::Knights)[0], 6);
    assert_eq!(g.card_gold(KbCard::Discoverers)[0], 3);
}

/// `counts[p]` settlements for player `p` in the top-left sector, on its buildable hexes.
fn sector_tl_position(counts: &[usize], presence: bool) -> KingdomBuilder {
    let l = r1();
    let mut free = (0..400)
        .filter(|&h| h / 20 < 10 && h % 20 < 10 && l.cell[h] < 5)
        .map(|h| (h / 20, h % 20));
    let owned: Vec<Vec<(usize, usize)>> = counts
        .iter()
        .map(|&k| free.by_ref().take(k).collect())
        .collect();
    let refs: Vec<&[(usize, usize)]> = owned.iter().map(|v| v.as_slice()).collect();
    let mut v = base(R1, &refs, "grass");
    merge(
        &mut v,
        json!({"config": config(counts.len(), &[("lords_requires_presence", json!(presence))])}),
    );
    load(&v)
}

#[test]
fn rb_e8_lords_dense_ranking() {
    // default: zero counts compete, so the three empty sectors give everyone 12 each
    let g = sector_tl_position(&[5, 5, 2, 1], false);
    assert_eq!(g.card_gold(KbCard::Lords), vec![48, 48, 42, 36]);
    let g = sector_tl_position(&[5, 5, 2, 1], true);
    assert_eq!(g.card_gold(KbCard::Lords), vec![12, 12, 6, 0]);
}

#[test]
fn rb_e9_areas() {
    // GT-07's player A: 2 areas of 4 and 3
    let a = [(3, 4), (3, 5), (4, 6), (5, 6), (6, 8), (6, 9), (6, 10)];
    let g = load(&base(R1, &[&a, &[]], "grass"));
    assert_eq!(g.card_gold(KbCard::Hermits)[0], 2);
    assert_eq!(g.card_gold(KbCard::Citizens)[0], 2);
}

/// Player 0 with the given numbers of settlements in TL, TR, BL, BR (buildable hexes, row-major).
fn farmers_position(per_sector: [usize; 4]) -> KingdomBuilder {
    let l = r1();
    let mut own = Vec::new();
    for (k, &want) in per_sector.iter().enumerate() {
        let hexes = (0..400).filter(|&h| {
            let (r, c) = (h / 20, h % 20);
            2 * (r / 10) + c / 10 == k && l.cell[h] < 5
        });
        own.extend(hexes.take(want).map(|h| (h / 20, h % 20)));
    }
    load(&base(R1, &[&own, &[]], "grass"))
}

#[test]
fn rb_e10_farmers() {
    assert_eq!(
        farmers_position([6, 5, 7, 4]).card_gold(KbCard::Farmers)[0],
        12
    );
    assert_eq!(
        farmers_position([4, 4, 6, 7]).card_gold(KbCard::Farmers)[0],
        12
    );
    assert_eq!(
        farmers_position([0, 5, 5, 5]).card_gold(KbCard::Farmers)[0],
        0
    );
}

// ---------- §9.2 rule-derived tests ----------

#[test]
fn gt04_mandatory_action_adjacency_and_tile_gain() {
    let mut v = base(R1, &[&[], &[]], "grass");
    merge(&mut v, json!({"players": [{}, {"hand": "desert"}]}));
    let mut g = load(&v);
    assert_eq!(g.hex_options().len(), 61);
    play(&mut g, "place (7,7)");
    assert_eq!(g.held_tiles(0, Sector::Tavern), 1);
    assert_eq!(g.tiles_left_at(6, 7), Some(1));
    assert_eq!(g.ready(Sector::Tavern), 0);
    assert_eq!(g.hex_options(), set(&[(7, 6), (7, 8), (8, 7), (8, 8)]));
    play(&mut g, "place (7,8)");
    assert_eq!(
        g.hex_options(),
        set(&[(6, 9), (7, 6), (7, 9), (8, 7), (8, 8), (8, 9)])
    );
    play(&mut g, "place (8,8)");
    assert!(g.mandatory_done());
    assert_eq!(g.supply(0), 37);
    assert!(!has(&g, "use tavern"));
    assert_eq!(legal(&g), vec![END_TURN]);
    // next turn of P1: the tavern tile is ready
    g.apply(END_TURN).unwrap();
    assert_eq!(g.turn(), Turn::Chance);
    g.apply(draw_action(Terrain::Forest)).unwrap();
    assert_eq!(g.turn(), Turn::Player(1));
    for _ in 0..3 {
        let a = legal(&g)[0];
        g.apply(a).unwrap();
    }
    g.apply(END_TURN).unwrap();
    g.apply(draw_action(Terrain::Canyon)).unwrap();
    assert_eq!(g.turn(), Turn::Player(0));
    assert_eq!(g.ready(Sector::Tavern), 1);
}

#[test]
fn gt05_exactly_two_options() {
    rb_e2_two_placement_options();
}

#[test]
fn gt06_forced_chain_then_free_placement() {
    rb_e3_forced_chain_then_free_placement();
}

#[test]
fn gt07_full_scoring_two_players_r1() {
    let a = [(3, 4), (3, 5), (4, 6), (5, 6), (6, 8), (6, 9), (6, 10)];
    let b = [
        (7, 7),
        (7, 8),
        (8, 7),
        (8, 8),
        (8, 9),
        (4, 3),
        (11, 10),
        (12, 12),
        (13, 12),
    ];
    // (4,3) is water in R1, which has no Harbor: a scoring-only position (raw read, §9.2).
    let v = base(R1, &[&a, &b], "grass");
    assert!(meeple_core::dynamic::load_state::<KingdomBuilder>(&v).is_err());
    let g = load_raw(&v);
    let expect = [
        (KbCard::Fishermen, [0, 1]),
        (KbCard::Merchants, [12, 0]),
        (KbCard::Discoverers, [4, 6]),
        (KbCard::Hermits, [2, 4]),
        (KbCard::Citizens, [2, 2]),
        (KbCard::Miners, [0, 0]),
        (KbCard::Workers, [4, 4]),
        (KbCard::Knights, [6, 6]),
        (KbCard::Lords, [42, 42]),
        (KbCard::Farmers, [0, 0]),
    ];
    for (card, want) in expect {
        assert_eq!(g.card_gold(card), want.to_vec(), "{card:?}");
    }
    assert_eq!(g.castle_gold(), vec![3, 6]);
    let mut v2 = v.clone();
    merge(
        &mut v2,
        json!({"config": config(2, &[("lords_requires_presence", json!(true))])}),
    );
    assert_eq!(load_raw(&v2).card_gold(KbCard::Lords), vec![24, 24]);
    // cards in play: fishermen, merchants, knights + castles
    assert_eq!(g.score_breakdown(), vec![[0, 12, 6, 3], [1, 0, 6, 6]]);
    assert_eq!(g.gold(), vec![21, 13]);
}

#[test]
fn gt08_castle_counted_once() {
    rb_e4_castle_counted_once();
}

/// R1, P1 holds the ready Tavern tile of (6,2) (justified by (7,2)), supply 30ish.
fn tavern_position(own: &[(usize, usize)], other: &[(usize, usize)]) -> KingdomBuilder {
    let mut all = vec![(7, 2)];
    all.extend_from_slice(own);
    let mut v = base(R1, &[&all, other], "grass");
    merge(
        &mut v,
        json!({"players": [{"settlements": all.iter().map(|&(r, c)| [r, c]).collect::<Vec<_>>(),
                            "tiles": [[6, 2]]},
                           {"settlements": other.iter().map(|&(r, c)| [r, c]).collect::<Vec<_>>()}],
               "mandatory_done": true, "placed": 3}),
    );
    let mut g = load(&v);
    play(&mut g, "use tavern");
    g
}

#[test]
fn gt09_tavern() {
    let g = tavern_position(&[(8, 7), (8, 8), (8, 9)], &[]);
    assert_eq!(g.hex_options(), set(&[(8, 6), (8, 10)]));
    let g = tavern_position(&[(8, 7), (8, 8), (8, 9)], &[(8, 6)]);
    assert_eq!(g.hex_options(), set(&[(8, 10)]));
    let g = tavern_position(&[(8, 7), (8, 8), (8, 9), (8, 10)], &[]);
    assert_eq!(g.hex_options(), set(&[(8, 6), (8, 11)]));
    let g = tavern_position(&[(3, 4), (4, 5), (5, 5)], &[]);
    assert_eq!(g.hex_options(), set(&[(2, 4), (6, 6)]));
    let mut g = g;
    play(&mut g, "tavern (6,6)");
    assert_eq!(g.settlements(0).len(), 5);
    assert!(!has(&g, "use tavern"), "one tile, one use per turn");
}

fn gt10_position() -> KingdomBuilder {
    let mut v = base(R1, &[&[(6, 3), (6, 10)], &[(4, 4)]], "grass");
    merge(
        &mut v,
        json!({"players": [{"settlements": [[6, 3], [6, 10]], "tiles": [[6, 2], [6, 11]]},
                           {"settlements": [[4, 4]]}],
               "mandatory_done": true, "placed": 3}),
    );
    let mut g = load(&v);
    assert_eq!(g.ready(Sector::Paddock), 1);
    play(&mut g, "use paddock");
    play(&mut g, "paddock from (6,3)");
    g
}

#[test]
fn gt10_paddock_keeping_and_losing_a_tile() {
    let g = gt10_position();
    assert_eq!(g.hex_options(), set(&[(6, 1), (6, 5), (8, 2), (8, 4)]));
    let mut keep = g.clone();
    play(&mut keep, "paddock to (6,1)");
    assert_eq!(keep.held_tiles(0, Sector::Tavern), 1);
    let mut lose = g.clone();
    play(&mut lose, "paddock to (8,4)");
    assert_eq!(lose.held_tiles(0, Sector::Tavern), 0);
    assert_eq!(
        lose.tiles_left_at(6, 2),
        Some(1),
        "the lost tile does not return"
    );
    assert_eq!(lose.held_tiles(0, Sector::Paddock), 1);
    for t in Sector::ALL {
        assert_eq!(
            lose.held_tiles(0, t),
            keep.held_tiles(0, t) - (t == Sector::Tavern) as u8
        );
    }
    // the lost tile's count is kept for the position format
    let v = serde_json::to_value(&lose).unwrap();
    let tiles = v["location_tiles"].as_array().unwrap();
    let t62 = tiles.iter().find(|t| t["hex"] == json!([6, 2])).unwrap();
    assert_eq!(t62["lost"], 1);
}

#[test]
fn gt11_tower() {
    let mk = |opp: &[(usize, usize)]| {
        let mut v = base(R2, &[&[(1, 4), (13, 6)], opp], "grass");
        merge(
            &mut v,
            json!({"players": [{"settlements": [[1, 4], [13, 6]], "tiles": [[13, 5]]},
                               {"settlements": opp.iter().map(|&(r, c)| [r, c]).collect::<Vec<_>>()}],
                   "mandatory_done": true, "placed": 3}),
        );
        let mut g = load(&v);
        play(&mut g, "use tower");
        g
    };
    assert_eq!(mk(&[]).hex_options(), vec![(0, 4)]);
    assert_eq!(mk(&[(0, 4)]).hex_options().len(), 68);
}

#[test]
fn gt11_tower_anywhere_option() {
    let mut v = base(R2, &[&[(1, 4), (13, 6)], &[(0, 4)]], "grass");
    merge(
        &mut v,
        json!({"config": config(2, &[("tower_anywhere", json!(true))]),
               "players": [{"settlements": [[1, 4], [13, 6]], "tiles": [[13, 5]]},
                           {"settlements": [[0, 4]]}],
               "mandatory_done": true, "placed": 3}),
    );
    let mut g = load(&v);
    play(&mut g, "use tower");
    // adjacent if possible, over every buildable terrain: the empty buildable neighbours
    let want: Vec<(usize, usize)> = {
        let l = r2();
        let mut w: Vec<(usize, usize)> = [(1, 4), (13, 6)]
            .iter()
            .flat_map(|&(r, c)| neighbours(r, c))
            .filter(|&(r, c)| l.cell_at(r, c).unwrap() < 5 && (r, c) != (0, 4))
            .filter(|&h| h != (1, 4) && h != (13, 6))
            .collect();
        w.sort_unstable();
        w.dedup();
        w
    };
    assert_eq!(g.hex_options(), want);
}

fn gt12_position(extra: &[(usize, usize)]) -> KingdomBuilder {
    let mut own = vec![(5, 3), (5, 4), (6, 4), (18, 13)];
    own.extend_from_slice(extra);
    let mut v = base(R2, &[&own, &[]], "grass");
    merge(
        &mut v,
        json!({"players": [{"settlements": own.iter().map(|&(r, c)| [r, c]).collect::<Vec<_>>(),
                            "tiles": [[17, 13]]}, {"settlements": []}],
               "mandatory_done": true, "placed": 3}),
    );
    let mut g = load(&v);
    play(&mut g, "use barn");
    g
}

#[test]
fn gt12_barn_and_the_vacated_hex() {
    let g = gt12_position(&[]);
    assert_eq!(
        g.hex_options(),
        vec![(18, 13)],
        "pocket settlements cannot move"
    );
    let mut g2 = g.clone();
    play(&mut g2, "barn from (18,13)");
    assert_eq!(g2.hex_options().len(), 60);
    play(&mut g2, "barn to (0,0)");
    assert_eq!(
        g2.held_tiles(0, Sector::Barn),
        0,
        "moving away loses the Barn tile"
    );

    let g = gt12_position(&[(12, 6)]);
    assert_eq!(
        g.hex_options(),
        set(&[(5, 3), (5, 4), (6, 4), (12, 6), (18, 13)])
    );
    for from in ["(5,3)", "(5,4)", "(6,4)", "(18,13)"] {
        let mut m = g.clone();
        play(&mut m, &format!("barn from {from}"));
        assert_eq!(m.hex_options(), set(&[(11, 5), (12, 7), (13, 6)]), "{from}");
    }
    let mut m = g.clone();
    play(&mut m, "barn from (12,6)");
    assert_eq!(m.hex_options().len(), 59);
    assert!(!m.hex_options().contains(&(12, 6)));
}

#[test]
fn gt13_harbor() {
    let mut v = base(R2, &[&[(4, 6), (6, 17)], &[]], "grass");
    merge(
        &mut v,
        json!({"players": [{"settlements": [[4, 6], [6, 17]], "tiles": [[7, 16]]}, {"settlements": []}],
               "mandatory_done": true, "placed": 3}),
    );
    let mut g = load(&v);
    play(&mut g, "use harbor");
    let mut a = g.clone();
    play(&mut a, "harbor from (6,17)");
    assert_eq!(a.hex_options(), set(&[(3, 5), (4, 5), (5, 5), (5, 6)]));
    play(&mut a, "harbor to (5,5)");
    assert_eq!(a.held_tiles(0, Sector::Harbor), 0);
    let mut b = g.clone();
    play(&mut b, "harbor from (4,6)");
    assert_eq!(b.hex_options().len(), 56);
}

#[test]
fn gt14_two_identical_tiles_and_losses() {
    let mut v = base(R1, &[&[(2, 19), (6, 10)], &[]], "grass");
    merge(
        &mut v,
        json!({"players": [{"settlements": [[2, 19], [6, 10]], "tiles": [[2, 18], [6, 11]]},
                           {"settlements": []}],
               "mandatory_done": true, "placed": 3}),
    );
    let mut g = load(&v);
    assert_eq!(g.ready(Sector::Paddock), 2);
    play(&mut g, "use paddock");
    play(&mut g, "paddock from (6,10)");
    play(&mut g, "paddock to (6,8)");
    assert_eq!(g.held_tiles(0, Sector::Paddock), 1);
    assert_eq!(g.ready(Sector::Paddock), 1);
    assert_eq!(g.held_tiles(0, Sector::Tavern), 1);
    assert_eq!(g.ready(Sector::Tavern), 0, "gained this turn");
    assert!(has(&g, "use paddock"), "second paddock use");
    // Later: building next to (6,11) again gains nothing (once per hex per game).
    let mut v = serde_json::to_value(&g).unwrap();
    merge(
        &mut v,
        json!({"mandatory_done": false, "placed": 0, "played": "forest", "draw_pile": null}),
    );
    let mut later = load(&v);
    let before = later.tiles_left_at(6, 11);
    play(&mut later, "place (6,12)");
    assert_eq!(later.tiles_left_at(6, 11), before);
    assert_eq!(later.held_tiles(0, Sector::Paddock), 1);
    // With retake_after_loss the tile is taken again.
    merge(
        &mut v,
        json!({"config": config(2, &[("retake_after_loss", json!(true))])}),
    );
    let mut retake = load(&v);
    play(&mut retake, "place (6,12)");
    assert_eq!(retake.held_tiles(0, Sector::Paddock), 2);
}

#[test]
fn gt15_redraw_exception() {
    // 4 players on R1; seats 1-3 fill all 53 desert hexes; P1 (seat 0) has 20 on the board.
    let l = r1();
    let deserts: Vec<(usize, usize)> = (0..400)
        .filter(|&h| l.cell[h] == 2)
        .map(|h| (h / 20, h % 20))
        .collect();
    assert_eq!(deserts.len(), 53);
    let grass: Vec<(usize, usize)> = (0..400)
        .filter(|&h| l.cell[h] == 0)
        .map(|h| (h / 20, h % 20))
        .take(20)
        .collect();
    let (a, rest) = deserts.split_at(18);
    let (b, c) = rest.split_at(18);
    let mut v = base(R1, &[&grass, a, b, c], "grass");
    // seat 3 is drawing at the end of its turn; P1 holds Desert
    merge(
        &mut v,
        json!({"current_player": 3, "phase": "draw", "played": null,
               "players": [{"hand": "desert"}, {"hand": "grass"}, {"hand": "grass"}, {}],
               "discard": {"forest": 2}}),
    );
    let mut g = load(&v);
    let (_, discard_before, _) = g.piles();
    g.apply(draw_action(Terrain::Flower)).unwrap(); // seat 3's draw
                                                    // P1's turn starts: the played Desert has no empty hex, it is removed, a redraw is due
    assert_eq!(g.phase(), Phase::Redraw);
    assert_eq!(g.turn(), Turn::Chance);
    g.apply(draw_action(Terrain::Desert)).unwrap();
    assert_eq!(g.phase(), Phase::Redraw);
    g.apply(draw_action(Terrain::Grass)).unwrap();
    assert_eq!(g.turn(), Turn::Player(0));
    assert_eq!(g.played(), Some(Terrain::Grass));
    let (_, discard, removed) = g.piles();
    assert_eq!(removed, [0, 0, 2, 0, 0]);
    assert_eq!(discard, discard_before);
    // the mandatory placements are on grass
    assert!(g
        .hex_options()
        .iter()
        .all(|&(r, c)| l.cell_at(r, c) == Some(0)));
}

/// 3 players, seat `trigger` to play with supply 1 (all others have plenty).
fn end_position(trigger: usize) -> KingdomBuilder {
    let l = r1();
    let mut grass = (0..400)
        .filter(|&h| l.cell[h] == 4)
        .map(|h| (h / 20, h % 20));
    let full: Vec<(usize, usize)> = grass.by_ref().take(39).collect();
    let empty: Vec<(usize, usize)> = Vec::new();
    let mut s: Vec<&[(usize, usize)]> = vec![&empty, &empty, &empty];
    s[trigger] = &full;
    let mut v = base(R1, &s, "grass");
    let mut hands = vec![json!({"hand": "canyon"}); 3];
    hands[trigger] = json!({});
    merge(&mut v, json!({"current_player": trigger, "players": hands}));
    load(&v)
}

fn finish_turn(g: &mut KingdomBuilder) {
    while g.turn() != Turn::Terminal && !g.mandatory_done() {
        let a = legal(g)[0];
        g.apply(a).unwrap();
    }
    g.apply(END_TURN).unwrap();
}

#[test]
fn gt16_end_of_game_timing() {
    // a: seat 1 triggers; seat 2 plays; game ends without seat 0 playing again
    let mut g = end_position(1);
    let a = legal(&g)[0];
    g.apply(a).unwrap();
    assert!(g.end_triggered());
    assert!(g.mandatory_done());
    g.apply(END_TURN).unwrap();
    assert_eq!(g.turn(), Turn::Player(2), "no draw after the trigger");
    finish_turn(&mut g);
    assert_eq!(g.turn(), Turn::Terminal);
    assert!(!g.winners().is_empty());

    // b: seat 2 (last of the round) triggers: the game ends after its turn
    let mut g = end_position(2);
    let a = legal(&g)[0];
    g.apply(a).unwrap();
    g.apply(END_TURN).unwrap();
    assert_eq!(g.turn(), Turn::Terminal);

    // c: seat 0 triggers: seats 1 and 2 play once more
    let mut g = end_position(0);
    let a = legal(&g)[0];
    g.apply(a).unwrap();
    g.apply(END_TURN).unwrap();
    assert_eq!(g.turn(), Turn::Player(1));
    finish_turn(&mut g);
    assert_eq!(g.turn(), Turn::Player(2));
    finish_turn(&mut g);
    assert_eq!(g.turn(), Turn::Terminal);
}

#[test]
fn gt17_lords() {
    let r = |c: &[usize], p| {
        let g = sector_tl_position(c, p);
        // subtract the three other (empty) sectors: everyone ties there with 0
        let other = if p { 0 } else { 36 };
        g.card_gold(KbCard::Lords)
            .iter()
            .map(|x| x - other)
            .collect::<Vec<_>>()
    };
    assert_eq!(r(&[5, 5, 2, 1], false), vec![12, 12, 6, 0]);
    assert_eq!(r(&[5, 5, 2, 1], true), vec![12, 12, 6, 0]);
    assert_eq!(r(&[6, 4, 4, 0], false), vec![12, 6, 6, 0]);
    assert_eq!(r(&[6, 4, 4, 0], true), vec![12, 6, 6, 0]);
    assert_eq!(r(&[3, 0], false), vec![12, 6]);
    assert_eq!(r(&[3, 0], true), vec![12, 0]);
    assert_eq!(r(&[0, 0], false), vec![12, 12]);
    assert_eq!(r(&[0, 0], true), vec![0, 0]);
}

#[test]
fn gt18_farmers() {
    rb_e10_farmers();
}

#[test]
fn gt19_knights_and_discoverers() {
    rb_e6_discoverers_and_knights();
    rb_e7_knights_tied_rows_count_once();
}

#[test]
fn gt20_reshuffle() {
    // draw pile empty; discard G, D, F; P1 ends the turn with W played. The other 20 cards are
    // removed (C among them) or in P2's hand.
    let mut v = base(R1, &[&[(0, 0), (0, 1), (0, 2)], &[]], "forest");
    merge(
        &mut v,
        json!({"played": "forest", "mandatory_done": true, "placed": 3,
               "players": [{}, {"hand": "forest"}],
               "draw_pile": {},
               "discard": {"grass": 1, "desert": 1, "flower": 1},
               "removed": {"grass": 4, "canyon": 5, "desert": 4, "flower": 4, "forest": 3}}),
    );
    let mut g = load(&v);
    g.apply(END_TURN).unwrap();
    assert_eq!(g.turn(), Turn::Chance);
    assert_eq!(g.reshuffles(), 1);
    let (draw, discard, removed) = g.piles();
    assert_eq!(draw, [1, 0, 1, 1, 1]);
    assert_eq!(discard, [0; 5]);
    assert_eq!(removed, [4, 5, 4, 4, 3], "removed cards never come back");
    let mut outcomes = Vec::new();
    g.chance_outcomes(&mut outcomes);
    assert_eq!(
        outcomes,
        vec![
            (draw_action(Terrain::Grass), 1),
            (draw_action(Terrain::Desert), 1),
            (draw_action(Terrain::Flower), 1),
            (draw_action(Terrain::Forest), 1)
        ]
    );
}
