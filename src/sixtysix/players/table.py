"""The loops that play deals and matches between players, one for every table size.

A deal of any size tells the loop whose decision is due (``seat_to_ask``: the seat
that may exchange out of turn first, then the seat to act), shows that seat its view
(``deal.view``) and takes the answer (``deal.apply``); the player of a seat receives
nothing else. The dealer who sits out a three-handed deal is not asked anything, and
there every two-player bot plays unchanged: its view is that of the inner two-player
deal (:func:`~sixtysix.core.view.three_handed_view`).

>>> from sixtysix import Rules, create_match
>>> from sixtysix.players import RandomPartnershipPlayer, RandomPlayer
>>> match = create_match(Rules.preset("four66"))
>>> match = play_table_match(match, {seat: RandomPartnershipPlayer(seed=seat) for seat in match.seats}, seed=3)
>>> match.is_over
True
>>> three = create_match(Rules.preset("three66"))
>>> play_table_deal(three.new_deal(seed=5), {seat: RandomPlayer(seed=seat) for seat in three.seats}, three).winner
2

:func:`play_deal` and :func:`play_match` are the same loops under the names of the two-player game:

>>> from sixtysix import Match
>>> match = play_match(Match(Rules.preset("schnapsen")), {1: RandomPlayer(seed=1), 2: RandomPlayer(seed=2)}, seed=7)
>>> match.is_over, max(match.score) >= 7
(True, True)

The loops are typed by the view: a deal whose ``view`` gives a ``V`` is played by
``Player[V]`` objects (:class:`TableOf`, :class:`MatchOf`), so mypy refuses a two-player
bot at a four-handed table.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeAlias, TypeVar, overload

from sixtysix.core.actions import Action
from sixtysix.core.cards import Card
from sixtysix.core.errors import IllegalActionError
from sixtysix.core.game import Deal
from sixtysix.core.match import Match
from sixtysix.core.outcome import Outcome
from sixtysix.core.partnership import FourHandedDeal
from sixtysix.core.threehanded import ThreeHandedDeal
from sixtysix.core.view import PartnershipView, PlayerView
from sixtysix.players.player import DecisionStats, Player, SeatView

View = TypeVar("View", bound=SeatView)
View_co = TypeVar("View_co", bound=SeatView, covariant=True)

AnyDeal: TypeAlias = Deal | ThreeHandedDeal | FourHandedDeal
AnyView: TypeAlias = PlayerView | PartnershipView


class TableOf(Protocol[View_co]):
    """What the loops need of a deal whose seats see a ``View_co``: every deal of the core is one."""

    @property
    def active(self) -> tuple[int, ...]:
        """The seats that play this deal (the three-handed dealer sits out)."""
        ...

    @property
    def seat_to_ask(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def outcome(self) -> Outcome | None: ...

    def apply(self, action: int, seat: int | None = None) -> None: ...

    def view(self, seat: int, match_score: Sequence[int] = ..., carried: int = 0) -> View_co: ...


class MatchOf(Protocol[View_co]):
    """What the loops need of a match whose deals are :class:`TableOf` ``View_co``: every match of the core is one."""

    @property
    def seats(self) -> tuple[int, ...]: ...

    @property
    def rules(self) -> Any: ...

    @property
    def score(self) -> tuple[int, ...]: ...

    @property
    def carried(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    def settle(self) -> None: ...

    def new_deal(
        self, deck: Sequence[Card] | None = None, seed: int | None = None, dealer: int | None = None
    ) -> TableOf[View_co]: ...


@overload
def table_view(deal: AnyDeal, seat: int, match: MatchOf[Any] | None = None) -> AnyView: ...


@overload
def table_view(deal: TableOf[View], seat: int, match: MatchOf[Any] | None = None) -> View: ...


def table_view(deal: TableOf[Any], seat: int, match: MatchOf[Any] | None = None) -> Any:
    """What ``seat`` may see of ``deal``, with the match score: the only thing a player receives."""
    if match is None:
        return deal.view(seat)
    return deal.view(seat, match.score, match.carried)


def viewer(deal: TableOf[View], match: MatchOf[Any] | None = None) -> Callable[[int], View]:
    """``seat -> view`` of ``deal`` with the match score, which stays the same for the whole deal."""
    if match is None:
        return deal.view
    score, carried = match.score, match.carried
    return lambda seat: deal.view(seat, score, carried)


def seat_to_ask(deal: TableOf[Any]) -> int | None:
    """The seat whose decision is due: the exchange window first, then the seat to act."""
    return deal.seat_to_ask


def ask(player: Player[View], view: View, seat: int | None = None) -> Action:
    """One decision of ``player``; an answer that is not in ``view.legal`` raises :class:`IllegalActionError`."""
    action = player.choose(view)
    if action not in view.legal:
        raise _illegal(player, action, view, seat)
    return action


def _illegal(player: Player[View], action: Action, view: View, seat: int | None) -> IllegalActionError:
    who = player.name if seat is None else f"{player.name} (seat {seat})"
    return IllegalActionError(f"{who} chose {action}, legal: {view.legal}")


def play_table_deal(
    deal: TableOf[View],
    players: Mapping[int, Player[View]],
    match: MatchOf[Any] | None = None,
    stats: Mapping[int, DecisionStats] | None = None,
) -> Outcome:
    """Play ``deal`` to its end with one player per playing seat; with a ``match``, credit the result to it.

    Each playing seat hears of the deal first (in seat order), then the seat whose
    decision is due is asked with its own view, until the deal is over.
    """
    view_of = viewer(deal, match)
    for playing in sorted(deal.active):
        players[playing].new_deal(view_of(playing))
    while deal.outcome is None:  # the loop of every bot benchmark: as lean as the two-player loop was
        seat = deal.seat_to_ask or 0
        view = view_of(seat)
        started, cpu_started = time.perf_counter(), time.thread_time()
        action = players[seat].choose(view)
        if stats is not None:
            stats[seat].times.append(time.perf_counter() - started)
            stats[seat].cpu_times.append(time.thread_time() - cpu_started)
        if action not in view.legal:
            raise _illegal(players[seat], action, view, seat)
        deal.apply(action, seat)
    if match is not None:
        match.settle()
    assert deal.outcome is not None
    return deal.outcome


def play_table_match(
    match: MatchOf[View],
    players: Mapping[int, Player[View]],
    seed: int | None = None,
    stats: Mapping[int, DecisionStats] | None = None,
) -> MatchOf[View]:
    """Play ``match`` to its end with shuffles drawn from ``random.Random(seed)``."""
    rng = random.Random(seed)
    for seat in match.seats:
        players[seat].new_match(match.rules, seat)
    while not match.is_over:
        play_table_deal(match.new_deal(seed=rng.getrandbits(64)), players, match, stats)
    return match


def play_deal(
    deal: Deal,
    players: Mapping[int, Player],
    match: Match | None = None,
    stats: Mapping[int, DecisionStats] | None = None,
) -> Outcome:
    """:func:`play_table_deal` for a two-player deal (the seat not on lead is asked first while it may exchange)."""
    return play_table_deal(deal, players, match, stats)


def play_match(
    match: Match,
    players: Mapping[int, Player],
    seed: int | None = None,
    stats: Mapping[int, DecisionStats] | None = None,
) -> Match:
    """:func:`play_table_match` for a two-player match: the same shuffles for the same seed."""
    play_table_match(match, players, seed, stats)
    return match
