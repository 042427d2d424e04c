//! Checking a loaded state: every field consistent with the rules, the first problem named.

use super::*;

/// Check a loaded state; name the first problem.
pub fn validate(g: &Catan) -> Result<(), String> {
    let geo = g.geo();
    let n = g.n();
    if g.config.players != n || !(2..=MAX_PLAYERS).contains(&n) {
        return Err(format!(
            "player count {} is not 2, 3 or 4",
            g.config.players
        ));
    }
    if g.rules != Rules::from_config(&g.config) {
        return Err("rules differ from the configuration".into());
    }
    crate::check_modules(&g.config).map_err(|e| e.to_string())?;
    if let Some(p) = crate::first_player(&g.config).map_err(|e| e.to_string())? {
        if g.start_player != p {
            return Err(format!(
                "start_player {} disagrees with the option first_player = {p}",
                g.start_player
            ));
        }
    }
    g.module_validate()?;
    if g.robber as usize >= NH
        && !(g.robber == crate::ROBBER_OFF && g.rules.scenario.robber_may_leave_board())
    {
        return Err("robber is off the board".into());
    }
    g.module_validate_after_robber()?;
    let vmask = geo.buildable;
    let emask = geo.edge_mask;
    let mut seen_v = 0u64;
    let mut seen_e = 0u128;
    for p in 0..MAX_PLAYERS {
        if p >= n {
            let neutral = p < g.road_seats();
            if (!neutral && (g.settlements[p] != 0 || g.roads[p] != 0))
                || g.cities[p] != 0
                || g.hand[p] != [0; 5]
                || g.dev[p] != [0; 5]
                || g.dev_played[p] != [0; 5]
            {
                return Err(format!("seat {p} does not exist but has pieces or cards"));
            }
            if !neutral {
                continue;
            }
        }
        let b = g.settlements[p] | g.cities[p];
        if b & !vmask != 0 || g.roads[p] & !emask != 0 {
            return Err(format!("player {p} has a piece off the board"));
        }
        if g.settlements[p] & g.cities[p] != 0 || seen_v & b != 0 {
            return Err(format!("player {p} shares a vertex with another building"));
        }
        seen_v |= b;
        if seen_e & g.roads[p] != 0 {
            return Err(format!("player {p} has a road on an occupied edge"));
        }
        seen_e |= g.roads[p];
        if g.settlements[p].count_ones() > MAX_SETTLEMENTS {
            return Err(format!("player {p} has more than 5 settlements"));
        }
        if g.cities[p].count_ones() > MAX_CITIES {
            return Err(format!("player {p} has more than 4 cities"));
        }
        if g.road_pieces(p) > MAX_ROADS {
            return Err(format!("player {p} has more than 15 roads"));
        }
    }
    for v in crate::bits64(seen_v) {
        if geo.vertex_nbrs[v] & seen_v != 0 {
            return Err(format!(
                "buildings at {} and a neighbouring vertex break the distance rule",
                geo.vertex_name(v)
            ));
        }
    }
    for r in 0..5 {
        let held: u32 = (0..n).map(|p| g.hand[p][r] as u32).sum();
        if held + g.bank[r] as u32 != BANK_PER_RESOURCE as u32 {
            return Err(format!(
                "{}: players hold {held} and the bank {}; together they must be 19",
                RESOURCES[r], g.bank[r]
            ));
        }
        let used: u32 = (0..n)
            .map(|p| g.dev[p][r] as u32 + g.dev_played[p][r] as u32)
            .sum::<u32>()
            + g.dev_out_of_game(r);
        // B8 replaces the base cards (checked by the module).
        let total = g.dev_totals()[r];
        if !g.deck_never_empty() && used + g.deck[r] as u32 != total as u32 {
            return Err(format!(
                "{} cards: {used} held or played and {} in the deck; there are {total}",
                g.dev_name(r),
                g.deck[r]
            ));
        }
    }
    for p in 0..n {
        if g.dev_played[p][VICTORY_POINT] != 0 {
            return Err(format!("player {p}: victory point cards are never played"));
        }
        for k in 0..5 {
            if g.dev_new[p][k] > g.dev[p][k] {
                return Err(format!(
                    "player {p}: more {} cards bought this turn than held",
                    g.dev_name(k)
                ));
            }
        }
        if p != g.current as usize && g.dev_new[p] != [0; 5] {
            return Err(format!(
                "player {p} bought development cards but it is not his turn"
            ));
        }
        for o in 0..n {
            for r in 0..5 {
                let (lo, hi, h) = (g.know_lo[o][p][r], g.know_hi[o][p][r], g.hand[p][r]);
                if lo > h || hi < h || (o == p && (lo != h || hi != h)) {
                    return Err(format!(
                        "player {o}'s knowledge of player {p}'s {} ({lo}..={hi}) does not contain the hand ({h})",
                        RESOURCES[r]
                    ));
                }
            }
        }
    }
    // Special cards (B4: the neutrals' roads count for Longest Road).
    let lens = &g.road_len;
    let rs = g.road_seats();
    let m = (0..rs).map(|p| lens[p]).max().unwrap_or(0);
    let at_max = (0..rs).filter(|&p| lens[p] == m).count();
    match seat_opt(g.longest_road, rs) {
        // B9: there is no Longest Road card (§B9.1).
        Some(_) if !g.longest_road_card() => {
            return Err("traders_barbarians has no Longest Road card".into())
        }
        None if !g.longest_road_card() => {}
        Some(h) if lens[h] != m || m < 5 => {
            return Err(format!(
                "player {h} holds Longest Road with length {} but the longest is {m} (needs 5+)",
                lens[h]
            ))
        }
        None if g.longest_road != NONE => return Err("longest_road is not a seat".into()),
        None if m >= 5 && at_max == 1 => {
            return Err(format!(
                "a single player has the longest road ({m}) but nobody holds the card"
            ))
        }
        _ => {}
    }
    let km = (0..n).map(|p| g.dev_played[p][0]).max().unwrap_or(0);
    match seat_opt(g.largest_army, n) {
        Some(h) if g.dev_played[h][0] != km || km < 3 => {
            return Err(format!(
                "player {h} holds Largest Army but does not have the most knights (3+)"
            ))
        }
        None if g.largest_army != NONE => return Err("largest_army is not a seat".into()),
        // B4: a Knight discarded for tokens may set the card aside while players tie (EX-18).
        None if km >= 3
            && !(g.rules.two && (0..n).filter(|&p| g.dev_played[p][0] == km).count() > 1) =>
        {
            return Err("someone has 3+ knights but nobody holds Largest Army".into())
        }
        _ => {}
    }
    g.module_validate_cards()?;
    validate_phase(g)
}

pub(crate) fn validate_phase(g: &Catan) -> Result<(), String> {
    let n = g.n();
    let cur = g.current as usize;
    let phase = g.phase.name();
    let bad = |why: &str| Err(format!("phase {phase}: {why}"));
    // A module's step between a set-up settlement and its road (B5: the settlement's fish).
    let fish_setup = g.setup_interrupted();
    let setup = matches!(g.phase, Phase::SetupSettlement | Phase::SetupRoad) || fish_setup;
    if g.phase == Phase::GameOver {
        if (g.winner as usize) >= n && !g.truncated {
            return bad("a finished game needs a winner or 'truncated'");
        }
        return Ok(());
    }
    if g.winner != NONE || g.truncated {
        return bad("only a finished game has a winner or is truncated");
    }
    if setup {
        if g.setup_step as usize >= 2 * n {
            return bad("set-up step out of range");
        }
        if cur != g.setup_player(g.setup_step as usize) as usize {
            return bad("current_player is not the player to place in snake order");
        }
        if g.rolled || g.turns_played != 0 {
            return bad("no rolls or turns during set-up");
        }
        let placed: u32 = (0..n)
            .map(|p| (g.settlements[p] | g.cities[p]).count_ones())
            .sum();
        let want = g.setup_step as u32 + (g.phase == Phase::SetupRoad || fish_setup) as u32;
        if placed != want {
            return bad("the number of settlements does not match the set-up step");
        }
        // (B9: the second set-up placement is a city.)
        if (g.phase == Phase::SetupRoad || fish_setup)
            && (g.settlements[cur] | g.cities[cur]) & (1u64 << g.last_settlement) == 0
        {
            return bad("last_settlement is not a settlement of the player to place");
        }
        if g.phase == Phase::SetupRoad
            && g.geo().vertex_edges[g.last_settlement as usize] & !g.all_roads & !g.no_road_edges()
                == 0
        {
            return bad("no free edge next to the last settlement");
        }
    } else if (g.setup_step as usize) != 2 * n {
        return bad("set-up must be complete (setup_step = 2 x players)");
    }
    if g.turns_played >= g.rules.turn_limit {
        return bad("the turn limit has been reached");
    }
    // B4: the second roll comes after the first (checked in two::validate).
    let needs_roll = matches!(g.phase, Phase::PreRoll) || (g.phase == Phase::Roll && !g.rules.two);
    if needs_roll && g.rolled {
        return bad("the dice were already rolled this turn");
    }
    let after_roll = matches!(
        g.phase,
        Phase::Main
            | Phase::Discard
            | Phase::DrawDevelopment
            | Phase::TradeResponse
            | Phase::TradeDecision
    );
    if after_roll && !g.rolled {
        return bad("the dice have not been rolled yet");
    }
    if matches!(
        g.phase,
        Phase::RoadBuilding | Phase::YearOfPlenty | Phase::Monopoly
    ) && !g.dev_played_turn
    {
        return bad("a development card effect needs a card played this turn");
    }
    if g.phase != Phase::Discard && g.discard_owed.iter().any(|&x| x > 0) {
        return bad("only the discard phase has cards owed");
    }
    let gifts = g.module_sets_aside();
    if g.phase != Phase::Discard && !gifts && g.set_aside.iter().flatten().any(|&x| x > 0) {
        return bad("only the discard phase and Good Neighbors have cards set aside");
    }
    if gifts {
        for p in 0..n {
            let k: u32 = g.set_aside[p].iter().map(|&x| x as u32).sum();
            if (0..5).any(|r| g.set_aside[p][r] > g.hand[p][r]) {
                return bad("a player set aside cards he does not hold");
            }
            if k > 1 || (k == 1 && g.pending & (1 << p) != 0) {
                return bad("a Good Neighbors giver sets aside exactly one card, and only once he has chosen");
            }
        }
    }
    if g.offers_made > g.rules.max_offers || g.offers_used.count_ones() != g.offers_made as u32 {
        return bad("offers_made must equal the number of offers made this turn");
    }
    if !setup && !g.rules.trades && g.offers_made > 0 {
        return bad("player trades are off");
    }
    match g.phase {
        Phase::Discard => {
            if g.discard_owed.iter().all(|&x| x == 0) {
                return bad("nobody must discard");
            }
            for p in 0..n {
                if (0..5).any(|r| g.set_aside[p][r] > g.hand[p][r]) {
                    return bad("a player set aside cards he does not hold");
                }
                let kept: u32 = g.held(p).iter().map(|&x| x as u32).sum();
                if g.discard_owed[p] as u32 > kept {
                    return bad("a player owes more cards than he holds");
                }
            }
            if g.discard_owed[n..].iter().any(|&x| x > 0) {
                return bad("a missing seat owes cards");
            }
        }
        Phase::Steal => {
            let v = g.victim as usize;
            if v == g.thief as usize || v >= n || g.hand_size(v) == 0 {
                return bad("the victim must be another player holding cards");
            }
        }
        Phase::ChooseVictim if g.victims() == 0 => {
            return bad("nobody to steal from");
        }
        Phase::DrawDevelopment if g.deck.iter().all(|&d| d == 0) => {
            return bad("the development deck is empty");
        }
        Phase::RoadBuilding => {
            if !(1..=2).contains(&g.free_roads) || g.road_spots(cur) == 0 {
                return bad("free roads must be 1 or 2 with a legal place");
            }
            if g.road_pieces(cur) >= MAX_ROADS {
                return bad("no roads left in supply");
            }
        }
        Phase::YearOfPlenty if !(1..=2).contains(&g.yop_left) || g.bank.iter().all(|&b| b == 0) => {
            return bad("1 or 2 resources to take from a non-empty bank");
        }
        Phase::TradeResponse | Phase::TradeDecision => {
            if !g.rules.trades {
                return bad("player trades are off");
            }
            let n_offers = NUM_OFFERS
                + if g.coin_offers() {
                    crate::NUM_COIN_OFFERS
                } else {
                    0
                };
            if g.offer as u32 >= n_offers || g.offers_used & (1u128 << g.offer) == 0 {
                return bad("the offer on the table must be among this turn's offers");
            }
            let o = Offer::decode(g.offer as u32);
            if !g.holds(cur, o.give, o.give_n) {
                return bad("the offerer no longer holds what he offers");
            }
            if g.accepters & (1 << cur) != 0 || g.accepters >> n != 0 {
                return bad("accepters must be other seats");
            }
            for q in 0..n {
                if g.accepters & (1 << q) != 0 && !g.holds(q, o.get, o.get_n) {
                    return bad("an accepter does not hold what is asked");
                }
            }
            if g.phase == Phase::TradeResponse {
                let r = g.responder as usize;
                if r == cur || r >= n {
                    return bad("the responder must be another seat");
                }
                // Accepters can only be seats that answered already (between current and responder).
                for q in 0..n {
                    let answered = (q + n - cur) % n < (r + n - cur) % n;
                    if g.accepters & (1 << q) != 0 && !answered {
                        return bad("an accepter has not answered yet");
                    }
                }
            } else if g.accepters == 0 {
                return bad("nobody accepted the offer");
            }
        }
        _ => {}
    }
    if !matches!(g.phase, Phase::TradeResponse | Phase::TradeDecision) && g.accepters != 0 {
        return bad("accepters outside a trade");
    }
    if g.vp(cur) >= g.victory_target(cur) && !setup {
        return bad("the player to move has already won");
    }
    Ok(())
}
