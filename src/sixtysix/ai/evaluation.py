"""A quick estimate of a phase-1 position's value, for depth-limited search.

The estimate is in game points for seat 1, like the solver's exact values.
It projects each side's final card points from what it has, the points still
to be won and how strong its hand is (high cards, trumps, marriages in hand),
then maps the projected margin to game points with a smooth curve.
"""

from __future__ import annotations

import math

from sixtysix.cards import BIT, KING, QUEEN, SUIT_MASK, cards_of
from sixtysix.game import Deal, scale_points

_TRUMP_BONUS = 6.0  # a trump is worth more than its points: it wins tricks
_MARRIAGE_SHARE = 0.6  # the part of a held marriage's value expected to be scored
_SCALE = 22.0  # card points of margin worth about one game point


def hand_strength(deal: Deal, seat: int) -> float:
    points = deal.rules.points
    hand = deal.hands[seat]
    trump_mask = SUIT_MASK[deal.trump]
    strength = 1.0
    for card in cards_of(hand):
        strength += points[card]
        if BIT[card] & trump_mask:
            strength += _TRUMP_BONUS + points[card] * 0.5
    return strength


def marriage_potential(deal: Deal, seat: int) -> float:
    if deal.phase2 and not deal.rules.marriage_in_phase2:
        return 0.0
    hand = deal.hands[seat]
    total = 0.0
    for suit in range(4):
        pair = BIT[suit * 8 + KING] | BIT[suit * 8 + QUEEN]
        if hand & pair == pair:
            total += (40 if suit == deal.trump else 20) * _MARRIAGE_SHARE
    return total


def heuristic_value(deal: Deal) -> float:
    """Estimated game points for seat 1 (positive: seat 1 is ahead)."""
    rules = deal.rules
    s1 = deal.score[1] + deal.pending[1] * 0.5
    s2 = deal.score[2] + deal.pending[2] * 0.5
    won = deal.score[1] + deal.score[2]
    bonus = 10 if rules.last_trick_rule == "ten_points" and not deal.closed else 0
    remaining = max(0, rules.total_points + bonus - (won - _marriage_points(deal)))
    f1 = hand_strength(deal, 1)
    f2 = hand_strength(deal, 2)
    share1 = f1 / (f1 + f2)
    p1 = s1 + remaining * share1 + marriage_potential(deal, 1)
    p2 = s2 + remaining * (1 - share1) + marriage_potential(deal, 2)
    margin = p1 - p2
    value = 1.6 * math.tanh(margin / _SCALE)
    # A side likely to stay below 33, or without a trick, pays more.
    if p2 < 33 and margin > 0:
        value += 0.5 if deal.tricks[2] else 0.8
    elif p1 < 33 and margin < 0:
        value -= 0.5 if deal.tricks[1] else 0.8
    # Never more than can still be won: the opponent's points and tricks only grow.
    double = 2 if rules.closed_deal_double else 1
    high = scale_points(deal.score[2], deal.tricks[2]) * double
    low = -scale_points(deal.score[1], deal.tricks[1]) * double
    return min(high, max(low, value))


def _marriage_points(deal: Deal) -> int:
    """Counted marriage points (scores minus card points in tricks)."""
    points = deal.rules.points
    in_tricks = sum(points[c] for c in cards_of(deal.won[1] | deal.won[2]))
    return deal.score[1] + deal.score[2] - in_tricks
