//! The heuristic bot's chance handling on a game small enough to work out by hand.

use super::*;
use crate::error::{GameError, RuleError};
use crate::game::GameInfo;
use crate::options::Config;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// Draws: player 0 plays `DRAW` or `STOP`. `STOP` ends the game, won by player 1. After `DRAW`
/// chance draws a first number (0, 1 or 2, weights 1, 2, 3) and a second (0 or 1, even); player
/// 0 wins when their sum is at least 2. Scores: the sum so far for player 0, 1.5 for player 1,
/// so the default `evaluate` at a chance node (player 0's share, `sum / (sum + 1.5)`) is not the
/// expectation below it.
///
/// Player 0's chance of winning after `DRAW`: 2/6 * 1/2 (first 1, second 1) + 3/6 (first 2)
/// = 2/3.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Draws {
    config: Config,
    choice: Option<Action>,
    drawn: Vec<u8>,
    rng: GameRng,
}

const DRAW: Action = 0;
const STOP: Action = 1;

impl Draws {
    fn start() -> Draws {
        Draws::new(&Config::with_players(&Draws::info(), 2).unwrap(), 0).unwrap()
    }

    /// The state after `DRAW`, at the first chance node.
    fn drawing() -> Draws {
        let mut g = Draws::start();
        g.apply(DRAW).unwrap();
        g
    }

    fn sum(&self) -> u32 {
        self.drawn.iter().map(|&d| u32::from(d)).sum()
    }
}

impl Game for Draws {
    fn info() -> GameInfo {
        GameInfo {
            name: "draws",
            title: "Draws",
            min_players: 2,
            max_players: 2,
            options: vec![],
            hidden_information: false,
            state_version: 1,
        }
    }
    fn new(config: &Config, seed: u64) -> Result<Self, GameError> {
        Ok(Draws {
            config: config.clone(),
            choice: None,
            drawn: Vec::new(),
            rng: GameRng::new(seed),
        })
    }
    fn config(&self) -> &Config {
        &self.config
    }
    fn num_distinct_actions(&self) -> u32 {
        3
    }
    fn turn(&self) -> Turn {
        match (self.choice, self.drawn.len()) {
            (None, _) => Turn::Player(0),
            (Some(DRAW), 0 | 1) => Turn::Chance,
            _ => Turn::Terminal,
        }
    }
    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.turn() == Turn::Player(0) {
            out.extend([DRAW, STOP]);
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
        match (self.turn(), self.drawn.len()) {
            (Turn::Chance, 0) => out.extend([(0, 1), (1, 2), (2, 3)]),
            (Turn::Chance, _) => out.extend([(0, 1), (1, 1)]),
            _ => {}
        }
    }
    fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        let mut allowed = Vec::new();
        self.legal_actions(&mut allowed);
        let mut outcomes = Vec::new();
        self.chance_outcomes(&mut outcomes);
        allowed.extend(outcomes.iter().map(|o| o.0));
        if !allowed.contains(&action) {
            return Err(RuleError::new(format!("{action} is not allowed here")));
        }
        match self.turn() {
            Turn::Player(_) => self.choice = Some(action),
            _ => self.drawn.push(action as u8),
        }
        Ok(())
    }
    fn scores(&self) -> Vec<f64> {
        vec![f64::from(self.sum()), 1.5]
    }
    fn winners(&self) -> Vec<usize> {
        match self.turn() {
            Turn::Terminal if self.choice == Some(DRAW) && self.sum() >= 2 => vec![0],
            Turn::Terminal => vec![1],
            _ => vec![],
        }
    }
    fn observation(&self, _seat: usize) -> Value {
        json!({"choice": self.choice, "drawn": self.drawn})
    }
    fn observation_tensor_len(&self) -> usize {
        1
    }
    fn observation_tensor(&self, _seat: usize, out: &mut [f32]) {
        out[0] = self.sum() as f32;
    }
    fn action_label(&self, action: Action) -> String {
        action.to_string()
    }
    fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }
    fn max_game_length(&self) -> u64 {
        3
    }
    fn render(&self) -> String {
        format!("{:?} {:?}", self.choice, self.drawn)
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn the_average_is_the_exact_expectation_within_its_budget() {
    let g = Draws::drawing();
    // First-draw nodes evaluated, not expanded: (1 * 0 + 2 * 1/2.5 + 3 * 2/3.5) / 6.
    let one_level = (2.0 * 0.4 + 3.0 * 2.0 / 3.5) / 6.0;
    for (budget, want) in [
        (256, 2.0 / 3.0),
        // Three outcomes share six leaves: two each, enough for the second draw.
        (6, 2.0 / 3.0),
        // Five leaves give each first outcome one: the second draw is evaluated.
        (5, one_level),
        (3, one_level),
        // Fewer leaves than first outcomes: the node itself is evaluated (0 / 1.5).
        (2, 0.0),
    ] {
        let got = average_value(&g, 0, budget);
        assert!(close(got, want), "budget {budget}: {got}, want {want}");
        assert!(
            close(average_value(&g, 1, budget), 1.0 - want),
            "seat 1, budget {budget}"
        );
    }
    // Not at chance: the leaf's own value.
    assert!(close(average_value(&Draws::start(), 0, 256), 0.0));
}

#[test]
fn the_bot_values_an_action_by_its_chance_expectation() {
    let stats = |bot: HeuristicBot| bot.analyze(&Draws::start(), 3).unwrap();
    let exact = stats(HeuristicBot::default());
    assert_eq!(exact.action, DRAW);
    assert!(close(exact.stats[0].value, 2.0 / 3.0), "{:?}", exact.stats);
    assert!(close(exact.stats[1].value, 0.0), "{:?}", exact.stats);
    assert_eq!(
        (exact.stats[0].visits, exact.stats[1].visits),
        (1, 0),
        "the chosen action is marked"
    );
    let sampled = stats(HeuristicBot {
        chance: ChanceEval::Sample,
        samples: 4000,
    });
    assert_eq!(sampled.action, DRAW);
    let v = sampled.stats[0].value;
    assert!((v - 2.0 / 3.0).abs() < 0.03, "sampled {v}");
    // A sample plays both draws to the end: every sampled value is a return, 0 or 1, so the
    // mean of a few is a multiple of 1 / samples.
    let few = stats(HeuristicBot {
        chance: ChanceEval::Sample,
        samples: 3,
    });
    let thirds = few.stats[0].value * 3.0;
    assert!(close(thirds, thirds.round()), "{:?}", few.stats);
    assert!(close(few.stats[1].value, 0.0));
}

#[test]
fn ties_are_broken_uniformly() {
    // Three values tie for the best (one within the 1e-12 tolerance); the 0.5 is never picked.
    let values = [1.0, 0.5, 1.0 - 1e-13, 1.0];
    let mut rng = GameRng::new(21);
    let mut counts = [0u32; 4];
    for _ in 0..3000 {
        counts[pick_best(&values, &mut rng)] += 1;
    }
    assert_eq!(counts[1], 0, "{counts:?}");
    for i in [0, 2, 3] {
        assert!((900..1100).contains(&counts[i]), "{counts:?}");
    }
    assert_eq!(pick_best(&[0.25], &mut rng), 0);
}
