"""Bots that play people: bot accounts, API tokens, ``/ws/bot`` and ``sixtysix connect``, on real servers.

The bot programs are real subprocesses (``sixtysix connect`` running a 66P bot); the person plays through a
seat's WebSocket, as the page does; a network fault is a real TCP proxy whose connections are cut.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import ClientConnection, connect

from sixtysix.core.record import replay
from sixtysix.web import bot_api, schema
from sixtysix.web.bots import MAX_TOKENS
from sixtysix.web.limits import Limits, Rate

from .conftest import Seat, ServerThread, both_databases, card_strings, wait_until
from .test_accounts import PASSWORD, Browser
from .test_hidden import hidden_by_version

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "bots" / "first_legal.py"
BROKEN_BOT = """
import sys
for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    if word == "66p":
        print("id name broken\\n66pok", flush=True)
    elif word == "isready":
        print("readyok", flush=True)
    elif word == "go":
        print("bestmove zz", flush=True)  # no action at all: malformed, as a tournament judges it
"""


def bot_account(server: ServerThread, name: str) -> tuple[Browser, str]:
    """A new account made a bot, and an API token of it."""
    owner = Browser(server.base)
    assert owner.sign_up(name).status_code == 201
    made = owner.post("/api/account/bot", {"password": PASSWORD})
    assert made.status_code == 200 and made.json() == {"name": name, "bot": True}, made.text
    answer = owner.post("/api/account/tokens", {"label": "test"})
    assert answer.status_code == 201, answer.text
    token: str = answer.json()["token"]
    return owner, token


def person(server: ServerThread, name: str) -> Browser:
    browser = Browser(server.base)
    assert browser.sign_up(name).status_code == 201
    return browser


def bot_socket(server: ServerThread, token: str, port: int | None = None) -> ClientConnection:
    url = f"ws://127.0.0.1:{port or server.port}/ws/bot"
    headers = {"Authorization": f"Bearer {token}"}
    return connect(url, additional_headers=headers, open_timeout=10).__enter__()


def receive_until(ws: ClientConnection, kind: str, timeout: float = 30) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        found: dict[str, Any] = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if found["type"] == kind:
            return found


class Proxy:
    """A TCP proxy to the server whose connections the test cuts (a network fault), in threads."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.accepted = 0
        self.pairs: list[tuple[socket.socket, socket.socket]] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                client, _ = self.listener.accept()
                upstream = socket.create_connection(("127.0.0.1", self.target))
                with self.lock:
                    self.accepted += 1
                    self.pairs.append((client, upstream))
                for a, b in ((client, upstream), (upstream, client)):
                    threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        for end in (source, sink):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        """Cut every connection now (both ends see it end, as when a network fails)."""
        with self.lock:
            pairs, self.pairs = self.pairs, []
        for pair in pairs:
            for end in pair:
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)
                end.close()

    def close(self) -> None:
        self.listener.close()
        self.cut()


class Connect:
    """``sixtysix connect`` as a child process, its messages kept."""

    def __init__(self, url: str, token: str, bot: list[str], options: list[str]) -> None:
        command = [sys.executable, "-m", "sixtysix.cli", "connect", "--server", url, "--token", token, *options]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [*command, "--", *bot], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, text=True
        )
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.append(line.rstrip("\n"))

    def said(self, text: str) -> int:
        return sum(text in line for line in self.lines)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(10)
        self.reader.join(5)


@pytest.fixture
def connects() -> Iterator[list[Connect]]:
    made: list[Connect] = []
    yield made
    for process in made:
        process.stop()


def challenge(browser: Browser, name: str, **offer: Any) -> tuple[int, str]:
    body = {"name": name, "rules": "seed66", "target": 3, "rated": True, "move_seconds": 60, **offer}
    answer = browser.post("/api/challenges", body)
    assert answer.status_code == 201, answer.text
    return int(answer.json()["challenge"]["id"]), str(answer.json()["token"])


def accepted_match(browser: Browser, challenge_id: int, timeout: float = 60) -> str:
    """The match of the challenge, once the bot has accepted it (polled, with a deadline)."""
    found: list[str] = []

    def accepted() -> bool:
        made = browser.get("/api/seeks/mine").json()["made"]
        found[:] = [m["match_id"] for m in made if m["id"] == challenge_id and m["match_id"]]
        return bool(found)

    wait_until(accepted, timeout)
    return found[0]


def play_as_person(seat: Seat, cut: Proxy | None = None) -> tuple[dict[str, Any], bool]:
    """Play the first legal action at each of the person's turns until the match is over; ``cut``: cut the
    bot's connection once, in the middle of the first deal (after the bot has acted in it). The last state,
    and whether the cut happened mid-deal."""
    cut_mid_deal = False
    while True:
        state = seat.wait(lambda s: s["status"] == "over" or bool(s["legal"]), timeout=120)
        if state["status"] == "over":
            return state, cut_mid_deal
        if cut is not None and not cut_mid_deal and state["deal"] and len(state["deal"]["history"]) >= 3:
            cut.cut()  # the bot's connection ends here, mid-deal; it must come back and go on
            cut_mid_deal = True
        legal = [a for a in state["legal"] if a != "66"] or state["legal"]
        if legal == ["next"]:  # the bot may have started the next deal first: either is fine
            seat.act("next", state["version"])
            continue
        answer = seat.act(legal[0], state["version"])
        assert answer["type"] in ("state", "patch", "error"), answer


@both_databases
def test_a_bot_through_sixtysix_connect_plays_a_rated_match_against_a_person_and_survives_a_cut_connection(
    server: ServerThread, connects: list[Connect]
) -> None:
    owner, token = bot_account(server, "Robo")
    ann = person(server, "Ann")
    proxy = Proxy(server.port)
    try:
        bot = Connect(
            f"http://127.0.0.1:{proxy.port}",
            token,
            [sys.executable, str(EXAMPLE)],
            ["--games", "1", "--rules", "seed66", "--rated", "rated"],
        )
        connects.append(bot)
        wait_until(lambda: bot.said("connected") >= 1, 60)
        challenge_id, ann_token = challenge(ann, "Robo")
        match_id = accepted_match(ann, challenge_id)
        seat = Seat(server.base, match_id, ann_token)
        assert seat.state["seat"] == 1 and seat.state["seats"][1]["name"] == "Robo"
        assert seat.state["seats"][1]["bot"] is True and "bot" not in seat.state["seats"][0]  # its match page
        watched = httpx.get(f"{server.base}/api/watch/{match_id}").json()["seats"]  # and a spectator's
        assert [s.get("bot", False) for s in watched] == [False, True]
        final, cut_mid_deal = play_as_person(seat, cut=proxy)
        seat.close()
    finally:
        proxy.close()
    assert cut_mid_deal and proxy.accepted >= 2, bot.lines  # it was cut mid-deal, and connected again
    assert bot.said("connection lost") >= 1, bot.lines
    assert bot.process.wait(60) == 0, bot.lines  # --games 1: it stops once its match is over
    assert final["match"]["winner"] in (1, 2)
    # no action lost or taken twice: the stored match replays to the same end, every deal complete
    record = httpx.get(f"{server.base}/api/matches/{match_id}/record", headers={"Authorization": f"Bearer {ann_token}"})
    assert record.status_code == 200, record.text
    replayed = replay(record.text)
    assert replayed.match is not None and replayed.match.is_over
    assert list(replayed.match.score) == list(final["match"]["score"])
    # rated once for both; the bot is marked as a bot on the leaderboard and its profile
    board = {e["name"]: e for e in httpx.get(f"{server.base}/api/leaderboard?rules=seed66").json()}
    assert board["Robo"]["bot"] is True and board["Ann"]["bot"] is False
    assert board["Robo"]["games"] == 1 and board["Ann"]["games"] == 1
    assert board["Robo"]["rating"] != 1500 and board["Ann"]["rating"] != 1500
    assert httpx.get(f"{server.base}/api/players/Robo").json()["bot"] is True
    server.service.forget(server.service.game(match_id))  # read back from the store: its seat still marked
    assert server.service.game(match_id).bots == {2}
    owner.close()
    ann.close()


@both_databases
def test_a_bot_that_breaks_the_protocol_forfeits_each_deal_as_in_a_tournament(
    server: ServerThread, connects: list[Connect], tmp_path: Path
) -> None:
    _, token = bot_account(server, "Broken")
    ann = person(server, "Ann")
    program = tmp_path / "broken_bot.py"
    program.write_text(BROKEN_BOT, encoding="utf-8")
    bot = Connect(server.base, token, [sys.executable, str(program)], ["--games", "1", "--accept", "seeks"])
    connects.append(bot)
    # an open seek this time: the bridge accepts seeks too, when told to
    made = ann.post("/api/seeks", {"rules": "seed66", "target": 7, "rated": False, "move_seconds": 60})
    assert made.status_code == 201, made.text
    seek_id, ann_token = int(made.json()["seek"]["id"]), str(made.json()["token"])
    seat = Seat(server.base, accepted_match(ann, seek_id), ann_token)
    final, _ = play_as_person(seat)
    seat.close()
    assert bot.process.wait(60) == 0, bot.lines
    # every deal was forfeited by the bot: 3 game points each to the person (the challenger: seat 1)
    results = final["match"]["results"]
    assert final["match"]["winner"] == 1 and all(r["winner"] == 1 and r["game_points"] == 3 for r in results)
    assert len(results) == 3 and bot.said("malformed") == 3, bot.lines
    # the record says why: the bot's program failed, not its clock (also once read back from the store)
    record = httpx.get(
        f"{server.base}/api/matches/{seat.match_id}/record", headers={"Authorization": f"Bearer {ann_token}"}
    )
    assert record.text.count("protocol: the bot's program failed") == 3 and "move clock" not in record.text, record.text
    server.service.forget(server.service.game(seat.match_id))
    again = httpx.get(
        f"{server.base}/api/matches/{seat.match_id}/record", headers={"Authorization": f"Bearer {ann_token}"}
    )
    assert again.text == record.text
    ann.close()


def test_a_bot_account_and_its_tokens_belong_to_its_owner_and_are_kept_hashed(server: ServerThread) -> None:
    owner, token = bot_account(server, "Robo")
    assert token.startswith("s66_") and len(token) > 40
    listed = owner.get("/api/account/tokens").json()["tokens"]
    assert [t["label"] for t in listed] == ["test"] and "token" not in listed[0]  # shown once, never again
    with server.service.store.transaction() as db:
        rows = [tuple(map(str, row)) for row in db.execute(select(schema.bot_tokens)).all()]
    assert rows and not any(token in value for row in rows for value in row)  # only its hash is kept
    for _ in range(MAX_TOKENS - 1):
        assert owner.post("/api/account/tokens", {"label": "more"}).status_code == 201
    too_many = owner.post("/api/account/tokens", {"label": "one more"})
    assert too_many.status_code == 409 and too_many.json()["error"]["code"] == "too_many_tokens"
    # a person's account has none; nor may an account that has played become a bot; nor may another site ask
    ann = person(server, "Ann")
    assert ann.post("/api/account/tokens", {"label": "x"}).json()["error"]["code"] == "not_a_bot"
    assert ann.post("/api/challenges", {"name": "Computer level 1", "target": 2}).status_code == 201
    refused = ann.post("/api/account/bot", {"password": PASSWORD})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "has_played"
    assert ann.post("/api/account/bot", {"password": "wrong password"}).status_code == 403
    evil = Browser(server.base, origin="https://evil.example")
    evil.http.cookies = owner.http.cookies
    assert evil.post("/api/account/tokens", {"label": "stolen"}).status_code == 403
    assert httpx.get(f"{server.base}/api/account/tokens").status_code == 401
    me = owner.me()  # the account's own answer marks it a bot (its public profile, once rated: the first test)
    assert me is not None and me["name"] == "Robo" and me["bot"] is True
    # deleting the account deletes its tokens: they connect no more
    assert owner.post("/api/account/delete", {"password": PASSWORD}).status_code == 200
    with server.service.store.transaction() as db:
        assert db.execute(select(schema.bot_tokens)).all() == []
    with bot_socket(server, token) as ws:
        assert json.loads(ws.recv(timeout=10))["error"]["code"] == "unauthorized"
    for browser in (owner, ann, evil):
        browser.close()


def test_a_bad_or_revoked_token_is_refused_alike_and_a_revoked_one_loses_its_live_connection(
    server: ServerThread, connects: list[Connect]
) -> None:
    owner, token = bot_account(server, "Robo")
    refusals = []
    for bad in ("s66_" + "x" * 43, "", "y" * 5000):
        with bot_socket(server, bad) as ws:
            refusals.append(json.loads(ws.recv(timeout=10)))
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    live = bot_socket(server, token)
    assert receive_until(live, "hello")["name"] == "Robo"
    token_id = owner.get("/api/account/tokens").json()["tokens"][0]["id"]
    assert owner.http.delete(f"/api/account/tokens/{token_id}").status_code == 200
    with pytest.raises(ConnectionClosed):  # the live connection ends within the check's period
        receive_until(live, "never", timeout=30)
    with bot_socket(server, token) as ws:
        refusals.append(json.loads(ws.recv(timeout=10)))
    # the same refusal whatever was wrong: nothing says whether the token ever existed
    assert all(r == refusals[0] for r in refusals) and refusals[0]["error"]["code"] == "unauthorized", refusals
    assert "Robo" not in json.dumps(refusals)
    # sixtysix connect gives up at once on a refused token (status 2) rather than trying again
    bot = Connect(server.base, token, [sys.executable, str(EXAMPLE)], [])
    connects.append(bot)
    assert bot.process.wait(60) == 2, bot.lines
    owner.close()


@pytest.mark.parametrize("direct", [True, False], ids=["direct", "asgi"])
def test_a_new_connection_with_the_same_token_replaces_the_old_one(make_server: Any, direct: bool) -> None:
    """On the server's direct socket path and through plain ASGI (another server's), alike."""
    server = make_server(direct=direct)
    _, token = bot_account(server, "Robo")
    first = bot_socket(server, token)
    receive_until(first, "hello")
    second = bot_socket(server, token)
    receive_until(second, "hello")
    assert receive_until(first, "replaced")["type"] == "replaced"
    with pytest.raises(ConnectionClosed) as closed:
        receive_until(first, "never", timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4409
    second.send(json.dumps({"type": "ping", "id": 1}))
    assert receive_until(second, "pong")["reply_to"] == 1
    second.close()


@both_databases
def test_a_challenge_reaches_a_bot_when_it_is_made_not_at_the_connections_next_look(
    server: ServerThread, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lobby's change wakes the bot's connection (``Lobby.watchers``): with its own look at the lobby an hour
    away, a person's challenge still reaches the bot at once, and so does the match once it accepts."""
    monkeypatch.setattr(bot_api, "POLL_SECONDS", 3600.0)
    _, token = bot_account(server, "Robo")
    ann = person(server, "Ann")
    with bot_socket(server, token) as ws:
        assert receive_until(ws, "offers")["challenges"] == []  # the first look, at connecting
        challenge_id, _ = challenge(ann, "Robo")
        offers = receive_until(ws, "offers", timeout=60)
        assert [c["id"] for c in offers["challenges"]] == [challenge_id]
        ws.send(json.dumps({"type": "accept", "id": challenge_id, "challenge": True}))
        assert receive_until(ws, "match", timeout=60)["opponent"] == "Ann"
    ann.close()


def test_a_bot_speaking_the_json_api_sees_only_its_seat_and_each_move_is_taken_once(server: ServerThread) -> None:
    """A bot of its own (no ``sixtysix connect``): every ``go`` holds its seat's view only (the leak scan's
    oracle, replayed from the database), a move sent twice is taken once, and a reconnection gets the
    pending ``go`` again."""
    _, token = bot_account(server, "Robo")
    ann = person(server, "Ann")
    ws = bot_socket(server, token)
    challenge_id, ann_token = challenge(ann, "Robo", target=2)
    offers = receive_until(ws, "offers")
    while not offers["challenges"]:
        offers = receive_until(ws, "offers")
    assert offers["challenges"][0]["id"] == challenge_id and offers["challenges"][0]["name"] == "Ann"
    assert offers["challenges"][0]["bot"] is False and offers["challenges"][0]["opponent"] == "Robo"
    ws.send(json.dumps({"type": "accept", "id": challenge_id, "challenge": True}))
    begun = receive_until(ws, "match")
    match_id, bot_seat = begun["match_id"], begun["seat"]
    assert begun["rated"] is True and begun["opponent"] == "Ann" and bot_seat == 2
    seat = Seat(server.base, match_id, ann_token)
    received: list[dict[str, Any]] = []
    inbox: list[dict[str, Any]] = []
    doubled = reconnected = False
    deadline = time.monotonic() + 120
    while seat.state["status"] != "over" and time.monotonic() < deadline:
        if seat.state["legal"]:
            legal = [a for a in seat.state["legal"] if a != "66"] or seat.state["legal"]
            seat.act(legal[0], seat.state["version"])
            continue
        with contextlib.suppress(TimeoutError):
            found = inbox.pop(0) if inbox else json.loads(ws.recv(timeout=0.1))
            received.append(found)
            if found["type"] == "deal_over":
                ws.send(json.dumps({"type": "next", "match_id": match_id, "version": found["version"]}))
            elif found["type"] == "go":
                if not reconnected:  # the connection goes before an answer: the same go comes again
                    ws.close()
                    ws = bot_socket(server, token)
                    again = receive_until(ws, "go")
                    assert again["version"] == found["version"] and again["view"] == found["view"]
                    reconnected = True
                move = {"type": "move", "match_id": match_id, "version": found["version"]}
                ws.send(json.dumps({**move, "action": found["view"]["legal"][0]}))
                if not doubled:  # the same move again: refused, the match moved on by one action only
                    ws.send(json.dumps({**move, "action": found["view"]["legal"][0]}))
                    while (answer := json.loads(ws.recv(timeout=30)))["type"] != "error":
                        inbox.append(answer)
                    assert answer["error"]["code"] == "stale_version", answer
                    doubled = True
        with contextlib.suppress(TimeoutError):
            seat.receive(timeout=0.1)
    assert seat.state["status"] == "over"
    ws.close()
    seat.close()
    assert doubled and reconnected
    gos = [m for m in received if m["type"] == "go"]
    assert gos and all(m["view"]["seat"] == bot_seat for m in gos)
    oracle = hidden_by_version(Path(server.db), match_id)
    for message in gos:
        hidden = oracle[message["version"]][bot_seat]
        assert not card_strings(message) & hidden, (message, hidden)
    ann.close()


def test_a_token_connecting_a_thousand_times_is_limited_and_the_server_stays_healthy(make_server: Any) -> None:
    """1,000 connections with one token, 16 at a time: a few are let in (one live at a time), the rest refused
    at once; the server's sockets come back to where they were, and a person playing meanwhile is answered."""
    server = make_server(limits=Limits(rates={"bot_connect": Rate(20, 60.0)}))
    _, token = bot_account(server, "Robo")
    ann = person(server, "Ann")
    begun = ann.post("/api/challenges", {"name": "Computer level 1", "target": 7}).json()["match"]
    fds = len(os.listdir("/proc/self/fd"))  # the server runs in this process: its sockets are counted here
    url = f"ws://127.0.0.1:{server.port}/ws/bot"

    def attempt(_: int) -> str:
        try:
            with connect(url, additional_headers={"Authorization": f"Bearer {token}"}, open_timeout=60) as ws:
                first = json.loads(ws.recv(timeout=60))
                return str(first["type"] if first["type"] != "error" else first["error"]["code"])
        except (ConnectionClosed, OSError, InvalidHandshake, TimeoutError) as error:
            return type(error).__name__

    flooding = time.monotonic()
    with ThreadPoolExecutor(16) as pool:
        flood = pool.map(attempt, range(1000))
        # meanwhile a person plays the computer: every request answered, in good time
        slowest = 0.0
        http = httpx.Client(base_url=server.base, timeout=30, headers={"Authorization": f"Bearer {begun['token']}"})
        for _ in range(10):
            started = time.monotonic()
            state = http.get(f"/api/matches/{begun['match_id']}").json()
            if state["legal"]:
                acted = http.post(f"/api/matches/{begun['match_id']}/actions", json={"action": state["legal"][0]})
                assert acted.status_code in (200, 409), acted.text
            slowest = max(slowest, time.monotonic() - started)
        outcomes = Counter(flood)
    refilled = (time.monotonic() - flooding) / 3  # the bucket's refill while the flood lasted (slow on a busy machine)
    http.close()
    assert sum(outcomes.values()) == 1000
    let_in = 20 + int(refilled) + 1  # 20 at once, then 1 in 3 s
    assert outcomes["hello"] <= let_in and outcomes["rate_limited"] >= 1000 - let_in - 5, outcomes
    assert slowest < 10, slowest
    wait_until(lambda: len(os.listdir("/proc/self/fd")) <= fds + 10, 60)  # every refused socket closed
    assert httpx.get(f"{server.base}/healthz").status_code == 200
    assert len(server.service.limiter.buckets) < 10  # the flood's buckets: the address's and the token's
    with bot_socket(server, "s66_unknown") as ws:  # and a bad token is still refused as before
        assert json.loads(ws.recv(timeout=10))["error"]["code"] in ("unauthorized", "rate_limited")
    ann.close()


@both_databases
def test_the_live_matches_show_the_players_ratings_best_rated_first_and_mark_the_bots(server: ServerThread) -> None:
    """The lobby's live matches (``GET /api/live``, pushed alike): each seat an account holds with its rating in the
    match's family once it has one, a bot's account marked; the match with the best rating first."""
    ann, bea = person(server, "Ann"), person(server, "Bea")
    first = ann.post("/api/challenges", {"name": "Computer level 1", "target": 7}).json()["match"]
    second = bea.post("/api/challenges", {"name": "Computer level 2", "target": 7}).json()["match"]
    a, g = schema.accounts, schema.ratings
    with server.service.store.transaction() as db:  # Bea has played rated matches of seed66 before
        bea_id = db.execute(select(a.c.id).where(a.c.name == "Bea")).scalar_one()
        db.execute(
            g.delete().where(g.c.account_id == bea_id, g.c.family == "66")
        )  # fmt: skip
        db.execute(
            g.insert().values(
                account_id=bea_id, family="66", rating=1812.4, deviation=80.0, volatility=0.06, games=9, updated=0.0
            )
        )
    listed = httpx.get(f"{server.base}/api/live").json()["matches"]
    assert [m["match_id"] for m in listed[:2]] == [second["match_id"], first["match_id"]]  # best rated, not newest
    seats = {m["match_id"]: [(s["name"], s["rating"], s["bot"]) for s in m["seats"]] for m in listed}
    assert seats[second["match_id"]] == [("Bea", 1812.4, False), ("Computer (level 2)", None, True)]
    assert seats[first["match_id"]] == [("Ann", None, False), ("Computer (level 1)", None, True)]
    assert listed[0]["rating"] == 1812.4 and listed[1]["rating"] is None
    ann.close()
    bea.close()
