//! B9 observation tensor block.

use super::*;

/// The scenario's tensor block: per edge (80) barbarian, spoke; roads on the edges past 72 per
/// slot (8 x 4); per vertex (64) wagon per slot (4) and plaza role one-hot (3); per slot (4 x 11)
/// gold / 10, wagon card one-hot (5), carried commodity one-hot (4), delivered tokens; stacks
/// (3 x 4 / 6); turn: purchases, wagon begun, action open, movement points / 7, movement
/// actions, travelled, grain used, tried per barbarian (3); step one-hot (5), barbarian being
/// moved one-hot (3), stack being drawn one-hot (3), move after a 7 or Knight; gold offer on the
/// table one-hot (40), gold offers made this turn (40).
pub(crate) fn tensor(g: &Catan, seat: usize, out: &mut [f32]) {
    let Some(t) = g.modules.traders.as_deref() else {
        return;
    };
    if out.len() < TENSOR_LEN {
        return;
    }
    let geo = g.geo();
    let n = g.n();
    let slot = |p: usize| (p + n - seat) % n;
    let mut o = 0;
    for e in 0..MAX_TB_EDGES.min(geo.ne) {
        out[o + 2 * e] = (t.barbarian_mask() & (1u128 << e) != 0) as u8 as f32;
        out[o + 2 * e + 1] = (geo.spokes & (1u128 << e) != 0) as u8 as f32;
    }
    o += 2 * MAX_TB_EDGES;
    for e in NE..geo.ne.min(MAX_TB_EDGES) {
        // With Catan for Two (2 players) slots 2 and 3 hold the neutrals N1, N2.
        for p in 0..g.road_seats() {
            if g.roads[p] & (1u128 << e) != 0 {
                out[o + 4 * (e - NE) + if p < n { slot(p) } else { p }] = 1.0;
            }
        }
    }
    o += 4 * (MAX_TB_EDGES - NE);
    for p in 0..n {
        if (t.wagon[p] as usize) < 64 {
            out[o + 7 * t.wagon[p] as usize + slot(p)] = 1.0;
        }
    }
    for v in crate::geometry::bits64(geo.plazas) {
        if let Some(r) = g.tb_role_at(v) {
            out[o + 7 * v + 4 + r as usize % 3] = 1.0;
        }
    }
    o += 64 * 7;
    for p in 0..n {
        let b = o + 11 * slot(p);
        out[b] = t.gold[p] as f32 / 10.0;
        out[b + (t.card[p] as usize).clamp(1, 5)] = 1.0;
        if t.carrying[p] != NONE {
            out[b + 6 + t.carrying[p] as usize % 4] = 1.0;
        }
        out[b + 10] = t.delivered[p] as f32;
    }
    o += 44;
    for r in 0..3 {
        for c in 0..4 {
            out[o + 4 * r + c] = t.stacks[r][c] as f32 / 6.0;
        }
    }
    o += 12;
    out[o] = t.purchases as f32;
    out[o + 1] = t.wagon_begun as u8 as f32;
    out[o + 2] = t.action_open as u8 as f32;
    out[o + 3] = t.mp as f32 / 7.0;
    out[o + 4] = t.actions as f32;
    out[o + 5] = t.travelled as u8 as f32;
    out[o + 6] = t.grain_used as u8 as f32;
    for i in 0..3 {
        out[o + 7 + i] = (t.tried & (1 << i) != 0) as u8 as f32;
    }
    o += 10;
    let step = match t.step {
        Step::None => 0,
        Step::DriveOffDie => 1,
        Step::TakeBarbarian => 2,
        Step::PlaceBarbarian => 3,
        Step::DrawToken => 4,
    };
    out[o + step] = 1.0;
    if matches!(t.step, Step::DriveOffDie | Step::PlaceBarbarian) {
        out[o + 5 + t.barb as usize % 3] = 1.0;
    }
    if t.step == Step::DrawToken {
        out[o + 8 + t.draw_role as usize % 3] = 1.0;
    }
    out[o + 11] = t.steal_after as u8 as f32;
    o += 12;
    let nb = crate::NUM_OFFERS as usize;
    if matches!(g.phase, Phase::TradeResponse | Phase::TradeDecision) && g.offer as usize >= nb {
        out[o + (g.offer as usize - nb).min(39)] = 1.0;
    }
    for j in 0..40 {
        if g.offers_used & (1u128 << (nb + j)) != 0 {
            out[o + 40 + j] = 1.0;
        }
    }
    o += 80;
    debug_assert_eq!(o, TENSOR_LEN);
    if g.rules.two {
        crate::traders_two::tensor(t, &mut out[o..]);
    }
}
