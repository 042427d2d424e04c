"""Golden pictures: seeded mid-game positions of every game and Catan module, drawn as SVG.

The tests regenerate each and diff it against the committed file (like the playthroughs), so a
change to a picture or to the rules is visible in review. After an intended change:

    python -m meeple.render.snapshots --write tests/render_snapshots
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import Any, NamedTuple

import meeple
from meeple import render


class Case(NamedTuple):
    name: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    steps: int
    seat: int | None


CASES = [
    Case("catan", "catan", 4, {}, 1, 300, None),
    Case("catan_seat0", "catan", 4, {}, 1, 300, 0),
    Case("catan_for_two", "catan", 2, {}, 2, 200, None),
    Case(
        "catan_events_harbormaster",
        "catan",
        4,
        {"event_cards": True, "harbormaster": True, "friendly_robber": True},
        3,
        300,
        None,
    ),
    Case("catan_fishermen", "catan", 4, {"scenario": "fishermen"}, 4, 300, None),
    Case("catan_rivers", "catan", 4, {"scenario": "rivers"}, 5, 300, None),
    Case("catan_caravans", "catan", 4, {"scenario": "caravans"}, 6, 300, None),
    Case("catan_barbarian_attack", "catan", 4, {"scenario": "barbarian_attack"}, 7, 400, None),
    Case("catan_traders_barbarians", "catan", 4, {"scenario": "traders_barbarians"}, 8, 300, None),
    Case("kingdom_builder", "kingdom_builder", 4, {}, 1, 120, None),
    Case("castles_of_burgundy", "castles_of_burgundy", 4, {}, 1, 120, None),
    Case("puerto_rico", "puerto_rico", 4, {}, 1, 200, None),
    Case("san_juan", "san_juan", 4, {}, 1, 150, 0),
]


def position(case: Case) -> meeple.Game:
    """The case's game after ``steps`` seeded random moves (fewer if it ends first)."""
    g = meeple.new_game(case.game, players=case.players, seed=case.seed, **case.options)
    rng = random.Random(case.seed)
    for _ in range(case.steps):
        if g.is_terminal:
            break
        g.apply_action(rng.choice(g.legal_actions()))
    return g


def snapshot(case: Case) -> str:
    """The case's SVG, one element a line so that a change reads as a small diff."""
    return render.to_svg(position(case), case.seat).replace("><", ">\n<")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--write", type=Path, required=True, help="folder for the .svg files")
    args = ap.parse_args()
    args.write.mkdir(parents=True, exist_ok=True)
    for case in CASES:
        (args.write / f"{case.name}.svg").write_text(snapshot(case))
        print(f"wrote {args.write / (case.name + '.svg')}")


if __name__ == "__main__":
    main()
