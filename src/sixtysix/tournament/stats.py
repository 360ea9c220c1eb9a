"""Statistics of a tournament: per-pairing figures with 95% intervals over the duplicate pairs,
and Bradley–Terry ratings on the Elo scale with bootstrap intervals.

The two games of a duplicate pair share their cards, so the *pair* is the independent
unit: a pairing's figures are means over its complete duplicate pairs, with Student-t
intervals over them. At a three-handed table the unit is a board in all its seatings (six
games, or three with a player seated twice), and two players of the table are compared
in each of its games: the difference of their game points, and who ranks higher.

>>> lo, hi = mean_interval([1.0, 2.0, 3.0])[1:]
>>> round(lo, 3), round(hi, 3)
(-0.484, 4.484)
>>> [round(x, 3) for x in wilson(8, 10)]
[0.49, 0.943]

Bradley–Terry: A beats B with probability 1 / (1 + 10 ** ((R_B - R_A) / 400)). With 3
wins in 4 games and no prior, A is 3 times as strong: 400 * log10(3) = 190.8 Elo above B.

>>> ratings = fit_bradley_terry(["A", "B"], [("A", "B", 3.0, 4.0)], prior=0.0)
>>> round(ratings["A"] - ratings["B"], 1)
190.8
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from sixtysix.tournament.play import GameResult
from sixtysix.tournament.schedule import GameKey

ELO_PER_NATURAL = 400 / math.log(10)
"""Elo points per unit of Bradley–Terry log-strength."""
ELO_CENTRE = 1500.0
DEFAULT_PRIOR = 1.0
"""Virtual games per pairing, won half by each side: a blowout gives a large but finite gap."""

_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
"""Two-sided 95% quantiles of Student's t for 1-30 degrees of freedom."""


def t975(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (table, then Cornish-Fisher)."""
    if df < 1:
        return math.inf
    if df <= len(_T975):
        return _T975[df - 1]
    z = 1.959964
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and 95% Student-t interval (infinite with fewer than two values; NaN with none)."""
    if not values:
        return math.nan, -math.inf, math.inf
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, -math.inf, math.inf
    half = t975(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


# -- pairings ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class PairStats:
    """A against B, from A's side, over the complete duplicate pairs."""

    a: str
    b: str
    pairs: int
    """Complete duplicate pairs (both games played)."""
    games: int
    points: float
    """A's game points minus B's per game (per deal, or per match)."""
    points_ci: tuple[float, float]
    won: float
    """A's share of the games (a tie counts 1/2)."""
    won_ci: tuple[float, float]
    """t interval over the pairs' shares, clipped to [0, 1]; the Wilson interval if every pair has the same share."""
    won_ci_wilson: tuple[float, float]
    """Wilson interval over the games (treats them as independent)."""
    wins: int
    losses: int
    ties: int
    forfeits: tuple[int, int]
    """Deals forfeited by A and by B."""
    pair_shares: tuple[float, ...]
    """A's wins in each duplicate unit, 0 to :attr:`unit_games` (what the rating bootstrap resamples)."""
    unit_games: int = 2
    """Games of a duplicate unit: 2 for a pair; three-handed, the seatings of the table (6, or 3)."""
    forfeit_kinds: tuple[dict[str, int], dict[str, int]] = field(default_factory=lambda: ({}, {}))
    """Why A and why B forfeited: deals by failure (``crash``, ``timeout``, ``disqualified``, …)."""

    def to_json(self) -> dict[str, object]:
        return {
            "a": self.a,
            "b": self.b,
            "pairs": self.pairs,
            "games": self.games,
            "points": _num(self.points),
            "points_ci95": [_num(x) for x in self.points_ci],
            "won": _num(self.won),
            "won_ci95": [_num(x) for x in self.won_ci],
            "won_ci95_wilson": [_num(x) for x in self.won_ci_wilson],
            "wins": self.wins,
            "losses": self.losses,
            "ties": self.ties,
            "forfeits": list(self.forfeits),
            "forfeit_kinds": [dict(sorted(kinds.items())) for kinds in self.forfeit_kinds],
            **({"games_per_unit": self.unit_games} if self.unit_games != 2 else {}),
        }


def _num(x: float) -> float | None:
    """JSON has no infinities or NaN: ``None`` then; floats rounded to 12 digits for stable output."""
    return round(x, 12) if math.isfinite(x) else None


Unit = Sequence[GameKey]
"""The games of one duplicate unit: a board in every seating of its table."""


def pair_stats(
    a: str,
    b: str,
    games: Mapping[GameKey, GameResult],
    boards: int,
    units: Iterable[Unit] | None = None,
) -> PairStats:
    """The figures of A against B from the games of boards ``0 .. boards - 1`` (complete units only).

    ``units``: the duplicate units where A and B meet (by default the duplicate pairs of
    the pairing A-B on every board). A game counts A's comparisons with B
    (:meth:`GameResult.comparisons`: one, or one per copy of a player seated twice), each
    as the mean over them.
    """
    if units is None:
        units = [(GameKey(board, a, b), GameKey(board, b, a)) for board in range(boards)]
    totals: list[float] = []
    shares: list[float] = []
    wins = losses = ties = 0
    forfeits = [0, 0]
    kinds: tuple[Counter[str], Counter[str]] = (Counter(), Counter())
    size = 2
    for unit in units:
        found = [games.get(key) for key in unit]
        if not unit or any(game is None for game in found):
            continue
        size = len(found)
        total = share = 0.0
        for game in (game for game in found if game is not None):
            compared = game.comparisons(a, b)
            total += sum(points for points, _ in compared) / len(compared)
            share += sum(won for _, won in compared) / len(compared)
            for _, won in compared:
                wins += won == 1.0
                losses += won == 0.0
                ties += won == 0.5
            forfeits[0] += sum(game.forfeits[i - 1] for i in game.key.positions_of(a))
            forfeits[1] += sum(game.forfeits[j - 1] for j in game.key.positions_of(b))
            for note in game.forfeited:
                for side, name in enumerate((a, b)):
                    if note.position in game.key.positions_of(name):
                        kinds[side][note.kind] += 1
        totals.append(total)
        shares.append(share)
    mean, low, high = mean_interval(totals)
    share, share_low, share_high = mean_interval(shares)
    n_games = size * len(totals)
    games_ci = wilson(sum(shares), n_games)
    won_ci = (max(0.0, share_low / size), min(1.0, share_high / size))
    if len(shares) > 1 and share_low == share_high:  # every pair alike: a t interval of width 0 says nothing
        won_ci = games_ci
    return PairStats(
        a,
        b,
        len(totals),
        n_games,
        mean / size,
        (low / size, high / size),
        share / size,
        won_ci,
        games_ci,
        wins,
        losses,
        ties,
        (forfeits[0], forfeits[1]),
        tuple(shares),
        size,
        (dict(kinds[0]), dict(kinds[1])),
    )


# -- ratings ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rating:
    """A player's Bradley–Terry rating on the Elo scale, and its bootstrap interval."""

    name: str
    elo: float
    ci: tuple[float, float]
    games: int
    score: float
    """Share of its games won (ties 1/2)."""

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "elo": _num(self.elo),
            "elo_ci95": [_num(x) for x in self.ci],
            "games": self.games,
            "score": _num(self.score),
        }


Outcomes = Sequence[tuple[str, str, float, float]]
"""(A, B, A's wins, games) for each pairing."""


def fit_bradley_terry(
    names: Sequence[str],
    outcomes: Outcomes,
    prior: float = DEFAULT_PRIOR,
    anchor: str | None = None,
    start: Mapping[str, float] | None = None,
) -> dict[str, float]:
    """Maximum-likelihood Bradley–Terry ratings on the Elo scale (Newton's method).

    ``prior`` virtual games per pairing, won half by each side, keep a blowout finite. The
    ratings average :data:`ELO_CENTRE`, or ``anchor`` is at it. Players without games are
    left out; the pairings must connect the others.
    """
    active = [n for n in names if any(n in (a, b) and games > 0 for a, b, _, games in outcomes)]
    index = {name: i for i, name in enumerate(active)}
    size = len(active)
    if size == 0:
        return {}
    theta = [((start or {}).get(name, ELO_CENTRE) - ELO_CENTRE) / ELO_PER_NATURAL for name in active]
    edges = [
        (index[a], index[b], wins + prior / 2, games + prior) for a, b, wins, games in outcomes if games + prior > 0
    ]
    for _ in range(200):
        gradient = [0.0] * size
        hessian = [[0.0] * size for _ in range(size)]  # minus the Hessian of the log-likelihood
        for i, j, wins, games in edges:
            p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
            g = wins - games * p
            gradient[i] += g
            gradient[j] -= g
            h = games * p * (1.0 - p)
            hessian[i][i] += h
            hessian[j][j] += h
            hessian[i][j] -= h
            hessian[j][i] -= h
        # theta[0] stays fixed (the ratings are only defined up to a constant)
        reduced = [[hessian[r][c] + (1e-12 if r == c else 0.0) for c in range(1, size)] for r in range(1, size)]
        step = _solve(reduced, gradient[1:]) if size > 1 else []
        largest = max((abs(s) for s in step), default=0.0)
        scale = min(1.0, 3.0 / largest) if largest > 0 else 1.0  # at most 3 nats (~1300 Elo) per step
        for k, s in enumerate(step, start=1):
            theta[k] += scale * s
        if largest < 1e-10:
            break
    base = theta[index[anchor]] if anchor in index else statistics.fmean(theta)
    return {name: ELO_CENTRE + ELO_PER_NATURAL * (theta[index[name]] - base) for name in active}


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve ``matrix @ x = vector`` by Gaussian elimination with partial pivoting."""
    n = len(vector)
    rows = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        if abs(rows[col][col]) < 1e-300:
            raise ValueError("the pairings do not connect all players")
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            if factor:
                for c in range(col, n + 1):
                    rows[r][c] -= factor * rows[col][c]
    solution = [0.0] * n
    for r in range(n - 1, -1, -1):
        solution[r] = (rows[r][n] - sum(rows[r][c] * solution[c] for c in range(r + 1, n))) / rows[r][r]
    return solution


def rate(
    names: Sequence[str],
    pairs: Iterable[PairStats],
    bootstrap: int = 1000,
    seed: int = 0,
    prior: float = DEFAULT_PRIOR,
    anchor: str | None = None,
) -> list[Rating]:
    """Ratings of ``names`` from their pairings, best first, with percentile bootstrap intervals.

    Each bootstrap replicate resamples every pairing's duplicate pairs with replacement
    (the random generator is seeded by ``seed``: the same figures every time).
    """
    pairs = [p for p in pairs if p.pairs > 0]
    outcomes = [(p.a, p.b, sum(p.pair_shares), float(p.unit_games * p.pairs)) for p in pairs]
    point = fit_bradley_terry(names, outcomes, prior, anchor)
    samples: dict[str, list[float]] = {name: [] for name in point}
    rng = random.Random(f"sixtysix-bootstrap:{seed}")
    for _ in range(bootstrap):
        resampled = [
            (p.a, p.b, sum(rng.choices(p.pair_shares, k=p.pairs)), float(p.unit_games * p.pairs)) for p in pairs
        ]
        for name, elo in fit_bradley_terry(names, resampled, prior, anchor, start=point).items():
            samples[name].append(elo)
    totals: dict[str, list[float]] = {name: [0.0, 0.0] for name in point}
    for p in pairs:
        won = sum(p.pair_shares)
        totals[p.a][0] += won
        totals[p.b][0] += p.unit_games * p.pairs - won
        totals[p.a][1] += p.unit_games * p.pairs
        totals[p.b][1] += p.unit_games * p.pairs
    ratings = [
        Rating(
            name,
            elo,
            (percentile(samples[name], 2.5), percentile(samples[name], 97.5)) if bootstrap else (math.nan, math.nan),
            int(totals[name][1]),
            totals[name][0] / totals[name][1],
        )
        for name, elo in point.items()
    ]
    order = {name: i for i, name in enumerate(names)}
    return sorted(ratings, key=lambda r: (-round(r.elo, 9), order[r.name]))


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100), linearly interpolated; NaN without values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)
