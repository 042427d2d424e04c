//! Craftsman phase (rules §4.4): production (the factory, Expansion I's aqueduct and specialty
//! factory) and the craftsman's privilege barrels.

use crate::data::*;
use crate::format::*;
use crate::hooks::*;
use crate::state::*;

impl PuertoRico {
    pub(crate) fn craft_next(&mut self) {
        let optional = self.config.bool("craftsman_optional_production");
        loop {
            if self.acted as usize >= self.n() {
                return self.craft_bonus();
            }
            let p = self.actor();
            if self.nobles.is_some() {
                self.craft_nobles(p);
            }
            if optional {
                if self.can_produce(p) || self.guests_enable(p, Step::Produce, Self::can_produce) {
                    self.step = Step::Produce;
                    return;
                }
            } else {
                self.produce(p);
            }
            self.acted += 1;
        }
    }
    /// Whether `p`'s occupied tiles make a barrel the supply still has.
    pub(crate) fn can_produce(&self, p: usize) -> bool {
        let prod = self.player(p).production();
        (0..NUM_GOODS).any(|g| prod[g] > 0 && self.goods_supply.0[g] > 0)
    }
    pub(crate) fn produce(&mut self, p: usize) {
        let prod = self.player(p).production();
        let mut kinds = 0u32;
        let mut got = [0u8; NUM_GOODS];
        let aqueduct = self.new_buildings && self.player(p).occupied(Building::Aqueduct);
        for (g, &want) in prod.iter().enumerate() {
            let mut amt = want.min(self.goods_supply.0[g]);
            // Aqueduct (rules §8.4, A38): barrels go to the large plant first; one made there
            // brings one more barrel of that kind.
            if aqueduct && amt > 0 && amt < self.goods_supply.0[g] {
                let large = match g {
                    1 => Some(Building::IndigoPlant),
                    2 => Some(Building::SugarMill),
                    _ => None,
                };
                if let Some(l) = large {
                    if self.player(p).buildings.colonists(l as usize) > 0 {
                        amt += 1;
                    }
                }
            }
            if amt > 0 {
                self.goods_supply.0[g] -= amt;
                self.pm(p).goods.0[g] += amt;
                got[g] = amt;
                kinds += 1;
                if p == self.chooser as usize {
                    self.craftsman_kinds |= 1 << g;
                }
            }
        }
        if self.player(p).occupied(Building::Factory) {
            let bonus = [0, 0, 1, 2, 3, 5][kinds as usize % 6];
            let pl = self.pm(p);
            pl.doubloons = pl.doubloons.saturating_add(bonus);
        }
        if self.new_buildings {
            if p == self.chooser as usize {
                self.craft_received = PerGood(got);
            }
            if self.player(p).occupied(Building::SpecialtyFactory) {
                // N - 1 doubloons for the most barrels of one non-corn kind.
                let most = got[1..].iter().copied().max().unwrap_or(0) as u32;
                let pl = self.pm(p);
                pl.doubloons = pl.doubloons.saturating_add(most.saturating_sub(1));
            }
        }
    }
    pub(crate) fn craft_bonus(&mut self) {
        self.acted = 0;
        self.floor = 0;
        self.todo = 1 + self.doubled as u8;
        self.craft_bonus_next();
    }
    /// The craftsman's privilege barrels still to take (`todo`; 2 with a library, in
    /// non-decreasing kind order from `floor`). A forced choice is taken automatically.
    pub(crate) fn craft_bonus_next(&mut self) {
        loop {
            let opts = self.craftsman_kinds & self.goods_supply.mask() & !((1u8 << self.floor) - 1);
            if self.todo == 0 || opts == 0 {
                self.todo = 0;
                self.craft_received = PerGood::default();
                return self.end_role();
            }
            if opts.count_ones() > 1 {
                self.step = Step::CraftsmanBonus;
                return;
            }
            self.bonus_barrel(opts.trailing_zeros() as usize);
        }
    }
    /// The craftsman takes one privilege barrel of g.
    pub(crate) fn bonus_barrel(&mut self, g: usize) {
        let p = self.chooser as usize;
        self.goods_supply.0[g] -= 1;
        self.pm(p).goods.0[g] += 1;
        self.todo = self.todo.saturating_sub(1);
        self.floor = g as u8;
        if self.new_buildings
            && g > 0
            && self.config.bool("specialty_factory_counts_privilege")
            && self.player(p).occupied(Building::SpecialtyFactory)
        {
            // E4: the privilege barrel counts; pay the increase of the best kind.
            let before = self.craft_received.0[1..]
                .iter()
                .copied()
                .max()
                .unwrap_or(0);
            self.craft_received.0[g] += 1;
            let after = self.craft_received.0[1..]
                .iter()
                .copied()
                .max()
                .unwrap_or(0);
            let pay = after.saturating_sub(1) - before.saturating_sub(1);
            let pl = self.pm(p);
            pl.doubloons = pl.doubloons.saturating_add(pay as u32);
        }
    }
}
