//! The `Game` trait: set-up (spec 2), the engine contract and its glue to the other files.

use crate::*;

impl Game for SanJuan {
    fn info() -> GameInfo {
        GameInfo {
            name: "san_juan",
            title: "San Juan",
            min_players: 2,
            max_players: 4,
            options: vec![
                OptionSpec::bool(
                    "drafted_hands",
                    false,
                    "Variant: seat k from the governor is dealt 5+k cards and keeps 4, \
                     discarding the rest face down.",
                ),
                OptionSpec::int(
                    "first_player",
                    -1,
                    -1,
                    3,
                    "The first governor's seat; -1 draws it from the seed.",
                ),
                OptionSpec::int(
                    "max_rounds",
                    100,
                    1,
                    1000,
                    "Safety cap (not a rule): the game ends, scored normally and marked \
                     truncated, after this many rounds.",
                ),
                OptionSpec::bool(
                    "strict_optional",
                    false,
                    "Spec A6: the councilor's draw, the prospector's draw and the gold-mine \
                     reveal become a choice (take or pass) instead of happening automatically.",
                ),
                OptionSpec::json(
                    "price_tiles",
                    serde_json::json!(STANDARD_TILES),
                    "The 5 trading-house tiles: prices (0..=5) of indigo, sugar, tobacco, \
                     coffee, silver. Default: the published tiles.",
                ),
            ],
            hidden_information: true,
            state_version: 1,
        }
    }

    fn new(config: &Config, seed: u64) -> Result<Self, GameError> {
        let n = config.players;
        if !(2..=4).contains(&n) {
            return Err(GameError::BadPlayers {
                game: "san_juan".into(),
                min: 2,
                max: 4,
                got: n,
            });
        }
        let prices = parse_prices(config.value("price_tiles"))
            .map_err(|e| GameError::bad_option("price_tiles", e))?;
        let fp = config.int("first_player");
        if fp >= n as i64 {
            return Err(GameError::bad_option(
                "first_player",
                format!("seat {fp} does not exist with {n} players"),
            ));
        }
        let mut rng = GameRng::new(seed);
        let governor = if fp < 0 {
            rng.below(n as u32) as u8
        } else {
            fp as u8
        };
        let mut g = SanJuan {
            cfg: Arc::new(config.clone()),
            rng,
            n: n as u8,
            max_rounds: config.int("max_rounds").clamp(1, 1000) as u16,
            prices,
            s: [Seat::default(); 4],
            supply: COPIES,
            discard: [0; KINDS],
            disc_public: [0; KINDS],
            drawn: [0; KINDS],
            revealed: [0; KINDS],
            tiles: [0; 5],
            trades: 0,
            tile: NONE,
            round: 1,
            governor,
            phase: Phase::PickRole,
            actor: governor,
            chooser: governor,
            role: NONE,
            pick: 0,
            roles: [NONE; 5],
            lib_used: false,
            lib_now: false,
            offset: 0,
            stage: 0,
            bc: NONE,
            bt: NONE,
            left: 0,
            bm: 0,
            floor: 0,
            count: 0,
            sum: 0,
            pending: 0,
            draw_to: DrawTo::Hand,
            truncated: false,
            strict: config.bool("strict_optional"),
        };
        for p in 0..n {
            g.supply[INDIGO as usize] -= 1;
            g.s[p].slots[0] = Slot {
                b: INDIGO,
                good: NONE,
            };
            g.s[p].nslots = 1;
        }
        let drafted = config.bool("drafted_hands");
        for k in 0..n {
            let p = (governor as usize + k) % n;
            let deal = if drafted { 5 + k } else { 4 };
            for _ in 0..deal {
                let c = Self::take_random(&mut g.supply, &mut g.rng);
                g.s[p].hand[c as usize] += 1;
            }
        }
        if drafted {
            g.draft_next();
        }
        Ok(g)
    }

    fn config(&self) -> &Config {
        &self.cfg
    }

    fn num_distinct_actions(&self) -> u32 {
        NUM_ACTIONS
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::GameOver => Turn::Terminal,
            Phase::TileReveal => Turn::Chance,
            _ if self.pending > 0 => Turn::Chance,
            _ => Turn::Player(self.a()),
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        out.extend_from_slice(self.legal_acts().as_slice());
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
        if self.phase == Phase::GameOver {
            return;
        }
        if self.pending > 0 {
            for k in 0..KINDS {
                if self.supply[k] > 0 {
                    out.push((CARD0 + k as Action, self.supply[k] as u32));
                }
            }
        } else if self.phase == Phase::TileReveal {
            let seen = (self.trades as usize).min(5);
            for t in 0..5u8 {
                if !self.tiles[..seen].contains(&t) {
                    out.push((t as Action, 1));
                }
            }
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        if self.legal_acts().as_slice().binary_search(&action).is_err() {
            let what = if action < NUM_ACTIONS {
                format!("'{}'", self.action_label(action))
            } else {
                format!("{action} (ids are 0..{NUM_ACTIONS})")
            };
            let why = match self.turn() {
                Turn::Terminal => "the game is over".to_string(),
                Turn::Chance => "not a possible chance outcome here".to_string(),
                Turn::Player(p) => match self.refusal(action) {
                    Some(why) => format!("not legal for seat {p} now: {why}"),
                    None => format!("not legal for seat {p} now"),
                },
            };
            return Err(RuleError::new(format!(
                "san_juan, phase {}: action {what} is {why}",
                self.phase_name()
            )));
        }
        self.do_apply(action);
        Ok(())
    }

    fn scores(&self) -> Vec<f64> {
        (0..self.nn()).map(|p| self.score_of(p) as f64).collect()
    }

    fn winners(&self) -> Vec<usize> {
        if self.phase != Phase::GameOver {
            return Vec::new();
        }
        let key = |p: usize| (self.score_of(p), self.tie_break(p));
        let best = (0..self.nn()).map(key).max().unwrap_or((0, 0));
        (0..self.nn()).filter(|&p| key(p) == best).collect()
    }

    fn observation(&self, seat: usize) -> Value {
        obs::observation(self, seat)
    }

    fn observation_tensor_len(&self) -> usize {
        obs::tensor_len(self.nn())
    }

    fn observation_tensor(&self, seat: usize, out: &mut [f32]) {
        obs::tensor(self, seat, out)
    }

    fn action_label(&self, action: Action) -> String {
        obs::label(self, action)
    }

    /// A card drawn into a hand (or the councilor's drawn set) is seen by its owner only; a
    /// good is a card face down that nobody sees; the gold mine's cards and the trading-house
    /// tiles are face up.
    fn chance_visible_to(&self, seat: usize) -> bool {
        if self.pending == 0 {
            return true;
        }
        match self.draw_to {
            crate::DrawTo::Hand | crate::DrawTo::Drawn => seat == self.a(),
            crate::DrawTo::Good(_) => false,
            crate::DrawTo::Revealed => true,
        }
    }

    /// Cards leaving a hand face down (spec 11: the draft and hand-limit discards, the
    /// councilor's kept and discarded cards, a chapel tuck, a building's payment in cards) are
    /// seen by their owner only; how many is public, so a pass stays public. A good paid to the
    /// black market is public: its type is its building's.
    fn action_visible_to(&self, action: Action, seat: usize) -> bool {
        let _ = seat;
        let card = (CARD0..GOOD0).contains(&action);
        let hidden = match self.phase {
            Phase::Draft | Phase::HandLimit | Phase::CouncilDiscard | Phase::CouncilKeep => true,
            Phase::Chapel | Phase::BuildPay => card,
            _ => false,
        };
        !hidden
    }

    fn determinize(&self, seat: usize, seed: u64) -> Self {
        obs::determinize(self, seat, seed)
    }

    fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    fn max_game_length(&self) -> u64 {
        // Per round (see the docs): picks and library 5, chapel n, hand-limit discards <= 110
        // (cards in hands), tile 1, per player builder 10, producer 10, trader 27, councilor 18,
        // gold mine 5, prospector draws 2: at most 70n + 119. The draft adds at most 26.
        let n = self.n as u64;
        (self.max_rounds as u64 + 1) * (80 * n + 150) + 40
    }

    fn validate(&self) -> Result<(), String> {
        validate::validate(self)
    }

    fn render(&self) -> String {
        obs::render(self)
    }

    fn evaluate(&self, seat: usize) -> f64 {
        if self.phase == Phase::GameOver {
            return self.returns().get(seat).copied().unwrap_or(0.0);
        }
        let v = |p: usize| self.heuristic_value(p);
        let total: f64 = (0..self.nn()).map(v).sum();
        if total <= 0.0 {
            return 1.0 / self.nn().max(1) as f64;
        }
        v(seat.min(self.nn().saturating_sub(1))) / total
    }
}
