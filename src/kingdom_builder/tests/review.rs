//! Findings of the independent review (docs page, "Review"): positions that break the turn's
//! invariants must be refused by `validate`, and hand-written positions get sensible defaults.

mod common;

use common::*;
use meeple_core::dynamic::load_state;
use meeple_kingdom_builder::{KingdomBuilder, Layout, Phase, Sector, Terrain};
use serde_json::{json, Value};

fn refused(v: &Value, want: &str) {
    match load_state::<KingdomBuilder>(v) {
        Ok(_) => panic!("accepted: {v:#}"),
        Err(e) => assert!(e.to_string().contains(want), "{e}"),
    }
}

/// §4.3: the mandatory action ends after 3 placements; a position that claims 3 placed and the
/// action still open would offer a 4th placement.
#[test]
fn s4_3_three_placements_close_the_mandatory_action() {
    let mut v = base(R1, &[&[(7, 7), (7, 8), (8, 8)], &[]], "grass");
    merge(&mut v, json!({"placed": 3, "mandatory_done": false}));
    refused(&v, "mandatory_done must be true");
}

/// §5.4: an open mandatory action always has a played card (the redraw runs at turn start).
#[test]
fn s5_4_open_mandatory_action_needs_a_played_card() {
    // seat 0 holds a Farm tile (from (11,17), next to (10,17)), so it would have a legal action
    let mut v = base(R1, &[&[(10, 17)], &[]], "grass");
    merge(
        &mut v,
        json!({"played": null, "players": [{"tiles": [[11, 17]]}, {"hand": "canyon"}]}),
    );
    refused(&v, "no played card");
}

/// §5.4: an open mandatory action always has an empty hex of the played terrain (otherwise the
/// redraw is due); GT-15's board with Desert still in play must be refused.
#[test]
fn s5_4_open_mandatory_action_on_an_exhausted_terrain_is_refused() {
    let l = Layout::get(
        [Sector::Tavern, Sector::Paddock, Sector::Oasis, Sector::Farm],
        [false; 4],
    );
    let deserts: Vec<(usize, usize)> = (0..400)
        .filter(|&h| l.cell[h] == 2)
        .map(|h| (h / 20, h % 20))
        .collect();
    let (a, rest) = deserts.split_at(18);
    let (b, c) = rest.split_at(18);
    let mut v = base(R1, &[&[(10, 17)], a, b, c], "desert");
    merge(
        &mut v,
        json!({"players": [{"tiles": [[11, 17]]}, {"hand": "grass"}, {"hand": "grass"}, {"hand": "grass"}]}),
    );
    refused(&v, "no empty desert hex");
}

/// §6.3: choosing a tile spends it; a pending tile must be held and already spent.
#[test]
fn s6_3_a_pending_tile_must_be_held() {
    let mut v = base(R1, &[&[(7, 7)], &[]], "grass");
    merge(
        &mut v,
        json!({"mandatory_done": true, "placed": 1, "pending": {"tile": "farm"}}),
    );
    refused(&v, "pending");
}

/// §6.3: a hand-written position with a pending tile and no `ready` counts that tile as spent.
#[test]
fn s6_3_pending_tile_defaults_to_spent() {
    let mut v = base(R1, &[&[(10, 17)], &[]], "grass");
    merge(
        &mut v,
        json!({"mandatory_done": true, "placed": 3, "pending": {"tile": "farm"},
               "players": [{"tiles": [[11, 17]]}, {"hand": "canyon"}]}),
    );
    let mut g = load(&v);
    assert_eq!(g.ready(Sector::Farm), 0);
    play(&mut g, "farm (9,17)");
    assert!(!has(&g, "use farm"), "the single Farm tile was used");
    // an explicit ready count equal to the held count is refused
    merge(&mut v, json!({"ready": {"farm": 1}}));
    refused(&v, "pending");
}

/// A-12 (stalemate guard): a turn with a mandatory placement is not idle; `placed_this_turn`
/// defaults to `placed > 0` and may not contradict it.
#[test]
fn a12_placed_this_turn_follows_placed() {
    let mut v = base(R1, &[&[(7, 7)], &[]], "grass");
    merge(&mut v, json!({"placed": 1}));
    let g = load(&v);
    assert_eq!(serde_json::to_value(&g).unwrap()["placed_this_turn"], true);
    merge(&mut v, json!({"placed_this_turn": false}));
    refused(&v, "placed_this_turn");
}

/// an Oracle before the mandatory action that fills the last hex of the played terrain
/// forces the redraw at once (the check runs after every extra action taken before it).
#[test]
fn a12_oracle_filling_the_last_hex_forces_a_redraw() {
    // R2 (Oracle sector). Seats 1-3 cover every flower field but (3,6), next to the Oracle hex
    // (3,7); seat 0 holds the Oracle tile via (2,7) and plays Flower.
    let l = Layout::get(
        [Sector::Oracle, Sector::Harbor, Sector::Tower, Sector::Barn],
        [false, false, false, true],
    );
    let flowers: Vec<(usize, usize)> = (0..400)
        .filter(|&h| l.cell[h] == 3)
        .map(|h| (h / 20, h % 20))
        .filter(|&x| x != (3, 6))
        .collect();
    let (a, rest) = flowers.split_at(18);
    let (b, c) = rest.split_at(18);
    let mut v = base(R2, &[&[(2, 7)], a, b, c], "flower");
    merge(
        &mut v,
        json!({"players": [{"tiles": [[3, 7]]}, {"hand": "grass"}, {"hand": "grass"}, {"hand": "grass"}]}),
    );
    let mut g = load(&v);
    assert_eq!(g.hex_options(), vec![(3, 6)]);
    play(&mut g, "use oracle");
    play(&mut g, "oracle (3,6)");
    assert_eq!(g.phase(), Phase::Redraw);
    assert_eq!(
        g.piles().2[Terrain::Flower.index()],
        1,
        "the flower card is removed"
    );
    assert_eq!(g.step_placed(), 0);
    assert!(!g.mandatory_done());
}
