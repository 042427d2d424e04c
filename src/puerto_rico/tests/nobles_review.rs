//! Review of Expansion II "The Nobles" (rules §9, provisional) and E8 `tiles_2004`: hand-built
//! positions for rules and combinations the first test set did not reach.

mod common;
use common::*;
use meeple_core::{Action, Game};
use meeple_puerto_rico::data::*;
use meeple_puerto_rico::*;
use serde_json::json;

/// §9.6 land office: on his trader turn, in addition to or instead of the sale; a full
/// trading house stops the sales but not the land office.
#[test]
fn land_office_works_with_a_full_trading_house() {
    let mut g = ngame_opts(4, json!({}));
    give_building(&mut g, 2, Building::LandOffice, 1);
    give_goods(&mut g, 2, Good::Corn, 1);
    for k in [Good::Indigo, Good::Sugar, Good::Tobacco, Good::Coffee] {
        g.goods_supply.0[k as usize] -= 1;
        g.trading_house.0[k as usize] += 1;
    }
    let d = g.players.p[2].doubloons;
    start(&mut g, 0, Role::Trader);
    assert_eq!(to_move(&g), Some(2));
    assert_eq!(labels(&g), vec!["pass", "land office buy"]);
    act(&mut g, "land office buy");
    g.apply(DRAW + Good::Sugar as Action).unwrap();
    g.validate().unwrap();
    assert_eq!(g.players.p[2].doubloons, d - 1);
    assert_eq!(g.players.p[2].island.0[Good::Sugar as usize], 1);
    // The phase ends; the full house is emptied.
    assert_eq!(g.step, Step::ChooseRole);
    assert_eq!(g.trading_house.total(), 0);
}

/// §9.6 chapel: every owner on his craftsman turn, whether or not he produces (also when he
/// declines his production with `craftsman_optional_production`).
#[test]
fn chapel_pays_when_production_is_declined() {
    let mut g = ngame_opts(4, json!({"craftsman_optional_production": true}));
    give_building(&mut g, 0, Building::Chapel, 0);
    give_noble(&mut g, 0, Some(Building::Chapel));
    give_tiles(&mut g, 0, Good::Corn as usize, 1, 1);
    let vp = g.players.p[0].vp;
    start(&mut g, 0, Role::Craftsman);
    assert_eq!(g.step, Step::Produce);
    act(&mut g, "pass");
    assert_eq!(g.players.p[0].vp, vp + 1);
    assert_eq!(g.players.p[0].goods.total(), 0);
}

/// §9.6 royal supplier: at most as many goods as nobles owned; with none, nothing is asked.
#[test]
fn royal_supplier_without_nobles_does_nothing() {
    let mut g = ngame_opts(4, json!({}));
    give_building(&mut g, 1, Building::RoyalSupplier, 1);
    give_goods(&mut g, 1, Good::Corn, 1);
    give_goods(&mut g, 0, Good::Corn, 1);
    start(&mut g, 0, Role::Captain);
    assert_eq!(g.step, Step::Load);
    assert_eq!(to_move(&g), Some(0));
}

/// N7: the 2-player game with the Nobles: one copy of each beige Nobles kind, both jewelers,
/// the ship starts with 1 colonist and 1 noble, 19 nobles in the supply.
#[test]
fn n7_two_players_copies_and_ship() {
    let c = config(2, json!({"nobles": true}));
    let g = PuertoRico::new(&c, 3).unwrap();
    let copies = |b: Building| g.building_supply.0[b as usize];
    for b in [
        Building::LandOffice,
        Building::Chapel,
        Building::HuntingLodge,
        Building::ConstructionOffice,
        Building::RoyalSupplier,
        Building::Villa,
        Building::RoyalGarden,
    ] {
        assert_eq!(copies(b), 1, "{}", b.name());
    }
    assert_eq!(copies(Building::Jeweler), 2);
    assert_eq!(g.colonist_ship, 1);
    let x = g.nobles.as_deref().unwrap();
    assert_eq!((x.ship, x.supply), (1, 19));
}

/// E8 `tiles_2004` with the land office: a forest-house owner who makes the bought tile a
/// forest discards it and takes a forest tile; with the forest tiles gone he must keep it.
#[test]
fn e8_tiles_2004_land_office_forest() {
    let list = json!(ALL_NEW);
    for left in [true, false] {
        let mut g = ngame_opts(
            4,
            json!({"new_buildings": true, "building_set": "fixed", "building_list": list,
                   "forest_source": "tiles_2004"}),
        );
        give_building(&mut g, 1, Building::LandOffice, 1);
        give_building(&mut g, 1, Building::ForestHouse, 1);
        if !left {
            // Every forest tile is on the islands of seats 2 and 3.
            g.players.p[2].forest_tiles = 6;
            g.players.p[3].forest_tiles = g.forest_supply - 6;
            g.forest_supply = 0;
        }
        g.validate().unwrap();
        let discard = g.discard.0[Good::Coffee as usize];
        start(&mut g, 1, Role::Trader);
        act(&mut g, "land office buy");
        g.apply(DRAW + Good::Coffee as Action).unwrap();
        g.validate().unwrap();
        if left {
            assert_eq!(g.step, Step::LandOfficeForest);
            act(&mut g, "land office forest");
            assert_eq!(g.players.p[1].forest_tiles, 1);
            assert_eq!(g.discard.0[Good::Coffee as usize], discard + 1);
            assert_eq!(g.players.p[1].island.0[Good::Coffee as usize], 0);
        } else {
            assert_ne!(g.step, Step::LandOfficeForest);
            assert_eq!(g.players.p[1].island.0[Good::Coffee as usize], 1);
        }
    }
}
