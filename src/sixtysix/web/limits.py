"""What one server allows: rate limits per client, the origins that may create, idle and expiry times.

:class:`Limits` is the one place for these settings (docs/web.md, "Limits"); ``create_app``
takes one, and :meth:`Limits.off` switches every rate limit off for tests and benchmarks.
They are enforced where a request passes (:mod:`sixtysix.web.middleware`: the rate limits by
:class:`~sixtysix.web.middleware.RateLimiter`, a body's size by :class:`~sixtysix.web.middleware.BodyLimit`)
and by :func:`check_origin`, which refuses a request sent by another site's page.

>>> Limits.off().rates, Limits().rates["action"]
({}, Rate(count=120, seconds=2.0))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

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
            "bot_connect": Rate(20, 60.0),
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
    ``seek`` (lobby seeks and challenges made, and seeks accepted, per account), ``bot_connect`` (bot
    connections opened, per address and per API token: a bot that reconnects after a fault stays well within).
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


MAX_BODY = 64 * 1024
"""The largest request body accepted (bytes): the API's bodies are far smaller."""


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
