"""Perft regression counts: the size of the action tree of two fixed deals.

``perft(deal, depth)`` counts the distinct sequences of ``depth`` actions the
seat to act can choose through ``legal_actions()``; a deal that ends earlier
counts as one leaf. The same fixed deals and counts are printed by
``python -m bench.engine`` (its perft section), which goes deeper.

Any change of the rules as the engine implements them (who may close, marry,
exchange or claim when, the follow rules, who wins a trick) moves these
numbers. If a change is intended, re-derive the small depths by hand as below
and update the tables from ``python -m bench.engine --perft-depth 7``.

Exchanges by the seat not to act (the seed66 window right after a draw) are not
counted: they are not in ``legal_actions()`` and first become possible at
ply 7, so with them the seed66 count at depth 7 would be 27,493.
"""

from __future__ import annotations

import pytest

from sixtysix import Deal, Rules, format_cards, shuffled_deck

SEED = 2026
DEALER = 2

# seed66, shuffled_deck(Rules(), 2026), dealer 2 (forehand: seat 1)
#   deck  Jc 9d Ad 9c Js Ks | Kc Kd Tc Ac Ts As | Qd | Kh Ah Qh Th 9h Td 9s Qs Jh Jd Qc
#   seat 1: Jc 9c Ad 9d Ks Js   seat 2: Ac Tc Kc Kd As Ts   trump card Qd (diamonds); the 9d is seat 1's
# depth 1: 6 cards + C + 66 = 8 (no K-Q pair; no exchange at the first lead under seed66)
# depth 2: 6 leads x 6 free follows (talon open) = 36; after C the leader has 6 cards + 66 = 7
#          (no marriage/exchange/close once closed); 66 ends the deal = 1          -> 36 + 7 + 1 = 44
# depth 3: each of the 36 tricks gives the winner CB / 66 / draw = 108;
#          C then a lead, followed by the strict rules (follow suit and head the trick, else trump):
#          Jc: Ac Tc Kc, 9c: Ac Tc Kc, Ad: Kd, 9d: Kd, Ks: As Ts, Js: As Ts = 12; C 66 = 1; 66 = 1
#                                                                                    -> 108 + 12 + 1 + 1 = 122
# depth 4: per trick, CB -> 5 cards + 66 = 6, 66 -> 1, draw (winner Kh, loser Ah) -> 6 cards + C + 66 = 8,
#          + X when the winner is seat 1 and did not lead the 9d (no K-Q pair on either side after the draw):
#          seat 1 wins 2 (Jc) + 2 (9c) + 6 (Ad) + 3 (Js) + 3 (Ks) = 16 of those tricks -> 36 x 15 + 16 = 556;
#          C, lead, follow (12 tricks, talon closed): the winner has 5 cards + 66 = 6 -> 72; plus the two ended
#                                                                                    -> 556 + 72 + 1 + 1 = 630
SEED66 = [8, 44, 122, 630, 2_192, 7_052, 27_306]

# schnapsen, shuffled_deck(Rules.preset("schnapsen"), 2026), dealer 2 (forehand: seat 1)
#   deck  Ad Kc Ac Tc Qh | Jc Th Kd Qs Td | Qd | Kh Jd As Jh Js Ks Ts Ah Qc
#   seat 1: Ac Tc Kc Ad Qh   seat 2: Jc Kd Td Th Qs   trump card Qd (diamonds); the exchange card Jd is in the stock
# depth 1: 5 cards + C + 66 = 7 (no K-Q pair, no Jd)
# depth 2: 5 x 5 free follows = 25; after C: 5 cards + 66 = 6; 66 = 1               -> 25 + 6 + 1 = 32
# depth 3: no CB in Schnapsen, so each trick draws at once (winner Kh, loser Jd); the winner leads with
#          5 cards + C + 66 = 7, + 20h when seat 1 wins with the Qh still in hand (it pairs with the Kh):
#          Ad wins 5, Kc/Ac/Tc win 3 each (all but the trumps Kd Td) = 14           -> 25 x 7 + 14 = 189;
#          C then a lead, strict follows: Ad: Kd Td, Kc/Ac/Tc: Jc, Qh: Th = 6; C 66 = 1; 66 = 1
#                                                                                    -> 189 + 6 + 1 + 1 = 197
SCHNAPSEN = [7, 32, 197, 888, 5_210, 24_497, 139_365]


def perft(deal: Deal, depth: int) -> int:
    if depth == 0 or deal.is_over:
        return 1
    actions = deal.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = deal.copy()
        child.apply_unchecked(action)
        total += perft(child, depth - 1)
    return total


def fixed_deal(preset: str) -> Deal:
    rules = Rules.preset(preset)
    return Deal(shuffled_deck(rules, SEED), DEALER, rules)


def test_fixed_deals_are_the_documented_ones() -> None:
    seed66 = fixed_deal("seed66")
    assert format_cards(seed66.deck) == "Jc 9d Ad 9c Js Ks Kc Kd Tc Ac Ts As Qd Kh Ah Qh Th 9h Td 9s Qs Jh Jd Qc"
    assert [str(a) for a in seed66.legal_actions()] == ["Jc", "9c", "Ad", "9d", "Ks", "Js", "C", "66"]
    schnapsen = fixed_deal("schnapsen")
    assert format_cards(schnapsen.deck) == "Ad Kc Ac Tc Qh Jc Th Kd Qs Td Qd Kh Jd As Jh Js Ks Ts Ah Qc"
    assert [str(a) for a in schnapsen.legal_actions()] == ["Ac", "Tc", "Kc", "Ad", "Qh", "C", "66"]


@pytest.mark.parametrize(("preset", "counts"), [("seed66", SEED66), ("schnapsen", SCHNAPSEN)])
def test_perft(preset: str, counts: list[int]) -> None:
    deal = fixed_deal(preset)
    assert [perft(deal, depth) for depth in range(1, len(counts) + 1)] == counts
    assert deal.history == [] and not deal.is_over  # the walk copies; the root is untouched


def test_checked_apply_walks_the_same_tree() -> None:
    """The checked ``apply`` accepts every action of ``legal_actions()`` and reaches the same states."""

    def walk(deal: Deal, depth: int) -> int:
        if depth == 0 or deal.is_over:
            return 1
        total = 0
        for action in deal.legal_actions():
            child = deal.copy()
            child.apply(action)
            total += walk(child, depth - 1)
        return total

    assert walk(fixed_deal("seed66"), 5) == SEED66[4]
    assert walk(fixed_deal("schnapsen"), 5) == SCHNAPSEN[4]
