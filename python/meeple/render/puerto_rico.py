"""Puerto Rico as SVG and as text, from an observation (or the full view with ``hidden_vp``).

Each player: the island (plantations and quarries, a dot per colonist), the city (buildings, a dot
per colonist, large buildings twice as wide), goods, doubloons and VP. The table: roles with
their doubloons, cargo ships, trading house, plantation row and the supplies.
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

GOODS = ["corn", "indigo", "sugar", "tobacco", "coffee"]
GOOD_COLOUR = {
    "corn": "#f2d14b",
    "indigo": "#3b5ba5",
    "sugar": "#f4f4f4",
    "tobacco": "#a0662f",
    "coffee": "#4a3222",
    "quarry": "#9a9a9a",
    "forest": "#2f7d32",
}
LARGE = {
    "guild_hall",
    "residence",
    "fortress",
    "customs_house",
    "city_hall",
    "statue",
    "cloister",
    "lighthouse",
    "black_market",
    "library",
}
VIOLET = "#a47cc0"
COLONIST = "#6b3e26"


def building_colour(name: str) -> str:
    for good, colour in GOOD_COLOUR.items():
        if good in name or (good == "sugar" and "sugar" in name):
            return colour
    if "coffee" in name:
        return GOOD_COLOUR["coffee"]
    if "tobacco" in name:
        return GOOD_COLOUR["tobacco"]
    return "#6f4a8e" if name in LARGE else VIOLET


def _colonists(svg: Svg, x: float, y: float, n: int, light: bool) -> None:
    for k in range(n):
        svg.circle(
            x + k * 9, y, 3.5, fill="#f5e6c8" if light else COLONIST, stroke=INK, stroke_width=0.8
        )


def to_svg(view: dict[str, Any], meta: dict[str, Any]) -> str:
    players = view.get("players", [])
    n = len(players)
    col_w = 236.0
    width = max(1000.0, 16 + col_w * n)
    svg = Svg(width, 700, title="Puerto Rico")
    hot = set(meta.get("hot") or ())
    svg.text(16, 28, "Puerto Rico", size=20, weight="bold")
    step = view.get("step")
    role = view.get("role")
    svg.text(
        16,
        48,
        f"{status_line(meta)} · round {view.get('round')} · governor seat "
        f"{view.get('governor')} · " + (f"{role} phase" if role else nice(str(step))),
        size=12,
    )
    # Roles.
    x = 16.0
    for r in view.get("roles", []):
        name = str(r.get("role"))
        taken = bool(r.get("taken"))
        svg.rect(
            x,
            62,
            92,
            54,
            rx=6,
            fill="#ede3c8" if not taken else "#cfc8b6",
            stroke=INK if role == name else "#9b8f72",
            stroke_width=2.5 if role == name else 1,
            opacity=0.6 if taken else 1,
        )
        svg.text(x + 46, 84, name, size=12, anchor="middle", weight="bold")
        d = int(r.get("doubloons", 0))
        if d:
            svg.circle(x + 46, 100, 8, fill="#e0b53a", stroke=INK, stroke_width=0.8)
            svg.text(x + 46, 104, str(d), size=10, anchor="middle", weight="bold")
        if taken:
            svg.text(x + 46, 110, "taken", size=9, anchor="middle")
        key = f"role {name}"
        if key in hot:
            svg.hot_rect(x, 62, 92, 54, key)
        x += 98
    # Ships, trading house.
    y = 132.0
    svg.text(16, y + 12, "ships", size=12, weight="bold")
    sx = 60.0
    for s in view.get("ships", []):
        cap, count, good = int(s.get("capacity", 0)), int(s.get("count", 0)), s.get("good")
        w = 14.0 * cap + 10
        svg.el("path", d=f"M{sx},{y} h{w} l-10,22 h{-(w - 20)} z", fill="#8a5a33", stroke=INK)
        for k in range(cap):
            fill = GOOD_COLOUR.get(str(good), "#d9c7a5") if k < count else "#d9c7a5"
            svg.rect(sx + 6 + k * 14, y + 3, 11, 11, fill=fill, stroke=INK, stroke_width=0.6)
        svg.text(
            sx + w / 2,
            y + 36,
            f"{count}/{cap}" + (f" {good}" if good else ""),
            size=10,
            anchor="middle",
        )
        key = f"ship {cap}"
        if key in hot:
            svg.hot_rect(sx, y, w, 24, key)
        sx += w + 16
    th = view.get("trading_house") or {}
    tx = sx + 20
    svg.text(tx, y + 12, "trading house", size=12, weight="bold")
    k = 0
    for good in GOODS:
        for _ in range(int(th.get(good, 0))):
            svg.rect(tx + 95 + k * 22, y, 18, 18, fill=GOOD_COLOUR[good], stroke=INK, tip=good)
            k += 1
    for j in range(k, 4):
        svg.rect(tx + 95 + j * 22, y, 18, 18, fill="none", stroke="#9b8f72", stroke_dasharray="3 2")
    if "sell" in hot:
        svg.hot_rect(tx + 95, y, 84, 18, "sell")
    # Plantation row and supplies.
    y = 186.0
    svg.text(16, y + 14, "plantations", size=12, weight="bold")
    px = 100.0
    row = view.get("plantation_row") or {}
    for good in GOODS:
        for _ in range(int(row.get(good, 0))):
            svg.rect(px, y, 30, 22, rx=3, fill=GOOD_COLOUR[good], stroke=INK, tip=good)
            key = f"take {good}"
            if key in hot:
                svg.hot_rect(px, y, 30, 22, key)
            px += 36
    svg.rect(px + 6, y, 30, 22, rx=3, fill=GOOD_COLOUR["quarry"], stroke=INK, tip="quarries")
    svg.text(
        px + 21,
        y + 15,
        str(view.get("quarries", 0)),
        size=11,
        anchor="middle",
        weight="bold",
        fill="#ffffff",
    )
    if "take quarry" in hot:
        svg.hot_rect(px + 6, y, 30, 22, "take quarry")
    px += 52
    goods = view.get("goods_supply") or {}
    svg.text(
        px,
        y + 15,
        f"colonist ship {view.get('colonist_ship', 0)} · colonists "
        f"{view.get('colonist_supply', 0)} · VP chips {view.get('vp_supply', 0)} · goods "
        + " ".join(f"{good} {goods.get(good, 0)}" for good in GOODS),
        size=11,
    )
    # Building supply.
    y = 222.0
    svg.text(16, y + 12, "buildings for sale (left in supply)", size=12, weight="bold")
    supply = view.get("building_supply") or {}
    names = sorted(supply, key=lambda b: (building_colour(b) in (VIOLET, "#6f4a8e"), b in LARGE, b))
    bx, by = 16.0, y + 20
    for name in names:
        left = int(supply[name])
        w = 118.0
        if bx + w > width - 10:
            bx, by = 16.0, by + 26
        fill = building_colour(name)
        svg.rect(
            bx,
            by,
            w,
            22,
            rx=3,
            fill=fill,
            stroke=INK,
            stroke_width=0.8,
            opacity=1 if left else 0.3,
            tip=f"{nice(name)}: {left} left",
        )
        svg.text(bx + 4, by + 15, f"{nice(name)[:16]} ×{left}", size=9.5, fill=text_colour_on(fill))
        key = f"build {name}"
        if key in hot:
            svg.hot_rect(bx, by, w, 22, key)
        bx += w + 4
    y0 = by + 36
    for i, p in enumerate(players):
        _player(svg, view, meta, i, p, 16 + i * col_w, y0, hot)
    svg.height = y0 + 420
    svg.text(
        16,
        svg.height - 10,
        "legend: dark dots = colonists; squares = goods (corn yellow, "
        "indigo blue, sugar white, tobacco brown, coffee dark); violet = city buildings",
        size=11,
    )
    return svg.render()


def _player(
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
    player_frame(svg, x0 - 4, y0, 228, 396, current)
    svg.rect(x0 + 4, y0 + 8, 14, 14, rx=3, fill=player_colour(i), stroke=INK)
    gov = " · governor" if view.get("governor") == i else ""
    svg.text(x0 + 24, y0 + 20, seat_title(meta, i, gov), size=12, weight="bold")
    vp = p.get("vp")
    svg.text(
        x0 + 4,
        y0 + 38,
        f"{p.get('doubloons', 0)} doubloons · VP chips "
        f"{'?' if vp is None else vp} · score {p.get('score', '?')}",
        size=11,
    )
    goods = p.get("goods") or {}
    gx = x0 + 4
    for good in GOODS:
        c = int(goods.get(good, 0))
        svg.rect(
            gx, y0 + 46, 14, 14, fill=GOOD_COLOUR[good], stroke=INK, stroke_width=0.7, tip=good
        )
        svg.text(gx + 17, y0 + 57, str(c), size=11)
        key = f"keep {good}"
        if current and key in hot:
            svg.hot_rect(gx, y0 + 46, 28, 14, key)
        gx += 40
    # Island: 12 spaces, 3 rows of 4.
    svg.text(
        x0 + 4,
        y0 + 80,
        f"island · San Juan colonists {p.get('san_juan', 0)}",
        size=11,
        weight="bold",
    )
    island = p.get("island") or {}
    manned = p.get("island_colonists") or {}
    tiles: list[tuple[str, bool]] = []
    for kind, count in island.items():
        for k in range(int(count)):
            tiles.append((kind, k < int(manned.get(kind, 0))))
    for _ in range(int(p.get("forests", 0) or 0)):
        tiles.append(("forest", False))
    for k in range(12):
        tx, ty = x0 + 4 + (k % 4) * 54, y0 + 88 + (k // 4) * 30
        if k < len(tiles):
            kind, has = tiles[k]
            fill = GOOD_COLOUR.get(kind, "#bbb")
            svg.rect(
                tx,
                ty,
                50,
                26,
                rx=3,
                fill=fill,
                stroke=INK,
                stroke_width=0.8,
                tip=f"seat {i} {kind} tile" + (" with a colonist" if has else ""),
            )
            svg.text(tx + 3, ty + 10, kind[:6], size=8.5, fill=text_colour_on(fill))
            svg.circle(
                tx + 40,
                ty + 16,
                5,
                fill=COLONIST if has else "none",
                stroke=text_colour_on(fill),
                stroke_width=1,
                stroke_dasharray=None if has else "2 2",
            )
            key = f"place {kind}"
            if current and key in hot:
                svg.hot_rect(tx, ty, 50, 26, key)
        else:
            svg.rect(tx, ty, 50, 26, rx=3, fill="#f1ede3", stroke="#cfc6b0", stroke_dasharray="3 2")
    # City: 12 spaces, 4 rows of 3 (large buildings take two).
    svg.text(x0 + 4, y0 + 196, "city", size=11, weight="bold")
    slot = 0
    for b in p.get("buildings", []):
        name = str(b.get("building"))
        size = 2 if name in LARGE else 1
        if slot % 3 == 2 and size == 2:
            slot += 1
        tx, ty = x0 + 4 + (slot % 3) * 72, y0 + 204 + (slot // 3) * 44
        w = 72 * size - 4
        fill = building_colour(name)
        svg.rect(
            tx,
            ty,
            w,
            40,
            rx=3,
            fill=fill,
            stroke=INK,
            stroke_width=0.8,
            tip=f"seat {i} {nice(name)}",
        )
        svg.text(tx + 3, ty + 12, nice(name)[: 13 * size], size=8.5, fill=text_colour_on(fill))
        _colonists(svg, tx + 8, ty + 28, int(b.get("colonists", 0)), text_colour_on(fill) != INK)
        key = f"place {name}"
        if current and key in hot:
            svg.hot_rect(tx, ty, w, 40, key)
        slot += size
    for s in range(slot, 12):
        tx, ty = x0 + 4 + (s % 3) * 72, y0 + 204 + (s // 3) * 44
        svg.rect(tx, ty, 68, 40, rx=3, fill="#f1ede3", stroke="#cfc6b0", stroke_dasharray="3 2")


def to_text(view: dict[str, Any], meta: dict[str, Any]) -> str:
    role = view.get("role")
    lines = [
        f"Puerto Rico · {status_line(meta)} · round {view.get('round')} · governor seat "
        f"{view.get('governor')} · " + (f"{role} phase" if role else str(view.get("step")))
    ]
    lines.append(
        "roles: "
        + "  ".join(
            f"{r['role']}{'(taken)' if r.get('taken') else ''}"
            + (f"+{r['doubloons']}$" if r.get("doubloons") else "")
            for r in view.get("roles", [])
        )
    )
    lines.append(
        "ships: "
        + "  ".join(
            f"[{s['count']}/{s['capacity']} {s.get('good') or '-'}]" for s in view.get("ships", [])
        )
    )
    th = view.get("trading_house") or {}
    lines.append("trading house: " + (" ".join(f"{g}x{c}" for g, c in th.items() if c) or "empty"))
    row = view.get("plantation_row") or {}
    lines.append(
        "plantations: "
        + " ".join(f"{g}x{c}" for g, c in row.items() if c)
        + f" · quarries {view.get('quarries')} · colonist ship "
        f"{view.get('colonist_ship')} · colonists {view.get('colonist_supply')} · VP "
        f"{view.get('vp_supply')}"
    )
    supply = view.get("building_supply") or {}
    lines.append("buildings: " + ", ".join(f"{b} {c}" for b, c in supply.items() if c))
    for i, p in enumerate(view.get("players", [])):
        you = " (you)" if meta.get("seat") == i else ""
        gov = " governor" if view.get("governor") == i else ""
        island = p.get("island") or {}
        manned = p.get("island_colonists") or {}
        goods = p.get("goods") or {}
        lines.append("")
        lines.append(
            f"seat {i} {PLAYER_NAMES[i]}{you}{gov}: {p.get('doubloons')} doubloons, VP "
            f"chips {p.get('vp', '?')}, score {p.get('score', '?')}, San Juan "
            f"{p.get('san_juan', 0)}"
        )
        lines.append(
            "  island: "
            + (", ".join(f"{k} {manned.get(k, 0)}/{c}" for k, c in island.items() if c) or "-")
        )
        lines.append(
            "  city: "
            + (
                ", ".join(f"{b['building']} {b['colonists']}" for b in p.get("buildings", []))
                or "-"
            )
        )
        lines.append("  goods: " + (", ".join(f"{g} {c}" for g, c in goods.items() if c) or "-"))
    lines.append("")
    lines.append(
        "legend: island 'kind manned/tiles'; city 'building colonists'; ships "
        "[loaded/capacity good]; +N$ = doubloons on a role"
    )
    return "\n".join(lines)
