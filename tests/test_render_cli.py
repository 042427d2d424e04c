"""`meeple render`, `meeple play --svg`, and the viewer's HTTP API (without a browser)."""

from __future__ import annotations

import json
import random
import threading
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import meeple
from meeple.cli import main


def _record(tmp_path: Path, game: str = "kingdom_builder", steps: int = 30) -> Path:
    g = meeple.new_game(game, players=2, seed=9)
    rng = random.Random(9)
    for _ in range(steps):
        g.apply_action(rng.choice(g.legal_actions()))
    path = tmp_path / "rec.jsonl"
    path.write_text(g.record() + "\n")
    return path


def test_render_svg_step_seat_html_and_text(tmp_path: Path) -> None:
    rec = _record(tmp_path)
    run = CliRunner()
    out = tmp_path / "end.svg"
    r = run.invoke(main, ["render", str(rec), "--out", str(out)])
    assert r.exit_code == 0, r.output
    ET.fromstring(out.read_text())
    r = run.invoke(main, ["render", str(rec), "--step", "0", "--seat", "1", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "seat 1 (blue) · you" in out.read_text()
    html = tmp_path / "all.html"
    r = run.invoke(main, ["render", str(rec), "--out", str(html)])
    assert r.exit_code == 0, r.output
    page = html.read_text()
    assert page.count("<svg") >= 31 and "setInterval" in page
    txt = tmp_path / "board.txt"
    assert run.invoke(main, ["render", str(rec), "--out", str(txt)]).exit_code == 0
    assert "legend" in txt.read_text()
    pos = tmp_path / "pos.json"
    pos.write_text(meeple.replay(json.loads(rec.read_text())).to_json())
    assert run.invoke(main, ["render", str(pos), "--out", str(out)]).exit_code == 0


def test_render_errors_are_one_line(tmp_path: Path) -> None:
    rec = _record(tmp_path)
    run = CliRunner()
    out = str(tmp_path / "x.svg")
    for args, msg in (
        (["--step", "9999"], "--step must be in"),
        (["--seat", "5"], "--seat must be in"),
        (["--line", "3"], "--line must be in"),
    ):
        r = run.invoke(main, ["render", str(rec), *args, "--out", out])
        assert r.exit_code == 2 and msg in r.output, r.output
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "catan", "players": 4, "seed": 0, "actions": [99999]}\n')
    r = run.invoke(main, ["render", str(bad), "--out", out])
    assert r.exit_code == 2 and "Traceback" not in r.output


def test_play_draws_the_board_and_writes_svgs(tmp_path: Path) -> None:
    svg_dir = tmp_path / "pics"
    r = CliRunner().invoke(
        main,
        ["play", "catan", "--players", "3", "--seed", "1", "--svg", str(svg_dir)],
        input="0\n0\nq\n",
    )
    assert r.exit_code == 0, r.output
    assert "legend" in r.output and "settlement (" in r.output
    assert "Fo" in r.output  # the hex map
    pictures = sorted(svg_dir.glob("*.svg"))
    assert len(pictures) >= 2
    ET.fromstring(pictures[0].read_text())


def test_assets_ship_in_the_package() -> None:
    static = resources.files("meeple.view").joinpath("static")
    for name in ("index.html", "app.js", "style.css"):
        assert static.joinpath(name).is_file(), name
    data = resources.files("meeple.render").joinpath("data/castles_of_burgundy_boards.json")
    assert data.is_file()


@pytest.fixture
def url() -> Iterator[str]:
    from meeple.view import make_server

    httpd = make_server(port=0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def _call(url: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        url + path, data=data, method="POST" if body is not None else "GET"
    )
    try:
        with urllib.request.urlopen(req, timeout=60) as res:
            return res.status, json.loads(res.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_api_play_undo_replay_and_errors(url: str) -> None:
    code, s = _call(url, "/api/new", {"game": "puerto_rico", "players": 3, "seat": 1, "seed": 2})
    assert code == 200 and s["game"] == "puerto_rico" and s["seat"] == 1
    assert s["current_player"] == 1 and s["moves"]
    code, after = _call(url, "/api/move", {"action": s["moves"][0]["action"]})
    assert code == 200 and len(after["log"]) > len(s["log"])
    # An illegal move names the problem; the game is unchanged.
    legal = {m["action"] for m in after["moves"]}
    illegal = next(a for a in range(10_000) if a not in legal)
    code, err = _call(url, "/api/move", {"action": illegal})
    assert code == 400 and "illegal" in err["error"]
    assert _call(url, "/api/state")[1]["log"] == after["log"]
    code, back = _call(url, "/api/undo", {})
    assert code == 200 and back["log"] == s["log"]
    assert _call(url, "/api/undo", {})[0] == 400
    for body, msg in (
        ({"game": "chess"}, "chess"),
        ({"game": "catan", "players": 9}, "players"),
        ({"game": "catan", "seat": 5}, "seat"),
    ):
        code, err = _call(url, "/api/new", body)
        assert code == 400 and msg in err["error"], err
    # Replay a record: every step, a seat's view, the end.
    g = meeple.new_game("san_juan", players=2, seed=1)
    for _ in range(20):
        g.apply_action(g.legal_actions()[0])
    code, r = _call(url, "/api/load", {"record": g.record()})
    assert code == 200 and r["mode"] == "replay" and r["step"] == r["steps"] == len(g.history())
    code, r0 = _call(url, "/api/step", {"step": 0, "view_seat": 0})
    assert code == 200 and r0["step"] == 0 and r0["seat"] == 0 and r0["moves"] == []
    code, err = _call(url, "/api/move", {"action": 0})
    assert code == 400 and "replay" in err["error"]
    with urllib.request.urlopen(url + "/api/record", timeout=60) as res:
        assert json.loads(res.read())["actions"] == g.history()
    assert _call(url, "/api/load", {"record": {"game": "catan"}})[0] == 400


def test_static_files_and_not_found(url: str) -> None:
    with urllib.request.urlopen(url + "/", timeout=60) as res:
        assert b"meeple view" in res.read()
    with urllib.request.urlopen(url + "/static/app.js", timeout=60) as res:
        assert res.headers["Content-Type"].startswith("text/javascript")
    for path in ("/static/../server.py", "/nothing.html", "/api/nothing"):
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(url + path, timeout=60)
        assert e.value.code == 404


@pytest.mark.parametrize(
    ("game", "players", "extra"),
    [
        ("san_juan", 2, []),
        ("kingdom_builder", 2, []),
        ("puerto_rico", 3, []),
        ("castles_of_burgundy", 2, []),
        ("catan", 3, ["--option", "vp_to_win=3"]),
    ],
)
def test_a_whole_game_in_the_terminal(game: str, players: int, extra: list[str]) -> None:
    """Always the first listed move, against random bots, to the end of the game."""
    r = CliRunner().invoke(
        main, ["play", game, "--players", str(players), "--seed", "1", *extra], input="0\n" * 20000
    )
    assert r.exit_code == 0, r.output[-2000:]
    assert "game over" in r.output and "winners" in r.output


@pytest.mark.parametrize("game", meeple.games())
def test_a_whole_game_through_the_viewer_api(url: str, game: str) -> None:
    """What the page does, without the page: the person's moves until the game is over."""
    options = {"vp_to_win": 3} if game == "catan" else {}
    code, s = _call(
        url,
        "/api/new",
        {"game": game, "players": 2 if game != "puerto_rico" else 3, "seed": 4, "options": options},
    )
    assert code == 200, s
    for _ in range(5000):
        if s["terminal"]:
            break
        assert s["current_player"] == 0 and s["moves"], s["log"][-3:]
        code, s = _call(url, "/api/move", {"action": s["moves"][-1]["action"]})
        assert code == 200, s
    assert s["terminal"] and "game over" in s["svg"]


def test_view_refuses_a_bad_record_in_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"format": 1, "game": "catan", "players": 4, "options": {}, "seed": 0, "chance": "auto", '
        '"actions": [99999]}\n'
    )
    r = CliRunner().invoke(main, ["view", str(bad), "--no-browser", "--port", "0"])
    assert r.exit_code == 2 and "Traceback" not in r.output and "99999" in r.output, r.output
