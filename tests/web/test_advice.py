"""Hints and reviews cannot starve the game (docs/web.md, "Limits"): one analysis per position,
shared by every request for it and kept; a bounded queue of analyses, refused 503 with Retry-After
when full; and the computer keeps moving while analyses run (they have a process of their own)."""

from __future__ import annotations

import contextlib
import multiprocessing
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

from sixtysix.ai.analysis import Budget
from sixtysix.web.limits import Limits

from .conftest import Api, Seat, ServerThread


def hint_path(created: dict[str, Any]) -> str:
    return f"/api/matches/{created['match_id']}/hint"


def get(base: str, path: str, token: str) -> httpx.Response:
    return httpx.get(base + path, headers={"Authorization": f"Bearer {token}"}, timeout=120)


def test_twenty_hint_requests_for_one_position_make_one_analysis(make_server: Callable[..., ServerThread]) -> None:
    server = make_server(seed=7, hint_budget=Budget(worlds=300))
    api = Api(server.base)
    created = api.create(level=3)
    advisor = server.service.advisor
    with ThreadPoolExecutor(20) as pool:
        answers = list(pool.map(lambda _: get(server.base, hint_path(created), created["token"]), range(20)))
    assert all(a.status_code == 200 for a in answers), [a.text for a in answers]
    assert len({a.text for a in answers}) == 1
    assert advisor.analyses == 1
    # kept: asked again later, no new analysis
    assert api.request("GET", hint_path(created), created["token"]).text == answers[0].text
    assert advisor.analyses == 1
    # another position is another analysis
    state = created["state"]
    action = next(a for a in state["legal"] if len(a) == 2 and a != "66")
    assert api.act(created["match_id"], created["token"], {"action": action}).status_code == 200
    seat = Seat(server.base, created["match_id"], created["token"])
    seat.wait(lambda s: bool(s["legal"]))
    assert api.request("GET", hint_path(created), created["token"]).status_code == 200
    assert advisor.analyses == 2
    seat.close()
    api.close()


def test_a_full_analysis_queue_is_refused_with_retry_after(make_server: Callable[..., ServerThread]) -> None:
    limits = Limits(rates={}, analysis_queue=1)
    server = make_server(seed=9, limits=limits, hint_budget=Budget(seconds=1.0))
    api = Api(server.base)
    first, second = api.create(level=3), api.create(level=3)
    started = threading.Event()
    answers: list[httpx.Response] = []

    def ask_first() -> None:
        started.set()
        answers.append(get(server.base, hint_path(first), first["token"]))

    thread = threading.Thread(target=ask_first)
    thread.start()
    started.wait()
    deadline = time.monotonic() + 10
    while not server.service.advisor.running:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    refused = api.request("GET", hint_path(second), second["token"])
    assert refused.status_code == 503, refused.text
    assert refused.json()["error"]["code"] == "busy" and int(refused.headers["retry-after"]) >= 1
    thread.join(120)
    assert answers and answers[0].status_code == 200
    assert get(server.base, hint_path(second), second["token"]).status_code == 200  # may wait: a loaded machine
    api.close()


@pytest.mark.slow
def test_the_computer_moves_while_hints_are_analysed(make_server: Callable[..., ServerThread]) -> None:
    server = make_server(seed=10, hint_budget=Budget(seconds=2.0))
    api = Api(server.base)
    flooded = [api.create(level=3) for _ in range(3)]
    flood = ThreadPoolExecutor(3)
    pending = [flood.submit(get, server.base, hint_path(c), c["token"]) for c in flooded]
    deadline = time.monotonic() + 10
    while not server.service.advisor.running:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    # meanwhile a level-4 computer (it thinks in the computer's threads) answers a move at once
    created = api.create(level=4)
    seat = Seat(server.base, created["match_id"], created["token"])
    action = next(a for a in seat.state["legal"] if len(a) == 2 and a != "66")
    version = seat.state["version"]
    seat.act(action, version)
    seat.wait(lambda s: s["version"] >= version + 2 or s["deal"]["outcome"] is not None)
    # the three 2 s analyses were still in flight when the computer answered: it did not wait for them
    # (the benchmark bench/web_hints.py measures by how much they slow it)
    assert server.service.advisor.running
    seat.close()
    for future in pending:
        assert future.result(120).status_code == 200
    flood.shutdown()
    api.close()


def test_the_analysis_process_ends_with_the_server(make_server: Callable[..., ServerThread]) -> None:
    server = make_server(seed=11, hint_budget=Budget(seconds=30.0))
    created = Api(server.base).create(level=3)
    asking = threading.Thread(target=hint_quietly, args=(server.base, created))
    asking.start()
    deadline = time.monotonic() + 30
    while not server.service.advisor.running or not multiprocessing.active_children():
        assert time.monotonic() < deadline
        time.sleep(0.05)
    # the analysis has begun: handed to the analysis process, which is alive
    workers = multiprocessing.active_children()
    server.stop()  # in the middle of a 30 s analysis
    deadline = time.monotonic() + 20
    while any(worker.is_alive() for worker in workers):
        assert time.monotonic() < deadline, "an analysis process outlived the server"
        time.sleep(0.05)
    asking.join(30)


def hint_quietly(base: str, created: dict[str, Any]) -> None:
    """A hint request whose answer does not matter (the server stops before it comes)."""
    with contextlib.suppress(httpx.HTTPError):
        get(base, hint_path(created), created["token"])
