#!/usr/bin/env python3
"""Catan side by side: meeple against catanatron and fastcatan, in one run on one machine.

The work is the same for every engine: base Catan, 4 players, uniformly random legal play to the
end of the game, one thread, no player-to-player trades (maritime trades stay in). Printed per
engine and loop: games/s, actions/s, mean actions per game, and the ratios.

- meeple: option ``player_trades="off"``; a Rust loop (``meeple._engine.random_games`` with
  ``threads=1``) and a Python loop (``legal_actions`` + ``random.choice`` + ``apply_action``,
  chance resolved inside ``apply_action``).
- catanatron (pure Python): ``Game([RandomPlayer(...) x4], seed=i).play()``. Its action set has no
  player-to-player trades.
- fastcatan (C++ with Python bindings): a Python loop over ``Env`` (``legal_actions`` +
  ``random.choice`` + ``step``) and its batched API ``BatchedEnv`` with one OpenMP thread, the
  random choice made in NumPy; the latter also reports the rate over the time spent inside
  fastcatan alone (``write_masks`` + ``step_autoreset``), the closest a Python caller gets to its
  native loop. Player trades are off by never choosing a player-trade action (the ids from
  ``action.TRADE_ADD_GIVE_BASE`` up: compose, open, answer, confirm or cancel an offer).

Peers are used through their public APIs only. A peer that is not importable is skipped with the
reason. The peers need not be installed next to meeple: give another interpreter with
``--peer-python PATH`` (or ``MEEPLE_PEER_PYTHON``) and the peers are measured there, in a
subprocess running this same file with ``--worker``. See ``benches/README.md``.

Run: ``python benches/peers/catan_peers.py [--seconds 5] [--peer-python /path/to/python]``.
"""

from __future__ import annotations

import argparse
import bisect
import json
import os
import platform
import random
import subprocess
import sys
import time
from typing import Any

# fastcatan's batched API parallelises with OpenMP: one thread, like every other measurement.
os.environ.setdefault("OMP_NUM_THREADS", "1")

PLAYERS = 4
PEERS = ("catanatron", "fastcatan")
# Reference figures quoted in issue 10 (fastcatan 2.0.0's native loop, measured by its authors'
# C++ harness on a 2-core machine); printed for context, never used as a measurement.
FASTCATAN_NATIVE_REFERENCE_GPS = 4500.0


def _row(engine: str, loop: str, games: int, actions: int, seconds: float, **extra: Any) -> dict:
    return {
        "engine": engine,
        "loop": loop,
        "games": games,
        "seconds": seconds,
        "games_per_s": games / seconds,
        "actions_per_s": actions / seconds,
        "actions_per_game": actions / max(games, 1),
        "python": platform.python_version(),
        **extra,
    }


# ---------------------------------------------------------------------------------------------
# meeple


def meeple_rows(seconds: float, seed: int) -> list[dict]:
    import meeple
    from meeple._engine import random_games

    opts = {"player_trades": "off"}
    random_games("catan", PLAYERS, 4, seed, 1, opts)  # warm-up (tables, allocator)
    n = 16
    while True:
        start = time.perf_counter()
        lengths, _scores, _returns, finished = random_games("catan", PLAYERS, n, seed, 1, opts)
        dt = time.perf_counter() - start
        if dt >= seconds or n >= 1 << 22:
            break
        n = int(n * max(2.0, min(10.0, 1.2 * seconds / max(dt, 1e-6))))
    rows = [
        _row(
            "meeple " + meeple.__version__,
            "Rust loop (random_games, 1 thread)",
            n,
            int(lengths.sum()),
            dt,
            finished=int(finished.sum()),
        )
    ]

    rng = random.Random(seed)
    games = actions = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = meeple.new_game("catan", players=PLAYERS, seed=seed + games, player_trades="off")
        while not g.is_terminal:
            g.apply_action(rng.choice(g.legal_actions()))
            decisions += 1
        actions += len(g.history())  # chance outcomes included, as in the Rust loop
        games += 1
    dt = time.perf_counter() - start
    rows.append(
        _row(
            "meeple " + meeple.__version__,
            "Python loop (legal_actions + random.choice + apply_action)",
            games,
            actions,
            dt,
            decisions_per_game=decisions / games,
        )
    )
    return rows


# ---------------------------------------------------------------------------------------------
# catanatron


def catanatron_rows(seconds: float, seed: int) -> list[dict]:
    from importlib.metadata import version

    from catanatron import Color, Game, RandomPlayer

    colors = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
    games = actions = unfinished = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 3:
        game = Game([RandomPlayer(c) for c in colors], seed=seed + games)
        if game.play() is None:  # cut off at catanatron's turn limit
            unfinished += 1
        actions += len(game.state.actions)
        games += 1
    dt = time.perf_counter() - start
    return [
        _row(
            "catanatron " + version("catanatron"),
            "Python (Game.play with 4 RandomPlayer)",
            games,
            actions,
            dt,
            finished=games - unfinished,
        )
    ]


# ---------------------------------------------------------------------------------------------
# fastcatan


def fastcatan_rows(seconds: float, seed: int, envs: int) -> list[dict]:
    from importlib.metadata import version

    import fastcatan
    import numpy as np

    name = "fastcatan " + version("fastcatan")
    first_trade = int(fastcatan.action.TRADE_ADD_GIVE_BASE)
    # Every player-trade id (compose, open, answer, confirm, cancel) is at or above first_trade.
    assert first_trade == fastcatan.NUM_ACTIONS - 18, "fastcatan's action layout changed"

    rng = random.Random(seed)
    games = actions = fallbacks = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env = fastcatan.Env()
        env.reset(seed=seed + games)
        done = False
        while not done:
            legal = env.legal_actions()  # ascending ids
            cut = bisect.bisect_left(legal, first_trade)
            if cut == 0:  # only player-trade actions legal: let it trade
                fallbacks += 1
                cut = len(legal)
            done = env.step(rng.choice(legal[:cut]))
            actions += 1
        games += 1
    dt = time.perf_counter() - start
    rows = [
        _row(
            name,
            "Python loop (Env: legal_actions + random.choice + step)",
            games,
            actions,
            dt,
            trade_only_positions=fallbacks,
        )
    ]

    batch = fastcatan.BatchedEnv(envs, seed=seed)
    batch.reset()
    masks = np.zeros((envs, fastcatan.MASK_WORDS), dtype=np.uint64)
    chosen = np.zeros(envs, dtype=np.uint32)
    dones = np.zeros(envs, dtype=np.uint8)
    nprng = np.random.default_rng(seed)
    length = np.zeros(envs, dtype=np.int64)
    first_length = np.zeros(envs, dtype=np.int64)  # length of each slot's first game
    steps = fallbacks = 0
    native = 0.0
    start = time.perf_counter()
    # Run for the time asked and until every slot has finished its first game: the mean of the
    # first games is unbiased (within a fixed window short games finish more often).
    while time.perf_counter() - start < seconds or not first_length.all():
        t0 = time.perf_counter()
        batch.write_masks(masks)
        native += time.perf_counter() - t0
        bits = np.unpackbits(masks.view(np.uint8), axis=1, bitorder="little")
        legal = bits[:, :first_trade]
        counts = legal.sum(axis=1)
        if not counts.all():  # a slot with only player-trade actions legal: let it trade
            fallbacks += int((counts == 0).sum())
            legal = bits[:, : fastcatan.NUM_ACTIONS].copy()
            legal[counts > 0, first_trade:] = 0
        cumulative = np.cumsum(legal, axis=1, dtype=np.int32)
        pick = (nprng.random(envs) * cumulative[:, -1]).astype(np.int32)
        chosen[:] = (cumulative > pick[:, None]).argmax(axis=1)
        t0 = time.perf_counter()
        batch.step_autoreset(chosen, dones)
        native += time.perf_counter() - t0
        steps += 1
        length += 1
        ended = dones.astype(bool)
        if ended.any():
            first = ended & (first_length == 0)
            first_length[first] = length[first]
            length[ended] = 0
    dt = time.perf_counter() - start
    mean_len = float(first_length.mean())
    total = steps * envs
    # Steady-state games/s = actions/s / mean actions per game (every slot plays all the time).
    games_equiv = total / mean_len
    rows.append(
        _row(
            name,
            f"BatchedEnv x{envs}, 1 OpenMP thread, choice in NumPy",
            round(games_equiv),
            total,
            dt,
            first_games_averaged=envs,
            trade_only_positions=fallbacks,
        )
    )
    rows.append(
        _row(
            name,
            "same, time inside fastcatan only (write_masks + step)",
            round(games_equiv),
            total,
            native,
            first_games_averaged=envs,
        )
    )
    return rows


# ---------------------------------------------------------------------------------------------


def _importable(module: str) -> str | None:
    """None if the module imports, else the reason it does not."""
    try:
        __import__(module)
    except Exception as e:  # noqa: BLE001 - any failure means "skip this peer"
        return f"{type(e).__name__}: {e}"
    return None


def peer_rows(peers: list[str], seconds: float, seed: int, envs: int) -> tuple[list, list]:
    rows: list[dict] = []
    skipped: list[str] = []
    for peer in peers:
        why = _importable(peer)
        if why is not None:
            skipped.append(
                f"{peer}: not importable under Python {platform.python_version()} ({why})"
            )
            continue
        print(f"measuring {peer} ...", file=sys.stderr, flush=True)
        if peer == "catanatron":
            rows += catanatron_rows(seconds, seed)
        else:
            rows += fastcatan_rows(seconds, seed, envs)
    return rows, skipped


def _print_table(rows: list[dict], skipped: list[str]) -> None:
    base = next((r for r in rows if r["loop"].startswith("Rust loop")), None)
    head = (
        f"{'engine':<18} {'loop':<60} {'games/s':>10} {'actions/s':>12} {'act/game':>9} "
        f"{'meeple Rust ÷':>14}"
    )
    print(f"Catan, {PLAYERS} players, random legal play to the end, 1 thread, no player trades")
    print(head)
    print("-" * len(head))
    for r in rows:
        ratio = f"{base['games_per_s'] / r['games_per_s']:,.1f}x" if base else "-"
        print(
            f"{r['engine']:<18} {r['loop']:<60} {r['games_per_s']:>10,.1f} "
            f"{r['actions_per_s']:>12,.0f} {r['actions_per_game']:>9,.0f} {ratio:>14}"
        )
    for s in skipped:
        print(f"skipped {s}")
    by = {(r["engine"].split()[0], r["loop"].split()[0]): r for r in rows}
    print()
    m_rust = by.get(("meeple", "Rust"))
    m_py = by.get(("meeple", "Python"))
    cat = by.get(("catanatron", "Python"))
    fc_py = by.get(("fastcatan", "Python"))
    fc_native = next((r for r in rows if r["loop"].startswith("same, time inside")), None)
    if m_rust:
        print(
            "meeple Rust loop vs fastcatan's native loop as quoted in issue 10 "
            f"({FASTCATAN_NATIVE_REFERENCE_GPS:,.0f} games/s, not measured here): "
            f"{m_rust['games_per_s'] / FASTCATAN_NATIVE_REFERENCE_GPS:.2f}x"
        )
    if m_rust and fc_native:
        print(
            "meeple Rust loop vs fastcatan batched (time inside fastcatan): "
            f"{m_rust['games_per_s'] / fc_native['games_per_s']:.2f}x (target >= 1)"
        )
    if m_rust and cat:
        print(
            f"meeple Rust loop vs catanatron: {m_rust['games_per_s'] / cat['games_per_s']:,.0f}x "
            "(target >= 300)"
        )
    if m_py and fc_py:
        print(
            "meeple Python loop vs fastcatan Python loop: "
            f"{m_py['games_per_s'] / fc_py['games_per_s']:.2f}x (target >= 1)"
        )
    if m_py and cat:
        print(f"meeple Python loop vs catanatron: {m_py['games_per_s'] / cat['games_per_s']:,.1f}x")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="Time per measurement (default 5).")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--envs", type=int, default=256, help="fastcatan BatchedEnv size.")
    ap.add_argument(
        "--peer-python",
        default=os.environ.get("MEEPLE_PEER_PYTHON"),
        help="Interpreter that has the peers installed (default: $MEEPLE_PEER_PYTHON); peers "
        "not importable here are measured there.",
    )
    ap.add_argument("--only", default="meeple,catanatron,fastcatan", help="Comma-separated.")
    ap.add_argument("--json", action="store_true", help="Print the rows as JSON.")
    ap.add_argument("--json-out", metavar="FILE", help="Also write the rows as JSON to FILE.")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    wanted = [w.strip() for w in args.only.split(",") if w.strip()]

    if args.worker:  # inside the peer interpreter: measure the peers asked for, print JSON
        rows, skipped = peer_rows(
            [p for p in wanted if p in PEERS], args.seconds, args.seed, args.envs
        )
        print(json.dumps({"rows": rows, "skipped": skipped}))
        return 0

    rows: list[dict] = []
    skipped: list[str] = []
    if "meeple" in wanted:
        why = _importable("meeple")
        if why is None:
            print("measuring meeple ...", file=sys.stderr, flush=True)
            rows += meeple_rows(args.seconds, args.seed)
        else:
            skipped.append(f"meeple: not importable here ({why})")
    local = [p for p in PEERS if p in wanted and _importable(p) is None]
    remote = [p for p in PEERS if p in wanted and p not in local]
    r, s = peer_rows(local, args.seconds, args.seed, args.envs)
    rows += r
    skipped += s
    if remote and args.peer_python:
        print(
            f"measuring {', '.join(remote)} under {args.peer_python} ...",
            file=sys.stderr,
            flush=True,
        )
        cmd = [args.peer_python, os.path.abspath(__file__), "--worker", "--only", ",".join(remote)]
        cmd += ["--seconds", str(args.seconds), "--seed", str(args.seed), "--envs", str(args.envs)]
        env = {**os.environ, "OMP_NUM_THREADS": "1"}
        try:
            out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env).stdout
            got = json.loads(out.strip().splitlines()[-1])
            rows += got["rows"]
            skipped += got["skipped"]
        except (OSError, subprocess.CalledProcessError, ValueError, IndexError) as e:
            detail = getattr(e, "stderr", "") or ""
            skipped += [
                f"{p}: peer interpreter failed ({e}) {detail.strip()[-300:]}" for p in remote
            ]
    elif remote:
        skipped += [
            f"{p}: not importable under Python {platform.python_version()} and no --peer-python "
            "given" + (f" ({_importable(p)})" if _importable(p) else "")
            for p in remote
        ]

    if args.json_out:
        with open(args.json_out, "w") as fh:
            json.dump({"rows": rows, "skipped": skipped}, fh, indent=1)
    if args.json:
        print(json.dumps({"rows": rows, "skipped": skipped}, indent=1))
    else:
        _print_table(rows, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
