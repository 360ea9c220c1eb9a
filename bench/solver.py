"""Solver benchmark: exact phase-2 solves on fixed positions, and the cost of the players' searches.

Run from the repository root (``make bench`` runs it with defaults)::

    python -m bench.solver                      # the full run (~7 min, most of it the pure solver's whole deals)
    python -m bench.solver --quick              # a quick look (~1 min)
    python -m bench.solver --preset schnapsen --no-native
    python -m bench.solver --json out/bench-solver.json

Everything runs in this one process, on one core (``--pin CPU`` pins it).

Figures
-------
exact solves
    Three fixed sets of seeded positions (``--positions`` each, default 200),
    reached from ``Deal.shuffled(seed)`` (the dealer alternates with the seed)
    by seeded random legal actions that never claim and never close:

    * ``exhausted``: right after the last draw (talon exhausted, 6 cards each);
    * ``closed-C``: the leader closes with ``C`` right after the draw of a
      randomly chosen trick (1 to 5 in seed66: talon 10 to 2 left), 6 cards each;
    * ``closed-CB``: the winner of a randomly chosen phase-1 trick (1 to 6)
      closes with ``CB`` before drawing, 5 cards each.

    For each position ``Solver(rules, native=False).value(deal)`` (the pure-Python
    solver; exact: a fresh solver, empty transposition table) and the same with
    the native core (``native``, when it is built) are timed ``--repeats`` times (default 5),
    round-robin with a baseline loop; a position's time is its fastest round
    (a shared machine only ever adds time: a solve of 0.3 ms that loses the
    CPU for one scheduler slice takes ~5 ms), ``nodes`` is ``solver.nodes``
    (the same every round). Reported per set: the median, 95th percentile
    (nearest rank), worst and mean time over the positions, the median and
    largest node count, and ``base-it``: a position's time times the
    baseline's iterations per second of the same round (the solve's cost in
    baseline iterations, fastest round, then median/95th percentile over the
    positions), which moves much less than the raw time on a busier or
    different machine.
player searches
    Where a searching player's time goes in a deal: for ``--search-positions``
    seeded positions (default 20) at each talon size, a lead decision of an
    open talon is reached by the same random play, the seat to act's view is
    turned into a world with ``sample_world`` (one sampled world, as PIMC and
    the expert do per iteration), and
    ``Solver(rules, evaluate=heuristic_value, native=False).action_values(world, depth=d,
    actions=candidate_actions(view), seat=view.seat)`` (the call the players
    make for each world) is timed, each run by a fresh solver (cold tables; a
    player keeps its solver, whose phase-2 tables persist across worlds): ``d`` = 2, 4, 6 at talon 12, 8, 6, 4
    (depth-limited, with the heuristic at the leaves) and exact
    (``depth=None``) at talon 6, 4, 2 (up to 3 runs per position, until 0.2 s
    are spent on it: its fastest run counts). The table's footer prints the depth,
    exact-from talon and world count that levels 4 and 5 use at the time of
    the run. ``worlds/0.25s`` = 0.25 s / median time: how many sampled worlds
    the expert's default league budget buys at that point of a deal.
native against pure
    Whole deals with the talon order known, the reach-66 test, and worlds solved
    per second at talon 12, 8, 4 and after a close: see :mod:`bench.native`.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.engine import machine, run_baseline
from sixtysix import Deal, PlayerView, Rules, Stage
from sixtysix.ai.evaluation import heuristic_value
from sixtysix.ai.levels import make_player
from sixtysix.ai.native import available
from sixtysix.ai.pimc import candidate_actions
from sixtysix.ai.sampling import sample_world
from sixtysix.ai.solver import Solver
from sixtysix.core.actions import CLAIM, CLOSE, CLOSE_BEFORE_DRAW, Action

KINDS = ("exhausted", "closed-C", "closed-CB")
TARGET_KIND = "exhausted"
TARGET_MEDIAN_S = 0.001
"""The project's target: median exact solve under 1 ms for 6 against 6 right after the talon is exhausted."""
NATIVE_TARGET_MEDIAN_S = 20e-6
"""The native core's target (issue 12): the same median at most 20 µs."""
PATHS = ("pure", "native")

SEARCH_SETTINGS: tuple[tuple[int, int | None], ...] = (
    (12, 2), (12, 4), (12, 6),
    (8, 2), (8, 4), (8, 6),
    (6, 2), (6, 4), (6, 6),
    (4, 2), (4, 4), (4, 6),
    (6, None), (4, None), (2, None),
)  # fmt: skip
"""(talon size, depth) of the player-search table; ``None`` = exact."""
EXPERT_BUDGET_S = 0.25
SEARCH_RUNS, SEARCH_RUNS_UNTIL_S = 3, 0.2
"""A player-search position is timed up to 3 times, until 0.2 s were spent on it; its fastest run counts."""


# -- positions ----------------------------------------------------------------

_NEVER = (CLAIM, CLOSE, CLOSE_BEFORE_DRAW)


def _random_step(deal: Deal, rng: random.Random) -> None:
    """One seeded random legal action that neither claims nor closes (the exchange window first)."""
    seat = deal.window or deal.to_act
    assert seat is not None
    actions = [a for a in deal.legal_actions(seat) if a not in _NEVER]
    deal.apply(rng.choice(actions), seat)


def _start(rules: Rules, seed: int) -> Deal:
    return Deal.shuffled(seed, dealer=2 - (seed & 1), rules=rules)


def exhausted_position(rules: Rules, seed: int) -> Deal:
    """Right after the last draw: talon exhausted, full hands, the last trick's winner to lead."""
    deal = _start(rules, seed)
    rng = random.Random(f"exhausted/{seed}")
    while deal.face_up >= 0 or deal.stage != Stage.LEAD:
        _random_step(deal, rng)
    return deal


def _close_tricks(rules: Rules, before_draw: bool) -> range:
    """The tricks after which closing is possible (``C`` after the draw, ``CB`` before it)."""
    talon = rules.talon_size
    low = rules.close_min_talon
    if before_draw:  # before the draw of trick k the talon holds talon - 2(k - 1)
        return range(1, (talon - low) // 2 + 2)
    return range(1, (talon - low) // 2 + 1)  # after the draw of trick k: talon - 2k


def closed_position(rules: Rules, seed: int, before_draw: bool) -> Deal:
    """The leader closes with ``C`` after a draw, or the trick winner with ``CB`` before it."""
    kind = "closed-CB" if before_draw else "closed-C"
    rng = random.Random(f"{kind}/{seed}")
    tricks = rng.choice(_close_tricks(rules, before_draw))
    deal = _start(rules, seed)
    while True:
        if deal.trick_count == tricks and deal.window == 0:
            if before_draw and deal.stage == Stage.BEFORE_DRAW:
                deal.apply(Action(CLOSE_BEFORE_DRAW))
                break
            if not before_draw and deal.stage == Stage.LEAD:
                deal.apply(Action(CLOSE))
                break
        _random_step(deal, rng)
    return deal


def make_positions(rules: Rules, kind: str, count: int, first_seed: int) -> list[Deal]:
    build: Callable[[Rules, int], Deal] = {
        "exhausted": exhausted_position,
        "closed-C": lambda r, s: closed_position(r, s, before_draw=False),
        "closed-CB": lambda r, s: closed_position(r, s, before_draw=True),
    }[kind]
    deals = [build(rules, first_seed + i) for i in range(count)]
    hand = rules.hand_size - (kind == "closed-CB")
    for d in deals:
        assert d.phase2 and d.stage == Stage.LEAD and d.outcome is None, kind
        assert d.hands[1].bit_count() == d.hands[2].bit_count() == hand, kind
    return deals


def search_position(rules: Rules, talon: int, seed: int) -> tuple[PlayerView, Deal]:
    """A lead decision with ``talon`` cards in the open talon: the view of the seat to act and one world from it."""
    rng = random.Random(f"search/{talon}/{seed}")
    deal = _start(rules, seed)
    while not (deal.talon_size == talon and deal.stage == Stage.LEAD and deal.window == 0):
        _random_step(deal, rng)
    seat = deal.to_act
    assert seat is not None
    view = PlayerView.of(deal, seat)
    return view, sample_world(view, rng)


# -- timing -------------------------------------------------------------------


@dataclass
class Position:
    deal: Deal
    seconds: list[float] = field(default_factory=list)
    costs: list[float] = field(default_factory=list)
    """Seconds times the same round's baseline it/s."""
    nodes: int = -1
    value: float = 0.0


def solve_once(rules: Rules, deal: Deal, native: bool = False) -> tuple[float, int, float]:
    """(seconds, nodes, value) of one exact solve of a copy of ``deal`` by a fresh solver."""
    copy = deal.copy()
    t0 = time.perf_counter()
    solver = Solver(rules, native=native)
    value = solver.value(copy)
    seconds = time.perf_counter() - t0
    return seconds, solver.nodes, value


def time_baseline(iterations: int) -> float:
    gc.collect()
    t0 = time.perf_counter()
    run_baseline(iterations)
    return iterations / (time.perf_counter() - t0)


def measure_exact(
    rules: Rules, sets: dict[tuple[str, str], list[Position]], repeats: int, baseline_iterations: int, progress: bool
) -> list[float]:
    """Time every position ``repeats`` times, round-robin with the baseline; return the baseline rates."""
    rates = []
    for (_, path), kind_positions in sets.items():  # warm-up
        for p in kind_positions[:10]:
            solve_once(rules, p.deal, path == "native")
    for r in range(repeats):
        rate = time_baseline(baseline_iterations)
        rates.append(rate)
        for (kind, path), positions in sets.items():
            gc.collect()
            for p in positions:
                seconds, nodes, value = solve_once(rules, p.deal, path == "native")
                if p.nodes < 0:
                    p.nodes, p.value = nodes, value
                elif (nodes, value) != (p.nodes, p.value):
                    raise AssertionError(f"{kind}: round {r} solved a position differently")
                p.seconds.append(seconds)
                p.costs.append(seconds * rate)
        if progress:
            print(f"  round {r + 1}/{repeats} done", file=sys.stderr, flush=True)
    return rates


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def exact_summary(kind: str, path: str, positions: list[Position]) -> dict[str, Any]:
    times = [min(p.seconds) for p in positions]
    costs = [min(p.costs) for p in positions]
    nodes = [p.nodes for p in positions]
    values = [p.value for p in positions]
    return {
        "kind": kind,
        "path": path,
        "positions": len(positions),
        "median_s": statistics.median(times),
        "p95_s": percentile(times, 95),
        "max_s": max(times),
        "mean_s": statistics.fmean(times),
        "median_nodes": statistics.median(nodes),
        "max_nodes": max(nodes),
        "median_base_it": statistics.median(costs),
        "p95_base_it": percentile(costs, 95),
        "mean_value_seat1": statistics.fmean(values),
    }


def measure_searches(rules: Rules, count: int, first_seed: int, progress: bool) -> list[dict[str, Any]]:
    rows = []
    rate = time_baseline(400_000)
    full = rules.talon_size
    for talon, depth in SEARCH_SETTINGS:
        if talon > full or (full - talon) % 2:  # not a talon size of these rules (Schnapsen: 10, 8, ...)
            continue
        times, nodes, branching = [], [], []
        for i in range(count):
            view, world = search_position(rules, talon, first_seed + i)
            actions = candidate_actions(view)
            runs: list[float] = []
            counts: set[int] = set()
            while len(runs) < SEARCH_RUNS and sum(runs) < SEARCH_RUNS_UNTIL_S:
                solver = Solver(rules, evaluate=heuristic_value, native=False)
                gc.collect()
                t0 = time.perf_counter()
                values = solver.action_values(world, depth, actions, view.seat)
                runs.append(time.perf_counter() - t0)
                counts.add(solver.nodes)
            if len(counts) != 1:
                raise AssertionError(f"talon {talon}, depth {depth}: the search is not repeatable")
            times.append(min(runs))
            nodes.append(counts.pop())
            branching.append(len(values))
        median = statistics.median(times)
        rows.append(
            {
                "talon": talon,
                "depth": "exact" if depth is None else depth,
                "positions": count,
                "median_s": median,
                "p95_s": percentile(times, 95),
                "max_s": max(times),
                "median_nodes": statistics.median(nodes),
                "max_nodes": max(nodes),
                "mean_actions": statistics.fmean(branching),
                "median_base_it": median * rate,
                "worlds_per_budget": EXPERT_BUDGET_S / median,
            }
        )
        if progress:
            d = "exact" if depth is None else f"depth {depth}"
            print(f"  talon {talon:>2} {d:<8}: median {median * 1e3:.1f} ms", file=sys.stderr, flush=True)
    return rows


def player_settings() -> str:
    """The search settings levels 4 and 5 are built with (read from fresh players)."""
    parts = []
    for level in (4, 5):
        p = make_player(level, 0, EXPERT_BUDGET_S if level == 5 else None)
        depth, exact = getattr(p, "depth", "?"), getattr(p, "exact_talon", "?")
        samples, limit = getattr(p, "samples", "?"), getattr(p, "time_limit", None)
        worlds = f"{limit} s per decision, at least {samples} worlds" if limit else f"{samples} worlds"
        if getattr(p, "rollouts", False):
            search = "counter rollouts while the talon is open, exact once it is closed or exhausted"
        else:
            search = f"depth {depth} while the talon is above {exact}, then exact"
        parts.append(f"level {level} ({p.name}): {search}; {worlds}")
    return "; ".join(parts)


# -- output -------------------------------------------------------------------


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.3f}" if seconds < 0.01 else f"{seconds * 1e3:.1f}"


def report(
    args: argparse.Namespace,
    rates: list[float],
    exact: list[dict[str, Any]],
    searches: list[dict[str, Any]],
    native: dict[str, Any],
) -> dict[str, Any]:
    info = machine()
    print(f"sixtysix solver benchmark -- Python {info['python']} on {info.get('cpu_model', '?')}, {info['cpus']} CPUs")
    print(
        f"  preset {args.preset}, {args.positions} positions per set from seed {args.seed}, "
        f"{args.repeats} rounds (fastest per position), git {info.get('git', '?')}"
    )
    if "loadavg" in info:
        print(f"  load average at the end: {' '.join(f'{x:.2f}' for x in info['loadavg'])}")
    print()
    base = statistics.median(rates)
    print(f"baseline loop: {base:,.0f} it/s  [{min(rates):,.0f}-{max(rates):,.0f}]")
    print()
    print("exact solves: Solver(rules, native=...).value(deal), fresh solver per position")
    header = (
        f"{'set':<10} {'path':<6} {'cards':>5} {'n':>4} {'median ms':>9} {'p95 ms':>8} {'max ms':>8} {'mean ms':>8} "
        f"{'med nodes':>9} {'max nodes':>9} {'base-it med':>11} {'base-it p95':>11} {'x pure':>6}"
    )
    print(header)
    print("-" * len(header))
    pure_median = {row["kind"]: row["median_s"] for row in exact if row["path"] == "pure"}
    for row in exact:
        cards = args.hand - (row["kind"] == "closed-CB")
        faster = f"{pure_median[row['kind']] / row['median_s']:.0f}" if row["path"] == "native" else ""
        print(
            f"{row['kind']:<10} {row['path']:<6} {f'{cards}v{cards}':>5} {row['positions']:>4} "
            f"{_ms(row['median_s']):>9} {_ms(row['p95_s']):>8} {_ms(row['max_s']):>8} {_ms(row['mean_s']):>8} "
            f"{row['median_nodes']:>9,.0f} {row['max_nodes']:>9,} {row['median_base_it']:>11,.0f} "
            f"{row['p95_base_it']:>11,.0f} {faster:>6}"
        )
    print()
    print("base-it = solve time x baseline it/s of the same round: the solve's cost in baseline iterations")
    print("x pure = the pure path's median over the native one's (the same positions, the same values)")
    target: dict[str, Any] = {"kind": TARGET_KIND, "median_s": TARGET_MEDIAN_S}
    for path, limit in (("pure", TARGET_MEDIAN_S), ("native", NATIVE_TARGET_MEDIAN_S)):
        found = next((r for r in exact if (r["kind"], r["path"]) == (TARGET_KIND, path)), None)
        if found:
            met = found["median_s"] <= limit
            target[path] = {"median_s": limit, "measured_s": found["median_s"], "met": met}
            print(
                f"target ({path}): median <= {_ms(limit)} ms for {TARGET_KIND} 6v6: {_ms(found['median_s'])} ms -> "
                f"{'MET' if met else 'NOT MET'} ({_ms(limit)} ms = {limit * base:,.0f} base-it here)"
            )
    if searches:
        print()
        print(
            "player searches: Solver(rules, evaluate=heuristic_value).action_values(world, depth, candidates, seat), "
            "one sampled world per position"
        )
        header = (
            f"{'talon':>5} {'depth':>5} {'n':>3} {'actions':>7} {'median ms':>9} {'p95 ms':>8} {'max ms':>8} "
            f"{'med nodes':>9} {'max nodes':>9} {'base-it med':>11} {'worlds/0.25s':>12}"
        )
        print(header)
        print("-" * len(header))
        for s in searches:
            print(
                f"{s['talon']:>5} {s['depth']!s:>5} {s['positions']:>3} {s['mean_actions']:>7.1f} "
                f"{_ms(s['median_s']):>9} {_ms(s['p95_s']):>8} {_ms(s['max_s']):>8} {s['median_nodes']:>9,.0f} "
                f"{s['max_nodes']:>9,} {s['median_base_it']:>11,.0f} {s['worlds_per_budget']:>12.1f}"
            )
        print()
        print(f"searching players now: {player_settings()}")
    if native:
        from bench import native as native_bench

        native_bench.report(native["whole_deals"], native["worlds"])
    return {
        "benchmark": "solver",
        "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "args": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
        "machine": info,
        "baseline": {"iterations": args.baseline_iterations, "iterations_per_s": rates},
        "exact": exact,
        "target": target,
        "searches": searches,
        "players": player_settings(),
        "native": native,
    }


# -- main ---------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench.solver", description=__doc__.split("\n\n")[0])
    p.add_argument("--preset", default="seed66", help="rules preset (default seed66)")
    p.add_argument("--positions", type=int, default=200, help="positions per exact set (default 200)")
    p.add_argument("--repeats", type=int, default=5, help="timed rounds of the exact sets (default 5)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first position (default 1)")
    p.add_argument("--search-positions", type=int, default=20, help="positions per player-search row (default 20)")
    p.add_argument("--no-search", action="store_true", help="skip the player-search table")
    p.add_argument("--baseline-iterations", type=int, default=400_000, help="iterations of the baseline loop")
    p.add_argument("--no-native", action="store_true", help="the pure path only (no native rows and sections)")
    p.add_argument("--deals", type=int, default=20, help="whole deals per preset, native (default 20)")
    p.add_argument("--pure-deals", type=int, default=3, help="of those, solved by the pure solver (default 3)")
    p.add_argument("--world-positions", type=int, default=5, help="positions per worlds row (default 5)")
    p.add_argument("--worlds", type=int, default=8, help="worlds per position (default 8)")
    p.add_argument("--pure-budget", type=float, default=20.0, help="CPU seconds of the pure solver per worlds row")
    p.add_argument("--quick", action="store_true", help="50 positions, 1 round, 5 search positions, fewer deals")
    p.add_argument("--pin", type=int, metavar="CPU", help="pin the process to this CPU (sched_setaffinity)")
    p.add_argument("--json", type=Path, metavar="PATH", help="also write the results as JSON to PATH")
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = p.parse_args(argv)
    if args.quick:
        args.positions, args.repeats, args.search_positions = 50, 1, 5
        args.deals, args.pure_deals, args.world_positions, args.worlds, args.pure_budget = 5, 0, 2, 4, 3.0
    return args


def measure_native(args: argparse.Namespace, rules: Rules, progress: bool) -> dict[str, Any]:
    """The native core against the pure solver (:mod:`bench.native`); empty where it is not built."""
    from bench import native as native_bench

    if args.no_native or not available():
        return {}
    if progress:
        print(f"timing whole deals ({args.deals} per preset) and worlds ...", file=sys.stderr, flush=True)
    deals = []
    for preset in ("seed66", "schnapsen"):
        pure = args.pure_deals if preset == "seed66" else max(args.pure_deals, 5 if not args.quick else 2)
        deals += native_bench.measure_whole_deals(preset, args.deals, pure, progress)
    worlds = native_bench.measure_worlds(
        rules, args.world_positions, args.worlds, args.pure_budget, args.seed, progress
    )
    return {"whole_deals": deals, "worlds": worlds}


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.pin is not None:
        os.sched_setaffinity(0, {args.pin})
    rules = Rules.preset(args.preset)
    args.hand = rules.hand_size
    progress = not args.quiet
    kinds = [k for k in KINDS if k != "closed-CB" or rules.close_before_draw]
    if progress:
        print(f"building {args.positions} positions for each of {', '.join(kinds)} ...", file=sys.stderr, flush=True)
    paths = [p for p in PATHS if p == "pure" or (available() and not args.no_native)]
    built = {k: make_positions(rules, k, args.positions, args.seed) for k in kinds}
    sets = {(k, path): [Position(d) for d in built[k]] for k in kinds for path in paths}
    if progress:
        print(f"timing exact solves, {args.repeats} rounds ...", file=sys.stderr, flush=True)
    rates = measure_exact(rules, sets, args.repeats, args.baseline_iterations, progress)
    exact = [exact_summary(k, path, ps) for (k, path), ps in sets.items()]
    for kind in kinds:
        values = {path: [p.value for p in sets[kind, path]] for path in paths}
        if len({tuple(v) for v in values.values()}) != 1:
            raise AssertionError(f"{kind}: the native and pure values differ")
    searches: list[dict[str, Any]] = []
    if not args.no_search and args.search_positions > 0:
        if progress:
            print(f"timing player searches, {args.search_positions} positions each ...", file=sys.stderr, flush=True)
        searches = measure_searches(rules, args.search_positions, args.seed, progress)
    native = measure_native(args, rules, progress)
    results = report(args, rates, exact, searches, native)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2) + "\n")
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
