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
    match p {
        Phase::SetupSettlement => "setup_settlement",
        Phase::SetupRoad => "setup_road",
        Phase::PreRoll => "pre_roll",
        Phase::Roll => "roll",
        Phase::Discard => "discard",
        Phase::MoveRobber => "move_robber",
        Phase::ChooseVictim => "choose_victim",
        Phase::Steal => "steal",
        Phase::Main => "main",
        Phase::DrawDevelopment => "draw_development",
        Phase::RoadBuilding => "road_building",
        Phase::YearOfPlenty => "year_of_plenty",
        Phase::Monopoly => "monopoly",
        Phase::TradeResponse => "trade_response",
        Phase::TradeDecision => "trade_decision",
        Phase::GameOver => "game_over",
        Phase::Earthquake => "earthquake",
        Phase::EventGive => "event_give",
        Phase::EventTake => "event_take",
        Phase::CamelBidWool => "camel_bid_wool",
        Phase::CamelBidGrain => "camel_bid_grain",
        Phase::CamelDeclare => "camel_declare",
        Phase::CamelPick => "camel_pick",
        Phase::NeutralBuild => "neutral_build",
        Phase::ForcedTake => "forced_take",
        Phase::ForcedGive => "forced_give",
        Phase::FishDraw => "fish_draw",
        Phase::FishSwap => "fish_swap",
        Phase::FishTake => "fish_take",
        Phase::FishRoad => "fish_road",
        Phase::Barbarian => "barbarian",
        Phase::Traders => "traders",
    }
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
    let dev = |a: [u8; 5]| {
        let d = DevCards::from_array(a);
        if g.traders.is_some() {
            d.swap_swift()
        } else {
            d
        }
    };
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
            if g.rules.harbormaster {
                v["harbor_points"] = json!(g.harbor_points(p));
            }
            if g.rules.event_cards {
                v["damaged_road"] = if g.damaged[p] == NONE { Value::Null } else { json!(geo.edge_name(g.damaged[p] as usize)) };
                v["harbors"] = json!(g.harbors_of(p));
            }
            if g.rules.friendly_robber {
                v["protected_by_friendly_robber"] = json!(g.protected_players() & (1 << p) != 0);
            }
            if let Some(c) = &g.caravans {
                v["camel_bonus"] = json!(c.bonus(g.settlements[p] | g.cities[p]));
            }
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
    if g.rules.harbormaster {
        o["harbormaster"] = seat_json(g.harbormaster, n);
    }
    if g.caravans.is_some() {
        o["caravans"] = crate::caravans::view::observation(g);
    }
    if let Some(t) = g.two.as_deref() {
        use crate::two::*;
        o["two"] = json!({
            "tokens": t.tokens,
            "token_supply": g.token_supply(),
            "token_price": [g.token_price(0), g.token_price(1)],
            "knights_discarded": t.knights_discarded,
            "neutrals": NEUTRALS.iter().enumerate().map(|(k, &s)| json!({
                "name": NEUTRAL_NAMES[k],
                "seat": s,
                "settlements": bits64(g.settlements[s]).map(|v| geo.vertex_name(v)).collect::<Vec<_>>(),
                "roads": bits128(g.roads[s]).map(|e| geo.edge_name(e)).collect::<Vec<_>>(),
                "road_length": g.road_len[s],
            })).collect::<Vec<_>>(),
            "rolls_this_turn": t.rolls,
            "first_roll": if t.rolls > 0 { json!(t.first_roll) } else { Value::Null },
            "knight_discarded_this_turn": t.knight_discarded,
            "token_actions_this_turn": t.token_actions,
            "neutral_build": match t.neutral_build { BUILD_ROAD => json!("road"), BUILD_SETTLEMENT => json!("settlement"), _ => Value::Null },
            "forced_take_left": t.forced_take,
            "forced_give_left": t.forced_give,
        });
    }
    if let Some(t) = crate::traders::json::to_pos(g) {
        // B9: everything of the scenario is public (E2).
        o["traders"] = serde_json::to_value(t).unwrap_or(Value::Null);
    }
    if g.rules.event_cards {
        use crate::events::*;
        let total: u32 = g.ev_revealed.iter().map(|&x| x as u32).sum();
        let deck = g.event_deck();
        o["events"] = json!({
            "revealed_since_rebuild": (0..NUM_CARD_TYPES).filter(|&t| g.ev_revealed[t] > 0).map(|t| (card_name(t), json!(g.ev_revealed[t]))).collect::<serde_json::Map<String, Value>>(),
            "cards_before_new_year": if g.rules.new_year { json!((NEW_YEAR_AFTER as u32).saturating_sub(total)) } else { Value::Null },
            "unrevealed": (0..NUM_CARD_TYPES).filter(|&t| deck[t] > 0).map(|t| (card_name(t), json!(deck[t]))).collect::<serde_json::Map<String, Value>>(),
            "last_card": if (g.last_card as usize) < NUM_CARD_TYPES { json!(card_name(g.last_card as usize)) } else { Value::Null },
            "resolving": if g.ev_kind != EV_NONE { json!(card_name(g.ev_card as usize)) } else { Value::Null },
            "pending": (0..n).filter(|&q| g.pending & (1 << q) != 0).collect::<Vec<_>>(),
            "receivers_left": (0..n).filter(|&q| g.recv & (1 << q) != 0).collect::<Vec<_>>(),
            "new_years": g.new_years,
        });
        if matches!(g.phase, Phase::Steal | Phase::ChooseVictim) {
            o["thief"] = json!(g.thief);
        }
    }
    crate::rivers::observe(g, &mut o);
    crate::fishermen::view::observe(g, seat, &mut o);
    if g.barbarian_attack.is_some() {
        crate::barbarian_attack::json::observation(g, &mut o);
    }
    o
}
