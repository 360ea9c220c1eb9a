"""Two players joined by an invitation: one person only, live updates, reconnecting."""

from __future__ import annotations

import random
from pathlib import Path

from .conftest import Api, Seat, ServerThread, both_databases, pick, stored


def invite(api: Api, **options: object) -> tuple[dict[str, object], dict[str, object]]:
    created = api.create(opponent="friend", name="Alice", **options)
    code = created["invite"]["code"]
    joined = api.join(code, "Bob")
    assert joined.status_code == 201, joined.text
    return created, joined.json()


def test_the_invitation_gives_the_seat_to_one_person(server: ServerThread, api: Api) -> None:
    created = api.create(opponent="friend", name="Alice")
    match_id, code = created["match_id"], created["invite"]["code"]
    assert created["invite"]["path"] == f"/?join={code}"
    waiting = created["state"]
    assert waiting["status"] == "waiting" and waiting["deal"] is None and waiting["legal"] == []
    # the code is shown this once: the state names the open seat, the store keeps only the hash
    assert waiting["invite"] == {"seat": 2} and created["invites"] == [created["invite"]]
    # nobody can play before the guest comes
    refused = api.act(match_id, created["token"], {"action": "next"})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_your_turn"
    # the host's socket sees the join
    host = Seat(server.base, match_id, created["token"])
    look = api.request("GET", f"/api/invitations/{code}").json()
    assert {k: look[k] for k in ("match_id", "host", "seat", "used")} == {
        "match_id": match_id,
        "host": "Alice",
        "seat": 2,
        "used": False,
    }
    assert look["players"] == 2 and [(s["seat"], s["open"]) for s in look["seats"]] == [(1, False), (2, True)]
    joined = api.join(code, "Bob")
    assert joined.status_code == 201, joined.text
    guest = joined.json()
    assert guest["seat"] == 2 and guest["match_id"] == match_id and guest["token"] != created["token"]
    assert guest["state"]["status"] == "playing" and guest["state"]["you"]["name"] == "Bob"
    assert guest["state"]["opponent"]["name"] == "Alice" and guest["state"]["invite"] is None
    # a second use is refused, whoever tries
    again = api.join(code, "Eve")
    assert again.status_code == 409 and again.json()["error"]["code"] == "invitation_used"
    assert api.request("GET", f"/api/invitations/{code}").json()["used"] is True
    assert api.join("no-such-code").status_code == 404
    state = host.wait(lambda s: s["status"] == "playing")
    assert state["opponent"]["name"] == "Bob" and state["invite"] is None
    assert state["deal"]["to_act"] == 1
    host.close()


@both_databases
def test_two_players_play_a_deal_with_live_updates(server: ServerThread, api: Api) -> None:
    created, joined = invite(api)
    match_id = str(created["match_id"])
    alice = Seat(server.base, match_id, str(created["token"]))
    bob = Seat(server.base, match_id, str(joined["token"]))
    assert alice.state["version"] == bob.state["version"]
    rng = random.Random(4)
    seats = {1: alice, 2: bob}
    moves = 0
    while alice.state["deal"]["outcome"] is None:
        for number, me in seats.items():
            other = seats[3 - number]
            if not me.state["legal"] or me.state["deal"]["outcome"] is not None:
                continue
            action = pick(me.state, rng, claims=False)
            answer = me.act(action, me.state["version"])
            assert stored(answer), answer
            version = answer["state"]["version"]
            # the other player sees the move at once, in his own state
            seen = other.wait(lambda s, v=version: s["version"] >= v)
            assert seen["seat"] == 3 - number
            if action not in ("pass",):
                assert seen["deal"]["history"], seen
            moves += 1
            break
    assert moves > 5
    assert alice.state["deal"]["outcome"]["winner"] == bob.state["deal"]["outcome"]["winner"]
    assert alice.state["deal"]["outcome"]["points"] == bob.state["deal"]["outcome"]["points"]
    # either player starts the next deal; both see it
    answer = bob.act("next")
    assert stored(answer) and answer["state"]["deal"]["number"] == 2
    alice.wait(lambda s: s["deal"]["number"] == 2)
    alice.close()
    bob.close()


@both_databases
def test_presence_and_reconnect(server: ServerThread, api: Api) -> None:
    created, joined = invite(api)
    match_id = str(created["match_id"])
    alice = Seat(server.base, match_id, str(created["token"]))
    assert alice.state["opponent"]["connected"] is False
    bob = Seat(server.base, match_id, str(joined["token"]))
    presence = alice.receive()
    assert presence == {"type": "presence", "connected": {"1": True, "2": True}}
    answer = alice.act(alice.state["legal"][0], alice.state["version"])
    assert stored(answer)
    before = answer["state"]
    bob.close()
    assert alice.receive() == {"type": "presence", "connected": {"1": True, "2": False}}
    # Bob reloads: a new socket gets the current state, nothing lost
    bob = Seat(server.base, match_id, str(joined["token"]))
    assert bob.state["version"] == before["version"]
    assert bob.state["deal"]["history"] == before["deal"]["history"]
    assert bob.state["opponent"]["connected"] is True
    # and a second socket (another tab) of the same seat gets every update too
    bob2 = Seat(server.base, match_id, str(joined["token"]))
    if bob.state["legal"]:
        answer = bob.act(bob.state["legal"][0], bob.state["version"])
        bob2.wait(lambda s: s["version"] == answer["state"]["version"])
    # the HTTP state is the same as the socket's
    assert api.state(match_id, str(joined["token"]))["version"] == bob.state["version"]
    for seat in (alice, bob, bob2):
        seat.close()


def test_ping_and_state_requests(server: ServerThread, api: Api) -> None:
    created = api.create()
    seat = Seat(server.base, created["match_id"], created["token"])
    seat.send({"type": "ping", "id": "p1"})
    assert seat.receive() == {"type": "pong", "reply_to": "p1"}
    seat.send({"type": "state", "id": "s1"})
    message = seat.receive()
    assert message["type"] == "state" and message["reply_to"] == "s1"
    assert message["state"]["version"] == created["state"]["version"]
    seat.close()


def test_a_card_after_winning_a_trick_draws_first(server: ServerThread, api: Api) -> None:
    """In stage before_draw the winner may click a card: the server stores draw, then the card."""
    rng = random.Random(9)
    for _ in range(20):
        created, joined = invite(api)
        match_id = str(created["match_id"])
        seats = {
            1: Seat(server.base, match_id, str(created["token"])),
            2: Seat(server.base, match_id, str(joined["token"])),
        }
        while seats[1].state["deal"]["outcome"] is None:
            mover = next((n for n, s in seats.items() if s.state["legal"]), None)
            assert mover is not None
            me = seats[mover]
            state = me.state
            if state["deal"]["stage"] == "before_draw" and state["after_draw"]:
                assert state["legal"] == ["CB", "66", "draw"]
                cards = [a for a in state["after_draw"] if a in state["deal"]["hand"]]
                assert set(cards) == set(state["deal"]["hand"])  # every card of the hand may be led
                missing = next(
                    c for c in ("Ah", "Ts", "Kd", "Qc", "Jh", "9s", "As", "Td") if c not in state["deal"]["hand"]
                )
                refused = me.act(missing, state["version"])
                assert refused["type"] == "error" and refused["error"]["code"] == "illegal_action"
                answer = me.act(cards[0], state["version"])
                assert stored(answer), answer
                history = answer["state"]["deal"]["history"]
                mine = [h["action"] for h in history[len(state["deal"]["history"]) :] if h["seat"] == mover]
                assert mine == ["draw", cards[0]]
                assert answer["state"]["deal"]["trick"] == [{"seat": mover, "card": cards[0]}]
                assert len(answer["state"]["deal"]["hand"]) == len(state["deal"]["hand"])  # drew one, led one
                for seat in seats.values():
                    seat.close()
                return
            answer = me.act(rng.choice(state["legal"]), state["version"])
            if stored(answer):
                version = answer["state"]["version"]
                seats[3 - mover].wait(lambda s, v=version: s["version"] >= v)
        for seat in seats.values():
            seat.close()
    raise AssertionError("no before_draw decision in 20 deals")


def test_no_invitation_code_is_stored_or_shown_twice(server: ServerThread, api: Api) -> None:
    """Invitation codes are shown once, in the answer that creates the match; the store keeps hashes."""
    two = api.create(opponent="friend", name="Alice")
    four = api.create(opponent="friend", name="Alice", rules="four66")
    codes = [two["invite"]["code"]] + [invite["code"] for invite in four["invites"]]
    assert len(four["invites"]) == 3 and len(set(codes)) == 4
    # neither the creator's state nor anybody's later view carries a code
    for created in (two, four):
        state = api.state(created["match_id"], created["token"])
        assert all(set(invite) == {"seat"} for invite in state["invites"])
        assert not any(code in str(state) for code in codes)
    # every byte the database holds, the write-ahead log's included, is free of the codes
    db = Path(server.db)
    files = [path for path in db.parent.iterdir() if path.name.startswith(db.name)]
    stored = b"".join(path.read_bytes() for path in files)
    assert stored and not any(code.encode() in stored for code in codes)
    # and each code still takes its seat, once
    assert api.join(codes[0], "Bob").status_code == 201
    assert all(api.join(code, f"Guest {n}").status_code == 201 for n, code in enumerate(codes[1:]))
    assert api.join(codes[1], "Eve").status_code == 409
