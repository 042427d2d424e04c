//! Observations and determinization: tensors fully written and finite; `determinize(seat)` keeps
//! the turn, the mover's legal actions, the seat's observation and tensor, gives a valid state,
//! reseeds the RNG, and resamples hidden parts (somewhere over a run, see `check_resampling`), or
//! keeps them where the game documents them as deducible from the public history.

use super::KitStats;
use crate::game::{Action, Game, Turn};
use crate::rng::GameRng;
use serde_json::Value;

pub(super) fn check<G: Game>(
    g: &G,
    turn: Turn,
    legal: &[Action],
    json: &Value,
    rng: &mut GameRng,
    deducible: Option<&str>,
    stats: &mut KitStats,
) -> Result<(), String> {
    let players = g.config().players;
    let len = g.observation_tensor_len();
    let own_rng = g.clone().rng_mut().clone();
    for seat in 0..players {
        let obs = g.observation(seat);
        let mut t = vec![f32::NAN; len];
        g.observation_tensor(seat, &mut t);
        if t.iter().any(|x| !x.is_finite()) {
            return Err(format!(
                "observation tensor of seat {seat} has non-finite values (or was not fully written)"
            ));
        }
        let seed = rng.next_u64();
        let mut d = g.determinize(seat, seed);
        if d.turn() != turn {
            return Err(format!("determinize({seat}) changed whose turn it is"));
        }
        if turn == Turn::Player(seat) {
            let mut l2 = Vec::new();
            d.legal_actions(&mut l2);
            if l2 != legal {
                return Err(format!(
                    "determinize({seat}) changed the legal actions of seat {seat}, who is to move"
                ));
            }
        }
        if d.observation(seat) != obs {
            return Err(format!(
                "determinize({seat}) changed seat {seat}'s observation"
            ));
        }
        let mut t2 = vec![f32::NAN; len];
        d.observation_tensor(seat, &mut t2);
        if t2 != t {
            return Err(format!(
                "determinize({seat}) changed seat {seat}'s observation tensor"
            ));
        }
        d.validate()
            .map_err(|e| format!("determinize({seat}) gave an invalid state: {e}"))?;
        // The RNG is reseeded from the seed: not kept, and different for another seed.
        let d_rng = d.rng_mut().clone();
        if d_rng == own_rng {
            return Err(format!(
                "determinize({seat}) did not reseed the RNG (the real future leaks)"
            ));
        }
        if g.determinize(seat, seed ^ 1).rng_mut() == &d_rng {
            return Err(format!(
                "determinize({seat}) did not reseed the RNG from its seed (two seeds, one RNG)"
            ));
        }
        // Anything but the RNG changed?
        *d.rng_mut() = own_rng.clone();
        let resampled = &d.to_json_value() != json;
        stats.determinized += 1;
        stats.resampled += resampled as u64;
        if resampled && !g.hidden_information() {
            return Err(format!(
                "determinize({seat}) changed the state of a configuration without hidden information"
            ));
        }
        if let (true, Some(why)) = (resampled, deducible) {
            return Err(format!(
                "determinize({seat}) changed a hidden part the game says perfect recall deduces \
                 ({why}): it must keep it"
            ));
        }
    }
    Ok(())
}
