//! One test per rule: set-up, the round, every role's details, end conditions, scoring, ties,
//! options, and the position format.

mod common;
use common::*;
use meeple_core::dynamic::load_state;
use meeple_core::{Action, Game, Turn};
use meeple_puerto_rico::data::*;
use meeple_puerto_rico::*;
use serde_json::json;

#[test]
fn setup_by_player_count() {
    for (n, coins, vp, supply, ship, roles, ships) in [
        (2, 3, 65, 40, 2, 7, vec![4, 6]),
        (3, 2, 75, 55, 3, 6, vec![4, 5, 6]),
        (4, 3, 100, 75, 4, 7, vec![5, 6, 7]),
        (5, 4, 122, 95, 5, 8, vec![6, 7, 8]),
    ] {
        for seed in 0..5 {
            let g = PuertoRico::new(&config(n, json!({})), seed).unwrap();
            g.validate().unwrap();
            assert_eq!(g.vp_supply, vp);
            assert_eq!(g.colonist_supply, supply);
            assert_eq!(g.colonist_ship, ship);
            assert_eq!(g.roles.0.iter().filter(|r| r.in_play).count(), roles);
            let caps: Vec<u8> = g.ships.as_slice().iter().map(|s| s.capacity).collect();
            assert_eq!(caps, ships);
            assert_eq!(g.plantation_row.total(), n as u32 + 1);
            let s = setup(n);
            for p in 0..n {
                let pl = &g.players.p[p];
                assert_eq!(pl.doubloons, coins);
                assert_eq!(
                    pl.island_colonists.total(),
                    0,
                    "starting tiles are unoccupied"
                );
                let r = (p + n - g.governor as usize) % n;
                assert_eq!(pl.island.0[s.start[r] as usize], 1);
                assert_eq!(pl.island.total(), 1);
            }
            assert_eq!(g.turn(), Turn::Player(g.governor as usize));
        }
    }
    // 2 players: 33 tiles left after the starting ones; 5 quarries; 40 barrels; 1 copy of each
    // violet building, 2 of each production building.
    let g = PuertoRico::new(&config(2, json!({})), 3).unwrap();
    assert_eq!(g.deck.total() + g.plantation_row.total(), 33);
    assert_eq!(g.quarries, 5);
    assert_eq!(g.goods_supply.total(), 40);
    assert_eq!(g.building_supply.0[Building::Hacienda as usize], 1);
    assert_eq!(g.building_supply.0[Building::IndigoPlant as usize], 2);
    assert_eq!(g.building_supply.0[Building::GuildHall as usize], 1);
}

#[test]
fn first_governor_is_drawn_from_the_seed() {
    let govs: std::collections::HashSet<u8> = (0..40)
        .map(|s| PuertoRico::new(&config(4, json!({})), s).unwrap().governor)
        .collect();
    assert_eq!(govs.len(), 4);
}

#[test]
fn unchosen_roles_collect_a_doubloon_and_governor_passes() {
    let mut g = game(3);
    assert!(
        g.parse_action("role prospector").is_none(),
        "3 players: no prospector"
    );
    act(&mut g, "role builder");
    while g.role.is_some() {
        act(&mut g, "pass");
    }
    act(&mut g, "role trader");
    assert_eq!(to_move(&g), Some(2));
    act(&mut g, "role mayor");
    while g.step != Step::ChooseRole {
        let l = legal(&g);
        g.apply(l[0]).unwrap();
    }
    // Round over: settler, craftsman, captain each carry 1 doubloon; seat 1 is governor.
    assert_eq!(g.governor, 1);
    assert_eq!(g.round, 2);
    for r in [Role::Settler, Role::Craftsman, Role::Captain] {
        assert_eq!(g.roles.0[r as usize].doubloons, 1);
    }
    for r in [Role::Builder, Role::Trader, Role::Mayor] {
        assert_eq!(g.roles.0[r as usize].doubloons, 0);
        assert!(!g.roles.0[r as usize].taken);
    }
    // Taking a role takes its doubloons.
    let before = g.players.p[1].doubloons;
    act(&mut g, "role captain");
    assert_eq!(g.players.p[1].doubloons, before + 1);
}

#[test]
fn two_player_role_order() {
    let mut g = game(2);
    let mut choosers = Vec::new();
    for _ in 0..6 {
        assert_eq!(g.step, Step::ChooseRole);
        choosers.push(to_move(&g).unwrap());
        // Prospector or builder-pass keep it short: take the first role and pass through it.
        let l = legal(&g);
        g.apply(l[l.len() - 1]).unwrap();
        while g.step != Step::ChooseRole {
            let l = legal(&g);
            g.apply(l[0]).unwrap();
        }
    }
    assert_eq!(choosers, vec![0, 1, 0, 1, 0, 1]);
    assert_eq!(g.governor, 1);
    assert_eq!(g.roles.0.iter().filter(|r| r.doubloons == 1).count(), 1);
}

#[test]
fn settler_row_and_quarries() {
    let mut g = game(4);
    start(&mut g, 0, Role::Settler);
    // The settler may take a quarry; the others may not (no construction hut).
    assert!(labels(&g).contains(&"take quarry".to_string()));
    let first = legal(&g)[1];
    g.apply(first).unwrap();
    assert_eq!(to_move(&g), Some(1));
    assert!(!labels(&g).contains(&"take quarry".to_string()));
    act(&mut g, "pass");
    act(&mut g, "pass");
    act(&mut g, "pass");
    // Refill: chance nodes until 5 new face-up tiles.
    let mut draws = 0;
    while g.turn() == Turn::Chance {
        let mut o = Vec::new();
        g.chance_outcomes(&mut o);
        let total: u32 = o.iter().map(|x| x.1).sum();
        assert_eq!(total, g.deck.total());
        g.apply(o[0].0).unwrap();
        draws += 1;
    }
    assert_eq!(draws, 5);
    assert_eq!(g.plantation_row.total(), 5);
    assert_eq!(
        g.discard.total(),
        4,
        "the 4 untaken tiles are discarded face up"
    );
}

#[test]
fn refill_reshuffles_the_discard_pile() {
    let mut g = game(3);
    // Move the deck to the discard pile except 1 tile.
    for k in 0..NUM_GOODS {
        g.discard.0[k] += g.deck.0[k];
        g.deck.0[k] = 0;
    }
    g.discard.0[0] -= 1;
    g.deck.0[0] = 1;
    start(&mut g, 0, Role::Settler);
    for _ in 0..3 {
        act(&mut g, "pass");
    }
    assert_eq!(g.turn(), Turn::Chance);
    g.apply(DRAW).unwrap();
    // Deck empty: the discard pile (with the 4 just discarded) becomes the deck.
    assert_eq!(g.turn(), Turn::Chance);
    assert_eq!(g.discard.total(), 0);
    assert!(g.deck.total() > 20);
}

#[test]
fn hacienda_then_normal_tile_and_hospice() {
    let mut g = game(4);
    give_building(&mut g, 1, Building::Hacienda, 1);
    give_building(&mut g, 1, Building::Hospice, 1);
    start(&mut g, 0, Role::Settler);
    act(&mut g, "pass");
    assert_eq!(g.step, Step::Hacienda);
    assert_eq!(labels(&g), vec!["pass", "hacienda draw"]);
    act(&mut g, "hacienda draw");
    assert_eq!(g.turn(), Turn::Chance);
    let tiles = g.players.p[1].island.total();
    let colonists = g.players.p[1].colonists();
    g.apply(DRAW + Good::Coffee as Action).unwrap();
    assert_eq!(g.players.p[1].island.total(), tiles + 1);
    // No hospice colonist for the hacienda tile: straight to the normal take.
    assert_eq!(g.step, Step::Settle);
    let k = (0..NUM_GOODS).find(|&k| g.plantation_row.0[k] > 0).unwrap();
    g.apply(SETTLE + k as Action).unwrap();
    assert_eq!(g.step, Step::Hospice);
    act(&mut g, "hospice colonist");
    assert_eq!(g.players.p[1].colonists(), colonists + 1);
    assert_eq!(g.players.p[1].island_colonists.0[k], 1);
    assert_eq!(to_move(&g), Some(2));
}

#[test]
fn hacienda_quarry_needs_construction_hut_and_counts_as_the_one_quarry() {
    let mut g = game(4);
    give_building(&mut g, 0, Building::Hacienda, 1);
    give_building(&mut g, 0, Building::ConstructionHut, 1);
    start(&mut g, 0, Role::Settler);
    assert_eq!(labels(&g), vec!["pass", "hacienda draw", "hacienda quarry"]);
    act(&mut g, "hacienda quarry");
    assert_eq!(g.step, Step::Settle);
    assert!(!labels(&g).contains(&"take quarry".to_string()));
}

#[test]
fn university_colonist() {
    let mut g = game(4);
    give_building(&mut g, 0, Building::University, 1);
    g.players.p[0].doubloons = 10;
    start(&mut g, 0, Role::Builder);
    act(&mut g, "build tobacco_storage");
    assert_eq!(g.step, Step::University);
    act(&mut g, "university colonist");
    assert_eq!(
        g.players.p[0]
            .buildings
            .colonists(Building::TobaccoStorage as usize),
        1
    );
    assert_eq!(g.players.p[0].doubloons, 10 - 4);
    // Building a university brings no colonist (it is not occupied yet).
    let mut g = game(4);
    g.players.p[0].doubloons = 10;
    start(&mut g, 0, Role::Builder);
    act(&mut g, "build university");
    assert_ne!(g.step, Step::University);
}

#[test]
fn builder_limits() {
    let mut g = game(4);
    give_building(&mut g, 1, Building::Hacienda, 0);
    give_building(&mut g, 2, Building::Hacienda, 0);
    g.players.p[0].doubloons = 2;
    start(&mut g, 0, Role::Builder);
    let l = labels(&g);
    // The builder pays 1 less: cost-2 buildings are affordable with 2 doubloons... but both
    // haciendas are gone.
    assert!(l.contains(&"build small_sugar_mill".to_string()));
    assert!(l.contains(&"build small_warehouse".to_string())); // 3 - 1 = 2
    assert!(!l.contains(&"build hacienda".to_string()));
    assert!(!l.contains(&"build hospice".to_string()));
    act(&mut g, "build small_warehouse");
    // A player may not own two copies.
    assert_eq!(to_move(&g), Some(1));
    assert!(!labels(&g).contains(&"build hacienda".to_string()));
}

#[test]
fn end_trigger_twelfth_city_space() {
    let mut g = game(3);
    for b in [
        Building::GuildHall,
        Building::Residence,
        Building::Fortress,
        Building::CustomsHouse,
        Building::SmallMarket,
    ] {
        give_building(&mut g, 0, b, 0);
    }
    assert_eq!(g.players.p[0].city_used(), 9);
    give_building(&mut g, 0, Building::Office, 0);
    give_building(&mut g, 0, Building::Hacienda, 0);
    g.players.p[0].doubloons = 10;
    start(&mut g, 0, Role::Builder);
    act(&mut g, "build small_indigo_plant");
    assert!(g.end_triggered);
    // The round is finished: the others still choose roles.
    while g.step != Step::GameOver {
        let l = legal(&g);
        g.apply(l[0]).unwrap();
    }
    assert_eq!(g.round, 1);
    assert!(!g.truncated);
    assert!(!g.winners().is_empty());
}

#[test]
fn end_trigger_colonists_short() {
    let mut g = game(3);
    // 2 colonists left in the supply: the refill needs 3.
    let moved = g.colonist_supply - 2;
    g.colonist_supply = 2;
    g.players.p[2].san_juan += moved;
    start(&mut g, 0, Role::Mayor);
    act(&mut g, "pass");
    while g.step != Step::ChooseRole {
        let l = legal(&g);
        g.apply(l[0]).unwrap();
    }
    assert!(g.end_triggered);
    assert_eq!(g.colonist_supply, 0);
    assert_eq!(g.colonist_ship, 2);
}

#[test]
fn end_trigger_vp_chips() {
    let mut g = game(3);
    give_vp(&mut g, 1, 73);
    give_goods(&mut g, 0, Good::Corn, 3);
    start(&mut g, 0, Role::Captain);
    act(&mut g, "load corn on ship 4");
    // 3 + 1 VP: the supply (2) runs out and goes negative (written-down VP).
    assert_eq!(g.vp_supply, -2);
    assert_eq!(g.players.p[0].vp, 4);
    assert!(g.end_triggered);
}

#[test]
fn scoring_and_tie_breaker() {
    let mut g = game(3);
    give_vp(&mut g, 0, 10);
    give_vp(&mut g, 1, 10);
    give_vp(&mut g, 2, 9);
    g.players.p[0].doubloons = 3;
    g.players.p[1].doubloons = 2;
    give_goods(&mut g, 1, Good::Corn, 1);
    g.step = Step::GameOver;
    g.role = None;
    g.picks = 0;
    assert_eq!(g.scores(), vec![10.0, 10.0, 9.0]);
    // Tied on 10 VP and on doubloons + barrels (3 = 2 + 1): a shared win.
    assert_eq!(g.winners(), vec![0, 1]);
    assert_eq!(g.returns(), vec![0.5, 0.5, 0.0]);
    g.players.p[0].doubloons = 4;
    assert_eq!(g.winners(), vec![0]);
    // Building VP count occupied or not; large bonuses only occupied.
    give_building(&mut g, 2, Building::Residence, 0);
    assert_eq!(g.scores()[2], 13.0);
}

#[test]
fn mayor_arrangement_is_canonical_and_fills_circles() {
    let mut g = game(3);
    // Seat 0: 2 colonists to place, 3 empty circles (indigo plantation, corn, small market).
    give_tiles(&mut g, 0, Good::Corn as usize, 1, 0);
    give_building(&mut g, 0, Building::SmallMarket, 0);
    g.colonist_supply -= 0;
    start(&mut g, 0, Role::Mayor);
    act(&mut g, "pass");
    // Ship has 3: seat 0 gets 1, and 1 each to the others; give seat 0 one more from its own
    // windrose? It has 1 colonist: choose one of 3 circles.
    assert_eq!(g.step, Step::Arrange);
    assert_eq!(
        labels(&g),
        vec![
            "place small_market",
            "place corn plantation",
            "place indigo plantation"
        ]
    );
    act(&mut g, "place corn plantation");
    assert_eq!(g.players.p[0].island_colonists.0[0], 1);
    assert_eq!(g.players.p[0].san_juan, 0);
}

#[test]
fn mayor_arrangement_feasibility() {
    let mut g = game(3);
    give_tiles(&mut g, 0, Good::Corn as usize, 1, 0);
    give_building(&mut g, 0, Building::SmallMarket, 0);
    give_san_juan(&mut g, 0, 1);
    start(&mut g, 0, Role::Mayor);
    act(&mut g, "pass");
    // 2 colonists, 3 single circles: the last target (indigo) cannot come first.
    assert_eq!(
        labels(&g),
        vec!["place small_market", "place corn plantation"]
    );
    act(&mut g, "place corn plantation");
    // The second is forced onto the indigo plantation (above corn): placed automatically.
    assert_eq!(g.players.p[0].island_colonists.0[1], 1);
    assert_eq!(
        g.players.p[0]
            .buildings
            .colonists(Building::SmallMarket as usize),
        0
    );
    assert_ne!(to_move(&g), Some(0));
}

#[test]
fn trading_house_empties_when_full() {
    let mut g = game(4);
    for (p, good) in [
        (0, Good::Corn),
        (1, Good::Indigo),
        (2, Good::Sugar),
        (3, Good::Coffee),
    ] {
        give_goods(&mut g, p, good, 1);
    }
    start(&mut g, 0, Role::Trader);
    for good in ["corn", "indigo", "sugar", "coffee"] {
        act(&mut g, &format!("sell {good}"));
    }
    assert_eq!(g.step, Step::ChooseRole);
    assert_eq!(g.trading_house.total(), 0);
    assert_eq!(g.players.p[3].doubloons, 3 + 4);
    assert_eq!(g.players.p[0].doubloons, 3 + 1);
}

#[test]
fn craftsman_privilege_choice() {
    let mut g = game(3);
    give_tiles(&mut g, 0, Good::Corn as usize, 1, 1);
    g.players.p[0].island_colonists.0[Good::Indigo as usize] = 1;
    g.colonist_supply -= 1;
    give_building(&mut g, 0, Building::SmallIndigoPlant, 1);
    start(&mut g, 0, Role::Craftsman);
    assert_eq!(g.step, Step::CraftsmanBonus);
    assert_eq!(labels(&g), vec!["bonus corn", "bonus indigo"]);
    act(&mut g, "bonus indigo");
    assert_eq!(g.players.p[0].goods.0, [1, 2, 0, 0, 0]);
}

#[test]
fn optional_production() {
    let mut g = game_with(3, json!({"craftsman_optional_production": true}));
    give_tiles(&mut g, 0, Good::Corn as usize, 1, 1);
    give_tiles(&mut g, 1, Good::Corn as usize, 1, 1);
    start(&mut g, 0, Role::Craftsman);
    assert_eq!(g.step, Step::Produce);
    act(&mut g, "pass");
    act(&mut g, "produce");
    // The craftsman declined: no privilege barrel.
    assert_eq!(g.step, Step::ChooseRole);
    assert_eq!(g.players.p[0].goods.total(), 0);
    assert_eq!(g.players.p[1].goods.0[0], 1);
}

#[test]
fn captain_must_load_and_wharf_is_optional() {
    let mut g = game(3);
    give_building(&mut g, 0, Building::Wharf, 1);
    give_goods(&mut g, 0, Good::Coffee, 2);
    start(&mut g, 0, Role::Captain);
    // A cargo load is possible: no pass.
    assert_eq!(
        labels(&g),
        vec![
            "load coffee on ship 4",
            "load coffee on ship 5",
            "load coffee on ship 6",
            "wharf coffee"
        ]
    );
    let mut g = game(3);
    give_building(&mut g, 0, Building::Wharf, 1);
    give_goods(&mut g, 0, Good::Coffee, 2);
    g.goods_supply.0[Good::Coffee as usize] -= 1;
    g.ships.s[0].good = Some(Good::Coffee);
    g.ships.s[0].count = 4;
    g.goods_supply.0[Good::Coffee as usize] -= 3;
    start(&mut g, 0, Role::Captain);
    // Coffee is on a full ship: only the wharf, so passing is allowed.
    assert_eq!(labels(&g), vec!["pass", "wharf coffee"]);
    act(&mut g, "pass");
    // Nobody else can load: the phase ends; storage keeps 1 coffee.
    assert_eq!(g.step, Step::ChooseRole);
    assert_eq!(g.players.p[0].goods.0[Good::Coffee as usize], 1);
}

#[test]
fn max_rounds_truncates() {
    let mut g = game_with(3, json!({"max_rounds": 1}));
    for _ in 0..3 {
        let last = labels(&g).last().unwrap().clone();
        act(&mut g, &last);
        while g.step != Step::ChooseRole && g.step != Step::GameOver {
            let l = legal(&g);
            g.apply(l[0]).unwrap();
        }
    }
    assert_eq!(g.step, Step::GameOver);
    assert!(g.truncated);
    assert!(g.observation(0)["truncated"].as_bool().unwrap());
    assert!(g.max_game_length() > 0);
}

/// Seat `seat` sees `a` and `b` alike: the same observation and the same tensor.
fn assert_same_view(a: &PuertoRico, b: &PuertoRico, seat: usize) {
    assert_eq!(a.observation(seat), b.observation(seat));
    let mut ta = vec![0.0; a.observation_tensor_len()];
    let mut tb = ta.clone();
    a.observation_tensor(seat, &mut ta);
    b.observation_tensor(seat, &mut tb);
    assert_eq!(ta, tb);
}

#[test]
fn hidden_vp_option() {
    let mut g = game_with(3, json!({"hidden_vp": true}));
    give_vp(&mut g, 1, 5);
    let o = g.observation(0);
    assert!(o["players"][1]["vp"].is_null());
    assert_eq!(o["players"][0]["vp"], json!(0));
    assert_eq!(g.observation(1)["players"][1]["vp"], json!(5));
    let mut g2 = g.clone();
    g2.players.p[1].vp = 3;
    g2.players.p[2].vp = 2;
    assert_same_view(&g, &g2, 0);
    let open = game(3);
    let mut o2 = open.clone();
    give_vp(&mut o2, 1, 5);
    assert_eq!(o2.observation(0)["players"][1]["vp"], json!(5));
}

/// With the chips face down, an occupied customs house (1 VP per 4 chips) must not tell the
/// others its owner's chips through `building_points`: 3 and 7 chips look the same.
#[test]
fn hidden_vp_customs_house_bonus_stays_hidden() {
    let mut g = game_with(3, json!({"hidden_vp": true}));
    give_building(&mut g, 1, Building::CustomsHouse, 1);
    give_vp(&mut g, 1, 3);
    give_vp(&mut g, 2, 4);
    // The chip supply is public: keep the total, move 4 chips from player 2 to player 1.
    let mut g2 = g.clone();
    g2.players.p[1].vp = 7;
    g2.players.p[2].vp = 0;
    assert_eq!(g.players.p[1].large_bonus(), 0);
    assert_eq!(
        g2.players.p[1].large_bonus(),
        1,
        "7 chips earn the owner 1 VP"
    );
    assert_same_view(&g, &g2, 0);
    // The owner sees his own bonus, and so does everyone once the chips are open.
    assert_eq!(
        g2.observation(1)["players"][1]["building_points"],
        json!(4 + 1)
    );
    let mut open = game(3);
    give_building(&mut open, 1, Building::CustomsHouse, 1);
    give_vp(&mut open, 1, 7);
    assert_eq!(
        open.observation(0)["players"][1]["building_points"],
        json!(4 + 1)
    );
}

#[test]
fn position_json_round_trip_and_validation() {
    let g = game(4);
    let v = g.to_json_value();
    // Names, not numbers.
    assert_eq!(v["step"], json!("choose_role"));
    assert!(v["players"][0]["goods"]["coffee"].is_number());
    assert!(v["building_supply"]["guild_hall"].is_number());
    let back: PuertoRico = load_state(&v).unwrap();
    assert_eq!(back, g);
    // An edited export loads: the goods supply is derived and recomputed (issue 22 item 6).
    let mut edited = v.clone();
    edited["players"][0]["goods"]["coffee"] = json!(3);
    let g3: PuertoRico = load_state(&edited).unwrap();
    assert_eq!(g3.players.p[0].goods.0[Good::Coffee as usize], 3);
    assert_eq!(g3.goods_supply.0[Good::Coffee as usize], 9 - 3);
    // A count the game cannot have is refused with a reason naming the field.
    let mut bad = v.clone();
    bad["players"][0]["goods"]["coffee"] = json!(10);
    let err = load_state::<PuertoRico>(&bad).unwrap_err().to_string();
    assert!(
        err.contains("goods_supply") && err.contains("coffee"),
        "{err}"
    );
    let mut bad = v.clone();
    bad["players"][0]["buildings"] = json!([{"building": "castle", "colonists": 0}]);
    assert!(load_state::<PuertoRico>(&bad).is_err());
    let mut bad = v.clone();
    bad["governor"] = json!(7);
    assert!(load_state::<PuertoRico>(&bad).is_err());
}

#[test]
fn position_written_by_hand() {
    // W5 as a hand-written position: the prospector carries 2 doubloons.
    let mut g = game(4);
    let mut v = g.to_json_value();
    for r in v["roles"].as_array_mut().unwrap() {
        if r["role"] == json!("prospector") {
            r["doubloons"] = json!(2);
        }
    }
    g = load_state(&v).unwrap();
    act(&mut g, "role prospector");
    assert_eq!(g.players.p[0].doubloons, 6);
}

#[test]
fn illegal_actions_are_refused_unchanged() {
    let mut g = game(3);
    let before = g.clone();
    assert!(g.apply(ROLE + Role::Prospector as Action).is_err());
    assert!(g.apply(NUM_ACTIONS).is_err());
    assert!(g.apply(PASS).is_err());
    assert_eq!(g, before);
}

#[test]
fn options_are_declared_and_unknown_ones_refused() {
    let info = PuertoRico::info();
    assert_eq!(info.name, "puerto_rico");
    assert_eq!((info.min_players, info.max_players), (2, 5));
    let names: Vec<&str> = info.options.iter().map(|o| o.name).collect();
    for base in ["hidden_vp", "craftsman_optional_production", "max_rounds"] {
        assert!(names.contains(&base), "{base}");
    }
    for x in ["new_buildings", "building_set", "nobles"] {
        assert!(names.contains(&x), "{x}");
    }
    // An Expansion II option without the expansion is refused.
    let mut bad = serde_json::Map::new();
    bad.insert("jeweler_cap".into(), json!(3));
    let c = meeple_core::Config::new(&info, 4, &bad).unwrap();
    let e = PuertoRico::new(&c, 1).unwrap_err().to_string();
    assert!(e.contains("jeweler_cap") && e.contains("nobles"), "{e}");
    let mut bad = serde_json::Map::new();
    bad.insert("max_rounds".into(), json!(0));
    assert!(meeple_core::Config::new(&info, 4, &bad).is_err());
    assert!(meeple_core::Config::new(&info, 6, &serde_json::Map::new()).is_err());
    let g = game(4);
    assert_eq!(g.num_distinct_actions(), NUM_ACTIONS);
    assert_eq!(g.observation_tensor_len(), TENSOR_LEN);
}
