"""Puzzles: positions from play where exactly one action is best, proven by exact solves.

A puzzle is a two-player position where the seat to act has a choice and one action is best
whatever the cards it has not seen. Every world consistent with the player's view is listed
(:func:`~sixtysix.ai.sampling.consistent_worlds`: each hand the opponent may hold and, while the
talon is open, each order of the talon) and solved exactly (:func:`solve_worlds`). The position
is kept (:meth:`WorldValues.solution`) when one action is best in every world (an equal value in
some allowed), no claim, and every other action loses at least :data:`MARGIN` game point on
average over the worlds, each world weighing the same. There are three kinds:

* ``talon_gone``: the talon is exhausted; every card is known by elimination, one world;
* ``closed``: the talon is closed; the opponent's hand is hidden among the unseen cards;
* ``phase_one``: the talon is open; his hand and the order of the talon are hidden (kept
  only where there are at most :data:`MAX_WORLDS` worlds: a talon of two or four cards).

Each world's solve sees every card after the move (perfect information from then on): what
is proved is that the solution is the best move in every deal consistent with what the
player has seen, and that any other move loses at least a game point on average over them.

>>> puzzles = load_puzzles()
>>> len(puzzles) >= 500
True
>>> puzzle = puzzles[0]
>>> check_puzzle(puzzle)
[]
>>> puzzle.solution in puzzle.deal().legal_actions(puzzle.seat)
True
>>> daily_puzzle(datetime.date(2026, 12, 1), puzzles).id == daily_puzzle(datetime.date(2026, 12, 1), puzzles).id
True
"""

from __future__ import annotations

import datetime
import functools
import json
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from sixtysix.ai.analysis import Analysis, exhaustive_analysis, solve_all_worlds
from sixtysix.ai.sampling import world_count
from sixtysix.ai.solver import Solver
from sixtysix.core.actions import CLAIM, DRAW, Action
from sixtysix.core.cards import Card, CardMask
from sixtysix.core.game import Deal
from sixtysix.core.rules import Rules
from sixtysix.core.view import PlayerView

MARGIN = 1
"""Game points every other action must lose against the solution (on average over the worlds)."""
MAX_WORLDS = 1000
"""At most this many worlds consistent with the view: a position with more is not made into a puzzle
(with the talon open that is a talon of two or four cards, fewer cards unknown where some were shown)."""
TALON_GONE, CLOSED, PHASE_ONE = "talon_gone", "closed", "phase_one"
KINDS = (TALON_GONE, CLOSED, PHASE_ONE)
"""The kinds of puzzle: after the talon is exhausted, after it was closed, while it is open."""
DECIMALS = 3
"""The stored mean values are rounded to this many decimals (the check re-solves them exactly)."""
PUZZLE_FILE = "puzzles.jsonl"
GRADES = ((1050, "easy"), (1350, "medium"), (100_000, "hard"))
"""The grade of a puzzle by its rating: below 1050 easy, below 1350 medium, else hard."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: a position (a deal's text up to the decision), the seat to act and its exact values.

    ``kind`` is :data:`TALON_GONE`, :data:`CLOSED` or :data:`PHASE_ONE` and ``worlds`` how many
    worlds are consistent with the player's view (1 once the talon is gone); ``values`` are the
    game points the deal gives the seat to act after each legal action (token → points, both sides
    playing perfectly), their mean over the worlds (rounded to :data:`DECIMALS` places); ``line``
    the solution's principal line in the deal as it was dealt (``seat:token``); ``plausible`` how
    many actions look about as good after one trick and ``looks_better`` how many look better than
    the solution then; ``depth`` the plies along the line until the result no longer depends on
    the solver's play; ``counter_finds`` whether the card counter (level 3) plays the solution;
    ``rating`` the puzzle's rating, from these (:mod:`sixtysix.ai.puzzle_maker`).
    """

    id: int
    position: str
    seat: int
    solution: Action
    values: Mapping[str, float]
    line: tuple[str, ...] = ()
    plausible: int = 1
    looks_better: int = 0
    depth: int = 1
    counter_finds: bool = True
    rating: int = 1200
    source: str = ""
    kind: str = TALON_GONE
    worlds: int = 1

    def deal(self) -> Deal:
        """The position (a fresh deal each call: the caller may play on it)."""
        return Deal.parse_text(self.position)

    def view(self) -> PlayerView:
        """What the player to act sees."""
        return self.deal().view(self.seat)

    @property
    def rules_name(self) -> str:
        """The rules preset the position is played under (its text's first word)."""
        return self.position.split(" ", 1)[0]

    @property
    def grade(self) -> str:
        """``easy``, ``medium`` or ``hard`` by :attr:`rating` (:data:`GRADES`)."""
        return next(name for limit, name in GRADES if self.rating < limit)

    @property
    def best_value(self) -> float:
        return self.values[self.solution.token]

    @property
    def hidden(self) -> bool:
        """Whether the player does not know every card (more than one world)."""
        return self.worlds > 1

    def to_json(self) -> dict[str, object]:
        """The puzzle as one line of the puzzle file (:meth:`from_json` reads it back)."""
        return {
            "id": self.id,
            "kind": self.kind,
            "position": self.position,
            "seat": self.seat,
            "worlds": self.worlds,
            "solution": self.solution.token,
            "values": dict(self.values),
            "line": list(self.line),
            "plausible": self.plausible,
            "looks_better": self.looks_better,
            "depth": self.depth,
            "counter_finds": self.counter_finds,
            "rating": self.rating,
            "grade": self.grade,
            "source": self.source,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Puzzle:
        values = data["values"]
        line = data.get("line", [])
        assert isinstance(values, dict) and isinstance(line, list)
        return cls(
            id=int(str(data["id"])),
            position=str(data["position"]),
            seat=int(str(data["seat"])),
            solution=Action.parse(str(data["solution"])),
            values={str(k): stored_number(float(v)) for k, v in values.items()},
            line=tuple(str(token) for token in line),
            plausible=int(str(data.get("plausible", 1))),
            looks_better=int(str(data.get("looks_better", 0))),
            depth=int(str(data.get("depth", 1))),
            counter_finds=bool(data.get("counter_finds", True)),
            rating=int(str(data.get("rating", 1200))),
            source=str(data.get("source", "")),
            kind=str(data.get("kind", TALON_GONE)),
            worlds=int(str(data.get("worlds", 1))),
        )


def stored_number(value: float) -> float:
    """A value as the puzzle file keeps it: a whole number as an ``int``, else rounded to :data:`DECIMALS` places.

    >>> stored_number(2.0), stored_number(-0.33333)
    (2, -0.333)
    """
    rounded = round(value, DECIMALS)
    return int(rounded) if rounded == int(rounded) else rounded


def puzzle_kind(deal: Deal, seat: int | None = None) -> str | None:
    """The kind of puzzle ``deal`` would make for ``seat`` (:data:`KINDS`), or ``None`` when it is not to act.

    >>> puzzle_kind(Deal.shuffled(seed=3))
    'phase_one'
    """
    seat = seat or deal.seat_to_ask
    if deal.outcome is None and seat == deal.to_act == deal.seat_to_ask:
        return CLOSED if deal.closed else TALON_GONE if deal.face_up < 0 else PHASE_ONE
    return None


def is_puzzle_position(deal: Deal, seat: int | None = None) -> bool:
    """Whether ``deal`` is a position whose every world ``seat`` (to act) can be solved: at most :data:`MAX_WORLDS`.

    >>> deal = Deal.shuffled(seed=3)
    >>> is_puzzle_position(deal)  # the first lead: millions of worlds
    False
    """
    seat = seat or deal.seat_to_ask
    return seat is not None and puzzle_kind(deal, seat) is not None and world_count(deal.view(seat)) <= MAX_WORLDS


def exact_values(deal: Deal, solver: Solver | None = None, seat: int | None = None) -> dict[Action, int]:
    """The exact game points of each legal action of ``seat`` (default: the seat asked, which is not the one to
    act in an exchange window) for it (positive: good for it), every card known."""
    solver = solver or solver_for(deal.rules)
    seat = seat or deal.seat_to_ask
    values = solver.action_values(deal, None, deal.legal_actions(seat), seat)
    return {action: int(value) for action, value in values.items()}


World = tuple[CardMask, tuple[Card, ...]]
"""A world as the opponent's hand and the face-down stock, top first."""


@dataclass(frozen=True)
class WorldValues:
    """Every world consistent with one view, and the exact value of each legal action in each of them."""

    view: PlayerView
    actions: tuple[Action, ...]
    worlds: tuple[World, ...]
    values: tuple[tuple[int, ...], ...]
    """One row per world: the game points of each of :attr:`actions` for the view's seat."""

    @property
    def count(self) -> int:
        return len(self.worlds)

    def means(self) -> dict[Action, float]:
        """The mean value of each action over the worlds, each world weighing the same."""
        return {action: sum(row[i] for row in self.values) / self.count for i, action in enumerate(self.actions)}

    def dominates(self, action: Action) -> bool:
        """Whether ``action`` is at least as good as every other action in every world."""
        column = self.actions.index(action)
        return all(row[column] == max(row) for row in self.values)

    def solution(self, margin: int = MARGIN) -> Action | None:
        """The puzzle's solution: best in every world, and every other action :data:`MARGIN` game point worse on
        average (:func:`unique_solution` of the means); ``None`` when there is none."""
        best = unique_solution(self.means(), margin)
        return best if best is not None and self.dominates(best) else None

    def stored_values(self) -> dict[str, float]:
        """The means as the puzzle file keeps them (:func:`stored_number`)."""
        return {action.token: stored_number(value) for action, value in self.means().items()}


def solve_worlds(view: PlayerView, solver: Solver | None = None) -> WorldValues:
    """Every world consistent with ``view`` (its seat to act), each solved exactly for every legal action.

    The native core solves them all in one call when it is built (:meth:`Solver.worlds_action_values`).
    """
    worlds, values = solve_all_worlds(view, solver or solver_for(view.rules))
    return WorldValues(view, tuple(view.legal), tuple(worlds), tuple(tuple(row) for row in values))


def unique_solution(values: Mapping[Action, float], margin: float = MARGIN) -> Action | None:
    """The one action whose value beats every other by ``margin`` game points, or ``None``.

    A claim is never a solution (claiming 66 is no puzzle), and there must be a choice between
    at least two other actions (a lone card against a wrong claim is none).

    >>> unique_solution({Action.parse("Ah"): 2, Action.parse("9h"): 1})
    Action.parse('Ah')
    >>> unique_solution({Action.parse("Ah"): 2, Action.parse("9h"): 2}) is None
    True
    >>> unique_solution({Action.parse("Ah"): -1, Action.parse("66"): -2}) is None
    True
    """
    if sum(action != CLAIM for action in values) < 2:
        return None
    ranked = sorted(values.items(), key=lambda item: -item[1])
    (best, top), (_, second) = ranked[0], ranked[1]
    if top - second < margin or best == CLAIM:
        return None
    return best


def principal_line(deal: Deal, solver: Solver) -> tuple[list[tuple[int, Action]], list[dict[Action, int]]]:
    """The line of perfect play from ``deal`` to the end (ties: the first legal action) and each step's values."""
    deal = deal.copy()
    line: list[tuple[int, Action]] = []
    steps: list[dict[Action, int]] = []
    while deal.outcome is None:
        seat = deal.seat_to_ask
        assert seat is not None
        values = exact_values(deal, solver, seat)
        best = max(values, key=lambda action: values[action])
        line.append((seat, best))
        steps.append(values)
        deal.apply(best, seat)
    return line, steps


def settled_depth(line: Sequence[tuple[int, Action]], steps: Sequence[Mapping[Action, int]], seat: int) -> int:
    """Plies along the principal line until ``seat``'s last decision where an action loses value, plus one
    (drawing from the talon is no ply here: it is a step of the trick before, not a choice of a card).

    >>> ah, kh, draw = Action.parse("Ah"), Action.parse("Kh"), Action.parse("draw")
    >>> settled_depth([(1, ah), (2, kh), (1, ah)], [{ah: 1, kh: 0}, {kh: 0}, {ah: 1, kh: 0}], 1)
    3
    >>> settled_depth([(1, ah), (2, kh), (2, draw), (1, ah)], [{ah: 1}, {kh: 0}, {draw: 0}, {ah: 1, kh: 0}], 1)
    3
    """
    depth = plies = 0
    for (actor, action), values in zip(line, steps, strict=True):
        plies += action != DRAW
        if actor == seat and len(set(values.values())) > 1:
            depth = plies
    return max(1, depth)


def check_puzzle(puzzle: Puzzle, solver: Solver | None = None) -> list[str]:
    """What is wrong with ``puzzle`` under an exact re-solve of every world: an empty list for a sound one.

    It must be a position of its kind with the seat to act and at most :data:`MAX_WORLDS` worlds,
    the stored count of worlds and mean values must be the re-solve's, and the solution must be
    the one of :meth:`WorldValues.solution`.
    """
    deal = puzzle.deal()
    kind = puzzle_kind(deal, puzzle.seat)
    if kind != puzzle.kind:
        return [f"puzzle {puzzle.id}: not a {puzzle.kind} position with seat {puzzle.seat} to act ({kind})"]
    view = deal.view(puzzle.seat)
    count = world_count(view)
    if count > MAX_WORLDS:
        return [f"puzzle {puzzle.id}: {count} worlds, more than {MAX_WORLDS}"]
    solved = solve_worlds(view, solver)
    problems: list[str] = []
    if solved.count != puzzle.worlds:
        problems.append(f"puzzle {puzzle.id}: {solved.count} worlds, not the stored {puzzle.worlds}")
    found = solved.stored_values()
    if found != dict(puzzle.values):
        problems.append(f"puzzle {puzzle.id}: values {found} differ from the stored {dict(puzzle.values)}")
    if solved.solution() != puzzle.solution:
        problems.append(f"puzzle {puzzle.id}: {puzzle.solution} is not the solution in every world of {found}")
    return problems


def world_analysis(solved: WorldValues, seed: int = 0) -> Analysis:
    """The analysis of the decision from every world at once (what the explanations read):
    :func:`~sixtysix.ai.analysis.exhaustive_analysis` of the solved worlds."""
    return exhaustive_analysis(solved.view, solved.worlds, solved.values, 0.0, seed)


@functools.cache
def solver_for(rules: Rules) -> Solver:
    """One exact solver per rules (its tables speed up later searches, never change a value)."""
    return Solver(rules)


def read_puzzles(lines: Iterable[str]) -> list[Puzzle]:
    """Puzzles from the lines of a puzzle file (``#`` lines are its header)."""
    return [Puzzle.from_json(json.loads(line)) for line in lines if line.strip() and not line.startswith("#")]


def write_puzzles(puzzles: Iterable[Puzzle], header: Iterable[str] = ()) -> str:
    """The text of a puzzle file: ``#`` header lines, then one puzzle per line."""
    lines = [f"# {line}" for line in header]
    lines += [json.dumps(puzzle.to_json(), separators=(",", ":")) for puzzle in puzzles]
    return "\n".join(lines) + "\n"


@functools.cache
def _shipped() -> tuple[Puzzle, ...]:
    text = resources.files("sixtysix.ai").joinpath(PUZZLE_FILE).read_text(encoding="utf-8")
    return tuple(read_puzzles(text.splitlines()))


def load_puzzles(path: Path | None = None) -> list[Puzzle]:
    """The puzzles shipped with the package, or those of the file at ``path``."""
    if path is None:
        return list(_shipped())
    return read_puzzles(path.read_text(encoding="utf-8").splitlines())


def puzzle_by_id(puzzle_id: int, puzzles: Sequence[Puzzle] | None = None) -> Puzzle:
    """The puzzle numbered ``puzzle_id``; raise ``KeyError`` naming the range if there is none."""
    puzzles = load_puzzles() if puzzles is None else puzzles
    for puzzle in puzzles:
        if puzzle.id == puzzle_id:
            return puzzle
    raise KeyError(f"no puzzle {puzzle_id} (puzzles are numbered 1-{len(puzzles)})")


EPOCH = datetime.date(2026, 1, 1)


def daily_puzzle(day: datetime.date, puzzles: Sequence[Puzzle] | None = None) -> Puzzle:
    """The puzzle of ``day``: the same for everyone, every puzzle once before any repeats."""
    puzzles = load_puzzles() if puzzles is None else puzzles
    days = (day - EPOCH).days
    cycle, index = divmod(days, len(puzzles))
    order = list(range(len(puzzles)))
    random.Random(f"daily:{cycle}").shuffle(order)
    return puzzles[order[index]]
