//! One test per rule: tile effects, knowledge tiles, purchases, phases, scoring, tie-breakers,
//! options, the position format and the board data.

mod common;
use common::*;
use meeple_castles_of_burgundy::data::{board, boards, Colour, Tile, CELLS, COLOURS};
use meeple_castles_of_burgundy::{Bonus, Pending, Phase, Step};
use meeple_core::dynamic::load_state;
use meeple_core::{Game, Turn};
use serde_json::{json, Value};

fn cur(g: &G) -> usize {
    match g.turn() {
        Turn::Player(p) => p,
        _ => panic!("not a player's turn"),
    }
}

fn fresh(players: usize) -> (G, usize) {
    let mut g = start(players);
    let p = cur(&g);
    clear_storage(&mut g, p);
    (g, p)
}

#[test]
fn castle_gives_a_free_action_of_any_value() {
    let (mut g, p) = fresh(4);
    put_storage(&mut g, p, 0, t("castle"));
    put_estate(&mut g, p, 13, t("knowledge_1"));
    my_turn(&mut g, p, [5, 1]);
    g.players[p].workers = 0;
    // Space 7 (castle, die 6) is next to space 13.
    assert!(!has_p(&g, "place die1 storage1:castle@7"));
    my_turn(&mut g, p, [6, 1]);
    act(&mut g, "place die1 storage1:castle@7");
    assert_eq!(g.pending, Pending::Castle);
    // Any depot is in reach with no workers.
    assert!(has_p(&g, "take castle depot1"));
    assert!(has_p(&g, "take castle depot6"));
    assert!(has_p(&g, "decline"));
    act_p(&mut g, "take castle depot3.1");
    assert_eq!(g.pending, Pending::None);
    assert!(g.players[p].storage[0].is_some());
    assert_eq!(g.players[p].workers, 0);
}

#[test]
fn castle_bonus_may_be_declined_and_take_workers_uses_tile_14() {
    let (mut g, p) = fresh(2);
    put_storage(&mut g, p, 0, t("castle"));
    put_estate(&mut g, p, 13, t("knowledge_14"));
    my_turn(&mut g, p, [6, 1]);
    let w = g.players[p].workers;
    act(&mut g, "place die1 storage1:castle@7");
    act(&mut g, "workers castle");
    assert_eq!(g.players[p].workers, w + 4);
    let (mut g, p) = fresh(2);
    put_storage(&mut g, p, 0, t("castle"));
    my_turn(&mut g, p, [6, 1]);
    put_estate(&mut g, p, 13, t("knowledge_2"));
    act(&mut g, "place die1 storage1:castle@7");
    act(&mut g, "decline");
    assert_eq!(g.pending, Pending::None);
}

#[test]
fn city_hall_places_a_tile_without_a_die() {
    let (mut g, p) = fresh(3);
    put_storage(&mut g, p, 0, t("city_hall"));
    put_storage(&mut g, p, 1, t("mine"));
    my_turn(&mut g, p, [3, 3]);
    act(&mut g, "place die1 storage1:city_hall@12");
    assert_eq!(g.pending, Pending::CityHall);
    // The mine goes on 25 (die 4) although no die shows 4.
    act(&mut g, "place free storage2:mine@25");
    assert_eq!(g.players[p].estate[24], Some(t("mine")));
    assert_eq!(g.pending, Pending::None);
    assert!(!g.players[p].dice_used[1]);
}

#[test]
fn carpenter_church_market_take_matching_tiles() {
    for (b, ok, bad) in [
        ("carpenters_workshop", "bank", "ship"),
        ("church", "knowledge_3", "cow_2"),
        ("market", "cow_2", "mine"),
    ] {
        let (mut g, p) = fresh(2);
        clear_depots(&mut g);
        put_depot(&mut g, 2, 0, t(ok));
        put_depot(&mut g, 5, 0, t(bad));
        put_storage(&mut g, p, 0, t(b));
        my_turn(&mut g, p, [3, 1]);
        act(&mut g, &format!("place die1 storage1:{b}@12"));
        assert!(matches!(g.pending, Pending::FreeTake { .. }), "{b}");
        assert!(!has_p(&g, "free_take depot5"), "{b} must not take {bad}");
        act(&mut g, &format!("free_take depot2.1 {ok}"));
        assert_eq!(g.players[p].storage[0], Some(t(ok)));
    }
}

#[test]
fn warehouse_sells_one_type_with_tile_3() {
    let (mut g, p) = fresh(4);
    clear_goods(&mut g);
    give_goods(&mut g, p, 2, 2);
    give_goods(&mut g, p, 5, 1);
    put_estate(&mut g, p, 13, t("knowledge_3"));
    put_storage(&mut g, p, 0, t("warehouse"));
    my_turn(&mut g, p, [3, 1]);
    let (vp, s) = (g.players[p].vp, g.players[p].silverlings);
    act(&mut g, "place die1 storage1:warehouse@12");
    // The size-1 city completes first: 1 + 10.
    assert_eq!(g.players[p].vp, vp + 11);
    act(&mut g, "sell free goods2");
    assert_eq!(g.players[p].vp, vp + 11 + 8);
    assert_eq!(g.players[p].silverlings, s + 2);
    assert_eq!(g.players[p].goods, [0, 0, 0, 0, 1, 0]);
}

#[test]
fn watchtower_bank_boarding_house() {
    for (b, vp, silver, workers) in [
        ("watchtower", 4, 0, 0),
        ("bank", 0, 2, 0),
        ("boarding_house", 0, 0, 4),
    ] {
        let (mut g, p) = fresh(2);
        put_storage(&mut g, p, 0, t(b));
        my_turn(&mut g, p, [3, 1]);
        let before = g.players[p].clone();
        act(&mut g, &format!("place die1 storage1:{b}@26"));
        let after = &g.players[p];
        assert_eq!(after.vp - before.vp, vp);
        assert_eq!(after.silverlings - before.silverlings, silver);
        assert_eq!(after.workers - before.workers, workers);
    }
}

#[test]
fn one_building_of_each_kind_per_city_unless_tile_1() {
    let (mut g, p) = fresh(2);
    put_estate(&mut g, p, 26, t("bank"));
    put_storage(&mut g, p, 0, t("bank"));
    put_storage(&mut g, p, 1, t("watchtower"));
    my_turn(&mut g, p, [1, 1]);
    // Space 27 (die 1) is in the same city as 26.
    assert!(!has_p(&g, "place die1 storage1:bank@27"));
    assert!(has_p(&g, "place die1 storage2:watchtower@27"));
    put_estate(&mut g, p, 13, t("knowledge_1"));
    assert!(has_p(&g, "place die1 storage1:bank@27"));
}

#[test]
fn placement_needs_an_occupied_neighbour_and_matching_colour() {
    let (mut g, p) = fresh(2);
    put_storage(&mut g, p, 0, t("ship"));
    my_turn(&mut g, p, [6, 6]);
    g.players[p].workers = 0;
    // Space 16 (ship, die 6) is not next to anything.
    assert!(!has_p(&g, "place die1 storage1:ship@16"));
    put_estate(&mut g, p, 17, t("ship"));
    assert!(has_p(&g, "place die1 storage1:ship@16"));
}

#[test]
fn full_storage_discards_a_stored_tile() {
    let (mut g, p) = fresh(2);
    put_storage(&mut g, p, 0, t("mine"));
    put_storage(&mut g, p, 1, t("castle"));
    put_storage(&mut g, p, 2, t("ship"));
    my_turn(&mut g, p, [1, 1]);
    let taken = g.depots[0][0].unwrap();
    act_p(&mut g, "take die1 depot1.1");
    assert!(matches!(g.pending, Pending::Discard { .. }));
    assert_eq!(labels(&g).len(), 3);
    act_p(&mut g, "discard storage2");
    assert_eq!(
        g.players[p].storage,
        [Some(t("mine")), Some(taken), Some(t("ship"))]
    );
    g.validate().unwrap();
}

#[test]
fn purchase_costs_two_once_per_turn_black_depot_only() {
    let (mut g, p) = fresh(3);
    my_turn(&mut g, p, [1, 1]);
    g.players[p].silverlings = 5;
    assert!(has_p(&g, "buy black1"));
    assert!(!has_p(&g, "buy depot"));
    act_p(&mut g, "buy black1");
    assert_eq!(g.players[p].silverlings, 3);
    assert!(g.purchased);
    assert!(!has_p(&g, "buy"));
    act(&mut g, "workers die1");
    act(&mut g, "workers die2");
    // No purchase left: the turn ended by itself.
    assert_ne!(g.turn(), Turn::Player(p));
}

#[test]
fn end_turn_is_offered_while_a_purchase_is_possible() {
    let (mut g, p) = fresh(2);
    my_turn(&mut g, p, [1, 1]);
    g.players[p].silverlings = 2;
    act(&mut g, "workers die1");
    act(&mut g, "workers die2");
    assert_eq!(g.turn(), Turn::Player(p));
    assert!(has_p(&g, "end_turn"));
    act_p(&mut g, "buy black2");
    assert_ne!(g.turn(), Turn::Player(p));
}

#[test]
fn knowledge_6_buys_from_numbered_depots() {
    let (mut g, p) = fresh(2);
    put_estate(&mut g, p, 13, t("knowledge_6"));
    my_turn(&mut g, p, [1, 1]);
    g.players[p].silverlings = 2;
    act_p(&mut g, "buy depot4.1");
    assert_eq!(g.players[p].silverlings, 0);
    assert!(g.players[p].storage[0].is_some());
}

#[test]
fn knowledge_9_to_12_give_a_free_step() {
    // 12: taking from depot 2 with a 1 costs nothing.
    let (mut g, p) = fresh(2);
    my_turn(&mut g, p, [1, 1]);
    g.players[p].workers = 0;
    assert!(!has_p(&g, "take die1 depot2"));
    put_estate(&mut g, p, 13, t("knowledge_12"));
    assert!(has_p(&g, "take die1 depot2"));
    assert!(!has_p(&g, "take die1 depot3"));
    // 9: a building on 12 (die 3) with a 2; 10: a ship on 20 (die 5) with a 4;
    // 11: a mine on 25 (die 4) with a 5.
    for (k, tile, space, die) in [
        ("knowledge_9", "bank", 12, 2),
        ("knowledge_10", "ship", 20, 4),
        ("knowledge_11", "mine", 25, 5),
    ] {
        let (mut g, p) = fresh(2);
        put_storage(&mut g, p, 0, t(tile));
        my_turn(&mut g, p, [die, die]);
        g.players[p].workers = 0;
        let label = format!("place die1 storage1:{tile}@{space}");
        assert!(!has_p(&g, &label), "{k}");
        put_estate(&mut g, p, 13, t(k));
        assert!(has_p(&g, &label), "{k}");
    }
}

#[test]
fn workers_wrap_from_six_to_one() {
    let (mut g, p) = fresh(2);
    my_turn(&mut g, p, [6, 6]);
    g.players[p].workers = 1;
    act_p(&mut g, "take die1 depot1.1");
    assert_eq!(g.players[p].workers, 0);
}

#[test]
fn take_workers_gives_two() {
    let (mut g, p) = fresh(2);
    my_turn(&mut g, p, [4, 2]);
    let w = g.players[p].workers;
    act(&mut g, "workers die2");
    assert_eq!(g.players[p].workers, w + 2);
}

#[test]
fn ship_overflow_lets_the_player_choose_and_leaves_the_rest() {
    let (mut g, p) = fresh(2);
    clear_goods(&mut g);
    clear_depot_goods(&mut g);
    give_goods(&mut g, p, 1, 1);
    give_goods(&mut g, p, 2, 1);
    depot_goods(&mut g, 4, 1, 1);
    depot_goods(&mut g, 4, 5, 1);
    depot_goods(&mut g, 4, 6, 2);
    put_storage(&mut g, p, 0, t("ship"));
    my_turn(&mut g, p, [5, 1]);
    act(&mut g, "place die1 storage1:ship@20");
    act(&mut g, "ship_goods depot4");
    // Type 1 is already held and joins its stack; one free slot for 5 or 6.
    assert_eq!(g.players[p].goods[0], 2);
    assert!(matches!(g.pending, Pending::ShipGoods { .. }));
    act(&mut g, "keep goods6");
    assert_eq!(g.players[p].goods, [2, 1, 0, 0, 0, 2]);
    assert_eq!(g.depot_goods[3], [0, 0, 0, 0, 1, 0]);
    assert_eq!(g.pending, Pending::None);
}

#[test]
fn ship_overflow_option_may_throw_away_a_stored_type() {
    let mut g = start_with(2, json!({"overflow_may_discard_stored": true}));
    let p = cur(&g);
    clear_storage(&mut g, p);
    clear_goods(&mut g);
    clear_depot_goods(&mut g);
    give_goods(&mut g, p, 1, 1);
    give_goods(&mut g, p, 2, 1);
    give_goods(&mut g, p, 3, 1);
    depot_goods(&mut g, 4, 5, 3);
    put_storage(&mut g, p, 0, t("ship"));
    my_turn(&mut g, p, [5, 1]);
    act(&mut g, "place die1 storage1:ship@20");
    act(&mut g, "ship_goods depot4");
    assert!(has_p(&g, "decline"));
    act(&mut g, "throw_away goods2");
    assert_eq!(g.players[p].goods, [1, 0, 1, 0, 3, 0]);
    assert_eq!(g.goods_discarded[1], 1);
    g.validate().unwrap();
}

#[test]
fn knowledge_5_takes_from_two_neighbouring_depots() {
    let (mut g, p) = fresh(2);
    clear_goods(&mut g);
    clear_depot_goods(&mut g);
    depot_goods(&mut g, 6, 1, 1);
    depot_goods(&mut g, 1, 2, 1);
    put_estate(&mut g, p, 13, t("knowledge_5"));
    put_storage(&mut g, p, 0, t("ship"));
    my_turn(&mut g, p, [5, 1]);
    act(&mut g, "place die1 storage1:ship@20");
    act(&mut g, "ship_goods depots6+1");
    assert_eq!(g.players[p].goods, [1, 1, 0, 0, 0, 0]);
}

#[test]
fn ship_with_no_goods_anywhere_still_moves_the_marker() {
    let (mut g, p) = fresh(2);
    clear_depot_goods(&mut g);
    put_storage(&mut g, p, 0, t("ship"));
    my_turn(&mut g, p, [5, 1]);
    let pos = g.players[p].track_position;
    act(&mut g, "place die1 storage1:ship@20");
    assert_eq!(g.pending, Pending::None);
    assert_eq!(g.players[p].track_position, pos + 1);
}

/// Play workers actions until the phase changes.
fn finish_phase(g: &mut G) {
    let phase = g.phase;
    let mut l = Vec::new();
    while g.phase == phase && g.turn() != Turn::Terminal {
        g.legal_actions(&mut l);
        let a = match g.turn() {
            Turn::Chance => l[0],
            _ => *l
                .iter()
                .find(|&&a| {
                    g.action_label(a).starts_with("workers") || g.action_label(a) == "end_turn"
                })
                .unwrap_or(&l[0]),
        };
        g.apply(a).unwrap();
    }
}

#[test]
fn mines_pay_at_phase_end_with_tile_2_workers() {
    let (mut g, p) = fresh(2);
    put_estate(&mut g, p, 25, t("mine"));
    put_estate(&mut g, p, 30, t("mine"));
    put_estate(&mut g, p, 13, t("knowledge_2"));
    let q = 1 - p;
    let (s, w) = (g.players[p].silverlings, g.players[p].workers);
    let (sq, wq) = (g.players[q].silverlings, g.players[q].workers);
    finish_phase(&mut g);
    assert_eq!(g.phase, Phase::B);
    // 5 rounds of two workers actions each: +20 workers; +2 silver and +2 workers from mines.
    assert_eq!(g.players[p].silverlings, s + 2);
    assert_eq!(g.players[p].workers, w + 20 + 2);
    assert_eq!(g.players[q].silverlings, sq);
    assert_eq!(g.players[q].workers, wq + 20);
    // The old depot tiles went to the box and new ones were drawn.
    assert!(g.boxed.iter().map(|&x| x as u32).sum::<u32>() > 0);
}

#[test]
fn phase_setup_fills_depots_by_player_count() {
    for (n, depot_tiles, black) in [(2, 12, 4), (3, 18, 6), (4, 24, 8)] {
        let g = start(n);
        assert_eq!(g.depots.iter().flatten().flatten().count(), depot_tiles);
        assert_eq!(g.black_depot.iter().flatten().count(), black);
        assert_eq!(
            g.round_goods.iter().flatten().count(),
            4,
            "one goods tile already delivered"
        );
        assert_eq!(
            g.depot_goods
                .iter()
                .flatten()
                .map(|&x| x as u32)
                .sum::<u32>(),
            1
        );
        let white = g.white_die as usize;
        assert_eq!(g.depot_goods[white - 1].iter().sum::<u8>(), 1);
    }
    // Three players: depot 6 gets a castle in A and a mine in B.
    let g = start(3);
    assert_eq!(g.depots[5][2], Some(t("castle")));
    let mut g = start(3);
    finish_phase(&mut g);
    while g.turn() == Turn::Chance {
        let l = legal(&g);
        g.apply(l[0]).unwrap();
    }
    assert_eq!(g.phase, Phase::B);
    assert_eq!(g.depots[5][2], Some(t("mine")));
}

#[test]
fn colour_bonus_large_then_small_then_nothing() {
    let mut g = start(3);
    let mut p_order = g.order.clone();
    p_order.sort();
    for p in 0..3 {
        put_estate(&mut g, p, 25, t("mine"));
        put_estate(&mut g, p, 30, t("mine"));
        clear_storage(&mut g, p);
        put_storage(&mut g, p, 0, t("mine"));
    }
    let expected = [(Bonus::Large, 6), (Bonus::Small, 3), (Bonus::None, 0)];
    for (p, &(bonus, vp)) in expected.iter().enumerate() {
        g.players[p].vp = 0;
        my_turn(&mut g, p, [3, 1]);
        act(&mut g, "place die1 storage1:mine@34");
        // region 6 + phase A 10 + bonus
        assert_eq!(g.players[p].vp, 16 + vp, "player {p}");
        assert_eq!(g.players[p].bonuses[Colour::Mine.index()], bonus);
    }
}

#[test]
fn region_bonus_depends_on_phase() {
    for (phase, bonus) in [(Phase::A, 10), (Phase::C, 6), (Phase::E, 2)] {
        let (mut g, p) = fresh(2);
        put_storage(&mut g, p, 0, t("bank"));
        set_phase(&mut g, phase);
        g.players[p].vp = 0;
        my_turn(&mut g, p, [3, 1]);
        act(&mut g, "place die1 storage1:bank@12");
        assert_eq!(g.players[p].vp, 1 + bonus);
    }
}

fn game_over(g: &mut G, vps: &[i32]) {
    g.step = Step::GameOver;
    g.pending = Pending::None;
    for (p, &v) in vps.iter().enumerate() {
        g.players[p].vp = v;
    }
}

#[test]
fn winner_and_tie_breakers() {
    let mut g = start(3);
    g.order = vec![0, 1, 2];
    game_over(&mut g, &[50, 60, 40]);
    assert_eq!(g.winners(), vec![1]);
    assert_eq!(g.returns(), vec![0.0, 1.0, 0.0]);
    // Tie on points: fewest empty spaces wins.
    game_over(&mut g, &[60, 60, 40]);
    put_estate(&mut g, 0, 12, t("bank"));
    assert_eq!(g.winners(), vec![0]);
    // Still tied: later in the final round's play order wins.
    put_estate(&mut g, 1, 12, t("bank"));
    assert_eq!(g.winners(), vec![1]);
    g.order = vec![1, 0, 2];
    assert_eq!(g.winners(), vec![0]);
    // A20 option: further back on the track wins the second tie-break.
    let mut g = start_with(3, json!({"tiebreak_last_by_track": true}));
    g.order = vec![1, 0, 2]; // the default reading would pick seat 0
    game_over(&mut g, &[60, 60, 40]);
    for (p, (pos, h)) in [(1, 0), (0, 0), (0, 1)].into_iter().enumerate() {
        g.players[p].track_position = pos;
        g.players[p].track_height = h;
    }
    assert_eq!(g.winners(), vec![1]);
    // The option reverses the first tie-break.
    let mut g = start_with(3, json!({"tiebreak_most_empty_spaces": true}));
    g.order = vec![0, 1, 2];
    game_over(&mut g, &[60, 60, 40]);
    put_estate(&mut g, 1, 12, t("bank"));
    assert_eq!(g.winners(), vec![0]);
}

#[test]
fn final_scoring_is_added_at_the_end() {
    let mut g = start(2);
    g.players[0].vp = 0;
    g.players[1].vp = 0;
    let mut safety = 0;
    let mut l = Vec::new();
    while g.turn() != Turn::Terminal && safety < 100_000 {
        g.legal_actions(&mut l);
        let a = match g.turn() {
            Turn::Chance => l[0],
            _ => *l
                .iter()
                .find(|&&a| {
                    g.action_label(a).starts_with("workers") || g.action_label(a) == "end_turn"
                })
                .unwrap_or(&l[0]),
        };
        g.apply(a).unwrap();
        safety += 1;
    }
    assert_eq!(g.turn(), Turn::Terminal);
    for p in 0..2 {
        let pl = &g.players[p];
        // Only workers actions: 100 workers from actions plus the start workers.
        let expected = pl.goods.iter().map(|&x| x as i32).sum::<i32>()
            + pl.silverlings as i32
            + pl.workers as i32 / 2;
        assert_eq!(pl.vp, expected);
        assert!(pl.workers >= 100);
    }
    assert_eq!(g.winners().len(), 1);
}

#[test]
fn experienced_variant_choices() {
    let mut g = G::new(&config(3, json!({"experienced_variant": true})), 3).unwrap();
    assert!(matches!(g.step, Step::ChooseBoard { idx: 0 }));
    let p = cur(&g);
    let sides = g.players[p].board_sides.unwrap();
    let ls = labels(&g);
    assert_eq!(ls.len(), 2);
    assert!(ls.contains(&format!("board{}", sides[1])));
    act(&mut g, &format!("board{}", sides[1]));
    assert_eq!(g.players[p].board, sides[1]);
    assert!(matches!(g.step, Step::ChooseCastle { idx: 0 }));
    assert_eq!(labels(&g).len(), 4, "four dark-green spaces");
    let l = legal(&g);
    g.apply(l[1]).unwrap();
    assert_eq!(g.players[p].estate.iter().flatten().count(), 1);
    assert!(matches!(g.step, Step::ChooseBoard { idx: 1 }));
    assert_ne!(cur(&g), p);
}

#[test]
fn board_option_with_a_non_castle_centre_asks_for_the_start_castle() {
    let g = G::new(&config(2, json!({"board": 7})), 3).unwrap();
    assert!(matches!(g.step, Step::ChooseCastle { idx: 0 }));
    let g = G::new(&config(2, json!({"board": 3})), 3).unwrap();
    assert_eq!(g.players[0].estate[18], Some(t("castle")));
    assert!(G::new(
        &config(2, json!({"board": 3, "experienced_variant": true})),
        3
    )
    .is_err());
}

#[test]
fn boards_match_the_data_file() {
    let root: Value = serde_json::from_str(meeple_castles_of_burgundy::data::BOARDS_JSON).unwrap();
    assert_eq!(boards().len(), 9);
    for b in boards() {
        let jb = &root["boards"][&b.json_key];
        // colour counts
        for (letter, colour) in [
            ("C", Colour::Castle),
            ("P", Colour::Pasture),
            ("B", Colour::Building),
            ("M", Colour::Mine),
            ("K", Colour::Knowledge),
            ("S", Colour::Ship),
        ] {
            let n = b.colour.iter().filter(|&&c| c == colour).count() as u64;
            assert_eq!(
                Some(n),
                jb["colour_counts"][letter].as_u64(),
                "board {}",
                b.number
            );
        }
        // regions: same cell sets as the file states
        let mut ours: Vec<u64> = b.region_cells.clone();
        ours.sort();
        let mut theirs: Vec<u64> = jb["regions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                let mut m = 0u64;
                for c in r["cells"].as_array().unwrap() {
                    let (row, idx) = (
                        c[0].as_u64().unwrap() as usize,
                        c[1].as_u64().unwrap() as usize,
                    );
                    let lens = [4, 5, 6, 7, 6, 5, 4];
                    let id = lens[..row].iter().sum::<usize>() + idx;
                    m |= 1 << id;
                }
                assert_eq!(r["size"].as_u64(), Some(m.count_ones() as u64));
                m
            })
            .collect();
        theirs.sort();
        assert_eq!(ours, theirs, "board {} regions", b.number);
        assert!(b.region_cells.iter().all(|m| m.count_ones() <= 8));
    }
    // 2011 board 2 is JSON board 10.
    assert_eq!(board(2).json_key, "10");
    // Board 1 neighbours as in spec 16.2: space 19 touches 12 13 18 20 25 26.
    let n19: Vec<usize> = (0..37)
        .filter(|&c| board(1).nbr[18] & (1 << c) != 0)
        .map(|c| c + 1)
        .collect();
    assert_eq!(n19, vec![12, 13, 18, 20, 25, 26]);
    assert_eq!(COLOURS.len(), 6);
}

#[test]
fn supply_totals() {
    let (n, b) = meeple_castles_of_burgundy::data::supply();
    let sum = |a: &[u8]| a.iter().map(|&x| x as u32).sum::<u32>();
    assert_eq!(sum(&n), 124);
    assert_eq!(sum(&b), 40);
    assert_eq!(
        Tile::parse("knowledge_26").map(|t| t.name()),
        Some("knowledge_26".into())
    );
    assert_eq!(Tile::parse("cow_5"), None);
}

#[test]
fn position_format_by_hand() {
    let g = start(2);
    let mut v = serde_json::to_value(&g).unwrap();
    // The export leaves the derived normal-backed pile out; written by hand, it is checked.
    v["pile"] = g.observation(0)["pile"].clone();
    let p = cur(&g);
    // Move a ship from the pile into storage by editing the JSON.
    let ships = v["pile"]["ship"].as_u64().unwrap();
    v["pile"]["ship"] = json!(ships - 1);
    v["players"][p]["storage"] = json!(["ship", null, null]);
    for tile in g.players[p].storage.iter().flatten() {
        let n = v["boxed"][tile.name()].as_u64().unwrap_or(0);
        v["boxed"][tile.name()] = json!(n + 1);
    }
    let g2: G = load_state(&v).expect("hand-edited position loads");
    assert_eq!(g2.players[p].storage[0], Some(t("ship")));
    // A ship on a city space is refused with a reason.
    let mut bad = v.clone();
    bad["players"][p]["estate"]["12"] = json!("ship");
    bad["pile"]["ship"] = json!(ships - 2);
    let err = load_state::<G>(&bad).unwrap_err().to_string();
    assert!(err.contains("ship on space 12"), "{err}");
    // Too many tiles.
    let mut bad = v.clone();
    bad["pile"]["ship"] = json!(ships);
    let err = load_state::<G>(&bad).unwrap_err().to_string();
    assert!(err.contains("tile ship appears"), "{err}");
    // An unknown tile name.
    let mut bad = v;
    bad["players"][p]["storage"] = json!(["spaceship", null, null]);
    assert!(load_state::<G>(&bad).is_err());
}

#[test]
fn illegal_actions_name_the_step() {
    let (mut g, _) = fresh(2);
    let before = serde_json::to_value(&g).unwrap();
    let err = g.apply(621).unwrap_err().to_string();
    assert!(err.contains("end_turn is not legal now"), "{err}");
    assert!(err.contains("Play"), "{err}");
    assert_eq!(serde_json::to_value(&g).unwrap(), before);
    assert!(g.apply(100_000).is_err());
}

#[test]
fn observation_is_public_and_tensor_has_the_documented_length() {
    let g = start(3);
    assert_eq!(g.observation_tensor_len(), 9750);
    let o0 = g.observation(0);
    assert!(o0.get("rng").is_none());
    assert_eq!(o0, g.observation(2));
    let mut t = vec![f32::NAN; 9750];
    g.observation_tensor(1, &mut t);
    assert!(t.iter().all(|x| x.is_finite()));
}

#[test]
fn evaluate_prefers_the_leader() {
    let mut g = start(2);
    g.players[0].vp = 40;
    g.players[1].vp = 10;
    assert!(g.evaluate(0) > 0.5 && g.evaluate(1) < 0.5);
    assert!((0.0..=1.0).contains(&g.evaluate(0)));
}

#[test]
fn board_1_matches_spec_section_16_2() {
    let b = board(1);
    // Regions of spec 16.2 by space id.
    let regions: [(&[usize], Colour); 13] = [
        (&[1, 5, 6, 10, 11], Colour::Pasture),
        (&[28], Colour::Pasture),
        (&[2, 3, 7], Colour::Castle),
        (&[19], Colour::Castle),
        (&[4, 8, 13], Colour::Knowledge),
        (&[31, 35, 36], Colour::Knowledge),
        (&[9, 14, 15], Colour::Building),
        (&[12], Colour::Building),
        (&[23, 24, 29], Colour::Building),
        (&[26, 27, 32, 33, 37], Colour::Building),
        (&[16, 17, 18], Colour::Ship),
        (&[20, 21, 22], Colour::Ship),
        (&[25, 30, 34], Colour::Mine),
    ];
    assert_eq!(b.region_cells.len(), 13);
    for (ids, colour) in regions {
        let mask = ids.iter().fold(0u64, |m, &id| m | 1 << (id - 1));
        assert!(b.region_cells.contains(&mask), "region {ids:?}");
        assert!(ids.iter().all(|&id| b.colour[id - 1] == colour));
    }
    // Dice of spec 16.2, space ids 1..=37.
    let dice = [
        6, 5, 4, 3, 2, 1, 6, 5, 4, 5, 4, 3, 1, 2, 3, 6, 1, 2, 6, 5, 4, 1, 2, 5, 4, 3, 1, 2, 6, 1,
        2, 5, 6, 3, 4, 1, 3,
    ];
    assert_eq!(b.die.to_vec(), dice.to_vec());
    // Axial coordinates: space 1 is (0,-3), space 37 is (0,3).
    assert_eq!(meeple_castles_of_burgundy::data::cell_axial(0), (0, -3));
    assert_eq!(meeple_castles_of_burgundy::data::cell_axial(36), (0, 3));
}

#[test]
fn every_player_rolls_two_dice_then_the_white_die_brings_the_goods() {
    // Spec 6.1: every player rolls two dice, then the white die moves the round's goods tile to
    // the depot it shows. Chance outcome v is the face v + 1; die k of the roll gets k % 6 + 1,
    // so each die has its own face.
    for n in 2..=4 {
        let mut g = G::new(&config(n, json!({})), 7).expect("new");
        let mut l = Vec::new();
        while !matches!(g.step, Step::RollDice { .. }) {
            g.legal_actions(&mut l);
            g.apply(l[0]).expect("setup");
        }
        let good = g.round_goods[g.round as usize - 1].expect("the round's goods tile");
        let before = g.depot_goods;
        for k in 0..2 * n + 1 {
            assert!(
                matches!(g.step, Step::RollDice { .. }),
                "{n} players, die {k}"
            );
            g.apply((k % 6) as meeple_core::Action).expect("roll");
        }
        let face = |k: usize| (k % 6 + 1) as u8;
        for p in 0..n {
            assert_eq!(
                g.players[p].dice,
                [face(2 * p), face(2 * p + 1)],
                "seat {p}"
            );
        }
        assert_eq!(g.white_die, face(2 * n));
        assert_eq!(g.step, Step::Play);
        let white = g.white_die as usize - 1;
        let mut after = before;
        after[white][good as usize - 1] += 1;
        assert_eq!(g.depot_goods, after, "{n} players");
        assert_eq!(g.round_goods[g.round as usize - 1], None);
    }
}

#[test]
fn knowledge_26_scores_two_per_bonus_tile() {
    // Spec 2.4, tile 26: 2 VP for each bonus tile won, large or small (4 here: 8 VP).
    let mut g = start(2);
    let p = 0;
    clear_goods(&mut g);
    clear_storage(&mut g, p);
    g.players[p].silverlings = 0;
    g.players[p].workers = 0;
    g.players[p].bonuses = [
        Bonus::Large,
        Bonus::Small,
        Bonus::None,
        Bonus::Large,
        Bonus::None,
        Bonus::Small,
    ];
    assert_eq!(
        g.final_points(p),
        0,
        "bonus tiles alone score at once, not at the end"
    );
    put_estate(&mut g, p, 13, t("knowledge_26"));
    assert_eq!(g.final_points(p), 8);
}

#[test]
fn fewest_empty_spaces_counts_each_space() {
    // Spec 11: on a tie in points the fewest empty spaces wins; 10 against 11 occupied spaces
    // is a difference of one, with the play order favouring the other seat.
    let mut g = start(3);
    g.order = vec![1, 0, 2];
    game_over(&mut g, &[60, 60, 40]);
    for (p, occupied) in [(0, 10), (1, 11)] {
        let have = g.players[p].estate.iter().filter(|c| c.is_some()).count();
        let empty: Vec<usize> = (1..=CELLS)
            .filter(|&id| g.players[p].estate.iter().nth(id - 1) == Some(&None))
            .take(occupied - have)
            .collect();
        for id in empty {
            put_estate(&mut g, p, id, t("ship"));
        }
        let now = g.players[p].estate.iter().filter(|c| c.is_some()).count();
        assert_eq!(now, occupied);
    }
    assert_eq!(g.winners(), vec![1]);
}
