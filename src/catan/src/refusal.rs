//! Why a base-game action is refused, naming the rule (docs/api.md: an `IllegalActionError`
//! says why). Computed only once `apply` has found the action illegal, so legal-move generation
//! pays nothing for it. The scenarios' own actions keep the generic message.

use crate::board::RESOURCES;
use crate::ids::*;
use crate::state::{has, Catan, Phase};
use crate::trade::maritime_decode;
use meeple_core::Action;

/// What a cost is, for a message.
fn cost_text(cost: &[u8; 5]) -> String {
    let parts: Vec<String> = (0..5)
        .filter(|&r| cost[r] > 0)
        .map(|r| format!("{} {}", cost[r], RESOURCES[r]))
        .collect();
    parts.join(" + ")
}

impl Catan {
    /// The rule that refuses `a` here, if one of the common refusals applies.
    pub(crate) fn refusal(&self, a: Action) -> Option<String> {
        let p = self.current as usize;
        let building = a < A_ROLL || a == A_BUY_DEV || (A_MARITIME..A_ACCEPT).contains(&a);
        match self.phase {
            Phase::SetupSettlement | Phase::SetupRoad if a < A_ROLL => {
                return self.setup_refusal(a);
            }
            Phase::PreRoll if building => {
                return Some("the dice are rolled before building or trading (§A6)".into())
            }
            Phase::PreRoll if a == A_END => {
                return Some("a turn ends only after the roll (§A6)".into())
            }
            Phase::Main if a == A_ROLL => {
                return Some("the dice are rolled once a turn, at its start (§A6)".into())
            }
            Phase::Main | Phase::PreRoll => {}
            _ if building || a == A_ROLL || a == A_END || (A_PLAY..A_PLAY + 4).contains(&a) => {
                return Some("the turn is interrupted: this choice must be made first (§A6)".into())
            }
            _ => return None,
        }
        let hand = &self.hand[p];
        let short = |what: &str, cost: &[u8; 5]| {
            (!has(hand, cost)).then(|| format!("{what} costs {} (§A5)", cost_text(cost)))
        };
        if a < A_ROAD {
            let v = a - A_SETTLE;
            if self.blocked & (1u64 << v) != 0 {
                return Some(
                    "the vertex is built on or next to a building: the distance rule (§A4)".into(),
                );
            }
            if self.settlement_spots(p) & (1u64 << v) == 0 {
                return Some("a settlement must touch one of the player's roads (§A5)".into());
            }
            if self.settlements[p].count_ones() >= MAX_SETTLEMENTS {
                return Some("all 5 of the player's settlements are on the board (§A1)".into());
            }
            return short("a settlement", &COST_SETTLEMENT);
        }
        if a < A_CITY {
            let e = a - A_ROAD;
            if self.all_roads & (1u128 << e) != 0 {
                return Some("that edge holds a road already (§A5)".into());
            }
            if self.road_spots(p) & (1u128 << e) == 0 {
                return Some(
                    "a road must touch the player's road, settlement or city, not through an \
                     opponent's building (§A5)"
                        .into(),
                );
            }
            if self.road_blocked(p) {
                return Some("a damaged road must be repaired before building roads (B2)".into());
            }
            if self.road_pieces(p) >= MAX_ROADS {
                return Some("all 15 of the player's roads are on the board (§A1)".into());
            }
            return short("a road", &COST_ROAD);
        }
        if a < A_ROLL {
            let v = a - A_CITY;
            if self.settlements[p] & (1u64 << v) == 0 {
                return Some("a city replaces one of the player's own settlements (§A5)".into());
            }
            if self.cities[p].count_ones() >= MAX_CITIES {
                return Some("all 4 of the player's cities are on the board (§A1)".into());
            }
            return short("a city", &COST_CITY);
        }
        if a == A_BUY_DEV {
            if let Some(why) = short("a development card", &COST_DEV) {
                return Some(why);
            }
            return Some("the development deck is empty (§A5)".into());
        }
        if (A_PLAY..A_PLAY + 4).contains(&a) {
            let k = PLAYABLE[(a - A_PLAY) as usize];
            if self.dev_played_turn {
                return Some("at most one development card is played a turn (§A7)".into());
            }
            if self.dev[p][k] == 0 {
                return Some(format!("player {p} holds no {} card", DEV_NAMES[k]));
            }
            if self.dev[p][k] <= self.dev_new[p][k] {
                return Some(
                    "a development card bought this turn cannot be played this turn (§A7)".into(),
                );
            }
            return None;
        }
        if (A_MARITIME..A_OFFER).contains(&a) {
            let (give, get) = maritime_decode(a - A_MARITIME);
            let rate = self.rate(p, give);
            if hand[give] < rate {
                return Some(format!(
                    "the player's rate for {} is {rate}:1 and he holds {} (§A6 maritime trade)",
                    RESOURCES[give], hand[give]
                ));
            }
            return (self.bank[get] == 0)
                .then(|| format!("the bank has no {} left", RESOURCES[get]));
        }
        None
    }

    fn setup_refusal(&self, a: Action) -> Option<String> {
        match self.phase {
            Phase::SetupSettlement if a < A_ROAD => (self.blocked & (1u64 << (a - A_SETTLE)) != 0)
                .then(|| "the distance rule: no settlement next to another (§A4)".into()),
            Phase::SetupSettlement => {
                Some("a settlement comes first in each placement round (§A4)".into())
            }
            Phase::SetupRoad if (A_ROAD..A_CITY).contains(&a) => {
                Some("the set-up road must touch the settlement just placed (§A4)".into())
            }
            _ => Some("a set-up placement is a settlement and then a road (§A4)".into()),
        }
    }
}
