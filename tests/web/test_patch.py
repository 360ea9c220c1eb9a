"""Patches: after a first whole state, a socket that asks for them gets what changed, and the
state it makes is the server's state, at every table size; the page's patch.js agrees with the
server's; a socket that does not ask gets whole states (API version 1 as before)."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from sixtysix import Rules
from sixtysix.core.match import AnyMatch, create_match
from sixtysix.present.state import StateMemo, seat_state
from sixtysix.present.table import PublicMatch
from sixtysix.web.live import APPEND, DELETE, apply, diff

from .conftest import Api, Seat, ServerThread, pick, stored, timeless

STATIC_JS = Path(__file__).resolve().parents[2] / "src" / "sixtysix" / "web" / "static" / "js" / "patch.js"
CANONICAL = orjson.OPT_SORT_KEYS


def same(a: Any, b: Any) -> bool:
    """Equal as JSON (key order aside): ``1`` is not ``true`` here, as it is not in the page."""
    return orjson.dumps(a, option=CANONICAL) == orjson.dumps(b, option=CANONICAL)


def states(match: AnyMatch, memo: StateMemo, version: int, status: str = "playing") -> dict[int, dict[str, Any]]:
    """Every seat's state of ``match`` (a match between people) at ``version``."""
    seats = {s: (f"P{s}", "human", None) for s in match.seats}
    public = PublicMatch("m1", version, status, "friend", True, seats)
    return {s: seat_state(public, match, s, memo) for s in match.seats}


def state_pairs(preset: str, matches: int, seed: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(previous, next) states of every seat after every action of random matches of ``preset``."""
    rng = random.Random(seed)
    rules = Rules.preset(preset).replace(match_target=3)
    pairs = []
    for _ in range(matches):
        match, memo = create_match(rules), StateMemo()
        version = 1
        before = states(match, memo, version, "waiting")
        while not match.is_over:
            deal = match.new_deal(seed=rng.getrandbits(32))
            while True:
                version += 1
                after = states(match, memo, version)
                pairs += [(before[s], after[s]) for s in match.seats]
                before = after
                if deal.is_over:
                    break
                seat = deal.seat_to_ask
                deal.apply(rng.choice(deal.legal_actions(seat)), seat)
            match.settle()
    return pairs


@pytest.mark.parametrize("preset", ["seed66", "schnapsen", "three66", "four66"])
def test_a_patch_applied_to_the_previous_state_is_the_next_state_for_every_seat(preset: str) -> None:
    pairs = state_pairs(preset, 8, seed=len(preset))
    appended = 0
    for before, after in pairs:
        kept = orjson.dumps(before)
        patch = diff(before, after)
        assert same(apply(before, patch), after)
        assert orjson.dumps(before) == kept  # neither makes changes to the old state
        appended += APPEND in json.dumps(patch)
    assert len(pairs) > 200 and appended > len(pairs) // 4  # histories grow: most patches append


def test_patch_rules_by_example() -> None:
    old = {"a": 1, "b": {"c": [1, 2], "d": True, "e": None}, "f": [1], "g": {"x": 1}}
    new = {"a": 1, "b": {"c": [1, 2, 3], "d": 1, "e": {"k": "v"}}, "f": [2], "g": 5, "h": []}
    patch = diff(old, new)
    assert patch == {"b": {"c": {APPEND: [3]}, "d": 1, "e": {"k": "v"}}, "f": [2], "g": 5, "h": []}
    assert same(apply(old, patch), new)
    assert diff(new, new) == {}
    assert diff({"a": 1, "b": 2}, {"b": 2}) == {DELETE: ["a"]}
    assert diff({"a": []}, {"a": [1]}) == {"a": [1]}  # an empty list is replaced, not appended to


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_page_applies_a_patch_as_the_server_does(tmp_path: Path) -> None:
    pairs = state_pairs("seed66", 1, seed=3) + state_pairs("four66", 1, seed=4)
    cases = [{"before": before, "patch": diff(before, after)} for before, after in pairs]
    cases.append({"before": {"a": {"b": 1}, "l": [1]}, "patch": {"a": {DELETE: ["b"]}, "l": {APPEND: [2, 3]}}})
    source = tmp_path / "cases.json"
    source.write_bytes(orjson.dumps(cases))
    script = (
        f"import {{ applyPatch }} from {json.dumps(STATIC_JS.as_uri())};\n"
        "import fs from 'node:fs';\n"
        f"const cases = JSON.parse(fs.readFileSync({json.dumps(str(source))}, 'utf8'));\n"
        "const out = cases.map(({ before, patch }) => {\n"
        "  const copy = JSON.stringify(before);\n"
        "  const after = applyPatch(before, patch);\n"
        "  if (JSON.stringify(before) !== copy) throw new Error('the old state was changed');\n"
        "  return after;\n"
        "});\n"
        "process.stdout.write(JSON.stringify(out));\n"
    )
    node = shutil.which("node")
    assert node is not None
    result = subprocess.run(
        [node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=120, check=True
    )
    applied = json.loads(result.stdout)
    assert len(applied) == len(cases)
    for (_, after), page in zip(pairs, applied, strict=False):
        assert same(page, after)
    assert applied[-1] == {"a": {}, "l": [1, 2, 3]}


def test_a_whole_match_with_patches_ends_in_the_servers_state_and_a_reconnect_gets_it_whole(
    server: ServerThread, api: Api
) -> None:
    created = api.create(opponent="friend", target=4)
    joined = api.join(created["invite"]["code"]).json()
    match_id = created["match_id"]
    tokens = {1: created["token"], 2: joined["token"]}
    seats = {n: Seat(server.base, match_id, token) for n, token in tokens.items()}
    rng = random.Random(9)
    patches = 0
    while seats[1].state["status"] != "over":
        number = next(n for n, seat in seats.items() if seat.state["legal"])
        answer = seats[number].act(pick(seats[number].state, rng), seats[number].state["version"])
        assert stored(answer), answer
        patches += answer["type"] == "patch"
        seats[3 - number].wait(lambda s, v=answer["state"]["version"]: s["version"] >= v)
        for n, seat in seats.items():  # every few moves: what the patches made is the server's state
            if rng.random() < 0.1:
                assert same(timeless(seat.state), timeless(api.state(match_id, tokens[n])))
    assert patches > 20
    for n, seat in seats.items():
        assert same(timeless(seat.state), timeless(api.state(match_id, tokens[n])))
    for seat in seats.values():
        seat.close()
    again = Seat(server.base, match_id, tokens[1])  # a reload: the whole state first
    assert again.messages[0]["type"] == "state"
    assert same(timeless(again.state), timeless(api.state(match_id, tokens[1])))
    again.close()


@pytest.mark.parametrize("direct", [True, False], ids=["direct path", "through ASGI"])
def test_a_socket_that_does_not_ask_for_patches_gets_whole_states(
    make_server: Callable[..., ServerThread], direct: bool
) -> None:
    server = make_server(direct=direct)
    api = Api(server.base)
    created = api.create(opponent="friend")
    joined = api.join(created["invite"]["code"]).json()
    seats = {
        1: Seat(server.base, created["match_id"], created["token"], patches=False),
        2: Seat(server.base, created["match_id"], joined["token"], patches=True),
    }
    for _ in range(6):
        number = next(n for n, seat in seats.items() if seat.state["legal"])
        answer = seats[number].act(seats[number].state["legal"][0], seats[number].state["version"])
        assert answer["type"] == ("state" if number == 1 else "patch"), answer
        seats[3 - number].wait(lambda s, v=answer["state"]["version"]: s["version"] >= v)
    kinds = {n: {m["type"] for m in seat.messages} - {"presence"} for n, seat in seats.items()}
    assert kinds == {1: {"state"}, 2: {"state", "patch"}}
    for seat in seats.values():
        assert same(timeless(seat.state), timeless(api.state(created["match_id"], seat.token)))
    for seat in seats.values():
        seat.close()
    api.close()


def test_messages_sent_with_the_token_are_handled_in_order(server: ServerThread, api: Api) -> None:
    """The auth message and two more at once: the socket's messages wait for the app, none is lost."""
    created = api.create(opponent="friend")
    api.join(created["invite"]["code"])
    url = server.base.replace("http://", "ws://") + f"/ws/matches/{created['match_id']}"
    with connect(url) as ws:
        ws.send(json.dumps({"type": "auth", "token": created["token"], "patches": True}))
        ws.send(json.dumps({"type": "ping", "id": "p1"}))
        ws.send(json.dumps({"type": "state", "id": "s1"}))
        received = [json.loads(ws.recv(timeout=10)) for _ in range(3)]
    assert [m["type"] for m in received] == ["state", "pong", "state"]
    assert received[1]["reply_to"] == "p1" and received[2]["reply_to"] == "s1"


def test_a_text_message_that_is_not_utf8_closes_the_socket(server: ServerThread, api: Api) -> None:
    created = api.create()
    url = server.base.replace("http://", "ws://") + f"/ws/matches/{created['match_id']}"
    with connect(url) as ws:
        ws.send(json.dumps({"type": "auth", "token": created["token"], "patches": True}))
        assert json.loads(ws.recv(timeout=10))["type"] == "state"
        payload, mask = b"\xff\xfe not utf-8", b"\x01\x02\x03\x04"  # a frame the client library would refuse
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        ws.socket.sendall(bytes((0x81, 0x80 | len(payload))) + mask + masked)
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007
