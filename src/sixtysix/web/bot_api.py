"""The bots' endpoints: an account made a bot, its API tokens, and the bot's live connection ``/ws/bot``.

Endpoints in docs/web-api.md ("Bots"); for bot authors, docs/protocol.md ("Playing on a site") and
docs/online.md. The token endpoints are the signed-in owner's (the session cookie, writes from the
server's own page only); ``/ws/bot`` is the bot program's, with ``Authorization: Bearer TOKEN``
(``sixtysix connect`` speaks it).

**The bot's connection.** The server sends JSON messages: ``hello`` (the account), ``offers`` (the open
seeks and the challenges to the bot, again whenever the lobby changes), ``match`` (a match the bot holds a
seat of, on connecting and when one begins), ``go`` (the bot's decision: its seat's view only,
:func:`sixtysix.present.botview.view_json`, the match's version and the move clock), ``deal_over``,
``match_over`` and ``error``. The bot sends ``accept`` / ``decline`` (an offer), ``move`` (an action, with
the version of its ``go``: a move sent twice, or after a reconnect, is taken once), ``next`` (the next deal),
``forfeit`` (its program broke the 66P protocol: it forfeits the deal, as in a tournament) and ``ping``.
A reconnection gets the matches and the pending ``go`` again: nothing is lost.

**Limits.** Connections per address and per token (``bot_connect``, :class:`~sixtysix.web.limits.Limits`),
one live connection per token (a new one replaces the old, :class:`~sixtysix.web.bots.Connections`),
at most :data:`MAX_CONNECTIONS` in a process, messages of at most :data:`MAX_MESSAGE` bytes, and the seat's
``action`` rate as for every seat. A bad or revoked token gets one refusal, the same for both, and nothing
else.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any, cast

import orjson
from fastapi import APIRouter, Depends, Request, WebSocket
from pydantic import BaseModel, ConfigDict, Field

from sixtysix.core.view import PlayerView
from sixtysix.present.botview import view_json
from sixtysix.web.account_api import COOKIE, Confirmation, Done, own_page
from sixtysix.web.accounts import Account, Accounts
from sixtysix.web.bots import BotTokens, Connections, TokenHolder
from sixtysix.web.deps import bearer, client_of, no_store
from sixtysix.web.errors import WebError, malformed
from sixtysix.web.live import DIRECT, DirectLink, Subscriber, message
from sixtysix.web.lobby import Lobby
from sixtysix.web.matches import BOT_FORFEIT, Game
from sixtysix.web.messages import sentence
from sixtysix.web.play import commit_forfeit_deal
from sixtysix.web.service import Service
from sixtysix.web.watch import read_messages, write_queued

log = logging.getLogger("sixtysix.web")

MAX_CONNECTIONS = 500
"""The most live bot connections one server process keeps; more are refused (503)."""
MAX_MESSAGE = 4096
"""The longest message a bot may send (bytes); a longer one is refused."""
MAX_REFUSED = 50
"""Refused messages on one connection before it is closed (a bot that does not listen)."""
POLL_SECONDS = 5.0
"""How often a connection looks at its matches and the lobby at the latest: each change of the lobby (a new offer,
a match begun) and of its matches wakes it at once."""
CHECK_SECONDS = 5.0
"""How often a connection checks that its token has not been revoked."""
CLOSE_CODES = {401: 4401, 403: 4403, 429: 4429, 503: 4503}
"""The close code of a refused connection, by the refusal's HTTP status."""
REPLACED = 4409
"""The close code of a connection replaced by a newer one with the same token."""


class TokenBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    label: str = Field("", max_length=60)
    """The owner's name for the token (``my laptop``)."""


class TokenAnswer(BaseModel):
    id: int
    label: str
    created: float
    last_used: float | None


class Tokens(BaseModel):
    tokens: list[TokenAnswer]


class MadeToken(BaseModel):
    token: str
    """The token itself: shown this once, never again."""
    about: TokenAnswer


class BotAccount(BaseModel):
    name: str
    bot: bool


def bot_router(service: Service, accounts: Accounts, lobby: Lobby) -> APIRouter:
    """``/api/account/bot``, ``/api/account/tokens…`` and ``/ws/bot`` of ``service``'s database."""
    router = APIRouter(dependencies=[Depends(no_store)])
    tokens = BotTokens(service.store, accounts, service.server_time.wall)
    connections = Connections()

    def current_account(request: Request) -> Account:
        account = accounts.account_of(request.cookies.get(COOKIE))
        if account is None:
            raise WebError(401, "not_logged_in", sentence("server.not_logged_in"))
        return account

    logged_in = Depends(current_account)
    SameOrigin = Depends(own_page)

    @router.post("/api/account/bot", dependencies=[SameOrigin])
    async def make_bot(body: Confirmation, account: Account = logged_in) -> BotAccount:
        """Make the logged-in account a bot, for good (its password confirms it; it may not have played)."""
        service.limiter.check("login", f"account {account.id}")
        made = tokens.make_bot(account, body.password)
        return BotAccount(name=made.name, bot=made.bot)

    @router.get("/api/account/tokens")
    async def list_tokens(account: Account = logged_in) -> Tokens:
        return Tokens(tokens=[TokenAnswer.model_validate(t.to_json()) for t in tokens.tokens(account)])

    @router.post("/api/account/tokens", dependencies=[SameOrigin], status_code=201)
    async def create_token(body: TokenBody, account: Account = logged_in) -> MadeToken:
        label = " ".join(body.label.split()) or sentence("server.bot_token_label").text()
        about, token = tokens.create(account, label)
        return MadeToken(token=token, about=TokenAnswer.model_validate(about.to_json()))

    @router.delete("/api/account/tokens/{token_id}", dependencies=[SameOrigin])
    async def revoke_token(token_id: int, account: Account = logged_in) -> Done:
        tokens.revoke(account, token_id)
        return Done()

    @router.websocket("/ws/bot")
    async def bot_socket(websocket: WebSocket) -> None:
        """A bot's live connection (the module's docstring; docs/web-api.md, "Bots")."""
        await websocket.accept()
        try:
            service.limiter.check("bot_connect", client_of(websocket))
            holder = tokens.holder(bearer(websocket.headers))
            if holder is None:
                raise WebError(401, "unauthorized", sentence("server.bot_token_refused"))
            service.limiter.check("bot_connect", f"token {holder.token_id}")
            if connections.count() >= MAX_CONNECTIONS:
                raise WebError(503, "busy", sentence("server.bot_busy"))
        except WebError as error:
            with contextlib.suppress(Exception):  # the client may be gone already
                body = {"type": "error", **error.to_json()}
                await websocket.send_text(orjson.dumps(body).decode())
                await websocket.close(code=CLOSE_CODES.get(error.status, 4400))
            return
        await _serve(websocket, service, lobby, tokens, connections, holder)

    return router


async def _serve(
    websocket: WebSocket,
    service: Service,
    lobby: Lobby,
    tokens: BotTokens,
    connections: Connections,
    holder: TokenHolder,
) -> None:
    """Run one bot connection until the bot goes, its token is revoked, or a newer connection replaces it."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    replaced = False

    def replace() -> None:
        nonlocal replaced
        replaced = True
        loop.call_soon_threadsafe(stop.set)

    serial = connections.open(holder.token_id, replace)
    link: DirectLink | None = websocket.scope.get("extensions", {}).get(DIRECT)
    out = Subscriber(link.write_text if link is not None else None)

    def stop_soon() -> None:
        loop.call_soon_threadsafe(stop.set)

    def wake() -> None:
        loop.call_soon_threadsafe(bot.wake.set)

    out.on_drop = stop_soon
    bot = BotLink(service, lobby, tokens, holder.account, out, wake)
    lobby.watchers.add(wake)  # the lobby's changes wake the connection: a new offer, a match begun
    tasks: list[asyncio.Task[None]] = []
    if link is not None:
        link.attach(bot.handle)
        tasks.append(asyncio.create_task(_until_disconnect(websocket)))
    else:
        tasks.append(asyncio.create_task(read_messages(websocket, bot.handle, out)))
        tasks.append(asyncio.create_task(write_queued(websocket, out)))
    tasks[0].add_done_callback(lambda _: stop.set())
    checked = loop.time()
    try:
        bot.hello()
        while not stop.is_set() and not bot.closing:
            bot.refresh()
            if loop.time() - checked > CHECK_SECONDS:
                checked = loop.time()
                if not tokens.still_valid(holder.token_id):
                    break
            bot.wake.clear()
            waits = [asyncio.ensure_future(bot.wake.wait()), asyncio.ensure_future(stop.wait())]
            await asyncio.wait(waits, timeout=POLL_SECONDS, return_when=asyncio.FIRST_COMPLETED)
            for waiting in waits:
                waiting.cancel()
    except Exception:
        log.exception("bot connection of account %s failed", holder.account.id)
    finally:
        lobby.watchers.discard(wake)
        connections.close(holder.token_id, serial)
        bot.leave()
        code = REPLACED if replaced else (4400 if bot.closing else 1000)
        if replaced:
            out.send(message("replaced"))
        out.close()
        with contextlib.suppress(Exception):
            if link is None:  # what is queued is written first
                await asyncio.wait_for(asyncio.shield(tasks[-1]), 1.0)
            await websocket.close(code=code)
        for task in tasks:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task


async def _until_disconnect(websocket: WebSocket) -> None:
    """Wait for the client to go (its messages come through the direct link meanwhile)."""
    with contextlib.suppress(Exception):
        while (await websocket.receive())["type"] != "websocket.disconnect":
            pass


class BotLink:
    """What one bot connection has been told, and what it asks: its matches, its ``go`` messages, its offers."""

    def __init__(
        self,
        service: Service,
        lobby: Lobby,
        tokens: BotTokens,
        account: Account,
        out: Subscriber,
        wake: Callable[[], None],
    ) -> None:
        self.service = service
        self.lobby = lobby
        self.tokens = tokens
        self.account = account
        self.out = out
        self.wake = asyncio.Event()
        self._poke = wake
        """Wakes the connection's loop from any thread (a match's change, broadcast)."""
        self.watching: dict[str, tuple[Game, int, Subscriber]] = {}
        """The live matches the bot holds a seat of: the game, its seat, the subscriber that marks it present."""
        self.told: dict[str, tuple[str, int]] = {}
        """The last message of each match the bot was sent: (``go`` or ``deal_over``, the match's version)."""
        self.lobby_version: int | None = None
        self.refused = 0
        self.closing = False

    def send(self, kind: str, **fields: object) -> None:
        self.out.send(message(kind, **fields))

    def hello(self) -> None:
        """The first message: the account, and the matches it plays now (a bridge that connects again learns
        which of its matches ended while it was away)."""
        playing = [match_id for match_id, _ in self.tokens.live_matches(self.account)]
        self.send("hello", name=self.account.name, bot=True, matches=playing)

    # -- what the server tells -------------------------------------------------------------------

    def refresh(self) -> None:
        """Tell the bot what changed: the lobby's offers, its matches begun and ended, its decisions due."""
        version = self.lobby.version()
        if version != self.lobby_version:
            self.lobby_version = version
            seeks = [s for s in self.lobby.open_seeks() if s["name"] != self.account.name]
            challenges = self.lobby.mine(self.account)["received"]
            self.send("offers", version=version, seeks=seeks, challenges=challenges)
        live = dict(self.tokens.live_matches(self.account))
        for match_id in list(self.watching):
            if match_id not in live:
                self._ended(match_id)
        for match_id, seat in live.items():
            try:
                game = self.service.game(match_id)
            except WebError:
                continue
            watched = self.watching.get(match_id)
            if watched is not None and watched[0] is not game:  # read again from the store: present there too
                self.service.unsubscribe(watched[0], seat, watched[2])
                watched = None
            if watched is None:
                sub = Subscriber(lambda _: self._poke())
                self.service.subscribe(game, seat, sub)
                self.watching[match_id] = (game, seat, sub)
                if match_id not in self.told:
                    self._tell_match(game, seat)
                    self.told[match_id] = ("match", 0)
            self._tell(game, seat)
            if game.match.is_over:
                self._ended(match_id)

    def _tell_match(self, game: Game, seat: int) -> None:
        rules = game.match.rules
        names = {s: info.name for s, info in game.seats.items()}
        self.send(
            "match",
            match_id=game.id,
            seat=seat,
            rules=rules.preset_name,
            options=rules.options(),
            target=rules.match_target,
            rated=self.lobby.ratings.rated_family(game.id) is not None,
            move_seconds=game.move_seconds,
            opponent=names.get(3 - seat),
        )

    def _tell(self, game: Game, seat: int) -> None:
        deal = game.match.current
        if game.status != "playing" or deal is None:
            return
        if deal.is_over:
            if not game.match.is_over and self.told.get(game.id) != ("deal_over", game.version):
                self.told[game.id] = ("deal_over", game.version)
                self.send("deal_over", match_id=game.id, version=game.version, deal=len(game.match.deals))
            return
        if deal.seat_to_ask != seat or self.told.get(game.id) == ("go", game.version):
            return
        self.told[game.id] = ("go", game.version)
        view = cast(PlayerView, game.view(seat))  # the lobby's matches are two-player matches (read_offer)
        self.send(
            "go",
            match_id=game.id,
            version=game.version,
            clock=game.clock_json(seat),
            view=view_json(view, len(game.match.deals)),
        )

    def _ended(self, match_id: str) -> None:
        game, seat, sub = self.watching.pop(match_id)
        self.service.unsubscribe(game, seat, sub)
        self.told.pop(match_id, None)
        match = game.match
        self.send("match_over", match_id=match_id, winner=match.winner, score=list(match.score), seat=seat)

    def leave(self) -> None:
        """The connection ended: the bot is no longer present at its matches."""
        for game, seat, sub in self.watching.values():
            self.service.unsubscribe(game, seat, sub)
        self.watching.clear()

    # -- what the bot asks -----------------------------------------------------------------------

    def handle(self, text: str) -> None:
        """One message of the bot: done, or refused with an ``error`` message (it says which it answers)."""
        found: Any = None
        try:
            if len(text.encode()) > MAX_MESSAGE:
                raise malformed(sentence("server.bot_message_long", count=MAX_MESSAGE))
            with contextlib.suppress(orjson.JSONDecodeError):
                found = orjson.loads(text)
            if not isinstance(found, dict) or not isinstance(found.get("type"), str):
                raise malformed(sentence("server.bot_message"))
            self._do(found)
        except WebError as error:
            self.refused += 1
            reply_to = found.get("id") if isinstance(found, dict) else None
            if not isinstance(reply_to, str | int) or isinstance(reply_to, bool):
                reply_to = None
            self.send("error", **error.to_json(), reply_to=reply_to)
            if self.refused >= MAX_REFUSED:
                self.closing = True
                self._poke()
        self._poke()

    def _do(self, found: dict[str, Any]) -> None:
        kind = found["type"]
        if kind == "ping":
            self.send("pong", reply_to=found.get("id") if isinstance(found.get("id"), str | int) else None)
            return
        if kind in ("accept", "decline"):
            offer = _number(found, "id")
            challenge = found.get("challenge") is True
            self.service.limiter.check("seek", f"account {self.account.id}")
            if kind == "decline":
                self.lobby.decline(self.account, offer)
            else:
                self.lobby.accept(self.account, offer, challenge=challenge)
            self.lobby_version = None  # the offers are sent again at once
            return
        if kind not in ("move", "next", "forfeit"):
            raise malformed(sentence("server.bot_message"))
        match_id = found.get("match_id")
        watched = self.watching.get(match_id) if isinstance(match_id, str) else None
        if watched is None:
            raise WebError(404, "not_found", sentence("server.bot_no_match"))
        game, seat, _ = watched
        version = _number(found, "version")
        if kind == "move":
            self.service.actions.act(game, seat, found.get("action"), version)
        elif kind == "next":
            self.service.actions.act(game, seat, "next", version)
        else:
            self._forfeit(game, seat, version, found.get("reason"))

    def _forfeit(self, game: Game, seat: int, version: int, reason: object) -> None:
        """The bot's program failed (66P): it forfeits the current deal, once (the version says which)."""
        if version != game.version:
            raise WebError(409, "stale_version", sentence("server.stale_version", version=game.version, sent=version))
        deal = game.match.current
        if deal is None or deal.is_over or game.status != "playing":
            raise WebError(409, "not_your_turn", sentence("server.deal_over"))
        why = reason[:200] if isinstance(reason, str) else ""
        log.info("bot %s forfeits a deal of match %s: %s", self.account.name, game.id, why)
        commit_forfeit_deal(self.service.matches, game, seat, token=BOT_FORFEIT)


def _number(found: dict[str, Any], key: str) -> int:
    value = found.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**31:
        raise malformed(sentence("server.bot_field", key=key))
    return value
