"""Shared SVG pieces: an element builder, the player palette, label keys, small glyphs.

Every picture is plain SVG 1.1 text (no scripts, no external fonts or images) so that it shows
the same in a browser, in Jupyter and in an image viewer. Clickable spots carry
``data-key="KEY"`` and the class ``hot``: the browser player matches a key against the keys of
each legal move's label (``label_keys``) to know which moves a click means.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from typing import Any
from xml.sax.saxutils import escape, quoteattr

# Seat colours (colour-blind friendly enough: hue and lightness both differ), then neutrals.
PLAYER_COLOURS = ["#d62728", "#1f6fc0", "#f28e1c", "#f2f2f2", "#2ca02c", "#9467bd"]
PLAYER_NAMES = ["red", "blue", "orange", "white", "green", "purple"]
NEUTRAL_COLOURS = ["#7f7f7f", "#8c564b"]
INK = "#222222"
PAPER = "#fbf7ef"
FONT = "font-family:Helvetica,Arial,sans-serif"

# Tokens a label is made of: coordinates with their tag ("N(-1,2)", "(3,4)"), estate spaces
# ("@12"), and words ("depot1.2", "small_market").
_KEY_RE = re.compile(r"[A-Z]*\(-?\d+,-?\d+\)|@\d+|[\w.+]+")


def label_keys(label: str) -> list[str]:
    """The keys a click may match in an action label: its tokens and their runs of two and
    three, e.g. ``"road E(-1,1)" -> ["road", "E(-1,1)", "road E(-1,1)"]``."""
    tokens = _KEY_RE.findall(label)
    keys = list(tokens)
    for n in (2, 3):
        keys += [" ".join(tokens[i : i + n]) for i in range(len(tokens) - n + 1)]
    return keys


def player_colour(seat: int) -> str:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def text_colour_on(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (#rrggbb)."""
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def nice(name: str) -> str:
    """``small_indigo_plant`` -> ``small indigo plant``."""
    return name.replace("_", " ")


def _fmt(v: object) -> str:
    if isinstance(v, float):
        s = f"{v:.1f}"
        return s[:-2] if s.endswith(".0") else s
    return str(v)


class Svg:
    """An SVG document built element by element (attributes as keyword arguments: ``class_``
    for ``class``, ``data_key`` for ``data-key``, other underscores become dashes)."""

    def __init__(self, width: float, height: float, title: str = "") -> None:
        self.width = width
        self.height = height
        self.parts: list[str] = []
        self.title = title

    @staticmethod
    def _attrs(attrs: dict[str, object]) -> str:
        out = []
        for k, v in attrs.items():
            if v is None:
                continue
            name = k.rstrip("_").replace("_", "-")
            out.append(f" {name}={quoteattr(_fmt(v))}")
        return "".join(out)

    def el(self, tag: str, text: str | None = None, tip: str | None = None, **attrs: Any) -> None:
        a = self._attrs(attrs)
        inner = ""
        if tip:
            inner += f"<title>{escape(tip)}</title>"
        if text is not None:
            inner += escape(text)
        if inner:
            self.parts.append(f"<{tag}{a}>{inner}</{tag}>")
        else:
            self.parts.append(f"<{tag}{a}/>")

    def open(self, tag: str = "g", **attrs: Any) -> None:
        self.parts.append(f"<{tag}{self._attrs(attrs)}>")

    def close(self, tag: str = "g") -> None:
        self.parts.append(f"</{tag}>")

    def rect(self, x: float, y: float, w: float, h: float, **attrs: Any) -> None:
        self.el("rect", x=x, y=y, width=w, height=h, **attrs)

    def circle(self, x: float, y: float, r: float, **attrs: Any) -> None:
        self.el("circle", cx=x, cy=y, r=r, **attrs)

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: Any) -> None:
        self.el("line", x1=x1, y1=y1, x2=x2, y2=y2, **attrs)

    def polygon(self, points: Iterable[tuple[float, float]], **attrs: Any) -> None:
        pts = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in points)
        self.el("polygon", points=pts, **attrs)

    def text(
        self,
        x: float,
        y: float,
        s: str,
        size: float = 12,
        anchor: str = "start",
        weight: str = "normal",
        fill: str = INK,
        **attrs: Any,
    ) -> None:
        self.el(
            "text",
            text=s,
            x=x,
            y=y,
            font_size=size,
            text_anchor=anchor,
            font_weight=weight,
            fill=fill,
            style=FONT,
            **attrs,
        )

    def hot_circle(self, x: float, y: float, r: float, key: str, tip: str | None = None) -> None:
        """A clickable marker for a legal move at (x, y)."""
        self.el(
            "circle",
            tip=tip or key,
            cx=x,
            cy=y,
            r=r,
            class_="hot",
            data_key=key,
            fill="#ffffff",
            fill_opacity=0.55,
            stroke="#00a0a0",
            stroke_width=2.5,
        )

    def hot_rect(
        self, x: float, y: float, w: float, h: float, key: str, tip: str | None = None
    ) -> None:
        """A clickable frame around a card or box whose key names a legal move."""
        self.el(
            "rect",
            tip=tip or key,
            x=x - 2,
            y=y - 2,
            width=w + 4,
            height=h + 4,
            rx=4,
            class_="hot",
            data_key=key,
            fill="#00a0a0",
            fill_opacity=0.08,
            stroke="#00a0a0",
            stroke_width=3,
        )

    def render(self) -> str:
        w, h = _fmt(self.width), _fmt(self.height)
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}">'
        )
        title = f"<title>{escape(self.title)}</title>" if self.title else ""
        bg = f'<rect x="0" y="0" width="{w}" height="{h}" fill="{PAPER}"/>'
        return head + title + bg + "".join(self.parts) + "</svg>\n"


def hexagon(cx: float, cy: float, size: float, pointy: bool = True) -> list[tuple[float, float]]:
    """Corners of a regular hexagon (pointy top by default), clockwise from the top."""
    start = -90 if pointy else -120
    return [
        (
            cx + size * math.cos(math.radians(start + 60 * i)),
            cy + size * math.sin(math.radians(start + 60 * i)),
        )
        for i in range(6)
    ]


def pips(n: int) -> int:
    """Dots under a number token: the ways to roll it with two dice."""
    return 6 - abs(7 - n)


def status_line(meta: dict[str, object]) -> str:
    """'seat 2 to move', 'game over: seat 1 wins', ..."""
    if meta.get("terminal"):
        winners = list(meta.get("winners") or [])  # type: ignore[call-overload]
        if not winners:
            return "game over"
        who = ", ".join(f"seat {w}" for w in winners)
        return f"game over: {who} {'wins' if len(winners) == 1 else 'share the win'}"
    cp = meta.get("current_player")
    if isinstance(cp, int) and cp >= 0:
        return f"seat {cp} ({PLAYER_NAMES[cp % len(PLAYER_NAMES)]}) to move"
    return "chance"


def player_frame(
    svg: Svg, x: float, y: float, w: float, h: float, current: bool, rx: float = 8
) -> None:
    """The card behind one player's panel, outlined in teal while that seat is to move."""
    svg.rect(
        x,
        y,
        w,
        h,
        rx=rx,
        fill="#ffffff",
        stroke="#00a0a0" if current else "#d8cfbf",
        stroke_width=3 if current else 1,
    )


def seat_title(meta: dict[str, Any], seat: int, extra: str = "") -> str:
    """A player panel's heading, e.g. 'seat 2 (orange) · you' ('you' marks the viewing seat)."""
    you = " · you" if meta.get("seat") == seat else ""
    return f"seat {seat} ({PLAYER_NAMES[seat]}){you}{extra}"
