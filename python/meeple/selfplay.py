"""Self-play with PUCT search: many games in lockstep, one evaluator call per wave.

    >>> from meeple.selfplay import Runner
    >>> from meeple.evaluators import uniform
    >>> data = Runner("_reference", num_games=8, simulations=32, evaluator=uniform(2),
    ...               players=2).run()
    >>> data.save("data.npz")

Every game runs its own PUCT search (in Rust); each wave walks every search to its next leaf
(or ``leaves_per_search`` leaves, with virtual loss), hands the evaluator all of them in one call
``evaluator(observations [B, D] float32, masks [B, A] int8, seats [B] int32)`` and takes back
``(priors [B, A], values [B, P])`` (see :mod:`meeple.evaluators`). The tree work runs with the GIL
released. Game ``i`` is set up from ``(seed, i)`` and draws from its own generators, so it plays
the same whatever ``num_games`` is. See ``docs/neural.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import meeple
from meeple import bots as bots_mod
from meeple._engine import selfplay as _selfplay
from meeple.evaluators import Evaluator

# Keys of the per-decision arrays (one row per PUCT decision with more than one legal action).
ROW_KEYS = (
    "observations",
    "masks",
    "policies",
    "seats",
    "returns",
    "values",
    "actions",
    "games",
    "plies",
)
GAME_KEYS = ("game_returns", "game_seating", "game_finished", "game_lengths")


@dataclass
class SelfPlayData:
    """Training data: per decision, the observation, legal mask, policy target (visit shares, or
    Gumbel's improved policy), seat, the game's final returns for every seat, the search's root
    value, the action played, the game index and the ply; per game, returns, seating (evaluator
    index per seat, -1 for a fixed bot), finished flag, length and replay record."""

    observations: npt.NDArray[np.float32]
    masks: npt.NDArray[np.int8]
    policies: npt.NDArray[np.float32]
    seats: npt.NDArray[np.int32]
    returns: npt.NDArray[np.float32]
    values: npt.NDArray[np.float32]
    actions: npt.NDArray[np.int32]
    games: npt.NDArray[np.int32]
    plies: npt.NDArray[np.int32]
    game_returns: npt.NDArray[np.float64]
    game_seating: npt.NDArray[np.int32]
    game_finished: npt.NDArray[np.bool_]
    game_lengths: npt.NDArray[np.uint64]
    records: list[str]
    stats: dict[str, float] = field(default_factory=dict)

    @property
    def value_targets(self) -> npt.NDArray[np.float32]:
        """Each row's final return for the seat that moved (the usual value target)."""
        return self.returns[np.arange(len(self.seats)), self.seats]

    def save(self, path: str | Path) -> None:
        """Write every array (and the records) to a compressed ``.npz``."""
        arrays: dict[str, Any] = {k: getattr(self, k) for k in ROW_KEYS + GAME_KEYS}
        arrays["records"] = np.array(self.records, dtype=np.str_)
        np.savez_compressed(path, **arrays)

    @classmethod
    def load(cls, path: str | Path) -> SelfPlayData:
        with np.load(path) as z:
            kwargs: dict[str, Any] = {k: z[k] for k in ROW_KEYS + GAME_KEYS}
            kwargs["records"] = [str(r) for r in z["records"]]
        return cls(**kwargs)

    @classmethod
    def concatenate(cls, parts: Sequence[SelfPlayData]) -> SelfPlayData:
        """Several runs' data as one (game indices renumbered)."""
        if not parts:
            raise ValueError("nothing to concatenate")
        offset = 0
        games = []
        for p in parts:
            games.append(p.games + offset)
            offset += len(p.game_lengths)
        kwargs: dict[str, Any] = {}
        for f in fields(cls):
            if f.name == "games":
                kwargs[f.name] = np.concatenate(games)
            elif f.name == "records":
                kwargs[f.name] = [r for p in parts for r in p.records]
            elif f.name == "stats":
                kwargs[f.name] = {}
            else:
                kwargs[f.name] = np.concatenate([getattr(p, f.name) for p in parts])
        return cls(**kwargs)


SeatSpec = Evaluator | str | bots_mod.Bot


class Runner:
    """``num_games`` games of ``game`` played in lockstep by PUCT searches guided by
    ``evaluator``.

    Game ``i`` is set up from ``(seed, first_game + i)``: split one seed's games over workers
    with ``first_game``, the games are the same.

    ``seats``: optionally one entry per seat: an evaluator (PUCT with it), or a fixed bot (a spec
    such as ``"random"`` or ``"mcts:iterations=200"``, or a built-in bot object). With
    ``rotate=True`` seat ``s`` of game ``i`` is played by ``seats[(s + i) % players]``.

    Search parameters (see ``docs/neural.md``): ``c_puct``, ``leaves_per_search`` (virtual loss
    above 1), ``dirichlet_fraction``/``dirichlet_alpha`` (root noise, on by default for
    self-play), ``temperature`` (move choice from visit counts) for the first
    ``temperature_moves`` decisions of each game (``None``: all), ``gumbel`` (Gumbel root with
    sequential halving over ``max_considered`` actions, ``gumbel_scale``). ``max_plies`` cuts
    every game off after that many actions (reported unfinished, returns all 0). ``threads``
    walks the searches of each wave on that many threads (the results do not change).
    """

    def __init__(
        self,
        game: str,
        num_games: int,
        simulations: int,
        evaluator: Evaluator,
        *,
        players: int | None = None,
        seats: Sequence[SeatSpec] | None = None,
        rotate: bool = False,
        seed: int = 0,
        first_game: int = 0,
        options: dict[str, Any] | None = None,
        c_puct: float = 1.25,
        leaves_per_search: int = 1,
        dirichlet_fraction: float = 0.25,
        dirichlet_alpha: float = 0.3,
        temperature: float = 1.0,
        temperature_moves: int | None = 30,
        gumbel: bool = False,
        max_considered: int = 16,
        gumbel_scale: float = 1.0,
        record: bool = True,
        max_plies: int | None = None,
        threads: int = 1,
    ) -> None:
        info = meeple.game_info(game)
        if players is None:
            players = max(int(info["min_players"]), min(4, int(info["max_players"])))
        if not callable(evaluator):
            raise ValueError(f"evaluator must be callable, got {type(evaluator).__name__}")
        if isinstance(num_games, bool) or not isinstance(num_games, int) or num_games < 1:
            raise ValueError(f"num_games must be a positive int, got {num_games!r}")
        self.game = game
        self.players = players
        self.num_games = num_games
        self.seed = seed
        self.first_game = first_game
        self.rotate = rotate
        self.options = dict(options or {})
        self.temperature_moves = temperature_moves
        self.record = record
        self.max_plies = max_plies
        if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= 256:
            raise ValueError(f"threads must be an int in 1..256, got {threads!r}")
        self.threads = threads
        self.config: dict[str, Any] = {
            "simulations": simulations,
            "c_puct": c_puct,
            "leaves_per_search": leaves_per_search,
            "dirichlet_fraction": dirichlet_fraction,
            "dirichlet_alpha": dirichlet_alpha,
            "temperature": temperature,
            "gumbel": gumbel,
            "max_considered": max_considered,
            "gumbel_scale": gumbel_scale,
        }
        self.evaluators: list[Evaluator] = [evaluator]
        self.seats: list[int | dict[str, Any]] = []
        for s, spec in enumerate(seats if seats is not None else [evaluator] * players):
            self.seats.append(self._seat(s, spec))
        if len(self.seats) != players:
            raise ValueError(f"seats names {len(self.seats)} players for {players} seats")

    def _seat(self, s: int, spec: SeatSpec) -> int | dict[str, Any]:
        if isinstance(spec, str):
            spec = bots_mod.parse(spec)
        if isinstance(spec, bots_mod.RustBot):
            return dict(spec.config)
        if isinstance(spec, bots_mod.Random):
            return {"kind": "random"}
        if isinstance(spec, bots_mod.PUCT):
            raise ValueError(f"seat {s}: give the PUCT bot's evaluator itself, not the bot")
        if callable(spec):
            for k, e in enumerate(self.evaluators):
                if e is spec:
                    return k
            self.evaluators.append(spec)
            return len(self.evaluators) - 1
        raise ValueError(f"seat {s}: not an evaluator or a built-in bot: {spec!r}")

    def run(self) -> SelfPlayData:
        """Play every game to the end and return the data."""
        out = _selfplay(
            self.game,
            self.players,
            self.num_games,
            self.evaluators,
            self.seats,
            self.config,
            self.seed,
            self.rotate,
            self.temperature_moves,
            self.record,
            self.options,
            self.first_game,
            self.max_plies,
            self.threads,
        )
        kwargs = {k: out[k] for k in ROW_KEYS + GAME_KEYS}
        return SelfPlayData(records=list(out["records"]), stats=dict(out["stats"]), **kwargs)
