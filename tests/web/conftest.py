"""Helpers for the web app's tests: real servers on 127.0.0.1 and real HTTP and WebSocket clients.

``server`` runs the ASGI app with uvicorn in a thread of the test process, on a socket
bound to a free port; ``ServerProcess`` runs ``sixtysix serve`` as a child process (for the
restart tests). Clients are ``httpx`` and the ``websockets`` synchronous client.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.sync.client import ClientConnection, connect

from sixtysix import Rules
from sixtysix.ai.analysis import Budget
from sixtysix.core.actions import Action
from sixtysix.core.cards import CARD_NAMES, parse_card
from sixtysix.core.match import AnyMatch, create_match
from sixtysix.web import live
from sixtysix.web.app import create_app
from sixtysix.web.limits import Limits
from sixtysix.web.server import uvicorn_config
from sixtysix.web.store import Store

from .postgres import REQUIRE_VARIABLE, URL_VARIABLE, Cluster, binaries
from .postgres import required as postgres_required

CARD = re.compile(r"^[ATKQJ9][cdhs]$")


START_SECONDS = 120
"""How long a test server may take to start: it is waited for, never for a fixed time; this only
ends a hang (a loaded 2-core machine took more than 20 s to start ``sixtysix serve``)."""


class ServerThread:
    """The web app served by uvicorn in a background thread."""

    def __init__(
        self,
        db: Path | str,
        log_level: str = "warning",
        access_log: bool = False,
        direct: bool = True,
        forwarded_allow_ips: tuple[str, ...] = (),
        **options: Any,
    ) -> None:
        """``direct=False``: uvicorn's own WebSocket protocol (with deflate), as another server would
        run the app: the sockets go through ASGI, with a writer task each. ``forwarded_allow_ips``: the
        proxies whose ``X-Forwarded-For`` is believed (``sixtysix serve --forwarded-allow-ips``)."""
        self.db = db
        self.app = create_app(db, **options)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        config = uvicorn_config(
            self.app, log_level=log_level, access_log=access_log, forwarded_allow_ips=forwarded_allow_ips
        )
        if not direct:
            config.ws, config.ws_per_message_deflate = "websockets-sansio", True
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def service(self) -> Any:
        return self.app.state.service

    def start(self) -> ServerThread:
        self.thread.start()
        deadline = time.monotonic() + START_SECONDS
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()


FAST = {
    "think": 0.05,
    "review_seconds": None,
    "review_worlds": 2,
    "hint_budget": Budget(worlds=3),
    "limits": Limits.off(),
}


BACKENDS = ("sqlite", "postgresql")
both_databases = pytest.mark.parametrize("database", BACKENDS, indirect=True)
"""Runs a test on SQLite and on PostgreSQL: its ``database``, and the ``server`` and ``make_server`` on it."""


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster | None]:
    """The PostgreSQL server of the session (tests/web/postgres.py), ``None`` if there is none."""
    url = os.environ.get(URL_VARIABLE)
    if url:
        yield Cluster(url)
        return
    bin_dir = binaries()
    if bin_dir is None:
        yield None
        return
    cluster = Cluster.start(bin_dir)
    yield cluster
    cluster.stop()


@pytest.fixture
def postgres_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """The URL of a new empty PostgreSQL database, dropped after the test; skips (or fails, when
    required) without PostgreSQL."""
    cluster: Cluster | None = request.getfixturevalue("postgres_cluster")
    if cluster is None:
        message = f"PostgreSQL is not installed (nor is {URL_VARIABLE} set)"
        if postgres_required():
            pytest.fail(f"{message}, and {REQUIRE_VARIABLE}=1")
        pytest.skip(message)
    url = cluster.create_database()
    yield url
    cluster.drop_database(url)


@pytest.fixture
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The test's database: a new SQLite file, or with ``@both_databases`` also a new PostgreSQL database."""
    if getattr(request, "param", "sqlite") == "postgresql":
        url: str = request.getfixturevalue("postgres_url")
        return url
    return str(tmp_path / "web.sqlite3")


@pytest.fixture
def make_server(database: str) -> Iterator[Callable[..., ServerThread]]:
    servers: list[ServerThread] = []

    def make(db: Path | str | None = None, **options: Any) -> ServerThread:
        server = ServerThread(db or database, **{**FAST, **options}).start()
        servers.append(server)
        return server

    yield make
    for server in servers:
        server.stop()


@pytest.fixture
def server(make_server: Callable[..., ServerThread]) -> ServerThread:
    return make_server(seed=1)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServerProcess:
    """``sixtysix serve`` as a child process."""

    def __init__(
        self,
        db: Path | str | None,
        port: int | None = None,
        cwd: Path | None = None,
        log: Path | None = None,
        options: Sequence[str] = (),
    ) -> None:
        """``log``: run with ``--log-level debug --access-log``, both output streams into that file;
        ``options``: more options of ``sixtysix serve``."""
        self.db = db
        self.log = log
        self.port = port or free_port()
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        command = [sys.executable, "-m", "sixtysix.cli", "serve", "--port", str(self.port), "--think", "0.05"]
        command += options
        if db is not None:
            command += ["--db", str(db)]
        if log is None:
            self.process = subprocess.Popen(
                command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=cwd
            )
        else:
            with log.open("wb") as output:
                command += ["--log-level", "debug", "--access-log"]
                self.process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, env=env, cwd=cwd)
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                httpx.get(f"{self.base}/api/meta", timeout=1).raise_for_status()
                break
            except httpx.HTTPError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    errors = self.process.stderr.read().decode() if self.process.stderr else ""
                    raise RuntimeError(f"sixtysix serve did not start: {errors}") from None
                time.sleep(0.05)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        """SIGTERM, as a service manager stops it; with a ``log``, until every process that writes to it has
        ended too (its analysis processes, the resource tracker): the log is then whole."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        log = self.log
        if log is not None:
            wait_until(lambda: not holders(log), timeout=STOP_SECONDS)


STOP_SECONDS = 20
"""How long the processes a stopped server started may take to end (a loaded machine; it stops its analysis
processes and waits for them, :func:`sixtysix.web.review.stop_pool`)."""


def holders(path: Path) -> set[int]:
    """The processes that have the file ``path`` open (Linux's /proc)."""
    target = str(path.resolve())
    found = set()
    for descriptor in Path("/proc").glob("[0-9]*/fd/*"):
        try:
            if os.readlink(descriptor) == target:
                found.add(int(descriptor.parts[2]))
        except OSError:  # why: a process or descriptor that ended while we looked
            continue
    return found


class WorkerProcess:
    """``sixtysix worker`` as a child process, its output in ``log``."""

    def __init__(self, database: str, name: str, log: Path, lease: float = 30.0, options: Sequence[str] = ()) -> None:
        self.name = name
        command = [sys.executable, "-m", "sixtysix.cli", "worker", "--db", database, "--processes", "1"]
        command += ["--lease", str(lease), "--name", name, "--log-level", "debug", *options]
        with log.open("ab") as output:
            env = {**os.environ, "PYTHONUNBUFFERED": "1"}
            self.process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, env=env)

    def kill(self) -> None:
        """SIGKILL: nothing of the worker runs after it, as in a crash."""
        self.process.kill()
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


class Api:
    """The JSON API over HTTP; every answer is also kept in ``seen`` for the leak scan."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.http = httpx.Client(base_url=base, timeout=30)
        self.seen: list[tuple[int | None, Any]] = []

    def request(self, method: str, path: str, token: str | None = None, **kwargs: Any) -> httpx.Response:
        headers = kwargs.pop("headers", {})
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        response = self.http.request(method, path, headers=headers, **kwargs)
        if response.headers.get("content-type", "").startswith("application/json"):
            self.seen.append((None, response.json()))
        return response

    def create(self, **body: Any) -> dict[str, Any]:
        response = self.request("POST", "/api/matches", json=body)
        assert response.status_code == 201, response.text
        data: dict[str, Any] = response.json()
        return data

    def join(self, code: str, name: str = "Bob") -> httpx.Response:
        return self.request("POST", "/api/join", json={"code": code, "name": name})

    def state(self, match_id: str, token: str) -> dict[str, Any]:
        response = self.request("GET", f"/api/matches/{match_id}", token)
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        return data

    def act(self, match_id: str, token: str | None, body: Any, **kwargs: Any) -> httpx.Response:
        if isinstance(body, dict):
            return self.request("POST", f"/api/matches/{match_id}/actions", token, json=body, **kwargs)
        return self.request("POST", f"/api/matches/{match_id}/actions", token, content=body, **kwargs)

    def close(self) -> None:
        self.http.close()


@pytest.fixture
def api(server: ServerThread) -> Iterator[Api]:
    client = Api(server.base)
    yield client
    client.close()


class LiveSocket:
    """A WebSocket of the server that pushes states: the latest state, and every message received (for the
    leak scans). Each patch is applied to the state, after checking that it starts from it; ``messages``
    holds every message received, a patch with the state it made added under ``state``."""

    def __init__(self, base: str, path: str) -> None:
        url = base.replace("http://", "ws://") + path
        self.ws: ClientConnection = connect(url, open_timeout=10, max_size=2**20).__enter__()
        self.messages: list[dict[str, Any]] = []
        self.state: dict[str, Any] = {}

    def receive(self, timeout: float = 30) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        if message["type"] == "state":
            self.state = message["state"]
        elif message["type"] == "patch":
            assert message["from"] == self.state["version"], (message, self.state["version"])
            self.state = live.apply(self.state, message["patch"])
            message = {**message, "state": self.state}
        self.messages.append(message)
        return message


class Seat(LiveSocket):
    """One seat's WebSocket. ``patches`` (the default, as the page does): the socket asks for patches."""

    def __init__(self, base: str, match_id: str, token: str, patches: bool = True) -> None:
        super().__init__(base, f"/ws/matches/{match_id}")
        self.match_id = match_id
        self.token = token
        auth: dict[str, Any] = {"type": "auth", "token": token}  # the token never travels in the URL
        self.send({**auth, "patches": True} if patches else auth)
        self.counter = 0
        first = self.receive()
        assert first["type"] == "state", first

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def act(self, action: str, version: int | None = None, **extra: Any) -> dict[str, Any]:
        """Send an action and return the answer to it (a state or a patch with ``reply_to``, or an error).

        A patch comes with the state it made under ``state`` (see :meth:`receive`)."""
        self.counter += 1
        ident = f"a{self.counter}"
        message: dict[str, Any] = {"type": "action", "action": action, "id": ident, **extra}
        if version is not None:
            message["version"] = version
        self.send(message)
        while True:
            answer = self.receive()
            if answer.get("reply_to") == ident:
                return answer

    def wait(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 60) -> dict[str, Any]:
        """Receive until the state satisfies ``predicate``."""
        deadline = time.monotonic() + timeout
        while not (self.state and predicate(self.state)):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"state never satisfied the condition: {self.state}")
            self.receive(timeout=left)
        return self.state

    def close(self) -> None:
        self.ws.close()


def received_states(messages: Iterable[dict[str, Any]]) -> Iterator[tuple[dict[str, Any], dict[str, Any] | None]]:
    """Every state a socket's messages gave it, in order: (a whole state, ``None``), or (the state a
    patch made, the patch as sent), after checking that it starts from the state before it."""
    state: dict[str, Any] | None = None
    for message in messages:
        if message.get("type") == "state":
            state = message["state"]
            yield state, None
        elif message.get("type") == "patch":
            assert state is not None and message["from"] == state["version"], message
            state = live.apply(state, message["patch"])
            yield state, message["patch"]


def stored(answer: dict[str, Any]) -> bool:
    """Whether an action's answer says it is stored: the new state, whole or as a patch."""
    return answer["type"] in ("state", "patch")


def my_turn(state: dict[str, Any]) -> bool:
    return bool(state["legal"]) or state["status"] == "over"


def pick(state: dict[str, Any], rng: random.Random, claims: bool = True) -> str:
    """A random legal action, the way a level-1 client plays (false claims only sometimes)."""
    legal = list(state["legal"])
    if "next" in legal:
        return "next"
    options = legal + [a for a in state.get("after_draw", []) if a not in legal]
    points = state["you"]["points"]
    if "66" in options and points >= 66:
        return "66"
    if not claims or rng.random() < 0.9:
        options = [a for a in options if a != "66"] or options
    chosen: str = rng.choice(options)
    return chosen


def play_http(api: Api, match_id: str, tokens: dict[int, str], rng: random.Random, count: int) -> None:
    """At most ``count`` random actions by whichever seat may act (HTTP only), the deal left under way: it stops
    before a seat declares 66 (the deal's random, and a few actions may reach 66 with a marriage)."""
    for _ in range(count):
        for seat in (1, 2):
            state = api.state(match_id, tokens[seat])
            if state["legal"] and state["deal"]["outcome"] is None:
                action = pick(state, rng, claims=False)
                if action == "66":
                    return
                response = api.act(match_id, tokens[seat], {"action": action})
                assert response.status_code == 200, response.text
                break


def card_strings(value: Any, skip: frozenset[str] = frozenset()) -> set[str]:
    """Every string in a JSON value that names a card (skipping the given keys)."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key in skip:
                continue
            if isinstance(key, str) and CARD.match(key):
                found.add(key)
            found |= card_strings(item, skip)
    elif isinstance(value, list):
        for item in value:
            found |= card_strings(item, skip)
    elif isinstance(value, str):
        for word in re.findall(r"\b[ATKQJ9][cdhs]\b", value):
            found.add(word)
    return found


def stored_versions(
    db: Path | str, match_id: str, apply: Callable[[AnyMatch, Action, int], None] | None = None
) -> Iterator[tuple[int, AnyMatch]]:
    """Replay a match from its database, version by version (the leak scans' and state checks' oracle).

    Yields (version, match) once each deal is dealt and after each of its actions, applied
    with ``apply`` (default: ``match.apply``). The versions are the server's: one for the
    creation, one per friend who joined, one per deal and per action.
    """
    store = Store(db)
    stored = store.load(match_id)
    store.close()
    assert stored is not None
    row = stored.row
    rules = Rules.from_options(row.preset, row.options).replace(match_target=row.target)
    match = create_match(rules, row.first_dealer)
    version = 1 + len(stored.invites) + (1 if row.invite_hash else 0)  # created, then one join per invitation
    for deal_row in stored.deals:
        match.new_deal([parse_card(c) for c in deal_row.deck], dealer=deal_row.dealer)
        version += 1
        yield version, match
        for seat, token in deal_row.actions:
            action = Action.parse(token)
            if apply is None:
                match.apply(action, seat)
            else:
                apply(match, action, seat)
            version += 1
            yield version, match
        match.settle()
    assert version == row.version


def card_names(mask: int) -> set[str]:
    """The names of the cards in ``mask``."""
    return {CARD_NAMES[c] for c in range(32) if mask >> c & 1}


def wait_until(condition: Callable[[], bool], timeout: float = 30) -> None:
    """Wait until ``condition()`` holds (checked every 20 ms), never for a fixed time; fails after ``timeout``."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.02)


def timeless(state: dict[str, Any]) -> dict[str, Any]:
    """A seat state without the server's time of day (``clock.now``); the move clock's deadlines stay:
    they run from the match's last change as stored, so a restart or a reload keeps them."""
    clock = state.get("clock")
    return {**state, "clock": None if clock is None else {k: v for k, v in clock.items() if k != "now"}}
