"""Puzzles: positions from play where exactly one action is best, proven by the exact solver.

A puzzle is a two-player position after the talon is exhausted (phase two, talon not closed),
where the player to act can tell every card by elimination, so the exact solver's values are
what the player could know. It is kept only when exactly one legal action attains the best
value and every other action loses at least one game point more (:func:`unique_solution`).
Closed-talon positions (the opponent's hand unknown) and phase-one positions are not made
into puzzles: their solution could not be checked exactly from the player's information.

The shipped puzzles (``puzzles.jsonl`` beside this module, made by ``python -m
bench.make_puzzles``: see docs/puzzles.md) are read by :func:`load_puzzles`; each is re-solved
by :func:`check_puzzle` (the tests re-solve every one).

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

from sixtysix.ai.solver import Solver
from sixtysix.core.actions import CLAIM, Action
from sixtysix.core.game import Deal
from sixtysix.core.rules import Rules

MARGIN = 1
"""Game points every other action must lose against the solution."""
PUZZLE_FILE = "puzzles.jsonl"
GRADES = ((1050, "easy"), (1350, "medium"), (100_000, "hard"))
"""The grade of a puzzle by its rating: below 1050 easy, below 1350 medium, else hard."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: a position (a deal's text up to the decision), the seat to act and its exact values.

    ``values`` are the game points the deal gives the seat to act after each legal action (token →
    points, both sides playing perfectly); ``line`` the solution's principal line (``seat:token``);
    ``plausible`` how many actions look about as good after one trick and ``looks_better`` how
    many look better than the solution then; ``depth`` the plies along the line until the result
    no longer depends on the solver's play; ``counter_finds`` whether the card counter (level 3)
    plays the solution; ``rating`` the puzzle's rating, from these (:mod:`sixtysix.ai.puzzle_maker`).
    """

    id: int
    position: str
    seat: int
    solution: Action
    values: Mapping[str, int]
    line: tuple[str, ...] = ()
    plausible: int = 1
    looks_better: int = 0
    depth: int = 1
    counter_finds: bool = True
    rating: int = 1200
    source: str = ""

    def deal(self) -> Deal:
        """The position (a fresh deal each call: the caller may play on it)."""
        return Deal.parse_text(self.position)

    @property
    def rules_name(self) -> str:
        """The rules preset the position is played under (its text's first word)."""
        return self.position.split(" ", 1)[0]

    @property
    def grade(self) -> str:
        """``easy``, ``medium`` or ``hard`` by :attr:`rating` (:data:`GRADES`)."""
        return next(name for limit, name in GRADES if self.rating < limit)

    @property
    def best_value(self) -> int:
        return self.values[self.solution.token]

    def to_json(self) -> dict[str, object]:
        """The puzzle as one line of the puzzle file (:meth:`from_json` reads it back)."""
        return {
            "id": self.id,
            "position": self.position,
            "seat": self.seat,
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
            values={str(k): int(v) for k, v in values.items()},
            line=tuple(str(token) for token in line),
            plausible=int(str(data.get("plausible", 1))),
            looks_better=int(str(data.get("looks_better", 0))),
            depth=int(str(data.get("depth", 1))),
            counter_finds=bool(data.get("counter_finds", True)),
            rating=int(str(data.get("rating", 1200))),
            source=str(data.get("source", "")),
        )


def is_puzzle_position(deal: Deal, seat: int | None = None) -> bool:
    """Whether ``deal`` is a position the player to act can solve exactly: talon exhausted, not closed.

    >>> deal = Deal.shuffled(seed=3)
    >>> is_puzzle_position(deal)
    False
    """
    seat = seat or deal.seat_to_ask
    return deal.outcome is None and deal.face_up < 0 and not deal.closed and seat == deal.to_act


def exact_values(deal: Deal, solver: Solver | None = None) -> dict[Action, int]:
    """The exact game points of each legal action for the seat to act (positive: good for it)."""
    solver = solver or solver_for(deal.rules)
    return {action: int(value) for action, value in solver.action_values(deal).items()}


def unique_solution(values: Mapping[Action, int], margin: int = MARGIN) -> Action | None:
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
        values = exact_values(deal, solver)
        best = max(values, key=lambda action: values[action])
        line.append((seat, best))
        steps.append(values)
        deal.apply(best, seat)
    return line, steps


def settled_depth(line: Sequence[tuple[int, Action]], steps: Sequence[Mapping[Action, int]], seat: int) -> int:
    """Plies along the principal line until ``seat``'s last decision where an action loses value, plus one.

    >>> ah, kh = Action.parse("Ah"), Action.parse("Kh")
    >>> settled_depth([(1, ah), (2, kh), (1, ah)], [{ah: 1, kh: 0}, {kh: 0}, {ah: 1, kh: 0}], 1)
    3
    """
    depth = 1
    for ply, ((actor, _), values) in enumerate(zip(line, steps, strict=True)):
        if actor == seat and len(set(values.values())) > 1:
            depth = ply + 1
    return depth


def check_puzzle(puzzle: Puzzle, solver: Solver | None = None) -> list[str]:
    """What is wrong with ``puzzle`` under an exact re-solve: an empty list for a sound one.

    It must be a position the player can solve exactly, the stored values must be the solver's,
    and the solution must be the one action that beats every other by :data:`MARGIN` or more.
    """
    deal = puzzle.deal()
    problems: list[str] = []
    if not is_puzzle_position(deal, puzzle.seat):
        return [f"puzzle {puzzle.id}: not a position with the talon exhausted and seat {puzzle.seat} to act"]
    values = exact_values(deal, solver)
    found = {action.token: value for action, value in values.items()}
    if found != dict(puzzle.values):
        problems.append(f"puzzle {puzzle.id}: values {found} differ from the stored {dict(puzzle.values)}")
    if unique_solution(values) != puzzle.solution:
        problems.append(f"puzzle {puzzle.id}: {puzzle.solution} is not the unique solution of {found}")
    return problems


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
