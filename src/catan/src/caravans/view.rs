//! B7 in the observation and the tensor.

use super::*;

/// Observation of the scenario (public).
pub(crate) fn observation(g: &Catan) -> Value {
    let Some(c) = &g.modules.caravans else {
        return Value::Null;
    };
    let geo = Geometry::base();
    let n = g.n();
    let (l, k) = c.spots();
    let pos = CaravansPos::from_state(c, g.phase, n);
    json!({
        "oasis": geo.hexes[c.oasis as usize],
        "arrows": pos.arrows,
        "camels": bits128(c.camels).map(|e| geo.edge_name(e)).collect::<Vec<_>>(),
        "heads": c.heads.iter().map(|&h| if h == NONE { Value::Null } else { json!(geo.vertex_name(h as usize)) }).collect::<Vec<_>>(),
        "camels_left": c.supply(),
        "spots": l[..k].iter().map(|&s| spot_label(s)).collect::<Vec<_>>(),
        "bonus_vertices": bits64(c.bonus_verts).map(|v| geo.vertex_name(v)).collect::<Vec<_>>(),
        "built_this_turn": c.built,
        "camels_owed": c.owed,
        "bids": pos.bids,
        "declared": c.declared[..n].iter().map(|&s| if s == NONE { Value::Null } else { json!(spot_label(s)) }).collect::<Vec<_>>(),
    })
}

pub(crate) fn tensor(g: &Catan, seat: usize, out: &mut [f32]) {
    let Some(c) = &g.modules.caravans else { return };
    if out.len() < TENSOR_LEN {
        return;
    }
    let n = g.n();
    let slot = |p: usize| (p + n - seat) % n;
    let mut o = 0;
    out[o + c.oasis as usize] = 1.0;
    o += NH;
    for &v in &c.arrow_vertex {
        if (v as usize) < NV {
            out[o + v as usize] = 1.0;
        }
    }
    o += NV;
    for e in bits128(c.camels) {
        out[o + e] = 1.0;
    }
    o += NE;
    for &h in &c.heads {
        if (h as usize) < NV {
            out[o + h as usize] = 1.0;
        }
    }
    o += NV;
    let (l, k) = c.spots();
    for &s in &l[..k] {
        out[o + s as usize] = 1.0;
    }
    o += 2 * NE;
    let votes = g.camel_votes();
    let total: u32 = votes.iter().sum();
    for p in 0..n {
        if c.declared[p] != NONE && total > 0 {
            out[o + c.declared[p] as usize] += votes[p] as f32 / total as f32;
        }
    }
    o += 2 * NE;
    for p in 0..n {
        out[o + 2 * slot(p)] = c.bids[p][0] as f32;
        out[o + 2 * slot(p) + 1] = c.bids[p][1] as f32;
        out[o + 8 + slot(p)] = c.bonus(g.settlements[p] | g.cities[p]) as f32;
    }
    o += 12;
    out[o] = c.supply() as f32 / CAMELS as f32;
    out[o + 1] = c.owed as f32;
    out[o + 2] = c.built as f32;
    out[o + 3] = (g.robber as usize >= NH) as u8 as f32;
    o += 4;
    let k = match g.phase {
        Phase::CamelBidWool => Some(0),
        Phase::CamelBidGrain => Some(1),
        Phase::CamelDeclare => Some(2),
        Phase::CamelPick => Some(3),
        _ => None,
    };
    if let Some(k) = k {
        out[o + k] = 1.0;
    }
    o += 4;
    debug_assert_eq!(o, TENSOR_LEN);
}

/// B7's part of a player's observation.
pub(crate) fn observe_player(g: &Catan, p: usize, v: &mut Value) {
    if let Some(c) = &g.modules.caravans {
        v["camel_bonus"] = json!(c.bonus(g.settlements[p] | g.cities[p]));
    }
}

/// B7's line of the text rendering.
pub(crate) fn render(g: &Catan, s: &mut String) {
    let geo = g.geo();
    if let Some(c) = &g.modules.caravans {
        let (l, k) = c.spots();
        s.push_str(&format!(
            "caravans: oasis {}, arrows {:?}, robber {}, camels [{}] ({} left), heads {:?}, spots [{}]\n",
            geo.hex_name(c.oasis as usize),
            arrow_names(c.orientation),
            g.robber_hex().map_or("beside the board".to_string(), |h| geo.hex_name(h)),
            bits128(c.camels).map(|e| geo.edge_name(e)).collect::<Vec<_>>().join(" "),
            c.supply(),
            c.heads.iter().map(|&h| if h == NONE { "-".to_string() } else { geo.vertex_name(h as usize) }).collect::<Vec<_>>(),
            l[..k].iter().map(|&x| spot_label(x)).collect::<Vec<_>>().join(", "),
        ));
    }
}
