"""Provably fair deals in the web app (docs/fairness.md): every deal is the shuffle of committed
seeds; the commitment and the client seeds are on the table from the first card, the server seed
nowhere (state, record, review, API, logs) before the deal ends; the record and ``POST
/api/verify`` check it with the core's function."""

from __future__ import annotations

import json
import logging
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from sixtysix import Rules
from sixtysix.core.cards import CARD_NAMES
from sixtysix.core.fairness import commitment_of, computer_seed, fair_deck, pack_of, verify_record
from sixtysix.core.record import Record
from sixtysix.web.messages import verdict_reasons

from .conftest import Api, Seat, ServerThread, my_turn, pick


def stored_seeds(db: Path, match_id: str) -> dict[int, tuple[str, str, list[str], str]]:
    """Deal number -> (server seed, commitment, client seeds, deck text), as the database holds them."""
    with sqlite3.connect(db) as connection:
        rows = connection.execute(
            "SELECT number, server_seed, commitment, client_seeds, deck FROM deals WHERE match_id = ?", (match_id,)
        ).fetchall()
    return {n: (seed, commit, json.loads(client), deck) for n, seed, commit, client, deck in rows}


def play_deal(seat: Seat, rng: random.Random) -> dict[str, Any]:
    """Play until the current deal has ended; the last state."""
    while seat.wait(my_turn)["deal"]["outcome"] is None:
        seat.act(pick(seat.state, rng, claims=False), seat.state["version"])
    return seat.state


def test_every_deal_is_the_shuffle_of_seeds_committed_before_the_client_seed(server: ServerThread, api: Api) -> None:
    offer = api.request("POST", "/api/commitments").json()
    created = api.create(level=1, target=3, client_seed="my-own_Seed-1", commitment_ticket=offer["ticket"])
    match_id = created["match_id"]
    fairness = created["state"]["fairness"]
    current = fairness["deals"][-1]
    assert current["commitment"] == offer["commitment"]  # fixed before the client seed was sent
    assert (current["deal"], current["scheme"], current["server_seed"], current["verdict"]) == (1, "66F1", None, None)
    assert current["client_seeds"][0] == "my-own_Seed-1" and current["client_seeds"][1].startswith("computer-")
    seat = Seat(server.base, match_id, created["token"])
    rng = random.Random(3)
    while seat.wait(my_turn)["status"] != "over":
        if seat.state["deal"]["outcome"] is None:
            seat.act(pick(seat.state, rng, claims=False), seat.state["version"])
            continue
        ended = seat.state["fairness"]["deals"][-1]
        assert ended["deal"] == seat.state["deal"]["number"]
        assert ended["server_seed"] is not None and commitment_of(ended["server_seed"]) == ended["commitment"]
        assert ended["verdict"]["status"] == "ok"
        promised = seat.state["fairness"]["next_commitment"]
        fresh = f"fresh-{ended['deal']}"
        seat.act("next", seat.state["version"], client_seed=fresh)
        after = seat.state["fairness"]["deals"]
        assert [d["deal"] for d in after] == [ended["deal"], ended["deal"] + 1]
        assert after[0] == ended and after[1]["server_seed"] is None
        # the commitment shown before the fresh client seed was sent, and the fresh seed, make the new deal
        assert after[1]["commitment"] == promised and after[1]["client_seeds"][0] == fresh
    seeds = stored_seeds(server.db, match_id)
    pack = pack_of(Rules.preset("seed66"))
    assert len(seeds) >= 2
    for number, (server_seed, commitment, client, deck) in seeds.items():
        assert commitment == commitment_of(server_seed)
        assert client[0] == ("my-own_Seed-1" if number == 1 else f"fresh-{number - 1}")
        assert deck == " ".join(CARD_NAMES[c] for c in fair_deck(server_seed, client, number, pack))
    seat.close()


def test_the_computers_seed_is_committed_with_the_server_seed_before_the_deal(server: ServerThread, api: Api) -> None:
    offer = api.request("POST", "/api/commitments").json()  # before the match exists, before any client seed
    created = api.create(level=1, target=1, client_seed="mine", commitment_ticket=offer["ticket"])
    first = created["state"]["fairness"]["deals"][-1]
    shown = first["client_seeds"][1]  # the computer's, on the table from the first card on
    seat = Seat(server.base, created["match_id"], created["token"])
    ended = play_deal(seat, random.Random(4))["fairness"]["deals"][0]
    revealed = ended["server_seed"]
    assert ended["client_seeds"][1] == shown and ended["verdict"]["status"] == "ok"
    # the revealed seed is the one committed before "mine" was sent, and it alone fixes the computer's seed:
    # every random input of the deal was committed before anybody revealed a seed
    assert commitment_of(revealed) == offer["commitment"]
    assert shown == computer_seed(revealed, 2)
    seat.close()
    # a server that changed the computer's seed afterwards is caught by the verification
    record = api.request("GET", f"/api/matches/{created['match_id']}/record", created["token"]).text
    forged = record.replace(shown, "computer-" + "0" * 32)
    assert verify_record(record)[0].status == "ok"
    assert verify_record(forged)[0].code == "computer_seed" and verify_record(forged)[0].status == "fail"


def test_a_client_seed_may_not_pass_for_the_computers(api: Api) -> None:
    refused = api.request("POST", "/api/matches", json={"level": 1, "client_seed": "computer-1234"})
    assert refused.status_code == 400 and "computer-" in refused.json()["error"]["message"]


def test_no_server_seed_is_shown_before_its_deal_ends(
    server: ServerThread, api: Api, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="sixtysix")
    rng = random.Random(9)
    created = api.create(level=1, target=5)
    match_id, token = created["match_id"], created["token"]
    seat = Seat(server.base, match_id, token)
    records = []
    while seat.wait(my_turn)["status"] != "over":
        state = seat.state
        seat.act(pick(state, rng, claims=False), state["version"])
        if rng.random() < 0.2:
            records.append((seat.state["deal"]["number"], api.request("GET", f"/api/matches/{match_id}/record", token)))
            number = seat.state["deal"]["number"]
            early = api.request("GET", f"/api/matches/{match_id}/deals/{number}/review", token)
            if early.status_code != 409:  # the computer may have ended the deal since
                now = api.state(match_id, token)
                assert now["deal"]["number"] > number or now["deal"]["outcome"] is not None
    seeds = {n: s[0] for n, s in stored_seeds(server.db, match_id).items()}
    scanned = 0
    for message in seat.messages + [m for _, m in api.seen]:
        state = message.get("state", message)
        if not isinstance(state, dict) or not isinstance(state.get("deal"), dict):
            continue
        text = json.dumps(state)
        number, over = state["deal"]["number"], state["deal"]["outcome"] is not None
        for deal, seed in seeds.items():
            secret = deal > number or (deal == number and not over)
            assert (seed in text) is (not secret and deal >= number - 1), (deal, number, over)
        scanned += 1
    assert scanned > 20
    for number, response in records:  # a record exported while deal ``number`` was played: its finished deals
        finished = response.text.count("deal dealer=")
        assert finished in (number - 1, number)
        for deal, seed in seeds.items():
            assert (seed in response.text) is (deal <= finished)
    logged = "\n".join(r.getMessage() for r in caplog.records if r.name.startswith("sixtysix"))
    assert not any(seed in logged for seed in seeds.values())
    seat.close()


def test_the_record_verifies_and_so_does_the_api(server: ServerThread, api: Api) -> None:
    created = api.create(level=1, target=2, client_seed="abc")
    match_id, token = created["match_id"], created["token"]
    seat = Seat(server.base, match_id, token)
    rng = random.Random(4)
    play_deal(seat, rng)
    text = api.request("GET", f"/api/matches/{match_id}/record", token).text
    record = Record.parse(text)
    assert record.header("Fairness") == "66F1" and record.header("Deal1ClientSeed1") == "abc"
    assert record.header("Deal1ServerSeed") is not None and record.header("Deal2Commit") is None
    assert [v.status for v in verify_record(record)] == ["ok"]
    answer = api.request("POST", "/api/verify", json={"record": text})
    assert answer.status_code == 200
    verdict = verify_record(record)[0]
    assert answer.json() == {
        "deals": [{"deal": 1, "status": "ok", "reason": verdict.reason, "reasons": verdict_reasons(verdict)}],
        "status": 0,
    }
    forged = text.replace('[Deal1ClientSeed1 "abc"]', '[Deal1ClientSeed1 "abd"]')
    failed = api.request("POST", "/api/verify", json={"record": forged}).json()
    assert failed["status"] == 1 and failed["deals"][0]["status"] == "fail"
    assert failed["deals"][0]["reason"].startswith("the deck is not the shuffle of these seeds")
    assert failed["deals"][0]["reasons"]["de"].startswith("der Stapel ist nicht die Mischung dieser Seeds: Karte")
    invalid = api.request("POST", "/api/verify", json={"record": text + "1:Zz\n"})
    assert invalid.status_code == 400 and invalid.json()["error"]["message"].startswith("invalid record: deal 1")
    # German and French name the fault's place; the parser's English reason is the detail, apart
    fault = invalid.json()["error"]
    assert fault["detail"] == fault["message"].removeprefix("invalid record: ") and "not an action" in fault["detail"]
    assert "(1:Zz) ist so nicht möglich" in fault["messages"]["de"] and "not an action" not in fault["messages"]["de"]
    assert "(1:Zz) n'est pas possible" in fault["messages"]["fr"] and "not an action" not in fault["messages"]["fr"]
    assert api.request("POST", "/api/verify", json={}).status_code == 400
    # rebuilt from the database, the match still knows its seeds
    server.service.matches.games.clear()
    assert api.request("GET", f"/api/matches/{match_id}/record", token).text == text
    seat.close()


def test_a_friend_joins_with_a_seed_and_a_bad_seed_is_refused(server: ServerThread, api: Api) -> None:
    bad = api.request("POST", "/api/matches", json={"opponent": "friend", "client_seed": "no spaces"})
    assert bad.status_code == 400 and "client_seed" in bad.json()["error"]["message"]
    created = api.create(opponent="friend")
    fairness = created["state"]["fairness"]
    assert fairness["deals"] == [] and fairness["next_commitment"].startswith("sha256:")  # nothing dealt yet
    invitation = api.request("GET", f"/api/invitations/{created['invite']['code']}").json()
    assert invitation["commitment"] == fairness["next_commitment"]  # the guest sees it before sending a seed
    joined = api.request("POST", "/api/join", json={"code": created["invite"]["code"], "client_seed": "x" * 64})
    assert joined.status_code == 201, joined.text
    deal = joined.json()["state"]["fairness"]["deals"][0]
    assert deal["client_seeds"] == ["", "x" * 64] and deal["server_seed"] is None
    assert deal["commitment"] == invitation["commitment"]


def test_a_commitment_ticket_serves_once_and_a_seed_comes_with_next_only(server: ServerThread, api: Api) -> None:
    offer = api.request("POST", "/api/commitments")
    assert offer.status_code == 201 and offer.json()["scheme"] == "66F1"
    ticket = offer.json()["ticket"]
    created = api.create(level=1, commitment_ticket=ticket)
    again = api.request("POST", "/api/matches", json={"level": 1, "commitment_ticket": ticket})
    assert again.status_code == 409 and again.json()["error"]["code"] == "stale_commitment"
    unknown = api.request("POST", "/api/matches", json={"commitment_ticket": 7})
    assert unknown.status_code == 409
    state = created["state"]
    card = next(a for a in state["legal"] if len(a) == 2)
    body = {"action": card, "client_seed": "abc"}
    refused = api.act(created["match_id"], created["token"], body)
    assert refused.status_code == 400 and "next only" in refused.json()["error"]["message"]


def test_the_review_shows_the_revealed_seed_and_the_verdict(server: ServerThread, api: Api) -> None:
    created = api.create(level=1, client_seed="rev")
    match_id, token = created["match_id"], created["token"]
    seat = Seat(server.base, match_id, token)
    play_deal(seat, random.Random(5))
    review = api.request("GET", f"/api/matches/{match_id}/deals/1/review", token).json()
    fairness = review["fairness"]
    assert fairness["client_seeds"][0] == "rev" and fairness["verdict"]["status"] == "ok"
    assert fairness["server_seed"] == stored_seeds(server.db, match_id)[1][0]
    seat.close()
