"""VecEnv throughput from Python: every game, 1 and 2 threads, random legal actions in numpy.

Each row steps ``meeple.VecEnv(game, --envs, players=P, learners="all")`` (every seat a learner,
so every decision goes through Python) for ``--seconds``: per step, one uniformly random legal
action per env is picked in numpy from the env's ``legal_actions``/``num_legal`` arrays, and
``step`` writes observation, mask, legal actions, rewards and flags into the env's own arrays.
Each row is measured twice: with the observation tensor written every step, and with
``observe=False`` (mask, legal actions, rewards and flags only, as fastcatan's ``BatchedEnv`` is
timed with ``write_masks`` + ``step``). Reported: learner steps/s (wall clock, numpy choice
included), games/s (steps/s ÷ the mean learner steps of a game, from every env's first game, played
before timing),
and, for comparison, the Rust random loop (``random_games``, the same configuration, one
thread) in games/s. See benches/README.md for the recorded numbers.

    python benches/vec_env.py                                  # every game, 1 and 2 threads
    python benches/vec_env.py catan --players 4 --option player_trades=off --repeat 3
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np

import meeple
from meeple._engine import random_games


def parse_options(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for p in pairs:
        k, _, v = p.partition("=")
        out[k] = json.loads(v) if v[:1].isdigit() or v in ("true", "false") else v
    return out


def vec_rate(
    game: str,
    players: int,
    options: dict[str, Any],
    envs: int,
    threads: int,
    seconds: float,
    observe: bool,
) -> dict[str, float]:
    env = meeple.VecEnv(
        game, envs, players=players, options=options, threads=threads, seed=1, observe=observe
    )
    env.reset()
    rng = np.random.default_rng(1)
    num_legal = env.num_legal
    legal = env.legal_actions.reshape(-1)  # a view: row i starts at i * num_actions
    row_start = np.arange(envs) * env.num_actions

    def actions() -> np.ndarray[Any, Any]:
        pick = (rng.random(envs) * np.maximum(num_legal, 1)).astype(np.intp)
        return legal[row_start + pick]

    # Play until every env has finished its first game: the mean of those first lengths is
    # unbiased (within a timed window short games end more often) and gives games/s below.
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


def rust_rate(game: str, players: int, options: dict[str, Any], seconds: float) -> float:
    n = 8
    while True:
        t0 = time.perf_counter()
        random_games(game, players, n, 1, 1, options)
        dt = time.perf_counter() - t0
        if dt >= seconds or n > 10**7:
            return n / dt
        n = max(n * 2, int(n * seconds / max(dt, 1e-3) * 1.1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("games", nargs="*", help="Games (default: all).")
    ap.add_argument("--players", type=int, help="Player count (default: every count).")
    ap.add_argument("--option", action="append", default=[], help="Game option name=value.")
    ap.add_argument("--envs", type=int, default=512, help="Envs per VecEnv.")
    ap.add_argument("--threads", default="1,2", help="Thread counts, comma-separated.")
    ap.add_argument("--seconds", type=float, default=3.0, help="Time per measurement.")
    ap.add_argument(
        "--repeat", type=int, default=1, help="Measure each figure this many times, keep the best."
    )
    ap.add_argument("--json", action="store_true", help="One JSON row per line.")
    args = ap.parse_args()
    options = parse_options(args.option)
    threads = [int(t) for t in args.threads.split(",")]
    if not args.json:
        print(
            "| game | players | threads | steps/s | games/s | steps/s, observe=False | "
            "games/s, observe=False | Rust loop games/s (1 thread) | "
            "VecEnv ÷ Rust loop (games/s, observe=False) |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for game in args.games or meeple.games():
        info = meeple.game_info(game)
        counts = (
            [args.players] if args.players else range(info["min_players"], info["max_players"] + 1)
        )
        for p in counts:
            rust = 0.0
            for t in threads:
                # Interleaved repeats; the best of each (the least disturbed on a shared machine).
                full: dict[str, float] = {}
                bare: dict[str, float] = {}
                for _ in range(args.repeat):
                    if t == threads[0]:
                        rust = max(rust, rust_rate(game, p, options, args.seconds))
                    f = vec_rate(game, p, options, args.envs, t, args.seconds, True)
                    b = vec_rate(game, p, options, args.envs, t, args.seconds, False)
                    full = max(full, f, key=lambda r: r.get("steps_per_s", 0.0))
                    bare = max(bare, b, key=lambda r: r.get("steps_per_s", 0.0))
                row = {"game": game, "players": p, "options": options, "threads": t,
                       "envs": args.envs, "observe": full, "no_observe": bare,
                       "rust_games_per_s_1t": rust}  # fmt: skip
                if args.json:
                    print(json.dumps(row), flush=True)
                else:
                    print(
                        f"| {game} | {p} | {t} | {full['steps_per_s']:,.0f} | "
                        f"{full['games_per_s']:,.0f} | {bare['steps_per_s']:,.0f} | "
                        f"{bare['games_per_s']:,.0f} | {rust:,.0f} | "
                        f"{bare['games_per_s'] / rust:.2f}x |",
                        flush=True,
                    )


if __name__ == "__main__":
    main()
