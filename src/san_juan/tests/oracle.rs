//! Independent oracle (review): seeded random games in which every step is checked against the
//! rules recomputed here from the spec's own tables (rules/san_juan.md §2.1-§8), reading only the
//! documented state JSON, never the engine's helpers.

#![allow(
    clippy::needless_range_loop,
    clippy::collapsible_if,
    clippy::nonminimal_bool
)]

use meeple_core::{Config, Game, GameRng, Turn};
use meeple_san_juan::SanJuan;
use serde_json::{json, Value};

/// Spec §2.1, copied from the table: name, cost, VP, copies.
const TABLE: [(&str, u32, u32, u32); 29] = [
    ("indigo_plant", 1, 1, 10),
    ("sugar_mill", 2, 1, 8),
    ("tobacco_storage", 3, 2, 8),
    ("coffee_roaster", 4, 2, 8),
    ("silver_smelter", 5, 3, 8),
    ("smithy", 1, 1, 3),
    ("gold_mine", 1, 1, 3),
    ("archive", 1, 1, 3),
    ("poor_house", 2, 1, 3),
    ("black_market", 2, 1, 3),
    ("trading_post", 2, 1, 3),
    ("well", 2, 1, 3),
    ("market_stand", 2, 1, 3),
    ("crane", 2, 1, 3),
    ("chapel", 3, 2, 3),
    ("tower", 3, 2, 3),
    ("aqueduct", 3, 2, 3),
    ("carpenter", 3, 2, 3),
    ("prefecture", 3, 2, 3),
    ("market_hall", 4, 2, 3),
    ("quarry", 4, 2, 3),
    ("library", 5, 3, 3),
    ("statue", 3, 3, 3),
    ("victory_column", 4, 4, 3),
    ("hero", 5, 5, 3),
    ("guild_hall", 6, 0, 2),
    ("city_hall", 6, 0, 2),
    ("triumphal_arch", 6, 0, 2),
    ("palace", 6, 0, 2),
];

/// Spec §2.3.
const TILES: [[u32; 5]; 5] = [
    [1, 1, 1, 2, 2],
    [1, 1, 2, 2, 2],
    [1, 1, 2, 2, 3],
    [1, 2, 2, 2, 3],
    [1, 2, 2, 3, 3],
];
const GOODS: [&str; 5] = ["indigo", "sugar", "tobacco", "coffee", "silver"];

fn kind(name: &str) -> usize {
    TABLE.iter().position(|t| t.0 == name).expect(name)
}
fn cost(name: &str) -> u32 {
    TABLE[kind(name)].1
}
fn production(name: &str) -> bool {
    kind(name) < 5
}
fn monument(name: &str) -> bool {
    matches!(name, "statue" | "victory_column" | "hero")
}

fn count(map: &Value) -> [u32; 29] {
    let mut c = [0; 29];
    if let Some(m) = map.as_object() {
        for (k, v) in m {
            c[kind(k)] += v.as_u64().unwrap() as u32;
        }
    }
    c
}
fn tot(map: &Value) -> u32 {
    count(map).iter().sum()
}

struct P<'a>(&'a Value);
impl P<'_> {
    fn blds(&self) -> Vec<(String, bool)> {
        self.0["buildings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| {
                (
                    b["building"].as_str().unwrap().to_string(),
                    !b["good"].is_null(),
                )
            })
            .collect()
    }
    fn has(&self, name: &str) -> bool {
        self.blds().iter().any(|b| b.0 == name)
    }
    /// Has `name`, not counting the building in slot `t` (being covered).
    fn has_except(&self, name: &str, t: Option<usize>) -> bool {
        self.blds()
            .iter()
            .enumerate()
            .any(|(i, b)| b.0 == name && Some(i) != t)
    }
    fn hand(&self) -> u32 {
        tot(&self.0["hand"])
    }
    fn goods(&self) -> u32 {
        self.blds().iter().filter(|b| b.1).count() as u32
    }
}

fn player(s: &Value, p: usize) -> P<'_> {
    P(&s["players"][p])
}

/// Spec §8, steps 1-6.
fn score(pl: &P) -> u32 {
    let b = pl.blds();
    let mut s: u32 = b.iter().map(|x| TABLE[kind(&x.0)].2).sum();
    s += tot(&pl.0["chapel"]);
    if pl.has("guild_hall") {
        s += 2 * b.iter().filter(|x| production(&x.0)).count() as u32;
    }
    if pl.has("city_hall") {
        s += b.iter().filter(|x| !production(&x.0)).count() as u32;
    }
    if pl.has("triumphal_arch") {
        s += [0, 4, 6, 8][b.iter().filter(|x| monument(&x.0)).count().min(3)];
    }
    if pl.has("palace") {
        s += s / 4;
    }
    s
}

/// The builder's cost of `x` over slot `t` for seat `p` (§6.1 step 3).
fn build_cost(s: &Value, p: usize, x: &str, t: Option<usize>, lib: bool) -> u32 {
    let pl = player(s, p);
    let mut red = 0;
    if s["role"] == "builder" && s["chooser"] == p {
        red += 1;
        if lib && pl.has_except("library", t) {
            red += 1;
        }
    }
    if production(x) && pl.has_except("smithy", t) {
        red += 1;
    }
    if !production(x) && pl.has_except("quarry", t) {
        red += 1;
    }
    if let Some(t) = t {
        red += cost(&pl.blds()[t].0);
    }
    cost(x).saturating_sub(red)
}

/// Whether `p` may build `x` over `t` (None = new slot) with `avail` hand cards (§6.1 steps 1-4).
fn build_ok(s: &Value, p: usize, x: &str, t: Option<usize>, avail: u32, lib: bool) -> bool {
    let pl = player(s, p);
    let b = pl.blds();
    match t {
        None if b.len() >= 12 => return false,
        Some(t) if b[t].0 == "crane" => return false,
        _ => {}
    }
    if !production(x) && pl.has_except(x, t) {
        return false;
    }
    let bm = if pl.has_except("black_market", t) {
        b.iter()
            .enumerate()
            .filter(|(i, y)| y.1 && Some(*i) != t)
            .count()
            .min(2) as u32
    } else {
        0
    };
    build_cost(s, p, x, t, lib) <= avail + bm
}

fn targets(s: &Value, p: usize, x: &str, avail: u32, lib: bool) -> Vec<Option<usize>> {
    let n = player(s, p).blds().len();
    let mut v = vec![None];
    if player(s, p).has("crane") {
        v.extend((0..n).map(Some));
    }
    v.into_iter()
        .filter(|&t| build_ok(s, p, x, t, avail, lib))
        .collect()
}

fn labels(g: &SanJuan) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v.into_iter().map(|a| g.action_label(a)).collect()
}

/// Oracle bookkeeping that the JSON alone does not hold.
#[derive(Default)]
struct Track {
    lib_used: bool,
    lib: bool,
    tiles: Vec<u64>,
    produced: [u32; 4],
    well_seen: [bool; 4],
    sold: Vec<usize>,
    round: u64,
    determinized: u32,
    resampled: u32,
    gold: Vec<usize>,
}

fn check_game(players: usize, opts: Value, seed: u64) -> u64 {
    let cfg = Config::new(&SanJuan::info(), players, opts.as_object().unwrap()).unwrap();
    let mut g = SanJuan::new(&cfg, seed).unwrap();
    let mut rng = GameRng::new(seed ^ 0x5eed);
    let n = players;
    let drafted = opts["drafted_hands"] == true;
    let mut tr = Track {
        round: 1,
        ..Default::default()
    };
    // Set-up (§4.1, §4.2).
    let s = g.to_json_value();
    let gov = s["governor"].as_u64().unwrap() as usize;
    for p in 0..n {
        assert_eq!(
            player(&s, p).blds(),
            vec![("indigo_plant".to_string(), false)]
        );
        let k = (p + n - gov) % n;
        assert_eq!(player(&s, p).hand(), if drafted { 5 + k as u32 } else { 4 });
    }
    let dealt: u32 = if drafted {
        (0..n as u32).map(|k| 5 + k).sum()
    } else {
        4 * n as u32
    };
    assert_eq!(tot(&s["supply"]), 110 - n as u32 - dealt);
    assert_eq!(
        count(&s["supply"])[0],
        10 - n as u32 - count_in_hands(&s, 0)
    );
    let mut steps = 0u64;
    while g.turn() != Turn::Terminal {
        let s = g.to_json_value();
        check_state(&g, &s, n, &mut tr);
        if steps.is_multiple_of(7) {
            for seat in 0..=n {
                check_determinize(&g, &s, seat, n, steps, &mut tr);
            }
        }
        let legal = labels(&g);
        let a = if g.turn() == Turn::Chance {
            let mut c = Vec::new();
            g.chance_outcomes(&mut c);
            c[rng.weighted(c.iter().map(|x| x.1))].0
        } else {
            let mut v = Vec::new();
            g.legal_actions(&mut v);
            v[rng.index(v.len())]
        };
        let label = g.action_label(a);
        g.apply(a).unwrap();
        let t = g.to_json_value();
        if t["phase"] != s["phase"] || t["actor"] != s["actor"] {
            check_multiset_choice(&g, &t);
        }
        check_step(&s, &label, &legal, &t, n, &mut tr);
        steps += 1;
    }
    let s = g.to_json_value();
    check_state(&g, &s, n, &mut tr);
    for seat in 0..=n {
        check_determinize(&g, &s, seat, n, steps, &mut tr);
    }
    assert!(
        tr.resampled * 2 > tr.determinized,
        "determinize resamples the hidden cards"
    );
    // No path returns the true hidden cards by construction, the end of the game included.
    for seat in 0..=n {
        let before = tr.resampled;
        for k in 0..6 {
            check_determinize(&g, &s, seat, n, 1000 + k, &mut tr);
        }
        assert!(
            tr.resampled > before,
            "seat {seat}: nothing resampled at game over"
        );
    }
    // End (§8): 12 buildings after a builder phase, or the safety cap.
    let most = (0..n).map(|p| player(&s, p).blds().len()).max().unwrap();
    if s["truncated"] == true {
        assert!(most < 12);
    } else {
        assert_eq!(most, 12);
    }
    let key = |p: usize| {
        (
            score(&player(&s, p)),
            player(&s, p).hand() + player(&s, p).goods(),
        )
    };
    let best = (0..n).map(key).max().unwrap();
    let w: Vec<usize> = (0..n).filter(|&p| key(p) == best).collect();
    assert_eq!(g.winners(), w, "winners and tie-break (§8)");
    steps
}

fn count_in_hands(s: &Value, k: usize) -> u32 {
    s["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| count(&p["hand"])[k])
        .sum()
}

/// Checks on one state.
fn check_state(g: &SanJuan, s: &Value, n: usize, tr: &mut Track) {
    // Conservation: 110 cards, every kind's copies (§2.1).
    let mut c = [0u32; 29];
    let mut add = |m: [u32; 29]| {
        for k in 0..29 {
            c[k] += m[k];
        }
    };
    for f in ["supply", "discard", "drawn", "revealed"] {
        add(count(&s[f]));
    }
    for p in 0..n {
        let pl = &s["players"][p];
        for f in ["hand", "chapel", "covered"] {
            add(count(&pl[f]));
        }
        for b in pl["buildings"].as_array().unwrap() {
            let mut m = [0; 29];
            m[kind(b["building"].as_str().unwrap())] += 1;
            if let Some(x) = b["good"].as_str() {
                m[kind(x)] += 1;
            }
            add(m);
        }
        // Violet buildings unique, at most 12 buildings, goods only on production buildings.
        let b = player(s, p).blds();
        assert!(b.len() <= 12);
        for (i, x) in b.iter().enumerate() {
            assert!(!x.1 || production(&x.0), "good on {}", x.0);
            if !production(&x.0) {
                assert!(!b[..i].iter().any(|y| y.0 == x.0), "two {}", x.0);
            }
        }
    }
    if matches!(s["phase"].as_str(), Some("build_target" | "build_pay")) {
        c[kind(s["building"].as_str().unwrap())] += 1;
    }
    for k in 0..29 {
        assert_eq!(c[k], TABLE[k].3, "copies of {}", TABLE[k].0);
    }
    // Scores (§8).
    let sc = g.scores();
    for p in 0..n {
        assert_eq!(sc[p], score(&player(s, p)) as f64, "score of seat {p}");
    }
    let phase = s["phase"].as_str().unwrap();
    let pending = s["pending_draws"].as_u64().unwrap();
    let actor = s["actor"].as_u64().unwrap() as usize;
    // The library doubling (A8): 3-4 players automatic; 2 players as tracked.
    if !s["role"].is_null() && !matches!(phase, "library" | "tile_reveal" | "game_over") {
        assert_eq!(s["library_doubling"], tr.lib, "library doubling in {phase}");
    }
    if pending > 0 || g.turn() != Turn::Player(actor) {
        return;
    }
    let legal = labels(g);
    match phase {
        "pick_role" => {
            // Picks: governor first; 2 players: governor, opponent, governor (§5).
            let gov = s["governor"].as_u64().unwrap() as usize;
            let pick = s["pick"].as_u64().unwrap() as usize;
            let want = if n == 2 {
                (gov + (pick == 1) as usize) % 2
            } else {
                (gov + pick) % n
            };
            assert_eq!(actor, want, "picker");
            let taken = s["roles_taken"].as_object().unwrap();
            let free: Vec<String> = ["builder", "producer", "trader", "councilor", "prospector"]
                .iter()
                .filter(|r| !taken.contains_key(**r))
                .map(|r| r.to_string())
                .collect();
            assert_eq!(legal, free);
            if pick == 0 {
                // Hand limit after the upkeep (§5.1c).
                for p in 0..n {
                    let lim = if player(s, p).has("tower") { 12 } else { 7 };
                    if s["round"] != 1 {
                        assert!(player(s, p).hand() <= lim, "hand limit of seat {p}");
                    }
                }
            }
        }
        "build" => {
            let pl = player(s, actor);
            let hand = count(&pl.0["hand"]);
            let mut want = vec!["pass".to_string()];
            for (k, &h) in hand.iter().enumerate() {
                if h > 0 && !targets(s, actor, TABLE[k].0, pl.hand() - 1, tr.lib).is_empty() {
                    want.push(format!("build {}", TABLE[k].0));
                }
            }
            let mut got = legal.clone();
            got.sort();
            want.sort();
            assert_eq!(got, want, "buildable cards (§6.1)");
        }
        "build_target" => {
            let x = s["building"].as_str().unwrap();
            let pl = player(s, actor);
            let ts = targets(s, actor, x, pl.hand(), tr.lib);
            let mut want: Vec<String> = ts
                .iter()
                .map(|t| match t {
                    None => "pass".to_string(),
                    Some(t) => format!("build over slot {t} ({})", pl.blds()[*t].0),
                })
                .collect();
            let mut got = legal.clone();
            got.sort();
            want.sort();
            assert_eq!(got, want, "crane targets (§6.1, §7 crane)");
        }
        "hand_limit" => {
            let pl = player(s, actor);
            let lim = if pl.has("tower") { 12 } else { 7 };
            assert_eq!(s["left"].as_u64().unwrap() as u32, pl.hand() - lim);
        }
        "chapel" => assert!(player(s, actor).has("chapel") && player(s, actor).hand() > 0),
        "gold_keep" => {
            let r = count(&s["revealed"]);
            assert_eq!(r.iter().sum::<u32>(), 4);
            assert!(
                distinct_costs(&r),
                "gold mine keeps only with 4 different costs"
            );
        }
        _ => {}
    }
}

fn sub(a: [u32; 29], b: [u32; 29]) -> [u32; 29] {
    let mut c = [0; 29];
    for k in 0..29 {
        assert!(a[k] >= b[k], "{} more known than present", TABLE[k].0);
        c[k] = a[k] - b[k];
    }
    c
}

fn plus(a: [u32; 29], b: [u32; 29]) -> [u32; 29] {
    let mut c = a;
    for k in 0..29 {
        c[k] += b[k];
    }
    c
}

/// What `seat` cannot see (§11.2, §11.3), as one multiset: the supply, the discard pile minus
/// the gold-mine reveals and the seat's own discards, the other players' hands minus their
/// publicly known cards, their chapels, every good, and another councilor's drawn cards.
fn unseen(s: &Value, seat: usize, n: usize) -> [u32; 29] {
    let me = |q: usize| q == seat;
    let mut own_disc = [0; 29];
    if seat < n {
        own_disc = count(&s["players"][seat]["known_discards"]);
    }
    let mut u = count(&s["supply"]);
    let disc = sub(
        sub(count(&s["discard"]), count(&s["discard_public"])),
        own_disc,
    );
    u = plus(u, disc);
    for q in (0..n).filter(|&q| !me(q)) {
        let pl = &s["players"][q];
        u = plus(u, sub(count(&pl["hand"]), count(&pl["known_hand"])));
        u = plus(u, count(&pl["chapel"]));
    }
    for q in 0..n {
        for b in s["players"][q]["buildings"].as_array().unwrap() {
            if let Some(x) = b["good"].as_str() {
                u[kind(x)] += 1;
            }
        }
    }
    let sees_drawn =
        s["actor"] == seat && matches!(s["phase"].as_str(), Some("council_draw" | "council_keep"));
    if !sees_drawn {
        u = plus(u, count(&s["drawn"]));
    }
    u
}

/// `determinize(seat)` keeps everything public and everything the seat knows, and deals the
/// unseen multiset back into the same hidden places (spec §11.3); a seat >= n is a spectator.
fn check_determinize(g: &SanJuan, s: &Value, seat: usize, n: usize, step: u64, tr: &mut Track) {
    let d = g.determinize(seat, step * 31 + seat as u64);
    let ds = d.to_json_value();
    for f in ["supply", "discard", "drawn"] {
        assert_eq!(tot(&ds[f]), tot(&s[f]), "{f} size");
    }
    for f in [
        "discard_public",
        "revealed",
        "phase",
        "actor",
        "round",
        "trades",
        "tiles_seen",
        "left",
        "pending_draws",
        "draw_to",
        "building",
        "crane_target",
    ] {
        assert_eq!(ds[f], s[f], "public field {f}");
    }
    assert_eq!(
        unseen(&ds, seat, n),
        unseen(s, seat, n),
        "the unseen multiset"
    );
    let mut moved = false;
    for q in 0..n {
        let (a, b) = (&ds["players"][q], &s["players"][q]);
        assert_eq!(a["covered"], b["covered"]);
        assert_eq!(a["known_hand"], b["known_hand"]);
        assert_eq!(tot(&a["hand"]), tot(&b["hand"]));
        assert_eq!(tot(&a["chapel"]), tot(&b["chapel"]));
        assert_eq!(tot(&a["known_discards"]), tot(&b["known_discards"]));
        let _ = sub(count(&a["hand"]), count(&a["known_hand"]));
        let shape = |v: &Value| {
            v["buildings"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| (x["building"].clone(), x["good"].is_null()))
                .collect::<Vec<_>>()
        };
        assert_eq!(shape(a), shape(b), "buildings and which hold goods");
        if q == seat {
            for f in ["hand", "chapel", "known_discards"] {
                assert_eq!(a[f], b[f], "the seat's own {f}");
            }
        } else {
            moved |= a["hand"] != b["hand"] || a["chapel"] != b["chapel"];
        }
        moved |= a["buildings"] != b["buildings"];
    }
    moved |= ds["supply"] != s["supply"];
    // Other players' known discards lie in the hidden part of the discard pile.
    let mut kd = [0; 29];
    for q in (0..n).filter(|&q| q != seat) {
        kd = plus(kd, count(&ds["players"][q]["known_discards"]));
    }
    let own = if seat < n {
        count(&ds["players"][seat]["known_discards"])
    } else {
        [0; 29]
    };
    let _ = sub(
        sub(
            sub(count(&ds["discard"]), count(&ds["discard_public"])),
            own,
        ),
        kd,
    );
    // The seat's legal actions (when it moves) and observation are unchanged.
    assert_eq!(d.observation(seat), g.observation(seat));
    if unseen(s, seat, n).iter().filter(|&&c| c > 0).count() > 1 {
        tr.determinized += 1;
        tr.resampled += moved as u32;
    }
}

/// Multisets of size `m` from a multiset with these counts: the coefficient of x^m in
/// the product of (1 + x + ... + x^c).
fn multisets(counts: &[u32], m: u32) -> u64 {
    let mut poly = vec![0u64; m as usize + 1];
    poly[0] = 1;
    for &c in counts {
        let mut next = vec![0u64; m as usize + 1];
        for (i, &v) in poly.iter().enumerate() {
            for j in 0..=c as usize {
                if i + j <= m as usize {
                    next[i + j] += v;
                }
            }
        }
        poly = next;
    }
    poly[m as usize]
}

/// Every way the engine lets the actor finish a one-at-a-time multiset choice (payment, hand
/// limit, draft, councilor keep or archive discard): explored exhaustively, every path must
/// finish, no multiset may be reached twice, and their number must be the number of valid
/// multisets counted from the spec (§6.1 step 4, §5.1c, §4.2, §6.4).
fn check_multiset_choice(g: &SanJuan, t: &Value) {
    let phase = t["phase"].as_str().unwrap().to_string();
    if g.turn() == Turn::Chance {
        return;
    }
    let actor = t["actor"].as_u64().unwrap() as usize;
    let left = t["left"].as_u64().unwrap() as u32;
    let pl = player(t, actor);
    let hand = count(&pl.0["hand"]);
    let expected = match phase.as_str() {
        "hand_limit" | "draft" | "council_discard" => multisets(&hand, left),
        "council_keep" => multisets(&count(&t["drawn"]), left),
        "build_pay" => {
            let tg = t["crane_target"].as_u64().map(|x| x as usize);
            let mut goods = [0u32; 5];
            if pl.has_except("black_market", tg) {
                for (i, b) in pl.blds().iter().enumerate() {
                    if b.1 && Some(i) != tg {
                        goods[kind(&b.0)] += 1;
                    }
                }
            }
            (0..=2.min(left))
                .map(|j| multisets(&goods, j) * multisets(&hand, left - j))
                .sum()
        }
        _ => return,
    };
    if expected > 3000 {
        return;
    }
    let mut leaves = std::collections::BTreeSet::new();
    let mut paths = 0u64;
    fn dfs(
        g: &SanJuan,
        phase: &str,
        actor: usize,
        path: &mut Vec<String>,
        leaves: &mut std::collections::BTreeSet<Vec<String>>,
        paths: &mut u64,
    ) {
        let v = g.to_json_value();
        if v["phase"] != phase || v["actor"] != actor || g.turn() == Turn::Chance {
            let mut key = path.clone();
            key.sort();
            assert!(
                leaves.insert(key),
                "a multiset reached twice in {phase}: {path:?}"
            );
            *paths += 1;
            return;
        }
        let mut acts = Vec::new();
        g.legal_actions(&mut acts);
        assert!(!acts.is_empty(), "dead end in {phase}");
        for a in acts {
            let mut h = g.clone();
            path.push(g.action_label(a));
            h.apply(a).unwrap();
            dfs(&h, phase, actor, path, leaves, paths);
            path.pop();
        }
    }
    dfs(g, &phase, actor, &mut Vec::new(), &mut leaves, &mut paths);
    assert_eq!(paths, expected, "ways to finish {phase} (left {left})");
}

fn distinct_costs(r: &[u32; 29]) -> bool {
    let mut seen = [false; 7];
    for k in 0..29 {
        for _ in 0..r[k] {
            let c = TABLE[k].1 as usize;
            if seen[c] {
                return false;
            }
            seen[c] = true;
        }
    }
    true
}

/// Checks on a transition s --label--> t.
fn check_step(s: &Value, label: &str, legal: &[String], t: &Value, n: usize, tr: &mut Track) {
    let _ = legal;
    let sp = s["phase"].as_str().unwrap();
    let tp = t["phase"].as_str().unwrap();
    let sa = s["actor"].as_u64().unwrap() as usize;
    let ta = t["actor"].as_u64().unwrap() as usize;
    let t_pending = t["pending_draws"].as_u64().unwrap() as u32;
    let available = |v: &Value| tot(&v["supply"]) + tot(&v["discard"]);
    // Rounds: the governor passes left (§5.1a).
    let tround = t["round"].as_u64().unwrap();
    if tround != tr.round {
        assert_eq!(tround, tr.round + 1);
        let g0 = s["governor"].as_u64().unwrap() as usize;
        assert_eq!(t["governor"].as_u64().unwrap() as usize, (g0 + 1) % n);
        tr.round = tround;
        tr.lib_used = false;
    }
    // Role picks and the library (A8).
    if sp == "pick_role" {
        let has_lib = player(s, sa).has("library");
        let gov = s["governor"].as_u64().unwrap() as usize;
        let pick = s["pick"].as_u64().unwrap();
        tr.lib = has_lib;
        if n == 2 && sa == gov {
            if pick == 0 && has_lib {
                tr.lib = false; // decided in the library phase
                let via_tile = label == "trader";
                assert!(
                    tp == "library" || via_tile,
                    "the 2-player governor decides on the library"
                );
            } else {
                tr.lib = has_lib && !tr.lib_used;
                tr.lib_used |= tr.lib;
            }
        }
        // A new role starts: reset the per-role bookkeeping.
        tr.produced = [0; 4];
        tr.well_seen = [false; 4];
        tr.sold.clear();
        tr.gold.clear();
    }
    if sp == "library" {
        tr.lib = label == "use library";
        tr.lib_used = tr.lib;
    }
    let role = t["role"].as_str().unwrap_or("");
    let chooser = t["chooser"].as_u64().unwrap_or(0) as usize;
    let priv_ = |p: usize| if p == chooser { 1 + tr.lib as u64 } else { 0 };
    // A player's turn in a role starts.
    let starts = (tp != sp || ta != sa) && t["count"] == 0;
    if starts && tp == "produce" && t_pending == 0 {
        let want = 1 + priv_(ta) + player(t, ta).has("aqueduct") as u64;
        assert_eq!(t["left"].as_u64().unwrap(), want, "production limit (§6.2)");
    }
    if starts && tp == "sell" {
        let want = 1 + priv_(ta) + player(t, ta).has("trading_post") as u64;
        assert_eq!(t["left"].as_u64().unwrap(), want, "sell limit (§6.3)");
    }
    if (tp == "council_draw" && (sp != "council_draw" || sa != ta)) && available(t) > 0 {
        let d = 2 + if ta == chooser {
            3 + 3 * tr.lib as u32
        } else {
            0
        };
        let drawn_so_far = tot(&t["drawn"]);
        assert_eq!(t_pending + drawn_so_far, d, "councilor draws (§6.4)");
        let to = if player(t, ta).has("archive") {
            "hand"
        } else {
            "drawn"
        };
        assert_eq!(t["draw_to"], to);
    }
    if tp == "council_keep" && sp != "council_keep" {
        let k = 1 + player(t, ta).has("prefecture") as u64;
        let drawn = tot(&t["drawn"]) as u64;
        assert_eq!(
            t["left"].as_u64().unwrap(),
            k.min(drawn),
            "councilor keeps (§6.4)"
        );
    }
    if tp == "council_discard" && sp != "council_discard" {
        let k = 1 + player(t, ta).has("prefecture") as u64;
        let d = t["count"].as_u64().unwrap();
        assert_eq!(
            t["left"].as_u64().unwrap(),
            d - k.min(d),
            "archive discards (§6.4)"
        );
    }
    if tp == "prospect_draw" && sp != "prospect_draw" && available(t) > 0 {
        assert_eq!(t_pending, 1 + tr.lib as u32, "prospector draws (§6.5)");
    }
    let in_gold = matches!(sp, "gold_offer" | "gold_reveal" | "gold_keep");
    if (tp == "gold_reveal" || tp == "gold_offer") && (!in_gold || sa != ta) {
        assert!(player(t, ta).has("gold_mine"));
        tr.gold.push(ta);
    }
    // Every gold-mine owner, chooser included, in seat order from the chooser (§6.5).
    if s["role"] == "prospector" && role != "prospector" && available(t) >= 8 {
        let ch = s["chooser"].as_u64().unwrap() as usize;
        let owners: Vec<usize> = (0..n)
            .map(|k| (ch + k) % n)
            .filter(|&p| player(s, p).has("gold_mine"))
            .collect();
        assert_eq!(
            tr.gold, owners,
            "gold mines in seat order from the prospector"
        );
    }
    if sp == "gold_reveal" && s["pending_draws"] == 1 && tp != "gold_reveal" && tp != "gold_keep" {
        let mut r = count(&s["revealed"]);
        let k = kind(label.strip_prefix("draw ").unwrap());
        r[k] += 1;
        assert!(
            !distinct_costs(&r),
            "a gold mine with 4 different costs keeps one"
        );
    }
    // Building: the cost to pay (§6.1 step 3).
    if tp == "build_pay" && sp != "build_pay" {
        let x = t["building"].as_str().unwrap();
        let tg = t["crane_target"].as_u64().map(|x| x as usize);
        let c = build_cost(t, ta, x, tg, tr.lib);
        assert_eq!(t["left"].as_u64().unwrap() as u32, c, "build cost of {x}");
    }
    if sp == "build_target" || (sp == "build" && label.starts_with("build ")) {
        if tp != "build_pay" && tp != "build_target" {
            let x = if sp == "build" {
                label.strip_prefix("build ").unwrap().to_string()
            } else {
                s["building"].as_str().unwrap().to_string()
            };
            let tg = if sp == "build_target" && label != "pass" {
                Some(
                    label["build over slot ".len()..]
                        .split(' ')
                        .next()
                        .unwrap()
                        .parse::<usize>()
                        .unwrap(),
                )
            } else {
                None
            };
            assert_eq!(
                build_cost(s, sa, &x, tg, tr.lib),
                0,
                "a free build skips payment"
            );
        }
    }
    // Carpenter then poor house (§6.1 steps 6-7), seen when the build is placed.
    if sp == "build_pay" || sp == "build_target" || sp == "build" {
        if tp == "build_bonus" || (tp != sp && tp != "build_pay" && tp != "build_target") {
            let placed = player(t, sa).blds().len() != player(s, sa).blds().len()
                || player(t, sa).blds() != player(s, sa).blds();
            if placed && label != "pass" {
                let x = if sp == "build" {
                    label.strip_prefix("build ").unwrap().to_string()
                } else {
                    s["building"].as_str().unwrap().to_string()
                };
                let carp = !production(&x) && x != "carpenter" && player(t, sa).has("carpenter");
                let draws_due = carp as u32
                    + (x != "poor_house"
                        && player(t, sa).has("poor_house")
                        && player(t, sa).hand() + carp as u32 <= 1) as u32;
                if tp == "build_bonus" {
                    assert!(draws_due > 0, "a bonus draw without carpenter/poor house");
                    assert_eq!(t["stage"], if carp { 1 } else { 2 });
                } else if available(t) > 0 {
                    assert_eq!(draws_due, 0, "carpenter/poor house draw missing after {x}");
                }
            }
        }
    }
    // Production and the well (§6.2).
    if sp == "produce" && s["pending_draws"] == 1 {
        tr.produced[sa] += 1;
    }
    if tp == "well" && sp != "well" {
        assert!(tr.produced[ta] >= 2 && player(t, ta).has("well"), "well");
        tr.well_seen[ta] = true;
    }
    if s["role"] == "producer" && role != "producer" {
        for p in 0..n {
            if tr.produced[p] >= 2 && player(s, p).has("well") && available(s) > 0 {
                assert!(tr.well_seen[p], "seat {p}'s well did not draw");
            }
        }
    }
    // Selling (§6.3): proceeds = prices + market hall + market stand.
    if sp == "sell" && label.starts_with("sell ") {
        tr.sold
            .push(GOODS.iter().position(|g| label.ends_with(g)).unwrap());
    }
    if sp == "sell" && tp != "sell" {
        let tile = s["current_tile"].as_u64().unwrap() as usize;
        let pl = player(s, sa);
        let k = tr.sold.len() as u32;
        let want: u32 = tr.sold.iter().map(|&g| TILES[tile][g]).sum::<u32>()
            + (k >= 1 && pl.has("market_hall")) as u32
            + (k >= 2 && pl.has("market_stand")) as u32;
        if tp == "sell_draws" {
            assert_eq!(t_pending, want, "sale proceeds (§6.3)");
        } else {
            assert!(
                want == 0 || available(t) == 0,
                "sale proceeds {want} not drawn"
            );
        }
        tr.sold.clear();
    }
    // The tile cycle: a fixed permutation, the 5th forced, then cyclic (§6.3, §11.2).
    if t["trades"] != s["trades"] {
        let tile = t["current_tile"].as_u64().unwrap();
        let i = tr.tiles.len();
        if i >= 5 {
            assert_eq!(tile, tr.tiles[i - 5], "tile cycle");
        } else {
            assert!(!tr.tiles.contains(&tile));
        }
        tr.tiles.push(tile);
    }
    // End of the game (§8): right after a builder phase with 12 buildings, and only then.
    if s["role"] == "builder" && role != "builder" || (s["role"] == "builder" && tp == "game_over")
    {
        let twelve = (0..n).any(|p| player(t, p).blds().len() >= 12);
        assert_eq!(tp == "game_over", twelve, "end after the builder phase");
    }
    if tp == "game_over" && t["truncated"] != true {
        assert_eq!(
            s["role"], "builder",
            "the game ends only after a builder phase"
        );
    }
}

fn run(players: usize, opts: Value, seeds: std::ops::Range<u64>) {
    let mut steps = 0;
    for seed in seeds {
        steps += check_game(players, opts.clone(), seed);
    }
    assert!(steps > 0);
}

#[test]
fn oracle_two_players() {
    run(2, json!({}), 0..25);
}

#[test]
fn oracle_three_players() {
    run(3, json!({}), 100..120);
}

#[test]
fn oracle_four_players() {
    run(4, json!({}), 200..220);
}

#[test]
fn oracle_drafted_and_strict() {
    for p in 2..=4 {
        run(p, json!({"drafted_hands": true}), 300..306);
        run(p, json!({"strict_optional": true}), 400..406);
    }
}
