//! The observation tensor: fixed-size planes per hex, vertex, edge and player, then the modules blocks.

use super::*;

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

pub(crate) const EVENT_LEN: usize = 22 + 22 + 12 + 4 + 4 + 4 + NE + 4 + 1;

pub fn tensor(g: &Catan, seat: usize, out: &mut [f32]) {
    out.fill(0.0);
    if out.len() < g.observation_tensor_len() {
        return;
    }
    let n = g.n();
    let seat = seat.min(n - 1);
    // Relative seats, computed once: the tensor is written every step of an RL loop, so the
    // per-piece loops below visit only the set bits of each mask, not every vertex and edge.
    let slots: [usize; 4] = std::array::from_fn(|p| (p + n - seat) % n);
    let slot = |p: usize| slots[p];
    let mut o = 0;
    let robber = g.robber_hex();
    for h in 0..NH {
        out[o + (g.board.terrain[h] as usize).min(5)] = 1.0;
        let t = g.board.token[h] as usize;
        if (2..=12).contains(&t) {
            out[o + 6 + t - 2] = 1.0;
        }
        if robber == Some(h) {
            out[o + 17] = 1.0;
        }
        o += 18;
    }
    for p in 0..n {
        for v in bits64(g.settlements[p]).filter(|&v| v < NV) {
            out[o + 14 * v + 2 * slot(p)] = 1.0;
        }
        for v in bits64(g.cities[p]).filter(|&v| v < NV) {
            out[o + 14 * v + 2 * slot(p) + 1] = 1.0;
        }
    }
    for k in 0..6 {
        for v in bits64(g.board.harbor_vertices[k]).filter(|&v| v < NV) {
            out[o + 14 * v + 8 + k] = 1.0;
        }
    }
    o += 14 * NV;
    for p in 0..n {
        for e in bits128(g.roads[p]).filter(|&e| e < NE) {
            out[o + 4 * e + slot(p)] = 1.0;
        }
    }
    o += 4 * NE;
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
    for i in bits128(g.offers_used).filter(|&i| i < NUM_OFFERS as usize) {
        out[o + i] = 1.0;
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
        crate::caravans::view::tensor(g, seat, &mut out[o..]);
    }
    if g.rivers.is_some() && out.len() >= o + crate::rivers::TENSOR_LEN {
        crate::rivers::tensor(g, seat, &mut out[o..]);
    }
    crate::fishermen::view::tensor(g, seat, &mut out[o..]);
    if g.barbarian_attack.is_some() && out.len() >= o + crate::barbarian_attack::json::TENSOR_LEN {
        crate::barbarian_attack::json::tensor(g, seat, &mut out[o..]);
    }
    crate::traders::tensor::tensor(g, seat, &mut out[o..]);
}

/// B4 block: neutral settlements per vertex (2 x 54) and roads per edge (2 x 72), neutral road
/// lengths (2), neutral holds Longest Road (2), tokens per slot (2), token price per slot (2),
/// knights discarded per slot (2), supply / 20, rolls this turn, first roll one-hot (11), knight
/// discarded this turn, token actions this turn, phase one-hot (neutral_build, forced_take,
/// forced_give), neutral piece to build (road, settlement), forced-trade cards to take / give.
pub(crate) fn two_tensor(g: &Catan, seat: usize, out: &mut [f32]) {
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
