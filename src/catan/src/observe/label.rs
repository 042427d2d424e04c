//! Action labels (the names string_to_action parses).

use super::*;

pub fn label(g: &Catan, a: Action) -> String {
    let geo = g.geo();
    let p = g.current as usize;
    if let Some(l) = g.module_label_first(a) {
        return l;
    }
    if a < A_ROAD {
        format!("settlement {}", geo.vertex_name((a - A_SETTLE) as usize))
    } else if a < A_CITY {
        format!("road {}", geo.edge_name((a - A_ROAD) as usize))
    } else if a < A_ROLL {
        format!("city {}", geo.vertex_name((a - A_CITY) as usize))
    } else if a == A_ROLL {
        "roll".into()
    } else if a == A_END {
        "end turn".into()
    } else if a == A_BUY_DEV {
        "buy development card".into()
    } else if a < A_YOP {
        [
            "play knight",
            "play road building",
            "play year of plenty",
            "play monopoly",
        ][(a - A_PLAY) as usize]
            .into()
    } else if a < A_MONO {
        format!("take {}", RESOURCES[(a - A_YOP) as usize])
    } else if a < A_ROBBER {
        format!("monopoly {}", RESOURCES[(a - A_MONO) as usize])
    } else if a < A_STEAL {
        format!("robber to {}", geo.hex_name((a - A_ROBBER) as usize))
    } else if a < A_DISCARD {
        format!("steal from player {}", a - A_STEAL)
    } else if a < A_MARITIME {
        format!("discard {}", RESOURCES[(a - A_DISCARD) as usize])
    } else if a < A_OFFER {
        let (give, get) = maritime_decode(a - A_MARITIME);
        format!(
            "maritime {} {} for 1 {}",
            g.rate(p, give),
            RESOURCES[give],
            RESOURCES[get]
        )
    } else if a < A_ACCEPT {
        let o = Offer::decode(a - A_OFFER);
        format!(
            "offer {} {} for {} {}",
            o.give_n, RESOURCES[o.give], o.get_n, RESOURCES[o.get]
        )
    } else if a == A_ACCEPT {
        "accept".into()
    } else if a == A_DECLINE {
        "decline".into()
    } else if a < A_WITHDRAW {
        format!("trade with player {}", a - A_CONFIRM)
    } else if a == A_WITHDRAW {
        "withdraw offer".into()
    } else if a < C_STEAL {
        format!("dice {}", a - C_DICE + 2)
    } else if a < C_DEV {
        format!("stolen {}", RESOURCES[(a - C_STEAL) as usize])
    } else if a < NUM_ACTIONS {
        format!("draw {}", DEV_NAMES[(a - C_DEV) as usize])
    } else {
        // The ids of the modules (B2 events from here on).
        g.module_label(a)
    }
}
