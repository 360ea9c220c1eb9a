"""Where the games run: in this process, in local worker processes, or on a Ray cluster.

A backend takes the :class:`~sixtysix.tournament.play.Setup` and the keys of the games
still to play and yields lists of results as they finish, in any order: every game
depends only on its key, so the order and the number of workers change nothing in the
results. Games go out in chunks sized to take about :attr:`Chunker.target_seconds`
each (by the time the games finished so far took), so fast players are not slowed down
by the cost of a task and slow ones still spread over every worker.

Closing the generator (the tournament stops, or Ctrl-C) cancels what is in flight and
stops the workers.

The setup may change while the games run (a bot is disqualified): ``run(setup, keys,
latest)`` sends each new chunk with ``latest()``, the coordinator's current setup.
"""

from __future__ import annotations

import concurrent.futures
import importlib
import logging
import math
import multiprocessing
import os
import signal
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Generator, Sequence
from typing import Any

from sixtysix.tournament.play import GameResult, Setup, play_chunk, play_game
from sixtysix.tournament.schedule import GameKey

BACKENDS = ("local", "ray")
MAX_CHUNK = 512


def local_cpus() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


class Chunker:
    """Cuts the games to play into chunks as workers become free."""

    def __init__(self, keys: Sequence[GameKey], workers: int, target_seconds: float = 0.25) -> None:
        self.keys = list(keys)
        self.position = 0
        self.workers = max(1, workers)
        self.target_seconds = target_seconds
        self.games = 0
        self.seconds = 0.0

    def observe(self, results: Sequence[GameResult]) -> None:
        self.games += len(results)
        self.seconds += sum(r.seconds for r in results)

    def next(self) -> list[GameKey]:
        """The next chunk (empty when every game is handed out)."""
        remaining = len(self.keys) - self.position
        if remaining <= 0:
            return []
        # one duplicate pair until the time of a game is known
        size = round(self.target_seconds / max(self.seconds / self.games, 1e-6)) if self.games else 2
        size = max(1, min(size, MAX_CHUNK, math.ceil(remaining / (2 * self.workers))))
        chunk = self.keys[self.position : self.position + size]
        self.position += len(chunk)
        return chunk


class Backend(ABC):
    """Runs games."""

    name = "backend"
    workers = 1
    shares_files = True
    """Whether the workers see this machine's files (then they write the records themselves)."""

    @abstractmethod
    def run(
        self, setup: Setup, keys: Sequence[GameKey], latest: Callable[[], Setup] | None = None
    ) -> Generator[list[GameResult], None, None]:
        """Play ``keys``; yield the results as they finish (each chunk handed out with ``latest()``, if given)."""

    def describe(self) -> str:
        return f"{self.name}, {self.workers} worker{'s' if self.workers != 1 else ''}"


class InProcessBackend(Backend):
    """Every game in this process, one after the other (``--workers 1``)."""

    name = "local"

    def run(
        self, setup: Setup, keys: Sequence[GameKey], latest: Callable[[], Setup] | None = None
    ) -> Generator[list[GameResult], None, None]:
        for key in keys:
            yield [play_game(latest() if latest else setup, key)]


class ProcessBackend(Backend):
    """Local worker processes (``spawn``ed, so the same on every platform)."""

    name = "local"

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or local_cpus()

    def run(
        self, setup: Setup, keys: Sequence[GameKey], latest: Callable[[], Setup] | None = None
    ) -> Generator[list[GameResult], None, None]:
        chunker = Chunker(keys, self.workers)
        pool = concurrent.futures.ProcessPoolExecutor(
            self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_worker_init,
            initargs=(os.getpid(),),
        )
        in_flight: dict[concurrent.futures.Future[list[GameResult]], int] = {}
        finished = False
        try:
            while True:
                while len(in_flight) < 2 * self.workers:
                    chunk = chunker.next()
                    if not chunk:
                        break
                    in_flight[pool.submit(play_chunk, latest() if latest else setup, chunk)] = len(chunk)
                if not in_flight:
                    break
                done, _ = concurrent.futures.wait(in_flight, return_when=concurrent.futures.FIRST_COMPLETED)
                for future in done:
                    del in_flight[future]
                    results = future.result()
                    chunker.observe(results)
                    yield results
            finished = True
        finally:
            if not finished:
                for future in in_flight:
                    future.cancel()
                for process in list((getattr(pool, "_processes", None) or {}).values()):
                    process.terminate()
            pool.shutdown(wait=True, cancel_futures=True)


def _worker_init(parent: int) -> None:
    """In each worker: leave Ctrl-C to the coordinator, and exit if the coordinator dies."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, daemon=True, name="parent-watch").start()


class RayBackend(Backend):
    """Tasks on Ray: a new local instance, the one this process already joined, or ``address``'s cluster.

    Ray is imported only here. On a cluster every node needs ``sixtysix`` installed;
    the records are then sent back and written by this process.
    """

    name = "ray"

    def __init__(self, address: str | None = None, workers: int | None = None) -> None:
        self.address = address
        self.requested = workers
        self.workers = workers or 0
        self.shares_files = address is None

    def describe(self) -> str:
        where = self.address or "local instance"
        return f"ray ({where}), {self.workers} workers" if self.workers else f"ray ({where})"

    def run(
        self, setup: Setup, keys: Sequence[GameKey], latest: Callable[[], Setup] | None = None
    ) -> Generator[list[GameResult], None, None]:
        ray: Any = importlib.import_module("ray")
        started = False
        if not ray.is_initialized():
            options: dict[str, Any] = {"include_dashboard": False, "logging_level": logging.WARNING}
            if self.address:
                ray.init(address=self.address, **options)
            else:
                ray.init(num_cpus=self.requested or local_cpus(), **options)
            started = True
        in_flight: dict[Any, int] = {}
        finished = False
        try:
            self.workers = self.requested or max(1, int(ray.cluster_resources().get("CPU", 1)))
            remote = ray.remote(num_cpus=1, max_retries=3)(play_chunk)
            sent, setup_ref = setup, ray.put(setup)
            chunker = Chunker(keys, self.workers, target_seconds=0.5)
            while True:
                while len(in_flight) < 2 * self.workers:
                    chunk = chunker.next()
                    if not chunk:
                        break
                    if latest is not None and latest() != sent:
                        sent = latest()
                        setup_ref = ray.put(sent)
                    in_flight[remote.remote(setup_ref, chunk, False)] = len(chunk)
                if not in_flight:
                    break
                ready, _ = ray.wait(list(in_flight), num_returns=1)
                for ref in ready:
                    del in_flight[ref]
                    results: list[GameResult] = ray.get(ref)
                    chunker.observe(results)
                    yield results
            finished = True
        finally:
            if not finished:
                for ref in in_flight:
                    ray.cancel(ref, force=True)
            if started:
                ray.shutdown()


def make_backend(name: str = "local", workers: int | None = None, address: str | None = None) -> Backend:
    """The backend ``name`` (``local`` or ``ray``); ``local`` with one worker runs in this process."""
    if name == "local":
        if address:
            raise ValueError("--address is for the ray backend")
        count = workers or local_cpus()
        return InProcessBackend() if count == 1 else ProcessBackend(count)
    if name == "ray":
        return RayBackend(address, workers)
    raise ValueError(f"no backend {name!r} ({', '.join(BACKENDS)})")
