//! The ten Kingdom Builder cards and the end-of-game scoring (§8).

use crate::bits::Bits;
use crate::board::{geometry, Layout, CASTLE};
use crate::ROWS;
use serde::{Deserialize, Serialize};

/// The Kingdom Builder (scoring) cards, in the spec's order (§12.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KbCard {
    Fishermen,
    Merchants,
    Discoverers,
    Hermits,
    Citizens,
    Miners,
    Workers,
    Knights,
    Lords,
    Farmers,
}

impl KbCard {
    pub const ALL: [KbCard; 10] = [
        KbCard::Fishermen,
        KbCard::Merchants,
        KbCard::Discoverers,
        KbCard::Hermits,
        KbCard::Citizens,
        KbCard::Miners,
        KbCard::Workers,
        KbCard::Knights,
        KbCard::Lords,
        KbCard::Farmers,
    ];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        [
            "fishermen",
            "merchants",
            "discoverers",
            "hermits",
            "citizens",
            "miners",
            "workers",
            "knights",
            "lords",
            "farmers",
        ][self as usize]
    }
    pub fn from_name(s: &str) -> Option<KbCard> {
        KbCard::ALL.iter().copied().find(|c| c.name() == s)
    }
}

/// The connected groups ("areas") of a set of settlements.
pub(crate) fn areas(own: Bits) -> Vec<Bits> {
    let mut rest = own;
    let mut out = Vec::new();
    while let Some(h) = rest.first() {
        let mut comp = Bits::single(h);
        loop {
            let next = comp.or(comp.neighbours().and(own));
            if next == comp {
                break;
            }
            comp = next;
        }
        rest = rest.andnot(comp);
        out.push(comp);
    }
    out
}

/// Gold from castles: 3 per castle touched by at least one settlement (§8.1).
pub(crate) fn castle_gold(layout: &Layout, own: Bits) -> i32 {
    layout
        .specials
        .iter()
        .zip(&layout.special_nbr)
        .filter(|(&h, nbr)| layout.cell[h as usize] == CASTLE && nbr.intersects(&own))
        .count() as i32
        * 3
}

/// Settlement counts per sector (TL, TR, BL, BR).
pub(crate) fn sector_counts(own: Bits) -> [u32; 4] {
    let g = geometry();
    [0, 1, 2, 3].map(|k| own.and(g.sectors[k]).count())
}

/// Gold of one card for every player. `all[p]` are player `p`'s settlements.
pub(crate) fn card_gold(
    card: KbCard,
    layout: &Layout,
    all: &[Bits],
    lords_requires_presence: bool,
) -> Vec<i32> {
    let g = geometry();
    match card {
        KbCard::Lords => {
            let n = all.len();
            let mut gold = vec![0; n];
            let counts: Vec<[u32; 4]> = all.iter().map(|&b| sector_counts(b)).collect();
            for k in 0..4 {
                let competes = |p: usize| !lords_requires_presence || counts[p][k] > 0;
                let v1 = (0..n).filter(|&p| competes(p)).map(|p| counts[p][k]).max();
                let Some(v1) = v1 else { continue };
                let v2 = (0..n)
                    .filter(|&p| competes(p) && counts[p][k] < v1)
                    .map(|p| counts[p][k])
                    .max();
                for p in 0..n {
                    if !competes(p) {
                        continue;
                    }
                    if counts[p][k] == v1 {
                        gold[p] += 12;
                    } else if Some(counts[p][k]) == v2 {
                        gold[p] += 6;
                    }
                }
            }
            gold
        }
        _ => all
            .iter()
            .map(|&own| match card {
                KbCard::Fishermen => own
                    .andnot(layout.water)
                    .and(layout.water.neighbours())
                    .count() as i32,
                KbCard::Merchants => {
                    let mut linked = 0u32;
                    for area in areas(own) {
                        let mut touched = 0u32;
                        let mut n = 0;
                        for (k, nbr) in layout.special_nbr.iter().enumerate() {
                            if nbr.intersects(&area) {
                                touched |= 1 << k;
                                n += 1;
                            }
                        }
                        if n >= 2 {
                            linked |= touched;
                        }
                    }
                    4 * linked.count_ones() as i32
                }
                KbCard::Discoverers => {
                    (0..ROWS).filter(|&r| g.rows[r].intersects(&own)).count() as i32
                }
                KbCard::Hermits => areas(own).len() as i32,
                KbCard::Citizens => {
                    areas(own).iter().map(|a| a.count()).max().unwrap_or(0) as i32 / 2
                }
                KbCard::Miners => own.and(layout.mountain.neighbours()).count() as i32,
                KbCard::Workers => own.and(layout.special.neighbours()).count() as i32,
                KbCard::Knights => {
                    2 * (0..ROWS)
                        .map(|r| g.rows[r].and(own).count())
                        .max()
                        .unwrap_or(0) as i32
                }
                KbCard::Farmers => 3 * sector_counts(own).into_iter().min().unwrap_or(0) as i32,
                KbCard::Lords => 0,
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::KbCard;

    /// Card indices address per-card arrays (scores, observation planes): each card its own slot,
    /// in the order of `ALL`, and each name leads back to its card.
    #[test]
    fn every_card_has_its_own_index_and_name() {
        for (i, &card) in KbCard::ALL.iter().enumerate() {
            assert_eq!(card.index(), i);
            assert_eq!(KbCard::from_name(card.name()), Some(card));
        }
        assert_eq!(KbCard::from_name("nobody"), None);
    }
}
