"""SVG and terminal pictures: they parse, their pieces match the state, seat views hide what
they must, and the golden snapshots are unchanged (regenerate with
`python -m meeple.render.snapshots --write tests/render_snapshots`)."""

from __future__ import annotations

import difflib
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

import meeple
from meeple import render
from meeple.render import castles_of_burgundy as cob
from meeple.render.snapshots import CASES, Case, position, snapshot
from meeple.render.svg import label_keys, nice

FOLDER = Path(__file__).parent / "render_snapshots"
NS = "{http://www.w3.org/2000/svg}"


def titles(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [t.text or "" for t in root.iter(f"{NS}title")]


def hot_keys_in(svg: str) -> set[str]:
    root = ET.fromstring(svg)
    return {el.get("data-key", "") for el in root.iter() if el.get("class") == "hot"}


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_snapshot_unchanged(case: Case) -> None:
    path = FOLDER / f"{case.name}.svg"
    assert path.exists(), f"no snapshot {path.name}: regenerate them"
    expected = path.read_text()
    actual = snapshot(case)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), "committed", "now", lineterm="", n=1
        )
        pytest.fail("picture changed:\n" + "\n".join(list(diff)[:40]))


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_svg_parses_with_pieces_of_the_state(case: Case) -> None:
    g = position(case)
    svg = render.to_svg(g, case.seat)
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    tips = Counter(titles(svg))
    view = render.game_view(g, case.seat)
    if case.game == "catan":
        hexes = view["board"]["hexes"]
        assert sum(1 for t in tips.elements() if re.fullmatch(r"\w+ \(-?\d+,-?\d+\).*", t)) == len(
            hexes
        )
        for i, p in enumerate(view["players"]):
            for kind, field in (
                ("settlement", "settlements"),
                ("city", "cities"),
                ("road", "roads"),
            ):
                n = sum(c for t, c in tips.items() if t.startswith(f"seat {i} {kind} "))
                assert n == len(p[field]), (i, kind)
        assert sum(c for t, c in tips.items() if t.startswith("harbour")) == len(
            view["board"]["harbors"]
        )
        assert tips["robber"] == (1 if view.get("robber") else 0)
        for n in (view.get("two") or {}).get("neutrals") or []:
            name = f"neutral {n['name']} settlement"
            assert sum(c for t, c in tips.items() if t.startswith(name)) == len(n["settlements"])
        tr = view.get("traders")
        if tr:
            assert sum(c for t, c in tips.items() if re.match(r"seat \d wagon", t)) == len(
                tr["players"]
            )
            assert sum(c for t, c in tips.items() if t.startswith("barbarian ")) == 3
        ba = view.get("barbarian_attack")
        if ba:
            knights = sum(len(p.get("knights", [])) for p in view["players"])
            assert sum(c for t, c in tips.items() if " knight " in t) == knights
        car = view.get("caravans")
        if car:
            assert sum(c for t, c in tips.items() if t.startswith("camel ")) == len(car["camels"])
        fish = view.get("fishermen")
        if fish:
            assert tips["fishing ground"] == len(fish["fishing_grounds"])
    elif case.game == "kingdom_builder":
        assert sum(1 for t in tips.elements() if re.search(r"\(\d+,\d+\)$", t)) >= 400
        for i, p in enumerate(view["player_state"]):
            n = sum(c for t, c in tips.items() if t.startswith(f"seat {i} settlement"))
            assert n == len(p["settlements"])
        for card in view["cards"]:
            assert nice(card).capitalize() in svg
    elif case.game == "castles_of_burgundy":
        tiles: Counter[str] = Counter()
        for d in view["depots"]:
            tiles.update(nice(t) for t in d if t)
        tiles.update(nice(t) for t in view["black_depot"] if t)
        for p in view["players"]:
            tiles.update(nice(t) for t in p["estate"].values())
            tiles.update(nice(t) for t in p["storage"] if t)
        assert {t: tips[t] for t in tiles} == dict(tiles)
        assert (
            sum(c for t, c in tips.items() if t.startswith("die ")) == 2 * len(view["players"]) + 1
        )
    elif case.game == "puerto_rico":
        for i, p in enumerate(view["players"]):
            built = Counter(f"seat {i} {nice(b['building'])}" for b in p["buildings"])
            assert {b: tips[b] for b in built} == dict(built)
            tiles = sum(c for t, c in tips.items() if re.match(rf"seat {i} \w+ tile", t))
            assert tiles == sum(p["island"].values()) + int(p.get("forests", 0) or 0)
            manned = sum(
                c
                for t, c in tips.items()
                if t.startswith(f"seat {i} ") and t.endswith("with a colonist")
            )
            assert manned == sum(p["island_colonists"].values())
        roles = [r["role"] for r in view["roles"]]
        assert all(r in svg for r in roles)
    elif case.game == "san_juan":
        for i, p in enumerate(view["players"]):
            if i == case.seat:
                continue
            assert tips[f"{p['hand_size']} cards in hand"] >= 1
        cards = Counter(nice(b["building"]) for p in view["players"] for b in p["buildings"])
        cards.update({nice(k): v for k, v in view["hand"].items()})
        for k, v in (view.get("drawn") or {}).items():
            cards[nice(k)] += v
        assert {c: tips[c] for c in cards} == dict(cards)


def test_seat_views_hide_hands() -> None:
    g = position(CASES[0])  # catan mid-game
    seat0 = render.to_svg(g, 0)
    full = render.to_svg(g)
    obs = g.observation(0)
    other = obs["players"][1]
    assert f"hand {other['resource_count']} cards" in seat0
    assert f"hand {other['resource_count']} cards" not in full
    sj = meeple.new_game("san_juan", players=3, seed=4)
    hands = [sj.observation(s)["hand"] for s in range(3)]
    picture = render.to_svg(sj, 0)
    assert "cards in hand" in picture
    # Seat 0 sees its own hand as cards, the others as a count only.
    assert picture.count("cards in hand") == 2
    assert render.to_svg(sj).count("cards in hand") == 0
    assert sum(hands[1].values()) > 0


def test_hot_spots_mark_the_legal_moves() -> None:
    g = meeple.new_game("catan", seed=3)
    moves = render.legal_moves(g)
    hot = hot_keys_in(render.to_svg(g, g.current_player, render.hot_keys(moves)))
    vertices = {m["label"].split(" ")[1] for m in moves}
    assert vertices <= hot
    kb = meeple.new_game("kingdom_builder", seed=3)
    moves = render.legal_moves(kb)
    hot = hot_keys_in(render.to_svg(kb, kb.current_player, render.hot_keys(moves)))
    assert {m["label"].split(" ")[1] for m in moves if m["label"].startswith("place")} <= hot
    # A click on a key offers exactly the moves whose labels hold it.
    for key in hot:
        assert any(key in m["keys"] for m in moves)


def test_label_keys() -> None:
    assert label_keys("road E(-1,1)") == ["road", "E(-1,1)", "road E(-1,1)"]
    assert "(6,16)" in label_keys("tavern (6,16)")
    keys = label_keys("place die1 storage1:bank@12")
    assert {"die1", "storage1", "bank", "@12"} <= set(keys)
    assert "ship 5" in label_keys("load corn on ship 5")
    assert "slot 0" in label_keys("build over slot 0 (indigo_plant)")


@pytest.mark.parametrize("game", meeple.games())
def test_every_step_of_a_game_draws(game: str) -> None:
    """SVG and text at chance nodes, for every seat, and at the end."""
    g = meeple.new_game(game, seed=11, chance="explicit")
    rng = random.Random(11)
    k = 0
    while not g.is_terminal:
        if k % 37 == 0:
            seat = None if k % 2 else k % g.num_players
            ET.fromstring(render.to_svg(g, seat, render.hot_keys(render.legal_moves(g))))
            assert "legend" in render.to_text(g, seat)
        if g.is_chance_node:
            acts, probs = zip(*g.chance_outcomes(), strict=True)
            g.apply_action(rng.choices(acts, probs)[0])
        else:
            g.apply_action(rng.choice(g.legal_actions()))
        k += 1
    end = render.to_svg(g)
    assert "game over" in end
    assert "game over" in render.to_text(g)
    assert render.legal_moves(g) == []


def test_game_methods_use_the_renderer() -> None:
    g = meeple.new_game("kingdom_builder", seed=2)
    assert g.to_svg() == render.to_svg(g)
    assert g.to_svg(seat=1) == render.to_svg(g, 1)
    assert g._repr_svg_() == render.to_svg(g)
    assert str(g) == render.to_text(g)
    with pytest.raises(ValueError, match="seat"):
        g.to_svg(seat=7)


def test_castles_board_data_matches_the_engine() -> None:
    """The picture's space colours agree with the engine's: a tile only lies on its colour."""
    g = position(next(c for c in CASES if c.game == "castles_of_burgundy"))
    for p in g.observation(0)["players"]:
        colours = {sid: letter for sid, letter, _die in cob._spaces(p["board"])}
        for sid, tile in p["estate"].items():
            assert colours[int(sid)] == cob.tile_kind(tile), (sid, tile)


def test_text_boards_have_legends() -> None:
    for case in CASES:
        text = render.to_text(position(case), case.seat)
        assert "legend" in text
        assert "to move" in text or "game over" in text or "chance" in text
