//! Helpers that build positions for the golden and rules tests.
#![allow(dead_code)]

use meeple_castles_of_burgundy::data::{Tile, CELLS};
use meeple_castles_of_burgundy::{CastlesOfBurgundy, Pending, Phase, Step};
use meeple_core::{Action, Config, Game};
use serde_json::json;

pub type G = CastlesOfBurgundy;

pub fn config(players: usize, opts: serde_json::Value) -> Config {
    let map = opts.as_object().cloned().unwrap_or_default();
    Config::new(&G::info(), players, &map).expect("config")
}

/// A new game driven through setup and the first round's dice (always the first outcome),
/// standing at the first turn of phase A. Every depot is filled.
pub fn start(players: usize) -> G {
    start_with(players, json!({}))
}

pub fn start_with(players: usize, opts: serde_json::Value) -> G {
    let mut g = G::new(&config(players, opts), 7).expect("new");
    let mut legal = Vec::new();
    while g.step != Step::Play {
        g.legal_actions(&mut legal);
        g.apply(legal[0]).expect("setup");
    }
    g
}

/// Apply the one legal action whose label starts with `prefix`.
pub fn act_p(g: &mut G, prefix: &str) {
    g.validate().expect("position must be valid before acting");
    let l = legal(g);
    let m: Vec<_> = l
        .iter()
        .copied()
        .filter(|&a| g.action_label(a).starts_with(prefix))
        .collect();
    assert_eq!(
        m.len(),
        1,
        "'{prefix}' matches {} legal actions; legal: {:?}",
        m.len(),
        labels(g)
    );
    g.apply(m[0]).expect("apply");
}

pub fn has_p(g: &G, prefix: &str) -> bool {
    labels(g).iter().any(|l| l.starts_with(prefix))
}

/// Move every depot's goods back to the bag.
pub fn clear_depot_goods(g: &mut G) {
    for d in 0..6 {
        for t in 0..6 {
            g.goods_bag[t] += g.depot_goods[d][t];
            g.depot_goods[d][t] = 0;
        }
    }
}

/// Take one copy of `tile` out of the hidden piles (normal first, then black, then the box,
/// then the depots), keeping the component counts right.
pub fn from_supply(g: &mut G, tile: Tile) {
    let i = tile.0 as usize;
    if g.pile[i] > 0 {
        g.pile[i] -= 1;
        return;
    }
    if g.black_pile[i] > 0 {
        g.black_pile[i] -= 1;
        return;
    }
    if g.boxed[i] > 0 {
        g.boxed[i] -= 1;
        return;
    }
    for d in 0..6 {
        for s in 0..4 {
            if g.depots[d][s] == Some(tile) {
                g.depots[d][s] = None;
                return;
            }
        }
    }
    for s in 0..8 {
        if g.black_depot[s] == Some(tile) {
            g.black_depot[s] = None;
            return;
        }
    }
    panic!("no {} left anywhere", tile.name());
}

/// Return a tile to the box (when a test clears a space).
pub fn to_box(g: &mut G, tile: Tile) {
    g.boxed[tile.0 as usize] += 1;
}

/// Put a tile on space `id` (1..=37) of player `p`'s estate.
pub fn put_estate(g: &mut G, p: usize, id: usize, tile: Tile) {
    assert!((1..=CELLS).contains(&id));
    from_supply(g, tile);
    if let Some(old) = g.players[p].estate.set(id - 1, Some(tile)) {
        to_box(g, old);
    }
}

pub fn put_storage(g: &mut G, p: usize, slot: usize, tile: Tile) {
    from_supply(g, tile);
    if let Some(old) = g.players[p].storage[slot].replace(tile) {
        to_box(g, old);
    }
}

pub fn clear_storage(g: &mut G, p: usize) {
    for s in 0..3 {
        if let Some(t) = g.players[p].storage[s].take() {
            to_box(g, t);
        }
    }
}

/// Empty every numbered depot and the black depot (tiles to the box).
pub fn clear_depots(g: &mut G) {
    for d in 0..6 {
        for s in 0..4 {
            if let Some(t) = g.depots[d][s].take() {
                to_box(g, t);
            }
        }
    }
    for s in 0..8 {
        if let Some(t) = g.black_depot[s].take() {
            to_box(g, t);
        }
    }
}

pub fn put_depot(g: &mut G, depot: usize, space: usize, tile: Tile) {
    from_supply(g, tile);
    if let Some(old) = g.depots[depot - 1][space].replace(tile) {
        to_box(g, old);
    }
}

/// Give player `p` goods from the bag (type 1..=6).
pub fn give_goods(g: &mut G, p: usize, ty: usize, count: u8) {
    take_goods_from_anywhere(g, ty, count);
    g.players[p].goods[ty - 1] += count;
}

pub fn take_goods_from_anywhere(g: &mut G, ty: usize, count: u8) {
    for _ in 0..count {
        let t = ty - 1;
        if g.goods_bag[t] > 0 {
            g.goods_bag[t] -= 1;
            continue;
        }
        let mut done = false;
        for q in 0..g.players.len() {
            if g.players[q].goods[t] > 0 {
                g.players[q].goods[t] -= 1;
                done = true;
                break;
            }
        }
        if !done {
            for d in 0..6 {
                if g.depot_goods[d][t] > 0 {
                    g.depot_goods[d][t] -= 1;
                    done = true;
                    break;
                }
            }
        }
        if !done {
            for r in 0..5 {
                if g.round_goods[r] == Some(ty as u8) {
                    g.round_goods[r] = None;
                    done = true;
                    break;
                }
            }
        }
        assert!(done, "no goods of type {ty} left");
    }
}

/// Return all goods of every player to the bag.
pub fn clear_goods(g: &mut G) {
    for q in 0..g.players.len() {
        for t in 0..6 {
            g.goods_bag[t] += g.players[q].goods[t];
            g.players[q].goods[t] = 0;
        }
    }
}

/// Put goods of type `ty` on depot `depot` (1..=6).
pub fn depot_goods(g: &mut G, depot: usize, ty: usize, count: u8) {
    take_goods_from_anywhere(g, ty, count);
    g.depot_goods[depot - 1][ty - 1] += count;
}

/// Make it player `p`'s turn with dice `dice`, nothing used, no purchase made.
pub fn my_turn(g: &mut G, p: usize, dice: [u8; 2]) {
    g.step = Step::Play;
    g.pending = Pending::None;
    g.purchased = false;
    g.turn = g.order.iter().position(|&s| s as usize == p).unwrap() as u8;
    for q in 0..g.players.len() {
        g.players[q].dice = [1, 1];
        g.players[q].dice_used = [false, false];
    }
    g.players[p].dice = dice;
}

pub fn set_phase(g: &mut G, phase: Phase) {
    g.phase = phase;
}

/// Apply the legal action whose label is `label` (panics with the legal labels otherwise).
pub fn act(g: &mut G, label: &str) {
    g.validate().expect("position must be valid before acting");
    match g.parse_action(label) {
        Some(a) => g.apply(a).expect("apply"),
        None => panic!("'{label}' is not legal; legal: {:?}", labels(g)),
    }
}

pub fn labels(g: &G) -> Vec<String> {
    let mut l = Vec::new();
    g.legal_actions(&mut l);
    l.iter().map(|&a| g.action_label(a)).collect()
}

pub fn legal(g: &G) -> Vec<Action> {
    let mut l = Vec::new();
    g.legal_actions(&mut l);
    l
}

pub fn t(name: &str) -> Tile {
    Tile::parse(name).unwrap_or_else(|| panic!("tile {name}"))
}
