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
                let robber = if g.robber_hex() == Some(h) && g.traders.is_none() {
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
    if g.rules.event_cards {
        s.push_str(&format!(
            "event cards: last {}, revealed since rebuild {}, damaged roads {:?}\n",
            if (g.last_card as usize) < crate::events::NUM_CARD_TYPES {
                crate::events::card_name(g.last_card as usize)
            } else {
                "none".into()
            },
            g.ev_revealed.iter().map(|&x| x as u32).sum::<u32>(),
            (0..n)
                .map(|p| if g.damaged[p] == NONE {
                    "-".to_string()
                } else {
                    geo.edge_name(g.damaged[p] as usize)
                })
                .collect::<Vec<_>>()
        ));
    }
    if g.rules.harbormaster {
        s.push_str(&format!(
            "harbormaster: {}, harbour points {:?}\n",
            if (g.harbormaster as usize) < n {
                format!("player {}", g.harbormaster)
            } else {
                "nobody".into()
            },
            (0..n).map(|p| g.harbor_points(p)).collect::<Vec<_>>()
        ));
    }
    if let Some(r) = &g.rivers {
        s.push_str(&format!(
            "rivers: coins {:?}, bridges {:?}, wealthiest {}, poor {:?}, robber {}, purchases {}\n",
            &r.coins[..n],
            (0..n).map(|p| r.bridges_of(p)).collect::<Vec<_>>(),
            g.wealthiest_settler()
                .map_or("nobody".to_string(), |p| format!("player {p}")),
            (0..n).filter(|&p| g.is_poor_settler(p)).collect::<Vec<_>>(),
            g.robber_hex()
                .map_or("beside the board".to_string(), |h| geo.hex_name(h)),
            r.purchases,
        ));
    }
    if let Some(c) = &g.caravans {
        let (l, k) = c.spots();
        s.push_str(&format!(
            "caravans: oasis {}, arrows {:?}, robber {}, camels [{}] ({} left), heads {:?}, spots [{}]\n",
            geo.hex_name(c.oasis as usize),
            crate::caravans::arrow_names(c.orientation),
            g.robber_hex().map_or("beside the board".to_string(), |h| geo.hex_name(h)),
            bits128(c.camels).map(|e| geo.edge_name(e)).collect::<Vec<_>>().join(" "),
            c.supply(),
            c.heads.iter().map(|&h| if h == NONE { "-".to_string() } else { geo.vertex_name(h as usize) }).collect::<Vec<_>>(),
            l[..k].iter().map(|&x| crate::caravans::spot_label(x)).collect::<Vec<_>>().join(", "),
        ));
    }
    if let Some(b) = g.barbarian_attack.as_deref() {
        for p in 0..n {
            s.push_str(&format!(
                "knights {p}: [{}], prisoners {}, coins {}\n",
                bits128(b.knights[p])
                    .map(|e| geo.edge_name(e))
                    .collect::<Vec<_>>()
                    .join(" "),
                b.prisoners[p],
                b.coins[p],
            ));
        }
        let on_board: Vec<String> = (0..NH)
            .filter(|&h| b.barbarians[h] > 0)
            .map(|h| format!("{} {}", geo.hex_name(h), b.barbarians[h]))
            .collect();
        s.push_str(&format!(
            "barbarians: {} (3 = conquered); {} in the supply; development deck {:?}\n",
            on_board.join(", "),
            b.supply,
            b.deck,
        ));
        if g.rules.two {
            s.push_str(&format!(
                "foreign knight: {}, {} barbarians out of the game\n",
                if b.foreign == NONE {
                    "not placed".to_string()
                } else {
                    geo.edge_name(b.foreign as usize)
                },
                b.foreign_out,
            ));
        }
    }
    if let Some(t) = g.traders.as_deref() {
        for p in 0..n {
            s.push_str(&format!(
                "wagon {p}: {}, card {}, carrying {}, delivered {}, gold {}\n",
                if t.wagon[p] == NONE {
                    "not placed".to_string()
                } else {
                    format!("at {}", geo.vertex_name(t.wagon[p] as usize))
                },
                t.card[p],
                crate::traders::COMMODITIES
                    .get(t.carrying[p] as usize)
                    .copied()
                    .unwrap_or("nothing"),
                t.delivered[p],
                t.gold[p],
            ));
        }
        s.push_str(&format!(
            "barbarians on {}; stacks left (glass, marble, tools, sand): castle {:?}, marble_quarry {:?}, glassworks {:?}\n",
            t.barbarians
                .iter()
                .map(|&e| geo.edge_name(e as usize))
                .collect::<Vec<_>>()
                .join(", "),
            t.stacks[0],
            t.stacks[1],
            t.stacks[2],
        ));
        if g.rules.two {
            // B9 with B4 (D-107, §B9.12 item 2).
            s.push_str(&format!(
                "tolls on neutral roads this movement action: {}{}\n",
                t.neutral_tolls,
                if t.token_move {
                    "; a barbarian moves by the token action"
                } else {
                    ""
                }
            ));
        }
    }
    if let Some(t) = g.two.as_deref() {
        for (k, &ns) in crate::two::NEUTRALS.iter().enumerate() {
            s.push_str(&format!(
                "neutral {}: settlements {:?} roads {} road {}{}\n",
                crate::two::NEUTRAL_NAMES[k],
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
    s.push_str(&crate::fishermen::view::render(g));
    if g.phase == Phase::GameOver {
        s.push_str(&format!(
            "game over: winners {:?}{}\n",
            g.winners(),
            if g.truncated { " (turn limit)" } else { "" }
        ));
    }
    s
}
