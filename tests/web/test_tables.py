"""Three- and four-handed matches through the HTTP and WebSocket API: any mix of people and
computers plays to the end, each seat sees only what it may (the dealer who sits out sees no
hand at all), refusals change nothing, and a restarted server continues every match.

The leak oracle replays each match from the database version by version, with the engine's
own views: ``three_handed_view`` / ``PartnershipView`` for a seat that plays, and, for the
three-handed dealer who sits out, the public cards only (computed here, independently of
the server's code).
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sixtysix.core.cards import BIT, CARD_NAMES
from sixtysix.core.facts import side_of
from sixtysix.core.match import ThreeHandedMatch
from sixtysix.core.partnership import FourHandedDeal
from sixtysix.core.record import replay
from sixtysix.core.threehanded import ThreeHandedDeal
from sixtysix.core.view import PartnershipView, three_handed_view

from .conftest import (
    Api,
    Seat,
    ServerProcess,
    ServerThread,
    card_names,
    pick,
    stored,
    stored_versions,
    timeless,
    wait_until,
)
from .test_hidden import states_in

CARD = re.compile(r"^[AKQJT987][cdhs]$")
"""A card name of the 32-card pack (the four-handed game has sevens and eights)."""

PUBLIC_KEYS = frozenset({"previous_deal", "match_id", "invite", "invites", "token", "code", "path"})


def card_strings(value: Any, skip: frozenset[str] = frozenset()) -> set[str]:
    """Every string in a JSON value that names a card of the 32-card pack (skipping the given keys)."""
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
        found |= set(re.findall(r"\b[AKQJT987][cdhs]\b", value))
    return found


def public_cards(deal: ThreeHandedDeal) -> int:
    """What everybody at a three-handed table has seen: the spectator's cards."""
    inner = deal.inner
    mask = BIT[inner.trump_card] | inner.won[1] | inner.won[2] | inner.known[1] | inner.known[2]
    if inner.face_up >= 0:
        mask |= BIT[inner.face_up]
    for _, action in inner.history:
        if action < 32:
            mask |= BIT[action]
    return mask


def visible(deal: ThreeHandedDeal | FourHandedDeal, seat: int) -> int:
    if isinstance(deal, FourHandedDeal):
        return PartnershipView.of(deal, seat).visible_cards()
    if deal.inner_seat(seat):
        return three_handed_view(deal, seat).visible_cards()
    return public_cards(deal)


def hidden_by_version(db: Path, match_id: str) -> dict[int, dict[int, set[str]]]:
    """For every version of the match: the card names hidden from each seat."""
    out: dict[int, dict[int, set[str]]] = {}
    for version, match in stored_versions(db, match_id):
        deal = match.current
        assert isinstance(deal, ThreeHandedDeal | FourHandedDeal)
        pack = card_names(match.rules.pack)
        if deal.is_over:  # a finished deal has no secrets: its state shows the cards that were left
            out[version] = {seat: set() for seat in match.seats}
            continue
        out[version] = {seat: pack - card_names(visible(deal, seat)) for seat in match.seats}
    return out


def check(messages: list[Any], oracle: dict[int, dict[int, set[str]]]) -> int:
    """Scan every state in ``messages`` for a card hidden from its seat at its version."""
    checked = 0
    for message in messages:
        for state in states_in(message):
            if state["deal"] is None:
                assert not card_strings(state, PUBLIC_KEYS)
                continue
            hidden = oracle[state["version"]][state["seat"]]
            leaked = card_strings(state, PUBLIC_KEYS) & hidden
            assert not leaked, f"seat {state['seat']} saw {leaked} at version {state['version']}"
            checked += 1
    return checked


def drain(seats: dict[int, Seat]) -> None:
    """Receive every message waiting on every socket."""
    for seat in seats.values():
        while True:
            try:
                seat.receive(timeout=0.02)
            except TimeoutError:
                break


def play(seats: dict[int, Seat], rng: random.Random, until: Any, timeout: float = 120) -> int:
    """Random legal actions by whichever person may act, until ``until(state)``; the actions sent."""
    deadline = time.monotonic() + timeout
    sent = 0
    while True:
        drain(seats)
        latest = max(seats.values(), key=lambda s: s.state["version"]).state
        if until(latest):
            return sent
        assert time.monotonic() < deadline, latest
        for seat in seats.values():
            state = seat.state
            if state["version"] != latest["version"] or not state["legal"]:
                continue
            answer = seat.act(pick(state, rng), state["version"])
            assert stored(answer) or answer["error"]["code"] == "stale_version", answer
            sent += 1
            break
        else:
            time.sleep(0.02)


def test_a_four_handed_match_of_one_person_and_three_computers(server: ServerThread, api: Api) -> None:
    created = api.create(rules="four66", level=1, target=3, name="Ann")
    state = created["state"]
    assert created["seat"] == 1 and created["invite"] is None
    assert state["players"] == 4 and state["status"] == "playing" and state["kind"] == "computer"
    assert [(s["seat"], s["kind"], s["side"], s["partner"]) for s in state["seats"]] == [
        (1, "human", 1, False),
        (2, "computer", 2, False),
        (3, "computer", 1, True),
        (4, "computer", 2, False),
    ]
    deal = state["deal"]
    assert len(deal["hand"]) == 8 and [s["hand_size"] for s in deal["seats"]] == [8, 8, 8, 8]
    assert deal["dealer"] == 4 and deal["trump_card_held"] and deal["seats"][3]["known"] == [deal["trump_card"]]
    assert deal["to_act"] == 1 and state["legal"] and state["match"]["by"] == "side"
    match_id = created["match_id"]
    seat = Seat(server.base, match_id, created["token"])
    sent = play({1: seat}, random.Random(4), lambda s: s["status"] == "over")
    final = seat.state
    match = final["match"]
    assert match["over"] and match["winner"] in (1, 2) and max(match["score"]) >= 3
    assert sent >= 8 * match["deals"] - 8  # a person's eight cards a deal, and "next"
    outcome = final["deal"]["outcome"]
    assert sum(outcome["tricks"]) == 8 and sum(outcome["points"]) == 130
    assert final["deal"]["tricks_played"] == 8 and len(final["deal"]["last_trick"]["cards"]) == 4
    oracle = hidden_by_version(server.db, match_id)
    checked = check(seat.messages, oracle) + check([m for _, m in api.seen], oracle)
    assert checked > 20 * match["deals"]
    game = server.service.games[match_id]
    assert game.match.score == tuple(match["score"])
    record = api.request("GET", f"/api/matches/{match_id}/record", created["token"]).text
    assert '[Seat1 "Ann"]' in record and '[Seat4 "Computer 4 (level 1)"]' in record and '[Rules "four66"]' in record
    assert record.count("deal dealer=") == match["deals"]
    assert list(replay(record).match.score) == match["score"]  # sixtysix replay reads it back
    seat.close()


def test_a_three_handed_match_of_two_people_and_a_computer(server: ServerThread, api: Api) -> None:
    created = api.create(rules="three66", seats={"2": "friend", "3": 1}, target=6, name="Ann")
    assert created["state"]["status"] == "waiting" and created["state"]["deal"] is None
    invites = created["invites"]  # shown this once; the state names the open seat only
    assert [i["seat"] for i in invites] == [2] and created["invite"] == invites[0]
    assert created["state"]["invites"] == [{"seat": 2}]
    code = invites[0]["code"]
    invitation = api.request("GET", f"/api/invitations/{code}").json()
    assert invitation["seat"] == 2 and invitation["players"] == 3 and invitation["host"] == "Ann"
    joined = api.join(code, "Bob").json()
    assert joined["seat"] == 2 and joined["state"]["status"] == "playing"
    assert api.join(code, "Eve").status_code == 409
    match_id = created["match_id"]
    seats = {1: Seat(server.base, match_id, created["token"]), 2: Seat(server.base, match_id, joined["token"])}
    first = seats[1].state
    assert first["deal"]["dealer"] == 3 and first["deal"]["sitting_out"] == 3 and first["deal"]["active"] == [1, 2]
    assert [s["name"] for s in first["seats"]] == ["Ann", "Bob", "Computer 3 (level 1)"]
    assert "invites" in first and not seats[2].state["invites"]
    rng = random.Random(9)
    spectated = 0
    while True:
        play(seats, rng, lambda s: s["status"] == "over" or s["deal"]["outcome"] is not None)
        drain(seats)
        for number, seat in seats.items():
            deal = seat.state["deal"]
            if deal["sitting_out"] == number:  # the dealer who sits out holds and sees no hand
                spectated += 1
                assert deal["hand"] == [] and set(seat.state["legal"]) <= {"next"}
        if seats[1].state["status"] == "over":
            break
        play(seats, rng, lambda s: s["deal"]["outcome"] is None)
    match = seats[1].state["match"]
    assert match["over"] and max(match["score"]) >= 6 and len(match["score"]) == 3
    assert all(r["dealer_points"] <= 5 for r in match["results"]) and match["deals"] >= 2
    game = server.service.games[match_id]
    assert isinstance(game.match, ThreeHandedMatch) and game.match.score == tuple(match["score"])
    assert spectated >= 1  # some deal had a person as the dealer
    oracle = hidden_by_version(server.db, match_id)
    checked = sum(check(seat.messages, oracle) for seat in seats.values())
    checked += check([m for _, m in api.seen], oracle)
    assert checked > 50
    for seat in seats.values():
        seat.close()


def test_the_dealer_who_sits_out_sees_no_hand(make_server: Callable[..., ServerThread]) -> None:
    """Seat 3 deals the first deal: its state names no card but the public ones."""
    server = make_server(seed=3, computer_delay=30)  # the computers wait: the deal stays at its start
    api = Api(server.base)
    created = api.create(rules="three66", seat=3, seats={"1": 1, "2": 1})
    state = created["state"]
    deal = state["deal"]
    assert deal["sitting_out"] == 3 and deal["hand"] == [] and state["legal"] == []
    assert [s["active"] for s in deal["seats"]] == [True, True, False]
    assert [s["hand_size"] for s in deal["seats"]] == [6, 6, 0]
    oracle = hidden_by_version(server.db, created["match_id"])
    assert len(oracle[state["version"]][3]) == 24 - 1  # every card but the trump card
    check([state], oracle)
    response = api.act(created["match_id"], created["token"], {"action": "draw"})
    assert response.status_code == 409 and response.json()["error"]["code"] == "not_your_turn"
    assert "sits out" in response.json()["error"]["message"]
    api.close()


def test_the_scan_finds_a_planted_card_at_the_three_and_four_handed_tables(server: ServerThread, api: Api) -> None:
    for rules in ("three66", "four66"):
        created = api.create(rules=rules, level=1)
        state = created["state"]
        oracle = hidden_by_version(server.db, created["match_id"])
        check([state], oracle)
        for card in sorted(oracle[state["version"]][1]):  # sevens and eights too
            planted = {**state, "seats": [*state["seats"], {"known": [card]}]}
            with pytest.raises(AssertionError):
                check([planted], oracle)
            planted = {**state, "deal": {**state["deal"], "last_action": {"seat": 2, "action": card}}}
            with pytest.raises(AssertionError):
                check([planted], oracle)


def test_refusals_at_the_four_handed_table(server: ServerThread, api: Api) -> None:
    created = api.create(rules="four66", seats={"2": 1, "3": "friend", "4": 1})
    code = created["invites"][0]["code"]
    match_id, token = created["match_id"], created["token"]
    waiting = api.act(match_id, token, {"action": "Ah"})
    assert waiting.status_code == 409 and waiting.json()["error"]["code"] == "not_your_turn"
    partner = api.join(code, "Pat").json()
    assert partner["seat"] == 3 and partner["state"]["you"]["side"] == 1 and partner["state"]["you"]["partner"] == 1
    state = api.state(match_id, token)
    assert state["deal"]["to_act"] == 1
    hand = state["deal"]["hand"]
    not_mine = next(c for c in (CARD_NAMES[i] for i in range(32)) if c not in hand)
    version = state["version"]
    for body, status, code_ in (
        ({"action": not_mine}, 409, "illegal_action"),
        ({"action": "X"}, 409, "illegal_action"),
        ({"action": "next"}, 409, "not_your_turn"),
        ({"action": "Zz"}, 400, "malformed"),
    ):
        response = api.act(match_id, token, body)
        assert response.status_code == status and response.json()["error"]["code"] == code_, response.text
    pat = api.act(match_id, partner["token"], {"action": partner["state"]["deal"]["hand"][0]})
    assert pat.status_code == 409 and "turn" in pat.json()["error"]["message"]
    assert api.state(match_id, token)["version"] == version
    assert server.service.store.action_count(match_id) == 0
    for body in (
        {"rules": "four66", "seat": 5},
        {"rules": "four66", "seats": {"1": 1}},
        {"rules": "three66", "seats": {"4": 1}},
        {"rules": "three66", "seats": {"2": "someone"}},
    ):
        response = api.request("POST", "/api/matches", json=body)
        assert response.status_code == 400 and response.json()["error"]["code"] == "malformed", body
    meta = api.request("GET", "/api/meta").json()
    missing = [lv for lv in (1, 2, 3, 4, 5) if lv not in meta["presets"]["four66"]["levels"]]
    if missing:  # levels not built yet are refused with a reason
        response = api.request("POST", "/api/matches", json={"rules": "four66", "level": missing[0]})
        assert response.status_code == 400 and "level" in response.json()["error"]["message"]


def test_four_handed_with_a_partner_and_hints_off(server: ServerThread, api: Api) -> None:
    created = api.create(rules="four66", seats={"3": "friend"}, level=1, hints=True)
    assert created["state"]["hints"] is False
    joined = api.join(created["invites"][0]["code"]).json()
    match_id = created["match_id"]
    seats = {1: Seat(server.base, match_id, created["token"]), 3: Seat(server.base, match_id, joined["token"])}
    play(seats, random.Random(2), lambda s: s["deal"]["outcome"] is not None)
    drain(seats)
    for number, seat in seats.items():
        deal = seat.state["deal"]
        assert side_of(number) == 1 and deal["outcome"] is not None
        assert deal["sides"][0]["points"] == deal["outcome"]["points"][0]
    hint = api.request("GET", f"/api/matches/{match_id}/hint", created["token"])
    assert hint.status_code == 409
    oracle = hidden_by_version(server.db, match_id)
    assert sum(check(seat.messages, oracle) for seat in seats.values()) > 16
    for seat in seats.values():
        seat.close()


def settled(states: list[dict[str, Any]]) -> bool:
    """Whether nothing moves at a table until a person acts: one of them may act, or the deal is over."""
    return any(state["legal"] for state in states) or states[0]["deal"]["outcome"] is not None


def test_a_restarted_server_continues_three_and_four_handed_matches(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    first = ServerProcess(db)
    try:
        api = Api(first.base)
        three = api.create(rules="three66", seats={"2": "friend", "3": 1})
        bob = api.join(three["invites"][0]["code"], "Bob").json()
        four = api.create(rules="four66", level=1)
        seats = {
            1: Seat(first.base, three["match_id"], three["token"]),
            2: Seat(first.base, three["match_id"], bob["token"]),
        }
        play(seats, random.Random(5), lambda s: len(s["deal"]["history"]) >= 6)
        lone = {1: Seat(first.base, four["match_id"], four["token"])}
        play(lone, random.Random(6), lambda s: len(s["deal"]["history"]) >= 9)
        for seat in [*seats.values(), *lone.values()]:
            seat.close()
        # the computers finish their turns: a person is to act, or the deal is over
        people = {three["match_id"]: (three["token"], bob["token"]), four["match_id"]: (four["token"],)}
        for match_id, tokens in people.items():
            wait_until(lambda m=match_id, ts=tokens: settled([api.state(m, t) for t in ts]))
        before = {
            "three": [api.state(three["match_id"], t) for t in (three["token"], bob["token"])],
            "four": api.state(four["match_id"], four["token"]),
        }
        assert before["four"]["legal"] or before["four"]["deal"]["outcome"]
        api.close()
    finally:
        first.kill()
    second = ServerProcess(db, port=first.port)
    try:
        api = Api(second.base)
        after = {
            "three": [api.state(three["match_id"], t) for t in (three["token"], bob["token"])],
            "four": api.state(four["match_id"], four["token"]),
        }
        # the same states, the move clocks' deadlines too
        assert [timeless(s) for s in after["three"]] == [timeless(s) for s in before["three"]]
        assert after["four"] == before["four"]
        # and play continues to the end of the deal
        lone = {1: Seat(second.base, four["match_id"], four["token"])}
        play(lone, random.Random(7), lambda s: s["deal"]["outcome"] is not None)
        seats = {
            1: Seat(second.base, three["match_id"], three["token"]),
            2: Seat(second.base, three["match_id"], bob["token"]),
        }
        play(seats, random.Random(8), lambda s: s["deal"]["outcome"] is not None)
        for seat in [*seats.values(), *lone.values()]:
            seat.close()
        api.close()
    finally:
        second.stop()


def test_hints_history_and_records_of_a_three_handed_match(server: ServerThread, api: Api) -> None:
    created = api.create(rules="three66", level=1, name="Ann", target=3)
    match_id, token = created["match_id"], created["token"]
    state = created["state"]
    assert state["hints"] and state["deal"]["forehand"] == 1 and state["legal"]
    hint = api.request("GET", f"/api/matches/{match_id}/hint", token).json()
    assert hint["best"] in state["legal"] + state["after_draw"] and hint["version"] == state["version"]
    seat = Seat(server.base, match_id, token)
    play({1: seat}, random.Random(11), lambda s: s["status"] == "over")
    seat.close()
    history = api.request("POST", "/api/history", json={"tokens": [token]}).json()
    (entry,) = history["matches"]
    assert entry["players"] == 3 and len(entry["score"]) == 3 and entry["names"][0] == "Ann"
    assert entry["won"] == (entry["winner"] == 1) and entry["opponent"].count("Computer") == 2
    # the page names each computer in its own language from the seat, kind and level
    assert [(o["seat"], o["kind"], o["level"]) for o in entry["opponents"]] == [(2, "computer", 1), (3, "computer", 1)]
    assert history["stats"]["matches"]["played"] == 0  # the statistics count two-player matches
    record = api.request("GET", f"/api/matches/{match_id}/record", token).text
    assert list(replay(record).match.score) == entry["score"]
    assert '[Seat3 "Computer 3 (level 1)"]' in record and f'[Result "{"-".join(map(str, entry["score"]))}"]' in record
    review = api.request("GET", f"/api/matches/{match_id}/deals/1/review", token)
    assert review.status_code == 409 and review.json()["error"]["code"] == "not_available"


def test_every_computer_level_plays_at_the_four_handed_table(server: ServerThread, api: Api) -> None:
    levels = api.request("GET", "/api/meta").json()["presets"]["four66"]["levels"]
    for others in ({"2": 2, "3": 3, "4": 2}, {"2": 4, "3": 5, "4": 4}):
        if not set(others.values()) <= set(levels):
            continue  # a level not built yet (the lobby does not offer it)
        created = api.create(rules="four66", seats=others, name="Ann")
        assert [s["level"] for s in created["state"]["seats"][1:]] == list(others.values())
        seat = Seat(server.base, created["match_id"], created["token"])
        play({1: seat}, random.Random(1), lambda s: s["deal"]["outcome"] is not None, timeout=240)
        assert sum(seat.state["deal"]["outcome"]["tricks"]) == 8
        seat.close()
