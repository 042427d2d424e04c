//! Fork, a test game (unit tests only) where the card a searcher cannot see decides who moves
//! next and what they may do, so the search's determinizations disagree with its tree.
//!
//! Chance deals player 1 a card 0 to 4 (equal weights), which player 0 does not see. Player 0
//! plays 0 or 1. Then on card 0 player 1 plays 0 or 1, on card 1 player 1 plays 1 or 2, on
//! card 2 a coin (chance: 0 or 1) is thrown, on card 3 player 0 plays 0 or 1 again, on card 4
//! nothing; and the game ends. Player 0 wins when the card plus every number played or thrown is even,
//! else player 1.

use crate::error::{GameError, RuleError};
use crate::game::{Action, Game, GameInfo, Turn};
use crate::options::Config;
use crate::rng::GameRng;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Fork {
    config: Config,
    card: Option<u8>,
    moves: Vec<Action>,
    coin: Option<u8>,
    rng: GameRng,
}

impl Fork {
    /// Player 0's decision after the deal of `card`.
    pub(crate) fn dealt(card: u8) -> Fork {
        let config = Config::with_players(&Fork::info(), 2).unwrap();
        let mut g = Fork::new(&config, 0).unwrap();
        g.apply(Action::from(card)).unwrap();
        g
    }

    fn total(&self) -> u32 {
        let card = u32::from(self.card.unwrap_or(0));
        card + self.moves.iter().sum::<u32>() + u32::from(self.coin.unwrap_or(0))
    }
}

impl Game for Fork {
    fn info() -> GameInfo {
        GameInfo {
            name: "fork",
            title: "Fork",
            min_players: 2,
            max_players: 2,
            options: vec![],
            hidden_information: true,
            state_version: 1,
        }
    }
    fn new(config: &Config, seed: u64) -> Result<Self, GameError> {
        Ok(Fork {
            config: config.clone(),
            card: None,
            moves: Vec::new(),
            coin: None,
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
        match (self.card, self.moves.len(), self.coin) {
            (None, _, _) => Turn::Chance,
            (_, 0, _) => Turn::Player(0),
            (Some(2), 1, None) => Turn::Chance,
            (Some(0 | 1), 1, _) => Turn::Player(1),
            (Some(3), 1, _) => Turn::Player(0),
            _ => Turn::Terminal,
        }
    }
    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match (self.turn(), self.card) {
            (Turn::Player(0), _) | (Turn::Player(1), Some(0)) => out.extend([0, 1]),
            (Turn::Player(1), _) => out.extend([1, 2]),
            _ => {}
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
        match (self.turn(), self.card) {
            (Turn::Chance, None) => out.extend((0..5).map(|c| (c, 1))),
            (Turn::Chance, Some(_)) => out.extend([(0, 1), (1, 1)]),
            _ => {}
        }
    }
    fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        let mut allowed = Vec::new();
        if self.turn() == Turn::Chance {
            let mut outcomes = Vec::new();
            self.chance_outcomes(&mut outcomes);
            allowed.extend(outcomes.iter().map(|o| o.0));
        } else {
            self.legal_actions(&mut allowed);
        }
        if !allowed.contains(&action) {
            return Err(RuleError::new(format!("{action} is not allowed here")));
        }
        match (self.turn(), self.card) {
            (Turn::Chance, None) => self.card = Some(action as u8),
            (Turn::Chance, Some(_)) => self.coin = Some(action as u8),
            _ => self.moves.push(action),
        }
        Ok(())
    }
    fn scores(&self) -> Vec<f64> {
        let w = self.winners();
        (0..2)
            .map(|p| f64::from(u8::from(w.contains(&p))))
            .collect()
    }
    fn winners(&self) -> Vec<usize> {
        if self.turn() != Turn::Terminal {
            return vec![];
        }
        vec![usize::from(self.total() % 2 == 1)]
    }
    fn observation(&self, seat: usize) -> Value {
        let card = if seat == 1 || self.turn() == Turn::Terminal {
            json!(self.card)
        } else {
            Value::Null
        };
        json!({"card": card, "moves": self.moves, "coin": self.coin})
    }
    fn observation_tensor_len(&self) -> usize {
        13
    }
    /// Card one-hot (when seen), each move one-hot, the coin one-hot.
    fn observation_tensor(&self, seat: usize, out: &mut [f32]) {
        out.fill(0.0);
        if let Some(c) = self
            .card
            .filter(|_| seat == 1 || self.turn() == Turn::Terminal)
        {
            out[usize::from(c)] = 1.0;
        }
        for (i, &m) in self.moves.iter().enumerate() {
            out[5 + 3 * i + m as usize] = 1.0;
        }
        if let Some(c) = self.coin {
            out[11 + usize::from(c)] = 1.0;
        }
    }
    fn action_label(&self, action: Action) -> String {
        action.to_string()
    }
    /// Player 0 does not see the card: before player 0 has moved, draw it again (nothing
    /// played depends on it yet). The searches of the tests start there.
    fn determinize(&self, seat: usize, seed: u64) -> Self {
        let mut g = self.clone();
        g.rng = GameRng::new(seed);
        if seat == 0 && self.card.is_some() && self.moves.is_empty() {
            g.card = Some(g.rng.index(5) as u8);
        }
        g
    }
    fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }
    fn max_game_length(&self) -> u64 {
        3
    }
    fn render(&self) -> String {
        format!("{:?} {:?} {:?}", self.card, self.moves, self.coin)
    }
}
