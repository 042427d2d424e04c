//! UCT MCTS and single-observer ISMCTS, root-parallel.
//!
//! One engine serves both. Each iteration starts from a copy of the root (UCT) or from
//! `root.determinize(seat, seed_i)` (ISMCTS), descends the tree by UCB1, adds one node, rolls out
//! and backs up. Every node stores the summed value of the player who moved into it, so the
//! selection at a node maximises the value of the player choosing there (multi-player returns,
//! no negamax). Chance nodes are descended by sampling an outcome from `chance_outcomes`' weights.
//!
//! ISMCTS differences (Cowling, Powley & Whitehouse 2012, SO-ISMCTS):
//! - the tree is keyed by the action sequence from the root, so a node stands for every state
//!   reachable by those actions in any determinization (an information set of the searcher);
//! - a chance outcome is keyed by the searcher's observation tensor after it, so outcomes the
//!   searcher cannot tell apart (an opponent's private draw) share a node and outcomes it sees
//!   (dice) get their own;
//! - UCB uses availability counts (how often a child was legal when its parent was visited)
//!   instead of the parent's visits.
//!
//! The search reads the real state only through `determinize` and the seat's own legal actions.

use super::bots::pick_best;
use super::{
    leaf_value, root_actions, seat_to_move, ActionStats, Bot, Rollout, SearchConfig, SearchResult,
    DEFAULT_ITERATIONS,
};
use crate::game::{Action, Game, Turn};
use crate::interrupt::{Interrupt, NEVER};
use crate::playout::{game_seed, random_step, Buffers};
use crate::rng::GameRng;
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// UCT / ISMCTS parameters (see [`SearchConfig`] for each field's meaning).
#[derive(Clone, Debug, PartialEq)]
pub struct Mcts {
    /// ISMCTS (true) or UCT on the true state (false).
    pub determinize: bool,
    pub iterations: Option<u64>,
    pub seconds: Option<f64>,
    pub threads: usize,
    pub c: f64,
    pub rollout: Rollout,
    pub rollout_depth: Option<u32>,
    pub rollout_epsilon: f64,
    pub max_nodes: u32,
}

impl Default for Mcts {
    fn default() -> Self {
        Mcts::from_config(&SearchConfig::default())
    }
}

impl Mcts {
    /// The MCTS parameters of `config` (UCT; set `determinize` for ISMCTS).
    pub fn from_config(config: &SearchConfig) -> Self {
        Mcts {
            determinize: false,
            iterations: config.iterations,
            seconds: config.seconds,
            threads: config.threads.max(1),
            c: config.c,
            rollout: config.rollout,
            rollout_depth: config.rollout_depth,
            rollout_epsilon: config.rollout_epsilon,
            max_nodes: config.max_nodes.max(1),
        }
    }

    /// UCT with `iterations` iterations on one thread, other parameters at their defaults.
    pub fn uct(iterations: u64) -> Self {
        Mcts {
            iterations: Some(iterations),
            ..Default::default()
        }
    }

    /// ISMCTS with `iterations` iterations on one thread, other parameters at their defaults.
    pub fn ismcts(iterations: u64) -> Self {
        Mcts {
            determinize: true,
            iterations: Some(iterations),
            ..Default::default()
        }
    }

    /// Iterations each thread runs at most (the total split evenly, remainder to the first).
    fn thread_iterations(&self, t: usize) -> u64 {
        let threads = self.threads.max(1) as u64;
        match (self.iterations, self.seconds) {
            (Some(n), _) => n / threads + u64::from((t as u64) < n % threads),
            (None, Some(_)) => u64::MAX,
            (None, None) => {
                DEFAULT_ITERATIONS / threads + u64::from((t as u64) < DEFAULT_ITERATIONS % threads)
            }
        }
    }
}

const NONE: u32 = u32::MAX;
/// Set in the key of a chance child; clear in the key of a player's action.
const CHANCE_KEY: u64 = 1 << 63;
const CHANCE_MOVER: i32 = -1;
const ROOT_MOVER: i32 = -2;

#[derive(Clone, Copy, Debug)]
struct Node {
    /// The action (player move) or `CHANCE_KEY | outcome-or-observation hash` that led here.
    key: u64,
    first_child: u32,
    next_sibling: u32,
    /// The seat that moved into this node, `CHANCE_MOVER` or `ROOT_MOVER`.
    mover: i32,
    visits: u32,
    /// ISMCTS: times this node was legal when its parent was selected from.
    avail: u32,
    /// Sum of the mover's values over the visits.
    value: f64,
}

impl Node {
    fn new(key: u64, mover: i32) -> Self {
        Node {
            key,
            first_child: NONE,
            next_sibling: NONE,
            mover,
            visits: 0,
            avail: 1,
            value: 0.0,
        }
    }
}

/// Per-thread tree and scratch buffers.
struct Worker<'a, G: Game> {
    cfg: &'a Mcts,
    root: &'a G,
    seat: usize,
    players: usize,
    nodes: Vec<Node>,
    rng: GameRng,
    buf: Buffers,
    path: Vec<u32>,
    values: Vec<f64>,
    tried: Vec<bool>,
    tensor: Vec<f32>,
}

/// What one thread found at the root.
struct RootStats {
    /// Per root action (in `legal` order): visits and summed value.
    visits: Vec<u64>,
    value: Vec<f64>,
    iterations: u64,
    nodes: u64,
}

impl<'a, G: Game> Worker<'a, G> {
    fn new(cfg: &'a Mcts, root: &'a G, seat: usize, seed: u64) -> Self {
        let mut nodes = Vec::with_capacity(1024);
        nodes.push(Node::new(0, ROOT_MOVER));
        Worker {
            cfg,
            root,
            seat,
            players: root.config().players,
            nodes,
            rng: GameRng::new(seed),
            buf: Buffers::default(),
            path: Vec::new(),
            values: Vec::new(),
            tried: Vec::new(),
            tensor: Vec::new(),
        }
    }

    fn run(
        mut self,
        legal: &[Action],
        iterations: u64,
        deadline: Option<Instant>,
        stop: &Interrupt,
    ) -> RootStats {
        let mut done = 0u64;
        while done < iterations && !stop.is_set() {
            if let Some(d) = deadline {
                // Checking the clock costs far less than an iteration, but not nothing.
                if done & 7 == 0 && done > 0 && Instant::now() >= d {
                    break;
                }
            }
            self.iterate();
            done += 1;
        }
        let mut visits = vec![0u64; legal.len()];
        let mut value = vec![0f64; legal.len()];
        let mut c = self.nodes[0].first_child;
        while c != NONE {
            let n = &self.nodes[c as usize];
            if n.mover == self.seat as i32 && n.key & CHANCE_KEY == 0 {
                if let Ok(i) = legal.binary_search(&(n.key as Action)) {
                    visits[i] += n.visits as u64;
                    value[i] += n.value;
                }
            }
            c = n.next_sibling;
        }
        RootStats {
            visits,
            value,
            iterations: done,
            nodes: self.nodes.len() as u64,
        }
    }

    fn find_child(&self, parent: u32, key: u64, mover: i32) -> Option<u32> {
        let mut c = self.nodes[parent as usize].first_child;
        while c != NONE {
            let n = &self.nodes[c as usize];
            if n.key == key && n.mover == mover {
                return Some(c);
            }
            c = n.next_sibling;
        }
        None
    }

    /// Add a child, unless the tree is full.
    fn add_child(&mut self, parent: u32, key: u64, mover: i32) -> Option<u32> {
        if self.nodes.len() >= self.cfg.max_nodes as usize || self.nodes.len() >= NONE as usize {
            return None;
        }
        let id = self.nodes.len() as u32;
        let mut n = Node::new(key, mover);
        n.next_sibling = self.nodes[parent as usize].first_child;
        self.nodes.push(n);
        self.nodes[parent as usize].first_child = id;
        Some(id)
    }

    /// A hash of what the searching seat observes in `state`.
    fn observation_key(&mut self, state: &G) -> u64 {
        self.tensor.clear();
        self.tensor.resize(state.observation_tensor_len(), 0.0);
        state.observation_tensor(self.seat, &mut self.tensor);
        view_key(&self.tensor)
    }

    fn iterate(&mut self) {
        let mut state = if self.cfg.determinize {
            let s = self.rng.next_u64();
            self.root.determinize(self.seat, s)
        } else {
            self.root.clone()
        };
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        let bound = state.max_game_length();
        let mut steps = 0u64;
        let mut broken = false;
        // Selection and expansion.
        while steps < bound {
            steps += 1;
            match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    state.chance_outcomes(&mut self.buf.outcomes);
                    if self.buf.outcomes.is_empty() {
                        broken = true;
                        break;
                    }
                    let i = self.rng.weighted(self.buf.outcomes.iter().map(|o| o.1));
                    let outcome = self.buf.outcomes[i].0;
                    if state.apply(outcome).is_err() {
                        broken = true;
                        break;
                    }
                    let key = if self.cfg.determinize {
                        CHANCE_KEY | (self.observation_key(&state) >> 1)
                    } else {
                        CHANCE_KEY | u64::from(outcome)
                    };
                    match self.find_child(node, key, CHANCE_MOVER) {
                        Some(c) => {
                            node = c;
                            self.path.push(c);
                        }
                        None => {
                            if let Some(c) = self.add_child(node, key, CHANCE_MOVER) {
                                self.path.push(c);
                            }
                            break;
                        }
                    }
                }
                Turn::Player(p) => {
                    state.legal_actions(&mut self.buf.actions);
                    if self.buf.actions.is_empty() {
                        broken = true;
                        break;
                    }
                    match self.select(node, p) {
                        Ok(c) => {
                            let a = self.nodes[c as usize].key as Action;
                            if state.apply(a).is_err() {
                                broken = true;
                                break;
                            }
                            node = c;
                            self.path.push(c);
                        }
                        Err(a) => {
                            if state.apply(a).is_err() {
                                broken = true;
                                break;
                            }
                            if let Some(c) = self.add_child(node, u64::from(a), p as i32) {
                                self.path.push(c);
                            }
                            break;
                        }
                    }
                }
            }
        }
        // Simulation.
        if !broken {
            self.rollout(&mut state);
        }
        self.values.clear();
        for s in 0..self.players {
            self.values.push(leaf_value(&state, s));
        }
        // Backpropagation.
        for &i in &self.path {
            let n = &mut self.nodes[i as usize];
            n.visits = n.visits.saturating_add(1);
            if n.mover >= 0 {
                n.value += self.values.get(n.mover as usize).copied().unwrap_or(0.0);
            }
        }
    }

    /// At a decision of seat `p` with the legal actions in `self.buf.actions`: `Ok(child)` to
    /// descend by UCB1, or `Err(action)`, an untried legal action to expand.
    fn select(&mut self, node: u32, p: usize) -> Result<u32, Action> {
        let mover = p as i32;
        let legal = &self.buf.actions;
        self.tried.clear();
        self.tried.resize(legal.len(), false);
        let mut c = self.nodes[node as usize].first_child;
        while c != NONE {
            let n = &self.nodes[c as usize];
            if n.mover == mover && n.key & CHANCE_KEY == 0 {
                if let Ok(i) = legal.binary_search(&(n.key as Action)) {
                    self.tried[i] = true;
                }
            }
            c = n.next_sibling;
        }
        let untried = self.tried.iter().filter(|&&t| !t).count();
        if untried > 0 {
            let k = self.rng.index(untried);
            let i = self
                .tried
                .iter()
                .enumerate()
                .filter(|(_, &t)| !t)
                .nth(k)
                .map_or(0, |(i, _)| i);
            return Err(legal[i]);
        }
        let ln_parent = f64::from(self.nodes[node as usize].visits.max(1)).ln();
        let mut best = NONE;
        let mut best_score = f64::NEG_INFINITY;
        let mut c = self.nodes[node as usize].first_child;
        while c != NONE {
            let determinize = self.cfg.determinize;
            let explore = self.cfg.c;
            let n = &mut self.nodes[c as usize];
            if n.mover == mover
                && n.key & CHANCE_KEY == 0
                && legal.binary_search(&(n.key as Action)).is_ok()
            {
                let ln = if determinize {
                    n.avail = n.avail.saturating_add(1);
                    f64::from(n.avail).ln()
                } else {
                    ln_parent
                };
                let v = f64::from(n.visits.max(1));
                let score = n.value / v + explore * (ln / v).sqrt();
                if score > best_score {
                    best_score = score;
                    best = c;
                }
            }
            c = n.next_sibling;
        }
        if best == NONE {
            // Unreachable (every legal action has a child), but never panic.
            return Err(legal[0]);
        }
        Ok(best)
    }

    fn rollout(&mut self, state: &mut G) {
        let limit = self
            .cfg
            .rollout_depth
            .map_or(u64::MAX, u64::from)
            .min(state.max_game_length());
        let mut steps = 0u64;
        while steps < limit {
            let ok = match self.cfg.rollout {
                Rollout::Random => random_step(state, &mut self.rng, &mut self.buf),
                Rollout::Heuristic => self.heuristic_step(state),
            };
            if !ok {
                break;
            }
            steps += 1;
        }
    }

    /// One epsilon-greedy step on the mover's evaluation.
    fn heuristic_step(&mut self, state: &mut G) -> bool {
        let p = match state.turn() {
            Turn::Terminal => return false,
            Turn::Chance => return random_step(state, &mut self.rng, &mut self.buf),
            Turn::Player(p) => p,
        };
        let eps = self.cfg.rollout_epsilon;
        if eps > 0.0 && (self.rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64) < eps {
            return random_step(state, &mut self.rng, &mut self.buf);
        }
        state.legal_actions(&mut self.buf.actions);
        if self.buf.actions.is_empty() {
            return false;
        }
        let values: Vec<f64> = self
            .buf
            .actions
            .iter()
            .map(|&a| {
                let mut g = state.clone();
                if g.apply(a).is_err() {
                    f64::NEG_INFINITY
                } else {
                    leaf_value(&g, p)
                }
            })
            .collect();
        let i = pick_best(&values, &mut self.rng);
        let a = self.buf.actions[i];
        state.apply(a).is_ok()
    }
}

impl<G: Game> Bot<G> for Mcts {
    fn analyze(&self, game: &G, seed: u64) -> Result<SearchResult, String> {
        self.analyze_until(game, seed, &NEVER)
    }

    fn analyze_until(&self, game: &G, seed: u64, stop: &Interrupt) -> Result<SearchResult, String> {
        let start = Instant::now();
        let seat = seat_to_move(game)?;
        let legal = root_actions(game)?;
        // A configuration that hides nothing needs no determinization: plain UCT is the same
        // search without the cost.
        let resolved;
        let this = if self.determinize && !game.hidden_information() {
            resolved = Mcts {
                determinize: false,
                ..self.clone()
            };
            &resolved
        } else {
            self
        };
        let kind = if this.determinize { "ismcts" } else { "uct" };
        if legal.len() == 1 {
            // Nothing to decide. The value is the seat's evaluation, of a determinization under
            // ISMCTS (never of what the seat cannot see).
            let value = if this.determinize {
                game.determinize(seat, game_seed(seed, u64::MAX))
                    .evaluate(seat)
            } else {
                game.evaluate(seat)
            };
            return Ok(SearchResult {
                action: legal[0],
                seat,
                kind: kind.into(),
                stats: vec![ActionStats {
                    action: legal[0],
                    visits: 1,
                    value,
                }],
                iterations: 0,
                nodes: 0,
                seconds: start.elapsed().as_secs_f64(),
            });
        }
        let deadline = this
            .seconds
            .and_then(|s| Duration::try_from_secs_f64(s).ok())
            .map(|d| start + d);
        let threads = this.threads.max(1);
        let run = |t: usize| -> RootStats {
            Worker::new(this, game, seat, game_seed(seed, t as u64)).run(
                &legal,
                this.thread_iterations(t),
                deadline,
                stop,
            )
        };
        let parts: Vec<RootStats> = if threads == 1 {
            vec![run(0)]
        } else {
            // A pool of our own, never rayon's global one (safe after fork).
            match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
                Ok(pool) => pool.install(|| (0..threads).into_par_iter().map(run).collect()),
                Err(_) => (0..threads).map(run).collect(),
            }
        };
        let mut visits = vec![0u64; legal.len()];
        let mut value = vec![0f64; legal.len()];
        let (mut iterations, mut nodes) = (0, 0);
        for part in &parts {
            for i in 0..legal.len() {
                visits[i] += part.visits[i];
                value[i] += part.value[i];
            }
            iterations += part.iterations;
            nodes += part.nodes;
        }
        let stats: Vec<ActionStats> = legal
            .iter()
            .enumerate()
            .map(|(i, &a)| ActionStats {
                action: a,
                visits: visits[i],
                value: if visits[i] > 0 {
                    value[i] / visits[i] as f64
                } else {
                    0.0
                },
            })
            .collect();
        Ok(SearchResult {
            action: legal[most_visited(&stats)],
            seat,
            kind: kind.into(),
            stats,
            iterations,
            nodes,
            seconds: start.elapsed().as_secs_f64(),
        })
    }
}

/// A 64-bit hash of an observation tensor: ISMCTS gives chance outcomes with equal hashes one
/// node, so two views the seat can tell apart must (but for a collision) hash apart.
fn view_key(tensor: &[f32]) -> u64 {
    let mut h: u64 = 0x243F_6A88_85A3_08D3 ^ tensor.len() as u64;
    for x in tensor {
        h = (h ^ u64::from(x.to_bits()))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }
    h ^= h >> 32;
    h
}

/// The index of the root action to play: most visits; then the better mean; then the first
/// (the lowest action id, as `stats` is in legal order).
fn most_visited(stats: &[ActionStats]) -> usize {
    let mut best = 0;
    for (i, s) in stats.iter().enumerate().skip(1) {
        let b = &stats[best];
        if s.visits > b.visits || (s.visits == b.visits && s.value > b.value) {
            best = i;
        }
    }
    best
}

#[cfg(test)]
mod tests;
