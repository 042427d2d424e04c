"""Game options from the command line: ``--option name=value`` pairs and ``--map FILE``.

Option values are data only (the engine never reads a file named in one), so a map kept in a
file is read here, by the CLI, and passed to the engine as the ``map`` option's value. Errors are
``ValueError``s: the command group turns them into one line and exit code 2.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

# A Catan map is a few kilobytes; the cap keeps a device file or a huge file from filling memory.
MAX_MAP_BYTES = 4 * 1024 * 1024

F = TypeVar("F", bound=Callable[..., Any])


def map_option(f: F) -> F:
    """The ``--map FILE`` option of every command that creates games with options."""
    return click.option(
        "--map",
        "map_file",
        type=click.Path(path_type=Path),
        help="Catan: a map file (a JSON object in the map format of docs/games/catan.md), "
        "passed as the 'map' option.",
    )(f)


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    """``name=value`` pairs as an options dict (a value is JSON, or else a plain word)."""
    out: dict[str, Any] = {}
    for p in pairs:
        if "=" not in p:
            raise ValueError(
                f"bad --option {p[:100]!r}: expected name=value (value as JSON or a word)"
            )
        k, v = p.split("=", 1)
        try:
            out[k] = json.loads(v)
        except json.JSONDecodeError:
            out[k] = v
        except RecursionError:
            raise ValueError(f"bad --option {k[:100]!r}: JSON nested too deep") from None
    return out


def read_map(path: Path) -> dict[str, Any]:
    """The map object in the file at `path`, or a ValueError naming the file and the problem."""
    name = repr(str(path)[:200])
    try:
        with path.open("rb") as f:
            data = f.read(MAX_MAP_BYTES + 1)
    except OSError as e:
        raise ValueError(f"cannot read --map {name}: {e.strerror or e}") from None
    if len(data) > MAX_MAP_BYTES:
        raise ValueError(f"--map {name}: larger than {MAX_MAP_BYTES} bytes (not a map)")
    try:
        value = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise ValueError(f"--map {name}: not UTF-8 text (byte {e.start})") from None
    except json.JSONDecodeError as e:
        raise ValueError(f"--map {name}: not JSON: {e}") from None
    except RecursionError:
        raise ValueError(f"--map {name}: JSON nested too deep") from None
    if not isinstance(value, dict):
        raise ValueError(
            f"--map {name}: expected a JSON object (a map), got {type(value).__name__}"
        )
    return value


def game_options(pairs: Sequence[str], map_file: Path | None) -> dict[str, Any]:
    """The options of `--option` pairs, with the map read from `map_file` if one is given."""
    options = parse_options(pairs)
    if map_file is not None:
        if "map" in options:
            raise ValueError("give the map once: --map FILE or --option map=..., not both")
        options["map"] = read_map(map_file)
    return options
