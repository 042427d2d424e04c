//! Every worked example of rules §10 (base game) as a test named after it, plus rule tests.

mod common;
use common::*;
use meeple_core::Game;
use meeple_puerto_rico::data::*;
use meeple_puerto_rico::*;

#[test]
fn w1_mayor_distribution() {
    let mut g = game(4);
    // 6 colonists on the ship (2 more from the supply).
    g.colonist_supply -= 2;
    g.colonist_ship += 2;
    start(&mut g, 0, Role::Mayor);
    assert_eq!(g.step, Step::MayorPrivilege);
    act(&mut g, "take privilege colonist");
    // Each player owns one plantation: arrangement is forced, so the phase is over.
    let owned: Vec<u32> = (0..4).map(|p| g.players.p[p].colonists()).collect();
    assert_eq!(owned, vec![3, 2, 1, 1]);
    for p in 0..4 {
        assert_eq!(g.players.p[p].island_colonists.total(), 1);
    }
    assert_eq!(g.players.p[0].san_juan, 2);
    // Refill: no empty building circles, so N = 4 colonists.
    assert_eq!(g.colonist_ship, 4);
    assert_eq!(g.colonist_supply, 75 - 2 - 1 - 4);
    assert_eq!(g.step, Step::ChooseRole);
}

#[test]
fn w2_quarry_discount() {
    let mut g = game(4);
    for p in 0..2 {
        give_tiles(&mut g, p, QUARRY, 3, 3);
        g.players.p[p].doubloons = 20;
    }
    start(&mut g, 0, Role::Builder);
    let cases = [
        (Building::ConstructionHut, 1, 0),
        (Building::Office, 3, 2),
        (Building::Harbor, 5, 4),
        (Building::CityHall, 7, 6),
    ];
    for (b, other, builder) in cases {
        assert_eq!(g.price(1, b as usize), other, "{b:?} for a non-builder");
        assert_eq!(g.price(0, b as usize), builder, "{b:?} for the builder");
    }
}

/// W3's position: 4 players, ships 5/6/7, ship 6 holding 3 corn.
fn w3_position() -> PuertoRico {
    let mut g = game(4);
    g.goods_supply.0[Good::Corn as usize] -= 3;
    g.ships.s[1].good = Some(Good::Corn);
    g.ships.s[1].count = 3;
    give_goods(&mut g, 0, Good::Corn, 2);
    give_goods(&mut g, 0, Good::Sugar, 6);
    give_goods(&mut g, 1, Good::Sugar, 2);
    give_goods(&mut g, 1, Good::Tobacco, 3);
    give_goods(&mut g, 2, Good::Corn, 2);
    give_goods(&mut g, 2, Good::Tobacco, 1);
    give_goods(&mut g, 3, Good::Corn, 1);
    give_goods(&mut g, 3, Good::Indigo, 5);
    g.validate().unwrap();
    g
}

#[test]
fn w3_captain_phase() {
    let mut g = w3_position();
    let supply_before = g.vp_supply;
    start(&mut g, 0, Role::Captain);
    // Turn 1 (Anna): sugar only onto ship 7 (it takes more than ship 5); corn onto ship 6.
    assert_eq!(to_move(&g), Some(0));
    let l = legal(&g);
    assert!(l.contains(&load_id(Good::Sugar, 2)));
    assert!(!l.contains(&load_id(Good::Sugar, 0)));
    assert!(l.contains(&load_id(Good::Corn, 1)));
    assert!(!l.contains(&PASS));
    act(&mut g, "load sugar on ship 7");
    assert_eq!(g.players.p[0].vp, 7);
    // Turn 2 (Vasilis): 1 sugar fills ship 7; tobacco onto ship 5 was legal.
    assert_eq!(to_move(&g), Some(1));
    assert!(legal(&g).contains(&load_id(Good::Tobacco, 0)));
    act(&mut g, "load sugar on ship 7");
    assert_eq!(g.ships.s[2].count, 7);
    assert_eq!(g.players.p[1].goods.0[Good::Sugar as usize], 1);
    // Turn 3 (Christos): 1 tobacco onto ship 5; corn onto ship 6 was legal.
    assert!(legal(&g).contains(&load_id(Good::Corn, 1)));
    act(&mut g, "load tobacco on ship 5");
    // Turn 4 (Dimitris): forced corn (no ship can take indigo).
    assert_eq!(labels(&g), vec!["load corn on ship 6"]);
    act(&mut g, "load corn on ship 6");
    // Turn 5 (Anna): forced 2 corn.
    assert_eq!(labels(&g), vec!["load corn on ship 6"]);
    act(&mut g, "load corn on ship 6");
    assert_eq!(g.ships.s[1].count, 6);
    // Turn 6 (Vasilis): forced 3 tobacco.
    assert_eq!(to_move(&g), Some(1));
    assert_eq!(labels(&g), vec!["load tobacco on ship 5"]);
    act(&mut g, "load tobacco on ship 5");
    // Nobody can load: storage (all forced) and unloading; the phase is over.
    assert_eq!(g.step, Step::ChooseRole);
    let vp: Vec<u32> = (0..4).map(|p| g.players.p[p].vp).collect();
    assert_eq!(vp, vec![9, 4, 1, 1]);
    assert_eq!(supply_before - g.vp_supply, 15);
    assert_eq!(g.players.p[2].goods.0, [1, 0, 0, 0, 0]);
    assert_eq!(g.players.p[3].goods.0, [0, 1, 0, 0, 0]);
    assert_eq!(g.players.p[1].goods.0, [0, 0, 1, 0, 0]);
    assert_eq!(g.players.p[0].goods.total(), 0);
    // Ships 6 and 7 emptied, ship 5 keeps 4 tobacco.
    assert_eq!(g.ships.s[0].count, 4);
    assert_eq!(g.ships.s[0].good, Some(Good::Tobacco));
    assert_eq!((g.ships.s[1].count, g.ships.s[1].good), (0, None));
    assert_eq!((g.ships.s[2].count, g.ships.s[2].good), (0, None));
}

/// W4: seat 1 (not the captain) with an occupied harbor and wharf, 5 tobacco and 2 sugar; the
/// tobacco ship has exactly 3 free slots, the sugar ship 5.
fn w4_position() -> PuertoRico {
    let mut g = game(4);
    give_building(&mut g, 1, Building::Harbor, 1);
    give_building(&mut g, 1, Building::Wharf, 1);
    g.goods_supply.0[Good::Tobacco as usize] -= 2;
    g.ships.s[0].good = Some(Good::Tobacco);
    g.ships.s[0].count = 2;
    g.goods_supply.0[Good::Sugar as usize] -= 1;
    g.ships.s[1].good = Some(Good::Sugar);
    g.ships.s[1].count = 1;
    give_goods(&mut g, 1, Good::Tobacco, 5);
    give_goods(&mut g, 1, Good::Sugar, 2);
    g.validate().unwrap();
    g
}

#[test]
fn w4_harbor_and_wharf() {
    let mut g = w4_position();
    start(&mut g, 0, Role::Captain);
    assert_eq!(to_move(&g), Some(1));
    assert_eq!(
        labels(&g),
        vec![
            "load sugar on ship 6",
            "load tobacco on ship 5",
            "wharf sugar",
            "wharf tobacco"
        ]
    );
    act(&mut g, "load tobacco on ship 5");
    assert_eq!(g.players.p[1].vp, 4);
    act(&mut g, "load sugar on ship 6");
    assert_eq!(g.players.p[1].vp, 7);
    act(&mut g, "wharf tobacco");
    assert_eq!(g.players.p[1].vp, 10);
    assert_eq!(g.step, Step::ChooseRole);
    // The full tobacco ship was emptied; the sugar ship (3/6) was not.
    assert_eq!((g.ships.s[0].count, g.ships.s[0].good), (0, None));
    assert_eq!(g.ships.s[1].count, 3);
}

#[test]
fn w4b_wharf_first() {
    let mut g = w4_position();
    start(&mut g, 0, Role::Captain);
    act(&mut g, "wharf tobacco");
    assert_eq!(g.players.p[1].vp, 6);
    act(&mut g, "load sugar on ship 6");
    assert_eq!(g.players.p[1].vp, 9);
    assert_eq!(g.step, Step::ChooseRole);
    // The tobacco ship (2/5) is not full and keeps its cargo.
    assert_eq!(g.ships.s[0].count, 2);
    assert_eq!(g.ships.s[0].good, Some(Good::Tobacco));
}

#[test]
fn w5_prospector() {
    let mut g = game(4);
    g.roles.0[Role::Prospector as usize].doubloons = 2;
    let before = g.players.p[0].doubloons;
    start(&mut g, 0, Role::Prospector);
    assert_eq!(g.players.p[0].doubloons, before + 3);
}

#[test]
fn w6_production() {
    let mut g = game(4);
    // Seat 1 (not the craftsman): 3 corn (2 occupied), tobacco storage 1/3 with 2 occupied
    // tobacco plantations, 4 sugar (3 occupied) with a full sugar mill.
    let p = 1;
    g.players.p[p].island.0 = [0; 6];
    g.deck.0[Good::Indigo as usize] += 1; // return the starting indigo
    give_tiles(&mut g, p, Good::Corn as usize, 3, 2);
    give_tiles(&mut g, p, Good::Tobacco as usize, 2, 2);
    give_tiles(&mut g, p, Good::Sugar as usize, 4, 3);
    give_building(&mut g, p, Building::TobaccoStorage, 1);
    give_building(&mut g, p, Building::SugarMill, 3);
    g.validate().unwrap();
    start(&mut g, 0, Role::Craftsman);
    assert_eq!(g.players.p[p].goods.0, [2, 0, 3, 1, 0]);
}

#[test]
fn w7_small_market() {
    let mut g = game(4);
    give_building(&mut g, 1, Building::SmallMarket, 1);
    give_goods(&mut g, 1, Good::Corn, 1);
    let before = g.players.p[1].doubloons;
    start(&mut g, 0, Role::Trader);
    assert_eq!(to_move(&g), Some(1));
    act(&mut g, "sell corn");
    assert_eq!(g.players.p[1].doubloons, before + 1);
}

#[test]
fn w8_office() {
    let mut g = game(4);
    g.goods_supply.0[Good::Tobacco as usize] -= 1;
    g.trading_house.0[Good::Tobacco as usize] = 1;
    give_building(&mut g, 1, Building::Office, 1);
    give_building(&mut g, 2, Building::Office, 1);
    for p in 1..4 {
        give_goods(&mut g, p, Good::Tobacco, 1);
    }
    let before: Vec<u32> = (0..4).map(|p| g.players.p[p].doubloons).collect();
    start(&mut g, 0, Role::Trader);
    assert_eq!(to_move(&g), Some(1));
    act(&mut g, "sell tobacco");
    assert_eq!(to_move(&g), Some(2));
    act(&mut g, "sell tobacco");
    // Seat 3 has no office: tobacco is in the house, so he cannot sell; the phase ends.
    assert_eq!(g.step, Step::ChooseRole);
    assert_eq!(g.trading_house.0[Good::Tobacco as usize], 3);
    assert_eq!(g.players.p[1].doubloons, before[1] + 3);
    assert_eq!(g.players.p[2].doubloons, before[2] + 3);
    assert_eq!(g.players.p[3].doubloons, before[3]);
}

#[test]
fn w9_factory() {
    let mut g = game(4);
    let p = 3;
    g.players.p[p].island.0 = [0; 6];
    g.deck.0[Good::Corn as usize] += 1;
    give_tiles(&mut g, p, Good::Corn as usize, 3, 3);
    give_tiles(&mut g, p, Good::Sugar as usize, 3, 3);
    give_tiles(&mut g, p, Good::Tobacco as usize, 1, 1);
    give_building(&mut g, p, Building::SugarMill, 3);
    give_building(&mut g, p, Building::TobaccoStorage, 1);
    give_building(&mut g, p, Building::Factory, 1);
    // Supply: 0 corn, 2 sugar (the rest with seat 1).
    give_goods(&mut g, 1, Good::Corn, 10);
    give_goods(&mut g, 1, Good::Sugar, 9);
    g.validate().unwrap();
    let before = g.players.p[p].doubloons;
    start(&mut g, 0, Role::Craftsman);
    assert_eq!(g.players.p[p].goods.0, [0, 0, 2, 1, 0]);
    assert_eq!(g.players.p[p].doubloons, before + 1);
}

#[test]
fn w10_guild_hall() {
    let mut g = game(4);
    give_building(&mut g, 0, Building::GuildHall, 1);
    for b in [
        Building::SmallSugarMill,
        Building::SugarMill,
        Building::SmallIndigoPlant,
        Building::CoffeeRoaster,
    ] {
        give_building(&mut g, 0, b, 0);
    }
    assert_eq!(g.players.p[0].large_bonus(), 6);
}

#[test]
fn w11_residence() {
    let mut g = game(4);
    give_building(&mut g, 0, Building::Residence, 1);
    give_tiles(&mut g, 0, Good::Sugar as usize, 9, 0);
    assert_eq!(g.players.p[0].island_used(), 10);
    assert_eq!(g.players.p[0].large_bonus(), 5);
}

#[test]
fn w12_fortress() {
    let mut g = game(4);
    give_building(&mut g, 0, Building::Fortress, 1);
    give_tiles(&mut g, 0, Good::Sugar as usize, 9, 9);
    give_san_juan(&mut g, 0, 10);
    assert_eq!(g.players.p[0].colonists(), 20);
    assert_eq!(g.players.p[0].large_bonus(), 6);
}

#[test]
fn w13_customs_house() {
    let mut g = game(4);
    give_building(&mut g, 0, Building::CustomsHouse, 1);
    give_vp(&mut g, 0, 23);
    assert_eq!(g.players.p[0].large_bonus(), 5);
}

#[test]
fn w14_city_hall() {
    let mut g = game(4);
    give_building(&mut g, 0, Building::CityHall, 1);
    for b in [
        Building::Hacienda,
        Building::Wharf,
        Building::Office,
        Building::ConstructionHut,
        Building::LargeWarehouse,
        Building::Residence,
    ] {
        give_building(&mut g, 0, b, 0);
    }
    assert_eq!(g.players.p[0].large_bonus(), 7);
}

#[test]
fn w19_rule_checks_markets() {
    let mut g = game(4);
    give_building(&mut g, 0, Building::SmallMarket, 1);
    give_building(&mut g, 0, Building::LargeMarket, 1);
    give_goods(&mut g, 0, Good::Indigo, 1);
    let before = g.players.p[0].doubloons;
    start(&mut g, 0, Role::Trader);
    act(&mut g, "sell indigo");
    // price 1 + trader 1 + small 1 + large 2
    assert_eq!(g.players.p[0].doubloons, before + 5);
}

#[test]
fn w19_rule_checks_warehouses() {
    let mut g = game(4);
    give_building(&mut g, 1, Building::SmallWarehouse, 1);
    give_building(&mut g, 1, Building::LargeWarehouse, 1);
    // All three ships busy with other kinds so nothing of seat 1's can be loaded.
    for (s, good) in [(0, Good::Corn), (1, Good::Indigo), (2, Good::Sugar)] {
        g.goods_supply.0[good as usize] -= 1;
        g.ships.s[s].good = Some(good);
        g.ships.s[s].count = 1;
    }
    // Fill the ships so nothing can be loaded.
    for s in 0..3 {
        let good = g.ships.s[s].good.unwrap() as usize;
        let cap = g.ships.s[s].capacity;
        g.goods_supply.0[good] -= cap - 1;
        g.ships.s[s].count = cap;
    }
    give_goods(&mut g, 1, Good::Corn, 1);
    give_goods(&mut g, 1, Good::Indigo, 2);
    give_goods(&mut g, 1, Good::Tobacco, 3);
    give_goods(&mut g, 1, Good::Coffee, 4);
    g.validate().unwrap();
    start(&mut g, 0, Role::Captain);
    // Nobody can load: storage for seat 1 (3 kinds of 4 + one barrel of the fourth).
    assert_eq!(g.step, Step::Warehouse);
    assert_eq!(to_move(&g), Some(1));
    // Picks go in ascending order and must leave enough kinds for the remaining picks.
    assert_eq!(labels(&g), vec!["warehouse corn", "warehouse indigo"]);
    act(&mut g, "warehouse indigo");
    // Tobacco and coffee are then forced, and the single barrel is the corn: all automatic.
    assert_eq!(g.step, Step::ChooseRole);
    assert_eq!(g.players.p[1].goods.0, [1, 2, 0, 3, 4]);
}

#[test]
fn w19_rule_checks_construction_hut() {
    let mut g = game(4);
    give_building(&mut g, 0, Building::ConstructionHut, 1);
    start(&mut g, 0, Role::Settler);
    assert!(labels(&g).contains(&"take quarry".to_string()));
    act(&mut g, "take quarry");
    assert_eq!(g.players.p[0].island.0[QUARRY], 1);
    // Exactly one quarry: the settler's turn is over.
    assert_eq!(to_move(&g), Some(1));
}

#[test]
fn w3_captain_phase_from_json_position() {
    // The same position, hand-written in the documented format (tests/positions/w3_captain.json).
    let text = include_str!("positions/w3_captain.json");
    let v: serde_json::Value = serde_json::from_str(text).unwrap();
    let mut g: PuertoRico = meeple_core::dynamic::load_state(&v).unwrap();
    let mut built = w3_position();
    built.rng = g.rng.clone();
    assert_eq!(g, built);
    act(&mut g, "role captain");
    for (label, seat) in [
        ("load sugar on ship 7", 0),
        ("load sugar on ship 7", 1),
        ("load tobacco on ship 5", 2),
        ("load corn on ship 6", 3),
        ("load corn on ship 6", 0),
        ("load tobacco on ship 5", 1),
    ] {
        assert_eq!(to_move(&g), Some(seat));
        act(&mut g, label);
    }
    let vp: Vec<u32> = (0..4).map(|p| g.players.p[p].vp).collect();
    assert_eq!(vp, vec![9, 4, 1, 1]);
    assert_eq!(g.vp_supply, 85);
}
