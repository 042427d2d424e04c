//! B5 in the position format: the module state read, written and checked.

use super::*;

impl Tokens {
    pub fn from_array(a: [u8; 4]) -> Tokens {
        Tokens {
            boot: a[0],
            one: a[1],
            two: a[2],
            three: a[3],
        }
    }
    pub fn to_array(self) -> [u8; 4] {
        [self.boot, self.one, self.two, self.three]
    }
}

pub(crate) fn to_pos(g: &Catan) -> Option<FishPos> {
    let f = g.fish()?;
    let n = g.n();
    let geo = Geometry::base();
    let drawing = matches!(g.phase, Phase::FishDraw | Phase::FishSwap);
    Some(FishPos {
        supply: Some(Tokens::from_array(f.supply)),
        spent: Tokens::from_array(f.spent),
        players: (0..n).map(|p| Tokens::from_array(f.held[p])).collect(),
        draws_owed: if drawing {
            f.draws[..n].to_vec()
        } else {
            Vec::new()
        },
        may_swap: (0..n)
            .filter(|&p| drawing && f.swap & (1 << p) != 0)
            .collect(),
        stealing: f.stealing,
        then_roll: drawing && f.then_roll,
        setup_settlement: (drawing && (g.setup_step as usize) < 2 * n).then(|| {
            let (q, r, t) = geo.vertices[(g.last_settlement as usize).min(NV - 1)];
            (q, r, t.name().to_string())
        }),
    })
}

/// Fill the module's state of a loaded position (`g.modules.fishermen` already holds a fresh state).
pub(crate) fn from_pos(g: &mut Catan, pos: Option<&FishPos>) -> Result<(), String> {
    let n = g.n();
    let Some(pos) = pos else {
        return Ok(());
    };
    let geo = Geometry::base();
    let mut last = None;
    if let Some(x) = &pos.setup_settlement {
        let t = crate::geometry::parse_vtag(&x.2).ok_or("fishermen.setup_settlement: bad tag")?;
        last = Some(
            geo.vertex_id(x.0, x.1, t)
                .ok_or("fishermen.setup_settlement is not on the board")?,
        );
    }
    let Some(f) = g.modules.fishermen.as_deref_mut() else {
        return Err("fishermen state given but the scenario is not fishermen".into());
    };
    if !pos.players.is_empty() && pos.players.len() != n {
        return Err(format!("fishermen.players must list {n} players"));
    }
    for (p, t) in pos.players.iter().enumerate() {
        f.held[p] = t.to_array();
    }
    f.spent = pos.spent.to_array();
    match pos.supply {
        Some(s) => f.supply = s.to_array(),
        None => {
            for k in 0..4 {
                let used: u32 =
                    f.spent[k] as u32 + (0..n).map(|p| f.held[p][k] as u32).sum::<u32>();
                f.supply[k] = (TOKEN_TOTALS[k] as u32).checked_sub(used).ok_or(
                    "fishermen: more tokens held and spent than exist (11 one, 10 two, 8 three, 1 boot)",
                )? as u8;
            }
        }
    }
    if !pos.draws_owed.is_empty() {
        if pos.draws_owed.len() != n {
            return Err(format!("fishermen.draws_owed must list {n} players"));
        }
        f.draws[..n].copy_from_slice(&pos.draws_owed);
    }
    for &p in &pos.may_swap {
        if p >= n {
            return Err(format!("fishermen.may_swap: {p} is not a seat"));
        }
        f.swap |= 1 << p;
    }
    f.stealing = pos.stealing;
    f.then_roll = pos.then_roll;
    if let Some(v) = last {
        g.last_settlement = v as u8;
    }
    Ok(())
}

/// Check the module's state of a loaded game.
pub(crate) fn validate(g: &Catan) -> Result<(), String> {
    let n = g.n();
    let fish_phase = matches!(
        g.phase,
        Phase::FishDraw | Phase::FishSwap | Phase::FishTake | Phase::FishRoad
    );
    let Some(f) = g.fish() else {
        if fish_phase {
            return Err("a fishermen phase but the scenario is not fishermen".into());
        }
        if (0..NH).any(|h| g.board.terrain[h] == LAKE) {
            return Err("a lake on the board is only played in the fishermen scenario".into());
        }
        return Ok(());
    };
    check_lake(&g.board)?;
    if g.robber == f.lake && !f.robber_on_lake {
        return Err("the robber stands on the lake but fish_robber_on_lake is off".into());
    }
    for k in 0..4 {
        let held: u32 = (0..n).map(|p| f.held[p][k] as u32).sum();
        let total = held + f.supply[k] as u32 + f.spent[k] as u32;
        if total != TOKEN_TOTALS[k] as u32 {
            return Err(format!(
                "fishermen: {total} tokens of kind {} counted (supply, spent and held); there are {}",
                ["boot", "one", "two", "three"][k],
                TOKEN_TOTALS[k]
            ));
        }
    }
    if f.spent[0] != 0 {
        return Err("the old boot is never spent".into());
    }
    for p in 0..MAX_PLAYERS {
        if p >= n && (f.held[p] != [0; 4] || f.draws[p] != 0) {
            return Err(format!("seat {p} does not exist but holds fish"));
        }
        if p < n && f.fish_count(p) > FISH_CAP {
            return Err(format!("player {p} holds more than 7 fish tokens"));
        }
    }
    if f.swap >> n != 0 {
        return Err("fishermen swap mask names a missing seat".into());
    }
    let drawing = matches!(g.phase, Phase::FishDraw | Phase::FishSwap);
    if !drawing && (f.draws.iter().any(|&x| x > 0) || f.swap != 0 || f.then_roll) {
        return Err("fish draws are owed only while a catch is drawn".into());
    }
    if drawing {
        let d = g.fish_drawer();
        if f.then_roll && !g.rules.two {
            return Err("fishermen.then_roll needs Catan for Two".into());
        }
        if g.phase == Phase::FishDraw && (f.draws[d] == 0 || f.supply_total() == 0) {
            return Err("phase fish_draw: nobody owes a draw from a non-empty supply".into());
        }
        if g.phase == Phase::FishSwap
            && (f.draws[d] != 0 || f.swap & (1 << d) == 0 || f.fish_count(d) == 0)
        {
            return Err("phase fish_swap: the drawer may not swap now".into());
        }
        for p in 0..n {
            if f.fish_count(p) + f.draws[p] as u32 > FISH_CAP {
                return Err(format!("player {p} would draw past 7 fish tokens"));
            }
        }
        let need: u32 = f.draws.iter().map(|&x| x as u32).sum();
        if need > f.supply_total() + f.spent_total() {
            return Err("more draws owed than tokens exist".into());
        }
    }
    if f.stealing && !matches!(g.phase, Phase::ChooseVictim | Phase::Steal) {
        return Err("a fish steal is under way only in the steal phases".into());
    }
    if matches!(g.phase, Phase::FishTake | Phase::FishRoad) && !g.rolled {
        return Err("fish actions come after the roll".into());
    }
    if g.phase == Phase::FishTake && g.bank.iter().all(|&b| b == 0) {
        return Err("phase fish_take: the bank is empty".into());
    }
    if g.phase == Phase::FishRoad && g.road_spots(g.current as usize) == 0 {
        return Err("phase fish_road: no place for a road".into());
    }
    Ok(())
}

// ----------------------------------------------------------------- observation
