//! The action-id layout (fixed per configuration; docs/games/puerto_rico.md, "Action ids"):
//! the base ids, then Expansion I's, then Expansion II's, and the targets (buildings, island
//! tiles) the placement, guest-house and black-market ids range over.

use crate::data::*;
use meeple_core::Action;

// ---------------------------------------------------------------------------------------------
// Action ids (fixed for every configuration; see docs/games/puerto_rico.md).
// ---------------------------------------------------------------------------------------------

/// `ROLE + r`: choose role tile r (settler, mayor, builder, craftsman, trader, captain,
/// prospector, second_prospector).
pub const ROLE: Action = 0;
/// Pass / decline (settler, hacienda, hospice, mayor privilege, builder, university, optional
/// production, trader, captain when no cargo ship can be loaded).
pub const PASS: Action = 8;
/// `SETTLE + k`: take the face-up plantation of kind k (corn, indigo, sugar, tobacco, coffee).
pub const SETTLE: Action = 9;
/// Take a quarry (settler privilege or construction hut).
pub const TAKE_QUARRY: Action = 14;
/// Hacienda: draw the extra face-down plantation.
pub const HACIENDA_DRAW: Action = 15;
/// Hacienda with an occupied construction hut: a quarry instead of the face-down tile.
pub const HACIENDA_QUARRY: Action = 16;
/// Accept (mayor privilege colonist, hospice colonist, university colonist, produce when
/// production is optional).
pub const ACCEPT: Action = 17;
/// `BUILD + b`: build building b.
pub const BUILD: Action = 18;
/// `PLACE + t`: mayor places one colonist on target t (base targets 0..29: buildings 0..23 in
/// chart order, then the plantation kinds and the quarry). Expansion I buildings use `PLACE_X`.
pub const PLACE: Action = BUILD + BASE_BUILDINGS as Action;
/// Mayor targets: base buildings 0..23, island tiles 23..29 (corn..coffee, quarry), Expansion I
/// buildings 29..43. Ascending target order is the placement order.
pub const BASE_TARGETS: usize = BASE_BUILDINGS + NUM_TILES;
/// Targets up to Expansion I (the Expansion I action blocks keep this size; 43 = windrose there).
pub const X_TARGETS: usize = X_BUILDINGS + NUM_TILES;
/// Every target (Expansion II buildings 37..45 are targets 43..51); `NUM_TARGETS` also names the
/// windrose where a target or the windrose is meant.
pub const NUM_TARGETS: usize = NUM_BUILDINGS + NUM_TILES;
// Mayor targets are kept in a u64 bit mask.
const _: () = assert!(NUM_TARGETS <= 64);
/// `BONUS + g`: the craftsman's privilege barrel.
pub const BONUS: Action = PLACE + BASE_TARGETS as Action;
/// `SELL + g`: sell one barrel to the trading house.
pub const SELL: Action = BONUS + 5;
/// `LOAD + 3 g + s`: load good g onto cargo ship s (ships smallest first).
pub const LOAD: Action = SELL + 5;
/// `WHARF + g`: ship every barrel of g on the own wharf.
pub const WHARF: Action = LOAD + 15;
/// `WAREHOUSE + g`: store every barrel of g in a warehouse (end of the captain phase).
pub const WAREHOUSE: Action = WHARF + 5;
/// `KEEP + g`: keep one barrel of g (end of the captain phase).
pub const KEEP: Action = WAREHOUSE + 5;
/// `DRAW + k`: chance outcome: a plantation of kind k comes off the deck.
pub const DRAW: Action = KEEP + 5;
/// Actions of the base game (every id below this keeps its meaning with the expansions).
pub const NUM_ACTIONS: Action = DRAW + 5;

// --- Expansion I (only with `new_buildings`) ---
/// `BUILD_X + i`: build Expansion I building 23 + i.
pub const BUILD_X: Action = NUM_ACTIONS;
/// `PLACE_X + i`: place a colonist on Expansion I building 23 + i (target 29 + i).
pub const PLACE_X: Action = BUILD_X + (X_BUILDINGS - BASE_BUILDINGS) as Action;
/// `DRAFT + b`: set-up draft: put building kind b into the game.
pub const DRAFT: Action = PLACE_X + (X_BUILDINGS - BASE_BUILDINGS) as Action;
/// `FOREST + k`: settler with an occupied forest house: take the face-up plantation k as a forest.
pub const FOREST: Action = DRAFT + X_BUILDINGS as Action;
/// Hacienda + forest house: place the drawn tile as a forest.
pub const HACIENDA_FOREST: Action = FOREST + 5;
/// `BM_COLONIST + t`: black market: return a colonist from target t (X_TARGETS = windrose).
pub const BM_COLONIST: Action = HACIENDA_FOREST + 1;
/// `BM_GOOD + g`: black market: return one barrel of g.
pub const BM_GOOD: Action = BM_COLONIST + X_TARGETS as Action + 1;
/// Black market: return one VP chip.
pub const BM_VP: Action = BM_GOOD + 5;
/// `TRADING_POST + g`: trader: sell one barrel of g to the supply through the trading post.
pub const TRADING_POST: Action = BM_VP + 1;
/// `SMALL_WHARF + g`: captain: put one barrel of g on the small wharf (then more, or pass to ship).
pub const SMALL_WHARF: Action = TRADING_POST + 5;
/// `GUEST + t`: move one colonist from the guest house to an empty circle of target t.
pub const GUEST: Action = SMALL_WHARF + 5;
/// Actions with Expansion I.
pub const NUM_ACTIONS_X: Action = GUEST + X_TARGETS as Action;

// --- Expansion II (only with `nobles`; they follow the Expansion I ids) ---
/// `BUILD_N + i`: build Expansion II building 37 + i.
pub const BUILD_N: Action = NUM_ACTIONS_X;
/// `PLACE_N + i`: mayor places a colonist on Expansion II building 37 + i (target 43 + i).
pub const PLACE_N: Action = BUILD_N + NOBLE_KINDS as Action;
/// `DRAFT_N + i`: draft Expansion II kind 37 + i (option `nobles_buildings = drafted`).
pub const DRAFT_N: Action = PLACE_N + NOBLE_KINDS as Action;
/// `BM_COLONIST_N + i`: black market: return the colonist on Expansion II building 37 + i.
pub const BM_COLONIST_N: Action = DRAFT_N + NOBLE_KINDS as Action;
/// `GUEST_N + i`: move a guest-house colonist to Expansion II building 37 + i.
pub const GUEST_N: Action = BM_COLONIST_N + NOBLE_KINDS as Action;
/// `NOBLE_PLACE + f`: mayor places a noble on function building f (land office, chapel,
/// hunting lodge, construction office).
pub const NOBLE_PLACE: Action = GUEST_N + NOBLE_KINDS as Action;
/// `GUEST_NOBLE + f`: move a noble from the guest house to function building f.
pub const GUEST_NOBLE: Action = NOBLE_PLACE + FUNCTIONS as Action;
/// `BM_NOBLE + t`: black market: return a noble from target t (`NUM_TARGETS` = windrose).
pub const BM_NOBLE: Action = GUEST_NOBLE + FUNCTIONS as Action;
/// Mayor, taking from the colonist ship (N2 = choice): take the noble (`accept` takes a colonist).
pub const TAKE_NOBLE: Action = BM_NOBLE + NUM_TARGETS as Action + 1;
/// Land office with a colonist: pay 1 doubloon and draw a plantation.
pub const LAND_BUY: Action = TAKE_NOBLE + 1;
/// `REMOVE + i`: remove an island tile (land office with a noble, hunting lodge with a
/// colonist): i = k an empty plantation of kind k, 5 + k an occupied one, 10 + k a forest of kind
/// k, 15 a 2004 forest tile.
pub const REMOVE: Action = LAND_BUY + 1;
pub const REMOVE_KINDS: usize = 16;
/// `SUPPLY + g`: royal supplier: return one barrel of g for 1 VP.
pub const SUPPLY: Action = REMOVE + REMOVE_KINDS as Action;
/// `NOBLE_AT + t`: mayor places a noble on target t that is not a function building (those use
/// `NOBLE_PLACE + f`; the 4 ids of function-building targets in this block are never legal).
pub const NOBLE_AT: Action = SUPPLY + NUM_GOODS as Action;
/// `GUEST_NOBLE_AT + t`: move a noble from the guest house to target t that is not a function
/// building (those use `GUEST_NOBLE + f`; their 4 ids here are never legal).
pub const GUEST_NOBLE_AT: Action = NOBLE_AT + NUM_TARGETS as Action;
/// `REMOVE_NOBLE + k`: remove a plantation of kind k with a noble on it (land office with a
/// noble, hunting lodge with a colonist); the noble goes to the windrose.
pub const REMOVE_NOBLE: Action = GUEST_NOBLE_AT + NUM_TARGETS as Action;
/// Actions with Expansion II.
pub const NUM_ACTIONS_N: Action = REMOVE_NOBLE + NUM_GOODS as Action;

/// Buildings with a colonist and a noble function: Expansion II kinds 37..41.
pub const FUNCTIONS: usize = 4;

/// The function-building index of building b, if it has a noble function.
#[inline]
pub fn function_of(b: usize) -> Option<usize> {
    (X_BUILDINGS..X_BUILDINGS + FUNCTIONS)
        .contains(&b)
        .then(|| b - X_BUILDINGS)
}

/// The building on target t, if t is a building target.
#[inline]
pub fn target_building(t: usize) -> Option<usize> {
    if t < BASE_BUILDINGS {
        Some(t)
    } else if t < BASE_TARGETS {
        None
    } else {
        Some(t - NUM_TILES)
    }
}
/// The target index of building b.
#[inline]
pub fn building_target(b: usize) -> usize {
    if b < BASE_BUILDINGS {
        b
    } else {
        b + NUM_TILES
    }
}
/// The action id that builds building b.
#[inline]
pub fn build_id(b: usize) -> Action {
    if b < BASE_BUILDINGS {
        BUILD + b as Action
    } else if b < X_BUILDINGS {
        BUILD_X + (b - BASE_BUILDINGS) as Action
    } else {
        BUILD_N + (b - X_BUILDINGS) as Action
    }
}
/// The action id that places a colonist on target t.
#[inline]
pub fn place_id(t: usize) -> Action {
    if t < BASE_TARGETS {
        PLACE + t as Action
    } else if t < X_TARGETS {
        PLACE_X + (t - BASE_TARGETS) as Action
    } else {
        PLACE_N + (t - X_TARGETS) as Action
    }
}
/// The action id that returns a colonist from target t (or the windrose, `NUM_TARGETS`) to the
/// black market.
#[inline]
pub fn bm_colonist_id(t: usize) -> Action {
    if t < X_TARGETS {
        BM_COLONIST + t as Action
    } else if t >= NUM_TARGETS {
        BM_COLONIST + X_TARGETS as Action
    } else {
        BM_COLONIST_N + (t - X_TARGETS) as Action
    }
}
/// The action id that drafts building kind b.
#[inline]
pub fn draft_id(b: usize) -> Action {
    if b < X_BUILDINGS {
        DRAFT + b as Action
    } else {
        DRAFT_N + (b - X_BUILDINGS) as Action
    }
}
/// The action id that moves a guest-house colonist to target t.
#[inline]
pub fn guest_id(t: usize) -> Action {
    if t < X_TARGETS {
        GUEST + t as Action
    } else {
        GUEST_N + (t - X_TARGETS) as Action
    }
}

/// The action placing a noble on target t in the arrangement.
#[inline]
pub fn noble_place_id(t: usize) -> Action {
    match target_building(t).and_then(function_of) {
        Some(f) => NOBLE_PLACE + f as Action,
        None => NOBLE_AT + t as Action,
    }
}
/// The action moving a noble from the guest house to target t.
#[inline]
pub fn guest_noble_id(t: usize) -> Action {
    match target_building(t).and_then(function_of) {
        Some(f) => GUEST_NOBLE + f as Action,
        None => GUEST_NOBLE_AT + t as Action,
    }
}
/// The target of a noble placement or guest-house noble move, if `a` is one.
#[inline]
pub fn noble_move_target(a: Action) -> Option<usize> {
    let fi = |base: Action| building_target(X_BUILDINGS + (a - base) as usize);
    if (NOBLE_PLACE..NOBLE_PLACE + FUNCTIONS as Action).contains(&a) {
        Some(fi(NOBLE_PLACE))
    } else if (GUEST_NOBLE..GUEST_NOBLE + FUNCTIONS as Action).contains(&a) {
        Some(fi(GUEST_NOBLE))
    } else if (NOBLE_AT..REMOVE_NOBLE).contains(&a) {
        Some(((a - NOBLE_AT) as usize) % NUM_TARGETS)
    } else {
        None
    }
}

/// The target of a colonist placement id.
#[inline]
pub fn place_target(a: Action) -> usize {
    if a >= PLACE_N {
        (a - PLACE_N) as usize + X_TARGETS
    } else if a >= PLACE_X {
        (a - PLACE_X) as usize + BASE_TARGETS
    } else {
        (a - PLACE) as usize
    }
}

/// An island tile kind by name (`corn` .. `coffee`, `quarry`).
pub fn tile_name(t: usize) -> &'static str {
    TILE_NAMES.get(t).copied().unwrap_or("?")
}

/// A mayor / guest-house / black-market target by name: a building, `<kind> plantation` or
/// `quarry`.
pub fn target_name(t: usize) -> String {
    match target_building(t) {
        Some(b) => BUILDINGS
            .get(b)
            .map(|d| d.name.to_string())
            .unwrap_or_else(|| "?".into()),
        None if t - BASE_BUILDINGS == QUARRY => "quarry".into(),
        None => format!("{} plantation", tile_name(t - BASE_BUILDINGS)),
    }
}
