//! Traders & Barbarians module: B5 The Fishermen of Catan (rules spec Part B). Not yet implemented: the option is refused
//! in `check_modules`.

use serde::{Deserialize, Serialize};

/// Action ids this module numbers (from [`crate::A_TWO`] for Catan for Two, from
/// [`crate::A_SCENARIO`] for a scenario).
pub const NUM_ACTIONS: u32 = 0;

/// The module's state inside [`crate::Catan`] (`None` there when the module is off).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {}
