//! Reading labels back (with the edge aliases of docs/games/catan.md) and who sees a chance
//! outcome, for `string_to_action` and the per-seat history.

use crate::geometry::canonical_edge;
use crate::state::{Catan, Phase};
use meeple_core::game::{find_label, Action};

/// Rewrite the input aliases `W(q,r)`, `NW(q,r)` and `SW(q,r)` of a label to the canonical
/// edge names the labels use (`W(q,r) = E(q-1,r)`, `NW(q,r) = SE(q,r-1)`,
/// `SW(q,r) = NE(q-1,r+1)`); every other word is kept.
pub(crate) fn canonical_label(label: &str) -> String {
    label
        .split_whitespace()
        .map(|word| canonical_edge_word(word).unwrap_or_else(|| word.to_string()))
        .collect::<Vec<_>>()
        .join(" ")
}

fn canonical_edge_word(word: &str) -> Option<String> {
    let (dir, rest) = word.split_once('(')?;
    if !matches!(dir, "W" | "NW" | "SW") {
        return None;
    }
    let (q, r) = rest.strip_suffix(')')?.split_once(',')?;
    let (q, r) = (q.trim().parse().ok()?, r.trim().parse().ok()?);
    let (q, r, t) = canonical_edge(q, r, dir)?;
    Some(format!("{}({q},{r})", t.name()))
}

pub(crate) fn parse_label(g: &Catan, label: &str) -> Option<Action> {
    find_label(g, label).or_else(|| find_label(g, &canonical_label(label)))
}

/// Dice, events and the barbarians are public; a stolen card is seen by the thief and the
/// victim; a development card and a fish token by the player who draws it.
pub(crate) fn chance_visible_to(g: &Catan, seat: usize) -> bool {
    match g.phase {
        Phase::Steal => seat == g.thief as usize || seat == g.victim as usize,
        Phase::DrawDevelopment => seat == g.current as usize,
        _ => g.module_chance_visible_to(seat).unwrap_or(true),
    }
}
