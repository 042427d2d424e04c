//! The legal actions of each phase, in ascending id order.

use crate::*;

impl SanJuan {
    pub(crate) fn legal_acts(&self) -> Acts {
        let mut out = Acts::new();
        self.legal_into(&mut out);
        out
    }

    pub(crate) fn legal_into(&self, out: &mut Acts) {
        let p = self.a();
        let seat = self.seat(p);
        match self.phase {
            Phase::GameOver => {}
            _ if self.pending > 0 => {
                for k in 0..KINDS {
                    if self.supply[k] > 0 {
                        out.push(CARD0 + k as Action);
                    }
                }
            }
            Phase::TileReveal => {
                let seen = (self.trades as usize).min(5);
                for t in 0..5u8 {
                    if !self.tiles[..seen].contains(&t) {
                        out.push(t as Action);
                    }
                }
            }
            Phase::PickRole => {
                for r in 0..5 {
                    if self.roles[r] == NONE {
                        out.push(ROLE0 + r as Action);
                    }
                }
            }
            Phase::Library | Phase::CouncilOffer | Phase::ProspectOffer | Phase::GoldOffer => {
                out.extend([PASS, USE_LIBRARY])
            }
            Phase::Draft | Phase::HandLimit | Phase::CouncilDiscard => {
                let left = self.left as u32;
                let mut from = count_from(&seat.hand, self.floor);
                for k in self.floor as usize..KINDS {
                    if seat.hand[k] > 0 && from >= left {
                        out.push(CARD0 + k as Action);
                    }
                    from -= seat.hand[k] as u32;
                }
            }
            Phase::CouncilKeep => {
                let left = self.left as u32;
                let mut from = count_from(&self.drawn, self.floor);
                for k in self.floor as usize..KINDS {
                    if self.drawn[k] > 0 && from >= left {
                        out.push(CARD0 + k as Action);
                    }
                    from -= self.drawn[k] as u32;
                }
            }
            Phase::Chapel => {
                out.push(PASS);
                for k in 0..KINDS {
                    if seat.hand[k] > 0 {
                        out.push(CARD0 + k as Action);
                    }
                }
            }
            Phase::GoldKeep => {
                for k in 0..KINDS {
                    if self.revealed[k] > 0 {
                        out.push(CARD0 + k as Action);
                    }
                }
            }
            Phase::Build => {
                out.push(PASS);
                for k in 0..KINDS as u8 {
                    if self.can_build(p, k) {
                        out.push(CARD0 + k as Action);
                    }
                }
            }
            Phase::BuildTarget => {
                let avail = seat.hand_size();
                if self.build_ok(p, self.bc, NONE, avail) {
                    out.push(PASS);
                }
                for t in self.crane_targets(p, self.bc, avail) {
                    out.push(SLOT0 + t as Action);
                }
            }
            Phase::BuildPay => {
                let left_after = (self.left as u32).saturating_sub(1);
                if self.floor < 5 && self.bm < 2 && seat.has_except(BLACK_MARKET, self.bt) {
                    for g in self.floor..5 {
                        if self.slot_with_good(p, g, self.bt).is_some() {
                            // After paying g: floor g, one good of type >= g fewer.
                            let goods = self
                                .goods_from(p, g, self.bt)
                                .saturating_sub(1)
                                .min(2u32.saturating_sub(self.bm as u32 + 1));
                            if left_after <= goods + seat.hand_size() {
                                out.push(GOOD0 + g as Action);
                            }
                        }
                    }
                }
                let kmin = self.floor.saturating_sub(5) as usize;
                let mut from = count_from(&seat.hand, kmin as u8);
                for k in kmin..KINDS {
                    if seat.hand[k] > 0 && left_after < from {
                        out.push(CARD0 + k as Action);
                    }
                    from -= seat.hand[k] as u32;
                }
                // Goods ids (36..41) come after card ids (7..36).
                out.sort_unstable();
            }
            Phase::Produce => {
                out.push(PASS);
                if self.cards_available() > 0 {
                    for g in self.floor..5 {
                        if self.empty_slot(p, g).is_some() {
                            out.push(GOOD0 + g as Action);
                        }
                    }
                }
            }
            Phase::Sell => {
                out.push(PASS);
                for g in self.floor..5 {
                    if self.slot_with_good(p, g, NONE).is_some() {
                        out.push(GOOD0 + g as Action);
                    }
                }
            }
            Phase::BuildBonus
            | Phase::Well
            | Phase::SellDraws
            | Phase::CouncilDraw
            | Phase::ProspectDraw
            | Phase::GoldReveal => {}
        }
    }

    pub(crate) fn phase_name(&self) -> &'static str {
        repr::phase_name(self.phase)
    }
}
