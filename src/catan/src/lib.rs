//! Catan (base game, 3–4 players; 2 players = the B4 Catan for Two module, `two/`) for meeple:
//! spec `rules/catan.md` Part A, with the Traders & Barbarians modules of Part B.
//!
//! The state is plain fixed-size data: buildings and roads are bitsets over the dense vertex and
//! edge ids of spec §A2 (`u64` per player for settlements and cities, `u128` for roads), hands are
//! `[u8; 5]` arrays, and the geometry tables are built once ([`geometry::Geometry::base`]). The
//! serialized form is a readable position (see `position.rs` and `docs/games/catan.md`).
//!
//! Action ids (fixed for every configuration of the base game, 353 in all):
//!
//! | ids | action |
//! |---|---|
//! | 0..54 | build a settlement on vertex `v` (set-up and main phase) |
//! | 54..126 | build a road on edge `e` (set-up, main phase, Road Building) |
//! | 126..180 | upgrade the settlement on vertex `v` to a city |
//! | 180 | roll the dice |
//! | 181 | end the turn |
//! | 182 | buy a development card |
//! | 183..187 | play knight, road building, year of plenty, monopoly |
//! | 187..192 | year of plenty: take resource `r` |
//! | 192..197 | monopoly: name resource `r` |
//! | 197..216 | move the robber to land hex `h` |
//! | 216..220 | steal from seat `p` |
//! | 220..225 | discard one card of resource `r` |
//! | 225..245 | maritime trade: give resource `a` (at the best rate) for one `b`, `a*4 + (b if b<a else b-1)` |
//! | 245..325 | player trade offer `((a*4 + b')*2 + n1-1)*2 + n2-1`: give `n1` of `a` for `n2` of `b` |
//! | 325, 326 | accept / decline the offer on the table |
//! | 327..331 | trade with seat `p` (who accepted) |
//! | 331 | withdraw the offer |
//! | 332..343 | chance: the dice sum 2..12 |
//! | 343..348 | chance: the stolen card is resource `r` |
//! | 348..353 | chance: the drawn development card is of kind `k` |
//!
//! Resources `r`: lumber, brick, wool, grain, ore. Development kinds `k`: knight, victory_point,
//! road_building, year_of_plenty, monopoly. Hexes, vertices and edges by their dense ids.

#![allow(clippy::needless_range_loop)]

// The base game, one rule area per file (see docs/architecture.md).
mod accessors;
mod apply;
mod building;
mod deal;
mod development;
mod game;
mod hands;
pub mod ids;
mod labels;
mod legal;
mod observe;
mod options;
mod position;
mod production;
mod refusal;
mod score;
mod state;
mod trade;
mod turn;
mod visibility;

// The Traders & Barbarians modules (spec Part B), and the one dispatch point between them and
// the base.
pub mod barbarian_attack;
pub mod board;
pub mod caravans;
pub mod events;
pub mod fishermen;
pub mod geometry;
mod harbormaster;
mod modules;
pub mod rivers;
pub mod traders;
mod traders_two;
pub mod two;

pub(crate) use geometry::{bits128, bits64};
pub use ids::*;
pub use options::catan_for_two;
pub(crate) use options::check_modules;
pub(crate) use options::first_player;
pub(crate) use state::{has, Rules};
pub use state::{Catan, Phase, Scenario};
pub(crate) use trade::affordable_coin_offers;
pub use trade::{good_name, maritime_decode, Offer};

#[doc(hidden)]
pub mod testing {
    //! Hooks for the crate's tests (not part of the API).
    use super::*;

    /// Mutable access to the raw state, for hand-built test positions.
    pub fn hand_mut(g: &mut Catan, p: usize) -> &mut [u8; 5] {
        &mut g.hand[p]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::building::trail;

    use crate::geometry::Geometry;
    use crate::trade::affordable_offers;
    use meeple_core::playout::{random_step, Buffers};
    use meeple_core::{Config, Game, GameRng, Turn};

    /// Every hand of 0-2 cards of each kind.
    fn small_hands() -> impl Iterator<Item = [u8; 5]> {
        (0..3usize.pow(5))
            .map(|code| std::array::from_fn(|r| (code / 3usize.pow(r as u32) % 3) as u8))
    }

    /// The offer mask agrees with decoding every offer, for every hand of 0-2 cards a kind.
    #[test]
    fn affordable_offers_match_decoding() {
        for hand in small_hands() {
            let expected = (0..NUM_OFFERS)
                .filter(|&i| {
                    let o = Offer::decode(i);
                    hand[o.give] >= o.give_n
                })
                .fold(0u128, |m, i| m | 1 << i);
            assert_eq!(affordable_offers(&hand), expected, "hand {hand:?}");
        }
    }

    #[test]
    fn affordable_coin_offers_match_decoding() {
        for coins in 0..4u32 {
            for hand in small_hands() {
                let expected = (0..NUM_COIN_OFFERS)
                    .filter(|&j| {
                        let o = Offer::decode(NUM_OFFERS + j);
                        let have = if o.give == COINS {
                            coins
                        } else {
                            hand[o.give] as u32
                        };
                        have >= o.give_n as u32
                    })
                    .fold(0u64, |m, j| m | 1 << j);
                let got = affordable_coin_offers(coins, &hand);
                assert_eq!(got, expected, "coins {coins} hand {hand:?}");
            }
        }
    }

    /// The mask form of `tb_moves` agrees with pricing each path (Traders & Barbarians, with
    /// 3 players and with Catan for Two's neutral roads).
    #[test]
    fn tb_moves_match_prices() {
        for players in [2, 3] {
            let mut opts = serde_json::Map::new();
            opts.insert("scenario".into(), serde_json::json!("traders_barbarians"));
            let c = Config::new(&Catan::info(), players, &opts).unwrap();
            for seed in 0..20 {
                let mut g = Catan::new(&c, seed).unwrap();
                let mut rng = GameRng::new(seed);
                let mut buf = Buffers::default();
                while random_step(&mut g, &mut rng, &mut buf) {
                    if matches!(g.turn(), Turn::Player(_)) {
                        assert_eq!(g.tb_moves(), g.tb_moves_by_price(), "seed {seed}");
                    }
                }
            }
        }
    }

    /// The start-vertex pruning of `longest_road_of` agrees with starting everywhere.
    #[test]
    fn longest_road_pruning_matches_brute_force() {
        let c = Config::with_players(&Catan::info(), 4).unwrap();
        let g0 = Geometry::base();
        for seed in 0..40 {
            let mut g = Catan::new(&c, seed).unwrap();
            let mut rng = GameRng::new(seed);
            let mut buf = Buffers::default();
            while random_step(&mut g, &mut rng, &mut buf) {
                for p in 0..4 {
                    let own = g.settlements[p] | g.cities[p];
                    let opp = g.occupied & !own;
                    let brute = bits64(g.road_verts[p])
                        .map(|v| trail(g0, g.roads[p], 0, opp, v, 0, true))
                        .max()
                        .unwrap_or(0);
                    assert_eq!(g.longest_road_of(p), brute);
                    assert_eq!(g.road_len[p], brute);
                }
            }
        }
    }
}
