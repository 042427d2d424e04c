"""PettingZoo: every seat of a meeple game as an agent of an AEC environment.

Agents are ``"player_0"`` .. ``"player_{n-1}"``; the observation of each is
``{"observation": float32 tensor, "action_mask": int8}`` (all zeros for an agent not to move),
as in PettingZoo's classic environments. Chance is drawn inside (``chance="auto"``). Rewards come
at the end: each agent's return (1/k for each of k winners, else 0). An illegal action raises
``meeple.IllegalActionError`` and changes nothing.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv as _PZAECEnv  # type: ignore[import-untyped]

import meeple

ObsDict = dict[str, npt.NDArray[Any]]


class AECEnv(_PZAECEnv):  # type: ignore[misc]
    """``game`` for ``players`` agents; game options are keyword arguments.

    ``max_steps`` truncates the game after that many actions of the agents (0: never).
    """

    metadata: dict[str, Any] = {
        "render_modes": ["ansi"],
        "name": "meeple",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int = 2,
        *,
        max_steps: int = 0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 0:
            raise ValueError(f"max_steps must be an int >= 0 (0: no limit), got {max_steps!r}")
        self.game_id = game
        self.options = dict(options)
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.metadata = {**self.metadata, "name": f"meeple_{game}"}
        self._game = meeple.new_game(game, players=players, seed=0, **self.options)
        self._num_actions = self._game.num_distinct_actions
        size = len(self._game.observation_tensor(0))
        self.possible_agents = [f"player_{i}" for i in range(players)]
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(self._num_actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: observation_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self._num_actions) for a in self.possible_agents}
        self._seed_rng = np.random.default_rng()
        self._steps = 0
        self.agents: list[str] = []
        self.agent_selection = self.possible_agents[0]

    @property
    def game(self) -> meeple.Game:
        """The game in play (read it; do not apply actions to it)."""
        return self._game

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> ObsDict:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self._num_actions, dtype=np.int8)
        if self._game.current_player == seat:
            mask[self._game.legal_actions()] = 1
        return {"observation": self._game.observation_tensor(seat), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        game_seed = int(self._seed_rng.integers(2**63))
        self._game = meeple.new_game(
            self.game_id, players=len(self.possible_agents), seed=game_seed, **self.options
        )
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._agent_to_move()

    def _agent_to_move(self) -> str:
        seat = self._game.current_player
        return self.possible_agents[seat] if seat >= 0 else self.agent_selection

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: its action cannot be None")
        self._game.apply_action(int(action))
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        if self._game.is_terminal:
            for a, r in zip(self.agents, self._game.returns(), strict=True):
                self.rewards[a] = float(r)
                self.terminations[a] = True
                self.infos[a] = {"scores": self._game.scores(), "winners": self._game.winners()}
        elif self.max_steps and self._steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        if self._game.is_terminal or any(self.truncations.values()):
            # Every agent is done: each is visited once more (stepping None) in seat order.
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self._agent_to_move()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return str(self._game)
        return None

    def close(self) -> None:
        pass
