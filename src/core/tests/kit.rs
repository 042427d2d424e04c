//! The conformance kit proves itself on the reference game: it passes the real one and fails
//! each deliberately broken variant with the matching complaint.

use meeple_core::conformance::{check, default_configs, KitOptions};
use meeple_core::reference::Reference;
use meeple_core::{Config, Game};
use serde_json::json;

fn opts() -> KitOptions {
    KitOptions {
        playouts: 300,
        ..KitOptions::default()
    }
}

#[test]
fn reference_game_conforms_for_every_player_count() {
    for c in default_configs::<Reference>() {
        let stats = check::<Reference>(&c, &opts())
            .unwrap_or_else(|e| panic!("{} players: {e}", c.players));
        assert_eq!(stats.games, 300);
        assert!(stats.steps > 0);
    }
}

fn flawed(flaw: &str) -> Config {
    let mut o = serde_json::Map::new();
    o.insert("flaw".into(), json!(flaw));
    Config::new(&Reference::info(), 3, &o).unwrap()
}

#[test]
fn kit_catches_unsorted_legal_actions() {
    let e = check::<Reference>(&flawed("unsorted_legal"), &opts()).unwrap_err();
    assert!(e.contains("not strictly ascending"), "{e}");
}

#[test]
fn kit_catches_state_changed_by_refused_action() {
    let e = check::<Reference>(&flawed("dirty_illegal"), &opts()).unwrap_err();
    assert!(e.contains("changed the state"), "{e}");
}

#[test]
fn kit_catches_leaky_observation() {
    let e = check::<Reference>(&flawed("leaky_observation"), &opts()).unwrap_err();
    assert!(e.contains("observation"), "{e}");
}

#[test]
fn kit_catches_a_false_claim_of_perfect_information() {
    let e = check::<Reference>(&flawed("falsely_perfect"), &opts()).unwrap_err();
    assert!(e.contains("without hidden information"), "{e}");
}

#[test]
fn kit_runs_from_positions() {
    use meeple_core::conformance::check_positions;
    use meeple_core::dynamic::load_state;
    let mut g = Reference::new(&default_configs::<Reference>()[1], 5).unwrap();
    // A hand-written mid-game position: three players, all dealt, player 0 has bet.
    let mut v = g.to_json_value();
    v["hands"] = json!([5, 1, 3]);
    v["deck"] = json!([1, 2, 1, 2, 1]);
    v["bets"] = json!([true, false, false]);
    v["next"] = json!(1);
    g = load_state::<Reference>(&v).unwrap();
    let stats = check_positions(&[g], &opts()).unwrap();
    assert_eq!(stats.games, 300);
    // An inconsistent position is refused up front.
    let mut bad = load_state::<Reference>(&v).unwrap().to_json_value();
    bad["deck"] = json!([2, 2, 2, 2, 2]);
    assert!(load_state::<Reference>(&bad).is_err());
}
