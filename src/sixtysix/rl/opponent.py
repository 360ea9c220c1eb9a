"""A single-agent Gymnasium environment: the learner against a computer player of any level.

:class:`OpponentEnv` wraps the AEC environment (:class:`sixtysix.rl.aec.raw_env`): the
learner holds one seat, a :class:`~sixtysix.players.player.Player` (by default
``make_player(level)``) the other, and ``step`` plays the opponent's decisions (its
exchanges offered out of turn included) until the learner must act again or the episode
ends. Observations and actions are those of the AEC environment; the reward of a step is
everything the learner earned during it (game points at the end of a deal).

>>> env = OpponentEnv(opponent=3, rules="seed66")
>>> obs, info = env.reset(seed=1)
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0, info["seat"] in (1, 2)
((328,), True, True)
>>> terminated = False
>>> while not terminated:
...     action = int(obs["action_mask"].nonzero()[0][0])  # the first legal action
...     obs, reward, terminated, truncated, info = env.step(action)
>>> reward in (-3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0)
True
"""

from __future__ import annotations

import random
from typing import Any, SupportsFloat

import gymnasium
import numpy as np

from sixtysix.ai.levels import make_player
from sixtysix.core.actions import NUM_ACTIONS
from sixtysix.core.errors import IllegalActionError
from sixtysix.core.game import Deal
from sixtysix.core.rules import Rules
from sixtysix.players.player import Player
from sixtysix.rl.aec import AGENTS, RENDER_MODES, SEATS, Observation, agent_of, observation_space, raw_env


class OpponentEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """The learner against ``opponent``: a level 1-5 or a :class:`Player`.

    ``seat``: the learner's seat (1 or 2), or ``None`` to draw it at each reset (so that it
    plays both sides of the deal); an episode that the opponent ends before the learner's first
    decision (a random player's claim on the opening lead) is dealt again, and
    ``info["skipped"]`` counts them; ``opponent_seed``: the seed of a computer player made from
    a level (with ``reset(seed=n)`` the player is rebuilt with ``opponent_seed + n``, so
    episodes replay exactly). ``rules``, ``episode``, ``reward``, ``dealer``, ``render_mode`` and
    ``false_claims`` are those of :class:`~sixtysix.rl.aec.raw_env`. An illegal action ends the
    episode as lost (``illegal_reward``, default minus the most a deal can cost, and
    ``info["illegal"]``), as PettingZoo's wrapped :func:`~sixtysix.rl.aec.env` does, or raises
    :class:`ValueError` with ``illegal="raise"``; ``info["action_mask"]`` repeats the mask of
    the observation.
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES)}  # noqa: RUF012 - gymnasium's declaration

    def __init__(
        self,
        opponent: int | Player = 3,
        rules: str | Rules = "seed66",
        seat: int | None = None,
        episode: str = "deal",
        reward: str = "game_points",
        dealer: int | None = None,
        opponent_seed: int = 0,
        time_limit: float | None = None,
        render_mode: str | None = None,
        illegal: str = "lose",
        illegal_reward: float | None = None,
        false_claims: bool = True,
    ) -> None:
        if seat not in (None, 1, 2):
            raise ValueError(f"seat must be 1, 2 or None, not {seat!r}")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        self.aec = raw_env(
            rules=rules,
            episode=episode,
            reward=reward,
            dealer=dealer,
            render_mode=render_mode,
            false_claims=false_claims,
        )
        self.level = opponent if isinstance(opponent, int) else None
        self.opponent = make_player(opponent, opponent_seed, time_limit) if isinstance(opponent, int) else opponent
        self.opponent_seed = opponent_seed
        self.time_limit = time_limit
        self.fixed_seat = seat
        self.seat = seat or 1
        self.render_mode = render_mode
        self.illegal = illegal
        if illegal_reward is None:
            illegal_reward = -1.0 if reward == "win" else -float(self.aec.max_deal_points)
        self.illegal_reward = illegal_reward
        self._over = False
        self.observation_space = observation_space()
        self.action_space = gymnasium.spaces.Discrete(NUM_ACTIONS)
        self._rng = random.Random()
        self._deal: Deal | None = None
        self.skipped = 0
        """Episodes the opponent ended before the learner's first decision at the last reset (redealt)."""

    @property
    def agent(self) -> str:
        return agent_of(self.seat)

    @property
    def opponent_agent(self) -> str:
        return agent_of(3 - self.seat)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
            if self.level is not None:
                self.opponent = make_player(self.level, self.opponent_seed + seed, self.time_limit)
        self.skipped = 0
        self._over = False
        while True:
            self.seat = self.fixed_seat or self._rng.choice((1, 2))
            self.aec.reset(seed=self._rng.getrandbits(64), options=options)
            self.opponent.new_match(self.aec.rules, 3 - self.seat)
            self._deal = None
            _, terminated = self._play_opponent()
            if not terminated:
                break
            # The opponent ended the episode before the learner's first decision (a level-1
            # player's claim on the opening lead): not an episode for the learner; deal again.
            self.skipped += 1
        obs = self._observation()
        return obs, self._info(obs)

    def step(self, action: int | np.integer[Any]) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        aec = self.aec
        if self._over or aec.terminations[self.agent]:
            raise RuntimeError("the episode is over: call reset()")
        assert aec.agent_selection == self.agent
        try:
            aec.step(int(action))
        except IllegalActionError as error:
            if self.illegal == "raise":
                raise ValueError(str(error)) from error
            self._over = True
            obs = self._observation()
            info = self._info(obs) | {"illegal": str(error)}
            return obs, self.illegal_reward, True, False, info
        reward = aec.rewards[self.agent]
        more, terminated = self._play_opponent()
        obs = self._observation()
        return obs, float(reward + more), terminated, False, self._info(obs)

    def _play_opponent(self) -> tuple[float, bool]:
        """Let the opponent act until the learner's turn or the end; the learner's rewards meanwhile."""
        aec = self.aec
        reward = 0.0
        while not aec.terminations[self.agent]:
            if aec.deal is not self._deal:
                self._deal = aec.deal
                self.opponent.new_deal(aec.view(3 - self.seat))
            if aec.agent_selection == self.agent:
                break
            view = aec.view(3 - self.seat)
            aec.step(int(self.opponent.choose(view)))
            reward += aec.rewards[self.agent]
        return reward, aec.terminations[self.agent]

    def _observation(self) -> Observation:
        return self.aec.observe(self.agent)

    def _info(self, obs: Observation) -> dict[str, Any]:
        info = dict(self.aec.infos.get(self.agent, {}))
        info["seat"] = self.seat
        info["skipped"] = self.skipped
        info["action_mask"] = obs["action_mask"]
        return info

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()


def legal_actions(observation: Observation) -> list[int]:
    """The legal action ids of an observation (its mask's nonzero entries)."""
    return [int(a) for a in np.flatnonzero(observation["action_mask"])]


__all__ = ["AGENTS", "SEATS", "OpponentEnv", "legal_actions"]
