"""Rollouts: a sampled world played on by the card counter, and the test for leaving its advice.

PIMC searches every world as if both sides saw all the cards (strategy fusion):
a close looks safe because the closer "knows" the opponent's hand, a lead looks
good because the answer to it is perfect. A *rollout* plays the world on instead
with the level-3 card counter (:class:`~sixtysix.ai.heuristic.CountingPlayer`)
in both seats, each seeing only its own :class:`~sixtysix.core.view.PlayerView` of
the world, until the talon is exhausted (from there each side knows where every
card is, so the exact phase-2 value of :class:`~sixtysix.ai.solver.Solver` is
what sound players get) or the deal ends. The mean over many worlds is the
value of an action followed by sound, non-clairvoyant play; choosing the best
of those is one step of policy improvement over the counter.

Such means are noisy, so the players only leave the counter's own choice (the
*base* action) when the worlds show another action to be better with some
confidence: :func:`confident_choice` compares each action with the base world
by world (the same worlds and the same rollout players for every action, so the
differences are far less noisy than the values).

>>> import random
>>> from sixtysix import Deal, PlayerView
>>> from sixtysix.ai.sampling import sample_world
>>> from sixtysix.ai.solver import Solver
>>> deal = Deal.shuffled(seed=5)
>>> view = PlayerView.of(deal, deal.to_act)
>>> world = sample_world(view, random.Random(1))
>>> rollouts = Rollouts(deal.rules, seed=1)
>>> values = rollouts.action_values(Solver(deal.rules), world, list(view.legal[:3]), view.seat)
>>> len(values), all(-3 <= v <= 3 for v in values.values())
(3, True)
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Mapping, Sequence

from sixtysix.ai.heuristic import CountingPlayer
from sixtysix.ai.native import core_for, counter_available, counter_choose, rng_state, set_rng_state
from sixtysix.ai.solver import Solver
from sixtysix.core.actions import EXCHANGE, Action
from sixtysix.core.game import Deal
from sixtysix.core.rules import Rules
from sixtysix.core.view import PlayerView


class Rollouts:
    """Plays worlds on with a card counter in each seat (seeded: deterministic).

    Where the native core is built the rollouts run in it (``native/counter.c``: the same
    counter, its generators carried over, so the same values; a world with a history,
    ``SIXTYSIX_NATIVE=0`` or ``SIXTYSIX_NATIVE_COUNTER=0``, plays on here).
    ``jitter=False``: counters without tie-break noise.
    """

    def __init__(self, rules: Rules, seed: int | None = 0, jitter: bool = True, solve_from: int | None = None) -> None:
        self.rules = rules
        self.solve_from = solve_from
        """``None``: the counters play on until the talon is exhausted (a closed deal to its end). A number: they
        stop once the talon is closed or holds at most that many cards, and the exact value of the world from
        there is taken (as if both sides saw every card, as the exact analysis values each deal)."""
        base = 0 if seed is None else seed
        self._players = {1: CountingPlayer(base * 2 + 1, jitter), 2: CountingPlayer(base * 2 + 2, jitter)}
        self._params = self._players[1].native_params(rules)
        self._rngs: tuple[bytearray, bytearray] | None = None  # the generators while the native core holds them

    @property
    def players(self) -> dict[int, CountingPlayer]:
        """The counters of seats 1 and 2 (their generators where the native rollouts left them)."""
        if self._rngs is not None:
            for seat, state in zip((1, 2), self._rngs, strict=True):
                set_rng_state(self._players[seat].rng, state)
            self._rngs = None
        return self._players

    def plays(self, deal: Deal) -> bool:
        """Whether the counters choose the next action of ``deal`` (else the exact solver's value is taken)."""
        if self.solve_from is not None:
            return not deal.closer and not deal.phase2 and deal.talon_size > self.solve_from
        return bool(deal.closer) or not deal.phase2

    def value(self, solver: Solver, deal: Deal) -> float:
        """Value for seat 1 of ``deal`` (changed in place) played on by the counters."""
        players = self.players
        while deal.outcome is None and self.plays(deal):
            seat = deal.seat_to_ask
            assert seat is not None
            deal._do(seat, players[seat].choose(PlayerView.of(deal, seat)))
        return solver.value(deal)

    def action_values(self, solver: Solver, world: Deal, actions: Sequence[Action], seat: int) -> dict[Action, float]:
        """The rollout value of each of ``actions`` for ``seat`` (positive = good for it)."""
        native = self._native_values(solver, world, actions, seat)
        if native is not None:
            return dict(zip(actions, native, strict=True))
        sign = 1 if seat == 1 else -1
        values: dict[Action, float] = {}
        for action in actions:
            child = world.copy()
            child._do(seat, action)
            if child.window and child.window != seat:  # the other seat may exchange now: it always does
                child._do(child.window, EXCHANGE)
            values[action] = sign * self.value(solver, child)
        return values

    def _native_values(self, solver: Solver, world: Deal, actions: Sequence[Action], seat: int) -> list[int] | None:
        """The same in the native core, or ``None`` where it does not play this world."""
        if not solver.is_native or world.history or not counter_available():  # why: a history is read in Python only
            return None
        jitter = self._players[1].jitter
        if jitter and self._rngs is None:
            self._rngs = (rng_state(self._players[1].rng), rng_state(self._players[2].rng))
        rngs = self._rngs if jitter else None
        return solver.rollout_values(world, list(actions), seat, self._params, rngs, self.solve_from)


class CounterModel:
    """The card counter as a model of a sound player: its choices in the native core where it is
    built (``native/counter.c``: the same choices, drawing the same noise from the same generator,
    whose state crosses over), else in Python.

    >>> from sixtysix import Deal
    >>> deal = Deal.shuffled(seed=5)
    >>> view = deal.view(deal.to_act)
    >>> CounterModel(1).choose(view) == CountingPlayer(1).choose(view)
    True
    """

    def __init__(self, seed: int | None = 0) -> None:
        self.counter = CountingPlayer(seed)
        self._state: bytearray | None = None  # the generator while the native core holds it
        self._params: tuple[Rules, tuple[float, ...]] | None = None

    def choose(self, view: PlayerView) -> Action:
        """What the counter chooses in ``view``."""
        rules = view.rules
        if counter_available() and core_for(rules) is not None:
            if self._params is None or self._params[0] is not rules:
                self._params = (rules, self.counter.native_params(rules))
            if self._state is None:
                self._state = rng_state(self.counter.rng)
            with contextlib.suppress(ValueError):  # a view the core refuses: chosen in Python
                choice = counter_choose(rules, view, self._params[1], self._state)
                if choice is not None:
                    return choice
        if self._state is not None:
            set_rng_state(self.counter.rng, self._state)
            self._state = None
        return self.counter.choose(view)


def confident_choice(per_world: Mapping[Action, Sequence[float]], base: Action | None, z: float) -> Action:
    """The action to take given each action's values in the same worlds.

    Without a base (or ``z`` < 0) the best mean. Otherwise the base, unless another
    action beats it on average by more than ``z`` standard errors of the mean
    difference (world by world); among those, the one with the largest lower bound.
    """
    if base is None or base not in per_world or z < 0:
        return max(per_world, key=lambda a: sum(per_world[a]))
    base_values = per_world[base]
    n = len(base_values)
    best, best_bound = base, 0.0
    for action, values in per_world.items():
        if action == base:
            continue
        diffs = [v - b for v, b in zip(values, base_values, strict=True)]
        mean = sum(diffs) / n
        spread = 0.0
        if n > 1:
            spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
        bound = mean - z * spread
        if bound > best_bound:
            best, best_bound = action, bound
    return best
