"""RL environments benchmark: environment steps per second with random legal actions, against
the engine's own random playouts in the same run.

Run from the repository root (needs the ``rl`` extra)::

    python -m bench.rl                        # the full run (~1 minute)
    python -m bench.rl --repeats 3 --scale 0.2    # a quick look (~5 s)
    python -m bench.rl --only vector --repeats 7  # the batched self-play path against the AEC loop
    python -m bench.rl --endings 10000        # how uniformly random play ends its deals (docs/rl.md)
    python -m bench.rl --json out/bench-rl.json

Everything runs in this one process, on one core (``--pin CPU`` pins it); every
measurement is repeated ``--repeats`` times, round-robin, and every round replays
the same deals and choices (the generators are reseeded), so all rounds do the same work.

Figures
-------
engine
    ``bench.engine``'s playouts: whole seed66 deals from seeded shuffles, every decision a
    uniformly random choice from ``deal.legal_actions()`` applied with ``apply_unchecked``
    (policy ``random``, false claims included, so most deals end after a few actions) or
    never claiming without 66 points (``true-claims``: long deals).
pettingzoo
    ``sixtysix.rl.raw_env`` (and the wrapped ``sixtysix.rl.env``): ``reset(seed)`` per deal,
    then ``agent_iter()`` / ``last()`` / ``step()`` with a uniformly random action among those
    of the action mask (same two policies), so every step builds the acting agent's
    PlayerView, encodes the 328-float observation and its mask. ``steps`` counts the actions
    applied (the two closing dead steps of each episode are timed but not counted).
vector
    ``sixtysix.rl.vector.VectorDeals``: self-play of ``--batch`` deals at once (16 and 256 by
    default); each call of ``step`` applies one action in every deal (a uniformly random one of
    its mask, drawn for the whole batch with numpy, ``random_actions``; ``true-claims``: the mask
    of ``false_claims=False``) and returns the next observations and masks of all of them,
    dealing again where a deal ended, until as many deals as the raw_env loop plays have ended.
    ``steps`` counts the actions applied (calls x batch).
single-agent
    ``sixtysix.rl.OpponentEnv`` against level 1: ``reset`` + ``step`` with random legal
    actions; ``steps`` counts the learner's steps, ``actions`` the opponent's too.
openspiel
    The ``sixtysix`` pyspiel game: ``new_initial_state()`` then ``apply_action`` until the end
    with random outcomes at chance nodes (the deal card by card and the draws) and random legal
    actions (same two policies); ``steps`` counts the players' actions, chance moves are timed
    but not counted. No observation is built unless ``--openspiel-observe`` is given (then
    ``observation_tensor`` of the player to act, every decision).

``ratio`` = steps/s of the workload / engine actions/s of the same policy in the same
round (median over the rounds): the price of the environment's API per action. ``vs AEC``
(vector rows) = steps/s / the ``pettingzoo raw_env`` loop's steps/s of the same policy in the
same round (median over the rounds): what stepping many deals per call gains.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from bench.engine import machine, run_baseline, run_playouts
from sixtysix import Rules
from sixtysix.core.actions import CLAIM


@dataclass
class Workload:
    name: str
    kind: str
    policy: str
    run: Callable[[], tuple[int, int]]
    """Returns (steps counted, all actions applied)."""
    deals: int
    steps: int = 0
    actions: int = 0
    seconds: list[float] = field(default_factory=list)


def engine_workload(rules: Rules, deals: int, seed: int, policy: str) -> Callable[[], tuple[int, int]]:
    def run() -> tuple[int, int]:
        n = run_playouts(rules, deals, seed, policy, checked=False)
        return n, n

    return run


def pettingzoo_workload(
    rules: Rules, deals: int, seed: int, policy: str, wrapped: bool
) -> Callable[[], tuple[int, int]]:
    from sixtysix.rl.aec import SEATS, env, raw_env

    def run() -> tuple[int, int]:
        e = env(rules=rules) if wrapped else raw_env(rules=rules)
        inner = e.unwrapped
        rng = random.Random(seed)
        steps = 0
        for i in range(deals):
            e.reset(seed=seed + i)
            for agent in e.agent_iter():
                obs, _, termination, truncation, _ = e.last()
                if termination or truncation:
                    e.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"]).tolist()
                if policy == "true-claims" and CLAIM in legal and inner.deal.score[SEATS[agent]] < 66:
                    legal.remove(CLAIM)
                e.step(rng.choice(legal))
                steps += 1
        return steps, steps

    return run


def opponent_workload(rules: Rules, deals: int, seed: int) -> Callable[[], tuple[int, int]]:
    from sixtysix.rl.opponent import OpponentEnv

    def run() -> tuple[int, int]:
        env = OpponentEnv(opponent=1, rules=rules, opponent_seed=seed)
        rng = random.Random(seed)
        steps = 0
        actions = 0
        for i in range(deals):
            obs, _ = env.reset(seed=seed + i)
            done = False
            while not done:
                obs, _, done, _, _ = env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
                steps += 1
            actions += len(env.aec.deal.history)  # the learner's and the opponent's
        return steps, actions

    return run


def vector_workload(rules: Rules, batch: int, deals: int, seed: int, policy: str) -> Callable[[], tuple[int, int]]:
    """Self-play of ``batch`` deals at a time until ``deals`` have ended (the ones still running are counted too)."""
    from sixtysix.rl.vector import VectorDeals, random_actions

    def run() -> tuple[int, int]:
        vector = VectorDeals(batch, rules, seed=seed, false_claims=policy != "true-claims")
        rng = np.random.default_rng(seed)
        _, mask = vector.observe()
        steps = ended = 0
        while ended < deals:
            result = vector.step(random_actions(mask, rng))
            mask = result.action_mask
            steps += batch
            ended += int(result.done.sum())
        return steps, steps

    return run


def openspiel_workload(
    rules_name: str, deals: int, seed: int, policy: str, observe: bool
) -> Callable[[], tuple[int, int]]:
    import pyspiel

    importlib.import_module("sixtysix.rl.openspiel")
    game = pyspiel.load_game(f"sixtysix(rules={rules_name})")

    def run() -> tuple[int, int]:
        rng = random.Random(seed)
        steps = 0
        for _ in range(deals):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                    continue
                player = state.current_player()
                if observe:
                    state.observation_tensor(player)
                legal = state.legal_actions()
                if policy == "true-claims" and CLAIM in legal and state.deal.score[player + 1] < 66:
                    legal.remove(CLAIM)
                state.apply_action(rng.choice(legal))
                steps += 1
        return steps, steps

    return run


def measure(workloads: list[Workload], repeats: int, baseline_iterations: int, progress: bool) -> list[float]:
    """Round-robin timing after one warm-up run each; returns the baseline's it/s per round."""
    base: list[float] = []
    for w in workloads:
        w.steps, w.actions = w.run()
    run_baseline(baseline_iterations // 10)
    for r in range(repeats):
        gc.collect()
        t0 = time.perf_counter()
        run_baseline(baseline_iterations)
        base.append(baseline_iterations / (time.perf_counter() - t0))
        for w in workloads:
            gc.collect()
            t0 = time.perf_counter()
            result = w.run()
            w.seconds.append(time.perf_counter() - t0)
            if result != (w.steps, w.actions):
                raise AssertionError(f"{w.name}: round {r} did {result}, not {(w.steps, w.actions)}")
        if progress:
            print(f"  round {r + 1}/{repeats} done", file=sys.stderr, flush=True)
    return base


def report(workloads: list[Workload], base: list[float], args: argparse.Namespace) -> dict[str, Any]:
    info = machine()
    print(f"sixtysix RL environments benchmark -- Python {info['python']} on {info.get('cpu_model', '?')}")
    print(f"  preset {args.rules}, {args.repeats} rounds (median [min-max]), git {info.get('git', '?')}")
    print(f"  baseline loop: {statistics.median(base):,.0f} it/s")
    print()
    engine = {w.policy: w for w in workloads if w.kind == "engine"}
    aec = {w.policy: w for w in workloads if w.name == "pettingzoo raw_env"}
    header = (
        f"{'workload':<26} {'policy':<12} {'deals':>6} {'steps/deal':>10} {'steps/s':>9} "
        f"{'min-max steps/s':>17} {'us/step':>8} {'ratio':>7} {'vs AEC':>7}"
    )
    print(header)
    print("-" * len(header))
    rows = []
    for w in workloads:
        rates = [w.steps / s for s in w.seconds]
        ref = engine.get(w.policy) or engine["random"]
        ratios = [w.steps / s / (ref.steps / t) for s, t in zip(w.seconds, ref.seconds, strict=True)]
        median = statistics.median(rates)
        loop = aec.get(w.policy)
        vs_aec = (
            statistics.median([w.steps / s / (loop.steps / t) for s, t in zip(w.seconds, loop.seconds, strict=True)])
            if w.kind == "vector" and loop is not None
            else None
        )
        row = {
            "name": w.name,
            "kind": w.kind,
            "policy": w.policy,
            "deals": w.deals,
            "steps": w.steps,
            "actions": w.actions,
            "steps_per_deal": w.steps / w.deals,
            "steps_per_s": {"median": median, "min": min(rates), "max": max(rates)},
            "us_per_step": 1e6 / median,
            "ratio_to_engine": statistics.median(ratios),
            "ratio_to_aec": vs_aec,
            "engine_reference": ref.name,
            "baseline_ratio": statistics.median([r / b for r, b in zip(rates, base, strict=True)]),
        }
        rows.append(row)
        print(
            f"{w.name:<26} {w.policy:<12} {w.deals:>6} {row['steps_per_deal']:>10.1f} {median:>9,.0f} "
            f"{f'{min(rates):,.0f}-{max(rates):,.0f}':>17} {row['us_per_step']:>8.1f} {row['ratio_to_engine']:>7.3f}"
            + (f" {vs_aec:>7.2f}" if vs_aec is not None else "")
        )
    print()
    print("ratio = steps/s / engine actions/s of the same policy and round (median over rounds)")
    if aec:
        print("vs AEC = steps/s / the pettingzoo raw_env loop's steps/s of the same policy and round (median)")
    return {
        "benchmark": "rl",
        "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "args": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
        "machine": info,
        "baseline_it_per_s": {"median": statistics.median(base), "min": min(base), "max": max(base)},
        "workloads": rows,
    }


ENDING_SETTINGS: tuple[tuple[str, dict[str, Any], bool], ...] = (
    ("every legal action", {}, True),
    ("false_claims=False", {}, False),
    ("auto_claim", {"auto_claim": True}, True),
    ("false_claims=False, close_allowed=false", {"close_allowed": False}, False),
    ("auto_claim, close_allowed=false", {"auto_claim": True, "close_allowed": False}, True),
)
"""The random baselines of docs/rl.md: (label, rule options, whether the mask offers false claims)."""


def endings(preset: str, deals: int, seed: int) -> list[dict[str, Any]]:
    """How uniformly random play (a random action of the mask, both seats) ends ``deals`` deals, per setting."""
    from sixtysix.rl.vector import VectorDeals, random_actions

    rows = []
    for label, options, false_claims in ENDING_SETTINGS:
        rules = Rules.preset(preset).replace(**options)
        vector = VectorDeals(64, rules, seed=seed, false_claims=false_claims)
        rng = np.random.default_rng(seed)
        _, mask = vector.observe()
        counts: dict[str, int] = {}
        ended = 0
        points = 0.0
        while ended < deals:
            finishing = list(vector.deals)  # the step deals again where a deal ends
            result = vector.step(random_actions(mask, rng))
            mask = result.action_mask
            for row in np.flatnonzero(result.done).tolist():
                if ended < deals:
                    outcome = finishing[row].outcome
                    assert outcome is not None
                    counts[outcome.termination.value] = counts.get(outcome.termination.value, 0) + 1
                    points += outcome.game_points
                    ended += 1
        shares = {name: counts[name] / deals for name in sorted(counts)}
        rows.append(
            {"setting": label, "rules": rules.text(), "deals": deals, "endings": shares, "game_points": points / deals}
        )
    return rows


def print_endings(args: argparse.Namespace) -> int:
    results = {preset: endings(preset, args.endings, args.seed) for preset in ("seed66", "pagat66", "schnapsen")}
    names = ("claim", "false_claim", "closer_failed", "played_out", "tie")
    print(f"how uniformly random play ends a deal ({args.endings} deals each, seed {args.seed})")
    print(f"{'preset':<10} {'setting':<42} " + " ".join(f"{n:>13}" for n in names) + f" {'points/deal':>11}")
    for preset, rows in results.items():
        for row in rows:
            shares = " ".join(f"{row['endings'].get(n, 0.0):>13.1%}" for n in names)
            print(f"{preset:<10} {row['setting']:<42} {shares} {row['game_points']:>11.2f}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"benchmark": "rl-endings", "results": results}, indent=2) + "\n")
    return 0


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench.rl", description=__doc__.split("\n\n")[0])
    p.add_argument("--repeats", type=int, default=5, help="timed rounds per measurement (default 5)")
    p.add_argument("--scale", type=float, default=1.0, help="multiply every workload's deals (default 1)")
    p.add_argument("--rules", default="seed66", help="rules preset (default seed66)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--baseline-iterations", type=int, default=400_000)
    p.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel workloads")
    p.add_argument(
        "--batch", type=int, action="append", metavar="N", help="deals per call of the vector workloads (16 and 256)"
    )
    p.add_argument(
        "--only",
        choices=("vector",),
        help="vector: only what the vector rows need (the engine playouts, the raw_env loop and the vector path)",
    )
    p.add_argument("--openspiel-observe", action="store_true", help="also build an observation tensor per decision")
    p.add_argument("--pin", type=int, metavar="CPU", help="pin the process to this CPU (sched_setaffinity)")
    p.add_argument("--json", type=Path, metavar="PATH", help="also write the results as JSON to PATH")
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    p.add_argument(
        "--endings", type=int, metavar="DEALS", help="instead: how random play ends DEALS deals under each setting"
    )
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.pin is not None:
        os.sched_setaffinity(0, {args.pin})
    if args.endings:
        return print_endings(args)
    rules = Rules.preset(args.rules)

    def n(deals: int) -> int:
        return max(1, round(deals * args.scale))

    workloads: list[Workload] = []
    for policy in ("random", "true-claims"):
        workloads.append(
            Workload("engine playouts", "engine", policy, engine_workload(rules, n(20000), args.seed, policy), n(20000))
        )
        workloads.append(
            Workload(
                "pettingzoo raw_env",
                "pettingzoo",
                policy,
                pettingzoo_workload(rules, n(2000), args.seed, policy, wrapped=False),
                n(2000),
            )
        )
    for batch in args.batch or [16, 256]:
        for policy in ("random", "true-claims"):
            workloads.append(
                Workload(
                    f"vector self-play x{batch}",
                    "vector",
                    policy,
                    vector_workload(rules, batch, n(2000), args.seed, policy),
                    n(2000),
                )
            )
    workloads.append(
        Workload(
            "pettingzoo env (wrapped)",
            "pettingzoo",
            "random",
            pettingzoo_workload(rules, n(2000), args.seed, "random", wrapped=True),
            n(2000),
        )
    )
    workloads.append(
        Workload(
            "OpponentEnv vs level 1", "single-agent", "random", opponent_workload(rules, n(2000), args.seed), n(2000)
        )
    )
    if args.only == "vector":
        workloads = [w for w in workloads if w.kind in ("engine", "vector") or w.name == "pettingzoo raw_env"]
    elif not args.no_openspiel:
        try:
            importlib.import_module("pyspiel")
        except ImportError:
            print("pyspiel is not installed: no OpenSpiel workloads", file=sys.stderr)
        else:
            for policy in ("random", "true-claims"):
                workloads.append(
                    Workload(
                        "openspiel sixtysix",
                        "openspiel",
                        policy,
                        openspiel_workload(args.rules, n(500), args.seed, policy, args.openspiel_observe),
                        n(500),
                    )
                )
    if not args.quiet:
        print(f"timing {len(workloads)} workloads, {args.repeats} rounds ...", file=sys.stderr, flush=True)
    base = measure(workloads, args.repeats, args.baseline_iterations, progress=not args.quiet)
    results = report(workloads, base, args)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2) + "\n")
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
