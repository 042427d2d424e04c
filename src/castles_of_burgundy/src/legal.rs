//! The legal actions of the player to move (spec 6-9), listed (`gen_player`) and decoded one by one
//! (`player_action_legal`), which must agree (`check_legality_consistency`).

use crate::*;

impl CastlesOfBurgundy {
    /// Cells where a tile could touch the estate: empty and next to an occupied space.
    pub(crate) fn frontier(&self, p: usize, occ: u64) -> u64 {
        let b = self.board_of(p);
        let mut f = 0u64;
        let mut m = occ;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            f |= b.nbr[c];
        }
        f & !occ
    }

    /// The die sources usable now for die actions (take, place, sell, workers) as a bitmask.
    pub(crate) fn die_srcs(&self, p: usize) -> u8 {
        let pl = &self.players[p];
        match self.pending {
            Pending::None => (!pl.dice_used[0]) as u8 | ((!pl.dice_used[1]) as u8) << 1,
            Pending::Castle => 1 << SRC_CASTLE,
            _ => 0,
        }
    }

    pub(crate) fn take_ok(&self, p: usize, src: usize, d: usize, s: usize, k: Know) -> bool {
        self.depots[d][s].is_some() && self.src_cost(p, src, d as u8 + 1, k.has(12), k).is_some()
    }

    /// Placement of storage slot `j` on `cell` paid by `src` (frontier given).
    pub(crate) fn place_ok(
        &self,
        p: usize,
        src: usize,
        j: usize,
        cell: usize,
        front: u64,
        k: Know,
    ) -> bool {
        let Some(tile) = self.players[p].storage[j] else {
            return false;
        };
        if front & (1 << cell) == 0 {
            return false;
        }
        let b = self.board_of(p);
        if b.colour[cell] != tile.colour() {
            return false;
        }
        if tile.is_building() && !k.has(1) {
            let pl = &self.players[p];
            let mut m = b.region_cells[b.region[cell] as usize];
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                if pl.estate[c] == Some(tile) {
                    return false;
                }
            }
        }
        src >= SRC_CASTLE
            || self
                .src_cost(p, src, b.die[cell], Self::place_free(tile, k), k)
                .is_some()
    }

    pub(crate) fn sell_ok(&self, p: usize, src: usize, t: usize, k: Know) -> bool {
        self.players[p].goods[t] > 0 && self.src_cost(p, src, t as u8 + 1, false, k).is_some()
    }

    pub(crate) fn gen_place(
        &self,
        p: usize,
        src: usize,
        front: u64,
        k: Know,
        out: &mut Vec<Action>,
    ) {
        let b = self.board_of(p);
        let pl = &self.players[p];
        let die = if src < SRC_CASTLE {
            match self.die_value(p, src) {
                Some(v) => Some(v),
                None => return,
            }
        } else {
            None
        };
        for j in 0..3 {
            let Some(tile) = pl.storage[j] else {
                continue;
            };
            // Cells of cities that already hold this building kind.
            let mut blocked = 0u64;
            if tile.is_building() && !k.has(1) {
                let mut m = b.colour_cells[Colour::Building.index()] & pl.estate.occ();
                while m != 0 {
                    let c = m.trailing_zeros() as usize;
                    m &= m - 1;
                    if pl.estate[c] == Some(tile) {
                        blocked |= b.region_cells[b.region[c] as usize];
                    }
                }
            }
            let free = Self::place_free(tile, k);
            let mut m = b.colour_cells[tile.colour().index()] & front & !blocked;
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                if let Some(v) = die {
                    if worker_cost(v, b.die[c], free, k.has(8)) > pl.workers {
                        continue;
                    }
                }
                out.push(PLACE + (src * 111 + j * 37 + c) as u32);
            }
        }
    }

    /// Die actions for every source in `srcs`, in ascending id order.
    pub(crate) fn gen_die_actions(&self, p: usize, srcs: u8, k: Know, out: &mut Vec<Action>) {
        let each = |f: &mut dyn FnMut(usize)| {
            for src in 0..3 {
                if srcs & (1 << src) != 0 {
                    f(src);
                }
            }
        };
        each(&mut |src| {
            for d in 0..6 {
                if self.depots[d].iter().all(|t| t.is_none())
                    || self.src_cost(p, src, d as u8 + 1, k.has(12), k).is_none()
                {
                    continue;
                }
                for s in 0..4 {
                    if self.depots[d][s].is_some() {
                        out.push(TAKE + (src * 24 + d * 4 + s) as u32);
                    }
                }
            }
        });
        let occ = self.occ(p);
        let front = self.frontier(p, occ);
        each(&mut |src| self.gen_place(p, src, front, k, out));
        each(&mut |src| {
            for t in 0..6 {
                if self.sell_ok(p, src, t, k) {
                    out.push(SELL + (src * 6 + t) as u32);
                }
            }
        });
        each(&mut |src| out.push(WORKERS + src as u32));
    }

    pub(crate) fn gen_player(&self, p: usize, out: &mut Vec<Action>) {
        out.clear();
        let k = self.know(p);
        match self.step {
            Step::ChooseBoard { .. } => {
                if let Some(sides) = self.players[p].board_sides {
                    for s in sides {
                        out.push(CHOOSE_BOARD + s.clamp(1, 9) as u32 - 1);
                    }
                }
            }
            Step::ChooseCastle { .. } => {
                for &c in &self.board_of(p).castle_cells {
                    out.push(CHOOSE_CASTLE + c as u32);
                }
            }
            _ => self.gen_play(p, k, out),
        }
        if !out.is_sorted() {
            out.sort_unstable();
            out.dedup();
        }
    }

    pub(crate) fn gen_play(&self, p: usize, k: Know, out: &mut Vec<Action>) {
        let pl = &self.players[p];
        match self.pending {
            Pending::None => {
                self.gen_die_actions(p, self.die_srcs(p), k, out);
                if self.can_buy(p, k) {
                    for s in 0..8 {
                        if self.black_depot[s].is_some() {
                            out.push(BUY_BLACK + s as u32);
                        }
                    }
                    if k.has(6) {
                        for d in 0..6 {
                            for s in 0..4 {
                                if self.depots[d][s].is_some() {
                                    out.push(BUY_DEPOT + (d * 4 + s) as u32);
                                }
                            }
                        }
                    }
                    if pl.dice_used[0] && pl.dice_used[1] {
                        out.push(END_TURN);
                    }
                }
            }
            Pending::Discard { .. } => {
                for j in 0..3 {
                    out.push(DISCARD + j);
                }
            }
            Pending::Castle => {
                self.gen_die_actions(p, 1 << SRC_CASTLE, k, out);
                out.push(DECLINE);
            }
            Pending::CityHall => {
                let front = self.frontier(p, self.occ(p));
                self.gen_place(p, SRC_NONE, front, k, out);
                out.push(DECLINE);
            }
            Pending::FreeTake { building } => {
                for d in 0..6 {
                    for s in 0..4 {
                        if let Some(t) = self.depots[d][s] {
                            if Self::free_take_matches(building, t) {
                                out.push(FREE_TAKE + (d * 4 + s) as u32);
                            }
                        }
                    }
                }
                out.push(DECLINE);
            }
            Pending::Warehouse => {
                for t in 0..6 {
                    if pl.goods[t] > 0 {
                        out.push(SELL + (SRC_NONE * 6 + t) as u32);
                    }
                }
                out.push(DECLINE);
            }
            Pending::ShipDepot => {
                let has = |d: usize| self.depot_goods[d].iter().any(|&g| g > 0);
                for d in 0..6 {
                    if has(d) {
                        out.push(SHIP_DEPOT + d as u32);
                    }
                }
                if k.has(5) {
                    for d in 0..6 {
                        if has(d) && has((d + 1) % 6) {
                            out.push(SHIP_PAIR + d as u32);
                        }
                    }
                }
            }
            Pending::ShipGoods {
                first,
                second,
                discarded,
            } => {
                let new = self.ship_new_types(p, first, second);
                let full = self.held_types(p) >= 3;
                if !full {
                    for (t, &is_new) in new.iter().enumerate() {
                        if is_new {
                            out.push(SHIP_KEEP + t as u32);
                        }
                    }
                }
                if self.config.bool("overflow_may_discard_stored") && !discarded {
                    if full {
                        // No free slot: throwing a type away is optional.
                        out.push(DECLINE);
                    }
                    for t in 0..6 {
                        if pl.goods[t] > 0 {
                            out.push(DISCARD_GOODS + t as u32);
                        }
                    }
                }
            }
        }
    }

    /// Whether player `p` may take action `a` now (the same rules as `gen_player`, decoded
    /// directly so that `apply` need not list every legal action).
    pub(crate) fn player_action_legal(&self, p: usize, a: Action) -> bool {
        if !matches!(self.step, Step::Play) {
            return LEGAL.with(|b| {
                let mut legal = b.borrow_mut();
                self.gen_player(p, &mut legal);
                legal.binary_search(&a).is_ok()
            });
        }
        let k = self.know(p);
        let srcs = self.die_srcs(p);
        let pl = &self.players[p];
        match a {
            _ if a < PLACE => {
                let i = (a - TAKE) as usize;
                let (src, d, s) = (i / 24, i % 24 / 4, i % 4);
                srcs & (1 << src) != 0 && self.take_ok(p, src, d, s, k)
            }
            _ if a < SELL => {
                let i = (a - PLACE) as usize;
                let (src, j, c) = (i / 111, i % 111 / 37, i % 37);
                let allowed = if src == SRC_NONE {
                    self.pending == Pending::CityHall
                } else {
                    srcs & (1 << src) != 0
                };
                allowed && self.place_ok(p, src, j, c, self.frontier(p, self.occ(p)), k)
            }
            _ if a < WORKERS => {
                let i = (a - SELL) as usize;
                let (src, t) = (i / 6, i % 6);
                if src == SRC_NONE {
                    self.pending == Pending::Warehouse && pl.goods[t] > 0
                } else {
                    srcs & (1 << src) != 0 && self.sell_ok(p, src, t, k)
                }
            }
            _ if a < BUY_BLACK => srcs & (1 << (a - WORKERS)) != 0,
            _ if a < BUY_DEPOT => {
                self.pending == Pending::None
                    && self.can_buy(p, k)
                    && self.black_depot[(a - BUY_BLACK) as usize].is_some()
            }
            _ if a < FREE_TAKE => {
                let i = (a - BUY_DEPOT) as usize;
                self.pending == Pending::None
                    && k.has(6)
                    && self.can_buy(p, k)
                    && self.depots[i / 4][i % 4].is_some()
            }
            _ if a < DISCARD => {
                let i = (a - FREE_TAKE) as usize;
                match (self.pending, self.depots[i / 4][i % 4]) {
                    (Pending::FreeTake { building }, Some(t)) => {
                        Self::free_take_matches(building, t)
                    }
                    _ => false,
                }
            }
            _ if a < SHIP_DEPOT => matches!(self.pending, Pending::Discard { .. }),
            _ if a < SHIP_PAIR => {
                self.pending == Pending::ShipDepot
                    && self.depot_goods[(a - SHIP_DEPOT) as usize]
                        .iter()
                        .any(|&g| g > 0)
            }
            _ if a < SHIP_KEEP => {
                let d = (a - SHIP_PAIR) as usize;
                self.pending == Pending::ShipDepot
                    && k.has(5)
                    && self.depot_goods[d].iter().any(|&g| g > 0)
                    && self.depot_goods[(d + 1) % 6].iter().any(|&g| g > 0)
            }
            _ if a < DECLINE => match self.pending {
                Pending::ShipGoods { first, second, .. } => {
                    self.held_types(p) < 3
                        && self.ship_new_types(p, first, second)[(a - SHIP_KEEP) as usize]
                }
                _ => false,
            },
            DECLINE => match self.pending {
                Pending::Castle | Pending::CityHall | Pending::FreeTake { .. } => true,
                Pending::Warehouse => true,
                Pending::ShipGoods { discarded, .. } => {
                    self.config.bool("overflow_may_discard_stored")
                        && !discarded
                        && self.held_types(p) >= 3
                }
                _ => false,
            },
            END_TURN => {
                self.pending == Pending::None
                    && pl.dice_used[0]
                    && pl.dice_used[1]
                    && self.can_buy(p, k)
            }
            _ if a < DISCARD_GOODS => false,
            _ if a < NUM_ACTIONS => match self.pending {
                Pending::ShipGoods { discarded, .. } => {
                    self.config.bool("overflow_may_discard_stored")
                        && !discarded
                        && pl.goods[(a - DISCARD_GOODS) as usize] > 0
                }
                _ => false,
            },
            _ => false,
        }
    }

    /// Debug aid for tests: the direct legality check agrees with the generated list for every
    /// action id. Returns the first disagreement.
    pub fn check_legality_consistency(&self) -> Result<(), String> {
        let Turn::Player(p) = self.turn() else {
            return Ok(());
        };
        let mut legal = Vec::new();
        self.gen_player(p, &mut legal);
        for a in 0..NUM_ACTIONS {
            let listed = legal.binary_search(&a).is_ok();
            if listed != self.player_action_legal(p, a) {
                return Err(format!(
                    "action {a} ({}) listed={listed} but direct check disagrees",
                    self.action_label(a)
                ));
            }
        }
        Ok(())
    }
}
