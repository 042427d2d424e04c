"""Actions by label (issue 22 item 7) and the per-seat history (item 9), over every game."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

import meeple

GAMES = meeple.games()


def _walk(name: str, seed: int, steps: int, chance: str = "auto") -> list[meeple.Game]:
    """Some states of a seeded random game."""
    g = meeple.new_game(name, seed=seed, chance=chance)
    rng = random.Random(seed)
    states = [g.clone()]
    for _ in range(steps):
        if g.is_terminal:
            break
        g.apply_action(rng.choice(g.legal_actions()))
        states.append(g.clone())
    return states


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_label_parses_back(name: str) -> None:
    for g in _walk(name, seed=3, steps=120)[::10]:
        for a in g.legal_actions():
            assert g.string_to_action(g.action_to_string(a)) == a


@pytest.mark.parametrize("name", GAMES)
def test_label_of_an_illegal_action_raises_illegal_action_error(name: str) -> None:
    checked = 0
    for g in _walk(name, seed=5, steps=120)[::15]:
        if g.is_terminal:
            continue
        labels = [g.action_to_string(a) for a in range(g.num_distinct_actions)]
        counts = Counter(labels)
        legal = set(g.legal_actions())
        before = g.to_json()
        for a in [a for a in range(g.num_distinct_actions) if a not in legal][::7][:12]:
            if counts[labels[a]] != 1:
                continue
            with pytest.raises(meeple.IllegalActionError, match=re.escape(labels[a])):
                g.string_to_action(labels[a])
            checked += 1
        assert g.to_json() == before
    assert checked > 0


@pytest.mark.parametrize("name", GAMES)
def test_label_that_names_no_action_is_a_value_error(name: str) -> None:
    g = meeple.new_game(name, seed=1)
    with pytest.raises(ValueError, match="names no action") as e:
        g.string_to_action("no such action at all")
    assert not isinstance(e.value, meeple.IllegalActionError)


def test_illegal_message_carries_the_games_reason() -> None:
    # Kingdom Builder's apply names the rule; the message must reach the user.
    g = meeple.new_game("kingdom_builder", players=2, seed=1)
    legal = set(g.legal_actions())
    bad = next(a for a in range(g.num_distinct_actions) if a not in legal)
    with pytest.raises(meeple.IllegalActionError) as e:
        g.string_to_action(g.action_to_string(bad))
    assert "not among the legal actions" not in str(e.value)
    with pytest.raises(meeple.IllegalActionError) as e2:
        g.apply_action(bad)
    assert str(e.value) == str(e2.value)


def _edge_alias(label: str) -> str | None:
    """The documented input alias of a canonical edge name in a Catan label."""
    m = re.search(r"\b(NE|E|SE)\((-?\d+),(-?\d+)\)", label)
    if m is None:
        return None
    tag, q, r = m.group(1), int(m.group(2)), int(m.group(3))
    alias = {
        "E": f"W({q + 1},{r})",
        "SE": f"NW({q},{r + 1})",
        "NE": f"SW({q + 1},{r - 1})",
    }[tag]
    return label[: m.start()] + alias + label[m.end() :]


def test_catan_edge_aliases() -> None:
    g = meeple.new_game("catan", players=3, seed=2)
    g.apply_action(g.legal_actions()[0])  # a settlement: roads are next
    tags = set()
    for a in g.legal_actions():
        label = g.action_to_string(a)
        alias = _edge_alias(label)
        assert alias is not None, label
        assert g.string_to_action(alias) == a
        tags.add(alias.split()[1].split("(")[0])
    assert len(tags) >= 2
    # An alias of a road that is not legal now is refused as illegal, not unknown.
    legal = set(g.legal_actions())
    other = next(
        a
        for a in range(g.num_distinct_actions)
        if a not in legal and g.action_to_string(a).startswith("road E(")
    )
    alias = _edge_alias(g.action_to_string(other))
    assert alias is not None
    with pytest.raises(meeple.IllegalActionError):
        g.string_to_action(alias)


# Per-seat history.


def _observations_after(g: meeple.Game, outcome: int) -> list[object]:
    c = g.clone()
    c.apply_action(outcome)
    return [c.observation(s) for s in range(g.num_players)]


@pytest.mark.parametrize("name", [*GAMES, "_reference"])
def test_history_of_a_seat_hides_exactly_what_it_cannot_observe(name: str) -> None:
    """Judged by the observations, not by the hook: at each chance node, an outcome that leaves
    a seat's observation the same whatever is drawn must be hidden from it (-1), and one that the
    seat's observation tells apart from every other outcome must be shown."""
    hidden_seen = shown_seen = 0
    for seed in (1, 2):
        g = meeple.new_game(name, seed=seed, chance="explicit")
        rng = random.Random(seed)
        for _ in range(250):
            if g.is_terminal:
                break
            if not g.is_chance_node:
                g.apply_action(rng.choice(g.legal_actions()))
                continue
            outcomes = [a for a, _ in g.chance_outcomes()]
            a = rng.choice(outcomes)
            if len(outcomes) > 1:
                after = {b: _observations_after(g, b) for b in outcomes}
            g.apply_action(a)
            if len(outcomes) == 1:
                continue
            for s in range(g.num_players):
                same = [after[b][s] == after[a][s] for b in outcomes if b != a]
                mine = g.history(s)[-1]
                if all(same):
                    assert mine == -1, (name, s, g.action_to_string(a))
                    hidden_seen += 1
                elif not any(same):
                    assert mine == a, (name, s, g.action_to_string(a))
                    shown_seen += 1
    assert shown_seen > 0
    if name in ("san_juan", "kingdom_builder", "catan", "_reference"):
        assert hidden_seen > 0


@pytest.mark.parametrize("name", GAMES)
def test_history_of_a_seat_keeps_the_rest_and_survives_json(name: str) -> None:
    g = _walk(name, seed=4, steps=200)[-1]
    full = g.history()
    for s in range(g.num_players):
        mine = g.history(s)
        assert len(mine) == len(full)
        assert all(x == -1 or x == y for x, y in zip(mine, full, strict=True))
        assert meeple.from_json(g.to_json()).history(s) == mine
        assert meeple.replay(g.record()).history(s) == mine
    with pytest.raises(ValueError):
        g.history(g.num_players)


def test_dice_are_seen_by_everyone_and_a_drawn_card_by_its_owner() -> None:
    rng = random.Random(7)
    g = meeple.new_game("san_juan", players=3, seed=7)
    while len(g.history()) < 300 and not g.is_terminal:
        g.apply_action(rng.choice(g.legal_actions()))
    for s in range(3):
        assert -1 in g.history(s)
    c = meeple.new_game("catan", players=4, seed=7)
    while len(c.history()) < 300 and not c.is_terminal:
        c.apply_action(rng.choice(c.legal_actions()))
    full = c.history()
    dice = [i for i, a in enumerate(full) if c.action_to_string(a).startswith("dice ")]
    assert dice
    for s in range(4):
        assert all(c.history(s)[i] == full[i] for i in dice)
