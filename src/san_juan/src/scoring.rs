//! Final scores (spec 8), the tie-break and the heuristic's worth of a seat.

use crate::*;

impl SanJuan {
    /// Final-score formula (§8) for seat `p`.
    pub fn score_of(&self, p: usize) -> u32 {
        let seat = self.seat(p);
        let mut s: u32 = 0;
        let mut prod = 0u32;
        let mut violet = 0u32;
        let mut monuments = 0u32;
        for sl in seat.active() {
            s += VP.get(sl.b as usize).copied().unwrap_or(0) as u32;
            if is_production(sl.b) {
                prod += 1;
            } else {
                violet += 1;
            }
            if is_monument(sl.b) {
                monuments += 1;
            }
        }
        s += total(&seat.chapel);
        if seat.has(GUILD_HALL) {
            s += 2 * prod;
        }
        if seat.has(CITY_HALL) {
            s += violet;
        }
        if seat.has(TRIUMPHAL_ARCH) {
            s += match monuments {
                0 => 0,
                1 => 4,
                2 => 6,
                _ => 8,
            };
        }
        if seat.has(PALACE) {
            s += s / 4;
        }
        s
    }

    /// The heuristic's worth of seat `p` (see the docs): points, buildings, cards and goods,
    /// crediting a build in progress, sale proceeds and draws not yet made, so that the small
    /// steps of a good decision do not look bad half-way.
    pub(crate) fn heuristic_value(&self, p: usize) -> f64 {
        const CARD: f64 = 0.4;
        const GOOD: f64 = 0.3;
        const BUILDING: f64 = 0.8;
        let worth = |k: u8| -> f64 {
            match k {
                GUILD_HALL..=PALACE => 5.0,
                _ => VP.get(k as usize).copied().unwrap_or(0) as f64,
            }
        };
        let s = self.seat(p);
        let mut v = self.score_of(p) as f64
            + BUILDING * s.nslots as f64
            + CARD * s.hand_size().min(12) as f64
            + GOOD * s.goods() as f64;
        if p == self.a() {
            match self.phase {
                Phase::BuildTarget | Phase::BuildPay => {
                    let left = if self.phase == Phase::BuildPay {
                        self.left
                    } else {
                        self.build_cost(p, self.bc, NONE)
                    };
                    v += worth(self.bc) + BUILDING - CARD * left as f64;
                    if let Some(t) = s.active().get(self.bt as usize) {
                        if self.phase == Phase::BuildPay {
                            v -= worth(t.b) + BUILDING;
                        }
                    }
                }
                Phase::Sell => v += CARD * self.sum as f64,
                Phase::CouncilKeep => v += CARD * self.left as f64,
                _ => {}
            }
            if self.pending > 0 {
                match self.draw_to {
                    DrawTo::Hand => v += CARD * self.pending as f64,
                    DrawTo::Good(_) => v += GOOD,
                    _ => {}
                }
            }
        }
        v
    }

    pub(crate) fn tie_break(&self, p: usize) -> u32 {
        self.seat(p).hand_size() + self.seat(p).goods()
    }
}
