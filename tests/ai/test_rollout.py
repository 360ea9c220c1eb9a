"""Rollouts play sampled worlds on with the card counter; the players leave its advice only with confidence."""

from __future__ import annotations

import random

import pytest

from sixtysix import Deal, PlayerView, Rules
from sixtysix.ai.expert import ExpertPlayer, opponent_follow, opponent_lead
from sixtysix.ai.heuristic import CountingPlayer
from sixtysix.ai.pimc import PimcPlayer, candidate_actions
from sixtysix.ai.rollout import Rollouts, confident_choice
from sixtysix.ai.sampling import sample_world
from sixtysix.ai.solver import Solver
from sixtysix.core.actions import ACTIONS, EXCHANGE
from sixtysix.core.game import FOLLOW
from sixtysix.players.base import play_deal

PRESETS = ("seed66", "pagat66", "schnapsen")


def open_positions(rules: Rules, count: int, seed: int) -> list[Deal]:
    """Positions of an open talon reached by random play (no claims, no closes)."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        deal = Deal.shuffled(seed=rng.getrandbits(32), dealer=rng.choice((1, 2)), rules=rules)
        for _ in range(rng.randrange(0, 12)):
            if deal.phase2 or deal.outcome is not None:
                break
            actions = [a for a in deal.legal_actions() if a < 32 or a == 44]
            deal.apply(rng.choice(actions))
        if not deal.phase2 and deal.outcome is None:
            positions.append(deal)
    return positions


@pytest.mark.parametrize("preset", PRESETS)
def test_rollout_values_are_the_counters_results(preset: str) -> None:
    """A rollout value is the result of the world played on (legally) by two counters, then solved exactly."""
    rules = Rules.preset(preset)
    for deal in open_positions(rules, 6, seed=1):
        seat = deal.to_act
        assert seat is not None
        view = PlayerView.of(deal, seat)
        world = sample_world(view, random.Random(2))
        actions = candidate_actions(view)
        values = Rollouts(rules, seed=3).action_values(Solver(rules), world, actions, seat)
        assert list(values) == actions
        counters = Rollouts(rules, seed=3).players  # the same players, asked in the same order
        for action in actions:
            child = world.copy()
            child.apply(action, seat)
            if child.window and child.window != seat:
                child.apply(EXCHANGE, child.window)
            while child.outcome is None and (child.closer or not child.phase2):
                actor = child.window or child.to_act
                assert actor is not None
                child.apply(counters[actor].choose(PlayerView.of(child, actor)), actor)
            exact = Solver(rules).value(child)
            assert values[action] == (exact if seat == 1 else -exact)
            assert -3 <= values[action] <= 3


def test_confident_choice_keeps_the_base_unless_clearly_beaten() -> None:
    a, b, c = ACTIONS[0], ACTIONS[1], ACTIONS[2]
    # b is better on average but not consistently: keep the base a.
    noisy = {a: [0.0, 0.0, 0.0, 0.0], b: [3.0, -2.0, 2.0, -2.0], c: [0.0, 0.0, 0.0, 0.0]}
    assert confident_choice(noisy, a, 1.0) == a
    assert confident_choice(noisy, a, -1.0) == b  # no confidence test: the best mean
    assert confident_choice(noisy, None, 1.0) == b
    # c is better in every world: leave the base for it.
    clear = {a: [0.0, 1.0, -1.0, 0.0], b: [0.0, 1.0, -1.0, 0.0], c: [1.0, 2.0, 0.0, 1.0]}
    assert confident_choice(clear, a, 1.0) == c
    # One world (a clairvoyant or exhausted talon): any improvement counts.
    assert confident_choice({a: [0.0], b: [1.0]}, a, 1.0) == b
    assert confident_choice({a: [1.0], b: [1.0]}, a, 1.0) == a


def test_search_players_are_deterministic_for_a_seed() -> None:
    rules = Rules.preset("seed66")
    histories = []
    for _ in range(2):
        deal = Deal.shuffled(seed=4, rules=rules)
        play_deal(deal, {1: PimcPlayer(1, samples=3), 2: ExpertPlayer(2, time_limit=None, samples=3)})
        histories.append(deal.history)
    assert histories[0] == histories[1]


def test_opponent_lead_is_read_only_when_following_a_free_lead() -> None:
    rules = Rules.preset("seed66")
    seen = 0
    for seed in range(30):
        deal = Deal.shuffled(seed=seed, rules=rules)
        play_deal(deal, {1: CountingPlayer(1), 2: CountingPlayer(2)})
        replay = Deal(deal.deck, deal.dealer, rules)
        for seat, action in deal.history:
            for viewer in (1, 2):
                view = PlayerView.of(replay, viewer)
                lead = opponent_lead(view)
                if lead is not None:
                    seen += 1
                    assert view.stage == FOLLOW and view.leader != viewer and lead == view.led
                    assert replay.history[-1] == (3 - viewer, lead)
            replay.apply(action, seat)
    assert seen > 100


def test_the_expert_reads_a_counters_play() -> None:
    """Against the card counter the true world fits its last lead or follow far more often than a random world."""
    rules = Rules.preset("seed66")
    rng = random.Random(3)
    true_fit = random_fit = 0.0
    readings = 0
    for seed in range(20):
        deal = Deal.shuffled(seed=seed, rules=rules)
        play_deal(deal, {1: CountingPlayer(1), 2: CountingPlayer(2)})
        replay = Deal(deal.deck, deal.dealer, rules)
        experts = {seat: ExpertPlayer(seat, time_limit=None, samples=1) for seat in (1, 2)}
        for seat, action in deal.history:
            for viewer in (1, 2):
                view = PlayerView.of(replay, viewer)
                lead, follow = opponent_lead(view), opponent_follow(view)
                for world in (replay.copy(), sample_world(view, rng)):
                    if lead is not None:
                        weight = experts[viewer]._lead_weight(view, world, lead)
                    elif follow is not None:
                        weight = experts[viewer]._follow_weight(view, world, follow)
                    else:
                        continue
                    assert 0 < weight <= 1
                    if world.hands[3 - viewer] == replay.hands[3 - viewer]:
                        true_fit += weight
                        readings += 1
                    else:
                        random_fit += weight
            replay.apply(action, seat)
    assert readings > 100
    assert true_fit / readings > 0.85
    assert random_fit / readings < true_fit / readings - 0.1
