//! B4 Catan for Two as shown: its part of the observation, its lines of the text rendering and
//! its tensor block.

use super::*;
use crate::geometry::{bits128, bits64, NE, NV};
use crate::state::{Catan, Phase};
use serde_json::{json, Value};

/// B4's part of the observation.
pub(crate) fn observe(g: &Catan, o: &mut Value) {
    let geo = g.geo();
    if let Some(t) = g.modules.two.as_deref() {
        o["two"] = json!({
            "tokens": t.tokens,
            "token_supply": g.token_supply(),
            "token_price": [g.token_price(0), g.token_price(1)],
            "knights_discarded": t.knights_discarded,
            "neutrals": NEUTRALS.iter().enumerate().map(|(k, &s)| json!({
                "name": NEUTRAL_NAMES[k],
                "seat": s,
                "settlements": bits64(g.settlements[s]).map(|v| geo.vertex_name(v)).collect::<Vec<_>>(),
                "roads": bits128(g.roads[s]).map(|e| geo.edge_name(e)).collect::<Vec<_>>(),
                "road_length": g.road_len[s],
            })).collect::<Vec<_>>(),
            "rolls_this_turn": t.rolls,
            "first_roll": if t.rolls > 0 { json!(t.first_roll) } else { Value::Null },
            "knight_discarded_this_turn": t.knight_discarded,
            "token_actions_this_turn": t.token_actions,
            "neutral_build": match t.neutral_build { BUILD_ROAD => json!("road"), BUILD_SETTLEMENT => json!("settlement"), _ => Value::Null },
            "forced_take_left": t.forced_take,
            "forced_give_left": t.forced_give,
        });
    }
}

/// B4's lines of the text rendering.
pub(crate) fn render(g: &Catan, s: &mut String) {
    let geo = g.geo();
    if let Some(t) = g.modules.two.as_deref() {
        for (k, &ns) in NEUTRALS.iter().enumerate() {
            s.push_str(&format!(
                "neutral {}: settlements {:?} roads {} road {}{}\n",
                NEUTRAL_NAMES[k],
                bits64(g.settlements[ns])
                    .map(|v| geo.vertex_name(v))
                    .collect::<Vec<_>>(),
                g.roads[ns].count_ones(),
                g.road_len[ns],
                if g.longest_road as usize == ns {
                    " [longest road]"
                } else {
                    ""
                },
            ));
        }
        s.push_str(&format!(
            "trade tokens {:?}, supply {}, rolls this turn {}\n",
            t.tokens,
            g.token_supply(),
            t.rolls
        ));
    }
}

/// B4 block: neutral settlements per vertex (2 x 54) and roads per edge (2 x 72), neutral road
/// lengths (2), neutral holds Longest Road (2), tokens per slot (2), token price per slot (2),
/// knights discarded per slot (2), supply / 20, rolls this turn, first roll one-hot (11), knight
/// discarded this turn, token actions this turn, phase one-hot (neutral_build, forced_take,
/// forced_give), neutral piece to build (road, settlement), forced-trade cards to take / give.
pub(crate) fn two_tensor(g: &Catan, seat: usize, out: &mut [f32]) {
    let Some(t) = g.modules.two.as_deref() else {
        return;
    };
    let slot = |p: usize| (p + 2 - seat.min(1)) % 2;
    let mut o = 0;
    for &s in &NEUTRALS {
        for v in bits64(g.settlements[s]) {
            out[o + v] = 1.0;
        }
        o += NV;
    }
    for &s in &NEUTRALS {
        // Edges past 72 (B9 boards) are in the scenario's block.
        for e in bits128(g.roads[s]).filter(|&e| e < NE) {
            out[o + e] = 1.0;
        }
        o += NE;
    }
    for (k, &s) in NEUTRALS.iter().enumerate() {
        out[o + k] = g.road_len[s] as f32;
        out[o + 2 + k] = (g.longest_road as usize == s) as u8 as f32;
    }
    o += 4;
    for p in 0..2 {
        out[o + slot(p)] = t.tokens[p] as f32;
        out[o + 2 + slot(p)] = g.token_price(p) as f32;
        out[o + 4 + slot(p)] = t.knights_discarded[p] as f32;
    }
    o += 6;
    out[o] = g.token_supply() as f32 / TOKENS_TOTAL as f32;
    out[o + 1] = t.rolls as f32;
    if t.rolls > 0 && (2..=12).contains(&t.first_roll) {
        out[o + 2 + t.first_roll as usize - 2] = 1.0;
    }
    o += 13;
    out[o] = t.knight_discarded as u8 as f32;
    out[o + 1] = t.token_actions as f32;
    o += 2;
    match g.phase {
        Phase::NeutralBuild => out[o] = 1.0,
        Phase::ForcedTake => out[o + 1] = 1.0,
        Phase::ForcedGive => out[o + 2] = 1.0,
        _ => {}
    }
    o += 3;
    if t.neutral_build == BUILD_ROAD {
        out[o] = 1.0;
    } else if t.neutral_build == BUILD_SETTLEMENT {
        out[o + 1] = 1.0;
    }
    o += 2;
    out[o] = t.forced_take as f32;
    out[o + 1] = t.forced_give as f32;
    o += 2;
    debug_assert_eq!(o, TENSOR_LEN);
}
