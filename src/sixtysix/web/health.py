"""Health and readiness of a server, which ``GET /healthz`` and ``GET /readyz`` answer (docs/deploy.md, "Health";
the endpoints are in :mod:`sixtysix.web.routers.site`).

``/healthz`` says the process answers: it touches nothing (no database), so a load balancer or
systemd's watchdog may ask it often. ``/readyz`` says the server can serve: its database answers
a trivial query, its analysis pool (hints and reviews) takes work, and its background tasks
run (the sweeper of idle matches, the keeper of its leases); otherwise it answers 503 with the
reason of each part that is not ready, by name::

    {"status": "unready", "reasons": {"database": "ResourceClosedError: This Connection is closed"}}

Both answer JSON, are never cached, and carry no secret.
"""

from __future__ import annotations

from concurrent.futures import Executor
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sixtysix.web.service import Service
    from sixtysix.web.store import Store


def unready(service: Service) -> dict[str, str]:
    """What keeps ``service`` from serving, by part (``database``, ``analysis``, ``sweeper``, ``leases``); empty
    when ready."""
    reasons: dict[str, str] = {}
    database = database_problem(service.store)
    if database is not None:
        reasons["database"] = database
    executor = service.advisor.executor  # None with the analysis queue: the workers' processes analyse
    analysis = None if executor is None else pool_problem(executor)
    if analysis is not None:
        reasons["analysis"] = analysis
    if service.sweeper is None or service.sweeper.done():
        reasons["sweeper"] = "not running"
    if service.keeper is None or service.keeper.done():  # its leases would run out: others take its matches
        reasons["leases"] = "not running"
    return reasons


def database_problem(store: Store) -> str | None:
    """Why the database does not answer ``SELECT 1``; ``None`` when it does."""
    try:
        store.ping()
    except Exception as error:  # why: whatever the database raises, the server cannot serve
        return _reason(error)
    return None


def pool_problem(executor: Executor) -> str | None:
    """Why the analysis pool takes no work (broken: a worker process died; or shut down); ``None`` when it does.

    A process pool says so only in its private fields (``_broken``, ``_shutdown_thread``): a
    readiness check must not queue a job behind the hints and reviews waiting."""
    broken = getattr(executor, "_broken", False)
    if broken:
        return f"broken: {broken}" if isinstance(broken, str) else "broken"
    if getattr(executor, "_shutdown_thread", False):
        return "shut down"
    return None


def _reason(error: Exception) -> str:
    """An exception as one short line: its class and the first line of its message."""
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0][:200]}" if text else type(error).__name__
