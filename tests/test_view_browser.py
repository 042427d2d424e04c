"""The browser viewer and player in a real headless browser (Debian's chromium driven by
playwright): replay a record, play moves against the bots in every game, undo, download the
record, play a whole game to the end; no console errors. Screenshots go to tmp/artefacts/
(not committed); with MEEPLE_WRITE_DOCS_IMG=1 the pictures of docs/pictures.md are rewritten in
docs/img/ from the golden positions.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

import meeple
from meeple import render
from meeple.render.snapshots import CASES, position
from meeple.view import make_server

ROOT = Path(__file__).resolve().parent.parent
ARTEFACTS = Path(os.environ.get("MEEPLE_ARTEFACTS", ROOT / "tmp" / "artefacts"))
DOCS_IMG = ROOT / "docs" / "img"
DOC_CASES = [c for c in CASES if c.name != "catan_seat0"]


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    pytest.fail("no chromium on PATH: scripts/test.sh installs Debian's chromium")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=_chromium(), args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture
def server() -> Iterator[str]:
    httpd = make_server(port=0)
    t = threading.Thread(target=httpd.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[tuple[Page, list[str]]]:
    ctx = browser.new_context(viewport={"width": 1400, "height": 950}, accept_downloads=True)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server)
    pg.wait_for_selector("#board svg")
    yield pg, errors
    ctx.close()


def _board(pg: Page) -> str:
    return str(pg.inner_html("#board"))


def _log_len(pg: Page) -> int:
    return int(pg.eval_on_selector_all("#log li", "els => els.length"))


def _shown(pg: Page) -> int:
    return int(pg.evaluate("Number(document.body.dataset.shown || 0)"))


def _wait_shown(pg: Page, after: int) -> None:
    """Wait until the page has drawn a picture newer than number ``after``."""
    pg.wait_for_function(f"Number(document.body.dataset.shown || 0) > {after}")


def _new_game(pg: Page, game: str, players: int) -> None:
    pg.select_option("#game", game)
    pg.fill("#players", str(players))
    pg.fill("#seat", "0")
    pg.select_option("#bots", "random")
    pg.fill("#seed", "3")
    n = _shown(pg)
    pg.click("#new")
    _wait_shown(pg, n)
    assert pg.evaluate("document.body.dataset.game") == game


def _make_move(pg: Page, prefer_board: bool) -> None:
    """One move: click a marked spot on the board (and pick from the list if it asks), or a
    button of the move list."""
    n = _shown(pg)
    hot = pg.query_selector_all("#board .hot")
    if prefer_board and hot:
        hot[0].click(force=True)
        if pg.is_visible("#chooser"):
            pg.click("#chooser button >> nth=0")
    else:
        pg.click("#moves button >> nth=0")
    _wait_shown(pg, n)


def test_replay_a_record_step_by_step(page: tuple[Page, list[str]], tmp_path: Path) -> None:
    pg, errors = page
    g = meeple.new_game("catan", players=3, seed=5)
    rng = random.Random(5)
    for _ in range(60):
        g.apply_action(rng.choice(g.legal_actions()))
    record = tmp_path / "catan.json"
    record.write_text(g.record() + "\n")
    steps = len(g.history())
    pg.set_input_files("#load", str(record))
    pg.wait_for_selector("#replay:not([hidden])")
    pg.wait_for_function(f"document.getElementById('stepinfo').textContent === '{steps} / {steps}'")
    last = _board(pg)
    pg.click("#first")
    pg.wait_for_function("document.getElementById('stepinfo').textContent.startsWith('0 /')")
    first = _board(pg)
    assert first != last
    for k in range(1, 4):
        pg.click("#next")
        pg.wait_for_function(f"document.getElementById('stepinfo').textContent.startsWith('{k} /')")
    assert len(pg.query_selector_all("#log li")) == 3
    # The slider jumps, the seat view shows one seat's side only.
    pg.eval_on_selector(
        "#slider",
        "(s, v) => { s.value = v; s.dispatchEvent(new Event('input')); }",
        str(steps // 2),
    )
    pg.wait_for_function(
        f"document.getElementById('stepinfo').textContent.startsWith('{steps // 2} /')"
    )
    pg.select_option("#viewseat", "1")
    pg.wait_for_function(
        "document.getElementById('board').innerHTML.includes('seat 1 (blue) · you')"
    )
    # Play runs the steps forward by itself.
    pg.click("#playpause")
    pg.wait_for_function(
        f"+document.getElementById('stepinfo').textContent.split(' ')[0] > {steps // 2 + 1}"
    )
    pg.click("#playpause")
    pg.screenshot(path=str(ARTEFACTS / "view-replay.png"))
    assert errors == []


@pytest.mark.parametrize("game", meeple.games())
def test_play_moves_against_bots(page: tuple[Page, list[str]], game: str) -> None:
    pg, errors = page
    info = meeple.game_info(game)
    _new_game(pg, game, max(2, int(info["min_players"])) + 1)
    start = _board(pg)
    for k in range(4):
        if pg.is_visible("text=Game over"):
            break
        _make_move(pg, prefer_board=k % 2 == 0)
    assert _board(pg) != start
    assert _log_len(pg) >= 4
    # Undo takes back the person's last move (and the bots' replies).
    before = _log_len(pg)
    pg.click("#undo")
    pg.wait_for_function(f"document.querySelectorAll('#log li').length < {before}")
    # The record downloads and replays.
    with pg.expect_download() as dl:
        pg.click("#download")
    rec = json.loads(Path(dl.value.path()).read_text())
    assert meeple.replay(rec).game_id == game
    pg.screenshot(path=str(ARTEFACTS / f"view-play-{game}.png"))
    assert errors == []


def test_an_ambiguous_click_offers_a_list(page: tuple[Page, list[str]]) -> None:
    """Castles of Burgundy: a depot tile two dice can take; the click lists both moves."""
    pg, errors = page
    _new_game(pg, "castles_of_burgundy", 2)
    counts = pg.evaluate(
        "(() => { const c = {}; for (const m of state.moves) for (const k of m.keys)"
        " c[k] = (c[k] || 0) + 1; return c; })()"
    )
    hot = [
        el
        for el in pg.query_selector_all("#board .hot")
        if counts.get(el.get_attribute("data-key"), 0) >= 2
    ]
    assert hot, "no spot names two moves"
    key = hot[0].get_attribute("data-key")
    hot[0].click(force=True)
    pg.wait_for_selector("#chooser:not([hidden])")
    assert len(pg.query_selector_all("#chooser button")) == counts[key]
    n = _shown(pg)
    pg.click("#chooser button >> nth=1")
    _wait_shown(pg, n)
    assert pg.is_hidden("#chooser")
    assert errors == []


def test_new_game_with_options(page: tuple[Page, list[str]]) -> None:
    pg, errors = page
    pg.fill("#options", "scenario=fishermen vp_to_win=8")
    _new_game(pg, "catan", 3)
    assert "fishing ground" in _board(pg) and "fishermen" in _board(pg)
    pg.fill("#options", "scenario=nowhere")
    pg.click("#new")
    pg.wait_for_function("document.getElementById('error').textContent.includes('nowhere')")
    errors.clear()  # the refused request logs its 400 in the console, as it should
    pg.fill("#options", "vp_to_win")
    pg.click("#new")
    assert "expected name=value" in pg.inner_text("#error")


def test_the_player_sees_only_their_seat(page: tuple[Page, list[str]]) -> None:
    pg, errors = page
    _new_game(pg, "san_juan", 3)
    board = _board(pg)
    assert "seat 0 (red) · you" in board
    assert board.count("cards in hand") == 2  # the two bots' hands are counts
    assert pg.is_hidden("#replay")
    assert errors == []


def test_a_whole_game_in_the_browser(page: tuple[Page, list[str]]) -> None:
    """San Juan with 2 players, every decision clicked in the move list, to the end."""
    pg, errors = page
    _new_game(pg, "san_juan", 2)
    for _ in range(2000):
        if pg.is_visible("text=Game over"):
            break
        _make_move(pg, prefer_board=False)
    assert pg.is_visible("text=Game over")
    assert "game over" in _board(pg)
    pg.screenshot(path=str(ARTEFACTS / "view-game-over.png"))
    assert errors == []


@pytest.mark.parametrize("case", DOC_CASES, ids=[c.name for c in DOC_CASES])
def test_pictures_render_in_the_browser(browser: Browser, case: Any) -> None:
    """Each golden position drawn by chromium; the docs' PNGs come from here."""
    ctx = browser.new_context(viewport={"width": 900, "height": 800})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    svg = render.to_svg(position(case), case.seat)
    sized = svg.replace("<svg ", '<svg style="width:100%;height:auto" ', 1)
    pg.set_content(
        f"<html><body style='margin:0'><div style='width:860px'>{sized}</div></body></html>"
    )
    el = pg.query_selector("svg")
    assert el is not None
    box = el.bounding_box()
    assert box is not None and box["width"] > 800 and box["height"] > 300
    png = el.screenshot(path=str(ARTEFACTS / f"{case.name}.png"))
    assert len(png) > 20_000
    if os.environ.get("MEEPLE_WRITE_DOCS_IMG"):
        DOCS_IMG.mkdir(parents=True, exist_ok=True)
        (DOCS_IMG / f"{case.name}.png").write_bytes(png)
    assert (DOCS_IMG / f"{case.name}.png").exists(), "regenerate with MEEPLE_WRITE_DOCS_IMG=1"
    assert errors == []
    ctx.close()
