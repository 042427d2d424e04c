//! The kit's volume mode (`conformance/volume.rs`) on the reference game: what it counts, checked
//! against a transcription of its plain game and against the kit's own playouts, and what it
//! catches (the plain contract, the deep checks on its sample, a seat that never wins).

use meeple_core::conformance::{
    assert_volume, check, check_volume, config_of, default_configs, KitOptions,
};
use meeple_core::playout::game_seed;
use meeple_core::reference::Reference;
use meeple_core::{Config, Game, GameRng, Turn};
use serde_json::json;
use std::panic::{catch_unwind, AssertUnwindSafe};

fn three() -> Config {
    default_configs::<Reference>()[1].clone()
}

fn flawed(flaw: &str) -> Config {
    config_of::<Reference>(3, json!({ "flaw": flaw }))
}

/// The plain game as the volume mode promises to play it, written out: the generator seeded
/// from the game's seed xor `0x5EED`, each step one draw of an unknown id to probe, then the
/// action (a weighted outcome at chance, a uniform legal action otherwise).
fn plain_game(config: &Config, seed: u64) -> (Reference, u64) {
    let mut g = Reference::new(config, seed).unwrap();
    let n = g.num_distinct_actions();
    let mut rng = GameRng::new(seed ^ 0x5EED);
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let mut steps = 0;
    while g.turn() != Turn::Terminal {
        g.legal_actions(&mut legal);
        g.chance_outcomes(&mut outcomes);
        let bad = rng.below(n);
        if legal.binary_search(&bad).is_err() {
            assert!(g.apply(bad).is_err());
        }
        let a = if g.turn() == Turn::Chance {
            outcomes[rng.weighted(outcomes.iter().map(|o| o.1))].0
        } else {
            legal[rng.index(legal.len())]
        };
        g.apply(a).unwrap();
        steps += 1;
    }
    (g, steps)
}

#[test]
fn plain_volume_counts_steps_longest_game_and_wins_per_seat() {
    let c = three();
    let stats = check_volume::<Reference>(&c, 400, 21, 0).unwrap();
    let mut steps = 0;
    let mut longest = 0;
    let mut wins = vec![0; 3];
    for i in 0..400 {
        let (g, len) = plain_game(&c, game_seed(21, i));
        steps += len;
        longest = longest.max(len);
        for w in g.winners() {
            wins[w] += 1;
        }
    }
    assert_eq!((stats.games, stats.deep_games), (400, 0));
    assert_eq!((stats.steps, stats.max_length), (steps, longest));
    assert_eq!(stats.winners_seen, wins);
    // Ties are shared wins: more wins than games, and every seat wins some.
    assert!(wins.iter().sum::<usize>() > 400 && wins.iter().all(|&w| w > 0));
    // The reference game has no turn limit, so no game is truncated.
    assert_eq!(stats.truncated, 0);
    // Without deep checks the kit's own playouts draw the same: the same games.
    let shallow = KitOptions {
        playouts: 400,
        seed: 21,
        deep_every: 0,
        deep_playouts: 0,
    };
    let kit = check::<Reference>(&c, &shallow).unwrap();
    assert_eq!((kit.steps, kit.max_length), (steps, longest));
}

#[test]
fn deep_volume_games_are_the_kits_playouts() {
    // Every game deep: the same playouts, seeds and step counts as the kit's own run with deep
    // checks every 7th step.
    let c = three();
    let v = check_volume::<Reference>(&c, 60, 5, 1).unwrap();
    let options = KitOptions {
        playouts: 60,
        seed: 5,
        deep_every: 7,
        deep_playouts: 0,
    };
    let k = check::<Reference>(&c, &options).unwrap();
    assert_eq!((v.games, v.deep_games), (60, 60));
    assert_eq!((v.steps, v.max_length), (k.steps, k.max_length));
    // One game in seven deep: games 0, 7, ..., 98.
    let mixed = check_volume::<Reference>(&c, 100, 5, 7).unwrap();
    assert_eq!((mixed.games, mixed.deep_games), (100, 15));
    assert!(mixed.steps > 100 && mixed.max_length <= 9);
}

#[test]
fn volume_catches_the_plain_contract_and_its_deep_sample_the_rest() {
    for (flaw, words) in [
        ("accepts_illegal", "was accepted"),
        ("refuses_legal", "legal action 2 ('swap') refused"),
        ("stuck", "no legal actions at a non-terminal state"),
        ("endless", "did not end within its documented bound of 9"),
        (
            "short_bound",
            "did not end within its documented bound of 8",
        ),
        ("foreign_winner", "3] not unique seats"),
        ("shifting_action_space", "num_distinct_actions changed"),
        ("no_winners", "terminal state without winners"),
        ("half_returns", "terminal returns sum to 0.5"),
    ] {
        let e = check_volume::<Reference>(&flawed(flaw), 300, 1, 0).unwrap_err();
        assert!(e.starts_with("game ") && e.contains(words), "{flaw}: {e}");
    }
    // A JSON defect is not seen by the plain games, only by the deep ones; the failure names
    // the game and its seed.
    check_volume::<Reference>(&flawed("inexact_json"), 50, 1, 0).unwrap();
    let e = check_volume::<Reference>(&flawed("inexact_json"), 50, 1, 10).unwrap_err();
    let seed = game_seed(1, 0);
    assert!(
        e.starts_with(&format!("game 0 (seed {seed}): ")) && e.contains("not exact"),
        "{e}"
    );
}

#[test]
fn assert_volume_runs_every_configuration_in_order() {
    let configs = default_configs::<Reference>();
    let stats = assert_volume::<Reference>(&configs, 120, 40);
    assert_eq!(stats.len(), 3);
    for (i, (s, c)) in stats.iter().zip(&configs).enumerate() {
        assert_eq!((s.games, s.deep_games), (120, 3));
        assert_eq!(s.winners_seen.len(), c.players);
        assert!(s.max_length >= 2 * c.players as u64);
        // Configuration i is seeded with 0x5EED_0000 + i.
        let alone = check_volume::<Reference>(c, 120, 0x5EED_0000 + i as u64, 40).unwrap();
        assert_eq!(
            (s.steps, &s.winners_seen),
            (alone.steps, &alone.winners_seen)
        );
    }
}

fn panic_of(f: impl FnOnce()) -> String {
    let p = catch_unwind(AssertUnwindSafe(f)).unwrap_err();
    p.downcast_ref::<String>().cloned().unwrap_or_default()
}

#[test]
fn assert_volume_names_the_configuration_that_failed() {
    // The name shows only the options that differ from the defaults.
    let e = panic_of(|| {
        assert_volume::<Reference>(&[three(), flawed("endless")], 30, 0);
    });
    assert!(
        e.starts_with(
            "_reference (3 players, options {\"flaw\":\"endless\"}) volume failed: game "
        ),
        "{e}"
    );
}

#[test]
fn assert_volume_requires_every_seat_to_win_somewhere() {
    // The last seat's wins go to seat 0: the kit's per-game checks pass, the volume does not.
    let c = flawed("stolen_wins");
    check::<Reference>(&c, &KitOptions::default()).unwrap();
    let stats = check_volume::<Reference>(&c, 200, 3, 20).unwrap();
    assert_eq!(stats.winners_seen[2], 0);
    let e = panic_of(|| {
        assert_volume::<Reference>(&[c], 200, 0);
    });
    assert!(
        e.starts_with(
            "_reference (3 players, options {\"flaw\":\"stolen_wins\"}): a seat never won"
        ),
        "{e}"
    );
}

#[test]
fn config_of_builds_the_configuration_or_names_the_refusal() {
    let c = config_of::<Reference>(4, json!({ "flaw": "stuck" }));
    assert_eq!((c.players, c.value("flaw")), (4, &json!("stuck")));
    assert_eq!(
        config_of::<Reference>(2, json!({})),
        default_configs::<Reference>()[0]
    );
    let e = panic_of(|| {
        config_of::<Reference>(9, json!({}));
    });
    assert!(
        e.starts_with("_reference refused 9 players with {}: "),
        "{e}"
    );
    let e = panic_of(|| {
        config_of::<Reference>(2, json!([1]));
    });
    assert_eq!(e, "options must be a JSON object, got [1]");
}

/// The reference game reporting a game nobody bet in as cut off by a limit (`"truncated": true`
/// in the observation, the convention of games with a turn limit), to count truncations.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
struct Capped(Reference);

impl Game for Capped {
    fn info() -> meeple_core::GameInfo {
        Reference::info()
    }
    fn new(config: &Config, seed: u64) -> Result<Self, meeple_core::GameError> {
        Reference::new(config, seed).map(Capped)
    }
    fn config(&self) -> &Config {
        self.0.config()
    }
    fn num_distinct_actions(&self) -> u32 {
        self.0.num_distinct_actions()
    }
    fn turn(&self) -> Turn {
        self.0.turn()
    }
    fn legal_actions(&self, out: &mut Vec<meeple_core::Action>) {
        self.0.legal_actions(out)
    }
    fn chance_outcomes(&self, out: &mut Vec<(meeple_core::Action, u32)>) {
        self.0.chance_outcomes(out)
    }
    fn apply(&mut self, action: meeple_core::Action) -> Result<(), meeple_core::RuleError> {
        self.0.apply(action)
    }
    fn scores(&self) -> Vec<f64> {
        self.0.scores()
    }
    fn winners(&self) -> Vec<usize> {
        self.0.winners()
    }
    fn observation(&self, seat: usize) -> serde_json::Value {
        let mut o = self.0.observation(seat);
        if self.turn() == Turn::Terminal && o["bets"] == json!([false, false, false]) {
            o["truncated"] = json!(true);
        }
        o
    }
    fn observation_tensor_len(&self) -> usize {
        self.0.observation_tensor_len()
    }
    fn observation_tensor(&self, seat: usize, out: &mut [f32]) {
        self.0.observation_tensor(seat, out)
    }
    fn action_label(&self, action: meeple_core::Action) -> String {
        self.0.action_label(action)
    }
    fn rng_mut(&mut self) -> &mut GameRng {
        self.0.rng_mut()
    }
    fn max_game_length(&self) -> u64 {
        self.0.max_game_length()
    }
    fn render(&self) -> String {
        self.0.render()
    }
}

#[test]
fn volume_counts_the_games_cut_off_by_a_limit() {
    let c = three();
    let stats = check_volume::<Capped>(&c, 300, 9, 0).unwrap();
    let nobody_bet = (0..300)
        .filter(|&i| {
            let (g, _) = plain_game(&c, game_seed(9, i));
            g.observation(0)["bets"] == json!([false, false, false])
        })
        .count();
    assert!(nobody_bet > 1 && nobody_bet < 300);
    assert_eq!(stats.truncated, nobody_bet);
}
