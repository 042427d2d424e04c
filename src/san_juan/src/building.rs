//! What a build costs and allows (spec 6.1: reductions, crane, black market), and where goods lie.

use crate::*;

impl SanJuan {
    /// Cost of building `x` for `p`, over slot `t` (or NONE), with every reduction (§6.1).
    pub(crate) fn build_cost(&self, p: usize, x: u8, t: u8) -> u8 {
        let seat = self.seat(p);
        let mut red: u32 = 0;
        if p == self.chooser as usize && self.role == BUILDER {
            red += 1;
            if self.lib_now && seat.has_except(LIBRARY, t) {
                red += 1;
            }
        }
        if is_production(x) && seat.has_except(SMITHY, t) {
            red += 1;
        }
        if is_violet(x) && seat.has_except(QUARRY, t) {
            red += 1;
        }
        if t != NONE {
            if let Some(sl) = seat.slots.get(t as usize) {
                red += COST.get(sl.b as usize).copied().unwrap_or(0) as u32;
            }
        }
        let c = COST.get(x as usize).copied().unwrap_or(0) as u32;
        c.saturating_sub(red) as u8
    }

    /// Goods `p` could pay with through the black market (slot `t` excluded), before any is used.
    pub(crate) fn bm_cap(&self, p: usize, t: u8) -> u32 {
        let seat = self.seat(p);
        if !seat.has_except(BLACK_MARKET, t) {
            return 0;
        }
        let g = seat
            .active()
            .iter()
            .enumerate()
            .filter(|(i, s)| s.good != NONE && *i as u8 != t)
            .count() as u32;
        g.min(2)
    }

    /// Whether `p` may build `x` over `t` (NONE = a new slot) with `hand_avail` cards to pay with.
    pub(crate) fn build_ok(&self, p: usize, x: u8, t: u8, hand_avail: u32) -> bool {
        let seat = self.seat(p);
        if t == NONE {
            if seat.nslots as usize >= MAX_SLOTS {
                return false;
            }
        } else {
            match seat.active().get(t as usize) {
                Some(s) if s.b != CRANE => {}
                _ => return false,
            }
        }
        if is_violet(x) && seat.has_except(x, t) {
            return false;
        }
        self.build_cost(p, x, t) as u32 <= hand_avail + self.bm_cap(p, t)
    }

    pub(crate) fn crane_targets(
        &self,
        p: usize,
        x: u8,
        hand_avail: u32,
    ) -> impl Iterator<Item = u8> + '_ {
        let has_crane = self.seat(p).has(CRANE);
        let n = if has_crane { self.seat(p).nslots } else { 0 };
        (0..n).filter(move |&t| self.build_ok(p, x, t, hand_avail))
    }

    pub(crate) fn can_build(&self, p: usize, x: u8) -> bool {
        let seat = self.seat(p);
        if seat.hand.get(x as usize).copied().unwrap_or(0) == 0 {
            return false;
        }
        let avail = seat.hand_size().saturating_sub(1);
        self.build_ok(p, x, NONE, avail) || self.crane_targets(p, x, avail).next().is_some()
    }

    pub(crate) fn goods_from(&self, p: usize, g: u8, except: u8) -> u32 {
        self.seat(p)
            .active()
            .iter()
            .enumerate()
            .filter(|(i, s)| s.good != NONE && s.b >= g && *i as u8 != except)
            .count() as u32
    }

    pub(crate) fn slot_with_good(&self, p: usize, g: u8, except: u8) -> Option<usize> {
        self.seat(p)
            .active()
            .iter()
            .enumerate()
            .position(|(i, s)| s.good != NONE && s.b == g && i as u8 != except)
    }

    pub(crate) fn empty_slot(&self, p: usize, g: u8) -> Option<usize> {
        self.seat(p)
            .active()
            .iter()
            .position(|s| s.good == NONE && s.b == g)
    }

    pub(crate) fn empty_from(&self, p: usize, g: u8) -> bool {
        self.seat(p)
            .active()
            .iter()
            .any(|s| s.good == NONE && is_production(s.b) && s.b >= g)
    }
}
