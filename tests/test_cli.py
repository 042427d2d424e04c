"""The command line: every command runs, bad arguments give one line and a non-zero exit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import meeple
from meeple.cli import main


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    r = CliRunner().invoke(main, list(args), input=input)
    return r.exit_code, r.output


def test_list() -> None:
    code, out = run("list", "--json")
    assert code == 0
    assert [i["name"] for i in json.loads(out)] == meeple.games()
    code, out = run("list")
    assert code == 0


def test_unknown_game_is_one_line() -> None:
    code, out = run("simulate", "chess")
    assert code == 2
    assert "unknown game 'chess'" in out
    assert "Traceback" not in out


def test_bad_arguments() -> None:
    code, out = run("simulate", "nothing", "--games", "0")
    assert code == 2 and "Traceback" not in out
    code, out = run("replay", "does-not-exist.jsonl")
    assert code == 2 and "Traceback" not in out


def test_replay_file(tmp_path: Path) -> None:
    g = meeple.new_game("_reference", players=3, seed=8)
    while not g.is_terminal:
        g.apply_action(g.legal_actions()[0])
    f = tmp_path / "games.jsonl"
    f.write_text(g.record() + "\n" + g.record() + "\n")
    code, out = run("replay", str(f), "--json")
    assert code == 0, out
    rows = json.loads(out)
    assert len(rows) == 2 and rows[0]["winners"] == g.winners()
    bad = json.loads(g.record())
    bad["actions"].append(0)
    f.write_text(json.dumps(bad) + "\n")
    code, out = run("replay", str(f))
    assert code == 2 and ":1: replay step 6" in out and "game is over" in out


def test_simulate_bench_demo_on_every_game(tmp_path: Path) -> None:
    for game in meeple.games():
        code, out = run("simulate", game, "--games", "4", "--threads", "2", "--json")
        assert code == 0, out
        res = json.loads(out)
        assert res["games"] == 4
        assert abs(sum(s["wins"] for s in res["seats"]) - 4) < 1e-9
        out_file = tmp_path / f"{game}.jsonl"
        code, out = run("simulate", game, "--games", "2", "--out", str(out_file), "--json")
        assert code == 0, out
        code, out = run("replay", str(out_file), "--json")
        assert code == 0 and len(json.loads(out)) == 2
    code, out = run("bench", "--seconds", "0.05", "--json")
    assert code == 0, out
    rows = json.loads(out)
    assert [r["game"] for r in rows] == meeple.games()
    for r in rows:
        per_action = 1e6 / r["python_loop_actions_per_s"] - 1e6 / r["actions_per_s_1t"]
        assert r["python_overhead_us"] == pytest.approx(per_action), r
        assert r["clone_ns"] > 0 and r["json_bytes"] > 0, r
    code, out = run("bench", "catan", "--seconds", "0.05", "--option", "player_trades=off")
    assert code == 0, out
    code, out = run("bench", "catan", "--option", "player_trades=sometimes")
    assert code == 2 and "player_trades" in out and "Traceback" not in out
    code, out = run("demo", "--json")
    assert code == 0, out
    assert [r["game"] for r in json.loads(out)] == meeple.games()


def test_bench_vec_reports_vecenv_beside_the_rust_loop() -> None:
    code, out = run(
        "bench", "--vec", "puerto_rico", "catan", "--players", "3", "--envs", "8",
        "--threads", "1", "--seconds", "0.05", "--json",
    )  # fmt: skip
    assert code == 0, out
    rows = json.loads(out)
    assert [(r["game"], r["players"], r["envs"]) for r in rows] == [
        ("puerto_rico", 3, 8),
        ("catan", 3, 8),
    ]
    for r in rows:
        for mode in ("observe", "no_observe"):
            m = r[mode]
            assert m["steps_per_s"] > 0 and m["steps_per_game"] > 1, r
            assert m["games_per_s"] == pytest.approx(m["steps_per_s"] / m["steps_per_game"])
        assert r["vec_over_rust"] == pytest.approx(
            r["no_observe"]["games_per_s"] / r["rust_games_per_s_1t"]
        )
    code, out = run("bench", "--vec", "catan", "--envs", "8", "--seconds", "0.05")
    assert code == 0 and "VecEnv ÷ Rust loop" in out, out
    code, out = run("bench", "--vec", "catan", "--envs", "0")
    assert code == 2 and "Traceback" not in out


def test_play_quits_cleanly() -> None:
    for game in meeple.games():
        code, out = run("play", game, "--seed", "1", input="q\n")
        assert code == 0, out
        assert "your move" in out


def test_bad_bot_spec() -> None:
    for game in meeple.games()[:1]:
        code, out = run("simulate", game, "--bots", "genius")
        assert code == 2 and "unknown bot" in out
