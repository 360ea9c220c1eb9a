"""The native search core against the pure-Python solver: whole deals, the reach-66 test, worlds per second.

Part of ``python -m bench.solver`` (``--no-native`` skips it); see that module and
BENCHMARKS.md. Every figure is the same work done both ways on the same positions,
with the same values (checked here). Times are process CPU time (``time.process_time``):
on a machine shared with other work the wall clock of a search is stretched by
waiting, its CPU time much less.

whole deals
    ``Deal.shuffled(seed)`` for seeds 1..``--deals`` (the dealer alternates), the
    talon order known: the exact value from the first lead (``Solver(rules).value``,
    a fresh solver each) and the null-window "reach 66" test of the seat to lead
    (can it win the deal: ``NativeSearch.reaches``; in Python a ``_search`` with the
    window (0, 1)). The pure solver gets the first ``--pure-deals`` deals only (a
    seed66 deal costs it about a minute).
worlds
    Where a searching player's time goes: lead decisions with 12, 8 and 4 cards in
    the open talon and right after a close (the closer to lead), reached by the
    seeded random play of the player-search table; per position ``--worlds``
    worlds are drawn from the view of the seat to act (``sample_world``) and each
    is solved exactly for every candidate action, by one solver kept across the
    worlds of the position as the players keep theirs. ``worlds/s`` = worlds per
    CPU second, sampling included; ``batch`` solves the same worlds in one call
    (``NativeSearch.worlds_action_values``); ``C-drawn`` draws them in C as well
    (``NativeSearch.sample_worlds``). The pure solver stops a row after
    ``--pure-budget`` CPU seconds (at least one world).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from bench.solver import closed_position, percentile, search_position
from sixtysix import Deal, PlayerView, Rules, Stage
from sixtysix.ai.native import NativeSearch
from sixtysix.ai.pimc import candidate_actions
from sixtysix.ai.sampling import sample_world
from sixtysix.ai.solver import Solver

TARGETS = {
    ("seed66", "value"): 0.5,
    ("schnapsen", "value"): 0.05,
    ("seed66", "reach"): 0.05,
}
"""Median CPU seconds the native core must stay under (issue 12)."""
WORLD_TALONS = (12, 8, 4, "closed")


def _cpu(work: Callable[..., Any], *args: Any) -> tuple[float, Any]:
    """(CPU seconds, result) of ``work(*args)``."""
    t0 = time.process_time()
    result = work(*args)
    return time.process_time() - t0, result


def _native_value(rules: Rules, deal: Deal) -> int:
    search = NativeSearch.create(rules)
    assert search is not None
    return search.value(deal)


def _native_reaches(rules: Rules, deal: Deal, seat: int) -> bool:
    search = NativeSearch.create(rules)
    assert search is not None
    return search.reaches(deal, seat)


def _pure_value(rules: Rules, deal: Deal) -> float:
    return Solver(rules, native=False).value(deal.copy())


def pure_reaches(rules: Rules, deal: Deal, seat: int, threshold: int = 1) -> bool:
    """The reach test in Python: one null-window search of the pure solver."""
    solver = Solver(rules, native=False)
    solver._start(deal)
    if seat == 1:
        return solver._search(deal.copy(), threshold - 1, threshold, None) >= threshold
    return solver._search(deal.copy(), -threshold, -threshold + 1, None) <= -threshold


def _row(preset: str, test: str, path: str, times: list[float]) -> dict[str, Any]:
    row: dict[str, Any] = {"preset": preset, "test": test, "path": path, "deals": len(times)}
    if times:
        row |= {"median_s": statistics.median(times), "p95_s": percentile(times, 95), "max_s": max(times)}
    return row


def measure_whole_deals(preset: str, deals: int, pure_deals: int, progress: bool) -> list[dict[str, Any]]:
    rules = Rules.preset(preset)
    search = NativeSearch.create(rules)
    if search is None:
        return []
    timed: dict[tuple[str, str], list[float]] = {(t, p): [] for t in ("value", "reach") for p in ("native", "pure")}
    for seed in range(1, deals + 1):
        deal = Deal.shuffled(seed, dealer=2 - (seed & 1), rules=rules)
        seat = deal.to_act
        assert seat is not None
        seconds, value = _cpu(_native_value, rules, deal)
        timed["value", "native"].append(seconds)
        seconds, reached = _cpu(_native_reaches, rules, deal, seat)
        timed["reach", "native"].append(seconds)
        if seed <= pure_deals:
            seconds, pure_value = _cpu(_pure_value, rules, deal)
            timed["value", "pure"].append(seconds)
            seconds, pure_reached = _cpu(pure_reaches, rules, deal, seat)
            timed["reach", "pure"].append(seconds)
            if (pure_value, pure_reached) != (value, reached):
                raise AssertionError(f"{preset} {seed}: native {value}/{reached}, pure {pure_value}/{pure_reached}")
            if progress:
                spent = timed["value", "pure"][-1] + timed["reach", "pure"][-1]
                print(f"  {preset} deal {seed}: pure {spent:.1f} s", file=sys.stderr, flush=True)
    rows = [_row(preset, test, path, times) for (test, path), times in timed.items()]
    for row in rows:
        if row["path"] == "native" and (preset, row["test"]) in TARGETS:
            row["target_s"] = TARGETS[preset, row["test"]]
            row["met"] = row["median_s"] <= row["target_s"]
        if row["path"] == "pure" and row["deals"]:
            native = timed[row["test"], "native"][: row["deals"]]
            row["speedup"] = sum(timed[row["test"], "pure"]) / sum(native)
    return rows


def _world_position(rules: Rules, where: int | str, seed: int) -> PlayerView:
    if where == "closed":
        deal = closed_position(rules, seed, before_draw=False)
        seat = deal.to_act
        assert seat is not None and deal.stage == Stage.LEAD
        return PlayerView.of(deal, seat)
    view, _ = search_position(rules, int(where), seed)
    return view


def _sample(view: PlayerView, rng: random.Random, worlds: int) -> list[Deal]:
    return [sample_world(view, rng) for _ in range(worlds)]


def _sample_and_solve(search: NativeSearch, view: PlayerView, worlds: int, seed: int) -> list[list[int]]:
    """Worlds drawn in C and solved in one call: no Python per world at all."""
    positions = search.sample_worlds(view, worlds, seed)
    return search.worlds_action_values(positions, candidate_actions(view), view.seat)


def _solve_worlds(rules: Rules, view: PlayerView, worlds: list[Deal], native: bool) -> list[dict[Any, float]]:
    solver = Solver(rules, native=native)
    actions = candidate_actions(view)
    return [solver.action_values(world, None, actions, view.seat) for world in worlds]


def measure_worlds(
    rules: Rules, positions: int, worlds: int, pure_budget: float, first_seed: int, progress: bool
) -> list[dict[str, Any]]:
    rows = []
    for where in WORLD_TALONS:
        if where != "closed" and (int(where) > rules.talon_size or (rules.talon_size - int(where)) % 2):
            continue
        cpu = {"native": 0.0, "batch": 0.0, "sampled": 0.0, "pure": 0.0}
        solved = {"native": 0, "batch": 0, "sampled": 0, "pure": 0}
        for i in range(positions):
            view = _world_position(rules, where, first_seed + i)
            rng = random.Random(f"worlds/{where}/{i}")
            seconds, drawn = _cpu(_sample, view, rng, worlds)
            native_s, native_values = _cpu(_solve_worlds, rules, view, drawn, True)
            cpu["native"] += seconds + native_s
            solved["native"] += len(drawn)
            search = NativeSearch.create(rules)
            assert search is not None
            batch_s, batch = _cpu(search.worlds_action_values, drawn, candidate_actions(view), view.seat)
            cpu["batch"] += seconds + batch_s
            solved["batch"] += len(drawn)
            if batch != [list(v.values()) for v in native_values]:
                raise AssertionError(f"talon {where}: the batch call disagrees")
            sampled_s, sampled = _cpu(_sample_and_solve, search, view, worlds, first_seed + i)
            cpu["sampled"] += sampled_s
            solved["sampled"] += len(sampled)
            for k, world in enumerate(drawn):
                if cpu["pure"] >= pure_budget and solved["pure"]:
                    break
                pure_s, pure_values = _cpu(_solve_worlds, rules, view, [world], False)
                cpu["pure"] += seconds / len(drawn) + pure_s
                solved["pure"] += 1
                if pure_values[0] != native_values[k]:
                    raise AssertionError(f"talon {where}: the pure and native values differ")
        row: dict[str, Any] = {"talon": where, "positions": positions}
        for path in cpu:
            row[f"{path}_worlds"] = solved[path]
            row[f"{path}_per_s"] = solved[path] / cpu[path] if cpu[path] else float("inf")
        row["speedup"] = row["native_per_s"] / row["pure_per_s"]
        rows.append(row)
        if progress:
            print(f"  worlds at talon {where}: native {row['native_per_s']:,.0f}/s, pure {row['pure_per_s']:,.2f}/s",
                  file=sys.stderr, flush=True)  # fmt: skip
    return rows


def _s(seconds: float) -> str:
    return f"{seconds * 1e3:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def report(deals: list[dict[str, Any]], worlds: list[dict[str, Any]]) -> None:
    if deals:
        print()
        print("whole deals, talon order known, from the first lead (CPU time per deal, fresh solver)")
        header = f"{'preset':<10} {'test':<6} {'path':<7} {'deals':>5} {'median':>10} {'p95':>10} {'max':>10}  note"
        print(header)
        print("-" * len(header))
        for r in deals:
            if not r["deals"]:
                continue
            note = ""
            if "target_s" in r:
                note = f"target <= {_s(r['target_s'])}: {'MET' if r['met'] else 'NOT MET'}"
            if "speedup" in r:
                note = f"native {r['speedup']:.0f}x faster on these deals"
            print(
                f"{r['preset']:<10} {r['test']:<6} {r['path']:<7} {r['deals']:>5} {_s(r['median_s']):>10} "
                f"{_s(r['p95_s']):>10} {_s(r['max_s']):>10}  {note}"
            )
        print("test: value = the exact value; reach = can the seat to lead win the deal (one null-window search)")
    if worlds:
        print()
        print("where the time goes: sampled worlds solved exactly for every candidate action, per CPU second")
        header = (
            f"{'talon':>6} {'native/s':>9} {'batch/s':>9} {'C-drawn/s':>9} {'pure/s':>9} {'pure n':>6} "
            f"{'native x':>8} {'worlds/0.25s':>12}"
        )
        print(header)
        print("-" * len(header))
        for r in worlds:
            budget = r["native_per_s"] * 0.25
            print(
                f"{r['talon']!s:>6} {r['native_per_s']:>9,.0f} {r['batch_per_s']:>9,.0f} {r['sampled_per_s']:>9,.0f} "
                f"{r['pure_per_s']:>9,.2f} {r['pure_worlds']:>6} {r['speedup']:>8,.0f} {budget:>12,.0f}"
            )
        print("native = Solver(rules).action_values per world (sample_world in Python); batch = the same worlds in one")
        print("call; C-drawn = worlds drawn by NativeSearch.sample_worlds and solved in one call; pure n = worlds the")
        print("pure solver solved within its budget; worlds/0.25s = the native column times the expert's 0.25 s")
