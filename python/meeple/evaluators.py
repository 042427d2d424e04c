"""Evaluators for the PUCT search: ``evaluator(observations, masks, seats) -> (priors, values)``.

``observations`` is ``[B, D]`` float32 (each row the observation tensor of the seat to move),
``masks`` is ``[B, A]`` int8 (1 where the action is legal), ``seats`` is ``[B]`` int32. The
evaluator returns ``priors [B, A]`` (non-negative; renormalised over the legal actions, so raw
softmax output is fine) and ``values [B, P]``: each seat's expected return, in the scale of
``Game.returns()`` (a win is 1, a shared win splits it). Any callable works: numpy, torch or jax,
as long as it returns numpy arrays (or objects ``numpy.asarray`` accepts) of float32 or float64.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

Evaluator = Callable[
    [npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int32]],
    tuple[Any, Any],
]


class Uniform:
    """Uniform priors over the legal actions and the same value for every seat: PUCT with it is a
    plain tree search whose only signal is the end of the game."""

    def __init__(self, players: int) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or players < 1:
            raise ValueError(f"players must be a positive int, got {players!r}")
        self.players = players

    def __call__(
        self,
        observations: npt.NDArray[np.float32],
        masks: npt.NDArray[np.int8],
        seats: npt.NDArray[np.int32],
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        priors = masks.astype(np.float32)
        values = np.full((masks.shape[0], self.players), 1.0 / self.players, dtype=np.float32)
        return priors, values


def uniform(players: int) -> Uniform:
    """The uniform evaluator for a game of ``players`` seats."""
    return Uniform(players)


def load(spec: str, players: int) -> Evaluator:
    """An evaluator from a spec: ``uniform``, or ``module:callable``. A class (or a function
    taking ``players=``) named with a trailing ``()``, as in ``mynet:Net()``, is called first
    with ``players`` to build the evaluator."""
    spec = spec.strip()
    if spec == "uniform":
        return Uniform(players)
    module_name, sep, attr = spec.partition(":")
    if not sep or not module_name or not attr:
        raise ValueError(f"bad evaluator {spec!r}: use 'uniform' or module:callable")
    build = attr.endswith("()")
    attr = attr.removesuffix("()")
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        raise ValueError(f"cannot import evaluator module {module_name!r}: {e}") from None
    obj = getattr(module, attr, None)
    if obj is None:
        raise ValueError(f"module {module_name!r} has no {attr!r}")
    if build:
        obj = obj(players=players)
    if not callable(obj):
        raise ValueError(f"evaluator {spec!r} is not callable")
    evaluator: Evaluator = obj
    return evaluator
