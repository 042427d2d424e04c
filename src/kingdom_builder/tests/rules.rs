//! Unit tests for each rule, end condition, option, the position format and hidden information.

mod common;

use common::*;
use meeple_core::dynamic::load_state;
use meeple_core::{Game, Turn};
use meeple_kingdom_builder::board::{neighbours, place_local, sector_cells};
use meeple_kingdom_builder::{
    draw_action, hex_action, tile_action, KbCard, KingdomBuilder, Layout, Phase, Sector, Terrain,
    END_TURN, NUM_ACTIONS,
};
use serde_json::{json, Value};

// ---------- geometry: sector placement, rotation, seams ----------

#[test]
fn placement_and_rotation_keep_every_adjacency() {
    // every pair of adjacent local hexes stays adjacent wherever the sector goes, either way up
    for k in 0..4 {
        for rotated in [false, true] {
            for i in 0..10 {
                for j in 0..10 {
                    let (r, c) = place_local(k, rotated, i, j);
                    for (ni, nj) in neighbours(i, j) {
                        if ni >= 10 || nj >= 10 {
                            continue;
                        }
                        let g2 = place_local(k, rotated, ni, nj);
                        assert!(
                            neighbours(r, c).contains(&g2),
                            "sector {k} rot {rotated}: local ({i},{j})-({ni},{nj})"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn r2_seam_neighbours() {
    // R2: TL Oracle, TR Harbor, BL Tower, BR Barn turned 180°; the four sectors meet at (9..10, 9..10)
    let l = Layout::get(
        [Sector::Oracle, Sector::Harbor, Sector::Tower, Sector::Barn],
        [false, false, false, true],
    );
    let letters = |v: Vec<(usize, usize)>| -> Vec<((usize, usize), char)> {
        v.into_iter()
            .map(|(r, c)| {
                (
                    (r, c),
                    meeple_kingdom_builder::board::cell_letter(l.cell_at(r, c).unwrap()),
                )
            })
            .collect()
    };
    // (9,9) is TL's bottom-right corner (odd row): its SW and SE neighbours are in BL and BR
    assert_eq!(
        letters(neighbours(9, 9)),
        vec![
            ((8, 9), 'C'),
            ((8, 10), 'L'),
            ((9, 8), 'D'),
            ((9, 10), 'L'),
            ((10, 9), 'C'),
            ((10, 10), 'W')
        ]
    );
    // (10,10) is BR's top-left corner = Barn's printed (9,9) turned: touches TL, TR and BL
    assert_eq!(
        letters(neighbours(10, 10)),
        vec![
            ((9, 9), 'C'),
            ((9, 10), 'L'),
            ((10, 9), 'C'),
            ((10, 11), 'W'),
            ((11, 9), 'C'),
            ((11, 10), 'W')
        ]
    );
    // the rotated sector's printed neighbours are still neighbours: printed (9,9)-(9,8)
    let barn = &sector_cells()[Sector::Barn.index()];
    assert_eq!(barn[99], l.cell_at(10, 10).unwrap());
    assert_eq!(barn[98], l.cell_at(10, 11).unwrap());
    assert_eq!(barn[0], l.cell_at(19, 19).unwrap());
}

#[test]
fn sector_data_matches_the_spec_summary() {
    // §14.4 summary: G F W C D L M counts, location and castle hexes
    type Row = (
        Sector,
        [usize; 7],
        &'static [(usize, usize)],
        &'static [(usize, usize)],
    );
    let table: [Row; 8] = [
        (
            Sector::Oracle,
            [16, 15, 15, 14, 15, 17, 5],
            &[(3, 7)],
            &[(1, 3), (7, 2)],
        ),
        (
            Sector::Farm,
            [14, 14, 15, 14, 12, 26, 2],
            &[(1, 7), (5, 2)],
            &[(1, 1)],
        ),
        (
            Sector::Tavern,
            [17, 15, 16, 15, 15, 10, 9],
            &[(6, 2), (6, 7)],
            &[(3, 3)],
        ),
        (
            Sector::Tower,
            [15, 15, 13, 15, 16, 13, 10],
            &[(3, 5), (7, 2)],
            &[(6, 7)],
        ),
        (
            Sector::Harbor,
            [16, 13, 14, 14, 14, 21, 5],
            &[(7, 6)],
            &[(4, 2), (8, 2)],
        ),
        (
            Sector::Paddock,
            [16, 14, 15, 14, 15, 10, 13],
            &[(2, 8), (6, 1)],
            &[(7, 5)],
        ),
        (
            Sector::Barn,
            [16, 13, 15, 17, 18, 5, 13],
            &[(2, 6), (6, 2)],
            &[(7, 7)],
        ),
        (
            Sector::Oasis,
            [14, 14, 12, 12, 11, 34, 0],
            &[(2, 7), (7, 5)],
            &[(7, 1)],
        ),
    ];
    for (s, counts, locs, castles) in table {
        let cells = &sector_cells()[s.index()];
        // codes: 0 G, 1 C, 2 D, 3 F, 4 W(forest), 5 water, 6 mountain
        let got = [0u8, 3, 4, 1, 2, 5, 6].map(|code| cells.iter().filter(|&&c| c == code).count());
        assert_eq!(got, counts, "{s:?}");
        let at = |code: u8| -> Vec<(usize, usize)> {
            (0..100)
                .filter(|&i| cells[i] == code)
                .map(|i| (i / 10, i % 10))
                .collect()
        };
        assert_eq!(at(8 + s.index() as u8), locs.to_vec(), "{s:?} locations");
        assert_eq!(at(7), castles.to_vec(), "{s:?} castles");
    }
}

// ---------- setup and options ----------

fn new(players: usize, opts: &[(&str, Value)], seed: u64) -> KingdomBuilder {
    KingdomBuilder::new(&config(players, opts), seed).expect("new")
}

#[test]
fn setup_is_seeded_and_options_fix_it() {
    let a = new(3, &[], 11);
    let b = new(3, &[], 11);
    assert_eq!(
        serde_json::to_value(&a).unwrap(),
        serde_json::to_value(&b).unwrap()
    );
    let g = new(
        2,
        &[
            ("sectors", json!(["barn", "oasis", "oracle", "farm"])),
            ("rotated", json!([true, false, false, true])),
            ("cards", json!(["lords", "citizens", "hermits"])),
        ],
        5,
    );
    assert_eq!(
        g.layout().sectors,
        [Sector::Barn, Sector::Oasis, Sector::Oracle, Sector::Farm]
    );
    assert_eq!(g.layout().rotated, [true, false, false, true]);
    assert_eq!(
        g.cards(),
        [KbCard::Lords, KbCard::Citizens, KbCard::Hermits]
    );
    for seed in 0..20 {
        let g = new(2, &[("allow_rotation", json!(false))], seed);
        assert_eq!(g.layout().rotated, [false; 4]);
    }
    let g = new(4, &[("preset", json!("basic"))], 3);
    assert_eq!(
        g.layout().sectors,
        [Sector::Tavern, Sector::Paddock, Sector::Oasis, Sector::Farm]
    );
    assert_eq!(
        g.cards(),
        [KbCard::Fishermen, KbCard::Merchants, KbCard::Knights]
    );
    // the deal: one chance node per player, then the first player's turn
    let mut g = new(3, &[("first_player", json!(1))], 3);
    assert_eq!(g.turn(), Turn::Chance);
    for _ in 0..3 {
        let a = legal(&g)[0];
        g.apply(a).unwrap();
    }
    assert_eq!(g.turn(), Turn::Player(1));
    assert_eq!(g.supply(0), 40);
}

#[test]
fn bad_options_are_named() {
    let info = KingdomBuilder::info();
    let try_new = |players: usize, opts: &[(&str, Value)]| -> String {
        let mut m = serde_json::Map::new();
        for (k, v) in opts {
            m.insert(k.to_string(), v.clone());
        }
        match meeple_core::Config::new(&info, players, &m) {
            Err(e) => e.to_string(),
            Ok(c) => match KingdomBuilder::new(&c, 1) {
                Err(e) => e.to_string(),
                Ok(_) => "accepted".into(),
            },
        }
    };
    assert!(
        try_new(2, &[("sectors", json!(["barn", "barn", "oracle", "farm"]))]).contains("sectors")
    );
    assert!(
        try_new(2, &[("sectors", json!(["barn", "moon", "oracle", "farm"]))]).contains("sectors")
    );
    assert!(try_new(2, &[("sectors", json!("barn"))]).contains("sectors"));
    assert!(try_new(2, &[("cards", json!(["lords", "lords", "farmers"]))]).contains("cards"));
    assert!(try_new(2, &[("rotated", json!([true]))]).contains("rotated"));
    assert!(try_new(2, &[("first_player", json!(3))]).contains("first_player"));
    assert!(try_new(
        2,
        &[
            ("preset", json!("basic")),
            ("cards", json!(["lords", "hermits", "farmers"]))
        ]
    )
    .contains("preset"));
    assert!(try_new(5, &[]).contains("2 to 4"));
}

// ---------- the turn ----------

#[test]
fn illegal_actions_are_refused_with_the_phase_and_change_nothing() {
    let g = load(&base(R1, &[&[(0, 5)], &[]], "desert"));
    let before = serde_json::to_value(&g).unwrap();
    for a in [
        hex_action(0, 0),
        END_TURN,
        tile_action(Sector::Farm),
        draw_action(Terrain::Grass),
        NUM_ACTIONS,
        u32::MAX,
    ] {
        let mut c = g.clone();
        let e = c.apply(a).unwrap_err();
        assert!(e.0.contains("phase play"), "{e}");
        assert_eq!(serde_json::to_value(&c).unwrap(), before);
    }
}

#[test]
fn tiles_only_before_or_after_the_mandatory_action() {
    // P1 holds a ready Farm tile (from (11,17), justified by (10,17))
    let mut v = base(R1, &[&[(10, 17)], &[]], "forest");
    merge(
        &mut v,
        json!({"players": [{"tiles": [[11, 17]]}, {"hand": "grass"}]}),
    );
    let mut g = load(&v);
    assert!(has(&g, "use farm"), "before the mandatory action");
    assert!(
        !legal(&g).contains(&END_TURN),
        "the mandatory action comes first"
    );
    let a = legal(&g)[0];
    g.apply(a).unwrap();
    assert!(!has(&g, "use farm"), "never during it");
    let a = legal(&g)[0];
    g.apply(a).unwrap();
    let a = legal(&g)[0];
    g.apply(a).unwrap();
    assert!(g.mandatory_done());
    assert!(has(&g, "use farm"), "after it");
    play(&mut g, "use farm");
    assert_eq!(
        g.pending(),
        meeple_kingdom_builder::Pending::Build(Sector::Farm)
    );
    // Farm builds on grass, adjacent if possible
    let l = g.layout();
    assert!(g
        .hex_options()
        .iter()
        .all(|&(r, c)| l.cell_at(r, c) == Some(0)));
    let a = legal(&g)[0];
    g.apply(a).unwrap();
    assert_eq!(g.supply(0), 35);
    assert!(!has(&g, "use farm"), "once per turn per tile");
    assert_eq!(legal(&g), vec![END_TURN]);
}

#[test]
fn extra_build_before_the_mandatory_action() {
    let mut v = base(R1, &[&[(10, 17)], &[]], "forest");
    merge(
        &mut v,
        json!({"players": [{"tiles": [[11, 17]]}, {"hand": "grass"}]}),
    );
    let mut g = load(&v);
    play(&mut g, "use farm");
    let a = legal(&g)[0];
    g.apply(a).unwrap();
    assert!(!g.mandatory_done());
    assert_eq!(g.step_placed(), 0);
    // still the whole mandatory action to do
    for _ in 0..3 {
        assert!(!legal(&g).contains(&END_TURN));
        let a = legal(&g)[0];
        g.apply(a).unwrap();
    }
    assert!(g.mandatory_done());
    assert_eq!(g.supply(0), 35);
}

#[test]
fn oasis_and_oracle_targets() {
    // R2 has the Oracle; give P1 an Oracle tile (from (3,7), justified by (3,6))
    let mut v = base(R2, &[&[(3, 6)], &[]], "canyon");
    merge(
        &mut v,
        json!({"players": [{"tiles": [[3, 7]]}, {"hand": "grass"}]}),
    );
    let mut g = load(&v);
    play(&mut g, "use oracle");
    let l = g.layout();
    // the played terrain (canyon), adjacent to (3,6) if possible: none is, so any canyon
    let opts = g.hex_options();
    assert!(opts.iter().all(|&(r, c)| l.cell_at(r, c) == Some(1)));
    assert_eq!(opts.len(), 60);
}

#[test]
fn redraw_during_the_mandatory_action() {
    // seats 1-3 cover 52 of R1's 53 deserts; P1 plays Desert and takes the last one
    let l = Layout::get(
        [Sector::Tavern, Sector::Paddock, Sector::Oasis, Sector::Farm],
        [false; 4],
    );
    let deserts: Vec<(usize, usize)> = (0..400)
        .filter(|&h| l.cell[h] == 2)
        .map(|h| (h / 20, h % 20))
        .collect();
    let last = deserts[52];
    let (a, rest) = deserts[..52].split_at(18);
    let (b, c) = rest.split_at(17);
    let mut v = base(R1, &[&[], a, b, c], "desert");
    merge(
        &mut v,
        json!({"players": [{}, {"hand": "grass"}, {"hand": "grass"}, {"hand": "grass"}]}),
    );
    let mut g = load(&v);
    assert_eq!(g.hex_options(), vec![last]);
    g.apply(hex_action(last.0, last.1)).unwrap();
    assert_eq!(g.phase(), Phase::Redraw);
    assert_eq!(g.piles().2, [0, 0, 1, 0, 0]);
    g.apply(draw_action(Terrain::Flower)).unwrap();
    assert_eq!(g.played(), Some(Terrain::Flower));
    // two more placements, on flower fields
    for _ in 0..2 {
        let opts = g.hex_options();
        assert!(opts.iter().all(|&(r, c)| l.cell_at(r, c) == Some(3)));
        let a = legal(&g)[0];
        g.apply(a).unwrap();
    }
    assert!(g.mandatory_done());
    assert_eq!(g.supply(0), 37);
}

#[test]
fn short_supply_places_what_remains_and_triggers_the_end() {
    let l = Layout::get(
        [Sector::Tavern, Sector::Paddock, Sector::Oasis, Sector::Farm],
        [false; 4],
    );
    let forest: Vec<(usize, usize)> = (0..400)
        .filter(|&h| l.cell[h] == 4)
        .map(|h| (h / 20, h % 20))
        .take(38)
        .collect();
    // and a ready Paddock: (6,10) touches (6,11)
    let mut own = forest.clone();
    own.retain(|&x| x != (6, 10));
    own.truncate(37);
    own.push((6, 10));
    let mut v = base(R1, &[&own, &[]], "grass");
    merge(
        &mut v,
        json!({"players": [{"tiles": [[6, 11]]}, {"hand": "canyon"}]}),
    );
    let mut g = load(&v);
    assert_eq!(g.supply(0), 2);
    // place the mandatory settlements first
    for _ in 0..2 {
        let hexes: Vec<u32> = legal(&g).into_iter().filter(|&a| a < 400).collect();
        g.apply(hexes[0]).unwrap();
    }
    assert_eq!(g.supply(0), 0);
    assert!(g.end_triggered());
    assert!(g.mandatory_done());
    // move tiles still work with an empty supply
    assert!(has(&g, "use paddock"));
    assert!(legal(&g).contains(&END_TURN));
    g.apply(END_TURN).unwrap();
    // seat 1 is the last of the round: plays once more, no draw for seat 0
    assert_eq!(g.turn(), Turn::Player(1));
    assert_eq!(g.hand(0), None);
}

#[test]
fn stalemate_guard_ends_a_game_without_cards() {
    // every card removed; nobody holds one
    let mut v = base(R1, &[&[(0, 0)], &[(19, 10)]], "grass");
    merge(
        &mut v,
        json!({"played": null, "mandatory_done": true, "placed": 0,
               "draw_pile": {}, "removed": {"grass": 5, "canyon": 5, "desert": 5, "flower": 5, "forest": 5}}),
    );
    let mut g = load(&v);
    assert_eq!(legal(&g), vec![END_TURN]);
    g.apply(END_TURN).unwrap();
    assert_eq!(g.turn(), Turn::Player(1));
    assert!(
        g.mandatory_done(),
        "no card can be found: the mandatory action ends at once"
    );
    g.apply(END_TURN).unwrap();
    assert_eq!(
        g.turn(),
        Turn::Terminal,
        "a full round without placements ends the game"
    );
    assert!(!g.winners().is_empty());
}

#[test]
fn winners_share_ties_and_scores_are_gold() {
    let v = base(R1, &[&[(3, 4)], &[(7, 16)]], "grass");
    let mut g = load(&v);
    let gold = g.gold();
    assert_eq!(
        g.scores(),
        gold.iter().map(|&x| x as f64).collect::<Vec<_>>()
    );
    let mut v2 = serde_json::to_value(&g).unwrap();
    merge(
        &mut v2,
        json!({"phase": "game_over", "played": null, "draw_pile": null}),
    );
    g = load(&v2);
    assert_eq!(g.turn(), Turn::Terminal);
    let best = *gold.iter().max().unwrap();
    let want: Vec<usize> = (0..2).filter(|&p| gold[p] == best).collect();
    assert_eq!(g.winners(), want);
    let r = g.returns();
    assert!((r.iter().sum::<f64>() - 1.0).abs() < 1e-12);
}

// ---------- hidden information ----------

#[test]
fn observation_hides_other_hands_and_determinize_resamples_them() {
    let mut g = new(4, &[], 9);
    for _ in 0..4 {
        let mut o = Vec::new();
        g.chance_outcomes(&mut o);
        g.apply(o[0].0).unwrap();
    }
    // seat 0 to play; seats 1..3 hold cards
    let obs = g.observation(0);
    let text = obs.to_string();
    assert!(obs["player_state"][0].get("hand").is_some());
    assert!(obs["player_state"][1].get("hand").is_none());
    assert!(
        !text.contains("draw_pile\":{"),
        "the draw pile's content is hidden"
    );
    let mut seen = std::collections::HashSet::new();
    for seed in 0..200 {
        let d = g.determinize(0, seed);
        assert_eq!(d.observation(0), obs);
        assert_eq!(d.hand(0), g.hand(0));
        seen.insert((d.hand(1), d.hand(2), d.hand(3)));
        // card totals are kept
        d.validate().unwrap();
    }
    assert!(seen.len() > 5, "opponents' hands are resampled");
}

#[test]
fn determinize_keeps_hands_drawn_before_a_reshuffle_in_their_epoch() {
    // seat 1 drew a flower before the last reshuffle (epoch 0); the draw pile now (epoch 1)
    // holds only grass: seat 1's card cannot be a grass from the new pile.
    let mut v = base(
        R1,
        &[&[(0, 0), (0, 1), (0, 2)], &[(19, 10)], &[(19, 12)]],
        "forest",
    );
    merge(
        &mut v,
        json!({"reshuffles": 1, "mandatory_done": true, "placed": 3,
               "players": [{}, {"hand": "flower", "hand_epoch": 0}, {"hand": "desert", "hand_epoch": 0}],
               "draw_pile": {"grass": 3},
               "discard": {},
               "removed": {"grass": 2, "canyon": 5, "desert": 4, "flower": 4, "forest": 4}}),
    );
    let g = load(&v);
    let mut seen = std::collections::HashSet::new();
    for seed in 0..100 {
        let d = g.determinize(0, seed);
        seen.insert((d.hand(1), d.hand(2)));
        assert_eq!(d.piles().0, [3, 0, 0, 0, 0]);
    }
    let want: std::collections::HashSet<_> = [
        (Some(Terrain::Flower), Some(Terrain::Desert)),
        (Some(Terrain::Desert), Some(Terrain::Flower)),
    ]
    .into_iter()
    .collect();
    assert_eq!(seen, want);
}

// ---------- position format ----------

#[test]
fn position_format_round_trips() {
    let mut g = new(3, &[], 21);
    let mut rng = meeple_core::GameRng::new(4);
    let mut buf = meeple_core::playout::Buffers::default();
    for _ in 0..120 {
        meeple_core::playout::random_step(&mut g, &mut rng, &mut buf);
    }
    let v = serde_json::to_value(&g).unwrap();
    let back = load(&v);
    assert_eq!(serde_json::to_value(&back).unwrap(), v);
    // names, not numbers
    let text = v.to_string();
    assert!(text.contains("\"sectors\""));
    assert!(text.contains("\"settlements\""));
}

#[test]
fn altered_positions_are_refused_with_the_reason() {
    let good = {
        let mut v = base(R1, &[&[(7, 7)], &[(0, 0)]], "grass");
        merge(&mut v, json!({"players": [{"tiles": [[6, 7]]}, {}]}));
        v
    };
    load(&good);
    let cases: Vec<(Value, &str)> = vec![
        (
            json!({"players": [{"settlements": [[7, 7], [0, 3]]}, {}]}),
            "mountain",
        ),
        (
            json!({"players": [{"settlements": [[7, 7], [25, 3]]}, {}]}),
            "off the board",
        ),
        (
            json!({"players": [{}, {"settlements": [[7, 7]]}]}),
            "two settlements",
        ),
        (json!({"players": [{"supply": 12}, {}]}), "not 40"),
        (
            json!({"players": [{"tiles": [[6, 2]]}, {}]}),
            "no settlement next to it",
        ),
        (
            json!({"players": [{"tiles": [[5, 5]]}, {}]}),
            "not a location hex",
        ),
        (json!({"draw_pile": {"grass": 5}}), "grass terrain cards"),
        (json!({"current_player": 2}), "not a seat"),
        (
            json!({"board": {"sectors": ["tavern", "tavern", "oasis", "farm"]}}),
            "twice",
        ),
        (json!({"end_triggered": true}), "end_triggered"),
        (
            json!({"players": [{"settlements": [[7, 7], [3, 0]]}, {}]}),
            "no Harbor",
        ),
        (
            json!({"location_tiles": [{"hex": [6, 7], "left": 2}]}),
            "location",
        ),
        (json!({"version": 99}), "version"),
        (json!({"ready": {"tavern": 2}}), "ready"),
        (json!({"ready": {"barn": 1}}), "ready"),
    ];
    for (patch, want) in cases {
        let mut v = good.clone();
        merge(&mut v, patch.clone());
        match load_state::<KingdomBuilder>(&v) {
            Ok(_) => panic!("accepted {patch}"),
            Err(e) => assert!(e.to_string().contains(want), "{patch}: {e}"),
        }
    }
}

#[test]
fn labels_are_readable() {
    let mut v = base(R1, &[&[(10, 17)], &[]], "forest");
    merge(
        &mut v,
        json!({"players": [{"tiles": [[11, 17]]}, {"hand": "grass"}]}),
    );
    let g = load(&v);
    let labels: Vec<String> = legal(&g).iter().map(|&a| g.action_label(a)).collect();
    assert!(labels.contains(&"use farm".to_string()));
    assert!(labels.iter().any(|l| l.starts_with("place (")));
    assert_eq!(g.action_label(END_TURN), "end turn");
    assert_eq!(g.action_label(draw_action(Terrain::Desert)), "draw desert");
}

/// Random games from a crowded position (every desert taken, every card but one grass and the
/// five deserts removed), so the redraw exception, reshuffles and turns without any card all
/// happen; every state is checked (invariants, JSON round trip, determinization keeps the
/// observation, the length bound).
#[test]
fn crowded_positions_exercise_redraws_and_reshuffles() {
    let l = Layout::get(
        [Sector::Tavern, Sector::Paddock, Sector::Oasis, Sector::Farm],
        [false; 4],
    );
    let deserts: Vec<(usize, usize)> = (0..400)
        .filter(|&h| l.cell[h] == 2)
        .map(|h| (h / 20, h % 20))
        .collect();
    let (a, b) = deserts.split_at(27);
    let mut v = base(R1, &[a, b], "grass");
    merge(
        &mut v,
        json!({"players": [{}, {"hand": "desert"}],
               "removed": {"grass": 4, "canyon": 5, "flower": 5, "forest": 5}}),
    );
    let start = load(&v);
    let (mut redraws, mut reshuffles, mut no_card, mut guard_ends) = (0, 0, 0, 0);
    for seed in 0..150u64 {
        let mut g = start.clone();
        let mut rng = meeple_core::GameRng::new(seed);
        let mut legal = Vec::new();
        let mut outcomes = Vec::new();
        let mut steps = 0u64;
        while g.turn() != Turn::Terminal {
            g.validate()
                .unwrap_or_else(|e| panic!("seed {seed} step {steps}: {e}"));
            let text = serde_json::to_value(&g).unwrap();
            assert_eq!(serde_json::to_value(load(&text)).unwrap(), text);
            for seat in 0..2 {
                assert_eq!(
                    g.determinize(seat, seed).observation(seat),
                    g.observation(seat)
                );
            }
            if g.phase() == Phase::Redraw {
                redraws += 1;
            }
            if g.phase() == Phase::Play && g.played().is_none() {
                no_card += 1;
            }
            let action = if g.turn() == Turn::Chance {
                g.chance_outcomes(&mut outcomes);
                outcomes[rng.weighted(outcomes.iter().map(|o| o.1))].0
            } else {
                g.legal_actions(&mut legal);
                legal[rng.index(legal.len())]
            };
            g.apply(action).unwrap();
            steps += 1;
            assert!(steps <= g.max_game_length());
        }
        reshuffles += g.reshuffles();
        if !g.end_triggered() {
            guard_ends += 1;
        }
    }
    assert!(redraws > 100, "redraws {redraws}");
    assert!(reshuffles > 100, "reshuffles {reshuffles}");
    assert!(no_card > 0, "turns without a card {no_card}");
    println!(
        "redraws {redraws} reshuffles {reshuffles} no-card turns {no_card} guard ends {guard_ends}"
    );
}

#[test]
fn length_bound_is_the_documented_formula() {
    for (players, bound) in [(2, 4857), (3, 10888), (4, 19319)] {
        assert_eq!(new(players, &[], 1).max_game_length(), bound);
    }
}

#[test]
fn observation_tensor_layout() {
    let mut v = base(R1, &[&[(7, 7)], &[(0, 0)]], "grass");
    merge(
        &mut v,
        json!({"players": [{"tiles": [[6, 7]]}, {"hand": "desert"}]}),
    );
    let g = load(&v);
    assert_eq!(g.observation_tensor_len(), 9307);
    for seat in 0..2 {
        let mut t = vec![f32::NAN; 9307];
        g.observation_tensor(seat, &mut t);
        // every hex has exactly one terrain channel
        for h in 0..400 {
            let s: f32 = (0..9).map(|k| t[400 * k + h]).sum();
            assert_eq!(s, 1.0);
        }
        // (6,7) is a tavern location: channel 8; seat 0's settlement (7,7) in its slot
        assert_eq!(t[400 * 8 + 127], 1.0);
        let slot0 = (2 - seat) % 2; // slot of seat 0 seen from `seat`
        assert_eq!(t[400 * (9 + slot0) + 147], 1.0);
        assert_eq!(t[400 * (14 + slot0) + 127], 1.0, "holds the tile of (6,7)");
        assert_eq!(t[400 * 13 + 127], 0.5, "one tile left there");
        // scalars: supply per slot (both players have 39 left)
        assert_eq!(t[9200], 39.0 / 40.0);
        assert_eq!(t[9201], 39.0 / 40.0);
        assert_eq!(t[9202], 0.0, "no third player");
        // own hand one-hot at 9200 + 4 + 4 + 32 + 8
        let hand: Vec<f32> = t[9248..9253].to_vec();
        if seat == 1 {
            assert_eq!(hand, vec![0.0, 0.0, 1.0, 0.0, 0.0]);
        } else {
            assert_eq!(hand, vec![0.0; 5]);
        }
    }
    assert!(g.render().contains("player 1 (seat 0)"));
}
