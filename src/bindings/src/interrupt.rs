//! Long Rust calls that Ctrl-C can stop.
//!
//! The work runs on a worker thread while the calling (Python) thread waits with the GIL
//! released, waking every [`POLL`] to run `Python::check_signals`. When that raises (Ctrl-C's
//! KeyboardInterrupt, or whatever a signal handler raises), the work's [`Interrupt`] is set, the
//! worker is waited for (it polls the flag, so this is quick) and the exception is raised.
//! A pending exception is never turned into a panic.

use meeple_core::Interrupt;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{sync_channel, RecvTimeoutError};
use std::sync::Mutex;
use std::time::Duration;

/// How often the waiting thread checks for signals.
const POLL: Duration = Duration::from_millis(50);

/// Run `work` with the GIL released, stoppable by Ctrl-C (see the module doc).
pub fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&Interrupt) -> T + Send,
) -> PyResult<T> {
    let stop = Interrupt::new();
    let work = Mutex::new(Some(work));
    let run = &|| {
        let job = work.lock().ok().and_then(|mut w| w.take());
        job.map(|job| catch_unwind(AssertUnwindSafe(|| job(&stop))))
    };
    let outcome = std::thread::scope(|scope| {
        let (tx, rx) = sync_channel(1);
        // The waiting closure runs with the GIL released and must be Send: share the receiver
        // through a mutex (only this thread ever locks it).
        let rx = Mutex::new(rx);
        let wait = |timeout: Option<Duration>| match rx.lock() {
            Ok(rx) => match timeout {
                Some(t) => rx.recv_timeout(t),
                None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
            },
            Err(_) => Err(RecvTimeoutError::Disconnected),
        };
        let spawned = std::thread::Builder::new()
            .name("meeple-work".into())
            .spawn_scoped(scope, move || {
                let _ = tx.send(run());
            });
        if spawned.is_err() {
            // No thread to be had: run here (still with the GIL released, not stoppable).
            return Ok(py.detach(run));
        }
        loop {
            match py.detach(|| wait(Some(POLL))) {
                Ok(outcome) => return Ok(outcome),
                Err(RecvTimeoutError::Disconnected) => return Ok(None),
                Err(RecvTimeoutError::Timeout) => {}
            }
            if let Err(e) = py.check_signals() {
                stop.set();
                let _ = py.detach(|| wait(None));
                return Err(e);
            }
        }
    })?;
    match outcome {
        Some(Ok(value)) => Ok(value),
        _ => Err(PyRuntimeError::new_err(
            "internal error in a meeple worker thread (a bug: please report it)",
        )),
    }
}
