//! The reference game's deliberate defects: one per check the conformance kit makes, so the kit's
//! self-tests (`src/core/tests/kit.rs`, `tests/test_conformance.py`) can show each check fail.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

macro_rules! flaws {
    ($($variant:ident = $name:literal: $doc:literal,)*) => {
        /// A deliberate defect (the option `flaw`), each breaking one promise of the contract.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum Flaw {
            $(#[doc = $doc] $variant,)*
        }

        impl Flaw {
            /// Every flaw's option value, `none` first.
            pub const NAMES: &'static [&'static str] = &[$($name),*];
        }
    };
}

flaws! {
    None = "none": "The real game.",
    UnsortedLegal = "unsorted_legal": "legal_actions in descending order.",
    DuplicateLegal = "duplicate_legal": "`pass` listed twice.",
    OutOfRangeLegal = "out_of_range_legal": "A legal action outside 0..num_distinct_actions.",
    TerminalMoves = "terminal_moves": "Legal actions at the end of the game.",
    Stuck = "stuck": "The last seat has no legal action.",
    RefusesLegal = "refuses_legal": "`swap` is listed for the last seat but refused.",
    AcceptsIllegal = "accepts_illegal": "Unknown ids below the action count play as `pass`.",
    DirtyIllegal = "dirty_illegal": "A refused action leaves a trace in the state.",
    NoChanceOutcomes = "no_chance_outcomes": "A swap's draw has no chance outcomes.",
    ZeroWeight = "zero_weight": "Exhausted ranks are chance outcomes of weight 0.",
    ChanceMismatch = "chance_mismatch": "At chance nodes legal_actions lists every rank.",
    PlayerChance = "player_chance": "Chance outcomes at a player's node.",
    BadSeat = "bad_seat": "The last seat is reported as a seat that does not exist.",
    Endless = "endless": "`pass` does not end the turn: longer than the documented bound.",
    ShortBound = "short_bound": "The documented bound is one action short of the longest game.",
    ShiftingActionSpace = "shifting_action_space": "num_distinct_actions grows at the end.",
    EarlyReturns = "early_returns": "Non-zero returns before the end.",
    NanReturns = "nan_returns": "NaN returns for the losers.",
    NanScores = "nan_scores": "NaN score for seat 0.",
    NoWinners = "no_winners": "No winner when nobody bet.",
    DuplicateWinners = "duplicate_winners": "The first winner listed twice.",
    ForeignWinner = "foreign_winner": "A winner that is not a seat (the seat count).",
    HalfReturns = "half_returns": "Terminal returns sum to 1/2.",
    StolenWins = "stolen_wins": "Seat 0 wins in place of the last seat (the volume sees it).",
    RandomSetup = "random_setup": "Set-up depends on a global counter, not only the seed.",
    ForgetsOptions = "forgets_options": "new() keeps a config without the options given.",
    LenientJson = "lenient_json": "Loading fills missing fields from a fresh game.",
    AcceptsForeign = "accepts_foreign": "Loading makes a fresh game of a bare configuration.",
    InexactDefaults = "inexact_defaults": "A position missing a key loads into one that reloads inexactly.",
    InexactJson = "inexact_json": "Loading resets the RNG (an RNG that is not saved).",
    RefusesOwnJson = "refuses_own_json": "Loading refuses a state in which somebody bet.",
    UnsavedState = "unsaved_state": "Play depends on a field left out of the JSON.",
    PanickyJson = "panicky_json": "validate() indexes without checking (panics on bad JSON).",
    UncheckedJson = "unchecked_json": "validate() checks nothing: bad JSON panics in play.",
    PanickyApply = "panicky_apply": "validate() lets `next` out of range: a swap's card then panics.",
    NondeterministicApply = "nondeterministic_apply": "apply() draws from a global counter.",
    SharedClone = "shared_clone": "Clones share a counter (aliasing).",
    DuplicateLabels = "duplicate_labels": "`bet` is labelled `pass`.",
    UnparsableLabel = "unparsable_label": "The `swap` label has a trailing space.",
    NanTensor = "nan_tensor": "The tensor is not fully written.",
    LeakyObservation = "leaky_observation": "The observation shows every player's card.",
    LeakyTensor = "leaky_tensor": "The tensor shows every player's card.",
    FalselyPerfect = "falsely_perfect": "Claims to hide nothing although the cards are hidden.",
    DeterminizeTurn = "determinize_turn": "determinize passes the turn on.",
    DeterminizeLegal = "determinize_legal": "determinize empties the deck.",
    DeterminizeOwnCard = "determinize_own_card": "determinize resamples the observer's card.",
    DeterminizeInvalid = "determinize_invalid": "determinize deals cards that do not exist.",
    DeterminizeKeepsRng = "determinize_keeps_rng": "determinize does not reseed the RNG.",
    DeterminizeFixedSeed = "determinize_fixed_seed": "determinize reseeds, but not from its seed.",
    LazyDeterminize = "lazy_determinize": "determinize resamples nothing.",
}

/// A global counter: what a flawed game wrongly depends on besides its seed and actions.
static GLOBAL: AtomicU64 = AtomicU64::new(1);

pub(super) fn global_tick() -> u64 {
    GLOBAL.fetch_add(1, Ordering::Relaxed)
}

/// A counter shared by every clone of a state (the `shared_clone` defect). Serialized as its
/// value; absent from the JSON while zero, so the real game's positions do not show it.
#[derive(Clone, Debug, Default)]
pub(super) struct Shared(Arc<Mutex<u32>>);

impl Shared {
    pub(super) fn get(&self) -> u32 {
        self.0.lock().map(|v| *v).unwrap_or(0)
    }
    pub(super) fn bump(&self) {
        if let Ok(mut v) = self.0.lock() {
            *v += 1;
        }
    }
    pub(super) fn is_zero(&self) -> bool {
        self.get() == 0
    }
}

impl PartialEq for Shared {
    fn eq(&self, other: &Self) -> bool {
        self.get() == other.get()
    }
}

impl Serialize for Shared {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.get().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Shared {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Shared(Arc::new(Mutex::new(u32::deserialize(d)?))))
    }
}
