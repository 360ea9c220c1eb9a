"""Two ``sixtysix serve`` processes on one real PostgreSQL database: the two seats of one match on
different processes see each other's moves (LISTEN/NOTIFY, docs/deploy.md), every action stored once."""

from __future__ import annotations

import random

import pytest

from sixtysix.web.store import Store

from .conftest import Api, Seat, ServerProcess, pick, stored


@pytest.mark.slow
def test_a_friend_match_with_one_seat_on_each_of_two_server_processes(postgres_url: str) -> None:
    first = ServerProcess(postgres_url)
    second = ServerProcess(postgres_url)
    apis = [Api(first.base), Api(second.base)]
    seats: dict[int, Seat] = {}
    try:
        created = apis[0].create(opponent="friend", name="Alice")
        match_id, alice_token = str(created["match_id"]), str(created["token"])
        alice = seats[1] = Seat(first.base, match_id, alice_token)
        assert alice.state["status"] == "waiting"
        joined = apis[1].join(created["invite"]["code"], "Bob").json()  # through the other process
        alice.wait(lambda s: s["status"] == "playing" and s["opponent"]["name"] == "Bob")
        bob = seats[2] = Seat(second.base, match_id, str(joined["token"]))
        assert bob.state["version"] == alice.state["version"]
        rng = random.Random(6)
        moves = 0
        while alice.state["deal"]["outcome"] is None:
            for number, me in seats.items():
                if not me.state["legal"] or me.state["deal"]["outcome"] is not None:
                    continue
                answer = me.act(pick(me.state, rng, claims=False), me.state["version"])
                assert stored(answer), answer
                version = answer["state"]["version"]
                seats[3 - number].wait(lambda s, v=version: s["version"] >= v)  # pushed by the other process
                moves += 1
                break
        assert moves > 5
        for key in ("winner", "points", "termination"):
            assert alice.state["deal"]["outcome"][key] == bob.state["deal"]["outcome"][key]
        history = [entry["action"] for entry in alice.state["deal"]["history"]]
        answer = bob.act("next")  # the next deal, started on the second process, reaches the first
        assert stored(answer) and answer["state"]["deal"]["number"] == 2
        alice.wait(lambda s: s["deal"]["number"] == 2 and s["version"] == answer["state"]["version"])
        # both processes answer with the database's state
        assert apis[0].state(match_id, alice_token)["version"] == apis[1].state(match_id, alice_token)["version"]
        store = Store(postgres_url, migrate=False)
        try:
            match = store.load(match_id)
            assert match is not None and match.row.version == alice.state["version"]
            assert [token for _, token in match.deals[0].actions] == history  # each once, in order
        finally:
            store.close()
    finally:
        for seat in seats.values():
            seat.close()
        for api in apis:
            api.close()
        first.stop()
        second.stop()
