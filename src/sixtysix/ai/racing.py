"""Action values on common worlds, with standard errors, and a race that drops the actions clearly worse.

A :class:`Race` takes, world after world, the value of every action still in the race
in that world (common random numbers: the same worlds for every action, so the noise
of the worlds cancels out of the differences). It keeps running sums, never the
values: for each action its count, mean and spread; for each pair of actions the mean
and spread of their difference world by world, over the worlds in which both were
valued.

:meth:`Race.drop_worse` takes out of the race every action whose difference to the
leader is below ``tie`` even at the top of its confidence interval (``z`` standard
errors): it is worse, or so close that it does not matter. The rest of the budget goes
to the actions still in contention (racing, the adaptive form of successive halving).

>>> race = Race(["a", "b", "c"])
>>> for world in range(40):
...     race.add({"a": 1.0 + (world % 3), "b": 0.5 + (world % 3), "c": 1.0 + (world % 3) + (world % 2) / 10})
>>> race.leader()
'c'
>>> round(race.mean("a"), 3), round(race.se("a"), 3)  # the values spread: a large error of the mean...
(1.975, 0.131)
>>> race.difference("a", "b")  # ... but the difference is the same in every world
Difference(mean=0.5, se=0.0, worlds=40)
>>> race.difference("c", "a").low(3.0) > 0  # c beats a by 0.1 in every other world: surely better
True
>>> race.drop_worse(z=3.0, tie=0.02)
['a', 'b']
>>> race.alive
['c']
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

A = TypeVar("A", bound=Hashable)


@dataclass(frozen=True)
class Difference:
    """The mean difference of two actions' values world by world, its standard error, and the worlds behind it."""

    mean: float
    se: float
    worlds: int

    def low(self, z: float) -> float:
        """The bottom of the interval of ``z`` standard errors."""
        return self.mean - z * self.se

    def high(self, z: float) -> float:
        """The top of the interval of ``z`` standard errors."""
        return self.mean + z * self.se


def standard_error(count: int, total: float, squares: float) -> float:
    """The standard error of the mean of ``count`` values of sum ``total`` and sum of squares ``squares``
    (0 for fewer than 2 values).

    >>> round(standard_error(4, 10.0, 30.0), 4)  # 1, 2, 3, 4: sample standard deviation 1.291
    0.6455
    """
    if count < 2:
        return 0.0
    mean = total / count
    variance = max(0.0, (squares - count * mean * mean) / (count - 1))
    return math.sqrt(variance / count)


class Race(Generic[A]):
    """Running statistics of actions valued in the same worlds; ``keep`` are never dropped.

    ``order`` breaks ties between equal means (a smaller key leads; default: the order of ``actions``).
    """

    def __init__(
        self, actions: Iterable[A], keep: Iterable[A] = (), order: Callable[[A], object] | None = None
    ) -> None:
        self.actions = list(actions)
        if not self.actions:
            raise ValueError("a race needs at least one action")
        self.alive = list(self.actions)
        self.keep = set(keep)
        self.worlds = 0
        position = {action: i for i, action in enumerate(self.actions)}
        self._order: Callable[[A], object] = order or position.__getitem__
        self._count = dict.fromkeys(self.actions, 0)
        self._sum = dict.fromkeys(self.actions, 0.0)
        self._squares = dict.fromkeys(self.actions, 0.0)
        self._wins = dict.fromkeys(self.actions, 0.0)
        self._lowest = dict.fromkeys(self.actions, math.inf)
        self._highest = dict.fromkeys(self.actions, -math.inf)
        # Pair sums for i < j in the order of `actions`: count, sum and sum of squares of v_i - v_j.
        self._index = position
        self._pairs: dict[tuple[int, int], list[float]] = {}

    def add(self, values: Mapping[A, float]) -> None:
        """The values in one more world of every action still in the race (other entries are ignored)."""
        alive = self.alive
        row = [values[action] for action in alive]
        for action, value in zip(alive, row, strict=True):
            self._count[action] += 1
            self._sum[action] += value
            self._squares[action] += value * value
            self._wins[action] += 1.0 if value > 0 else 0.5 if value == 0 else 0.0
            if value < self._lowest[action]:
                self._lowest[action] = value
            if value > self._highest[action]:
                self._highest[action] = value
        index = [self._index[action] for action in alive]
        pairs = self._pairs
        for i in range(len(row)):
            for j in range(i + 1, len(row)):
                a, b = index[i], index[j]
                d = row[i] - row[j] if a < b else row[j] - row[i]
                key = (a, b) if a < b else (b, a)
                sums = pairs.get(key)
                if sums is None:
                    pairs[key] = [1.0, d, d * d]
                else:
                    sums[0] += 1.0
                    sums[1] += d
                    sums[2] += d * d
        self.worlds += 1

    def count(self, action: A) -> int:
        """The worlds in which ``action`` was valued."""
        return self._count[action]

    def mean(self, action: A) -> float:
        """The mean of ``action``'s values (0 before any world)."""
        n = self._count[action]
        return self._sum[action] / n if n else 0.0

    def se(self, action: A) -> float:
        """The standard error of :meth:`mean`."""
        return standard_error(self._count[action], self._sum[action], self._squares[action])

    def value_range(self, action: A) -> tuple[float, float]:
        """The lowest and highest value ``action`` had in a world ((0, 0) before any world).

        >>> race = Race(["claim", "card"])
        >>> for value in (1.0, -2.0, 3.0):
        ...     race.add({"claim": -2.0, "card": value})
        >>> race.value_range("claim"), race.value_range("card")
        ((-2.0, -2.0), (-2.0, 3.0))
        """
        if not self._count[action]:
            return 0.0, 0.0
        return self._lowest[action], self._highest[action]

    def win_share(self, action: A) -> float:
        """The share of its worlds in which ``action``'s value is above 0 (0 counting one half)."""
        n = self._count[action]
        return self._wins[action] / n if n else 0.0

    def difference(self, a: A, b: A) -> Difference:
        """``a`` minus ``b``, world by world, over the worlds in which both were valued."""
        if a == b:
            return Difference(0.0, 0.0, self._count[a])
        i, j = self._index[a], self._index[b]
        sums = self._pairs.get((i, j) if i < j else (j, i))
        if sums is None:
            return Difference(0.0, 0.0, 0)
        n, total, squares = int(sums[0]), sums[1], sums[2]
        sign = 1.0 if i < j else -1.0
        return Difference(sign * total / n, standard_error(n, total, squares), n)

    def leader(self) -> A:
        """The action still in the race of highest mean; ties go to the higher win share, then to ``order``."""
        return min(self.alive, key=lambda a: (-self.mean(a), -self.win_share(a), self._order(a)))

    def drop_worse(self, z: float, tie: float) -> list[A]:
        """Drop (and return) every action but the leader and ``keep`` whose difference to the leader is
        below ``tie`` at the top of its interval of ``z`` standard errors."""
        leader = self.leader()
        dropped = [
            action
            for action in self.alive
            if action != leader and action not in self.keep and self.difference(action, leader).high(z) < tie
        ]
        self.alive = [action for action in self.alive if action not in dropped]
        return dropped
