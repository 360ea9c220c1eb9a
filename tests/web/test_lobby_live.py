"""The lobby's live lists: ``/api/lobby/socket`` pushes the seeks, the challenges and the live matches when they
change (on SQLite and PostgreSQL, and from one server process to another), within its bounds; stale
offers are cleaned away once across processes."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from sixtysix.web import notify, schema
from sixtysix.web.account_api import COOKIE
from sixtysix.web.lobby import CLEAN_SECONDS, ENDED_SECONDS, SEEK_SECONDS
from sixtysix.web.lobby_live import MAX_MESSAGE, MAX_SOCKETS, SOCKETS_PER_CLIENT
from sixtysix.web.middleware import ServerTime

from .conftest import ServerProcess, ServerThread, both_databases
from .test_accounts import Browser
from .test_lobby import signed_up
from .test_notify import cut_listeners


class LobbyClient:
    """One lobby socket, with a browser's session cookie (or none) and an Origin (or none)."""

    def __init__(self, base: str, cookie: str | None = None, origin: str | None = None) -> None:
        headers = {"Cookie": f"{COOKIE}={cookie}"} if cookie else {}
        if origin is not None:
            headers["Origin"] = origin
        url = base.replace("http://", "ws://") + "/api/lobby/socket"
        self.ws: ClientConnection = connect(url, open_timeout=10, additional_headers=headers).__enter__()

    def receive(self, timeout: float = 30) -> dict[str, Any]:
        found: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        return found

    def lists(self, timeout: float = 30) -> dict[str, Any]:
        """The next ``lobby`` message (the lists), skipping any other."""
        while True:
            found = self.receive(timeout)
            if found["type"] == "lobby":
                return found

    def until(self, predicate: Any, timeout: float = 30) -> dict[str, Any]:
        """The first ``lobby`` message whose lists satisfy ``predicate`` (each push is a change)."""
        while True:
            found = self.lists(timeout)
            if predicate(found):
                return found

    def close(self) -> None:
        self.ws.close()


def seen(server: ServerThread, predicate: Callable[[], bool], timeout: float = 30) -> None:
    """Wait until the server's state satisfies ``predicate``: one round trip to it at a time, never a sleep."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "the server did not get there"
        httpx.get(f"{server.base}/api/lobby")


def names(lists: dict[str, Any]) -> list[str]:
    return [seek["name"] for seek in lists["seeks"]]


@both_databases
def test_a_seek_and_a_challenge_are_pushed_to_the_open_lobby_sockets_each_with_its_own_lists(
    server: ServerThread,
) -> None:
    ann, bea = signed_up(server, "Ann"), signed_up(server, "Bea")
    bea_socket, anonymous = LobbyClient(server.base, bea.cookie), LobbyClient(server.base)
    try:
        first = bea_socket.lists()
        assert first["seeks"] == [] and first["mine"] == {"made": [], "received": []} and first["live"] == []
        assert anonymous.lists()["mine"] is None
        seek = ann.post("/api/seeks", {"target": 3}).json()["seek"]
        pushed = bea_socket.lists()  # no request of Bea's: the change came to her
        assert [s["id"] for s in pushed["seeks"]] == [seek["id"]] and pushed["version"] > first["version"]
        assert names(anonymous.lists()) == ["Ann"]
        challenge = ann.post("/api/challenges", {"name": "Bea", "target": 3}).json()["challenge"]
        pushed = bea_socket.lists()
        assert [c["id"] for c in pushed["mine"]["received"]] == [challenge["id"]]
        assert anonymous.lists()["mine"] is None  # nobody else hears of the challenge
        assert bea.post("/api/account/logout").status_code == 200
        ann.post("/api/seeks", {"target": 5})
        assert bea_socket.lists()["mine"] is None  # the session is checked again at each push
    finally:
        bea_socket.close()
        anonymous.close()


def test_the_lobby_socket_pushes_and_answers_without_the_servers_direct_path(make_server: Any) -> None:
    """Under another server (uvicorn's own WebSocket protocol): a writer task sends what is queued."""
    server = make_server(direct=False)
    ann = signed_up(server, "Ann")
    socket = LobbyClient(server.base, ann.cookie)
    try:
        assert socket.lists()["mine"] == {"made": [], "received": []}
        ann.post("/api/seeks", {"target": 3})
        pushed = socket.lists()
        assert names(pushed) == ["Ann"] and [s["name"] for s in pushed["mine"]["made"]] == ["Ann"]
        socket.ws.send(json.dumps({"type": "ping"}))
        assert socket.receive() == {"type": "pong"}
    finally:
        socket.close()
    live = server.app.state.lobby_live
    seen(server, lambda: not live.sockets)  # the server sees the socket go, and counts it no more
    assert not live.clients


def test_a_live_match_is_pushed_to_the_lobby_sockets(server: ServerThread) -> None:
    socket = LobbyClient(server.base)
    try:
        assert socket.lists()["live"] == []
        created = httpx.post(f"{server.base}/api/matches", json={"opponent": "computer", "level": 1})
        assert created.status_code == 201
        server.app.state.lobby_live.check_live()  # what runs every LIVE_SECONDS, at once
        found = socket.receive()
        assert found["type"] == "live" and [m["match_id"] for m in found["live"]] == [created.json()["match_id"]]
    finally:
        socket.close()


def refusal(socket: LobbyClient) -> tuple[str, int | None]:
    """The error code a refused socket is sent, and its close code."""
    message = socket.receive()
    assert message["type"] == "error", message
    with pytest.raises(ConnectionClosed):  # then closed
        socket.ws.recv(timeout=10)
    return message["error"]["code"], socket.ws.close_code


def test_lobby_sockets_are_bounded_per_address_refused_to_other_sites_and_read_only_pings(
    server: ServerThread,
) -> None:
    ann = signed_up(server, "Ann")
    opened = [LobbyClient(server.base) for _ in range(SOCKETS_PER_CLIENT)]
    try:
        for socket in opened:
            assert socket.lists()["type"] == "lobby"
        assert refusal(LobbyClient(server.base)) == ("too_many_sockets", 4429)
        opened.pop().close()
        live = server.app.state.lobby_live
        seen(server, lambda: len(live.sockets) < SOCKETS_PER_CLIENT)  # the server sees the socket go
        opened.append(LobbyClient(server.base))
        assert opened[-1].lists()["type"] == "lobby"  # room for one again
        assert refusal(LobbyClient(server.base, ann.cookie, origin="https://evil.example"))[1] == 4403
        live.max_sockets = len(live.sockets) - 1  # a process full of other addresses' sockets
        assert refusal(LobbyClient(server.base, ann.cookie)) == ("lobby_full", 4503)
        live.max_sockets = MAX_SOCKETS
        socket = opened[0]
        socket.ws.send(json.dumps({"type": "ping"}))
        assert socket.receive() == {"type": "pong"}
        for text in ("hello", json.dumps({"type": "seek"}), json.dumps({"type": "ping", "x": "a" * MAX_MESSAGE})):
            socket.ws.send(text)
            answer = socket.receive()
            assert answer["type"] == "error" and answer["error"]["code"] == "malformed", answer
    finally:
        for socket in opened:
            socket.close()


def test_a_socket_whose_push_is_unavailable_leaves_the_version_for_polling(server: ServerThread) -> None:
    """The page falls back to polling ``GET /api/lobby``: its version moves with every change as before."""
    ann = signed_up(server, "Ann")
    before = httpx.get(f"{server.base}/api/lobby").json()["version"]
    ann.post("/api/seeks", {})
    assert httpx.get(f"{server.base}/api/lobby").json()["version"] == before + 1


def seek_rows(server: ServerThread) -> list[tuple[str, str]]:
    """(maker, state) of every offer stored."""
    s, a = schema.seeks, schema.accounts
    with server.service.store.transaction() as db:
        rows = db.execute(select(a.c.name, s.c.state).join(a, a.c.id == s.c.account_id).order_by(s.c.id)).all()
    return [(str(name), str(state)) for name, state in rows]


@both_databases
def test_stale_offers_are_cleaned_once_across_processes_and_the_lists_say_nothing_of_them(
    make_server: Any,
) -> None:
    clock = ServerTime()
    clock.advance(CLEAN_SECONDS - clock.wall() % CLEAN_SECONDS + 1)  # at a period's start: the test ends in it
    first, second = make_server(server_time=clock), make_server(server_time=clock)  # two servers, one database
    ann, bea = signed_up(first, "Ann"), signed_up(first, "Bea")
    ann.post("/api/seeks", {"target": 3})
    bea.post("/api/seeks", {"target": 5})
    ann.post("/api/challenges", {"name": "Bea"})
    assert bea.post("/api/account/logout").status_code == 200  # Bea is gone: her seek is stale
    socket = LobbyClient(first.base)  # on SQLite, the process that cleans tells its own sockets
    try:
        assert names(socket.lists()) == ["Ann", "Bea"]
        assert first.app.state.lobby_live.sweep() is True
        assert second.app.state.lobby_live.sweep() is False  # claimed by the first for CLEAN_SECONDS
        assert names(socket.until(lambda lists: names(lists) == ["Ann"])) == ["Ann"]
        assert seek_rows(first) == [("Ann", "open"), ("Bea", "expired"), ("Ann", "open")]
        clock.advance(CLEAN_SECONDS)
        assert second.app.state.lobby_live.sweep() is True  # the next period: one of them again
        assert first.app.state.lobby_live.sweep() is False
        clock.advance(SEEK_SECONDS)
        assert first.app.state.lobby_live.sweep() is True
        assert seek_rows(first) == [("Ann", "expired"), ("Bea", "expired"), ("Ann", "expired")]
        assert socket.until(lambda lists: lists["seeks"] == [])["seeks"] == []
        assert httpx.get(f"{second.base}/api/seeks").json()["seeks"] == []
        assert bea.log_in("Bea").status_code == 200
        assert bea.get("/api/seeks/mine").json()["received"] == []  # the stale challenge is not offered
        clock.advance(ENDED_SECONDS)
        assert second.app.state.lobby_live.sweep() is True
        assert seek_rows(first) == []  # ended long ago: removed
    finally:
        socket.close()
    with first.service.store.transaction() as db:
        assert db.execute(select(func.count()).select_from(schema.seeks)).scalar_one() == 0


@pytest.mark.slow
def test_a_seek_made_on_one_server_process_is_pushed_to_a_lobby_socket_on_another(postgres_url: str) -> None:
    first, second = ServerProcess(postgres_url), ServerProcess(postgres_url)
    ann = Browser(first.base)
    socket: LobbyClient | None = None
    try:
        assert ann.sign_up("Ann").status_code == 201
        socket = LobbyClient(second.base)
        before = socket.lists()
        assert before["seeks"] == []
        seek = ann.post("/api/seeks", {"target": 3}).json()["seek"]  # on the first process
        pushed = socket.lists()  # on the second, through LISTEN/NOTIFY
        assert [s["id"] for s in pushed["seeks"]] == [seek["id"]] and pushed["version"] > before["version"]
    finally:
        if socket is not None:
            socket.close()
        ann.close()
        first.stop()
        second.stop()


def test_a_seek_made_while_the_other_process_was_not_listening_is_pushed_once_it_listens_again(
    postgres_url: str, make_server: Callable[..., ServerThread], monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = make_server(postgres_url), make_server(postgres_url)
    ann = Browser(first.base)
    socket = LobbyClient(second.base)
    try:
        assert ann.sign_up("Ann").status_code == 201
        assert socket.lists()["seeks"] == []
        monkeypatch.setattr(notify, "RECONNECT_SECONDS", 3.0)  # the seek is made well before it listens again
        assert cut_listeners(postgres_url, notify.LOBBY_CHANNEL) == 2
        seek = ann.post("/api/seeks", {"target": 3}).json()["seek"]  # its notification reaches no one
        pushed = socket.until(lambda lists: lists["seeks"], timeout=30)  # the reconnection pushes the lists
        assert [s["id"] for s in pushed["seeks"]] == [seek["id"]]
    finally:
        socket.close()
        ann.close()
