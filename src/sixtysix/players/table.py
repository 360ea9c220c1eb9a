"""Players and play loops for every table size: two-player, three-handed and partnership 66.

One entry point for code that seats bots at any table (the terminal game,
the web app, tournaments, benchmarks):

>>> from sixtysix import Rules, create_match
>>> from sixtysix.players import RandomPartnershipPlayer
>>> match = create_match(Rules.preset("four66"))
>>> players = {seat: RandomPartnershipPlayer(seed=seat) for seat in match.seats}
>>> match = play_table_match(match, players, seed=3)
>>> match.is_over
True

In the three-handed game every two-player bot plays unchanged: it receives the
two-player view of the inner deal (:func:`~sixtysix.core.view.three_handed_view`),
and the dealer who sits out is not asked anything.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import TypeAlias

from sixtysix.core.actions import Action
from sixtysix.core.errors import IllegalActionError
from sixtysix.core.game import Deal, Outcome
from sixtysix.core.match import AnyMatch, Match, PartnershipMatch, ThreeHandedMatch
from sixtysix.core.partnership import FourHandedDeal
from sixtysix.core.threehanded import ThreeHandedDeal
from sixtysix.core.view import PartnershipView, PlayerView, three_handed_view
from sixtysix.players.base import DecisionStats, Player, play_deal
from sixtysix.players.partnership import PartnershipPlayer

AnyPlayer: TypeAlias = Player | PartnershipPlayer
AnyDeal: TypeAlias = Deal | ThreeHandedDeal | FourHandedDeal
AnyView: TypeAlias = PlayerView | PartnershipView


def table_view(deal: AnyDeal, seat: int, match: AnyMatch | None = None) -> AnyView:
    """What ``seat`` may see of ``deal`` (with the match score): the only thing a player receives."""
    carried = match.carried if match else 0
    if isinstance(deal, FourHandedDeal):
        score4 = match.score if isinstance(match, PartnershipMatch) else (0, 0)
        return PartnershipView.of(deal, seat, score4, carried)
    if isinstance(deal, ThreeHandedDeal):
        score3 = match.score if isinstance(match, ThreeHandedMatch) else (0, 0, 0)
        return three_handed_view(deal, seat, score3, carried)
    score2 = match.score if isinstance(match, Match) else (0, 0)
    return PlayerView.of(deal, seat, score2, carried)


def seat_to_ask(deal: AnyDeal) -> int | None:
    """The seat whose decision is due: the exchange window first, then the seat to act."""
    return deal.window or deal.to_act


def ask(player: AnyPlayer, view: AnyView) -> Action:
    """One decision of ``player``; an answer that is not in ``view.legal`` raises."""
    if isinstance(player, PartnershipPlayer):
        assert isinstance(view, PartnershipView)
        action = player.choose(view)
    else:
        assert isinstance(view, PlayerView)
        action = player.choose(view)
    if action not in view.legal:
        raise IllegalActionError(f"{player.name} chose {action}, legal: {view.legal}")
    return action


def _start(player: AnyPlayer, view: AnyView) -> None:
    if isinstance(player, PartnershipPlayer):
        assert isinstance(view, PartnershipView)
        player.new_deal(view)
    else:
        assert isinstance(view, PlayerView)
        player.new_deal(view)


def play_table_deal(
    deal: AnyDeal,
    players: Mapping[int, AnyPlayer],
    match: AnyMatch | None = None,
    stats: Mapping[int, DecisionStats] | None = None,
) -> Outcome:
    """Play ``deal`` to its end with one player per table seat (the seat sitting out is not asked)."""
    if isinstance(deal, Deal):
        two = {seat: p for seat, p in players.items() if isinstance(p, Player)}
        return play_deal(deal, two, match if isinstance(match, Match) else None, stats)
    seats = deal.active if isinstance(deal, ThreeHandedDeal) else (1, 2, 3, 4)
    for first_seat in seats:
        _start(players[first_seat], table_view(deal, first_seat, match))
    while not deal.is_over:
        seat = seat_to_ask(deal) or 0
        started = time.perf_counter()
        action = ask(players[seat], table_view(deal, seat, match))
        if stats is not None:
            stats[seat].times.append(time.perf_counter() - started)
        deal.apply(action, seat)
    if match is not None:
        match.settle()
    assert deal.outcome is not None
    return deal.outcome


def play_table_match(
    match: AnyMatch,
    players: Mapping[int, AnyPlayer],
    seed: int | None = None,
    stats: Mapping[int, DecisionStats] | None = None,
) -> AnyMatch:
    """Play ``match`` to its end with shuffles drawn from ``random.Random(seed)``."""
    rng = random.Random(seed)
    for seat in match.seats:
        players[seat].new_match(match.rules, seat)
    while not match.is_over:
        deal = match.new_deal(seed=rng.getrandbits(64))
        play_table_deal(deal, players, match, stats)
    return match
