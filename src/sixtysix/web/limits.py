"""What one server allows: rate limits per client, the origins that may create, idle and expiry times.

:class:`Limits` is the one place for these settings (docs/web.md, "Limits"); ``create_app``
takes one, and :meth:`Limits.off` switches every rate limit off for tests and benchmarks.
:class:`RateLimiter` keeps a token bucket per client and kind of request; a refused request
is answered 429 with ``Retry-After``. :func:`check_origin` refuses a request sent by
another site's page.

>>> limiter = RateLimiter({"create": Rate(2, 60.0)})
>>> limiter.take("create", "10.0.0.1", now=0.0), limiter.take("create", "10.0.0.1", now=0.0)
(0.0, 0.0)
>>> limiter.take("create", "10.0.0.1", now=0.0), limiter.take("create", "10.0.0.2", now=0.0)
(30.0, 0.0)
"""

from __future__ import annotations

import math
import time
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import orjson

from sixtysix.web.errors import WebError
from sixtysix.web.messages import sentence


@dataclass(frozen=True)
class Rate:
    """``count`` requests per ``seconds``, as a bucket that refills evenly (bursts up to ``count``)."""

    count: int
    seconds: float


@dataclass(frozen=True)
class Limits:
    """A server's limits; the defaults are the ones of ``sixtysix serve``."""

    rates: Mapping[str, Rate] = field(
        default_factory=lambda: {
            "create": Rate(20, 600.0),
            "hint": Rate(60, 60.0),
            "review": Rate(20, 60.0),
            "verify": Rate(30, 60.0),
            "solver": Rate(20, 600.0),
            "join": Rate(30, 600.0),
            "commitment": Rate(60, 60.0),
            "history": Rate(60, 60.0),
            "answer": Rate(120, 60.0),
            "action": Rate(120, 2.0),
            "watch": Rate(60, 60.0),
            "login": Rate(20, 600.0),
            "login_name": Rate(10, 600.0),
            "signup": Rate(5, 3600.0),
            "seek": Rate(30, 600.0),
        }
    )
    """Per client (its IP address): ``create`` (matches and rematches), ``hint``, ``review``, ``verify``
    (records checked), ``solver`` (puzzle solvers created), ``join`` (invitations used), ``commitment``
    (fairness commitments drawn), ``history`` (match lists read), ``answer`` (puzzle answers checked),
    ``watch`` (live lists read, spectator states and sockets opened);
    and ``action`` per seat, not per address: every action a seat sends, over HTTP or its sockets, legal
    or not (60 a second, bursts up to 120: above a person's pace, and a bot's, which waits for its turn).
    ``login`` (logins, password changes and account deletions per address), ``login_name`` (the same per account
    name, whether it exists or not: the answer never tells), ``signup`` (accounts made per address),
    ``seek`` (lobby seeks and challenges made, and seeks accepted, per account).
    A kind left out is not limited."""
    analysis_queue: int = 8
    """Analyses (hints, reviews) that may wait for the analysis thread; more are answered 503."""
    analysis_cache: int = 256
    """Finished hint analyses kept in memory (the least recently used are dropped)."""
    warm_analysis: bool = False
    """Start the analysis processes with the server, not at the first hint (whose answer would wait for them:
    seconds on a busy machine); on in ``sixtysix serve``."""
    review_ahead: bool = False
    """Analyse each decision of a two-player deal while the deal goes on, in a process of its own, so that its
    review is ready soon after its end (:meth:`sixtysix.web.review.Advisor.look_ahead`; on in ``sixtysix serve``)."""
    idle_seconds: float = 600.0
    """A match nobody has touched (no request, open socket or computer turn) for this long leaves memory;
    it is read back on demand."""
    expire_days: float = 30.0
    """An unfinished match with no change for this many days is closed: it is read, never played, any more."""
    lease_seconds: float = 6.0
    """How long a server process holds a match's lease (who moves its computer, docs/deploy.md) unless it renews
    it, every third of this: after a process dies, its matches' computers move again within this long."""
    trusted_origins: tuple[str, ...] = ()
    """Other origins (``https://example.org``) whose pages may create and join matches."""
    rate_buckets: int = 10_000
    """Rate buckets (kind, client) kept at most: when full, those that have refilled are dropped, and if
    none has (a flood of addresses), all of them, rather than grow."""
    pending_commitments: int = 10_000
    """Commitments offered (``POST /api/commitments``) and not used yet, at most: the oldest are dropped."""
    metrics_allow_ips: tuple[str, ...] = ("127.0.0.1", "::1")
    """The clients (addresses or networks, ``*`` for any) that may read ``GET /metrics``; others get a 404."""

    @classmethod
    def off(cls) -> Limits:
        """No rate limit and a deep analysis queue (tests and benchmarks); expiry and origins as usual."""
        return cls(rates={}, analysis_queue=1000)


class RateLimiter:
    """Token buckets by (kind, client); idle full buckets are dropped so that memory stays bounded.

    ``max_buckets``: the most buckets kept (:attr:`Limits.rate_buckets`); ``clock``: the seconds the
    buckets refill by (the server's :meth:`~sixtysix.web.servertime.ServerTime.monotonic`, which a
    test moves on)."""

    def __init__(
        self,
        rates: Mapping[str, Rate],
        max_buckets: int = Limits.rate_buckets,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rates = dict(rates)
        self.max_buckets = max_buckets
        self.clock = clock
        self.buckets: dict[tuple[str, str], tuple[float, float]] = {}
        """(kind, client) -> (tokens left, when they were counted)."""

    def take(self, kind: str, client: str, now: float | None = None) -> float:
        """Take one request of ``kind`` for ``client``: 0 if allowed, else the seconds until one is."""
        rate = self.rates.get(kind)
        if rate is None:
            return 0.0
        now = self.clock() if now is None else now
        tokens, then = self.buckets.get((kind, client), (float(rate.count), now))
        tokens = min(float(rate.count), tokens + (now - then) * rate.count / rate.seconds)
        if tokens < 1.0:
            self.buckets[(kind, client)] = (tokens, now)
            return (1.0 - tokens) * rate.seconds / rate.count
        if len(self.buckets) >= self.max_buckets and (kind, client) not in self.buckets:
            self._prune(now)
        self.buckets[(kind, client)] = (tokens - 1.0, now)
        return 0.0

    def check(self, kind: str, client: str) -> None:
        """:meth:`take`, refused with 429 and ``Retry-After`` when the client has used its share."""
        wait = self.take(kind, client)
        if wait:
            seconds = max(1, math.ceil(wait))
            raise WebError(
                429,
                "rate_limited",
                sentence("server.rate_limited", kind=kind, seconds=seconds),
                headers={"Retry-After": str(seconds)},
            )

    def _prune(self, now: float) -> None:
        """Drop the buckets that have refilled (they hold nothing a new bucket would not)."""
        for key, (tokens, then) in list(self.buckets.items()):
            rate = self.rates[key[0]]
            if tokens + (now - then) * rate.count / rate.seconds >= rate.count:
                del self.buckets[key]
        if len(self.buckets) >= self.max_buckets:  # a flood of addresses: start afresh rather than grow
            self.buckets.clear()


def check_origin(headers: Mapping[str, str], trusted: tuple[str, ...] = ()) -> None:
    """Refuse (403 ``cross_origin``) a request that another site's page sent.

    A browser says where a request comes from: ``Sec-Fetch-Site`` (``same-origin``, or
    ``none`` for an address typed in) or else ``Origin``, which must be this server's own
    host or a ``trusted`` origin. A request with neither is not a browser's cross-site
    request (a command-line client, a script): it passes.

    >>> check_origin({"host": "games.example:8066", "origin": "http://games.example:8066"})
    >>> check_origin({"host": "games.example", "sec-fetch-site": "cross-site"})
    Traceback (most recent call last):
    ...
    sixtysix.web.errors.WebError: another site's page may not do this (Sec-Fetch-Site: cross-site)
    """
    origin = headers.get("origin")
    if origin is not None and origin in trusted:
        return
    site = headers.get("sec-fetch-site")
    if site is not None:
        if site not in ("same-origin", "none"):
            raise WebError(403, "cross_origin", sentence("server.cross_site", site=site))
        return
    if origin is None:
        return
    if urlsplit(origin).netloc.lower() != headers.get("host", "").lower():
        raise WebError(403, "cross_origin", sentence("server.cross_origin"))


MAX_BODY = 64 * 1024
"""The largest request body accepted (bytes): the API's bodies are far smaller."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes is refused with 413 before it is read whole.

    A ``Content-Length`` over the limit is answered at once, the app never called; a body without
    one (chunked) is counted chunk by chunk as the app reads it, and the read that passes the limit
    fails with :class:`~sixtysix.web.errors.WebError` 413, which the app answers. Either way at most
    ``limit`` bytes (and uvicorn's read buffer) are ever held: the rest of the body is read by the
    server and dropped unkept.

    >>> import asyncio
    >>> async def app(scope, receive, send):
    ...     await receive()
    >>> sent = []
    >>> async def send(message):
    ...     sent.append(message)
    >>> async def receive():
    ...     return {"type": "http.request", "body": b"", "more_body": False}
    >>> scope = {"type": "http", "headers": [(b"content-length", b"70000")]}
    >>> asyncio.run(BodyLimit(app, 65536)(scope, receive, send))
    >>> sent[0]["status"]
    413
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await self._refuse(send)
                return
        received = 0

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise WebError(413, "malformed", sentence("server.body_too_large", limit=self.limit))
            return message

        await self.app(scope, counted, send)

    async def _refuse(self, send: Send) -> None:
        body = orjson.dumps(WebError(413, "malformed", sentence("server.body_too_large", limit=self.limit)).to_json())
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"cache-control", b"no-store"),
        ]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})
