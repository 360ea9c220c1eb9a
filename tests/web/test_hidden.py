"""Information hiding: over many random deals, no response and no WebSocket message names a
card that its seat may not see at that moment (the opponent's hand, the face-down talon).
Once a deal is over nothing of it is hidden: its state shows the cards that were left.

The oracle replays each match from the database version by version and computes, for each
seat, the cards hidden from it (``pack - PlayerView.visible_cards()``); every state object
found in any message is checked against the hidden cards of its version and seat, and so is
every patch (the sockets ask for patches, as the page does) with the state it made.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest

from sixtysix import PlayerView
from sixtysix.core.game import Deal

from .conftest import Api, Seat, ServerThread, card_names, card_strings, my_turn, pick, stored, stored_versions

PUBLIC_KEYS = frozenset({"previous_deal", "match_id", "invite", "token", "code", "path"})


def hidden_by_version(db: Path, match_id: str) -> dict[int, dict[int, set[str]]]:
    """For every version of the match: the card names hidden from seat 1 and from seat 2."""
    out: dict[int, dict[int, set[str]]] = {}
    for version, match in stored_versions(db, match_id):
        deal = match.current
        assert isinstance(deal, Deal)
        pack = card_names(match.rules.pack)
        if deal.is_over:  # a finished deal has no secrets: its state shows the cards that were left
            out[version] = {seat: set() for seat in (1, 2)}
            continue
        out[version] = {seat: pack - card_names(PlayerView.of(deal, seat).visible_cards()) for seat in (1, 2)}
    return out


def states_in(value: Any) -> list[dict[str, Any]]:
    """Every seat state object inside a message or response."""
    found = []
    if isinstance(value, dict):
        if "api" in value and "seat" in value and "version" in value and "deal" in value:
            found.append(value)
        for item in value.values():
            found += states_in(item)
    elif isinstance(value, list):
        for item in value:
            found += states_in(item)
    return found


def check(messages: list[Any], oracle: dict[int, dict[int, set[str]]]) -> int:
    checked = 0
    for message in messages:
        for state in states_in(message):
            if state["deal"] is None:
                assert not card_strings(state, PUBLIC_KEYS)
                continue
            hidden = oracle[state["version"]][state["seat"]]
            assert hidden or state["deal"]["talon"] == 0 or state["deal"]["stage"] == "over"
            leaked = card_strings(state, PUBLIC_KEYS) & hidden
            assert not leaked, f"seat {state['seat']} saw {leaked} at version {state['version']}"
            if isinstance(message, dict) and message.get("type") == "patch":  # what was sent: the patch itself
                leaked = card_strings(message["patch"], PUBLIC_KEYS) & hidden
                assert not leaked, f"a patch showed seat {state['seat']} {leaked} at version {state['version']}"
            assert "deck" not in str(state.keys())
            checked += 1
    return checked


@pytest.mark.slow
def test_no_hidden_card_between_friends(server: ServerThread, api: Api) -> None:
    rng = random.Random(66)
    checked = deals = 0
    for number in range(45):
        preset = ("seed66", "pagat66", "schnapsen")[number % 3]
        created = api.create(opponent="friend", rules=preset, target=4, options={"may_review_tricks": "own_and_first"})
        joined = api.join(created["invite"]["code"]).json()
        match_id = created["match_id"]
        seats = {1: Seat(server.base, match_id, created["token"]), 2: Seat(server.base, match_id, joined["token"])}
        while seats[1].state["status"] != "over":
            acted = False
            for seat_number, seat in seats.items():
                if not seat.state["legal"]:
                    continue
                action = pick(seat.state, rng)
                answer = seat.act(action, seat.state["version"])
                assert stored(answer), answer
                version = answer["state"]["version"]
                seats[3 - seat_number].wait(lambda s, v=version: s["version"] >= v)
                acted = True
                break
            assert acted, seats[1].state
        deals += seats[1].state["match"]["deals"]
        oracle = hidden_by_version(server.db, match_id)
        for seat in seats.values():
            checked += check(seat.messages, oracle)
            seat.close()
        # the HTTP answers of this match (create, join, actions)
        checked += check([m for _, m in api.seen], oracle)
        api.seen.clear()
    assert deals >= 100 and checked > 3000, (deals, checked)


def test_no_hidden_card_against_the_computer(server: ServerThread, api: Api) -> None:
    rng = random.Random(7)
    for number in range(8):
        created = api.create(level=1 + number % 3, target=3, seat=1 + number % 2)
        seat = Seat(server.base, created["match_id"], created["token"])
        match_id, token = created["match_id"], created["token"]
        hints = []
        while seat.wait(my_turn)["status"] != "over":
            state = seat.state
            if state["deal"]["outcome"] is None and number < 2:
                hint = api.request("GET", f"/api/matches/{match_id}/hint", token).json()
                hints.append((state, hint))
            answer = seat.act(pick(state, rng), state["version"])
            assert stored(answer), answer
            # a record asked in the middle of a deal holds only the finished deals
            if rng.random() < 0.05:
                finished_before = len(api.state(match_id, token)["match"]["results"])
                record = api.request("GET", f"/api/matches/{match_id}/record", token).text
                finished_after = len(api.state(match_id, token)["match"]["results"])
                assert finished_before <= record.count("deal dealer=") <= finished_after
        oracle = hidden_by_version(server.db, match_id)
        check(seat.messages, oracle)
        check([m for _, m in api.seen], oracle)
        for state, hint in hints:
            hidden = oracle[hint["version"]][state["seat"]]
            assert not card_strings(hint) & hidden
        api.seen.clear()
        seat.close()


def test_the_scan_finds_a_planted_card(server: ServerThread, api: Api) -> None:
    """The check above is not vacuous: one hidden card slipped into a state is found."""
    created = api.create(level=1)
    oracle = hidden_by_version(server.db, created["match_id"])
    state = created["state"]
    check([state], oracle)
    hidden = sorted(oracle[state["version"]][1])
    assert len(hidden) == 24 - 6 - 1
    for place in ("hand", "history"):
        planted = copy.deepcopy(state)
        if place == "hand":
            planted["deal"]["hand"].append(hidden[0])
        else:
            planted["deal"]["history"].append({"seat": 2, "action": hidden[-1]})
        with pytest.raises(AssertionError):
            check([planted], oracle)
    planted = copy.deepcopy(state)
    planted["deal"]["outcome"] = {"explanation": [f"Computer held {hidden[1]}."]}
    with pytest.raises(AssertionError):
        check([planted], oracle)
