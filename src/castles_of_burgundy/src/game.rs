//! The `Game` trait: set-up (spec 5), the engine contract, observation, labels and rendering.

use crate::*;

impl Game for CastlesOfBurgundy {
    fn info() -> GameInfo {
        GameInfo {
            name: "castles_of_burgundy",
            title: "The Castles of Burgundy",
            min_players: 2,
            max_players: 4,
            options: info_options(),
            // Only the option secret_board_choice hides anything (A32); the flag is per game.
            hidden_information: true,
            state_version: STATE_VERSION,
        }
    }

    fn new(config: &Config, seed: u64) -> Result<Self, GameError> {
        let n = config.players;
        if !(2..=4).contains(&n) {
            return Err(GameError::bad_option("players", "2 to 4 players"));
        }
        let variant = config.bool("experienced_variant");
        let bnum = config.int("board");
        if !(1..=9).contains(&bnum) {
            return Err(GameError::bad_option("board", "must be 1..=9"));
        }
        if variant && bnum != 1 {
            return Err(GameError::bad_option(
                "experienced_variant",
                "the variant deals random boards; leave board at 1",
            ));
        }
        if config.bool("secret_board_choice") && !variant {
            return Err(GameError::bad_option(
                "secret_board_choice",
                "the secret board choice belongs to experienced_variant",
            ));
        }
        let mut rng = GameRng::new(seed);
        let (mut pile, black_pile) = supply();
        pile[CASTLE as usize] -= n as u8;
        let fp = config.int("first_player");
        if fp >= n as i64 {
            return Err(GameError::bad_option(
                "first_player",
                format!("seat {fp} does not exist with {n} players"),
            ));
        }
        let first = if fp < 0 {
            rng.below(n as u32) as usize
        } else {
            fp as usize
        };
        let order: Vec<u8> = (0..n).map(|i| ((first + i) % n) as u8).collect();
        let mut goods_bag = [7u8; 6];
        let mut players = Vec::with_capacity(n);
        for _ in 0..n {
            players.push(Player {
                board: bnum as u8,
                board_sides: None,
                estate: Estate::default(),
                storage: [None; 3],
                goods: [0; 6],
                sold: [0; 6],
                silverlings: 1,
                workers: 0,
                vp: 0,
                track_position: 0,
                track_height: 0,
                bonuses: [Bonus::None; 6],
                dice: [0; 2],
                dice_used: [false; 2],
            });
        }
        for (i, &s) in order.iter().enumerate() {
            let pl = &mut players[s as usize];
            pl.workers = i as u16 + 1;
            pl.track_height = (n - 1 - i) as u8;
        }
        // Three goods each, in seat order.
        for pl in players.iter_mut() {
            for _ in 0..3 {
                let g = rng.weighted(goods_bag.iter().map(|&x| x as u32));
                goods_bag[g] -= 1;
                pl.goods[g] += 1;
            }
        }
        let step;
        if variant {
            let mut phys: Vec<(u8, u8)> = PHYSICAL_BOARDS.to_vec();
            rng.shuffle(&mut phys);
            for (p, pl) in players.iter_mut().enumerate() {
                let (a, b) = phys[p];
                pl.board_sides = Some([a, b]);
            }
            step = Step::ChooseBoard { idx: 0 };
        } else if board(bnum as u8).colour[18] == Colour::Castle {
            for pl in players.iter_mut() {
                pl.estate.set(18, Some(Tile(CASTLE)));
            }
            step = Step::FillDepots { next: 0 };
        } else {
            step = Step::ChooseCastle { idx: 0 };
        }
        let mut g = CastlesOfBurgundy {
            version: STATE_VERSION,
            config: Arc::new(config.clone()),
            phase: Phase::A,
            round: 1,
            step,
            order,
            turn: 0,
            purchased: false,
            pending: Pending::None,
            players,
            depots: [[None; 4]; 6],
            depot_goods: [[0; 6]; 6],
            black_depot: [None; 8],
            round_goods: [None; 5],
            white_die: 0,
            pile,
            black_pile,
            boxed: [0; NUM_TILES],
            goods_bag,
            goods_discarded: [0; 6],
            rng,
        };
        g.settle();
        Ok(g)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn num_distinct_actions(&self) -> u32 {
        NUM_ACTIONS
    }

    fn turn(&self) -> Turn {
        match self.step {
            Step::GameOver => Turn::Terminal,
            Step::FillDepots { .. } | Step::RollDice { .. } => Turn::Chance,
            _ => match self.current() {
                Some(p) => Turn::Player(p),
                None => Turn::Terminal,
            },
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.turn() {
            Turn::Terminal => {}
            Turn::Chance => self.chance_each(|a, _| out.push(a)),
            Turn::Player(p) => self.gen_player(p, out),
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
        if self.turn() == Turn::Chance {
            self.chance_each(|a, w| out.push((a, w)));
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        let ok = match self.turn() {
            Turn::Terminal => false,
            Turn::Chance => {
                let mut found = false;
                self.chance_each(|a, _| found |= a == action);
                found
            }
            Turn::Player(p) => self.player_action_legal(p, action),
        };
        if !ok {
            let what = if action < NUM_ACTIONS {
                self.action_label(action)
            } else {
                format!("action {action}")
            };
            let why = match self.turn() {
                Turn::Player(p) => self.refusal(p, action).map(|r| format!(": {r}")),
                _ => None,
            };
            return Err(RuleError::new(format!(
                "{what} is not legal now (step {:?}, pending {:?}){}",
                self.step,
                self.pending,
                why.unwrap_or_default()
            )));
        }
        match self.turn() {
            Turn::Chance => self.apply_chance(action),
            Turn::Player(p) => self.apply_player(p, action),
            Turn::Terminal => return Err(RuleError::new("the game is over")),
        }
        self.settle();
        Ok(())
    }

    fn scores(&self) -> Vec<f64> {
        self.players.iter().map(|p| p.vp as f64).collect()
    }

    fn winners(&self) -> Vec<usize> {
        if self.step != Step::GameOver {
            return Vec::new();
        }
        let most_empty = self.config.bool("tiebreak_most_empty_spaces");
        let by_track = self.config.bool("tiebreak_last_by_track");
        let key = |p: usize| {
            let e = self.empty_spaces(p) as i64;
            let pl = &self.players[p];
            let last = if by_track {
                // further back (lower position, lower in the stack) = plays later
                -(pl.track_position as i64 * 1000 + pl.track_height as i64)
            } else {
                self.order_pos(p) as i64
            };
            (pl.vp as i64, if most_empty { e } else { -e }, last)
        };
        let best = (0..self.n()).map(key).max();
        (0..self.n()).filter(|&p| Some(key(p)) == best).collect()
    }

    fn observation(&self, seat: usize) -> Value {
        let mut v = serde_json::to_value(self).unwrap_or(Value::Null);
        if let Value::Object(m) = &mut v {
            m.remove("rng");
            // The derived stacks are not part of the position, but the observation shows them.
            m.insert(
                "pile".into(),
                serde_json::to_value(repr::TileCounts(self.pile)).unwrap_or(Value::Null),
            );
            m.insert("goods_bag".into(), json!(self.goods_bag));
            m.insert("to_move".into(), json!(self.turn().as_i32()));
            // A32: the other players' secret picks (board side, start castle) are hidden until
            // everyone has chosen; their dealt sides stay visible.
            if let Some(Value::Array(ps)) = m.get_mut("players") {
                for (q, pv) in ps.iter_mut().enumerate() {
                    if self.hidden_from(seat, q) {
                        if let Value::Object(pm) = pv {
                            pm.insert("board".into(), Value::Null);
                            pm.insert("estate".into(), json!({}));
                        }
                    }
                }
            }
        }
        v
    }

    /// A32: a secret pick (board side, start castle) is seen only by its chooser, so
    /// `history(seat)` hides it from the others as the observation does; the last chooser's
    /// castle reveals every pick at once, so it is public. Every other action, and every chance
    /// outcome (tiles, goods and dice are drawn face up, spec 15.1), is public.
    fn action_visible_to(&self, _action: Action, seat: usize) -> bool {
        let reveals =
            matches!(self.step, Step::ChooseCastle { idx } if idx as usize + 1 >= self.n());
        match self.turn() {
            Turn::Player(p) => reveals || !self.hidden_from(seat, p),
            _ => true,
        }
    }

    /// Only the experienced variant's secret board choice (A32) hides anything.
    fn hidden_information(&self) -> bool {
        self.config.bool("secret_board_choice")
    }

    fn determinize(&self, seat: usize, seed: u64) -> Self {
        let mut g = self.clone();
        g.rng = GameRng::new(seed);
        // The only hidden information: the other players' secret picks in the variant (A32).
        // Resample each uniformly among what the observation allows (the dealt sides, then the
        // dark-green spaces of the drawn side), independently of the true picks.
        let (idx, castle_step) = match self.step {
            Step::ChooseBoard { idx } => (idx as usize, false),
            Step::ChooseCastle { idx } => (idx as usize, true),
            _ => return g,
        };
        if !self.config.bool("secret_board_choice") {
            return g;
        }
        for (i, &q) in self.order.iter().enumerate() {
            let q = q as usize;
            let chose_side = i < idx || (i == idx && castle_step);
            if q == seat || !chose_side {
                continue;
            }
            let Some(sides) = self.players[q].board_sides else {
                continue;
            };
            let side = sides[g.rng.below(2) as usize];
            g.players[q].board = side;
            if i < idx {
                let cells = &board(side).castle_cells;
                let mut estate = Estate::default();
                if !cells.is_empty() {
                    let c = cells[g.rng.below(cells.len() as u32) as usize];
                    estate.set(c as usize, Some(Tile(CASTLE)));
                }
                g.players[q].estate = estate;
            }
        }
        g
    }

    fn observation_tensor_len(&self) -> usize {
        let mut n = 0usize;
        self.write_tensor(0, &mut |_| n += 1);
        n
    }

    fn observation_tensor(&self, seat: usize, out: &mut [f32]) {
        let mut i = 0usize;
        self.write_tensor(seat, &mut |x| {
            if let Some(o) = out.get_mut(i) {
                *o = x;
            }
            i += 1;
        });
        for o in out.iter_mut().skip(i) {
            *o = 0.0;
        }
    }

    fn action_label(&self, a: Action) -> String {
        let p = self.current().unwrap_or(0);
        match self.turn() {
            Turn::Chance => match self.step {
                Step::FillDepots { next } => {
                    let next = next as usize;
                    if next < 24 {
                        format!(
                            "draw {} to depot{}.{}",
                            Tile(a.min(48) as u8).name(),
                            next / 4 + 1,
                            next % 4 + 1
                        )
                    } else if next < 32 {
                        format!(
                            "draw {} to black{}",
                            Tile(a.min(48) as u8).name(),
                            next - 23
                        )
                    } else {
                        format!("reveal goods{} for round{}", a + 1, next - 31)
                    }
                }
                Step::RollDice { next } => {
                    let next = next as usize;
                    if next < 2 * self.n() {
                        format!("roll P{} die{} {}", next / 2, next % 2 + 1, a + 1)
                    } else {
                        format!("roll white {}", a + 1)
                    }
                }
                _ => format!("chance {a}"),
            },
            _ => {
                let pl = self.players.get(p);
                let stored = |j: usize| pl.and_then(|pl| pl.storage.get(j).copied().flatten());
                match a {
                    _ if a < PLACE => {
                        let i = a as usize;
                        let (src, d, s) = (i / 24, i % 24 / 4, i % 4);
                        format!(
                            "take {} depot{}.{} {}",
                            Self::src_name(src),
                            d + 1,
                            s + 1,
                            Self::tile_label(self.depots[d][s])
                        )
                    }
                    _ if a < SELL => {
                        let i = (a - PLACE) as usize;
                        let (src, j, c) = (i / 111, i % 111 / 37, i % 37);
                        format!(
                            "place {} storage{}:{}@{}",
                            Self::src_name(src),
                            j + 1,
                            Self::tile_label(stored(j)),
                            c + 1
                        )
                    }
                    _ if a < WORKERS => {
                        let i = (a - SELL) as usize;
                        format!("sell {} goods{}", Self::src_name(i / 6), i % 6 + 1)
                    }
                    _ if a < BUY_BLACK => {
                        format!("workers {}", Self::src_name((a - WORKERS) as usize))
                    }
                    _ if a < BUY_DEPOT => {
                        let s = (a - BUY_BLACK) as usize;
                        format!(
                            "buy black{} {}",
                            s + 1,
                            Self::tile_label(self.black_depot[s])
                        )
                    }
                    _ if a < FREE_TAKE => {
                        let i = (a - BUY_DEPOT) as usize;
                        format!(
                            "buy depot{}.{} {}",
                            i / 4 + 1,
                            i % 4 + 1,
                            Self::tile_label(self.depots[i / 4][i % 4])
                        )
                    }
                    _ if a < DISCARD => {
                        let i = (a - FREE_TAKE) as usize;
                        format!(
                            "free_take depot{}.{} {}",
                            i / 4 + 1,
                            i % 4 + 1,
                            Self::tile_label(self.depots[i / 4][i % 4])
                        )
                    }
                    _ if a < SHIP_DEPOT => {
                        let j = (a - DISCARD) as usize;
                        format!("discard storage{} {}", j + 1, Self::tile_label(stored(j)))
                    }
                    _ if a < SHIP_PAIR => format!("ship_goods depot{}", a - SHIP_DEPOT + 1),
                    _ if a < SHIP_KEEP => {
                        let d = a - SHIP_PAIR;
                        format!("ship_goods depots{}+{}", d + 1, (d + 1) % 6 + 1)
                    }
                    _ if a < DECLINE => format!("keep goods{}", a - SHIP_KEEP + 1),
                    DECLINE => "decline".into(),
                    END_TURN => "end_turn".into(),
                    _ if a < CHOOSE_CASTLE => format!("board{}", a - CHOOSE_BOARD + 1),
                    _ if a < DISCARD_GOODS => format!("start_castle@{}", a - CHOOSE_CASTLE + 1),
                    _ if a < NUM_ACTIONS => format!("throw_away goods{}", a - DISCARD_GOODS + 1),
                    _ => format!("action {a}"),
                }
            }
        }
    }

    fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    fn max_game_length(&self) -> u64 {
        let n = self.n() as u64;
        // Chance: per phase at most 24 depot + 8 black + 5 goods draws, per round 2n+1 dice.
        let chance = 5 * 37 + 25 * (2 * n + 1);
        // Per player: 2 setup choices; per turn 2 die actions, a purchase, end_turn and a
        // discard after each of the 3 tile gains; per placement (at most 36) at most 6 follow-up
        // decisions (castle/City hall choice, ship depot, 3 goods choices, a throw-away, a
        // discard), counted as 8 for a margin.
        let per_player = 2 + 25 * 7 + 36 * 8;
        chance + n * per_player
    }

    fn validate(&self) -> Result<(), String> {
        self.check()
    }

    fn render(&self) -> String {
        let mut s = String::new();
        s.push_str(&format!(
            "Phase {:?} round {} step {:?} pending {:?} white die {}\n",
            self.phase, self.round, self.step, self.pending, self.white_die
        ));
        for d in 0..6 {
            s.push_str(&format!("depot {}: ", d + 1));
            for t in &self.depots[d] {
                s.push_str(&format!("{} ", Self::tile_label(*t)));
            }
            s.push_str(&format!(" goods {:?}\n", self.depot_goods[d]));
        }
        s.push_str("black: ");
        for t in &self.black_depot {
            s.push_str(&format!("{} ", Self::tile_label(*t)));
        }
        s.push('\n');
        s.push_str(&format!("round goods: {:?}\n", self.round_goods));
        for (p, pl) in self.players.iter().enumerate() {
            s.push_str(&format!(
                "P{p} (board {}): vp {} silver {} workers {} track {}/{} dice {:?} used {:?} goods {:?} sold {:?}\n  storage: {}\n  estate:",
                pl.board,
                pl.vp,
                pl.silverlings,
                pl.workers,
                pl.track_position,
                pl.track_height,
                pl.dice,
                pl.dice_used,
                pl.goods,
                pl.sold,
                pl.storage.iter().map(|t| Self::tile_label(*t)).collect::<Vec<_>>().join(", ")
            ));
            for (c, t) in pl.estate.iter().enumerate() {
                if let Some(t) = t {
                    s.push_str(&format!(" {}:{}", c + 1, t.name()));
                }
            }
            s.push('\n');
        }
        s.push_str(&format!("order: {:?}, turn {}\n", self.order, self.turn));
        s
    }

    fn evaluate(&self, seat: usize) -> f64 {
        // Projected final score (current VP plus what the end-game scoring would add now),
        // turned into a win estimate: 0.5 + (mine - best other) / 80, clamped to [0, 1].
        let n = self.n();
        if seat >= n {
            return 0.0;
        }
        if self.step == Step::GameOver {
            let w = self.winners();
            return if w.contains(&seat) {
                1.0 / w.len() as f64
            } else {
                0.0
            };
        }
        let proj = |p: usize| self.players[p].vp as f64 + self.final_points(p) as f64;
        let mine = proj(seat);
        let best = (0..n)
            .filter(|&p| p != seat)
            .map(proj)
            .fold(f64::MIN, f64::max);
        (0.5 + (mine - best) / 80.0).clamp(0.0, 1.0)
    }
}
