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
thread) in games/s (the measurement lives in ``meeple.envs.throughput``; ``meeple bench --vec``
shows the same figures). See benches/README.md for the recorded numbers.

    python benches/vec_env.py                                  # every game, 1 and 2 threads
    python benches/vec_env.py catan --players 4 --option player_trades=off --repeat 3
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import meeple
from meeple.envs.throughput import rust_loop_rate, vec_rate


def parse_options(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for p in pairs:
        k, _, v = p.partition("=")
        out[k] = json.loads(v) if v[:1].isdigit() or v in ("true", "false") else v
    return out


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
                        rust = max(rust, rust_loop_rate(game, p, options, args.seconds))
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
