//! B7 in the position format: the module state read, written and checked.

use super::*;

pub(crate) fn vname(v: usize) -> (i32, i32, String) {
    let (q, r, t) = Geometry::base().vertices[v];
    (q, r, t.name().to_string())
}
pub(crate) fn ename(e: usize) -> (i32, i32, String) {
    let (q, r, t) = Geometry::base().edges[e];
    (q, r, t.name().to_string())
}

pub(crate) fn spot_pos(s: u8) -> SpotPos {
    let (e, h) = spot_parts(Geometry::base(), s);
    SpotPos {
        edge: ename(e),
        head: vname(h),
    }
}

pub(crate) fn in_vote(phase: Phase) -> bool {
    matches!(
        phase,
        Phase::CamelBidWool | Phase::CamelBidGrain | Phase::CamelDeclare | Phase::CamelPick
    )
}

impl CaravansPos {
    pub fn from_state(c: &State, phase: Phase, n: usize) -> CaravansPos {
        let vote = in_vote(phase);
        CaravansPos {
            arrows: arrow_names(c.orientation)
                .into_iter()
                .map(String::from)
                .collect(),
            camels: bits128(c.camels).map(ename).collect(),
            heads: c
                .heads
                .iter()
                .map(|&h| (h != NONE).then(|| vname(h as usize)))
                .collect(),
            built_this_turn: c.built,
            camels_owed: c.owed,
            bids: if vote {
                (0..n)
                    .map(|p| BidPos {
                        wool: c.bids[p][0],
                        grain: c.bids[p][1],
                    })
                    .collect()
            } else {
                Vec::new()
            },
            declared: if vote {
                (0..n)
                    .map(|p| (c.declared[p] != NONE).then(|| spot_pos(c.declared[p])))
                    .collect()
            } else {
                Vec::new()
            },
            actor: vote.then_some(c.actor as usize),
            pickers: if phase == Phase::CamelPick && c.opts.two {
                c.pickers
                    .iter()
                    .filter(|&&p| p != NONE)
                    .map(|&p| p as usize)
                    .collect()
            } else {
                Vec::new()
            },
            first_camel_head: (phase == Phase::CamelPick && c.excl_head != NONE)
                .then(|| vname(c.excl_head as usize)),
        }
    }

    /// The state on `board` (the oasis comes from the board's terrain).
    pub fn to_state(
        &self,
        board: &Board,
        opts: Opts,
        n: usize,
        phase: Phase,
        current: usize,
    ) -> Result<State, String> {
        let g = Geometry::base();
        let o = orientation_of(&json!(self.arrows)).map_err(|e| format!("caravans: {e}"))?;
        let mut s = State::new(board, o, opts)?;
        for x in &self.camels {
            let e =
                crate::position::names::eid(g, x).map_err(|e| format!("caravans camel: {e}"))?;
            if s.camels & (1u128 << e) != 0 {
                return Err(format!("caravans: two camels on edge {}", g.edge_name(e)));
            }
            s.camels |= 1u128 << e;
        }
        if self.heads.len() > 3 {
            return Err("caravans: at most 3 heads (one per arrow)".into());
        }
        for (i, h) in self.heads.iter().enumerate() {
            if let Some(h) = h {
                s.heads[i] = crate::position::names::vid(g, h)
                    .map_err(|e| format!("caravans head: {e}"))? as u8;
            }
        }
        s.built = self.built_this_turn;
        s.owed = self.camels_owed;
        if self.bids.len() > n || self.declared.len() > n {
            return Err("caravans: bids and declared list at most one entry per seat".into());
        }
        for (p, b) in self.bids.iter().enumerate() {
            s.bids[p] = [b.wool, b.grain];
        }
        for (p, d) in self.declared.iter().enumerate() {
            if let Some(d) = d {
                let e = crate::position::names::eid(g, &d.edge)
                    .map_err(|e| format!("caravans spot: {e}"))?;
                let h = crate::position::names::vid(g, &d.head)
                    .map_err(|e| format!("caravans spot: {e}"))?;
                if !g.edge_ends[e].contains(&(h as u8)) {
                    return Err(format!(
                        "caravans: spot head {} is not an end of {}",
                        g.vertex_name(h),
                        g.edge_name(e)
                    ));
                }
                s.declared[p] = spot_id(g, e, h);
            }
        }
        if let Some(a) = self.actor {
            if a >= n {
                return Err(format!("caravans: actor {a} is not a seat"));
            }
            s.actor = a as u8;
        }
        if self.pickers.len() > 2 || self.pickers.iter().any(|&p| p >= n) {
            return Err("caravans: pickers lists at most 2 seats".into());
        }
        for (i, &p) in self.pickers.iter().enumerate() {
            s.pickers[i] = p as u8;
        }
        if let Some(h) = &self.first_camel_head {
            s.excl_head =
                crate::position::names::vid(g, h).map_err(|e| format!("caravans: {e}"))? as u8;
        }
        if phase == Phase::CamelPick {
            if self.pickers.is_empty() {
                s.pickers[0] = current as u8;
            }
            if self.actor.is_none() {
                s.actor = s.pickers[0];
            }
        }
        s.derive();
        Ok(s)
    }
}

// ------------------------------------------------------------------ the vote and its hooks

/// Check the scenario's state in a loaded position.
pub(crate) fn validate(g: &Catan) -> Result<(), String> {
    let geo = Geometry::base();
    let n = g.n();
    let Some(c) = &g.modules.caravans else {
        if in_vote(g.phase) {
            return Err("a camel vote phase but the caravans scenario is off".into());
        }
        if (0..NH).any(|h| g.board.terrain[h] == OASIS) {
            return Err("an oasis hex belongs to the caravans scenario".into());
        }
        return Ok(());
    };
    if g.rules.scenario != Scenario::Caravans {
        return Err("caravans state but the scenario is not caravans".into());
    }
    if c.camels.count_ones() > CAMELS as u32 {
        return Err(format!("more than {CAMELS} camels on the board"));
    }
    if g.robber == c.oasis && !c.opts.robber_on_oasis {
        return Err("the robber may not stand on the oasis (D-56)".into());
    }
    for i in 0..3 {
        let h = c.heads[i];
        if h == NONE {
            continue;
        }
        let e = c.arrow_edge[i];
        if e == NONE || c.camels & (1u128 << e) == 0 {
            return Err(format!(
                "caravan {i} has a head but no camel on its arrow's edge"
            ));
        }
        if geo.vertex_edges[h as usize] & c.camels == 0 {
            return Err(format!(
                "caravan head {} touches no camel",
                geo.vertex_name(h as usize)
            ));
        }
    }
    // Every camel belongs to a caravan: the camels touching an arrow edge are connected.
    let mut reach = 0u128;
    for i in 0..3 {
        if c.heads[i] != NONE {
            reach |= 1u128 << c.arrow_edge[i];
        }
    }
    loop {
        let mut next = reach;
        for e in bits128(reach) {
            for v in geo.edge_ends[e] {
                next |= geo.vertex_edges[v as usize] & c.camels;
            }
        }
        if next == reach {
            break;
        }
        reach = next;
    }
    if reach != c.camels {
        return Err("every camel must belong to a caravan grown from an arrow".into());
    }
    let vote = in_vote(g.phase);
    if !vote
        && (c.owed != 0 || c.bids != [[0; 2]; MAX_PLAYERS] || c.declared != [NONE; MAX_PLAYERS])
    {
        return Err("camels owed, bids or declarations outside a camel vote".into());
    }
    if matches!(g.phase, Phase::SetupSettlement | Phase::SetupRoad) && c.built != 0 {
        return Err("set-up placements do not count as buildings for the camels".into());
    }
    if vote {
        if c.owed == 0 || c.spots().1 < 2 {
            return Err("a camel vote needs a camel owed and two or more spots".into());
        }
        if !g.rolled {
            return Err("a camel vote comes after the turn's roll".into());
        }
        if c.built == 0 {
            return Err("a camel vote needs a settlement or city built this turn".into());
        }
        let cur = g.current as usize;
        let a = c.actor as usize;
        let pos = |p: usize| (p + n - cur) % n;
        let votes = g.camel_votes();
        for p in 0..n {
            if c.declared[p] != NONE && (votes[p] == 0 || !c.is_spot(c.declared[p])) {
                return Err(format!(
                    "player {p} declared a spot without a bid or not legal"
                ));
            }
        }
        match g.phase {
            Phase::CamelBidWool | Phase::CamelBidGrain => {
                for p in 0..n {
                    if pos(p) > pos(a) && votes[p] > 0 {
                        return Err(format!("player {p} has bid before his turn to bid"));
                    }
                }
                if g.hand_size(a) == 0 {
                    return Err("the bidder must hold cards".into());
                }
                if g.phase == Phase::CamelBidWool && c.bids[a] != [0, 0] {
                    return Err("the wool bidder has bid already".into());
                }
                if g.phase == Phase::CamelBidGrain && c.bids[a][1] > 0 {
                    return Err("the grain bidder has bid grain already".into());
                }
                if c.declared != [NONE; MAX_PLAYERS] {
                    return Err("no declarations while bidding".into());
                }
            }
            Phase::CamelDeclare => {
                if votes[a] == 0 || c.declared[a] != NONE {
                    return Err("the declarer must be a bidder who has not declared".into());
                }
                for p in 0..n {
                    if votes[p] > 0 && pos(p) < pos(a) && c.declared[p] == NONE {
                        return Err(format!("bidder {p} has not declared before the declarer"));
                    }
                    if pos(p) > pos(a) && c.declared[p] != NONE {
                        return Err(format!("player {p} declared before his turn"));
                    }
                }
            }
            Phase::CamelPick => {
                if a != c.pickers[0] as usize || c.pick_spots().1 < 2 {
                    return Err(
                        "the picker must be the first of the pickers, with two or more spots"
                            .into(),
                    );
                }
                if !c.opts.two && (a != cur || c.pickers[1] != NONE || c.excl_head != NONE) {
                    return Err("the player whose turn ended picks (one camel)".into());
                }
                if c.excl_head != NONE && c.pickers[1] != NONE {
                    return Err("the second camel is the last of the vote".into());
                }
            }
            _ => {}
        }
    }
    Ok(())
}
