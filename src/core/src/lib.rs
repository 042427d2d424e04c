//! meeple-core: the contract every meeple game implements, and everything generic over it.
//!
//! - [`Game`]: the trait (dense sorted action ids, validated `apply`, explicit chance nodes,
//!   observations, determinization, serde of the whole state).
//! - [`GameRng`]: the portable seeded generator every game draws its randomness from.
//! - [`Config`] / [`OptionSpec`]: player count and validated options.
//! - [`DynGame`] / [`Session`]: the type-erased game and the auto-chance driver the bindings wrap.
//! - [`hex`]: axial hex-grid helpers shared by the hex-board games.
//! - [`conformance`]: the test kit every game crate runs.
//! - [`playout`]: fast random playouts and batches over threads.
//! - [`interrupt`]: cooperative cancellation of long calls (Ctrl-C from Python).
//! - [`golden`]: golden-file comparison for the playthrough regression tests.

pub mod conformance;
pub mod dynamic;
pub mod error;
pub mod game;
pub mod golden;
pub mod hex;
pub mod interrupt;
pub mod options;
pub mod playout;
pub mod reference;
pub mod rng;
pub mod search;
pub mod session;
pub mod vec_env;

pub use dynamic::{DynGame, GameEntry};
pub use error::{GameError, RuleError};
pub use game::{Action, Game, GameInfo, Turn, CHANCE, TERMINAL};
pub use interrupt::Interrupt;
pub use options::{Config, OptionKind, OptionSpec};
pub use rng::GameRng;
pub use session::{ChanceMode, Record, Session};

/// Version of the JSON envelope written by [`Session::to_json`] and of replay records.
pub const FORMAT_VERSION: u32 = 1;
