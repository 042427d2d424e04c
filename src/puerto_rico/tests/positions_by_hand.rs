//! Positions written or edited by hand (issue 22 items 5, 6, 8; issue 25 item 9): the derived
//! fields (the supplies) may be left out and are recomputed, an edited export loads, impossible
//! bookkeeping is refused naming the field, and the first governor can be chosen.

mod common;
use common::*;
use meeple_core::dynamic::load_state;
use meeple_core::{Game, Turn};
use meeple_puerto_rico::data::*;
use meeple_puerto_rico::*;
use serde_json::{json, Value};

fn load(v: &Value) -> Result<PuertoRico, String> {
    load_state::<PuertoRico>(v).map_err(|e| e.to_string())
}

/// A position some way into a random game (every supply has moved).
fn mid_game(players: usize, opts: Value, steps: usize) -> PuertoRico {
    let mut g = game_with(players, opts);
    let mut rng = meeple_core::GameRng::new(11);
    for _ in 0..steps {
        if g.turn() == Turn::Terminal {
            break;
        }
        let l = legal(&g);
        g.apply(l[rng.index(l.len())]).unwrap();
    }
    g
}

const DERIVED: [&str; 6] = [
    "goods_supply",
    "colonist_supply",
    "vp_supply",
    "quarries",
    "deck",
    "building_supply",
];

#[test]
fn derived_supplies_may_be_left_out_and_are_recomputed() {
    for (players, opts) in [
        (4, json!({})),
        (2, json!({})),
        (
            3,
            json!({"new_buildings": true, "forest_source": "tiles_2004"}),
        ),
        (5, json!({"new_buildings": true, "nobles": true})),
    ] {
        let g = mid_game(players, opts, 150);
        let mut v = g.to_json_value();
        let m = v.as_object_mut().unwrap();
        for f in DERIVED.iter().chain(&["forest_supply"]) {
            m.remove(*f);
        }
        if let Some(x) = m.get_mut("nobles") {
            x.as_object_mut().unwrap().remove("supply");
        }
        assert_eq!(load(&v).unwrap(), g, "{players} players");
    }
}

#[test]
fn an_edited_export_loads_with_its_supplies_recomputed() {
    let g = mid_game(4, json!({}), 90);
    let mut v = g.to_json_value();
    // Seat 2 buys a wharf by hand: the building supply follows.
    let wharves = g.building_supply.0[Building::Wharf as usize];
    v["players"][2]["buildings"]
        .as_array_mut()
        .unwrap()
        .push(json!({"building": "wharf", "colonists": 1}));
    v["players"][2]["vp"] = json!(g.players.p[2].vp + 3);
    let h = load(&v).unwrap();
    assert_eq!(h.building_supply.0[Building::Wharf as usize], wharves - 1);
    assert_eq!(h.colonist_supply, g.colonist_supply - 1);
    assert_eq!(h.vp_supply, g.vp_supply - 3);
    // Written-down supplies that disagree are replaced, not trusted.
    let mut v = g.to_json_value();
    v["goods_supply"]["corn"] = json!(0);
    v["colonist_supply"] = json!(3);
    assert_eq!(load(&v).unwrap(), g);
    // More than the game has is refused, naming the field.
    let mut v = g.to_json_value();
    v["players"][0]["island"]["quarry"] = json!(9);
    let e = load(&v).unwrap_err();
    assert!(e.contains("quarries"), "{e}");
}

#[test]
fn a_warehouse_step_for_a_player_without_a_warehouse_is_refused() {
    let mut g = game(4);
    give_building(&mut g, 0, Building::SmallWarehouse, 1);
    give_goods(&mut g, 0, Good::Corn, 2);
    give_goods(&mut g, 0, Good::Indigo, 2);
    for (s, good) in [(0, Good::Corn), (1, Good::Indigo), (2, Good::Sugar)] {
        let cap = g.ships.s[s].capacity;
        g.goods_supply.0[good as usize] -= cap;
        g.ships.s[s].good = Some(good);
        g.ships.s[s].count = cap;
    }
    start(&mut g, 0, Role::Captain);
    assert_eq!(g.step, Step::Warehouse);
    let v = g.to_json_value();
    assert_eq!(load(&v).unwrap(), g);
    let mut bad = v.clone();
    bad["players"][0]["buildings"] = json!([]);
    let e = load(&bad).unwrap_err();
    assert!(
        e.contains("step warehouse") && e.contains("warehouse"),
        "{e}"
    );
    // Warehouse picks that do not add up to the capacity are refused too.
    let mut bad = v;
    bad["todo"] = json!(2);
    let e = load(&bad).unwrap_err();
    assert!(e.contains("warehoused"), "{e}");
}

#[test]
fn game_over_without_an_end_trigger_is_refused() {
    let mut v = game(3).to_json_value();
    v["step"] = json!("game_over");
    let e = load(&v).unwrap_err();
    assert!(e.contains("end_triggered"), "{e}");
    v["end_triggered"] = json!(true);
    let g = load(&v).unwrap();
    assert_eq!(g.turn(), Turn::Terminal);
    // `truncated` only for a game over at max_rounds.
    let mut v = game(3).to_json_value();
    v["truncated"] = json!(true);
    let e = load(&v).unwrap_err();
    assert!(e.contains("truncated"), "{e}");
}

#[test]
fn removed_colonists_in_a_game_where_nothing_removes_them_are_refused() {
    for opts in [json!({}), json!({"new_buildings": true})] {
        for field in ["removed_colonists", "removed_vp"] {
            let mut v = game_with(4, opts.clone()).to_json_value();
            v[field] = json!(1);
            let e = load(&v).unwrap_err();
            assert!(e.contains(field), "{e}");
        }
    }
    // With the black market returning pieces out of the game they load.
    let mut v = game_with(
        4,
        json!({"new_buildings": true, "black_market_returns": "out_of_game"}),
    )
    .to_json_value();
    v["removed_colonists"] = json!(1);
    v["removed_vp"] = json!(1);
    let g = load(&v).unwrap();
    assert_eq!((g.removed_colonists, g.removed_vp), (1, 1));
}

#[test]
fn a_discard_tile_moved_into_the_row_during_the_refill_is_refused() {
    // 2 players: settle until the face-up row is being refilled.
    let mut g = game(2);
    g.discard.0[Good::Coffee as usize] += 1;
    g.deck.0[Good::Coffee as usize] -= 1;
    start(&mut g, 0, Role::Settler);
    while g.step != Step::Refill {
        act(&mut g, "pass");
    }
    act_chance(&mut g);
    let v = g.to_json_value();
    assert_eq!(load(&v).unwrap(), g);
    let mut bad = v;
    bad["discard"]["coffee"] = json!(0);
    let row = g.plantation_row.0[Good::Coffee as usize];
    bad["plantation_row"]["coffee"] = json!(row + 1);
    let e = load(&bad).unwrap_err();
    assert!(e.contains("plantation_row"), "{e}");
}

fn act_chance(g: &mut PuertoRico) {
    let mut out = Vec::new();
    g.chance_outcomes(&mut out);
    g.apply(out[0].0).unwrap();
}

#[test]
fn first_governor_option_chooses_the_first_governor() {
    let drawn = PuertoRico::new(&config(3, json!({})), 9).unwrap();
    for seat in 0..3 {
        let g = PuertoRico::new(&config(3, json!({"first_governor": seat})), 9).unwrap();
        assert_eq!(g.governor as usize, seat);
        assert_eq!(g.chooser as usize, seat);
        // Starting plantations by seat from him (indigo, indigo, corn).
        assert_eq!(g.players.p[seat].island.0[Good::Indigo as usize], 1);
        assert_eq!(g.players.p[(seat + 2) % 3].island.0[Good::Corn as usize], 1);
        // The rest of the set-up is the seed's.
        assert_eq!(g.plantation_row, drawn.plantation_row);
        if seat == drawn.governor as usize {
            assert_eq!(
                g.to_json_value()["players"],
                drawn.to_json_value()["players"]
            );
        }
    }
    let e = opts_err(3, json!({"first_governor": 3}));
    assert!(e.contains("first_governor"), "{e}");
}

/// Paths of every number in `v`.
fn number_paths(v: &Value, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match v {
        Value::Number(_) => out.push(path.clone()),
        Value::Object(m) => {
            for (k, x) in m {
                path.push(k.clone());
                number_paths(x, path, out);
                path.pop();
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                path.push(i.to_string());
                number_paths(x, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

fn at_mut<'a>(v: &'a mut Value, path: &[String]) -> &'a mut Value {
    path.iter().fold(v, |v, k| match v {
        Value::Array(a) => &mut a[k.parse::<usize>().unwrap()],
        _ => &mut v[k.as_str()],
    })
}

/// Every position `from_json` accepts plays on validly (issue 25 item 9): numbers of real
/// positions nudged by one (or set to 0); each accepted one is played on at random, every
/// reached state reloading from its own export.
#[test]
fn every_accepted_position_has_only_valid_continuations() {
    let mut rng = meeple_core::GameRng::new(5);
    let mut accepted = 0;
    for (players, opts) in [
        (2, json!({})),
        (4, json!({})),
        (3, json!({"new_buildings": true})),
        (4, json!({"new_buildings": true, "nobles": true})),
    ] {
        for steps in [40, 300] {
            let g = mid_game(players, opts.clone(), steps);
            let v = g.to_json_value();
            let mut paths = Vec::new();
            number_paths(&v["players"], &mut vec!["players".into()], &mut paths);
            for f in [
                "acted",
                "todo",
                "floor",
                "picks",
                "no_load_turns",
                "colonist_ship",
            ] {
                paths.push(vec![f.to_string()]);
            }
            for path in paths.iter().step_by(3) {
                for delta in [-1i64, 1, i64::MIN] {
                    let mut m = v.clone();
                    let x = at_mut(&mut m, path);
                    let Some(old) = x.as_i64() else { continue };
                    *x = json!(if delta == i64::MIN { 0 } else { old + delta });
                    let Ok(mut h) = load(&m) else { continue };
                    accepted += 1;
                    for _ in 0..25 {
                        if h.turn() == Turn::Terminal {
                            break;
                        }
                        let l = legal(&h);
                        assert!(!l.is_empty(), "{path:?} {delta}: no legal action");
                        h.apply(l[rng.index(l.len())]).unwrap();
                        if let Err(e) = load(&h.to_json_value()) {
                            panic!("{path:?} {delta} ({players}p {opts}, step {steps}): {e}");
                        }
                    }
                }
            }
        }
    }
    assert!(accepted > 50, "{accepted}");
}
