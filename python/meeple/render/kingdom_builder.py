"""Kingdom Builder as SVG and as a terminal map, from an observation or the full view.

The board is the observation's ``board.map``: 20 rows of 20 letters, (row, col) with row 0 at
the top, pointy-top hexes with odd rows shifted half a hex right (docs/games/kingdom_builder.md).
"""

from __future__ import annotations

import math
from typing import Any

from meeple.render.svg import (
    INK,
    PLAYER_NAMES,
    Svg,
    hexagon,
    nice,
    player_colour,
    player_frame,
    seat_title,
    status_line,
    text_colour_on,
)

R = 15.0  # hex radius
W = R * math.sqrt(3)
X0, Y0 = 22.0, 70.0
PANEL_X = X0 + 20.5 * W + 24

TERRAIN = {
    "G": ("grass", "#8cc152"),
    "C": ("canyon", "#b9773e"),
    "D": ("desert", "#f2d98a"),
    "F": ("flower", "#e3a3d1"),
    "W": ("forest", "#2e6b2f"),
    "L": ("water", "#4d9de0"),
    "M": ("mountain", "#6f6a66"),
    "S": ("castle", "#d7d2c8"),
}
CARD_TERRAIN = {name: colour for name, colour in TERRAIN.values()}
LOCATION = {
    "O": "oracle",
    "A": "farm",
    "V": "tavern",
    "T": "tower",
    "H": "harbor",
    "P": "paddock",
    "B": "barn",
    "Z": "oasis",
}
LOCATION_COLOUR = "#f6e7b0"
TILE_RULE = {
    "oracle": "build on the card's terrain",
    "farm": "build on grass",
    "tavern": "build at the end of a line of 3",
    "tower": "build at the board's edge",
    "harbor": "move a settlement to water",
    "paddock": "jump a settlement 2 hexes",
    "barn": "move a settlement to the card's terrain",
    "oasis": "build on desert",
}
CARD_RULE = {
    "fishermen": "1 gold per settlement next to water",
    "merchants": "4 gold per location or castle linked to another",
    "discoverers": "1 gold per row with a settlement",
    "hermits": "1 gold per separate settlement area",
    "citizens": "1 gold per 2 settlements in the largest area",
    "miners": "1 gold per settlement next to a mountain",
    "workers": "1 gold per settlement next to a location or castle",
    "knights": "2 gold per settlement in the row with the most",
    "lords": "12 / 6 gold per sector for the most / second most",
    "farmers": "3 gold per settlement in the sector with the fewest",
}


def centre(row: int, col: int) -> tuple[float, float]:
    return (X0 + W * (col + 0.5 * (row % 2)) + W / 2, Y0 + 1.5 * R * row + R)


def _settlement(svg: Svg, x: float, y: float, colour: str, tip: str) -> None:
    s = 7.0
    svg.polygon(
        [
            (x - s, y + s * 0.8),
            (x - s, y - s * 0.1),
            (x, y - s),
            (x + s, y - s * 0.1),
            (x + s, y + s * 0.8),
        ],
        fill=colour,
        stroke=INK,
        stroke_width=1.4,
        tip=tip,
    )


def _owners(view: dict[str, Any]) -> dict[tuple[int, int], int]:
    own: dict[tuple[int, int], int] = {}
    for i, p in enumerate(view.get("player_state", [])):
        for h in p.get("settlements", []):
            own[(int(h[0]), int(h[1]))] = i
    return own


def to_svg(view: dict[str, Any], meta: dict[str, Any]) -> str:
    rows: list[str] = list(view.get("board", {}).get("map", []))
    svg = Svg(PANEL_X + 330, Y0 + 1.5 * R * 20 + R + 60, title="Kingdom Builder")
    svg.text(X0, 28, "Kingdom Builder", size=20, weight="bold")
    sectors = view.get("board", {}).get("sectors", [])
    svg.text(X0 + 180, 28, "sectors " + ", ".join(sectors), size=12)
    svg.text(
        X0,
        50,
        status_line(meta) + f" · round {view.get('round', 1)} · "
        f"{nice(str(view.get('step', view.get('phase', ''))))}",
        size=12,
    )
    left = {(int(t["hex"][0]), int(t["hex"][1])): t for t in view.get("location_tiles", [])}
    owners = _owners(view)
    hot = set(meta.get("hot") or ())
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            x, y = centre(r, c)
            name, fill = TERRAIN.get(ch, (LOCATION.get(ch, "?"), LOCATION_COLOUR))
            svg.polygon(
                hexagon(x, y, R - 0.5),
                fill=fill,
                stroke="#f7f1e1",
                stroke_width=1,
                tip=f"{name} ({r},{c})",
            )
            if ch == "S":
                svg.rect(x - 6, y - 3, 12, 8, fill="#8a8378")
                for i in range(3):
                    svg.rect(x - 6 + i * 4.5, y - 7, 3, 4, fill="#8a8378")
            elif ch in LOCATION:
                tile = left.get((r, c), {})
                svg.text(x, y + 1, name[:3], size=8, anchor="middle", weight="bold")
                n = int(tile.get("left", 0))
                for k in range(n):
                    svg.circle(
                        x - 3 + k * 6, y + 7, 2.2, fill="#b8860b", stroke=INK, stroke_width=0.5
                    )
            elif ch == "M":
                svg.polygon([(x - 7, y + 5), (x - 1, y - 6), (x + 5, y + 5)], fill="#9c958f")
    # Sector borders.
    for k in (10,):
        x1, y1 = centre(k, 0)
        svg.line(
            X0,
            y1 - R * 1.0,
            X0 + 20.5 * W,
            y1 - R * 1.0,
            stroke=INK,
            stroke_width=1.5,
            stroke_dasharray="5 4",
            opacity=0.5,
        )
        xa, _ = centre(0, k)
        svg.line(
            xa - W / 2,
            Y0,
            xa - W / 2,
            Y0 + 1.5 * R * 20 + R / 2,
            stroke=INK,
            stroke_width=1.5,
            stroke_dasharray="5 4",
            opacity=0.5,
        )
    for (r, c), i in sorted(owners.items()):
        x, y = centre(r, c)
        _settlement(svg, x, y + 1, player_colour(i), f"seat {i} settlement ({r},{c})")
    pending = view.get("pending") or {}
    if isinstance(pending, dict) and pending.get("from"):
        fr = pending["from"]
        x, y = centre(int(fr[0]), int(fr[1]))
        svg.circle(
            x, y, R - 3, fill="none", stroke="#ffffff", stroke_width=3, tip="settlement being moved"
        )
    for key in sorted(hot):
        if key.startswith("(") and "," in key:
            try:
                r, c = (int(v) for v in key.strip("()").split(","))
            except ValueError:
                continue
            x, y = centre(r, c)
            svg.el(
                "polygon",
                tip=key,
                points=" ".join(f"{a:.1f},{b:.1f}" for a, b in hexagon(x, y, R - 2.5)),
                class_="hot",
                data_key=key,
                fill="#ffffff",
                fill_opacity=0.45,
                stroke="#00a0a0",
                stroke_width=2.5,
            )
    _panel(svg, view, meta)
    return svg.render()


def _panel(svg: Svg, view: dict[str, Any], meta: dict[str, Any]) -> None:
    x, y = PANEL_X, 28.0
    svg.text(x, y, "Kingdom Builder cards", size=13, weight="bold")
    for card in view.get("cards", []):
        y += 18
        svg.rect(x, y - 12, 316, 30, rx=5, fill="#fff8e0", stroke="#b8860b")
        svg.text(x + 6, y + 1, nice(str(card)).capitalize(), size=12, weight="bold")
        svg.text(x + 6, y + 13, CARD_RULE.get(str(card), ""), size=9.5)
        y += 18
    y += 14
    played = view.get("played")
    svg.text(x, y, "terrain card played:", size=12)
    if played:
        fill = CARD_TERRAIN.get(str(played), "#ccc")
        svg.rect(x + 122, y - 12, 70, 16, rx=3, fill=fill, stroke=INK)
        svg.text(x + 157, y, str(played), size=11, anchor="middle", fill=text_colour_on(fill))
    else:
        svg.text(x + 122, y, "-", size=12)
    svg.text(x + 200, y, f"placed {view.get('placed', 0)}/3", size=12)
    y += 18
    svg.text(
        x,
        y,
        f"draw pile {view.get('draw_pile_size', '?')} · discard "
        f"{sum((view.get('discard') or {}).values())}",
        size=11,
    )
    scores = view.get("scores") or []
    for i, p in enumerate(view.get("player_state", [])):
        y += 14
        current = meta.get("current_player") == i
        player_frame(svg, x - 4, y, 322, 50, current, rx=6)
        _settlement(svg, x + 9, y + 14, player_colour(i), PLAYER_NAMES[i])
        svg.text(x + 22, y + 18, seat_title(meta, i), size=12, weight="bold")
        gold = scores[i] if i < len(scores) else 0
        svg.text(x + 312, y + 18, f"{gold} gold", size=12, anchor="end", weight="bold")
        hand = p.get("hand")
        hand_text = f"card {hand}" if hand else ("holds a card" if p.get("has_card") else "no card")
        tiles = ", ".join(t["type"] for t in p.get("tiles", []))
        svg.text(x + 4, y + 34, f"{p.get('supply', 0)} settlements left · {hand_text}", size=10.5)
        svg.text(x + 4, y + 46, f"tiles: {tiles or '-'}", size=10.5)
        if hand:
            fill = CARD_TERRAIN.get(str(hand), "#ccc")
            svg.rect(x + 260, y + 25, 52, 13, rx=3, fill=fill, stroke=INK, stroke_width=0.8)
        y += 50
    y += 22
    svg.text(x, y, "terrain", size=12, weight="bold")
    for j, (name, fill) in enumerate(TERRAIN.values()):
        bx, by = x + (j % 4) * 80, y + 16 + (j // 4) * 18
        svg.polygon(hexagon(bx + 6, by - 4, 7), fill=fill, stroke=INK, stroke_width=0.5)
        svg.text(bx + 16, by, name, size=10.5)
    y += 54
    svg.text(x, y, "location tiles (dots: tiles left)", size=12, weight="bold")
    present = sorted({str(t.get("type")) for t in view.get("location_tiles", [])})
    for name in present:
        y += 14
        svg.text(x, y, f"{name}: {TILE_RULE.get(name, '')}", size=10.5)
    svg.height = max(svg.height, y + 16)


SEAT_LETTER = "RBOW"
TEXT_TERRAIN = {"G": "g", "C": "c", "D": "d", "F": "f", "W": "w", "L": "~", "M": "^", "S": "#"}


def to_text(view: dict[str, Any], meta: dict[str, Any]) -> str:
    rows: list[str] = list(view.get("board", {}).get("map", []))
    owners = _owners(view)
    lines = [
        f"Kingdom Builder · {status_line(meta)} · round {view.get('round', 1)} · "
        f"played {view.get('played') or '-'} · placed {view.get('placed', 0)}/3",
        "",
    ]
    lines.append("    " + " ".join(str(c % 10) for c in range(20)))
    for r, line in enumerate(rows):
        cells = []
        for c, ch in enumerate(line):
            if (r, c) in owners:
                cells.append(str(owners[(r, c)]))
            else:
                cells.append(TEXT_TERRAIN.get(ch, ch))
        lines.append(f"{r:>2}  " + (" " if r % 2 else "") + " ".join(cells))
    lines.append("")
    lines.append(
        "legend: g grass, c canyon, d desert, f flower, w forest, ~ water, ^ mountain, "
        "# castle; locations O oracle A farm V tavern T tower H harbor P paddock "
        "B barn Z oasis; 0-3 settlements of seats 0-3 (odd rows shifted right)"
    )
    lines.append(
        "cards: " + "; ".join(f"{c} ({CARD_RULE.get(c, '')})" for c in view.get("cards", []))
    )
    scores = view.get("scores") or []
    for i, p in enumerate(view.get("player_state", [])):
        you = " (you)" if meta.get("seat") == i else ""
        hand = p.get("hand") or ("hidden card" if p.get("has_card") else "-")
        tiles = ", ".join(t["type"] for t in p.get("tiles", [])) or "-"
        gold = scores[i] if i < len(scores) else 0
        lines.append(
            f"{SEAT_LETTER[i]} seat {i}{you}: {gold} gold, {p.get('supply')} left, "
            f"hand {hand}, tiles {tiles}"
        )
    return "\n".join(lines)
