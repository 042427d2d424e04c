"""Puerto Rico's `hidden_vp` (issue 26): the chips are hidden from the observation, but a seat with
perfect recall deduces them, so determinize rightly keeps them. Shown here by rebuilding every
opponent's chips from what the seat saw: the set-up and `history(seat)`."""

from __future__ import annotations

import json
import random

import pytest

import meeple


def _vp(g: meeple.Game) -> list[int]:
    return [p["vp"] for p in json.loads(g.to_json())["state"]["players"]]


def _without_rng(g: meeple.Game) -> dict[str, object]:
    state = json.loads(g.to_json())["state"]
    return {k: v for k, v in state.items() if k != "rng"}


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {}), (5, {}), (4, {"new_buildings": True}), (4, {"nobles": True})],
)
def test_every_opponents_chips_follow_from_the_public_history(
    players: int, options: dict[str, bool]
) -> None:
    for seed in (1, 2):
        g = meeple.new_game(
            "puerto_rico",
            players=players,
            seed=seed,
            chance="explicit",
            hidden_vp=True,
            **options,
        )
        start = g.clone()
        assert _vp(start) == [0] * players  # nobody starts with chips (the rules)
        rng = random.Random(seed)
        hidden_seen = False
        while not g.is_terminal and len(g.history()) < 600:
            if g.is_chance_node:
                outcomes, weights = zip(*g.chance_outcomes(), strict=True)
                g.apply_action(rng.choices(outcomes, weights)[0])
            else:
                g.apply_action(rng.choice(g.legal_actions()))
            if len(g.history()) % 25 == 0:
                # The kit's rule for a deducible hidden part (KitRules::deducible_hidden, as
                # the Rust kit runs Puerto Rico): determinize changes nothing but the RNG.
                for seat in range(players):
                    d = g.determinize(seat, seed=len(g.history()))
                    assert _without_rng(d) == _without_rng(g)
                    assert d.observation(seat) == g.observation(seat)
            obs = g.observation(0)
            if not g.is_terminal and any(
                p["vp"] is None and v > 0 for p, v in zip(obs["players"], _vp(g), strict=True)
            ):
                hidden_seen = True
        assert hidden_seen, "the chips were hidden from the observation"
        for seat in range(players):
            # What the seat knows: the set-up (with another RNG) and the history it saw.
            mine = g.history(seat)
            assert -1 not in mine
            model = start.determinize(seat, seed=1000 + seat)
            for a in mine:
                model.apply_action(a)
            assert _vp(model) == _vp(g), seat
            # And determinize keeps exactly those chips.
            assert _vp(g.determinize(seat, seed=7)) == _vp(g)
