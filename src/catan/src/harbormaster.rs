//! B3 Harbormaster: harbour points and the Harbormaster card (+2 VP, the target +1).

use crate::geometry::NONE;
use crate::ids::*;
use crate::state::Catan;
use serde_json::{json, Value};

impl Catan {
    /// B3 harbour points: 1 per settlement and 2 per city on a harbour vertex.
    pub fn harbor_points(&self, p: usize) -> u32 {
        let hv =
            self.board.harbor_vertices.iter().fold(0u64, |a, &m| a | m) & !self.dead_vertices();
        (self.settlements[p] & hv).count_ones() + 2 * (self.cities[p] & hv).count_ones()
    }

    /// B3: hand the Harbormaster card over after harbour points changed (the first to reach 3
    /// takes it; another takes it only with strictly more points than the holder). Points can
    /// drop only by B8 conquest (D-16, like Longest Road): a holder still at the maximum keeps
    /// it even when tied; otherwise a sole leader with 3+ takes it, else it is set aside until
    /// one player alone has the most (3+). Without losses both readings agree.
    pub(crate) fn update_harbormaster(&mut self) {
        if !self.rules.harbormaster {
            return;
        }
        let n = self.n();
        let pts: [u32; MAX_PLAYERS] =
            std::array::from_fn(|p| if p < n { self.harbor_points(p) } else { 0 });
        let h = self.harbormaster as usize;
        let m = pts[..n].iter().copied().max().unwrap_or(0);
        if h < n && pts[h] == m && m >= 3 {
            return;
        }
        self.harbormaster = if m >= 3 && pts[..n].iter().filter(|&&x| x == m).count() == 1 {
            pts[..n].iter().position(|&x| x == m).unwrap_or(0) as u8
        } else {
            NONE
        };
    }
}

/// B3's part of the observation.
pub(crate) fn observe(g: &Catan, o: &mut Value) {
    if g.rules.harbormaster {
        let h = g.harbormaster;
        o["harbormaster"] = if (h as usize) < g.n() {
            json!(h)
        } else {
            Value::Null
        };
    }
}

/// B3's part of a player's observation.
pub(crate) fn observe_player(g: &Catan, p: usize, v: &mut Value) {
    if g.rules.harbormaster {
        v["harbor_points"] = json!(g.harbor_points(p));
    }
}

/// B3's line of the text rendering.
pub(crate) fn render(g: &Catan, s: &mut String) {
    let n = g.n();
    if g.rules.harbormaster {
        s.push_str(&format!(
            "harbormaster: {}, harbour points {:?}\n",
            if (g.harbormaster as usize) < n {
                format!("player {}", g.harbormaster)
            } else {
                "nobody".into()
            },
            (0..n).map(|p| g.harbor_points(p)).collect::<Vec<_>>()
        ));
    }
}

/// B3: the holder at the top with 3+ points; nobody only while nobody has 3.
pub(crate) fn validate(g: &Catan) -> Result<(), String> {
    let n = g.n();
    let hp: Vec<u32> = (0..n).map(|p| g.harbor_points(p)).collect();
    let hm = hp.iter().copied().max().unwrap_or(0);
    match ((g.harbormaster as usize) < n).then_some(g.harbormaster as usize) {
        Some(_) if !g.rules.harbormaster => {
            return Err("a Harbormaster holder is given but the harbormaster option is off".into())
        }
        Some(h) if hp[h] != hm || hm < 3 => {
            return Err(format!(
                "player {h} holds the Harbormaster card with {} harbour points but the most is {hm} (needs 3+)",
                hp[h]
            ))
        }
        None if g.harbormaster != NONE => return Err("harbormaster is not a seat".into()),
        // D-16: after a conquest a tie for the most points can leave the card set aside.
        None if g.rules.harbormaster
            && hm >= 3
            && (g.modules.barbarian_attack.is_none() || hp.iter().filter(|&&x| x == hm).count() == 1) =>
        {
            return Err(format!(
                "a player has {hm} harbour points but nobody holds the Harbormaster card"
            ))
        }
        _ => {}
    }
    Ok(())
}
