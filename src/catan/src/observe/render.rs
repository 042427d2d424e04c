//! The text rendering of a state (playthrough files).

use super::*;

pub fn render(g: &Catan) -> String {
    let geo = g.geo();
    let n = g.n();
    let mut s = String::new();
    s.push_str(&format!(
        "Catan, {n} players, turn {} ({}), phase {}, player {} to act\n",
        g.turns_played + 1,
        if g.rolled {
            format!("rolled {}", g.last_roll)
        } else {
            "not rolled".into()
        },
        phase_name(g.phase),
        match g.turn() {
            Turn::Player(p) => p.to_string(),
            Turn::Chance => "chance".into(),
            Turn::Terminal => "none".into(),
        }
    ));
    for r in -2..=2i32 {
        s.push_str(&" ".repeat((r.unsigned_abs() * 6) as usize));
        for q in -2..=2i32 {
            if let Some(h) = geo.hex_id(q, r) {
                let t = if g.board.terrain[h] == crate::board::TRADE {
                    // B9: a trade hex is named by its role.
                    crate::board::TRADE_ROLES
                        .get(g.board.trade_role[h] as usize)
                        .copied()
                        .unwrap_or("trade")
                } else {
                    TERRAINS[(g.board.terrain[h] as usize).min(TERRAINS.len() - 1)]
                };
                let tok = g.board.token[h];
                // B9 parks the (unused) robber on a trade hex: nothing to show.
                let robber = if g.robber_hex() == Some(h) && g.robber_shown() {
                    "*"
                } else {
                    " "
                };
                s.push_str(&format!(
                    "{:>9}{:<2}{} ",
                    &t[..t.len().min(9)],
                    if tok == 0 {
                        String::new()
                    } else {
                        tok.to_string()
                    },
                    robber
                ));
            }
        }
        s.push('\n');
    }
    s.push_str(&format!(
        "bank {:?}, development deck {}\n",
        g.bank,
        g.deck.iter().map(|&x| x as u32).sum::<u32>()
    ));
    for p in 0..n {
        s.push_str(&format!(
            "player {p}: {} VP ({} public), hand {:?}, dev {:?}, knights {}, road {}{}{}\n  settlements {:?} cities {:?} roads {}\n",
            g.vp(p),
            g.public_vp(p),
            g.hand[p],
            g.dev[p],
            g.dev_played[p][KNIGHT],
            g.road_len[p],
            if g.longest_road as usize == p { " [longest road]" } else { "" },
            if g.largest_army as usize == p { " [largest army]" } else { "" },
            bits64(g.settlements[p]).map(|v| geo.vertex_name(v)).collect::<Vec<_>>(),
            bits64(g.cities[p]).map(|v| geo.vertex_name(v)).collect::<Vec<_>>(),
            g.roads[p].count_ones(),
        ));
    }
    let harbors: Vec<String> = (0..g.geo().ne)
        .filter(|&e| g.board.edge_harbor[e] != NONE)
        .map(|e| {
            format!(
                "{} {}",
                geo.edge_name(e),
                HARBOR_KINDS[g.board.edge_harbor[e] as usize]
            )
        })
        .collect();
    s.push_str(&format!("harbors: {}\n", harbors.join(", ")));
    g.module_render(&mut s);
    if g.phase == Phase::GameOver {
        s.push_str(&format!(
            "game over: winners {:?}{}\n",
            g.winners(),
            if g.truncated { " (turn limit)" } else { "" }
        ));
    }
    s
}
