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
from sixtysix.core.cards import CARD_NAMES, Card, CardMask
from sixtysix.core.errors import DealError
from sixtysix.core.facts import Trick, tricks_of
from sixtysix.core.game import Deal, illegal, shuffled_deck
from sixtysix.core.outcome import Outcome, Stage, Termination
from sixtysix.core.rules import Rules
from sixtysix.core.textform import parse_table_text, table_text
from sixtysix.core.view import PlayerView, SpectatorView

SEATS = (1, 2, 3)
_INNER_SEAT = re.compile(r"\bseat ([12])\b")


def left_of(seat: int) -> int:
    """The next seat clockwise: the deal passes to the left (R-3P-4)."""
    return seat % 3 + 1


class ThreeHandedDeal:
    """A two-player deal between two of three seats, in table seat numbers."""

    __slots__ = ("_inner_seat", "_names", "active", "dealer", "inner", "rules", "sitting_out")

    rules: Rules
    dealer: int
    sitting_out: int
    active: tuple[int, int]
    """The table seats of the forehand and of the other active player (inner seats 1 and 2)."""
    inner: Deal
    _inner_seat: tuple[int, int, int, int]
    _names: tuple[int, int, int]
    """How the inner deal's seats are named in texts: ``_names[inner seat]`` is the table seat."""
    seats = SEATS

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
        self._names = (0, self.active[0], self.active[1])

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
        new._names = self._names
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
    def seat_to_ask(self) -> int | None:
        """The seat whose decision is due: the seat that may exchange out of turn first, else :attr:`to_act`."""
        return self.window or self.to_act

    @property
    def trump_card(self) -> Card:
        return self.inner.trump_card

    @property
    def trump(self) -> int:
        return self.inner.trump

    @property
    def trump_card_name(self) -> str:
        return CARD_NAMES[self.inner.trump_card]

    @property
    def history(self) -> list[tuple[int, Action]]:
        """Every action so far as (table seat, action)."""
        return [(self.active[s - 1], a) for s, a in self.inner.history]

    def hand(self, seat: int) -> CardMask:
        inner = self.inner_seat(seat)
        return self.inner.hands[inner] if inner else 0

    def hand_size(self, seat: int) -> int:
        """How many cards table ``seat`` holds (the seat sitting out none)."""
        return self.hand(seat).bit_count()

    def scores(self) -> tuple[int, int, int]:
        """Counted card points of table seats 1-3 (the seat sitting out has 0)."""
        points = self.table_counts()[0]
        return points[0], points[1], points[2]

    def trick_counts(self) -> tuple[int, int, int]:
        """Tricks of table seats 1-3 (the seat sitting out has 0)."""
        tricks = self.table_counts()[1]
        return tricks[0], tricks[1], tricks[2]

    def scorer_of(self, seat: int) -> int:
        """Whose entry of :meth:`scores` and :meth:`trick_counts` is ``seat``'s: its own (1-based)."""
        return seat

    def completed_tricks(self) -> tuple[Trick, ...]:
        """The tricks played so far, in table seats: leader, cards, winner and card points of each."""
        return tricks_of(self.history, self.rules, self.inner.trump)

    # -- legality (the inner deal's one legality function, in table seats) ------------

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The legal actions of table ``seat`` (default: the seat to act)."""
        if seat is None:
            return self.inner.legal_actions()
        inner = self.inner_seat(seat)
        return self.inner.legal_actions(inner) if inner else []

    def _refusal(self, action: int, seat: int | None) -> str | None:
        if seat is None:
            return self.inner._refusal(action, None)
        if seat not in SEATS:
            return f"there is no seat {seat} at a three-handed table"
        inner = self._inner_seat[seat]
        if not inner:
            return f"seat {seat} sits out this deal"
        return self.inner._refusal(action, inner)

    def is_legal(self, action: int, seat: int | None = None) -> bool:
        """Whether table ``seat`` (default: the seat to act) may take ``action`` now."""
        return self._refusal(action, seat) is None

    def why_illegal(self, action: int, seat: int | None = None) -> str | None:
        """Why ``action`` is not legal for table ``seat`` now, naming table seats; ``None`` if it is.

        >>> deal = ThreeHandedDeal.shuffled(seed=5, dealer=1)
        >>> deal.why_illegal(deal.legal_actions()[0], 3), deal.why_illegal(deal.legal_actions()[0], 1)
        ("it is seat 2's turn, not seat 3's", 'seat 1 sits out this deal')
        """
        reason = self._refusal(action, seat)
        return None if reason is None else reason.format(*self._names)

    def verify(self, action: int, seat: int | None = None) -> None:
        """Raise :class:`IllegalActionError` naming table seats unless ``action`` is legal; change nothing."""
        reason = self._refusal(action, seat)
        if reason is not None:
            raise illegal(action, reason, self._names)

    def explain_illegal(self, action: int, seat: int) -> str:
        """Why ``action`` is not legal for table ``seat`` now (for error messages; ``legal`` if it is)."""
        return self.why_illegal(action, seat) or "legal"

    def apply(self, action: int, seat: int | None = None) -> None:
        """Take ``action`` for table ``seat``; illegal actions raise (naming table seats) and change nothing."""
        self.verify(action, seat)
        self.inner.apply_unchecked(action, None if seat is None else self._inner_seat[seat])

    def apply_unchecked(self, action: int, seat: int | None = None) -> None:
        """Apply an action already known to be legal for table ``seat`` (search, playouts)."""
        self.inner.apply_unchecked(action, None if seat is None else self._inner_seat[seat])

    # -- results, views, text ------------------------------------------------------------

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
        """``text`` from the inner deal (its errors, reasons) with its seats 1 and 2 named as the table's.

        The table's own texts (:meth:`why_illegal`, errors, :attr:`outcome`) already name table seats.
        """
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
            self._outcome_reason(inner),
            reasons=inner.reasons,
            base_points=inner.base_points,
        )

    def _outcome_reason(self, inner: Outcome) -> str:
        """The reason of the inner deal's outcome in table seats (a forfeit's is its own: nothing to score)."""
        if inner.termination is Termination.FORFEIT:
            return self.table_text(inner.reason)
        return self.inner.outcome_reason(self._names)

    def view(self, seat: int, match_score: Sequence[int] = (0, 0, 0), carried: int = 0) -> PlayerView:
        """The view of active table ``seat``: the two-player view of the inner deal, in its seats.

        Every two-player bot plays three-handed unchanged: the view's seat numbers are the
        inner deal's (1 = forehand, 2 = the other active player) and its ``match_score`` is
        the two active seats' (``match_score`` here is of table seats 1-3). The seat sitting
        out has no view (it holds no cards and takes no decision): see :meth:`spectator_view`.
        """
        inner = self.inner_seat(seat)
        if not inner:
            raise ValueError(f"seat {seat} sits out this deal and has no view")
        first, second = self.active
        return self.inner.view(inner, (match_score[first - 1], match_score[second - 1]), carried)

    def spectator_view(self) -> SpectatorView:
        """What everybody at the table (the seat sitting out too) may know now, in table seats."""
        return self.inner.public_view(self._names, self.dealer, self.sitting_out, self.outcome)

    def text(self) -> str:
        """The complete state as one line, hidden cards included (see :meth:`Deal.text`).

        >>> deal = ThreeHandedDeal.shuffled(seed=5, dealer=1)
        >>> deal.apply(deal.legal_actions()[0])
        >>> ThreeHandedDeal.parse_text(deal.text()).history == deal.history
        True
        """
        extra = {"sitting_out": str(self.sitting_out)} if self.sitting_out != self.dealer else {}
        return table_text(self.rules, self.dealer, self.deck, self.history, extra)

    @classmethod
    def parse_text(cls, text: str) -> ThreeHandedDeal:
        """The deal of :meth:`text` (raises :class:`DealError` or :class:`IllegalActionError`)."""
        form = parse_table_text(text, players=3)
        sitting_out = form.extra.get("sitting_out")
        if sitting_out is not None and not sitting_out.isdigit():
            raise DealError(f"sitting_out={sitting_out} is not a seat")
        deal = cls(form.cards, form.dealer, form.rules, int(sitting_out) if sitting_out else None)
        form.replay(deal)
        return deal

    def __repr__(self) -> str:
        return f"ThreeHandedDeal.parse_text({self.text()!r})"
