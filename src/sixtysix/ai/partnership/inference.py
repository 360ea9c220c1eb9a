"""What one seat can infer about the other three hands of a four-handed deal (R-4P-4).

Every action of the four-handed game is public, and the obligations of R-4P-4
(follow suit, win the trick if possible, trump and over-trump when void) turn
each card played into facts about the hand that played it:

* a player who did not follow suit is void in the led suit;
* a void player who discarded while the trick was not trumped holds no trump;
* a void player who played a trump under the winning trump, or discarded on a
  trumped trick, holds no trump above the winning one (and when under-trumping
  is required, a discard on a trumped trick means no trump at all);
* a player who followed suit under the winning card of the led suit holds no
  card of that suit above it.

:class:`HandKnowledge` replays a view's history with these rules, adds the
public cards (the dealer's turned-up trump until he plays it, shown marriages)
and the hand sizes, and then keeps exactly the placements that some complete,
consistent deal allows. :func:`sample_hands` draws such a deal uniformly.

>>> from sixtysix.core.partnership import FourHandedDeal
>>> from sixtysix.core.view import PartnershipView
>>> deal = FourHandedDeal.shuffled(seed=3, dealer=4)
>>> knowledge = HandKnowledge.from_view(PartnershipView.of(deal, 2))
>>> knowledge.counts, knowledge.possible[1] == deal.hands[2]
((8, 8, 8, 8), True)
>>> knowledge.known[3] == 1 << deal.trump_card  # the dealer's turned-up trump
True
>>> hands = sample_hands(knowledge, random.Random(1))
>>> [h.bit_count() for h in hands], hands[1] == deal.hands[2]
([8, 8, 8, 8], True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb, factorial

from sixtysix.core.actions import IS_CARD, Action, marriage_suit
from sixtysix.core.cards import BIT, HIGHER, SUIT_MASK, SUIT_OF, Card, CardMask, cards_of, suit_of
from sixtysix.core.facts import BEATERS, MARRIAGE_CARDS, partnership_hand_size
from sixtysix.core.rules import Rules
from sixtysix.core.view import PartnershipView

Masks4 = tuple[CardMask, CardMask, CardMask, CardMask]
SEATS = (1, 2, 3, 4)


@dataclass(frozen=True)
class HandKnowledge:
    """What ``seat`` knows of every hand: indexes 0-3 are seats 1-4.

    ``possible[i]`` is every card seat ``i + 1`` may still hold in some deal
    consistent with everything public (for the viewer: exactly its hand);
    ``known[i]`` the cards it surely holds (for the viewer: its hand; for the
    others: the dealer's turned-up trump until played, marriage cards shown,
    and whatever follows from the hand sizes); ``counts[i]`` how many cards it
    holds now. ``known[i] <= possible[i]`` and ``counts[i]`` is between their sizes.
    """

    seat: int
    possible: Masks4
    known: Masks4
    counts: tuple[int, int, int, int]

    @classmethod
    def from_view(cls, view: PartnershipView) -> HandKnowledge:
        """What ``view.seat`` knows: the view's public cards and counts, and every inference from its history.

        The hand sizes come from the tricks played and the current trick, so a
        position set up without a history (a puzzle, a sampled world) is read
        right too; it just proves no void.
        """
        excluded = _inferences(view.rules, view.trump, view.history)
        counts = hand_counts(view)
        shown = [0, *view.known]
        return _tighten(view.rules, view.seat, view.hand, view.played, excluded, shown, counts)

    @classmethod
    def from_history(
        cls,
        rules: Rules,
        seat: int,
        hand: CardMask,
        dealer: int,
        trump_card: Card,
        history: Sequence[tuple[int, Action]],
    ) -> HandKnowledge:
        """The knowledge of ``seat`` holding ``hand`` after the public ``history`` of a deal from its start."""
        shown = [0, 0, 0, 0, 0]
        shown[dealer] = BIT[trump_card]
        counts = [0, rules.hand_size, rules.hand_size, rules.hand_size, rules.hand_size]
        played = 0
        for actor, action in history:
            if not action.is_card():  # a marriage: the king and queen are shown
                shown[actor] |= MARRIAGE_CARDS[marriage_suit(action)]
                continue
            played |= BIT[action]
            counts[actor] -= 1
            for other in SEATS:
                shown[other] &= ~BIT[action]
        excluded = _inferences(rules, suit_of(trump_card), history)
        return _tighten(rules, seat, hand, played, excluded, shown, counts)

    # -- questions --------------------------------------------------------

    def holders(self, card: Card) -> tuple[int, ...]:
        """The seats that may hold ``card`` (empty once it is played)."""
        return tuple(s for s in SEATS if self.possible[s - 1] & BIT[card])

    def is_void(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` surely holds no card of ``suit``."""
        return not self.possible[seat - 1] & SUIT_MASK[suit]

    def unseen(self) -> CardMask:
        """Every card one of the other three seats may hold."""
        mask = 0
        for s in SEATS:
            if s != self.seat:
                mask |= self.possible[s - 1]
        return mask


def hand_counts(view: PartnershipView) -> list[int]:
    """``counts[seat]``: how many cards each seat holds now (index 0 unused), by the core's
    :func:`~sixtysix.core.facts.partnership_hand_size` (:meth:`PartnershipView.hand_size` for all four at once)."""
    tricks_done = view.tricks[0] + view.tricks[1]
    played = {seat for seat, _ in view.trick}
    rules = view.rules
    return [0] + [partnership_hand_size(rules, tricks_done, seat in played) for seat in SEATS]


def _inferences(rules: Rules, trump: int, history: Sequence[tuple[int, Action]]) -> list[CardMask]:
    """``excluded[seat]``: the cards the obligations of R-4P-4 prove ``seat`` does not hold."""
    excluded = [0, 0, 0, 0, 0]
    strict = rules.four_player_undertrump_required
    beaters = BEATERS[trump]
    trick: list[Card] = []
    winning = -1
    for actor, action in history:
        if not IS_CARD[action]:
            continue
        card = int(action)
        if trick:
            excluded[actor] |= _excluded_by(card, SUIT_OF[trick[0]], winning, trump, strict)
        if not trick or beaters[winning] & BIT[card]:
            winning = card
        trick.append(card)
        if len(trick) == 4:
            trick, winning = [], -1
    return excluded


def _excluded_by(card: Card, led_suit: int, winning: Card, trump: int, strict: bool) -> CardMask:
    """The cards a follower cannot hold, having played ``card`` on a trick whose best card is ``winning``."""
    suit, best_suit = SUIT_OF[card], SUIT_OF[winning]
    if suit == led_suit:
        if best_suit == led_suit and not BIT[card] & HIGHER[winning]:
            return HIGHER[winning]  # followed under the winning card: nothing above it
        return 0
    excluded = SUIT_MASK[led_suit]  # void in the led suit
    if suit == trump:
        if best_suit == trump and not BIT[card] & HIGHER[winning]:
            excluded |= HIGHER[winning]  # trumped under: no over-trump
        return excluded
    if best_suit != trump or strict:
        return excluded | SUIT_MASK[trump]  # discarded: no trump (that was allowed)
    return excluded | HIGHER[winning]  # discarded on a trumped trick, under-trumping optional


def _tighten(
    rules: Rules,
    seat: int,
    hand: CardMask,
    played: CardMask,
    excluded: list[CardMask],
    shown: list[CardMask],
    counts: list[int],
) -> HandKnowledge:
    """Keep exactly the placements some consistent deal allows (Hall's condition on three seats)."""
    others = [s for s in SEATS if s != seat]
    pool = rules.pack & ~hand & ~played
    base = [pool & ~excluded[s] for s in others]
    for i, s in enumerate(others):  # a shown card is in its holder's hand only
        base[i] |= shown[s] & pool
        for t in others:
            if t != s:
                base[i] &= ~shown[t]
    caps = tuple(counts[s] for s in others)
    groups = _groups(pool, base)
    sizes = tuple(g.bit_count() for g in groups)
    allowed = [0, 0, 0]
    if _feasible(sizes, caps):
        for kind in range(1, 8):
            if not sizes[kind]:
                continue
            for i in range(3):
                if kind >> i & 1 and _feasible(_force(sizes, kind), _take(caps, i)):
                    allowed[i] |= groups[kind]
    else:  # cannot happen in a legal deal; keep the raw sets
        allowed = base
    possible = [0, 0, 0, 0]
    known = [0, 0, 0, 0]
    possible[seat - 1] = known[seat - 1] = hand
    for i, s in enumerate(others):
        possible[s - 1] = allowed[i]
        sure = allowed[i] & ~(allowed[(i + 1) % 3] | allowed[(i + 2) % 3])
        known[s - 1] = allowed[i] if allowed[i].bit_count() == counts[s] else sure
    return HandKnowledge(
        seat,
        (possible[0], possible[1], possible[2], possible[3]),
        (known[0], known[1], known[2], known[3]),
        (counts[1], counts[2], counts[3], counts[4]),
    )


def _groups(pool: CardMask, base: list[CardMask]) -> list[CardMask]:
    """``groups[k]``: the cards of ``pool`` whose possible holders are exactly the seat set ``k`` (bits 0-2)."""
    groups = [0] * 8
    for card in cards_of(pool):
        bit = BIT[card]
        kind = (base[0] & bit != 0) | (base[1] & bit != 0) << 1 | (base[2] & bit != 0) << 2
        groups[kind] |= bit
    return groups


def _force(sizes: tuple[int, ...], kind: int) -> tuple[int, ...]:
    return tuple(n - (k == kind) for k, n in enumerate(sizes))


def _take(caps: tuple[int, ...], i: int) -> tuple[int, ...]:
    return tuple(c - (j == i) for j, c in enumerate(caps))


def _feasible(sizes: tuple[int, ...], caps: tuple[int, ...]) -> bool:
    """Whether cards of the given holder-set sizes can fill hands of exactly ``caps`` cards (Hall)."""
    if sizes[0] or min(caps) < 0 or sum(sizes) != sum(caps):
        return False
    for subset in range(1, 8):
        need = sum(n for kind, n in enumerate(sizes) if kind & ~subset == 0)
        if need > sum(c for i, c in enumerate(caps) if subset >> i & 1):
            return False
    return True


# -- sampling -----------------------------------------------------------------

_PAIRS = (3, 5, 6)  # seat sets {0,1}, {0,2}, {1,2}


@lru_cache(maxsize=4096)
def _splits(sizes: tuple[int, ...], caps: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Cumulative weights and the splits they stand for.

    A split says how many cards of each two-seat group go to the group's first
    seat and how the three-seat group is shared; its weight is the number of
    deals that have it, so choosing a split by weight and then the cards
    uniformly gives every consistent deal the same chance.
    """
    fixed = [caps[i] - sizes[1 << i] for i in range(3)]
    n_ab, n_ac, n_bc, n_abc = sizes[3], sizes[5], sizes[6], sizes[7]
    weights: list[int] = []
    splits: list[tuple[int, ...]] = []
    total = 0
    for k_ab in range(n_ab + 1):
        for k_ac in range(n_ac + 1):
            for k_bc in range(n_bc + 1):
                rest = (
                    fixed[0] - k_ab - k_ac,
                    fixed[1] - (n_ab - k_ab) - k_bc,
                    fixed[2] - (n_ac - k_ac) - (n_bc - k_bc),
                )
                if min(rest) < 0 or sum(rest) != n_abc:
                    continue
                ways = comb(n_ab, k_ab) * comb(n_ac, k_ac) * comb(n_bc, k_bc) * factorial(n_abc)
                ways //= factorial(rest[0]) * factorial(rest[1]) * factorial(rest[2])
                total += ways
                weights.append(total)
                splits.append((k_ab, k_ac, k_bc, *rest))
    return tuple(weights), tuple(splits)


def count_deals(knowledge: HandKnowledge) -> int:
    """How many placements of the unseen cards are consistent with ``knowledge``.

    >>> from sixtysix.core.partnership import FourHandedDeal
    >>> from sixtysix.core.view import PartnershipView
    >>> view = PartnershipView.of(FourHandedDeal.shuffled(seed=3, dealer=4), 4)
    >>> count_deals(HandKnowledge.from_view(view)) == comb(24, 8) * comb(16, 8)
    True
    """
    weights, _ = _splits(*_layout(knowledge)[1:])
    return weights[-1] if weights else 0


def _layout(knowledge: HandKnowledge) -> tuple[list[CardMask], tuple[int, ...], tuple[int, ...]]:
    others = [s for s in SEATS if s != knowledge.seat]
    base = [knowledge.possible[s - 1] for s in others]
    pool = base[0] | base[1] | base[2]
    groups = _groups(pool, base)
    sizes = tuple(g.bit_count() for g in groups)
    caps = tuple(knowledge.counts[s - 1] for s in others)
    return groups, sizes, caps


def sample_hands(knowledge: HandKnowledge, rng: random.Random) -> Masks4:
    """A uniformly random deal of the unseen cards consistent with ``knowledge``: the hands of seats 1-4.

    The viewer's hand is its own; the others get exactly ``counts`` cards each,
    each within ``possible`` and including ``known``. Raises ``ValueError`` only
    if no consistent deal exists (never for the knowledge of a legal deal).
    """
    groups, sizes, caps = _layout(knowledge)
    weights, splits = _splits(sizes, caps)
    if not weights:
        raise ValueError("no deal is consistent with this knowledge")
    k_ab, k_ac, k_bc, *rest = splits[_pick(weights, rng)]
    hands = [groups[1], groups[2], groups[4]]
    for (first, second), kind, k in zip(((0, 1), (0, 2), (1, 2)), _PAIRS, (k_ab, k_ac, k_bc), strict=True):
        cards = list(cards_of(groups[kind]))
        rng.shuffle(cards)
        for n, card in enumerate(cards):
            hands[first if n < k else second] |= BIT[card]
    cards = list(cards_of(groups[7]))
    rng.shuffle(cards)
    start = 0
    for i, n in enumerate(rest):
        for card in cards[start : start + n]:
            hands[i] |= BIT[card]
        start += n
    result = list(knowledge.possible)
    for i, s in enumerate(s for s in SEATS if s != knowledge.seat):
        result[s - 1] = hands[i]
    return result[0], result[1], result[2], result[3]


def _pick(cumulative: tuple[int, ...], rng: random.Random) -> int:
    """An index chosen with probability proportional to its weight (cumulative weights)."""
    x = rng.randrange(cumulative[-1])
    lo, hi = 0, len(cumulative) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if cumulative[mid] > x:
            hi = mid
        else:
            lo = mid + 1
    return lo
