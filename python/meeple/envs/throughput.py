"""VecEnv throughput, as ``meeple bench --vec`` and ``benches/vec_env.py`` measure it.

A :class:`~meeple.envs.vec.VecEnv` with every seat a learner is stepped for a fixed time with one
uniformly random legal action per env, picked in numpy from the env's own ``legal_actions`` /
``num_legal`` arrays (so the Python side costs what an agent's sampling would, and no more).
Games/s divides learner steps/s by the mean length of every env's first game, played before the
timed window (within a window short games end more often, so their lengths would be biased).
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from meeple._engine import random_games
from meeple.envs.vec import VecEnv


def vec_rate(
    game: str,
    players: int,
    options: dict[str, Any],
    envs: int,
    threads: int,
    seconds: float,
    observe: bool,
) -> dict[str, float]:
    """Learner steps/s, games/s and steps per game of a VecEnv of ``envs`` games."""
    env = VecEnv(
        game, envs, players=players, options=options, threads=threads, seed=1, observe=observe
    )
    env.reset()
    rng = np.random.default_rng(1)
    num_legal = env.num_legal
    legal = env.legal_actions.reshape(-1)  # a view: row i starts at i * num_actions
    row_start = np.arange(envs) * env.num_actions

    def actions() -> np.ndarray[Any, Any]:
        pick = (rng.random(envs) * np.maximum(num_legal, 1)).astype(np.intp)
        chosen: np.ndarray[Any, Any] = legal[row_start + pick]
        return chosen

    first = np.zeros(envs, dtype=np.int64)
    while not first.all():
        _, _, _, term, trunc = env.step(actions())
        ended = (term | trunc) & (first == 0)
        first[ended] = env.episode_length[ended]
    steps = 0
    start = time.perf_counter()
    while (now := time.perf_counter()) - start < seconds:
        env.step(actions())
        steps += envs
    dt = now - start
    mean_len = float(first.mean())
    return {
        "steps_per_s": steps / dt,
        "games_per_s": steps / dt / mean_len,
        "steps_per_game": mean_len,
    }


def rust_loop_rate(game: str, players: int, options: dict[str, Any], seconds: float) -> float:
    """Games/s of the Rust random loop (``random_games``, one thread), the VecEnv's yardstick."""
    n = 8
    while True:
        t0 = time.perf_counter()
        random_games(game, players, n, 1, 1, options)
        dt = time.perf_counter() - t0
        if dt >= seconds or n > 10**7:
            return n / dt
        n = max(n * 2, int(n * seconds / max(dt, 1e-3) * 1.1))


def vec_rows(
    configs: list[tuple[str, int]],
    options: dict[str, Any],
    envs: int,
    threads: int,
    seconds: float,
) -> list[dict[str, Any]]:
    """One row per (game, players): VecEnv with and without observation writes beside the Rust
    loop."""
    rows = []
    for name, players in configs:
        full = vec_rate(name, players, options, envs, threads, seconds, True)
        bare = vec_rate(name, players, options, envs, threads, seconds, False)
        rust = rust_loop_rate(name, players, options, seconds)
        rows.append(
            {
                "game": name,
                "players": players,
                "envs": envs,
                "threads": threads,
                "observe": full,
                "no_observe": bare,
                "rust_games_per_s_1t": rust,
                # The yardstick: VecEnv games/s (observe=False) over the Rust loop's.
                "vec_over_rust": bare["games_per_s"] / rust,
            }
        )
    return rows
