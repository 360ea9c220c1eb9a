"""Bounded by design (docs/web.md, "Limits"): a body of any size is refused while it streams, with the
server's memory flat; every endpoint that writes or computes has a rate limit; X-Forwarded-For is
believed only from the configured proxies; a WebSocket message over the limit closes the socket."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from sixtysix.web.limits import MAX_BODY, Limits, Rate
from sixtysix.web.server import WS_MAX_SIZE

from .conftest import Api, ServerProcess, ServerThread

HUGE = 200 * 1024 * 1024
CHUNK = 256 * 1024


def huge_body() -> Iterator[bytes]:
    """200 MiB of JSON-looking bytes, made chunk by chunk (never held whole by the test either)."""
    chunk = b" " * CHUNK
    yield b'{"padding": "'
    for _ in range(HUGE // CHUNK):
        yield chunk


def peak_rss_kib(pid: int) -> int:
    """The process's peak resident memory (VmHWM, KiB)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError("no VmHWM")


@pytest.fixture
def process(tmp_path: Path) -> Iterator[ServerProcess]:
    server = ServerProcess(tmp_path / "bounded.sqlite3")
    yield server
    server.stop()


def test_a_200_mib_body_is_refused_on_every_endpoint_with_the_servers_memory_flat(process: ServerProcess) -> None:
    api = Api(process.base)
    created = api.create(level=1)
    friend = api.create(opponent="friend")
    match_id, token = created["match_id"], created["token"]
    solver = api.request("POST", "/api/puzzles/solver").json()
    endpoints = [
        ("/api/matches", None),
        ("/api/join", None),
        (f"/api/matches/{match_id}/actions", token),
        ("/api/verify", None),
        ("/api/history", None),
        ("/api/puzzles/1/answer", solver.get("token")),
    ]
    unread = [(f"/api/matches/{match_id}/rematch", token), ("/api/commitments", None), ("/api/no-such-endpoint", None)]
    # every endpoint has been used once (its code loaded, its caches warm) before the peak is read
    for path, seat in endpoints:
        api.request("POST", path, seat, json={})
    api.request("POST", "/api/commitments")
    assert api.join(friend["invite"]["code"], "Bob").status_code == 201
    before = peak_rss_kib(process.process.pid)
    for path, seat in [*endpoints, *unread]:
        headers = {"Authorization": f"Bearer {seat}"} if seat else {}
        # a declared length over the limit: refused before a byte of the body is read
        sized = api.http.post(path, content=huge_body(), headers={**headers, "Content-Length": str(HUGE + 13)})
        assert sized.status_code == 413, (path, sized.text)
        assert sized.json()["error"]["code"] == "malformed"
        assert "Content-Security-Policy" in sized.headers
    for path, seat in endpoints:  # (those that read no body answer as usual, the body dropped unread)
        headers = {"Authorization": f"Bearer {seat}"} if seat else {}
        # no length (chunked): counted as it streams, refused at the first chunk past the limit
        chunked = api.http.post(path, content=huge_body(), headers=headers)
        assert chunked.status_code == 413, (path, chunked.text)
    grown = peak_rss_kib(process.process.pid) - before
    assert grown < 8 * 1024, f"the server's peak memory grew by {grown} KiB"
    # and it still serves
    assert api.state(match_id, token)["match_id"] == match_id
    api.close()


def test_a_body_just_under_the_limit_is_read_and_one_just_over_is_refused(server: ServerThread) -> None:
    api = Api(server.base)
    fits = b'{"record": "' + b" " * (MAX_BODY - 20) + b'"}'
    read = api.request("POST", "/api/verify", content=fits)  # read and judged: an empty record
    assert read.status_code != 413 and "record" in read.json()["error"]["message"].lower(), read.text
    over = b'{"record": "' + b" " * MAX_BODY + b'"}'
    chunks = (over[i : i + 1000] for i in range(0, len(over), 1000))
    refused = api.request("POST", "/api/verify", content=chunks)
    assert refused.status_code == 413 and refused.json()["error"]["code"] == "malformed"
    api.close()


def test_a_websocket_message_over_the_limit_closes_the_socket(server: ServerThread, api: Api) -> None:
    created = api.create(level=1)
    url = server.base.replace("http", "ws") + f"/ws/matches/{created['match_id']}"
    with connect(url, additional_headers={"Authorization": f"Bearer {created['token']}"}) as socket:
        socket.recv(10)
        socket.send("x" * (WS_MAX_SIZE + 1))
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(10):
                socket.recv(10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # message too big


@pytest.mark.parametrize(
    ("kind", "request_of"),
    [
        ("join", lambda api: api.request("POST", "/api/join", json={"code": "nothing"})),
        ("commitment", lambda api: api.request("POST", "/api/commitments")),
        ("history", lambda api: api.request("POST", "/api/history", json={"tokens": []})),
        ("answer", lambda api: api.request("POST", "/api/puzzles/1/answer", json={"action": "play Ah"})),
        ("verify", lambda api: api.request("POST", "/api/verify", json={"record": ""})),
    ],
)
def test_every_endpoint_that_writes_or_computes_is_limited_per_address(
    make_server: Callable[..., ServerThread], kind: str, request_of: Callable[[Api], httpx.Response]
) -> None:
    server = make_server(limits=Limits(rates={kind: Rate(2, 600.0)}))
    api = Api(server.base)
    for _ in range(2):
        assert request_of(api).status_code != 429
    refused = request_of(api)
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
    assert int(refused.headers["Retry-After"]) >= 1
    api.close()


def test_the_default_limits_cover_every_writing_endpoint() -> None:
    assert {"create", "join", "commitment", "hint", "review", "verify", "history", "solver", "answer"} <= set(
        Limits().rates
    )


def forwarded_commitments(base: str) -> list[int]:
    """Three commitments asked for from 127.0.0.1, each claiming another forwarded address."""
    with httpx.Client(base_url=base, timeout=30) as http:
        return [
            http.post("/api/commitments", headers={"X-Forwarded-For": f"203.0.113.{n}"}).status_code for n in range(3)
        ]


def test_a_forwarded_address_is_not_believed_by_default(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "forwarded.sqlite3", options=["--forwarded-allow-ips", ""])
    try:
        with httpx.Client(base_url=server.base, timeout=30) as http:
            for _ in range(60):  # the default share of commitments of one address, 60 a minute
                http.post("/api/commitments")
        assert forwarded_commitments(server.base) == [429, 429, 429]  # still 127.0.0.1's share
    finally:
        server.stop()


def test_a_forwarded_address_is_believed_from_a_configured_proxy(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "proxied.sqlite3", options=["--forwarded-allow-ips", "127.0.0.1"])
    try:
        with httpx.Client(base_url=server.base, timeout=30) as http:
            for _ in range(60):
                http.post("/api/commitments")
            assert http.post("/api/commitments").status_code == 429
        assert forwarded_commitments(server.base) == [201, 201, 201]  # each its own client
    finally:
        server.stop()
