//! Dealing unseen cards exactly at random within what an observer knows (issue 25 item 5).
//!
//! The unseen resource cards (a multiset `supply`) go to the other players: player `i` takes
//! `demand[i]` of them, at most `cap[i][r]` of resource `r`. The target distribution is the one a
//! shuffled deal conditioned on the bounds gives: every deal of the (distinguishable) cards that
//! fits is equally likely, so a split `h` has weight `prod_r supply[r]! / prod_i h[i][r]!`.
//! The constraint system is small (5 resources, at most 3 players), so the weights of every
//! partial split are counted exactly by dynamic programming over the resources, and a deal is
//! drawn resource by resource from those counts.

use meeple_core::GameRng;
use std::collections::HashMap;

/// Most players dealt to (the other players of a 4-player game).
const MAX_TAKERS: usize = 3;

type Demand = [u32; MAX_TAKERS];

struct Dealer<'a> {
    supply: [u32; 5],
    cap: &'a [[u32; 5]],
    k: usize,
    /// `(resource, remaining demand)` -> weight of every completion from that resource on.
    memo: HashMap<(usize, Demand), f64>,
}

/// `n! / prod(parts!)` as a float (exact for the small counts of a Catan bank).
fn multinomial(n: u32, parts: &[u32]) -> f64 {
    let mut w = 1.0f64;
    let mut left = n;
    for &p in parts {
        // C(left, p), built up term by term.
        for j in 0..p {
            w *= (left - j) as f64 / (j + 1) as f64;
        }
        left -= p;
    }
    w
}

impl Dealer<'_> {
    /// Every split of resource `r`'s supply among the takers within their caps and demand.
    fn splits(&self, r: usize, dem: &Demand) -> Vec<Demand> {
        let mut out = Vec::new();
        let mut cur = [0u32; MAX_TAKERS];
        self.split_rec(r, dem, 0, self.supply[r], &mut cur, &mut out);
        out
    }

    fn split_rec(
        &self,
        r: usize,
        dem: &Demand,
        i: usize,
        left: u32,
        cur: &mut Demand,
        out: &mut Vec<Demand>,
    ) {
        if i + 1 == self.k {
            if left <= self.cap[i][r].min(dem[i]) {
                cur[i] = left;
                out.push(*cur);
            }
            return;
        }
        for h in 0..=left.min(self.cap[i][r]).min(dem[i]) {
            cur[i] = h;
            self.split_rec(r, dem, i + 1, left - h, cur, out);
        }
    }

    /// The weight of every way to deal resources `r..5` into the remaining demand `dem`.
    fn ways(&mut self, r: usize, dem: Demand) -> f64 {
        if r == 5 {
            return if dem.iter().all(|&d| d == 0) {
                1.0
            } else {
                0.0
            };
        }
        if let Some(&w) = self.memo.get(&(r, dem)) {
            return w;
        }
        let mut total = 0.0;
        for h in self.splits(r, &dem) {
            let rest = std::array::from_fn(|i| dem[i] - h[i]);
            let w = self.ways(r + 1, rest);
            if w > 0.0 {
                total += multinomial(self.supply[r], &h[..self.k]) * w;
            }
        }
        self.memo.insert((r, dem), total);
        total
    }
}

/// A uniform float in `[0, 1)` (53 random bits).
fn unit(rng: &mut GameRng) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// Deal `supply[r]` cards of each resource: taker `i` gets `demand[i]` cards, at most
/// `cap[i][r]` of resource `r`, every fitting deal of the distinguishable cards equally likely.
/// Returns the cards per taker, or `None` when no deal fits (inconsistent knowledge).
pub(crate) fn deal_exactly(
    supply: [u32; 5],
    demand: &[u32],
    cap: &[[u32; 5]],
    rng: &mut GameRng,
) -> Option<Vec<[u8; 5]>> {
    let k = demand.len();
    if k == 0 || k > MAX_TAKERS || cap.len() != k {
        return (k == 0 && supply.iter().all(|&s| s == 0)).then(Vec::new);
    }
    let mut d = Dealer {
        supply,
        cap,
        k,
        memo: HashMap::new(),
    };
    let mut dem: Demand = [0; MAX_TAKERS];
    dem[..k].copy_from_slice(demand);
    if d.ways(0, dem) <= 0.0 {
        return None;
    }
    let mut out = vec![[0u8; 5]; k];
    for r in 0..5 {
        let options: Vec<(Demand, f64)> = d
            .splits(r, &dem)
            .into_iter()
            .map(|h| {
                let rest = std::array::from_fn(|i| dem[i] - h[i]);
                (h, multinomial(supply[r], &h[..k]) * d.ways(r + 1, rest))
            })
            .filter(|&(_, w)| w > 0.0)
            .collect();
        let total: f64 = options.iter().map(|o| o.1).sum();
        let mut pick = unit(rng) * total;
        let mut chosen = options.last()?.0;
        for &(h, w) in &options {
            if pick < w {
                chosen = h;
                break;
            }
            pick -= w;
        }
        for i in 0..k {
            out[i][r] = chosen[i] as u8;
            dem[i] -= chosen[i];
        }
    }
    Some(out)
}
