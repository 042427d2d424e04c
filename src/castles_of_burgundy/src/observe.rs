//! What a seat sees: the observation tensor and the labels' pieces.

use crate::*;

/// Floats per player in the tensor.
const PLAYER_TENSOR: usize = CELLS * NUM_TILES + 3 * NUM_TILES + 6 + 6 + 5 + 18 + 16 + 9;

impl CastlesOfBurgundy {
    /// Whether the variant's secret board choice (A32) is still hiding player `q`'s board and
    /// start castle from `seat`: during the setup choices, every other player's picks are hidden.
    pub(crate) fn hidden_from(&self, seat: usize, q: usize) -> bool {
        q != seat
            && matches!(
                self.step,
                Step::ChooseBoard { .. } | Step::ChooseCastle { .. }
            )
            && self.config.bool("secret_board_choice")
    }

    pub(crate) fn tile_label(t: Option<Tile>) -> String {
        t.map_or("-".into(), |t| t.name())
    }

    pub(crate) fn src_name(src: usize) -> &'static str {
        ["die1", "die2", "castle", "free"][src.min(3)]
    }

    pub(crate) fn write_tensor(&self, seat: usize, w: &mut dyn FnMut(f32)) {
        let n = self.n();
        let onehot = |w: &mut dyn FnMut(f32), i: usize, len: usize| {
            for j in 0..len {
                w((i == j) as u8 as f32);
            }
        };
        let tile_hot = |w: &mut dyn FnMut(f32), t: Option<Tile>| {
            for j in 0..NUM_TILES {
                w((t.map(|t| t.0 as usize) == Some(j)) as u8 as f32);
            }
        };
        onehot(w, self.phase.index(), 5);
        onehot(w, self.round as usize - 1, 5);
        let step_i = match self.step {
            Step::ChooseBoard { .. } => 0,
            Step::ChooseCastle { .. } => 1,
            Step::FillDepots { .. } => 2,
            Step::RollDice { .. } => 3,
            Step::Play => 4,
            Step::GameOver => 5,
        };
        onehot(w, step_i, 6);
        let pend_i = match self.pending {
            Pending::None => 0,
            Pending::Discard { .. } => 1,
            Pending::Castle => 2,
            Pending::CityHall => 3,
            Pending::FreeTake { .. } => 4,
            Pending::Warehouse => 5,
            Pending::ShipDepot => 6,
            Pending::ShipGoods { .. } => 7,
        };
        onehot(w, pend_i, 8);
        let cur = self.current().map_or(4, |p| (p + n - seat) % n);
        onehot(w, cur, 4);
        w(self.purchased as u8 as f32);
        for d in 0..6 {
            for s in 0..4 {
                tile_hot(w, self.depots[d][s]);
            }
            for t in 0..6 {
                w(self.depot_goods[d][t] as f32);
            }
        }
        for s in 0..8 {
            tile_hot(w, self.black_depot[s]);
        }
        for r in 0..5 {
            onehot(w, self.round_goods[r].map_or(6, |g| g as usize - 1), 6);
        }
        onehot(w, self.white_die as usize, 7);
        for i in 0..4 {
            if i >= n {
                for _ in 0..PLAYER_TENSOR {
                    w(0.0);
                }
                continue;
            }
            let p = (seat + i) % n;
            let pl = &self.players[p];
            // A32: another player's secret board and start castle stay hidden until revealed.
            let hid = self.hidden_from(seat, p);
            for c in 0..CELLS {
                tile_hot(w, if hid { None } else { pl.estate[c] });
            }
            for s in 0..3 {
                tile_hot(w, pl.storage[s]);
            }
            for t in 0..6 {
                w(pl.goods[t] as f32);
            }
            for t in 0..6 {
                w(pl.sold[t] as f32);
            }
            w(pl.silverlings as f32);
            w(pl.workers as f32);
            w(pl.vp as f32 / 100.0);
            w(pl.track_position as f32);
            w(self.order_pos(p) as f32);
            for c in 0..6 {
                onehot(w, pl.bonuses[c] as usize, 3);
            }
            for d in 0..2 {
                onehot(w, pl.dice[d] as usize, 7);
                w(pl.dice_used[d] as u8 as f32);
            }
            onehot(w, if hid { 9 } else { pl.board as usize - 1 }, 9);
        }
    }
}
