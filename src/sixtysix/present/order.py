"""The order in which a hand is shown and numbered, the same on every screen.

>>> from sixtysix.core.cards import CARD_NAMES, HEARTS, parse_cards
>>> [CARD_NAMES[c] for c in hand_order(parse_cards("9h As Th Kc"), HEARTS)]
['As', 'Kc', 'Th', '9h']
"""

from __future__ import annotations

from sixtysix.core.cards import CLUBS, DIAMONDS, HEARTS, SPADES, SUIT_OF, SUITS, Card, CardMask, cards_of

SUIT_ORDER = (SPADES, HEARTS, CLUBS, DIAMONDS)
"""Suits in the order a hand is shown (colours alternate), before trumps are moved last."""


def hand_order(hand: CardMask, trump: int) -> tuple[Card, ...]:
    """The cards of ``hand`` as the screen shows and numbers them.

    Grouped by suit (spades, hearts, clubs, diamonds, so that the colours alternate),
    the trump suit last, highest card first within a suit.
    """
    return tuple(sorted(cards_of(hand), key=_PLACE[trump].__getitem__))


def _places(trump: int) -> tuple[int, ...]:
    """``places[card]``: where a card stands in a hand shown with ``trump`` as trumps (sort key)."""
    suits = [s for s in SUIT_ORDER if s != trump] + [trump]
    return tuple(suits.index(SUIT_OF[card]) * 32 + card for card in range(32))


_PLACE = tuple(_places(trump) for trump in SUITS)
