"""Levels 4 and 5 of the four-handed game: perfect-information Monte Carlo.

Both players look only at their own :class:`~sixtysix.core.view.PartnershipView`.
For a decision they deal the cards they cannot see to the three other hands
in ways consistent with what those hands have shown (*worlds*), solve every
world with :class:`~sixtysix.ai.partnership.solver.PartnershipSolver` for
each legal action, and play the action with the best mean game points. In a
world all four players see every card, partners cooperating perfectly; the
partner's real hand is never looked at, it is sampled like the opponents'.

* Level 4, :class:`PimcPartnershipPlayer`: a fixed number of worlds, each
  consistent only with the voids the others have shown (a player who did not
  follow suit holds none of it; one who neither followed nor trumped holds no
  trump either). Early in the deal the search looks ``max_tricks`` tricks ahead
  and estimates the rest; from ``exact_tricks`` tricks before the end it is exact.
* Level 5, :class:`ExpertPartnershipPlayer`: every inference of
  :class:`~sixtysix.ai.partnership.inference.HandKnowledge` (the must-win rule
  says a lot: a player who followed without beating the winning card holds no
  higher card of the suit), as many worlds as its CPU-time budget allows (or a
  fixed work budget in solver nodes, for reproducible runs), and ties between
  equally scoring actions broken by the expected card-point margin. CPU time of
  its thread, not wall time (:mod:`sixtysix.ai.clock`).

>>> from sixtysix.core.partnership import FourHandedDeal
>>> from sixtysix.core.view import PartnershipView
>>> deal = FourHandedDeal.shuffled(seed=3, dealer=4)
>>> player = PimcPartnershipPlayer(seed=1, samples=2, max_tricks=1)
>>> player.choose(PartnershipView.of(deal, 1)) in deal.legal_actions(1)
True
"""

from __future__ import annotations

import random

from sixtysix.ai.clock import cpu_deadline, spent
from sixtysix.ai.partnership.inference import HandKnowledge, hand_counts, sample_hands
from sixtysix.ai.partnership.solver import PartnershipSolver, Position
from sixtysix.core.actions import Action
from sixtysix.core.cards import BIT, RANK_OF, SUIT_MASK, SUIT_OF, TEN, CardMask, make_card
from sixtysix.core.facts import beats
from sixtysix.core.partnership import SEATS
from sixtysix.core.rules import Rules
from sixtysix.core.view import PartnershipView
from sixtysix.players.partnership import PartnershipPlayer

_EPSILON = 1e-9


def position_of(view: PartnershipView, hands: tuple[CardMask, CardMask, CardMask, CardMask]) -> Position:
    """The solver's position for ``view`` with the hidden hands filled in by a world."""
    ten = BIT[make_card(TEN, view.trump)]
    ten_side = 1 if view.won[0] & ten else 2 if view.won[1] & ten else 0
    return Position(
        hands=hands,
        trump=view.trump,
        leader=view.leader,
        trick=view.trick,
        score=view.score,
        pending=view.pending,
        tricks=view.tricks,
        ten_side=ten_side,
        marriage_suit=view.marriage_suit,
        match_score=view.match_score,
    )


def void_knowledge(view: PartnershipView) -> HandKnowledge:
    """What level 4 uses of the play: the shown cards, the hand sizes and the shown voids only."""
    trump = view.trump
    void = [0, 0, 0, 0, 0]
    trick: list[int] = []
    winning = -1
    for actor, action in view.history:
        if not action.is_card():
            continue
        card = int(action)
        if trick:
            led = SUIT_OF[trick[0]]
            if SUIT_OF[card] != led:
                void[actor] |= SUIT_MASK[led]
                if SUIT_OF[card] != trump and (SUIT_OF[winning] != trump or view.rules.four_player_undertrump_required):
                    void[actor] |= SUIT_MASK[trump]
            if beats(card, winning, trump):
                winning = card
        else:
            winning = card
        trick.append(card)
        if len(trick) == view.rules.cards_per_trick:
            trick = []
    counts = hand_counts(view)
    known = view.known
    shown = known[0] | known[1] | known[2] | known[3]
    pool = view.unseen
    possible = [0, 0, 0, 0]
    sure = [0, 0, 0, 0]
    for seat in SEATS:
        if seat == view.seat:
            possible[seat - 1] = sure[seat - 1] = view.hand
        else:
            possible[seat - 1] = (pool & ~void[seat]) | known[seat - 1]
            sure[seat - 1] = known[seat - 1]
            possible[seat - 1] &= ~(shown & ~known[seat - 1])
    return HandKnowledge(
        view.seat,
        (possible[0], possible[1], possible[2], possible[3]),
        (sure[0], sure[1], sure[2], sure[3]),
        (counts[1], counts[2], counts[3], counts[4]),
    )


class PimcPartnershipPlayer(PartnershipPlayer):
    """Level 4: ``samples`` worlds per decision, consistent with the shown voids.

    The search is exact from ``exact_tricks`` tricks before the end; earlier it
    looks ``max_tricks`` tricks ahead and estimates the rest. Deterministic for a
    fixed seed.
    """

    name = "pimc"

    def __init__(
        self, seed: int | None = 0, samples: int = 16, max_tricks: int = 3, exact_tricks: int = 5, fine: bool = False
    ) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.max_tricks = max_tricks
        self.exact_tricks = exact_tricks
        self.fine = fine
        self._solvers: dict[tuple[int | None, Rules], PartnershipSolver] = {}

    def choose(self, view: PartnershipView) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        means = self.action_means(view)
        return self.pick(view, means)

    # -- the search --------------------------------------------------------

    def knowledge(self, view: PartnershipView) -> HandKnowledge:
        return void_knowledge(view)

    def solver(self, view: PartnershipView) -> PartnershipSolver:
        """The solver for this decision: exact near the end, trick-limited before."""
        left = view.hand.bit_count()  # the tricks still to play: one card of this hand each
        limit = None if left <= self.exact_tricks else self.max_tricks
        key = (limit, view.rules)
        solver = self._solvers.get(key)
        if solver is None:
            if len(self._solvers) > 4:
                self._solvers.clear()
            solver = self._solvers[key] = PartnershipSolver(view.rules, limit, self.fine)
        return solver

    def action_means(self, view: PartnershipView) -> dict[Action, float]:
        """The mean value of every legal action over the worlds this player samples."""
        knowledge = self.knowledge(view)
        solver = self.solver(view)
        sums = dict.fromkeys(view.legal, 0.0)
        worlds = 0
        start_nodes = solver.nodes
        deadline = self.deadline()
        while worlds < 1 or self.more(worlds, deadline, solver.nodes - start_nodes):
            hands = sample_hands(knowledge, self.rng)
            for action, value in solver.action_values(position_of(view, hands)).items():
                if action in sums:
                    sums[action] += value
            worlds += 1
        return {action: total / worlds for action, total in sums.items()}

    def deadline(self) -> float | None:
        return None

    def more(self, worlds: int, deadline: float | None, nodes: int) -> bool:
        """Whether to sample another world."""
        return worlds < self.samples

    def pick(self, view: PartnershipView, means: dict[Action, float]) -> Action:
        """The best mean; among equals the marriage, then the card that gives away least.

        A ``fine`` mean is ``FINE`` x the mean game points + the mean card-point margin:
        the game points decide, the margin only between nearly equal game points.
        """
        points = view.rules.points
        top = max(means.values())
        best = [a for a, v in means.items() if v >= top - _EPSILON]

        def given_away(action: Action) -> tuple[bool, int, int, int]:
            if action.is_card():  # the fewest points, then the lowest card
                return True, points[action], -RANK_OF[action], action
            return False, 0, -action, action  # a marriage before any card, the 40 first

        return min(best, key=given_away)


class ExpertPartnershipPlayer(PimcPartnershipPlayer):
    """Level 5: every inference of the play, a CPU-time budget and margin tie-breaks.

    It samples worlds until ``time_limit`` CPU seconds of its thread are
    used (at least ``min_samples``, at most ``max_samples``); with ``work`` set it
    stops after that many solver nodes instead, and is then deterministic for a
    fixed seed (CPU time, not wall time, so that a busy machine does not weaken it).
    """

    name = "expert"

    def __init__(
        self,
        seed: int | None = 0,
        time_limit: float = 0.25,
        work: int | None = None,
        min_samples: int = 4,
        max_samples: int = 200,
        max_tricks: int = 3,
        exact_tricks: int = 5,
    ) -> None:
        super().__init__(seed, samples=max_samples, max_tricks=max_tricks, exact_tricks=exact_tricks, fine=True)
        self.time_limit = time_limit
        self.work = work
        self.min_samples = min_samples

    def knowledge(self, view: PartnershipView) -> HandKnowledge:
        return HandKnowledge.from_view(view)

    def deadline(self) -> float | None:
        return None if self.work is not None else cpu_deadline(self.time_limit)

    def more(self, worlds: int, deadline: float | None, nodes: int) -> bool:
        if worlds < self.min_samples:
            return True
        if worlds >= self.samples:
            return False
        if self.work is not None:
            return nodes < self.work
        return deadline is not None and not spent(deadline)
