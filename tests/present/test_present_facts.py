"""The rule facts the words use (core.facts: trick winner and points, last trick, marriages) are the engine's."""

from __future__ import annotations

import random

import pytest

from sixtysix import Deal, Rules
from sixtysix.core.actions import CLAIM
from sixtysix.core.facts import last_trick_bonus, marriage_value, trick_points, winning_seat
from sixtysix.core.game import FOLLOW

RULES = (
    Rules.preset("seed66"),
    Rules.preset("pagat66"),
    Rules.preset("schnapsen"),
    Rules.preset("seed66").replace(nine_points=1),
)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.preset_name}-nine{r.nine_points}")
def test_the_trick_winner_points_and_marriages_are_the_engines(rules: Rules) -> None:
    """Over random two-player deals: who takes each trick, what the trick and the last trick add
    to his score, and what a marriage adds, as the engine counts them."""
    rng = random.Random(7)
    tricks = marriages = last_tricks = 0
    for seed in range(60):
        deal = Deal.shuffled(seed=seed, dealer=seed % 2 + 1, rules=rules)
        while not deal.is_over:
            legal = deal.legal_actions()
            marry = [a for a in legal if a.is_marriage()]
            action = rng.choice(marry or [a for a in legal if a != CLAIM] or legal)  # no claims: deals go long
            seat = deal.to_act or 0
            before = deal.copy()
            deal.apply(action, seat)
            if before.stage == FOLLOW and action.is_card():
                leader = before.leader
                winner = winning_seat(((leader, before.led), (seat, action)), before.trump)
                assert winner == deal.leader or deal.is_over
                gained = deal.score[winner] - before.score[winner] - before.pending[winner] + deal.pending[winner]
                expected = trick_points(rules, (before.led, action))
                if not deal.hands[1] and not deal.hands[2]:
                    expected += last_trick_bonus(rules, deal.closed)
                    last_tricks += 1
                assert gained == expected
                tricks += 1
            elif action.is_marriage():
                gained = deal.score[seat] + deal.pending[seat] - before.score[seat] - before.pending[seat]
                assert gained == marriage_value(action)
                marriages += 1
    assert tricks > 300 and marriages > 5 and last_tricks > 0
