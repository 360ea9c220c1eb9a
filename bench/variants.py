"""Three- and four-handed benchmark: random playouts per second and the expert's margin over level 3.

Run from the repository root::

    python -m bench.variants                  # the full run (~6 min on two idle cores, 11 CPU min)
    python -m bench.variants --quick          # a quick look (~1 min on two idle cores)
    python -m bench.variants --json out/bench-variants.json

Figures
-------
playouts
    Whole deals of ``three66`` and ``four66`` from seeded shuffles, every decision a
    uniformly random legal action applied through the engine's unchecked path
    (``FourHandedDeal.apply_unchecked``; the three-handed deal's inner two-player
    ``Deal.apply_unchecked``). The ``random`` policy picks any legal action, ``66``
    included, so most three-handed deals end early with a claim; ``true-claims``
    claims only with 66 or more, as in real play (``bench.engine``'s two policies).
    Shuffling and dealing are inside the timed loop. Rounds run round-robin
    with ``bench.engine``'s baseline loop; the median over the rounds is reported and
    ``ratio`` = playout actions per second / baseline iterations per second (same round).
margin, four-handed
    A partnership of two experts (level 5) against two level-3 players. Every seeded
    deal is played twice, the experts on side 1 and then on side 2, so the cards
    cancel; the figure is the experts' game points minus the opponents' per deal,
    averaged over the pair, with a 95% Student-t interval over the pairs.
margin, three-handed
    The expert against two level-3 players, every seeded deal played three times with
    the expert in each seat (forehand, the other active seat, the dealer who sits out
    and scores with the winner). The figure is the expert's game points per deal minus
    the mean of the two level-3 players', averaged over the three seatings, with a 95%
    interval over the deals. Dealer credits are counted per deal (a match's cap at 6 is
    not applied).

The experts think ``--think`` CPU seconds per decision (default 0.25). Deals run in
``--jobs`` worker processes (default 2).
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from bench.engine import Workload, machine, measure, run_baseline
from sixtysix import Rules, shuffled_deck
from sixtysix.ai.levels import make_table_player
from sixtysix.core.actions import ACTIONS, CLAIM
from sixtysix.core.facts import side_of
from sixtysix.core.partnership import FourHandedDeal
from sixtysix.core.threehanded import ThreeHandedDeal
from sixtysix.players.player import AnyPlayer
from sixtysix.players.table import play_table_deal
from sixtysix.tournament.stats import mean_interval

VARIANTS = ("three66", "four66")
PLAYOUTS = ("three66", "three66/true-claims", "four66")


# -- playouts -----------------------------------------------------------------


def run_three(deals: int, seed: int, true_claims: bool = False) -> int:
    """Random three-handed deals; the number of actions applied.

    With ``true_claims`` a player claims (``66``) only with 66 points or more.
    """
    rules = Rules.preset("three66")
    rng = random.Random(seed)
    choice = rng.choice
    actions = 0
    for i in range(deals):
        inner = ThreeHandedDeal(shuffled_deck(rules, rng), i % 3 + 1, rules).inner
        legal, apply = inner.legal_actions, inner.apply_unchecked
        while not inner.is_over:
            acts = legal()
            if true_claims and CLAIM in acts and inner.scores()[(inner.to_act or 1) - 1] < 66:
                acts.remove(ACTIONS[CLAIM])
            apply(choice(acts))
            actions += 1
    return actions


def run_four(deals: int, seed: int) -> int:
    """Random four-handed deals; the number of actions applied."""
    rules = Rules.preset("four66")
    rng = random.Random(seed)
    choice = rng.choice
    actions = 0
    for i in range(deals):
        deal = FourHandedDeal(shuffled_deck(rules, rng), i % 4 + 1, rules)
        legal, apply = deal.legal_actions, deal.apply_unchecked
        while not deal.is_over:
            apply(choice(legal()))
            actions += 1
    return actions


def playouts(deals: int, repeats: int, seed: int, progress: bool) -> dict[str, Any]:
    baseline = Workload("baseline", functools.partial(run_baseline, 400_000), 400_000)
    runs: dict[str, Callable[[], int]] = {
        "three66": functools.partial(run_three, deals, seed),
        "three66/true-claims": functools.partial(run_three, deals, seed, True),
        "four66": functools.partial(run_four, deals, seed),
    }
    workloads = [
        Workload(name, run, deals, preset=name.split("/")[0], policy=(name + "/random").split("/")[1], path="unchecked")
        for name, run in runs.items()
    ]
    measure(workloads, baseline, repeats, progress)
    base_rates = [baseline.units / s for s in baseline.seconds]
    result: dict[str, Any] = {"baseline_per_s": statistics.median(base_rates)}
    for w in workloads:
        assert w.actions is not None
        rates = [w.actions / s for s in w.seconds]
        result[w.name] = {
            "deals": deals,
            "actions": w.actions,
            "actions_per_s": statistics.median(rates),
            "deals_per_s": statistics.median(deals / s for s in w.seconds),
            "ratio": statistics.median(r / b for r, b in zip(rates, base_rates, strict=True)),
            "min_max_actions_per_s": [min(rates), max(rates)],
        }
    return result


# -- margins ------------------------------------------------------------------


def four_pair(index: int, seed: int, think: float) -> float:
    """The experts' game points minus the level-3 side's per deal, over one duplicate pair."""
    rules = Rules.preset("four66")
    deck = shuffled_deck(rules, random.Random(seed * 1_000_003 + index))
    dealer = index % 4 + 1
    total = 0
    for expert_side in (1, 2):
        players: dict[int, AnyPlayer] = {}
        for seat in (1, 2, 3, 4):
            level = 5 if side_of(seat) == expert_side else 3
            players[seat] = make_table_player(level, rules, seed=index * 8 + seat, time_limit=think)
            players[seat].new_match(rules, seat)
        outcome = play_table_deal(FourHandedDeal(deck, dealer, rules), players)
        signed = {1: outcome.game_points, 2: -outcome.game_points}.get(outcome.winner or 0, 0)
        total += signed if expert_side == 1 else -signed
    return total / 2


def three_triple(index: int, seed: int, think: float) -> float:
    """The expert's game points minus a level-3 player's per deal, over the three seatings of one deal."""
    rules = Rules.preset("three66")
    deck = shuffled_deck(rules, random.Random(seed * 1_000_003 + index))
    dealer = index % 3 + 1
    margins = []
    for expert_seat in (1, 2, 3):
        players: dict[int, AnyPlayer] = {}
        for seat in (1, 2, 3):
            level = 5 if seat == expert_seat else 3
            players[seat] = make_table_player(level, rules, seed=index * 8 + seat, time_limit=think)
            players[seat].new_match(rules, seat)
        deal = ThreeHandedDeal(deck, dealer, rules)
        outcome = play_table_deal(deal, players)
        points = dict.fromkeys((1, 2, 3), 0)
        if outcome.winner is not None:
            points[outcome.winner] += outcome.game_points
            points[deal.sitting_out] += outcome.game_points  # R-3P-3: the dealer scores with the winner
        others = [points[s] for s in (1, 2, 3) if s != expert_seat]
        margins.append(points[expert_seat] - sum(others) / 2)
    return sum(margins) / 3


def margins(units: int, task: Callable[[int, int, float], float], seed: int, think: float, jobs: int) -> dict[str, Any]:
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        values = list(pool.map(task, range(units), [seed] * units, [think] * units))
    mean, lo, hi = mean_interval(values)
    return {"units": units, "margin": mean, "ci95": [lo, hi], "seconds": time.perf_counter() - started}


# -- output -------------------------------------------------------------------


def report(results: dict[str, Any], command: str) -> None:
    play = results["playouts"]
    print(f"\n{command}\n")
    print(f"baseline loop: {play['baseline_per_s']:,.0f} iterations/s")
    print(f"{'variant':20} {'deals':>6} {'actions/s':>11} {'deals/s':>9} {'ratio':>6}")
    for name in PLAYOUTS:
        row = play[name]
        rates = f"{row['actions_per_s']:>11,.0f} {row['deals_per_s']:>9,.0f}"
        print(f"{name:20} {row['deals']:>6} {rates} {row['ratio']:>6.3f}")
    print(f"\nexpert (level 5, {results['think']} s/decision) against level 3, game points per deal")
    print(f"{'variant':10} {'unit':28} {'n':>4} {'margin':>7} {'95% interval':>18} {'wall s':>7}")
    units = {"three66": "deal x 3 seatings", "four66": "duplicate pair (2 deals)"}
    for name in VARIANTS:
        row = results["margins"][name]
        lo, hi = row["ci95"]
        print(
            f"{name:10} {units[name]:28} {row['units']:>4} {row['margin']:>+7.3f} "
            f"{f'[{lo:+.3f}, {hi:+.3f}]':>18} {row['seconds']:>7.0f}"
        )


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench.variants", description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="a short run (~1 min on two idle cores)")
    p.add_argument("--deals", type=int, help="deals per timed playout run (default 2000, quick 500)")
    p.add_argument("--repeats", type=int, help="timed playout rounds (default 5, quick 3)")
    p.add_argument("--pairs", type=int, help="four-handed duplicate pairs (default 100, quick 12)")
    p.add_argument("--triples", type=int, help="three-handed deals, each in three seatings (default 80, quick 10)")
    p.add_argument("--think", type=float, default=0.25, help="expert CPU seconds per decision (default 0.25)")
    p.add_argument("--jobs", type=int, default=2, help="worker processes for the margins (default 2)")
    p.add_argument("--seed", type=int, default=1, help="seed of the shuffles")
    p.add_argument("--json", type=Path, metavar="PATH", help="also write the results as JSON to PATH")
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    quick = args.quick
    deals = args.deals or (500 if quick else 2000)
    repeats = args.repeats or (3 if quick else 5)
    pairs = args.pairs or (12 if quick else 100)
    triples = args.triples or (10 if quick else 80)
    command = "python -m bench.variants " + " ".join(argv if argv is not None else sys.argv[1:])
    progress = not args.quiet

    def say(text: str) -> None:
        if progress:
            print(text, file=sys.stderr, flush=True)

    say(f"playouts: {deals} deals per run, {repeats} rounds ...")
    results: dict[str, Any] = {"command": command.strip(), "think": args.think, "machine": machine()}
    results["playouts"] = playouts(deals, repeats, args.seed, progress)
    results["margins"] = {}
    say(f"four66: {pairs} duplicate pairs, experts against level 3 ...")
    results["margins"]["four66"] = margins(pairs, four_pair, args.seed, args.think, args.jobs)
    say(f"three66: {triples} deals in three seatings, expert against level 3 ...")
    results["margins"]["three66"] = margins(triples, three_triple, args.seed, args.think, args.jobs)
    report(results, results["command"])
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2) + "\n")
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
