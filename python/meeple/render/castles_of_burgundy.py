"""The Castles of Burgundy as SVG and as text, from an observation (the same for every seat
except during a secret board choice).

Each estate is the side-4 hexagon of 37 spaces, numbered 1..37 row by row from the top (rows of
4, 5, 6, 7, 6, 5, 4); colours and dice come from the shared board data (render/data).
"""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources
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

ROWS = [4, 5, 6, 7, 6, 5, 4]
KIND_COLOUR = {
    "C": "#2f6b3a",  # castle
    "P": "#9fd36a",  # pasture / animals
    "B": "#e8cf9c",  # building
    "M": "#9a9a9a",  # silver mine
    "K": "#f3dc4a",  # knowledge
    "S": "#4f95d6",  # ship
}
PALE = {k: v + "55" for k, v in KIND_COLOUR.items()}
BUILDINGS = [
    "warehouse",
    "carpenters_workshop",
    "church",
    "market",
    "boarding_house",
    "bank",
    "city_hall",
    "watchtower",
]
GOODS_COLOUR = ["#e15759", "#f1ce63", "#59a14f", "#4e79a7", "#b07aa1", "#9c755f"]
BONUS_ORDER = ["castle", "pasture", "building", "mine", "knowledge", "ship"]
HEX_R = 17.0


@cache
def _boards() -> dict[str, Any]:
    data = resources.files("meeple.render").joinpath("data/castles_of_burgundy_boards.json")
    loaded: dict[str, Any] = json.loads(data.read_text())
    return loaded


def tile_kind(tile: str) -> str:
    if tile in BUILDINGS:
        return "B"
    if tile.startswith(("cow", "pig", "sheep", "chicken")):
        return "P"
    if tile.startswith("knowledge"):
        return "K"
    return {"castle": "C", "mine": "M", "ship": "S"}.get(tile, "B")


def tile_short(tile: str) -> str:
    if tile.startswith("knowledge_"):
        return "K" + tile.split("_")[1]
    if "_" in tile and tile.split("_")[-1].isdigit():
        kind, n = tile.rsplit("_", 1)
        return f"{kind[:3]}{n}"
    short = {
        "carpenters_workshop": "carp",
        "boarding_house": "board",
        "city_hall": "hall",
        "watchtower": "tower",
        "warehouse": "ware",
    }
    return short.get(tile, tile[:5])


@cache
def _spaces(board: int) -> list[tuple[int, str, int]]:
    """(space id, colour letter, die) for the 37 spaces of a board."""
    data = _boards()
    colours = data["colours"].get(str(board)) or data["colours"]["1"]
    out = []
    sid = 1
    for r, row in enumerate(colours):
        for i, letter in enumerate(row.split()):
            out.append((sid, letter, int(data["dice"][r][i])))
            sid += 1
    return out


def _space_xy(sid: int, x0: float, y0: float) -> tuple[float, float]:
    w = HEX_R * math.sqrt(3)
    n = sid - 1
    for r, length in enumerate(ROWS):
        if n < length:
            return (x0 + (7 - length) * w / 2 + n * w + w / 2, y0 + r * 1.5 * HEX_R + HEX_R)
        n -= length
    return (x0, y0)


def _tile(svg: Svg, x: float, y: float, tile: str, r: float, key: str | None = None) -> None:
    fill = KIND_COLOUR[tile_kind(tile)]
    svg.polygon(hexagon(x, y, r), fill=fill, stroke=INK, stroke_width=1, tip=nice(tile))
    svg.text(
        x,
        y + 3,
        tile_short(tile),
        size=r * 0.55,
        anchor="middle",
        weight="bold",
        fill=text_colour_on(fill),
    )


def _hot_hex(svg: Svg, x: float, y: float, r: float, key: str) -> None:
    svg.el(
        "polygon",
        tip=key,
        points=" ".join(f"{a:.1f},{b:.1f}" for a, b in hexagon(x, y, r)),
        class_="hot",
        data_key=key,
        fill="#ffffff",
        fill_opacity=0.3,
        stroke="#00a0a0",
        stroke_width=3,
    )


def _die(svg: Svg, x: float, y: float, n: int, used: bool, fill: str, key: str | None) -> None:
    svg.rect(
        x,
        y,
        22,
        22,
        rx=4,
        fill=fill,
        stroke=INK,
        stroke_width=1.2,
        opacity=0.35 if used else 1,
        tip=f"die {n}" + (" (used)" if used else ""),
    )
    svg.text(
        x + 11,
        y + 16,
        str(n) if n else "?",
        size=14,
        anchor="middle",
        weight="bold",
        fill=text_colour_on(fill),
    )
    if key:
        svg.hot_rect(x, y, 22, 22, key)


def to_svg(view: dict[str, Any], meta: dict[str, Any]) -> str:
    players = view.get("players", [])
    n = len(players)
    col_w = 250.0
    svg = Svg(max(1000.0, col_w * n + 20), 620, title="The Castles of Burgundy")
    hot = set(meta.get("hot") or ())
    svg.text(16, 28, "The Castles of Burgundy", size=20, weight="bold")
    step = view.get("step") or {}
    svg.text(
        16,
        48,
        f"{status_line(meta)} · phase {view.get('phase')} · round "
        f"{view.get('round')} · {nice(str(step.get('kind', '')))}"
        + (
            f" · pending {nice(str(view['pending']['kind']))}"
            if (view.get("pending") or {}).get("kind", "none") != "none"
            else ""
        ),
        size=12,
    )
    # The six numbered depots with their goods.
    y0 = 70.0
    for d, spaces in enumerate(view.get("depots", [])):
        x0 = 16 + d * 118
        svg.rect(x0, y0, 110, 92, rx=8, fill="#efe6d2", stroke="#b8a77e")
        svg.rect(x0 + 4, y0 + 4, 20, 20, rx=3, fill="#ffffff", stroke=INK)
        svg.text(x0 + 14, y0 + 19, str(d + 1), size=13, anchor="middle", weight="bold")
        for k, tile in enumerate(spaces):
            tx, ty = x0 + 40 + (k % 2) * 36, y0 + 24 + (k // 2) * 38
            key = f"depot{d + 1}.{k + 1}"
            if tile:
                _tile(svg, tx, ty, str(tile), 16)
            else:
                svg.polygon(
                    hexagon(tx, ty, 16), fill="none", stroke="#b8a77e", stroke_dasharray="3 2"
                )
            if key in hot:
                _hot_hex(svg, tx, ty, 17, key)
        goods = (view.get("depot_goods") or [[]] * 6)[d]
        gk = 0
        for gtype, count in enumerate(goods):
            for _ in range(int(count)):
                svg.rect(
                    x0 + 6 + (gk % 2) * 10,
                    y0 + 32 + (gk // 2) * 10,
                    8,
                    8,
                    fill=GOODS_COLOUR[gtype],
                    stroke=INK,
                    stroke_width=0.6,
                    tip=f"goods {gtype + 1}",
                )
                gk += 1
        if f"depot{d + 1}" in hot:
            svg.hot_rect(x0, y0, 110, 92, f"depot{d + 1}")
    # The black depot (central market).
    bx = 16 + 6 * 118 + 6
    svg.rect(bx, y0, 262, 92, rx=8, fill="#3b3b3b")
    svg.text(bx + 8, y0 + 16, "black depot", size=11, fill="#ffffff", weight="bold")
    for k, tile in enumerate(view.get("black_depot", [])):
        tx, ty = bx + 28 + (k % 4) * 34, y0 + 38 + (k // 4) * 34
        key = f"black{k + 1}"
        if tile:
            _tile(svg, tx, ty, str(tile), 15)
        else:
            svg.polygon(hexagon(tx, ty, 15), fill="none", stroke="#888", stroke_dasharray="3 2")
        if key in hot:
            _hot_hex(svg, tx, ty, 16, key)
    wd = int(view.get("white_die") or 0)
    svg.text(bx + 170, y0 + 34, "white die", size=10, fill="#ffffff")
    _die(svg, bx + 230, y0 + 20, wd, False, "#ffffff", None)
    svg.text(bx + 170, y0 + 62, "round goods", size=10, fill="#ffffff")
    for k, gt in enumerate(view.get("round_goods", [])):
        fill = GOODS_COLOUR[int(gt) - 1] if gt else "#555"
        svg.rect(bx + 170 + k * 17, y0 + 68, 14, 14, fill=fill, stroke="#ddd", stroke_width=0.6)
    # Turn order and the players' estates.
    order = view.get("order", [])
    svg.text(16, 186, "turn order: " + " → ".join(f"seat {s}" for s in order), size=12)
    for i, p in enumerate(players):
        _estate(svg, view, meta, i, p, 16 + i * col_w, 200, hot)
    _legend(svg, 16, 588)
    return svg.render()


def _estate(
    svg: Svg,
    view: dict[str, Any],
    meta: dict[str, Any],
    i: int,
    p: dict[str, Any],
    x0: float,
    y0: float,
    hot: set[str],
) -> None:
    current = meta.get("current_player") == i
    player_frame(svg, x0 - 4, y0, 242, 374, current)
    colour = player_colour(i)
    svg.rect(x0 + 4, y0 + 8, 14, 14, rx=3, fill=colour, stroke=INK)
    svg.text(x0 + 24, y0 + 20, seat_title(meta, i), size=13, weight="bold")
    svg.text(x0 + 230, y0 + 20, f"{p.get('vp', 0)} VP", size=13, anchor="end", weight="bold")
    board = p.get("board")
    estate = p.get("estate") or {}
    ex, ey = x0 + 6, y0 + 30
    if board is None:
        svg.text(x0 + 10, y0 + 60, "board not revealed yet", size=11)
    else:
        for sid, letter, die in _spaces(int(board)):
            x, y = _space_xy(sid, ex, ey)
            tile = estate.get(str(sid))
            key = f"@{sid}"
            if tile:
                _tile(svg, x, y, str(tile), HEX_R - 0.8)
            else:
                svg.polygon(
                    hexagon(x, y, HEX_R - 0.8),
                    fill=PALE[letter],
                    stroke="#a89f8c",
                    stroke_width=0.8,
                    tip=f"space {sid}: die {die}",
                )
                svg.text(x, y + 4, str(die), size=10, anchor="middle", fill="#555")
            if current and key in hot:
                _hot_hex(svg, x, y, HEX_R - 1.5, key)
    y = y0 + 244
    svg.text(x0 + 4, y, "storage", size=11, weight="bold")
    for k, tile in enumerate(p.get("storage", [])):
        tx = x0 + 70 + k * 38
        if tile:
            _tile(svg, tx, y - 4, str(tile), 15)
        else:
            svg.polygon(
                hexagon(tx, y - 4, 15), fill="none", stroke="#b8a77e", stroke_dasharray="3 2"
            )
        key = f"storage{k + 1}"
        if current and key in hot and not any(h.startswith("@") for h in hot):
            _hot_hex(svg, tx, y - 4, 16, key)
    y += 28
    svg.text(x0 + 4, y, "goods", size=11, weight="bold")
    for g, count in enumerate(p.get("goods", [])):
        gx = x0 + 50 + g * 30
        svg.rect(
            gx,
            y - 11,
            14,
            14,
            rx=2,
            fill=GOODS_COLOUR[g],
            stroke=INK,
            stroke_width=0.7,
            tip=f"goods {g + 1}",
        )
        svg.text(gx + 17, y, str(count), size=11)
        key = f"goods{g + 1}"
        if current and key in hot:
            svg.hot_rect(gx, y - 11, 26, 14, key)
    y += 20
    svg.text(
        x0 + 4,
        y,
        f"silverlings {p.get('silverlings', 0)} · workers {p.get('workers', 0)}"
        f" · sold {sum(p.get('sold', []))}",
        size=11,
    )
    y += 22
    svg.text(x0 + 4, y, "dice", size=11, weight="bold")
    for k, (d, used) in enumerate(zip(p.get("dice", []), p.get("dice_used", []), strict=False)):
        key = f"die{k + 1}"
        _die(
            svg,
            x0 + 40 + k * 30,
            y - 15,
            int(d),
            bool(used),
            colour,
            key if current and key in hot else None,
        )
    y += 22
    bonuses = [BONUS_ORDER[k] for k, b in enumerate(p.get("bonuses", [])) if b != "none"]
    svg.text(x0 + 4, y, "bonus tiles: " + (", ".join(bonuses) or "-"), size=10.5)
    y += 14
    svg.text(x0 + 4, y, f"track position {p.get('track_position', 0)}", size=10.5)


def _legend(svg: Svg, x: float, y: float) -> None:
    names = {
        "C": "castle",
        "P": "pasture",
        "B": "building",
        "M": "mine",
        "K": "knowledge",
        "S": "ship",
    }
    for j, (k, fill) in enumerate(KIND_COLOUR.items()):
        svg.polygon(hexagon(x + 8 + j * 100, y, 8), fill=fill, stroke=INK, stroke_width=0.6)
        svg.text(x + 20 + j * 100, y + 4, names[k], size=11)
    svg.text(x + 610, y + 4, "empty spaces show their die; squares are goods by type 1-6", size=11)


def to_text(view: dict[str, Any], meta: dict[str, Any]) -> str:
    step = view.get("step") or {}
    lines = [
        f"The Castles of Burgundy · {status_line(meta)} · phase {view.get('phase')} · "
        f"round {view.get('round')} · {step.get('kind')} · white die "
        f"{view.get('white_die') or '-'}"
    ]
    for d, spaces in enumerate(view.get("depots", [])):
        goods = (view.get("depot_goods") or [[]] * 6)[d]
        g = " ".join(f"g{k + 1}x{c}" for k, c in enumerate(goods) if c)
        lines.append(
            f"depot {d + 1}: "
            + " ".join(tile_short(t) if t else "." for t in spaces)
            + (f"  goods {g}" if g else "")
        )
    lines.append(
        "black depot: " + " ".join(tile_short(t) if t else "." for t in view.get("black_depot", []))
    )
    lines.append("turn order: " + " ".join(f"seat {s}" for s in view.get("order", [])))
    for i, p in enumerate(view.get("players", [])):
        you = " (you)" if meta.get("seat") == i else ""
        lines.append("")
        lines.append(
            f"seat {i} {PLAYER_NAMES[i]}{you}: {p.get('vp', 0)} VP, dice "
            f"{p.get('dice')}, silverlings {p.get('silverlings')}, workers "
            f"{p.get('workers')}, goods {p.get('goods')}, storage "
            + " ".join(tile_short(t) if t else "." for t in p.get("storage", []))
        )
        if p.get("board") is not None:
            estate = p.get("estate") or {}
            sp = _spaces(int(p["board"]))
            k = 0
            for length in ROWS:
                row = sp[k : k + length]
                k += length
                cells = []
                for sid, letter, die in row:
                    t = estate.get(str(sid))
                    cells.append(tile_short(t) if t else f"{letter.lower()}{die}@{sid}")
                lines.append(" " * (3 * (7 - length)) + " ".join(f"{c:^6}" for c in cells))
    lines.append("")
    lines.append(
        "legend: empty space = colour letter (c castle, p pasture, b building, m mine, "
        "k knowledge, s ship), its die, @space id; K7 = knowledge tile 7, cow3 = 3 cows"
    )
    return "\n".join(lines)
