//! PUCT (AlphaZero-style) search with priors and values from an evaluator outside the tree,
//! evaluated in batches across many searches at once.
//!
//! - [`Search`]: one search. [`Search::collect`] walks the tree until it reaches leaves that
//!   need the evaluator (one per call, or up to `leaves_per_search` with virtual loss), writing
//!   their observation, legal-action mask and seat into a [`LeafBatch`]; [`Search::absorb`] takes
//!   the evaluator's priors and values for those rows, expands and backs up. Terminal leaves are
//!   backed up with [`SearchState::returns`] without the evaluator.
//! - [`Runner`]: N games and N searches in lockstep (self-play, or against fixed bots), one
//!   evaluator call per wave, per-decision training data out.
//! - [`PuctConfig`]: every parameter, as one serde struct (`{"simulations": 200, "gumbel": true}`).
//!
//! Values are one per seat, in the scale of [`crate::Game::returns`] (a win is 1, shared wins
//! split it, about `[0, 1]`). Chance nodes are sampled by their exact weights. Where the
//! configuration hides information (`hidden_information()`), every simulation runs on a fresh
//! determinization for the searching seat (single-observer ISMCTS). See `docs/neural.md`.

mod noise;
mod runner;
mod search;
mod state;
mod tree;

pub use runner::{GameRecord, Opponent, Runner, RunnerConfig, SeatPlayer, TrainingRow, Wave};
pub use search::{check_outputs, LeafBatch, PuctResult, Search};
pub use state::{DynState, SearchState};

use serde::{Deserialize, Serialize};

/// The PUCT search's parameters. Every field is optional in JSON; unknown fields are refused.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PuctConfig {
    /// Simulations per decision (the root's own evaluation not counted, as in mctx).
    pub simulations: u32,
    /// Exploration weight of the prior term `c * P * sqrt(N) / (1 + n)`. Values are in `[0, 1]`.
    pub c_puct: f64,
    /// Evaluator leaves a search may hand over per wave. Above 1, pending leaves count as
    /// visits worth 0 (virtual loss) so the simulations of one wave spread out.
    pub leaves_per_search: u32,
    /// Dirichlet noise at the root: `(1 - fraction) * P + fraction * Dir(alpha)`. 0 = off.
    pub dirichlet_fraction: f64,
    pub dirichlet_alpha: f64,
    /// Move choice from the root visit counts: 0 = most visits; `t > 0` samples with
    /// probability proportional to `visits^(1/t)`. Ignored under `gumbel`.
    pub temperature: f64,
    /// Gumbel root selection (Gumbel AlphaZero): sample `max_considered` actions without
    /// replacement by Gumbel-top-k on the prior logits, share the simulations among them by
    /// sequential halving, pick the survivor; the policy target is the improved policy
    /// `softmax(logits + sigma(completed Q))`. Interior nodes keep PUCT.
    pub gumbel: bool,
    pub max_considered: u32,
    /// Scale of the Gumbel noise (0: deterministic, for evaluation games).
    pub gumbel_scale: f64,
    /// `sigma(q) = (c_visit + max visits) * c_scale * q` on min-max normalised Q.
    pub c_visit: f64,
    pub c_scale: f64,
}

impl Default for PuctConfig {
    fn default() -> Self {
        PuctConfig {
            simulations: 100,
            c_puct: 1.25,
            leaves_per_search: 1,
            dirichlet_fraction: 0.0,
            dirichlet_alpha: 0.3,
            temperature: 0.0,
            gumbel: false,
            max_considered: 16,
            gumbel_scale: 1.0,
            c_visit: 50.0,
            c_scale: 0.1,
        }
    }
}

/// The most simulations one search accepts.
pub const MAX_SIMULATIONS: u32 = 1 << 24;

impl PuctConfig {
    /// Read and check a configuration from JSON.
    pub fn from_json(value: &serde_json::Value) -> Result<Self, String> {
        let c: PuctConfig = serde_json::from_value(value.clone())
            .map_err(|e| format!("bad PUCT configuration: {e}"))?;
        c.validate()?;
        Ok(c)
    }

    /// Name the first out-of-range parameter.
    pub fn validate(&self) -> Result<(), String> {
        let bad = |field: &str, why: String| Err(format!("PUCT option '{field}': {why}"));
        let finite_nonneg = |x: f64| x.is_finite() && x >= 0.0;
        if !(1..=MAX_SIMULATIONS).contains(&self.simulations) {
            return bad(
                "simulations",
                format!("{} is outside 1..={MAX_SIMULATIONS}", self.simulations),
            );
        }
        if !(1..=4096).contains(&self.leaves_per_search) {
            return bad(
                "leaves_per_search",
                format!("{} is outside 1..=4096", self.leaves_per_search),
            );
        }
        for (name, x) in [
            ("c_puct", self.c_puct),
            ("temperature", self.temperature),
            ("gumbel_scale", self.gumbel_scale),
            ("c_visit", self.c_visit),
            ("c_scale", self.c_scale),
        ] {
            if !finite_nonneg(x) {
                return bad(name, format!("{x} is not a non-negative number"));
            }
        }
        if !(0.0..=1.0).contains(&self.dirichlet_fraction) {
            return bad(
                "dirichlet_fraction",
                format!("{} is outside [0, 1]", self.dirichlet_fraction),
            );
        }
        if !(self.dirichlet_alpha.is_finite() && self.dirichlet_alpha > 0.0) {
            return bad(
                "dirichlet_alpha",
                format!("{} is not a positive number", self.dirichlet_alpha),
            );
        }
        if self.max_considered == 0 {
            return bad("max_considered", "must be at least 1".into());
        }
        Ok(())
    }
}
