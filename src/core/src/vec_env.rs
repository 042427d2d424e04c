//! A batch of games stepped together for reinforcement learning: one call advances every game to
//! its learner's next decision and writes the results into caller-owned buffers.
//!
//! Generic over [`DynGame`] (every [`crate::Game`] implements it): `VecEnv<Catan>` is
//! monomorphized, `VecEnv<dyn DynGame>` serves the Python bindings. Nothing game-specific here.
//!
//! - Each env owns an RNG stream split from the seed ([`game_seed`]`(seed, i)`): it seeds every new
//!   game, draws chance outcomes and random opponents' moves, and seeds the bots' searches. No
//!   stream is shared, so the results are the same for any thread count.
//! - Seats are *learners* (the caller chooses their actions) or *opponents* (a bot from a
//!   [`SearchConfig`], run here). Chance and opponents are resolved inside [`VecEnv::step`].
//! - Outputs go into [`Outputs`] (slices the caller owns, e.g. numpy arrays): nothing is
//!   allocated per step but a bot's own search.
//! - Autoreset follows Gymnasium 1.x ([`Autoreset`]).

use crate::dynamic::DynGame;
use crate::error::GameError;
use crate::game::{Action, Turn};
use crate::playout::game_seed;
use crate::rng::GameRng;
use crate::search::{BotKind, SearchConfig};

/// When an env whose episode ended is reset (Gymnasium's `AutoresetMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Autoreset {
    /// The step that ends an episode returns its last observation; the next step ignores that
    /// env's action, starts a new game and returns its first observation with reward 0 and
    /// `terminated`/`truncated` false.
    NextStep,
    /// The step that ends an episode starts the new game at once: it returns the new game's
    /// first observation with the ended episode's reward and flags; the last observation of the
    /// ended episode is in `final_observation`.
    SameStep,
    /// No automatic reset: an ended env must be reset with [`VecEnv::reset`] and a mask before it
    /// is stepped again.
    Disabled,
}

impl Autoreset {
    pub fn parse(s: &str) -> Result<Self, String> {
        match s {
            "next_step" => Ok(Autoreset::NextStep),
            "same_step" => Ok(Autoreset::SameStep),
            "disabled" => Ok(Autoreset::Disabled),
            _ => Err(format!(
                "autoreset must be 'next_step', 'same_step' or 'disabled', not '{s}'"
            )),
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            Autoreset::NextStep => "next_step",
            Autoreset::SameStep => "same_step",
            Autoreset::Disabled => "disabled",
        }
    }
}

/// What an illegal learner action does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OnIllegal {
    /// The whole step is refused with an error naming the env and the action; nothing changes.
    Raise,
    /// The action is not applied; that env's episode ends (`terminated`) with this reward for the
    /// seat that chose it and 0 for the others.
    Penalize(f32),
}

/// How a [`VecEnv`] is set up.
#[derive(Clone, Debug)]
pub struct VecEnvConfig {
    pub num_envs: usize,
    /// Per seat: `None` for a learner, or the bot that plays it.
    pub opponents: Vec<Option<SearchConfig>>,
    pub autoreset: Autoreset,
    pub on_illegal: OnIllegal,
    /// Truncate an episode after this many learner steps (0: never). Independently, an episode
    /// is truncated if it reaches the game's own bound [`DynGame::max_game_length`].
    pub max_steps: u32,
    /// Worker threads of the env's private pool (1: the calling thread only).
    pub threads: usize,
    /// Write `observation` on every step. When false it is written only by
    /// [`VecEnv::observe`] (the tensor is most of a step's cost in some games); `same_step`'s
    /// `final_observation` is written either way.
    pub observe: bool,
}

/// Sizes of the buffers a [`VecEnv`] writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dims {
    pub num_envs: usize,
    pub players: usize,
    /// Length of one observation (the game's `observation_tensor_len`).
    pub obs_len: usize,
    /// Size of the action space (the game's `num_distinct_actions`).
    pub num_actions: usize,
}

/// The buffers one call writes, row-major, one row per env. Flags are bytes (0 or 1) so that
/// numpy bool arrays can be written without trusting their contents.
pub struct Outputs<'a> {
    /// `[N, obs_len]`: the observation of the seat to move (after an episode's end: of the seat
    /// that took the last learner step).
    pub observation: &'a mut [f32],
    /// `[N, num_actions]`: 1 where the action is legal for the seat to move.
    pub action_mask: &'a mut [i8],
    /// `[N, num_actions]`: the legal actions, ascending, then -1 up to the end of the row.
    pub legal_actions: &'a mut [i32],
    /// `[N]`: how many legal actions (0 after an episode's end in `next_step`/`disabled` mode).
    pub num_legal: &'a mut [i32],
    /// `[N]`: the reward of the seat that took this step.
    pub reward: &'a mut [f32],
    /// `[N, players]`: the reward of every seat.
    pub rewards: &'a mut [f32],
    pub terminated: &'a mut [u8],
    pub truncated: &'a mut [u8],
    /// `[N]`: the seat to move (a learner), or `TERMINAL` (-4) once the episode has ended.
    pub current_player: &'a mut [i32],
    /// `[N, obs_len]`, written where an episode ended in this call: its last observation (the
    /// same as `observation` but in `same_step` mode). May be empty to skip it (not `same_step`).
    pub final_observation: &'a mut [f32],
    /// `[N, players]`: where an episode ended in this call, its returns (or the penalty); else 0.
    pub final_returns: &'a mut [f32],
    /// `[N]`: where an episode ended in this call, its learner steps; else 0.
    pub episode_length: &'a mut [i32],
    /// `[N]`: where an episode ended, every action it applied (chance, opponents too); else 0.
    pub episode_actions: &'a mut [i64],
}

/// Why a call was refused or failed. Nothing is changed when `IllegalAction` or `BadInput` is
/// returned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VecEnvError {
    IllegalAction {
        env: usize,
        action: i64,
        seat: i32,
        legal: Vec<Action>,
    },
    BadInput(String),
    /// A game or bot failed inside the step (a bug in it); the env is left where it failed.
    Internal {
        env: usize,
        reason: String,
    },
}

impl std::fmt::Display for VecEnvError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VecEnvError::IllegalAction {
                env,
                action,
                seat,
                legal,
            } => {
                let shown: Vec<String> = legal.iter().take(20).map(|a| a.to_string()).collect();
                let more = if legal.len() > 20 { ", ..." } else { "" };
                write!(
                    f,
                    "env {env}: action {action} is not legal for seat {seat} (legal: {}{more}); \
                     no env was stepped",
                    shown.join(", ")
                )
            }
            VecEnvError::BadInput(s) => write!(f, "{s}"),
            VecEnvError::Internal { env, reason } => write!(f, "env {env}: {reason}"),
        }
    }
}

impl std::error::Error for VecEnvError {}

/// Builds a new game from a seed.
pub type Factory<G> = dyn Fn(u64) -> Result<Box<G>, GameError> + Send + Sync;

/// What the step has to do for one env.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    /// Waiting for its learner's action.
    Act,
    /// The episode ended last step (`next_step`): the next step starts a new game.
    Reset,
    /// The episode ended and `disabled` mode waits for a masked reset.
    Done,
}

/// What a step does to one env, decided before anything changes.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Move {
    Apply(Action),
    Penalize,
    Reset,
}

/// One env: its game, RNG stream, and scratch buffers.
struct Slot<G: ?Sized> {
    game: Box<G>,
    rng: GameRng,
    /// Legal actions of the learner to move (what actions are checked against).
    legal: Vec<Action>,
    scratch: Vec<Action>,
    outcomes: Vec<(Action, u32)>,
    pending: Pending,
    /// Learner steps and all actions of the current episode.
    steps: u32,
    actions: u64,
    /// Set when an env's game or bot failed; the env refuses to step after it.
    broken: Option<String>,
    /// Whose observation the env's row shows: the seat to move, or after an episode's end the
    /// seat that took the last learner step.
    obs_seat: usize,
    /// The learner to move (valid while `pending` is `Act`), kept so a step need not ask.
    to_move: usize,
    /// The game's length bound ([`DynGame::max_game_length`]), read once per episode.
    bound: u64,
}

/// Shared, read-only facts every env's step needs.
struct Shared<'a, G: ?Sized> {
    factory: &'a Factory<G>,
    opponents: &'a [Option<SearchConfig>],
    autoreset: Autoreset,
    dims: Dims,
    max_steps: u32,
    observe: bool,
    /// The reward of an illegal action under [`OnIllegal::Penalize`].
    penalty: f32,
}

/// The batch. See the module docs.
pub struct VecEnv<G: ?Sized + DynGame> {
    factory: Box<Factory<G>>,
    config: VecEnvConfig,
    dims: Dims,
    slots: Vec<Slot<G>>,
    moves: Vec<Move>,
    pool: Option<rayon::ThreadPool>,
}

/// Envs per task when stepping on several threads (small: bots make steps uneven).
const GRAIN: usize = 16;

impl<G: ?Sized + DynGame> VecEnv<G> {
    /// Set up `config.num_envs` envs; call [`VecEnv::reset`] before stepping.
    pub fn new(factory: Box<Factory<G>>, config: VecEnvConfig, seed: u64) -> Result<Self, String> {
        if config.num_envs == 0 {
            return Err("num_envs must be at least 1".into());
        }
        if !(1..=256).contains(&config.threads) {
            return Err(format!(
                "threads must be in 1..=256, not {}",
                config.threads
            ));
        }
        let probe = factory(game_seed(seed, 0)).map_err(|e| e.to_string())?;
        let players = probe.config().players;
        if config.opponents.len() != players {
            return Err(format!(
                "opponents: need one entry per seat ({players}), got {}",
                config.opponents.len()
            ));
        }
        if config.opponents.iter().all(Option::is_some) {
            return Err("at least one seat must be a learner".into());
        }
        for c in config.opponents.iter().flatten() {
            c.validate()?;
        }
        let dims = Dims {
            num_envs: config.num_envs,
            players,
            obs_len: probe.observation_tensor_len(),
            num_actions: probe.num_distinct_actions() as usize,
        };
        let pool = if config.threads > 1 {
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(config.threads)
                    .build()
                    .map_err(|e| format!("cannot start {} threads: {e}", config.threads))?,
            )
        } else {
            None
        };
        let mut slots = Vec::with_capacity(config.num_envs);
        let mut first = Some(probe);
        for _ in 0..config.num_envs {
            // Placeholder games (reset replaces them), set up like the first, so none can fail.
            let game = match first.take() {
                Some(g) => g,
                None => factory(game_seed(seed, 0)).map_err(|e| e.to_string())?,
            };
            slots.push(Slot {
                game,
                rng: GameRng::new(0),
                legal: Vec::new(),
                scratch: Vec::new(),
                outcomes: Vec::new(),
                pending: Pending::Done,
                steps: 0,
                actions: 0,
                broken: None,
                obs_seat: 0,
                to_move: 0,
                bound: u64::MAX,
            });
        }
        let mut env = VecEnv {
            factory,
            moves: vec![Move::Reset; config.num_envs],
            config,
            dims,
            slots,
            pool,
        };
        env.seed_streams(seed);
        Ok(env)
    }

    pub fn dims(&self) -> Dims {
        self.dims
    }
    pub fn config(&self) -> &VecEnvConfig {
        &self.config
    }

    /// The game of env `i` as it stands.
    pub fn game(&self, i: usize) -> Option<&G> {
        self.slots.get(i).map(|s| &*s.game)
    }

    /// Whether `seat` is a learner.
    pub fn is_learner(&self, seat: usize) -> bool {
        matches!(self.config.opponents.get(seat), Some(None))
    }

    fn seed_streams(&mut self, seed: u64) {
        for (i, s) in self.slots.iter_mut().enumerate() {
            s.rng = GameRng::new(game_seed(seed, i as u64));
        }
    }

    /// Start new games: every env, or those where `mask` is true. With `seed`, every env's stream
    /// is first re-split from it (the same seed gives the same games); without, each stream goes
    /// on. Writes the first observations (rows of envs not reset are left as they were).
    pub fn reset(
        &mut self,
        seed: Option<u64>,
        mask: Option<&[bool]>,
        out: &mut Outputs<'_>,
    ) -> Result<(), VecEnvError> {
        self.check_outputs(out)?;
        if let Some(m) = mask {
            if m.len() != self.dims.num_envs {
                return Err(VecEnvError::BadInput(format!(
                    "reset mask has {} entries for {} envs",
                    m.len(),
                    self.dims.num_envs
                )));
            }
        }
        if let Some(s) = seed {
            self.seed_streams(s);
        }
        let mut any = false;
        for (i, mv) in self.moves.iter_mut().enumerate() {
            let on = mask.is_none_or(|m| m[i]);
            any |= on;
            *mv = if on {
                Move::Reset
            } else {
                Move::Apply(u32::MAX)
            };
        }
        if !any {
            return Ok(());
        }
        self.run(out, true)
    }

    /// One learner action per env (ignored where the env is starting a new game). Every action is
    /// checked first: with [`OnIllegal::Raise`] an illegal one refuses the whole call, changing
    /// nothing.
    pub fn step(&mut self, actions: &[i64], out: &mut Outputs<'_>) -> Result<(), VecEnvError> {
        self.check_outputs(out)?;
        if actions.len() != self.dims.num_envs {
            return Err(VecEnvError::BadInput(format!(
                "step needs one action per env: got {} for {} envs",
                actions.len(),
                self.dims.num_envs
            )));
        }
        for (i, (slot, &a)) in self.slots.iter().zip(actions).enumerate() {
            if let Some(reason) = &slot.broken {
                return Err(VecEnvError::Internal {
                    env: i,
                    reason: format!("this env failed earlier and cannot step: {reason}"),
                });
            }
            self.moves[i] = match slot.pending {
                Pending::Reset => Move::Reset,
                Pending::Done => {
                    return Err(VecEnvError::BadInput(format!(
                        "env {i}: its episode has ended; with autoreset='disabled' reset it \
                         (reset with a mask) before stepping it again"
                    )))
                }
                Pending::Act => {
                    let legal = u32::try_from(a)
                        .ok()
                        .filter(|x| slot.legal.binary_search(x).is_ok());
                    match (legal, self.config.on_illegal) {
                        (Some(x), _) => Move::Apply(x),
                        (None, OnIllegal::Penalize(_)) => Move::Penalize,
                        (None, OnIllegal::Raise) => {
                            return Err(VecEnvError::IllegalAction {
                                env: i,
                                action: a,
                                seat: slot.game.turn().as_i32(),
                                legal: slot.legal.clone(),
                            })
                        }
                    }
                }
            };
        }
        self.run(out, false)
    }

    /// Write every env's observation row (`[N, obs_len]`): the seat to move, or where an episode
    /// has just ended (`next_step`/`disabled`), the seat that took its last learner step. What a
    /// step writes when `observe` is on; call it when it is off.
    pub fn observe(&self, observation: &mut [f32]) -> Result<(), VecEnvError> {
        let d = self.dims;
        if observation.len() != d.num_envs * d.obs_len {
            return Err(VecEnvError::BadInput(format!(
                "buffer observation has {} elements, needs {}",
                observation.len(),
                d.num_envs * d.obs_len
            )));
        }
        let slots = &self.slots[..];
        match &self.pool {
            Some(pool) => pool.install(|| observe_split(slots, observation, d.obs_len)),
            None => observe_split(slots, observation, d.obs_len),
        }
        Ok(())
    }

    fn check_outputs(&self, out: &Outputs<'_>) -> Result<(), VecEnvError> {
        let d = self.dims;
        let n = d.num_envs;
        let need = [
            ("observation", out.observation.len(), n * d.obs_len),
            ("action_mask", out.action_mask.len(), n * d.num_actions),
            ("legal_actions", out.legal_actions.len(), n * d.num_actions),
            ("num_legal", out.num_legal.len(), n),
            ("reward", out.reward.len(), n),
            ("rewards", out.rewards.len(), n * d.players),
            ("terminated", out.terminated.len(), n),
            ("truncated", out.truncated.len(), n),
            ("current_player", out.current_player.len(), n),
            ("final_returns", out.final_returns.len(), n * d.players),
            ("episode_length", out.episode_length.len(), n),
            ("episode_actions", out.episode_actions.len(), n),
        ];
        for (name, got, want) in need {
            if got != want {
                return Err(VecEnvError::BadInput(format!(
                    "buffer {name} has {got} elements, needs {want}"
                )));
            }
        }
        let fo = out.final_observation.len();
        let same_step = self.config.autoreset == Autoreset::SameStep;
        if fo != n * d.obs_len && (same_step || fo != 0) {
            return Err(VecEnvError::BadInput(format!(
                "buffer final_observation has {fo} elements, needs {}",
                n * d.obs_len
            )));
        }
        Ok(())
    }

    /// Apply `self.moves` to every env (on the pool if there is one) and report the first failure.
    fn run(&mut self, out: &mut Outputs<'_>, resetting: bool) -> Result<(), VecEnvError> {
        let shared = Shared {
            factory: &*self.factory,
            opponents: &self.config.opponents,
            autoreset: self.config.autoreset,
            dims: self.dims,
            max_steps: self.config.max_steps,
            observe: self.config.observe,
            penalty: match self.config.on_illegal {
                OnIllegal::Penalize(p) => p,
                OnIllegal::Raise => 0.0,
            },
        };
        let slots = &mut self.slots[..];
        let moves = &self.moves[..];
        let rows = Rows::whole(out, self.dims);
        match &self.pool {
            Some(pool) => pool.install(|| run_split(&shared, slots, moves, rows, resetting)),
            None => run_block(&shared, slots, moves, rows, resetting),
        }
        for (i, s) in self.slots.iter().enumerate() {
            if let Some(reason) = &s.broken {
                return Err(VecEnvError::Internal {
                    env: i,
                    reason: reason.clone(),
                });
            }
        }
        Ok(())
    }
}

/// The rows of a contiguous range of envs in every output buffer.
struct Rows<'a> {
    observation: &'a mut [f32],
    action_mask: &'a mut [i8],
    legal_actions: &'a mut [i32],
    num_legal: &'a mut [i32],
    reward: &'a mut [f32],
    rewards: &'a mut [f32],
    terminated: &'a mut [u8],
    truncated: &'a mut [u8],
    current_player: &'a mut [i32],
    /// Empty when not kept.
    final_observation: &'a mut [f32],
    final_returns: &'a mut [f32],
    episode_length: &'a mut [i32],
    episode_actions: &'a mut [i64],
}

impl<'a> Rows<'a> {
    fn whole(out: &'a mut Outputs<'_>, _dims: Dims) -> Rows<'a> {
        Rows {
            observation: &mut *out.observation,
            action_mask: &mut *out.action_mask,
            legal_actions: &mut *out.legal_actions,
            num_legal: &mut *out.num_legal,
            reward: &mut *out.reward,
            rewards: &mut *out.rewards,
            terminated: &mut *out.terminated,
            truncated: &mut *out.truncated,
            current_player: &mut *out.current_player,
            final_observation: &mut *out.final_observation,
            final_returns: &mut *out.final_returns,
            episode_length: &mut *out.episode_length,
            episode_actions: &mut *out.episode_actions,
        }
    }

    /// Split after `k` envs.
    fn split(self, k: usize, d: Dims) -> (Rows<'a>, Rows<'a>) {
        fn cut<T>(s: &mut [T], at: usize) -> (&mut [T], &mut [T]) {
            let at = at.min(s.len());
            s.split_at_mut(at)
        }
        let (o1, o2) = cut(self.observation, k * d.obs_len);
        let (m1, m2) = cut(self.action_mask, k * d.num_actions);
        let (l1, l2) = cut(self.legal_actions, k * d.num_actions);
        let (n1, n2) = cut(self.num_legal, k);
        let (r1, r2) = cut(self.reward, k);
        let (rs1, rs2) = cut(self.rewards, k * d.players);
        let (t1, t2) = cut(self.terminated, k);
        let (u1, u2) = cut(self.truncated, k);
        let (c1, c2) = cut(self.current_player, k);
        let (f1, f2) = cut(self.final_observation, k * d.obs_len);
        let (fr1, fr2) = cut(self.final_returns, k * d.players);
        let (e1, e2) = cut(self.episode_length, k);
        let (a1, a2) = cut(self.episode_actions, k);
        (
            Rows {
                observation: o1,
                action_mask: m1,
                legal_actions: l1,
                num_legal: n1,
                reward: r1,
                rewards: rs1,
                terminated: t1,
                truncated: u1,
                current_player: c1,
                final_observation: f1,
                final_returns: fr1,
                episode_length: e1,
                episode_actions: a1,
            },
            Rows {
                observation: o2,
                action_mask: m2,
                legal_actions: l2,
                num_legal: n2,
                reward: r2,
                rewards: rs2,
                terminated: t2,
                truncated: u2,
                current_player: c2,
                final_observation: f2,
                final_returns: fr2,
                episode_length: e2,
                episode_actions: a2,
            },
        )
    }
}

/// One env's row of every buffer.
struct Row<'a> {
    observation: &'a mut [f32],
    action_mask: &'a mut [i8],
    legal_actions: &'a mut [i32],
    num_legal: &'a mut i32,
    reward: &'a mut f32,
    rewards: &'a mut [f32],
    terminated: &'a mut u8,
    truncated: &'a mut u8,
    current_player: &'a mut i32,
    final_observation: Option<&'a mut [f32]>,
    final_returns: &'a mut [f32],
    episode_length: &'a mut i32,
    episode_actions: &'a mut i64,
}

impl Row<'_> {
    /// Zero the step's rewards and flags and the end-of-episode fields (0 where nothing ended).
    fn clear(&mut self) {
        *self.reward = 0.0;
        self.rewards.fill(0.0);
        *self.terminated = 0;
        *self.truncated = 0;
        self.final_returns.fill(0.0);
        *self.episode_length = 0;
        *self.episode_actions = 0;
    }
}

fn observe_split<G: ?Sized + DynGame>(slots: &[Slot<G>], out: &mut [f32], len: usize) {
    if slots.len() <= 4 * GRAIN {
        for (slot, row) in slots.iter().zip(out.chunks_mut(len.max(1))) {
            slot.game.observation_tensor(slot.obs_seat, row);
        }
        return;
    }
    let k = slots.len() / 2;
    let (s1, s2) = slots.split_at(k);
    let (o1, o2) = out.split_at_mut((k * len).min(out.len()));
    rayon::join(|| observe_split(s1, o1, len), || observe_split(s2, o2, len));
}

/// Split the range in halves on the pool until blocks are small, then step them.
fn run_split<G: ?Sized + DynGame>(
    shared: &Shared<'_, G>,
    slots: &mut [Slot<G>],
    moves: &[Move],
    rows: Rows<'_>,
    resetting: bool,
) {
    if slots.len() <= GRAIN {
        return run_block(shared, slots, moves, rows, resetting);
    }
    let k = slots.len() / 2;
    let (s1, s2) = slots.split_at_mut(k);
    let (m1, m2) = moves.split_at(k);
    let (r1, r2) = rows.split(k, shared.dims);
    rayon::join(
        || run_split(shared, s1, m1, r1, resetting),
        || run_split(shared, s2, m2, r2, resetting),
    );
}

/// Step a block of envs on this thread.
fn run_block<G: ?Sized + DynGame>(
    shared: &Shared<'_, G>,
    slots: &mut [Slot<G>],
    moves: &[Move],
    rows: Rows<'_>,
    resetting: bool,
) {
    let d = shared.dims;
    let Rows {
        observation,
        action_mask,
        legal_actions,
        num_legal,
        reward,
        rewards,
        terminated,
        truncated,
        current_player,
        final_observation,
        final_returns,
        episode_length,
        episode_actions,
    } = rows;
    let keep_final = !final_observation.is_empty();
    let mut finals = final_observation.chunks_mut(d.obs_len.max(1));
    let iter = slots
        .iter_mut()
        .zip(moves)
        .zip(observation.chunks_mut(d.obs_len.max(1)))
        .zip(action_mask.chunks_mut(d.num_actions.max(1)))
        .zip(legal_actions.chunks_mut(d.num_actions.max(1)))
        .zip(rewards.chunks_mut(d.players))
        .zip(final_returns.chunks_mut(d.players))
        .enumerate();
    for (i, ((((((slot, &mv), obs), mask), legal), rw), fr)) in iter {
        let row = Row {
            observation: obs,
            action_mask: mask,
            legal_actions: legal,
            num_legal: &mut num_legal[i],
            reward: &mut reward[i],
            rewards: rw,
            terminated: &mut terminated[i],
            truncated: &mut truncated[i],
            current_player: &mut current_player[i],
            final_observation: if keep_final { finals.next() } else { None },
            final_returns: fr,
            episode_length: &mut episode_length[i],
            episode_actions: &mut episode_actions[i],
        };
        if resetting {
            if mv == Move::Reset {
                reset_one(shared, slot, row);
            }
        } else {
            step_one(shared, slot, mv, row);
        }
    }
}

/// Start a new game in `slot` and advance it to a learner's decision; write its first rows.
fn reset_one<G: ?Sized + DynGame>(shared: &Shared<'_, G>, slot: &mut Slot<G>, mut row: Row<'_>) {
    row.clear();
    if let Err(e) = new_episode(shared, slot) {
        slot.broken = Some(e);
        return;
    }
    let ended = advance(shared, slot);
    if ended != End::No {
        // A game that ends before any learner decision: an empty episode. It is reported like
        // any other end (reward and flags), from the first seat's view.
        finish(shared, slot, &mut row, ended, 0, None);
        return;
    }
    write_decision(shared, slot, &mut row);
}

fn new_episode<G: ?Sized + DynGame>(
    shared: &Shared<'_, G>,
    slot: &mut Slot<G>,
) -> Result<(), String> {
    let seed = slot.rng.next_u64();
    let game = (shared.factory)(seed).map_err(|e| format!("could not start a game: {e}"))?;
    if game.observation_tensor_len() != shared.dims.obs_len
        || game.num_distinct_actions() as usize != shared.dims.num_actions
    {
        return Err("a new game's tensor or action sizes differ from the first game's".into());
    }
    slot.bound = game.max_game_length();
    slot.game = game;
    slot.steps = 0;
    slot.actions = 0;
    slot.pending = Pending::Act;
    Ok(())
}

/// How an episode stopped, if it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    No,
    Terminated,
    Truncated,
}

/// Resolve chance and opponents until a learner is to move or the episode ends.
fn advance<G: ?Sized + DynGame>(shared: &Shared<'_, G>, slot: &mut Slot<G>) -> End {
    let bound = slot.bound;
    loop {
        let action = match slot.game.turn() {
            Turn::Terminal => return End::Terminated,
            Turn::Chance => {
                slot.game.chance_outcomes(&mut slot.outcomes);
                if slot.outcomes.is_empty() {
                    slot.broken = Some("a chance node without outcomes (a bug in the game)".into());
                    return End::Truncated;
                }
                let i = slot.rng.weighted(slot.outcomes.iter().map(|o| o.1));
                slot.outcomes[i].0
            }
            Turn::Player(p) => match shared.opponents.get(p) {
                Some(None) => {
                    slot.to_move = p;
                    return End::No;
                }
                Some(Some(bot)) => match choose(bot, slot) {
                    Ok(a) => a,
                    Err(e) => {
                        slot.broken = Some(format!("opponent at seat {p}: {e}"));
                        return End::Truncated;
                    }
                },
                None => {
                    slot.broken = Some(format!("seat {p} to move, beyond the player count"));
                    return End::Truncated;
                }
            },
        };
        if let Err(e) = slot.game.apply(action) {
            slot.broken = Some(format!(
                "chance or an opponent chose illegal action {action}: {e}"
            ));
            return End::Truncated;
        }
        slot.actions += 1;
        if slot.actions >= bound && slot.game.turn() != Turn::Terminal {
            return End::Truncated;
        }
    }
}

/// An opponent's action: random bots draw from the env's stream directly; others search.
fn choose<G: ?Sized + DynGame>(bot: &SearchConfig, slot: &mut Slot<G>) -> Result<Action, String> {
    if bot.kind == BotKind::Random {
        slot.game.legal_actions(&mut slot.scratch);
        if slot.scratch.is_empty() {
            return Err("no legal action".into());
        }
        return Ok(slot.scratch[slot.rng.index(slot.scratch.len())]);
    }
    slot.game.search(bot, slot.rng.next_u64()).map(|r| r.action)
}

fn step_one<G: ?Sized + DynGame>(
    shared: &Shared<'_, G>,
    slot: &mut Slot<G>,
    mv: Move,
    mut row: Row<'_>,
) {
    let action = match mv {
        Move::Reset => return reset_one(shared, slot, row),
        Move::Apply(a) => a,
        Move::Penalize => u32::MAX,
    };
    let seat = slot.to_move;
    row.clear();
    slot.steps += 1;
    if mv == Move::Penalize {
        finish(
            shared,
            slot,
            &mut row,
            End::Terminated,
            seat,
            Some(shared.penalty),
        );
        return;
    }
    if let Err(e) = slot.game.apply(action) {
        slot.broken = Some(format!("legal action {action} was refused: {e}"));
        return;
    }
    slot.actions += 1;
    let mut ended = if slot.actions >= slot.bound && slot.game.turn() != Turn::Terminal {
        End::Truncated
    } else {
        advance(shared, slot)
    };
    if ended == End::No && shared.max_steps > 0 && slot.steps >= shared.max_steps {
        ended = End::Truncated;
    }
    if ended != End::No {
        finish(shared, slot, &mut row, ended, seat, None);
    } else {
        write_decision(shared, slot, &mut row);
    }
}

/// Write the rows of a learner's decision: its observation, mask and legal actions.
fn write_decision<G: ?Sized + DynGame>(
    shared: &Shared<'_, G>,
    slot: &mut Slot<G>,
    row: &mut Row<'_>,
) {
    let seat = slot.to_move;
    *row.current_player = seat as i32;
    slot.obs_seat = seat;
    if shared.observe {
        slot.game.observation_tensor(seat, row.observation);
    }
    let old = (*row.num_legal).max(0) as usize;
    slot.game.legal_actions(&mut slot.legal);
    write_legal(&slot.legal, old, row);
}

/// Mask and padded list of `legal`; `old` is the previous count (the list is -1 past it).
fn write_legal(legal: &[Action], old: usize, row: &mut Row<'_>) {
    row.action_mask.fill(0);
    let n = legal.len().min(row.legal_actions.len());
    for (dst, &a) in row.legal_actions.iter_mut().zip(&legal[..n]) {
        *dst = a as i32;
        if let Some(m) = row.action_mask.get_mut(a as usize) {
            *m = 1;
        }
    }
    let old = old.min(row.legal_actions.len());
    if old > n {
        row.legal_actions[n..old].fill(-1);
    }
    *row.num_legal = n as i32;
}

/// An episode ended in this call: write its reward, flags and final rows, then autoreset.
fn finish<G: ?Sized + DynGame>(
    shared: &Shared<'_, G>,
    slot: &mut Slot<G>,
    row: &mut Row<'_>,
    ended: End,
    seat: usize,
    penalty: Option<f32>,
) {
    match penalty {
        Some(p) => {
            row.rewards.fill(0.0);
            if let Some(r) = row.rewards.get_mut(seat) {
                *r = p;
            }
        }
        None => {
            let returns = if ended == End::Terminated {
                slot.game.returns()
            } else {
                Vec::new()
            };
            for (dst, r) in row
                .rewards
                .iter_mut()
                .zip(returns.iter().chain(std::iter::repeat(&0.0)))
            {
                *dst = *r as f32;
            }
        }
    }
    *row.reward = row.rewards.get(seat).copied().unwrap_or(0.0);
    row.final_returns.copy_from_slice(row.rewards);
    *row.terminated = u8::from(ended == End::Terminated);
    *row.truncated = u8::from(ended == End::Truncated);
    *row.episode_length = slot.steps as i32;
    *row.episode_actions = slot.actions as i64;
    slot.obs_seat = seat;
    let old = (*row.num_legal).max(0) as usize;
    match shared.autoreset {
        Autoreset::SameStep => {
            if let Some(f) = row.final_observation.as_deref_mut() {
                slot.game.observation_tensor(seat, f);
            }
            if let Err(e) = new_episode(shared, slot) {
                slot.broken = Some(e);
                return;
            }
            match advance(shared, slot) {
                End::No => write_decision(shared, slot, row),
                _ => {
                    // The new game ended before any learner decision: an empty episode whose
                    // end is not reported (a game without decisions for the learners).
                    slot.pending = Pending::Reset;
                    *row.current_player = crate::game::TERMINAL;
                    slot.legal.clear();
                    write_legal(&[], old, row);
                }
            }
        }
        Autoreset::NextStep | Autoreset::Disabled => {
            if shared.observe {
                slot.game.observation_tensor(seat, row.observation);
                if let Some(f) = row.final_observation.as_deref_mut() {
                    f.copy_from_slice(row.observation);
                }
            }
            slot.pending = if shared.autoreset == Autoreset::NextStep {
                Pending::Reset
            } else {
                Pending::Done
            };
            *row.current_player = crate::game::TERMINAL;
            slot.legal.clear();
            write_legal(&[], old, row);
        }
    }
}
