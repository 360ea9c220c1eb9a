"""Health and readiness (docs/deploy.md, "Health"): ``/healthz`` while the process answers, ``/readyz`` only
while the database answers and the analysis pool takes work, else 503 with the reason."""

from __future__ import annotations

import os
import signal

import httpx

from .conftest import ServerThread, wait_until


def test_a_running_server_is_healthy_and_ready(server: ServerThread) -> None:
    health = httpx.get(f"{server.base}/healthz")
    ready = httpx.get(f"{server.base}/readyz")
    assert (health.status_code, health.json()) == (200, {"status": "ok"})
    assert (ready.status_code, ready.json()) == (200, {"status": "ready"})
    assert health.headers["cache-control"] == ready.headers["cache-control"] == "no-store"


def test_a_closed_database_makes_the_server_unready_but_not_unhealthy(server: ServerThread) -> None:
    server.service.store.close()
    ready = httpx.get(f"{server.base}/readyz")
    assert ready.status_code == 503
    body = ready.json()
    assert body["status"] == "unready" and list(body["reasons"]) == ["database"]
    assert "closed" in body["reasons"]["database"].lower()  # what the database layer says of it
    assert httpx.get(f"{server.base}/healthz").status_code == 200


def test_an_analysis_process_killed_makes_the_server_unready(server: ServerThread) -> None:
    pool = server.service.advisor.executor
    worker = pool.submit(os.getpid).result(timeout=60)  # the pool starts its processes on its first job
    os.kill(worker, signal.SIGKILL)  # as the kernel's OOM killer would
    wait_until(lambda: httpx.get(f"{server.base}/readyz").status_code == 503, timeout=60)
    reasons = httpx.get(f"{server.base}/readyz").json()["reasons"]
    assert list(reasons) == ["analysis"] and reasons["analysis"].startswith("broken")


def test_a_lease_keeper_that_stopped_makes_the_server_unready(server: ServerThread) -> None:
    keeper = server.service.keeper
    assert keeper is not None and httpx.get(f"{server.base}/readyz").status_code == 200
    keeper.get_loop().call_soon_threadsafe(keeper.cancel)
    wait_until(lambda: httpx.get(f"{server.base}/readyz").status_code == 503)
    assert httpx.get(f"{server.base}/readyz").json()["reasons"] == {"leases": "not running"}
