//! The `meeple_core::Game` implementation: the contract every engine meets, delegating to the
//! rule-area files.

use crate::board::{self, Board, DESERT};
use crate::geometry::{NH, NONE};
use crate::ids::*;
use crate::options::*;
use crate::state::{Catan, Phase, Rules, Scenario};
use crate::{
    barbarian_attack, caravans, events, fishermen, observe, position, rivers, traders, traders_two,
};
use meeple_core::{Action, Config, Game, GameError, GameInfo, GameRng, RuleError, Turn};
use serde_json::Value;
use std::sync::Arc;

impl Game for Catan {
    fn info() -> GameInfo {
        GameInfo {
            name: "catan",
            title: "Catan",
            min_players: 2,
            max_players: 4,
            options: option_specs(),
            hidden_information: true,
            state_version: 1,
        }
    }

    fn new(config: &Config, seed: u64) -> Result<Self, GameError> {
        check_modules(config)?;
        let rules = Rules::from_config(config);
        let mut rng = GameRng::new(seed);
        let fish_board = if rules.scenario == Scenario::Fishermen {
            Some(fishermen::make_board(config, &mut rng)?)
        } else {
            None
        };
        let caravans_on = rules.scenario == Scenario::Caravans;
        let mut rivers = None;
        // B8 also reads its starting barbarians from a user map.
        let user_map = read_map_option(config)?;
        let mut tb_state = None;
        let (board, robber) = if rules.scenario == Scenario::Rivers {
            let (b, robber, s) = rivers::new_board(config, user_map.clone(), &mut rng)?;
            rivers = Some(Box::new(s));
            (b, robber)
        } else if fish_board.is_some() {
            (Board::beginner(), ROBBER_OFF as usize)
        } else if rules.scenario == Scenario::TradersBarbarians {
            // B9: the board with trade hexes; the unused robber is parked on a trade hex.
            let (b, barbs) = traders::setup::setup(config, &mut rng)?;
            let robber = (0..NH).find(|&h| b.terrain[h] == board::TRADE).unwrap_or(0);
            let opts = traders::Opts::from_config(config);
            tb_state = Some(Box::new(traders::State::new(opts, barbs, rules.players)));
            (b, robber)
        } else {
            match user_map.clone() {
                None if rules.scenario == Scenario::BarbarianAttack => {
                    let (b, robber, _) = barbarian_attack::setup::default_board(
                        &mut rng,
                        config.str("board") != "beginner",
                    );
                    (b, robber)
                }
                None if caravans_on => match config.str("board") {
                    "beginner" => (Board::caravans_beginner(), 0),
                    _ => Board::random_with_centre(
                        &mut rng,
                        board::TokenLaying::from_config(config),
                        Some(board::OASIS),
                    ),
                },
                None => match config.str("board") {
                    "beginner" => {
                        let b = Board::beginner();
                        let robber = (0..NH).find(|&h| b.terrain[h] == DESERT).unwrap_or(0);
                        (b, robber)
                    }
                    _ => Board::random(&mut rng, board::TokenLaying::from_config(config)),
                },
                Some(v) => {
                    let (b, robber) =
                        Board::from_map(&v).map_err(|e| GameError::bad_option("map", e))?;
                    rivers::check_base_board(&b).map_err(|e| GameError::bad_option("map", e))?;
                    (b, robber)
                }
            }
        };
        // B7: the oasis arrows (public, drawn with the board, D-54); robber beside the board.
        let caravans = if caravans_on {
            let map = match config.value("map") {
                Value::Object(_) => Some(config.value("map").clone()),
                Value::String(path) => std::fs::read_to_string(path)
                    .ok()
                    .and_then(|t| serde_json::from_str(&t).ok()),
                _ => None,
            };
            let o = caravans::orientation_for(config, map.as_ref(), &mut rng)?;
            let opts = caravans::Opts::from_config(config);
            let st = caravans::State::new(&board, o, opts)
                .map_err(|e| GameError::bad_option("map", e))?;
            Some(Box::new(st))
        } else {
            if (0..NH).any(|h| board.terrain[h] == board::OASIS) {
                return Err(GameError::bad_option(
                    "map",
                    "an oasis hex belongs to the caravans scenario",
                ));
            }
            None
        };
        let ba = if rules.scenario == Scenario::BarbarianAttack {
            let s = barbarian_attack::setup::new_state(&board, user_map.as_ref())
                .map_err(|e| GameError::bad_option("map", e))?;
            Some(Box::new(s))
        } else {
            if (0..NH).any(|h| board.terrain[h] == board::CASTLE) {
                return Err(GameError::bad_option(
                    "map",
                    "a castle hex belongs to the barbarian_attack scenario",
                ));
            }
            None
        };
        // B7 starts with the robber beside the board; B8 has none.
        let robber = if caravans_on || ba.is_some() {
            ROBBER_OFF as usize
        } else {
            robber
        };
        if board.geo.trade_hexes != 0 && tb_state.is_none() {
            return Err(GameError::bad_option(
                "map",
                "trade hexes belong to scenario traders_barbarians",
            ));
        }
        let start = match first_player(config)? {
            Some(p) => p,
            None => rng.below(rules.players as u32) as u8,
        };
        let mut g = Catan {
            config: Arc::new(config.clone()),
            rules,
            board,
            robber: robber as u8,
            settlements: [0; MAX_PLAYERS],
            cities: [0; MAX_PLAYERS],
            roads: [0; MAX_PLAYERS],
            occupied: 0,
            blocked: 0,
            all_roads: 0,
            road_verts: [0; MAX_PLAYERS],
            road_len: [0; MAX_PLAYERS],
            hand: [[0; 5]; MAX_PLAYERS],
            bank: [BANK_PER_RESOURCE; 5],
            dev: [[0; 5]; MAX_PLAYERS],
            dev_new: [[0; 5]; MAX_PLAYERS],
            dev_played: [[0; 5]; MAX_PLAYERS],
            // B8 replaces the base development cards with its own deck.
            deck: if ba.is_some() { [0; 5] } else { DEV_TOTALS },
            longest_road: NONE,
            largest_army: NONE,
            harbormaster: NONE,
            ev_revealed: [0; events::NUM_CARD_TYPES],
            last_card: NONE,
            ev_card: 0,
            ev_kind: events::EV_NONE,
            pending: 0,
            recv: 0,
            thief: start,
            damaged: [NONE; MAX_PLAYERS],
            new_years: 0,
            two: None,
            fishermen: None,
            rivers,
            caravans,
            barbarian_attack: ba,
            traders: None,
            know_lo: [[[0; 5]; MAX_PLAYERS]; MAX_PLAYERS],
            know_hi: [[[0; 5]; MAX_PLAYERS]; MAX_PLAYERS],
            phase: Phase::SetupSettlement,
            current: start,
            start_player: start,
            setup_step: 0,
            last_settlement: 0,
            turns_played: 0,
            rolled: false,
            dev_played_turn: false,
            last_roll: 0,
            discard_owed: [0; MAX_PLAYERS],
            set_aside: [[0; 5]; MAX_PLAYERS],
            victim: 0,
            free_roads: 0,
            yop_left: 0,
            offers_made: 0,
            offers_used: 0,
            offer: 0,
            responder: 0,
            accepters: 0,
            winner: NONE,
            truncated: false,
            rng,
        };
        if let Some((board, grounds)) = fish_board {
            g.board = board;
            let mut f = fishermen::State::new(config, &g.board, grounds);
            if rules.two {
                f.deal_two_player_start();
            }
            g.fishermen = Some(Box::new(f));
        }
        if rules.two {
            g.two_setup(read_map_option(config)?.as_ref())
                .map_err(|e| GameError::bad_option("map", e))?;
        }
        if tb_state.is_some() {
            g.deck = traders::DEV_TOTALS;
            g.traders = tb_state;
        }
        g.rebuild_derived();
        if g.fishermen.is_none() && (0..NH).any(|h| g.board.terrain[h] == board::LAKE) {
            return Err(GameError::bad_option(
                "map",
                "a lake is played only in the fishermen scenario",
            ));
        }
        Ok(g)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn num_distinct_actions(&self) -> u32 {
        if self.rules.scenario == Scenario::TradersBarbarians && self.rules.two {
            // B9 with B4: the token barbarian action and high neutral roads follow B9's ids.
            A_SCENARIO + traders_two::NUM_ACTIONS
        } else if self.rules.scenario != Scenario::None {
            // B8 x B4 numbers its token action after the scenario's own ids.
            let two_extra = if self.rules.two && self.rules.scenario == Scenario::BarbarianAttack {
                barbarian_attack::NUM_ACTIONS_TWO
            } else {
                0
            };
            A_SCENARIO + self.rules.scenario.num_actions() + two_extra
        } else if self.rules.two {
            A_SCENARIO
        } else if self.rules.event_cards {
            NUM_ACTIONS_EVENTS
        } else {
            NUM_ACTIONS
        }
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::GameOver => Turn::Terminal,
            Phase::Roll | Phase::Steal | Phase::DrawDevelopment | Phase::FishDraw => Turn::Chance,
            Phase::FishSwap => Turn::Player(self.fish_drawer()),
            Phase::Discard => Turn::Player(self.discarder()),
            Phase::TradeResponse => Turn::Player(self.responder as usize),
            Phase::Earthquake | Phase::EventGive | Phase::EventTake => {
                Turn::Player(self.event_actor())
            }
            Phase::Barbarian => self.ba_turn(),
            Phase::ChooseVictim => Turn::Player(self.thief as usize),
            Phase::CamelBidWool | Phase::CamelBidGrain | Phase::CamelDeclare | Phase::CamelPick => {
                Turn::Player(self.caravans_actor())
            }
            Phase::ForcedTake => Turn::Chance,
            Phase::Traders if self.tb_chance() => Turn::Chance,
            _ => Turn::Player(self.current as usize),
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal_into(out);
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
        match self.phase {
            Phase::Roll if self.rules.event_cards => {
                let d = self.event_deck();
                for t in 0..events::NUM_CARD_TYPES {
                    if d[t] > 0 {
                        out.push((C_EVENT + t as u32, d[t] as u32));
                    }
                }
            }
            Phase::Roll if self.traders.is_some() => {
                // 2 and 12 rolled again; with B4 the second roll also differs from the first
                // (§B9.12 item 5): n(s) over the sums left.
                let first = self.two_first_roll();
                for (i, &w) in traders::DICE_WEIGHTS.iter().enumerate() {
                    if w > 0 && i + 2 != first {
                        out.push((C_DICE + i as u32, w));
                    }
                }
            }
            Phase::Roll => {
                // B4: the second roll is re-rolled until it differs from the first (EX-17).
                let first = self.two_first_roll();
                for (i, &w) in DICE_WEIGHTS.iter().enumerate() {
                    if i + 2 != first {
                        out.push((C_DICE + i as u32, w));
                    }
                }
            }
            Phase::ForcedTake => {
                let v = self.two_opponent();
                for r in 0..5 {
                    if self.hand[v][r] > 0 {
                        out.push((C_STEAL + r as u32, self.hand[v][r] as u32));
                    }
                }
            }
            Phase::Traders => self.tb_step_outcomes(out),
            Phase::Steal => {
                let v = self.victim as usize;
                for r in 0..5 {
                    if self.hand[v][r] > 0 {
                        out.push((C_STEAL + r as u32, self.hand[v][r] as u32));
                    }
                }
            }
            Phase::DrawDevelopment => {
                for k in 0..5 {
                    if self.deck[k] > 0 {
                        out.push((C_DEV + k as u32, self.deck[k] as u32));
                    }
                }
            }
            Phase::FishDraw => self.fish_chance(out),
            Phase::Barbarian => self.ba_chance(out),
            _ => {}
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        if !self.is_legal(action) {
            return Err(RuleError::new(format!(
                "catan ({}): action {action} ('{}') is not legal now",
                self.phase_name(),
                self.action_label(action)
            )));
        }
        self.apply_legal(action);
        Ok(())
    }

    fn scores(&self) -> Vec<f64> {
        (0..self.n()).map(|p| self.vp(p) as f64).collect()
    }

    fn winners(&self) -> Vec<usize> {
        if self.phase != Phase::GameOver {
            return Vec::new();
        }
        if (self.winner as usize) < self.n() {
            return vec![self.winner as usize];
        }
        let best = (0..self.n()).map(|p| self.vp(p)).max().unwrap_or(0);
        (0..self.n()).filter(|&p| self.vp(p) == best).collect()
    }

    fn observation(&self, seat: usize) -> Value {
        observe::observation(self, seat)
    }

    fn observation_tensor_len(&self) -> usize {
        observe::tensor::tensor_len(self)
    }

    fn observation_tensor(&self, seat: usize, out: &mut [f32]) {
        observe::tensor::tensor(self, seat, out);
    }

    fn action_label(&self, action: Action) -> String {
        observe::label::label(self, action)
    }

    fn parse_label(&self, label: &str) -> Option<Action> {
        crate::labels::parse_label(self, label)
    }

    fn chance_visible_to(&self, seat: usize) -> bool {
        crate::labels::chance_visible_to(self, seat)
    }

    fn determinize(&self, seat: usize, seed: u64) -> Self {
        observe::determinize::determinize(self, seat, seed)
    }

    fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    fn max_game_length(&self) -> u64 {
        let n = self.n() as u64;
        let offers = self.rules.max_offers as u64 * (n + 2);
        // Per turn: roll + outcome, up to 95 discards, robber moves and steals (a 7 and a
        // knight: 6), one development card with its follow-ups (3), maritime trades (each lowers
        // the hand, which other gains in one turn can raise by at most 95 + 2 + 2 + offers),
        // offers with their answers, end of turn.
        let mut per_turn =
            2 + 95 + 6 + 3 + (95 + 95 + 4 + self.rules.max_offers as u64) + offers + 1;
        if self.traders.is_some() {
            // B9: purchases (2), sales and upgrades (bounded like maritime trades), the wagon
            // (at most 2 actions of 9 points, a step each, 2 grain, 3 drive-offs with a die and
            // a placement, 2 plaza draws), a barbarian move with its draw (3).
            per_turn += 2 + 95 + 4 + 2 * 9 + 2 + 3 * 2 + 2 + 3;
        }
        if self.rules.event_cards {
            // B2: a second reveal after New Year, event decisions (at most n damages, n
            // gifts or n×(n-1) Neighborly gifts, n takes, n steals with a victim choice), the
            // cards they bring into the hand (maritime trades: n(n-1) + n + n), one repair.
            per_turn += 1 + n * n + 3 * n + 2 * n + (n * n + 2 * n) + 1;
        }
        if self.fishermen.is_some() {
            // B5: a catch (at most 8 draws and a swap per player), at most 7 fish actions a
            // turn with their follow-ups (3 each), one pass of the boot.
            per_turn += n * 10 + 7 * 3 + 1;
        }
        if self.barbarian_attack.is_some() {
            // B8: coin purchases and trades (2 + coins, bounded by the compensation coins: at
            // most 3 per knight lost or roll-off lost, 2 per Treason), development cards bought
            // with their decisions (buy, draw, up to 4 choices, Intrigue re-draws), knight moves
            // (select, grain, destination for 6 knights, done), the drive-off (a roll-off place
            // and a loss die per coastal hex), barbarian attacks (3 rolls per build).
            per_turn += 2 + 40 + 32 * 10 + 6 * 3 + 1 + 10 * 4 + 9 * 3;
        }
        // Whole game: set-up, every piece once, every development card bought (2 actions).
        let mut global = 4 * n + n * (15 + 5 + 4) + 50;
        if self.caravans.is_some() {
            // B7: at most 22 camels, each voted with two bids and a declaration per seat and a
            // pick; a Knight or 7 may also put the robber beside the board.
            global += caravans::CAMELS as u64 * (3 * n + 1);
        }
        if self.rivers.is_some() {
            // B6: 3 bridges each; every coin action spends at least 2 of the at most
            // 5 + 15 + 9 coins a player earns, and each bought card allows one more maritime trade.
            global += n * (3 + 2 * 29);
        }
        if self.rules.two {
            // B4: the second roll, the knight discard; every neutral piece (2 x 20); token
            // actions (each pays a token; tokens ever gained <= 10 at the start + 3 per
            // settlement built (<= 9 each) + 2 per knight discarded (<= 14), forced trades take
            // 5 actions) and the knight discards.
            per_turn += 4;
            global += 40 + (10 + 2 * 9 * 3 + 14 * 2) * 5 + 14;
            if self.traders.is_some() {
                // B9: 1 more token per settlement next to a trade hex.
                global += 2 * 9 * 5;
            }
        }
        global + self.rules.turn_limit as u64 * per_turn
    }

    fn validate(&self) -> Result<(), String> {
        position::validate::validate(self)
    }

    fn render(&self) -> String {
        observe::render::render(self)
    }

    fn evaluate(&self, seat: usize) -> f64 {
        observe::evaluate::evaluate(self, seat)
    }
}
