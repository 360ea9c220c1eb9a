"""Where few deals fit the view, the analysis's verdicts are facts: checked against a brute force of its own.

Positions of every two-player preset with at most 2,000 deals consistent with the deciding
player's view (the talon open with two or four cards, closed, or exhausted), from games of card
counters with a random move now and then (so that talons get closed early and late). For each,
:mod:`bench.exact` lists the deals apart from the analysis (every split of the hidden cards, every
order of an open talon, less those where the opponent broke the rules of following), solves each
on its own with the exact solver and averages every action over them; the analysis must name the
same deals (their number, each once), the same value of every action, no fault where the move
played is at least as good on average as the best and the exact fault where it is worse, and its
"wins in A of N" must count those distinct deals under best play. The native solver's values of
the talon-open deals are checked against the pure-Python solver's on a few of them. The shipped
puzzles too: their worlds, values and solutions are those of the brute force.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from bench.exact import check_decision, deals_at_most, puzzle_faults, worlds_of

from sixtysix.ai import native
from sixtysix.ai.heuristic import CountingPlayer
from sixtysix.ai.puzzles import load_puzzles
from sixtysix.ai.sampling import world_count
from sixtysix.ai.solver import Solver
from sixtysix.core.actions import Action
from sixtysix.core.game import Deal, shuffled_deck
from sixtysix.core.rules import PRESETS, Rules

pytestmark = pytest.mark.slow

TWO_PLAYER = tuple(name for name, rules in PRESETS.items() if rules.players == 2)
LIMIT = 2000 if native.available() else 60
"""Consistent deals at most (fewer without the native core: the pure solver is slow on an open talon)."""
DEALS = 12 if native.available() else 3
PURE_WORLDS = 3
"""Deals of each talon-open position also solved by the pure-Python solver."""


def _positions(name: str) -> Iterator[tuple[Deal, int, Action]]:
    """Decisions with a choice and at most :data:`LIMIT` consistent deals, and the move made there."""
    rules = Rules.preset(name)
    for seed in range(DEALS):
        deal = Deal(shuffled_deck(rules, 7919 * seed + len(name)), 2, rules)
        players = {1: CountingPlayer(seed), 2: CountingPlayer(seed + 1)}
        rng = random.Random(seed)
        while deal.outcome is None:
            seat = deal.seat_to_ask
            assert seat is not None
            view = deal.view(seat)
            action = rng.choice(view.legal) if rng.random() < 0.1 else players[seat].choose(view)
            if len(view.legal) > 1 and deals_at_most(deal, seat) <= LIMIT:
                yield deal.copy(), seat, action
            deal.apply(action, seat)


@pytest.mark.parametrize("name", TWO_PLAYER)
def test_verdicts_where_few_deals_fit_agree_with_the_exact_average_over_distinct_deals(name: str) -> None:
    kinds: Counter[str] = Counter()
    disagree = []
    for deal, seat, action in _positions(name):
        check = check_decision(deal, seat, action, name)
        kinds["open" if check.open_talon else "closed" if deal.closer else "gone"] += 1
        kinds["fault" if check.exact_fault != "good" else "good"] += 1
        if not check.agrees:
            disagree.append(check)
    assert not disagree, disagree
    # the positions reach every kind of few deals, moves of both kinds, and more than one deal
    assert kinds["open"] >= 5 and kinds["closed"] + kinds["gone"] >= 5, kinds
    assert kinds["fault"] >= 3 and kinds["good"] >= 3, kinds


@pytest.mark.parametrize("name", ("seed66", "schnapsen"))
def test_the_brute_force_lists_as_many_deals_as_the_count_and_the_native_solves_are_the_pure_ones(
    name: str,
) -> None:
    pure = Solver(Rules.preset(name), native=False)
    fast = Solver(Rules.preset(name))
    rng = random.Random(5)
    open_positions = 0
    for deal, seat, _ in _positions(name):
        worlds = list(worlds_of(deal, seat))
        assert len(worlds) == world_count(deal.view(seat))
        assert len({(w.hands[1], w.hands[2], w.stock) for w in worlds}) == len(worlds)  # each once
        if deal.phase2:
            continue
        open_positions += 1
        actions = deal.legal_actions(seat)
        for world in rng.sample(worlds, min(PURE_WORLDS, len(worlds))):
            assert fast.action_values(world, None, actions, seat) == pure.action_values(world, None, actions, seat)
    assert open_positions >= 5


def test_every_shipped_puzzle_holds_in_every_deal_listed_by_the_brute_force() -> None:
    puzzles = load_puzzles()[:: 1 if native.available() else 20]  # the pure solver: every 20th
    solvers = {name: Solver(Rules.preset(name)) for name in ("seed66", "schnapsen")}
    wrong = {p.id: faults for p in puzzles if (faults := puzzle_faults(p, solvers[p.position.split()[0]]))}
    assert not wrong
