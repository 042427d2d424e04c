//! The legal actions of every step, in ascending id order.

use crate::actions::*;
use crate::data::*;
use crate::hooks::*;
use crate::state::*;
use meeple_core::Action;

impl PuertoRico {
    /// Call `f` with every legal action, ascending.
    pub fn for_each_legal(&self, f: &mut impl FnMut(Action)) {
        if self.nobles.is_some() {
            // Expansion II ids interleave with the Expansion I ones (guest-house moves, builds):
            // sort them.
            let mut buf = [0 as Action; 256];
            let mut len = 0;
            self.legal_unsorted(&mut |a| {
                if len < buf.len() {
                    buf[len] = a;
                    len += 1;
                }
            });
            let v = &mut buf[..len];
            if v.windows(2).any(|w| w[0] > w[1]) {
                v.sort_unstable();
            }
            v.iter().copied().for_each(f);
        } else {
            self.legal_unsorted(f);
        }
    }
    /// Every legal action; ascending without Expansion II.
    pub(crate) fn legal_unsorted(&self, f: &mut impl FnMut(Action)) {
        let p = self.actor();
        let pl = self.player(p);
        match self.step {
            Step::GameOver => {}
            Step::ChooseRole => {
                for (r, s) in self.roles.0.iter().enumerate() {
                    if s.in_play && !s.taken {
                        f(ROLE + r as Action);
                    }
                }
            }
            Step::HaciendaDraw | Step::Refill | Step::LandOfficeDraw => {
                for (k, &c) in self.deck.0.iter().enumerate() {
                    if c > 0 {
                        f(DRAW + k as Action);
                    }
                }
            }
            Step::Hacienda => {
                f(PASS);
                if pl.island_used() >= 12 {
                    return;
                }
                if self.deck.total() + self.discard.total() > 0 {
                    f(HACIENDA_DRAW);
                }
                if self.hut_quarry(p) {
                    f(HACIENDA_QUARRY);
                }
                self.guest_moves(p, f);
            }
            Step::Settle => {
                f(PASS);
                if pl.island_used() >= 12 {
                    return;
                }
                // The library's second tile (acted = n) only while the privilege is doubled.
                let takes = (self.acted as usize) < self.n() || self.doubled;
                for k in 0..NUM_GOODS {
                    if takes && self.plantation_row.0[k] > 0 {
                        f(SETTLE + k as Action);
                    }
                }
                if self.can_take_quarry(p) {
                    f(TAKE_QUARRY);
                }
                if self.new_buildings {
                    if takes && pl.occupied(Building::ForestHouse) && self.forest_left() {
                        for k in 0..NUM_GOODS {
                            if self.plantation_row.0[k] > 0 {
                                f(FOREST + k as Action);
                            }
                        }
                    }
                    self.guest_moves(p, f);
                }
            }
            Step::MayorPrivilege => {
                f(PASS);
                if self.colonist_supply > 0 {
                    f(ACCEPT);
                }
            }
            Step::Hospice | Step::University => {
                f(PASS);
                if self.colonist_supply > 0 || self.colonist_ship > 0 {
                    f(ACCEPT);
                }
            }
            Step::Produce => {
                f(PASS);
                // Only when there is something to produce (a guest-house move may make it).
                if self.can_produce(p) {
                    f(ACCEPT);
                }
                self.guest_moves(p, f);
            }
            Step::Arrange if self.nobles.is_some() && self.arrange_has_colours(p) => {
                self.arrange_colours(p, f);
            }
            Step::Arrange => {
                let (mut mask, _) = self.arrange_mask(p);
                while mask != 0 {
                    let t = mask.trailing_zeros();
                    f(place_id(t as usize));
                    mask &= mask - 1;
                }
            }
            Step::Build => {
                f(PASS);
                let used = pl.city_used();
                let disc = self.discounts(p);
                for b in 0..self.num_buildings() {
                    if self.can_build_with(p, b, used, disc) {
                        f(build_id(b));
                    }
                }
                self.guest_moves(p, f);
            }
            Step::CraftsmanBonus => {
                for g in self.floor as usize..NUM_GOODS {
                    if self.craftsman_kinds & (1 << g) != 0 && self.goods_supply.0[g] > 0 {
                        f(BONUS + g as Action);
                    }
                }
            }
            Step::Trade => {
                f(PASS);
                for g in 0..NUM_GOODS {
                    if self.can_sell(p, g) {
                        f(SELL + g as Action);
                    }
                }
                if self.new_buildings {
                    if pl.occupied(Building::TradingPost) {
                        for g in 0..NUM_GOODS {
                            if pl.goods.0[g] > 0 {
                                f(TRADING_POST + g as Action);
                            }
                        }
                    }
                    self.guest_moves(p, f);
                }
                if self.nobles.is_some() {
                    self.land_office_moves(p, f);
                }
            }
            Step::Load => {
                let mut any = false;
                self.loads(p, &mut |_| any = true);
                if !any {
                    f(PASS);
                }
                self.loads(p, f);
                if self.wharf_available(p) {
                    for g in 0..NUM_GOODS {
                        if pl.goods.0[g] > 0 {
                            f(WHARF + g as Action);
                        }
                    }
                }
                if self.new_buildings {
                    if self.small_wharf_available(p) {
                        for g in 0..NUM_GOODS {
                            if pl.goods.0[g] > 0 {
                                f(SMALL_WHARF + g as Action);
                            }
                        }
                    }
                    self.guest_moves(p, f);
                }
            }
            Step::Warehouse => {
                for g in self.floor as usize..NUM_GOODS {
                    if self.warehouse_ok(p, g) {
                        f(WAREHOUSE + g as Action);
                    }
                }
            }
            Step::Keep => {
                let left = self.keep_left(p);
                let mut suffix = 0u32;
                let mut ok = [false; NUM_GOODS];
                for g in (self.floor as usize..NUM_GOODS).rev() {
                    let a = self.keep_avail(p, g);
                    suffix += a;
                    ok[g] = a > 0 && suffix >= left;
                }
                for g in 0..NUM_GOODS {
                    if ok[g] {
                        f(KEEP + g as Action);
                    }
                }
            }
            Step::Draft => {
                for b in 0..NUM_BUILDINGS {
                    if self.draft_ok(b) {
                        f(draft_id(b));
                    }
                }
            }
            Step::HaciendaForest => {
                f(PASS);
                if self.forest_left() {
                    f(HACIENDA_FOREST);
                }
            }
            Step::BlackMarketColonist => {
                if self.bm_can_skip(1) {
                    f(PASS);
                }
                if self.bm_item_ok() && self.nobles.is_some() {
                    for t in 0..X_TARGETS {
                        if self.bm_person_on(p, t, false) {
                            f(bm_colonist_id(t));
                        }
                    }
                    if self.bm_person_on(p, NUM_TARGETS, false) {
                        f(bm_colonist_id(NUM_TARGETS));
                    }
                    for t in X_TARGETS..NUM_TARGETS {
                        if self.bm_person_on(p, t, false) {
                            f(bm_colonist_id(t));
                        }
                    }
                    for t in 0..=NUM_TARGETS {
                        if self.bm_person_on(p, t, true) {
                            f(crate::actions::BM_NOBLE + t as Action);
                        }
                    }
                } else if self.bm_item_ok() {
                    for t in 0..X_TARGETS {
                        if self.bm_colonist_on(p, t) {
                            f(BM_COLONIST + t as Action);
                        }
                    }
                    if pl.san_juan > 0 {
                        f(BM_COLONIST + X_TARGETS as Action);
                    }
                }
            }
            Step::BlackMarketGood => {
                if self.bm_can_skip(2) {
                    f(PASS);
                }
                if self.bm_item_ok() {
                    for g in 0..NUM_GOODS {
                        if pl.goods.0[g] > 0 {
                            f(BM_GOOD + g as Action);
                        }
                    }
                }
            }
            Step::BlackMarketVp => {
                if self.bm_can_skip(3) {
                    f(PASS);
                }
                if self.bm_item_ok() && pl.vp > 0 {
                    f(BM_VP);
                }
            }
            Step::SmallWharf => {
                f(PASS);
                for g in self.floor as usize..NUM_GOODS {
                    if pl.goods.0[g] > 0 {
                        f(SMALL_WHARF + g as Action);
                    }
                }
            }
            Step::GuestHouse => {
                f(PASS);
                self.guest_moves(p, f);
            }
            Step::ShipNoble => {
                f(ACCEPT);
                f(crate::actions::TAKE_NOBLE);
            }
            Step::LandOffice => {
                f(PASS);
                self.land_office_moves(p, f);
            }
            Step::LandOfficeForest => {
                f(PASS);
                f(HACIENDA_FOREST);
            }
            Step::HuntingLodge => {
                f(PASS);
                self.removals(p, true, f);
            }
            Step::RoyalSupplier => {
                f(PASS);
                self.supplier_moves(p, f);
            }
        }
    }
    pub fn is_legal(&self, action: Action) -> bool {
        let mut found = false;
        self.legal_unsorted(&mut |a| found |= a == action);
        found
    }
    /// How many actions are legal, and one of them (the last in ascending order unless
    /// Expansion II is on; callers use it only when exactly one is legal).
    pub fn count_legal(&self) -> (u32, Action) {
        let mut n = 0;
        let mut last = 0;
        self.legal_unsorted(&mut |a| {
            n += 1;
            last = a;
        });
        (n, last)
    }
}
