"""Every refusal: a clear JSON error in every language (its code kept), and nothing changes (same version, same
stored actions)."""

from __future__ import annotations

from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from sixtysix.present.words import LANGUAGES

from .conftest import Api, Seat, ServerThread, stored


def translated(error: dict[str, Any]) -> None:
    """The error's message in every language: the English is ``message``, German and French are its translations."""
    messages = error["messages"]
    assert set(messages) == set(LANGUAGES) and messages["en"] == error["message"], error
    assert messages["de"] != error["message"] and messages["fr"] != error["message"], error


def error_of(response: Any, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["code"] == code and error["status"] == status and error["message"]
    translated(error)
    return str(error["message"])


@pytest.fixture
def friends(api: Api) -> dict[str, Any]:
    created = api.create(opponent="friend", name="Alice")
    joined = api.join(created["invite"]["code"], "Bob").json()
    return {"id": created["match_id"], 1: created["token"], 2: joined["token"]}


def unchanged(server: ServerThread, api: Api, match: dict[str, Any], version: int, actions: int) -> None:
    assert api.state(match["id"], match[1])["version"] == version
    assert server.service.store.action_count(match["id"]) == actions


def test_http_refusals(server: ServerThread, api: Api, friends: dict[str, Any]) -> None:
    match_id = friends["id"]
    state = api.state(match_id, friends[1])
    version = state["version"]
    legal = state["legal"]
    assert state["deal"]["to_act"] == 1
    other = api.create()  # a token of another match
    bad = {"action": legal[0]}

    error_of(api.act(match_id, None, bad), 401, "unauthorized")
    error_of(api.act(match_id, "not-a-token", bad), 403, "wrong_token")
    error_of(api.act(match_id, other["token"], bad), 403, "wrong_token")
    error_of(api.act("nosuchmatch", friends[1], bad), 404, "not_found")
    error_of(api.act(match_id, friends[1], {"action": legal[0], "seat": 2}), 403, "other_seat")
    # seat 2 is not to act
    message = error_of(api.act(match_id, friends[2], bad), 409, "not_your_turn")
    assert "seat 1's turn" in message
    # a card seat 1 does not hold
    hand = set(state["deal"]["hand"])
    missing = next(c for c in ("Ah", "Th", "Kh", "Qh", "Jh", "9h", "As", "Ts") if c not in hand)
    message = error_of(api.act(match_id, friends[1], {"action": missing}), 409, "illegal_action")
    assert "does not hold" in message
    # a well-formed action that is not legal now
    error_of(api.act(match_id, friends[1], {"action": "CB"}), 409, "illegal_action")
    error_of(api.act(match_id, friends[1], {"action": "next"}), 409, "not_your_turn")
    # malformed
    error_of(api.act(match_id, friends[1], b"{not json"), 400, "malformed")
    error_of(api.act(match_id, friends[1], b"[1, 2]"), 400, "malformed")
    error_of(api.act(match_id, friends[1], {"move": "Ah"}), 400, "malformed")
    error_of(api.act(match_id, friends[1], {"action": "21h"}), 400, "malformed")
    error_of(api.act(match_id, friends[1], {"action": 7}), 400, "malformed")
    error_of(api.act(match_id, friends[1], {"action": legal[0], "version": "x"}), 400, "malformed")
    error_of(api.act(match_id, friends[1], b"x" * 70000), 413, "malformed")
    # stale version
    stale = api.act(match_id, friends[1], {"action": legal[0], "version": version - 1})
    message = error_of(stale, 409, "stale_version")
    assert str(version) in message
    unchanged(server, api, friends, version, 0)
    # other endpoints check the token too
    error_of(api.request("GET", f"/api/matches/{match_id}"), 401, "unauthorized")
    error_of(api.request("GET", f"/api/matches/{match_id}", other["token"]), 403, "wrong_token")
    error_of(api.request("GET", f"/api/matches/{match_id}/record", "nope"), 403, "wrong_token")
    error_of(api.request("GET", f"/api/matches/{match_id}/hint", friends[2]), 409, "not_available")
    error_of(api.request("GET", f"/api/matches/{match_id}/deals/x/review", friends[1]), 404, "not_found")
    error_of(api.request("GET", "/api/nothing"), 404, "not_found")
    # bad match creation
    error_of(api.request("POST", "/api/matches", json={"level": 9}), 400, "malformed")
    error_of(api.request("POST", "/api/matches", json={"rules": "bridge"}), 400, "malformed")
    error_of(api.request("POST", "/api/matches", json={"options": {"tie_rule": "sometimes"}}), 400, "malformed")
    error_of(api.request("POST", "/api/matches", json={"options": {"no_such": "1"}}), 400, "malformed")
    error_of(api.request("POST", "/api/matches", json={"target": 0}), 400, "malformed")
    error_of(api.request("POST", "/api/matches", json={"opponent": "dog"}), 400, "malformed")
    error_of(api.request("POST", "/api/matches", json={"name": "x" * 41}), 400, "malformed")
    error_of(api.request("POST", "/api/history", json={"tokens": "abc"}), 400, "malformed")
    error_of(api.request("POST", "/api/join", json={}), 400, "malformed")
    unchanged(server, api, friends, version, 0)
    # and the right action still works
    response = api.act(match_id, friends[1], {"action": legal[0], "version": version})
    assert response.status_code == 200 and response.json()["version"] == version + 1


def test_websocket_refusals(server: ServerThread, api: Api, friends: dict[str, Any]) -> None:
    match_id = friends["id"]
    alice = Seat(server.base, match_id, friends[1])
    bob = Seat(server.base, match_id, friends[2])
    alice.receive()  # Bob's presence
    version = alice.state["version"]
    legal = alice.state["legal"]

    def refused(seat: Seat, message: dict[str, Any], code: str) -> None:
        seat.send({**message, "id": "r"})
        answer = seat.receive()
        assert answer["type"] == "error" and answer["error"]["code"] == code, answer
        assert answer["reply_to"] == "r"
        translated(answer["error"])

    refused(bob, {"type": "action", "action": legal[0]}, "not_your_turn")
    refused(alice, {"type": "action", "action": legal[0], "seat": 2}, "other_seat")
    refused(alice, {"type": "action", "action": "CB"}, "illegal_action")
    refused(alice, {"type": "action", "action": "xyz"}, "malformed")
    refused(alice, {"type": "action"}, "malformed")
    refused(alice, {"type": "dance"}, "malformed")
    refused(alice, {"type": "action", "action": legal[0], "version": version + 5}, "stale_version")
    alice.ws.send("this is not json")
    assert alice.receive()["error"]["code"] == "malformed"
    alice.ws.send("[]")
    assert alice.receive()["error"]["code"] == "malformed"
    unchanged(server, api, friends, version, 0)
    # the socket is still open and works
    answer = alice.act(legal[0], version)
    assert stored(answer) and answer["state"]["version"] == version + 1
    alice.close()
    bob.close()


@pytest.mark.parametrize(
    ("first", "code", "close"),
    [
        ({"type": "state"}, "unauthorized", 4401),
        ({"type": "auth"}, "unauthorized", 4401),
        ({"type": "auth", "token": "wrong"}, "wrong_token", 4403),
    ],
)
def test_websocket_bad_token(server: ServerThread, api: Api, first: dict[str, Any], code: str, close: int) -> None:
    created = api.create()
    url = server.base.replace("http://", "ws://") + f"/ws/matches/{created['match_id']}"
    with connect(url) as ws:
        import json

        ws.send(json.dumps(first))
        message = json.loads(ws.recv(timeout=10))
        assert message["type"] == "error" and message["error"]["code"] == code
        translated(message["error"])
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == close


def test_websocket_unknown_match(server: ServerThread) -> None:
    url = server.base.replace("http://", "ws://") + "/ws/matches/nothing"
    with connect(url) as ws:
        import json

        ws.send(json.dumps({"type": "auth", "token": "abc"}))
        assert json.loads(ws.recv(timeout=10))["error"]["code"] == "not_found"
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404


def test_after_the_match(server: ServerThread, api: Api) -> None:
    created = api.create(level=1, target=1)
    seat = Seat(server.base, created["match_id"], created["token"])
    import random

    from .conftest import my_turn, pick

    rng = random.Random(1)
    while seat.wait(my_turn)["status"] != "over":
        seat.act(pick(seat.state, rng), seat.state["version"])
    version = seat.state["version"]
    error_of(api.act(created["match_id"], created["token"], {"action": "next"}), 409, "not_your_turn")
    error_of(api.act(created["match_id"], created["token"], {"action": "Ah"}), 409, "not_your_turn")
    assert api.state(created["match_id"], created["token"])["version"] == version
    seat.close()
