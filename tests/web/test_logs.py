"""No secret in any log (docs/web.md, "Security"): a whole match between friends over HTTP and the
WebSocket, with every logger of the process at its lowest level (uvicorn's TRACE, the access log on,
the websockets library's frame and header lines), served through the app's own uvicorn setup
(:func:`sixtysix.web.server.uvicorn_config`): no seat token and no invitation code is in any line."""

from __future__ import annotations

import json
import logging
import os
import random
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from sixtysix.web.fairness import server_seed
from sixtysix.web.logs import redact

from .conftest import Api, Seat, ServerProcess, ServerThread, pick, stored

CLIENT_LOGGERS = ("websockets.client", "httpx", "httpcore")
"""The test's own clients log what they send (they hold the tokens): not the server's logs."""


class Capture(logging.Handler):
    """Every record, formatted, with its exception text."""

    def __init__(self) -> None:
        super().__init__(level=1)
        self.lines: list[str] = []
        self.setFormatter(logging.Formatter("%(name)s %(levelname)s %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.startswith(CLIENT_LOGGERS):
            return
        self.lines.append(self.format(record))


@pytest.fixture
def verbose_server(make_server: Callable[..., ServerThread]) -> Iterator[tuple[ServerThread, Capture]]:
    capture = Capture()
    server = make_server(seed=3, log_level="trace", access_log=True)
    # after uvicorn configured its loggers: everything at the lowest level, into the capture
    loggers = [logging.getLogger(), *(logging.getLogger(name) for name in list(logging.root.manager.loggerDict))]
    saved = [(logger, logger.level) for logger in loggers]
    for logger in loggers:
        logger.setLevel(1)
        logger.addHandler(capture)
    yield server, capture
    for logger, level in saved:
        logger.setLevel(level)
        logger.removeHandler(capture)


def test_no_token_or_invitation_code_reaches_any_log(verbose_server: tuple[ServerThread, Capture]) -> None:
    server, capture = verbose_server
    api = Api(server.base)
    created = api.create(opponent="friend", name="Alice", target=1)
    code = created["invite"]["code"]
    assert api.request("GET", f"/?join={code}").status_code == 200  # the invitation link, as a browser opens it
    assert api.request("GET", f"/api/invitations/{code}").status_code == 200
    joined = api.join(code, "Bob").json()
    match_id = created["match_id"]
    tokens = {1: created["token"], 2: joined["token"]}
    seats = {seat: Seat(server.base, match_id, token) for seat, token in tokens.items()}
    rng = random.Random(5)
    while seats[1].state["status"] != "over":
        for number, seat in seats.items():
            if seat.state["legal"] and seat.state["status"] != "over":
                answer = seat.act(pick(seat.state, rng), seat.state["version"])
                assert answer["type"] in ("state", "patch", "error"), answer
                version = seats[number].state["version"]
                seats[3 - number].wait(lambda s, v=version: s["version"] >= v)
                break
    # the older ways of sending a token: a query parameter and the Authorization header
    assert api.request("GET", f"/api/matches/{match_id}/record?token={tokens[1]}").status_code == 200
    assert api.request("GET", f"/api/matches/{match_id}", tokens[2]).status_code == 200
    for seat in seats.values():
        seat.close()
    api.close()

    text = "\n".join(capture.lines)
    # the capture saw what would leak: access lines, WebSocket lines, request headers and frames
    assert '"GET /?join=[redacted] HTTP/1.1" 200' in text
    assert f'"WebSocket /ws/matches/{match_id}" [accepted]' in text
    assert "< TEXT [redacted]" in text and "> TEXT [redacted]" in text
    assert "record?token=[redacted]" in text
    for secret in (*tokens.values(), code):
        assert secret not in text
        assert secret[:12] not in text  # nor a piece of one (a frame's start)


def test_sixtysix_serve_at_debug_with_the_access_log_writes_no_secret(tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    server = ServerProcess(tmp_path / "serve.sqlite3", log=log)
    try:
        api = Api(server.base)
        created = api.create(opponent="friend", name="Alice")
        code = created["invite"]["code"]
        api.request("GET", f"/?join={code}")
        api.request("GET", f"/api/invitations/{code}")
        joined = api.join(code, "Bob").json()
        tokens = (created["token"], joined["token"])
        seat = Seat(server.base, created["match_id"], tokens[0])
        answer = seat.act(seat.state["legal"][0], seat.state["version"])
        assert stored(answer), answer
        seat.close()
        api.request("GET", f"/api/matches/{created['match_id']}/record?token={tokens[1]}")
        api.close()
    finally:
        server.stop()
    text = log.read_text()
    assert '"GET /?join=[redacted] HTTP/1.1" 200' in text and "[accepted]" in text and "< TEXT [redacted]" in text
    for secret in (*tokens, code):
        assert secret not in text and secret[:12] not in text


@pytest.mark.parametrize(
    ("line", "secret"),
    [
        ('127.0.0.1:1 - "WebSocket /ws/matches/m?token=SECRET123" [accepted]', "SECRET123"),
        ("< authorization: Bearer SECRET123", "SECRET123"),
        ("< Sec-WebSocket-Protocol: sixtysix, SECRET123", "SECRET123"),
        ("< Cookie: seat=SECRET123", "SECRET123"),
        ('{"match_id": "m", "token": "SECRET123"}', "SECRET123"),
        ('< TEXT \'{"type":"auth","token":"SECRET123"}\' [37 bytes]', "SECRET123"),
        ('"POST /api/invitations/SECRET123 HTTP/1.1"', "SECRET123"),
        ("Started scope={'path': '/', 'query_string': b'join=SECRET123'}", "SECRET123"),
    ],
)
def test_redact_cuts_every_form_a_secret_takes_in_a_log_line(line: str, secret: str) -> None:
    assert secret not in redact(line) and "[redacted]" in redact(line)


def test_sixtysix_serve_with_json_logs_writes_one_object_a_line_and_no_secret(tmp_path: Path) -> None:
    """A whole match between friends, served with ``--log-format json`` at debug with the access log: every
    line is a JSON object with its time, level, logger and message, the lines of a match's requests carry
    its id, and no seat token, invitation code, fairness secret or server seed is in any of them."""
    log, db = tmp_path / "serve.log", tmp_path / "serve.sqlite3"
    server = ServerProcess(db, log=log, options=["--log-format", "json"])
    try:
        api = Api(server.base)
        created = api.create(opponent="friend", name="Alice", target=1)
        code = created["invite"]["code"]
        api.request("GET", f"/?join={code}")
        api.request("GET", f"/api/invitations/{code}")
        joined = api.join(code, "Bob").json()
        match_id = created["match_id"]
        tokens = {1: created["token"], 2: joined["token"]}
        seats = {number: Seat(server.base, match_id, token) for number, token in tokens.items()}
        rng = random.Random(11)
        while seats[1].state["status"] != "over":
            mover = next((s for s in seats.values() if s.state["legal"] and s.state["status"] != "over"), None)
            if mover is None:
                seats[1].receive()
                continue
            answer = mover.act(pick(mover.state, rng), mover.state["version"])
            assert answer["type"] in ("state", "patch", "error"), answer
            version = mover.state["version"]
            for seat in seats.values():
                seat.wait(lambda s, v=version: s["version"] >= v)
        api.request("GET", f"/api/matches/{match_id}/record?token={tokens[1]}")
        assert api.state(match_id, tokens[2])["status"] == "over"
        for seat in seats.values():
            seat.close()
        api.close()
    finally:
        server.stop()
    with sqlite3.connect(db) as connection:
        (secret,) = connection.execute("SELECT fairness_secret FROM matches WHERE id = ?", (match_id,)).fetchone()
        (deals,) = connection.execute("SELECT COUNT(*) FROM deals WHERE match_id = ?", (match_id,)).fetchone()
    seeds = [server_seed(secret, number) for number in range(1, deals + 2)]  # the next deal's was never revealed
    lines = log.read_text().splitlines()
    entries = [json.loads(line) for line in lines]
    assert all(isinstance(entry, dict) for entry in entries)
    assert all({"time", "level", "logger", "message"} <= entry.keys() for entry in entries)
    assert {"uvicorn.access", "uvicorn.error", "sixtysix.web"} <= {entry["logger"] for entry in entries}
    ours = [entry for entry in entries if entry.get("match_id") == match_id]
    assert any(entry["logger"] == "uvicorn.access" and "/actions" not in entry["message"] for entry in ours)
    assert all(entry.get("request_id") for entry in ours)
    text = "\n".join(lines)
    assert '"GET /?join=[redacted] HTTP/1.1\\" 200' in text and "< TEXT [redacted]" in text
    for secret_text in (*tokens.values(), code, secret, *seeds):
        assert secret_text not in text and secret_text[:12] not in text


def test_sixtysix_worker_with_json_logs_writes_one_object_a_line(tmp_path: Path) -> None:
    """``sixtysix worker --log-format json``, as docs/deploy.md runs it beside JSON-logging servers: from its
    start (the schema's upgrade, the line naming its database) to its stop, every line is a JSON object."""
    command = [sys.executable, "-m", "sixtysix.cli", "worker", "--db", str(tmp_path / "worker.sqlite3")]
    command += ["--processes", "1", "--log-format", "json", "--log-level", "debug"]
    worker = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert worker.stderr is not None
    lines: list[str] = []
    try:
        for line in worker.stderr:  # until the line that says it takes jobs
            lines.append(line)
            if "taking jobs from" in line:
                break
    finally:
        worker.terminate()
        _, rest = worker.communicate(timeout=60)
    lines += rest.splitlines()
    entries = [json.loads(line) for line in lines if line.strip()]
    assert entries and all({"time", "level", "logger", "message"} <= entry.keys() for entry in entries)
    assert any("taking jobs from" in entry["message"] for entry in entries)
    assert {"alembic.runtime.migration", "sixtysix.web"} <= {entry["logger"] for entry in entries}


def test_no_password_or_session_cookie_reaches_any_log(verbose_server: tuple[ServerThread, Capture]) -> None:
    from .test_accounts import Browser

    server, capture = verbose_server
    ann = Browser(server.base)
    password, new = "correct horse battery", "battery staple horse"
    assert ann.sign_up("Ann", password).status_code == 201
    cookies = [ann.cookie]
    assert ann.log_in("Ann", password).status_code == 200
    cookies.append(ann.cookie)
    changed = ann.post("/api/account/password", {"password": password, "new_password": new})
    assert changed.status_code == 200
    cookies.append(ann.cookie)
    assert ann.post("/api/account/logout").status_code == 200
    ann.close()
    secrets = [password, new, *(c for c in cookies if c)]
    assert len(secrets) == 5 and capture.lines  # the lines were captured, the cookies were set
    leaked = [line for line in capture.lines for secret in secrets if secret in line or secret[:12] in line]
    assert leaked == []
