//! Trade (spec §A9): maritime rates and the player-trade offer menu, its encoding and its
//! answers.

use crate::board;
use crate::board::GENERIC;
use crate::ids::*;
use crate::state::{Catan, Phase};

/// A player trade offer decoded: give `n1` of `a`, get `n2` of `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    pub give: usize,
    pub give_n: u8,
    pub get: usize,
    pub get_n: u8,
}

/// Both offer encodings put `give_n - 1` in bit 1 of a group of 4 offers (bit 0 is `get_n - 1`):
/// the offers of one group that a holding of `n` can pay for.
#[inline]
pub(crate) fn payable_in_group(n: u32) -> u64 {
    match n {
        0 => 0,
        1 => 0b0011,
        _ => 0b1111,
    }
}

/// Resource offers (indices below [`NUM_OFFERS`]) a hand can pay for, as a bit mask: offer
/// `o = ((give*4 + get')*2 + give_n-1)*2 + get_n-1`, so the 16 offers giving resource `a` are bits
/// `16a..16a+16`, four groups of 4 (one per resource received).
#[inline]
pub(crate) fn affordable_offers(hand: &[u8; 5]) -> u128 {
    let mut m = 0u128;
    for (a, &n) in hand.iter().enumerate() {
        m |= ((payable_in_group(n as u32) * 0x1111) as u128) << (16 * a);
    }
    m
}

/// Coin offers (index `NUM_OFFERS + j`, `j < NUM_COIN_OFFERS`) a player holding `coins` coins
/// (or B9 gold) and `hand` can pay for, as a bit mask over `j`: the same decoding as
/// [`Offer::decode`] without decoding 40 offers per legal-action call. Within each 4-offer
/// group (one resource) bit 1 is `n1 - 1`, so giving one needs the low two bits (`0b0011`).
#[inline]
pub(crate) fn affordable_coin_offers(coins: u32, hand: &[u8; 5]) -> u64 {
    // j < 20: give n1 coins for resource k / 4; the same block for each of the 5 resources.
    let mut m = payable_in_group(coins) * 0x1_1111;
    // j >= 20: give n1 of resource r for coins.
    for (r, &n) in hand.iter().enumerate() {
        m |= payable_in_group(n as u32) << (20 + 4 * r);
    }
    m
}

impl Offer {
    /// Offer index → offer. Indices `NUM_OFFERS..NUM_OFFERS + NUM_COIN_OFFERS` (B6) trade coins:
    /// `j < 20` gives `n1` coins for `n2` of resource `b` (`j = (b*2 + n1-1)*2 + n2-1`), `j >= 20`
    /// gives `n1` of resource `a` for `n2` coins (`j - 20 = (a*2 + n1-1)*2 + n2-1`).
    pub fn decode(o: u32) -> Offer {
        if o >= NUM_OFFERS {
            let j = (o - NUM_OFFERS).min(NUM_COIN_OFFERS - 1);
            let k = j % 20;
            let (n1, n2, r) = (((k / 2) % 2) as u8 + 1, (k % 2) as u8 + 1, (k / 4) as usize);
            return if j < 20 {
                Offer {
                    give: COINS,
                    give_n: n1,
                    get: r,
                    get_n: n2,
                }
            } else {
                Offer {
                    give: r,
                    give_n: n1,
                    get: COINS,
                    get_n: n2,
                }
            };
        }
        let n2 = (o % 2) as u8 + 1;
        let n1 = ((o / 2) % 2) as u8 + 1;
        let ab = (o / 4) as usize;
        let a = ab / 4;
        let bi = ab % 4;
        let b = if bi < a { bi } else { bi + 1 };
        Offer {
            give: a,
            give_n: n1,
            get: b,
            get_n: n2,
        }
    }
    pub fn encode(&self) -> Option<u32> {
        if self.give == self.get || self.give > COINS || self.get > COINS {
            return None;
        }
        if !(1..=2).contains(&self.give_n) || !(1..=2).contains(&self.get_n) {
            return None;
        }
        if self.give == COINS || self.get == COINS {
            let (r, side) = if self.give == COINS {
                (self.get, 0)
            } else {
                (self.give, 20)
            };
            let k = ((r as u32 * 2 + self.give_n as u32 - 1) * 2) + self.get_n as u32 - 1;
            return Some(NUM_OFFERS + side + k);
        }
        let bi = if self.get < self.give {
            self.get
        } else {
            self.get - 1
        };
        Some(
            (((self.give * 4 + bi) as u32 * 2 + self.give_n as u32 - 1) * 2) + self.get_n as u32
                - 1,
        )
    }
}

/// The name of a good of an [`Offer`]: a resource, or coins.
pub fn good_name(k: usize) -> &'static str {
    board::RESOURCES.get(k).copied().unwrap_or("coins")
}

/// Maritime trade index → (give, get).
pub fn maritime_decode(m: u32) -> (usize, usize) {
    let a = (m / 4) as usize;
    let bi = (m % 4) as usize;
    (a, if bi < a { bi } else { bi + 1 })
}

impl Catan {
    /// The bank trade rates of player `p` for each resource (one ownership mask for all five).
    pub(crate) fn rates(&self, p: usize) -> [u8; 5] {
        // B8: a conquered building's harbour cannot be used.
        let mine = (self.settlements[p] | self.cities[p]) & !self.dead_vertices();
        let any = if self.board.harbor_vertices[GENERIC as usize] & mine != 0 {
            3
        } else {
            4
        };
        std::array::from_fn(|r| {
            if self.board.harbor_vertices[r] & mine != 0 {
                2
            } else {
                any
            }
        })
    }

    /// The trade rate of player `p` for giving resource `r` to the bank.
    pub fn rate(&self, p: usize, r: usize) -> u8 {
        self.rates(p)[r]
    }

    /// The player to move puts offer `i` on the table.
    pub(crate) fn make_offer(&mut self, i: u32) {
        let p = self.current as usize;
        let o = Offer::decode(i);
        self.offers_made += 1;
        self.offers_used |= 1u128 << i;
        self.offer = i as u8;
        self.accepters = 0;
        self.reveal_at_least(p, o.give, o.give_n);
        self.responder = ((p + 1) % self.n()) as u8;
        self.phase = Phase::TradeResponse;
    }

    /// Move `k` of good `r` (a resource, or B6 coins) from `from` to `to` in a player trade.
    pub(crate) fn trade_good(&mut self, from: usize, to: usize, r: usize, k: u8) {
        if r < 5 {
            self.lose(from, r, k);
            self.gain(to, r, k);
        } else {
            self.trade_coins(from, to, k as u32);
        }
    }

    pub(crate) fn next_responder(&mut self) {
        let n = self.n();
        let next = (self.responder as usize + 1) % n;
        if next == self.current as usize {
            self.phase = if self.accepters == 0 {
                Phase::Main
            } else {
                Phase::TradeDecision
            };
        } else {
            self.responder = next as u8;
        }
    }
}
