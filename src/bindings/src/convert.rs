//! JSON values <-> Python objects, and game errors -> Python exceptions.

use meeple_core::GameError;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map, Number, Value};

pyo3::create_exception!(
    _engine,
    IllegalActionError,
    PyValueError,
    "An action that is not legal in the current state. The state is unchanged."
);

pub fn to_py_err(e: GameError) -> PyErr {
    match e {
        GameError::Illegal(msg) => IllegalActionError::new_err(msg),
        other => PyValueError::new_err(other.to_string()),
    }
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

/// Convert a Python value (dict, list, tuple, str, int, float, bool, None) to JSON.
pub fn py_to_value(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if obj.is_instance_of::<PyInt>() {
        if let Ok(i) = obj.extract::<i64>() {
            return Ok(Value::from(i));
        }
        if let Ok(u) = obj.extract::<u64>() {
            return Ok(Value::from(u));
        }
        return Err(PyValueError::new_err(format!("integer {obj} is too large")));
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
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut m = Map::new();
        for (k, v) in d.iter() {
            let key = k.cast::<PyString>().map_err(|_| {
                PyValueError::new_err(format!("dictionary key {k} is not a string"))
            })?;
            m.insert(key.to_str()?.to_string(), py_to_value(&v)?);
        }
        return Ok(Value::Object(m));
    }
    if let Ok(l) = obj.cast::<PyList>() {
        return l
            .iter()
            .map(|x| py_to_value(&x))
            .collect::<PyResult<Vec<_>>>()
            .map(Value::Array);
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        return t
            .iter()
            .map(|x| py_to_value(&x))
            .collect::<PyResult<Vec<_>>>()
            .map(Value::Array);
    }
    Err(PyValueError::new_err(format!(
        "cannot use a value of type {} here (expected JSON-like data)",
        obj.get_type().name()?
    )))
}
