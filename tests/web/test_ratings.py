"""Glicko-2 ratings: the published example, and a rated match between two accounts played through the API."""

from __future__ import annotations

import random
import threading
from typing import Any

import httpx
import pytest
from argon2 import PasswordHasher
from sqlalchemy import select

from sixtysix.web import schema
from sixtysix.web.accounts import Accounts
from sixtysix.web.glicko import SCALE, Rating, from_mu, rate, to_mu
from sixtysix.web.ratings import Ratings
from sixtysix.web.store import Change, Conflict, Store

from .conftest import ServerThread, both_databases, pick
from .test_accounts import Browser
from .test_database import friends_match


def test_the_published_glicko2_example_is_reproduced() -> None:
    """Glickman's example (glicko2.pdf): 1500/200/0.06 against 1400/30 (won), 1550/100 and 1700/300 (lost)."""
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    after = rate(Rating(1500, 200, 0.06), games, tau=0.5)
    # the paper's Glicko-2 values, to its four digits, and its volatility cut to five
    assert round(to_mu(after.rating), 4) == -0.2069
    assert round(after.deviation / SCALE, 4) == 0.8722
    assert int(after.volatility * 100_000) / 100_000 == 0.05999
    # and its results on the Glicko scale, which it computes from those four-digit values
    assert round(from_mu(-0.2069), 2) == 1464.06 and round(0.8722 * SCALE, 2) == 151.52
    assert after.rating == pytest.approx(1464.06, abs=0.01) and round(after.deviation, 2) == 151.52


def test_a_player_who_does_not_play_only_grows_uncertain() -> None:
    idle = rate(Rating(1600, 100, 0.06), [])
    assert idle.rating == 1600 and 100 < idle.deviation < 101
    assert rate(Rating(1500, 350), []).deviation == 350  # never past a new player's


def play_to_the_end(base: str, match_id: str, tokens: dict[int, str], seed: int = 7) -> dict[str, Any]:
    """Both seats play random legal moves over HTTP until the match is over; the last state."""
    rng = random.Random(seed)
    http = httpx.Client(base_url=base, timeout=30)
    try:
        for _ in range(2000):
            states = {
                seat: http.get(f"/api/matches/{match_id}", headers={"Authorization": f"Bearer {token}"}).json()
                for seat, token in tokens.items()
            }
            if states[1]["status"] == "over":
                return dict(states[1])
            for seat, state in states.items():
                if state["legal"]:
                    body = {"action": pick(state, rng), "version": state["version"]}
                    answer = http.post(
                        f"/api/matches/{match_id}/actions",
                        json=body,
                        headers={"Authorization": f"Bearer {tokens[seat]}"},
                    )
                    assert answer.status_code in (200, 409), answer.text
                    break
        raise AssertionError("the match did not end")
    finally:
        http.close()


@both_databases
def test_a_rated_match_between_two_accounts_rates_both_once(server: ServerThread) -> None:
    ann, bea = Browser(server.base), Browser(server.base)
    assert ann.sign_up("Ann").status_code == 201 and bea.sign_up("Bea").status_code == 201
    body = {"opponent": "friend", "rated": True, "target": 2, "name": "Ann", "hints": True}
    made = ann.post("/api/account/matches", body)
    assert made.status_code == 201, made.text
    created = made.json()
    assert created["rated"] is True
    assert created["state"]["hints"] is False  # no computer's advice in a rated match, even when asked for
    # the invited person learns that the match is rated before taking the seat (the code in the body, no login)
    said = httpx.post(f"{server.base}/api/account/invitation", json={"code": created["invite"]["code"]}).json()
    assert said == {"rated": True, "family": "66"}
    casual = httpx.post(f"{server.base}/api/matches", json={"opponent": "friend"}).json()
    said = httpx.post(f"{server.base}/api/account/invitation", json={"code": casual["invite"]["code"]}).json()
    assert said == {"rated": False, "family": None}
    unknown = httpx.post(f"{server.base}/api/account/invitation", json={"code": "no-such-code"})
    assert unknown.status_code == 404
    joined = bea.post("/api/account/join", {"code": created["invite"]["code"], "name": "Bea"})
    assert joined.status_code == 201, joined.text
    tokens = {created["seat"]: created["token"], joined.json()["seat"]: joined.json()["token"]}
    assert httpx.get(f"{server.base}/api/leaderboard?rules=seed66").json() == []  # nothing rated yet
    final = play_to_the_end(server.base, created["match_id"], tokens)
    winner = final["match"]["winner"]
    names = {created["seat"]: "Ann", joined.json()["seat"]: "Bea"}
    board = httpx.get(f"{server.base}/api/leaderboard?rules=pagat66").json()  # the 66 family's board
    assert [entry["name"] for entry in board] == [names[winner], names[3 - winner]]
    first, second = board
    assert first["rating"] > 1500 > second["rating"] and first["rating"] - 1500 == pytest.approx(
        1500 - second["rating"], abs=0.2
    )
    assert all(e["games"] == 1 and e["provisional"] and not e["bot"] and e["deviation"] > 110 for e in board)
    assert set(first) >= {"name", "rating", "deviation", "games", "bot"}
    assert httpx.get(f"{server.base}/api/leaderboard?rules=schnapsen").json() == []  # another family
    profile = ann.get("/api/account/profile").json()
    assert [p["match_id"] for p in profile["history"]] == [created["match_id"]]
    assert profile["account"]["ratings"]["66"]["games"] == 1
    loser = names[3 - winner]
    public = httpx.get(f"{server.base}/api/players/{loser.upper()}").json()
    assert public["name"] == loser and public["stats"] == {"66": {"games": 1, "won": 0, "lost": 1}}
    assert [(m["opponent"], m["score"]) for m in public["matches"]] == [(names[winner], 0.0)]
    assert public["matches"][0]["rating"] == second["rating"]
    # an account without a rated match has no public profile: the same answer as a name nobody has
    assert Browser(server.base).sign_up("Cleo").status_code == 201
    cleo, nobody = httpx.get(f"{server.base}/api/players/Cleo"), httpx.get(f"{server.base}/api/players/Nobody")
    assert cleo.status_code == nobody.status_code == 404 and cleo.json() == nobody.json()
    # exactly once: the end seen again (another transaction, another process) changes nothing
    store = server.service.store
    with store.transaction() as db:
        Ratings(store).match_ended(db, created["match_id"], winner)
        state = db.execute(select(schema.rated_matches.c.state)).scalar_one()
        history = db.execute(select(schema.rating_history.c.match_id)).all()
    assert state == "rated" and len(history) == 2
    assert httpx.get(f"{server.base}/api/leaderboard?rules=seed66").json() == board


def test_a_rated_match_without_a_second_account_counts_for_nobody(server: ServerThread) -> None:
    ann = Browser(server.base)
    assert ann.sign_up("Ann").status_code == 201
    created = ann.post("/api/account/matches", {"opponent": "friend", "rated": True, "target": 1}).json()
    joined = httpx.post(f"{server.base}/api/join", json={"code": created["invite"]["code"], "name": "Guest"}).json()
    tokens = {created["seat"]: created["token"], joined["seat"]: joined["token"]}
    first = next(s for s, t in tokens.items() if _state(server.base, created["match_id"], t)["legal"])
    state = _state(server.base, created["match_id"], tokens[first])
    played = httpx.post(
        f"{server.base}/api/matches/{created['match_id']}/actions",
        json={"action": pick(state, random.Random(1), claims=False)},
        headers={"Authorization": f"Bearer {tokens[first]}"},
    )
    assert played.status_code == 200, played.text
    # the guest signs up once the match has begun: the seat is not linked to the rated match
    assert Browser(server.base).sign_up("Late", tokens=[joined["token"]]).json()["attached"] == 0
    play_to_the_end(server.base, created["match_id"], tokens)
    assert httpx.get(f"{server.base}/api/leaderboard?rules=seed66").json() == []
    with server.service.store.transaction() as db:
        assert db.execute(select(schema.rated_matches.c.state)).scalar_one() == "void"


def _state(base: str, match_id: str, token: str) -> dict[str, Any]:
    state: dict[str, Any] = httpx.get(
        f"{base}/api/matches/{match_id}", headers={"Authorization": f"Bearer {token}"}
    ).json()
    return state


def test_only_two_player_matches_by_a_presets_own_rules_are_rated(server: ServerThread) -> None:
    ann = Browser(server.base)
    assert ann.sign_up("Ann").status_code == 201
    for body in (
        {"opponent": "computer", "rated": True},
        {"opponent": "friend", "rated": True, "rules": "three66"},
        {"opponent": "friend", "rated": True, "options": {"tie_rule": "void"}},
    ):
        refused = ann.post("/api/account/matches", body)
        assert refused.status_code == 400, (body, refused.text)
    assert httpx.get(f"{server.base}/api/leaderboard?rules=four66").status_code == 404
    casual = ann.post("/api/account/matches", {"opponent": "computer", "level": 1})
    assert casual.status_code == 201 and casual.json()["rated"] is False
    anonymous = httpx.post(f"{server.base}/api/account/matches", json={"opponent": "computer"})
    assert anonymous.status_code in (401, 403)


@both_databases
def test_two_processes_ending_a_rated_match_at_once_rate_it_once(database: str) -> None:
    """Two stores (two server processes) store the end of one rated match at the same moment: one
    wins the race, the other's transaction stores nothing; and an end stored again later changes nothing."""
    stores = [Store(database), Store(database)]
    try:
        for store in stores:
            Ratings(store)  # each process rates the matches it ends
        friends_match(stores[0])
        accounts = Accounts(stores[0], PasswordHasher(time_cost=1, memory_cost=8, parallelism=1))
        ann, bea = accounts.sign_up("Ann", "correct horse"), accounts.sign_up("Bea", "correct horse")
        with stores[0].transaction() as db:
            accounts.attach_seat(db, ann, "m1", 1)
            accounts.attach_seat(db, bea, "m1", 2)
            Ratings(stores[0]).mark_rated(db, "m1", "66")
        barrier = threading.Barrier(2)
        outcomes: list[str] = []

        def end(store: Store) -> None:
            barrier.wait()
            try:
                store.commit(Change("m1", 2, "over", (7, 0), 1, 1, base=1))
                outcomes.append("stored")
            except Conflict:
                outcomes.append("conflict")

        threads = [threading.Thread(target=end, args=(store,)) for store in stores]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert sorted(outcomes) == ["conflict", "stored"]
        stores[1].commit(Change("m1", 3, "over", (7, 0), 1, 1))  # unchecked: the end stored again
        with stores[0].transaction() as db:
            history = db.execute(select(schema.rating_history.c.account_id, schema.rating_history.c.score)).all()
            games = db.execute(select(schema.ratings.c.games)).scalars().all()
        assert sorted(history) == [(ann.id, 1.0), (bea.id, 0.0)]
        assert games == [1, 1]
    finally:
        for store in stores:
            store.close()
