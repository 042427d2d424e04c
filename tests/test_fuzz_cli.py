"""Robustness of the command line: any mix of arguments (good, odd, out of range, unknown) to
every command that plays, replays or draws games ends with exit 0, or exit 2 and a one-line
error (click's usage errors add their usage line before it); never a traceback.

Files given to the commands are made here: a good record file, mangled records, binary and
deeply nested files, a map file and bad map files, a folder, a missing path. `view` (a server)
and `demo` (no inputs but a seed) are left out.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

import meeple
from fuzzing import ODD_VALUES, fuzz, mutate_json
from meeple.cli import main

GAMES = meeple.games()
ODD_GAMES = ["_reference", "no_such_game", "", "CATAN"]
ODD_INTS = ["0", "-1", "x", "1.5", "", "18446744073709551616"]
PLAYERS = (["2", "3", "4"], ["1", "5", "7", *ODD_INTS])
SEATS = (["0", "1"], ["3", "4", *ODD_INTS])
SEEDS = (["0", "7", str(2**64 - 1)], [str(2**64), "-1", "x"])
BOTS = (
    ["random", "heuristic", "mcts:iterations=3", "ismcts:iterations=3", "mcts:iterations=3;random"],
    [
        "mcts:iterations=x",
        "mcts:iterations=-1",
        "random;random;random;random;random;random;random",
        "no_such_bot",
        "no_such_module:thing",
        "",
        ";",
    ],
)
# Game counts that finish quickly, or are refused before anything runs.
GAME_COUNTS = (["1", "2"], ["0", "-1", "x", str(meeple.MAX_MATCH_GAMES + 1), str(10**30)])
THREADS = (["1", "2"], ["0", "257", "x"])


def files(tmp: Path) -> dict[str, Path]:
    """The files the commands are given, by kind."""
    g = meeple.new_game("catan", players=3, seed=2)
    while not g.is_terminal:
        g.apply_action(g.legal_actions()[0])
    record = json.loads(g.record())
    made = {
        "record": json.dumps(record),
        "position": g.to_json(),
        "two records": json.dumps(record) + "\n\n" + json.dumps(record),
        "empty": "",
        "not json": "{",
        "deep": "[" * 50_000 + "]" * 50_000,
        "a list": "[1, 2]",
        "map": json.dumps(
            json.loads(
                (
                    Path(__file__).resolve().parent.parent / "src/catan/data/catan_maps.json"
                ).read_text()
            )["maps"]["base_beginner"]
        ),
        "a string": json.dumps("x"),
    }
    out = {}
    for name, text in made.items():
        path = tmp / (name.replace(" ", "_") + ".jsonl")
        path.write_text(text + "\n")
        out[name] = path
    out["binary"] = tmp / "binary.jsonl"
    out["binary"].write_bytes(bytes(range(256)) * 4)
    out["folder"] = tmp
    out["missing"] = tmp / "no" / "such.jsonl"
    return out


def option_args(game: str, data: st.DataObject) -> list[str]:
    """One or two `--option name=value` pairs: a real option of the game with its default or an
    odd value written as JSON, an unknown option, or a malformed pair."""
    specs = meeple.game_info(game)["options"] if game in GAMES else {"x": {"default": 1}}
    out: list[str] = []
    for _ in range(data.draw(st.integers(1, 2), label="options")):
        kind = data.draw(st.sampled_from(["default", "default", "odd", "no equals", "unknown"]))
        name = data.draw(st.sampled_from(sorted(specs)), label="option name")
        if kind == "no equals":
            out += ["--option", name]
        elif kind == "unknown":
            out += ["--option", "no_such_option=1"]
        elif kind == "default":
            out += ["--option", f"{name}={json.dumps(specs[name]['default'])}"]
        else:
            value = data.draw(st.sampled_from([*ODD_VALUES, "random", "[[[[]]]]", "{"]))
            out += ["--option", f"{name}={value if isinstance(value, str) else json.dumps(value)}"]
    return out


def flags(data: st.DataObject, choices: dict[str, tuple[list[str], list[str]] | None]) -> list[str]:
    """Some of the named options, each with a drawn value: a good one three times in four, else
    an odd one (None: a flag without value)."""
    out: list[str] = []
    for name in data.draw(st.lists(st.sampled_from(sorted(choices)), max_size=4, unique=True)):
        values = choices[name]
        if values is None:
            out.append(name)
            continue
        good, odd = values
        pool = odd if data.draw(st.integers(0, 3), label="odd") == 0 else good
        out += [name, data.draw(st.sampled_from(pool), label=name)]
    return out


def arguments(data: st.DataObject, paths: dict[str, Path], tmp: Path) -> tuple[list[str], str]:
    """A command line (and the text typed at its prompt)."""
    command = data.draw(
        st.sampled_from(["simulate", "play", "replay", "render", "tournament", "selfplay", "bench"])
    )
    odd_game = data.draw(st.integers(0, 9), label="odd game") == 0
    game = data.draw(st.sampled_from(ODD_GAMES if odd_game else GAMES), label="game")
    records = [str(paths[k]) for k in ("record", "two records", "position")]
    others = [str(p) for k, p in paths.items() if k not in ("record", "two records", "position")]
    bad_maps = [str(paths[k]) for k in ("a list", "binary", "missing", "folder", "deep", "empty")]
    common: dict[str, tuple[list[str], list[str]] | None] = {"--players": PLAYERS, "--seed": SEEDS}
    if game == "catan" or odd_game:
        common["--map"] = ([str(paths["map"])], bad_maps)
    outs = ([str(tmp / "out.jsonl")], [str(paths["missing"]), str(tmp)])
    typed = ""
    if command == "simulate":
        args = [game] + flags(
            data,
            {
                **common,
                "--games": GAME_COUNTS,
                "--bots": BOTS,
                "--rotate": None,
                "--threads": THREADS,
                "--out": outs,
                "--backend": (["serial"], ["no_such_backend"]),
                "--json": None,
            },
        )
    elif command == "play":
        args = [game] + flags(data, {**common, "--seat": SEATS, "--bots": BOTS})
        typed = "\n".join(data.draw(st.lists(st.sampled_from(["0", "1", "99", "x", "", "²"]))))
    elif command in ("replay", "render"):
        odd_file = data.draw(st.integers(0, 2), label="odd file") == 0
        args = [data.draw(st.sampled_from(others if odd_file else records), label="file")]
        if command == "replay":
            args += flags(data, {"--show": None, "--json": None})
        else:
            out_file = data.draw(st.sampled_from(["pic.svg", "pic.html", "pic.txt", "pic"]))
            args += ["--out", str(tmp / out_file)]
            steps = (["0", "1", "5"], ["-1", "x", "100000"])
            args += flags(
                data, {"--step": steps, "--seat": SEATS, "--line": (["1", "2"], ODD_INTS)}
            )
    elif command == "tournament":
        args = [game, "--bots", data.draw(st.sampled_from(["random;heuristic", *BOTS[1]]))]
        args += flags(data, {**common, "--games": GAME_COUNTS, "--out": outs})
    elif command == "selfplay":
        args = [game, "--games", "1", "--simulations", "2"] + flags(
            data,
            {
                **common,
                "--games": GAME_COUNTS,
                "--simulations": (["2"], ["0", "x"]),
                "--out": ([str(tmp / "data.npz")], [str(paths["missing"])]),
            },
        )
    else:
        args = [game, "--seconds", data.draw(st.sampled_from(["0.05", "0.05", "0", "x", "601"]))]
        common.pop("--seed")
        args += flags(data, {**common, "--threads": THREADS, "--json": None})
    if command not in ("replay", "render") and data.draw(st.booleans(), label="options"):
        args += option_args(game, data)
    if data.draw(st.integers(0, 9), label="stray") == 0:
        args.insert(data.draw(st.integers(0, len(args))), data.draw(st.sampled_from(["--x", "y"])))
    return [command, *args], typed


def assert_clean_exit(code: int, out: str, exc: BaseException | None) -> None:
    assert exc is None or isinstance(exc, SystemExit), f"{type(exc).__name__}: {exc}\n{out}"
    assert code in (0, 2), out
    assert "Traceback" not in out, out
    if code == 2:
        lines = out.strip().splitlines()
        assert lines and lines[-1].startswith("Error: "), out
        assert len(lines[-1]) <= 500, lines[-1]
        # One line, or click's usage line, its help hint and a blank line before it.
        assert len(lines) == 1 or lines[0].startswith("Usage: "), out


def test_mangled_command_lines_exit_cleanly(tmp_path: Path) -> None:
    paths = files(tmp_path)

    @fuzz(150)
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        args, typed = arguments(data, paths, tmp_path)
        result = CliRunner().invoke(main, args, input=typed)
        assert_clean_exit(result.exit_code, result.output, result.exception)

    check()


def test_mangled_record_files_replay_cleanly(tmp_path: Path) -> None:
    """`meeple replay` on a record mangled inside: exit 0 (all valid) or one line, exit 2."""
    g = meeple.new_game("san_juan", players=3, seed=4)
    while not g.is_terminal:
        g.apply_action(g.legal_actions()[-1])
    record: dict[str, Any] = json.loads(g.record())
    path = tmp_path / "games.jsonl"

    @fuzz(60)
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        rec = json.loads(json.dumps(record))
        mutate_json(rec, data)
        path.write_text(json.dumps(rec) + "\n")
        result = CliRunner().invoke(main, ["replay", str(path), "--json"])
        assert_clean_exit(result.exit_code, result.output, result.exception)

    check()
