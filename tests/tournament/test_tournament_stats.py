"""The statistics on inputs whose answers are known."""

from __future__ import annotations

import math
import statistics

import pytest

from sixtysix.tournament.play import GameResult
from sixtysix.tournament.schedule import GameKey
from sixtysix.tournament.stats import (
    ELO_CENTRE,
    fit_bradley_terry,
    mean_interval,
    pair_stats,
    percentile,
    rate,
    t975,
    wilson,
)


def test_t_quantiles() -> None:
    assert t975(1) == 12.706 and t975(10) == 2.228 and t975(30) == 2.042
    assert t975(100) == pytest.approx(1.984, abs=1e-3)  # the expansion beyond the table
    assert t975(10**6) == pytest.approx(1.96, abs=1e-3)
    assert t975(0) == math.inf


def test_mean_interval() -> None:
    mean, low, high = mean_interval([2.0, 4.0, 6.0, 8.0])
    half = 3.182 * statistics.stdev([2.0, 4.0, 6.0, 8.0]) / 2
    assert (mean, low, high) == pytest.approx((5.0, 5.0 - half, 5.0 + half))
    assert mean_interval([3.0])[1:] == (-math.inf, math.inf)
    assert mean_interval([1.0, 1.0]) == (1.0, 1.0, 1.0)


def test_wilson() -> None:
    low, high = wilson(50, 100)
    assert (low, high) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and 0.0 < wilson(0, 10)[1] < 0.31
    assert wilson(0, 0) == (0.0, 1.0)


def game(board: int, seat1: str, seat2: str, winner: int | None, points: int) -> GameResult:
    score = (points, 0) if winner == 1 else (0, points) if winner == 2 else (0, 0)
    return GameResult(GameKey(board, seat1, seat2), winner, score, "claim" if winner else "tie")


def test_pair_stats_on_known_games() -> None:
    # A's results per pair: (+3, -1) -> +2; (+1, +1) -> +2; (-2, 0 tie) -> -2; board 3 incomplete
    games = [
        game(0, "A", "B", 1, 3),
        game(0, "B", "A", 1, 1),
        game(1, "A", "B", 1, 1),
        game(1, "B", "A", 2, 1),
        game(2, "A", "B", 2, 2),
        game(2, "B", "A", None, 0),
        game(3, "A", "B", 1, 3),
    ]
    stats = pair_stats("A", "B", {g.key: g for g in games}, boards=4)
    assert (stats.pairs, stats.games) == (3, 6)
    assert (stats.wins, stats.losses, stats.ties) == (3, 2, 1)
    totals = [2.0, 2.0, -2.0]
    mean, low, high = mean_interval(totals)
    assert stats.points == pytest.approx(mean / 2)
    assert stats.points_ci == pytest.approx((low / 2, high / 2))
    assert stats.pair_shares == (1.0, 2.0, 0.5)
    assert stats.won == pytest.approx(3.5 / 6)
    share_low = mean_interval([0.5, 1.0, 0.25])[1]
    assert stats.won_ci == pytest.approx((max(0.0, share_low), 1.0))
    assert stats.won_ci_wilson == pytest.approx(wilson(3.5, 6))
    # from B's side everything is mirrored
    mirror = pair_stats("B", "A", {g.key: g for g in games}, boards=4)
    assert mirror.points == pytest.approx(-stats.points) and mirror.won == pytest.approx(1 - stats.won)


def test_bradley_terry_two_players() -> None:
    ratings = fit_bradley_terry(["A", "B"], [("A", "B", 3.0, 4.0)], prior=0.0)
    assert ratings["A"] - ratings["B"] == pytest.approx(400 * math.log10(3))
    assert (ratings["A"] + ratings["B"]) / 2 == pytest.approx(ELO_CENTRE)


def test_bradley_terry_recovers_consistent_strengths() -> None:
    # strengths 9 : 3 : 1 give exactly these expected win rates; the fit must find them again
    outcomes = [("A", "B", 750.0, 1000.0), ("B", "C", 750.0, 1000.0), ("A", "C", 900.0, 1000.0)]
    ratings = fit_bradley_terry(["A", "B", "C"], outcomes, prior=0.0, anchor="C")
    assert ratings["C"] == pytest.approx(ELO_CENTRE)
    assert ratings["B"] - ratings["C"] == pytest.approx(400 * math.log10(3))
    assert ratings["A"] - ratings["C"] == pytest.approx(400 * math.log10(9))


def test_the_prior_keeps_a_blowout_finite() -> None:
    ratings = fit_bradley_terry(["A", "B"], [("A", "B", 100.0, 100.0)], prior=1.0)
    # 100.5 wins of 101 games: odds 201
    assert ratings["A"] - ratings["B"] == pytest.approx(400 * math.log10(201))


def test_ratings_with_bootstrap_intervals_are_deterministic() -> None:
    games = []
    for board in range(40):  # A wins 3 of 4 games against B, B 3 of 4 against C
        for a, b in (("A", "B"), ("B", "C")):
            games.append(game(board, a, b, 1, 1))
            games.append(game(board, b, a, 2 if board % 2 else 1, 1))
    by_key = {g.key: g for g in games}
    pairs = [pair_stats("A", "B", by_key, 40), pair_stats("B", "C", by_key, 40)]
    first = rate(["A", "B", "C"], pairs, bootstrap=200, seed=1)
    assert first == rate(["A", "B", "C"], pairs, bootstrap=200, seed=1)
    assert [r.name for r in first] == ["A", "B", "C"]
    for rating in first:
        assert rating.ci[0] <= rating.elo <= rating.ci[1]
        assert rating.games == (80 if rating.name != "B" else 160)
    assert first[0].score == pytest.approx(0.75)
    gap = first[0].elo - first[1].elo
    assert gap == pytest.approx(400 * math.log10(60.5 / 20.5), rel=1e-9)  # 60 of 80 plus the prior's 1/2 of 1
    assert rate(["A", "B", "C"], pairs, bootstrap=200, seed=2) != first  # another resampling


def test_percentile() -> None:
    assert percentile([1.0, 2.0, 3.0, 4.0, 5.0], 50) == 3.0
    assert percentile([1.0, 2.0], 25) == 1.25
    assert math.isnan(percentile([], 50))


def test_pairs_all_alike_fall_back_to_the_wilson_interval() -> None:
    games = [game(board, *seats, winner=1, points=1) for board in range(3) for seats in (("A", "B"), ("B", "A"))]
    stats = pair_stats("A", "B", {g.key: g for g in games}, boards=3)
    assert stats.won == 0.5 and stats.pair_shares == (1.0, 1.0, 1.0)
    assert stats.won_ci == stats.won_ci_wilson == pytest.approx(wilson(3, 6))
