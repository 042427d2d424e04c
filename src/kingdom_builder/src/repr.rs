//! The position format: the state's JSON, with names and `[row, col]` hexes (see the docs page).
//!
//! `KingdomBuilder` serializes through [`Repr`]. Reading checks every index and count that could
//! otherwise cause trouble later; `Game::validate` then checks the rules' invariants.

use crate::bits::Bits;
use crate::board::{Layout, Sector, Terrain};
use crate::cards::KbCard;
use crate::rules::{KingdomBuilder, Pending, Phase};
use crate::{COLS, MAX_PLAYERS, ROWS, SETTLEMENTS, STATE_VERSION};
use meeple_core::{Config, GameRng};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

pub(crate) type Hex = [usize; 2];

pub(crate) fn hex_of(h: usize) -> Hex {
    [h / COLS, h % COLS]
}

fn index_of(x: Hex, what: &str) -> Result<usize, String> {
    if x[0] < ROWS && x[1] < COLS {
        Ok(x[0] * COLS + x[1])
    } else {
        Err(format!(
            "{what}: hex [{}, {}] is off the board (rows and columns are 0..19)",
            x[0], x[1]
        ))
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BoardRepr {
    pub sectors: [Sector; 4],
    #[serde(default)]
    pub rotated: [bool; 4],
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PendingRepr {
    pub tile: Sector,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Hex>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlayerRepr {
    pub settlements: Vec<Hex>,
    /// Default: 40 minus the settlements on the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supply: Option<u8>,
    #[serde(default)]
    pub hand: Option<Terrain>,
    #[serde(default)]
    pub hand_epoch: u16,
    /// Location hexes whose tile this player holds.
    #[serde(default)]
    pub tiles: Vec<Hex>,
    /// Location hexes this player ever took a tile from (default: `tiles`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ever_took: Option<Vec<Hex>>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LocationRepr {
    pub hex: Hex,
    pub left: u8,
    #[serde(default)]
    pub lost: u8,
}

pub(crate) type Counts = BTreeMap<Terrain, u8>;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Repr {
    pub version: u32,
    pub config: Config,
    pub board: BoardRepr,
    pub cards: [KbCard; 3],
    #[serde(default)]
    pub first_player: usize,
    pub current_player: usize,
    #[serde(default = "one")]
    pub round: u16,
    pub phase: Phase,
    #[serde(default)]
    pub placed: u8,
    #[serde(default)]
    pub mandatory_done: bool,
    #[serde(default)]
    pub pending: Option<PendingRepr>,
    #[serde(default)]
    pub played: Option<Terrain>,
    /// The current player's tiles still usable this turn (default: every held tile).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ready: Option<BTreeMap<Sector, u8>>,
    pub players: Vec<PlayerRepr>,
    /// Tiles on each location hex (default: 2 minus the players who took one there).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location_tiles: Option<Vec<LocationRepr>>,
    /// Default: every card not in the discard, the removed pile, a hand or in play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_pile: Option<Counts>,
    #[serde(default)]
    pub discard: Counts,
    #[serde(default)]
    pub removed: Counts,
    #[serde(default)]
    pub reshuffles: u16,
    /// Default: whether some player's supply is empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_triggered: Option<bool>,
    /// Default: whether a mandatory placement was made this turn (`placed > 0`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placed_this_turn: Option<bool>,
    #[serde(default)]
    pub idle_turns: u8,
    #[serde(default = "default_rng")]
    pub rng: GameRng,
}

/// Tiles left and lost on each location when the position does not say: 2 minus the players
/// who took one there are left, and those takers who no longer hold it lost it.
fn location_tiles_of(nl: usize, holds: &[u8], ever_took: &[u8]) -> ([u8; 8], [u8; 8]) {
    let mut left = [0u8; 8];
    let mut lost = [0u8; 8];
    for k in 0..nl {
        let takers = ever_took.iter().filter(|&&m| m >> k & 1 == 1).count() as u8;
        let holders = holds.iter().filter(|&&m| m >> k & 1 == 1).count() as u8;
        left[k] = 2u8.saturating_sub(takers);
        lost[k] = takers.saturating_sub(holders);
    }
    (left, lost)
}

impl KingdomBuilder {
    /// The current player's ready tiles when the position does not say: every held tile, less
    /// the one being used.
    fn default_ready(&self) -> [u8; 8] {
        let mut ready = [0u8; 8];
        if self.phase != Phase::Play {
            return ready;
        }
        for t in Sector::ALL {
            ready[t.index()] = self.held(self.current, t);
        }
        if let Pending::Build(t) | Pending::MoveFrom(t) | Pending::MoveTo(t, _) = self.pending {
            ready[t.index()] = ready[t.index()].saturating_sub(1);
        }
        ready
    }
}

fn one() -> u16 {
    1
}

fn default_rng() -> GameRng {
    GameRng::new(0)
}

fn counts_of(a: &[u8; 5]) -> Counts {
    Terrain::ALL
        .iter()
        .filter(|t| a[t.index()] > 0)
        .map(|&t| (t, a[t.index()]))
        .collect()
}

fn array_of(c: &Counts, what: &str) -> Result<[u8; 5], String> {
    let mut a = [0u8; 5];
    for (t, &v) in c {
        if v > 5 {
            return Err(format!("{what}: {v} {} cards (at most 5)", t.name()));
        }
        a[t.index()] = v;
    }
    Ok(a)
}

impl From<KingdomBuilder> for Repr {
    fn from(g: KingdomBuilder) -> Repr {
        let l = &*g.layout;
        let locs_of = |mask: u8| -> Vec<Hex> {
            l.locs
                .iter()
                .enumerate()
                .filter(|(k, _)| mask >> k & 1 == 1)
                .map(|(_, &(h, _))| hex_of(h as usize))
                .collect()
        };
        let players = (0..g.n)
            .map(|p| PlayerRepr {
                settlements: g.own[p].iter().map(hex_of).collect(),
                supply: None,
                hand: g.hand[p],
                hand_epoch: g.hand_epoch[p],
                tiles: locs_of(g.holds[p]),
                ever_took: Some(locs_of(g.ever_took[p])),
            })
            .collect();
        let pending = match g.pending {
            Pending::None => None,
            Pending::Build(t) | Pending::MoveFrom(t) => Some(PendingRepr {
                tile: t,
                from: None,
            }),
            Pending::MoveTo(t, h) => Some(PendingRepr {
                tile: t,
                from: Some(hex_of(h as usize)),
            }),
        };
        let ready = if g.phase == Phase::Play && g.ready != g.default_ready() {
            Some(
                Sector::ALL
                    .iter()
                    .filter(|t| l.has_sector(**t))
                    .map(|&t| (t, g.ready[t.index()]))
                    .collect(),
            )
        } else {
            None
        };
        Repr {
            version: STATE_VERSION,
            config: (*g.config).clone(),
            board: BoardRepr {
                sectors: l.sectors,
                rotated: l.rotated,
            },
            cards: g.cards,
            first_player: g.first,
            current_player: g.current,
            round: g.round,
            phase: g.phase,
            placed: g.placed,
            mandatory_done: g.mandatory_done,
            pending,
            played: g.played,
            ready,
            players,
            location_tiles: Some(
                l.locs
                    .iter()
                    .enumerate()
                    .map(|(k, &(h, _))| LocationRepr {
                        hex: hex_of(h as usize),
                        left: g.tiles_left[k],
                        lost: g.tiles_lost[k],
                    })
                    .collect(),
            ),
            draw_pile: None,
            discard: counts_of(&g.discard),
            removed: counts_of(&g.removed),
            reshuffles: g.reshuffles,
            end_triggered: None,
            placed_this_turn: Some(g.placed_this_turn),
            idle_turns: g.idle_turns,
            rng: g.rng,
        }
    }
}

impl TryFrom<Repr> for KingdomBuilder {
    type Error = String;

    fn try_from(r: Repr) -> Result<KingdomBuilder, String> {
        if r.version != STATE_VERSION {
            return Err(format!(
                "state version {} is not supported (this engine reads version {STATE_VERSION})",
                r.version
            ));
        }
        let n = r.config.players;
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err(format!(
                "config.players is {n}; Kingdom Builder has 2 to 4 players"
            ));
        }
        if r.players.len() != n {
            return Err(format!(
                "players lists {} entries but config.players is {n}",
                r.players.len()
            ));
        }
        for a in 0..4 {
            for b in 0..a {
                if r.board.sectors[a] == r.board.sectors[b] {
                    return Err(format!(
                        "board.sectors uses {} twice",
                        r.board.sectors[a].name()
                    ));
                }
            }
        }
        for a in 0..3 {
            for b in 0..a {
                if r.cards[a] == r.cards[b] {
                    return Err(format!("cards lists {} twice", r.cards[a].name()));
                }
            }
        }
        if r.first_player >= n {
            return Err(format!("first_player {} is not a seat", r.first_player));
        }
        if r.current_player >= n {
            return Err(format!("current_player {} is not a seat", r.current_player));
        }
        if r.placed > 3 {
            return Err(format!("placed is {} (at most 3)", r.placed));
        }
        let layout = Layout::shared(r.board.sectors, r.board.rotated);
        let loc_bit = |x: Hex, what: &str| -> Result<u8, String> {
            let h = index_of(x, what)?;
            match layout.loc_index(h) {
                Some(k) => Ok(1 << k),
                None => Err(format!(
                    "{what}: [{}, {}] is not a location hex of this board",
                    x[0], x[1]
                )),
            }
        };
        let mut own = [Bits::EMPTY; MAX_PLAYERS];
        let mut occupied = Bits::EMPTY;
        let mut supply = [0u8; MAX_PLAYERS];
        let mut holds = [0u8; MAX_PLAYERS];
        let mut ever_took = [0u8; MAX_PLAYERS];
        let mut hand = [None; MAX_PLAYERS];
        let mut hand_epoch = [0u16; MAX_PLAYERS];
        for (p, pr) in r.players.iter().enumerate() {
            for &x in &pr.settlements {
                let h = index_of(x, &format!("players[{p}].settlements"))?;
                if occupied.get(h) {
                    return Err(format!(
                        "players[{p}].settlements: hex [{}, {}] holds two settlements",
                        x[0], x[1]
                    ));
                }
                own[p].set(h);
                occupied.set(h);
            }
            let on_board = own[p].count();
            if on_board > SETTLEMENTS as u32 {
                return Err(format!(
                    "players[{p}] has {on_board} settlements on the board (at most 40)"
                ));
            }
            supply[p] = pr.supply.unwrap_or((SETTLEMENTS as u32 - on_board) as u8);
            if supply[p] as u32 + on_board != SETTLEMENTS as u32 {
                return Err(format!(
                    "players[{p}]: {on_board} settlements on the board + supply {} is not 40",
                    supply[p]
                ));
            }
            for &x in &pr.tiles {
                holds[p] |= loc_bit(x, &format!("players[{p}].tiles"))?;
            }
            if let Some(v) = &pr.ever_took {
                for &x in v {
                    ever_took[p] |= loc_bit(x, &format!("players[{p}].ever_took"))?;
                }
            }
            // an edit that gives a player a tile also records that he took it
            ever_took[p] |= holds[p];
            hand[p] = pr.hand;
            hand_epoch[p] = pr.hand_epoch;
        }
        let nl = layout.locs.len();
        let mut tiles_left = [0u8; 8];
        let mut tiles_lost = [0u8; 8];
        match &r.location_tiles {
            Some(v) => {
                let mut seen = 0u8;
                for lr in v {
                    let bit = loc_bit(lr.hex, "location_tiles")?;
                    if seen & bit != 0 {
                        return Err(format!(
                            "location_tiles lists [{}, {}] twice",
                            lr.hex[0], lr.hex[1]
                        ));
                    }
                    seen |= bit;
                    let k = bit.trailing_zeros() as usize;
                    if lr.left > 2 || lr.lost > 2 {
                        return Err(format!(
                            "location_tiles [{}, {}]: at most 2 tiles per location hex",
                            lr.hex[0], lr.hex[1]
                        ));
                    }
                    tiles_left[k] = lr.left;
                    tiles_lost[k] = lr.lost;
                }
                if seen.count_ones() as usize != nl {
                    return Err(format!(
                        "location_tiles must list each of the board's {nl} location hexes"
                    ));
                }
                // Where an edit changed who holds a location's tile, its counts no longer add
                // up to 2: they are recomputed as if left out.
                let (left, lost) = location_tiles_of(nl, &holds[..n], &ever_took[..n]);
                for k in 0..nl {
                    let holders = holds[..n].iter().filter(|&&m| m >> k & 1 == 1).count() as u8;
                    if tiles_left[k] + tiles_lost[k] + holders != 2 {
                        tiles_left[k] = left[k];
                        tiles_lost[k] = lost[k];
                    }
                }
            }
            None => {
                (tiles_left, tiles_lost) = location_tiles_of(nl, &holds[..n], &ever_took[..n]);
            }
        }
        let discard = array_of(&r.discard, "discard")?;
        let removed = array_of(&r.removed, "removed")?;
        let draw = match &r.draw_pile {
            Some(c) => array_of(c, "draw_pile")?,
            None => {
                let mut d = [0u8; 5];
                for t in Terrain::ALL {
                    let i = t.index();
                    let mut used = discard[i] as u32 + removed[i] as u32;
                    used += hand[..n].iter().filter(|&&h| h == Some(t)).count() as u32;
                    used += (r.played == Some(t)) as u32;
                    d[i] = 5u32.saturating_sub(used) as u8;
                }
                d
            }
        };
        let pending = match &r.pending {
            None => Pending::None,
            Some(pr) => match (pr.tile.is_move(), pr.from) {
                (false, None) => Pending::Build(pr.tile),
                (false, Some(_)) => {
                    return Err(format!(
                        "pending: {} is a build tile, it has no 'from'",
                        pr.tile.name()
                    ))
                }
                (true, None) => Pending::MoveFrom(pr.tile),
                (true, Some(x)) => Pending::MoveTo(pr.tile, index_of(x, "pending.from")? as u16),
            },
        };
        let cp = r.current_player;
        let mut g = KingdomBuilder {
            tower_anywhere: r.config.bool("tower_anywhere"),
            retake_after_loss: r.config.bool("retake_after_loss"),
            lords_requires_presence: r.config.bool("lords_requires_presence"),
            config: Arc::new(r.config),
            layout,
            n,
            cards: r.cards,
            first: r.first_player,
            current: cp,
            round: r.round,
            phase: r.phase,
            placed: r.placed,
            mandatory_done: r.mandatory_done,
            pending,
            own,
            adj: own.map(|b| b.neighbours()),
            occupied,
            supply,
            holds,
            ever_took,
            tiles_left,
            tiles_lost,
            ready: [0; 8],
            hand,
            hand_epoch,
            played: r.played,
            draw,
            discard,
            removed,
            reshuffles: r.reshuffles,
            end_triggered: false,
            placed_this_turn: r.placed_this_turn.unwrap_or(r.placed > 0),
            idle_turns: r.idle_turns,
            rng: r.rng,
        };
        g.end_triggered = r
            .end_triggered
            .unwrap_or_else(|| (0..n).any(|p| g.supply[p] == 0));
        match &r.ready {
            Some(m) => {
                for (t, &v) in m {
                    g.ready[t.index()] = v;
                }
            }
            None => g.ready = g.default_ready(),
        }
        Ok(g)
    }
}
