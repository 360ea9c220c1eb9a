"""The accounts' and ratings' endpoints: sign up, log in and out, the password, deleting, seats, the leaderboard.

Endpoints in docs/web-api.md ("Accounts", "Ratings"); for players, docs/online.md. The session is
a cookie (:data:`COOKIE`): random, kept in the database only hashed, ``HttpOnly`` (no script
reads it), ``SameSite=Strict``, ``Path=/api``, and ``Secure`` when the request came over TLS (as
uvicorn sees it: directly, or through a proxy named by ``--forwarded-allow-ips`` whose
``X-Forwarded-Proto`` it believes). Anonymous play does not change: the seat tokens stay what
authenticates a seat; an account only holds seats (``account_seats``), and two accounts holding
the two seats of a match created rated make it count for the ratings (:mod:`sixtysix.web.ratings`).

The hashing of passwords runs in a thread (:func:`run_in_threadpool`), never on the event loop.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, ConfigDict, Field

from sixtysix.present.state import invitation_json
from sixtysix.web import fields
from sixtysix.web.accounts import MAX_PASSWORD, SESSION_SECONDS, Account, Accounts, name_key
from sixtysix.web.deps import client_of, json_body, no_store
from sixtysix.web.errors import WebError, malformed
from sixtysix.web.limits import check_origin
from sixtysix.web.messages import sentence
from sixtysix.web.models import AccountMatchRequest, JoinRequest
from sixtysix.web.ratings import FAMILIES, Ratings, family_of
from sixtysix.web.seats import read_rules
from sixtysix.web.service import Service
from sixtysix.web.store import token_hash

COOKIE = "sixtysix_session"
"""The session cookie's name."""
MAX_TOKENS = 1000
"""The most seat tokens one request may attach."""


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=200)
    password: str = Field(max_length=MAX_PASSWORD)
    tokens: list[Annotated[str, Field(max_length=100)]] = Field(default_factory=list, max_length=MAX_TOKENS)
    """Sign-up and login: this browser's seat tokens, whose anonymous matches join the account."""


class PasswordChange(BaseModel):
    model_config = ConfigDict(extra="forbid")
    password: str = Field(max_length=MAX_PASSWORD)
    new_password: str = Field(max_length=MAX_PASSWORD)


class Confirmation(BaseModel):
    model_config = ConfigDict(extra="forbid")
    password: str = Field(max_length=MAX_PASSWORD)


class SeatTokens(BaseModel):
    model_config = ConfigDict(extra="forbid")
    tokens: list[Annotated[str, Field(max_length=100)]] = Field(max_length=MAX_TOKENS)


class StandingAnswer(BaseModel):
    name: str
    rating: float
    deviation: float
    games: int
    bot: bool
    provisional: bool


class AccountAnswer(BaseModel):
    name: str
    bot: bool
    ratings: dict[str, StandingAnswer] = Field(default_factory=dict)
    """By game family (``66``, ``schnapsen``): only the families it has played rated."""
    attached: int = 0
    """Seats of this browser's anonymous matches linked to the account by this request."""


class Me(BaseModel):
    account: AccountAnswer | None


class RatingPoint(BaseModel):
    match_id: str
    family: str
    score: float
    rating: float
    deviation: float
    time: float


class Profile(BaseModel):
    account: AccountAnswer
    history: list[RatingPoint]
    matches: list[str]


class PlayedMatch(BaseModel):
    family: str
    score: float
    rating: float
    deviation: float
    time: float
    opponent: str | None
    """The opponent's name (``None``: the account is deleted)."""


class Counts(BaseModel):
    games: int
    won: int
    lost: int


class PlayerProfile(BaseModel):
    name: str
    bot: bool
    ratings: dict[str, StandingAnswer]
    matches: list[PlayedMatch]
    """Rated matches, oldest first, with the rating after each."""
    stats: dict[str, Counts]
    """By game family."""


class Invitation(BaseModel):
    model_config = ConfigDict(extra="forbid")
    code: str = Field(max_length=100)


class RatedAnswer(BaseModel):
    rated: bool
    family: str | None
    """The game family the match counts for (``None``: not rated)."""


class Done(BaseModel):
    ok: bool = True


def own_page(request: Request) -> None:
    """Refuse (403 ``cross_origin``) a cookie-authenticated write that is not from this server's own page.

    Why Origin / Sec-Fetch-Site and not a CSRF token: every browser that runs the page sends one of
    them with a ``fetch`` POST, and a page of another site can forge neither, so the check needs no
    state and no token in the page. Unlike the anonymous endpoints (:func:`check_origin`), a request
    with neither header is refused too: a script that sends no such header has no business with a
    browser's login cookie. The cookie's ``SameSite=Strict`` is the second lock: a browser too old
    to send either header does not send the cookie with another site's request either. Trusted other
    origins do not apply: no other site's page writes with a person's login.
    """
    headers = request.headers
    if headers.get("sec-fetch-site") is None and headers.get("origin") is None:
        raise WebError(403, "cross_origin", sentence("server.origin_required"))
    check_origin(headers)


def account_router(service: Service, accounts: Accounts, ratings: Ratings) -> APIRouter:
    """The ``/api/account…`` and ``/api/leaderboard`` endpoints of ``service``'s database (its one
    :class:`Accounts` and :class:`Ratings`, made by :func:`sixtysix.web.app.create_app`)."""
    router = APIRouter(dependencies=[Depends(no_store)])
    store = service.store
    limiter = service.limiter

    def cookie_of(request: Request) -> str | None:
        return request.cookies.get(COOKIE)

    def optional_account(request: Request) -> Account | None:
        return accounts.account_of(cookie_of(request))

    def current_account(request: Request) -> Account:
        """The logged-in account (401 ``not_logged_in`` without a live session)."""
        account = optional_account(request)
        if account is None:
            raise WebError(401, "not_logged_in", sentence("server.not_logged_in"))
        return account

    def set_session(request: Request, response: Response, cookie: str | None) -> None:
        """Give the browser the session cookie (``None``: remove it)."""
        secure = request.url.scheme == "https"
        if cookie is None:
            response.delete_cookie(COOKIE, path="/api", secure=secure, httponly=True, samesite="strict")
            return
        response.set_cookie(
            COOKIE,
            cookie,
            max_age=int(SESSION_SECONDS),
            path="/api",
            secure=secure,
            httponly=True,
            samesite="strict",
        )

    def answer_of(account: Account, attached: int = 0) -> AccountAnswer:
        return AccountAnswer(
            name=account.name,
            bot=account.bot,
            ratings={f: StandingAnswer.model_validate(s) for f, s in ratings.of_account(account.id).items()},
            attached=attached,
        )

    def attach_tokens(account: Account, tokens: list[str]) -> int:
        found = store.seats_of_tokens(token_hash(t) for t in dict.fromkeys(t for t in tokens if t))
        return accounts.attach(account, found) if found else 0

    def limit_login(request: Request, name: str) -> None:
        """Logins per address and per name (known or not: the limit says nothing of whether it exists)."""
        limiter.check("login", client_of(request))
        wait = limiter.take("login_name", name_key(name))
        if wait:
            seconds = max(1, int(wait + 0.999))
            raise WebError(
                429,
                "rate_limited",
                sentence("server.login_limited", seconds=seconds),
                headers={"Retry-After": str(seconds)},
            )

    logged_in = Depends(current_account)
    SameOrigin = Depends(own_page)

    @router.get("/api/account")
    async def get_account(request: Request) -> Me:
        account = optional_account(request)
        return Me(account=None if account is None else answer_of(account))

    @router.post("/api/account/signup", dependencies=[SameOrigin], status_code=201)
    async def sign_up(request: Request, response: Response, body: Credentials) -> AccountAnswer:
        limiter.check("signup", client_of(request))
        name = fields.name_field({"name": body.name}, "name", "")
        if not name:
            raise malformed(sentence("server.account_name_required"))
        account = await run_in_threadpool(accounts.sign_up, name, body.password)
        set_session(request, response, accounts.session_for(account, cookie_of(request)))
        return answer_of(account, attach_tokens(account, body.tokens))

    @router.post("/api/account/login", dependencies=[SameOrigin])
    async def log_in(request: Request, response: Response, body: Credentials) -> AccountAnswer:
        limit_login(request, body.name)
        cookie, account = await run_in_threadpool(accounts.log_in, body.name, body.password, cookie_of(request))
        set_session(request, response, cookie)
        return answer_of(account, attach_tokens(account, body.tokens))

    @router.post("/api/account/logout", dependencies=[SameOrigin])
    async def log_out(request: Request, response: Response) -> Done:
        cookie = cookie_of(request)
        if cookie:
            accounts.log_out(cookie)
        set_session(request, response, None)
        return Done()

    @router.post("/api/account/password", dependencies=[SameOrigin])
    async def change_password(
        request: Request, response: Response, body: PasswordChange, account: Account = logged_in
    ) -> AccountAnswer:
        limit_login(request, account.name)
        cookie = await run_in_threadpool(
            accounts.change_password, account, body.password, body.new_password, cookie_of(request)
        )
        set_session(request, response, cookie)
        return answer_of(account)

    @router.post("/api/account/delete", dependencies=[SameOrigin])
    async def delete_account(
        request: Request, response: Response, body: Confirmation, account: Account = logged_in
    ) -> Done:
        limit_login(request, account.name)
        await run_in_threadpool(accounts.delete, account, body.password)
        set_session(request, response, None)
        return Done()

    @router.post("/api/account/seats", dependencies=[SameOrigin])
    async def attach_seats(body: SeatTokens, account: Account = logged_in) -> AccountAnswer:
        return answer_of(account, attach_tokens(account, body.tokens))

    @router.get("/api/account/profile")
    async def profile(account: Account = logged_in) -> Profile:
        held = [m for m, _ in accounts.matches_of(account)]
        history = [RatingPoint.model_validate(point) for point in ratings.history(account.id)]
        return Profile(account=answer_of(account), history=history, matches=held)

    @router.post("/api/account/matches", dependencies=[SameOrigin], status_code=201)
    async def create_match(
        request: Request,
        sent: Annotated[AccountMatchRequest, Depends(json_body(AccountMatchRequest))],
        account: Account = logged_in,
    ) -> dict[str, object]:
        """``POST /api/matches`` with the creator's seat held by the account; ``"rated": true``: a two-player
        match with a friend, by a rated preset's own rules, that counts if the friend joins with an account."""
        limiter.check("create", client_of(request))
        body = sent.fields()
        rated = fields.boolean(body, "rated", False)
        family = None
        if rated:
            rules = read_rules(body)
            family = family_of(rules.preset_name)
            if family is None or body.get("opponent") != "friend" or body.get("seats"):
                raise malformed(sentence("server.rated_how", presets=", ".join(FAMILIES)))
            if body.get("options"):
                raise malformed(sentence("server.rated_options"))
        given = {k: v for k, v in body.items() if k != "rated"}
        if rated:
            given["hints"] = False  # why: no computer's advice in a match that counts for a rating
        game, seat, token, codes = service.create(given)
        with store.transaction() as db:
            accounts.attach_seat(db, account, game.id, seat)
            if family is not None:
                ratings.mark_rated(db, game.id, family)
        invites = [invitation_json(s, code) for s, code in sorted(codes.items())]
        answer = {"match_id": game.id, "seat": seat, "token": token, "state": game.state(seat), "rated": rated}
        return answer | {"invite": invites[0] if invites else None, "invites": invites}

    @router.post("/api/account/join", dependencies=[SameOrigin], status_code=201)
    async def join(
        request: Request,
        sent: Annotated[JoinRequest, Depends(json_body(JoinRequest))],
        account: Account = logged_in,
    ) -> dict[str, object]:
        """``POST /api/join`` with the seat held by the account (taken and linked before any other request is
        served: a rated match's seat is held from its first card)."""
        limiter.check("join", client_of(request))
        game, seat, token = service.join(sent.fields())
        accounts.attach(account, [(game.id, seat)])
        return {"match_id": game.id, "seat": seat, "token": token, "state": game.state(seat)}

    @router.post("/api/account/invitation")
    async def rated_invitation(body: Invitation) -> RatedAnswer:
        """Whether the match of a two-player invitation is rated (the code in the body: never in an address,
        which is logged). No login needed: the code is the secret."""
        found = store.invitation(token_hash(body.code))
        if found is None:
            raise WebError(404, "not_found", sentence("server.no_invitation"))
        family = ratings.rated_family(found[0])
        return RatedAnswer(rated=family is not None, family=family)

    @router.get("/api/players/{name}")
    async def player(name: str) -> PlayerProfile:
        found = ratings.player(name_key(name)) if len(name) <= 200 else None
        if found is None:
            raise WebError(404, "not_found", sentence("server.no_player"))
        return PlayerProfile.model_validate(found)

    @router.get("/api/leaderboard")
    async def leaderboard(request: Request) -> list[StandingAnswer]:
        preset = request.query_params.get("rules", "seed66").lower()
        family = family_of(preset)
        if family is None:
            raise WebError(404, "not_found", sentence("server.no_leaderboard", preset=preset))
        return [StandingAnswer.model_validate(s.to_json()) for s in ratings.leaderboard(family)]

    return router
