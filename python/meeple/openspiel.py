"""Every meeple game as an OpenSpiel game (extra ``meeple[openspiel]``).

    >>> import meeple.openspiel  # registers the games with pyspiel
    >>> import pyspiel
    >>> game = pyspiel.load_game("meeple_san_juan(players=3,drafted_hands=True)")

Importing this module registers ``meeple_<name>`` for every game of ``meeple.games()``. The
parameters are ``players``, ``seed`` (the set-up meeple draws when a game starts: board, shuffles,
opening hands) and every option of ``meeple.game_info(name)["options"]`` with meeple's default;
options of type ``json`` take JSON text. The games run with explicit chance nodes (dice, draws);
returns are the win shares of ``Game.returns()`` (1/k for each of k winners), so every game is
constant-sum with utility sum 1. See ``docs/openspiel.md``.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

import meeple
from meeple._engine import Game as _MeepleGame
from meeple.bots import RustBot

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - the extra is part of the test install
    raise ImportError(
        "meeple.openspiel needs OpenSpiel: pip install 'meeple[openspiel]' (open_spiel)"
    ) from e

__all__ = ["PREFIX", "MeepleBot", "MeepleGame", "MeepleState", "game_name", "register"]

PREFIX = "meeple_"

# Every seed fits in 64 bits; the sampler OpenSpiel hands to resample_from_infostate gives floats.
_SEED_BITS = 32


def game_name(game: str) -> str:
    """The pyspiel short name of a meeple game: ``meeple_<game>``."""
    return PREFIX + game


def _json_text(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class _Option:
    """One meeple option as an OpenSpiel parameter (int, bool or str; json as its text)."""

    def __init__(self, name: str, spec: dict[str, Any]) -> None:
        self.name = name
        self.default = spec["default"]
        self.is_json = spec.get("type") == "json"
        kind = spec.get("type")
        if self.is_json:
            self.parameter: Any = _json_text(self.default)
        elif kind in ("int", "bool", "float") or "allowed" in spec:
            self.parameter = self.default
        else:  # a type meeple may add later: carried as text, read back as JSON
            self.is_json = True
            self.parameter = _json_text(self.default)

    def to_meeple(self, value: Any) -> Any:
        """The option's value for ``meeple.new_game``."""
        if not self.is_json:
            return value
        try:
            return json.loads(value)
        except (TypeError, ValueError):
            return value  # not JSON: a plain string (a map file's path); meeple checks it


class _Spec:
    """What one meeple game registers: its GameType template and parameter specification."""

    def __init__(self, name: str) -> None:
        info = meeple.game_info(name)
        self.name = name
        self.title = str(info["title"])
        self.min_players = int(info["min_players"])
        self.max_players = int(info["max_players"])
        self.hidden_information = bool(info["hidden_information"])
        self.options = {k: _Option(k, v) for k, v in info["options"].items()}
        default_players = max(self.min_players, min(4, self.max_players))
        self.parameters: dict[str, Any] = {"players": default_players, "seed": 0}
        for option in self.options.values():
            self.parameters[option.name] = option.parameter

    def game_type(self, hidden_information: bool) -> Any:
        information = (
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if hidden_information
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        )
        return pyspiel.GameType(
            short_name=game_name(self.name),
            long_name=f"meeple {self.title}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=information,
            utility=pyspiel.GameType.Utility.CONSTANT_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=self.max_players,
            min_num_players=self.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=self.parameters,
        )

    def new_meeple_game(self, params: dict[str, Any]) -> _MeepleGame:
        """The initial meeple game (explicit chance) of these parameters; ValueError if bad."""
        unknown = sorted(set(params) - set(self.parameters))
        if unknown:
            raise ValueError(
                f"unknown parameter {unknown[0]!r} for {game_name(self.name)}; "
                f"parameters: {', '.join(sorted(self.parameters))}"
            )
        options = {}
        for option in self.options.values():
            value = option.to_meeple(params.get(option.name, option.parameter))
            if value != option.default:
                options[option.name] = value
        players = params.get("players", self.parameters["players"])
        seed = params.get("seed", 0)
        return meeple.new_game(self.name, players=players, seed=seed, chance="explicit", **options)

    def game_parameters(self, params: dict[str, Any]) -> dict[str, Any]:
        """The parameters the pyspiel Game keeps: json options at their default are left out, so
        ``game.to_string()`` stays loadable (OpenSpiel's game strings split values at commas)."""
        return {
            k: v
            for k, v in params.items()
            if not (k in self.options and self.options[k].is_json and v == self.parameters[k])
        }


class MeepleGame(pyspiel.Game):  # type: ignore[misc]
    """One configuration of a meeple game (players, seed, options) as a pyspiel Game."""

    spec: _Spec  # set by each registered game's subclass

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        spec = self.spec
        initial = spec.new_meeple_game(params)
        info = pyspiel.GameInfo(
            num_distinct_actions=initial.num_distinct_actions,
            # Chance outcomes are action ids of the same space (a draw names its card).
            max_chance_outcomes=initial.num_distinct_actions,
            num_players=initial.num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=initial.max_game_length,
        )
        super().__init__(
            spec.game_type(initial.hidden_information), info, spec.game_parameters(params)
        )
        self.initial = initial

    def new_initial_state(
        self, position: str | bytes | dict[str, Any] | None = None
    ) -> MeepleState:
        """The start of a game, or a state at ``position``: a meeple position (``Game.to_json()``
        text, or ``state.to_json()`` / ``state.to_dict()``) of this game and configuration.

        The meeple game of the start is built on first use, so the throw-away state OpenSpiel
        creates for every ``clone()`` and deserialization costs no meeple set-up. A state loaded
        from a position starts with an empty OpenSpiel history and no recorded own decisions."""
        state = MeepleState(self)
        if position is not None:
            state._s = _Slot(self._load(position), ("",) * self.num_players())
        return state

    def _load(self, position: str | bytes | dict[str, Any]) -> _MeepleGame:
        if isinstance(position, bytes):
            position = position.decode("utf-8")
        if isinstance(position, str):
            try:
                position = json.loads(position)
            except ValueError as e:
                raise ValueError(f"bad JSON position: {e}") from None
        if not isinstance(position, dict):
            raise ValueError(f"a position is a JSON object, got {type(position).__name__}")
        g = meeple.from_json(json.dumps({**position, "chance": "explicit"}))
        ours = self.initial
        if g.game_id != ours.game_id:
            raise ValueError(f"the position is of {g.game_id}, this game is {ours.game_id}")
        if g.num_players != ours.num_players:
            raise ValueError(
                f"the position has {g.num_players} players, this game has {ours.num_players}"
            )
        differ = [k for k in sorted(ours.options) if g.options.get(k) != ours.options[k]]
        if differ:
            detail = ", ".join(
                f"{k}={g.options.get(k)!r} (game: {ours.options[k]!r})" for k in differ
            )
            raise ValueError(f"the position's options differ from this game's: {detail}")
        return g

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        """Observation (``perfect_recall=False``) or information state (``True``) of one seat."""
        if params:
            raise ValueError(f"meeple observers take no parameters, got {params}")
        perfect_recall = False
        if iig_obs_type is not None:
            if not iig_obs_type.public_info or (
                iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            ):
                raise ValueError(
                    "meeple observes one seat (public_info=True, private_info=SINGLE_PLAYER); "
                    f"got {iig_obs_type}"
                )
            perfect_recall = bool(iig_obs_type.perfect_recall)
        return _Observer(self.initial, perfect_recall)


class _Slot:
    """A state's one attribute: its meeple game and each seat's own past decisions.

    OpenSpiel clones a Python state by making a new initial state and deep-copying each
    attribute into it, so a state keeps a single attribute whose deep copy is one Rust clone.
    ``mine[seat]`` lists the seat's decisions (action ids, space-separated): its perfect recall
    for the information state; a string, so the copy shares it.
    """

    __slots__ = ("g", "mine")

    def __init__(self, g: _MeepleGame, mine: tuple[str, ...]) -> None:
        self.g = g
        self.mine = mine

    def __deepcopy__(self, memo: Any) -> _Slot:
        return _Slot(self.g.clone(), self.mine)

    def __reduce__(self) -> tuple[Any, tuple[_MeepleGame, tuple[str, ...]]]:
        return (_Slot, (self.g, self.mine))  # the game pickles through to_json


class MeepleState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel State over one meeple ``Game`` (explicit chance)."""

    _s: _Slot  # pyspiel.State.__init__(game) is the constructor: nothing else is set up

    def __getattr__(self, name: str) -> Any:
        # Only reached while `_s` is unset, i.e. on a new initial state: the meeple game is made
        # on first use, so the state OpenSpiel builds for every clone costs no meeple set-up.
        if name == "_s":
            game = self.get_game()
            slot = _Slot(game.initial.clone(), ("",) * game.num_players())
            self._s = slot
            return slot
        raise AttributeError(name)

    # The OpenSpiel State interface.

    def current_player(self) -> int:
        return self._s.g.current_player  # meeple's CHANCE (-1) and TERMINAL (-4) are pyspiel's

    def is_terminal(self) -> bool:
        return self._s.g.is_terminal

    def is_chance_node(self) -> bool:
        return self._s.g.is_chance_node

    def legal_actions(self, player: int | None = None) -> list[int]:
        """As OpenSpiel's: chance outcomes at a chance node, none for a seat not to move."""
        g = self._s.g
        if player is not None and player != g.current_player:
            if player < 0:
                raise ValueError(f"legal_actions of pseudo-player {player}")
            return []
        if g.is_chance_node:
            return [a for a, _ in g.chance_outcomes()]
        return g.legal_actions()

    def _legal_actions(self, player: int) -> list[int]:
        return self._s.g.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._s.g.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        slot = self._s
        seat = slot.g.current_player
        slot.g.apply_action(action)
        if seat >= 0:
            mine = list(slot.mine)
            mine[seat] += f" {action}"
            slot.mine = tuple(mine)

    def _action_to_string(self, player: int, action: int) -> str:
        return self._s.g.action_to_string(action)

    def returns(self) -> list[float]:
        return self._s.g.returns()

    def __str__(self) -> str:
        return str(self._s.g)

    def _to_struct(self) -> dict[str, Any]:
        """The meeple position (``Game.to_json()``): ``state.to_json()`` and ``state.to_dict()``
        in OpenSpiel; ``game.new_initial_state(position)`` loads it back."""
        position: dict[str, Any] = json.loads(self._s.g.to_json())
        return position

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MeepleState:
        """A state consistent with ``player_id``'s information (``Game.determinize``), with the
        same OpenSpiel history; the seed comes from ``probability_sampler`` (floats in [0, 1))."""
        seed = 0
        for _ in range(64 // _SEED_BITS):
            seed = (seed << _SEED_BITS) | int(probability_sampler() * (1 << _SEED_BITS))
        world: MeepleState = self.clone()
        world._s.g = self._s.g.determinize(player_id, seed)
        return world

    @property
    def meeple_game(self) -> _MeepleGame:
        """The meeple ``Game`` behind this state (explicit chance); do not apply actions to it."""
        return self._s.g


class _Observer:
    """A seat's view, conforming to OpenSpiel's PyObserver interface (``observation.py``).

    Tensor: ``Game.observation_tensor(seat)``. String: ``Game.observation(seat)`` as compact JSON
    with sorted keys; the information state (perfect recall) adds the seat's own past actions.
    Both read only the seat's observation, so they are equal across determinizations.
    """

    def __init__(self, initial: _MeepleGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(len(initial.observation_tensor(0)), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MeepleState, player: int) -> None:
        self.tensor[:] = state._s.g.observation_tensor(player)

    def string_from(self, state: MeepleState, player: int) -> str:
        # serde_json's maps are sorted already: the text is canonical without sort_keys.
        text = json.dumps(state._s.g.observation(player), separators=(",", ":"))
        if not self.perfect_recall:
            return text
        return f"{text}\nmy actions:{state._s.mine[player]}"


class MeepleBot(pyspiel.Bot):  # type: ignore[misc]
    """A meeple Rust bot (``Game.search``: ``heuristic``, ``mcts``, ``ismcts``...) as a pyspiel
    Bot, for ``evaluate_bots`` and OpenSpiel's other tools. The search runs in Rust with the GIL
    released; on games with hidden information it reads only what its seat may see."""

    def __init__(self, player_id: int, config: dict[str, Any], seed: int = 0) -> None:
        super().__init__()
        self._bot = RustBot(seed=seed, **config)
        self._player_id = player_id

    def player_id(self) -> int:
        return self._player_id

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass

    def step(self, state: MeepleState) -> int:
        return self._bot.choose(state._s.g)

    def provides_policy(self) -> bool:
        return True

    def step_with_policy(self, state: MeepleState) -> tuple[list[tuple[int, float]], int]:
        """The search's visit shares per legal action (MCTS; the greedy choice for the
        heuristic bot) and the chosen action."""
        result = self._bot.analyze(state._s.g)
        return sorted(result["policy"].items()), int(result["action"])


_SPECS: dict[str, _Spec] = {}


def register() -> list[str]:
    """Register every meeple game with pyspiel (done on import; calling again does nothing).
    Returns the registered short names."""
    registered = {t.short_name for t in pyspiel.registered_games()}
    for name in meeple.games():
        if name in _SPECS or game_name(name) in registered:
            continue
        spec = _SPECS[name] = _Spec(name)
        # A class, not a closure: pyspiel keeps the factory in a C++ registry that outlives the
        # interpreter, and a function object freed at exit (after finalization) aborts Python.
        factory = type(f"MeepleGame_{name}", (MeepleGame,), {"spec": spec})
        pyspiel.register_game(spec.game_type(spec.hidden_information), factory)
    return [game_name(n) for n in sorted(_SPECS)]


register()
