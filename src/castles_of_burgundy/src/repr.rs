//! The position format: the JSON form of [`CastlesOfBurgundy`] (documented in the docs page).
//!
//! The hidden stacks are derived: `pile` (normal-backed tiles) and `goods_bag` are written
//! nowhere, because the component counts fix them: they are everything not elsewhere. A
//! hand-written position may also leave out `black_pile`; the tiles it places are then taken
//! from the normal-backed pile first (the black depot's from the black-backed one).

use crate::data::{supply, Tile, CASTLE, NUM_TILES};
use crate::sd;
use crate::{CastlesOfBurgundy, Pending, Phase, Player, Step, STATE_VERSION};
use meeple_core::{Config, GameRng};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::sync::Arc;

/// Tile counts written as `{"tile": count}` (zero counts omitted).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct TileCounts(pub [u8; NUM_TILES]);

impl Default for TileCounts {
    fn default() -> Self {
        TileCounts([0; NUM_TILES])
    }
}

impl Serialize for TileCounts {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        sd::counts::serialize(&self.0, s)
    }
}

impl<'de> Deserialize<'de> for TileCounts {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        sd::counts::deserialize(d).map(TileCounts)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Repr {
    pub version: u32,
    pub config: Arc<Config>,
    pub phase: Phase,
    pub round: u8,
    /// Read as JSON first, so that a field the step's kind does not have is refused too.
    pub step: serde_json::Value,
    pub order: Vec<u8>,
    #[serde(default)]
    pub turn: u8,
    #[serde(default)]
    pub purchased: bool,
    #[serde(default = "no_pending")]
    pub pending: serde_json::Value,
    pub players: Vec<Player>,
    pub depots: [[Option<Tile>; 4]; 6],
    #[serde(default)]
    pub depot_goods: [[u8; 6]; 6],
    pub black_depot: [Option<Tile>; 8],
    pub round_goods: [Option<u8>; 5],
    #[serde(default)]
    pub white_die: u8,
    /// Derived (never written): the normal-backed tiles not elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pile: Option<TileCounts>,
    /// Default: the black-backed tiles not on the black depot and not needed elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_pile: Option<TileCounts>,
    #[serde(default)]
    pub boxed: TileCounts,
    /// Derived (never written): the goods not elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goods_bag: Option<[u8; 6]>,
    #[serde(default)]
    pub goods_discarded: [u8; 6],
    #[serde(default = "default_rng")]
    pub rng: GameRng,
}

fn no_pending() -> serde_json::Value {
    serde_json::json!({"kind": "none"})
}

/// Read a tagged value (`step`, `pending`) and refuse fields its kind does not have (serde's
/// `deny_unknown_fields` does not see them on kinds without fields).
fn tagged<T: Serialize + serde::de::DeserializeOwned>(
    v: &serde_json::Value,
    field: &str,
) -> Result<T, String> {
    let t: T = serde_json::from_value(v.clone()).map_err(|e| format!("{field}: {e}"))?;
    let back = serde_json::to_value(&t).map_err(|e| format!("{field}: {e}"))?;
    if let (Some(given), Some(known)) = (v.as_object(), back.as_object()) {
        if let Some(k) = given.keys().find(|k| !known.contains_key(*k)) {
            return Err(format!("{field}: unknown field `{k}`"));
        }
    }
    Ok(t)
}

fn default_rng() -> GameRng {
    GameRng::new(0)
}

impl From<CastlesOfBurgundy> for Repr {
    fn from(g: CastlesOfBurgundy) -> Repr {
        Repr {
            version: g.version,
            config: g.config,
            phase: g.phase,
            round: g.round,
            step: serde_json::to_value(g.step).unwrap_or_default(),
            order: g.order,
            turn: g.turn,
            purchased: g.purchased,
            pending: serde_json::to_value(g.pending).unwrap_or_default(),
            players: g.players,
            depots: g.depots,
            depot_goods: g.depot_goods,
            black_depot: g.black_depot,
            round_goods: g.round_goods,
            white_die: g.white_die,
            pile: None,
            black_pile: Some(TileCounts(g.black_pile)),
            boxed: TileCounts(g.boxed),
            goods_bag: None,
            goods_discarded: g.goods_discarded,
            rng: g.rng,
        }
    }
}

impl TryFrom<Repr> for CastlesOfBurgundy {
    type Error = String;

    fn try_from(r: Repr) -> Result<Self, String> {
        if r.version != STATE_VERSION {
            return Err(format!(
                "version {} is not supported (expected {STATE_VERSION})",
                r.version
            ));
        }
        let mut g = CastlesOfBurgundy {
            version: r.version,
            config: r.config,
            phase: r.phase,
            round: r.round,
            step: tagged(&r.step, "step")?,
            order: r.order,
            turn: r.turn,
            purchased: r.purchased,
            pending: tagged(&r.pending, "pending")?,
            players: r.players,
            depots: r.depots,
            depot_goods: r.depot_goods,
            black_depot: r.black_depot,
            round_goods: r.round_goods,
            white_die: r.white_die,
            pile: [0; NUM_TILES],
            black_pile: [0; NUM_TILES],
            boxed: r.boxed.0,
            goods_bag: [0; 6],
            goods_discarded: r.goods_discarded,
            rng: r.rng,
        };
        g.fill_piles(r.pile.map(|c| c.0), r.black_pile.map(|c| c.0));
        g.goods_bag = match r.goods_bag {
            Some(b) => b,
            None => g.goods_not_elsewhere(),
        };
        // The counts and invariants first (their message names the first problem), then what
        // only play can produce.
        g.check()?;
        g.check_estates()?;
        Ok(g)
    }
}

impl CastlesOfBurgundy {
    /// Tiles of each kind outside the face-down piles, and those of them on the black depot.
    fn tiles_out(&self) -> ([u32; NUM_TILES], [u32; NUM_TILES]) {
        let mut out = [0u32; NUM_TILES];
        let mut black = [0u32; NUM_TILES];
        let setup = matches!(
            self.step,
            Step::ChooseBoard { .. } | Step::ChooseCastle { .. }
        );
        for pl in &self.players {
            for t in pl.estate.iter().chain(pl.storage.iter()).flatten() {
                out[t.0 as usize] += 1;
            }
            if setup && pl.estate.occ() == 0 {
                // the start castle not yet placed
                out[CASTLE as usize] += 1;
            }
        }
        for t in self.depots.iter().flatten().flatten() {
            out[t.0 as usize] += 1;
        }
        for t in self.black_depot.iter().flatten() {
            out[t.0 as usize] += 1;
            black[t.0 as usize] += 1;
        }
        if let Pending::Discard { tile } = self.pending {
            out[tile.0 as usize] += 1;
        }
        for (o, &b) in out.iter_mut().zip(self.boxed.iter()) {
            *o += b as u32;
        }
        (out, black)
    }

    /// Set the piles from what the position gives; what it leaves out is everything not
    /// elsewhere. Impossible counts are left for `validate` to name.
    fn fill_piles(&mut self, pile: Option<[u8; NUM_TILES]>, black_pile: Option<[u8; NUM_TILES]>) {
        let (normal, black) = supply();
        let (out, on_black_depot) = self.tiles_out();
        for k in 0..NUM_TILES {
            let total = normal[k] as i64 + black[k] as i64;
            let rest = total - out[k] as i64;
            let (p, b) = match (pile, black_pile) {
                (Some(p), Some(b)) => (p[k] as i64, b[k] as i64),
                (None, Some(b)) => {
                    // the pile is the rest; a pile above its supply means an edit returned
                    // black-backed tiles, which go back to the black-backed pile
                    let p = rest - b[k] as i64;
                    let over = (p - normal[k] as i64).max(0);
                    (p - over, b[k] as i64 + over)
                }
                (Some(p), None) => (p[k] as i64, rest - p[k] as i64),
                (None, None) => {
                    let from_normal =
                        (out[k] as i64 - on_black_depot[k] as i64).min(normal[k] as i64);
                    let p = normal[k] as i64 - from_normal;
                    (p, rest - p)
                }
            };
            // out of range: clamp, and `validate` reports the broken count
            self.pile[k] = p.clamp(0, 255) as u8;
            self.black_pile[k] = b.clamp(0, 255) as u8;
        }
    }

    /// The goods of each type not held, sold, on a depot, on a round space or thrown away.
    fn goods_not_elsewhere(&self) -> [u8; 6] {
        let mut bag = [0u8; 6];
        for t in 0..6 {
            let mut used = self.goods_discarded[t] as u32;
            for pl in &self.players {
                used += pl.goods[t] as u32 + pl.sold[t] as u32;
            }
            for d in &self.depot_goods {
                used += d[t] as u32;
            }
            used += self
                .round_goods
                .iter()
                .filter(|&&g| g == Some(t as u8 + 1))
                .count() as u32;
            bag[t] = 7u32.saturating_sub(used) as u8;
        }
        bag
    }
}
