//! Traders & Barbarians B5: The Fishermen of Catan (rules spec §B5, decisions D-03, D-31..D-38).
//!
//! The lake replaces the desert (inland, no number token; it fishes on 2, 3, 11 and 12), six
//! fishing grounds in the sea frame fish on their numbers, and the fish supply is a face-down
//! multiset of 29 fish tokens (1, 2 or 3 fish) plus the old boot. A draw is a chance node
//! weighted by what is left in the supply (the supply's order is never stored); spent tokens lie
//! face up beside it and are reshuffled into a new supply when the last token is drawn. A player
//! spends a set of his tokens on one fish action (robber off, steal, resource, free road, free
//! development card); the robber starts beside the board and enters on the first 7 or Knight.

use crate::board::{Board, DESERT, LAKE};
use crate::geometry::{bits64, hex_corners, Geometry, NH, NV};
use crate::{Catan, Phase, A_ROAD, A_SCENARIO, A_YOP, MAX_PLAYERS, ROBBER_OFF};
use meeple_core::{Config, GameError, GameRng};
use serde_json::{json, Value};
pub use state::{FishPos, Ground, State, Tokens};

pub mod json;
pub mod rules;
mod state;
pub mod view;

/// Payments: every multiset of at most 7 tokens, `[ones, twos, threes]`, in lexicographic order
/// (a player never holds more than 7 fish tokens, §B5.3).
pub const NPAY: usize = 120;
pub const PAYMENTS: [[u8; 3]; NPAY] = payments();

const fn payments() -> [[u8; 3]; NPAY] {
    let mut out = [[0u8; 3]; NPAY];
    let mut i = 0;
    let mut a = 0u8;
    while a <= 7 {
        let mut b = 0u8;
        while a + b <= 7 {
            let mut c = 0u8;
            while a + b + c <= 7 {
                out[i] = [a, b, c];
                i += 1;
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
}

/// `PAY_INDEX[a][b]`: the index in [`PAYMENTS`] of `[a, b, 0]` (for `a + b <= 7`); `[a, b, c]`
/// follows at `+ c`. Lets the legal-action loop visit only the payments a hand can make.
const PAY_INDEX: [[u8; 8]; 8] = pay_index();

const fn pay_index() -> [[u8; 8]; 8] {
    let mut out = [[0u8; 8]; 8];
    let mut i = 0;
    while i < NPAY {
        let [a, b, c] = PAYMENTS[i];
        if c == 0 {
            out[a as usize][b as usize] = i as u8;
        }
        i += 1;
    }
    out
}

/// The fish actions of §B5.4 by kind, their prices and names.
pub const KIND_COST: [u8; 5] = [2, 3, 4, 5, 7];
pub const KIND_NAMES: [&str; 5] = [
    "remove_robber",
    "steal",
    "resource",
    "road",
    "development_card",
];
pub const K_ROBBER: usize = 0;
pub const K_STEAL: usize = 1;
pub const K_RESOURCE: usize = 2;
pub const K_ROAD: usize = 3;
pub const K_DEV: usize = 4;

/// Action ids, from [`A_SCENARIO`]: move the robber beside the board (Friendly Robber fallback,
/// D-03); pay for a fish action (kind × payment); give the old boot to seat `q`; swap a held
/// token of value 1..3 at the 7-token cap (D-34) or keep; chance: the drawn token (boot, 1, 2, 3).
pub const A_BESIDE: u32 = A_SCENARIO;
pub const A_PAY: u32 = A_BESIDE + 1;
pub const A_BOOT: u32 = A_PAY + 5 * NPAY as u32;
pub const A_SWAP: u32 = A_BOOT + MAX_PLAYERS as u32;
pub const A_KEEP: u32 = A_SWAP + 3;
pub const C_FISH: u32 = A_KEEP + 1;

/// Action ids this module numbers (from [`crate::A_SCENARIO`]).
pub const NUM_ACTIONS: u32 = C_FISH + 4 - A_SCENARIO;

/// Token kinds: index 0 is the old boot, 1..=3 the fish tokens of that value.
pub const TOKEN_TOTALS: [u8; 4] = [1, 11, 10, 8];
/// Most fish tokens a player may hold (the boot does not count, D-34).
pub const FISH_CAP: u32 = 7;
/// The lake fishes on these sums (§B5.3).
pub const LAKE_NUMBERS: [u8; 4] = [2, 3, 11, 12];
/// Engine default positions of the fishing grounds (§B5.2, review R4): the six non-corner sea
/// hexes without a harbour, one per side of the frame.
pub const DEFAULT_GROUNDS: [(i32, i32); 6] = [(1, -3), (3, -1), (2, 1), (-2, 3), (-3, 2), (-1, -2)];
pub const GROUND_NUMBERS: [u8; 6] = [4, 5, 6, 8, 9, 10];

impl State {
    /// §B5.6: with Catan for Two each player starts with 5 fish tokens (2 × 1, 2 × 2, 1 × 3).
    pub fn deal_two_player_start(&mut self) {
        for p in 0..2 {
            self.held[p] = [0, 2, 2, 1];
            for k in 1..4 {
                self.supply[k] -= self.held[p][k];
            }
        }
    }

    pub fn new(config: &Config, board: &Board, grounds: [Ground; 6]) -> State {
        let lake = (0..NH).find(|&h| board.terrain[h] == LAKE).unwrap_or(0);
        State {
            grounds,
            lake: lake as u8,
            lake_corners: Geometry::base().hex_corner_mask[lake],
            supply: TOKEN_TOTALS,
            spent: [0; 4],
            held: [[0; 4]; MAX_PLAYERS],
            draws: [0; MAX_PLAYERS],
            swap: 0,
            stealing: false,
            then_roll: false,
            robber_on_lake: config.bool("fish_robber_on_lake"),
            minimal_only: config.bool("fish_minimal_only"),
            tied_leader_may_give: config.bool("boot_tied_leader_may_give"),
            fallback_lake: config.str("fish_robber_fallback") == "lake",
        }
    }

    /// Fish tokens held by `p` (the boot excluded).
    pub fn fish_count(&self, p: usize) -> u32 {
        self.held[p][1..].iter().map(|&x| x as u32).sum()
    }

    /// Fish held by `p` (sum of token values).
    pub fn fish_value(&self, p: usize) -> u32 {
        (1..4).map(|v| v as u32 * self.held[p][v] as u32).sum()
    }

    pub fn supply_total(&self) -> u32 {
        self.supply.iter().map(|&x| x as u32).sum()
    }

    pub fn spent_total(&self) -> u32 {
        self.spent.iter().map(|&x| x as u32).sum()
    }

    /// The boot's holder, if a player holds it.
    pub fn boot_holder(&self) -> Option<usize> {
        (0..MAX_PLAYERS).find(|&p| self.held[p][0] > 0)
    }

    /// When the supply is empty, the spent tokens become the new face-down supply (§B5.3).
    fn reshuffle_if_empty(&mut self) {
        if self.supply_total() == 0 {
            for k in 0..4 {
                self.supply[k] += self.spent[k];
                self.spent[k] = 0;
            }
        }
    }

    /// Fishing numbers per vertex, for observation and evaluation.
    pub fn vertex_ground(&self, v: usize) -> Option<&Ground> {
        self.grounds.iter().find(|g| g.verts & (1u64 << v) != 0)
    }
}

/// Whether `pay` (ones, twos, threes) is a legal payment for a price: enough fish, and (D-37)
/// with `minimal` no token could be left out.
pub fn pay_ok(pay: [u8; 3], cost: u8, minimal: bool) -> bool {
    let sum: u32 = (0..3).map(|i| pay[i] as u32 * (i as u32 + 1)).sum();
    if sum < cost as u32 {
        return false;
    }
    if minimal {
        // The smallest token present decides: if the sum without it still covers, not minimal.
        if let Some(i) = (0..3).find(|&i| pay[i] > 0) {
            return sum - (i as u32 + 1) < cost as u32;
        }
    }
    true
}

/// Decode a payment action: (kind, payment).
pub fn decode_pay(a: u32) -> (usize, [u8; 3]) {
    let i = (a - A_PAY) as usize;
    (i / NPAY, PAYMENTS[i % NPAY])
}

pub fn pay_text(pay: [u8; 3]) -> String {
    let mut parts = Vec::new();
    for v in 0..3 {
        for _ in 0..pay[v] {
            parts.push((v + 1).to_string());
        }
    }
    parts.join("+")
}

/// Vertices of a sea hex that lie on the island.
fn sea_vertices(q: i32, r: i32) -> u64 {
    let g = Geometry::base();
    hex_corners(q, r)
        .iter()
        .filter_map(|&(vq, vr, t)| g.vertex_id(vq, vr, t))
        .fold(0u64, |m, v| m | (1u64 << v))
}

/// Read the `fishing_grounds` list of a map (`[{"sea_hex": [q, r], "number": n}]`); left out =
/// the default positions with the printed example's numbers.
pub fn read_grounds(map: &Value) -> Result<[Ground; 6], String> {
    let Some(list) = map.get("fishing_grounds") else {
        return Ok(default_grounds(&BEGINNER_NUMBERS));
    };
    let list = list
        .as_array()
        .ok_or("map: 'fishing_grounds' must be a list")?;
    if list.len() != 6 {
        return Err(format!(
            "map: {} fishing grounds given; the scenario has exactly 6",
            list.len()
        ));
    }
    let mut out = [Ground::default(); 6];
    let mut numbers = Vec::new();
    for (i, gv) in list.iter().enumerate() {
        let (q, r) = gv
            .get("sea_hex")
            .and_then(crate::board::read_hex_pair)
            .ok_or(format!("map: fishing ground #{i} needs sea_hex [q, r]"))?;
        let number = gv
            .get("number")
            .and_then(Value::as_u64)
            .filter(|n| GROUND_NUMBERS.contains(&(*n as u8)) && *n <= 12)
            .ok_or(format!(
                "map: fishing ground #{i} needs a number among 4, 5, 6, 8, 9, 10"
            ))? as u8;
        if crate::geometry::is_land(q, r) {
            return Err(format!(
                "map: fishing ground ({q},{r}) is a land hex; grounds lie in the sea frame"
            ));
        }
        let verts = sea_vertices(q, r);
        if verts.count_ones() != 3 {
            return Err(format!(
                "map: fishing ground ({q},{r}) touches {} land vertices; a ground touches exactly 3 (a non-corner frame hex)",
                verts.count_ones()
            ));
        }
        if out[..i].iter().any(|g| g.sea == (q, r)) {
            return Err(format!("map: two fishing grounds on ({q},{r})"));
        }
        numbers.push(number);
        out[i] = Ground {
            sea: (q, r),
            number,
            verts,
        };
    }
    numbers.sort();
    if numbers != GROUND_NUMBERS {
        return Err(
            "map: the fishing grounds carry the numbers 4, 5, 6, 8, 9, 10 once each".into(),
        );
    }
    Ok(out)
}

/// The printed example's numbers on [`DEFAULT_GROUNDS`] (from the fishermen map data).
pub const BEGINNER_NUMBERS: [u8; 6] = [4, 9, 6, 10, 5, 8];

fn default_grounds(numbers: &[u8; 6]) -> [Ground; 6] {
    std::array::from_fn(|i| {
        let (q, r) = DEFAULT_GROUNDS[i];
        Ground {
            sea: (q, r),
            number: numbers[i],
            verts: sea_vertices(q, r),
        }
    })
}

pub fn grounds_json(grounds: &[Ground; 6]) -> Value {
    let geo = Geometry::base();
    Value::Array(
        grounds
            .iter()
            .map(|g| {
                json!({
                    "sea_hex": [g.sea.0, g.sea.1],
                    "number": g.number,
                    "vertices": bits64(g.verts).map(|v| geo.vertex_name(v)).collect::<Vec<_>>(),
                })
            })
            .collect(),
    )
}

/// Check the lake of a fishermen board: exactly one, inland, no desert (it replaces the desert).
pub fn check_lake(board: &Board) -> Result<(), String> {
    let g = Geometry::base();
    let lakes: Vec<usize> = (0..NH).filter(|&h| board.terrain[h] == LAKE).collect();
    if (0..NH).any(|h| board.terrain[h] == DESERT) {
        return Err("the fishermen board has no desert: the lake replaces it".into());
    }
    match lakes[..] {
        [h] if g.hex_nbrs[h].count_ones() == 6 => Ok(()),
        [h] => Err(format!(
            "the lake {} is on the coast; it must be one of the 7 inland hexes",
            g.hex_name(h)
        )),
        _ => Err(format!(
            "the fishermen board has exactly one lake, not {}",
            lakes.len()
        )),
    }
}

/// The fishermen board: the `map` option (with a lake and optional fishing grounds), the printed
/// example on the beginner map, or the variable set-up with the lake on a random inland hex and
/// the ground numbers shuffled. The robber starts beside the board (§B5.2 step 4).
pub fn make_board(config: &Config, rng: &mut GameRng) -> Result<(Board, [Ground; 6]), GameError> {
    let bad = |e: String| GameError::bad_option("map", e);
    let from_map = |map: &Value| -> Result<(Board, [Ground; 6]), GameError> {
        let mut m = map.clone();
        if let Some(o) = m.as_object_mut() {
            match o.get("robber_start").and_then(|r| r.get("hex")) {
                None | Some(Value::Null) => {
                    o.remove("robber_start");
                }
                Some(_) => {
                    return Err(bad(
                        "the fishermen robber starts beside the board: robber_start must be null or left out".into(),
                    ))
                }
            }
        }
        let (b, _) = Board::from_map(&m).map_err(bad)?;
        check_lake(&b).map_err(bad)?;
        let grounds = read_grounds(&m).map_err(bad)?;
        Ok((b, grounds))
    };
    match config.value("map") {
        Value::Null if config.str("board") == "beginner" => {
            let data: Value = serde_json::from_str(include_str!("../../data/catan_maps.json"))
                .map_err(|e| bad(e.to_string()))?;
            from_map(&data["maps"]["fishermen"])
        }
        Value::Null => {
            let g = Geometry::base();
            let tokens = crate::board::TokenLaying::from_config(config);
            // The lake may not be on the coast: redraw until the desert's place is inland (a
            // uniform draw among the legal boards).
            let (mut b, desert) = loop {
                let (b, d) = Board::random(rng, tokens);
                if g.hex_nbrs[d].count_ones() == 6 {
                    break (b, d);
                }
            };
            b.terrain[desert] = LAKE;
            b.derive();
            let mut numbers = GROUND_NUMBERS;
            rng.shuffle(&mut numbers);
            Ok((b, default_grounds(&numbers)))
        }
        Value::String(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| bad(format!("cannot read {path}: {e}")))?;
            let v: Value = serde_json::from_str(&text).map_err(|e| bad(format!("{path}: {e}")))?;
            from_map(&v)
        }
        v @ Value::Object(_) => from_map(v),
        other => Err(bad(format!(
            "expected null, a map object or a file path, got {other}"
        ))),
    }
}

/// Tensor part (present only in this scenario): per vertex (54 × 2) its fishing ground's
/// number / 12 and whether it touches the lake; lake hex one-hot (19); robber beside the board;
/// supply size / 30; boot in the supply; spent tokens by value (/11, /10, /8); per slot (4 × 4)
/// fish tokens / 7, holds the boot, draws owed, may swap; own tokens by value (3); the module's
/// phase one-hot (4: fish_draw, fish_swap, fish_take, fish_road); a fish steal under way.
pub const TENSOR_LEN: usize = NV * 2 + NH + 1 + 2 + 3 + 16 + 3 + 4 + 1;

#[cfg(test)]
mod tests {
    use super::*;

    /// `PAY_INDEX` finds every payment, so the legal-action loop yields the same ids.
    #[test]
    fn pay_index_matches_payments() {
        for (i, &[a, b, c]) in PAYMENTS.iter().enumerate() {
            assert_eq!(PAY_INDEX[a as usize][b as usize] as usize + c as usize, i);
        }
    }
}
