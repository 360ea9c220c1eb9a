"""Bounded by design (docs/web.md, "Limits"): a body of any size is refused while it streams, with the
server's memory flat; every endpoint that writes or computes has a rate limit; X-Forwarded-For is
believed only from the configured proxies; a WebSocket message over the limit closes the socket; a
record, a list of tokens and a puzzle answer have their own smaller limits, and the commitments offered
and the rate buckets kept stay within theirs."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from sixtysix.web.fairness import MAX_RECORD
from sixtysix.web.history import MAX_TOKENS
from sixtysix.web.limits import MAX_BODY, Limits, Rate
from sixtysix.web.messages import sentence
from sixtysix.web.middleware import ServerTime
from sixtysix.web.puzzles_api import MAX_BODY as MAX_ANSWER
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
    kinds = {"create", "join", "commitment", "hint", "review", "verify", "history", "solver", "answer", "action"}
    assert kinds <= set(Limits().rates)
    assert (Limits().rate_buckets, Limits().pending_commitments) == (10_000, 10_000)


def refusal(response: httpx.Response) -> tuple[int, str, str]:
    error = response.json()["error"]
    return response.status_code, error["code"], error["message"]


def test_a_record_over_60_kib_is_refused_and_one_of_60_kib_is_checked(server: ServerThread, api: Api) -> None:
    assert MAX_RECORD == 60 * 1024
    header = '[Format "66R 1"]\n'
    at_limit = header + " " * (MAX_RECORD - len(header))  # a record with no deal, exactly at the limit
    read = api.request("POST", "/api/verify", json={"record": at_limit})
    assert "longer than" not in read.text, read.text  # read and judged on what it holds
    refused = api.request("POST", "/api/verify", json={"record": at_limit + " "})
    assert refusal(refused) == (400, "malformed", sentence("server.record_too_long", limit=MAX_RECORD).text())
    assert len(refused.request.content) < MAX_BODY  # refused by the record's limit, not the body's


def test_a_history_of_1000_tokens_is_listed_and_one_of_1001_is_refused(server: ServerThread, api: Api) -> None:
    assert MAX_TOKENS == 1000
    created = api.create(level=1)
    tokens = [created["token"], *(f"unknown-{n}" for n in range(MAX_TOKENS - 1))]
    listed = api.request("POST", "/api/history", json={"tokens": tokens})
    assert listed.status_code == 200, listed.text
    assert [m["match_id"] for m in listed.json()["matches"]] == [created["match_id"]]
    assert listed.json()["unknown"] == MAX_TOKENS - 1
    refused = api.request("POST", "/api/history", json={"tokens": [*tokens, "one-more"]})
    assert refusal(refused) == (400, "malformed", sentence("server.too_many_tokens", count=MAX_TOKENS).text())


def padded(body: dict[str, object], size: int) -> bytes:
    """``body`` as JSON of exactly ``size`` bytes (spaces after it)."""
    text = json.dumps(body).encode()
    assert len(text) <= size
    return text + b" " * (size - len(text))


def test_a_puzzle_answer_of_1_kib_is_judged_and_one_byte_more_is_refused(server: ServerThread, api: Api) -> None:
    assert MAX_ANSWER == 1024
    legal = api.request("GET", "/api/puzzles/1").json()["puzzle"]["legal"][0]["token"]
    judged = api.request("POST", "/api/puzzles/1/answer", content=padded({"action": legal}, MAX_ANSWER))
    assert judged.status_code == 200 and isinstance(judged.json()["correct"], bool), judged.text
    refused = api.request("POST", "/api/puzzles/1/answer", content=padded({"action": legal}, MAX_ANSWER + 1))
    assert refusal(refused) == (413, "malformed", sentence("server.body_too_large", limit=MAX_ANSWER).text())


def test_commitments_offered_are_kept_up_to_the_limit_the_oldest_dropped_first(
    make_server: Callable[..., ServerThread],
) -> None:
    server = make_server(limits=dataclasses.replace(Limits.off(), pending_commitments=3))
    api = Api(server.base)
    tickets = []
    for _ in range(5):
        offered = api.request("POST", "/api/commitments")
        assert offered.status_code == 201
        tickets.append(offered.json()["ticket"])
        assert len(server.service.matches.commitments.pending) <= 3
    for dropped in tickets[:2]:
        stale = api.request("POST", "/api/matches", json={"commitment_ticket": dropped, "level": 1})
        assert (stale.status_code, stale.json()["error"]["code"]) == (409, "stale_commitment")
    for kept in tickets[2:]:
        assert api.request("POST", "/api/matches", json={"commitment_ticket": kept, "level": 1}).status_code == 201
    api.close()


def test_the_rate_buckets_stay_within_their_limit_refilled_ones_dropped_first(
    make_server: Callable[..., ServerThread],
) -> None:
    clock = ServerTime()
    limits = Limits(rates={"commitment": Rate(1, 600.0)}, rate_buckets=5)
    server = make_server(limits=limits, server_time=clock, forwarded_allow_ips=("127.0.0.1",))
    buckets = server.service.limiter.buckets
    http = httpx.Client(base_url=server.base, timeout=30)

    def commit(address: str) -> int:
        status = http.post("/api/commitments", headers={"X-Forwarded-For": address}).status_code
        assert len(buckets) <= 5
        return status

    assert [commit(f"203.0.113.{n}") for n in range(4)] == [201] * 4  # four buckets, each emptied
    clock.advance(600)  # ... and now refilled
    assert [commit("198.51.100.1"), commit("198.51.100.1")] == [201, 429]  # the fifth bucket: full, empty
    assert commit("198.51.100.2") == 201  # a sixth: the four refilled ones are dropped, the empty one kept
    assert len(buckets) == 2
    assert commit("198.51.100.1") == 429  # so that address is still refused
    # a flood of addresses, none refilled: the buckets start afresh rather than grow
    assert [commit(f"192.0.2.{n}") for n in range(20)] == [201] * 20
    http.close()


def forwarded_commitments(base: str, count: int = 3) -> list[int]:
    """Commitments asked for from 127.0.0.1, each claiming another forwarded address."""
    with httpx.Client(base_url=base, timeout=30) as http:
        return [
            http.post("/api/commitments", headers={"X-Forwarded-For": f"203.0.113.{n}"}).status_code
            for n in range(count)
        ]


def use_up_commitments(http: httpx.Client) -> None:
    """Ask for commitments from 127.0.0.1 until its share (60 a minute) is refused: however slow the
    machine, the bucket is then empty (it refills one a second)."""
    answers = [http.post("/api/commitments").status_code for _ in range(60)]
    while answers[-1] != 429:
        assert len(answers) < 200, answers
        answers.append(http.post("/api/commitments").status_code)


def test_a_forwarded_address_is_not_believed_by_default(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "forwarded.sqlite3", options=["--forwarded-allow-ips", ""])
    try:
        with httpx.Client(base_url=server.base, timeout=30) as http:
            use_up_commitments(http)
        # still 127.0.0.1's empty share (believed, each address would have a fresh one: all 201); a
        # token that came back while they were sent (one a second) may let one through
        assert 429 in forwarded_commitments(server.base, count=10)
    finally:
        server.stop()


def test_a_forwarded_address_is_believed_from_a_configured_proxy(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "proxied.sqlite3", options=["--forwarded-allow-ips", "127.0.0.1"])
    try:
        with httpx.Client(base_url=server.base, timeout=30) as http:
            use_up_commitments(http)
        assert forwarded_commitments(server.base) == [201, 201, 201]  # each its own client
    finally:
        server.stop()
