//! Puerto Rico (Andreas Seyfarth): the base game for 3-5 players and the 2-player variant, from
//! the rules spec `rules/puerto_rico.md` (sections 1-7, 10-14) and the base-game building chart,
//! with Expansion I "The New Buildings" and Expansion II "The Nobles" (provisional).
//!
//! Everything a player decides is one small action: a role, a tile, one colonist, one building,
//! one barrel kind, one (good, ship) load, one storage choice. Plantation draws are explicit
//! chance nodes over the deck's composition (a multiset: nobody knows its order). The action-id
//! layout, the observation tensor and every engine decision are documented in
//! `docs/games/puerto_rico.md`; the files of this crate are mapped in docs/architecture.md.

// Index loops over small fixed tables read more clearly than zipped iterators here.
#![allow(clippy::needless_range_loop, clippy::too_many_arguments)]

pub mod actions;
mod apply;
mod black_market;
mod bounds;
mod builder;
mod captain;
mod craftsman;
pub mod data;
mod derived;
pub mod format;
mod guest_house;
pub mod hooks;
mod labels;
mod legal;
mod mayor;
pub mod nobles;
mod observe;
mod options;
pub mod player;
mod refusal;
mod render;
mod round;
mod scoring;
mod settler;
mod setup;
pub mod state;
mod storage;
pub mod tensor;
mod trader;
mod validate;
mod writer;

pub use actions::*;
pub use hooks::NobleQueries;
pub use nobles::Nobles;
pub use options::{check_options, DEFAULT_MAX_ROUNDS};
pub use player::*;
pub use state::*;
pub use tensor::{E8_LEN, N_LEN, TENSOR_LEN, TENSOR_LEN_X};

use meeple_core::{Action, Config, Game, GameError, GameInfo, GameRng, RuleError, Turn};
use options::option_specs;
use serde_json::Value;

/// The game type registered as `puerto_rico`.
pub type PuertoRicoGame = PuertoRico;

impl Game for PuertoRico {
    fn info() -> GameInfo {
        GameInfo {
            name: "puerto_rico",
            title: "Puerto Rico",
            min_players: 2,
            max_players: 5,
            options: option_specs(),
            hidden_information: true,
            state_version: 1,
        }
    }

    fn new(config: &Config, seed: u64) -> Result<Self, GameError> {
        if !(2..=MAX_PLAYERS).contains(&config.players) {
            return Err(GameError::BadPlayers {
                game: "puerto_rico".into(),
                min: 2,
                max: 5,
                got: config.players,
            });
        }
        // The last configuration (validated, shared) is reused, so that starting many games
        // with one configuration neither re-checks nor re-allocates its options.
        thread_local! {
            static LAST: std::cell::RefCell<Option<std::sync::Arc<Config>>> =
                const { std::cell::RefCell::new(None) };
        }
        let shared = LAST.with(|last| {
            let mut last = last.borrow_mut();
            if let Some(a) = last.as_ref() {
                if **a == *config {
                    return Ok(a.clone());
                }
            }
            check_options(config)?;
            let a = std::sync::Arc::new(config.clone());
            *last = Some(a.clone());
            Ok::<_, GameError>(a)
        })?;
        Ok(PuertoRico::setup(shared, seed))
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn num_distinct_actions(&self) -> u32 {
        if self.nobles.is_some() {
            NUM_ACTIONS_N
        } else if self.new_buildings {
            NUM_ACTIONS_X
        } else {
            NUM_ACTIONS
        }
    }

    fn turn(&self) -> Turn {
        match self.step {
            Step::GameOver => Turn::Terminal,
            Step::HaciendaDraw | Step::Refill | Step::LandOfficeDraw => Turn::Chance,
            _ => Turn::Player(self.actor()),
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        self.for_each_legal(&mut |a| out.push(a));
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
        if self.is_chance() {
            for (k, &c) in self.deck.0.iter().enumerate() {
                if c > 0 {
                    out.push((DRAW + k as Action, c as u32));
                }
            }
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        if self.step == Step::GameOver {
            return Err(RuleError::new("the game is over"));
        }
        if !self.is_legal(action) {
            let why = self
                .refusal(action)
                .map(|r| format!(": {r}"))
                .unwrap_or_default();
            return Err(RuleError::new(format!(
                "action {action} ({}) is not legal in step {} (player {}){why}",
                self.action_label(action),
                STEP_NAMES[step_index(self.step)],
                self.actor()
            )));
        }
        self.apply_legal(action);
        Ok(())
    }

    fn scores(&self) -> Vec<f64> {
        (0..self.n()).map(|p| self.score_of(p) as f64).collect()
    }

    fn winners(&self) -> Vec<usize> {
        if self.step == Step::GameOver {
            self.final_winners()
        } else {
            Vec::new()
        }
    }

    fn observation(&self, seat: usize) -> Value {
        self.observation_value(seat)
    }

    fn observation_tensor_len(&self) -> usize {
        self.tensor_len()
    }

    fn observation_tensor(&self, seat: usize, out: &mut [f32]) {
        self.write_tensor(seat, out)
    }

    fn action_label(&self, a: Action) -> String {
        self.label(a)
    }

    /// Everything is public unless the VP chips are face down (`hidden_vp`).
    fn hidden_information(&self) -> bool {
        self.hidden_vp()
    }

    fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    fn max_game_length(&self) -> u64 {
        self.game_length_bound()
    }

    fn validate(&self) -> Result<(), String> {
        self.check()
    }

    /// Read a position: the default reading (a field of the wrong shape named by its path),
    /// then the derived fields recomputed (so they may be left out, and an edited export loads),
    /// then `validate`.
    fn from_json_value(value: &Value) -> Result<Self, GameError> {
        let mut g: Self = serde_path_to_error::deserialize(value).map_err(|e| {
            let path = e.path().to_string();
            let inner = e.into_inner();
            GameError::bad_json(if path == "." {
                inner.to_string()
            } else {
                format!("{path}: {inner}")
            })
        })?;
        g.recompute_derived().map_err(GameError::BadJson)?;
        g.validate().map_err(GameError::BadJson)?;
        Ok(g)
    }

    fn render(&self) -> String {
        self.render_text()
    }

    /// Heuristic: the seat's share of score + money/5 + barrels/10 (money buys buildings,
    /// barrels ship for VP); at the end, the returns.
    fn evaluate(&self, seat: usize) -> f64 {
        self.heuristic_value(seat)
    }
}
