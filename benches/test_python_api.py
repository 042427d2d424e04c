"""pytest-benchmark benches for the Python API over every game (and the reference game).

Run: `pytest benches --benchmark-only`. In the test suite they run once each, untimed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import meeple
from meeple.cli import mid_game

GAMES = [*meeple.games(), "_reference"]


def _mid_game(name: str) -> meeple.Game:
    """Half way through a seeded random game (by the Rust loop's mean length, chance outcomes
    included): a real mid-game state, never the finished game."""
    info = meeple.game_info(name)
    players = max(info["min_players"], min(4, info["max_players"]))
    lengths, *_ = meeple._engine.random_games(name, players, 4, 1, 1)
    g = mid_game(name, players, 1, {}, int(lengths.mean()) // 2)
    assert not g.is_terminal and g.legal_actions(), f"{name}: the probe reached the end"
    return g


@pytest.mark.parametrize("name", GAMES)
def test_legal_actions(benchmark: Any, name: str) -> None:
    g = _mid_game(name)
    assert benchmark(g.legal_actions) == g.legal_actions()


@pytest.mark.parametrize("name", GAMES)
def test_legal_action_mask(benchmark: Any, name: str) -> None:
    g = _mid_game(name)
    assert benchmark(g.legal_action_mask).sum() == len(g.legal_actions())


@pytest.mark.parametrize("name", GAMES)
def test_clone(benchmark: Any, name: str) -> None:
    g = _mid_game(name)
    assert benchmark(g.clone).to_json() == g.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_apply_action(benchmark: Any, name: str) -> None:
    g = _mid_game(name)
    a = g.legal_actions()[0]

    def step() -> meeple.Game:
        c = g.clone()
        c.apply_action(a)
        return c

    after = benchmark(step).history()
    assert after[: len(g.history())] == g.history() and len(after) > len(g.history())


@pytest.mark.parametrize("name", GAMES)
def test_observation_tensor(benchmark: Any, name: str) -> None:
    g = _mid_game(name)
    assert benchmark(g.observation_tensor, 0).ndim == 1


@pytest.mark.parametrize("name", GAMES)
def test_python_random_game(benchmark: Any, name: str) -> None:
    info = meeple.game_info(name)
    players = max(info["min_players"], min(4, info["max_players"]))
    rng = random.Random(0)

    def play() -> meeple.Game:
        g = meeple.new_game(name, players=players, seed=rng.randrange(1000))
        while not g.is_terminal:
            g.apply_action(rng.choice(g.legal_actions()))
        return g

    assert benchmark(play).is_terminal
