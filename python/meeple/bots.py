"""Bots: anything with ``choose(game) -> action``, or any callable ``(game) -> action``.

``meeple.bots.parse("random")``, ``parse("mcts:iterations=2000,threads=2")`` or
``parse("mypackage.mybots:greedy")`` turn a command-line spec into a bot.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from meeple._engine import Game


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


BUILTIN: dict[str, Callable[..., Bot]] = {"random": Random}


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
    if rest and "." in name or (rest and name and name not in BUILTIN):
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
