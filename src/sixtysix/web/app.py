"""The ASGI app of ``sixtysix serve``: the JSON API, the WebSocket and the static page.

:func:`create_app` builds a FastAPI app around one :class:`~sixtysix.web.service.Service`
and one database (SQLite or PostgreSQL). The API is specified in docs/web-api.md; every refusal is a JSON
error object (:class:`~sixtysix.web.errors.WebError`). The page's files are served from
``static/`` at ``/``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Callable, Mapping
from pathlib import Path
from typing import Any

import orjson
from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect, WebSocketState

from sixtysix.present.state import invitation_json
from sixtysix.present.words import LANGUAGES, page_words
from sixtysix.web.account_api import account_router
from sixtysix.web.errors import WebError, malformed
from sixtysix.web.fairness import client_seed
from sixtysix.web.game import Game
from sixtysix.web.headers import SECURITY_HEADERS, SecurityHeaders
from sixtysix.web.health import health_router
from sixtysix.web.limits import MAX_BODY, BodyLimit, Limits, check_origin
from sixtysix.web.live import DIRECT, SLOW_CLIENT_MESSAGES, DirectLink, Subscriber
from sixtysix.web.live import message as live_message
from sixtysix.web.lobby_api import lobby_router
from sixtysix.web.logs import protect_logs
from sixtysix.web.logsetup import RequestIds
from sixtysix.web.messages import sentence
from sixtysix.web.meta import meta
from sixtysix.web.metrics import MetricsMiddleware, metrics_router
from sixtysix.web.puzzles_api import puzzle_router
from sixtysix.web.rules import language, preset_rules, rules_page
from sixtysix.web.servertime import ServerTime
from sixtysix.web.service import Service
from sixtysix.web.store import Store

STATIC = Path(__file__).parent / "static"
CLOSE_CODES = {401: 4401, 403: 4403, 404: 4404, 410: 4410}
AUTH_SECONDS = 10.0
"""How long a new WebSocket may take to send its ``auth`` message."""

log = logging.getLogger("sixtysix.web")


def create_app(
    db_path: str | Path = "sixtysix.sqlite3",
    *,
    think: float = 0.5,
    review_seconds: float | None = None,
    review_worlds: int | None = None,
    computer_delay: float = 0.0,
    workers: int = 2,
    seed: int | None = None,
    hint_budget: Any = None,
    static_dir: str | Path | None = None,
    move_seconds: float = 60.0,
    grace_seconds: float = 120.0,
    limits: Limits | None = None,
    server_time: ServerTime | None = None,
    analysis: str = "inline",
) -> FastAPI:
    """The web app on the database ``db_path``: an SQLite file (created if missing) or a PostgreSQL URL.

    ``think``: seconds per decision of the level-5 computer; ``review_seconds`` /
    ``review_worlds``: the analysis budget per decision of a review (neither: the analysis's
    default, at most 10 s, most decisions settle far sooner); ``computer_delay``:
    seconds the computer waits before each move; ``workers``: threads for the slow computer
    levels, hints and reviews; ``seed``: makes the shuffles reproducible (tests);
    ``hint_budget``: a :class:`~sixtysix.ai.analysis.Budget` for hints (default half a second);
    ``move_seconds`` / ``grace_seconds``: the move clock between people and the grace period
    after it before a match may be claimed from a seat that is gone (docs/web.md).
    ``limits``: rate limits, analysis queue, idle and expiry times, trusted origins
    (:class:`~sixtysix.web.limits.Limits`; default: those of ``sixtysix serve``). Hints and reviews
    have a process of their own. ``server_time``: the clocks the move clock, expiry and idle
    matches read (:class:`~sixtysix.web.servertime.ServerTime`; the tests move them on). ``analysis``:
    ``inline`` (hints and reviews in the server's own processes) or ``queue`` (jobs for ``sixtysix worker``
    processes, :mod:`sixtysix.web.jobs`).
    """
    protect_logs()
    limits = limits or Limits()
    store = Store(db_path)
    service = Service(
        store,
        think=think,
        review_seconds=review_seconds,
        review_worlds=review_worlds,
        computer_delay=computer_delay,
        workers=workers,
        seed=seed,
        hint_budget=hint_budget,
        move_seconds=move_seconds,
        grace_seconds=grace_seconds,
        limits=limits,
        server_time=server_time,
        analysis=analysis,
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        service.start()
        try:
            yield
        finally:
            await service.stop()
            store.close()

    app = FastAPI(title="sixtysix", version="1", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.service = service
    app.add_middleware(BodyLimit)  # inside the headers' middleware: a 413 carries them too
    app.add_middleware(SecurityHeaders)
    app.add_middleware(MetricsMiddleware, metrics=service.metrics)  # outside: it sees every answer's status
    app.add_middleware(RequestIds)  # outermost: the ids are set for every log line of a request

    @app.exception_handler(WebError)
    async def web_error(request: Request, error: WebError) -> JSONResponse:
        headers = {"Cache-Control": "no-store", **error.headers}
        return JSONResponse(error.to_json(), status_code=error.status, headers=headers)

    @app.exception_handler(Exception)
    async def server_error(request: Request, error: Exception) -> JSONResponse:
        # why: this answer is sent outside the middleware, so it carries the security headers itself
        failed = WebError(500, "internal", sentence("server.internal"))
        return JSONResponse(
            failed.to_json(), status_code=500, headers={"Cache-Control": "no-store", **SECURITY_HEADERS}
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        code = {404: "not_found", 405: "malformed"}.get(error.status_code, "malformed")
        message = (
            sentence("server.no_page") if error.status_code == 404 else sentence("server.http", detail=error.detail)
        )
        return JSONResponse(WebError(error.status_code, code, message).to_json(), status_code=error.status_code)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse(malformed(sentence("server.malformed_request")).to_json(), status_code=400)

    # -- helpers -------------------------------------------------------------------------------

    async def body_of(request: Request) -> dict[str, Any]:
        raw = await request.body()  # at most MAX_BODY bytes: BodyLimit refuses more while it streams
        if not raw.strip():
            return {}
        try:
            body = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            raise malformed(sentence("server.body_not_json")) from None
        if not isinstance(body, dict):
            raise malformed(sentence("server.body_not_object"))
        return body

    def token_of(request: Request) -> str | None:
        return bearer(request.headers) or request.query_params.get("token") or None

    def seat_of(request: Request, match_id: str) -> tuple[Game, int]:
        return service.authenticate(match_id, token_of(request))

    def client_of(request: Request) -> str:
        return request.client.host if request.client else "unknown"

    def no_store(data: object, status: int = 200) -> JSONResponse:
        return JSONResponse(data, status_code=status, headers={"Cache-Control": "no-store"})

    def check_seat(body: dict[str, Any], seat: int) -> None:
        named = body.get("seat")
        if named is not None and named != seat:
            raise WebError(403, "other_seat", sentence("server.other_seat", seat=seat, named=named))

    # -- the API ---------------------------------------------------------------------------------

    @app.get("/api/meta")
    async def get_meta() -> JSONResponse:
        return no_store(meta())

    @app.get("/api/words/{lang}")
    async def get_words(lang: str) -> JSONResponse:
        # the page's words (sixtysix.present.words): the same for every player, so cacheable
        if lang not in LANGUAGES:
            raise WebError(404, "not_found", sentence("server.no_language", lang=lang))
        return JSONResponse(page_words(lang), headers={"Cache-Control": "public, max-age=3600"})

    @app.get("/api/rules")
    async def get_rules(request: Request) -> JSONResponse:
        rules = preset_rules(request.query_params.get("preset"))
        return no_store(rules_page(rules, language(request.query_params.get("lang"))))

    @app.post("/api/matches")
    async def create_match(request: Request) -> JSONResponse:
        check_origin(request.headers, limits.trusted_origins)
        service.limiter.check("create", client_of(request))
        body = await body_of(request)
        game, seat, token, codes = service.create(body)
        # the invitation codes, shown this once: the store keeps only their hashes
        invites = [invitation_json(s, code) for s, code in sorted(codes.items())]
        answer = {"match_id": game.id, "seat": seat, "token": token, "state": game.state(seat)}
        return no_store(answer | {"invite": invites[0] if invites else None, "invites": invites}, 201)

    @app.get("/api/invitations/{code}")
    async def get_invitation(code: str) -> JSONResponse:
        return no_store(service.invitation(code))

    @app.post("/api/join")
    async def join(request: Request) -> JSONResponse:
        check_origin(request.headers, limits.trusted_origins)
        service.limiter.check("join", client_of(request))
        body = await body_of(request)
        game, seat, token = service.join(body)
        return no_store({"match_id": game.id, "seat": seat, "token": token, "state": game.state(seat)}, 201)

    @app.get("/api/matches/{match_id}")
    async def get_state(request: Request, match_id: str) -> JSONResponse:
        game, seat = seat_of(request, match_id)
        return no_store(game.state(seat))

    @app.post("/api/matches/{match_id}/actions")
    async def post_action(request: Request, match_id: str) -> JSONResponse:
        game, seat = seat_of(request, match_id)
        body = await body_of(request)
        check_seat(body, seat)
        if "action" not in body:
            raise malformed(sentence("server.action_required"))
        version = service.act(game, seat, body["action"], body.get("version"), client_seed=body.get("client_seed"))
        return no_store({"ok": True, "version": version, "state": game.state(seat)})

    @app.post("/api/matches/{match_id}/rematch")
    async def post_rematch(request: Request, match_id: str) -> JSONResponse:
        check_origin(request.headers, limits.trusted_origins)
        service.limiter.check("create", client_of(request))
        game, seat = seat_of(request, match_id)
        new, token = service.rematch(game, seat, client_seed(await body_of(request)))
        state = game.state(seat)
        body: dict[str, object] = {"match_id": new.id, "rematch": state["rematch"]}
        if token is not None:
            body.update(seat=seat, token=token, state=new.state(seat))
        return no_store(body, 201 if token is not None else 200)

    @app.get("/api/matches/{match_id}/rules")
    async def get_match_rules(request: Request, match_id: str) -> JSONResponse:
        game, _ = seat_of(request, match_id)
        return no_store(rules_page(game.match.rules, language(request.query_params.get("lang"))))

    @app.get("/api/matches/{match_id}/hint")
    async def get_hint(request: Request, match_id: str) -> JSONResponse:
        service.limiter.check("hint", client_of(request))
        game, seat = seat_of(request, match_id)
        return no_store(await service.hint(game, seat))

    @app.get("/api/matches/{match_id}/hint/progress")
    async def get_hint_progress(request: Request, match_id: str) -> JSONResponse:
        game, seat = seat_of(request, match_id)
        return no_store(service.hint_progress(game, seat))

    @app.get("/api/matches/{match_id}/deals/{number}/review")
    async def get_review(request: Request, match_id: str, number: str) -> JSONResponse:
        service.limiter.check("review", client_of(request))
        game, seat = seat_of(request, match_id)
        if not number.isdigit() or len(number) > 6:
            raise WebError(404, "not_found", sentence("server.no_deal", number=number))
        return no_store(await service.review(game, seat, int(number)))

    @app.get("/api/matches/{match_id}/deals/{number}/review/progress")
    async def get_review_progress(request: Request, match_id: str, number: str) -> JSONResponse:
        game, _ = seat_of(request, match_id)
        if not number.isdigit() or len(number) > 6:
            raise WebError(404, "not_found", sentence("server.no_deal", number=number))
        return no_store(service.review_progress(game, int(number)))

    @app.get("/api/matches/{match_id}/record")
    async def get_record(request: Request, match_id: str) -> PlainTextResponse:
        game, _ = seat_of(request, match_id)
        return PlainTextResponse(
            service.record_text(game),
            headers={
                "Content-Disposition": f'attachment; filename="sixtysix-{game.id}.66r"',
                "Cache-Control": "no-store",
            },
        )

    @app.post("/api/commitments")
    async def post_commitment(request: Request) -> JSONResponse:
        service.limiter.check("commitment", client_of(request))
        return no_store(service.commitment(), 201)

    @app.post("/api/verify")
    async def post_verify(request: Request) -> JSONResponse:
        service.limiter.check("verify", client_of(request))
        return no_store(service.verify(await body_of(request)))

    @app.post("/api/history")
    async def post_history(request: Request) -> JSONResponse:
        service.limiter.check("history", client_of(request))
        return no_store(service.history(await body_of(request)))

    app.include_router(health_router(service))  # /healthz, /readyz (docs/deploy.md)
    app.include_router(metrics_router(service.metrics, limits.metrics_allow_ips))  # /metrics
    app.include_router(
        puzzle_router(store, service.limiter, limits.trusted_origins)
    )  # the Puzzles page (before the catch-all below)
    app.include_router(account_router(service))  # accounts, ratings, the leaderboard (docs/online.md)
    app.include_router(lobby_router(service))  # seeks, challenges, the house bots (docs/online.md, "The lobby")

    @app.api_route("/api/{rest:path}", methods=["GET", "POST", "PUT", "DELETE", "PATCH"])
    async def unknown_api(rest: str) -> JSONResponse:
        raise WebError(404, "not_found", sentence("server.no_endpoint", rest=rest))

    # -- the WebSocket -----------------------------------------------------------------------------

    @app.websocket("/ws/matches/{match_id}")
    async def socket(websocket: WebSocket, match_id: str) -> None:
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
            _handle(service, service.games.get(match_id, game), seat, sub, text)

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

    static = Path(static_dir) if static_dir is not None else STATIC
    app.mount("/", StaticFiles(directory=str(static), html=True, check_dir=False), name="static")
    return app


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


def bearer(headers: Mapping[str, str]) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header, if there is one.

    >>> bearer({"authorization": "Bearer abc"}), bearer({"authorization": "Basic abc"})
    ('abc', None)
    """
    header = headers.get("authorization", "")
    if header[:7].lower() == "bearer " and header[7:].strip():
        return header[7:].strip()
    return None


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
            named = message.get("seat")
            if named is not None and named != seat:
                raise WebError(403, "other_seat", sentence("server.other_seat", seat=seat, named=named))
            if "action" not in message:
                raise malformed(sentence("server.action_required"))
            service.act(
                game,
                seat,
                message["action"],
                message.get("version"),
                origin=sub,
                reply_to=reply_to,
                client_seed=message.get("client_seed"),
            )
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
