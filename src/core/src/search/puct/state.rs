//! What the PUCT search needs of a game, implemented for every [`Game`] and for the type-erased
//! [`DynGame`] (so the Python bindings run one monomorphization for every game).

use crate::dynamic::DynGame;
use crate::error::RuleError;
use crate::game::{Action, Game, Turn};

/// The game operations the search and the self-play runner use. Every `G: Game` has it; a
/// boxed [`DynGame`] has it through [`DynState`].
pub trait SearchState: Clone + Send + Sync {
    fn players(&self) -> usize;
    fn num_distinct_actions(&self) -> u32;
    fn observation_tensor_len(&self) -> usize;
    fn turn(&self) -> Turn;
    fn legal_actions(&self, out: &mut Vec<Action>);
    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>);
    fn apply(&mut self, action: Action) -> Result<(), RuleError>;
    /// Draw a chance outcome with the game's own RNG (`None` if not at a chance node).
    fn sample_chance(&mut self) -> Option<Action>;
    fn returns(&self) -> Vec<f64>;
    fn observation_tensor(&self, seat: usize, out: &mut [f32]);
    fn hidden_information(&self) -> bool;
    fn determinize(&self, seat: usize, seed: u64) -> Self;
    fn max_game_length(&self) -> u64;
}

impl<G: Game> SearchState for G {
    fn players(&self) -> usize {
        Game::config(self).players
    }
    fn num_distinct_actions(&self) -> u32 {
        Game::num_distinct_actions(self)
    }
    fn observation_tensor_len(&self) -> usize {
        Game::observation_tensor_len(self)
    }
    fn turn(&self) -> Turn {
        Game::turn(self)
    }
    fn legal_actions(&self, out: &mut Vec<Action>) {
        Game::legal_actions(self, out)
    }
    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        Game::chance_outcomes(self, out)
    }
    fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        Game::apply(self, action)
    }
    fn sample_chance(&mut self) -> Option<Action> {
        let mut outcomes = Vec::new();
        Game::chance_outcomes(self, &mut outcomes);
        if outcomes.is_empty() {
            return None;
        }
        let i = self.rng_mut().weighted(outcomes.iter().map(|o| o.1));
        Some(outcomes[i].0)
    }
    fn returns(&self) -> Vec<f64> {
        Game::returns(self)
    }
    fn observation_tensor(&self, seat: usize, out: &mut [f32]) {
        Game::observation_tensor(self, seat, out)
    }
    fn hidden_information(&self) -> bool {
        Game::hidden_information(self)
    }
    fn determinize(&self, seat: usize, seed: u64) -> Self {
        Game::determinize(self, seat, seed)
    }
    fn max_game_length(&self) -> u64 {
        Game::max_game_length(self)
    }
}

/// A boxed [`DynGame`] as a [`SearchState`] (what the bindings search).
pub struct DynState(pub Box<dyn DynGame>);

impl Clone for DynState {
    fn clone(&self) -> Self {
        DynState(self.0.clone_box())
    }
}

impl SearchState for DynState {
    fn players(&self) -> usize {
        self.0.config().players
    }
    fn num_distinct_actions(&self) -> u32 {
        self.0.num_distinct_actions()
    }
    fn observation_tensor_len(&self) -> usize {
        self.0.observation_tensor_len()
    }
    fn turn(&self) -> Turn {
        self.0.turn()
    }
    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.0.legal_actions(out)
    }
    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        self.0.chance_outcomes(out)
    }
    fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        self.0.apply(action)
    }
    fn sample_chance(&mut self) -> Option<Action> {
        self.0.sample_chance()
    }
    fn returns(&self) -> Vec<f64> {
        self.0.returns()
    }
    fn observation_tensor(&self, seat: usize, out: &mut [f32]) {
        self.0.observation_tensor(seat, out)
    }
    fn hidden_information(&self) -> bool {
        self.0.hidden_information()
    }
    fn determinize(&self, seat: usize, seed: u64) -> Self {
        DynState(self.0.determinize(seat, seed))
    }
    fn max_game_length(&self) -> u64 {
        self.0.max_game_length()
    }
}
