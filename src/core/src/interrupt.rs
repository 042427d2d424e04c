//! Cooperative cancellation of long calls (batches, matches, searches).
//!
//! A long call takes an [`Interrupt`] and its workers poll it (a relaxed atomic load, far cheaper
//! than one playout step or search iteration). Whoever drives the call sets it: the Python
//! bindings do so when `Python::check_signals` reports Ctrl-C, then raise `KeyboardInterrupt`.
//! A stopped call returns [`INTERRUPTED`] as its error (a search returns what it found so far).

use std::sync::atomic::{AtomicBool, Ordering};

/// The error text of a call stopped by its [`Interrupt`].
pub const INTERRUPTED: &str = "interrupted";

/// A flag a long call polls; once set it stays set.
#[derive(Debug, Default)]
pub struct Interrupt(AtomicBool);

/// An interrupt nobody sets, for calls that are not cancellable.
pub static NEVER: Interrupt = Interrupt::new();

impl Interrupt {
    pub const fn new() -> Self {
        Interrupt(AtomicBool::new(false))
    }

    /// Ask the call to stop as soon as it can.
    pub fn set(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// `Err(INTERRUPTED)` once set.
    pub fn check(&self) -> Result<(), String> {
        if self.is_set() {
            Err(INTERRUPTED.to_string())
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_sticks() {
        let i = Interrupt::new();
        assert!(i.check().is_ok());
        i.set();
        assert!(i.is_set());
        assert_eq!(i.check().unwrap_err(), INTERRUPTED);
        assert!(!NEVER.is_set());
    }
}
