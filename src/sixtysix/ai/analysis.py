"""Move analysis: what every legal action of a decision is worth, how sure that is, and how much a move lost.

:func:`analyze` answers, for one :class:`~sixtysix.core.view.PlayerView`, the
expected game points of every legal action for the deal (from the acting
player's side: positive when he is expected to win the deal) with its standard
error, its chance of winning the deal and the number of sampled worlds behind
those figures. It uses the expert's method (:class:`~sixtysix.ai.expert.ExpertPlayer`):
worlds consistent with the view are sampled with its inference, and every
action is valued in every world: while the talon is open by playing the world
on with the card counter and solving it once the talon is gone
(:class:`~sixtysix.ai.rollout.Rollouts`), afterwards by an exact search with
:meth:`Solver.action_values <sixtysix.ai.solver.Solver.action_values>`.
Where few worlds are possible (at most :data:`EXACT_WORLDS`: the talon closed or exhausted,
or a short talon) nothing is sampled: every world is listed once and solved exactly
(:func:`exhaustive_analysis`), so the values are exact means over those distinct deals and a
move is a fault only when it is worse on that average.

The actions share their worlds (common random numbers), so their differences,
which decide everything here, are far less noisy than their values, and the
standard error of each difference is measured world by world. The budget goes
where the ranking is uncertain (:class:`~sixtysix.ai.racing.Race`): once an
action is clearly worse than the leader (by :data:`DROP_Z` standard errors) it
leaves the race and the later worlds value only the contenders. The analysis
stops before its budget once there is nothing left to decide: one contender, or,
for a played action, a verdict clear by :data:`SETTLE_Z` standard errors.

* **value**: the mean over the worlds of the action's value (game points, signed),
  **se** its standard error. An action that left the race is valued as the leader's
  mean plus its mean difference to the leader over the worlds they shared.
* **win chance**: the share of the worlds in which the action's value is above 0,
  a value of exactly 0 (a tie, or an even estimate) counting one half.
* **best**: the action of highest value; ties go to the higher win chance, then
  to a claim (``66``: ending the deal now is never worse than winning it later),
  then to the engine's action order.

:func:`hint` is the same with a short budget (0.45 CPU seconds: an answer within half a second).

Every time here is CPU time of the analysing thread, not wall-clock time, as for the
players (:mod:`sixtysix.ai.clock`): an analysis does the same work on a busy machine,
it only takes longer.

A played action is judged by its **loss**: the value of the best action minus
the value of the action taken, in game points (a deal is worth 1 to 3), with the
interval of :data:`CONFIDENCE_Z` standard errors of the difference (against every
action still in contention: any of them may be the best). The verdict
(:func:`judge`) names a fault only when the whole interval is past its threshold:

=============  ======  =====================================================
verdict        symbol  the loss's interval
=============  ======  =====================================================
good                   entirely below 0.15
uncertain              from below 0.15 to 0.15 or more: it may be a fault
inaccuracy     ``?!``  entirely at or above 0.15 (:data:`INACCURACY`)
mistake        ``?``   entirely at or above 0.4 (:data:`MISTAKE`)
blunder        ``??``  entirely at or above 0.8 (:data:`BLUNDER`)
=============  ======  =====================================================

Turning a won one-point deal into a lost one costs 2 game points, so a loss of
0.15 is like giving away 7.5 % of winning chance in such a deal: above the
sampling noise of a one-second analysis, yet easy to miss at the table. 0.4 is
20 % of winning chance, or a Schneider given away in most deals; 0.8 is most of a
game point: a false claim, a marriage thrown away, a close into a lost deal. The
figures are those of a PIMC search (perfect-information worlds, the card counter's
play while the talon is open), as strong as the level 4-5 players, not the truth.

:func:`analyze_record` replays a 66R record deal by deal and analyses every
decision of the chosen seats that had more than one legal action, including
the two decisions records leave implicit: the ``draw`` (not closing with
``CB``, not claiming) right after a trick where ``CB`` was possible, and the
``pass`` of a player not on lead who could have exchanged (``X``) and did not.
:func:`annotated_text` writes the record back in its canonical form with the
findings as ``#`` comments, so the result still replays.

>>> from sixtysix.core.record import Record
>>> record = Record.parse('''[Format "66R 1"]
...
... deal dealer=2 deck="Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h"
... 1:20h 1:Kh 2:Ac
... 1:66
... ''')
>>> notes = analyze_record(record, budget=Budget(worlds=40))
>>> [f"{n.seat}:{n.action}" for n in notes]  # every decision with a choice
['1:20h', '1:Kh', '2:Ac', '1:66']
>>> claim = notes[-1]  # a claim with 35 points: the opponent scores 2
>>> claim.played_value, claim.verdict
(-2.0, <Verdict.BLUNDER: 'blunder'>)
>>> print(annotated_text(record, notes, summary=False).splitlines()[-1])
# 1:66 ?? blunder (-... ± ...): best 1:... +... (wins ...%), played -2.00 (wins 0%)
"""

from __future__ import annotations

import dataclasses
import enum
import math
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from sixtysix.ai.clock import cpu_deadline, cpu_seconds, spent
from sixtysix.ai.expert import ExpertPlayer
from sixtysix.ai.racing import Difference, Race
from sixtysix.ai.rollout import Rollouts
from sixtysix.ai.sampling import consistent_worlds, forbidden_cards, world_count, world_from
from sixtysix.ai.solver import Solver
from sixtysix.core.actions import ACTIONS, CLAIM, CLOSE_BEFORE_DRAW, DRAW, EXCHANGE, PASS, Action
from sixtysix.core.cards import Card, CardMask
from sixtysix.core.errors import DealError, IllegalActionError, MatchError, RecordError, RulesError
from sixtysix.core.game import BEFORE_DRAW, Deal
from sixtysix.core.match import Match
from sixtysix.core.record import Record, apply_record_action, automatic_claimant
from sixtysix.core.view import PlayerView

INACCURACY = 0.15
"""Smallest loss (game points) that makes a move an inaccuracy."""
MISTAKE = 0.4
"""Smallest loss that makes a move a mistake."""
BLUNDER = 0.8
"""Smallest loss that makes a move a blunder."""

CONFIDENCE_Z = 2.0
"""Standard errors on each side of a loss in its verdict's interval (about 95 %)."""
SETTLE_Z = 3.5
"""Standard errors of margin on every threshold before an analysis stops early on a played action's verdict."""
DROP_Z = 3.0
"""Standard errors by which an action must trail the leader to leave the race."""
TIE = 0.02
"""An action at most this far above the leader, at the top of its interval, is no better: it leaves the race."""
SWING = 2.0
"""Game points a difference may swing by in a world not seen yet (a won deal lost). After n worlds no
standard error is taken below ``SWING * sqrt(3) / n``: if n worlds never showed a swing, one in up to
3 / n of the worlds is still plausible (the rule of three), so a few alike worlds settle nothing."""
MIN_WORLDS = 32
"""Worlds every action is valued in before the race drops any or stops early (the errors need them)."""
MAX_WORLDS = 20_000
"""At most this many worlds per decision (late in a deal the worlds repeat and are cheap)."""

SOLVED_TALON = 4
"""A sampled world is solved exactly (every card seen, as the exact analysis values each listed deal) once its
talon is closed or holds at most this many cards; before, the card counter plays both seats on. Its play after a
close flattered closing, and against the exact values of every decision with few deals (``python -m bench.exact
--sampled 1``) the verdict differed in 30 of 90 talon-open decisions, 8 with this (6: 8, at half the worlds a
second)."""

KEPT_WORLDS = 1000
"""The first this many worlds of an analysis are kept with their values (:attr:`Analysis.samples`, what an
explanation counts in): a record's analysis keeps every decision's, so not all of up to :data:`MAX_WORLDS`."""

DEFAULT_SECONDS = 10.0
"""CPU seconds per decision, at most, when a budget names neither a time nor a number of worlds. Most
decisions are settled long before (0.8 s on average over the benchmark's records, half of them in
0.02 s: ``bench/analysis.py``); the budget is for those whose verdict is close to a threshold."""


class Classification(enum.Enum):
    """A fault: how bad a move was, by its loss against the best action."""

    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def symbol(self) -> str:
        """``?!``, ``?`` or ``??``, as in chess annotations."""
        return _SYMBOLS[self]

    @property
    def threshold(self) -> float:
        """The smallest loss of this class: :data:`INACCURACY`, :data:`MISTAKE` or :data:`BLUNDER`."""
        return _THRESHOLD[self]


_SYMBOLS = {Classification.INACCURACY: "?!", Classification.MISTAKE: "?", Classification.BLUNDER: "??"}
_THRESHOLD = {Classification.INACCURACY: INACCURACY, Classification.MISTAKE: MISTAKE, Classification.BLUNDER: BLUNDER}


class Verdict(enum.Enum):
    """The judgement of one decision: good, uncertain, or a fault sure at :data:`CONFIDENCE_Z` standard errors."""

    GOOD = "good"
    UNCERTAIN = "uncertain"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def classification(self) -> Classification | None:
        """The fault (``None`` for a good or an uncertain decision)."""
        return None if self in (Verdict.GOOD, Verdict.UNCERTAIN) else Classification(self.value)

    @property
    def symbol(self) -> str:
        """``?!``, ``?`` or ``??`` for a fault, else empty."""
        fault = self.classification
        return fault.symbol if fault else ""

    @property
    def flagged(self) -> bool:
        """Whether the annotated record comments on it (every verdict but good)."""
        return self is not Verdict.GOOD


def classify(loss: float) -> Classification | None:
    """The class of a loss known exactly (``None``: a good move).

    >>> classify(0.1), classify(0.5)
    (None, <Classification.MISTAKE: 'mistake'>)
    """
    if loss >= BLUNDER:
        return Classification.BLUNDER
    if loss >= MISTAKE:
        return Classification.MISTAKE
    if loss >= INACCURACY:
        return Classification.INACCURACY
    return None


def judge(low: float, high: float) -> Verdict:
    """The verdict on a loss known to lie from ``low`` to ``high``: a fault only if the whole interval is one.

    >>> [judge(low, high).value for low, high in ((0.0, 0.1), (0.1, 0.3), (0.35, 0.45), (0.42, 0.52))]
    ['good', 'uncertain', 'inaccuracy', 'mistake']
    """
    if high < INACCURACY:
        return Verdict.GOOD
    fault = classify(low)
    return Verdict(fault.value) if fault else Verdict.UNCERTAIN


def with_error(value: float, margin: float, sign: bool = True) -> str:
    """A value and its margin (the half-width of its interval) for people; the value alone when the margin
    is below 0.005 (exact).

    >>> with_error(-0.4712, 0.052), with_error(1.0, 0.0), with_error(0.47, 0.05, sign=False)
    ('-0.47 ± 0.05', '+1.00', '0.47 ± 0.05')
    >>> with_error(-0.001, 0.0)  # no "-0.00"
    '+0.00'
    """
    value = round(value, 2) + 0.0  # why: -0.001 would print as -0.00
    text = f"{value:+.2f}" if sign else f"{value:.2f}"
    return f"{text} ± {margin:.2f}" if margin >= 0.005 else text


def undecided(low: float, high: float) -> bool:
    """Whether more worlds could change the verdict: a threshold lies inside the interval.

    >>> undecided(0.0, 0.1), undecided(0.1, 0.2), undecided(0.2, 0.3)
    (False, True, False)
    """
    return any(low < threshold <= high for threshold in (INACCURACY, MISTAKE, BLUNDER))


@dataclass(frozen=True)
class Budget:
    """How much to search per decision.

    ``seconds``: sample worlds until this many CPU seconds of the analysing thread
    are used (:mod:`sixtysix.ai.clock`; at least one world; the world under way is
    finished, so the answer may come a little later).
    ``worlds``: sample at most this many worlds (fewer when the view leaves a
    single possible world, or once nothing is left to decide). With both, whichever comes
    first; with neither, :data:`DEFAULT_SECONDS`. A budget with ``worlds`` and without
    ``seconds`` is deterministic for a given ``seed`` (``None``: a fresh random seed).
    """

    seconds: float | None = None
    worlds: int | None = None
    seed: int | None = 0

    def __post_init__(self) -> None:
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"the time budget must be positive, not {self.seconds!r}")
        if self.worlds is not None and self.worlds < 1:
            raise ValueError(f"the number of worlds must be at least 1, not {self.worlds!r}")

    @property
    def time_limit(self) -> float | None:
        """The time limit in CPU seconds that applies (``None``: none)."""
        if self.seconds is None and self.worlds is None:
            return DEFAULT_SECONDS
        return self.seconds

    def describe(self) -> str:
        """A short text for people: ``at most 1 s per decision, counter rollouts to a talon of 4, then exact,
        seed 0``."""
        parts = []
        if self.time_limit is not None:
            parts.append(f"{self.time_limit:g} s")
        if self.worlds is not None:
            parts.append(f"{self.worlds} world{'s' if self.worlds != 1 else ''}")
        seed = "" if self.seed is None else f", seed {self.seed}"
        rollouts = f"counter rollouts to a talon of {SOLVED_TALON}, then exact"
        return f"at most {' or '.join(parts)} per decision, {rollouts}{seed}"


HINT_BUDGET = Budget(seconds=0.45)
"""The budget of :func:`hint`: 0.45 CPU seconds, so that with the world under way finished and the answer's own
costs a hint comes within half a second (at 0.5 the slowest of 26 hints over HTTP took 0.53 s:
``python -m bench.analysis --http 5 --think 2``)."""


@dataclass(frozen=True)
class ActionValue:
    """What one legal action is worth, from the acting player's side, and how sure that is."""

    action: Action
    value: float
    """Expected game points for the deal (mean over the worlds; positive: the player wins)."""
    win_chance: float
    """Share of the worlds in which the action wins the deal (0 to 1; an even value counts half)."""
    samples: int
    """Worlds behind these figures (fewer than the analysis's if the action left the race)."""
    se: float = 0.0
    """Standard error of ``value``."""
    loss: float = 0.0
    """The best action's value minus this one's (0 for the best)."""
    loss_se: float = 0.0
    """Standard error of ``loss``, world by world against the best action; for the best action, against the rival
    that comes closest to it (its loss is 0 by these worlds, not surely: another seed may find the rival better)."""
    loss_low: float = 0.0
    """Bottom of the loss's interval (:data:`CONFIDENCE_Z` standard errors, against every contender)."""
    loss_high: float = 0.0
    """Top of that interval."""
    alike: bool = False
    """Every world valued gave this action the same difference to the best (the best: to that closest rival): its
    loss has no spread to show
    (:attr:`loss_margin` is 0; the verdict's interval keeps its floor, :func:`_floor`)."""

    @property
    def verdict(self) -> Verdict:
        """The verdict on taking this action (:func:`judge`)."""
        return judge(self.loss_low, self.loss_high)

    @property
    def margin(self) -> float:
        """The half-width of ``value``'s interval (:data:`CONFIDENCE_Z` standard errors): what people see after ±."""
        return CONFIDENCE_Z * self.se

    @property
    def loss_margin(self) -> float:
        """The half-width of ``loss``'s interval, :data:`CONFIDENCE_Z` standard errors; 0 where every world gave the
        same difference (:attr:`alike`: people see no ± where nothing varied)."""
        return 0.0 if self.alike else CONFIDENCE_Z * self.loss_se

    def to_json(self) -> dict[str, object]:
        return {
            "action": str(self.action),
            "value": self.value,
            "win_chance": self.win_chance,
            "samples": self.samples,
            "se": self.se,
            "margin": self.margin,
            "loss": self.loss,
            "loss_se": self.loss_se,
            "loss_margin": self.loss_margin,
            "loss_low": self.loss_low,
            "loss_high": self.loss_high,
            "verdict": self.verdict.value,
        }


@dataclass(frozen=True)
class Analysis:
    """Every legal action of one decision, best first."""

    seat: int
    actions: tuple[ActionValue, ...]
    """One entry per legal action, best first (see the module docstring for ties)."""
    worlds: int
    """Worlds sampled (every action was valued in the first :data:`MIN_WORLDS` of them at least)."""
    exact: bool
    """The values are exact: a single world was possible and it was searched to the end of the deal."""
    seconds: float
    """CPU seconds the analysis took (of its thread, like the budget)."""
    settled: bool = False
    """The analysis stopped before its budget: nothing was left to decide."""
    samples: tuple[Sample, ...] = field(default=(), repr=False, compare=False)
    """The first :data:`KEPT_WORLDS` sampled worlds in the order drawn, each with the values of the actions
    valued in it (what :mod:`sixtysix.ai.explain` reads its reasons from; not part of :meth:`to_json`)."""
    exhaustive: bool = False
    """Every world consistent with the view was valued exactly, none sampled (a puzzle's analysis,
    :func:`sixtysix.ai.puzzles.world_analysis`): its shares are over all of them."""

    @property
    def best(self) -> Action:
        return self.actions[0].action

    @property
    def best_value(self) -> float:
        return self.actions[0].value

    @property
    def forced(self) -> bool:
        """Only one legal action: nothing to decide."""
        return len(self.actions) == 1

    def __getitem__(self, action: int) -> ActionValue:
        for entry in self.actions:
            if entry.action == action:
                return entry
        raise KeyError(f"{ACTIONS[action]} is not a legal action here")

    def __contains__(self, action: object) -> bool:
        return any(entry.action == action for entry in self.actions)

    def value(self, action: int) -> float:
        return self[action].value

    def loss(self, action: int) -> float:
        """Game points ``action`` gives away against the best action (0 for the best)."""
        return self[action].loss

    def verdict(self, action: int) -> Verdict:
        """The verdict on taking ``action`` (:func:`judge` of its loss's interval)."""
        return self[action].verdict

    def classify(self, action: int) -> Classification | None:
        """The fault of taking ``action``, if the verdict names one."""
        return self.verdict(action).classification

    def to_json(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "best": str(self.best),
            "worlds": self.worlds,
            "exact": self.exact,
            "seconds": self.seconds,
            "settled": self.settled,
            "actions": [entry.to_json() for entry in self.actions],
        }


# -- analysing one decision ---------------------------------------------------------


@dataclass(frozen=True)
class Sample:
    """One sampled world of an analysis: where the unseen cards were, and what each action was worth there."""

    opponent: CardMask
    """The opponent's hand in this world."""
    stock: tuple[Card, ...]
    """The face-down stock, top first."""
    values: dict[Action, float]
    """The value, for the analysed seat, of every action still in the race when this world was drawn."""

    def world(self, view: PlayerView) -> Deal:
        """This world as a deal (:func:`~sixtysix.ai.sampling.world_from`)."""
        return world_from(view, self.opponent, list(self.stock))


class _Inference(ExpertPlayer):
    """The expert's sampling, its weights kept per opponent hand.

    For one view, how well the opponent's last lead or card fits a world depends on the
    world's hand for him alone, so it is worked out once per hand: the same worlds, drawn
    several times faster (the weights were most of an analysis's time).
    """

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._weights: dict[tuple[str, CardMask], float] = {}

    def _lead_weight(self, view: PlayerView, world: Deal, led: Card) -> float:
        key = ("lead", world.hands[view.opponent])
        if key not in self._weights:
            self._weights[key] = super()._lead_weight(view, world, led)
        return self._weights[key]

    def _follow_weight(self, view: PlayerView, world: Deal, follow: Any) -> float:
        key = ("follow", world.hands[view.opponent])
        if key not in self._weights:
            self._weights[key] = super()._follow_weight(view, world, follow)
        return self._weights[key]


class _Worlds:
    """Worlds consistent with a view, drawn with the expert's inference, and each action's value in them."""

    def __init__(self, view: PlayerView, seed: int) -> None:
        self.view = view
        self.sampler = _Inference(seed)  # the expert's inference: worlds weighed by what the opponent did
        self.solver = Solver(view.rules)
        # While the talon is open each world is played on by the card counter in both seats until the talon
        # is closed or down to SOLVED_TALON cards, then solved exactly; after that, searched exactly.
        self.rollouts = None if view.phase2 else Rollouts(view.rules, seed, solve_from=SOLVED_TALON)
        self.forbidden: CardMask = forbidden_cards(view)
        # Once the talon is exhausted every unseen card is in the opponent's hand: one world.
        self.single = view.unseen == 0 or view.talon_size == 0
        self.exact = self.single and self.rollouts is None
        # In phase 2 nobody draws: a world is the opponent's hand, and its exact values never change.
        self._known: dict[CardMask, dict[Action, float]] = {}
        self.samples: list[Sample] = []

    def values(self, actions: list[Action]) -> dict[Action, float]:
        """The value of each of ``actions`` for the view's seat in one more sampled world (kept in :attr:`samples`)."""
        view = self.view
        world = self.sampler.sample(view, self.forbidden)
        values = self._values(world, actions)
        if len(self.samples) < KEPT_WORLDS:
            self.samples.append(Sample(world.hands[view.opponent], world.stock[world.stock_pos :], values))
        return values

    def _values(self, world: Deal, actions: list[Action]) -> dict[Action, float]:
        view = self.view
        if self.rollouts is not None:
            return self.rollouts.action_values(self.solver, world, actions, view.seat)
        key = world.hands[view.opponent]
        known = self._known.get(key)
        if known is None or any(action not in known for action in actions):
            # Every legal action, false claims too; for the exchange window (X or pass) the seat
            # is not the one to act in the world.
            known = self.solver.action_values(world, None, actions, view.seat)
            self._known[key] = known
        return known


def _order(action: Action) -> tuple[bool, int]:
    """The tie-break after equal values and win chances: a claim first, then the engine's order."""
    return action != CLAIM, int(action)


def _floor(se: float, worlds: int, single: bool) -> float:
    """A standard error no smaller than :data:`SWING` allows after ``worlds`` worlds (unless there was a
    ``single`` possible world, valued once: no sampling, no sampling error)."""
    return se if single or worlds == 0 else max(se, SWING * math.sqrt(3) / worlds)


def _difference(race: Race[Action], a: Action, b: Action, single: bool) -> Difference:
    """``a`` minus ``b`` world by world, its standard error floored (:func:`_floor`)."""
    difference = race.difference(a, b)
    if a == b:  # an action against itself: 0, surely
        return difference
    return dataclasses.replace(difference, se=_floor(difference.se, difference.worlds, single))


def loss_bounds(race: Race[Action], action: Action, z: float, single: bool = False) -> tuple[float, float]:
    """The interval of ``z`` standard errors of what ``action`` loses against the best of the contenders.

    Every action still in the race may be the best, so each bound is the largest over
    them of the difference's bound (never below 0).
    """
    low = high = 0.0
    for rival in race.alive:
        if rival != action:
            difference = _difference(race, rival, action, single)
            low = max(low, difference.low(z))
            high = max(high, difference.high(z))
    return low, high


def _settled(race: Race[Action], played: Action | None) -> bool:
    """Nothing left to decide: a single contender, or the played action's verdict is clear by :data:`SETTLE_Z`."""
    if played is None:
        return len(race.alive) == 1
    return not undecided(*loss_bounds(race, played, SETTLE_Z))


def _race(view: PlayerView, budget: Budget, played: Action | None) -> tuple[Race[Action], _Worlds, bool]:
    """Worlds sampled and actions valued in them until the budget is used or nothing is left to decide.

    Returns the race, the worlds, and whether it stopped early.
    """
    seed = budget.seed if budget.seed is not None else random.getrandbits(64)
    worlds = _Worlds(view, seed)
    race = Race(view.legal, keep=() if played is None else (played,), order=_order)
    deadline = cpu_deadline(budget.time_limit)
    limit = min(budget.worlds or MAX_WORLDS, MAX_WORLDS)
    check = MIN_WORLDS
    while True:
        race.add(worlds.values(race.alive))
        if worlds.single or race.worlds >= limit:
            return race, worlds, False
        if race.worlds >= check:
            race.drop_worse(DROP_Z, TIE)
            if _settled(race, played):
                return race, worlds, True
            check = race.worlds + max(8, race.worlds // 8)  # why: checks cost k² per world; every 1/8th more
        if spent(deadline):
            return race, worlds, False


def _entry(race: Race[Action], action: Action, best: Action, single: bool) -> ActionValue:
    """The figures of ``action`` once the race is over.

    Its value is a mean over the worlds in which it was valued: its own, or, once it left the
    race, the leader's over every world less their difference over the worlds they shared
    (the worlds' noise cancels out of it), kept within the values the action was seen to
    bring (a false claim is worth -2, never -2.04; nothing below -3). Its standard error is
    the sample's own: an action that brought the same in every world shows none (the
    verdicts' bounds keep their floor, :func:`_floor`).
    """
    low, high = loss_bounds(race, action, CONFIDENCE_Z, single)
    gap = _difference(race, best, action, single)
    lowest, highest = race.value_range(action)
    if action in race.alive:
        value, se = race.mean(action), race.se(action)
    else:
        value = min(race.mean(best), race.mean(best) - gap.mean, highest)
        value = max(value, lowest)
        se = math.hypot(race.se(best), race.difference(best, action).se) if lowest < highest else 0.0
    loss = race.mean(best) - value
    # why: the value kept within those seen (or measured against another rival) can leave the loss outside its
    # interval; the interval is widened to hold it, so the verdict can only turn more cautious
    low, high = min(low, loss), max(high, loss)
    against = best if action != best else _closest_rival(race, best, single)
    spread = race.difference(against, action)
    loss_se = _difference(race, against, action, single).se
    alike = against != action and spread.worlds >= 2 and spread.se < 1e-9
    return ActionValue(action, value, race.win_share(action), race.count(action), se, loss, loss_se, low, high, alike)


def _closest_rival(race: Race[Action], best: Action, single: bool) -> Action:
    """The action that comes closest to beating ``best``: the highest top of its difference's interval
    (``best`` itself when it has no rival).

    The best action's loss is 0 by the worlds seen, but not surely: its standard error is that of its difference
    to this rival (another seed may well find the rival better by about that much), not 0.
    """
    rivals = [action for action in race.actions if action != best and race.difference(action, best).worlds]
    if not rivals:
        return best
    return max(rivals, key=lambda rival: _difference(race, rival, best, single).high(CONFIDENCE_Z))


EXACT_WORLDS = 5_000
"""Where at most this many worlds are consistent with the view, :func:`analyze` lists them all and solves each
exactly (a few milliseconds to a second in the native core) instead of sampling: its figures are facts."""


def exhaustive_analysis(
    view: PlayerView,
    worlds: Sequence[tuple[CardMask, tuple[Card, ...]]],
    values: Sequence[Sequence[float]],
    seconds: float = 0.0,
    seed: int = 0,
) -> Analysis:
    """The analysis of ``view``'s decision from every consistent world at once, given the exact value of each
    legal action (in ``view.legal``'s order) in each world: exact means, each world weighing the same, no
    sampling error, every world kept as a sample (in a seeded order: the line facts look at the first few).

    A move's loss is its mean's distance to the best mean, its verdict :func:`classify` of it; win chances
    are shares of the distinct worlds. ``exhaustive`` marks it.

    >>> from sixtysix import Deal
    >>> deal = Deal.shuffled(seed=3)
    >>> while not deal.phase2:
    ...     deal.apply_unchecked(deal._legal_ids(deal.to_act)[0])
    >>> analysis = analyze(deal.view(deal.to_act))  # few worlds: each solved, none sampled
    >>> analysis.exhaustive, all(entry.loss_low == entry.loss_high == entry.loss for entry in analysis.actions)
    (True, True)
    """
    actions = list(view.legal)
    count = len(worlds)
    columns = {action: [row[i] for row in values] for i, action in enumerate(actions)}
    means = {action: sum(column) / count for action, column in columns.items()}
    rows = list(zip(worlds, values, strict=True))
    random.Random(seed).shuffle(rows)
    samples = tuple(
        Sample(opponent, tuple(stock), dict(zip(actions, map(float, row), strict=True)))
        for (opponent, stock), row in rows
    )  # fmt: skip
    best = max(actions, key=lambda action: (means[action], action == CLAIM))
    entries = []
    for action, column in columns.items():
        wins = sum(1.0 if value > 0 else 0.5 if value == 0 else 0.0 for value in column)
        loss = means[best] - means[action]
        entries.append(ActionValue(action, means[action], wins / count, count, 0.0, loss, 0.0, loss, loss))
    # as the analysis orders them: the best, then by value, win chance, a claim first, the engine's order
    entries.sort(key=lambda e: (e.action != best, e.loss, -e.win_chance, e.action != CLAIM, int(e.action)))
    return Analysis(view.seat, tuple(entries), count, count == 1, seconds, True, samples, exhaustive=True)


def solve_all_worlds(
    view: PlayerView, solver: Solver | None = None
) -> tuple[list[tuple[CardMask, tuple[Card, ...]]], list[list[int]]]:  # fmt: skip
    """Every world consistent with ``view`` (:func:`~sixtysix.ai.sampling.consistent_worlds`, each once) and the
    exact value for ``view``'s seat of each legal action in each: one call of the native core for them all."""
    solver = solver or Solver(view.rules)
    worlds = [(opponent, tuple(stock)) for opponent, stock in consistent_worlds(view)]
    deals = [world_from(view, opponent, list(stock)) for opponent, stock in worlds]
    return worlds, solver.worlds_action_values(deals, list(view.legal), view.seat)


def analyze(view: PlayerView, budget: Budget | None = None, played: Action | None = None) -> Analysis:
    """The value (with its error), win chance and sample count of every legal action of ``view`` (its seat must act).

    ``played``: the action taken, when a decision is judged: it stays in the race
    whatever its value, and the analysis stops early once its verdict is clear.
    Where at most :data:`EXACT_WORLDS` worlds are consistent with the view, every one is solved
    exactly instead (:func:`exhaustive_analysis`): nothing is sampled, the budget does not apply.
    """
    budget = budget or Budget()
    if not view.legal:
        raise ValueError(f"seat {view.seat} has no decision to make")
    if played is not None and played not in view.legal:
        raise ValueError(f"{ACTIONS[played]} is not a legal action of seat {view.seat} here")
    started = cpu_seconds()
    if world_count(view) <= EXACT_WORLDS:
        worlds_listed, values = solve_all_worlds(view)
        seed = budget.seed if budget.seed is not None else random.getrandbits(64)
        return exhaustive_analysis(view, worlds_listed, values, cpu_seconds() - started, seed)
    race, worlds, settled = _race(view, budget, played)
    best = race.leader()
    entries = [_entry(race, action, best, worlds.single) for action in view.legal]
    entries.sort(key=lambda e: (e.action != best, -e.value, -e.win_chance, _order(e.action)))
    samples = tuple(worlds.samples)
    return Analysis(view.seat, tuple(entries), race.worlds, worlds.exact, cpu_seconds() - started, settled, samples)


def hint(view: PlayerView, seed: int | None = 0) -> Analysis:
    """:func:`analyze` with :data:`HINT_BUDGET` (0.45 CPU seconds): on an idle machine an answer within half a
    second."""
    return analyze(view, dataclasses.replace(HINT_BUDGET, seed=seed))


# -- analysing a record ---------------------------------------------------------------


@dataclass(frozen=True)
class Annotation:
    """One analysed decision of a record."""

    deal: int
    """The deal's number in the record (1 = first ``deal`` line)."""
    position: int
    """The action's position in its deal (1 = first), as in replay errors. For an implicit
    decision (``draw``, ``pass``), the position of the record action that follows it."""
    seat: int
    action: Action
    """The action taken (``draw`` or ``pass`` for an implicit decision)."""
    analysis: Analysis = field(repr=False)
    view: PlayerView | None = field(default=None, repr=False, compare=False)
    """The seat's view of the decision (what an explanation of it is built from)."""

    @property
    def implicit(self) -> bool:
        """A decision the record does not write (``draw`` or ``pass``)."""
        return not self.action.in_records()

    @property
    def best(self) -> Action:
        return self.analysis.best

    @property
    def best_value(self) -> float:
        return self.analysis.best_value

    @property
    def played_value(self) -> float:
        return self.analysis.value(self.action)

    @property
    def loss(self) -> float:
        return self.analysis.loss(self.action)

    @property
    def loss_se(self) -> float:
        """Standard error of :attr:`loss`."""
        return self.analysis[self.action].loss_se

    @property
    def verdict(self) -> Verdict:
        return self.analysis.verdict(self.action)

    @property
    def classification(self) -> Classification | None:
        """The fault, if the verdict names one (``None`` for a good or uncertain decision)."""
        return self.verdict.classification

    def describe(self) -> str:
        """One line for people: ``1:Ah best +0.62 (wins 74%)``, or for a fault (an uncertain or ok move likewise)
        ``1:Kh ? mistake (-0.47 ± 0.05): best 1:Ah +0.62 (wins 74%), played +0.15 (wins 58%)``."""
        played = self.analysis[self.action]
        token = f"{self.seat}:{self.action}"
        figures = f"{played.value:+.2f} (wins {played.win_chance:.0%})"
        verdict = self.verdict
        best = self.analysis.actions[0]
        if self.best == self.action:
            return f"{token} best {figures}" + self._rival_note()
        if verdict is Verdict.GOOD and self.loss < 0.005:
            return f"{token} {figures}, as good as the best {self.seat}:{best.action}"
        head = {Verdict.GOOD: "ok", Verdict.UNCERTAIN: "uncertain"}.get(verdict, f"{verdict.symbol} {verdict.value}")
        return (
            f"{token} {head} ({self._loss_text(-self.loss, played.loss_margin)}): best {self.seat}:{best.action} "
            f"{best.value:+.2f} (wins {best.win_chance:.0%}), played {figures}"
        )

    def _loss_text(self, loss: float, margin: float) -> str:
        """``-0.47 ± 0.05`` (the loss's interval), or ``-2.00 exact`` when every possible world was searched; no ±
        where every world gave the same loss (:attr:`ActionValue.alike`)."""
        if self.analysis.exact or self.analysis.exhaustive:
            return f"{round(loss, 2) + 0.0:+.2f} exact"
        return with_error(loss, margin)

    def _rival_note(self) -> str:
        """For a best move whose verdict is uncertain: the contender that may be better."""
        if self.verdict is not Verdict.UNCERTAIN or len(self.analysis.actions) < 2:
            return ""
        rival = self.analysis.actions[1]
        return (
            f"; uncertain: {self.seat}:{rival.action} {rival.value:+.2f} may be better "
            f"({self._loss_text(-rival.loss, rival.loss_margin)})"
        )

    def to_json(self) -> dict[str, object]:
        label = self.classification
        played = self.analysis[self.action]
        return {
            "deal": self.deal,
            "position": self.position,
            "seat": self.seat,
            "action": str(self.action),
            "implicit": self.implicit,
            "best": str(self.best),
            "played_value": self.played_value,
            "best_value": self.best_value,
            "loss": self.loss,
            "loss_se": played.loss_se,
            "loss_low": played.loss_low,
            "loss_high": played.loss_high,
            "verdict": self.verdict.value,
            "classification": label.value if label else None,
            "analysis": self.analysis.to_json(),
        }


@dataclass(frozen=True)
class Choice:
    """A decision of a record with more than one legal action, as its seat saw it."""

    deal: int
    """The deal's number in the record (1 = first)."""
    position: int
    """As :attr:`Annotation.position`."""
    seat: int
    action: Action
    """The action taken (``draw`` or ``pass`` for an implicit decision)."""
    view: PlayerView


def record_choices(record: Record | str, seats: Iterable[int] = (1, 2)) -> list[Choice]:
    """Every decision of ``seats`` with more than one legal action, in record order, implicit ones included.

    Raises :class:`~sixtysix.core.errors.RecordError` if the record is invalid.
    """
    if isinstance(record, str):
        record = Record.parse(record)
    wanted = set(seats)
    choices = []
    for decision in _decisions(record):
        if decision.seat not in wanted:
            continue
        view = PlayerView.of(decision.deal, decision.seat, decision.match.score, decision.match.carried)
        if len(view.legal) > 1:
            choices.append(Choice(decision.number, decision.position, decision.seat, decision.action, view))
    return choices


def analyze_record(
    record: Record | str,
    seats: Iterable[int] = (1, 2),
    budget: Budget | None = None,
    progress: Callable[[Annotation], None] | None = None,
) -> list[Annotation]:
    """Analyse every decision of ``seats`` with more than one legal action, in record order.

    The record is checked first (:class:`~sixtysix.core.errors.RecordError` if invalid).
    Implicit decisions are analysed too: the ``draw`` after a trick where ``CB``
    was possible, and the ``pass`` of an exchange window, each only when the record
    goes on past it (:func:`record_choices`). Each is analysed with its action as the
    ``played`` one of :func:`analyze`. ``progress`` is called with each annotation as it is made.
    """
    budget = budget or Budget()
    annotations: list[Annotation] = []
    for choice in record_choices(record, seats):
        analysis = analyze(choice.view, budget, played=choice.action)
        note = Annotation(choice.deal, choice.position, choice.seat, choice.action, analysis, choice.view)
        annotations.append(note)
        if progress is not None:
            progress(note)
    return annotations


@dataclass
class _Decision:
    match: Match
    deal: Deal
    number: int
    position: int
    seat: int
    action: Action


def _decisions(record: Record) -> Iterator[_Decision]:
    """Every decision of the record, in order, each yielded just before it is applied.

    The implicit ones come first: the winner's ``draw`` (the record goes on with neither
    ``66`` nor ``CB`` after a trick where they were possible) and the ``pass`` of a player
    who could exchange and did not. Raises :class:`RecordError` where the record is invalid.
    """
    try:
        match = Match(record.rules(), record.deals[0].dealer if record.deals else 2)
    except (RulesError, MatchError) as error:
        raise RecordError(0, 0, f'[Rules "{record.rules_name}"]', str(error)) from None
    for number, deal_record in enumerate(record.deals, start=1):
        try:
            deal = match.new_deal(deal_record.deck, dealer=deal_record.dealer)
        except (DealError, MatchError) as error:
            raise RecordError(number, 0, f"dealer={deal_record.dealer}", str(error)) from None
        for position, (seat, action) in enumerate(deal_record.actions, start=1):
            if deal.is_over:
                if action == CLAIM and automatic_claimant(deal) == seat:
                    continue  # the claim auto_claim made: written, but no decision
                raise RecordError(number, position, f"{seat}:{action}", f"deal {number} is over")
            try:
                trial = deal.copy()
                apply_record_action(trial, seat, action)
            except IllegalActionError as error:
                reason = str(error).split(": ", 1)[-1]
                raise RecordError(number, position, f"{seat}:{action}", reason) from None
            if deal.stage == BEFORE_DRAW and action not in (CLAIM, CLOSE_BEFORE_DRAW):
                yield _Decision(match, deal, number, position, deal.leader, ACTIONS[DRAW])
                deal.apply(DRAW)
            window = deal.window
            if window and not (action == EXCHANGE and seat == window):
                yield _Decision(match, deal, number, position, window, ACTIONS[PASS])
                deal.apply(PASS, window)
            yield _Decision(match, deal, number, position, seat, action)
            apply_record_action(deal, seat, action)
        match.settle()


# -- summaries and the annotated record ----------------------------------------------------


@dataclass(frozen=True)
class SeatSummary:
    """How one seat played over the analysed decisions."""

    seat: int
    decisions: int
    inaccuracies: int
    mistakes: int
    blunders: int
    total_loss: float
    uncertain: int = 0
    """Decisions whose verdict is uncertain (the loss's interval straddles :data:`INACCURACY`)."""

    @property
    def average_loss(self) -> float:
        return self.total_loss / self.decisions if self.decisions else 0.0

    def describe(self, name: str | None = None) -> str:
        who = f"seat {self.seat}" + (f" ({name})" if name else "")
        return (
            f"{who}: {self.decisions} decision{'s' if self.decisions != 1 else ''}, "
            f"{_count(self.inaccuracies, 'inaccuracy', 'inaccuracies')}, {_count(self.mistakes, 'mistake')}, "
            f"{_count(self.blunders, 'blunder')}, {self.uncertain} uncertain, average loss {self.average_loss:.2f}"
        )


def _count(n: int, singular: str, plural: str | None = None) -> str:
    return f"{n} {singular if n == 1 else plural or singular + 's'}"


def summarize(annotations: Sequence[Annotation], seats: Iterable[int] = (1, 2)) -> dict[int, SeatSummary]:
    """Per seat: decisions analysed, inaccuracies, mistakes, blunders, the total loss and the uncertain verdicts."""
    summaries = {}
    for seat in seats:
        mine = [a for a in annotations if a.seat == seat]
        verdicts = [a.verdict for a in mine]
        summaries[seat] = SeatSummary(
            seat,
            len(mine),
            verdicts.count(Verdict.INACCURACY),
            verdicts.count(Verdict.MISTAKE),
            verdicts.count(Verdict.BLUNDER),
            sum(a.loss for a in mine),
            verdicts.count(Verdict.UNCERTAIN),
        )
    return summaries


def format_summary(record: Record, annotations: Sequence[Annotation], seats: Iterable[int] = (1, 2)) -> list[str]:
    """One line per seat, named by the record's ``Seat1``/``Seat2`` headers when present."""
    return [s.describe(record.header(f"Seat{s.seat}")) for s in summarize(annotations, seats).values()]


def annotated_text(
    record: Record,
    annotations: Sequence[Annotation],
    *,
    all_decisions: bool = False,
    budget: Budget | None = None,
    seats: Iterable[int] = (1, 2),
    summary: bool = True,
    why: Callable[[Annotation], str] | None = None,
) -> str:
    """The canonical text of ``record`` with the analysis as ``#`` comments; it replays like the record.

    After each line of actions comes one comment line per flagged decision on it
    (uncertain, inaccuracy or worse; every analysed decision with ``all_decisions``); an implicit
    decision (``draw``, ``pass``) is written after the line of the action before it.
    With ``budget`` a comment after the headers says how the analysis was made; with
    ``summary`` comments at the end give the per-seat summary. With ``why``, each inaccuracy,
    mistake or blunder gets a second comment line, ``#   why: …``, with its text (an explanation
    in words, :func:`sixtysix.present.explain.annotation_why`).
    """
    by_anchor: dict[tuple[int, int], list[Annotation]] = {}
    for note in annotations:
        if all_decisions or note.verdict.flagged:
            anchor = note.position - 1 if note.implicit else note.position
            by_anchor.setdefault((note.deal, anchor), []).append(note)
    lines = record.text().splitlines()
    headers = 0
    while headers < len(lines) and lines[headers].startswith("["):
        headers += 1
    out = lines[:headers]
    if budget is not None:
        out += ["", f"# sixtysix analysis: {budget.describe()}", *(f"# {line}" for line in verdict_legend())]
    deal = position = 0
    for line in lines[headers:]:
        out.append(line)
        if not line:
            continue
        if line.startswith("deal "):
            deal += 1
            position = 0
            continue
        first = position + 1
        position += len(line.split())
        for anchor in range(first, position + 1):
            for note in by_anchor.get((deal, anchor), ()):
                out.append(f"# {note.describe()}")
                if why is not None and note.classification is not None:
                    out.append(f"#   why: {why(note)}")
    if summary:
        out.append("")
        out.append(f"# analysis summary ({len(annotations)} decisions)")
        out.extend(f"# {line}" for line in format_summary(record, annotations, seats))
    return "\n".join(out) + "\n"


def verdict_legend() -> list[str]:
    """The rule of the verdicts in two lines, as the annotated record states it.

    >>> print("\\n".join(verdict_legend()))
    ?! inaccuracy >= 0.15, ? mistake >= 0.4, ?? blunder >= 0.8 game points lost (loss ± its 95% interval),
    named only when the whole interval (2 standard errors a side) reaches it; uncertain: it straddles 0.15
    """
    faults = ", ".join(f"{c.symbol} {c.value} >= {c.threshold:g}" for c in Classification)
    return [
        f"{faults} game points lost (loss ± its 95% interval),",
        f"named only when the whole interval ({CONFIDENCE_Z:g} standard errors a side) reaches it; "
        f"uncertain: it straddles {INACCURACY:g}",
    ]
