"""``sixtysix worker``: a process that takes hints and reviews from the analysis queue and does them.

A worker runs on any machine that reaches the database (:mod:`sixtysix.web.jobs`). It has a
pool of ``processes`` analysis processes at a lower priority (those of
:func:`sixtysix.web.review.analysis_pool`) and as many threads taking jobs: each thread takes
the oldest job, does it in the pool and stores its answer. A review's decisions go to the pool
side by side, and its progress (decisions done of the total, the faults found so far) is stored
with the job as each decision ends, for the page that waits. One thread renews the leases of the
worker's jobs every third of a lease; a worker killed outright stops renewing, and its jobs are
taken again by another worker once their leases have expired.

A worker with nothing to do looks at the queue again every ``poll`` seconds: 0.2 on SQLite
(:data:`POLL_SECONDS`). On PostgreSQL it listens on
:data:`~sixtysix.web.notify.QUEUED_CHANNEL` (a :class:`~sixtysix.web.notify.Listener`), where
every queued job is announced, and takes a new job at once; it then looks only every
:data:`LISTENING_POLL_SECONDS`, in case a notification was missed.
"""

from __future__ import annotations

import concurrent.futures
import logging
import os
import socket
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from sixtysix.ai.analysis import Annotation, Budget, record_choices
from sixtysix.core.actions import Action
from sixtysix.core.cards import Card
from sixtysix.core.rules import Rules
from sixtysix.web.jobs import LEASE_SECONDS, Job, JobQueue
from sixtysix.web.notify import QUEUED_CHANNEL, Listener, parse_job
from sixtysix.web.review import (
    ANALYSIS_WORKERS,
    _decision,
    _Job,
    _record,
    analysis_pool,
    review_data,
    review_decision,
    stop_pool,
)
from sixtysix.web.store import engine_for, upgrade

log = logging.getLogger("sixtysix.web")

POLL_SECONDS = 0.2
"""How long a worker with nothing to do waits before it looks at the queue again (SQLite)."""
LISTENING_POLL_SECONDS = 5.0
"""The same on PostgreSQL, where a notification wakes the worker as a job is queued: in case one was missed."""


def run_review(
    executor: Executor,
    game: tuple[Rules, int, Sequence[Card], Sequence[tuple[int, Action]]],
    budget: Budget,
    report: Callable[[dict[str, object]], object],
) -> dict[str, object]:
    """The review of the finished deal ``game`` (rules, dealer, deck, history) as stored, every decision
    analysed side by side in ``executor``; ``report`` is given the progress as each decision ends."""
    total = len(record_choices(_record(*game)))
    results: list[tuple[Annotation, dict[str, str] | None] | None] = [None] * total
    faults: list[dict[str, object]] = []
    futures = {executor.submit(_Job(review_decision, *game, index, budget)): index for index in range(total)}
    report({"done": 0, "total": total, "faults": []})
    for done, future in enumerate(concurrent.futures.as_completed(futures), start=1):
        index = futures[future]
        note, why = results[index] = future.result()
        if note.classification is not None:
            faults.append(_decision(index + 1, note, why))
            faults.sort(key=lambda d: int(str(d["index"])))
        report({"done": done, "total": total, "faults": faults})
    return review_data(*game, budget, [result for result in results if result is not None])


def warm(pool: Executor, processes: int) -> None:
    """Start ``processes`` analysis processes of ``pool`` now and wait until each is up (its imports done).

    A pool starts its processes one at a time as work comes; a worker that started them only with its
    first jobs would make those jobs wait for a process's start-up (about a second)."""
    for future in [pool.submit(os.getpid) for _ in range(processes)]:
        future.result()


class Worker:
    """Takes jobs from the queue of ``database`` until :meth:`stop`."""

    def __init__(
        self,
        database: str | Path,
        processes: int = ANALYSIS_WORKERS,
        lease: float = LEASE_SECONDS,
        poll: float | None = None,
        name: str | None = None,
    ) -> None:
        self.engine = engine_for(database, checkpoints=False)
        upgrade(self.engine)
        self.queue = JobQueue(self.engine)
        self.processes = max(1, processes)
        self.lease = lease
        self.poll = poll if poll is not None else POLL_SECONDS if self.queue.sqlite else LISTENING_POLL_SECONDS
        """Seconds between two looks at an empty queue (default: :data:`POLL_SECONDS` on SQLite,
        :data:`LISTENING_POLL_SECONDS` on PostgreSQL)."""
        self.listener: Listener | None = None
        """PostgreSQL: the thread listening for queued jobs (:meth:`run` starts it)."""
        self.wakes = threading.Condition()
        self.queued = 0
        """How many notifications of a queued job came (the takers wait for it to change)."""
        self.name = name or f"{socket.gethostname()}:{os.getpid()}"
        """The worker's name in the jobs it holds (host and process id unless given)."""
        self.stopping = threading.Event()
        self.done = 0
        """How many jobs this worker finished."""
        self.broken = False
        """Set when an analysis process died: the worker stopped (``sixtysix worker`` exits with status 1)."""

    def run(self, ready: Callable[[], object] | None = None) -> None:
        """Take and do jobs until :meth:`stop` (in the calling thread: the leases' renewal); ``ready`` is called
        once the analysis processes are up and the takers look at the queue."""
        if not self.queue.sqlite:
            self.listener = Listener(
                self.engine, self._wake, reconnected=self._wake, channel=QUEUED_CHANNEL, parse_payload=parse_job
            ).start()
        pool = analysis_pool(self.processes)
        warm(pool, self.processes)
        takers = [
            threading.Thread(target=self._take, args=(pool,), name=f"sixtysix-worker-{n}", daemon=True)
            for n in range(self.processes)
        ]
        for thread in takers:
            thread.start()
        log.info("worker %s: taking jobs with %d processes", self.name, self.processes)
        if ready is not None:
            ready()
        try:
            while not self.stopping.wait(self.lease / 3):
                self.queue.renew(self.name, self.lease)
        finally:
            self.stop()
            if self.listener is not None:
                self.listener.stop()
            stop_pool(pool)
            for thread in takers:
                thread.join(5)
            self.engine.dispose()

    def stop(self) -> None:
        self.stopping.set()
        self._wake()

    def _wake(self, *job: object) -> None:
        """A job was queued (or the listener connected again, and may have missed some): the takers look."""
        with self.wakes:
            self.queued += 1
            self.wakes.notify_all()

    def _take(self, pool: Executor) -> None:
        while not self.stopping.is_set():
            seen = self.queued  # before the look: a job queued after it wakes the wait below

            def woken(seen: int = seen) -> bool:
                return self.queued != seen or self.stopping.is_set()

            try:
                job = self.queue.take(self.name, self.lease)
            except Exception:  # why: a database that is away for a moment must not end the worker
                log.warning("worker %s: taking a job failed", self.name, exc_info=True)
                job = None
            if job is None:
                with self.wakes:
                    self.wakes.wait_for(woken, self.poll)
                continue
            self.do(job, pool)

    def do(self, job: Job, pool: Executor) -> None:
        """Do ``job`` in ``pool`` and store its answer (or its failure)."""
        log.info("worker %s: job %d (%s), attempt %d", self.name, job.id, job.kind, job.attempts)
        try:
            if job.kind == "review":
                game, budget = job.work
                data = run_review(pool, game, budget, lambda progress: self.queue.report(job.id, self.name, progress))
                assert job.match_id is not None and job.deal is not None
                finished = self.queue.finish(job.id, self.name, data, review=(job.match_id, job.deal))
            else:
                finished = self.queue.finish(job.id, self.name, pool.submit(job.work).result())
        except BrokenProcessPool:
            # an analysis process died (killed, out of memory): not the job's fault; it goes back to the
            # queue, and this worker ends (its supervisor starts it again with a new pool)
            log.error("worker %s: an analysis process died; job %d back to the queue, stopping", self.name, job.id)
            self.queue.release(job.id, self.name)
            self.broken = True
            self.stop()
            return
        except Exception as error:
            if self.stopping.is_set():
                return  # the pool was stopped under it: the job is taken again once its lease expires
            log.exception("worker %s: job %d failed", self.name, job.id)
            self.queue.fail(job.id, self.name, f"{type(error).__name__}: {error}")
            return
        if finished:
            self.done += 1
        else:
            log.warning("worker %s: job %d was taken by another worker; its answer is dropped", self.name, job.id)
