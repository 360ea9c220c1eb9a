"""The bot interface, and the loop that plays deals and matches between bots.

A player only ever receives :class:`~sixtysix.core.view.PlayerView` objects, never
the deal: information hiding is structural. It answers one legal action per
decision and may keep memory across the decisions of a deal and a match.

>>> from sixtysix import Match, Rules
>>> from sixtysix.players import RandomPlayer
>>> match = Match(Rules.preset("schnapsen"))
>>> result = play_match(match, {1: RandomPlayer(seed=1), 2: RandomPlayer(seed=2)}, seed=7)
>>> match.is_over, max(match.score) >= 7
(True, True)
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field

from sixtysix.core.actions import Action
from sixtysix.core.errors import IllegalActionError
from sixtysix.core.game import Deal, Outcome
from sixtysix.core.match import Match
from sixtysix.core.rules import Rules
from sixtysix.core.view import PlayerView


class Player(ABC):
    """A computer (or any) player. Subclasses implement :meth:`choose`."""

    name: str = "player"

    def new_match(self, rules: Rules, seat: int) -> None:  # noqa: B027 - optional hook
        """Called before the first deal of a match."""

    def new_deal(self, view: PlayerView) -> None:  # noqa: B027 - optional hook
        """Called when a deal starts, with the seat's first view."""

    @abstractmethod
    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal``."""


@dataclass
class DecisionStats:
    """Timing of one seat's decisions."""

    times: list[float] = field(default_factory=list)


def play_deal(
    deal: Deal,
    players: Mapping[int, Player],
    match: Match | None = None,
    stats: Mapping[int, DecisionStats] | None = None,
) -> Outcome:
    """Play ``deal`` to its end, asking each seat's player at each of its decisions.

    The seat not on lead is asked first while it may exchange (``X`` or ``pass``).
    A player that answers an illegal action raises :class:`IllegalActionError`.
    """
    score = match.score if match else (0, 0)
    carried = match.carried if match else 0
    for first_view_seat in (1, 2):
        players[first_view_seat].new_deal(PlayerView.of(deal, first_view_seat, score, carried))
    while deal.outcome is None:
        seat = deal.window or deal.to_act or 0
        view = PlayerView.of(deal, seat, score, carried)
        started = time.perf_counter()
        action = players[seat].choose(view)
        if stats is not None:
            stats[seat].times.append(time.perf_counter() - started)
        if action not in view.legal:
            raise IllegalActionError(f"{players[seat].name} (seat {seat}) chose {action}, legal: {view.legal}")
        deal.apply(action, seat)
    if match is not None:
        match.settle()
    return deal.outcome


def play_match(
    match: Match,
    players: Mapping[int, Player],
    seed: int | None = None,
    stats: Mapping[int, DecisionStats] | None = None,
) -> Match:
    """Play ``match`` to its end with shuffles drawn from ``random.Random(seed)``."""
    rng = random.Random(seed)
    for seat in (1, 2):
        players[seat].new_match(match.rules, seat)
    while not match.is_over:
        deal = match.new_deal(seed=rng.getrandbits(64))
        play_deal(deal, players, match, stats)
    return match


class RandomPlayer(Player):
    """Level 1: a uniformly random legal action."""

    name = "random"

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        return self.rng.choice(view.legal)
