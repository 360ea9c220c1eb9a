"""The web app's game service: one facade over the modules that hold and change the matches.

The HTTP and WebSocket layer (the routers of :mod:`sixtysix.web.routers`) calls :class:`Service`; each method
hands the work to the module that does it and, after a change, lets the computer move. A person's action goes
straight to :attr:`Service.actions` (:class:`sixtysix.web.play.Actions`, assembled here): the whole of it is in
:mod:`~sixtysix.web.play`.

==============================  ==================================================
:mod:`~sixtysix.web.matches`    the matches in memory, rebuilt from the store; one match, its
                                computer seats' players and decisions
:mod:`~sixtysix.web.seats`      seat tokens, creating, invitations, joining, the rematch
:mod:`~sixtysix.web.play`       a person's action checked (the exchange window, the move clock's
                                claims), the computer's turns, every change committed: stored,
                                applied, broadcast
:mod:`~sixtysix.web.live`       the open WebSockets and what is pushed to them
:mod:`~sixtysix.web.review`     hints and post-deal reviews
:mod:`~sixtysix.web.history`    a browser's matches and statistics, records
==============================  ==================================================

**Restart.** Nothing is read at start: a match is rebuilt from the store the first time it
is asked for (so start-up does not grow with the database), and its computer resumes then
if it is to act.

**Memory.** A match that nobody has touched for :attr:`Limits.idle_seconds` (no request,
no open socket, no computer thinking) leaves memory; it is read back on demand. An
unfinished match with no change for :attr:`Limits.expire_days` is closed: readable, never
played again (:meth:`~sixtysix.web.matches.Matches.check_open`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sixtysix.web import fairness, history, play, seats
from sixtysix.web.errors import WebError
from sixtysix.web.jobs import JobQueue
from sixtysix.web.leases import Leases
from sixtysix.web.limits import Limits
from sixtysix.web.live import Subscriber
from sixtysix.web.matches import Game, Matches
from sixtysix.web.messages import sentence
from sixtysix.web.middleware import Metrics, RateLimiter, ServerTime
from sixtysix.web.notify import JOBS_CHANNEL, PRESENCE_CHANNEL, Listener, parse_job, parse_match
from sixtysix.web.play import Scheduler, computer_due
from sixtysix.web.presence import Presence
from sixtysix.web.review import AHEAD_NICENESS, QUEUE_NOTIFIED_POLL_SECONDS, Advisor, analysis_pool
from sixtysix.web.store import MatchRow, SeatRow, Store, change_of_detail, token_hash

log = logging.getLogger("sixtysix.web")


class Service:
    """Every match of one server, on one event loop."""

    def __init__(
        self,
        store: Store,
        *,
        think: float = 0.5,
        review_seconds: float | None = None,
        review_worlds: int | None = None,
        computer_delay: float = 0.0,
        workers: int = 2,
        seed: int | None = None,
        hint_budget: Any = None,
        move_seconds: float = 60.0,
        grace_seconds: float = 120.0,
        limits: Limits | None = None,
        server_time: ServerTime | None = None,
        metrics: Metrics | None = None,
        analysis: str = "inline",
    ) -> None:
        """``analysis``: ``inline``, hints and reviews in the server's own processes; ``queue``, jobs of the
        analysis queue for ``sixtysix worker`` processes (:mod:`sixtysix.web.jobs`)."""
        self.store = store
        self.metrics = metrics or Metrics()
        """The server's Prometheus metrics (:class:`sixtysix.web.middleware.Metrics`)."""
        self.server_time = server_time or ServerTime()
        """The server's clocks (the move clock, expiry, idle matches): a test moves them on."""
        self.limits = limits or Limits()
        self.limiter = RateLimiter(self.limits.rates, self.limits.rate_buckets, self.server_time.monotonic)
        rng = random.Random(seed) if seed is not None else random.SystemRandom()
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="sixtysix-think")
        """The computer's threads (its searching levels); analyses have their own process."""
        self.matches = Matches(
            store,
            rng,
            think,
            move_seconds,
            grace_seconds,
            expire_seconds=self.limits.expire_days * 86400,
            pending_commitments=self.limits.pending_commitments,
            server_time=self.server_time,
            metrics=self.metrics,
        )
        self.leases = Leases(store, self.server_time, self.limits.lease_seconds)
        """The matches whose computer this process moves (:mod:`sixtysix.web.leases`)."""
        self.presence = Presence(store, self.server_time, self.limits.lease_seconds, self.leases.holder)
        """Which seats have a socket open on the other server processes (:mod:`sixtysix.web.presence`)."""
        self.matches.presence = self.presence
        self.computer = Scheduler(self.matches, self.executor, self.leases, computer_delay)
        queued = analysis == "queue"
        self.advisor = Advisor(
            store,
            None if queued else analysis_pool(),
            queue=JobQueue(store.engine) if queued else None,
            hint_budget=hint_budget,
            review_seconds=review_seconds,
            review_worlds=review_worlds,
            limits=self.limits,
            ahead=analysis_pool(1, AHEAD_NICENESS) if self.limits.review_ahead and not queued else None,
        )
        self.actions = play.Actions(self.matches, self.computer, self.limiter, self.metrics, self.advisor.look_ahead)
        """A person's actions, taken from the routers and the bots' connections (:class:`sixtysix.web.play.Actions`)."""
        self.sweeper: asyncio.Task[None] | None = None
        self.keeper: asyncio.Task[None] | None = None
        """Renews the leases and takes over those of dead processes (:meth:`keep_leases`)."""
        self.metrics.watch(self.advisor.running, self.limits.analysis_queue, self.games)
        if self.advisor.queue is not None:
            self.metrics.watch_queue(self.advisor.queue.waiting)
        self.listener: Listener | None = None
        """On PostgreSQL: the changes other server processes make (:mod:`sixtysix.web.notify`)."""
        self.jobs_listener: Listener | None = None
        """On PostgreSQL with the analysis queue: the jobs the workers have ended."""
        self.presence_listener: Listener | None = None
        """On PostgreSQL: the seats that came or went on the other server processes."""
        self.presence_heard: set[str] = set()
        """The matches whose presence changed on another process, to be read at once (:meth:`heard_presence`)."""

    @property
    def games(self) -> dict[str, Game]:
        """The matches in memory, by id."""
        return self.matches.games

    # -- life cycle -------------------------------------------------------------------------

    def start(self) -> None:
        """Start the sweeper that lets idle matches leave memory (no match is read now). Needs a running loop."""
        loop = asyncio.get_running_loop()
        self.sweeper = loop.create_task(self._sweep())
        self.keeper = loop.create_task(self._keep_leases())
        if self.limits.warm_analysis:
            self.advisor.warm()
        if not self.store.sqlite:
            self.listener = Listener(
                self.store.engine,
                lambda *change: loop.call_soon_threadsafe(self.changed_elsewhere, *change),
                lambda: loop.call_soon_threadsafe(self.reload_all),
            ).start()
            self.presence_listener = Listener(
                self.store.engine,
                lambda match_id, holder: loop.call_soon_threadsafe(self.heard_presence, match_id, holder),
                lambda: loop.call_soon_threadsafe(self.presence.refresh, list(self.games.values())),
                channel=PRESENCE_CHANNEL,
                parse_payload=parse_match,
            ).start()
            if self.advisor.queue is not None:  # the analysis queue's workers say when a job has ended
                self.jobs_listener = Listener(
                    self.store.engine,
                    lambda job: loop.call_soon_threadsafe(self.advisor.job_ended, job),
                    channel=JOBS_CHANNEL,
                    parse_payload=parse_job,
                ).start()
                self.advisor.poll = QUEUE_NOTIFIED_POLL_SECONDS

    def changed_elsewhere(self, match_id: str, version: int, detail: str = "") -> None:
        """A change committed (by this process or another) to ``version``: a match held at an older one
        replays the change of ``detail`` if it is held at the change's base version, else (or with no
        detail) reads what changed since its version; then each of its sockets gets its seat's new state."""
        game = self.games.get(match_id)
        if game is not None and game.version < version:
            found = change_of_detail(match_id, version, detail) if detail else None
            if found is not None and found[0].base == game.version:
                self.matches.replay(game, *found)
            else:  # no detail, or a change after one not heard: what changed since is read
                self.matches.catch_up(game)
            game.broadcast()
            self.computer.schedule(game)  # a person moved on another process: the lease's holder answers

    def heard_presence(self, match_id: str, holder: str) -> None:
        """A seat of the match came or went on process ``holder``: unless it is this one, its presence is read
        with the others heard meanwhile (one query for a burst of sockets opening or closing)."""
        if holder == self.presence.holder or match_id not in self.games:
            return
        if not self.presence_heard:
            asyncio.get_running_loop().call_soon(self._read_presence_heard)
        self.presence_heard.add(match_id)

    def _read_presence_heard(self) -> None:
        games = [self.games[match_id] for match_id in self.presence_heard if match_id in self.games]
        self.presence_heard.clear()
        try:
            self.presence.refresh(games)
        except Exception:  # why: a database that does not answer now is read again at the next renewal
            log.warning("reading the presence of %d matches failed", len(games), exc_info=True)

    def presence_elsewhere(self, match_id: str) -> None:
        """A seat of the match came or went on some process: read who is connected elsewhere, if it is held here."""
        game = self.games.get(match_id)
        if game is not None:
            try:
                self.presence.refresh([game])
            except Exception:  # why: a database that does not answer now is read again at the next renewal
                log.warning("reading the presence of match %s failed", match_id, exc_info=True)

    def reload_all(self) -> None:
        """Read every match in memory again (changes may have been missed while the listener reconnected)."""
        for game in list(self.games.values()):
            self.matches.catch_up(game)
            game.broadcast()
            self.computer.schedule(game)

    async def stop(self) -> None:
        for listener in (self.listener, self.jobs_listener, self.presence_listener):
            if listener is not None:
                listener.stop()
        for task in (self.sweeper, self.keeper):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        await self.computer.stop()
        with contextlib.suppress(Exception):  # why: a database gone at the end: the leases run out instead
            self.leases.release_all()
        with contextlib.suppress(Exception):  # why: a database gone at the end: the rows run out instead
            self.presence.clear()
        for game in self.games.values():
            game.audience.close()
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.advisor.close()

    async def _sweep(self) -> None:
        period = max(0.05, min(60.0, self.limits.idle_seconds / 2))
        while True:
            await asyncio.sleep(period)
            self.evict_idle()

    async def _keep_leases(self) -> None:
        while True:
            await asyncio.sleep(self.leases.seconds / 3)
            try:
                self.keep_leases()
            except Exception:  # why: a database that does not answer now is asked again next time
                log.warning("renewing the leases failed", exc_info=True)

    def keep_leases(self) -> None:
        """Give back the leases of matches no longer in memory or over, renew the others, and take over the
        matches in memory whose computer is to act and whose lease is free (its holder died); renew this
        process's presence rows and read the other processes' (:mod:`sixtysix.web.presence`)."""
        for match_id in list(self.leases.held):
            game = self.games.get(match_id)
            if game is None or game.status == "over":
                self.leases.release(match_id)
        self.leases.renew()
        self.presence.renew(self.games.values())
        waiting = {game.id: game for game in self.games.values() if not game.driving and computer_due(game)}
        for match_id in self.leases.free(list(waiting)):  # one query, not one per match another process drives
            self.computer.schedule(waiting[match_id])

    def evict_idle(self, now: float | None = None) -> int:
        """Let every idle match leave memory (read back on demand); how many left."""
        now = self.server_time.monotonic() if now is None else now
        idle = [
            game
            for game in self.games.values()
            if not game.audience and not game.driving and now - game.touched >= self.limits.idle_seconds
        ]
        for game in idle:
            self.forget(game)
        return len(idle)

    def forget(self, game: Game) -> None:
        """The match leaves memory (read back on demand), and its lease is given back."""
        self.matches.forget(game)
        self.leases.release(game.id)

    # -- matches and seats ------------------------------------------------------------------------

    def game(self, match_id: str) -> Game:
        """The match (loaded from the store and replayed if needed); 404 if unknown.

        If its computer is to act and moves nowhere (rebuilt after a restart, or its lease's holder
        died), it moves here."""
        game = self.matches.get(match_id)
        self.computer.schedule_soon(game)
        return game

    def authenticate(self, match_id: str, token: str | None) -> tuple[Game, int]:
        """The match and the token's seat; 401, 404 or 403 otherwise."""
        if not token:
            raise WebError(401, "unauthorized", sentence("server.token_needed"))
        game = self.game(match_id)
        seat = game.seat_holding(token_hash(token))
        if seat is None:
            raise WebError(403, "wrong_token", sentence("server.wrong_token"))
        return game, seat

    def create(self, body: dict[str, Any], held: str | None = None) -> tuple[Game, int, str, dict[int, str]]:
        """``POST /api/matches``: (game, seat, token, the invitation codes shown once); ``held``: see
        :func:`sixtysix.web.seats.create`."""
        game, seat, token, codes = seats.create(self.matches, body, held)
        self.computer.schedule_soon(game)
        return game, seat, token, codes

    def invitation(self, code: str) -> dict[str, object]:
        """``GET /api/invitations/{code}``."""
        return seats.invitation(self.matches, code)

    def join(self, body: dict[str, Any]) -> tuple[Game, int, str]:
        """``POST /api/join``: (game, seat, token)."""
        game, seat, token = seats.join(self.matches, body)
        self.computer.schedule_soon(game)
        return game, seat, token

    # -- playing --------------------------------------------------------------------------------

    def rematch(self, game: Game, seat: int, client_seed: str = "") -> tuple[Game, str | None]:
        """``POST .../rematch``: the rematch of a finished match, and the seat's token in it (once)."""
        new, token = seats.rematch(self.matches, game, seat, client_seed)
        self.computer.schedule_soon(new)
        return new, token

    def subscribe(self, game: Game, seat: int, sub: Subscriber) -> None:
        if not game.audience:  # a match newly watched here: who is connected to the other processes
            self.presence_elsewhere(game.id)
        if game.audience.add(seat, sub):
            self.presence.changed(game, seat, True)
            game.audience.presence(skip=sub)

    def unsubscribe(self, game: Game, seat: int, sub: Subscriber) -> None:
        game.touched = self.server_time.monotonic()
        if game.audience.remove(seat, sub):
            self.presence.changed(game, seat, False)
            game.audience.presence()
        if game.status == "over" and not game.audience and not game.driving:
            self.forget(game)

    # -- spectators (:mod:`sixtysix.web.watch`) ------------------------------------------------------

    def watched(self, match_id: str) -> Game:
        """A match anyone may watch; 404 for one that is unknown or not to be watched (the same answer:
        a match whose players said no cannot be told from one that does not exist)."""
        try:
            game = self.game(match_id)
        except WebError:
            game = None
        if game is None or not game.spectators:
            raise WebError(404, "not_found", sentence("server.no_match_to_watch", match=match_id))
        return game

    def add_spectator(self, game: Game, sub: Subscriber) -> None:
        if not game.audience:  # a match newly held open here: who is connected to the other processes
            self.presence_elsewhere(game.id)
        game.audience.spectators.add(sub)

    def remove_spectator(self, game: Game, sub: Subscriber) -> None:
        game.touched = self.server_time.monotonic()
        game.audience.spectators.discard(sub)
        if game.status == "over" and not game.audience and not game.driving:
            self.forget(game)

    def live(self, limit: int) -> list[tuple[MatchRow, dict[int, SeatRow]]]:
        """The watchable matches being played (not expired), newest first (:func:`sixtysix.web.watch.live_order`
        orders them for the lobby)."""
        since = self.server_time.wall() - self.limits.expire_days * 86400
        return self.store.live_matches(since, limit)

    # -- advice and records -------------------------------------------------------------------------

    async def hint(self, game: Game, seat: int) -> dict[str, object]:
        self.matches.check_open(game)
        return await self.advisor.hint(game, seat)

    def hint_progress(self, game: Game, seat: int) -> dict[str, object]:
        return self.advisor.hint_progress(game, seat)

    async def review(self, game: Game, seat: int, number: int) -> dict[str, object]:
        return await self.advisor.review(game, seat, number)

    def review_progress(self, game: Game, number: int) -> dict[str, object]:
        return self.advisor.review_progress(game.id, number)

    def record_text(self, game: Game) -> str:
        return history.record_text(game)

    def history(self, body: dict[str, Any]) -> dict[str, object]:
        return history.history(self.matches, body)

    def commitment(self) -> dict[str, object]:
        """``POST /api/commitments``: a first deal's commitment and its ticket, before the match exists."""
        return self.matches.commitments.offer(self.matches.rng)

    def verify(self, body: dict[str, Any]) -> dict[str, object]:
        """``POST /api/verify``: every deal of a pasted record checked against its seeds (docs/fairness.md)."""
        return fairness.verify_body(body)
