//! Every worked example of section 13 of the spec (WE-1..WE-15, DT-1..DT-6), one test each.

mod common;
use common::*;
use meeple_castles_of_burgundy::data::{board, Colour};
use meeple_castles_of_burgundy::{Bonus, Pending, Phase, Step};
use meeple_core::{Game, GameRng, Turn};
use serde_json::json;

fn cur(g: &G) -> usize {
    match g.turn() {
        Turn::Player(p) => p,
        _ => panic!("not a player's turn"),
    }
}

#[test]
fn we_1_workers_wrap() {
    let mut g = start(4);
    let p = cur(&g);
    my_turn(&mut g, p, [2, 4]);
    g.players[p].workers = 2;
    clear_storage(&mut g, p);
    let before = g.depots[5].iter().flatten().count();
    act_p(&mut g, "take die1 depot6.1");
    assert_eq!(g.players[p].workers, 0);
    assert!(g.players[p].dice_used[0]);
    assert!(g.players[p].storage[0].is_some());
    assert_eq!(g.depots[5].iter().flatten().count(), before - 1);
    // With one worker depot 6 is out of reach from a 2.
    let mut g = start(4);
    let p = cur(&g);
    my_turn(&mut g, p, [2, 2]);
    g.players[p].workers = 1;
    assert!(!has_p(&g, "take die1 depot6"));
    assert!(has_p(&g, "take die1 depot1"));
}

#[test]
fn we_2_ship_goods() {
    let mut g = start(3);
    let p = cur(&g);
    my_turn(&mut g, p, [5, 1]);
    clear_goods(&mut g);
    clear_depot_goods(&mut g);
    give_goods(&mut g, p, 1, 1); // light blue in slot A
    give_goods(&mut g, p, 2, 2); // type X in slot B
    depot_goods(&mut g, 3, 1, 1);
    depot_goods(&mut g, 3, 4, 1); // type Y
    clear_storage(&mut g, p);
    put_storage(&mut g, p, 0, t("ship"));
    let pos = g.players[p].track_position;
    act(&mut g, "place die1 storage1:ship@20");
    assert_eq!(g.pending, Pending::ShipDepot);
    act(&mut g, "ship_goods depot3");
    assert_eq!(g.players[p].goods, [2, 2, 0, 1, 0, 0]);
    assert_eq!(g.depot_goods[2], [0; 6]);
    assert_eq!(g.players[p].track_position, pos + 1);
    // Alone on the new space: first in the next round's order.
    let top = g
        .players
        .iter()
        .enumerate()
        .max_by_key(|(_, q)| (q.track_position, q.track_height))
        .map(|(i, _)| i);
    assert_eq!(top, Some(p));
}

fn pasture_game() -> (G, usize) {
    let mut g = start(2);
    let p = cur(&g);
    clear_storage(&mut g, p);
    g.players[p].vp = 0;
    (g, p)
}

#[test]
fn we_3_pasture_scoring() {
    let (mut g, p) = pasture_game();
    put_estate(&mut g, p, 11, t("cow_3"));
    put_storage(&mut g, p, 0, t("cow_4"));
    my_turn(&mut g, p, [5, 1]);
    act(&mut g, "place die1 storage1:cow_4@10");
    assert_eq!(g.players[p].vp, 7);
}

#[test]
fn we_3b_pasture_scoring_continued() {
    let (mut g, p) = pasture_game();
    put_estate(&mut g, p, 11, t("cow_3"));
    put_storage(&mut g, p, 0, t("cow_4"));
    my_turn(&mut g, p, [5, 1]);
    act(&mut g, "place die1 storage1:cow_4@10");
    assert_eq!(g.players[p].vp, 7);
    put_storage(&mut g, p, 0, t("cow_4"));
    my_turn(&mut g, p, [2, 1]);
    act(&mut g, "place die1 storage1:cow_4@5");
    assert_eq!(g.players[p].vp, 7 + 11);
}

#[test]
fn we_4_knowledge_7() {
    let (mut g, p) = pasture_game();
    put_estate(&mut g, p, 13, t("knowledge_7"));
    put_estate(&mut g, p, 11, t("sheep_4"));
    put_storage(&mut g, p, 0, t("sheep_3"));
    my_turn(&mut g, p, [5, 1]);
    act(&mut g, "place die1 storage1:sheep_3@10");
    assert_eq!(g.players[p].vp, 9);
}

#[test]
fn we_4b_knowledge_7_other_species() {
    let (mut g, p) = pasture_game();
    put_estate(&mut g, p, 13, t("knowledge_7"));
    put_estate(&mut g, p, 11, t("sheep_4"));
    put_estate(&mut g, p, 10, t("sheep_3"));
    put_storage(&mut g, p, 0, t("pig_2"));
    my_turn(&mut g, p, [2, 1]);
    act(&mut g, "place die1 storage1:pig_2@5");
    assert_eq!(g.players[p].vp, 3);
}

#[test]
fn we_5_knowledge_8() {
    let mut g = start(2);
    let p = cur(&g);
    clear_storage(&mut g, p);
    put_estate(&mut g, p, 13, t("knowledge_8"));
    put_storage(&mut g, p, 0, t("bank"));
    my_turn(&mut g, p, [6, 6]);
    g.players[p].workers = 1;
    assert!(!has_p(&g, "place die1 storage1:bank@12"));
    g.players[p].workers = 2;
    act(&mut g, "place die1 storage1:bank@12");
    assert_eq!(g.players[p].workers, 0);
}

fn scoring_game() -> (G, usize) {
    let mut g = start(2);
    let p = 0;
    clear_goods(&mut g);
    clear_storage(&mut g, p);
    g.players[p].silverlings = 0;
    g.players[p].workers = 0;
    (g, p)
}

fn sell_record(g: &mut G, p: usize, counts: [u8; 6]) {
    for (i, &c) in counts.iter().enumerate() {
        give_goods(g, p, i + 1, c);
        g.players[p].goods[i] -= c;
        g.players[p].sold[i] += c;
    }
}

#[test]
fn we_6_knowledge_15() {
    let (mut g, p) = scoring_game();
    sell_record(&mut g, p, [4, 3, 3, 1, 0, 0]);
    assert_eq!(g.final_points(p), 0);
    put_estate(&mut g, p, 13, t("knowledge_15"));
    g.validate().unwrap();
    assert_eq!(g.final_points(p), 12);
}

#[test]
fn we_7_knowledge_25() {
    let (mut g, p) = scoring_game();
    sell_record(&mut g, p, [4, 3, 3, 1, 0, 0]);
    put_estate(&mut g, p, 13, t("knowledge_25"));
    assert_eq!(g.final_points(p), 11);
    put_estate(&mut g, p, 8, t("knowledge_15"));
    g.validate().unwrap();
    assert_eq!(g.final_points(p), 23);
}

#[test]
fn we_8_knowledge_16_to_23() {
    let (mut g, p) = scoring_game();
    put_estate(&mut g, p, 13, t("knowledge_17"));
    put_estate(&mut g, p, 8, t("knowledge_22"));
    for id in [12, 9, 23, 26] {
        put_estate(&mut g, p, id, t("bank"));
    }
    for id in [14, 24] {
        put_estate(&mut g, p, id, t("watchtower"));
    }
    g.validate().unwrap();
    assert_eq!(g.final_points(p), 24);
}

#[test]
fn we_9_knowledge_24() {
    let (mut g, p) = scoring_game();
    put_estate(&mut g, p, 13, t("knowledge_24"));
    put_estate(&mut g, p, 1, t("cow_2"));
    put_estate(&mut g, p, 5, t("chicken_3"));
    put_estate(&mut g, p, 6, t("sheep_2"));
    put_estate(&mut g, p, 10, t("sheep_3"));
    put_estate(&mut g, p, 11, t("sheep_4"));
    g.validate().unwrap();
    assert_eq!(g.final_points(p), 12);
}

#[test]
fn we_10_market_without_targets() {
    let mut g = start(3);
    let p = cur(&g);
    clear_depots(&mut g);
    put_depot(&mut g, 2, 0, t("knowledge_3")); // no ship or animal anywhere
    clear_storage(&mut g, p);
    put_storage(&mut g, p, 0, t("market"));
    my_turn(&mut g, p, [3, 1]);
    act(&mut g, "place die1 storage1:market@12");
    assert_eq!(g.players[p].estate[11], Some(t("market")));
    assert_eq!(g.pending, Pending::None);
    assert_eq!(g.turn(), Turn::Player(p));
}

#[test]
fn we_11_knowledge_13() {
    let mut g = start(2);
    let p = cur(&g);
    clear_storage(&mut g, p);
    put_estate(&mut g, p, 13, t("knowledge_13"));
    put_storage(&mut g, p, 0, t("boarding_house"));
    my_turn(&mut g, p, [3, 1]);
    let (w, s) = (g.players[p].workers, g.players[p].silverlings);
    act(&mut g, "place die1 storage1:boarding_house@12");
    assert_eq!(g.players[p].workers, w + 4);
    assert_eq!(g.players[p].silverlings, s);
    act(&mut g, "workers die2");
    assert_eq!(g.players[p].workers, w + 6);
    assert_eq!(g.players[p].silverlings, s + 1);
}

#[test]
fn we_12_estate_1_data() {
    let b = board(1);
    let mut city_sizes: Vec<u32> = b
        .region_cells
        .iter()
        .filter(|&&m| b.colour[m.trailing_zeros() as usize] == Colour::Building)
        .map(|m| m.count_ones())
        .collect();
    city_sizes.sort();
    assert_eq!(city_sizes, vec![1, 3, 3, 5]);
    let count = |c: Colour| b.colour.iter().filter(|&&x| x == c).count();
    assert_eq!(count(Colour::Building), 12);
    assert_eq!(count(Colour::Pasture), 6);
    assert_eq!(count(Colour::Castle), 4);
    assert_eq!(count(Colour::Mine), 3);
    assert_eq!(count(Colour::Ship), 6);
    assert_eq!(count(Colour::Knowledge), 6);
    assert_eq!(b.colour.len(), 37);
    assert_eq!(b.colour[18], Colour::Castle);
    assert_eq!(b.die[18], 6);
}

#[test]
fn we_13_setup() {
    let g = G::new(&config(4, json!({})), 11).unwrap();
    for (i, &s) in g.order.iter().enumerate() {
        let pl = &g.players[s as usize];
        assert_eq!(pl.workers, i as u16 + 1);
        assert_eq!(pl.silverlings, 1);
        assert_eq!(pl.goods.iter().sum::<u8>(), 3);
        assert_eq!(pl.estate[18], Some(t("castle")));
    }
    // The first player's marker is on top of the single stack: first in order, white die.
    let first = g.order[0] as usize;
    assert!(g
        .players
        .iter()
        .enumerate()
        .all(|(q, pl)| q == first || pl.track_height < g.players[first].track_height));
    assert_eq!(g.goods_bag.iter().map(|&x| x as u32).sum::<u32>(), 42 - 12);
}

#[test]
fn we_14_region_ranges() {
    // A size-1 city completed in phase A: 1 + 10.
    let mut g = start(2);
    let p = cur(&g);
    clear_storage(&mut g, p);
    put_storage(&mut g, p, 0, t("bank"));
    g.players[p].vp = 0;
    my_turn(&mut g, p, [3, 1]);
    act(&mut g, "place die1 storage1:bank@12");
    assert_eq!(g.players[p].vp, 11);

    // A size-8 city (2011 board 2) completed in phase E: 36 + 2.
    let mut g = start_with(2, json!({"board": 2}));
    let p = cur(&g);
    let b = board(2);
    let big = *b
        .region_cells
        .iter()
        .find(|m| m.count_ones() == 8)
        .expect("board 2 has a city of 8");
    let cells: Vec<usize> = (0..37).filter(|&c| big & (1 << c) != 0).collect();
    let kinds = [
        "warehouse",
        "carpenters_workshop",
        "church",
        "market",
        "boarding_house",
        "city_hall",
        "watchtower",
    ];
    // Fill all but one cell that is adjacent to another city cell.
    let last = cells[cells.len() - 1];
    for (i, &c) in cells.iter().filter(|&&c| c != last).enumerate() {
        put_estate(&mut g, p, c + 1, t(kinds[i]));
    }
    clear_storage(&mut g, p);
    put_storage(&mut g, p, 0, t("bank"));
    set_phase(&mut g, Phase::E);
    g.players[p].vp = 0;
    my_turn(&mut g, p, [b.die[last], 1]);
    act(&mut g, &format!("place die1 storage1:bank@{}", last + 1));
    assert_eq!(g.players[p].vp, 38);
}

#[test]
fn we_15_length() {
    let mut g = G::new(&config(3, json!({})), 5).unwrap();
    let mut rng = GameRng::new(9);
    let mut l = Vec::new();
    let mut die_actions = [0u32; 3];
    let mut rounds = std::collections::BTreeSet::new();
    while g.turn() != Turn::Terminal {
        g.legal_actions(&mut l);
        let a = l[rng.index(l.len())];
        if let Turn::Player(p) = g.turn() {
            let die_src = match a {
                0..=71 => Some(a / 24),
                72..=515 => Some((a - 72) / 111),
                516..=539 => Some((a - 516) / 6),
                540..=542 => Some(a - 540),
                _ => None,
            };
            if matches!(die_src, Some(0 | 1)) {
                die_actions[p] += 1;
            }
            rounds.insert((g.phase.index(), g.round));
        }
        g.apply(a).unwrap();
    }
    assert_eq!(rounds.len(), 25);
    assert_eq!(die_actions, [50, 50, 50]);
    assert_eq!(g.step, Step::GameOver);
}

#[test]
fn dt_1_sell_goods() {
    for (k, silver, workers) in [
        (None, 1, 0),
        (Some("knowledge_3"), 2, 0),
        (Some("knowledge_4"), 1, 1),
    ] {
        let mut g = start(3);
        let p = cur(&g);
        clear_goods(&mut g);
        give_goods(&mut g, p, 4, 3);
        if let Some(k) = k {
            put_estate(&mut g, p, 13, t(k));
        }
        my_turn(&mut g, p, [4, 4]);
        let (vp, s, w) = (
            g.players[p].vp,
            g.players[p].silverlings,
            g.players[p].workers,
        );
        act(&mut g, "sell die1 goods4");
        assert_eq!(g.players[p].vp, vp + 9);
        assert_eq!(g.players[p].silverlings, s + silver);
        assert_eq!(g.players[p].workers, w + workers);
        assert_eq!(g.players[p].goods[3], 0);
        assert_eq!(g.players[p].sold[3], 3);
    }
}

#[test]
fn dt_2_last_mine_phase_b() {
    let mut g = start(3);
    let p = cur(&g);
    put_estate(&mut g, p, 25, t("mine"));
    put_estate(&mut g, p, 30, t("mine"));
    clear_storage(&mut g, p);
    put_storage(&mut g, p, 0, t("mine"));
    set_phase(&mut g, Phase::B);
    g.players[p].vp = 0;
    my_turn(&mut g, p, [3, 1]);
    act(&mut g, "place die1 storage1:mine@34");
    assert_eq!(g.players[p].vp, 6 + 8 + 6);
    assert_eq!(g.players[p].bonuses[Colour::Mine.index()], Bonus::Large);
}

#[test]
fn dt_3_final_goods_silver_workers() {
    let (mut g, p) = scoring_game();
    give_goods(&mut g, p, 1, 2);
    give_goods(&mut g, p, 2, 1);
    g.players[p].silverlings = 4;
    g.players[p].workers = 5;
    assert_eq!(g.final_points(p), 9);
}

#[test]
fn dt_4_legal_placements() {
    let mut g = start(2);
    let p = cur(&g);
    clear_storage(&mut g, p);
    put_storage(&mut g, p, 0, t("bank"));
    put_storage(&mut g, p, 1, t("ship"));
    my_turn(&mut g, p, [3, 5]);
    g.players[p].workers = 0;
    let mut places: Vec<String> = labels(&g)
        .into_iter()
        .filter(|l| l.starts_with("place"))
        .collect();
    places.sort();
    assert_eq!(
        places,
        vec![
            "place die1 storage1:bank@12",
            "place die1 storage1:bank@26",
            "place die2 storage2:ship@20",
        ]
    );
}

/// Three players in one stack at 0: P1 (seat 0) on top, then P2, P3; round order P1, P2, P3.
fn stack_game() -> G {
    let mut g = start(3);
    g.order = vec![0, 1, 2];
    for (i, pl) in g.players.iter_mut().enumerate() {
        pl.track_position = 0;
        pl.track_height = 2 - i as u8;
    }
    for p in 0..3 {
        clear_storage(&mut g, p);
        put_storage(&mut g, p, 0, t("ship"));
    }
    clear_depot_goods(&mut g);
    g
}

#[test]
fn dt_5_ship_turn_order() {
    let mut g = stack_game();
    my_turn(&mut g, 0, [1, 1]);
    act(&mut g, "workers die1");
    act(&mut g, "workers die2");
    assert_eq!(g.turn(), Turn::Player(1));
    g.players[1].dice = [1, 1];
    act(&mut g, "workers die1");
    act(&mut g, "workers die2");
    assert_eq!(g.turn(), Turn::Player(2));
    g.players[2].dice = [5, 1];
    act(&mut g, "place die1 storage1:ship@20");
    // The round's order is unchanged: P3 still finishes its turn, then the round ends.
    assert_eq!(g.order, vec![0, 1, 2]);
    act(&mut g, "workers die2");
    assert_eq!(g.turn(), Turn::Chance);
    assert_eq!(g.order, vec![2, 0, 1]);
}

#[test]
fn dt_6_two_ships_same_round() {
    let mut g = stack_game();
    my_turn(&mut g, 0, [5, 1]);
    act(&mut g, "place die1 storage1:ship@20");
    act(&mut g, "workers die2");
    g.players[1].dice = [5, 1];
    act(&mut g, "place die1 storage1:ship@20");
    assert!(g.players[1].track_height > g.players[0].track_height);
    act(&mut g, "workers die2");
    assert_eq!(g.turn(), Turn::Player(2));
    g.players[2].dice = [1, 1];
    act(&mut g, "workers die1");
    act(&mut g, "workers die2");
    assert_eq!(g.order, vec![1, 0, 2]);
}
