"""Pictures of games: SVG boards (``to_svg``) and terminal boards (``to_text``).

A picture is drawn from what one seat may see (``observation(seat)``) or, with ``seat=None``,
from the full view: the public observation with every seat's private part (its hand) merged in.
Renderers never read engine internals, so a seat's picture cannot leak hidden information.

    >>> import meeple
    >>> from meeple import render
    >>> g = meeple.new_game("catan", seed=1)
    >>> svg = render.to_svg(g, seat=0)      # also g.to_svg(seat=0), g._repr_svg_()
    >>> print(render.to_text(g))            # also str(g)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

from meeple.render.svg import label_keys

if TYPE_CHECKING:
    from meeple import Game

__all__ = ["game_view", "label_keys", "legal_moves", "to_svg", "to_text"]

# One module per game: to_svg(view, meta) and to_text(view, meta).
_MODULES = {
    "catan": "meeple.render.catan",
    "kingdom_builder": "meeple.render.kingdom_builder",
    "castles_of_burgundy": "meeple.render.castles_of_burgundy",
    "puerto_rico": "meeple.render.puerto_rico",
    "san_juan": "meeple.render.san_juan",
}


def _module(game_id: str) -> ModuleType:
    if game_id not in _MODULES:
        raise ValueError(f"no renderer for game {game_id!r}")
    return import_module(_MODULES[game_id])


# Per game: where each seat's private part lives in its own observation. The full view takes
# the public observation of seat 0 and puts in each seat's private part from that seat's own.
def _merge_players(key: str) -> Callable[[list[dict[str, Any]]], dict[str, Any]]:
    def merge(obs: list[dict[str, Any]]) -> dict[str, Any]:
        view = dict(obs[0])
        view[key] = [o[key][i] for i, o in enumerate(obs)]
        return view

    return merge


def _merge_san_juan(obs: list[dict[str, Any]]) -> dict[str, Any]:
    view = dict(obs[0])
    view["players"] = [dict(o["players"][i], hand=o.get("hand", {})) for i, o in enumerate(obs)]
    view.pop("hand", None)
    return view


_MERGE: dict[str, Callable[[list[dict[str, Any]]], dict[str, Any]]] = {
    "catan": _merge_players("players"),
    "kingdom_builder": _merge_players("player_state"),
    "san_juan": _merge_san_juan,
    "puerto_rico": _merge_players("players"),
}


def game_view(game: Game, seat: int | None = None) -> dict[str, Any]:
    """What a picture of ``game`` is drawn from: the observation of ``seat``, or (None) the
    full view, every seat's private part included."""
    if seat is not None:
        return dict(game.observation(seat))
    merge = _MERGE.get(game.game_id)
    if not game.hidden_information or merge is None:
        # Every seat sees everything: one observation is the full view.
        view = dict(game.observation(0))
    else:
        view = merge([game.observation(s) for s in range(game.num_players)])
    view.pop("seat", None)
    return view


def _meta(game: Game, seat: int | None, hot: Iterable[str]) -> dict[str, Any]:
    terminal = game.is_terminal
    return {
        "game": game.game_id,
        "players": game.num_players,
        "options": dict(game.options),
        "seat": seat,
        "current_player": game.current_player,
        "terminal": terminal,
        "scores": game.scores(),
        "winners": game.winners() if terminal else [],
        "hot": set(hot),
    }


def legal_moves(game: Game) -> list[dict[str, Any]]:
    """The legal moves with their labels and the keys a click on the board may match."""
    out: list[dict[str, Any]] = []
    if game.is_terminal or game.current_player < 0:
        return out
    for a in game.legal_actions():
        label = game.action_to_string(a)
        out.append({"action": a, "label": label, "keys": label_keys(label)})
    return out


def hot_keys(moves: Iterable[dict[str, Any]]) -> set[str]:
    """Every key that some legal move's label holds (the spots to mark clickable)."""
    return {k for m in moves for k in m["keys"]}


def to_svg(game: Game, seat: int | None = None, hot: Iterable[str] = ()) -> str:
    """An SVG picture of ``game`` as ``seat`` sees it (None: everything). ``hot`` names board
    keys to mark as clickable (the browser player passes the keys of the legal moves)."""
    if seat is not None and not 0 <= seat < game.num_players:
        raise ValueError(f"seat must be in 0..{game.num_players - 1} or None, got {seat}")
    text: str = _module(game.game_id).to_svg(game_view(game, seat), _meta(game, seat, hot))
    return text


def to_text(game: Game, seat: int | None = None) -> str:
    """A terminal picture of ``game`` as ``seat`` sees it (None: everything), with a legend."""
    if seat is not None and not 0 <= seat < game.num_players:
        raise ValueError(f"seat must be in 0..{game.num_players - 1} or None, got {seat}")
    text: str = _module(game.game_id).to_text(game_view(game, seat), _meta(game, seat, ()))
    return text


def view_json(game: Game, seat: int | None = None) -> str:
    """The view a picture is drawn from, as JSON (for debugging a renderer)."""
    return json.dumps(game_view(game, seat), sort_keys=True)
