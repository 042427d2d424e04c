//! Trader phase (rules §4.5): one sale each to the trading house (or Expansion I's trading
//! post), the privilege and the markets, and emptying a full house.

use crate::data::*;
use crate::format::*;
use crate::hooks::*;
use crate::state::*;

impl PuertoRico {
    pub(crate) fn can_sell(&self, p: usize, g: usize) -> bool {
        self.player(p).goods.0[g] > 0
            && self.trading_house.total() < 4
            && (self.trading_house.0[g] == 0 || self.player(p).occupied(Building::Office))
    }
    /// The trader's turn has a sale (trading house or trading post).
    pub(crate) fn trade_available(&self, p: usize) -> bool {
        (0..NUM_GOODS).any(|g| self.can_sell(p, g))
            || (self.new_buildings
                && self.player(p).occupied(Building::TradingPost)
                && self.player(p).goods.total() > 0)
    }
    pub(crate) fn trade_next(&mut self) {
        loop {
            if self.acted as usize >= self.n()
                || (self.trading_house.total() >= 4 && !self.new_buildings && self.nobles.is_none())
            {
                if self.trading_house.total() >= 4 {
                    for g in 0..NUM_GOODS {
                        self.goods_supply.0[g] += self.trading_house.0[g];
                    }
                    self.trading_house = PerGood::default();
                }
                return self.end_role();
            }
            let p = self.actor();
            if self.trade_turn(p) || self.guests_enable(p, Step::Trade, Self::trade_turn) {
                self.step = Step::Trade;
                return;
            }
            self.acted += 1;
        }
    }
    /// Whether `p` has a move on his trader turn: a sale, or (Expansion II) his land office.
    pub(crate) fn trade_turn(&self, p: usize) -> bool {
        self.trade_available(p) || (self.nobles.is_some() && self.land_office_available(p))
    }
    /// Expansion I trading post: one barrel to the supply at the normal price plus the trader's
    /// privilege; the markets add nothing.
    pub(crate) fn trading_post(&mut self, p: usize, g: usize) {
        let privilege = if p == self.chooser as usize {
            1 + self.doubled as u32
        } else {
            0
        };
        self.goods_supply.0[g] += 1;
        let pl = self.pm(p);
        pl.goods.0[g] -= 1;
        pl.doubloons = pl.doubloons.saturating_add(GOODS[g].price() + privilege);
    }
    pub(crate) fn sell(&mut self, p: usize, g: usize) {
        self.trading_house.0[g] += 1;
        let trader = (p == self.chooser as usize) as u32 * (1 + self.doubled as u32);
        let pl = self.pm(p);
        pl.goods.0[g] -= 1;
        let mut pay = GOODS[g].price() + trader;
        if pl.occupied(Building::SmallMarket) {
            pay += 1;
        }
        if pl.occupied(Building::LargeMarket) {
            pay += 2;
        }
        pl.doubloons = pl.doubloons.saturating_add(pay);
    }
}
