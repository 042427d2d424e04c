//! B5 in the observation, the tensor, determinization, evaluation and the rendering.

use super::*;

pub(crate) fn observe(g: &Catan, seat: usize, o: &mut Value) {
    let Some(f) = g.fish() else {
        return;
    };
    let n = g.n();
    let geo = Geometry::base();
    let drawing = matches!(g.phase, Phase::FishDraw | Phase::FishSwap);
    if let Some(ps) = o["players"].as_array_mut() {
        for (p, v) in ps.iter_mut().enumerate() {
            v["fish_tokens"] = json!(f.fish_count(p));
            v["holds_boot"] = json!(f.held[p][0] > 0);
            v["victory_target"] = json!(g.victory_target(p));
            if p == seat {
                v["fish"] = json!(Tokens::from_array([
                    0,
                    f.held[p][1],
                    f.held[p][2],
                    f.held[p][3]
                ]));
            }
        }
    }
    o["fishermen"] = json!({
        "lake": geo.hexes[f.lake as usize],
        "fishing_grounds": grounds_json(&f.grounds),
        "supply_count": f.supply_total(),
        "boot_in_supply": f.supply[0] > 0,
        "spent": Tokens::from_array(f.spent),
        "robber_beside_board": !g.robber_on_board(),
        "drawer": if drawing { json!(g.fish_drawer()) } else { Value::Null },
        "draws_owed": if drawing { json!(f.draws[..n]) } else { json!([]) },
        "may_swap": (0..n).filter(|&p| drawing && f.swap & (1 << p) != 0).collect::<Vec<_>>(),
        "stealing": f.stealing,
    });
    if f.stealing {
        o["thief"] = json!(g.thief);
    }
}

pub(crate) fn tensor(g: &Catan, seat: usize, out: &mut [f32]) {
    let Some(f) = g.fish() else {
        return;
    };
    if out.len() < TENSOR_LEN {
        return;
    }
    let n = g.n();
    let slot = |p: usize| (p + n - seat) % n;
    let mut o = 0;
    for v in 0..NV {
        if let Some(gr) = f.vertex_ground(v) {
            out[o] = gr.number as f32 / 12.0;
        }
        out[o + 1] = (f.lake_corners & (1u64 << v) != 0) as u8 as f32;
        o += 2;
    }
    out[o + f.lake as usize] = 1.0;
    o += NH;
    out[o] = (!g.robber_on_board()) as u8 as f32;
    out[o + 1] = f.supply_total() as f32 / 30.0;
    out[o + 2] = f.supply[0] as f32;
    for v in 1..4 {
        out[o + 2 + v] = f.spent[v] as f32 / TOKEN_TOTALS[v] as f32;
    }
    o += 6;
    let drawing = matches!(g.phase, Phase::FishDraw | Phase::FishSwap);
    for p in 0..n {
        let b = o + 4 * slot(p);
        out[b] = f.fish_count(p) as f32 / 7.0;
        out[b + 1] = f.held[p][0] as f32;
        if drawing {
            out[b + 2] = f.draws[p] as f32;
            out[b + 3] = (f.swap & (1 << p) != 0) as u8 as f32;
        }
    }
    o += 16;
    for v in 1..4 {
        out[o + v - 1] = f.held[seat][v] as f32;
    }
    o += 3;
    match g.phase {
        Phase::FishDraw => out[o] = 1.0,
        Phase::FishSwap => out[o + 1] = 1.0,
        Phase::FishTake => out[o + 2] = 1.0,
        Phase::FishRoad => out[o + 3] = 1.0,
        _ => {}
    }
    o += 4;
    out[o] = f.stealing as u8 as f32;
    debug_assert_eq!(o + 1, TENSOR_LEN);
}

/// Resample what `seat` cannot see of the fish: the values of the other players' tokens and the
/// supply's content (their counts, the boot's place and the spent pile are public). The unseen
/// tokens are dealt uniformly (what card counting of a reshuffled supply would tell is not used).
pub(crate) fn determinize(d: &mut Catan, seat: usize, rng: &mut GameRng) {
    let n = d.n();
    let Some(f) = d.modules.fishermen.as_deref_mut() else {
        return;
    };
    let others: Vec<usize> = (0..n).filter(|&p| p != seat).collect();
    let mut pool: Vec<u8> = Vec::new();
    for v in 1..4 {
        let c = f.supply[v] as usize + others.iter().map(|&p| f.held[p][v] as usize).sum::<usize>();
        pool.extend(std::iter::repeat_n(v as u8, c));
    }
    rng.shuffle(&mut pool);
    let mut it = pool.into_iter();
    for &p in &others {
        let c = f.fish_count(p);
        for v in 1..4 {
            f.held[p][v] = 0;
        }
        for _ in 0..c {
            if let Some(v) = it.next() {
                f.held[p][v as usize] += 1;
            }
        }
    }
    for v in 1..4 {
        f.supply[v] = 0;
    }
    for v in it {
        f.supply[v as usize] += 1;
    }
}

/// Heuristic worth of the module for `p` as `seat` sees it: 0.06 per fish (others: 2 per token,
/// the mean value), minus 0.7 for holding the boot (one more point to win).
pub(crate) fn evaluate(g: &Catan, seat: usize, p: usize) -> f64 {
    let Some(f) = g.fish() else {
        return 0.0;
    };
    let fish = if p == seat {
        f.fish_value(p) as f64
    } else {
        2.0 * f.fish_count(p) as f64
    };
    0.06 * fish - 0.7 * f.held[p][0] as f64
}

pub(crate) fn render(g: &Catan) -> String {
    let Some(f) = g.fish() else {
        return String::new();
    };
    let geo = Geometry::base();
    format!(
        "fishermen: lake {}, grounds {}, robber {}, supply {} (boot {}), spent {:?}, held {:?}\n",
        geo.hex_name(f.lake as usize),
        f.grounds
            .iter()
            .map(|gr| format!("({},{})={}", gr.sea.0, gr.sea.1, gr.number))
            .collect::<Vec<_>>()
            .join(" "),
        if g.robber_on_board() {
            "on the board"
        } else {
            "beside the board"
        },
        f.supply_total(),
        if f.supply[0] > 0 { "in" } else { "out" },
        &f.spent[1..],
        (0..g.n()).map(|p| f.held[p]).collect::<Vec<_>>()
    )
}
