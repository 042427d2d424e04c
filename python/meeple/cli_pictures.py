"""``meeple render`` (an SVG, or an HTML step-through, of a record) and ``meeple view``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

import meeple
from meeple import render


class _CliError(click.ClickException):
    exit_code = 2


def _load_record(path: Path, line: int) -> dict[str, Any]:
    lines = [x for x in path.read_text().splitlines() if x.strip()]
    if not lines:
        raise _CliError(f"{path}: empty")
    if not 1 <= line <= len(lines):
        raise _CliError(f"{path}: --line must be in 1..{len(lines)}")
    try:
        rec = json.loads(lines[line - 1])
    except json.JSONDecodeError as e:
        raise _CliError(f"{path}:{line}: not JSON: {e}") from None
    if not isinstance(rec, dict):
        raise _CliError(f"{path}:{line}: a record is a JSON object")
    return rec


def replay_frames(record: dict[str, Any]) -> list[meeple.Game]:
    """The game after each step of ``record`` (chance outcomes are steps too), first to last."""
    final = meeple.replay(record)
    g = meeple.new_game(
        final.game_id,
        players=final.num_players,
        seed=final.seed,
        chance="explicit",
        **dict(final.options),
    )
    frames = [g.clone()]
    for a in final.history():
        g.apply_action(a)
        frames.append(g.clone())
    return frames


def _game_from(path: Path, line: int) -> tuple[list[meeple.Game] | None, meeple.Game]:
    """A record gives its frames; a position (``to_json`` output) gives one game."""
    rec = _load_record(path, line)
    try:
        if "state" in rec:
            return None, meeple.from_json(json.dumps(rec))
        frames = replay_frames(rec)
    except ValueError as e:
        raise _CliError(f"{path}:{line}: {e}") from None
    return frames, frames[-1]


_HTML = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font:14px Helvetica,Arial,sans-serif;background:#f3efe6;margin:12px}}
#bar{{display:flex;gap:8px;align-items:center;margin-bottom:8px}}#s{{flex:1}}
svg{{max-width:100%;height:auto}}</style></head><body>
<div id="bar"><button id="p">Play</button><input id="s" type="range" min="0" max="{last}"
value="0"><span id="n"></span></div><div id="b"></div><ol id="l" start="0"></ol>
<script>const F={frames};const L={labels};let t=null;const s=document.getElementById("s");
function go(i){{s.value=i;document.getElementById("b").innerHTML=F[i];
document.getElementById("n").textContent=i+" / "+(F.length-1)+(i?" · "+L[i-1]:"");}}
s.oninput=()=>go(+s.value);document.getElementById("p").onclick=(e)=>{{if(t){{clearInterval(t);
t=null;e.target.textContent="Play";return;}}e.target.textContent="Pause";t=setInterval(()=>{{
if(+s.value>=F.length-1){{clearInterval(t);t=null;e.target.textContent="Play";return;}}
go(+s.value+1);}},500);}};go(0);</script></body></html>
"""


def step_through_html(frames: list[meeple.Game], seat: int | None) -> str:
    """One self-contained HTML page: every step's SVG, a slider and a play button."""
    svgs = [render.to_svg(g, seat) for g in frames]
    labels = [
        prev.action_to_string(nxt.history()[-1])
        for prev, nxt in zip(frames[:-1], frames[1:], strict=True)
    ]
    title = f"meeple {frames[0].game_id}"
    return _HTML.format(
        title=title, last=len(frames) - 1, frames=_script_json(svgs), labels=_script_json(labels)
    )


def _script_json(x: list[str]) -> str:
    """JSON to put inside a <script>: "</" never appears raw."""
    return json.dumps(x).replace("</", "<\\/")


@click.command("render")
@click.argument("record", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--line", default=1, show_default=True, help="Which record of a JSONL file.")
@click.option("--step", type=int, help="Draw the game after this many steps (default: the end).")
@click.option("--seat", type=int, help="Draw only what this seat may see (default: everything).")
@click.option(
    "--out",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="file.svg for one picture, file.html for a step-through of every step, file.txt for "
    "the terminal board.",
)
def render_cmd(record: Path, line: int, step: int | None, seat: int | None, out: Path) -> None:
    """Draw RECORD (a record from `simulate --out`/the viewer, or a position from to_json)."""
    frames, game = _game_from(record, line)
    if seat is not None and not 0 <= seat < game.num_players:
        raise _CliError(f"--seat must be in 0..{game.num_players - 1}")
    if step is not None:
        if frames is None:
            raise _CliError("--step needs a record (a position has no steps)")
        if not 0 <= step < len(frames):
            raise _CliError(f"--step must be in 0..{len(frames) - 1}")
        game = frames[step]
    suffix = out.suffix.lower()
    if suffix == ".html":
        out.write_text(step_through_html(frames or [game], seat))
    elif suffix == ".txt":
        out.write_text(render.to_text(game, seat) + "\n")
    else:
        out.write_text(render.to_svg(game, seat))
    click.echo(f"wrote {out}")


@click.command("view")
@click.argument(
    "record", required=False, type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
@click.option("--line", default=1, show_default=True, help="Which record of a JSONL file.")
@click.option("--port", default=8765, show_default=True, type=click.IntRange(0, 65535))
@click.option("--no-browser", is_flag=True, help="Do not open a browser window.")
def view_cmd(record: Path | None, line: int, port: int, no_browser: bool) -> None:
    """Replay RECORD in the browser, or play any game against the bots (127.0.0.1 only)."""
    from meeple.view import serve

    rec = _load_record(record, line) if record is not None else None
    try:
        serve(rec, port=port, open_browser=not no_browser)
    except OSError as e:
        raise _CliError(f"cannot serve on 127.0.0.1:{port}: {e}") from None
    except ValueError as e:
        raise _CliError(f"{record}: {e}") from None
