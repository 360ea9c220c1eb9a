"""One interface for a deal of every table size, and one for a match: ask a table, never its class.

:class:`~sixtysix.core.game.Deal` (two players),
:class:`~sixtysix.core.threehanded.ThreeHandedDeal` and
:class:`~sixtysix.core.partnership.FourHandedDeal` all implement :class:`Table`;
:class:`~sixtysix.core.match.Match`, ``ThreeHandedMatch`` and ``PartnershipMatch`` implement
:class:`TableMatch`. Code outside the core types its deals ``Table`` and its matches
``TableMatch`` and asks them what it needs to know (whose turn, what is legal and why
not, what a seat or an onlooker may see, the tricks and the scores), so it needs no
``isinstance`` test and no branch on the number of players:

>>> from sixtysix import Action, Rules, create_match
>>> for preset in ("seed66", "three66", "four66"):
...     match = create_match(Rules.preset(preset))
...     table: Table = match.new_deal(seed=2)
...     seat = table.seat_to_ask
...     first = table.legal_actions(seat)[0]
...     last = table.seats[-1]
...     print(preset, table.active, seat, table.is_legal(first, seat), table.why_illegal(first, last))
seed66 (1, 2) 1 True it is seat 1's turn, not seat 2's
three66 (1, 2) 1 True seat 3 sits out this deal
four66 (1, 2, 3, 4) 1 True it is seat 1's turn, not seat 4's

Verify, can, do (as PokerKit's state): :meth:`Table.verify` raises the precise
:class:`~sixtysix.core.errors.IllegalActionError` and changes nothing,
:meth:`Table.is_legal` answers the same question without raising, and
:meth:`Table.apply` does it; all three ask the table's one legality function, and
:meth:`Table.why_illegal` gives its reason as text (naming table seats, also at a
three-handed table).

Seats and scores: :attr:`Table.seats` are the table's seats, :attr:`Table.active`
those that play this deal (the three-handed dealer sits out: :attr:`Table.sitting_out`).
:meth:`Table.scores` and :meth:`Table.trick_counts` are per seat (per side in the
partnership game); :meth:`Table.scorer_of` says which entry is a seat's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, Self, TypeAlias

from sixtysix.core.actions import Action
from sixtysix.core.cards import Card, CardMask
from sixtysix.core.facts import Trick
from sixtysix.core.game import Deal
from sixtysix.core.match import (
    AnyMatch,
    DealResult,
    Match,
    PartnershipMatch,
    ThreeHandedMatch,
    create_match,
    match_from_text,
)
from sixtysix.core.outcome import Outcome, Stage
from sixtysix.core.partnership import FourHandedDeal
from sixtysix.core.rules import Rules
from sixtysix.core.textform import parse_table_text
from sixtysix.core.threehanded import ThreeHandedDeal
from sixtysix.core.view import AnyView, SpectatorView

__all__ = [
    "AnyDeal",
    "AnyMatch",
    "Table",
    "TableMatch",
    "create_match",
    "match_from_text",
    "table_from_text",
]


class Table(Protocol):
    """A deal of any table size, as every user outside the core sees it."""

    @property
    def rules(self) -> Rules: ...

    @property
    def dealer(self) -> int: ...

    @property
    def seats(self) -> tuple[int, ...]:
        """Every seat of the table: ``(1, 2)``, ``(1, 2, 3)`` or ``(1, 2, 3, 4)``."""
        ...

    @property
    def active(self) -> tuple[int, ...]:
        """The seats that play this deal, the first leader first."""
        ...

    @property
    def sitting_out(self) -> int:
        """The seat that sits out this deal (three-handed), else 0."""
        ...

    @property
    def deck(self) -> tuple[Card, ...]:
        """The card order of the deal, top first (empty for a position built without one)."""
        ...

    @property
    def trump(self) -> int: ...

    @property
    def trump_card(self) -> Card: ...

    @property
    def stage(self) -> Stage: ...

    @property
    def to_act(self) -> int | None:
        """The seat to act; ``None`` once the deal is over."""
        ...

    @property
    def window(self) -> int:
        """The seat that may exchange out of turn right now (two and three players), else 0."""
        ...

    @property
    def seat_to_ask(self) -> int | None:
        """The seat whose decision is due: :attr:`window` first, then :attr:`to_act`."""
        ...

    @property
    def is_over(self) -> bool: ...

    @property
    def outcome(self) -> Outcome | None:
        """The result once the deal is over (in table seats, or sides)."""
        ...

    @property
    def history(self) -> Sequence[tuple[int, Action]]:
        """Every action so far as (table seat, action), the decisions ``draw`` and ``pass`` included."""
        ...

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The legal actions of ``seat`` (default: the seat to act); empty when it has no decision."""
        ...

    def is_legal(self, action: int, seat: int | None = None) -> bool: ...

    def why_illegal(self, action: int, seat: int | None = None) -> str | None:
        """Why ``action`` is not legal for ``seat`` now (naming table seats), or ``None`` when it is."""
        ...

    def verify(self, action: int, seat: int | None = None) -> None:
        """Raise the precise :class:`~sixtysix.core.errors.IllegalActionError` unless legal; change nothing."""
        ...

    def apply(self, action: int, seat: int | None = None) -> None:
        """Take ``action`` for ``seat`` (default: the seat to act), or raise as :meth:`verify` and change nothing."""
        ...

    def copy(self) -> Self: ...

    def hand(self, seat: int) -> CardMask:
        """The cards ``seat`` holds (a hidden fact: for the engine's users, never for another seat)."""
        ...

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` holds (public)."""
        ...

    def view(self, seat: int, match_score: Sequence[int] = ..., carried: int = 0) -> AnyView:
        """What ``seat`` may know now, with the match score (by seat, or side): all a player receives."""
        ...

    def spectator_view(self) -> SpectatorView:
        """What everybody at the table may know now: no card of any hand, nor of the stock."""
        ...

    def completed_tricks(self) -> tuple[Trick, ...]:
        """The tricks so far: leader, cards in order, winner and card points of each."""
        ...

    def scores(self) -> tuple[int, ...]:
        """Counted card points per seat (three-handed: seats 1-3) or per side (four-handed)."""
        ...

    def trick_counts(self) -> tuple[int, ...]:
        """Tricks won, laid out as :meth:`scores`."""
        ...

    def scorer_of(self, seat: int) -> int:
        """Which entry (1-based) of :meth:`scores` and :meth:`trick_counts` is ``seat``'s."""
        ...

    def text(self) -> str:
        """The complete state as one line, hidden cards included (never for a player)."""
        ...


class TableMatch(Protocol):
    """A match of any table size: its deals, its score and the views of the deal in progress."""

    @property
    def rules(self) -> Rules: ...

    @property
    def seats(self) -> tuple[int, ...]: ...

    @property
    def first_dealer(self) -> int: ...

    @property
    def scorer(self) -> str:
        """Who scores: ``seat``, or ``side`` in the partnership game."""
        ...

    @property
    def score(self) -> tuple[int, ...]:
        """Game points per seat (per side in the partnership game)."""
        ...

    @property
    def carried(self) -> int:
        """Tie points waiting for the next deal's winner."""
        ...

    @property
    def winner(self) -> int | None: ...

    @property
    def loser(self) -> int | None:
        """The seat that lost the three-handed play-off (``three_player_play_for_loser``), else ``None``."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the match is decided: it has a winner (and, in a three-handed play-off, a loser)."""
        ...

    @property
    def results(self) -> Sequence[DealResult]: ...

    @property
    def current(self) -> Table | None:
        """The deal in progress (or the last one), ``None`` before the first."""
        ...

    def next_dealer(self) -> int: ...

    def new_deal(self, deck: Sequence[Card] | None = None, seed: int | None = None, dealer: int | None = None) -> Table:
        """Start the next deal (settling the last one first)."""
        ...

    def settle(self) -> None:
        """Credit every finished deal not yet counted (idempotent)."""
        ...

    def apply(self, action: int, seat: int | None = None) -> None: ...

    def legal_actions(self, seat: int | None = None) -> list[Action]: ...

    def view(self, seat: int) -> AnyView:
        """What ``seat`` may know of the current deal, with the match score."""
        ...

    def spectator_view(self) -> SpectatorView: ...

    def result_text(self) -> str:
        """Who won, in words, once the match is over."""
        ...

    def text(self) -> str: ...


AnyDeal: TypeAlias = Deal | ThreeHandedDeal | FourHandedDeal
"""The concrete deal classes (prefer :class:`Table` in signatures)."""


def table_from_text(text: str) -> AnyDeal:
    """The deal of a text of any table size (``deal.text()``), checked action by action.

    >>> from sixtysix import Rules, create_match
    >>> deal = create_match(Rules.preset("three66")).new_deal(seed=4)
    >>> table_from_text(deal.text()).text() == deal.text()
    True
    """
    return DEAL_CLASSES[parse_table_text(text).rules.players].parse_text(text)


DEAL_CLASSES: dict[int, type[Deal] | type[ThreeHandedDeal] | type[FourHandedDeal]] = {
    2: Deal,
    3: ThreeHandedDeal,
    4: FourHandedDeal,
}
"""The deal class of each table size (``rules.players``)."""


if TYPE_CHECKING:  # mypy proves here that every deal is a Table and every match a TableMatch

    def _deals_are_tables(two: Deal, three: ThreeHandedDeal, four: FourHandedDeal) -> tuple[Table, ...]:
        return two, three, four

    def _matches_are_table_matches(
        two: Match, three: ThreeHandedMatch, four: PartnershipMatch
    ) -> tuple[TableMatch, ...]:
        return two, three, four
