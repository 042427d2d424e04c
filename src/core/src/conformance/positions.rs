//! Positions from outside: incomplete positions (a key left out) and altered JSON must be refused
//! or give a state that plays; loading must never panic.

use super::{panic_text, KitRules};
use crate::dynamic::load_state;
use crate::game::Game;
use crate::playout::{random_step, Buffers};
use crate::rng::GameRng;
use serde_json::Value;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Leave one top-level key (picked at random) out of the position: refused when every key is
/// required; otherwise refused, or loaded into a state that round-trips and plays.
pub(super) fn check_incomplete<G: Game>(
    json: &Value,
    rules: &KitRules,
    rng: &mut GameRng,
) -> Result<(), String> {
    let Some(map) = json.as_object() else {
        return Err("a state's JSON must be an object".into());
    };
    if map.is_empty() {
        return Ok(());
    }
    let key = map
        .keys()
        .nth(rng.index(map.len()))
        .cloned()
        .unwrap_or_default();
    let mut v = json.clone();
    if let Some(m) = v.as_object_mut() {
        m.remove(&key);
    }
    let loaded = try_load::<G>(&v).map_err(|p| format!("a position without '{key}' {p}"))?;
    let Some(g) = loaded else { return Ok(()) };
    if rules.every_key_required {
        return Err(format!("a position without '{key}' was accepted"));
    }
    // What it loaded into is itself a position: its JSON round-trips exactly.
    let written = g.to_json_value();
    if load_state::<G>(&written).map(|b| b.to_json_value()).ok() != Some(written) {
        return Err(format!(
            "a position loaded without '{key}' does not round-trip its own JSON"
        ));
    }
    plays(g).map_err(|p| format!("a position loaded without '{key}' panicked in play: {p}"))
}

/// Altered JSON must be refused or give a usable state: never a panic.
pub(super) fn fuzz<G: Game>(json: &Value, rng: &mut GameRng) -> Result<(), String> {
    for _ in 0..3 {
        let mut v = json.clone();
        mutate_json(&mut v, rng);
        let loaded = try_load::<G>(&v).map_err(|p| format!("altered JSON {p}"))?;
        if let Some(g) = loaded {
            plays(g)
                .map_err(|p| format!("a state loaded from altered JSON panicked in play: {p}"))?;
        }
    }
    Ok(())
}

/// Load through the game's own `from_json_value` (a panic there is reported, not turned into a
/// refusal as the bindings' loader does), then through the bindings' checks.
fn try_load<G: Game>(v: &Value) -> Result<Option<G>, String> {
    match catch_unwind(AssertUnwindSafe(|| G::from_json_value(v))) {
        Err(p) => Err(format!("made loading panic: {}", panic_text(&p))),
        Ok(Err(_)) => Ok(None),
        Ok(Ok(_)) => Ok(load_state::<G>(v).ok()),
    }
}

/// Twenty random steps, an observation and a picture, without a panic.
fn plays<G: Game>(mut g: G) -> Result<(), String> {
    catch_unwind(AssertUnwindSafe(|| {
        let mut buf = Buffers::default();
        let mut r = GameRng::new(1);
        for _ in 0..20 {
            if !random_step(&mut g, &mut r, &mut buf) {
                break;
            }
        }
        let _ = g.observation(0);
        let _ = g.render();
    }))
    .map_err(|p| panic_text(&p))
}

/// One random alteration of `v`, as the kit's fuzzing makes them: walk down from the root (at
/// each non-empty object or array, three times in four), at an object dropping a random key one
/// time in eight or else walking into a random one, at an array popping the last element one
/// time in eight or else walking into a random one; where the walk stops, the value is replaced
/// by one of six odd values, uniformly: -1, 1000000, "bogus", null, 2^64 - 1 or [7].
pub fn mutate_json(v: &mut Value, rng: &mut GameRng) {
    let descend = rng.below(4) != 0;
    match v {
        Value::Object(m) if descend && !m.is_empty() => {
            let k = m
                .keys()
                .nth(rng.index(m.len()))
                .cloned()
                .unwrap_or_default();
            if rng.below(8) == 0 {
                m.remove(&k);
            } else if let Some(child) = m.get_mut(&k) {
                mutate_json(child, rng);
            }
            return;
        }
        Value::Array(a) if descend && !a.is_empty() => {
            if rng.below(8) == 0 {
                a.pop();
            } else {
                let i = rng.index(a.len());
                mutate_json(&mut a[i], rng);
            }
            return;
        }
        _ => {}
    }
    *v = match rng.below(6) {
        0 => Value::from(-1),
        1 => Value::from(1_000_000),
        2 => Value::from("bogus"),
        3 => Value::Null,
        4 => Value::from(u64::MAX),
        _ => Value::Array(vec![Value::from(7)]),
    };
}
