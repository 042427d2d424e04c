"""The cost of the OpenSpiel adapter (``meeple.openspiel``) over meeple's own Python calls.

Each game replays one recorded random game (2 players, explicit chance, chance outcomes included)
step by step, ``legal_actions()`` then ``apply_action(a)``, once on a meeple ``Game`` and once on
the pyspiel state; the difference per step is the adapter's overhead. Clones are timed the same
way (``Game.clone()`` against ``State.clone()``, which OpenSpiel implements for Python games as a
new initial state plus a deep copy of the attributes).

    pytest benches/test_openspiel_adapter.py --benchmark-only      # pytest-benchmark
    python benches/test_openspiel_adapter.py [--rounds 5]           # the table of benches/README.md

In the test suite the benches run once each, untimed.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

import pyspiel
import pytest

import meeple
import meeple.openspiel as openspiel

GAMES = meeple.games()
PLAYERS = 2
# Catan's random 2-player games are long; a cut-off keeps a replay to a few thousand steps.
OPTIONS: dict[str, dict[str, Any]] = {"catan": {"turn_limit": 100}}


def recorded_game(name: str, seed: int = 1) -> list[int]:
    """The actions (chance outcomes included) of one seeded random game."""
    g = meeple.new_game(name, players=PLAYERS, chance="explicit", **OPTIONS.get(name, {}))
    rng = random.Random(seed)
    while not g.is_terminal:
        if g.is_chance_node:
            actions, weights = zip(*g.chance_outcomes(), strict=True)
            g.apply_action(rng.choices(actions, weights)[0])
        else:
            g.apply_action(rng.choice(g.legal_actions()))
    return g.history()


def spiel_game(name: str) -> Any:
    params = {"players": PLAYERS, **OPTIONS.get(name, {})}
    return pyspiel.load_game(openspiel.game_name(name), params)


def meeple_replay(name: str, actions: list[int]) -> Callable[[], Any]:
    def run() -> Any:
        g = meeple.new_game(name, players=PLAYERS, chance="explicit", **OPTIONS.get(name, {}))
        for a in actions:
            g.legal_actions()
            g.apply_action(a)
        return g

    return run


def spiel_replay(game: Any, actions: list[int]) -> Callable[[], Any]:
    def run() -> Any:
        s = game.new_initial_state()
        for a in actions:
            s.legal_actions()
            s.apply_action(a)
        return s

    return run


def mid_game(name: str) -> tuple[Any, Any]:
    """The meeple game and the pyspiel state halfway through the recorded game."""
    actions = recorded_game(name)
    half = actions[: len(actions) // 2]
    state = spiel_replay(spiel_game(name), half)()
    return meeple_replay(name, half)(), state


@pytest.mark.parametrize("name", GAMES)
def test_meeple_steps(benchmark: Any, name: str) -> None:
    actions = recorded_game(name)
    assert benchmark(meeple_replay(name, actions)).is_terminal


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_steps(benchmark: Any, name: str) -> None:
    actions = recorded_game(name)
    assert benchmark(spiel_replay(spiel_game(name), actions)).is_terminal()


@pytest.mark.parametrize("name", GAMES)
def test_meeple_clone(benchmark: Any, name: str) -> None:
    g, _ = mid_game(name)
    assert benchmark(g.clone).to_json() == g.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_clone(benchmark: Any, name: str) -> None:
    _, state = mid_game(name)
    assert benchmark(state.clone).history() == state.history()


def _seconds(fn: Callable[[], Any]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def _repeat(fn: Callable[[], Any], times: int) -> Callable[[], Any]:
    def run() -> None:
        for _ in range(times):
            fn()

    return run


CLONES = 2000


def table(rounds: int) -> list[dict[str, Any]]:
    """Per game: microseconds per step (legal_actions + apply_action) and per clone, meeple and
    adapter, best of `rounds` runs taken alternately (the machine may be shared)."""
    rows = []
    for name in GAMES:
        actions = recorded_game(name)
        g, state = mid_game(name)
        runs = {
            "meeple": meeple_replay(name, actions),
            "adapter": spiel_replay(spiel_game(name), actions),
            "meeple_clone": _repeat(g.clone, CLONES),
            "adapter_clone": _repeat(state.clone, CLONES),
        }
        best = dict.fromkeys(runs, float("inf"))
        for _ in range(rounds):
            for key, run in runs.items():
                best[key] = min(best[key], _seconds(run))
        n = len(actions)
        rows.append(
            {
                "game": name,
                "steps": n,
                "meeple_us_per_step": round(best["meeple"] / n * 1e6, 2),
                "adapter_us_per_step": round(best["adapter"] / n * 1e6, 2),
                "overhead_us_per_step": round((best["adapter"] - best["meeple"]) / n * 1e6, 2),
                "adapter_states_per_s": round(n / best["adapter"]),
                "meeple_states_per_s": round(n / best["meeple"]),
                "meeple_clone_us": round(best["meeple_clone"] / CLONES * 1e6, 2),
                "adapter_clone_us": round(best["adapter_clone"] / CLONES * 1e6, 2),
            }
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="one JSON object per game")
    args = parser.parse_args()
    rows = table(args.rounds)
    if args.json:
        for row in rows:
            print(json.dumps(row))
        return
    keys = list(rows[0])
    print("| " + " | ".join(keys) + " |")
    print("|" + "---|" * len(keys))
    for row in rows:
        print("| " + " | ".join(str(row[k]) for k in keys) + " |")


if __name__ == "__main__":
    main()
