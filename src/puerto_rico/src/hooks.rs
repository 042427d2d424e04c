//! The hook points through which Expansion II "The Nobles" (the `nobles` folder) takes part in the
//! base game: the base rules call these traits and never name the module; the module implements
//! them for `PuertoRico` (`nobles/rules.rs`, `nobles/position.rs`). The rule hooks are called
//! only while the module is in the game (`nobles` set); the queries answer 0 / false without it.

use crate::writer::Writer;
use meeple_core::Action;

/// What the base (and a user) may ask about the nobles.
pub trait NobleQueries {
    /// Nobles `p` owns (0 without the expansion).
    fn nobles_of(&self, p: usize) -> u32;
    /// Nobles of `p` on target t (on the windrose for `NUM_TARGETS`).
    fn nobles_at(&self, p: usize, t: usize) -> u32;
    /// Whether the Expansion II kinds are drafted into the normal slots (N1).
    fn nobles_drafted(&self) -> bool;
    /// Whether Expansion II kind b is put into the supply at the start (N1 added; the jeweler
    /// always, as a production building, unless `villa_jeweler_exclusive`).
    fn noble_kind_added(&self, b: usize) -> bool;
    /// Expansion II end scoring on top of the base score (rules §9.4, §9.6): 1 VP per noble
    /// (N5), the royal garden (+1 per noble), the jeweler for the guild hall (N4). With
    /// `noble_vp_and_fortress = false` (N5) nobles score nothing and the fortress counts
    /// colonists only.
    fn nobles_score(&self, p: usize) -> i64;
}

/// The module's rules at the base game's decision points (set-up, the ship and the arrangement,
/// the end of the settler phase, prices, the craftsman's turn, the land office in the trader
/// phase, the royal supplier at the captain phase's start, black-market and guest-house moves of
/// nobles).
pub(crate) trait NobleRules {
    /// Rules §9.3: the Expansion II buildings, and 1 noble on the ship in place of a colonist.
    fn nobles_setup(&mut self);
    /// N3 `colonists_unlimited_with_nobles`: the colonist supply never runs dry (it is topped up
    /// to at least `need` + 60 whenever it is used).
    fn top_up_colonists(&mut self, need: u32);
    /// Hand out the colonist ship (rules §9.4): one piece at a time from the mayor; the player
    /// whose turn it is chooses the noble or a colonist while both remain (N2 = choice), or the
    /// mayor gets the noble (N2 = mayor).
    fn nobles_ship_next(&mut self);
    /// Step `ShipNoble`: the actor takes the noble (`TAKE_NOBLE`) or a colonist (`ACCEPT`).
    fn ship_piece(&mut self, a: Action);
    /// Whether `p`'s arrangement has a colour choice (he owns a noble), so the automatic fill
    /// must not decide colours.
    fn arrange_has_colours(&self, p: usize) -> bool;
    /// Legal placements with colours: targets at or above the floor with an empty circle that
    /// leave enough empty circles above for the people still to place (all of them are placed
    /// if the circles suffice); each takes a colonist (`place`) or a noble (`place noble`) if
    /// one of that kind is still unplaced.
    fn arrange_colours(&self, p: usize, f: &mut impl FnMut(Action));
    /// Arrangement with colours: apply forced placements. True when the actor is done.
    fn arrange_settle_colours(&mut self, p: usize) -> bool;
    /// Apply one placement (colonist `place_id(t)` or `NOBLE_PLACE + f`).
    fn arrange_place(&mut self, p: usize, a: Action);
    /// End of the mayor phase with the Nobles (rules §9.4): max(N, empty circles) pieces, one of
    /// them a noble while the noble supply has any; a short colonist supply fills what it can and
    /// ends nothing (N3).
    fn nobles_refill(&mut self, need: u32);
    /// Hunting lodges at the end of the settler phase (rules §9.6), owners in turn from the
    /// settler: a noble scores 2 VP for strictly the most empty island spaces; a colonist may
    /// remove one plantation or forest. Then the face-up row is refilled.
    fn lodge_next(&mut self);
    /// Tiles `p` may remove (`REMOVE + i`, `REMOVE_NOBLE + k`): plantations (empty, with a
    /// colonist, with a noble), and forests if `forests`.
    fn removals(&self, p: usize, forests: bool, f: &mut impl FnMut(Action));
    /// Remove a tile (action `REMOVE + i` or `REMOVE_NOBLE + k`): it goes to the plantation
    /// discard pile (a 2004 forest tile to the forest supply); its occupant goes to the windrose.
    fn remove_tile(&mut self, p: usize, a: Action);
    /// The construction office's cut for `p` (rules §9.6): colonist 1 on columns 1-3, noble 2 on
    /// column 4. Encoded as 1 (colonist) or 2 (noble).
    fn office_cut(&self, p: usize) -> u32;
    /// On `p`'s craftsman turn, whether or not he produces (rules §9.6): chapel (colonist +1
    /// doubloon, noble +1 VP) and jeweler (+1 doubloon per noble owned, option `jeweler_cap`).
    fn craft_nobles(&mut self, p: usize);
    /// Land-office actions of `p` now (once per trader phase, on his turn).
    fn land_office_moves(&self, p: usize, f: &mut impl FnMut(Action));
    fn land_office_available(&self, p: usize) -> bool;
    /// Apply a land-office action of `p` (from the trade or land-office step).
    fn land_office(&mut self, p: usize, a: Action);
    /// The land-office tile came off the deck: an occupied forest house may make it a forest.
    fn land_office_drawn(&mut self, p: usize, k: usize);
    /// After the land office: back to the actor's sale, or the next trader.
    fn land_office_done(&mut self, p: usize);
    /// After `p`'s sale: his land office if he still has it, else the next trader.
    fn after_sale(&mut self, p: usize);
    /// Royal suppliers when the captain phase starts (after the union halls), owners in turn from
    /// the captain; then loading.
    fn supplier_next(&mut self);
    fn supplier_moves(&self, p: usize, f: &mut impl FnMut(Action));
    /// Step `RoyalSupplier`: return a barrel of g for 1 VP (no bonuses), or pass.
    fn supplier_act(&mut self, p: usize, a: Action);
    /// Black market, Expansion II: may `p` return a colonist (`noble` false) or a noble from
    /// target t (`NUM_TARGETS` = windrose)?
    fn bm_person_on(&self, p: usize, t: usize, noble: bool) -> bool;
    /// Return a noble from target t to the noble supply.
    fn bm_return_noble(&mut self, p: usize, t: usize);
    /// Whether a colonist (not a noble) stands on `p`'s guest house, so `guest_id` moves exist.
    fn guest_colonist_ok(&self, p: usize) -> bool;
    /// Derived field: the noble supply, 20 less the nobles on the ship and the players' (refused
    /// naming `nobles.supply` when they hold more).
    fn recompute_noble_supply(&mut self) -> Result<(), String>;
    /// Guest-house moves of a noble standing on the guest house (`guest_noble_id(t)`).
    fn guest_nobles(&self, p: usize, f: &mut impl FnMut(Action));
    fn guest_noble_move(&mut self, p: usize, t: usize);
}

/// The module's part of the position: action labels, its tensor block, its validation.
pub(crate) trait NoblePosition {
    /// Labels of the Expansion II action ids.
    fn nobles_label(&self, a: Action) -> String;
    /// The Expansion II tensor block (`N_LEN` entries), if the expansion is on.
    fn nobles_tensor(&self, seat: usize, w: &mut Writer);
    /// Expansion II consistency: 20 nobles, each player's nobles among his people, nobles on
    /// function buildings only where someone stands, step bookkeeping.
    fn check_nobles(&self) -> Result<(), String>;
}
