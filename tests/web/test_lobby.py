"""The lobby: seeks, challenges, the house bots, the lobby's version, and their limits, on real servers."""

from __future__ import annotations

import threading
from typing import Any

import httpx
from sqlalchemy import select

from sixtysix.web import schema
from sixtysix.web.lobby import MAX_OPEN_CHALLENGES, MAX_OPEN_SEEKS, SEEK_SECONDS

from .conftest import ServerThread, both_databases
from .test_accounts import PASSWORD, Browser
from .test_ratings import play_to_the_end


def signed_up(server: ServerThread, name: str) -> Browser:
    browser = Browser(server.base)
    assert browser.sign_up(name).status_code == 201
    return browser


def version(server: ServerThread) -> int:
    answer: int = httpx.get(f"{server.base}/api/lobby").json()["version"]
    return answer


def delete(browser: Browser, path: str) -> httpx.Response:
    return browser.http.delete(path)


@both_databases
def test_a_seek_accepted_by_another_account_gives_both_a_seat_in_one_rated_match_that_rates_both_once(
    server: ServerThread,
) -> None:
    ann, bea = signed_up(server, "Ann"), signed_up(server, "Bea")
    before = version(server)
    made = ann.post("/api/seeks", {"rules": "seed66", "target": 2, "rated": True, "move_seconds": 30})
    assert made.status_code == 201, made.text
    seek, ann_token = made.json()["seek"], made.json()["token"]
    assert seek["name"] == "Ann" and seek["rated"] and seek["state"] == "open" and seek["move_seconds"] == 30
    assert version(server) > before  # the lists changed: a polling page reads them again
    listed = httpx.get(f"{server.base}/api/seeks").json()
    assert [s["id"] for s in listed["seeks"]] == [seek["id"]] and listed["version"] == version(server)
    assert ann.post(f"/api/seeks/{seek['id']}/accept").status_code == 409  # not one's own
    accepted = bea.post(f"/api/seeks/{seek['id']}/accept")
    assert accepted.status_code == 201, accepted.text
    match = accepted.json()
    assert match["seat"] == 2 and match["rated"] is True
    assert httpx.get(f"{server.base}/api/seeks").json()["seeks"] == []  # taken off the list
    assert bea.post(f"/api/seeks/{seek['id']}/accept").status_code == 404  # accepted once
    mine = ann.get("/api/seeks/mine").json()["made"]
    assert [(s["state"], s["match_id"], s["opponent"]) for s in mine] == [("accepted", match["match_id"], "Bea")]
    # the seeker's token, given with the seek, is seat 1's; the match runs on the seek's move clock
    state = httpx.get(
        f"{server.base}/api/matches/{match['match_id']}", headers={"Authorization": f"Bearer {ann_token}"}
    ).json()
    assert state["seat"] == 1 and state["seats"][1]["name"] == "Bea"
    assert server.service.games[match["match_id"]].move_seconds == 30
    server.service.forget(server.service.games[match["match_id"]])  # read back from the store: the same clock
    assert server.service.game(match["match_id"]).move_seconds == 30
    final = play_to_the_end(server.base, match["match_id"], {1: ann_token, 2: match["token"]})
    winner = {1: "Ann", 2: "Bea"}[final["match"]["winner"]]
    board = httpx.get(f"{server.base}/api/leaderboard?rules=seed66").json()
    assert board[0]["name"] == winner and [e["games"] for e in board] == [1, 1]
    with server.service.store.transaction() as db:
        history = db.execute(select(schema.rating_history.c.match_id)).scalars().all()
    assert history == [match["match_id"]] * 2


def test_a_seek_flood_is_stopped_at_the_open_seeks_one_account_may_have(server: ServerThread) -> None:
    ann = signed_up(server, "Ann")
    made = [ann.post("/api/seeks", {"target": 3}) for _ in range(MAX_OPEN_SEEKS)]
    assert [m.status_code for m in made] == [201] * MAX_OPEN_SEEKS
    refused = ann.post("/api/seeks", {"target": 3})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "too_many_seeks"
    assert len(httpx.get(f"{server.base}/api/seeks").json()["seeks"]) == MAX_OPEN_SEEKS
    # withdrawing one makes room for one
    assert delete(ann, f"/api/seeks/{made[0].json()['seek']['id']}").status_code == 200
    assert ann.post("/api/seeks", {"target": 3}).status_code == 201


def test_a_seek_expires_and_can_no_longer_be_accepted(server: ServerThread) -> None:
    ann, bea = signed_up(server, "Ann"), signed_up(server, "Bea")
    seek = ann.post("/api/seeks", {}).json()["seek"]
    server.service.server_time.advance(SEEK_SECONDS + 1)
    assert httpx.get(f"{server.base}/api/seeks").json()["seeks"] == []
    assert bea.post(f"/api/seeks/{seek['id']}/accept").status_code == 404
    assert [s["state"] for s in ann.get("/api/seeks/mine").json()["made"]] == ["expired"]
    assert ann.post("/api/seeks", {}).status_code == 201  # an expired seek is not counted as open


def test_a_seek_outside_the_accepting_accounts_rating_range_is_refused(server: ServerThread) -> None:
    ann, bea = signed_up(server, "Ann"), signed_up(server, "Bea")
    strong = ann.post("/api/seeks", {"min_rating": 1800}).json()["seek"]
    refused = bea.post(f"/api/seeks/{strong['id']}/accept")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "rating_out_of_range"
    near = ann.post("/api/seeks", {"min_rating": 1300, "max_rating": 1700}).json()["seek"]
    assert bea.post(f"/api/seeks/{near['id']}/accept").status_code == 201  # a new account counts as 1500


def test_the_lobby_refuses_anonymous_and_cross_site_writes_and_bad_offers(server: ServerThread) -> None:
    assert httpx.post(f"{server.base}/api/seeks", json={}).status_code in (401, 403)
    ann = signed_up(server, "Ann")
    other = Browser(server.base, origin="https://evil.example")
    other.http.cookies.update(ann.http.cookies)
    assert other.post("/api/seeks", {}).status_code == 403
    for body in (
        {"rules": "three66"},
        {"rated": True, "rules": "four66"},
        {"options": {"tie_rule": "void"}},
        {"move_seconds": 7},
        {"min_rating": -5},
    ):
        assert ann.post("/api/seeks", body).status_code in (400, 422), body
    assert httpx.get(f"{server.base}/api/seeks").json()["seeks"] == []


@both_databases
def test_a_challenge_to_a_named_player_is_accepted_or_declined_by_that_player_only(server: ServerThread) -> None:
    ann, bea, cleo = signed_up(server, "Ann"), signed_up(server, "Bea"), signed_up(server, "Cleo")
    made = ann.post("/api/challenges", {"name": "bea", "target": 2, "rated": True})
    assert made.status_code == 201, made.text
    challenge, ann_token = made.json()["challenge"], made.json()["token"]
    assert challenge["opponent"] == "Bea" and challenge["challenge"] is True
    assert httpx.get(f"{server.base}/api/seeks").json()["seeks"] == []  # not an open seek
    assert [c["id"] for c in bea.get("/api/seeks/mine").json()["received"]] == [challenge["id"]]
    assert cleo.post(f"/api/challenges/{challenge['id']}/accept").status_code == 404
    assert cleo.post(f"/api/challenges/{challenge['id']}/decline").status_code == 404
    accepted = bea.post(f"/api/challenges/{challenge['id']}/accept")
    assert accepted.status_code == 201, accepted.text
    assert accepted.json()["rated"] is True
    state = httpx.get(
        f"{server.base}/api/matches/{accepted.json()['match_id']}", headers={"Authorization": f"Bearer {ann_token}"}
    ).json()
    assert state["seat"] == 1 and state["status"] == "playing"
    # another one, declined: the challenger sees it
    second = ann.post("/api/challenges", {"name": "Bea"}).json()["challenge"]
    assert bea.post(f"/api/challenges/{second['id']}/decline").status_code == 200
    assert bea.post(f"/api/challenges/{second['id']}/accept").status_code == 404
    states = {c["id"]: c["state"] for c in ann.get("/api/seeks/mine").json()["made"]}
    assert states == {challenge["id"]: "accepted", second["id"]: "declined"}
    assert ann.post("/api/challenges", {"name": "Nobody"}).status_code == 404
    assert ann.post("/api/challenges", {"name": "Ann"}).status_code == 404  # not oneself


def test_a_challenge_flood_is_stopped_at_the_open_challenges_one_account_may_have(server: ServerThread) -> None:
    ann = signed_up(server, "Ann")
    signed_up(server, "Bea")
    made = [ann.post("/api/challenges", {"name": "Bea"}) for _ in range(MAX_OPEN_CHALLENGES)]
    assert [m.status_code for m in made] == [201] * MAX_OPEN_CHALLENGES
    refused = ann.post("/api/challenges", {"name": "Bea"})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "too_many_challenges"
    assert delete(ann, f"/api/challenges/{made[0].json()['challenge']['id']}").status_code == 200
    assert ann.post("/api/challenges", {"name": "Bea"}).status_code == 201


def test_the_accounts_offers_are_rate_limited(make_server: Any) -> None:
    from sixtysix.web.limits import Limits, Rate

    server = make_server(limits=Limits(rates={"seek": Rate(2, 600.0)}))
    ann = signed_up(server, "Ann")
    signed_up(server, "Bea")
    codes = [ann.post("/api/challenges", {"name": "Bea"}).status_code for _ in range(3)]
    assert codes == [201, 201, 429]


@both_databases
def test_a_house_bot_accepts_a_challenge_at_once_and_its_rated_match_rates_its_account(server: ServerThread) -> None:
    ann = signed_up(server, "Ann")
    answer = ann.post("/api/challenges", {"name": "Computer level 1", "target": 1, "rated": True})
    assert answer.status_code == 201, answer.text
    match = answer.json()["match"]
    assert match["rated"] is True and match["state"]["status"] == "playing"
    assert not server.service.games[match["match_id"]].hints  # no hints in a rated match
    final = play_to_the_end(server.base, match["match_id"], {match["seat"]: match["token"]})
    assert final["status"] == "over"
    board = httpx.get(f"{server.base}/api/leaderboard?rules=seed66").json()
    assert sorted((e["name"], e["bot"]) for e in board) == [("Ann", False), ("Computer level 1", True)]
    assert Browser(server.base).log_in("Computer level 1", "").status_code == 401  # nobody logs in as a bot
    assert Browser(server.base).sign_up("Computer Level 2").status_code == 400  # nor takes a bot's name


@both_databases
def test_an_account_with_offers_made_and_received_can_be_deleted(server: ServerThread) -> None:
    ann, bea = signed_up(server, "Ann"), signed_up(server, "Bea")
    ann.post("/api/seeks", {})
    ann.post("/api/challenges", {"name": "Bea"})
    bea.post("/api/challenges", {"name": "Ann"})
    assert ann.post("/api/account/delete", {"password": PASSWORD}).status_code == 200
    assert httpx.get(f"{server.base}/api/seeks").json()["seeks"] == []
    assert [c["opponent"] for c in bea.get("/api/seeks/mine").json()["made"]] == [None]


def test_quick_pairing_accepts_a_like_seek_within_the_rating_range_or_makes_one(server: ServerThread) -> None:
    ann, bea, cleo, dan = (signed_up(server, name) for name in ("Ann", "Bea", "Cleo", "Dan"))
    offer = {"rules": "schnapsen", "target": 3, "rated": True, "move_seconds": 30, "spread": 100}
    first = ann.post("/api/seeks/quick", offer)
    assert first.status_code == 201, first.text
    seek = first.json()["seek"]
    assert first.json()["match"] is None and (seek["min_rating"], seek["max_rating"]) == (1400, 1600)
    # Dan is rated far above: Ann's seek is not his, nor he hers; he gets a seek of his own
    with server.service.store.transaction() as db:
        dan_id = db.execute(select(schema.accounts.c.id).where(schema.accounts.c.name == "Dan")).scalar_one()
        values = {"rating": 2000.0, "deviation": 60.0, "volatility": 0.06, "games": 30, "updated": 0.0}
        db.execute(schema.ratings.insert().values(account_id=dan_id, family="schnapsen", **values))
    apart = dan.post("/api/seeks/quick", offer).json()
    assert apart["match"] is None and apart["seek"]["min_rating"] == 1900
    # another offer (another move clock) is not paired either
    assert cleo.post("/api/seeks/quick", {**offer, "move_seconds": 60}).json()["match"] is None
    paired = bea.post("/api/seeks/quick", offer).json()
    assert paired["seek"] is None and paired["match"]["rated"] is True and paired["match"]["seat"] == 2
    mine = ann.get("/api/seeks/mine").json()["made"]
    assert [(s["state"], s["match_id"]) for s in mine] == [("accepted", paired["match"]["match_id"])]


@both_databases
def test_two_accounts_accepting_one_seek_on_two_servers_at_once_get_one_match(make_server: Any) -> None:
    """Two server processes on one database (as behind a load balancer): the seek goes to one account only."""
    first, second = make_server(), make_server()
    ann = signed_up(first, "Ann")
    bea, cleo = signed_up(first, "Bea"), signed_up(second, "Cleo")
    seek = ann.post("/api/seeks", {"target": 2}).json()["seek"]
    barrier = threading.Barrier(2)
    answers: list[int] = []

    def accept(browser: Browser) -> None:
        barrier.wait()
        answers.append(browser.post(f"/api/seeks/{seek['id']}/accept").status_code)

    threads = [threading.Thread(target=accept, args=(b,)) for b in (bea, cleo)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(answers) == [201, 404] or sorted(answers) == [201, 409]
    with first.service.store.transaction() as db:
        held = db.execute(select(schema.account_seats.c.match_id)).scalars().all()
    assert len(held) == 2 and len(set(held)) == 1  # one match, its two seats held
