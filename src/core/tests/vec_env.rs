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

/// An env of the reference game with the option `flaw`, players as many as `opponents`,
/// learners' illegal actions refused, no step limit; `run` is (threads, observe, seed).
fn reference_env(
    n: usize,
    opponents: Vec<Option<SearchConfig>>,
    autoreset: Autoreset,
    flaw: &str,
    run: (usize, bool, u64),
) -> VecEnv<dyn DynGame> {
    let (threads, observe, seed) = run;
    let mut config = Config::with_players(&<Reference as Game>::info(), opponents.len()).unwrap();
    config
        .options
        .insert("flaw".into(), serde_json::json!(flaw));
    let factory =
        Box::new(move |s: u64| Reference::new(&config, s).map(|g| Box::new(g) as Box<dyn DynGame>));
    let cfg = VecEnvConfig {
        num_envs: n,
        opponents,
        autoreset,
        on_illegal: OnIllegal::Raise,
        max_steps: 0,
        threads,
        observe,
    };
    VecEnv::new(factory, cfg, seed).unwrap()
}

/// [`reference_env`] on one thread, observing, seed 7.
fn flawed_env(
    n: usize,
    autoreset: Autoreset,
    opponents: Vec<Option<SearchConfig>>,
    flaw: &str,
) -> VecEnv<dyn DynGame> {
    reference_env(n, opponents, autoreset, flaw, (1, true, 7))
}

/// The reference game's JSON of env `i`.
fn json_of(e: &VecEnv<dyn DynGame>, i: usize) -> serde_json::Value {
    e.game(i).expect("an env").to_json_value()
}

#[test]
fn autoreset_modes_are_named_as_gymnasium_names_them() {
    for (mode, name) in [
        (Autoreset::NextStep, "next_step"),
        (Autoreset::SameStep, "same_step"),
        (Autoreset::Disabled, "disabled"),
    ] {
        assert_eq!(mode.as_str(), name);
        assert_eq!(Autoreset::parse(name), Ok(mode));
    }
    let e = Autoreset::parse("sometimes").unwrap_err();
    assert!(e.contains("'next_step', 'same_step' or 'disabled'") && e.contains("sometimes"));
}

#[test]
fn an_illegal_action_error_lists_at_most_twenty_legal_actions() {
    let error = |legal: u32| {
        VecEnvError::IllegalAction {
            env: 3,
            action: -1,
            seat: 0,
            legal: (0..legal).collect(),
        }
        .to_string()
    };
    let twenty = error(20);
    assert!(
        twenty.contains("19)") && !twenty.contains("..."),
        "{twenty}"
    );
    let more = error(21);
    assert!(more.contains("19, ...)") && !more.contains("20"), "{more}");
    assert!(
        more.starts_with("env 3: action -1 is not legal for seat 0"),
        "{more}"
    );
}

#[test]
fn each_env_has_its_own_stream_split_from_the_seed() {
    let mut e = env(16, 1, Autoreset::NextStep, vec![None, None]);
    let mut b = Bufs::new(&e);
    e.reset(Some(11), None, &mut b.out()).unwrap();
    // Envs differ from one another (16 deals alike would be a shared stream).
    let games: std::collections::HashSet<String> =
        (0..16).map(|i| json_of(&e, i).to_string()).collect();
    assert!(games.len() > 8, "{} distinct games of 16", games.len());
    assert!(e.game(16).is_none());
    // A reset with seed s is a fresh env made with seed s.
    let mut fresh = reference_env(
        16,
        vec![None, None],
        Autoreset::NextStep,
        "none",
        (1, true, 11),
    );
    let mut c = Bufs::new(&fresh);
    fresh.reset(None, None, &mut c.out()).unwrap();
    assert_eq!(b, c);
    for i in 0..16 {
        assert_eq!(json_of(&e, i), json_of(&fresh, i));
    }
}

#[test]
fn learners_and_opponents_are_told_apart() {
    let e = env(
        1,
        1,
        Autoreset::NextStep,
        vec![None, Some(SearchConfig::of(BotKind::Random))],
    );
    assert!(e.is_learner(0));
    assert!(!e.is_learner(1));
    assert!(!e.is_learner(2), "no such seat");
}

#[test]
fn every_buffer_of_the_wrong_size_is_refused_by_name() {
    let names = [
        "observation",
        "action_mask",
        "legal_actions",
        "num_legal",
        "reward",
        "rewards",
        "terminated",
        "truncated",
        "current_player",
        "final_returns",
        "episode_length",
        "episode_actions",
        "final_observation",
    ];
    for mode in [Autoreset::NextStep, Autoreset::SameStep] {
        let mut e = env(2, 1, mode, vec![None, None]);
        for (k, name) in names.iter().enumerate() {
            let mut b = Bufs::new(&e);
            match k {
                0 => b.obs.pop().map(drop),
                1 => b.mask.pop().map(drop),
                2 => b.legal.pop().map(drop),
                3 => b.num_legal.pop().map(drop),
                4 => b.reward.pop().map(drop),
                5 => b.rewards.pop().map(drop),
                6 => b.term.pop().map(drop),
                7 => b.trunc.pop().map(drop),
                8 => b.player.pop().map(drop),
                9 => b.final_returns.pop().map(drop),
                10 => b.len.pop().map(drop),
                11 => b.actions.pop().map(drop),
                _ => b.final_obs.pop().map(drop),
            };
            let err = e.reset(Some(1), None, &mut b.out()).unwrap_err();
            assert!(
                matches!(&err, VecEnvError::BadInput(m) if m.contains(&format!("buffer {name} "))),
                "{name}: {err}"
            );
        }
        // No final observation at all: enough when the ended game's last observation is
        // returned in `observation` itself (next_step), not when a new game replaces it.
        let mut b = Bufs::new(&e);
        b.final_obs.clear();
        let r = e.reset(Some(1), None, &mut b.out());
        assert_eq!(r.is_ok(), mode == Autoreset::NextStep, "{mode:?}: {r:?}");
    }
}

#[test]
fn observations_on_demand_are_each_envs_own_on_any_thread_count() {
    // Past 4 * 16 envs the rows are written on the pool, in halves.
    for (n, threads) in [(3, 1), (100, 1), (100, 2), (300, 2)] {
        let mut e = reference_env(
            n,
            vec![None, None, None],
            Autoreset::NextStep,
            "none",
            (threads, false, 5),
        );
        let mut b = Bufs::new(&e);
        e.reset(Some(5), None, &mut b.out()).unwrap();
        let len = e.dims().obs_len;
        let mut obs = vec![f32::NAN; n * len];
        e.observe(&mut obs).unwrap();
        for i in 0..n {
            let g = e.game(i).unwrap();
            let mut want = vec![0.0; len];
            g.observation_tensor(b.player[i] as usize, &mut want);
            assert_eq!(&obs[i * len..(i + 1) * len], &want[..], "env {i} of {n}");
        }
    }
}

#[test]
fn a_game_that_changes_size_between_episodes_is_an_error() {
    // The first game (the probe and the placeholders) has two players, every later one three:
    // a different tensor, the same actions.
    let made = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let factory = Box::new(move |s: u64| {
        let players = if made.fetch_add(1, std::sync::atomic::Ordering::SeqCst) == 0 {
            2
        } else {
            3
        };
        let config = Config::with_players(&<Reference as Game>::info(), players).unwrap();
        Reference::new(&config, s).map(|g| Box::new(g) as Box<dyn DynGame>)
    });
    let cfg = VecEnvConfig {
        num_envs: 1,
        opponents: vec![None, None],
        autoreset: Autoreset::NextStep,
        on_illegal: OnIllegal::Raise,
        max_steps: 0,
        threads: 1,
        observe: true,
    };
    let mut e: VecEnv<dyn DynGame> = VecEnv::new(factory, cfg, 1).unwrap();
    let mut b = Bufs::new(&e);
    let err = e.reset(Some(1), None, &mut b.out()).unwrap_err();
    assert!(err.to_string().contains("sizes differ"), "{err}");
}

#[test]
fn a_game_that_runs_past_its_bound_is_truncated_at_it() {
    // `endless`: a pass changes nothing, so a learner that always passes never ends the game;
    // the env cuts it at the game's bound (3 actions per player: 6, the two deals included).
    let mut e = flawed_env(3, Autoreset::Disabled, vec![None, None], "endless");
    let mut b = Bufs::new(&e);
    e.reset(Some(2), None, &mut b.out()).unwrap();
    for step in 1..=4 {
        e.step(&[0, 0, 0], &mut b.out()).unwrap();
        assert_eq!(b.trunc, vec![u8::from(step == 4); 3], "step {step}");
    }
    assert_eq!(b.term, vec![0; 3]);
    assert_eq!(b.actions, vec![6; 3]);
}

#[test]
fn a_game_ending_at_its_bound_is_terminated_not_truncated() {
    // Both seats swap: two deals, two swaps, two draws, exactly the bound of 6. The second
    // swap's draw ends the game inside the env (chance), at the bound.
    let mut e = env(4, 1, Autoreset::Disabled, vec![None, None]);
    let mut b = Bufs::new(&e);
    e.reset(Some(2), None, &mut b.out()).unwrap();
    e.step(&[2; 4], &mut b.out()).unwrap();
    e.step(&[2; 4], &mut b.out()).unwrap();
    assert_eq!((b.term.clone(), b.trunc.clone()), (vec![1; 4], vec![0; 4]));
    assert_eq!(b.actions, vec![6; 4]);
    // The ended rows: no legal action, the list padded with -1.
    assert!(b.num_legal.iter().all(|&k| k == 0));
    assert!(b.legal.iter().all(|&a| a == -1), "{:?}", b.legal);
    assert!(b.mask.iter().all(|&m| m == 0));
}

#[test]
fn opponents_play_their_own_policy() {
    // Seat 0, the learner, passes; seat 1 answers and the game ends. A random seat 1 passes,
    // bets and swaps; a heuristic one holding the lowest card always bets, as the lone bettor
    // wins the pot (pass loses or ties, a swap's draw may lose).
    let envs = 300;
    let answers = |bot: BotKind| {
        let mut e = flawed_env(
            envs,
            Autoreset::Disabled,
            vec![None, Some(SearchConfig::of(bot))],
            "none",
        );
        let mut b = Bufs::new(&e);
        e.reset(Some(8), None, &mut b.out()).unwrap();
        e.step(&vec![0; envs], &mut b.out()).unwrap();
        assert!(b.term.iter().all(|&t| t == 1));
        (0..envs)
            .map(|i| {
                let g = json_of(&e, i);
                let card = g["hands"][1].as_u64().unwrap();
                let bet = g["bets"][1].as_bool().unwrap();
                let swapped = !g["discards"].as_array().unwrap().is_empty();
                (card, bet, swapped)
            })
            .collect::<Vec<_>>()
    };
    let random = answers(BotKind::Random);
    let bets = random.iter().filter(|r| r.1).count();
    let swaps = random.iter().filter(|r| r.2).count();
    assert!(
        bets > 60 && swaps > 60 && bets + swaps < 240,
        "{bets} bets, {swaps} swaps"
    );
    let heuristic = answers(BotKind::Heuristic);
    let lowest: Vec<_> = heuristic.iter().filter(|r| r.0 == 1 && !r.2).collect();
    assert!(lowest.len() > 20, "{}", lowest.len());
    assert!(lowest.iter().all(|r| r.1), "{lowest:?}");
}
