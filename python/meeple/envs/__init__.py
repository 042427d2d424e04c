"""Reinforcement-learning environments over every meeple game (see docs/rl.md).

- :class:`VecEnv` (also ``meeple.VecEnv``): N games stepped together in Rust, numpy in and out.
- :class:`GymEnv`: a Gymnasium ``Env`` for one learner seat against built-in bots, with
  ``action_masks()`` for sb3-contrib's MaskablePPO; :class:`GymVectorEnv`: a Gymnasium
  ``VectorEnv`` over :class:`VecEnv`.
- :class:`AECEnv`: a PettingZoo AEC environment, every seat an agent.
- :func:`spatial_planes` / :func:`spatial_shape`: ``[C, H, W]`` planes of the grid games'
  boards (Kingdom Builder, Catan, the Castles of Burgundy), from the observation tensor.

Gymnasium and PettingZoo are optional (``pip install "meeple[rl]"``) and imported only when
their classes are first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.envs.spatial import spatial_games, spatial_planes, spatial_shape
from meeple.envs.vec import VecEnv

if TYPE_CHECKING:
    from meeple.envs.gym import GymEnv, GymVectorEnv
    from meeple.envs.pettingzoo import AECEnv

__all__ = [
    "AECEnv",
    "GymEnv",
    "GymVectorEnv",
    "VecEnv",
    "spatial_games",
    "spatial_planes",
    "spatial_shape",
]


def __getattr__(name: str) -> Any:
    if name in ("GymEnv", "GymVectorEnv"):
        from meeple.envs import gym

        return getattr(gym, name)
    if name == "AECEnv":
        from meeple.envs import pettingzoo

        return pettingzoo.AECEnv
    raise AttributeError(f"module 'meeple.envs' has no attribute {name!r}")
