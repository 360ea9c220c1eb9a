"""The analysis queue: many reviews asked at once, done by 1 and by 2 ``sixtysix worker`` processes.

Run from the repository root::

    python -m bench.queue                                  # 20 reviews, 1 worker then 2 workers, 3 rounds, SQLite
    python -m bench.queue --reviews 8 --worlds 20          # quicker
    python -m bench.queue --database postgresql://me@localhost/bench --json -

For each count of workers: a fresh database (a SQLite file in a temporary folder, or the
PostgreSQL database given, whose ``jobs`` and ``reviews`` are emptied first), ``--reviews``
finished deals (random legal play, seeded) stored as matches, and that many workers started
(``sixtysix worker --processes 1``, each one analysis process) and waited for: a worker says it takes
jobs once its analysis process is up, as a running site's workers are. Then every
review is queued at once (the jobs a server with ``--analysis queue`` would queue) and the
clock runs until the last one is done. The budget per decision is a count of sampled worlds
(``--worlds``), not a time: each review is the same work whatever the load, so the time
measures the work done per second. The default, 200 worlds, makes a review some 0.3 CPU seconds
(a review at the server's own budget takes about 6); with 20 a review takes 0.1 s, and the queue's
own costs (taking a job, a progress report per decision, the answer stored) weigh on the ratio
(1.56 against 1.84 on the same idle machine).

The counts of workers take turns (``--rounds``: 1, 2, 1, 2, …), so that a change of the
machine's load falls on both. Figures: for each run the seconds until the last review was
done, reviews per minute, the jobs' own seconds (taken to finished, summed) and how many ran at
once on average (those seconds over the run's), the CPU seconds of the workers and their
analysis processes, and how many cores that was on average (``cores_given``: CPU over wall
seconds; on a busy machine, what the other processes left); for each count the median
seconds; and the ratio of the medians (1 worker / 2 workers: 2.0 is twice as fast). With 2
workers on 2 cores the ratio reaches about 2 only on an idle machine: other processes on the
cores take their share, and the analyses run at a lower priority (``nice`` 10); compare
``cores_given``. The load average is in the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy import delete, func, select

from sixtysix import Rules
from sixtysix.ai.analysis import Budget
from sixtysix.core.match import Match
from sixtysix.web import schema
from sixtysix.web.jobs import DONE, JobQueue
from sixtysix.web.review import review_key
from sixtysix.web.store import MatchRow, SeatRow, Store


def finished_deal(seed: int) -> tuple[Any, ...]:
    """A deal played to its end by random legal moves: (rules, dealer, deck, history), as a review job holds it."""
    rules = Rules()
    rng = random.Random(seed)
    deal = Match(rules, 2).new_deal(seed=seed)
    while not deal.is_over:
        seat = deal.seat_to_ask
        assert seat is not None
        deal.apply(rng.choice(deal.legal_actions(seat)), seat)
    return rules, deal.dealer, tuple(deal.deck), tuple(deal.history)


def prepare(database: str, reviews: int) -> list[tuple[str, tuple[Any, ...]]]:
    """A database with ``reviews`` finished matches and no job: each match's id and its deal."""
    store = Store(database)
    try:
        with store.transaction() as db:
            for table in (schema.jobs, schema.reviews, schema.seats, schema.deals):
                db.execute(delete(table))
            db.execute(delete(schema.matches))
        deals = []
        now = time.time()
        for n in range(reviews):
            match_id = f"bench{n}"
            row = MatchRow(match_id, now, now, "seed66", {}, 7, 2, "computer", True, 0, "over")
            store.create_match(row, [SeatRow(1, "Ann", "human", None, None), SeatRow(2, "CPU", "computer", 2, None)])
            deals.append((match_id, finished_deal(n)))
        return deals
    finally:
        store.close()


def start_workers(database: str, count: int) -> list[subprocess.Popen[bytes]]:
    """``count`` workers, each with one analysis process, once each says it takes jobs."""
    workers = []
    for n in range(count):
        command = [sys.executable, "-m", "sixtysix.cli", "worker", "--db", database, "--processes", "1"]
        command += ["--name", f"bench-{n}", "--log-level", "warning"]
        process = subprocess.Popen(command, stderr=subprocess.PIPE, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        workers.append(process)
    for process in workers:
        assert process.stderr is not None
        line = process.stderr.readline().decode()
        assert "taking jobs" in line, line
    return workers


def run(database: str, reviews: int, workers: int, worlds: int) -> dict[str, object]:
    """Queue ``reviews`` reviews at once for ``workers`` workers: the seconds until the last is done."""
    deals = prepare(database, reviews)
    processes = start_workers(database, workers)
    store = Store(database, migrate=False)
    queue = JobQueue(store.engine)
    budget = Budget(worlds=worlds, seed=0)
    try:
        started_cpu = sum(tree_cpu(process.pid) for process in processes)  # their start-up is not the queue's work
        start = time.perf_counter()
        jobs = [
            queue.enqueue("review", review_key(match_id, 1), (deal, budget), match_id, 1) for match_id, deal in deals
        ]
        j = schema.jobs
        while queue.waiting() or not all_done(store, len(jobs)):
            time.sleep(0.1)
        seconds = time.perf_counter() - start
        cpu = sum(tree_cpu(process.pid) for process in processes) - started_cpu
        with store.transaction() as db:
            rows = db.execute(select(j.c.worker, j.c.started, j.c.finished).where(j.c.state == DONE)).all()
        done_by = {row.worker for row in rows}
        busy = sum(row.finished - row.started for row in rows)
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(30)
        store.close()
    return {
        "workers": workers,
        "reviews": reviews,
        "worlds": worlds,
        "seconds": round(seconds, 2),
        "reviews_per_minute": round(60 * reviews / seconds, 1),
        "workers_used": len(done_by),
        "busy_seconds": round(busy, 2),
        "at_once": round(busy / seconds, 2),
        "cpu_seconds": round(cpu, 2),
        "cores_given": round(cpu / seconds, 2),
    }


def tree_cpu(pid: int) -> float:
    """CPU seconds (user and system) of process ``pid`` and its children (Linux ``/proc``; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        children = [c for task in Path(f"/proc/{pid}/task").iterdir() for c in (task / "children").read_text().split()]
    except OSError:
        return 0.0
    own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime
    return own + sum(tree_cpu(int(child)) for child in children)


def all_done(store: Store, count: int) -> bool:
    """Whether ``count`` jobs are done (one query: the workers share the database with this loop)."""
    j = schema.jobs
    with store.transaction() as db:
        return bool(db.execute(select(func.count()).where(j.c.state == DONE)).scalar() == count)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reviews", type=int, default=20, help="reviews asked at once (default 20)")
    parser.add_argument("--worlds", type=int, default=200, help="sampled worlds per decision (default 200)")
    parser.add_argument("--workers", default="1,2", help="the counts of workers to compare (default 1,2)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each count, taking turns (default 3)")
    parser.add_argument("--database", default=None, help="a PostgreSQL URL (default: a new SQLite file each run)")
    parser.add_argument("--json", default=None, metavar="PATH", help="write the figures as JSON ('-': stdout)")
    args = parser.parse_args(argv)
    results = []
    counts = [int(n) for n in args.workers.split(",")]
    with tempfile.TemporaryDirectory() as folder:
        for round_number, count in enumerate(counts * args.rounds):
            database = args.database or str(Path(folder) / f"queue{round_number}.sqlite3")
            result = run(database, args.reviews, count, args.worlds)
            results.append(result)
            print(
                f"{count} worker(s): {result['reviews']} reviews in {result['seconds']} s "
                f"({result['reviews_per_minute']} a minute, done by {result['workers_used']} workers; "
                f"{result['at_once']} jobs at once on average; the workers had {result['cores_given']} cores)",
                file=sys.stderr,
            )
    medians = {
        count: statistics.median(float(str(r["seconds"])) for r in results if r["workers"] == count) for count in counts
    }
    figures: dict[str, object] = {
        "runs": results,
        "median_seconds": medians,
        "load": os.getloadavg(),
        "cpus": os.cpu_count(),
    }
    if len(counts) >= 2:
        ratio = medians[counts[0]] / medians[counts[-1]]
        figures["ratio"] = round(ratio, 2)
        print(
            f"median time with {counts[0]} / with {counts[-1]} workers: {ratio:.2f} "
            f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)",
            file=sys.stderr,
        )
    if args.json:
        text = json.dumps(figures, indent=2)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
