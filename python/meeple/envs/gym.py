"""Gymnasium environments: one learner seat against built-in bots.

- :class:`GymEnv`: a ``gymnasium.Env`` (``Discrete`` actions, ``Box`` observations) with
  ``action_masks()`` for sb3-contrib's MaskablePPO. It passes ``gymnasium.utils.env_checker``.
- :class:`GymVectorEnv`: a ``gymnasium.vector.VectorEnv`` over :class:`meeple.VecEnv`, whose
  ``metadata["autoreset_mode"]`` says which Gymnasium autoreset mode it follows.

Importing this module registers ``meeple/<game>-v0`` with Gymnasium for every game, so
``gymnasium.make("meeple/catan-v0", players=4, opponents="heuristic")`` works too.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

import meeple
from meeple.envs.vec import OpponentSpec, VecEnv

_MODES = {"next_step": AutoresetMode.NEXT_STEP, "same_step": AutoresetMode.SAME_STEP}


def _check_seat(seat: object, players: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"seat must be an int in 0..{players - 1}, got {seat!r}")
    return seat


def _observation_box(size: int) -> spaces.Box:
    return spaces.Box(-np.inf, np.inf, shape=(size,), dtype=np.float32)


class GymEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """``game`` for the learner at ``seat``; ``opponents`` (a bot spec, or one per seat) play the
    other seats inside Rust, and chance is drawn there too, so each ``step`` runs to the
    learner's next decision.

    Reward: the learner's return at the end (1/k for each of k winners, else 0), 0 before.
    An illegal action ends the episode with ``illegal_penalty`` (``illegal="penalize"``, the
    default, as Gymnasium's checker steps unmasked actions), or raises ``IllegalActionError``
    (``illegal="raise"``). ``max_steps`` truncates an episode after that many learner steps.
    ``info`` holds ``action_mask`` (int8) and, at the end, ``returns`` (every seat) and
    ``episode_length``. Game options are keyword arguments.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        game: str,
        players: int = 2,
        seat: int = 0,
        opponents: OpponentSpec | list[OpponentSpec | None] = "random",
        *,
        max_steps: int = 0,
        illegal: str = "penalize",
        illegal_penalty: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        seat = _check_seat(seat, players)
        self.game_id = game
        self.seat = seat
        self.render_mode = render_mode
        self._vec = VecEnv(
            game,
            1,
            players=players,
            options=options,
            learners=[seat],
            opponents=opponents,
            autoreset="disabled",
            max_steps=max_steps,
            illegal=illegal,
            illegal_penalty=illegal_penalty,
        )
        self.observation_space = _observation_box(self._vec.observation_size)  # type: ignore[assignment]
        self.action_space = spaces.Discrete(self._vec.num_actions)
        self._seeded = False
        self._done = True

    @property
    def vec_env(self) -> VecEnv:
        """The one-env :class:`meeple.VecEnv` underneath."""
        return self._vec

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is None and not self._seeded:
            seed = int(self.np_random.integers(2**63))
        self._seeded = True
        self._vec.reset(seed=seed)  # without a seed the env's stream goes on
        self._done = False
        return self._vec.observation[0].copy(), self._info()

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        if self._done:
            raise RuntimeError("the episode has ended: call reset() before step()")
        obs, _, reward, terminated, truncated = self._vec.step(np.array([action], dtype=np.int64))
        term, trunc = bool(terminated[0]), bool(truncated[0])
        self._done = term or trunc
        return obs[0].copy(), float(reward[0]), term, trunc, self._info()

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._vec.action_mask[0].copy()}
        if self._done:
            info["returns"] = self._vec.final_returns[0].astype(np.float64)
            info["episode_length"] = int(self._vec.episode_length[0])
        return info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions as a bool mask (what sb3-contrib's MaskablePPO asks for)."""
        mask: npt.NDArray[np.bool_] = self._vec.action_mask[0].astype(bool)
        return mask

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return str(self._vec.game(0))
        return None

    def close(self) -> None:
        pass


class GymVectorEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """``num_envs`` games for the learner at ``seat``, stepped in Rust (``threads`` workers).

    Actions are a ``MultiDiscrete`` array, observations a ``[num_envs, D]`` float32 batch.
    ``autoreset`` is ``"next_step"`` (Gymnasium's default) or ``"same_step"`` (the ended
    episode's last observation in ``info["final_obs"]``); ``metadata["autoreset_mode"]``
    declares it. ``info["action_mask"]`` (int8) and :meth:`action_masks` give the legal actions;
    where an episode ended, ``info["returns"]`` and ``info["episode_length"]``.
    Observations are copied out of the Rust buffers unless ``copy=False``.
    """

    def __init__(
        self,
        game: str,
        num_envs: int,
        players: int = 2,
        seat: int = 0,
        opponents: OpponentSpec | list[OpponentSpec | None] = "random",
        *,
        autoreset: str = "next_step",
        threads: int = 1,
        max_steps: int = 0,
        illegal: str = "raise",
        illegal_penalty: float = -1.0,
        copy: bool = True,
        seed: int = 0,
        **options: Any,
    ) -> None:
        if autoreset not in _MODES:
            raise ValueError(f"autoreset must be 'next_step' or 'same_step', not {autoreset!r}")
        seat = _check_seat(seat, players)
        self._vec = VecEnv(
            game,
            num_envs,
            players=players,
            seed=seed,
            options=options,
            learners=[seat],
            opponents=opponents,
            autoreset=autoreset,
            threads=threads,
            max_steps=max_steps,
            illegal=illegal,
            illegal_penalty=illegal_penalty,
        )
        self.num_envs = num_envs
        self.copy = copy
        self.metadata = {"autoreset_mode": _MODES[autoreset]}
        self.single_observation_space = _observation_box(self._vec.observation_size)
        self.single_action_space = spaces.Discrete(self._vec.num_actions)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, num_envs
        )
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)

    @property
    def vec_env(self) -> VecEnv:
        """The :class:`meeple.VecEnv` underneath."""
        return self._vec

    def _obs(self) -> npt.NDArray[np.float32]:
        obs = self._vec.observation
        return obs.copy() if self.copy else obs

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        if isinstance(seed, list):
            raise ValueError("GymVectorEnv takes one seed (every env's stream is split from it)")
        super().reset(seed=seed)
        self._vec.reset(seed=seed)
        return self._obs(), {"action_mask": self._vec.action_mask.copy()}

    def step(
        self, actions: Any
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        vec = self._vec
        vec.step(np.asarray(actions, dtype=np.int64).reshape(self.num_envs))
        terminated = vec.terminated.copy()
        truncated = vec.truncated.copy()
        infos: dict[str, Any] = {"action_mask": vec.action_mask.copy()}
        ended = terminated | truncated
        if ended.any():
            infos["returns"] = np.where(ended[:, None], vec.final_returns, 0.0)
            infos["_returns"] = ended
            infos["episode_length"] = np.where(ended, vec.episode_length, 0)
            infos["_episode_length"] = ended
            if vec.autoreset == "same_step":
                final_obs = np.full(self.num_envs, None, dtype=object)
                for i in np.flatnonzero(ended):
                    final_obs[i] = vec.final_observation[i].copy()
                infos["final_obs"] = final_obs
                infos["_final_obs"] = ended
        return self._obs(), vec.reward.astype(np.float64), terminated, truncated, infos

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """``[num_envs, A]`` bool: the legal actions of every env."""
        return self._vec.action_mask.astype(bool)

    def close_extras(self, **kwargs: Any) -> None:
        pass


def _register() -> None:
    for game in meeple.games():
        env_id = f"meeple/{game}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id, entry_point="meeple.envs.gym:GymEnv", kwargs={"game": game}
            )


_register()
