//! `meeple._engine.VecEnv`: the batch of games of `meeple_core::vec_env`, writing into numpy
//! arrays it creates once. Steps run with the GIL released, on the env's own thread pool.

use crate::convert::{py_to_value, to_py_err, IllegalActionError};
use crate::{options_map, PyGame};
use meeple_core::search::SearchConfig;
use meeple_core::session::ChanceMode;
use meeple_core::vec_env::{
    Autoreset, Dims, OnIllegal, Outputs, VecEnv, VecEnvConfig, VecEnvError,
};
use meeple_core::{Config, DynGame, GameEntry, Session};
use numpy::{Element, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

/// A batch of `num_envs` games stepped together in Rust (see docs/rl.md).
#[pyclass(name = "VecEnv", module = "meeple._engine", subclass)]
pub struct PyVecEnv {
    env: VecEnv<dyn DynGame>,
    entry: GameEntry,
    seed: u64,
    started: bool,
    action_buf: Vec<i64>,
    observation: Py<PyArray2<f32>>,
    action_mask: Py<PyArray2<i8>>,
    legal_actions: Py<PyArray2<i32>>,
    num_legal: Py<PyArray1<i32>>,
    reward: Py<PyArray1<f32>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    current_player: Py<PyArray1<i32>>,
    final_observation: Py<PyArray2<f32>>,
    final_returns: Py<PyArray2<f32>>,
    episode_length: Py<PyArray1<i32>>,
    episode_actions: Py<PyArray1<i64>>,
}

/// A raw view of a numpy array's data, sendable to the worker threads. Valid while the array is
/// alive and its data is not reallocated: the env keeps a reference to every array (numpy then
/// refuses to resize it), and the pointer is taken anew for each call.
struct Raw<T> {
    ptr: *mut T,
    len: usize,
}
unsafe impl<T> Send for Raw<T> {}

impl<T> Raw<T> {
    /// # Safety
    /// The memory must be valid for `len` elements and touched by nothing else during the use.
    unsafe fn slice<'a>(&self) -> &'a mut [T] {
        if self.len == 0 {
            &mut []
        } else {
            std::slice::from_raw_parts_mut(self.ptr, self.len)
        }
    }
}

fn raw<T: Element, D: numpy::ndarray::Dimension>(
    a: &Bound<'_, numpy::PyArray<T, D>>,
) -> PyResult<Raw<T>> {
    if !a.is_c_contiguous() {
        return Err(PyValueError::new_err(
            "a VecEnv buffer is no longer C-contiguous",
        ));
    }
    Ok(Raw {
        ptr: a.data(),
        len: a.len(),
    })
}

/// Bytes for flags: numpy bool has one byte per element.
fn raw_flags(a: &Bound<'_, PyArray1<bool>>) -> PyResult<Raw<u8>> {
    let r = raw(a)?;
    Ok(Raw {
        ptr: r.ptr.cast::<u8>(),
        len: r.len,
    })
}

struct RawOutputs {
    observation: Raw<f32>,
    action_mask: Raw<i8>,
    legal_actions: Raw<i32>,
    num_legal: Raw<i32>,
    reward: Raw<f32>,
    rewards: Raw<f32>,
    terminated: Raw<u8>,
    truncated: Raw<u8>,
    current_player: Raw<i32>,
    final_observation: Raw<f32>,
    final_returns: Raw<f32>,
    episode_length: Raw<i32>,
    episode_actions: Raw<i64>,
}

impl RawOutputs {
    /// # Safety
    /// See [`Raw::slice`]: the arrays are distinct and alive for the call.
    unsafe fn outputs<'a>(&self) -> Outputs<'a> {
        Outputs {
            observation: self.observation.slice(),
            action_mask: self.action_mask.slice(),
            legal_actions: self.legal_actions.slice(),
            num_legal: self.num_legal.slice(),
            reward: self.reward.slice(),
            rewards: self.rewards.slice(),
            terminated: self.terminated.slice(),
            truncated: self.truncated.slice(),
            current_player: self.current_player.slice(),
            final_observation: self.final_observation.slice(),
            final_returns: self.final_returns.slice(),
            episode_length: self.episode_length.slice(),
            episode_actions: self.episode_actions.slice(),
        }
    }
}

fn env_err(e: VecEnvError) -> PyErr {
    match e {
        VecEnvError::IllegalAction { .. } => IllegalActionError::new_err(e.to_string()),
        VecEnvError::BadInput(_) => PyValueError::new_err(e.to_string()),
        VecEnvError::Internal { .. } => PyValueError::new_err(e.to_string()),
    }
}

fn bot_config(obj: &Bound<'_, PyAny>) -> PyResult<SearchConfig> {
    SearchConfig::from_json(&py_to_value(obj)?)
        .map_err(|e| PyValueError::new_err(format!("bad opponent config: {e}")))
}

/// Per seat: `None` (a learner) or the opponent's bot.
fn seat_plan(
    players: usize,
    learners: Option<&Bound<'_, PyAny>>,
    opponents: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Option<SearchConfig>>> {
    let learner_seats: Vec<usize> = match learners {
        None if opponents.is_none() => (0..players).collect(),
        None => vec![0],
        Some(l) if l.extract::<String>().is_ok_and(|s| s == "all") => (0..players).collect(),
        Some(l) => {
            let seats: Vec<i64> = l
                .extract()
                .map_err(|_| PyValueError::new_err("learners must be 'all' or a list of seats"))?;
            let mut out = Vec::new();
            for s in seats {
                if s < 0 || s as usize >= players {
                    return Err(PyValueError::new_err(format!(
                        "learner seat {s} out of range: this game has {players} players"
                    )));
                }
                if out.contains(&(s as usize)) {
                    return Err(PyValueError::new_err(format!(
                        "learner seat {s} listed twice"
                    )));
                }
                out.push(s as usize);
            }
            if out.is_empty() {
                return Err(PyValueError::new_err(
                    "learners must list at least one seat",
                ));
            }
            out
        }
    };
    let mut plan: Vec<Option<SearchConfig>> = vec![None; players];
    let others: Vec<usize> = (0..players)
        .filter(|s| !learner_seats.contains(s))
        .collect();
    match opponents {
        None => {
            if !others.is_empty() {
                return Err(PyValueError::new_err(format!(
                    "seats {others:?} are not learners: give `opponents` (a bot config) to play them"
                )));
            }
        }
        Some(o) if o.cast::<PyDict>().is_ok() => {
            let c = bot_config(o)?;
            for &s in &others {
                plan[s] = Some(c.clone());
            }
        }
        Some(o) => {
            let list = o.cast::<PyList>().map_err(|_| {
                PyValueError::new_err(
                    "opponents must be a bot config dict or a list with one entry per seat",
                )
            })?;
            if list.len() != players {
                return Err(PyValueError::new_err(format!(
                    "opponents list needs one entry per seat ({players}), got {}",
                    list.len()
                )));
            }
            for (s, item) in list.iter().enumerate() {
                let learner = learner_seats.contains(&s);
                match (item.is_none(), learner) {
                    (true, true) => {}
                    (false, false) => plan[s] = Some(bot_config(&item)?),
                    (true, false) => {
                        return Err(PyValueError::new_err(format!(
                            "seat {s} is not a learner: its opponents entry needs a bot config"
                        )))
                    }
                    (false, true) => {
                        return Err(PyValueError::new_err(format!(
                            "seat {s} is a learner: its opponents entry must be None"
                        )))
                    }
                }
            }
        }
    }
    Ok(plan)
}

impl PyVecEnv {
    fn raw_outputs(&self, py: Python<'_>) -> PyResult<RawOutputs> {
        Ok(RawOutputs {
            observation: raw(self.observation.bind(py))?,
            action_mask: raw(self.action_mask.bind(py))?,
            legal_actions: raw(self.legal_actions.bind(py))?,
            num_legal: raw(self.num_legal.bind(py))?,
            reward: raw(self.reward.bind(py))?,
            rewards: raw(self.rewards.bind(py))?,
            terminated: raw_flags(self.terminated.bind(py))?,
            truncated: raw_flags(self.truncated.bind(py))?,
            current_player: raw(self.current_player.bind(py))?,
            final_observation: raw(self.final_observation.bind(py))?,
            final_returns: raw(self.final_returns.bind(py))?,
            episode_length: raw(self.episode_length.bind(py))?,
            episode_actions: raw(self.episode_actions.bind(py))?,
        })
    }

    fn read_actions(&mut self, actions: &Bound<'_, PyAny>) -> PyResult<()> {
        self.action_buf.clear();
        if let Ok(a) = actions.extract::<PyReadonlyArray1<'_, i64>>() {
            match a.as_slice() {
                Ok(s) => self.action_buf.extend_from_slice(s),
                Err(_) => self.action_buf.extend(a.as_array().iter().copied()),
            }
        } else if let Ok(a) = actions.extract::<PyReadonlyArray1<'_, i32>>() {
            self.action_buf
                .extend(a.as_array().iter().map(|&x| x as i64));
        } else if let Ok(a) = actions.extract::<PyReadonlyArray1<'_, u32>>() {
            self.action_buf
                .extend(a.as_array().iter().map(|&x| x as i64));
        } else if let Ok(a) = actions.extract::<PyReadonlyArray1<'_, u64>>() {
            self.action_buf.extend(
                a.as_array()
                    .iter()
                    .map(|&x| i64::try_from(x).unwrap_or(i64::MAX)),
            );
        } else {
            let v: Vec<i64> = actions.extract().map_err(|_| {
                PyValueError::new_err(
                    "actions must be a 1-d integer array (or list of ints), one per env",
                )
            })?;
            self.action_buf.extend(v);
        }
        Ok(())
    }

    fn check_env_index(&self, i: i64) -> PyResult<usize> {
        let n = self.env.dims().num_envs;
        if i < 0 || i as usize >= n {
            return Err(PyIndexError::new_err(format!(
                "env {i} out of range: this VecEnv has {n} envs"
            )));
        }
        Ok(i as usize)
    }
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(signature = (game, num_envs, players=None, seed=0, options=None, learners=None,
        opponents=None, autoreset="next_step", threads=1, max_steps=0, illegal="raise",
        illegal_penalty=-1.0, observe=true))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &str,
        num_envs: usize,
        players: Option<usize>,
        seed: u64,
        options: Option<&Bound<'_, PyDict>>,
        learners: Option<&Bound<'_, PyAny>>,
        opponents: Option<&Bound<'_, PyAny>>,
        autoreset: &str,
        threads: usize,
        max_steps: u32,
        illegal: &str,
        illegal_penalty: f32,
        observe: bool,
        py: Python<'_>,
    ) -> PyResult<Self> {
        let entry = meeple::find(game).map_err(to_py_err)?;
        let info = (entry.info)();
        let players = players.unwrap_or_else(|| info.min_players.max(info.max_players.min(4)));
        let config = Config::new(&info, players, &options_map(options)?).map_err(to_py_err)?;
        let autoreset = Autoreset::parse(autoreset).map_err(PyValueError::new_err)?;
        let on_illegal = match illegal {
            "raise" => OnIllegal::Raise,
            "penalize" => {
                if !illegal_penalty.is_finite() {
                    return Err(PyValueError::new_err(
                        "illegal_penalty must be a finite number",
                    ));
                }
                OnIllegal::Penalize(illegal_penalty)
            }
            other => {
                return Err(PyValueError::new_err(format!(
                    "illegal must be 'raise' or 'penalize', not '{other}'"
                )))
            }
        };
        let opponents = seat_plan(players, learners, opponents)?;
        let create = entry.create;
        let factory = Box::new(move |s: u64| create(&config, s));
        let cfg = VecEnvConfig {
            num_envs,
            opponents,
            autoreset,
            on_illegal,
            max_steps,
            threads,
            observe,
        };
        let env = py
            .detach(move || VecEnv::new(factory, cfg, seed))
            .map_err(PyValueError::new_err)?;
        let Dims {
            num_envs: n,
            players: p,
            obs_len: d,
            num_actions: a,
        } = env.dims();
        let final_rows = if autoreset == Autoreset::SameStep {
            n
        } else {
            0
        };
        Ok(PyVecEnv {
            env,
            entry,
            seed,
            started: false,
            action_buf: Vec::with_capacity(n),
            observation: PyArray2::zeros(py, [n, d], false).unbind(),
            action_mask: PyArray2::zeros(py, [n, a], false).unbind(),
            legal_actions: PyArray2::from_vec2(py, &vec![vec![-1i32; a]; n])?.unbind(),
            num_legal: PyArray1::zeros(py, n, false).unbind(),
            reward: PyArray1::zeros(py, n, false).unbind(),
            rewards: PyArray2::zeros(py, [n, p], false).unbind(),
            terminated: PyArray1::zeros(py, n, false).unbind(),
            truncated: PyArray1::zeros(py, n, false).unbind(),
            current_player: PyArray1::zeros(py, n, false).unbind(),
            final_observation: PyArray2::zeros(py, [final_rows, d], false).unbind(),
            final_returns: PyArray2::zeros(py, [n, p], false).unbind(),
            episode_length: PyArray1::zeros(py, n, false).unbind(),
            episode_actions: PyArray1::zeros(py, n, false).unbind(),
        })
    }

    /// Start new games (every env, or where `mask` is true). With `seed`, every env's RNG stream
    /// is re-split from it; without, the streams go on. Returns (observation, action_mask).
    #[pyo3(signature = (seed=None, mask=None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<u64>,
        mask: Option<PyReadonlyArray1<'py, bool>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let mask: Option<Vec<bool>> = mask.map(|m| m.as_array().iter().copied().collect());
        if !self.started && mask.is_some() {
            return Err(PyValueError::new_err(
                "the first reset() resets every env: call it without a mask",
            ));
        }
        if let Some(s) = seed {
            self.seed = s;
        }
        let raw = self.raw_outputs(py)?;
        let env = &mut self.env;
        py.detach(move || {
            // SAFETY: the arrays are alive (self holds them) and distinct.
            let mut out = unsafe { raw.outputs() };
            env.reset(seed, mask.as_deref(), &mut out)
        })
        .map_err(env_err)?;
        self.started = true;
        PyTuple::new(
            py,
            [
                self.observation.bind(py).as_any(),
                self.action_mask.bind(py).as_any(),
            ],
        )
    }

    /// One learner action per env (an integer array of length num_envs; ignored where an env is
    /// starting a new game). Returns (observation, action_mask, reward, terminated, truncated).
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        if !self.started {
            return Err(PyValueError::new_err("call reset() before step()"));
        }
        self.read_actions(actions)?;
        let raw = self.raw_outputs(py)?;
        let env = &mut self.env;
        let actions = &self.action_buf;
        py.detach(move || {
            // SAFETY: the arrays are alive (self holds them) and distinct.
            let mut out = unsafe { raw.outputs() };
            env.step(actions, &mut out)
        })
        .map_err(env_err)?;
        PyTuple::new(
            py,
            [
                self.observation.bind(py).as_any(),
                self.action_mask.bind(py).as_any(),
                self.reward.bind(py).as_any(),
                self.terminated.bind(py).as_any(),
                self.truncated.bind(py).as_any(),
            ],
        )
    }

    /// Write every env's observation row now (the seat to move; after an episode's end, the
    /// seat of its last learner step) and return `observation`. Steps write it themselves
    /// unless the env was made with `observe=False`.
    fn observe<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        if !self.started {
            return Err(PyValueError::new_err("call reset() before observe()"));
        }
        let obs = raw(self.observation.bind(py))?;
        let env = &self.env;
        py.detach(move || {
            // SAFETY: the array is alive (self holds it) and nothing else writes it meanwhile.
            let out = unsafe { obs.slice() };
            env.observe(out)
        })
        .map_err(env_err)?;
        Ok(self.observation.bind(py).clone())
    }

    /// Whether steps write `observation` (see `observe()`).
    #[getter]
    fn observes(&self) -> bool {
        self.env.config().observe
    }

    /// Registry name of the game.
    #[getter]
    fn game_id(&self) -> &'static str {
        self.entry.name()
    }
    #[getter]
    fn num_envs(&self) -> usize {
        self.env.dims().num_envs
    }
    #[getter]
    fn num_players(&self) -> usize {
        self.env.dims().players
    }
    /// Length of one observation row.
    #[getter]
    fn observation_size(&self) -> usize {
        self.env.dims().obs_len
    }
    /// Size of the action space (columns of action_mask).
    #[getter]
    fn num_actions(&self) -> usize {
        self.env.dims().num_actions
    }
    /// The learner seats, ascending.
    #[getter]
    fn learners(&self) -> Vec<usize> {
        (0..self.env.dims().players)
            .filter(|&s| self.env.is_learner(s))
            .collect()
    }
    #[getter]
    fn autoreset(&self) -> &'static str {
        self.env.config().autoreset.as_str()
    }
    #[getter]
    fn threads(&self) -> usize {
        self.env.config().threads
    }
    /// The seed of the last seeded reset (or of the constructor).
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }
    /// The options in force (defaults filled in).
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let c = self
            .env
            .game(0)
            .map(|g| g.config().options.clone())
            .unwrap_or_default();
        crate::convert::value_to_py(py, &serde_json::Value::Object(c))
    }

    /// `[N, observation_size]` float32: the observation of the seat to move.
    #[getter]
    fn observation<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.observation.bind(py).clone()
    }
    /// `[N, num_actions]` int8: 1 where the action is legal for the seat to move.
    #[getter]
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i8>> {
        self.action_mask.bind(py).clone()
    }
    /// `[N, num_actions]` int32: the legal actions, ascending, then -1.
    #[getter]
    fn legal_actions<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i32>> {
        self.legal_actions.bind(py).clone()
    }
    /// `[N]` int32: how many legal actions each env has.
    #[getter]
    fn num_legal<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
        self.num_legal.bind(py).clone()
    }
    /// `[N]` float32: the reward of the seat that took the step.
    #[getter]
    fn reward<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f32>> {
        self.reward.bind(py).clone()
    }
    /// `[N, players]` float32: the reward of every seat.
    #[getter]
    fn rewards<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.rewards.bind(py).clone()
    }
    #[getter]
    fn terminated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.terminated.bind(py).clone()
    }
    #[getter]
    fn truncated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.truncated.bind(py).clone()
    }
    /// `[N]` int32: the seat to move, or TERMINAL (-4) where the episode just ended.
    #[getter]
    fn current_player<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
        self.current_player.bind(py).clone()
    }
    /// `[N, observation_size]` (same_step mode; `[0, observation_size]` otherwise): the last
    /// observation of episodes that ended in the last step.
    #[getter]
    fn final_observation<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.final_observation.bind(py).clone()
    }
    /// `[N, players]` float32, where an episode ended in the last call: its returns.
    #[getter]
    fn final_returns<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.final_returns.bind(py).clone()
    }
    /// `[N]` int32, where an episode ended in the last call: its learner steps.
    #[getter]
    fn episode_length<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
        self.episode_length.bind(py).clone()
    }
    /// `[N]` int64, where an episode ended in the last call: every action it applied (chance
    /// outcomes and opponents' moves included).
    #[getter]
    fn episode_actions<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        self.episode_actions.bind(py).clone()
    }

    /// A copy of env `i`'s game as a `meeple.Game` (chance="auto"; its history starts here).
    fn game(&self, i: i64) -> PyResult<PyGame> {
        let i = self.check_env_index(i)?;
        let state = self
            .env
            .game(i)
            .ok_or_else(|| PyIndexError::new_err(format!("no env {i}")))?
            .clone_box();
        Ok(PyGame {
            session: Session {
                entry: self.entry,
                state,
                seed: 0,
                chance: ChanceMode::Auto,
                history: Vec::new(),
                from_seed: false,
                seen: Vec::new(),
            },
        })
    }

    fn __len__(&self) -> usize {
        self.env.dims().num_envs
    }

    fn __repr__(&self) -> String {
        let d = self.env.dims();
        format!(
            "<meeple.VecEnv {} num_envs={} players={} learners={:?} autoreset={} threads={}>",
            self.entry.name(),
            d.num_envs,
            d.players,
            self.learners(),
            self.autoreset(),
            self.threads()
        )
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyVecEnv>()
}
