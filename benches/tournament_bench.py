"""Tournament throughput per backend: games/s with 1 and 2 workers, and the cost of one task.

    python benches/tournament_bench.py [--games 400] [--game san_juan]

Games/s is measured on a fixed tournament (random vs heuristic, batches of 16 games). The
per-task overhead is the time per task of batches of one trivial game minus that game's own
time in the serial backend: scheduling, pickling and result collection.
"""

from __future__ import annotations

import argparse
import time

from meeple import tournament


def rate(game: str, games: int, backend: str, workers: int, batch: int) -> float:
    start = time.perf_counter()
    tournament.run(
        game,
        ["random", "heuristic"],
        games,
        seed=1,
        backend=backend,
        workers=workers,
        batch_size=batch,
    )
    return games / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="san_juan")
    ap.add_argument("--games", type=int, default=400)
    args = ap.parse_args()
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    rate(args.game, 8, "ray", 2, 1)  # warm the workers
    print(f"{args.game}, random vs heuristic, {args.games} games, batches of 16")
    print("| backend | workers | games/s |")
    print("| --- | --- | --- |")
    for backend in ("serial", "process", "ray"):
        for workers in (1, 2):
            if backend == "serial" and workers == 2:
                continue
            r = rate(args.game, args.games, backend, workers, 16)
            print(f"| {backend} | {workers} | {r:.0f} |")
    n = 200
    serial = 1 / rate("san_juan", n, "serial", 1, 1)
    for backend in ("process", "ray"):
        per_task = 1 / rate("san_juan", n, backend, 1, 1)
        print(f"{backend}: {1e3 * (per_task - serial):.2f} ms per task above the game itself")


if __name__ == "__main__":
    main()
