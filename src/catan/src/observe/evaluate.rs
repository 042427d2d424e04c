//! A cheap static evaluation for bots (a share of the players strength).

use super::*;

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
    let idle = g.robber_mask() | g.barren_hexes();
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
        x += g.module_evaluate(seat, p);
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
