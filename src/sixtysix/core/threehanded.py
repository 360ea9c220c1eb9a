"""One deal of three-handed 66 (rules.md §5.1, rules R-3P-*): the dealer sits out.

Seats 1-3 sit clockwise. The dealer deals to the other two and none to
himself; the two active players play an ordinary two-player deal, the one on
the dealer's left as the forehand. A :class:`ThreeHandedDeal` is that
two-player :class:`~sixtysix.core.game.Deal` (``inner``, whose seats are 1 for the
forehand and 2 for the other active player) seen with the table's seat numbers:
every method here takes and returns table seats.

>>> from sixtysix import Rules
>>> from sixtysix.core.threehanded import ThreeHandedDeal
>>> deal = ThreeHandedDeal.shuffled(seed=5, dealer=1)
>>> deal.active, deal.sitting_out, deal.to_act
((2, 3), 1, 2)
>>> deal.legal_actions(1)  # the dealer has no cards and never acts
[]

When the match is decided but the rules play on for the loser
(``three_player_play_for_loser``), the match's winner sits out instead and
the dealer plays: ``ThreeHandedDeal(deck, dealer=2, sitting_out=1)``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from sixtysix.core.actions import Action
from sixtysix.core.cards import Card, CardMask
from sixtysix.core.errors import DealError, IllegalActionError
from sixtysix.core.game import Deal, Outcome, Stage, shuffled_deck
from sixtysix.core.rules import Rules

SEATS = (1, 2, 3)
_INNER_SEAT = re.compile(r"\bseat ([12])\b")


def left_of(seat: int) -> int:
    """The next seat clockwise: the deal passes to the left (R-3P-4)."""
    return seat % 3 + 1


class ThreeHandedDeal:
    """A two-player deal between two of three seats, in table seat numbers."""

    __slots__ = ("_inner_seat", "active", "dealer", "inner", "rules", "sitting_out")

    rules: Rules
    dealer: int
    sitting_out: int
    active: tuple[int, int]
    """The table seats of the forehand and of the other active player (inner seats 1 and 2)."""
    inner: Deal
    _inner_seat: tuple[int, int, int, int]

    def __init__(
        self,
        deck: Sequence[Card],
        dealer: int = 3,
        rules: Rules | None = None,
        sitting_out: int | None = None,
    ) -> None:
        rules = rules or Rules.preset("three66")
        if rules.players != 3:
            raise DealError(f"a three-handed deal needs three-player rules, not players={rules.players}")
        if dealer not in SEATS:
            raise DealError(f"dealer must be seat 1, 2 or 3, not {dealer!r}")
        sitting_out = dealer if sitting_out is None else sitting_out
        if sitting_out not in SEATS:
            raise DealError(f"the seat sitting out must be 1, 2 or 3, not {sitting_out!r}")
        if sitting_out == dealer:  # R-3P-1/2: the dealer's left leads
            forehand = left_of(dealer)
            self.active = (forehand, left_of(forehand))
        else:  # playing on for the loser: the dealer deals to the other active player
            other = next(s for s in SEATS if s not in (dealer, sitting_out))
            self.active = (other, dealer)
        self.rules = rules
        self.dealer = dealer
        self.sitting_out = sitting_out
        self.inner = Deal(deck, 2, rules)
        self._set_seat_map()

    def _set_seat_map(self) -> None:
        seats = [0, 0, 0, 0]
        seats[self.active[0]], seats[self.active[1]] = 1, 2
        self._inner_seat = (seats[0], seats[1], seats[2], seats[3])

    @classmethod
    def shuffled(
        cls,
        seed: int | random.Random | None = None,
        dealer: int = 3,
        rules: Rules | None = None,
        sitting_out: int | None = None,
    ) -> ThreeHandedDeal:
        """A deal from a seeded shuffle (``random.Random(seed)``)."""
        rules = rules or Rules.preset("three66")
        return cls(shuffled_deck(rules, seed), dealer, rules, sitting_out)

    def copy(self) -> ThreeHandedDeal:
        new = ThreeHandedDeal.__new__(ThreeHandedDeal)
        new.rules = self.rules
        new.dealer = self.dealer
        new.sitting_out = self.sitting_out
        new.active = self.active
        new.inner = self.inner.copy()
        new._inner_seat = self._inner_seat
        return new

    # -- seat numbers -------------------------------------------------------

    def inner_seat(self, seat: int) -> int:
        """The inner deal's seat (1 or 2) of table ``seat``; 0 for the seat sitting out."""
        if seat not in SEATS:
            raise DealError(f"no seat {seat!r} at a three-handed table")
        return self._inner_seat[seat]

    def table_seat(self, inner: int) -> int:
        """The table seat of the inner deal's seat 1 or 2 (0 stays 0)."""
        return self.active[inner - 1] if inner else 0

    # -- the two-player deal, in table seats -------------------------------------

    @property
    def deck(self) -> tuple[Card, ...]:
        return self.inner.deck

    @property
    def stage(self) -> Stage:
        return self.inner.stage

    @property
    def is_over(self) -> bool:
        return self.inner.is_over

    @property
    def to_act(self) -> int | None:
        inner = self.inner.to_act
        return None if inner is None else self.active[inner - 1]

    @property
    def window(self) -> int:
        """The table seat that may exchange out of turn now, else 0."""
        return self.table_seat(self.inner.window)

    @property
    def trump_card(self) -> Card:
        return self.inner.trump_card

    @property
    def history(self) -> list[tuple[int, Action]]:
        """Every action so far as (table seat, action)."""
        return [(self.active[s - 1], a) for s, a in self.inner.history]

    def hand(self, seat: int) -> CardMask:
        inner = self.inner_seat(seat)
        return self.inner.hands[inner] if inner else 0

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The legal actions of table ``seat`` (default: the seat to act)."""
        if seat is None:
            return self.inner.legal_actions()
        inner = self.inner_seat(seat)
        return self.inner.legal_actions(inner) if inner else []

    def apply(self, action: int, seat: int | None = None) -> None:
        """Take ``action`` for table ``seat``; illegal actions raise and change nothing."""
        inner = None if seat is None else self.inner_seat(seat)
        if inner == 0:
            raise IllegalActionError(f"seat {seat} sits out this deal")
        try:
            self.inner.apply(action, inner)
        except IllegalActionError as error:  # the engine names inner seats: name the table's
            raise IllegalActionError(self.table_text(str(error))) from None

    def table_counts(self) -> tuple[list[int], list[int]]:
        """Counted card points and tricks of table seats 1-3 (the seat sitting out has 0 and 0).

        >>> deal = ThreeHandedDeal.shuffled(seed=1, dealer=2)
        >>> deal.apply(deal.legal_actions()[0]); deal.apply(deal.legal_actions()[0])
        >>> points, tricks = deal.table_counts()
        >>> points[1], sorted(tricks)
        (0, [0, 0, 1])
        """
        points, tricks = [0, 0, 0], [0, 0, 0]
        inner_points, inner_tricks = self.inner.scores(), self.inner.trick_counts()
        for index, seat in enumerate(self.active):
            points[seat - 1], tricks[seat - 1] = inner_points[index], inner_tricks[index]
        return points, tricks

    def table_text(self, text: str) -> str:
        """``text`` from the inner deal (errors, reasons) with its seats 1 and 2 named as the table's."""
        return _INNER_SEAT.sub(lambda m: f"seat {self.active[int(m.group(1)) - 1]}", text)

    @property
    def outcome(self) -> Outcome | None:
        """The inner deal's outcome in table seats: points and tricks of seats 1-3."""
        inner = self.inner.outcome
        if inner is None:
            return None
        points, tricks = self.table_counts()  # the inner outcome's points are its final scores
        return Outcome(
            inner.termination,
            self.table_seat(inner.winner or 0) or None,
            inner.game_points,
            (points[0], points[1], points[2]),
            (tricks[0], tricks[1], tricks[2]),
            self.table_seat(inner.claimant or 0) or None,
            self.table_text(inner.reason),
        )
