"""The conformance kit, mirrored in Python over every game and player count."""

from __future__ import annotations

import copy
import json
import pickle
import random

import numpy as np
import pytest

import meeple
from conftest import GAME_PLAYERS

PLAYOUTS = 3


def _check_step(g: meeple.Game, rng: random.Random) -> None:
    legal = g.legal_actions()
    assert legal == sorted(set(legal)), "legal actions sorted and unique"
    mask = g.legal_action_mask()
    assert mask.dtype == np.bool_ and mask.shape == (g.num_distinct_actions,)
    assert list(np.flatnonzero(mask)) == legal
    if g.is_terminal:
        assert legal == []
        return
    assert legal, "non-terminal state has legal actions"
    labels = [g.action_to_string(a) for a in legal]
    assert len(set(labels)) == len(labels), "labels unique"
    a = rng.choice(legal)
    assert g.string_to_action(g.action_to_string(a)) == a
    # An illegal action is refused with the state unchanged.
    illegal = [x for x in range(g.num_distinct_actions) if x not in set(legal)]
    before = g.to_json()
    for bad in [*rng.sample(illegal, min(2, len(illegal))), g.num_distinct_actions, -1]:
        with pytest.raises(meeple.IllegalActionError):
            g.apply_action(bad)
        assert g.to_json() == before
    # Clone equals the original and evolves independently.
    c = g.clone()
    assert c.to_json() == before
    c.apply_action(a)
    assert g.to_json() == before
    # JSON and pickle round trips are exact.
    assert meeple.from_json(before).to_json() == before
    assert pickle.loads(pickle.dumps(g)).to_json() == before
    assert copy.deepcopy(g).to_json() == before
    # Observations: JSON-safe, tensor finite, kept by determinization.
    for seat in range(g.num_players):
        obs = g.observation(seat)
        json.dumps(obs)
        t = g.observation_tensor(seat)
        assert t.dtype == np.float32 and np.isfinite(t).all()
        d = g.determinize(seat, rng.randrange(2**32))
        assert d.observation(seat) == obs
        assert np.array_equal(d.observation_tensor(seat), t)
    assert all(r == 0 for r in g.returns())


def _playout_conforms(
    game: str, players: int, seed: int, rng: random.Random, **options: object
) -> None:
    g = meeple.new_game(game, players=players, seed=seed, **options)
    steps = 0
    while not g.is_terminal:
        # Dense checks early, sparse later: long games (Catan) stay fast.
        if (steps < 100 and steps % 5 == 0) or steps % 97 == 0:
            _check_step(g, rng)
        g.apply_action(rng.choice(g.legal_actions()))
        steps += 1
        assert len(g.history()) <= g.max_game_length
    _check_step(g, rng)
    w = g.winners()
    assert w and len(set(w)) == len(w)
    assert abs(sum(g.returns()) - 1.0) < 1e-9
    assert len(g.scores()) == players
    # Same seed and record give the same game.
    again = meeple.replay(g.record())
    assert again.to_json() == g.to_json()


@pytest.mark.parametrize(("game", "players"), GAME_PLAYERS)
def test_random_playouts_conform(game: str, players: int) -> None:
    rng = random.Random(players)
    for i in range(PLAYOUTS):
        _playout_conforms(game, players, i, rng)


# Expansions and modules through the Python API (the Rust kit covers every combination; this
# proves the bindings carry their options, JSON and observations).
OPTION_CONFIGS: list[tuple[str, int, dict[str, object]]] = [
    ("puerto_rico", 4, {"new_buildings": True}),
    ("puerto_rico", 2, {"new_buildings": True, "building_set": "random"}),
    ("castles_of_burgundy", 3, {"experienced_variant": True, "secret_board_choice": True}),
    ("san_juan", 3, {"drafted_hands": True}),
    ("puerto_rico", 3, {"new_buildings": True, "nobles": True}),
    ("puerto_rico", 4, {"new_buildings": True, "forest_source": "tiles_2004"}),
    ("catan", 4, {"friendly_robber": True, "harbormaster": True, "event_cards": True}),
    ("catan", 2, {"event_cards": True}),
    ("catan", 3, {"scenario": "fishermen", "harbormaster": True}),
    ("catan", 2, {"scenario": "fishermen"}),
    ("catan", 4, {"scenario": "rivers", "friendly_robber": True}),
    ("catan", 3, {"scenario": "caravans", "event_cards": True}),
    ("catan", 2, {"scenario": "caravans"}),
    ("catan", 4, {"scenario": "barbarian_attack", "player_trades": "off"}),
    ("catan", 3, {"scenario": "traders_barbarians", "event_cards": True}),
    ("catan", 2, {"scenario": "barbarian_attack", "harbormaster": True}),
    ("catan", 2, {"scenario": "traders_barbarians", "event_cards": True}),
]


@pytest.mark.parametrize(
    ("game", "players", "options"),
    OPTION_CONFIGS,
    ids=[f"{g}-{p}p-" + "-".join(sorted(o)) for g, p, o in OPTION_CONFIGS],
)
def test_option_playouts_conform(game: str, players: int, options: dict[str, object]) -> None:
    _playout_conforms(game, players, 1, random.Random(7), **options)


@pytest.mark.parametrize(("game", "players"), GAME_PLAYERS)
def test_explicit_chance(game: str, players: int) -> None:
    rng = random.Random(5)
    g = meeple.new_game(game, players=players, seed=11, chance="explicit")
    seen_chance = False
    while not g.is_terminal:
        if g.is_chance_node:
            seen_chance = True
            assert g.current_player == meeple.CHANCE
            outcomes = g.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert [a for a, _ in outcomes] == g.legal_actions()
            g.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            assert g.chance_outcomes() == []
            g.apply_action(rng.choice(g.legal_actions()))
    assert g.current_player == meeple.TERMINAL
    info = meeple.game_info(game)
    if info["hidden_information"]:
        assert seen_chance
    assert meeple.replay(g.record()).to_json() == g.to_json()


@pytest.mark.parametrize(("game", "players"), GAME_PLAYERS)
def test_batch_is_deterministic_across_threads(game: str, players: int) -> None:
    a = meeple._engine.random_games(game, players, 6, 42, 1)
    b = meeple._engine.random_games(game, players, 6, 42, 2)
    for x, y in zip(a, b, strict=True):
        assert np.array_equal(x, y)
    lengths, scores, returns, finished = a
    assert finished.all()
    assert scores.shape == (6, players) and returns.shape == (6, players)
    assert np.allclose(returns.sum(axis=1), 1.0)
