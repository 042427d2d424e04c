"""A typed example that must pass `mypy --strict`: the stubs describe the real API."""

from __future__ import annotations

import random

import numpy as np

import meeple


def random_game(name: str, players: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    g: meeple.Game = meeple.new_game(name, players=players, seed=seed)
    while not g.is_terminal:
        legal: list[int] = g.legal_actions()
        mask = g.legal_action_mask()
        assert mask.dtype == np.bool_
        g.apply_action(rng.choice(legal))
    tensor = g.observation_tensor(0)
    assert tensor.dtype == np.float32
    obs: dict[str, object] = g.observation(0)
    assert isinstance(obs, dict)
    return g.returns()


if __name__ == "__main__":
    print(random_game("_reference", 3, 1))
