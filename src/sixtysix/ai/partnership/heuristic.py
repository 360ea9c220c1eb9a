"""Rule-of-thumb players of the four-handed game: level 2 (beginner) and level 3 (card counter).

Both answer at once (no search), are deterministic for a seed and see only
their seat's :class:`~sixtysix.core.view.PartnershipView`: never the partner's hand.

* The beginner looks at its hand, the trick on the table and the trump suit and
  forgets which cards are out: it leads aces, wins as cheaply as it can once it
  is the last to play, throws points on a trick its partner surely wins (the
  last to play, or the partner's ace or trump) and otherwise throws its least
  valuable card.
* The counter keeps :class:`~sixtysix.ai.partnership.inference.HandKnowledge`:
  which cards are out, who is void, who may still hold which trump. It leads
  masters (cards no opponent is likely to beat), wins a trick with its cheapest
  safe card, throws points only on a trick its side surely keeps, and keeps its
  trumps and masters when the trick is lost.

>>> from sixtysix.players.table import play_table_deal
>>> from sixtysix.core.partnership import FourHandedDeal
>>> deal = FourHandedDeal.shuffled(seed=3, dealer=4)
>>> players = {1: CountingPartnershipPlayer(1), 2: BeginnerPartnershipPlayer(2),
...            3: CountingPartnershipPlayer(3), 4: BeginnerPartnershipPlayer(4)}
>>> sum(play_table_deal(deal, players).points)
130
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Callable
from math import comb
from typing import Any

from sixtysix.ai.partnership.inference import HandKnowledge
from sixtysix.core.actions import IS_CARD, Action
from sixtysix.core.cards import ACE, HIGHER, RANK_OF, SUIT_MASK, SUIT_OF, Card, CardMask
from sixtysix.core.facts import beats, marriage_value, side_of, trick_winner
from sixtysix.core.outcome import Stage
from sixtysix.core.partnership import left_of
from sixtysix.core.view import PartnershipView
from sixtysix.players.partnership import PartnershipPlayer


def winning_so_far(trick: tuple[tuple[int, Card], ...], trump: int) -> tuple[int, Card]:
    """The seat and card winning a (non-empty) trick so far (by the core's :func:`trick_winner`)."""
    return trick[trick_winner([card for _, card in trick], trump)]


def still_to_play(view: PartnershipView) -> tuple[int, ...]:
    """The seats that play to the current trick after this one."""
    seats = []
    seat = left_of(view.seat)
    for _ in range(view.rules.cards_per_trick - 1 - len(view.trick)):
        seats.append(seat)
        seat = left_of(seat)
    return tuple(seats)


def _cards(view: PartnershipView) -> list[Card]:
    return [int(a) for a in view.legal if IS_CARD[a]]


def _marriage(view: PartnershipView) -> Action | None:
    """The best marriage to declare (the 40 first), if any is legal."""
    marriages = [a for a in view.legal if a.is_marriage()]
    return max(marriages, key=lambda a: (marriage_value(a), -a)) if marriages else None


def _action(view: PartnershipView, card: Card) -> Action:
    return next(a for a in view.legal if a == card)


SAFE = 0.3
"""The level 3 player treats a trick as safe when the opponents take it with at most this chance."""


class _RuleOfThumbPlayer(PartnershipPlayer):
    """Shared frame: declare marriages, lead, follow; ties broken by a seeded generator."""

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PartnershipView) -> Action:
        marriage = _marriage(view)
        if marriage is not None:
            return marriage
        cards = _cards(view)
        if len(cards) == 1:
            return _action(view, cards[0])
        if view.stage == Stage.MARRIAGE:  # lead the queen, keep the king
            return _action(view, max(cards))
        card = self.follow(view, cards) if view.trick else self.lead(view, cards)
        return _action(view, card)

    @abstractmethod
    def lead(self, view: PartnershipView, cards: list[Card]) -> Card:
        """The card to lead, one of ``cards``."""

    @abstractmethod
    def follow(self, view: PartnershipView, cards: list[Card]) -> Card:
        """The card to play to the trick on the table, one of ``cards`` (the legal ones)."""

    def pick(self, cards: list[Card], key: Callable[[Card], Any]) -> Card:
        """The card with the smallest ``key(card)``, ties broken at random."""
        keys = [key(c) for c in cards]
        best = min(keys)
        return self.rng.choice([c for c, k in zip(cards, keys, strict=True) if k == best])


class BeginnerPartnershipPlayer(_RuleOfThumbPlayer):
    """Level 2: sensible rules of thumb; does not remember which cards are out."""

    name = "beginner"

    def lead(self, view: PartnershipView, cards: list[Card]) -> Card:
        """Aces first, then the top trump with four trumps or more, then a low card of a long suit."""
        points = view.rules.points
        trump = view.trump
        aces = [c for c in cards if RANK_OF[c] == ACE and SUIT_OF[c] != trump]
        if aces:
            return self.pick(aces, lambda c: 0)
        trumps = [c for c in cards if SUIT_OF[c] == trump]
        if len(trumps) >= 4:  # many trumps: pull the opponents' with the highest
            return min(trumps)
        plain = [c for c in cards if SUIT_OF[c] != trump] or cards
        return self.pick(plain, lambda c: (points[c], -_suit_length(view.hand, SUIT_OF[c])))

    def follow(self, view: PartnershipView, cards: list[Card]) -> Card:
        """Win high (cheaply when last); points on the partner's sure trick; else the cheapest card."""
        points = view.rules.points
        seat, best = winning_so_far(view.trick, view.trump)
        last = len(view.trick) == view.rules.cards_per_trick - 1
        winners = [c for c in cards if beats(c, best, view.trump)]
        if winners:  # must win: cheaply when last, else with the highest card
            return self.pick(winners, lambda c: (points[c], -c)) if last else min(winners)
        partner_sure = seat == view.partner and (last or RANK_OF[best] == ACE or SUIT_OF[best] == view.trump)
        if partner_sure:
            return self.pick(cards, lambda c: (-points[c], SUIT_OF[c] == view.trump))
        return self.pick(cards, lambda c: (SUIT_OF[c] == view.trump, points[c]))


class CountingPartnershipPlayer(_RuleOfThumbPlayer):
    """Level 3: counts cards and reads the other hands with :class:`HandKnowledge`."""

    name = "counter"
    knowledge: HandKnowledge
    """What the seat knows of the other hands at the current decision."""

    def choose(self, view: PartnershipView) -> Action:
        self.knowledge = HandKnowledge.from_view(view)
        return super().choose(view)

    # -- estimates --------------------------------------------------------

    def p_none(self, seat: int, mask: CardMask) -> float:
        """The chance that ``seat`` holds none of ``mask`` (each consistent hand taken as equally likely)."""
        k = self.knowledge
        if k.known[seat - 1] & mask:
            return 0.0
        possible = k.possible[seat - 1]
        n, m, count = possible.bit_count(), (possible & mask).bit_count(), k.counts[seat - 1]
        return comb(n - m, count) / comb(n, count) if count <= n else 0.0

    def p_beats(self, seat: int, best: Card, led_suit: int, trump: int) -> float:
        """The chance that ``seat``, playing after ``best``, can take the trick from it."""
        higher = HIGHER[best]
        if SUIT_OF[best] == led_suit:
            p_over = 1.0 - self.p_none(seat, higher)
            if led_suit == trump:
                return p_over
            p_void = self.p_none(seat, SUIT_MASK[led_suit])
            return p_over + (1.0 - p_over) * p_void * (1.0 - self.p_none(seat, SUIT_MASK[trump]))
        return self.p_none(seat, SUIT_MASK[led_suit]) * (1.0 - self.p_none(seat, higher))

    def p_lost(self, best: Card, led_suit: int, seats: tuple[int, ...], trump: int) -> float:
        """The chance that an opponent among ``seats`` takes the trick from ``best``."""
        me = self.knowledge.seat
        keep = 1.0
        for seat in seats:
            if side_of(seat) != side_of(me):
                keep *= 1.0 - self.p_beats(seat, best, led_suit, trump)
        return 1.0 - keep

    def is_master(self, card: Card) -> bool:
        """No other seat may hold a higher card of its suit."""
        return not self.knowledge.unseen() & HIGHER[card]

    # -- leading ----------------------------------------------------------

    def lead(self, view: PartnershipView, cards: list[Card]) -> Card:
        """Masters first, then the top trump with a long trump suit, then a low card of a long suit."""
        points, trump = view.rules.points, view.trump
        opponents = (left_of(view.seat), left_of(view.partner))
        trumps = [c for c in cards if SUIT_OF[c] == trump]
        plain = [c for c in cards if SUIT_OF[c] != trump]
        risks = {c: self.p_lost(c, SUIT_OF[c], opponents, trump) for c in plain}
        masters = [c for c in plain if RANK_OF[c] == ACE or (risks[c] < SAFE and self.is_master(c))]
        if masters:
            return self.pick(masters, lambda c: (-points[c], risks[c]))
        if len(trumps) >= 4:
            return min(trumps)
        return self.pick(plain or cards, lambda c: (points[c], -_suit_length(view.hand, SUIT_OF[c])))

    # -- following --------------------------------------------------------

    def follow(self, view: PartnershipView, cards: list[Card]) -> Card:
        """Win as the rules demand; else points on the side's safe trick, else the least useful card."""
        points, trump = view.rules.points, view.trump
        seat, best = winning_so_far(view.trick, trump)
        led_suit = SUIT_OF[view.trick[0][1]]
        later = still_to_play(view)
        winners = [c for c in cards if beats(c, best, trump)]
        if winners:
            return self.win(view, winners, led_suit, later)
        if side_of(seat) == view.side and self.p_lost(best, led_suit, later, trump) <= SAFE:
            return self.pick(cards, lambda c: (-points[c], SUIT_OF[c] == trump))  # the partner's trick: points
        return self.pick(cards, lambda c: self.discard_key(view, c))

    def win(self, view: PartnershipView, winners: list[Card], led_suit: int, later: tuple[int, ...]) -> Card:
        """Take the trick with the cheapest safe card (the higher ones stay in hand), else the safest."""
        trump = view.trump
        risks = {c: self.p_lost(c, led_suit, later, trump) for c in winners}
        safe = [c for c in winners if risks[c] <= SAFE]
        if safe:
            return max(safe)  # the lowest safe card
        return self.pick(winners, lambda c: (round(risks[c], 1), -c))

    def discard_key(self, view: PartnershipView, card: Card) -> tuple[object, ...]:
        """Throw a card the side will not miss: no trump, no master, few points, from a short suit."""
        return (
            SUIT_OF[card] == view.trump,
            self.is_master(card),
            view.rules.points[card],
            _suit_length(view.hand, SUIT_OF[card]),
        )


def _suit_length(hand: CardMask, suit: int) -> int:
    return (hand & SUIT_MASK[suit]).bit_count()
