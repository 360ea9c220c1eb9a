"""The expert's early stop (issue 27, point 5): the same choices, sooner.

Run from the repository root::

    python -m bench.pruning                 # 60 positions a preset, seed66 and Schnapsen (~1 min)
    python -m bench.pruning --positions 20  # quicker (make bench)

Level 5's tree search chooses the most visited action. With ``TreeSettings(prune=True)`` (the
expert's default, :class:`~sixtysix.ai.tree.TreePlayer`) it stops once no other action can
catch that one up in the iterations left, so more search could not change the choice. The
positions: phase one of seeded deals after 0 to 7 random actions, the seat to act with at least
two legal actions. On each the search runs with and without the stop from the same seed:

iterations
    A budget of ``--iterations`` iterations: the iterations left are known exactly, so the
    choice must be the same in every position (checked); the share of iterations saved.
seconds
    A budget of ``--seconds`` CPU seconds (the expert's own kind of budget): the iterations left
    are estimated from the rate so far, with a margin. The mean and p95 CPU seconds of a
    decision with and without the stop (their ratio), and in how many positions the two chose
    the same (two searches of different lengths may differ without the stop too: the second
    figure is two full searches from different seeds, for scale).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from sixtysix import Deal, PlayerView, Rules
from sixtysix.ai.native import NativeSearch, TreeResult, TreeSettings


def positions(preset: str, count: int, seed: int = 1) -> list[PlayerView]:
    """``count`` phase-one decisions with a choice, of seeded deals after a few random actions."""
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    views: list[PlayerView] = []
    number = 0
    while len(views) < count:
        number += 1
        deal = Deal.shuffled(number, rules=rules)
        for _ in range(rng.randrange(8)):
            seat = deal.to_act
            if deal.outcome is not None or seat is None:
                break
            deal.apply(rng.choice(PlayerView.of(deal, seat).legal), seat)
        seat = deal.to_act
        if deal.outcome is None and seat is not None and not deal.phase2:
            view = PlayerView.of(deal, seat)
            if len(view.legal) >= 2:
                views.append(view)
    return views


def timed(search: NativeSearch, view: PlayerView, settings: TreeSettings, seed: int) -> tuple[float, TreeResult]:
    started = time.thread_time()
    result = search.tree_search(view, settings, seed)
    return time.thread_time() - started, result


def measure(preset: str, count: int, iterations: int, seconds: float) -> dict[str, float]:
    views = positions(preset, count)
    search = NativeSearch.create(views[0].rules)
    assert search is not None, "the native core is not built"
    full_iterations = pruned_iterations = 0
    for n, view in enumerate(views):
        full = search.tree_search(view, TreeSettings(iterations=iterations), n)
        pruned = search.tree_search(view, TreeSettings(iterations=iterations, prune=True), n)
        assert pruned.best() == full.best(), (preset, n, full, pruned)  # the stop may not change a choice
        full_iterations += full.iterations
        pruned_iterations += pruned.iterations
    full_times, pruned_times, same, same_full = [], [], 0, 0
    for n, view in enumerate(views):
        full_time, full = timed(search, view, TreeSettings(seconds=seconds), n)
        pruned_time, pruned = timed(search, view, TreeSettings(seconds=seconds, prune=True), n)
        _, other = timed(search, view, TreeSettings(seconds=seconds), n + 10_000)
        full_times.append(full_time)
        pruned_times.append(pruned_time)
        same += pruned.best() == full.best()
        same_full += other.best() == full.best()
    return {
        "positions": len(views),
        "iterations_saved": 1 - pruned_iterations / full_iterations,
        "mean_full": statistics.mean(full_times),
        "mean_pruned": statistics.mean(pruned_times),
        "p95_pruned": sorted(pruned_times)[int(0.95 * (len(pruned_times) - 1))],
        "same_choice": same / len(views),
        "same_choice_two_seeds": same_full / len(views),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=60, help="positions a preset (default 60)")
    parser.add_argument("--iterations", type=int, default=3000, help="the iteration budget (default 3000)")
    parser.add_argument("--seconds", type=float, default=0.25, help="the CPU budget (default 0.25, level 5's)")
    args = parser.parse_args(argv)
    for preset in ("seed66", "schnapsen"):
        f = measure(preset, args.positions, args.iterations, args.seconds)
        print(
            f"{preset}: {f['positions']} positions; {args.iterations} iterations: the same choice in every one, "
            f"{f['iterations_saved']:.0%} of the iterations saved; {args.seconds} s: mean CPU {f['mean_pruned']:.3f} s "
            f"against {f['mean_full']:.3f} s ({f['mean_pruned'] / f['mean_full']:.2f}), p95 {f['p95_pruned']:.3f} s, "
            f"the same choice in {f['same_choice']:.0%} "
            f"(two full searches, two seeds: {f['same_choice_two_seeds']:.0%})",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
