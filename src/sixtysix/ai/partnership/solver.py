"""Exact search of four-handed positions where every hand is known.

The value of a position is what the deal will give in game points with all
four players playing perfectly, side 1 (seats 1 and 3) maximising and side 2
(seats 2 and 4) minimising: partners cooperate, as if each knew the others'
cards. Positive values are good for side 1. A played-out deal is scored by
:func:`~sixtysix.core.partnership.score_partnership_deal` (the one scoring function
of the game), the ten-of-trumps bonus points (option) included; a ten of trumps
that wins the match at once is worth :data:`MATCH_WIN`.

The search is alpha-beta over single cards on plain ints (hands are bit masks),
with a transposition table at trick boundaries, a static bound on what the
remaining points can still change (a decided deal is not searched on), the
cheapest winning card or the richest card for the partner tried first, and the
zero-point cards of a suit that touch in a hand searched once. The legal cards
are those of :meth:`~sixtysix.core.partnership.FourHandedDeal.follow_mask` (the tests
compare the two on many random positions). A marriage (option
``four_player_marriages``) is declared whenever its king or queen is led: the
declaration only ever adds points to the leader's side.

>>> from sixtysix.core.partnership import FourHandedDeal
>>> from sixtysix.ai.partnership.solver import PartnershipSolver, Position
>>> deal = FourHandedDeal.shuffled(seed=3, dealer=4)
>>> for _ in range(20):                     # five tricks into the deal
...     deal.apply(deal.legal_actions()[0])
>>> solver = PartnershipSolver(deal.rules)
>>> value = solver.value(Position.of_deal(deal))
>>> -3 <= value <= 3
True
>>> values = solver.action_values(Position.of_deal(deal))
>>> max(values.values()) == value           # side 1 is to act (seat 1 leads)
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sixtysix.core.actions import ACTIONS, Action
from sixtysix.core.cards import (
    BIT,
    KING,
    QUEEN,
    RANK_OF,
    SAME_SUIT,
    SUIT_OF,
    SUITS,
    TEN,
    Card,
    CardMask,
    cards_of,
    make_card,
)
from sixtysix.core.facts import (
    BEATERS,
    MARRIAGE_CARDS,
    last_trick_bonus,
    marriage_for,
    marriage_points,
    partnership_follow_mask,
    trick_winner,
)
from sixtysix.core.outcome import Stage
from sixtysix.core.partnership import FourHandedDeal, score_partnership_deal
from sixtysix.core.rules import Rules

FINE = 1000
"""Game points and card points in one value (``fine`` solver): ``FINE * game points + margin``."""
INF = 100 * FINE
MATCH_WIN = 4
"""The value of winning the match at once with the ten of trumps (option ``ten_of_trumps_bonus``)."""
_EXACT, _LOWER, _UPPER = 0, 1, 2
_TRUMP_POWER = 6


@dataclass(frozen=True)
class Position:
    """A four-handed position with every card placed: what the solver searches.

    Per-seat tuples hold seats 1-4, per-side tuples sides 1 and 2. ``trick``
    is the current trick in the order played, led by ``leader``;
    ``marriage_suit`` is the suit the leader has just declared (its king or
    queen must be led), else -1.
    """

    hands: tuple[CardMask, CardMask, CardMask, CardMask]
    trump: int
    leader: int
    trick: tuple[tuple[int, Card], ...] = ()
    score: tuple[int, int] = (0, 0)
    pending: tuple[int, int] = (0, 0)
    tricks: tuple[int, int] = (0, 0)
    ten_side: int = 0
    marriage_suit: int = -1
    match_score: tuple[int, int] = (0, 0)

    @classmethod
    def of_deal(cls, deal: FourHandedDeal) -> Position:
        """The position of a deal (every hand read from the engine: only for worlds and tests)."""
        h = deal.hands
        return cls(
            hands=(h[1], h[2], h[3], h[4]),
            trump=deal.trump,
            leader=deal.leader,
            trick=tuple(deal.trick),
            score=(deal.score[1], deal.score[2]),
            pending=(deal.pending[1], deal.pending[2]),
            tricks=(deal.tricks[1], deal.tricks[2]),
            ten_side=deal.ten_side,
            marriage_suit=deal.marriage_suit if deal.stage == Stage.MARRIAGE else -1,
            match_score=deal.match_score,
        )

    @property
    def to_act(self) -> int:
        return (self.leader - 1 + len(self.trick)) % 4 + 1


def split_fine(value: float) -> tuple[float, float]:
    """The game points and the card-point margin of a ``fine`` value (or of a mean of them).

    >>> split_fine(2 * FINE - 40)
    (2, -40)
    """
    game = round(value / FINE)
    return game, value - game * FINE


def legal_cards(hand: CardMask, trick: Sequence[tuple[int, Card]], trump: int, undertrump: bool = True) -> CardMask:
    """The cards of ``hand`` that may be played to ``trick`` (R-4P-4), as a mask.

    The same cards as :meth:`FourHandedDeal.follow_mask` (any card on lead).

    >>> from sixtysix.core.cards import parse_card, parse_cards, format_cards
    >>> trick = [(1, parse_card("9c")), (2, parse_card("Kc")), (3, parse_card("Qc"))]
    >>> format_cards(legal_cards(parse_cards("Ac 8c Kh"), trick, trump=3))  # TC-4P2
    'Ac'
    """
    if not trick:
        return hand
    cards = [card for _, card in trick]
    best = cards[trick_winner(cards, trump)]
    return partnership_follow_mask(hand, SUIT_OF[cards[0]], best, trump, undertrump)


ZeroCards = tuple[CardMask, tuple[tuple[Card, ...], ...]]
"""The zero-point cards with a zero-point card just above them, and for each card the zero-point
cards above it in its suit, nearest first."""


def _zero_cards(points: Sequence[int]) -> ZeroCards:
    """The cards worth no card point under the rules (the nine, eight and seven; without the nine
    when it counts) that may touch a higher one, and what is above each.

    >>> from sixtysix.core.cards import card_point_table, format_cards
    >>> low, above = _zero_cards(card_point_table(0))
    >>> format_cards(low & 0xFF), format_cards(above[7])
    ('8c 7c', '8c 9c')
    >>> format_cards(_zero_cards(card_point_table(1))[0] & 0xFF)
    '7c'
    """
    zeros = [points[card] == 0 for card in range(32)]
    above: list[tuple[Card, ...]] = []
    for card in range(32):
        higher = card - 1  # the ace is never worth nothing: this stays in the suit of a zero-point card
        chain: list[Card] = []
        while zeros[card] and zeros[higher]:
            chain.append(higher)
            higher -= 1
        above.append(tuple(chain))
    low = sum(BIT[card] for card in range(32) if above[card])
    return low, tuple(above)


def _touching_zeros(cands: CardMask, others: CardMask, zero_cards: ZeroCards) -> CardMask:
    """The zero-point cards of ``cands`` whose next higher zero-point card is in ``cands`` with
    no card of ``others`` between them: they play exactly like that card."""
    low, above = zero_cards
    drop = 0
    for card in cards_of(cands & low):
        for higher in above[card]:
            bit = BIT[higher]
            if cands & bit:
                drop |= BIT[card]
                break
            if others & bit:
                break
    return drop


@functools.cache
def _power_tables(trump: int) -> tuple[tuple[int, ...], ...]:
    """Per suit, the power of each byte of cards: ``(8 - rank) ** 4``, six times for a trump.

    Fitted on exact solves with five tricks left: a side's share of the points still out
    is close to its share of the power (mean error 15 card points, against 21 for a share
    by the tricks taken so far).
    """
    tables = []
    for suit in SUITS:
        factor = _TRUMP_POWER if suit == trump else 1
        tables.append(tuple(sum((8 - r) ** 4 * factor for r in range(8) if byte >> r & 1) for byte in range(256)))
    return tuple(tables)


class PartnershipSolver:
    """Perfect-information search for one set of four-handed rules.

    ``max_tricks`` limits how many tricks are searched from a position (``None``:
    to the end, exact); at the limit a trick boundary is estimated with
    :meth:`estimate` (the points won so far plus a share of those still out, by the power
    of each side's cards).
    ``nodes`` counts the cards tried. With ``fine`` a value is ``FINE * game points +
    card-point margin`` (side 1's points minus side 2's at the end): the game points
    first, then the points to break their ties (:func:`split_fine` parts them again).
    """

    def __init__(self, rules: Rules, max_tricks: int | None = None, fine: bool = False) -> None:
        if rules.players != 4:  # why: it searches the four-card trick and the sides of the partnership game only
            raise ValueError("the partnership solver needs four-player rules")
        self.rules = rules
        self.max_tricks = max_tricks
        self.fine = fine
        self.unit = FINE if fine else 1
        self.nodes = 0
        self.points = tuple(rules.points[c] for c in range(32))
        self.deal_tricks = rules.hand_size  # every card is dealt: a trick takes one card from each hand
        self.last_bonus = last_trick_bonus(rules, closed=False)
        self._zero_cards = _zero_cards(self.points)
        self._low_zeros = self._zero_cards[0]
        self.undertrump = rules.four_player_undertrump_required
        self.marriages = rules.four_player_marriages
        self.ten_bonus = rules.ten_of_trumps_bonus
        self._terminal: dict[int, int] = {}
        self._tt: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self._context: tuple[int, tuple[int, int], int] = (-1, (0, 0), 0)
        # the state of the search (set by _load)
        self.hands = [0, 0, 0, 0, 0]
        self.score = [0, 0, 0]
        self.pending = [0, 0, 0]
        self.tricks = [0, 0, 0]
        self.trump = 0
        self._lead_cards: list[Card] = []
        self._ten_bit = 0
        self._power_tables = _power_tables(0)
        self._cheap_key: Callable[[int], int] = abs
        self._rich_key: Callable[[int], int] = abs
        self.ten_side = 0
        self.trick_count = 0
        self.match_score = (0, 0)
        self.horizon = self.deal_tricks
        self.remaining_points = 0

    # -- public entry points ----------------------------------------------

    def value(self, position: Position) -> int:
        """The value of ``position`` for side 1 (game points, exact unless ``max_tricks``)."""
        self._load(position)
        return self._root(position, -INF, INF, None, declare=True)

    def action_values(self, position: Position) -> dict[Action, int]:
        """The value of every legal action of the seat to act, for that seat's side (higher = better).

        A marriage action (option ``four_player_marriages``) has the value of the
        better of its king and queen leads.
        """
        seat = position.to_act
        sign = 1 if seat % 2 else -1
        self._load(position)
        values: dict[Action, int] = {}
        for card in cards_of(self._root_cards(position)):
            values[ACTIONS[card]] = sign * self._root(position, -INF, INF, card, declare=False)
        if self.marriages and not position.trick and position.marriage_suit < 0:
            hand = position.hands[seat - 1]
            for suit in SUITS:
                pair = MARRIAGE_CARDS[suit]
                if hand & pair == pair:
                    led = [sign * self._root(position, -INF, INF, card, declare=True) for card in cards_of(pair)]
                    values[marriage_for(suit, position.trump)] = max(led)
        return values

    def estimate(self) -> int:
        """The value at the trick limit: the deal scored as if the points still out were shared
        in proportion to the power of each side's cards (see :func:`_power_tables`)."""
        s1, s2 = self.score[1], self.score[2]
        h = self.hands
        power1, power2 = self._power(h[1] | h[3]), self._power(h[2] | h[4])
        rest = self.remaining_points + self.last_bonus
        share = rest * power1 // (power1 + power2 or 1)
        return self._final(s1 + share, s2 + rest - share, self.tricks[1] + 1, self.tricks[2] + 1, self.ten_side)

    def _power(self, mask: CardMask) -> int:
        t0, t1, t2, t3 = self._power_tables
        return t0[mask & 255] + t1[mask >> 8 & 255] + t2[mask >> 16 & 255] + t3[mask >> 24 & 255]

    # -- setting up -----------------------------------------------------

    def _load(self, position: Position) -> None:
        self.hands = [0, *position.hands]
        self.score = [0, *position.score]
        self.pending = [0, *position.pending]
        self.tricks = [0, *position.tricks]
        self.trump = position.trump
        trump, points = self.trump, self.points
        # High cards first, trumps before the plain cards of the same rank.
        self._lead_cards = sorted(range(32), key=lambda c: (RANK_OF[c] - (8 if SUIT_OF[c] == trump else 0), -points[c]))
        self._ten_bit = BIT[make_card(TEN, trump)]
        self._power_tables = _power_tables(self.trump)
        self._cheap_key = [self.points[c] * 8 - RANK_OF[c] for c in range(32)].__getitem__
        self._rich_key = [-self.points[c] * 8 + RANK_OF[c] for c in range(32)].__getitem__
        self.ten_side = position.ten_side
        self.trick_count = position.tricks[0] + position.tricks[1]
        self.match_score = position.match_score
        self.horizon = self.deal_tricks if self.max_tricks is None else self.trick_count + self.max_tricks
        out = self.hands[1] | self.hands[2] | self.hands[3] | self.hands[4]
        self.remaining_points = sum(self.points[c] for c in cards_of(out)) + sum(
            self.points[c] for _, c in position.trick
        )
        context = (position.trump, position.match_score, self.horizon)
        if context != self._context or len(self._tt) > 100_000:
            self._tt.clear()
            self._context = context

    def _root_cards(self, position: Position) -> CardMask:
        hand = position.hands[position.to_act - 1]
        if position.marriage_suit >= 0:
            return hand & MARRIAGE_CARDS[position.marriage_suit]
        return legal_cards(hand, position.trick, self.trump, self.undertrump)

    def _root(self, position: Position, alpha: int, beta: int, only: Card | None, declare: bool) -> int:
        """Search from ``position`` (already loaded); ``only`` forces the first card, led with its
        marriage only if ``declare``."""
        trick = position.trick
        seat = position.to_act
        cards = 0
        best, best_seat = -1, 0
        beaters = BEATERS[self.trump]
        for s, card in trick:
            cards |= BIT[card]
            if best < 0 or beaters[best] & BIT[card]:
                best, best_seat = card, s
        if not trick and only is None and position.marriage_suit < 0:
            return self._trick(seat, alpha, beta)
        allowed = self._root_cards(position) if only is None else BIT[only]
        led = SUIT_OF[trick[0][1]] if trick else -1
        declared = position.marriage_suit >= 0 or not declare
        tpts = sum(self.points[c] for _, c in trick)
        return self._card(seat, len(trick), led, best, best_seat, cards, tpts, alpha, beta, allowed, declared)

    # -- the search -----------------------------------------------------------

    def _bounds(self) -> tuple[int, int]:
        """The least and the most side 1 can still get, from the points still out."""
        s1, s2 = self.score[1], self.score[2]
        rest = self.remaining_points + self.last_bonus
        more1 = more2 = 0
        if self.marriages:
            more1, more2 = self._marriages_out()
        ten1 = ten2 = self.ten_side
        if self.ten_bonus and not ten1 and self._ten_out():
            ten1, ten2 = 1, 2
        hi = self._final(s1 + rest + more1 + self.pending[1], s2, 1, self.tricks[2], ten1)
        lo = self._final(s1, s2 + rest + more2 + self.pending[2], self.tricks[1], 1, ten2)
        if ten1 != ten2 and self.ten_bonus:
            ms = self.match_score
            target = self.rules.match_target - 1
            if ms[0] >= target:
                hi = MATCH_WIN * self.unit
            if ms[1] >= target:
                lo = -MATCH_WIN * self.unit
        return lo, hi

    def _marriages_out(self) -> tuple[int, int]:
        more = [0, 0, 0]
        for seat in (1, 2, 3, 4):
            hand = self.hands[seat]
            for suit in SUITS:
                pair = MARRIAGE_CARDS[suit]
                if hand & pair == pair:
                    more[2 - seat % 2] += marriage_points(suit == self.trump)
        return more[1], more[2]

    def _ten_out(self) -> bool:
        return bool((self.hands[1] | self.hands[2] | self.hands[3] | self.hands[4]) & self._ten_bit)

    def _final(self, p1: int, p2: int, t1: int, t2: int, ten_side: int) -> int:
        """The game points of a played-out deal for side 1 (cached calls of the scoring function)."""
        has1, has2 = int(t1 > 0), int(t2 > 0)
        key = (((p1 << 10 | p2) << 1 | has1) << 1 | has2) * 3 + ten_side
        value = self._terminal.get(key)
        if value is None:
            scoring = score_partnership_deal(self.rules, [0, p1, p2], [0, has1, has2], ten_side)
            winner, points, bonus = scoring.winner, scoring.game_points, scoring.bonus
            value = (points if winner == 1 else -points if winner == 2 else 0) + bonus[0] - bonus[1]
            if self.fine:
                value = value * FINE + p1 - p2
            self._terminal[key] = value
        return value

    def _trick(self, leader: int, alpha: int, beta: int) -> int:
        """The value at the start of a trick led by ``leader``."""
        if self.trick_count >= self.horizon:
            return self.estimate()
        lo, hi = self._bounds()
        if lo >= hi or hi <= alpha:
            return hi
        if lo >= beta:
            return lo
        score, tricks, pending = self.score, self.tricks, self.pending
        h = self.hands
        key: tuple[int, ...] = (
            h[1],
            h[2],
            h[3],
            h[4],
            leader,
            score[1],
            score[2],
            min(tricks[1], 1),
            min(tricks[2], 1),
            self.ten_side,
        )
        if self.marriages:
            key += (pending[1], pending[2])
        hint = -1
        entry = self._tt.get(key)
        if entry is not None:
            flag, value, hint = entry
            if flag == _EXACT:
                return value
            if flag == _LOWER and value >= beta:
                return value
            if flag == _UPPER and value <= alpha:
                return value
        a0, b0 = alpha, beta
        alpha, beta = max(alpha, lo), min(beta, hi)
        value, card = self._lead(leader, alpha, beta, hint)
        flag = _UPPER if value <= a0 else _LOWER if value >= b0 else _EXACT
        self._tt[key] = (flag, value, card)
        return value

    def _lead(self, seat: int, alpha: int, beta: int, hint: int) -> tuple[int, int]:
        hand = self.hands[seat]
        others = 0
        for s in (1, 2, 3, 4):
            if s != seat:
                others |= self.hands[s]
        cands = hand & ~_touching_zeros(hand, others, self._zero_cards) if hand & self._low_zeros else hand
        order = self._lead_order(cands, hint)
        maximise = seat % 2 == 1
        best = -INF if maximise else INF
        best_card = order[0]
        for card in order:
            value = self._card(seat, 0, -1, -1, 0, 0, 0, alpha, beta, BIT[card], False)
            if maximise:
                if value > best:
                    best, best_card = value, card
                    if value > alpha:
                        alpha = value
            elif value < best:
                best, best_card = value, card
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        return best, best_card

    def _lead_order(self, cands: CardMask, hint: int) -> list[Card]:
        """High cards first (they win or draw), the transposition table's best card before all."""
        order = [c for c in self._lead_cards if cands & BIT[c]]
        if hint >= 0 and cands & BIT[hint]:
            order.remove(hint)
            order.insert(0, hint)
        return order

    def _card(
        self,
        seat: int,
        n: int,
        led: int,
        best: int,
        best_seat: int,
        cards: int,
        tpts: int,
        alpha: int,
        beta: int,
        allowed: CardMask,
        declared: bool,
    ) -> int:
        """The value when ``seat`` plays the ``n``-th card of the trick (one of ``allowed``, or its legal cards)."""
        hands = self.hands
        hand = hands[seat]
        trump = self.trump
        if allowed:
            cands = allowed
        else:
            cands = partnership_follow_mask(hand, led, best, trump, self.undertrump)
            if cands & self._low_zeros and cands & (cands - 1):
                others = hands[1] | hands[2] | hands[3] | hands[4]
                cands &= ~_touching_zeros(cands, others & ~hand, self._zero_cards)
        maximise = seat % 2 == 1
        value_best = -INF if maximise else INF
        nxt = seat % 4 + 1
        points = self.points
        beaters = BEATERS[trump]
        for card in self._follow_order(cands, seat, best, best_seat) if n else cards_of(cands):
            self.nodes += 1
            bit = BIT[card]
            hands[seat] = hand & ~bit
            married = 0
            if n == 0:
                led_now = SUIT_OF[card]
                new_best, new_seat = card, seat
                if self.marriages and not declared and RANK_OF[card] in (KING, QUEEN):
                    pair = MARRIAGE_CARDS[led_now]
                    if hand & pair == pair:
                        married = marriage_points(led_now == trump)
                        self._declare(2 - seat % 2, married)
            else:
                led_now = led
                if beaters[best] & BIT[card]:
                    new_best, new_seat = card, seat
                else:
                    new_best, new_seat = best, best_seat
            if n == 3:
                value = self._resolve(new_seat, cards | bit, tpts + points[card], alpha, beta)
            else:
                value = self._card(
                    nxt, n + 1, led_now, new_best, new_seat, cards | bit, tpts + points[card], alpha, beta, 0, False
                )
            if married:
                self._undeclare(2 - seat % 2, married)
            hands[seat] = hand
            if maximise:
                if value > value_best:
                    value_best = value
                    if value > alpha:
                        alpha = value
            elif value < value_best:
                value_best = value
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        return value_best

    def _follow_order(self, cands: CardMask, seat: int, best: int, best_seat: int) -> tuple[Card, ...]:
        """Partner winning: the richest card first; otherwise the cheapest card that takes the trick,
        then the cheapest of the rest (within a suit a lower card is never worth more points)."""
        if not cands & (cands - 1):
            return cards_of(cands)
        if (best_seat - seat) % 2 == 0:
            if cands & SAME_SUIT[best] == cands:
                return cards_of(cands)  # within a suit, the richest card first
            return tuple(sorted(cards_of(cands), key=self._rich_key))
        winners = cands & BEATERS[self.trump][best]
        losers = cands & ~winners
        if losers & SAME_SUIT[losers.bit_length() - 1] != losers:
            return cards_of(winners)[::-1] + tuple(sorted(cards_of(losers), key=self._cheap_key))
        return cards_of(winners)[::-1] + cards_of(losers)[::-1]

    def _declare(self, side: int, value: int) -> None:
        if self.tricks[side]:
            self.score[side] += value
        else:
            self.pending[side] += value

    def _undeclare(self, side: int, value: int) -> None:
        if self.tricks[side]:
            self.score[side] -= value
        else:
            self.pending[side] -= value

    def _resolve(self, winner: int, cards: CardMask, gained: int, alpha: int, beta: int) -> int:
        """Score a complete trick (its cards and points) for ``winner`` and search on from the next trick."""
        side = 2 - winner % 2
        score, tricks, pending = self.score, self.tricks, self.pending
        added = gained + pending[side]
        saved_pending = pending[side]
        saved_ten = self.ten_side
        score[side] += added
        pending[side] = 0
        tricks[side] += 1
        self.trick_count += 1
        self.remaining_points -= gained
        ten = self.ten_bonus and cards & self._ten_bit
        if ten:
            self.ten_side = side
        if ten and self.match_score[side - 1] >= self.rules.match_target - 1:
            value = (MATCH_WIN if side == 1 else -MATCH_WIN) * self.unit
        elif self.trick_count == self.deal_tricks:
            last = self.last_bonus
            if side == 1:
                value = self._final(score[1] + last, score[2], tricks[1], tricks[2], self.ten_side)
            else:
                value = self._final(score[1], score[2] + last, tricks[1], tricks[2], self.ten_side)
        else:
            value = self._trick(winner, alpha, beta)
        score[side] -= added
        pending[side] = saved_pending
        tricks[side] -= 1
        self.trick_count -= 1
        self.remaining_points += gained
        self.ten_side = saved_ten
        return value
