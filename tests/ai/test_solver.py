"""The exact solver agrees with a plain minimax over the engine, under several rule sets."""

from __future__ import annotations

import random

import pytest

from sixtysix import Deal, Rules
from sixtysix.ai.puzzles import puzzle_by_id, solve_worlds
from sixtysix.ai.sampling import world_from
from sixtysix.ai.solver import Solver
from sixtysix.core.actions import CLAIM, CLOSE, CLOSE_BEFORE_DRAW, DRAW, EXCHANGE, PASS
from sixtysix.core.game import OVER, shuffled_deck


def minimax(deal: Deal) -> int:
    """Value for seat 1 by brute force over every legal action, false claims included, the out-of-turn
    exchange a choice (exchange or pass)."""
    if deal.outcome is not None:
        outcome = deal.outcome
        if outcome.winner is None:
            return 0
        return outcome.game_points if outcome.winner == 1 else -outcome.game_points
    seat = deal.window or deal.to_act  # the seat that may exchange out of turn chooses first (R-NINE-3)
    assert seat is not None
    values = []
    for action in [EXCHANGE, PASS] if deal.window else deal._legal_ids(seat):
        child = deal.copy()
        child._do(seat, action)
        values.append(minimax(child))
    return max(values) if seat == 1 else min(values)


def phase2_position(rules: Rules, rng: random.Random, max_cards: int) -> Deal | None:
    """A random position in phase 2 (closed or exhausted) with at most ``max_cards`` per hand."""
    deal = Deal(shuffled_deck(rules, rng), 2, rules)
    may_close = rng.random() < 0.6
    while not deal.phase2 and deal.stage != OVER:
        actions = [a for a in deal._legal_ids(deal.to_act) if a != CLAIM]
        if not may_close:
            actions = [a for a in actions if a not in (CLOSE, CLOSE_BEFORE_DRAW)] or actions
        deal._do(deal.to_act, rng.choice(actions))  # type: ignore[arg-type]
    while deal.stage != OVER and deal.hands[1].bit_count() > max_cards:
        actions = [a for a in deal._legal_ids(deal.to_act) if a != CLAIM]
        deal._do(deal.to_act, rng.choice(actions))  # type: ignore[arg-type]
    return None if deal.stage == OVER else deal


RULE_SETS = [
    ("seed66", {}),
    ("pagat66", {}),
    ("schnapsen", {}),
    ("seed66", {"closer_win_basis": "at_end", "false_claim_points": "two_or_three"}),
    ("seed66", {"failed_close_points": "hoyle1895", "closed_deal_double": True}),
    ("schnapsen", {"marriage_credit": "next_trick_won"}),
]


@pytest.mark.parametrize(("preset", "options"), RULE_SETS)
def test_solver_value_equals_minimax_in_phase2(preset: str, options: dict[str, object]) -> None:
    rules = Rules.preset(preset).replace(**options)
    rng = random.Random(2026)
    solver = Solver(rules)
    checked = 0
    while checked < 40:
        deal = phase2_position(rules, rng, max_cards=4)
        if deal is None:
            continue
        assert solver.value(deal) == minimax(deal)
        checked += 1


def test_action_values_are_exact_for_the_seat_to_act() -> None:
    rules = Rules()
    rng = random.Random(7)
    solver = Solver(rules)
    for _ in range(20):
        deal = phase2_position(rules, rng, max_cards=3)
        if deal is None:
            continue
        seat = deal.to_act
        sign = 1 if seat == 1 else -1
        for action, value in solver.action_values(deal).items():
            child = deal.copy()
            child.apply(action)
            assert value == sign * minimax(child)


def test_solver_matches_minimax_after_a_close_against_a_trickless_opponent() -> None:
    """There a false claim can be the best defence (2 game points lost instead of 3): it must be searched."""
    rules = Rules()
    rng = random.Random(11)
    solver = Solver(rules)
    found = False
    for _ in range(400):
        deal = phase2_position(rules, rng, max_cards=5)
        if deal is None or not deal.closed or deal.close_tricks:
            continue
        assert solver.value(deal) == minimax(deal)
        found = True
    assert found


def window_position(rules: Rules, rng: random.Random) -> Deal | None:
    """A random position in phase 1 where the seat not on lead may exchange out of turn (R-NINE-3)."""
    deal = Deal(shuffled_deck(rules, rng), 2, rules)
    while deal.stage != OVER and not deal.window:
        actions = [a for a in deal._legal_ids(deal.to_act) if a not in (CLAIM, CLOSE, CLOSE_BEFORE_DRAW, EXCHANGE)]
        deal._do(deal.to_act, rng.choice(actions))  # type: ignore[arg-type]
    return deal if deal.window and deal.talon_size <= 4 else None


def test_solver_lets_the_window_seat_choose_to_exchange_or_pass() -> None:
    """R-NINE-3, R-NINE-5: the out-of-turn exchange is never required; the exact value is the window seat's
    better choice, in the native core and in Python alike."""
    rules = Rules()  # seed66: the seat not on lead may exchange (Schnapsen: only on lead)
    rng = random.Random(26)
    native, python = Solver(rules), Solver(rules, native=False)
    checked = 0
    while checked < 4:
        deal = window_position(rules, rng)
        if deal is None:
            continue
        values = native.action_values(deal, seat=deal.window)
        assert values == python.action_values(deal, seat=deal.window)
        choice = max(values.values()) if deal.window == 1 else -max(values.values())
        assert native.value(deal) == python.value(deal) == choice
        checked += 1


def test_declining_the_out_of_turn_exchange_can_be_worth_more() -> None:
    """Puzzle 47 (seed66): after the draw, in some consistent world the opponent does
    better to keep his trump jack than to exchange it (R-NINE-5): the solver must not make him exchange."""
    puzzle = puzzle_by_id(47)
    view = puzzle.view()
    solver = Solver(view.rules)
    gains = []
    for opponent, stock in solve_worlds(view, solver).worlds:
        world = world_from(view, opponent, list(stock))
        world.apply(DRAW, view.seat)
        if world.window:
            values = solver.action_values(world, seat=world.window)
            gains.append(values[PASS] - values[EXCHANGE])
    assert max(gains) > 0
    assert solve_worlds(view, solver).means()[DRAW] == pytest.approx(-2 / 7)
