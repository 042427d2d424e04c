//! Type erasure: one object-safe trait over every [`Game`], and the registry entry that builds
//! games by name. The bindings, the CLI and the Rust facade all work through these, so adding a
//! game needs no code outside its crate but one registry line.

use crate::error::{GameError, RuleError};
use crate::game::{Action, Game, GameInfo, Turn};
use crate::interrupt::{Interrupt, NEVER};
use crate::options::Config;
use crate::playout::{self, BatchResult};
use crate::rng::GameRng;
use crate::search::{MatchResult, SearchConfig, SearchResult};
use serde_json::Value;
use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Object-safe view of a [`Game`]. Implemented for every `G: Game`.
pub trait DynGame: Send + Sync {
    fn info(&self) -> GameInfo;
    fn config(&self) -> &Config;
    fn clone_box(&self) -> Box<dyn DynGame>;
    fn num_distinct_actions(&self) -> u32;
    fn turn(&self) -> Turn;
    fn legal_actions(&self, out: &mut Vec<Action>);
    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>);
    fn apply(&mut self, action: Action) -> Result<(), RuleError>;
    /// Draw a chance outcome with the game's own RNG (None if not at a chance node).
    fn sample_chance(&mut self) -> Option<Action>;
    fn scores(&self) -> Vec<f64>;
    fn winners(&self) -> Vec<usize>;
    fn returns(&self) -> Vec<f64>;
    fn observation(&self, seat: usize) -> Value;
    fn observation_tensor_len(&self) -> usize;
    fn observation_tensor(&self, seat: usize, out: &mut [f32]);
    fn action_label(&self, action: Action) -> String;
    fn parse_action(&self, label: &str) -> Option<Action>;
    /// Any action of the action space by label (see [`Game::parse_label`]).
    fn parse_label(&self, label: &str) -> Option<Action>;
    /// See [`Game::chance_visible_to`].
    fn chance_visible_to(&self, seat: usize) -> bool;
    /// See [`Game::action_visible_to`].
    fn action_visible_to(&self, action: Action, seat: usize) -> bool;
    fn determinize(&self, seat: usize, seed: u64) -> Box<dyn DynGame>;
    fn hidden_information(&self) -> bool;
    fn reseed(&mut self, seed: u64);
    fn max_game_length(&self) -> u64;
    fn evaluate(&self, seat: usize) -> f64;
    fn render(&self) -> String;
    fn to_json_value(&self) -> Value;
    /// Random playouts from this state, monomorphized for speed; see [`playout::batch`].
    fn random_playouts(&self, games: usize, seed: u64, threads: usize) -> BatchResult;
    /// [`DynGame::random_playouts`] that stops once `stop` is set and refuses counts it cannot
    /// hold; see [`playout::batch_until`].
    fn random_playouts_until(
        &self,
        games: usize,
        seed: u64,
        threads: usize,
        stop: &Interrupt,
    ) -> Result<BatchResult, String>;
    /// Mean nanoseconds per `Clone` of the concrete state (monomorphized; for benchmarks).
    fn clone_cost_ns(&self, iterations: u32) -> f64;
    /// Run the bot or search that `config` describes for the player to move.
    fn search(&self, config: &SearchConfig, seed: u64) -> Result<SearchResult, String>;
    /// [`DynGame::search`] that stops early once `stop` is set (see
    /// [`crate::search::search_until`]).
    fn search_until(
        &self,
        config: &SearchConfig,
        seed: u64,
        stop: &Interrupt,
    ) -> Result<SearchResult, String>;
    fn as_any(&self) -> &dyn Any;
}

impl<G: Game> DynGame for G {
    fn info(&self) -> GameInfo {
        G::info()
    }
    fn config(&self) -> &Config {
        Game::config(self)
    }
    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn num_distinct_actions(&self) -> u32 {
        Game::num_distinct_actions(self)
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
        match catch_unwind(AssertUnwindSafe(|| Game::apply(self, action))) {
            Ok(r) => r,
            Err(_) => Err(RuleError::new(format!(
                "internal error applying action {action} (a bug: please report it)"
            ))),
        }
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
    fn scores(&self) -> Vec<f64> {
        Game::scores(self)
    }
    fn winners(&self) -> Vec<usize> {
        Game::winners(self)
    }
    fn returns(&self) -> Vec<f64> {
        Game::returns(self)
    }
    fn observation(&self, seat: usize) -> Value {
        Game::observation(self, seat)
    }
    fn observation_tensor_len(&self) -> usize {
        Game::observation_tensor_len(self)
    }
    fn observation_tensor(&self, seat: usize, out: &mut [f32]) {
        Game::observation_tensor(self, seat, out)
    }
    fn action_label(&self, action: Action) -> String {
        Game::action_label(self, action)
    }
    fn parse_action(&self, label: &str) -> Option<Action> {
        Game::parse_action(self, label)
    }
    fn parse_label(&self, label: &str) -> Option<Action> {
        catch_unwind(AssertUnwindSafe(|| Game::parse_label(self, label))).unwrap_or(None)
    }
    fn chance_visible_to(&self, seat: usize) -> bool {
        Game::chance_visible_to(self, seat)
    }
    fn action_visible_to(&self, action: Action, seat: usize) -> bool {
        Game::action_visible_to(self, action, seat)
    }
    fn hidden_information(&self) -> bool {
        Game::hidden_information(self)
    }
    fn determinize(&self, seat: usize, seed: u64) -> Box<dyn DynGame> {
        Box::new(Game::determinize(self, seat, seed))
    }
    fn reseed(&mut self, seed: u64) {
        *self.rng_mut() = GameRng::new(seed);
    }
    fn max_game_length(&self) -> u64 {
        Game::max_game_length(self)
    }
    fn evaluate(&self, seat: usize) -> f64 {
        Game::evaluate(self, seat)
    }
    fn render(&self) -> String {
        Game::render(self)
    }
    fn to_json_value(&self) -> Value {
        Game::to_json_value(self)
    }
    fn random_playouts(&self, games: usize, seed: u64, threads: usize) -> BatchResult {
        playout::batch(self, games, seed, threads)
    }
    fn random_playouts_until(
        &self,
        games: usize,
        seed: u64,
        threads: usize,
        stop: &Interrupt,
    ) -> Result<BatchResult, String> {
        playout::batch_until(self, games, seed, threads, stop)
    }
    fn clone_cost_ns(&self, iterations: u32) -> f64 {
        let n = iterations.max(1);
        let start = std::time::Instant::now();
        for _ in 0..n {
            std::hint::black_box(std::hint::black_box(self).clone());
        }
        start.elapsed().as_nanos() as f64 / n as f64
    }
    fn search(&self, config: &SearchConfig, seed: u64) -> Result<SearchResult, String> {
        DynGame::search_until(self, config, seed, &NEVER)
    }
    fn search_until(
        &self,
        config: &SearchConfig,
        seed: u64,
        stop: &Interrupt,
    ) -> Result<SearchResult, String> {
        match catch_unwind(AssertUnwindSafe(|| {
            crate::search::search_until(self, config, seed, stop)
        })) {
            Ok(r) => r,
            Err(_) => Err(format!(
                "internal error while searching {} (a bug: please report it)",
                G::info().name
            )),
        }
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// Builds a boxed game from a validated config and a seed.
pub type CreateFn = fn(&Config, u64) -> Result<Box<dyn DynGame>, GameError>;
/// Loads a boxed game from its JSON position.
pub type FromJsonFn = fn(&Value) -> Result<Box<dyn DynGame>, GameError>;

/// Plays games between bots: (config, bots, games, seed, threads, rotate seats).
pub type PlayMatchesFn =
    fn(&Config, &[SearchConfig], usize, u64, usize, bool) -> Result<Vec<MatchResult>, String>;
/// [`PlayMatchesFn`] with an [`Interrupt`] the games poll.
pub type PlayMatchesUntilFn = fn(
    &Config,
    &[SearchConfig],
    usize,
    u64,
    usize,
    bool,
    &Interrupt,
) -> Result<Vec<MatchResult>, String>;
/// Random games (config, games, seed, threads) with an [`Interrupt`] the workers poll.
pub type RandomGamesUntilFn =
    fn(&Config, usize, u64, usize, &Interrupt) -> Result<BatchResult, String>;

/// How the registry builds one game by name. Make one with [`GameEntry::of`].
#[derive(Clone, Copy)]
pub struct GameEntry {
    pub info: fn() -> GameInfo,
    pub create: CreateFn,
    pub from_json: FromJsonFn,
    /// Random playouts of `games` new games (game `i` set up from `game_seed(seed, i)`).
    pub random_games: fn(&Config, usize, u64, usize) -> BatchResult,
    /// Games between bots, in parallel, deterministic for a seed (see [`crate::search::play_matches`]).
    pub play_matches: PlayMatchesFn,
    /// [`GameEntry::random_games`] that stops once the interrupt is set and refuses counts it
    /// cannot hold.
    pub random_games_until: RandomGamesUntilFn,
    /// [`GameEntry::play_matches`] that stops once the interrupt is set.
    pub play_matches_until: PlayMatchesUntilFn,
}

impl GameEntry {
    pub fn of<G: Game>() -> GameEntry {
        GameEntry {
            info: G::info,
            create: create::<G>,
            from_json: from_json::<G>,
            random_games: random_games::<G>,
            play_matches: crate::search::play_matches::<G>,
            random_games_until: random_games_until::<G>,
            play_matches_until: crate::search::play_matches_until::<G>,
        }
    }
    pub fn name(&self) -> &'static str {
        (self.info)().name
    }
}

fn create<G: Game>(config: &Config, seed: u64) -> Result<Box<dyn DynGame>, GameError> {
    match catch_unwind(|| G::new(config, seed)) {
        Ok(r) => r.map(|g| Box::new(g) as Box<dyn DynGame>),
        Err(_) => Err(GameError::Illegal(format!(
            "internal error creating {} (a bug: please report it)",
            G::info().name
        ))),
    }
}

/// Load a state and check it, including that its configuration is one `new` would accept.
pub fn load_state<G: Game>(value: &Value) -> Result<G, GameError> {
    let completed = complete_config::<G>(value)?;
    let value = completed.as_ref().unwrap_or(value);
    let loaded = catch_unwind(|| G::from_json_value(value)).map_err(|_| {
        GameError::bad_json(format!(
            "{} state could not be read (internal error)",
            G::info().name
        ))
    })??;
    let c = Game::config(&loaded);
    let checked = Config::new(&G::info(), c.players, &c.options)?;
    if &checked != c {
        return Err(GameError::bad_json(
            "the state's options are incomplete: every option must be listed",
        ));
    }
    Ok(loaded)
}

/// Hand-written positions may list only the options they change: fill in the defaults of the
/// others (and check them) in the state's `config` (every game keeps its [`Config`] there).
fn complete_config<G: Game>(value: &Value) -> Result<Option<Value>, GameError> {
    let Some(config) = value.get("config").and_then(Value::as_object) else {
        return Ok(None);
    };
    let Some(players) = config.get("players").and_then(Value::as_u64) else {
        return Ok(None);
    };
    let options = match config.get("options") {
        None => serde_json::Map::new(),
        Some(Value::Object(m)) => m.clone(),
        Some(_) => return Ok(None),
    };
    let full = Config::new(&G::info(), players as usize, &options)?;
    let mut v = value.clone();
    v["config"] = serde_json::to_value(full).map_err(|e| GameError::bad_json(e.to_string()))?;
    Ok(Some(v))
}

fn from_json<G: Game>(value: &Value) -> Result<Box<dyn DynGame>, GameError> {
    load_state::<G>(value).map(|g| Box::new(g) as Box<dyn DynGame>)
}

fn random_games<G: Game>(config: &Config, games: usize, seed: u64, threads: usize) -> BatchResult {
    playout::batch_with(|s| G::new(config, s).ok(), games, seed, threads)
}

fn random_games_until<G: Game>(
    config: &Config,
    games: usize,
    seed: u64,
    threads: usize,
    stop: &Interrupt,
) -> Result<BatchResult, String> {
    playout::batch_with_until(|s| G::new(config, s).ok(), games, seed, threads, stop)
}
