"""The lobby's live lists: ``/api/lobby/socket`` pushes them to the page when they change, on every process.

A lobby socket gets a ``lobby`` message on opening and after every change of the lobby's version
(:mod:`sixtysix.web.lobby`): the open seeks, the live matches (:mod:`sixtysix.web.watch`), and for
a logged-in account (the session cookie of the handshake, checked again at every push; the socket
is under ``/api/``, the cookie's path) its own offers and the challenges to it. A change reaches
every process the way a match's change does: on PostgreSQL the lobby's ``NOTIFY`` on
:data:`~sixtysix.web.notify.LOBBY_CHANNEL`, heard by a :class:`~sixtysix.web.notify.Listener`; on
SQLite (one process) :attr:`~sixtysix.web.lobby.Lobby.announce`. The
lists are read once per change and process, not once per socket; a push that finds the version
already pushed sends nothing. The live matches change with every trick: they are read again every
:data:`LIVE_SECONDS` while a lobby socket is open, and pushed only when they differ.

**Bounds.** A socket is refused (closed with 4403) when another site's page opens it (its
cookie would be read), (closed with 4429) past the ``watch`` rate of its address or past
:data:`SOCKETS_PER_CLIENT` lobby sockets of one address, and (closed with 4503) past
:data:`MAX_SOCKETS` of all addresses. It reads only ``ping`` (answered ``pong``), a message at
most :data:`MAX_MESSAGE` bytes; a client that does not read what is
pushed is dropped (:data:`~sixtysix.web.live.SLOW_CLIENT_MESSAGES`). A page whose socket is refused
or gone polls ``GET /api/lobby`` instead, as before.

**Stale offers.** Every :data:`~sixtysix.web.lobby.CLEAN_SECONDS`, each process tries to claim the
cleaning (:meth:`~sixtysix.web.lobby.Lobby.take_cleaning`); the one that does cleans
(:meth:`~sixtysix.web.lobby.Lobby.clean`), and the change is pushed like any other.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from collections.abc import AsyncIterator
from typing import Any

import orjson
from fastapi import FastAPI, WebSocket
from starlette.websockets import WebSocketDisconnect

from sixtysix.web.account_api import COOKIE
from sixtysix.web.accounts import Accounts
from sixtysix.web.deps import client_of
from sixtysix.web.errors import WebError
from sixtysix.web.limits import check_origin
from sixtysix.web.live import DIRECT, DirectLink, Subscriber, message
from sixtysix.web.lobby import CLEAN_SECONDS, MOVE_CLOCKS, Lobby
from sixtysix.web.messages import sentence
from sixtysix.web.notify import LOBBY_CHANNEL, Listener, parse_job
from sixtysix.web.ratings import FAMILIES
from sixtysix.web.watch import LIVE_LIMIT, live_matches, read_messages, write_queued

log = logging.getLogger("sixtysix.web")

SOCKETS_PER_CLIENT = 4
"""The most lobby sockets one address may have open (a person with a few tabs)."""
MAX_SOCKETS = 10_000
"""The most lobby sockets one process holds, of all addresses (a flood of addresses); pages past it poll."""
MAX_MESSAGE = 1024
"""The longest message a lobby socket reads (bytes); a longer one closes it."""
LIVE_SECONDS = 5.0
"""How often the live matches are read again while a lobby socket is open (pushed when they differ)."""
LISTEN_WAIT_SECONDS = 5.0
"""PostgreSQL: how long the app's start waits for its lobby listener's first ``LISTEN`` (then it starts anyway)."""
CLOSE_REFUSED, CLOSE_TOO_MANY, CLOSE_FULL = 4403, 4429, 4503


class LobbySocket:
    """One open lobby socket: its subscriber and the session cookie it came with."""

    def __init__(self, sub: Subscriber, client: str, cookie: str | None) -> None:
        self.sub = sub
        self.client = client
        self.cookie = cookie if cookie and len(cookie) <= 100 else None


class LobbyLive:
    """The lobby sockets of this process, and what is pushed to them."""

    def __init__(self, lobby: Lobby, accounts: Accounts) -> None:
        self.lobby = lobby
        self.accounts = accounts
        self.service = lobby.service
        self.sockets: list[LobbySocket] = []
        self.clients: Counter[str] = Counter()
        self.max_sockets = MAX_SOCKETS
        """The most lobby sockets of this process (:data:`MAX_SOCKETS`; a test lowers it)."""
        self.pushed = 0
        """The lobby's version last pushed (a push that finds it again sends nothing)."""
        self.live: list[dict[str, Any]] | None = None
        """The live matches last pushed."""
        self.loop: asyncio.AbstractEventLoop | None = None
        self.due = False
        """A push is scheduled on the loop (changes close together are pushed once)."""
        self.listener: Listener | None = None
        self.tasks: list[asyncio.Task[None]] = []

    # -- life cycle ---------------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def lifespan(self, app: FastAPI) -> AsyncIterator[None]:
        """Listen for the lobby's changes (PostgreSQL) or take them from the lobby (SQLite); clean the stale
        offers and read the live matches again now and then; all of it ends with the app."""
        self.loop = loop = asyncio.get_running_loop()
        app.state.lobby_live = self
        if self.service.store.sqlite:
            self.lobby.announce = lambda version: loop.call_soon_threadsafe(self.changed, version)
        else:
            self.listener = Listener(
                self.service.store.engine,
                lambda version: loop.call_soon_threadsafe(self.changed, version),
                lambda: loop.call_soon_threadsafe(self.changed, None),  # changes may have been missed
                channel=LOBBY_CHANNEL,
                parse_payload=parse_job,  # a number, as a job's
            ).start()
            # why: a change made before the first LISTEN would reach no socket of this process until the next
            await asyncio.to_thread(self.listener.listening.wait, LISTEN_WAIT_SECONDS)
        self.pushed = self.lobby.version()
        self.tasks = [
            loop.create_task(self._every(CLEAN_SECONDS, self.sweep)),
            loop.create_task(self._every(LIVE_SECONDS, self.check_live)),
        ]
        try:
            yield
        finally:
            if self.listener is not None:
                self.listener.stop()
            self.lobby.announce = None
            for task in self.tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            for socket in self.sockets:
                socket.sub.close()

    async def _every(self, seconds: float, work: Any) -> None:
        while True:
            await asyncio.sleep(seconds)
            try:
                work()
            except Exception:  # why: a database that does not answer now is asked again next time
                log.warning("the lobby's %s failed", work.__name__, exc_info=True)

    def sweep(self) -> bool:
        """Clean the stale offers if this process claims the cleaning now; whether it did."""
        now = self.service.server_time.wall()
        if not self.lobby.take_cleaning(now):
            return False
        expired, deleted = self.lobby.clean(now)
        if expired or deleted:
            log.info("the lobby's cleaning: %d offers expired, %d deleted", expired, deleted)
        return True

    # -- pushing ------------------------------------------------------------------------------------

    def changed(self, version: int | None) -> None:
        """The lobby changed to ``version`` (``None``: maybe): wake the lobby's watchers, and push once the loop
        is free, if it is new here."""
        for wake in list(self.lobby.watchers):
            wake()
        if (version is None or version > self.pushed) and not self.due and self.loop is not None:
            self.due = True
            self.loop.call_soon(self._push_due)

    def _push_due(self) -> None:
        self.due = False
        try:
            self.push()
        except Exception:  # why: a database that does not answer now: the next change pushes again
            log.warning("pushing the lobby failed", exc_info=True)

    def push(self) -> None:
        """Send every lobby socket the lists, if the lobby's version moved on since the last push."""
        version = self.lobby.version()
        if version <= self.pushed or not self.sockets:
            self.pushed = max(self.pushed, version)
            return
        self.pushed = version
        seeks = self.lobby.open_seeks()
        live = self.read_live()
        self.live = live
        mine: dict[str | None, dict[str, object] | None] = {None: None}
        for socket in list(self.sockets):
            if socket.cookie not in mine:
                account = self.accounts.account_of(socket.cookie)
                mine[socket.cookie] = None if account is None else self.lobby.mine(account)
            socket.sub.send(lists_message(version, seeks, live, mine[socket.cookie]))

    def check_live(self) -> None:
        """Read the live matches again (while a lobby socket is open); push them if they differ."""
        if not self.sockets:
            self.live = None
            return
        live = self.read_live()
        if live != self.live:
            self.live = live
            text = message("live", live=live)
            for socket in list(self.sockets):
                socket.sub.send(text)

    def read_live(self) -> list[dict[str, Any]]:
        return [entry.model_dump() for entry in live_matches(self.service, LIVE_LIMIT)]

    def first(self, socket: LobbySocket) -> bytes:
        """The lists for a socket that has just opened."""
        account = self.accounts.account_of(socket.cookie)
        if self.live is None:
            self.live = self.read_live()
        mine = None if account is None else self.lobby.mine(account)
        return lists_message(self.lobby.version(), self.lobby.open_seeks(), self.live, mine)

    # -- the sockets --------------------------------------------------------------------------------

    def admit(self, websocket: WebSocket) -> LobbySocket:
        """A new lobby socket's checks (the module's docstring): the socket, counted; or the refusal."""
        check_origin(websocket.headers)  # no trusted other site: the socket reads with a person's login
        client = client_of(websocket)
        self.service.limiter.check("watch", client)
        if len(self.sockets) >= self.max_sockets:
            raise WebError(503, "lobby_full", sentence("server.lobby_full"))
        if self.clients[client] >= SOCKETS_PER_CLIENT:
            raise WebError(429, "too_many_sockets", sentence("server.too_many_lobby_sockets", count=SOCKETS_PER_CLIENT))
        link: DirectLink | None = websocket.scope.get("extensions", {}).get(DIRECT)
        socket = LobbySocket(
            Subscriber(link.write_text if link is not None else None), client, websocket.cookies.get(COOKIE)
        )
        self.sockets.append(socket)
        self.clients[client] += 1
        return socket

    def leave(self, socket: LobbySocket) -> None:
        if socket in self.sockets:
            self.sockets.remove(socket)
            self.clients[socket.client] -= 1
            if self.clients[socket.client] <= 0:
                del self.clients[socket.client]

    async def serve(self, websocket: WebSocket) -> None:
        """``/api/lobby/socket``: the lists now and at every change; ``ping`` answered; anything else refused."""
        await websocket.accept()
        try:
            socket = self.admit(websocket)
        except WebError as error:
            with contextlib.suppress(Exception):  # the client may be gone already
                await websocket.send_text(orjson.dumps({"type": "error", **error.to_json()}).decode())
                await websocket.close(code={429: CLOSE_TOO_MANY, 503: CLOSE_FULL}.get(error.status, CLOSE_REFUSED))
            return
        sub = socket.sub
        link: DirectLink | None = websocket.scope.get("extensions", {}).get(DIRECT)
        reader = None
        try:
            sub.send(self.first(socket))
            if link is not None:
                link.attach(lambda text: answer(sub, text))
                while (await websocket.receive())["type"] != "websocket.disconnect":
                    pass
            else:  # no direct link: a task reads, this one writes what is queued
                reader = asyncio.create_task(read_messages(websocket, lambda text: answer(sub, text), sub))
                await write_queued(websocket, sub)
        except WebSocketDisconnect:
            pass
        finally:
            self.leave(socket)
            if reader is not None:
                reader.cancel()
                with contextlib.suppress(BaseException):
                    await reader


def lists_message(
    version: int, seeks: list[dict[str, object]], live: list[dict[str, Any]], mine: dict[str, object] | None
) -> bytes:
    """A ``lobby`` message: the lists, and what an offer may ask for (as ``GET /api/lobby`` says)."""
    return message(
        "lobby",
        version=version,
        seeks=seeks,
        live=live,
        mine=mine,
        move_clocks=list(MOVE_CLOCKS),
        rated_presets=list(FAMILIES),
    )


def answer(sub: Subscriber, text: str) -> None:
    """One message of a lobby socket: ``ping`` is answered; anything else (or longer than :data:`MAX_MESSAGE`)
    refused."""
    try:
        found = orjson.loads(text) if len(text) <= MAX_MESSAGE else None
    except orjson.JSONDecodeError:
        found = None
    if isinstance(found, dict) and found.get("type") == "ping":
        sub.send(message("pong"))
    else:
        sub.send(message("error", **WebError(400, "malformed", sentence("server.lobby_socket_reads")).to_json()))
