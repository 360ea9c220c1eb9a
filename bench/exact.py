"""Exact agreement benchmark: where few deals fit a player's view, is the analysis's verdict the exact one?

Run from the repository root (the native core built: ``python native/build.py``)::

    python -m bench.exact                    # every record of bench/records/analysis, at most 5,000 deals
    python -m bench.exact --limit 2000 --records 4 --json out/bench-exact.json
    python -m bench.exact --puzzles          # every shipped puzzle instead (puzzle_faults)
    python -m bench.exact --sampled 1        # the sampled analysis (1 s a decision), as before it listed the deals

For every decision of the stability benchmark's records (``bench/records/analysis``, those of
:mod:`bench.analysis`) with a real choice and at most ``--limit`` deals consistent with the
deciding player's view, the deals are listed here by brute force, apart from the analysis's own
listing (:func:`~sixtysix.ai.sampling.consistent_worlds`) and solving: every split of the cards
hidden from the player between the opponent's unknown cards and the face-down talon (every order
of the talon while it is open: its order is part of the deal), made from the real deal by putting
those cards in place (:func:`worlds_of`), less those where the opponent's play after the talon was
closed or exhausted breaks the rules of following (:func:`~sixtysix.core.facts.follow_mask`); each
deal is solved on its own with the exact solver (the native core, the out-of-turn exchange a real
choice) and every action's value averaged over the deals, each counted once (:func:`exact_means`).

The analysis (:func:`~sixtysix.ai.analysis.analyze`, the move played as ``played``) *agrees* with
it when it names the same number of deals, the same value of every action, and the verdict on the
move played is the exact one: :func:`~sixtysix.ai.analysis.classify` of its loss on the average
over the deals (no fault where it is at least as good as the best). The target (issue 26) is
100 %. Also counted: decisions where the move played is called a fault although it is at least as
good on average (target 0), and wins "in A of N" deals (:class:`~sixtysix.ai.explain.WinShare`)
whose count differs from the deals listed here that the action wins under best play (target 0).
It exits with status 1 where a decision (or, with ``--puzzles``, a puzzle) disagrees, naming each.
"""

from __future__ import annotations

import argparse
import itertools
import json
import logging
import math
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from bench.analysis import RECORDS
from bench.engine import machine
from sixtysix.ai import analysis as analysis_module
from sixtysix.ai.analysis import Budget, _decisions, analyze, classify
from sixtysix.ai.explain import AtLeastAsGood, WinShare, explain
from sixtysix.ai.puzzles import DECIMALS, MARGIN, Puzzle, load_puzzles
from sixtysix.ai.solver import Solver
from sixtysix.core.actions import CLOSE, CLOSE_BEFORE_DRAW, IS_CARD, Action
from sixtysix.core.cards import BIT, cards_of
from sixtysix.core.facts import follow_mask, talon_after
from sixtysix.core.game import Deal
from sixtysix.core.record import Record

LIMIT = 5_000
"""Decisions with at most this many consistent deals are checked (issue 26's target)."""

_log = logging.getLogger("bench.exact")


# -- the deals, by brute force ----------------------------------------------------------------


def hidden_cards(deal: Deal, seat: int) -> tuple[list[int], int]:
    """The cards ``seat`` cannot see in ``deal`` (the opponent's not publicly known ones and the face-down
    talon's), and how many of them the opponent holds."""
    opponent = 3 - seat
    unknown = deal.hands[opponent] & ~deal.known[opponent]
    talon = deal.stock[deal.stock_pos :]  # face down, not drawn (nor ever, once closed)
    hidden = sorted([*cards_of(unknown), *talon])
    return hidden, unknown.bit_count()


def worlds_of(deal: Deal, seat: int) -> Iterator[Deal]:
    """Every deal consistent with ``seat``'s view of ``deal``, each once: the hidden cards put in every way
    into the opponent's unknown cards and the talon (every order of it while open, one once closed),
    those that contradict the opponent's following after the close or the talon's end left out."""
    opponent = 3 - seat
    hidden, count = hidden_cards(deal, seat)
    known = deal.hands[opponent] & deal.known[opponent]
    open_talon = not deal.phase2
    for chosen in itertools.combinations(hidden, count):
        hand = known
        for card in chosen:
            hand |= BIT[card]
        rest = [card for card in hidden if card not in chosen]
        if not _follows_legal(deal, opponent, hand):
            continue
        for order in itertools.permutations(rest) if open_talon else (tuple(rest),):
            world = deal.copy()
            world.hands[opponent] = hand
            world.stock = (*deal.stock[: deal.stock_pos], *order)
            yield world


def _follows_legal(deal: Deal, opponent: int, hand: int) -> bool:
    """Whether the opponent, holding ``hand`` now, followed by the rules in every trick after the talon was
    closed or exhausted (no one draws then: his hand at a trick is ``hand`` and the cards he played since)."""
    rules = deal.rules
    cards = [(seat, action) for seat, action in deal.history if IS_CARD[action]]
    closed_at = next(
        (i for i, (_, action) in enumerate(deal.history) if action in (CLOSE, CLOSE_BEFORE_DRAW)), len(deal.history)
    )
    closed_before = [
        sum(IS_CARD[action] for _, action in deal.history[:closed_at]) <= index for index in range(len(cards))
    ]
    held = hand
    for index in range(len(cards) - 1, -1, -1):  # backwards: his hand grows by each card he played
        seat, card = cards[index]
        if seat != opponent:
            continue
        held |= BIT[card]
        trick, follower = divmod(index, 2)
        strict = closed_before[index] or talon_after(rules, trick) == 0
        if follower and strict and not follow_mask(rules, held, cards[index - 1][1], deal.trump) & BIT[card]:
            return False
    return True


def exact_means(deal: Deal, seat: int, solver: Solver | None = None) -> tuple[list[Action], list[list[int]]]:
    """The legal actions of ``seat`` in ``deal`` and their exact values for it in each consistent deal
    (:func:`worlds_of`), each solved on its own."""
    solver = solver or Solver(deal.rules)
    actions = deal.legal_actions(seat)
    values = []
    for world in worlds_of(deal, seat):
        found = solver.action_values(world, None, actions, seat)
        values.append([int(found[action]) for action in actions])
    return actions, values


# -- one decision -------------------------------------------------------------------------------


@dataclass
class Check:
    """One decision checked against the brute force."""

    record: str
    position: int
    seat: int
    action: str
    deals: int
    open_talon: bool
    exact_loss: float
    exact_fault: str
    verdict: str
    same_deals: bool
    same_values: bool
    wins_true: bool

    @property
    def agrees(self) -> bool:
        return self.same_deals and self.same_values and self.verdict == self.exact_fault and self.wins_true

    @property
    def false_fault(self) -> bool:
        """A fault named although the move is at least as good as the best on average."""
        return self.exact_loss <= 1e-9 and self.verdict != "good"


def check_decision(
    deal: Deal, seat: int, played: Action, name: str = "", position: int = 0, budget: Budget | None = None
) -> Check:
    """``played`` by ``seat`` in ``deal`` judged by the analysis (seed 0, or ``budget``) and by the brute force."""
    actions, values = exact_means(deal, seat)
    count = len(values)
    means = {action: sum(row[i] for row in values) / count for i, action in enumerate(actions)}
    wins = {action: sum(row[i] > 0 for row in values) for i, action in enumerate(actions)}
    loss = max(means.values()) - means[played]
    fault = classify(loss)
    view = deal.view(seat)
    analysis = analyze(view, budget or Budget(seed=0), played=played)
    same_values = all(abs(analysis[action].value - means[action]) < 1e-9 for action in actions)
    column = {action: [row[i] for row in values] for i, action in enumerate(actions)}
    wins_true = True  # every count of deals the explanation states is one of the deals listed here
    explanation = explain(view, analysis, played=played, lines=False)
    for fact in explanation.facts:
        if isinstance(fact, WinShare):
            wins_true &= fact.exact and (fact.wins, fact.worlds) == (wins[fact.action], count)
        elif isinstance(fact, AtLeastAsGood) and explanation.other is not None:
            pairs = zip(column[explanation.best], column[explanation.other], strict=True)
            wins_true &= (fact.count, fact.worlds) == (sum(b >= o for b, o in pairs), count)
    return Check(
        name,
        position,
        seat,
        str(played),
        count,
        not deal.phase2,
        loss,
        fault.value if fault else "good",
        analysis.verdict(played).value,
        analysis.exhaustive and analysis.worlds == count,
        same_values,
        wins_true,
    )


def record_checks(path: Path, limit: int = LIMIT, budget: Budget | None = None) -> list[Check]:
    """Every decision of the record at ``path`` with a choice and at most ``limit`` consistent deals."""
    record = Record.parse(path.read_text(encoding="utf-8"))
    checks = []
    for decision in _decisions(record):
        deal, seat = decision.deal, decision.seat
        if len(deal.legal_actions(seat)) < 2 or deals_at_most(deal, seat) > limit:
            continue
        checks.append(check_decision(deal.copy(), seat, decision.action, path.stem, decision.position, budget))
    return checks


def deals_at_most(deal: Deal, seat: int) -> int:
    """The consistent deals before the rules of following rule some out, counted without listing them: exact
    while the talon is open (no one has had to follow by the strict rules yet); after it his possible hands."""
    hidden, count = hidden_cards(deal, seat)
    orders = math.factorial(len(hidden) - count) if not deal.phase2 else 1
    return math.comb(len(hidden), count) * orders


# -- the shipped puzzles ------------------------------------------------------------------------


def puzzle_faults(puzzle: Puzzle, solver: Solver | None = None) -> list[str]:
    """What the brute force finds wrong with ``puzzle`` (nothing: an empty list): the number of deals
    consistent with the view, each action's stored value (the mean over them, both sides playing perfectly,
    the out-of-turn exchange a real choice), the solution best in every deal and a game point ahead on average."""
    deal = Deal.parse_text(puzzle.position)
    actions, values = exact_means(deal, puzzle.seat, solver)
    count = len(values)
    faults = [] if count == puzzle.worlds else [f"{count} deals, not {puzzle.worlds}"]
    means = {str(action): sum(row[i] for row in values) / count for i, action in enumerate(actions)}
    if set(means) != set(puzzle.values):
        return [*faults, f"actions {sorted(means)}, not {sorted(puzzle.values)}"]
    faults += [
        f"{token}: {mean:.3f}, not {puzzle.values[token]}"
        for token, mean in means.items()
        if abs(round(mean, DECIMALS) - puzzle.values[token]) > 1e-9
    ]
    best = actions.index(puzzle.solution)
    if any(row[best] < max(row) for row in values):
        faults.append(f"{puzzle.solution} not best in every deal")
    totals = [sum(row[i] for row in values) for i in range(len(actions))]  # whole numbers: no rounding
    if any(total > totals[best] - MARGIN * count for i, total in enumerate(totals) if i != best):
        faults.append(f"{puzzle.solution} not {MARGIN} game point ahead of every other action")
    return faults


# -- the run ------------------------------------------------------------------------------------


def report(checks: Sequence[Check], limit: int, elapsed: float) -> str:
    agree = sum(check.agrees for check in checks)
    lines = [
        f"exact agreement: {agree} of {len(checks)} decisions with at most {limit:,} consistent deals "
        f"({agree / max(1, len(checks)):.1%}); talon open in {sum(c.open_talon for c in checks)}; "
        f"deals per decision median {statistics.median(c.deals for c in checks) if checks else 0:g}, "
        f"max {max((c.deals for c in checks), default=0)}; {elapsed:.0f} s",
        f"faults named where the move is at least as good on average: {sum(c.false_fault for c in checks)}; "
        f"verdict differs: {sum(c.verdict != c.exact_fault for c in checks)}; "
        f"deal count differs: {sum(not c.same_deals for c in checks)}; "
        f"values differ: {sum(not c.same_values for c in checks)}; "
        f"'wins in A of N' false: {sum(not c.wins_true for c in checks)}",
    ]
    lines += [f"  disagrees: {asdict(check)}" for check in checks if not check.agrees]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=LIMIT, help=f"consistent deals at most (default {LIMIT})")
    parser.add_argument("--records", type=int, help="the first this many records (default: all)")
    parser.add_argument("--json", type=Path, help="write every check here")
    parser.add_argument("--puzzles", action="store_true", help="check every shipped puzzle instead")
    parser.add_argument(
        "--sampled", type=float, metavar="SECONDS", help="check the sampled analysis instead (SECONDS a decision)"
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if args.puzzles:
        return check_puzzles()
    budget = None
    if args.sampled is not None:  # the analysis as it was before it listed the few deals: sampled everywhere
        analysis_module.EXACT_WORLDS = 0
        budget = Budget(seconds=args.sampled, seed=0)
    paths = sorted(RECORDS.glob("*.66r"))[: args.records]
    started = time.perf_counter()
    checks: list[Check] = []
    for path in paths:
        checks += record_checks(path, args.limit, budget)
        _log.info("%s done (%d decisions, %.0f s)", path.stem, len(checks), time.perf_counter() - started)
    elapsed = time.perf_counter() - started
    print(report(checks, args.limit, elapsed))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        result = {"limit": args.limit, "machine": machine(), "elapsed": elapsed, "checks": [asdict(c) for c in checks]}
        args.json.write_text(json.dumps(result, indent=1), encoding="utf-8")
    return 0 if all(check.agrees for check in checks) else 1


def check_puzzles() -> int:
    """Every shipped puzzle against the brute force: how many hold, and what is wrong with the others."""
    started = time.perf_counter()
    puzzles = load_puzzles()
    solvers: dict[str, Solver] = {}
    wrong = {}
    for puzzle in puzzles:
        preset = puzzle.position.split()[0]
        if preset not in solvers:
            solvers[preset] = Solver(Deal.parse_text(puzzle.position).rules)
        faults = puzzle_faults(puzzle, solvers[preset])
        if faults:
            wrong[puzzle.id] = faults
    held = len(puzzles) - len(wrong)
    seconds = time.perf_counter() - started
    print(f"puzzles: {held} of {len(puzzles)} hold in every deal listed by brute force; {seconds:.0f} s")
    for number, faults in wrong.items():
        print(f"  puzzle {number}: {'; '.join(faults)}")
    return 0 if not wrong else 1


if __name__ == "__main__":
    sys.exit(main())
