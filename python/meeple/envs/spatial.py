"""Spatial planes ``[C, H, W]`` for convolutional networks, gathered from the flat observation
tensor of the games whose board is a grid. Each game's map is built once from the tensor layout
documented in its page (docs/games/*.md); a cell with nothing there is 0.

- Kingdom Builder: the 20 × 20 map ("odd-r" rows, row 0 at the top), the tensor's 23 hex planes
  (terrain one-hot 9, settlements per relative seat 4, tiles left, tile holders 4, tile takers 4,
  the settlement being moved): ``[23, 20, 20]``.
- Catan: the base board on a lattice of hex centres, corners and edge midpoints: hex ``(q, r)``
  at row ``6r``, column ``2(2q + r)``; vertex ``N``/``S(q, r)`` 4 rows above/below it; edge
  ``E(q, r)`` 2 columns right, ``NE``/``SE(q, r)`` 3 rows above/below and 1 column right (unused
  rows and columns dropped): hex features 18, vertex features 14, edge features 4, then three
  planes marking hex, vertex and edge cells: ``[39, 23, 21]``. Module blocks stay in the flat
  tensor.
- The Castles of Burgundy: each relative seat's estate, the 37 cells in axial ``(q, r)`` on a
  7 × 7 grid (``[r + 3, q + 3]``), one-hot over the 49 tile kinds per seat, then a plane marking
  the estate's cells: ``[197, 7, 7]``.

``spatial_planes(game, obs)`` works on one observation ``[D]`` or a batch ``[N, D]`` (e.g.
``VecEnv.observation``); ``spatial_shape(game)`` gives ``(C, H, W)``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

Index = npt.NDArray[np.int64]

#: Marks a cell of a constant plane (1 on the board's cells) in an index map.
_ONE = -2


def _kingdom_builder() -> Index:
    planes, hexes = 23, 400
    return np.arange(planes * hexes, dtype=np.int64).reshape(planes, 20, 20)


def _catan_geometry() -> tuple[
    list[tuple[int, int]], list[tuple[int, int, str]], list[tuple[int, int, str]]
]:
    """Land hexes, vertices and edges in the engine's dense order (docs/games/catan.md, §A2)."""
    land = sorted(
        (q, r) for q in range(-2, 3) for r in range(-2, 3) if max(abs(q), abs(r), abs(q + r)) <= 2
    )
    vertices: set[tuple[int, int, str]] = set()
    edges: set[tuple[int, int, str]] = set()
    for q, r in land:
        # The six corners of a pointy-top hex, canonically N/S of some hex.
        vertices |= {
            (q, r, "N"),
            (q, r, "S"),
            (q + 1, r - 1, "S"),  # upper right
            (q, r + 1, "N"),  # lower right
            (q - 1, r + 1, "N"),  # lower left
            (q, r - 1, "S"),  # upper left
        }
        # The six sides, canonically E/NE/SE of some hex.
        edges |= {
            (q, r, "E"),
            (q, r, "NE"),
            (q, r, "SE"),
            (q - 1, r, "E"),  # W
            (q, r - 1, "SE"),  # NW
            (q - 1, r + 1, "NE"),  # SW
        }
    vertex_order = {"N": 0, "S": 1}
    edge_order = {"E": 0, "NE": 1, "SE": 2}
    return (
        land,
        sorted(vertices, key=lambda v: (v[0], v[1], vertex_order[v[2]])),
        sorted(edges, key=lambda e: (e[0], e[1], edge_order[e[2]])),
    )


def _catan() -> Index:
    land, vertices, edges = _catan_geometry()
    hex_feats, vertex_feats, edge_feats = 18, 14, 4

    def centre(q: int, r: int) -> tuple[int, int]:
        return 6 * r, 2 * (2 * q + r)

    cells: list[tuple[int, int, int, int]] = []  # (row, col, channel, tensor index)
    types: list[tuple[int, int, int]] = []  # (row, col, type plane)
    for h, (q, r) in enumerate(land):
        y, x = centre(q, r)
        cells += [(y, x, f, h * hex_feats + f) for f in range(hex_feats)]
        types.append((y, x, 0))
    base = len(land) * hex_feats
    for v, (q, r, tag) in enumerate(vertices):
        y, x = centre(q, r)
        y += -4 if tag == "N" else 4
        cells += [(y, x, hex_feats + f, base + v * vertex_feats + f) for f in range(vertex_feats)]
        types.append((y, x, 1))
    base += len(vertices) * vertex_feats
    for e, (q, r, tag) in enumerate(edges):
        y, x = centre(q, r)
        dy, dx = {"E": (0, 2), "NE": (-3, 1), "SE": (3, 1)}[tag]
        channel = hex_feats + vertex_feats
        cells += [
            (y + dy, x + dx, channel + f, base + e * edge_feats + f) for f in range(edge_feats)
        ]
        types.append((y + dy, x + dx, 2))
    rows = sorted({c[0] for c in cells})
    cols = sorted({c[1] for c in cells})
    row_of = {y: i for i, y in enumerate(rows)}
    col_of = {x: i for i, x in enumerate(cols)}
    channels = hex_feats + vertex_feats + edge_feats + 3
    index = np.full((channels, len(rows), len(cols)), -1, dtype=np.int64)
    for y, x, c, i in cells:
        index[c, row_of[y], col_of[x]] = i
    for y, x, t in types:
        index[hex_feats + vertex_feats + edge_feats + t, row_of[y], col_of[x]] = _ONE
    return index


def _castles_of_burgundy() -> Index:
    header = 5 + 5 + 6 + 8 + 4 + 1 + 6 * 202 + 392 + 30 + 7
    per_player, kinds, slots = 2020, 49, 4
    row_len = [4, 5, 6, 7, 6, 5, 4]
    index = np.full((slots * kinds + 1, 7, 7), -1, dtype=np.int64)
    cell = 0
    for row, length in enumerate(row_len):
        q0 = -min(row, 3)
        for k in range(length):
            q, r = q0 + k, row - 3
            for s in range(slots):
                for t in range(kinds):
                    index[s * kinds + t, r + 3, q + 3] = header + s * per_player + cell * kinds + t
            index[slots * kinds, r + 3, q + 3] = _ONE
            cell += 1
    return index


_BUILDERS = {
    "kingdom_builder": _kingdom_builder,
    "catan": _catan,
    "castles_of_burgundy": _castles_of_burgundy,
}


def spatial_games() -> list[str]:
    """The games with spatial planes."""
    return sorted(_BUILDERS)


@cache
def spatial_index(game: str) -> Index:
    """``[C, H, W]`` indices into the observation tensor (-1: empty, -2: constant 1)."""
    if game not in _BUILDERS:
        raise ValueError(
            f"{game!r} has no spatial planes; games with them: {', '.join(spatial_games())}"
        )
    index = _BUILDERS[game]()
    index.setflags(write=False)
    return index


def spatial_shape(game: str) -> tuple[int, int, int]:
    """``(C, H, W)`` of ``game``'s planes."""
    c, h, w = spatial_index(game).shape
    return int(c), int(h), int(w)


def spatial_planes(
    game: str, observation: npt.ArrayLike, out: npt.NDArray[np.float32] | None = None
) -> npt.NDArray[np.float32]:
    """The planes of one observation ``[D]`` (-> ``[C, H, W]``) or a batch ``[N, D]``
    (-> ``[N, C, H, W]``), float32. ``out`` (that shape) is filled instead of a new array."""
    index = spatial_index(game)
    obs = np.asarray(observation, dtype=np.float32)
    flat = index.reshape(-1)
    if obs.shape[-1] <= int(flat.max()):
        raise ValueError(
            f"observation has {obs.shape[-1]} values; {game}'s planes read index {int(flat.max())}"
        )
    padded = np.concatenate(
        [
            obs,
            np.zeros((*obs.shape[:-1], 1), np.float32),
            np.ones((*obs.shape[:-1], 1), np.float32),
        ],
        axis=-1,
    )
    d = obs.shape[-1]
    gather = np.where(flat == -1, d, np.where(flat == _ONE, d + 1, flat))
    shape: tuple[Any, ...] = (*obs.shape[:-1], *index.shape)
    if out is None:
        return np.take(padded, gather, axis=-1).reshape(shape)
    if out.shape != shape or out.dtype != np.float32:
        raise ValueError(f"out must be float32 of shape {shape}, got {out.dtype} {out.shape}")
    out.reshape(*obs.shape[:-1], -1)[...] = np.take(padded, gather, axis=-1)
    return out
