"""meeple games as OpenSpiel games, checked with OpenSpiel's own tests and algorithms.

OpenSpiel's C++ random simulation test, its Python MCTS and ISMCTS bots and ``evaluate_bots`` run
on every game. Catan runs with a small ``turn_limit`` where a full game would only make the test
slow (every step of the simulation test renders every seat's observation).
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

import meeple
import meeple.openspiel as openspiel

GAMES = meeple.games()
SCENARIOS = [s for s in meeple.game_info("catan")["options"]["scenario"]["allowed"] if s != "none"]
# A short Catan: the simulation test renders every seat's observation at every step.
SHORT_CATAN = {"turn_limit": 15}
# Configurations with hidden information, for ISMCTS (it refuses perfect-information games).
HIDDEN = {
    "castles_of_burgundy": {"experienced_variant": True, "secret_board_choice": True},
    "catan": {"turn_limit": 8},
    "kingdom_builder": {},
    "puerto_rico": {"hidden_vp": True},
    "san_juan": {},
}


def load(name: str, players: int, **options: Any) -> Any:
    params: dict[str, Any] = {"players": players}
    for k, v in options.items():
        params[k] = json.dumps(v) if isinstance(v, (list, dict)) or v is None else v
    return pyspiel.load_game(openspiel.game_name(name), params)


def player_counts(name: str) -> list[int]:
    info = meeple.game_info(name)
    return list(range(info["min_players"], info["max_players"] + 1))


def short(name: str) -> dict[str, Any]:
    return dict(SHORT_CATAN) if name == "catan" else {}


def wilson_lower(mean: float, n: int, z: float = 1.96) -> float:
    """Lower end of the Wilson score interval (95%) of a win share from n games."""
    centre = mean + z * z / (2 * n)
    margin = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n))
    return (centre - margin) / (1 + z * z / n)


# Loading and the declared game.


def test_import_meeple_does_not_import_pyspiel() -> None:
    code = "import sys, meeple; assert 'pyspiel' not in sys.modules, 'pyspiel imported'"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_every_game_registered() -> None:
    registered = {t.short_name for t in pyspiel.registered_games()}
    assert {openspiel.game_name(g) for g in GAMES} <= registered
    assert openspiel.register() == sorted(openspiel.game_name(g) for g in GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_parameters_are_players_seed_and_every_option(name: str) -> None:
    info = meeple.game_info(name)
    (game_type,) = [
        t for t in pyspiel.registered_games() if t.short_name == openspiel.game_name(name)
    ]
    spec = game_type.parameter_specification
    assert set(spec) == {"players", "seed", *info["options"]}
    for option, o in info["options"].items():
        default = spec[option]
        if o.get("type") == "json":
            assert json.loads(str(default)) == o["default"]
        else:
            assert default == o["default"], option
    assert game_type.min_num_players == info["min_players"]
    assert game_type.max_num_players == info["max_players"]


@pytest.mark.parametrize(("name", "players"), [(g, p) for g in GAMES for p in player_counts(g)])
def test_game_info_per_configuration(name: str, players: int) -> None:
    game = load(name, players)
    ref = meeple.new_game(name, players=players, chance="explicit")
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    expected = (
        pyspiel.GameType.Information.IMPERFECT_INFORMATION
        if ref.hidden_information
        else pyspiel.GameType.Information.PERFECT_INFORMATION
    )
    assert t.information == expected
    assert game.num_players() == players
    assert game.num_distinct_actions() == ref.num_distinct_actions
    assert game.max_chance_outcomes() == ref.num_distinct_actions
    assert game.max_game_length() == ref.max_game_length
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (0.0, 1.0, 1.0)
    assert game.observation_tensor_shape() == [len(ref.observation_tensor(0))]
    assert game.information_state_tensor_shape() == [len(ref.observation_tensor(0))]


def test_load_by_game_string() -> None:
    game = pyspiel.load_game("meeple_san_juan(players=3,drafted_hands=True)")
    state = game.new_initial_state()
    g = state.meeple_game
    assert (g.num_players, g.options["drafted_hands"], g.chance) == (3, True, "explicit")
    # The game string round-trips (json options at their default are left out of it).
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert str(again.new_initial_state()) == str(state)


def test_json_option_and_seed() -> None:
    cards = ["fishermen", "knights", "lords"]
    game = load("kingdom_builder", 2, cards=cards, seed=5)
    g = game.new_initial_state().meeple_game
    assert g.seed == 5
    assert (
        g.to_json()
        == meeple.new_game(
            "kingdom_builder", players=2, seed=5, chance="explicit", cards=cards
        ).to_json()
    )


def test_bad_parameters_are_refused_by_name() -> None:
    with pytest.raises(Exception, match="no_such_option"):
        pyspiel.load_game("meeple_catan(no_such_option=1)")
    with pytest.raises(ValueError, match="scenario"):
        load("catan", 4, scenario="moon_base")
    with pytest.raises(ValueError, match="players"):
        load("san_juan", 9)


# OpenSpiel's random simulation test (C++): clone, serialization, legal actions and masks,
# chance outcomes, returns within the utilities, the length bound, every step.


@pytest.mark.parametrize(("name", "players"), [(g, p) for g in GAMES for p in player_counts(g)])
def test_random_sim(name: str, players: int) -> None:
    game = load(name, players, **short(name))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_random_sim_catan_scenarios(scenario: str) -> None:
    game = load("catan", 3, scenario=scenario, **SHORT_CATAN)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


# The state, beyond what the simulation test checks.


def random_states(game: Any, seed: int, stride: int = 7) -> list[Any]:
    """Every `stride`-th state of one random game, chance nodes included, and the last."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    states = []
    step = 0
    while not state.is_terminal():
        if step % stride == 0:
            states.append(state.clone())
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        step += 1
    states.append(state)
    return states


@pytest.mark.parametrize("name", GAMES)
def test_action_strings_unique_chance_included(name: str) -> None:
    game = load(name, 2, **short(name))
    for state in random_states(game, seed=3, stride=1):
        if state.is_terminal():
            continue
        player = state.current_player()
        labels = [state.action_to_string(player, a) for a in state.legal_actions()]
        assert len(set(labels)) == len(labels), labels
        if not state.is_chance_node():
            for a, label in zip(state.legal_actions(), labels, strict=True):
                assert state.string_to_action(label) == a


@pytest.mark.parametrize("name", GAMES)
def test_state_follows_meeple(name: str) -> None:
    game = load(name, 3, **short(name))
    for state in random_states(game, seed=4, stride=23):
        g = state.meeple_game
        assert state.current_player() == g.current_player
        assert state.returns() == g.returns()
        assert str(state) == str(g)
        assert state.history() == g.history()
        if state.is_chance_node():
            assert state.chance_outcomes() == g.chance_outcomes()
            assert state.legal_actions() == [a for a, _ in g.chance_outcomes()]
        elif not state.is_terminal():
            assert state.legal_actions() == g.legal_actions()
            assert state.legal_actions(state.current_player()) == g.legal_actions()
            other = (state.current_player() + 1) % 3
            assert state.legal_actions(other) == []
            mask = state.legal_actions_mask()
            assert list(np.flatnonzero(mask)) == g.legal_actions()
        for seat in range(3):
            obs = json.loads(state.observation_string(seat))
            assert obs == g.observation(seat)
            np.testing.assert_array_equal(
                state.observation_tensor(seat), g.observation_tensor(seat)
            )
            np.testing.assert_array_equal(
                state.information_state_tensor(seat), g.observation_tensor(seat)
            )
            info = state.information_state_string(seat)
            mine = [pa.action for pa in state.full_history() if pa.player == seat]
            assert info == state.observation_string(seat) + "\nmy actions:" + "".join(
                f" {a}" for a in mine
            )


def test_new_initial_state_builds_no_meeple_game_until_used() -> None:
    # OpenSpiel clones a Python state by making a new initial state and deep-copying the
    # attributes into it: that throw-away state must not build a meeple game of its own.
    game = load("catan", 4)
    fresh = game.new_initial_state()
    assert "_s" not in vars(fresh)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    clone = state.clone()
    assert clone.meeple_game is not state.meeple_game
    assert clone.meeple_game.to_json() == state.meeple_game.to_json()
    clone.apply_action(clone.legal_actions()[0])
    assert clone.history() != state.history()
    assert str(fresh) == str(meeple.new_game("catan", players=4, chance="explicit"))


def test_illegal_action_leaves_the_state_unchanged() -> None:
    game = load("puerto_rico", 3)
    state = game.new_initial_state()
    before = (str(state), state.history())
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(meeple.IllegalActionError):
        state.apply_action(illegal)
    assert (str(state), state.history()) == before


@pytest.mark.parametrize("name", GAMES)
def test_serialize_round_trip(name: str) -> None:
    game = load(name, 2, **short(name))
    for state in random_states(game, seed=5, stride=25):
        text = pyspiel.serialize_game_and_state(game, state)
        game2, state2 = pyspiel.deserialize_game_and_state(text)
        assert str(game2) == str(game)
        assert state2.history() == state.history()
        assert state2.meeple_game.to_json() == state.meeple_game.to_json()
        assert state2.information_state_string(0) == state.information_state_string(0)


@pytest.mark.parametrize("name", GAMES)
def test_position_json_round_trip(name: str) -> None:
    # OpenSpiel's struct API (state.to_json / to_dict) is meeple's position JSON, and
    # new_initial_state(position) loads it.
    game = load(name, 2, **short(name))
    for state in random_states(game, seed=8, stride=40):
        g = state.meeple_game
        assert json.loads(state.to_json()) == json.loads(g.to_json())
        for position in (state.to_json(), state.to_dict(), g.to_json()):
            loaded = game.new_initial_state(position)
            assert loaded.meeple_game.to_json() == g.to_json()
            assert str(loaded) == str(state)
            assert loaded.history() == []
            if not state.is_terminal():
                assert loaded.legal_actions() == state.legal_actions()
    with pytest.raises(ValueError, match="this game has 3"):
        load(name, 3).new_initial_state(state.to_json())
    with pytest.raises(ValueError, match="position"):
        game.new_initial_state("{not json")


def test_position_with_other_options_is_refused() -> None:
    game = load("san_juan", 2)
    other = meeple.new_game("san_juan", players=2, drafted_hands=True)
    with pytest.raises(ValueError, match="drafted_hands"):
        game.new_initial_state(other.to_json())


@pytest.mark.parametrize("name", GAMES)
def test_resample_keeps_the_seat_view(name: str) -> None:
    game = load(name, 3, **HIDDEN[name])
    sampler = pyspiel.UniformProbabilitySampler(11, 0.0, 1.0)
    differs = False
    for state in random_states(game, seed=6, stride=5):
        if state.is_terminal() or state.is_chance_node():
            continue
        seat = state.current_player()
        world = state.resample_from_infostate(seat, sampler)
        assert world.history() == state.history()
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.observation_string(seat) == state.observation_string(seat)
        np.testing.assert_array_equal(
            world.information_state_tensor(seat), state.information_state_tensor(seat)
        )
        assert world.legal_actions() == state.legal_actions()
        differs |= world.meeple_game.to_json() != state.meeple_game.to_json()
    assert differs, "no resampled world differed from the real one: nothing was hidden"


# OpenSpiel's algorithms.


# Rollouts cut after this many actions (their value is then the non-terminal returns, 0): the
# tests check that the algorithms run a whole game on the adapter, not how well they play.
ROLLOUT_LENGTH = 30


def play(game: Any, bots: list[Any], seed: int) -> list[float]:
    returns: list[float] = evaluate_bots.evaluate_bots(
        game.new_initial_state(), bots, np.random.RandomState(seed)
    )
    return returns


@pytest.mark.parametrize("name", GAMES)
def test_python_mcts_plays_a_full_game(name: str) -> None:
    game = load(name, 2, **short(name))
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(1, rng, max_length=ROLLOUT_LENGTH)
    bots = [mcts.MCTSBot(game, 2.0, 3, evaluator, random_state=rng, solve=False) for _ in range(2)]
    returns = play(game, bots, seed=1)
    assert sum(returns) == pytest.approx(1.0)


@pytest.mark.parametrize("name", GAMES)
def test_python_ismcts_plays_a_full_game(name: str) -> None:
    game = load(name, 2, **HIDDEN[name])
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    rng = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(1, rng, max_length=ROLLOUT_LENGTH)
    bots = [
        ismcts.ISMCTSBot(game, evaluator, 2.0, max_simulations=3, random_state=rng)
        for _ in range(2)
    ]
    # ISMCTS resamples every simulation through resample_from_infostate and asserts the
    # information state of each resampled world equals the real one's. (ISMCTSBot has no
    # restart_at, so it cannot go through evaluate_bots.)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    returns = state.returns()
    assert sum(returns) == pytest.approx(1.0)


def test_meeple_bot_policy() -> None:
    game = load("puerto_rico", 2)
    state = game.new_initial_state()
    bot = openspiel.MeepleBot(state.current_player(), {"kind": "mcts", "iterations": 50}, seed=1)
    assert bot.provides_policy()
    policy, action = bot.step_with_policy(state)
    assert [a for a, _ in policy] == state.legal_actions()
    assert sum(p for _, p in policy) == pytest.approx(1.0)
    assert action in state.legal_actions()


EVAL_GAMES = 16


@pytest.mark.parametrize("name", GAMES)
def test_rust_bot_beats_uniform_random(name: str) -> None:
    game = load(name, 2)
    shares = []
    for i in range(EVAL_GAMES):
        seat = i % 2
        bots = [pyspiel.make_uniform_random_bot(p, 100 + i) for p in range(2)]
        bots[seat] = openspiel.MeepleBot(seat, {"kind": "heuristic"}, seed=i)
        shares.append(play(game, bots, seed=i)[seat])
    mean = sum(shares) / len(shares)
    assert wilson_lower(mean, len(shares)) > 0.5, (mean, shares)
