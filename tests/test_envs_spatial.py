"""Spatial planes: each plane cell agrees with the position the observation JSON describes."""

from __future__ import annotations

import random

import numpy as np
import pytest

import meeple
from meeple.envs import VecEnv
from meeple.envs.spatial import (
    _catan_geometry,
    spatial_games,
    spatial_index,
    spatial_planes,
    spatial_shape,
)


def played(game: str, players: int, moves: int, seed: int = 1) -> meeple.Game:
    g = meeple.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_terminal:
            break
        g.apply_action(rng.choice(g.legal_actions()))
    return g


def test_kingdom_builder_planes_are_the_map() -> None:
    g = played("kingdom_builder", 3, 120)
    seat = 1
    planes = spatial_planes("kingdom_builder", g.observation_tensor(seat))
    assert planes.shape == spatial_shape("kingdom_builder") == (23, 20, 20)
    obs = g.observation(seat)
    for slot in range(3):
        owner = (seat + slot) % 3
        expected = np.zeros((20, 20))
        for r, c in obs["player_state"][owner]["settlements"]:
            expected[r, c] = 1
        np.testing.assert_array_equal(planes[9 + slot], expected)
    # Terrain one-hot: one of planes 0..8 on every hex, as the map's letters say.
    assert (planes[:9].sum(axis=0) == 1).all()
    rows = obs["board"]["map"]
    letters = {ch for row in rows for ch in row}
    for ch in letters:
        cells = np.array([[row[c] == ch for c in range(20)] for row in rows])
        kinds = {int(np.argmax(planes[:9, r, c])) for r, c in zip(*np.nonzero(cells), strict=True)}
        assert len(kinds) == 1, ch


def test_catan_planes_hold_hexes_vertices_and_edges() -> None:
    land, vertices, edges = _catan_geometry()
    assert (len(land), len(vertices), len(edges)) == (19, 54, 72)
    assert vertices[0] == (-3, 1, "N")  # as docs/games/catan.md states
    g = played("catan", 4, 200)
    seat = 2
    planes = spatial_planes("catan", g.observation_tensor(seat))
    index = spatial_index("catan")
    c, h, w = planes.shape
    assert (c, h, w) == spatial_shape("catan")
    # Each cell is exactly one of hex, vertex or edge; 19 + 54 + 72 cells in all.
    types = planes[-3:]
    assert types.sum() == 19 + 54 + 72 and types.sum(axis=0).max() == 1

    def cell(channel: int, tensor_index: int) -> tuple[int, int]:
        ys, xs = np.nonzero(index[channel] == tensor_index)
        return int(ys[0]), int(xs[0])

    def parse(name: str) -> tuple[int, int, str]:
        tag, rest = name.split("(")
        q, r = rest.rstrip(")").split(",")
        return int(q), int(r), tag

    obs = g.observation(seat)
    for slot in range(4):
        owner = (seat + slot) % 4
        player = obs["players"][owner]
        got = {(y, x) for y, x in zip(*np.nonzero(planes[18 + 2 * slot]), strict=True)}
        want = set()
        for name in player["settlements"]:
            v = vertices.index(parse(name))
            want.add(cell(18 + 2 * slot, 19 * 18 + v * 14 + 2 * slot))
        assert got == want
        got_roads = {(y, x) for y, x in zip(*np.nonzero(planes[32 + slot]), strict=True)}
        want_roads = set()
        for name in player["roads"]:
            e = edges.index(parse(name))
            want_roads.add(cell(32 + slot, 19 * 18 + 54 * 14 + e * 4 + slot))
        assert got_roads == want_roads and len(want_roads) == len(player["roads"])
    # Terrain: hexes of one terrain share a channel.
    by_terrain: dict[str, set[int]] = {}
    for hx in obs["board"]["hexes"]:
        h = land.index((hx["q"], hx["r"]))
        y, x = cell(0, h * 18)
        by_terrain.setdefault(hx["terrain"], set()).add(int(np.argmax(planes[:6, y, x])))
    assert all(len(v) == 1 for v in by_terrain.values())
    assert len(by_terrain) == len({k for v in by_terrain.values() for k in v})


def test_castles_of_burgundy_planes_are_the_estates() -> None:
    g = played("castles_of_burgundy", 2, 150)
    planes = spatial_planes("castles_of_burgundy", g.observation_tensor(0))
    assert planes.shape == (197, 7, 7)
    assert planes[-1].sum() == 37
    for slot in range(2):
        estate = g.observation(0)["players"][slot]["estate"]
        per_cell = planes[slot * 49 : (slot + 1) * 49].sum(axis=0)
        assert per_cell.sum() == len(estate) and per_cell.max() <= 1
    assert not planes[2 * 49 : 4 * 49].any()  # seats beyond 2 players


@pytest.mark.parametrize("game", spatial_games())
def test_batches_from_a_vec_env(game: str) -> None:
    env = VecEnv(game, 3, players=2 if game != "catan" else 3)
    env.reset(seed=0)
    batch = spatial_planes(game, env.observation)
    assert batch.shape == (3, *spatial_shape(game)) and batch.dtype == np.float32
    out = np.empty_like(batch)
    spatial_planes(game, env.observation, out=out)
    np.testing.assert_array_equal(out, batch)
    np.testing.assert_array_equal(batch[1], spatial_planes(game, env.observation[1]))


def test_games_without_planes_are_refused() -> None:
    with pytest.raises(ValueError, match="no spatial planes"):
        spatial_shape("puerto_rico")
    with pytest.raises(ValueError, match="values"):
        spatial_planes("catan", np.zeros(10))
