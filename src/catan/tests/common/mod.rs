//! Helpers shared by the Catan test files: load a hand-written position, play and list actions by
//! label, edit a player's fields.
#![allow(dead_code)] // each test file uses its own subset

use meeple_catan::Catan;
use meeple_core::dynamic::load_state;
use meeple_core::Game;
use serde_json::Value;

/// The position as a game; panics with the validator's message if it is refused.
pub fn load(v: &Value) -> Catan {
    match load_state::<Catan>(v) {
        Ok(g) => g,
        Err(e) => panic!("position refused: {e}"),
    }
}

/// Applies the legal action with this label; panics naming the phase and the legal labels.
pub fn play(g: &mut Catan, label: &str) {
    let a = g.parse_action(label).unwrap_or_else(|| {
        panic!(
            "'{label}' is not legal in phase {:?}; legal: {:?}",
            g.phase(),
            legal_labels(g)
        )
    });
    g.apply(a).unwrap();
}

/// The labels of the legal actions, in action-id order.
pub fn legal_labels(g: &Catan) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v.into_iter().map(|a| g.action_label(a)).collect()
}

pub fn is_legal(g: &Catan, label: &str) -> bool {
    g.parse_action(label).is_some()
}

/// Sets `players[p][key]` in a position.
pub fn set_player(v: &mut Value, p: usize, key: &str, val: Value) {
    v["players"][p][key] = val;
}
