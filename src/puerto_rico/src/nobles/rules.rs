//! The Nobles' rules (rules §9.3-§9.6), at the base game's hook points (`crate::hooks`):
//! nobles on the colonist ship and in the arrangement, the villa, the hunting lodge, the
//! construction office, the chapel and jeweler, the land office, the royal supplier, nobles
//! returned by the black market or moved from the guest house, and the end scoring.

use crate::actions::*;
use crate::data::*;
use crate::format::*;
use crate::hooks::*;
use crate::nobles::state::{Nobles, NOBLES_TOTAL};
use crate::state::*;
use meeple_core::Action;

impl NobleQueries for PuertoRico {
    /// Nobles `p` owns (0 without the expansion).
    #[inline]
    fn nobles_of(&self, p: usize) -> u32 {
        self.nb().map(|x| x.of(p).nobles as u32).unwrap_or(0)
    }
    /// Nobles of `p` on target t (on the windrose for `NUM_TARGETS`).
    #[inline]
    fn nobles_at(&self, p: usize, t: usize) -> u32 {
        match self.nb() {
            Some(x) if t >= NUM_TARGETS => x.of(p).windrose(),
            Some(x) => x.players.get(p).map(|np| np.on[t] as u32).unwrap_or(0),
            None => 0,
        }
    }
    /// Whether the Expansion II kinds are drafted into the normal slots (N1).
    fn nobles_drafted(&self) -> bool {
        self.nobles.is_some() && self.config.str("nobles_buildings") == "drafted"
    }
    /// Whether Expansion II kind b is put into the supply at the start (N1 added; the jeweler
    /// always, as a production building, unless `villa_jeweler_exclusive`).
    fn noble_kind_added(&self, b: usize) -> bool {
        if b < X_BUILDINGS || self.nobles.is_none() {
            return false;
        }
        if BUILDINGS[b].class == Class::Pink {
            return !self.config.bool("villa_jeweler_exclusive");
        }
        !self.nobles_drafted()
    }
    /// Expansion II end scoring on top of the base score (rules §9.4, §9.6): 1 VP per noble
    /// (N5), the royal garden (+1 per noble), the jeweler for the guild hall (N4). With
    /// `noble_vp_and_fortress = false` (N5) nobles score nothing and the fortress counts
    /// colonists only.
    fn nobles_score(&self, p: usize) -> i64 {
        let Some(_) = self.nb() else { return 0 };
        let pl = self.player(p);
        let k = self.nobles_of(p) as i64;
        let mut s = 0i64;
        if self.config.bool("noble_vp_and_fortress") {
            s += k;
        } else if pl.occupied(Building::Fortress) {
            let people = pl.colonists() as i64;
            s -= people / 3 - (people - k) / 3;
        }
        if pl.occupied(Building::RoyalGarden) {
            s += k;
        }
        if pl.occupied(Building::GuildHall) && pl.buildings.owns(Building::Jeweler) {
            s += self.config.int("jeweler_guild_hall_value");
        }
        s
    }
}

impl NobleRules for PuertoRico {
    fn recompute_noble_supply(&mut self) -> Result<(), String> {
        let x = self.nbm();
        let held: u32 = x.ship as u32 + x.players.iter().map(|np| np.nobles as u32).sum::<u32>();
        let total = NOBLES_TOTAL as u32;
        if held > total {
            return Err(format!(
                "nobles.supply: the ship and the players hold {held}, more than the {total} in \
                 the game"
            ));
        }
        x.supply = (total - held) as u8;
        Ok(())
    }
    /// Rules §9.3: the Expansion II buildings, and 1 noble on the ship in place of a colonist.
    fn nobles_setup(&mut self) {
        let n = self.n();
        self.nobles = Some(Box::new(Nobles::new(n)));
        for b in X_BUILDINGS..NUM_BUILDINGS {
            if self.noble_kind_added(b) {
                self.building_supply.0[b] = BUILDINGS[b].kind.copies(n);
            }
        }
        self.colonist_ship -= 1;
        self.colonist_supply += 1;
        self.top_up_colonists(0);
    }
    /// N3 `colonists_unlimited_with_nobles`: the colonist supply never runs dry (it is topped up
    /// to at least `need` + 60 whenever it is used).
    fn top_up_colonists(&mut self, need: u32) {
        if self.nobles.is_some() && self.config.bool("colonists_unlimited_with_nobles") {
            let want = (need + 60).min(255) as u8;
            if self.colonist_supply < want {
                self.colonist_supply = want;
            }
        }
    }
    /// Hand out the colonist ship (rules §9.4): one piece at a time from the mayor; the player
    /// whose turn it is chooses the noble or a colonist while both remain (N2 = choice), or the
    /// mayor gets the noble (N2 = mayor).
    fn nobles_ship_next(&mut self) {
        let n = self.n();
        let ship_nobles = self.nb().map(|x| x.ship).unwrap_or(0);
        if ship_nobles > 0
            && self.colonist_ship > 0
            && self.config.str("noble_from_ship") == "choice"
        {
            self.step = Step::ShipNoble;
            return;
        }
        // Automatic: the noble (if any) goes to the player whose turn it is, the colonists
        // follow in turn.
        let p = self.actor();
        if ship_nobles > 0 {
            self.give_ship_noble(p);
            self.acted += 1;
        }
        let c = self.colonist_ship as usize;
        for i in 0..n {
            let q = (self.chooser as usize + self.acted as usize + i) % n;
            let share = c / n + (i < c % n) as usize;
            self.pm(q).san_juan += share as u8;
        }
        self.colonist_ship = 0;
        self.villas();
        self.acted = 0;
        self.arrange_next();
    }
    /// Step `ShipNoble`: the actor takes the noble (`TAKE_NOBLE`) or a colonist (`ACCEPT`).
    fn ship_piece(&mut self, a: Action) {
        let p = self.actor();
        if a == TAKE_NOBLE {
            self.give_ship_noble(p);
        } else {
            self.colonist_ship -= 1;
            self.pm(p).san_juan += 1;
        }
        self.acted += 1;
        self.nobles_ship_next();
    }
    /// Whether `p`'s arrangement has a colour choice (he owns a noble), so the automatic fill
    /// must not decide colours.
    fn arrange_has_colours(&self, p: usize) -> bool {
        self.nobles_of(p) > 0
    }
    /// Legal placements with colours: targets at or above the floor with an empty circle that
    /// leave enough empty circles above for the people still to place (all of them are placed
    /// if the circles suffice); each takes a colonist (`place`) or a noble (`place noble`) if
    /// one of that kind is still unplaced.
    fn arrange_colours(&self, p: usize, f: &mut impl FnMut(Action)) {
        let pl = self.player(p);
        let w = pl.san_juan as u32;
        if w == 0 {
            return;
        }
        let nt = self.num_targets();
        let floor = self.floor as usize;
        // Empty circles per target, computed once (this runs for every forced placement).
        let mut empty = [0u32; NUM_TARGETS];
        let mut total = 0;
        for t in floor..nt {
            empty[t] = pl.empty_circles(t);
            total += empty[t];
        }
        let w = w.min(total);
        let (col, nob) = self.free_people(p);
        let mut suffix = 0;
        let mut ok = 0u64;
        for t in (floor..nt).rev() {
            let e = empty[t];
            suffix += e;
            if e > 0 && w <= suffix {
                ok |= 1 << t;
            }
        }
        let mut m = ok;
        while m != 0 {
            let t = m.trailing_zeros() as usize;
            m &= m - 1;
            if col > 0 {
                f(place_id(t));
            }
            if nob > 0 {
                f(noble_place_id(t));
            }
        }
    }
    /// Arrangement with colours: apply forced placements. True when the actor is done.
    fn arrange_settle_colours(&mut self, p: usize) -> bool {
        loop {
            let mut n = 0;
            let mut last = 0;
            self.arrange_colours(p, &mut |a| {
                n += 1;
                last = a;
            });
            match n {
                0 => return true,
                1 => self.arrange_place(p, last),
                _ => return false,
            }
        }
    }
    /// Apply one placement (colonist `place_id(t)` or `NOBLE_PLACE + f`).
    fn arrange_place(&mut self, p: usize, a: Action) {
        let t = match noble_move_target(a) {
            Some(t) => {
                self.nbm().pm(p).on[t] += 1;
                t
            }
            None => place_target(a),
        };
        self.place(p, t);
        self.floor = t as u8;
    }
    /// End of the mayor phase with the Nobles (rules §9.4): max(N, empty circles) pieces, one of
    /// them a noble while the noble supply has any; a short colonist supply fills what it can and
    /// ends nothing (N3).
    fn nobles_refill(&mut self, need: u32) {
        let noble = self.nb().map(|x| x.supply > 0).unwrap_or(false);
        let colonists = need - noble as u32;
        self.top_up_colonists(colonists);
        let take = (self.colonist_supply as u32).min(colonists) as u8;
        self.colonist_supply -= take;
        self.colonist_ship = self.colonist_ship.saturating_add(take);
        if noble {
            let x = self.nbm();
            x.supply -= 1;
            x.ship += 1;
        }
    }
    /// Hunting lodges at the end of the settler phase (rules §9.6), owners in turn from the
    /// settler: a noble scores 2 VP for strictly the most empty island spaces; a colonist may
    /// remove one plantation or forest. Then the face-up row is refilled.
    fn lodge_next(&mut self) {
        let n = self.n();
        while (self.acted as usize) < n {
            let p = self.actor();
            if self.noble_function(p, Building::HuntingLodge) {
                let empty = |q: usize| 12 - self.player(q).island_used().min(12);
                if (0..n).all(|q| q == p || empty(q) < empty(p)) {
                    self.gain_vp(p, 2);
                }
            } else if self.colonist_function(p, Building::HuntingLodge) {
                let mut any = false;
                self.removals(p, true, &mut |_| any = true);
                if any {
                    self.step = Step::HuntingLodge;
                    return;
                }
            }
            self.acted += 1;
        }
        self.settle_refill();
    }
    /// Tiles `p` may remove (`REMOVE + i`, `REMOVE_NOBLE + k`): plantations (empty, with a
    /// colonist, with a noble), and forests if `forests`.
    fn removals(&self, p: usize, forests: bool, f: &mut impl FnMut(Action)) {
        let pl = self.player(p);
        for k in 0..NUM_GOODS {
            if pl.island.0[k] > pl.island_colonists.0[k] {
                f(REMOVE + k as Action);
            }
        }
        for k in 0..NUM_GOODS {
            let nob = self.nobles_at(p, BASE_BUILDINGS + k);
            if pl.island_colonists.0[k] as u32 > nob {
                f(REMOVE + (NUM_GOODS + k) as Action);
            }
        }
        if forests {
            for k in 0..NUM_GOODS {
                if pl.forests.0[k] > 0 {
                    f(REMOVE + (2 * NUM_GOODS + k) as Action);
                }
            }
            if pl.forest_tiles > 0 {
                f(REMOVE + 15);
            }
        }
        for k in 0..NUM_GOODS {
            if self.nobles_at(p, BASE_BUILDINGS + k) > 0 {
                f(REMOVE_NOBLE + k as Action);
            }
        }
    }
    /// Remove a tile (action `REMOVE + i` or `REMOVE_NOBLE + k`): it goes to the plantation
    /// discard pile (a 2004 forest tile to the forest supply); its occupant goes to the windrose.
    fn remove_tile(&mut self, p: usize, a: Action) {
        if a >= REMOVE_NOBLE {
            let k = (a - REMOVE_NOBLE) as usize;
            self.nbm().pm(p).on[BASE_BUILDINGS + k] -= 1;
            let pl = self.pm(p);
            pl.island.0[k] -= 1;
            pl.island_colonists.0[k] -= 1;
            pl.san_juan += 1;
            self.discard.0[k] += 1;
            return;
        }
        let i = (a - REMOVE) as usize;
        let pl = self.pm(p);
        let k = i % NUM_GOODS;
        match i {
            15 => {
                pl.forest_tiles -= 1;
                self.forest_supply += 1;
                return;
            }
            _ if i < NUM_GOODS => pl.island.0[k] -= 1,
            _ if i < 2 * NUM_GOODS => {
                pl.island.0[k] -= 1;
                pl.island_colonists.0[k] -= 1;
                pl.san_juan += 1;
            }
            _ => pl.forests.0[k] -= 1,
        }
        self.discard.0[k] += 1;
    }
    /// The construction office's cut for `p` (rules §9.6): colonist 1 on columns 1-3, noble 2 on
    /// column 4. Encoded as 1 (colonist) or 2 (noble).
    #[inline]
    fn office_cut(&self, p: usize) -> u32 {
        if !self.player(p).occupied(Building::ConstructionOffice) {
            0
        } else if self.noble_on(p, Building::ConstructionOffice as usize) {
            2
        } else {
            1
        }
    }
    /// On `p`'s craftsman turn, whether or not he produces (rules §9.6): chapel (colonist +1
    /// doubloon, noble +1 VP) and jeweler (+1 doubloon per noble owned, option `jeweler_cap`).
    fn craft_nobles(&mut self, p: usize) {
        if self.colonist_function(p, Building::Chapel) {
            self.pm(p).doubloons += 1;
        } else if self.noble_function(p, Building::Chapel) {
            self.gain_vp(p, 1);
        }
        if self.player(p).occupied(Building::Jeweler) {
            let mut pay = self.nobles_of(p);
            let cap = self.config.int("jeweler_cap");
            if cap > 0 {
                pay = pay.min(cap as u32);
            }
            let pl = self.pm(p);
            pl.doubloons = pl.doubloons.saturating_add(pay);
        }
    }
    /// Land-office actions of `p` now (once per trader phase, on his turn).
    fn land_office_moves(&self, p: usize, f: &mut impl FnMut(Action)) {
        let Some(x) = self.nb() else { return };
        if x.land_office_used & (1 << p) != 0 {
            return;
        }
        let pl = self.player(p);
        if self.colonist_function(p, Building::LandOffice) {
            if pl.doubloons >= 1
                && pl.island_used() < 12
                && self.deck.total() + self.discard.total() > 0
            {
                f(LAND_BUY);
            }
        } else if self.noble_function(p, Building::LandOffice) {
            self.removals(p, self.config.bool("land_office_sell_forest"), f);
        }
    }
    fn land_office_available(&self, p: usize) -> bool {
        let mut any = false;
        self.land_office_moves(p, &mut |_| any = true);
        any
    }
    /// Apply a land-office action of `p` (from the trade or land-office step).
    fn land_office(&mut self, p: usize, a: Action) {
        self.nbm().land_office_used |= 1 << p;
        if a == LAND_BUY {
            self.pm(p).doubloons -= 1;
            if self.deck.total() == 0 {
                self.deck = self.discard;
                self.discard = PerGood::default();
            }
            self.step = Step::LandOfficeDraw;
            return;
        }
        self.remove_tile(p, a);
        // N8: the trader's privilege does not apply unless the option says so; the markets never.
        let bonus = (p == self.chooser as usize && self.config.bool("land_office_trader_privilege"))
            as u32
            * (1 + self.doubled as u32);
        let pl = self.pm(p);
        pl.doubloons = pl.doubloons.saturating_add(1 + bonus);
        self.land_office_done(p);
    }
    /// The land-office tile came off the deck: an occupied forest house may make it a forest.
    fn land_office_drawn(&mut self, p: usize, k: usize) {
        self.deck.0[k] -= 1;
        if self.new_buildings
            && self.player(p).occupied(Building::ForestHouse)
            && self.forest_left()
        {
            self.last_tile = Some(k as u8);
            self.step = Step::LandOfficeForest;
            return;
        }
        self.pm(p).island.0[k] += 1;
        self.land_office_done(p);
    }
    /// After the land office: back to the actor's sale, or the next trader.
    fn land_office_done(&mut self, p: usize) {
        let sold = std::mem::take(&mut self.nbm().sold);
        if !sold && self.trade_available(p) {
            self.step = Step::Trade;
        } else {
            self.acted += 1;
            self.trade_next();
        }
    }
    /// After `p`'s sale: his land office if he still has it, else the next trader.
    fn after_sale(&mut self, p: usize) {
        if self.nobles.is_some() && self.land_office_available(p) {
            self.nbm().sold = true;
            self.step = Step::LandOffice;
            return;
        }
        self.acted += 1;
        self.trade_next();
    }
    /// Royal suppliers when the captain phase starts (after the union halls), owners in turn from
    /// the captain; then loading.
    fn supplier_next(&mut self) {
        let n = self.n();
        while (self.acted as usize) < n {
            let p = self.actor();
            if self.supplier_can(p) {
                self.step = Step::RoyalSupplier;
                return;
            }
            self.acted += 1;
            self.nbm().supplied = 0;
        }
        self.acted = 0;
        self.captain_next();
    }
    fn supplier_moves(&self, p: usize, f: &mut impl FnMut(Action)) {
        let supplied = self.nb().map(|x| x.supplied).unwrap_or(0);
        if !self.supplier_can(p) {
            return;
        }
        for g in 0..NUM_GOODS {
            if self.player(p).goods.0[g] > 0 && supplied & (1 << g) == 0 {
                f(SUPPLY + g as Action);
            }
        }
    }
    /// Step `RoyalSupplier`: return a barrel of g for 1 VP (no bonuses), or pass.
    fn supplier_act(&mut self, p: usize, a: Action) {
        if a == PASS {
            self.acted += 1;
            self.nbm().supplied = 0;
        } else {
            let g = (a - SUPPLY) as usize;
            self.pm(p).goods.0[g] -= 1;
            self.goods_supply.0[g] += 1;
            self.nbm().supplied |= 1 << g;
            self.gain_vp(p, 1);
            if !self.supplier_can(p) {
                self.acted += 1;
                self.nbm().supplied = 0;
            }
        }
        self.supplier_next();
    }
    /// Black market, Expansion II: may `p` return a colonist (`noble` false) or a noble from
    /// target t (`NUM_TARGETS` = windrose)?
    fn bm_person_on(&self, p: usize, t: usize, noble: bool) -> bool {
        if t < NUM_TARGETS && target_building(t) == Some(Building::BlackMarket as usize) {
            return false;
        }
        let nob = self.nobles_at(p, t);
        if noble {
            nob > 0
        } else {
            self.people_at(p, t) > nob
        }
    }
    /// Return a noble from target t to the noble supply.
    fn bm_return_noble(&mut self, p: usize, t: usize) {
        if t < NUM_TARGETS {
            self.nbm().pm(p).on[t] -= 1;
        }
        self.remove_person(p, t);
        let x = self.nbm();
        x.pm(p).nobles -= 1;
        x.supply += 1;
    }
    /// Whether a colonist (not a noble) stands on `p`'s guest house, so `guest_id` moves exist.
    fn guest_colonist_ok(&self, p: usize) -> bool {
        let gh = building_target(Building::GuestHouse as usize);
        self.people_at(p, gh) > self.nobles_at(p, gh)
    }
    /// Guest-house moves of a noble standing on the guest house (`guest_noble_id(t)`).
    fn guest_nobles(&self, p: usize, f: &mut impl FnMut(Action)) {
        let gh = building_target(Building::GuestHouse as usize);
        if self.nobles_at(p, gh) == 0 {
            return;
        }
        let pl = self.player(p);
        for t in 0..self.num_targets() {
            if t != gh && pl.empty_circles(t) > 0 {
                f(guest_noble_id(t));
            }
        }
    }
    fn guest_noble_move(&mut self, p: usize, t: usize) {
        let gh = building_target(Building::GuestHouse as usize);
        let np = self.nbm().pm(p);
        np.on[gh] -= 1;
        np.on[t] += 1;
        self.guest_move(p, t);
    }
}

impl PuertoRico {
    /// Whether a noble stands on building b of `p`.
    #[inline]
    pub fn noble_on(&self, p: usize, b: usize) -> bool {
        self.nobles_at(p, building_target(b)) > 0
    }
    /// Building b of `p` works with a colonist on it (occupied, no noble there).
    #[inline]
    pub fn colonist_function(&self, p: usize, b: Building) -> bool {
        self.player(p).occupied(b) && !self.noble_on(p, b as usize)
    }
    /// Building b of `p` works with a noble on it.
    #[inline]
    pub fn noble_function(&self, p: usize, b: Building) -> bool {
        self.player(p).occupied(b) && self.noble_on(p, b as usize)
    }
    /// (colonists, nobles) of `p` on the windrose.
    pub fn free_people(&self, p: usize) -> (u32, u32) {
        let nob = self.nobles_at(p, NUM_TARGETS);
        ((self.player(p).san_juan as u32).saturating_sub(nob), nob)
    }

    // --- set-up ---

    // --- mayor ---
    pub(crate) fn give_ship_noble(&mut self, p: usize) {
        let x = self.nbm();
        x.ship -= 1;
        x.pm(p).nobles += 1;
        self.pm(p).san_juan += 1;
    }
    /// Villa (rules §9.6): before anyone arranges, each owner (from the mayor) takes a noble, or
    /// a colonist when the noble supply is empty.
    pub(crate) fn villas(&mut self) {
        let n = self.n();
        for i in 0..n {
            let p = (self.chooser as usize + i) % n;
            if !self.player(p).occupied(Building::Villa) {
                continue;
            }
            if self.nb().map(|x| x.supply).unwrap_or(0) > 0 {
                let x = self.nbm();
                x.supply -= 1;
                x.pm(p).nobles += 1;
                self.pm(p).san_juan += 1;
            } else {
                self.top_up_colonists(1);
                if self.colonist_supply > 0 {
                    self.colonist_supply -= 1;
                    self.pm(p).san_juan += 1;
                }
            }
        }
    }

    // --- settler: hunting lodge ---

    // --- builder: construction office ---

    // --- craftsman: chapel and jeweler ---

    // --- trader: land office ---

    // --- captain: royal supplier ---
    /// Whether `p` may return one more good to his royal supplier: a kind not yet returned, and
    /// fewer goods than nobles he owns.
    pub(crate) fn supplier_can(&self, p: usize) -> bool {
        let supplied = self.nb().map(|x| x.supplied).unwrap_or(0);
        self.player(p).occupied(Building::RoyalSupplier)
            && supplied.count_ones() < self.nobles_of(p)
            && self.player(p).goods.mask() & !supplied != 0
    }

    // --- black market and guest house with colours ---

    // --- scoring ---
}
