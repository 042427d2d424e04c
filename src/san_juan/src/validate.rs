//! The checks on a loaded position (`Game::validate`): card counts, the phase against the role,
//! the pick and the turn order, pending draws; each message names the field at fault.

use crate::cards::*;
use crate::repr::phase_name;
use crate::{DrawTo, Phase, SanJuan, NONE};
use meeple_core::{Game, Turn};

/// Check a loaded state; name the first problem.
pub fn validate(g: &SanJuan) -> Result<(), String> {
    let n = g.nn();
    // Card conservation.
    let mut count = [0u32; KINDS];
    let add = |count: &mut [u32; KINDS], c: &Cards| {
        for k in 0..KINDS {
            count[k] += c[k] as u32;
        }
    };
    add(&mut count, &g.supply);
    add(&mut count, &g.discard);
    add(&mut count, &g.drawn);
    add(&mut count, &g.revealed);
    if matches!(g.phase, Phase::BuildTarget | Phase::BuildPay) {
        if let Some(c) = count.get_mut(g.bc as usize) {
            *c += 1;
        }
    }
    for (p, seat) in g.s[..n].iter().enumerate() {
        add(&mut count, &seat.hand);
        add(&mut count, &seat.chapel);
        add(&mut count, &seat.covered);
        let mut violet = 0u32;
        for (i, sl) in seat.active().iter().enumerate() {
            count[sl.b as usize] += 1;
            if sl.good != NONE {
                if !is_production(sl.b) {
                    return Err(format!(
                        "player {p}: a good lies on {} (slot {i}), which is not a production building",
                        NAMES[sl.b as usize]
                    ));
                }
                count[sl.good as usize] += 1;
            }
            if is_violet(sl.b) {
                if violet & (1 << sl.b) != 0 {
                    return Err(format!(
                        "player {p} has two active {} (violet buildings are unique)",
                        NAMES[sl.b as usize]
                    ));
                }
                violet |= 1 << sl.b;
            }
        }
        for k in 0..KINDS {
            if seat.known_hand[k] > seat.hand[k] {
                return Err(format!(
                    "player {p}: known_hand has more {} than the hand",
                    NAMES[k]
                ));
            }
        }
    }
    for k in 0..KINDS {
        if count[k] != COPIES[k] as u32 {
            return Err(format!(
                "there are {} {} cards in the state (the game has {})",
                count[k], NAMES[k], COPIES[k]
            ));
        }
        let known: u32 =
            g.disc_public[k] as u32 + g.s[..n].iter().map(|s| s.known_disc[k] as u32).sum::<u32>();
        if known > g.discard[k] as u32 {
            return Err(format!(
                "discard_public and known_discards list more {} than the discard pile holds",
                NAMES[k]
            ));
        }
    }
    // Round and roles.
    if g.round == 0 {
        return Err("round must be at least 1".into());
    }
    if g.round > g.max_rounds {
        return Err(format!(
            "round {} is past max_rounds {}",
            g.round, g.max_rounds
        ));
    }
    let ppr = if n == 2 { 3 } else { n as u8 };
    let taken = g.roles.iter().filter(|&&r| r != NONE).count() as u8;
    let over = g.phase == Phase::GameOver;
    if !over {
        if g.pick >= ppr {
            return Err(format!(
                "pick {} is past the {ppr} picks of a round",
                g.pick
            ));
        }
        if g.offset as usize > n {
            return Err(format!("turn_offset {} is past {n} players", g.offset));
        }
    }
    if taken > ppr {
        return Err(format!("{taken} roles taken, at most {ppr} per round"));
    }
    let in_role = !matches!(
        g.phase,
        Phase::Draft | Phase::Chapel | Phase::HandLimit | Phase::PickRole | Phase::GameOver
    );
    if in_role {
        if g.role as usize >= 5 {
            return Err(format!(
                "phase {} needs a current role",
                phase_name(g.phase)
            ));
        }
        if g.roles[g.role as usize] != g.chooser {
            return Err("the current role must be in roles_taken under its chooser".into());
        }
        if taken != g.pick + 1 {
            return Err(format!(
                "{taken} roles taken but this is pick {} (0-based)",
                g.pick
            ));
        }
        if g.phase == Phase::Library && n != 2 {
            return Err("the library decision exists only with 2 players".into());
        }
    } else if g.phase == Phase::PickRole && taken != g.pick {
        return Err(format!(
            "{taken} roles taken before pick {} (0-based)",
            g.pick
        ));
    }
    let expected_role = match g.phase {
        Phase::Build | Phase::BuildTarget | Phase::BuildPay | Phase::BuildBonus => Some(BUILDER),
        Phase::Produce | Phase::Well => Some(PRODUCER),
        Phase::TileReveal | Phase::Sell | Phase::SellDraws => Some(TRADER),
        Phase::CouncilDraw | Phase::CouncilKeep | Phase::CouncilDiscard | Phase::CouncilOffer => {
            Some(COUNCILOR)
        }
        Phase::ProspectDraw
        | Phase::GoldReveal
        | Phase::GoldKeep
        | Phase::ProspectOffer
        | Phase::GoldOffer => Some(PROSPECTOR),
        _ => None,
    };
    if let Some(r) = expected_role {
        if g.role != r {
            return Err(format!(
                "phase {} belongs to the {} role",
                phase_name(g.phase),
                ROLES[r as usize]
            ));
        }
    }
    if matches!(
        g.phase,
        Phase::CouncilOffer | Phase::ProspectOffer | Phase::GoldOffer
    ) && !g.strict
    {
        return Err(format!(
            "phase {} exists only with strict_optional",
            phase_name(g.phase)
        ));
    }
    // Draws.
    let drawing = matches!(
        g.phase,
        Phase::BuildBonus
            | Phase::Well
            | Phase::SellDraws
            | Phase::CouncilDraw
            | Phase::ProspectDraw
            | Phase::GoldReveal
    );
    if drawing && g.pending == 0 {
        return Err(format!(
            "phase {} waits for draws but pending_draws is 0",
            phase_name(g.phase)
        ));
    }
    if g.pending > 0 {
        if !(drawing || g.phase == Phase::Produce) {
            return Err(format!("pending_draws in phase {}", phase_name(g.phase)));
        }
        if total(&g.supply) == 0 {
            return Err("draws are pending but the supply is empty".into());
        }
        let ok = match g.draw_to {
            DrawTo::Hand => matches!(
                g.phase,
                Phase::BuildBonus
                    | Phase::Well
                    | Phase::SellDraws
                    | Phase::CouncilDraw
                    | Phase::ProspectDraw
            ),
            DrawTo::Drawn => g.phase == Phase::CouncilDraw,
            DrawTo::Revealed => g.phase == Phase::GoldReveal,
            DrawTo::Good(t) => {
                g.phase == Phase::Produce
                    && g.pending == 1
                    && g.seat(g.a())
                        .active()
                        .get(t as usize)
                        .is_some_and(|s| is_production(s.b) && s.good == NONE)
            }
        };
        if !ok {
            return Err(format!(
                "draw_to {:?} does not fit phase {}",
                g.draw_to,
                phase_name(g.phase)
            ));
        }
    }
    if total(&g.drawn) > 0 && !matches!(g.phase, Phase::CouncilDraw | Phase::CouncilKeep) {
        return Err("drawn cards exist only during a councilor's turn".into());
    }
    if total(&g.revealed) > 0 && !matches!(g.phase, Phase::GoldReveal | Phase::GoldKeep) {
        return Err("revealed cards exist only during a gold-mine reveal".into());
    }
    if g.phase == Phase::GoldKeep && total(&g.revealed) != 4 {
        return Err("gold_keep needs 4 revealed cards".into());
    }
    if g.phase == Phase::TileReveal && g.trades >= 4 {
        return Err("tile_reveal is a chance node only before the 5th trader phase".into());
    }
    if matches!(g.phase, Phase::Sell | Phase::SellDraws) && g.tile as usize >= 5 {
        return Err("selling needs a current_tile".into());
    }
    let needs_left = matches!(
        g.phase,
        Phase::Draft
            | Phase::HandLimit
            | Phase::CouncilDiscard
            | Phase::CouncilKeep
            | Phase::BuildPay
            | Phase::Sell
    ) || (g.phase == Phase::Produce && g.pending == 0);
    if needs_left && g.left == 0 {
        return Err(format!("phase {} needs left >= 1", phase_name(g.phase)));
    }
    if g.left > 8 && matches!(g.phase, Phase::Produce | Phase::Sell | Phase::BuildPay) {
        return Err(format!(
            "left {} is too large for {}",
            g.left,
            phase_name(g.phase)
        ));
    }
    if matches!(
        g.phase,
        Phase::BuildTarget | Phase::BuildPay | Phase::BuildBonus
    ) && !is_production(g.bc)
        && !is_violet(g.bc)
    {
        return Err("a build in progress needs its building".into());
    }
    if g.bt != NONE && g.bt >= g.seat(g.a()).nslots && matches!(g.phase, Phase::BuildPay) {
        return Err("crane_target is not one of the builder's buildings".into());
    }
    if g.bm > 2 {
        return Err("black_market_used is at most 2".into());
    }
    if g.floor as usize >= 5 + KINDS {
        return Err(format!("order_floor {} is out of range", g.floor));
    }
    if g.count > 16 || g.stage > 2 {
        return Err("count or stage out of range".into());
    }
    check_tucked_and_covered(g)?;
    check_turn_order(g)?;
    check_council(g)?;
    check_pending_draws(g)?;
    // Whoever is to act must have something to do.
    match g.turn() {
        Turn::Player(_) => {
            let mut v = Vec::new();
            g.legal_actions(&mut v);
            if v.is_empty() {
                return Err(format!(
                    "seat {} has no legal action in phase {}",
                    g.actor,
                    phase_name(g.phase)
                ));
            }
        }
        Turn::Chance => {
            let mut v = Vec::new();
            g.chance_outcomes(&mut v);
            if v.is_empty() {
                return Err("a chance node without outcomes".into());
            }
        }
        Turn::Terminal => {}
    }
    Ok(())
}

/// Cards lie under a chapel only when the player has one (active, or covered by the crane), and
/// buildings are covered only by building over them with a crane.
fn check_tucked_and_covered(g: &SanJuan) -> Result<(), String> {
    for (p, seat) in g.s[..g.nn()].iter().enumerate() {
        if total(&seat.chapel) > 0 && !seat.has(CHAPEL) && seat.covered[CHAPEL as usize] == 0 {
            return Err(format!(
                "players[{p}].chapel: cards are tucked under a chapel, but player {p} has none"
            ));
        }
        if total(&seat.covered) > 0 && !seat.has(CRANE) {
            return Err(format!(
                "players[{p}].covered: buildings are covered only with a crane, and player {p} \
                 has none"
            ));
        }
    }
    Ok(())
}

/// The seat to act is the one the rules call next: the picker of this pick (§4), or the seat
/// `turn_offset` places after the chooser (role phases) or the governor (round start).
fn check_turn_order(g: &SanJuan) -> Result<(), String> {
    let n = g.n;
    if g.phase == Phase::GameOver {
        return Ok(());
    }
    // Seats of the picks so far (this one included during its role) against roles_taken.
    let picks = g.pick + (g.phase != Phase::PickRole && !round_start(g.phase)) as u8;
    let mut want = [0u8; 4];
    let mut have = [0u8; 4];
    for i in 0..picks {
        want[g.picker(i) as usize] += 1;
    }
    for &r in g.roles.iter().filter(|&&r| r != NONE) {
        have[(r & 3) as usize] += 1;
    }
    if want != have {
        return Err(format!(
            "roles_taken: the roles of the first {picks} picks are chosen by {}",
            (0..picks)
                .map(|i| format!("seat {}", g.picker(i)))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if g.phase == Phase::PickRole {
        let p = g.picker(g.pick);
        if g.actor != p {
            return Err(format!(
                "actor: pick {} (0-based) of the round is seat {p}'s, not seat {}'s",
                g.pick, g.actor
            ));
        }
        return Ok(());
    }
    if g.offset >= n {
        return Err(format!(
            "turn_offset {} is past the {n} players of phase {}",
            g.offset,
            phase_name(g.phase)
        ));
    }
    let (from, what) = if round_start(g.phase) {
        (g.governor, "governor")
    } else {
        if g.chooser != g.picker(g.pick) {
            return Err(format!(
                "chooser: the role of pick {} (0-based) is seat {}'s, not seat {}'s",
                g.pick,
                g.picker(g.pick),
                g.chooser
            ));
        }
        (g.chooser, "chooser")
    };
    let once = matches!(
        g.phase,
        Phase::Library | Phase::TileReveal | Phase::ProspectDraw | Phase::ProspectOffer
    );
    let p = if once { from } else { (from + g.offset) % n };
    if g.actor != p {
        return Err(format!(
            "actor: in phase {} the seat to act is {p} ({} {from}{}), not {}",
            phase_name(g.phase),
            what,
            if once {
                String::new()
            } else {
                format!(" + turn_offset {}", g.offset)
            },
            g.actor
        ));
    }
    Ok(())
}

fn round_start(phase: Phase) -> bool {
    matches!(phase, Phase::Draft | Phase::Chapel | Phase::HandLimit)
}

/// The councilor's cards go to the hand with an archive and to the drawn set without (§7.4).
fn check_council(g: &SanJuan) -> Result<(), String> {
    let p = g.a();
    let archive = g.seat(p).has(ARCHIVE);
    match g.phase {
        Phase::CouncilDraw if g.pending > 0 => {
            let to_hand = g.draw_to == DrawTo::Hand;
            if to_hand != archive {
                return Err(format!(
                    "draw_to: seat {p} {} an archive, so the councilor's cards go to the {}",
                    if archive { "has" } else { "has no" },
                    if archive { "hand" } else { "drawn set" }
                ));
            }
            if !to_hand && total(&g.drawn) != g.count as u32 {
                return Err(format!(
                    "drawn: {} cards drawn so far (count), but drawn holds {}",
                    g.count,
                    total(&g.drawn)
                ));
            }
        }
        Phase::CouncilKeep if archive => {
            return Err(format!(
                "phase: seat {p} has an archive, so it discards from the hand (council_discard)"
            ))
        }
        Phase::CouncilKeep if total(&g.drawn) < g.left as u32 => {
            return Err(format!(
                "left: keep {} of {} drawn cards",
                g.left,
                total(&g.drawn)
            ))
        }
        Phase::CouncilDiscard if !archive => {
            return Err(format!(
                "phase: council_discard needs an archive, and seat {p} has none"
            ))
        }
        Phase::CouncilDiscard if g.seat(p).hand_size() < g.left as u32 => {
            return Err(format!(
                "left: discard {} cards from a hand of {}",
                g.left,
                g.seat(p).hand_size()
            ))
        }
        _ => {}
    }
    Ok(())
}

/// Draws still due never exceed what the rule being resolved gives.
fn check_pending_draws(g: &SanJuan) -> Result<(), String> {
    if g.pending == 0 {
        return Ok(());
    }
    let p = g.a();
    let seat = g.seat(p);
    let chooser = p == g.chooser as usize;
    let most: u32 = match g.phase {
        // carpenter or poor house, well, the draw onto a production building: one card
        Phase::BuildBonus | Phase::Well | Phase::Produce => 1,
        Phase::SellDraws => {
            g.sum as u32
                + (g.count >= 1 && seat.has(MARKET_HALL)) as u32
                + (g.count >= 2 && seat.has(MARKET_STAND)) as u32
        }
        Phase::CouncilDraw => {
            let d = 2 + chooser as u32 * (3 + 3 * g.lib_now as u32);
            d.saturating_sub(g.count as u32)
        }
        Phase::ProspectDraw => 1 + g.lib_now as u32,
        Phase::GoldReveal => 4u32.saturating_sub(total(&g.revealed)),
        _ => 0,
    };
    if g.pending as u32 > most {
        return Err(format!(
            "pending_draws {} is more than phase {} can still draw ({most})",
            g.pending,
            phase_name(g.phase)
        ));
    }
    if g.phase == Phase::GoldReveal && g.pending as u32 != most {
        return Err(format!(
            "pending_draws: the gold mine reveals 4 cards; {} are revealed and {} pending",
            total(&g.revealed),
            g.pending
        ));
    }
    Ok(())
}
