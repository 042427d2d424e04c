"""PettingZoo: AECEnv passes pettingzoo's api_test and seed_test for every configuration."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from test_envs_configs import CONFIG_IDS, CONFIGS

import meeple
from meeple.envs import AECEnv


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_api_and_seed(game: str, players: int, options: dict[str, Any]) -> None:
    api_test(AECEnv(game, players=players, **options), num_cycles=200)
    seed_test(lambda: AECEnv(game, players=players, **options), num_cycles=100)


def test_observation_dict_and_rewards() -> None:
    env = AECEnv("_reference", players=3, render_mode="ansi")
    env.reset(seed=4)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    assert isinstance(env.render(), str)
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        assert obs["action_mask"].dtype == np.int8 and obs["observation"].dtype == np.float32
        if term or trunc:
            env.step(None)
            continue
        others = [a for a in env.agents if a != agent]
        assert all(not env.observe(a)["action_mask"].any() for a in others)
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.agents == []


def test_illegal_action_raises_and_changes_nothing() -> None:
    env = AECEnv("puerto_rico", players=3)
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    before = env.game.to_json()
    with pytest.raises(meeple.IllegalActionError):
        env.step(bad)
    assert env.game.to_json() == before


def test_max_steps_truncates_every_agent() -> None:
    env = AECEnv("san_juan", players=2, max_steps=3)
    env.reset(seed=0)
    for _ in range(3):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert all(env.truncations.values())
