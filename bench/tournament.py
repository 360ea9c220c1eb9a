"""Tournament benchmark: deals per second of ``sixtysix tournament`` on one worker and on two.

Run from the repository root::

    python -m bench.tournament                       # 10,000 deals per run, 3 rounds (~1 min)
    python -m bench.tournament --deals 2000 --repeats 1    # a quick look (~10 s)
    python -m bench.tournament --json out/bench-tournament.json
    python -m bench.tournament --dir /dev/shm        # the records on a RAM disk: no disk in the figures

Each run is a whole tournament through the public API,
``run_tournament(Tournament.of([1, 1], boards=N, seed=1), backend=make_backend("local", workers))``:
level 1 (random) against level 1 on ``--deals`` seeded boards, each played twice with the
seats swapped (so ``2 N`` deals). Level-1 deals are as cheap as deals get (~6 actions),
so these figures are the tournament machinery's own ceiling: scheduling, the worker
processes, results coming back, the journal and the records.

Configurations, run round-robin in every round (so a slow spell of a shared machine
touches all of them alike):

* workers **1**: every deal in this process (what ``--workers 1`` does);
* workers **2**: two ``spawn``ed worker processes (``--workers 2``; the default on a
  2-core machine); this process only hands out chunks and collects results;
* each **without** an output folder (nothing written) and **with** ``--out`` (every deal's
  66R record written by the workers, one journal line per deal written and flushed by
  this process), in a fresh folder under ``--dir`` (default: the system's temp folder);
* with ``--protocol``, also level 1 against ``sixtysix bot --level 1``, a 66P bot process
  played through the protocol host (each worker starts one per seat and keeps it from
  game to game), without output.

Every run plays the same deals (master seed 1).

Figures
-------
deals/s
    Deals of the run / wall time of ``run_tournament``, start-up of the worker processes
    included; the median over the rounds (min-max beside it).
steady deals/s
    Deals between the first and the last finished deal / the time between them: the
    rate once the workers are up.
us/deal
    Mean time of one deal inside its worker (playing it, and writing its record with
    ``--out``): if it grows with two workers, the two did not each have a core to
    themselves.
busy
    Sum of those times / the steady time: how many workers were kept busy on average (the
    coordinator keeps up if it is close to the number of workers).
CPU us/deal
    CPU time of every process of the run (this one, the workers, bot processes; user +
    system, from ``getrusage``) per deal. Unlike the rates it does not depend on what else
    the machine runs: its growth from one worker to two is the cost of running in
    parallel (process start-up, pickling, the coordinator).
scaling
    Median deals/s with two workers / median deals/s with one, for each kind of run.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import shlex
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.engine import machine
from sixtysix.tournament.backends import make_backend
from sixtysix.tournament.play import GameResult
from sixtysix.tournament.runner import Tournament, run_tournament


@dataclass
class Config:
    workers: int
    records: bool
    bot: bool = False
    rates: list[float] = field(default_factory=list)
    steady: list[float] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    busy: list[float] = field(default_factory=list)
    """Mean number of workers busy playing between the first and the last finished deal."""
    per_deal: list[float] = field(default_factory=list)
    """Mean seconds of one deal in its worker."""
    cpu: list[float] = field(default_factory=list)
    """CPU seconds of all the run's processes (this one, the workers, bots) per deal."""

    @property
    def label(self) -> str:
        what = "66P bot" if self.bot else "--out" if self.records else "no output"
        return f"{self.workers} worker{'s' if self.workers > 1 else ''}, {what}"


def run_once(config: Config, boards: int, folder_root: Path | None) -> None:
    bot = f"bot={shlex.join([sys.executable, '-m', 'sixtysix.cli', 'bot', '--level', '1'])}"
    tournament = Tournament.of([1, bot if config.bot else 1], boards=boards, seed=1)
    stamps: list[float] = []

    def seen(result: GameResult) -> None:
        stamps.append(time.perf_counter())

    with tempfile.TemporaryDirectory(prefix="bench-tournament-", dir=folder_root) as folder:
        cpu_before = cpu_seconds()
        started = time.perf_counter()
        result = run_tournament(
            tournament,
            out=folder if config.records else None,
            backend=make_backend("local", config.workers),
            bootstrap=0,
            on_result=seen,
        )
        wall = time.perf_counter() - started
        cpu = cpu_seconds() - cpu_before  # the workers are reaped when the pool shuts down
    assert result.complete and result.played == 2 * boards
    config.seconds.append(wall)
    config.rates.append(result.played / wall)
    config.steady.append((len(stamps) - 1) / (stamps[-1] - stamps[0]))
    work = sum(game.seconds for game in result.games.values())
    config.busy.append(work / (stamps[-1] - stamps[0]))
    config.per_deal.append(work / len(result.games))
    config.cpu.append(cpu / len(result.games))


def cpu_seconds() -> float:
    """User + system CPU time of this process and of its finished children."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.tournament", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=5000, help="boards per run, each played twice (default 5000)")
    parser.add_argument("--repeats", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--workers", default="1,2", help="worker counts to compare (default 1,2)")
    parser.add_argument("--protocol", action="store_true", help="also level 1 against a level-1 66P bot process")
    parser.add_argument("--dir", type=Path, metavar="DIR", help="where the --out folders go (default: the temp dir)")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write every figure as JSON")
    args = parser.parse_args(argv)
    counts = [int(w) for w in args.workers.split(",")]
    configs = [Config(w, records) for records in (False, True) for w in counts]
    if args.protocol:
        configs += [Config(w, False, bot=True) for w in counts]
    info = machine()
    print(f"{len(configs)} configurations x {args.repeats} rounds, {2 * args.deals} deals a run ...", file=sys.stderr)
    for round_number in range(args.repeats):
        for config in configs:
            run_once(config, args.deals, args.dir)
            print(
                f"  round {round_number + 1}: {config.label}: {config.rates[-1]:,.0f} deals/s "
                f"({config.seconds[-1]:.2f} s)",
                file=sys.stderr,
                flush=True,
            )
    with contextlib.suppress(OSError):
        info["loadavg_end"] = os.getloadavg()
    print(
        f"sixtysix tournament benchmark -- Python {info['python']} on {info.get('cpu_model', '?')}, "
        f"{info['cpus']} CPUs, git {info.get('git', '?')}; level 1 vs level 1, {2 * args.deals} deals a run, "
        f"{args.repeats} rounds, --out folders in {args.dir or tempfile.gettempdir()}"
    )
    start, end = info.get("loadavg"), info.get("loadavg_end")
    if start and end:
        print(f"  1-minute load average at the start {start[0]:.2f}, at the end {end[0]:.2f}")
    print()
    header = (
        f"{'configuration':<24} {'deals/s':>9} {'min-max':>15} {'steady deals/s':>15} {'s/run':>7} "
        f"{'us/deal':>8} {'busy':>5} {'CPU us/deal':>11}"
    )
    print(header)
    print("-" * len(header))
    medians: dict[tuple[int, str], float] = {}
    for config in configs:
        median = statistics.median(config.rates)
        medians[(config.workers, config.label.split(", ", 1)[1])] = median
        spread = f"{min(config.rates):,.0f}-{max(config.rates):,.0f}"
        print(
            f"{config.label:<24} {median:>9,.0f} {spread:>15} {statistics.median(config.steady):>15,.0f} "
            f"{statistics.median(config.seconds):>7.2f} {1e6 * statistics.median(config.per_deal):>8.0f} "
            f"{statistics.median(config.busy):>5.2f} {1e6 * statistics.median(config.cpu):>11.0f}"
        )
    print()
    scaling: dict[str, float] = {}
    base = counts[0]
    for kind in ("no output", "--out", "66P bot"):
        for workers in counts[1:]:
            if (workers, kind) in medians:
                factor = medians[(workers, kind)] / medians[(base, kind)]
                scaling[f"{workers}/{base} {kind}"] = factor
                print(f"scaling {workers} workers / {base}, {kind}: {factor:.2f}x")
    if args.json:
        data: dict[str, Any] = {
            "benchmark": "tournament",
            "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "args": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
            "machine": info,
            "configurations": [
                {
                    "workers": c.workers,
                    "records": c.records,
                    "protocol_bot": c.bot,
                    "deals_per_run": 2 * args.deals,
                    "deals_per_s": c.rates,
                    "steady_deals_per_s": c.steady,
                    "seconds": c.seconds,
                    "workers_busy": c.busy,
                    "seconds_per_deal_in_worker": c.per_deal,
                    "cpu_seconds_per_deal": c.cpu,
                }
                for c in configs
            ],
            "scaling": scaling,
        }
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(data, indent=2) + "\n")
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
