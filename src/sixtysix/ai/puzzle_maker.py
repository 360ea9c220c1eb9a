"""Making puzzles: games between the computer levels, each decision after the talon is exhausted solved exactly.

``python -m bench.make_puzzles`` (docs/puzzles.md) calls :func:`make_puzzles`: levels 3-5 play
single deals of seed66 and Schnapsen with a fixed seed (level 5 with a fixed number of tree
iterations, so that the games and the puzzles are the same on every machine); each decision of a
seat after the talon is exhausted is solved exactly, and kept when one action beats every other by
a game point or more (:func:`sixtysix.ai.puzzles.unique_solution`).

Each puzzle is graded by what makes it hard (:func:`grade`):

* ``plausible``: how many actions look about as good after one trick (the quick estimate of
  :func:`sixtysix.ai.evaluation.heuristic_value`, the opponent replying for the worst);
* how far down that one-trick ordering the solution is (a sacrifice that pays later);
* ``depth``: how many plies along the solution line the player must still play precisely;
* whether the card counter (level 3) finds it from the same view.

>>> puzzles = make_puzzles(seed=1, count=2, presets=("schnapsen",), pairings=((3, 3),))
>>> len(puzzles), [check_puzzle(p) for p in puzzles]
(2, [[], []])
"""

from __future__ import annotations

import dataclasses
import logging
import random
from collections.abc import Iterator, Sequence

from sixtysix.ai.evaluation import heuristic_value
from sixtysix.ai.heuristic import CountingPlayer
from sixtysix.ai.levels import make_player
from sixtysix.ai.puzzles import (
    Puzzle,
    check_puzzle,
    exact_values,
    is_puzzle_position,
    principal_line,
    settled_depth,
    solver_for,
    unique_solution,
)
from sixtysix.ai.tree import TreePlayer
from sixtysix.core.actions import Action
from sixtysix.core.game import Deal
from sixtysix.core.rules import Rules
from sixtysix.players.base import Player

log = logging.getLogger(__name__)

PRESETS = ("seed66", "schnapsen")
PAIRINGS = ((3, 4), (4, 5), (5, 3), (5, 5), (4, 3), (5, 4), (3, 5), (4, 4))
"""The levels of seat 1 and seat 2, one pairing per game in turn."""
TREE_ITERATIONS = 3000
"""Level 5's tree iterations per decision (instead of a time budget: the same games everywhere)."""
PER_GAME = 2
"""At most this many puzzles from one game (the earliest), for variety."""
PLAUSIBLE_MARGIN = 0.5
"""Game points within the best one-trick estimate that an action looks as good as the best."""
NAMES = {3: "counter", 4: "pimc", 5: "expert"}


def level_player(level: int, seed: int) -> Player:
    """The player of ``level`` that plays the same on every machine (level 5 by iterations, not time)."""
    if level == 5:
        return TreePlayer(seed, time_limit=None, iterations=TREE_ITERATIONS)
    return make_player(level, seed)


def make_puzzles(
    seed: int,
    count: int,
    presets: Sequence[str] = PRESETS,
    pairings: Sequence[tuple[int, int]] = PAIRINGS,
) -> list[Puzzle]:
    """``count`` puzzles from games played with ``seed``, numbered from 1, each checked exactly."""
    puzzles: list[Puzzle] = []
    seen: set[str] = set()
    game = 0
    while len(puzzles) < count:
        preset = presets[game % len(presets)]
        levels = pairings[(game // len(presets)) % len(pairings)]
        for found in game_puzzles(Rules.preset(preset), levels, random.Random(f"puzzles:{seed}:{game}"), game):
            if found.position in seen or len(puzzles) >= count:
                continue
            seen.add(found.position)
            puzzle = dataclasses.replace(found, id=len(puzzles) + 1)
            problems = check_puzzle(puzzle)
            assert not problems, problems
            puzzles.append(puzzle)
        game += 1
        if game % 20 == 0:
            log.info("%d games, %d puzzles", game, len(puzzles))
    return puzzles


def game_puzzles(rules: Rules, levels: tuple[int, int], rng: random.Random, game: int) -> Iterator[Puzzle]:
    """Play one deal between ``levels`` (seat 1, seat 2) and yield up to :data:`PER_GAME` of its puzzles."""
    deal = Deal.shuffled(rng.getrandbits(64), dealer=2 - game % 2, rules=rules)
    players = {seat: level_player(level, rng.getrandbits(32)) for seat, level in zip((1, 2), levels, strict=True)}
    for seat, player in players.items():
        player.new_match(rules, seat)
        player.new_deal(deal.view(seat))
    found = 0
    while deal.outcome is None:
        actor = deal.seat_to_ask
        assert actor is not None
        action = players[actor].choose(deal.view(actor))
        if found < PER_GAME and is_puzzle_position(deal, actor):
            puzzle = position_puzzle(deal, actor)
            if puzzle is not None:
                names = f"{NAMES[levels[0]]} v {NAMES[levels[1]]}"
                missed = "found it" if action == puzzle.solution else f"played {action}"
                found += 1
                yield dataclasses.replace(puzzle, source=f"{rules.preset_name} {names}, game {game}: {missed}")
        deal.apply(action, actor)


def position_puzzle(deal: Deal, seat: int) -> Puzzle | None:
    """The puzzle of ``deal`` for ``seat`` to act, graded, or ``None`` when no action alone is best."""
    solver = solver_for(deal.rules)
    values = exact_values(deal, solver)
    solution = unique_solution(values)
    if solution is None:
        return None
    line, steps = principal_line(deal, solver)
    plausible, rank = one_trick_look(deal, seat, solution)
    depth = settled_depth(line, steps, seat)
    counter = CountingPlayer(0)
    counter_finds = counter.choose(deal.view(seat)) == solution
    return Puzzle(
        id=0,
        position=deal.text(),
        seat=seat,
        solution=solution,
        values={action.token: value for action, value in values.items()},
        line=tuple(f"{actor}:{action}" for actor, action in line),
        plausible=plausible,
        looks_better=rank,
        depth=depth,
        counter_finds=counter_finds,
        rating=grade(plausible, rank, depth, counter_finds, len(values)),
    )


def grade(plausible: int, rank: int, depth: int, counter_finds: bool, choices: int) -> int:
    """The puzzle's rating from what makes it hard: each feature adds to a base of 800.

    Actions that look as good after one trick (+90 each beyond the first), actions that look
    better than the solution then (+200 each, three at most), plies to play precisely (+40 each
    beyond the first), legal actions (+30 each beyond two), and +250 when the card counter
    (level 3) misses it.

    >>> grade(plausible=1, rank=0, depth=1, counter_finds=True, choices=2)
    800
    >>> grade(plausible=3, rank=1, depth=5, counter_finds=False, choices=4)
    1650
    """
    rating = 800 + 90 * (plausible - 1) + 200 * min(rank, 3) + 40 * (depth - 1) + 30 * (choices - 2)
    return rating + (0 if counter_finds else 250)


def one_trick_look(deal: Deal, seat: int, solution: Action) -> tuple[int, int]:
    """How many actions look as good as the best after one trick, and how many look better than ``solution``."""
    looks = {
        action: _after_trick(_child(deal, seat, action), seat, deal.trick_count) for action in deal.legal_actions()
    }
    best = max(looks.values())
    plausible = sum(value >= best - PLAUSIBLE_MARGIN for value in looks.values())
    rank = sum(value > looks[solution] for value in looks.values())
    return plausible, rank


def _child(deal: Deal, seat: int, action: Action) -> Deal:
    child = deal.copy()
    child.apply(action, seat)
    return child


def _after_trick(deal: Deal, seat: int, tricks: int) -> float:
    """The estimate for ``seat`` once the trick in play is over, each side choosing its best by the estimate."""
    if deal.outcome is not None:
        outcome = deal.outcome
        return 0.0 if outcome.winner is None else outcome.game_points * (1 if outcome.winner == seat else -1)
    if deal.trick_count > tricks:
        value = heuristic_value(deal)
        return value if seat == 1 else -value
    actor = deal.to_act
    assert actor is not None
    looks = [_after_trick(_child(deal, actor, action), seat, tricks) for action in deal.legal_actions()]
    return max(looks) if actor == seat else min(looks)
