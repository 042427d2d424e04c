"""PUCT self-play throughput: simulations/s and evaluator calls/s with a trivial numpy evaluator,
for every game, at batch sizes (games in lockstep) 1, 64 and 512.

    python benches/selfplay.py --simulations 32 --seconds 3 --json

Engine time is the run's wall time minus the time inside the evaluator (which is reported on
its own): tree walks, determinizations, observation tensors, masks, numpy conversion and output
checks. Each configuration plays its games from the start for ``--plies`` actions, repeated
with growing ``--plies`` until it takes ``--seconds``.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import meeple
from meeple.evaluators import Uniform
from meeple.selfplay import Runner


class Timed:
    """The uniform evaluator, counting the CPU time spent inside it."""

    def __init__(self, players: int) -> None:
        self.inner = Uniform(players)
        self.cpu = 0.0

    def __call__(self, obs: Any, masks: Any, seats: Any) -> Any:
        start = time.process_time()
        out = self.inner(obs, masks, seats)
        self.cpu += time.process_time() - start
        return out


def measure(
    game: str, players: int, batch: int, simulations: int, seconds: float, threads: int = 1
) -> dict[str, Any]:
    plies = 8
    while True:
        evaluator = Timed(players)
        start = time.perf_counter()
        cpu = time.process_time()
        data = Runner(
            game,
            batch,
            simulations,
            evaluator,
            players=players,
            max_plies=plies,
            record=False,
            threads=threads,
        ).run()
        took = time.perf_counter() - start
        cpu = time.process_time() - cpu
        if took >= seconds or plies >= 1 << 20:
            break
        plies *= 2 if took < seconds / 4 else 1 + int(seconds / max(took, 1e-3))
    s = data.stats
    sims = max(s["simulations"], 1)
    return {
        "game": game,
        "players": players,
        "batch": batch,
        "threads": threads,
        "simulations_per_decision": simulations,
        "plies": plies,
        "simulations": s["simulations"],
        "seconds": s["seconds"],
        "simulations_per_s": s["simulations"] / s["seconds"],
        "evaluator_calls_per_s": s["evaluator_calls"] / s["seconds"],
        "mean_batch_rows": s["evaluator_rows"] / max(s["evaluator_calls"], 1),
        "engine_us_per_simulation": 1e6 * s["engine_seconds"] / sims,
        "evaluator_us_per_simulation": 1e6 * s["evaluator_seconds"] / sims,
        # CPU time (this process): steadier than wall time on a shared machine.
        "engine_cpu_us_per_simulation": 1e6 * (cpu - evaluator.cpu) / sims,
        "evaluator_cpu_us_per_simulation": 1e6 * evaluator.cpu / sims,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="*", default=meeple.games())
    ap.add_argument("--players", type=int, default=4, help="capped to each game's range")
    ap.add_argument("--batches", nargs="*", type=int, default=[1, 64, 512])
    ap.add_argument("--simulations", type=int, default=32)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    for game in args.games:
        info = meeple.game_info(game)
        players = max(info["min_players"], min(args.players, info["max_players"]))
        for batch in args.batches:
            row = measure(game, players, batch, args.simulations, args.seconds, args.threads)
            if args.json:
                print(json.dumps(row), flush=True)
            else:
                rate = row["simulations_per_s"]
                print(
                    f"{game:20} {players}p batch {batch:4}: {rate:10.0f} sims/s "
                    f"{row['evaluator_calls_per_s']:8.0f} calls/s  engine "
                    f"{row['engine_us_per_simulation']:6.2f} us/sim "
                    f"(cpu {row['engine_cpu_us_per_simulation']:6.2f})  evaluator "
                    f"{row['evaluator_us_per_simulation']:6.2f} us/sim",
                    flush=True,
                )


if __name__ == "__main__":
    main()
