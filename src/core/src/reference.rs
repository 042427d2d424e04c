//! The conformance kit's reference game: tiny, but with chance nodes and hidden information, so
//! the kit, the bindings and the search can be tested on something whose every rule fits on a
//! screen. Registered as `_reference` (reachable by name, not listed by `meeple.games()`).
//!
//! Rules: a deck of ten cards, two each of 1..=5. Each player is dealt one card face down (a
//! chance node per card, weighted by the cards left). Then each player in turn, once, chooses
//! `pass`, `bet` (one chip into the pot) or `swap` (discard the card face up and draw another, a
//! chance node). At the showdown the highest card among the bettors wins the pot (shared on a
//! tie); if nobody bet, the highest card overall wins. Score: chips won minus chips bet.
//!
//! The option `flaw` builds deliberately broken variants, one per check of the conformance kit,
//! to show the kit catches each (see [`Flaw`]).

use crate::error::{GameError, RuleError};
use crate::game::{Action, Game, GameInfo, Turn};
use crate::options::{Config, OptionSpec};
use crate::rng::GameRng;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

mod flaw;
#[cfg(test)]
mod tests;
pub use flaw::Flaw;
use flaw::{global_tick, Shared};

const RANKS: usize = 5;
const PASS: Action = 0;
const BET: Action = 1;
const SWAP: Action = 2;
/// Chance outcome `k` deals a card of rank `k + 1`; ids 0..5 are shared with the moves above.
const NUM_ACTIONS: u32 = 5;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reference {
    config: Config,
    flaw: Flaw,
    /// Cards left in the deck by rank (index 0 = rank 1).
    deck: [u8; RANKS],
    /// Each player's card (0 = not dealt yet).
    hands: Vec<u8>,
    bets: Vec<bool>,
    /// Ranks discarded face up by swaps.
    discards: Vec<u8>,
    /// Whose decision it is (or who is waiting for a card).
    next: usize,
    /// A swap's replacement card is due for `next`.
    swapping: bool,
    /// Number of illegal attempts (only the DirtyIllegal flaw writes it; InexactDefaults marks
    /// the positions it filled in with it).
    refused: u32,
    done: bool,
    rng: GameRng,
    /// Swaps counted by every clone at once (only the SharedClone flaw writes it).
    #[serde(default, skip_serializing_if = "Shared::is_zero")]
    shared_swaps: Shared,
    /// Actions applied, left out of the JSON (only the UnsavedState flaw reads it).
    #[serde(skip)]
    unsaved_moves: u32,
}

impl Reference {
    fn dealing(&self) -> bool {
        self.hands.contains(&0)
    }

    fn showdown_winners(&self) -> Vec<usize> {
        let any_bet = self.bets.iter().any(|&b| b);
        let eligible = |p: usize| !any_bet || self.bets[p];
        let best = (0..self.hands.len())
            .filter(|&p| eligible(p))
            .map(|p| self.hands[p])
            .max()
            .unwrap_or(0);
        (0..self.hands.len())
            .filter(|&p| eligible(p) && self.hands[p] == best)
            .collect()
    }
}

impl Game for Reference {
    fn hidden_information(&self) -> bool {
        self.flaw != Flaw::FalselyPerfect
    }

    fn info() -> GameInfo {
        GameInfo {
            name: "_reference",
            title: "Reference (the conformance kit's test game)",
            min_players: 2,
            max_players: 4,
            options: vec![OptionSpec::choice(
                "flaw",
                "none",
                Flaw::NAMES,
                "A deliberate defect, to prove the conformance kit catches it.",
            )],
            hidden_information: true,
            state_version: 1,
        }
    }

    fn new(config: &Config, seed: u64) -> Result<Self, GameError> {
        let flaw: Flaw = serde_json::from_value(config.value("flaw").clone())
            .map_err(|e| GameError::bad_option("flaw", e.to_string()))?;
        let mut kept = config.clone();
        if flaw == Flaw::ForgetsOptions {
            kept.options.insert("flaw".into(), json!("none"));
        }
        let seed = if flaw == Flaw::RandomSetup {
            seed ^ global_tick()
        } else {
            seed
        };
        Ok(Reference {
            config: kept,
            flaw,
            deck: [2; RANKS],
            hands: vec![0; config.players],
            bets: vec![false; config.players],
            discards: Vec::new(),
            next: 0,
            swapping: false,
            refused: 0,
            done: false,
            rng: GameRng::new(seed),
            shared_swaps: Shared::default(),
            unsaved_moves: 0,
        })
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn num_distinct_actions(&self) -> u32 {
        if self.flaw == Flaw::ShiftingActionSpace && self.done {
            NUM_ACTIONS + 1
        } else {
            NUM_ACTIONS
        }
    }

    fn turn(&self) -> Turn {
        if self.done {
            Turn::Terminal
        } else if self.dealing() {
            Turn::Chance
        } else if self.flaw == Flaw::BadSeat && self.is_last_seat() {
            Turn::Player(self.hands.len())
        } else {
            Turn::Player(self.next)
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.turn() {
            Turn::Terminal => {
                if self.flaw == Flaw::TerminalMoves {
                    out.push(PASS);
                }
            }
            Turn::Chance => {
                let all = matches!(self.flaw, Flaw::ChanceMismatch | Flaw::ZeroWeight);
                out.extend((0..RANKS as u32).filter(|&k| all || self.deck[k as usize] > 0))
            }
            Turn::Player(_) => {
                if self.flaw == Flaw::Stuck && self.is_last_seat() {
                    return;
                }
                out.extend([PASS, BET]);
                if self.deck.iter().any(|&c| c > 0) {
                    out.push(SWAP);
                }
                match self.flaw {
                    Flaw::UnsortedLegal => out.reverse(),
                    Flaw::DuplicateLegal => out.insert(0, PASS),
                    Flaw::OutOfRangeLegal => out.push(NUM_ACTIONS),
                    _ => {}
                }
            }
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
        let player_chance =
            self.flaw == Flaw::PlayerChance && matches!(self.turn(), Turn::Player(_));
        if self.turn() == Turn::Chance || player_chance {
            if self.flaw == Flaw::NoChanceOutcomes && self.swapping {
                return;
            }
            let zero = self.flaw == Flaw::ZeroWeight;
            out.extend(
                (0..RANKS)
                    .filter(|&k| zero || self.deck[k] > 0)
                    .map(|k| (k as Action, self.deck[k] as u32)),
            );
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), RuleError> {
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        let sloppy = self.flaw == Flaw::AcceptsIllegal
            && action < NUM_ACTIONS
            && matches!(self.turn(), Turn::Player(_));
        let refused = self.flaw == Flaw::RefusesLegal && action == SWAP && self.is_last_seat();
        if (!legal.contains(&action) && !sloppy) || refused {
            if self.flaw == Flaw::DirtyIllegal {
                self.refused += 1;
            }
            return Err(RuleError::new(format!("action {action} is not legal now")));
        }
        if self.turn() == Turn::Chance && self.deck.get(action as usize) == Some(&0) {
            // Only reachable through the ChanceMismatch/ZeroWeight flaws' listed outcomes.
            return Err(RuleError::new(format!(
                "no card of rank {} left",
                action + 1
            )));
        }
        if self.flaw == Flaw::NondeterministicApply {
            for _ in 0..global_tick() % 3 {
                self.rng.next_u64();
            }
        }
        self.unsaved_moves += 1;
        match self.turn() {
            Turn::Chance => {
                self.deck[action as usize] -= 1;
                let card = action as u8 + 1;
                if self.swapping {
                    self.hands[self.next] = card;
                    self.swapping = false;
                    self.advance();
                } else if let Some(p) = self.hands.iter().position(|&c| c == 0) {
                    self.hands[p] = card;
                }
            }
            Turn::Player(p) => {
                let p = p.min(self.hands.len() - 1);
                let forgetful_pass =
                    self.flaw == Flaw::UnsavedState && self.unsaved_moves.is_multiple_of(2);
                match action {
                    BET => {
                        self.bets[p] = true;
                        self.advance();
                    }
                    SWAP => {
                        self.discards.push(self.hands[p]);
                        self.hands[p] = 0;
                        self.swapping = true;
                        if self.flaw == Flaw::SharedClone {
                            self.shared_swaps.bump();
                        }
                    }
                    _ if forgetful_pass => {
                        self.bets[p] = true;
                        self.advance();
                    }
                    _ if self.flaw == Flaw::Endless => {}
                    _ => self.advance(),
                }
            }
            Turn::Terminal => return Err(RuleError::new("the game is over")),
        }
        Ok(())
    }

    fn scores(&self) -> Vec<f64> {
        let n = self.hands.len();
        let mut s: Vec<f64> = self
            .bets
            .iter()
            .map(|&b| if b { -1.0 } else { 0.0 })
            .collect();
        if self.done {
            let pot = self.bets.iter().filter(|&&b| b).count() as f64;
            let w = self.showdown_winners();
            for &p in &w {
                s[p] += pot / w.len() as f64;
            }
        }
        s.truncate(n);
        if self.flaw == Flaw::NanScores {
            s[0] = f64::NAN;
        }
        s
    }

    fn winners(&self) -> Vec<usize> {
        if !self.done {
            return Vec::new();
        }
        let mut w = self.showdown_winners();
        match self.flaw {
            Flaw::NoWinners if !self.bets.contains(&true) => w.clear(),
            Flaw::DuplicateWinners => w.push(w[0]),
            Flaw::ForeignWinner => w.push(self.hands.len()),
            Flaw::StolenWins => {
                let last = self.hands.len() - 1;
                if w.contains(&last) {
                    w.retain(|&p| p != last);
                    if !w.contains(&0) {
                        w.insert(0, 0);
                    }
                }
            }
            _ => {}
        }
        w
    }

    fn returns(&self) -> Vec<f64> {
        let n = self.config.players;
        let w = self.winners();
        let mut r = vec![0.0; n];
        match self.flaw {
            Flaw::EarlyReturns if !self.done => r[0] = 1.0,
            Flaw::NanReturns if self.done => r.fill(f64::NAN),
            _ => {}
        }
        if self.done {
            let share = if self.flaw == Flaw::HalfReturns {
                0.5
            } else {
                1.0
            };
            for &s in &w {
                if s < n {
                    r[s] = share / w.len() as f64;
                }
            }
        }
        r
    }

    fn observation(&self, seat: usize) -> Value {
        let show_all = self.flaw == Flaw::LeakyObservation || self.done;
        let hands: Vec<Value> = (0..self.hands.len())
            .map(|p| {
                if p == seat || show_all {
                    json!(self.hands[p])
                } else {
                    Value::Null
                }
            })
            .collect();
        json!({
            "seat": seat,
            "hands": hands,
            "bets": self.bets,
            "discards": self.discards,
            "deck_size": self.deck.iter().map(|&c| c as u32).sum::<u32>(),
            "to_move": self.turn().as_i32(),
        })
    }

    fn observation_tensor_len(&self) -> usize {
        // own card one-hot, bets per seat, discards per rank, deck size
        RANKS + self.hands.len() + RANKS + 1
    }

    fn observation_tensor(&self, seat: usize, out: &mut [f32]) {
        if self.flaw != Flaw::NanTensor {
            out.fill(0.0);
        }
        let n = self.hands.len();
        for (p, &c) in self.hands.iter().enumerate() {
            if c > 0 && (p == seat || self.flaw == Flaw::LeakyTensor) {
                out[c as usize - 1] += 1.0;
            }
        }
        for p in 0..n {
            out[RANKS + p] = self.bets[p] as u8 as f32;
        }
        for &d in &self.discards {
            out[RANKS + n + d as usize - 1] += 1.0;
        }
        out[RANKS + n + RANKS] = self.deck.iter().map(|&c| c as f32).sum();
    }

    fn action_label(&self, action: Action) -> String {
        match (self.turn(), action) {
            (Turn::Chance, k) => format!("deal {}", k + 1),
            (_, PASS) => "pass".into(),
            (_, BET) if self.flaw == Flaw::DuplicateLabels => "pass".into(),
            (_, BET) => "bet".into(),
            (_, SWAP) if self.flaw == Flaw::UnparsableLabel => "swap ".into(),
            (_, SWAP) => "swap".into(),
            (_, other) => format!("action {other}"),
        }
    }

    /// A card is seen only by the player it goes to (the deal, or a swap's replacement): the
    /// others' histories show that a card was drawn, not which. But the last seat's replacement
    /// ends the game, and the showdown shows every card at once.
    fn chance_visible_to(&self, seat: usize) -> bool {
        let receiver = if self.swapping {
            Some(self.next).filter(|_| !self.is_last_seat())
        } else {
            self.hands.iter().position(|&c| c == 0)
        };
        receiver.is_none_or(|p| p == seat)
    }

    fn determinize(&self, seat: usize, seed: u64) -> Self {
        let mut g = self.clone();
        match self.flaw {
            Flaw::DeterminizeKeepsRng => {}
            // A fresh generator, but drawn from the state's own: the same for every seed.
            Flaw::DeterminizeFixedSeed => g.rng = GameRng::new(self.rng.clone().next_u64()),
            _ => g.rng = GameRng::new(seed),
        }
        if self.done || self.flaw == Flaw::LazyDeterminize {
            return g;
        }
        let resampled = |p: usize| p != seat || self.flaw == Flaw::DeterminizeOwnCard;
        // Unseen cards: the deck plus every other dealt hand.
        let mut pool: Vec<u8> = Vec::new();
        for (k, &c) in self.deck.iter().enumerate() {
            pool.extend(std::iter::repeat_n(k as u8 + 1, c as usize));
        }
        for (p, &c) in self.hands.iter().enumerate() {
            if resampled(p) && c > 0 {
                pool.push(c);
            }
        }
        // Sort first: the resample must not depend on where the hidden cards were.
        pool.sort_unstable();
        g.rng.shuffle(&mut pool);
        g.deck = [0; RANKS];
        for (p, h) in g.hands.iter_mut().enumerate() {
            if resampled(p) && *h > 0 {
                *h = pool.pop().unwrap_or(1);
                if self.flaw == Flaw::DeterminizeInvalid {
                    *h = RANKS as u8 + 1;
                }
            }
        }
        if self.flaw == Flaw::DeterminizeLegal && self.turn() == Turn::Player(seat) {
            g.discards.append(&mut pool);
        }
        for c in pool {
            g.deck[c as usize - 1] += 1;
        }
        if self.flaw == Flaw::DeterminizeTurn && !g.dealing() {
            g.next = (g.next + 1) % g.hands.len();
        }
        if self.flaw == Flaw::DeterminizeKeepsRng {
            // The resample drew from the kept generator: put back the very one of the state.
            g.rng = self.rng.clone();
        }
        g
    }

    fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    fn max_game_length(&self) -> u64 {
        // a deal per player, then per player a decision and possibly a swap draw
        let longest = 3 * self.hands.len() as u64;
        if self.flaw == Flaw::ShortBound {
            longest - 1
        } else {
            longest
        }
    }

    fn validate(&self) -> Result<(), String> {
        match self.flaw {
            Flaw::UncheckedJson => return Ok(()),
            Flaw::PanickyJson => {
                // Reads before checking: an index from the JSON is trusted.
                let _ = self.hands[self.next] + self.bets[self.hands.len() - 1] as u8;
            }
            Flaw::RefusesOwnJson if self.bets.contains(&true) => {
                return Err("a bet was placed".into())
            }
            _ => {}
        }
        let n = self.config.players;
        if self.hands.len() != n || self.bets.len() != n {
            return Err(format!("hands and bets must have {n} entries"));
        }
        if self.next >= n && !self.done && self.flaw != Flaw::PanickyApply {
            return Err(format!("next player {} out of range", self.next));
        }
        let mut count = [0u32; RANKS];
        for &c in self.hands.iter().chain(self.discards.iter()) {
            if c > RANKS as u8 {
                return Err(format!("card {c} does not exist (ranks 1..=5)"));
            }
            if c > 0 {
                count[c as usize - 1] += 1;
            }
        }
        for (k, (&held, &left)) in count.iter().zip(self.deck.iter()).enumerate() {
            if held + left as u32 != 2 {
                return Err(format!(
                    "rank {} appears {} times (must be 2)",
                    k + 1,
                    held + left as u32
                ));
            }
        }
        if self.swapping
            && (self.hands.get(self.next) != Some(&0)
                || self.hands.iter().filter(|&&c| c == 0).count() != 1)
        {
            return Err("a pending swap needs exactly the swapping player's hand empty".into());
        }
        Ok(())
    }

    fn from_json_value(value: &Value) -> Result<Self, GameError> {
        let flaw = value
            .pointer("/config/options/flaw")
            .and_then(|f| serde_json::from_value::<Flaw>(f.clone()).ok());
        let keys = value.as_object().map_or(0, |m| m.len());
        let value = match (flaw, value.get("config")) {
            (Some(Flaw::LenientJson), Some(c)) if keys > 1 => fill_in(c, value)?,
            (Some(Flaw::AcceptsForeign), Some(c)) => fill_in(c, value)?,
            (Some(Flaw::InexactDefaults), Some(c)) if keys > 1 => {
                // Filled in, and marked (in `refused`) as a state whose reloading drifts.
                let mut full = fill_in(c, value)?;
                if full.as_object().map_or(0, |m| m.len()) > keys {
                    full["refused"] = json!(1);
                }
                full
            }
            _ => value.clone(),
        };
        let mut g: Reference = serde_path_to_error::deserialize(&value).map_err(|e| {
            let path = e.path().to_string();
            GameError::bad_json(if path == "." {
                e.into_inner().to_string()
            } else {
                format!("{path}: {}", e.into_inner())
            })
        })?;
        g.validate().map_err(GameError::BadJson)?;
        if g.flaw == Flaw::InexactJson {
            g.rng = GameRng::new(0);
        }
        if g.flaw == Flaw::InexactDefaults && g.refused > 0 {
            g.rng.next_u64();
        }
        Ok(g)
    }

    fn render(&self) -> String {
        let mut s = String::new();
        for p in 0..self.hands.len() {
            s.push_str(&format!(
                "player {p}: card {} {}\n",
                self.hands[p],
                if self.bets[p] { "bet" } else { "" }
            ));
        }
        s.push_str(&format!(
            "deck {:?}, discards {:?}\n",
            self.deck, self.discards
        ));
        s
    }
}

/// A position with whatever is missing from `given` filled in from a fresh game of `config`.
fn fill_in(config: &Value, given: &Value) -> Result<Value, GameError> {
    let config: Config =
        serde_json::from_value(config.clone()).map_err(|e| GameError::bad_json(e.to_string()))?;
    let config = Config::new(&Reference::info(), config.players, &config.options)?;
    let mut full = Reference::new(&config, 0)?.to_json_value();
    if let (Some(full), Some(given)) = (full.as_object_mut(), given.as_object()) {
        full.extend(given.clone());
    }
    Ok(full)
}

impl Reference {
    fn advance(&mut self) {
        // Saturating: a `next` out of range (loaded under the PanickyApply flaw) ends the game
        // here rather than overflowing, so that flaw's only panic is a swap's card, in play.
        if self.next.saturating_add(1) >= self.hands.len() {
            self.done = true;
        } else {
            self.next += 1;
        }
    }

    fn is_last_seat(&self) -> bool {
        self.next + 1 == self.hands.len()
    }
}
