"""The single-agent environment: a computer player of any level holds the other seat."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import numpy as np
from gymnasium.utils.env_checker import check_env

from sixtysix import PlayerView
from sixtysix.core.actions import Action
from sixtysix.players.base import Player
from sixtysix.rl import OpponentEnv
from sixtysix.rl.opponent import legal_actions


def episode(env: OpponentEnv, seed: int, rng: random.Random) -> tuple[float, list[Any]]:
    obs, info = env.reset(seed=seed)
    trace: list[Any] = [info["seat"], obs["observation"].tobytes()]
    total = 0.0
    terminated = False
    while not terminated:
        assert env.aec.agent_selection == env.agent
        legal = legal_actions(obs)
        assert legal and np.array_equal(info["action_mask"], obs["action_mask"])
        action = rng.choice(legal)
        obs, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        total += float(reward)
        trace.append((action, float(reward)))
    return total, trace


@pytest.mark.parametrize("level", [1, 2, 3])
def test_every_level_can_be_the_opponent(level: int) -> None:
    rng = random.Random(level)
    for rules in ("seed66", "schnapsen"):
        env = OpponentEnv(opponent=level, rules=rules)
        seats = set()
        for seed in range(15):
            total, trace = episode(env, seed, rng)
            seats.add(trace[0])
            outcome = env.aec.deal.outcome
            assert outcome is not None
            expected = 0 if outcome.winner is None else outcome.game_points
            assert total == (expected if outcome.winner == env.seat else -expected)
        assert seats == {1, 2}, "the learner plays both seats"


def test_levels_4_and_5_run() -> None:
    env = OpponentEnv(opponent=5, time_limit=0.01, seat=2)
    total, _ = episode(env, 1, random.Random(1))
    assert total in (-3, -2, -1, 0, 1, 2, 3)
    env = OpponentEnv(opponent=4, seat=1, rules="schnapsen")
    episode(env, 2, random.Random(2))


def test_seeded_episodes_replay_exactly() -> None:
    for level in (1, 3):
        a = episode(OpponentEnv(opponent=level), 9, random.Random(4))
        b = episode(OpponentEnv(opponent=level), 9, random.Random(4))
        assert a == b


def test_match_episodes() -> None:
    env = OpponentEnv(opponent=3, episode="match", seat=1)
    rng = random.Random(3)
    for seed in range(3):
        total, _ = episode(env, seed, rng)
        match = env.aec.match
        assert match.is_over
        assert total == match.score[0] - match.score[1]


def test_a_custom_opponent_gets_views_and_hooks() -> None:
    class Recorder(Player):
        name = "recorder"

        def __init__(self) -> None:
            self.deals = 0
            self.views: list[PlayerView] = []

        def new_deal(self, view: PlayerView) -> None:
            self.deals += 1

        def choose(self, view: PlayerView) -> Action:
            self.views.append(view)
            return view.legal[0]

    recorder = Recorder()
    env = OpponentEnv(opponent=recorder, seat=1, episode="match")
    episode(env, 1, random.Random(1))
    assert recorder.deals == len(env.aec.match.deals) >= 1
    assert recorder.views and all(v.seat == 2 and v.legal for v in recorder.views)


def test_illegal_actions() -> None:
    env = OpponentEnv(opponent=1, seat=1, illegal="raise")
    obs, _ = env.reset(seed=1)
    illegal = next(a for a in range(46) if not obs["action_mask"][a])
    with pytest.raises(ValueError):
        env.step(illegal)
    env = OpponentEnv(opponent=1, seat=1)
    obs, _ = env.reset(seed=1)
    obs, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -3.0 and "illegal" in info
    with pytest.raises(RuntimeError):
        env.step(int(np.flatnonzero(obs["action_mask"])[0]) if obs["action_mask"].any() else 0)


def test_redealt_episodes_are_counted() -> None:
    """A random opponent may claim on the opening lead before the learner ever acts."""
    env = OpponentEnv(opponent=1, seat=2, dealer=2)  # the opponent leads every deal
    skipped = sum(env.reset(seed=seed)[1]["skipped"] for seed in range(60))
    assert skipped > 0


def test_gymnasium_env_checker() -> None:
    check_env(OpponentEnv(opponent=2), skip_render_check=True)
