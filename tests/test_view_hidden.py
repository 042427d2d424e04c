"""A seat's view in the viewer and in `meeple replay --seat` hides what `history(seat)` hides
(issue 22 item 9): another seat's private draws and secret moves."""

from __future__ import annotations

import json
import random
from pathlib import Path

from click.testing import CliRunner

import meeple
from meeple.cli import main
from meeple.view.server import HIDDEN, Session


def _san_juan(moves: int = 160) -> meeple.Game:
    g = meeple.new_game("san_juan", players=2, seed=4)
    rng = random.Random(4)
    for _ in range(moves):
        if g.is_terminal:
            break
        g.apply_action(rng.choice(g.legal_actions()))
    return g


def test_replay_log_seen_from_a_seat_hides_what_it_did_not_see() -> None:
    g = _san_juan()
    s = Session()
    s.load(json.loads(g.record()))
    full = s.state(None)["log"]
    assert not any(HIDDEN in x for x in full)
    for seat in range(2):
        log = s.state(seat)["log"]
        assert len(log) == len(full) == len(g.history())
        mine = g.history(seat)
        hidden = [i for i, x in enumerate(log) if x.endswith(HIDDEN)]
        assert hidden == [i for i, x in enumerate(mine) if x == -1]
        assert hidden, "a San Juan game has private draws and discards"
        for i, x in enumerate(log):
            if i not in hidden:
                assert x == full[i]
            else:
                assert x.split(":")[0] == full[i].split(":")[0]  # who acted stays known


def test_a_persons_log_hides_the_bots_secret_moves() -> None:
    s = Session()
    s.new_game("san_juan", 2, 0, "random", 3, {})
    rng = random.Random(3)
    for _ in range(80):
        g = s.game
        if g.is_terminal:
            break
        s.move(rng.choice(g.legal_actions()))
    bot_lines = [x for x in s.labels if x.startswith("seat 1:")]
    assert any(x.endswith(HIDDEN) for x in bot_lines)
    assert not any(x.endswith(HIDDEN) for x in s.labels if x.startswith("seat 0:"))
    # A role is public: never hidden.
    roles = ("builder", "producer", "trader", "councilor", "prospector")
    assert any(x in {f"seat 1: {r}" for r in roles} for x in bot_lines)


def test_cli_replay_as_a_seat(tmp_path: Path) -> None:
    g = _san_juan()
    path = tmp_path / "games.jsonl"
    path.write_text(g.record() + "\n")
    r = CliRunner().invoke(main, ["replay", str(path), "--json", "--seat", "1"])
    assert r.exit_code == 0, r.output
    [row] = json.loads(r.output)
    assert row["seat"] == 1 and row["history"] == g.history(1)
    assert -1 in row["history"]
    r = CliRunner().invoke(main, ["replay", str(path), "--show", "--seat", "0"])
    assert r.exit_code == 0 and "as seat 0" in r.output and "unseen" in r.output
    r = CliRunner().invoke(main, ["replay", str(path), "--seat", "2"])
    assert r.exit_code != 0 and "--seat must be in 0..1" in r.output
