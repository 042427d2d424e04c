//! The state and the rules of a turn (§4–§7): legal sets, placements, tiles, redraws, the end.

use crate::bits::{Bits, DIRS};
use crate::board::{geometry, Layout, Sector, Terrain, NONE};
use crate::cards::{card_gold, castle_gold, KbCard};
use crate::{COLS, MAX_PLAYERS};
use meeple_core::{Config, GameRng};
use std::sync::Arc;

/// Where the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Chance: dealing the starting terrain card to `current` (seat order from the first player).
    Deal,
    /// Chance: `current` replaces a played card that had no empty hex (§5.4).
    Redraw,
    /// `current` decides: mandatory placements, tiles, end of turn.
    Play,
    /// Chance: `current` draws a terrain card at the end of the turn.
    Draw,
    GameOver,
}

/// A tile chosen whose target is still to be picked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pending {
    None,
    /// Build tile: choose the hex.
    Build(Sector),
    /// Move tile: choose the settlement to move.
    MoveFrom(Sector),
    /// Move tile: choose the destination of the settlement on the given hex.
    MoveTo(Sector, u16),
}

/// The full game state. Its JSON form is described in `repr.rs` and the docs page.
#[derive(Clone)]
pub struct KingdomBuilder {
    pub(crate) config: Arc<Config>,
    /// The board, built for this game and shared by its clones.
    pub(crate) layout: Arc<Layout>,
    pub(crate) n: usize,
    pub(crate) tower_anywhere: bool,
    pub(crate) retake_after_loss: bool,
    pub(crate) lords_requires_presence: bool,
    pub(crate) cards: [KbCard; 3],
    pub(crate) first: usize,
    pub(crate) current: usize,
    pub(crate) round: u16,
    pub(crate) phase: Phase,
    /// Mandatory placements made this turn.
    pub(crate) placed: u8,
    pub(crate) mandatory_done: bool,
    pub(crate) pending: Pending,
    pub(crate) own: [Bits; MAX_PLAYERS],
    /// Derived: the hexes adjacent to each player's settlements.
    pub(crate) adj: [Bits; MAX_PLAYERS],
    pub(crate) occupied: Bits,
    pub(crate) supply: [u8; MAX_PLAYERS],
    /// Bit `k`: holds the tile taken from `layout.locs[k]`.
    pub(crate) holds: [u8; MAX_PLAYERS],
    /// Bit `k`: has ever taken a tile from `layout.locs[k]`.
    pub(crate) ever_took: [u8; MAX_PLAYERS],
    pub(crate) tiles_left: [u8; 8],
    pub(crate) tiles_lost: [u8; 8],
    /// The current player's tiles still usable this turn, by type.
    pub(crate) ready: [u8; 8],
    pub(crate) hand: [Option<Terrain>; MAX_PLAYERS],
    /// The reshuffle count when each hand was drawn (for exact determinization, §12.3).
    pub(crate) hand_epoch: [u16; MAX_PLAYERS],
    pub(crate) played: Option<Terrain>,
    pub(crate) draw: [u8; 5],
    pub(crate) discard: [u8; 5],
    pub(crate) removed: [u8; 5],
    pub(crate) reshuffles: u16,
    pub(crate) end_triggered: bool,
    pub(crate) placed_this_turn: bool,
    pub(crate) idle_turns: u8,
    pub(crate) rng: GameRng,
}

/// Where a decision stands inside a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    Pre,
    Mandatory,
    Post,
}

impl KingdomBuilder {
    pub(crate) fn step(&self) -> Step {
        if self.mandatory_done {
            Step::Post
        } else if self.placed == 0 {
            Step::Pre
        } else {
            Step::Mandatory
        }
    }

    /// Adjacent if possible (§5.2): `adj` is the set of hexes next to the player's settlements.
    #[inline]
    fn adjacent_if_possible(adj: Bits, cand: Bits) -> Bits {
        let a = cand.and(adj);
        if a.any() {
            a
        } else {
            cand
        }
    }

    pub(crate) fn held(&self, p: usize, t: Sector) -> u8 {
        let mut c = 0;
        for (k, &(_, s)) in self.layout.locs.iter().enumerate() {
            if s == t && self.holds[p] >> k & 1 == 1 {
                c += 1;
            }
        }
        c
    }

    fn terrain_empty(&self, t: Terrain) -> Bits {
        self.layout.terrain[t.index()].andnot(self.occupied)
    }

    /// Legal hexes of the mandatory placement.
    pub(crate) fn mandatory_set(&self) -> Bits {
        match self.played {
            Some(t) => Self::adjacent_if_possible(self.adj[self.current], self.terrain_empty(t)),
            None => Bits::EMPTY,
        }
    }

    /// Legal hexes of a build tile (§5.3, §6.4).
    pub(crate) fn build_set(&self, tile: Sector) -> Bits {
        let p = self.current;
        if self.supply[p] == 0 {
            return Bits::EMPTY;
        }
        let own = self.own[p];
        let adj = self.adj[p];
        let l = &*self.layout;
        match tile {
            Sector::Oracle => self.mandatory_set(),
            Sector::Farm => Self::adjacent_if_possible(adj, self.terrain_empty(Terrain::Grass)),
            Sector::Oasis => Self::adjacent_if_possible(adj, self.terrain_empty(Terrain::Desert)),
            Sector::Tower => {
                let mut cand = l.buildable.andnot(self.occupied);
                if !self.tower_anywhere {
                    cand = cand.and(geometry().edge);
                }
                Self::adjacent_if_possible(adj, cand)
            }
            Sector::Tavern => {
                let mut t = Bits::EMPTY;
                for d in DIRS {
                    let one = own.step(d);
                    let line_end = own.and(one).and(one.step(d));
                    t = t.or(line_end.step(d));
                }
                t.and(l.buildable).andnot(self.occupied)
            }
            _ => Bits::EMPTY,
        }
    }

    /// Target terrain of a Barn or Harbor move.
    fn move_target_mask(&self, tile: Sector) -> Bits {
        match tile {
            Sector::Barn => match self.played {
                Some(t) => self.layout.terrain[t.index()],
                None => Bits::EMPTY,
            },
            Sector::Harbor => self.layout.water,
            _ => Bits::EMPTY,
        }
    }

    /// Destinations of moving the settlement on `from` with a move tile (§5.3 "How a move works").
    pub(crate) fn move_dests(&self, tile: Sector, from: usize) -> Bits {
        let p = self.current;
        if !self.own[p].get(from) {
            return Bits::EMPTY;
        }
        if tile == Sector::Paddock {
            let mut out = Bits::EMPTY;
            for &t in &geometry().jump[from] {
                if t != NONE
                    && self.layout.buildable.get(t as usize)
                    && !self.occupied.get(t as usize)
                {
                    out.set(t as usize);
                }
            }
            return out;
        }
        let mut from_bit = Bits::EMPTY;
        from_bit.set(from);
        let rest = self.own[p].andnot(from_bit);
        let cand = self
            .move_target_mask(tile)
            .andnot(self.occupied.andnot(from_bit));
        Self::adjacent_if_possible(rest.neighbours(), cand).andnot(from_bit)
    }

    /// Settlements that the move tile can move somewhere.
    ///
    /// Barn and Harbor, without trying each settlement: let `K0` be the empty target hexes,
    /// `ones`/`twos` the hexes with at least one/two of the player's settlements next to them,
    /// and `Y = K0 ∩ ones`. Lifting `s` leaves the adjacent candidates `X_s = (K0 ∩ twos) ∪
    /// (Y − N(s))`, plus `s`'s own hex when it is of the target terrain and touches another own
    /// settlement. If `X_s` is non-empty, `s` can go there; if it is empty, `s` can move exactly
    /// when its own hex is not the lone adjacent candidate (and then anywhere in `K0`). So the
    /// unmovable settlements are those with `Y ⊆ N(s)` and `s ∈ mask ∩ ones` (all, if `K0` is
    /// empty; none, if `K0 ∩ twos` is not).
    pub(crate) fn movable(&self, tile: Sector) -> Bits {
        let p = self.current;
        let own = self.own[p];
        if tile == Sector::Paddock {
            let target = self.layout.buildable.andnot(self.occupied);
            let mut from = Bits::EMPTY;
            // s can jump in direction d when s + 2d is a target: step targets back twice
            for back in DIRS {
                from = from.or(target.step(back).step(back));
            }
            return own.and(from);
        }
        let mask = self.move_target_mask(tile);
        let k0 = mask.andnot(self.occupied);
        if k0.is_empty() {
            return Bits::EMPTY;
        }
        let (ones, twos) = own.neighbour_counts();
        if k0.intersects(&twos) {
            return own;
        }
        let y = k0.and(ones);
        let g = geometry();
        let mut z = own.and(mask).and(ones);
        for h in y.iter() {
            if z.is_empty() {
                break;
            }
            z = z.and(g.neigh_mask[h]);
        }
        own.andnot(z)
    }

    /// The same as [`Self::movable`], trying each settlement (for tests).
    #[cfg(test)]
    pub(crate) fn movable_slow(&self, tile: Sector) -> Bits {
        let mut out = Bits::EMPTY;
        for s in self.own[self.current].iter() {
            if self.move_dests(tile, s).any() {
                out.set(s);
            }
        }
        out
    }

    /// Whether the tile type can be used now (ready and with at least one legal effect).
    pub(crate) fn tile_usable(&self, tile: Sector) -> bool {
        if self.ready[tile.index()] == 0 {
            return false;
        }
        if tile.is_move() {
            self.movable(tile).any()
        } else {
            self.build_set(tile).any()
        }
    }

    /// Whether a tile may be chosen now at all (phase play, nothing pending, not mid-mandatory).
    pub(crate) fn tile_window(&self) -> bool {
        self.phase == Phase::Play && self.pending == Pending::None && self.step() != Step::Mandatory
    }

    /// Bit `t`: tile type `t` may be chosen now.
    pub(crate) fn tile_choices(&self) -> u8 {
        if !self.tile_window() {
            return 0;
        }
        let mut m = 0u8;
        for t in Sector::ALL {
            if self.tile_usable(t) {
                m |= 1 << t.index();
            }
        }
        m
    }

    /// The hexes the current decision may pick.
    pub(crate) fn hex_choices(&self) -> Bits {
        if self.phase != Phase::Play {
            return Bits::EMPTY;
        }
        match self.pending {
            Pending::Build(t) => self.build_set(t),
            Pending::MoveFrom(t) => self.movable(t),
            Pending::MoveTo(t, from) => self.move_dests(t, from as usize),
            Pending::None => match self.step() {
                Step::Pre | Step::Mandatory => self.mandatory_set(),
                Step::Post => Bits::EMPTY,
            },
        }
    }

    pub(crate) fn can_end_turn(&self) -> bool {
        self.phase == Phase::Play && self.pending == Pending::None && self.mandatory_done
    }

    // ----- transitions -----

    /// Refill an empty draw pile from the discard pile (§5.4, A-13). False if both are empty.
    fn prepare_draw(&mut self) -> bool {
        if self.draw.iter().all(|&c| c == 0) {
            if self.discard.iter().all(|&c| c == 0) {
                return false;
            }
            for t in 0..5 {
                self.draw[t] = self.draw[t].saturating_add(self.discard[t]);
                self.discard[t] = 0;
            }
            self.reshuffles = self.reshuffles.saturating_add(1);
        }
        true
    }

    /// The no-legal-hex check (§5.4): remove an unusable played card and start a redraw.
    pub(crate) fn check_redraw(&mut self) {
        if self.phase != Phase::Play || self.mandatory_done {
            return;
        }
        if self.supply[self.current] == 0 {
            self.mandatory_done = true;
            return;
        }
        let usable = match self.played {
            Some(t) => self.terrain_empty(t).any(),
            None => false,
        };
        if usable {
            return;
        }
        if let Some(t) = self.played.take() {
            self.removed[t.index()] = self.removed[t.index()].saturating_add(1);
        }
        if self.prepare_draw() {
            self.phase = Phase::Redraw;
        } else {
            self.mandatory_done = true;
        }
    }

    pub(crate) fn start_turn(&mut self, p: usize) {
        self.current = p;
        self.played = self.hand[p].take();
        self.hand_epoch[p] = 0;
        for t in Sector::ALL {
            self.ready[t.index()] = self.held(p, t);
        }
        self.placed = 0;
        self.pending = Pending::None;
        self.placed_this_turn = false;
        self.mandatory_done = self.supply[p] == 0;
        self.phase = Phase::Play;
        self.check_redraw();
    }

    fn gain_tiles(&mut self, h: usize) {
        let p = self.current;
        let adj = self.layout.loc_adj[h];
        for k in 0..self.layout.locs.len() {
            let bit = 1u8 << k;
            if adj & bit == 0 || self.tiles_left[k] == 0 || self.holds[p] & bit != 0 {
                continue;
            }
            if !self.retake_after_loss && self.ever_took[p] & bit != 0 {
                continue;
            }
            self.tiles_left[k] -= 1;
            self.holds[p] |= bit;
            self.ever_took[p] |= bit;
        }
    }

    fn lose_tiles(&mut self) {
        let p = self.current;
        for k in 0..self.layout.locs.len() {
            let bit = 1u8 << k;
            if self.holds[p] & bit != 0 && !self.layout.loc_nbr[k].intersects(&self.own[p]) {
                self.holds[p] &= !bit;
                self.tiles_lost[k] = self.tiles_lost[k].saturating_add(1);
                let t = self.layout.locs[k].1;
                let held = self.held(p, t);
                let r = &mut self.ready[t.index()];
                *r = (*r).min(held);
            }
        }
    }

    fn place_from_supply(&mut self, h: usize) {
        let p = self.current;
        self.own[p].set(h);
        self.adj[p] = self.adj[p].or(geometry().neigh_mask[h]);
        self.occupied.set(h);
        self.supply[p] = self.supply[p].saturating_sub(1);
        self.placed_this_turn = true;
        self.gain_tiles(h);
        if self.supply[p] == 0 {
            self.end_triggered = true;
            self.mandatory_done = true;
        }
    }

    /// After an extra action: before the mandatory action, run the no-legal-hex check again.
    fn after_extra(&mut self) {
        self.pending = Pending::None;
        if self.step() == Step::Pre {
            self.check_redraw();
        }
    }

    pub(crate) fn play_hex(&mut self, h: usize) {
        match self.pending {
            Pending::None => {
                self.place_from_supply(h);
                self.placed += 1;
                if self.placed >= 3 {
                    self.mandatory_done = true;
                }
                self.check_redraw();
            }
            Pending::Build(_) => {
                self.place_from_supply(h);
                self.after_extra();
            }
            Pending::MoveFrom(t) => self.pending = Pending::MoveTo(t, h as u16),
            Pending::MoveTo(_, from) => {
                let p = self.current;
                self.own[p].clear(from as usize);
                self.occupied.clear(from as usize);
                self.own[p].set(h);
                self.adj[p] = self.own[p].neighbours();
                self.occupied.set(h);
                self.lose_tiles();
                self.gain_tiles(h);
                self.after_extra();
            }
        }
    }

    pub(crate) fn use_tile(&mut self, t: Sector) {
        let r = &mut self.ready[t.index()];
        *r = r.saturating_sub(1);
        self.pending = if t.is_move() {
            Pending::MoveFrom(t)
        } else {
            Pending::Build(t)
        };
    }

    pub(crate) fn last_seat(&self) -> usize {
        (self.first + self.n - 1) % self.n
    }

    pub(crate) fn end_turn(&mut self) {
        let p = self.current;
        if let Some(t) = self.played.take() {
            self.discard[t.index()] = self.discard[t.index()].saturating_add(1);
        }
        self.idle_turns = if self.placed_this_turn {
            0
        } else {
            self.idle_turns.saturating_add(1)
        };
        self.pending = Pending::None;
        if (self.end_triggered && p == self.last_seat()) || self.idle_turns as usize >= self.n {
            self.phase = Phase::GameOver;
            return;
        }
        if !self.end_triggered {
            if self.prepare_draw() {
                self.phase = Phase::Draw;
                return;
            }
            self.hand[p] = None;
        }
        self.next_turn();
    }

    pub(crate) fn next_turn(&mut self) {
        let p = self.current;
        if p == self.last_seat() {
            self.round = self.round.saturating_add(1);
        }
        self.start_turn((p + 1) % self.n);
    }

    /// Resolve a chance draw of terrain `t` (already checked to be in the pile).
    pub(crate) fn chance_draw(&mut self, t: Terrain) {
        self.draw[t.index()] -= 1;
        let p = self.current;
        match self.phase {
            Phase::Deal => {
                self.hand[p] = Some(t);
                self.hand_epoch[p] = self.reshuffles;
                let next = (p + 1) % self.n;
                if next == self.first {
                    self.start_turn(next);
                } else {
                    self.current = next;
                    if !self.prepare_draw() {
                        // cannot happen with 25 cards and at most 4 players
                        self.start_turn(self.first);
                    }
                }
            }
            Phase::Redraw => {
                self.played = Some(t);
                self.phase = Phase::Play;
                self.check_redraw();
            }
            Phase::Draw => {
                self.hand[p] = Some(t);
                self.hand_epoch[p] = self.reshuffles;
                self.next_turn();
            }
            Phase::Play | Phase::GameOver => {}
        }
    }

    // ----- scoring -----

    /// Per player: the gold of each of the 3 cards, then castles.
    pub fn score_breakdown(&self) -> Vec<[i32; 4]> {
        let all = &self.own[..self.n];
        let mut out = vec![[0i32; 4]; self.n];
        for (i, &c) in self.cards.iter().enumerate() {
            let g = card_gold(c, &self.layout, all, self.lords_requires_presence);
            for p in 0..self.n {
                out[p][i] = g[p];
            }
        }
        for p in 0..self.n {
            out[p][3] = castle_gold(&self.layout, self.own[p]);
        }
        out
    }

    /// Gold of any card for every player in this position (also cards not in play).
    pub fn card_gold(&self, card: KbCard) -> Vec<i32> {
        card_gold(
            card,
            &self.layout,
            &self.own[..self.n],
            self.lords_requires_presence,
        )
    }

    /// Castle gold of every player.
    pub fn castle_gold(&self) -> Vec<i32> {
        (0..self.n)
            .map(|p| castle_gold(&self.layout, self.own[p]))
            .collect()
    }

    pub fn gold(&self) -> Vec<i32> {
        self.score_breakdown()
            .iter()
            .map(|b| b.iter().sum())
            .collect()
    }

    // ----- accessors for tests and tools -----

    pub fn layout(&self) -> &Layout {
        &self.layout
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn current_player(&self) -> usize {
        self.current
    }
    pub fn supply(&self, p: usize) -> u8 {
        self.supply.get(p).copied().unwrap_or(0)
    }
    pub fn played(&self) -> Option<Terrain> {
        self.played
    }
    pub fn pending(&self) -> Pending {
        self.pending
    }
    /// Mandatory placements made this turn.
    pub fn step_placed(&self) -> u8 {
        self.placed
    }
    pub fn mandatory_done(&self) -> bool {
        self.mandatory_done
    }
    pub fn end_triggered(&self) -> bool {
        self.end_triggered
    }
    pub fn cards(&self) -> [KbCard; 3] {
        self.cards
    }
    /// Tiles of this type the current player may still use this turn.
    pub fn ready(&self, t: Sector) -> u8 {
        self.ready[t.index()]
    }
    /// Tiles of this type player `p` holds.
    pub fn held_tiles(&self, p: usize, t: Sector) -> u8 {
        if p < self.n {
            self.held(p, t)
        } else {
            0
        }
    }
    /// Tiles left on a location hex.
    pub fn tiles_left_at(&self, row: usize, col: usize) -> Option<u8> {
        let k = self.layout.loc_index(row * COLS + col)?;
        Some(self.tiles_left[k])
    }
    /// Player `p`'s settlements as `(row, col)`, ascending.
    pub fn settlements(&self, p: usize) -> Vec<(usize, usize)> {
        self.own
            .get(p)
            .map(|b| b.iter().map(|h| (h / COLS, h % COLS)).collect())
            .unwrap_or_default()
    }
    /// Hexes of the current choice (mandatory set, tile targets, move origins or destinations).
    pub fn hex_options(&self) -> Vec<(usize, usize)> {
        self.hex_choices()
            .iter()
            .map(|h| (h / COLS, h % COLS))
            .collect()
    }
    /// Terrain cards: (draw pile, discard pile, removed), counts by terrain.
    pub fn piles(&self) -> ([u8; 5], [u8; 5], [u8; 5]) {
        (self.draw, self.discard, self.removed)
    }
    pub fn hand(&self, p: usize) -> Option<Terrain> {
        self.hand.get(p).copied().flatten()
    }
    pub fn reshuffles(&self) -> u16 {
        self.reshuffles
    }

    pub(crate) fn total_cards_check(&self) -> Result<(), String> {
        for t in Terrain::ALL {
            let i = t.index();
            let mut c = self.draw[i] as u32 + self.discard[i] as u32 + self.removed[i] as u32;
            c += self.hand[..self.n]
                .iter()
                .filter(|&&h| h == Some(t))
                .count() as u32;
            c += (self.played == Some(t)) as u32;
            if c != 5 {
                return Err(format!(
                    "there are {c} {} terrain cards in the game (must be 5: draw pile + discard + removed + hands + played)",
                    t.name()
                ));
            }
        }
        Ok(())
    }

    pub(crate) fn settlement_total(&self, p: usize) -> u32 {
        self.own[p].count() + self.supply[p] as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use meeple_core::playout::{random_step, Buffers};
    use meeple_core::Game;

    /// The closed-form movable set equals trying every settlement, over many random positions.
    #[test]
    fn movable_matches_brute_force() {
        let info = KingdomBuilder::info();
        let mut checked = 0;
        for players in 2..=4 {
            let config = Config::with_players(&info, players).unwrap();
            for seed in 0..40 {
                let mut g = KingdomBuilder::new(&config, seed).unwrap();
                let mut rng = GameRng::new(seed);
                let mut buf = Buffers::default();
                while random_step(&mut g, &mut rng, &mut buf) {
                    if g.phase == Phase::Play {
                        for t in [Sector::Barn, Sector::Harbor, Sector::Paddock] {
                            assert_eq!(g.movable(t), g.movable_slow(t), "{t:?} seed {seed}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 1000);
    }
}
