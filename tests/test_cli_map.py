"""`--map FILE` (issue 25.7): the Catan `map` option is data only, so the commands that create
games read a map file themselves and pass its content as the option; a missing, unreadable or
invalid file is a one-line error with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import meeple
from meeple.cli import main
from meeple.cli_options import MAX_MAP_BYTES

MAPS_FILE = Path(__file__).resolve().parent.parent / "src" / "catan" / "data" / "catan_maps.json"
BEGINNER: dict[str, Any] = json.loads(MAPS_FILE.read_text())["maps"]["base_beginner"]


def cli(*args: str, input: str | None = None) -> tuple[int, str]:
    r = CliRunner().invoke(main, list(args), input=input)
    assert r.exception is None or isinstance(r.exception, SystemExit), r.output
    return r.exit_code, r.output


def one_line_error(code: int, out: str) -> str:
    assert code == 2, out
    lines = out.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), out
    return lines[0]


@pytest.fixture
def beginner_map(tmp_path: Path) -> Path:
    path = tmp_path / "beginner.json"
    path.write_text(json.dumps(BEGINNER))
    return path


def hexes_of(record: dict[str, Any]) -> list[Any]:
    g = meeple.replay(record)
    return sorted(
        json.dumps(h, sort_keys=True) for h in json.loads(g.to_json())["state"]["board"]["hexes"]
    )


def test_simulate_plays_on_the_map_read_from_the_file(beginner_map: Path, tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    code, text = cli(
        "simulate",
        "catan",
        "--games",
        "2",
        "--players",
        "3",
        "--map",
        str(beginner_map),
        "--out",
        str(out),
        "--json",
    )
    assert code == 0, text
    records = [json.loads(line) for line in out.read_text().splitlines()]
    # The record carries the map itself (data), never the file name.
    assert all(r["options"]["map"] == BEGINNER for r in records)
    assert str(beginner_map) not in out.read_text()
    # The same as passing the map as an option value.
    direct = meeple.new_game("catan", players=3, seed=records[0]["seed"], map=BEGINNER)
    assert hexes_of(records[0]) == sorted(
        json.dumps(h, sort_keys=True)
        for h in json.loads(direct.to_json())["state"]["board"]["hexes"]
    )


def test_every_game_creating_command_takes_map(beginner_map: Path, tmp_path: Path) -> None:
    m = str(beginner_map)
    assert cli("play", "catan", "--players", "3", "--map", m, input="q\n")[0] == 0
    assert (
        cli("bench", "catan", "--seconds", "0.05", "--threads", "1", "--map", m, "--json")[0] == 0
    )
    code, text = cli(
        "tournament",
        "catan",
        "--players",
        "2",
        "--bots",
        "random;random",
        "--games",
        "2",
        "--map",
        m,
        "--json",
    )
    assert code == 0, text
    code, text = cli(
        "selfplay",
        "catan",
        "--players",
        "2",
        "--games",
        "1",
        "--simulations",
        "2",
        "--out",
        str(tmp_path / "d.npz"),
        "--map",
        m,
        "--json",
    )
    assert code == 0, text


@pytest.mark.parametrize("command", ["simulate", "play", "bench", "tournament", "selfplay"])
def test_a_bad_map_file_is_one_line_and_exit_2(command: str, tmp_path: Path) -> None:
    extra = {"tournament": ["--bots", "random;random"], "bench": ["--seconds", "0.05"]}
    base = [command, "catan", *extra.get(command, [])]
    missing = tmp_path / "no_such_map.json"
    assert "cannot read --map" in one_line_error(*cli(*base, "--map", str(missing)))
    assert "cannot read --map" in one_line_error(*cli(*base, "--map", str(tmp_path)))
    bad = tmp_path / "bad.json"
    for content, says in [
        (b"{", "not JSON"),
        (b"\xff\xfe", "not UTF-8"),
        (b"[1, 2]", "expected a JSON object"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deep"),
        (b'{"hexes": 3}', "bad value for option 'map'"),
        (b" " * (MAX_MAP_BYTES + 1), "larger than"),
    ]:
        bad.write_bytes(content)
        assert says in one_line_error(*cli(*base, "--map", str(bad))), content[:20]


def test_map_given_twice_is_refused(beginner_map: Path) -> None:
    line = one_line_error(
        *cli("simulate", "catan", "--map", str(beginner_map), "--option", "map=null")
    )
    assert "--map FILE or --option map=" in line


def test_map_for_a_game_without_maps_names_the_option(beginner_map: Path) -> None:
    line = one_line_error(*cli("simulate", "san_juan", "--map", str(beginner_map)))
    assert "unknown option 'map'" in line
