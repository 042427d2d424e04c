//! Helpers shared by the rule tests: positions in the documented JSON format.
#![allow(dead_code)]

use meeple_core::dynamic::load_state;
use meeple_core::{Action, Config, Game};
use meeple_kingdom_builder::KingdomBuilder;
use serde_json::{json, Map, Value};

/// R1 of the spec (§9.0): TL Tavern, TR Paddock, BL Oasis, BR Farm, no rotation.
pub const R1: (&[&str; 4], [bool; 4]) = (
    &["tavern", "paddock", "oasis", "farm"],
    [false, false, false, false],
);
/// R2 of the spec (§9.0): TL Oracle, TR Harbor, BL Tower, BR Barn turned 180°.
pub const R2: (&[&str; 4], [bool; 4]) = (
    &["oracle", "harbor", "tower", "barn"],
    [false, false, false, true],
);

pub fn config(players: usize, opts: &[(&str, Value)]) -> Config {
    let mut m = Map::new();
    for (k, v) in opts {
        m.insert(k.to_string(), v.clone());
    }
    Config::new(&KingdomBuilder::info(), players, &m).expect("valid config")
}

/// A position in phase `play`, seat 0 to move with the given played card, every player's
/// settlements as listed (supply 40 minus those), nothing else: extend it with `merge`.
pub fn base(
    layout: (&[&str; 4], [bool; 4]),
    settlements: &[&[(usize, usize)]],
    played: &str,
) -> Value {
    let n = settlements.len();
    let players: Vec<Value> = settlements
        .iter()
        .map(|s| json!({"settlements": s.iter().map(|&(r, c)| [r, c]).collect::<Vec<_>>()}))
        .collect();
    json!({
        "version": 1,
        "config": config(n, &[]),
        "board": {"sectors": layout.0, "rotated": layout.1},
        "cards": ["fishermen", "merchants", "knights"],
        "current_player": 0,
        "phase": "play",
        "played": played,
        "players": players,
    })
}

/// Overwrite keys of `v`: objects merge recursively, arrays of objects merge element by element,
/// other values (and other arrays) are replaced.
pub fn merge(v: &mut Value, patch: Value) {
    match (v, patch) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, pv) in b {
                merge(a.entry(k).or_insert(Value::Null), pv);
            }
        }
        (Value::Array(a), Value::Array(b)) if !b.is_empty() && b.iter().all(|x| x.is_object()) => {
            for (i, pv) in b.into_iter().enumerate() {
                if i < a.len() {
                    merge(&mut a[i], pv);
                } else {
                    a.push(pv);
                }
            }
        }
        (slot, p) => *slot = p,
    }
}

/// Load a position through the full check (as `meeple.from_json` does).
pub fn load(v: &Value) -> KingdomBuilder {
    load_state::<KingdomBuilder>(v).unwrap_or_else(|e| panic!("position refused: {e}\n{v:#}"))
}

/// Read a position with only the structural checks (scoring tests on unreachable positions).
pub fn load_raw(v: &Value) -> KingdomBuilder {
    serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("position unreadable: {e}"))
}

pub fn legal(g: &KingdomBuilder) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v
}

/// Apply an action by its label (panics with the legal labels if it is not legal).
pub fn play(g: &mut KingdomBuilder, label: &str) {
    match g.parse_action(label) {
        Some(a) => g.apply(a).expect("legal action applies"),
        None => {
            let labels: Vec<String> = legal(g).iter().map(|&a| g.action_label(a)).collect();
            panic!("'{label}' is not legal; legal: {labels:?}")
        }
    }
}

pub fn has(g: &KingdomBuilder, label: &str) -> bool {
    g.parse_action(label).is_some()
}

pub fn set(v: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut v = v.to_vec();
    v.sort_unstable();
    v
}
