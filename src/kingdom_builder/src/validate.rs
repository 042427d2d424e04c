//! The rules' invariants of a loaded position (`Game::validate`), naming the first problem.

use crate::*;
use board::cell_name;

impl KingdomBuilder {
    pub(crate) fn check_state(&self) -> Result<(), String> {
        let n = self.n;
        let l = &*self.layout;
        if self.config.players != n {
            return Err("config.players differs from the number of players".into());
        }
        let mut union = Bits::EMPTY;
        for p in 0..n {
            if self.settlement_total(p) != SETTLEMENTS as u32 {
                return Err(format!(
                    "player {p}: settlements on the board + supply must be 40"
                ));
            }
            if self.own[p].intersects(&union) {
                return Err(format!("player {p} has a settlement on an occupied hex"));
            }
            union = union.or(self.own[p]);
            let bad = self.own[p].andnot(l.buildable).andnot(l.water);
            if let Some(h) = bad.first() {
                return Err(format!(
                    "player {p} has a settlement on {} {}, where nothing can be built",
                    cell_name(l.cell[h]),
                    hex_label(h)
                ));
            }
            if !l.has_sector(Sector::Harbor) {
                if let Some(h) = self.own[p].and(l.water).first() {
                    return Err(format!(
                        "player {p} has a settlement on water {} but the board has no Harbor sector",
                        hex_label(h)
                    ));
                }
            }
            let nl = l.locs.len();
            if ((self.holds[p] | self.ever_took[p]) as u32) >> nl != 0 {
                return Err(format!(
                    "player {p}: tile bits beyond the board's locations"
                ));
            }
            if self.holds[p] & !self.ever_took[p] != 0 {
                return Err(format!(
                    "player {p} holds a tile from a location never taken from"
                ));
            }
            for (k, &(h, _)) in l.locs.iter().enumerate() {
                if self.holds[p] >> k & 1 == 1 && !l.loc_nbr[k].intersects(&self.own[p]) {
                    return Err(format!(
                        "player {p} holds the tile of {} but has no settlement next to it",
                        hex_label(h as usize)
                    ));
                }
            }
            if self.hand_epoch[p] > self.reshuffles {
                return Err(format!(
                    "player {p}: hand_epoch is after the last reshuffle"
                ));
            }
        }
        for p in n..MAX_PLAYERS {
            if self.own[p].any() || self.hand[p].is_some() || self.holds[p] != 0 {
                return Err(format!("seat {p} does not exist"));
            }
        }
        if union != self.occupied {
            return Err("occupied hexes disagree with the settlements".into());
        }
        for (k, &(h, _)) in l.locs.iter().enumerate() {
            let holders = (0..n).filter(|&p| self.holds[p] >> k & 1 == 1).count() as u32;
            if self.tiles_left[k] as u32 + self.tiles_lost[k] as u32 + holders != 2 {
                return Err(format!(
                    "location {}: tiles left + tiles lost + holders must be 2",
                    hex_label(h as usize)
                ));
            }
            if !self.retake_after_loss {
                let takers = (0..n).filter(|&p| self.ever_took[p] >> k & 1 == 1).count() as u32;
                if self.tiles_left[k] as u32 + takers != 2 {
                    return Err(format!(
                        "location {}: tiles left + players who took one must be 2",
                        hex_label(h as usize)
                    ));
                }
            }
        }
        self.total_cards_check()?;
        let any_empty = (0..n).any(|p| self.supply[p] == 0);
        if any_empty != self.end_triggered {
            return Err(if any_empty {
                "a supply is empty but end_triggered is false".into()
            } else {
                "end_triggered is true but no supply is empty".into()
            });
        }
        if self.idle_turns as usize >= n {
            return Err("idle_turns must be below the number of players".into());
        }
        let draw_size: u32 = self.draw.iter().map(|&c| c as u32).sum();
        let cp = self.current;
        match self.phase {
            Phase::Deal => {
                if self.own[..n].iter().any(|b| b.any()) || self.played.is_some() {
                    return Err("phase deal: nothing is on the board or in play yet".into());
                }
                let dist = |s: usize| (s + n - self.first) % n;
                for s in 0..n {
                    let dealt = dist(s) < dist(cp);
                    if self.hand[s].is_some() != dealt {
                        return Err(format!(
                            "phase deal: seat {s} {} a card",
                            if dealt {
                                "was dealt no"
                            } else {
                                "already holds"
                            }
                        ));
                    }
                }
                if draw_size == 0 {
                    return Err("phase deal: the draw pile is empty".into());
                }
            }
            Phase::Redraw | Phase::Draw => {
                if draw_size == 0 {
                    return Err(format!("phase {:?}: the draw pile is empty", self.phase));
                }
                if self.phase == Phase::Redraw && (self.played.is_some() || self.mandatory_done) {
                    return Err("phase redraw: the played card must be gone and the mandatory action unfinished".into());
                }
                if self.phase == Phase::Draw
                    && (self.hand[cp].is_some() || self.played.is_some() || self.end_triggered)
                {
                    return Err("phase draw: the drawing player must have no card and the end must not be triggered".into());
                }
                if self.pending != Pending::None {
                    return Err("a tile can be pending only in phase play".into());
                }
            }
            Phase::Play => {
                if self.hand[cp].is_some() {
                    return Err(
                        "phase play: the current player's card is the played card, not a hand card"
                            .into(),
                    );
                }
                for t in Sector::ALL {
                    if self.ready[t.index()] > self.held(cp, t) {
                        return Err(format!(
                            "ready {} tiles exceed the {} held",
                            t.name(),
                            self.held(cp, t)
                        ));
                    }
                }
                if !self.mandatory_done && self.placed > 0 && self.pending != Pending::None {
                    return Err("no tile can be used during the mandatory action".into());
                }
                if !self.mandatory_done && self.supply[cp] == 0 {
                    return Err("the mandatory action cannot be open with an empty supply".into());
                }
                if self.mandatory_done && self.placed == 0 && self.supply[cp] > 0 {
                    // §5.4: the mandatory action ends without a placement only when the supply
                    // is empty or no card can be played (draw and discard piles both empty).
                    let no_card = self.played.is_none()
                        && self.draw.iter().all(|&c| c == 0)
                        && self.discard.iter().all(|&c| c == 0);
                    if !no_card {
                        return Err(
                            "mandatory_done: no mandatory settlement is placed (placed is 0), the supply is not empty and a terrain card can still be played"
                                .into(),
                        );
                    }
                }
                if !self.mandatory_done && self.placed >= 3 {
                    return Err(
                        "phase play: 3 mandatory settlements are placed, so mandatory_done must be true"
                            .into(),
                    );
                }
                if !self.mandatory_done {
                    // §5.4: the no-legal-hex check runs at turn start, after each extra action
                    // before the mandatory action and after each mandatory placement, so an open
                    // mandatory action always has a played card with an empty hex.
                    match self.played {
                        None => {
                            return Err(
                                "phase play: the mandatory action is open but there is no played card (a redraw is due, §5.4)"
                                    .into(),
                            )
                        }
                        Some(t) if self.layout.terrain[t.index()].andnot(self.occupied).is_empty() => {
                            return Err(format!(
                                "phase play: the mandatory action is open but no empty {} hex is left (the redraw of §5.4 is due)",
                                t.name()
                            ))
                        }
                        Some(_) => {}
                    }
                }
                if self.placed > 0 && !self.placed_this_turn {
                    return Err(
                        "phase play: placed is above 0, so placed_this_turn must be true".into(),
                    );
                }
                let pending_tile = match self.pending {
                    Pending::None => None,
                    Pending::Build(t) | Pending::MoveFrom(t) | Pending::MoveTo(t, _) => Some(t),
                };
                if let Some(t) = pending_tile {
                    // choosing a tile spends one of the held tiles of that type (§6.3)
                    if self.ready[t.index()] >= self.held(cp, t) {
                        return Err(format!(
                            "pending: a {} tile is being used, so the current player must hold one more {} tile than is still ready",
                            t.name(),
                            t.name()
                        ));
                    }
                }
                if let Pending::MoveTo(_, h) = self.pending {
                    if !self.own[cp].get(h as usize) {
                        return Err("pending.from is not a settlement of the current player".into());
                    }
                }
                let mut legal = Vec::new();
                self.legal_actions(&mut legal);
                if legal.is_empty() {
                    return Err("the current player has no legal action".into());
                }
            }
            Phase::GameOver => {
                if self.pending != Pending::None {
                    return Err("a tile cannot be pending after the game".into());
                }
            }
        }
        Ok(())
    }
}
