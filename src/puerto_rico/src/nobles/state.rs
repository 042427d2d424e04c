//! The Nobles' state in a position: the noble supply and ship, each player's nobles and where
//! they stand, and the trader / captain bookkeeping (field `nobles`, absent without the option).

use crate::actions::*;
use crate::format::*;
use serde::{Deserialize, Serialize};

/// Nobles in the game (rules §9.2).
pub const NOBLES_TOTAL: u8 = 20;

/// One player's nobles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoblePlayer {
    /// Nobles he owns (on circles or the windrose).
    pub nobles: u8,
    /// Nobles standing on each target (the others stand on the windrose), written as a list of
    /// target names, one per noble (`"land office"`, `"corn plantation"`, `"quarry"`).
    #[serde(default = "no_targets", with = "target_list")]
    pub on: [u8; NUM_TARGETS],
}
impl Default for NoblePlayer {
    fn default() -> Self {
        NoblePlayer {
            nobles: 0,
            on: no_targets(),
        }
    }
}
fn no_targets() -> [u8; NUM_TARGETS] {
    [0; NUM_TARGETS]
}
impl NoblePlayer {
    /// Nobles on circles (not on the windrose).
    #[inline]
    pub fn placed(&self) -> u32 {
        self.on.iter().map(|&c| c as u32).sum()
    }
    /// Nobles on the windrose.
    #[inline]
    pub fn windrose(&self) -> u32 {
        (self.nobles as u32).saturating_sub(self.placed())
    }
}
/// Expansion II state (absent from the position JSON without the option `nobles`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Nobles {
    /// The noble supply (derived: recomputed when a position is read).
    #[serde(default)]
    pub supply: u8,
    /// Nobles on the colonist ship.
    pub ship: u8,
    /// Per seat.
    pub players: Vec<NoblePlayer>,
    /// Trader: seats that used their land office this phase.
    #[serde(default, with = "seat_set")]
    pub land_office_used: u8,
    /// Trader: the actor has made his sale and may still use his land office.
    #[serde(default)]
    pub sold: bool,
    /// Royal supplier: kinds the actor returned so far.
    #[serde(default, with = "good_set")]
    pub supplied: u8,
}
/// Nobles per target, written as a list of target names (one entry per noble).
pub mod target_list {
    use crate::actions::{target_name, NUM_TARGETS};
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(on: &[u8; NUM_TARGETS], s: S) -> Result<S::Ok, S::Error> {
        let mut names = Vec::new();
        for (t, &c) in on.iter().enumerate() {
            for _ in 0..c {
                names.push(target_name(t));
            }
        }
        names.serialize(s)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[u8; NUM_TARGETS], D::Error> {
        let mut on = [0u8; NUM_TARGETS];
        for name in Vec::<String>::deserialize(d)? {
            match (0..NUM_TARGETS).find(|&t| target_name(t) == name) {
                Some(t) => on[t] = on[t].saturating_add(1),
                None => return Err(D::Error::custom(format!("unknown noble place {name:?}"))),
            }
        }
        Ok(on)
    }
}
impl Nobles {
    pub fn new(players: usize) -> Nobles {
        Nobles {
            supply: NOBLES_TOTAL - 1,
            ship: 1,
            players: vec![NoblePlayer::default(); players],
            ..Default::default()
        }
    }
    #[inline]
    pub fn of(&self, p: usize) -> NoblePlayer {
        self.players.get(p).copied().unwrap_or_default()
    }
    #[inline]
    pub fn pm(&mut self, p: usize) -> &mut NoblePlayer {
        let n = self.players.len().max(1);
        &mut self.players[p % n]
    }
}
