//! Observations (JSON and tensor), action labels, determinization, rendering and evaluation.

use crate::board::{HARBOR_KINDS, RESOURCES, TERRAINS};
use crate::geometry::{bits128, bits64, NE, NH, NONE, NV};
use crate::position::{DevCards, Resources};
use crate::*;
use serde_json::json;

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
        o["caravans"] = crate::caravans::observation(g);
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
    if let Some(t) = crate::traders::to_pos(g) {
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
    crate::fishermen::observe(g, seat, &mut o);
    if g.barbarian_attack.is_some() {
        crate::barbarian_attack::json::observation(g, &mut o);
    }
    o
}

/// Tensor layout (relative seats: slot 0 = the observer, then clockwise; 4 slots):
/// per land hex (19 × 18): terrain one-hot (6: forest, hills, pasture, fields, mountains,
/// desert), token one-hot (11: sums 2..12), robber; per vertex (54 × 14): settlement and city per
/// slot (8), harbor kind one-hot (6: lumber, brick, wool, grain, ore, 3:1); per edge (72 × 4):
/// road per slot; per slot (4 × 25): resources (exact for the observer, known minimum for
/// others) 5, known maximum 5, hand size, development card count, played cards by kind 5, road
/// length, public VP, holds Longest Road, holds Largest Army, cards owed to a discard, settlements,
/// cities and roads left; own development cards by kind 5, of them bought this turn 5, own total
/// VP; bank 5; development deck size; phase one-hot 16; to move (4 slots, chance, terminal);
/// rolled; development card played; last roll one-hot 11; free roads; year-of-plenty picks left;
/// offers made; offer on the table one-hot 80; responder slot 4; accepters by slot 4; offers made
/// this turn 80; turns played / turn limit; truncated; winner slot 4; Traders & Barbarians
/// modules (zero when off): per slot holds Harbormaster, harbour points / 3, protected by the
/// Friendly Robber (4 × 3); B2 event cards: revealed since the rebuild per card type / copies
/// (22), last card one-hot (22), event being resolved one-hot by kind (12), pending per slot (4),
/// receivers left per slot (4), thief slot (4), damaged road per edge (72), damaged road per slot
/// (4), cards before New Year / 31. With B7 The Caravans the block of
/// [`crate::caravans::TENSOR_LEN`] follows (see `caravans::tensor`).
pub const TENSOR_LEN: usize = NH * 18
    + NV * 14
    + NE * 4
    + 4 * 25
    + 11
    + 6
    + PHASES
    + 6
    + 13
    + 3
    + 88
    + 80
    + 6
    + 12
    + EVENT_LEN;

/// The tensor length for this configuration: the base layout, then each module's block.
pub fn tensor_len(g: &Catan) -> usize {
    TENSOR_LEN
        + if g.rules.two { two::TENSOR_LEN } else { 0 }
        + if g.caravans.is_some() {
            crate::caravans::TENSOR_LEN
        } else if g.rivers.is_some() {
            crate::rivers::TENSOR_LEN
        } else if g.fishermen.is_some() {
            crate::fishermen::TENSOR_LEN
        } else if g.barbarian_attack.is_some() {
            crate::barbarian_attack::json::tensor_len(g)
        } else if g.traders.is_some() {
            crate::traders::TENSOR_LEN
                + if g.rules.two {
                    crate::traders_two::TENSOR_LEN
                } else {
                    0
                }
        } else {
            0
        }
}

const EVENT_LEN: usize = 22 + 22 + 12 + 4 + 4 + 4 + NE + 4 + 1;

pub fn tensor(g: &Catan, seat: usize, out: &mut [f32]) {
    out.fill(0.0);
    if out.len() < g.observation_tensor_len() {
        return;
    }
    let n = g.n();
    let seat = seat.min(n - 1);
    let slot = |p: usize| (p + n - seat) % n;
    let mut o = 0;
    for h in 0..NH {
        out[o + (g.board.terrain[h] as usize).min(5)] = 1.0;
        let t = g.board.token[h] as usize;
        if (2..=12).contains(&t) {
            out[o + 6 + t - 2] = 1.0;
        }
        if g.robber_hex() == Some(h) {
            out[o + 17] = 1.0;
        }
        o += 18;
    }
    for v in 0..NV {
        let bit = 1u64 << v;
        for p in 0..n {
            if g.settlements[p] & bit != 0 {
                out[o + 2 * slot(p)] = 1.0;
            }
            if g.cities[p] & bit != 0 {
                out[o + 2 * slot(p) + 1] = 1.0;
            }
        }
        for k in 0..6 {
            if g.board.harbor_vertices[k] & bit != 0 {
                out[o + 8 + k] = 1.0;
            }
        }
        o += 14;
    }
    for e in 0..NE {
        for p in 0..n {
            if g.roads[p] & (1u128 << e) != 0 {
                out[o + slot(p)] = 1.0;
            }
        }
        o += 4;
    }
    for p in 0..n {
        let b = o + 25 * slot(p);
        let c = g.hand_size(p).min(255) as u8;
        // The observer's own cards are exact: those he still holds (G-3: without the ones set
        // aside for a discard); another hand by the observer's bounds.
        let (lo, hi) = if p == seat {
            (g.held(p), g.held(p))
        } else {
            (g.know_lo[seat][p], g.know_hi[seat][p].map(|x| x.min(c)))
        };
        for r in 0..5 {
            out[b + r] = lo[r] as f32;
            out[b + 5 + r] = hi[r] as f32;
        }
        out[b + 10] = c as f32;
        out[b + 11] = g.dev_count(p) as f32;
        for k in 0..5 {
            out[b + 12 + k] = g.dev_played[p][k] as f32;
        }
        out[b + 17] = g.road_len[p] as f32;
        out[b + 18] = g.public_vp(p) as f32;
        out[b + 19] = (g.longest_road as usize == p) as u8 as f32;
        out[b + 20] = (g.largest_army as usize == p) as u8 as f32;
        out[b + 21] = if g.phase == Phase::Discard {
            g.discard_owed[p] as f32
        } else {
            0.0
        };
        out[b + 22] = (MAX_SETTLEMENTS - g.settlements[p].count_ones()) as f32;
        out[b + 23] = (MAX_CITIES - g.cities[p].count_ones()) as f32;
        out[b + 24] = (MAX_ROADS - g.road_pieces(p)) as f32;
    }
    o += 100;
    for k in 0..5 {
        out[o + k] = g.dev[seat][k] as f32;
        out[o + 5 + k] = g.dev_new[seat][k] as f32;
    }
    out[o + 10] = g.vp(seat) as f32;
    o += 11;
    for r in 0..5 {
        out[o + r] = g.bank[r] as f32;
    }
    out[o + 5] = g.deck.iter().map(|&x| x as f32).sum();
    o += 6;
    if let Some(i) = phase_index(g.phase) {
        out[o + i] = 1.0;
    }
    o += PHASES;
    match g.turn() {
        Turn::Player(p) => out[o + slot(p)] = 1.0,
        Turn::Chance => out[o + 4] = 1.0,
        Turn::Terminal => out[o + 5] = 1.0,
    }
    o += 6;
    out[o] = g.rolled as u8 as f32;
    out[o + 1] = g.dev_played_turn as u8 as f32;
    if (2..=12).contains(&g.last_roll) {
        out[o + 2 + g.last_roll as usize - 2] = 1.0;
    }
    o += 13;
    if g.phase == Phase::RoadBuilding {
        out[o] = g.free_roads as f32;
    }
    if g.phase == Phase::YearOfPlenty {
        out[o + 1] = g.yop_left as f32;
    }
    out[o + 2] = g.offers_made as f32;
    o += 3;
    if matches!(g.phase, Phase::TradeResponse | Phase::TradeDecision)
        && (g.offer as u32) < NUM_OFFERS
    {
        out[o + (g.offer as usize).min(79)] = 1.0;
        if g.phase == Phase::TradeResponse {
            out[o + 80 + slot(g.responder as usize % n)] = 1.0;
        }
        for q in 0..n {
            if g.accepters & (1 << q) != 0 {
                out[o + 84 + slot(q)] = 1.0;
            }
        }
    }
    o += 88;
    for i in 0..NUM_OFFERS as usize {
        if g.offers_used & (1u128 << i) != 0 {
            out[o + i] = 1.0;
        }
    }
    o += 80;
    out[o] = g.turns_played as f32 / g.rules.turn_limit.max(1) as f32;
    out[o + 1] = g.truncated as u8 as f32;
    if (g.winner as usize) < n {
        out[o + 2 + slot(g.winner as usize)] = 1.0;
    }
    o += 6;
    if g.rules.harbormaster || g.rules.friendly_robber {
        let prot = g.protected_players();
        for p in 0..n {
            let b = o + 3 * slot(p);
            out[b] = (g.harbormaster as usize == p) as u8 as f32;
            if g.rules.harbormaster {
                out[b + 1] = g.harbor_points(p) as f32 / 3.0;
            }
            out[b + 2] = (prot & (1 << p) != 0) as u8 as f32;
        }
    }
    o += 12;
    if g.rules.event_cards {
        use crate::events::*;
        for t in 0..NUM_CARD_TYPES {
            out[o + t] = g.ev_revealed[t] as f32 / CARD_TYPES[t].2 as f32;
        }
        if (g.last_card as usize) < NUM_CARD_TYPES {
            out[o + 22 + g.last_card as usize] = 1.0;
        }
        if g.ev_kind != EV_NONE {
            out[o + 44 + (g.ev_kind as usize).min(11)] = 1.0;
        }
        for p in 0..n {
            out[o + 56 + slot(p)] = (g.pending & (1 << p) != 0) as u8 as f32;
            out[o + 60 + slot(p)] = (g.recv & (1 << p) != 0) as u8 as f32;
            if (g.damaged[p] as usize) < NE {
                out[o + 68 + g.damaged[p] as usize] = 1.0;
                out[o + 68 + NE + slot(p)] = 1.0;
            }
        }
        if matches!(g.phase, Phase::Steal | Phase::ChooseVictim) && (g.thief as usize) < n {
            out[o + 64 + slot(g.thief as usize)] = 1.0;
        }
        let total: u32 = g.ev_revealed.iter().map(|&x| x as u32).sum();
        out[o + 72 + NE] = (NEW_YEAR_AFTER as u32).saturating_sub(total) as f32 / 31.0;
    }
    o += EVENT_LEN;
    debug_assert_eq!(o, TENSOR_LEN);
    if g.rules.two && out.len() >= o + two::TENSOR_LEN {
        two_tensor(g, seat, &mut out[o..o + two::TENSOR_LEN]);
    }
    // Each module's block follows the previous one's (B4, then the scenario's).
    let o = o + if g.rules.two { two::TENSOR_LEN } else { 0 };
    if g.caravans.is_some() {
        crate::caravans::tensor(g, seat, &mut out[o..]);
    }
    if g.rivers.is_some() && out.len() >= o + crate::rivers::TENSOR_LEN {
        crate::rivers::tensor(g, seat, &mut out[o..]);
    }
    crate::fishermen::tensor(g, seat, &mut out[o..]);
    if g.barbarian_attack.is_some() && out.len() >= o + crate::barbarian_attack::json::TENSOR_LEN {
        crate::barbarian_attack::json::tensor(g, seat, &mut out[o..]);
    }
    crate::traders::tensor(g, seat, &mut out[o..]);
}

/// B4 block: neutral settlements per vertex (2 x 54) and roads per edge (2 x 72), neutral road
/// lengths (2), neutral holds Longest Road (2), tokens per slot (2), token price per slot (2),
/// knights discarded per slot (2), supply / 20, rolls this turn, first roll one-hot (11), knight
/// discarded this turn, token actions this turn, phase one-hot (neutral_build, forced_take,
/// forced_give), neutral piece to build (road, settlement), forced-trade cards to take / give.
fn two_tensor(g: &Catan, seat: usize, out: &mut [f32]) {
    use crate::two::*;
    let Some(t) = g.two.as_deref() else {
        return;
    };
    let slot = |p: usize| (p + 2 - seat.min(1)) % 2;
    let mut o = 0;
    for &s in &NEUTRALS {
        for v in bits64(g.settlements[s]) {
            out[o + v] = 1.0;
        }
        o += NV;
    }
    for &s in &NEUTRALS {
        // Edges past 72 (B9 boards) are in the scenario's block.
        for e in bits128(g.roads[s]).filter(|&e| e < NE) {
            out[o + e] = 1.0;
        }
        o += NE;
    }
    for (k, &s) in NEUTRALS.iter().enumerate() {
        out[o + k] = g.road_len[s] as f32;
        out[o + 2 + k] = (g.longest_road as usize == s) as u8 as f32;
    }
    o += 4;
    for p in 0..2 {
        out[o + slot(p)] = t.tokens[p] as f32;
        out[o + 2 + slot(p)] = g.token_price(p) as f32;
        out[o + 4 + slot(p)] = t.knights_discarded[p] as f32;
    }
    o += 6;
    out[o] = g.token_supply() as f32 / TOKENS_TOTAL as f32;
    out[o + 1] = t.rolls as f32;
    if t.rolls > 0 && (2..=12).contains(&t.first_roll) {
        out[o + 2 + t.first_roll as usize - 2] = 1.0;
    }
    o += 13;
    out[o] = t.knight_discarded as u8 as f32;
    out[o + 1] = t.token_actions as f32;
    o += 2;
    match g.phase {
        Phase::NeutralBuild => out[o] = 1.0,
        Phase::ForcedTake => out[o + 1] = 1.0,
        Phase::ForcedGive => out[o + 2] = 1.0,
        _ => {}
    }
    o += 3;
    if t.neutral_build == BUILD_ROAD {
        out[o] = 1.0;
    } else if t.neutral_build == BUILD_SETTLEMENT {
        out[o + 1] = 1.0;
    }
    o += 2;
    out[o] = t.forced_take as f32;
    out[o + 1] = t.forced_give as f32;
    o += 2;
    debug_assert_eq!(o, TENSOR_LEN);
}

pub fn label(g: &Catan, a: Action) -> String {
    let geo = g.geo();
    let p = g.current as usize;
    if g.traders.is_some() {
        // B9: its own ids, and the Swift Journey in the Year of Plenty slot.
        if let Some(l) = g.tb_label(a) {
            return l;
        }
        if a == A_PLAY + 2 {
            return "play swift journey".into();
        }
        if (C_DEV..NUM_ACTIONS).contains(&a) {
            return format!("draw {}", g.dev_name((a - C_DEV) as usize));
        }
    }
    if a < A_ROAD {
        format!("settlement {}", geo.vertex_name((a - A_SETTLE) as usize))
    } else if a < A_CITY {
        format!("road {}", geo.edge_name((a - A_ROAD) as usize))
    } else if a < A_ROLL {
        format!("city {}", geo.vertex_name((a - A_CITY) as usize))
    } else if a == A_ROLL {
        "roll".into()
    } else if a == A_END {
        "end turn".into()
    } else if a == A_BUY_DEV {
        "buy development card".into()
    } else if a < A_YOP {
        [
            "play knight",
            "play road building",
            "play year of plenty",
            "play monopoly",
        ][(a - A_PLAY) as usize]
            .into()
    } else if a < A_MONO {
        format!("take {}", RESOURCES[(a - A_YOP) as usize])
    } else if a < A_ROBBER {
        format!("monopoly {}", RESOURCES[(a - A_MONO) as usize])
    } else if a < A_STEAL {
        format!("robber to {}", geo.hex_name((a - A_ROBBER) as usize))
    } else if a < A_DISCARD {
        format!("steal from player {}", a - A_STEAL)
    } else if a < A_MARITIME {
        format!("discard {}", RESOURCES[(a - A_DISCARD) as usize])
    } else if a < A_OFFER {
        let (give, get) = maritime_decode(a - A_MARITIME);
        format!(
            "maritime {} {} for 1 {}",
            g.rate(p, give),
            RESOURCES[give],
            RESOURCES[get]
        )
    } else if a < A_ACCEPT {
        let o = Offer::decode(a - A_OFFER);
        format!(
            "offer {} {} for {} {}",
            o.give_n, RESOURCES[o.give], o.get_n, RESOURCES[o.get]
        )
    } else if a == A_ACCEPT {
        "accept".into()
    } else if a == A_DECLINE {
        "decline".into()
    } else if a < A_WITHDRAW {
        format!("trade with player {}", a - A_CONFIRM)
    } else if a == A_WITHDRAW {
        "withdraw offer".into()
    } else if a < C_STEAL {
        format!("dice {}", a - C_DICE + 2)
    } else if a < C_DEV {
        format!("stolen {}", RESOURCES[(a - C_STEAL) as usize])
    } else if a < NUM_ACTIONS {
        format!("draw {}", DEV_NAMES[(a - C_DEV) as usize])
    } else if a < A_DAMAGE {
        format!("event {}", crate::events::card_name((a - C_EVENT) as usize))
    } else if a < A_GIVE {
        format!("damage road {}", geo.edge_name((a - A_DAMAGE) as usize))
    } else if a < A_REPAIR {
        format!("give {}", RESOURCES[(a - A_GIVE) as usize])
    } else if a == A_REPAIR {
        "repair road".into()
    } else if (A_TWO..A_SCENARIO).contains(&a) {
        crate::two::label(g, a)
    } else if let Some(l) = g
        .caravans
        .is_some()
        .then(|| crate::caravans::label(a))
        .flatten()
    {
        l
    } else if a >= A_SCENARIO && g.rivers.is_some() {
        crate::rivers::label(g, a)
    } else if a >= A_SCENARIO && g.fishermen.is_some() {
        g.fish_label(a)
    } else if a >= A_SCENARIO && g.rules.scenario == Scenario::BarbarianAttack {
        crate::barbarian_attack::json::label(g, a)
    } else {
        format!("action {a}")
    }
}

/// Resample what `seat` cannot see: the other players' resource cards (within what `seat` knows
/// of each hand: counts, lower and upper bounds) and their unplayed development cards (from the
/// deck plus their cards, counts kept). Other players' knowledge is reset to `seat`'s.
pub fn determinize(g: &Catan, seat: usize, seed: u64) -> Catan {
    let mut d = g.clone();
    d.rng = GameRng::new(seed);
    let n = g.n();
    if g.phase == Phase::GameOver || seat >= n {
        return d;
    }
    let mut rng = GameRng::new(seed ^ 0x0D15_EA5E);
    let others: Vec<usize> = (0..n).filter(|&p| p != seat).collect();
    // Resources.
    let mut free_pool: Vec<u8> = Vec::new();
    for r in 0..5 {
        let held: u32 = others.iter().map(|&p| g.hand[p][r] as u32).sum();
        let known: u32 = others.iter().map(|&p| g.know_lo[seat][p][r] as u32).sum();
        for _ in 0..held.saturating_sub(known) {
            free_pool.push(r as u8);
        }
    }
    let mut dealt = false;
    for _ in 0..64 {
        rng.shuffle(&mut free_pool);
        let mut hands = g.hand;
        let mut it = free_pool.iter();
        let mut ok = true;
        for &p in &others {
            hands[p] = g.know_lo[seat][p];
            let free = g.hand_size(p) - hands[p].iter().map(|&x| x as u32).sum::<u32>();
            for _ in 0..free {
                match it.next() {
                    Some(&r) => hands[p][r as usize] += 1,
                    None => ok = false,
                }
            }
            ok &= (0..5).all(|r| hands[p][r] <= g.know_hi[seat][p][r]);
        }
        if ok {
            d.hand = hands;
            dealt = true;
            break;
        }
    }
    if !dealt {
        // Tight bounds defeated rejection sampling: draw from the same distribution (every
        // fitting deal of the unseen cards equally likely) exactly, from counted weights. It
        // depends only on what `seat` knows, never on the real hands (no leak).
        let lo = |p: usize| g.know_lo[seat][p];
        let demand: Vec<u32> = others
            .iter()
            .map(|&p| {
                g.hand_size(p)
                    .saturating_sub(lo(p).iter().map(|&x| x as u32).sum::<u32>())
            })
            .collect();
        let cap: Vec<[u32; 5]> = others
            .iter()
            .map(|&p| {
                std::array::from_fn(|r| g.know_hi[seat][p][r].saturating_sub(lo(p)[r]) as u32)
            })
            .collect();
        let mut supply = [0u32; 5];
        for &r in &free_pool {
            supply[r as usize] += 1;
        }
        let extra =
            crate::deal::deal_exactly(supply, &demand, &cap, &mut rng).unwrap_or_else(|| {
                // Only for inconsistent knowledge (never reached by play): deal ignoring the bounds.
                let mut out = vec![[0u8; 5]; others.len()];
                let mut it = free_pool.iter();
                for (i, &want) in demand.iter().enumerate() {
                    for &r in it.by_ref().take(want as usize) {
                        out[i][r as usize] += 1;
                    }
                }
                out
            });
        for (i, &p) in others.iter().enumerate() {
            for r in 0..5 {
                d.hand[p][r] = lo(p)[r] + extra[i][r];
            }
        }
    }
    // G-3: another player's discards already chosen on this 7 are hidden; redraw them (as many
    // as he has chosen) from his dealt hand. No draw when nobody has set a card aside.
    for &p in &others {
        let k: u32 = g.set_aside[p].iter().map(|&x| x as u32).sum();
        if k > 0 {
            let mut cards: Vec<u8> = (0..5u8)
                .flat_map(|r| std::iter::repeat_n(r, d.hand[p][r as usize] as usize))
                .collect();
            rng.shuffle(&mut cards);
            d.set_aside[p] = [0; 5];
            for &r in cards.iter().take(k as usize) {
                d.set_aside[p][r as usize] += 1;
            }
        }
    }
    // Knowledge of the other observers: what `seat` knows (their view of `seat` is unchanged).
    for &o in &others {
        for q in 0..n {
            if q == o {
                d.know_lo[o][q] = d.hand[q];
                d.know_hi[o][q] = d.hand[q];
            } else if q != seat {
                d.know_lo[o][q] = g.know_lo[seat][q];
                d.know_hi[o][q] = g.know_hi[seat][q];
            }
        }
    }
    // Development cards.
    let mut pool: Vec<u8> = Vec::new();
    for k in 0..5 {
        let c = g.deck[k] as u32 + others.iter().map(|&p| g.dev[p][k] as u32).sum::<u32>();
        for _ in 0..c {
            pool.push(k as u8);
        }
    }
    if others.iter().any(|&p| g.dev_count(p) > 0) {
        // If every trial gives the player to move a win he cannot have, keep the trial that gives
        // him the fewest points (never the real cards: that would leak them).
        let mut best: Option<(u32, Catan)> = None;
        for _attempt in 0..64 {
            rng.shuffle(&mut pool);
            let mut dev = g.dev;
            let mut dev_new = g.dev_new;
            let mut it = pool.iter();
            for &p in &others {
                let new_count: u32 = g.dev_new[p].iter().map(|&x| x as u32).sum();
                let total = g.dev_count(p);
                dev[p] = [0; 5];
                dev_new[p] = [0; 5];
                for i in 0..total {
                    if let Some(&k) = it.next() {
                        dev[p][k as usize] += 1;
                        if i < new_count {
                            dev_new[p][k as usize] += 1;
                        }
                    }
                }
            }
            let mut deck = [0u8; 5];
            for &k in it {
                deck[k as usize] += 1;
            }
            let mut trial = d.clone();
            trial.dev = dev;
            trial.dev_new = dev_new;
            trial.deck = deck;
            // The player whose turn it is cannot hold enough points to have won already.
            let cur = g.current as usize;
            let setup = matches!(g.phase, Phase::SetupSettlement | Phase::SetupRoad);
            let points = trial.vp(cur);
            if setup || cur == seat || points < g.victory_target(cur) {
                best = Some((0, trial));
                break;
            }
            if best.as_ref().is_none_or(|b| points < b.0) {
                best = Some((points, trial));
            }
        }
        if let Some((_, trial)) = best {
            d = trial;
        }
    }
    crate::fishermen::determinize(&mut d, seat, &mut rng);
    d
}

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
    s.push_str(&crate::fishermen::render(g));
    if g.phase == Phase::GameOver {
        s.push_str(&format!(
            "game over: winners {:?}{}\n",
            g.winners(),
            if g.truncated { " (turn limit)" } else { "" }
        ));
    }
    s
}

/// Heuristic value for `seat`: its share of the players' "strength", where strength =
/// victory points (own hidden cards counted; for opponents public points + 0.3 per unplayed
/// card) + expected production (pips / 12 per settlement, double for cities, nothing from the
/// robber's hex) + 0.08 per card in hand up to 7 (−0.05 per card beyond, the discard risk) +
/// 0.3 per own unplayed non-VP card + 0.15 per played knight + 0.05 per road + 0.4 when a
/// settlement spot is reachable + 0.3 for each of a settlement and a city the hand can pay for
/// (with a place to build it; for opponents judged from what `seat` knows of their hands).
/// Returns 1/k or 0 at the end.
pub fn evaluate(g: &Catan, seat: usize) -> f64 {
    let n = g.n();
    if seat >= n {
        return 0.0;
    }
    if g.phase == Phase::GameOver {
        return g.returns()[seat];
    }
    // Hexes that produce nothing now: the robber's (none while it stands beside the board,
    // B5/B6/B7) and B8's conquered hexes.
    let geo = g.geo();
    let idle = g.robber_mask() | g.barbarian_attack.as_ref().map_or(0, |b| b.conquered);
    let working_pips = |v: usize| -> u32 {
        geo.vertex_hexes[v]
            .iter()
            .filter(|&&h| h != NONE && idle & (1 << h) == 0)
            .map(|&h| g.board.hex_pips(h as usize))
            .sum()
    };
    let strength = |p: usize| -> f64 {
        let mut x = if p == seat {
            g.vp(p) as f64 + 0.3 * (g.dev_count(p) - g.dev[p][VICTORY_POINT] as u32) as f64
        } else {
            g.public_vp(p) as f64 + 0.3 * g.dev_count(p) as f64
        };
        let mut prod = 0u32;
        for v in bits64(g.settlements[p]) {
            prod += working_pips(v);
        }
        for v in bits64(g.cities[p]) {
            prod += 2 * working_pips(v);
        }
        // B6: coins buy resources at 2 apiece (same weight as cards in hand).
        x += 0.04 * g.coins(p) as f64;
        x += prod as f64 / 12.0;
        let hand = g.hand_size(p) as f64;
        x += 0.08 * hand.min(7.0) - 0.05 * (hand - 7.0).max(0.0);
        x += 0.15 * g.dev_played[p][KNIGHT] as f64 + 0.05 * g.roads[p].count_ones() as f64;
        // B4: a trade token is worth a little (a forced trade or a robber move).
        x += 0.1 * g.tokens(p) as f64;
        x += crate::fishermen::evaluate(g, seat, p);
        // Only what `seat` knows of another hand (its lower bounds).
        let cards = if p == seat {
            g.hand[p]
        } else {
            g.know_lo[seat][p]
        };
        let spots = (g.road_verts[p] & !g.blocked).count_ones();
        if spots > 0 {
            x += 0.4;
            if cards.iter().zip([1u8, 1, 1, 1, 0]).all(|(h, c)| *h >= c) {
                x += 0.3;
            }
        }
        if g.settlements[p] != 0 && cards[3] >= 2 && cards[4] >= 3 {
            x += 0.3;
        }
        x.max(0.0) + 0.01
    };
    let total: f64 = (0..n).map(strength).sum();
    (strength(seat) / total).clamp(0.0, 1.0)
}
