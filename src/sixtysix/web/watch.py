"""Spectators: the live matches anyone may watch, a spectator's state, and its read-only live feed.

``GET /api/live`` lists the matches being played that may be watched (:func:`live_order`:
best rated first once players have ratings, until then the newest first); ``GET
/api/watch/{id}`` is a spectator's state (:func:`sixtysix.present.spectator.spectator_state`:
never a hand nor the talon) and ``/ws/watch/{id}`` pushes it after every change, as the
seats' sockets push theirs (:mod:`sixtysix.web.live`; on PostgreSQL a change made on another
server process reaches it through :mod:`sixtysix.web.notify` like a seat's). The socket is
read-only: it answers ``ping`` and ``state`` and refuses everything else.

**Who may watch.** Every match a person creates may be watched, against the computer and
between friends, unless its creator says no (``"spectators": false`` in ``POST
/api/matches``); a rematch keeps the choice. ``"spectator_delay": N`` (0 to
:data:`~sixtysix.present.spectator.MAX_DELAY`, set by the creator) shows the spectators the
match N actions behind (docs/online.md, "Watching a match").
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import orjson
from fastapi import APIRouter, Depends, WebSocket
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict
from starlette.websockets import WebSocketDisconnect

from sixtysix.core.match import create_match
from sixtysix.core.rules import Rules
from sixtysix.web.deps import NO_STORE, ServiceDep, client_of, no_store, rate_limit
from sixtysix.web.errors import WebError, malformed
from sixtysix.web.live import DIRECT, DirectLink, Subscriber, message
from sixtysix.web.messages import sentence
from sixtysix.web.models import REFUSALS
from sixtysix.web.ratings import held_seats
from sixtysix.web.service import Service
from sixtysix.web.store import MatchRow, SeatRow

log = logging.getLogger("sixtysix.web")

LIVE_LIMIT = 50
"""The most matches ``GET /api/live`` lists (``?limit=`` asks for fewer)."""
CLOSE_NOT_FOUND = 4404
"""The close code of a spectator socket whose match is unknown or may not be watched."""


class LiveSeat(BaseModel):
    """One seat of a live match, as the lobby lists it."""

    seat: int
    name: str
    kind: str
    """``human`` or ``computer``."""
    level: int | None
    rating: float | None = None
    """The player's rating in the match's family, once the player has one (none: ``null``)."""
    bot: bool = False
    """Whether a bot's account holds the seat."""


class LiveMatch(BaseModel):
    """One match being played that anyone may watch."""

    match_id: str
    preset: str
    players: int
    target: int
    kind: str
    """``computer`` or ``friend``."""
    seats: list[LiveSeat]
    score: list[int]
    deals: int
    created: float
    updated: float
    delay: int
    """How many actions behind the live match its spectators are shown it."""
    rating: float | None = None
    """The best rating at the table (``null`` while there are no ratings)."""
    path: str
    """The watch page's address."""


class LiveList(BaseModel):
    """The answer of ``GET /api/live``."""

    matches: list[LiveMatch]


class SpectatorAnswer(BaseModel):
    """A spectator's state (docs/web-api.md, "The spectator state"): the fields every client reads first,
    and the rest of the state as it is."""

    model_config = ConfigDict(extra="allow")

    api: int
    spectator: bool
    match_id: str
    version: int
    delay: int
    behind: int
    status: str


def live_order(matches: Sequence[LiveMatch]) -> list[LiveMatch]:
    """The lobby's order of live matches: the best rated first; matches without a rating after them,
    the newest first. The one place to change it.

    >>> def live(match_id, created, rating=None):
    ...     return LiveMatch(match_id=match_id, preset="seed66", players=2, target=7, kind="friend", seats=[],
    ...                      score=[0, 0], deals=1, created=created, updated=created, delay=0, rating=rating, path="")
    >>> found = [live("a", 1.0), live("b", 2.0), live("c", 0.5, 1500.0), live("d", 0.1, 1700.0)]
    >>> [m.match_id for m in live_order(found)]
    ['d', 'c', 'b', 'a']
    """
    return sorted(matches, key=lambda m: (m.rating is None, -(m.rating or 0.0), -m.created, m.match_id))


def live_matches(service: Service, limit: int) -> list[LiveMatch]:
    """The live matches anyone may watch (at most ``limit``), in :func:`live_order`, with the ratings and bots of
    the seats accounts hold."""
    found = service.live(limit)
    held = held_seats(service.store, {row.id: row.preset for row, _ in found})
    return live_order([live_entry(row, seats, held) for row, seats in found])


def live_entry(
    row: MatchRow, seats: Mapping[int, SeatRow], held: Mapping[tuple[str, int], tuple[float | None, bool]] | None = None
) -> LiveMatch:
    """One live match as the lobby lists it; ``held``: the rating and the bot's mark of each seat an account holds,
    by (match id, seat) (:func:`sixtysix.web.ratings.held_seats`)."""
    held = held or {}
    listed = [
        LiveSeat(seat=s.seat, name=s.name, kind=s.kind, level=s.level, rating=rating, bot=bot)
        for _, s in sorted(seats.items())
        for rating, bot in [held.get((row.id, s.seat), (None, False))]
    ]
    rated = [s.rating for s in listed if s.rating is not None]
    players = len(listed)
    return LiveMatch(
        match_id=row.id,
        preset=row.preset,
        players=players,
        target=row.target,
        kind=row.kind,
        seats=listed,
        score=list(row.score[: scorers(row)]),
        deals=row.deals,
        created=row.created,
        updated=row.updated,
        delay=row.spectator_delay,
        rating=max(rated) if rated else None,
        path=f"/?watch={row.id}",
    )


def scorers(row: MatchRow) -> int:
    """How many scores the match keeps (by seat, or by side): the engine's match says."""
    rules = Rules.from_options(row.preset, row.options)
    return len(create_match(rules).score)


router = APIRouter(tags=["spectators"], responses=REFUSALS)
"""The spectators' endpoints (one of :data:`sixtysix.web.app.ROUTERS`); each takes one request of the ``watch`` rate."""
WATCHED = Depends(rate_limit("watch"))


@router.get("/api/live", response_model=LiveList, dependencies=[WATCHED, Depends(no_store)])
async def get_live(service: ServiceDep, limit: int | str = LIVE_LIMIT) -> LiveList:
    """The live matches anyone may watch (at most ``limit``), in :func:`live_order`."""
    text = str(limit)
    if not text.isdigit() or not 1 <= int(text) <= LIVE_LIMIT:
        raise malformed(sentence("server.live_limit", most=LIVE_LIMIT))
    return LiveList(matches=live_matches(service, int(text)))


@router.get("/api/watch/{match_id}", response_model=SpectatorAnswer, dependencies=[WATCHED])
async def get_watch(match_id: str, service: ServiceDep) -> JSONResponse:
    """A spectator's state of the match (404 if unknown or closed to spectators)."""
    game = service.watched(match_id)
    return JSONResponse(game.spectator_state(), headers=NO_STORE)


@router.websocket("/ws/watch/{match_id}")
async def watch_socket(websocket: WebSocket, match_id: str, service: ServiceDep) -> None:
    """A spectator's read-only feed: the state after every change (``ping`` and ``state`` answered)."""
    await websocket.accept()
    try:
        service.limiter.check("watch", client_of(websocket))
        game = service.watched(match_id)
    except WebError as error:
        with contextlib.suppress(Exception):  # the client may be gone already
            await websocket.send_text(orjson.dumps({"type": "error", **error.to_json()}).decode())
            await websocket.close(code=CLOSE_NOT_FOUND if error.status == 404 else 4429)
        return
    link: DirectLink | None = websocket.scope.get("extensions", {}).get(DIRECT)
    sub = Subscriber(link.write_text if link is not None else None, patches=_asks_patches(websocket))
    service.add_spectator(game, sub)
    sub.send_state(game.spectator_state())

    def handle(text: str) -> None:
        _answer(service.games.get(match_id, game).spectator_state, sub, text)

    reader = None
    try:
        if link is not None:
            link.attach(handle)
            while (await websocket.receive())["type"] != "websocket.disconnect":
                pass
        else:  # no direct link: a task reads, this one writes what is queued
            reader = asyncio.create_task(read_messages(websocket, handle, sub))
            await write_queued(websocket, sub)
    except WebSocketDisconnect:
        pass
    finally:
        service.remove_spectator(service.games.get(match_id, game), sub)
        if reader is not None:
            reader.cancel()
            with contextlib.suppress(BaseException):
                await reader


def _asks_patches(websocket: WebSocket) -> bool:
    """Whether the socket asked for patches after its first whole state (``?patches=1``, as the page does)."""
    return websocket.query_params.get("patches") == "1"


def _answer(state: Callable[[], dict[str, Any]], sub: Subscriber, text: str) -> None:
    """One message of a spectator: ``ping`` and ``state`` are answered; anything else is refused."""
    try:
        found = orjson.loads(text) if len(text) <= 1024 else None
    except orjson.JSONDecodeError:
        found = None
    kind = found.get("type") if isinstance(found, dict) else None
    reply_to = found.get("id") if isinstance(found, dict) and isinstance(found.get("id"), str | int) else None
    if kind == "ping":
        sub.send(message("pong", reply_to=reply_to))
    elif kind == "state":
        sub.send_state(state(), reply_to)
    else:
        refused = WebError(403, "spectator", sentence("server.spectator_read_only")).to_json()
        sub.send(message("error", **refused, reply_to=reply_to))


async def read_messages(websocket: WebSocket, handle: Callable[[str], None], sub: Subscriber) -> None:
    """Hand each text message to ``handle``; when the client goes, end the writer (``sub.close``)."""
    try:
        while True:
            received = await websocket.receive()
            if received["type"] == "websocket.disconnect":
                break
            handle(received.get("text") or "")
    finally:
        sub.close()


async def write_queued(websocket: WebSocket, sub: Subscriber) -> None:
    """Send what waits in the subscriber's queue, in order, until it is closed or the client is gone."""
    assert sub.queue is not None
    while (encoded := await sub.queue.get()) is not None:
        try:
            await websocket.send_text(encoded.decode())
        except Exception:
            break
