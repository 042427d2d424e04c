"""Gymnasium: GymEnv passes gymnasium's own env checker for every configuration; GymVectorEnv
declares and follows its autoreset mode."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import AutoresetMode
from test_envs_configs import CONFIG_IDS, CONFIGS

import meeple
from meeple.envs import GymEnv, GymVectorEnv


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_check_env(game: str, players: int, options: dict[str, Any]) -> None:
    # Made through the registry, so that the checker also renders in every declared mode.
    made = gymnasium.make(
        f"meeple/{game}-v0", players=players, seat=players - 1, opponents="random", **options
    )
    env = made.unwrapped
    assert isinstance(env, GymEnv)
    check_env(env, skip_render_check=False)
    # And a whole masked episode, as MaskablePPO plays it.
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    done, steps = False, 0
    while not done and steps < 300:
        mask = env.action_masks()
        assert mask.dtype == np.bool_ and np.array_equal(mask, info["action_mask"].astype(bool))
        action = env.action_space.sample(mask.astype(np.int8))
        obs, reward, term, trunc, info = env.step(action)
        done, steps = term or trunc, steps + 1
        assert env.observation_space.contains(obs)


def test_gym_env_plays_to_the_end_and_reports_returns() -> None:
    env = GymEnv("_reference", players=3, seat=1, opponents="heuristic", render_mode="ansi")
    env.reset(seed=1)
    assert isinstance(env.render(), str)
    while True:
        _, reward, term, trunc, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
        if term or trunc:
            break
    assert term and reward == info["returns"][1] and info["episode_length"] >= 1
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_gym_env_illegal_action_penalised_or_raised() -> None:
    env = GymEnv("puerto_rico", players=3)
    env.reset(seed=0)
    bad = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, term, _, _ = env.step(bad)
    assert term and reward == -1.0
    strict = GymEnv("puerto_rico", players=3, illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(meeple.IllegalActionError, match=f"action {bad}"):
        strict.step(bad)


def test_gym_env_reset_seeding() -> None:
    a, b = GymEnv("catan", players=3), GymEnv("catan", players=3)
    np.testing.assert_array_equal(a.reset(seed=8)[0], b.reset(seed=8)[0])
    np.testing.assert_array_equal(a.reset()[0], b.reset()[0])


@pytest.mark.parametrize("mode", ["next_step", "same_step"])
def test_vector_env_autoreset_modes(mode: str) -> None:
    env = GymVectorEnv("san_juan", 5, players=2, autoreset=mode, max_steps=4, threads=2)
    assert env.metadata["autoreset_mode"] == AutoresetMode(
        {"next_step": "NextStep", "same_step": "SameStep"}[mode]
    )
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.single_action_space == gymnasium.spaces.Discrete(env.vec_env.num_actions)
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs)
    prev_ended = np.zeros(5, dtype=bool)
    rng = np.random.default_rng(0)
    for _ in range(12):
        masks = env.action_masks()
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        obs, reward, term, trunc, info = env.step(actions)
        ended = term | trunc
        assert reward.dtype == np.float64 and obs.dtype == np.float32
        if mode == "next_step":
            # The step after an end is the reset step: reward 0, both flags false.
            assert not ended[prev_ended].any() and (reward[prev_ended] == 0).all()
        else:
            assert not (info.get("_final_obs", np.zeros(5, bool)) ^ ended).any()
            for i in np.flatnonzero(ended):
                assert info["final_obs"][i].shape == obs[i].shape
                assert env.action_masks()[i].any()  # already the new game
        if ended.any():
            assert (info["episode_length"][ended] == 4).all()
        prev_ended = ended
    env.close()


def test_vector_env_copies_unless_asked_not_to() -> None:
    env = GymVectorEnv("puerto_rico", 2, players=3)
    obs, _ = env.reset(seed=0)
    assert not np.shares_memory(obs, env.vec_env.observation)
    fast = GymVectorEnv("puerto_rico", 2, players=3, copy=False)
    obs, _ = fast.reset(seed=0)
    assert np.shares_memory(obs, fast.vec_env.observation)


def test_registered_with_gymnasium() -> None:
    env = gymnasium.make("meeple/san_juan-v0", players=3, opponents="heuristic")
    assert env.spec is not None and env.spec.id == "meeple/san_juan-v0"
    obs, info = env.reset(seed=2)
    assert env.observation_space.contains(obs)
    action = env.action_space.sample(info["action_mask"])
    env.step(action)
    assert isinstance(env.unwrapped, GymEnv) and env.unwrapped.game_id == "san_juan"
    env.close()
