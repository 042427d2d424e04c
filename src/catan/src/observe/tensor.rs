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
    TENSOR_LEN + g.module_tensor_len()
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
    g.special_cards_tensor(seat, &mut out[o..o + 12]);
    o += 12;
    g.events_tensor(seat, &mut out[o..o + EVENT_LEN]);
    o += EVENT_LEN;
    debug_assert_eq!(o, TENSOR_LEN);
    g.module_tensor(seat, &mut out[o..]);
}
