"""Accounts over HTTP: signing up, logging in and out, the password, deleting, the seats an account holds,
and the abuse an account invites: enumeration, password guessing, cross-site writes, session fixation."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from argon2 import extract_parameters
from sqlalchemy import func, select

from sixtysix.web import schema
from sixtysix.web.account_api import COOKIE
from sixtysix.web.accounts import Accounts
from sixtysix.web.limits import Limits, Rate

from .conftest import ServerThread, both_databases

PASSWORD = "correct horse battery"


class Browser:
    """One browser: its cookies, and the Origin its page's requests carry."""

    def __init__(self, base: str, origin: str | None = None) -> None:
        self.http = httpx.Client(base_url=base, timeout=30, headers={"Origin": origin or base})

    def post(self, path: str, body: dict[str, Any] | None = None, **headers: str) -> httpx.Response:
        return self.http.post(path, json=body if body is not None else {}, headers=headers)

    def get(self, path: str) -> httpx.Response:
        return self.http.get(path)

    @property
    def cookie(self) -> str | None:
        return self.http.cookies.get(COOKIE)

    def sign_up(self, name: str, password: str = PASSWORD, **extra: Any) -> httpx.Response:
        return self.post("/api/account/signup", {"name": name, "password": password, **extra})

    def log_in(self, name: str, password: str = PASSWORD) -> httpx.Response:
        return self.post("/api/account/login", {"name": name, "password": password})

    def me(self) -> dict[str, Any] | None:
        response = self.get("/api/account")
        assert response.status_code == 200, response.text
        account: dict[str, Any] | None = response.json()["account"]
        return account

    def close(self) -> None:
        self.http.close()


@pytest.fixture
def browsers(server: ServerThread) -> Iterator[Callable[..., Browser]]:
    made: list[Browser] = []

    def make(origin: str | None = None) -> Browser:
        browser = Browser(server.base, origin)
        made.append(browser)
        return browser

    yield make
    for browser in made:
        browser.close()


def count(server: ServerThread, table: Any, **where: Any) -> int:
    with server.service.store.transaction() as db:
        query = select(func.count()).select_from(table)
        for column, value in where.items():
            query = query.where(table.c[column] == value)
        return int(db.execute(query).scalar_one())


@both_databases
def test_a_person_signs_up_logs_out_and_logs_in_again(server: ServerThread, browsers: Callable[..., Browser]) -> None:
    ann = browsers()
    assert ann.me() is None  # anonymous: no account, and no refusal either
    made = ann.sign_up("Ann")
    assert made.status_code == 201, made.text
    assert made.headers["cache-control"] == "no-store"  # a person's own answer: never kept by a cache
    assert made.json()["name"] == "Ann" and ann.me() == {"name": "Ann", "bot": False, "ratings": {}, "attached": 0}
    assert ann.post("/api/account/logout").status_code == 200
    assert ann.cookie is None and ann.me() is None
    again = ann.log_in("ANN")  # names are compared folded
    assert again.status_code == 200, again.text
    assert ann.me() is not None and ann.me()["name"] == "Ann"  # type: ignore[index]
    with server.service.store.transaction() as db:
        stored = db.execute(select(schema.accounts.c.password_hash).where(schema.accounts.c.bot == 0)).scalar_one()
        sessions = db.execute(select(schema.sessions.c.token_hash)).scalars().all()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    assert sessions and ann.cookie not in sessions  # the cookie is kept only hashed


def test_the_session_cookie_is_http_only_strict_and_secure_behind_tls(
    make_server: Callable[..., ServerThread],
) -> None:
    plain = make_server()
    response = Browser(plain.base).sign_up("Ann")
    cookie = response.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie and "path=/api" in cookie
    assert "secure" not in cookie  # plain HTTP: a Secure cookie would never come back
    proxied = make_server(forwarded_allow_ips=("127.0.0.1",))
    behind_tls = Browser(proxied.base).post(
        "/api/account/signup", {"name": "Bea", "password": PASSWORD}, **{"X-Forwarded-Proto": "https"}
    )
    assert behind_tls.status_code == 201, behind_tls.text
    assert "; secure" in behind_tls.headers["set-cookie"].lower()


@both_databases
def test_a_name_is_taken_once_whatever_its_case(server: ServerThread, browsers: Callable[..., Browser]) -> None:
    assert browsers().sign_up("Ann").status_code == 201
    taken = browsers().sign_up("ＡNN")
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "name_taken"
    short = browsers().sign_up("Cleo", "short")
    assert short.status_code == 400 and "at least 8" in short.json()["error"]["message"]
    assert browsers().sign_up("Computer 9").status_code == 400  # the names of the house's players stay theirs
    assert browsers().sign_up("Cleo").status_code == 201  # the store goes on after a refused sign-up


def test_an_unknown_name_and_a_wrong_password_get_the_same_answer(
    server: ServerThread, browsers: Callable[..., Browser]
) -> None:
    assert browsers().sign_up("Ann").status_code == 201
    wrong = browsers().log_in("Ann", "not her password")
    unknown = browsers().log_in("Nobody", "not her password")
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()
    assert wrong.json()["error"]["code"] == "login_failed"
    same = ("content-type", "cache-control", "content-length")
    assert {h: wrong.headers.get(h) for h in same} == {h: unknown.headers.get(h) for h in same}
    assert "set-cookie" not in wrong.headers and "set-cookie" not in unknown.headers
    # the same work: an unknown name's password is checked against a hash of the same parameters
    store = server.service.store
    with store.transaction() as db:
        stored = db.execute(select(schema.accounts.c.password_hash).where(schema.accounts.c.bot == 0)).scalar_one()
    assert extract_parameters(Accounts(store).dummy_hash) == extract_parameters(stored)


def test_guessing_a_password_is_stopped_per_name_and_per_address(
    make_server: Callable[..., ServerThread],
) -> None:
    by_name = make_server(limits=Limits(rates={"login_name": Rate(3, 600.0)}))
    ann = Browser(by_name.base)
    assert ann.sign_up("Ann").status_code == 201
    guesser = Browser(by_name.base)
    answers = [guesser.log_in("Ann", f"guess {n}").status_code for n in range(3)]
    assert answers == [401, 401, 401]
    refused = guesser.log_in("Ann")  # even the right password, once the name's share is used
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) > 0
    assert refused.json()["error"]["code"] == "rate_limited"
    # a name that does not exist is limited alike: the limit tells nothing of which names exist
    unknown = [guesser.log_in("Nobody", f"guess {n}").status_code for n in range(4)]
    assert unknown == [401, 401, 401, 429]
    by_address = make_server(limits=Limits(rates={"login": Rate(3, 600.0)}))
    assert Browser(by_address.base).sign_up("Bea").status_code == 201
    spray = Browser(by_address.base)
    answers = [spray.log_in(name, "guess").status_code for name in ("Bea", "Cleo", "Dan", "Eve")]
    assert answers == [401, 401, 401, 429]


def test_a_write_from_another_site_is_refused(server: ServerThread, browsers: Callable[..., Browser]) -> None:
    ann = browsers()
    assert ann.sign_up("Ann").status_code == 201
    evil = {"Origin": "https://evil.example"}
    for path, body in (
        ("/api/account/logout", {}),
        ("/api/account/password", {"password": PASSWORD, "new_password": "taken over!"}),
        ("/api/account/delete", {"password": PASSWORD}),
    ):
        cross = ann.post(path, body, **evil)
        assert cross.status_code == 403 and cross.json()["error"]["code"] == "cross_origin", (path, cross.text)
        fetched = ann.post(path, body, **{"Sec-Fetch-Site": "cross-site"})
        assert fetched.status_code == 403, path
    # a request that says nowhere where it comes from is refused too, when it carries the login
    bare = httpx.post(f"{server.base}/api/account/logout", cookies={COOKIE: ann.cookie or ""})
    assert bare.status_code == 403 and bare.json()["error"]["code"] == "cross_origin"
    # and a login from another site's page (login CSRF) as well
    assert browsers("https://evil.example").log_in("Ann").status_code == 403
    assert ann.me() is not None and ann.log_in("Ann", "taken over!").status_code == 401


def test_logging_in_replaces_the_session_the_browser_had(
    server: ServerThread, browsers: Callable[..., Browser]
) -> None:
    assert browsers().sign_up("Ann").status_code == 201
    victim = browsers()
    planted = "a-session-id-an-attacker-chose"
    victim.http.cookies.set(COOKIE, planted, domain="127.0.0.1", path="/api")
    assert victim.me() is None  # an id the server did not make is nobody's
    assert victim.log_in("Ann").status_code == 200
    first = victim.cookie
    assert first and first != planted
    assert victim.log_in("Ann").status_code == 200  # a second login: a new id again, the old one ended
    second = victim.cookie
    assert second and second != first
    stale = httpx.get(f"{server.base}/api/account", cookies={COOKIE: first}).json()
    assert stale["account"] is None
    assert count(server, schema.sessions) == 2  # the signing-up browser's and the victim's one


@both_databases
def test_a_new_password_ends_every_other_session(server: ServerThread, browsers: Callable[..., Browser]) -> None:
    phone, laptop = browsers(), browsers()
    assert phone.sign_up("Ann").status_code == 201
    assert laptop.log_in("Ann").status_code == 200
    wrong = laptop.post("/api/account/password", {"password": "not it at all", "new_password": "new secret 1"})
    assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "wrong_password"
    before = laptop.cookie
    changed = laptop.post("/api/account/password", {"password": PASSWORD, "new_password": "new secret 1"})
    assert changed.status_code == 200, changed.text
    assert laptop.cookie != before and laptop.me() is not None
    assert phone.me() is None  # logged out on the other device
    assert phone.log_in("Ann").status_code == 401
    assert phone.log_in("Ann", "new secret 1").status_code == 200


@both_databases
def test_deleting_an_account_deletes_its_data(server: ServerThread, browsers: Callable[..., Browser]) -> None:
    ann = browsers()
    anonymous = httpx.post(f"{server.base}/api/matches", json={"opponent": "computer", "level": 1}).json()
    made = ann.sign_up("Ann", tokens=[anonymous["token"]])
    assert made.status_code == 201 and made.json()["attached"] == 1
    assert ann.post("/api/account/delete", {"password": "not it at all"}).status_code == 403
    assert ann.post("/api/account/delete", {"password": PASSWORD}).status_code == 200
    assert ann.me() is None
    assert count(server, schema.accounts, bot=0) == 0  # the house bots' accounts stay (sixtysix.web.lobby)
    for table in (schema.sessions, schema.account_seats, schema.ratings, schema.rating_history):
        assert count(server, table) == 0, table.name
    assert count(server, schema.matches) == 1  # the match stays, for the other players
    assert browsers().sign_up("Ann").status_code == 201  # the name is free again


def test_a_browsers_anonymous_matches_join_its_new_account(
    server: ServerThread, browsers: Callable[..., Browser]
) -> None:
    tokens = [
        httpx.post(f"{server.base}/api/matches", json={"opponent": "computer", "level": 1}).json()["token"]
        for _ in range(2)
    ]
    ann = browsers()
    made = ann.sign_up("Ann", tokens=[*tokens, "no such token"])
    assert made.json()["attached"] == 2
    again = ann.post("/api/account/seats", {"tokens": tokens})
    assert again.status_code == 200 and again.json()["attached"] == 0  # held already
    profile = ann.get("/api/account/profile").json()
    assert len(profile["matches"]) == 2
    bea = browsers()
    assert bea.sign_up("Bea").status_code == 201
    assert bea.post("/api/account/seats", {"tokens": tokens}).json()["attached"] == 0  # Ann's seats stay Ann's
    assert httpx.get(f"{server.base}/api/account/profile").status_code == 401


def test_a_flood_of_sign_ups_from_one_address_is_stopped(make_server: Callable[..., ServerThread]) -> None:
    server = make_server(limits=Limits(rates={"signup": Rate(2, 3600.0)}))
    answers = [Browser(server.base).sign_up(f"Player {n}").status_code for n in range(3)]
    assert answers == [201, 201, 429]
    assert count(server, schema.accounts, bot=0) == 2
