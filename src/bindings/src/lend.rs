//! A Rust buffer lent to numpy for one Python call and taken back after it, so the evaluator of
//! a self-play wave reads the batch's rows without a copy and the next wave refills the same
//! memory (a wave of Catan observations is megabytes: moving it into numpy and growing a new
//! buffer every wave cost more than the search itself).
//!
//! The buffer goes into a small Python object that owns it and is the base of the numpy array.
//! After the call the buffer comes back only if nothing else refers to that object: an
//! evaluator that kept the array, a view of it or a tensor sharing its memory keeps the buffer
//! too (it is never written again), and the batch starts a new one.

use numpy::ndarray::{ArrayViewD, IxDyn};
use numpy::{Element, PyArrayDyn, PyUntypedArrayMethods};
use pyo3::prelude::*;

/// The owner of a lent buffer (one per element type the evaluator is given).
#[pyclass(module = "meeple._engine")]
pub struct LentRows {
    rows: Rows,
}

pub enum Rows {
    F32(Vec<f32>),
    I8(Vec<i8>),
    I32(Vec<i32>),
}

/// The element types a buffer can be lent as.
pub trait Lendable: Element + Sized {
    fn wrap(v: Vec<Self>) -> Rows;
    fn unwrap(rows: &mut Rows) -> Option<&mut Vec<Self>>;
}

macro_rules! lendable {
    ($t:ty, $variant:ident) => {
        impl Lendable for $t {
            fn wrap(v: Vec<Self>) -> Rows {
                Rows::$variant(v)
            }
            fn unwrap(rows: &mut Rows) -> Option<&mut Vec<Self>> {
                match rows {
                    Rows::$variant(v) => Some(v),
                    _ => None,
                }
            }
        }
    };
}
lendable!(f32, F32);
lendable!(i8, I8);
lendable!(i32, I32);

/// A buffer on loan: the numpy array over it and its owner.
pub struct Loan<'py, T: Lendable> {
    pub array: Bound<'py, PyArrayDyn<T>>,
    owner: Bound<'py, LentRows>,
}

/// Lend `buffer` as a C-ordered array of `shape` over its first `shape.product()` elements
/// (the rest, stale rows of a larger batch, stays with it unseen); `buffer` is left empty until
/// [`Loan::give_back`].
pub fn lend<'py, T: Lendable>(
    py: Python<'py>,
    buffer: &mut Vec<T>,
    shape: &[usize],
) -> PyResult<Loan<'py, T>> {
    let n: usize = shape.iter().product();
    let owner = Bound::new(
        py,
        LentRows {
            rows: T::wrap(std::mem::take(buffer)),
        },
    )?;
    let array = {
        let mut guard = owner.borrow_mut();
        let data = T::unwrap(&mut guard.rows)
            .and_then(|v| v.get(..n))
            .unwrap_or(&[]);
        let view = ArrayViewD::from_shape(IxDyn(shape), data).map_err(|e| {
            pyo3::exceptions::PyValueError::new_err(format!("a batch of the wrong size: {e}"))
        })?;
        // SAFETY: the array's base is `owner`, which owns the buffer and keeps it alive as long
        // as the array; the buffer is never reallocated or written while `owner` is shared:
        // `give_back` takes it back only when nothing but this loan refers to `owner`.
        unsafe { PyArrayDyn::borrow_from_array(&view, owner.clone().into_any()) }
    };
    Ok(Loan { array, owner })
}

impl<T: Lendable> Loan<'_, T> {
    /// End the loan: put the buffer back into `buffer` as it was lent (its contents kept, for
    /// the next wave to write over) if no Python object still refers to it, else leave it to
    /// them and give `buffer` a fresh one of the same capacity.
    pub fn give_back(self, buffer: &mut Vec<T>) {
        let Loan { array, owner } = self;
        let len = array.len();
        drop(array);
        // One reference is `owner` itself; any other is an array, view or export still alive.
        // SAFETY: `owner` is a live object and the GIL is held.
        if unsafe { pyo3::ffi::Py_REFCNT(owner.as_ptr()) } == 1 {
            if let Some(v) = T::unwrap(&mut owner.borrow_mut().rows) {
                *buffer = std::mem::take(v);
                return;
            }
        }
        *buffer = Vec::with_capacity(len);
    }
}
