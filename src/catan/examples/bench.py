"""Random 4-player Catan games per second through Python.

Run (after building the extension, e.g. `maturin develop --release`):
    python src/catan/examples/bench.py [games] [player_trades]

Two measurements: the batch call `random_games` (the Rust playout loop behind one Python call)
and a pure-Python loop over `legal_actions` / `apply_action` (the per-action binding overhead).
"""

from __future__ import annotations

import random
import sys
import time

import meeple


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    trades = sys.argv[2] if len(sys.argv) > 2 else "off"
    opts = {"player_trades": trades}
    t = time.process_time()
    lengths, _scores, _returns, finished = meeple._engine.random_games("catan", 4, games, 1, 1, opts)
    s = time.process_time() - t
    print(
        f"random_games: {games} games in {s:.3f}s CPU = {games / s:.0f} games/s, "
        f"{lengths.sum() / s:.0f} actions/s, {lengths.mean():.0f} actions/game, "
        f"{finished.mean():.3f} finished"
    )
    n = max(1, games // 100)
    rng = random.Random(1)
    actions = 0
    t = time.process_time()
    for i in range(n):
        g = meeple.new_game("catan", players=4, seed=i, **opts)
        while not g.is_terminal:
            g.apply_action(rng.choice(g.legal_actions()))
            actions += 1
    s = time.process_time() - t
    print(f"python loop: {n} games in {s:.3f}s CPU = {n / s:.1f} games/s, {actions / s:.0f} actions/s")


if __name__ == "__main__":
    main()
