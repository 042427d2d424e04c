//! PUCT search and lockstep self-play with a Python evaluator: `puct_search` (one decision) and
//! `selfplay` (N games, one evaluator call per wave). Tree work runs with the GIL released; the
//! GIL is taken once per wave to call the evaluator. Generic: nothing game-specific here.

use crate::convert::{py_to_value, to_py_err, value_to_py};
use crate::lend::lend;
use crate::{lookup, options_map, search_config, PyGame};
use meeple_core::playout::game_seed;
use meeple_core::search::puct::{
    self, DynState, LeafBatch, Opponent, PuctConfig, Runner, RunnerConfig, Search, SeatPlayer,
};
use meeple_core::{Action, Config};
use numpy::{
    dtype, PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyReadonlyArray2,
    PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use serde_json::Value;
use std::time::Instant;

fn puct_config(config: Option<&Bound<'_, PyDict>>) -> PyResult<PuctConfig> {
    match config {
        None => Ok(PuctConfig::default()),
        Some(d) => PuctConfig::from_json(&py_to_value(d.as_any())?).map_err(PyValueError::new_err),
    }
}

/// Time spent in Python evaluators and how often they were called.
#[derive(Default)]
struct EvalClock {
    calls: u64,
    rows: u64,
    seconds: f64,
}

/// An evaluator output as float32 numbers: read in place when it is a C-contiguous float32
/// array (the usual case: no copy of a wave's priors), converted otherwise.
enum Matrix<'py> {
    Borrowed(PyReadonlyArray2<'py, f32>),
    Owned(Vec<f32>),
}

impl Matrix<'_> {
    fn as_slice(&self) -> &[f32] {
        match self {
            // A borrowed matrix is contiguous (checked when it was made).
            Matrix::Borrowed(a) => a.as_slice().unwrap_or(&[]),
            Matrix::Owned(v) => v,
        }
    }
}

/// One evaluator output as `rows x cols` float32, checked: a numpy array (anything else goes
/// through `numpy.asarray`) of that shape, float32 or float64.
fn read_matrix<'py>(
    py: Python<'py>,
    obj: &Bound<'py, PyAny>,
    name: &str,
    rows: usize,
    cols: usize,
    cols_name: &str,
) -> PyResult<Matrix<'py>> {
    let array = match obj.cast::<PyUntypedArray>() {
        Ok(a) => a.clone(),
        Err(_) => {
            let np = py.import("numpy")?;
            let converted = np.call_method1("asarray", (obj,)).map_err(|e| {
                PyValueError::new_err(format!(
                    "evaluator {name} must be a numpy array of shape ({rows}, {cols}), got {} \
                     ({e})",
                    type_name(obj)
                ))
            })?;
            converted
                .cast::<PyUntypedArray>()
                .map_err(|_| {
                    PyValueError::new_err(format!(
                        "evaluator {name} must be a numpy array, got {}",
                        type_name(obj)
                    ))
                })?
                .clone()
        }
    };
    let dt = array.dtype();
    let (is_f32, is_f64) = (
        dt.is_equiv_to(&dtype::<f32>(py)),
        dt.is_equiv_to(&dtype::<f64>(py)),
    );
    if !is_f32 && !is_f64 {
        return Err(PyValueError::new_err(format!(
            "evaluator {name} have dtype {}, expected float32 or float64",
            dt.str()?
        )));
    }
    if array.shape() != [rows, cols] {
        let dims: Vec<String> = array.shape().iter().map(|d| d.to_string()).collect();
        let shape = match dims.len() {
            1 => format!("({},)", dims[0]),
            _ => format!("({})", dims.join(", ")),
        };
        return Err(PyValueError::new_err(format!(
            "evaluator {name} have shape {shape}, expected ({rows}, {cols}) = (batch, {cols_name})"
        )));
    }
    if is_f32 {
        let a = array.cast::<PyArray2<f32>>()?.readonly();
        return Ok(if a.as_slice().is_ok() {
            Matrix::Borrowed(a)
        } else {
            Matrix::Owned(a.as_array().iter().copied().collect())
        });
    }
    let a = array.cast::<PyArray2<f64>>()?.readonly();
    Ok(Matrix::Owned(
        a.as_array().iter().map(|&x| x as f32).collect(),
    ))
}

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    let t = obj.get_type();
    let q = t
        .qualname()
        .map(|q| q.to_string())
        .unwrap_or_else(|_| "an unknown type".into());
    match t.module() {
        Ok(m) if m.to_str().is_ok_and(|m| m != "builtins") => format!("{m}.{q}"),
        _ => q,
    }
}

/// Call `evaluator(observations [B, D] float32, masks [B, A] int8, seats [B] int32)` on the
/// rows of `batch` (its buffers are handed to numpy without a copy) and check what comes back.
fn evaluate<'py>(
    py: Python<'py>,
    evaluator: &Bound<'py, PyAny>,
    batch: &mut LeafBatch,
    clock: &mut EvalClock,
) -> PyResult<(Matrix<'py>, Matrix<'py>)> {
    let rows = batch.rows();
    let (d, a, p) = (batch.tensor_len, batch.num_actions, batch.players);
    let obs = lend(py, &mut batch.observations, &[rows, d])?;
    let masks = lend(py, &mut batch.masks, &[rows, a])?;
    let seats = lend(py, &mut batch.seats, &[rows])?;
    let start = Instant::now();
    let called = evaluator.call1((&obs.array, &masks.array, &seats.array));
    clock.seconds += start.elapsed().as_secs_f64();
    obs.give_back(&mut batch.observations);
    masks.give_back(&mut batch.masks);
    seats.give_back(&mut batch.seats);
    let out = called?;
    clock.calls += 1;
    clock.rows += rows as u64;
    let pair = out
        .cast::<PyTuple>()
        .map(|t| t.as_any().clone())
        .or_else(|_| out.cast::<PyList>().map(|l| l.as_any().clone()))
        .ok()
        .filter(|x| x.len().ok() == Some(2))
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "the evaluator must return (priors, values), got {}",
                type_name(&out)
            ))
        })?;
    let priors = read_matrix(
        py,
        &pair.get_item(0)?,
        "priors",
        rows,
        a,
        "num_distinct_actions",
    )?;
    let values = read_matrix(py, &pair.get_item(1)?, "values", rows, p, "players")?;
    Ok((priors, values))
}

/// One PUCT decision for the player to move in `game` (GIL released between evaluator calls).
/// Returns action, seat, legal, visits, q, prior, policy, value, simulations, evaluations,
/// evaluator_calls, evaluator_seconds, seconds.
#[pyfunction]
#[pyo3(signature = (game, evaluator, config=None, seed=0))]
fn puct_search<'py>(
    py: Python<'py>,
    game: &PyGame,
    evaluator: &Bound<'py, PyAny>,
    config: Option<&Bound<'py, PyDict>>,
    seed: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let start = Instant::now();
    let cfg = puct_config(config)?;
    let root = DynState(game.session.state.clone_box());
    let mut search = Search::new(root.clone(), &cfg, seed).map_err(PyValueError::new_err)?;
    let mut batch = LeafBatch::for_state(&root);
    let mut clock = EvalClock::default();
    while !search.is_done() {
        batch.clear();
        let rows = py
            .detach(|| search.collect(&mut batch))
            .map_err(PyValueError::new_err)?;
        if rows == 0 {
            continue;
        }
        let (p, v) = evaluate(py, evaluator, &mut batch, &mut clock)?;
        let (p, v) = (p.as_slice(), v.as_slice());
        puct::check_outputs(p, v, rows, batch.num_actions, batch.players)
            .map_err(PyValueError::new_err)?;
        // The outputs are read in place with the GIL released, as numpy's own loops do.
        py.detach(|| search.absorb(p, v, 0))
            .map_err(PyValueError::new_err)?;
    }
    let r = search.result(None);
    let v = serde_json::json!({
        "action": r.action,
        "seat": r.seat,
        "legal": r.legal,
        "visits": r.visits,
        "q": r.q,
        "prior": r.prior,
        "policy": r.policy,
        "value": r.value,
        "simulations": r.simulations,
        "evaluations": r.evaluations,
        "nodes": r.nodes,
        "evaluator_calls": clock.calls,
        "evaluator_seconds": clock.seconds,
        "seconds": start.elapsed().as_secs_f64(),
    });
    value_to_py(py, &v)
}

/// Who plays each seat, and the fixed bots they index.
type Seats = (Vec<SeatPlayer>, Vec<Box<dyn Opponent<DynState>>>);

fn seat_players(seats: &Bound<'_, PyList>, evaluators: usize) -> PyResult<Seats> {
    let mut players = Vec::new();
    let mut bots: Vec<Box<dyn Opponent<DynState>>> = Vec::new();
    for (s, item) in seats.iter().enumerate() {
        if let Ok(d) = item.cast::<PyDict>() {
            let cfg = search_config(d)?;
            players.push(SeatPlayer::Bot(bots.len()));
            bots.push(Box::new(move |state: &DynState, seed: u64| {
                state.0.search(&cfg, seed).map(|r| r.action)
            }));
        } else {
            let k: usize = item.extract().map_err(|_| {
                PyValueError::new_err(format!(
                    "seat {s}: expected an evaluator index or a bot config dict, got {item}"
                ))
            })?;
            if k >= evaluators {
                return Err(PyValueError::new_err(format!(
                    "seat {s} uses evaluator {k}, but {evaluators} were given"
                )));
            }
            players.push(SeatPlayer::Puct(k));
        }
    }
    Ok((players, bots))
}

/// Play `games` games in lockstep (game i set up from `game_seed(seed, first_game + i)`, so
/// disjoint ranges of one seed can run apart and give the same games); `seats[s]` is an
/// evaluator index (PUCT) or a bot config dict; with `rotate`, seat s of game i is played by
/// `seats[(s + i) % players]`. Returns the training rows and the games as numpy arrays, plus
/// timing (see `meeple.selfplay`).
#[pyfunction]
#[pyo3(signature = (name, players, games, evaluators, seats, config=None, seed=0,
                    rotate=false, temperature_moves=None, record=true, options=None,
                    first_game=0, max_plies=None, threads=1))]
#[allow(clippy::too_many_arguments)]
fn selfplay<'py>(
    py: Python<'py>,
    name: &str,
    players: usize,
    games: usize,
    evaluators: Vec<Bound<'py, PyAny>>,
    seats: &Bound<'py, PyList>,
    config: Option<&Bound<'py, PyDict>>,
    seed: u64,
    rotate: bool,
    temperature_moves: Option<u32>,
    record: bool,
    options: Option<&Bound<'py, PyDict>>,
    first_game: u64,
    max_plies: Option<u64>,
    threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let start = Instant::now();
    let entry = lookup(name).map_err(to_py_err)?;
    let config_g =
        Config::new(&(entry.info)(), players, &options_map(options)?).map_err(to_py_err)?;
    if games == 0 {
        return Err(PyValueError::new_err("games must be at least 1"));
    }
    if evaluators.iter().any(|e| !e.is_callable()) {
        return Err(PyValueError::new_err("every evaluator must be callable"));
    }
    let cfg = puct_config(config)?;
    let (seat_list, bots) = seat_players(seats, evaluators.len())?;
    let mut start_states = Vec::with_capacity(games);
    for i in 0..games {
        let s = game_seed(seed, first_game + i as u64);
        start_states.push((
            DynState((entry.create)(&config_g, s).map_err(to_py_err)?),
            s,
        ));
    }
    let mut runner = Runner::new(
        start_states,
        &seat_list,
        rotate,
        bots,
        evaluators.len(),
        RunnerConfig {
            puct: cfg,
            temperature_moves,
            record,
            max_plies,
            threads,
        },
    )
    .map_err(PyValueError::new_err)?;
    let mut clock = EvalClock::default();
    let mut waves = 0u64;
    loop {
        let more = py
            .detach(|| runner.prepare())
            .map_err(PyValueError::new_err)?;
        if !more {
            break;
        }
        waves += 1;
        let mut outs = Vec::with_capacity(evaluators.len());
        for (k, ev) in evaluators.iter().enumerate() {
            let batch = &mut runner.wave().batches[k];
            outs.push(if batch.rows() > 0 {
                evaluate(py, ev, batch, &mut clock)?
            } else {
                (Matrix::Owned(Vec::new()), Matrix::Owned(Vec::new()))
            });
        }
        let refs: Vec<(&[f32], &[f32])> = outs
            .iter()
            .map(|(p, v)| (p.as_slice(), v.as_slice()))
            .collect();
        // `finish` checks the outputs; they are read in place with the GIL released, as
        // numpy's own loops do.
        py.detach(|| runner.finish(&refs))
            .map_err(PyValueError::new_err)?;
    }
    let (simulations, evaluations) = runner.counts();
    let (records, rows) = runner.into_results();
    let out = PyDict::new(py);
    let first = (entry.create)(&config_g, 0).map_err(to_py_err)?;
    let (d, a) = (
        first.observation_tensor_len(),
        first.num_distinct_actions() as usize,
    );
    let n = rows.len();
    let mut obs = Vec::with_capacity(n * d);
    let mut masks = vec![0i8; n * a];
    let mut policies = vec![0f32; n * a];
    let mut returns = Vec::with_capacity(n * players);
    for (i, r) in rows.iter().enumerate() {
        obs.extend_from_slice(&r.observation);
        for (&act, &p) in r.legal.iter().zip(&r.policy) {
            masks[i * a + act as usize] = 1;
            policies[i * a + act as usize] = p;
        }
        returns.extend(records[r.game].returns.iter().map(|&x| x as f32));
    }
    let col = |f: &dyn Fn(&puct::TrainingRow) -> i32| -> Vec<i32> { rows.iter().map(f).collect() };
    out.set_item("observations", PyArray1::from_vec(py, obs).reshape([n, d])?)?;
    out.set_item("masks", PyArray1::from_vec(py, masks).reshape([n, a])?)?;
    out.set_item(
        "policies",
        PyArray1::from_vec(py, policies).reshape([n, a])?,
    )?;
    out.set_item("seats", PyArray1::from_vec(py, col(&|r| r.seat as i32)))?;
    out.set_item(
        "returns",
        PyArray1::from_vec(py, returns).reshape([n, players])?,
    )?;
    out.set_item(
        "values",
        PyArray1::from_vec(py, rows.iter().map(|r| r.value).collect()),
    )?;
    out.set_item("actions", PyArray1::from_vec(py, col(&|r| r.action as i32)))?;
    out.set_item("games", PyArray1::from_vec(py, col(&|r| r.game as i32)))?;
    out.set_item("plies", PyArray1::from_vec(py, col(&|r| r.ply as i32)))?;
    let g = records.len();
    let game_returns: Vec<f64> = records.iter().flat_map(|r| r.returns.clone()).collect();
    out.set_item(
        "game_returns",
        PyArray1::from_vec(py, game_returns).reshape([g, players])?,
    )?;
    let seating: Vec<i32> = records
        .iter()
        .flat_map(|r| {
            r.seating.iter().map(|s| match *s {
                SeatPlayer::Puct(k) => k as i32,
                SeatPlayer::Bot(_) => -1,
            })
        })
        .collect();
    out.set_item(
        "game_seating",
        PyArray1::from_vec(py, seating).reshape([g, players])?,
    )?;
    out.set_item(
        "game_finished",
        PyArray1::from_vec(py, records.iter().map(|r| r.finished).collect()),
    )?;
    out.set_item(
        "game_lengths",
        PyArray1::from_vec(py, records.iter().map(|r| r.actions.len() as u64).collect()),
    )?;
    let record_list = PyList::empty(py);
    for r in &records {
        let rec = serde_json::json!({
            "format": meeple_core::FORMAT_VERSION,
            "game": name,
            "players": players,
            "options": Value::Object(config_g.options.clone()),
            "seed": r.seed,
            "chance": "auto",
            "actions": r.actions.iter().map(|&x| x as Action).collect::<Vec<_>>(),
        });
        record_list.append(rec.to_string())?;
    }
    out.set_item("records", record_list)?;
    let seconds = start.elapsed().as_secs_f64();
    let stats = PyDict::new(py);
    stats.set_item("simulations", simulations)?;
    stats.set_item("evaluator_rows", evaluations)?;
    stats.set_item("evaluator_calls", clock.calls)?;
    stats.set_item("waves", waves)?;
    stats.set_item("seconds", seconds)?;
    stats.set_item("evaluator_seconds", clock.seconds)?;
    stats.set_item("engine_seconds", seconds - clock.seconds)?;
    out.set_item("stats", stats)?;
    Ok(out)
}

/// Check a PUCT config dict; raises ValueError naming the problem.
#[pyfunction]
fn check_puct_config(config: &Bound<'_, PyDict>) -> PyResult<()> {
    puct_config(Some(config)).map(|_| ())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(check_puct_config, m)?)?;
    m.add_function(wrap_pyfunction!(puct_search, m)?)?;
    m.add_function(wrap_pyfunction!(selfplay, m)?)?;
    Ok(())
}
