"""Making puzzles: games between the computer levels, each decision with few enough unseen worlds solved in all of them.

``python -m bench.make_puzzles`` (docs/puzzles.md) calls :func:`make_puzzles`: levels 3-5 play
single deals of seed66 and Schnapsen with a fixed seed (level 5 with a fixed number of tree
iterations, so that the games and the puzzles are the same on every machine); each decision of a
seat whose view is consistent with at most :data:`~sixtysix.ai.puzzles.MAX_WORLDS` worlds (after the
talon is exhausted: one; after a close; with a talon of two or four cards) is solved exactly in
every one of them, and kept when one action is best in all of them and beats every other by a game
point or more on average (:meth:`sixtysix.ai.puzzles.WorldValues.solution`), until each kind has its
quota.

Each puzzle is graded by what makes it hard (:func:`grade`):

* ``plausible``: how many actions look about as good after one trick (the quick estimate of
  :func:`sixtysix.ai.evaluation.heuristic_value`, the opponent replying for the worst);
* how far down that one-trick ordering the solution is (a sacrifice that pays later);
* ``depth``: how many plies along the solution line the player must still play precisely;
* whether the card counter (level 3) finds it from the same view;
* how many worlds are consistent with the player's view (what he must think through).

>>> puzzles = make_puzzles(seed=1, quotas={"talon_gone": 1, "closed": 1}, presets=("schnapsen",), pairings=((3, 3),))
>>> sorted(p.kind for p in puzzles), [check_puzzle(p) for p in puzzles]
(['closed', 'talon_gone'], [[], []])
"""

from __future__ import annotations

import dataclasses
import logging
import math
import random
from collections.abc import Iterator, Mapping, Sequence

from sixtysix.ai.evaluation import heuristic_value
from sixtysix.ai.heuristic import CountingPlayer
from sixtysix.ai.levels import make_player
from sixtysix.ai.puzzles import (
    KINDS,
    PHASE_ONE,
    Puzzle,
    WorldValues,
    check_puzzle,
    is_puzzle_position,
    principal_line,
    puzzle_kind,
    settled_depth,
    solve_worlds,
    solver_for,
)
from sixtysix.ai.sampling import world_from
from sixtysix.ai.tree import TreePlayer
from sixtysix.core.actions import CLAIM, DRAW, Action
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
"""At most this many puzzles of each kind from one game (the earliest), for variety."""
LOOK_WORLDS = 16
"""Worlds (spread evenly over the list of them) in which the one-trick look of a hidden position is averaged."""
PLAUSIBLE_MARGIN = 0.5
"""Game points within the best one-trick estimate that an action looks as good as the best."""
NAMES = {3: "counter", 4: "pimc", 5: "expert"}
WORLDS_STEP = 40
"""Rating points for each tenfold of the worlds consistent with the player's view (:func:`grade`)."""
DEPTH_CAP = 8
"""Plies of the solution line that count for the rating at most (with the talon open the line is long, but
the puzzle asks for one move)."""
DRAW_SHARE = 0.1
"""At most this share of the phase-one quota may be solved by drawing (declining to close before the draw): the
most common of them, and a choice of two."""


def level_player(level: int, seed: int) -> Player:
    """The player of ``level`` that plays the same on every machine (level 5 by iterations, not time)."""
    if level == 5:
        return TreePlayer(seed, time_limit=None, iterations=TREE_ITERATIONS)
    return make_player(level, seed)


def make_puzzles(
    seed: int,
    quotas: Mapping[str, int],
    presets: Sequence[str] = PRESETS,
    pairings: Sequence[tuple[int, int]] = PAIRINGS,
    stop: int | None = None,
) -> list[Puzzle]:
    """Puzzles from games played with ``seed`` until each kind has its quota (``{"closed": 150, ...}``), numbered
    from 1 in the order found, each checked exactly; ``stop``: only the first so many (the same as the full run's)."""
    puzzles: list[Puzzle] = []
    seen: set[str] = set()
    wanted = {kind: quotas.get(kind, 0) for kind in KINDS}
    total = sum(wanted.values()) if stop is None else min(stop, sum(wanted.values()))
    draws = int(DRAW_SHARE * wanted[PHASE_ONE])
    game = 0
    while len(puzzles) < total:
        preset = presets[game % len(presets)]
        levels = pairings[(game // len(presets)) % len(pairings)]
        open_kinds = {kind for kind, left in wanted.items() if left > 0}
        for found in game_puzzles(
            Rules.preset(preset), levels, random.Random(f"puzzles:{seed}:{game}"), game, open_kinds
        ):
            if found.position in seen or wanted[found.kind] <= 0 or len(puzzles) >= total:
                continue
            if found.solution == DRAW:
                if draws <= 0:
                    continue
                draws -= 1
            seen.add(found.position)
            wanted[found.kind] -= 1
            puzzle = dataclasses.replace(found, id=len(puzzles) + 1)
            problems = check_puzzle(puzzle)
            assert not problems, problems
            puzzles.append(puzzle)
        game += 1
        if game % 20 == 0:
            log.info("%d games, %d puzzles, still wanted %s", game, len(puzzles), wanted)
    return puzzles


def game_puzzles(
    rules: Rules,
    levels: tuple[int, int],
    rng: random.Random,
    game: int,
    kinds: set[str] | frozenset[str] = frozenset(KINDS),
) -> Iterator[Puzzle]:
    """Play one deal between ``levels`` (seat 1, seat 2) and yield up to :data:`PER_GAME` of its puzzles of each
    of ``kinds``."""
    deal = Deal.shuffled(rng.getrandbits(64), dealer=2 - game % 2, rules=rules)
    players = {seat: level_player(level, rng.getrandbits(32)) for seat, level in zip((1, 2), levels, strict=True)}
    for seat, player in players.items():
        player.new_match(rules, seat)
        player.new_deal(deal.view(seat))
    found = dict.fromkeys(KINDS, 0)
    while deal.outcome is None:
        actor = deal.seat_to_ask
        assert actor is not None
        action = players[actor].choose(deal.view(actor))
        kind = puzzle_kind(deal, actor)
        if kind is not None and kind in kinds and found[kind] < PER_GAME and is_puzzle_position(deal, actor):
            puzzle = position_puzzle(deal, actor)
            if puzzle is not None:
                names = f"{NAMES[levels[0]]} v {NAMES[levels[1]]}"
                missed = "found it" if action == puzzle.solution else f"played {action}"
                found[kind] += 1
                yield dataclasses.replace(puzzle, source=f"{rules.preset_name} {names}, game {game}: {missed}")
        deal.apply(action, actor)


def position_puzzle(deal: Deal, seat: int) -> Puzzle | None:
    """The puzzle of ``deal`` for ``seat`` to act, graded, or ``None`` when no action is best in every world."""
    kind = puzzle_kind(deal, seat)
    assert kind is not None
    view = deal.view(seat)
    solver = solver_for(deal.rules)
    solved = solve_worlds(view, solver)
    solution = solved.solution()
    if solution is None:
        return None
    line, steps = principal_line(deal, solver)
    plausible, rank = one_trick_look(solved, solution)
    depth = settled_depth(line, steps, seat)
    counter = CountingPlayer(0)
    counter_finds = counter.choose(view) == solution
    return Puzzle(
        id=0,
        position=deal.text(),
        seat=seat,
        solution=solution,
        values=solved.stored_values(),
        line=tuple(f"{actor}:{action}" for actor, action in line),
        plausible=plausible,
        looks_better=rank,
        depth=depth,
        counter_finds=counter_finds,
        rating=grade(plausible, rank, depth, counter_finds, sum(a != CLAIM for a in solved.actions), solved.count),
        kind=kind,
        worlds=solved.count,
    )


def grade(plausible: int, rank: int, depth: int, counter_finds: bool, choices: int, worlds: int = 1) -> int:
    """The puzzle's rating from what makes it hard: each feature adds to a base of 800.

    Actions that look as good after one trick (+90 each beyond the first), actions that look
    better than the solution then (+200 each, three at most), plies to play precisely (+40 each
    beyond the first, :data:`DEPTH_CAP` at most), legal actions besides a claim (+30 each beyond
    two), +250 when the card counter (level 3) misses it, and +:data:`WORLDS_STEP` for each tenfold
    of the worlds consistent with the view (the hidden cards the player must think through).

    >>> grade(plausible=1, rank=0, depth=1, counter_finds=True, choices=2)
    800
    >>> grade(plausible=3, rank=1, depth=5, counter_finds=False, choices=4)
    1650
    >>> grade(plausible=1, rank=0, depth=12, counter_finds=True, choices=2, worlds=100)
    1160
    """
    rating = 800 + 90 * (plausible - 1) + 200 * min(rank, 3) + 40 * (min(depth, DEPTH_CAP) - 1) + 30 * (choices - 2)
    rating += round(WORLDS_STEP * math.log10(worlds))
    return rating + (0 if counter_finds else 250)


def one_trick_look(solved: WorldValues, solution: Action) -> tuple[int, int]:
    """How many actions look as good as the best after one trick, and how many look better than ``solution``
    (the estimate averaged over up to :data:`LOOK_WORLDS` of the worlds, spread evenly over them)."""
    view = solved.view
    picked = solved.worlds[:: max(1, math.ceil(solved.count / LOOK_WORLDS))]
    looks = dict.fromkeys(solved.actions, 0.0)
    for opponent, stock in picked:
        world = world_from(view, opponent, list(stock))
        for action in solved.actions:
            looks[action] += _after_trick(_child(world, view.seat, action), view.seat, world.trick_count) / len(picked)
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
