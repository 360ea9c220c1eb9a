"""Kill the server in the middle of a deal (SIGKILL, as in a crash), start it again on the same
database: both players continue exactly where they were; the computer resumes."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from sixtysix.core.record import replay

from .conftest import Api, Seat, ServerProcess, ServerThread, both_databases, my_turn, pick, play_http, stored, timeless


@pytest.mark.slow
@both_databases
def test_restart_in_the_middle_of_a_deal_between_friends(database: str) -> None:
    db = database
    first = ServerProcess(db)
    try:
        api = Api(first.base)
        created = api.create(opponent="friend", name="Alice")
        joined = api.join(created["invite"]["code"], "Bob").json()
        match_id = created["match_id"]
        tokens = {1: created["token"], 2: joined["token"]}
        play_http(api, match_id, tokens, random.Random(3), 7)
        before = {seat: api.state(match_id, tokens[seat]) for seat in (1, 2)}
        assert before[1]["deal"]["outcome"] is None and before[1]["deal"]["history"]
        api.close()
    finally:
        first.kill()
    second = ServerProcess(db, port=first.port)
    try:
        api = Api(second.base)
        after = {seat: api.state(match_id, tokens[seat]) for seat in (1, 2)}
        # the same state, the move clock's deadline too (docs/web.md)
        assert {s: timeless(state) for s, state in after.items()} == {s: timeless(state) for s, state in before.items()}
        # both continue over the WebSocket to the end of the deal
        seats = {seat: Seat(second.base, match_id, tokens[seat]) for seat in (1, 2)}
        assert seats[1].state["version"] == before[1]["version"]
        rng = random.Random(8)
        while seats[1].state["deal"]["outcome"] is None:
            for number, seat in seats.items():
                if seat.state["legal"] and seat.state["deal"]["outcome"] is None:
                    answer = seat.act(pick(seat.state, rng, claims=False), seat.state["version"])
                    assert stored(answer), answer
                    version = answer["state"]["version"]
                    seats[3 - number].wait(lambda s, v=version: s["version"] >= v)
                    break
        record = api.request("GET", f"/api/matches/{match_id}/record", tokens[1]).text
        assert len(replay(record).match.deals) == 1
        for seat in seats.values():
            seat.close()
        api.close()
    finally:
        second.stop()


@pytest.mark.slow
@both_databases
def test_restart_against_the_computer(database: str) -> None:
    db = database
    first = ServerProcess(db)
    try:
        api = Api(first.base)
        created = api.create(level=3, name="Ann")
        match_id, token = created["match_id"], created["token"]
        seat = Seat(first.base, match_id, token)
        rng = random.Random(1)
        for _ in range(4):
            state = seat.wait(my_turn)
            if state["deal"]["outcome"] is not None:
                break
            seat.act(pick(state, rng, claims=False), state["version"])
        before = seat.wait(my_turn)
        seat.close()
        # and one more match where the computer is to act when the server dies
        late = api.create(level=5, seat=2)
        api.close()
    finally:
        first.kill()
    second = ServerProcess(db, port=first.port)
    try:
        api = Api(second.base)
        assert api.state(match_id, token) == before
        seat = Seat(second.base, match_id, token)
        while seat.wait(my_turn)["deal"]["outcome"] is None:
            seat.act(pick(seat.state, rng, claims=False), seat.state["version"])
        seat.close()
        # the computer (seat 1) leads the first deal of the other match after the restart
        deadline = time.monotonic() + 30
        while not (state := api.state(late["match_id"], late["token"]))["legal"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert state["deal"]["history"] and state["deal"]["history"][0]["seat"] == 1
        api.close()
    finally:
        second.stop()


@both_databases
def test_restart_in_process_replays_draw_and_pass(database: str, make_server: Any) -> None:
    """Many random actions (implicit draws, exchanges, passes), then a new server on the same database."""
    db = database
    server: ServerThread = make_server(db, seed=5)
    api = Api(server.base)
    games = []
    rng = random.Random(2)
    for _ in range(6):
        created = api.create(opponent="friend", target=2)
        joined = api.join(created["invite"]["code"]).json()
        tokens = {1: created["token"], 2: joined["token"]}
        play_http(api, created["match_id"], tokens, rng, rng.randrange(5, 40))
        games.append((created["match_id"], tokens))
    before = [[api.state(m, t[s]) for s in (1, 2)] for m, t in games]
    histories = [[a["action"] for a in b[0]["deal"]["history"]] for b in before]
    assert any("draw" in h for h in histories)
    api.close()
    server.stop()
    again: ServerThread = make_server(db)
    api = Api(again.base)
    after = [[api.state(m, t[s]) for s in (1, 2)] for m, t in games]
    assert [[timeless(s) for s in pair] for pair in after] == [[timeless(s) for s in pair] for pair in before]
    api.close()
