//! JSON values <-> Python objects, the one rule for int arguments, and game errors -> Python
//! exceptions.

use meeple_core::GameError;
use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map, Number, Value};

pyo3::create_exception!(
    _engine,
    IllegalActionError,
    PyValueError,
    "An action that is not legal in the current state. The state is unchanged."
);

/// The deepest nesting of lists, tuples and dicts accepted in an option value, a search config
/// or a record (the outermost container is level 1). Deeper values are refused with a
/// ValueError instead of recursing without bound (docs/api.md, "Limits").
pub const MAX_DEPTH: usize = 100;

/// Characters of the caller's input quoted in an error message, at most.
const QUOTE_CHARS: usize = 60;

pub fn to_py_err(e: GameError) -> PyErr {
    match e {
        GameError::Illegal(msg) => IllegalActionError::new_err(msg),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// A bounded prefix of `text` for an error message.
pub fn quote(text: &str) -> String {
    if text.chars().count() <= QUOTE_CHARS {
        return text.to_string();
    }
    let head: String = text.chars().take(QUOTE_CHARS).collect();
    format!("{head}...")
}

/// `repr(obj)`, cut to a bounded prefix (never fails: huge ints have no repr in Python 3.11+).
pub fn short_repr(obj: &Bound<'_, PyAny>) -> String {
    match obj.repr() {
        Ok(r) => quote(&r.to_string_lossy()),
        Err(_) => format!("a {} too large to print", type_name(obj)),
    }
}

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "value".into())
}

/// The one rule for int arguments (actions, seats, seeds, counts): anything `operator.index`
/// accepts (int, numpy integers), never a bool. Returns the value if it lies in `lo..=hi`; a
/// non-int or a value out of range raises ValueError naming `what`.
pub fn int_in(obj: &Bound<'_, PyAny>, what: &str, lo: i128, hi: i128) -> PyResult<i128> {
    match index_value(obj, what)? {
        Some(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err(PyValueError::new_err(format!(
            "{what} must be in {lo}..={hi}, got {}",
            short_repr(obj)
        ))),
    }
}

/// `operator.index(obj)` as an i128: Ok(None) if it is an int beyond even that range; a bool or
/// a non-int raises ValueError naming `what`.
pub fn index_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Option<i128>> {
    index_value(obj, what)
}

fn index_value(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Option<i128>> {
    if obj.is_instance_of::<PyBool>() || type_name(obj) == "bool" || type_name(obj) == "bool_" {
        return Err(PyValueError::new_err(format!(
            "{what} must be an int, not a bool ({})",
            short_repr(obj)
        )));
    }
    // PyLong_AsLongLong and friends call __index__, so numpy integers pass and floats do not.
    match obj.extract::<i64>() {
        Ok(v) => return Ok(Some(v as i128)),
        Err(e) if !e.is_instance_of::<PyOverflowError>(obj.py()) => {
            return Err(PyValueError::new_err(format!(
                "{what} must be an int, got {} ({})",
                type_name(obj),
                short_repr(obj)
            )));
        }
        Err(_) => {}
    }
    Ok(obj.extract::<u64>().ok().map(|u| u as i128))
}

/// An int argument in `lo..=hi` as an unsigned machine integer.
pub fn u64_in(obj: &Bound<'_, PyAny>, what: &str, lo: u64, hi: u64) -> PyResult<u64> {
    int_in(obj, what, lo as i128, hi as i128).map(|v| v as u64)
}

/// A seed: an int in 0..=2**64-1.
pub fn seed_arg(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    u64_in(obj, "seed", 0, u64::MAX)
}

pub fn value_to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any()
            }
        }
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(a) => {
            let list = PyList::empty(py);
            for x in a {
                list.append(value_to_py(py, x)?)?;
            }
            list.into_any()
        }
        Value::Object(m) => {
            let d = PyDict::new(py);
            for (k, x) in m {
                d.set_item(k, value_to_py(py, x)?)?;
            }
            d.into_any()
        }
    })
}

/// Convert a Python value (dict, list, tuple, str, int, float, bool, None; numpy integers and
/// anything else with `__index__` count as ints) to JSON, nested at most [`MAX_DEPTH`] deep.
pub fn py_to_value(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    to_value(obj, 0)
}

fn to_value(obj: &Bound<'_, PyAny>, depth: usize) -> PyResult<Value> {
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        let x = f.value();
        return Number::from_f64(x)
            .map(Value::Number)
            .ok_or_else(|| PyValueError::new_err(format!("{x} is not a finite number")));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::String(s.to_str()?.to_string()));
    }
    let is_container = obj.is_instance_of::<PyDict>()
        || obj.is_instance_of::<PyList>()
        || obj.is_instance_of::<PyTuple>();
    if is_container && depth >= MAX_DEPTH {
        return Err(PyValueError::new_err(format!(
            "value nested more than {MAX_DEPTH} levels deep (lists, tuples and dicts)"
        )));
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut m = Map::new();
        for (k, v) in d.iter() {
            let key = k.cast::<PyString>().map_err(|_| {
                PyValueError::new_err(format!("dictionary key {} is not a string", short_repr(&k)))
            })?;
            m.insert(key.to_str()?.to_string(), to_value(&v, depth + 1)?);
        }
        return Ok(Value::Object(m));
    }
    if let Ok(l) = obj.cast::<PyList>() {
        return l
            .iter()
            .map(|x| to_value(&x, depth + 1))
            .collect::<PyResult<Vec<_>>>()
            .map(Value::Array);
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        return t
            .iter()
            .map(|x| to_value(&x, depth + 1))
            .collect::<PyResult<Vec<_>>>()
            .map(Value::Array);
    }
    if obj.is_instance_of::<PyInt>() || obj.hasattr("__index__").unwrap_or(false) {
        return match index_value(obj, "an int value")? {
            Some(i) if i64::try_from(i).is_ok() => Ok(Value::from(i as i64)),
            Some(i) if u64::try_from(i).is_ok() => Ok(Value::from(i as u64)),
            _ => Err(PyValueError::new_err(format!(
                "integer {} is too large (JSON ints here are 64-bit)",
                short_repr(obj)
            ))),
        };
    }
    Err(PyValueError::new_err(format!(
        "cannot use a value of type {} here (expected JSON-like data)",
        type_name(obj)
    )))
}
