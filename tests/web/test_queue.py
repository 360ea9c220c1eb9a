"""The analysis queue (docs/deploy.md): a server started with ``--analysis queue`` puts its reviews in the
database, real ``sixtysix worker`` processes do them; a worker killed mid-job leaves its job to another,
which finishes it once; a review waiting in the queue is told its place."""

from __future__ import annotations

import functools
import os
import random
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select, text

from sixtysix.web import schema
from sixtysix.web.jobs import DONE, QUEUED, RUNNING, JobQueue, JobStatus
from sixtysix.web.notify import QUEUED_CHANNEL
from sixtysix.web.review import review_key
from sixtysix.web.store import Store, engine_for

from .conftest import Api, Seat, ServerThread, WorkerProcess, both_databases, my_turn, pick, wait_until


@pytest.fixture
def workers(database: str, tmp_path: Path) -> Iterator[Callable[..., WorkerProcess]]:
    """Starts ``sixtysix worker`` processes on the test's database; stops them after the test."""
    started: list[WorkerProcess] = []

    def start(name: str, lease: float = 30.0, options: Sequence[str] = ()) -> WorkerProcess:
        worker = WorkerProcess(database, name, tmp_path / "workers.log", lease, options)
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.stop()


@pytest.fixture
def queue(database: str) -> Iterator[JobQueue]:
    engine = engine_for(database, checkpoints=False)
    yield JobQueue(engine)
    engine.dispose()


def finished_deal(server: ServerThread, api: Api) -> tuple[str, str]:
    """A match against the computer whose first deal has been played to its end: its id and the seat's token."""
    created = api.create(level=2)
    match_id, token = str(created["match_id"]), str(created["token"])
    seat = Seat(server.base, match_id, token)
    rng = random.Random(5)
    try:
        while seat.wait(my_turn)["deal"]["outcome"] is None:
            seat.act(pick(seat.state, rng, claims=False), seat.state["version"])
    finally:
        seat.close()
    return match_id, token


def ask_review(api: Api, match_id: str, token: str) -> tuple[threading.Thread, list[Any]]:
    """``GET .../deals/1/review`` in a thread of its own (the answer waits for a worker): the thread and its answers."""
    answers: list[Any] = []
    path = f"/api/matches/{match_id}/deals/1/review"
    thread = threading.Thread(target=lambda: answers.append(api.request("GET", path, token, timeout=300)), daemon=True)
    thread.start()
    return thread, answers


def job_of(queue: JobQueue, match_id: str) -> JobStatus | None:
    job = queue.find(review_key(match_id, 1))
    return None if job is None else queue.status(job)


@both_databases
def test_a_review_asked_of_a_queue_server_is_done_by_a_worker_process(
    make_server: Callable[..., ServerThread],
    workers: Callable[..., WorkerProcess],
    queue: JobQueue,
    database: str,
) -> None:
    server = make_server(analysis="queue", seed=3)
    assert server.service.advisor.executor is None  # the server has no analysis process of its own
    api = Api(server.base)
    match_id, token = finished_deal(server, api)
    workers("worker-a")
    answer = api.request("GET", f"/api/matches/{match_id}/deals/1/review", token)
    assert answer.status_code == 200, answer.text
    review = answer.json()
    assert review["decisions"] and review["summary"] and review["dealt"]
    status = job_of(queue, match_id)
    assert status is not None and (status.state, status.worker, status.attempts) == (DONE, "worker-a", 1)
    progress = api.request("GET", f"/api/matches/{match_id}/deals/1/review/progress", token).json()
    assert progress["ready"] is True and progress["place"] is None
    store = Store(database, migrate=False)
    try:
        stored = store.load_review(match_id, 1)  # the worker stored it with its job
        assert stored is not None and isinstance(stored["decisions"], list)
        assert [(d["index"], d["action"]) for d in stored["decisions"]] == [
            (d["index"], d["action"]) for d in review["decisions"]
        ]
    finally:
        store.close()
    api.close()


@both_databases
def test_a_review_waiting_in_the_queue_is_told_its_place(
    make_server: Callable[..., ServerThread], workers: Callable[..., WorkerProcess], queue: JobQueue
) -> None:
    server = make_server(analysis="queue", seed=4)
    api = Api(server.base)
    match_id, token = finished_deal(server, api)
    earlier = queue.enqueue("hint", "an earlier job", functools.partial(sum, (1, 2)))
    thread, answers = ask_review(api, match_id, token)
    progress_path = f"/api/matches/{match_id}/deals/1/review/progress"
    reports: list[dict[str, Any]] = []

    def placed() -> bool:
        reports.append(api.request("GET", progress_path, token).json())
        return bool(reports[-1]["place"] == 2)

    wait_until(placed)
    report = reports[-1]
    assert report["ready"] is False and report["running"] is True and report["done"] == 0
    assert queue.place(earlier) == 1 and queue.waiting() == 2
    assert "\nsixtysix_analysis_jobs_queued 2.0\n" in httpx.get(f"{server.base}/metrics").text
    workers("worker-b")
    thread.join(120)
    assert answers and answers[0].status_code == 200, answers
    assert answers[0].json()["decisions"]
    assert queue.status(earlier).state == DONE and queue.status(earlier).result == 3
    assert queue.waiting() == 0
    final = api.request("GET", progress_path, token).json()
    assert final["ready"] is True and final["place"] is None
    api.close()


@pytest.mark.slow
@both_databases
def test_a_job_whose_worker_is_killed_is_taken_again_and_done_once(
    make_server: Callable[..., ServerThread], workers: Callable[..., WorkerProcess], queue: JobQueue
) -> None:
    # half a second per decision: the review lasts several seconds, long enough to kill its worker in it
    server = make_server(analysis="queue", seed=5, review_seconds=0.5, review_worlds=None)
    api = Api(server.base)
    match_id, token = finished_deal(server, api)
    first = workers("worker-killed", lease=2.0)
    thread, answers = ask_review(api, match_id, token)

    def midway() -> bool:
        status = job_of(queue, match_id)
        if status is None or status.state != RUNNING or not isinstance(status.result, dict):
            return False
        return bool(0 < status.result["done"] < status.result["total"])

    wait_until(midway, timeout=120)
    first.kill()
    status = job_of(queue, match_id)
    assert status is not None and (status.state, status.worker, status.attempts) == (RUNNING, "worker-killed", 1)
    workers("worker-second", lease=2.0)
    thread.join(180)
    assert answers and answers[0].status_code == 200, answers
    status = job_of(queue, match_id)
    assert status is not None and (status.state, status.worker, status.attempts) == (DONE, "worker-second", 2)
    assert [d["action"] for d in answers[0].json()["decisions"]] == [d["action"] for d in status.result["decisions"]]
    assert queue.status(queue.enqueue("review", review_key(match_id, 1), None)).state == DONE  # not queued again
    api.close()


@pytest.mark.parametrize("database", ["postgresql"], indirect=True)
def test_on_postgresql_a_finished_job_reaches_the_waiting_server_by_notification(
    make_server: Callable[..., ServerThread], workers: Callable[..., WorkerProcess], queue: JobQueue
) -> None:
    server = make_server(analysis="queue", seed=6)
    advisor = server.service.advisor
    wait_until(lambda: server.service.jobs_listener is not None and server.service.jobs_listener.listening.is_set())
    advisor.poll = 3600.0  # the server would not look again for an hour: only the worker's NOTIFY wakes it
    api = Api(server.base)
    match_id, token = finished_deal(server, api)
    thread, answers = ask_review(api, match_id, token)
    wait_until(lambda: job_of(queue, match_id) is not None and bool(advisor.ended))  # the server waits
    workers("worker-notifying")
    thread.join(120)
    assert answers and answers[0].status_code == 200, answers
    status = job_of(queue, match_id)
    assert status is not None and status.state == DONE and not advisor.ended
    api.close()


@pytest.mark.parametrize("database", ["postgresql"], indirect=True)
def test_on_postgresql_a_queued_job_wakes_a_waiting_worker_by_notification(
    workers: Callable[..., WorkerProcess], queue: JobQueue
) -> None:
    # the worker would look at the queue again only after an hour: only the NOTIFY of the enqueue wakes it
    workers("worker-woken", options=["--poll", "3600"])
    listening = text(
        f"SELECT count(*) FROM pg_stat_activity WHERE query = 'LISTEN {QUEUED_CHANNEL}'"
        " AND datname = current_database()"
    )

    def worker_listens() -> bool:
        with queue.engine.begin() as db:
            return bool(db.execute(listening).scalar() == 1)

    wait_until(worker_listens, timeout=60)
    job = queue.enqueue("hint", "a hint queued while the worker waits", functools.partial(sum, (2, 3)))
    wait_until(lambda: queue.status(job).state == DONE, timeout=60)
    assert (queue.status(job).result, queue.status(job).worker) == (5, "worker-woken")


def test_a_hint_asked_of_two_queue_servers_is_one_job_done_by_a_worker(
    make_server: Callable[..., ServerThread], workers: Callable[..., WorkerProcess], queue: JobQueue
) -> None:
    first, second = make_server(analysis="queue", seed=7), make_server(analysis="queue", seed=8)
    api = Api(first.base)
    created = api.create(level=3)
    path, bearer = f"/api/matches/{created['match_id']}/hint", {"Authorization": f"Bearer {created['token']}"}
    answers: list[Any] = []
    askers = [
        threading.Thread(target=lambda b=b: answers.append(httpx.get(b + path, headers=bearer, timeout=300)))
        for b in (first.base, second.base)
    ]
    for asker in askers:
        asker.start()
    wait_until(lambda: queue.waiting() == 1 and all(s.service.advisor.ended for s in (first, second)))
    workers("worker-hints")
    for asker in askers:
        asker.join(120)
    assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
    assert answers[0].json() == answers[1].json() and answers[0].json()["best"] in created["state"]["legal"]
    with queue.engine.begin() as db:  # one job for the two servers' requests
        jobs = db.execute(select(schema.jobs.c.state, schema.jobs.c.worker).where(schema.jobs.c.kind == "hint")).all()
    assert [tuple(job) for job in jobs] == [(DONE, "worker-hints")]
    api.close()


@both_databases
def test_a_hint_waiting_in_the_queue_is_told_its_place(
    make_server: Callable[..., ServerThread], workers: Callable[..., WorkerProcess], queue: JobQueue
) -> None:
    server = make_server(analysis="queue", seed=9)
    api = Api(server.base)
    created = api.create(level=3)
    match_id, token = str(created["match_id"]), str(created["token"])
    progress_path = f"/api/matches/{match_id}/hint/progress"
    before = api.request("GET", progress_path, token).json()
    assert (before["ready"], before["running"], before["place"]) == (False, False, None)
    earlier = queue.enqueue("hint", "an earlier job", functools.partial(sum, (1, 2)))
    answers: list[Any] = []
    asker = threading.Thread(
        target=lambda: answers.append(api.request("GET", f"/api/matches/{match_id}/hint", token, timeout=300)),
        daemon=True,
    )
    asker.start()
    reports: list[dict[str, Any]] = []

    def placed() -> bool:
        reports.append(api.request("GET", progress_path, token).json())
        return bool(reports[-1]["place"] == 2)

    wait_until(placed)
    assert reports[-1]["running"] is True and reports[-1]["ready"] is False
    assert reports[-1]["version"] == created["state"]["version"] and queue.place(earlier) == 1
    workers("worker-hint-place")
    asker.join(120)
    assert answers and answers[0].status_code == 200, answers
    assert answers[0].json()["best"] in created["state"]["legal"]
    final = api.request("GET", progress_path, token).json()
    assert (final["ready"], final["running"], final["place"]) == (True, False, None)
    api.close()


def analysis_processes(pid: int) -> list[int]:
    """The child processes of process ``pid`` (every thread's: a worker's pool is started by a thread)."""
    tasks = Path(f"/proc/{pid}/task")
    return [int(child) for task in tasks.iterdir() for child in (task / "children").read_text().split()]


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads the worker's children in /proc (Linux)")
def test_a_worker_whose_analysis_process_dies_gives_its_job_back_and_exits_with_status_1(
    make_server: Callable[..., ServerThread], workers: Callable[..., WorkerProcess], queue: JobQueue
) -> None:
    server = make_server(analysis="queue", seed=5, review_seconds=0.5, review_worlds=None)
    api = Api(server.base)
    match_id, token = finished_deal(server, api)
    worker = workers("worker-broken")
    thread, answers = ask_review(api, match_id, token)

    def running() -> bool:
        status = job_of(queue, match_id)
        # its progress is first reported once every decision is submitted: the pool's process runs by then
        return status is not None and status.state == RUNNING and isinstance(status.result, dict)

    wait_until(running, timeout=120)
    for child in analysis_processes(worker.process.pid):
        os.kill(child, signal.SIGKILL)
    assert worker.process.wait(60) == 1
    status = job_of(queue, match_id)
    assert status is not None and (status.state, status.worker) == (QUEUED, None)  # back at once, no lease to wait
    workers("worker-after")
    thread.join(180)
    assert answers and answers[0].status_code == 200, answers
    status = job_of(queue, match_id)
    assert status is not None and (status.state, status.worker, status.attempts) == (DONE, "worker-after", 2)
    api.close()


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads the worker's children in /proc (Linux)")
def test_a_worker_says_it_takes_jobs_only_once_its_analysis_process_is_up(
    workers: Callable[..., WorkerProcess], tmp_path: Path
) -> None:
    worker = workers("worker-warm")
    log = tmp_path / "workers.log"
    wait_until(lambda: "taking jobs from" in log.read_text(encoding="utf-8", errors="replace"), timeout=120)
    # the first job must not wait for a process's start-up: the pool's process is there, its imports done
    commands = [Path(f"/proc/{child}/cmdline").read_bytes() for child in analysis_processes(worker.process.pid)]
    assert sum(b"spawn_main" in command for command in commands) == 1, commands
