//! Helpers shared by the Catan test files: build a configuration and a main-phase position, load a
//! hand-written position, play and list actions by label, edit a player's fields.
#![allow(dead_code)] // each test file uses its own subset

use meeple_catan::Catan;
use meeple_core::conformance::{assert_conforms, KitOptions};
use meeple_core::dynamic::load_state;
use meeple_core::{Config, Game};
use serde_json::{json, Value};

/// `opts` laid over `defaults` (both JSON objects): a key in `opts` wins.
pub fn merged(mut defaults: Value, opts: Value) -> Value {
    if let Value::Object(o) = opts {
        for (k, v) in o {
            defaults[k] = v;
        }
    }
    defaults
}

/// The configuration with exactly these options (a JSON object); panics if they are refused.
pub fn options(players: usize, opts: Value) -> Config {
    let Value::Object(m) = opts else {
        panic!("options must be a JSON object, got {opts}")
    };
    Config::new(&Catan::info(), players, &m).unwrap()
}

/// The configuration on the beginner board (fixed hexes and numbers) with `opts` on top.
pub fn config(players: usize, opts: Value) -> Config {
    options(players, merged(json!({"board": "beginner"}), opts))
}

/// The position of seed 1 turned into player 0's main phase after the roll, set-up done: no bank
/// or development deck (full), no card knowledge, and without the top-level keys in `drop` (module
/// state the test writes itself or leaves to its defaults).
pub fn main_phase(config: &Config, drop: &[&str]) -> Value {
    let g = Catan::new(config, 1).unwrap();
    let mut v = g.to_json_value();
    let o = v.as_object_mut().unwrap();
    o.insert("phase".into(), json!("main"));
    o.insert("setup_step".into(), json!(2 * config.players));
    o.insert("rolled".into(), json!(true));
    o.insert("current_player".into(), json!(0));
    o.insert("start_player".into(), json!(0));
    for key in ["bank", "development_deck"].iter().chain(drop) {
        o.remove(*key);
    }
    for p in v["players"].as_array_mut().unwrap() {
        p.as_object_mut().unwrap().remove("knowledge");
    }
    v
}

/// Catan for Two: both production rolls of this turn made (8, then 5).
pub fn both_rolls_made(v: &mut Value) {
    v["last_roll"] = json!(5);
    v["two"]["rolls"] = json!(2);
    v["two"]["first_roll"] = json!(8);
}

/// Catan for Two: back to the start of the turn, player 0 to make the first of the two rolls.
pub fn before_first_roll(v: &mut Value) {
    v["phase"] = json!("roll");
    v["rolled"] = json!(false);
    v.as_object_mut().unwrap().remove("last_roll");
    let t = v["two"].as_object_mut().unwrap();
    t.remove("rolls");
    t.remove("first_roll");
}

/// The conformance kit over `configs`, `playouts` random games each, a deep check every 89 steps.
pub fn kit(configs: &[Config], playouts: usize) {
    kit_with(configs, playouts, 89, None);
}

/// The conformance kit with its deep-check interval and seed (`None`: the kit's default) given.
pub fn kit_with(configs: &[Config], playouts: usize, deep_every: usize, seed: Option<u64>) {
    let defaults = KitOptions::default();
    assert_conforms::<Catan>(
        configs,
        &KitOptions {
            playouts,
            deep_every,
            seed: seed.unwrap_or(defaults.seed),
            ..defaults
        },
    );
}

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

/// The legal actions' labels in sorted order.
pub fn sorted_legal(g: &Catan) -> Vec<String> {
    let mut l = legal_labels(g);
    l.sort();
    l
}

/// The chance outcomes by label, with their weights, in action-id order.
pub fn outcomes(g: &Catan) -> Vec<(String, u32)> {
    let mut v = Vec::new();
    g.chance_outcomes(&mut v);
    v.into_iter().map(|(a, w)| (g.action_label(a), w)).collect()
}

pub fn is_legal(g: &Catan, label: &str) -> bool {
    g.parse_action(label).is_some()
}

/// Sets `players[p][key]` in a position.
pub fn set_player(v: &mut Value, p: usize, key: &str, val: Value) {
    v["players"][p][key] = val;
}

/// B8 Barbarian Attack: the module's part of player 0's observation.
pub fn ba_obs(g: &Catan) -> Value {
    g.observation(0)["barbarian_attack"].clone()
}

/// B8 Barbarian Attack: the end-of-turn step under way (empty when none).
pub fn ba_step(g: &Catan) -> String {
    ba_obs(g)["step"].as_str().unwrap_or("").to_string()
}
