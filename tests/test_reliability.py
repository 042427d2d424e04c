"""Reliability (issue 25): no input crashes the process, Ctrl-C stops long calls, a
determinization carries no trace of the real hidden past, records and envelopes are checked,
one int rule, a game stays usable while a search runs on it, and every CLI error is one line."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

import meeple
from meeple._engine import check_bot_config, play_matches, random_games
from meeple.cli import main

REF = "_reference"
PYTHON_DIR = str(Path(meeple.__file__).resolve().parent.parent)


def nested(depth: int) -> Any:
    x: Any = 0
    for _ in range(depth):
        x = [x]
    return x


def finished(game: str, players: int, seed: int) -> meeple.Game:
    g = meeple.new_game(game, players=players, seed=seed)
    step = 0
    while not g.is_terminal:
        legal = g.legal_actions()
        g.apply_action(legal[(seed + step) % len(legal)])
        step += 1
    return g


# 1. Deep nesting is refused, not a crash.


def test_deeply_nested_values_are_refused() -> None:
    deep = nested(20_000)
    too_deep = f"nested more than {meeple.MAX_DEPTH} levels"
    with pytest.raises(ValueError, match=too_deep):
        meeple.new_game("catan", map=deep)
    with pytest.raises(ValueError, match=too_deep):
        random_games("catan", 3, 1, 0, 1, {"map": deep})
    g = meeple.new_game(REF, players=2)
    with pytest.raises(ValueError, match=too_deep):
        g.search({"kind": "mcts", "c": deep})
    with pytest.raises(ValueError, match=too_deep):
        check_bot_config({"kind": deep})
    with pytest.raises(ValueError, match=too_deep):
        meeple.replay({"game": REF, "actions": deep})
    cycle: list[Any] = []
    cycle.append(cycle)
    with pytest.raises(ValueError, match=too_deep):
        meeple.new_game("catan", map=cycle)
    # Within the limit, nesting is only data (the option's own check names the problem).
    with pytest.raises(ValueError) as info:
        meeple.new_game("catan", map=nested(meeple.MAX_DEPTH - 1))
    assert "nested" not in str(info.value)


# 2. Counts whose results cannot be held are refused up front.


def test_huge_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="games must be in 0..=10000000"):
        random_games("san_juan", 2, 10**9)
    with pytest.raises(ValueError, match="games must be in"):
        random_games("san_juan", 2, 2**62, 0, 2)
    g = meeple.new_game(REF, players=2)
    with pytest.raises(ValueError, match="games must be in"):
        g.random_playouts(2**40)
    with pytest.raises(ValueError, match="games must be in"):
        play_matches(REF, 2, [{"kind": "random"}], 2**62, 0, 2, True)
    with pytest.raises(ValueError, match="threads must be in"):
        random_games(REF, 2, 1, 0, 10**6)
    lengths, *_ = random_games(REF, 2, 0)
    assert lengths.shape == (0,)


# 3. Ctrl-C stops long calls promptly.

LONG_CALLS = {
    "search": "g = meeple.new_game('catan', players=3); "
    "g.search({'kind': 'mcts', 'iterations': 10**8, 'threads': 2})",
    "random_games": "random_games('catan', 4, 5 * 10**6, 0, 2)",
    "random_playouts": "meeple.new_game('catan', players=4).random_playouts(5 * 10**6)",
    "play_matches": "play_matches('catan', 3, [{'kind': 'mcts', 'iterations': 10**7}], 100,"
    " 0, 1, True)",
}


def run_and_interrupt(args: list[str], wait_for: str) -> tuple[int, str, float]:
    """Start a process, send SIGINT once it printed `wait_for` (plus a moment), return its exit
    code, stderr and seconds from the signal to the exit."""
    env = {**os.environ, "PYTHONPATH": PYTHON_DIR}
    proc = subprocess.Popen(
        args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert wait_for in line, line + (proc.stderr.read() if proc.stderr else "")
    time.sleep(0.5)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        _out, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise AssertionError("the process ignored Ctrl-C") from None
    return proc.returncode, err, time.monotonic() - sent


@pytest.mark.parametrize("call", sorted(LONG_CALLS))
def test_ctrl_c_interrupts_long_calls(call: str) -> None:
    script = (
        "import meeple, sys\n"
        "from meeple._engine import random_games, play_matches\n"
        "print('ready', flush=True)\n"
        "try:\n"
        f"    {LONG_CALLS[call]}\n"
        "except KeyboardInterrupt:\n"
        "    print('KeyboardInterrupt raised', file=sys.stderr)\n"
        "    sys.exit(3)\n"
    )
    code, err, seconds = run_and_interrupt([sys.executable, "-c", script], "ready")
    assert code == 3, err
    assert "PanicException" not in err and "capsule" not in err
    assert seconds < 10, f"took {seconds:.1f}s to stop"


def test_ctrl_c_in_the_cli_exits_130_with_one_line() -> None:
    script = (
        "import sys, meeple.cli\n"
        "print('ready', flush=True)\n"
        "sys.argv = ['meeple', 'simulate', 'catan', '--games', '100000', '--threads', '2',"
        " '--bots', 'mcts:iterations=100000', '--json']\n"
        "meeple.cli.main()\n"
    )
    code, err, seconds = run_and_interrupt([sys.executable, "-c", script], "ready")
    assert code == 130, err
    assert err.strip().splitlines() == ["Error: interrupted"], err
    assert seconds < 10


# 4. A determinization carries no trace of the real hidden past.


@pytest.mark.parametrize("game", meeple.games())
def test_determinization_has_no_history(game: str) -> None:
    g = meeple.new_game(game, players=3 if game != "castles_of_burgundy" else 2, seed=4)
    for i in range(40):
        if g.is_terminal:
            break
        legal = g.legal_actions()
        g.apply_action(legal[i % len(legal)])
    d = g.determinize(0, 9)
    assert d.history() == []
    assert json.loads(d.to_json())["history"] == []
    with pytest.raises(ValueError, match="no replay record"):
        d.record()
    # It still plays and round-trips as a position.
    assert meeple.from_json(d.to_json()).to_json() == d.to_json()


# 6. An altered chance outcome in an auto-chance record is refused.


def test_tampered_chance_outcome_is_refused() -> None:
    g = finished(REF, 3, 11)
    record = json.loads(g.record())
    # Find the chance steps by replaying with explicit chance.
    probe = meeple.new_game(REF, players=3, seed=11, chance="explicit")
    chance_steps = []
    for step, a in enumerate(record["actions"]):
        if probe.is_chance_node:
            others = [o for o, _ in probe.chance_outcomes() if o != a]
            if others:
                chance_steps.append((step, others[0]))
        probe.apply_action(a)
    assert chance_steps
    step, other = chance_steps[-1]
    record["actions"][step] = other
    with pytest.raises(ValueError, match=f"replay step {step}: recorded chance outcome"):
        meeple.replay(record)
    # The same record with explicit chance is a different (legal) game.
    record["chance"] = "explicit"
    meeple.replay(record)


# 8. The envelope is checked against the state.


def rng_paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(node, dict):
        if set(node) == {"s"} and isinstance(node["s"], list) and len(node["s"]) == 4:
            return [path]
        return [p for k, v in node.items() for p in rng_paths(v, (*path, k))]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in rng_paths(v, (*path, i))]
    return []


@pytest.mark.parametrize("game", [*meeple.games(), REF])
def test_all_zero_rng_state_is_refused(game: str) -> None:
    doc = json.loads(meeple.new_game(game, seed=2).to_json())
    paths = rng_paths(doc["state"])
    assert paths, "no RNG state found"
    for path in paths:
        node = doc["state"]
        for k in path:
            node = node[k]
        node["s"] = [0, 0, 0, 0]
    with pytest.raises(ValueError, match="all-zero RNG state"):
        meeple.from_json(json.dumps(doc))


def test_envelope_history_seed_and_options_are_checked() -> None:
    g = meeple.new_game(REF, players=3, seed=6)
    g.apply_action(g.legal_actions()[0])
    assert not g.is_terminal
    text = g.to_json()
    assert json.loads(meeple.from_json(text).record()) == json.loads(g.record())
    doc = json.loads(text)
    # No history: a position without a known past, so no record.
    doc["history"] = []
    loaded = meeple.from_json(json.dumps(doc))
    assert loaded.to_json() != text and json.loads(loaded.to_json())["history"] == []
    with pytest.raises(ValueError, match="no replay record"):
        loaded.record()
    # A history (or seed) that does not lead to the state is dropped (issue 22.6: an edited
    # export loads): the state loads as a position without a known past, with no record.
    for change in ("truncated", "seed", "illegal", "too_long"):
        doc = json.loads(text)
        if change == "truncated":
            doc["history"] = doc["history"][:-1]
        elif change == "seed":
            doc["seed"] = 7
        elif change == "illegal":
            doc["history"] = [10**6] * len(doc["history"])
        else:
            doc["history"] = doc["history"] * 10**5
        loaded = meeple.from_json(json.dumps(doc))
        assert loaded.history() == [], change
        assert json.loads(loaded.to_json())["state"] == doc["state"], change
        with pytest.raises(ValueError, match="no replay record"):
            loaded.record()
    # The strict path for records is replay: an altered record is refused, naming the step.
    record = json.loads(g.record())
    record["actions"] = record["actions"][:-1] + [10**6]
    with pytest.raises(meeple.IllegalActionError, match="replay step"):
        meeple.replay(record)
    # Options: an object, agreeing with the state's; missing ones come from the envelope.
    doc = json.loads(text)
    doc["options"] = "x"
    with pytest.raises(ValueError, match="'options' must be an object"):
        meeple.from_json(json.dumps(doc))
    doc = json.loads(text)
    doc["options"] = {"flaw": "unsorted_legal"}
    with pytest.raises(ValueError, match="option 'flaw' is \"unsorted_legal\" in 'options'"):
        meeple.from_json(json.dumps(doc))
    doc = json.loads(text)
    doc["state"]["config"]["options"] = {}
    assert meeple.from_json(json.dumps(doc)).to_json() == text
    # A fresh game's position without history is its setup: the record is known.
    fresh = json.loads(meeple.new_game(REF, players=2, seed=6).to_json())
    del fresh["history"]
    assert json.loads(meeple.from_json(json.dumps(fresh)).record())["seed"] == 6


# 10. One int rule everywhere.


def test_one_int_rule() -> None:
    g = meeple.new_game(REF, players=np.int64(2), seed=np.uint64(3))
    assert g.num_players == 2 and g.seed == 3
    a = g.legal_actions()[0]
    g.clone().apply_action(np.int32(a))
    assert g.observation(np.int8(1)) is not None
    for bad_action in (2**63, 2**64, -(2**70), -1):
        with pytest.raises(meeple.IllegalActionError):
            g.apply_action(bad_action)
    for bad in (True, 1.0, "1", None):
        with pytest.raises(ValueError, match="action must be an int"):
            g.apply_action(bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="seat"):
            g.observation(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed must be in"):
        g.determinize(0, -1)
    with pytest.raises(ValueError, match="seed must be in"):
        g.determinize(0, 2**64)
    with pytest.raises(ValueError, match="not a bool"):
        g.determinize(False, 1)
    with pytest.raises(ValueError, match="players must be a player count"):
        meeple.new_game(REF, players=2**64)
    with pytest.raises(ValueError, match="not a bool"):
        meeple.new_game(REF, players=True)
    with pytest.raises(ValueError, match="seed must be in"):
        meeple.new_game(REF, players=2, seed=2**64)
    with pytest.raises(ValueError, match="seed"):
        meeple.new_game(REF, players=2, seed=True)
    with pytest.raises(ValueError, match="seed must be in"):
        g.search({"kind": "random"}, -1)
    with pytest.raises(ValueError, match="action"):
        g.action_to_string(2**80)


# 11. A game stays usable while a search or batch runs on it.


def test_game_is_usable_while_a_search_runs() -> None:
    g = meeple.new_game("catan", players=3, seed=1)
    errors: list[BaseException] = []

    def search() -> None:
        try:
            g.search({"kind": "mcts", "iterations": 3000})
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    t = threading.Thread(target=search)
    t.start()
    moves = 0
    while t.is_alive() and moves < 50 and not g.is_terminal:
        g.apply_action(g.legal_actions()[0])
        g.random_playouts(1)
        moves += 1
    t.join()
    assert not errors, errors
    assert moves > 0


# 12. The CLI: one line, exit 2.


def cli(*args: str, input: str | None = None) -> tuple[int, str]:
    r = CliRunner().invoke(main, list(args), input=input)
    return r.exit_code, r.output


def assert_one_line_error(code: int, out: str) -> None:
    assert code == 2, out
    assert "Traceback" not in out
    assert len(out.strip().splitlines()) == 1, out
    assert len(out) < 500


def test_cli_errors_are_one_line(tmp_path: Path) -> None:
    # Non-ASCII digits are not move numbers.
    code, out = cli("play", "san_juan", "--players", "2", input="²\n٣\nq\n")
    assert code == 0 and "not a legal move: '²'" in out, out
    # The largest seed with Rust bots: chunk seeds wrap instead of overflowing.
    code, out = cli(
        "simulate", REF, "--games", "40", "--seed", str(2**64 - 1), "--bots", "mcts:iterations=5"
    )
    assert code == 0, out
    # --out into a missing folder fails before any game runs.
    start = time.perf_counter()
    code, out = cli(
        "simulate", "catan", "--games", "100000", "--out", str(tmp_path / "no" / "x.jsonl")
    )
    assert_one_line_error(code, out)
    assert "cannot write --out" in out and time.perf_counter() - start < 5
    # Binary, invalid UTF-8 and deeply nested record files.
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(bytes(range(256)))
    assert_one_line_error(*cli("replay", str(binary)))
    deep = tmp_path / "deep.jsonl"
    deep.write_text("[" * 100_000 + "]" * 100_000 + "\n")
    assert_one_line_error(*cli("replay", str(deep)))
    deep.write_text(json.dumps({"game": REF, "x": nested(200)}) + "\n")
    assert_one_line_error(*cli("replay", str(deep)))
    long_line = tmp_path / "long.jsonl"
    long_line.write_text(
        json.dumps({"game": "x" * 10_000, "players": 2, "seed": 0, "format": 1, "actions": []})
        + "\n"
    )
    assert_one_line_error(*cli("replay", str(long_line)))
    # A huge game count is refused by the option itself.
    code, out = cli("simulate", REF, "--games", str(10**9))
    assert code == 2 and "Traceback" not in out


def test_public_submodules_are_reachable_from_the_package() -> None:
    script = "import meeple; print(meeple.bots.MCTS(iterations=5).config['kind'])"
    env = {**os.environ, "PYTHONPATH": PYTHON_DIR}
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True
    )
    assert out.stdout.strip() == "mcts"
    with pytest.raises(AttributeError):
        meeple.no_such_module  # type: ignore[attr-defined]  # noqa: B018


def test_an_auto_game_loads_with_explicit_chance() -> None:
    g = finished(REF, 3, 5)
    doc = json.loads(g.to_json())
    doc["chance"] = "explicit"
    loaded = meeple.from_json(json.dumps(doc))
    assert loaded.history() == g.history() and loaded.chance == "explicit"
    with pytest.raises(ValueError, match="no replay record"):
        loaded.record()
