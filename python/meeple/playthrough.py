"""Playthroughs: a seeded random game written out as text, step by step (as OpenSpiel does).

Committed under ``tests/playthroughs/``; the test suite regenerates each one and diffs it, so any
change to the rules, labels or observations shows up in review. Regenerate after an intended
change with ``python -m meeple.playthrough --write tests/playthroughs``.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import meeple

# Every seat's observation is written at the start and the end; the mover's every this many steps.
OBSERVATION_EVERY = 100


def default_cases() -> list[tuple[str, int, int]]:
    """(game, players, seed): each game at its smallest and largest player count."""
    cases = []
    for name in [*meeple.games(), "_reference"]:
        info = meeple.game_info(name)
        for p in sorted({info["min_players"], info["max_players"]}):
            cases.append((name, p, 1))
    return cases


def playthrough(game: str, players: int, seed: int) -> str:
    g = meeple.new_game(game, players=players, seed=seed, chance="explicit")
    rng = random.Random(seed)
    lines = [f"game: {game}", f"players: {players}", f"seed: {seed}"]
    lines.append(f"options: {json.dumps(g.options, sort_keys=True)}")
    lines.append(f"num_distinct_actions: {g.num_distinct_actions}")
    step = 0

    def observe(seats: range | list[int]) -> None:
        for seat in seats:
            obs = json.dumps(g.observation(seat), sort_keys=True, separators=(",", ":"))
            lines.append(f"  observation[{seat}]: {obs}")

    observe(range(players))
    while not g.is_terminal:
        legal = g.legal_actions()
        if g.is_chance_node:
            outcomes = g.chance_outcomes()
            a = rng.choices([o[0] for o in outcomes], [o[1] for o in outcomes])[0]
            who = "chance"
        else:
            a = rng.choice(legal)
            who = f"player {g.current_player}"
        lines.append(f"{step}: {who} [{len(legal)} legal] {a} {g.action_to_string(a)}")
        g.apply_action(a)
        step += 1
        if step % OBSERVATION_EVERY == 0 and g.current_player >= 0:
            observe([g.current_player])
    observe(range(players))
    lines.append(f"scores: {g.scores()}")
    lines.append(f"winners: {g.winners()}")
    lines.append(f"returns: {g.returns()}")
    return "\n".join(lines) + "\n"


def file_name(game: str, players: int, seed: int) -> str:
    return f"{game.lstrip('_')}_{players}p_seed{seed}.txt"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", type=Path, required=True, help="folder to write into")
    args = parser.parse_args()
    args.write.mkdir(parents=True, exist_ok=True)
    for game, players, seed in default_cases():
        (args.write / file_name(game, players, seed)).write_text(playthrough(game, players, seed))
        print(f"wrote {file_name(game, players, seed)}")


if __name__ == "__main__":
    main()
