//! Hand-written and edited positions (issues 22 and 25): what `from_json` refuses, naming the
//! field, and what an edited export recomputes. Each test is named after the rule it checks.

mod common;

use common::*;
use meeple_castles_of_burgundy::data::{board, Colour, Tile, CASTLE, CELLS, MINE, SHIP};
use meeple_castles_of_burgundy::{CastlesOfBurgundy, Step};
use meeple_core::playout::{random_step, Buffers};
use meeple_core::{Game, GameRng};
use serde_json::{json, Value};

fn load(v: &Value) -> Result<G, String> {
    CastlesOfBurgundy::from_json_value(v).map_err(|e| e.to_string())
}

fn refused(v: &Value, needle: &str) {
    match load(v) {
        Ok(_) => panic!("accepted a position that should be refused ({needle})"),
        Err(e) => assert!(e.contains(needle), "message {e:?} does not name {needle:?}"),
    }
}

fn export(g: &G) -> Value {
    g.to_json_value()
}

/// A tile of each estate colour, with knowledge tiles 2.. (never tile 1) for knowledge spaces.
fn tile_of(colour: Colour, i: usize) -> Tile {
    match colour {
        Colour::Castle => Tile(CASTLE),
        Colour::Mine => Tile(MINE),
        Colour::Ship => Tile(SHIP),
        Colour::Building => Tile::building((i % 8) as u8),
        Colour::Pasture => Tile::animal((i % 4) as u8, 2),
        Colour::Knowledge => Tile::knowledge(2 + (i % 20) as u8),
    }
}

/// Fill the empty spaces of a path from player `p`'s start castle to `cell` (not `cell` itself),
/// keeping the counts right.
fn connect(g: &mut G, p: usize, cell: usize) {
    let b = board(g.players[p].board);
    let castle = (0..CELLS)
        .find(|&c| g.players[p].estate[c] == Some(Tile(CASTLE)))
        .expect("a start castle");
    let mut prev = [usize::MAX; CELLS];
    let mut queue = vec![castle];
    let mut seen = 1u64 << castle;
    let mut i = 0;
    while i < queue.len() {
        let c = queue[i];
        i += 1;
        let mut m = b.nbr[c] & !seen;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            seen |= 1 << d;
            prev[d] = c;
            queue.push(d);
        }
    }
    let mut c = prev[cell];
    let mut k = 0;
    while c != usize::MAX {
        if g.players[p].estate[c].is_none() {
            put_estate(g, p, c + 1, tile_of(b.colour[c], k));
            k += 1;
        }
        c = prev[c];
    }
}

#[test]
fn unknown_fields_are_refused() {
    let g = start(2);
    let mut v = export(&g);
    v["favourite_colour"] = json!("green");
    refused(&v, "favourite_colour");
    let mut v = export(&g);
    v["players"][1]["nickname"] = json!("x");
    refused(&v, "nickname");
    let mut v = export(&g);
    v["step"]["idx"] = json!(0);
    refused(&v, "step: unknown field `idx`");
    let mut v = export(&g);
    v["pending"]["tile"] = json!("bank");
    refused(&v, "pending: unknown field `tile`");
    let g = G::new(&config(2, json!({"experienced_variant": true})), 3).unwrap();
    let mut v = export(&g);
    v["step"]["next"] = json!(0);
    refused(&v, "next");
}

#[test]
fn every_tile_is_connected_to_the_start_castle() {
    let mut g = start(2);
    let b = board(g.players[0].board);
    let occ = g.players[0].estate.occ();
    let near = (0..CELLS).fold(occ, |m, c| if occ >> c & 1 == 1 { m | b.nbr[c] } else { m });
    let far = (0..CELLS)
        .find(|&c| near >> c & 1 == 0)
        .expect("a far space");
    put_estate(&mut g, 0, far + 1, tile_of(b.colour[far], 0));
    refused(&export(&g), "players[0].estate");
    refused(&export(&g), "not connected to the start castle");
    connect(&mut g, 0, far);
    load(&export(&g)).expect("a connected estate loads");
}

#[test]
fn a_city_holds_each_building_kind_once_without_knowledge_tile_1() {
    let mut g = start(2);
    let b = board(g.players[0].board);
    let city = b
        .region_cells
        .iter()
        .copied()
        .find(|&m| m.count_ones() >= 2 && b.colour[m.trailing_zeros() as usize] == Colour::Building)
        .expect("a city of two spaces");
    let a = city.trailing_zeros() as usize;
    let second = (0..CELLS)
        .find(|&c| c != a && city >> c & 1 == 1 && b.nbr[a] >> c & 1 == 1)
        .expect("a neighbour in the city");
    connect(&mut g, 0, a);
    put_estate(&mut g, 0, a + 1, Tile::building(0));
    put_estate(&mut g, 0, second + 1, Tile::building(0));
    refused(&export(&g), "two warehouse in one city");
    // Knowledge tile 1 lifts the rule.
    let k = (0..CELLS)
        .find(|&c| b.colour[c] == Colour::Knowledge && g.players[0].estate[c].is_none())
        .expect("a knowledge space");
    connect(&mut g, 0, k);
    put_estate(&mut g, 0, k + 1, Tile::knowledge(1));
    load(&export(&g)).expect("two warehouses in a city with knowledge tile 1");
}

#[test]
fn depots_hold_only_what_the_player_count_deals() {
    let g = start(2);
    // Space 3 of a depot is not used with 2 players.
    let mut h = g.clone();
    let t = h.depots[0][0].expect("a dealt tile");
    h.depots[0][0] = None;
    h.depots[0][2] = Some(t);
    refused(&export(&h), "depots[0][2]");
    // The black depot has 2n spaces.
    let mut h = g.clone();
    let t = h
        .black_depot
        .iter()
        .flatten()
        .next()
        .copied()
        .expect("a black tile");
    let i = h.black_depot.iter().position(|&x| x == Some(t)).unwrap();
    h.black_depot[i] = None;
    h.black_depot[5] = Some(t);
    refused(&export(&h), "black_depot[5]");
}

#[test]
fn two_markers_never_share_a_track_space_at_one_height() {
    let mut g = start(3);
    g.players[2].track_position = g.players[0].track_position;
    g.players[2].track_height = g.players[0].track_height;
    refused(&export(&g), "track_height");
}

#[test]
fn victory_points_are_never_negative() {
    let mut g = start(2);
    g.players[1].vp = -3;
    refused(&export(&g), "players[1].vp");
}

#[test]
fn round_goods_agree_with_the_round() {
    let g = start(2);
    assert_eq!(g.round, 1);
    let mut v = export(&g);
    v["round"] = json!(3);
    refused(&v, "round_goods");
    let mut v = export(&g);
    let goods = v["round_goods"].clone();
    v["round_goods"][0] = goods[1].clone();
    v["round_goods"][1] = goods[0].clone();
    refused(&v, "round_goods[0]");
}

#[test]
fn dealt_boards_are_the_two_sides_of_one_physical_board() {
    let g = G::new(&config(2, json!({"experienced_variant": true})), 3).unwrap();
    assert!(matches!(g.step, Step::ChooseBoard { idx: 0 }));
    let mut v = export(&g);
    v["players"][0]["board_sides"] = json!([2, 2]);
    v["players"][1]["board_sides"] = json!([2, 2]);
    refused(&v, "board_sides");
    let mut v = export(&g);
    let later = g.order[1] as usize;
    v["players"][later]
        .as_object_mut()
        .unwrap()
        .remove("board_sides");
    refused(&v, &format!("players[{later}].board_sides"));
    let mut v = export(&g);
    let sides = v["players"][0]["board_sides"].clone();
    v["players"][1]["board_sides"] = sides;
    refused(&v, "dealt to two players");
}

#[test]
fn an_export_leaves_out_the_derived_piles() {
    let g = start(2);
    let v = export(&g);
    assert!(v.get("pile").is_none() && v.get("goods_bag").is_none());
    let back = load(&v).expect("reload");
    assert_eq!(back, g);
    // The observation still shows them.
    let o = g.observation(0);
    assert!(o.get("pile").is_some() && o.get("goods_bag").is_some());
}

#[test]
fn an_edited_export_recomputes_the_piles_and_goods_bag() {
    let g = start(2);
    let mut v = export(&g);
    // Move a depot tile into storage and hand the player two more goods of a new type.
    let tile = v["depots"][0][0].clone();
    assert!(!tile.is_null());
    v["depots"][0][0] = Value::Null;
    v["players"][0]["storage"][0] = tile;
    let t = (0..6)
        .find(|&t| g.players[0].goods[t] == 0 && g.goods_bag[t] >= 2)
        .unwrap();
    v["players"][0]["goods"][t] = json!(2);
    let h = load(&v).expect("an edited export loads");
    assert_eq!(h.pile, g.pile);
    assert_eq!(h.goods_bag[t], g.goods_bag[t] - 2);
    // A tile taken out of the game entirely returns to its pile.
    let mut v = export(&g);
    let name = v["depots"][1][0].as_str().unwrap().to_string();
    v["depots"][1][0] = Value::Null;
    let h = load(&v).expect("a removed tile loads");
    let k = Tile::parse(&name).unwrap().0 as usize;
    assert_eq!(h.pile[k], g.pile[k] + 1);
}

#[test]
fn piles_and_goods_bag_may_be_written_or_left_out() {
    let g = start(3);
    // The old form, with every stack written, loads unchanged.
    let mut v = export(&g);
    let o = g.observation(0);
    v["pile"] = o["pile"].clone();
    v["goods_bag"] = o["goods_bag"].clone();
    assert_eq!(load(&v).expect("full form"), g);
    // Without the black pile: the black depot's tiles come from it, the rest from the normal pile.
    let mut v = export(&g);
    v.as_object_mut().unwrap().remove("black_pile");
    assert_eq!(load(&v).expect("no black pile"), g);
    // A count that cannot be is named.
    let mut v = export(&g);
    v["pile"] = json!({"castle": 14});
    refused(&v, "appears");
}

#[test]
fn first_player_is_an_option() {
    for fp in 0..3 {
        let g = G::new(&config(3, json!({"first_player": fp})), 9).unwrap();
        assert_eq!(g.order[0] as usize, fp as usize);
        assert_eq!(g.players[fp as usize].workers, 1);
    }
    assert!(G::new(&config(2, json!({"first_player": 2})), 9).is_err());
}

/// Every position the engine reaches reloads from its export, and an illegal action on it leaves
/// it unchanged (the reloaded states are the ones the fuzz test starts from).
#[test]
fn every_reached_position_reloads() {
    let mut buf = Buffers::default();
    for (players, opts) in [
        (2, json!({})),
        (
            3,
            json!({"experienced_variant": true, "secret_board_choice": true}),
        ),
        (4, json!({"overflow_may_discard_stored": true})),
    ] {
        let mut g = G::new(&config(players, opts), 5).unwrap();
        let mut rng = GameRng::new(1);
        loop {
            let back = load(&export(&g)).unwrap_or_else(|e| panic!("{e}\n{}", g.render()));
            assert_eq!(back, g);
            if !random_step(&mut g, &mut rng, &mut buf) {
                break;
            }
        }
    }
}
