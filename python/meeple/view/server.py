"""The viewer's HTTP server and its one session (a game being played, or a record replayed).

API (JSON): ``GET /api/state?seat=S`` the picture and the legal moves; ``GET /api/games``;
``POST /api/new`` {game, players, seat, bots, seed, options}; ``POST /api/move`` {action};
``POST /api/undo``; ``POST /api/load`` {record}; ``POST /api/step`` {step};
``GET /api/record`` the record as a download. Everything else is a static file.
"""

from __future__ import annotations

import json
import threading
import webbrowser
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import parse_qs, urlparse

import meeple
from meeple import bots as bots_mod
from meeple import render

STATIC_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
}
# A bot move is made at most this often per request, so a request always returns.
MAX_BOT_MOVES = 5000
# How the log shows a move the viewing seat did not see (see `Game.history(seat)`).
HIDDEN = "(hidden)"


class Session:
    """One game: either played (a person in ``seat`` against bots) or replayed from a record."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.mode = "play"
        self.seat: int | None = 0
        self.bot_specs: list[str] = []
        self.bots: list[bots_mod.Bot | None] = []
        self.game: meeple.Game = meeple.new_game("catan", players=4, seed=0)
        # The game and the log length before each of the person's moves.
        self.undo_stack: list[tuple[meeple.Game, int]] = []
        self.frames: list[meeple.Game] = []
        self.step = 0
        self.labels: list[str] = []
        self.unseen: list[set[int]] = []
        self.new_game("catan", 4, 0, "random", 0, {})

    # ------------------------------------------------------------ play

    def new_game(
        self,
        game: str,
        players: int | None,
        seat: int,
        bots: str,
        seed: int,
        options: dict[str, Any],
    ) -> None:
        g = meeple.new_game(game, players=players, seed=seed, **options)
        if not 0 <= seat < g.num_players:
            raise ValueError(f"seat must be in 0..{g.num_players - 1}, got {seat}")
        spec = bots or "random"
        self.bots = [
            None if s == seat else bots_mod.parse(spec, seed=seed * 1000 + s)
            for s in range(g.num_players)
        ]
        self.bot_specs = [spec] * g.num_players
        self.mode, self.seat, self.game = "play", seat, g
        self.undo_stack = []
        self.labels = []
        self._run_bots()

    def _run_bots(self) -> None:
        g = self.game
        for _ in range(MAX_BOT_MOVES):
            p = g.current_player
            if g.is_terminal or p < 0 or self.bots[p] is None:
                return
            bot = self.bots[p]
            assert bot is not None
            a = bot.choose(g)
            label = g.action_to_string(a)
            at = len(g.history())
            g.apply_action(a)
            # The person's log shows a bot's secret move (a card discarded face down, a secret
            # board choice) as hidden: what history(seat) hides from that seat.
            if self.seat is not None and g.history(self.seat)[at] == -1:
                label = HIDDEN
            self.labels.append(f"seat {p}: {label}")

    def move(self, action: int) -> None:
        if self.mode != "play":
            raise ValueError("this is a replay: start a new game to play")
        g = self.game
        if g.is_terminal or g.current_player != self.seat:
            raise ValueError("it is not your turn")
        before = g.clone()
        label = g.action_to_string(action)
        g.apply_action(action)  # raises IllegalActionError (a ValueError), state unchanged
        self.undo_stack.append((before, len(self.labels)))
        self.labels.append(f"seat {self.seat}: {label}")
        self._run_bots()

    def undo(self) -> None:
        if self.mode != "play" or not self.undo_stack:
            raise ValueError("nothing to undo")
        self.game, log_len = self.undo_stack.pop()
        self.labels = self.labels[:log_len]

    # ------------------------------------------------------------ replay

    def load(self, record: dict[str, Any]) -> None:
        final = meeple.replay(record)  # validates the record, names a bad step
        g = meeple.new_game(
            final.game_id,
            players=final.num_players,
            seed=final.seed,
            chance="explicit",
            **dict(final.options),
        )
        frames = [g.clone()]
        labels = []
        # Per seat, which entries that seat did not see (history(seat) marks them -1).
        self.unseen = [
            {i for i, x in enumerate(final.history(s)) if x == -1} for s in range(g.num_players)
        ]
        for a in final.history():
            p = g.current_player
            who = "chance" if p < 0 else f"seat {p}"
            labels.append(f"{who}: {g.action_to_string(a)}")
            g.apply_action(a)
            frames.append(g.clone())
        self.mode, self.frames, self.labels = "replay", frames, labels
        self.step = len(frames) - 1
        self.seat = None
        self.game = frames[-1]

    def set_step(self, step: int) -> None:
        if self.mode != "replay":
            raise ValueError("not replaying a record")
        self.step = max(0, min(int(step), len(self.frames) - 1))
        self.game = self.frames[self.step]

    # ------------------------------------------------------------ views

    def record(self) -> str:
        if self.mode == "replay":
            rec = json.loads(self.frames[-1].record())
            rec["chance"] = "auto"
            return json.dumps(rec)
        return self.game.record()

    def _replay_log(self, seat: int | None) -> list[str]:
        """The replay's log up to the current step; seen from a seat, the entries that seat did
        not see (another's private draw or secret move) are shown as hidden."""
        log = self.labels[: self.step]
        if seat is None or not 0 <= seat < len(self.unseen):
            return log
        unseen = self.unseen[seat]
        return [f"{x.split(':')[0]}: {HIDDEN}" if i in unseen else x for i, x in enumerate(log)]

    def state(self, seat: int | None) -> dict[str, Any]:
        g = self.game
        if self.mode == "play":
            seat = self.seat  # a player sees only their own seat
        moves = render.legal_moves(g) if self.mode == "play" and g.current_player == seat else []
        svg = render.to_svg(g, seat, hot=render.hot_keys(moves))
        return {
            "mode": self.mode,
            "game": g.game_id,
            "players": g.num_players,
            "seat": seat,
            "current_player": g.current_player,
            "terminal": g.is_terminal,
            "scores": g.scores(),
            "winners": g.winners() if g.is_terminal else [],
            "svg": svg,
            "moves": moves,
            "log": self.labels if self.mode == "play" else self._replay_log(seat),
            "step": self.step if self.mode == "replay" else len(g.history()),
            "steps": len(self.frames) - 1 if self.mode == "replay" else len(g.history()),
            "can_undo": bool(self.undo_stack) and self.mode == "play",
            "bots": self.bot_specs[0] if self.bot_specs else "random",
        }


def _games() -> list[dict[str, Any]]:
    out = []
    for name in meeple.games():
        info = meeple.game_info(name)
        out.append(
            {
                "name": name,
                "title": info["title"],
                "min_players": info["min_players"],
                "max_players": info["max_players"],
            }
        )
    return out


class Handler(BaseHTTPRequestHandler):
    session: Session  # set on the class made by make_server
    server_version = "meeple-view"

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib name
        pass  # quiet: the terminal belongs to the person playing

    def _send(
        self, status: int, body: bytes, ctype: str, extra: dict[str, str] | None = None
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def _json(self, obj: Any, status: int = 200) -> None:
        self._send(status, json.dumps(obj).encode(), "application/json")

    def _error(self, msg: str, status: int = 400) -> None:
        self._json({"error": msg}, status)

    def do_GET(self) -> None:  # noqa: N802 - stdlib name
        url = urlparse(self.path)
        q = parse_qs(url.query)
        s = self.session
        try:
            if url.path == "/api/state":
                seat_s = (q.get("seat") or [""])[0]
                seat = int(seat_s) if seat_s not in ("", "all") else None
                with s.lock:
                    if seat is not None and not 0 <= seat < s.game.num_players:
                        seat = None
                    self._json(s.state(seat))
                return
            if url.path == "/api/games":
                self._json(_games())
                return
            if url.path == "/api/record":
                with s.lock:
                    body = (s.record() + "\n").encode()
                    name = f"{s.game.game_id}-seed{s.game.seed}.json"
                self._send(
                    200,
                    body,
                    "application/json",
                    {"Content-Disposition": f'attachment; filename="{name}"'},
                )
                return
        except ValueError as e:
            self._error(str(e))
            return
        self._static(url.path)

    def _static(self, path: str) -> None:
        name = "index.html" if path in ("/", "/index.html") else path.lstrip("/")
        if name.startswith("static/"):
            name = name[len("static/") :]
        if "/" in name or name.startswith(".") or not any(name.endswith(k) for k in STATIC_TYPES):
            self._error(f"not found: {path}", HTTPStatus.NOT_FOUND)
            return
        res = resources.files("meeple.view").joinpath("static", name)
        if not res.is_file():
            self._error(f"not found: {path}", HTTPStatus.NOT_FOUND)
            return
        ext = name[name.rindex(".") :]
        self._send(200, res.read_bytes(), STATIC_TYPES[ext])

    def do_POST(self) -> None:  # noqa: N802 - stdlib name
        url = urlparse(self.path)
        s = self.session
        try:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b"{}"
            body = json.loads(raw or b"{}")
            if not isinstance(body, dict):
                raise ValueError("the request body must be a JSON object")
            with s.lock:
                if url.path == "/api/new":
                    players = body.get("players")
                    s.new_game(
                        str(body.get("game", "catan")),
                        int(players) if players not in (None, "") else None,
                        int(body.get("seat", 0)),
                        str(body.get("bots") or "random"),
                        int(body.get("seed", 0)),
                        dict(body.get("options") or {}),
                    )
                elif url.path == "/api/move":
                    s.move(int(body["action"]))
                elif url.path == "/api/undo":
                    s.undo()
                elif url.path == "/api/load":
                    rec = body.get("record")
                    if isinstance(rec, str):
                        rec = json.loads(rec.strip().splitlines()[0])
                    if not isinstance(rec, dict):
                        raise ValueError("load needs a record: a JSON object")
                    s.load(rec)
                elif url.path == "/api/step":
                    s.set_step(int(body.get("step", 0)))
                else:
                    self._error(f"not found: {url.path}", HTTPStatus.NOT_FOUND)
                    return
                seat = body.get("view_seat")
                view_seat = int(seat) if isinstance(seat, int) else None
                self._json(s.state(view_seat))
        except (ValueError, KeyError, TypeError) as e:
            self._error(str(e) if not isinstance(e, KeyError) else f"missing field {e}")


def make_server(
    record: dict[str, Any] | None = None, port: int = 8765, session: Session | None = None
) -> ThreadingHTTPServer:
    """A server on 127.0.0.1:port (0: any free port) replaying ``record`` if given."""
    s = session or Session()
    if record is not None:
        s.load(record)
    handler = type("BoundHandler", (Handler,), {"session": s})
    return ThreadingHTTPServer(("127.0.0.1", port), handler)


def serve(
    record: dict[str, Any] | None = None, port: int = 8765, open_browser: bool = True
) -> None:
    """Serve until interrupted; open the page in the default browser unless told not to."""
    httpd = make_server(record, port)
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    print(f"meeple view: {url} (Ctrl-C to stop)", flush=True)
    if open_browser:
        webbrowser.open(url)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
