"""The analysis queue: hints and reviews as rows of the ``jobs`` table, taken by ``sixtysix worker`` processes.

A server started with ``--analysis queue`` does not analyse: it puts a job in the queue
(:meth:`JobQueue.enqueue`, one job per key: a second request for the same hint or review
finds the first) and waits for its answer. Any number of workers, on any machine that reaches
the database, take jobs in the order they were queued (:meth:`JobQueue.take`): one
transaction picks the oldest job that is queued or whose worker's lease has expired and marks
it running under the worker's name, with a lease. On PostgreSQL the pick is ``SELECT … FOR
UPDATE SKIP LOCKED`` (workers never wait for one another); on SQLite every transaction is
``BEGIN IMMEDIATE`` (:mod:`sixtysix.web.store`), so the same statements run one worker at a
time. A worker renews the leases of its jobs while it works (:meth:`JobQueue.renew`); one that
dies stops renewing, and its job is taken again once the lease has expired. A job is finished
only by the worker that holds it (:meth:`JobQueue.finish`): the answer of a worker whose job was
taken from it is dropped, so each job completes exactly once. A review's answer is stored in
``reviews`` in the same transaction. On PostgreSQL a job queued (or given back) is announced
on :data:`~sixtysix.web.notify.QUEUED_CHANNEL` in the transaction that queues it, and the
waiting workers take it at once (:mod:`sixtysix.web.worker`).

The payload is JSON; the work itself (a hint's view and budget, a review's deal and budget) is
a pickle in it, base64: the database is trusted as the server trusts it, and a worker runs the
same version of sixtysix as the servers (docs/deploy.md).

>>> from sixtysix.web.store import engine_for, upgrade
>>> queue = JobQueue(engine_for(":memory:"))
>>> upgrade(queue.engine)
>>> first, second = queue.enqueue("hint", "h1", ("work", 1)), queue.enqueue("hint", "h2", ("work", 2))
>>> queue.enqueue("hint", "h1", ("work", 1)) == first, queue.place(second)
(True, 2)
>>> job = queue.take("w1", lease=30.0)
>>> job.id == first, job.work, queue.place(second)
(True, ('work', 1), 1)
>>> queue.finish(job.id, "w1", {"best": "Ah"}), queue.finish(job.id, "w2", {"best": "Kh"})
(True, False)
>>> queue.status(first).result
{'best': 'Ah'}
"""

from __future__ import annotations

import base64
import json
import pickle
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, and_, func, or_, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from sixtysix.web import schema
from sixtysix.web.notify import JOBS_CHANNEL, QUEUED_CHANNEL
from sixtysix.web.store import is_sqlite

LEASE_SECONDS = 30.0
"""How long a worker holds a job without renewing it: a job whose worker died is taken again after this."""

QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"


@dataclass(frozen=True)
class Job:
    """A job as a worker takes it."""

    id: int
    kind: str
    match_id: str | None
    deal: int | None
    work: Any
    attempts: int


@dataclass(frozen=True)
class JobStatus:
    """Where a job is: its state, its answer (once done) or its progress (a review while it runs)."""

    id: int
    state: str
    result: Any
    worker: str | None
    attempts: int


def _pack(work: object) -> str:
    return json.dumps({"pickle": base64.b64encode(pickle.dumps(work)).decode("ascii")})


def _unpack(payload: str) -> Any:
    return pickle.loads(base64.b64decode(json.loads(payload)["pickle"]))


class JobQueue:
    """The ``jobs`` table of one database, used by servers (to queue and wait) and by workers (to take and finish)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sqlite = is_sqlite(engine)

    def enqueue(self, kind: str, key: str, work: object, match_id: str | None = None, deal: int | None = None) -> int:
        """The id of the job of ``key``: queued now, unless one is already (a failed one is queued again)."""
        j = schema.jobs
        values = {
            "key": key,
            "kind": kind,
            "match_id": match_id,
            "deal": deal,
            "payload": _pack(work),
            "state": QUEUED,
            "created": time.time(),
        }
        with self.engine.begin() as db:
            insert = (sqlite_insert if self.sqlite else postgresql_insert)(j).values(values)
            db.execute(insert.on_conflict_do_nothing(index_elements=["key"]))
            row = db.execute(select(j.c.id, j.c.state).where(j.c.key == key)).one()
            if row.state == FAILED:
                db.execute(
                    update(j)
                    .where(j.c.id == row.id)
                    .values(state=QUEUED, worker=None, result=None, created=time.time())
                )
            if row.state in (QUEUED, FAILED):
                self._announce(db, row.id, QUEUED_CHANNEL)
        return int(row.id)

    def take(self, worker: str, lease: float = LEASE_SECONDS, now: float | None = None) -> Job | None:
        """The oldest job that is queued, or running under an expired lease, now running under ``worker``'s
        name (``None``: nothing to do)."""
        j = schema.jobs
        now = time.time() if now is None else now
        free = or_(j.c.state == QUEUED, and_(j.c.state == RUNNING, j.c.lease_expires < now))
        pick = select(j.c.id).where(free).order_by(j.c.id).limit(1).with_for_update(skip_locked=True)
        with self.engine.begin() as db:
            found = db.execute(pick).scalar()
            if found is None:
                return None
            db.execute(
                update(j)
                .where(j.c.id == found)
                .values(
                    state=RUNNING,
                    worker=worker,
                    lease_expires=now + lease,
                    started=now,
                    attempts=j.c.attempts + 1,
                    result=None,
                )
            )
            row = db.execute(
                select(j.c.id, j.c.kind, j.c.match_id, j.c.deal, j.c.payload, j.c.attempts).where(j.c.id == found)
            ).one()
        return Job(row.id, row.kind, row.match_id, row.deal, _unpack(row.payload), row.attempts)

    def renew(self, worker: str, lease: float = LEASE_SECONDS) -> int:
        """Extend the lease of every job ``worker`` holds; how many it holds."""
        j = schema.jobs
        with self.engine.begin() as db:
            held = (j.c.worker == worker) & (j.c.state == RUNNING)
            return db.execute(update(j).where(held).values(lease_expires=time.time() + lease)).rowcount

    def report(self, job_id: int, worker: str, progress: object) -> bool:
        """Store a running job's progress (a review's decisions done); ``False`` if ``worker`` no longer holds it."""
        return self._set(job_id, worker, result=json.dumps(progress))

    def finish(self, job_id: int, worker: str, result: object, review: tuple[str, int] | None = None) -> bool:
        """The job done with ``result``, if ``worker`` still holds it (``False``: it was taken from it, and
        its answer is dropped); ``review``: (match, deal), the result is that deal's review, stored with it."""
        j = schema.jobs
        now = time.time()
        with self.engine.begin() as db:
            held = (j.c.id == job_id) & (j.c.worker == worker) & (j.c.state == RUNNING)
            values = {"state": DONE, "result": json.dumps(result), "finished": now, "lease_expires": None}
            if db.execute(update(j).where(held).values(values)).rowcount != 1:
                return False
            self._announce(db, job_id)
            if review is not None:
                data = json.dumps(result)
                upsert = (sqlite_insert if self.sqlite else postgresql_insert)(schema.reviews).values(
                    match_id=review[0], deal=review[1], data=data, created=now
                )
                db.execute(
                    upsert.on_conflict_do_update(
                        index_elements=["match_id", "deal"], set_={"data": data, "created": now}
                    )
                )
        return True

    def fail(self, job_id: int, worker: str, error: str) -> bool:
        """The job failed (its work raised): the waiting server answers with an error; asked again, it is queued."""
        result = json.dumps({"error": error})
        return self._set(job_id, worker, True, JOBS_CHANNEL, state=FAILED, result=result, finished=time.time())

    def release(self, job_id: int, worker: str) -> bool:
        """Give a job back to the queue unfinished (its worker cannot do it now), at its place."""
        return self._set(
            job_id, worker, True, QUEUED_CHANNEL, state=QUEUED, worker=None, lease_expires=None, result=None
        )

    def _set(
        self, job_id: int, holder: str, announce: bool = False, channel: str = JOBS_CHANNEL, **values: object
    ) -> bool:
        """Set ``values`` of a running job if ``holder`` holds it (``announce``: and notify it on ``channel``,
        by default its end)."""
        j = schema.jobs
        with self.engine.begin() as db:
            held = (j.c.id == job_id) & (j.c.worker == holder) & (j.c.state == RUNNING)
            if db.execute(update(j).where(held).values(**values)).rowcount != 1:
                return False
            if announce:
                self._announce(db, job_id, channel)
            return True

    def _announce(self, db: Connection, job_id: int, channel: str = JOBS_CHANNEL) -> None:
        """PostgreSQL: tell the servers the job has ended (:data:`~sixtysix.web.notify.JOBS_CHANNEL`), or the
        workers it is queued (:data:`~sixtysix.web.notify.QUEUED_CHANNEL`), when and only if this transaction
        commits; on SQLite they look."""
        if not self.sqlite:
            db.execute(select(func.pg_notify(channel, str(job_id))))

    def status(self, job_id: int) -> JobStatus:
        j = schema.jobs
        with self.engine.begin() as db:
            row = db.execute(
                select(j.c.id, j.c.state, j.c.result, j.c.worker, j.c.attempts).where(j.c.id == job_id)
            ).one()
        result = json.loads(row.result) if row.result is not None else None
        return JobStatus(row.id, row.state, result, row.worker, row.attempts)

    def find(self, key: str) -> int | None:
        """The id of the job of ``key``, if there is one."""
        j = schema.jobs
        with self.engine.begin() as db:
            found = db.execute(select(j.c.id).where(j.c.key == key)).scalar()
        return None if found is None else int(found)

    def place(self, job_id: int) -> int | None:
        """A queued job's place in the queue (1: the next to be taken), ``None`` when it is not waiting."""
        j = schema.jobs
        with self.engine.begin() as db:
            state = db.execute(select(j.c.state).where(j.c.id == job_id)).scalar()
            if state != QUEUED:
                return None
            ahead = db.execute(select(func.count()).where(j.c.state == QUEUED, j.c.id <= job_id)).scalar()
        return int(ahead or 0)

    def waiting(self) -> int:
        """How many jobs are queued (none has taken them yet)."""
        j = schema.jobs
        with self.engine.begin() as db:
            return int(db.execute(select(func.count()).where(j.c.state == QUEUED)).scalar() or 0)
