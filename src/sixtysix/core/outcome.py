"""Where a deal stands (:class:`Stage`) and how it ended (:class:`Termination`, :class:`Outcome`),
and why it scored what it scored (:class:`Reason`, :class:`Scoring`).

The same values for every table size; :mod:`sixtysix.core.game` re-exports them. The scorers
(:func:`sixtysix.core.game.score_deal`, :func:`sixtysix.core.partnership.score_partnership_deal`)
return one :class:`Scoring`; its reason codes are the one decision every explanation of a deal's
score puts into words (the terminal, the web page, the records' words): none decides again.

>>> from sixtysix.core.rules import Rules
>>> from sixtysix.core.game import score_deal
>>> scoring = score_deal(Rules.preset("seed66"), [0, 70, 20], [0, 4, 1], closer=0, close_score=0, close_tricks=0,
...                      claimant=1)
>>> scoring.winner, scoring.game_points, [reason.value for reason in scoring.reasons]
(1, 2, ['claim', 'schneider'])
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


class Reason(enum.Enum):
    """Why a deal scored what it scored: the codes of a :class:`Scoring`, first how the deal was
    decided (one of them), then what set the game points (rules.md §2.11, §4, R-4P-7).

    Words for them live above the core (``outcome.reason.*`` in :mod:`sixtysix.present.voice`)."""

    CLAIM = "claim"
    """A correct claim, no talon closed (R-CLAIM-1)."""
    CLOSER_CLAIM = "closer_claim"
    """The closer claimed correctly (R-CLOSE-3)."""
    CLOSER_PLAYED_OUT = "closer_played_out"
    """The closer reached the target by the last trick, which counts as a claim."""
    BEATEN_CLOSER = "beaten_closer"
    """The closer's opponent claimed first (R-CLOSE-5)."""
    FALSE_CLAIM = "false_claim"
    """A claim short of the target: the opponent scores (R-CLAIM-2)."""
    FALSE_CLAIM_FAILED_CLOSE = "false_claim_failed_close"
    """The closer's false claim counts as a failed close (``closer_false_claim=failed_close``)."""
    FAILED_CLOSE = "failed_close"
    """The closer did not reach the target (R-CLOSE-4)."""
    NEVER_CLAIMED = "never_claimed"
    """``strict_claims``: the closer reached the target but never claimed: a failed close (R-SCORE-4)."""
    LAST_TRICK = "last_trick"
    """``last_trick_rule=wins_deal_one_point``: the last trick's winner wins the deal (a simple win)."""
    LAST_TRICK_TARGET = "last_trick_target"
    """``auto_claim``: the last trick brought its winner to the target, scaled as any automatic end (TC-V3)."""
    PLAYED_OUT = "played_out"
    """All cards played: the higher total wins (the four-handed game: always)."""
    TIE = "tie"
    """Equal totals: nobody scores now."""
    TEN_OF_TRUMPS = "ten_of_trumps"
    """Four-handed ``ten_of_trumps_bonus``: the ten of trumps won one point short of the match."""
    FORFEIT = "forfeit"
    """Not a rule of 66: a seat could not go on (:mod:`sixtysix.core.forfeit`)."""
    SIMPLE = "simple"
    """The loser made the Schneider line or more: the scale's first step."""
    SCHNEIDER = "schneider"
    """The loser made fewer card points than the Schneider line, but a trick."""
    SCHWARZ = "schwarz"
    """The loser took no trick (four-handed: the winners took every trick)."""
    HUNDRED = "hundred"
    """Four-handed ``four_player_scale=hundred``: the winners made 100 or more."""
    AT_CLOSE = "at_close"
    """The closer's win is scaled by the opponent's points and tricks when the talon was closed."""
    FLAT = "flat"
    """A penalty the rules set whatever the tricks (``flat_two``)."""
    NO_TRICK_AT_CLOSE = "no_trick_at_close"
    """The most a closer pays: his opponent had no trick when the talon was closed."""
    NO_TRICK = "no_trick"
    """A false claim's most: the claimant's opponent has no trick (``false_claim_points=two_or_three``)."""
    ALWAYS_THREE = "always_three"
    """``failed_close_points=always_three``: a failed close always costs the scale's top."""
    HOYLE = "hoyle"
    """``failed_close_points=hoyle1895``: the closer made the Schneider line, so his failure costs the least."""
    DOUBLED = "doubled"
    """``closed_deal_double``: a deal with a closed talon counts double."""


WIN_SCALE_REASONS = {1: Reason.SIMPLE, 2: Reason.SCHNEIDER, 3: Reason.SCHWARZ}
"""The reason of each step of the game-point scale (by the step's index, 1 to 3)."""


@dataclass(frozen=True)
class Scoring:
    """What a scorer decided: the termination, the winner (``None``: a tie), the game points (after
    any doubling; ``base_points`` before it), the reason codes and the engine's English sentence."""

    termination: Termination
    winner: int | None
    game_points: int
    reasons: tuple[Reason, ...]
    reason: str = ""
    base_points: int = 0
    bonus: tuple[int, ...] = ()
    """Four-handed: the ten of trumps' bonus game points of sides 1 and 2, else empty."""

    @property
    def codes(self) -> list[str]:
        """The reason codes as strings (what a web state carries)."""
        return [reason.value for reason in self.reasons]


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
    reasons: tuple[Reason, ...] = ()
    """Why it scored what it scored: the scorer's :class:`Scoring` codes (every explanation words them)."""
    base_points: int = 0
    """The game points before any doubling (``closed_deal_double``): the step the reasons name."""
