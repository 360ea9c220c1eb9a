"""Hints and post-deal reviews: the computer's analysis, in its own worker process, for one seat.

**Analyses cannot starve the game.** They run in a process pool of their own (the
computer's moves have their threads; a process does not take their interpreter lock), with
a bounded queue: when :attr:`~sixtysix.web.limits.Limits.analysis_queue` analyses already
wait, a new one is refused (503 with ``Retry-After``). A hint is computed once per
position: every request for the same view under the same budget waits for the one analysis
in flight, and its answer is kept (least recently used dropped) under a key that holds
everything the value depends on: the seat's view (its rules, cards, history and match
score) and the budget (with its seed).

**Or workers do them.** With ``sixtysix serve --analysis queue`` the server has no pool: each
hint and review is a job of the analysis queue (:mod:`sixtysix.web.jobs`), done by ``sixtysix
worker`` processes (:mod:`sixtysix.web.worker`) on any machine; the server waits for the answer
(woken by the worker's notification on PostgreSQL, looking every :data:`QUEUE_POLL_SECONDS` on
SQLite), and a review's progress tells its place in the queue while it waits.

**Ahead of the review** (:attr:`~sixtysix.web.limits.Limits.review_ahead`, on in ``sixtysix serve``): after each
action of a person in a two-player deal, every decision of that deal taken so far is analysed at once in a process
of its own, at the analyses' priority, as its review will analyse it (:meth:`Advisor.look_ahead`): while the people
think, the review is made, and when the deal ends only its last decisions are left.

A hint analyses the asking seat's own view of a decision it has now. A review analyses
every decision with a choice of both seats in one finished two-player deal
(:func:`sixtysix.ai.analysis.analyze_record`); that analysis does not depend on who asks
and is stored. :func:`reviewed` adds what depends on the asking seat: the chart from its
side, the outcome in its words, and the facts the page shows with it (the hands as dealt,
the trick of each action), all read from the engine.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import dataclasses
import hashlib
import math
import multiprocessing
import os
import pickle
import signal
import sys
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any, TypeVar

from sixtysix.ai import analysis
from sixtysix.ai.analysis import (
    BLUNDER,
    CONFIDENCE_Z,
    INACCURACY,
    MISTAKE,
    ActionValue,
    Annotation,
    Budget,
    analyze_record,
    record_choices,
    summarize,
)
from sixtysix.core.actions import Action
from sixtysix.core.cards import CARD_NAMES, Card
from sixtysix.core.game import Deal
from sixtysix.core.match import AnyMatch, Match
from sixtysix.core.record import Record
from sixtysix.core.rules import Rules
from sixtysix.core.table import Table
from sixtysix.core.view import PlayerView
from sixtysix.present.explain import explanations
from sixtysix.present.outcome import outcome_json
from sixtysix.present.state import cards
from sixtysix.present.table import PublicMatch
from sixtysix.web import fairness
from sixtysix.web.errors import WebError, not_available, not_found, not_your_turn
from sixtysix.web.jobs import DONE, QUEUED, RUNNING, JobQueue
from sixtysix.web.limits import Limits
from sixtysix.web.matches import Game
from sixtysix.web.messages import sentence
from sixtysix.web.meta import hints_for, reviews_for
from sixtysix.web.store import Store

T = TypeVar("T")


ANALYSIS_NICENESS = 10
"""How much lower the analysis processes' CPU priority is: on a busy machine the game's moves come first."""


AHEAD_NICENESS = 19
"""The priority of the process that analyses a deal's decisions ahead of its review: the lowest, so that it takes
only a core nobody else wants (at the analyses' 10, 200 matches on two processes answered at p99 128 ms, at 19
45 ms, without it 31 ms: bench.scale --only scale on the idle machine; on a machine at load 20 it falls behind a
person's pace, and the review does the rest when asked)."""
AHEAD_KEPT = 512
"""Decisions analysed ahead (waiting, running or done) kept at most: the oldest are dropped (their review, if anyone
asks for it, analyses them again)."""


ANALYSIS_WORKERS = min(2, os.cpu_count() or 1)
"""Analysis processes of a server: both cores of a small machine (a review's decisions run side by side)."""

QUEUE_POLL_SECONDS = 0.2
"""How often a server waiting for a job of the analysis queue looks whether it is done (SQLite)."""
QUEUE_NOTIFIED_POLL_SECONDS = 5.0
"""The same on PostgreSQL, where the worker's notification wakes the server (the look is for one missed)."""

REVIEW_SECONDS = 2.0
"""CPU seconds per sampled decision of a review when the server names no budget: with the exact solves of the
late decisions (:data:`sixtysix.ai.analysis.EXACT_WORLDS`), two processes and the decisions analysed while the deal
is played, a deal's review within seconds of its end. The same verdict whatever the seed in 97.1% of the benchmark's
decisions (94.2% at 1 s: ``python -m bench.analysis --records 4 --seeds 3 --seconds 2 --no-hints``)."""


def analysis_pool(workers: int = ANALYSIS_WORKERS, niceness: int = ANALYSIS_NICENESS) -> ProcessPoolExecutor:
    """The analyses' own processes (started fresh: no copy of the server's threads and sockets), at a lower priority
    (``niceness`` lower)."""
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(
        max_workers=workers, mp_context=context, initializer=_start_analysis_process, initargs=(niceness, os.getpid())
    )  # fmt: skip


def _start_analysis_process(niceness: int, parent: int) -> None:
    """An analysis process's start: a lower priority; on Linux, its end with the server thread that started it
    (``parent``: the server's process id)."""
    with contextlib.suppress(OSError, AttributeError):  # why: a platform without nice() analyses at full priority
        os.nice(niceness)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            # why: a server killed outright (SIGKILL) must not leave its analysis process behind
            ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:
        # why: a server killed while this process started (before the line above) sends no signal; the process
        # would wait for work forever, since it holds its work queue's writing end itself
        os._exit(0)


PR_SET_PDEATHSIG = 1


STOP_SECONDS = 5.0
"""How long :func:`stop_pool` waits for a process, and then for the pool's manager thread, to end."""


def stop_pool(pool: Executor, seconds: float = STOP_SECONDS) -> None:
    """Stop ``pool`` now and wait (at most ``seconds`` for each part) until it has ended: nothing new starts,
    its processes end even in the middle of an analysis, and its queues are released.

    Waiting matters: uvicorn ends a server stopped by a signal with that signal again, so no exit handler of
    Python runs after this; a pool not ended here would leave its processes running on and its semaphores to
    the resource tracker (which warns about them in the server's log).
    """
    # why: shutdown() forgets both, and shutdown(wait=False) leaves a busy process running on
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(seconds)
    if manager is not None:
        manager.join(seconds)  # why: it closes the queues; once it has ended, they and their semaphores are freed


class Advisor:
    """The hints and reviews of every match of one server.

    Inline (the default), they run in ``executor`` (the server's own :func:`analysis_pool`). With a
    ``queue`` (``sixtysix serve --analysis queue``), they are jobs of the analysis queue
    (:mod:`sixtysix.web.jobs`), done by ``sixtysix worker`` processes; the server waits for the answer.
    """

    def __init__(
        self,
        store: Store,
        executor: Executor | None = None,
        *,
        hint_budget: Any = None,
        review_seconds: float | None = None,
        review_worlds: int | None = None,
        limits: Limits | None = None,
        queue: JobQueue | None = None,
        poll: float = QUEUE_POLL_SECONDS,
        ahead: Executor | None = None,
    ) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.queue = queue
        self.poll = poll
        """Seconds between two looks at a job waited for (:data:`QUEUE_NOTIFIED_POLL_SECONDS` once notified)."""
        self.ended: dict[int, asyncio.Event] = {}
        """The jobs of the queue waited for, by id: set when a worker's notification says it has ended."""
        self.executor: Executor | None = executor if executor is not None or queue is not None else analysis_pool()
        self.hint_budget: Budget = hint_budget or dataclasses.replace(analysis.HINT_BUDGET, seed=0)
        """The :class:`~sixtysix.ai.analysis.Budget` of a hint (default: the analysis's half second, seed 0)."""
        self.review_seconds = review_seconds
        self.review_worlds = review_worlds
        self.running: dict[Hashable, asyncio.Future[Any]] = {}
        """Analyses in flight, by key: a second request for one waits for the first."""
        self.hints: OrderedDict[Hashable, dict[str, object]] = OrderedDict()
        """Finished hint analyses by (view, budget), the most recently used last."""
        self.analyses = 0
        """How many analyses were started (the tests count them)."""
        self.progress: dict[Hashable, dict[str, object]] = {}
        """Reviews in flight, by key: decisions done, their total, and the faults found so far."""
        self.ahead_executor = ahead if queue is None else None
        """The process that analyses decisions ahead of their review (:meth:`look_ahead`; ``None``: none)."""
        self.ahead: OrderedDict[tuple[str, int, int], Future[Any]] = OrderedDict()
        """The decisions analysed ahead, by (match, deal, index of the decision), the oldest first."""
        self.ahead_last: Future[Any] | None = None
        """The decision sent ahead last: while it waits, the process is busy and nothing more is sent."""

    def close(self) -> None:
        for executor in (self.executor, self.ahead_executor):
            if executor is not None:
                stop_pool(executor)

    def warm(self) -> None:
        """Start the analysis processes now (each pool's starts one at a time, on demand: one no-op per worker)."""
        for executor, workers in ((self.executor, ANALYSIS_WORKERS), (self.ahead_executor, 1)):
            if isinstance(executor, ProcessPoolExecutor):
                for _ in range(workers):
                    executor.submit(int)

    def look_ahead(self, game: Game) -> None:
        """After a person's action: each decision of the deal under way taken so far and not yet sent is sent to
        the ahead process, analysed as its review will analyse it (:func:`review_decision`, the review's budget).

        A decision's view and action do not change with what comes after it, so these are the review's own
        analyses (:meth:`_review` takes those begun or done, and does again those still waiting)."""
        executor = self.ahead_executor
        match = game.match
        deal = match.current
        if executor is None or deal is None or deal.outcome is not None or not reviews_for(match.rules):
            return
        last = self.ahead_last
        if last is not None and not (last.running() or last.done()):
            return  # why: busy (many matches at once); the decisions of this deal go after its next action
        record = (deal.rules, deal.dealer, tuple(deal.deck), tuple(deal.history))
        budget = self._budget()
        for index in range(len(record_choices(_record(*record)))):
            key = (game.id, len(match.deals), index)
            if key not in self.ahead:
                self.ahead[key] = self.ahead_last = executor.submit(_Job(review_decision, *record, index, budget))
        while len(self.ahead) > AHEAD_KEPT:
            _, dropped = self.ahead.popitem(last=False)
            dropped.cancel()

    async def shared(self, key: Hashable, work: Callable[[], T]) -> T:
        """The result of ``work`` run in the analysis pool (or by a worker of the queue), once for every caller
        with the same ``key``.

        Refused with 503 and ``Retry-After`` when :attr:`Limits.analysis_queue` analyses wait already.
        """
        if self.queue is not None:
            name = shared_key(key)
            return await self._once(key, lambda: asyncio.ensure_future(self._queued("hint", name, work)))
        executor = self.executor
        assert executor is not None
        return await self._once(key, lambda: asyncio.wrap_future(executor.submit(work)))

    async def _queued(
        self, kind: str, key: str, work: object, match_id: str | None = None, deal: int | None = None
    ) -> Any:
        """The answer of the queue's job of ``key`` (queued now unless it is already), once a worker has done it."""
        assert self.queue is not None
        job = await asyncio.to_thread(self.queue.enqueue, kind, key, work, match_id, deal)
        ended = self.ended.setdefault(job, asyncio.Event())
        try:
            while True:
                ended.clear()  # before the look: a notification after it wakes the wait below
                status = await asyncio.to_thread(self.queue.status, job)
                if status.state == DONE:
                    return status.result
                if status.state not in (QUEUED, RUNNING):
                    error = status.result.get("error") if isinstance(status.result, dict) else None
                    raise WebError(500, "analysis_failed", sentence("server.analysis_failed", error=str(error)))
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(ended.wait(), self.poll)
        finally:
            self.ended.pop(job, None)

    def job_ended(self, job: int) -> None:
        """A worker's notification: job ``job`` has ended (called in the event loop)."""
        event = self.ended.get(job)
        if event is not None:
            event.set()

    async def _once(self, key: Hashable, start: Callable[[], asyncio.Future[T]]) -> T:
        """The result of the future ``start`` makes, made once for every caller with the same ``key`` (503 when
        :attr:`Limits.analysis_queue` analyses wait already)."""
        future = self.running.get(key)
        if future is None:
            if len(self.running) >= self.limits.analysis_queue:
                wait = max(1, math.ceil(len(self.running) * (self.hint_budget.time_limit or 1.0)))
                raise WebError(
                    503,
                    "busy",
                    sentence("server.busy", count=len(self.running), seconds=wait),
                    headers={"Retry-After": str(wait)},
                )
            future = start()
            self.analyses += 1
            self.running[key] = future
            future.add_done_callback(lambda _: self.running.pop(key, None))
        result: T = await asyncio.shield(future)
        return result

    def _hint_view(self, game: Game, seat: int) -> PlayerView:
        """The seat's view of its decision now, the hint's question (refused when it may not ask for one)."""
        if not game.hints:
            raise not_available(sentence("server.hints_off"))
        if not hints_for(game.match.rules):
            raise not_available(sentence("server.hints_two_player"))
        deal = game.match.current
        if game.status != "playing" or deal is None or deal.is_over or not deal.legal_actions(seat):
            raise not_your_turn(sentence("server.hints_own_turn"))
        view = game.view(seat)
        assert isinstance(view, PlayerView)  # why: narrows the type; hints_for(rules) is where seats get these views
        return view

    def hint_progress(self, game: Game, seat: int) -> dict[str, object]:
        """``GET .../hint/progress``: whether the hint of the seat's decision now is ready or under way, and with
        analysis workers its ``place`` in the queue while it waits (``None`` otherwise)."""
        key = ("hint", self._hint_view(game, seat), self.hint_budget)
        answer: dict[str, object] = {"version": game.version, "ready": key in self.hints, "running": False}
        answer["place"] = None
        job = None if self.queue is None or key in self.hints else self.queue.find(shared_key(key))
        if self.queue is None or job is None:
            return {**answer, "running": key in self.running}
        state = self.queue.status(job).state
        if state in (QUEUED, RUNNING):
            return {**answer, "running": True, "place": self.queue.place(job)}
        return {**answer, "ready": state == DONE}

    async def hint(self, game: Game, seat: int) -> dict[str, object]:
        """``GET .../hint``: the analysis of the seat's decision now (cached per version)."""
        view = self._hint_view(game, seat)
        key = ("hint", view, self.hint_budget)
        version = game.version
        cached = self.hints.get(key)
        if cached is None:
            fresh: dict[str, object] = await self.shared(key, _Job(hint_json, view, self.hint_budget))
            cached = self.hints[key] = fresh
            while len(self.hints) > self.limits.analysis_cache:
                self.hints.popitem(last=False)
        self.hints.move_to_end(key)
        return {"version": version, **cached}

    async def review(self, game: Game, seat: int, number: int) -> dict[str, object]:
        """``GET .../deals/{number}/review``: the stored analysis, computed on first demand."""
        match = game.match
        if not reviews_for(match.rules):
            raise not_available(sentence("server.reviews_two_player"))
        if not 1 <= number <= len(match.deals):
            raise not_found(sentence("server.no_deal_here", number=number))
        deal = match.deals[number - 1]
        if deal.outcome is None:
            raise not_available(sentence("server.deal_not_ended", number=number))
        data = self.store.load_review(game.id, number)
        if data is None:
            data = await self._analysis(game.id, number, deal)
        answer = reviewed(data, game.public(), match, number, seat)
        if number <= len(game.seeds) and game.seeds[number - 1] is not None:
            answer["fairness"] = fairness.revealed_json(match, game.seeds, number)  # the deal has ended
        return answer

    def review_progress(self, match_id: str, number: int) -> dict[str, object]:
        """``GET .../deals/{number}/review/progress``: how far the review under way is (decisions done of the
        total, the faults found so far, in the review's form); ``ready`` once it is stored, ``running`` false
        when none runs."""
        idle: dict[str, object] = {"ready": False, "running": False, "done": 0, "total": 0, "faults": [], "place": None}
        if self.store.load_review(match_id, number) is not None:
            return {**idle, "ready": True}
        if self.queue is not None:
            return self._queue_progress(match_id, number, idle)
        progress = self.progress.get(("review", match_id, number))
        if progress is None:
            return idle
        return {**idle, "running": True, **progress}

    def _queue_progress(self, match_id: str, number: int, idle: dict[str, object]) -> dict[str, object]:
        """The progress of a review in the queue: its place while it waits, its worker's progress while it runs."""
        assert self.queue is not None
        job = self.queue.find(review_key(match_id, number))
        if job is None:
            return idle
        status = self.queue.status(job)
        if status.state == QUEUED:
            return {**idle, "running": True, "place": self.queue.place(job)}
        if status.state == RUNNING:
            progress = status.result if isinstance(status.result, dict) else {}
            return {**idle, "running": True, **progress}
        return idle

    async def _analysis(self, match_id: str, number: int, deal: Table) -> dict[str, object]:
        key = ("review", match_id, number)
        if self.queue is not None:  # the worker stores the review with its job
            game = (deal.rules, deal.dealer, tuple(deal.deck), tuple(deal.history))
            work = (game, self._budget())
            name = review_key(match_id, number)
            queued: dict[str, object] = await self._once(
                key, lambda: asyncio.ensure_future(self._queued("review", name, work, match_id, number))
            )
            return queued
        first = key not in self.running
        data: dict[str, object] = await self._once(
            key, lambda: asyncio.ensure_future(self._review(key, deal, match_id, number))
        )
        if first:
            self.store.save_review(match_id, number, data)
            self.progress.pop(key, None)
        return data

    def _budget(self) -> Budget:
        """A review's budget per decision: the server's, else :data:`REVIEW_SECONDS`."""
        if self.review_seconds is None and self.review_worlds is None:
            return Budget(seconds=REVIEW_SECONDS, seed=0)
        return Budget(seconds=self.review_seconds, worlds=self.review_worlds, seed=0)

    async def _review(self, key: Hashable, deal: Table, match_id: str, number: int) -> dict[str, object]:
        """Every decision of the deal analysed in its own job, side by side in the pool; the progress (and each
        fault as it is found) in :attr:`progress`."""
        game = (deal.rules, deal.dealer, tuple(deal.deck), tuple(deal.history))
        budget = self._budget()
        total = len(record_choices(_record(*game)))
        faults: list[dict[str, object]] = []
        progress: dict[str, object] = {"done": 0, "total": total, "faults": faults}
        self.progress[key] = progress
        results: list[tuple[Annotation, dict[str, str] | None] | None] = [None] * total

        executor = self.executor
        assert executor is not None

        async def one(index: int) -> None:
            job = _Job(review_decision, *game, index, budget)
            ahead = self.ahead.pop((match_id, number, index), None)
            answer: tuple[Annotation, dict[str, str] | None] | None = None
            if ahead is not None and not ahead.cancel():  # begun or done ahead: its answer
                try:
                    answer = await asyncio.wrap_future(ahead)
                except Exception:  # why: a process lost ahead is no reason to fail the review: it does it again
                    answer = None
            if answer is None:
                note, why = await asyncio.wrap_future(executor.submit(job))
            else:
                note, why = answer
            results[index] = note, why
            progress["done"] = int(str(progress["done"])) + 1
            if note.classification is not None:
                faults.append(_decision(index + 1, note, why))
                faults.sort(key=lambda d: int(str(d["index"])))

        await asyncio.gather(*(one(index) for index in range(total)))
        done = [result for result in results if result is not None]
        return review_data(*game, budget, done)


def shared_key(key: Hashable) -> str:
    """The key of the queue's job of a hint, whose analysis is known by ``key`` (the view and the budget): the
    same in every server process."""
    return "hint " + hashlib.sha256(pickle.dumps(key)).hexdigest()


def review_key(match_id: str, number: int) -> str:
    """The key of the queue's job that reviews deal ``number`` of a match.

    >>> review_key("m1", 2)
    'review m1 2'
    """
    return f"review {match_id} {number}"


HINT_KEYS = ("best", "worlds", "exact", "seconds", "actions")
"""The analysis's keys a hint sends; it adds ``explanation``: why the best action is better, by language."""


class _Job:
    """A function and its arguments, sent to the analysis process (a lambda cannot be)."""

    def __init__(self, function: Callable[..., Any], *args: Any) -> None:
        self.function = function
        self.args = args

    def __call__(self) -> Any:
        return self.function(*self.args)


def hint_json(view: PlayerView, budget: Budget) -> dict[str, object]:
    """A hint's analysis of ``view`` as the API sends it (without the version); runs in the analysis process."""
    result = analysis.analyze(view, budget)
    data = result.to_json()
    answer: dict[str, object] = {key: data[key] for key in HINT_KEYS}
    answer["explanation"] = explanations(view, result)
    return answer


def _record(rules: Rules, dealer: int, deck: Sequence[Card], history: Sequence[tuple[int, Action]]) -> Record:
    """The record of one finished deal."""
    match = Match(rules, dealer)
    deal = match.new_deal(deck, dealer=dealer)
    for seat, action in history:
        deal.apply(action, seat)
    return Record.from_match(match)


def review_decision(
    rules: Rules,
    dealer: int,
    deck: Sequence[Card],
    history: Sequence[tuple[int, Action]],
    index: int,
    budget: Budget,
) -> tuple[Annotation, dict[str, str] | None]:
    """The analysis of decision ``index`` (0 = first, :func:`~sixtysix.ai.analysis.record_choices`) of one
    finished deal and the explanation of a fault; runs in an analysis process. The worlds are left out
    of the answer (the explanation was read from them)."""
    choice = record_choices(_record(rules, dealer, deck, history))[index]
    result = analysis.analyze(choice.view, budget, played=choice.action)
    note = Annotation(choice.deal, choice.position, choice.seat, choice.action, result, choice.view)
    why = _explanation(note)
    return dataclasses.replace(note, analysis=dataclasses.replace(result, samples=())), why


def review_deal(
    rules: Rules,
    dealer: int,
    deck: Sequence[Card],
    history: Sequence[tuple[int, Action]],
    seconds: float | None = None,
    worlds: int | None = None,
) -> dict[str, object]:
    """The analysis of one finished deal (both seats), as stored (``seconds``, ``worlds``: the
    budget per decision; neither: the analysis's default), in one process."""
    budget = Budget(seconds=seconds, worlds=worlds, seed=0)
    notes = analyze_record(_record(rules, dealer, deck, history), (1, 2), budget)
    return review_data(rules, dealer, deck, history, budget, [(note, _explanation(note)) for note in notes])


def review_data(
    rules: Rules,
    dealer: int,
    deck: Sequence[Card],
    history: Sequence[tuple[int, Action]],
    budget: Budget,
    analysed: Sequence[tuple[Annotation, dict[str, str] | None]],
) -> dict[str, object]:
    """A review as stored: the deal, every analysed decision (with the explanation of each fault) and the
    summary per seat."""
    notes = [note for note, _ in analysed]
    summary = {
        str(seat): {
            "decisions": s.decisions,
            "inaccuracies": s.inaccuracies,
            "mistakes": s.mistakes,
            "blunders": s.blunders,
            "uncertain": s.uncertain,
            "average_loss": round(s.average_loss, 4),
        }
        for seat, s in summarize(notes).items()
    }
    return {
        "budget": budget.describe(),
        "thresholds": {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER, "z": CONFIDENCE_Z},
        "dealer": dealer,
        "deck": [CARD_NAMES[c] for c in deck],
        "actions": [{"seat": s, "action": str(a)} for s, a in history],
        "decisions": [_decision(index, note, why) for index, (note, why) in enumerate(analysed, start=1)],
        "summary": summary,
    }


def _decision(index: int, note: Annotation, why: dict[str, str] | None) -> dict[str, object]:
    """One analysed decision of a review: the move, its verdict and loss (± its standard error), every choice."""
    label = note.classification
    played = note.analysis[note.action]
    return {
        "index": index,
        "position": note.position,
        "seat": note.seat,
        "action": str(note.action),
        "implicit": note.implicit,
        "best": str(note.best),
        "played_value": round(note.played_value, 4),
        "played_se": round(played.se, 4),
        "played_margin": round(played.margin, 4),
        "best_value": round(note.best_value, 4),
        "loss": round(note.loss, 4),
        "loss_se": round(played.loss_se, 4),
        "loss_margin": round(played.loss_margin, 4),
        "loss_low": round(played.loss_low, 4),
        "loss_high": round(played.loss_high, 4),
        "verdict": note.verdict.value,
        "classification": label.value if label else None,
        "symbol": label.symbol if label else "",
        "win_chance": round(played.win_chance, 4),
        "alternatives": [_alternative(entry) for entry in note.analysis.actions],
        "worlds": note.analysis.worlds,
        "exact": note.analysis.exact or note.analysis.exhaustive,
        "explanation": why,
    }


def _explanation(note: Annotation) -> dict[str, str] | None:
    """Why the best action beats the one played, by language, for an inaccuracy, mistake or blunder."""
    if note.classification is None or note.view is None:
        return None
    return explanations(note.view, note.analysis, note.action)


def _alternative(entry: ActionValue) -> dict[str, object]:
    return {
        "action": str(entry.action),
        "value": round(entry.value, 4),
        "se": round(entry.se, 4),
        "margin": round(entry.margin, 4),
        "win_chance": round(entry.win_chance, 4),
        "loss": round(entry.loss, 4),
        "loss_se": round(entry.loss_se, 4),
        "loss_margin": round(entry.loss_margin, 4),
    }


def reviewed(
    data: dict[str, object], public: PublicMatch, match: AnyMatch, number: int, seat: int
) -> dict[str, object]:
    """The stored review of deal ``number`` as ``seat`` receives it."""
    decisions = data.get("decisions", [])
    assert isinstance(decisions, list)
    deal = match.deals[number - 1]
    tricks = trick_numbers(deal)
    labels = [f"{d['seat']}:{d['action']}" for d in decisions]
    values = [d["played_value"] if d["seat"] == seat else -float(d["played_value"]) for d in decisions]
    return {
        "deal": number,
        "seat": seat,
        **data,
        "decisions": [{**d, **decision_facts(d), "trick": _at(tricks, d.get("position"))} for d in decisions],
        "dealt": dealt(deal),
        "outcome": outcome_json(public, match, number, seat),
        "chart": {"seat": seat, "labels": labels, "values": [round(float(v), 4) for v in values]},
    }


def decision_facts(decision: dict[str, object]) -> dict[str, object]:
    """What a page says of one reviewed decision: every best action (ties too), whether the move played
    is one of them, and what kind of choice it was.

    >>> tie = [{"action": "Ah", "value": 1.0}, {"action": "Kh", "value": 1.0}]
    >>> decision_facts({"action": "Kh", "best": "Ah", "alternatives": tie})
    {'best_actions': ['Ah', 'Kh'], 'played_best': True, 'choice': 'play'}
    >>> drawn = [{"action": "CB", "value": 0.5}, {"action": "draw", "value": 0.7}]
    >>> decision_facts({"action": "draw", "best": "draw", "alternatives": drawn})["choice"]
    'close_or_draw'
    """
    alternatives = decision.get("alternatives") or []
    assert isinstance(alternatives, list)
    values = {str(a["action"]): float(a["value"]) for a in alternatives}
    top = max(values.values(), default=0.0)
    best = [a for a, v in values.items() if v >= top - TIE]
    if not best:
        best = [str(decision.get("best"))]
    choice = "play"
    if {"CB", "draw"} <= values.keys():
        choice = "close_or_draw"
    elif values and values.keys() <= {"X", "pass"}:
        choice = "exchange_or_keep"
    return {"best_actions": best, "played_best": str(decision.get("action")) in best, "choice": choice}


TIE = 5e-5
"""Values closer than this (the review rounds to 4 decimals) are a tie: both moves are best."""


def _at(numbers: list[int], position: object) -> int | None:
    """The trick of a decision's ``position`` (1-based) in the deal's record."""
    index = int(str(position or 1)) - 1
    return numbers[index] if 0 <= index < len(numbers) else None


def dealt(deal: Table) -> dict[str, object]:
    """The deal as it was dealt: both hands (in hand order), the trump card, the talon top first."""
    start = Deal(deal.deck, deal.dealer, deal.rules)
    return {
        "dealer": start.dealer,
        "hands": {str(s): cards(start.hands[s], start.trump) for s in (1, 2)},
        "trump_card": CARD_NAMES[start.trump_card],
        "talon": [CARD_NAMES[c] for c in start.stock],
    }


def trick_numbers(deal: Table) -> list[int]:
    """For each action of the deal's record (no ``draw``, no ``pass``): its trick (1 = first), as the engine counts.

    A decision's ``position`` counts the record's actions (an implicit decision has the
    position of the action that follows it).
    """
    replay = Deal(deal.deck, deal.dealer, deal.rules)
    numbers = []
    for seat, action in deal.history:
        if action.in_records():
            numbers.append(replay.trick_count + 1)
        replay.apply(action, seat)
    return numbers
