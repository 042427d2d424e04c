//! The session the bindings drive, on the reference game (a deal, face-down cards, a swap's
//! draw): auto and explicit chance, who saw each entry of the history, refusals and their
//! messages, determinizations, the JSON envelope and replay records.

use super::*;
use crate::error::RuleError;
use crate::game::{Game, GameInfo};
use crate::reference::Reference;
use crate::rng::GameRng;

const PASS: Action = 0;
const BET: Action = 1;
const SWAP: Action = 2;

fn entry() -> GameEntry {
    GameEntry::of::<Reference>()
}

/// The registry, as far as these tests need it.
fn lookup(name: &str) -> Result<GameEntry, GameError> {
    match name {
        "_reference" => Ok(entry()),
        _ => Err(GameError::UnknownGame {
            name: name.into(),
            known: "_reference".into(),
        }),
    }
}

fn session(players: usize, chance: ChanceMode) -> Session {
    Session::new(entry(), players, &Map::new(), 9, chance).unwrap()
}

fn flawed(players: usize, flaw: &str) -> Session {
    let options = json!({ "flaw": flaw }).as_object().unwrap().clone();
    Session::new(entry(), players, &options, 9, ChanceMode::Auto).unwrap()
}

fn played(players: usize, actions: &[Action]) -> Session {
    let mut s = session(players, ChanceMode::Auto);
    for &a in actions {
        s.apply_action(a).unwrap_or_else(|e| panic!("{a}: {e}"));
    }
    s
}

/// A change made to an envelope before it is loaded.
type Edit<'a> = &'a dyn Fn(&mut Value);

fn load(v: &Value) -> Result<Session, String> {
    Session::from_json_value(v, lookup).map_err(|e| e.to_string())
}

/// Why `v` is refused.
fn load_error(v: &Value) -> String {
    match load(v) {
        Ok(_) => panic!("accepted: {v}"),
        Err(e) => e,
    }
}

/// Everything a session is made of that a test can compare.
#[derive(Debug, PartialEq)]
struct Snapshot {
    state: Value,
    history: Vec<Action>,
    seen: Vec<(usize, u64)>,
    from_seed: bool,
    seed: u64,
    chance: ChanceMode,
}

fn snapshot(s: &Session) -> Snapshot {
    Snapshot {
        state: s.state.to_json_value(),
        history: s.history.clone(),
        seen: s.seen.clone(),
        from_seed: s.from_seed,
        seed: s.seed,
        chance: s.chance,
    }
}

/// `apply_action`'s refusal, which must leave the session as it was.
fn refusal(s: &mut Session, action: Action) -> String {
    let before = snapshot(s);
    let e = s.apply_action(action).expect_err("accepted");
    assert!(matches!(e, GameError::Illegal(_)), "{e:?}");
    assert_eq!(
        snapshot(s),
        before,
        "a refused {action} changed the session"
    );
    e.to_string()
}

#[test]
fn chance_modes_are_named_auto_and_explicit() {
    for mode in [ChanceMode::Auto, ChanceMode::Explicit] {
        assert_eq!(ChanceMode::parse(mode.as_str()).unwrap(), mode);
    }
    assert_eq!(ChanceMode::Auto.as_str(), "auto");
    assert_eq!(ChanceMode::Explicit.as_str(), "explicit");
    assert_eq!(
        ChanceMode::parse("Auto").unwrap_err().to_string(),
        "bad value for option 'chance': expected 'auto' or 'explicit', got 'Auto'"
    );
}

#[test]
fn auto_chance_deals_at_once_and_each_card_is_seen_by_its_receiver() {
    let s = session(3, ChanceMode::Auto);
    assert_eq!((s.name(), s.turn()), ("_reference", Turn::Player(0)));
    assert!(s.from_seed);
    let h = s.history.clone();
    assert_eq!(h.len(), 3);
    assert_eq!(s.seen, [(0, 0b001), (1, 0b010), (2, 0b100)]);
    assert_eq!(s.history_for(0), [Some(h[0]), None, None]);
    assert_eq!(s.history_for(2), [None, None, Some(h[2])]);
    assert_eq!(s.history_for(64), [None, None, None]);
    // The cards are the game's generator's: the same seed deals them again, and they are
    // the outcomes an explicit deal of them would apply.
    assert_eq!(session(3, ChanceMode::Auto).history, h);
    let mut e = session(3, ChanceMode::Explicit);
    for &a in &h {
        e.apply_action(a).unwrap();
    }
    for seat in 0..3 {
        assert_eq!(e.state.observation(seat), s.state.observation(seat));
    }
    let deals: std::collections::BTreeSet<Vec<Action>> = (0..40)
        .map(|seed| Session::new(entry(), 3, &Map::new(), seed, ChanceMode::Auto).unwrap())
        .map(|s| s.history)
        .collect();
    assert!(deals.len() > 20, "{} deals in 40 seeds", deals.len());
}

#[test]
fn explicit_chance_shows_the_deal_with_its_probabilities() {
    let mut s = session(3, ChanceMode::Explicit);
    assert_eq!(s.turn(), Turn::Chance);
    assert!(s.history.is_empty());
    assert_eq!(
        s.chance_outcomes(),
        [(0, 0.2), (1, 0.2), (2, 0.2), (3, 0.2), (4, 0.2)]
    );
    s.apply_action(4).unwrap();
    s.apply_action(4).unwrap();
    assert_eq!(
        s.chance_outcomes(),
        [(0, 0.25), (1, 0.25), (2, 0.25), (3, 0.25)]
    );
    assert_eq!(
        refusal(&mut s, 4),
        "illegal action 4 ('deal 5') at a chance node: action 4 is not legal now"
    );
    assert_eq!(s.legal_actions(), [0, 1, 2, 3]);
    s.apply_action(0).unwrap();
    assert_eq!(s.turn(), Turn::Player(0));
    assert_eq!(s.legal_actions(), [PASS, BET, SWAP]);
    assert!(s.chance_outcomes().is_empty());
    assert_eq!(
        (s.history.clone(), s.seen.clone()),
        (vec![4, 4, 0], vec![(0, 1), (1, 2), (2, 4)])
    );
}

#[test]
fn moves_are_seen_by_all_and_a_swaps_draw_by_the_swapper_until_the_showdown() {
    let mut s = session(3, ChanceMode::Auto);
    s.apply_action(SWAP).unwrap();
    // The swap and its draw, drawn at once.
    assert_eq!(
        (s.history.len(), s.history[3], s.turn()),
        (5, SWAP, Turn::Player(1))
    );
    assert_eq!(s.seen[3], (4, 0b001));
    assert_eq!(s.history_for(1)[3..], [Some(SWAP), None]);
    assert_eq!(s.history_for(0)[4], Some(s.history[4]));
    s.apply_action(BET).unwrap();
    // The last seat's draw ends the game, and the showdown shows it to all.
    s.apply_action(SWAP).unwrap();
    assert_eq!(
        (s.history.len(), s.seen.len(), s.turn()),
        (8, 4, Turn::Terminal)
    );
    assert_eq!(
        s.history_for(1)[5..].to_vec(),
        s.history[5..].iter().map(|&a| Some(a)).collect::<Vec<_>>()
    );
    assert_eq!(refusal(&mut s, PASS), "illegal action 0: the game is over");
    assert_eq!(refusal(&mut s, 9), "illegal action 9: the game is over");
    assert_eq!(
        s.illegal_reason(0).unwrap(),
        "illegal action 0: the game is over"
    );
}

#[test]
fn an_illegal_action_is_refused_with_its_reason_and_changes_nothing() {
    let mut s = session(3, ChanceMode::Auto);
    for a in [PASS, BET, SWAP] {
        assert_eq!(s.illegal_reason(a), None);
    }
    let out_of_range = "illegal action 7: _reference has actions 0..5 (player 0 to move)";
    assert_eq!(refusal(&mut s, 7), out_of_range);
    assert_eq!(s.illegal_reason(7).unwrap(), out_of_range);
    let unlisted = "illegal action 3 ('action 3') at player 0 to move: action 3 is not legal now";
    assert_eq!(refusal(&mut s, 3), unlisted);
    assert_eq!(s.illegal_reason(3).unwrap(), unlisted);
    // A game that would play an unlisted action: the list decides, and says so.
    let s = flawed(2, "accepts_illegal");
    assert_eq!(
        s.illegal_reason(4).unwrap(),
        "illegal action 4 ('action 4') at player 0 to move: it is not among the legal actions"
    );
}

#[test]
fn a_label_finds_its_action_and_says_why_it_is_illegal_now() {
    let s = session(2, ChanceMode::Auto);
    assert_eq!(s.action_by_label("bet").unwrap().unwrap(), BET);
    assert!(s.action_by_label("fold").is_none());
    let mut s = session(3, ChanceMode::Explicit);
    s.apply_action(4).unwrap();
    s.apply_action(4).unwrap();
    assert_eq!(s.action_by_label("deal 4").unwrap().unwrap(), 3);
    match s.action_by_label("deal 5") {
        Some(Err(GameError::Illegal(why))) => assert!(why.contains("at a chance node"), "{why}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_chance_node_without_outcomes_stops_the_auto_deal_rather_than_hanging() {
    let mut s = flawed(2, "no_chance_outcomes");
    s.apply_action(SWAP).unwrap();
    assert_eq!((s.turn(), s.history.len()), (Turn::Chance, 3));
}

#[test]
fn determinize_starts_a_history_of_its_own() {
    let s = played(3, &[BET]);
    let d = s.determinize(1, 77).unwrap();
    assert!(d.history.is_empty() && d.seen.is_empty() && !d.from_seed);
    assert_eq!(
        (d.seed, d.chance, d.turn()),
        (77, ChanceMode::Auto, Turn::Player(1))
    );
    assert_eq!(d.state.observation(1), s.state.observation(1));
    assert_eq!(d.to_json_value()["history"], json!([]));
    assert!(d
        .replay_record()
        .unwrap_err()
        .to_string()
        .contains("no replay record"));
    assert_eq!(
        s.determinize(3, 0).err().unwrap().to_string(),
        "seat 3 out of range: _reference has 3 players"
    );
}

#[test]
fn the_envelope_holds_the_game_its_options_and_its_history() {
    let s = played(3, &[BET]);
    let v = s.to_json_value();
    assert_eq!(
        v,
        json!({"format": 1, "game": "_reference", "state_version": 1, "players": 3,
               "options": {"flaw": "none"}, "seed": 9, "chance": "auto",
               "history": s.history, "state": s.state.to_json_value()})
    );
    let back = load(&v).unwrap();
    assert_eq!(snapshot(&back), snapshot(&s));
    assert_eq!(back.to_json_value(), v);
}

#[test]
fn an_envelope_is_checked_field_by_field() {
    let base = played(3, &[BET]).to_json_value();
    let refused = |edit: Edit| {
        let mut v = base.clone();
        edit(&mut v);
        load_error(&v)
    };
    let drop = |key: &'static str| move |v: &mut Value| _ = v.as_object_mut().unwrap().remove(key);
    assert_eq!(load_error(&json!(5)), "bad JSON: expected a JSON object");
    let cases: [(Edit, &str); 13] = [
        (&drop("format"), "bad JSON: missing 'format'"),
        (&|v| v["format"] = json!("1"), "bad JSON: missing 'format'"),
        (&|v| v["format"] = json!(2), "bad JSON: format 2 is not supported (this meeple reads 1)"),
        (&drop("game"), "bad JSON: missing 'game'"),
        (&|v| v["game"] = json!("chess"), "unknown game 'chess'; known games: _reference"),
        (&|v| v["state_version"] = json!(2), "bad JSON: _reference state_version 2 is not supported (this meeple reads 1)"),
        (&drop("state"), "bad JSON: missing 'state'"),
        (&|v| v["options"] = json!(5), "bad JSON: 'options' must be an object of option values, got 5"),
        (&|v| v["options"] = json!({"flaw": "stuck"}), "bad JSON: option 'flaw' is \"stuck\" in 'options' but \"none\" in the state's config"),
        (&|v| v["players"] = json!(4), "bad JSON: 'players' is 4 but the state has 3"),
        (&|v| v["seed"] = json!(-1), "bad JSON: 'seed' must be an integer in 0..2**64-1"),
        (&|v| v["chance"] = json!("sometimes"), "bad JSON: bad value for option 'chance': expected 'auto' or 'explicit', got 'sometimes'"),
        (&|v| v["chance"] = json!(3), "bad JSON: 'chance' must be \"auto\" or \"explicit\", got 3"),
    ];
    for (edit, message) in cases {
        assert_eq!(refused(edit), message);
    }
    let msg = refused(&|v| v["history"] = json!("x"));
    assert!(
        msg.starts_with("bad JSON: 'history': invalid type"),
        "{msg}"
    );
    // A value in a message is cut after 60 characters of its JSON.
    let long = "x".repeat(100);
    let msg = refused(&|v| v["players"] = json!(long));
    assert_eq!(
        msg,
        format!(
            "bad JSON: 'players' is \"{}... but the state has 3",
            &long[..59]
        )
    );
    let sixty = "x".repeat(58);
    let msg = refused(&|v| v["players"] = json!(sixty));
    assert_eq!(
        msg,
        format!("bad JSON: 'players' is \"{sixty}\" but the state has 3")
    );
    // What may be left out: the envelope's copy of the configuration, the seed, the history.
    let mut bare = base.clone();
    for key in [
        "state_version",
        "players",
        "options",
        "seed",
        "chance",
        "history",
    ] {
        bare.as_object_mut().unwrap().remove(key);
    }
    let s = load(&bare).unwrap();
    assert_eq!(
        (s.seed, s.chance, s.history.len(), s.from_seed),
        (0, ChanceMode::Auto, 0, false)
    );
    assert_eq!(s.state.to_json_value(), base["state"]);
}

#[test]
fn the_envelopes_options_fill_in_what_the_states_config_leaves_out() {
    let mut v = played(2, &[]).to_json_value();
    v["state"]["config"]
        .as_object_mut()
        .unwrap()
        .remove("options");
    let s = load(&v).unwrap();
    assert_eq!(
        s.state.config().options,
        *json!({"flaw": "none"}).as_object().unwrap()
    );
    v["state"]["config"]["options"] = json!({});
    let s = load(&v).unwrap();
    assert_eq!(
        s.state.config().options,
        *json!({"flaw": "none"}).as_object().unwrap()
    );
    // Not an object: left to the game's loader to refuse.
    v["state"]["config"]["options"] = json!(5);
    let msg = load_error(&v);
    assert!(
        msg.starts_with("bad JSON: config.options: invalid type"),
        "{msg}"
    );
}

#[test]
fn a_history_is_kept_only_if_it_leads_to_the_state() {
    let s = played(3, &[BET]);
    let v = s.to_json_value();
    // A genuine history: the record of the game.
    let back = load(&v).unwrap();
    assert!(back.from_seed);
    assert_eq!(back.replay_record().unwrap(), s.record());
    // An edited one is dropped: the position stands, with no record.
    let mut edited = v.clone();
    edited["history"][3] = json!(PASS);
    let back = load(&edited).unwrap();
    assert_eq!((back.history.len(), back.from_seed), (0, false));
    assert_eq!(back.state.to_json_value(), v["state"]);
    assert!(back.replay_record().is_err());
    assert_eq!(back.to_json_value()["history"], json!([]));
    // None given: the set-up of the seed is its own record (with the deal auto chance drew).
    let mut fresh = session(3, ChanceMode::Auto).to_json_value();
    fresh.as_object_mut().unwrap().remove("history");
    let back = load(&fresh).unwrap();
    assert!(back.from_seed);
    assert_eq!(back.history, session(3, ChanceMode::Auto).history);
    // ... but a later position is not.
    let mut later = v.clone();
    later.as_object_mut().unwrap().remove("history");
    let back = load(&later).unwrap();
    assert_eq!((back.history.len(), back.from_seed), (0, false));
    // An auto game loaded to show its chance nodes keeps its history (and who saw what), but a
    // record of it would need auto chance: it has none.
    let mut explicit = v.clone();
    explicit["chance"] = json!("explicit");
    let back = load(&explicit).unwrap();
    assert_eq!(
        (back.history.clone(), back.from_seed),
        (s.history.clone(), false)
    );
    assert_eq!(back.seen, s.seen);
    assert_eq!(back.history_for(1), s.history_for(1));
}

#[test]
fn a_record_replays_the_game_and_a_wrong_one_names_its_step() {
    let s = played(3, &[SWAP, BET, PASS]);
    assert_eq!(s.turn(), Turn::Terminal);
    let record = s.replay_record().unwrap();
    let r = Session::replay(entry(), &record).unwrap();
    assert_eq!(snapshot(&r), snapshot(&s));
    let replay = |edit: &dyn Fn(&mut Record)| {
        let mut wrong = record.clone();
        edit(&mut wrong);
        Session::replay(entry(), &wrong)
            .map(|r| snapshot(&r))
            .map_err(|e| e.to_string())
    };
    let dealt = s.history[0];
    let other = (dealt + 1) % 5;
    assert_eq!(
        replay(&|r| r.actions[0] = other).unwrap_err(),
        format!(
            "replay step 0: recorded chance outcome {other} is not what the game's RNG draws \
             here ({dealt} ('deal {}')): the record was altered, or comes from another seed",
            dealt + 1
        )
    );
    assert_eq!(
        replay(&|r| r.actions[3] = 3).unwrap_err(),
        "replay step 3: illegal action 3 ('action 3') at player 0 to move: action 3 is not legal now"
    );
    assert_eq!(
        replay(&|r| r.format = 2).unwrap_err(),
        "bad JSON: record format 2 is not supported"
    );
    // A record cut inside an auto deal: the replay deals the rest as the game did.
    let dealt = replay(&|r| r.actions.truncate(1)).unwrap();
    assert_eq!(dealt, snapshot(&session(3, ChanceMode::Auto)));
    // An explicit record: the outcomes are the record's own.
    let mut e = session(2, ChanceMode::Explicit);
    for a in [4, 0, BET, SWAP, 4] {
        e.apply_action(a).unwrap();
    }
    let r = Session::replay(entry(), &e.replay_record().unwrap()).unwrap();
    assert_eq!((snapshot(&r), r.turn()), (snapshot(&e), Turn::Terminal));
}

#[test]
fn a_clone_plays_on_alone() {
    let s = played(3, &[BET]);
    let before = snapshot(&s);
    let mut c = s.clone();
    assert_eq!(snapshot(&c), before);
    c.apply_action(SWAP).unwrap();
    assert_eq!(snapshot(&s), before);
    assert_eq!(c.history.len(), s.history.len() + 2);
}

#[test]
fn a_game_played_on_from_a_position_round_trips() {
    let mut s = Session::new(entry(), 3, &Map::new(), 4, ChanceMode::Auto).unwrap();
    let first = s.legal_actions()[0];
    s.apply_action(first).unwrap();
    let mut v = s.to_json_value();
    v.as_object_mut().unwrap().remove("history");
    let mut loaded = Session::from_json_value(&v, lookup).unwrap();
    assert!(!loaded.from_seed);
    if loaded.turn() != Turn::Terminal {
        let a = loaded.legal_actions()[0];
        loaded.apply_action(a).unwrap();
    }
    let again = Session::from_json_value(&loaded.to_json_value(), lookup).unwrap();
    assert_eq!(again.state.to_json_value(), loaded.state.to_json_value());
    // A game from its seed keeps its history and record through the round trip.
    let back = Session::from_json_value(&s.to_json_value(), lookup).unwrap();
    assert!(back.from_seed);
    assert_eq!(back.history, s.history);
}

/// Sealed: seat 0 writes a number, 0 to 2, that only it sees; seat 1 guesses it openly and
/// wins if right. (A secret player's action: no game of the core has one.)
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Sealed {
    config: Config,
    moves: Vec<Action>,
    rng: GameRng,
}

impl Game for Sealed {
    fn info() -> GameInfo {
        GameInfo {
            name: "sealed",
            title: "Sealed",
            min_players: 2,
            max_players: 2,
            options: vec![],
            hidden_information: true,
            state_version: 1,
        }
    }
    fn new(config: &Config, seed: u64) -> Result<Self, GameError> {
        Ok(Sealed {
            config: config.clone(),
            moves: vec![],
            rng: GameRng::new(seed),
        })
    }
    fn config(&self) -> &Config {
        &self.config
    }
    fn num_distinct_actions(&self) -> u32 {
        3
    }
    fn turn(&self) -> Turn {
        match self.moves.len() {
            n @ 0..=1 => Turn::Player(n),
            _ => Turn::Terminal,
        }
    }
    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.moves.len() < 2 {
            out.extend(0..3);
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
    }
    fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        if self.moves.len() >= 2 || action >= 3 {
            return Err(RuleError::new("not legal"));
        }
        self.moves.push(action);
        Ok(())
    }
    fn scores(&self) -> Vec<f64> {
        vec![0.0; 2]
    }
    fn winners(&self) -> Vec<usize> {
        match self.moves[..] {
            [a, b] => vec![usize::from(a == b)],
            _ => vec![],
        }
    }
    fn observation(&self, seat: usize) -> Value {
        json!({"written": self.moves.first().filter(|_| seat == 0), "moves": self.moves.len()})
    }
    fn observation_tensor_len(&self) -> usize {
        1
    }
    fn observation_tensor(&self, _seat: usize, out: &mut [f32]) {
        out[0] = self.moves.len() as f32;
    }
    fn action_label(&self, action: Action) -> String {
        action.to_string()
    }
    fn action_visible_to(&self, _action: Action, seat: usize) -> bool {
        // Only the writer sees what is written; the guess is public.
        self.moves.len() == 1 || seat == 0
    }
    fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }
    fn max_game_length(&self) -> u64 {
        2
    }
    fn render(&self) -> String {
        format!("{self:?}")
    }
}

#[test]
fn a_secret_action_is_seen_by_its_actor_alone() {
    let mut s = Session::new(
        GameEntry::of::<Sealed>(),
        2,
        &Map::new(),
        0,
        ChanceMode::Auto,
    )
    .unwrap();
    s.apply_action(2).unwrap();
    s.apply_action(1).unwrap();
    assert_eq!(s.seen, [(0, 0b01)]);
    assert_eq!(s.history_for(0), [Some(2), Some(1)]);
    assert_eq!(s.history_for(1), [None, Some(1)]);
}
