//! Positions written in the documented JSON format, for the golden tests.
#![allow(dead_code)]

use meeple_core::dynamic::load_state;
use meeple_core::{Config, Game, Turn};
use meeple_san_juan::SanJuan;
use serde_json::{json, Value};

/// A position under construction: starts from a fresh game (seat 0 governor, empty hands) and
/// moves cards between the supply and the places named, so the card counts stay right.
pub struct Pos(pub Value);

impl Pos {
    pub fn new(players: usize, opts: Value) -> Pos {
        let mut o = opts.as_object().cloned().unwrap_or_default();
        o.entry("first_player").or_insert(json!(0));
        let cfg = Config::new(&SanJuan::info(), players, &o).expect("config");
        let g = SanJuan::new(&cfg, 1).expect("new");
        let mut p = Pos(g.to_json_value());
        for s in 0..players {
            p.set_hand(s, &[]);
        }
        p
    }

    fn take(&mut self, c: &str) {
        let m = self.0["supply"].as_object_mut().expect("supply");
        let n = m.get(c).and_then(|v| v.as_u64()).unwrap_or(0);
        assert!(n > 0, "no {c} left in the supply");
        if n == 1 {
            m.remove(c);
        } else {
            m.insert(c.into(), json!(n - 1));
        }
    }

    fn put(&mut self, c: &str, k: u64) {
        let m = self.0["supply"].as_object_mut().expect("supply");
        let n = m.get(c).and_then(|v| v.as_u64()).unwrap_or(0);
        m.insert(c.into(), json!(n + k));
    }

    fn set_map(&mut self, seat: usize, field: &str, cards: &[&str]) {
        let old = self.0["players"][seat][field].clone();
        if let Some(m) = old.as_object() {
            for (c, n) in m {
                self.put(c, n.as_u64().unwrap_or(0));
            }
        }
        let mut m = serde_json::Map::new();
        for c in cards {
            self.take(c);
            let n = m.get(*c).and_then(|v| v.as_u64()).unwrap_or(0);
            m.insert(c.to_string(), json!(n + 1));
        }
        self.0["players"][seat][field] = Value::Object(m);
    }

    pub fn set_hand(&mut self, seat: usize, cards: &[&str]) -> &mut Self {
        self.set_map(seat, "hand", cards);
        self
    }

    pub fn set_chapel(&mut self, seat: usize, cards: &[&str]) -> &mut Self {
        self.set_map(seat, "chapel", cards);
        self
    }

    /// Buildings as (building, good) pairs; a good is a card taken from the supply.
    pub fn set_buildings(&mut self, seat: usize, b: &[(&str, Option<&str>)]) -> &mut Self {
        let old = self.0["players"][seat]["buildings"].clone();
        for s in old.as_array().cloned().unwrap_or_default() {
            self.put(s["building"].as_str().unwrap(), 1);
            if let Some(g) = s["good"].as_str() {
                self.put(g, 1);
            }
        }
        let mut v = Vec::new();
        for (name, good) in b {
            self.take(name);
            if let Some(g) = good {
                self.take(g);
            }
            v.push(json!({"building": name, "good": good}));
        }
        self.0["players"][seat]["buildings"] = Value::Array(v);
        self
    }

    pub fn set(&mut self, key: &str, v: Value) -> &mut Self {
        self.0[key] = v;
        self
    }

    pub fn game(&self) -> SanJuan {
        load_state::<SanJuan>(&self.0).unwrap_or_else(|e| panic!("position refused: {e}"))
    }
}

pub fn labels(g: &SanJuan) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v.into_iter().map(|a| g.action_label(a)).collect()
}

/// Apply the legal action with this label (a chance outcome too, e.g. "draw smithy").
pub fn act(g: &mut SanJuan, label: &str) {
    let a = g
        .parse_action(label)
        .unwrap_or_else(|| panic!("'{label}' is not legal; legal: {:?}", labels(g)));
    g.apply(a).expect("legal action applies");
}

pub fn is_legal(g: &SanJuan, label: &str) -> bool {
    g.parse_action(label).is_some()
}

/// Resolve every pending chance node with its first outcome.
pub fn draw_all(g: &mut SanJuan) -> usize {
    let mut n = 0;
    while g.turn() == Turn::Chance {
        let mut o = Vec::new();
        g.chance_outcomes(&mut o);
        g.apply(o[0].0).expect("chance outcome");
        n += 1;
    }
    n
}

pub fn obs(g: &SanJuan, seat: usize) -> Value {
    g.observation(seat)
}

pub fn hand_size(g: &SanJuan, seat: usize) -> u64 {
    g.observation(seat)["players"][seat]["hand_size"]
        .as_u64()
        .unwrap()
}

pub fn state(g: &SanJuan) -> Value {
    g.to_json_value()
}

pub fn card_count(map: &Value, card: &str) -> u64 {
    map.get(card).and_then(|v| v.as_u64()).unwrap_or(0)
}

pub fn map_total(map: &Value) -> u64 {
    map.as_object()
        .map(|m| m.values().filter_map(|v| v.as_u64()).sum())
        .unwrap_or(0)
}

pub fn buildings(g: &SanJuan, seat: usize) -> Vec<String> {
    state(g)["players"][seat]["buildings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["building"].as_str().unwrap().to_string())
        .collect()
}
