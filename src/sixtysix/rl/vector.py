"""Self-play of many deals at once: one call observes, or advances, every deal of a batch.

:class:`VectorDeals` holds ``num_deals`` two-player deals side by side. :meth:`~VectorDeals.observe`
gives the observation and the action mask of the seat to act in each deal as two arrays
(``float32[n, 328]``, ``int8[n, 46]``), the same as the AEC environment's for that seat
(:func:`sixtysix.rl.encoding.encode`, from its ``PlayerView`` only); :meth:`~VectorDeals.step`
takes one action per deal (an ``int`` array, e.g. a policy's batch of choices), applies each
for the seat to act, and starts a new deal wherever one ended, reporting that deal's rewards.
It is the loop of :class:`sixtysix.rl.raw_env` for self-play, without its per-step bookkeeping
(agents, dictionaries of rewards and infos, the closing dead steps), and with the observations
encoded in one numpy call per part for the whole batch (:func:`~sixtysix.rl.encoding.encode_batch`).

Each deal is an episode of one deal, as ``raw_env(episode="deal")``: the dealer is drawn from
the seeded generator, and rewards are the deal's game points, ``+`` for the winner and ``-``
for the loser (a tie gives 0). ``false_claims=False`` masks a claim that would be false, as the
AEC environment does.

>>> import numpy as np
>>> deals = VectorDeals(4, seed=1)
>>> obs, mask = deals.observe()
>>> obs.shape, mask.shape, deals.seats.tolist() == [d.window or d.to_act for d in deals.deals]
((4, 328), (4, 46), True)
>>> rng = np.random.default_rng(0)
>>> total = 0
>>> for _ in range(200):
...     result = deals.step(random_actions(mask, rng))
...     obs, mask = result.observation, result.action_mask
...     total += int(result.done.sum())
>>> total > 4, float(result.rewards.sum())   # rewards are zero-sum in every deal
(True, 0.0)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from sixtysix.core.actions import CLAIM, NUM_ACTIONS
from sixtysix.core.errors import IllegalActionError
from sixtysix.core.game import Deal
from sixtysix.core.rules import Rules
from sixtysix.core.view import PlayerView
from sixtysix.present.picture import claim_holds
from sixtysix.rl.encoding import OBS_SIZE, encode_batch, two_player_game


@dataclass(frozen=True)
class VectorStep:
    """What :meth:`VectorDeals.step` reports, one row per deal of the batch."""

    observation: npt.NDArray[np.float32]
    """``float32[n, 328]``: the next decision's observation (of the new deal where one ended)."""
    action_mask: npt.NDArray[np.int8]
    """``int8[n, 46]``: its legal actions."""
    rewards: npt.NDArray[np.float32]
    """``float32[n, 2]``: the rewards of seats 1 and 2 of the deals that ended at this step (0 elsewhere)."""
    done: npt.NDArray[np.bool_]
    """``bool[n]``: which deals ended at this step (and were dealt again)."""
    seats: npt.NDArray[np.int8]
    """``int8[n]``: the seat (1 or 2) whose decision the observation is, in each deal."""


class VectorDeals:
    """``num_deals`` deals of two-player 66 advanced together (see the module docstring).

    ``rules``: a preset name or a :class:`~sixtysix.core.rules.Rules`; ``seed``: the generator of
    the shuffles and dealers (the same seed and actions give the same deals).
    """

    def __init__(
        self, num_deals: int, rules: str | Rules = "seed66", seed: int | None = None, false_claims: bool = True
    ) -> None:
        if num_deals < 1:
            raise ValueError("at least one deal")
        self.rules = rules if isinstance(rules, Rules) else Rules.preset(rules)
        if not two_player_game(self.rules):
            raise ValueError(f"{self.rules.preset_name}: VectorDeals plays two-player 66")
        self.false_claims = false_claims
        self.rng = random.Random(seed)
        self.deals = [self._new_deal() for _ in range(num_deals)]
        self.seats = np.zeros(num_deals, dtype=np.int8)
        """The seat to act in each deal (1 or 2)."""
        self._mask = np.zeros((num_deals, NUM_ACTIONS), dtype=np.int8)
        self._obs = np.zeros((num_deals, OBS_SIZE), dtype=np.float32)

    @property
    def num_deals(self) -> int:
        return len(self.deals)

    def _new_deal(self) -> Deal:
        return Deal.shuffled(seed=self.rng.getrandbits(64), dealer=self.rng.choice((1, 2)), rules=self.rules)

    def observe(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """The observation and action mask of the seat to act in every deal (arrays owned by the caller)."""
        views = []
        mask = self._mask
        mask.fill(0)
        rows: list[int] = []
        columns: list[int] = []
        for row, deal in enumerate(self.deals):
            seat = deal.window or deal.to_act
            assert seat, "every deal in the batch is running"
            self.seats[row] = seat
            view = PlayerView.of(deal, seat)
            views.append(view)
            legal = view.legal
            if not self.false_claims and CLAIM in legal and not claim_holds(deal, seat):
                legal = tuple(action for action in legal if action != CLAIM)
            rows.extend([row] * len(legal))
            columns.extend(legal)
        mask[rows, columns] = 1
        encode_batch(views, self._obs)
        return self._obs.copy(), mask.copy()

    def step(self, actions: npt.ArrayLike) -> VectorStep:
        """Apply ``actions[k]`` for the seat to act in deal ``k``; deal again where a deal ended.

        Raises :class:`~sixtysix.core.errors.IllegalActionError` for an action outside the deal's
        action mask (the deals before it in the batch have moved on; :meth:`observe` shows where they
        stand).
        """
        chosen = np.asarray(actions, dtype=np.int64)
        if chosen.shape != (self.num_deals,):
            raise ValueError(f"one action per deal: {self.num_deals}, not shape {chosen.shape}")
        rewards = np.zeros((self.num_deals, 2), dtype=np.float32)
        done = np.zeros(self.num_deals, dtype=np.bool_)
        allowed = self._mask
        for row, (deal, action) in enumerate(zip(self.deals, chosen.tolist(), strict=True)):
            if not 0 <= action < NUM_ACTIONS or not allowed[row, action]:
                raise IllegalActionError(f"deal {row}: {action} is not in its action mask")
            deal.apply_unchecked(action, int(self.seats[row]))  # the mask is the engine's legal actions
            outcome = deal.outcome
            if outcome is None:
                continue
            done[row] = True
            if outcome.winner is not None:
                rewards[row, outcome.winner - 1] = outcome.game_points
                rewards[row, 2 - outcome.winner] = -outcome.game_points
            self.deals[row] = self._new_deal()
        observation, mask = self.observe()
        return VectorStep(observation, mask, rewards, done, self.seats.copy())


def random_actions(mask: npt.NDArray[np.int8], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """A uniformly random legal action in every row of ``mask`` (a batch of random players).

    >>> mask = np.array([[0, 1, 1], [1, 0, 0]], dtype=np.int8)
    >>> random_actions(mask, np.random.default_rng(1)).tolist() in ([1, 0], [2, 0])
    True
    """
    scores = rng.random(mask.shape)
    scores[mask == 0] = -1.0
    return scores.argmax(axis=1)  # type: ignore[no-any-return]
