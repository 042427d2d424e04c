"""Catan as SVG and as a terminal map, from an observation (or the merged full view).

Geometry follows docs/games/catan.md: pointy-top axial hexes (q, r), r grows downward; a vertex
is N(q,r) or S(q,r) (top or bottom corner), an edge NE/E/SE(q,r); the Traders & Barbarians
trade hexes add a plaza C(q,r) and spokes KN..KNW(q,r) from the plaza to a corner.
"""

from __future__ import annotations

import math
import re
from typing import Any

from meeple.render.svg import (
    INK,
    NEUTRAL_COLOURS,
    PLAYER_NAMES,
    Svg,
    hexagon,
    nice,
    pips,
    player_colour,
    player_frame,
    seat_title,
    status_line,
    text_colour_on,
)

SIZE = 46.0  # hex radius in px
SQ3 = math.sqrt(3)
BOARD_W = 640.0
PANEL_X = BOARD_W + 10
WIDTH = PANEL_X + 330
CX, CY = BOARD_W / 2, 300.0

TERRAIN = {
    "forest": "#2f7d32",
    "hills": "#c8602f",
    "pasture": "#9fd36a",
    "fields": "#f2c94c",
    "mountains": "#8e8e96",
    "desert": "#e9d8a6",
    "lake": "#3f8fd0",
    "swamp": "#5f7445",
    "oasis": "#e9d8a6",
    "castle": "#b0a48f",
    "trade": "#d9b98c",
}
RESOURCE_OF = {
    "forest": "lumber",
    "hills": "brick",
    "pasture": "wool",
    "fields": "grain",
    "mountains": "ore",
}
RESOURCE_COLOUR = {r: TERRAIN[t] for t, r in RESOURCE_OF.items()}
RESOURCES = ["lumber", "brick", "wool", "grain", "ore"]
SEA = "#7cc3e8"
SEA_DEEP = "#5fb0dc"

# Offsets of the six corners and of the spoke tags.
CORNER = {
    "N": (0.0, -1.0),
    "NE": (SQ3 / 2, -0.5),
    "SE": (SQ3 / 2, 0.5),
    "S": (0.0, 1.0),
    "SW": (-SQ3 / 2, 0.5),
    "NW": (-SQ3 / 2, -0.5),
}
EDGE_CORNERS = {"NE": ("N", "NE"), "E": ("NE", "SE"), "SE": ("SE", "S")}
_SPOT_RE = re.compile(r"^([A-Z]*)\((-?\d+),(-?\d+)\)$")

Point = tuple[float, float]


def centre(q: int, r: int) -> Point:
    return (CX + SIZE * SQ3 * (q + r / 2), CY + SIZE * 1.5 * r)


def corner(q: int, r: int, tag: str) -> Point:
    x, y = centre(q, r)
    dx, dy = CORNER[tag]
    return (x + SIZE * dx, y + SIZE * dy)


def parse_spot(spot: Any) -> tuple[str, int, int] | None:
    """'N(-1,2)' or [-1, 2, 'N'] -> ('N', -1, 2); '(0,1)' or [0, 1] -> ('', 0, 1)."""
    if isinstance(spot, str):
        m = _SPOT_RE.match(spot.strip())
        if not m:
            return None
        return (m.group(1), int(m.group(2)), int(m.group(3)))
    if isinstance(spot, (list, tuple)) and len(spot) >= 2:
        tag = str(spot[2]) if len(spot) > 2 else ""
        return (tag, int(spot[0]), int(spot[1]))
    return None


def spot_name(spot: Any) -> str:
    p = parse_spot(spot)
    return f"{p[0]}({p[1]},{p[2]})" if p else str(spot)


def vertex_xy(spot: Any) -> Point | None:
    p = parse_spot(spot)
    if p is None:
        return None
    tag, q, r = p
    if tag in ("N", "S"):
        return corner(q, r, tag)
    if tag in ("C", ""):
        return centre(q, r)
    return None


def edge_xy(spot: Any) -> tuple[Point, Point] | None:
    p = parse_spot(spot)
    if p is None:
        return None
    tag, q, r = p
    if tag in EDGE_CORNERS:
        a, b = EDGE_CORNERS[tag]
        return (corner(q, r, a), corner(q, r, b))
    if tag.startswith("K") and tag[1:] in CORNER:  # a spoke: plaza to a corner
        return (centre(q, r), corner(q, r, tag[1:]))
    return None


def edge_hexes(tag: str, q: int, r: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two hexes on either side of edge tag(q, r)."""
    other = {"NE": (q + 1, r - 1), "E": (q + 1, r), "SE": (q, r + 1)}[tag]
    return ((q, r), other)


# ---------------------------------------------------------------- pieces


def _road(svg: Svg, ends: tuple[Point, Point], colour: str, tip: str) -> None:
    (x1, y1), (x2, y2) = ends
    # Shorten the segment so the buildings at its ends stay visible.
    k = 0.14
    ax, ay = x1 + (x2 - x1) * k, y1 + (y2 - y1) * k
    bx, by = x2 - (x2 - x1) * k, y2 - (y2 - y1) * k
    svg.line(ax, ay, bx, by, stroke=INK, stroke_width=9, stroke_linecap="round")
    svg.el(
        "line",
        tip=tip,
        x1=ax,
        y1=ay,
        x2=bx,
        y2=by,
        stroke=colour,
        stroke_width=6,
        stroke_linecap="round",
    )


def _settlement(svg: Svg, p: Point, colour: str, tip: str) -> None:
    x, y = p
    s = 9.0
    pts = [
        (x - s, y + s * 0.8),
        (x - s, y - s * 0.2),
        (x, y - s),
        (x + s, y - s * 0.2),
        (x + s, y + s * 0.8),
    ]
    svg.polygon(pts, fill=colour, stroke=INK, stroke_width=1.8, tip=tip)


def _city(svg: Svg, p: Point, colour: str, tip: str) -> None:
    x, y = p
    s = 9.0
    pts = [
        (x - 1.5 * s, y + s),
        (x - 1.5 * s, y - 0.2 * s),
        (x - 0.75 * s, y - s),
        (x, y - 0.2 * s),
        (x + 1.5 * s, y - 0.2 * s),
        (x + 1.5 * s, y + s),
    ]
    svg.polygon(pts, fill=colour, stroke=INK, stroke_width=1.8, tip=tip)
    svg.rect(x - 1.0 * s, y + 0.2 * s, 0.5 * s, 0.8 * s, fill=INK, opacity=0.5)


def _robber(svg: Svg, p: Point) -> None:
    x, y = p
    svg.open("g")
    svg.el("ellipse", cx=x, cy=y + 13, rx=10, ry=4, fill=INK, opacity=0.35)
    svg.polygon(
        [(x - 8, y + 13), (x - 5, y - 4), (x + 5, y - 4), (x + 8, y + 13)],
        fill="#3a3a3a",
        stroke="#111",
        stroke_width=1,
        tip="robber",
    )
    svg.circle(x, y - 9, 6.5, fill="#3a3a3a", stroke="#111", stroke_width=1)
    svg.close()


def _token(svg: Svg, p: Point, n: int, label: str | None = None) -> None:
    x, y = p
    red = n in (6, 8)
    svg.circle(x, y, 15, fill="#f7ecd0", stroke="#6b5b3a", stroke_width=1.2)
    svg.text(
        x,
        y + 4,
        label or str(n),
        size=15 if n < 10 else 14,
        anchor="middle",
        weight="bold",
        fill="#c0262d" if red else INK,
    )
    k = pips(n)
    for i in range(k):
        svg.circle(x + (i - (k - 1) / 2) * 3.6, y + 9.5, 1.25, fill="#c0262d" if red else INK)


def _harbour(svg: Svg, edge: Any, kind: str, land: set[tuple[int, int]]) -> None:
    p = parse_spot(edge)
    if p is None or p[0] not in EDGE_CORNERS:
        return
    tag, q, r = p
    a, b = edge_hexes(tag, q, r)
    sea = b if a in land else a
    ends = edge_xy(edge)
    if ends is None:
        return
    (x1, y1), (x2, y2) = ends
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    sx, sy = centre(*sea)
    hx, hy = mx + (sx - mx) * 0.55, my + (sy - my) * 0.55
    for ex, ey in ((x1, y1), (x2, y2)):
        svg.line(
            hx,
            hy,
            ex + (hx - ex) * 0.15,
            ey + (hy - ey) * 0.15,
            stroke="#8a6a3a",
            stroke_width=4,
            stroke_linecap="round",
        )
    fill = RESOURCE_COLOUR.get(kind, "#ffffff")
    svg.circle(
        hx,
        hy,
        14,
        fill=fill,
        stroke=INK,
        stroke_width=1.2,
        tip=f"harbour {kind}" if kind == "3:1" else f"harbour 2:1 {kind}",
    )
    svg.text(
        hx,
        hy + 4,
        "3:1" if kind == "3:1" else "2:1",
        size=10,
        anchor="middle",
        weight="bold",
        fill=text_colour_on(fill),
    )


# ---------------------------------------------------------------- the board


def _land(view: dict[str, Any]) -> list[dict[str, Any]]:
    return list(view.get("board", {}).get("hexes", []))


def _pieces(view: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """(name, colour, piece lists) for each seat and each neutral player."""
    out = [(f"seat {i}", player_colour(i), p) for i, p in enumerate(view.get("players", []))]
    two = view.get("two") or {}
    for k, n in enumerate(two.get("neutrals") or []):
        out.append((f"neutral {n.get('name', k)}", NEUTRAL_COLOURS[k % 2], n))
    return out


def _draw_board(svg: Svg, view: dict[str, Any], hot: set[str]) -> None:
    hexes = _land(view)
    land = {(int(h["q"]), int(h["r"])) for h in hexes}
    fish = (view.get("fishermen") or {}).get("fishing_grounds") or []
    grounds = {tuple(f["sea_hex"]): f for f in fish}
    # Sea: every hex within one step of the island.
    sea: set[tuple[int, int]] = set()
    for q, r in land:
        for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
            if (q + dq, r + dr) not in land:
                sea.add((q + dq, r + dr))
    for q, r in sorted(sea):
        x, y = centre(q, r)
        svg.polygon(hexagon(x, y, SIZE), fill=SEA, stroke=SEA_DEEP, stroke_width=1)
        if (q, r) in grounds:
            g = grounds[(q, r)]
            svg.el(
                "ellipse",
                cx=x,
                cy=y - 16,
                rx=12,
                ry=6,
                fill="#e0f2fb",
                stroke="#2a6f97",
                tip="fishing ground",
            )
            svg.polygon(
                [(x + 10, y - 16), (x + 17, y - 21), (x + 17, y - 11)],
                fill="#e0f2fb",
                stroke="#2a6f97",
            )
            _token(svg, (x, y + 8), int(g["number"]))
    rivers = view.get("rivers") or {}
    river_hexes = {tuple(h) for h in rivers.get("river_hexes") or []}
    robber = view.get("robber")
    for h in hexes:
        q, r, terrain = int(h["q"]), int(h["r"]), str(h["terrain"])
        x, y = centre(q, r)
        fill = TERRAIN.get(terrain, "#cccccc")
        key = f"({q},{r})"
        svg.polygon(
            hexagon(x, y, SIZE - 1),
            fill=fill,
            stroke="#f5ebd0",
            stroke_width=3,
            tip=f"{terrain} {key}" + (f" token {h['token']}" if h.get("token") else ""),
        )
        if (q, r) in river_hexes:
            svg.el(
                "path",
                d=f"M{x - SIZE * 0.85:.1f},{y + 6:.1f} q{SIZE * 0.42:.1f},-18 "
                f"{SIZE * 0.85:.1f},-6 t{SIZE * 0.85:.1f},-6",
                fill="none",
                stroke="#3f8fd0",
                stroke_width=7,
                stroke_linecap="round",
                opacity=0.9,
            )
        label = terrain
        if terrain == "trade":
            label = nice(str(h.get("trade", "trade")))
        if terrain not in RESOURCE_OF:
            svg.text(
                x, y - 20, label, size=10, anchor="middle", weight="bold", fill=text_colour_on(fill)
            )
        if terrain == "lake":
            svg.text(x, y + 4, "2 3 11 12", size=11, anchor="middle", weight="bold", fill="#ffffff")
        if terrain == "oasis":
            svg.circle(x, y + 2, 13, fill="#3aa655", stroke="#1f6b33")
            svg.circle(x, y + 2, 6, fill=SEA)
        if terrain == "castle":
            for i in range(3):
                svg.rect(x - 13 + i * 10, y - 8, 7, 7, fill="#7a6e5b")
            svg.rect(x - 13, y - 2, 27, 16, fill="#7a6e5b")
        if h.get("token"):
            _token(svg, (x, y + 2), int(h["token"]))
        else:
            svg.el("circle", cx=x, cy=y, r=1, fill="none")
    # Harbours.
    for hb in view.get("board", {}).get("harbors", []):
        _harbour(svg, hb.get("edge"), str(hb.get("type")), land)
    _draw_modules_under(svg, view)
    # Roads, bridges, then buildings on top.
    for name, colour, p in _pieces(view):
        for e in p.get("roads", []):
            ends = edge_xy(e)
            if ends:
                _road(svg, ends, colour, f"{name} road {spot_name(e)}")
        for e in p.get("bridges", []) or []:
            ends = edge_xy(e)
            if ends:
                (x1, y1), (x2, y2) = ends
                svg.line(x1, y1, x2, y2, stroke="#6b4a24", stroke_width=12, opacity=0.9)
                _road(svg, ends, colour, f"{name} bridge {spot_name(e)}")
    for e in rivers.get("bridge_sites") or []:
        ends = edge_xy(e)
        if ends:
            (x1, y1), (x2, y2) = ends
            svg.line(
                x1,
                y1,
                x2,
                y2,
                stroke="#6b4a24",
                stroke_width=2,
                stroke_dasharray="4 3",
                opacity=0.8,
            )
    _draw_modules_over(svg, view)
    for name, colour, p in _pieces(view):
        conquered = {spot_name(v) for v in p.get("conquered_buildings") or []}
        for v in p.get("settlements", []):
            xy = vertex_xy(v)
            if xy:
                _settlement(svg, xy, colour, f"{name} settlement {spot_name(v)}")
                if spot_name(v) in conquered:
                    _cross(svg, xy)
        for v in p.get("cities", []):
            xy = vertex_xy(v)
            if xy:
                _city(svg, xy, colour, f"{name} city {spot_name(v)}")
                if spot_name(v) in conquered:
                    _cross(svg, xy)
    if isinstance(robber, list) and len(robber) == 2:
        x, y = centre(int(robber[0]), int(robber[1]))
        _robber(svg, (x + 22, y - 6))
    _draw_hot(svg, hot, land)


def _cross(svg: Svg, p: Point) -> None:
    x, y = p
    svg.line(x - 8, y - 8, x + 8, y + 8, stroke=INK, stroke_width=3)
    svg.line(x - 8, y + 8, x + 8, y - 8, stroke=INK, stroke_width=3)


def _draw_modules_under(svg: Svg, view: dict[str, Any]) -> None:
    """Pieces that lie under the roads: caravan camels, barbarian-attack marks."""
    car = view.get("caravans") or {}
    for e in car.get("camels") or []:
        ends = edge_xy(e)
        if ends:
            (x1, y1), (x2, y2) = ends
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            svg.el(
                "ellipse",
                cx=mx,
                cy=my,
                rx=9,
                ry=6,
                fill="#c89b5a",
                stroke=INK,
                stroke_width=1.2,
                tip=f"camel {spot_name(e)}",
            )
            svg.circle(mx + 8, my - 5, 3.5, fill="#c89b5a", stroke=INK, stroke_width=1)
    for v in car.get("bonus_vertices") or []:
        xy = vertex_xy(v)
        if xy:
            svg.circle(
                xy[0],
                xy[1],
                14,
                fill="none",
                stroke="#c89b5a",
                stroke_width=3,
                tip=f"camel bonus {spot_name(v)}",
            )
    oasis = car.get("oasis")
    if isinstance(oasis, list) and len(oasis) == 2:
        for tag in car.get("arrows") or []:
            if tag in CORNER:
                x, y = corner(int(oasis[0]), int(oasis[1]), tag)
                cx, cy = centre(int(oasis[0]), int(oasis[1]))
                dx, dy = (x - cx) * 0.35, (y - cy) * 0.35
                svg.polygon(
                    [
                        (x - dx * 0.4, y - dy * 0.4),
                        (x - dx - dy * 0.5, y - dy + dx * 0.5),
                        (x - dx + dy * 0.5, y - dy - dx * 0.5),
                    ],
                    fill="#8b5a2b",
                    tip=f"caravan arrow {tag}",
                )
    ba = view.get("barbarian_attack") or {}
    for h in ba.get("conquered") or []:
        p = parse_spot(h)
        if p:
            x, y = centre(p[1], p[2])
            svg.polygon(
                hexagon(x, y, SIZE - 4),
                fill=INK,
                opacity=0.35,
                tip=f"conquered by barbarians {spot_name(h)}",
            )


def _barbarian(svg: Svg, x: float, y: float, tip: str) -> None:
    svg.polygon(
        [(x, y - 8), (x + 7, y + 6), (x - 7, y + 6)],
        fill="#1a1a1a",
        stroke="#f5ebd0",
        stroke_width=1.2,
        tip=tip,
    )


def _draw_modules_over(svg: Svg, view: dict[str, Any]) -> None:
    ba = view.get("barbarian_attack") or {}
    for h, n in (ba.get("barbarians") or {}).items():
        p = parse_spot(h)
        if p:
            x, y = centre(p[1], p[2])
            for i in range(int(n)):
                _barbarian(
                    svg,
                    x - 16 + i * 16,
                    y - 28 + (SIZE * 0.1),
                    f"{n} barbarian(s) on {spot_name(h)}",
                )
    for i, pl in enumerate(view.get("players", [])):
        for e in pl.get("knights") or []:
            ends = edge_xy(e)
            if ends:
                (x1, y1), (x2, y2) = ends
                mx, my = (x1 + x2) / 2, (y1 + y2) / 2
                svg.polygon(
                    [
                        (mx - 8, my - 9),
                        (mx + 8, my - 9),
                        (mx + 8, my + 1),
                        (mx, my + 10),
                        (mx - 8, my + 1),
                    ],
                    fill=player_colour(i),
                    stroke=INK,
                    stroke_width=1.5,
                    tip=f"seat {i} knight {spot_name(e)}",
                )
                svg.text(
                    mx,
                    my + 2,
                    "K",
                    size=9,
                    anchor="middle",
                    weight="bold",
                    fill=text_colour_on(player_colour(i)),
                )
    tr = view.get("traders") or {}
    for e in tr.get("barbarians") or []:
        ends = edge_xy(e)
        if ends:
            (x1, y1), (x2, y2) = ends
            _barbarian(svg, (x1 + x2) / 2, (y1 + y2) / 2, f"barbarian {spot_name(e)}")
    for i, wp in enumerate(tr.get("players") or []):
        xy = vertex_xy(wp.get("wagon"))
        if xy:
            x, y = xy[0] + 12, xy[1] + 10
            colour = player_colour(i)
            carrying = wp.get("carrying")
            svg.rect(
                x - 9,
                y - 6,
                18,
                10,
                rx=2,
                fill=colour,
                stroke=INK,
                stroke_width=1.5,
                tip=f"seat {i} wagon (card {wp.get('card')})"
                + (f" carrying {carrying}" if carrying else ""),
            )
            svg.circle(x - 5, y + 5, 3, fill=INK)
            svg.circle(x + 5, y + 5, 3, fill=INK)
            if carrying:
                svg.rect(
                    x - 5,
                    y - 11,
                    10,
                    6,
                    fill=COMMODITY.get(str(carrying), "#fff"),
                    stroke=INK,
                    stroke_width=1,
                )


COMMODITY = {"sand": "#f1dd9b", "tools": "#7d8a99", "glass": "#9fe0e8", "marble": "#f0f0f0"}


def _draw_hot(svg: Svg, hot: set[str], land: set[tuple[int, int]]) -> None:
    for key in sorted(hot):
        p = parse_spot(key)
        if p is None:
            continue
        tag, q, r = p
        if tag == "" and (q, r) in land:
            x, y = centre(q, r)
            svg.el(
                "polygon",
                tip=key,
                points=" ".join(f"{a:.1f},{b:.1f}" for a, b in hexagon(x, y, SIZE - 6)),
                class_="hot",
                data_key=key,
                fill="#ffffff",
                fill_opacity=0.25,
                stroke="#00a0a0",
                stroke_width=3,
            )
        elif tag in ("N", "S", "C"):
            xy = vertex_xy(key)
            if xy:
                svg.hot_circle(xy[0], xy[1], 9, key)
        else:
            ends = edge_xy(key)
            if ends:
                (x1, y1), (x2, y2) = ends
                svg.el(
                    "line",
                    tip=key,
                    x1=x1 + (x2 - x1) * 0.2,
                    y1=y1 + (y2 - y1) * 0.2,
                    x2=x2 - (x2 - x1) * 0.2,
                    y2=y2 - (y2 - y1) * 0.2,
                    class_="hot",
                    data_key=key,
                    stroke="#00c0c0",
                    stroke_width=9,
                    stroke_opacity=0.6,
                    stroke_linecap="round",
                )


# ---------------------------------------------------------------- the side panel


def _hand_text(p: dict[str, Any]) -> str:
    if "resources" in p:
        res = p.get("resources") or {}
        return " ".join(f"{res.get(r, 0)}{r[0].upper()}" for r in RESOURCES if res.get(r))
    lo = p.get("known_at_least") or {}
    known = " ".join(f"{lo[r]}{r[0].upper()}" for r in RESOURCES if lo.get(r))
    return f"{p.get('resource_count', 0)} cards" + (f" (known {known})" if known else "")


def _hand_svg(svg: Svg, x: float, y: float, p: dict[str, Any]) -> None:
    """The hand as coloured cards with counts (exact), or a count and what is known of it."""
    if "resources" not in p:
        svg.text(x, y, f"hand {_hand_text(p)}", size=11)
        return
    res = p.get("resources") or {}
    svg.text(x, y, "hand", size=11)
    for j, r in enumerate(RESOURCES):
        bx = x + 32 + j * 40
        svg.rect(
            bx, y - 10, 10, 13, rx=2, fill=RESOURCE_COLOUR[r], stroke=INK, stroke_width=0.6, tip=r
        )
        svg.text(bx + 13, y, str(res.get(r, 0)), size=11)


def _draw_panel(svg: Svg, view: dict[str, Any], meta: dict[str, Any]) -> None:
    x = PANEL_X
    y = 24.0
    svg.text(x, y, "Catan", size=20, weight="bold")
    scen = (meta.get("options") or {}).get("scenario")
    if scen and scen != "none":
        svg.text(x + 70, y, nice(str(scen)), size=13)
    y += 20
    svg.text(x, y, status_line(meta), size=12)
    y += 16
    phase = str(view.get("phase", ""))
    roll = view.get("last_roll")
    svg.text(
        x,
        y,
        f"phase {nice(phase)}"
        + (f" · last roll {roll}" if roll else "")
        + f" · turn {view.get('turns_played', 0)}",
        size=12,
    )
    y += 14
    for i, p in enumerate(view.get("players", [])):
        y += 12
        colour = player_colour(i)
        current = meta.get("current_player") == i
        player_frame(svg, x - 4, y - 2, 322, 68, current, rx=6)
        svg.rect(x + 2, y + 4, 14, 14, rx=3, fill=colour, stroke=INK)
        vp = p.get("victory_points", p.get("public_victory_points", 0))
        svg.text(x + 22, y + 16, seat_title(meta, i), size=13, weight="bold")
        svg.text(x + 312, y + 16, f"{vp} VP", size=14, anchor="end", weight="bold")
        extras = []
        if view.get("longest_road") == i:
            extras.append("Longest Road")
        if view.get("largest_army") == i:
            extras.append("Largest Army")
        if view.get("harbormaster") == i:
            extras.append("Harbormaster")
        if p.get("holds_boot"):
            extras.append("old boot")
        _hand_svg(svg, x + 4, y + 34, p)
        dev = p.get("development_cards")
        devs = (
            " ".join(f"{n} {nice(k)}" for k, n in dev.items() if n)
            if dev
            else str(p.get("development_card_count", 0))
        )
        played = p.get("played") or {}
        knights = played.get("knight", 0)
        line = f"dev {devs or 0} · knights {knights} · road {p.get('road_length', 0)}"
        for k in ("coins", "fish_tokens", "camel_bonus", "prisoners"):
            if p.get(k):
                line += f" · {nice(k)} {p[k]}"
        svg.text(x + 4, y + 48, line, size=11)
        if extras:
            svg.text(x + 4, y + 60, " · ".join(extras), size=11, weight="bold", fill="#8b1a1a")
        y += 68
    for j, n in enumerate((view.get("two") or {}).get("neutrals") or []):
        y += 8
        svg.rect(x + 2, y, 12, 12, rx=3, fill=NEUTRAL_COLOURS[j % 2], stroke=INK)
        svg.text(
            x + 20, y + 11, f"neutral {n.get('name')}: road {n.get('road_length', 0)}", size=11
        )
        y += 12
    y += 22
    bank = view.get("bank") or {}
    svg.text(x, y, "bank", size=12, weight="bold")
    for j, r in enumerate(RESOURCES):
        bx = x + 40 + j * 56
        svg.rect(
            bx, y - 11, 14, 14, rx=2, fill=RESOURCE_COLOUR[r], stroke=INK, stroke_width=0.8, tip=r
        )
        svg.text(bx + 18, y, f"{bank.get(r, 0)}", size=12)
    y += 16
    svg.text(x, y, f"development deck {view.get('development_deck_size', '?')}", size=11)
    if view.get("robber") is None:
        y += 14
        svg.text(x, y, "the robber is beside the board", size=11)
    two = view.get("two") or {}
    if two.get("tokens"):
        y += 14
        tokens = ", ".join(f"seat {i} {n}" for i, n in enumerate(two["tokens"]))
        svg.text(x, y, f"trade tokens: {tokens} · supply {two.get('token_supply', '?')}", size=11)
    y += 14
    tr = view.get("traders") or {}
    for site, stack in (tr.get("stacks") or {}).items():
        svg.text(x, y, f"{nice(site)}: " + ", ".join(f"{n} {c}" for c, n in stack.items()), size=11)
        y += 14
    fish = view.get("fishermen") or {}
    if fish:
        svg.text(
            x,
            y,
            f"fish tokens in supply {fish.get('supply_count', '?')}"
            + (" · old boot in supply" if fish.get("boot_in_supply") else ""),
            size=11,
        )
        y += 14
    car = view.get("caravans") or {}
    if car:
        svg.text(x, y, f"camels left {car.get('camels_left', '?')}", size=11)
        y += 14
    ba = view.get("barbarian_attack") or {}
    if ba:
        svg.text(
            x, y, f"knights supply {ba.get('supply', '?')} · card {ba.get('card') or '-'}", size=11
        )
        y += 14
    ev = view.get("events") or {}
    if ev:
        svg.text(x, y, f"event card {nice(str(ev.get('last_card') or '-'))}", size=11)
        y += 14
    offer = (view.get("trade") or {}).get("offer")
    if offer:
        give = ", ".join(f"{n} {k}" for k, n in offer.get("give", {}).items())
        get = ", ".join(f"{n} {k}" for k, n in offer.get("get", {}).items())
        svg.text(x, y, f"offer on the table: {give} for {get}", size=11, weight="bold")
        y += 14
    y = _module_legend(svg, view, x, y + 6)
    # Legend.
    y = max(y + 10, 540.0)
    _settlement(svg, (x + 10, y), "#ffffff", "settlement")
    svg.text(x + 24, y + 4, "settlement", size=11)
    _city(svg, (x + 100, y), "#ffffff", "city")
    svg.text(x + 118, y + 4, "city", size=11)
    svg.line(x + 160, y, x + 184, y, stroke=INK, stroke_width=6, stroke_linecap="round")
    svg.text(x + 190, y + 4, "road", size=11)
    _token(svg, (x + 236, y), 8)
    svg.text(x + 254, y - 2, "dots: the", size=9)
    svg.text(x + 254, y + 8, "odds", size=9)
    y += 24
    for j, (t, c) in enumerate(TERRAIN.items()):
        if t not in RESOURCE_OF:
            continue
        bx = x + (j % 3) * 108
        by = y + (j // 3) * 16
        svg.rect(bx, by - 10, 12, 12, fill=c, stroke=INK, stroke_width=0.6)
        svg.text(bx + 16, by, f"{t}: {RESOURCE_OF[t]}", size=10)
    y += 16
    svg.height = max(svg.height, y + 14)


def _module_legend(svg: Svg, view: dict[str, Any], x: float, y: float) -> float:
    """A key to the module pieces on this board."""
    entries: list[tuple[str, str]] = []
    if view.get("barbarian_attack"):
        entries += [
            ("barbarian", "barbarian"),
            ("knight", "knight"),
            ("shade", "conquered hex"),
        ]
    if view.get("traders"):
        entries += [("barbarian", "barbarian"), ("wagon", "wagon")]
    if view.get("caravans"):
        entries += [("camel", "camel"), ("ring", "camel bonus corner")]
    if view.get("fishermen"):
        entries += [("fish", "fishing ground")]
    if view.get("rivers"):
        entries += [("river", "river"), ("bridge", "bridge site")]
    for k, (glyph, text) in enumerate(entries):
        gx, gy = x + (k % 3) * 108, y + (k // 3) * 18
        if glyph == "barbarian":
            _barbarian(svg, gx + 6, gy - 3, text)
        elif glyph == "knight":
            svg.polygon(
                [
                    (gx, gy - 10),
                    (gx + 12, gy - 10),
                    (gx + 12, gy - 2),
                    (gx + 6, gy + 4),
                    (gx, gy - 2),
                ],
                fill="#ffffff",
                stroke=INK,
            )
        elif glyph == "shade":
            svg.rect(gx, gy - 10, 12, 12, fill=INK, opacity=0.35)
        elif glyph == "wagon":
            svg.rect(gx, gy - 9, 14, 8, rx=2, fill="#ffffff", stroke=INK)
            svg.circle(gx + 3, gy, 2.5, fill=INK)
            svg.circle(gx + 11, gy, 2.5, fill=INK)
        elif glyph == "camel":
            svg.el("ellipse", cx=gx + 6, cy=gy - 4, rx=7, ry=5, fill="#c89b5a", stroke=INK)
        elif glyph == "ring":
            svg.circle(gx + 6, gy - 4, 6, fill="none", stroke="#c89b5a", stroke_width=3)
        elif glyph == "fish":
            svg.el("ellipse", cx=gx + 6, cy=gy - 4, rx=7, ry=4, fill="#e0f2fb", stroke="#2a6f97")
        elif glyph == "river":
            svg.line(gx, gy - 4, gx + 14, gy - 4, stroke="#3f8fd0", stroke_width=5)
        elif glyph == "bridge":
            svg.line(
                gx,
                gy - 4,
                gx + 14,
                gy - 4,
                stroke="#6b4a24",
                stroke_width=2,
                stroke_dasharray="4 3",
            )
        svg.text(gx + 18, gy, text, size=10)
    return y + 18 * ((len(entries) + 2) // 3)


def to_svg(view: dict[str, Any], meta: dict[str, Any]) -> str:
    svg = Svg(WIDTH, 600, title="Catan")
    _draw_board(svg, view, set(meta.get("hot") or ()))
    _draw_panel(svg, view, meta)
    return svg.render()


# ---------------------------------------------------------------- terminal

TERMINAL_LETTER = {
    "forest": "Fo",
    "hills": "Hi",
    "pasture": "Pa",
    "fields": "Fi",
    "mountains": "Mo",
    "desert": "De",
    "lake": "La",
    "swamp": "Sw",
    "oasis": "Oa",
    "castle": "Ca",
    "trade": "Tr",
}
SEAT_LETTER = "RBOWGP"


def to_text(view: dict[str, Any], meta: dict[str, Any]) -> str:
    """An ASCII hex map: each hex shows terrain, token, robber (*) and who builds on it."""
    hexes = _land(view)
    owners: dict[tuple[int, int], str] = {}
    for i, p in enumerate(view.get("players", [])):
        for kind, spots in (("s", p.get("settlements", [])), ("c", p.get("cities", []))):
            for v in spots:
                pp = parse_spot(v)
                if not pp:
                    continue
                tag, q, r = pp
                touching = (
                    [(q, r), (q, r - 1), (q + 1, r - 1)]
                    if tag == "N"
                    else [(q, r), (q, r + 1), (q - 1, r + 1)]
                )
                letter = SEAT_LETTER[i] if kind == "c" else SEAT_LETTER[i].lower()
                for spot in touching:
                    owners[spot] = owners.get(spot, "") + letter
    robber = view.get("robber")
    rob = (int(robber[0]), int(robber[1])) if isinstance(robber, list) else None
    by_row: dict[int, list[dict[str, Any]]] = {}
    for h in hexes:
        by_row.setdefault(int(h["r"]), []).append(h)
    lines = [
        f"Catan · {status_line(meta)} · phase {view.get('phase')} · "
        f"last roll {view.get('last_roll') or '-'}",
        "",
    ]
    cell = 14
    min_x = min((int(h["q"]) * 2 + int(h["r"]) for h in hexes), default=0)
    for r in sorted(by_row):
        row = sorted(by_row[r], key=lambda h: int(h["q"]))
        top, bottom = "", ""
        for h in row:
            q = int(h["q"])
            col = (q * 2 + r - min_x) * (cell // 2)
            tok = h.get("token")
            t = TERMINAL_LETTER.get(str(h["terrain"]), "??")
            a = f"{t}{tok if tok else '':>3}{'*' if rob == (q, int(h['r'])) else ' '}"
            b = f"({q},{r})"
            top = top.ljust(col) + f"/{a:^{cell - 2}}\\"
            bottom = bottom.ljust(col) + f"\\{(owners.get((q, r), '') or b):^{cell - 2}}/"
        lines += [top, bottom]
    lines.append("")
    lines.append(
        "legend: Fo forest=lumber Hi hills=brick Pa pasture=wool Fi fields=grain "
        "Mo mountains=ore De desert; * robber; lower line: buildings on the hex "
        "(r b o w = settlements of red blue orange white, R B O W = cities)"
    )
    for i, p in enumerate(view.get("players", [])):
        vp = p.get("victory_points", p.get("public_victory_points", 0))
        you = " (you)" if meta.get("seat") == i else ""
        lines.append(
            f"{SEAT_LETTER[i]} seat {i} {PLAYER_NAMES[i]}{you}: {vp} VP, hand {_hand_text(p)}, "
            f"settlements {' '.join(map(spot_name, p.get('settlements', []))) or '-'}, "
            f"cities {' '.join(map(spot_name, p.get('cities', []))) or '-'}, "
            f"roads {len(p.get('roads', []))} (longest {p.get('road_length', 0)})"
        )
    harbours = view.get("board", {}).get("harbors", [])
    if harbours:
        lines.append(
            "harbours: " + ", ".join(f"{h['type']} at {spot_name(h['edge'])}" for h in harbours)
        )
    bank = view.get("bank") or {}
    lines.append("bank: " + ", ".join(f"{bank.get(r, 0)} {r}" for r in RESOURCES))
    for mod in ("fishermen", "rivers", "caravans", "barbarian_attack", "traders", "two", "events"):
        if view.get(mod):
            lines.append(f"{mod}: {_module_text(mod, view[mod])}")
    return "\n".join(lines)


def _module_text(mod: str, d: dict[str, Any]) -> str:
    if mod == "barbarian_attack":
        return (
            f"barbarians {d.get('barbarians')}, conquered {d.get('conquered')}, "
            f"castle {d.get('castle')}"
        )
    if mod == "traders":
        return "; ".join(
            f"seat {i} wagon {spot_name(p.get('wagon'))} carrying "
            f"{p.get('carrying') or '-'}, gold {p.get('gold')}, delivered "
            f"{p.get('delivered')}"
            for i, p in enumerate(d.get("players") or [])
        )
    if mod == "caravans":
        return f"camels {' '.join(map(spot_name, d.get('camels') or [])) or '-'}"
    if mod == "rivers":
        return f"river hexes {d.get('river_hexes')}"
    if mod == "fishermen":
        return (
            "fishing grounds "
            + ", ".join(
                f"{g['number']} at {tuple(g['sea_hex'])}" for g in d.get("fishing_grounds") or []
            )
            + f", lake {d.get('lake')}"
        )
    if mod == "two":
        return "; ".join(
            f"neutral {n.get('name')} settlements "
            f"{' '.join(map(spot_name, n.get('settlements', [])))}"
            for n in d.get("neutrals") or []
        )
    return f"last event {d.get('last_card')}"
