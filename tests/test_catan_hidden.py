"""Catan: determinization depends only on what the observer knows (review finding, fixed).

Two positions that differ only in a hand seat 0 cannot see must determinize identically for the
same seed, even when seat 0's knowledge of the hands is so tight that random deals rarely fit
(the old code then fell back to the real hands: a leak of hidden information).
"""

from __future__ import annotations

import json
import random
from typing import Any

import meeple


def _main_phase(seed: int = 3) -> dict[str, Any]:
    g = meeple.new_game("catan", players=3, seed=seed, player_trades="off")
    rng = random.Random(seed)
    while True:
        doc: dict[str, Any] = json.loads(g.to_json())
        if doc["state"]["phase"] == "main" and doc["state"].get("turns_played", 0) >= 1:
            return doc
        g.apply_action(rng.choice(g.legal_actions()))


def _position(doc: dict[str, Any], hand1: dict[str, int], hand2: dict[str, int]) -> meeple.Game:
    doc = json.loads(json.dumps(doc))
    del doc["history"]  # an edited position has no known past
    s = doc["state"]
    hands: list[dict[str, int]] = [{}, hand1, hand2]
    for p in range(3):
        s["players"][p]["resources"] = hands[p]
        s["players"][p]["knowledge"] = [
            None if q == p else {"at_least": hands[q], "at_most": hands[q]} for q in range(3)
        ]
    # Seat 0 knows only upper bounds on the others' hands.
    s["players"][0]["knowledge"][1] = {"at_least": {}, "at_most": {"lumber": 5, "wool": 1}}
    s["players"][0]["knowledge"][2] = {
        "at_least": {},
        "at_most": {"lumber": 1, "brick": 4, "wool": 1},
    }
    held = {"lumber": 0, "brick": 0, "wool": 0}
    for h in (hand1, hand2):
        for k, v in h.items():
            held[k] += v
    s["bank"] = {
        "lumber": 19 - held["lumber"],
        "brick": 19 - held["brick"],
        "wool": 19 - held["wool"],
        "grain": 19,
        "ore": 19,
    }
    return meeple.from_json(json.dumps(doc))


def test_determinize_never_reveals_the_real_hands() -> None:
    doc = _main_phase()
    # Two deals consistent with seat 0's knowledge: same observation, different truth.
    a = _position(doc, {"lumber": 5}, {"brick": 4, "wool": 1})
    b = _position(doc, {"lumber": 4, "wool": 1}, {"lumber": 1, "brick": 4})
    assert a.observation(0) == b.observation(0)
    seen = set()
    for seed in range(200):
        da = json.loads(a.determinize(0, seed).to_json())["state"]["players"]
        db = json.loads(b.determinize(0, seed).to_json())["state"]["players"]
        assert [p["resources"] for p in da] == [p["resources"] for p in db], seed
        seen.add(json.dumps(da[1]["resources"], sort_keys=True))
    # Both deals occur.
    assert len(seen) == 2
