"""The race of actions on common worlds (sixtysix.ai.racing): errors, pairing, dropping."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from sixtysix.ai.analysis import CONFIDENCE_Z, Verdict, judge, loss_bounds
from sixtysix.ai.racing import Race, standard_error


def test_standard_error_is_that_of_the_mean() -> None:
    rng = random.Random(1)
    values = [rng.gauss(0.3, 1.2) for _ in range(50)]
    expected = statistics.stdev(values) / math.sqrt(len(values))
    assert standard_error(len(values), sum(values), sum(v * v for v in values)) == pytest.approx(expected)
    assert standard_error(1, 2.0, 4.0) == 0.0 and standard_error(0, 0.0, 0.0) == 0.0


def test_differences_are_paired_world_by_world() -> None:
    # The values swing a lot from world to world, the difference never: its error is 0.
    race = Race(["a", "b"])
    rng = random.Random(2)
    for _ in range(30):
        common = rng.uniform(-3, 3)
        race.add({"a": common + 0.25, "b": common})
    assert race.se("a") > 0.2
    difference = race.difference("a", "b")
    assert difference.mean == pytest.approx(0.25) and difference.se == pytest.approx(0.0, abs=1e-6)
    assert race.difference("b", "a").mean == pytest.approx(-0.25)
    assert difference.worlds == 30 and race.worlds == 30


def test_dropped_actions_keep_the_worlds_they_shared() -> None:
    race = Race(["best", "bad", "played"], keep=["played"])
    for world in range(40):
        race.add({"best": 1.0 + world % 2, "bad": -1.0 + world % 2, "played": -2.0 + world % 2})
    assert race.leader() == "best"
    assert race.drop_worse(z=3.0, tie=0.02) == ["bad"]  # the played action is kept however bad
    assert race.alive == ["best", "played"]
    for _ in range(10):
        race.add({"best": 1.0, "played": 0.0, "bad": 99.0})  # a dropped action's value is not read
    assert race.count("bad") == 40 and race.count("best") == 50
    assert race.difference("best", "bad").worlds == 40
    assert race.difference("best", "played").worlds == 50
    assert race.mean("bad") == pytest.approx(-0.5)


def test_the_leader_breaks_ties_by_win_share_then_order() -> None:
    race = Race(["x", "y", "z"], order=lambda a: {"x": 2, "y": 1, "z": 0}[a])
    race.add({"x": 1.0, "y": 1.0, "z": -1.0})
    race.add({"x": -1.0, "y": -1.0, "z": 1.0})
    assert race.mean("x") == race.mean("y") == race.mean("z") == 0.0
    assert race.win_share("z") == 0.5 == race.win_share("x")
    assert race.leader() == "z"  # equal means and win shares: the order decides
    race.add({"x": 0.0, "y": 0.5, "z": -0.5})
    assert race.leader() == "y"


def test_an_action_as_good_as_the_best_is_never_called_a_fault() -> None:
    # Two actions of the same value in every world up to noise, and a much worse third:
    # whichever of the two was played, over many seeds, the verdict is never a fault.
    verdicts = []
    for seed in range(100):
        rng = random.Random(seed)
        race = Race(["a", "b", "c"], keep=["a"])
        for world in range(300):
            common = rng.uniform(-2, 2)
            race.add({"a": common + rng.gauss(0, 0.4), "b": common + rng.gauss(0, 0.4), "c": common - 1.5})
            if world == 100:
                race.drop_worse(z=3.0, tie=0.02)
        assert "c" not in race.alive
        verdicts.append(judge(*loss_bounds(race, "a", CONFIDENCE_Z)))
    assert Verdict.INACCURACY not in verdicts and Verdict.MISTAKE not in verdicts and Verdict.BLUNDER not in verdicts
    assert verdicts.count(Verdict.GOOD) >= 90  # and seldom uncertain


def test_a_race_needs_actions() -> None:
    with pytest.raises(ValueError):
        Race([])
