"""Batched self-play (sixtysix.rl.vector): each row is what the AEC environment shows its seat, the rewards are
the deals' results, and a seed replays the batch."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")

import numpy as np

from sixtysix import IllegalActionError, PlayerView
from sixtysix.core.actions import CLAIM
from sixtysix.rl.encoding import encode, legal_mask
from sixtysix.rl.vector import VectorDeals, random_actions


@pytest.mark.parametrize("preset", ["seed66", "pagat66", "schnapsen"])
def test_every_row_is_the_acting_seats_own_observation_and_mask(preset: str) -> None:
    vector = VectorDeals(24, preset, seed=5)
    rng = np.random.default_rng(5)
    obs, mask = vector.observe()
    ended = 0
    for _ in range(120):
        for row, deal in enumerate(vector.deals):
            seat = deal.window or deal.to_act
            assert vector.seats[row] == seat
            view = PlayerView.of(deal, seat)
            assert (obs[row] == encode(view)).all() and (mask[row] == legal_mask(view)).all()
        before, seats = [deal.copy() for deal in vector.deals], vector.seats.copy()
        actions = random_actions(mask, rng)
        result = vector.step(actions)
        for row, deal in enumerate(before):
            deal.apply(int(actions[row]), int(seats[row]))
            assert deal.is_over == bool(result.done[row])
            if deal.is_over:
                ended += 1
                outcome = deal.outcome
                assert outcome is not None
                expected = [0.0, 0.0]
                if outcome.winner is not None:
                    expected[outcome.winner - 1] = outcome.game_points
                    expected[2 - outcome.winner] = -outcome.game_points
                assert result.rewards[row].tolist() == expected
            else:
                assert not result.rewards[row].any()
        obs, mask = result.observation, result.action_mask
    assert ended > 24


def test_the_same_seed_and_actions_give_the_same_batch() -> None:
    runs = []
    for _ in range(2):
        vector = VectorDeals(8, seed=3)
        rng = np.random.default_rng(3)
        _, mask = vector.observe()
        rewards = []
        for _ in range(60):
            result = vector.step(random_actions(mask, rng))
            mask = result.action_mask
            rewards.append(result.rewards.copy())
        runs.append(np.stack(rewards))
    assert (runs[0] == runs[1]).all()


def test_an_action_outside_the_mask_is_refused() -> None:
    vector = VectorDeals(2, seed=1)
    _, mask = vector.observe()
    illegal = int(np.flatnonzero(mask[0] == 0)[0])
    with pytest.raises(IllegalActionError, match="deal 0"):
        vector.step([illegal, int(np.flatnonzero(mask[1])[0])])


def test_without_false_claims_no_deal_ends_in_one() -> None:
    vector = VectorDeals(32, seed=2, false_claims=False)
    rng = np.random.default_rng(2)
    _, mask = vector.observe()
    for _ in range(100):
        claimable = mask[:, CLAIM].nonzero()[0]
        for row in claimable:
            deal = vector.deals[row]
            assert deal.score[int(vector.seats[row])] >= 66
        mask = vector.step(random_actions(mask, rng)).action_mask
