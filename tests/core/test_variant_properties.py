"""Properties of the three- and four-handed games over many random deals and matches.

For every seeded deal under the variant presets and their options: every card is in exactly
one place, card points add up, illegal actions change nothing, legal actions exist exactly
while the deal is running, and every view holds only what its seat has seen (the swap test:
dealing the cards a seat has not seen differently among the other hands leaves its view
unchanged). Matches end exactly when the target is reached and the three-handed dealer's
credit never passes target - 1.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sixtysix import (
    FourHandedDeal,
    IllegalActionError,
    PartnershipMatch,
    PartnershipView,
    Rules,
    ThreeHandedDeal,
    ThreeHandedMatch,
    create_match,
    three_handed_view,
)
from sixtysix.core.cards import BIT, KING, QUEEN, cards_of
from sixtysix.core.game import shuffled_deck

FOUR_OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"four_player_undertrump_required": False},
    {"four_player_marriages": True},
    {"four_player_scale": "loser_under_33", "tie_rule": "void"},
    {"ten_of_trumps_bonus": True, "four_player_marriages": True},
)
THREE_OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"three_player_play_for_loser": True},
    {"next_dealer": "winner", "tie_rule": "void"},
    {"next_dealer": "loser", "match_target": 11},
)
SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def four_rules(index: int) -> Rules:
    return Rules.preset("four66").replace(**FOUR_OPTIONS[index % len(FOUR_OPTIONS)])


def three_rules(index: int) -> Rules:
    return Rules.preset("three66").replace(**THREE_OPTIONS[index % len(THREE_OPTIONS)])


# -- four-handed deals ----------------------------------------------------------------------------


def check_cards_in_one_place(deal: FourHandedDeal) -> None:
    places = [*deal.hands[1:], deal.won[1], deal.won[2], sum(BIT[c] for _, c in deal.trick)]
    total = 0
    for mask in places:
        assert total & mask == 0, "a card is in two places"
        total |= mask
    assert total == deal.rules.pack
    held = [h.bit_count() for h in deal.hands[1:]]
    assert max(held) - min(held) <= 1, "hands differ by more than the current trick"


def seen_by(deal: FourHandedDeal, seat: int) -> int:
    """What ``seat`` has seen, from the deck and the public history alone."""
    dealt = sum(BIT[c] for s, c in zip(_order(deal), deal.deck, strict=True) if s == seat)
    seen = dealt | BIT[deal.trump_card]
    for _, action in deal.history:
        if action < 32:
            seen |= BIT[action]
        else:
            suit = (action - 32) & 3
            seen |= BIT[suit * 8 + KING] | BIT[suit * 8 + QUEEN]
    return seen


def _order(deal: FourHandedDeal) -> tuple[int, ...]:
    from sixtysix.core.partnership import deal_order

    return deal_order(deal.dealer)


def swapped(deal: FourHandedDeal, seat: int, rng: random.Random) -> FourHandedDeal:
    """The same deal with the cards ``seat`` cannot place dealt differently among the other hands."""
    other = deal.copy()
    free = [s for s in (1, 2, 3, 4) if s != seat]
    pool = [c for s in free for c in cards_of(deal.hands[s] & ~deal.known[s])]
    rng.shuffle(pool)
    for s in free:
        keep = deal.hands[s] & deal.known[s]
        count = deal.hands[s].bit_count() - keep.bit_count()
        other.hands[s] = keep | sum(BIT[c] for c in pool[:count])
        pool = pool[count:]
    return other


def view_fields(view: PartnershipView) -> dict[str, Any]:
    return {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}


@pytest.mark.slow
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), option=st.integers(0, 99))
def test_four_handed_deals_keep_cards_points_and_views_sound(seed: int, option: int) -> None:
    rng = random.Random(seed)
    rules = four_rules(option)
    deal = FourHandedDeal(shuffled_deck(rules, rng), rng.randint(1, 4), rules, (rng.randint(0, 6), rng.randint(0, 6)))
    while not deal.is_over:
        check_cards_in_one_place(deal)
        actor = deal.to_act
        assert actor is not None
        legal = deal.legal_actions()
        assert legal and all(deal.legal_actions(s) == [] for s in (1, 2, 3, 4) if s != actor)
        for seat in (1, 2, 3, 4):
            view = PartnershipView.of(deal, seat)
            assert view.visible_cards() & ~seen_by(deal, seat) == 0, "a view names a card its seat never saw"
            assert view.hand == deal.hands[seat]
            other = PartnershipView.of(swapped(deal, seat, rng), seat)
            assert view_fields(other) == view_fields(view), "a view depends on other hands"
        illegal = rng.randrange(46)
        if illegal not in legal:
            before = (deal.hands[:], deal.trick[:], deal.history[:], deal.score[:], deal.stage)
            with pytest.raises(IllegalActionError):
                deal.apply(illegal)
            assert (deal.hands, deal.trick, deal.history, deal.score, deal.stage) == before
        deal.apply(rng.choice(legal))
    outcome = deal.outcome
    assert outcome is not None and deal.legal_actions() == [] and deal.to_act is None
    if outcome.termination.value != "ten_of_trumps":
        assert sum(outcome.tricks) == 8
        marriages = sum(40 if a >= 36 else 20 for _, a in deal.history if a >= 32)
        assert sum(outcome.points) <= 130 + marriages
        if not marriages:
            assert sum(outcome.points) == 130
        if outcome.winner is not None:
            assert outcome.points[outcome.winner - 1] > outcome.points[2 - outcome.winner]
            assert outcome.game_points in (1, 2, 3)
    else:  # a side one point short took the ten of trumps: it wins the match at once
        assert outcome.winner is not None and deal.match_score[outcome.winner - 1] == rules.match_target - 1


# -- three-handed deals ---------------------------------------------------------------------------


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), option=st.integers(0, 99))
def test_three_handed_views_are_the_active_seats_own(seed: int, option: int) -> None:
    rng = random.Random(seed)
    rules = three_rules(option)
    dealer = rng.randint(1, 3)
    deal = ThreeHandedDeal(shuffled_deck(rules, rng), dealer, rules)
    assert deal.sitting_out == dealer and dealer not in deal.active
    while not deal.is_over:
        assert deal.legal_actions(dealer) == []
        for seat in deal.active:
            view = three_handed_view(deal, seat, (1, 2, 3))
            assert view.hand == deal.hand(seat)
            other = next(s for s in deal.active if s != seat)
            assert view.visible_cards() & deal.hand(other) & ~view.opponent_known == 0
            first, second = deal.active  # the view's seats are the inner deal's: forehand first
            assert view.match_score == ((1, 2, 3)[first - 1], (1, 2, 3)[second - 1])
        with pytest.raises(ValueError):
            three_handed_view(deal, dealer)
        seat = deal.window or deal.to_act
        assert seat in deal.active
        deal.apply(rng.choice(deal.legal_actions(seat)), seat)
    outcome = deal.outcome
    assert outcome is not None and outcome.points[dealer - 1] == 0 and outcome.tricks[dealer - 1] == 0
    assert outcome.winner in (None, *deal.active)


# -- matches --------------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), option=st.integers(0, 99), four=st.booleans())
def test_matches_end_exactly_at_the_target(seed: int, option: int, four: bool) -> None:
    rng = random.Random(seed)
    rules = four_rules(option) if four else three_rules(option)
    match = create_match(rules, rng.randint(1, rules.players))
    target = rules.match_target
    while not match.is_over:
        assert max(match.score) < target or isinstance(match, ThreeHandedMatch)
        before = match.score
        deal = match.new_deal(seed=rng.getrandbits(32))
        while not deal.is_over:
            actions = deal.legal_actions()
            choices = [a for a in actions if str(a) != "66"] if rng.random() < 0.9 else actions
            match.apply(rng.choice(choices or actions))
        result = match.results[-1]
        if isinstance(match, ThreeHandedMatch):
            assert isinstance(deal, ThreeHandedDeal)
            gained = [after - b for after, b in zip(match.score, before, strict=True)]
            if deal.sitting_out == deal.dealer:
                assert gained[deal.dealer - 1] == result.dealer_points
                assert match.score[deal.dealer - 1] <= max(before[deal.dealer - 1], target - 1)
            else:  # the play-off for the loser: the winner of the match sits out, nobody gets a credit
                assert result.dealer_points == 0 and gained[deal.sitting_out - 1] == 0
            assert sum(gained) == result.game_points + result.dealer_points
        else:
            assert isinstance(match, PartnershipMatch)
            assert sum(match.score) - sum(before) == result.game_points + sum(result.bonus)
    assert match.winner is not None
    assert match.score[match.winner - 1] >= target
    if isinstance(match, ThreeHandedMatch) and rules.three_player_play_for_loser:
        assert match.loser not in (None, match.winner)
        survivors = [s for s in (1, 2, 3) if s not in (match.winner, match.loser)]
        assert match.score[survivors[0] - 1] >= target
