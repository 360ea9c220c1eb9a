"""The PettingZoo AEC environment of two-player 66 (``sixtysix_v1``).

=================  =====================================================================
agents             ``player_0`` (seat 1), ``player_1`` (seat 2)
action space       ``Discrete(46)``: the engine's action ids (:mod:`sixtysix.core.actions`)
observation        ``{"observation": float32[328], "action_mask": int8[46]}``
observation space  ``Dict(observation=Box(0, OBS_HIGH), action_mask=Box(0, 1))``
rewards            game points at the end of each deal (zero-sum), or +-1 for a win
=================  =====================================================================

Actions: 0-31 play the card ``suit * 8 + rank`` (suits c d h s, ranks A T K Q J 9 8 7), 32-35
declare 20 in clubs/diamonds/hearts/spades, 36-39 declare 40 (the trump suit), 40 ``X``
exchange the trump nine (Schnapsen: jack), 41 ``C`` close, 42 ``CB`` close before the draw,
43 ``66`` claim, 44 ``draw`` (decline ``CB``), 45 ``pass`` (decline the exchange offered to
the seat not on lead). The observation (:mod:`sixtysix.rl.encoding`, table in docs/rl.md) is
computed from the agent's :class:`~sixtysix.core.view.PlayerView` alone, so it never holds a
card the seat has not seen; the action mask is all zeros for the agent not selected.

``agent_selection`` is the seat to act, except that right after a draw the seat not on lead
that may exchange the trump card acts first (its mask is ``X`` and ``pass``), as in
:func:`sixtysix.players.play_deal`. One episode is one deal (``episode="deal"``) or a
whole match (``episode="match"``, rewards after every deal). ``reset(seed=n)`` makes the
shuffles (and the dealer) reproducible; a later ``reset()`` continues the same generator.

>>> env = raw_env(rules="schnapsen")
>>> env.reset(seed=7)
>>> env.agent_selection, env.observe("player_0")["observation"].shape
('player_0', (328,))
>>> for agent in env.agent_iter():
...     obs, reward, termination, truncation, info = env.last()
...     env.step(None if termination else int(obs["action_mask"].nonzero()[0][0]))
>>> env.agents, info["termination"] in ("claim", "false_claim", "played_out", "closer_failed", "tie")
([], True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from sixtysix.core.actions import CLAIM, NUM_ACTIONS
from sixtysix.core.cards import format_cards, parse_card
from sixtysix.core.facts import max_game_points
from sixtysix.core.game import Deal
from sixtysix.core.match import Match
from sixtysix.core.rules import Rules
from sixtysix.core.view import PlayerView
from sixtysix.present.picture import claim_holds
from sixtysix.rl.encoding import OBS_HIGH, OBS_SIZE, encode, legal_mask, two_player_game

AGENTS: tuple[str, str] = ("player_0", "player_1")
"""Agent names: ``player_0`` is seat 1, ``player_1`` seat 2."""
SEATS: dict[str, int] = {"player_0": 1, "player_1": 2}
RENDER_MODES = ("human", "ansi")

Observation = dict[str, npt.NDArray[Any]]


def agent_of(seat: int) -> str:
    return AGENTS[seat - 1]


def make_rules(rules: str | Rules) -> Rules:
    return rules if isinstance(rules, Rules) else Rules.preset(rules)


def observation_space() -> gymnasium.spaces.Dict:
    """The space of one agent's observation (the same for both agents)."""
    return gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(
                low=np.zeros(OBS_SIZE, dtype=np.float32), high=OBS_HIGH.copy(), dtype=np.float32
            ),
            "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8),
        }
    )


def env(illegal_reward: float | None = None, **kwargs: Any) -> Any:
    """The environment with PettingZoo's standard wrappers.

    An illegal action ends the episode with ``illegal_reward`` for the agent that took it
    (default: minus the most a deal can cost, -3, or -1 with ``reward="win"``); actions
    out of range raise; calls out of order (``step`` before ``reset``) raise.
    """
    raw = raw_env(**kwargs)
    if illegal_reward is None:
        illegal_reward = -1.0 if raw.reward_mode == "win" else -float(raw.max_deal_points)
    wrapped = wrappers.TerminateIllegalWrapper(raw, illegal_reward=illegal_reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo's name for the unwrapped environment
    """Two-player 66 as a PettingZoo AEC environment (see the module docstring).

    ``rules``: a preset name or a :class:`~sixtysix.core.rules.Rules`. ``episode``: ``"deal"`` or
    ``"match"``. ``reward``: ``"game_points"`` (each deal's game points, carried tie points
    included, + for the winner and - for the loser) or ``"win"`` (+1/-1 for the winner of
    the deal, or of the match in match episodes). ``dealer``: 1 or 2, or ``None`` to draw
    the (first) dealer from the seeded generator. ``render_mode``: ``"ansi"`` or ``"human"``
    (the whole deal, hidden cards included: for debugging, not for agents). ``false_claims=False``
    leaves ``66`` out of the action mask when the claim would be false (the seat's counted
    points are under 66): a random agent then no longer ends most deals with a false claim
    (docs/rl.md, "Random baselines"); ``raw_env`` still applies a masked ``66`` if it is stepped.

    An illegal action raises :class:`~sixtysix.core.errors.IllegalActionError`; :func:`env`
    turns it into a lost episode instead.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "name": "sixtysix_v1",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: str | Rules = "seed66",
        episode: str = "deal",
        reward: str = "game_points",
        dealer: int | None = None,
        render_mode: str | None = None,
        false_claims: bool = True,
    ) -> None:
        super().__init__()
        if episode not in ("deal", "match"):
            raise ValueError(f"episode must be 'deal' or 'match', not {episode!r}")
        if reward not in ("game_points", "win"):
            raise ValueError(f"reward must be 'game_points' or 'win', not {reward!r}")
        if dealer not in (None, 1, 2):
            raise ValueError(f"dealer must be 1, 2 or None, not {dealer!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)}, not {render_mode!r}")
        self.rules = make_rules(rules)
        if not two_player_game(self.rules):
            raise ValueError(
                f"{self.rules.preset_name}: the sixtysix environment is two-player 66, not {self.rules.players} players"
            )
        self.episode = episode
        self.reward_mode = reward
        self.dealer = dealer
        self.render_mode = render_mode
        self.false_claims = false_claims
        self.max_deal_points = max_game_points(self.rules)
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.observation_spaces = {a: observation_space() for a in AGENTS}
        self.action_spaces = {a: gymnasium.spaces.Discrete(NUM_ACTIONS) for a in AGENTS}
        self._rng = random.Random()
        self.match = Match(self.rules)
        self.deal: Deal | None = None
        self.agent_selection = AGENTS[0]
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}

    # -- spaces ---------------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the AEC protocol --------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new episode. ``options`` may give ``deck`` (card names or ids, top first) and
        ``dealer`` for the first deal; other keys are ignored."""
        if seed is not None:
            self._rng = random.Random(seed)
        options = options or {}
        dealer = options.get("dealer", self.dealer)
        if dealer is None:
            dealer = self._rng.choice((1, 2))
        self.match = Match(self.rules, first_dealer=dealer)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos = {a: {} for a in AGENTS}
        self._new_deal(_deck_option(options.get("deck")))

    def _new_deal(self, deck: Sequence[int] | None = None) -> None:
        seed = self._rng.getrandbits(64)
        self.deal = self.match.new_deal(deck=deck, seed=None if deck is not None else seed)
        self._select()

    def _select(self) -> None:
        deal = self.deal
        assert deal is not None
        seat = deal.window or deal.to_act
        if seat:
            self.agent_selection = agent_of(seat)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        deal = self.deal
        assert deal is not None
        deal.apply(int(action), SEATS[agent])  # raises (and changes nothing) if illegal
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        for a in self.agents:
            self.infos[a] = {}
        if deal.is_over:
            self._deal_over(agent)
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _deal_over(self, last_actor: str) -> None:
        deal, match = self.deal, self.match
        assert deal is not None and deal.outcome is not None
        match.settle()
        result = match.results[-1]
        winner = agent_of(result.winner) if result.winner else None
        episode_over = self.episode == "deal" or match.is_over
        value = float(result.game_points) if self.reward_mode == "game_points" else float(episode_over)
        if winner is not None and value:
            self.rewards[winner] = value
            self.rewards[AGENTS[1 - AGENTS.index(winner)]] = -value
        info = {
            "termination": deal.outcome.termination.value,
            "deal_winner": winner,
            "game_points": result.game_points,
            "match_score": match.score,
        }
        for a in self.agents:
            self.infos[a] = dict(info)
        if episode_over:
            self.terminations = dict.fromkeys(self.agents, True)
            # the other agent first collects its final reward, then the last actor
            self.agent_selection = AGENTS[1 - AGENTS.index(last_actor)]
        else:
            self._new_deal()

    def observe(self, agent: str) -> Observation:
        view = self.view(SEATS[agent])
        if agent == self.agent_selection and not self.terminations.get(agent, True):
            mask = legal_mask(view)
            if not self.false_claims and mask[CLAIM] and not self._claim_holds(SEATS[agent]):
                mask[CLAIM] = 0
        else:
            mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        return {"observation": encode(view), "action_mask": mask}

    def _claim_holds(self, seat: int) -> bool:
        """Whether ``seat``'s claim now would be correct: the engine judges it on a copy (on the seat's own
        counted points, which its observation holds: the mask says nothing it does not know)."""
        assert self.deal is not None
        return claim_holds(self.deal, seat)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now (the source of its observation)."""
        assert self.deal is not None, "reset() first"
        return PlayerView.of(self.deal, seat, self.match.score, self.match.carried)

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (use 'ansi' or 'human')")
            return None
        text = describe(self.deal, self.match, self.agent_selection)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def describe(deal: Deal | None, match: Match, agent_selection: str) -> str:
    """The whole state as text (hidden cards included)."""
    if deal is None:
        return "(no deal)"
    talon = f"closed by seat {deal.closer}" if deal.closer else f"{deal.talon_size} cards"
    face_up = format_cards([deal.face_up]) if deal.face_up >= 0 else "-"
    led = format_cards([deal.led]) if deal.led >= 0 else "-"
    lines = [
        f"match {match.score[0]}-{match.score[1]} (carried {match.carried}); dealer seat {deal.dealer}",
        f"trump {format_cards([deal.trump_card])}, face-up {face_up}, talon {talon}, stage {deal.stage.name}",
        f"seat 1: {format_cards(deal.hands[1]) or '-'}  points {deal.score[1]} tricks {deal.tricks[1]}",
        f"seat 2: {format_cards(deal.hands[2]) or '-'}  points {deal.score[2]} tricks {deal.tricks[2]}",
        f"led {led}; to act {agent_selection}"
        + (f"; outcome: {deal.outcome.reason} ({deal.outcome.game_points})" if deal.outcome else ""),
    ]
    return "\n".join(lines)


def _deck_option(deck: Any) -> Sequence[int] | None:
    if deck is None:
        return None
    if isinstance(deck, str):
        return [parse_card(token) for token in deck.split()]
    return [int(card) for card in deck]
