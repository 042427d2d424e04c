//! The boxed game that the bindings, the CLI and the facade use is the game itself: every
//! method of `DynGame` answers as `Game` does, along whole reference games; the registry entry
//! builds, loads (filling in a hand-written position's options) and plays as the generic
//! functions do.

use meeple_core::interrupt::NEVER;
use meeple_core::reference::Reference;
use meeple_core::search::{self, MatchResult, SearchConfig, SearchResult};
use meeple_core::{playout, Action, Config, Game, GameEntry, GameRng, Turn};
// `DynGame` is not imported: its methods would shadow `Game`'s on the plain state; a `dyn
// DynGame` answers its own methods anyway.
type Boxed = dyn meeple_core::DynGame;
use serde_json::{json, Value};

fn config(players: usize, flaw: &str) -> Config {
    let mut c = Config::with_players(&Reference::info(), players).unwrap();
    c.options.insert("flaw".into(), json!(flaw));
    c
}

/// Every method that reads the state, the game against its box.
fn agree(g: &Reference, d: &Boxed) {
    assert_eq!(d.info().name, Reference::info().name);
    assert_eq!(d.config(), Game::config(g));
    assert_eq!(d.clone_box().to_json_value(), g.to_json_value());
    assert_eq!(d.to_json_value(), g.to_json_value());
    assert_eq!(d.as_any().downcast_ref::<Reference>(), Some(g));
    assert_eq!(d.num_distinct_actions(), g.num_distinct_actions());
    assert_eq!(d.turn(), g.turn());
    let (mut boxed, mut plain) = (Vec::new(), Vec::new());
    d.legal_actions(&mut boxed);
    g.legal_actions(&mut plain);
    assert_eq!(boxed, plain);
    let (mut boxed, mut plain) = (Vec::new(), Vec::new());
    d.chance_outcomes(&mut boxed);
    g.chance_outcomes(&mut plain);
    assert_eq!(boxed, plain);
    assert_eq!(d.scores(), g.scores());
    assert_eq!(d.winners(), g.winners());
    assert_eq!(d.returns(), g.returns());
    assert_eq!(d.hidden_information(), g.hidden_information());
    assert_eq!(d.max_game_length(), g.max_game_length());
    assert_eq!(d.render(), g.render());
    assert_eq!(d.observation_tensor_len(), g.observation_tensor_len());
    let players = Game::config(g).players;
    for seat in 0..players {
        assert_eq!(d.observation(seat), g.observation(seat));
        let mut boxed = vec![f32::NAN; d.observation_tensor_len()];
        let mut plain = boxed.clone();
        d.observation_tensor(seat, &mut boxed);
        g.observation_tensor(seat, &mut plain);
        assert_eq!(boxed, plain);
        assert_eq!(d.chance_visible_to(seat), g.chance_visible_to(seat));
        assert_eq!(d.evaluate(seat), g.evaluate(seat));
        assert_eq!(
            d.determinize(seat, 9).to_json_value(),
            g.determinize(seat, 9).to_json_value()
        );
    }
    for a in 0..g.num_distinct_actions() {
        let label = g.action_label(a);
        assert_eq!(d.action_label(a), label);
        assert_eq!(d.parse_action(&label), g.parse_action(&label));
        assert_eq!(d.parse_label(&label), g.parse_label(&label));
        for seat in 0..players {
            assert_eq!(d.action_visible_to(a, seat), g.action_visible_to(a, seat));
        }
    }
}

/// The search results but their wall-clock time.
fn timeless(mut r: SearchResult) -> SearchResult {
    r.seconds = 0.0;
    r
}

fn timeless_matches(rs: Vec<MatchResult>) -> Vec<Value> {
    rs.into_iter()
        .map(|r| {
            json!([
                r.seed,
                r.seating,
                r.returns,
                r.scores,
                r.winners,
                r.finished,
                r.actions,
                r.decisions
            ])
        })
        .collect()
}

/// Whole games, the box and the game stepped side by side: chance drawn by the box with the
/// game's own generator, an illegal action refused with the state unchanged, searches and
/// playouts from every position the same.
#[test]
fn a_boxed_game_answers_as_the_game() {
    let mcts = SearchConfig::from_json(&json!({"kind": "mcts", "iterations": 40})).unwrap();
    // The last game claims to hide nothing (`hidden_information` false).
    for (players, seed, flaw) in [
        (2, 0, "none"),
        (3, 1, "none"),
        (4, 2, "none"),
        (3, 3, "falsely_perfect"),
    ] {
        let mut g = Reference::new(&config(players, flaw), seed).unwrap();
        let mut d: Box<Boxed> = Box::new(g.clone());
        d.reseed(40 + seed);
        *g.rng_mut() = GameRng::new(40 + seed);
        let mut rng = GameRng::new(seed);
        loop {
            agree(&g, &*d);
            assert_eq!(
                d.random_playouts(6, seed, 1),
                playout::batch(&g, 6, seed, 1)
            );
            assert_eq!(
                d.random_playouts_until(6, seed, 2, &NEVER).unwrap(),
                playout::batch(&g, 6, seed, 2)
            );
            let a = match g.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let mut outcomes = Vec::new();
                    g.chance_outcomes(&mut outcomes);
                    let want = outcomes[g.rng_mut().weighted(outcomes.iter().map(|o| o.1))].0;
                    assert_eq!(d.sample_chance(), Some(want));
                    want
                }
                Turn::Player(_) => {
                    assert_eq!(d.sample_chance(), None);
                    assert_eq!(
                        timeless(d.search(&mcts, seed).unwrap()),
                        timeless(search::search(&g, &mcts, seed).unwrap())
                    );
                    assert_eq!(
                        timeless(d.search_until(&mcts, seed, &NEVER).unwrap()),
                        timeless(search::search(&g, &mcts, seed).unwrap())
                    );
                    let mut legal = Vec::new();
                    g.legal_actions(&mut legal);
                    legal[rng.index(legal.len())]
                }
            };
            let before = d.to_json_value();
            let illegal: Action = 99;
            assert!(d.apply(illegal).is_err());
            assert_eq!(d.to_json_value(), before);
            d.apply(a).unwrap();
            g.apply(a).unwrap();
        }
        assert_eq!(d.returns(), g.returns());
        let ns = d.clone_cost_ns(0);
        assert!(ns.is_finite() && ns >= 0.0, "{ns}");
        // A mean over the clones made: all of them inside the call.
        let start = std::time::Instant::now();
        let ns = d.clone_cost_ns(2000);
        let wall = start.elapsed().as_nanos() as f64;
        assert!(
            ns > 0.0 && ns * 2000.0 <= wall * (1.0 + 1e-9),
            "{ns} ns each in {wall} ns"
        );
    }
}

/// The registry entry: a name, a new game, a position loaded (the options a hand-written
/// position leaves out filled in with their defaults, a bad one refused by name), batches of
/// random games and matches between bots, all as the generic functions give them.
#[test]
fn a_registry_entry_builds_loads_and_plays_as_the_game() {
    let entry = GameEntry::of::<Reference>();
    assert_eq!(entry.name(), "_reference");
    assert_eq!((entry.info)().name, "_reference");
    let c = config(3, "none");
    let g = Reference::new(&c, 7).unwrap();
    let made = (entry.create)(&c, 7).unwrap();
    assert_eq!(made.to_json_value(), g.to_json_value());
    assert_eq!(
        (entry.from_json)(&g.to_json_value())
            .unwrap()
            .to_json_value(),
        g.to_json_value()
    );
    let mut hand_written = g.to_json_value();
    hand_written["config"]["options"] = json!({});
    let loaded = (entry.from_json)(&hand_written).unwrap();
    assert_eq!(loaded.to_json_value(), g.to_json_value());
    hand_written["config"]["options"] = json!({"flaw": "no_such_flaw"});
    let e = (entry.from_json)(&hand_written).err().unwrap().to_string();
    assert!(e.contains("flaw"), "{e}");
    assert!(meeple_core::dynamic::load_state::<Reference>(&json!({"config": 3})).is_err());

    let start = |s: u64| Reference::new(&c, s).ok();
    assert_eq!(
        (entry.random_games)(&c, 12, 4, 1),
        playout::batch_with(start, 12, 4, 1)
    );
    assert_eq!(
        (entry.random_games_until)(&c, 12, 4, 2, &NEVER).unwrap(),
        playout::batch_with(start, 12, 4, 2)
    );
    let bots = [
        SearchConfig::from_json(&json!({"kind": "random"})).unwrap(),
        SearchConfig::from_json(&json!({"kind": "mcts", "iterations": 30})).unwrap(),
    ];
    let want = search::play_matches::<Reference>(&c, &bots, 4, 5, 1, true).unwrap();
    assert_eq!(want.len(), 4);
    let got = (entry.play_matches)(&c, &bots, 4, 5, 1, true).unwrap();
    assert_eq!(timeless_matches(got), timeless_matches(want.clone()));
    let got = (entry.play_matches_until)(&c, &bots, 4, 5, 2, true, &NEVER).unwrap();
    assert_eq!(timeless_matches(got), timeless_matches(want));
}
