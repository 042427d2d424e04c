"""Robustness of the position format: a mangled position is refused with a ValueError or loads
into a working game; it never panics, never raises anything else, and a loaded game plays on.

Hypothesis mutates real mid-game positions of every game (and the expansions and modules): a
leaf replaced by an odd value, a key dropped or added, a list element dropped, duplicated or
swapped, one to three times.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple
from conftest import ALL_GAMES, player_counts

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    *[(g, max(player_counts(g)), {}) for g in ALL_GAMES],
    ("puerto_rico", 3, {"new_buildings": True, "nobles": True}),
    ("catan", 2, {}),
    ("catan", 3, {"event_cards": True, "harbormaster": True, "friendly_robber": True}),
    ("catan", 3, {"scenario": "fishermen"}),
    ("catan", 3, {"scenario": "rivers"}),
    ("catan", 3, {"scenario": "caravans"}),
    ("catan", 3, {"scenario": "barbarian_attack"}),
    ("catan", 3, {"scenario": "traders_barbarians"}),
    ("catan", 2, {"scenario": "barbarian_attack"}),
    ("catan", 2, {"scenario": "traders_barbarians"}),
    ("castles_of_burgundy", 2, {"experienced_variant": True, "secret_board_choice": True}),
    ("san_juan", 2, {"drafted_hands": True}),
]

ODD_VALUES: list[Any] = [
    -1,
    0,
    1,
    3,
    255,
    256,
    2**31,
    2**63,
    -(2**63),
    1.5,
    "",
    "x",
    "lumber",
    None,
    True,
    [],
    [0],
    {},
    {"q": 0},
]


def position(g: meeple.Game) -> dict[str, Any]:
    """The position of `g` without its history, as a hand-edited position is: a history that no
    longer leads to the mangled state would be refused before the game's own checks ran."""
    doc: dict[str, Any] = json.loads(g.to_json())
    del doc["history"]
    return doc


def positions(game: str, players: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    """A few positions along one random game: the start, early, middle and late."""
    rng = random.Random(3)
    g = meeple.new_game(game, players=players, seed=5, **options)
    out = [position(g)]
    step = 0
    while not g.is_terminal:
        g.apply_action(rng.choice(g.legal_actions()))
        step += 1
        if step in (7, 60, 400):
            out.append(position(g))
    out.append(position(g))
    return out


def containers(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths of every dict and list inside `node` (the node itself included)."""
    if isinstance(node, dict):
        items: list[tuple[Any, Any]] = list(node.items())
    elif isinstance(node, list):
        items = list(enumerate(node))
    else:
        return []
    found = [path] if items else []
    for k, v in items:
        found += containers(v, (*path, k))
    return found


def at(node: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        node = node[k]
    return node


def mutate(doc: dict[str, Any], data: st.DataObject) -> str:
    state = doc["state"]
    paths = containers(state)
    parent = at(state, data.draw(st.sampled_from(paths), label="container"))
    keys = list(parent.keys()) if isinstance(parent, dict) else list(range(len(parent)))
    key = data.draw(st.sampled_from(keys), label="key")
    op = data.draw(st.sampled_from(["replace", "drop", "add", "duplicate", "swap"]), label="op")
    if op == "replace":
        parent[key] = data.draw(st.sampled_from(ODD_VALUES), label="value")
    elif op == "drop":
        del parent[key]
    elif op == "add":
        if isinstance(parent, dict):
            parent["unexpected_field"] = 1
        else:
            parent.append(data.draw(st.sampled_from(ODD_VALUES), label="value"))
    elif op == "duplicate" and isinstance(parent, list):
        parent.insert(key, parent[key])
    elif op == "swap" and isinstance(parent, list) and len(parent) > 1:
        other = data.draw(st.sampled_from(keys), label="other")
        parent[key], parent[other] = parent[other], parent[key]
    else:
        parent[key] = None
    return json.dumps(doc)


def exercise(g: meeple.Game) -> None:
    """A loaded game must answer every query and play to a few more steps without error."""
    rng = random.Random(1)
    for _ in range(30):
        if g.is_terminal:
            break
        g.observation_tensor(0)
        g.observation(0)
        g.legal_action_mask()
        g.determinize(0, 3)
        g.to_json()
        legal = g.legal_actions()
        assert legal, "a non-terminal game with no legal action"
        g.apply_action(rng.choice(legal))
    g.returns()


@pytest.mark.parametrize(
    ("game", "players", "options"),
    CONFIGS,
    ids=[f"{g}-{p}p-" + "-".join(sorted(o)) for g, p, o in CONFIGS],
)
def test_mangled_positions_are_refused_or_work(
    game: str, players: int, options: dict[str, Any]
) -> None:
    docs = positions(game, players, options)

    @settings(
        max_examples=200,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        doc = json.loads(json.dumps(data.draw(st.sampled_from(docs), label="position")))
        for _ in range(data.draw(st.integers(1, 3), label="mutations")):
            text = mutate(doc, data)
            doc = json.loads(text)
        try:
            g = meeple.from_json(json.dumps(doc))
        except ValueError:
            return
        exercise(g)

    check()


@pytest.mark.parametrize(
    ("game", "field", "path"),
    [
        ("puerto_rico", "doubloons", "players[1].doubloons"),
        ("catan", "resources", "players[1].resources"),
        ("san_juan", "hand", "players[1].hand"),
    ],
)
def test_a_field_of_the_wrong_shape_is_named_by_its_path(game: str, field: str, path: str) -> None:
    doc = json.loads(meeple.new_game(game, players=3, seed=1).to_json())
    doc["state"]["players"][1][field] = -1
    with pytest.raises(ValueError, match=re.escape(f"bad JSON: {path}: invalid")):
        meeple.from_json(json.dumps(doc))
