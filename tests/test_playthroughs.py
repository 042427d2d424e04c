"""Regenerate every committed playthrough and diff it: any rules change is visible in review.

After an intended change: `python -m meeple.playthrough --write tests/playthroughs`.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from meeple.playthrough import default_cases, file_name, playthrough

FOLDER = Path(__file__).parent / "playthroughs"


@pytest.mark.parametrize(("game", "players", "seed"), default_cases())
def test_playthrough_unchanged(game: str, players: int, seed: int) -> None:
    path = FOLDER / file_name(game, players, seed)
    assert path.exists(), f"no playthrough for {game} ({players}p): regenerate them"
    expected = path.read_text()
    actual = playthrough(game, players, seed)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), "committed", "now", lineterm="", n=2
        )
        pytest.fail("playthrough changed:\n" + "\n".join(list(diff)[:60]))
