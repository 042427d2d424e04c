//! Expansion II "The Nobles" (rules §9, PROVISIONAL: no official rules text was read). The
//! worked examples N-ex1..N-ex6 of §9.9 as tests named `n_exK_provisional_...`, and hand-built
//! tests for the nobles on the ship, their placement and scoring, each Nobles building, the end
//! trigger and the open points N1-N9 as options.

mod common;
use common::*;
use meeple_core::{Action, Game};
use meeple_puerto_rico::data::*;
use meeple_puerto_rico::*;
use serde_json::json;

/// A 4-player (or `players`) game with the Nobles, seat 0 governor.
fn ngame(players: usize) -> PuertoRico {
    ngame_opts(players, json!({}))
}

/// Give `p` a noble standing on one of his plantations of kind k.
fn give_noble_on_tile(g: &mut PuertoRico, p: usize, k: usize) {
    let x = nobles_mut(g);
    x.supply -= 1;
    x.players[p].nobles += 1;
    assert!(g.players.p[p].island.0[k] > g.players.p[p].island_colonists.0[k]);
    g.players.p[p].island_colonists.0[k] += 1;
    nobles_mut(g).players[p].on[BASE_BUILDINGS + k] += 1;
}

/// The function buildings (bit f: building 37 + f) of `p` with a noble on them.
fn on_functions(g: &PuertoRico, p: usize) -> u8 {
    (0..4)
        .filter(|&f| nobles(g).players[p].on[building_target(X_BUILDINGS + f)] > 0)
        .fold(0, |m, f| m | 1 << f)
}

/// Empty the colonist ship (its noble back to the noble supply, colonists to the supply).
fn empty_ship(g: &mut PuertoRico) {
    g.colonist_supply += g.colonist_ship;
    g.colonist_ship = 0;
    let x = nobles_mut(g);
    x.supply += x.ship;
    x.ship = 0;
}

// ---------------------------------------------------------------------------------------------
// Worked examples of §9.9 (provisional).
// ---------------------------------------------------------------------------------------------

#[test]
fn n_ex1_provisional_setup_and_refill() {
    let mut g = ngame(4);
    // Set-up: 3 colonists and 1 noble on the ship, 19 nobles in the supply; the replaced
    // colonist stays in the colonist supply.
    assert_eq!(g.colonist_ship, 3);
    assert_eq!(nobles(&g).ship, 1);
    assert_eq!(nobles(&g).supply, 19);
    assert_eq!(g.colonist_supply, 76);
    // Seat 0 will have 6 empty building circles after placing his one piece on the small
    // market; the others fill their plantation.
    give_building(&mut g, 0, Building::SmallMarket, 0);
    give_building(&mut g, 0, Building::CoffeeRoaster, 0);
    give_building(&mut g, 0, Building::TobaccoStorage, 0);
    give_building(&mut g, 0, Building::Hacienda, 0);
    let mut h = g.clone();
    start(&mut g, 0, Role::Mayor);
    act(&mut g, "pass");
    // The mayor takes the first piece: the noble or a colonist (N2 = choice).
    assert_eq!(g.step, Step::ShipNoble);
    assert_eq!(labels(&g), vec!["take colonist", "take noble"]);
    act(&mut g, "take noble");
    assert_eq!(nobles(&g).players[0].nobles, 1);
    // Seat 0 places his noble; the others' colonists go on their plantation automatically.
    assert_eq!(to_move(&g), Some(0));
    act(&mut g, "place noble small_market");
    assert_eq!(g.step, Step::ChooseRole);
    assert_eq!(g.colonist_ship, 5);
    assert_eq!(nobles(&g).ship, 1);
    assert_eq!(nobles(&g).supply, 18);
    assert!(!g.end_triggered);
    // With the noble supply empty the ship gets 6 colonists.
    let x = nobles_mut(&mut h);
    x.players[3].nobles = x.supply;
    x.supply = 0;
    h.players.p[3].san_juan += 19;
    h.validate().unwrap();
    start(&mut h, 0, Role::Mayor);
    act(&mut h, "pass");
    act(&mut h, "take noble");
    act(&mut h, "place noble small_market");
    // Seat 3 (19 nobles and a colonist, 1 circle) chooses who works his corn.
    assert_eq!(to_move(&h), Some(3));
    act(&mut h, "place corn plantation");
    assert_eq!(h.colonist_ship, 6);
    assert_eq!(nobles(&h).ship, 0);
}

#[test]
fn n_ex2_provisional_chapel() {
    let mut g = ngame(4);
    give_building(&mut g, 1, Building::Chapel, 1);
    give_building(&mut g, 2, Building::Chapel, 0);
    give_noble(&mut g, 2, Some(Building::Chapel));
    g.validate().unwrap();
    let (d1, v2, d2) = (
        g.players.p[1].doubloons,
        g.players.p[2].vp,
        g.players.p[2].doubloons,
    );
    start(&mut g, 0, Role::Craftsman);
    assert_eq!(g.players.p[1].doubloons, d1 + 1);
    assert_eq!(g.players.p[2].vp, v2 + 1);
    assert_eq!(g.players.p[2].doubloons, d2);
}

#[test]
fn n_ex3_provisional_construction_office() {
    let mut g = ngame(4);
    give_building(&mut g, 0, Building::ConstructionOffice, 1);
    give_building(&mut g, 1, Building::ConstructionOffice, 0);
    give_noble(&mut g, 1, Some(Building::ConstructionOffice));
    g.validate().unwrap();
    assert_eq!(g.price(0, Building::SmallMarket as usize), 0);
    assert_eq!(g.price(0, Building::GuildHall as usize), 10);
    assert_eq!(g.price(1, Building::SmallMarket as usize), 1);
    assert_eq!(g.price(1, Building::GuildHall as usize), 8);
    // Production buildings count by their column too (colonist: columns 1-3).
    assert_eq!(g.price(0, Building::CoffeeRoaster as usize), 5);
}

#[test]
fn n_ex4_provisional_jeweler_royal_garden_and_noble_vp() {
    // (a) Craftsman phase: a colonist on the jeweler, 3 nobles (chapel, corn, windrose).
    let mut g = ngame(4);
    give_building(&mut g, 1, Building::Jeweler, 1);
    give_building(&mut g, 1, Building::Chapel, 0);
    give_noble(&mut g, 1, Some(Building::Chapel));
    give_tiles(&mut g, 1, Good::Corn as usize, 1, 0);
    give_noble_on_tile(&mut g, 1, Good::Corn as usize);
    give_noble(&mut g, 1, None);
    g.validate().unwrap();
    let (d, v) = (g.players.p[1].doubloons, g.players.p[1].vp);
    start(&mut g, 0, Role::Craftsman);
    assert_eq!(g.players.p[1].doubloons, d + 3);
    assert_eq!(g.players.p[1].vp, v + 1);
    // The noble on the corn plantation works it.
    assert_eq!(g.players.p[1].goods.0[Good::Corn as usize], 1);
    // (b) Game end: 3 nobles (royal garden, 2 on the windrose), an occupied guild hall and a
    // jeweler: 3 (nobles) + 3 (garden) + 2 (guild hall, jeweler as a large production building).
    let mut g = ngame(4);
    give_building(&mut g, 2, Building::RoyalGarden, 0);
    give_noble(&mut g, 2, Some(Building::RoyalGarden));
    give_noble(&mut g, 2, None);
    give_noble(&mut g, 2, None);
    give_building(&mut g, 2, Building::GuildHall, 1);
    give_building(&mut g, 2, Building::Jeweler, 0);
    g.validate().unwrap();
    let printed = 4 + 4 + 3;
    assert_eq!(g.score_of(2), printed + 8);
    // N4 = 1 and N5 off: 0 (nobles) + 3 (garden) + 1.
    let mut h = ngame_opts(
        4,
        json!({"jeweler_guild_hall_value": 1, "noble_vp_and_fortress": false}),
    );
    give_building(&mut h, 2, Building::RoyalGarden, 0);
    give_noble(&mut h, 2, Some(Building::RoyalGarden));
    give_noble(&mut h, 2, None);
    give_noble(&mut h, 2, None);
    give_building(&mut h, 2, Building::GuildHall, 1);
    give_building(&mut h, 2, Building::Jeweler, 0);
    assert_eq!(h.score_of(2), printed + 4);
}

#[test]
fn n_ex5_provisional_hunting_lodge_noble() {
    for (last, vp) in [(7u8, 0u32), (8, 2)] {
        let mut g = ngame(4);
        give_building(&mut g, 0, Building::HuntingLodge, 0);
        give_noble(&mut g, 0, Some(Building::HuntingLodge));
        // Island tiles: 7 (owner), 8, 9, `last` (each starts with 1).
        for (p, n) in [(0, 7u8), (1, 8), (2, 9), (3, last)] {
            for _ in 1..n {
                let k = (0..NUM_GOODS)
                    .find(|&k| g.deck.0[k] > 0)
                    .expect("deck tile");
                give_tiles(&mut g, p, k, 1, 0);
            }
        }
        g.validate().unwrap();
        let before = g.players.p[0].vp;
        // Everyone passes, so the counts stand at the end of the phase.
        start(&mut g, 1, Role::Settler);
        for _ in 0..4 {
            act(&mut g, "pass");
        }
        assert_eq!(g.step, Step::Refill);
        assert_eq!(g.players.p[0].vp, before + vp, "last player {last} tiles");
    }
}

#[test]
fn n_ex6_provisional_royal_supplier() {
    let mut g = ngame(4);
    give_building(&mut g, 1, Building::RoyalSupplier, 1);
    give_noble(&mut g, 1, None);
    give_noble(&mut g, 1, None);
    give_goods(&mut g, 1, Good::Corn, 2);
    give_goods(&mut g, 1, Good::Indigo, 2);
    give_goods(&mut g, 1, Good::Coffee, 1);
    let vp = g.players.p[1].vp;
    start(&mut g, 1, Role::Captain);
    assert_eq!(g.step, Step::RoyalSupplier);
    assert_eq!(
        labels(&g),
        vec![
            "pass",
            "royal supplier corn",
            "royal supplier indigo",
            "royal supplier coffee"
        ]
    );
    act(&mut g, "royal supplier corn");
    // A second corn is illegal (same kind).
    assert!(!labels(&g).contains(&"royal supplier corn".to_string()));
    act(&mut g, "royal supplier indigo");
    // Only 2 nobles: no third good; no harbor or captain bonus; he then loads normally.
    assert_eq!(g.players.p[1].vp, vp + 2);
    assert_eq!(g.players.p[1].goods.0, [1, 1, 0, 0, 1]);
    assert_eq!(g.step, Step::Load);
    assert_eq!(to_move(&g), Some(1));
    assert!(!g.captain_bonus_paid);
}

// ---------------------------------------------------------------------------------------------
// Nobles on the ship, placement, scoring and the end trigger.
// ---------------------------------------------------------------------------------------------

#[test]
fn ship_noble_choice_passes_along_and_mayor_option() {
    let mut g = ngame(4);
    start(&mut g, 0, Role::Mayor);
    act(&mut g, "pass");
    act(&mut g, "take colonist");
    assert_eq!(to_move(&g), Some(1));
    act(&mut g, "take colonist");
    act(&mut g, "take noble");
    // The last colonist goes to seat 3 automatically; everyone got one piece.
    assert_eq!(nobles(&g).players[2].nobles, 1);
    for p in 0..4 {
        assert_eq!(g.players.p[p].colonists(), 1, "seat {p}");
    }
    // N2 = mayor: the mayor gets the noble without a decision.
    let mut h = ngame_opts(4, json!({"noble_from_ship": "mayor"}));
    start(&mut h, 2, Role::Mayor);
    act(&mut h, "pass");
    assert_ne!(h.step, Step::ShipNoble);
    assert_eq!(nobles(&h).players[2].nobles, 1);
    // Only the noble left on the ship: no decision either.
    let mut k = ngame(4);
    k.colonist_supply += k.colonist_ship;
    k.colonist_ship = 0;
    start(&mut k, 1, Role::Mayor);
    act(&mut k, "pass");
    assert_eq!(nobles(&k).players[1].nobles, 1);
}

#[test]
fn arrangement_chooses_a_colour_on_every_circle() {
    let mut g = ngame(4);
    empty_ship(&mut g);
    give_building(&mut g, 1, Building::Chapel, 0);
    give_building(&mut g, 1, Building::SmallMarket, 0);
    give_noble(&mut g, 1, None);
    give_san_juan(&mut g, 1, 1);
    // Two people (a noble, a colonist), circles: small market, indigo plantation, chapel.
    start(&mut g, 0, Role::Mayor);
    act(&mut g, "pass");
    assert_eq!(to_move(&g), Some(1));
    // Placements go in ascending target order; the chapel is the highest target. Every circle
    // takes either kind: the noble's place is exact.
    assert_offers(
        &g,
        &[
            "place small_market",
            "place noble small_market",
            "place noble indigo plantation",
        ],
        &[],
    );
    let mut k = g.clone();
    act(&mut g, "place small_market");
    // Only the noble is left to place.
    assert_eq!(
        labels(&g),
        vec!["place noble chapel", "place noble indigo plantation"]
    );
    act(&mut g, "place noble chapel");
    assert_eq!(on_functions(&g, 1), 0b10);
    // Or the noble on the small market and the colonist on the chapel.
    act(&mut k, "place noble small_market");
    act(&mut k, "place chapel");
    assert_eq!(on_functions(&k, 1), 0);
    assert_eq!(
        k.nobles_at(1, building_target(Building::SmallMarket as usize)),
        1
    );
    // A player with nobles only has no colonist for the chapel.
    let mut h = ngame(4);
    empty_ship(&mut h);
    give_building(&mut h, 1, Building::Chapel, 0);
    give_noble(&mut h, 1, None);
    start(&mut h, 0, Role::Mayor);
    act(&mut h, "pass");
    assert!(!labels(&h).contains(&"place chapel".to_string()));
    act(&mut h, "place noble chapel");
    assert_eq!(on_functions(&h, 1), 0b10);
}

#[test]
fn colonists_running_out_end_nothing_and_unlimited_option() {
    let mut g = ngame(4);
    // 2 colonists left in the supply: the ship takes what is left plus the noble.
    let spare = g.colonist_supply - 2;
    g.colonist_supply = 2;
    g.players.p[3].san_juan += spare;
    g.validate().unwrap();
    start(&mut g, 0, Role::Mayor);
    act(&mut g, "take privilege colonist");
    act(&mut g, "take noble");
    // Seat 0 (2 people, 1 circle) keeps the noble on the windrose.
    act(&mut g, "place indigo plantation");
    assert_eq!(g.step, Step::ChooseRole);
    assert_eq!(g.colonist_supply, 0);
    assert_eq!(g.colonist_ship, 1);
    assert_eq!(nobles(&g).ship, 1);
    assert!(!g.end_triggered, "E1 is off with the Nobles");
    // N3: an unlimited colonist supply never runs dry.
    let mut h = ngame_opts(4, json!({"colonists_unlimited_with_nobles": true}));
    h.colonist_supply = 0;
    h.validate().unwrap();
    start(&mut h, 0, Role::Mayor);
    act(&mut h, "take privilege colonist");
    act(&mut h, "take noble");
    act(&mut h, "place indigo plantation");
    assert_eq!(h.colonist_ship, 3);
    assert!(h.colonist_supply > 0);
}

#[test]
fn nobles_score_and_count_for_the_fortress() {
    let mut g = ngame(4);
    give_building(&mut g, 0, Building::Fortress, 1);
    give_san_juan(&mut g, 0, 1);
    give_noble(&mut g, 0, None);
    // 3 people: fortress +1; noble +1; printed 4.
    assert_eq!(g.score_of(0), 4 + 1 + 1);
    let mut h = ngame_opts(4, json!({"noble_vp_and_fortress": false}));
    give_building(&mut h, 0, Building::Fortress, 1);
    give_san_juan(&mut h, 0, 1);
    give_noble(&mut h, 0, None);
    assert_eq!(h.score_of(0), 4);
}

// ---------------------------------------------------------------------------------------------
// Each Nobles building.
// ---------------------------------------------------------------------------------------------

#[test]
fn land_office_colonist_buys_a_plantation_after_the_sale() {
    let mut g = ngame(4);
    give_building(&mut g, 1, Building::LandOffice, 1);
    give_goods(&mut g, 1, Good::Sugar, 1);
    let d = g.players.p[1].doubloons;
    start(&mut g, 0, Role::Trader);
    assert_eq!(to_move(&g), Some(1));
    let l = labels(&g);
    assert!(l.contains(&"land office buy".to_string()), "{l:?}");
    act(&mut g, "sell sugar");
    // After the sale the land office is still offered.
    assert_eq!(g.step, Step::LandOffice);
    act(&mut g, "land office buy");
    assert_eq!(g.step, Step::LandOfficeDraw);
    g.apply(DRAW + Good::Coffee as Action).unwrap();
    g.validate().unwrap();
    assert_eq!(g.players.p[1].island.0[Good::Coffee as usize], 1);
    assert_eq!(g.players.p[1].doubloons, d + 2 - 1);
    assert_eq!(g.step, Step::ChooseRole);
}

#[test]
fn land_office_noble_removes_a_plantation_for_a_doubloon() {
    let mut g = ngame(4);
    give_building(&mut g, 1, Building::LandOffice, 0);
    give_noble(&mut g, 1, Some(Building::LandOffice));
    give_tiles(&mut g, 1, Good::Coffee as usize, 1, 1);
    let d = g.players.p[1].doubloons;
    let discard = g.discard.0[Good::Coffee as usize];
    start(&mut g, 1, Role::Trader);
    assert_offers(&g, &["remove empty indigo", "remove occupied coffee"], &[]);
    act(&mut g, "remove occupied coffee");
    // +1 doubloon only (no trader privilege, N8); the occupant goes to the windrose; he may
    // still sell.
    assert_eq!(g.players.p[1].doubloons, d + 1);
    assert_eq!(g.players.p[1].san_juan, 1);
    assert_eq!(g.discard.0[Good::Coffee as usize], discard + 1);
    assert_eq!(g.players.p[1].island.0[Good::Coffee as usize], 0);
    // N8 option: the trader's privilege applies.
    let mut h = ngame_opts(4, json!({"land_office_trader_privilege": true}));
    give_building(&mut h, 1, Building::LandOffice, 0);
    give_noble(&mut h, 1, Some(Building::LandOffice));
    let d = h.players.p[1].doubloons;
    start(&mut h, 1, Role::Trader);
    act(&mut h, "remove empty indigo");
    assert_eq!(h.players.p[1].doubloons, d + 2);
}

#[test]
fn land_office_forest_option() {
    let base = json!({"new_buildings": true, "building_set": "fixed", "building_list": [
        "aqueduct", "forest_house", "black_market", "storehouse", "guest_house",
        "trading_post", "church", "small_wharf", "lighthouse", "library",
        "specialty_factory", "union_hall", "cloister", "statue", "guild_hall",
        "residence", "city_hall"]});
    for (sell_forest, offered) in [(true, true), (false, false)] {
        let mut opts = base.clone();
        opts["land_office_sell_forest"] = json!(sell_forest);
        let mut g = ngame_opts(4, opts);
        give_building(&mut g, 1, Building::LandOffice, 0);
        give_noble(&mut g, 1, Some(Building::LandOffice));
        g.deck.0[Good::Corn as usize] -= 1;
        g.players.p[1].forests.0[Good::Corn as usize] += 1;
        start(&mut g, 1, Role::Trader);
        assert_eq!(
            labels(&g).contains(&"remove forest corn".to_string()),
            offered
        );
    }
}

#[test]
fn hunting_lodge_colonist_removes_a_tile() {
    let mut g = ngame(4);
    give_building(&mut g, 2, Building::HuntingLodge, 1);
    give_tiles(&mut g, 2, Good::Sugar as usize, 1, 1);
    give_tiles(&mut g, 2, QUARRY, 1, 0);
    start(&mut g, 0, Role::Settler);
    for _ in 0..4 {
        if g.step == Step::HuntingLodge {
            break;
        }
        act(&mut g, "pass");
    }
    assert_eq!(g.step, Step::HuntingLodge);
    assert_eq!(to_move(&g), Some(2));
    let l = labels(&g);
    assert!(!l.iter().any(|x| x.contains("quarry")), "{l:?}");
    act(&mut g, "remove occupied sugar");
    assert_eq!(g.players.p[2].island.0[Good::Sugar as usize], 0);
    assert_eq!(g.players.p[2].san_juan, 1);
    assert_eq!(g.step, Step::Refill);
}

#[test]
fn villa_brings_a_noble_or_a_colonist() {
    let mut g = ngame(4);
    empty_ship(&mut g);
    give_building(&mut g, 2, Building::Villa, 1);
    start(&mut g, 0, Role::Mayor);
    act(&mut g, "pass");
    assert_eq!(nobles(&g).players[2].nobles, 1);
    assert_eq!(g.players.p[2].colonists(), 2);
    // Noble supply empty: a colonist instead.
    let mut h = ngame(4);
    empty_ship(&mut h);
    give_building(&mut h, 2, Building::Villa, 1);
    let x = nobles_mut(&mut h);
    x.players[3].nobles = x.supply;
    x.supply = 0;
    h.players.p[3].san_juan += 20;
    h.validate().unwrap();
    let supply = h.colonist_supply;
    start(&mut h, 0, Role::Mayor);
    act(&mut h, "pass");
    assert_eq!(nobles(&h).players[2].nobles, 0);
    assert_eq!(h.players.p[2].colonists(), 2);
    assert!(h.colonist_supply < supply);
}

#[test]
fn jeweler_cap_option() {
    let mut g = ngame_opts(4, json!({"jeweler_cap": 2}));
    give_building(&mut g, 1, Building::Jeweler, 1);
    for _ in 0..3 {
        give_noble(&mut g, 1, None);
    }
    let d = g.players.p[1].doubloons;
    start(&mut g, 0, Role::Craftsman);
    assert_eq!(g.players.p[1].doubloons, d + 2);
}

#[test]
fn black_market_returns_a_noble_to_the_noble_supply() {
    let mut g = ngame_opts(
        4,
        json!({"new_buildings": true, "building_set": "fixed", "building_list": [
        "aqueduct", "forest_house", "black_market", "storehouse", "guest_house",
        "trading_post", "church", "small_wharf", "lighthouse", "library",
        "specialty_factory", "union_hall", "cloister", "statue", "guild_hall",
        "residence", "city_hall"]}),
    );
    give_building(&mut g, 0, Building::BlackMarket, 1);
    give_building(&mut g, 0, Building::Chapel, 0);
    give_noble(&mut g, 0, Some(Building::Chapel));
    g.players.p[0].doubloons = 0;
    give_vp(&mut g, 0, 1);
    let supply = nobles(&g).supply;
    start(&mut g, 0, Role::Builder);
    // Storehouse 3 - 1 (builder) = 2, paid with a noble and a VP chip.
    act(&mut g, "build storehouse");
    assert_eq!(g.step, Step::BlackMarketColonist);
    assert_offers(
        &g,
        &["return noble from chapel"],
        &["return colonist from chapel"],
    );
    act(&mut g, "return noble from chapel");
    assert_eq!(nobles(&g).supply, supply + 1);
    assert_eq!(nobles(&g).players[0].nobles, 0);
    assert_eq!(on_functions(&g, 0), 0);
}

// ---------------------------------------------------------------------------------------------
// Set-up options, combinations, positions.
// ---------------------------------------------------------------------------------------------

#[test]
fn nobles_buildings_added_or_drafted() {
    let g = ngame(4);
    assert_eq!(g.building_supply.0[Building::LandOffice as usize], 2);
    assert_eq!(g.building_supply.0[Building::RoyalGarden as usize], 1);
    assert_eq!(g.building_supply.0[Building::Jeweler as usize], 2);
    // 2 players (N7): one copy each, jeweler 2.
    let g2 = ngame(2);
    assert_eq!(g2.building_supply.0[Building::Villa as usize], 1);
    assert_eq!(g2.building_supply.0[Building::Jeweler as usize], 2);
    // Drafted (N1): the Nobles kinds join the Expansion I draft; the jeweler is added.
    let d = ngame_opts(
        4,
        json!({"new_buildings": true, "nobles_buildings": "drafted"}),
    );
    assert_eq!(d.step, Step::Draft);
    assert_eq!(d.building_supply.0[Building::Villa as usize], 0);
    assert_eq!(d.building_supply.0[Building::Jeweler as usize], 2);
    assert_offers(&d, &["draft villa", "draft royal_garden"], &[]);
    // Villa and jeweler exclusive (N9): the jeweler is left out.
    let e = ngame_opts(4, json!({"villa_jeweler_exclusive": true}));
    assert_eq!(e.building_supply.0[Building::Jeweler as usize], 0);
}

#[test]
fn nobles_options_refused_where_the_spec_does_not_cover_them() {
    let e = opts_err(4, json!({"noble_from_ship": "mayor"}));
    assert!(e.contains("nobles"), "{e}");
    let e = opts_err(4, json!({"nobles": true, "nobles_buildings": "drafted"}));
    assert!(e.contains("new_buildings"), "{e}");
    let e = opts_err(
        4,
        json!({"nobles": true, "new_buildings": true, "building_set": "base",
               "nobles_buildings": "drafted"}),
    );
    assert!(e.contains("drafted"), "{e}");
    let e = opts_err(
        4,
        json!({"new_buildings": true, "building_set": "fixed", "building_list": [
        "aqueduct", "forest_house", "black_market", "storehouse", "guest_house",
        "trading_post", "church", "small_wharf", "lighthouse", "library",
        "specialty_factory", "union_hall", "cloister", "statue", "guild_hall",
        "residence", "royal_garden"]}),
    );
    assert!(e.contains("Expansion II"), "{e}");
    // Every player count and both expansions together start.
    for n in 2..=5 {
        for opts in [
            json!({"nobles": true}),
            json!({"nobles": true, "new_buildings": true}),
        ] {
            let c = config(n, opts);
            let g = PuertoRico::new(&c, 3).unwrap();
            g.validate().unwrap();
            assert_eq!(g.num_distinct_actions(), NUM_ACTIONS_N);
        }
    }
}

#[test]
fn nobles_position_round_trips_and_is_checked() {
    let mut g = ngame(4);
    give_building(&mut g, 1, Building::Chapel, 0);
    give_noble(&mut g, 1, Some(Building::Chapel));
    give_noble(&mut g, 2, None);
    let v = g.to_json_value();
    assert_eq!(v["nobles"]["players"][1]["on"], json!(["chapel"]));
    assert_eq!(v["nobles"]["supply"], json!(17));
    let back = meeple_core::dynamic::load_state::<PuertoRico>(&v).unwrap();
    assert_eq!(back, g);
    let obs = g.observation(0);
    assert_eq!(obs["nobles"]["players"][2]["nobles"], json!(1));
    let mut t = vec![0.0; g.observation_tensor_len()];
    g.observation_tensor(0, &mut t);
    // A base position has no nobles field.
    assert!(game(4).to_json_value().get("nobles").is_none());
    // Nobles that do not add up to 20 are refused; so is a noble on an empty chapel.
    let mut bad = g.clone();
    nobles_mut(&mut bad).supply += 1;
    assert!(bad.validate().unwrap_err().contains("20"));
    let mut bad = g.clone();
    bad.players.p[1].buildings.0[Building::Chapel as usize] = 1;
    bad.players.p[1].san_juan += 1;
    assert!(bad.validate().is_err());
}

/// Both expansions, every Expansion I kind in the game.
fn both(players: usize) -> PuertoRico {
    ngame_opts(
        players,
        json!({"new_buildings": true, "building_set": "fixed", "building_list": ALL_NEW}),
    )
}

#[test]
fn guest_house_moves_a_noble_or_a_colonist_onto_a_function_building() {
    let mut g = both(4);
    give_building(&mut g, 1, Building::GuestHouse, 1);
    give_noble(&mut g, 1, Some(Building::GuestHouse));
    give_building(&mut g, 1, Building::Chapel, 0);
    give_building(&mut g, 1, Building::Jeweler, 0);
    g.validate().unwrap();
    start(&mut g, 0, Role::Craftsman);
    assert_eq!(g.step, Step::GuestHouse);
    let l = labels(&g);
    // One colonist and one noble stand on the guest house: either may go to the chapel.
    assert!(l.contains(&"guest to chapel".to_string()), "{l:?}");
    assert!(l.contains(&"guest noble to chapel".to_string()), "{l:?}");
    assert!(l.contains(&"guest to jeweler".to_string()), "{l:?}");
    act(&mut g, "guest noble to chapel");
    assert_eq!(on_functions(&g, 1), 0b10);
    // Only the colonist is left off the function buildings: no second noble move.
    assert!(!labels(&g).iter().any(|x| x.starts_with("guest noble")));
    act(&mut g, "guest to jeweler");
    // The chapel's noble gives 1 VP, the jeweler 1 doubloon per noble.
    assert_eq!(g.players.p[1].vp, 1);
    assert_eq!(g.players.p[1].doubloons, 3 + 1);
}

#[test]
fn construction_office_noble_makes_a_large_building_affordable() {
    let mut g = ngame(4);
    give_building(&mut g, 1, Building::ConstructionOffice, 0);
    give_noble(&mut g, 1, Some(Building::ConstructionOffice));
    g.players.p[1].doubloons = 8;
    start(&mut g, 0, Role::Builder);
    act(&mut g, "pass");
    assert_eq!(to_move(&g), Some(1));
    assert!(labels(&g).contains(&"build residence".to_string()));
    assert!(!labels(&g).contains(&"build wharf".to_string()));
    act(&mut g, "build residence");
    assert_eq!(g.players.p[1].doubloons, 0);
}

#[test]
fn end_triggers_city_and_vp_unchanged_with_the_nobles() {
    // E3: the last VP chip, here paid by a noble's chapel.
    let mut g = ngame(4);
    give_building(&mut g, 1, Building::Chapel, 0);
    give_noble(&mut g, 1, Some(Building::Chapel));
    let rest = g.vp_supply as u32 - 1;
    give_vp(&mut g, 2, rest);
    start(&mut g, 0, Role::Craftsman);
    assert!(g.end_triggered);
    // E2: a 12th city space.
    let mut h = ngame(4);
    for b in [
        Building::GuildHall,
        Building::Residence,
        Building::Fortress,
        Building::CustomsHouse,
        Building::SmallMarket,
        Building::Hacienda,
        Building::ConstructionHut,
    ] {
        give_building(&mut h, 1, b, 0);
    }
    h.players.p[1].doubloons = 10;
    start(&mut h, 1, Role::Builder);
    act(&mut h, "build villa");
    assert!(h.end_triggered);
}

// ---------------------------------------------------------------------------------------------
// Exact noble positions (decision 16): every removal or move takes a noble only from where one
// stands.
// ---------------------------------------------------------------------------------------------

/// The review's example: a hospice put a colonist on a new corn plantation while the player's
/// noble waits on the windrose. The black market may return the colonist from the corn or the
/// noble from the windrose, never "a noble from the corn plantation".
#[test]
fn noble_position_is_exact_for_black_market() {
    let mut g = both(4);
    give_building(&mut g, 0, Building::BlackMarket, 1);
    give_noble(&mut g, 0, None);
    g.players.p[0].doubloons = 0;
    give_vp(&mut g, 0, 1);
    // What the hospice left: a colonist on the new corn plantation (the noble on the windrose).
    give_tiles(&mut g, 0, Good::Corn as usize, 1, 1);
    g.validate().unwrap();
    // The builder: storehouse 3 - 1 = 2, paid with a person and a VP chip.
    start(&mut g, 0, Role::Builder);
    act(&mut g, "build storehouse");
    assert_eq!(g.step, Step::BlackMarketColonist);
    assert_offers(
        &g,
        &[
            "return colonist from corn plantation",
            "return noble from san_juan",
        ],
        &[
            "return noble from corn plantation",
            "return colonist from san_juan",
        ],
    );
    act(&mut g, "return noble from san_juan");
    assert_eq!(nobles(&g).players[0].nobles, 0);
    assert_eq!(g.players.p[0].island_colonists.0[Good::Corn as usize], 1);
    assert_eq!(g.players.p[0].san_juan, 0);
}

/// A noble on a plantation goes back only from that plantation; a colonist only from where
/// colonists stand.
#[test]
fn noble_position_is_exact_for_black_market_on_a_plantation() {
    let mut g = both(4);
    give_building(&mut g, 0, Building::BlackMarket, 1);
    give_tiles(&mut g, 0, Good::Corn as usize, 1, 0);
    give_noble_on_tile(&mut g, 0, Good::Corn as usize);
    give_san_juan(&mut g, 0, 1);
    g.players.p[0].doubloons = 0;
    give_vp(&mut g, 0, 1);
    g.validate().unwrap();
    start(&mut g, 0, Role::Builder);
    act(&mut g, "build storehouse");
    assert_offers(
        &g,
        &[
            "return noble from corn plantation",
            "return colonist from san_juan",
        ],
        &[
            "return colonist from corn plantation",
            "return noble from san_juan",
        ],
    );
    act(&mut g, "return noble from corn plantation");
    assert_eq!(g.players.p[0].island_colonists.0[Good::Corn as usize], 0);
    assert_eq!(g.nobles_at(0, BASE_BUILDINGS + Good::Corn as usize), 0);
}

/// The guest house moves a noble only if one stands on it, to any circle (exactly tracked).
#[test]
fn noble_position_is_exact_for_guest_house() {
    let mut g = both(4);
    give_building(&mut g, 1, Building::GuestHouse, 1);
    give_building(&mut g, 1, Building::Chapel, 0);
    give_noble(&mut g, 1, None);
    g.validate().unwrap();
    let mut h = g.clone();
    start(&mut g, 0, Role::Craftsman);
    assert_eq!(g.step, Step::GuestHouse);
    // Only a colonist stands on the guest house: no noble move (the noble is on the windrose).
    let l = labels(&g);
    assert!(!l.iter().any(|x| x.starts_with("guest noble")), "{l:?}");
    act(&mut g, "guest to chapel");
    assert_eq!(on_functions(&g, 1), 0);
    // A noble on the guest house moves to a plantation (a non-function target).
    h.players.p[1].san_juan -= 1;
    h.players.p[1].buildings.0[Building::GuestHouse as usize] += 1;
    let gh = building_target(Building::GuestHouse as usize);
    nobles_mut(&mut h).players[1].on[gh] = 1;
    h.validate().unwrap();
    start(&mut h, 0, Role::Craftsman);
    assert_offers(
        &h,
        &[
            "guest noble to indigo plantation",
            "guest to indigo plantation",
        ],
        &[],
    );
    act(&mut h, "guest noble to indigo plantation");
    assert_eq!(h.nobles_at(1, BASE_BUILDINGS + Good::Indigo as usize), 1);
    assert_eq!(h.nobles_at(1, gh), 0);
    // The colonist left on the guest house cannot move as a noble.
    assert!(!labels(&h).iter().any(|x| x.starts_with("guest noble")));
}

/// The land office (noble) removes a plantation with a noble (the noble to the windrose) or
/// with a colonist, each only where one stands.
#[test]
fn noble_position_is_exact_for_land_office() {
    let mut g = ngame(4);
    give_building(&mut g, 1, Building::LandOffice, 0);
    give_noble(&mut g, 1, Some(Building::LandOffice));
    give_tiles(&mut g, 1, Good::Corn as usize, 1, 0);
    give_noble_on_tile(&mut g, 1, Good::Corn as usize);
    give_tiles(&mut g, 1, Good::Sugar as usize, 1, 1);
    g.validate().unwrap();
    start(&mut g, 1, Role::Trader);
    assert_offers(
        &g,
        &["remove noble corn", "remove occupied sugar"],
        &["remove occupied corn", "remove noble sugar"],
    );
    let sj = g.players.p[1].san_juan;
    act(&mut g, "remove noble corn");
    assert_eq!(g.players.p[1].island.0[Good::Corn as usize], 0);
    assert_eq!(g.players.p[1].san_juan, sj + 1);
    assert_eq!(g.nobles_at(1, NUM_TARGETS), 1);
    assert_eq!(g.nobles_at(1, BASE_BUILDINGS + Good::Corn as usize), 0);
}

/// The hunting lodge (colonist) removes a plantation with a noble on it only as such.
#[test]
fn noble_position_is_exact_for_hunting_lodge() {
    let mut g = ngame(4);
    give_building(&mut g, 2, Building::HuntingLodge, 1);
    give_tiles(&mut g, 2, Good::Sugar as usize, 1, 0);
    give_noble_on_tile(&mut g, 2, Good::Sugar as usize);
    g.validate().unwrap();
    start(&mut g, 0, Role::Settler);
    for _ in 0..4 {
        if g.step == Step::HuntingLodge {
            break;
        }
        act(&mut g, "pass");
    }
    assert_eq!(g.step, Step::HuntingLodge);
    assert_offers(&g, &["remove noble sugar"], &["remove occupied sugar"]);
    act(&mut g, "remove noble sugar");
    assert_eq!(g.nobles_at(2, NUM_TARGETS), 1);
    assert_eq!(g.players.p[2].san_juan, 1);
}

/// The mayor lifts everyone and places each person with its colour; the position JSON names
/// every noble's place, and validation checks it.
#[test]
fn noble_position_is_exact_for_mayor_and_json() {
    let mut g = ngame(4);
    empty_ship(&mut g);
    give_tiles(&mut g, 1, Good::Corn as usize, 1, 0);
    give_noble_on_tile(&mut g, 1, Good::Corn as usize);
    give_san_juan(&mut g, 1, 1);
    let v = g.to_json_value();
    assert_eq!(v["nobles"]["players"][1]["on"], json!(["corn plantation"]));
    let back = meeple_core::dynamic::load_state::<PuertoRico>(&v).unwrap();
    assert_eq!(back, g);
    // Two people, two circles (corn, indigo; placed in ascending order): the colonist may now
    // work the corn and the noble the indigo.
    start(&mut g, 0, Role::Mayor);
    act(&mut g, "pass");
    assert_eq!(to_move(&g), Some(1));
    assert_eq!(
        labels(&g),
        vec!["place corn plantation", "place noble corn plantation"]
    );
    act(&mut g, "place corn plantation");
    assert_eq!(
        g.to_json_value()["nobles"]["players"][1]["on"],
        json!(["indigo plantation"])
    );
    assert_eq!(g.players.p[1].island_colonists.0[Good::Corn as usize], 1);
    // A noble on an empty plantation, or more on the windrose than people there, is refused.
    let mut bad = back.clone();
    bad.players.p[1].island_colonists.0[Good::Corn as usize] = 0;
    bad.players.p[1].san_juan += 1;
    assert!(bad.validate().unwrap_err().contains("corn plantation"));
    let mut bad = back.clone();
    nobles_mut(&mut bad).players[1].on = [0; NUM_TARGETS];
    bad.players.p[1].san_juan -= 1;
    assert!(bad.validate().is_err());
    let mut v = back.to_json_value();
    v["nobles"]["players"][1]["on"] = json!(["nowhere"]);
    assert!(meeple_core::dynamic::load_state::<PuertoRico>(&v).is_err());
}
