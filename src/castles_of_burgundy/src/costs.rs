//! What a player has and what an action costs: dice, workers, knowledge tiles, storage, goods.

use crate::*;

impl CastlesOfBurgundy {
    pub(crate) fn n(&self) -> usize {
        self.players.len()
    }

    pub(crate) fn board_of(&self, p: usize) -> &'static Board {
        board(self.players[p].board)
    }

    pub(crate) fn current(&self) -> Option<usize> {
        match self.step {
            Step::ChooseBoard { idx } | Step::ChooseCastle { idx } => {
                self.order.get(idx as usize).map(|&s| s as usize)
            }
            Step::Play => self.order.get(self.turn as usize).map(|&s| s as usize),
            _ => None,
        }
    }

    pub(crate) fn know(&self, p: usize) -> Know {
        Know(self.players[p].estate.know())
    }

    pub(crate) fn occ(&self, p: usize) -> u64 {
        self.players[p].estate.occ()
    }

    pub(crate) fn die_value(&self, p: usize, src: usize) -> Option<u8> {
        let pl = &self.players[p];
        if src < 2 && !pl.dice_used[src] && (1..=6).contains(&pl.dice[src]) {
            Some(pl.dice[src])
        } else {
            None
        }
    }

    /// Worker cost for source `src` to show `target`, or None if it cannot.
    pub(crate) fn src_cost(
        &self,
        p: usize,
        src: usize,
        target: u8,
        free: bool,
        k: Know,
    ) -> Option<u16> {
        if src >= SRC_CASTLE {
            return Some(0);
        }
        let v = self.die_value(p, src)?;
        let c = worker_cost(v, target, free, k.has(8));
        (c <= self.players[p].workers).then_some(c)
    }

    pub(crate) fn place_free(tile: Tile, k: Know) -> bool {
        match tile.colour() {
            Colour::Building => k.has(9),
            Colour::Ship | Colour::Pasture => k.has(10),
            _ => k.has(11),
        }
    }

    pub(crate) fn storage_full(&self, p: usize) -> bool {
        self.players[p].storage.iter().all(|s| s.is_some())
    }

    pub(crate) fn can_buy(&self, p: usize, k: Know) -> bool {
        if self.purchased || self.players[p].silverlings < 2 {
            return false;
        }
        self.black_depot.iter().any(|t| t.is_some())
            || (k.has(6) && self.depots.iter().flatten().any(|t| t.is_some()))
    }

    pub(crate) fn free_take_matches(building: Tile, t: Tile) -> bool {
        match building.0 {
            CARPENTER => t.is_building(),
            CHURCH => matches!(
                t.colour(),
                Colour::Mine | Colour::Knowledge | Colour::Castle
            ),
            _ => matches!(t.colour(), Colour::Ship | Colour::Pasture),
        }
    }

    pub(crate) fn held_types(&self, p: usize) -> usize {
        self.players[p].goods.iter().filter(|&&g| g > 0).count()
    }

    /// Goods types on the chosen depots that the player does not hold yet.
    pub(crate) fn ship_new_types(&self, p: usize, first: u8, second: Option<u8>) -> [bool; 6] {
        let mut r = [false; 6];
        for t in 0..6 {
            let mut on = self.depot_goods.get(first as usize).map_or(0, |g| g[t]);
            if let Some(s) = second {
                on += self.depot_goods.get(s as usize).map_or(0, |g| g[t]);
            }
            r[t] = on > 0 && self.players[p].goods[t] == 0;
        }
        r
    }
}
