"""The conformance kit, mirrored in Python over every game and player count."""

from __future__ import annotations

import copy
import json
import pickle
import random
from typing import Any

import numpy as np
import pytest

import meeple
from conftest import GAME_PLAYERS

PLAYOUTS = 3


def _state(g: meeple.Game) -> dict[str, Any]:
    state: dict[str, Any] = json.loads(g.to_json())["state"]
    return state


def _without_rng(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k != "rng"}


class Tally:
    """What the checks saw over a run (determinizations that resampled something)."""

    def __init__(self) -> None:
        self.determinized = 0
        self.resampled = 0


def _check_node(g: meeple.Game, n: int) -> None:
    """The cheap checks, at every step."""
    assert g.num_distinct_actions == n, "num_distinct_actions changed during the game"
    legal = g.legal_actions()
    assert legal == sorted(set(legal)), f"legal actions sorted and unique: {legal}"
    assert all(0 <= a < n for a in legal), f"legal actions inside 0..{n}: {legal}"
    returns, scores = g.returns(), g.scores()
    assert len(returns) == g.num_players and np.isfinite(returns).all(), f"returns {returns}"
    assert len(scores) == g.num_players and np.isfinite(scores).all(), f"scores {scores}"
    if g.is_terminal:
        assert legal == [] and g.chance_outcomes() == [], "terminal state has legal actions"
        return
    assert all(r == 0 for r in returns), f"returns {returns} non-zero before the end"
    assert legal, "no legal actions at a non-terminal state"
    if g.is_chance_node:
        outcomes = g.chance_outcomes()
        assert outcomes, "chance node without outcomes"
        assert all(p > 0 for _, p in outcomes), f"chance outcome with zero probability: {outcomes}"
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9, "chance probabilities sum to 1"
        assert [a for a, _ in outcomes] == legal, "chance outcomes differ from legal actions"
    else:
        assert 0 <= g.current_player < g.num_players, f"current player {g.current_player}"
        assert g.chance_outcomes() == [], "chance outcomes at a player's node"


def _check_step(g: meeple.Game, rng: random.Random, tally: Tally) -> None:
    """The deep checks, on a sample of steps."""
    legal = g.legal_actions()
    mask = g.legal_action_mask()
    assert mask.dtype == np.bool_ and mask.shape == (g.num_distinct_actions,)
    assert list(np.flatnonzero(mask)) == legal, "mask equals the legal actions"
    before = g.to_json()
    # JSON and pickle round trips are exact.
    assert meeple.from_json(before).to_json() == before, "JSON round trip is not exact"
    assert pickle.loads(pickle.dumps(g)).to_json() == before
    assert copy.deepcopy(g).to_json() == before
    _check_observations(g, rng, tally)
    if g.is_terminal:
        return
    labels = [g.action_to_string(a) for a in legal]
    assert len(set(labels)) == len(labels), f"labels unique: {labels}"
    for a, label in zip(legal, labels, strict=True):
        try:
            parsed = g.string_to_action(label)
        except ValueError:
            parsed = None
        assert parsed == a, f"label {label!r} does not parse back"
    # An illegal action is refused with the state unchanged.
    illegal = [x for x in range(g.num_distinct_actions) if x not in set(legal)]
    for bad in [*rng.sample(illegal, min(2, len(illegal))), g.num_distinct_actions, -1]:
        try:
            g.apply_action(bad)
        except meeple.IllegalActionError:
            pass
        else:
            raise AssertionError(f"illegal action {bad} was accepted")
        assert g.to_json() == before, f"refused action {bad} changed the state"
    # Every legal action applies to a clone, leaving the original as it was; the same action on
    # a reloaded copy gives the same state.
    assert g.clone().to_json() == before
    for a in legal if len(legal) <= 8 else rng.sample(legal, 8):
        g.clone().apply_action(a)
        assert g.to_json() == before, "applying to a clone changed the original"
    a = rng.choice(legal)
    c, reloaded = g.clone(), meeple.from_json(before)
    c.apply_action(a)
    reloaded.apply_action(a)
    assert _state(c) == _state(reloaded), "a JSON round trip changed how an action plays"


def _check_observations(g: meeple.Game, rng: random.Random, tally: Tally) -> None:
    state = _state(g)
    legal = g.legal_actions()
    for seat in range(g.num_players):
        obs = g.observation(seat)
        json.dumps(obs)
        t = g.observation_tensor(seat)
        assert t.dtype == np.float32 and np.isfinite(t).all(), "tensor has non-finite values"
        seed = rng.randrange(2**32)
        d = g.determinize(seat, seed)
        assert d.current_player == g.current_player, "determinize changed whose turn it is"
        if g.current_player == seat:
            assert d.legal_actions() == legal, "determinize changed the mover's legal actions"
        assert d.observation(seat) == obs, "determinize changed the seat's observation"
        assert np.array_equal(d.observation_tensor(seat), t), "determinize changed the tensor"
        try:
            meeple.from_json(d.to_json())
        except ValueError as e:
            raise AssertionError(f"determinize gave an invalid state: {e}") from e
        d_state = _state(d)
        assert d_state["rng"] != state["rng"], "determinize did not reseed the RNG"
        other = _state(g.determinize(seat, seed ^ 1))
        assert other["rng"] != d_state["rng"], "determinize did not reseed the RNG from its seed"
        resampled = _without_rng(d_state) != _without_rng(state)
        tally.determinized += 1
        tally.resampled += resampled
        assert g.hidden_information or not resampled, (
            "determinize changed the state of a configuration without hidden information"
        )


def _check_loading(g: meeple.Game, rng: random.Random) -> None:
    """Foreign and mangled positions: refused with a ValueError, or a game that plays."""
    doc = json.loads(g.to_json())
    doc["state"] = {"config": doc["state"]["config"]}
    with pytest.raises(ValueError):
        meeple.from_json(json.dumps(doc))
        raise AssertionError("foreign JSON (a bare configuration) was accepted")
    for _ in range(8):
        doc = json.loads(g.to_json())
        _mangle(doc["state"], rng)
        try:
            loaded = meeple.from_json(json.dumps(doc))
        except ValueError:
            continue
        for _ in range(20):
            if loaded.is_terminal:
                break
            choices = (
                [a for a, p in loaded.chance_outcomes() if p > 0]
                if loaded.is_chance_node
                else loaded.legal_actions()
            )
            if not choices:
                break  # the node checks report it when play reaches such a node
            action = rng.choice(choices)
            try:
                loaded.apply_action(action)
            except meeple.IllegalActionError as e:
                raise AssertionError(f"a loaded position refused its legal action: {e}") from e
        str(loaded)
        loaded.observation(0)


def _mangle(v: Any, rng: random.Random) -> Any:
    """Change a random leaf of `v` in place (or drop a key); returns the new value for a leaf."""
    if isinstance(v, dict) and v and rng.random() < 0.75:
        k = rng.choice(sorted(v))
        if rng.random() < 0.125:
            del v[k]
        else:
            v[k] = _mangle(v[k], rng)
        return v
    if isinstance(v, list) and v and rng.random() < 0.75:
        i = rng.randrange(len(v))
        v[i] = _mangle(v[i], rng)
        return v
    return rng.choice([-1, 1_000_000, "bogus", None, 2**64 - 1, [7]])


def _playout_conforms(
    game: str,
    players: int,
    seed: int,
    rng: random.Random,
    tally: Tally | None = None,
    chance: str = "auto",
    **options: object,
) -> None:
    tally = tally or Tally()
    g = meeple.new_game(game, players=players, seed=seed, chance=chance, **options)
    twin = meeple.new_game(game, players=players, seed=seed, chance=chance, **options)
    assert twin.to_json() == g.to_json(), "two games created with the same seed differ"
    assert g.options == {**g.options, **options}, "the game does not keep its options"
    n = g.num_distinct_actions
    steps = 0
    while not g.is_terminal:
        _check_node(g, n)
        # Dense checks early, sparse later: long games (Catan) stay fast.
        if (steps < 100 and steps % 5 == 0) or steps % 97 == 0:
            _check_step(g, rng, tally)
            if steps == 0:
                _check_loading(g, rng)
        if g.is_chance_node:
            outcomes = g.chance_outcomes()
            g.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            g.apply_action(rng.choice(g.legal_actions()))
        steps += 1
        assert len(g.history()) <= g.max_game_length, "game longer than its documented bound"
    _check_node(g, n)
    _check_step(g, rng, tally)
    w = g.winners()
    assert w, "terminal state without winners"
    assert len(set(w)) == len(w) and all(0 <= s < players for s in w), f"winners {w}"
    assert abs(sum(g.returns()) - 1.0) < 1e-9, f"terminal returns sum to {sum(g.returns())}"
    # Same seed and record give the same game.
    again = meeple.replay(g.record())
    assert again.to_json() == g.to_json(), "replaying the record gave a different game"


def _check_resampling(g: meeple.Game, tally: Tally) -> None:
    if g.hidden_information and tally.determinized >= 20:
        assert tally.resampled, f"determinize resampled nothing in {tally.determinized} calls"


@pytest.mark.parametrize(("game", "players"), GAME_PLAYERS)
def test_random_playouts_conform(game: str, players: int) -> None:
    rng = random.Random(players)
    tally = Tally()
    for i in range(PLAYOUTS):
        _playout_conforms(game, players, i, rng, tally)
    _check_resampling(meeple.new_game(game, players=players), tally)


# The mirror proves itself as the Rust kit does: each broken variant of the reference game fails
# it with the matching complaint. Not mirrored: `panicky_json` (the bindings turn a panic while
# loading into a ValueError, so Python sees a refusal), `nan_tensor` (the bindings hand the game
# a zeroed buffer, so an unwritten slot reads 0), `lenient_json` and `inexact_defaults` (the
# checks of positions with a key left out are the Rust kit's), `panicky_apply` (a panic in play
# from altered JSON is the Rust kit's check), `short_bound` (the one game it makes too long, every
# seat swapping, is too rare for the mirror's 40 games) and `stolen_wins` (every seat winning
# somewhere over many games is the Rust volume tests' check).
FLAW_COMPLAINTS = {
    "unsorted_legal": "sorted and unique",
    "duplicate_legal": "sorted and unique",
    "out_of_range_legal": "inside 0..5|has actions 0..5",
    "terminal_moves": "terminal state has legal actions",
    "stuck": "no legal actions at a non-terminal state",
    "refuses_legal": "action 2 is not legal",
    "accepts_illegal": "illegal action . was accepted",
    "dirty_illegal": "refused action .* changed the state",
    "no_chance_outcomes": "chance node without outcomes",
    "zero_weight": "chance outcome with zero probability",
    "chance_mismatch": "chance outcomes differ from legal actions",
    "player_chance": "chance outcomes at a player's node",
    "bad_seat": "current player 3",
    "endless": "documented bound",
    "shifting_action_space": "num_distinct_actions changed",
    "early_returns": "non-zero before the end",
    "nan_returns": r"returns \[.*nan",
    "nan_scores": r"scores \[nan",
    "no_winners": "terminal state without winners",
    "duplicate_winners": r"winners \[(\d), \1\]",
    "foreign_winner": r"winners \[.*3\]",
    "half_returns": "sum to 0.5",
    "random_setup": "same seed differ",
    "forgets_options": "keep its options",
    "accepts_foreign": "foreign JSON",
    "inexact_json": "round trip is not exact",
    "refuses_own_json": "a bet was placed",
    "unsaved_state": "changed how an action plays",
    "unchecked_json": "refused its legal action|panicked",
    "nondeterministic_apply": "changed how an action plays|replaying the record",
    "shared_clone": "changed the original",
    "duplicate_labels": "labels unique",
    "unparsable_label": "does not parse back",
    "leaky_observation": "changed the seat's observation",
    "leaky_tensor": "changed the tensor",
    "falsely_perfect": "without hidden information",
    "determinize_turn": "whose turn",
    "determinize_legal": "mover's legal actions",
    "determinize_own_card": "changed the seat's observation",
    "determinize_invalid": "invalid state",
    "determinize_keeps_rng": r"did not reseed the RNG(?! from)",
    "determinize_fixed_seed": "did not reseed the RNG from its seed",
    "lazy_determinize": "resampled nothing",
}


def test_every_flaw_has_a_complaint() -> None:
    flaws = meeple.game_info("_reference")["options"]["flaw"]["allowed"]
    not_mirrored = {
        "none",
        "panicky_json",
        "nan_tensor",
        "lenient_json",
        "inexact_defaults",
        "panicky_apply",
        "short_bound",
        "stolen_wins",
    }
    assert sorted(FLAW_COMPLAINTS) == sorted(set(flaws) - not_mirrored)


@pytest.mark.parametrize("flaw", sorted(FLAW_COMPLAINTS))
def test_mirror_catches_flaw(flaw: str) -> None:
    rng = random.Random(3)
    tally = Tally()
    with pytest.raises((AssertionError, ValueError), match=FLAW_COMPLAINTS[flaw]):
        for seed in range(40):
            _playout_conforms("_reference", 3, seed, rng, tally, chance="explicit", flaw=flaw)
        _check_resampling(meeple.new_game("_reference", players=3, flaw=flaw), tally)


def test_mirror_passes_the_real_reference_game_with_explicit_chance() -> None:
    rng = random.Random(3)
    tally = Tally()
    for seed in range(40):
        _playout_conforms("_reference", 3, seed, rng, tally, chance="explicit")
    _check_resampling(meeple.new_game("_reference", players=3), tally)
    assert 0 < tally.resampled < tally.determinized


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
