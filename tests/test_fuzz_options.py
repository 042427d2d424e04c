"""Robustness of game options: a mangled option set is refused with a ValueError by both
`new_game` and `random_games`, or makes a game that plays on (every legal action applies, every
state reached reloads equal), never a crash.

Hypothesis starts from a working option set of each game (its defaults, the expansions and
modules, Catan's bundled maps with their scenarios, Kingdom Builder's fixed boards) and changes
one to four options: a valid value, a value just outside an int's range, a wrong type, an odd
value, a structured value (a map, a list of names) mutated inside, or an unknown option; the
player count may be off too.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import meeple
from fuzzing import CONFIGS, ODD_VALUES, exercise, fuzz, mutate_json
from meeple._engine import random_games

# The bundled Catan maps (source data of the catan crate), each with the scenario it belongs to.
MAPS_FILE = Path(__file__).resolve().parent.parent / "src" / "catan" / "data" / "catan_maps.json"
CATAN_MAPS: dict[str, Any] = json.loads(MAPS_FILE.read_text())["maps"]
MAP_SCENARIO = {
    "base_beginner": "none",
    "catan_for_two": "none",
    "fishermen": "fishermen",
    "rivers": "rivers",
    "caravans": "caravans",
    "barbarian_attack": "barbarian_attack",
    "traders_barbarians": "traders_barbarians",
}

# Working values of the options that take JSON (the defaults are null or the printed game's).
JSON_EXAMPLES: dict[str, list[Any]] = {
    "map": list(CATAN_MAPS.values()),
    "tb_trade_hexes": [{"castle": [0, 2], "marble_quarry": [2, -2], "glassworks": [-2, 0]}],
    "tb_barbarian_paths": [[[0, 0, "E"], [-1, 1, "NE"], [0, -1, "SE"]]],
    "sectors": [["oracle", "farm", "tavern", "tower"], ["harbor", "paddock", "barn", "oasis"]],
    "rotated": [[True, False, True, False]],
    "cards": [["fishermen", "merchants", "lords"], ["citizens", "miners", "workers"]],
}

BASES: list[tuple[str, int, dict[str, Any]]] = [
    *CONFIGS,
    *[
        ("catan", 2 if name == "catan_for_two" else 3, {"map": m, "scenario": MAP_SCENARIO[name]})
        for name, m in CATAN_MAPS.items()
    ],
    ("catan", 2, {"catan_for_two": True}),
    (
        "kingdom_builder",
        3,
        {"sectors": JSON_EXAMPLES["sectors"][1], "cards": JSON_EXAMPLES["cards"][1]},
    ),
    ("kingdom_builder", 2, {"preset": "basic", "allow_rotation": False}),
]

# The reference game's `flaw` option breaks it on purpose (the conformance kit's test of itself).
ON_PURPOSE = {"flaw"}


def candidates(spec: dict[str, Any], name: str) -> list[Any]:
    """Values worth trying for one option: its own valid values, its edges and wrong types."""
    out: list[Any] = [spec["default"], *ODD_VALUES]
    if spec.get("type") == "bool":
        out += [True, False, 0, "true"]
    elif spec.get("type") == "int":
        lo, hi = spec["min"], spec["max"]
        out += [lo, hi, (lo + hi) // 2, lo - 1, hi + 1, float(lo), str(hi)]
    elif "allowed" in spec:
        out += [*spec["allowed"], spec["allowed"][0].upper(), ""]
    else:
        out += JSON_EXAMPLES.get(name, [])
    return out


def draw_options(game: str, base: dict[str, Any], data: st.DataObject) -> dict[str, Any]:
    specs = {k: v for k, v in meeple.game_info(game)["options"].items() if k not in ON_PURPOSE}
    options = copy.deepcopy(base)
    for _ in range(data.draw(st.integers(1, 4), label="changes")):
        name = data.draw(st.sampled_from([*sorted(specs), "no_such_option", ""]), label="option")
        if name not in specs:
            options[name] = 1
            continue
        value = copy.deepcopy(data.draw(st.sampled_from(candidates(specs[name], name))))
        if isinstance(value, (dict, list)) and value and data.draw(st.booleans(), label="mutate"):
            mutate_json(value, data)
        options[name] = value
    return options


@pytest.mark.parametrize("game", meeple.games() + ["_reference"])
def test_mangled_options_are_refused_or_work(game: str) -> None:
    bases = [(p, o) for g, p, o in BASES if g == game]
    info = meeple.game_info(game)
    counts = [info["min_players"] - 1, info["min_players"], info["max_players"] + 1, 0]

    @fuzz(100)
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        players, base = data.draw(st.sampled_from(bases), label="base")
        if data.draw(st.integers(0, 5), label="odd players") == 0:
            players = data.draw(st.sampled_from(counts), label="players")
        options = draw_options(game, base, data)
        try:
            g = meeple.new_game(game, players=players, seed=3, **options)
        except ValueError:
            with pytest.raises(ValueError):
                random_games(game, players, 1, 3, 1, options)
            return
        lengths, *_ = random_games(game, players, 2, 3, 1, options)
        assert len(lengths) == 2
        assert meeple.from_json(g.to_json()).options == g.options
        exercise(g, steps=20)

    check()
