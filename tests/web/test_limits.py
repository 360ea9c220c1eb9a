"""Abuse limits (docs/web.md, "Limits"): per-address rate limits on creating matches, hints and reviews
(429 with Retry-After), a per-seat limit on actions (over HTTP and the socket), and no match created or
joined from another site's page."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from sixtysix.web.limits import Limits, Rate
from sixtysix.web.messages import sentence
from sixtysix.web.middleware import ServerTime

from .conftest import Api, Seat, ServerThread, my_turn, pick, stored


def match_count(server: ServerThread) -> int:
    with sqlite3.connect(server.db) as db:
        count: int = db.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
    return count


def assert_limited(response: httpx.Response) -> int:
    assert response.status_code == 429, response.text
    assert response.json()["error"]["code"] == "rate_limited"
    wait = int(response.headers["retry-after"])
    assert wait >= 1
    return wait


def test_creating_matches_is_limited_per_address(make_server: Callable[..., ServerThread]) -> None:
    server = make_server(limits=Limits(rates={"create": Rate(3, 600.0)}))
    api = Api(server.base)
    for _ in range(3):
        api.create()
    wait = assert_limited(api.request("POST", "/api/matches", json={}))
    assert wait <= 200  # a new match every 200 s refills the bucket
    assert match_count(server) == 3
    # other requests are not counted against it
    assert api.request("GET", "/api/meta").status_code == 200
    api.close()


def test_hints_and_reviews_are_limited_per_address(make_server: Callable[..., ServerThread]) -> None:
    server = make_server(seed=4, limits=Limits(rates={"hint": Rate(2, 60.0), "review": Rate(1, 60.0)}))
    api = Api(server.base)
    created = api.create(level=1, target=1)
    match_id, token = created["match_id"], created["token"]
    hint = f"/api/matches/{match_id}/hint"
    assert api.request("GET", hint, token).status_code == 200
    assert api.request("GET", hint, token).status_code == 200
    assert_limited(api.request("GET", hint, token))
    seat = Seat(server.base, match_id, token)
    rng = random.Random(1)
    while seat.wait(my_turn)["deal"]["outcome"] is None:
        seat.act(pick(seat.state, rng, claims=False), seat.state["version"])
    review = f"/api/matches/{match_id}/deals/1/review"
    assert api.request("GET", review, token).status_code == 200
    assert_limited(api.request("GET", review, token))
    seat.close()
    api.close()


def test_creating_puzzle_solvers_is_limited_and_same_site_only(make_server: Callable[..., ServerThread]) -> None:
    server = make_server(limits=Limits(rates={"solver": Rate(2, 600.0)}))
    api = Api(server.base)
    refused = api.request("POST", "/api/puzzles/solver", headers={"Origin": "https://evil.example"})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "cross_origin"
    assert api.request("POST", "/api/puzzles/solver").status_code == 201
    assert api.request("POST", "/api/puzzles/solver").status_code == 201
    assert_limited(api.request("POST", "/api/puzzles/solver"))
    api.close()


def test_checking_records_is_limited_per_address(make_server: Callable[..., ServerThread]) -> None:
    server = make_server(limits=Limits(rates={"verify": Rate(2, 60.0)}))
    api = Api(server.base)
    record = {"record": '[Format "66R 1"]\n'}
    assert api.request("POST", "/api/verify", json=record).status_code == 200
    assert api.request("POST", "/api/verify", json=record).status_code == 200
    assert_limited(api.request("POST", "/api/verify", json=record))
    api.close()


def friends_match(api: Api) -> tuple[str, str, str]:
    """A match of two people, joined: (its id, seat 1's token, seat 2's token); seat 1 leads."""
    created = api.create(opponent="friend", name="Alice")
    joined = api.join(created["invite"]["code"], "Bob").json()
    return created["match_id"], created["token"], joined["token"]


def test_a_flood_of_actions_from_one_seat_is_refused_after_the_burst_and_changes_nothing(
    make_server: Callable[..., ServerThread],
) -> None:
    clock = ServerTime()
    server = make_server(seed=1, limits=Limits(rates={"action": Rate(5, 600.0)}), server_time=clock)
    api = Api(server.base)
    match_id, alice, bob = friends_match(api)
    state = api.state(match_id, alice)
    version, legal = state["version"], state["legal"]
    assert state["deal"]["to_act"] == 1
    # the burst: five actions at a stale version, each refused for what it is, each counted
    for _ in range(5):
        stale = api.act(match_id, alice, {"action": legal[0], "version": version - 1})
        assert stale.json()["error"]["code"] == "stale_version"
    # past it, even a legal action at the current version is refused, however often it is sent
    for _ in range(20):
        refused = api.act(match_id, alice, {"action": legal[0], "version": version})
        wait = assert_limited(refused)
        assert refused.json()["error"]["message"] == sentence("server.rate_limited", kind="action", seconds=wait).text()
    assert api.state(match_id, alice)["version"] == version
    assert server.service.store.action_count(match_id) == 0
    # the limit is the seat's: the other seat is answered as usual
    assert api.act(match_id, bob, {"action": legal[0]}).json()["error"]["code"] == "not_your_turn"
    # once the bucket has refilled (the server's clock moved on by Retry-After), the seat plays on
    clock.advance(wait)
    played = api.act(match_id, alice, {"action": legal[0], "version": version})
    assert played.status_code == 200 and played.json()["version"] == version + 1
    api.close()


def test_a_seats_actions_on_its_socket_share_its_limit_and_are_refused_with_the_socket_kept_open(
    make_server: Callable[..., ServerThread],
) -> None:
    clock = ServerTime()
    server = make_server(seed=1, limits=Limits(rates={"action": Rate(4, 600.0)}), server_time=clock)
    api = Api(server.base)
    match_id, alice, _ = friends_match(api)
    seat = Seat(server.base, match_id, alice)
    version, legal = seat.state["version"], seat.state["legal"]
    for _ in range(2):  # half the burst over HTTP, half on the socket: one bucket for the seat
        assert api.act(match_id, alice, {"action": legal[0], "version": version - 1}).status_code == 409
        assert seat.act(legal[0], version - 1)["error"]["code"] == "stale_version"
    refused = seat.act(legal[0], version)
    error = refused["error"]
    assert (refused["type"], error["code"], error["status"]) == ("error", "rate_limited", 429)
    wait = int(error["message"].rsplit(" ", 2)[1])
    assert error["messages"] == sentence("server.rate_limited", kind="action", seconds=wait).texts()
    assert wait >= 1
    # the socket stays open and answers, and nothing changed
    seat.send({"type": "ping", "id": "p"})
    assert seat.receive() == {"type": "pong", "reply_to": "p"}
    assert api.state(match_id, alice)["version"] == version
    assert server.service.store.action_count(match_id) == 0
    clock.advance(wait)
    answer = seat.act(legal[0], version)
    assert stored(answer) and answer["state"]["version"] == version + 1
    seat.close()
    api.close()


def test_a_bot_acting_50_times_a_second_plays_a_long_match_within_the_default_limit(
    make_server: Callable[..., ServerThread],
) -> None:
    clock = ServerTime()
    server = make_server(seed=3, limits=Limits(), server_time=clock)
    api = Api(server.base)
    created = api.create(level=1, target=60)  # a long match: more actions than one burst
    seat = Seat(server.base, created["match_id"], created["token"])
    rng = random.Random(3)
    actions = 0
    while seat.wait(my_turn)["status"] != "over":
        answer = seat.act(pick(seat.state, rng, claims=False), seat.state["version"])
        assert answer["type"] != "error", answer
        actions += 1
        clock.advance(1 / 50)  # the bot's pace, on the clock the buckets refill by (at least: time passes too)
    assert actions > Limits().rates["action"].count  # more than one burst holds: the refill keeps up
    seat.close()
    api.close()


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "https://evil.example"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"},
        {"Sec-Fetch-Site": "same-site"},
    ],
)
def test_another_sites_page_cannot_create_or_join(server: ServerThread, api: Api, headers: dict[str, str]) -> None:
    before = match_count(server)
    refused = api.request("POST", "/api/matches", json={"opponent": "friend"}, headers=dict(headers))
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "cross_origin"
    assert match_count(server) == before
    created = api.create(opponent="friend")
    code = created["invite"]["code"]
    refused = api.request("POST", "/api/join", json={"code": code}, headers=dict(headers))
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "cross_origin"
    assert api.request("GET", f"/api/invitations/{code}").json()["used"] is False
    rematch = f"/api/matches/{created['match_id']}/rematch"
    refused = api.request("POST", rematch, created["token"], json={}, headers=dict(headers))
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "cross_origin"
    assert match_count(server) == before + 1


@pytest.mark.parametrize(
    "headers",
    [
        {},  # a command-line client
        {"Sec-Fetch-Site": "same-origin"},
        {"Sec-Fetch-Site": "none"},
        {"Origin": "SAME"},
    ],
)
def test_the_page_itself_and_command_line_clients_may_create(
    server: ServerThread, api: Api, headers: dict[str, Any]
) -> None:
    sent = {k: (server.base if v == "SAME" else v) for k, v in headers.items()}
    response = api.request("POST", "/api/matches", json={}, headers=sent)
    assert response.status_code == 201, response.text


def test_a_trusted_origin_may_create(make_server: Callable[..., ServerThread]) -> None:
    server = make_server(limits=Limits(rates={}, trusted_origins=("https://friends.example",)))
    api = Api(server.base)
    headers = {"Origin": "https://friends.example", "Sec-Fetch-Site": "cross-site"}
    assert api.request("POST", "/api/matches", json={}, headers=headers).status_code == 201
    other = {"Origin": "https://other.example", "Sec-Fetch-Site": "cross-site"}
    assert api.request("POST", "/api/matches", json={}, headers=other).status_code == 403
    api.close()
