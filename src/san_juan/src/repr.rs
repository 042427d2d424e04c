//! The position format: the readable JSON form of [`SanJuan`], and the checks on a loaded state.

use crate::cards::*;
use crate::{parse_prices, DrawTo, Phase, SanJuan, Seat, Slot, MAX_SLOTS, NONE};
use meeple_core::{Config, Game, GameRng};
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
