"""What every request passes through, and what the server counts (docs/web.md, docs/deploy.md).

:func:`sixtysix.web.app.create_app` wraps the app in these ASGI middlewares, outermost first:

* :class:`RequestIds`: the request's id and the match's, for every log line written while it is
  served (:data:`sixtysix.web.logsetup.request_id`, :data:`~sixtysix.web.logsetup.match_id`);
* :class:`MetricsMiddleware`: every HTTP answer counted, with its latency, and the open WebSockets;
* :class:`SecurityHeaders`: the security headers of every answer (:data:`SECURITY_HEADERS`);
* :class:`BodyLimit`: a request body over :data:`MAX_BODY` refused with 413 before it is read whole.

What the middlewares cannot see, a person's action (:class:`sixtysix.web.play.Actions`) does with this
module's other parts, over HTTP and the WebSocket alike: it takes the action from its seat's share
(:class:`RateLimiter`: a token bucket per client and kind of request, a refused request answered 429
with ``Retry-After``; the shares are :attr:`~sixtysix.web.limits.Limits.rates`) and counts it
(:meth:`Metrics.acted`, :meth:`Metrics.committed`). The buckets refill, and the move clock, the leases
and idle matches run, by the server's clocks (:class:`ServerTime`), which a test moves on.

**Metrics** (docs/deploy.md, "Metrics"), served at ``GET /metrics``. :class:`Metrics` holds the
instruments in a registry of its own (one per app: the tests build many apps in one process, and
a process-wide registry would refuse the second); every name starts with ``sixtysix_``:

====================================  =========  ============================================
``sixtysix_actions_total``            counter    actions applied (people's and the computer's),
                                                 by ``kind``; ``rate()`` of it: actions a second
``sixtysix_action_seconds``           histogram  a person's action, from the server's taking it
                                                 to its states sent, by ``outcome`` (``applied``
                                                 or the refusal's code)
``sixtysix_http_requests_total``      counter    HTTP answers by ``method``, ``route`` (the
                                                 route's template, never the raw path) and
                                                 ``status``: errors are ``status=~"4..|5.."``
``sixtysix_http_request_seconds``     histogram  HTTP latency by ``method`` and ``route``
``sixtysix_websockets_open``          gauge      WebSockets accepted and not yet closed
``sixtysix_analyses``                 gauge      hints and reviews waiting or running, by ``kind``
``sixtysix_analysis_queue_limit``     gauge      how many may wait before a new one is refused
``sixtysix_analysis_jobs_queued``     gauge      with analysis workers (``--analysis queue``): the
                                                 jobs of the database's queue no worker has taken
``sixtysix_matches_in_memory``        gauge      matches held in memory
====================================  =========  ============================================

and the process's own (``process_cpu_seconds_total``, ``process_resident_memory_bytes``, ``python_gc_…``).

:class:`MetricsMiddleware` counts the HTTP answers and open sockets (the match sockets' messages
do not pass through it); a person's action and each commit count the actions (:mod:`sixtysix.web.play`)
(:meth:`Metrics.committed`, :meth:`Metrics.acted`). :func:`sixtysix.web.routers.site.get_metrics` serves the text
format to the addresses allowed (:attr:`~sixtysix.web.limits.Limits.metrics_allow_ips`,
loopback by default); any other client gets the 404 of an unknown page.

**Security headers** (docs/web.md, "Security"), on pages, static files, the API and errors:

* ``Content-Security-Policy``: scripts, styles, images and connections from this server
  only; no inline script or style, no plugin, no ``<base>``; no other site may frame the page
  (``frame-ancestors 'none'``, with ``X-Frame-Options: DENY`` for older browsers);
* ``X-Content-Type-Options: nosniff``: a file is only what its type says;
* ``Referrer-Policy: no-referrer``: the address of a page, an invitation link's included,
  never leaves with a request to anywhere.

>>> limiter = RateLimiter({"create": Rate(2, 60.0)})
>>> limiter.take("create", "10.0.0.1", now=0.0), limiter.take("create", "10.0.0.1", now=0.0)
(0.0, 0.0)
>>> limiter.take("create", "10.0.0.1", now=0.0), limiter.take("create", "10.0.0.2", now=0.0)
(30.0, 0.0)
>>> clock = ServerTime()
>>> before = clock.wall()
>>> clock.advance(61)
>>> clock.wall() - before >= 61
True
>>> sorted(SECURITY_HEADERS)[:2]
['Content-Security-Policy', 'Cross-Origin-Opener-Policy']
>>> action_kind("Ah"), action_kind("20h"), action_kind("X"), action_kind("66"), action_kind("forfeit")
('card', 'marriage', 'exchange', 'claim', 'forfeit')
>>> allowed("127.0.0.1", ("127.0.0.1", "::1")), allowed("10.1.2.3", ("10.0.0.0/8",)), allowed("8.8.8.8", ("::1",))
(True, True, False)
"""

from __future__ import annotations

import ipaddress
import math
import re
import secrets
import time
from collections.abc import Callable, Mapping, Sized
from typing import TYPE_CHECKING, Any

import orjson
from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    GCCollector,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    generate_latest,
)
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from sixtysix.core.actions import Action
from sixtysix.core.errors import InvalidActionError
from sixtysix.web.errors import WebError
from sixtysix.web.limits import MAX_BODY, Limits, Rate
from sixtysix.web.logsetup import match_id, request_id
from sixtysix.web.messages import sentence

if TYPE_CHECKING:
    from sixtysix.web.store import Change

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}
_ENCODED = [(name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in SECURITY_HEADERS.items()]

MATCH_PATH = re.compile(r"^/(?:api|ws)/matches/([A-Za-z0-9_-]{1,64})(?:/|$)")
"""A path that names a match (match ids are no secret: they are in every URL of a match)."""
REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{8,64}$")
"""An ``X-Request-ID`` sent by the proxy (nginx's ``$request_id``) that is taken as the request's id."""

ACTION_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Seconds: an action takes about a millisecond; the p99 target is 100 ms (issue 28)."""
HTTP_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
"""Seconds: most requests take a millisecond; hints and reviews wait for an analysis, up to tens of seconds."""

KINDS = {"X": "exchange", "C": "close", "CB": "close_before_draw", "66": "claim", "draw": "draw", "pass": "pass"}
"""The ``kind`` of each action that is not a card or a marriage, by its token."""

OTHER = "other"
METHODS = frozenset(("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"))
"""The ``method`` labels; any other method a client makes up is counted as ``other`` (labels stay few)."""
STATIC = "static"
"""The ``route`` of what the page's files answer (every path outside the API): their paths are not labels."""


# -- metrics ---------------------------------------------------------------------------------------


def action_kind(token: str) -> str:
    """The ``kind`` label of a stored action's token: ``card``, ``marriage``, a :data:`KINDS` value, ``forfeit``."""
    try:
        action = Action.parse(token)
    except InvalidActionError:
        return "forfeit" if token.startswith("forfeit") else OTHER  # the clock's forfeit, a bot's ("forfeit:bot")
    if action.is_card():
        return "card"
    if action.is_marriage():
        return "marriage"
    return KINDS.get(str(action), OTHER)


def allowed(host: str, networks: tuple[str, ...]) -> bool:
    """Whether the client address ``host`` is in one of ``networks`` (addresses or CIDR networks; ``*``: any)."""
    if "*" in networks:
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    for network in networks:
        try:
            if address in ipaddress.ip_network(network, strict=False):
                return True
        except ValueError:
            continue
    return False


class Metrics:
    """The instruments of one app, in their own registry."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        registry = self.registry
        self.actions = Counter(
            "sixtysix_actions",
            "Actions applied to matches (people's and the computer's), by kind.",
            ["kind"],
            registry=registry,
        )
        self.action_seconds = Histogram(
            "sixtysix_action_seconds",
            "A person's action: seconds from the server's taking it to its states sent, by outcome.",
            ["outcome"],
            buckets=ACTION_BUCKETS,
            registry=registry,
        )
        self.requests = Counter(
            "sixtysix_http_requests",
            "HTTP answers by method, route template and status.",
            ["method", "route", "status"],
            registry=registry,
        )
        self.request_seconds = Histogram(
            "sixtysix_http_request_seconds",
            "HTTP latency in seconds by method and route template.",
            ["method", "route"],
            buckets=HTTP_BUCKETS,
            registry=registry,
        )
        self.sockets = Gauge("sixtysix_websockets_open", "WebSockets accepted and not closed yet.", registry=registry)
        self.analyses = Gauge(
            "sixtysix_analyses", "Hints and reviews waiting or running, by kind.", ["kind"], registry=registry
        )
        self.analysis_limit = Gauge(
            "sixtysix_analysis_queue_limit",
            "Analyses that may wait before a new one is refused (503).",
            registry=registry,
        )
        self.in_memory = Gauge("sixtysix_matches_in_memory", "Matches held in memory.", registry=registry)
        self.jobs_queued = Gauge(
            "sixtysix_analysis_jobs_queued",
            "Jobs of the analysis queue (hints, reviews) that no worker has taken yet (--analysis queue).",
            registry=registry,
        )
        self._by_token: dict[str, Counter] = {}
        self._by_outcome: dict[str, Histogram] = {}
        ProcessCollector(registry=registry)  # the process's CPU seconds, memory, open files (Linux)
        PlatformCollector(registry=registry)
        GCCollector(registry=registry)

    def watch(self, running: dict[Any, Any], queue_limit: int, games: Sized) -> None:
        """Read the analyses in flight (``running``, keyed ``(kind, ...)``) and the matches in memory at each scrape."""
        for kind in ("hint", "review"):
            self.analyses.labels(kind).set_function(_counter(running, kind))
        self.analysis_limit.set(queue_limit)
        self.in_memory.set_function(lambda: len(games))

    def watch_queue(self, waiting: Callable[[], int]) -> None:
        """With analysis workers: read the jobs waiting in the database's queue (``waiting()``) at each scrape."""
        self.jobs_queued.set_function(waiting)

    def committed(self, change: Change) -> None:
        """Count the actions (and new deals, kind ``deal``) of a change just stored."""
        if change.new_deals:
            self._counted("deal").inc(len(change.new_deals))
        for _, _, _, token in change.actions:
            self._counted(token).inc()

    def _counted(self, token: str) -> Counter:
        """The counter of a token's kind (``deal``: a new deal), found once per token: a commit stays cheap."""
        counter = self._by_token.get(token)
        if counter is None:
            counter = self._by_token[token] = self.actions.labels("deal" if token == "deal" else action_kind(token))
        return counter

    def acted(self, seconds: float, outcome: str = "applied") -> None:
        """A person's action took ``seconds`` and ended so (``applied`` or the refusal's code)."""
        timer = self._by_outcome.get(outcome)
        if timer is None:
            timer = self._by_outcome[outcome] = self.action_seconds.labels(outcome)
        timer.observe(seconds)

    def text(self) -> bytes:
        """Every metric in Prometheus's text format."""
        return generate_latest(self.registry)


def _counter(running: dict[Any, Any], kind: str) -> Callable[[], float]:
    return lambda: sum(1 for key in list(running) if isinstance(key, tuple) and key[:1] == (kind,))


def route_of(scope: Scope) -> str:
    """The ``route`` label of a request already routed: the route's path template (``/api/matches/{match_id}``),
    :data:`STATIC` for the page's files, ``other`` when nothing matched."""
    path = getattr(scope.get("route"), "path", None)
    if isinstance(path, str) and path:
        return path
    # why: FastAPI names no route in the scope for a mounted app (the page's files), only its endpoint
    return STATIC if scope.get("endpoint") is not None else OTHER


class MetricsMiddleware:
    """Counts every HTTP answer (by route template and status) with its latency, and the open WebSockets."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = time.perf_counter()
        status = 500  # an exception that escapes the app is answered 500 outside this middleware

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            method = scope.get("method", "")
            method, route = method if method in METHODS else OTHER, route_of(scope)
            self.metrics.requests.labels(method, route, str(status)).inc()
            self.metrics.request_seconds.labels(method, route).observe(time.perf_counter() - started)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        accepted = False

        async def sending(message: Message) -> None:
            nonlocal accepted
            if message["type"] == "websocket.accept" and not accepted:
                accepted = True
                self.metrics.sockets.inc()
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            if accepted:
                self.metrics.sockets.dec()


# -- the request's ids for the log lines -----------------------------------------------------------


class RequestIds:
    """Sets :data:`~sixtysix.web.logsetup.request_id` (the proxy's ``X-Request-ID`` if it looks like one, else a
    new one) and :data:`~sixtysix.web.logsetup.match_id` (from the path) for every request and WebSocket, for the
    log lines written while it is served (uvicorn serves each in a task of its own: the values end with it)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            sent = _header(scope, b"x-request-id")
            request_id.set(sent if sent is not None and REQUEST_ID.match(sent) else secrets.token_hex(8))
            found = MATCH_PATH.match(str(scope.get("path", "")))
            match_id.set(found.group(1) if found else None)
        await self.app(scope, receive, send)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            try:
                text: str = value.decode("latin-1")
            except (AttributeError, UnicodeDecodeError):
                return None
            return text
    return None


# -- security headers ------------------------------------------------------------------------------


class SecurityHeaders:
    """:data:`SECURITY_HEADERS` on every HTTP answer (a header already set stays)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [(name, value) for name, value in _ENCODED if name not in present]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


# -- the body limit --------------------------------------------------------------------------------


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


# -- rate limits -----------------------------------------------------------------------------------


class RateLimiter:
    """Token buckets by (kind, client); idle full buckets are dropped so that memory stays bounded.

    ``max_buckets``: the most buckets kept (:attr:`Limits.rate_buckets`); ``clock``: the seconds the
    buckets refill by (the server's :meth:`ServerTime.monotonic`, which a
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


# -- the server's clocks ---------------------------------------------------------------------------


class ServerTime:
    """The clocks one server reads (``create_app(server_time=...)``; default: the machine's)."""

    def __init__(self) -> None:
        self.offset = 0.0
        """Seconds the server's clocks run ahead of the machine's (only :meth:`advance` changes it)."""

    def wall(self) -> float:
        """The time of day, in seconds since 1970 (``time.time``, plus the offset)."""
        return time.time() + self.offset

    def monotonic(self) -> float:
        """A clock for durations that never goes back (``time.monotonic``, plus the offset)."""
        return time.monotonic() + self.offset

    def advance(self, seconds: float) -> None:
        """Move both clocks on by ``seconds`` (a test's way to let a clock run out at once)."""
        if seconds < 0:
            raise ValueError("the server's clocks never go back")
        self.offset += seconds
