//! Nim for the search tests (search.rs, puct.rs): perfect information, 2 or 3 players, solved
//! for two (a zero nim-sum loses for the mover).

use meeple_core::{Action, Config, Game, GameError, GameInfo, GameRng, RuleError, Turn};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

// ---------------------------------------------------------------------------------------------
// Nim: heaps of up to 7 stones; a move takes 1..=7 stones from one heap; whoever takes the last
// stone wins. Action `heap * 7 + (take - 1)`.

pub const MAX_HEAP: u32 = 7;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Nim {
    config: Config,
    pub heaps: [u8; 3],
    pub to_move: usize,
    /// Who took the last stone.
    pub winner: Option<usize>,
    rng: GameRng,
}

impl Nim {
    pub fn position(players: usize, heaps: [u8; 3], to_move: usize) -> Nim {
        let mut g = Nim::new(&Config::with_players(&Nim::info(), players).unwrap(), 0).unwrap();
        g.heaps = heaps;
        g.to_move = to_move;
        g
    }
    fn nim_sum(&self) -> u8 {
        self.heaps.iter().fold(0, |a, &h| a ^ h)
    }
}

impl Game for Nim {
    fn info() -> GameInfo {
        GameInfo {
            name: "nim",
            title: "Nim",
            min_players: 2,
            max_players: 3,
            options: vec![],
            hidden_information: false,
            state_version: 1,
        }
    }
    fn new(config: &Config, seed: u64) -> Result<Self, GameError> {
        Ok(Nim {
            config: config.clone(),
            heaps: [3, 4, 5],
            to_move: 0,
            winner: None,
            rng: GameRng::new(seed),
        })
    }
    fn config(&self) -> &Config {
        &self.config
    }
    fn num_distinct_actions(&self) -> u32 {
        3 * MAX_HEAP
    }
    fn turn(&self) -> Turn {
        if self.winner.is_some() {
            Turn::Terminal
        } else {
            Turn::Player(self.to_move)
        }
    }
    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.winner.is_some() {
            return;
        }
        for (h, &n) in self.heaps.iter().enumerate() {
            out.extend((0..n as u32).map(|t| h as u32 * MAX_HEAP + t));
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
    }
    fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        let (h, take) = ((action / MAX_HEAP) as usize, (action % MAX_HEAP + 1) as u8);
        if self.winner.is_some() || h >= 3 || take > self.heaps[h] {
            return Err(RuleError::new(format!("action {action} is not legal")));
        }
        self.heaps[h] -= take;
        if self.heaps == [0; 3] {
            self.winner = Some(self.to_move);
        } else {
            self.to_move = (self.to_move + 1) % self.config.players;
        }
        Ok(())
    }
    fn scores(&self) -> Vec<f64> {
        (0..self.config.players)
            .map(|p| (self.winner == Some(p)) as u8 as f64)
            .collect()
    }
    fn winners(&self) -> Vec<usize> {
        self.winner.into_iter().collect()
    }
    fn observation(&self, _seat: usize) -> Value {
        json!({ "heaps": self.heaps, "to_move": self.to_move })
    }
    fn observation_tensor_len(&self) -> usize {
        3
    }
    fn observation_tensor(&self, _seat: usize, out: &mut [f32]) {
        for (o, &h) in out.iter_mut().zip(&self.heaps) {
            *o = h as f32;
        }
    }
    fn action_label(&self, action: Action) -> String {
        format!(
            "take {} from heap {}",
            action % MAX_HEAP + 1,
            action / MAX_HEAP
        )
    }
    fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }
    fn max_game_length(&self) -> u64 {
        3 * MAX_HEAP as u64
    }
    fn render(&self) -> String {
        format!("{:?}", self.heaps)
    }
    /// Two players: perfect (a zero nim-sum loses for the mover). Otherwise the default.
    fn evaluate(&self, seat: usize) -> f64 {
        if let Some(w) = self.winner {
            return (w == seat) as u8 as f64;
        }
        if self.config.players != 2 {
            return 0.5;
        }
        let mover_wins = self.nim_sum() != 0;
        if (self.to_move == seat) == mover_wins {
            1.0
        } else {
            0.0
        }
    }
}
