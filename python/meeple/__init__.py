"""meeple: fast, exact rules engines for modern board games.

    >>> import meeple
    >>> g = meeple.new_game("catan", players=4, seed=7)
    >>> while not g.is_terminal:
    ...     g.apply_action(g.legal_actions()[0])

The engines are written in Rust (``meeple._engine``); this package adds argument checking,
``game_info`` as a dict, replays from dicts, and the ``meeple`` command line.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
from types import ModuleType
from typing import Any, SupportsIndex

from meeple._engine import (
    CHANCE,
    FORMAT_VERSION,
    MAX_BATCH_GAMES,
    MAX_DEPTH,
    MAX_MATCH_GAMES,
    MAX_THREADS,
    TERMINAL,
    Game,
    IllegalActionError,
    __version__,
)
from meeple._engine import from_json as _from_json
from meeple._engine import game_info_json as _game_info_json
from meeple._engine import games as _games
from meeple._engine import new_game as _new_game
from meeple._engine import replay as _replay
from meeple.envs.vec import VecEnv

__all__ = [
    "CHANCE",
    "FORMAT_VERSION",
    "MAX_BATCH_GAMES",
    "MAX_DEPTH",
    "MAX_MATCH_GAMES",
    "MAX_THREADS",
    "TERMINAL",
    "Game",
    "VecEnv",
    "IllegalActionError",
    "__version__",
    "from_json",
    "game_info",
    "games",
    "new_game",
    "replay",
]


def games() -> list[str]:
    """Names of the complete games, sorted."""
    return list(_games())


def game_info(game: str) -> dict[str, Any]:
    """Name, title, player counts, action-space size and options (default, allowed/type, doc)."""
    _check_name(game)
    info: dict[str, Any] = json.loads(_game_info_json(game))
    return info


def _check_name(game: object) -> None:
    if not isinstance(game, str):
        raise ValueError(f"game must be a name (str), got {type(game).__name__}")


def _default_players(game: str) -> int:
    info = game_info(game)
    return max(int(info["min_players"]), min(4, int(info["max_players"])))


def new_game(
    game: str,
    players: SupportsIndex | None = None,
    seed: SupportsIndex = 0,
    chance: str = "auto",
    **options: Any,
) -> Game:
    """Start a game.

    ``players`` defaults to 4 where the game allows it (else the nearest allowed count).
    ``chance="auto"`` resolves dice and draws inside ``apply_action`` with the game's seeded RNG;
    ``chance="explicit"`` exposes chance nodes (``current_player == CHANCE``).
    Unknown games, player counts, options or option values raise ``ValueError`` naming them.
    ``players`` and ``seed`` are ints (anything ``operator.index`` takes, such as numpy
    integers; not bools), as every int argument of meeple is.
    """
    _check_name(game)
    if players is None:
        players = _default_players(game)
    if not isinstance(chance, str) or chance not in ("auto", "explicit"):
        raise ValueError(f"chance must be 'auto' or 'explicit', got {chance!r:.60}")
    return _new_game(game, players, seed, chance, options)


def from_json(text: str | bytes) -> Game:
    """Load a game from ``Game.to_json()`` output or a hand-written position."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")  # a bad byte raises UnicodeDecodeError, a ValueError
    if not isinstance(text, str):
        raise ValueError(f"from_json takes JSON text, got {type(text).__name__}")
    return _from_json(text)


def replay(record: str | bytes | dict[str, Any]) -> Game:
    """Rebuild a game from a record: ``{"format", "game", "players", "options", "seed",
    "chance", "actions"}`` as a dict or JSON text. An illegal step raises
    ``IllegalActionError`` naming the step."""
    if isinstance(record, bytes):
        record = record.decode("utf-8")  # a bad byte raises UnicodeDecodeError, a ValueError
    if not isinstance(record, str | dict):
        raise ValueError(f"replay takes a record dict or JSON text, got {type(record).__name__}")
    return _replay(record)


def __getattr__(name: str) -> ModuleType:
    """Public submodules (``meeple.bots``, ``meeple.cli``, ...) load on first use, so
    ``import meeple; meeple.bots.MCTS()`` works without importing optional dependencies
    up front."""
    if not name.startswith("_") and importlib.util.find_spec(f"{__name__}.{name}") is not None:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
