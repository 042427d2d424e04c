"""meeple.VecEnv: shapes, agreement with the Game API, thread-count independence, seeding,
autoreset modes, opponents inside Rust, illegal actions."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import meeple
from conftest import ALL_GAMES, GAME_PLAYERS
from meeple.envs import VecEnv


def random_legal(env: VecEnv, rng: np.random.Generator) -> np.ndarray[Any, Any]:
    """A uniformly random legal action per env, chosen in numpy from the legal-action lists."""
    n = env.num_legal
    pick = (rng.random(env.num_envs) * np.maximum(n, 1)).astype(np.int64)
    return env.legal_actions[np.arange(env.num_envs), pick].astype(np.int64)


def snapshot(env: VecEnv) -> dict[str, np.ndarray[Any, Any]]:
    names = [
        "observation", "action_mask", "legal_actions", "num_legal", "reward", "rewards",
        "terminated", "truncated", "current_player", "final_returns", "episode_length",
    ]  # fmt: skip
    return {k: getattr(env, k).copy() for k in names}


def run(env: VecEnv, steps: int, seed: int) -> list[dict[str, np.ndarray[Any, Any]]]:
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    out = [snapshot(env)]
    for _ in range(steps):
        env.step(random_legal(env, rng))
        out.append(snapshot(env))
    return out


@pytest.mark.parametrize(("game", "players"), GAME_PLAYERS)
def test_shapes_and_agreement_with_the_game_api(game: str, players: int) -> None:
    env = VecEnv(game, 3, players=players, seed=1)
    obs, mask = env.reset()
    g = meeple.new_game(game, players=players)
    d, a = len(g.observation_tensor(0)), g.num_distinct_actions
    assert (env.observation_size, env.num_actions, env.num_players) == (d, a, players)
    assert obs.shape == (3, d) and obs.dtype == np.float32
    assert mask.shape == (3, a) and mask.dtype == np.int8
    assert env.reward.shape == (3,) and env.rewards.shape == (3, players)
    assert env.terminated.dtype == np.bool_ and env.current_player.dtype == np.int32
    rng = np.random.default_rng(0)
    for _ in range(25):
        for i in range(3):
            seat = int(env.current_player[i])
            if seat < 0:
                continue
            game_i = env.game(i)
            assert game_i.current_player == seat
            legal = game_i.legal_actions()
            k = int(env.num_legal[i])
            assert env.legal_actions[i, :k].tolist() == legal
            assert (env.legal_actions[i, k:] == -1).all()
            assert np.flatnonzero(env.action_mask[i]).tolist() == legal
            np.testing.assert_array_equal(env.observation[i], game_i.observation_tensor(seat))
        env.step(random_legal(env, rng))


@pytest.mark.parametrize("game", ALL_GAMES)
def test_same_results_for_one_and_two_threads_and_for_a_repeated_seed(game: str) -> None:
    opp = {"kind": "random"} if game != "_reference" else None
    learners = [0] if opp else None
    kw: dict[str, Any] = {"learners": learners, "opponents": opp, "max_steps": 40}
    one = run(VecEnv(game, 24, seed=5, threads=1, **kw), 60, seed=9)
    two_env = VecEnv(game, 24, seed=5, threads=2, **kw)
    two = run(two_env, 60, seed=9)
    again = run(two_env, 60, seed=9)
    for a, b, c in zip(one, two, again, strict=True):
        for k in a:
            np.testing.assert_array_equal(a[k], b[k], err_msg=k)
            np.testing.assert_array_equal(a[k], c[k], err_msg=k)
    assert any(s["truncated"].any() or s["terminated"].any() for s in one)


def test_buffers_are_owned_and_reused() -> None:
    env = VecEnv("puerto_rico", 4)
    obs, mask = env.reset(seed=1)
    obs2, mask2, reward, term, trunc = env.step(random_legal(env, np.random.default_rng(1)))
    assert obs2 is not None and np.shares_memory(obs, obs2) and np.shares_memory(mask, mask2)
    assert np.shares_memory(env.observation, obs) and np.shares_memory(env.reward, reward)


def test_reset_without_a_seed_goes_on_with_the_streams() -> None:
    env = VecEnv("catan", 4, seed=3)
    first = env.reset(seed=3)[0].copy()
    assert not np.array_equal(first, env.reset()[0])
    np.testing.assert_array_equal(first, env.reset(seed=3)[0])
    # A fresh env with the same constructor seed starts the same games.
    np.testing.assert_array_equal(first, VecEnv("catan", 4, seed=3).reset()[0])


def ended_episodes(mode: str) -> tuple[VecEnv, list[dict[str, np.ndarray[Any, Any]]]]:
    env = VecEnv("san_juan", 6, players=2, seed=2, autoreset=mode, max_steps=3)
    return env, run(env, 8, seed=4)


def test_next_step_autoreset_as_gymnasium_defines_it() -> None:
    env, steps = ended_episodes("next_step")
    assert env.autoreset == "next_step" and env.final_observation.shape[0] == 0
    for t in range(1, len(steps)):
        prev, cur = steps[t - 1], steps[t]
        ended = prev["truncated"] | prev["terminated"]
        # The step after an end ignores the action, resets: reward 0, flags false, a new game.
        assert not cur["truncated"][ended].any() and not cur["terminated"][ended].any()
        assert (cur["reward"][ended] == 0).all()
        assert (cur["num_legal"][ended] > 0).all()
        now = cur["truncated"] | cur["terminated"]
        # The ending step itself returns the last observation, nothing legal, seat TERMINAL.
        assert (cur["current_player"][now] == meeple.TERMINAL).all()
        assert (cur["num_legal"][now] == 0).all() and (cur["action_mask"][now] == 0).all()
        assert (cur["episode_length"][now] == 3).all()
    assert any(s["truncated"].any() for s in steps)


def test_same_step_autoreset_as_gymnasium_defines_it() -> None:
    env, _ = ended_episodes("same_step")
    rng = np.random.default_rng(0)
    env.reset(seed=2)
    seen = 0
    for _ in range(8):
        env.step(random_legal(env, rng))
        now = env.truncated | env.terminated
        # The ending step already shows the new game: something legal, a seat to move; the ended
        # episode's last observation is in final_observation.
        assert (env.num_legal[now] > 0).all() and (env.current_player[now] >= 0).all()
        seen += int(now.sum())
        for i in np.flatnonzero(now):
            assert not np.array_equal(env.final_observation[i], env.observation[i])
            # The row already shows the new game, as that game's own tensor does.
            seat = int(env.current_player[i])
            np.testing.assert_array_equal(env.observation[i], env.game(i).observation_tensor(seat))
    assert seen > 0


def test_opponents_move_inside_rust() -> None:
    for spec in ("random", "heuristic", {"kind": "mcts", "iterations": 8}):
        env = VecEnv("kingdom_builder", 4, players=3, learners=[1], opponents=spec, seed=1)
        env.reset()
        rng = np.random.default_rng(0)
        for _ in range(10):
            live = env.current_player >= 0
            assert (env.current_player[live] == 1).all()
            env.step(random_legal(env, rng))
    per_seat = VecEnv("puerto_rico", 2, players=3, opponents=[None, "random", "heuristic"])
    assert per_seat.learners == [0]


def test_an_illegal_action_names_the_env_and_changes_nothing() -> None:
    env = VecEnv("puerto_rico", 3, seed=1)
    env.reset()
    before = snapshot(env)
    actions = random_legal(env, np.random.default_rng(0))
    bad = int(np.flatnonzero(env.action_mask[2] == 0)[0])
    actions[2] = bad
    with pytest.raises(meeple.IllegalActionError, match=f"env 2: action {bad} is not legal"):
        env.step(actions)
    after = snapshot(env)
    for k in before:
        np.testing.assert_array_equal(before[k], after[k])
    actions[2] = int(env.legal_actions[2, 0])
    env.step(actions)


def test_penalised_illegal_action_ends_only_that_episode() -> None:
    env = VecEnv("san_juan", 2, players=2, illegal="penalize", illegal_penalty=-3.0)
    env.reset(seed=0)
    seat = int(env.current_player[0])
    actions = random_legal(env, np.random.default_rng(0))
    actions[0] = 10_000
    env.step(actions)
    assert env.terminated.tolist() == [True, False]
    assert env.reward[0] == -3.0 and env.rewards[0, seat] == -3.0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "chess"}, "unknown game"),
        ({"num_envs": 0}, "num_envs"),
        ({"players": 9}, "players"),
        ({"learners": [5]}, "learner seat 5"),
        ({"learners": [0]}, "give `opponents`"),
        ({"opponents": "alphago"}, "bad"),
        ({"autoreset": "sometimes"}, "autoreset"),
        ({"illegal": "ignore"}, "illegal"),
        ({"options": {"nope": 1}}, "nope"),
        ({"threads": 0}, "threads"),
    ],
)
def test_bad_arguments_are_refused_by_name(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"game": "puerto_rico", "num_envs": 2, **kwargs}
    with pytest.raises(ValueError, match=message):
        VecEnv(args.pop("game"), args.pop("num_envs"), **args)


def test_bad_steps_are_refused() -> None:
    env = VecEnv("puerto_rico", 2)
    with pytest.raises(ValueError, match="reset"):
        env.step(np.zeros(2, dtype=np.int64))
    env.reset()
    with pytest.raises(ValueError, match="one action per env"):
        env.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(ValueError, match="integer"):
        env.step("ab")
    env.step(env.legal_actions[:, 0])  # int32 accepted
    env.step([int(x) for x in env.legal_actions[:, 0]])  # a list too


def test_meeple_vecenv_is_the_same_class() -> None:
    assert meeple.VecEnv is VecEnv
    assert "puerto_rico" in repr(VecEnv("puerto_rico", 1))


@pytest.mark.parametrize("game", ["catan", "kingdom_builder"])
def test_observations_on_demand_match_the_written_ones(game: str) -> None:
    kw: dict[str, Any] = {"players": 3, "seed": 4, "threads": 2, "max_steps": 30}
    full, bare = VecEnv(game, 9, **kw), VecEnv(game, 9, observe=False, **kw)
    assert full.observes and not bare.observes
    rng = np.random.default_rng(2)
    full.reset()
    bare.reset()
    for _ in range(40):
        assert not bare.observation.any()
        np.testing.assert_array_equal(full.observation, bare.observe())
        bare.observation[:] = 0
        actions = random_legal(full, rng)
        full.step(actions)
        bare.step(actions)
        np.testing.assert_array_equal(full.action_mask, bare.action_mask)
