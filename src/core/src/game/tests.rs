//! The trait's default methods, on a game that overrides none of them.

use super::*;
use crate::options::Config;
use serde::Deserialize;
use serde_json::json;

/// Table: three players, one decision. The seat to move plays one of the legal actions 1 and 2
/// and the game ends with the winners and scores it was set up with. Labels: 0 `a`, 1 `b`,
/// 2 `a` again (so a label names a legal action before a lower id), 3 `c` (never legal).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Table {
    config: Config,
    done: bool,
    winners: Vec<usize>,
    scores: Vec<f64>,
    rng: GameRng,
}

impl Table {
    fn ended(winners: Vec<usize>, scores: Vec<f64>) -> Table {
        let mut t = Table::new(&Config::with_players(&Table::info(), 3).unwrap(), 0).unwrap();
        t.winners = winners;
        t.scores = scores;
        t.apply(1).unwrap();
        t
    }
}

impl Game for Table {
    fn info() -> GameInfo {
        GameInfo {
            name: "table",
            title: "Table",
            min_players: 3,
            max_players: 3,
            options: vec![],
            hidden_information: false,
            state_version: 1,
        }
    }
    fn new(config: &Config, seed: u64) -> Result<Self, GameError> {
        Ok(Table {
            config: config.clone(),
            done: false,
            winners: vec![],
            scores: vec![0.0; 3],
            rng: GameRng::new(seed),
        })
    }
    fn config(&self) -> &Config {
        &self.config
    }
    fn num_distinct_actions(&self) -> u32 {
        4
    }
    fn turn(&self) -> Turn {
        if self.done {
            Turn::Terminal
        } else {
            Turn::Player(0)
        }
    }
    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if !self.done {
            out.extend([1, 2]);
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
    }
    fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        if self.done || !(1..=2).contains(&action) {
            return Err(RuleError::new("not legal"));
        }
        self.done = true;
        Ok(())
    }
    fn scores(&self) -> Vec<f64> {
        self.scores.clone()
    }
    fn winners(&self) -> Vec<usize> {
        if self.done {
            self.winners.clone()
        } else {
            vec![]
        }
    }
    fn observation(&self, _seat: usize) -> Value {
        json!({"done": self.done})
    }
    fn observation_tensor_len(&self) -> usize {
        1
    }
    fn observation_tensor(&self, _seat: usize, out: &mut [f32]) {
        out[0] = f32::from(u8::from(self.done));
    }
    fn action_label(&self, action: Action) -> String {
        ["a", "b", "a", "c"]
            .get(action as usize)
            .unwrap_or(&"?")
            .to_string()
    }
    fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }
    fn max_game_length(&self) -> u64 {
        1
    }
    fn render(&self) -> String {
        format!("{self:?}")
    }
}

#[test]
fn turns_are_reported_as_openspiel_numbers_them() {
    assert_eq!((CHANCE, TERMINAL), (-1, -4));
    assert_eq!(Turn::Player(0).as_i32(), 0);
    assert_eq!(Turn::Player(3).as_i32(), 3);
    assert_eq!(Turn::Chance.as_i32(), -1);
    assert_eq!(Turn::Terminal.as_i32(), -4);
}

#[test]
fn returns_split_the_win_among_the_winners() {
    assert_eq!(
        Table::ended(vec![1], vec![0.0; 3]).returns(),
        vec![0.0, 1.0, 0.0]
    );
    assert_eq!(
        Table::ended(vec![0, 2], vec![0.0; 3]).returns(),
        vec![0.5, 0.0, 0.5]
    );
    // A winner that is not a seat gets nothing (and nothing panics); the others still split.
    assert_eq!(
        Table::ended(vec![0, 3], vec![0.0; 3]).returns(),
        vec![0.5, 0.0, 0.0]
    );
    let running = Table::new(&Config::with_players(&Table::info(), 3).unwrap(), 0).unwrap();
    assert_eq!(running.returns(), vec![0.0; 3], "nothing before the end");
}

#[test]
fn evaluate_is_the_share_of_the_positive_points() {
    let t = Table::ended(vec![0], vec![3.0, -1.0, 1.0]);
    assert_eq!(
        (t.evaluate(0), t.evaluate(1), t.evaluate(2)),
        (0.75, 0.0, 0.25)
    );
    assert_eq!(t.evaluate(7), 0.0, "no such seat");
    let even = Table::ended(vec![0], vec![0.0, -2.0, 0.0]);
    assert_eq!(
        even.evaluate(1),
        1.0 / 3.0,
        "no positive points: an even share"
    );
}

#[test]
fn labels_name_a_legal_action_first_then_any_in_ascending_order() {
    let t = Table::new(&Config::with_players(&Table::info(), 3).unwrap(), 0).unwrap();
    assert_eq!(
        t.parse_action("a"),
        Some(2),
        "the legal one of the two `a`s"
    );
    assert_eq!(t.parse_action(" b "), Some(1), "trimmed");
    assert_eq!(t.parse_action("c"), None, "not legal");
    for f in [Table::parse_label, |g: &Table, l: &str| find_label(g, l)] {
        assert_eq!(f(&t, "a"), Some(2));
        assert_eq!(f(&t, "c"), Some(3), "the action space, legal or not");
        assert_eq!(f(&t, " c"), Some(3));
        assert_eq!(f(&t, "zz"), None);
    }
    // Once nothing is legal, the lowest id of a label.
    let ended = Table::ended(vec![0], vec![0.0; 3]);
    assert_eq!(ended.parse_label("a"), Some(0));
}

#[test]
fn everything_is_visible_by_default() {
    let t = Table::new(&Config::with_players(&Table::info(), 3).unwrap(), 0).unwrap();
    for seat in 0..3 {
        assert!(t.chance_visible_to(seat));
        assert!((0..4).all(|a| t.action_visible_to(a, seat)));
    }
    assert!(!t.hidden_information());
}

#[test]
fn json_errors_name_the_field_but_not_the_whole_document() {
    let t = Table::ended(vec![1], vec![1.0, 2.0, 3.0]);
    assert_eq!(Table::from_json_value(&t.to_json_value()).unwrap(), t);
    let mut bad = t.to_json_value();
    bad["winners"] = json!(["one"]);
    let e = Table::from_json_value(&bad).unwrap_err().to_string();
    assert!(e.contains("winners[0]: invalid type"), "{e}");
    let e = Table::from_json_value(&json!(3)).unwrap_err().to_string();
    assert!(e.contains("invalid type") && !e.contains(".:"), "{e}");
}
