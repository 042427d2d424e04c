//! An independent check of Expansion II "The Nobles" (rules §9) over random games: the final
//! scores are recomputed from the position JSON with a building table written here (not the
//! engine's), and invariants the engine's `validate` does not state are checked after every
//! action: nobles on the ship and in the supply (§9.4 arrival), a player's nobles never shrink
//! without the black market, every craftsman phase pays exactly the chapel, jeweler and factory
//! (§9.6), and a finished game ended by E2 or E3 only (E1 is off, N3).

use meeple_core::playout::{random_action, random_step, Buffers};
use meeple_core::rng::GameRng;
use meeple_core::{Config, Game};
use meeple_puerto_rico::data::Role;
use meeple_puerto_rico::{PuertoRico, Step};
use serde_json::{json, Value};

/// Printed VP and class of the kinds in a game without Expansion I (rules §5, §9.5).
/// Class: 's' small production, 'l' large production, 'j' jeweler, 'v' violet/beige.
fn kind(name: &str) -> (i64, char) {
    match name {
        "small_indigo_plant" | "small_sugar_mill" => (1, 's'),
        "indigo_plant" | "sugar_mill" => (2, 'l'),
        "tobacco_storage" | "coffee_roaster" => (3, 'l'),
        "small_market" | "hacienda" | "construction_hut" | "small_warehouse" => (1, 'v'),
        "hospice" | "office" | "large_market" | "large_warehouse" => (2, 'v'),
        "factory" | "university" | "harbor" | "wharf" => (3, 'v'),
        "guild_hall" | "residence" | "fortress" | "customs_house" | "city_hall" => (4, 'v'),
        "land_office" | "chapel" => (1, 'v'),
        "hunting_lodge" | "construction_office" | "royal_supplier" => (2, 'v'),
        "villa" => (3, 'v'),
        "jeweler" => (3, 'j'),
        "royal_garden" => (4, 'v'),
        other => panic!("unexpected building {other}"),
    }
}

fn sum(v: &Value) -> i64 {
    v.as_object()
        .map(|m| m.values().map(|x| x.as_i64().unwrap()).sum())
        .unwrap_or(0)
}

/// Score of seat p from the position JSON (rules §5.4 and §9.4-§9.6 with the N defaults).
fn score_from_json(s: &Value, p: usize) -> i64 {
    let pl = &s["players"][p];
    let nobles = s["nobles"]["players"][p]["nobles"].as_i64().unwrap();
    let vp = pl["vp"].as_i64().unwrap();
    let blds = pl["buildings"].as_array().unwrap();
    let occupied = |n: &str| {
        blds.iter()
            .any(|b| b["building"] == n && b["colonists"].as_i64().unwrap() > 0)
    };
    let people = sum(&pl["island_colonists"])
        + blds
            .iter()
            .map(|b| b["colonists"].as_i64().unwrap())
            .sum::<i64>()
        + pl["san_juan"].as_i64().unwrap();
    let mut score = vp + nobles;
    for b in blds {
        score += kind(b["building"].as_str().unwrap()).0;
    }
    if occupied("guild_hall") {
        for b in blds {
            score += match kind(b["building"].as_str().unwrap()).1 {
                's' => 1,
                'l' | 'j' => 2,
                _ => 0,
            };
        }
    }
    if occupied("residence") {
        score += match sum(&pl["island"]) {
            0..=9 => 4,
            10 => 5,
            11 => 6,
            _ => 7,
        };
    }
    if occupied("fortress") {
        score += people / 3;
    }
    if occupied("customs_house") {
        score += vp.max(0) / 4;
    }
    if occupied("city_hall") {
        score += blds
            .iter()
            .filter(|b| kind(b["building"].as_str().unwrap()).1 == 'v')
            .count() as i64;
    }
    if occupied("royal_garden") {
        score += nobles;
    }
    score
}

fn city_spaces(pl: &Value) -> i64 {
    pl["buildings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            let n = b["building"].as_str().unwrap();
            if kind(n).0 == 4 {
                2
            } else {
                1
            }
        })
        .sum()
}

fn has(pl: &Value, n: &str) -> Option<i64> {
    pl["buildings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["building"] == n)
        .map(|b| b["colonists"].as_i64().unwrap())
}

/// The craftsman role without Expansion I (production automatic): each seat's doubloons and
/// VP chips change by the chooser's role-tile doubloons, the factory (by the kinds he received),
/// the chapel (colonist +1 doubloon, noble +1 VP) and the jeweler (+1 per noble), nothing else.
fn check_craftsman(b: &Value, a: &Value, k: usize) {
    let chooser = b["chooser"].as_u64().unwrap() as usize;
    let tile = b["roles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["role"] == "craftsman")
        .map(|r| r["doubloons"].as_i64().unwrap())
        .unwrap();
    for (p, pb) in b["players"].as_array().unwrap().iter().enumerate() {
        let pa = &a["players"][p];
        let np = &b["nobles"]["players"][p];
        let nobles = np["nobles"].as_i64().unwrap();
        let noble_chapel = np["on"]
            .as_array()
            .map(|v| v.iter().any(|x| x == "chapel"))
            .unwrap_or(false);
        let kinds = ["corn", "indigo", "sugar", "tobacco", "coffee"]
            .iter()
            .filter(|g| pa["goods"][**g].as_i64() > pb["goods"][**g].as_i64())
            .count();
        let mut coins = if p == chooser { tile } else { 0 };
        let mut vp = 0;
        if has(pb, "factory").unwrap_or(0) > 0 {
            coins += [0, 0, 1, 2, 3, 5][kinds];
        }
        if has(pb, "chapel").unwrap_or(0) > 0 {
            if noble_chapel {
                vp += 1;
            } else {
                coins += 1;
            }
        }
        if has(pb, "jeweler").unwrap_or(0) > 0 {
            coins += nobles;
        }
        let d = |v: &Value, f: &str| v[f].as_i64().unwrap();
        assert_eq!(
            d(pa, "doubloons") - d(pb, "doubloons"),
            coins,
            "phase {k} seat {p}"
        );
        assert_eq!(
            d(pa, "vp") - d(pb, "vp"),
            vp,
            "phase {k} seat {p}: chapel VP"
        );
    }
}

#[test]
fn nobles_random_games_independent_scores_and_invariants() {
    let mut games = 0;
    let mut nobles_seen = 0i64;
    let mut craftsman_crafts = 0;
    for players in 2..=5usize {
        let opts = json!({"nobles": true});
        let c = Config::new(&PuertoRico::info(), players, opts.as_object().unwrap()).unwrap();
        for seed in 0..60u64 {
            let mut g = PuertoRico::new(&c, seed).unwrap();
            let mut rng = GameRng::new(1000 + seed);
            let mut buf = Buffers::default();
            let mut owned = vec![0u8; players];
            loop {
                let x = g.nobles.as_deref().unwrap();
                let total = x.supply as u32
                    + x.ship as u32
                    + x.players.iter().map(|q| q.nobles as u32).sum::<u32>();
                assert_eq!(total, 20, "nobles conserved");
                // §9.4: one noble per refill while the supply has any; the ship is emptied in
                // every mayor phase, so outside it the ship holds at most one noble.
                if g.role != Some(Role::Mayor) {
                    assert!(x.ship <= 1 && (x.ship == 1 || x.supply == 0), "ship nobles");
                }
                for (p, o) in owned.iter_mut().enumerate() {
                    assert!(x.players[p].nobles >= *o, "a noble was lost");
                    *o = x.players[p].nobles;
                }
                let Some(a) = random_action(&g, &mut rng, &mut buf) else {
                    break;
                };
                let craftsman = g.action_label(a) == "role craftsman";
                let before = if craftsman {
                    Some(g.to_json_value())
                } else {
                    None
                };
                g.apply(a).unwrap();
                if let Some(b) = before {
                    check_craftsman(&b, &g.to_json_value(), craftsman_crafts);
                    craftsman_crafts += 1;
                }
            }
            assert_eq!(g.step, Step::GameOver);
            let s = g.to_json_value();
            if !g.truncated {
                // E1 is off with the Nobles: only a full city (E2) or the VP chips (E3) end it.
                let e2 = (0..players).any(|p| city_spaces(&s["players"][p]) >= 12);
                let e3 = s["vp_supply"].as_i64().unwrap() <= 0;
                assert!(e2 || e3, "seed {seed}: the game ended without E2 or E3");
            }
            let scores = g.scores();
            for p in 0..players {
                assert_eq!(
                    score_from_json(&s, p) as f64,
                    scores[p],
                    "{players}p seed {seed} seat {p}: score"
                );
                nobles_seen += s["nobles"]["players"][p]["nobles"].as_i64().unwrap();
            }
            games += 1;
        }
    }
    assert_eq!(games, 240);
    assert!(
        craftsman_crafts > 500,
        "{craftsman_crafts} craftsman phases"
    );
    // The check is not vacuous: random players do take nobles.
    assert!(nobles_seen > 100, "{nobles_seen} nobles owned at the end");
}

/// Random games with both expansions (E8 `tiles_2004`, N2 `mayor` in half of them): one
/// noble at most on the ship, one on it after each refill while the supply has any (the black
/// market may return nobles to an empty supply in between), and the E2/E3-only end.
#[test]
fn nobles_with_new_buildings_random_games_end_and_ship() {
    for players in 2..=5usize {
        for (i, ship) in ["choice", "mayor"].into_iter().enumerate() {
            let opts = json!({"nobles": true, "new_buildings": true, "building_set": "random",
                              "forest_source": "tiles_2004", "noble_from_ship": ship});
            let c = Config::new(&PuertoRico::info(), players, opts.as_object().unwrap()).unwrap();
            for seed in 0..15u64 {
                let mut g = PuertoRico::new(&c, seed + 100 * i as u64).unwrap();
                let mut rng = GameRng::new(7 + seed);
                let mut buf = Buffers::default();
                loop {
                    let was_mayor = g.role == Some(Role::Mayor);
                    if !random_step(&mut g, &mut rng, &mut buf) {
                        break;
                    }
                    let x = g.nobles.as_deref().unwrap();
                    if g.role != Some(Role::Mayor) {
                        assert!(x.ship <= 1, "{players}p {ship} seed {seed}: ship nobles");
                        if was_mayor {
                            assert!(x.ship == 1 || x.supply == 0, "refill without a noble");
                        }
                    }
                }
                assert_eq!(g.step, Step::GameOver);
                g.validate().unwrap();
                if !g.truncated {
                    let e2 = (0..players).any(|p| g.players.p[p].city_used() >= 12);
                    assert!(
                        e2 || g.vp_supply <= 0,
                        "{players}p {ship} seed {seed}: E1 ended it"
                    );
                }
            }
        }
    }
}
