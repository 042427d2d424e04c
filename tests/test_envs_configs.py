"""The configurations every adapter is checked on: every game and player count with default
options, and Catan with each Traders & Barbarians scenario, at 3 players and as Catan for Two."""

from __future__ import annotations

from typing import Any

import meeple

CATAN_SCENARIOS = [
    s for s in meeple.game_info("catan")["options"]["scenario"]["allowed"] if s != "none"
]


def configs() -> list[tuple[str, int, dict[str, Any]]]:
    out: list[tuple[str, int, dict[str, Any]]] = []
    for game in meeple.games():
        info = meeple.game_info(game)
        for players in range(info["min_players"], info["max_players"] + 1):
            out.append((game, players, {}))
    for scenario in CATAN_SCENARIOS:
        for players in (2, 3):
            out.append(("catan", players, {"scenario": scenario}))
    return out


CONFIGS = configs()
CONFIG_IDS = [f"{g}-{p}p" + "".join(f"-{v}" for v in o.values()) for g, p, o in CONFIGS]
