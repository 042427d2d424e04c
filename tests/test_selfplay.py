"""meeple.selfplay.Runner: lockstep self-play, batching, determinism, data out, the CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

import meeple
from meeple.cli import main
from meeple.evaluators import Uniform
from meeple.selfplay import Runner, SelfPlayData


class Hashed:
    """Deterministic, row by row, and not uniform: outputs from a hash of each row."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.batches: list[int] = []

    def __call__(self, obs: Any, masks: Any, seats: Any) -> Any:
        self.batches.append(len(seats))
        h = (obs * np.arange(1, obs.shape[1] + 1, dtype=np.float32)).sum(axis=1)
        h = h + 7.0 * seats
        cols = np.arange(masks.shape[1], dtype=np.float32)
        priors = (1.0 + np.abs(np.sin(h[:, None] + cols[None, :]))) * masks
        seat_cols = np.arange(self.players, dtype=np.float32)
        values = 0.5 + 0.4 * np.sin(h[:, None] * 0.37 + seat_cols[None, :])
        return priors.astype(np.float32), values.astype(np.float32)


def check_data(data: SelfPlayData, game: str, players: int) -> None:
    g = meeple.new_game(game, players=players)
    n = len(data.seats)
    assert n > 0
    assert data.observations.shape == (n, len(g.observation_tensor(0)))
    assert data.observations.dtype == np.float32
    assert data.masks.shape == data.policies.shape == (n, g.num_distinct_actions)
    assert data.masks.dtype == np.int8
    assert np.allclose(data.policies.sum(axis=1), 1, atol=1e-4)
    assert np.all(data.policies[data.masks == 0] == 0)
    assert np.all(data.masks[np.arange(n), data.actions] == 1)
    assert data.returns.shape == (n, players)
    assert np.array_equal(data.returns, data.game_returns[data.games].astype(np.float32))
    assert np.all((data.seats >= 0) & (data.seats < players))
    # Each game's record replays to the same end.
    for i, rec in enumerate(data.records):
        replayed = meeple.replay(rec)
        assert len(replayed.history()) == data.game_lengths[i]
        assert replayed.returns() == list(data.game_returns[i])
        for row in np.flatnonzero(data.games == i)[:3]:
            before = meeple.replay(
                {**json.loads(rec), "actions": replayed.history()[: data.plies[row]]}
            )
            assert before.current_player == data.seats[row]
            assert np.array_equal(
                before.observation_tensor(int(data.seats[row])), data.observations[row]
            )


def test_reference_selfplay_data_is_consistent() -> None:
    data = Runner("_reference", 12, 24, Uniform(3), players=3, seed=4).run()
    check_data(data, "_reference", 3)
    assert data.game_finished.all()
    assert np.allclose(data.game_returns.sum(axis=1), 1)
    s = data.stats
    assert s["evaluator_calls"] == s["waves"]
    assert 0 < s["evaluator_rows"] <= s["simulations"] + len(data.seats)
    assert s["evaluator_seconds"] <= s["seconds"]


@pytest.mark.parametrize("leaves", [1, 4])
def test_batch_of_64_equals_batches_of_one(leaves: int) -> None:
    """Game i plays the same whether 63 others share its evaluator calls or none do."""
    kw: dict[str, Any] = dict(players=2, seed=11, leaves_per_search=leaves, gumbel=leaves == 4)
    big = Hashed(2)
    many = Runner("_reference", 64, 16, big, **kw).run()
    assert max(big.batches) >= 64
    threaded = Runner("_reference", 64, 16, Hashed(2), threads=2, **kw).run()
    assert threaded.records == many.records
    assert np.array_equal(threaded.policies, many.policies)
    for i in (0, 1, 17, 63):
        small = Hashed(2)
        one = Runner("_reference", 1, 16, small, first_game=i, **kw).run()
        assert max(small.batches) <= leaves
        rows = many.games == i
        assert one.records[0] == many.records[i]
        for key in ("observations", "masks", "policies", "seats", "values", "actions", "plies"):
            assert np.array_equal(getattr(one, key), getattr(many, key)[rows]), key


def test_an_evaluator_may_keep_the_arrays_it_was_given() -> None:
    """The wave's buffers are lent to numpy: one the evaluator keeps is never written again."""
    kept: list[tuple[Any, Any, Any]] = []
    copies: list[tuple[Any, Any, Any]] = []
    hashed = Hashed(2)

    def keeper(obs: Any, masks: Any, seats: Any) -> Any:
        kept.append((obs, masks, seats))
        copies.append((obs.copy(), masks.copy(), seats.copy()))
        return hashed(obs, masks, seats)

    data = Runner("_reference", 8, 16, keeper, players=2, seed=3).run()
    again = Runner("_reference", 8, 16, Hashed(2), players=2, seed=3).run()
    assert len(kept) > 2
    for held, copy in zip(kept, copies, strict=True):
        for a, b in zip(held, copy, strict=True):
            assert np.array_equal(a, b)
    assert data.records == again.records
    assert np.array_equal(data.policies, again.policies)


def test_against_a_fixed_bot_with_rotation() -> None:
    ev = Uniform(2)
    data = Runner("_reference", 8, 16, ev, players=2, seats=[ev, "random"], rotate=True).run()
    assert data.game_seating.tolist() == [[0, -1], [-1, 0]] * 4
    puct_seat = np.where(data.game_seating[data.games] == 0)[1]
    assert np.array_equal(data.seats, puct_seat)
    with pytest.raises(ValueError, match="seats names 1 players for 2 seats"):
        Runner("_reference", 2, 8, ev, players=2, seats=[ev])
    with pytest.raises(ValueError, match="unknown bot"):
        Runner("_reference", 2, 8, ev, players=2, seats=[ev, "nobody"])


def test_two_evaluators_in_one_run() -> None:
    a, b = Hashed(2), Hashed(2)
    data = Runner("_reference", 6, 8, a, players=2, seats=[a, b], rotate=True).run()
    assert a.batches and b.batches
    assert data.game_seating.tolist() == [[0, 1], [1, 0]] * 3


def test_bad_evaluator_in_a_run_names_the_problem() -> None:
    def nan(obs: Any, masks: Any, seats: Any) -> Any:
        p, v = Uniform(2)(obs, masks, seats)
        v[-1, 0] = np.nan
        return p, v

    with pytest.raises(ValueError, match=r"values: NaN at row \d+, seat 0"):
        Runner("_reference", 4, 8, nan, players=2).run()
    with pytest.raises(ValueError, match="dirichlet_fraction"):
        Runner("_reference", 4, 8, Uniform(2), players=2, dirichlet_fraction=2.0).run()


def test_save_load_and_concatenate(tmp_path: Path) -> None:
    a = Runner("_reference", 3, 8, Uniform(2), players=2).run()
    b = Runner("_reference", 2, 8, Uniform(2), players=2, first_game=3).run()
    a.save(tmp_path / "a.npz")
    back = SelfPlayData.load(tmp_path / "a.npz")
    assert back.records == a.records
    assert np.array_equal(back.policies, a.policies)
    both = SelfPlayData.concatenate([a, b])
    assert len(both.records) == 5 and both.games.max() == 4
    assert np.array_equal(both.value_targets, both.returns[np.arange(len(both.seats)), both.seats])


def test_cli_selfplay_writes_npz(tmp_path: Path) -> None:
    out = tmp_path / "data.npz"
    args = ["selfplay", "_reference", "--players", "2", "--games", "4", "--simulations", "16"]
    r = CliRunner().invoke(main, [*args, "--out", str(out), "--json"])
    assert r.exit_code == 0, r.output
    summary = json.loads(r.output)
    assert summary["games"] == 4 and summary["finished"] == 4
    with np.load(out) as z:
        assert {"observations", "masks", "policies", "seats", "returns", "records"} <= set(z)
        assert z["observations"].shape[0] == summary["decisions"]
    r = CliRunner().invoke(
        main, [*args, "--evaluator", "meeple.evaluators:Uniform()", "--gumbel", "--out", str(out)]
    )
    assert r.exit_code == 0, r.output
    assert "evaluator calls" in r.output
    r = CliRunner().invoke(main, [*args, "--evaluator", "nosuchmodule:f"])
    assert r.exit_code == 2 and "cannot import evaluator module" in r.output
