"""Bots: anything with ``choose(game) -> action``, or any callable ``(game) -> action``.

``meeple.bots.parse("random")``, ``parse("mcts:iterations=2000,threads=2")`` or
``parse("mypackage.mybots:greedy")`` turn a command-line spec into a bot.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from meeple._engine import Game, check_bot_config, check_puct_config, puct_search
from meeple.evaluators import Evaluator, Uniform
from meeple.evaluators import load as load_evaluator


@runtime_checkable
class Bot(Protocol):
    def choose(self, game: Game) -> int: ...


BotLike = Bot | Callable[[Game], int]


class Random:
    """Uniformly random among the legal actions (seeded)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> int:
        return self._rng.choice(game.legal_actions())


class RustBot:
    """A bot that runs in Rust (``Game.search``) with the GIL released.

    ``config`` holds the search settings (see ``docs/search.md``); ``seed`` seeds the sequence of
    per-move search seeds, so a bot is deterministic for a seed and thread count.
    """

    kind = "mcts"

    def __init__(self, seed: int = 0, **config: Any) -> None:
        self.config: dict[str, Any] = {"kind": self.kind, **config}
        try:
            check_bot_config(self.config)
        except ValueError as e:
            raise ValueError(f"bad parameters for bot {self.kind!r}: {e}") from None
        self._rng = random.Random(seed)
        self.name = self.kind + "".join(
            f",{k}={v}" for k, v in sorted(config.items()) if k != "kind"
        ).replace(",", ":", 1)

    def analyze(self, game: Game) -> dict[str, Any]:
        """The chosen action with per-action visit counts and mean values (policy targets)."""
        result = game.search(self.config, self._rng.getrandbits(63))
        visits = [s["visits"] for s in result["stats"]]
        total = sum(visits) or 1
        result["policy"] = {s["action"]: s["visits"] / total for s in result["stats"]}
        return result

    def choose(self, game: Game) -> int:
        return int(game.search(self.config, self._rng.getrandbits(63))["action"])


class Heuristic(RustBot):
    """One-ply greedy on the game's evaluation function."""

    kind = "heuristic"


class MCTS(RustBot):
    """UCT MCTS; on games with hidden information, ISMCTS (a determinization per iteration).

    Parameters: ``iterations`` (default 1000), ``seconds``, ``threads``, ``c`` (exploration,
    default 0.7), ``rollout`` (``"random"`` or ``"heuristic"``), ``rollout_depth``.
    """

    kind = "mcts"


class ISMCTS(RustBot):
    """Information-set MCTS, explicitly (the search never reads what its seat cannot see)."""

    kind = "ismcts"


class UCT(RustBot):
    """Plain UCT even on hidden-information games (it sees everything: a cheating baseline)."""

    kind = "uct"


class PUCT:
    """AlphaZero-style PUCT search guided by ``evaluator`` (see :mod:`meeple.evaluators`), one
    decision at a time; the tree work runs in Rust with the GIL released, the evaluator is called
    once per batch of up to ``leaves_per_search`` leaves.

    ``evaluator``: a callable, a ``module:callable`` spec, or ``None`` for uniform priors and
    values. Other parameters: ``c_puct``, ``leaves_per_search``, ``dirichlet_fraction``,
    ``dirichlet_alpha``, ``temperature`` (0: most visits), ``gumbel``, ``max_considered``,
    ``gumbel_scale`` (see ``docs/neural.md``). To run many games at once with one evaluator call
    per wave, use :class:`meeple.selfplay.Runner` instead.
    """

    def __init__(
        self,
        evaluator: Evaluator | str | None = None,
        simulations: int = 100,
        seed: int = 0,
        **config: Any,
    ) -> None:
        self.config: dict[str, Any] = {"simulations": simulations, **config}
        try:
            check_puct_config(self.config)
        except ValueError as e:
            raise ValueError(f"bad parameters for bot 'puct': {e}") from None
        self._spec = evaluator
        self._evaluators: dict[int, Evaluator] = {}
        if evaluator is not None and not isinstance(evaluator, str) and not callable(evaluator):
            raise ValueError(f"evaluator must be callable, got {type(evaluator).__name__}")
        self._rng = random.Random(seed)
        label = evaluator if isinstance(evaluator, str) else None
        params = {**self.config, **({"evaluator": label} if label else {})}
        self.name = "puct" + "".join(f",{k}={v}" for k, v in sorted(params.items())).replace(
            ",", ":", 1
        )

    def _evaluator(self, players: int) -> Evaluator:
        if callable(self._spec):
            return self._spec
        if players not in self._evaluators:
            spec = self._spec
            self._evaluators[players] = (
                Uniform(players) if spec is None else load_evaluator(spec, players)
            )
        return self._evaluators[players]

    def analyze(self, game: Game) -> dict[str, Any]:
        """The chosen action with the root statistics: ``legal``, ``visits``, ``q``, ``prior``,
        ``policy`` (the training target), ``value``, and evaluator call counts and time."""
        evaluator = self._evaluator(game.num_players)
        result: dict[str, Any] = puct_search(
            game, evaluator, self.config, self._rng.getrandbits(63)
        )
        return result

    def choose(self, game: Game) -> int:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return int(self.analyze(game)["action"])


class _Callable:
    def __init__(self, fn: Callable[[Game], int], name: str) -> None:
        self._fn = fn
        self.name = name

    def choose(self, game: Game) -> int:
        return int(self._fn(game))


def as_bot(bot: BotLike, name: str = "custom") -> Bot:
    """Wrap a callable ``(game) -> action`` as a bot; return bots unchanged."""
    if isinstance(bot, Bot):
        return bot
    if callable(bot):
        return _Callable(bot, name)
    raise ValueError(f"not a bot: {bot!r} (need .choose(game) or a callable)")


def _parse_params(text: str) -> dict[str, Any]:
    params: dict[str, Any] = {}
    if not text:
        return params
    for part in text.split(","):
        if "=" not in part:
            raise ValueError(f"bad bot parameter {part!r}: expected name=value")
        k, v = part.split("=", 1)
        k, v = k.strip(), v.strip()
        value: Any = v
        for conv in (int, float):
            try:
                value = conv(v)
                break
            except ValueError:
                continue
        if v.lower() in ("true", "false"):
            value = v.lower() == "true"
        params[k] = value
    return params


BUILTIN: dict[str, Callable[..., Bot]] = {
    "random": Random,
    "heuristic": Heuristic,
    "mcts": MCTS,
    "ismcts": ISMCTS,
    "uct": UCT,
    "puct": PUCT,
}


def parse(spec: str, seed: int = 0) -> Bot:
    """A bot from a spec: ``NAME[:k=v,...]`` for built-ins, or ``module:callable``."""
    spec = spec.strip()
    name, _, rest = spec.partition(":")
    if name in BUILTIN:
        params = _parse_params(rest)
        params.setdefault("seed", seed)
        try:
            return BUILTIN[name](**params)
        except TypeError as e:
            raise ValueError(f"bad parameters for bot {name!r}: {e}") from None
    if rest and name:
        try:
            module = importlib.import_module(name)
        except ImportError as e:
            raise ValueError(f"cannot import bot module {name!r}: {e}") from None
        obj = getattr(module, rest, None)
        if obj is None:
            raise ValueError(f"module {name!r} has no {rest!r}")
        if isinstance(obj, type):
            obj = obj()
        return as_bot(obj, spec)
    known = ", ".join(sorted(BUILTIN))
    raise ValueError(f"unknown bot {spec!r}: use one of {known}, or module:callable")
