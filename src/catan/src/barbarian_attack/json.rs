//! Barbarian Attack in the position JSON, the observation, the tensor and the action labels.

use super::*;
use crate::geometry::canonical_edge;
use serde_json::{json, Value};

fn ename(e: usize) -> (i32, i32, String) {
    let (q, r, t) = Geometry::base().edges[e];
    (q, r, t.name().to_string())
}
fn eid(x: &(i32, i32, String)) -> Result<usize, String> {
    let (q, r, t) = canonical_edge(x.0, x.1, &x.2).ok_or(format!(
        "edge direction '{}' must be NE, E, SE, W, NW or SW",
        x.2
    ))?;
    Geometry::base()
        .edge_id(q, r, t)
        .ok_or(format!("edge {}({},{}) is not on the board", x.2, x.0, x.1))
}
fn hname(h: usize) -> (i32, i32) {
    Geometry::base().hexes[h.min(NH - 1)]
}
fn hid(x: (i32, i32)) -> Result<usize, String> {
    Geometry::base()
        .hex_id(x.0, x.1)
        .ok_or(format!("({},{}) is not a land hex", x.0, x.1))
}
fn hexes(m: u32) -> Vec<(i32, i32)> {
    bits64(m as u64).map(hname).collect()
}
fn edges(m: u128) -> Vec<(i32, i32, String)> {
    bits128(m).map(ename).collect()
}

pub fn to_pos(g: &Catan) -> Pos {
    let b = g.ba();
    let n = g.n();
    Pos {
        barbarians: (0..NH)
            .filter(|&h| b.barbarians[h] > 0)
            .map(|h| HexCount {
                hex: hname(h),
                count: b.barbarians[h],
            })
            .collect(),
        supply: Some(b.supply),
        players: (0..n)
            .map(|p| PlayerPos {
                knights: edges(b.knights[p]),
                coins: b.coins[p],
                prisoners: b.prisoners[p],
            })
            .collect(),
        deck: Some(
            (0..4)
                .map(|k| (CARD_NAMES[k].to_string(), b.deck[k]))
                .collect(),
        ),
        coin_purchases: b.coin_buys,
        step: b.step,
        attack_rolls: (2..=12u8).filter(|&s| b.rolls & (1 << s) != 0).collect(),
        card: matches!(
            b.step,
            Step::PlaceKnight | Step::Intrigue | Step::TreasonFrom | Step::TreasonTo
        )
        .then(|| CARD_NAMES[(b.card as usize).min(3)].to_string()),
        treason_sources_left: b.tr_pick,
        treason_held: b.tr_held,
        treason_from: hexes(b.tr_from),
        treason_to: hexes(b.tr_to),
        selected_knight: (b.step == Step::KnightMove).then(|| ename(b.selected as usize)),
        grain_paid: b.extended,
        moved_knights: edges(b.moved),
        checking: matches!(b.step, Step::RollOff | Step::LossDie)
            .then(|| hname(b.order.get(b.check as usize).copied().unwrap_or(0) as usize)),
        roll_off: (0..n).filter(|&q| b.pool & (1 << q) != 0).collect(),
        roll_off_places: b.need,
        foreign_knight: (b.foreign != NONE).then(|| ename(b.foreign as usize)),
        foreign_prisoners: b.foreign_out,
        roll_off_foreign: n == 2 && b.pool & (1 << for_two::FOREIGN) != 0,
        roll_off_won: b.won,
        neutral_after_attack: (b.neutral_after != NONE)
            .then(|| crate::position::names::vname(g.geo(), b.neutral_after as usize)),
        token_from: (b.token_from != NONE).then(|| hname(b.token_from as usize)),
    }
}

/// Build the module state from the position's part (`None`: a fresh scenario start).
pub fn from_pos(g: &Catan, pos: Option<&Pos>) -> Result<State, String> {
    let Some(pos) = pos else {
        return setup::new_state(&g.board, None);
    };
    let n = g.n();
    let mut s = State::new(&g.board)?;
    let mut on_board = 0u32;
    for x in &pos.barbarians {
        let h = hid(x.hex).map_err(|e| format!("barbarian_attack.barbarians: {e}"))?;
        s.barbarians[h] = x.count;
        on_board += x.count as u32;
    }
    if pos.players.len() > n {
        return Err(format!(
            "barbarian_attack.players lists more than {n} seats"
        ));
    }
    let two = g.rules.two;
    if !two
        && (pos.foreign_knight.is_some()
            || pos.foreign_prisoners != 0
            || pos.roll_off_foreign
            || pos.roll_off_won != 0
            || pos.neutral_after_attack.is_some()
            || pos.token_from.is_some())
    {
        return Err("barbarian_attack: Foreign Knight, neutral and token state exist only with Catan for Two".into());
    }
    let mut held =
        pos.treason_held as u32 + pos.roll_off_places as u32 + pos.foreign_prisoners as u32;
    for (p, pl) in pos.players.iter().enumerate() {
        for k in &pl.knights {
            s.knights[p] |= 1u128 << eid(k).map_err(|e| format!("player {p} knight: {e}"))?;
        }
        s.coins[p] = pl.coins;
        s.prisoners[p] = pl.prisoners;
        held += pl.prisoners as u32;
    }
    s.supply = match pos.supply {
        Some(x) => x,
        None => BARBARIANS.checked_sub(on_board + held).ok_or(format!(
            "{} barbarians on the board, held and captured (only 30 exist)",
            on_board + held
        ))? as u8,
    };
    if let Some(d) = &pos.deck {
        s.deck = [0; 4];
        for (name, &k) in d {
            let i = CARD_NAMES
                .iter()
                .position(|&c| c == name)
                .ok_or(format!("'{name}' is not a Barbarian Attack card"))?;
            s.deck[i] = k;
        }
    }
    s.coin_buys = pos.coin_purchases;
    s.step = pos.step;
    for &r in &pos.attack_rolls {
        if !(2..=12).contains(&r) {
            return Err(format!("attack roll {r} is not a dice sum"));
        }
        s.rolls |= 1 << r;
    }
    if let Some(c) = &pos.card {
        s.card = CARD_NAMES
            .iter()
            .position(|x| x == c)
            .ok_or(format!("'{c}' is not a Barbarian Attack card"))? as u8;
    }
    s.tr_pick = pos.treason_sources_left;
    s.tr_held = pos.treason_held;
    for &x in &pos.treason_from {
        s.tr_from |= 1 << hid(x)?;
    }
    for &x in &pos.treason_to {
        s.tr_to |= 1 << hid(x)?;
    }
    if let Some(k) = &pos.selected_knight {
        s.selected = eid(k)? as u8;
    }
    s.extended = pos.grain_paid;
    for k in &pos.moved_knights {
        s.moved |= 1u128 << eid(k)?;
    }
    if let Some(h) = pos.checking {
        let h = hid(h)?;
        s.check = s
            .order
            .iter()
            .position(|&x| x as usize == h)
            .ok_or("barbarian_attack.checking must be a coastal numbered hex")?
            as u8;
    }
    for &q in &pos.roll_off {
        if q >= n {
            return Err(format!("roll_off seat {q} is not a seat"));
        }
        s.pool |= 1 << q;
    }
    s.need = pos.roll_off_places;
    if let Some(k) = &pos.foreign_knight {
        s.foreign = eid(k).map_err(|e| format!("foreign knight: {e}"))? as u8;
    }
    s.foreign_out = pos.foreign_prisoners;
    if pos.roll_off_foreign {
        s.pool |= 1 << for_two::FOREIGN;
    }
    s.won = pos.roll_off_won;
    if let Some(v) = &pos.neutral_after_attack {
        s.neutral_after = crate::position::names::vid(g.geo(), v)
            .map_err(|e| format!("neutral_after_attack: {e}"))? as u8;
    }
    if let Some(h) = pos.token_from {
        s.token_from = hid(h).map_err(|e| format!("token_from: {e}"))? as u8;
    }
    s.derive_conquest();
    Ok(s)
}

/// Consistency of the module state with the rest of the game.
pub fn validate(g: &Catan) -> Result<(), String> {
    let Some(b) = g.modules.barbarian_attack.as_deref() else {
        if g.phase == Phase::Barbarian {
            return Err("phase barbarian but the barbarian_attack scenario is off".into());
        }
        return Ok(());
    };
    let n = g.n();
    let bh = b.barbarian_hexes();
    for h in 0..NH {
        if b.barbarians[h] > 3 || (b.barbarians[h] > 0 && bh & (1 << h) == 0) {
            return Err(format!(
                "barbarians on {}: at most 3, and only on coastal numbered hexes",
                Geometry::base().hex_name(h)
            ));
        }
    }
    let total = b.on_board()
        + b.supply as u32
        + b.tr_held as u32
        + b.need as u32
        + b.foreign_out as u32
        + b.prisoners.iter().map(|&x| x as u32).sum::<u32>();
    if total != BARBARIANS {
        return Err(format!(
            "barbarians on the board, beside it, held (Treason), still to be won in a roll-off and captured (players and the Foreign Knight) add up to {total}, not 30"
        ));
    }
    let mut seen = 0u128;
    for p in 0..MAX_PLAYERS {
        let k = b.knights[p];
        if p >= n && (k != 0 || b.coins[p] != 0 || b.prisoners[p] != 0) {
            return Err(format!(
                "seat {p} does not exist but has knights, coins or prisoners"
            ));
        }
        if k.count_ones() > KNIGHTS_PER_PLAYER || k >> NE != 0 || seen & k != 0 {
            return Err(format!(
                "player {p}: at most 6 knights, one knight per edge, on the board"
            ));
        }
        seen |= k;
    }
    if b.foreign != NONE && (b.foreign as usize >= NE || seen & b.foreign_bit() != 0) {
        return Err("the Foreign Knight must stand on a free edge of the board".into());
    }
    if b.foreign == NONE && seen != 0 && b.step != Step::PlaceForeign && g.rules.two {
        return Err(
            "knights on the board but no Foreign Knight: it comes with the first knight (§B8.10)"
                .into(),
        );
    }
    if b.deck.iter().zip(CARD_TOTALS).any(|(&d, t)| d > t) {
        return Err("more development cards left than the deck has".into());
    }
    if b.coin_buys > 2 {
        return Err("coins buy at most 2 resources per turn".into());
    }
    if g.deck != [0; 5] || (0..n).any(|p| g.dev[p] != [0; 5] || g.dev_played[p] != [0; 5]) {
        return Err("Barbarian Attack replaces the base development cards (none may be held, played or in the deck)".into());
    }
    if g.phase == Phase::GameOver {
        // A win can interrupt a sub-step (G-2: e.g. the settlement before its attack).
        return Ok(());
    }
    let cur = g.current as usize;
    let bad = |why: &str| Err(format!("barbarian_attack step {:?}: {why}", b.step));
    if (g.phase == Phase::Barbarian) != (b.step != Step::None) {
        return Err("the barbarian phase and the module's step go together".into());
    }
    let treason = matches!(b.step, Step::TreasonFrom | Step::TreasonTo);
    if !treason && (b.tr_pick | b.tr_held != 0 || b.tr_from | b.tr_to != 0) {
        return bad("Treason state outside Treason");
    }
    if b.step != Step::Attack && b.rolls != 0 {
        return bad("attack rolls outside an attack");
    }
    if !matches!(b.step, Step::KnightSelect | Step::KnightMove) && b.moved != 0 {
        return bad("moved knights outside the knight movement");
    }
    if b.step != Step::RollOff && (b.pool != 0 || b.need != 0 || b.won != 0) {
        return bad("a roll-off outside the roll-off");
    }
    if b.step != Step::KnightMove && b.selected != NONE
        || !matches!(b.step, Step::KnightMove | Step::ForeignMove) && b.extended
    {
        return bad("a selected knight outside the knight movement");
    }
    if b.step != Step::Attack && b.neutral_after != NONE {
        return bad("a neutral piece waits only for an attack");
    }
    if b.neutral_after != NONE
        && (b.neutral_after as usize >= crate::geometry::NV
            || g.settlements[cur] & (1u64 << b.neutral_after) == 0)
    {
        return bad("neutral_after_attack must be a settlement of the player to move");
    }
    if (b.step == Step::TokenMove) != (b.token_from != NONE) {
        return bad("token_from is set exactly in the token move step");
    }
    match b.step {
        Step::None => {}
        Step::Attack => {
            if b.rolls & (1 << 7) != 0 || b.rolls.count_ones() >= 3 || b.supply == 0 || !g.rolled {
                return bad("at most 2 distinct non-7 rolls so far, barbarians in the supply");
            }
        }
        Step::Draw => {
            if b.deck.iter().all(|&d| d == 0) {
                return bad("the deck is empty");
            }
        }
        Step::PlaceKnight => {
            if b.card as usize > BLACK_KNIGHT
                || g.knights_in_supply(cur) == 0
                || g.knight_spots() == 0
            {
                return bad("Knighthood or Black Knight with a knight and a free spot");
            }
        }
        Step::Intrigue => {
            if b.card as usize != INTRIGUE || b.on_board() == 0 {
                return bad("Intrigue with a barbarian on the board");
            }
        }
        Step::TreasonFrom | Step::TreasonTo => {
            if b.card as usize != TREASON || b.tr_pick + b.tr_held > 2 {
                return bad("Treason moves at most 2 barbarians");
            }
            if b.step == Step::TreasonFrom && (b.tr_pick == 0 || g.treason_sources() == 0) {
                return bad("a source still to pick");
            }
            if b.step == Step::TreasonTo
                && (b.tr_pick != 0 || b.tr_held == 0 || g.treason_targets() == 0)
            {
                return bad("a barbarian held and a hex to put it on");
            }
        }
        Step::KnightSelect => {
            if b.moved & !b.knights[cur] != 0 || g.selectable_knights() == 0 {
                return bad("a knight of the player to move that can still move");
            }
        }
        Step::KnightMove => {
            let s = b.selected as usize;
            if s >= NE
                || b.knights[cur] & (1u128 << s) == 0
                || b.moved & (1u128 << s) != 0
                || g.knight_destinations(s, g.move_limit()) == 0 && !g.grain_helps()
            {
                return bad("the selected knight must be an unmoved knight of the mover with somewhere to go");
            }
        }
        Step::RollOff | Step::LossDie => {
            if b.check as usize >= b.order.len() {
                return bad("the hex being resolved must be a coastal numbered hex");
            }
            if b.step == Step::RollOff && (b.need == 0 || b.need as u32 >= b.pool.count_ones()) {
                return bad("fewer places than players rolling");
            }
            if b.step == Step::RollOff && b.won != 0 && b.pool & (1 << for_two::FOREIGN) == 0 {
                return bad("roll_off_won is kept only while the Foreign Knight rolls");
            }
        }
        Step::PlaceForeign => {
            if !g.rules.two
                || b.foreign != NONE
                || g.foreign_spots() == 0
                || b.card as usize > BLACK_KNIGHT
            {
                return bad("the Foreign Knight is placed once, on a free castle edge, after a Knighthood or Black Knight");
            }
        }
        Step::ForeignMove => {
            if !g.rules.two || b.foreign == NONE || !g.foreign_can_move() && !b.extended {
                return bad("a Foreign Knight that can move");
            }
        }
        Step::TokenMove => {
            let f = b.token_from as usize;
            if !g.rules.two || f >= NH || b.barbarians[f] == 0 || g.token_destinations(f) == 0 {
                return bad("a barbarian to move and a hex to take it");
            }
        }
    }
    Ok(())
}

pub fn observation(g: &Catan, o: &mut Value) {
    let b = g.ba();
    let n = g.n();
    let geo = Geometry::base();
    o["robber"] = Value::Null;
    for p in 0..n {
        o["players"][p]["knights"] = json!(bits128(b.knights[p])
            .map(|e| geo.edge_name(e))
            .collect::<Vec<_>>());
        o["players"][p]["knights_in_supply"] = json!(g.knights_in_supply(p));
        o["players"][p]["coins"] = json!(b.coins[p]);
        o["players"][p]["prisoners"] = json!(b.prisoners[p]);
        o["players"][p]["conquered_buildings"] =
            json!(bits64((g.settlements[p] | g.cities[p]) & b.dead_v)
                .map(|v| geo.vertex_name(v))
                .collect::<Vec<_>>());
    }
    o["barbarian_attack"] = json!({
        "castle": geo.hex_name(b.castle as usize),
        "barbarians": (0..NH).filter(|&h| b.barbarians[h] > 0).map(|h| (geo.hex_name(h), json!(b.barbarians[h]))).collect::<serde_json::Map<String, Value>>(),
        "conquered": bits64(b.conquered as u64).map(|h| geo.hex_name(h)).collect::<Vec<_>>(),
        "check_order": b.order.iter().map(|&h| geo.hex_name(h as usize)).collect::<Vec<_>>(),
        "supply": b.supply,
        "deck": (0..4).map(|k| (CARD_NAMES[k].to_string(), json!(b.deck[k]))).collect::<serde_json::Map<String, Value>>(),
        "coin_purchases": b.coin_buys,
        "step": serde_json::to_value(b.step).unwrap_or(Value::Null),
        "attack_rolls": (2..=12u8).filter(|&s| b.rolls & (1 << s) != 0).collect::<Vec<_>>(),
        "card": if matches!(b.step, Step::PlaceKnight | Step::Intrigue | Step::TreasonFrom | Step::TreasonTo) { json!(CARD_NAMES[(b.card as usize).min(3)]) } else { Value::Null },
        "treason_sources_left": b.tr_pick,
        "treason_held": b.tr_held,
        "treason_from": bits64(b.tr_from as u64).map(|h| geo.hex_name(h)).collect::<Vec<_>>(),
        "treason_to": bits64(b.tr_to as u64).map(|h| geo.hex_name(h)).collect::<Vec<_>>(),
        "selected_knight": if b.step == Step::KnightMove { json!(geo.edge_name(b.selected as usize)) } else { Value::Null },
        "grain_paid": b.extended,
        "moved_knights": bits128(b.moved).map(|e| geo.edge_name(e)).collect::<Vec<_>>(),
        "checking": if matches!(b.step, Step::RollOff | Step::LossDie) { json!(geo.hex_name(b.order.get(b.check as usize).copied().unwrap_or(0) as usize)) } else { Value::Null },
        "roll_off": (0..n).filter(|&q| b.pool & (1 << q) != 0).collect::<Vec<_>>(),
        "roll_off_places": b.need,
    });
    if g.rules.two {
        let neutral_dead = crate::two::NEUTRALS
            .iter()
            .fold(0u64, |m, &s| m | g.settlements[s])
            & b.dead_v;
        o["barbarian_attack"]["two"] = json!({
            "foreign_knight": if b.foreign != NONE { json!(geo.edge_name(b.foreign as usize)) } else { Value::Null },
            "foreign_prisoners": b.foreign_out,
            "roll_off_foreign": b.pool & (1 << for_two::FOREIGN) != 0,
            "roll_off_won": b.won,
            "neutral_after_attack": if b.neutral_after != NONE { json!(geo.vertex_name(b.neutral_after as usize)) } else { Value::Null },
            "token_from": if b.token_from != NONE { json!(geo.hex_name(b.token_from as usize)) } else { Value::Null },
            "neutral_conquered_buildings": bits64(neutral_dead).map(|v| geo.vertex_name(v)).collect::<Vec<_>>(),
        });
    }
}

/// Tensor block: per hex barbarians / 3, conquered, castle (19 × 3); per edge knight per slot,
/// moved, selected (72 × 6); per slot coins / 10, prisoners / 2, knights in supply / 6 (4 × 3);
/// supply / 30, deck left per kind / copies (4), coin purchases / 2; step one-hot (11), card
/// one-hot (4), attack rolls per sum 2..12 (11), grain paid, hex being checked (order index / 12),
/// roll-off pool per slot (4), roll-off places; Treason: sources left, held, sources per hex (19),
/// destinations per hex (19).
pub const TENSOR_LEN: usize = NH * 3 + NE * 6 + 12 + 6 + 33 + 2 + 2 * NH;
/// With Catan for Two a second block follows: the Foreign Knight per edge (72), placed, its
/// prisoners / 2, in the roll-off pool, places won in the roll-off, a neutral piece waiting for
/// the attack, the 2-player steps one-hot (place_foreign, foreign_move, token_move), the token
/// move's source hex (19), neutral conquered buildings per vertex (54).
pub const TWO_TENSOR_LEN: usize = NE + 5 + 3 + NH + crate::geometry::NV;

/// The module's tensor length in this configuration.
pub fn tensor_len(g: &Catan) -> usize {
    TENSOR_LEN + if g.rules.two { TWO_TENSOR_LEN } else { 0 }
}

pub fn tensor(g: &Catan, seat: usize, out: &mut [f32]) {
    let b = g.ba();
    let n = g.n();
    let slot = |p: usize| (p + n - seat) % n;
    let mut o = 0;
    for h in 0..NH {
        out[o] = b.barbarians[h] as f32 / 3.0;
        out[o + 1] = (b.conquered & (1 << h) != 0) as u8 as f32;
        out[o + 2] = (b.castle as usize == h) as u8 as f32;
        o += 3;
    }
    for e in 0..NE {
        let bit = 1u128 << e;
        for p in 0..n {
            if b.knights[p] & bit != 0 {
                out[o + slot(p)] = 1.0;
            }
        }
        out[o + 4] = (b.moved & bit != 0) as u8 as f32;
        out[o + 5] = (b.step == Step::KnightMove && b.selected as usize == e) as u8 as f32;
        o += 6;
    }
    for p in 0..n {
        let s = o + 3 * slot(p);
        out[s] = b.coins[p] as f32 / 10.0;
        out[s + 1] = b.prisoners[p] as f32 / 2.0;
        out[s + 2] = g.knights_in_supply(p) as f32 / 6.0;
    }
    o += 12;
    out[o] = b.supply as f32 / 30.0;
    for k in 0..4 {
        out[o + 1 + k] = b.deck[k] as f32 / CARD_TOTALS[k] as f32;
    }
    out[o + 5] = b.coin_buys as f32 / 2.0;
    o += 6;
    // The 2-player steps (after `LossDie`) are in the 2-player block.
    if (b.step as usize) < 11 {
        out[o + b.step as usize] = 1.0;
    }
    if matches!(
        b.step,
        Step::PlaceKnight | Step::Intrigue | Step::TreasonFrom | Step::TreasonTo
    ) {
        out[o + 11 + (b.card as usize).min(3)] = 1.0;
    }
    for s in 2..=12 {
        out[o + 15 + s - 2] = (b.rolls & (1 << s) != 0) as u8 as f32;
    }
    out[o + 26] = b.extended as u8 as f32;
    out[o + 27] = b.check as f32 / 12.0;
    for p in 0..n {
        out[o + 28 + slot(p)] = (b.pool & (1 << p) != 0) as u8 as f32;
    }
    out[o + 32] = b.need as f32;
    o += 33;
    out[o] = b.tr_pick as f32;
    out[o + 1] = b.tr_held as f32;
    o += 2;
    for h in 0..NH {
        out[o + h] = (b.tr_from & (1 << h) != 0) as u8 as f32;
        out[o + NH + h] = (b.tr_to & (1 << h) != 0) as u8 as f32;
    }
    o += 2 * NH;
    debug_assert_eq!(o, TENSOR_LEN);
    if g.rules.two && out.len() >= o + TWO_TENSOR_LEN {
        if b.foreign != NONE {
            out[o + b.foreign as usize] = 1.0;
            out[o + NE] = 1.0;
        }
        out[o + NE + 1] = b.foreign_out as f32 / 2.0;
        out[o + NE + 2] = (b.pool & (1 << for_two::FOREIGN) != 0) as u8 as f32;
        out[o + NE + 3] = b.won as f32;
        out[o + NE + 4] = (b.neutral_after != NONE) as u8 as f32;
        let s = b.step as usize;
        if s >= Step::PlaceForeign as usize {
            out[o + NE + 5 + s - Step::PlaceForeign as usize] = 1.0;
        }
        if b.token_from != NONE {
            out[o + NE + 8 + b.token_from as usize] = 1.0;
        }
        let neutral = crate::two::NEUTRALS
            .iter()
            .fold(0u64, |m, &x| m | g.settlements[x]);
        for v in bits64(neutral & b.dead_v) {
            out[o + NE + 8 + NH + v] = 1.0;
        }
    }
}

pub fn label(g: &Catan, a: Action) -> String {
    let geo = Geometry::base();
    let step = g
        .modules
        .barbarian_attack
        .as_ref()
        .map_or(Step::None, |b| b.step);
    if a < A_HEX {
        let e = geo.edge_name((a - A_EDGE) as usize);
        match step {
            Step::PlaceForeign => format!("place foreign knight {e}"),
            Step::ForeignMove => format!("move foreign knight to {e}"),
            Step::PlaceKnight => format!("place knight {e}"),
            Step::KnightSelect => format!("select knight {e}"),
            Step::KnightMove => format!("move knight to {e}"),
            _ => format!("knight {e}"),
        }
    } else if a < A_GRAIN {
        let h = geo.hex_name((a - A_HEX) as usize);
        match step {
            Step::Intrigue => format!("capture barbarian {h}"),
            Step::TreasonFrom => format!("take barbarian from {h}"),
            Step::TreasonTo => format!("put barbarian on {h}"),
            Step::TokenMove => format!("token barbarian to {h}"),
            _ => format!("barbarian hex {h}"),
        }
    } else if a == A_GRAIN {
        "pay grain to move 5".into()
    } else if a == A_DONE && step == Step::ForeignMove {
        "leave foreign knight".into()
    } else if a == A_DONE {
        "done moving knights".into()
    } else if a < A_COIN_TRADE {
        format!(
            "buy {} for 2 coins",
            crate::board::RESOURCES[(a - A_COIN_BUY) as usize]
        )
    } else if a < C_CARD {
        format!(
            "coins for {}",
            crate::board::RESOURCES[(a - A_COIN_TRADE) as usize]
        )
    } else if a < C_LOSS {
        format!("draw {}", CARD_NAMES[(a - C_CARD) as usize])
    } else if a < C_ROLLOFF {
        format!("loss die {}", CLASS_NAMES[(a - C_LOSS) as usize])
    } else if a < A_TOKEN_FROM {
        if g.n() == 2 && (a - C_ROLLOFF) as usize == for_two::FOREIGN {
            "roll-off won by foreign knight".into()
        } else {
            format!("roll-off won by player {}", a - C_ROLLOFF)
        }
    } else {
        format!(
            "token barbarian from {}",
            geo.hex_name((a - A_TOKEN_FROM) as usize)
        )
    }
}

/// B8's lines of the text rendering.
pub(crate) fn render(g: &Catan, s: &mut String) {
    let geo = g.geo();
    let n = g.n();
    if let Some(b) = g.modules.barbarian_attack.as_deref() {
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
}
