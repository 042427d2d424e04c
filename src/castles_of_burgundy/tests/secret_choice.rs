//! Spec section 12 / A32: the experienced-player variant with the board choices made secretly and
//! revealed together (option `secret_board_choice`). The choices are sequential decisions in turn
//! order; every other seat's observation hides them until the last player has chosen.

mod common;
use common::*;
use meeple_core::{Game, Turn};
use serde_json::{json, Value};

fn secret(players: usize, seed: u64) -> G {
    G::new(
        &config(
            players,
            json!({"experienced_variant": true, "secret_board_choice": true}),
        ),
        seed,
    )
    .expect("new")
}

fn chooser(g: &G) -> usize {
    match g.turn() {
        Turn::Player(p) => p,
        t => panic!("not a player's turn: {t:?}"),
    }
}

/// The first chooser picks side `side` (0/1) and the `castle`-th dark-green space.
fn first_picks(side: usize, castle: usize) -> (G, usize) {
    let mut g = secret(3, 5);
    let p = chooser(&g);
    let sides = g.players[p].board_sides.unwrap();
    act(&mut g, &format!("board{}", sides[side]));
    let l = legal(&g);
    g.apply(l[castle % l.len()]).unwrap();
    (g, p)
}

#[test]
fn a32_secret_choice_is_hidden_from_the_others_until_all_have_chosen() {
    let (a, p) = first_picks(0, 0);
    let (b, _) = first_picks(1, 3);
    assert_ne!(a.players[p].board, b.players[p].board);
    let next = chooser(&a);
    assert_ne!(next, p);
    assert_eq!(chooser(&b), next);
    // Every other seat sees the same thing whatever the first player chose ...
    for seat in 0..3 {
        if seat == p {
            continue;
        }
        assert_eq!(a.observation(seat), b.observation(seat), "seat {seat}");
        let len = a.observation_tensor_len();
        let (mut ta, mut tb) = (vec![0.0; len], vec![0.0; len]);
        a.observation_tensor(seat, &mut ta);
        b.observation_tensor(seat, &mut tb);
        assert_eq!(ta, tb, "tensor of seat {seat}");
        // ... and still sees the two sides the first player was dealt.
        let o = a.observation(seat);
        assert_eq!(o["players"][p]["board"], Value::Null);
        assert_eq!(o["players"][p]["estate"], json!({}));
        assert!(o["players"][p]["board_sides"].is_array());
    }
    // The chooser sees its own choice.
    assert_ne!(a.observation(p), b.observation(p));
    assert_eq!(
        a.observation(p)["players"][p]["board"],
        json!(a.players[p].board)
    );
}

#[test]
fn a32_secret_choices_are_revealed_together() {
    let mut g = secret(2, 9);
    while !matches!(g.turn(), Turn::Chance) {
        let l = legal(&g);
        g.apply(l[l.len() - 1]).unwrap();
    }
    let o = g.observation(0);
    assert_eq!(o, g.observation(1));
    for p in 0..2 {
        assert_eq!(o["players"][p]["board"], json!(g.players[p].board));
        assert_eq!(g.players[p].estate.iter().flatten().count(), 1);
        assert!(g.players[p].board_sides.is_none());
    }
}

#[test]
fn a32_determinize_resamples_only_the_hidden_choices() {
    let (g, p) = first_picks(0, 0);
    let next = chooser(&g);
    let sides = g.players[p].board_sides.unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let d = g.determinize(next, seed);
        assert_eq!(d.observation(next), g.observation(next));
        d.validate().unwrap();
        assert!(sides.contains(&d.players[p].board));
        let castle = (0..37).find(|&c| d.players[p].estate[c].is_some()).unwrap();
        assert!(meeple_castles_of_burgundy::data::board(d.players[p].board)
            .castle_cells
            .contains(&(castle as u8)));
        seen.insert((d.players[p].board, castle));
    }
    assert!(seen.len() > 2, "the hidden picks are resampled: {seen:?}");
    // The chooser's own determinization keeps its choice.
    for seed in 0..5 {
        let d = g.determinize(p, seed);
        assert_eq!(d.players[p].board, g.players[p].board);
        assert_eq!(d.players[p].estate, g.players[p].estate);
    }
}

#[test]
fn a32_secret_choice_needs_the_variant() {
    assert!(G::new(&config(2, json!({"secret_board_choice": true})), 1).is_err());
}
