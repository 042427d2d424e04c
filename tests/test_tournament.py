"""Tournaments: the three backends give byte-identical records, resume after a kill gives the
same table, ratings are right on known cases, and a fork after a batch does not hang."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import meeple
from meeple import ratings, tournament

BOTS = ["random", "heuristic"]


@pytest.fixture(scope="session")
def ray_cluster() -> Iterator[None]:
    """One real local Ray cluster for the whole session (Ray has no local mode any more)."""
    import ray

    # A loaded machine can take longer than Ray's default minute to start the raylet.
    os.environ.setdefault("RAY_raylet_start_wait_time_s", "300")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def _run(backend: str, **kw: object) -> dict[str, object]:
    return tournament.run(
        "san_juan",
        BOTS,
        10,
        seed=5,
        backend=backend,
        workers=2,
        batch_size=3,
        **kw,  # type: ignore[arg-type]
    )


def test_backends_give_identical_records(ray_cluster: None) -> None:
    serial = _run("serial")
    process = _run("process")
    on_ray = _run("ray")
    text = json.dumps(serial["records"])
    assert json.dumps(process["records"]) == text
    assert json.dumps(on_ray["records"]) == text
    assert serial["table"] == process["table"] == on_ray["table"]
    # The records are real games: each replays to the result the tournament reports.
    for rec, res in zip(serial["records"], serial["results"], strict=True):  # type: ignore[call-overload]
        g = meeple.replay(rec)
        assert g.is_terminal
        assert g.returns() == res["returns"]


def test_python_bots_take_the_same_path_on_every_backend(ray_cluster: None) -> None:
    bots = ["meeple.bots:Random", "heuristic"]
    a = tournament.run("kingdom_builder", bots, 4, seed=2, backend="serial", batch_size=1)
    b = tournament.run("kingdom_builder", bots, 4, seed=2, backend="ray", batch_size=2)
    assert json.dumps(a["records"]) == json.dumps(b["records"])


def test_formats_cycle_through_their_lineups() -> None:
    assert tournament.lineups("round_robin", 3, 2) == [
        (0, 1),
        (1, 0),
        (0, 2),
        (2, 0),
        (1, 2),
        (2, 1),
    ]
    gauntlet = tournament.lineups("gauntlet", 4, 3)
    assert len(gauntlet) == 9 and all(s.count(0) == 1 for s in gauntlet)
    assert sorted(s.index(0) for s in gauntlet) == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    assert tournament.lineups("rotate", 3, 3) == [(0, 1, 2), (2, 0, 1), (1, 2, 0)]
    assert tournament.lineups("seats", 2, 2) == [(0, 1)]
    with pytest.raises(ValueError, match="needs 3 bots"):
        tournament.lineups("rotate", 2, 3)
    with pytest.raises(ValueError, match="unknown format"):
        tournament.lineups("swiss", 2, 2)


def test_bad_arguments_are_clear(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown backend"):
        tournament.run("san_juan", BOTS, 2, backend="mpi")
    with pytest.raises(ValueError, match="unknown bot"):
        tournament.run("san_juan", ["random", "nobody"], 2)
    with pytest.raises(ValueError, match="does not exist"):
        tournament.run("san_juan", BOTS, 2, out=tmp_path / "missing" / "r.jsonl")
    out = tmp_path / "r.jsonl"
    tournament.run("san_juan", BOTS, 2, out=out)
    with pytest.raises(ValueError, match="another tournament"):
        tournament.run("san_juan", BOTS, 3, out=out, resume=True)


def test_resume_after_a_killed_run_gives_the_same_table(tmp_path: Path) -> None:
    args = [
        "kingdom_builder",
        "--bots",
        "random;heuristic",
        "--games",
        "40",
        "--seed",
        "9",
        "--batch-size",
        "1",
        "--json",
    ]
    whole = tmp_path / "whole.jsonl"
    full = subprocess.run(
        [sys.executable, "-m", "meeple.cli", "tournament", *args, "--out", str(whole)],
        check=True,
        capture_output=True,
        text=True,
    )
    expected = json.loads(full.stdout)["table"]

    cut = tmp_path / "cut.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "meeple.cli", "tournament", *args, "--out", str(cut)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if cut.exists() and len(cut.read_text().splitlines()) >= 6:
            break
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    # A run killed mid-write leaves a cut last line: make sure the resume copes with one.
    with cut.open("a") as fh:
        fh.write('{"index": 39, "seat')
    kept = len(cut.read_text().splitlines()) - 2
    resumed = subprocess.run(
        [sys.executable, "-m", "meeple.cli", "tournament", *args, "--out", str(cut), "--resume"],
        check=True,
        capture_output=True,
        text=True,
    )
    out = json.loads(resumed.stdout)
    assert out["table"] == expected
    assert out["played"] == 40 - kept
    assert sorted(cut.read_text().splitlines()[1:]) == sorted(whole.read_text().splitlines()[1:])


def test_simulate_backend_matches_tournament_records(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for backend, out in (("serial", a), ("process", b)):
        subprocess.run(
            [
                sys.executable,
                "-m",
                "meeple.cli",
                "simulate",
                "castles_of_burgundy",
                "--players",
                "2",
                "--bots",
                "heuristic;random",
                "--games",
                "4",
                "--backend",
                backend,
                "--out",
                str(out),
                "--json",
            ],
            check=True,
            capture_output=True,
            text=True,
        )
    assert a.read_text() == b.read_text()
    assert len(a.read_text().splitlines()) == 4


def test_elo_recovers_a_known_strength_gap() -> None:
    # Bot 0 finishes ahead of bot 1 in 300 of 400 two-player games: Bradley-Terry gives
    # 400*log10(3) = 190.8 Elo between them (a little less with the weak prior).
    win = ratings.Result((0, 1), (1.0, 0.0), (1.0, 0.0))
    loss = ratings.Result((0, 1), (0.0, 1.0), (0.0, 1.0))
    # Interleaved, as a tournament's games are (Plackett-Luce rates games in order).
    results = [win, win, loss, win] * 100
    (e0, ci0), (e1, ci1) = ratings.elo(results, 2)
    assert e0 - e1 == pytest.approx(190.8, abs=3)
    assert e0 == pytest.approx(-e1)
    # Standard error of the difference: 1/sqrt(n p (1-p)) nats, halved per bot around the mean.
    assert ci0 == pytest.approx(1.96 * (400 / 2.302585) / (400 * 0.1875) ** 0.5 / 2, rel=0.05)
    table = ratings.table(results, ["strong", "weak"])
    assert table["pairwise"]["strong"]["weak"] == 0.75
    strong, weak = table["bots"]
    assert strong["openskill"]["mu"] > weak["openskill"]["mu"]
    assert strong["win_rate"] == 0.75 and 0.70 < strong["win_rate_ci95"][0] < 0.75
    assert weak["win_rate_ci95"][1] < 0.30


def test_multiplayer_ranking_uses_scores_among_losers() -> None:
    # One winner, then the losers ordered by score: bot 2 beats bot 1 although neither won.
    r = ratings.Result((0, 1, 2), (1.0, 0.0, 0.0), (10.0, 3.0, 7.0))
    score, count = ratings.pairwise([r], 3)
    assert score[2, 1] == 1 and score[1, 2] == 0 and count[1, 2] == 1
    assert score[0].sum() == 2


def test_a_fork_after_a_batch_does_not_hang() -> None:
    script = textwrap.dedent(
        """
        import os, sys
        from meeple._engine import play_matches, random_games
        random_games("catan", 4, 8, 1, 2)                      # thread pools have run
        play_matches("san_juan", 2, [{"kind": "random"}] * 2, 4, 1, 2)
        pid = os.fork()
        if pid == 0:
            lengths = random_games("catan", 4, 8, 1, 2)[0]     # the child uses them again
            rows = play_matches("san_juan", 2, [{"kind": "random"}] * 2, 4, 1, 2)
            os._exit(0 if len(lengths) == 8 and len(rows) == 4 else 3)
        _, status = os.waitpid(pid, 0)
        sys.exit(os.waitstatus_to_exitcode(status))
        """
    )
    done = subprocess.run([sys.executable, "-c", script], timeout=120, env=os.environ.copy())
    assert done.returncode == 0
