//! Kingdom Builder (Donald X. Vaccarino), 2–4 players: all 8 sectors, all 10 Kingdom Builder
//! cards, the 8 location tiles. Rules: `shared/rules/kingdom_builder.md` (the spec); every engine
//! decision is listed in `docs/games/kingdom_builder.md`.
//!
//! # Action ids (fixed: 414 for every configuration)
//!
//! | ids | meaning |
//! |---|---|
//! | `0..400` | a hex `20·row + col`: the mandatory placement, the target of a build tile, the settlement a move tile moves, or its destination (the state says which) |
//! | `400..408` | use a location tile: oracle, farm, tavern, tower, harbor, paddock, barn, oasis (`400 + type`) |
//! | `408` | end the turn |
//! | `409..414` | chance: a terrain card is drawn: grass, canyon, desert, flower, forest |
//!
//! A tile is used in two or three decisions: `use <tile>`, then the hex (build tiles), or the
//! settlement to move and then its destination (barn, harbor, paddock). A tile is offered only when
//! it has a legal effect, so the follow-up decisions always have at least one option.

#![allow(clippy::needless_range_loop)] // index loops over seats and sectors read clearer here

mod bits;
pub mod board;
pub mod cards;
mod repr;
mod rules;
mod validate;

pub use board::{Layout, Sector, Terrain};
pub use cards::KbCard;
pub use rules::{KingdomBuilder, Pending, Phase};

use bits::Bits;
use board::LOCATION;
use meeple_core::{
    Action, Config, Game, GameError, GameInfo, GameRng, OptionSpec, RuleError, Turn,
};
use repr::{hex_of, Repr};
use rules::Step;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{json, Value};
use std::sync::Arc;

pub const ROWS: usize = 20;
pub const COLS: usize = 20;
pub const NUM_HEXES: usize = ROWS * COLS;
pub const MAX_PLAYERS: usize = 4;
pub const SETTLEMENTS: u8 = 40;
pub const STATE_VERSION: u32 = 1;

pub const USE_TILE: Action = 400;
pub const END_TURN: Action = 408;
pub const DRAW: Action = 409;
pub const NUM_ACTIONS: u32 = 414;

/// Observation tensor: 23 planes of 400 hexes, then 107 scalars (layout in the docs page).
pub const PLANES: usize = 23;
pub const SCALARS: usize = 107;
pub const TENSOR_LEN: usize = PLANES * NUM_HEXES + SCALARS;

/// The action id of the hex `(row, col)`.
pub fn hex_action(row: usize, col: usize) -> Action {
    (row * COLS + col) as Action
}

/// The action id of using a tile of type `t`.
pub fn tile_action(t: Sector) -> Action {
    USE_TILE + t.index() as Action
}

/// The chance outcome id of drawing terrain `t`.
pub fn draw_action(t: Terrain) -> Action {
    DRAW + t.index() as Action
}

fn hex_label(h: usize) -> String {
    format!("({},{})", h / COLS, h % COLS)
}

impl Serialize for KingdomBuilder {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Repr::from(self.clone()).serialize(s)
    }
}

impl<'de> Deserialize<'de> for KingdomBuilder {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let r = Repr::deserialize(d)?;
        KingdomBuilder::try_from(r).map_err(serde::de::Error::custom)
    }
}

fn parse_list<T: Copy>(
    v: &Value,
    name: &str,
    len: usize,
    what: &str,
    f: impl Fn(&Value) -> Option<T>,
) -> Result<Option<Vec<T>>, GameError> {
    match v {
        Value::Null => Ok(None),
        Value::Array(a) if a.len() == len => {
            let mut out = Vec::new();
            for x in a {
                out.push(
                    f(x).ok_or_else(|| GameError::bad_option(name, format!("{x} is not {what}")))?,
                );
            }
            Ok(Some(out))
        }
        other => Err(GameError::bad_option(
            name,
            format!("expected null or a list of {len} {what}s, got {other}"),
        )),
    }
}

impl KingdomBuilder {
    fn hidden_pool_resample(&mut self, seat: usize) {
        // Opponents' hands are resampled within their epoch (§12.3): a hand drawn in the current
        // epoch is exchangeable with the draw pile; a hand drawn before the last reshuffle is
        // exchangeable only with the other hands of that epoch.
        let mut epochs: Vec<u16> = (0..self.n)
            .filter(|&p| p != seat && self.hand[p].is_some())
            .map(|p| self.hand_epoch[p])
            .collect();
        epochs.sort_unstable();
        epochs.dedup();
        for e in epochs {
            let holders: Vec<usize> = (0..self.n)
                .filter(|&p| p != seat && self.hand[p].is_some() && self.hand_epoch[p] == e)
                .collect();
            let current = e == self.reshuffles;
            let mut pool = [0u8; 5];
            if current {
                pool = self.draw;
            }
            for &p in &holders {
                if let Some(t) = self.hand[p] {
                    pool[t.index()] += 1;
                }
            }
            for &p in &holders {
                let i = self.rng.weighted(pool.iter().map(|&c| c as u32));
                pool[i] = pool[i].saturating_sub(1);
                self.hand[p] = Terrain::from_index(i);
            }
            if current {
                self.draw = pool;
            }
        }
    }

    fn pending_json(&self) -> Value {
        match self.pending {
            Pending::None => Value::Null,
            Pending::Build(t) => json!({"tile": t.name(), "choose": "hex"}),
            Pending::MoveFrom(t) => json!({"tile": t.name(), "choose": "settlement"}),
            Pending::MoveTo(t, h) => {
                json!({"tile": t.name(), "choose": "destination", "from": hex_of(h as usize)})
            }
        }
    }

    fn step_name(&self) -> &'static str {
        match self.phase {
            Phase::Play => match self.step() {
                Step::Pre => "before_mandatory",
                Step::Mandatory => "mandatory",
                Step::Post => "after_mandatory",
            },
            _ => "",
        }
    }

    /// Remaining-turn estimate for the heuristic: nothing fancy, provisional gold margin.
    fn provisional_margin(&self, seat: usize) -> f64 {
        let gold = self.gold();
        let mine = gold.get(seat).copied().unwrap_or(0) as f64;
        let best_other = (0..self.n)
            .filter(|&p| p != seat)
            .map(|p| gold[p] as f64)
            .fold(f64::MIN, f64::max);
        mine - best_other
    }
}

impl Game for KingdomBuilder {
    fn info() -> GameInfo {
        GameInfo {
            name: "kingdom_builder",
            title: "Kingdom Builder",
            min_players: 2,
            max_players: 4,
            options: vec![
                OptionSpec::json(
                    "sectors",
                    Value::Null,
                    "null: 4 of the 8 sectors drawn from the seed; or a list of 4 distinct sector names (oracle, farm, tavern, tower, harbor, paddock, barn, oasis) for the top-left, top-right, bottom-left and bottom-right positions",
                ),
                OptionSpec::json(
                    "rotated",
                    Value::Null,
                    "null: each sector turned 180 degrees with probability 1/2 (when allow_rotation); or a list of 4 booleans, one per position",
                ),
                OptionSpec::bool(
                    "allow_rotation",
                    true,
                    "Random 180-degree sector rotation at setup (spec A-27)",
                ),
                OptionSpec::json(
                    "cards",
                    Value::Null,
                    "null: 3 of the 10 Kingdom Builder cards drawn from the seed; or a list of 3 distinct card names",
                ),
                OptionSpec::choice(
                    "preset",
                    "none",
                    &["none", "basic"],
                    "basic: Tavern, Paddock, Oasis, Farm unrotated with Fishermen, Merchants, Knights (the online implementation's first game); do not combine with sectors, rotated or cards",
                ),
                OptionSpec::int(
                    "first_player",
                    0,
                    -1,
                    3,
                    "Seat of the first player; -1 draws it from the seed",
                ),
                OptionSpec::bool(
                    "tower_anywhere",
                    false,
                    "Tower builds on any empty buildable hex instead of the board's edge (spec A-1)",
                ),
                OptionSpec::bool(
                    "retake_after_loss",
                    false,
                    "A player who lost a location's tile may take another there (spec A-7)",
                ),
                OptionSpec::bool(
                    "lords_requires_presence",
                    false,
                    "Lords: a player with no settlement in a sector scores nothing there (spec A-25)",
                ),
            ],
            hidden_information: true,
            state_version: STATE_VERSION,
        }
    }

    fn new(config: &Config, seed: u64) -> Result<Self, GameError> {
        let n = config.players;
        let mut rng = GameRng::new(seed);
        let basic = config.str("preset") == "basic";
        let mut sectors = parse_list(config.value("sectors"), "sectors", 4, "sector name", |v| {
            v.as_str().and_then(Sector::from_name)
        })?;
        let mut rotated = parse_list(config.value("rotated"), "rotated", 4, "boolean", |v| {
            v.as_bool()
        })?;
        let mut cards = parse_list(config.value("cards"), "cards", 3, "card name", |v| {
            v.as_str().and_then(KbCard::from_name)
        })?;
        if basic {
            if sectors.is_some() || rotated.is_some() || cards.is_some() {
                return Err(GameError::bad_option(
                    "preset",
                    "the basic preset fixes sectors, rotated and cards; leave those null",
                ));
            }
            sectors = Some(vec![
                Sector::Tavern,
                Sector::Paddock,
                Sector::Oasis,
                Sector::Farm,
            ]);
            rotated = Some(vec![false; 4]);
            cards = Some(vec![KbCard::Fishermen, KbCard::Merchants, KbCard::Knights]);
        }
        let sectors: Vec<Sector> = match sectors {
            Some(s) => {
                for a in 0..4 {
                    if s[..a].contains(&s[a]) {
                        return Err(GameError::bad_option(
                            "sectors",
                            format!("{} is listed twice", s[a].name()),
                        ));
                    }
                }
                s
            }
            None => {
                let mut all = Sector::ALL;
                rng.shuffle(&mut all);
                all[..4].to_vec()
            }
        };
        let rotated: Vec<bool> = match rotated {
            Some(r) => r,
            None if config.bool("allow_rotation") => (0..4).map(|_| rng.below(2) == 1).collect(),
            None => vec![false; 4],
        };
        let cards: Vec<KbCard> = match cards {
            Some(c) => {
                for a in 0..3 {
                    if c[..a].contains(&c[a]) {
                        return Err(GameError::bad_option(
                            "cards",
                            format!("{} is listed twice", c[a].name()),
                        ));
                    }
                }
                c
            }
            None => {
                let mut all = KbCard::ALL;
                rng.shuffle(&mut all);
                all[..3].to_vec()
            }
        };
        let fp = config.int("first_player");
        let first = if fp < 0 {
            rng.below(n as u32) as usize
        } else if (fp as usize) < n {
            fp as usize
        } else {
            return Err(GameError::bad_option(
                "first_player",
                format!("seat {fp} does not exist with {n} players"),
            ));
        };
        let layout = Layout::shared(
            [sectors[0], sectors[1], sectors[2], sectors[3]],
            [rotated[0], rotated[1], rotated[2], rotated[3]],
        );
        let mut tiles_left = [0u8; 8];
        for t in tiles_left.iter_mut().take(layout.locs.len()) {
            *t = 2;
        }
        Ok(KingdomBuilder {
            config: Arc::new(config.clone()),
            layout,
            n,
            tower_anywhere: config.bool("tower_anywhere"),
            retake_after_loss: config.bool("retake_after_loss"),
            lords_requires_presence: config.bool("lords_requires_presence"),
            cards: [cards[0], cards[1], cards[2]],
            first,
            current: first,
            round: 1,
            phase: Phase::Deal,
            placed: 0,
            mandatory_done: false,
            pending: Pending::None,
            own: [Bits::EMPTY; MAX_PLAYERS],
            adj: [Bits::EMPTY; MAX_PLAYERS],
            occupied: Bits::EMPTY,
            supply: [SETTLEMENTS; MAX_PLAYERS],
            holds: [0; MAX_PLAYERS],
            ever_took: [0; MAX_PLAYERS],
            tiles_left,
            tiles_lost: [0; 8],
            ready: [0; 8],
            hand: [None; MAX_PLAYERS],
            hand_epoch: [0; MAX_PLAYERS],
            played: None,
            draw: [5; 5],
            discard: [0; 5],
            removed: [0; 5],
            reshuffles: 0,
            end_triggered: false,
            placed_this_turn: false,
            idle_turns: 0,
            rng,
        }
        .with_unused_seats_cleared())
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn num_distinct_actions(&self) -> u32 {
        NUM_ACTIONS
    }

    /// A terrain card dealt or drawn into a hand is seen by its holder only (until it is
    /// played); a card drawn to replace a played one (redraw) is face up.
    fn chance_visible_to(&self, seat: usize) -> bool {
        match self.phase {
            Phase::Deal | Phase::Draw => seat == self.current,
            _ => true,
        }
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Deal | Phase::Redraw | Phase::Draw => Turn::Chance,
            Phase::Play => Turn::Player(self.current),
            Phase::GameOver => Turn::Terminal,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::GameOver => {}
            Phase::Deal | Phase::Redraw | Phase::Draw => {
                for t in 0..5 {
                    if self.draw[t] > 0 {
                        out.push(DRAW + t as Action);
                    }
                }
            }
            Phase::Play => {
                out.extend(self.hex_choices().iter().map(|h| h as Action));
                let tiles = self.tile_choices();
                for t in 0..8 {
                    if tiles >> t & 1 == 1 {
                        out.push(USE_TILE + t as Action);
                    }
                }
                if self.can_end_turn() {
                    out.push(END_TURN);
                }
            }
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
        if matches!(self.phase, Phase::Deal | Phase::Redraw | Phase::Draw) {
            for t in 0..5 {
                if self.draw[t] > 0 {
                    out.push((DRAW + t as Action, self.draw[t] as u32));
                }
            }
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        let phase_name = match self.phase {
            Phase::Deal => "deal",
            Phase::Redraw => "redraw",
            Phase::Play => "play",
            Phase::Draw => "draw",
            Phase::GameOver => "game over",
        };
        let refuse = |why: String| -> Result<(), RuleError> {
            Err(RuleError::new(format!(
                "action {action} refused in phase {phase_name}: {why}"
            )))
        };
        match self.phase {
            Phase::GameOver => refuse("the game is over".into()),
            Phase::Deal | Phase::Redraw | Phase::Draw => {
                let t = action.wrapping_sub(DRAW) as usize;
                if !(DRAW..NUM_ACTIONS).contains(&action) || self.draw[t] == 0 {
                    return refuse(
                        "a terrain card draw is due, and that card is not in the draw pile".into(),
                    );
                }
                if let Some(t) = Terrain::from_index(t) {
                    self.chance_draw(t);
                }
                Ok(())
            }
            Phase::Play => {
                if (action as usize) < NUM_HEXES {
                    let h = action as usize;
                    if !self.hex_choices().get(h) {
                        return refuse(format!(
                            "{} is not a legal hex for {}",
                            hex_label(h),
                            match self.pending {
                                Pending::None if self.mandatory_done =>
                                    "anything: the mandatory action is done".to_string(),
                                Pending::None => "the mandatory placement".to_string(),
                                Pending::Build(t) => t.name().to_string(),
                                Pending::MoveFrom(t) =>
                                    format!("the settlement to move with {}", t.name()),
                                Pending::MoveTo(t, _) => format!("the destination of {}", t.name()),
                            }
                        ));
                    }
                    self.play_hex(h);
                    Ok(())
                } else if (USE_TILE..END_TURN).contains(&action) {
                    let t = Sector::from_index((action - USE_TILE) as usize);
                    match t {
                        Some(t) if self.tile_window() && self.tile_usable(t) => {
                            self.use_tile(t);
                            Ok(())
                        }
                        Some(t) => refuse(format!(
                            "the {} tile cannot be used now (none ready, no legal effect, or a decision is open)",
                            t.name()
                        )),
                        None => refuse("no such tile".into()),
                    }
                } else if action == END_TURN {
                    if !self.can_end_turn() {
                        return refuse(
                            "the turn cannot end before the mandatory action or while a tile is being used"
                                .into(),
                        );
                    }
                    self.end_turn();
                    Ok(())
                } else {
                    refuse("not a player's action".into())
                }
            }
        }
    }

    fn scores(&self) -> Vec<f64> {
        self.gold().into_iter().map(|g| g as f64).collect()
    }

    fn winners(&self) -> Vec<usize> {
        if self.phase != Phase::GameOver {
            return Vec::new();
        }
        let gold = self.gold();
        let best = gold.iter().copied().max().unwrap_or(0);
        (0..self.n).filter(|&p| gold[p] == best).collect()
    }

    fn observation(&self, seat: usize) -> Value {
        let l = &*self.layout;
        let players: Vec<Value> = (0..self.n)
            .map(|p| {
                let locs = |mask: u8| -> Vec<Value> {
                    l.locs
                        .iter()
                        .enumerate()
                        .filter(|(k, _)| mask >> k & 1 == 1)
                        .map(|(_, &(h, t))| json!({"hex": hex_of(h as usize), "type": t.name()}))
                        .collect()
                };
                let mut o = json!({
                    "settlements": self.own[p].iter().map(hex_of).collect::<Vec<_>>(),
                    "supply": self.supply[p],
                    "tiles": locs(self.holds[p]),
                    "ever_took": locs(self.ever_took[p]),
                    "has_card": self.hand[p].is_some(),
                    "hand_epoch": self.hand_epoch[p],
                });
                if p == seat {
                    o["hand"] = json!(self.hand[p].map(|t| t.name()));
                }
                o
            })
            .collect();
        let counts = |a: &[u8; 5]| -> Value {
            let mut m = serde_json::Map::new();
            for t in Terrain::ALL {
                m.insert(t.name().into(), json!(a[t.index()]));
            }
            Value::Object(m)
        };
        let ready: serde_json::Map<String, Value> = Sector::ALL
            .iter()
            .filter(|t| self.phase == Phase::Play && self.ready[t.index()] > 0)
            .map(|t| (t.name().to_string(), json!(self.ready[t.index()])))
            .collect();
        json!({
            "seat": seat,
            "players": self.n,
            "current_player": self.turn().as_i32(),
            "phase": serde_json::to_value(self.phase).unwrap_or(Value::Null),
            "step": self.step_name(),
            "round": self.round,
            "first_player": self.first,
            "board": {
                "sectors": l.sectors.map(|s| s.name()),
                "rotated": l.rotated,
                "map": (0..ROWS)
                    .map(|r| (0..COLS).map(|c| board::cell_letter(l.cell[r * COLS + c])).collect::<String>())
                    .collect::<Vec<_>>(),
            },
            "cards": self.cards.map(|c| c.name()),
            "played": self.played.map(|t| t.name()),
            "placed": self.placed,
            "mandatory_done": self.mandatory_done,
            "pending": self.pending_json(),
            "ready": ready,
            "player_state": players,
            "location_tiles": l.locs.iter().enumerate().map(|(k, &(h, t))| json!({
                "hex": hex_of(h as usize), "type": t.name(),
                "left": self.tiles_left[k], "lost": self.tiles_lost[k]})).collect::<Vec<_>>(),
            "draw_pile_size": self.draw.iter().map(|&c| c as u32).sum::<u32>(),
            "discard": counts(&self.discard),
            "removed": counts(&self.removed),
            "reshuffles": self.reshuffles,
            "end_triggered": self.end_triggered,
            "idle_turns": self.idle_turns,
            "scores": self.gold(),
        })
    }

    fn observation_tensor_len(&self) -> usize {
        TENSOR_LEN
    }

    fn observation_tensor(&self, seat: usize, out: &mut [f32]) {
        out.fill(0.0);
        if out.len() < TENSOR_LEN {
            return;
        }
        let l = &*self.layout;
        let n = self.n;
        let rel = |p: usize| (p + n - seat % n) % n;
        let plane = |k: usize, h: usize| k * NUM_HEXES + h;
        for h in 0..NUM_HEXES {
            let c = l.cell[h].min(LOCATION) as usize;
            out[plane(c, h)] = 1.0;
        }
        for p in 0..n {
            for h in self.own[p].iter() {
                out[plane(9 + rel(p), h)] = 1.0;
            }
        }
        for (k, &(h, _)) in l.locs.iter().enumerate() {
            let h = h as usize;
            out[plane(13, h)] = self.tiles_left[k] as f32 / 2.0;
            for p in 0..n {
                if self.holds[p] >> k & 1 == 1 {
                    out[plane(14 + rel(p), h)] = 1.0;
                }
                if self.ever_took[p] >> k & 1 == 1 {
                    out[plane(18 + rel(p), h)] = 1.0;
                }
            }
        }
        if let Pending::MoveTo(_, h) = self.pending {
            out[plane(22, h as usize)] = 1.0;
        }
        let mut i = PLANES * NUM_HEXES;
        let mut put = |v: f32| {
            out[i] = v;
            i += 1;
        };
        for q in 0..4 {
            let p = (seat + q) % n;
            put(if q < n {
                self.supply[p] as f32 / 40.0
            } else {
                0.0
            });
        }
        for q in 0..4 {
            let p = (seat + q) % n;
            put((q < n && self.phase == Phase::Play && self.current == p) as u8 as f32);
        }
        for q in 0..4 {
            let p = (seat + q) % n;
            for t in Sector::ALL {
                put(if q < n {
                    self.held(p, t) as f32 / 2.0
                } else {
                    0.0
                });
            }
        }
        for t in Sector::ALL {
            put(if self.phase == Phase::Play {
                self.ready[t.index()] as f32 / 2.0
            } else {
                0.0
            });
        }
        let own_hand = self.hand.get(seat).copied().flatten();
        for t in Terrain::ALL {
            put((own_hand == Some(t)) as u8 as f32);
        }
        for q in 0..4 {
            let p = (seat + q) % n;
            put((q < n && self.hand[p].is_some()) as u8 as f32);
        }
        for t in Terrain::ALL {
            put((self.played == Some(t)) as u8 as f32);
        }
        for c in KbCard::ALL {
            put(self.cards.contains(&c) as u8 as f32);
        }
        for ph in [
            Phase::Deal,
            Phase::Redraw,
            Phase::Play,
            Phase::Draw,
            Phase::GameOver,
        ] {
            put((self.phase == ph) as u8 as f32);
        }
        put(self.placed as f32 / 3.0);
        put(self.mandatory_done as u8 as f32);
        let (kind, tile) = match self.pending {
            Pending::None => (None, None),
            Pending::Build(t) => (Some(0), Some(t)),
            Pending::MoveFrom(t) => (Some(1), Some(t)),
            Pending::MoveTo(t, _) => (Some(2), Some(t)),
        };
        for k in 0..3 {
            put((kind == Some(k)) as u8 as f32);
        }
        for t in Sector::ALL {
            put((tile == Some(t)) as u8 as f32);
        }
        put(self.draw.iter().map(|&c| c as f32).sum::<f32>() / 25.0);
        for t in 0..5 {
            put(self.discard[t] as f32 / 5.0);
        }
        for t in 0..5 {
            put(self.removed[t] as f32 / 5.0);
        }
        put(self.end_triggered as u8 as f32);
        put(self.round as f32 / 20.0);
        for q in 0..4 {
            put((q < n && (seat + q) % n == self.first) as u8 as f32);
        }
    }

    fn action_label(&self, action: Action) -> String {
        if (action as usize) < NUM_HEXES {
            let h = action as usize;
            let verb = match (self.phase, self.pending) {
                (Phase::Play, Pending::None) => "place".to_string(),
                (Phase::Play, Pending::Build(t)) => t.name().to_string(),
                (Phase::Play, Pending::MoveFrom(t)) => format!("{} from", t.name()),
                (Phase::Play, Pending::MoveTo(t, _)) => format!("{} to", t.name()),
                _ => "hex".to_string(),
            };
            format!("{verb} {}", hex_label(h))
        } else if (USE_TILE..END_TURN).contains(&action) {
            match Sector::from_index((action - USE_TILE) as usize) {
                Some(t) => format!("use {}", t.name()),
                None => format!("action {action}"),
            }
        } else if action == END_TURN {
            "end turn".into()
        } else if (DRAW..NUM_ACTIONS).contains(&action) {
            match Terrain::from_index((action - DRAW) as usize) {
                Some(t) => format!("draw {}", t.name()),
                None => format!("action {action}"),
            }
        } else {
            format!("action {action}")
        }
    }

    fn determinize(&self, seat: usize, seed: u64) -> Self {
        let mut g = self.clone();
        g.rng = GameRng::new(seed);
        if self.phase != Phase::GameOver {
            g.hidden_pool_resample(seat);
        }
        g
    }

    fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    fn max_game_length(&self) -> u64 {
        // Turns: at most 40n that place from a supply, and at most n-1 idle turns before each
        // of them and after the last one (n idle turns in a row end the game).
        let n = self.n as u64;
        let placing = 40 * n;
        let turns = placing + (placing + 1) * (n - 1);
        // Per turn: 3 mandatory + 8 tile uses of up to 3 decisions + end + draw + a redraw of a
        // missing card; then at most 25 redraws that remove a card, and the initial deal.
        turns * (3 + 24 + 1 + 1 + 1) + 25 + n
    }

    fn validate(&self) -> Result<(), String> {
        self.check_state()
    }

    fn render(&self) -> String {
        let l = &*self.layout;
        let mut s = String::new();
        s.push_str(&format!(
            "Kingdom Builder, {} players; sectors {}; cards {}\n",
            self.n,
            (0..4)
                .map(|k| format!(
                    "{}{}",
                    l.sectors[k].name(),
                    if l.rotated[k] { " (rotated)" } else { "" }
                ))
                .collect::<Vec<_>>()
                .join(", "),
            self.cards.map(|c| c.name()).join(", ")
        ));
        for r in 0..ROWS {
            if r % 2 == 1 {
                s.push(' ');
            }
            for c in 0..COLS {
                let h = r * COLS + c;
                let ch = match (0..self.n).find(|&p| self.own[p].get(h)) {
                    Some(p) => char::from(b'1' + p as u8),
                    None => board::cell_letter(l.cell[h]).to_ascii_lowercase(),
                };
                s.push(ch);
                s.push(' ');
            }
            s.push('\n');
        }
        let gold = self.gold();
        for p in 0..self.n {
            let tiles: Vec<String> = Sector::ALL
                .iter()
                .filter(|&&t| self.held(p, t) > 0)
                .map(|&t| format!("{}x{}", t.name(), self.held(p, t)))
                .collect();
            s.push_str(&format!(
                "player {} (seat {p}): supply {}, tiles [{}], gold {}{}\n",
                p + 1,
                self.supply[p],
                tiles.join(" "),
                gold[p],
                if self.current == p && self.phase == Phase::Play {
                    format!(
                        "  <- to play, card {}",
                        self.played.map(|t| t.name()).unwrap_or("none")
                    )
                } else {
                    String::new()
                }
            ));
        }
        s.push_str(&format!(
            "phase {:?}, round {}, draw pile {}, end triggered {}\n",
            self.phase,
            self.round,
            self.draw.iter().map(|&c| c as u32).sum::<u32>(),
            self.end_triggered
        ));
        s
    }

    fn evaluate(&self, seat: usize) -> f64 {
        if seat >= self.n {
            return 0.0;
        }
        if self.phase == Phase::GameOver {
            return self.returns()[seat];
        }
        0.5 + 0.5 * (self.provisional_margin(seat) / 20.0).tanh()
    }
}

impl KingdomBuilder {
    fn with_unused_seats_cleared(mut self) -> Self {
        for p in self.n..MAX_PLAYERS {
            self.supply[p] = 0;
        }
        self
    }
}
