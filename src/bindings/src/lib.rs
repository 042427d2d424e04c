//! `meeple._engine`: one generic Python class over every registered game, plus module functions.
//! Nothing game-specific lives here: games are found through `meeple::registry()`.

mod convert;
mod interrupt;
mod lend;
mod selfplay;
mod vec_env;

use convert::{
    index_arg, py_to_value, quote, seed_arg, short_repr, to_py_err, u64_in, value_to_py,
    IllegalActionError, MAX_DEPTH,
};
use interrupt::interruptible;
use meeple_core::playout::MAX_BATCH_GAMES;
use meeple_core::search::{BotKind, SearchConfig, MAX_MATCH_GAMES};
use meeple_core::session::{ChanceMode, Record};
use meeple_core::{Action, GameError, Session, Turn, CHANCE, FORMAT_VERSION, TERMINAL};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use serde_json::{Map, Value};

/// The most threads a batch or match call runs on (as for a search's `threads`).
const MAX_THREADS: u64 = 256;

fn parse_json(text: &str) -> PyResult<Value> {
    serde_json::from_str(text).map_err(|e| PyValueError::new_err(format!("bad JSON: {e}")))
}

/// A count of games: an int in 0..=`max`.
fn games_arg(obj: &Bound<'_, PyAny>, max: usize) -> PyResult<usize> {
    u64_in(obj, "games", 0, max as u64).map(|n| n as usize)
}

/// A thread count in 1..=MAX_THREADS; default 1. (Optional int arguments default to None in
/// the signature, since their defaults go through the same int rule.)
fn opt_threads(obj: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    obj.map_or(Ok(1), |o| u64_in(o, "threads", 1, MAX_THREADS))
        .map(|n| n as usize)
}

/// A seed; default 0.
fn opt_seed(obj: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    obj.map_or(Ok(0), seed_arg)
}

fn options_map(options: Option<&Bound<'_, PyDict>>) -> PyResult<Map<String, Value>> {
    match options {
        None => Ok(Map::new()),
        Some(d) => match py_to_value(d.as_any())? {
            Value::Object(m) => Ok(m),
            _ => Err(PyValueError::new_err("options must be a dict")),
        },
    }
}

/// A game in play. Made by `new_game`, `from_json` or `replay`.
#[pyclass(name = "Game", module = "meeple._engine")]
pub struct PyGame {
    session: Session,
}

impl PyGame {
    fn check_seat(&self, seat: &Bound<'_, PyAny>) -> PyResult<usize> {
        let n = self.session.state.config().players;
        match index_arg(seat, "seat")? {
            Some(s) if (0..n as i128).contains(&s) => Ok(s as usize),
            _ => Err(PyValueError::new_err(format!(
                "seat {} out of range: this game has {n} players (seats 0..{n})",
                short_repr(seat)
            ))),
        }
    }

    /// An action id argument: an int (bools refused); one outside the action space raises
    /// IllegalActionError.
    fn check_action(&self, action: &Bound<'_, PyAny>) -> PyResult<Action> {
        let n = self.session.state.num_distinct_actions();
        match index_arg(action, "action")? {
            Some(a) if (0..n as i128).contains(&a) => Ok(a as Action),
            _ => Err(IllegalActionError::new_err(format!(
                "illegal action {}: {} has actions 0..{n}",
                short_repr(action),
                self.session.name()
            ))),
        }
    }
}

#[pymethods]
impl PyGame {
    /// Registry name of the game, e.g. "catan".
    #[getter]
    fn game_id(&self) -> &'static str {
        self.session.name()
    }
    #[getter]
    fn num_players(&self) -> usize {
        self.session.state.config().players
    }
    /// The options in force (defaults filled in).
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        value_to_py(
            py,
            &Value::Object(self.session.state.config().options.clone()),
        )
    }
    #[getter]
    fn num_distinct_actions(&self) -> u32 {
        self.session.state.num_distinct_actions()
    }
    #[getter]
    fn seed(&self) -> u64 {
        self.session.seed
    }
    /// "auto" or "explicit".
    #[getter]
    fn chance(&self) -> &'static str {
        self.session.chance.as_str()
    }
    /// A seat, CHANCE (-1) or TERMINAL (-4).
    #[getter]
    fn current_player(&self) -> i32 {
        self.session.turn().as_i32()
    }
    #[getter]
    fn is_terminal(&self) -> bool {
        self.session.turn() == Turn::Terminal
    }
    #[getter]
    fn is_chance_node(&self) -> bool {
        self.session.turn() == Turn::Chance
    }
    /// Whether this configuration hides anything from some seat (hands, private draws).
    #[getter]
    fn hidden_information(&self) -> bool {
        self.session.state.hidden_information()
    }
    /// A true bound on the number of actions in one game.
    #[getter]
    fn max_game_length(&self) -> u64 {
        self.session.state.max_game_length()
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.session.legal_actions()
    }

    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let mut mask = vec![false; self.session.state.num_distinct_actions() as usize];
        for a in self.session.legal_actions() {
            if let Some(m) = mask.get_mut(a as usize) {
                *m = true;
            }
        }
        PyArray1::from_vec(py, mask)
    }

    fn action_to_string(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let n = self.session.state.num_distinct_actions();
        match index_arg(action, "action")? {
            Some(a) if (0..n as i128).contains(&a) => {
                Ok(self.session.state.action_label(a as Action))
            }
            _ => Err(PyValueError::new_err(format!(
                "action {} out of range 0..{n}",
                short_repr(action)
            ))),
        }
    }

    /// The action labelled `text`, legal or not: IllegalActionError (saying why) if it is not
    /// legal now, ValueError if no action has that label.
    fn string_to_action(&self, text: &str) -> PyResult<Action> {
        match self.session.action_by_label(text) {
            Some(r) => r.map_err(to_py_err),
            None => Err(PyValueError::new_err(format!(
                "'{}' names no action of {}; legal now: {}",
                quote(text),
                self.session.name(),
                quote(&self.legal_labels().join(", "))
            ))),
        }
    }

    /// Apply an action; raises IllegalActionError (state unchanged) if it is not legal.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let action = self.check_action(action)?;
        self.session.apply_action(action).map_err(to_py_err)
    }

    /// [(action, probability)] at a chance node (with chance="explicit"); [] elsewhere.
    fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        self.session.chance_outcomes()
    }

    fn clone(&self) -> PyGame {
        PyGame {
            session: self.session.clone(),
        }
    }
    fn __copy__(&self) -> PyGame {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }
    /// Pickle through the JSON position format.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let module = py.import("meeple._engine")?;
        let f = module.getattr("from_json")?;
        let args = PyTuple::new(py, [self.to_json()])?;
        PyTuple::new(py, [f, args.into_any()])
    }

    /// Every action applied so far, chance outcomes included. With a seat: the history as that
    /// seat knows it, each chance outcome it did not see replaced by -1.
    #[pyo3(signature = (seat=None))]
    fn history(&self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<i64>> {
        let Some(seat) = seat else {
            return Ok(self.session.history.iter().map(|&a| a as i64).collect());
        };
        let seat = self.check_seat(seat)?;
        Ok(self
            .session
            .history_for(seat)
            .into_iter()
            .map(|a| a.map_or(-1, i64::from))
            .collect())
    }
    fn returns(&self) -> Vec<f64> {
        self.session.state.returns()
    }
    fn scores(&self) -> Vec<f64> {
        self.session.state.scores()
    }
    fn winners(&self) -> Vec<usize> {
        self.session.state.winners()
    }

    /// What `seat` may know, as a JSON-safe dict.
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.check_seat(seat)?;
        value_to_py(py, &self.session.state.observation(seat))
    }

    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.check_seat(seat)?;
        let mut v = vec![0.0f32; self.session.state.observation_tensor_len()];
        self.session.state.observation_tensor(seat, &mut v);
        Ok(PyArray1::from_vec(py, v))
    }

    /// A new game consistent with `seat`'s observation, hidden information resampled. It has no
    /// history (`history()` is empty, `record()` raises): the real one names hidden draws.
    fn determinize(&self, seat: &Bound<'_, PyAny>, seed: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let seat = self.check_seat(seat)?;
        let seed = seed_arg(seed)?;
        Ok(PyGame {
            session: self.session.determinize(seat, seed).map_err(to_py_err)?,
        })
    }

    /// Heuristic value of the state for `seat`, in [0, 1].
    fn evaluate(&self, seat: &Bound<'_, PyAny>) -> PyResult<f64> {
        let seat = self.check_seat(seat)?;
        Ok(self.session.state.evaluate(seat))
    }

    /// The full state as JSON text (the documented position format inside an envelope).
    fn to_json(&self) -> String {
        self.session.to_json_value().to_string()
    }

    /// The replay record (game, players, options, seed, chance, actions) as JSON text; raises
    /// ValueError for a game without one (loaded from a position without its history, or made by
    /// `determinize`).
    fn record(&self) -> PyResult<String> {
        let record = self.session.replay_record().map_err(to_py_err)?;
        Ok(serde_json::to_string(&record).unwrap_or_default())
    }

    /// Play `games` uniformly random games from this state on `threads` threads (GIL released;
    /// Ctrl-C raises KeyboardInterrupt). Returns (lengths, scores[games, players],
    /// returns[games, players], finished). Works on a snapshot: the game stays usable meanwhile.
    #[pyo3(signature = (games, seed=None, threads=None))]
    #[allow(clippy::type_complexity)]
    fn random_playouts<'py>(
        slf: PyRef<'py, Self>,
        games: &Bound<'py, PyAny>,
        seed: Option<&Bound<'py, PyAny>>,
        threads: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<(
        Bound<'py, PyArray1<u64>>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyArray1<bool>>,
    )> {
        let py = slf.py();
        let games = games_arg(games, MAX_BATCH_GAMES)?;
        let (seed, threads) = (opt_seed(seed)?, opt_threads(threads)?);
        let state = slf.session.state.clone_box();
        drop(slf);
        let r = interruptible(py, move |stop| {
            state.random_playouts_until(games, seed, threads, stop)
        })?
        .map_err(PyValueError::new_err)?;
        batch_to_numpy(py, r)
    }

    /// Run a bot or search for the player to move (GIL released; Ctrl-C raises
    /// KeyboardInterrupt). `config` is a dict such as `{"kind": "mcts", "iterations": 2000,
    /// "threads": 2}`; returns the chosen action with per-action visit counts and values. Works
    /// on a snapshot: the game stays usable (from other threads) while the search runs.
    #[pyo3(signature = (config, seed=None))]
    fn search<'py>(
        slf: PyRef<'py, Self>,
        config: &Bound<'py, PyDict>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let cfg = search_config(config)?;
        let seed = opt_seed(seed)?;
        let state = slf.session.state.clone_box();
        drop(slf);
        let result = if matches!(cfg.kind, BotKind::Random | BotKind::Heuristic) {
            // One quick bounded decision: no worker thread needed.
            py.detach(move || state.search(&cfg, seed))
        } else {
            interruptible(py, move |stop| state.search_until(&cfg, seed, stop))?
        }
        .map_err(PyValueError::new_err)?;
        value_to_py(py, &serde_json::to_value(result).unwrap_or(Value::Null))
    }

    /// Mean nanoseconds per clone of the Rust state (no Python object involved; for benchmarks).
    #[pyo3(signature = (iterations=None))]
    fn clone_cost_ns(slf: PyRef<'_, Self>, iterations: Option<&Bound<'_, PyAny>>) -> PyResult<f64> {
        let py = slf.py();
        let iterations = match iterations {
            None => 100_000,
            Some(n) => u64_in(n, "iterations", 1, 100_000_000)? as u32,
        };
        let state = slf.session.state.clone_box();
        drop(slf);
        Ok(py.detach(move || state.clone_cost_ns(iterations)))
    }

    /// A readable picture: the Python terminal board (`meeple.render.to_text`), or the
    /// engine's own text if that cannot be imported.
    fn __str__(slf: &Bound<'_, Self>) -> String {
        let text = slf
            .py()
            .import("meeple.render")
            .and_then(|m| m.call_method1("to_text", (slf,)))
            .and_then(|s| s.extract::<String>());
        text.unwrap_or_else(|_| slf.borrow().session.state.render())
    }

    /// An SVG picture of the game as `seat` sees it (None: everything), by `meeple.render`.
    #[pyo3(signature = (seat=None))]
    fn to_svg(slf: &Bound<'_, Self>, seat: Option<i64>) -> PyResult<String> {
        let render = slf.py().import("meeple.render")?;
        render.call_method1("to_svg", (slf, seat))?.extract()
    }

    /// Jupyter's rich display: the full picture.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        Self::to_svg(slf, None)
    }

    fn __repr__(&self) -> String {
        format!(
            "<meeple.Game {} players={} seed={} moves={} current_player={}>",
            self.session.name(),
            self.session.state.config().players,
            self.session.seed,
            self.session.history.len(),
            self.session.turn().as_i32()
        )
    }
}

impl PyGame {
    fn legal_labels(&self) -> Vec<String> {
        self.session
            .legal_actions()
            .into_iter()
            .map(|a| self.session.state.action_label(a))
            .collect()
    }
}

fn lookup(name: &str) -> Result<meeple_core::GameEntry, GameError> {
    meeple::find(name)
}

/// Names of the complete games.
#[pyfunction]
fn games() -> Vec<&'static str> {
    meeple::games()
}

/// Name, player counts, action-space size, options with defaults and docs, as JSON text.
#[pyfunction]
fn game_info_json(name: &str) -> PyResult<String> {
    let entry = lookup(name).map_err(to_py_err)?;
    let info = (entry.info)();
    let mut options = Map::new();
    for o in &info.options {
        let mut d = Map::new();
        d.insert("default".into(), o.default.clone());
        d.insert("doc".into(), Value::from(o.doc));
        match &o.kind {
            meeple_core::OptionKind::Bool => {
                d.insert("type".into(), Value::from("bool"));
            }
            meeple_core::OptionKind::Int { min, max } => {
                d.insert("type".into(), Value::from("int"));
                d.insert("min".into(), Value::from(*min));
                d.insert("max".into(), Value::from(*max));
            }
            meeple_core::OptionKind::Choice(allowed) => {
                d.insert("allowed".into(), Value::from(allowed.to_vec()));
            }
            meeple_core::OptionKind::Json => {
                d.insert("type".into(), Value::from("json"));
            }
        }
        options.insert(o.name.to_string(), Value::Object(d));
    }
    // The action space may depend on players and options: report it per player count (defaults).
    let mut actions = Map::new();
    for p in info.min_players..=info.max_players {
        if let Ok(c) = meeple_core::Config::with_players(&info, p) {
            if let Ok(g) = (entry.create)(&c, 0) {
                actions.insert(p.to_string(), Value::from(g.num_distinct_actions()));
            }
        }
    }
    let max_actions = actions
        .values()
        .filter_map(Value::as_u64)
        .max()
        .unwrap_or(0);
    let v = serde_json::json!({
        "name": info.name,
        "title": info.title,
        "min_players": info.min_players,
        "max_players": info.max_players,
        "num_distinct_actions": max_actions,
        "num_distinct_actions_by_players": actions,
        "hidden_information": info.hidden_information,
        "state_version": info.state_version,
        "options": options,
    });
    Ok(v.to_string())
}

/// A player count argument (the game checks its range).
fn players_arg(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    match index_arg(obj, "players")? {
        Some(p) if (0..=u16::MAX as i128).contains(&p) => Ok(p as usize),
        _ => Err(PyValueError::new_err(format!(
            "players must be a player count, got {}",
            short_repr(obj)
        ))),
    }
}

/// Create a game. `options` is a dict of option name -> value.
#[pyfunction]
#[pyo3(signature = (name, players, seed=None, chance="auto", options=None))]
fn new_game(
    name: &str,
    players: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
    chance: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyGame> {
    let entry = lookup(name).map_err(to_py_err)?;
    let players = players_arg(players)?;
    let seed = opt_seed(seed)?;
    let chance = ChanceMode::parse(chance).map_err(to_py_err)?;
    let opts = options_map(options)?;
    let session = Session::new(entry, players, &opts, seed, chance).map_err(to_py_err)?;
    Ok(PyGame { session })
}

/// Load a game from the JSON written by `Game.to_json` (or by hand).
#[pyfunction]
fn from_json(text: &str) -> PyResult<PyGame> {
    let v = parse_json(text)?;
    let session = Session::from_json_value(&v, lookup).map_err(to_py_err)?;
    Ok(PyGame { session })
}

/// Rebuild a game from a replay record (JSON text or a dict); refuses an illegal step, naming it.
#[pyfunction]
fn replay(record: &Bound<'_, PyAny>) -> PyResult<PyGame> {
    let v = if let Ok(text) = record.cast::<PyString>() {
        parse_json(text.to_str()?)?
    } else if record.is_instance_of::<PyDict>() {
        py_to_value(record)?
    } else {
        return Err(PyValueError::new_err(format!(
            "replay takes a record dict or JSON text, got {}",
            short_repr(record)
        )));
    };
    let record: Record =
        serde_json::from_value(v).map_err(|e| PyValueError::new_err(format!("bad record: {e}")))?;
    let entry = lookup(&record.game).map_err(to_py_err)?;
    let session = Session::replay(entry, &record).map_err(to_py_err)?;
    Ok(PyGame { session })
}

fn search_config(config: &Bound<'_, PyDict>) -> PyResult<SearchConfig> {
    SearchConfig::from_json(&py_to_value(config.as_any())?)
        .map_err(|e| PyValueError::new_err(format!("bad bot config: {e}")))
}

/// Check a bot config dict; raises ValueError naming the problem.
#[pyfunction]
fn check_bot_config(config: &Bound<'_, PyDict>) -> PyResult<()> {
    search_config(config).map(|_| ())
}

/// Play `games` games between Rust bots (one config dict per seat, or any number with
/// `rotate=True` so that every bot plays every seat), in parallel with the GIL released.
/// Returns one dict per game: seed, seating, returns, scores, winners, finished, actions,
/// decisions, seconds. The same seed gives the same games for any thread count.
#[pyfunction]
#[pyo3(signature = (name, players, bots, games, seed=None, threads=None, rotate=false, options=None))]
#[allow(clippy::too_many_arguments)]
fn play_matches<'py>(
    py: Python<'py>,
    name: &str,
    players: &Bound<'py, PyAny>,
    bots: Vec<Bound<'py, PyDict>>,
    games: &Bound<'py, PyAny>,
    seed: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    rotate: bool,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let entry = lookup(name).map_err(to_py_err)?;
    let (players, seed) = (players_arg(players)?, opt_seed(seed)?);
    let (games, threads) = (games_arg(games, MAX_MATCH_GAMES)?, opt_threads(threads)?);
    let config = meeple_core::Config::new(&(entry.info)(), players, &options_map(options)?)
        .map_err(to_py_err)?;
    (entry.create)(&config, seed).map_err(to_py_err)?;
    let configs = bots
        .iter()
        .map(search_config)
        .collect::<PyResult<Vec<_>>>()?;
    let results = interruptible(py, move |stop| {
        (entry.play_matches_until)(&config, &configs, games, seed, threads, rotate, stop)
    })?
    .map_err(PyValueError::new_err)?;
    value_to_py(py, &serde_json::to_value(results).unwrap_or(Value::Null))
}

/// Play `games` new uniformly random games (game i seeded from (seed, i)) on `threads` threads,
/// with the GIL released. Returns (lengths, scores[games, players], returns[games, players],
/// finished) as numpy arrays; the same seed gives the same results for any thread count.
#[pyfunction]
#[pyo3(signature = (name, players, games, seed=None, threads=None, options=None))]
#[allow(clippy::type_complexity)]
fn random_games<'py>(
    py: Python<'py>,
    name: &str,
    players: &Bound<'py, PyAny>,
    games: &Bound<'py, PyAny>,
    seed: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<(
    Bound<'py, PyArray1<u64>>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyArray1<bool>>,
)> {
    let entry = lookup(name).map_err(to_py_err)?;
    let (players, seed) = (players_arg(players)?, opt_seed(seed)?);
    let (games, threads) = (games_arg(games, MAX_BATCH_GAMES)?, opt_threads(threads)?);
    let config = meeple_core::Config::new(&(entry.info)(), players, &options_map(options)?)
        .map_err(to_py_err)?;
    // Fail early (with the game's own message) if this configuration cannot be set up.
    (entry.create)(&config, seed).map_err(to_py_err)?;
    let r = interruptible(py, move |stop| {
        (entry.random_games_until)(&config, games, seed, threads, stop)
    })?
    .map_err(PyValueError::new_err)?;
    batch_to_numpy(py, r)
}

#[allow(clippy::type_complexity)]
fn batch_to_numpy(
    py: Python<'_>,
    r: meeple_core::playout::BatchResult,
) -> PyResult<(
    Bound<'_, PyArray1<u64>>,
    Bound<'_, PyAny>,
    Bound<'_, PyAny>,
    Bound<'_, PyArray1<bool>>,
)> {
    let players = r.players.max(1);
    let n = r.lengths.len();
    let scores = PyArray1::from_vec(py, r.scores).reshape([n, players])?;
    let returns = PyArray1::from_vec(py, r.returns).reshape([n, players])?;
    Ok((
        PyArray1::from_vec(py, r.lengths),
        scores.into_any(),
        returns.into_any(),
        PyArray1::from_vec(py, r.finished),
    ))
}

#[pymodule]
fn _engine(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // Load numpy's C API now: loading it later runs an import, which a pending Ctrl-C would
    // turn into a panic inside rust-numpy.
    m.py().import("numpy")?;
    drop(PyArray1::<bool>::from_vec(m.py(), Vec::new()));
    m.add_class::<PyGame>()?;
    vec_env::register(m)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(game_info_json, m)?)?;
    m.add_function(wrap_pyfunction!(new_game, m)?)?;
    m.add_function(wrap_pyfunction!(from_json, m)?)?;
    m.add_function(wrap_pyfunction!(replay, m)?)?;
    m.add_function(wrap_pyfunction!(random_games, m)?)?;
    m.add_function(wrap_pyfunction!(play_matches, m)?)?;
    m.add_function(wrap_pyfunction!(check_bot_config, m)?)?;
    selfplay::register(m)?;
    m.add(
        "IllegalActionError",
        m.py().get_type::<IllegalActionError>(),
    )?;
    m.add("CHANCE", CHANCE)?;
    m.add("TERMINAL", TERMINAL)?;
    m.add("FORMAT_VERSION", FORMAT_VERSION)?;
    m.add("MAX_DEPTH", MAX_DEPTH)?;
    m.add("MAX_BATCH_GAMES", MAX_BATCH_GAMES)?;
    m.add("MAX_MATCH_GAMES", MAX_MATCH_GAMES)?;
    m.add("MAX_THREADS", MAX_THREADS)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
