"""meeple.bots: built-in Rust bots, Python callables, and simulate with them."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import meeple
from conftest import ALL_GAMES
from meeple import bots
from meeple.cli import main


@pytest.mark.parametrize("game", ALL_GAMES)
@pytest.mark.parametrize(
    "spec", ["random", "heuristic", "mcts:iterations=30", "ismcts:iterations=30"]
)
def test_builtin_bots_choose_legal_actions(game: str, spec: str) -> None:
    bot = bots.parse(spec, seed=1)
    g = meeple.new_game(game, players=2 if game != "catan" else 3, seed=1)
    for _ in range(5):
        if g.is_terminal:
            break
        a = bot.choose(g)
        assert a in g.legal_actions()
        g.apply_action(a)


def test_analyze_gives_policy() -> None:
    g = meeple.new_game("_reference", players=2, seed=3)
    r = bots.MCTS(iterations=200, seed=1).analyze(g)
    assert r["action"] in g.legal_actions()
    assert sorted(r["policy"]) == g.legal_actions()
    assert abs(sum(r["policy"].values()) - 1) < 1e-9
    assert r["kind"] == "ismcts"  # the reference game has hidden information
    assert r["iterations"] == 200


def _with_opponent_card(g: meeple.Game, card: int) -> meeple.Game:
    doc = json.loads(g.to_json())
    st = doc["state"]
    old = st["hands"][1]
    st["deck"][old - 1] += 1
    st["deck"][card - 1] -= 1
    st["hands"][1] = card
    del doc["history"]  # an edited position has no known past
    return meeple.from_json(json.dumps(doc))


def test_ismcts_ignores_what_its_seat_cannot_see() -> None:
    g = meeple.new_game("_reference", players=2, seed=3)
    a = _with_opponent_card(g, 1)
    b = _with_opponent_card(g, 5)
    assert a.observation(0) == b.observation(0)
    ra = a.search({"kind": "ismcts", "iterations": 300}, 9)
    rb = b.search({"kind": "ismcts", "iterations": 300}, 9)
    assert ra["action"] == rb["action"]
    assert ra["stats"] == rb["stats"]


def test_bad_bot_config() -> None:
    g = meeple.new_game("_reference", players=2, seed=3)
    with pytest.raises(ValueError, match="bad bot config"):
        g.search({"kind": "genius"})
    with pytest.raises(ValueError, match="bad parameters for bot 'mcts'"):
        bots.parse("mcts:depth_charge=3")
    with pytest.raises(ValueError, match="unknown bot"):
        bots.parse("genius")


def test_python_callable_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "my_bots.py").write_text("def first(game):\n    return game.legal_actions()[0]\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("my_bots", None)
    bot = bots.parse("my_bots:first")
    g = meeple.new_game("_reference", players=2, seed=3)
    assert bot.choose(g) == g.legal_actions()[0]
    r = CliRunner().invoke(
        main,
        [
            "simulate",
            "_reference",
            "--players",
            "2",
            "--games",
            "6",
            "--bots",
            "my_bots:first,random",
            "--json",
        ],
    )
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["games"] == 6


def test_simulate_rust_bots_rotating(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    args = ["simulate", "_reference", "--players", "2", "--games", "40", "--threads", "2"]
    args += ["--bots", "ismcts:iterations=100;random", "--rotate", "--json", "--out", str(out)]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    res = json.loads(r.output)
    assert [b["seat_games"] for b in res["bots"]] == [40, 40]
    lines = out.read_text().splitlines()
    assert len(lines) == 40
    for line in lines[:5]:
        assert meeple.replay(line).is_terminal
    # Same seed, same games, whatever the thread count.
    one_thread = [a if i != 7 else "1" for i, a in enumerate(args)][:-2]
    r1 = CliRunner().invoke(main, one_thread)
    assert json.loads(r1.output)["bots"][0]["wins"] == res["bots"][0]["wins"]


def test_mcts_runs_uct_where_the_configuration_hides_nothing() -> None:
    # Castles of Burgundy hides something only in the variant's secret board choice.
    open_game = meeple.new_game("castles_of_burgundy", players=2, seed=4)
    assert not open_game.hidden_information
    assert open_game.search({"kind": "mcts", "iterations": 30}, 1)["kind"] == "uct"
    secret = meeple.new_game(
        "castles_of_burgundy",
        players=2,
        seed=4,
        experienced_variant=True,
        secret_board_choice=True,
    )
    assert secret.hidden_information
    assert secret.search({"kind": "mcts", "iterations": 30}, 1)["kind"] == "ismcts"
    assert meeple.new_game("_reference", players=2, seed=3).hidden_information
