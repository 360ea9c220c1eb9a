"""Where a deal stands (:class:`Stage`) and how it ended (:class:`Termination`, :class:`Outcome`).

The same values for every table size; :mod:`sixtysix.core.game` re-exports them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Stage(enum.IntEnum):
    """Where a deal stands; says who acts and what kind of action is due."""

    LEAD = 0
    """The leader may exchange, close, claim, declare a marriage or lead."""
    MARRIAGE = 1
    """The leader declared a marriage: he must lead its king or queen (or claim)."""
    FOLLOW = 2
    """The follower must play a card to the led card."""
    BEFORE_DRAW = 3
    """A phase-1 trick was just won: the winner may claim, close before drawing, or draw."""
    OVER = 4


class Termination(enum.Enum):
    """Why a deal ended (the ``termination`` field of ``sixtysix replay --json``)."""

    CLAIM = "claim"
    FALSE_CLAIM = "false_claim"
    PLAYED_OUT = "played_out"
    CLOSER_FAILED = "closer_failed"
    TIE = "tie"
    TEN_OF_TRUMPS = "ten_of_trumps"
    """Four-handed, option ``ten_of_trumps_bonus``: a side one point short won the ten of trumps."""
    FORFEIT = "forfeit"
    """Not a rule of 66: a seat could not go on (a failing bot) and lost the deal (:mod:`sixtysix.core.forfeit`)."""


@dataclass(frozen=True)
class Outcome:
    """The result of a finished deal."""

    termination: Termination
    winner: int | None
    """Seat 1 or 2, or ``None`` for a tie (three-handed: seat 1-3; four-handed: side 1 or 2)."""
    game_points: int
    """Game points this deal gives its winner (0 for a tie; carried ties not included)."""
    points: tuple[int, ...]
    """Card points of seats 1 and 2 as they count at the end (the real totals); of seats 1-3
    in the three-handed game (the dealer's 0), of sides 1 and 2 in the four-handed game."""
    tricks: tuple[int, ...]
    claimant: int | None = None
    reason: str = ""
    """A sentence that explains the result, for people."""
    bonus: tuple[int, ...] = ()
    """Game points besides the winner's, by side (the four-handed ten of trumps), else empty."""
