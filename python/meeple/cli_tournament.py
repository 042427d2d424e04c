"""`meeple tournament`: a tournament between bots on one machine or a Ray cluster."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from meeple import tournament as tournament_mod
from meeple.cli_options import game_options, map_option

console = Console()
err_console = Console(stderr=True)


def games_progress(hidden: bool) -> Progress:
    """The games-played bar of `simulate` and `tournament`, on stderr (hidden for --json); it
    disappears when it stops, so an error after it started stays one line."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err_console,
        disable=hidden,
        transient=True,
    )


def split_bots(spec: str) -> list[str]:
    """Bot specs separated by ';' (or ',' when no spec has parameters)."""
    parts = [s.strip() for s in spec.split(";" if ";" in spec else ",") if s.strip()]
    merged: list[str] = []
    for s in parts:
        # "mcts:iterations=10,threads=2" split on ',' holds parameter pieces: re-join them.
        if merged and "=" in s and ":" not in s:
            merged[-1] += "," + s
        else:
            merged.append(s)
    return merged


def print_table(result: dict[str, Any]) -> None:
    spec = result["spec"]
    t = Table(
        title=f"{spec['game']}: {spec['games']} games, {spec['players']} players, "
        f"{spec['format']}, seed {spec['seed']}"
    )
    for col in ("bot", "seat-games", "win rate (95% CI)", "Elo (95% CI)", "openskill", "score"):
        t.add_column(col)
    for r in sorted(result["table"]["bots"], key=lambda r: -float(r["elo"])):
        lo, hi = r["win_rate_ci95"]
        os_ = r["openskill"]
        t.add_row(
            str(r["bot"]),
            str(r["seat_games"]),
            f"{r['win_rate']:.3f} ({lo:.3f}-{hi:.3f})",
            f"{r['elo']:+.0f} ± {r['elo_ci95']:.0f}",
            f"{os_['mu']:.1f} ± {2 * os_['sigma']:.1f}",
            f"{r['mean_score']:.2f}",
        )
    console.print(t)
    pairs = result["table"]["pairwise"]
    names = list(pairs)
    pt = Table(title="pairwise: how often the row bot finished ahead of the column bot")
    pt.add_column("")
    for n in names:
        pt.add_column(n)
    for a in names:
        pt.add_row(
            a,
            *("-" if a == b or pairs[a].get(b) is None else f"{pairs[a][b]:.2f}" for b in names),
        )
    console.print(pt)
    console.print(
        f"played {result['played']} games in {result['seconds']:.1f} s"
        + (f" ({result['played'] / result['seconds']:.1f} games/s)" if result["seconds"] else "")
    )


def simulate_on_backend(
    game: str,
    players: int,
    bots: str,
    n_games: int,
    rotate: bool,
    seed: int,
    backend: str,
    workers: int,
    options: dict[str, Any],
    out: Path | None,
    as_json: bool,
) -> None:
    """`meeple simulate --backend B`: the same games through the tournament engine (format
    `seats`, or `rotate` with --rotate), identical records on every backend."""
    from meeple.cli import CliError

    specs = split_bots(bots) or ["random"]
    if len(specs) == 1:
        specs *= players
    try:
        result = tournament_mod.run(
            game,
            specs,
            n_games,
            seed=seed,
            players=players,
            format="rotate" if rotate else "seats",
            backend=backend,
            workers=workers,
            options=options,
        )
    except ValueError as e:
        raise CliError(str(e)) from None
    if out is not None:
        with out.open("w") as fh:
            for rec in result["records"]:
                fh.write(json.dumps(rec) + "\n")
    if as_json:
        click.echo(json.dumps({k: result[k] for k in ("spec", "table", "played", "seconds")}))
        return
    print_table(result)


@click.command()
@click.argument("game")
@click.option("--bots", required=True, help="Bot specs separated by ';' (or ',').")
@click.option("--games", "n_games", default=100, show_default=True, type=click.IntRange(1))
@click.option("--players", type=int, help="Seats per game (default: 2 where allowed).")
@click.option(
    "--format",
    "fmt",
    default="round_robin",
    show_default=True,
    type=click.Choice(tournament_mod.FORMATS),
)
@click.option(
    "--backend", default="serial", show_default=True, type=click.Choice(tournament_mod.BACKENDS)
)
@click.option("--workers", default=2, show_default=True, type=click.IntRange(1, 4096))
@click.option("--batch-size", default=8, show_default=True, type=click.IntRange(1))
@click.option("--address", help="Ray cluster address (default: RAY_ADDRESS, or a local cluster).")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(0, 2**64 - 1))
@click.option("--option", "options", multiple=True, help="Game option name=value (repeatable).")
@map_option
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Results JSONL.")
@click.option("--resume", is_flag=True, help="Keep the games already in --out; play the rest.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output (the table).")
def tournament(
    game: str,
    bots: str,
    n_games: int,
    players: int | None,
    fmt: str,
    backend: str,
    workers: int,
    batch_size: int,
    address: str | None,
    seed: int,
    options: tuple[str, ...],
    map_file: Path | None,
    out: Path | None,
    resume: bool,
    as_json: bool,
) -> None:
    """Play a tournament of GAME between bots and rate them (Elo, openskill Plackett-Luce)."""
    from meeple.cli import CliError

    if resume and out is None:
        raise CliError("--resume needs --out")
    opts = game_options(options, map_file)
    with games_progress(as_json) as bar:
        task = bar.add_task(game, total=n_games)
        try:
            result = tournament_mod.run(
                game,
                split_bots(bots),
                n_games,
                seed=seed,
                players=players,
                format=fmt,
                backend=backend,
                workers=workers,
                batch_size=batch_size,
                address=address,
                out=out,
                resume=resume,
                options=opts,
                progress=lambda done, total: bar.update(task, completed=done),
            )
        except ValueError as e:
            raise CliError(str(e)) from None
    if as_json:
        click.echo(json.dumps({k: result[k] for k in ("spec", "table", "played", "seconds")}))
        return
    print_table(result)
