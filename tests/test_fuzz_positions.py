"""Robustness of the position format: a mangled position is refused with a ValueError or loads
into a working game; it never panics, never raises anything else, and a loaded game plays on:
every legal action applies and every state reached reloads equal (see fuzzing.exercise).

Hypothesis mutates real mid-game positions of every game (and the expansions and modules): a
leaf replaced by an odd value or an int moved by one, a key dropped or added, a list element
dropped, duplicated or swapped, one to three times.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import meeple
from fuzzing import CONFIGS, exercise, fuzz, mutate_json


def position(g: meeple.Game) -> dict[str, Any]:
    """The position of `g` without its history, as a hand-edited position is: a history that no
    longer leads to the mangled state would only be replayed and dropped on load, which costs
    time and checks nothing of the game's own."""
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


def mutate(doc: dict[str, Any], data: st.DataObject) -> str:
    mutate_json(doc["state"], data)
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("game", "players", "options"),
    CONFIGS,
    ids=[f"{g}-{p}p-" + "-".join(sorted(o)) for g, p, o in CONFIGS],
)
def test_mangled_positions_are_refused_or_work(
    game: str, players: int, options: dict[str, Any]
) -> None:
    docs = positions(game, players, options)

    @fuzz(200)
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
