//! B7 The Caravans (spec §B7, D-03, D-50..D-56): the worked examples EX-01..EX-05, a test per rule
//! that scores or changes who may act, the map and position checks, and the conformance kit over
//! the scenario alone and with B1, B2 and B3.

mod common;
use common::*;

use meeple_catan::board::{Board, OASIS};
use meeple_catan::caravans::{spot_label, State};
use meeple_catan::geometry::Geometry;
use meeple_catan::{Catan, Phase};
use meeple_core::dynamic::load_state;
use meeple_core::{Config, Game, GameError, GameRng};
use serde_json::{json, Map, Value};

fn config(players: usize, opts: Value) -> Config {
    options(players, merged(json!({"scenario": "caravans"}), opts))
}

/// The caravans beginner board with the arrows on N, SE, SW (first-camel spots `E(0,-1)` head
/// `S(1,-2)`, `NE(0,1)` head `S(1,0)`, `SE(-1,0)` head `S(-1,0)`), after set-up: player 0 to
/// act in the main phase, no pieces, empty hands, robber beside the board.
fn base(players: usize, opts: Value) -> Value {
    let fixed =
        json!({"board": "beginner", "caravans_oasis_arrows": "N_SE_SW", "player_trades": "off"});
    main_phase(&config(players, merged(fixed, opts)), &[])
}

fn spots(g: &Catan) -> Vec<String> {
    let mut s: Vec<String> = g.observation(0)["caravans"]["spots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect();
    s.sort();
    s
}

const ARROW_SPOTS: [&str; 3] = [
    "camel E(0,-1) head S(1,-2)",
    "camel NE(0,1) head S(1,0)",
    "camel SE(-1,0) head S(-1,0)",
];

// ---------------------------------------------------------------- set-up and board

#[test]
fn oasis_in_the_centre_without_token_robber_beside_the_board() {
    for seed in 0..20 {
        for board in ["random", "beginner"] {
            let g = Catan::new(&config(3, json!({ "board": board })), seed).unwrap();
            let geo = Geometry::base();
            let c = geo.hex_id(0, 0).unwrap();
            let b = g.board();
            assert_eq!(b.terrain[c], OASIS);
            assert_eq!(b.token[c], 0);
            // The other 18 hexes: the base terrains without the desert, all 18 tokens.
            let mut counts = [0; 7];
            for h in 0..19 {
                counts[b.terrain[h] as usize] += 1;
            }
            assert_eq!(counts, [4, 3, 4, 4, 3, 0, 1], "seed {seed}");
            let mut tokens: Vec<u8> = b.token.iter().copied().filter(|&t| t > 0).collect();
            tokens.sort();
            assert_eq!(
                tokens,
                vec![2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]
            );
            assert_eq!(g.robber_hex(), None);
            assert_eq!(g.to_json_value()["robber"], Value::Null);
            assert_eq!(g.observation(0)["robber"], Value::Null);
            assert_eq!(g.observation(0)["victory_target"], json!(12));
        }
    }
}

#[test]
fn oasis_orientation_is_one_of_two_drawn_from_the_seed_or_fixed_by_option() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..30 {
        let g = Catan::new(&config(4, json!({})), seed).unwrap();
        seen.insert(g.observation(0)["caravans"]["arrows"].to_string());
    }
    let want: std::collections::BTreeSet<String> =
        [json!(["N", "SE", "SW"]), json!(["NE", "S", "NW"])]
            .iter()
            .map(|v| v.to_string())
            .collect();
    assert_eq!(seen, want);
    for (opt, arrows) in [
        ("N_SE_SW", json!(["N", "SE", "SW"])),
        ("NE_S_NW", json!(["NE", "S", "NW"])),
    ] {
        for seed in 0..5 {
            let g = Catan::new(&config(3, json!({ "caravans_oasis_arrows": opt })), seed).unwrap();
            assert_eq!(g.observation(1)["caravans"]["arrows"], arrows);
        }
    }
}

#[test]
fn the_oasis_never_produces_and_gives_nothing_in_set_up() {
    // Last set-up placement (player 0, step 5 of 6): the settlement on the oasis corner N(0,0)
    // touches the oasis, (0,-1) hills 6 and (1,-1) pasture 4: one brick and one wool only.
    let mut v = base(3, json!({}));
    v["phase"] = json!("setup_settlement");
    v["setup_step"] = json!(5);
    v["rolled"] = json!(false);
    set_player(&mut v, 0, "settlements", json!([[-2, 1, "N"]]));
    set_player(&mut v, 1, "settlements", json!([[0, -2, "S"], [0, 2, "N"]]));
    set_player(
        &mut v,
        2,
        "settlements",
        json!([[1, -1, "N"], [2, -1, "S"]]),
    );
    let mut g = load(&v);
    play(&mut g, "settlement N(0,0)");
    assert_eq!(g.hand(0), [0, 1, 1, 0, 0]);
    // No dice sum produces anything from the oasis: its hex carries no token.
    let c = Geometry::base().hex_id(0, 0).unwrap();
    assert!((2..=12).all(|s| g.board().token_hexes[s] & (1 << c) == 0));
}

#[test]
fn caravans_board_and_map_checks() {
    // The bundled caravans map loads as a user map, arrows included.
    let data: Value = serde_json::from_str(include_str!("../data/catan_maps.json")).unwrap();
    let map = data["maps"]["caravans"].clone();
    let g = Catan::new(&config(3, json!({ "map": map.clone() })), 3).unwrap();
    assert_eq!(
        g.observation(0)["caravans"]["arrows"],
        json!(["N", "SE", "SW"])
    );
    let mut m2 = map.clone();
    m2["oasis_arrows"] = json!(["NW", "NE", "S"]);
    let g = Catan::new(&config(3, json!({ "map": m2 })), 3).unwrap();
    assert_eq!(
        g.observation(0)["caravans"]["arrows"],
        json!(["NE", "S", "NW"])
    );
    let mut bad = map.clone();
    bad["oasis_arrows"] = json!(["N", "S", "SW"]);
    assert!(matches!(
        Catan::new(&config(3, json!({ "map": bad })), 3),
        Err(GameError::BadOption { .. })
    ));
    // The base map (desert, no oasis) is refused for the scenario ...
    let base = data["maps"]["base_beginner"].clone();
    match Catan::new(&config(3, json!({ "map": base })), 3) {
        Err(GameError::BadOption { name, reason }) => {
            assert_eq!(name, "map");
            assert!(reason.contains("oasis"), "{reason}");
        }
        other => panic!("accepted: {:?}", other.map(|_| ())),
    }
    // ... and an oasis outside the scenario.
    let mut m = Map::new();
    m.insert("map".into(), map);
    let c = Config::new(&Catan::info(), 3, &m).unwrap();
    assert!(matches!(
        Catan::new(&c, 3),
        Err(GameError::BadOption { .. })
    ));
}

#[test]
fn victory_target_is_twelve_and_thirteen_with_harbormaster() {
    let g = Catan::new(&config(3, json!({})), 1).unwrap();
    assert_eq!(g.observation(0)["victory_target"], json!(12));
    let g = Catan::new(&config(3, json!({"harbormaster": true})), 1).unwrap();
    assert_eq!(g.observation(0)["victory_target"], json!(13));
}

// ---------------------------------------------------------------- camel geometry (EX-01..EX-03)

#[test]
fn ex01_first_camel_spots_one_per_arrow_away_from_the_oasis() {
    let g = load(&base(3, json!({})));
    assert_eq!(spots(&g), ARROW_SPOTS.to_vec());
    // The other orientation: arrows on NE, S, NW.
    let g = load(&base(3, json!({"caravans_oasis_arrows": "NE_S_NW"})));
    let s = spots(&g);
    assert_eq!(s.len(), 3);
    // No oasis side is ever a spot: every spot's edge leaves the oasis corner outwards.
    let geo = Geometry::base();
    let oasis = geo.hex_corner_mask[geo.hex_id(0, 0).unwrap()];
    for label in s {
        let head = label.split(" head ").nth(1).unwrap();
        let v = (0..54).find(|&v| geo.vertex_name(v) == head).unwrap();
        assert_eq!(oasis & (1 << v), 0, "{label}");
    }
}

fn with_camels(v: &mut Value, camels: Value, heads: Value) {
    v["caravans"]["camels"] = camels;
    v["caravans"]["heads"] = heads;
}

#[test]
fn ex02_one_camel_two_spots_at_its_head_and_the_two_unused_arrows() {
    let mut v = base(3, json!({}));
    with_camels(
        &mut v,
        json!([[0, -1, "E"]]),
        json!([[1, -2, "S"], null, null]),
    );
    let g = load(&v);
    assert_eq!(
        spots(&g),
        vec![
            "camel NE(0,-1) head N(0,-1)",
            ARROW_SPOTS[1],
            ARROW_SPOTS[2],
            "camel SE(1,-2) head N(1,-1)",
        ]
    );
}

#[test]
fn ex03_three_caravans_six_spots() {
    let mut v = base(3, json!({}));
    with_camels(
        &mut v,
        json!([[0, -1, "E"], [0, 1, "NE"], [-1, 0, "SE"]]),
        json!([[1, -2, "S"], [1, 0, "S"], [-1, 0, "S"]]),
    );
    let g = load(&v);
    assert_eq!(spots(&g).len(), 6);
}

#[test]
fn heads_that_meet_merge_and_continue_as_one_caravan() {
    let mut v = base(3, json!({}));
    with_camels(
        &mut v,
        json!([
            [0, -1, "E"],
            [1, -2, "SE"],
            [1, -1, "NE"],
            [1, -1, "E"],
            [0, 1, "NE"],
            [1, 0, "SE"],
            [1, 0, "E"]
        ]),
        json!([[1, 0, "N"], [2, -1, "S"], null]),
    );
    v["caravans"]["built_this_turn"] = json!(1);
    let mut g = load(&v);
    // The edge between the two heads is a spot in both directions.
    assert_eq!(
        spots(&g),
        vec![
            "camel NE(1,0) head N(1,0)",
            "camel NE(1,0) head S(2,-1)",
            ARROW_SPOTS[2],
            "camel SE(1,-1) head S(1,-1)",
            "camel SE(2,-1) head N(2,0)",
        ]
    );
    // Nobody holds cards: the player whose turn ended picks (D-51 step 5).
    play(&mut g, "end turn");
    assert_eq!(g.phase(), Phase::CamelPick);
    play(&mut g, "camel NE(1,0) head S(2,-1)");
    let c = &g.to_json_value()["caravans"];
    assert_eq!(c["heads"], json!([[2, -1, "S"], [2, -1, "S"], null]));
    // One caravan now: one spot at the shared head, plus the unused arrow.
    assert_eq!(
        spots(&g),
        vec![ARROW_SPOTS[2], "camel SE(2,-1) head N(2,0)"]
    );
    assert_eq!(g.observation(0)["caravans"]["camels_left"], json!(22 - 8));
}

// ---------------------------------------------------------------- effects (EX-04, EX-05)

#[test]
fn ex04_roads_under_camels_count_two_for_longest_road() {
    let mut v = base(3, json!({}));
    with_camels(
        &mut v,
        json!([[0, -1, "E"], [1, -2, "SE"]]),
        json!([[1, -1, "N"], null, null]),
    );
    set_player(&mut v, 0, "settlements", json!([[1, 0, "N"]]));
    set_player(
        &mut v,
        0,
        "roads",
        json!([[1, -2, "SE"], [1, -1, "NE"], [2, -2, "SE"]]),
    );
    set_player(&mut v, 0, "resources", json!({"lumber": 1, "brick": 1}));
    let mut g = load(&v);
    assert_eq!(g.road_length(0), 4);
    assert_eq!(g.longest_road_holder(), None);
    play(&mut g, "road E(0,-1)");
    // 4 roads, 2 of them under camels: 6.
    assert_eq!(g.road_length(0), 6);
    assert_eq!(g.longest_road_holder(), Some(0));
}

fn ex05_position() -> Value {
    let mut v = base(3, json!({}));
    with_camels(
        &mut v,
        json!([
            [0, -1, "E"],
            [1, -2, "SE"],
            [1, -1, "NE"],
            [2, -2, "SE"],
            [0, 1, "NE"],
            [1, 0, "SE"]
        ]),
        json!([[2, -1, "N"], [1, 1, "N"], null]),
    );
    // White (0): one settlement between two camels; Blue (1): two.
    set_player(&mut v, 0, "settlements", json!([[1, 0, "S"]]));
    set_player(&mut v, 0, "roads", json!([[0, 1, "NE"]]));
    set_player(
        &mut v,
        1,
        "settlements",
        json!([[1, -2, "S"], [2, -2, "S"]]),
    );
    set_player(
        &mut v,
        1,
        "roads",
        json!([[0, -1, "E"], [1, -2, "SE"], [1, -1, "NE"]]),
    );
    v["longest_road"] = json!(1);
    v
}

#[test]
fn ex05_buildings_between_two_camels_score_one_more() {
    let g = load(&ex05_position());
    let o = g.observation(2);
    assert_eq!(o["players"][0]["camel_bonus"], json!(1));
    assert_eq!(o["players"][1]["camel_bonus"], json!(2));
    assert_eq!(o["players"][2]["camel_bonus"], json!(0));
    assert_eq!(g.public_vp(0), 2);
    // Blue: 2 settlements + 2 camel points + Longest Road.
    assert_eq!(g.public_vp(1), 6);
    // Roads under camels weigh 2: Blue's 3 roads = 6, White's 1 road = 2.
    assert_eq!(g.road_length(1), 6);
    assert_eq!(g.road_length(0), 2);
}

#[test]
fn a_city_between_two_camels_keeps_the_bonus() {
    let mut v = ex05_position();
    v["current_player"] = json!(1);
    set_player(&mut v, 1, "resources", json!({"grain": 2, "ore": 3}));
    let mut g = load(&v);
    assert_eq!(g.public_vp(1), 6);
    play(&mut g, "city S(1,-2)");
    assert_eq!(g.public_vp(1), 7);
}

/// `base(3, opts)` with one camel on `E(0,-1)`, its caravan's head at `S(1,-2)`, and player 0
/// having built this turn (a camel vote follows his turn).
fn one_camel_built(opts: Value) -> Value {
    let mut v = base(3, opts);
    with_camels(
        &mut v,
        json!([[0, -1, "E"]]),
        json!([[1, -2, "S"], null, null]),
    );
    v["caravans"]["built_this_turn"] = json!(1);
    v
}

#[test]
fn a_camel_on_a_road_updates_longest_road_at_once() {
    // Blue's three roads, only the first under a camel (length 4); the vote puts a camel on the
    // second: length 5 -> Longest Road.
    let mut v = one_camel_built(json!({}));
    set_player(
        &mut v,
        1,
        "roads",
        json!([[0, -1, "E"], [1, -2, "SE"], [1, -1, "NE"]]),
    );
    set_player(&mut v, 0, "settlements", json!([[-2, 1, "N"]]));
    let mut g = load(&v);
    assert_eq!(g.road_length(1), 4);
    play(&mut g, "end turn");
    play(&mut g, "camel SE(1,-2) head N(1,-1)");
    assert_eq!(g.road_length(1), 5);
    assert_eq!(g.longest_road_holder(), Some(1));
}

// ---------------------------------------------------------------- when a camel is placed (D-50, D-53)

#[test]
fn no_camel_after_a_turn_without_settlement_or_city() {
    let mut v = base(3, json!({}));
    set_player(&mut v, 0, "settlements", json!([[-2, 1, "N"]]));
    set_player(&mut v, 0, "roads", json!([[-2, 1, "NE"]]));
    set_player(&mut v, 0, "resources", json!({"lumber": 1, "brick": 1}));
    let mut g = load(&v);
    play(&mut g, "road E(-2,1)");
    play(&mut g, "end turn");
    assert_eq!(g.observation(0)["current_player"], json!(1));
    assert_eq!(g.to_json_value()["caravans"]["camels"], json!([]));
}

#[test]
fn a_settlement_or_a_city_brings_one_camel_vote_after_the_turn() {
    for build in ["settlement N(-1,1)", "city N(-2,1)"] {
        let mut v = base(3, json!({}));
        set_player(&mut v, 0, "settlements", json!([[-2, 1, "N"]]));
        set_player(&mut v, 0, "roads", json!([[-2, 1, "NE"], [-1, 0, "SE"]]));
        set_player(
            &mut v,
            0,
            "resources",
            json!({"lumber": 1, "brick": 1, "wool": 2, "grain": 3, "ore": 3}),
        );
        let mut g = load(&v);
        play(&mut g, build);
        assert_eq!(g.to_json_value()["caravans"]["built_this_turn"], json!(1));
        play(&mut g, "end turn");
        // The turn is over but player 0 bids first (he holds cards).
        assert_eq!(g.phase(), Phase::CamelBidWool, "{build}");
        assert_eq!(g.observation(0)["to_move"], json!(0));
        assert_eq!(g.observation(0)["current_player"], json!(0));
    }
}

/// Player 0 built this turn; hands as given (wool, grain per seat).
fn vote_position(players: usize, hands: &[(u8, u8)], opts: Value) -> Catan {
    let mut v = base(players, opts);
    v["caravans"]["built_this_turn"] = json!(1);
    set_player(&mut v, 0, "settlements", json!([[-2, 1, "N"]]));
    for (p, &(w, gr)) in hands.iter().enumerate() {
        set_player(&mut v, p, "resources", json!({"wool": w, "grain": gr}));
    }
    load(&v)
}

fn camels(g: &Catan) -> Value {
    g.to_json_value()["caravans"]["camels"].clone()
}

#[test]
fn vote_bids_in_seat_order_from_the_builder_and_a_majority_spot_wins() {
    let mut g = vote_position(3, &[(1, 0), (3, 1), (2, 0)], json!({}));
    let bank_wool = g.bank()[2];
    play(&mut g, "end turn");
    assert_eq!(g.observation(0)["to_move"], json!(0));
    assert_eq!(legal_labels(&g), vec!["bid 0 wool", "bid 1 wool"]);
    play(&mut g, "bid 1 wool");
    // Player 0 has no card left: player 1 bids next, wool then grain.
    assert_eq!(g.observation(0)["to_move"], json!(1));
    play(&mut g, "bid 3 wool");
    assert_eq!(g.phase(), Phase::CamelBidGrain);
    play(&mut g, "bid 0 grain");
    assert_eq!(g.observation(0)["to_move"], json!(2));
    play(&mut g, "bid 0 wool");
    play(&mut g, "bid 0 grain");
    // Bid cards are in the bank already; bids are public.
    assert_eq!(g.bank()[2], bank_wool + 4);
    assert_eq!(
        g.observation(2)["caravans"]["bids"][1],
        json!({"wool": 3, "grain": 0})
    );
    // Declarations in bid order: player 0 (1 vote), then player 1 (3 of 4: a majority).
    assert_eq!(g.phase(), Phase::CamelDeclare);
    assert_eq!(g.observation(0)["to_move"], json!(0));
    play(&mut g, ARROW_SPOTS[0]);
    assert_eq!(g.observation(0)["to_move"], json!(1));
    play(&mut g, ARROW_SPOTS[1]);
    assert_eq!(camels(&g), json!([[0, 1, "NE"]]));
    // The vote is over and so is the turn: player 1 rolls.
    assert_eq!(g.phase(), Phase::Roll);
    assert_eq!(g.observation(0)["current_player"], json!(1));
    assert_eq!(g.hand(0), [0; 5]);
    assert_eq!(g.hand(1), [0, 0, 0, 1, 0]);
}

#[test]
fn vote_bidders_who_agree_together_hold_the_majority() {
    let mut g = vote_position(3, &[(1, 0), (2, 0), (0, 2)], json!({}));
    play(&mut g, "end turn");
    play(&mut g, "bid 1 wool");
    play(&mut g, "bid 2 wool");
    play(&mut g, "bid 0 wool");
    play(&mut g, "bid 2 grain");
    play(&mut g, ARROW_SPOTS[0]);
    play(&mut g, ARROW_SPOTS[2]);
    // 2 of 5 so far: player 2 agrees with player 1 (4 of 5).
    assert_eq!(g.observation(0)["to_move"], json!(2));
    play(&mut g, ARROW_SPOTS[2]);
    assert_eq!(camels(&g), json!([[-1, 0, "SE"]]));
}

#[test]
fn vote_without_majority_the_sole_top_bidder_decides() {
    let mut g = vote_position(4, &[(2, 0), (1, 0), (1, 0), (0, 0)], json!({}));
    play(&mut g, "end turn");
    play(&mut g, "bid 2 wool");
    play(&mut g, "bid 1 wool");
    play(&mut g, "bid 1 wool");
    // Player 3 holds no card: no bid, no decision.
    assert_eq!(g.phase(), Phase::CamelDeclare);
    play(&mut g, ARROW_SPOTS[0]);
    play(&mut g, ARROW_SPOTS[1]);
    play(&mut g, ARROW_SPOTS[2]);
    // 2 of 4 is no majority; player 0 alone bid the most.
    assert_eq!(camels(&g), json!([[0, -1, "E"]]));
    assert_eq!(g.observation(0)["current_player"], json!(1));
}

#[test]
fn vote_tied_top_bidders_the_player_whose_turn_ended_picks() {
    let mut g = vote_position(3, &[(0, 0), (2, 0), (0, 2)], json!({}));
    play(&mut g, "end turn");
    // Player 0 has no card: bidding starts with player 1.
    assert_eq!(g.observation(0)["to_move"], json!(1));
    play(&mut g, "bid 2 wool");
    play(&mut g, "bid 0 wool");
    play(&mut g, "bid 2 grain");
    play(&mut g, ARROW_SPOTS[0]);
    play(&mut g, ARROW_SPOTS[1]);
    assert_eq!(g.phase(), Phase::CamelPick);
    assert_eq!(g.observation(0)["to_move"], json!(0));
    play(&mut g, ARROW_SPOTS[2]);
    assert_eq!(camels(&g), json!([[-1, 0, "SE"]]));
    assert_eq!(g.hand(1), [0; 5]);
    assert_eq!(g.hand(2), [0; 5]);
}

#[test]
fn vote_without_bids_the_player_whose_turn_ended_picks() {
    let mut g = vote_position(3, &[(1, 1), (0, 1), (0, 0)], json!({}));
    play(&mut g, "end turn");
    play(&mut g, "bid 0 wool");
    play(&mut g, "bid 0 grain");
    play(&mut g, "bid 0 wool");
    play(&mut g, "bid 0 grain");
    assert_eq!(g.phase(), Phase::CamelPick);
    let mut l = legal_labels(&g);
    l.sort();
    assert_eq!(l, ARROW_SPOTS.to_vec());
}

#[test]
fn camel_per_build_option_places_one_camel_per_build() {
    for (per_build, votes) in [(false, 1), (true, 2)] {
        let mut v = base(3, json!({ "camel_per_build": per_build }));
        v["caravans"]["built_this_turn"] = json!(2);
        let mut g = load(&v);
        play(&mut g, "end turn");
        for (k, spot) in ARROW_SPOTS.iter().enumerate().take(votes) {
            assert_eq!(g.phase(), Phase::CamelPick, "vote {k}");
            play(&mut g, spot);
        }
        assert_eq!(g.phase(), Phase::Roll);
        assert_eq!(camels(&g).as_array().unwrap().len(), votes);
    }
}

/// Random camel placements from the caravans beginner board until `stop` holds.
fn search_caravans(stop: impl Fn(&State) -> bool) -> State {
    let board = Board::caravans_beginner();
    let mut rng = GameRng::new(5);
    for _ in 0..20_000 {
        let mut s = State::new(&board, 0, Default::default()).unwrap();
        loop {
            if stop(&s) {
                return s;
            }
            let (l, k) = s.spots();
            if k == 0 {
                break;
            }
            s.place(l[rng.below(k as u32) as usize]);
        }
    }
    panic!("no such caravans found");
}

fn caravans_json(s: &State) -> (Value, Value) {
    let geo = Geometry::base();
    let camels: Vec<Value> = (0..72)
        .filter(|&e| s.camels & (1u128 << e) != 0)
        .map(|e| {
            let (q, r, t) = geo.edges[e];
            json!([q, r, t.name()])
        })
        .collect();
    let heads: Vec<Value> = s
        .heads
        .iter()
        .map(|&h| {
            if h == u8::MAX {
                Value::Null
            } else {
                let (q, r, t) = geo.vertices[h as usize];
                json!([q, r, t.name()])
            }
        })
        .collect();
    (json!(camels), json!(heads))
}

/// `base(3)` with the camels of a searched state, player 0 having built this turn.
fn searched_position(s: &State) -> Value {
    let mut v = base(3, json!({}));
    let (c, h) = caravans_json(s);
    with_camels(&mut v, c, h);
    v["caravans"]["built_this_turn"] = json!(1);
    v
}

#[test]
fn a_single_spot_takes_the_camel_without_a_vote() {
    let s = search_caravans(|s| s.spots().1 == 1 && s.supply() > 0);
    let only = spot_label(s.spots().0[0]);
    let mut v = searched_position(&s);
    set_player(&mut v, 0, "resources", json!({"wool": 3}));
    let mut g = load(&v);
    assert_eq!(spots(&g), vec![only]);
    let before = s.camels.count_ones() as usize;
    play(&mut g, "end turn");
    assert_eq!(camels(&g).as_array().unwrap().len(), before + 1);
    assert_eq!(g.phase(), Phase::Roll);
    assert_eq!(g.hand(0)[2], 3);
}

#[test]
fn twenty_two_camels_end_every_caravan() {
    let s = search_caravans(|s| s.supply() == 0);
    assert_eq!(s.camels.count_ones(), 22);
    assert_eq!(s.spots().1, 0);
    let mut g = load(&searched_position(&s));
    assert!(spots(&g).is_empty());
    assert_eq!(g.observation(0)["caravans"]["camels_left"], json!(0));
    play(&mut g, "end turn");
    assert_eq!(g.observation(0)["current_player"], json!(1));
}

/// Target 3 + 2 = 5; player `p` has 4 VP, one settlement at the head S(1,-2) of the one-camel
/// caravan; player 0 built this turn.
fn d53_position(p: usize) -> Value {
    let mut v = one_camel_built(json!({"vp_to_win": 3}));
    set_player(
        &mut v,
        p,
        "settlements",
        json!([[1, -2, "S"], [-2, 1, "N"], [0, 2, "N"], [2, -1, "S"]]),
    );
    v
}

#[test]
fn d53_points_won_in_the_vote_count_only_at_the_players_own_turn() {
    // Player 0 (4 VP) built; the camel he picks gives him a fifth point in the vote, after his
    // turn: no win then, but at the start of his next turn.
    let mut g = load(&d53_position(0));
    play(&mut g, "end turn");
    play(&mut g, "camel SE(1,-2) head N(1,-1)");
    assert_eq!(g.public_vp(0), 5);
    assert_ne!(g.phase(), Phase::GameOver);
    assert!(g.winners().is_empty());
    for _ in 0..2 {
        play(&mut g, "dice 2");
        assert_eq!(g.phase(), Phase::Main);
        play(&mut g, "end turn");
    }
    assert_eq!(g.phase(), Phase::GameOver);
    assert_eq!(g.winners(), vec![0]);
}

#[test]
fn d53_the_next_player_wins_at_the_start_of_his_turn_with_a_camel_point() {
    let mut v = d53_position(1);
    set_player(&mut v, 0, "settlements", json!([[-1, -1, "N"]]));
    let mut g = load(&v);
    play(&mut g, "end turn");
    play(&mut g, "camel NE(0,-1) head N(0,-1)");
    assert_eq!(g.phase(), Phase::GameOver);
    assert_eq!(g.winners(), vec![1]);
}

// ---------------------------------------------------------------- the robber (§B7.1, D-56, D-03)

fn robber_position(opts: Value, robber: Value) -> Value {
    let mut v = base(3, opts);
    v["phase"] = json!("move_robber");
    v["last_roll"] = json!(7);
    v["robber"] = robber;
    v
}

#[test]
fn first_seven_brings_the_robber_to_any_hex_but_the_oasis() {
    let g = load(&robber_position(json!({}), Value::Null));
    let l = legal_labels(&g);
    assert_eq!(l.len(), 18);
    assert!(!l.contains(&"robber to (0,0)".to_string()));
    let mut g = g;
    play(&mut g, "robber to (1,-1)");
    assert_eq!(g.robber_hex(), Geometry::base().hex_id(1, -1));
}

#[test]
fn d56_the_oasis_stays_closed_to_the_robber_unless_the_option_opens_it() {
    let g = load(&robber_position(json!({}), json!([1, -1])));
    let l = legal_labels(&g);
    assert_eq!(l.len(), 17);
    assert!(!l.contains(&"robber to (0,0)".to_string()));
    let g = load(&robber_position(
        json!({"caravans_robber_on_oasis": true}),
        json!([1, -1]),
    ));
    assert!(legal_labels(&g).contains(&"robber to (0,0)".to_string()));
    assert_eq!(legal_labels(&g).len(), 18);
    // Its entry never goes to the oasis, option or not.
    let g = load(&robber_position(
        json!({"caravans_robber_on_oasis": true}),
        Value::Null,
    ));
    assert!(!legal_labels(&g).contains(&"robber to (0,0)".to_string()));
    // The robber on the oasis is refused by default.
    let v = robber_position(json!({}), json!([0, 0]));
    assert!(load_state::<Catan>(&v).is_err());
}

#[test]
fn d56_a_knight_brings_the_robber_in_or_with_the_option_off_moves_nothing() {
    for (brings, phase) in [(true, Phase::MoveRobber), (false, Phase::Roll)] {
        let mut v = base(3, json!({ "caravans_knight_brings_robber": brings }));
        v["phase"] = json!("pre_roll");
        v["rolled"] = json!(false);
        set_player(&mut v, 0, "development_cards", json!({"knight": 1}));
        let mut g = load(&v);
        play(&mut g, "play knight");
        assert_eq!(g.phase(), phase);
        assert_eq!(g.robber_hex(), None);
        if brings {
            assert_eq!(legal_labels(&g).len(), 18);
        }
    }
}

fn friendly_cover(v: &mut Value) {
    set_player(v, 0, "settlements", json!([[-2, 1, "N"], [-1, 1, "S"]]));
    set_player(v, 1, "settlements", json!([[0, -2, "S"], [0, 2, "N"]]));
    set_player(v, 2, "settlements", json!([[1, -1, "N"], [2, -1, "S"]]));
    set_player(v, 1, "resources", json!({"ore": 2}));
}

#[test]
fn d03_friendly_robber_without_a_legal_hex_goes_beside_the_board() {
    let mut v = robber_position(json!({"friendly_robber": true}), json!([1, -1]));
    friendly_cover(&mut v);
    let mut g = load(&v);
    assert_eq!(legal_labels(&g), vec!["robber beside the board"]);
    play(&mut g, "robber beside the board");
    assert_eq!(g.robber_hex(), None);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.hand(1), [0, 0, 0, 0, 2]);
    // Already beside the board: the same fallback.
    let mut v = robber_position(json!({"friendly_robber": true}), Value::Null);
    friendly_cover(&mut v);
    assert_eq!(legal_labels(&load(&v)), vec!["robber beside the board"]);
}

#[test]
fn d03_option_stay_keeps_the_robber_where_it_is() {
    let opts = json!({"friendly_robber": true, "caravans_friendly_robber_fallback": "stay"});
    let mut v = robber_position(opts.clone(), json!([1, -1]));
    friendly_cover(&mut v);
    let mut g = load(&v);
    assert_eq!(legal_labels(&g), vec!["robber to (1,-1)"]);
    play(&mut g, "robber to (1,-1)");
    // Nothing stolen from the protected players at that hex.
    assert_eq!(g.phase(), Phase::Main);
    let mut v = robber_position(opts, Value::Null);
    friendly_cover(&mut v);
    assert_eq!(legal_labels(&load(&v)), vec!["robber beside the board"]);
}

#[test]
fn robber_flees_puts_the_robber_beside_the_board() {
    let mut v = base(3, json!({"event_cards": true}));
    v["phase"] = json!("roll");
    v["rolled"] = json!(false);
    v["robber"] = json!([1, -1]);
    let mut g = load(&v);
    play(&mut g, "event robber_flees_4");
    assert_eq!(g.robber_hex(), None);
    assert_eq!(g.phase(), Phase::Main);
}

// ---------------------------------------------------------------- position checks

#[test]
fn caravans_position_round_trip_and_checks() {
    let g = load(&ex05_position());
    let v = g.to_json_value();
    assert_eq!(load(&v).to_json_value(), v);
    // A camel that belongs to no caravan.
    let mut bad = ex05_position();
    bad["caravans"]["camels"]
        .as_array_mut()
        .unwrap()
        .push(json!([-2, 2, "E"]));
    let e = load_state::<Catan>(&bad).expect_err("refused").to_string();
    assert!(e.contains("caravan"), "{e}");
    // A head without the arrow's camel.
    let mut bad = base(3, json!({}));
    with_camels(&mut bad, json!([]), json!([[1, -2, "S"], null, null]));
    assert!(load_state::<Catan>(&bad).is_err());
    // Bad arrows.
    let mut bad = base(3, json!({}));
    bad["caravans"]["arrows"] = json!(["N", "S", "SE"]);
    assert!(load_state::<Catan>(&bad).is_err());
    // A robber beside the board outside Fishermen, Rivers and Caravans.
    let g = Catan::new(&Config::with_players(&Catan::info(), 3).unwrap(), 1).unwrap();
    let mut v = g.to_json_value();
    v["robber"] = Value::Null;
    assert!(load_state::<Catan>(&v).is_err());
    // Caravans state outside the scenario.
    let mut v = g.to_json_value();
    v["caravans"] = json!({"arrows": ["N", "SE", "SW"]});
    assert!(load_state::<Catan>(&v).is_err());
    // A vote phase without a vote.
    let mut v = base(3, json!({}));
    v["phase"] = json!("camel_pick");
    assert!(load_state::<Catan>(&v).is_err());
}

#[test]
fn vote_positions_load_and_continue() {
    let mut g = vote_position(3, &[(1, 0), (3, 1), (2, 0)], json!({}));
    play(&mut g, "end turn");
    play(&mut g, "bid 1 wool");
    play(&mut g, "bid 3 wool");
    let v = g.to_json_value();
    assert_eq!(v["phase"], json!("camel_bid_grain"));
    assert_eq!(v["caravans"]["actor"], json!(1));
    let mut h = load(&v);
    assert_eq!(h.to_json_value(), v);
    play(&mut h, "bid 1 grain");
    play(&mut g, "bid 1 grain");
    assert_eq!(h.to_json_value(), g.to_json_value());
}

// ---------------------------------------------------------------- with Catan for Two (§B7.6)

/// A 2-player caravans position: player 0 in the main phase after both rolls.
fn base2(opts: Value) -> Value {
    let mut v = base(2, opts);
    both_rolls_made(&mut v);
    v
}

fn vote2(hands: &[(u8, u8)], camels: Value, heads: Value) -> Catan {
    let mut v = base2(json!({}));
    with_camels(&mut v, camels, heads);
    v["caravans"]["built_this_turn"] = json!(1);
    for (p, &(w, gr)) in hands.iter().enumerate() {
        set_player(&mut v, p, "resources", json!({"wool": w, "grain": gr}));
    }
    load(&v)
}

#[test]
fn b4_the_top_bidder_places_both_camels_on_two_different_caravans() {
    let mut g = vote2(&[(1, 0), (2, 0)], json!([]), json!([]));
    play(&mut g, "end turn");
    play(&mut g, "bid 1 wool");
    play(&mut g, "bid 2 wool");
    assert_eq!(g.phase(), Phase::CamelPick);
    assert_eq!(g.observation(0)["to_move"], json!(1));
    play(&mut g, ARROW_SPOTS[0]);
    // Still player 1, not on the caravan he has just started.
    assert_eq!(g.observation(0)["to_move"], json!(1));
    assert_eq!(sorted_legal(&g), vec![ARROW_SPOTS[1], ARROW_SPOTS[2]]);
    let v = g.to_json_value();
    assert_eq!(v["caravans"]["pickers"], json!([1]));
    assert_eq!(load(&v).to_json_value(), v);
    play(&mut g, ARROW_SPOTS[2]);
    assert_eq!(camels(&g), json!([[-1, 0, "SE"], [0, -1, "E"]]));
    assert_eq!(g.observation(0)["current_player"], json!(1));
}

#[test]
fn b4_on_a_tie_each_player_places_one_the_player_whose_turn_ended_first() {
    let mut g = vote2(&[(0, 0), (0, 0)], json!([]), json!([]));
    play(&mut g, "end turn");
    assert_eq!(g.phase(), Phase::CamelPick);
    assert_eq!(g.observation(0)["to_move"], json!(0));
    play(&mut g, ARROW_SPOTS[0]);
    assert_eq!(g.observation(0)["to_move"], json!(1));
    // The other player may grow the same caravan.
    assert!(legal_labels(&g).contains(&"camel SE(1,-2) head N(1,-1)".to_string()));
    play(&mut g, "camel SE(1,-2) head N(1,-1)");
    assert_eq!(camels(&g).as_array().unwrap().len(), 2);
    assert_eq!(g.observation(0)["current_player"], json!(1));
}

/// D-53 within a vote: the point player 0 wins with the first of the two camels counts only at
/// his own next turn; the vote goes on, and player 1's turn follows.
#[test]
fn b4_d53_a_point_won_in_the_vote_waits_for_the_players_own_turn() {
    let mut v = base2(json!({"vp_to_win": 3}));
    with_camels(
        &mut v,
        json!([[0, -1, "E"]]),
        json!([[1, -2, "S"], null, null]),
    );
    v["caravans"]["built_this_turn"] = json!(1);
    set_player(
        &mut v,
        0,
        "settlements",
        json!([[1, -2, "S"], [-2, 1, "N"], [0, 2, "N"], [2, -1, "S"]]),
    );
    // The neutral settlements away from player 0's.
    v["two"]["neutrals"][0]["settlements"] = json!([[-1, -1, "N"]]);
    v["two"]["neutrals"][1]["settlements"] = json!([[2, 0, "S"]]);
    let mut g = load(&v);
    assert_eq!(g.victory_target(0), 5);
    play(&mut g, "end turn");
    assert_eq!(g.observation(0)["to_move"], json!(0));
    play(&mut g, "camel SE(1,-2) head N(1,-1)");
    assert_eq!(g.public_vp(0), 5);
    assert_ne!(g.phase(), Phase::GameOver, "the vote goes on");
    assert_eq!(g.observation(0)["to_move"], json!(1));
}

#[test]
fn b4_d55_when_only_one_caravan_can_grow_one_camel_is_placed() {
    let geo = Geometry::base();
    let tail = |s: u8| {
        let (e, h) = meeple_catan::caravans::spot_parts(geo, s);
        let [a, b] = geo.edge_ends[e];
        (a ^ b) as usize ^ h
    };
    let s = search_caravans(|s| {
        let (l, k) = s.spots();
        k >= 2 && s.supply() > 2 && l[..k].iter().all(|&x| tail(x) == tail(l[0]))
    });
    let (c, h) = caravans_json(&s);
    let mut g = vote2(&[(0, 0), (1, 0)], c, h);
    let before = s.camels.count_ones() as usize;
    play(&mut g, "end turn");
    play(&mut g, "bid 1 wool");
    assert_eq!(g.observation(0)["to_move"], json!(1));
    let first = legal_labels(&g)[0].clone();
    play(&mut g, &first);
    assert_eq!(camels(&g).as_array().unwrap().len(), before + 1);
    assert_eq!(g.observation(0)["current_player"], json!(1));
}

#[test]
fn b4_token_action_sends_the_robber_beside_the_board() {
    let mut v = base2(json!({}));
    v["robber"] = json!([1, -1]);
    let mut g = load(&v);
    let l = legal_labels(&g);
    assert!(l.contains(&"token robber beside the board".to_string()));
    assert!(!l.iter().any(|x| x.starts_with("token robber to")));
    let t = g.tokens(0);
    play(&mut g, "token robber beside the board");
    assert_eq!(g.robber_hex(), None);
    assert_eq!(g.tokens(0), t - 1);
    assert!(!legal_labels(&g).contains(&"token robber beside the board".to_string()));
}

#[test]
fn b4_d27_a_settlement_next_to_the_oasis_earns_two_tokens() {
    for (opt, gain) in [(true, 2), (false, 0)] {
        let mut v = base2(json!({ "caravans_oasis_tokens": opt }));
        set_player(&mut v, 0, "settlements", json!([[1, -1, "N"]]));
        set_player(&mut v, 0, "roads", json!([[1, -2, "SE"], [0, -1, "E"]]));
        set_player(
            &mut v,
            0,
            "resources",
            json!({"lumber": 1, "brick": 1, "wool": 1, "grain": 1}),
        );
        let mut g = load(&v);
        let t = g.tokens(0);
        play(&mut g, "settlement N(0,0)");
        assert_eq!(g.tokens(0), t + gain, "option {opt}");
    }
}

// ---------------------------------------------------------------- conformance

#[test]
fn conforms_caravans_alone_and_with_every_variant() {
    let c: Vec<Config> = [3, 4]
        .iter()
        .flat_map(|&n| {
            [
                config(n, json!({"trade_offers_per_turn": 1})),
                config(
                    n,
                    json!({"friendly_robber": true, "harbormaster": true, "player_trades": "off"}),
                ),
                config(
                    n,
                    json!({"event_cards": true, "friendly_robber": true, "player_trades": "off",
                           "camel_per_build": true, "caravans_knight_brings_robber": false,
                           "caravans_robber_on_oasis": true,
                           "caravans_friendly_robber_fallback": "stay"}),
                ),
            ]
        })
        .collect();
    kit(&c, 1);
}

#[test]
fn conforms_caravans_with_catan_for_two() {
    let c = vec![
        config(2, json!({"player_trades": "off"})),
        config(
            2,
            json!({"friendly_robber": true, "harbormaster": true, "event_cards": true,
                   "player_trades": "off", "caravans_oasis_tokens": false}),
        ),
    ];
    kit(&c, 1);
}
