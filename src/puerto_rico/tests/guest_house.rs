//! The guest house (Expansion I, spec §8.4 and E7): "at any moment" outside the mayor phase the
//! owner may move its colonists, and "a moved colonist works at once". So an owner whose only
//! way to act is to move a guest first gets his turn (E7 b), a guest on an empty hacienda at his
//! settler turn still brings the hacienda tile, a guest on an empty library during the role
//! doubles the privilege still to come, and the moves are offered before storage (issue 22
//! items 1 and 2, engine decision 12).

mod common;
use common::*;
use meeple_core::Game;
use meeple_puerto_rico::data::*;
use meeple_puerto_rico::*;
use serde_json::json;

/// `p` owns a guest house with `guests` colonists on it.
fn guests(g: &mut PuertoRico, p: usize, guests: u8) {
    give_building(g, p, Building::GuestHouse, guests);
}

/// Pass in the phase-start guest-house window of the current actor (the owner keeps his
/// guests for later).
fn pass_window(g: &mut PuertoRico, p: usize) {
    assert_eq!(g.step, Step::GuestHouse);
    assert_eq!(to_move(g), Some(p));
    act(g, "pass");
}

/// Fill every ship with a full load of another kind than `free`, so nothing can be loaded.
fn block_ships(g: &mut PuertoRico, kinds: [Good; 3]) {
    for (s, good) in kinds.into_iter().enumerate() {
        let cap = g.ships.s[s].capacity;
        g.goods_supply.0[good as usize] -= cap;
        g.ships.s[s].good = Some(good);
        g.ships.s[s].count = cap;
    }
}

#[test]
fn guest_house_owner_whose_only_sale_is_a_guest_on_an_empty_trading_post_gets_his_turn() {
    let mut g = xgame(4, &[]);
    guests(&mut g, 1, 1);
    give_building(&mut g, 1, Building::TradingPost, 0);
    give_goods(&mut g, 1, Good::Coffee, 1);
    // Coffee is already in the trading house and he has no office: no normal sale.
    g.goods_supply.0[Good::Coffee as usize] -= 1;
    g.trading_house.0[Good::Coffee as usize] = 1;
    g.players.p[1].doubloons = 0;
    g.validate().unwrap();
    start(&mut g, 0, Role::Trader);
    pass_window(&mut g, 1);
    // The trader has nothing to sell; seat 1 gets his turn for the guest move.
    assert_eq!(g.step, Step::Trade);
    assert_eq!(to_move(&g), Some(1));
    assert_offers(
        &g,
        &["pass", "guest to trading_post"],
        &["trading post coffee"],
    );
    act(&mut g, "guest to trading_post");
    act(&mut g, "trading post coffee");
    assert_eq!(g.players.p[1].doubloons, 4);
}

#[test]
fn guest_house_owner_who_can_build_only_with_a_guest_on_an_empty_quarry_gets_his_turn() {
    let mut g = xgame(4, &[]);
    guests(&mut g, 1, 1);
    give_tiles(&mut g, 1, QUARRY, 1, 0);
    g.players.p[1].doubloons = 0;
    g.validate().unwrap();
    start(&mut g, 0, Role::Builder);
    pass_window(&mut g, 1);
    act(&mut g, "pass"); // the builder
    assert_eq!(g.step, Step::Build);
    assert_eq!(to_move(&g), Some(1));
    assert_offers(&g, &["guest to quarry"], &["build small_indigo_plant"]);
    act(&mut g, "guest to quarry");
    // Cost 1 - 1 occupied quarry = 0.
    act(&mut g, "build small_indigo_plant");
    assert!(g.players.p[1].buildings.owns(Building::SmallIndigoPlant));
}

#[test]
fn guest_house_owner_who_can_ship_only_with_a_guest_on_an_empty_wharf_gets_his_turn() {
    let mut g = xgame(4, &[("union_hall", "wharf")]);
    guests(&mut g, 1, 1);
    give_building(&mut g, 1, Building::Wharf, 0);
    give_goods(&mut g, 1, Good::Coffee, 3);
    block_ships(&mut g, [Good::Corn, Good::Indigo, Good::Sugar]);
    g.validate().unwrap();
    start(&mut g, 0, Role::Captain);
    pass_window(&mut g, 1);
    // No ship takes coffee: his only load is the wharf, once a guest stands on it.
    assert_eq!(g.step, Step::Load);
    assert_eq!(to_move(&g), Some(1));
    assert_offers(&g, &["pass", "guest to wharf"], &["wharf coffee"]);
    act(&mut g, "guest to wharf");
    act(&mut g, "wharf coffee");
    assert_eq!(g.players.p[1].vp, 3);
}

#[test]
fn guest_moved_onto_an_empty_hacienda_at_his_settler_turn_still_offers_the_hacienda_draw() {
    let mut g = xgame(4, &[("black_market", "hacienda")]);
    guests(&mut g, 1, 1);
    give_building(&mut g, 1, Building::Hacienda, 0);
    g.validate().unwrap();
    start(&mut g, 0, Role::Settler);
    pass_window(&mut g, 1);
    act(&mut g, "pass"); // the settler
    assert_eq!(g.step, Step::Settle);
    assert_eq!(to_move(&g), Some(1));
    assert_offers(&g, &["guest to hacienda"], &["hacienda draw"]);
    act(&mut g, "guest to hacienda");
    // The hacienda now works, before his normal tile.
    assert_eq!(g.step, Step::Hacienda);
    act(&mut g, "hacienda draw");
    assert_eq!(g.step, Step::HaciendaDraw);
}

#[test]
fn guest_house_owner_whose_only_tile_is_a_quarry_through_a_guest_on_his_hut_gets_his_turn() {
    let mut g = xgame(4, &[("black_market", "construction_hut")]);
    guests(&mut g, 1, 1);
    give_building(&mut g, 1, Building::ConstructionHut, 0);
    g.validate().unwrap();
    start(&mut g, 0, Role::Settler);
    pass_window(&mut g, 1);
    // The settler takes the last face-up tiles away from the others: empty the row.
    g.discard.0 = [
        g.discard.0[0] + g.plantation_row.0[0],
        g.discard.0[1] + g.plantation_row.0[1],
        g.discard.0[2] + g.plantation_row.0[2],
        g.discard.0[3] + g.plantation_row.0[3],
        g.discard.0[4] + g.plantation_row.0[4],
    ];
    g.plantation_row.0 = [0; NUM_GOODS];
    act(&mut g, "take quarry"); // the settler's privilege
    assert_eq!(to_move(&g), Some(1));
    assert_offers(&g, &["pass", "guest to construction_hut"], &["take quarry"]);
    act(&mut g, "guest to construction_hut");
    act(&mut g, "take quarry");
    assert_eq!(g.players.p[1].island.0[QUARRY], 1);
}

#[test]
fn guest_moved_onto_an_empty_library_during_the_builder_phase_doubles_the_privilege() {
    let mut g = xgame(4, &[]);
    guests(&mut g, 0, 1);
    give_building(&mut g, 0, Building::Library, 0);
    g.players.p[0].doubloons = 10;
    start(&mut g, 0, Role::Builder);
    pass_window(&mut g, 0);
    assert_eq!(g.step, Step::Build);
    assert!(!g.doubled);
    assert_eq!(g.price(0, Building::Lighthouse as usize), 6);
    act(&mut g, "guest to library");
    // The moved colonist works at once: -2 instead of -1.
    assert!(g.doubled);
    assert_eq!(g.price(0, Building::Lighthouse as usize), 5);
}

#[test]
fn guest_moved_onto_an_empty_library_at_the_settler_turn_gives_the_second_tile() {
    let mut g = xgame(4, &[]);
    guests(&mut g, 0, 1);
    give_building(&mut g, 0, Building::Library, 0);
    start(&mut g, 0, Role::Settler);
    pass_window(&mut g, 0);
    act(&mut g, "guest to library");
    assert!(g.doubled);
    act(&mut g, "take quarry");
    for _ in 1..4 {
        act(&mut g, "pass");
    }
    // After everyone, the library's second tile.
    assert_eq!(g.step, Step::Settle);
    assert_eq!(to_move(&g), Some(0));
    assert!(labels(&g).iter().any(|l| l.starts_with("take ")));
}

#[test]
fn settler_who_can_fill_his_library_only_after_everyone_gets_the_second_tile_turn() {
    let mut g = xgame(4, &[]);
    guests(&mut g, 0, 1);
    give_building(&mut g, 0, Building::Library, 0);
    start(&mut g, 0, Role::Settler);
    pass_window(&mut g, 0);
    act(&mut g, "take quarry");
    for _ in 1..4 {
        act(&mut g, "pass");
    }
    // Not doubled yet, but a guest move can make it: his turn, with no take before the move.
    assert_eq!(g.step, Step::Settle);
    assert_eq!(to_move(&g), Some(0));
    assert!(!g.doubled);
    assert!(!labels(&g).iter().any(|l| l.starts_with("take ")));
    act(&mut g, "guest to library");
    assert!(labels(&g).iter().any(|l| l.starts_with("take ")));
}

#[test]
fn library_filled_after_the_build_does_not_double_or_use_up_the_2p_library() {
    let mut g = xgame(2, &[]);
    guests(&mut g, 0, 1);
    give_building(&mut g, 0, Building::Library, 0);
    g.players.p[0].doubloons = 10;
    start(&mut g, 0, Role::Builder);
    pass_window(&mut g, 0);
    act(&mut g, "build lighthouse");
    // The window after the build: the privilege is spent, the library is not used up (E6).
    assert_eq!(g.step, Step::GuestHouse);
    act(&mut g, "guest to library");
    assert!(!g.doubled);
    assert_eq!(g.library_used, 0);
}

/// Seat 1 holds 2 corn and 2 sugar with an empty small warehouse and a guest, and no ship
/// takes his goods.
fn storage_position(timing: &str) -> PuertoRico {
    let mut g = xgame_opts(
        4,
        &[("storehouse", "small_warehouse")],
        json!({"guest_house_timing": timing}),
    );
    guests(&mut g, 1, 1);
    give_building(&mut g, 1, Building::SmallWarehouse, 0);
    give_goods(&mut g, 1, Good::Corn, 2);
    give_goods(&mut g, 1, Good::Sugar, 2);
    block_ships(&mut g, [Good::Corn, Good::Sugar, Good::Indigo]);
    g.validate().unwrap();
    g
}

#[test]
fn guest_moves_are_offered_before_storage() {
    let mut g = storage_position("any_time");
    start(&mut g, 0, Role::Captain);
    pass_window(&mut g, 1);
    // Nobody can load; before his storage seat 1 may still move his guest.
    assert_eq!(g.step, Step::GuestHouse);
    assert_eq!(to_move(&g), Some(1));
    assert_eq!(g.guest_after, Some(Resume::Storage));
    g.validate().unwrap();
    let back = meeple_core::dynamic::load_state::<PuertoRico>(&g.to_json_value()).unwrap();
    assert_eq!(back, g);
    act(&mut g, "guest to small_warehouse");
    // The warehouse works at once: he warehouses one kind and keeps a barrel of the other.
    assert_eq!(g.step, Step::Warehouse);
    act(&mut g, "warehouse corn");
    assert_eq!(g.players.p[1].goods.0, [2, 0, 1, 0, 0]);
}

#[test]
fn no_storage_window_with_guest_house_timing_phase_start() {
    let mut g = storage_position("phase_start");
    start(&mut g, 0, Role::Captain);
    pass_window(&mut g, 1);
    // Straight to his storage: one barrel kept.
    assert_eq!(g.step, Step::Keep);
    act(&mut g, "keep sugar");
    assert_eq!(g.players.p[1].goods.0, [0, 0, 1, 0, 0]);
}
