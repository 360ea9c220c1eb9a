"""The native engine plays the rules of the Python engine: legal actions, states, results, perft, playouts."""

from __future__ import annotations

import random
from typing import Any

import pytest
from native_cases import count, option_sets, positions, require_native, rules_of, set_id

from core.test_perft import SCHNAPSEN, SEED66, fixed_deal
from core.test_perft import perft as python_perft
from sixtysix import Deal, Rules
from sixtysix.ai import native
from sixtysix.ai.native import encode, outcome_of, result_key
from sixtysix.core.actions import CLAIM, EXCHANGE, PASS
from sixtysix.core.game import shuffled_deck

CASES = option_sets()


def _core(rules: Rules) -> Any:
    require_native()
    core = native.core_for(rules)
    assert core is not None
    return core


@pytest.mark.parametrize("case", CASES, ids=set_id)
def test_legal_actions_and_states_follow_the_engine_step_by_step(case: tuple[str, str, dict[str, Any]]) -> None:
    """Random deals played in Python: at every step the native legal actions (of the seat to act
    and of the window seat) and the state after the chosen action equal the engine's."""
    rules = rules_of(case)
    core = _core(rules)
    rng = random.Random(21)
    for _ in range(count(100, 0.1)):
        deal = Deal(shuffled_deck(rules, rng), rng.choice((1, 2)), rules)
        while not deal.is_over:
            pos = encode(deal)
            seat = deal.window if deal.window and rng.random() < 0.5 else deal.to_act
            assert seat is not None
            legal = deal.legal_actions(seat)
            assert core.legal(pos, seat) == legal, pos
            action = rng.choice(legal)
            after, outcome = core.apply(pos, action, seat)
            deal.apply(action, seat)
            assert outcome_of(outcome) == result_key(deal.outcome), pos
            if not deal.is_over:
                assert after == encode(deal), (pos, action)


@pytest.mark.parametrize("case", CASES, ids=set_id)
@pytest.mark.parametrize("policy", native.POLICIES)
def test_native_playouts_replay_in_the_engine_move_for_move(case: tuple[str, str, dict[str, Any]], policy: str) -> None:
    """Every action of a native playout is legal in the engine and the engine reaches the same result."""
    rules = rules_of(case)
    core = _core(rules)
    for i, start in enumerate(positions(rules, seed=22, how_many=count(100, 0.1))):
        actions, outcome = core.playout(encode(start), i, native.POLICIES.index(policy))
        deal = start.copy()
        for seat, action in actions:
            assert seat == deal.to_act
            if policy != "random" and action == CLAIM:
                assert deal.score[seat] >= 66, "a false claim under a policy that never makes one"
            deal.apply(action, seat)
        assert deal.is_over
        assert outcome_of(outcome) == result_key(deal.outcome)


def test_playout_values_are_the_results_of_playouts() -> None:
    rules = Rules.preset("schnapsen")
    core = _core(rules)
    for start in positions(rules, seed=23, how_many=10):
        values = core.playout_values(encode(start), 20, 5, 1)
        assert len(values) == 20
        assert all(-3 <= v <= 3 for v in values)


@pytest.mark.parametrize(("preset", "counts"), [("seed66", SEED66), ("schnapsen", SCHNAPSEN)])
def test_perft_counts_equal_the_documented_ones(preset: str, counts: list[int]) -> None:
    deal = fixed_deal(preset)
    core = _core(deal.rules)
    assert [core.perft(encode(deal), depth) for depth in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize("case", CASES, ids=set_id)
def test_perft_equals_the_engine_from_random_positions(case: tuple[str, str, dict[str, Any]]) -> None:
    rules = rules_of(case)
    core = _core(rules)
    for deal in positions(rules, seed=24, how_many=count(2, 0.005)):
        assert core.perft(encode(deal), 4) == python_perft(deal, 4), encode(deal)


def test_shuffled_playouts_count_their_actions() -> None:
    rules = Rules.preset("seed66")
    core = _core(rules)
    actions = core.playouts(200, 1, native.POLICIES.index("true-claims"))
    assert 200 * 12 <= actions <= 200 * 40  # a deal of seed66 is 12 tricks at most, each 2-3 decisions
    assert core.playouts(200, 1, 1) == actions  # seeded: the same deals and choices


def test_the_window_seat_may_exchange_or_pass_natively() -> None:
    rules = Rules.preset("seed66")
    core = _core(rules)
    for deal in positions(rules, seed=25, how_many=400):
        if deal.window:
            assert core.legal(encode(deal), deal.window) == [EXCHANGE, PASS]
            break
    else:
        pytest.fail("no position with an exchange window")
