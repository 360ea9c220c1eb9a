"""What a server holds in memory (docs/web.md, "Limits"): nothing is read at start (start-up does not
grow with the database), a match is read on first demand, an idle match leaves memory and is read back
the same, and an unfinished match left for longer than the expiry is closed but stays readable."""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Callable
from pathlib import Path

from sixtysix.core.record import replay
from sixtysix.web.limits import Limits
from sixtysix.web.middleware import ServerTime

from .conftest import Api, Seat, ServerThread, timeless, wait_until


def test_start_reads_no_match_and_the_first_request_reads_one(
    make_server: Callable[..., ServerThread], tmp_path: Path
) -> None:
    db = tmp_path / "many.sqlite3"
    first = make_server(db, seed=2)
    api = Api(first.base)
    created = [api.create(level=3) for _ in range(6)] + [api.create(opponent="friend") for _ in range(2)]
    api.close()
    first.stop()
    second = make_server(db, seed=2)
    matches = second.service.matches
    assert matches.rebuilt == 0 and not second.service.games  # eight unfinished matches, none read
    api = Api(second.base)
    one = created[0]
    state = api.state(one["match_id"], one["token"])
    assert state["match_id"] == one["match_id"] and state["status"] == "playing"
    assert matches.rebuilt == 1 and set(second.service.games) == {one["match_id"]}
    # an invitation reads its match too, and only it
    look = api.request("GET", f"/api/invitations/{created[-1]['invite']['code']}")
    assert look.status_code == 200 and matches.rebuilt == 2
    api.close()


def test_an_idle_match_leaves_memory_and_comes_back_the_same(make_server: Callable[..., ServerThread]) -> None:
    # the idle time is the server's clock, moved on by the test, which sweeps itself (evict_idle)
    clock = ServerTime()
    server = make_server(seed=5, limits=dataclasses.replace(Limits.off(), idle_seconds=600), server_time=clock)
    api = Api(server.base)
    created = api.create(opponent="friend", name="Alice")
    joined = api.join(created["invite"]["code"], "Bob").json()
    match_id = created["match_id"]
    before = api.state(match_id, created["token"])
    # an open socket keeps it in memory
    seat = Seat(server.base, match_id, joined["token"])
    clock.advance(3600)
    assert server.service.evict_idle() == 0 and match_id in server.service.games
    seat.close()
    wait_until(lambda: not server.service.games[match_id].audience)  # the server saw the socket close
    assert server.service.evict_idle() == 0 and match_id in server.service.games  # used just now
    clock.advance(600)
    server.service.evict_idle()  # (or the server's own sweep, once a minute, did it first)
    assert match_id not in server.service.games
    rebuilt = server.service.matches.rebuilt
    assert timeless(api.state(match_id, created["token"])) == timeless(before)  # the move clock too
    assert server.service.matches.rebuilt == rebuilt + 1
    # and it plays on
    legal = before["legal"][0]
    assert api.act(match_id, created["token"], {"action": legal}).status_code == 200
    api.close()


def test_an_abandoned_match_is_closed_but_stays_readable(
    make_server: Callable[..., ServerThread], tmp_path: Path
) -> None:
    db = tmp_path / "old.sqlite3"
    first = make_server(db, seed=6)
    api = Api(first.base)
    playing = api.create(level=1)
    waiting = api.create(opponent="friend")
    fresh = api.create(level=1)
    api.close()
    first.stop()
    with sqlite3.connect(db) as conn:  # 31 days without a move
        conn.execute(
            "UPDATE matches SET updated = updated - 31 * 86400 WHERE id IN (?, ?)",
            (playing["match_id"], waiting["match_id"]),
        )
    server = make_server(db, seed=6)
    api = Api(server.base)
    match_id, token = playing["match_id"], playing["token"]
    state = api.state(match_id, token)
    assert state["version"] == playing["state"]["version"]
    for response in (
        api.act(match_id, token, {"action": state["legal"][0]}),
        api.request("GET", f"/api/matches/{match_id}/hint", token),
        api.join(waiting["invite"]["code"]),
    ):
        assert response.status_code == 410 and response.json()["error"]["code"] == "expired", response.text
    # readable: the state, the record
    assert api.state(match_id, token)["version"] == state["version"]
    record = api.request("GET", f"/api/matches/{match_id}/record", token)
    assert record.status_code == 200 and replay(record.text).record.header("Seat2") == "Computer (level 1)"
    # a match with a recent move plays on
    legal = api.state(fresh["match_id"], fresh["token"])["legal"]
    assert api.act(fresh["match_id"], fresh["token"], {"action": legal[0]}).status_code == 200
    api.close()
