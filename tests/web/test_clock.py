"""Play between people (sixtysix.web.play): the move clock and its claims over HTTP and the
WebSocket, a forfeit that survives a restart and shows in the record, and the rematch."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sixtysix.core.record import replay
from sixtysix.web.middleware import ServerTime

from .conftest import Api, Seat, ServerThread, my_turn, stored


def friends(api: Api, **body: Any) -> tuple[str, dict[int, str]]:
    """A match between two people (both seats taken): its id and the tokens by seat."""
    created = api.create(opponent="friend", name="Ann", **body)
    joined = api.join(created["invite"]["code"], "Bob").json()
    return created["match_id"], {1: created["token"], 2: joined["token"]}


def to_act(api: Api, match_id: str, tokens: dict[int, str]) -> tuple[int, int]:
    """(the seat whose clock runs, the other seat)."""
    clock = api.state(match_id, tokens[1])["clock"]
    assert clock is not None
    late = int(clock["seat"])
    return late, 3 - late


def test_the_clock_runs_for_the_seat_to_act_between_people(make_server: Callable[..., ServerThread]) -> None:
    server = make_server(seed=3, move_seconds=30, grace_seconds=60)
    api = Api(server.base)
    match_id, tokens = friends(api)
    late, other = to_act(api, match_id, tokens)
    mine, theirs = api.state(match_id, tokens[late])["clock"], api.state(match_id, tokens[other])["clock"]
    assert mine["mine"] is True and theirs["mine"] is False
    assert mine["seconds"] == 30 and mine["grace"] == 60 and mine["forfeit_points"] == 3
    assert 0 < mine["deadline"] - mine["now"] <= 30
    assert mine["match_after"] == mine["deadline"] + 60
    # too early: refused, nothing changes
    before = api.state(match_id, tokens[other])
    refused = api.act(match_id, tokens[other], {"action": "claim_deal"})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "too_early"
    assert api.state(match_id, tokens[other])["version"] == before["version"]
    api.close()


def test_no_clock_against_the_computer(api: Api) -> None:
    created = api.create(opponent="computer", level=1)
    assert created["state"]["clock"] is None
    refused = api.act(created["match_id"], created["token"], {"action": "claim_deal"})
    assert refused.status_code == 409


def test_a_run_out_clock_lets_the_other_claim_the_deal(
    make_server: Callable[..., ServerThread], tmp_path: Path
) -> None:
    db = tmp_path / "clock.sqlite3"
    clock = ServerTime()
    server = make_server(db, seed=4, move_seconds=60, grace_seconds=60, server_time=clock)
    api = Api(server.base)
    match_id, tokens = friends(api)
    late, other = to_act(api, match_id, tokens)
    own = api.act(match_id, tokens[late], {"action": "claim_deal"})  # one's own clock: make a move
    assert own.status_code == 409
    assert api.act(match_id, tokens[other], {"action": "claim_deal"}).status_code == 409  # the clock runs
    clock.advance(61)  # the clock of the late seat runs out
    # the match may not be claimed yet: the grace period has not passed (and the late seat may be back)
    early = api.act(match_id, tokens[other], {"action": "claim_match"})
    assert early.status_code == 409 and early.json()["error"]["code"] == "too_early"
    claimed = api.act(match_id, tokens[other], {"action": "claim_deal"})
    assert claimed.status_code == 200, claimed.text
    state = claimed.json()["state"]
    outcome = state["deal"]["outcome"]
    assert outcome["termination"] == "forfeit" and outcome["winner"] == other and outcome["game_points"] == 3
    assert state["match"]["score"][other - 1] == 3 and state["clock"] is None
    assert any("forfeited the deal" in line for line in outcome["explanation"])
    # the record carries it, and a restarted server rebuilds it
    record = api.request("GET", f"/api/matches/{match_id}/record", tokens[other]).text
    assert f'[Forfeit "deal 1: forfeit: seat {late} timeout: the move clock ran out"]' in record
    api.close()
    server.stop()
    again = make_server(db)
    api = Api(again.base)
    rebuilt = api.state(match_id, tokens[other])
    assert rebuilt["deal"]["outcome"]["termination"] == "forfeit"
    assert rebuilt["match"]["score"] == state["match"]["score"]
    api.close()


def test_a_seat_gone_past_the_grace_period_loses_the_match(
    make_server: Callable[..., ServerThread], tmp_path: Path
) -> None:
    db = tmp_path / "forfeit.sqlite3"
    clock = ServerTime()
    server = make_server(db, seed=5, move_seconds=60, grace_seconds=120, server_time=clock)
    api = Api(server.base)
    match_id, tokens = friends(api, target=7)
    late, other = to_act(api, match_id, tokens)
    watcher = Seat(server.base, match_id, tokens[other])
    present = Seat(server.base, match_id, tokens[late])  # the late seat is still connected
    clock.advance(181)  # the move clock and the grace period are over
    refused = watcher.act("claim_match")
    assert refused["type"] == "error" and refused["error"]["code"] == "too_early"
    present.close()
    deadline = time.monotonic() + 5
    while server.service.games[match_id].audience.connected()[late] and time.monotonic() < deadline:
        time.sleep(0.05)
    answer = watcher.act("claim_match")
    assert stored(answer), answer
    final = watcher.wait(lambda s: s["status"] == "over")
    # a win by forfeit: the deal in play forfeited, and no deal made up for the points still missing
    match = final["match"]
    assert match["winner"] == other and match["forfeited_by"] == late and match["over"] is True
    assert match["deals"] == 1 and match["score"][other - 1] == 3 and match["score"][late - 1] == 0
    assert [r["winner"] for r in match["results"]] == [other] and "next" not in final["legal"]
    assert final["deal"]["outcome"]["termination"] == "forfeit"
    watcher.close()
    # the record holds the deal really played; the forfeit of the match is a free header beside the result
    record = api.request("GET", f"/api/matches/{match_id}/record", tokens[other]).text
    assert record.count("\ndeal dealer=") == 1
    assert f'[Forfeit "deal 1: forfeit: seat {late} timeout: the move clock ran out"]' in record
    assert f'[Termination "seat {late} forfeited the match: its move clock ran out and it did not come back"]' in record
    assert replay(record).match.score == tuple(match["score"])  # still a valid record of the same deals
    # the history and the statistics say so, for both seats
    for seat, won in ((other, True), (late, False)):
        listed = api.request("POST", "/api/history", json={"tokens": [tokens[seat]]}).json()
        entry = listed["matches"][0]
        assert entry["forfeit"] == late and entry["won"] is won and entry["deals"] == 1
        counts = listed["stats"]["matches"]
        assert counts["won_by_forfeit" if won else "lost_by_forfeit"] == 1 and listed["stats"]["deals"]["played"] == 1
    # a restarted server rebuilds the match as it ended
    api.close()
    server.stop()
    again = make_server(db)
    api = Api(again.base)
    rebuilt = api.state(match_id, tokens[other])
    assert rebuilt["status"] == "over" and rebuilt["match"]["forfeited_by"] == late
    assert rebuilt["match"]["winner"] == other and rebuilt["match"]["deals"] == 1 and "next" not in rebuilt["legal"]
    api.close()


def test_a_rematch_for_both_people(make_server: Callable[..., ServerThread]) -> None:
    clock = ServerTime()
    server = make_server(seed=6, move_seconds=60, grace_seconds=60, server_time=clock)
    api = Api(server.base)
    match_id, tokens = friends(api, target=1, rules="schnapsen")
    late, other = to_act(api, match_id, tokens)
    not_yet = api.request("POST", f"/api/matches/{match_id}/rematch", tokens[other])
    assert not_yet.status_code == 409  # the match goes on
    clock.advance(61)
    assert api.act(match_id, tokens[other], {"action": "claim_deal"}).status_code == 200
    assert api.state(match_id, tokens[other])["status"] == "over"
    asked = api.request("POST", f"/api/matches/{match_id}/rematch", tokens[other])
    assert asked.status_code == 201, asked.text
    body = asked.json()
    new_id = body["match_id"]
    assert body["seat"] == other and body["token"] and body["state"]["rules"]["preset"] == "schnapsen"
    assert body["state"]["status"] == "waiting" and body["state"]["match"]["target"] == 1
    # the other person is invited (no code is shown to anybody) and takes its seat by asking too, with
    # its token of the old match, after a restart of the server: the invitation's hash is stored
    assert api.state(match_id, tokens[late])["rematch"] == {"match_id": new_id, "invited": True}
    assert api.state(match_id, tokens[other])["rematch"] == {"match_id": new_id, "invited": False}
    api.close()
    server.stop()
    server = make_server(seed=7)  # the same database
    api = Api(server.base)
    joined = api.request("POST", f"/api/matches/{match_id}/rematch", tokens[late], json={"client_seed": "b" * 64})
    assert joined.status_code == 201, joined.text
    taken = joined.json()
    assert taken["match_id"] == new_id and taken["seat"] == late and taken["token"] not in tokens.values()
    assert taken["state"]["status"] == "playing" and taken["state"]["deal"]["number"] == 1
    assert api.state(match_id, tokens[late])["rematch"] == {"match_id": new_id, "invited": False}
    # asked again by either seat: the same rematch, no second seat
    for seat in (late, other):
        again = api.request("POST", f"/api/matches/{match_id}/rematch", tokens[seat])
        assert again.status_code == 200 and again.json()["match_id"] == new_id and "token" not in again.json()
    api.close()


def test_a_rematch_against_the_computer_keeps_the_level(api: Api) -> None:
    created = api.create(opponent="computer", level=2, target=1, rules="schnapsen")
    match_id, token = created["match_id"], created["token"]
    seat = Seat(api.base, match_id, token)
    state = seat.state
    while state["status"] != "over":
        if my_turn(state) and state["legal"]:
            action = "next" if "next" in state["legal"] else state["legal"][0]
            answer = seat.act(action, state["version"])
            state = answer["state"] if stored(answer) else seat.wait(lambda s: True)
        else:
            state = seat.wait(lambda s: my_turn(s) or s["status"] == "over")
    seat.close()
    asked = api.request("POST", f"/api/matches/{match_id}/rematch", token).json()
    fresh = asked["state"]
    assert fresh["status"] == "playing" and fresh["kind"] == "computer"
    computer = next(s for s in fresh["seats"] if s["kind"] == "computer")
    assert computer["level"] == 2 and computer["name"] == "Computer (level 2)"


def test_a_deal_claimed_on_two_server_processes_at_once_is_forfeited_once(
    make_server: Callable[..., ServerThread], postgres_url: str
) -> None:
    """The move clock needs no lease (docs/deploy.md): its claims are changes like any other. The same claim
    sent at once to two servers on one PostgreSQL: one is stored, the other refused, one forfeit stored."""
    clock = ServerTime()
    servers = [make_server(postgres_url, seed=4, move_seconds=60, server_time=clock) for _ in range(2)]
    apis = [Api(server.base) for server in servers]
    match_id, tokens = friends(apis[0])
    _, other = to_act(apis[1], match_id, tokens)  # the second server holds the match too
    clock.advance(61)
    start = threading.Barrier(2)
    answers: list[int] = [0, 0]

    def claim(index: int) -> None:
        start.wait()
        answers[index] = apis[index].act(match_id, tokens[other], {"action": "claim_deal"}).status_code

    threads = [threading.Thread(target=claim, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(answers) == [200, 409]
    store = servers[0].service.store
    match = store.load(match_id)
    assert match is not None
    assert [action for _, action in match.deals[0].actions] == ["forfeit"]
    states = [api.state(match_id, tokens[other]) for api in apis]
    assert states[0]["version"] == states[1]["version"] == match.row.version
    assert states[1]["deal"]["outcome"]["termination"] == "forfeit"
    for api in apis:
        api.close()
