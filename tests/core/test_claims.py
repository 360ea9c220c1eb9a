"""How a claim of 66 is judged (docs/protocol.md, "How a claim is judged"): on the counted score alone."""

from __future__ import annotations

import random

import pytest

from sixtysix import Deal, Rules
from sixtysix.core.actions import CLAIM
from sixtysix.core.facts import marriage_value
from sixtysix.core.outcome import Termination


def positions(rules: Rules, deals: int = 300) -> list[Deal]:
    """Every position of random deals (marriages declared at once) where the seat to act may claim (copies)."""
    found = []
    rng = random.Random(7)
    for seed in range(deals):
        deal = Deal.shuffled(seed=seed, rules=rules)
        while not deal.is_over:
            legal = deal.legal_actions()
            if CLAIM in legal:
                found.append(deal.copy())
            marriages = [action for action in legal if action.is_marriage()]  # declared whenever they can be
            deal.apply(marriages[0] if marriages else rng.choice([action for action in legal if action != CLAIM]))
    return found


@pytest.mark.parametrize("credit", ["seed", "next_trick_won"])
def test_a_claim_counts_the_score_and_never_the_pending_marriage_points(credit: str) -> None:
    pending_would_make_it = 0
    for deal in positions(Rules.preset("seed66").replace(marriage_credit=credit)):
        seat = deal.to_act
        assert seat is not None
        score, pending = deal.score[seat], deal.pending[seat]
        deal.apply(CLAIM)
        outcome = deal.outcome
        assert outcome is not None
        assert (outcome.termination is Termination.CLAIM) == (score >= 66), (score, pending)
        if score < 66 <= score + pending:
            pending_would_make_it += 1
            assert outcome.termination is Termination.FALSE_CLAIM and outcome.game_points == 2
    if credit == "next_trick_won":  # in seed66 only a seat without a trick has pending points
        assert pending_would_make_it > 0, "no position with pending points that would have made 66"


def test_in_seed66_a_marriage_of_a_seat_with_a_trick_counts_at_once() -> None:
    checked = 0
    for deal in positions(Rules.preset("seed66")):
        seat = deal.to_act
        assert seat is not None
        marriages = [action for action in deal.legal_actions() if action.is_marriage()]
        if not marriages or not deal.tricks[seat]:
            continue
        before = deal.score[seat]
        deal.apply(marriages[0])
        assert deal.score[seat] == before + marriage_value(marriages[0]) and deal.pending[seat] == 0
        assert CLAIM in deal.legal_actions()  # marriage_claim_without_lead
        checked += 1
    assert checked > 0
