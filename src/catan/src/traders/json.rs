//! B9 in the position format: the module state read, written and checked.

use super::*;

pub(crate) fn to_pos(g: &Catan) -> Option<TradersPos> {
    let t = g.modules.traders.as_deref()?;
    let geo = g.geo();
    let ename = |e: u8| crate::position::names::ename(geo, e as usize);
    Some(TradersPos {
        barbarians: t.barbarians.iter().map(|&e| ename(e)).collect(),
        players: (0..g.n())
            .map(|p| PlayerPos {
                gold: t.gold[p],
                wagon: (t.wagon[p] != NONE)
                    .then(|| crate::position::names::vname(geo, t.wagon[p] as usize)),
                card: t.card[p],
                carrying: (t.carrying[p] != NONE)
                    .then(|| COMMODITIES[t.carrying[p] as usize % 4].to_string()),
                delivered: t.delivered[p],
            })
            .collect(),
        stacks: Some(
            (0..3)
                .map(|r| {
                    (
                        TRADE_ROLES[r].to_string(),
                        (0..4)
                            .filter(|&c| STACKS[r][c] > 0)
                            .map(|c| (COMMODITIES[c].to_string(), t.stacks[r][c]))
                            .collect(),
                    )
                })
                .collect(),
        ),
        purchases: t.purchases,
        wagon_begun: t.wagon_begun,
        action_open: t.action_open,
        movement_points: t.mp,
        movement_actions: t.actions,
        travelled: t.travelled,
        grain_used: t.grain_used,
        tried: (0..3).filter(|&i| t.tried & (1 << i) != 0).collect(),
        step: t.step,
        barbarian: matches!(t.step, Step::DriveOffDie | Step::PlaceBarbarian)
            .then_some(t.barb as usize),
        draw_from: (t.step == Step::DrawToken)
            .then(|| TRADE_ROLES[t.draw_role as usize % 3].to_string()),
        steal_after: t.steal_after,
        neutral_tolls: t.neutral_tolls,
        token_move: t.token_move,
    })
}

pub(crate) fn from_pos(g: &mut Catan, pos: Option<&TradersPos>) -> Result<(), String> {
    let tb = g.rules.scenario == crate::Scenario::TradersBarbarians;
    let Some(pos) = pos else {
        return if tb {
            Err("a traders_barbarians position needs its 'traders' section".into())
        } else {
            Ok(())
        };
    };
    if !tb {
        return Err("a 'traders' section needs scenario traders_barbarians".into());
    }
    let geo = g.geo();
    if geo.trade_hexes == 0 {
        return Err("traders_barbarians needs a board with trade hexes".into());
    }
    if pos.barbarians.len() != 3 {
        return Err("traders.barbarians: three paths are needed".into());
    }
    let mut barbs = [0u8; 3];
    for (i, x) in pos.barbarians.iter().enumerate() {
        barbs[i] =
            crate::position::names::eid(geo, x).map_err(|e| format!("barbarian: {e}"))? as u8;
    }
    let mut t = State::new(Opts::from_config(&g.config), barbs, g.n());
    let n = g.n();
    if pos.players.len() != n {
        return Err(format!("traders.players must list {n} players"));
    }
    for (p, pl) in pos.players.iter().enumerate() {
        t.gold[p] = pl.gold;
        if let Some(w) = &pl.wagon {
            t.wagon[p] =
                crate::position::names::vid(geo, w).map_err(|e| format!("wagon: {e}"))? as u8;
        }
        if !(1..=5).contains(&pl.card) {
            return Err(format!("player {p}: wagon card {} is not 1..5", pl.card));
        }
        t.card[p] = pl.card;
        if let Some(c) = &pl.carrying {
            t.carrying[p] = COMMODITIES.iter().position(|x| x == c).ok_or(format!(
                "'{c}' is not a commodity ({})",
                COMMODITIES.join(", ")
            ))? as u8;
        }
        t.delivered[p] = pl.delivered;
    }
    if let Some(st) = &pos.stacks {
        for (role, m) in st {
            let r = crate::board::trade_role_id(role)
                .ok_or(format!("'{role}' is not a trade hex"))? as usize;
            t.stacks[r] = [0; 4];
            for (c, &k) in m {
                let ci = COMMODITIES
                    .iter()
                    .position(|x| x == c)
                    .ok_or(format!("'{c}' is not a commodity"))?;
                t.stacks[r][ci] = k;
            }
        }
    }
    t.purchases = pos.purchases;
    t.wagon_begun = pos.wagon_begun;
    t.action_open = pos.action_open;
    t.mp = pos.movement_points;
    t.actions = pos.movement_actions;
    t.travelled = pos.travelled;
    t.grain_used = pos.grain_used;
    for &i in &pos.tried {
        if i >= 3 {
            return Err("traders.tried: barbarian indices are 0..3".into());
        }
        t.tried |= 1 << i;
    }
    t.step = pos.step;
    t.barb = pos.barbarian.unwrap_or(0).min(2) as u8;
    if let Some(r) = &pos.draw_from {
        t.draw_role = crate::board::trade_role_id(r).ok_or(format!("'{r}' is not a trade hex"))?;
    }
    t.steal_after = pos.steal_after;
    t.neutral_tolls = pos.neutral_tolls;
    t.token_move = pos.token_move;
    g.modules.traders = Some(Box::new(t));
    // There is no robber: it stays parked on a trade hex.
    g.robber = (0..NH).find(|&h| g.board.terrain[h] == TRADE).unwrap_or(0) as u8;
    Ok(())
}

/// Consistency of the scenario's state (spec §B9).
pub(crate) fn validate(g: &Catan) -> Result<(), String> {
    let tb = g.rules.scenario == crate::Scenario::TradersBarbarians;
    let Some(t) = g.modules.traders.as_deref() else {
        if tb || g.phase == Phase::Traders {
            return Err("traders_barbarians state is missing".into());
        }
        return Ok(());
    };
    if !tb {
        return Err("traders state without scenario traders_barbarians".into());
    }
    let geo = g.geo();
    let n = g.n();
    let bm = t.barbarian_mask();
    if bm.count_ones() != 3 || bm & !geo.edge_mask != 0 {
        return Err("three barbarians on three different paths of the board".into());
    }
    if !t.opts.on_spokes && bm & geo.spokes != 0 {
        return Err("a barbarian on a spoke with tb_barbarian_on_spokes = false".into());
    }
    let setup_done = !matches!(g.phase, Phase::SetupSettlement | Phase::SetupRoad);
    for p in 0..n {
        let w = t.wagon[p];
        if w == NONE {
            if g.cities[p] != 0 || (setup_done && g.phase != Phase::GameOver) {
                return Err(format!("player {p}'s wagon is not on the board"));
            }
        } else if w as usize >= geo.nv {
            return Err(format!("player {p}'s wagon is off the board"));
        }
        if !(1..=5).contains(&t.card[p]) {
            return Err(format!("player {p}: wagon card must be 1..5"));
        }
        if t.carrying[p] != NONE && t.carrying[p] >= 4 {
            return Err(format!("player {p} carries an unknown commodity"));
        }
    }
    for r in 0..3 {
        for c in 0..4 {
            if t.stacks[r][c] > STACKS[r][c] {
                return Err(format!(
                    "the {} stack holds {} {} (at most {})",
                    TRADE_ROLES[r], t.stacks[r][c], COMMODITIES[c], STACKS[r][c]
                ));
            }
        }
    }
    if !t.opts.stack_refill {
        let left: u32 = t.stacks.iter().flatten().map(|&k| k as u32).sum();
        let out: u32 = (0..n)
            .map(|p| t.delivered[p] as u32 + (t.carrying[p] != NONE) as u32)
            .sum();
        if left + out > 36 {
            return Err("more commodity tokens than the 36 of the game".into());
        }
    }
    if t.purchases > 2 || t.actions > 2 || t.mp > 9 || (t.action_open && !t.wagon_begun) {
        return Err("inconsistent wagon turn state".into());
    }
    if g.phase != Phase::GameOver && (g.phase == Phase::Traders) != (t.step != Step::None) {
        return Err("the traders phase and its step go together".into());
    }
    if t.wagon_begun
        && !matches!(
            g.phase,
            Phase::Main | Phase::Traders | Phase::Steal | Phase::ChooseVictim | Phase::GameOver
        )
    {
        return Err("the wagon moves only in the main phase".into());
    }
    if g.deck[4] != 0 || (0..n).any(|p| g.dev[p][4] != 0 || g.dev_played[p][4] != 0) {
        return Err("no Monopoly cards in the traders_barbarians deck".into());
    }
    if g.robber as usize >= NH || g.board.terrain[g.robber as usize] != TRADE {
        return Err("there is no robber: it stays parked on a trade hex".into());
    }
    if !g.rules.two && (t.neutral_tolls != 0 || t.token_move) {
        return Err("neutral_tolls and token_move belong to Catan for Two".into());
    }
    if t.neutral_tolls > 9 {
        return Err("more neutral tolls than paths one movement action can cross".into());
    }
    // Tolls are counted by crossings of the current (or last) movement action of this turn.
    if t.neutral_tolls != 0 && !(t.wagon_begun && t.travelled) {
        return Err("neutral_tolls counts crossings of this turn's movement action".into());
    }
    if t.token_move
        && (t.steal_after
            || !matches!(t.step, Step::TakeBarbarian | Step::PlaceBarbarian)
            || g.phase != Phase::Traders)
    {
        return Err("token_move only while the token action moves a barbarian".into());
    }
    Ok(())
}

/// B9's lines of the text rendering.
pub(crate) fn render(g: &Catan, s: &mut String) {
    let geo = g.geo();
    let n = g.n();
    if let Some(t) = g.modules.traders.as_deref() {
        for p in 0..n {
            s.push_str(&format!(
                "wagon {p}: {}, card {}, carrying {}, delivered {}, gold {}\n",
                if t.wagon[p] == NONE {
                    "not placed".to_string()
                } else {
                    format!("at {}", geo.vertex_name(t.wagon[p] as usize))
                },
                t.card[p],
                COMMODITIES
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
}
