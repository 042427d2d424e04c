//! One PUCT search: collect leaves for the evaluator, absorb its priors and values, choose.

use super::noise;
use super::state::SearchState;
use super::tree::{Edge, Kind, Tree};
use super::PuctConfig;
use crate::game::{Action, Turn};
use crate::rng::GameRng;

/// The rows of one evaluator call: per leaf, the observation tensor of the seat to move there,
/// its legal-action mask and the seat.
///
/// The buffers outlive a wave: [`LeafBatch::clear`] forgets the rows but keeps the floats, so
/// the next wave writes its rows over the last one's instead of zero-filling megabytes again
/// (Catan: 1875 floats per leaf). `observations` and `masks` may therefore be longer than the
/// rows; read them through [`LeafBatch::observations`] and [`LeafBatch::masks`]. Every game's
/// `observation_tensor` writes every element it is given (the conformance kit checks it on a
/// NaN-filled buffer), so no stale float survives into a row.
#[derive(Clone, Debug, Default)]
pub struct LeafBatch {
    pub num_actions: usize,
    pub tensor_len: usize,
    pub players: usize,
    /// At least `rows * tensor_len` floats, row-major; stale rows beyond.
    pub observations: Vec<f32>,
    /// At least `rows * num_actions` entries, 1 where the action is legal; stale rows beyond.
    pub masks: Vec<i8>,
    /// One per row: its length is the row count.
    pub seats: Vec<i32>,
}

impl LeafBatch {
    pub fn for_state<S: SearchState>(state: &S) -> LeafBatch {
        LeafBatch {
            num_actions: state.num_distinct_actions() as usize,
            tensor_len: state.observation_tensor_len(),
            players: state.players(),
            ..Default::default()
        }
    }

    pub fn rows(&self) -> usize {
        self.seats.len()
    }

    /// The rows' observations: `rows * tensor_len` floats.
    pub fn observations(&self) -> &[f32] {
        &self.observations[..self.rows() * self.tensor_len]
    }

    /// The rows' masks: `rows * num_actions` entries.
    pub fn masks(&self) -> &[i8] {
        &self.masks[..self.rows() * self.num_actions]
    }

    /// Forget the rows (the buffers keep their memory and contents for the next wave).
    pub fn clear(&mut self) {
        self.seats.clear();
    }

    /// Append the rows of `other` (a batch of the same game).
    pub fn extend_rows(&mut self, other: &LeafBatch) {
        let (obs, masks) = (other.observations(), other.masks());
        let o = self.row_slots(other.rows());
        self.observations[o.0..o.0 + obs.len()].copy_from_slice(obs);
        self.masks[o.1..o.1 + masks.len()].copy_from_slice(masks);
        self.seats.extend_from_slice(&other.seats);
    }

    /// Make room for `n` more rows after the current ones; their first float and mask entry.
    /// Grows (and zero-fills) only past the largest batch so far.
    fn row_slots(&mut self, n: usize) -> (usize, usize) {
        let rows = self.rows();
        let (o, m) = (rows * self.tensor_len, rows * self.num_actions);
        let (o_end, m_end) = (o + n * self.tensor_len, m + n * self.num_actions);
        if self.observations.len() < o_end {
            self.observations.resize(o_end, 0.0);
        }
        if self.masks.len() < m_end {
            self.masks.resize(m_end, 0);
        }
        (o, m)
    }

    fn push<S: SearchState>(&mut self, state: &S, seat: usize, legal: &[Action]) {
        let (o, m) = self.row_slots(1);
        state.observation_tensor(seat, &mut self.observations[o..o + self.tensor_len]);
        let mask = &mut self.masks[m..m + self.num_actions];
        mask.fill(0);
        for &a in legal {
            if let Some(x) = mask.get_mut(a as usize) {
                *x = 1;
            }
        }
        self.seats.push(seat as i32);
    }
}

/// Check an evaluator's outputs for `rows` leaves: sizes, finite numbers, no negative prior.
/// Errors name the array, the row and the column.
pub fn check_outputs(
    priors: &[f32],
    values: &[f32],
    rows: usize,
    num_actions: usize,
    players: usize,
) -> Result<(), String> {
    if priors.len() != rows * num_actions {
        return Err(format!(
            "evaluator priors hold {} numbers, expected {rows} x {num_actions}",
            priors.len()
        ));
    }
    if values.len() != rows * players {
        return Err(format!(
            "evaluator values hold {} numbers, expected {rows} x {players}",
            values.len()
        ));
    }
    // One branch-free pass for the common case (all fine); the slow pass only names the culprit.
    let bad_prior = priors
        .iter()
        .fold(false, |bad, &p| bad | !(0.0..=f32::MAX).contains(&p));
    let bad_value = values.iter().fold(false, |bad, &v| bad | !v.is_finite());
    if !bad_prior && !bad_value {
        return Ok(());
    }
    for (i, &p) in priors.iter().enumerate() {
        if !p.is_finite() || p < 0.0 {
            let what = if p.is_nan() {
                "NaN".to_string()
            } else if p.is_infinite() {
                format!("infinite value ({p})")
            } else {
                format!("negative value ({p})")
            };
            return Err(format!(
                "evaluator priors: {what} at row {}, action {} (priors must be finite and >= 0)",
                i / num_actions,
                i % num_actions
            ));
        }
    }
    for (i, &v) in values.iter().enumerate() {
        if !v.is_finite() {
            let what = if v.is_nan() { "NaN" } else { "infinite value" };
            return Err(format!(
                "evaluator values: {what} at row {}, seat {} (values must be finite)",
                i / players,
                i % players
            ));
        }
    }
    Ok(())
}

/// What a search found at the root.
#[derive(Clone, Debug, PartialEq)]
pub struct PuctResult {
    pub action: Action,
    pub seat: usize,
    /// The legal actions at the root, ascending; the vectors below follow this order.
    pub legal: Vec<Action>,
    pub visits: Vec<u32>,
    /// Mean value for `seat` of each action (0 if never visited).
    pub q: Vec<f64>,
    /// Root priors as searched (normalised over the legal actions, root noise included).
    pub prior: Vec<f32>,
    /// The training target: visit shares (PUCT), or the improved policy (Gumbel).
    pub policy: Vec<f32>,
    /// Mean value of the root for `seat`.
    pub value: f64,
    pub simulations: u32,
    /// Evaluator rows this search used (the root's included).
    pub evaluations: u32,
    pub nodes: usize,
}

/// A leaf handed to the evaluator in the current wave.
struct PendingLeaf {
    node: u32,
    path: (usize, usize),
    legal: (usize, usize),
    /// Expand with the priors (false: the tree and this determinization disagree on who moves
    /// here; only the value is used).
    expand: bool,
}

enum Step {
    /// A leaf went to the batch.
    Leaf,
    /// A terminal leaf, backed up at once.
    Backed,
    /// Reached a leaf already waiting for the evaluator: stop collecting this wave.
    Collision,
}

/// Gumbel root state: per root edge the Gumbel draw, the prior logit, whether it is considered.
struct GumbelRoot {
    g: Vec<f64>,
    logit: Vec<f64>,
    considered: Vec<bool>,
    schedule: Vec<u32>,
}

/// One PUCT search from a root where a player is to move.
pub struct Search<S: SearchState> {
    cfg: PuctConfig,
    root: S,
    seat: usize,
    hidden: bool,
    players: usize,
    /// The root's `num_distinct_actions` (kept: the root state is cold by the time the
    /// evaluator answers).
    num_actions: usize,
    /// The root's `max_game_length`: no simulation walks further.
    bound: u64,
    tree: Tree,
    rng: GameRng,
    root_legal: Vec<Action>,
    started: u32,
    completed: u32,
    evaluations: u32,
    root_expanded: bool,
    root_value: f64,
    pending: Vec<PendingLeaf>,
    paths: Vec<(u32, u32)>,
    legal_store: Vec<Action>,
    path: Vec<(u32, u32)>,
    legal: Vec<Action>,
    outcomes: Vec<(Action, u32)>,
    /// Per action, the generation of the last [`Search::mark_legal`] that found it legal.
    stamp: Vec<u32>,
    generation: u32,
    /// The last [`Search::mark_legal`] found every edge of its node legal (stamps not set).
    all_legal: bool,
    values: Vec<f64>,
    gumbel: Option<GumbelRoot>,
}

impl<S: SearchState> Search<S> {
    /// A search for the player to move in `root`. `seed` draws everything random in it.
    pub fn new(root: S, cfg: &PuctConfig, seed: u64) -> Result<Self, String> {
        cfg.validate()?;
        let seat = match root.turn() {
            Turn::Player(p) => p,
            Turn::Chance => return Err("no player to move: the game is at a chance node".into()),
            Turn::Terminal => return Err("no player to move: the game is over".into()),
        };
        let mut root_legal = Vec::new();
        root.legal_actions(&mut root_legal);
        if root_legal.is_empty() {
            return Err("no legal action for the player to move".into());
        }
        let hidden = root.hidden_information();
        let players = root.players();
        let num_actions = root.num_distinct_actions() as usize;
        let bound = root.max_game_length();
        let stamp = if hidden {
            vec![0; root.num_distinct_actions() as usize]
        } else {
            Vec::new()
        };
        Ok(Search {
            cfg: cfg.clone(),
            root,
            seat,
            hidden,
            players,
            num_actions,
            bound,
            tree: Tree::new(),
            rng: GameRng::new(seed),
            root_legal,
            started: 0,
            completed: 0,
            evaluations: 0,
            root_expanded: false,
            root_value: 0.0,
            pending: Vec::new(),
            paths: Vec::new(),
            legal_store: Vec::new(),
            path: Vec::new(),
            legal: Vec::new(),
            outcomes: Vec::new(),
            stamp,
            generation: 0,
            all_legal: false,
            values: vec![0.0; players],
            gumbel: None,
        })
    }

    pub fn seat(&self) -> usize {
        self.seat
    }

    pub fn root(&self) -> &S {
        &self.root
    }

    /// Every simulation backed up.
    pub fn is_done(&self) -> bool {
        self.root_expanded && self.pending.is_empty() && self.completed >= self.cfg.simulations
    }

    /// Walk the tree and add the leaves that need the evaluator to `batch` (at most
    /// `leaves_per_search`; the first call adds only the root). Returns the rows added, in the
    /// order [`Search::absorb`] expects their outputs.
    pub fn collect(&mut self, batch: &mut LeafBatch) -> Result<usize, String> {
        if !self.pending.is_empty() {
            return Err("collect called again before the pending leaves were absorbed".into());
        }
        if !self.root_expanded {
            self.legal.clone_from(&self.root_legal);
            self.path.clear();
            self.tree.nodes[0].kind = Kind::Pending;
            self.tree.nodes[0].mover = self.seat as u32;
            batch.push(&self.root, self.seat, &self.legal);
            self.hold(0, true);
            return Ok(1);
        }
        let mut rows = 0;
        while rows < self.cfg.leaves_per_search as usize && self.started < self.cfg.simulations {
            match self.simulate(batch)? {
                Step::Leaf => {
                    rows += 1;
                    self.started += 1;
                }
                Step::Backed => {
                    self.started += 1;
                    self.completed += 1;
                }
                Step::Collision => break,
            }
        }
        Ok(rows)
    }

    /// Take the evaluator's outputs for the rows of the last [`Search::collect`]: `priors` is
    /// `rows x num_distinct_actions`, `values` is `rows x players` (checked with
    /// [`check_outputs`]). `first_row` only numbers the rows in error messages.
    pub fn absorb(
        &mut self,
        priors: &[f32],
        values: &[f32],
        first_row: usize,
    ) -> Result<(), String> {
        let a_len = self.num_actions;
        let rows = self.pending.len();
        if priors.len() != rows * a_len || values.len() != rows * self.players {
            return Err(format!(
                "a search expected outputs for {rows} rows, got {} priors and {} values",
                priors.len(),
                values.len()
            ));
        }
        // Taken for the loop and put back after it, so its buffer serves every wave.
        let mut pending = std::mem::take(&mut self.pending);
        for (k, leaf) in pending.iter().enumerate() {
            for s in 0..self.players {
                self.values[s] = f64::from(values[k * self.players + s]);
            }
            if leaf.expand {
                let row = &priors[k * a_len..(k + 1) * a_len];
                let legal = &self.legal_store[leaf.legal.0..leaf.legal.0 + leaf.legal.1];
                let total: f64 = legal.iter().map(|&a| f64::from(row[a as usize])).sum();
                if !(total > 0.0 && total.is_finite()) {
                    return Err(format!(
                        "evaluator priors of row {} sum to {total} over the legal actions \
                         (need a positive sum where the mask is 1)",
                        first_row + k
                    ));
                }
                // Straight into the edge arena: no edge list per leaf.
                let edges = legal
                    .iter()
                    .map(|&a| Edge::new(a, (f64::from(row[a as usize]) / total) as f32));
                self.tree.set_edges(leaf.node, edges);
                self.tree.nodes[leaf.node as usize].kind = Kind::Decision;
            }
            self.path.clear();
            self.path
                .extend_from_slice(&self.paths[leaf.path.0..leaf.path.0 + leaf.path.1]);
            self.backup(leaf.node);
            self.evaluations += 1;
            if leaf.node == 0 && !self.root_expanded {
                self.root_expanded = true;
                self.root_value = self.values[self.seat];
                self.prepare_root();
            } else {
                self.completed += 1;
            }
        }
        pending.clear();
        self.pending = pending;
        self.paths.clear();
        self.legal_store.clear();
        Ok(())
    }

    /// Run the whole search with `evaluate(batch) -> (priors, values)` (for Rust callers; the
    /// [`super::Runner`] batches many searches instead).
    pub fn run(
        &mut self,
        mut evaluate: impl FnMut(&LeafBatch) -> Result<(Vec<f32>, Vec<f32>), String>,
    ) -> Result<(), String> {
        let mut batch = LeafBatch::for_state(&self.root);
        while !self.is_done() {
            batch.clear();
            let rows = self.collect(&mut batch)?;
            if rows == 0 {
                continue;
            }
            let (p, v) = evaluate(&batch)?;
            check_outputs(&p, &v, rows, batch.num_actions, batch.players)?;
            self.absorb(&p, &v, 0)?;
        }
        Ok(())
    }

    fn hold(&mut self, node: u32, expand: bool) {
        let p = self.paths.len();
        self.paths.extend_from_slice(&self.path);
        let l = self.legal_store.len();
        if expand {
            self.legal_store.extend_from_slice(&self.legal);
        }
        self.pending.push(PendingLeaf {
            node,
            path: (p, self.path.len()),
            legal: (l, self.legal_store.len() - l),
            expand,
        });
    }

    /// Root noise and the Gumbel candidates, once the root has its priors.
    fn prepare_root(&mut self) {
        let n = self.tree.nodes[0].len as usize;
        if self.cfg.dirichlet_fraction > 0.0 && n > 1 {
            let noise = noise::dirichlet(&mut self.rng, self.cfg.dirichlet_alpha, n);
            let f = self.cfg.dirichlet_fraction;
            for (i, x) in noise.iter().enumerate() {
                let e = self.tree.edge_mut(0, i as u32);
                e.prior = ((1.0 - f) * f64::from(e.prior) + f * x) as f32;
            }
        }
        if self.cfg.gumbel {
            let scale = self.cfg.gumbel_scale;
            let g: Vec<f64> = (0..n)
                .map(|_| scale * noise::gumbel(&mut self.rng))
                .collect();
            let logit: Vec<f64> = self
                .tree
                .edges(0)
                .iter()
                .map(|e| f64::from(e.prior).max(1e-30).ln())
                .collect();
            let m = (self.cfg.max_considered as usize).min(n);
            let mut order: Vec<usize> = (0..n).collect();
            order.sort_by(|&a, &b| (g[b] + logit[b]).total_cmp(&(g[a] + logit[a])));
            let mut considered = vec![false; n];
            for &i in &order[..m] {
                considered[i] = true;
            }
            self.gumbel = Some(GumbelRoot {
                g,
                logit,
                considered,
                schedule: considered_visits(m as u32, self.cfg.simulations),
            });
        }
    }

    fn simulate(&mut self, batch: &mut LeafBatch) -> Result<Step, String> {
        let mut state = if self.hidden {
            let s = self.rng.next_u64();
            self.root.determinize(self.seat, s)
        } else {
            self.root.clone()
        };
        self.path.clear();
        let mut node = 0u32;
        let bound = self.bound;
        let mut steps = 0u64;
        loop {
            let kind = self.tree.nodes[node as usize].kind;
            if kind == Kind::Pending {
                self.release_path();
                return Ok(Step::Collision);
            }
            let turn = state.turn();
            if turn == Turn::Terminal || steps >= bound {
                if kind == Kind::Leaf && turn == Turn::Terminal {
                    self.tree.nodes[node as usize].kind = Kind::Terminal;
                }
                let r = state.returns();
                for s in 0..self.players {
                    self.values[s] = r.get(s).copied().unwrap_or(0.0);
                }
                self.backup(node);
                return Ok(Step::Backed);
            }
            steps += 1;
            match (kind, turn) {
                (Kind::Leaf, Turn::Chance) => {
                    self.tree.nodes[node as usize].kind = Kind::Chance;
                }
                (Kind::Chance, Turn::Chance) => {
                    let (edge, outcome) = self.chance_edge(node, &state)?;
                    state
                        .apply(outcome)
                        .map_err(|e| format!("chance outcome {outcome} refused: {e}"))?;
                    node = self.descend(node, edge);
                }
                (Kind::Leaf, Turn::Player(p)) => {
                    state.legal_actions(&mut self.legal);
                    if self.legal.is_empty() {
                        return Err(
                            "a player to move without legal actions (a bug in the game)".into()
                        );
                    }
                    let n = &mut self.tree.nodes[node as usize];
                    n.kind = Kind::Pending;
                    n.mover = p as u32;
                    batch.push(&state, p, &self.legal);
                    self.hold(node, true);
                    return Ok(Step::Leaf);
                }
                (Kind::Decision, Turn::Player(p))
                    if self.tree.nodes[node as usize].mover == p as u32 =>
                {
                    let edge = self.select(node, &state);
                    let action = self.tree.edges(node)[edge as usize].action;
                    state
                        .apply(action)
                        .map_err(|e| format!("action {action} refused in the search: {e}"))?;
                    node = self.descend(node, edge);
                }
                _ => return self.value_only(node, state, batch),
            }
        }
    }

    /// The tree and this determinization disagree about `node` (another seat to move, or
    /// chance): play chance forward and ask the evaluator for the value only.
    fn value_only(
        &mut self,
        node: u32,
        mut state: S,
        batch: &mut LeafBatch,
    ) -> Result<Step, String> {
        let bound = self.bound;
        let mut steps = 0;
        loop {
            match state.turn() {
                Turn::Player(p) if steps < bound => {
                    state.legal_actions(&mut self.legal);
                    batch.push(&state, p, &self.legal);
                    // The node keeps its own expansion: only the value is used.
                    self.hold(node, false);
                    return Ok(Step::Leaf);
                }
                Turn::Chance if steps < bound => {
                    state.chance_outcomes(&mut self.outcomes);
                    let i = self.rng.weighted(self.outcomes.iter().map(|o| o.1));
                    let o = self
                        .outcomes
                        .get(i)
                        .map(|o| o.0)
                        .ok_or("a chance node without outcomes")?;
                    state
                        .apply(o)
                        .map_err(|e| format!("chance outcome {o} refused: {e}"))?;
                    steps += 1;
                }
                _ => {
                    let r = state.returns();
                    for s in 0..self.players {
                        self.values[s] = r.get(s).copied().unwrap_or(0.0);
                    }
                    self.backup(node);
                    return Ok(Step::Backed);
                }
            }
        }
    }

    /// Sample an outcome by its exact weight; its edge (added on first sight) and the outcome.
    fn chance_edge(&mut self, node: u32, state: &S) -> Result<(u32, Action), String> {
        state.chance_outcomes(&mut self.outcomes);
        if self.outcomes.is_empty() {
            return Err("a chance node without outcomes (a bug in the game)".into());
        }
        let i = self.rng.weighted(self.outcomes.iter().map(|o| o.1));
        let (outcome, weight) = self.outcomes[i];
        let edge = match self.tree.find_edge(node, outcome) {
            Some(e) => e,
            None => {
                let total: u64 = self.outcomes.iter().map(|o| u64::from(o.1)).sum();
                let p = weight as f64 / total.max(1) as f64;
                self.tree.push_edge(node, Edge::new(outcome, p as f32))
            }
        };
        Ok((edge, outcome))
    }

    fn descend(&mut self, node: u32, edge: u32) -> u32 {
        self.tree.edge_mut(node, edge).pending += 1;
        self.path.push((node, edge));
        self.tree.child(node, edge)
    }

    /// Undo the virtual visits of the current path (a collision).
    fn release_path(&mut self) {
        for i in 0..self.path.len() {
            let (n, e) = self.path[i];
            let edge = self.tree.edge_mut(n, e);
            edge.pending = edge.pending.saturating_sub(1);
        }
    }

    /// Add `self.values` along `self.path` and to `leaf`.
    fn backup(&mut self, leaf: u32) {
        for i in 0..self.path.len() {
            let (n, e) = self.path[i];
            let node = self.tree.nodes[n as usize];
            let decision = node.kind == Kind::Decision;
            let v = self.values[node.mover as usize % self.players];
            let edge = self.tree.edge_mut(n, e);
            edge.pending = edge.pending.saturating_sub(1);
            edge.visits += 1;
            if decision {
                edge.value += v;
            }
            let node = &mut self.tree.nodes[n as usize];
            node.visits += 1;
            if decision {
                node.value += v;
            }
        }
        let node = &mut self.tree.nodes[leaf as usize];
        node.visits += 1;
        if matches!(node.kind, Kind::Decision | Kind::Pending) {
            node.value += self.values[node.mover as usize % self.players];
        }
    }

    /// In a hidden-information search, mark the actions legal in this determinization and give
    /// `node` an edge for any it has not seen (prior `1 / legal`).
    fn mark_legal(&mut self, node: u32, state: &S) {
        // The root's legal actions are the same in every determinization for the root's seat
        // (the seat to move there; the conformance kit checks it of every game): its edges are
        // exactly them, so there is nothing to look up.
        if node == 0 {
            self.all_legal = true;
            return;
        }
        state.legal_actions(&mut self.legal);
        // The common case, the node's edges exactly this determinization's legal actions (in
        // the order they were expanded in): every edge is eligible, no stamps needed.
        let edges = self.tree.edges(node);
        self.all_legal = edges.len() == self.legal.len()
            && edges.iter().zip(&self.legal).all(|(e, &a)| e.action == a);
        if self.all_legal {
            return;
        }
        self.generation = self.generation.wrapping_add(1).max(1);
        for &a in &self.legal {
            if let Some(s) = self.stamp.get_mut(a as usize) {
                *s = self.generation;
            }
        }
        let seen = self
            .tree
            .edges(node)
            .iter()
            .filter(|e| self.stamp.get(e.action as usize) == Some(&self.generation))
            .count();
        if seen < self.legal.len() {
            let prior = 1.0 / self.legal.len() as f32;
            for i in 0..self.legal.len() {
                let a = self.legal[i];
                if self.tree.find_edge(node, a).is_none() {
                    self.tree.push_edge(node, Edge::new(a, prior));
                }
            }
        }
    }

    fn eligible(&self, action: Action) -> bool {
        !self.hidden || self.all_legal || self.stamp.get(action as usize) == Some(&self.generation)
    }

    /// The edge to follow from decision node `node`.
    fn select(&mut self, node: u32, state: &S) -> u32 {
        if self.hidden {
            self.mark_legal(node, state);
        }
        if node == 0 && self.gumbel.is_some() {
            if let Some(e) = self.gumbel_select() {
                return e;
            }
        }
        let n = self.tree.nodes[node as usize];
        let fpu = if n.visits > 0 {
            n.value / f64::from(n.visits)
        } else {
            0.0
        };
        let edges = self.tree.edges(node);
        let total: u32 = edges
            .iter()
            .filter(|e| self.eligible(e.action))
            .map(|e| e.visits + e.pending)
            .sum();
        let scale = self.cfg.c_puct * f64::from(total + 1).sqrt();
        let mut best = 0u32;
        let mut best_score = f64::NEG_INFINITY;
        for (i, e) in edges.iter().enumerate() {
            if !self.eligible(e.action) {
                continue;
            }
            let n = e.visits + e.pending;
            let q = if n > 0 { e.value / f64::from(n) } else { fpu };
            let score = q + scale * f64::from(e.prior) / f64::from(1 + n);
            if score > best_score {
                best_score = score;
                best = i as u32;
            }
        }
        best
    }

    /// Completed Q of the root edges for the root seat, min-max normalised, times sigma's scale.
    fn sigma_completed_q(&self) -> Vec<f64> {
        let edges = self.tree.edges(0);
        let total_visits: u32 = edges.iter().map(|e| e.visits).sum();
        let (mut weighted, mut weight) = (0.0, 0.0);
        for e in edges.iter().filter(|e| e.visits > 0) {
            weighted += f64::from(e.prior) * e.value / f64::from(e.visits);
            weight += f64::from(e.prior);
        }
        // The value of an unvisited action: the network's root value mixed with the visited
        // actions' prior-weighted mean (Gumbel AlphaZero's v_mix).
        let v_mix = if weight > 0.0 {
            (self.root_value + f64::from(total_visits) * weighted / weight)
                / (1.0 + f64::from(total_visits))
        } else {
            self.root_value
        };
        let q: Vec<f64> = edges
            .iter()
            .map(|e| {
                if e.visits > 0 {
                    e.value / f64::from(e.visits)
                } else {
                    v_mix
                }
            })
            .collect();
        let lo = q.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = q.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let max_visits = edges.iter().map(|e| e.visits).max().unwrap_or(0);
        let sigma = (self.cfg.c_visit + f64::from(max_visits)) * self.cfg.c_scale;
        q.iter()
            .map(|&x| sigma * (x - lo) / (hi - lo).max(1e-9))
            .collect()
    }

    /// Sequential halving: the considered action whose visit count is the schedule's next one,
    /// best by `g + logit + sigma(q)`.
    fn gumbel_select(&self) -> Option<u32> {
        let gumbel = self.gumbel.as_ref()?;
        let target = *gumbel
            .schedule
            .get(self.started as usize)
            .or(gumbel.schedule.last())?;
        let sigma = self.sigma_completed_q();
        let edges = self.tree.edges(0);
        let score = |i: usize| gumbel.g[i] + gumbel.logit[i] + sigma[i];
        let candidates = || {
            (0..edges.len().min(gumbel.g.len()))
                .filter(|&i| gumbel.considered[i] && self.eligible(edges[i].action))
        };
        let best_of = |it: &mut dyn Iterator<Item = usize>| {
            it.max_by(|&a, &b| score(a).total_cmp(&score(b)).then(b.cmp(&a)))
        };
        let exact =
            best_of(&mut candidates().filter(|&i| edges[i].visits + edges[i].pending == target));
        let pick = exact.or_else(|| {
            let least = candidates()
                .map(|i| edges[i].visits + edges[i].pending)
                .min()?;
            best_of(&mut candidates().filter(|&i| edges[i].visits + edges[i].pending == least))
        })?;
        Some(pick as u32)
    }

    /// The decision and the root statistics. `temperature` overrides the configuration's
    /// (`None`: use it).
    pub fn result(&mut self, temperature: Option<f64>) -> PuctResult {
        let idx: Vec<Option<u32>> = self
            .root_legal
            .iter()
            .map(|&a| self.tree.find_edge(0, a))
            .collect();
        let edges = self.tree.edges(0).to_vec();
        let get = |i: &Option<u32>| i.and_then(|i| edges.get(i as usize));
        let visits: Vec<u32> = idx.iter().map(|i| get(i).map_or(0, |e| e.visits)).collect();
        let q: Vec<f64> = idx
            .iter()
            .map(|i| match get(i) {
                Some(e) if e.visits > 0 => e.value / f64::from(e.visits),
                _ => 0.0,
            })
            .collect();
        let prior: Vec<f32> = idx
            .iter()
            .map(|i| get(i).map_or(0.0, |e| e.prior))
            .collect();
        let total: u32 = visits.iter().sum();
        let (action_index, policy) = if let Some(g) = &self.gumbel {
            let sigma = self.sigma_completed_q();
            // Improved policy over the legal actions: softmax(logit + sigma(completed Q)).
            let z: Vec<f64> = idx
                .iter()
                .map(|i| match i {
                    Some(i) if (*i as usize) < g.logit.len() => {
                        g.logit[*i as usize] + sigma[*i as usize]
                    }
                    _ => f64::NEG_INFINITY,
                })
                .collect();
            let hi = z.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let exp: Vec<f64> = z.iter().map(|&x| (x - hi).exp()).collect();
            let sum: f64 = exp.iter().sum();
            let policy: Vec<f32> = exp.iter().map(|&x| (x / sum) as f32).collect();
            let most = idx
                .iter()
                .filter_map(|i| i.filter(|&i| g.considered.get(i as usize) == Some(&true)))
                .map(|i| edges[i as usize].visits)
                .max()
                .unwrap_or(0);
            let best = (0..idx.len())
                .filter(|&k| {
                    idx[k].is_some_and(|i| {
                        g.considered.get(i as usize) == Some(&true)
                            && edges[i as usize].visits == most
                    })
                })
                .max_by(|&a, &b| {
                    let s = |k: usize| {
                        let i = idx[k].unwrap_or(0) as usize;
                        g.g[i] + g.logit[i] + sigma[i]
                    };
                    s(a).total_cmp(&s(b)).then(b.cmp(&a))
                })
                .unwrap_or(0);
            (best, policy)
        } else {
            let policy: Vec<f32> = if total > 0 {
                visits.iter().map(|&v| v as f32 / total as f32).collect()
            } else {
                prior.clone()
            };
            let t = temperature.unwrap_or(self.cfg.temperature);
            (self.choose_by_visits(&visits, &q, t), policy)
        };
        let root = self.tree.nodes[0];
        PuctResult {
            action: self.root_legal[action_index],
            seat: self.seat,
            legal: self.root_legal.clone(),
            visits,
            q,
            prior,
            policy,
            value: if root.visits > 0 {
                root.value / f64::from(root.visits)
            } else {
                0.0
            },
            simulations: self.completed,
            evaluations: self.evaluations,
            nodes: self.tree.nodes.len(),
        }
    }

    /// Most visits (then the better mean, then the lower action) at temperature 0, else a draw
    /// proportional to `visits^(1/t)`.
    fn choose_by_visits(&mut self, visits: &[u32], q: &[f64], t: f64) -> usize {
        let most = visits.iter().copied().max().unwrap_or(0);
        if t > 0.0 && most > 0 {
            let w: Vec<f64> = visits
                .iter()
                .map(|&v| (f64::from(v) / f64::from(most)).powf(1.0 / t))
                .collect();
            let total: f64 = w.iter().sum();
            let mut pick = noise::uniform(&mut self.rng) * total;
            for (i, x) in w.iter().enumerate() {
                if pick < *x {
                    return i;
                }
                pick -= x;
            }
        }
        let mut best = 0;
        for i in 1..visits.len() {
            if visits[i] > visits[best] || (visits[i] == visits[best] && q[i] > q[best]) {
                best = i;
            }
        }
        best
    }
}

/// Sequential halving's schedule (Gumbel AlphaZero): the visit count the action chosen by
/// simulation `k` should have before it, for `m` considered actions and `n` simulations. Each
/// phase gives every surviving action the same share of the budget, then halves the field.
pub fn considered_visits(m: u32, n: u32) -> Vec<u32> {
    if m <= 1 {
        return (0..n).collect();
    }
    let phases = 32 - (m - 1).leading_zeros(); // ceil(log2(m))
    let mut out = Vec::with_capacity(n as usize);
    let mut visits = vec![0u32; m as usize];
    let mut alive = m;
    while (out.len() as u32) < n {
        let rounds = (n / (phases * alive)).max(1);
        for _ in 0..rounds {
            out.extend_from_slice(&visits[..alive as usize]);
            for v in &mut visits[..alive as usize] {
                *v += 1;
            }
        }
        alive = (alive / 2).max(2);
    }
    out.truncate(n as usize);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::options::Config;
    use crate::reference::Reference;
    use crate::rng::GameRng;
    use crate::search::fork::Fork;

    /// The reference game with the option `flaw` after the deal, seat 0 to decide: pass, bet
    /// or swap.
    fn dealt(players: usize, flaw: &str, seed: u64) -> Reference {
        let mut config = Config::with_players(&Reference::info(), players).unwrap();
        config
            .options
            .insert("flaw".into(), serde_json::json!(flaw));
        let mut g = Reference::new(&config, seed).unwrap();
        while Game::turn(&g) == Turn::Chance {
            let a = SearchState::sample_chance(&mut g).unwrap();
            Game::apply(&mut g, a).unwrap();
        }
        g
    }

    /// The reference game (three players) at seat 0's first decision.
    fn first_decision() -> Reference {
        dealt(3, "none", 3)
    }

    /// A search past its root, with `leaves` leaves collected at once, and their batch.
    fn expanded(leaves: u32) -> (Search<Reference>, LeafBatch) {
        let g = first_decision();
        let cfg = PuctConfig {
            leaves_per_search: leaves,
            ..Default::default()
        };
        let mut s = Search::new(g.clone(), &cfg, 0).unwrap();
        let mut batch = LeafBatch::for_state(&g);
        assert_eq!(s.collect(&mut batch).unwrap(), 1);
        s.absorb(
            &batch
                .masks()
                .iter()
                .map(|&m| f32::from(m))
                .collect::<Vec<_>>(),
            &[0.0; 3],
            0,
        )
        .unwrap();
        batch.clear();
        (s, batch)
    }

    /// Uniform priors over the mask, every value 1/2.
    fn uniform(b: &LeafBatch) -> Result<(Vec<f32>, Vec<f32>), String> {
        let priors = b.masks().iter().map(|&m| f32::from(m)).collect();
        Ok((priors, vec![0.5; b.rows() * b.players]))
    }

    /// A swap's draw is a chance node of the tree: one edge per card left, its prior the card's
    /// exact probability, its visits sampled in proportion. (The reference game declaring
    /// perfect information, so every simulation sees the same deck.)
    #[test]
    fn chance_nodes_keep_their_outcomes_exact_probabilities() {
        let g = dealt(2, "falsely_perfect", 4);
        let cfg = PuctConfig {
            simulations: 400,
            dirichlet_fraction: 0.0,
            ..Default::default()
        };
        let mut s = Search::new(g.clone(), &cfg, 1).unwrap();
        s.run(uniform).unwrap();
        let swap = s.tree.find_edge(0, 2).unwrap();
        let node = s.tree.edges(0)[swap as usize].child;
        assert_eq!(s.tree.nodes[node as usize].kind, Kind::Chance);
        let mut after = g.clone();
        Game::apply(&mut after, 2).unwrap();
        let mut outcomes = Vec::new();
        Game::chance_outcomes(&after, &mut outcomes);
        let total: u32 = outcomes.iter().map(|o| o.1).sum();
        let edges = s.tree.edges(node);
        assert_eq!(edges.len(), outcomes.len(), "every card seen");
        let visits: u32 = edges.iter().map(|e| e.visits).sum();
        assert!(visits >= 50, "{visits} simulations through the swap");
        for e in edges {
            let w = outcomes.iter().find(|o| o.0 == e.action).unwrap().1;
            let p = f64::from(w) / f64::from(total);
            assert_eq!(e.prior, p as f32);
            let share = f64::from(e.visits) / f64::from(visits);
            assert!(
                (share - p).abs() < 0.12,
                "card {}: {share} against {p}",
                e.action
            );
            assert_ne!(
                e.child,
                super::super::tree::NONE,
                "a drawn card leads on into the tree"
            );
        }
    }

    /// Every value 0.2 for seat 0 and 0.7 for seat 1 (and uniform priors): what a node holds
    /// of its own evaluations is then known.
    fn constant(b: &LeafBatch) -> Result<(Vec<f32>, Vec<f32>), String> {
        let priors = b.masks().iter().map(|&m| f32::from(m)).collect();
        let values = (0..b.rows() * b.players)
            .map(|i| if i % b.players == 0 { 0.2 } else { 0.7 })
            .collect();
        Ok((priors, values))
    }

    /// The books of a finished search: no virtual loss left; a decision node counts its own
    /// evaluations (at least one) beside its edges' visits, and its value is theirs plus its
    /// own (each in [0, 1]; `exact`: each the constant evaluator's value for its mover); a
    /// chance node adds no value.
    fn audit<S: SearchState>(s: &Search<S>, exact: bool) {
        for (id, n) in s.tree.nodes.iter().enumerate() {
            let edges = s.tree.edges(id as u32);
            assert!(
                edges.iter().all(|e| e.pending == 0),
                "node {id}: virtual loss left"
            );
            let visits: u32 = edges.iter().map(|e| e.visits).sum();
            let value: f64 = edges.iter().map(|e| e.value).sum();
            match n.kind {
                Kind::Decision => {
                    let own = f64::from(n.visits - visits);
                    assert!(n.visits > visits, "node {id}: {n:?}");
                    let v = n.value - value;
                    if exact {
                        let c = [0.2, 0.7][n.mover as usize];
                        assert!((v - own * c).abs() < 1e-6, "node {id}: {v} for {own} x {c}");
                    } else {
                        assert!(v > -1e-9 && v < own + 1e-9, "node {id}: {v} for {own}");
                    }
                }
                Kind::Chance => {
                    assert!(
                        n.visits >= visits && n.value == 0.0 && value == 0.0,
                        "node {id}"
                    );
                }
                Kind::Terminal => assert!(edges.is_empty() && n.visits > 0, "node {id}"),
                // A node is a leaf only until a simulation reaches it with a state.
                Kind::Leaf => assert!(edges.is_empty() && n.visits == 0, "node {id}: {n:?}"),
                Kind::Pending => panic!("node {id} still waits for the evaluator"),
            }
        }
    }

    #[test]
    fn a_finished_search_keeps_its_books() {
        for leaves in [1, 4] {
            let cfg = PuctConfig {
                simulations: 300,
                leaves_per_search: leaves,
                ..Default::default()
            };
            let g = dealt(2, "falsely_perfect", 6);
            let mut s = Search::new(g, &cfg, 2).unwrap();
            s.run(constant).unwrap();
            audit(&s, true);
            for card in 0..5 {
                let mut s = Search::new(Fork::dealt(card), &cfg, 3).unwrap();
                s.run(constant).unwrap();
                assert_eq!(s.completed, 300);
                audit(&s, false);
            }
        }
    }

    /// In Fork player 1's options depend on the card player 0 cannot see: player 1's node
    /// below each root action gathers the options of every card drawn for it (an edge for
    /// each, added as the determinizations show them), and no simulation plays one that its
    /// determinization does not allow (the game would refuse it: the search would fail).
    #[test]
    fn determinizations_add_the_options_they_show() {
        let cfg = PuctConfig {
            simulations: 200,
            ..Default::default()
        };
        let mut s = Search::new(Fork::dealt(0), &cfg, 4).unwrap();
        s.run(constant).unwrap();
        for e in s.tree.edges(0) {
            let n = s.tree.nodes[e.child as usize];
            assert!(
                matches!(n.kind, Kind::Decision | Kind::Chance | Kind::Terminal),
                "{n:?}"
            );
            let mut below: Vec<Action> = s.tree.edges(e.child).iter().map(|e| e.action).collect();
            below.sort_unstable();
            let want: &[Action] = match (n.kind, n.mover) {
                (Kind::Decision, 1) => &[0, 1, 2],
                (Kind::Terminal, _) => &[],
                _ => &[0, 1],
            };
            assert_eq!(below, want, "below root action {}", e.action);
            if n.kind == Kind::Decision {
                // Expanded from the evaluator's uniform priors or added by a later
                // determinization at 1 / its legal actions: a half each way.
                assert!(s.tree.edges(e.child).iter().all(|e| e.prior == 0.5));
            }
        }
    }

    /// A determinization where another seat moves than at the tree's node (Fork: player 1's
    /// node, player 0 to move again on card 3) takes that position's value only: rows handed
    /// over for seat 0 that do not expand the node they reached.
    #[test]
    fn another_seat_to_move_is_evaluated_not_expanded() {
        let cfg = PuctConfig {
            simulations: 300,
            ..Default::default()
        };
        let mut s = Search::new(Fork::dealt(0), &cfg, 7).unwrap();
        let mut batch = LeafBatch::for_state(&Fork::dealt(0));
        let mut foreign = 0;
        while !s.is_done() {
            batch.clear();
            s.collect(&mut batch).unwrap();
            for (leaf, &seat) in s.pending.iter().zip(&batch.seats) {
                let mover = s.tree.nodes[leaf.node as usize].mover;
                if !leaf.expand && seat == 0 && mover == 1 {
                    foreign += 1;
                }
            }
            let (p, v) = constant(&batch).unwrap();
            s.absorb(&p, &v, 0).unwrap();
        }
        assert!(foreign > 0);
        audit(&s, false);
    }

    /// Where the tree and a determinization disagree (the tree expected a player, the
    /// determinization throws the coin, or the reverse), the search asks the evaluator only
    /// for the value of a player's position, and plays chance to the end.
    #[test]
    fn value_only_evaluates_a_player_and_plays_chance_to_the_end() {
        let (mut s, mut batch) = {
            let g = Fork::dealt(0);
            let mut s = Search::new(g.clone(), &PuctConfig::default(), 5).unwrap();
            let mut batch = LeafBatch::for_state(&g);
            s.collect(&mut batch).unwrap();
            s.absorb(&[1.0, 1.0, 0.0], &[0.5, 0.5], 0).unwrap();
            batch.clear();
            (s, batch)
        };
        let mut player = Fork::dealt(1);
        Game::apply(&mut player, 0).unwrap();
        s.path.clear();
        assert!(matches!(
            s.value_only(0, player, &mut batch),
            Ok(Step::Leaf)
        ));
        assert_eq!((batch.rows(), batch.seats[0]), (1, 1));
        assert_eq!(batch.masks(), [0, 1, 1]);
        assert!(
            !s.pending[0].expand,
            "a value-only row does not expand the node"
        );
        let mut coin = Fork::dealt(2);
        Game::apply(&mut coin, 0).unwrap();
        for _ in 0..8 {
            s.path.clear();
            let rows = batch.rows();
            assert!(matches!(
                s.value_only(0, coin.clone(), &mut batch),
                Ok(Step::Backed)
            ));
            assert_eq!(batch.rows(), rows, "a finished game needs no evaluator");
            let won = s.values[0] == 1.0;
            assert_eq!(s.values, if won { [1.0, 0.0] } else { [0.0, 1.0] });
        }
    }

    /// PUCT's choice is the argmax of `Q + c sqrt(N + 1) P / (1 + n)`, pending visits counted in
    /// `n` and `N`, an unvisited edge valued at its node's mean (first-play urgency): checked
    /// against that formula on random statistics at the root of a perfect-information state.
    #[test]
    fn select_maximises_the_puct_score() {
        let g = dealt(2, "falsely_perfect", 1);
        let mut rng = GameRng::new(11);
        for case in 0..300 {
            let c_puct = [0.5, 1.25, 3.0][case % 3];
            let cfg = PuctConfig {
                c_puct,
                ..Default::default()
            };
            let mut s = Search::new(g.clone(), &cfg, 0).unwrap();
            let edges: Vec<Edge> = (0..3)
                .map(|a| {
                    let mut e = Edge::new(a, (1 + rng.below(9)) as f32 / 10.0);
                    e.visits = rng.below(4);
                    e.pending = u32::from(rng.below(4) == 0);
                    e.value = f64::from(rng.below(100)) / 100.0 * f64::from(e.visits);
                    e
                })
                .collect();
            s.tree.set_edges(0, edges.iter().copied());
            let node = &mut s.tree.nodes[0];
            node.kind = Kind::Decision;
            node.visits = 1 + edges.iter().map(|e| e.visits).sum::<u32>();
            node.value = f64::from(rng.below(100)) / 100.0 * f64::from(node.visits);
            let fpu = node.value / f64::from(node.visits);
            let total: u32 = edges.iter().map(|e| e.visits + e.pending).sum();
            let score = |e: &Edge| {
                let n = e.visits + e.pending;
                let q = if n > 0 { e.value / f64::from(n) } else { fpu };
                q + c_puct * f64::from(total + 1).sqrt() * f64::from(e.prior) / f64::from(1 + n)
            };
            let best = (0..3).fold(0, |b, i| {
                if score(&edges[i]) > score(&edges[b]) {
                    i
                } else {
                    b
                }
            });
            assert_eq!(s.select(0, &g), best as u32, "case {case}: {edges:?}");
        }
        // A tie goes to the first edge (the lowest action: expansion order).
        let mut s = Search::new(g.clone(), &PuctConfig::default(), 0).unwrap();
        s.tree.set_edges(0, (0..3).map(|a| Edge::new(a, 0.25)));
        s.tree.nodes[0].kind = Kind::Decision;
        s.tree.nodes[0].visits = 1;
        assert_eq!(s.select(0, &g), 0);
    }

    /// At temperature `t` an action is drawn with probability proportional to `visits^(1/t)`;
    /// at 0 it is the most visited, a tie going to the better mean, then the first.
    #[test]
    fn moves_are_drawn_by_visits_at_the_temperature() {
        let (mut s, _) = expanded(1);
        let visits = [1, 3, 0, 4];
        let q = [0.9, 0.1, 0.5, 0.2];
        for (t, want) in [(1.0, [1.0, 3.0, 0.0, 4.0]), (0.5, [1.0, 9.0, 0.0, 16.0])] {
            let n = 20_000;
            let mut counts = [0u32; 4];
            for _ in 0..n {
                counts[s.choose_by_visits(&visits, &q, t)] += 1;
            }
            let total: f64 = want.iter().sum();
            for i in 0..4 {
                let share = f64::from(counts[i]) / f64::from(n);
                assert!((share - want[i] / total).abs() < 0.012, "t {t}: {counts:?}");
            }
        }
        assert_eq!(s.choose_by_visits(&visits, &q, 0.0), 3);
        assert_eq!(s.choose_by_visits(&[2, 2, 1], &[0.1, 0.3, 0.9], 0.0), 1);
        assert_eq!(s.choose_by_visits(&[2, 2], &[0.3, 0.3], 0.0), 0);
        assert_eq!(s.choose_by_visits(&[0, 0], &[0.1, 0.3], 1.0), 1);
    }

    /// The result's statistics are the root's: per legal action its visits, mean value (0 if
    /// never visited) and prior, the visit shares as the policy target, the root's mean value.
    #[test]
    fn the_result_reports_the_roots_statistics() {
        let cfg = PuctConfig {
            simulations: 7,
            ..Default::default()
        };
        let mut s = Search::new(Fork::dealt(0), &cfg, 9).unwrap();
        s.run(constant).unwrap();
        let r = s.result(None);
        let edges = s.tree.edges(0).to_vec();
        assert_eq!(r.legal, [0, 1]);
        let total: u32 = edges.iter().map(|e| e.visits).sum();
        assert_eq!(total, 7);
        for (i, e) in edges.iter().enumerate() {
            assert_eq!(e.action, r.legal[i]);
            assert_eq!(r.visits[i], e.visits);
            assert_eq!(r.prior[i], e.prior);
            let q = if e.visits > 0 {
                e.value / f64::from(e.visits)
            } else {
                0.0
            };
            assert!((r.q[i] - q).abs() < 1e-12, "{r:?}");
            assert!((f64::from(r.policy[i]) - f64::from(e.visits) / 7.0).abs() < 1e-6);
        }
        let root = s.tree.nodes[0];
        assert!((r.value - root.value / f64::from(root.visits)).abs() < 1e-12);
        assert_eq!((r.seat, r.simulations, r.nodes), (0, 7, s.tree.nodes.len()));
    }

    /// Each leaf of a wave takes its own row's values: three leaves collected at once (virtual
    /// loss sends them down the three root edges), row `k` valued `(k + 1) / 10` for every
    /// seat, and the root edges end with the three values, one each.
    #[test]
    fn each_leaf_takes_its_own_rows_value() {
        let (mut s, mut batch) = expanded(3);
        let rows = s.collect(&mut batch).unwrap();
        assert_eq!(rows, 3);
        let priors: Vec<f32> = batch.masks().iter().map(|&m| f32::from(m)).collect();
        let values: Vec<f32> = (0..rows).flat_map(|k| [(k + 1) as f32 / 10.0; 3]).collect();
        s.absorb(&priors, &values, 0).unwrap();
        assert_eq!(s.evaluations, 1 + 3, "the root's row and the three leaves'");
        let mut got: Vec<f64> = s.tree.edges(0).iter().map(|e| e.value).collect();
        got.sort_by(f64::total_cmp);
        let want = [0.1, 0.2, 0.3];
        assert!(
            got.iter().zip(want).all(|(g, w)| (g - w).abs() < 1e-6),
            "{got:?}"
        );
    }

    /// Outputs of the wrong size for the rows collected are refused, priors or values, and the
    /// search can still take the right ones.
    #[test]
    fn absorb_refuses_outputs_of_the_wrong_size() {
        let (mut s, mut batch) = expanded(2);
        let rows = s.collect(&mut batch).unwrap();
        let priors: Vec<f32> = batch.masks().iter().map(|&m| f32::from(m)).collect();
        let values = vec![0.5; rows * 3];
        for (p, v) in [(&priors[1..], &values[..]), (&priors[..], &values[1..])] {
            let e = s.absorb(p, v, 0).unwrap_err();
            assert!(
                e.contains(&format!("expected outputs for {rows} rows")),
                "{e}"
            );
        }
        s.absorb(&priors, &values, 0).unwrap();
    }

    #[test]
    fn halving_schedule() {
        // 4 actions, 16 simulations: two phases; 2 rounds of 4, then the best 2 get the rest.
        assert_eq!(
            considered_visits(4, 16),
            vec![0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
        );
        assert_eq!(considered_visits(1, 3), vec![0, 1, 2]);
        assert_eq!(considered_visits(2, 5), vec![0, 0, 1, 1, 2]);
        // 3 actions, 10 simulations: ceil(log2 3) = 2 phases; one round of 3 (10 / (2 x 3)),
        // then the best 2, two rounds each (10 / (2 x 2)) until the budget is spent.
        assert_eq!(considered_visits(3, 10), [0, 0, 0, 1, 1, 2, 2, 3, 3, 4]);
        // 16 actions, 64 simulations: 4 phases of 16 simulations, the field halved after each:
        // 1 round of 16, 2 of 8, 4 of 4, 8 of 2.
        let mut want = vec![0; 16];
        for (alive, rounds, from) in [(8, 2, 1), (4, 4, 3), (2, 8, 7)] {
            for v in from..from + rounds {
                want.extend(std::iter::repeat_n(v, alive));
            }
        }
        assert_eq!(considered_visits(16, 64), want);
    }

    /// A root set up by hand for the Gumbel tests: pass, bet and swap with these priors,
    /// visits, pending visits and mean values, Gumbel draws, considered actions, the
    /// evaluator's value of the root and sigma's constants.
    #[derive(Debug)]
    struct HandRoot {
        prior: [f32; 3],
        visits: [u32; 3],
        pending: [u32; 3],
        mean: [f64; 3],
        g: [f64; 3],
        considered: [bool; 3],
        root_value: f64,
        c_visit: f64,
        c_scale: f64,
    }

    impl HandRoot {
        fn random(rng: &mut GameRng) -> HandRoot {
            let mut r = |n: u32| rng.below(n);
            let mut considered = [0, 1, 2].map(|_| r(3) > 0);
            if !considered.contains(&true) {
                considered[r(3) as usize] = true;
            }
            HandRoot {
                prior: [0, 1, 2].map(|_| (1 + r(9)) as f32 / 10.0),
                visits: [0, 1, 2].map(|_| r(5)),
                pending: [0, 1, 2].map(|_| u32::from(r(3) == 0)),
                mean: [0, 1, 2].map(|_| f64::from(r(101)) / 100.0),
                g: [0, 1, 2].map(|_| (f64::from(r(401)) - 200.0) / 100.0),
                considered,
                root_value: f64::from(r(101)) / 100.0,
                c_visit: [0.0, 5.0, 50.0][r(3) as usize],
                c_scale: [0.1, 1.0, 10.0][r(3) as usize],
            }
        }

        /// A root with these priors and nothing else: no visits, values or Gumbel draws, every
        /// action considered, sigma's default constants.
        fn plain(prior: [f32; 3]) -> HandRoot {
            HandRoot {
                prior,
                visits: [0; 3],
                pending: [0; 3],
                mean: [0.0; 3],
                g: [0.0; 3],
                considered: [true; 3],
                root_value: 0.0,
                c_visit: 50.0,
                c_scale: 0.1,
            }
        }

        fn logit(&self, i: usize) -> f64 {
            f64::from(self.prior[i]).ln()
        }

        /// A search at this root, `started` simulations into `schedule`.
        fn search(&self, started: u32, schedule: Vec<u32>) -> Search<Reference> {
            let cfg = PuctConfig {
                gumbel: true,
                c_visit: self.c_visit,
                c_scale: self.c_scale,
                ..Default::default()
            };
            let mut s = Search::new(dealt(2, "falsely_perfect", 1), &cfg, 0).unwrap();
            s.tree.set_edges(
                0,
                (0..3).map(|i| {
                    let mut e = Edge::new(i as Action, self.prior[i]);
                    e.visits = self.visits[i];
                    e.pending = self.pending[i];
                    e.value = self.mean[i] * f64::from(e.visits);
                    e
                }),
            );
            let node = &mut s.tree.nodes[0];
            node.kind = Kind::Decision;
            node.visits = 1 + self.visits.iter().sum::<u32>();
            node.value = self.root_value * f64::from(node.visits);
            s.root_value = self.root_value;
            s.gumbel = Some(GumbelRoot {
                g: self.g.to_vec(),
                logit: (0..3).map(|i| self.logit(i)).collect(),
                considered: self.considered.to_vec(),
                schedule,
            });
            s.started = started;
            s
        }

        /// sigma(completed Q), as Gumbel AlphaZero defines it: an unvisited action valued
        /// v_mix (the root value mixed with the visited actions' prior-weighted mean value),
        /// Q min-max normalised, times `(c_visit + max visits) * c_scale`.
        fn sigma(&self) -> [f64; 3] {
            let n = f64::from(self.visits.iter().sum::<u32>());
            let visited: Vec<usize> = (0..3).filter(|&i| self.visits[i] > 0).collect();
            let weight: f64 = visited.iter().map(|&i| f64::from(self.prior[i])).sum();
            let weighted: f64 = visited
                .iter()
                .map(|&i| f64::from(self.prior[i]) * self.mean[i])
                .sum();
            let v_mix = if visited.is_empty() {
                self.root_value
            } else {
                (self.root_value + n * weighted / weight) / (1.0 + n)
            };
            let q = [0, 1, 2].map(|i| {
                if self.visits[i] > 0 {
                    self.mean[i]
                } else {
                    v_mix
                }
            });
            let lo = q.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = q.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let most = f64::from(*self.visits.iter().max().unwrap());
            q.map(|x| (self.c_visit + most) * self.c_scale * (x - lo) / (hi - lo).max(1e-9))
        }

        /// The best of `actions` (ascending) by g + logit + sigma, a tie to the lowest.
        fn best_of(&self, actions: impl Iterator<Item = usize>) -> Option<usize> {
            let sigma = self.sigma();
            let score = |i: usize| self.g[i] + self.logit(i) + sigma[i];
            actions.fold(None, |best, i| match best {
                Some(b) if score(b) >= score(i) => Some(b),
                _ => Some(i),
            })
        }
    }

    /// Sequential halving's step: among the considered actions, those whose visits (pending
    /// ones included) are the schedule's count for this simulation, the best by
    /// `g + logit + sigma`; if none has that count, the best of the least visited. Checked
    /// against that rule on random roots (priors, visits, values, draws, sigma's constants).
    #[test]
    fn gumbel_select_takes_the_best_considered_action_at_the_scheduled_count() {
        let mut rng = GameRng::new(5);
        let schedule = vec![0, 0, 0, 1, 1, 2, 2, 3, 3, 4];
        let (mut exact, mut fallback) = (0, 0);
        for case in 0..2000 {
            let root = HandRoot::random(&mut rng);
            let started = rng.below(12);
            let target = schedule.get(started as usize).copied().unwrap_or(4);
            let count = |i: usize| root.visits[i] + root.pending[i];
            let considered = || (0..3).filter(|&i| root.considered[i]);
            let want = match root.best_of(considered().filter(|&i| count(i) == target)) {
                Some(i) => {
                    exact += 1;
                    i
                }
                None => {
                    fallback += 1;
                    let least = considered().map(count).min().unwrap();
                    root.best_of(considered().filter(|&i| count(i) == least))
                        .unwrap()
                }
            };
            let got = root.search(started, schedule.clone()).gumbel_select();
            assert_eq!(
                got,
                Some(want as u32),
                "case {case}: {root:?}, target {target}"
            );
        }
        assert!(
            exact > 500 && fallback > 500,
            "{exact} exact, {fallback} fallback"
        );
        // Equal scores: the lowest action.
        let tie = HandRoot {
            visits: [1, 0, 0],
            mean: [0.5; 3],
            root_value: 0.5,
            ..HandRoot::plain([0.5; 3])
        };
        assert_eq!(tie.search(1, vec![0, 0, 0]).gumbel_select(), Some(1));
    }

    /// The Gumbel result: the action is the best by `g + logit + sigma` among the considered
    /// actions with the most visits; the policy target softmax(logit + sigma) over every
    /// legal action, finite even when sigma's scale is large; an unvisited action's Q 0.
    #[test]
    fn the_gumbel_result_plays_the_best_of_the_most_visited_considered_actions() {
        let mut rng = GameRng::new(6);
        for case in 0..1000 {
            let mut root = HandRoot::random(&mut rng);
            root.pending = [0; 3];
            let r = root.search(0, vec![0]).result(None);
            let most = (0..3)
                .filter(|&i| root.considered[i])
                .map(|i| root.visits[i])
                .max()
                .unwrap();
            let best = (0..3).filter(|&i| root.considered[i] && root.visits[i] == most);
            let want = root.best_of(best).unwrap();
            assert_eq!(r.action, want as Action, "case {case}: {root:?}");
            let sigma = root.sigma();
            let z = [0, 1, 2].map(|i| root.logit(i) + sigma[i]);
            let top = z.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let total: f64 = z.iter().map(|x| (x - top).exp()).sum();
            for (i, zi) in z.iter().enumerate() {
                let p = (zi - top).exp() / total;
                assert!(
                    (f64::from(r.policy[i]) - p).abs() < 1e-6,
                    "case {case}: {r:?}"
                );
                let q = if root.visits[i] > 0 {
                    root.mean[i]
                } else {
                    0.0
                };
                assert!((r.q[i] - q).abs() < 1e-12, "case {case}: {r:?}");
            }
        }
    }

    /// Before any simulation has visited the root's actions: no visits, Q 0, the priors as
    /// the policy target, the root's value 0 (not 0/0), and a legal action played.
    #[test]
    fn a_result_before_any_visit_is_the_priors() {
        let mut s = HandRoot::plain([0.2, 0.5, 0.3]).search(0, vec![0]);
        s.gumbel = None;
        s.tree.nodes[0].visits = 0;
        s.tree.nodes[0].value = 0.0;
        for t in [0.0, 1.0] {
            let r = s.result(Some(t));
            assert_eq!((r.visits.clone(), r.q.clone()), (vec![0; 3], vec![0.0; 3]));
            assert_eq!((r.policy.clone(), r.value), (vec![0.2, 0.5, 0.3], 0.0));
            assert_eq!(r.action, 0, "no visits: the first action");
        }
    }
}
