"""Playing deals between players that may fail: a failing bot forfeits the deal, the host goes on.

The API, for tournaments and anything else that pits bots against each other:

``run_deal(deal, players, match=None, stats=None) -> DealOutcome``
    Plays ``deal`` to its end like :func:`sixtysix.players.base.play_deal` (the
    seat not on lead is asked first while it may exchange). If a player raises
    :class:`BotFailure` (a :class:`~sixtysix.protocol.player.ProtocolPlayer`
    does when its bot answers an illegal or malformed action, runs out of time,
    writes garbage or crashes) or answers an action that is not legal, that
    seat **forfeits the deal**: the deal ends at once and the other seat wins it
    with :data:`FORFEIT_POINTS` (3) game points, as for a Schwarz. With a
    ``match`` the result is credited to it (carried tie points included), so
    the match goes on with its next deal; a protocol player restarts its bot
    for that deal. Any other exception is a bug of the host and propagates.
``run_match(match, players, seed=None, stats=None) -> list[DealOutcome]``
    Plays the match to its end with :func:`run_deal`, with the shuffles of
    :func:`sixtysix.players.base.play_match` (``random.Random(seed)``), so an
    in-process match and the same match over the protocol deal the same cards.
``DealOutcome``
    ``outcome`` (the deal's :class:`~sixtysix.core.game.Outcome`), ``forfeit``
    (a :class:`Forfeit` or ``None``), and ``winner``, ``game_points``,
    ``termination`` (``"forfeit"`` or the engine's termination value) and
    ``reason`` for convenience.

A forfeited deal stays unfinished in play (its history ends at the failure),
but is marked over: ``deal.outcome`` is set with ``Termination.FALSE_CLAIM``
(the engine has no forfeit termination; read ``DealOutcome.forfeit``) and a
reason that starts with ``forfeit:``. Its 66R record therefore stops in the
middle of the deal; a tournament writes the forfeit next to it.

>>> from sixtysix import Deal
>>> from sixtysix.players.base import RandomPlayer
>>> class Crashing(RandomPlayer):
...     def choose(self, view):
...         raise BotFailure("crash", "the bot exited (status 1)")
>>> result = run_deal(Deal.shuffled(seed=4), {1: Crashing(), 2: RandomPlayer()})
>>> result.winner, result.game_points, result.termination, result.forfeit.seat
(2, 3, 'forfeit', 1)
>>> result.reason
'forfeit: seat 1 crash: the bot exited (status 1)'

The four-handed game (protocol version 2) has its own pair,
``run_partnership_deal(deal, players, match=None, stats=None)`` and
``run_partnership_match``: a failing seat forfeits the deal for its **side**,
and the other side wins it with :data:`FORFEIT_POINTS` game points (the most
a deal gives: all eight tricks). ``DealOutcome.winner`` is then a side and
``forfeit.seat`` the table seat (1-4) that failed.

>>> from sixtysix.core.partnership import FourHandedDeal
>>> from sixtysix.players.partnership import RandomPartnershipPlayer
>>> class Timid(RandomPartnershipPlayer):
...     def choose(self, view):
...         raise BotFailure("timeout", "no bestmove within 1.5 s")
>>> players = {1: RandomPartnershipPlayer(1), 2: RandomPartnershipPlayer(2), 3: Timid(3), 4: RandomPartnershipPlayer(4)}
>>> result = run_partnership_deal(FourHandedDeal.shuffled(seed=4, dealer=2), players)
>>> result.winner, result.game_points, result.forfeit.seat
(2, 3, 3)
>>> result.reason
'forfeit: seat 3 timeout: no bestmove within 1.5 s'
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol, TypeVar

from sixtysix.core.actions import Action
from sixtysix.core.game import Deal, Outcome, Stage, Termination
from sixtysix.core.match import Match, PartnershipMatch
from sixtysix.core.partnership import FourHandedDeal, side_of
from sixtysix.core.rules import Rules
from sixtysix.core.view import PartnershipView, PlayerView
from sixtysix.players.base import DecisionStats, Player
from sixtysix.players.partnership import PartnershipPlayer

FORFEIT_POINTS = 3
"""Game points the opponent of a failing bot (four-handed: the other side) wins with the forfeited deal."""

FAILURE_KINDS = ("illegal", "malformed", "timeout", "garbage", "crash", "handshake")
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
        return self.outcome.reason


def run_deal(
    deal: Deal,
    players: Mapping[int, Player],
    match: Match | None = None,
    stats: Mapping[int, DecisionStats] | None = None,
) -> DealOutcome:
    """Play ``deal`` to its end; a failing seat forfeits it (see the module docstring)."""
    score = match.score if match else (0, 0)
    carried = match.carried if match else 0
    forfeit = _play(deal, (1, 2), players, lambda seat: PlayerView.of(deal, seat, score, carried), stats)
    if forfeit is not None:
        _forfeit_deal(deal, forfeit)
    return _settled(deal, forfeit, match)


def run_match(
    match: Match,
    players: Mapping[int, Player],
    seed: int | None = None,
    stats: Mapping[int, DecisionStats] | None = None,
) -> list[DealOutcome]:
    """Play ``match`` to its end with :func:`run_deal`; the result of every deal."""
    return _play_match(
        match, players, lambda shuffle: run_deal(match.new_deal(seed=shuffle), players, match, stats), seed
    )


_V = TypeVar("_V", PlayerView, PartnershipView, contravariant=True)
View = TypeVar("View", PlayerView, PartnershipView)


class _Bot(Protocol[_V]):
    """What the host asks of a player of any table size (a :class:`Player` or a :class:`PartnershipPlayer`)."""

    @property
    def name(self) -> str: ...

    def new_match(self, rules: Rules, seat: int) -> None: ...

    def new_deal(self, view: _V) -> None: ...

    def choose(self, view: _V) -> Action: ...


def _play(
    deal: Deal | FourHandedDeal,
    seats: tuple[int, ...],
    players: Mapping[int, _Bot[View]],
    view_of: Callable[[int], View],
    stats: Mapping[int, DecisionStats] | None,
) -> Forfeit | None:
    """Play ``deal`` until it ends or one of ``seats`` fails; the first failure, if any.

    Every seat (of a three-handed deal's inner deal: 1 and 2) hears of the deal first, even
    if an earlier one fails; then the seat to act (in the two-player game, the seat that may
    exchange first) is asked with its own view.
    """
    failures = []
    for seat in seats:
        try:
            players[seat].new_deal(view_of(seat))
        except BotFailure as failure:
            failures.append(Forfeit(seat, failure.kind, failure.detail))
    if failures:
        return failures[0]
    seat = 1
    try:
        while deal.outcome is None:
            seat = deal.window or deal.to_act or 0
            view = view_of(seat)
            started = time.perf_counter()
            action = players[seat].choose(view)
            if stats is not None:
                stats[seat].times.append(time.perf_counter() - started)
            if action not in view.legal:
                legal = " ".join(a.token for a in view.legal)
                raise BotFailure("illegal", f"{players[seat].name} chose {action}; legal: {legal}")
            deal.apply(action, seat)
    except BotFailure as failure:
        return Forfeit(seat, failure.kind, failure.detail)
    return None


def _settled(
    deal: Deal | FourHandedDeal, forfeit: Forfeit | None, match: Match | PartnershipMatch | None
) -> DealOutcome:
    """Credit the ended ``deal`` to ``match`` (if any): its :class:`DealOutcome`."""
    if match is not None:
        match.settle()
    assert deal.outcome is not None
    return DealOutcome(deal.outcome, forfeit)


def _play_match(
    match: Match | PartnershipMatch,
    players: Mapping[int, _Bot[View]],
    play: Callable[[int], DealOutcome],
    seed: int | None,
) -> list[DealOutcome]:
    """Tell every seat of the match, then ``play`` a deal per shuffle of ``random.Random(seed)`` to its end."""
    rng = random.Random(seed)
    for seat in match.seats:
        players[seat].new_match(match.rules, seat)
    results = []
    while not match.is_over:
        results.append(play(rng.getrandbits(64)))
    return results


def _forfeit_deal(deal: Deal, forfeit: Forfeit) -> None:
    """End ``deal`` with a win of :data:`FORFEIT_POINTS` for the seat that did not fail."""
    deal.outcome = Outcome(
        Termination.FALSE_CLAIM,
        3 - forfeit.seat,
        FORFEIT_POINTS,
        deal.scores(),
        deal.trick_counts(),
        None,
        forfeit.reason,
    )
    deal.stage = Stage.OVER
    deal.window = 0


# -- the four-handed game ------------------------------------------------------------------


def run_partnership_deal(
    deal: FourHandedDeal,
    players: Mapping[int, PartnershipPlayer],
    match: PartnershipMatch | None = None,
    stats: Mapping[int, DecisionStats] | None = None,
) -> DealOutcome:
    """Play a four-handed ``deal`` to its end; a failing seat forfeits it for its side (module docstring)."""
    score = match.score if match else (0, 0)
    carried = match.carried if match else 0
    forfeit = _play(deal, (1, 2, 3, 4), players, lambda seat: PartnershipView.of(deal, seat, score, carried), stats)
    if forfeit is not None:
        _forfeit_side(deal, forfeit)
    return _settled(deal, forfeit, match)


def run_partnership_match(
    match: PartnershipMatch,
    players: Mapping[int, PartnershipPlayer],
    seed: int | None = None,
    stats: Mapping[int, DecisionStats] | None = None,
) -> list[DealOutcome]:
    """Play a four-handed ``match`` to its end with :func:`run_partnership_deal` (the shuffles of
    :func:`sixtysix.players.table.play_table_match` for the same seed)."""
    return _play_match(
        match, players, lambda shuffle: run_partnership_deal(match.new_deal(seed=shuffle), players, match, stats), seed
    )


def _forfeit_side(deal: FourHandedDeal, forfeit: Forfeit) -> None:
    """End ``deal`` with a win of :data:`FORFEIT_POINTS` for the side that did not fail."""
    deal.outcome = Outcome(
        Termination.FALSE_CLAIM,
        3 - side_of(forfeit.seat),
        FORFEIT_POINTS,
        deal.scores(),
        deal.trick_counts(),
        None,
        forfeit.reason,
        (0, 0),
    )
    deal.stage = Stage.OVER
