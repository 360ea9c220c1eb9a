"""Playing deals between players that may fail: a failing bot forfeits the deal, the host goes on.

The API, for tournaments and anything else that pits bots against each other:

``run_deal(deal, players, match=None, stats=None) -> DealOutcome``
    Plays a deal of any table size to its end like
    :func:`sixtysix.players.table.play_table_deal` (the seat that may exchange out of
    turn is asked first). If a player raises :class:`BotFailure` (a
    :class:`~sixtysix.protocol.player.ProtocolPlayer` does when its bot answers an
    illegal or malformed action, runs out of time, writes garbage or crashes) or
    answers an action that is not legal, that seat **forfeits the deal**: the deal
    ends at once and its opponent (four-handed: the other side; three-handed: the
    other active seat) wins it with :data:`FORFEIT_POINTS` (3) game points, the most
    a deal gives. With a ``match`` the result is credited to it (carried tie points
    included), so the match goes on with its next deal; a protocol player restarts its
    bot for that deal. Any other exception is a bug of the host and propagates.
``run_match(match, players, seed=None, stats=None) -> list[DealOutcome]``
    Plays the match to its end with :func:`run_deal`, with the shuffles of
    :func:`sixtysix.players.table.play_table_match` (``random.Random(seed)``), so an
    in-process match and the same match over the protocol deal the same cards.
``DealOutcome``
    ``outcome`` (the deal's :class:`~sixtysix.core.outcome.Outcome`), ``forfeit``
    (a :class:`Forfeit` or ``None``), and ``winner``, ``game_points``,
    ``termination`` (``"forfeit"`` or the engine's termination value) and
    ``reason`` for convenience.

A forfeited deal ends where the bot failed (its history stops there), over:
``deal.outcome`` has the termination ``Termination.FORFEIT`` and a reason that starts
with ``forfeit:`` (:func:`sixtysix.core.forfeit.forfeit_deal`). Its 66R record holds
the actions up to the failure and a ``[Forfeit "deal N: forfeit: seat S …"]`` header,
and replays as a finished deal with its result. ``Forfeit.seat`` is always a table seat.

>>> from sixtysix import Deal
>>> from sixtysix.players import RandomPlayer
>>> class Crashing(RandomPlayer):
...     def choose(self, view):
...         raise BotFailure("crash", "the bot exited (status 1)")
>>> result = run_deal(Deal.shuffled(seed=4), {1: Crashing(), 2: RandomPlayer()})
>>> result.winner, result.game_points, result.termination, result.forfeit.seat
(2, 3, 'forfeit', 1)
>>> result.reason
'forfeit: seat 1 crash: the bot exited (status 1)'

In the four-handed game (protocol version 2) a failing seat forfeits the deal for its
**side**: ``DealOutcome.winner`` is then a side and ``forfeit.seat`` the table seat (1-4)
that failed (``run_partnership_deal`` and ``run_partnership_match`` are the same functions
under their former names).

>>> from sixtysix.core.partnership import FourHandedDeal
>>> from sixtysix.players import RandomPartnershipPlayer
>>> class Timid(RandomPartnershipPlayer):
...     def choose(self, view):
...         raise BotFailure("timeout", "no bestmove within 1.5 s")
>>> players = {1: RandomPartnershipPlayer(1), 2: RandomPartnershipPlayer(2), 3: Timid(3), 4: RandomPartnershipPlayer(4)}
>>> result = run_deal(FourHandedDeal.shuffled(seed=4, dealer=2), players)
>>> result.winner, result.game_points, result.forfeit.seat
(2, 3, 3)
>>> result.reason
'forfeit: seat 3 timeout: no bestmove within 1.5 s'
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from sixtysix.core.actions import Action
from sixtysix.core.forfeit import forfeit_deal
from sixtysix.core.outcome import Outcome
from sixtysix.core.table import Table
from sixtysix.players.player import DecisionStats, Player, SeatView
from sixtysix.players.table import MatchOf, TableOf, viewer

View = TypeVar("View", bound=SeatView)

FAILURE_KINDS = ("illegal", "malformed", "timeout", "garbage", "crash", "handshake", "disqualified")
"""Why a bot loses a deal (``BotFailure.kind``)."""


class BotFailure(Exception):
    """A player could not give a valid decision: it forfeits the deal.

    ``kind`` is one of :data:`FAILURE_KINDS`, ``detail`` says what happened.
    """

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


@dataclass(frozen=True)
class Forfeit:
    """Who forfeited a deal, and why."""

    seat: int
    kind: str
    detail: str

    @property
    def reason(self) -> str:
        return f"forfeit: seat {self.seat} {self.kind}: {self.detail}"


@dataclass(frozen=True)
class DealOutcome:
    """The result of :func:`run_deal`."""

    outcome: Outcome
    forfeit: Forfeit | None = None

    @property
    def winner(self) -> int | None:
        return self.outcome.winner

    @property
    def game_points(self) -> int:
        """Game points of the deal itself (a carried tie point is not included)."""
        return self.outcome.game_points

    @property
    def termination(self) -> str:
        return "forfeit" if self.forfeit else self.outcome.termination.value

    @property
    def reason(self) -> str:
        """Why the deal ended: the forfeit (naming the table seat that failed), else the outcome's reason."""
        return self.forfeit.reason if self.forfeit is not None else self.outcome.reason


def run_deal(
    deal: TableOf[View],
    players: Mapping[int, Player[View]],
    match: MatchOf[Any] | None = None,
    stats: Mapping[int, DecisionStats] | None = None,
) -> DealOutcome:
    """Play ``deal`` (of any table size) to its end; a failing seat forfeits it (see the module docstring)."""
    forfeit = _play(deal, players, match, stats)
    if forfeit is not None:
        _forfeit(deal, forfeit)
    if match is not None:
        match.settle()
    assert deal.outcome is not None
    return DealOutcome(deal.outcome, forfeit)


def run_match(
    match: MatchOf[View],
    players: Mapping[int, Player[View]],
    seed: int | None = None,
    stats: Mapping[int, DecisionStats] | None = None,
) -> list[DealOutcome]:
    """Play ``match`` to its end with :func:`run_deal`; the result of every deal."""
    rng = random.Random(seed)
    for seat in match.seats:
        players[seat].new_match(match.rules, seat)
    results = []
    while not match.is_over:
        results.append(run_deal(match.new_deal(seed=rng.getrandbits(64)), players, match, stats))
    return results


run_partnership_deal = run_deal
"""The former name of :func:`run_deal` for the four-handed game."""
run_partnership_match = run_match
"""The former name of :func:`run_match` for the four-handed game."""


def _play(
    deal: TableOf[View],
    players: Mapping[int, Player[View]],
    match: MatchOf[Any] | None,
    stats: Mapping[int, DecisionStats] | None,
) -> Forfeit | None:
    """Play ``deal`` until it ends or a seat fails; the first failure, if any.

    Every playing seat hears of the deal first (in seat order), even if an earlier one
    fails; then the seat whose decision is due is asked with its own view.
    """
    view_of = viewer(deal, match)
    failures = []
    for playing in sorted(deal.active):
        try:
            players[playing].new_deal(view_of(playing))
        except BotFailure as failure:
            failures.append(Forfeit(playing, failure.kind, failure.detail))
    if failures:
        return failures[0]
    seat = 0
    try:
        while not deal.is_over:
            seat = deal.seat_to_ask or 0
            view = view_of(seat)
            started = time.perf_counter()
            action = ask(players[seat], view)
            if stats is not None:
                stats[seat].times.append(time.perf_counter() - started)
            deal.apply(action, seat)
    except BotFailure as failure:
        return Forfeit(seat, failure.kind, failure.detail)
    return None


def ask(player: Player[View], view: View) -> Action:
    """``player``'s decision on ``view``: one of its legal actions, or :class:`BotFailure` (``illegal`` for any other
    answer). A tournament's deals ask so, and so does ``sixtysix connect`` (:mod:`sixtysix.protocol.connect`)."""
    action = player.choose(view)
    if action not in view.legal:
        legal = " ".join(a.token for a in view.legal)
        raise BotFailure("illegal", f"{player.name} chose {action}; legal: {legal}")
    return action


def _forfeit(deal: TableOf[Any], forfeit: Forfeit) -> None:
    """End ``deal`` at once, won with :data:`FORFEIT_POINTS` by the failing seat's opponent (or other side)."""
    forfeit_deal(cast(Table, deal), forfeit.seat, f"{forfeit.kind}: {forfeit.detail}")  # every core deal is a Table
