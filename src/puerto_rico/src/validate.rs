//! `validate`: a position's consistency (options, seats, roles, the step and its bookkeeping,
//! every component count, ships, the trading house, a legal move), naming the first problem.

use crate::actions::*;
use crate::data::*;
use crate::format::*;
use crate::hooks::*;
use crate::options::check_options;
use crate::player::*;
use crate::state::*;

impl PuertoRico {
    pub(crate) fn check(&self) -> Result<(), String> {
        check_options(&self.config).map_err(|e| e.to_string())?;
        let n = self.config.players;
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err(format!("config.players {n} is not 2..5"));
        }
        if self.players.len as usize != n {
            return Err(format!(
                "{} players listed for a {n}-player game",
                self.players.len
            ));
        }
        let s = setup(n);
        if self.round == 0 || self.round as u64 > self.max_rounds() {
            return Err(format!(
                "round {} outside 1..={}",
                self.round,
                self.max_rounds()
            ));
        }
        for (name, v) in [("governor", self.governor), ("chooser", self.chooser)] {
            if v as usize >= n {
                return Err(format!("{name} {v} is not a seat"));
            }
        }
        if self.picks >= s.picks {
            return Err(format!(
                "picks {} but only {} roles are chosen per round",
                self.picks, s.picks
            ));
        }
        if self.step != Step::GameOver
            && self.role.is_none()
            && self.chooser as usize != (self.governor as usize + self.picks as usize) % n
        {
            return Err("chooser is not the player whose turn it is to choose a role".into());
        }
        // Roles.
        let mut taken = 0;
        for (i, r) in ROLES.iter().enumerate() {
            let slot = self.roles.0[i];
            if slot.in_play != r.in_play(n) {
                return Err(format!(
                    "role {} is {}in play with {n} players",
                    r.name(),
                    if slot.in_play { "" } else { "not " }
                ));
            }
            taken += slot.taken as u8;
        }
        let expect_taken = self.picks + self.role.is_some() as u8;
        if taken != expect_taken && self.step != Step::GameOver {
            return Err(format!(
                "{taken} role tiles marked taken, expected {expect_taken}"
            ));
        }
        if let Some(r) = self.role {
            if !self.roles.0[r as usize].taken {
                return Err(format!("role {} is being played but not taken", r.name()));
            }
        }
        // Step and role consistency.
        let want_role = match self.step {
            Step::ChooseRole | Step::GameOver => None,
            Step::Hacienda | Step::HaciendaDraw | Step::Settle | Step::Hospice | Step::Refill => {
                Some(Role::Settler)
            }
            Step::MayorPrivilege | Step::Arrange => Some(Role::Mayor),
            Step::Build | Step::University => Some(Role::Builder),
            Step::Produce | Step::CraftsmanBonus => Some(Role::Craftsman),
            Step::Trade => Some(Role::Trader),
            Step::Load | Step::Warehouse | Step::Keep | Step::SmallWharf => Some(Role::Captain),
            Step::Draft => None,
            Step::HaciendaForest => Some(Role::Settler),
            Step::BlackMarketColonist | Step::BlackMarketGood | Step::BlackMarketVp => {
                Some(Role::Builder)
            }
            // A guest-house window belongs to a role's phase, never the mayor's.
            Step::GuestHouse => match self.role {
                Some(r) if r != Role::Mayor => Some(r),
                _ => return Err("step guest_house needs a role other than the mayor".into()),
            },
            Step::ShipNoble => Some(Role::Mayor),
            Step::LandOffice | Step::LandOfficeDraw | Step::LandOfficeForest => Some(Role::Trader),
            Step::HuntingLodge => Some(Role::Settler),
            Step::RoyalSupplier => Some(Role::Captain),
        };
        if self.nobles.is_some() != self.config.bool("nobles") {
            return Err("the nobles state must be present exactly with the option nobles".into());
        }
        if self.nobles.is_none() && (self.step as usize) >= STEPS + X_STEPS {
            return Err("an Expansion II step in a game without nobles".into());
        }
        self.check_nobles()?;
        if self.new_buildings != self.config.bool("new_buildings") {
            return Err("new_buildings does not match the option new_buildings".into());
        }
        if !self.new_buildings && matches!(self.step as usize, STEPS..X_STEPS_END) {
            return Err("an Expansion I step in a game without new_buildings".into());
        }
        if (self.step == Step::GuestHouse) != self.guest_after.is_some() {
            return Err("guest_after must be set exactly during the guest_house step".into());
        }
        if self.step == Step::GuestHouse && self.guest_queue & (1 << self.actor()) == 0 {
            return Err("the guest-house window's player is not in guest_queue".into());
        }
        let window_role = match self.guest_after {
            Some(Resume::Build) => Some(Role::Builder),
            Some(Resume::Storage) => Some(Role::Captain),
            _ => self.role,
        };
        if self.step == Step::GuestHouse && window_role != self.role {
            return Err(format!(
                "guest_after {} does not fit the role being played",
                if window_role == Some(Role::Builder) {
                    "build"
                } else {
                    "storage"
                }
            ));
        }
        if self.guest_after == Some(Resume::Storage) && self.step == Step::GuestHouse {
            let p = self.actor();
            if self.guest_queue != 1 << p || !self.storage_loses(p) {
                return Err(format!(
                    "guest_after storage: player {p}'s storage window must be his alone, and he \
                     must have a barrel to lose"
                ));
            }
        }
        if self.step != Step::GuestHouse && self.guest_queue != 0 {
            return Err("guest_queue is only used during the guest_house step".into());
        }
        let bm = matches!(
            self.step,
            Step::BlackMarketColonist | Step::BlackMarketGood | Step::BlackMarketVp
        );
        if bm != self.pending.is_some() || self.bm_cut > 3 || (!bm && self.bm_cut > 0) {
            return Err("pending / bm_cut must be set exactly during the black market".into());
        }
        if let Some(b) = self.pending {
            if self.player(self.actor()).buildings.owns(b)
                || self.building_supply.0[b as usize] == 0
            {
                return Err(format!("pending building {} cannot be bought", b.name()));
            }
        }
        if self.step == Step::Draft {
            if self.round != 1 || self.picks != 0 || self.chooser != self.governor {
                return Err("the draft happens before the first role choice".into());
            }
            if self.acted as u32 != self.building_set.count_ones() {
                return Err("acted must equal the kinds drafted so far".into());
            }
        } else if self.new_buildings && self.building_set.count_ones() != SET_SIZE {
            return Err(format!(
                "building_set lists {} violet kinds, expected {SET_SIZE}",
                self.building_set.count_ones()
            ));
        }
        if !self.new_buildings && self.building_set != 0 {
            return Err("building_set is only used with new_buildings".into());
        }
        for b in 0..NUM_BUILDINGS {
            if self.building_set & (1 << b) != 0 && BUILDINGS[b].class != Class::Violet {
                return Err(format!("building_set lists {}", BUILDINGS[b].name));
            }
        }
        if self.building_set >> X_BUILDINGS != 0 && !self.nobles_drafted() {
            return Err("building_set lists Expansion II kinds, which are not drafted".into());
        }
        if self.building_set >> NUM_BUILDINGS != 0 {
            return Err("building_set out of range".into());
        }
        for &(cost, slots) in DRAFT_SLOTS.iter() {
            let have = (0..NUM_BUILDINGS)
                .filter(|&b| self.building_set & (1 << b) != 0 && BUILDINGS[b].cost == cost)
                .count();
            if have > slots as usize {
                return Err(format!("building_set has {have} kinds of cost {cost}"));
            }
        }
        if want_role != self.role {
            return Err(format!(
                "step {} does not fit the role being played ({})",
                STEP_NAMES[step_index(self.step)],
                self.role.map(|r| r.name()).unwrap_or("none")
            ));
        }
        let acted_limit = match self.step {
            Step::Refill => n + 1,
            Step::Draft => SET_SIZE as usize,
            // One turn per piece handed out from the colonist ship.
            Step::ShipNoble => 256,
            // The library's second settler tile is taken with acted == n.
            Step::HaciendaForest if self.doubled => n + 1,
            Step::Settle if self.library_tile_turn() => n + 1,
            _ => n,
        };
        if self.acted as usize >= acted_limit && self.step != Step::GameOver {
            return Err(format!("acted {} out of range", self.acted));
        }
        if self.step == Step::ChooseRole && self.acted != 0 {
            return Err("acted must be 0 during role selection".into());
        }
        if self.step == Step::CraftsmanBonus && self.acted != 0 {
            return Err("the craftsman bonus is the craftsman's (acted 0)".into());
        }
        if self.no_load_turns as usize >= n && self.step == Step::Load {
            return Err("no_load_turns reached the player count during loading".into());
        }
        let forest_choice = matches!(self.step, Step::HaciendaForest | Step::LandOfficeForest);
        if (self.step == Step::Hospice || forest_choice) != self.last_tile.is_some() {
            return Err("last_tile must be set exactly during the hospice step".into());
        }
        if let Some(t) = self.last_tile {
            let pl = self.player(self.actor());
            if forest_choice {
                if t as usize >= NUM_GOODS {
                    return Err(format!("hacienda tile {t} is not a plantation"));
                }
            } else if t == FOREST_TILE {
                if !self.new_buildings {
                    return Err("a forest in a game without new_buildings".into());
                }
            } else if t as usize >= NUM_TILES || pl.empty_circles(BASE_BUILDINGS + t as usize) == 0
            {
                return Err(format!("last_tile {t} has no free circle"));
            }
        }
        if (self.step == Step::University) != self.last_building.is_some() {
            return Err("last_building must be set exactly during the university step".into());
        }
        if let Some(b) = self.last_building {
            if self.player(self.actor()).empty_building(b as usize) == 0 {
                return Err(format!("last_building {} has no free circle", b.name()));
            }
        }
        let todo_limit = match self.step {
            Step::SmallWharf => 60,
            Step::BlackMarketColonist | Step::BlackMarketGood | Step::BlackMarketVp => 10,
            _ => n + 1,
        };
        if self.floor as usize > NUM_TARGETS || self.todo as usize > todo_limit {
            return Err("floor or todo out of range".into());
        }
        if matches!(self.step, Step::Warehouse | Step::Keep) {
            let p = self.actor();
            let goods = self.player(p).goods;
            // Storage opens only for a player holding more kinds than he may warehouse; he
            // then warehouses exactly his capacity of kinds (engine decision 2).
            let cap = self.warehouse_capacity(p) as u32;
            let chosen = self.warehoused.count_ones();
            if self.step == Step::Warehouse && cap == 0 {
                return Err(format!(
                    "step warehouse: player {p} (to move) has no occupied warehouse"
                ));
            }
            let todo = if self.step == Step::Warehouse {
                self.todo as u32
            } else {
                0
            };
            if self.step == Step::Warehouse && todo == 0 {
                return Err("step warehouse: todo (warehouse picks left) is 0".into());
            }
            if chosen + todo != cap {
                return Err(format!(
                    "warehoused: player {p} warehouses {} kinds here, his warehouses take {cap}",
                    chosen + todo
                ));
            }
            if goods.mask().count_ones() <= cap {
                return Err(format!(
                    "step {}: player {p} holds no more kinds than his warehouses take, so he has \
                     no storage to choose",
                    STEP_NAMES[step_index(self.step)]
                ));
            }
            if self.todo > 3 || self.warehoused & !goods.mask() != 0 {
                return Err("warehouse bookkeeping does not fit the player's goods".into());
            }
            if (0..NUM_GOODS).any(|g| {
                self.kept.0[g] > goods.0[g]
                    || (self.kept.0[g] > 0 && self.warehoused & (1 << g) != 0)
            }) || self.kept.total() > 4
            {
                return Err("kept barrels do not fit the player's goods".into());
            }
        } else if !self.kept.is_zero() {
            return Err("kept is only used during storage".into());
        }
        if self.step == Step::SmallWharf && self.small_wharf_used & (1 << self.actor()) == 0 {
            return Err("a small-wharf load by a player who has not used it".into());
        }
        let bits = (1u32 << n) - 1;
        if (self.quarry_taken as u32) & !bits != 0
            || (self.wharf_used as u32) & !bits != 0
            || (self.small_wharf_used as u32) & !bits != 0
            || (self.library_used as u32) & !bits != 0
            || (self.guest_queue as u32) & !bits != 0
        {
            return Err("seat bit masks name seats that do not exist".into());
        }
        if self.craftsman_kinds >= 32 || self.warehoused >= 32 {
            return Err("good bit masks out of range".into());
        }
        // Players.
        let mut goods = self.goods_supply.0.map(|x| x as u32);
        let mut plantations = [0u32; NUM_TILES];
        let mut colonists = self.colonist_supply as u32 + self.colonist_ship as u32;
        let mut vp = self.vp_supply as i64;
        let mut buildings = self.building_supply.0.map(|x| x as u32);
        let mut forest_tiles = self.forest_supply as u32;
        for p in 0..n {
            let pl = self.player(p);
            if pl.island_used() > 12 {
                return Err(format!(
                    "player {p} has {} island tiles (12 spaces)",
                    pl.island_used()
                ));
            }
            if pl.city_used() > 12 {
                return Err(format!(
                    "player {p} uses {} city spaces (12)",
                    pl.city_used()
                ));
            }
            for t in 0..NUM_TILES {
                if pl.island_colonists.0[t] > pl.island.0[t] {
                    return Err(format!(
                        "player {p} has more colonists than {} tiles",
                        tile_name(t)
                    ));
                }
                plantations[t] += pl.island.0[t] as u32;
            }
            if !self.new_buildings && pl.all_forests() > 0 {
                return Err(format!("player {p} has forests without new_buildings"));
            }
            if !self.tiles_2004() && pl.forest_tiles > 0 {
                return Err(format!(
                    "player {p} has forest tiles, which only forest_source = tiles_2004 has"
                ));
            }
            if self.tiles_2004() && !pl.forests.is_zero() {
                return Err(format!(
                    "player {p} has face-down plantations as forests, which forest_source = \
                     tiles_2004 does not use"
                ));
            }
            forest_tiles += pl.forest_tiles as u32;
            for g in 0..NUM_GOODS {
                plantations[g] += pl.forests.0[g] as u32;
            }
            for b in 0..NUM_BUILDINGS {
                let x = pl.buildings.0[b];
                if x > 0 {
                    if x - 1 > BUILDINGS[b].circles {
                        return Err(format!(
                            "player {p}: too many colonists on {}",
                            BUILDINGS[b].name
                        ));
                    }
                    buildings[b] += 1;
                }
            }
            for g in 0..NUM_GOODS {
                goods[g] += pl.goods.0[g] as u32;
            }
            colonists += pl.colonists() - self.nobles_of(p).min(pl.colonists());
            vp += pl.vp as i64;
            if pl.doubloons > 1_000_000 {
                return Err(format!(
                    "player {p} has an absurd {} doubloons",
                    pl.doubloons
                ));
            }
        }
        for s in self.ships.as_slice() {
            if let Some(g) = s.good {
                goods[g as usize] += s.count as u32;
            }
        }
        for g in 0..NUM_GOODS {
            goods[g] += self.trading_house.0[g] as u32;
            if goods[g] != s.goods[g] as u32 {
                return Err(format!(
                    "{} barrels of {} in the game, expected {}",
                    goods[g], GOOD_NAMES[g], s.goods[g]
                ));
            }
            plantations[g] +=
                self.plantation_row.0[g] as u32 + self.deck.0[g] as u32 + self.discard.0[g] as u32;
            if forest_choice && self.last_tile == Some(g as u8) {
                plantations[g] += 1;
            }
            if plantations[g] != s.plantations[g] as u32 {
                return Err(format!(
                    "{} {} plantations in the game, expected {}",
                    plantations[g], GOOD_NAMES[g], s.plantations[g]
                ));
            }
        }
        let want_forests = if self.tiles_2004() {
            FOREST_TILES_2004 as u32
        } else {
            0
        };
        if forest_tiles != want_forests {
            return Err(format!(
                "{forest_tiles} forest tiles in the game, expected {want_forests}"
            ));
        }
        if plantations[QUARRY] + self.quarries as u32 != s.quarries as u32 {
            return Err(format!("quarries do not add up to {}", s.quarries));
        }
        let total_colonists = s.colonist_supply as u32 + s.colonist_ship as u32;
        colonists += self.removed_colonists as u32;
        vp += self.removed_vp as i64;
        let unlimited =
            self.nobles.is_some() && self.config.bool("colonists_unlimited_with_nobles");
        if colonists != total_colonists && !unlimited {
            return Err(format!(
                "{colonists} colonists in the game, expected {total_colonists}"
            ));
        }
        if vp != s.vp_chips as i64 {
            return Err(format!(
                "VP supply plus VP held is {vp}, expected {}",
                s.vp_chips
            ));
        }
        for d in BUILDINGS.iter() {
            let i = d.kind as usize;
            let want = self.building_copies(i);
            if buildings[i] != want {
                return Err(format!(
                    "{} copies of {} in the game, expected {want}",
                    buildings[i], d.name,
                ));
            }
        }
        // Ships and trading house.
        let ships = self.ships.as_slice();
        if ships.len() != s.ships.len()
            || ships
                .iter()
                .zip(s.ships.iter())
                .any(|(a, &c)| a.capacity != c)
        {
            return Err(format!("cargo ships must have capacities {:?}", s.ships));
        }
        for (i, sh) in ships.iter().enumerate() {
            if sh.count > sh.capacity || sh.good.is_some() != (sh.count > 0) {
                return Err(format!("ship {} holds an impossible cargo", sh.capacity));
            }
            if let Some(g) = sh.good {
                if ships[..i].iter().any(|o| o.good == Some(g)) {
                    return Err(format!("{} is on two ships", g.name()));
                }
            }
        }
        if self.trading_house.total() > 4 {
            return Err("the trading house holds more than 4 barrels".into());
        }
        if self.plantation_row.total() > n as u32 + 1 {
            return Err("too many face-up plantations".into());
        }
        if self.vp_supply <= 0 && !self.end_triggered {
            return Err("the VP supply is empty but the end is not triggered".into());
        }
        if self.step == Step::GameOver && !self.end_triggered && !self.truncated {
            return Err(
                "step game_over, but end_triggered is false and the game was not truncated".into(),
            );
        }
        if self.truncated
            && (self.step != Step::GameOver
                || self.end_triggered
                || (self.round as u64) < self.max_rounds())
        {
            return Err(format!(
                "truncated: only a game over at round max_rounds ({}) without an end trigger \
                 is truncated",
                self.max_rounds()
            ));
        }
        if self.step == Step::GameOver && (self.picks != 0 || self.roles.0.iter().any(|r| r.taken))
        {
            return Err("step game_over: picks must be 0 and no role tile taken".into());
        }
        let out_of_game =
            self.new_buildings && self.config.str("black_market_returns") == "out_of_game";
        if !out_of_game && (self.removed_colonists > 0 || self.removed_vp > 0) {
            return Err(format!(
                "{}: only the black market with black_market_returns = out_of_game takes pieces \
                 out of the game",
                if self.removed_colonists > 0 {
                    "removed_colonists"
                } else {
                    "removed_vp"
                }
            ));
        }
        if self.step == Step::Refill
            && self.plantation_row.total() + self.todo as u32 != n as u32 + 1
        {
            return Err(format!(
                "step refill: plantation_row holds {} tiles and todo {} more, the row takes {}",
                self.plantation_row.total(),
                self.todo,
                n + 1
            ));
        }
        // Every non-terminal node has a move.
        if self.step != Step::GameOver {
            let (count, _) = self.count_legal();
            if count == 0 {
                return Err(format!(
                    "no legal action in step {}",
                    STEP_NAMES[step_index(self.step)]
                ));
            }
        }
        Ok(())
    }
}
