//! Games shared by the core crate's integration tests.

pub mod nim;
