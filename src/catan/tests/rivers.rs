//! B6 The Rivers of Catan (spec §B6, D-03, D-41..D-45): board set-up, coins, bridges, the
//! coin tiles, the golden examples EX-15 and EX-16, the combinations with B1, B2 and B3, the
//! refused B4 combination, position checks and the conformance kit.

mod common;
use common::*;

use meeple_catan::geometry::{Geometry, NE, NH};
use meeple_catan::{Catan, Phase};
use meeple_core::conformance::{assert_conforms, KitOptions};
use meeple_core::dynamic::load_state;
use meeple_core::{Config, Game, GameError};
use serde_json::{json, Map, Value};

/// The river hexes of the bundled map (swamps (1,1) and (-1,2) included).
const RIVER: [(i32, i32); 7] = [(1, -2), (1, -1), (1, 0), (1, 1), (-1, 0), (-1, 1), (-1, 2)];
const SWAMPS: [(i32, i32); 2] = [(1, 1), (-1, 2)];
const BRIDGE_SITES: [&str; 7] = [
    "SE(1,-2)", "SE(1,-1)", "SE(1,0)", "E(1,1)", "SE(-1,0)", "SE(-1,1)", "NE(-2,3)",
];

fn config_with(players: usize, board: &str, opts: Value) -> Config {
    options(
        players,
        merged(json!({"board": board, "scenario": "rivers"}), opts),
    )
}

fn config(players: usize, opts: Value) -> Config {
    config_with(players, "beginner", opts)
}

/// A position on the bundled Rivers map after set-up: player 0 to act in the main phase,
/// nothing built, no coins.
fn base(players: usize, opts: Value) -> Value {
    main_phase(&config(players, opts), &[])
}

fn refused(v: &Value) -> String {
    match load_state::<Catan>(v) {
        Ok(_) => panic!("position accepted"),
        Err(e) => e.to_string(),
    }
}

/// The position of a game, open for hand edits (bank, deck and knowledge recomputed on load).
fn reopen(g: &Catan) -> Value {
    let mut v = g.to_json_value();
    let o = v.as_object_mut().unwrap();
    o.remove("bank");
    o.remove("development_deck");
    for p in v["players"].as_array_mut().unwrap() {
        p.as_object_mut().unwrap().remove("knowledge");
    }
    v
}

fn coins_of(g: &Catan) -> Vec<u32> {
    (0..g.config().players).map(|p| g.coins(p)).collect()
}

fn hex_at(b: &Value, q: i32, r: i32) -> Value {
    b["hexes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["q"] == q && h["r"] == r)
        .unwrap()
        .clone()
}

// ---------------------------------------------------------------- board (§B6.2)

/// The ring-2 and ring-1 hexes counter-clockwise from (0,-2) and (0,-1) (spec §A3.2 example).
const RING2: [(i32, i32); 12] = [
    (0, -2),
    (-1, -1),
    (-2, 0),
    (-2, 1),
    (-2, 2),
    (-1, 2),
    (0, 2),
    (1, 1),
    (2, 0),
    (2, -1),
    (2, -2),
    (1, -2),
];
const RING1: [(i32, i32); 6] = [(0, -1), (-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1)];
const LETTERS_WITHOUT_B: [u8; 17] = [5, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11];

#[test]
fn random_rivers_board_follows_the_set_up_rules() {
    for seed in 0..40 {
        let g = Catan::new(&config_with(4, "random", json!({})), seed).unwrap();
        let v = g.to_json_value();
        let b = &v["board"];
        let terrain = |q: i32, r: i32| hex_at(b, q, r)["terrain"].as_str().unwrap().to_string();
        // Rivers fixed (D-41 placeholder terrains), swamps without tokens.
        let river_terrains: Vec<String> = RIVER.iter().map(|&(q, r)| terrain(q, r)).collect();
        assert_eq!(
            river_terrains,
            [
                "mountains",
                "hills",
                "pasture",
                "swamp",
                "mountains",
                "hills",
                "swamp"
            ],
            "seed {seed}"
        );
        // The 12 other hexes: the base set minus 2 mountains, 2 hills, 2 pasture, the desert.
        let mut counts = std::collections::BTreeMap::new();
        for h in b["hexes"].as_array().unwrap() {
            let (q, r) = (
                h["q"].as_i64().unwrap() as i32,
                h["r"].as_i64().unwrap() as i32,
            );
            if !RIVER.contains(&(q, r)) {
                *counts
                    .entry(h["terrain"].as_str().unwrap().to_string())
                    .or_insert(0) += 1;
            }
        }
        let want: std::collections::BTreeMap<String, i32> = [
            ("fields", 4),
            ("forest", 4),
            ("hills", 1),
            ("mountains", 1),
            ("pasture", 2),
        ]
        .iter()
        .map(|&(k, n)| (k.to_string(), n))
        .collect();
        assert_eq!(counts, want, "seed {seed}");
        // Tokens: the spiral of the 17 letters without B from a coastal producing hex, then the
        // 2 on the 12's hex.
        let token = |q: i32, r: i32| hex_at(b, q, r)["token"].as_u64().unwrap_or(0) as u8;
        let producing = |&(q, r): &(i32, i32)| terrain(q, r) != "swamp";
        let ok = (0..12).filter(|&i| producing(&RING2[i])).any(|i| {
            let order: Vec<(i32, i32)> = (0..12)
                .map(|k| RING2[(i + k) % 12])
                .chain((0..6).map(|k| RING1[(i / 2 + k) % 6]))
                .chain([(0, 0)])
                .filter(producing)
                .collect();
            order.iter().map(|&(q, r)| token(q, r)).collect::<Vec<_>>() == LETTERS_WITHOUT_B
        });
        assert!(ok, "seed {seed}: tokens do not follow the spiral");
        let twelve: Vec<Value> = b["hexes"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|h| h["token"] == 12)
            .cloned()
            .collect();
        assert_eq!(twelve.len(), 1);
        assert_eq!(twelve[0]["extra_token"], 2, "seed {seed}");
        for &(q, r) in &SWAMPS {
            assert!(hex_at(b, q, r)["token"].is_null());
        }
        // The robber starts on a swamp; 7 bridge sites.
        assert!(SWAMPS.iter().any(|&(q, r)| v["robber"] == json!([q, r])));
        assert_eq!(b["pieces"]["bridge_sites"].as_array().unwrap().len(), 7);
        // Harbors: the nine base kinds.
        assert_eq!(b["harbors"].as_array().unwrap().len(), 9);
    }
}

#[test]
fn random_no_adjacent_red_tokens_on_a_rivers_board() {
    let geo = Geometry::base();
    for seed in 0..20 {
        let c = config_with(3, "random", json!({"token_mode": "random_no_adjacent_red"}));
        let g = Catan::new(&c, seed).unwrap();
        let b = g.board();
        let mut tokens: Vec<u8> = (0..NH).map(|h| b.token[h]).filter(|&t| t > 0).collect();
        tokens.sort();
        let mut want = LETTERS_WITHOUT_B.to_vec();
        want.sort();
        assert_eq!(tokens, want);
        for h in 0..NH {
            if b.token[h] == 6 || b.token[h] == 8 {
                for n in 0..NH {
                    if geo.hex_nbrs[h] & (1 << n) != 0 {
                        assert!(b.token[n] != 6 && b.token[n] != 8);
                    }
                }
            }
        }
        let twelve = (0..NH).find(|&h| b.token[h] == 12).unwrap();
        assert_eq!(b.extra_token[twelve], 2);
    }
}

#[test]
fn the_twelve_hex_produces_on_2_and_on_12() {
    let mut v = base(3, json!({}));
    // (2,0) is hills 12 with the 2; N(2,0) touches (2,0), (2,-1) fields 11 and the sea.
    assert_eq!(hex_at(&v["board"], 2, 0)["extra_token"], 2);
    set_player(&mut v, 0, "settlements", json!([[2, 0, "N"]]));
    v["phase"] = json!("roll");
    v["rolled"] = json!(false);
    let mut g = load(&v);
    play(&mut g, "dice 2");
    assert_eq!(g.hand(0), [0, 1, 0, 0, 0]);
    play(&mut g, "end turn");
    let mut v = g.to_json_value();
    v["current_player"] = json!(0);
    let mut g = load(&v);
    play(&mut g, "dice 12");
    assert_eq!(g.hand(0), [0, 2, 0, 0, 0]);
}

// ---------------------------------------------------------------- coins (§B6.3)

#[test]
fn settlements_and_roads_by_a_river_earn_one_coin() {
    let mut v = base(3, json!({}));
    // S(1,-2) touches the river hexes (1,-2) and (1,-1).
    set_player(&mut v, 0, "settlements", json!([[1, -2, "S"]]));
    set_player(&mut v, 0, "roads", json!([[0, -1, "E"]]));
    set_player(
        &mut v,
        0,
        "resources",
        json!({"lumber": 3, "brick": 3, "wool": 1, "grain": 3, "ore": 3}),
    );
    let mut g = load(&v);
    // SE(0,-1) lies between (0,-1) and (0,0): no river, no coin.
    play(&mut g, "road SE(0,-1)");
    assert_eq!(coins_of(&g), [0, 0, 0]);
    // S(0,-1) touches the river hex (-1,0): one coin.
    play(&mut g, "settlement S(0,-1)");
    assert_eq!(coins_of(&g), [1, 0, 0]);
    // Upgrading to a city earns nothing.
    play(&mut g, "city S(0,-1)");
    assert_eq!(coins_of(&g), [1, 0, 0]);
    // NE(0,-1) lies between (0,-1) and the river hex (1,-2): one coin.
    play(&mut g, "road NE(0,-1)");
    assert_eq!(coins_of(&g), [2, 0, 0]);
}

#[test]
fn set_up_earns_coins_and_hands_out_the_tiles_only_at_its_end() {
    for seed in 0..20 {
        let c = config_with(4, "random", json!({}));
        let mut g = Catan::new(&c, seed).unwrap();
        let mut rng = meeple_core::GameRng::new(seed);
        while matches!(g.phase(), Phase::SetupSettlement | Phase::SetupRoad) {
            assert_eq!(g.wealthiest_settler(), None);
            assert!((0..4).all(|p| !g.is_poor_settler(p)));
            let mut l = Vec::new();
            g.legal_actions(&mut l);
            // Never a road on a bridge site.
            for &a in &l {
                let lab = g.action_label(a);
                assert!(
                    BRIDGE_SITES.iter().all(|s| lab != format!("road {s}")),
                    "{lab}"
                );
            }
            let a = l[rng.below(l.len() as u32) as usize];
            g.apply(a).unwrap();
        }
        // §B6.2 step 5: at most 4 coins after set-up.
        let c = coins_of(&g);
        assert!(c.iter().all(|&x| x <= 4), "{c:?}");
        // Step 6: Poor Settler for every player tied for fewest, Wealthiest to a sole leader.
        let min = *c.iter().min().unwrap();
        let max = *c.iter().max().unwrap();
        for (p, &x) in c.iter().enumerate() {
            assert_eq!(g.is_poor_settler(p), x == min);
        }
        let sole = c.iter().filter(|&&x| x == max).count() == 1;
        assert_eq!(
            g.wealthiest_settler(),
            sole.then(|| c.iter().position(|&x| x == max).unwrap())
        );
    }
}

/// Eight settlements away from the rivers for a finished 4-player set-up, two per player, and
/// the last one placed by seat 0 with a free non-river edge.
fn dry_setup(v: &mut Value) {
    set_player(v, 0, "settlements", json!([[-2, 0, "N"], [0, 1, "S"]]));
    set_player(v, 1, "settlements", json!([[2, -2, "N"], [-2, 2, "S"]]));
    set_player(v, 2, "settlements", json!([[0, -2, "N"], [-2, 1, "S"]]));
    set_player(v, 3, "settlements", json!([[2, -1, "S"], [0, 2, "S"]]));
}

#[test]
fn ex15_rivers_tiles_after_set_up() {
    // P1..P4 = seats 0..3; coins after set-up 2, 1, 1, 0.
    let mut v = base(4, json!({}));
    dry_setup(&mut v);
    v["phase"] = json!("setup_road");
    v["setup_step"] = json!(7);
    v["rolled"] = json!(false);
    v["last_settlement"] = json!([0, 1, "S"]);
    v["rivers"] = json!({"coins": [2, 1, 1, 0]});
    let g0 = load(&v);
    assert_eq!(g0.wealthiest_settler(), None);
    // S(0,1)'s edges: SW(0,1) = NE(-1,2) touches the swamp (-1,2); SE(0,1) lies between (0,1)
    // and (0,2): no river.
    let mut g = g0.clone();
    play(&mut g, "road SE(0,1)");
    assert_eq!(coins_of(&g), [2, 1, 1, 0]);
    assert_eq!(g.wealthiest_settler(), Some(0));
    assert_eq!(
        (0..4).map(|p| g.is_poor_settler(p)).collect::<Vec<_>>(),
        [false, false, false, true]
    );
    // +1 for P1 (2 settlements + 1), −2 for P4 (2 settlements − 2).
    assert_eq!(g.public_vp(0), 3);
    assert_eq!(g.public_vp(3), 0);
    assert_eq!(g.public_vp(1), 2);
    // If everyone has 0: all four are Poor Settlers, nobody is the Wealthiest.
    v["rivers"] = json!({"coins": [0, 0, 0, 0]});
    let mut g = load(&v);
    play(&mut g, "road SE(0,1)");
    assert_eq!(g.wealthiest_settler(), None);
    assert!((0..4).all(|p| g.is_poor_settler(p) && g.public_vp(p) == 0));
}

#[test]
fn ex16_wealthiest_settler_passes_only_when_surpassed() {
    // P1 (seat 0) holds the Wealthiest Settler with 5 coins, P2 (seat 1) has 4.
    let case = |coins: Value| {
        let mut v = base(3, json!({}));
        v["rivers"] = json!({"coins": coins, "wealthiest_settler": 0});
        let mut g = load(&v);
        play(&mut g, "buy ore for 2 coins");
        assert_eq!(g.coins(0), 3);
        assert_eq!(g.hand(0), [0, 0, 0, 0, 1]);
        g
    };
    // P2 (4) now has more than the holder (3) and alone the most → P2 takes it.
    let g = case(json!([5, 4, 0]));
    assert_eq!(g.wealthiest_settler(), Some(1));
    // P2 had 3: a tie with the holder changes nothing → P1 keeps it.
    let g = case(json!([5, 3, 0]));
    assert_eq!(g.wealthiest_settler(), Some(0));
    // P2 and P3 both had 4: both pass the holder, no sole leader → set aside.
    let g = case(json!([5, 4, 4]));
    assert_eq!(g.wealthiest_settler(), None);
    // A set-aside tile goes to the first player who alone has the most.
    let mut v = reopen(&g);
    set_player(&mut v, 0, "settlements", json!([[1, -2, "S"]]));
    set_player(
        &mut v,
        0,
        "resources",
        json!({"lumber": 1, "brick": 2, "ore": 1}),
    );
    let mut g = load(&v);
    play(&mut g, "bridge SE(1,-2)");
    assert_eq!(coins_of(&g), [6, 4, 4]);
    assert_eq!(g.wealthiest_settler(), Some(0));
}

#[test]
fn poor_settler_follows_the_fewest_coins() {
    let mut v = base(3, json!({}));
    set_player(&mut v, 0, "settlements", json!([[1, -2, "S"]]));
    set_player(&mut v, 0, "roads", json!([[0, -1, "E"]]));
    set_player(&mut v, 0, "resources", json!({"lumber": 1, "brick": 1}));
    set_player(&mut v, 1, "settlements", json!([[-2, 0, "N"]]));
    set_player(&mut v, 2, "settlements", json!([[2, -2, "N"]]));
    v["rivers"] = json!({"coins": [0, 1, 2], "wealthiest_settler": 2});
    let mut g = load(&v);
    assert!(g.is_poor_settler(0) && !g.is_poor_settler(1));
    assert_eq!(g.public_vp(0), 0);
    // A road by the river: 1 coin, now tied with seat 1 for the fewest: both are poor.
    play(&mut g, "road NE(0,-1)");
    assert!(g.is_poor_settler(0) && g.is_poor_settler(1) && !g.is_poor_settler(2));
    assert_eq!(g.public_vp(2), 2);
}

#[test]
fn buying_resources_with_coins_twice_per_turn() {
    let mut v = base(3, json!({}));
    v["rivers"] = json!({"coins": [7, 0, 0], "wealthiest_settler": 0});
    let mut g = load(&v);
    play(&mut g, "buy grain for 2 coins");
    play(&mut g, "buy wool for 2 coins");
    assert_eq!(g.hand(0), [0, 0, 1, 1, 0]);
    assert_eq!(g.coins(0), 3);
    // A third purchase in the same turn is not allowed.
    assert!(!legal_labels(&g).iter().any(|l| l.starts_with("buy ")));
    // Not before the roll either; the count starts again next turn.
    let mut v = g.to_json_value();
    v["rivers"]["purchases_this_turn"] = json!(0);
    v["phase"] = json!("roll");
    v["rolled"] = json!(false);
    let e = refused(&{
        let mut w = v.clone();
        w["rivers"]["purchases_this_turn"] = json!(1);
        w
    });
    assert!(e.contains("after the roll"), "{e}");
    let mut g = load(&v);
    play(&mut g, "dice 3");
    assert!(is_legal(&g, "buy ore for 2 coins"));
    // With 1 coin: nothing to buy.
    let mut v = base(3, json!({}));
    v["rivers"] = json!({"coins": [1, 0, 0], "wealthiest_settler": 0});
    let g = load(&v);
    assert!(!legal_labels(&g)
        .iter()
        .any(|l| l.starts_with("buy") || l.starts_with("maritime")));
}

#[test]
fn coins_in_maritime_trade_4_or_3_never_at_a_2_to_1_harbor() {
    let mut v = base(3, json!({"player_trades": "off"}));
    v["rivers"] = json!({"coins": [4, 0, 0], "wealthiest_settler": 0});
    // N(1,-2) is on the grain 2:1 harbor: coins still go at 4.
    set_player(&mut v, 0, "settlements", json!([[1, -2, "N"]]));
    let mut g = load(&v);
    assert!(is_legal(&g, "maritime 4 coins for 1 ore"));
    play(&mut g, "maritime 4 coins for 1 ore");
    assert_eq!(g.coins(0), 0);
    assert_eq!(g.hand(0), [0, 0, 0, 0, 1]);
    // N(0,-2) is on a 3:1 harbor: 3 coins.
    let mut v = base(3, json!({"player_trades": "off"}));
    v["rivers"] = json!({"coins": [3, 0, 0], "wealthiest_settler": 0});
    set_player(&mut v, 0, "settlements", json!([[0, -2, "N"]]));
    let mut g = load(&v);
    play(&mut g, "maritime 3 coins for 1 brick");
    assert_eq!(g.coins(0), 0);
    // The bank never pays coins: no maritime action gives coins.
    assert!(legal_labels(&g).iter().all(|l| !l.ends_with("coins")));
}

#[test]
fn coins_in_player_trade_offers() {
    let mut v = base(3, json!({}));
    v["rivers"] = json!({"coins": [2, 0, 3], "wealthiest_settler": 2});
    set_player(&mut v, 1, "resources", json!({"ore": 1}));
    set_player(&mut v, 0, "resources", json!({"grain": 1}));
    let mut g = load(&v);
    play(&mut g, "offer 2 coins for 1 ore");
    assert_eq!(g.phase(), Phase::TradeResponse);
    play(&mut g, "accept");
    play(&mut g, "decline");
    play(&mut g, "trade with player 1");
    assert_eq!(coins_of(&g), [0, 2, 3]);
    assert_eq!(g.hand(0), [0, 0, 0, 1, 1]);
    assert_eq!(g.hand(1), [0, 0, 0, 0, 0]);
    // Asking for coins: only a player holding them may accept.
    play(&mut g, "offer 1 grain for 2 coins");
    assert_eq!(legal_labels(&g), ["accept", "decline"]);
    play(&mut g, "accept");
    assert_eq!(legal_labels(&g), ["accept", "decline"]);
    play(&mut g, "accept");
    play(&mut g, "trade with player 2");
    assert_eq!(coins_of(&g), [2, 2, 1]);
    // Seat 1 and seat 0 tie at 2 and pass the holder (1): set aside.
    assert_eq!(g.wealthiest_settler(), None);
    // The position shows the coin offers made this turn and reads back.
    let v = g.to_json_value();
    assert_eq!(
        v["trade"]["offers_this_turn"],
        json!([{"give": {"coins": 2}, "get": {"ore": 1}}, {"give": {"grain": 1}, "get": {"coins": 2}}])
    );
    let g2 = load(&v);
    assert_eq!(g2.to_json_value(), v);
    // Without trades, no coin offers.
    let mut v = base(3, json!({"player_trades": "off"}));
    v["rivers"] = json!({"coins": [2, 0, 0], "wealthiest_settler": 0});
    let g = load(&v);
    assert!(!legal_labels(&g).iter().any(|l| l.starts_with("offer")));
}

#[test]
fn coins_are_not_stolen_discarded_or_taken_by_monopoly() {
    let mut v = base(3, json!({}));
    v["phase"] = json!("roll");
    v["rolled"] = json!(false);
    v["rivers"] = json!({"coins": [0, 10, 0], "wealthiest_settler": 1});
    set_player(&mut v, 1, "resources", json!({"ore": 8}));
    set_player(&mut v, 1, "settlements", json!([[0, 0, "N"]]));
    set_player(&mut v, 0, "development_cards", json!({"monopoly": 1}));
    let mut g = load(&v);
    play(&mut g, "dice 7");
    assert_eq!(g.phase(), Phase::Discard);
    for _ in 0..4 {
        play(&mut g, "discard ore");
    }
    assert_eq!(g.phase(), Phase::MoveRobber);
    assert_eq!(g.coins(1), 10);
    play(&mut g, "robber to (0,0)");
    // The steal is a chance node over resource cards only.
    let mut out = Vec::new();
    g.chance_outcomes(&mut out);
    assert_eq!(out.len(), 1);
    assert_eq!(g.action_label(out[0].0), "stolen ore");
    g.apply(out[0].0).unwrap();
    assert_eq!(g.coins(1), 10);
    play(&mut g, "play monopoly");
    play(&mut g, "monopoly ore");
    assert_eq!(g.coins(1), 10);
    assert_eq!(g.hand(1), [0; 5]);
    assert_eq!(g.coins(0), 0);
}

// ---------------------------------------------------------------- bridges

#[test]
fn bridges_cost_sites_connection_and_coins() {
    let mut v = base(3, json!({}));
    set_player(&mut v, 0, "settlements", json!([[1, -2, "S"]]));
    set_player(
        &mut v,
        0,
        "resources",
        json!({"lumber": 1, "brick": 1, "wool": 5}),
    );
    // 1 lumber + 2 brick, nothing else.
    assert!(!legal_labels(&load(&v))
        .iter()
        .any(|l| l.starts_with("bridge")));
    set_player(&mut v, 0, "resources", json!({"lumber": 3, "brick": 5}));
    let mut g = load(&v);
    let bridges: Vec<String> = legal_labels(&g)
        .into_iter()
        .filter(|l| l.starts_with("bridge"))
        .collect();
    // Only the bridge site touching S(1,-2); never a road there.
    assert_eq!(bridges, ["bridge SE(1,-2)"]);
    assert!(!is_legal(&g, "road SE(1,-2)"));
    play(&mut g, "bridge SE(1,-2)");
    assert_eq!(g.hand(0), [2, 3, 0, 0, 0]);
    assert_eq!(g.coins(0), 3);
    // It connects like a road: roads go on from N(1,-1), across the river.
    assert_eq!(g.road_length(0), 1);
    assert!(is_legal(&g, "road NE(1,-1)"));
    assert!(!is_legal(&g, "bridge SE(1,-1)"));
    // The position lists bridges apart from roads.
    let w = g.to_json_value();
    assert_eq!(w["rivers"]["bridges"][0], json!([[1, -2, "SE"]]));
    assert_eq!(w["players"][0]["roads"], json!([]));
    assert_eq!(load(&w).to_json_value(), w);
}

#[test]
fn bridges_count_for_longest_road_and_at_most_three() {
    let mut v = base(3, json!({}));
    // S(1,-2) -bridge- N(1,-1) -NE(1,-1)- S(2,-2) -E(1,-1)- N(1,0) -bridge- S(1,-1)
    // -E(0,0)- N(0,1) -NE(0,1)- S(1,0), and NE(1,1) from N(1,1) on.
    set_player(&mut v, 0, "settlements", json!([[1, -2, "S"]]));
    set_player(
        &mut v,
        0,
        "roads",
        json!([
            [1, -1, "NE"],
            [1, -1, "E"],
            [0, 0, "E"],
            [0, 1, "NE"],
            [1, 1, "NE"]
        ]),
    );
    v["rivers"] = json!({"bridges": [[[1, -2, "SE"], [1, -1, "SE"]], [], []], "coins": [6, 0, 0], "wealthiest_settler": 0});
    v["longest_road"] = json!(0);
    set_player(&mut v, 0, "resources", json!({"lumber": 4, "brick": 6}));
    let mut g = load(&v);
    assert_eq!(g.road_length(0), 6);
    assert!(is_legal(&g, "bridge SE(1,0)"));
    play(&mut g, "bridge SE(1,0)");
    // The third bridge joins the chain to NE(1,1): 6 + 1 + 1.
    assert_eq!(g.road_length(0), 8);
    assert_eq!(g.coins(0), 9);
    // Three bridges: no fourth, although the site E(1,1) now touches the network.
    assert!(!legal_labels(&g).iter().any(|l| l.starts_with("bridge")));
    let mut w = reopen(&g);
    w["rivers"]["bridges"][0]
        .as_array_mut()
        .unwrap()
        .push(json!([1, 1, "E"]));
    assert!(refused(&w).contains("more than 3 bridges"));
}

#[test]
fn bridges_are_not_road_pieces() {
    // 14 roads and 2 bridges: the 15th road is still in the supply.
    let mut v = base(3, json!({}));
    set_player(&mut v, 0, "settlements", json!([[1, -2, "S"]]));
    let roads = json!([
        [1, -1, "NE"],
        [1, -1, "E"],
        [0, 0, "E"],
        [0, 1, "NE"],
        [-2, 0, "NE"],
        [-2, 0, "E"],
        [-2, 0, "SE"],
        [-2, 1, "NE"],
        [-2, 1, "E"],
        [-2, 1, "SE"],
        [-2, 2, "NE"],
        [-2, 2, "E"],
        [-2, 2, "SE"],
        [0, -2, "NE"]
    ]);
    set_player(&mut v, 0, "roads", roads);
    v["rivers"] = json!({"bridges": [[[1, -2, "SE"], [1, -1, "SE"]], [], []], "coins": [6, 0, 0], "wealthiest_settler": 0});
    v["longest_road"] = json!(0);
    set_player(&mut v, 0, "resources", json!({"lumber": 2, "brick": 2}));
    let mut g = load(&v);
    play(&mut g, "road E(0,1)");
    assert!(!legal_labels(&g).iter().any(|l| l.starts_with("road ")));
}

#[test]
fn road_building_cannot_build_bridges() {
    let mut v = base(3, json!({}));
    set_player(&mut v, 0, "settlements", json!([[1, -2, "S"]]));
    set_player(&mut v, 0, "played", json!({"road_building": 1}));
    v["phase"] = json!("road_building");
    v["free_roads"] = json!(2);
    v["development_card_played"] = json!(true);
    let g = load(&v);
    let l = legal_labels(&g);
    assert!(!l.is_empty());
    assert!(l.iter().all(|x| x.starts_with("road ")));
    assert!(!l.contains(&"road SE(1,-2)".to_string()));
}

// ---------------------------------------------------------------- robber

#[test]
fn robber_starts_on_a_swamp_and_may_move_to_the_other() {
    let g = Catan::new(&config(3, json!({})), 3).unwrap();
    assert_eq!(g.to_json_value()["robber"], json!([1, 1]));
    let mut v = base(3, json!({}));
    v["phase"] = json!("move_robber");
    let mut g = load(&v);
    assert!(!is_legal(&g, "robber to (1,1)"));
    play(&mut g, "robber to (-1,2)");
    assert_eq!(g.phase(), Phase::Main);
}

/// The Friendly Robber's position of the next test: every land hex touches a protected
/// player's settlement, the robber on the swamp (1,1), player 0 to move it.
fn friendly_robber_everywhere_protected() -> Value {
    let mut v = base(3, json!({"friendly_robber": true}));
    set_player(
        &mut v,
        0,
        "settlements",
        json!([[-2, 1, "N"], [-1, 1, "S"], [0, 0, "N"]]),
    );
    set_player(&mut v, 1, "settlements", json!([[0, -2, "S"], [0, 2, "N"]]));
    set_player(
        &mut v,
        2,
        "settlements",
        json!([[1, -1, "N"], [2, -1, "S"]]),
    );
    set_player(&mut v, 1, "resources", json!({"ore": 1}));
    v["phase"] = json!("move_robber");
    v
}

#[test]
fn friendly_robber_falls_back_to_a_swamp_of_the_movers_choice() {
    // D-03. Seven settlements touching every land hex; every player is a Poor Settler (all 0
    // coins), so public VP ≤ 2 for all and everyone is protected.
    let mut g = load(&friendly_robber_everywhere_protected());
    assert!((0..3).all(|p| g.public_vp(p) <= 2));
    let mut l = legal_labels(&g);
    l.sort();
    // Both swamps, the robber's own (1,1) included.
    assert_eq!(l, ["robber to (-1,2)", "robber to (1,1)"]);
    play(&mut g, "robber to (-1,2)");
    // No steal from a protected player.
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.hand(1), [0, 0, 0, 0, 1]);
}

/// The same position on a user's Rivers map whose swamps are `terrain` (no token).
fn without_swamps(terrain: &str) -> Value {
    let mut v = friendly_robber_everywhere_protected();
    for h in v["board"]["hexes"].as_array_mut().unwrap() {
        if h["terrain"] == json!("swamp") {
            h["terrain"] = json!(terrain);
        }
    }
    v
}

/// Engine decisions for a user's Rivers map without a swamp: the base rule (§B1.2) applies,
/// the desert (any of several), else the robber stays; beside the board, every hex is open.
#[test]
fn friendly_robber_on_a_rivers_map_without_swamps_takes_the_base_rule() {
    let g = load(&without_swamps("desert"));
    assert_eq!(
        sorted_legal(&g),
        ["robber to (-1,2)", "robber to (1,1)"],
        "either desert, the robber's own included"
    );
    let mut g = load(&without_swamps("forest"));
    assert_eq!(
        legal_labels(&g),
        ["robber to (1,1)"],
        "it stays where it is"
    );
    play(&mut g, "robber to (1,1)");
    assert_eq!(g.phase(), Phase::Main, "no steal from a protected player");
    let mut v = without_swamps("forest");
    v["robber"] = Value::Null;
    let g = load(&v);
    assert_eq!(legal_labels(&g).len(), NH, "beside the board: any hex");
}

#[test]
fn robber_flees_puts_the_robber_beside_the_board_until_a_knight() {
    let mut v = base(3, json!({"event_cards": true}));
    // The robber on (-1,1) hills 4; seat 0 has a settlement there.
    v["robber"] = json!([-1, 1]);
    v["phase"] = json!("roll");
    v["rolled"] = json!(false);
    set_player(&mut v, 0, "settlements", json!([[-1, 1, "N"]]));
    set_player(&mut v, 0, "development_cards", json!({"knight": 1}));
    let mut g = load(&v);
    play(&mut g, "event robber_flees_4");
    let w = g.to_json_value();
    assert_eq!(w["robber"], Value::Null);
    assert_eq!(g.observation(1)["robber"], Value::Null);
    // With the robber gone, the 4 of (-1,1) produces.
    assert_eq!(g.hand(0)[1], 1);
    // The position reads back with the robber beside the board.
    assert_eq!(load(&w).to_json_value(), w);
    // A Knight brings it back onto any land hex.
    play(&mut g, "play knight");
    assert_eq!(
        legal_labels(&g)
            .iter()
            .filter(|l| l.starts_with("robber to"))
            .count(),
        NH
    );
    play(&mut g, "robber to (0,0)");
    assert_eq!(g.to_json_value()["robber"], json!([0, 0]));
    // Beside the board is a scenario state: refused in the base game.
    let g = Catan::new(&Config::new(&Catan::info(), 3, &Map::new()).unwrap(), 1).unwrap();
    let mut v = g.to_json_value();
    v["robber"] = Value::Null;
    assert!(refused(&v).contains("robber"));
}

// ---------------------------------------------------------------- victory

#[test]
fn victory_at_10_counts_the_coin_tiles() {
    let mut v = base(3, json!({}));
    // Seat 0: 4 cities + 1 settlement = 9 VP, tied for the fewest coins (Poor: 7 public).
    set_player(&mut v, 0, "settlements", json!([[1, -2, "S"]]));
    set_player(
        &mut v,
        0,
        "cities",
        json!([[-2, 1, "N"], [-1, 1, "S"], [0, 2, "N"], [2, -1, "S"]]),
    );
    set_player(&mut v, 0, "resources", json!({"lumber": 1, "brick": 2}));
    v["rivers"] = json!({"coins": [4, 4, 5], "wealthiest_settler": 2});
    let mut g = load(&v);
    assert_eq!(g.vp(0), 7);
    // A bridge: +3 coins, 7 > 5 → Wealthiest (+1) and no longer poor: 10 VP, win.
    play(&mut g, "bridge SE(1,-2)");
    assert_eq!(g.vp(0), 10);
    assert_eq!(g.phase(), Phase::GameOver);
    assert_eq!(g.winners(), [0]);
    // With the Harbormaster the target is 11.
    let mut v2 = base(3, json!({"harbormaster": true}));
    for k in ["players", "rivers"] {
        v2[k] = v[k].clone();
    }
    let mut g = load(&v2);
    assert_eq!(g.observation(0)["victory_target"], 11);
    play(&mut g, "bridge SE(1,-2)");
    assert_eq!(g.vp(0), 10);
    assert_eq!(g.phase(), Phase::Main);
}

// ---------------------------------------------------------------- options, positions

// ---------------------------------------------------------------- B4 Catan for Two (§B6.4)

/// A 2-player Rivers position after set-up (neutrals on their start vertices N(0,-1), S(0,1)):
/// player 0 in the main phase after both rolls.
fn base_two(opts: Value) -> Value {
    let mut v = base(2, opts);
    both_rolls_made(&mut v);
    v
}

#[test]
fn two_settlement_next_to_a_swamp_earns_2_tokens_3_on_the_coast() {
    // N(1,1) touches the swamp (1,1), (1,0) and (2,0): inland → 2 tokens (and a coin).
    let mut v = base_two(json!({}));
    set_player(&mut v, 0, "roads", json!([[1, 1, "NE"]]));
    set_player(
        &mut v,
        0,
        "resources",
        json!({"lumber": 1, "brick": 1, "wool": 1, "grain": 1}),
    );
    let mut g = load(&v);
    assert_eq!(g.tokens(0), 5);
    play(&mut g, "settlement N(1,1)");
    assert_eq!(g.tokens(0), 7);
    assert_eq!(g.coins(0), 1);
    // S(1,1) touches the swamp (1,1), (0,2) and the sea → 3 tokens.
    let mut v = base_two(json!({}));
    set_player(&mut v, 0, "roads", json!([[1, 1, "SE"]]));
    set_player(
        &mut v,
        0,
        "resources",
        json!({"lumber": 1, "brick": 1, "wool": 1, "grain": 1}),
    );
    let mut g = load(&v);
    play(&mut g, "settlement S(1,1)");
    assert_eq!(g.tokens(0), 8);
    // The free neutral piece follows; neutral pieces earn no coins.
    assert_eq!(g.phase(), Phase::NeutralBuild);
    let l = legal_labels(&g);
    assert!(
        l.iter()
            .all(|x| BRIDGE_SITES.iter().all(|s| !x.ends_with(s))),
        "{l:?}"
    );
    play(&mut g, &l[0]);
    assert_eq!(coins_of(&g), [1, 0]);
}

#[test]
fn two_token_robber_action_sends_the_robber_to_a_swamp() {
    let mut v = base_two(json!({}));
    v["robber"] = json!([0, 0]);
    let mut g = load(&v);
    let mut l: Vec<String> = legal_labels(&g)
        .into_iter()
        .filter(|x| x.starts_with("token robber"))
        .collect();
    l.sort();
    assert_eq!(l, ["token robber to (-1,2)", "token robber to (1,1)"]);
    play(&mut g, "token robber to (-1,2)");
    assert_eq!(g.to_json_value()["robber"], json!([-1, 2]));
    assert_eq!(g.tokens(0), 4);
    // Never to the swamp it already stands on.
    let l = legal_labels(&g);
    assert!(l.contains(&"token robber to (1,1)".to_string()));
    assert!(!l.contains(&"token robber to (-1,2)".to_string()));
}

#[test]
fn two_bridge_triggers_no_neutral_build_and_tiles_are_between_the_two_players() {
    let mut v = base_two(json!({}));
    set_player(&mut v, 0, "settlements", json!([[1, -1, "N"]]));
    set_player(&mut v, 0, "resources", json!({"lumber": 1, "brick": 2}));
    v["rivers"] = json!({"coins": [0, 1], "wealthiest_settler": 1});
    let mut g = load(&v);
    assert!(g.is_poor_settler(0) && !g.is_poor_settler(1));
    play(&mut g, "bridge SE(1,-2)");
    // A bridge is not a road piece: no free neutral road (engine decision).
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(coins_of(&g), [3, 1]);
    assert_eq!(g.wealthiest_settler(), Some(0));
    assert!(g.is_poor_settler(1) && !g.is_poor_settler(0));
    // A road by the river: a coin, and the neutral road (never on a bridge site) follows.
    let mut w = reopen(&g);
    set_player(&mut w, 0, "resources", json!({"lumber": 1, "brick": 1}));
    let mut g = load(&w);
    play(&mut g, "road NE(1,-1)");
    assert_eq!(g.coins(0), 4);
    assert_eq!(g.phase(), Phase::NeutralBuild);
    let l = legal_labels(&g);
    assert!(!l.is_empty());
    assert!(
        l.iter()
            .all(|x| BRIDGE_SITES.iter().all(|s| !x.ends_with(s))),
        "{l:?}"
    );
}

#[test]
fn two_rivers_set_up_and_a_neutral_on_a_bridge_site_is_refused() {
    let c = config_with(2, "random", json!({}));
    for seed in 0..10 {
        let mut g = Catan::new(&c, seed).unwrap();
        let mut rng = meeple_core::GameRng::new(seed);
        while matches!(g.phase(), Phase::SetupSettlement | Phase::SetupRoad) {
            let mut l = Vec::new();
            g.legal_actions(&mut l);
            let a = l[rng.below(l.len() as u32) as usize];
            g.apply(a).unwrap();
        }
        let c = coins_of(&g);
        assert!(c.iter().all(|&x| x <= 4));
        let min = *c.iter().min().unwrap();
        assert!((0..2).all(|p| g.is_poor_settler(p) == (c[p] == min)));
    }
    let mut v = base_two(json!({}));
    v["two"]["neutrals"][0]["roads"] = json!([[1, -2, "SE"]]);
    assert!(refused(&v).contains("bridge site"));
}

#[test]
fn maps_with_and_without_rivers() {
    // The bundled map reads as a user map (with its provenance keys ignored).
    let data: Value = serde_json::from_str(include_str!("../data/catan_maps.json")).unwrap();
    let map = data["maps"]["rivers"].clone();
    let c = config_with(4, "random", json!({"map": map}));
    let g = Catan::new(&c, 5).unwrap();
    let b = Catan::new(&config(4, json!({})), 5).unwrap();
    assert_eq!(g.board(), b.board());
    // A base map is not a Rivers map.
    let base_map = data["maps"]["base_beginner"].clone();
    let c = config_with(4, "random", json!({"map": base_map}));
    match Catan::new(&c, 5) {
        Err(GameError::BadOption { name, reason }) => {
            assert_eq!(name, "map");
            assert!(reason.contains("rivers"), "{reason}");
        }
        other => panic!("expected BadOption, got {:?}", other.map(|_| ())),
    }
    // Swamps and second tokens belong to the scenario.
    let mut m = Map::new();
    m.insert("map".into(), map);
    let c = Config::new(&Catan::info(), 4, &m).unwrap();
    match Catan::new(&c, 5) {
        Err(GameError::BadOption { name, reason }) => {
            assert_eq!(name, "map");
            assert!(reason.contains("scenario = rivers"), "{reason}");
        }
        other => panic!("expected BadOption, got {:?}", other.map(|_| ())),
    }
    // A swamp outside the rivers is refused.
    let mut bad = data["maps"]["rivers"].clone();
    bad["hexes"][0]["terrain"] = json!("swamp");
    bad["hexes"][0]["token"] = Value::Null;
    let c = config_with(4, "random", json!({"map": bad}));
    assert!(Catan::new(&c, 5).is_err());
}

#[test]
fn positions_are_checked() {
    // A road on a bridge site.
    let mut v = base(3, json!({}));
    set_player(&mut v, 0, "roads", json!([[1, -2, "SE"]]));
    assert!(refused(&v).contains("bridge site"));
    // A bridge off the sites.
    let mut v = base(3, json!({}));
    v["rivers"] = json!({"bridges": [[[0, 0, "E"]], [], []]});
    assert!(refused(&v).contains("off the bridge sites"));
    // A sole coin leader without the tile, and a holder with fewer coins than another.
    let mut v = base(3, json!({}));
    v["rivers"] = json!({"coins": [3, 1, 1]});
    assert!(refused(&v).contains("Wealthiest"));
    v["rivers"] = json!({"coins": [3, 4, 1], "wealthiest_settler": 0});
    assert!(refused(&v).contains("Wealthiest"));
    // No tile during set-up.
    let mut v = base(3, json!({}));
    v["phase"] = json!("setup_settlement");
    v["setup_step"] = json!(0);
    v["rolled"] = json!(false);
    v["rivers"] = json!({"coins": [1, 0, 0], "wealthiest_settler": 0});
    assert!(refused(&v).contains("after set-up"));
    // Rivers state in a base game.
    let g = Catan::new(&Config::new(&Catan::info(), 3, &Map::new()).unwrap(), 1).unwrap();
    let mut v = g.to_json_value();
    v["rivers"] = json!({"coins": [1, 0, 0]});
    assert!(refused(&v).contains("rivers"));
}

#[test]
fn observation_and_tensor_show_the_module() {
    let mut v = base(4, json!({}));
    v["rivers"] = json!({"coins": [3, 1, 1, 0], "wealthiest_settler": 0, "bridges": [[[1, -2, "SE"]], [], [], []]});
    set_player(&mut v, 0, "settlements", json!([[1, -2, "S"]]));
    let g = load(&v);
    let o = g.observation(2);
    assert_eq!(o["players"][0]["coins"], 3);
    assert_eq!(o["players"][0]["wealthiest_settler"], true);
    assert_eq!(o["players"][3]["poor_settler"], true);
    assert_eq!(o["players"][0]["bridges"], json!(["SE(1,-2)"]));
    assert_eq!(o["rivers"]["bridge_sites"].as_array().unwrap().len(), 7);
    assert_eq!(o["rivers"]["river_hexes"].as_array().unwrap().len(), 7);
    let base_len = Catan::new(&Config::new(&Catan::info(), 4, &Map::new()).unwrap(), 1)
        .unwrap()
        .observation_tensor_len();
    let len = g.observation_tensor_len();
    assert_eq!(len, base_len + 3 * NH + 5 * NE + 16 + 2 + 80);
    let mut t = vec![0.0f32; len];
    g.observation_tensor(0, &mut t);
    // Slot 0 (seat 0): coins / 10 and the Wealthiest flag.
    let b = base_len + 3 * NH + 5 * NE;
    assert_eq!(t[b], 0.3);
    assert_eq!(t[b + 2], 1.0);
    assert_eq!(t[b + 3], 2.0);
    let r = g.render();
    assert!(
        r.contains(
            "rivers: coins [3, 1, 1, 0], bridges [1, 0, 0, 0], wealthiest player 0, poor [3]"
        ),
        "{r}"
    );
    assert!(r.contains("swamp"), "{r}");
}

// ---------------------------------------------------------------- conformance

#[test]
fn conformance_rivers_alone_and_with_b1_b2_b3() {
    // Every step checked deeply in one playout of the two widest configurations...
    let deep = vec![
        config_with(3, "random", json!({})),
        config_with(
            4,
            "random",
            json!({"friendly_robber": true, "harbormaster": true, "event_cards": true}),
        ),
    ];
    assert_conforms::<Catan>(
        &deep,
        &KitOptions {
            playouts: 2,
            deep_every: 97,
            deep_playouts: 1,
            seed: 0xB6,
        },
    );
    // ...and each combination for 3 and 4 players with sampled deep checks.
    let mut configs = Vec::new();
    for players in [3, 4] {
        configs.push(config_with(
            players,
            "random",
            json!({"friendly_robber": true}),
        ));
        configs.push(config_with(
            players,
            "random",
            json!({"harbormaster": true}),
        ));
        configs.push(config_with(players, "random", json!({"event_cards": true})));
    }
    configs.push(config_with(4, "random", json!({})));
    // B4 with Rivers (§B6.4), alone and with B1, B2, B3.
    configs.push(config_with(2, "random", json!({})));
    configs.push(config_with(
        2,
        "random",
        json!({"friendly_robber": true, "harbormaster": true, "event_cards": true, "player_trades": "offers"}),
    ));
    configs.push(config_with(
        4,
        "beginner",
        json!({"friendly_robber": true, "event_cards": true, "player_trades": "off", "token_mode": "random_no_adjacent_red", "event_new_year": false, "event_tie": "none"}),
    ));
    assert_conforms::<Catan>(
        &configs,
        &KitOptions {
            playouts: 2,
            deep_every: 41,
            deep_playouts: 0,
            seed: 0xB6B6,
        },
    );
}
