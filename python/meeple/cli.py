"""The ``meeple`` command line: list, play, simulate, replay, bench, demo."""

from __future__ import annotations

import json
import math
import random
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

import click
from rich.console import Console
from rich.table import Table

import meeple
from meeple import bots as bots_mod
from meeple import render
from meeple._engine import play_matches, random_games
from meeple.cli_options import game_options, map_option
from meeple.cli_pictures import render_cmd, view_cmd
from meeple.cli_selfplay import selfplay as selfplay_command
from meeple.cli_tournament import games_progress, simulate_on_backend
from meeple.cli_tournament import tournament as tournament_command

# Tables stay readable when piped (no terminal width to go by).
console = Console(width=None if sys.stdout.isatty() else 160)
err_console = Console(stderr=True)


# Longest error message printed (inputs are quoted in bounded prefixes anyway).
_MAX_MESSAGE = 400


def _one_line(msg: str) -> str:
    line = " ".join(str(msg).split())
    return line if len(line) <= _MAX_MESSAGE else line[: _MAX_MESSAGE - 3] + "..."


class CliError(click.ClickException):
    """A one-line error and exit code 2, never a traceback."""

    exit_code = 2

    def __init__(self, message: str) -> None:
        super().__init__(_one_line(message))


class Interrupted(click.ClickException):
    """Ctrl-C: one line and exit code 130 (the shell's convention for SIGINT)."""

    exit_code = 130

    def __init__(self) -> None:
        super().__init__("interrupted")


def _fail(msg: str) -> CliError:
    return CliError(msg)


class _Group(click.Group):
    """Every command's errors are one line: a bad input (ValueError, an unreadable file, a value
    nested too deep) exits 2, Ctrl-C exits 130; never a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            raise Interrupted() from None
        except (ValueError, OSError, RecursionError, OverflowError, MemoryError) as e:
            raise CliError(f"{type(e).__name__}: {e}" if not str(e) else str(e)) from None


def _check_game(name: str) -> dict[str, Any]:
    try:
        return meeple.game_info(name)
    except ValueError as e:
        raise _fail(str(e)) from None


def _players_for(info: dict[str, Any], players: int | None) -> int:
    if players is None:
        return max(int(info["min_players"]), min(4, int(info["max_players"])))
    if not info["min_players"] <= players <= info["max_players"]:
        raise _fail(
            f"{info['name']} is played by {info['min_players']} to {info['max_players']} players, "
            f"not {players}"
        )
    return players


def _new_game(name: str, players: int, seed: int, options: dict[str, Any]) -> meeple.Game:
    try:
        return meeple.new_game(name, players=players, seed=seed, **options)
    except ValueError as e:
        raise _fail(str(e)) from None


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(meeple.__version__, prog_name="meeple")
def main() -> None:
    """Fast, exact rules engines for modern board games."""


main.add_command(render_cmd)
main.add_command(view_cmd)
main.add_command(selfplay_command)


@main.command("list")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def list_games(as_json: bool) -> None:
    """List the games with their player counts and options."""
    infos = [meeple.game_info(g) for g in meeple.games()]
    if as_json:
        click.echo(json.dumps(infos, indent=2))
        return
    t = Table(title="meeple games")
    for col in ("game", "title", "players", "actions", "hidden info", "options"):
        t.add_column(col)
    for i in infos:
        t.add_row(
            i["name"],
            i["title"],
            f"{i['min_players']}-{i['max_players']}",
            str(i["num_distinct_actions"]),
            "yes" if i["hidden_information"] else "no",
            ", ".join(i["options"]) or "-",
        )
    console.print(t)


def _bots_for(spec: str, players: int, seed: int) -> list[bots_mod.Bot]:
    specs = [s for s in spec.split(";" if ";" in spec else ",") if s] if spec else ["random"]
    # "mcts:iterations=10,threads=2,random" holds commas: re-join parameter pieces.
    merged: list[str] = []
    for s in specs:
        if merged and "=" in s and ":" not in s:
            merged[-1] += "," + s
        else:
            merged.append(s)
    if len(merged) == 1:
        merged *= players
    if len(merged) != players:
        raise _fail(f"--bots names {len(merged)} bots for {players} players")
    try:
        return [bots_mod.parse(s, seed=seed * 1000 + i) for i, s in enumerate(merged)]
    except ValueError as e:
        raise _fail(str(e)) from None


def _play_one(game: meeple.Game, bots: Sequence[bots_mod.Bot]) -> None:
    while not game.is_terminal:
        seat = game.current_player
        action = bots[seat].choose(game)
        game.apply_action(action)


def _wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def _rust_config(bot: bots_mod.Bot) -> dict[str, Any] | None:
    """The Rust search config of a built-in bot (None for a Python bot)."""
    if isinstance(bot, bots_mod.RustBot):
        return dict(bot.config)
    if isinstance(bot, bots_mod.Random):
        return {"kind": "random"}
    return None


def _elo(share: float, players: int) -> float:
    """Elo difference against the field implied by a win share (1/players is parity)."""
    p = min(max(share, 1e-3), 1 - 1e-3)
    return 400 * math.log10(p * (players - 1) / (1 - p))


@main.command()
@click.argument("game")
@click.option(
    "--games",
    "n_games",
    default=100,
    show_default=True,
    type=click.IntRange(1, meeple.MAX_MATCH_GAMES),
)
@click.option("--players", type=int, help="Player count (default: 4 where allowed).")
@click.option(
    "--bots",
    default="random",
    show_default=True,
    help="One bot per seat, or one for all: random, heuristic, mcts:iterations=500,threads=2, "
    "ismcts, uct, or module:callable. Separate bots with ';' when they take parameters.",
)
@click.option("--rotate", is_flag=True, help="Rotate seats so every bot plays every seat.")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(0, 2**64 - 1))
@click.option("--threads", default=1, show_default=True, type=click.IntRange(1, 256))
@click.option("--option", "options", multiple=True, help="Game option name=value (repeatable).")
@map_option
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write JSONL records.")
@click.option(
    "--backend",
    type=click.Choice(["serial", "process", "ray"]),
    help="Run through the tournament engine on this backend (same records on every backend).",
)
@click.option("--workers", default=2, show_default=True, type=click.IntRange(1, 4096))
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def simulate(
    game: str,
    n_games: int,
    players: int | None,
    bots: str,
    rotate: bool,
    seed: int,
    threads: int,
    options: tuple[str, ...],
    map_file: Path | None,
    out: Path | None,
    backend: str | None,
    workers: int,
    as_json: bool,
) -> None:
    """Play many seeded games between bots; report win rates with 95% intervals and ratings."""
    info = _check_game(game)
    players = _players_for(info, players)
    opts = game_options(options, map_file)
    _new_game(game, players, seed, opts)  # validates options early
    if backend is not None:
        simulate_on_backend(
            game, players, bots, n_games, rotate, seed, backend, workers, opts, out, as_json
        )
        return
    out_file = _open_out(out)  # a bad path fails now, not after every game ran
    bot_list = _bots_for(bots, players, seed)
    names = [str(getattr(b, "name", "bot")) for b in bot_list]
    configs = [_rust_config(b) for b in bot_list]
    start = time.perf_counter()
    # Per game: (seating: bot index per seat, returns, scores, length, record or None).
    games_played: list[tuple[list[int], list[float], list[float], int, str | None]] = []
    if all(c == {"kind": "random"} for c in configs) and out is None and not rotate:
        # Fastest path: the whole batch in Rust, across threads, with the GIL released.
        lengths, scores, returns, _f = random_games(game, players, n_games, seed, threads, opts)
        for i in range(n_games):
            games_played.append(
                (list(range(players)), list(returns[i]), list(scores[i]), int(lengths[i]), None)
            )
    else:
        with games_progress(as_json) as progress:
            task = progress.add_task(game, total=n_games)
            rust_configs = [c for c in configs if c is not None]
            if len(rust_configs) == len(configs):
                # Built-in bots: games run in Rust in parallel; chunks feed the progress bar.
                # Chunk size independent of --threads: same seed, same games on any machine.
                chunk = max(32, n_games // 50)
                for k, first in enumerate(range(0, n_games, chunk)):
                    count = min(chunk, n_games - first)
                    rows = play_matches(
                        game, players, rust_configs, count, _seed_at(seed, k), threads, rotate, opts
                    )
                    for r in rows:
                        rec = json.dumps(
                            {
                                "format": meeple.FORMAT_VERSION,
                                "game": game,
                                "players": players,
                                "options": opts,
                                "seed": r["seed"],
                                "chance": "auto",
                                "actions": r["actions"],
                            }
                        )
                        games_played.append(
                            (r["seating"], r["returns"], r["scores"], len(r["actions"]), rec)
                        )
                    progress.advance(task, count)
            else:
                for i in range(n_games):
                    seating = [(s + i) % players if rotate else s for s in range(players)]
                    if rotate and len(bot_list) != players:
                        raise _fail("--rotate with Python bots needs one bot per seat")
                    g = _new_game(game, players, _seed_at(seed, i), opts)
                    _play_one(g, [bot_list[b] for b in seating])
                    games_played.append(
                        (seating, g.returns(), g.scores(), len(g.history()), g.record())
                    )
                    progress.advance(task)
    elapsed = max(time.perf_counter() - start, 1e-9)
    if out_file is not None:
        with out_file as fh:
            for played in games_played:
                fh.write(f"{played[4]}\n")
    seat_rows: list[dict[str, Any]] = []
    for s in range(players):
        wins = sum(g[1][s] for g in games_played)
        lo, hi = _wilson(wins, n_games)
        seat_rows.append(
            {
                "seat": s,
                "bot": names[games_played[0][0][s]] if not rotate else "(rotating)",
                "wins": wins,
                "win_rate": wins / n_games,
                "win_rate_ci95": [lo, hi],
                "mean_score": sum(g[2][s] for g in games_played) / n_games,
            }
        )
    bot_rows: list[dict[str, Any]] = []
    for b, name in enumerate(names):
        seats = [(g, s) for g in games_played for s, who in enumerate(g[0]) if who == b]
        if not seats:
            continue
        wins = sum(g[1][s] for g, s in seats)
        lo, hi = _wilson(wins, len(seats))
        bot_rows.append(
            {
                "bot": name,
                "seat_games": len(seats),
                "wins": wins,
                "win_rate": wins / len(seats),
                "win_rate_ci95": [lo, hi],
                "elo_vs_field": _elo(wins / len(seats), players),
                "mean_score": sum(g[2][s] for g, s in seats) / len(seats),
            }
        )
    result = {
        "game": game,
        "players": players,
        "games": n_games,
        "seed": seed,
        "mean_length": sum(g[3] for g in games_played) / n_games,
        "games_per_s": n_games / elapsed,
        "seats": seat_rows,
        "bots": bot_rows,
    }
    if as_json:
        click.echo(json.dumps(result))
        return
    t = Table(title=f"{game}: {n_games} games, {players} players, seed {seed}")
    for col in ("seat", "bot", "wins", "win rate (95% CI)", "mean score"):
        t.add_column(col)
    for r in seat_rows:
        lo, hi = r["win_rate_ci95"]
        t.add_row(
            str(r["seat"]),
            str(r["bot"]),
            f"{r['wins']:.1f}",
            f"{r['win_rate']:.3f} ({lo:.3f}-{hi:.3f})",
            f"{r['mean_score']:.2f}",
        )
    console.print(t)
    rt = Table(title="ratings (Elo against the field; 0 = parity)")
    for col in ("bot", "seat-games", "win rate (95% CI)", "Elo", "mean score"):
        rt.add_column(col)
    for r in sorted(bot_rows, key=lambda r: -float(r["win_rate"])):
        lo, hi = r["win_rate_ci95"]
        rt.add_row(
            str(r["bot"]),
            str(r["seat_games"]),
            f"{r['win_rate']:.3f} ({lo:.3f}-{hi:.3f})",
            f"{r['elo_vs_field']:+.0f}",
            f"{r['mean_score']:.2f}",
        )
    console.print(rt)
    console.print(
        f"mean length {result['mean_length']:.1f} actions, {result['games_per_s']:.1f} games/s"
    )


def _seed_at(seed: int, k: int) -> int:
    """The k-th seed after `seed`, wrapping within 0..2**64-1 (the seed range)."""
    return (seed + k) % 2**64


def _open_out(out: Path | None) -> TextIO | None:
    if out is None:
        return None
    try:
        return out.open("w")
    except OSError as e:
        raise _fail(f"cannot write --out {str(out)[:200]!r}: {e.strerror or e}") from None


def _read_records(path: Path) -> Iterator[tuple[int, Any]]:
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as e:
        raise _fail(f"{path}: not a record file (not UTF-8 text: byte {e.start})") from None
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                yield n, json.loads(line)
            except json.JSONDecodeError as e:
                raise _fail(f"{path}:{n}: not JSON: {e}") from None
            except RecursionError:
                raise _fail(f"{path}:{n}: JSON nested too deep") from None


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--show", is_flag=True, help="Print the final position of each game.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.option(
    "--seat",
    type=int,
    default=None,
    help="See each game as this seat: --show draws its observation, --json adds its "
    "history (history(seat): -1 for what it did not see).",
)
def replay(file: Path, show: bool, as_json: bool, seat: int | None) -> None:
    """Validate and show the records in FILE (JSON lines from `simulate --out`)."""
    results: list[dict[str, Any]] = []
    for n, rec in _read_records(file):
        try:
            g = meeple.replay(rec)
        except ValueError as e:
            raise _fail(f"{file}:{n}: {e}") from None
        if seat is not None and not 0 <= seat < g.num_players:
            raise _fail(f"{file}:{n}: --seat must be in 0..{g.num_players - 1}")
        result: dict[str, Any] = {
            "line": n,
            "game": g.game_id,
            "actions": len(g.history()),
            "terminal": g.is_terminal,
            "scores": g.scores(),
            "winners": g.winners(),
        }
        if seat is not None:
            result["seat"] = seat
            result["history"] = g.history(seat)
        results.append(result)
        if show and not as_json:
            console.print(f"[bold]line {n}: {g.game_id}[/bold]")
            if seat is None:
                console.print(str(g), markup=False, highlight=False)
            else:
                hidden = g.history(seat).count(-1)
                console.print(
                    f"as seat {seat} ({hidden} of {len(g.history())} actions unseen)",
                    markup=False,
                    highlight=False,
                )
                console.print(render.to_text(g, seat), markup=False, highlight=False)
    if as_json:
        click.echo(json.dumps(results))
        return
    t = Table(title=f"{file.name}: {len(results)} records, all valid")
    for col in ("line", "game", "actions", "finished", "scores", "winners"):
        t.add_column(col)
    for r in results:
        t.add_row(
            str(r["line"]),
            r["game"],
            str(r["actions"]),
            "yes" if r["terminal"] else "no",
            " ".join(f"{s:g}" for s in r["scores"]),
            " ".join(map(str, r["winners"])),
        )
    console.print(t)


def _prompt_action(game: meeple.Game) -> int | None:
    legal = game.legal_actions()
    labels = [game.action_to_string(a) for a in legal]
    # Numbered moves grouped by kind (the label's first word), numbers in list order.
    kinds: dict[str, list[int]] = {}
    for i, label in enumerate(labels):
        kinds.setdefault(label.split(" ")[0], []).append(i)
    for kind, idx in kinds.items():
        items = "   ".join(f"[cyan]{i:>3}[/cyan] {labels[i]}" for i in idx)
        console.print(f"[bold]{kind}[/bold] ({len(idx)}): {items}", highlight=False)
    while True:
        try:
            answer = console.input("your move (number or label, q to quit): ").strip()
        except EOFError:
            return None
        if answer in ("q", "quit", "exit"):
            return None
        if answer.isascii() and answer.isdigit() and int(answer) < len(legal):
            return legal[int(answer)]
        if answer in labels:
            return legal[labels.index(answer)]
        console.print(f"not a legal move: {answer!r:.60}", style="red", markup=False)


@main.command()
@click.argument("game")
@click.option("--players", type=int, help="Player count (default: 4 where allowed).")
@click.option("--seat", default=0, show_default=True, type=int, help="Your seat.")
@click.option("--bots", default="random", show_default=True, help="Bots for the other seats.")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(0, 2**64 - 1))
@click.option("--option", "options", multiple=True, help="Game option name=value (repeatable).")
@map_option
@click.option(
    "--svg",
    "svg_dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write an SVG picture of your view each turn into this folder.",
)
def play(
    game: str,
    players: int | None,
    seat: int,
    bots: str,
    seed: int,
    options: tuple[str, ...],
    map_file: Path | None,
    svg_dir: Path | None,
) -> None:
    """Play GAME in the terminal against bots."""
    info = _check_game(game)
    players = _players_for(info, players)
    if not 0 <= seat < players:
        raise _fail(f"--seat must be in 0..{players - 1}")
    g = _new_game(game, players, seed, game_options(options, map_file))
    render.to_text(g, seat)  # a game without a terminal picture fails now, in one line
    bot_list = _bots_for(bots, players, seed)
    if svg_dir is not None:
        svg_dir.mkdir(parents=True, exist_ok=True)
    while not g.is_terminal:
        p = g.current_player
        if p == seat:
            console.rule(f"{info['title']}: your turn (seat {seat})")
            # Only what this seat may know: its own observation, drawn as a board.
            console.print(render.to_text(g, seat), markup=False, highlight=False)
            if svg_dir is not None:
                (svg_dir / f"move-{len(g.history()):04d}.svg").write_text(render.to_svg(g, seat))
            a = _prompt_action(g)
            if a is None:
                console.print("bye")
                return
        else:
            a = bot_list[p].choose(g)
            console.print(f"seat {p} plays: {g.action_to_string(a)}", highlight=False)
        g.apply_action(a)
    console.rule("game over")
    console.print(render.to_text(g), markup=False, highlight=False)
    if svg_dir is not None:
        (svg_dir / "final.svg").write_text(render.to_svg(g))
    console.print(f"scores {g.scores()}, winners {g.winners()}")


def _python_loop_rate(
    game: str, players: int, seconds: float, seed: int, options: dict[str, Any]
) -> tuple[float, int]:
    """Actions/s of a Python loop (legal_actions + random.choice + apply_action), counting
    chance outcomes resolved inside apply_action too, like the Rust columns."""
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    n = 0
    while time.perf_counter() - start < seconds:
        g = meeple.new_game(game, players=players, seed=seed + n, **options)
        n += 1
        while not g.is_terminal:
            g.apply_action(rng.choice(g.legal_actions()))
        actions += len(g.history())
    return actions / (time.perf_counter() - start), n


def _timed_batch(
    game: str, players: int, threads: int, seconds: float, options: dict[str, Any]
) -> tuple[float, float, float]:
    """Best of three timed batches (games/s, actions/s, mean actions per game)."""
    random_games(game, players, 4, 1, threads, options)  # warm-up: imports, page faults
    best = (0.0, 0.0, 0.0)
    for _ in range(3):
        n = 8
        while True:
            start = time.perf_counter()
            lengths, _s, _r, _f = random_games(game, players, n, 1, threads, options)
            dt = time.perf_counter() - start
            if dt >= seconds / 3 or n >= 1 << 22:
                break
            n = int(n * max(2.0, min(10.0, seconds / 3 / max(dt, 1e-6))))
        if n / dt > best[0]:
            best = (n / dt, float(lengths.sum()) / dt, float(lengths.mean()))
    return best


def mid_game(
    game: str, players: int, seed: int, options: dict[str, Any], actions: int
) -> meeple.Game:
    """A seeded random game played until `actions` actions are in its history (chance outcomes
    count, as in the Rust loop's game lengths), or an earlier end."""
    g = meeple.new_game(game, players=players, seed=seed, **options)
    rng = random.Random(seed)
    while len(g.history()) < actions and not g.is_terminal:
        g.apply_action(rng.choice(g.legal_actions()))
    return g


def bench_rows(
    names: Sequence[str],
    players: int | None,
    threads: int,
    seconds: float,
    options: dict[str, Any] | None = None,
) -> list[dict[str, Any]]:
    options = options or {}
    rows: list[dict[str, Any]] = []
    for name in names:
        info = meeple.game_info(name)
        p = _players_for(info, players)
        gps1, aps1, mean_len = _timed_batch(name, p, 1, seconds, options)
        gpsn, apsn, _ = (
            _timed_batch(name, p, threads, seconds, options)
            if threads > 1
            else (gps1, aps1, mean_len)
        )
        py_aps, _ = _python_loop_rate(name, p, seconds, 1, options)
        g = mid_game(name, p, 3, options, int(mean_len) // 2)
        clone_ns = g.clone_cost_ns(200_000)
        rows.append(
            {
                "game": name,
                "players": p,
                "games_per_s_1t": gps1,
                "actions_per_s_1t": aps1,
                "threads": threads,
                "games_per_s_nt": gpsn,
                "actions_per_s_nt": apsn,
                "python_loop_actions_per_s": py_aps,
                # Python's cost per action above the Rust loop's (includes random.choice).
                # (Negative if the Python loop measured faster: timing noise, shown as is.)
                "python_overhead_us": 1e6 / py_aps - 1e6 / aps1,
                "clone_ns": clone_ns,
                "json_bytes": len(g.to_json()),
                "mean_actions_per_game": mean_len,
            }
        )
    return rows


@main.command()
@click.argument("games", nargs=-1)
@click.option("--players", type=int, help="Player count (default: 4 where allowed).")
@click.option("--threads", default=2, show_default=True, type=click.IntRange(1, 256))
@click.option("--seconds", default=1.0, show_default=True, type=click.FloatRange(0.05, 600))
@click.option("--option", "options", multiple=True, help="Game option name=value (repeatable).")
@map_option
@click.option(
    "--vec",
    is_flag=True,
    help="Measure meeple.VecEnv (every seat a learner, random legal actions in numpy) instead.",
)
@click.option(
    "--envs", default=512, show_default=True, type=click.IntRange(1, 65536), help="With --vec."
)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def bench(
    games: tuple[str, ...],
    players: int | None,
    threads: int,
    seconds: float,
    options: tuple[str, ...],
    map_file: Path | None,
    vec: bool,
    envs: int,
    as_json: bool,
) -> None:
    """Throughput of random play per game: Rust loop (1 and N threads) and Python loop.

    Each Rust figure is the best of three batches after a warm-up; actions include chance
    outcomes in every column. With --vec: VecEnv learner steps/s and games/s, with and without
    the observation tensor written each step, beside the Rust loop (1 thread)."""
    names = list(games) or meeple.games()
    opts = game_options(options, map_file)
    configs = []
    for n in names:
        info = _check_game(n)
        p = _players_for(info, players)
        _new_game(n, p, 1, opts)  # bad options fail here, one line
        configs.append((n, p))
    if vec:
        _bench_vec(configs, opts, envs, threads, seconds, as_json)
        return
    rows = bench_rows(names, players, threads, seconds, opts)
    if as_json:
        click.echo(json.dumps(rows))
        return
    t = Table(title=f"meeple bench (random play, {seconds:g}s per measurement)")
    cols = [
        "game",
        "players",
        "games/s 1t",
        "actions/s 1t",
        f"games/s {threads}t",
        "py-loop act/s",
        "py µs/act over Rust",
        "clone ns",
        "JSON B",
        "act/game",
    ]
    for c in cols:
        t.add_column(c, justify="right")
    for r in rows:
        t.add_row(
            r["game"],
            str(r["players"]),
            f"{r['games_per_s_1t']:,.0f}",
            f"{r['actions_per_s_1t']:,.0f}",
            f"{r['games_per_s_nt']:,.0f}",
            f"{r['python_loop_actions_per_s']:,.0f}",
            f"{r['python_overhead_us']:.2f}",
            f"{r['clone_ns']:,.0f}",
            f"{r['json_bytes']:,}",
            f"{r['mean_actions_per_game']:,.1f}",
        )
    console.print(t)


def _bench_vec(
    configs: list[tuple[str, int]],
    opts: dict[str, Any],
    envs: int,
    threads: int,
    seconds: float,
    as_json: bool,
) -> None:
    from meeple.envs.throughput import vec_rows

    rows = vec_rows(configs, opts, envs, threads, seconds)
    if as_json:
        click.echo(json.dumps(rows))
        return
    t = Table(title=f"meeple bench --vec ({envs} envs, {threads} threads, {seconds:g}s each)")
    for c in [
        "game",
        "players",
        "steps/s",
        "games/s",
        "steps/s no obs",
        "games/s no obs",
        "Rust loop games/s 1t",
        "VecEnv ÷ Rust loop",
    ]:
        t.add_column(c, justify="right")
    for r in rows:
        full, bare = r["observe"], r["no_observe"]
        t.add_row(
            r["game"],
            str(r["players"]),
            f"{full['steps_per_s']:,.0f}",
            f"{full['games_per_s']:,.1f}",
            f"{bare['steps_per_s']:,.0f}",
            f"{bare['games_per_s']:,.1f}",
            f"{r['rust_games_per_s_1t']:,.1f}",
            f"{r['vec_over_rust']:.2f}x",
        )
    console.print(t)


@main.command()
@click.option("--seed", default=1, show_default=True, type=click.IntRange(0, 2**64 - 1))
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def demo(seed: int, as_json: bool) -> None:
    """Play one seeded game of every title between built-in bots; show scores and speed."""
    rows: list[dict[str, Any]] = []
    for name in meeple.games():
        info = meeple.game_info(name)
        p = _players_for(info, None)
        g = meeple.new_game(name, players=p, seed=seed)
        # Seat 0 plays the heuristic bot (one-ply greedy on the game's evaluation), the rest random.
        bot_list: list[bots_mod.Bot] = [bots_mod.Heuristic(seed=seed)]
        bot_list += [bots_mod.Random(seed * 100 + i) for i in range(1, p)]
        start = time.perf_counter()
        _play_one(g, bot_list)
        dt = time.perf_counter() - start
        lengths, _s, _r, _f = random_games(name, p, 200, seed, 1)
        t0 = time.perf_counter()
        lengths, _s, _r, _f = random_games(name, p, 200, seed, 1)
        rust_gps = 200 / max(time.perf_counter() - t0, 1e-9)
        rows.append(
            {
                "game": name,
                "players": p,
                "actions": len(g.history()),
                "scores": g.scores(),
                "winners": g.winners(),
                "python_seconds": dt,
                "rust_games_per_s": rust_gps,
            }
        )
        if not as_json:
            console.rule(f"{info['title']} ({p} players, seed {seed})")
            console.print(str(g), markup=False, highlight=False)
    if as_json:
        click.echo(json.dumps(rows))
        return
    t = Table(title="meeple demo: seat 0 heuristic bot, other seats random")
    for c in ("game", "players", "actions", "scores", "winners", "Rust random games/s"):
        t.add_column(c)
    for r in rows:
        t.add_row(
            r["game"],
            str(r["players"]),
            str(r["actions"]),
            " ".join(f"{s:g}" for s in r["scores"]),
            " ".join(map(str, r["winners"])),
            f"{r['rust_games_per_s']:,.0f}",
        )
    console.print(t)
    if not rows:
        console.print("no complete games are registered yet")


main.add_command(tournament_command)


if __name__ == "__main__":
    sys.exit(main())
