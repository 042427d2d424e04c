//! Determinization: resample what a seat cannot see, within what it knows.

use super::*;

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
    // The other seats, and the unseen cards in one buffer each: a search determinizes once per
    // simulation, so no allocation grows element by element here.
    let mut seats = [0usize; crate::ids::MAX_PLAYERS];
    let mut k = 0;
    for p in (0..n).filter(|&p| p != seat) {
        seats[k] = p;
        k += 1;
    }
    let others = &seats[..k];
    // Resources.
    let unseen: [u32; 5] = std::array::from_fn(|r| {
        let held: u32 = others.iter().map(|&p| g.hand[p][r] as u32).sum();
        let known: u32 = others.iter().map(|&p| g.know_lo[seat][p][r] as u32).sum();
        held.saturating_sub(known)
    });
    let mut free_pool: Vec<u8> = Vec::with_capacity(unseen.iter().sum::<u32>() as usize);
    for (r, &count) in unseen.iter().enumerate() {
        free_pool.extend(std::iter::repeat_n(r as u8, count as usize));
    }
    let mut dealt = false;
    for _ in 0..64 {
        rng.shuffle(&mut free_pool);
        let mut hands = g.hand;
        let mut it = free_pool.iter();
        let mut ok = true;
        for &p in others {
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
    for &p in others {
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
    for &o in others {
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
    let unseen_dev: [u32; 5] = std::array::from_fn(|k| {
        g.deck[k] as u32 + others.iter().map(|&p| g.dev[p][k] as u32).sum::<u32>()
    });
    let mut pool: Vec<u8> = Vec::with_capacity(unseen_dev.iter().sum::<u32>() as usize);
    for (k, &count) in unseen_dev.iter().enumerate() {
        pool.extend(std::iter::repeat_n(k as u8, count as usize));
    }
    if others.iter().any(|&p| g.dev_count(p) > 0) {
        // If every trial gives the player to move a win he cannot have, keep the trial that gives
        // him the fewest points (never the real cards: that would leak them). A trial is tried
        // on `d` itself (only its development cards change) and the best one's cards are kept,
        // so no state is cloned per trial.
        type Cards = (
            [[u8; 5]; crate::ids::MAX_PLAYERS],
            [[u8; 5]; crate::ids::MAX_PLAYERS],
            [u8; 5],
        );
        let mut best: Option<(u32, Cards)> = None;
        for _attempt in 0..64 {
            rng.shuffle(&mut pool);
            let mut dev = g.dev;
            let mut dev_new = g.dev_new;
            let mut it = pool.iter();
            for &p in others {
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
            (d.dev, d.dev_new, d.deck) = (dev, dev_new, deck);
            // The player whose turn it is cannot hold enough points to have won already.
            let cur = g.current as usize;
            let setup = matches!(g.phase, Phase::SetupSettlement | Phase::SetupRoad);
            let points = d.vp(cur);
            if setup || cur == seat || points < g.victory_target(cur) {
                best = Some((0, (dev, dev_new, deck)));
                break;
            }
            if best.as_ref().is_none_or(|b| points < b.0) {
                best = Some((points, (dev, dev_new, deck)));
            }
        }
        (d.dev, d.dev_new, d.deck) = best.map_or((g.dev, g.dev_new, g.deck), |b| b.1);
    }
    Catan::module_determinize(&mut d, seat, &mut rng);
    d
}
