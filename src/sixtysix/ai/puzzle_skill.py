"""A player's puzzle skill: a rating (Elo with a Glicko-like shrinking step), streaks, puzzles seen.

The terminal trainer keeps one in a file (``sixtysix puzzles``), the web app one per browser in
its database. Only a puzzle's first attempt moves the rating (a puzzle seen before is practice);
the streak counts puzzles solved in a row, the daily streak days in a row whose daily puzzle was
solved.

>>> skill = PuzzleSkill()
>>> change = skill.record(7, puzzle_rating=1300, solved=True)
>>> change > 0, skill.streak, skill.solved
(True, 1, 1)
>>> skill.record(7, puzzle_rating=1300, solved=False)  # a second attempt: practice
0.0
>>> skill.streak
0
>>> PuzzleSkill.from_json(skill.to_json()) == skill
True
"""

from __future__ import annotations

import datetime
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field

from sixtysix.ai.puzzles import Puzzle

START_RATING = 1200.0
START_DEVIATION = 350.0
MIN_DEVIATION = 60.0
DEVIATION_DECAY = 0.9
"""Each rated attempt multiplies the deviation by this (never below :data:`MIN_DEVIATION`)."""


def expected_score(rating: float, puzzle_rating: float) -> float:
    """The chance that a player of ``rating`` solves a puzzle of ``puzzle_rating`` (the Elo curve).

    >>> expected_score(1200, 1200)
    0.5
    >>> round(expected_score(1600, 1200), 2)
    0.91
    """
    return 1 / (1 + math.pow(10, (puzzle_rating - rating) / 400))


@dataclass
class PuzzleSkill:
    """What the trainer remembers of one player (JSON with :meth:`to_json` / :meth:`from_json`)."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    """How unsure the rating is: large at first, so that the first answers move it most."""
    attempts: int = 0
    solved: int = 0
    streak: int = 0
    best_streak: int = 0
    daily_streak: int = 0
    last_daily: str = ""
    """The ISO date of the last daily puzzle solved."""
    seen: list[int] = field(default_factory=list)
    """The ids of the puzzles attempted, in order."""

    def record(self, puzzle_id: int, puzzle_rating: int, solved: bool, daily: datetime.date | None = None) -> float:
        """Count one answer; return the rating change (0 for a puzzle attempted before)."""
        first = puzzle_id not in self.seen
        change = 0.0
        if first:
            self.seen.append(puzzle_id)
            self.attempts += 1
            self.solved += solved
            step = 16 + 48 * self.deviation / START_DEVIATION  # 64 at first, 24 when settled
            change = step * (float(solved) - expected_score(self.rating, puzzle_rating))
            self.rating += change
            self.deviation = max(MIN_DEVIATION, self.deviation * DEVIATION_DECAY)
        self.streak = self.streak + 1 if solved else 0
        self.best_streak = max(self.best_streak, self.streak)
        if daily is not None and solved:
            self._solved_daily(daily)
        return change

    def _solved_daily(self, day: datetime.date) -> None:
        if self.last_daily == day.isoformat():
            return
        yesterday = (day - datetime.timedelta(days=1)).isoformat()
        self.daily_streak = self.daily_streak + 1 if self.last_daily == yesterday else 1
        self.last_daily = day.isoformat()

    def to_json(self) -> dict[str, object]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> PuzzleSkill:
        """Read :meth:`to_json`'s object back; unknown keys are ignored, a wrong type raises ``ValueError``."""
        skill = cls()
        for name, default in asdict(skill).items():
            if name not in data:
                continue
            value = data[name]
            if isinstance(default, list):
                if not isinstance(value, list) or not all(isinstance(item, int) for item in value):
                    raise ValueError(f"puzzle skill: {name} must be a list of puzzle ids")
                setattr(skill, name, list(value))
            elif isinstance(default, str):
                setattr(skill, name, str(value))
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                setattr(skill, name, type(default)(value))
            else:
                raise ValueError(f"puzzle skill: {name} must be a number")
        return skill

    def summary(self) -> dict[str, object]:
        """What a front end shows: rating, solved/attempted, streaks (no list of ids)."""
        return {
            "rating": round(self.rating),
            "attempts": self.attempts,
            "solved": self.solved,
            "streak": self.streak,
            "best_streak": self.best_streak,
            "daily_streak": self.daily_streak,
            "last_daily": self.last_daily,
        }


def next_puzzle(skill: PuzzleSkill, puzzles: Sequence[Puzzle], rng: random.Random) -> Puzzle:
    """A puzzle not yet attempted, near the player's rating (any puzzle once all are seen).

    >>> from sixtysix.ai.puzzles import load_puzzles
    >>> puzzles = load_puzzles()
    >>> puzzle = next_puzzle(PuzzleSkill(), puzzles, random.Random(1))
    >>> abs(puzzle.rating - START_RATING) <= 400
    True
    """
    seen = set(skill.seen)
    fresh = [puzzle for puzzle in puzzles if puzzle.id not in seen] or list(puzzles)
    fresh.sort(key=lambda puzzle: (abs(puzzle.rating - skill.rating), puzzle.id))
    return rng.choice(fresh[:20])
