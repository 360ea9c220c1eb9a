"""What one player may know: the only thing a bot, a protocol client or a browser receives.

A view is built from a deal for one seat and holds no hidden card: the own
hand, the trump card, cards played, cards the opponent showed (marriages, an
exchange, the last face-up card he drew), counts and the public action
history. Every action of 66 is public; only the draws are private, so the
history holds actions and never a drawn card.

>>> from sixtysix import Deal, PlayerView
>>> deal = Deal.shuffled(seed=7)
>>> view = PlayerView.of(deal, 1)
>>> view.hand == deal.hands[1], view.talon_size, view.is_my_turn
(True, 12, True)
>>> view.unseen.bit_count()  # 24 - own 6 - the trump card
17
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeAlias, TypeVar

from sixtysix.core.actions import Action
from sixtysix.core.cards import BIT, CARD_NAMES, Card, CardMask, cards_of, format_cards
from sixtysix.core.facts import Trick, opponent_hand_size, partner_of, partnership_hand_size, side_of, tricks_of
from sixtysix.core.outcome import Outcome, Stage
from sixtysix.core.rules import Rules

# The deals build the views (they know their own state); this module imports none of them,
# so that each deal's ``view()`` and ``spectator_view()`` can return these classes.


class _SeatViews(Protocol):
    def view(self, seat: int, match_score: Sequence[int] = ..., carried: int = 0) -> PlayerView: ...


class _PartnershipViews(Protocol):
    def view(self, seat: int, match_score: Sequence[int] = ..., carried: int = 0) -> PartnershipView: ...


_ThreeHandedViews = _SeatViews
_ViewT = TypeVar("_ViewT")


def fill(cls: type[_ViewT], fields: dict[str, object]) -> _ViewT:
    """An instance of the frozen dataclass ``cls`` with ``fields`` (every field) as its dictionary.

    How the deals build views cheaply: no ``__init__``, no frozen ``__setattr__`` per field.
    """
    instance = object.__new__(cls)
    object.__setattr__(instance, "__dict__", fields)
    return instance


@dataclass(frozen=True)
class PlayerView:
    """One seat's information at one point of a deal."""

    seat: int
    rules: Rules
    dealer: int
    trump: int
    """The trump suit."""
    trump_card: Card
    """The card turned up at the deal (public)."""
    face_up: Card | None
    """The card under the talon now (the exchanged nine after an exchange); ``None`` once drawn."""
    talon_size: int
    closer: int
    """Seat that closed the talon, 0 if open."""
    stage: Stage
    to_act: int | None
    leader: int
    led: Card | None
    """The card led to the current trick, if any."""
    hand: CardMask
    opponent_known: CardMask
    """Cards the opponent is known to hold (shown in a marriage, taken in an exchange, the last trump drawn)."""
    won: tuple[CardMask, CardMask]
    """Cards in the tricks of seats 1 and 2 (all were played face up)."""
    tricks: tuple[int, int]
    score: int
    """Own counted card points."""
    pending: int
    """Own marriage points not yet counted (no trick won yet)."""
    opponent_score: int
    """The opponent's counted card points (public: every trick and marriage was seen)."""
    opponent_pending: int
    close_score: int
    """The closer's opponent's points when the talon was closed (0 if open)."""
    close_tricks: int
    window: int
    """This seat, if it is not on lead and may exchange now (``X`` or ``pass``), else 0."""
    marriage_suit: int
    """The suit just declared (stage ``MARRIAGE``), else -1."""
    history: tuple[tuple[int, Action], ...]
    """Every action so far, as (seat, action)."""
    legal: tuple[Action, ...]
    """This seat's legal actions now (empty when it is not this seat's decision)."""
    match_score: tuple[int, int] = (0, 0)
    carried: int = 0

    @classmethod
    def of(cls, deal: _SeatViews, seat: int, match_score: tuple[int, int] = (0, 0), carried: int = 0) -> PlayerView:
        """The view of ``seat`` (1 or 2) of a two-player ``deal`` (the same as ``deal.view(seat, …)``)."""
        return deal.view(seat, match_score, carried)

    @property
    def opponent(self) -> int:
        return 3 - self.seat

    @property
    def opponent_hand_size(self) -> int:
        """How many cards the opponent holds now."""
        following = self.led is not None
        return opponent_hand_size(self.hand.bit_count(), following, following and self.leader == self.seat)

    @property
    def phase2(self) -> bool:
        """Whether the strict rules of phase 2 apply: the talon is closed or exhausted (R-P2-1, as ``Deal.phase2``)."""
        return bool(self.closer) or self.face_up is None

    def completed_tricks(self) -> tuple[Trick, ...]:
        """The tricks played so far (every card is played face up): leader, cards, winner, points."""
        return tricks_of(self.history, self.rules, self.trump)

    @property
    def is_my_turn(self) -> bool:
        return bool(self.legal)

    @property
    def played(self) -> CardMask:
        """Every card played so far (in tricks, and the card led to this trick)."""
        led = BIT[self.led] if self.led is not None else 0
        return self.won[0] | self.won[1] | led

    @property
    def unseen(self) -> CardMask:
        """Cards whose place this seat does not know: in the opponent's hand or the face-down stock."""
        face_up = BIT[self.face_up] if self.face_up is not None else 0
        return self.rules.pack & ~(self.hand | self.played | face_up | self.opponent_known | BIT[self.trump_card])

    def visible_cards(self) -> CardMask:
        """Every card this view names (used to prove that views leak nothing)."""
        face_up = BIT[self.face_up] if self.face_up is not None else 0
        return self.hand | self.played | face_up | self.opponent_known | BIT[self.trump_card] | _cards_in(self.history)

    def describe(self) -> str:
        """A short text summary, for people and logs."""
        talon = "closed" if self.closer else str(self.talon_size)
        return (
            f"seat {self.seat}: hand {format_cards(self.hand)}; trump {format_cards([self.trump_card])}; "
            f"talon {talon}; points {self.score}; tricks {self.tricks[0]}-{self.tricks[1]}; "
            f"legal {' '.join(map(str, self.legal)) or '-'}"
        )

    def hand_cards(self) -> tuple[Card, ...]:
        return cards_of(self.hand)


@dataclass(frozen=True)
class PartnershipView:
    """One seat's information in a four-handed deal: its own hand and what was played and shown.

    Neither the partner's nor the opponents' hands are in it.

    >>> from sixtysix.core.partnership import FourHandedDeal
    >>> deal = FourHandedDeal.shuffled(seed=7, dealer=4)
    >>> view = PartnershipView.of(deal, 1)
    >>> view.side, view.partner, view.hand == deal.hands[1], len(view.legal)
    (1, 3, True, 8)
    >>> view.unseen.bit_count()  # 32 - own 8 - the trump card the dealer shows
    23
    """

    seat: int
    rules: Rules
    dealer: int
    trump: int
    trump_card: Card
    """The dealer's last card, turned up; his until he plays it."""
    stage: Stage
    to_act: int | None
    leader: int
    trick: tuple[tuple[int, Card], ...]
    """The current trick so far, as (seat, card) in the order played."""
    hand: CardMask
    known: tuple[CardMask, CardMask, CardMask, CardMask]
    """Cards seats 1-4 are publicly known to hold (the dealer's trump card, a declared marriage)."""
    won: tuple[CardMask, CardMask]
    """Cards in the tricks of sides 1 and 2."""
    score: tuple[int, int]
    """Counted card points of sides 1 and 2."""
    pending: tuple[int, int]
    """Marriage points of sides 1 and 2 that wait for a trick."""
    tricks: tuple[int, int]
    marriage_suit: int
    history: tuple[tuple[int, Action], ...]
    legal: tuple[Action, ...]
    match_score: tuple[int, int] = (0, 0)
    carried: int = 0

    @classmethod
    def of(
        cls, deal: _PartnershipViews, seat: int, match_score: tuple[int, int] = (0, 0), carried: int = 0
    ) -> PartnershipView:
        """The view of ``seat`` (1-4) of a four-handed ``deal`` (the same as ``deal.view(seat, …)``)."""
        return deal.view(seat, match_score, carried)

    @property
    def side(self) -> int:
        return side_of(self.seat)

    @property
    def partner(self) -> int:
        return partner_of(self.seat)

    @property
    def is_my_turn(self) -> bool:
        return bool(self.legal)

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` holds now (every seat can count them)."""
        played = any(player == seat for player, _ in self.trick)
        return partnership_hand_size(self.rules, self.tricks[0] + self.tricks[1], played)

    def completed_tricks(self) -> tuple[Trick, ...]:
        """The tricks played so far: leader, cards, winner and card points of each."""
        return tricks_of(self.history, self.rules, self.trump)

    @property
    def played(self) -> CardMask:
        """Every card played so far (in tricks, and in the current trick)."""
        mask = self.won[0] | self.won[1]
        for _, card in self.trick:
            mask |= BIT[card]
        return mask

    @property
    def unseen(self) -> CardMask:
        """Cards whose place this seat does not know (in one of the three other hands)."""
        known = self.known[0] | self.known[1] | self.known[2] | self.known[3]
        return self.rules.pack & ~(self.hand | self.played | known)

    def visible_cards(self) -> CardMask:
        """Every card this view names (used to prove that views leak nothing)."""
        known = self.known[0] | self.known[1] | self.known[2] | self.known[3]
        return self.hand | self.played | known | BIT[self.trump_card] | _cards_in(self.history)

    def describe(self) -> str:
        """A short text summary, for people and logs."""
        trick = " ".join(f"{seat}:{CARD_NAMES[card]}" for seat, card in self.trick) or "-"
        return (
            f"seat {self.seat} (side {self.side}): hand {format_cards(self.hand)}; trump "
            f"{CARD_NAMES[self.trump_card]}; trick {trick}; points {self.score[0]}-{self.score[1]}; "
            f"legal {' '.join(map(str, self.legal)) or '-'}"
        )


PLAYER_VIEW_FIELDS: dict[str, object] = dict.fromkeys(field.name for field in dataclasses.fields(PlayerView))
"""The fields of a :class:`PlayerView`, a presized dictionary that a deal copies to fill one cheaply."""
PARTNERSHIP_VIEW_FIELDS: dict[str, object] = dict.fromkeys(field.name for field in dataclasses.fields(PartnershipView))


def three_handed_view(
    deal: _ThreeHandedViews, seat: int, match_score: tuple[int, int, int] = (0, 0, 0), carried: int = 0
) -> PlayerView:
    """The view of an active table ``seat`` of a three-handed deal (the same as ``deal.view(seat, …)``).

    It is the two-player view of the inner deal, so every two-player bot plays
    three-handed unchanged: its seat numbers are the inner deal's (1 = forehand,
    2 = the other active player) and ``match_score`` is the two active seats'.
    The seat sitting out has no view (it holds no cards and takes no decision).

    >>> from sixtysix.core.threehanded import ThreeHandedDeal
    >>> deal = ThreeHandedDeal.shuffled(seed=5, dealer=1)
    >>> view = three_handed_view(deal, 3, match_score=(4, 1, 2))
    >>> view.seat, view.match_score, view.hand == deal.hand(3)
    (2, (1, 2), True)
    """
    return deal.view(seat, match_score, carried)


AnyView: TypeAlias = PlayerView | PartnershipView
"""What a player of any table size receives: a two-player view (also at a three-handed
table, in the inner deal's seats) or a partnership view."""


@dataclass(frozen=True)
class SpectatorView:
    """What everybody at the table may know of a deal of any size: no card of any hand, nor of the stock.

    It is what someone who holds no cards is shown (the three-handed dealer who sits
    out, an onlooker, a browser between deals), in table seats, and what every seat's own
    view agrees with on the public facts. Build it with the table's ``spectator_view()``.

    >>> from sixtysix.core.threehanded import ThreeHandedDeal
    >>> deal = ThreeHandedDeal.shuffled(seed=5, dealer=1)
    >>> view = deal.spectator_view()
    >>> view.active, view.sitting_out, view.hand_sizes, view.talon_size
    ((2, 3), 1, (0, 6, 6), 12)
    """

    rules: Rules
    dealer: int
    active: tuple[int, ...]
    """The table seats that play this deal, the first leader first."""
    sitting_out: int
    """The seat that sits out this deal (three-handed), else 0."""
    trump: int
    trump_card: Card
    """The card turned up at the deal (four-handed: the dealer's, his until he plays it)."""
    face_up: Card | None
    """The card under the talon now; ``None`` once drawn, and without a talon."""
    talon_size: int
    closer: int
    """The table seat that closed the talon, else 0."""
    close_score: int
    """The closer's opponent's counted card points when the talon was closed (0 if open)."""
    close_tricks: int
    """The closer's opponent's tricks when the talon was closed."""
    strict: bool
    """The strict rules of play hold (follow suit, head the trick): the talon is closed or
    used up, and always in a game without a talon."""
    stage: Stage
    to_act: int | None
    leader: int
    trick: tuple[tuple[int, Card], ...]
    """The current trick so far, as (table seat, card) in the order played."""
    marriage_suit: int
    """The suit just declared (stage ``MARRIAGE``), else -1."""
    hand_sizes: tuple[int, ...]
    """How many cards each table seat holds, seat 1 first (the seat sitting out: 0)."""
    shown: tuple[CardMask, ...]
    """The cards each table seat is publicly known to hold (a marriage's other card, an exchanged trump)."""
    scores: tuple[int, ...]
    """Counted card points as the table's ``scores()``: of seats 1-3 (the seat sitting out 0), or of sides."""
    pending: tuple[int, ...]
    """Marriage points waiting for a trick, laid out as :attr:`scores`."""
    trick_counts: tuple[int, ...]
    history: tuple[tuple[int, Action], ...]
    """Every public action so far in table seats (a declined exchange is private and left out)."""
    outcome: Outcome | None

    def completed_tricks(self) -> tuple[Trick, ...]:
        """The tricks played so far, in table seats: leader, cards, winner and card points of each."""
        return tricks_of(self.history, self.rules, self.trump)

    def visible_cards(self) -> CardMask:
        """Every card this view names (used to prove that it leaks nothing)."""
        mask = BIT[self.trump_card] | _cards_in(self.history)
        for shown in self.shown:
            mask |= shown
        for _, card in self.trick:
            mask |= BIT[card]
        if self.face_up is not None:
            mask |= BIT[self.face_up]
        return mask


def _cards_in(history: Sequence[tuple[int, Action]]) -> CardMask:
    """The cards played in a history."""
    mask = 0
    for _, action in history:
        if action.is_card():
            mask |= BIT[action]
    return mask
