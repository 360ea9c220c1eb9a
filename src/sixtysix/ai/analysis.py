"""Move analysis: what every legal action of a decision is worth, and how much a move lost.

:func:`analyze` answers, for one :class:`~sixtysix.core.view.PlayerView`, the
expected game points of every legal action for the deal (from the acting
player's side: positive when he is expected to win the deal), its chance of
winning the deal and the number of sampled worlds behind those figures. It
uses the expert's method (:class:`~sixtysix.ai.expert.ExpertPlayer`):
worlds consistent with the view are sampled with its inference, and every
action is valued in every world: while the talon is open by playing the world
on with the card counter and solving it once the talon is gone
(:class:`~sixtysix.ai.rollout.Rollouts`), afterwards by an exact search with
:meth:`Solver.action_values <sixtysix.ai.solver.Solver.action_values>`. All
actions are valued in the same worlds, so their differences are much less
noisy than their values.

* **value**: the mean over the worlds of the action's value (game points, signed).
* **win chance**: the share of the worlds in which the action's value is above 0,
  a value of exactly 0 (a tie, or an even estimate) counting one half.
* **best**: the action of highest value; ties go to the higher win chance, then
  to a claim (``66``: ending the deal now is never worse than winning it later),
  then to the engine's action order.

:func:`hint` is the same with a short budget (half a second).

Every time here is CPU time of the analysing thread, not wall-clock time, as for the
players (:mod:`sixtysix.ai.clock`): an analysis does the same work on a busy machine,
it only takes longer.

A played action is judged by its **loss**: the value of the best action minus
the value of the action taken, in game points (a deal is worth 1 to 3):

=============  ======  ========================
loss           symbol  classification
=============  ======  ========================
< 0.15                 (none: a good move)
>= 0.15        ``?!``  :attr:`Classification.INACCURACY`
>= 0.4         ``?``   :attr:`Classification.MISTAKE`
>= 0.8         ``??``  :attr:`Classification.BLUNDER`
=============  ======  ========================

Turning a won one-point deal into a lost one costs 2 game points, so a loss of
0.15 is like giving away 7.5 % of winning chance in such a deal: above the
sampling noise of a one-second analysis (the actions share their worlds), yet
easy to miss at the table. 0.4 is 20 % of winning chance, or a Schneider given
away in most deals; 0.8 is most of a game point: a false claim, a marriage
thrown away, a close into a lost deal. The figures are those of a PIMC search
(perfect-information worlds, heuristic estimates before the last few cards of
the talon), as strong as the level 4-5 players, not the truth.

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
>>> notes = analyze_record(record, budget=Budget(worlds=2, depth=2))
>>> [f"{n.seat}:{n.action}" for n in notes]  # every decision with a choice
['1:20h', '1:Kh', '2:Ac', '1:66']
>>> claim = notes[-1]  # a claim with 35 points: the opponent scores 2
>>> claim.played_value, claim.classification
(-2.0, <Classification.BLUNDER: 'blunder'>)
>>> print(annotated_text(record, notes, summary=False).splitlines()[-1])
# 1:66 ?? blunder (-...): best 1:... +... (wins ...%), played -2.00 (wins 0%)
"""

from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from sixtysix.ai.clock import cpu_deadline, cpu_seconds, spent
from sixtysix.ai.evaluation import heuristic_value
from sixtysix.ai.expert import ExpertPlayer
from sixtysix.ai.rollout import Rollouts
from sixtysix.ai.sampling import forbidden_cards
from sixtysix.ai.solver import Solver
from sixtysix.core.actions import ACTIONS, CLAIM, CLOSE_BEFORE_DRAW, DRAW, EXCHANGE, PASS, Action
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

DEFAULT_SECONDS = 1.0
"""CPU seconds per decision when a budget names neither a time nor a number of worlds."""


class Classification(enum.Enum):
    """How bad a move was, by its loss against the best action."""

    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def symbol(self) -> str:
        """``?!``, ``?`` or ``??``, as in chess annotations."""
        return _SYMBOLS[self]


_SYMBOLS = {Classification.INACCURACY: "?!", Classification.MISTAKE: "?", Classification.BLUNDER: "??"}


def classify(loss: float) -> Classification | None:
    """The classification of a move that lost ``loss`` game points (``None``: a good move)."""
    if loss >= BLUNDER:
        return Classification.BLUNDER
    if loss >= MISTAKE:
        return Classification.MISTAKE
    if loss >= INACCURACY:
        return Classification.INACCURACY
    return None


@dataclass(frozen=True)
class Budget:
    """How much to search per decision.

    ``seconds``: sample worlds until this many CPU seconds of the analysing thread
    are used (:mod:`sixtysix.ai.clock`; at least one world; the world under way is
    finished, so the answer may come a few tenths later).
    ``worlds``: sample exactly this many worlds (fewer only when the view leaves a
    single possible world). With both, whichever comes first; with neither,
    :data:`DEFAULT_SECONDS`. A budget with ``worlds`` and without ``seconds`` is
    deterministic for a given ``seed`` (``None``: a fresh random seed).
    ``depth`` and ``exact_talon`` are the PIMC search settings (see
    :class:`~sixtysix.ai.pimc.PimcPlayer`); the defaults are the level-4 and level-5 players'.
    """

    seconds: float | None = None
    worlds: int | None = None
    seed: int | None = 0
    depth: int = 4
    exact_talon: int = 4

    def __post_init__(self) -> None:
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"the time budget must be positive, not {self.seconds!r}")
        if self.worlds is not None and self.worlds < 1:
            raise ValueError(f"the number of worlds must be at least 1, not {self.worlds!r}")
        if self.depth < 1:
            raise ValueError(f"the search depth must be at least 1, not {self.depth!r}")

    @property
    def time_limit(self) -> float | None:
        """The time limit in CPU seconds that applies (``None``: none)."""
        if self.seconds is None and self.worlds is None:
            return DEFAULT_SECONDS
        return self.seconds

    def describe(self) -> str:
        """A short text for people, e.g. ``1 s per decision, counter rollouts, exact after the talon, seed 0``."""
        parts = []
        if self.time_limit is not None:
            parts.append(f"{self.time_limit:g} s")
        if self.worlds is not None:
            parts.append(f"{self.worlds} world{'s' if self.worlds != 1 else ''}")
        seed = "" if self.seed is None else f", seed {self.seed}"
        return f"{' or '.join(parts)} per decision, counter rollouts, exact after the talon{seed}"


HINT_BUDGET = Budget(seconds=0.5)
"""The budget of :func:`hint`: half a CPU second."""


@dataclass(frozen=True)
class ActionValue:
    """What one legal action is worth, from the acting player's side."""

    action: Action
    value: float
    """Expected game points for the deal (mean over the worlds; positive: the player wins)."""
    win_chance: float
    """Share of the worlds in which the action wins the deal (0 to 1; an even value counts half)."""
    samples: int
    """Worlds behind these figures."""

    def to_json(self) -> dict[str, object]:
        return {"action": str(self.action), "value": self.value, "win_chance": self.win_chance, "samples": self.samples}


@dataclass(frozen=True)
class Analysis:
    """Every legal action of one decision, best first."""

    seat: int
    actions: tuple[ActionValue, ...]
    """One entry per legal action, best first (see the module docstring for ties)."""
    worlds: int
    """Worlds sampled (the same for every action)."""
    exact: bool
    """The values are exact: a single world was possible and it was searched to the end of the deal."""
    seconds: float
    """CPU seconds the analysis took (of its thread, like the budget)."""

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
        return max(0.0, self.best_value - self[action].value)

    def classify(self, action: int) -> Classification | None:
        return classify(self.loss(action))

    def to_json(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "best": str(self.best),
            "worlds": self.worlds,
            "exact": self.exact,
            "seconds": self.seconds,
            "actions": [entry.to_json() for entry in self.actions],
        }


# -- analysing one decision ---------------------------------------------------------


class _Analyzer(ExpertPlayer):
    """The expert's sampling (with its inference) and search, keeping each world's values."""

    name = "analysis"

    def __init__(self, budget: Budget) -> None:
        super().__init__(
            seed=budget.seed if budget.seed is not None else random.getrandbits(64),
            samples=budget.worlds or 1,
            depth=budget.depth,
            exact_talon=budget.exact_talon,
            time_limit=budget.time_limit,
        )
        self.budget = budget

    def world_values(self, view: PlayerView) -> tuple[list[dict[Action, float]], bool]:
        """Per sampled world, the value of every legal action for ``view.seat``; and whether exact."""
        if self.solver is None or self.solver.rules != view.rules:
            self.solver = Solver(view.rules, evaluate=heuristic_value)
            self._rollouts = Rollouts(view.rules, self._seed)
        solver = self.solver
        # As the players do: while the talon is open each world is played on by the card
        # counter and solved exactly once the talon is gone; after that, searched exactly.
        roll = self._rollouts if self.rollouts and not view.phase2 else None
        depth = self.search_depth(view)
        forbidden = forbidden_cards(view)
        # Once the talon is exhausted every unseen card is in the opponent's hand: one world.
        single = view.unseen == 0 or view.talon_size == 0
        limit = self.budget.worlds
        deadline = cpu_deadline(self.time_limit)
        legal = list(view.legal)
        results: list[dict[Action, float]] = []
        while True:
            world = self.sample(view, forbidden)
            # Every legal action, false claims too; for the exchange window (X or pass) the seat
            # is not the one to act in the world.
            if roll is not None:
                results.append(roll.action_values(solver, world, legal, view.seat))
            else:
                results.append(solver.action_values(world, depth, legal, view.seat))
            if single or (limit is not None and len(results) >= limit):
                break
            if spent(deadline):
                break
        return results, single and depth is None


def analyze(view: PlayerView, budget: Budget | None = None) -> Analysis:
    """The value, win chance and sample count of every legal action of ``view`` (its seat must act)."""
    budget = budget or Budget()
    if not view.legal:
        raise ValueError(f"seat {view.seat} has no decision to make")
    started = cpu_seconds()
    per_world, exact = _Analyzer(budget).world_values(view)
    worlds = len(per_world)
    entries = []
    for action in view.legal:
        values = [world[action] for world in per_world]
        wins = sum(1.0 if v > 0 else 0.5 if v == 0 else 0.0 for v in values)
        entries.append(ActionValue(action, sum(values) / worlds, wins / worlds, worlds))
    entries.sort(key=lambda e: (-e.value, -e.win_chance, e.action != CLAIM, int(e.action)))
    return Analysis(view.seat, tuple(entries), worlds, exact, cpu_seconds() - started)


def hint(view: PlayerView, seed: int | None = 0) -> Analysis:
    """:func:`analyze` with :data:`HINT_BUDGET` (half a CPU second): on an idle machine an answer within a second."""
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
    def classification(self) -> Classification | None:
        return classify(self.loss)

    def describe(self) -> str:
        """One line for people: ``1:Kh ?! inaccuracy (-0.21): best 1:Ah +0.62 (wins 74%), played +0.41 (wins 66%)``."""
        played = self.analysis[self.action]
        token = f"{self.seat}:{self.action}"
        figures = f"{played.value:+.2f} (wins {played.win_chance:.0%})"
        label = self.classification
        best = self.analysis.actions[0]
        if self.best == self.action:
            return f"{token} best {figures}"
        if self.loss < 0.005:
            return f"{token} {figures}, as good as the best {self.seat}:{best.action}"
        head = f"{token} {label.symbol} {label.value}" if label else f"{token} ok"
        return (
            f"{head} (-{self.loss:.2f}): best {self.seat}:{best.action} {best.value:+.2f} "
            f"(wins {best.win_chance:.0%}), played {figures}"
        )

    def to_json(self) -> dict[str, object]:
        label = self.classification
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
            "classification": label.value if label else None,
            "analysis": self.analysis.to_json(),
        }


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
    goes on past it. ``progress`` is called with each annotation as it is made.
    """
    if isinstance(record, str):
        record = Record.parse(record)
    for _ in _decisions(record):  # check the whole record before analysing anything
        pass
    budget = budget or Budget()
    wanted = set(seats)
    annotations: list[Annotation] = []
    for decision in _decisions(record):
        if decision.seat not in wanted:
            continue
        view = PlayerView.of(decision.deal, decision.seat, decision.match.score, decision.match.carried)
        if len(view.legal) < 2:
            continue
        note = Annotation(decision.number, decision.position, decision.seat, decision.action, analyze(view, budget))
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

    @property
    def average_loss(self) -> float:
        return self.total_loss / self.decisions if self.decisions else 0.0

    def describe(self, name: str | None = None) -> str:
        who = f"seat {self.seat}" + (f" ({name})" if name else "")
        return (
            f"{who}: {self.decisions} decision{'s' if self.decisions != 1 else ''}, "
            f"{_count(self.inaccuracies, 'inaccuracy', 'inaccuracies')}, {_count(self.mistakes, 'mistake')}, "
            f"{_count(self.blunders, 'blunder')}, average loss {self.average_loss:.2f}"
        )


def _count(n: int, singular: str, plural: str | None = None) -> str:
    return f"{n} {singular if n == 1 else plural or singular + 's'}"


def summarize(annotations: Sequence[Annotation], seats: Iterable[int] = (1, 2)) -> dict[int, SeatSummary]:
    """Per seat: decisions analysed, inaccuracies, mistakes, blunders and the total loss."""
    summaries = {}
    for seat in seats:
        mine = [a for a in annotations if a.seat == seat]
        labels = [a.classification for a in mine]
        summaries[seat] = SeatSummary(
            seat,
            len(mine),
            labels.count(Classification.INACCURACY),
            labels.count(Classification.MISTAKE),
            labels.count(Classification.BLUNDER),
            sum(a.loss for a in mine),
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
) -> str:
    """The canonical text of ``record`` with the analysis as ``#`` comments; it replays like the record.

    After each line of actions comes one comment line per flagged decision on it
    (inaccuracy or worse; every analysed decision with ``all_decisions``); an implicit
    decision (``draw``, ``pass``) is written after the line of the action before it.
    With ``budget`` a comment after the headers says how the analysis was made; with
    ``summary`` comments at the end give the per-seat summary.
    """
    by_anchor: dict[tuple[int, int], list[Annotation]] = {}
    for note in annotations:
        if all_decisions or note.classification is not None:
            anchor = note.position - 1 if note.implicit else note.position
            by_anchor.setdefault((note.deal, anchor), []).append(note)
    lines = record.text().splitlines()
    headers = 0
    while headers < len(lines) and lines[headers].startswith("["):
        headers += 1
    out = lines[:headers]
    if budget is not None:
        thresholds = ", ".join(f"{c.symbol} {c.value} >= {t:g}" for c, t in _THRESHOLDS)
        out += ["", f"# sixtysix analysis: {budget.describe()}", f"# {thresholds} game points lost"]
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
            out.extend(f"# {note.describe()}" for note in by_anchor.get((deal, anchor), ()))
    if summary:
        out.append("")
        out.append(f"# analysis summary ({len(annotations)} decisions)")
        out.extend(f"# {line}" for line in format_summary(record, annotations, seats))
    return "\n".join(out) + "\n"


_THRESHOLDS = (
    (Classification.INACCURACY, INACCURACY),
    (Classification.MISTAKE, MISTAKE),
    (Classification.BLUNDER, BLUNDER),
)
