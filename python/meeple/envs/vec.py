"""``meeple.VecEnv``: the Rust batch of games, with bot specs accepted as strings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from meeple import _engine
from meeple.bots import RustBot, _parse_params

OpponentSpec = str | Mapping[str, Any] | RustBot
"""A bot: ``"random"``, ``"heuristic"``, ``"mcts:iterations=200"``, a config dict such as
``{"kind": "mcts", "iterations": 200}``, or a ``meeple.bots`` Rust bot."""


def bot_config(spec: object) -> dict[str, Any]:
    """The config dict of an opponent spec (see :data:`OpponentSpec`); ValueError if bad."""
    if isinstance(spec, RustBot):
        return dict(spec.config)
    if isinstance(spec, Mapping):
        config = dict(spec)
    elif isinstance(spec, str):
        name, _, rest = spec.strip().partition(":")
        config = {"kind": name, **_parse_params(rest)}
    else:
        raise ValueError(
            f"an opponent must be a bot spec string, a config dict or a meeple.bots bot, "
            f"not {type(spec).__name__}"
        )
    _engine.check_bot_config(config)
    return config


def opponent_configs(
    opponents: OpponentSpec | Sequence[OpponentSpec | None] | None,
) -> dict[str, Any] | list[dict[str, Any] | None] | None:
    """Normalise ``opponents`` for the engine: one config for every non-learner seat, or a list
    with one entry per seat (None at learner seats)."""
    if opponents is None:
        return None
    if isinstance(opponents, (str, Mapping, RustBot)):
        return bot_config(opponents)
    if isinstance(opponents, Sequence):
        return [None if o is None else bot_config(o) for o in opponents]
    raise ValueError(f"bad opponents {opponents!r}: a bot spec, or a list of one per seat")


class VecEnv(_engine.VecEnv):
    """``num_envs`` games of ``game`` stepped together in Rust, the GIL released.

    ``learners`` are the seats whose actions you give (``"all"``, or a list of seats; default:
    every seat without ``opponents``, else seat 0); ``opponents`` play the other seats inside
    Rust (a bot spec for all of them, or a list with one entry per seat, None at learners).
    ``reset()`` and ``step(actions)`` write into arrays the env owns and returns (no copies):
    ``observation [N, D] float32``, ``action_mask [N, A] int8``, ``reward [N]``, ``terminated``,
    ``truncated``; see docs/rl.md for the rest (``legal_actions``, ``rewards``,
    ``current_player``, ``final_observation``, ``final_returns``, ``episode_length``).
    With ``observe=False`` steps skip the observation tensor (the dearest part of a step in
    some games) and ``observe()`` writes it on demand.
    """

    def __new__(
        cls,
        game: str,
        num_envs: int,
        players: int | None = None,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        learners: str | Sequence[int] | None = None,
        opponents: OpponentSpec | Sequence[OpponentSpec | None] | None = None,
        autoreset: str = "next_step",
        threads: int = 1,
        max_steps: int = 0,
        illegal: str = "raise",
        illegal_penalty: float = -1.0,
        observe: bool = True,
    ) -> VecEnv:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, got {num_envs!r}")
        if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
            raise ValueError(f"threads must be a positive int, got {threads!r}")
        if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 0:
            raise ValueError(f"max_steps must be an int >= 0 (0: no limit), got {max_steps!r}")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise ValueError(f"seed must be an int in 0..2**64-1, got {seed!r}")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise ValueError(f"players must be an int, got {players!r}")
        if players is not None and players < 1:
            raise ValueError(f"players must be positive, got {players}")
        seats: str | list[int] | None
        if learners is None or isinstance(learners, str):
            seats = learners
        else:
            seats = [int(s) for s in learners]
        env: VecEnv = super().__new__(
            cls,
            game,
            num_envs,
            players,
            seed,
            dict(options) if options else None,
            seats,
            opponent_configs(opponents),
            autoreset,
            threads,
            max_steps,
            illegal,
            illegal_penalty,
            observe,
        )  # type: ignore[assignment]
        return env
