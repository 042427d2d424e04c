//! B5 The Fishermen of Catan (spec §B5, D-03, D-31..D-38): the spec's worked examples EX-10..12,
//! rule tests on hand-written positions, refused options and the conformance kit over the
//! scenario alone and with B1, B2 and B3.

mod common;
use common::*;

use meeple_catan::geometry::{parse_vtag, Geometry};
use meeple_catan::{Catan, Phase};
use meeple_core::conformance::{assert_conforms, check_positions, KitOptions};
use meeple_core::dynamic::load_state;
use meeple_core::{Config, Game, Turn};
use serde_json::{json, Map, Value};

fn config(players: usize, opts: Value) -> Config {
    common::config(players, merged(json!({"scenario": "fishermen"}), opts))
}

/// A fishermen position on the printed example board after set-up: player 0 to act in the main
/// phase, nobody holding anything, the robber beside the board.
fn base(players: usize, opts: Value) -> Value {
    main_phase(&config(players, opts), &["fishermen"])
}

fn fish_labels(g: &Catan) -> Vec<String> {
    legal_labels(g)
        .into_iter()
        .filter(|l| l.starts_with("fish "))
        .collect()
}

fn fish(g: &Catan) -> Value {
    g.to_json_value()["fishermen"].clone()
}

fn vtx(s: &str) -> Value {
    // "N(1,-2)" -> [1, -2, "N"]
    let (t, rest) = s.split_at(1);
    let nums: Vec<i64> = rest
        .trim_matches(|c| c == '(' || c == ')')
        .split(',')
        .map(|x| x.parse().unwrap())
        .collect();
    json!([nums[0], nums[1], t])
}

fn vid(s: &str) -> usize {
    let v = vtx(s);
    Geometry::base()
        .vertex_id(
            v[0].as_i64().unwrap() as i32,
            v[1].as_i64().unwrap() as i32,
            parse_vtag(v[2].as_str().unwrap()).unwrap(),
        )
        .unwrap()
}

/// `k` vertices pairwise far apart (distance rule), avoiding `avoid` and their neighbours.
fn spread(k: usize, avoid: &[&str]) -> Vec<Value> {
    let g = Geometry::base();
    let mut blocked = 0u64;
    for a in avoid {
        let v = vid(a);
        blocked |= (1u64 << v) | g.vertex_nbrs[v];
    }
    let mut out = Vec::new();
    for v in 0..g.vertices.len() {
        if blocked & (1u64 << v) == 0 && out.len() < k {
            blocked |= (1u64 << v) | g.vertex_nbrs[v];
            out.push(vtx(&g.vertex_name(v)));
        }
    }
    assert_eq!(out.len(), k);
    out
}

// Vertices of the printed example board (data/catan_maps.json "fishermen").
/// On the fishing ground (1,-3), number 4.
const G4_A: &str = "N(1,-2)";
const G4_B: &str = "N(0,-2)";
/// A corner of the lake (0,0).
const LAKE_CORNER: &str = "N(0,0)";

// ---------------------------------------------------------------- board and set-up

#[test]
fn printed_board_has_the_lake_inland_without_token_and_six_grounds() {
    let g = Catan::new(&config(4, json!({})), 3).unwrap();
    let o = g.observation(0);
    assert_eq!(o["fishermen"]["lake"], json!([0, 0]));
    let lake = o["board"]["hexes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["terrain"] == "lake")
        .unwrap()
        .clone();
    assert_eq!(lake["token"], Value::Null);
    assert!(!o["board"]["hexes"]
        .as_array()
        .unwrap()
        .iter()
        .any(|h| h["terrain"] == "desert"));
    let grounds = o["fishermen"]["fishing_grounds"].as_array().unwrap();
    let mut nums: Vec<u64> = grounds
        .iter()
        .map(|x| x["number"].as_u64().unwrap())
        .collect();
    nums.sort();
    assert_eq!(nums, [4, 5, 6, 8, 9, 10]);
    for gr in grounds {
        assert_eq!(gr["vertices"].as_array().unwrap().len(), 3);
    }
    let g4 = grounds.iter().find(|x| x["number"] == 4).unwrap();
    assert_eq!(g4["sea_hex"], json!([1, -3]));
    let mut vs: Vec<String> = g4["vertices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect();
    vs.sort();
    assert_eq!(vs, ["N(0,-2)", "N(1,-2)", "S(1,-3)"]);
    // The robber starts beside the board (§B5.2 step 4).
    assert_eq!(o["robber"], Value::Null);
    assert_eq!(o["fishermen"]["robber_beside_board"], json!(true));
    assert_eq!(o["fishermen"]["supply_count"], json!(30));
}

#[test]
fn random_boards_put_the_lake_inland_and_shuffle_the_ground_numbers() {
    let geo = Geometry::base();
    let mut seen_numbers = std::collections::HashSet::new();
    for seed in 0..40 {
        let mut c = config(3, json!({}));
        c.options.insert("board".into(), json!("random"));
        let g = Catan::new(&c, seed).unwrap();
        let o = g.observation(0);
        let l = &o["fishermen"]["lake"];
        let h = geo
            .hex_id(l[0].as_i64().unwrap() as i32, l[1].as_i64().unwrap() as i32)
            .unwrap();
        assert_eq!(
            geo.hex_nbrs[h].count_ones(),
            6,
            "seed {seed}: lake on the coast"
        );
        let tokens = o["board"]["hexes"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|h| !h["token"].is_null())
            .count();
        assert_eq!(tokens, 18);
        seen_numbers.insert(o["fishermen"]["fishing_grounds"][0]["number"].clone());
    }
    assert!(seen_numbers.len() > 2, "ground numbers are drawn at random");
}

/// D-32: the second set-up settlement next to a fishing ground draws one token; the first does
/// not; the road follows the draw.
#[test]
fn d32_second_setup_settlement_on_a_ground_draws_one_token() {
    let c = config(3, json!({}));
    let mut g = Catan::new(&c, 5).unwrap();
    let geo = Geometry::base();
    let o = g.observation(0);
    let mut fish_verts: Vec<String> = vec![];
    for gr in o["fishermen"]["fishing_grounds"].as_array().unwrap() {
        for v in gr["vertices"].as_array().unwrap() {
            fish_verts.push(v.as_str().unwrap().into());
        }
    }
    let lake = geo.hex_id(0, 0).unwrap();
    for &v in &geo.hex_corners[lake] {
        fish_verts.push(geo.vertex_name(v as usize));
    }
    let keep_free = vid(G4_A);
    let forbidden = (1u64 << keep_free) | geo.vertex_nbrs[keep_free];
    let place_plain = |g: &mut Catan| {
        let l = legal_labels(g)
            .into_iter()
            .find(|l| {
                let name = l.trim_start_matches("settlement ");
                !fish_verts.iter().any(|f| f == name) && forbidden & (1u64 << vid(name)) == 0
            })
            .unwrap();
        play(g, &l);
    };
    let road = |g: &mut Catan| {
        let l = legal_labels(g)[0].clone();
        assert!(l.starts_with("road"), "{l}");
        play(g, &l);
    };
    // First round: settlements away from the water draw nothing.
    for _ in 0..3 {
        place_plain(&mut g);
        assert_eq!(g.phase(), Phase::SetupRoad);
        road(&mut g);
    }
    let p = match g.turn() {
        Turn::Player(p) => p,
        t => panic!("{t:?}"),
    };
    play(&mut g, &format!("settlement {G4_A}"));
    assert_eq!(g.phase(), Phase::FishDraw);
    assert_eq!(g.turn(), Turn::Chance);
    let mut outs = Vec::new();
    g.chance_outcomes(&mut outs);
    assert_eq!(outs.iter().map(|o| o.1).collect::<Vec<_>>(), [1, 11, 10, 8]);
    // The position can be saved and reloaded mid-draw.
    let again = load(&g.to_json_value());
    assert_eq!(again.to_json_value(), g.to_json_value());
    play(&mut g, "fish draw 3");
    assert_eq!(g.phase(), Phase::SetupRoad);
    assert_eq!(fish(&g)["players"][p], json!({"three": 1}));
    assert_eq!(g.observation(p)["players"][p]["fish"], json!({"three": 1}));
    road(&mut g);
    // Next player's second settlement away from the water: no draw.
    place_plain(&mut g);
    assert_eq!(g.phase(), Phase::SetupRoad);
    assert_eq!(
        fish(&g)["supply"],
        json!({"one": 11, "two": 10, "three": 7, "boot": 1})
    );
}

// ---------------------------------------------------------------- catching

fn roll_pos(players: usize) -> Value {
    let mut v = base(players, json!({"player_trades": "off"}));
    v["phase"] = json!("roll");
    v["rolled"] = json!(false);
    v
}

#[test]
fn catch_settlement_one_city_two_on_the_ground_number() {
    let mut v = roll_pos(3);
    let far = spread(2, &[G4_A, G4_B]);
    v["players"][0]["settlements"] = json!([vtx(G4_A)]);
    v["players"][0]["cities"] = json!([vtx(G4_B)]);
    v["players"][1]["settlements"] = json!([far[0]]);
    v["players"][2]["settlements"] = json!([far[1]]);
    let mut g = load(&v);
    // A roll of 9 (another ground) brings no fish to player 0.
    let mut g9 = g.clone();
    play(&mut g9, "dice 9");
    assert_ne!(g9.phase(), Phase::FishDraw);
    play(&mut g, "dice 4");
    assert_eq!(g.phase(), Phase::FishDraw);
    assert_eq!(fish(&g)["draws_owed"], json!([3, 0, 0]));
    for _ in 0..3 {
        play(&mut g, "fish draw 1");
    }
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(fish(&g)["players"][0], json!({"one": 3}));
    // Counts are public, values only for the owner (§B5.3).
    let o1 = g.observation(1);
    assert_eq!(o1["players"][0]["fish_tokens"], json!(3));
    assert!(o1["players"][0].get("fish").is_none());
    assert_eq!(g.observation(0)["players"][0]["fish"], json!({"one": 3}));
}

#[test]
fn lake_fishes_on_2_3_11_12_unless_the_robber_stands_on_it() {
    let mut v = roll_pos(3);
    let far = spread(2, &[LAKE_CORNER]);
    v["players"][0]["settlements"] = json!([vtx(LAKE_CORNER)]);
    v["players"][1]["settlements"] = json!([far[0]]);
    v["players"][2]["settlements"] = json!([far[1]]);
    for (sum, owed) in [(2, 1), (3, 1), (11, 1), (12, 1), (4, 0), (8, 0), (10, 0)] {
        let mut g = load(&v);
        play(&mut g, &format!("dice {sum}"));
        if owed > 0 {
            assert_eq!(g.phase(), Phase::FishDraw, "sum {sum}");
            assert_eq!(fish(&g)["draws_owed"][0], json!(owed));
        } else {
            assert_eq!(g.phase(), Phase::Main, "sum {sum}");
        }
    }
    // D-35: the robber on the lake blocks its fishing.
    v["robber"] = json!([0, 0]);
    let mut g = load(&v);
    play(&mut g, "dice 3");
    assert_eq!(g.phase(), Phase::Main);
}

/// D-34: a player reaching 7 tokens may swap one of his tokens for a new draw, once.
#[test]
fn d34_seven_token_cap_and_swap() {
    let mut v = roll_pos(3);
    let far = spread(2, &[G4_A, G4_B]);
    v["players"][0]["cities"] = json!([vtx(G4_B)]);
    v["players"][1]["settlements"] = json!([far[0]]);
    v["players"][2]["settlements"] = json!([far[1]]);
    v["fishermen"] = json!({"players": [{"one": 6}, {}, {}]});
    let g0 = load(&v);
    let mut g = g0.clone();
    play(&mut g, "dice 4");
    // Owed 2, room for 1: one draw, then the swap offer.
    assert_eq!(fish(&g)["draws_owed"], json!([1, 0, 0]));
    assert_eq!(fish(&g)["may_swap"], json!([0]));
    play(&mut g, "fish draw 3");
    assert_eq!(g.phase(), Phase::FishSwap);
    assert_eq!(g.turn(), Turn::Player(0));
    let l = legal_labels(&g);
    assert_eq!(
        l,
        ["swap a 1-fish token", "swap a 3-fish token", "keep fish"]
    );
    play(&mut g, "swap a 1-fish token");
    assert_eq!(g.phase(), Phase::FishDraw);
    assert_eq!(fish(&g)["spent"], json!({"one": 1}));
    play(&mut g, "fish draw 2");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(
        fish(&g)["players"][0],
        json!({"one": 5, "two": 1, "three": 1})
    );
    // Keeping instead ends the catch with 7 tokens.
    let mut g = g0.clone();
    play(&mut g, "dice 4");
    play(&mut g, "fish draw 3");
    play(&mut g, "keep fish");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(fish(&g)["players"][0], json!({"one": 6, "three": 1}));
    // The boot does not count toward the 7 (D-34).
    let mut v2 = v.clone();
    v2["fishermen"] = json!({"players": [{"one": 6, "boot": 1}, {}, {}]});
    let mut g = load(&v2);
    play(&mut g, "dice 4");
    assert_eq!(fish(&g)["draws_owed"], json!([1, 0, 0]));
}

/// §B5.3: when the last token is drawn the spent tokens become the new supply.
#[test]
fn last_token_drawn_reshuffles_the_spent_pile() {
    let mut v = roll_pos(3);
    let far = spread(2, &[G4_A]);
    v["players"][0]["settlements"] = json!([vtx(G4_A)]);
    v["players"][1]["settlements"] = json!([far[0]]);
    v["players"][2]["settlements"] = json!([far[1]]);
    v["fishermen"] = json!({
        "supply": {"three": 1},
        "spent": {"one": 11, "two": 10, "three": 2},
        "players": [{}, {"three": 5, "boot": 1}, {}],
    });
    let mut g = load(&v);
    play(&mut g, "dice 4");
    let mut outs = Vec::new();
    g.chance_outcomes(&mut outs);
    assert_eq!(outs.len(), 1);
    play(&mut g, "fish draw 3");
    let f = fish(&g);
    assert_eq!(f["supply"], json!({"one": 11, "two": 10, "three": 2}));
    assert_eq!(f["spent"], json!({}));
}

/// D-33: with 3 or 4 players the shortage rule can never apply: the 7-token cap leaves at most
/// 4 × 7 = 28 draws open while 29 fish tokens exist (checked over every holding pattern).
#[test]
fn d33_shortage_cannot_occur_with_the_cap() {
    for players in [3u32, 4] {
        for held in 0..=(7 * players) {
            let room = 7 * players - held;
            let available = 29 - held;
            assert!(room <= available);
        }
    }
}

// ---------------------------------------------------------------- the robber

#[test]
fn d31_robber_enters_on_a_seven_or_a_knight_and_may_go_to_the_lake() {
    let mut v = roll_pos(3);
    let far = spread(3, &[]);
    for p in 0..3 {
        v["players"][p]["settlements"] = json!([far[p]]);
    }
    let mut g = load(&v);
    assert!(!g.robber_on_board());
    play(&mut g, "dice 7");
    assert_eq!(g.phase(), Phase::MoveRobber);
    let l = legal_labels(&g);
    assert_eq!(l.len(), 19, "every land hex, the lake included: {l:?}");
    assert!(l.contains(&"robber to (0,0)".to_string()));
    play(&mut g, "robber to (0,0)");
    assert!(g.robber_on_board());
    // D-35 off: the lake is never a robber hex.
    let mut v2 = v.clone();
    v2["config"]["options"]["fish_robber_on_lake"] = json!(false);
    let mut g = load(&v2);
    play(&mut g, "dice 7");
    assert!(!legal_labels(&g).contains(&"robber to (0,0)".to_string()));
    assert_eq!(legal_labels(&g).len(), 18);
    // A Knight also brings it onto the board (D-31).
    let mut v3 = base(3, json!({}));
    for p in 0..3 {
        v3["players"][p]["settlements"] = json!([far[p]]);
    }
    v3["phase"] = json!("pre_roll");
    v3["rolled"] = json!(false);
    v3["players"][0]["development_cards"] = json!({"knight": 1});
    let mut g = load(&v3);
    play(&mut g, "play knight");
    assert_eq!(g.phase(), Phase::MoveRobber);
    assert_eq!(legal_labels(&g).len(), 19);
}

/// D-03: with the Friendly Robber and every hex protected, the robber goes beside the board
/// (cfg: or to the lake).
#[test]
fn d03_friendly_robber_fallback_is_beside_the_board() {
    let mut v = base(4, json!({"friendly_robber": true}));
    let far = spread(4, &[]);
    for p in 0..4 {
        v["players"][p]["settlements"] = json!([far[p]]);
    }
    v["robber"] = json!([0, -2]);
    v["phase"] = json!("move_robber");
    // Every player has 1 VP: all protected, but only hexes touching buildings are forbidden.
    let g = load(&v);
    assert!(legal_labels(&g).len() > 1);
    // Cover the island: every hex touches a protected player's building.
    let geo = Geometry::base();
    let mut chosen: Vec<usize> = Vec::new();
    let mut blocked = 0u64;
    let mut covered = 0u32;
    // Greedy: vertices touching the most uncovered hexes, distance rule kept.
    loop {
        let best = (0..geo.vertices.len())
            .filter(|&x| blocked & (1u64 << x) == 0)
            .max_by_key(|&x| {
                geo.vertex_hexes[x]
                    .iter()
                    .filter(|&&h| h != u8::MAX && covered & (1 << h) == 0)
                    .count()
            })
            .unwrap();
        chosen.push(best);
        blocked |= (1u64 << best) | geo.vertex_nbrs[best];
        for &h in &geo.vertex_hexes[best] {
            if h != u8::MAX {
                covered |= 1 << h;
            }
        }
        if covered == (1 << 19) - 1 {
            break;
        }
    }
    // Spread them over the 4 players with at most 2 VP each (settlements: at most 2 each).
    assert!(chosen.len() <= 8, "{}", chosen.len());
    for p in 0..4 {
        let mine: Vec<Value> = chosen
            .iter()
            .skip(2 * p)
            .take(2)
            .map(|&x| vtx(&geo.vertex_name(x)))
            .collect();
        v["players"][p]["settlements"] = json!(mine);
    }
    let g = load(&v);
    assert_eq!(legal_labels(&g), ["robber beside the board"]);
    let mut g2 = g.clone();
    play(&mut g2, "robber beside the board");
    assert!(!g2.robber_on_board());
    assert_eq!(g2.phase(), Phase::Main);
    v["config"]["options"]["fish_robber_fallback"] = json!("lake");
    let g = load(&v);
    assert_eq!(legal_labels(&g), ["robber to (0,0)"]);
}

/// §B2.3: Robber Flees puts the robber beside the board.
#[test]
fn event_robber_flees_goes_beside_the_board() {
    let mut v = base(3, json!({"event_cards": true}));
    let far = spread(3, &[]);
    for p in 0..3 {
        v["players"][p]["settlements"] = json!([far[p]]);
    }
    v["phase"] = json!("roll");
    v["rolled"] = json!(false);
    v["robber"] = json!([1, 0]);
    let mut g = load(&v);
    play(&mut g, "event robber_flees_4");
    assert!(!g.robber_on_board());
    assert_eq!(g.observation(0)["robber"], Value::Null);
}

// ---------------------------------------------------------------- fish actions

fn main_with_fish(players: usize, held: Value) -> Value {
    let mut v = base(players, json!({"player_trades": "off"}));
    let far = spread(players, &[]);
    for p in 0..players {
        v["players"][p]["settlements"] = json!([far[p]]);
        v["players"][p]["roads"] = json!([]);
    }
    let mut ps = vec![json!({}); players];
    ps[0] = held;
    v["fishermen"] = json!({"players": ps});
    v
}

/// EX-10: two 3-fish tokens cannot be split between "robber off (2)" and "resource (4)"; one
/// token per 2- or 3-fish action, or both together for one action costing at most 6.
#[test]
fn ex_10_tokens_cannot_be_split() {
    let mut v = main_with_fish(3, json!({"three": 2}));
    v["robber"] = json!([1, 0]);
    v["players"][1]["resources"] = json!({"ore": 1});
    v["players"][0]["roads"] = json!([]);
    let mut g = load(&v);
    let l = fish_labels(&g);
    assert!(l.contains(&"fish remove_robber pay 3".to_string()));
    assert!(
        !l.contains(&"fish remove_robber pay 3+3".to_string()),
        "overpay is not minimal"
    );
    assert!(l.contains(&"fish steal pay 3".to_string()));
    assert!(l.contains(&"fish resource pay 3+3".to_string()));
    assert!(!l.contains(&"fish resource pay 3".to_string()));
    assert!(
        !l.iter().any(|x| x.starts_with("fish development_card")),
        "6 < 7"
    );
    // Robber off with one token: the other is kept, the excess fish is lost.
    play(&mut g, "fish remove_robber pay 3");
    assert!(!g.robber_on_board());
    assert_eq!(fish(&g)["players"][0], json!({"three": 1}));
    assert_eq!(fish(&g)["spent"], json!({"three": 1}));
    // One 3-token left: the 4-fish resource is out of reach.
    assert!(!fish_labels(&g)
        .iter()
        .any(|x| x.starts_with("fish resource")));
    // Both together for the resource (≤ 6).
    let mut g = load(&v);
    play(&mut g, "fish resource pay 3+3");
    assert_eq!(g.phase(), Phase::FishTake);
    play(&mut g, "take grain");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.hand(0)[3], 1);
    assert_eq!(fish(&g)["players"][0], json!({}));
    // D-37 off: overpaying is allowed.
    v["config"]["options"]["fish_minimal_only"] = json!(false);
    let g = load(&v);
    assert!(fish_labels(&g).contains(&"fish remove_robber pay 3+3".to_string()));
}

#[test]
fn fish_steal_takes_a_random_card_from_a_chosen_player() {
    let mut v = main_with_fish(3, json!({"one": 1, "two": 1}));
    v["players"][1]["resources"] = json!({"ore": 2});
    v["players"][2]["resources"] = json!({"wool": 1});
    let mut g = load(&v);
    play(&mut g, "fish steal pay 1+2");
    assert_eq!(g.phase(), Phase::ChooseVictim);
    assert_eq!(
        legal_labels(&g),
        ["steal from player 1", "steal from player 2"]
    );
    let again = load(&g.to_json_value());
    assert_eq!(again.to_json_value(), g.to_json_value());
    play(&mut g, "steal from player 2");
    assert_eq!(g.phase(), Phase::Steal);
    play(&mut g, "stolen wool");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(g.hand(0)[2], 1);
    assert_eq!(fish(&g)["stealing"], Value::Null);
    // Players without cards cannot be named; with nobody holding cards the action is illegal.
    let mut v2 = main_with_fish(3, json!({"three": 1}));
    v2["players"][1]["resources"] = json!({"ore": 2});
    let mut g = load(&v2);
    play(&mut g, "fish steal pay 3");
    assert_eq!(g.phase(), Phase::Steal, "single victim chosen at once");
    let g = load(&main_with_fish(3, json!({"three": 1})));
    assert!(!fish_labels(&g).iter().any(|x| x.contains("steal")));
}

#[test]
fn fish_road_and_development_card() {
    let mut v = main_with_fish(3, json!({"two": 2, "three": 2}));
    let s = v["players"][0]["settlements"][0].clone();
    let _ = s;
    let mut g = load(&v);
    let l = fish_labels(&g);
    assert!(l.contains(&"fish road pay 2+3".to_string()));
    assert!(l.contains(&"fish development_card pay 2+2+3".to_string()));
    assert!(l.contains(&"fish development_card pay 2+3+3".to_string()));
    assert!(!l.contains(&"fish development_card pay 2+2+3+3".to_string()));
    play(&mut g, "fish road pay 2+3");
    assert_eq!(g.phase(), Phase::FishRoad);
    let road = legal_labels(&g)[0].clone();
    play(&mut g, &road);
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(
        g.to_json_value()["players"][0]["roads"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert_eq!(g.hand(0), [0; 5], "the road was free");
    // 7 fish: a free development card (a chance draw, counted as bought this turn).
    v["fishermen"]["players"][0] = json!({"one": 1, "three": 2});
    let mut g = load(&v);
    play(&mut g, "fish development_card pay 1+3+3");
    assert_eq!(g.phase(), Phase::DrawDevelopment);
    play(&mut g, "draw monopoly");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(
        g.to_json_value()["players"][0]["bought_this_turn"],
        json!({"monopoly": 1})
    );
    assert_eq!(fish(&g)["spent"], json!({"one": 1, "three": 2}));
}

#[test]
fn fish_actions_only_after_the_roll_and_robber_off_only_when_on_the_board() {
    let mut v = main_with_fish(3, json!({"two": 1}));
    let g = load(&v);
    assert!(
        fish_labels(&g).is_empty(),
        "robber already beside the board"
    );
    v["robber"] = json!([1, 0]);
    let g = load(&v);
    assert_eq!(fish_labels(&g), ["fish remove_robber pay 2"]);
    v["phase"] = json!("pre_roll");
    v["rolled"] = json!(false);
    v["players"][0]["development_cards"] = json!({"knight": 1});
    let g = load(&v);
    assert!(fish_labels(&g).is_empty());
}

// ---------------------------------------------------------------- the old boot and victory

fn vp_position(players: usize, vps: &[(usize, usize, u8)], opts: Value) -> Value {
    // vps: per player (cities, settlements, VP cards).
    let mut v = base(players, opts);
    let total: usize = vps.iter().map(|x| x.0 + x.1).sum();
    let verts = spread(total, &[]);
    let mut it = verts.into_iter();
    for (p, &(c, s, k)) in vps.iter().enumerate() {
        v["players"][p]["cities"] = json!(it.by_ref().take(c).collect::<Vec<_>>());
        v["players"][p]["settlements"] = json!(it.by_ref().take(s).collect::<Vec<_>>());
        v["players"][p]["development_cards"] = json!({"victory_point": k});
    }
    v
}

/// EX-11: A holds the boot and has 10 VP on his turn: no win (needs 11); B with 10 wins on his.
#[test]
fn ex_11_boot_holder_needs_eleven() {
    let mut v = vp_position(3, &[(3, 2, 2), (3, 1, 3), (0, 1, 0)], json!({}));
    v["fishermen"] = json!({"players": [{"boot": 1}, {}, {}]});
    let mut g = load(&v);
    assert_eq!(g.vp(0), 10);
    assert_eq!(g.victory_target(0), 11);
    assert_eq!(g.victory_target(1), 10);
    assert_eq!(g.phase(), Phase::Main, "A has not won");
    play(&mut g, "end turn");
    assert_eq!(g.winners(), vec![1]);
    // Without the boot A would have won already: such a position is refused.
    v["fishermen"] = json!({"players": [{}, {"boot": 1}, {}]});
    assert!(load_state::<Catan>(&v).is_err());
}

/// EX-12: with the Harbormaster the boot's holder needs 12, the others 11.
#[test]
fn ex_12_boot_with_harbormaster_needs_twelve() {
    let mut v = base(3, json!({"harbormaster": true}));
    v["fishermen"] = json!({"players": [{"boot": 1}, {}, {}]});
    let g = load(&v);
    assert_eq!(g.victory_target(0), 12);
    assert_eq!(g.victory_target(1), 11);
    assert_eq!(g.observation(1)["players"][0]["victory_target"], json!(12));
}

/// §B5.5, D-36, D-38: after the roll the boot may go to a player with at least as many public
/// VP; a tied leader may give it to a co-leader (cfg: must keep it).
#[test]
fn boot_passes_to_players_with_at_least_as_many_public_vp() {
    // Public VP: A 3, B 3, C 1. VP cards do not count (G-1).
    let mut v = vp_position(3, &[(1, 1, 0), (1, 1, 0), (0, 1, 4)], json!({}));
    v["fishermen"] = json!({"players": [{"boot": 1}, {}, {}]});
    let mut g = load(&v);
    let boots: Vec<String> = legal_labels(&g)
        .into_iter()
        .filter(|l| l.contains("boot"))
        .collect();
    assert_eq!(boots, ["give boot to player 1"]);
    play(&mut g, "give boot to player 1");
    assert_eq!(fish(&g)["players"][1], json!({"boot": 1}));
    assert_eq!(g.observation(2)["players"][1]["holds_boot"], json!(true));
    // D-38 off: a tied leader must keep it.
    v["config"]["options"]["boot_tied_leader_may_give"] = json!(false);
    let g = load(&v);
    assert!(!legal_labels(&g).iter().any(|l| l.contains("boot")));
    // Not before the roll.
    let mut v2 = vp_position(3, &[(1, 1, 0), (1, 1, 0), (0, 1, 0)], json!({}));
    v2["fishermen"] = json!({"players": [{"boot": 1}, {}, {}]});
    v2["phase"] = json!("roll");
    v2["rolled"] = json!(false);
    let g = load(&v2);
    assert!(!legal_labels(&g).iter().any(|l| l.contains("boot")));
    // The boot drawn from the supply is revealed at once.
    let mut v3 = roll_pos(3);
    let far = spread(2, &[G4_A]);
    v3["players"][0]["settlements"] = json!([vtx(G4_A)]);
    v3["players"][1]["settlements"] = json!([far[0]]);
    v3["players"][2]["settlements"] = json!([far[1]]);
    let mut g = load(&v3);
    play(&mut g, "dice 4");
    play(&mut g, "fish draw boot");
    assert_eq!(g.observation(1)["players"][0]["holds_boot"], json!(true));
    assert_eq!(g.observation(1)["players"][0]["fish_tokens"], json!(0));
    assert_eq!(
        g.observation(1)["fishermen"]["boot_in_supply"],
        json!(false)
    );
}

// ---------------------------------------------------------------- hidden fish

#[test]
fn determinize_resamples_opponents_fish_values_and_keeps_counts() {
    let mut v = main_with_fish(3, json!({"one": 2}));
    v["fishermen"]["players"][1] = json!({"three": 4});
    v["fishermen"]["players"][2] = json!({"two": 3, "boot": 1});
    let g = load(&v);
    let mut changed = false;
    for seed in 0..20 {
        let d = g.determinize(0, seed);
        let f = fish(&d);
        let count = |t: &Value| -> u64 {
            ["one", "two", "three"]
                .iter()
                .map(|k| t[k].as_u64().unwrap_or(0))
                .sum()
        };
        assert_eq!(f["players"][0], json!({"one": 2}));
        assert_eq!(count(&f["players"][1]), 4);
        assert_eq!(count(&f["players"][2]), 3);
        assert_eq!(f["players"][2]["boot"], json!(1));
        assert_eq!(count(&f["supply"]), 29 - 9);
        assert_eq!(d.observation(0), g.observation(0));
        changed |= f["players"][1] != json!({"three": 4});
    }
    assert!(changed);
}

// ---------------------------------------------------------------- options, maps, positions

// ---------------------------------------------------------------- §B5.6 with Catan for Two

/// A 2-player (Catan for Two) fishermen position: player 0 in the main phase after both rolls.
fn two_base(opts: Value) -> Value {
    let mut v = base(2, opts);
    both_rolls_made(&mut v);
    v
}

#[test]
fn b56_two_players_start_with_five_fish_and_no_setup_fish() {
    let c = config(2, json!({}));
    let mut g = Catan::new(&c, 4).unwrap();
    let f = fish(&g);
    for p in 0..2 {
        assert_eq!(f["players"][p], json!({"one": 2, "two": 2, "three": 1}));
    }
    assert_eq!(
        f["supply"],
        json!({"one": 7, "two": 6, "three": 6, "boot": 1})
    );
    // Set-up: no fish for a second settlement on a fishing ground (D-32 with §B5.6).
    let mut placed_ground = false;
    while matches!(g.phase(), Phase::SetupSettlement | Phase::SetupRoad) {
        let l = legal_labels(&g);
        let want = format!("settlement {G4_A}");
        let pick = if g.phase() == Phase::SetupSettlement && l.contains(&want) {
            placed_ground = true;
            want
        } else if g.phase() == Phase::SetupSettlement {
            l.last().unwrap().clone()
        } else {
            l[0].clone()
        };
        play(&mut g, &pick);
        assert_ne!(g.phase(), Phase::FishDraw);
    }
    assert!(placed_ground);
    // Trade tokens are not used (§B5.6).
    assert!(!g.tokens_used());
}

#[test]
fn b56_player_with_fewer_vp_pays_one_fish_less() {
    let mut v = two_base(json!({}));
    let far = spread(3, &["N(0,-1)", "S(0,1)"]);
    v["players"][0]["settlements"] = json!([far[0]]);
    v["players"][1]["settlements"] = json!([far[1], far[2]]);
    v["robber"] = json!([1, 0]);
    v["fishermen"] = json!({"players": [{"one": 1, "three": 2}, {"one": 1, "three": 2}]});
    let g = load(&v);
    let l = fish_labels(&g);
    // Player 0 (1 VP < 2 VP): robber off for 1 fish, resource for 3, development card for 6.
    assert!(l.contains(&"fish remove_robber pay 1".to_string()), "{l:?}");
    assert!(l.contains(&"fish resource pay 3".to_string()));
    assert!(l.contains(&"fish development_card pay 3+3".to_string()));
    // Player 1 (more VP) pays full price.
    v["current_player"] = json!(1);
    v["start_player"] = json!(1);
    let g = load(&v);
    let l = fish_labels(&g);
    assert!(!l.contains(&"fish remove_robber pay 1".to_string()));
    assert!(l.contains(&"fish remove_robber pay 3".to_string()));
    assert!(!l.contains(&"fish development_card pay 3+3".to_string()));
    assert!(l.contains(&"fish development_card pay 1+3+3".to_string()));
}

#[test]
fn b56_catch_after_the_first_roll_then_the_second_roll() {
    let mut v = two_base(json!({}));
    before_first_roll(&mut v);
    let far = spread(1, &[G4_A, "N(0,-1)", "S(0,1)"]);
    v["players"][0]["settlements"] = json!([vtx(G4_A)]);
    v["players"][1]["settlements"] = json!([far[0]]);
    v["fishermen"] = json!({"players": [{}, {}]});
    let mut g = load(&v);
    play(&mut g, "dice 4");
    assert_eq!(g.phase(), Phase::FishDraw);
    assert_eq!(load(&g.to_json_value()).to_json_value(), g.to_json_value());
    play(&mut g, "fish draw 2");
    assert_eq!(g.phase(), Phase::Roll, "the second roll follows the catch");
    assert!(!legal_labels(&g).contains(&"dice 4".to_string()));
    play(&mut g, "dice 9");
    assert_eq!(g.phase(), Phase::Main);
    assert_eq!(fish(&g)["players"][0], json!({"two": 1}));
}

#[test]
fn b56_fish_road_brings_a_neutral_road() {
    let mut v = two_base(json!({}));
    let far = spread(2, &["N(0,-1)", "S(0,1)"]);
    v["players"][0]["settlements"] = json!([far[0]]);
    v["players"][1]["settlements"] = json!([far[1]]);
    v["fishermen"] = json!({"players": [{"two": 1, "three": 1}, {}]});
    let mut g = load(&v);
    play(&mut g, "fish road pay 2+3");
    let road = legal_labels(&g)[0].clone();
    play(&mut g, &road);
    assert_eq!(g.phase(), Phase::NeutralBuild);
}

fn printed_map() -> Value {
    let data: Value = serde_json::from_str(include_str!("../data/catan_maps.json")).unwrap();
    data["maps"]["fishermen"].clone()
}

#[test]
fn user_map_with_lake_and_fishing_grounds() {
    let mut map = printed_map();
    map["fishing_grounds"] = json!([
        {"sea_hex": [1, -3], "number": 10}, {"sea_hex": [3, -1], "number": 9},
        {"sea_hex": [2, 1], "number": 8}, {"sea_hex": [-2, 3], "number": 6},
        {"sea_hex": [-3, 2], "number": 5}, {"sea_hex": [-1, -2], "number": 4},
    ]);
    let c = config(3, json!({"map": map.clone()}));
    let g = Catan::new(&c, 1).unwrap();
    assert_eq!(
        g.observation(0)["fishermen"]["fishing_grounds"][0]["number"],
        json!(10)
    );
    // A corner sea hex touches only 2 land vertices.
    let mut bad = map.clone();
    bad["fishing_grounds"][0]["sea_hex"] = json!([0, -3]);
    assert!(Catan::new(&config(3, json!({"map": bad})), 1).is_err());
    // Numbers 4, 5, 6, 8, 9, 10 once each.
    let mut bad = map.clone();
    bad["fishing_grounds"][0]["number"] = json!(9);
    assert!(Catan::new(&config(3, json!({"map": bad})), 1).is_err());
    // The lake may not be on the coast.
    let mut bad = map.clone();
    let hexes = bad["hexes"].as_array_mut().unwrap();
    let li = hexes.iter().position(|h| h["terrain"] == "lake").unwrap();
    let ci = hexes
        .iter()
        .position(|h| h["q"] == 0 && h["r"] == -2)
        .unwrap();
    hexes[li]["terrain"] = json!("mountains");
    hexes[li]["token"] = json!(10);
    hexes[ci]["terrain"] = json!("lake");
    hexes[ci]["token"] = Value::Null;
    assert!(Catan::new(&config(3, json!({"map": bad})), 1).is_err());
    // A lake in the base game is refused; so is a desert in the fishermen scenario.
    let mut m = Map::new();
    m.insert("map".into(), map.clone());
    let base_c = Config::new(&Catan::info(), 3, &m).unwrap();
    assert!(Catan::new(&base_c, 1).is_err());
    let mut bad = map.clone();
    bad["hexes"].as_array_mut().unwrap()[li]["terrain"] = json!("desert");
    assert!(Catan::new(&config(3, json!({"map": bad})), 1).is_err());
    // Without fishing_grounds the printed positions and numbers are used.
    let mut plain = map.clone();
    plain.as_object_mut().unwrap().remove("fishing_grounds");
    assert!(Catan::new(&config(3, json!({"map": plain})), 1).is_ok());
}

#[test]
fn fish_state_is_checked_on_load() {
    let v = main_with_fish(3, json!({"one": 8}));
    assert!(load_state::<Catan>(&v).is_err(), "more than 7 tokens");
    let mut v = main_with_fish(3, json!({"one": 2}));
    v["fishermen"]["supply"] = json!({"one": 11, "two": 10, "three": 8, "boot": 1});
    assert!(load_state::<Catan>(&v).is_err(), "token totals");
    let mut v = main_with_fish(3, json!({}));
    v["fishermen"]["spent"] = json!({"boot": 1});
    assert!(load_state::<Catan>(&v).is_err(), "the boot is never spent");
    let mut v = main_with_fish(3, json!({}));
    v["phase"] = json!("fish_draw");
    assert!(load_state::<Catan>(&v).is_err(), "no draw owed");
    // Fishermen state in a base game, and a robber beside the board there.
    let mut b = main_with_fish(3, json!({}));
    b["config"]["options"]["scenario"] = json!("none");
    assert!(load_state::<Catan>(&b).is_err());
    // Round trip of a position with tokens everywhere.
    let mut v = main_with_fish(3, json!({"one": 2, "three": 1}));
    v["fishermen"]["spent"] = json!({"two": 2});
    v["fishermen"]["players"][2] = json!({"boot": 1, "two": 1});
    let g = load(&v);
    assert_eq!(load(&g.to_json_value()).to_json_value(), g.to_json_value());
    assert_eq!(fish(&g)["supply"], json!({"one": 9, "two": 7, "three": 7}));
}

// ---------------------------------------------------------------- conformance

fn kit(configs: &[Config], playouts: usize) {
    assert_conforms::<Catan>(
        configs,
        &KitOptions {
            playouts,
            deep_every: 61,
            deep_playouts: 0,
            seed: 0xF15E,
        },
    );
}

fn random_config(players: usize, opts: Value) -> Config {
    let mut c = config(players, opts);
    c.options.insert("board".into(), json!("random"));
    c
}

#[test]
fn conforms_fishermen_alone_and_with_every_variant() {
    let mut c = Vec::new();
    for n in [3, 4] {
        c.push(random_config(n, json!({"trade_offers_per_turn": 1})));
        c.push(random_config(
            n,
            json!({"friendly_robber": true, "harbormaster": true, "event_cards": true,
                   "player_trades": "off"}),
        ));
    }
    c.push(config(
        4,
        json!({"fish_minimal_only": false, "fish_robber_on_lake": false,
               "boot_tied_leader_may_give": false, "friendly_robber": true,
               "fish_robber_fallback": "lake", "player_trades": "off"}),
    ));
    c.push(random_config(
        3,
        json!({"event_cards": true, "player_trades": "off"}),
    ));
    // §B5.6: Catan for Two (2 players), alone and with B1 + B2 + B3.
    c.push(random_config(2, json!({})));
    c.push(random_config(
        2,
        json!({"friendly_robber": true, "harbormaster": true, "event_cards": true}),
    ));
    kit(&c, 1);
}

/// Every step deep-checked from hand-built positions rich in fish (tokens held, boot, robber on
/// the lake, a catch under way).
#[test]
fn conforms_from_fish_positions() {
    let mut v = main_with_fish(4, json!({"one": 3, "two": 2, "three": 1}));
    v["fishermen"]["players"][1] = json!({"three": 4, "boot": 1});
    v["robber"] = json!([0, 0]);
    let far = spread(4, &[G4_A, G4_B]);
    for p in 0..4 {
        v["players"][p]["settlements"] = json!([far[p]]);
        v["players"][p]["resources"] =
            json!({"lumber": 2, "brick": 2, "wool": 1, "grain": 2, "ore": 2});
    }
    v["players"][0]["settlements"] = json!([far[0], vtx(G4_A)]);
    v["config"]["options"]["turn_limit"] = json!(60);
    let g = load(&v);
    let stats = check_positions(
        &[g],
        &KitOptions {
            playouts: 2,
            deep_every: 1,
            deep_playouts: 1,
            seed: 7,
        },
    )
    .unwrap();
    assert!(stats.games >= 2);
}
