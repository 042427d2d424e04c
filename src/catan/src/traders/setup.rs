//! B9 set-up: the board with its trade hexes, the commodity stacks and the start.

use super::*;

pub(crate) fn read_edge(geo: &Geometry, v: &Value) -> Result<usize, String> {
    let arr = v.as_array().ok_or("an edge is [q, r, dir]")?;
    let (q, r, d) = match arr.as_slice() {
        [q, r, d] => (q.as_i64(), r.as_i64(), d.as_str()),
        _ => (None, None, None),
    };
    let (Some(q), Some(r), Some(d)) = (q, r, d) else {
        return Err(format!("edge {v} must be [q, r, dir]"));
    };
    let (q, r) = (q as i32, r as i32);
    let (cq, cr, ct) = crate::geometry::canonical_edge(q, r, d)
        .ok_or(format!("edge {v}: unknown direction '{d}'"))?;
    geo.edge_id(cq, cr, ct)
        .ok_or(format!("edge {d}({q},{r}) is not a path of this board"))
}

pub(crate) fn bundled_map() -> &'static Value {
    static M: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    M.get_or_init(|| {
        let data: Value = serde_json::from_str(include_str!("../../data/catan_maps.json"))
            .expect("bundled map data is valid JSON");
        data["maps"]["traders_barbarians"].clone()
    })
}

/// The scenario's board, barbarian paths and robber parking hex (a trade hex: there is no
/// robber, §B9.1). Uses the user `map` when given; else the bundled map's trade hexes (or
/// `tb_trade_hexes`), its fixed terrain with `board = beginner`, or the random fill of §B9.2.
pub fn setup(config: &Config, rng: &mut GameRng) -> Result<(Board, [u8; 3]), GameError> {
    let bad = |name: &str, e: String| GameError::bad_option(name, e);
    let user_map: Option<Value> = match config.value("map") {
        Value::Null => None,
        Value::String(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| bad("map", format!("cannot read {path}: {e}")))?;
            Some(serde_json::from_str(&text).map_err(|e| bad("map", format!("{path}: {e}")))?)
        }
        v => Some(v.clone()),
    };
    let custom_hexes = !config.value("tb_trade_hexes").is_null();
    let mut board = match &user_map {
        Some(m) => Board::from_map(m).map_err(|e| bad("map", e))?.0,
        None => {
            let mut b = Board::from_map(bundled_map()).map_err(|e| bad("map", e))?.0;
            if custom_hexes {
                b = with_trade_hexes(&b, config.value("tb_trade_hexes"))
                    .map_err(|e| bad("tb_trade_hexes", e))?;
            }
            if custom_hexes || config.str("board") != "beginner" {
                random_fill(
                    &mut b,
                    rng,
                    config.str("token_mode") != "random_no_adjacent_red",
                );
            }
            b
        }
    };
    let geo = board.geo;
    let roles: Vec<u8> = (0..NH)
        .filter(|&h| board.terrain[h] == TRADE)
        .map(|h| board.trade_role[h])
        .collect();
    let mut sorted = roles.clone();
    sorted.sort();
    if sorted != [CASTLE, QUARRY, GLASSWORKS] {
        return Err(bad(
            "map",
            "traders_barbarians needs exactly three trade hexes: a castle, a marble_quarry and a glassworks".into(),
        ));
    }
    if config.bool("tb_trade_roles_random") {
        let hexes: Vec<usize> = (0..NH).filter(|&h| board.terrain[h] == TRADE).collect();
        let mut r = roles;
        rng.shuffle(&mut r);
        for (&h, &role) in hexes.iter().zip(r.iter()) {
            board.trade_role[h] = role;
        }
    }
    // Barbarians: the option, else the user map's, else the bundled map's paths (D-92).
    let src = if !config.value("tb_barbarian_paths").is_null() {
        Some((
            "tb_barbarian_paths",
            config.value("tb_barbarian_paths").clone(),
        ))
    } else {
        let from = user_map.as_ref().unwrap_or(bundled_map());
        from.get("pieces")
            .and_then(|p| p.get("barbarians"))
            .and_then(Value::as_array)
            .map(|l| {
                (
                    "map",
                    Value::Array(
                        l.iter()
                            .map(|b| b.get("edge").cloned().unwrap_or(b.clone()))
                            .collect(),
                    ),
                )
            })
    };
    let (name, list) = src.ok_or(bad(
        "map",
        "the map lists no barbarians (pieces.barbarians: three edges)".into(),
    ))?;
    let list = list
        .as_array()
        .filter(|l| l.len() == 3)
        .ok_or(bad(
            name,
            "three barbarian paths [q, r, dir] are needed".into(),
        ))?
        .clone();
    let mut barbs = [0u8; 3];
    for (i, v) in list.iter().enumerate() {
        let e = read_edge(geo, v).map_err(|e| bad(name, format!("barbarian: {e}")))?;
        if barbs[..i].contains(&(e as u8)) {
            return Err(bad(name, "two barbarians on one path".into()));
        }
        if !config.bool("tb_barbarian_on_spokes") && geo.spokes & (1u128 << e) != 0 {
            return Err(bad(
                name,
                format!(
                    "barbarian on spoke {} with tb_barbarian_on_spokes = false",
                    geo.edge_name(e)
                ),
            ));
        }
        barbs[i] = e as u8;
    }
    Ok((board, barbs))
}

/// Move the trade hexes of `b` to the positions of `spec` (`{"castle": [q, r],
/// "marble_quarry": [q, r], "glassworks": [q, r]}`); terrain is refilled by the caller.
pub(crate) fn with_trade_hexes(b: &Board, spec: &Value) -> Result<Board, String> {
    let obj = spec.as_object().ok_or(
        "expected {\"castle\": [q, r], \"marble_quarry\": [q, r], \"glassworks\": [q, r]}",
    )?;
    let mut at = Vec::new();
    for (name, v) in obj {
        let role = crate::board::trade_role_id(name).ok_or(format!(
            "'{name}' is not a trade hex ({})",
            TRADE_ROLES.join(", ")
        ))?;
        let (q, r) = crate::board::read_hex_pair(v).ok_or(format!("{name}: expected [q, r]"))?;
        at.push(((q, r), role));
    }
    let mut json = b.to_json();
    let hexes = json["hexes"].as_array_mut().ok_or("bad board")?;
    for h in hexes.iter_mut() {
        let q = h["q"].as_i64().unwrap_or(0) as i32;
        let r = h["r"].as_i64().unwrap_or(0) as i32;
        match at.iter().find(|(x, _)| *x == (q, r)) {
            Some(&(_, role)) => {
                *h = serde_json::json!({"q": q, "r": r, "terrain": "trade", "trade": TRADE_ROLES[role as usize]});
            }
            None => {
                *h = serde_json::json!({"q": q, "r": r, "terrain": "forest", "token": 5});
            }
        }
    }
    Board::from_map(&json).map(|x| x.0)
}

/// Spec §B9.2 steps 1 and 3 (and §A3.2 step 2): shuffle the 16 terrains onto the hexes that are
/// not trade hexes, shuffle the harbour kinds over the harbour edges, lay the 16 number tokens
/// by the spiral from a random corner skipping the trade hexes (or at random without touching
/// 6/8).
pub(crate) fn random_fill(b: &mut Board, rng: &mut GameRng, spiral: bool) {
    let g = b.geo;
    let land: Vec<usize> = (0..NH).filter(|&h| b.terrain[h] != TRADE).collect();
    // 4 forest, 3 hills, 3 pasture, 3 fields, 3 mountains.
    let mut terrains: Vec<u8> = [(0u8, 4), (1, 3), (2, 3), (3, 3), (4, 3)]
        .iter()
        .flat_map(|&(t, k)| std::iter::repeat_n(t, k))
        .collect();
    rng.shuffle(&mut terrains);
    for (&h, &t) in land.iter().zip(terrains.iter()) {
        b.terrain[h] = t;
        b.token[h] = 0;
    }
    let edges: Vec<usize> = (0..g.ne).filter(|&e| b.edge_harbor[e] != NONE).collect();
    let mut kinds: Vec<u8> = edges.iter().map(|&e| b.edge_harbor[e]).collect();
    rng.shuffle(&mut kinds);
    for (&e, &k) in edges.iter().zip(kinds.iter()) {
        b.edge_harbor[e] = k;
    }
    let toks = tokens();
    if spiral {
        let steps = rng.below(6) as i32;
        let mut k = 0;
        for &(q, r) in SPIRAL.iter() {
            let hx = meeple_core::hex::Hex::new(q, r).rotate(steps);
            let Some(h) = g.hex_id(hx.q, hx.r) else {
                continue;
            };
            if b.terrain[h] == TRADE {
                continue;
            }
            if let Some(&t) = toks.get(k) {
                b.token[h] = t;
            }
            k += 1;
        }
    } else {
        let mut t = toks;
        loop {
            rng.shuffle(&mut t);
            for (&h, &x) in land.iter().zip(t.iter()) {
                b.token[h] = x;
            }
            let red = |h: usize| b.token[h] == 6 || b.token[h] == 8;
            if land
                .iter()
                .filter(|&&h| red(h))
                .all(|&h| crate::geometry::bits64(g.hex_nbrs[h] as u64).all(|n| !red(n)))
            {
                break;
            }
        }
    }
    b.derive();
}

// ----- rules -----
