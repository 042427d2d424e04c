"""Shared pieces of the fuzz tests (positions, options, records, CLI arguments).

The rule they check: every input meeple accepts is one from which play goes on correctly. An
accepted game answers every query, every legal action applies, and every state reached reloads:
`from_json(to_json())` gives an equal state (same JSON, same legal actions).

CI runs each fuzz test with a fixed example budget and derandomized hypothesis (the same examples
on every run, no example database), so a failure reproduces. `MEEPLE_FUZZ_SCALE=N` multiplies the
budgets for a longer local hunt; `MEEPLE_FUZZ_SEED=S` explores other examples.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, Phase, seed, settings
from hypothesis import strategies as st

import meeple
from conftest import ALL_GAMES, player_counts

SCALE = max(1, int(os.environ.get("MEEPLE_FUZZ_SCALE", "1")))
SEED = os.environ.get("MEEPLE_FUZZ_SEED")
# Shrinking a failure can take minutes: CI reports the failing example as drawn (set
# MEEPLE_FUZZ_SHRINK=1 to shrink it when reproducing locally).
SHRINK = os.environ.get("MEEPLE_FUZZ_SHRINK") == "1"

# Every game at its largest player count, and the expansions, modules and variants.
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


# Values that break assumptions: bounds of the integer types, wrong types, empty containers.
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


def fuzz(max_examples: int) -> Callable[[Any], Any]:
    """Hypothesis settings of a fuzz test: `max_examples` (times the scale), no deadline, no
    example database, derandomized unless a seed is asked for."""
    configured = settings(
        max_examples=max_examples * SCALE,
        deadline=None,
        database=None,
        derandomize=SEED is None,
        phases=[p for p in Phase if SHRINK or p not in (Phase.shrink, Phase.explain)],
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.filter_too_much,
        ],
    )
    if SEED is None:
        return configured
    return lambda f: seed(int(SEED))(configured(f))


def assert_reloads(g: meeple.Game) -> None:
    """`g` saved and loaded again is the same state: same JSON, same legal actions."""
    text = g.to_json()
    loaded = meeple.from_json(text)
    assert loaded.to_json() == text, "the reloaded state writes different JSON"
    assert loaded.is_terminal == g.is_terminal
    if not g.is_terminal:
        assert loaded.current_player == g.current_player
        assert loaded.legal_actions() == g.legal_actions(), "the reloaded state has other moves"


def query(g: meeple.Game) -> None:
    """Every read-only query answers without error."""
    seats = range(g.num_players)
    for s in seats:
        g.observation(s)
        g.observation_tensor(s)
    g.legal_action_mask()
    g.scores()
    g.returns()
    str(g)


def exercise(g: meeple.Game, steps: int = 30, seed: int = 1, width: int = 40) -> None:
    """Play on from an accepted game and check that nothing it allows breaks.

    At the first state every legal action (up to `width` of them, sampled) applies and the state
    it leads to reloads; then `steps` random actions, each state reloaded, each state's legal
    actions all applying on a copy, a determinization of each state reloading too."""
    rng = random.Random(seed)
    query(g)
    assert_reloads(g)
    if not g.is_terminal:
        legal = g.legal_actions()
        assert legal, "a non-terminal game with no legal action"
        for a in rng.sample(legal, min(width, len(legal))):
            c = g.clone()
            c.apply_action(a)
            assert_reloads(c)
    for _ in range(steps):
        if g.is_terminal:
            break
        legal = g.legal_actions()
        assert legal, "a non-terminal game with no legal action"
        assert sorted(legal) == legal and len(set(legal)) == len(legal), legal[:20]
        for a in rng.sample(legal, min(width, len(legal))):
            g.clone().apply_action(a)
        assert_reloads(g.determinize(rng.randrange(g.num_players), rng.randrange(2**32)))
        g.apply_action(rng.choice(legal))
        query(g)
        assert_reloads(g)
    g.returns()


def containers(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths of every non-empty dict and list inside `node` (the node itself included)."""
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


MUTATIONS = ["replace", "nudge", "drop", "add", "duplicate", "swap"]


def mutate_json(node: Any, data: st.DataObject) -> None:
    """One mutation somewhere inside the JSON value `node` (a non-empty dict or list), in place:
    a leaf replaced by an odd value or an int leaf moved by one, a key dropped or added, a list
    element dropped, duplicated or swapped."""
    paths = containers(node)
    parent = at(node, data.draw(st.sampled_from(paths), label="container"))
    keys = list(parent.keys()) if isinstance(parent, dict) else list(range(len(parent)))
    key = data.draw(st.sampled_from(keys), label="key")
    op = data.draw(st.sampled_from(MUTATIONS), label="op")
    value = parent[key]
    is_int = isinstance(value, int) and not isinstance(value, bool)
    if op == "nudge" and is_int:
        parent[key] = value + data.draw(st.sampled_from([1, -1]), label="by")
    elif op in ("replace", "nudge"):
        parent[key] = data.draw(st.sampled_from(ODD_VALUES), label="value")
    elif op == "drop":
        del parent[key]
    elif op == "add":
        if isinstance(parent, dict):
            parent["unexpected_field"] = 1
        else:
            parent.append(data.draw(st.sampled_from(ODD_VALUES), label="value"))
    elif op == "duplicate" and isinstance(parent, list):
        parent.insert(key, value)
    elif op == "swap" and isinstance(parent, list) and len(parent) > 1:
        other = data.draw(st.sampled_from(keys), label="other")
        parent[key], parent[other] = parent[other], parent[key]
    else:
        parent[key] = None
