//! Observations (JSON and tensor), action labels, determinization, rendering and evaluation.

use crate::board::{HARBOR_KINDS, RESOURCES, TERRAINS};
use crate::geometry::{bits128, bits64, NE, NH, NONE, NV};
use crate::position::{DevCards, Resources};
use crate::*;
use meeple_core::{Action, Game, GameRng, Turn};
use serde_json::json;
use serde_json::Value;

pub(crate) mod determinize;
pub(crate) mod evaluate;
pub(crate) mod label;
pub(crate) mod render;
pub(crate) mod tensor;

pub fn phase_name(p: Phase) -> &'static str {
    p.name()
}

/// The base tensor's phase one-hot covers the phases up to B2's; later modules' phases are
/// one-hot in their own tensor part.
const PHASES: usize = 19;

fn phase_index(p: Phase) -> Option<usize> {
    // B9 sub-steps are part of the main phase (their step is in the scenario's block).
    if p == Phase::Traders {
        return Some(Phase::Main as usize);
    }
    ((p as usize) < PHASES).then_some(p as usize)
}

fn seat_json(x: u8, n: usize) -> Value {
    if (x as usize) < n {
        json!(x)
    } else {
        Value::Null
    }
}

fn offer_json(i: u32) -> Value {
    let o = Offer::decode(i);
    json!({
        "give": {good_name(o.give): o.give_n},
        "get": {good_name(o.get): o.get_n},
    })
}

pub fn observation(g: &Catan, seat: usize) -> Value {
    let geo = g.geo();
    let n = g.n();
    let dev = |a: [u8; 5]| g.dev_view(DevCards::from_array(a));
    let seat = seat.min(n - 1);
    let players: Vec<Value> = (0..n)
        .map(|p| {
            let mut v = json!({
                "seat": p,
                "resource_count": g.hand_size(p),
                "development_card_count": g.dev_count(p),
                "played": dev(g.dev_played[p]),
                "settlements": bits64(g.settlements[p]).map(|v| geo.vertex_name(v)).collect::<Vec<_>>(),
                "cities": bits64(g.cities[p]).map(|v| geo.vertex_name(v)).collect::<Vec<_>>(),
                "roads": bits128(g.roads[p]).map(|e| geo.edge_name(e)).collect::<Vec<_>>(),
                "road_length": g.road_len[p],
                "public_victory_points": g.public_vp(p),
                "must_discard": if g.phase == Phase::Discard { g.discard_owed[p] } else { 0 },
            });
            g.module_player_observation(p, &mut v);
            if p == seat {
                // G-3: cards set aside for this 7's discard are no longer the owner's to use.
                v["resources"] = json!(Resources::from_array(g.held(p)));
                if g.phase == Phase::Discard || g.set_aside[p] != [0; 5] {
                    v["set_aside"] = json!(Resources::from_array(g.set_aside[p]));
                }
                v["development_cards"] = json!(dev(g.dev[p]));
                v["bought_this_turn"] = json!(dev(g.dev_new[p]));
                v["victory_points"] = json!(g.vp(p));
            } else {
                let c = g.hand_size(p).min(255) as u8;
                let hi = g.know_hi[seat][p].map(|x| x.min(c));
                v["known_at_least"] = json!(Resources::from_array(g.know_lo[seat][p]));
                v["known_at_most"] = json!(Resources::from_array(hi));
            }
            v
        })
        .collect();
    let in_trade = matches!(g.phase, Phase::TradeResponse | Phase::TradeDecision);
    let mut o = json!({
        "seat": seat,
        "phase": phase_name(g.phase),
        "current_player": g.current,
        "to_move": g.turn().as_i32(),
        "turns_played": g.turns_played,
        "turn_limit": g.rules.turn_limit,
        "truncated": g.truncated,
        "winner": seat_json(g.winner, n),
        "board": g.board.to_json(),
        "robber": match g.robber_hex() { Some(h) => json!(geo.hexes[h]), None => Value::Null },
        "bank": Resources::from_array(g.bank),
        "development_deck_size": g.deck.iter().map(|&x| x as u32).sum::<u32>(),
        "rolled": g.rolled,
        "last_roll": if g.last_roll == 0 { Value::Null } else { json!(g.last_roll) },
        "development_card_played": g.dev_played_turn,
        "longest_road": seat_json(g.longest_road, g.road_seats()),
        "largest_army": seat_json(g.largest_army, n),
        "players": players,
        "victim": if g.phase == Phase::Steal { json!(g.victim) } else { Value::Null },
        "free_roads": if g.phase == Phase::RoadBuilding { g.free_roads } else { 0 },
        "year_of_plenty_left": if g.phase == Phase::YearOfPlenty { g.yop_left } else { 0 },
        "trade": {
            "offers_made": g.offers_made,
            "offers_this_turn": (0..NUM_OFFERS + NUM_COIN_OFFERS).filter(|&i| g.offers_used & (1u128 << i) != 0).map(offer_json).collect::<Vec<_>>(),
            "offer": if in_trade { offer_json(g.offer as u32) } else { Value::Null },
            "responder": if g.phase == Phase::TradeResponse { json!(g.responder) } else { Value::Null },
            "accepted_by": (0..n).filter(|&q| in_trade && g.accepters & (1 << q) != 0).collect::<Vec<_>>(),
        },
        "victory_target": g.rules.vp_to_win,
    });
    g.module_observation(seat, &mut o);
    o
}
