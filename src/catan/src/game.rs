//! The `meeple_core::Game` implementation: the contract every engine meets, delegating to the
//! rule-area files.

use crate::ids::*;
use crate::options::*;
use crate::state::{Catan, Phase};
use crate::{observe, position};
use meeple_core::{Action, Config, Game, GameError, GameInfo, GameRng, RuleError, Turn};
use serde_json::Value;

impl Game for Catan {
    fn info() -> GameInfo {
        GameInfo {
            name: "catan",
            title: "Catan",
            min_players: 2,
            max_players: 4,
            options: option_specs(),
            hidden_information: true,
            state_version: 1,
        }
    }

    fn new(config: &Config, seed: u64) -> Result<Self, GameError> {
        Catan::create(config, seed)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn num_distinct_actions(&self) -> u32 {
        self.module_num_actions().unwrap_or(NUM_ACTIONS)
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::GameOver => Turn::Terminal,
            Phase::Roll | Phase::Steal | Phase::DrawDevelopment => Turn::Chance,
            Phase::Discard => Turn::Player(self.discarder()),
            Phase::TradeResponse => Turn::Player(self.responder as usize),
            Phase::ChooseVictim => Turn::Player(self.thief as usize),
            Phase::SetupSettlement
            | Phase::SetupRoad
            | Phase::PreRoll
            | Phase::MoveRobber
            | Phase::Main
            | Phase::RoadBuilding
            | Phase::YearOfPlenty
            | Phase::Monopoly
            | Phase::TradeDecision => Turn::Player(self.current as usize),
            // The modules' own phases.
            _ => self.module_phase_turn(),
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal_into(out);
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
        match self.phase {
            Phase::Roll if self.module_roll_outcomes(out) => {}
            Phase::Roll => {
                // A module may exclude a sum (B4: the second roll is re-rolled until it differs
                // from the first, EX-17).
                let first = self.excluded_roll();
                for (i, &w) in DICE_WEIGHTS.iter().enumerate() {
                    if i + 2 != first {
                        out.push((C_DICE + i as u32, w));
                    }
                }
            }
            Phase::Steal => {
                let v = self.victim as usize;
                for r in 0..5 {
                    if self.hand[v][r] > 0 {
                        out.push((C_STEAL + r as u32, self.hand[v][r] as u32));
                    }
                }
            }
            Phase::DrawDevelopment => {
                for k in 0..5 {
                    if self.deck[k] > 0 {
                        out.push((C_DEV + k as u32, self.deck[k] as u32));
                    }
                }
            }
            Phase::SetupSettlement
            | Phase::SetupRoad
            | Phase::PreRoll
            | Phase::Discard
            | Phase::MoveRobber
            | Phase::ChooseVictim
            | Phase::Main
            | Phase::RoadBuilding
            | Phase::YearOfPlenty
            | Phase::Monopoly
            | Phase::TradeResponse
            | Phase::TradeDecision
            | Phase::GameOver => {}
            // The modules' own phases.
            _ => self.module_phase_outcomes(out),
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        if !self.is_legal(action) {
            let why = self
                .refusal(action)
                .map(|r| format!(": {r}"))
                .unwrap_or_default();
            return Err(RuleError::new(format!(
                "catan ({}): action {action} ('{}') is not legal now{why}",
                self.phase_name(),
                self.action_label(action)
            )));
        }
        self.apply_legal(action);
        Ok(())
    }

    fn scores(&self) -> Vec<f64> {
        (0..self.n()).map(|p| self.vp(p) as f64).collect()
    }

    fn winners(&self) -> Vec<usize> {
        if self.phase != Phase::GameOver {
            return Vec::new();
        }
        if (self.winner as usize) < self.n() {
            return vec![self.winner as usize];
        }
        let best = (0..self.n()).map(|p| self.vp(p)).max().unwrap_or(0);
        (0..self.n()).filter(|&p| self.vp(p) == best).collect()
    }

    fn observation(&self, seat: usize) -> Value {
        observe::observation(self, seat)
    }

    fn observation_tensor_len(&self) -> usize {
        observe::tensor::tensor_len(self)
    }

    fn observation_tensor(&self, seat: usize, out: &mut [f32]) {
        observe::tensor::tensor(self, seat, out);
    }

    fn action_label(&self, action: Action) -> String {
        observe::label::label(self, action)
    }

    fn parse_label(&self, label: &str) -> Option<Action> {
        crate::labels::parse_label(self, label)
    }

    fn chance_visible_to(&self, seat: usize) -> bool {
        crate::labels::chance_visible_to(self, seat)
    }

    fn action_visible_to(&self, action: Action, seat: usize) -> bool {
        crate::visibility::action_visible_to(self, action, seat)
    }

    fn determinize(&self, seat: usize, seed: u64) -> Self {
        observe::determinize::determinize(self, seat, seed)
    }

    fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    fn max_game_length(&self) -> u64 {
        let n = self.n() as u64;
        let offers = self.rules.max_offers as u64 * (n + 2);
        // Per turn: roll + outcome, up to 95 discards, robber moves and steals (a 7 and a
        // knight: 6), one development card with its follow-ups (3), maritime trades (each lowers
        // the hand, which other gains in one turn can raise by at most 95 + 2 + 2 + offers),
        // offers with their answers, end of turn.
        let mut per_turn =
            2 + 95 + 6 + 3 + (95 + 95 + 4 + self.rules.max_offers as u64) + offers + 1;
        // Whole game: set-up, every piece once, every development card bought (2 actions).
        let mut global = 4 * n + n * (15 + 5 + 4) + 50;
        self.module_length_bound(&mut per_turn, &mut global);
        global + self.rules.turn_limit as u64 * per_turn
    }

    fn validate(&self) -> Result<(), String> {
        position::validate::validate(self)
    }

    fn render(&self) -> String {
        observe::render::render(self)
    }

    fn evaluate(&self, seat: usize) -> f64 {
        observe::evaluate::evaluate(self, seat)
    }
}
