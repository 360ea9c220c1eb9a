"""Engine benchmark: random playouts, a same-run baseline and perft counts.

Run from the repository root (``make bench`` runs it with defaults)::

    python -m bench.engine                      # the full run (~25 s)
    python -m bench.engine --repeats 3 --deals 500 --perft-depth 6   # a quick look (~2 s)
    python -m bench.engine --json out/bench-engine.json
    python -m bench.engine --no-native          # the pure-Python engine only

Everything runs in this one process, on one core (``--pin CPU`` pins it). Each
measurement is repeated ``--repeats`` times, round-robin (baseline, then every
workload, then the next round), so slow drifts of a shared machine touch all
figures alike; the median and the min/max over the rounds are reported.

Figures
-------
playouts
    Whole deals from seeded shuffles, ``Deal(shuffled_deck(rules, rng), dealer,
    rules)``, every decision a uniformly random choice from
    ``deal.legal_actions()``, applied with ``apply_unchecked`` or with the
    checked ``apply``. The ``random`` policy picks any legal action, ``66``
    included, so most deals end early with a claim; ``true-claims`` never picks
    ``66`` unless the acting seat has 66 or more, so deals run long, as in real
    play. Shuffling and dealing are inside the timed loop; the ``setup`` row
    times them alone. Every round replays the same deals and choices (the
    generator is reseeded), so all rounds do identical work.
baseline
    A fixed pure-Python loop (``random.choice`` over a list plus int ops),
    iterations per second. ``ratio`` = engine rate / baseline rate of the same
    round (median over rounds): a figure that moves little when the machine is
    merely busier or slower.
bot
    Two random bots (``RandomPlayer``) through ``play_deal``: every decision builds
    the seat's ``PlayerView`` and is applied with the checked ``apply``, the loop
    every bot, protocol client and tournament runs. The ``views`` line gives its
    actions/s as a share of the raw engine's (``random``/``unchecked``, same
    preset, same round): the price of information hiding.
native
    The same playouts in the native search core (``sixtysix.ai.native``), path
    ``native``: its own seeded shuffles and uniform choices among the legal
    actions (``random``; ``true-claims`` drops a false ``66``), shuffling and
    dealing inside the timed loop as above. ``tests/native`` replays such
    playouts in the Python engine move for move.
perft
    From a fixed deal, the number of distinct action sequences of length
    ``depth`` the seat to act can choose through ``legal_actions()``; a deal
    that ends earlier counts as one leaf. ``moves`` counts the ``copy()`` +
    ``apply_unchecked`` steps of the walk (the last ply is only counted, with
    ``len(legal_actions())``), and ``moves/s`` is a search-speed figure; ``native s``
    is the native core's time for the same count (checked equal). Exchanges by the seat *not* to act
    (the seed66 window right after a draw) are not decisions of
    ``legal_actions()`` and are not counted (they first become possible at
    ply 7).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gc
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sixtysix import CARD_NAMES, Deal, Rules, shuffled_deck
from sixtysix.ai import native
from sixtysix.core.actions import ACTIONS, CLAIM
from sixtysix.players.base import RandomPlayer, play_deal

PRESETS = ("seed66", "schnapsen")
TARGET_ACTIONS_PER_S = 150_000
"""The project's target: seed66 random playouts (``apply_unchecked``), one core."""
TARGET_WORKLOAD = ("seed66", "random", "unchecked")
NATIVE_TARGET_ACTIONS_PER_S = 2_000_000
"""Issue 12: seed66 true-claims playouts in the native core, one core."""
NATIVE_TARGET_WORKLOAD = ("seed66", "true-claims", "native")

PERFT_SEED = 2026
PERFT_DEALER = 2
PERFT_DEPTH = {"seed66": 10, "schnapsen": 8}
"""Default deepest perft depth per preset (about 2 s and 1 s here); other presets get 8."""


# -- workloads ----------------------------------------------------------------


def run_playouts(rules: Rules, deals: int, seed: int, policy: str, checked: bool) -> int:
    """Play ``deals`` whole deals; return the number of actions applied."""
    rng = random.Random(seed)
    choice = rng.choice
    true_claims = policy == "true-claims"
    actions = 0
    for i in range(deals):
        deal = Deal(shuffled_deck(rules, rng), 2 - (i & 1), rules)
        apply = deal.apply if checked else deal.apply_unchecked
        legal = deal.legal_actions
        while not deal.is_over:
            acts = legal()
            if true_claims and CLAIM in acts:
                seat = deal.to_act
                assert seat is not None
                if deal.scores()[seat - 1] < 66:
                    acts.remove(ACTIONS[CLAIM])
            apply(choice(acts))
            actions += 1
    return actions


def run_bots(rules: Rules, deals: int, seed: int) -> int:
    """Play ``deals`` whole deals between two random bots through ``play_deal``; return the actions."""
    rng = random.Random(seed)
    players = {1: RandomPlayer(seed), 2: RandomPlayer(seed + 1)}
    actions = 0
    for i in range(deals):
        deal = Deal(shuffled_deck(rules, rng), 2 - (i & 1), rules)
        play_deal(deal, players)
        actions += len(deal.history)
    return actions


def run_native_playouts(rules: Rules, deals: int, seed: int, policy: str) -> int:
    """The same kind of playouts in the native core; the number of actions applied."""
    core = native.core_for(rules)
    assert core is not None
    return core.playouts(deals, seed, native.POLICIES.index(policy))


def run_setup(rules: Rules, deals: int, seed: int) -> int:
    """Only shuffle and deal (the fixed cost inside every playout)."""
    rng = random.Random(seed)
    for i in range(deals):
        Deal(shuffled_deck(rules, rng), 2 - (i & 1), rules)
    return 0


def run_baseline(iterations: int) -> int:
    """The reference loop: ``random.choice`` over a list and a few int ops."""
    rng = random.Random(12345)
    choice = rng.choice
    items = list(range(12))
    acc = 0
    for i in range(iterations):
        acc = (acc * 31 + choice(items) + i) & 0xFFFFF
    return acc


# -- timing -------------------------------------------------------------------


@dataclass
class Workload:
    name: str
    run: Callable[[], int]
    units: int
    """Deals (or baseline iterations) per run."""
    preset: str = ""
    policy: str = ""
    path: str = ""
    actions: int | None = None
    seconds: list[float] = field(default_factory=list)


def _summary(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def measure(workloads: list[Workload], baseline: Workload, repeats: int, progress: bool) -> None:
    """Time every workload ``repeats`` times, round-robin, after one warm-up run each."""
    for w in [baseline, *workloads]:
        result = w.run()  # warm-up; also fixes the action count every round must repeat
        if w.policy:
            w.actions = result
    for r in range(repeats):
        for w in [baseline, *workloads]:
            gc.collect()
            t0 = time.perf_counter()
            result = w.run()
            w.seconds.append(time.perf_counter() - t0)
            if w.policy and result != w.actions:
                raise AssertionError(f"{w.name}: round {r} did {result} actions, not {w.actions}")
        if progress:
            print(f"  round {r + 1}/{repeats} done", file=sys.stderr, flush=True)


# -- perft --------------------------------------------------------------------


def perft(deal: Deal, depth: int) -> tuple[int, int]:
    """(leaves, moves applied) of the action tree of ``deal`` to ``depth`` plies."""
    if depth == 0 or deal.is_over:
        return 1, 0
    actions = deal.legal_actions()
    if depth == 1:
        return len(actions), 0
    leaves = moves = 0
    for action in actions:
        child = deal.copy()
        child.apply_unchecked(action)
        n, m = perft(child, depth - 1)
        leaves += n
        moves += m + 1
    return leaves, moves


def perft_deal(preset: str) -> Deal:
    """The fixed deal of the perft counts (and of ``tests/core/test_perft.py``)."""
    rules = Rules.preset(preset)
    return Deal(shuffled_deck(rules, PERFT_SEED), PERFT_DEALER, rules)


def run_perft(preset: str, max_depth: int, with_native: bool) -> dict[str, Any]:
    deal = perft_deal(preset)
    core = native.core_for(deal.rules) if with_native else None
    rows = []
    for depth in range(1, max_depth + 1):
        gc.collect()
        t0 = time.perf_counter()
        leaves, moves = perft(deal, depth)
        seconds = time.perf_counter() - t0
        row: dict[str, Any] = {"depth": depth, "leaves": leaves, "moves": moves, "seconds": seconds}
        if core is not None:
            t0 = time.perf_counter()
            native_leaves = core.perft(native.encode(deal), depth)
            row["native_seconds"] = time.perf_counter() - t0
            if native_leaves != leaves:
                raise AssertionError(f"perft {preset} {depth}: native {native_leaves}, Python {leaves}")
        rows.append(row)
    return {
        "preset": preset,
        "seed": PERFT_SEED,
        "dealer": PERFT_DEALER,
        "deck": " ".join(CARD_NAMES[c] for c in deal.deck),
        "depths": rows,
    }


# -- environment --------------------------------------------------------------


def machine() -> dict[str, Any]:
    info: dict[str, Any] = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
    }
    if hasattr(os, "sched_getaffinity"):
        info["affinity"] = sorted(os.sched_getaffinity(0))
    with contextlib.suppress(OSError), open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                info["cpu_model"] = line.split(":", 1)[1].strip()
                break
    with contextlib.suppress(OSError):
        info["loadavg"] = os.getloadavg()
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True, timeout=5
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "src"], capture_output=True, text=True, check=True, timeout=5
        ).stdout.strip()
        info["git"] = commit + ("+dirty-src" if dirty else "")
    except (OSError, subprocess.SubprocessError):
        pass
    return info


# -- output -------------------------------------------------------------------


def _fmt_rate(x: float) -> str:
    return f"{x:,.0f}"


def report(
    workloads: list[Workload], baseline: Workload, perfts: list[dict[str, Any]], args: argparse.Namespace
) -> dict[str, Any]:
    info = machine()
    base_rates = [baseline.units / s for s in baseline.seconds]
    print(f"sixtysix engine benchmark -- Python {info['python']} on {info.get('cpu_model', '?')}, {info['cpus']} CPUs")
    print(f"  repeats {args.repeats} (median [min-max]), {args.deals} deals per run, git {info.get('git', '?')}")
    print()
    print(f"baseline loop: {_fmt_rate(statistics.median(base_rates))} it/s  [{_fmt_rate(min(base_rates))}-"
          f"{_fmt_rate(max(base_rates))}]")  # fmt: skip
    print()
    header = (
        f"{'preset':<10} {'policy':<12} {'path':<10} {'act/deal':>8} {'deals/s':>9} {'actions/s':>10} "
        f"{'min-max actions/s':>19} {'ratio':>7} {'us/action':>9}"
    )
    print(header)
    print("-" * len(header))
    rows = []
    for w in workloads:
        deal_rates = [w.units / s for s in w.seconds]
        ratios = [(w.units / s) / b for s, b in zip(w.seconds, base_rates, strict=True)]
        row: dict[str, Any] = {
            "name": w.name,
            "preset": w.preset,
            "policy": w.policy or "setup",
            "path": w.path,
            "deals": w.units,
            "seconds": _summary(w.seconds),
            "deals_per_s": _summary(deal_rates),
            "deals_ratio": statistics.median(ratios),
        }
        act_col = min_max = us = ratio_col = "-"
        if w.actions:
            act_rates = [w.actions / s for s in w.seconds]
            act_ratios = [(w.actions / s) / b for s, b in zip(w.seconds, base_rates, strict=True)]
            row |= {
                "actions": w.actions,
                "actions_per_deal": w.actions / w.units,
                "actions_per_s": _summary(act_rates),
                "actions_ratio": statistics.median(act_ratios),
                "us_per_action": 1e6 / statistics.median(act_rates),
            }
            act_col = _fmt_rate(row["actions_per_s"]["median"])
            min_max = f"{_fmt_rate(min(act_rates))}-{_fmt_rate(max(act_rates))}"
            us = f"{row['us_per_action']:.2f}"
            ratio_col = f"{row['actions_ratio']:.3f}"
            apd = f"{row['actions_per_deal']:.1f}"
        else:
            apd = "-"
        print(
            f"{w.preset:<10} {row['policy']:<12} {w.path:<10} {apd:>8} "
            f"{_fmt_rate(row['deals_per_s']['median']):>9} {act_col:>10} {min_max:>19} {ratio_col:>7} {us:>9}"
        )
        rows.append(row)
    print()
    print("ratio = actions/s divided by the baseline's it/s of the same round (median over rounds)")

    target = _target(rows, TARGET_WORKLOAD, TARGET_ACTIONS_PER_S)
    native_target = _target(rows, NATIVE_TARGET_WORKLOAD, NATIVE_TARGET_ACTIONS_PER_S)

    views = _view_shares(workloads)
    for preset, share in views.items():
        print(f"views: random bots through play_deal reach {share:.0%} of the raw engine's actions/s ({preset})")

    for p in perfts:
        print()
        print(f"perft {p['preset']}: seed {p['seed']}, dealer {p['dealer']}, deck {p['deck']}")
        print(f"  {'depth':>5} {'leaves':>12} {'moves':>12} {'seconds':>8} {'moves/s':>9} {'native s':>9}")
        for d in p["depths"]:
            rate = _fmt_rate(d["moves"] / d["seconds"]) if d["seconds"] and d["moves"] else "-"
            nat = f"{d['native_seconds']:.4f}" if "native_seconds" in d else "-"
            print(f"  {d['depth']:>5} {d['leaves']:>12,} {d['moves']:>12,} {d['seconds']:>8.3f} {rate:>9} {nat:>9}")

    return {
        "benchmark": "engine",
        "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "args": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
        "machine": info,
        "baseline": {
            "iterations": baseline.units,
            "seconds": _summary(baseline.seconds),
            "iterations_per_s": _summary(base_rates),
        },
        "playouts": rows,
        "target": target,
        "native_target": native_target,
        "views": views,
        "perft": perfts,
    }


def _target(rows: list[dict[str, Any]], workload: tuple[str, str, str], rate: int) -> dict[str, Any]:
    """Print and return whether ``workload`` reached ``rate`` actions/s."""
    row = next((r for r in rows if (r["preset"], r["policy"], r["path"]) == workload and "actions_per_s" in r), None)
    target: dict[str, Any] = {"actions_per_s": rate, "workload": "/".join(workload)}
    if row:
        median = row["actions_per_s"]["median"]
        target |= {"measured": median, "met": median >= rate}
        verdict = "MET" if target["met"] else "NOT MET"
        print(
            f"target: >= {_fmt_rate(rate)} actions/s for {target['workload']}: "
            f"{_fmt_rate(median)} -> {verdict} ({median / rate:.0%} of target)"
        )
    return target


def _view_shares(workloads: list[Workload]) -> dict[str, float]:
    """Per preset: the bot loop's actions/s over the raw engine's (random, unchecked), median of same-round ratios."""
    by_name = {w.name: w for w in workloads}
    shares = {}
    for bot in workloads:
        raw = by_name.get(f"{bot.preset}/random/unchecked")
        if bot.policy != "bot" or raw is None or not bot.actions or not raw.actions:
            continue
        rounds = zip(bot.seconds, raw.seconds, strict=True)
        shares[bot.preset] = statistics.median((bot.actions / b) / (raw.actions / r) for b, r in rounds)
    return shares


# -- main ---------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench.engine", description=__doc__.split("\n\n")[0])
    p.add_argument("--repeats", type=int, default=7, help="timed rounds per measurement (default 7)")
    p.add_argument("--deals", type=int, default=5000, help="deals per timed playout run (default 5000)")
    p.add_argument("--baseline-iterations", type=int, default=400_000, help="iterations of the baseline loop")
    p.add_argument("--presets", default=",".join(PRESETS), help="comma-separated presets (default seed66,schnapsen)")
    p.add_argument("--seed", type=int, default=1, help="seed of the playout shuffles and choices")
    p.add_argument("--no-checked", action="store_true", help="skip the checked deal.apply path")
    p.add_argument("--no-native", action="store_true", help="skip the native core's playouts and perft")
    p.add_argument(
        "--perft-depth",
        type=int,
        help="deepest perft depth for every preset (default: seed66 10, schnapsen 8; 0 skips perft)",
    )
    p.add_argument("--pin", type=int, metavar="CPU", help="pin the process to this CPU (sched_setaffinity)")
    p.add_argument("--json", type=Path, metavar="PATH", help="also write the results as JSON to PATH")
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.pin is not None:
        os.sched_setaffinity(0, {args.pin})
    presets = [p.strip() for p in args.presets.split(",") if p.strip()]
    paths = [("unchecked", False)] + ([] if args.no_checked else [("checked", True)])

    workloads: list[Workload] = []
    for preset in presets:
        rules = Rules.preset(preset)
        for policy in ("random", "true-claims"):
            for path, checked in paths:
                workloads.append(
                    Workload(
                        name=f"{preset}/{policy}/{path}",
                        run=functools.partial(run_playouts, rules, args.deals, args.seed, policy, checked),
                        units=args.deals,
                        preset=preset,
                        policy=policy,
                        path=path,
                    )
                )
        if not args.no_native and native.core_for(rules) is not None:
            for policy in ("random", "true-claims"):
                workloads.append(
                    Workload(
                        name=f"{preset}/{policy}/native",
                        run=functools.partial(run_native_playouts, rules, args.deals * 20, args.seed, policy),
                        units=args.deals * 20,
                        preset=preset,
                        policy=policy,
                        path="native",
                    )
                )
        others = (("bot", "play_deal", run_bots), ("", "-", run_setup))  # the bot loop; shuffling and dealing alone
        for policy, path, run in others:
            workloads.append(
                Workload(
                    name=f"{preset}/{policy or 'setup'}" + (f"/{path}" if policy else ""),
                    run=functools.partial(run, rules, args.deals, args.seed),
                    units=args.deals,
                    preset=preset,
                    policy=policy,
                    path=path,
                )
            )
    baseline = Workload("baseline", functools.partial(run_baseline, args.baseline_iterations), args.baseline_iterations)

    # The checked and unchecked paths must do exactly the same deals and choices.
    for preset in presets:
        for policy in ("random", "true-claims"):
            counts = {run_playouts(Rules.preset(preset), 50, args.seed, policy, c) for _, c in paths}
            if len(counts) != 1:
                raise AssertionError(f"{preset}/{policy}: checked and unchecked playouts differ: {counts}")

    if not args.quiet:
        print(f"timing {len(workloads)} workloads + baseline, {args.repeats} rounds ...", file=sys.stderr, flush=True)
    measure(workloads, baseline, args.repeats, progress=not args.quiet)

    perfts = []
    for preset in presets:
        depth = PERFT_DEPTH.get(preset, 8) if args.perft_depth is None else args.perft_depth
        if depth > 0:
            if not args.quiet:
                print(f"perft {preset} to depth {depth} ...", file=sys.stderr, flush=True)
            perfts.append(run_perft(preset, depth, not args.no_native))

    results = report(workloads, baseline, perfts, args)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2) + "\n")
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
