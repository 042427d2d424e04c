"""Per-seat history of player actions (issue 22 item 9): another seat's secret decision (a card
discarded face down, Castles of Burgundy's secret board choice) is -1 in history(seat), judged
by the observations, and the marking survives to_json / from_json and replay."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import meeple

# Every game and module with a secret player decision, and the plain configurations of the rest.
CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("castles_of_burgundy", 3, {"experienced_variant": True, "secret_board_choice": True}),
    ("castles_of_burgundy", 2, {"experienced_variant": True}),
    ("san_juan", 3, {}),
    ("san_juan", 4, {"drafted_hands": True}),
    ("puerto_rico", 3, {}),
    ("kingdom_builder", 2, {}),
    ("catan", 3, {}),
    ("catan", 4, {"event_cards": True}),
]
IDS = [f"{g}-{p}p-" + "-".join(sorted(o)) for g, p, o in CONFIGS]


def _views_after(g: meeple.Game, action: int) -> list[object]:
    c = g.clone()
    c.apply_action(action)
    return [(c.observation(s), c.observation_tensor(s).tolist()) for s in range(g.num_players)]


def _identified(g: meeple.Game, a: int, seat: int, after_a: object) -> bool:
    """Whether `seat` learns from its observation which action was played: no action of any
    state it cannot tell from this one (a few determinizations, whose hidden parts and so legal
    actions may differ) leaves it the same observation as `a` does here."""
    for k in range(3):
        d = g.determinize(seat, seed=k)
        for b in d.legal_actions():
            if b != a and _views_after(d, b)[seat] == after_a:
                return False
    return True


def _random_game(game: str, players: int, options: dict[str, Any], seed: int) -> meeple.Game:
    g = meeple.new_game(game, players=players, seed=seed, **options)
    rng = random.Random(seed)
    while not g.is_terminal and len(g.history()) < 400:
        g.apply_action(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS, ids=IDS)
def test_a_seat_sees_exactly_the_actions_its_observation_tells_apart(
    game: str, players: int, options: dict[str, Any]
) -> None:
    """At a player's decision: an action that leaves another seat's observation the same
    whatever the actor picks must be -1 in that seat's history; one that the seat's
    observation tells apart from every other pick (in every state the seat cannot tell from
    this one) must be shown. The actor sees its own."""
    hidden = shown = 0
    for seed in (1, 2):
        g = meeple.new_game(game, players=players, seed=seed, **options)
        rng = random.Random(seed)
        for _ in range(140):
            if g.is_terminal:
                break
            legal = g.legal_actions()
            a = rng.choice(legal)
            actor = g.current_player
            after = {b: _views_after(g, b) for b in legal} if len(legal) > 1 else {}
            index = len(g.history())
            before = g.clone()
            g.apply_action(a)
            if not after:
                continue
            for s in range(g.num_players):
                mine = g.history(s)[index]
                if s == actor:
                    assert mine == a
                    continue
                same = [after[b][s] == after[a][s] for b in legal if b != a]
                label = before.action_to_string(a)
                if all(same):
                    assert mine == -1, (game, s, label)
                    hidden += 1
                elif not any(same) and _identified(before, a, s, after[a][s]):
                    assert mine == a, (game, s, label)
                    shown += 1
    assert shown > 0
    if game in ("san_juan", "catan") or options.get("secret_board_choice"):
        assert hidden > 0


SECRET = [0, 2, 3, 6, 7]  # the configurations with secret decisions


@pytest.mark.parametrize(
    ("game", "players", "options"), [CONFIGS[i] for i in SECRET], ids=[IDS[i] for i in SECRET]
)
def test_secret_actions_stay_hidden_through_json_and_replay(
    game: str, players: int, options: dict[str, Any]
) -> None:
    g = _random_game(game, players, options, seed=3)
    full = g.history()
    marked = 0
    for s in range(players):
        mine = g.history(s)
        assert len(mine) == len(full)
        assert all(x == -1 or x == y for x, y in zip(mine, full, strict=True))
        marked += mine.count(-1)
        assert meeple.from_json(g.to_json()).history(s) == mine
        assert meeple.replay(g.record()).history(s) == mine
    assert marked > 0


def test_castles_secret_board_choice_is_hidden_from_the_others_only() -> None:
    g = meeple.new_game(
        "castles_of_burgundy",
        players=3,
        seed=5,
        chance="explicit",
        experienced_variant=True,
        secret_board_choice=True,
    )
    start = len(g.history())
    picks: list[tuple[int, int]] = []
    while not g.is_chance_node:
        picks.append((g.current_player, len(g.history())))
        g.apply_action(g.legal_actions()[-1])
    assert len(picks) == 6  # side and castle for each of 3 players
    for seat in range(3):
        mine = g.history(seat)
        for who, i in picks[:-1]:
            assert (mine[i] == -1) == (who != seat), (seat, who, i)
        # The last castle reveals every pick at once: it is public.
        assert mine[picks[-1][1]] == g.history()[picks[-1][1]]
        assert mine[:start] == g.history()[:start]
    # The open choice is public.
    o = meeple.new_game(
        "castles_of_burgundy", players=3, seed=5, chance="explicit", experienced_variant=True
    )
    while not o.is_chance_node:
        o.apply_action(o.legal_actions()[-1])
    for seat in range(3):
        assert o.history(seat) == o.history()


def test_san_juan_payment_cards_are_secret_and_the_building_public() -> None:
    g = meeple.new_game("san_juan", players=2, seed=11)
    rng = random.Random(11)
    checked = 0
    while not g.is_terminal and checked < 20:
        obs = g.observation(g.current_player) if not g.is_chance_node else {}
        phase = obs.get("phase") if isinstance(obs, dict) else None
        a = rng.choice(g.legal_actions())
        actor = g.current_player
        label = g.action_to_string(a)
        g.apply_action(a)
        if phase not in ("build", "build_pay"):
            continue
        i = len(g.history()) - 1
        while g.history()[i] != a:
            i -= 1
        other = 1 - actor
        secret = phase == "build_pay" and not label.startswith("pay good")
        assert (g.history(other)[i] == -1) == secret, (phase, label)
        checked += 1
    assert checked > 0


def test_an_edited_export_with_its_history_loads() -> None:
    """Issue 22.6: the history no longer leads to an edited state, so loading drops it."""
    g = _random_game("puerto_rico", 3, {}, seed=2)
    doc = json.loads(g.to_json())
    assert doc["history"]
    doc["state"]["players"][0]["doubloons"] += 1
    edited = meeple.from_json(json.dumps(doc))
    assert edited.history() == []
    assert (
        json.loads(edited.to_json())["state"]["players"][0]["doubloons"]
        == (doc["state"]["players"][0]["doubloons"])
    )
    with pytest.raises(ValueError, match="no replay record"):
        edited.record()
    # The unedited export keeps its history and record.
    assert meeple.from_json(g.to_json()).history() == g.history()
