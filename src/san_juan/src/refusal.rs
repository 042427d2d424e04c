//! Why an action is refused, naming the rule (docs/api.md: an `IllegalActionError` says why).
//! Computed only once `apply` has found the action illegal, so legal-move generation pays
//! nothing for it.

use crate::cards::*;
use crate::{Phase, SanJuan, CARD0, GOOD0, NONE, PASS, ROLE0, SLOT0};
use meeple_core::Action;

impl SanJuan {
    /// The rule that refuses `a` here, if one of the common refusals applies.
    pub(crate) fn refusal(&self, a: Action) -> Option<String> {
        let p = self.a();
        if a < PASS {
            return self.role_refusal((a - ROLE0) as usize);
        }
        if a == PASS {
            return match self.phase {
                Phase::BuildPay => Some("the cost must be paid in full (§6.1 step 4)".into()),
                Phase::Draft | Phase::HandLimit | Phase::CouncilDiscard => Some(format!(
                    "player {p} must discard {} more card(s)",
                    self.left
                )),
                Phase::CouncilKeep | Phase::GoldKeep => {
                    Some("the player must keep a card (§6.4, §7 gold mine)".into())
                }
                Phase::PickRole => Some("a player must choose a role on his turn (§5)".into()),
                _ => None,
            };
        }
        if (CARD0..GOOD0).contains(&a) {
            return self.card_refusal(p, (a - CARD0) as u8);
        }
        if (GOOD0..SLOT0).contains(&a) {
            return self.good_refusal(p, (a - GOOD0) as u8);
        }
        None
    }

    fn role_refusal(&self, r: usize) -> Option<String> {
        if self.phase != Phase::PickRole {
            return Some(
                "a role is chosen only when it is a player's turn to pick one (§5)".into(),
            );
        }
        (self.roles.get(r).copied().unwrap_or(NONE) != NONE).then(|| {
            format!(
                "the {} was already chosen this round: each role once a round (§5)",
                ROLES[r % 5]
            )
        })
    }

    fn card_refusal(&self, p: usize, k: u8) -> Option<String> {
        let seat = self.seat(p);
        let name = NAMES[k as usize % KINDS];
        let in_hand = seat.hand[k as usize % KINDS] > 0;
        let not_held = || Some(format!("player {p} holds no {name}"));
        match self.phase {
            Phase::Build => {
                if !in_hand {
                    return not_held();
                }
                if is_violet(k) && seat.has(k) && !seat.has(CRANE) {
                    return Some(format!(
                        "player {p} has a {name} already: only one of each violet building \
                         (§6.1 step 2)"
                    ));
                }
                let cost = self.build_cost(p, k, NONE) as u32;
                let cards = seat.hand_size().saturating_sub(1);
                (cost > cards + self.bm_cap(p, NONE)).then(|| {
                    format!(
                        "the {name} costs {cost} after the reductions (§6.1 step 3) and player \
                         {p} has {cards} other card(s) to pay with"
                    )
                })
            }
            Phase::BuildPay
            | Phase::Draft
            | Phase::HandLimit
            | Phase::CouncilDiscard
            | Phase::Chapel => (!in_hand).then(|| format!("player {p} holds no {name}")),
            Phase::CouncilKeep => (self.drawn[k as usize % KINDS] == 0)
                .then(|| format!("the councilor did not draw a {name} (§6.4)")),
            Phase::GoldKeep => (self.revealed[k as usize % KINDS] == 0)
                .then(|| format!("no {name} was revealed by the gold mine (§7)")),
            _ => Some(
                "a card is chosen only to build, pay, discard, tuck under a chapel or keep".into(),
            ),
        }
    }

    fn good_refusal(&self, p: usize, g: u8) -> Option<String> {
        let good = GOODS[g as usize % 5];
        match self.phase {
            Phase::Produce => {
                if self.empty_slot(p, g).is_none() {
                    return Some(format!(
                        "player {p} has no empty {good} production building (§6.2)"
                    ));
                }
                (self.cards_available() == 0)
                    .then(|| "no card is left to produce with (A16)".to_string())
            }
            Phase::Sell => self
                .slot_with_good(p, g, NONE)
                .is_none()
                .then(|| format!("player {p} has no {good} good to sell (§6.3)")),
            Phase::BuildPay => {
                if !self.seat(p).has_except(BLACK_MARKET, self.bt) {
                    return Some(format!(
                        "only the owner of a black market pays with goods, and player {p} has \
                         none (§7)"
                    ));
                }
                if self.bm >= 2 {
                    return Some("the black market pays at most 2 goods (§7)".into());
                }
                self.slot_with_good(p, g, self.bt)
                    .is_none()
                    .then(|| format!("player {p} has no {good} good to pay with (§7)"))
            }
            _ => Some(
                "goods are produced, sold, or paid to a black market only in the producer, \
                 trader and builder phases (§6)"
                    .into(),
            ),
        }
    }
}
