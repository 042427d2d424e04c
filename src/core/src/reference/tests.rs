//! The reference game's own rules, checked against the rules in its module comment (the kit's
//! tests check only that it conforms, which a game with other rules would too). Expected values
//! are worked out by hand from those rules.

use super::*;
use crate::game::{CHANCE, TERMINAL};
use std::collections::BTreeMap;

fn game(players: usize) -> Reference {
    let config = Config::with_players(&Reference::info(), players).unwrap();
    Reference::new(&config, 7).unwrap()
}

/// A game of `players` whose cards were dealt in seat order: `ranks[p]` to seat `p`.
fn dealt(ranks: &[u8]) -> Reference {
    let mut g = game(ranks.len());
    for &r in ranks {
        g.apply(r as Action - 1).unwrap();
    }
    g
}

fn play(g: &mut Reference, actions: &[Action]) {
    for &a in actions {
        g.apply(a).unwrap_or_else(|e| panic!("{a}: {e}"));
    }
}

fn legal(g: &Reference) -> Vec<Action> {
    let mut out = vec![99];
    g.legal_actions(&mut out);
    out
}

fn outcomes(g: &Reference) -> Vec<(Action, u32)> {
    let mut out = vec![(99, 99)];
    g.chance_outcomes(&mut out);
    out
}

fn refused(g: &mut Reference, action: Action) {
    let before = g.clone();
    assert!(g.apply(action).is_err(), "{action} was accepted");
    assert_eq!(*g, before, "a refused {action} changed the state");
}

fn position(v: Value) -> Result<Reference, String> {
    Reference::from_json_value(&v).map_err(|e| e.to_string())
}

#[test]
fn the_deal_gives_one_card_to_each_seat_in_order_weighted_by_the_cards_left() {
    let mut g = game(3);
    assert_eq!(g.turn(), Turn::Chance);
    assert_eq!(outcomes(&g), [(0, 2), (1, 2), (2, 2), (3, 2), (4, 2)]);
    assert_eq!(legal(&g), [0, 1, 2, 3, 4]);
    play(&mut g, &[4]);
    assert_eq!(g.hands, [5, 0, 0]);
    assert_eq!(g.turn(), Turn::Chance);
    assert_eq!(outcomes(&g), [(0, 2), (1, 2), (2, 2), (3, 2), (4, 1)]);
    play(&mut g, &[4]);
    // Both fives are out: rank 5 is neither listed nor accepted.
    assert_eq!(outcomes(&g), [(0, 2), (1, 2), (2, 2), (3, 2)]);
    assert_eq!(legal(&g), [0, 1, 2, 3]);
    refused(&mut g, 4);
    refused(&mut g, 5);
    play(&mut g, &[0]);
    assert_eq!(g.hands, [5, 5, 1]);
    assert_eq!(g.deck, [1, 2, 2, 2, 0]);
    assert_eq!(g.turn(), Turn::Player(0));
    assert_eq!(legal(&g), [PASS, BET, SWAP]);
    assert!(outcomes(&g).is_empty());
    assert_eq!(g.num_distinct_actions(), 5);
}

#[test]
fn each_seat_decides_once_in_turn_and_the_last_decision_ends_the_game() {
    let mut g = dealt(&[2, 4, 3]);
    play(&mut g, &[PASS]);
    assert_eq!(g.turn(), Turn::Player(1));
    play(&mut g, &[BET]);
    assert_eq!(
        (g.turn(), g.bets.clone()),
        (Turn::Player(2), vec![false, true, false])
    );
    refused(&mut g, 3);
    play(&mut g, &[PASS]);
    assert_eq!(g.turn(), Turn::Terminal);
    assert!(legal(&g).is_empty());
    assert!(outcomes(&g).is_empty());
    refused(&mut g, PASS);
    assert_eq!(g.num_distinct_actions(), 5);
}

#[test]
fn a_swap_discards_face_up_and_the_same_seat_draws_from_the_deck() {
    let mut g = dealt(&[1, 2]);
    play(&mut g, &[SWAP]);
    assert_eq!((g.hands.clone(), g.discards.clone()), (vec![0, 2], vec![1]));
    assert_eq!(g.turn(), Turn::Chance);
    // The discard stays out of the deck.
    assert_eq!(outcomes(&g), [(0, 1), (1, 1), (2, 2), (3, 2), (4, 2)]);
    play(&mut g, &[4]);
    assert_eq!(g.hands, [5, 2]);
    assert_eq!(g.turn(), Turn::Player(1));
    play(&mut g, &[SWAP, 0]);
    assert_eq!(
        (g.hands.clone(), g.discards.clone()),
        (vec![5, 1], vec![1, 2])
    );
    assert_eq!(g.deck, [0, 1, 2, 2, 1]);
    assert_eq!(g.turn(), Turn::Terminal);
    assert_eq!(g.winners(), [0]);
}

#[test]
fn swap_is_not_offered_when_the_deck_is_empty() {
    let mut v = dealt(&[1, 2, 3, 4]).to_json_value();
    v["discards"] = json!([1, 2, 3, 4, 5, 5]);
    v["deck"] = json!([0, 0, 0, 0, 0]);
    let mut g = position(v).unwrap();
    assert_eq!(legal(&g), [PASS, BET]);
    refused(&mut g, SWAP);
}

#[test]
fn the_highest_card_among_the_bettors_takes_the_pot() {
    // The five passed, so the four wins among the bettors: pot 2.
    let mut g = dealt(&[5, 3, 4]);
    play(&mut g, &[PASS, BET]);
    assert_eq!(g.scores(), [0.0, -1.0, 0.0]);
    assert_eq!((g.winners(), g.returns()), (vec![], vec![0.0; 3]));
    play(&mut g, &[BET]);
    assert_eq!(g.winners(), [2]);
    assert_eq!(g.scores(), [0.0, -1.0, 1.0]);
    assert_eq!(g.returns(), [0.0, 0.0, 1.0]);

    // A lone bettor wins, whatever the others held.
    let mut g = dealt(&[5, 1]);
    play(&mut g, &[PASS, BET]);
    assert_eq!((g.winners(), g.scores()), (vec![1], vec![0.0, 0.0]));
    assert_eq!(g.returns(), [0.0, 1.0]);
}

#[test]
fn a_tie_shares_the_pot_and_the_win() {
    let mut g = dealt(&[3, 5, 5, 1]);
    play(&mut g, &[BET, BET, BET, BET]);
    assert_eq!(g.winners(), [1, 2]);
    assert_eq!(g.scores(), [-1.0, 1.0, 1.0, -1.0]);
    assert_eq!(g.returns(), [0.0, 0.5, 0.5, 0.0]);

    let mut g = dealt(&[4, 2, 4]);
    play(&mut g, &[BET, PASS, BET]);
    assert_eq!(g.winners(), [0, 2]);
    assert_eq!(g.scores(), [0.0, 0.0, 0.0]);
    assert_eq!(g.returns(), [0.5, 0.0, 0.5]);
}

#[test]
fn if_nobody_bets_the_highest_card_wins_nothing_but_the_game() {
    let mut g = dealt(&[2, 4, 4]);
    play(&mut g, &[PASS, PASS, PASS]);
    assert_eq!(g.winners(), [1, 2]);
    assert_eq!(g.scores(), [0.0, 0.0, 0.0]);
    assert_eq!(g.returns(), [0.0, 0.5, 0.5]);

    let mut g = dealt(&[1, 5]);
    play(&mut g, &[PASS, PASS]);
    assert_eq!((g.winners(), g.returns()), (vec![1], vec![0.0, 1.0]));
}

#[test]
fn a_seat_sees_its_own_card_and_the_public_facts_until_the_showdown() {
    let mut g = dealt(&[5, 3, 4]);
    play(&mut g, &[BET]);
    assert_eq!(
        g.observation(1),
        json!({"seat": 1, "hands": [null, 3, null], "bets": [true, false, false],
               "discards": [], "deck_size": 7, "to_move": 1})
    );
    play(&mut g, &[SWAP]);
    assert_eq!(
        g.observation(2),
        json!({"seat": 2, "hands": [null, null, 4], "bets": [true, false, false],
               "discards": [3], "deck_size": 7, "to_move": CHANCE})
    );
    play(&mut g, &[0, PASS]);
    assert_eq!(
        g.observation(0),
        json!({"seat": 0, "hands": [5, 1, 4], "bets": [true, false, false],
               "discards": [3], "deck_size": 6, "to_move": TERMINAL})
    );
}

#[test]
fn the_tensor_is_own_card_bets_discards_and_deck_size() {
    let mut g = dealt(&[5, 3, 4]);
    play(&mut g, &[BET, SWAP, 0]);
    assert_eq!(g.observation_tensor_len(), 14);
    let tensor = |seat| {
        let mut out = vec![9.0; 14];
        g.observation_tensor(seat, &mut out);
        out
    };
    //                 own card 1..5       bets        discards 1..5      deck
    let seat1: [f32; 14] = [1., 0., 0., 0., 0., 1., 0., 0., 0., 0., 1., 0., 0., 6.];
    let seat0: [f32; 14] = [0., 0., 0., 0., 1., 1., 0., 0., 0., 0., 1., 0., 0., 6.];
    assert_eq!(tensor(1), seat1);
    assert_eq!(tensor(0), seat0);

    // Two discards of one rank count twice; a seat waiting for its card holds none.
    let mut g = dealt(&[2, 2]);
    play(&mut g, &[SWAP, 0, SWAP]);
    let mut out = vec![9.0; 13];
    g.observation_tensor(1, &mut out);
    assert_eq!(out, [0., 0., 0., 0., 0., 0., 0., 0., 2., 0., 0., 0., 7.]);
    g.observation_tensor(0, &mut out);
    assert_eq!(out, [1., 0., 0., 0., 0., 0., 0., 0., 2., 0., 0., 0., 7.]);
}

#[test]
fn labels_name_the_deal_and_the_moves() {
    let mut g = game(2);
    let labels: Vec<String> = (0..5).map(|a| g.action_label(a)).collect();
    assert_eq!(labels, ["deal 1", "deal 2", "deal 3", "deal 4", "deal 5"]);
    play(&mut g, &[0, 1]);
    let labels: Vec<String> = (0..5).map(|a| g.action_label(a)).collect();
    assert_eq!(labels, ["pass", "bet", "swap", "action 3", "action 4"]);
}

#[test]
fn a_drawn_card_is_seen_by_its_receiver_and_the_last_replacement_by_all() {
    let seen = |g: &Reference| (0..3).map(|s| g.chance_visible_to(s)).collect::<Vec<_>>();
    let mut g = game(3);
    assert_eq!(seen(&g), [true, false, false]);
    play(&mut g, &[0]);
    assert_eq!(seen(&g), [false, true, false]);
    play(&mut g, &[1, 2, SWAP]);
    assert_eq!(seen(&g), [true, false, false]);
    play(&mut g, &[3, PASS, SWAP]);
    assert_eq!(seen(&g), [true, true, true]);
}

#[test]
fn the_longest_game_is_a_deal_a_swap_and_a_draw_per_seat() {
    for n in 2..=4 {
        let mut g = game(n);
        let mut moves = 0;
        while g.turn() != Turn::Terminal {
            let a = match g.turn() {
                Turn::Chance => outcomes(&g)[0].0,
                _ => SWAP,
            };
            play(&mut g, &[a]);
            moves += 1;
        }
        assert_eq!(
            (moves, g.max_game_length()),
            (3 * n as u64, 3 * n as u64),
            "{n} players"
        );
    }
}

#[test]
fn a_position_round_trips_and_its_text_is_the_table() {
    let mut g = dealt(&[5, 3]);
    play(&mut g, &[BET, SWAP]);
    // (The loaded game equals the saved one in everything the JSON holds.)
    let json = g.to_json_value();
    assert_eq!(position(json.clone()).unwrap().to_json_value(), json);
    assert_eq!(
        g.render(),
        "player 0: card 5 bet\nplayer 1: card 0 \ndeck [2, 2, 1, 2, 1], discards [3]\n"
    );
}

#[test]
fn an_inconsistent_position_is_refused_by_name() {
    let base = dealt(&[5, 3, 4]).to_json_value();
    let refusal = |edit: &dyn Fn(&mut Value)| {
        let mut v = base.clone();
        edit(&mut v);
        position(v).expect_err("accepted")
    };
    let msg = refusal(&|v| v["hands"] = json!([5, 3]));
    assert!(msg.contains("hands and bets must have 3 entries"), "{msg}");
    let msg = refusal(&|v| v["bets"] = json!([false, false, false, false]));
    assert!(msg.contains("hands and bets must have 3 entries"), "{msg}");
    let msg = refusal(&|v| v["next"] = json!(3));
    assert!(msg.contains("next player 3 out of range"), "{msg}");
    let msg = refusal(&|v| v["discards"] = json!([6]));
    assert!(msg.contains("card 6 does not exist (ranks 1..=5)"), "{msg}");
    let msg = refusal(&|v| v["hands"] = json!([5, 3, 7]));
    assert!(msg.contains("card 7 does not exist"), "{msg}");
    // Two threes in the deck and one in a hand: the first rank that is off is named.
    let msg = refusal(&|v| v["deck"] = json!([2, 2, 2, 2, 1]));
    assert!(msg.contains("rank 3 appears 3 times (must be 2)"), "{msg}");
    let msg = refusal(&|v| v["deck"] = json!([2, 1, 1, 1, 1]));
    assert!(msg.contains("rank 2 appears 1 times (must be 2)"), "{msg}");
    let msg = refusal(&|v| v["swapping"] = json!(true));
    assert!(msg.contains("a pending swap needs"), "{msg}");

    // Seat 0 swapped its five away: the swap is pending with its hand, and only its, empty.
    let mut g = dealt(&[5, 3, 4]);
    play(&mut g, &[SWAP]);
    let swap = g.to_json_value();
    assert_eq!(position(swap.clone()).unwrap().to_json_value(), swap);
    let mut two_empty = swap.clone();
    two_empty["hands"] = json!([0, 0, 4]);
    two_empty["discards"] = json!([5, 3]);
    let msg = position(two_empty).expect_err("two empty hands accepted");
    assert!(msg.contains("a pending swap needs"), "{msg}");
    let mut other_empty = swap;
    other_empty["hands"] = json!([5, 0, 4]);
    other_empty["discards"] = json!([3]);
    let msg = position(other_empty).expect_err("the wrong hand empty accepted");
    assert!(msg.contains("a pending swap needs"), "{msg}");

    // A finished game's `next` is not read: only a live game's must be a seat.
    let mut done = dealt(&[5, 3, 4]);
    play(&mut done, &[PASS, PASS, PASS]);
    let mut v = done.to_json_value();
    v["next"] = json!(3);
    assert!(position(v).is_ok());
}

#[test]
fn a_malformed_position_names_the_field() {
    let mut v = dealt(&[5, 3]).to_json_value();
    v["hands"] = json!([5, "three"]);
    let msg = position(v).unwrap_err();
    assert!(msg.starts_with("bad JSON: hands[1]: invalid type"), "{msg}");
    let mut v = dealt(&[5, 3]).to_json_value();
    v.as_object_mut().unwrap().remove("deck");
    assert_eq!(position(v).unwrap_err(), "bad JSON: missing field `deck`");
}

/// Seat 1 holds a 3; seat 0 a 5 and seat 2 a 4, after seat 0 bet.
fn mid_game() -> Reference {
    let mut g = dealt(&[5, 3, 4]);
    play(&mut g, &[BET]);
    g
}

/// The cards of a state that `seat` cannot see: the deck and the other hands.
fn unseen(g: &Reference, seat: usize) -> Vec<u8> {
    let mut cards: Vec<u8> = (0..RANKS)
        .flat_map(|k| std::iter::repeat_n(k as u8 + 1, g.deck[k] as usize))
        .collect();
    cards.extend(
        (0..g.hands.len())
            .filter(|&p| p != seat && g.hands[p] > 0)
            .map(|p| g.hands[p]),
    );
    cards.sort_unstable();
    cards
}

#[test]
fn determinize_deals_the_unseen_cards_again_and_keeps_what_the_seat_saw() {
    let g = mid_game();
    assert_eq!(unseen(&g, 1), [1, 1, 2, 2, 3, 4, 4, 5, 5]);
    let mut first_hand = BTreeMap::new();
    let draws = 9000;
    for seed in 0..draws {
        let d = g.determinize(1, seed);
        assert_eq!(d.hands[1], 3);
        assert_eq!(
            (d.bets.clone(), d.discards.clone()),
            (g.bets.clone(), g.discards.clone())
        );
        assert_eq!((d.next, d.turn(), d.done), (g.next, g.turn(), g.done));
        assert_eq!(unseen(&d, 1), unseen(&g, 1), "seed {seed}");
        assert_eq!(d.validate(), Ok(()));
        assert_eq!(
            d,
            g.determinize(1, seed),
            "seed {seed} drew twice differently"
        );
        *first_hand.entry(d.hands[0]).or_insert(0u32) += 1;
    }
    // Seat 0's card is any unseen card, each equally likely: 2 in 9 for ranks 1, 2, 4 and 5,
    // 1 in 9 for the single unseen 3 (sd about 40 and 30 in 9000).
    for (rank, count) in first_hand {
        let expected = if rank == 3 { 1000.0 } else { 2000.0 };
        assert!(
            (count as f64 - expected).abs() < 200.0,
            "rank {rank}: {count}"
        );
    }
}

#[test]
fn determinize_depends_only_on_what_the_seat_saw() {
    // Seat 1 cannot tell these apart: its own 3, seat 0's bet, nothing discarded.
    let a = mid_game();
    let mut b = dealt(&[1, 3, 2]);
    play(&mut b, &[BET]);
    assert_eq!(a.observation(1), b.observation(1));
    for seed in 0..50 {
        assert_eq!(
            a.determinize(1, seed),
            b.determinize(1, seed),
            "seed {seed}"
        );
    }
    assert_ne!(a.determinize(1, 0), a.determinize(1, 1));
}

#[test]
fn determinize_reseeds_the_future_and_leaves_undealt_hands_empty() {
    // During the deal: seat 0 keeps its card, the undealt stay undealt, the rest is the deck.
    let mut g = game(3);
    play(&mut g, &[4]);
    let d = g.determinize(0, 5);
    assert_eq!((d.hands.clone(), d.deck), (vec![5, 0, 0], [2, 2, 2, 2, 1]));
    assert_ne!(d.rng, g.rng);
    // A swapping seat's empty hand stays empty.
    let mut g = mid_game();
    play(&mut g, &[SWAP]);
    let d = g.determinize(2, 5);
    assert_eq!((d.hands[1], d.hands[2], d.swapping), (0, 4, true));
    assert_eq!(unseen(&d, 2), unseen(&g, 2));
    // A finished game hides nothing: only the generator is the seed's.
    play(&mut g, &[0, PASS]);
    let d = g.determinize(0, 5);
    assert_eq!(d.rng, GameRng::new(5));
    let mut reseeded = g.clone();
    reseeded.rng = GameRng::new(5);
    assert_eq!(d, reseeded);
}

#[test]
fn only_the_flaw_option_is_offered() {
    let info = Reference::info();
    assert_eq!(
        (info.name, info.min_players, info.max_players),
        ("_reference", 2, 4)
    );
    assert!(game(2).hidden_information());
    assert_eq!(game(4).observation_tensor_len(), 15);
    assert!(Config::with_players(&info, 5).is_err());
}

#[test]
fn the_shared_clone_flaws_counter_is_shared_saved_and_compared() {
    let config = Config::new(
        &Reference::info(),
        2,
        json!({"flaw": "shared_clone"}).as_object().unwrap(),
    )
    .unwrap();
    let mut g = Reference::new(&config, 7).unwrap();
    play(&mut g, &[0, 1]);
    let before = g.clone();
    let mut clone = g.clone();
    play(&mut clone, &[SWAP]);
    // The defect: the original's counter moved with its clone's swap.
    assert_eq!((g.shared_swaps.get(), before.shared_swaps.get()), (1, 1));
    let fresh = Reference::new(&config, 7).unwrap();
    assert_ne!(fresh.shared_swaps, g.shared_swaps);
    let v = g.to_json_value();
    assert_eq!(v["shared_swaps"], json!(1));
    assert_eq!(position(v).unwrap().shared_swaps.get(), 1);
    assert!(fresh.to_json_value().get("shared_swaps").is_none());
}
