//! The modules' parts of the observation tensor: their slots in the base layout (B1, B2,
//! B3) and the blocks that follow it (B4, then the scenario's), in `observe/tensor.rs`'s order.

use crate::geometry::NE;
use crate::state::{Catan, Phase};
use crate::{barbarian_attack, caravans, events, fishermen, rivers, traders, traders_two, two};

impl Catan {
    /// The length of the modules' blocks after the base layout.
    pub(crate) fn module_tensor_len(&self) -> usize {
        (if self.rules.two { two::TENSOR_LEN } else { 0 })
            + if self.modules.caravans.is_some() {
                caravans::TENSOR_LEN
            } else if self.modules.rivers.is_some() {
                rivers::TENSOR_LEN
            } else if self.modules.fishermen.is_some() {
                fishermen::TENSOR_LEN
            } else if self.modules.barbarian_attack.is_some() {
                barbarian_attack::json::tensor_len(self)
            } else if self.modules.traders.is_some() {
                traders::TENSOR_LEN
                    + if self.rules.two {
                        traders_two::TENSOR_LEN
                    } else {
                        0
                    }
            } else {
                0
            }
    }

    /// The base layout's special-card slots (12): per player slot the Harbormaster card and
    /// harbour points / 3 (B3), Friendly Robber protection (B1).
    pub(crate) fn special_cards_tensor(&self, seat: usize, out: &mut [f32]) {
        let g = self;
        let n = g.n();
        let slot = |p: usize| (p + n - seat) % n;
        if g.rules.harbormaster || g.rules.friendly_robber {
            let prot = g.protected_players();
            for p in 0..n {
                let b = 3 * slot(p);
                out[b] = (g.harbormaster as usize == p) as u8 as f32;
                if g.rules.harbormaster {
                    out[b + 1] = g.harbor_points(p) as f32 / 3.0;
                }
                out[b + 2] = (prot & (1 << p) != 0) as u8 as f32;
            }
        }
    }

    /// The base layout's B2 slots ([`crate::observe::tensor::EVENT_LEN`]).
    pub(crate) fn events_tensor(&self, seat: usize, out: &mut [f32]) {
        use events::*;
        let g = self;
        let n = g.n();
        let slot = |p: usize| (p + n - seat) % n;
        if g.rules.event_cards {
            for t in 0..NUM_CARD_TYPES {
                out[t] = g.ev_revealed[t] as f32 / CARD_TYPES[t].2 as f32;
            }
            if (g.last_card as usize) < NUM_CARD_TYPES {
                out[22 + g.last_card as usize] = 1.0;
            }
            if g.ev_kind != EV_NONE {
                out[44 + (g.ev_kind as usize).min(11)] = 1.0;
            }
            for p in 0..n {
                out[56 + slot(p)] = (g.pending & (1 << p) != 0) as u8 as f32;
                out[60 + slot(p)] = (g.recv & (1 << p) != 0) as u8 as f32;
                if (g.damaged[p] as usize) < NE {
                    out[68 + g.damaged[p] as usize] = 1.0;
                    out[68 + NE + slot(p)] = 1.0;
                }
            }
            if matches!(g.phase, Phase::Steal | Phase::ChooseVictim) && (g.thief as usize) < n {
                out[64 + slot(g.thief as usize)] = 1.0;
            }
            let total: u32 = g.ev_revealed.iter().map(|&x| x as u32).sum();
            out[72 + NE] = (NEW_YEAR_AFTER as u32).saturating_sub(total) as f32 / 31.0;
        }
    }

    /// The modules' blocks after the base layout (`out` starts there): B4's, then the
    /// scenario's.
    pub(crate) fn module_tensor(&self, seat: usize, out: &mut [f32]) {
        let g = self;
        if g.rules.two && out.len() >= two::TENSOR_LEN {
            two::view::two_tensor(g, seat, &mut out[..two::TENSOR_LEN]);
        }
        // Each module's block follows the previous one's (B4, then the scenario's).
        let o = if g.rules.two { two::TENSOR_LEN } else { 0 };
        if g.modules.caravans.is_some() {
            caravans::view::tensor(g, seat, &mut out[o..]);
        }
        if g.modules.rivers.is_some() && out.len() >= o + rivers::TENSOR_LEN {
            rivers::tensor(g, seat, &mut out[o..]);
        }
        fishermen::view::tensor(g, seat, &mut out[o..]);
        if g.modules.barbarian_attack.is_some()
            && out.len() >= o + barbarian_attack::json::TENSOR_LEN
        {
            barbarian_attack::json::tensor(g, seat, &mut out[o..]);
        }
        traders::tensor::tensor(g, seat, &mut out[o..]);
    }
}
