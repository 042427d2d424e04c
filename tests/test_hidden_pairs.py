"""Hidden information by construction: two positions that differ only in what a seat cannot see
(a hidden card of another seat swapped with one of the supply, written into the position JSON)
must give that seat the same observation and tensor. The same swap made in the seat's own hand
must change what it sees, so each pair builder is shown to touch real, visible-to-someone data.

The hidden fields are named per game in `SWAPS`, the position format being the documented one.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import meeple

State = dict[str, Any]
# (state, owner seat, rng) -> True if the owner's hidden part was swapped with the supply.
Swap = Callable[[State, int, random.Random], bool]


def _swap_counts(hand: dict[str, int], supply: dict[str, int], rng: random.Random) -> bool:
    """One card of a kind in `hand` goes to `supply`, one of another kind comes back."""
    mine = sorted(k for k, n in hand.items() if n > 0)
    theirs = sorted(k for k, n in supply.items() if n > 0)
    pairs = [(a, b) for a in mine for b in theirs if a != b]
    if not pairs:
        return False
    a, b = rng.choice(pairs)
    hand[a] -= 1
    supply[a] = supply.get(a, 0) + 1
    supply[b] -= 1
    hand[b] = hand.get(b, 0) + 1
    for d in (hand, supply):
        for k in [k for k, n in d.items() if n == 0]:
            del d[k]
    return True


def _reference(state: State, p: int, rng: random.Random) -> bool:
    card = state["hands"][p]
    others = [r for r in range(1, 6) if r != card and state["deck"][r - 1] > 0]
    if card == 0 or not others:
        return False
    r = rng.choice(others)
    state["deck"][card - 1] += 1
    state["deck"][r - 1] -= 1
    state["hands"][p] = r
    return True


def _san_juan(state: State, p: int, rng: random.Random) -> bool:
    player = state["players"][p]
    # Cards of the hand that others know (shown to them) stay.
    known = player.get("known_hand", {})
    free = {k: n - known.get(k, 0) for k, n in player["hand"].items()}
    hand = {k: n for k, n in free.items() if n > 0}
    before = dict(hand)
    if not _swap_counts(hand, state["supply"], rng):
        return False
    for k in set(before) | set(hand):
        total = hand.get(k, 0) + known.get(k, 0)
        if total:
            player["hand"][k] = total
        else:
            player["hand"].pop(k, None)
    return True


def _kingdom_builder(state: State, p: int, rng: random.Random) -> bool:
    player = state["players"][p]
    card = player.get("hand")
    if "draw_pile" in state:
        pile = state["draw_pile"]
    else:
        # Positions no longer write the draw pile: every terrain card (5 of each) not discarded,
        # removed or in a hand (docs/games/kingdom_builder.md); loading recomputes it.
        pile = dict.fromkeys(("grass", "canyon", "desert", "flower", "forest"), 5)
        for part in (state["discard"], state["removed"]):
            items = part.items() if isinstance(part, dict) else ((t, 1) for t in part)
            for terrain, n in items:
                pile[terrain] -= n
        for other in state["players"]:
            if other.get("hand") is not None:
                pile[other["hand"]] -= 1
    others = sorted(k for k, n in pile.items() if n > 0 and k != card)
    if not card or not others:
        return False
    b = rng.choice(others)
    if "draw_pile" in state:
        pile[card] = pile.get(card, 0) + 1
        pile[b] -= 1
        if pile[b] == 0:
            del pile[b]
    player["hand"] = b
    return True


def _catan(state: State, p: int, rng: random.Random) -> bool:
    return _swap_counts(state["players"][p]["development_cards"], state["development_deck"], rng)


SWAPS: dict[str, Swap] = {
    "_reference": _reference,
    "san_juan": _san_juan,
    "kingdom_builder": _kingdom_builder,
    "catan": _catan,
}

# Every configuration with hidden information in a seat's hand, with the swap of its game.
CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("_reference", 3, {}),
    ("_reference", 4, {}),
    ("san_juan", 2, {}),
    ("san_juan", 4, {}),
    ("san_juan", 3, {"drafted_hands": True}),
    ("kingdom_builder", 2, {}),
    ("kingdom_builder", 4, {}),
    ("catan", 3, {}),
    ("catan", 4, {"event_cards": True}),
    ("catan", 2, {}),
    ("catan", 3, {"scenario": "traders_barbarians"}),
]


def _with_state(g: meeple.Game, state: State) -> meeple.Game:
    doc = json.loads(g.to_json())
    doc["state"] = state
    # The edited state is a position without a known past: the real history no longer replays
    # to it, so loading drops it.
    return meeple.from_json(json.dumps(doc))


def _positions(game: str, players: int, options: dict[str, Any]) -> list[meeple.Game]:
    """Mid-game positions of a few seeded random games (chance drawn inside apply_action)."""
    out = []
    for seed in range(3):
        g = meeple.new_game(game, players=players, seed=seed, **options)
        rng = random.Random(seed)
        while not g.is_terminal:
            out.append(g.clone())
            g.apply_action(rng.choice(g.legal_actions()))
    return out[:: max(1, len(out) // 40)]


def _same_view(a: meeple.Game, b: meeple.Game, seat: int) -> bool:
    return a.observation(seat) == b.observation(seat) and np.array_equal(
        a.observation_tensor(seat), b.observation_tensor(seat)
    )


@pytest.mark.parametrize(
    ("game", "players", "options"),
    CONFIGS,
    ids=[f"{g}-{p}p-" + "-".join(sorted(o)) for g, p, o in CONFIGS],
)
def test_hidden_swaps_are_invisible_to_the_others(
    game: str, players: int, options: dict[str, Any]
) -> None:
    swap = SWAPS[game]
    rng = random.Random(11)
    pairs = own_changes = 0
    for g in _positions(game, players, options):
        if g.is_terminal:
            continue
        for owner in range(players):
            state = json.loads(g.to_json())["state"]
            if not swap(state, owner, rng):
                continue
            try:
                other = _with_state(g, state)
            except ValueError:
                # Not a position of this game (the owner is to move and could not, or a card
                # bought this turn went back): the seat's view need not match one.
                continue
            assert other.to_json() != g.to_json()
            for seat in range(players):
                if seat == owner:
                    own_changes += not _same_view(g, other, seat)
                else:
                    pairs += 1
                    assert _same_view(g, other, seat), (
                        f"seat {seat} sees seat {owner}'s hidden cards: {game} {options}"
                    )
    assert pairs >= 20, f"only {pairs} pairs built"
    # The owner sees its own hand: the swap touched real data.
    assert own_changes > 0


def test_the_pair_check_catches_a_leaky_observation() -> None:
    for flaw, leaks in [("leaky_observation", True), ("leaky_tensor", True), ("none", False)]:
        g = meeple.new_game("_reference", players=3, seed=2, flaw=flaw)
        while g.is_chance_node:
            g.apply_action(g.legal_actions()[0])
        state = json.loads(g.to_json())["state"]
        assert _reference(state, 1, random.Random(1))
        assert _same_view(g, _with_state(g, state), 0) is not leaks, flaw
