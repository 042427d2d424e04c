//! Writing a position: the state as its documented JSON (docs/games/catan.md).

use super::*;

impl From<Catan> for Position {
    fn from(g: Catan) -> Position {
        let n = g.n();
        let geo = g.geo();
        let dev = |a: [u8; 5]| g.dev_view(DevCards::from_array(a));
        let vname = |v| vname(geo, v);
        let ename = |e| ename(geo, e);
        let players = (0..n)
            .map(|p| PlayerPos {
                resources: Resources::from_array(g.hand[p]),
                development_cards: dev(g.dev[p]),
                bought_this_turn: dev(g.dev_new[p]),
                played: dev(g.dev_played[p]),
                settlements: crate::bits64(g.settlements[p]).map(vname).collect(),
                cities: crate::bits64(g.cities[p]).map(vname).collect(),
                // A module's own road pieces (B6 bridges) are listed in its part.
                roads: crate::bits128(g.roads[p] & !g.module_road_pieces(p))
                    .map(ename)
                    .collect(),
                must_discard: if g.phase == Phase::Discard {
                    g.discard_owed[p]
                } else {
                    0
                },
                set_aside: Resources::from_array(g.set_aside[p]),
                damaged_road: (g.damaged[p] != NONE).then(|| ename(g.damaged[p] as usize)),
                knowledge: Some(
                    (0..n)
                        .map(|q| {
                            (q != p).then(|| Knowledge {
                                at_least: Resources::from_array(g.know_lo[p][q]),
                                at_most: Resources::from_array(g.know_hi[p][q]),
                            })
                        })
                        .collect(),
                ),
            })
            .collect();
        let in_trade = matches!(g.phase, Phase::TradeResponse | Phase::TradeDecision);
        let mut board = g.board.to_json();
        g.module_write_board(&mut board);
        let mut pos = Position {
            game: "catan".into(),
            version: POSITION_VERSION,
            config: (*g.config).clone(),
            board,
            robber: g.robber_hex().map(|h| geo.hexes[h]),
            phase: g.phase,
            current_player: g.current as usize,
            start_player: g.start_player as usize,
            setup_step: g.setup_step,
            last_settlement: (g.phase == Phase::SetupRoad)
                .then(|| vname((g.last_settlement as usize).min(geo.nv - 1))),
            turns_played: g.turns_played,
            rolled: g.rolled,
            development_card_played: g.dev_played_turn,
            last_roll: (g.last_roll != 0).then_some(g.last_roll),
            bank: Some(Resources::from_array(g.bank)),
            development_deck: Some(dev(g.deck)),
            // B4: 2 and 3 name the neutral players N1 and N2.
            longest_road: seat_opt(g.longest_road, g.road_seats()),
            largest_army: seat_opt(g.largest_army, n),
            harbormaster: None,
            players,
            victim: (g.phase == Phase::Steal).then_some(g.victim as usize),
            thief: (matches!(g.phase, Phase::Steal | Phase::ChooseVictim) && g.thief != g.current)
                .then_some(g.thief as usize),
            events: None,
            modules: ModulePositions::default(),
            // B4: Road Building's count survives the neutral road between its two roads.
            free_roads: if matches!(g.phase, Phase::RoadBuilding | Phase::NeutralBuild) {
                g.free_roads
            } else {
                0
            },
            year_of_plenty_left: if g.phase == Phase::YearOfPlenty {
                g.yop_left
            } else {
                0
            },
            trade: TradePos {
                offers_made: g.offers_made,
                offers_this_turn: (0..NUM_OFFERS + crate::NUM_COIN_OFFERS)
                    .filter(|&i| g.offers_used & (1u128 << i) != 0)
                    .map(offer_pos)
                    .collect(),
                offer: in_trade.then(|| offer_pos(g.offer as u32)),
                responder: (g.phase == Phase::TradeResponse).then_some(g.responder as usize),
                accepted_by: if in_trade {
                    (0..n).filter(|&q| g.accepters & (1 << q) != 0).collect()
                } else {
                    Vec::new()
                },
            },
            winner: seat_opt(g.winner, n),
            truncated: g.truncated,
            rng: g.rng.clone(),
        };
        g.module_write(&mut pos);
        pos
    }
}
