"""bots.PUCT: one decision at a time with a Python evaluator; the evaluator's outputs checked."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

import meeple
from conftest import ALL_GAMES
from meeple import bots
from meeple.cli import main
from meeple.evaluators import Uniform


def dealt(seed: int, players: int = 2) -> meeple.Game:
    """A reference-game position after the deal (a player to move)."""
    return meeple.new_game("_reference", players=players, seed=seed)


def test_puct_bot_picks_a_legal_action_and_reports_root_statistics() -> None:
    g = dealt(3)
    bot = bots.PUCT(simulations=40, seed=1)
    r = bot.analyze(g)
    assert r["action"] in g.legal_actions()
    assert r["legal"] == g.legal_actions()
    assert r["simulations"] == 40
    assert sum(r["visits"]) == 40
    assert abs(sum(r["policy"]) - 1) < 1e-5
    # One leaf per call: the root, then every simulation that did not end the game.
    assert 1 <= r["evaluator_calls"] == r["evaluations"] <= 41
    assert bots.PUCT(simulations=40, seed=1).analyze(g)["visits"] == r["visits"]


@pytest.mark.parametrize("game", ALL_GAMES)
def test_puct_bot_on_every_game(game: str) -> None:
    g = meeple.new_game(game, seed=5)
    while len(g.legal_actions()) < 2:
        g.apply_action(g.legal_actions()[0])
    calls: list[tuple[int, ...]] = []
    uniform = Uniform(g.num_players)

    def evaluator(obs: Any, masks: Any, seats: Any) -> Any:
        calls.append(obs.shape)
        assert obs.dtype == np.float32 and masks.dtype == np.int8 and seats.dtype == np.int32
        assert masks.shape == (obs.shape[0], g.num_distinct_actions)
        assert obs.shape[1] == len(g.observation_tensor(0))
        return uniform(obs, masks, seats)

    r = bots.PUCT(evaluator, simulations=16, leaves_per_search=4, seed=2).analyze(g)
    assert r["action"] in g.legal_actions()
    assert max(c[0] for c in calls) > 1, "virtual loss never batched leaves"


def test_uniform_puct_with_many_simulations_agrees_with_ismcts() -> None:
    """With uniform priors and values the search is a plain tree search: where ISMCTS is sure,
    PUCT finds the same action."""
    clear = 0
    for seed in range(12):
        g = dealt(seed)
        ref = bots.MCTS(iterations=20000, seed=seed).analyze(g)
        share = max(ref["policy"].values())
        if share < 0.6:
            continue
        clear += 1
        r = bots.PUCT(simulations=3000, seed=seed).analyze(g)
        assert r["action"] == ref["action"], (seed, r, ref)
    assert clear >= 3


def test_puct_is_a_builtin_bot_spec() -> None:
    bot = bots.parse("puct:simulations=12,c_puct=2.0")
    assert isinstance(bot, bots.PUCT)
    assert bot.name == "puct:c_puct=2.0,simulations=12"
    g = dealt(1)
    assert bot.choose(g) in g.legal_actions()
    spec = bots.parse("puct:simulations=8,evaluator=meeple.evaluators:Uniform()")
    assert spec.choose(g) in g.legal_actions()
    with pytest.raises(ValueError, match="simulations"):
        bots.PUCT(simulations=0)
    with pytest.raises(ValueError, match="unknown field"):
        bots.PUCT(simulations=5, temprature=1.0)


def shaped(priors: Any = None, values: Any = None) -> Any:
    """An evaluator returning uniform outputs with one part replaced."""

    def evaluator(obs: Any, masks: Any, seats: Any) -> Any:
        p, v = Uniform(2)(obs, masks, seats)
        return (p if priors is None else priors(p), v if values is None else values(v))

    return evaluator


def nan_at(x: Any) -> Any:
    x = x.copy()
    x[0, 1] = np.nan
    return x


def negative_at(x: Any) -> Any:
    x = x.copy()
    x[0, 2] = -0.5
    return x


@pytest.mark.parametrize(
    ("evaluator", "message"),
    [
        (shaped(priors=lambda p: p[:, :3]), r"priors have shape \(1, 3\), expected \(1, 5\)"),
        (shaped(values=lambda v: v[:, :1]), r"values have shape \(1, 1\), expected \(1, 2\)"),
        (shaped(values=lambda v: v[0]), r"values have shape \(2,\), expected \(1, 2\)"),
        (shaped(priors=nan_at), r"priors: NaN at row 0, action 1"),
        (shaped(priors=negative_at), r"priors: negative value \(-0.5\) at row 0, action 2"),
        (shaped(values=nan_at), r"values: NaN at row 0, seat 1"),
        (shaped(priors=lambda p: p.astype(np.int64)), r"priors have dtype int64"),
        (shaped(priors=lambda p: p * 0), r"priors of row 0 sum to 0 over the legal actions"),
        (shaped(values=lambda v: "no"), r"values have dtype <U2, expected float32"),
        (lambda o, m, s: np.zeros(3), r"must return \(priors, values\), got numpy.ndarray"),
        (lambda o, m, s: None, r"must return \(priors, values\), got NoneType"),
    ],
)
def test_bad_evaluator_outputs_raise_naming_the_problem(evaluator: Any, message: str) -> None:
    g = dealt(2)
    with pytest.raises(ValueError, match=message):
        bots.PUCT(evaluator, simulations=4).choose(g)
    assert g.legal_actions()  # the game is untouched


def test_evaluator_exceptions_propagate() -> None:
    def broken(obs: Any, masks: Any, seats: Any) -> Any:
        raise RuntimeError("network on fire")

    with pytest.raises(RuntimeError, match="network on fire"):
        bots.PUCT(broken, simulations=4).choose(dealt(2))


def test_lists_and_float64_are_accepted() -> None:
    def evaluator(obs: Any, masks: Any, seats: Any) -> Any:
        return masks.astype(np.float64).tolist(), [[0.5, 0.5]] * len(seats)

    g = dealt(4)
    assert bots.PUCT(evaluator, simulations=8).choose(g) in g.legal_actions()


def test_no_player_to_move_is_refused() -> None:
    g = meeple.new_game("_reference", players=2, seed=1, chance="explicit")
    assert g.is_chance_node
    with pytest.raises(ValueError, match="chance node"):
        bots.PUCT(simulations=4).analyze(g)


def test_puct_plays_in_meeple_simulate() -> None:
    args = ["simulate", "_reference", "--players", "2", "--games", "6", "--json"]
    r = CliRunner().invoke(main, [*args, "--bots", "puct:simulations=8;random", "--rotate"])
    assert r.exit_code == 0, r.output
    result = json.loads(r.output)
    assert [b["bot"] for b in result["bots"]] == ["puct:simulations=8", "random"]
    assert sum(b["seat_games"] for b in result["bots"]) == 12
