"""The native core's values equal the pure-Python solver's, and a brute-force minimax over the engine.

One native search per rule set serves all its positions (its phase-2 table lives
across them, as in a player), while each pure solve gets a fresh solver: a value
that depended on something missing from the native table's key (the trump suit,
who closed, the scores at the close) would show here.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from native_cases import (
    count,
    decode,
    minimax,
    native_search,
    option_sets,
    positions,
    random_position,
    require_native,
    rules_of,
    set_id,
)

from sixtysix import Deal, PlayerView, Rules
from sixtysix.ai.evaluation import heuristic_value
from sixtysix.ai.native import encode
from sixtysix.ai.sampling import forbidden_cards
from sixtysix.ai.solver import Solver
from sixtysix.core.actions import DRAW
from sixtysix.core.cards import cards_of

CASES = option_sets()


@pytest.mark.parametrize("case", CASES, ids=set_id)
def test_values_equal_the_pure_solver(case: tuple[str, str, dict[str, Any]]) -> None:
    rules = rules_of(case)
    search = native_search(rules)
    for i, deal in enumerate(positions(rules, seed=12, how_many=count(250))):
        expected = Solver(rules, native=False).value(deal.copy())
        assert search.value(deal) == expected, f"position {i}: {encode(deal)}"


@pytest.mark.parametrize("case", CASES, ids=set_id)
def test_action_values_equal_the_pure_solver(case: tuple[str, str, dict[str, Any]]) -> None:
    """Every legal action of the seat to act, false claims included, and the window seat's X or pass."""
    rules = rules_of(case)
    search = native_search(rules)
    for i, deal in enumerate(positions(rules, seed=13, how_many=count(50, 0.2))):
        seats = [deal.to_act] + ([deal.window] if deal.window else [])
        for seat in seats:
            assert seat is not None
            expected = Solver(rules, native=False).action_values(deal.copy(), seat=seat)
            found = search.action_values(deal, list(expected), seat)
            assert found == list(expected.values()), f"position {i}, seat {seat}: {encode(deal)}"


@pytest.mark.parametrize("case", CASES, ids=set_id)
def test_values_equal_a_brute_force_minimax(case: tuple[str, str, dict[str, Any]]) -> None:
    """Small phase-2 positions, solved by trying every legal action: the ground truth of both solvers."""
    rules = rules_of(case)
    search = native_search(rules)
    rng = random.Random(14)
    checked = 0
    while checked < count(10, 0.1):
        deal = random_position(rules, rng)
        if deal is None or not deal.phase2 or max(deal.hands[1].bit_count(), deal.hands[2].bit_count()) > 3:
            continue
        truth = minimax(deal.copy())
        assert search.value(deal) == truth, encode(deal)
        assert Solver(rules, native=False).value(deal.copy()) == truth, encode(deal)
        checked += 1


def _after_tricks(deal: Deal, tricks: int) -> Deal:
    """``deal`` played on by a fixed simple choice (the first legal card, always drawing) for ``tricks`` tricks."""
    while deal.trick_count < tricks:
        actions = deal.legal_actions()
        deal.apply(DRAW if DRAW in actions else actions[0])
    return deal


@pytest.mark.parametrize(("preset", "tricks"), [("schnapsen", 0), ("seed66", 3)])
def test_whole_deals_with_the_talon_order_known_equal_the_pure_solver(preset: str, tricks: int) -> None:
    """From the first lead in Schnapsen; from talon 6 in seed66 (the pure solver needs far longer before)."""
    rules = Rules.preset(preset)
    search = native_search(rules)
    for seed in range(1, 1 + count(3, 0.001)):
        deal = _after_tricks(Deal.shuffled(seed, dealer=2 - (seed & 1), rules=rules), tricks)
        assert search.value(deal) == Solver(rules, native=False).value(deal.copy()), f"seed {seed}"


def test_the_reach_test_agrees_with_the_value() -> None:
    rules = Rules.preset("schnapsen")
    search = native_search(rules)
    for seed in range(1, 1 + count(8, 0.005)):
        deal = Deal.shuffled(seed, dealer=2 - (seed & 1), rules=rules)
        value = search.value(deal)
        for seat, sign in ((1, 1), (2, -1)):
            for threshold in (-2, 0, 1, 2, 3):
                assert search.reaches(deal, seat, threshold) == (sign * value >= threshold), (seed, seat, threshold)


def test_depth_limited_searches_with_native_leaves_equal_the_pure_ones() -> None:
    """A depth-limited search stays in Python and asks the native core only at its phase-2 leaves."""
    rules = Rules.preset("seed66")
    require_native()
    rng = random.Random(15)
    checked = 0
    while checked < count(10, 0.005):
        deal = random_position(rules, rng)
        if deal is None or deal.phase2 or deal.stage != 0:
            continue
        for depth in (2, 4):
            pure = Solver(rules, evaluate=heuristic_value, native=False).action_values(deal.copy(), depth)
            assert Solver(rules, evaluate=heuristic_value).action_values(deal.copy(), depth) == pure
        checked += 1


def test_worlds_in_one_call_equal_one_call_each() -> None:
    rules = Rules.preset("seed66")
    search = native_search(rules)
    worlds = [d for d in positions(rules, seed=16, how_many=30) if d.stage == 0 and not d.window]
    seat, actions = worlds[0].to_act, worlds[0].legal_actions()
    same = [w for w in worlds if w.to_act == seat and w.legal_actions() == actions]
    assert same
    assert search.worlds_action_values(same, actions, seat) == [search.action_values(w, actions, seat) for w in same]


def test_a_decoded_position_is_the_same_position() -> None:
    rules = Rules.preset("pagat66")
    require_native()
    for deal in positions(rules, seed=17, how_many=50):
        pos = encode(deal)
        remaining = (bytes(deal.stock[deal.stock_pos :]), 0)
        assert encode(decode(pos, rules)) == (*pos[:2], *remaining, *pos[4:])


def test_sampled_worlds_agree_with_the_view_and_are_uniform() -> None:
    """The native sampler keeps what the seat sees, respects proven voids and deals the rest evenly."""
    rules = Rules.preset("seed66")
    search = native_search(rules)
    for deal in positions(rules, seed=18, how_many=30):
        seat = deal.to_act
        assert seat is not None
        view = PlayerView.of(deal, seat)
        forbidden = forbidden_cards(view)
        worlds = search.sample_worlds(view, 400, seed=3, forbidden=forbidden)
        opponent = 3 - seat
        pool = view.unseen
        seen: dict[int, int] = {}
        for pos in worlds:
            world = decode(pos, rules)
            assert world.hands[seat] == deal.hands[seat]
            assert world.hands[opponent] & view.opponent_known == view.opponent_known
            assert world.hands[opponent].bit_count() == deal.hands[opponent].bit_count()
            assert world.talon_size == deal.talon_size
            public = [4, 5, *range(6, 15), 16, 17, 18, 19] + ([15] if deal.stage == 1 else [])  # not the stock
            assert [encode(world)[i] for i in public] == [encode(deal)[i] for i in public]
            drawn = world.hands[opponent] & ~view.opponent_known
            assert drawn & ~pool == 0
            for card in cards_of(drawn):
                seen[card] = seen.get(card, 0) + 1
        allowed = pool & ~forbidden
        need = deal.hands[opponent].bit_count() - view.opponent_known.bit_count()
        if need and allowed.bit_count() >= need:
            assert not any(1 << card & forbidden for card in seen)
            expected = 400 * need / allowed.bit_count()
            for card in cards_of(allowed):
                assert abs(seen.get(card, 0) - expected) < 5 * expected**0.5 + 2, (card, seen, expected)


def test_sampled_worlds_are_solved_as_deals() -> None:
    rules = Rules.preset("schnapsen")
    search = native_search(rules)
    for deal in positions(rules, seed=19, how_many=10):
        seat = deal.to_act
        assert seat is not None
        view = PlayerView.of(deal, seat)
        worlds = search.sample_worlds(view, 3, seed=4)
        actions = deal.legal_actions(seat)
        values = search.worlds_action_values(worlds, actions, seat)
        for pos, found in zip(worlds, values, strict=True):
            expected = Solver(rules, native=False).action_values(decode(pos, rules), actions=actions, seat=seat)
            assert found == list(expected.values())
