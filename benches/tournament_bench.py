"""Tournament throughput per backend: games/s with 1 and 2 workers, and the cost of one task.

    python benches/tournament_bench.py [--games 400] [--game san_juan]

Games/s is measured on a fixed tournament (random vs heuristic, batches of 16 games). The
per-task overhead is the time per task of empty batches (scheduling, pickling, a worker round
trip and result collection), pool start-up included for the process backend.
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
    # Per-task overhead: empty batches, so all that is timed is the backend's own work
    # (pickling the batch, scheduling, a worker round trip, collecting the result).
    spec = tournament.Spec(args.game, 2, ("random", "random"), 1, 0, "seats")
    empty = [tournament.Batch(spec, ())] * 400
    for backend, runner in (
        ("process", lambda: tournament._run_process(empty, 2)),
        ("ray", lambda: tournament._run_ray(empty, 2, None, 4)),
    ):
        start = time.perf_counter()
        for _ in runner():
            pass
        dt = time.perf_counter() - start
        print(f"{backend}: {1e3 * dt / len(empty):.2f} ms per task (400 empty batches, 2 workers)")


if __name__ == "__main__":
    main()
