//! The conformance kit: seeded random playouts that check, at every step, the properties every
//! game promises (see the [`Game`] docs and DESIGN.md). A game crate calls [`assert_conforms`]
//! from its tests with its configurations; [`check`] returns the first failure as text.

use crate::dynamic::load_state;
use crate::game::{Action, Game, Turn};
use crate::options::Config;
use crate::playout::game_seed;
use crate::rng::GameRng;
use serde_json::Value;
use std::collections::HashSet;
use std::panic::{catch_unwind, AssertUnwindSafe};

mod determinization;
mod positions;
mod volume;

pub use positions::mutate_json;
pub use volume::{assert_volume, check_volume, config_of, volume_games, VolumeStats};

/// How hard the kit works.
#[derive(Clone, Debug)]
pub struct KitOptions {
    /// Random playouts per configuration.
    pub playouts: usize,
    pub seed: u64,
    /// Expensive checks (every legal action applied, JSON round trip, clone independence,
    /// determinization, label round trip, JSON fuzzing) run every this many steps...
    pub deep_every: usize,
    /// ...and at every step of this many first playouts.
    pub deep_playouts: usize,
}

impl Default for KitOptions {
    fn default() -> Self {
        KitOptions {
            playouts: 200,
            seed: 0xC0FFEE,
            deep_every: 7,
            deep_playouts: 1,
        }
    }
}

/// What the kit saw.
#[derive(Clone, Debug, Default)]
pub struct KitStats {
    pub games: usize,
    pub steps: u64,
    pub max_length: u64,
    pub deep_checks: u64,
    /// Determinizations made by the deep checks, and how many changed more than the RNG.
    pub determinized: u64,
    pub resampled: u64,
}

impl KitStats {
    fn add(&mut self, s: &KitStats) {
        self.games += s.games;
        self.steps += s.steps;
        self.max_length = self.max_length.max(s.max_length);
        self.deep_checks += s.deep_checks;
        self.determinized += s.determinized;
        self.resampled += s.resampled;
    }
}

/// Stricter rules a game may opt into (kept apart from [`KitOptions`] so that games building
/// `KitOptions` field by field keep compiling).
#[derive(Clone, Debug, Default)]
pub struct KitRules {
    /// Every top-level key of a position is required: a position missing one is refused. Games
    /// whose positions give documented defaults to omitted keys leave it false; the kit then
    /// requires that a position missing a key is refused or loads to a state that plays.
    pub every_key_required: bool,
    /// In a configuration with hidden information, determinize must resample something
    /// somewhere over the run (not only reseed the RNG). Off by default: a game whose hidden
    /// part can be deduced from the public history (perfect recall) may rightly keep it.
    pub resampling_required: bool,
    /// The game's documented reason why the hidden part of its hidden-information
    /// configurations is deducible from the public history by perfect recall (Puerto Rico's
    /// `hidden_vp` chips: every gain is public). With it, determinize must keep that part: it
    /// may change nothing but the RNG, as in a configuration without hidden information, and
    /// `resampling_required` is met by keeping it.
    pub deducible_hidden: Option<&'static str>,
}

/// One default configuration per allowed player count.
pub fn default_configs<G: Game>() -> Vec<Config> {
    let info = G::info();
    (info.min_players..=info.max_players)
        .filter_map(|p| Config::with_players(&info, p).ok())
        .collect()
}

/// Run the kit over `configs`; panic with the first failure (for `#[test]`s).
pub fn assert_conforms<G: Game>(configs: &[Config], options: &KitOptions) -> KitStats {
    assert_conforms_with::<G>(configs, options, &KitRules::default())
}

/// [`assert_conforms`] with stricter rules.
pub fn assert_conforms_with<G: Game>(
    configs: &[Config],
    options: &KitOptions,
    rules: &KitRules,
) -> KitStats {
    let mut total = KitStats::default();
    for c in configs {
        match check_with::<G>(c, options, rules) {
            Ok(s) => total.add(&s),
            Err(e) => panic!(
                "{} conformance failed ({} players, options {}): {e}",
                G::info().name,
                c.players,
                Value::Object(c.options.clone())
            ),
        }
    }
    total
}

/// Run the kit on one configuration. Returns the first failure found.
pub fn check<G: Game>(config: &Config, options: &KitOptions) -> Result<KitStats, String> {
    check_with::<G>(config, options, &KitRules::default())
}

/// [`check`] with stricter rules.
pub fn check_with<G: Game>(
    config: &Config,
    options: &KitOptions,
    rules: &KitRules,
) -> Result<KitStats, String> {
    let mut stats = KitStats::default();
    check_setup::<G>(config, options.seed)?;
    let deep = Deep {
        every: options.deep_every,
        spread_after: 0,
        rules: rules.clone(),
    };
    for i in 0..options.playouts {
        let seed = game_seed(options.seed, i as u64);
        let deep_all = i < options.deep_playouts;
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            playout::<G>(config, seed, deep_all, &deep, &mut stats)
        }));
        match outcome {
            Ok(Ok(_)) => stats.games += 1,
            Ok(Err(e)) => return Err(format!("playout {i} (seed {seed}): {e}")),
            Err(p) => {
                return Err(format!(
                    "playout {i} (seed {seed}): panicked: {}",
                    panic_text(&p)
                ))
            }
        }
    }
    if rules.resampling_required && rules.deducible_hidden.is_none() {
        check_resampling::<G>(config, &stats)?;
    }
    Ok(stats)
}

/// How the deep checks run.
struct Deep {
    every: usize,
    /// 0: every `every`-th step of the whole game. Otherwise the spacing grows by `every` after
    /// each `spread_after` steps (see [`deep_step`]).
    spread_after: u64,
    rules: KitRules,
}

impl Deep {
    fn at(&self, step: u64) -> bool {
        deep_step(self.every as u64, self.spread_after, step)
    }
}

/// Whether `step` gets the deep checks: every `every`-th step, the spacing growing to
/// `every * (k + 1)` in the `k`-th block of `spread_after` steps (0: never grows). A deep step
/// costs thousands of plain ones (JSON round trips, every legal action on a clone): spreading
/// them keeps a 30,000-step game's checks near 1,250 instead of 4,286 while still reaching its
/// late positions; games shorter than `spread_after` are checked exactly as without it.
fn deep_step(every: u64, spread_after: u64, step: u64) -> bool {
    if every == 0 {
        return false;
    }
    let block = step.checked_div(spread_after).unwrap_or(0);
    step.is_multiple_of(every * (block + 1))
}

/// A configuration with hidden information must have its determinizations resample something,
/// somewhere over the playouts (one that only reseeds the RNG hides nothing from a search).
fn check_resampling<G: Game>(config: &Config, stats: &KitStats) -> Result<(), String> {
    let hidden = G::new(config, 0)
        .map(|g| g.hidden_information())
        .unwrap_or(false);
    if hidden && stats.determinized >= 20 && stats.resampled == 0 {
        return Err(format!(
            "determinize resampled nothing in {} calls (only the RNG changed) although the \
             configuration has hidden information",
            stats.determinized
        ));
    }
    Ok(())
}

fn panic_text(p: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "(non-string panic)".into()
    }
}

fn check_setup<G: Game>(config: &Config, seed: u64) -> Result<(), String> {
    let a = G::new(config, seed).map_err(|e| format!("new failed: {e}"))?;
    let b = G::new(config, seed).map_err(|e| format!("new failed: {e}"))?;
    if a.to_json_value() != b.to_json_value() {
        return Err("two games created with the same seed differ".into());
    }
    if a.config() != config {
        return Err("config() differs from the config given to new".into());
    }
    for foreign in [
        Value::Null,
        Value::from(42),
        Value::Array(vec![]),
        serde_json::json!({"foo": 1}),
        Value::from("state"),
        // Well-formed and of this game's configuration, but no position.
        serde_json::json!({ "config": a.to_json_value().get("config").cloned() }),
    ] {
        match catch_unwind(|| load_state::<G>(&foreign)) {
            Ok(Ok(_)) => return Err(format!("foreign JSON {foreign} was accepted as a state")),
            Ok(Err(_)) => {}
            Err(_) => return Err(format!("loading foreign JSON {foreign} panicked")),
        }
    }
    Ok(())
}

fn playout<G: Game>(
    config: &Config,
    seed: u64,
    deep_all: bool,
    deep: &Deep,
    stats: &mut KitStats,
) -> Result<G, String> {
    let start = || G::new(config, seed).map_err(|e| format!("new failed: {e}"));
    playout_from(start, seed, deep_all, deep, stats)
}

/// Run the kit's random playouts from given positions (e.g. hand-written JSON states that reach
/// rare situations random play from the start seldom meets). Each playout starts from a clone of
/// a position with its RNG reseeded.
pub fn check_positions<G: Game>(positions: &[G], options: &KitOptions) -> Result<KitStats, String> {
    let mut stats = KitStats::default();
    let deep = Deep {
        every: options.deep_every,
        spread_after: 0,
        rules: KitRules::default(),
    };
    for (k, pos) in positions.iter().enumerate() {
        pos.validate()
            .map_err(|e| format!("position {k} is invalid: {e}"))?;
        for i in 0..options.playouts {
            let seed = game_seed(options.seed ^ k as u64, i as u64);
            let start = || {
                let mut g = pos.clone();
                *g.rng_mut() = GameRng::new(seed);
                Ok(g)
            };
            let deep_all = i < options.deep_playouts;
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                playout_from(start, seed, deep_all, &deep, &mut stats)
            }));
            match outcome {
                Ok(Ok(_)) => stats.games += 1,
                Ok(Err(e)) => return Err(format!("position {k}, playout {i} (seed {seed}): {e}")),
                Err(p) => {
                    return Err(format!(
                        "position {k}, playout {i} (seed {seed}): panicked: {}",
                        panic_text(&p)
                    ))
                }
            }
        }
    }
    Ok(stats)
}

/// One checked playout; returns the final state.
fn playout_from<G: Game>(
    start: impl Fn() -> Result<G, String>,
    seed: u64,
    deep_all: bool,
    deep: &Deep,
    stats: &mut KitStats,
) -> Result<G, String> {
    let mut g = start()?;
    let config = g.config().clone();
    let config = &config;
    let n = g.num_distinct_actions();
    let bound = g.max_game_length();
    let players = config.players;
    let mut rng = GameRng::new(seed ^ 0x5EED);
    let mut history: Vec<Action> = Vec::new();
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    let mut step: u64 = 0;
    loop {
        let turn = g.turn();
        if g.num_distinct_actions() != n {
            return Err(format!(
                "step {step}: num_distinct_actions changed during the game"
            ));
        }
        g.legal_actions(&mut legal);
        g.chance_outcomes(&mut outcomes);
        check_basic(&g, turn, &legal, &outcomes, n, players)
            .map_err(|e| format!("step {step}: {e}"))?;
        let is_deep = deep_all || deep.at(step);
        if is_deep {
            stats.deep_checks += 1;
            deep_checks(&g, turn, &legal, n, &mut rng, &deep.rules, stats)
                .map_err(|e| format!("step {step}: {e}"))?;
        }
        if turn == Turn::Terminal {
            check_terminal(&g, players)?;
            break;
        }
        if step >= bound {
            return Err(format!(
                "game did not end within its documented bound of {bound} actions"
            ));
        }
        // Illegal ids are refused (cheap check, every step).
        for bad in [n, u32::MAX, rng.below(n.max(1))] {
            if legal.binary_search(&bad).is_err() {
                let mut c = g.clone();
                if c.apply(bad).is_ok() {
                    return Err(format!("step {step}: illegal action {bad} was accepted"));
                }
            }
        }
        let action = if turn == Turn::Chance {
            outcomes[rng.weighted(outcomes.iter().map(|o| o.1))].0
        } else {
            legal[rng.index(legal.len())]
        };
        if is_deep {
            // Clone independence and JSON continuation: the same action on a clone and on a
            // reloaded copy gives the same state, and leaves the original untouched.
            let before = g.to_json_value();
            let mut c = g.clone();
            c.apply(action).map_err(|e| {
                format!("step {step}: legal action {action} refused on a clone: {e}")
            })?;
            if g.to_json_value() != before {
                return Err(format!(
                    "step {step}: applying to a clone changed the original"
                ));
            }
            let mut reloaded = load_state::<G>(&before)
                .map_err(|e| format!("step {step}: reloading own JSON failed: {e}"))?;
            reloaded
                .apply(action)
                .map_err(|e| format!("step {step}: action refused after a JSON round trip: {e}"))?;
            if reloaded.to_json_value() != c.to_json_value() {
                return Err(format!(
                    "step {step}: a JSON round trip changed how action {action} plays"
                ));
            }
        }
        g.apply(action).map_err(|e| {
            format!(
                "step {step}: legal action {action} ('{}') refused: {e}",
                g.action_label(action)
            )
        })?;
        history.push(action);
        step += 1;
    }
    stats.steps += step;
    stats.max_length = stats.max_length.max(step);
    // Same seed and actions give the same game.
    let mut again = start()?;
    for (i, &a) in history.iter().enumerate() {
        again
            .apply(a)
            .map_err(|e| format!("replaying step {i} failed: {e}"))?;
    }
    if again.to_json_value() != g.to_json_value() {
        return Err("replaying the same seed and actions gave a different final state".into());
    }
    Ok(g)
}

fn check_basic<G: Game>(
    g: &G,
    turn: Turn,
    legal: &[Action],
    outcomes: &[(Action, u32)],
    n: u32,
    players: usize,
) -> Result<(), String> {
    if legal.windows(2).any(|w| w[0] >= w[1]) {
        return Err(format!("legal actions not strictly ascending: {legal:?}"));
    }
    if let Some(&a) = legal.iter().find(|&&a| a >= n) {
        return Err(format!("legal action {a} outside 0..{n}"));
    }
    match turn {
        Turn::Terminal => {
            if !legal.is_empty() || !outcomes.is_empty() {
                return Err("terminal state has legal actions or chance outcomes".into());
            }
        }
        Turn::Chance => {
            if outcomes.is_empty() {
                return Err("chance node without outcomes".into());
            }
            if outcomes.iter().any(|o| o.1 == 0) {
                return Err("chance outcome with zero weight".into());
            }
            let ids: Vec<Action> = outcomes.iter().map(|o| o.0).collect();
            if ids != legal {
                return Err(format!(
                    "chance outcomes {ids:?} differ from legal actions {legal:?}"
                ));
            }
        }
        Turn::Player(p) => {
            if p >= players {
                return Err(format!("current player {p} out of range"));
            }
            if legal.is_empty() {
                return Err("no legal actions at a non-terminal state".into());
            }
            if !outcomes.is_empty() {
                return Err("chance outcomes at a player's node".into());
            }
        }
    }
    let r = g.returns();
    if r.len() != players || r.iter().any(|x| !x.is_finite()) {
        return Err(format!("returns {r:?} not finite per seat"));
    }
    if turn != Turn::Terminal && r.iter().any(|&x| x != 0.0) {
        return Err(format!("returns {r:?} non-zero before the end"));
    }
    let s = g.scores();
    if s.len() != players || s.iter().any(|x| !x.is_finite()) {
        return Err(format!("scores {s:?} not finite per seat"));
    }
    Ok(())
}

fn check_terminal<G: Game>(g: &G, players: usize) -> Result<(), String> {
    let w = g.winners();
    if w.is_empty() {
        return Err("terminal state without winners".into());
    }
    let unique: HashSet<usize> = w.iter().copied().collect();
    if unique.len() != w.len() || w.iter().any(|&s| s >= players) {
        return Err(format!("winners {w:?} not unique seats"));
    }
    let total: f64 = g.returns().iter().sum();
    if (total - 1.0).abs() > 1e-9 {
        return Err(format!("terminal returns sum to {total}, not 1"));
    }
    Ok(())
}

fn deep_checks<G: Game>(
    g: &G,
    turn: Turn,
    legal: &[Action],
    n: u32,
    rng: &mut GameRng,
    rules: &KitRules,
    stats: &mut KitStats,
) -> Result<(), String> {
    let json = g.to_json_value();
    // Serialization round trip.
    let back = load_state::<G>(&json).map_err(|e| format!("own JSON refused: {e}"))?;
    if back.to_json_value() != json {
        return Err("JSON round trip is not exact".into());
    }
    positions::check_incomplete::<G>(&json, rules, rng)?;
    // Every legal action applies; illegal ones leave the state unchanged.
    for &a in legal {
        let mut c = g.clone();
        c.apply(a)
            .map_err(|e| format!("legal action {a} ('{}') refused: {e}", g.action_label(a)))?;
        if g.to_json_value() != json {
            return Err(format!(
                "applying action {a} to a clone changed the original"
            ));
        }
    }
    for _ in 0..4 {
        let bad = rng.below(n.max(1));
        if legal.binary_search(&bad).is_err() {
            let mut c = g.clone();
            if c.apply(bad).is_ok() {
                return Err(format!("illegal action {bad} was accepted"));
            }
            if c.to_json_value() != json {
                return Err(format!("refused action {bad} changed the state"));
            }
        }
    }
    // Labels: unique among legal actions and parse back.
    let mut seen = HashSet::new();
    for &a in legal {
        let label = g.action_label(a);
        if !seen.insert(label.clone()) {
            return Err(format!("label '{label}' is shared by two legal actions"));
        }
        if g.parse_action(&label) != Some(a) {
            return Err(format!("label '{label}' of action {a} does not parse back"));
        }
    }
    determinization::check::<G>(g, turn, legal, &json, rng, rules.deducible_hidden, stats)?;
    positions::fuzz::<G>(&json, rng)
}
