"""Robustness of replay records (`Game.record()`, the lines of `meeple simulate --out`, read by
`meeple.replay` and `meeple replay`): a mangled record is refused with a ValueError, or replays
into a game that plays on (every legal action applies, every state reached reloads equal) and
whose own record replays to the same state; never a crash.

Hypothesis mutates real records of every game and module: an action replaced, moved by one,
dropped, duplicated or swapped, the list cut short, an envelope field (seed, players, options,
chance, format, game) changed, dropped or added, an option changed.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

import meeple
from fuzzing import CONFIGS, ODD_VALUES, exercise, fuzz, mutate_json
from meeple.cli import main


def records(game: str, players: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    """Records of one random game of this configuration: early, mid-game and finished, with
    auto chance (outcomes drawn from the seed) and with explicit chance."""
    out = []
    for chance in ("auto", "explicit"):
        rng = random.Random(7)
        g = meeple.new_game(game, players=players, seed=9, chance=chance, **options)
        step = 0
        while not g.is_terminal:
            g.apply_action(rng.choice(g.legal_actions()))
            step += 1
            if step in (25, 300):
                out.append(json.loads(g.record()))
        out.append(json.loads(g.record()))
    return out


def mutate_record(rec: dict[str, Any], data: st.DataObject) -> None:
    where = data.draw(st.sampled_from(["actions", "actions", "cut", "field", "options"]))
    # An earlier mutation may have replaced or dropped the actions or the options.
    actions = rec.get("actions")
    has_actions = isinstance(actions, list) and bool(actions)
    if where == "actions" and has_actions:
        mutate_json(actions, data)
    elif where == "cut" and has_actions:
        del actions[data.draw(st.integers(0, len(actions) - 1), label="cut at") :]
    elif where == "options" and isinstance(rec.get("options"), dict) and rec["options"]:
        mutate_json(rec["options"], data)
    else:
        field = data.draw(st.sampled_from([*sorted(rec), "extra"]), label="field")
        op = data.draw(st.sampled_from(["replace", "drop", "nudge"]), label="field op")
        if op == "drop":
            rec.pop(field, None)
        elif op == "nudge" and isinstance(rec.get(field), int):
            rec[field] += data.draw(st.sampled_from([1, -1]), label="by")
        else:
            odd = [*ODD_VALUES, "auto", "explicit", "catan", "san_juan", 2**64]
            rec[field] = data.draw(st.sampled_from(odd), label="field value")


@pytest.mark.parametrize(
    ("game", "players", "options"),
    CONFIGS,
    ids=[f"{g}-{p}p-" + "-".join(sorted(o)) for g, p, o in CONFIGS],
)
def test_mangled_records_are_refused_or_work(
    game: str, players: int, options: dict[str, Any]
) -> None:
    recs = records(game, players, options)

    @fuzz(80)
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        rec = copy.deepcopy(data.draw(st.sampled_from(recs), label="record"))
        for _ in range(data.draw(st.integers(1, 2), label="mutations")):
            mutate_record(rec, data)
        as_text = data.draw(st.booleans(), label="as text")
        try:
            g = meeple.replay(json.dumps(rec) if as_text else rec)
        except ValueError:
            return
        again = meeple.replay(g.record())
        assert again.to_json() == g.to_json(), "the replayed game's record replays elsewhere"
        exercise(g, steps=10, width=8)

    check()


def test_a_changed_catan_roll_is_refused_by_meeple_replay(tmp_path: Path) -> None:
    """Issue 25.6 as found: a finished auto-chance Catan record with one roll changed replayed
    as "all valid"; the recorded outcomes are now drawn again from the RNG and compared."""
    g = meeple.new_game("catan", players=3, seed=12)
    rng = random.Random(2)
    while not g.is_terminal:
        g.apply_action(rng.choice(g.legal_actions()))
    record = json.loads(g.record())
    probe = meeple.new_game("catan", players=3, seed=12, chance="explicit")
    rolls = []
    for step, a in enumerate(record["actions"]):
        if probe.is_chance_node and len(probe.chance_outcomes()) == 11:  # the two dice
            rolls.append((step, next(o for o, _ in probe.chance_outcomes() if o != a)))
        probe.apply_action(a)
    assert len(rolls) > 10
    step, other = rolls[len(rolls) // 2]
    record["actions"][step] = other
    path = tmp_path / "tampered.jsonl"
    path.write_text(json.dumps(record) + "\n")
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 2, result.output
    assert f"replay step {step}: recorded chance outcome" in result.output
    assert "all valid" not in result.output
