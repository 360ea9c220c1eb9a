"""Protocol benchmark: what playing through 66P costs, against the same games in process.

Run from the repository root::

    python -m bench.protocol                         # seed66, level 1 vs level 1, 1000 deals, 5 rounds (~30 s)
    python -m bench.protocol --deals 200 --repeats 3 # a quick look
    python -m bench.protocol --node                  # also the JavaScript example bot (needs node)
    python -m bench.protocol --json out/bench-protocol.json

For the tournament benchmark (or anything else), :func:`measure` returns the figures.

Workloads
---------
Every workload plays the same ``--deals`` deals, ``Deal.shuffled(seed + i, dealer 1 + i % 2,
rules)``, one after the other with :func:`sixtysix.protocol.host.run_deal`, between two
random players (level 1) with the seeds 1 (seat 1) and 2 (seat 2):

in-process
    both players are :class:`~sixtysix.players.RandomPlayer` objects;
protocol, one seat
    seat 1 is ``sixtysix bot --level 1 --seed 1`` run as a child process through
    :class:`~sixtysix.protocol.player.ProtocolPlayer`; seat 2 is in process;
protocol, both seats
    both seats are bot processes;
node, one seat (``--node``)
    seat 1 is ``node examples/random_bot.js`` (its games differ: it is another random bot).

A level-1 bot served over the protocol makes the same choices as in process, so the first
three workloads play identical games (this is checked). Bot processes are started, and
their handshake done, before the clock starts; each round starts fresh players (and
processes). Rounds are round-robin, and medians over the rounds are reported.

Figures
-------
deals/s, decisions/s
    Deals and decisions (``choose`` calls, over both seats) per second.
ratio
    In-process deals/s divided by the workload's deals/s: how many times slower it is.
us/decision over the pipe
    (workload seconds - in-process seconds) / decisions answered by bot processes: the
    host-side cost of one protocol round trip (building and writing the ``go`` line,
    the bot reading it, deciding, answering, the host reading and checking ``bestmove``).
codec us
    ``encode_go`` + ``decode_go`` of one view, measured alone: the part of a round trip that
    is text handling rather than pipes and process switches.
startup ms
    Start of ``sixtysix bot --level 1`` to ``readyok`` (Python start-up and imports).
"""

from __future__ import annotations

import argparse
import gc
import json
import shutil
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.engine import machine
from sixtysix import Deal, PlayerView, Rules
from sixtysix.ai.levels import make_player
from sixtysix.players.base import DecisionStats, Player
from sixtysix.protocol import ProtocolPlayer, run_deal
from sixtysix.protocol.messages import decode_go, encode_go

ROOT = Path(__file__).resolve().parents[1]


def bot_command(level: int, seed: int) -> list[str]:
    return [sys.executable, "-m", "sixtysix.cli", "bot", "--level", str(level), "--seed", str(seed)]


@dataclass
class Workload:
    name: str
    make: Callable[[], dict[int, Player]]
    """Fresh players for one round (bot processes already started)."""
    protocol_seats: tuple[int, ...]
    seconds: list[float] = field(default_factory=list)
    decisions: int = 0
    protocol_decisions: int = 0
    histories: list[Any] = field(default_factory=list)


def play(workload: Workload, rules: Rules, deals: int, seed: int) -> float:
    players = workload.make()
    try:
        for seat in (1, 2):
            players[seat].new_match(rules, seat)
        stats = {1: DecisionStats(), 2: DecisionStats()}
        gc.collect()
        t0 = time.perf_counter()
        histories = []
        for i in range(deals):
            deal = Deal.shuffled(seed + i, 1 + i % 2, rules)
            result = run_deal(deal, players, stats=stats)
            if result.forfeit:
                raise RuntimeError(f"{workload.name}: {result.reason}")
            histories.append(deal.history)
        seconds = time.perf_counter() - t0
    finally:
        for player in players.values():
            if isinstance(player, ProtocolPlayer):
                player.close()
    workload.decisions = len(stats[1].times) + len(stats[2].times)
    workload.protocol_decisions = sum(len(stats[s].times) for s in workload.protocol_seats)
    workload.histories = histories
    return seconds


def started(command: list[str], cwd: Path = ROOT) -> ProtocolPlayer:
    bot = ProtocolPlayer(command, time_limit=5.0, cwd=str(cwd))
    bot.start()
    return bot


def codec_seconds(rules: Rules, seed: int, count: int = 2000) -> float:
    """Seconds for one ``encode_go`` + ``decode_go`` of a mid-deal view (median of 5)."""
    deal = Deal.shuffled(seed, 2, rules)
    for _ in range(6):  # a few actions in, so that history and won cards are not empty
        deal.apply(deal.legal_actions()[0] if deal.legal_actions()[0] < 32 else deal.legal_actions()[-1])
        if deal.is_over:
            break
    view = PlayerView.of(deal, deal.to_act or 1)
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(count):
            decode_go(encode_go(view, 1, 1000))
        times.append((time.perf_counter() - t0) / count)
    return statistics.median(times)


def startup_seconds(repeats: int = 3) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        bot = started(bot_command(1, 1))
        times.append(time.perf_counter() - t0)
        bot.close()
    return statistics.median(times)


def measure(
    deals: int = 1000, repeats: int = 5, preset: str = "seed66", seed: int = 1, node: bool = False
) -> dict[str, Any]:
    """Every figure of this benchmark as a dict (what ``--json`` writes)."""
    rules = Rules.preset(preset)
    workloads = [
        Workload("in-process", lambda: {1: make_player(1, 1), 2: make_player(1, 2)}, ()),
        Workload("protocol, one seat", lambda: {1: started(bot_command(1, 1)), 2: make_player(1, 2)}, (1,)),
        Workload(
            "protocol, both seats",
            lambda: {1: started(bot_command(1, 1)), 2: started(bot_command(1, 2))},
            (1, 2),
        ),
    ]
    if node:
        if shutil.which("node") is None:
            raise SystemExit("--node: node is not on the PATH")
        js = ["node", str(ROOT / "examples" / "random_bot.js")]
        workloads.append(Workload("node bot, one seat", lambda: {1: started(js), 2: make_player(1, 2)}, (1,)))
    for _ in range(repeats):
        for workload in workloads:
            workload.seconds.append(play(workload, rules, deals, seed))
    reference = workloads[0]
    for workload in workloads[1:3]:
        if workload.histories != reference.histories:
            raise AssertionError(f"{workload.name} played other games than in process")
    base = statistics.median(reference.seconds)
    rows = []
    for workload in workloads:
        seconds = statistics.median(workload.seconds)
        per_decision = (seconds - base) / workload.protocol_decisions * 1e6 if workload.protocol_decisions else None
        rows.append(
            {
                "workload": workload.name,
                "deals": deals,
                "decisions": workload.decisions,
                "protocol_decisions": workload.protocol_decisions,
                "seconds_median": seconds,
                "seconds": workload.seconds,
                "deals_per_s": deals / seconds,
                "decisions_per_s": workload.decisions / seconds,
                "ratio": seconds / base,
                "us_per_protocol_decision": per_decision,
            }
        )
    return {
        "preset": preset,
        "seed": seed,
        "repeats": repeats,
        "workloads": rows,
        "codec_us": codec_seconds(rules, seed) * 1e6,
        "startup_ms": startup_seconds() * 1e3,
        "machine": machine(),
    }


def table(result: dict[str, Any]) -> str:
    lines = [
        f"preset {result['preset']}, {result['workloads'][0]['deals']} deals, "
        f"median of {result['repeats']} rounds, level 1 vs level 1",
        "",
        "| workload | decisions | deals/s | decisions/s | ratio | us/decision over the pipe |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for row in result["workloads"]:
        per = row["us_per_protocol_decision"]
        lines.append(
            f"| {row['workload']} | {row['decisions']:,} | {row['deals_per_s']:,.0f} | {row['decisions_per_s']:,.0f} "
            f"| {row['ratio']:.1f} | {'-' if per is None else f'{per:,.0f}'} |"
        )
    lines += [
        "",
        f"encode_go + decode_go of one view: {result['codec_us']:.1f} us; "
        f"bot start-up to readyok: {result['startup_ms']:.0f} ms",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.protocol", description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals per workload and round (default: 1000)")
    parser.add_argument("--repeats", type=int, default=5, help="timed rounds (default: 5)")
    parser.add_argument("--preset", default="seed66", help="rules preset (default: seed66)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal (default: 1)")
    parser.add_argument("--node", action="store_true", help="also time the JavaScript example bot")
    parser.add_argument("--json", metavar="FILE", help="also write every figure as JSON")
    args = parser.parse_args(argv)
    result = measure(args.deals, args.repeats, args.preset, args.seed, args.node)
    print(table(result))
    if args.json:
        path = Path(args.json)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
