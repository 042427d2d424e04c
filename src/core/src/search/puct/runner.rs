//! N games and N searches in lockstep: one evaluator call per wave (per evaluator), training
//! data out.

use super::search::{check_outputs, LeafBatch, Search};
use super::state::SearchState;
use super::PuctConfig;
use crate::game::{Action, Turn};
use crate::rng::GameRng;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatPlayer {
    /// PUCT guided by evaluator number `k`.
    Puct(usize),
    /// Fixed bot number `k` (see [`Opponent`]).
    Bot(usize),
}

/// A fixed bot: picks an action for the player to move from a seed.
pub trait Opponent<S>: Send + Sync {
    fn choose(&self, state: &S, seed: u64) -> Result<Action, String>;
}

impl<S, F: Fn(&S, u64) -> Result<Action, String> + Send + Sync> Opponent<S> for F {
    fn choose(&self, state: &S, seed: u64) -> Result<Action, String> {
        self(state, seed)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct RunnerConfig {
    pub puct: PuctConfig,
    /// PUCT decisions per game made at `puct.temperature`; later ones take the most visited
    /// action. `None`: every decision at `puct.temperature`.
    pub temperature_moves: Option<u32>,
    /// Keep a [`TrainingRow`] per PUCT decision.
    pub record: bool,
    /// Threads that walk the searches of a wave (each takes a contiguous chunk of the games;
    /// the results do not depend on it). 1 = the calling thread only.
    pub threads: usize,
    /// Stop each game after this many actions (chance outcomes count); such a game is reported
    /// unfinished, with returns all 0. `None`: play to the end (bounded by `max_game_length`).
    pub max_plies: Option<u64>,
}

/// One PUCT decision as training data.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainingRow {
    pub game: usize,
    pub seat: usize,
    /// The position's index in the game's action list (chance outcomes count).
    pub ply: usize,
    /// The observation tensor of `seat` at the decision.
    pub observation: Vec<f32>,
    pub legal: Vec<Action>,
    /// The search's policy target over `legal`.
    pub policy: Vec<f32>,
    /// The search's root value for `seat`.
    pub value: f32,
    pub action: Action,
}

/// How one game went.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The seed the game was set up with.
    pub seed: u64,
    /// Per seat: who played it.
    pub seating: Vec<SeatPlayer>,
    /// Every action applied, chance outcomes (drawn with the game's own RNG) included.
    pub actions: Vec<Action>,
    pub returns: Vec<f64>,
    /// False if the game was cut off at `max_game_length`.
    pub finished: bool,
    pub decisions: usize,
}

/// The evaluator rows of one wave: one batch per evaluator, and which search owns which rows.
pub struct Wave {
    pub batches: Vec<LeafBatch>,
    owners: Vec<Vec<(usize, usize)>>,
}

/// What one thread's share of the games produced in a wave.
struct Part {
    wave: Wave,
    rows: Vec<TrainingRow>,
    simulations: u64,
}

impl Part {
    fn new(batch: &LeafBatch, evaluators: usize) -> Part {
        Part {
            wave: Wave {
                batches: vec![batch.clone(); evaluators],
                owners: vec![Vec::new(); evaluators],
            },
            rows: Vec::new(),
            simulations: 0,
        }
    }

    fn clear(&mut self) {
        for b in &mut self.wave.batches {
            b.clear();
        }
        for o in &mut self.wave.owners {
            o.clear();
        }
    }
}

struct Slot<S: SearchState> {
    state: S,
    seed: u64,
    /// Actions after which the game is cut off: its `max_game_length` (a bound on the whole
    /// game, read once: the state is cold in the cache when a wave comes back to it) or
    /// `max_plies`.
    bound: u64,
    seating: Vec<SeatPlayer>,
    rng: GameRng,
    search: Option<(Search<S>, usize)>,
    actions: Vec<Action>,
    decisions: usize,
    done: bool,
    finished: bool,
}

/// Plays games in lockstep. Drive it with [`Runner::prepare`] (walk every search to its next
/// leaves), an evaluator call per non-empty batch of [`Runner::wave`], and [`Runner::finish`];
/// or with [`Runner::run`]. Every game draws from its own generator, so the results of game
/// `i` do not depend on how many games run beside it.
pub struct Runner<S: SearchState> {
    cfg: RunnerConfig,
    slots: Vec<Slot<S>>,
    opponents: Vec<Box<dyn Opponent<S>>>,
    /// The wave handed to the evaluators (with one thread, the only part's).
    wave: Wave,
    /// One part per thread; the games are split into as many contiguous chunks.
    parts: Vec<Part>,
    pool: Option<rayon::ThreadPool>,
    rows: Vec<TrainingRow>,
    simulations: u64,
    evaluations: u64,
}

impl<S: SearchState> Runner<S> {
    /// `games`: each start position with the seed it was set up with (the seed also seeds the
    /// game's search and bot draws). `seats`: who plays each seat; with `rotate`, seat `s` of
    /// game `i` is `seats[(s + i) % seats.len()]`. `evaluators`: how many evaluators the
    /// [`SeatPlayer::Puct`] entries index.
    pub fn new(
        games: Vec<(S, u64)>,
        seats: &[SeatPlayer],
        rotate: bool,
        opponents: Vec<Box<dyn Opponent<S>>>,
        evaluators: usize,
        cfg: RunnerConfig,
    ) -> Result<Self, String> {
        cfg.puct.validate()?;
        let first = games.first().ok_or("a runner needs at least one game")?;
        let players = first.0.players();
        if seats.len() != players {
            return Err(format!(
                "need one player per seat: {players} seats, {} given",
                seats.len()
            ));
        }
        for s in seats {
            match *s {
                SeatPlayer::Puct(k) if k >= evaluators => {
                    return Err(format!(
                        "seat uses evaluator {k}, but there are {evaluators}"
                    ))
                }
                SeatPlayer::Bot(k) if k >= opponents.len() => {
                    return Err(format!(
                        "seat uses bot {k}, but there are {}",
                        opponents.len()
                    ))
                }
                _ => {}
            }
        }
        let batch = LeafBatch::for_state(&first.0);
        let slots = games
            .into_iter()
            .enumerate()
            .map(|(i, (state, seed))| Slot {
                bound: state
                    .max_game_length()
                    .min(cfg.max_plies.unwrap_or(u64::MAX)),
                state,
                seed,
                seating: (0..players)
                    .map(|s| seats[if rotate { (s + i) % players } else { s }])
                    .collect(),
                rng: GameRng::new(seed ^ 0x5EA5_C0DE_0F0F_AB1E),
                search: None,
                actions: Vec::new(),
                decisions: 0,
                done: false,
                finished: false,
            })
            .collect();
        let threads = cfg.threads.clamp(1, 256);
        let pool = if threads > 1 {
            // A pool of our own, never rayon's global one (safe after fork).
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .ok()
        } else {
            None
        };
        let parts = (0..threads)
            .map(|_| Part::new(&batch, evaluators))
            .collect();
        Ok(Runner {
            cfg,
            slots,
            opponents,
            wave: Part::new(&batch, evaluators).wave,
            parts,
            pool,
            rows: Vec::new(),
            simulations: 0,
            evaluations: 0,
        })
    }

    /// Advance every game to its next evaluator leaves. False once every game is over.
    pub fn prepare(&mut self) -> Result<bool, String> {
        let n = self.slots.len();
        let chunk = n.div_ceil(self.parts.len()).max(1);
        let (cfg, opponents) = (&self.cfg, &self.opponents[..]);
        let run = |(c, (slots, part)): (usize, (&mut [Slot<S>], &mut Part))| {
            part.clear();
            for (j, slot) in slots.iter_mut().enumerate() {
                Self::advance(cfg, opponents, slot, c * chunk + j, part)?;
            }
            Ok::<(), String>(())
        };
        let parts = &mut self.parts;
        match &self.pool {
            Some(pool) if n > 1 => {
                use rayon::prelude::*;
                pool.install(|| {
                    self.slots
                        .par_chunks_mut(chunk)
                        .zip(parts.par_iter_mut())
                        .enumerate()
                        .try_for_each(run)
                })?;
            }
            _ => {
                for item in self
                    .slots
                    .chunks_mut(chunk)
                    .zip(parts.iter_mut())
                    .enumerate()
                {
                    run(item)?;
                }
            }
        }
        // The parts' rows, in game order, make the wave: the first part's batches become the
        // wave's as they are (their buffers swap, nothing is copied), the later parts' rows are
        // appended to them.
        let (first, rest) = self.parts.split_at_mut(1);
        std::mem::swap(&mut self.wave, &mut first[0].wave);
        for (k, batch) in self.wave.batches.iter_mut().enumerate() {
            for part in rest.iter() {
                batch.extend_rows(&part.wave.batches[k]);
                self.wave.owners[k].extend_from_slice(&part.wave.owners[k]);
            }
        }
        for part in &mut self.parts {
            self.simulations += std::mem::take(&mut part.simulations);
            self.rows.append(&mut part.rows);
        }
        Ok(self.wave.batches.iter().any(|b| b.rows() > 0))
    }

    /// The current wave's batches (index: evaluator).
    pub fn wave(&mut self) -> &mut Wave {
        &mut self.wave
    }

    /// Hand back each evaluator's outputs for the wave: `outputs[k] = (priors, values)` for
    /// batch `k` (`rows x num_distinct_actions` and `rows x players`, row-major).
    pub fn finish(&mut self, outputs: &[(&[f32], &[f32])]) -> Result<(), String> {
        if outputs.len() != self.wave.owners.len() {
            return Err(format!(
                "expected outputs for {} evaluators, got {}",
                self.wave.owners.len(),
                outputs.len()
            ));
        }
        for (k, &(priors, values)) in outputs.iter().enumerate() {
            let b = &self.wave.batches[k];
            let rows: usize = self.wave.owners[k].iter().map(|o| o.1).sum();
            let (a, p) = (b.num_actions, b.players);
            check_outputs(priors, values, rows, a, p)?;
            let mut row = 0;
            for &(slot, n) in &self.wave.owners[k] {
                if let Some((search, _)) = &mut self.slots[slot].search {
                    search.absorb(
                        &priors[row * a..(row + n) * a],
                        &values[row * p..(row + n) * p],
                        row,
                    )?;
                }
                row += n;
            }
            self.evaluations += rows as u64;
        }
        Ok(())
    }

    /// Play every game to the end with `evaluate(k, batch) -> (priors, values)`.
    pub fn run(
        &mut self,
        mut evaluate: impl FnMut(usize, &LeafBatch) -> Result<(Vec<f32>, Vec<f32>), String>,
    ) -> Result<(), String> {
        while self.prepare()? {
            let mut outs = Vec::with_capacity(self.wave.batches.len());
            for (k, b) in self.wave.batches.iter().enumerate() {
                outs.push(if b.rows() > 0 {
                    evaluate(k, b)?
                } else {
                    (Vec::new(), Vec::new())
                });
            }
            let refs: Vec<(&[f32], &[f32])> = outs
                .iter()
                .map(|(p, v)| (p.as_slice(), v.as_slice()))
                .collect();
            self.finish(&refs)?;
        }
        Ok(())
    }

    /// Simulations backed up and evaluator rows used so far, over every game.
    pub fn counts(&self) -> (u64, u64) {
        (self.simulations, self.evaluations)
    }

    /// Whether every game is over.
    pub fn is_over(&self) -> bool {
        self.slots.iter().all(|s| s.done)
    }

    /// The games (in order) and the training rows (game by game, in play order).
    pub fn into_results(self) -> (Vec<GameRecord>, Vec<TrainingRow>) {
        let mut rows = self.rows;
        rows.sort_by_key(|r| (r.game, r.ply));
        let games = self
            .slots
            .into_iter()
            .map(|s| GameRecord {
                seed: s.seed,
                seating: s.seating,
                returns: s.state.returns(),
                actions: s.actions,
                finished: s.finished,
                decisions: s.decisions,
            })
            .collect();
        (games, rows)
    }

    /// Play game `i` forward until its search needs the evaluator or the game ends.
    fn advance(
        cfg: &RunnerConfig,
        opponents: &[Box<dyn Opponent<S>>],
        slot: &mut Slot<S>,
        i: usize,
        part: &mut Part,
    ) -> Result<(), String> {
        loop {
            if slot.done {
                return Ok(());
            }
            if let Some((search, k)) = &mut slot.search {
                if !search.is_done() {
                    let rows = search.collect(&mut part.wave.batches[*k])?;
                    if rows > 0 {
                        part.wave.owners[*k].push((i, rows));
                        return Ok(());
                    }
                    if !search.is_done() {
                        return Err("a search made no progress (a bug: please report it)".into());
                    }
                }
                let (mut search, _) = slot.search.take().ok_or("no search")?;
                let t = match cfg.temperature_moves {
                    Some(m) if slot.decisions >= m as usize => Some(0.0),
                    _ => None,
                };
                let r = search.result(t);
                part.simulations += u64::from(r.simulations);
                if cfg.record {
                    let mut observation = vec![0.0; slot.state.observation_tensor_len()];
                    slot.state.observation_tensor(r.seat, &mut observation);
                    part.rows.push(TrainingRow {
                        game: i,
                        seat: r.seat,
                        ply: slot.actions.len(),
                        observation,
                        legal: r.legal.clone(),
                        policy: r.policy.clone(),
                        value: r.value as f32,
                        action: r.action,
                    });
                }
                slot.decisions += 1;
                Self::play(slot, r.action)?;
                continue;
            }
            if slot.actions.len() as u64 >= slot.bound {
                slot.done = true;
                return Ok(());
            }
            match slot.state.turn() {
                Turn::Terminal => {
                    slot.done = true;
                    slot.finished = true;
                    return Ok(());
                }
                Turn::Chance => {
                    let a = slot
                        .state
                        .sample_chance()
                        .ok_or("a chance node without outcomes (a bug in the game)")?;
                    Self::play(slot, a)?;
                }
                Turn::Player(p) => match slot.seating.get(p).copied() {
                    Some(SeatPlayer::Bot(b)) => {
                        let seed = slot.rng.next_u64();
                        let a = opponents[b].choose(&slot.state, seed)?;
                        Self::play(slot, a)?;
                    }
                    Some(SeatPlayer::Puct(k)) => {
                        let mut legal = Vec::new();
                        slot.state.legal_actions(&mut legal);
                        if legal.len() == 1 {
                            // Nothing to decide: no search, no training row.
                            Self::play(slot, legal[0])?;
                        } else {
                            let seed = slot.rng.next_u64();
                            let search = Search::new(slot.state.clone(), &cfg.puct, seed)?;
                            slot.search = Some((search, k));
                        }
                    }
                    None => return Err(format!("player {p} to move, but no player for that seat")),
                },
            }
        }
    }

    fn play(slot: &mut Slot<S>, action: Action) -> Result<(), String> {
        slot.state
            .apply(action)
            .map_err(|e| format!("game seeded {}: action {action} refused: {e}", slot.seed))?;
        slot.actions.push(action);
        Ok(())
    }
}
