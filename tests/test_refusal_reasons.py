"""Per-game refusal reasons (issue 22 item 7): an action that is well formed but not legal now
raises `IllegalActionError` naming the rule, through `apply_action` and `string_to_action`
alike, and leaves the state unchanged."""

from __future__ import annotations

import random

import pytest

import meeple


def _refusal(g: meeple.Game, label: str) -> str:
    """The message refusing the action labelled `label`; the state must stay unchanged."""
    a = next(a for a in range(g.num_distinct_actions) if g.action_to_string(a) == label)
    assert a not in g.legal_actions(), label
    before = g.to_json()
    with pytest.raises(meeple.IllegalActionError) as e:
        g.apply_action(a)
    with pytest.raises(meeple.IllegalActionError) as by_label:
        g.string_to_action(label)
    assert str(by_label.value) == str(e.value)
    assert g.to_json() == before
    return str(e.value)


def _play(g: meeple.Game, *labels: str) -> None:
    for label in labels:
        g.apply_action(g.string_to_action(label))


def test_puerto_rico_names_the_rule() -> None:
    g = meeple.new_game("puerto_rico", players=3, seed=1)
    assert "bought only on a builder turn (§4.3)" in _refusal(g, "build residence")
    assert "taken only on a settler turn (§4.1)" in _refusal(g, "take corn")
    assert "sold only on a trader turn (§4.5)" in _refusal(g, "sell corn")
    _play(g, "role builder")
    msg = _refusal(g, "build residence")
    assert "the residence costs 9 after the discounts (§4.3)" in msg and "2 doubloons" in msg
    # The builder passes round the table; the next chooser may not take the builder again.
    while g.observation(0)["step"] != "choose_role":
        _play(g, "pass")
    assert "already chosen this round: each role once a round (§3)" in _refusal(g, "role builder")
    _play(g, "role settler")
    row = g.observation(0)["plantation_row"]
    missing = next(k for k in ("corn", "indigo", "sugar", "tobacco", "coffee") if not row.get(k))
    assert f"no face-up {missing} plantation is in the row (§4.1)" in _refusal(g, f"take {missing}")


def test_puerto_rico_loading_is_compulsory_and_a_kind_goes_on_one_ship() -> None:
    rng = random.Random(3)
    for seed in range(40):
        g = meeple.new_game("puerto_rico", players=4, seed=seed)
        while not g.is_terminal:
            legal = g.legal_actions()
            labels = [g.action_to_string(a) for a in legal]
            if g.observation(0)["step"] == "load" and "pass" not in labels:
                msg = _refusal(g, "pass")
                assert "loading is compulsory" in msg and "(§4.6 c)" in msg
                return
            g.apply_action(rng.choice(legal))
    pytest.fail("no captain turn with a load found")


def test_san_juan_names_the_rule() -> None:
    g = meeple.new_game("san_juan", players=2, seed=1)
    assert "a card is chosen only to build" in _refusal(g, "card indigo_plant")
    _play(g, "builder")
    assert "holds no palace" in _refusal(g, "build palace")
    msg = _refusal(g, "build city_hall")
    assert "costs 5 after the reductions (§6.1 step 3)" in msg
    assert "a role is chosen only when it is a player's turn to pick one (§5)" in _refusal(
        g, "builder"
    )
    while g.observation(0)["phase"] != "pick_role":
        _play(g, "pass")
    assert "already chosen this round: each role once a round (§5)" in _refusal(g, "builder")


def test_castles_of_burgundy_names_the_rule() -> None:
    g = meeple.new_game("castles_of_burgundy", players=2, seed=1)
    assert "a turn is exactly two actions, one per die (§6.1)" in _refusal(g, "end_turn")
    assert "has no goods of type 1 (§7.3)" in _refusal(g, "sell die1 goods1")
    assert "castle's extra action comes only from placing a castle" in _refusal(g, "workers castle")
    assert "depot 1 space 3 holds no tile (§7.1)" in _refusal(g, "take die1 depot1.3 -")
    assert "storage space 1 is empty" in _refusal(g, "place die1 storage1:-@1")
    # After one die is used, it cannot be used again.
    _play(g, "workers die1")
    assert "die 1 is used already: one action per die (§6.1)" in _refusal(g, "workers die1")


def test_castles_of_burgundy_purchase_rules() -> None:
    g = meeple.new_game("castles_of_burgundy", players=2, seed=1)
    buys = [
        g.action_to_string(a)
        for a in range(g.num_distinct_actions)
        if g.action_to_string(a).startswith("buy ") and a not in g.legal_actions()
    ]
    reasons = {_refusal(g, label).split(": ")[-1] for label in buys}
    assert any("(§7.5)" in r for r in reasons), reasons


def test_catan_names_the_rule() -> None:
    g = meeple.new_game("catan", players=3, seed=1)
    first = g.legal_actions()[0]
    g.apply_action(first)
    # A settlement next to the one just placed breaks the distance rule.
    g2 = meeple.new_game("catan", players=3, seed=1)
    g2.apply_action(first)
    _play(g2, g2.action_to_string(g2.legal_actions()[0]))  # its road
    blocked = [
        g2.action_to_string(a)
        for a in range(g2.num_distinct_actions)
        if g2.action_to_string(a).startswith("settlement ") and a not in g2.legal_actions()
    ]
    assert any("distance rule" in _refusal(g2, label) for label in blocked[:60])
    # Finish the set-up (the first roll follows by itself: nobody holds a card to play first).
    rng = random.Random(1)
    while g.observation(0)["phase"] in ("setup_settlement", "setup_road"):
        g.apply_action(rng.choice(g.legal_actions()))
    while g.observation(0)["phase"] != "main":
        g.apply_action(rng.choice(g.legal_actions()))
    assert "rolled once a turn" in _refusal(g, "roll")
    reasons = set()
    for a in range(g.num_distinct_actions):
        label = g.action_to_string(a)
        if label.startswith(("city ", "settlement ", "road ")) and a not in g.legal_actions():
            reasons.add(_refusal(g, label).split(": ")[-1])
    assert "a city replaces one of the player's own settlements (§A5)" in reasons, reasons
    assert any(
        "distance rule (§A4)" in r or "touch one of the player's roads" in r for r in reasons
    ), reasons
