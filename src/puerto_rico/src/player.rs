//! One player's board (money, VP chips, goods, island, city, windrose) and the counts the rules
//! read from it: circles, production, building points and the large buildings' bonuses.

use crate::actions::*;
use crate::data::*;
use crate::format::*;
use serde::{Deserialize, Serialize};

/// One player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    pub doubloons: u32,
    /// VP chips held, written-down VP included.
    pub vp: u32,
    pub goods: PerGood,
    /// Island tiles by kind.
    pub island: PerTile,
    /// Colonists on island tiles by kind (at most one per tile).
    pub island_colonists: PerTile,
    pub buildings: City,
    /// Colonists waiting on the windrose ("San Juan").
    pub san_juan: u8,
    /// Expansion I: forests (face-down plantations) by the kind of the tile; no circles.
    #[serde(default, skip_serializing_if = "PerGood::is_zero")]
    pub forests: PerGood,
    /// Expansion I with `forest_source = tiles_2004` (E8): separate forest tiles (no kind).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub forest_tiles: u8,
}

pub const MAX_PLAYERS: usize = 5;

/// The players in seat order, written as a list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<Player>", into = "Vec<Player>")]
pub struct Players {
    pub len: u8,
    pub p: [Player; MAX_PLAYERS],
}

impl TryFrom<Vec<Player>> for Players {
    type Error = String;
    fn try_from(v: Vec<Player>) -> Result<Self, String> {
        if v.len() < 2 || v.len() > MAX_PLAYERS {
            return Err(format!("{} players (2 to 5)", v.len()));
        }
        let mut s = Players {
            len: v.len() as u8,
            ..Default::default()
        };
        for (i, x) in v.into_iter().enumerate() {
            s.p[i] = x;
        }
        Ok(s)
    }
}

impl From<Players> for Vec<Player> {
    fn from(s: Players) -> Self {
        s.p[..(s.len as usize).min(MAX_PLAYERS)].to_vec()
    }
}

impl Player {
    pub fn island_used(&self) -> u32 {
        self.island.total() + self.all_forests()
    }
    /// Forests of either source (2011 face-down plantations, 2004 forest tiles).
    #[inline]
    pub fn all_forests(&self) -> u32 {
        self.forests.total() + self.forest_tiles as u32
    }
    #[inline]
    pub fn city_used(&self) -> u32 {
        let mut n = 0u8;
        for (&x, &s) in self.buildings.0.iter().zip(SIZES.iter()) {
            n += if x > 0 { s } else { 0 };
        }
        n as u32
    }
    #[inline]
    pub fn occupied(&self, b: Building) -> bool {
        self.buildings.occupied(b)
    }
    /// Empty circles on target t (a building or an island tile kind).
    #[inline]
    pub fn empty_circles(&self, t: usize) -> u32 {
        if t < BASE_BUILDINGS {
            self.empty_building(t)
        } else if t < BASE_TARGETS {
            let k = t - BASE_BUILDINGS;
            (self.island.0[k] as u32).saturating_sub(self.island_colonists.0[k] as u32)
        } else if t < NUM_TARGETS {
            self.empty_building(t - NUM_TILES)
        } else {
            0
        }
    }
    /// Empty circles on building b.
    #[inline]
    pub fn empty_building(&self, b: usize) -> u32 {
        let x = self.buildings.0[b];
        if x == 0 {
            0
        } else {
            (BUILDINGS[b].circles as u32).saturating_sub(x as u32 - 1)
        }
    }
    pub fn empty_building_circles(&self) -> u32 {
        let mut e = 0u32;
        for (&x, &c) in self.buildings.0.iter().zip(CIRCLES.iter()) {
            e += if x == 0 {
                0
            } else {
                c.saturating_sub(x - 1) as u32
            };
        }
        e
    }
    /// Every colonist the player owns (tiles, buildings, windrose).
    pub fn colonists(&self) -> u32 {
        let mut c = 0u32;
        for &x in self.buildings.0.iter() {
            c += x.saturating_sub(1) as u32;
        }
        self.island_colonists.total() + c + self.san_juan as u32
    }
    /// Barrels of each good the player's occupied tiles can produce (before the supply limit).
    pub fn production(&self) -> [u8; NUM_GOODS] {
        let mut circles = [0u8; NUM_GOODS];
        // The production buildings are the first six kinds.
        for (i, d) in BUILDINGS[..6].iter().enumerate() {
            if let Class::Production { good, .. } = d.class {
                circles[good as usize] += self.buildings.colonists(i);
            }
        }
        let occ = &self.island_colonists.0;
        [
            occ[0],
            occ[1].min(circles[1]),
            occ[2].min(circles[2]),
            occ[3].min(circles[3]),
            occ[4].min(circles[4]),
        ]
    }
    /// Printed VP of the buildings plus the large buildings' bonuses (occupied only).
    pub fn building_points(&self) -> u32 {
        let mut s = 0u32;
        for (i, d) in BUILDINGS.iter().enumerate() {
            if self.buildings.0[i] > 0 {
                s += d.vp as u32;
            }
        }
        s + self.large_bonus()
    }
    /// The large buildings' end bonuses (rules §5.4), for occupied ones.
    pub fn large_bonus(&self) -> u32 {
        let mut s = 0;
        if self.occupied(Building::GuildHall) {
            for (i, d) in BUILDINGS.iter().enumerate() {
                if self.buildings.0[i] > 0 {
                    if let Class::Production { small, .. } = d.class {
                        s += if small { 1 } else { 2 };
                    }
                }
            }
        }
        if self.occupied(Building::Residence) {
            s += match self.island_used() {
                0..=9 => 4,
                10 => 5,
                11 => 6,
                _ => 7,
            };
        }
        if self.occupied(Building::Fortress) {
            s += self.colonists() / 3;
        }
        if self.occupied(Building::CustomsHouse) {
            s += self.vp / 4;
        }
        if self.occupied(Building::CityHall) {
            for (i, d) in BUILDINGS.iter().enumerate() {
                if self.buildings.0[i] > 0 && d.class == Class::Violet {
                    s += 1;
                }
            }
        }
        if self.occupied(Building::Cloister) {
            s += self.cloister_bonus(true);
        }
        s
    }
    /// Expansion I cloister (rules §8.4): sets of 3 identical island tiles (each plantation kind,
    /// and with `all` the quarries and the forests as one type each): 1/2/3/4 sets score
    /// 1/3/6/10 VP.
    pub fn cloister_bonus(&self, all: bool) -> u32 {
        let mut sets = 0u32;
        for k in 0..NUM_GOODS {
            sets += self.island.0[k] as u32 / 3;
        }
        if all {
            sets += self.island.0[QUARRY] as u32 / 3 + self.all_forests() / 3;
        }
        [0, 1, 3, 6, 10][sets.min(4) as usize]
    }
    pub fn score(&self) -> u32 {
        self.vp + self.building_points()
    }
}
