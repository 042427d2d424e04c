//! Why an action is refused, naming the rule (docs/api.md: an `IllegalActionError` says why).
//! Computed only once `apply` has found the action illegal, so legal-move generation pays
//! nothing for it.

use crate::actions::*;
use crate::data::*;
use crate::state::*;
use meeple_core::Action;

/// The step in which an action of this kind is offered, as the rules name it.
fn home(a: Action) -> Option<(&'static [Step], &'static str)> {
    let (steps, phase): (&'static [Step], &'static str) = match a {
        _ if a < PASS => (
            &[Step::ChooseRole],
            "a role is chosen only at a role choice (§3)",
        ),
        _ if (SETTLE..TAKE_QUARRY).contains(&a) => (
            &[Step::Settle],
            "a plantation is taken only on a settler turn (§4.1)",
        ),
        TAKE_QUARRY => (
            &[Step::Settle],
            "a quarry is taken only on a settler turn (§4.1)",
        ),
        HACIENDA_DRAW | HACIENDA_QUARRY => (
            &[Step::Hacienda],
            "the hacienda is used only at the start of its owner's settler turn (§5.3)",
        ),
        _ if (BUILD..PLACE).contains(&a) || (BUILD_X..PLACE_X).contains(&a) => (
            &[Step::Build],
            "a building is bought only on a builder turn (§4.3)",
        ),
        _ if (PLACE..BONUS).contains(&a) || (PLACE_X..DRAFT).contains(&a) => (
            &[Step::Arrange],
            "colonists are placed on circles only in the mayor phase (§4.2)",
        ),
        _ if (BONUS..SELL).contains(&a) => (
            &[Step::CraftsmanBonus],
            "the craftsman's extra barrel comes only after the production (§4.4)",
        ),
        _ if (SELL..LOAD).contains(&a) => (
            &[Step::Trade],
            "a barrel is sold only on a trader turn (§4.5)",
        ),
        _ if (LOAD..WAREHOUSE).contains(&a) => (
            &[Step::Load],
            "barrels are loaded only on a captain turn (§4.6)",
        ),
        _ if (WAREHOUSE..DRAW).contains(&a) => (
            &[Step::Warehouse, Step::Keep],
            "barrels are stored only at the end of the captain phase (§4.6)",
        ),
        _ if (DRAW..NUM_ACTIONS).contains(&a) => (
            &[Step::HaciendaDraw, Step::Refill, Step::LandOfficeDraw],
            "a plantation comes off the deck only at a chance node (a draw)",
        ),
        _ => return None,
    };
    Some((steps, phase))
}

/// The building that `a` builds, if it is a build id of the base game or Expansion I.
fn built(a: Action) -> Option<usize> {
    if (BUILD..PLACE).contains(&a) {
        Some((a - BUILD) as usize)
    } else if (BUILD_X..PLACE_X).contains(&a) {
        Some(BASE_BUILDINGS + (a - BUILD_X) as usize)
    } else {
        None
    }
}

impl PuertoRico {
    /// The rule that refuses `a` here, if one of the common refusals applies.
    pub(crate) fn refusal(&self, a: Action) -> Option<String> {
        let p = self.actor();
        let pl = self.player(p);
        if let Some((steps, rule)) = home(a) {
            if !steps.contains(&self.step) {
                return Some(rule.to_string());
            }
        }
        let good = |g: usize| GOOD_NAMES[g % NUM_GOODS];
        match a {
            _ if a < PASS => {
                let r = a as usize;
                let slot = self.roles.0.get(r)?;
                if !slot.in_play {
                    return Some(format!(
                        "the {} is not in play with {} players (§2)",
                        ROLE_NAMES[r],
                        self.n()
                    ));
                }
                slot.taken.then(|| {
                    format!(
                        "the {} was already chosen this round: each role once a round (§3)",
                        ROLE_NAMES[r]
                    )
                })
            }
            _ if (SETTLE..TAKE_QUARRY).contains(&a) || a == TAKE_QUARRY => {
                if pl.island_used() >= 12 {
                    return Some("the island's 12 spaces are filled (§4.1)".into());
                }
                if a == TAKE_QUARRY {
                    if p != self.chooser as usize && !pl.occupied(Building::ConstructionHut) {
                        return Some(
                            "only the settler (his privilege) or the owner of an occupied \
                             construction hut may take a quarry (§4.1)"
                                .into(),
                        );
                    }
                    if self.quarries == 0 {
                        return Some("no quarries are left (§4.1)".into());
                    }
                    if self.quarry_taken & (1 << p) != 0 {
                        return Some("one quarry per player per settler phase (A13)".into());
                    }
                    return None;
                }
                let k = (a - SETTLE) as usize;
                (self.plantation_row.0[k] == 0)
                    .then(|| format!("no face-up {} plantation is in the row (§4.1)", good(k)))
            }
            _ if built(a).is_some() => {
                let b = built(a)?;
                let name = BUILDINGS[b].name;
                if b >= self.num_buildings() || self.building_supply.0[b] == 0 {
                    return Some(format!(
                        "no {name} is in the supply: all taken, or not in this game's set (§4.3)"
                    ));
                }
                if pl.buildings.0[b] != 0 {
                    return Some(format!(
                        "player {p} owns a {name} already: at most one of each building (§4.3)"
                    ));
                }
                let used = pl.city_used();
                if used + SIZES[b] as u32 > 12 {
                    return Some(format!(
                        "the city has {} free spaces and the {name} needs {} (§4.3)",
                        12u32.saturating_sub(used),
                        SIZES[b]
                    ));
                }
                let price = self.price(p, b);
                (price > pl.doubloons).then(|| {
                    format!(
                        "the {name} costs {price} after the discounts (§4.3) and player {p} has \
                         {} doubloons",
                        pl.doubloons
                    )
                })
            }
            _ if (BONUS..SELL).contains(&a) => {
                let g = (a - BONUS) as usize;
                if self.craftsman_kinds & (1 << g) == 0 {
                    return Some(format!(
                        "the craftsman's extra barrel must be a kind he produced this phase, \
                         and he produced no {} (§4.4)",
                        good(g)
                    ));
                }
                (self.goods_supply.0[g] == 0)
                    .then(|| format!("no {} is left in the supply (A15)", good(g)))
            }
            _ if (SELL..LOAD).contains(&a) => {
                let g = (a - SELL) as usize;
                if pl.goods.0[g] == 0 {
                    return Some(format!("player {p} has no {} to sell (§4.5)", good(g)));
                }
                if self.trading_house.total() >= 4 {
                    return Some("the trading house is full: 4 barrels (§4.5)".into());
                }
                (self.trading_house.0[g] > 0).then(|| {
                    format!(
                        "the trading house holds {} already: only the owner of an occupied office \
                         sells a kind it holds (§4.5)",
                        good(g)
                    )
                })
            }
            _ if (LOAD..WHARF).contains(&a) => self.load_refusal(p, a),
            _ if (WHARF..WAREHOUSE).contains(&a) => {
                let g = (a - WHARF) as usize;
                if !pl.occupied(Building::Wharf) {
                    return Some(format!("player {p} has no occupied wharf (§5.3)"));
                }
                if self.wharf_used & (1 << p) != 0 {
                    return Some("the wharf ships once per captain phase (§5.3)".into());
                }
                (pl.goods.0[g] == 0).then(|| format!("player {p} has no {} (§5.3)", good(g)))
            }
            PASS if self.step == Step::Load => {
                Some("loading is compulsory: a player who can load a ship must (§4.6 c)".into())
            }
            _ if (DRAW..NUM_ACTIONS).contains(&a) => {
                let k = (a - DRAW) as usize;
                (self.deck.0[k] == 0)
                    .then(|| format!("no {} plantation is left in the deck", good(k)))
            }
            _ => None,
        }
    }

    /// Why loading `a` (`LOAD + 3 g + s`) is refused: the captain's loading rules a-f (§4.6).
    fn load_refusal(&self, p: usize, a: Action) -> Option<String> {
        let g = ((a - LOAD) / 3) as usize;
        let s = ((a - LOAD) % 3) as usize;
        let name = GOOD_NAMES[g];
        let held = self.player(p).goods.0[g];
        let ships = self.ships.as_slice();
        let Some(ship) = ships.get(s) else {
            return Some(format!("there is no cargo ship {s} in this game"));
        };
        if held == 0 {
            return Some(format!("player {p} has no {name} to load (§4.6)"));
        }
        if let Some(other) = ship.good.filter(|&k| k != GOODS[g]) {
            return Some(format!(
                "ship {s} carries {}: a ship carries one kind only (§4.6 a)",
                other.name()
            ));
        }
        if let Some(t) = (0..ships.len()).find(|&t| t != s && ships[t].good == Some(GOODS[g])) {
            return Some(format!(
                "{name} is on ship {t} already: a kind goes on one ship only (§4.6 a)"
            ));
        }
        if ship.count >= ship.capacity {
            return Some(format!("ship {s} is full (§4.6 b)"));
        }
        Some(format!(
            "{name} must go on the empty ship that takes the most of it (§4.6 f)"
        ))
    }
}
