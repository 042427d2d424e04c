//! Helpers that build positions in code while keeping every component count right (each helper
//! moves pieces from a supply), so `validate()` accepts the result.
#![allow(dead_code)]

use meeple_core::conformance::{assert_conforms_with, KitOptions, KitRules};
use meeple_core::{Action, Config, Game, Turn};
use meeple_puerto_rico::data::*;
use meeple_puerto_rico::*;
use serde_json::{json, Value};

pub fn config(players: usize, opts: Value) -> Config {
    let map = opts.as_object().cloned().unwrap_or_default();
    Config::new(&PuertoRico::info(), players, &map).unwrap()
}

/// The kit's rules for Puerto Rico: the only hidden part (the `hidden_vp` chips) is deducible
/// from the public history, so determinize must keep it (docs/games/puerto_rico.md).
pub fn kit_rules() -> KitRules {
    KitRules {
        resampling_required: true,
        deducible_hidden: Some(
            "hidden_vp: every VP chip is gained by a public action, from the public supply",
        ),
        ..KitRules::default()
    }
}

/// The conformance kit over `configs`: `playouts` random games each, drawn from `seed`.
pub fn conforms(configs: &[Config], playouts: usize, seed: u64) {
    let options = KitOptions {
        playouts,
        seed,
        ..Default::default()
    };
    eprintln!(
        "{:?}",
        assert_conforms_with::<PuertoRico>(configs, &options, &kit_rules())
    );
}

/// The kit for the long runs (`--ignored`): `PR_PLAYOUTS` random games each (`playouts` when it
/// is not set), a deep check every 13 steps.
pub fn conforms_long(configs: &[Config], playouts: usize, seed: u64) {
    let options = KitOptions {
        playouts: std::env::var("PR_PLAYOUTS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(playouts),
        seed,
        deep_every: 13,
        ..Default::default()
    };
    eprintln!(
        "{:?}",
        assert_conforms_with::<PuertoRico>(configs, &options, &kit_rules())
    );
}

/// The message of the error `PuertoRico::new` gives for these options.
pub fn opts_err(players: usize, opts: Value) -> String {
    let c = config(players, opts);
    PuertoRico::new(&c, 1).unwrap_err().to_string()
}

/// `extra` laid over `opts` (both JSON objects): a key in `extra` wins.
pub fn merged(mut opts: Value, extra: Value) -> Value {
    for (k, v) in extra.as_object().unwrap() {
        opts[k] = v.clone();
    }
    opts
}

/// Every Expansion I kind plus three large base buildings (a legal set for the draft slots).
pub const ALL_NEW: [&str; 17] = [
    "aqueduct",
    "forest_house",
    "black_market",
    "storehouse",
    "guest_house",
    "trading_post",
    "church",
    "small_wharf",
    "lighthouse",
    "library",
    "specialty_factory",
    "union_hall",
    "cloister",
    "statue",
    "guild_hall",
    "residence",
    "city_hall",
];

/// `ALL_NEW` with some kinds swapped for others of the same cost.
pub fn set_with(swaps: &[(&str, &str)]) -> Value {
    let v: Vec<&str> = ALL_NEW
        .iter()
        .map(|&b| swaps.iter().find(|s| s.0 == b).map(|s| s.1).unwrap_or(b))
        .collect();
    json!(v)
}

/// A game with Expansion I and a fixed building set; seat 0 governor (see `common::game`).
pub fn xgame(players: usize, swaps: &[(&str, &str)]) -> PuertoRico {
    xgame_opts(players, swaps, json!({}))
}

pub fn xgame_opts(players: usize, swaps: &[(&str, &str)], extra: Value) -> PuertoRico {
    let opts = json!({
        "new_buildings": true,
        "building_set": "fixed",
        "building_list": set_with(swaps),
    });
    game_with(players, merged(opts, extra))
}

/// A game with the Nobles (and `extra` options), seat 0 governor (see `game`).
pub fn ngame_opts(players: usize, extra: Value) -> PuertoRico {
    game_with(players, merged(json!({"nobles": true}), extra))
}

pub fn nobles(g: &PuertoRico) -> &Nobles {
    g.nobles.as_deref().unwrap()
}

pub fn nobles_mut(g: &mut PuertoRico) -> &mut Nobles {
    g.nobles.as_deref_mut().unwrap()
}

/// Give `p` a noble from the noble supply, standing on building `b` (None: his windrose).
pub fn give_noble(g: &mut PuertoRico, p: usize, b: Option<Building>) {
    let x = nobles_mut(g);
    assert!(x.supply > 0);
    x.supply -= 1;
    x.players[p].nobles += 1;
    match b {
        Some(b) => {
            let i = b as usize;
            assert!(g.players.p[p].buildings.0[i] > 0, "{} not owned", b.name());
            g.players.p[p].buildings.0[i] += 1;
            nobles_mut(g).players[p].on[building_target(i)] += 1;
        }
        None => g.players.p[p].san_juan += 1,
    }
}

/// A fresh game with seat 0 as governor and role selection open for seat 0.
pub fn game(players: usize) -> PuertoRico {
    game_with(players, json!({}))
}

pub fn game_with(players: usize, opts: serde_json::Value) -> PuertoRico {
    let c = config(players, opts);
    let mut g = PuertoRico::new(&c, 1).unwrap();
    // Re-seat so that seat 0 is the governor: return the starting tiles and deal them again.
    for p in 0..players {
        let pl = &mut g.players.p[p];
        for k in 0..NUM_GOODS {
            g.deck.0[k] += pl.island.0[k];
            pl.island.0[k] = 0;
        }
    }
    let s = setup(players);
    for p in 0..players {
        let k = s.start[p] as usize;
        g.deck.0[k] -= 1;
        g.players.p[p].island.0[k] = 1;
    }
    g.governor = 0;
    g.chooser = 0;
    g.validate().unwrap();
    g
}

/// Start `role` chosen by `seat` (governor = seat, first pick of the round).
pub fn start(g: &mut PuertoRico, seat: usize, role: Role) {
    g.governor = seat as u8;
    g.chooser = seat as u8;
    g.picks = 0;
    g.acted = 0;
    g.step = Step::ChooseRole;
    g.role = None;
    for s in g.roles.0.iter_mut() {
        s.taken = false;
    }
    g.validate().unwrap();
    g.apply(ROLE + role as Action).unwrap();
}

pub fn give_goods(g: &mut PuertoRico, p: usize, good: Good, n: u8) {
    let k = good as usize;
    assert!(g.goods_supply.0[k] >= n, "not enough {good:?} in supply");
    g.goods_supply.0[k] -= n;
    g.players.p[p].goods.0[k] += n;
}

/// Give `n` tiles of kind `t` (0..5 plantations, 5 quarry), `occ` of them occupied.
pub fn give_tiles(g: &mut PuertoRico, p: usize, t: usize, n: u8, occ: u8) {
    for _ in 0..n {
        if t == QUARRY {
            assert!(g.quarries > 0);
            g.quarries -= 1;
        } else if g.deck.0[t] > 0 {
            g.deck.0[t] -= 1;
        } else if g.plantation_row.0[t] > 0 {
            g.plantation_row.0[t] -= 1;
        } else {
            g.discard.0[t] -= 1;
        }
        g.players.p[p].island.0[t] += 1;
    }
    colonists_to(g, occ);
    g.players.p[p].island_colonists.0[t] += occ;
}

fn colonists_to(g: &mut PuertoRico, n: u8) {
    assert!(g.colonist_supply >= n);
    g.colonist_supply -= n;
}

pub fn give_building(g: &mut PuertoRico, p: usize, b: Building, colonists: u8) {
    let i = b as usize;
    assert!(g.building_supply.0[i] > 0);
    g.building_supply.0[i] -= 1;
    colonists_to(g, colonists);
    g.players.p[p].buildings.0[i] = 1 + colonists;
}

pub fn give_vp(g: &mut PuertoRico, p: usize, vp: u32) {
    g.vp_supply -= vp as i32;
    g.players.p[p].vp += vp;
}

pub fn give_san_juan(g: &mut PuertoRico, p: usize, n: u8) {
    colonists_to(g, n);
    g.players.p[p].san_juan += n;
}

pub fn legal(g: &PuertoRico) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v
}

pub fn act(g: &mut PuertoRico, label: &str) {
    let a = g
        .parse_action(label)
        .unwrap_or_else(|| panic!("'{label}' is not legal; legal: {:?}", labels(g)));
    g.apply(a).unwrap();
    g.validate().unwrap();
}

pub fn labels(g: &PuertoRico) -> Vec<String> {
    legal(g).into_iter().map(|a| g.action_label(a)).collect()
}

/// Asserts that every label of `offered` is a legal action in `g` and none of `not_offered`.
pub fn assert_offers(g: &PuertoRico, offered: &[&str], not_offered: &[&str]) {
    let l = labels(g);
    for x in offered {
        assert!(l.iter().any(|y| y == x), "'{x}' not offered: {l:?}");
    }
    for x in not_offered {
        assert!(!l.iter().any(|y| y == x), "'{x}' offered: {l:?}");
    }
}

pub fn to_move(g: &PuertoRico) -> Option<usize> {
    match g.turn() {
        Turn::Player(p) => Some(p),
        _ => None,
    }
}

pub fn load_id(good: Good, ship: usize) -> Action {
    LOAD + 3 * good as Action + ship as Action
}
