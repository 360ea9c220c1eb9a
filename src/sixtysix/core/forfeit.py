"""Forfeits: a seat that cannot go on (a bot that crashed, answered nonsense or ran out of time) loses the deal.

66 itself has no forfeit; the bot protocol's host and the tournaments need one, and a
record must replay it, so the core owns it once: :func:`forfeit_deal` ends a deal of
any table size at once, won with :data:`FORFEIT_POINTS` game points by the failing
seat's opponent (three-handed: the other active seat; four-handed: the other side). The
outcome's termination is :attr:`~sixtysix.core.outcome.Termination.FORFEIT` and its
reason ``forfeit: seat S WHY`` names the table seat; 66R records carry it in a
``[Forfeit "deal N: forfeit: seat S WHY"]`` header (:func:`forfeit_header`,
:func:`parse_forfeit_header`).

>>> from sixtysix.core.game import Deal
>>> deal = Deal.shuffled(seed=4)
>>> forfeit_deal(deal, 1, "crash: the bot exited (status 1)")
>>> deal.is_over, deal.outcome.winner, deal.outcome.game_points, deal.outcome.termination.value
(True, 2, 3, 'forfeit')
>>> deal.outcome.reason
'forfeit: seat 1 crash: the bot exited (status 1)'
>>> forfeit_header(1, deal.outcome.reason)
'deal 1: forfeit: seat 1 crash: the bot exited (status 1)'
>>> parse_forfeit_header("deal 3: forfeit: seat 2 timeout: no bestmove within 1.5 s")
(3, 2, 'timeout: no bestmove within 1.5 s')
"""

from __future__ import annotations

import re

from sixtysix.core.errors import DealError
from sixtysix.core.game import Deal
from sixtysix.core.outcome import Outcome, Stage, Termination
from sixtysix.core.partnership import FourHandedDeal
from sixtysix.core.table import Table
from sixtysix.core.threehanded import ThreeHandedDeal

FORFEIT_POINTS = 3
"""Game points the opponent of a forfeiting seat (four-handed: the other side) wins: the most a deal gives."""

_HEADER = re.compile(r"^\s*(?:deal\s+(\d+)\s*:\s*)?forfeit:\s*seat\s+(\d+)\s*(.*?)\s*$")


def forfeit_reason(seat: int, why: str) -> str:
    """The reason of a deal forfeited by table ``seat``: ``forfeit: seat 2 crash: …``."""
    return f"forfeit: seat {seat} {why}".rstrip()


def forfeit_deal(deal: Table, seat: int, why: str) -> None:
    """End ``deal`` at once: table ``seat`` forfeits it (``why`` says what happened, for people).

    The failing seat's opponent (three-handed: the other active seat; four-handed: the
    other side) wins it with :data:`FORFEIT_POINTS`; the cards won so far stay as they
    are. Raises :class:`~sixtysix.core.errors.DealError` if the deal is over or ``seat``
    does not play it.
    """
    if deal.is_over:
        raise DealError("the deal is over: nobody can forfeit it")
    if seat not in deal.active:
        raise DealError(f"seat {seat} does not play this deal")
    if isinstance(deal, ThreeHandedDeal):  # why: its state (its outcome too) is its inner deal's, in inner seats
        inner = deal.inner_seat(seat)
        _forfeit_two_player(deal.inner, inner, forfeit_reason(inner, why))
    elif isinstance(deal, FourHandedDeal):  # why: the outcome of a four-handed deal is by side
        deal.outcome = Outcome(
            Termination.FORFEIT,
            3 - deal.scorer_of(seat),
            FORFEIT_POINTS,
            deal.scores(),
            deal.trick_counts(),
            None,
            forfeit_reason(seat, why),
            (0, 0),
        )
        deal.stage = Stage.OVER
    else:
        assert isinstance(deal, Deal)  # why: the three table kinds are all there are
        _forfeit_two_player(deal, seat, forfeit_reason(seat, why))


def _forfeit_two_player(deal: Deal, seat: int, reason: str) -> None:
    scores, tricks = deal.scores(), deal.trick_counts()
    deal.outcome = Outcome(Termination.FORFEIT, 3 - seat, FORFEIT_POINTS, scores, tricks, None, reason)
    deal.stage = Stage.OVER
    deal.window = 0


def forfeit_header(deal_number: int, reason: str) -> str:
    """The value of a record's ``Forfeit`` header for deal ``deal_number`` (1 = first) forfeited with ``reason``."""
    return f"deal {deal_number}: {reason}"


def parse_forfeit_header(value: str) -> tuple[int, int, str]:
    """(deal number, table seat, why) of a ``Forfeit`` header; without ``deal N:`` it is deal 1.

    Raises :class:`ValueError` if it does not read ``[deal N: ]forfeit: seat S WHY``.
    """
    found = _HEADER.match(value)
    if found is None:
        raise ValueError(f"a Forfeit header reads 'deal N: forfeit: seat S WHY', not {value!r}")
    deal_text, seat_text, why = found.groups()
    return int(deal_text or 1), int(seat_text), why
