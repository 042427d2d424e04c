"""Tournaments between bots with one code path and a choice of backend.

    >>> from meeple import tournament
    >>> out = tournament.run("san_juan", bots=["random", "mcts:iterations=100"], games=20,
    ...                      seed=1, backend="process", workers=2, out="results.jsonl")
    >>> out["table"]["bots"][1]["elo"]

The work is a list of games, each fixed by its index: its seed (split from the tournament seed),
its seating (which bot sits where, from the format) and the bot specs. Games are grouped into
picklable batches; a backend only decides where a batch runs:

- ``serial``: here, one batch after another;
- ``process``: a pool of worker processes started with the spawn method (never fork: the
  engine's thread pools and Ray's threads do not survive a fork);
- ``ray``: Ray tasks on the cluster at ``address`` (or ``RAY_ADDRESS``, or a local one), at most
  ``in_flight`` at once, collected with ``ray.wait`` as they finish.

A game's record and result depend only on its index, never on the backend, the worker or the
batch it ran in, so every backend gives byte-identical records. Results stream to a JSONL file as
they finish; a tournament started again with ``resume=True`` on that file plays only the games
it does not hold.
"""

from __future__ import annotations

import itertools
import json
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent import futures
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import meeple
from meeple import bots as bots_mod
from meeple import ratings
from meeple._engine import play_matches

FORMATS = ("round_robin", "gauntlet", "rotate", "seats")
BACKENDS = ("serial", "process", "ray")
_MASK64 = (1 << 64) - 1


def split_seed(seed: int, index: int) -> int:
    """The seed of game ``index``: SplitMix64 over (seed, index), neighbours decorrelated."""
    z = (seed ^ (((index + 1) * 0x9E3779B97F4A7C15) & _MASK64)) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


@dataclass(frozen=True)
class Spec:
    """Everything that fixes a tournament's games (written as the JSONL file's first line)."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    format: str
    options: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["bots"] = list(self.bots)
        return d


@dataclass(frozen=True)
class Task:
    index: int
    seed: int
    seating: tuple[int, ...]


@dataclass(frozen=True)
class Batch:
    """A picklable unit of work: the spec and the games to play."""

    spec: Spec
    tasks: tuple[Task, ...]


def lineups(fmt: str, n_bots: int, players: int) -> list[tuple[int, ...]]:
    """The seatings a format cycles through (bot index per seat).

    - ``rotate``: exactly ``players`` bots, every cyclic rotation of their seats;
    - ``round_robin``: every set of ``players`` distinct bots, each in every cyclic rotation;
    - ``gauntlet``: bot 0 against the field (bots 1..): every set of ``players - 1`` field bots,
      with bot 0 in each seat in turn;
    - ``seats``: exactly ``players`` bots, always in the seats given (what ``meeple simulate``
      plays without ``--rotate``).
    """
    if fmt in ("rotate", "seats") and n_bots != players:
        raise ValueError(f"format {fmt!r} needs {players} bots (one per seat), got {n_bots}")
    if fmt == "seats":
        return [tuple(range(players))]
    if fmt == "rotate":
        base = tuple(range(players))
        return [base[-k:] + base[:-k] if k else base for k in range(players)]
    if fmt == "round_robin":
        if n_bots < players:
            raise ValueError(f"format 'round_robin' needs at least {players} bots, got {n_bots}")
        out: list[tuple[int, ...]] = []
        for combo in itertools.combinations(range(n_bots), players):
            out.extend(combo[k:] + combo[:k] for k in range(players))
        return out
    if fmt == "gauntlet":
        if n_bots < players:
            raise ValueError(
                f"format 'gauntlet' needs the challenger and at least {players - 1} others, "
                f"got {n_bots} bots"
            )
        out = []
        for field_bots in itertools.combinations(range(1, n_bots), players - 1):
            for seat in range(players):
                seating = list(field_bots)
                seating.insert(seat, 0)
                out.append(tuple(seating))
        return out
    raise ValueError(f"unknown format {fmt!r}: use one of {', '.join(FORMATS)}")


def schedule(spec: Spec) -> list[Task]:
    """Game i: seed split from the tournament seed, seating cycling through the lineups."""
    seats = lineups(spec.format, len(spec.bots), spec.players)
    return [Task(i, split_seed(spec.seed, i), seats[i % len(seats)]) for i in range(spec.games)]


def _rust_config(bot: bots_mod.Bot) -> dict[str, Any] | None:
    if isinstance(bot, bots_mod.RustBot):
        return dict(bot.config)
    if isinstance(bot, bots_mod.Random):
        return {"kind": "random"}
    return None


def play_game(spec: Spec, task: Task) -> dict[str, Any]:
    """Play one game; the result depends only on (spec, task)."""
    seat_bots = [
        bots_mod.parse(spec.bots[b], seed=split_seed(task.seed, s))
        for s, b in enumerate(task.seating)
    ]
    configs = [_rust_config(b) for b in seat_bots]
    if all(c is not None for c in configs):
        # Built-in bots: the whole game in Rust, the GIL released.
        row = play_matches(
            spec.game,
            spec.players,
            [c for c in configs if c is not None],
            1,
            task.seed,
            1,
            False,
            spec.options,
        )[0]
        record = {
            "format": meeple.FORMAT_VERSION,
            "game": spec.game,
            "players": spec.players,
            "options": spec.options,
            "seed": row["seed"],
            "chance": "auto",
            "actions": row["actions"],
        }
        returns, scores, winners = row["returns"], row["scores"], row["winners"]
    else:
        g = meeple.new_game(spec.game, players=spec.players, seed=task.seed, **spec.options)
        while not g.is_terminal:
            g.apply_action(seat_bots[g.current_player].choose(g))
        record = json.loads(g.record())
        returns, scores, winners = g.returns(), g.scores(), g.winners()
    return {
        "index": task.index,
        "seating": list(task.seating),
        "returns": list(returns),
        "scores": list(scores),
        "winners": list(winners),
        "length": len(record["actions"]),
        "record": record,
    }


def play_batch(batch: Batch) -> list[dict[str, Any]]:
    """Play every game of a batch (what a worker process or a Ray task runs)."""
    return [play_game(batch.spec, t) for t in batch.tasks]


def _batches(spec: Spec, tasks: Sequence[Task], size: int) -> list[Batch]:
    return [Batch(spec, tuple(tasks[i : i + size])) for i in range(0, len(tasks), size)]


def _run_serial(batches: Sequence[Batch], workers: int) -> Iterator[list[dict[str, Any]]]:
    del workers
    for b in batches:
        yield play_batch(b)


def _run_process(batches: Sequence[Batch], workers: int) -> Iterator[list[dict[str, Any]]]:
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    with futures.ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        todo = iter(batches)
        pending = {pool.submit(play_batch, b) for b in itertools.islice(todo, 2 * workers)}
        while pending:
            done, pending = futures.wait(pending, return_when=futures.FIRST_COMPLETED)
            for f in done:
                yield f.result()
                nxt = next(todo, None)
                if nxt is not None:
                    pending.add(pool.submit(play_batch, nxt))


def _run_ray(
    batches: Sequence[Batch], workers: int, address: str | None, in_flight: int
) -> Iterator[list[dict[str, Any]]]:
    try:
        import ray
    except ImportError:  # pragma: no cover - the `ray` extra is part of `test`
        raise ValueError("backend 'ray' needs Ray: pip install 'meeple[ray]'") from None
    if not ray.is_initialized():
        address = address or os.environ.get("RAY_ADDRESS")
        if address:
            ray.init(address=address)
        else:
            ray.init(num_cpus=workers)
    remote = ray.remote(num_cpus=1)(play_batch)
    todo = iter(batches)
    pending = [remote.remote(b) for b in itertools.islice(todo, in_flight)]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            yield ray.get(ref)
            nxt = next(todo, None)
            if nxt is not None:
                pending.append(remote.remote(nxt))


def _read_results(path: Path, spec: Spec) -> dict[int, dict[str, Any]]:
    """Results already in a JSONL file written for the same spec (a cut last line is ignored)."""
    if not path.exists():
        return {}
    lines = path.read_text().splitlines()
    if not lines:
        return {}
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError:
        raise ValueError(f"{path}: the first line is not a tournament header") from None
    if header.get("tournament") != spec.to_json():
        raise ValueError(
            f"{path} holds another tournament ({header.get('tournament')}); "
            "resume needs the same game, players, bots, games, seed, format and options"
        )
    done: dict[int, dict[str, Any]] = {}
    for n, line in enumerate(lines[1:], 2):
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            if n == len(lines):
                break  # the run was killed mid-write
            raise ValueError(f"{path}:{n}: not JSON") from None
        done[int(row["index"])] = row
    return done


def _check_bots(spec: Spec) -> None:
    for b in spec.bots:
        bots_mod.parse(b)  # raises ValueError naming a bad spec


def run(
    game: str,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    players: int | None = None,
    format: str = "round_robin",
    backend: str = "serial",
    workers: int = 2,
    batch_size: int = 8,
    address: str | None = None,
    in_flight: int | None = None,
    out: str | Path | None = None,
    resume: bool = False,
    options: dict[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play a tournament and rate the bots.

    ``bots`` are specs as ``meeple.bots.parse`` reads them (``"random"``,
    ``"mcts:iterations=200"``, ``"mypackage.bots:greedy"``). Returns ``{"spec", "records",
    "results", "table"}``: one replay record per game in game order (as ``meeple simulate
    --out`` writes them), the per-game results, and the ratings table (see
    :func:`meeple.ratings.table`). ``progress(done, total)`` is called as games finish.
    """
    if players is None:
        info = meeple.game_info(game)
        players = max(int(info["min_players"]), min(2, int(info["max_players"])))
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive int, got {games!r}")
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}: use one of {', '.join(BACKENDS)}")
    if workers < 1 or batch_size < 1:
        raise ValueError("workers and batch_size must be at least 1")
    spec = Spec(game, players, tuple(bots), games, seed, format, dict(options or {}))
    meeple.new_game(game, players=players, seed=seed, **spec.options)  # checks game and options
    tasks = schedule(spec)
    _check_bots(spec)

    path = Path(out) if out is not None else None
    done: dict[int, dict[str, Any]] = {}
    if path is not None:
        if not path.parent.exists():
            raise ValueError(f"--out folder {path.parent} does not exist")
        if resume:
            done = _read_results(path, spec)
        with path.open("w") as header:  # rewrite: header plus the finished games, cut line dropped
            header.write(json.dumps({"tournament": spec.to_json()}) + "\n")
            for i in sorted(done):
                header.write(json.dumps(done[i]) + "\n")
    todo = [t for t in tasks if t.index not in done]
    batches = _batches(spec, todo, batch_size)
    if backend == "serial":
        stream: Iterable[list[dict[str, Any]]] = _run_serial(batches, workers)
    elif backend == "process":
        stream = _run_process(batches, workers)
    else:
        stream = _run_ray(batches, workers, address, in_flight or 2 * workers)

    start = time.perf_counter()
    fh = path.open("a") if path is not None else None
    try:
        if progress is not None:
            progress(len(done), games)
        for rows in stream:
            for row in rows:
                done[int(row["index"])] = row
                if fh is not None:
                    fh.write(json.dumps(row) + "\n")
            if fh is not None:
                fh.flush()
            if progress is not None:
                progress(len(done), games)
    finally:
        if fh is not None:
            fh.close()
    elapsed = time.perf_counter() - start

    results = [done[i] for i in range(games)]
    names = _names(spec.bots)
    table = ratings.table(
        [ratings.Result(r["seating"], r["returns"], r["scores"]) for r in results], names
    )
    return {
        "spec": spec.to_json(),
        "records": [r["record"] for r in results],
        "results": results,
        "table": table,
        "seconds": elapsed,
        "played": len(todo),
    }


def _names(specs: Sequence[str]) -> list[str]:
    """Bot names for the table: the specs, with #k added where a spec repeats."""
    names: list[str] = []
    for s in specs:
        name = s
        k = 2
        while name in names:
            name = f"{s}#{k}"
            k += 1
        names.append(name)
    return names
