"""Level 4: perfect-information Monte Carlo (PIMC), and the shortcuts every searching level takes."""

from __future__ import annotations

import random
from collections.abc import Callable

from sixtysix.ai.clock import cpu_deadline, spent
from sixtysix.ai.evaluation import heuristic_value
from sixtysix.ai.heuristic import CountingPlayer
from sixtysix.ai.rollout import Rollouts, confident_choice
from sixtysix.ai.sampling import forbidden_cards, sample_world
from sixtysix.ai.solver import Solver
from sixtysix.core.actions import ACTIONS, CLAIM, CLOSE, CLOSE_BEFORE_DRAW, EXCHANGE, Action
from sixtysix.core.facts import DEAL_TARGET
from sixtysix.core.game import Deal
from sixtysix.core.view import PlayerView
from sixtysix.players.base import Player


class PimcPlayer(Player):
    """Level 4: perfect-information Monte Carlo on top of the card counter.

    For each decision it samples ``samples`` worlds consistent with the view
    (with the voids proven by phase-2 play) and values every legal action in each
    world. While the talon is open (``rollouts``) a world is played on by the card
    counter in both seats, each seeing only its own view, to the exhausted talon
    and then solved exactly (:mod:`sixtysix.ai.rollout`); otherwise it is searched
    exactly once the talon has ``exact_talon`` cards or fewer (or is closed), else
    ``depth`` plies with a heuristic estimate. With ``confidence`` it keeps the
    counter's own choice unless the worlds show another action better by that many
    standard errors (``None``: the best mean). With ``time_limit`` it samples until
    that many CPU seconds of its thread are used instead (then it is no longer
    deterministic); CPU time, not wall time (:mod:`sixtysix.ai.clock`), so that its
    strength does not depend on what else the machine is doing.
    """

    name = "pimc"

    def __init__(
        self,
        seed: int | None = 0,
        samples: int = 12,
        depth: int = 4,
        exact_talon: int = 4,
        time_limit: float | None = None,
        evaluate: Callable[[Deal], float] = heuristic_value,
        close_risk: float = 0.0,
        rollouts: bool = True,
        confidence: float | None = 1.0,
    ) -> None:
        self.rng = random.Random(seed)
        self.evaluate = evaluate
        self.close_risk = close_risk
        self.samples = samples
        self.depth = depth
        self.exact_talon = exact_talon
        self.time_limit = time_limit
        self.rollouts = rollouts
        self.confidence = confidence
        self.solver: Solver | None = None
        self._seed = seed
        self._rollouts: Rollouts | None = None
        self._counter: CountingPlayer | None = None

    def choose(self, view: PlayerView) -> Action:
        forced = obvious_action(view)
        if forced is not None:
            return forced
        per_world = self.world_action_values(view)
        base = None
        if self.confidence is not None:
            if self._counter is None:
                self._counter = CountingPlayer(self._seed)
            base = self._counter.choose(view)
        return confident_choice(per_world, base, -1.0 if self.confidence is None else self.confidence)

    def search_depth(self, view: PlayerView) -> int | None:
        """``None`` (exact) once the rest of the deal is small enough."""
        if view.phase2 or view.talon_size <= self.exact_talon:
            return None
        return self.depth

    def action_values(self, view: PlayerView) -> tuple[dict[Action, float], int]:
        """Mean value (game points for this seat) of every candidate action, and the worlds used."""
        per_world = self.world_action_values(view)
        worlds = max(len(values) for values in per_world.values())
        return {a: sum(values) / worlds for a, values in per_world.items()}, worlds

    def world_action_values(self, view: PlayerView) -> dict[Action, list[float]]:
        """The value (game points for this seat) of every candidate action in each sampled world."""
        if self.solver is None or self.solver.rules != view.rules:
            self.solver = Solver(view.rules, evaluate=self.evaluate)
            self._rollouts = Rollouts(view.rules, self._seed)
        solver = self.solver
        roll = self._rollouts if self.rollouts and not view.phase2 else None
        depth = self.search_depth(view)
        forbidden = forbidden_cards(view)
        per_world: dict[Action, list[float]] = {a: [] for a in candidate_actions(view)}
        actions = list(per_world)
        losses = dict.fromkeys(actions, 0)
        worlds = 0
        deadline = cpu_deadline(self.time_limit or None)
        # Once the talon is exhausted every unseen card is in the opponent's hand: one world.
        single = view.unseen == 0 or (view.face_up is None and not view.closer)
        while True:
            world = self.sample(view, forbidden)
            if roll is not None:
                values = roll.action_values(solver, world, actions, view.seat)
            else:
                values = solver.action_values(world, depth, actions, view.seat)
            for action, value in values.items():
                per_world[action].append(value)
                losses[action] += value < 0
            worlds += 1
            if single or not self._more(worlds, deadline):
                break
        if self.close_risk and view.unseen:
            # In each world the closer plays as if he saw the opponent's hand; at the table he
            # does not, so a close that fails in some worlds fails more often than they say.
            for close in (ACTIONS[CLOSE], ACTIONS[CLOSE_BEFORE_DRAW]):
                if close in per_world:
                    charge = self.close_risk * losses[close] / worlds
                    per_world[close] = [v - charge for v in per_world[close]]
        return per_world

    def sample(self, view: PlayerView, forbidden: int) -> Deal:
        return sample_world(view, self.rng, forbidden)

    def _more(self, worlds: int, deadline: float | None) -> bool:
        if deadline is None:
            return worlds < self.samples
        return not spent(deadline)


def obvious_action(view: PlayerView) -> Action | None:
    """The action every level above random takes without thinking, if any.

    The only legal action; a correct claim (claiming at once is always best);
    the trump exchange offered to the player not on lead (it never hurts).
    """
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    if CLAIM in legal and view.score >= DEAL_TARGET:
        return legal[legal.index(CLAIM)]
    if view.window == view.seat and EXCHANGE in legal:
        return legal[legal.index(EXCHANGE)]
    return None


def candidate_actions(view: PlayerView) -> list[Action]:
    """The legal actions worth searching: every one but a false claim."""
    return [a for a in view.legal if a != CLAIM or view.score >= DEAL_TARGET]


__all__ = ["PimcPlayer", "candidate_actions", "obvious_action"]
