"""The lobby's endpoints: seeks, challenges, the house bots, the lobby's version and its socket ``/api/lobby/socket``
(:mod:`sixtysix.web.lobby_live`; docs/web-api.md, "The lobby").

Every write needs a logged-in account (the session cookie of :mod:`sixtysix.web.account_api`) and
comes from the server's own page (:func:`~sixtysix.web.account_api.own_page`); each account's
offers are rate-limited (``seek``, :class:`~sixtysix.web.limits.Limits`) besides the counts
:mod:`sixtysix.web.lobby` allows open at once. The lists are read by anyone.
"""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, ConfigDict, Field

from sixtysix.web.account_api import COOKIE, Done, own_page
from sixtysix.web.accounts import Account, Accounts
from sixtysix.web.deps import no_store
from sixtysix.web.errors import WebError
from sixtysix.web.lobby import MOVE_CLOCKS, Lobby, read_offer
from sixtysix.web.lobby_live import LobbyLive
from sixtysix.web.matches import Game
from sixtysix.web.messages import sentence
from sixtysix.web.ratings import FAMILIES, Ratings
from sixtysix.web.service import Service


class OfferBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rules: str = Field("seed66", max_length=40)
    target: int | None = None
    rated: bool = False
    move_seconds: int = 60
    min_rating: float | None = None
    """An open seek: the lowest rating of an account that may accept it."""
    max_rating: float | None = None


class QuickBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rules: str = Field("seed66", max_length=40)
    target: int | None = None
    rated: bool = False
    move_seconds: int = 60
    spread: float = Field(200.0, ge=0, le=1000)
    """The widest difference of ratings accepted, either way."""


class ChallengeBody(OfferBody):
    name: str = Field(max_length=200)
    """The account challenged (a house bot: ``Computer level 3``)."""


class Seek(BaseModel):
    id: int
    name: str
    """Who made it."""
    bot: bool = False
    """Its maker is a bot."""
    rating: float | None
    """The maker's rating in the offer's game family (``None``: none yet)."""
    challenge: bool
    opponent: str | None
    """A challenge: the account challenged; an accepted seek: who accepted it."""
    rules: str
    target: int
    rated: bool
    move_seconds: int
    min_rating: float | None
    max_rating: float | None
    state: str
    """``open``, ``accepted``, ``declined``, ``expired``."""
    expires_in: int
    """Seconds until it expires."""
    match_id: str | None
    """Once accepted: the match (the maker's seat is 1)."""


class Seeks(BaseModel):
    version: int
    seeks: list[Seek]


class Mine(BaseModel):
    version: int
    made: list[Seek]
    received: list[Seek]
    """The open challenges to the account."""


class Made(BaseModel):
    seek: Seek
    token: str
    """The maker's seat token in the match to come: shown this once."""


class Version(BaseModel):
    version: int
    move_clocks: list[int]
    """The move clocks an offer may ask for (seconds)."""
    rated_presets: list[str]
    """The presets a rated offer may use."""


class MatchAnswer(BaseModel):
    match_id: str
    seat: int
    token: str
    state: dict[str, object]
    rated: bool


class QuickAnswer(BaseModel):
    match: MatchAnswer | None = None
    """A seek was found and accepted: the match."""
    seek: Seek | None = None
    """None was: a seek made, open to the ratings within the spread."""
    token: str | None = None
    """With ``seek``: the maker's seat token in the match to come."""


class ChallengeAnswer(BaseModel):
    challenge: Seek | None = None
    """A person challenged: the open challenge (its token below is the challenger's, for the match to come)."""
    token: str | None = None
    match: MatchAnswer | None = None
    """A house bot challenged: the match, begun at once."""


def lobby_router(service: Service, accounts: Accounts, ratings: Ratings, lobby: Lobby | None = None) -> APIRouter:
    """The ``/api/seeks…``, ``/api/challenges…`` and ``/api/lobby`` endpoints of ``service``'s database, and the
    lobby's socket ``/api/lobby/socket`` (its pushes and cleaning run with the app: the router's lifespan;
    ``lobby``: the app's one :class:`Lobby`, which the bots' endpoints share)."""
    lobby = lobby or Lobby(service, accounts, ratings)
    live = LobbyLive(lobby, accounts)
    outer = APIRouter(lifespan=live.lifespan)
    outer.add_api_websocket_route("/api/lobby/socket", live.serve)
    router = APIRouter(dependencies=[Depends(no_store)])

    def current_account(request: Request) -> Account:
        """The logged-in account (401 ``not_logged_in`` without a live session)."""
        account = lobby.accounts.account_of(request.cookies.get(COOKIE))
        if account is None:
            raise WebError(401, "not_logged_in", sentence("server.not_logged_in"))
        return account

    logged_in = Depends(current_account)

    def offering_account(account: Account = logged_in) -> Account:
        """The logged-in account, within its rate of offers (429 past it)."""
        service.limiter.check("seek", f"account {account.id}")
        return account

    offering = Depends(offering_account)
    SameOrigin = Depends(own_page)

    def match_answer(game: Game, seat: int, token: str) -> MatchAnswer:
        rated = lobby.ratings.rated_family(game.id) is not None
        return MatchAnswer(match_id=game.id, seat=seat, token=token, state=game.state(seat), rated=rated)

    @router.get("/api/lobby")
    async def version() -> Version:
        """The lobby's version: it changes with every seek and challenge made, accepted, declined or withdrawn."""
        return Version(version=lobby.version(), move_clocks=list(MOVE_CLOCKS), rated_presets=list(FAMILIES))

    @router.get("/api/seeks")
    async def open_seeks() -> Seeks:
        return Seeks(version=lobby.version(), seeks=[Seek.model_validate(s) for s in lobby.open_seeks()])

    @router.get("/api/seeks/mine")
    async def mine(account: Account = logged_in) -> Mine:
        found = lobby.mine(account)
        return Mine.model_validate({"version": lobby.version(), **found})

    @router.post("/api/seeks", dependencies=[SameOrigin], status_code=201)
    async def seek(body: OfferBody, account: Account = offering) -> Made:
        made, token = lobby.seek(account, read_offer(body.model_dump()))
        return Made(seek=Seek.model_validate(made), token=token)

    @router.post("/api/seeks/quick", dependencies=[SameOrigin], status_code=201)
    async def quick(body: QuickBody, account: Account = offering) -> QuickAnswer:
        offer = read_offer(body.model_dump(exclude={"spread"}))
        found = lobby.quick(account, offer, body.spread)
        if isinstance(found[0], Game):
            return QuickAnswer(match=match_answer(*found))
        made, token = found
        return QuickAnswer(seek=Seek.model_validate(made), token=token)

    @router.post("/api/seeks/{seek_id}/accept", dependencies=[SameOrigin], status_code=201)
    async def accept_seek(seek_id: int, account: Account = offering) -> MatchAnswer:
        return match_answer(*lobby.accept(account, seek_id, challenge=False))

    @router.delete("/api/seeks/{seek_id}", dependencies=[SameOrigin])
    async def withdraw_seek(seek_id: int, account: Account = logged_in) -> Done:
        lobby.withdraw(account, seek_id)
        return Done()

    @router.post("/api/challenges", dependencies=[SameOrigin], status_code=201)
    async def challenge(body: ChallengeBody, account: Account = offering) -> ChallengeAnswer:
        offer = read_offer(body.model_dump())
        level = lobby.bot_level_of(body.name)
        if level is not None:
            return ChallengeAnswer(match=match_answer(*lobby.play_bot(account, level, offer)))
        made, token = lobby.challenge(account, body.name, offer)
        return ChallengeAnswer(challenge=Seek.model_validate(made), token=token)

    @router.post("/api/challenges/{seek_id}/accept", dependencies=[SameOrigin], status_code=201)
    async def accept_challenge(seek_id: int, account: Account = logged_in) -> MatchAnswer:
        return match_answer(*lobby.accept(account, seek_id, challenge=True))

    @router.post("/api/challenges/{seek_id}/decline", dependencies=[SameOrigin])
    async def decline_challenge(seek_id: int, account: Account = logged_in) -> Done:
        lobby.decline(account, seek_id)
        return Done()

    @router.delete("/api/challenges/{seek_id}", dependencies=[SameOrigin])
    async def withdraw_challenge(seek_id: int, account: Account = logged_in) -> Done:
        lobby.withdraw(account, seek_id)
        return Done()

    outer.include_router(router)
    return outer
