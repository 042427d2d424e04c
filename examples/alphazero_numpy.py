"""AlphaZero-style training with nothing but numpy: self-play with PUCT, fit a small network to
the visit policies and game results, and check it beats the uniform-prior search it learned from.

    python examples/alphazero_numpy.py puerto_rico --games 64 --simulations 16 --generations 2

See docs/neural.md for a walk through. The network is a one-hidden-layer MLP with two heads:
policy logits over the action space (masked softmax) and a softmax over the seats, read as each
seat's share of the win (the scale of ``Game.returns()``). The seat to move is one-hot encoded
beside the observation, so the value head predicts every seat's value whatever the layout.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from meeple.evaluators import Uniform
from meeple.selfplay import Runner, SelfPlayData

F32 = npt.NDArray[np.float32]


def _softmax(z: F32, mask: Any = None) -> F32:
    if mask is not None:
        z = np.where(mask > 0, z, -1e9)
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    if mask is not None:
        e = e * (mask > 0)
    out: F32 = e / np.maximum(e.sum(axis=1, keepdims=True), 1e-30)
    return out


@dataclass
class Net:
    """The evaluator: ``net(observations, masks, seats) -> (priors, values)``."""

    mean: F32
    scale: F32
    w1: F32
    b1: F32
    wp: F32
    bp: F32
    wv: F32
    bv: F32
    players: int

    @classmethod
    def new(cls, data: SelfPlayData, players: int, hidden: int = 64, seed: int = 0) -> Net:
        rng = np.random.default_rng(seed)
        d = data.observations.shape[1] + players
        a = data.masks.shape[1]
        x = cls._raw_inputs(data.observations, data.seats, players)
        mean = x.mean(axis=0).astype(np.float32)
        scale = (1.0 / np.maximum(x.std(axis=0), 1e-3)).astype(np.float32)

        def init(n_in: int, n_out: int) -> F32:
            return (rng.standard_normal((n_in, n_out)) / np.sqrt(n_in)).astype(np.float32)

        z = np.zeros
        return cls(
            mean,
            scale,
            init(d, hidden),
            z(hidden, np.float32),
            init(hidden, a),
            z(a, np.float32),
            init(hidden, players),
            z(players, np.float32),
            players,
        )

    @staticmethod
    def _raw_inputs(obs: F32, seats: Any, players: int) -> F32:
        onehot = np.eye(players, dtype=np.float32)[np.asarray(seats)]
        return np.concatenate([obs, onehot], axis=1)

    def _forward(self, obs: F32, seats: Any) -> tuple[F32, F32, F32, F32]:
        x = (self._raw_inputs(obs, seats, self.players) - self.mean) * self.scale
        h = np.tanh(x @ self.w1 + self.b1)
        return x, h, h @ self.wp + self.bp, h @ self.wv + self.bv

    def __call__(self, obs: F32, masks: Any, seats: Any) -> tuple[F32, F32]:
        _, _, logits, v = self._forward(obs, seats)
        return _softmax(logits, masks), _softmax(v)

    def params(self) -> list[F32]:
        return [self.w1, self.b1, self.wp, self.bp, self.wv, self.bv]

    def train(
        self, data: SelfPlayData, epochs: int = 8, batch: int = 256, lr: float = 3e-3, seed: int = 0
    ) -> float:
        """Adam on policy cross-entropy (against the visit policies) plus value cross-entropy
        (against each game's returns). Returns the last epoch's mean loss."""
        rng = np.random.default_rng(seed)
        params = self.params()
        m = [np.zeros_like(p) for p in params]
        s = [np.zeros_like(p) for p in params]
        step, loss = 0, 0.0
        n = len(data.seats)
        for _ in range(epochs):
            order = rng.permutation(n)
            total = 0.0
            for start in range(0, n, batch):
                idx = order[start : start + batch]
                x, h, logits, v = self._forward(data.observations[idx], data.seats[idx])
                p = _softmax(logits, data.masks[idx])
                q = _softmax(v)
                target_p, target_v = data.policies[idx], data.returns[idx]
                k = len(idx)
                ce_p = -(target_p * np.log(p + 1e-9)).sum()
                total += float(ce_p - (target_v * np.log(q + 1e-9)).sum())
                dlogits = (p - target_p) / k
                dv = (q - target_v) / k
                dh = (dlogits @ self.wp.T + dv @ self.wv.T) * (1 - h * h)
                grads = [x.T @ dh, dh.sum(0), h.T @ dlogits, dlogits.sum(0), h.T @ dv, dv.sum(0)]
                step += 1
                for i, (param, g) in enumerate(zip(params, grads, strict=True)):
                    m[i] = 0.9 * m[i] + 0.1 * g
                    s[i] = 0.999 * s[i] + 0.001 * g * g
                    mhat = m[i] / (1 - 0.9**step)
                    shat = s[i] / (1 - 0.999**step)
                    param -= (lr * mhat / (np.sqrt(shat) + 1e-8)).astype(np.float32)
            loss = total / n
        return loss


def arena(game: str, players: int, games: int, simulations: int, net: Net, seed: int) -> float:
    """The network's share of the wins against the uniform-prior search, seats rotated, no
    noise, most-visited moves: 0.5 is parity for two players."""
    uniform = Uniform(players)
    seats: list[Any] = [net] + [uniform] * (players - 1)
    data = Runner(
        game,
        games,
        simulations,
        net,
        players=players,
        seats=seats,
        rotate=True,
        seed=seed,
        dirichlet_fraction=0.0,
        temperature=0.0,
        record=False,
    ).run()
    won = (data.game_returns * (data.game_seating == 0)).sum()
    return float(won / games)


def main(argv: list[str] | None = None) -> float:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="?", default="puerto_rico")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=64, help="self-play games per generation")
    ap.add_argument("--simulations", type=int, default=16)
    ap.add_argument("--generations", type=int, default=2)
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--arena-games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    evaluator: Any = Uniform(args.players)
    net: Net | None = None
    share = 0.0
    for gen in range(args.generations):
        t = time.perf_counter()
        data = Runner(
            args.game,
            args.games,
            args.simulations,
            evaluator,
            players=args.players,
            seed=args.seed + 1000 * gen,
        ).run()
        if net is None:
            net = Net.new(data, args.players, args.hidden, seed=args.seed)
        loss = net.train(data, epochs=args.epochs, seed=args.seed + gen)
        share = arena(
            args.game,
            args.players,
            args.arena_games,
            args.simulations,
            net,
            seed=args.seed + 10_000 + gen,
        )
        print(
            f"generation {gen}: {len(data.seats)} positions, loss {loss:.3f}, "
            f"win share against uniform PUCT {share:.2f} ({time.perf_counter() - t:.1f} s)"
        )
        evaluator = net
    return share


if __name__ == "__main__":
    main()
