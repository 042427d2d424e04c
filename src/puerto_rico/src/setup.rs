//! A new game (rules §2): the supplies for the player count, the first governor, the first
//! face-up row, and the Expansion I building set (fixed, random, or the draft's legality).

use crate::data::*;
use crate::format::*;
use crate::hooks::*;
use crate::player::*;
use crate::state::*;
use meeple_core::{Config, GameRng};
use std::sync::Arc;

impl PuertoRico {
    /// A new game (rules §2).
    pub fn setup(shared: Arc<Config>, seed: u64) -> PuertoRico {
        let config: &Config = &shared;
        let n = config.players.clamp(2, MAX_PLAYERS);
        let s = setup(n);
        let mut rng = GameRng::new(seed);
        // The draw is made even for a chosen governor, so the rest of the set-up (the first
        // face-up row, a random building set) is the same as with that governor drawn.
        let drawn = rng.below(n as u32) as u8;
        let governor = match config.int("first_governor") {
            g if (0..n as i64).contains(&g) => g as u8,
            _ => drawn,
        };
        let mut players = Players {
            len: n as u8,
            ..Default::default()
        };
        let mut deck = PerGood(s.plantations);
        for r in 0..n {
            let seat = (governor as usize + r) % n;
            let k = s.start[r] as usize;
            deck.0[k] -= 1;
            let p = &mut players.p[seat];
            p.doubloons = s.doubloons;
            p.island.0[k] = 1;
        }
        let mut roles = Roles::default();
        for (i, r) in ROLES.iter().enumerate() {
            roles.0[i].in_play = r.in_play(n);
        }
        let mut ships = Ships {
            len: s.ships.len() as u8,
            ..Default::default()
        };
        for (i, &c) in s.ships.iter().enumerate() {
            ships.s[i].capacity = c;
        }
        let x = config.bool("new_buildings");
        let mut supply = [0u8; NUM_BUILDINGS];
        for d in BUILDINGS[..BASE_BUILDINGS].iter() {
            if !x || d.class != Class::Violet {
                supply[d.kind as usize] = d.kind.copies(n);
            }
        }
        let mut g = PuertoRico {
            config: shared.clone(),
            round: 1,
            governor,
            picks: 0,
            role: None,
            chooser: governor,
            acted: 0,
            step: Step::ChooseRole,
            roles,
            players,
            colonist_supply: s.colonist_supply,
            colonist_ship: s.colonist_ship,
            vp_supply: s.vp_chips,
            goods_supply: PerGood(s.goods),
            quarries: s.quarries,
            plantation_row: PerGood::default(),
            deck,
            discard: PerGood::default(),
            building_supply: BuildingSupply(supply),
            ships,
            trading_house: PerGood::default(),
            end_triggered: false,
            truncated: false,
            quarry_taken: 0,
            wharf_used: 0,
            captain_bonus_paid: false,
            no_load_turns: 0,
            craftsman_kinds: 0,
            floor: 0,
            todo: 0,
            warehoused: 0,
            last_tile: None,
            last_building: None,
            new_buildings: x,
            building_set: 0,
            pending: None,
            bm_cut: 0,
            kept: PerGood::default(),
            doubled: false,
            library_used: 0,
            small_wharf_used: 0,
            guest_queue: 0,
            guest_after: None,
            craft_received: PerGood::default(),
            removed_colonists: 0,
            removed_vp: 0,
            forest_supply: if x && config.str("forest_source") == "tiles_2004" {
                FOREST_TILES_2004
            } else {
                0
            },
            nobles: None,
            rng,
        };
        // Setup randomness: the first face-up row (N + 1 tiles).
        for _ in 0..=n {
            let d = g.deck.0;
            let k = g.rng.weighted(d.iter().map(|&c| c as u32));
            if g.deck.0[k] > 0 {
                g.deck.0[k] -= 1;
                g.plantation_row.0[k] += 1;
            }
        }
        if config.bool("nobles") {
            g.nobles_setup();
        }
        if x {
            match config.str("building_set") {
                "base" => g.set_buildings(BASE_VIOLET),
                "random" => {
                    // A draft of uniformly random legal picks.
                    let mut picks = Vec::new();
                    while g.building_set.count_ones() < SET_SIZE {
                        picks.clear();
                        for b in 0..NUM_BUILDINGS {
                            if g.draft_ok(b) {
                                picks.push(b);
                            }
                        }
                        if picks.is_empty() {
                            break;
                        }
                        let b = picks[g.rng.index(picks.len())];
                        g.set_buildings(g.building_set | 1 << b);
                    }
                }
                "fixed" => {
                    let set = Self::fixed_set(config).unwrap_or(BASE_VIOLET);
                    g.set_buildings(set);
                }
                _ => g.step = Step::Draft,
            }
        }
        g
    }
    /// The building set of the option `building_list` (17 violet kinds filling the draft slots).
    pub fn fixed_set(config: &Config) -> Result<u64, String> {
        let list = config
            .value("building_list")
            .as_array()
            .ok_or("building_list must be a list of 17 violet building names")?;
        let mut set = 0u64;
        for v in list {
            let name = v.as_str().unwrap_or("");
            let d = BUILDINGS
                .iter()
                .find(|d| d.name == name)
                .ok_or_else(|| format!("building_list: unknown building '{name}'"))?;
            if d.class != Class::Violet {
                return Err(format!(
                    "building_list: {name} is a production building (always in the game)"
                ));
            }
            if (d.kind as usize) >= X_BUILDINGS
                && !(config.bool("nobles") && config.str("nobles_buildings") == "drafted")
            {
                return Err(format!(
                    "building_list: {name} is an Expansion II kind, only drafted with nobles = \
                     true and nobles_buildings = drafted"
                ));
            }
            if set & (1 << d.kind as u8) != 0 {
                return Err(format!("building_list: {name} listed twice"));
            }
            set |= 1 << d.kind as u8;
        }
        for &(cost, slots) in DRAFT_SLOTS.iter() {
            let have = (0..NUM_BUILDINGS)
                .filter(|&b| set & (1 << b) != 0 && BUILDINGS[b].cost == cost)
                .count();
            if have != slots as usize {
                return Err(format!(
                    "building_list has {have} kinds of cost {cost}; the draft slots take {slots}"
                ));
            }
        }
        let both = (1u64 << Building::Hacienda as u8) | (1u64 << Building::ForestHouse as u8);
        if config.bool("hacienda_forest_house_exclusive") && set & both == both {
            return Err("building_list has both hacienda and forest house, which \
                 hacienda_forest_house_exclusive forbids"
                .into());
        }
        Ok(set)
    }
    /// Put the violet kinds of `set` into the game (copies for the player count).
    pub(crate) fn set_buildings(&mut self, set: u64) {
        let n = self.n();
        for b in 0..NUM_BUILDINGS {
            if set & (1 << b) != 0 && self.building_set & (1 << b) == 0 {
                self.building_supply.0[b] = BUILDINGS[b].kind.copies(n);
            }
        }
        self.building_set = set;
    }
    /// Set-up draft: may building kind b still be chosen (rules §8.2)?
    pub fn draft_ok(&self, b: usize) -> bool {
        let d = &BUILDINGS[b];
        if d.class != Class::Violet || self.building_set & (1 << b) != 0 {
            return false;
        }
        if b >= X_BUILDINGS && !self.nobles_drafted() {
            return false;
        }
        let used = (self.building_set & COST_MASK[d.cost as usize % 11]).count_ones();
        if used >= draft_slots(d.cost) {
            return false;
        }
        let other = match d.kind {
            Building::Hacienda => Building::ForestHouse,
            Building::ForestHouse => Building::Hacienda,
            _ => return true,
        };
        self.building_set & (1 << other as u8) == 0
            || !self.config.bool("hacienda_forest_house_exclusive")
    }
}
