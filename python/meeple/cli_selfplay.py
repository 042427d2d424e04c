"""``meeple selfplay``: PUCT self-play games in lockstep, training data to ``.npz``."""

from __future__ import annotations

import json
from pathlib import Path

import click

import meeple
from meeple.cli_options import game_options, map_option
from meeple.evaluators import load as load_evaluator
from meeple.selfplay import Runner


@click.command("selfplay")
@click.argument("game")
@click.option("--games", "n_games", default=16, show_default=True, type=click.IntRange(1))
@click.option("--simulations", default=100, show_default=True, type=click.IntRange(1))
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the training data (.npz: observations, masks, policies, seats, returns, ...).",
)
@click.option(
    "--evaluator",
    default="uniform",
    show_default=True,
    help="uniform, or module:callable (module:Class() is called with players=N first).",
)
@click.option("--players", type=int, help="Player count (default: 4 where allowed).")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(0, 2**64 - 1))
@click.option("--option", "options", multiple=True, help="Game option name=value (repeatable).")
@map_option
@click.option("--c-puct", default=1.25, show_default=True, type=click.FloatRange(0))
@click.option("--leaves-per-search", default=1, show_default=True, type=click.IntRange(1, 4096))
@click.option("--dirichlet-fraction", default=0.25, show_default=True, type=click.FloatRange(0, 1))
@click.option("--dirichlet-alpha", default=0.3, show_default=True, type=click.FloatRange(0))
@click.option("--temperature", default=1.0, show_default=True, type=click.FloatRange(0))
@click.option(
    "--temperature-moves",
    default=30,
    show_default=True,
    type=click.IntRange(0),
    help="Decisions per game at --temperature; later ones take the most visited action.",
)
@click.option("--gumbel", is_flag=True, help="Gumbel root selection (sequential halving).")
@click.option("--threads", default=1, show_default=True, type=click.IntRange(1, 256))
@click.option("--json", "as_json", is_flag=True, help="Machine-readable summary.")
def selfplay(
    game: str,
    n_games: int,
    simulations: int,
    out: Path | None,
    evaluator: str,
    players: int | None,
    seed: int,
    options: tuple[str, ...],
    map_file: Path | None,
    c_puct: float,
    leaves_per_search: int,
    dirichlet_fraction: float,
    dirichlet_alpha: float,
    temperature: float,
    temperature_moves: int,
    gumbel: bool,
    threads: int,
    as_json: bool,
) -> None:
    """Play GAME against itself with PUCT search, all games in lockstep (one evaluator call
    per wave), and write the per-decision training data."""
    from meeple import cli  # the shared helpers (imported here: cli registers this command)

    info = cli._check_game(game)
    players = cli._players_for(info, players)
    opts = game_options(options, map_file)
    cli._new_game(game, players, seed, opts)  # validates the options early
    try:
        ev = load_evaluator(evaluator, players)
        runner = Runner(
            game,
            n_games,
            simulations,
            ev,
            players=players,
            seed=seed,
            options=opts,
            c_puct=c_puct,
            leaves_per_search=leaves_per_search,
            dirichlet_fraction=dirichlet_fraction,
            dirichlet_alpha=dirichlet_alpha,
            temperature=temperature,
            temperature_moves=temperature_moves,
            gumbel=gumbel,
            threads=threads,
        )
        with cli.err_console.status(f"{game}: {n_games} games, {simulations} simulations"):
            data = runner.run()
    except ValueError as e:
        raise cli.CliError(str(e)) from None
    if out is not None:
        data.save(out)
    stats = data.stats
    sims = max(float(stats["simulations"]), 1.0)
    summary = {
        "game": game,
        "players": players,
        "games": n_games,
        "simulations": simulations,
        "decisions": len(data.seats),
        "finished": int(data.game_finished.sum()),
        "mean_length": float(data.game_lengths.mean()),
        "wins_by_seat": [float(x) for x in data.game_returns.sum(axis=0)],
        "total_simulations": int(stats["simulations"]),
        "evaluator_calls": int(stats["evaluator_calls"]),
        "evaluator_rows": int(stats["evaluator_rows"]),
        "seconds": float(stats["seconds"]),
        "evaluator_seconds": float(stats["evaluator_seconds"]),
        "engine_us_per_simulation": 1e6 * float(stats["engine_seconds"]) / sims,
        "out": str(out) if out is not None else None,
        "meeple": meeple.__version__,
    }
    if as_json:
        click.echo(json.dumps(summary))
        return
    cli.console.print(
        f"{game}: {n_games} games ({summary['finished']} finished, mean length "
        f"{summary['mean_length']:.1f}), {summary['decisions']} decisions recorded"
    )
    cli.console.print(
        f"{summary['total_simulations']} simulations in {summary['seconds']:.2f} s: "
        f"{summary['evaluator_calls']} evaluator calls ({summary['evaluator_rows']} rows, "
        f"{summary['evaluator_seconds']:.2f} s), engine "
        f"{summary['engine_us_per_simulation']:.2f} us per simulation"
    )
    if out is not None:
        cli.console.print(f"wrote {out}")
