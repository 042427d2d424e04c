//! The search module on tiny games: Nim (perfect information, 2 or 3 players), Guess (one hidden
//! card, the smallest game where peeking pays) and the reference game (chance and hidden cards).

mod common;

use common::nim::{Nim, MAX_HEAP};
use meeple_core::reference::Reference;
use meeple_core::search::{
    self, Bot, BotKind, ChanceEval, HeuristicBot, Mcts, RandomBot, Rollout, SearchConfig,
    SearchResult,
};
use meeple_core::{Action, Config, Game, GameError, GameInfo, GameRng, RuleError, Turn};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

// ---------------------------------------------------------------------------------------------
// Guess: chance deals player 1 a hidden card from {0: 1, 1: 1, 2: 1, 3: 3} (weights); player 0
// names a card and wins if it is right. Honest play names 3; a player who peeks names the card.

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Guess {
    config: Config,
    card: Option<u8>,
    guess: Option<u8>,
    rng: GameRng,
    /// A spied state panics if anything reads it beyond `turn`, `legal_actions`, `config` and
    /// `determinize` (whose result is not spied).
    spied: bool,
}

const GUESS_WEIGHTS: [u32; 4] = [1, 1, 1, 3];

impl Guess {
    fn dealt(card: u8) -> Guess {
        let mut g = Guess::new(&Config::with_players(&Guess::info(), 2).unwrap(), 5).unwrap();
        g.apply(card as Action).unwrap();
        g
    }
    fn spied(card: u8) -> Guess {
        Guess {
            spied: true,
            ..Guess::dealt(card)
        }
    }
    fn read(&self) {
        assert!(!self.spied, "the search read the real state");
    }
}

impl Game for Guess {
    fn info() -> GameInfo {
        GameInfo {
            name: "guess",
            title: "Guess",
            min_players: 2,
            max_players: 2,
            options: vec![],
            hidden_information: true,
            state_version: 1,
        }
    }
    fn new(config: &Config, seed: u64) -> Result<Self, GameError> {
        Ok(Guess {
            config: config.clone(),
            card: None,
            guess: None,
            rng: GameRng::new(seed),
            spied: false,
        })
    }
    fn config(&self) -> &Config {
        &self.config
    }
    fn num_distinct_actions(&self) -> u32 {
        4
    }
    fn turn(&self) -> Turn {
        match (self.card, self.guess) {
            (None, _) => Turn::Chance,
            (Some(_), None) => Turn::Player(0),
            _ => Turn::Terminal,
        }
    }
    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.turn() != Turn::Terminal {
            out.extend(0..4);
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        self.read();
        out.clear();
        if self.turn() == Turn::Chance {
            out.extend((0..4).map(|k| (k as Action, GUESS_WEIGHTS[k])));
        }
    }
    fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        self.read();
        if action >= 4 {
            return Err(RuleError::new("no such card"));
        }
        match self.turn() {
            Turn::Chance => self.card = Some(action as u8),
            Turn::Player(_) => self.guess = Some(action as u8),
            Turn::Terminal => return Err(RuleError::new("over")),
        }
        Ok(())
    }
    fn scores(&self) -> Vec<f64> {
        self.read();
        let w = self.winners();
        (0..2).map(|p| w.contains(&p) as u8 as f64).collect()
    }
    fn winners(&self) -> Vec<usize> {
        self.read();
        match (self.card, self.guess) {
            (Some(c), Some(g)) => vec![if c == g { 0 } else { 1 }],
            _ => vec![],
        }
    }
    fn observation(&self, seat: usize) -> Value {
        self.read();
        let card = if seat == 1 || self.guess.is_some() {
            json!(self.card)
        } else {
            Value::Null
        };
        json!({ "card": card, "guess": self.guess })
    }
    fn observation_tensor_len(&self) -> usize {
        8
    }
    fn observation_tensor(&self, seat: usize, out: &mut [f32]) {
        self.read();
        out.fill(0.0);
        if let Some(c) = self.card.filter(|_| seat == 1 || self.guess.is_some()) {
            out[c as usize] = 1.0;
        }
        if let Some(g) = self.guess {
            out[4 + g as usize] = 1.0;
        }
    }
    fn action_label(&self, action: Action) -> String {
        format!("card {action}")
    }
    /// Player 0 does not see the card: draw it again from the weights, from `seed` alone.
    fn determinize(&self, seat: usize, seed: u64) -> Self {
        let mut g = self.clone();
        g.rng = GameRng::new(seed);
        g.spied = false;
        if seat == 0 && self.guess.is_none() && self.card.is_some() {
            let k = g.rng.weighted(GUESS_WEIGHTS.iter().copied());
            g.card = Some(k as u8);
        }
        g
    }
    fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }
    fn max_game_length(&self) -> u64 {
        2
    }
    fn render(&self) -> String {
        format!("{:?} {:?}", self.card, self.guess)
    }
}

// ---------------------------------------------------------------------------------------------
// Helpers.

fn config(v: Value) -> SearchConfig {
    SearchConfig::from_json(&v).unwrap()
}

/// Everything but the wall-clock time.
fn same(a: &SearchResult, b: &SearchResult) -> bool {
    a.action == b.action
        && a.seat == b.seat
        && a.kind == b.kind
        && a.stats == b.stats
        && a.iterations == b.iterations
        && a.nodes == b.nodes
}

/// Play a game between bots (seat i plays `bots[i]`), chance drawn from the game's own RNG.
fn play<G: Game>(mut g: G, bots: &[&dyn Bot<G>], seed: u64) -> Vec<f64> {
    let mut rng = GameRng::new(seed);
    let mut outcomes = Vec::new();
    while g.turn() != Turn::Terminal {
        let a = match g.turn() {
            Turn::Chance => {
                g.chance_outcomes(&mut outcomes);
                outcomes[rng.weighted(outcomes.iter().map(|o| o.1))].0
            }
            Turn::Player(p) => bots[p].choose(&g, rng.next_u64()).unwrap(),
            Turn::Terminal => unreachable!(),
        };
        g.apply(a).unwrap();
    }
    g.returns()
}

fn reference(players: usize, deals: &[Action]) -> Reference {
    let mut g = Reference::new(
        &Config::with_players(&Reference::info(), players).unwrap(),
        1,
    )
    .unwrap();
    for &d in deals {
        g.apply(d).unwrap();
    }
    g
}

// ---------------------------------------------------------------------------------------------
// Tests.

#[test]
fn mcts_finds_the_forced_win_in_nim() {
    // Heaps 2, 3, 6: nim-sum 7; the only winning move takes 5 from the heap of 6 (action 18),
    // and every other move loses against perfect play.
    let g = Nim::position(2, [2, 3, 6], 0);
    for threads in [1, 2] {
        let r = search::search(
            &g,
            &config(json!({"kind": "mcts", "iterations": 10000, "threads": threads})),
            7,
        )
        .unwrap();
        assert_eq!(r.kind, "uct");
        assert_eq!(r.action, 18, "threads {threads}: {r:?}");
        assert_eq!(r.iterations, 10000);
        assert_eq!(r.stats.len(), 11);
        let win = r.stats.iter().find(|s| s.action == 18).unwrap();
        assert!(win.value > 0.8 && win.visits > 3000, "{r:?}");
    }
    // The losing side of a won position: every move loses, and MCTS values them all low.
    let lost = Nim::position(2, [1, 2, 3], 1);
    let r = search::search(&lost, &config(json!({"iterations": 5000})), 3).unwrap();
    let best = r.stats.iter().map(|s| s.value).fold(0.0, f64::max);
    assert!(best < 0.5, "{r:?}");
}

#[test]
fn mcts_in_a_three_player_game_values_moves_for_the_mover() {
    // Player 2 to move with one heap of 3: taking all 3 wins at once.
    let g = Nim::position(3, [0, 0, 3], 2);
    let r = search::search(&g, &config(json!({"iterations": 3000})), 1).unwrap();
    assert_eq!(r.seat, 2);
    assert_eq!(r.action, 2 * MAX_HEAP + 2);
    let win = r.stats.iter().find(|s| s.action == r.action).unwrap();
    assert!((win.value - 1.0).abs() < 1e-9, "{r:?}");
    // Heaps 1 and 1 with player 0 to move: whatever it does, player 1 takes the last stone.
    let g = Nim::position(3, [1, 1, 0], 0);
    let r = search::search(&g, &config(json!({"iterations": 500})), 1).unwrap();
    assert!(r.stats.iter().all(|s| s.value == 0.0), "{r:?}");
}

#[test]
fn heuristic_bot_is_greedy_on_evaluate() {
    let g = Nim::position(2, [3, 4, 5], 0);
    let r = search::search(&g, &SearchConfig::of(BotKind::Heuristic), 9).unwrap();
    assert_eq!(r.kind, "heuristic");
    assert_eq!(r.action, 1);
    assert_eq!(r.stats.iter().map(|s| s.visits).sum::<u64>(), 1);
    assert_eq!(r.stats[1].value, 1.0);
    // A rollout cut at depth 0 scores leaves with evaluate: a perfect evaluation, so few
    // iterations suffice.
    let r = search::search(
        &g,
        &config(json!({"iterations": 200, "rollout_depth": 0})),
        9,
    )
    .unwrap();
    assert_eq!(r.action, 1);
}

#[test]
fn heuristic_bot_averages_or_samples_chance() {
    // Reference, 2 players, before the deals: nothing to choose. After the deals the decision is
    // followed by no chance except on swap; both modes give a value to every action.
    let g = reference(2, &[2, 0]); // player 0 holds a 3, player 1 a 1
    for chance in [ChanceEval::Average, ChanceEval::Sample] {
        let bot = HeuristicBot {
            chance,
            samples: 16,
        };
        let r = bot.analyze(&g, 4).unwrap();
        assert_eq!(r.stats.len(), 3);
        assert!(
            r.stats.iter().all(|s| (0.0..=1.0).contains(&s.value)),
            "{r:?}"
        );
        assert_eq!(r, {
            let mut again = bot.analyze(&g, 4).unwrap();
            again.seconds = r.seconds;
            again
        });
    }
}

#[test]
fn bots_refuse_states_without_a_player_to_move() {
    let g = reference(2, &[]);
    assert_eq!(g.turn(), Turn::Chance);
    for kind in ["random", "heuristic", "mcts", "uct", "ismcts"] {
        let e = search::search(&g, &config(json!({ "kind": kind })), 1).unwrap_err();
        assert!(e.contains("chance"), "{kind}: {e}");
    }
    let mut over = Nim::position(2, [0, 0, 1], 0);
    over.apply(2 * MAX_HEAP).unwrap();
    let e = search::search(&over, &SearchConfig::default(), 1).unwrap_err();
    assert!(e.contains("over"), "{e}");
}

#[test]
fn ismcts_does_not_see_the_hidden_card() {
    let cfg = config(json!({"kind": "mcts", "iterations": 4000}));
    let results: Vec<SearchResult> = (0..4)
        .map(|card| search::search(&Guess::dealt(card), &cfg, 11).unwrap())
        .collect();
    for r in &results {
        assert_eq!(r.kind, "ismcts");
        assert_eq!(r.action, 3, "{r:?}");
        // Identical statistics: the search never read the card.
        assert!(same(r, &results[0]), "{r:?} vs {:?}", results[0]);
    }
    // UCT on the true state peeks (a cheating baseline), and names the card.
    for card in 0..4 {
        let r = search::search(
            &Guess::dealt(card),
            &config(json!({"kind": "uct", "iterations": 400})),
            11,
        )
        .unwrap();
        assert_eq!(r.action, card as Action, "{r:?}");
    }
}

#[test]
fn ismcts_on_the_reference_game_ignores_the_opponents_card() {
    // Player 0 holds a 4; player 1 holds a 5 or a 1. Same seed, same observation for player 0.
    // (Reference::determinize pools the unseen cards in an order that depends on where they
    // are, so statistics differ slightly; the choice must not.)
    let high = reference(2, &[3, 4]);
    let low = reference(2, &[3, 0]);
    assert_eq!(high.observation(0), low.observation(0));
    for threads in [1, 2] {
        let cfg = config(json!({"kind": "mcts", "iterations": 6000, "threads": threads}));
        let a = search::search(&high, &cfg, 21).unwrap();
        let b = search::search(&low, &cfg, 21).unwrap();
        assert_eq!(a.kind, "ismcts");
        assert_eq!(a.action, b.action, "{a:?}\n{b:?}");
        assert_eq!(a.action, 1, "bet with a 4: {a:?}");
    }
    // UCT on the true state peeks: it bets against the 1 and swaps against the 5.
    let cfg = config(json!({"kind": "uct", "iterations": 6000}));
    let a = search::search(&high, &cfg, 21).unwrap();
    let b = search::search(&low, &cfg, 21).unwrap();
    assert_eq!((a.action, b.action), (2, 1), "{a:?}\n{b:?}");
}

#[test]
fn search_is_deterministic_for_a_seed_and_thread_count() {
    let g = reference(3, &[1, 3, 4]);
    for kind in ["uct", "ismcts", "random", "heuristic"] {
        for threads in [1, 2, 3] {
            let cfg = config(json!({"kind": kind, "iterations": 1500, "threads": threads}));
            let a = search::search(&g, &cfg, 99).unwrap();
            let b = search::search(&g, &cfg, 99).unwrap();
            assert!(same(&a, &b), "{kind} x{threads}: {a:?} vs {b:?}");
            let visits: u64 = a.stats.iter().map(|s| s.visits).sum();
            if kind == "uct" || kind == "ismcts" {
                assert_eq!(a.iterations, 1500);
                assert_eq!(
                    visits, 1500,
                    "every iteration passes through one root action"
                );
            }
        }
    }
    // Another seed searches differently.
    let cfg = config(json!({"kind": "ismcts", "iterations": 1500}));
    let a = search::search(&g, &cfg, 1).unwrap();
    let b = search::search(&g, &cfg, 2).unwrap();
    assert_ne!(a.stats, b.stats);
}

#[test]
fn heuristic_rollouts_and_depth_cutoff_run() {
    let g = reference(4, &[0, 1, 2, 3]);
    let cfg = config(json!({
        "kind": "ismcts", "iterations": 800, "rollout": "heuristic", "rollout_depth": 3,
        "rollout_epsilon": 0.2, "c": 0.8
    }));
    let r = search::search(&g, &cfg, 5).unwrap();
    assert_eq!(r.iterations, 800);
    assert!(r.stats.iter().all(|s| s.value.is_finite()));
    let m = Mcts {
        rollout: Rollout::Heuristic,
        rollout_epsilon: 0.0,
        ..Mcts::uct(1000)
    };
    let r = m.analyze(&Nim::position(2, [2, 3, 6], 0), 1).unwrap();
    assert_eq!(r.action, 18, "perfect evaluation in the rollouts: {r:?}");
}

#[test]
fn time_budget_stops_the_search() {
    let g = reference(3, &[1, 3, 4]);
    let cfg = config(json!({"kind": "ismcts", "seconds": 0.05, "threads": 2}));
    let r = search::search(&g, &cfg, 5).unwrap();
    // No iteration limit: only the clock can have stopped it, and not before the budget (no
    // upper bound on the wall clock: the machine may be busy).
    assert!(r.iterations > 0, "{r:?}");
    assert!(r.seconds >= 0.05, "{r:?}");
    // Both limits: the iterations run out first.
    let cfg = config(json!({"kind": "uct", "seconds": 10.0, "iterations": 300}));
    assert_eq!(search::search(&g, &cfg, 5).unwrap().iterations, 300);
}

#[test]
fn a_spent_time_budget_still_runs_one_batch_of_eight_iterations() {
    // The clock is read every eight iterations, never before the first: a budget of a
    // nanosecond has passed at the first reading, so each thread runs exactly eight (whatever
    // the machine's speed), and a search always has a result to give.
    let g = reference(3, &[1, 3, 4]);
    for (kind, threads) in [("uct", 1), ("ismcts", 1), ("uct", 2)] {
        let cfg = config(json!({"kind": kind, "seconds": 1e-9, "threads": threads}));
        let r = search::search(&g, &cfg, 5).unwrap();
        assert_eq!(
            r.iterations,
            8 * threads as u64,
            "{kind} on {threads} threads: {r:?}"
        );
    }
}

#[test]
fn the_tree_stops_growing_at_max_nodes() {
    // Nim's tree from heaps 3, 4, 5 is far larger than 50 nodes: each thread's tree fills to
    // the limit, and the result counts every thread's.
    let g = Nim::position(2, [3, 4, 5], 0);
    for threads in [1, 2] {
        let c = config(json!({"iterations": 2000, "max_nodes": 50, "threads": threads}));
        let r = search::search(&g, &c, 1).unwrap();
        assert_eq!(r.iterations, 2000);
        assert_eq!(r.nodes, 50 * threads);
    }
}

/// An action the search never tried has value 0 (not the 0 / 0 of its empty statistics).
#[test]
fn an_unvisited_action_has_value_zero() {
    let g = Nim::position(2, [3, 4, 5], 0);
    let r = Mcts::uct(2).analyze(&g, 1).unwrap();
    assert_eq!(r.stats.iter().filter(|s| s.visits > 0).count(), 2);
    for s in r.stats.iter().filter(|s| s.visits == 0) {
        assert_eq!(s.value, 0.0, "{s:?}");
    }
}

/// ISMCTS on a configuration that hides nothing is UCT: the same search, reported as `uct`.
#[test]
fn ismcts_without_hidden_information_is_uct() {
    let g = Nim::position(2, [3, 4, 5], 0);
    let ismcts = Mcts::ismcts(300).analyze(&g, 4).unwrap();
    let uct = Mcts::uct(300).analyze(&g, 4).unwrap();
    assert_eq!(ismcts.kind, "uct");
    assert!(same(&ismcts, &uct), "{ismcts:?} against {uct:?}");
}

#[test]
fn a_single_legal_action_is_returned_without_search() {
    let g = Nim::position(2, [0, 0, 1], 0);
    let r = search::search(&g, &SearchConfig::default(), 1).unwrap();
    assert_eq!((r.action, r.iterations), (2 * MAX_HEAP, 0));
    assert_eq!(r.policy(), vec![1.0]);
}

#[test]
fn mcts_and_heuristic_beat_random_at_nim() {
    let mcts = Mcts::uct(300);
    let heuristic = HeuristicBot::default();
    let random = RandomBot;
    let start = Nim::position(2, [3, 4, 5], 0);
    for (name, bot) in [("mcts", &mcts as &dyn Bot<Nim>), ("heuristic", &heuristic)] {
        let mut wins = 0.0;
        let games = 40;
        for i in 0..games {
            // Alternate seats: the seat of the strong bot moves first in half the games.
            let seat = i % 2;
            let bots: [&dyn Bot<Nim>; 2] = if seat == 0 {
                [bot, &random]
            } else {
                [&random, bot]
            };
            wins += play(start.clone(), &bots, i as u64)[seat];
        }
        assert!(wins >= 0.85 * games as f64, "{name}: {wins}/{games}");
    }
}

#[test]
fn ismcts_beats_random_at_the_reference_game() {
    // Chance and hidden cards; 2 players, the searcher alternating seats.
    let ismcts = Mcts::ismcts(300);
    let random = RandomBot;
    let start = reference(2, &[]);
    let (mut wins, mut random_wins) = (0.0, 0.0);
    for i in 0..200u64 {
        let seat = (i % 2) as usize;
        let bots: [&dyn Bot<Reference>; 2] = if seat == 0 {
            [&ismcts, &random]
        } else {
            [&random, &ismcts]
        };
        let r = play(start.clone(), &bots, i);
        wins += r[seat];
        random_wins += r[1 - seat];
    }
    assert!(
        wins > random_wins + 20.0,
        "ismcts {wins} vs random {random_wins}"
    );
}

#[test]
fn search_config_reads_json_and_names_bad_fields() {
    let c = SearchConfig::from_json_str(
        r#"{"kind":"mcts","iterations":2000,"threads":2,"c":1.4,"rollout":"heuristic"}"#,
    )
    .unwrap();
    assert_eq!(c.kind, BotKind::Mcts);
    assert_eq!(
        (c.iterations, c.threads, c.rollout),
        (Some(2000), 2, Rollout::Heuristic)
    );
    assert_eq!(c.resolved_mcts::<Nim>(), Some(false));
    assert_eq!(c.resolved_mcts::<Reference>(), Some(true));
    assert_eq!(
        SearchConfig::from_json(&json!({})).unwrap(),
        SearchConfig::default()
    );
    for (bad, word) in [
        (json!({"kind": "alphazero"}), "alphazero"),
        (json!({"threads": 0}), "threads"),
        (json!({"iterations": 0}), "iterations"),
        (json!({"seconds": -1.0}), "seconds"),
        (json!({"seconds": 1e300}), "seconds"),
        (json!({"c": -0.5}), "'c'"),
        (json!({"iterations": "many"}), "many"),
        (json!({"itertions": 5}), "itertions"),
        (json!({"rollout_epsilon": 2.0}), "rollout_epsilon"),
        (json!({"seconds": 0.0}), "seconds"),
        (json!({"seconds": search::MAX_SECONDS * 1.001}), "seconds"),
        (json!({"samples": 0}), "samples"),
        (json!({"max_nodes": 0}), "max_nodes"),
        (json!([1, 2]), "search configuration"),
    ] {
        let e = SearchConfig::from_json(&bad).unwrap_err();
        assert!(e.contains(word), "{bad}: {e}");
    }
    // Each bound itself is accepted.
    for good in [
        json!({"seconds": search::MAX_SECONDS}),
        json!({"max_nodes": 1, "samples": 1, "threads": 256, "rollout_epsilon": 1.0, "c": 0.0}),
    ] {
        assert!(SearchConfig::from_json(&good).is_ok(), "{good}");
    }
    // search() validates too.
    let bad = SearchConfig {
        threads: 0,
        ..SearchConfig::default()
    };
    assert!(search::search(&Nim::position(2, [3, 4, 5], 0), &bad, 1).is_err());
}

#[test]
fn results_serialize_for_the_bindings() {
    let g = Nim::position(2, [1, 2, 0], 0);
    let r = search::search(&g, &config(json!({"iterations": 100})), 1).unwrap();
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(v["kind"], "uct");
    assert_eq!(v["stats"].as_array().unwrap().len(), 3);
    let p = r.policy();
    assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
}

#[test]
fn honest_bots_read_only_determinizations() {
    for kind in ["mcts", "ismcts", "heuristic", "random"] {
        for threads in [1, 2] {
            let cfg = config(json!({"kind": kind, "iterations": 300, "threads": threads}));
            search::search(&Guess::spied(1), &cfg, 3).unwrap();
        }
    }
    let sample = config(json!({"kind": "heuristic", "chance": "sample", "samples": 4}));
    search::search(&Guess::spied(1), &sample, 3).unwrap();
    // The spy works: UCT reads the real state.
    let uct = config(json!({"kind": "uct", "iterations": 10}));
    let peek = std::panic::catch_unwind(|| search::search(&Guess::spied(1), &uct, 3));
    assert!(peek.is_err());
}

#[test]
fn heuristic_bot_does_not_see_the_hidden_card() {
    for (chance, samples) in [(ChanceEval::Average, 1), (ChanceEval::Sample, 400)] {
        let bot = HeuristicBot { chance, samples };
        let results: Vec<SearchResult> = (0..4)
            .map(|card| bot.analyze(&Guess::dealt(card), 8).unwrap())
            .collect();
        for r in &results {
            assert!(same(r, &results[0]), "{r:?} vs {:?}", results[0]);
        }
        if chance == ChanceEval::Sample {
            assert_eq!(results[0].action, 3, "{:?}", results[0]);
        }
    }
}

/// Iterations per second on the test games: `cargo test -p meeple-core --release --test search
/// -- --ignored --nocapture`.
#[test]
#[ignore]
fn throughput() {
    fn rate<G: Game>(name: &str, g: &G, kind: &str) {
        let cfg = config(json!({"kind": kind, "iterations": 200_000}));
        let r = search::search(g, &cfg, 1).unwrap();
        println!(
            "{name:<28} {kind:<7} {:>10.0} iterations/s ({} nodes)",
            r.iterations as f64 / r.seconds,
            r.nodes
        );
    }
    rate("nim [2,3,6]", &Nim::position(2, [2, 3, 6], 0), "uct");
    rate("reference 2p after deal", &reference(2, &[3, 4]), "uct");
    rate("reference 2p after deal", &reference(2, &[3, 4]), "ismcts");
    rate(
        "reference 4p after deal",
        &reference(4, &[0, 1, 2, 3]),
        "ismcts",
    );
    for (cards, name) in [([3, 4], "4 vs 5"), ([3, 0], "4 vs 1")] {
        for kind in ["uct", "ismcts"] {
            let r = search::search(
                &reference(2, &cards),
                &config(json!({"kind": kind, "iterations": 6000})),
                21,
            )
            .unwrap();
            let s: Vec<String> = r
                .stats
                .iter()
                .map(|s| format!("{}:{}/{:.3}", s.action, s.visits, s.value))
                .collect();
            println!(
                "reference {name} {kind}: action {} {}",
                r.action,
                s.join(" ")
            );
        }
    }
}

#[test]
fn matches_between_bots_are_deterministic_and_replayable() {
    let nim = Config::with_players(&Nim::info(), 2).unwrap();
    let bots = [
        config(json!({"kind": "mcts", "iterations": 200})),
        SearchConfig::of(BotKind::Random),
    ];
    let one = search::play_matches::<Nim>(&nim, &bots, 12, 4, 1, true).unwrap();
    let two = search::play_matches::<Nim>(&nim, &bots, 12, 4, 2, true).unwrap();
    let strip = |v: &[search::MatchResult]| -> Vec<(Vec<usize>, Vec<f64>, Vec<Action>)> {
        v.iter()
            .map(|m| (m.seating.clone(), m.returns.clone(), m.actions.clone()))
            .collect()
    };
    assert_eq!(strip(&one), strip(&two));
    let mcts_wins: f64 = one
        .iter()
        .map(|m| m.returns[m.seating.iter().position(|&b| b == 0).unwrap()])
        .sum();
    assert!(mcts_wins >= 11.0, "{mcts_wins}");
    assert!(one.iter().all(|m| m.finished));
    // Each seat's thinking time is its own, summed over its decisions: positive for a seat that
    // searched, and all of it inside the call.
    let start = std::time::Instant::now();
    let timed = search::play_matches::<Nim>(&nim, &bots, 2, 4, 1, false).unwrap();
    let wall = start.elapsed().as_secs_f64();
    let thinking: f64 = timed.iter().flat_map(|m| &m.seconds).sum();
    assert!(thinking <= wall, "{thinking} s of thinking in {wall} s");
    for m in &timed {
        assert!(m.decisions[0] > 0 && m.seconds[0] > 0.0, "{:?}", m.seconds);
        assert!(m.seconds.iter().all(|&t| t >= 0.0), "{:?}", m.seconds);
    }
    // Every bot sat in every seat.
    assert_eq!(one[0].seating, vec![0, 1]);
    assert_eq!(one[1].seating, vec![1, 0]);

    // Reference: chance from the game's own RNG, so seed + actions replay the game.
    let refc = Config::with_players(&Reference::info(), 3).unwrap();
    let bots = [
        config(json!({"kind": "mcts", "iterations": 100})),
        SearchConfig::of(BotKind::Heuristic),
        SearchConfig::of(BotKind::Random),
    ];
    let ms = search::play_matches::<Reference>(&refc, &bots, 6, 9, 2, true).unwrap();
    for m in &ms {
        let mut g = Reference::new(&refc, m.seed).unwrap();
        for &a in &m.actions {
            g.apply(a).unwrap();
        }
        assert_eq!(g.returns(), m.returns);
        assert_eq!(m.decisions.iter().sum::<u64>(), 3);
    }
    // Seat count checked.
    assert!(search::play_matches::<Reference>(&refc, &bots[..2], 1, 9, 1, false).is_err());
}

/// The visit counts as a distribution over the legal actions; uniform when nothing was
/// visited (a bot that did not search).
#[test]
fn policy_is_the_visit_share() {
    let result = |visits: &[u64]| SearchResult {
        action: 0,
        seat: 0,
        kind: "uct".into(),
        stats: visits
            .iter()
            .enumerate()
            .map(|(a, &visits)| search::ActionStats {
                action: a as Action,
                visits,
                value: 0.0,
            })
            .collect(),
        iterations: visits.iter().sum(),
        nodes: 1,
        seconds: 0.0,
    };
    assert_eq!(result(&[3, 0, 1]).policy(), [0.75, 0.0, 0.25]);
    assert_eq!(result(&[0, 0, 0, 0]).policy(), [0.25; 4]);
    assert_eq!(result(&[]).policy(), Vec::<f64>::new());
}

/// The heuristic bot's value of an action followed by chance is the exact expectation over the
/// outcomes (`Average`), or close to it with many sampled outcomes (`Sample`): the last seat of
/// the reference game (declaring perfect information, so the bot reads the true cards), where
/// every action ends the game and a swap's draw decides it.
#[test]
fn heuristic_values_are_the_expectation_over_chance() {
    let mut config = Config::with_players(&Reference::info(), 2).unwrap();
    config
        .options
        .insert("flaw".into(), json!("falsely_perfect"));
    let mut g = Reference::new(&config, 1).unwrap();
    for a in [2, 0, 0] {
        g.apply(a).unwrap(); // player 0 holds a 3, player 1 a 1; player 0 passes
    }
    assert_eq!(g.turn(), Turn::Player(1));
    let exact = |a: Action| {
        let mut next = g.clone();
        next.apply(a).unwrap();
        if next.turn() == Turn::Terminal {
            return next.returns()[1];
        }
        let mut outcomes = Vec::new();
        next.chance_outcomes(&mut outcomes);
        let total: u32 = outcomes.iter().map(|o| o.1).sum();
        outcomes
            .iter()
            .map(|&(o, w)| {
                let mut after = next.clone();
                after.apply(o).unwrap();
                assert_eq!(after.turn(), Turn::Terminal);
                f64::from(w) * after.returns()[1]
            })
            .sum::<f64>()
            / f64::from(total)
    };
    let want: Vec<f64> = (0..3).map(exact).collect();
    assert!(want[2] > 0.0 && want[2] < 1.0, "{want:?}");
    let average = HeuristicBot {
        chance: ChanceEval::Average,
        samples: 1,
    };
    let r = average.analyze(&g, 3).unwrap();
    for (s, w) in r.stats.iter().zip(&want) {
        assert!((s.value - w).abs() < 1e-12, "{r:?} against {want:?}");
    }
    let sample = HeuristicBot {
        chance: ChanceEval::Sample,
        samples: 4000,
    };
    let r = sample.analyze(&g, 3).unwrap();
    for (s, w) in r.stats.iter().zip(&want) {
        assert!((s.value - w).abs() < 0.03, "{r:?} against {want:?}");
    }
}

/// `Mcts::uct` and `Mcts::ismcts` run exactly their iterations; a budget split over threads
/// runs in total what was asked, remainder included (10 over 3 threads), and the default
/// budget without one (1000 over 7 threads: six of them run one more).
#[test]
fn iteration_budgets_are_run_exactly() {
    let nim = Nim::position(2, [3, 4, 5], 0);
    let r = Mcts::uct(37).analyze(&nim, 1).unwrap();
    assert_eq!((r.kind.as_str(), r.iterations), ("uct", 37));
    let card = reference(2, &[2, 0]);
    let r = Mcts::ismcts(23).analyze(&card, 1).unwrap();
    assert_eq!((r.kind.as_str(), r.iterations), ("ismcts", 23));
    for (threads, iterations) in [(3, Some(10)), (3, None), (7, None), (2, Some(7))] {
        let mut c = config(json!({"kind": "mcts", "threads": threads}));
        c.iterations = iterations;
        let r = search::search(&nim, &c, 5).unwrap();
        let want = iterations.unwrap_or(search::DEFAULT_ITERATIONS);
        assert_eq!(r.iterations, want, "threads {threads}");
    }
}

/// Matches: the arguments checked (seats and bots, the game count, up to its limit), a game
/// stopped at its length bound (a game whose bound is short: never an action past it), each
/// seat's decisions counted.
#[test]
fn matches_check_their_arguments_and_keep_to_the_bound() {
    let c = Config::with_players(&Reference::info(), 2).unwrap();
    let random = config(json!({"kind": "random"}));
    let two = [random.clone(), random.clone()];
    let refused = |r: Result<Vec<search::MatchResult>, String>, word: &str| {
        let e = r.unwrap_err();
        assert!(e.contains(word), "{e}");
    };
    refused(
        search::play_matches::<Reference>(&c, &two[..1], 2, 1, 1, false),
        "need 2 bots",
    );
    refused(
        search::play_matches::<Reference>(&c, &[], 2, 1, 1, true),
        "need 2 bots",
    );
    assert_eq!(
        search::play_matches::<Reference>(&c, &two[..1], 3, 1, 1, true)
            .unwrap()
            .len(),
        3
    );
    refused(
        search::play_matches::<Reference>(&c, &two, search::MAX_MATCH_GAMES + 1, 1, 1, false),
        "more than one call plays",
    );
    // The limit itself is accepted: stopped at once by an interrupt already set.
    let stop = meeple_core::Interrupt::new();
    stop.set();
    let e = search::play_matches_until::<Reference>(
        &c,
        &two,
        search::MAX_MATCH_GAMES,
        1,
        1,
        false,
        &stop,
    )
    .unwrap_err();
    assert_eq!(e, meeple_core::interrupt::INTERRUPTED);
    for r in search::play_matches::<Reference>(&c, &two, 20, 3, 1, false).unwrap() {
        assert_eq!(r.decisions, [1, 1], "each seat decides once");
    }
    let bots: [&dyn Bot<Reference>; 2] = [&RandomBot, &RandomBot];
    let g = Reference::new(&c, 1).unwrap();
    let e = search::play_match(g.clone(), &bots, &[0], 1, 1).unwrap_err();
    assert!(e.contains("need a bot for each of the 2 seats"), "{e}");
    let e = search::play_match(g, &bots, &[0, 2], 1, 1).unwrap_err();
    assert!(e.contains("need a bot for each of the 2 seats"), "{e}");
    let mut short = c.clone();
    short.options.insert("flaw".into(), json!("short_bound"));
    let mut cut = 0;
    for r in search::play_matches::<Reference>(&short, &two, 60, 3, 1, false).unwrap() {
        let bound = Reference::new(&short, r.seed).unwrap().max_game_length();
        assert!(r.actions.len() as u64 <= bound, "{r:?}");
        cut += usize::from(!r.finished);
    }
    assert!(cut > 0, "no game reached the short bound");
}
