"""The numpy AlphaZero example of docs/neural.md, at a small size: one generation of self-play,
training, and an arena against the uniform-prior search it learned from."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "alphazero_numpy.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("alphazero_numpy", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_numpy_network_beats_uniform_puct() -> None:
    example = load_example()
    args = ["puerto_rico", "--players", "2", "--games", "24", "--simulations", "8"]
    share = example.main([*args, "--generations", "1", "--arena-games", "24", "--epochs", "6"])
    assert share > 0.5
