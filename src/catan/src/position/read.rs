//! Reading a position: the documented JSON into a state, derived fields recomputed.

use super::*;

impl TryFrom<Position> for Catan {
    type Error = String;

    fn try_from(pos: Position) -> Result<Catan, String> {
        if pos.game != "catan" {
            return Err(format!("this is a '{}' position, not catan", pos.game));
        }
        if pos.version != POSITION_VERSION {
            return Err(format!(
                "position version {} is not supported (expected {POSITION_VERSION})",
                pos.version
            ));
        }
        let n = pos.config.players;
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err(format!("catan is for 2 to 4 players, not {n}"));
        }
        if pos.players.len() != n {
            return Err(format!(
                "{} players listed for a {n}-player game",
                pos.players.len()
            ));
        }
        let rules = Rules::from_config(&pos.config);
        let (board, _) = Board::from_map(&pos.board)?;
        let geo = board.geo;
        let tb = rules.swaps_swift();
        let vid = |x: &(i32, i32, String)| vid(geo, x);
        let eid = |x: &(i32, i32, String)| eid(geo, x);
        let robber = match pos.robber {
            Some((q, r)) => geo
                .hex_id(q, r)
                .ok_or(format!("robber ({q},{r}) is not on a land hex"))?,
            None if rules.scenario.robber_may_leave_board() => crate::ROBBER_OFF as usize,
            None => {
                return Err(
                    "robber: a hex [q, r] is needed (only the fishermen, rivers and caravans scenarios put it beside the board)"
                        .into(),
                )
            }
        };
        let seat = |x: usize, what: &str| -> Result<u8, String> {
            if x < n {
                Ok(x as u8)
            } else {
                Err(format!("{what} {x} is not a seat (0..{n})"))
            }
        };
        let mut g = Catan {
            phase: pos.phase,
            current: seat(pos.current_player, "current_player")?,
            start_player: seat(pos.start_player, "start_player")?,
            setup_step: pos.setup_step,
            turns_played: pos.turns_played,
            rolled: pos.rolled,
            dev_played_turn: pos.development_card_played,
            last_roll: pos.last_roll.unwrap_or(0),
            free_roads: pos.free_roads,
            yop_left: pos.year_of_plenty_left,
            offers_made: pos.trade.offers_made,
            truncated: pos.truncated,
            ..Catan::blank(
                Arc::new(pos.config.clone()),
                rules,
                board,
                robber as u8,
                pos.rng.clone(),
            )
        };
        if let Some(r) = pos.last_roll {
            if !(2..=12).contains(&r) {
                return Err(format!("last_roll {r} is not a dice sum 2..12"));
            }
        }
        for (p, pl) in pos.players.iter().enumerate() {
            if pl.roads.len() > MAX_ROADS as usize
                || pl.settlements.len() > MAX_SETTLEMENTS as usize
                || pl.cities.len() > MAX_CITIES as usize
            {
                return Err(format!(
                    "player {p} has more pieces than the supply (15 roads, 5 settlements, 4 cities)"
                ));
            }
            g.hand[p] = pl.resources.to_array();
            g.dev[p] = dev_arr(pl.development_cards, tb)?;
            g.dev_new[p] = dev_arr(pl.bought_this_turn, tb)?;
            g.dev_played[p] = dev_arr(pl.played, tb)?;
            g.discard_owed[p] = pl.must_discard;
            g.set_aside[p] = pl.set_aside.to_array();
            for (list, what) in [(&pl.settlements, "settlement"), (&pl.cities, "city")] {
                for x in list.iter() {
                    let v = vid(x).map_err(|e| format!("player {p} {what}: {e}"))?;
                    let bit = 1u64 << v;
                    if g.occupied & bit != 0 {
                        return Err(format!("two buildings on vertex {}", geo.vertex_name(v)));
                    }
                    g.occupied |= bit;
                    if what == "settlement" {
                        g.settlements[p] |= bit;
                    } else {
                        g.cities[p] |= bit;
                    }
                }
            }
            for x in pl.roads.iter() {
                let e = eid(x).map_err(|e| format!("player {p} road: {e}"))?;
                let bit = 1u128 << e;
                if g.all_roads & bit != 0 {
                    return Err(format!("two roads on edge {}", geo.edge_name(e)));
                }
                g.all_roads |= bit;
                g.roads[p] |= bit;
            }
        }
        g.module_read_pieces(&pos)?;
        // Bank and deck are derived (issue 22 item 6): always what is not elsewhere, whatever
        // an edited export still says, so a position edited from `to_json` loads.
        let totals = g.dev_totals_of_rules();
        if let Some(d) = pos.development_deck {
            dev_arr(d, tb)?;
        }
        for r in 0..5 {
            let held: u32 = (0..n).map(|p| g.hand[p][r] as u32).sum();
            g.bank[r] = (BANK_PER_RESOURCE as u32).checked_sub(held).ok_or(format!(
                "players hold {held} {} (only 19 exist)",
                RESOURCES[r]
            ))? as u8;
            let used: u32 = (0..n)
                .map(|p| g.dev[p][r] as u32 + g.dev_played[p][r] as u32)
                .sum::<u32>()
                + g.dev_out_of_game(r);
            g.deck[r] = (totals[r] as u32).checked_sub(used).ok_or(format!(
                "players hold or played {used} {} cards (only {} exist)",
                g.dev_name_of_rules(r),
                totals[r]
            ))? as u8;
        }
        for p in 0..n {
            for q in 0..n {
                g.know_lo[p][q] = if p == q { g.hand[q] } else { [0; 5] };
                let c = g.hand[q].iter().map(|&x| x as u32).sum::<u32>().min(255) as u8;
                g.know_hi[p][q] = if p == q { g.hand[q] } else { [c; 5] };
            }
            if let Some(k) = &pos.players[p].knowledge {
                if k.len() != n {
                    return Err(format!("player {p} knowledge must list {n} seats"));
                }
                for (q, kq) in k.iter().enumerate() {
                    if let (Some(kq), true) = (kq, q != p) {
                        g.know_lo[p][q] = kq.at_least.to_array();
                        g.know_hi[p][q] = kq.at_most.to_array();
                    }
                }
            }
        }
        if let Some(x) = pos.longest_road {
            // B4: 2 and 3 are the neutral players.
            if x >= g.road_seats() {
                return Err(format!(
                    "longest_road {x} is not a seat (0..{})",
                    g.road_seats()
                ));
            }
            g.longest_road = x as u8;
        }
        if let Some(x) = pos.largest_army {
            g.largest_army = seat(x, "largest_army")?;
        }
        if let Some(x) = pos.winner {
            g.winner = seat(x, "winner")?;
        }
        if let Some(x) = pos.victim {
            g.victim = seat(x, "victim")?;
        }
        g.thief = match pos.thief {
            Some(x) => seat(x, "thief")?,
            None => g.current,
        };
        if let Some(x) = &pos.last_settlement {
            g.last_settlement = vid(x)? as u8;
        }
        g.module_read(&pos)?;
        for o in &pos.trade.offers_this_turn {
            g.offers_used |= 1u128 << offer_id(o)?;
        }
        if let Some(o) = &pos.trade.offer {
            g.offer = offer_id(o)? as u8;
        }
        if let Some(x) = pos.trade.responder {
            g.responder = seat(x, "trade responder")?;
        }
        for &x in &pos.trade.accepted_by {
            g.accepters |= 1 << seat(x, "trade accepter")?;
        }
        g.module_read_last(&pos)?;
        g.rebuild_derived();
        Ok(g)
    }
}

/// Development cards from the position (B9: Swift Journey in the Year of Plenty slot).
pub(crate) fn dev_arr(d: DevCards, tb: bool) -> Result<[u8; 5], String> {
    let d = if tb { d.swap_swift() } else { d };
    if d.swift_journey != 0 {
        return Err(if tb {
            "year_of_plenty cards are not in the traders_barbarians deck".into()
        } else {
            "swift_journey cards belong to scenario traders_barbarians".into()
        });
    }
    Ok(d.to_array())
}
