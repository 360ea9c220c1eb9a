"""A match's WebSocket: the seat's states (or patches) pushed as the match changes, its messages taken.

A socket authenticates with its first message (or an ``Authorization`` header), then gets its seat's
state and every change after it (:class:`~sixtysix.web.live.Subscriber`); its ``action`` messages
are the same as ``POST .../actions`` (docs/web-api.md, "WebSocket"). Under ``sixtysix serve`` the
socket's messages come through a direct link to the server's protocol (:mod:`sixtysix.web.server`),
handled as they arrive; under another ASGI server through the ASGI receive loop, with a writer task.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable

import orjson
from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from sixtysix.web.deps import ServiceDep, bearer
from sixtysix.web.errors import WebError, malformed
from sixtysix.web.limits import MAX_BODY
from sixtysix.web.live import DIRECT, SLOW_CLIENT_MESSAGES, DirectLink, Subscriber
from sixtysix.web.live import message as live_message
from sixtysix.web.matches import Game
from sixtysix.web.messages import sentence
from sixtysix.web.play import Reply
from sixtysix.web.service import Service

CLOSE_CODES = {401: 4401, 403: 4403, 404: 4404, 410: 4410}
"""The close code of a socket refused, by the refusal's HTTP status (4400 for any other)."""
AUTH_SECONDS = 10.0
"""How long a new WebSocket may take to send its ``auth`` message."""

log = logging.getLogger("sixtysix.web")

router = APIRouter()


@router.websocket("/ws/matches/{match_id}")
async def socket(websocket: WebSocket, match_id: str, service: ServiceDep) -> None:
    """A seat's WebSocket: its states pushed, its actions taken (docs/web-api.md, "WebSocket")."""
    await websocket.accept()
    try:
        token, patches = await _socket_token(websocket)
        game, seat = service.authenticate(match_id, token)
    except WebError as error:
        with contextlib.suppress(Exception):  # the client may be gone already
            await websocket.send_text(json.dumps({"type": "error", **error.to_json()}))
            await websocket.close(code=CLOSE_CODES.get(error.status, 4400))
        return
    link: DirectLink | None = websocket.scope.get("extensions", {}).get(DIRECT)
    sub = Subscriber(link.write_text if link is not None else None, patches=patches)
    writer = asyncio.create_task(_writer(websocket, sub)) if link is None else None
    if writer is not None:  # a client that reads nothing: its writer waits for ever; close it
        sub.on_drop = lambda: _drop(websocket, writer)
    service.subscribe(game, seat, sub)
    sub.send_state(game.state(seat))

    def handle(text: str) -> None:
        _handle(service, service.matches.games.get(match_id, game), seat, sub, text)

    try:
        if link is not None:  # every message is handled as it arrives; wait for the end
            link.attach(handle)
            while (await websocket.receive())["type"] != "websocket.disconnect":
                pass
        else:
            await _receive(websocket, handle)
    except WebSocketDisconnect:
        pass
    finally:
        service.unsubscribe(service.games.get(match_id, game), seat, sub)
        sub.close()
        if writer is not None:
            with contextlib.suppress(Exception):
                await writer


async def _receive(websocket: WebSocket, handle: Callable[[str], None]) -> None:
    """Hand each message of ``websocket`` to ``handle`` until it closes (without a direct link)."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        if text is None and message.get("bytes") is not None:
            try:
                text = message["bytes"].decode("utf-8")
            except UnicodeDecodeError:
                text = ""
        handle(text or "")


async def _socket_token(websocket: WebSocket) -> tuple[str | None, bool]:
    """The seat token of a new WebSocket and whether it asks for patches: its ``Authorization:
    Bearer`` header (whole states), else its first message ``{"type": "auth", "token": TOKEN}``
    (with ``"patches": true`` for patches; never the URL: URLs are logged); 401 otherwise."""
    token = bearer(websocket.headers)
    if token:
        return token, False
    try:
        text = await asyncio.wait_for(websocket.receive_text(), AUTH_SECONDS)
        message = json.loads(text) if len(text) <= 1024 else None
    except (TimeoutError, ValueError, KeyError, RuntimeError, WebSocketDisconnect):
        message = None
    if not isinstance(message, dict) or message.get("type") != "auth" or not isinstance(message.get("token"), str):
        raise WebError(401, "unauthorized", sentence("server.auth_first"))
    given: str = message["token"]
    return given, message.get("patches") is True


def _handle(service: Service, game: Game, seat: int, sub: Subscriber, text: str) -> None:
    """One client message."""
    reply_to: object = None
    try:
        if len(text) > MAX_BODY:
            raise malformed(sentence("server.message_too_large"))
        try:
            message = orjson.loads(text)
        except orjson.JSONDecodeError:
            raise malformed(sentence("server.message_not_json")) from None
        if not isinstance(message, dict):
            raise malformed(sentence("server.message_not_object"))
        reply_to = message.get("id")
        if reply_to is not None and not isinstance(reply_to, str | int):
            reply_to = None
            raise malformed(sentence("server.message_id"))
        kind = message.get("type")
        if kind == "ping":
            sub.send(live_message("pong", reply_to=reply_to))
        elif kind == "state":
            sub.send_state(game.state(seat), reply_to)
        elif kind == "action":
            service.actions.act_request(game, seat, message, Reply(sub, reply_to))
        else:
            raise malformed(sentence("server.message_type"))
    except WebError as error:
        out: dict[str, object] = error.to_json()
        if reply_to is not None:
            out["reply_to"] = reply_to
        sub.send(live_message("error", **out))
    except Exception:
        log.exception("a WebSocket message of match %s failed", game.id)
        sub.send(live_message("error", **WebError(500, "internal", sentence("server.internal")).to_json()))


def _drop(websocket: WebSocket, writer: asyncio.Task[None]) -> None:
    """Close a socket whose client reads nothing (1008), its writer task stopped (without a direct link)."""
    writer.cancel()
    log.info("a match socket's client read nothing of %d messages: dropped", SLOW_CLIENT_MESSAGES)
    background = asyncio.get_running_loop().create_task(_close(websocket, 1008))
    _closing.add(background)
    background.add_done_callback(_closing.discard)


_closing: set[asyncio.Task[None]] = set()
"""The tasks closing dropped sockets (held here so that they are not collected while they run)."""


async def _close(websocket: WebSocket, code: int) -> None:
    with contextlib.suppress(Exception):  # the client may be gone already
        await websocket.close(code=code)


async def _writer(websocket: WebSocket, sub: Subscriber) -> None:
    """Send the subscriber's queued messages in order until it is closed (without a direct link)."""
    assert sub.queue is not None
    while True:
        encoded = await sub.queue.get()
        if encoded is None:
            break
        if websocket.client_state != WebSocketState.CONNECTED:
            break
        try:
            await websocket.send_text(encoded.decode())
        except Exception:
            break
