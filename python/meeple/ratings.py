"""Ratings from game results: win-rate intervals, Elo (Bradley-Terry) with confidence intervals,
and a multiplayer Plackett-Luce rating (openskill).

Every game is reduced to a ranking of its seats: by return first (the winners), then by score, so
a 4-player game says who won and also how the losers finished. Elo comes from the pairwise
comparisons inside each game (a Bradley-Terry model fitted by maximum likelihood, intervals from
its Fisher information); Plackett-Luce rates the whole ranking at once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

ELO_PER_NAT = 400.0 / math.log(10.0)


@dataclass(frozen=True)
class Result:
    """One finished game: the bot (index into the pool) in each seat and the seat outcomes."""

    seating: Sequence[int]
    returns: Sequence[float]
    scores: Sequence[float]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a win rate (wins may be fractional for shared wins)."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / d
    return (max(0.0, c - h), min(1.0, c + h))


def _outcome(r: Result, a: int, b: int) -> float:
    """1 if seat a finished ahead of seat b, 0.5 level, 0 behind."""
    ka = (r.returns[a], r.scores[a])
    kb = (r.returns[b], r.scores[b])
    return 1.0 if ka > kb else 0.5 if ka == kb else 0.0


def pairwise(results: Sequence[Result], n_bots: int) -> tuple[np.ndarray, np.ndarray]:
    """(score[a, b], count[a, b]): how often bot a finished ahead of bot b (level counts half)
    over every pair of seats held by two different bots."""
    score = np.zeros((n_bots, n_bots))
    count = np.zeros((n_bots, n_bots))
    for r in results:
        seats = range(len(r.seating))
        for a in seats:
            for b in seats:
                ba, bb = r.seating[a], r.seating[b]
                if a == b or ba == bb:
                    continue
                score[ba, bb] += _outcome(r, a, b)
                count[ba, bb] += 1
    return score, count


def elo(results: Sequence[Result], n_bots: int, z: float = 1.96) -> list[tuple[float, float]]:
    """Elo of each bot (mean 0 over the pool) with the half-width of its confidence interval.

    Bradley-Terry: P(a ahead of b) = 1 / (1 + 10^((Rb - Ra) / 400)). A weak prior (one level
    game against the pool average for every bot) keeps ratings finite when a bot always wins.
    """
    score, count = pairwise(results, n_bots)
    theta = np.zeros(n_bots)
    prior = 1.0
    for _ in range(100):
        diff = theta[:, None] - theta[None, :]
        p = 1.0 / (1.0 + np.exp(-diff))
        grad = (score - count * p).sum(axis=1) + prior * (0.5 - 1.0 / (1.0 + np.exp(-theta)))
        w = count * p * (1 - p)
        hess = -np.diag(w.sum(axis=1)) + w
        pp = 1.0 / (1.0 + np.exp(-theta))
        hess -= np.diag(prior * pp * (1 - pp))
        step = np.linalg.lstsq(hess, -grad, rcond=None)[0]
        theta = theta + step
        theta -= theta.mean()
        if np.max(np.abs(step)) < 1e-10:
            break
    diff = theta[:, None] - theta[None, :]
    p = 1.0 / (1.0 + np.exp(-diff))
    w = count * p * (1 - p)
    fisher = np.diag(w.sum(axis=1)) - w
    pp = 1.0 / (1.0 + np.exp(-theta))
    fisher += np.diag(prior * pp * (1 - pp))
    # Ratings are relative (mean 0): the covariance of the centred vector, P F^-1 P.
    centre = np.eye(n_bots) - 1.0 / n_bots
    cov = centre @ np.linalg.inv(fisher) @ centre
    se = np.sqrt(np.clip(np.diag(cov), 0.0, None))
    return [
        (float(t * ELO_PER_NAT), float(z * s * ELO_PER_NAT)) for t, s in zip(theta, se, strict=True)
    ]


def plackett_luce(results: Sequence[Result], n_bots: int) -> list[dict[str, float]]:
    """openskill's Plackett-Luce rating of each bot (mu, sigma, ordinal = mu - 3 sigma), games
    rated in order. Games where one bot holds several seats rate its best-placed seat only."""
    from openskill.models import PlackettLuce  # the `tournament` extra

    model = PlackettLuce()
    ratings = [model.rating(name=str(b)) for b in range(n_bots)]
    for r in results:
        best: dict[int, int] = {}
        for seat, bot in enumerate(r.seating):
            key = (r.returns[seat], r.scores[seat])
            if bot not in best or key > (r.returns[best[bot]], r.scores[best[bot]]):
                best[bot] = seat
        if len(best) < 2:
            continue
        bots = sorted(best)
        keys = [(r.returns[best[b]], r.scores[best[b]]) for b in bots]
        # Rank 1 is first; level seats share a rank.
        ranks: list[float] = [1.0 + sum(k2 > k for k2 in keys) for k in keys]
        teams = [[ratings[b]] for b in bots]
        rated = model.rate(teams, ranks=ranks)
        for b, team in zip(bots, rated, strict=True):
            ratings[b] = team[0]
    return [
        {"mu": float(x.mu), "sigma": float(x.sigma), "ordinal": float(x.ordinal())} for x in ratings
    ]


def table(results: Sequence[Result], names: Sequence[str]) -> dict[str, Any]:
    """Per bot: seat-games, wins, win rate with its 95% interval, mean score, Elo with its 95%
    interval and the Plackett-Luce rating; and the pairwise table (rate of finishing ahead)."""
    n = len(names)
    elos = elo(results, n)
    pl = plackett_luce(results, n)
    rows: list[dict[str, Any]] = []
    for b, name in enumerate(names):
        seats = [(r, s) for r in results for s, who in enumerate(r.seating) if who == b]
        wins = float(sum(r.returns[s] for r, s in seats))
        lo, hi = wilson(wins, len(seats))
        rows.append(
            {
                "bot": name,
                "seat_games": len(seats),
                "wins": wins,
                "win_rate": wins / len(seats) if seats else 0.0,
                "win_rate_ci95": [lo, hi],
                "mean_score": float(sum(r.scores[s] for r, s in seats) / len(seats))
                if seats
                else 0.0,
                "elo": elos[b][0],
                "elo_ci95": elos[b][1],
                "openskill": pl[b],
            }
        )
    score, count = pairwise(results, n)
    pairs = {
        names[a]: {
            names[b]: (float(score[a, b] / count[a, b]) if count[a, b] else None)
            for b in range(n)
            if b != a
        }
        for a in range(n)
    }
    return {"bots": rows, "pairwise": pairs}
