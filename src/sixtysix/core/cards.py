"""Cards as small ints and sets of cards as int bit masks.

A card is ``suit * 8 + rank`` where suits are clubs, diamonds, hearts, spades
(0-3) and ranks run from the ace (0) down to the seven (7), so that within a
suit a lower index is a higher card. A set of cards is an int whose bit
``card`` is set, which makes set operations single machine operations.

>>> card = parse_card("Th")
>>> card_name(card), suit_of(card) == HEARTS, card_point_table()[card]
('Th', True, 10)
>>> format_cards(parse_cards("9h ah kh"))
'Ah Kh 9h'
>>> format_cards(higher_in_suit(parse_card("Kh")))
'Ah Th'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

from sixtysix.core.errors import InvalidCardError

Card: TypeAlias = int
"""A card, ``suit * 8 + rank`` (0-31)."""
CardMask: TypeAlias = int
"""A set of cards, bit ``card`` set for each member."""
Suit: TypeAlias = int

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUITS: tuple[Suit, ...] = (CLUBS, DIAMONDS, HEARTS, SPADES)
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")

ACE, TEN, KING, QUEEN, JACK, NINE, EIGHT, SEVEN = range(8)
RANK_CHARS = "ATKQJ987"
RANK_POINTS = (11, 10, 4, 3, 2, 0, 0, 0)
"""Card points by rank (the nine's may be changed by the rules)."""

NUM_CARDS = 32
"""Card ids run from 0 to 31 (the 32-card pack; smaller packs leave out the low ranks)."""
ALL_CARDS: tuple[Card, ...] = tuple(s * 8 + r for s in SUITS for r in range(8))
SUIT_OF: tuple[Suit, ...] = tuple(c >> 3 for c in range(32))
"""``SUIT_OF[card]``: the suit of every card (the table form of :func:`suit_of`, for hot loops)."""
RANK_OF: tuple[int, ...] = tuple(c & 7 for c in range(32))
"""``RANK_OF[card]``: the rank index of every card (the table form of :func:`rank_of`)."""
CARD_NAMES: tuple[str, ...] = tuple(RANK_CHARS[RANK_OF[c]] + SUIT_CHARS[SUIT_OF[c]] for c in range(32))
BIT: tuple[CardMask, ...] = tuple(1 << c for c in range(32))
SUIT_MASK: tuple[CardMask, ...] = tuple(0xFF << (8 * s) for s in SUITS)
SAME_SUIT: tuple[CardMask, ...] = tuple(SUIT_MASK[SUIT_OF[c]] for c in range(32))
"""``SAME_SUIT[card]``: the mask of the suit ``card`` belongs to."""
KINGS: CardMask = sum(1 << (s * 8 + 2) for s in SUITS)
"""The four kings (rank 2 of each suit): ``hand & (hand >> 1) & KINGS`` are the kings whose queen is in ``hand``."""


def make_card(rank: int, suit: Suit) -> Card:
    """The card of ``rank`` (``ACE`` … ``SEVEN``) and ``suit``."""
    return suit * 8 + rank


def suit_of(card: Card) -> Suit:
    """The suit of ``card`` (``CLUBS`` … ``SPADES``)."""
    return card >> 3


def rank_of(card: Card) -> int:
    """The rank index of ``card`` (``ACE`` … ``SEVEN``)."""
    return card & 7


def card_point_table(nine_points: int = 0) -> tuple[int, ...]:
    """``table[card]``: the card points of all 32 cards, the nine worth ``nine_points`` (rules.md §2.1).

    The rules keep theirs as ``Rules.points`` (see :mod:`sixtysix.core.facts`).

    >>> card_point_table()[:8], card_point_table(nine_points=1)[NINE]
    ((11, 10, 4, 3, 2, 0, 0, 0), 1)
    """
    return tuple(nine_points if RANK_OF[c] == NINE else RANK_POINTS[RANK_OF[c]] for c in range(32))


def card_name(card: Card) -> str:
    """Canonical text: rank in upper case, suit in lower case (``"Td"``)."""
    return CARD_NAMES[card]


def pack_mask(size: int) -> CardMask:
    """The pack of ``size`` cards: 20 (A-J), 24 (A-9) or 32 (A-7)."""
    ranks = {20: 5, 24: 6, 32: 8}.get(size)
    if ranks is None:
        raise ValueError(f"no pack of {size} cards (20, 24 or 32)")
    per_suit = (1 << ranks) - 1
    return sum(per_suit << (8 * s) for s in SUITS)


# Precomputed: the cards in each byte value, so a mask is split into cards by
# four table look-ups instead of a bit loop.
_BYTE_CARDS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(tuple(8 * s + r for r in range(8) if byte >> r & 1) for byte in range(256)) for s in SUITS
)
_C0, _C1, _C2, _C3 = _BYTE_CARDS


def cards_of(mask: CardMask) -> tuple[Card, ...]:
    """The cards of a mask, in ascending card order (by suit, high card first)."""
    return _C0[mask & 255] + _C1[(mask >> 8) & 255] + _C2[(mask >> 16) & 255] + _C3[(mask >> 24) & 255]


def mask_of(cards: Iterable[Card]) -> CardMask:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


HIGHER: tuple[CardMask, ...] = tuple(SAME_SUIT[c] & ((1 << c) - 1) for c in range(32))
"""``HIGHER[card]``: the cards of the same suit that beat ``card``."""


def higher_in_suit(card: Card) -> CardMask:
    return HIGHER[card]


_RANK_INPUT = {ch: i for i, ch in enumerate(RANK_CHARS)}
_RANK_INPUT["10"] = TEN
_SUIT_INPUT = {ch: i for i, ch in enumerate(SUIT_CHARS)}
_SUIT_INPUT.update({sym: i for i, sym in enumerate(SUIT_SYMBOLS)})


def parse_card(text: str) -> Card:
    """Parse ``"Ah"``, ``"ah"``, ``"10h"``, ``"T♥"``; raise :class:`InvalidCardError`.

    >>> parse_card("10d") == parse_card("Td")
    True
    >>> parse_card("1d")
    Traceback (most recent call last):
    ...
    sixtysix.core.errors.InvalidCardError: not a card: '1d'
    """
    t = text.strip()
    rank = _RANK_INPUT.get(t[:-1].upper())
    suit = _SUIT_INPUT.get(t[-1:].lower())
    if rank is None or suit is None:
        raise InvalidCardError(f"not a card: {text!r}")
    return suit * 8 + rank


def parse_cards(text: str) -> CardMask:
    """Parse blank-separated cards into a mask."""
    return mask_of(parse_card(tok) for tok in text.split())


def format_cards(cards: CardMask | Iterable[Card], sep: str = " ") -> str:
    """Cards as canonical text: a mask in suit order, an iterable in its own order."""
    seq = cards_of(cards) if isinstance(cards, int) else cards
    return sep.join(CARD_NAMES[c] for c in seq)
