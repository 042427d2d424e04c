"""San Juan as SVG and as text, from an observation (or the full view with every hand).

Each player's tableau (production buildings with their good, violet buildings), hand size (or
the seat's own hand), chapel and score; the roles, the trading-house tile, supply and discard.
"""

from __future__ import annotations

from typing import Any

from meeple.render.svg import (
    INK,
    PLAYER_NAMES,
    Svg,
    nice,
    player_colour,
    player_frame,
    seat_title,
    status_line,
    text_colour_on,
)

ROLES = ["builder", "producer", "trader", "councilor", "prospector"]
PRODUCTION = {
    "indigo_plant": ("indigo", "#3b5ba5"),
    "sugar_mill": ("sugar", "#f4f4f4"),
    "tobacco_storage": ("tobacco", "#a0662f"),
    "coffee_roaster": ("coffee", "#4a3222"),
    "silver_smelter": ("silver", "#c0c6cc"),
}
VIOLET = "#a47cc0"
CARD_W, CARD_H = 76.0, 46.0


def _card(
    svg: Svg, x: float, y: float, name: str, key: str | None, hot: set[str], good: bool = False
) -> None:
    fill = PRODUCTION.get(name, ("", VIOLET))[1]
    svg.rect(x, y, CARD_W, CARD_H, rx=5, fill=fill, stroke=INK, stroke_width=1, tip=nice(name))
    words = nice(name).split()
    for k, w in enumerate(words[:2]):
        svg.text(x + 5, y + 14 + k * 12, w, size=10, weight="bold", fill=text_colour_on(fill))
    if good:
        svg.rect(
            x + CARD_W - 18,
            y + CARD_H - 18,
            13,
            13,
            rx=2,
            fill="#e8d9b0",
            stroke=INK,
            stroke_width=0.8,
            tip="a good on this building",
        )
    if key and key in hot:
        svg.hot_rect(x, y, CARD_W, CARD_H, key)


def _back(svg: Svg, x: float, y: float, n: int) -> None:
    svg.rect(x, y, 34, CARD_H, rx=5, fill="#6b4a2b", stroke=INK, tip=f"{n} cards in hand")
    svg.text(x + 17, y + 28, str(n), size=14, anchor="middle", weight="bold", fill="#ffffff")


def to_svg(view: dict[str, Any], meta: dict[str, Any]) -> str:
    players = view.get("players", [])
    svg = Svg(1000, 200 + 150 * len(players) + 40, title="San Juan")
    hot = set(meta.get("hot") or ())
    svg.text(16, 28, "San Juan", size=20, weight="bold")
    svg.text(
        16,
        48,
        f"{status_line(meta)} · round {view.get('round')} · governor seat "
        f"{view.get('governor')} · "
        + (f"{view.get('role')} phase" if view.get("role") else nice(str(view.get("phase", "")))),
        size=12,
    )
    taken = view.get("roles_taken") or {}
    x = 16.0
    for role in ROLES:
        who = taken.get(role)
        current = view.get("role") == role
        svg.rect(
            x,
            62,
            104,
            50,
            rx=6,
            fill="#ede3c8" if who is None else "#cfc8b6",
            stroke=INK if current else "#9b8f72",
            stroke_width=2.5 if current else 1,
        )
        svg.text(x + 52, 84, role, size=12, anchor="middle", weight="bold")
        if who is not None:
            svg.rect(
                x + 40,
                92,
                24,
                12,
                rx=3,
                fill=player_colour(int(who)),
                stroke=INK,
                stroke_width=0.6,
                tip=f"taken by seat {who}",
            )
        if role in hot:
            svg.hot_rect(x, 62, 104, 50, role)
        x += 112
    # The trading-house tile in use.
    tiles = view.get("price_tiles") or []
    cur = view.get("current_tile")
    tx = x + 10
    svg.text(tx, 74, "trading house", size=12, weight="bold")
    if isinstance(cur, int) and 0 <= cur < len(tiles):
        for k, (good, colour) in enumerate(PRODUCTION.values()):
            svg.rect(tx + k * 30, 82, 26, 26, rx=3, fill=colour, stroke=INK, tip=good)
            svg.text(
                tx + k * 30 + 13,
                100,
                str(tiles[cur][k]),
                size=12,
                anchor="middle",
                weight="bold",
                fill=text_colour_on(colour),
            )
    svg.text(
        16,
        134,
        f"supply {view.get('supply_size', '?')} cards · discard "
        f"{view.get('discard_size', '?')} · chapel cards are points",
        size=11,
    )
    drawn = view.get("drawn") or {}
    y = 146.0
    if drawn:
        svg.text(16, y + 12, "drawn (choose):", size=12, weight="bold")
        dx = 120.0
        for name, c in drawn.items():
            for _ in range(int(c)):
                _card(svg, dx, y, name, f"keep {name}", hot)
                dx += CARD_W + 6
    y = 200.0
    for i, p in enumerate(players):
        _player(svg, view, meta, i, p, y, hot)
        y += 150
    svg.text(
        16,
        y + 14,
        "legend: coloured cards produce (indigo, sugar, tobacco, coffee, silver),"
        " a small square = a good; violet cards are city buildings; brown = hidden hand",
        size=11,
    )
    return svg.render()


def _player(
    svg: Svg,
    view: dict[str, Any],
    meta: dict[str, Any],
    i: int,
    p: dict[str, Any],
    y0: float,
    hot: set[str],
) -> None:
    current = meta.get("current_player") == i
    player_frame(svg, 12, y0, 976, 142, current)
    svg.rect(20, y0 + 8, 14, 14, rx=3, fill=player_colour(i), stroke=INK)
    gov = " · governor" if view.get("governor") == i else ""
    svg.text(40, y0 + 20, seat_title(meta, i, gov), size=13, weight="bold")
    svg.text(
        980,
        y0 + 20,
        f"{p.get('score', 0)} VP · chapel {p.get('chapel_size', 0)}",
        size=13,
        anchor="end",
        weight="bold",
    )
    x = 20.0
    for slot, b in enumerate(p.get("buildings", [])):
        name = str(b.get("building"))
        key = f"slot {slot}" if current else None
        _card(svg, x, y0 + 30, name, key, hot, bool(b.get("good")))
        x += CARD_W + 4
        if x > 900:
            break
    hand = p.get("hand") if "hand" in p else (view.get("hand") if meta.get("seat") == i else None)
    y = y0 + 84
    svg.text(20, y + 14, "hand", size=11, weight="bold")
    if hand is not None:
        x = 56.0
        for name, c in sorted(hand.items()):
            for _ in range(int(c)):
                _card(svg, x, y, name, name if current else None, hot)
                x += CARD_W + 4
                if x > 920:
                    break
    else:
        _back(svg, 56, y, int(p.get("hand_size", 0)))


def to_text(view: dict[str, Any], meta: dict[str, Any]) -> str:
    taken = view.get("roles_taken") or {}
    lines = [
        f"San Juan · {status_line(meta)} · round {view.get('round')} · governor seat "
        f"{view.get('governor')} · phase {view.get('phase')}"
    ]
    lines.append(
        "roles: "
        + "  ".join(
            f"{r}" + (f"(seat {taken[r]})" if taken.get(r) is not None else "") for r in ROLES
        )
    )
    tiles = view.get("price_tiles") or []
    cur = view.get("current_tile")
    if isinstance(cur, int) and 0 <= cur < len(tiles):
        lines.append(
            "trading house: "
            + ", ".join(f"{g} {tiles[cur][k]}" for k, (g, _) in enumerate(PRODUCTION.values()))
        )
    lines.append(f"supply {view.get('supply_size')} · discard {view.get('discard_size')}")
    if view.get("drawn"):
        lines.append("drawn: " + ", ".join(f"{n} x{c}" for n, c in view["drawn"].items()))
    for i, p in enumerate(view.get("players", [])):
        you = " (you)" if meta.get("seat") == i else ""
        lines.append("")
        lines.append(
            f"seat {i} {PLAYER_NAMES[i]}{you}: {p.get('score')} VP, hand "
            f"{p.get('hand_size')} cards, chapel {p.get('chapel_size', 0)}"
        )
        lines.append(
            "  tableau: "
            + ", ".join(
                b["building"] + ("*" if b.get("good") else "") for b in p.get("buildings", [])
            )
        )
        hand = (
            p.get("hand") if "hand" in p else (view.get("hand") if meta.get("seat") == i else None)
        )
        if hand is not None:
            lines.append(
                "  hand: "
                + ", ".join(f"{n}" + (f" x{c}" if c > 1 else "") for n, c in sorted(hand.items()))
            )
    lines.append("")
    lines.append("legend: * = a good on the production building")
    return "\n".join(lines)
