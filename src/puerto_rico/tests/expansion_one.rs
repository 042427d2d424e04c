//! Expansion I "The New Buildings" (rules §8): the worked examples W15-W18 (§10) and X1-X6
//! (§8.7) as tests named after them, one test per new building effect, the set-up options and
//! the option refusals.

mod common;
use common::*;
use meeple_core::{Action, Game};
use meeple_puerto_rico::data::*;
use meeple_puerto_rico::*;
use serde_json::{json, Value};

fn give_forests(g: &mut PuertoRico, p: usize, kind: Good, n: u8) {
    let k = kind as usize;
    for _ in 0..n {
        if g.deck.0[k] > 0 {
            g.deck.0[k] -= 1;
        } else {
            g.plantation_row.0[k] -= 1;
        }
        g.players.p[p].forests.0[k] += 1;
    }
}

// ---------------------------------------------------------------------------------------------
// Worked examples of the rulebook (§10) for Expansion I.
// ---------------------------------------------------------------------------------------------

#[test]
fn w15_aqueduct() {
    // Ex 1: the large indigo plant makes nothing (no occupied indigo plantation); the small
    // sugar mill makes 1 sugar: no bonus.
    let mut g = xgame(4, &[]);
    give_building(&mut g, 0, Building::Aqueduct, 1);
    give_building(&mut g, 0, Building::IndigoPlant, 1);
    give_building(&mut g, 0, Building::SmallSugarMill, 1);
    g.players.p[0].island = Default::default();
    g.deck.0[Good::Indigo as usize] += 1;
    give_tiles(&mut g, 0, Good::Sugar as usize, 1, 1);
    g.validate().unwrap();
    start(&mut g, 1, Role::Craftsman);
    assert_eq!(g.players.p[0].goods.0[Good::Indigo as usize], 0);
    assert_eq!(g.players.p[0].goods.0[Good::Sugar as usize], 1);

    // Ex 2: the large indigo plant makes 1 indigo, the large sugar mill 3 sugar: 2 and 4.
    let mut g = xgame(4, &[]);
    give_building(&mut g, 0, Building::Aqueduct, 1);
    give_building(&mut g, 0, Building::IndigoPlant, 1);
    give_building(&mut g, 0, Building::SugarMill, 3);
    give_tiles(&mut g, 0, Good::Indigo as usize, 0, 1);
    give_tiles(&mut g, 0, Good::Sugar as usize, 3, 3);
    g.validate().unwrap();
    start(&mut g, 1, Role::Craftsman);
    assert_eq!(g.players.p[0].goods.0[Good::Indigo as usize], 2);
    assert_eq!(g.players.p[0].goods.0[Good::Sugar as usize], 4);
}

#[test]
fn w16_forest_house() {
    let mut g = xgame(4, &[("small_wharf", "large_warehouse")]);
    give_building(&mut g, 0, Building::ForestHouse, 0);
    give_forests(&mut g, 0, Good::Corn, 3);
    give_forests(&mut g, 0, Good::Sugar, 3);
    give_tiles(&mut g, 0, QUARRY, 2, 2);
    g.players.p[0].doubloons = 0;
    g.validate().unwrap();
    start(&mut g, 0, Role::Builder);
    // 6 - 1 (builder) - 2 (quarries) - 3 (6 forests; the forest house is unoccupied) = 0.
    assert_eq!(g.price(0, Building::LargeWarehouse as usize), 0);
    act(&mut g, "build large_warehouse");
    assert!(g.players.p[0].buildings.owns(Building::LargeWarehouse));
    assert_eq!(g.players.p[0].doubloons, 0);
}

/// The owner of an occupied black market (seat 0, not the builder; options `extra`) with
/// `doubloons`, 1 indigo, a colonist on his windrose, 3 VP chips and an occupied quarry, to
/// build in the builder phase of seat 1; the wharf is in the set.
fn black_market_position(extra: Value, doubloons: u32) -> PuertoRico {
    let mut g = xgame_opts(4, &[("union_hall", "wharf")], extra);
    give_building(&mut g, 0, Building::BlackMarket, 1);
    give_tiles(&mut g, 0, QUARRY, 1, 1);
    give_goods(&mut g, 0, Good::Indigo, 1);
    give_san_juan(&mut g, 0, 1);
    give_vp(&mut g, 0, 3);
    g.players.p[0].doubloons = doubloons;
    for p in 1..4 {
        g.players.p[p].doubloons = 0;
    }
    start(&mut g, 1, Role::Builder);
    // Seats 1-3 cannot afford anything but the builder's free small buildings; seat 1 passes.
    while to_move(&g) != Some(0) {
        act(&mut g, "pass");
    }
    g
}

/// W17's position: seat 0 wants the wharf at price 8 (9 - 1 occupied quarry) with 6 doubloons.
fn w17_position() -> PuertoRico {
    let g = black_market_position(json!({}), 6);
    assert_eq!(g.price(0, Building::Wharf as usize), 8);
    g
}

#[test]
fn w17_black_market() {
    let mut g = w17_position();
    act(&mut g, "build wharf");
    assert_eq!(g.step, Step::BlackMarketColonist);
    act(&mut g, "return colonist from san_juan");
    act(&mut g, "return indigo");
    // The shortfall (2) is covered: he may stop here.
    assert_eq!(g.step, Step::BlackMarketVp);
    let mut alt = g.clone();
    act(&mut g, "pass");
    let pl = g.players.p[0];
    assert!(pl.buildings.owns(Building::Wharf));
    assert_eq!(pl.doubloons, 0, "pays 6, keeps 0");
    assert_eq!(pl.vp, 3);
    assert_eq!(pl.san_juan, 0);
    assert_eq!(pl.goods.total(), 0);
    // Alternative: he also returns 1 VP, pays 5 and keeps 1.
    act(&mut alt, "return vp");
    let pl = alt.players.p[0];
    assert_eq!(pl.doubloons, 1);
    assert_eq!(pl.vp, 2);
    assert_eq!(alt.vp_supply, 100 - 2);
}

#[test]
fn w17_black_market_shortfall_only_option() {
    // E1 option: only the exact shortfall may be covered, so the extra VP is not offered.
    let mut g = black_market_position(json!({"black_market_shortfall_only": true}), 6);
    act(&mut g, "build wharf");
    act(&mut g, "return colonist from san_juan");
    act(&mut g, "return indigo");
    // The shortfall is covered: the VP stage offers nothing more, the purchase is done.
    assert!(g.players.p[0].buildings.owns(Building::Wharf));
    assert_eq!(g.players.p[0].doubloons, 0);
    assert_eq!(g.players.p[0].vp, 3);
}

#[test]
fn black_market_returns_out_of_game_option() {
    let mut g = black_market_position(json!({"black_market_returns": "out_of_game"}), 5);
    let (supply, vp_supply) = (g.colonist_supply, g.vp_supply);
    act(&mut g, "build wharf");
    act(&mut g, "return colonist from san_juan");
    act(&mut g, "return indigo");
    act(&mut g, "return vp");
    assert_eq!(g.colonist_supply, supply, "the colonist leaves the game");
    assert_eq!(g.vp_supply, vp_supply, "the VP chip leaves the game");
    assert_eq!((g.removed_colonists, g.removed_vp), (1, 1));
    g.validate().unwrap();
}

#[test]
fn w18_building_draft() {
    let mut g = game_with(4, json!({"new_buildings": true}));
    assert_eq!(g.step, Step::Draft);
    assert_eq!(to_move(&g), Some(0));
    // Every violet kind can be drafted at first; production buildings never.
    let l = labels(&g);
    assert_eq!(l.len(), 31);
    assert!(!l.iter().any(|x| x.contains("indigo_plant")));
    act(&mut g, "draft black_market");
    assert_eq!(g.building_supply.0[Building::BlackMarket as usize], 2);
    assert_eq!(to_move(&g), Some(1));
    act(&mut g, "draft hacienda");
    // Both cost-2 slots are full: construction hut and forest house can no longer be chosen.
    let l = labels(&g);
    assert!(!l.contains(&"draft construction_hut".to_string()));
    assert!(!l.contains(&"draft forest_house".to_string()));
    assert!(l.contains(&"draft aqueduct".to_string()));
    // The draft ends after 17 picks; then the governor chooses the first role.
    let mut picks = 2;
    while g.step == Step::Draft {
        let a = legal(&g)[0];
        g.apply(a).unwrap();
        g.validate().unwrap();
        picks += 1;
    }
    assert_eq!(picks, 17);
    assert_eq!(g.step, Step::ChooseRole);
    assert_eq!(to_move(&g), Some(0));
    assert_eq!(g.building_set.count_ones(), 17);
    // 2 players: each small kind enters as one copy.
    let mut g = game_with(2, json!({"new_buildings": true}));
    act(&mut g, "draft black_market");
    assert_eq!(g.building_supply.0[Building::BlackMarket as usize], 1);
}

#[test]
fn draft_hacienda_forest_house_exclusive_option() {
    let mut g = game_with(
        4,
        json!({"new_buildings": true, "hacienda_forest_house_exclusive": true}),
    );
    act(&mut g, "draft hacienda");
    assert!(!labels(&g).contains(&"draft forest_house".to_string()));
    // By default both may be drafted (2011 rules).
    let mut g = game_with(4, json!({"new_buildings": true}));
    act(&mut g, "draft hacienda");
    assert!(labels(&g).contains(&"draft forest_house".to_string()));
}

// ---------------------------------------------------------------------------------------------
// Worked examples X1-X6 (§8.7).
// ---------------------------------------------------------------------------------------------

#[test]
fn x1_specialty_factory() {
    let mut g = xgame(4, &[]);
    give_building(&mut g, 0, Building::SpecialtyFactory, 1);
    give_building(&mut g, 0, Building::SugarMill, 3);
    give_building(&mut g, 0, Building::CoffeeRoaster, 2);
    g.players.p[0].island = Default::default();
    g.deck.0[Good::Indigo as usize] += 1;
    give_tiles(&mut g, 0, Good::Corn as usize, 4, 4);
    give_tiles(&mut g, 0, Good::Sugar as usize, 3, 3);
    give_tiles(&mut g, 0, Good::Coffee as usize, 2, 2);
    g.players.p[0].doubloons = 0;
    g.validate().unwrap();
    start(&mut g, 1, Role::Craftsman);
    let pl = g.players.p[0];
    assert_eq!(pl.goods.0, [4, 0, 3, 0, 2]);
    assert_eq!(pl.doubloons, 2, "max(sugar 3, coffee 2) - 1; corn ignored");
}

#[test]
fn x2_cloister() {
    let mut g = xgame(4, &[]);
    give_building(&mut g, 0, Building::Cloister, 1);
    g.players.p[0].island = Default::default();
    g.deck.0[Good::Indigo as usize] += 1;
    give_forests(&mut g, 0, Good::Tobacco, 6);
    give_tiles(&mut g, 0, QUARRY, 3, 0);
    give_tiles(&mut g, 0, Good::Corn as usize, 2, 0);
    give_tiles(&mut g, 0, Good::Coffee as usize, 1, 0);
    g.validate().unwrap();
    let pl = g.players.p[0];
    assert_eq!(pl.island_used(), 12);
    assert_eq!(
        pl.cloister_bonus(true),
        6,
        "forests 2 + quarries 1 = 3 sets"
    );
    assert_eq!(g.score_of(0), 4 + 6);
    // An occupied residence adds 7 (forests fill island spaces).
    give_building(&mut g, 0, Building::Residence, 1);
    assert_eq!(g.score_of(0), 4 + 6 + 4 + 7);
    // E5 option: plantations only -> no set.
    let mut h = xgame_opts(4, &[], json!({"cloister_counts_quarries_forests": false}));
    give_building(&mut h, 0, Building::Cloister, 1);
    give_forests(&mut h, 0, Good::Tobacco, 6);
    give_tiles(&mut h, 0, QUARRY, 3, 0);
    assert_eq!(h.score_of(0), 4);
}

#[test]
fn x3_union_hall() {
    let mut g = xgame(4, &[]);
    give_building(&mut g, 0, Building::UnionHall, 1);
    give_goods(&mut g, 0, Good::Corn, 3);
    give_goods(&mut g, 0, Good::Indigo, 2);
    give_goods(&mut g, 0, Good::Coffee, 1);
    start(&mut g, 1, Role::Captain);
    let pl = g.players.p[0];
    assert_eq!(pl.vp, 2);
    assert_eq!(pl.goods.total(), 6, "he keeps the barrels");
    assert_eq!(g.vp_supply, 98);
}

#[test]
fn x4_church() {
    let mut g = xgame(4, &[("aqueduct", "small_market"), ("library", "harbor")]);
    give_building(&mut g, 0, Building::Church, 1);
    g.players.p[0].doubloons = 30;
    for (b, vp) in [("small_market", 0), ("harbor", 1), ("guild_hall", 3)] {
        start(&mut g, 1, Role::Builder);
        while to_move(&g) != Some(0) {
            act(&mut g, "pass");
        }
        act(&mut g, &format!("build {b}"));
        while g.step == Step::Build {
            act(&mut g, "pass");
        }
        assert_eq!(g.players.p[0].vp, vp, "after {b}");
        g.step = Step::ChooseRole;
        g.role = None;
        g.acted = 0;
    }
    // Building the church itself gives nothing (not yet occupied).
    let mut g = xgame(4, &[]);
    g.players.p[0].doubloons = 10;
    start(&mut g, 0, Role::Builder);
    act(&mut g, "build church");
    assert_eq!(g.players.p[0].vp, 0);
}

#[test]
fn x5_lighthouse_and_wharf_owner_is_captain() {
    let mut g = xgame(4, &[("union_hall", "wharf")]);
    give_building(&mut g, 0, Building::Lighthouse, 1);
    give_building(&mut g, 0, Building::Wharf, 1);
    give_goods(&mut g, 0, Good::Coffee, 8);
    for (s, good, n) in [
        (0, Good::Corn, 4),
        (1, Good::Indigo, 5),
        (2, Good::Sugar, 6),
    ] {
        g.goods_supply.0[good as usize] -= n;
        g.ships.s[s].good = Some(good);
        g.ships.s[s].count = n;
    }
    g.players.p[0].doubloons = 0;
    g.validate().unwrap();
    start(&mut g, 0, Role::Captain);
    assert_eq!(g.players.p[0].doubloons, 1, "the captain's lighthouse coin");
    assert!(!labels(&g).iter().any(|l| l.starts_with("load")));
    act(&mut g, "wharf coffee");
    assert_eq!(g.players.p[0].vp, 9);
    assert_eq!(g.players.p[0].doubloons, 2);
}

#[test]
fn x6_trading_post() {
    let mut g = xgame(4, &[("aqueduct", "small_market")]);
    g.goods_supply.0[Good::Tobacco as usize] -= 1;
    g.trading_house.0[Good::Tobacco as usize] = 1;
    give_goods(&mut g, 0, Good::Corn, 1);
    give_goods(&mut g, 1, Good::Indigo, 1);
    give_goods(&mut g, 2, Good::Sugar, 1);
    give_goods(&mut g, 3, Good::Coffee, 1);
    give_building(&mut g, 3, Building::TradingPost, 1);
    give_building(&mut g, 3, Building::SmallMarket, 1);
    g.players.p[3].doubloons = 0;
    start(&mut g, 0, Role::Trader);
    act(&mut g, "sell corn");
    act(&mut g, "sell indigo");
    act(&mut g, "sell sugar");
    assert_eq!(g.trading_house.total(), 4);
    assert_eq!(to_move(&g), Some(3));
    assert!(!labels(&g).contains(&"sell coffee".to_string()));
    let coffee = g.goods_supply.0[Good::Coffee as usize];
    act(&mut g, "trading post coffee");
    assert_eq!(g.players.p[3].doubloons, 4, "the small market adds nothing");
    assert_eq!(g.goods_supply.0[Good::Coffee as usize], coffee + 1);
    // The full house was emptied at the end of the phase.
    assert_eq!(g.trading_house.total(), 0);
    assert_eq!(g.step, Step::ChooseRole);

    // Variant: B is the trader and coffee is already in the house: 4 + 1 = 5.
    let mut g = xgame(4, &[("aqueduct", "small_market")]);
    g.goods_supply.0[Good::Coffee as usize] -= 1;
    g.trading_house.0[Good::Coffee as usize] = 1;
    give_goods(&mut g, 3, Good::Coffee, 1);
    give_building(&mut g, 3, Building::TradingPost, 1);
    give_building(&mut g, 3, Building::SmallMarket, 1);
    g.players.p[3].doubloons = 0;
    start(&mut g, 3, Role::Trader);
    act(&mut g, "trading post coffee");
    assert_eq!(g.players.p[3].doubloons, 5);
}

// ---------------------------------------------------------------------------------------------
// One test per remaining effect.
// ---------------------------------------------------------------------------------------------

#[test]
fn forest_house_settler_forest_and_hospice() {
    let mut g = xgame(4, &[("guest_house", "hospice")]);
    give_building(&mut g, 1, Building::ForestHouse, 1);
    give_building(&mut g, 1, Building::Hospice, 1);
    start(&mut g, 0, Role::Settler);
    act(&mut g, "pass");
    assert_eq!(to_move(&g), Some(1));
    let k = (0..NUM_GOODS).find(|&k| g.plantation_row.0[k] > 0).unwrap();
    act(&mut g, &format!("forest {}", GOOD_NAMES[k]));
    assert_eq!(g.players.p[1].forests.0[k], 1);
    assert_eq!(g.step, Step::Hospice);
    act(&mut g, "hospice colonist");
    // A forest has no circle: the hospice colonist goes to the windrose.
    assert_eq!(g.players.p[1].san_juan, 1);
    assert_eq!(g.players.p[1].island_colonists.total(), 0);
}

#[test]
fn forest_house_with_hacienda_sees_the_tile_first() {
    let mut g = xgame(4, &[("black_market", "hacienda")]);
    give_building(&mut g, 0, Building::ForestHouse, 1);
    give_building(&mut g, 0, Building::Hacienda, 1);
    start(&mut g, 0, Role::Settler);
    act(&mut g, "hacienda draw");
    g.apply(DRAW + Good::Coffee as Action).unwrap();
    assert_eq!(g.step, Step::HaciendaForest);
    assert_eq!(g.last_tile, Some(Good::Coffee as u8));
    g.validate().unwrap();
    act(&mut g, "hacienda forest");
    assert_eq!(g.players.p[0].forests.0[Good::Coffee as usize], 1);
    assert_eq!(g.step, Step::Settle);
}

/// E8 (spec §8.1, §8.5): with the 2004 forest tiles, taking a forest discards the chosen
/// face-up plantation and takes one of 12 forest tiles; when they run out no forest can be taken.
#[test]
fn e8_forest_tiles_2004_discard_the_plantation_and_run_out() {
    let mut g = xgame_opts(
        4,
        &[("black_market", "hacienda")],
        json!({"forest_source": "tiles_2004"}),
    );
    assert_eq!(g.forest_supply, FOREST_TILES_2004);
    give_building(&mut g, 0, Building::ForestHouse, 1);
    give_building(&mut g, 0, Building::Hacienda, 1);
    start(&mut g, 0, Role::Settler);
    // The hacienda tile, seen first, is discarded for a forest tile.
    act(&mut g, "hacienda draw");
    g.apply(DRAW + Good::Coffee as Action).unwrap();
    let discard = g.discard.0[Good::Coffee as usize];
    act(&mut g, "hacienda forest");
    assert_eq!(g.discard.0[Good::Coffee as usize], discard + 1);
    assert_eq!(g.players.p[0].forest_tiles, 1);
    assert!(g.players.p[0].forests.is_zero());
    assert_eq!(g.forest_supply, FOREST_TILES_2004 - 1);
    // The normal take: a face-up plantation goes to the discard pile, a forest tile comes.
    let k = (0..NUM_GOODS).find(|&k| g.plantation_row.0[k] > 0).unwrap();
    let row = g.plantation_row.0[k];
    act(&mut g, &format!("forest {}", GOOD_NAMES[k]));
    assert_eq!(g.plantation_row.0[k], row - 1);
    assert_eq!(g.players.p[0].forest_tiles, 2);
    assert_eq!(g.players.p[0].island_used(), 3);
    // Two forest tiles cut prices by 1, like two flipped forests.
    assert_eq!(g.price(0, Building::SmallMarket as usize), 0);
    // The forest tiles appear in the position and round-trip.
    let v = g.to_json_value();
    assert_eq!(v["forest_supply"], json!(FOREST_TILES_2004 - 2));
    assert_eq!(v["players"][0]["forest_tiles"], json!(2));
    let back = meeple_core::dynamic::load_state::<PuertoRico>(&v).unwrap();
    assert_eq!(back, g);
    // With the supply empty the forest-house choices are gone.
    let mut h = xgame_opts(4, &[], json!({"forest_source": "tiles_2004"}));
    give_building(&mut h, 1, Building::ForestHouse, 1);
    h.players.p[2].forest_tiles = 6;
    h.players.p[3].forest_tiles = 6;
    h.forest_supply = 0;
    h.validate().unwrap();
    start(&mut h, 0, Role::Settler);
    act(&mut h, "pass");
    assert_eq!(to_move(&h), Some(1));
    assert!(!labels(&h).iter().any(|l| l.starts_with("forest")));
    // A forest tile in a flip_2011 game is refused.
    let mut bad = xgame(4, &[]);
    bad.players.p[0].forest_tiles = 1;
    assert!(bad.validate().unwrap_err().contains("forest"));
}

#[test]
fn storehouse_keeps_three_more_barrels() {
    let mut g = xgame(4, &[]);
    give_building(&mut g, 1, Building::Storehouse, 1);
    give_goods(&mut g, 1, Good::Corn, 3);
    give_goods(&mut g, 1, Good::Sugar, 2);
    // Ships hold every kind he has, full, so he cannot load.
    for (s, good) in [(0, Good::Corn), (1, Good::Sugar)] {
        let cap = g.ships.s[s].capacity;
        g.goods_supply.0[good as usize] -= cap;
        g.ships.s[s].good = Some(good);
        g.ships.s[s].count = cap;
    }
    g.validate().unwrap();
    start(&mut g, 0, Role::Captain);
    // Storage: 1 + 3 barrels of 5; he chooses them one at a time (non-decreasing kinds).
    assert_eq!(g.step, Step::Keep);
    assert_eq!(to_move(&g), Some(1));
    act(&mut g, "keep corn");
    act(&mut g, "keep corn");
    // Now only corn and sugar remain: 2 more from {1 corn, 2 sugar}.
    act(&mut g, "keep sugar");
    // The last pick is forced (only sugar is >= sugar): done.
    assert_eq!(g.players.p[1].goods.0, [2, 0, 2, 0, 0]);
}

#[test]
fn guest_house_moves_at_the_phase_start() {
    let mut g = xgame(4, &[]);
    give_building(&mut g, 1, Building::GuestHouse, 2);
    g.players.p[1].island = Default::default();
    g.deck.0[Good::Indigo as usize] += 1;
    give_tiles(&mut g, 1, Good::Corn as usize, 2, 0);
    g.validate().unwrap();
    start(&mut g, 0, Role::Craftsman);
    // Before production seat 1 may move his guests onto his corn plantations.
    assert_eq!(g.step, Step::GuestHouse);
    assert_eq!(to_move(&g), Some(1));
    act(&mut g, "guest to corn plantation");
    act(&mut g, "guest to corn plantation");
    // The window closes when no move is left; production follows.
    assert_eq!(g.players.p[1].goods.0[Good::Corn as usize], 2);
    assert_eq!(
        g.players.p[1]
            .buildings
            .colonists(Building::GuestHouse as usize),
        0
    );
}

#[test]
fn guest_house_moves_after_a_build_and_timing_option() {
    let mut g = xgame(4, &[]);
    give_building(&mut g, 0, Building::GuestHouse, 1);
    g.players.p[0].island_colonists.0[Good::Indigo as usize] = 1;
    g.colonist_supply -= 1;
    g.players.p[0].doubloons = 10;
    g.validate().unwrap();
    start(&mut g, 0, Role::Builder);
    // No empty circle yet, so no window; he builds the lighthouse and may move at once.
    assert_eq!(g.step, Step::Build);
    act(&mut g, "build lighthouse");
    assert_eq!(g.step, Step::GuestHouse);
    act(&mut g, "guest to lighthouse");
    assert!(g.players.p[0].occupied(Building::Lighthouse));
    // With guest_house_timing = phase_start there is no window after the build.
    let mut g = xgame_opts(4, &[], json!({"guest_house_timing": "phase_start"}));
    give_building(&mut g, 0, Building::GuestHouse, 1);
    g.players.p[0].island_colonists.0[Good::Indigo as usize] = 1;
    g.colonist_supply -= 1;
    g.players.p[0].doubloons = 10;
    start(&mut g, 0, Role::Builder);
    act(&mut g, "build lighthouse");
    assert_ne!(g.step, Step::GuestHouse);
}

#[test]
fn small_wharf_any_mix_one_vp_per_two() {
    let mut g = xgame(4, &[("library", "harbor")]);
    give_building(&mut g, 0, Building::SmallWharf, 1);
    give_building(&mut g, 0, Building::Harbor, 1);
    give_goods(&mut g, 0, Good::Corn, 2);
    give_goods(&mut g, 0, Good::Sugar, 3);
    start(&mut g, 0, Role::Captain);
    act(&mut g, "small wharf corn");
    act(&mut g, "small wharf corn");
    act(&mut g, "small wharf sugar");
    assert_eq!(g.step, Step::SmallWharf);
    assert!(!labels(&g).contains(&"small wharf corn".to_string()));
    act(&mut g, "pass");
    // 3 barrels -> 1 VP, + captain 1, + harbor 1 (one load).
    assert_eq!(g.players.p[0].vp, 3);
    assert_eq!(g.small_wharf_used, 1);
}

#[test]
fn harbor_small_wharf_per_kind_option() {
    let mut g = xgame_opts(
        4,
        &[("library", "harbor")],
        json!({"harbor_small_wharf_per_kind": true}),
    );
    give_building(&mut g, 1, Building::SmallWharf, 1);
    give_building(&mut g, 1, Building::Harbor, 1);
    give_goods(&mut g, 1, Good::Corn, 2);
    give_goods(&mut g, 1, Good::Sugar, 2);
    start(&mut g, 0, Role::Captain);
    act(&mut g, "small wharf corn");
    act(&mut g, "small wharf corn");
    act(&mut g, "small wharf sugar");
    act(&mut g, "small wharf sugar");
    // 4 barrels -> 2 VP, + harbor 2 (two kinds).
    assert_eq!(g.players.p[1].vp, 4);
}

#[test]
fn specialty_factory_counts_privilege_option() {
    for (counts, want) in [(false, 1), (true, 2)] {
        let mut g = xgame_opts(
            4,
            &[],
            json!({"specialty_factory_counts_privilege": counts}),
        );
        give_building(&mut g, 0, Building::SpecialtyFactory, 1);
        give_building(&mut g, 0, Building::SugarMill, 2);
        g.players.p[0].island = Default::default();
        g.deck.0[Good::Indigo as usize] += 1;
        give_tiles(&mut g, 0, Good::Sugar as usize, 2, 2);
        g.players.p[0].doubloons = 0;
        start(&mut g, 0, Role::Craftsman);
        // 2 sugar (+1), then the privilege sugar makes 3 with the option (+2).
        assert_eq!(g.players.p[0].goods.0[Good::Sugar as usize], 3);
        assert_eq!(g.players.p[0].doubloons, want, "counts privilege {counts}");
    }
}

#[test]
fn library_doubles_each_privilege() {
    let lib = |g: &mut PuertoRico| give_building(g, 0, Building::Library, 1);
    // Prospector: 2 doubloons.
    let mut g = xgame(4, &[]);
    lib(&mut g);
    let d = g.players.p[0].doubloons;
    start(&mut g, 0, Role::Prospector);
    assert_eq!(g.players.p[0].doubloons, d + 2);
    // Builder: -2.
    let mut g = xgame(4, &[]);
    lib(&mut g);
    start(&mut g, 0, Role::Builder);
    assert_eq!(g.price(0, Building::Lighthouse as usize), 5);
    // Trader: +2.
    let mut g = xgame(4, &[]);
    lib(&mut g);
    give_goods(&mut g, 0, Good::Corn, 1);
    let d = g.players.p[0].doubloons;
    start(&mut g, 0, Role::Trader);
    act(&mut g, "sell corn");
    assert_eq!(g.players.p[0].doubloons, d + 2);
    // Mayor: 2 privilege colonists.
    let mut g = xgame(4, &[]);
    lib(&mut g);
    let s = g.colonist_supply;
    start(&mut g, 0, Role::Mayor);
    act(&mut g, "take privilege colonist");
    assert_eq!(
        g.players.p[0].colonists(),
        1 + 2 + 1,
        "library + 2 + 1 from the ship"
    );
    assert!(g.colonist_supply < s);
    // Captain: +2 on the first load.
    let mut g = xgame(4, &[]);
    lib(&mut g);
    give_goods(&mut g, 0, Good::Corn, 2);
    start(&mut g, 0, Role::Captain);
    let a = legal(&g)[0];
    g.apply(a).unwrap();
    assert_eq!(g.players.p[0].vp, 2 + 2);
    // Craftsman: 2 privilege barrels of kinds he produced.
    let mut g = xgame(4, &[]);
    lib(&mut g);
    g.players.p[0].island = Default::default();
    g.deck.0[Good::Indigo as usize] += 1;
    give_tiles(&mut g, 0, Good::Corn as usize, 1, 1);
    start(&mut g, 0, Role::Craftsman);
    assert_eq!(g.players.p[0].goods.0[Good::Corn as usize], 3);
    // Settler: a second face-up plantation after everyone else (never a quarry).
    let mut g = xgame(4, &[]);
    lib(&mut g);
    start(&mut g, 0, Role::Settler);
    for _ in 0..4 {
        let a = legal(&g)
            .into_iter()
            .find(|&a| (SETTLE..TAKE_QUARRY).contains(&a))
            .unwrap();
        g.apply(a).unwrap();
    }
    assert_eq!(to_move(&g), Some(0));
    assert!(!labels(&g).contains(&"take quarry".to_string()));
    let a = legal(&g)
        .into_iter()
        .find(|&a| (SETTLE..TAKE_QUARRY).contains(&a))
        .unwrap();
    g.apply(a).unwrap();
    g.validate().unwrap();
    assert_eq!(g.players.p[0].island_used(), 3);
}

#[test]
fn library_two_players_once_per_round() {
    let mut g = xgame(2, &[]);
    give_building(&mut g, 0, Building::Library, 1);
    let d = g.players.p[0].doubloons;
    start(&mut g, 0, Role::Prospector);
    assert_eq!(g.players.p[0].doubloons, d + 2);
    // Seat 1 picks, then seat 0 picks again in the same round: not doubled.
    act(&mut g, "role settler");
    while g.step != Step::ChooseRole {
        let a = legal(&g)[0];
        g.apply(a).unwrap();
    }
    assert_eq!(to_move(&g), Some(0));
    act(&mut g, "role builder");
    assert!(!g.doubled);
}

#[test]
fn statue_has_no_circle_and_counts_for_the_city_hall() {
    let mut g = xgame(4, &[]);
    give_building(&mut g, 0, Building::Statue, 0);
    give_building(&mut g, 0, Building::CityHall, 1);
    assert_eq!(g.players.p[0].empty_building_circles(), 0);
    // 8 + 4 printed, city hall: statue + city hall = 2.
    assert_eq!(g.score_of(0), 8 + 4 + 2);
}

#[test]
fn lighthouse_pays_per_load_for_non_captains() {
    let mut g = xgame(4, &[]);
    give_building(&mut g, 1, Building::Lighthouse, 1);
    give_goods(&mut g, 1, Good::Corn, 1);
    g.players.p[1].doubloons = 0;
    start(&mut g, 0, Role::Captain);
    assert_eq!(
        g.players.p[1].doubloons, 0,
        "only the captain gets the start coin"
    );
    let a = legal(&g)[0];
    g.apply(a).unwrap();
    assert_eq!(g.players.p[1].doubloons, 1);
}

// ---------------------------------------------------------------------------------------------
// Set-up options and refusals.
// ---------------------------------------------------------------------------------------------

#[test]
fn building_set_random_and_fixed() {
    let c = config(3, json!({"new_buildings": true, "building_set": "random"}));
    for seed in 0..20 {
        let g = PuertoRico::new(&c, seed).unwrap();
        g.validate().unwrap();
        assert_eq!(g.step, Step::ChooseRole);
        assert_eq!(g.building_set.count_ones(), 17);
    }
    let g = xgame(3, &[]);
    assert_eq!(g.building_supply.0[Building::Statue as usize], 1);
    assert_eq!(g.building_supply.0[Building::Aqueduct as usize], 2);
    assert_eq!(g.building_supply.0[Building::SmallMarket as usize], 0);
    assert_eq!(g.num_distinct_actions(), NUM_ACTIONS_X);
    assert_eq!(g.observation_tensor_len(), TENSOR_LEN_X);
    // Base set with new_buildings: the base kinds only.
    let c = config(4, json!({"new_buildings": true, "building_set": "base"}));
    let g = PuertoRico::new(&c, 1).unwrap();
    assert_eq!(g.building_supply.0[Building::SmallMarket as usize], 2);
    assert_eq!(g.building_supply.0[Building::Statue as usize], 0);
}

#[test]
fn expansion_options_are_refused_where_the_spec_does_not_cover_them() {
    let e = opts_err(4, json!({"building_set": "random"}));
    assert!(
        e.contains("building_set") && e.contains("new_buildings"),
        "{e}"
    );
    let e = opts_err(4, json!({"black_market_shortfall_only": true}));
    assert!(e.contains("new_buildings"), "{e}");
    let e = opts_err(
        4,
        json!({"new_buildings": true, "building_set": "fixed", "building_list": ["statue"]}),
    );
    assert!(e.contains("building_list"), "{e}");
    let e = opts_err(
        4,
        json!({"new_buildings": true, "building_set": "fixed",
               "building_list": set_with(&[("cloister", "indigo_plant")])}),
    );
    assert!(e.contains("production"), "{e}");
    let e = opts_err(
        4,
        json!({"new_buildings": true, "hacienda_forest_house_exclusive": true,
               "building_set": "fixed",
               "building_list": set_with(&[("black_market", "hacienda")])}),
    );
    assert!(e.contains("hacienda"), "{e}");
    let e = opts_err(4, json!({"forest_source": "tiles_2004"}));
    assert!(e.contains("new_buildings"), "{e}");
    let e = opts_err(
        4,
        json!({"new_buildings": true, "noble_from_ship": "mayor"}),
    );
    assert!(e.contains("nobles"), "{e}");
    let e = opts_err(4, json!({"new_buildings": true, "building_list": ALL_NEW}));
    assert!(e.contains("fixed"), "{e}");
}

#[test]
fn expansion_position_round_trips_and_old_positions_load() {
    let mut g = xgame(4, &[]);
    give_forests(&mut g, 1, Good::Corn, 2);
    give_building(&mut g, 1, Building::Statue, 0);
    let v = g.to_json_value();
    let back = meeple_core::dynamic::load_state::<PuertoRico>(&v).unwrap();
    assert_eq!(back, g);
    // A base position without the expansion options still loads (defaults filled in).
    let mut v = game(4).to_json_value();
    v["config"]["options"] = json!({"hidden_vp": false});
    let g = meeple_core::dynamic::load_state::<PuertoRico>(&v).unwrap();
    assert!(!g.new_buildings);
    // An Expansion I building in a base game is refused by validate.
    let mut g = game(4);
    g.players.p[0].buildings.0[Building::Statue as usize] = 1;
    assert!(g.validate().unwrap_err().contains("statue"));
}

#[test]
fn cloister_option_still_counts_the_plantation_sets() {
    // E5 option: plantations only. 3 corn + 3 indigo are 2 sets (3 VP); 3 quarries add none.
    let mut h = xgame_opts(4, &[], json!({"cloister_counts_quarries_forests": false}));
    give_building(&mut h, 0, Building::Cloister, 1);
    h.players.p[0].island = Default::default();
    h.deck.0[Good::Indigo as usize] += 1;
    give_tiles(&mut h, 0, Good::Corn as usize, 3, 0);
    give_tiles(&mut h, 0, Good::Indigo as usize, 3, 0);
    give_tiles(&mut h, 0, QUARRY, 3, 0);
    h.validate().unwrap();
    assert_eq!(h.score_of(0), 4 + 3);
}

#[test]
fn trading_post_without_goods_gives_no_trader_turn() {
    let mut g = xgame(4, &[]);
    give_building(&mut g, 3, Building::TradingPost, 1);
    assert_eq!(g.players.p[3].goods.total(), 0);
    start(&mut g, 0, Role::Trader);
    // Nobody has a barrel: the phase ends at once, and the next seat picks a role.
    assert_eq!(g.step, Step::ChooseRole);
    assert_eq!(to_move(&g), Some(1));
}

#[test]
fn library_doubles_the_trading_post_privilege() {
    // The trading post pays the normal price plus the trader's privilege, doubled by the
    // library: coffee 4 + 2.
    let mut g = xgame(4, &[]);
    give_building(&mut g, 0, Building::TradingPost, 1);
    give_building(&mut g, 0, Building::Library, 1);
    give_goods(&mut g, 0, Good::Coffee, 1);
    let d = g.players.p[0].doubloons;
    start(&mut g, 0, Role::Trader);
    act(&mut g, "trading post coffee");
    assert_eq!(g.players.p[0].doubloons, d + 4 + 2);
}
