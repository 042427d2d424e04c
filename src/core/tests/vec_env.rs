//! The vectorised environment on the reference game: same results for any thread count, the two
//! autoreset modes as Gymnasium defines them, illegal actions refused or penalised.

use meeple_core::reference::Reference;
use meeple_core::search::{BotKind, SearchConfig};
use meeple_core::vec_env::{Autoreset, OnIllegal, Outputs, VecEnv, VecEnvConfig, VecEnvError};
use meeple_core::{Config, DynGame, Game, TERMINAL};

/// Owned buffers for every output.
#[derive(Clone, Debug, PartialEq)]
struct Bufs {
    obs: Vec<f32>,
    mask: Vec<i8>,
    legal: Vec<i32>,
    num_legal: Vec<i32>,
    reward: Vec<f32>,
    rewards: Vec<f32>,
    term: Vec<u8>,
    trunc: Vec<u8>,
    player: Vec<i32>,
    final_obs: Vec<f32>,
    final_returns: Vec<f32>,
    len: Vec<i32>,
    actions: Vec<i64>,
}

impl Bufs {
    fn new(env: &VecEnv<dyn DynGame>) -> Bufs {
        let d = env.dims();
        let n = d.num_envs;
        Bufs {
            obs: vec![0.0; n * d.obs_len],
            mask: vec![0; n * d.num_actions],
            legal: vec![-1; n * d.num_actions],
            num_legal: vec![0; n],
            reward: vec![0.0; n],
            rewards: vec![0.0; n * d.players],
            term: vec![0; n],
            trunc: vec![0; n],
            player: vec![0; n],
            final_obs: vec![0.0; n * d.obs_len],
            final_returns: vec![0.0; n * d.players],
            len: vec![0; n],
            actions: vec![0; n],
        }
    }
    fn out(&mut self) -> Outputs<'_> {
        Outputs {
            observation: &mut self.obs,
            action_mask: &mut self.mask,
            legal_actions: &mut self.legal,
            num_legal: &mut self.num_legal,
            reward: &mut self.reward,
            rewards: &mut self.rewards,
            terminated: &mut self.term,
            truncated: &mut self.trunc,
            current_player: &mut self.player,
            final_observation: &mut self.final_obs,
            final_returns: &mut self.final_returns,
            episode_length: &mut self.len,
            episode_actions: &mut self.actions,
        }
    }
}

fn env(
    n: usize,
    threads: usize,
    autoreset: Autoreset,
    opponents: Vec<Option<SearchConfig>>,
) -> VecEnv<dyn DynGame> {
    let players = opponents.len();
    let config = Config::with_players(&<Reference as Game>::info(), players).unwrap();
    let factory =
        Box::new(move |s: u64| Reference::new(&config, s).map(|g| Box::new(g) as Box<dyn DynGame>));
    let cfg = VecEnvConfig {
        num_envs: n,
        opponents,
        autoreset,
        on_illegal: OnIllegal::Raise,
        max_steps: 0,
        threads,
        observe: true,
    };
    VecEnv::new(factory, cfg, 7).unwrap()
}

/// The first legal action of each env (a deterministic policy), or 0 where there is none.
fn first_legal(b: &Bufs, a: usize) -> Vec<i64> {
    b.num_legal
        .iter()
        .enumerate()
        .map(|(i, &k)| if k > 0 { b.legal[i * a] as i64 } else { 0 })
        .collect()
}

fn trajectory(threads: usize, autoreset: Autoreset) -> Vec<Bufs> {
    let opp = vec![None, Some(SearchConfig::of(BotKind::Random)), None];
    let mut e = env(40, threads, autoreset, opp);
    let a = e.dims().num_actions;
    let mut b = Bufs::new(&e);
    e.reset(Some(3), None, &mut b.out()).unwrap();
    let mut out = vec![b.clone()];
    for step in 0..30 {
        let mut acts = first_legal(&b, a);
        // Vary the policy so that episodes differ.
        for (i, x) in acts.iter_mut().enumerate() {
            let k = b.num_legal[i] as usize;
            if k > 0 {
                *x = b.legal[i * a + (i + step) % k] as i64;
            }
        }
        e.step(&acts, &mut b.out()).unwrap();
        out.push(b.clone());
    }
    out
}

#[test]
fn same_results_for_any_thread_count() {
    for mode in [Autoreset::NextStep, Autoreset::SameStep] {
        let one = trajectory(1, mode);
        assert_eq!(one, trajectory(2, mode));
        assert_eq!(one, trajectory(3, mode));
        assert!(one.iter().any(|b| b.term.contains(&1)), "some episode ends");
    }
}

#[test]
fn reset_with_a_seed_repeats_and_without_goes_on() {
    let mut e = env(8, 1, Autoreset::NextStep, vec![None, None]);
    let mut b = Bufs::new(&e);
    e.reset(Some(11), None, &mut b.out()).unwrap();
    let first = b.clone();
    e.reset(Some(11), None, &mut b.out()).unwrap();
    assert_eq!(first, b);
    // The streams go on without a seed: over a few resets some deal differs.
    let mut differs = false;
    for _ in 0..10 {
        e.reset(None, None, &mut b.out()).unwrap();
        differs |= b.obs != first.obs;
    }
    assert!(differs);
}

/// Step one env until its episode ends; return the buffers after that step and after the next.
fn run_to_end(mode: Autoreset) -> (Bufs, Bufs) {
    let mut e = env(1, 1, mode, vec![None, None]);
    let a = e.dims().num_actions;
    let mut b = Bufs::new(&e);
    e.reset(Some(5), None, &mut b.out()).unwrap();
    for _ in 0..100 {
        e.step(&first_legal(&b, a), &mut b.out()).unwrap();
        if b.term[0] == 1 || b.trunc[0] == 1 {
            let end = b.clone();
            // 12345 is no action: ignored by a next-step reset, refused once a game is running.
            let r = e.step(&[12345], &mut b.out());
            assert_eq!(r.is_ok(), mode == Autoreset::NextStep, "{r:?}");
            return (end, b);
        }
    }
    panic!("the reference game ends within 100 steps");
}

#[test]
fn next_step_mode_returns_the_last_observation_then_resets_on_the_next_step() {
    let (end, next) = run_to_end(Autoreset::NextStep);
    assert_eq!(end.term[0], 1);
    assert_eq!(end.player[0], TERMINAL);
    assert_eq!(end.num_legal[0], 0);
    assert!(end.mask.iter().all(|&m| m == 0));
    let total: f32 = end.rewards.iter().sum();
    assert!(
        (total - 1.0).abs() < 1e-6,
        "returns sum to 1: {:?}",
        end.rewards
    );
    assert_eq!(end.final_returns, end.rewards);
    assert_eq!(
        end.final_obs, end.obs,
        "final_observation mirrors the last observation"
    );
    // The next step ignores its action (12345), starts a new game: reward 0, flags false.
    assert_eq!(next.term[0], 0);
    assert_eq!(next.trunc[0], 0);
    assert_eq!(next.reward[0], 0.0);
    assert!(next.rewards.iter().all(|&r| r == 0.0));
    assert!(next.num_legal[0] > 0);
    assert!(next.player[0] >= 0);
}

#[test]
fn same_step_mode_resets_within_the_ending_step() {
    let (end, _) = run_to_end(Autoreset::SameStep);
    assert_eq!(end.term[0], 1);
    let total: f32 = end.rewards.iter().sum();
    assert!((total - 1.0).abs() < 1e-6);
    // The observation is already the new game's, the ended one's last is in final_observation.
    assert!(end.num_legal[0] > 0);
    assert!(end.player[0] >= 0);
    assert_ne!(end.final_obs, end.obs);
}

#[test]
fn disabled_mode_refuses_an_ended_env_until_a_masked_reset() {
    let mut e = env(2, 1, Autoreset::Disabled, vec![None, None]);
    let a = e.dims().num_actions;
    let mut b = Bufs::new(&e);
    e.reset(Some(1), None, &mut b.out()).unwrap();
    loop {
        e.step(&first_legal(&b, a), &mut b.out()).unwrap();
        if b.term.contains(&1) {
            break;
        }
    }
    let err = e.step(&first_legal(&b, a), &mut b.out()).unwrap_err();
    assert!(matches!(err, VecEnvError::BadInput(_)), "{err}");
    let ended: Vec<bool> = b.term.iter().map(|&t| t == 1).collect();
    e.reset(None, Some(&ended), &mut b.out()).unwrap();
    assert!(b.num_legal.iter().all(|&k| k > 0));
}

#[test]
fn an_illegal_action_is_refused_naming_the_env_and_changes_nothing() {
    let mut e = env(3, 1, Autoreset::NextStep, vec![None, None]);
    let a = e.dims().num_actions;
    let mut b = Bufs::new(&e);
    e.reset(Some(2), None, &mut b.out()).unwrap();
    let before = b.clone();
    let mut acts = first_legal(&b, a);
    acts[1] = 99;
    let err = e.step(&acts, &mut b.out()).unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("env 1") && text.contains("action 99"),
        "{text}"
    );
    assert_eq!(b, before);
    // The same legal actions step normally afterwards.
    e.step(&first_legal(&b, a), &mut b.out()).unwrap();
    let err = e.step(&[0, 0], &mut b.out()).unwrap_err();
    assert!(err.to_string().contains("one action per env"));
}

#[test]
fn penalised_illegal_action_ends_that_episode_only() {
    let players = 2;
    let config = Config::with_players(&<Reference as Game>::info(), players).unwrap();
    let factory =
        Box::new(move |s: u64| Reference::new(&config, s).map(|g| Box::new(g) as Box<dyn DynGame>));
    let cfg = VecEnvConfig {
        num_envs: 2,
        opponents: vec![None, None],
        autoreset: Autoreset::NextStep,
        on_illegal: OnIllegal::Penalize(-2.5),
        max_steps: 0,
        threads: 1,
        observe: true,
    };
    let mut e: VecEnv<dyn DynGame> = VecEnv::new(factory, cfg, 1).unwrap();
    let a = e.dims().num_actions;
    let mut b = Bufs::new(&e);
    e.reset(Some(4), None, &mut b.out()).unwrap();
    let seat = b.player[0] as usize;
    let mut acts = first_legal(&b, a);
    acts[0] = -7;
    e.step(&acts, &mut b.out()).unwrap();
    assert_eq!(b.term, vec![1, 0]);
    assert_eq!(b.reward[0], -2.5);
    assert_eq!(b.rewards[seat], -2.5);
    assert_eq!(b.rewards[1 - seat], 0.0);
    assert_eq!(b.len[0], 1);
}

#[test]
fn opponents_move_inside_so_only_learners_are_asked() {
    let opp = vec![
        Some(SearchConfig::of(BotKind::Heuristic)),
        None,
        Some(SearchConfig::of(BotKind::Random)),
    ];
    let mut e = env(6, 2, Autoreset::SameStep, opp);
    let a = e.dims().num_actions;
    let mut b = Bufs::new(&e);
    e.reset(Some(9), None, &mut b.out()).unwrap();
    for _ in 0..20 {
        assert!(b.player.iter().all(|&p| p == 1), "{:?}", b.player);
        e.step(&first_legal(&b, a), &mut b.out()).unwrap();
    }
}

#[test]
fn max_steps_truncates() {
    let config = Config::with_players(&<Reference as Game>::info(), 2).unwrap();
    let factory =
        Box::new(move |s: u64| Reference::new(&config, s).map(|g| Box::new(g) as Box<dyn DynGame>));
    let cfg = VecEnvConfig {
        num_envs: 4,
        opponents: vec![None, None],
        autoreset: Autoreset::NextStep,
        on_illegal: OnIllegal::Raise,
        max_steps: 1,
        threads: 1,
        observe: true,
    };
    let mut e: VecEnv<dyn DynGame> = VecEnv::new(factory, cfg, 1).unwrap();
    let a = e.dims().num_actions;
    let mut b = Bufs::new(&e);
    e.reset(Some(4), None, &mut b.out()).unwrap();
    e.step(&first_legal(&b, a), &mut b.out()).unwrap();
    assert_eq!(b.trunc, vec![1; 4]);
    assert_eq!(b.term, vec![0; 4]);
    assert!(b.rewards.iter().all(|&r| r == 0.0));
}

#[test]
fn a_monomorphized_env_matches_the_dynamic_one() {
    let config = Config::with_players(&<Reference as Game>::info(), 2).unwrap();
    let c2 = config.clone();
    let cfg = VecEnvConfig {
        num_envs: 5,
        opponents: vec![None, Some(SearchConfig::of(BotKind::Random))],
        autoreset: Autoreset::NextStep,
        on_illegal: OnIllegal::Raise,
        max_steps: 0,
        threads: 1,
        observe: true,
    };
    let mut dynamic: VecEnv<dyn DynGame> = VecEnv::new(
        Box::new(move |s: u64| Reference::new(&config, s).map(|g| Box::new(g) as Box<dyn DynGame>)),
        cfg.clone(),
        3,
    )
    .unwrap();
    let mut concrete: VecEnv<Reference> = VecEnv::new(
        Box::new(move |s: u64| Reference::new(&c2, s).map(Box::new)),
        cfg,
        3,
    )
    .unwrap();
    let a = dynamic.dims().num_actions;
    let mut b1 = Bufs::new(&dynamic);
    let mut b2 = b1.clone();
    dynamic.reset(None, None, &mut b1.out()).unwrap();
    concrete.reset(None, None, &mut b2.out()).unwrap();
    for _ in 0..12 {
        assert_eq!(b1, b2);
        let acts = first_legal(&b1, a);
        dynamic.step(&acts, &mut b1.out()).unwrap();
        concrete.step(&acts, &mut b2.out()).unwrap();
    }
}

#[test]
fn observations_on_demand_match_those_written_by_the_step() {
    let make = |observe: bool| {
        let config = Config::with_players(&<Reference as Game>::info(), 3).unwrap();
        let cfg = VecEnvConfig {
            num_envs: 70,
            opponents: vec![None, None, None],
            autoreset: Autoreset::NextStep,
            on_illegal: OnIllegal::Raise,
            max_steps: 0,
            threads: 2,
            observe,
        };
        let factory = Box::new(move |s: u64| {
            Reference::new(&config, s).map(|g| Box::new(g) as Box<dyn DynGame>)
        });
        VecEnv::<dyn DynGame>::new(factory, cfg, 5).unwrap()
    };
    let (mut on, mut off) = (make(true), make(false));
    let a = on.dims().num_actions;
    let (mut b1, mut b2) = (Bufs::new(&on), Bufs::new(&off));
    on.reset(Some(1), None, &mut b1.out()).unwrap();
    off.reset(Some(1), None, &mut b2.out()).unwrap();
    for _ in 0..10 {
        assert!(
            b2.obs.iter().all(|&x| x == 0.0),
            "not written without observe"
        );
        off.observe(&mut b2.obs).unwrap();
        // final_observation mirrors an observation written by the step (none without observe).
        b1.final_obs.fill(0.0);
        assert!(
            b1 == b2,
            "the same rows with observations written on demand"
        );
        b2.obs.fill(0.0);
        let acts = first_legal(&b1, a);
        on.step(&acts, &mut b1.out()).unwrap();
        off.step(&acts, &mut b2.out()).unwrap();
    }
}
