//! The position format: the readable JSON form of [`SanJuan`], and the checks on a loaded state.

use crate::cards::*;
use crate::{parse_prices, DrawTo, Phase, SanJuan, Seat, Slot, MAX_SLOTS, NONE};
use meeple_core::{Config, Game, GameRng, Turn};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

pub type CardMap = BTreeMap<Card, u8>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Builder,
    Producer,
    Trader,
    Councilor,
    Prospector,
}

const ROLE_ENUM: [Role; 5] = [
    Role::Builder,
    Role::Producer,
    Role::Trader,
    Role::Councilor,
    Role::Prospector,
];

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlotRepr {
    pub building: Card,
    /// The face-down card lying on a production building as a good (nobody knows which card).
    #[serde(default)]
    pub good: Option<Card>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerRepr {
    /// Active buildings in slot order (the top card of each slot).
    pub buildings: Vec<SlotRepr>,
    /// Buildings covered by the crane (out of play).
    #[serde(default)]
    pub covered: CardMap,
    #[serde(default)]
    pub hand: CardMap,
    /// Cards tucked under chapels (covered chapels included).
    #[serde(default)]
    pub chapel: CardMap,
    /// Hand cards everyone knows (gold-mine keeps).
    #[serde(default)]
    pub known_hand: CardMap,
    /// Cards this player discarded knowingly since the last reshuffle.
    #[serde(default)]
    pub known_discards: CardMap,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Repr {
    pub game: String,
    pub version: u32,
    pub config: Config,
    pub round: u16,
    pub governor: usize,
    pub phase: Phase,
    /// The seat to decide (or the seat the pending draws are for).
    pub actor: usize,
    /// The current role and who chose it (null between roles).
    #[serde(default)]
    pub role: Option<Role>,
    #[serde(default)]
    pub chooser: usize,
    /// Picks made this round (0-based index of the current pick).
    #[serde(default)]
    pub pick: u8,
    #[serde(default)]
    pub roles_taken: BTreeMap<Role, usize>,
    #[serde(default)]
    pub library_used: bool,
    #[serde(default)]
    pub library_doubling: bool,
    /// Players already done in the current phase (counted from the chooser or the governor).
    #[serde(default)]
    pub turn_offset: u8,
    #[serde(default)]
    pub stage: u8,
    /// The card being built and the crane target slot.
    #[serde(default)]
    pub building: Option<Card>,
    #[serde(default)]
    pub crane_target: Option<u8>,
    /// Decisions left: cost left to pay, goods left to produce/sell, cards to keep/discard.
    #[serde(default)]
    pub left: u8,
    #[serde(default)]
    pub black_market_used: u8,
    /// Canonical order: goods 0..5, cards 5+kind; later choices are >= this.
    #[serde(default)]
    pub order_floor: u8,
    /// Goods produced / sold, or cards drawn by the councilor.
    #[serde(default)]
    pub count: u8,
    /// Cards earned by the goods sold so far.
    #[serde(default)]
    pub sale_value: u8,
    #[serde(default)]
    pub pending_draws: u8,
    #[serde(default)]
    pub draw_to: DrawTo,
    /// Trader phases so far; `tiles_seen` is the revealed part of the tile cycle.
    #[serde(default)]
    pub trades: u16,
    #[serde(default)]
    pub tiles_seen: Vec<u8>,
    #[serde(default)]
    pub current_tile: Option<u8>,
    /// Derived: the cards not anywhere else. Written for the reader; on load it is always
    /// recomputed, so an edit that moves cards need not touch it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supply: Option<CardMap>,
    #[serde(default)]
    pub discard: CardMap,
    #[serde(default)]
    pub discard_public: CardMap,
    #[serde(default)]
    pub drawn: CardMap,
    #[serde(default)]
    pub revealed: CardMap,
    pub players: Vec<PlayerRepr>,
    #[serde(default)]
    pub truncated: bool,
    #[serde(default = "default_rng")]
    pub rng: GameRng,
}

fn default_rng() -> GameRng {
    GameRng::new(0)
}

pub fn to_map(c: &Cards) -> CardMap {
    let mut m = BTreeMap::new();
    for (k, &x) in c.iter().enumerate() {
        if x > 0 {
            m.insert(ALL_CARDS[k], x);
        }
    }
    m
}

fn from_map(m: &CardMap) -> Cards {
    let mut c = [0u8; KINDS];
    for (&k, &x) in m {
        c[k as usize] = x;
    }
    c
}

pub fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Draft => "draft",
        Phase::Chapel => "chapel",
        Phase::HandLimit => "hand_limit",
        Phase::PickRole => "pick_role",
        Phase::Library => "library",
        Phase::Build => "build",
        Phase::BuildTarget => "build_target",
        Phase::BuildPay => "build_pay",
        Phase::BuildBonus => "build_bonus",
        Phase::Produce => "produce",
        Phase::Well => "well",
        Phase::TileReveal => "tile_reveal",
        Phase::Sell => "sell",
        Phase::SellDraws => "sell_draws",
        Phase::CouncilDraw => "council_draw",
        Phase::CouncilOffer => "council_offer",
        Phase::CouncilKeep => "council_keep",
        Phase::CouncilDiscard => "council_discard",
        Phase::ProspectDraw => "prospect_draw",
        Phase::ProspectOffer => "prospect_offer",
        Phase::GoldReveal => "gold_reveal",
        Phase::GoldOffer => "gold_offer",
        Phase::GoldKeep => "gold_keep",
        Phase::GameOver => "game_over",
    }
}

pub const PHASES: [Phase; 24] = [
    Phase::Draft,
    Phase::Chapel,
    Phase::HandLimit,
    Phase::PickRole,
    Phase::Library,
    Phase::Build,
    Phase::BuildTarget,
    Phase::BuildPay,
    Phase::BuildBonus,
    Phase::Produce,
    Phase::Well,
    Phase::TileReveal,
    Phase::Sell,
    Phase::SellDraws,
    Phase::CouncilDraw,
    Phase::CouncilKeep,
    Phase::CouncilDiscard,
    Phase::ProspectDraw,
    Phase::GoldReveal,
    Phase::GoldKeep,
    Phase::GameOver,
    Phase::CouncilOffer,
    Phase::ProspectOffer,
    Phase::GoldOffer,
];

impl From<SanJuan> for Repr {
    fn from(g: SanJuan) -> Repr {
        let n = g.nn();
        let opt = |x: u8| if x == NONE { None } else { Some(x) };
        let mut roles_taken = BTreeMap::new();
        for r in 0..5 {
            if g.roles[r] != NONE {
                roles_taken.insert(ROLE_ENUM[r], g.roles[r] as usize);
            }
        }
        let seen = (g.trades as usize).min(5);
        Repr {
            game: "san_juan".into(),
            version: SanJuan::info().state_version,
            config: (*g.cfg).clone(),
            round: g.round,
            governor: g.governor as usize,
            phase: g.phase,
            actor: g.actor as usize,
            role: ROLE_ENUM.get(g.role as usize).copied(),
            chooser: g.chooser as usize,
            pick: g.pick,
            roles_taken,
            library_used: g.lib_used,
            library_doubling: g.lib_now,
            turn_offset: g.offset,
            stage: g.stage,
            building: card_from_index(g.bc),
            crane_target: opt(g.bt),
            left: g.left,
            black_market_used: g.bm,
            order_floor: g.floor,
            count: g.count,
            sale_value: g.sum,
            pending_draws: g.pending,
            draw_to: g.draw_to,
            trades: g.trades,
            tiles_seen: g.tiles[..seen].to_vec(),
            current_tile: opt(g.tile),
            supply: Some(to_map(&g.supply)),
            discard: to_map(&g.discard),
            discard_public: to_map(&g.disc_public),
            drawn: to_map(&g.drawn),
            revealed: to_map(&g.revealed),
            players: g.s[..n]
                .iter()
                .map(|s| PlayerRepr {
                    buildings: s
                        .active()
                        .iter()
                        .map(|sl| SlotRepr {
                            building: ALL_CARDS[sl.b as usize % KINDS],
                            good: card_from_index(sl.good),
                        })
                        .collect(),
                    covered: to_map(&s.covered),
                    hand: to_map(&s.hand),
                    chapel: to_map(&s.chapel),
                    known_hand: to_map(&s.known_hand),
                    known_discards: to_map(&s.known_disc),
                })
                .collect(),
            truncated: g.truncated,
            rng: g.rng,
        }
    }
}

impl TryFrom<Repr> for SanJuan {
    type Error = String;

    fn try_from(r: Repr) -> Result<SanJuan, String> {
        if r.game != "san_juan" {
            return Err(format!("this is a '{}' state, not san_juan", r.game));
        }
        let version = SanJuan::info().state_version;
        if r.version != version {
            return Err(format!(
                "state version {} is not supported (expected {version})",
                r.version
            ));
        }
        let n = r.config.players;
        if !(2..=4).contains(&n) {
            return Err(format!("san_juan is played by 2 to 4 players, not {n}"));
        }
        let prices = parse_prices(r.config.value("price_tiles"))?;
        let max_rounds = r.config.int("max_rounds");
        if !(1..=1000).contains(&max_rounds) {
            return Err(format!("max_rounds {max_rounds} is outside 1..=1000"));
        }
        if r.players.len() != n {
            return Err(format!(
                "players lists {} players, the config says {n}",
                r.players.len()
            ));
        }
        for (what, v) in [
            ("governor", r.governor),
            ("actor", r.actor),
            ("chooser", r.chooser),
        ] {
            if v >= n {
                return Err(format!("{what} {v} is not a seat (0..{n})"));
            }
        }
        let mut s = [Seat::default(); 4];
        for (p, pr) in r.players.iter().enumerate() {
            if pr.buildings.len() > MAX_SLOTS {
                return Err(format!(
                    "player {p} has {} buildings (at most {MAX_SLOTS})",
                    pr.buildings.len()
                ));
            }
            let seat = &mut s[p];
            for (i, b) in pr.buildings.iter().enumerate() {
                seat.slots[i] = Slot {
                    b: b.building as u8,
                    good: b.good.map(|c| c as u8).unwrap_or(NONE),
                };
            }
            seat.nslots = pr.buildings.len() as u8;
            seat.hand = from_map(&pr.hand);
            seat.chapel = from_map(&pr.chapel);
            seat.covered = from_map(&pr.covered);
            seat.known_hand = from_map(&pr.known_hand);
            seat.known_disc = from_map(&pr.known_discards);
            seat.rebuild_mask();
        }
        let mut roles = [NONE; 5];
        for (role, &p) in &r.roles_taken {
            if p >= n {
                return Err(format!("roles_taken: seat {p} does not exist"));
            }
            roles[*role as usize] = p as u8;
        }
        let seen = (r.trades as usize).min(5);
        if r.tiles_seen.len() != seen {
            return Err(format!(
                "tiles_seen must list {seen} tiles after {} trader phases",
                r.trades
            ));
        }
        let mut tiles = [0u8; 5];
        for (i, &t) in r.tiles_seen.iter().enumerate() {
            if t >= 5 || r.tiles_seen[..i].contains(&t) {
                return Err(format!("tiles_seen: tile {t} is not a new tile index 0..5"));
            }
            tiles[i] = t;
        }
        let small = |what: &str, v: Option<u8>, max: u8| -> Result<u8, String> {
            match v {
                None => Ok(NONE),
                Some(x) if x < max => Ok(x),
                Some(x) => Err(format!("{what} {x} is out of range (0..{max})")),
            }
        };
        let tile = small("current_tile", r.current_tile, 5)?;
        let strict = r.config.bool("strict_optional");
        let supply = rest_of_cards(&r, &s[..n])?;
        let bt = small("crane_target", r.crane_target, MAX_SLOTS as u8)?;
        let discard = from_map(&r.discard);
        let mut disc_public = from_map(&r.discard_public);
        forget_what_an_edit_removed(&mut s[..n], &discard, &mut disc_public);
        Ok(SanJuan {
            cfg: Arc::new(r.config),
            rng: r.rng,
            n: n as u8,
            max_rounds: max_rounds as u16,
            prices,
            s,
            supply,
            discard,
            disc_public,
            drawn: from_map(&r.drawn),
            revealed: from_map(&r.revealed),
            tiles,
            trades: r.trades,
            tile,
            round: r.round,
            governor: r.governor as u8,
            phase: r.phase,
            actor: r.actor as u8,
            chooser: r.chooser as u8,
            role: r.role.map(|x| x as u8).unwrap_or(NONE),
            pick: r.pick,
            roles,
            lib_used: r.library_used,
            lib_now: r.library_doubling,
            offset: r.turn_offset,
            stage: r.stage,
            bc: r.building.map(|c| c as u8).unwrap_or(NONE),
            bt,
            left: r.left,
            bm: r.black_market_used,
            floor: r.order_floor,
            count: r.count,
            sum: r.sale_value,
            pending: r.pending_draws,
            draw_to: r.draw_to,
            truncated: r.truncated,
            strict,
        })
    }
}

/// What players know about hands and the discard pile is derived from the play; an edit that
/// takes cards out of a hand or the discard pile also takes them out of that knowledge.
fn forget_what_an_edit_removed(seats: &mut [Seat], discard: &Cards, public: &mut Cards) {
    for seat in seats.iter_mut() {
        for k in 0..KINDS {
            seat.known_hand[k] = seat.known_hand[k].min(seat.hand[k]);
        }
    }
    for k in 0..KINDS {
        let mut excess = (public[k] as u32
            + seats.iter().map(|s| s.known_disc[k] as u32).sum::<u32>())
        .saturating_sub(discard[k] as u32);
        for seat in seats.iter_mut() {
            let cut = (seat.known_disc[k] as u32).min(excess);
            seat.known_disc[k] -= cut as u8;
            excess -= cut;
        }
        public[k] = public[k].saturating_sub(excess.min(255) as u8);
    }
}

/// The supply of a hand-written position that omits it: every card not placed elsewhere.
fn rest_of_cards(r: &Repr, seats: &[Seat]) -> Result<Cards, String> {
    let mut used = [0u32; KINDS];
    let mut add = |c: &Cards| {
        for k in 0..KINDS {
            used[k] += c[k] as u32;
        }
    };
    for m in [&r.discard, &r.drawn, &r.revealed] {
        add(&from_map(m));
    }
    for seat in seats {
        add(&seat.hand);
        add(&seat.chapel);
        add(&seat.covered);
        let mut b = [0u8; KINDS];
        for sl in seat.active() {
            b[sl.b as usize % KINDS] += 1;
            if (sl.good as usize) < KINDS {
                b[sl.good as usize] += 1;
            }
        }
        add(&b);
    }
    if let Some(c) = r.building {
        if matches!(r.phase, Phase::BuildTarget | Phase::BuildPay) {
            used[c as usize] += 1;
        }
    }
    let mut out = [0u8; KINDS];
    for k in 0..KINDS {
        if used[k] > COPIES[k] as u32 {
            return Err(format!(
                "the position uses {} {} cards (the game has {})",
                used[k], NAMES[k], COPIES[k]
            ));
        }
        out[k] = COPIES[k] - used[k] as u8;
    }
    Ok(out)
}

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
