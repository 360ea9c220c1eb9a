"""Who sits at a table, and the one place where the presentation tells the table sizes apart.

:class:`PublicMatch` is what everybody at a table knows besides the cards (names, who is
a computer, who is connected, open invitations). :class:`Duel` reads the two-player deal
that a table of two or of three plays in table seats; the four-handed partnership deal
has none. Until the core gives every table size one interface (issue 11), every
presentation module asks :func:`duel_of` instead of testing deal classes itself.

>>> from sixtysix.core.threehanded import ThreeHandedDeal
>>> duel = duel_of(ThreeHandedDeal.shuffled(seed=1, dealer=3))
>>> duel.seats, duel.sitting_out, duel.inner(2), duel.table(1), duel.inner(3)
((1, 2), 3, 2, 1, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeAlias

from sixtysix.core.actions import Action
from sixtysix.core.game import Deal
from sixtysix.core.partnership import FourHandedDeal
from sixtysix.core.threehanded import ThreeHandedDeal

AnyDeal: TypeAlias = Deal | ThreeHandedDeal | FourHandedDeal


@dataclass
class PublicMatch:
    """What everybody at the table knows about a match besides the cards."""

    match_id: str
    version: int
    status: str
    """``waiting``, ``playing`` or ``over``."""
    kind: str
    """``computer`` or ``friend``."""
    hints: bool
    seats: Mapping[int, tuple[str, str, int | None]]
    """Per seat: (name, ``human``/``computer``, level)."""
    connected: Mapping[int, bool] = field(default_factory=dict)
    invite: tuple[int, str] | None = None
    """Two-player: (creator seat, code) while the invitation is unused."""
    invites: Mapping[int, str] | None = None
    """Three- and four-handed: the open seats' invitation codes, by seat (shown to ``host`` only)."""
    host: int | None = None
    """Three- and four-handed: the seat that created the match."""
    reviews: bool = False
    """Whether its finished deals can be reviewed."""
    open_seats: frozenset[int] = frozenset()
    """The seats waiting for a friend to take them."""

    def name(self, seat: int) -> str:
        return self.seats[seat][0]


@dataclass(frozen=True)
class Duel:
    """The two-player deal played at a table of two, or of three (where one seat sits out)."""

    deal: Deal
    seats: tuple[int, int]
    """The table seats of the deal's seats 1 and 2."""
    dealer: int
    """The table's dealer (at a table of three, the seat that sits out unless playing on)."""
    sitting_out: int | None = None

    def table(self, inner: int | None) -> int:
        """The table seat of the deal's seat 1 or 2 (0 or ``None`` give 0)."""
        return self.seats[inner - 1] if inner else 0

    def inner(self, seat: int | None) -> int:
        """The deal's seat (1 or 2) of table ``seat``; 0 for a seat that does not play."""
        return self.seats.index(seat) + 1 if seat in self.seats else 0

    def in_table_seats(self, history: Sequence[tuple[int, Action]]) -> tuple[tuple[int, Action], ...]:
        """A history of the deal's seats with table seats (nothing to translate at a table of two)."""
        if self.seats == (1, 2):
            return tuple(history)
        first, second = self.seats
        return tuple((first if s == 1 else second, a) for s, a in history)

    def other(self, seat: int) -> int:
        """The table seat of ``seat``'s opponent in the deal."""
        return self.table(3 - self.inner(seat))


def duel_of(deal: AnyDeal) -> Duel | None:
    """The two-player deal a table of two or three plays; ``None`` for the partnership deal."""
    if isinstance(deal, FourHandedDeal):
        return None
    if isinstance(deal, ThreeHandedDeal):
        return Duel(deal.inner, deal.active, deal.dealer, deal.sitting_out)
    return Duel(deal, (1, 2), deal.dealer)


def playing_seats(deal: AnyDeal) -> tuple[int, ...]:
    """The seats that hold cards in ``deal`` (all but a three-handed seat that sits out)."""
    duel = duel_of(deal)
    return duel.seats if duel is not None else deal.rules.seats
