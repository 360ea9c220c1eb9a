"""Forfeits: a seat that cannot go on (a bot that crashed, answered nonsense or ran out of time) loses the deal.

66 itself has no forfeit; the bot protocol's host and the tournaments need one, and a
record must replay it, so the core owns it once: :func:`forfeit_deal` ends a deal of
any table size at once, won with :data:`FORFEIT_POINTS` game points by the failing
seat's opponent (three-handed: the other active seat; four-handed: the other side). The
outcome's termination is :attr:`~sixtysix.core.outcome.Termination.FORFEIT` and its
reason ``forfeit: seat S WHY`` names the table seat; 66R records carry it in a
``[Forfeit "deal N: forfeit: seat S WHY"]`` header (:func:`forfeit_header`,
:func:`parse_forfeit_header`).

A seat may also forfeit the whole match (:func:`forfeit_match`: a person who left a match
between people for good): the match ends at once with the deals really played, won by the
other seat (or side). The 66R format has no word for it: a record keeps those deals, and
whoever ends a match so keeps the forfeit beside it (the web app's database; docs/web.md).

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

from sixtysix.core.errors import DealError, MatchError
from sixtysix.core.facts import side_of
from sixtysix.core.game import Deal
from sixtysix.core.match import AnyMatch, ThreeHandedMatch
from sixtysix.core.outcome import Outcome, Reason, Stage, Termination
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
            (Reason.FORFEIT,),
            FORFEIT_POINTS,
        )
        deal.stage = Stage.OVER
    else:
        assert isinstance(deal, Deal)  # why: the three table kinds are all there are
        _forfeit_two_player(deal, seat, forfeit_reason(seat, why))


def _forfeit_two_player(deal: Deal, seat: int, reason: str) -> None:
    scores, tricks = deal.scores(), deal.trick_counts()
    deal.outcome = Outcome(
        Termination.FORFEIT,
        3 - seat,
        FORFEIT_POINTS,
        scores,
        tricks,
        None,
        reason,
        (),
        (Reason.FORFEIT,),
        FORFEIT_POINTS,
    )
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


def forfeit_match(match: AnyMatch, seat: int, claimant: int) -> None:
    """End ``match`` at once: table ``seat`` forfeits it, as ``claimant`` (another seat at the table) asked.

    The deals played stay as they are, with their game points; no deal is added. The winner
    (:attr:`~sixtysix.core.match.Match.winner`) is ``seat``'s opponent, the other side in the
    four-handed game; three-handed, the other seat with more game points, ``claimant`` when
    the two are level (and in a play-off for the loser, ``seat`` is the loser). The match
    is then over and :attr:`~sixtysix.core.match.Match.forfeited_by` is ``seat``.

    >>> from sixtysix.core.match import Match
    >>> match = Match()
    >>> deal = match.new_deal(seed=4)
    >>> forfeit_deal(deal, 1, "timeout: the move clock ran out")
    >>> match.settle()
    >>> forfeit_match(match, 1, claimant=2)
    >>> match.is_over, match.winner, match.forfeited_by, match.score, len(match.deals)
    (True, 2, 1, (0, 3), 1)

    Raises :class:`~sixtysix.core.errors.MatchError` if the match is over, a deal is still
    being played, or ``seat`` or ``claimant`` is not another seat of the table.
    """
    if match.is_over:
        raise MatchError(f"the match is over: {match.result_text()}")
    deal = match.current
    if deal is not None and not deal.is_over:
        raise MatchError("a deal is being played: it ends first (forfeit_deal)")
    if seat not in match.seats or claimant not in match.seats or claimant == seat:
        raise MatchError(f"seat {claimant!r} cannot claim the match from seat {seat!r}")
    match.settle()
    match.forfeited_by = seat
    if isinstance(match, ThreeHandedMatch):
        if match.winner is None:
            others = [s for s in match.seats if s != seat]
            score = match.score
            match.winner = max(others, key=lambda s: (score[s - 1], s == claimant))
        if match.rules.three_player_play_for_loser:
            match.loser = seat
    elif match.scorer == "side":
        match.winner = 3 - side_of(seat)
    else:
        match.winner = 3 - seat
