"""Chance, exactly: at every chance node of seeded games (chance="explicit"), the probabilities
sum to 1 and equal the distribution the rules give, computed from the position JSON: Catan's
dice are 2d6, Castles of Burgundy's dice are d6, and every draw is weighted by what is left of
each kind (cards in the deck or supply, tiles, goods in the bag)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

import meeple

State = dict[str, Any]
# (label match, state) -> the exact probability of that outcome.
Rule = Callable[[re.Match[str], State], Fraction]


def _share(counts: dict[str, int] | list[int], kind: str | int) -> Fraction:
    total = sum(counts.values()) if isinstance(counts, dict) else sum(counts)
    left = counts.get(kind, 0) if isinstance(counts, dict) else counts[int(kind)]
    return Fraction(left, total)


def _two_dice(m: re.Match[str], _: State) -> Fraction:
    return Fraction(6 - abs(int(m[1]) - 7), 36)


RULES: dict[str, list[tuple[str, Rule]]] = {
    "_reference": [(r"deal (\d)", lambda m, s: _share(s["deck"], int(m[1]) - 1))],
    "catan": [
        (r"dice (\d+)", _two_dice),
        (r"draw (\w+)", lambda m, s: _share(s["development_deck"], m[1])),
    ],
    "san_juan": [(r"draw (\w+)", lambda m, s: _share(s["supply"], m[1]))],
    "kingdom_builder": [(r"draw (\w+)", lambda m, s: _share(s["draw_pile"], m[1]))],
    "puerto_rico": [(r"draw (\w+)", lambda m, s: _share(s["deck"], m[1]))],
    "castles_of_burgundy": [
        (r"roll P\d die\d (\d)", lambda m, s: Fraction(1, 6)),
        (r"reveal goods(\d) ", lambda m, s: _share(s["goods_bag"], int(m[1]) - 1)),
    ],
}

KB_TERRAINS = ("grass", "canyon", "desert", "flower", "forest")


def _with_derived(game: str, g: meeple.Game, state: State) -> State:
    """Add the piles that positions no longer write (derived fields: docs/games/*.md)."""
    if game == "kingdom_builder" and "draw_pile" not in state:
        # Every terrain card (5 of each) not discarded, removed or in a hand.
        pile = dict.fromkeys(KB_TERRAINS, 5)
        for part in (state["discard"], state["removed"]):
            items = part.items() if isinstance(part, dict) else ((t, 1) for t in part)
            for terrain, n in items:
                pile[terrain] -= n
        for player in state["players"]:
            if player["hand"] is not None:
                pile[player["hand"]] -= 1
        state = {**state, "draw_pile": pile}
    if game == "castles_of_burgundy" and "goods_bag" not in state:
        state = {**state, "goods_bag": g.observation(0)["goods_bag"]}
    return state


CONFIGS = [
    ("_reference", 4),
    ("catan", 3),
    ("san_juan", 3),
    ("kingdom_builder", 3),
    ("puerto_rico", 4),
    ("castles_of_burgundy", 2),
]


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_chance_distributions_are_exact(game: str, players: int) -> None:
    rules = [(re.compile(p), r) for p, r in RULES[game]]
    checked = [0] * len(rules)
    for seed in range(2):
        g = meeple.new_game(game, players=players, seed=seed, chance="explicit")
        rng = random.Random(seed)
        while not g.is_terminal:
            if not g.is_chance_node:
                g.apply_action(rng.choice(g.legal_actions()))
                continue
            outcomes = g.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
            state = _with_derived(game, g, json.loads(g.to_json())["state"])
            for a, p in outcomes:
                label = g.action_to_string(a)
                for i, (pattern, rule) in enumerate(rules):
                    m = pattern.fullmatch(label) or pattern.match(label)
                    if m:
                        expected = rule(m, state)
                        assert abs(p - float(expected)) < 1e-12, (label, p, expected)
                        checked[i] += 1
                        break
            g.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
    assert all(checked), f"every kind of chance node met: {checked}"
