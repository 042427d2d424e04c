//! Creating a game: the base game's state with each module's board and set-up.

use super::state::ModuleStates;
use crate::board::{self, Board, DESERT};
use crate::geometry::NH;
use crate::ids::*;
use crate::options::*;
use crate::state::{Catan, Rules, Scenario};
use crate::{barbarian_attack, caravans, fishermen, rivers, traders};
use meeple_core::{Config, GameError, GameRng};
use serde_json::Value;
use std::sync::Arc;

impl Catan {
    /// A new game: the options checked, the board (a scenario's own, a user map or the base
    /// game's), each module's state set up, in the order the random draws were always made.
    pub(crate) fn create(config: &Config, seed: u64) -> Result<Catan, GameError> {
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
            bank: [BANK_PER_RESOURCE; 5],
            // B8 replaces the base development cards with its own deck.
            deck: if ba.is_some() { [0; 5] } else { DEV_TOTALS },
            thief: start,
            modules: ModuleStates {
                rivers,
                caravans,
                barbarian_attack: ba,
                ..ModuleStates::default()
            },
            current: start,
            start_player: start,
            ..Catan::blank(Arc::new(config.clone()), rules, board, robber as u8, rng)
        };
        if let Some((board, grounds)) = fish_board {
            g.board = board;
            let mut f = fishermen::State::new(config, &g.board, grounds);
            if rules.two {
                f.deal_two_player_start();
            }
            g.modules.fishermen = Some(Box::new(f));
        }
        if rules.two {
            g.two_setup(read_map_option(config)?.as_ref())
                .map_err(|e| GameError::bad_option("map", e))?;
        }
        if tb_state.is_some() {
            g.deck = traders::DEV_TOTALS;
            g.modules.traders = tb_state;
        }
        g.rebuild_derived();
        if g.modules.fishermen.is_none() && (0..NH).any(|h| g.board.terrain[h] == board::LAKE) {
            return Err(GameError::bad_option(
                "map",
                "a lake is played only in the fishermen scenario",
            ));
        }
        Ok(g)
    }
}
