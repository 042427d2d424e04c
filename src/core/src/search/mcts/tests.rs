//! White-box tests of the UCT / ISMCTS tree: what a node is keyed by, how a child is chosen, how
//! availability is counted, how rollouts step. The behaviour seen from outside (moves found,
//! budgets, determinism) is tested in `tests/search.rs`.

use super::*;
use crate::options::Config;
use crate::reference::Reference;
use crate::search::fork::Fork;
use serde_json::json;
use std::collections::HashSet;

/// UCT or ISMCTS with the given iterations on one thread.
fn mcts(determinize: bool, iterations: u64) -> Mcts {
    if determinize {
        Mcts::ismcts(iterations)
    } else {
        Mcts::uct(iterations)
    }
}

/// A worker of `cfg` for `seat` on `root` that has run `iterations` iterations.
fn grown<'a, G: Game>(cfg: &'a Mcts, root: &'a G, seat: usize, iterations: u64) -> Worker<'a, G> {
    let mut w = Worker::new(cfg, root, seat, 7);
    for _ in 0..iterations {
        w.iterate();
    }
    w
}

/// The children of `node`, as (key, mover, node id).
fn children<G: Game>(w: &Worker<'_, G>, node: u32) -> Vec<(u64, i32, u32)> {
    let mut out = Vec::new();
    let mut c = w.nodes[node as usize].first_child;
    while c != NONE {
        let n = &w.nodes[c as usize];
        out.push((n.key, n.mover, c));
        c = n.next_sibling;
    }
    out
}

/// The chance children's outcome keys (the key without its chance bit), sorted.
fn chance_keys<G: Game>(w: &Worker<'_, G>, node: u32) -> Vec<u64> {
    let mut keys: Vec<u64> = children(w, node)
        .into_iter()
        .filter(|&(_, mover, _)| mover == CHANCE_MOVER)
        .map(|(key, _, _)| {
            assert_ne!(
                key & CHANCE_KEY,
                0,
                "a chance child's key has its chance bit"
            );
            key & !CHANCE_KEY
        })
        .collect();
    keys.sort_unstable();
    keys
}

/// The reference game for three players at seat 0's first decision.
fn reference_decision() -> Reference {
    let config = Config::with_players(&Reference::info(), 3).unwrap();
    let mut g = Reference::new(&config, 5).unwrap();
    let mut rng = GameRng::new(5);
    let mut outcomes = Vec::new();
    while g.turn() == Turn::Chance {
        g.chance_outcomes(&mut outcomes);
        let i = rng.weighted(outcomes.iter().map(|o| o.1));
        g.apply(outcomes[i].0).unwrap();
    }
    g
}

#[test]
fn siblings_never_share_a_key_and_mover() {
    let root = reference_decision();
    for determinize in [false, true] {
        let cfg = mcts(determinize, 3000);
        let w = grown(&cfg, &root, 0, 3000);
        assert!(w.nodes.len() > 50, "the tree grew: {} nodes", w.nodes.len());
        for node in 0..w.nodes.len() as u32 {
            let kids = children(&w, node);
            let distinct: HashSet<(u64, i32)> = kids.iter().map(|&(k, m, _)| (k, m)).collect();
            assert_eq!(distinct.len(), kids.len(), "node {node}: a repeated child");
        }
    }
}

#[test]
fn uct_keys_a_chance_child_by_its_outcome() {
    // Before the deal: five cards, one child each, whoever searches.
    let root = Fork::new(&Config::with_players(&Fork::info(), 2).unwrap(), 0).unwrap();
    let cfg = mcts(false, 200);
    for seat in [0, 1] {
        let w = grown(&cfg, &root, seat, 200);
        assert_eq!(chance_keys(&w, 0), vec![0, 1, 2, 3, 4]);
    }
}

#[test]
fn ismcts_keys_a_chance_child_by_what_the_seat_sees() {
    let root = Fork::new(&Config::with_players(&Fork::info(), 2).unwrap(), 0).unwrap();
    let cfg = mcts(true, 200);
    // Seat 0 never sees player 1's card: the five deals are one node.
    assert_eq!(chance_keys(&grown(&cfg, &root, 0, 200), 0).len(), 1);
    // Seat 1 sees its card: five nodes, one per card.
    let seen = chance_keys(&grown(&cfg, &root, 1, 200), 0);
    assert_eq!(seen.len(), 5);
    // Every iteration passed through one of them.
    let w = grown(&cfg, &root, 1, 200);
    let through: u32 = children(&w, 0)
        .iter()
        .map(|&(_, _, c)| w.nodes[c as usize].visits)
        .sum();
    assert_eq!(through, 200);
}

#[test]
fn a_coin_after_a_move_gets_one_child_per_side() {
    // Card 2: after player 0's move a coin is thrown, which both seats see.
    let root = Fork::dealt(2);
    for determinize in [false, true] {
        let cfg = mcts(determinize, 400);
        let w = grown(&cfg, &root, 0, 400);
        let moves = children(&w, 0);
        assert_eq!(moves.len(), 2, "both of player 0's moves");
        for &(key, mover, c) in &moves {
            assert_eq!(mover, 0);
            assert!(key == 0 || key == 1);
            let coins = chance_keys(&w, c);
            if determinize {
                // Keyed by seat 0's view (the card redrawn each iteration, the coin seen).
                assert_eq!(coins.len(), 2, "move {key}: {coins:?}");
            } else {
                assert_eq!(coins, vec![0, 1], "move {key}");
            }
        }
    }
}

#[test]
fn ismcts_counts_a_child_available_whenever_it_was_legal() {
    // Seat 0 does not see the card, so after its move player 1 holds card 0 (actions 0, 1) or
    // card 1 (actions 1, 2) in different iterations. Every selection among player 1's children
    // finds action 1 legal and exactly one of 0 and 2; each child starts at availability 1.
    let root = Fork::dealt(0);
    let cfg = mcts(true, 3000);
    let w = grown(&cfg, &root, 0, 3000);
    let mut selections = 0;
    let moves = children(&w, 0);
    assert_eq!(moves.len(), 2);
    for (_, _, m) in moves {
        let reply: Vec<(u64, u32, u32)> = children(&w, m)
            .into_iter()
            .filter(|&(_, mover, _)| mover == 1)
            .map(|(key, _, c)| (key, w.nodes[c as usize].avail, w.nodes[c as usize].visits))
            .collect();
        let avail = |a: u64| reply.iter().find(|r| r.0 == a).map(|r| r.1).unwrap();
        assert_eq!(reply.len(), 3, "{reply:?}");
        assert_eq!(avail(1), avail(0) + avail(2) - 1, "{reply:?}");
        selections += avail(1) - 1;
        for &(key, avail, visits) in &reply {
            assert!(
                visits <= avail,
                "action {key}: {visits} visits, {avail} available"
            );
        }
    }
    assert!(
        selections > 100,
        "selections among player 1's replies: {selections}"
    );
}

/// A root with player-1 children for `actions` (visits, summed value, availability), plus two
/// decoys `select` must ignore however good they look: a chance child whose key, without its
/// chance bit, is action 2, and seat 0's action 0.
fn seeded_root<'a>(
    cfg: &'a Mcts,
    root: &'a Fork,
    parent_visits: u32,
    actions: &[(Action, u32, f64, u32)],
) -> Worker<'a, Fork> {
    let mut w = Worker::new(cfg, root, 0, 11);
    w.nodes[0].visits = parent_visits;
    let decoy = w.add_child(0, CHANCE_KEY | 2, CHANCE_MOVER).unwrap();
    w.nodes[decoy as usize].visits = 1;
    w.nodes[decoy as usize].value = 1e9;
    let other = w.add_child(0, 0, 0).unwrap();
    w.nodes[other as usize].visits = 1;
    w.nodes[other as usize].value = 1e9;
    for &(a, visits, value, avail) in actions {
        let c = w.add_child(0, u64::from(a), 1).unwrap();
        let n = &mut w.nodes[c as usize];
        n.visits = visits;
        n.value = value;
        n.avail = avail;
    }
    w
}

#[test]
fn select_maximises_ucb1_among_the_legal_children_of_the_mover() {
    let root = Fork::dealt(0);
    let mut rng = GameRng::new(3);
    for case in 0..300 {
        let determinize = case % 2 == 1;
        let cfg = Mcts {
            determinize,
            c: 0.2 + f64::from(rng.below(30)) / 10.0,
            ..Default::default()
        };
        // Children for actions 0..4; actions 0..3 legal, so child 4 is ignored too.
        let kids: Vec<(Action, u32, f64, u32)> = (0..5)
            .map(|a| {
                let visits = 1 + rng.below(50);
                let value = f64::from(rng.below(1000)) / 1000.0 * f64::from(visits);
                (a, visits, value, visits + rng.below(40))
            })
            .collect();
        let parent = 1 + rng.below(400);
        let mut w = seeded_root(&cfg, &root, parent, &kids);
        w.buf.actions = vec![0, 1, 2, 3];
        let score = |&(_, visits, value, avail): &(Action, u32, f64, u32)| {
            let ln = if determinize {
                f64::from(avail + 1).ln()
            } else {
                f64::from(parent).ln()
            };
            let v = f64::from(visits);
            value / v + cfg.c * (ln / v).sqrt()
        };
        let best = kids[..4]
            .iter()
            .max_by(|a, b| score(a).total_cmp(&score(b)))
            .unwrap();
        let chosen = w.select(0, 1).expect("every legal action tried");
        assert_eq!(
            w.nodes[chosen as usize].key,
            u64::from(best.0),
            "case {case}"
        );
        assert_eq!(w.nodes[chosen as usize].mover, 1);
        for &(a, _, _, avail) in &kids {
            let (_, _, c) = children(&w, 0)
                .into_iter()
                .find(|&(k, m, _)| m == 1 && k == u64::from(a))
                .unwrap();
            let bumped = determinize && a < 4;
            assert_eq!(w.nodes[c as usize].avail, avail + u32::from(bumped));
        }
    }
}

#[test]
fn select_expands_an_untried_legal_action_uniformly() {
    // Children for actions 1 and 3 (and the decoys, keyed like 2 and 0); legal actions 0..5,
    // so 0, 2 and 4 are untried.
    let root = Fork::dealt(0);
    let cfg = mcts(false, 1);
    let mut w = seeded_root(&cfg, &root, 10, &[(1, 5, 2.0, 5), (3, 5, 2.0, 5)]);
    let mut counts = [0u32; 5];
    for _ in 0..3000 {
        w.buf.actions = vec![0, 1, 2, 3, 4];
        match w.select(0, 1) {
            Err(a) => counts[a as usize] += 1,
            Ok(c) => panic!("descended to {c} with untried actions left"),
        }
    }
    assert_eq!((counts[1], counts[3]), (0, 0), "{counts:?}");
    for a in [0, 2, 4] {
        assert!((900..1100).contains(&counts[a]), "{counts:?}");
    }
}

#[test]
fn heuristic_rollouts_take_a_random_step_with_probability_epsilon() {
    // Card 3, player 0 has played 0 and moves again: 1 wins (3 + 0 + 1 is even), 0 loses. The
    // greedy step always plays 1; a random step plays 0 half the time.
    let mut state = Fork::dealt(3);
    state.apply(0).unwrap();
    for (eps, share) in [(0.0, 0.0), (0.3, 0.15), (1.0, 0.5)] {
        let cfg = Mcts {
            rollout: Rollout::Heuristic,
            rollout_epsilon: eps,
            ..Default::default()
        };
        let mut w = Worker::new(&cfg, &state, 0, 5);
        let trials = 4000;
        let mut losing = 0;
        for _ in 0..trials {
            let mut g = state.clone();
            assert!(w.heuristic_step(&mut g));
            assert_eq!(g.turn(), Turn::Terminal);
            losing += u32::from(g.winners() == vec![1]);
        }
        let seen = f64::from(losing) / f64::from(trials);
        assert!((seen - share).abs() < 0.03, "epsilon {eps}: {seen}");
    }
}

#[test]
fn a_rollout_stops_at_its_depth() {
    // From before the deal: the deal, player 0's move, player 1's or the coin or nothing.
    let start = Fork::new(&Config::with_players(&Fork::info(), 2).unwrap(), 0).unwrap();
    for (depth, moves) in [(Some(0), None), (Some(1), Some(0)), (Some(2), Some(1))] {
        let cfg = Mcts {
            rollout_depth: depth,
            ..Default::default()
        };
        let mut w = Worker::new(&cfg, &start, 0, 9);
        let mut g = start.clone();
        w.rollout(&mut g);
        let seen = g.observation(1);
        assert_eq!(
            seen["card"].is_null(),
            moves.is_none(),
            "depth {depth:?}: {seen}"
        );
        if let Some(m) = moves {
            assert_eq!(
                seen["moves"].as_array().unwrap().len(),
                m,
                "depth {depth:?}"
            );
        }
    }
    let cfg = Mcts::default();
    let mut g = start.clone();
    Worker::new(&cfg, &start, 0, 9).rollout(&mut g);
    assert_eq!(g.turn(), Turn::Terminal, "no depth: to the end");
}

fn stats(rows: &[(u64, f64)]) -> Vec<ActionStats> {
    rows.iter()
        .enumerate()
        .map(|(i, &(visits, value))| ActionStats {
            action: i as Action,
            visits,
            value,
        })
        .collect()
}

#[test]
fn the_root_plays_the_most_visited_then_the_better_mean_then_the_first() {
    assert_eq!(most_visited(&stats(&[(3, 0.9), (5, 0.1), (4, 1.0)])), 1);
    assert_eq!(most_visited(&stats(&[(5, 0.2), (5, 0.6), (5, 0.4)])), 1);
    assert_eq!(most_visited(&stats(&[(5, 0.5), (5, 0.5), (2, 0.9)])), 0);
    assert_eq!(most_visited(&stats(&[(1, 0.5), (5, 0.5), (5, 0.5)])), 1);
    assert_eq!(most_visited(&stats(&[(7, 0.0)])), 0);
}

#[test]
fn distinct_views_hash_apart() {
    // 200,000 random tensors like observations (small counts, mostly zeros), of lengths 1..=24:
    // a 64-bit hash gives no collision among them but once in about 10^9 such runs.
    let mut rng = GameRng::new(17);
    let mut seen: HashSet<Vec<u32>> = HashSet::new();
    let mut keys: HashSet<u64> = HashSet::new();
    while seen.len() < 200_000 {
        let len = 1 + rng.index(24);
        let tensor: Vec<f32> = (0..len)
            .map(|_| match rng.below(8) {
                0..=4 => 0.0,
                k => (k - 4) as f32 * 0.5,
            })
            .collect();
        if seen.insert(tensor.iter().map(|x| x.to_bits()).collect()) {
            keys.insert(view_key(&tensor));
        }
    }
    assert_eq!(keys.len(), seen.len(), "colliding views");
    // The length counts: zeros of different lengths are different views.
    let zeros: HashSet<u64> = (0..64).map(|n| view_key(&vec![0.0; n])).collect();
    assert_eq!(zeros.len(), 64);
}

/// The deepest node's distance from the root.
fn depth<G: Game>(w: &Worker<'_, G>) -> u64 {
    let mut deepest = 0;
    let mut stack = vec![(0u32, 0u64)];
    while let Some((node, d)) = stack.pop() {
        deepest = deepest.max(d);
        stack.extend(children(w, node).into_iter().map(|(_, _, c)| (c, d + 1)));
    }
    deepest
}

#[test]
fn selection_stops_at_the_games_length_bound() {
    // A broken game in which `pass` changes nothing: the same seat may pass forever. The tree
    // still grows no deeper than the documented bound.
    let mut config = Config::with_players(&Reference::info(), 2).unwrap();
    config.options.insert("flaw".into(), json!("endless"));
    let mut root = Reference::new(&config, 5).unwrap();
    while root.turn() == Turn::Chance {
        root.apply(1).unwrap();
    }
    let bound = root.max_game_length();
    for determinize in [false, true] {
        let cfg = mcts(determinize, 20_000);
        let w = grown(&cfg, &root, 0, 20_000);
        assert!(
            depth(&w) <= bound,
            "depth {} past the bound {bound}",
            depth(&w)
        );
        assert!(depth(&w) >= 3, "the tree grew: depth {}", depth(&w));
    }
}
