"""Spectators (issue 29): anyone may watch a match its creator did not close to them, over a
read-only socket, and never receives a card of a hand or of the talon before it is public.

The leak scans replay each match from the database version by version (as the seats' scans
of ``test_hidden.py`` and ``test_tables.py`` do) and compute the cards hidden from everybody
(``pack - SpectatorView.visible_cards()``), at the position the spectator is shown (a delay
shows the match that many actions behind); every spectator state received, and every patch,
is checked against them. Every preset the lobby offers is watched over whole matches.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from sixtysix.present.spectator import rewound
from sixtysix.web.meta import meta

from .conftest import (
    Api,
    LiveSocket,
    Seat,
    ServerProcess,
    ServerThread,
    card_names,
    card_strings,
    my_turn,
    pick,
    stored,
    stored_versions,
)

PUBLIC_KEYS = frozenset({"previous_deal", "match_id", "path"})
"""Keys a scan skips: the deal before (over, so public) and names that are not cards."""


class Spectator(LiveSocket):
    """A spectator's socket (read-only: no token, no auth message)."""

    def __init__(self, base: str, match_id: str, patches: bool = True) -> None:
        super().__init__(base, f"/ws/watch/{match_id}" + ("?patches=1" if patches else ""))
        first = self.receive()
        assert first["type"] == "state", first

    def wait(self, condition: Any, timeout: float = 60) -> dict[str, Any]:
        while not (self.state and condition(self.state)):
            self.receive(timeout=timeout)
        return self.state

    def close(self) -> None:
        self.ws.close()


def hidden_from_spectators(db: Path | str, match_id: str, delay: int = 0) -> dict[int, set[str]]:
    """For every version of the match: the card names nobody at the table may see yet, at the position a
    spectator with ``delay`` is shown (a finished deal hides nothing, a match that is over is shown as it ended)."""
    out: dict[int, set[str]] = {}
    for version, match in stored_versions(db, match_id):
        match.settle()  # as the server's match is once a deal ends: a match that is over is never rewound
        shown = rewound(match, delay) if delay and not match.is_over else match
        deal = shown.current
        assert deal is not None
        pack = card_names(match.rules.pack)
        out[version] = set() if deal.is_over else pack - card_names(deal.spectator_view().visible_cards())
    return out


def spectator_states(message: Any) -> list[dict[str, Any]]:
    """Every spectator state in a message or answer."""
    if isinstance(message, dict) and message.get("type") in ("state", "patch"):
        return [message["state"]]
    if isinstance(message, dict) and message.get("spectator") is True:
        return [message]
    return []


def scan(messages: list[Any], oracle: dict[int, set[str]]) -> int:
    """Check every spectator state (and patch) against the cards hidden at its version; how many were checked."""
    checked = 0
    for message in messages:
        for state in spectator_states(message):
            assert state["spectator"] is True and "seat" not in state and "legal" not in state
            deal = state["deal"]
            hidden = oracle[state["version"]] if deal is not None else set()  # before the first deal: no card
            if deal is not None:
                assert deal["hand"] == [] and deal["refusals"] == {}
                assert hidden or deal["stage"] == "over" or not deal["talon"]
            leaked = card_strings(state, PUBLIC_KEYS) & hidden
            assert not leaked, f"a spectator saw {leaked} at version {state['version']}"
            if message.get("type") == "patch":
                leaked = card_strings(message["patch"], PUBLIC_KEYS) & hidden
                assert not leaked, f"a spectator's patch showed {leaked} at version {state['version']}"
            checked += 1
    return checked


def cards_seen_played(messages: list[dict[str, Any]]) -> set[str]:
    """Every card a spectator saw played: in the trick on the table and in the completed tricks."""
    seen: set[str] = set()
    for message in messages:
        deal = message.get("state", {}).get("deal") if "state" in message else None
        if deal:
            seen |= {e["card"] for e in deal["trick"]}
            seen |= {e["card"] for trick in deal["tricks"] for e in trick["cards"]}
    return seen


def play_between_friends(server: ServerThread, api: Api, rng: random.Random, **body: Any) -> tuple[str, Spectator]:
    """A match between two people played to its end with random legal actions, watched from its start."""
    created = api.create(opponent="friend", **body)
    match_id = created["match_id"]
    watcher = Spectator(server.base, match_id)
    joined = api.join(created["invite"]["code"]).json()
    seats = {1: Seat(server.base, match_id, created["token"]), 2: Seat(server.base, match_id, joined["token"])}
    while seats[1].state["status"] != "over":
        seat_number, seat = next((n, s) for n, s in seats.items() if s.state["legal"])
        answer = seat.act(pick(seat.state, rng), seat.state["version"])
        assert stored(answer), answer
        seats[3 - seat_number].wait(lambda s, v=answer["state"]["version"]: s["version"] >= v)
    final = seats[1].state["version"]
    watcher.wait(lambda s: s["version"] >= final)
    for seat in seats.values():
        seat.close()
    return match_id, watcher


@pytest.mark.slow
def test_a_spectator_never_sees_a_hidden_card_between_friends(server: ServerThread, api: Api) -> None:
    rng = random.Random(29)
    checked = deals = 0
    for preset in ("seed66", "pagat66", "schnapsen", "vu_schnapsen", "vu_schnapsen24") * 2:
        match_id, watcher = play_between_friends(server, api, rng, rules=preset, target=3)
        deals += watcher.state["match"]["deals"]
        assert watcher.state["status"] == "over" and watcher.state["match"]["over"]
        oracle = hidden_from_spectators(server.db, match_id)
        checked += scan(watcher.messages, oracle)
        answer = api.request("GET", f"/api/watch/{match_id}").json()
        checked += scan([answer], oracle)
        watcher.close()
    assert deals >= 15 and checked > 250, (deals, checked)


@pytest.mark.parametrize("preset", ["three66", "four66"])
def test_a_spectator_never_sees_a_hidden_card_at_three_and_four_seats(
    server: ServerThread, api: Api, preset: str
) -> None:
    """Every seat a computer's but one person's: the spectator watches every deal of a whole match."""
    rng = random.Random(preset)
    size = 3 if preset == "three66" else 4
    created = api.create(rules=preset, target=3, seats={str(n): 1 for n in range(2, size + 1)})
    match_id = created["match_id"]
    watcher = Spectator(server.base, match_id)
    me = Seat(server.base, match_id, created["token"])
    while me.wait(my_turn)["status"] != "over":
        answer = me.act(pick(me.state, rng), me.state["version"])
        assert stored(answer), answer
    final = me.state["version"]
    watcher.wait(lambda s: s["version"] >= final)
    oracle = hidden_from_spectators(server.db, match_id)
    checked = scan(watcher.messages, oracle)
    assert checked >= 10 and watcher.state["match"]["over"]
    assert len(cards_seen_played(watcher.messages)) > 10
    me.close()
    watcher.close()


def test_the_spectator_scan_finds_a_planted_card(server: ServerThread, api: Api) -> None:
    """The scan above is not vacuous: a hand card or a talon card slipped into a spectator state is found."""
    created = api.create(level=1)
    match_id = created["match_id"]
    state = api.request("GET", f"/api/watch/{match_id}").json()
    oracle = hidden_from_spectators(server.db, match_id)
    scan([state], oracle)
    hidden = sorted(oracle[state["version"]])
    assert len(hidden) == 24 - 1  # every card but the trump card turned up
    for card in (hidden[0], hidden[-1]):
        planted = copy.deepcopy(state)
        planted["deal"]["seats"][0]["known"].append(card)
        with pytest.raises(AssertionError):
            scan([planted], oracle)


def test_a_delayed_spectator_is_shown_the_match_moves_behind(server: ServerThread, api: Api) -> None:
    rng = random.Random(3)
    match_id, watcher = play_between_friends(server, api, rng, rules="seed66", target=5, spectator_delay=3)
    oracle = hidden_from_spectators(server.db, match_id, delay=3)
    assert scan(watcher.messages, oracle) > 25
    states = [m["state"] for m in watcher.messages if "state" in m]
    behind = [s["behind"] for s in states]
    assert all(s["delay"] == 3 for s in states)
    assert behind.count(3) > 15 and set(behind) <= {0, 1, 2, 3}  # fewer only at the very start, or once it is over
    assert watcher.state["behind"] == 0 and watcher.state["match"]["over"]  # a match that is over is shown as it ended
    # the delayed states show the deal as it was: no card played in its last three actions yet
    live = {m["state"]["version"]: m["state"] for m in watcher.messages if "state" in m}
    late = next(s for s in live.values() if s["behind"] == 3 and s["deal"] and len(s["deal"]["history"]) > 3)
    assert late["clock"] is None


def test_live_lists_the_watchable_matches_newest_first(server: ServerThread, api: Api) -> None:
    older = api.create(level=1, name="Ann")
    closed = api.create(level=1, name="Cid", spectators=False)
    newer = api.create(level=2, name="Bea", rules="schnapsen")
    waiting = api.create(opponent="friend", name="Dan")  # no second player yet: not live
    listed = api.request("GET", "/api/live").json()["matches"]
    ids = [m["match_id"] for m in listed]
    assert ids[:2] == [newer["match_id"], older["match_id"]]
    assert closed["match_id"] not in ids and waiting["match_id"] not in ids
    first = listed[0]
    assert first["preset"] == "schnapsen" and first["path"] == f"/?watch={newer['match_id']}"
    assert first["seats"][0]["name"] == "Bea" and first["rating"] is None
    assert "token" not in json.dumps(listed) and "invite" not in json.dumps(listed)
    refused = api.request("GET", "/api/live?limit=0")
    assert refused.status_code == 400
    sides = api.create(rules="four66", seats={"2": 1, "3": 1, "4": 1})
    listed = api.request("GET", "/api/live?limit=1").json()["matches"]
    assert [m["match_id"] for m in listed] == [sides["match_id"]]
    assert len(listed[0]["score"]) == 2 and len(listed[0]["seats"]) == 4  # four-handed: the sides' scores


def test_a_match_closed_to_spectators_is_not_found(server: ServerThread, api: Api) -> None:
    closed = api.create(level=1, spectators=False)
    answer = api.request("GET", f"/api/watch/{closed['match_id']}")
    unknown = api.request("GET", "/api/watch/nosuchmatch")
    assert answer.status_code == unknown.status_code == 404
    assert answer.json()["error"]["code"] == unknown.json()["error"]["code"] == "not_found"
    url = server.base.replace("http://", "ws://") + f"/ws/watch/{closed['match_id']}"
    with connect(url, open_timeout=10) as ws:
        first = json.loads(ws.recv(timeout=10))
        assert first["type"] == "error" and first["error"]["status"] == 404
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=10)
        assert ws.close_code == 4404


def test_a_spectator_socket_is_read_only(server: ServerThread, api: Api) -> None:
    created = api.create(opponent="friend")
    api.join(created["invite"]["code"])
    watcher = Spectator(server.base, created["match_id"], patches=False)
    version = watcher.state["version"]
    card = api.state(created["match_id"], created["token"])["legal"][0]
    watcher.ws.send(json.dumps({"type": "action", "action": card, "seat": 1, "id": "x"}))
    refused = watcher.receive()
    assert refused["type"] == "error" and refused["reply_to"] == "x" and refused["error"]["code"] == "spectator"
    watcher.ws.send(json.dumps({"type": "ping", "id": 7}))
    assert watcher.receive() == {"type": "pong", "reply_to": 7}
    assert api.state(created["match_id"], created["token"])["version"] == version  # nothing was played
    watcher.close()


def test_the_creators_choice_holds_in_the_seats_states_and_the_rematch(server: ServerThread, api: Api) -> None:
    created = api.create(level=1, target=1, spectators=False, spectator_delay=2)
    game = server.service.games[created["match_id"]]
    assert (game.spectators, game.spectator_delay) == (False, 2) and created["state"]["watch"] is None
    default = api.create(level=1, spectator_delay=4)
    assert default["state"]["watch"] == {"path": f"/?watch={default['match_id']}", "delay": 4}
    seat = Seat(server.base, created["match_id"], created["token"])
    rng = random.Random(1)
    while seat.wait(my_turn)["status"] != "over":
        assert stored(seat.act(pick(seat.state, rng), seat.state["version"]))
    seat.close()
    answer = api.request("POST", f"/api/matches/{created['match_id']}/rematch", created["token"], json={})
    assert answer.status_code == 201, answer.text
    rematch = server.service.games[answer.json()["match_id"]]
    assert (rematch.spectators, rematch.spectator_delay) == (False, 2)
    too_long = api.request("POST", "/api/matches", json={"level": 1, "spectator_delay": 41})
    assert too_long.status_code == 400


def test_every_preset_the_lobby_offers_is_scanned() -> None:
    offered = set(meta()["presets"])
    scanned = {"seed66", "pagat66", "schnapsen", "vu_schnapsen", "vu_schnapsen24", "three66", "four66"}
    assert offered <= scanned


@pytest.mark.slow
def test_a_spectator_on_another_server_process_sees_every_move(postgres_url: str) -> None:
    """On PostgreSQL the spectator's socket on one process is pushed the moves made on another (LISTEN/NOTIFY)."""
    first, second = ServerProcess(postgres_url), ServerProcess(postgres_url)
    api = Api(first.base)
    try:
        created = api.create(opponent="friend", name="Alice")
        match_id = created["match_id"]
        joined = api.join(created["invite"]["code"]).json()
        watcher = Spectator(second.base, match_id)
        seats = {1: Seat(first.base, match_id, created["token"]), 2: Seat(first.base, match_id, joined["token"])}
        rng = random.Random(5)
        for _ in range(8):
            number, seat = next((n, s) for n, s in seats.items() if s.state["legal"])
            answer = seat.act(pick(seat.state, rng, claims=False), seat.state["version"])
            assert stored(answer), answer
            seats[3 - number].wait(lambda s, v=answer["state"]["version"]: s["version"] >= v)
            watcher.wait(lambda s, v=answer["state"]["version"]: s["version"] >= v)  # pushed by the other process
        assert len(watcher.state["deal"]["history"]) >= 8 - 1
        assert cards_seen_played(watcher.messages)
        with httpx.Client(base_url=second.base) as other:
            assert other.get(f"/api/watch/{match_id}").json()["version"] == watcher.state["version"]
        for seat in seats.values():
            seat.close()
        watcher.close()
    finally:
        api.close()
        first.stop()
        second.stop()
