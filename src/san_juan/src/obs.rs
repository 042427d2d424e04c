//! Observations (JSON and tensor), action labels, determinization and the text picture.

use crate::cards::*;
use crate::repr::{phase_name, to_map, PHASES};
use crate::{
    DrawTo, Phase, SanJuan, CARD0, GOOD0, NONE, NUM_ACTIONS, PASS, ROLE0, SLOT0, USE_LIBRARY,
};
use meeple_core::{Action, Game, GameRng, Turn};
use serde_json::{json, Value};

fn names(c: &Cards) -> Value {
    serde_json::to_value(to_map(c)).unwrap_or(Value::Null)
}

/// Whether `seat` may see the councilor's drawn cards.
fn sees_drawn(g: &SanJuan, seat: usize) -> bool {
    seat == g.a() && matches!(g.phase, Phase::CouncilDraw | Phase::CouncilKeep)
}

/// The canonical-order floor as `seat` may see it (hidden choices keep it private).
fn visible_floor(g: &SanJuan, seat: usize) -> u8 {
    match g.phase {
        Phase::Produce | Phase::Sell => g.floor,
        Phase::BuildPay => {
            if seat == g.a() {
                g.floor
            } else {
                g.floor.min(5)
            }
        }
        Phase::Draft | Phase::HandLimit | Phase::CouncilDiscard | Phase::CouncilKeep
            if seat == g.a() =>
        {
            g.floor
        }
        _ => 0,
    }
}

/// The known part of the tile cycle: revealed tiles, plus the forced 5th after 4 trader phases.
fn tile_cycle(g: &SanJuan) -> Vec<u8> {
    let seen = (g.trades as usize).min(5);
    let mut v = g.tiles[..seen].to_vec();
    if seen == 4 {
        if let Some(m) = (0..5u8).find(|t| !v.contains(t)) {
            v.push(m);
        }
    }
    v
}

pub fn observation(g: &SanJuan, seat: usize) -> Value {
    let n = g.nn();
    let players: Vec<Value> = (0..n)
        .map(|p| {
            let s = g.seat(p);
            let buildings: Vec<Value> = s
                .active()
                .iter()
                .map(
                    |sl| json!({"building": NAMES[sl.b as usize % KINDS], "good": sl.good != NONE}),
                )
                .collect();
            json!({
                "seat": p,
                "buildings": buildings,
                "covered": names(&s.covered),
                "hand_size": s.hand_size(),
                "chapel_size": total(&s.chapel),
                "goods": s.goods(),
                "known_hand": names(&s.known_hand),
                "score": g.score_of(p),
            })
        })
        .collect();
    let mine = seat < n;
    let own = |c: &Cards| if mine { names(c) } else { Value::Null };
    let roles_taken: serde_json::Map<String, Value> = (0..5)
        .map(|r| {
            let v = if g.roles[r] == NONE {
                Value::Null
            } else {
                json!(g.roles[r])
            };
            (ROLES[r].to_string(), v)
        })
        .collect();
    let in_build = matches!(
        g.phase,
        Phase::BuildTarget | Phase::BuildPay | Phase::BuildBonus
    );
    json!({
        "game": "san_juan",
        "seat": seat,
        "round": g.round,
        "max_rounds": g.max_rounds,
        "governor": g.governor,
        "phase": phase_name(g.phase),
        "to_move": g.turn().as_i32(),
        "actor": g.actor,
        "role": ROLES.get(g.role as usize).copied(),
        "chooser": if (g.role as usize) < 5 { json!(g.chooser) } else { Value::Null },
        "pick": g.pick,
        "roles_taken": roles_taken,
        "library_used": g.lib_used,
        "library_doubling": g.lib_now,
        "turn_offset": g.offset,
        "stage": g.stage,
        "building": if in_build { json!(NAMES.get(g.bc as usize)) } else { Value::Null },
        "crane_target": if in_build && g.bt != NONE { json!(g.bt) } else { Value::Null },
        "left": g.left,
        "black_market_used": g.bm,
        "order_floor": visible_floor(g, seat),
        "count": g.count,
        "sale_value": g.sum,
        "pending_draws": g.pending,
        "draw_to": serde_json::to_value(g.draw_to).unwrap_or(Value::Null),
        "price_tiles": g.prices,
        "trades": g.trades,
        "tile_cycle": tile_cycle(g),
        "current_tile": if g.tile == NONE { Value::Null } else { json!(g.tile) },
        "supply_size": total(&g.supply),
        "discard_size": total(&g.discard),
        "discard_public": names(&g.disc_public),
        "revealed": names(&g.revealed),
        "drawn_count": total(&g.drawn),
        "drawn": if sees_drawn(g, seat) { names(&g.drawn) } else { Value::Null },
        "players": players,
        "hand": own(&g.seat(seat).hand),
        "chapel": own(&g.seat(seat).chapel),
        "my_discards": own(&g.seat(seat).known_disc),
        "truncated": g.truncated,
        "game_over": g.phase == Phase::GameOver,
    })
}

const PER_PLAYER: usize = 70;
const PRIVATE: usize = 4 * KINDS;
const PUBLIC: usize = 181;

pub fn tensor_len(n: usize) -> usize {
    PER_PLAYER * n + PRIVATE + PUBLIC
}

/// Layout (documented in docs/games/san_juan.md): per player from the observer on, 70 values;
/// then the observer's hand, chapel, visible drawn cards and own discards (29 each); then public.
pub fn tensor(g: &SanJuan, seat: usize, out: &mut [f32]) {
    out.fill(0.0);
    let n = g.nn();
    let len = tensor_len(n);
    if out.len() < len {
        return;
    }
    let mut o = 0;
    for r in 0..n {
        let p = (seat + r) % n;
        let s = g.seat(p);
        for sl in s.active() {
            out[o + sl.b as usize % KINDS] += 1.0;
            if sl.good != NONE && is_production(sl.b) {
                out[o + KINDS + sl.b as usize] += 1.0;
            }
        }
        out[o + 34] = s.hand_size() as f32;
        out[o + 35] = total(&s.chapel) as f32;
        for k in 0..KINDS {
            out[o + 36 + k] = s.known_hand[k] as f32;
        }
        out[o + 65] = total(&s.covered) as f32;
        out[o + 66] = (p == g.governor as usize) as u8 as f32;
        out[o + 67] = (g.turn() == Turn::Player(p)) as u8 as f32;
        out[o + 68] = ((g.role as usize) < 5 && p == g.chooser as usize) as u8 as f32;
        out[o + 69] = g.score_of(p) as f32;
        o += PER_PLAYER;
    }
    if seat < n {
        let s = g.seat(seat);
        for k in 0..KINDS {
            out[o + k] = s.hand[k] as f32;
            out[o + KINDS + k] = s.chapel[k] as f32;
            if sees_drawn(g, seat) {
                out[o + 2 * KINDS + k] = g.drawn[k] as f32;
            }
            out[o + 3 * KINDS + k] = s.known_disc[k] as f32;
        }
    }
    o += PRIVATE;
    for k in 0..KINDS {
        out[o + k] = g.revealed[k] as f32;
        out[o + KINDS + k] = g.disc_public[k] as f32;
    }
    o += 2 * KINDS;
    out[o] = total(&g.supply) as f32;
    out[o + 1] = total(&g.discard) as f32;
    out[o + 2] = g.round as f32;
    o += 3;
    for r in 0..5 {
        out[o + r] = (g.roles[r] == NONE) as u8 as f32;
        out[o + 5 + r] = (g.role as usize == r) as u8 as f32;
    }
    o += 10;
    if let Some(i) = PHASES.iter().position(|&x| x == g.phase) {
        out[o + i] = 1.0;
    }
    o += PHASES.len();
    for (i, &t) in tile_cycle(g).iter().enumerate() {
        out[o + 5 * i + (t as usize % 5)] = 1.0;
    }
    o += 25;
    if (g.tile as usize) < 5 {
        out[o + g.tile as usize] = 1.0;
        for j in 0..5 {
            out[o + 5 + j] = g.prices[g.tile as usize][j] as f32;
        }
    }
    o += 10;
    out[o] = g.left as f32;
    out[o + 1] = g.count as f32;
    out[o + 2] = g.sum as f32;
    out[o + 3] = g.bm as f32;
    out[o + 4] = visible_floor(g, seat) as f32;
    o += 5;
    let in_build = matches!(
        g.phase,
        Phase::BuildTarget | Phase::BuildPay | Phase::BuildBonus
    );
    if in_build && (g.bc as usize) < KINDS {
        out[o + g.bc as usize] = 1.0;
    }
    o += KINDS;
    if in_build && (g.bt as usize) < 12 {
        out[o + g.bt as usize] = 1.0;
    }
    o += 12;
    out[o] = g.pending as f32;
    out[o + 1] = g.lib_now as u8 as f32;
    out[o + 2] = g.lib_used as u8 as f32;
    out[o + 3] = g.truncated as u8 as f32;
    out[o + 4] = (g.phase == Phase::GameOver) as u8 as f32;
}

fn card_name(k: Action) -> &'static str {
    NAMES.get(k as usize).copied().unwrap_or("?")
}

pub fn label(g: &SanJuan, a: Action) -> String {
    if a >= NUM_ACTIONS {
        return format!("action {a}");
    }
    match g.turn() {
        Turn::Chance => {
            if g.pending > 0 && (CARD0..GOOD0).contains(&a) {
                return format!("draw {}", card_name(a - CARD0));
            }
            if g.phase == Phase::TileReveal && a < 5 {
                let t = g.prices[a as usize];
                return format!("tile {a} ({}-{}-{}-{}-{})", t[0], t[1], t[2], t[3], t[4]);
            }
        }
        Turn::Terminal => {}
        Turn::Player(_) => {}
    }
    if a < PASS {
        return ROLES[(a - ROLE0) as usize].to_string();
    }
    if a == PASS {
        return "pass".into();
    }
    if a == USE_LIBRARY {
        return match g.phase {
            Phase::CouncilOffer | Phase::ProspectOffer => "take draw".into(),
            Phase::GoldOffer => "use gold mine".into(),
            _ => "use library".into(),
        };
    }
    if a < GOOD0 {
        let c = card_name(a - CARD0);
        let verb = match g.phase {
            Phase::Build => "build",
            Phase::BuildPay => "pay",
            Phase::Draft | Phase::HandLimit | Phase::CouncilDiscard => "discard",
            Phase::CouncilKeep | Phase::GoldKeep => "keep",
            Phase::Chapel => "tuck",
            _ => "card",
        };
        return format!("{verb} {c}");
    }
    if a < SLOT0 {
        let good = GOODS[(a - GOOD0) as usize];
        let verb = match g.phase {
            Phase::Produce => "produce",
            Phase::Sell => "sell",
            Phase::BuildPay => "pay good",
            _ => "good",
        };
        return format!("{verb} {good}");
    }
    let t = (a - SLOT0) as usize;
    let what = g
        .seat(g.a())
        .active()
        .get(t)
        .map(|s| NAMES[s.b as usize % KINDS])
        .unwrap_or("empty");
    format!("build over slot {t} ({what})")
}

/// Draw `m` cards at random from `pool` into a new multiset.
fn sample(pool: &mut Cards, m: u32, rng: &mut GameRng) -> Cards {
    let mut out = [0u8; KINDS];
    for _ in 0..m {
        if total(pool) == 0 {
            break;
        }
        let k = rng.weighted(pool.iter().map(|&c| c as u32));
        pool[k] -= 1;
        out[k] += 1;
    }
    out
}

fn add(a: &mut Cards, b: &Cards) {
    for k in 0..KINDS {
        a[k] = a[k].saturating_add(b[k]);
    }
}

/// Resample everything `seat` cannot see. Every path resamples, the end of the game included
/// (hands stay hidden there too); a seat outside the game is a spectator who sees no private
/// cards at all.
pub fn determinize(g: &SanJuan, seat: usize, seed: u64) -> SanJuan {
    let mut d = g.clone();
    d.rng = GameRng::new(seed);
    let n = g.nn();
    let me = |q: usize| q == seat && seat < n;
    let rng = &mut d.rng;
    // Everything `seat` cannot see goes into one pool.
    let mut pool = g.supply;
    let no_cards = [0u8; KINDS];
    let own_disc = if seat < n {
        &g.s[seat].known_disc
    } else {
        &no_cards
    };
    let mut disc_hidden = [0u8; KINDS];
    for k in 0..KINDS {
        disc_hidden[k] = g.discard[k]
            .saturating_sub(g.disc_public[k])
            .saturating_sub(own_disc[k]);
    }
    add(&mut pool, &disc_hidden);
    for q in (0..n).filter(|&q| !me(q)) {
        let s = &g.s[q];
        for k in 0..KINDS {
            pool[k] = pool[k].saturating_add(s.hand[k].saturating_sub(s.known_hand[k]));
        }
        add(&mut pool, &s.chapel);
    }
    for s in &g.s[..n] {
        for sl in s.active() {
            if (sl.good as usize) < KINDS {
                pool[sl.good as usize] += 1;
            }
        }
    }
    let drawn_hidden = !sees_drawn(g, seat) && total(&g.drawn) > 0;
    if drawn_hidden {
        add(&mut pool, &g.drawn);
    }
    // Deal it back into the hidden places, keeping every size.
    for q in (0..n).filter(|&q| !me(q)) {
        let hidden = g.s[q].hand_size() - total(&g.s[q].known_hand);
        let mut h = sample(&mut pool, hidden, rng);
        add(&mut h, &g.s[q].known_hand);
        d.s[q].hand = h;
        d.s[q].chapel = sample(&mut pool, total(&g.s[q].chapel), rng);
    }
    for s in d.s[..n].iter_mut() {
        let ns = s.nslots as usize;
        for sl in s.slots[..ns].iter_mut() {
            if sl.good != NONE {
                let one = sample(&mut pool, 1, rng);
                sl.good = one.iter().position(|&c| c > 0).unwrap_or(0) as u8;
            }
        }
    }
    let mut dh = sample(&mut pool, total(&disc_hidden), rng);
    let mut discard = g.disc_public;
    add(&mut discard, own_disc);
    add(&mut discard, &dh);
    d.discard = discard;
    for q in (0..n).filter(|&q| !me(q)) {
        d.s[q].known_disc = sample(&mut dh, total(&g.s[q].known_disc), rng);
    }
    if drawn_hidden {
        d.drawn = sample(&mut pool, total(&g.drawn), rng);
    }
    d.supply = pool;
    // Another player's canonical order over hidden cards is private: restart it.
    if !me(d.a()) {
        match d.phase {
            Phase::Draft | Phase::HandLimit | Phase::CouncilDiscard | Phase::CouncilKeep => {
                d.floor = 0
            }
            Phase::BuildPay => d.floor = d.floor.min(5),
            _ => {}
        }
    }
    d
}

pub fn render(g: &SanJuan) -> String {
    let mut out = String::new();
    let role = ROLES.get(g.role as usize).copied().unwrap_or("-");
    out.push_str(&format!(
        "San Juan, round {}, governor {}, phase {} (role {role}), to move {}\n",
        g.round,
        g.governor,
        phase_name(g.phase),
        g.turn().as_i32()
    ));
    let taken: Vec<String> = (0..5)
        .filter(|&r| g.roles[r] != NONE)
        .map(|r| format!("{}:{}", ROLES[r], g.roles[r]))
        .collect();
    out.push_str(&format!(
        "roles taken [{}]  supply {}  discard {}  tiles {:?}\n",
        taken.join(", "),
        total(&g.supply),
        total(&g.discard),
        tile_cycle(g)
    ));
    for p in 0..g.nn() {
        let s = g.seat(p);
        let b: Vec<String> = s
            .active()
            .iter()
            .map(|sl| {
                let name = NAMES[sl.b as usize % KINDS];
                if sl.good != NONE {
                    format!("{name}*")
                } else {
                    name.to_string()
                }
            })
            .collect();
        let hand: Vec<String> = (0..KINDS)
            .filter(|&k| s.hand[k] > 0)
            .map(|k| format!("{}x{}", NAMES[k], s.hand[k]))
            .collect();
        out.push_str(&format!(
            "P{p}: score {} | {} | hand {} [{}] | chapel {}\n",
            g.score_of(p),
            b.join(" "),
            s.hand_size(),
            hand.join(" "),
            total(&s.chapel)
        ));
    }
    if g.draw_to != DrawTo::Hand || g.pending > 0 {
        out.push_str(&format!("pending draws {} ({:?})\n", g.pending, g.draw_to));
    }
    out
}
