"""The ASGI app of ``sixtysix serve``: the JSON API, the WebSocket and the static page, assembled.

:func:`create_app` builds one :class:`~sixtysix.web.service.Service` on one database (SQLite or
PostgreSQL), keeps it in ``app.state`` for the dependencies (:mod:`sixtysix.web.deps`), adds the
middleware, and includes the routers of :data:`ROUTERS` (:mod:`sixtysix.web.routers`, one per
area). The API is specified in docs/web-api.md and its OpenAPI schema served at :data:`OPENAPI_URL`;
every refusal is a JSON error object (:class:`~sixtysix.web.errors.WebError`). The page's files are
served from ``static/`` at ``/``.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from sixtysix.web import watch
from sixtysix.web.account_api import account_router
from sixtysix.web.accounts import Accounts
from sixtysix.web.bot_api import bot_router
from sixtysix.web.errors import WebError, malformed
from sixtysix.web.limits import Limits
from sixtysix.web.lobby import Lobby
from sixtysix.web.lobby_api import lobby_router
from sixtysix.web.logs import protect_logs
from sixtysix.web.messages import sentence
from sixtysix.web.middleware import (
    SECURITY_HEADERS,
    BodyLimit,
    MetricsMiddleware,
    RequestIds,
    SecurityHeaders,
    ServerTime,
)
from sixtysix.web.models import REFUSALS
from sixtysix.web.ratings import Ratings
from sixtysix.web.routers import advice, matches, puzzles, site, sockets
from sixtysix.web.service import Service
from sixtysix.web.store import Store

STATIC = Path(__file__).parent / "static"
API_VERSION = "1"
OPENAPI_URL = "/api/openapi.json"
"""Where the OpenAPI schema of the JSON API is served (tests/web/test_openapi.py checks it against docs/web-api.md)."""

ROUTERS: tuple[APIRouter, ...] = (
    site.router,
    matches.router,
    advice.router,
    puzzles.router,
    sockets.router,
    watch.router,
)
"""The routers of the app, one per area (:mod:`sixtysix.web.routers`): a new area adds its own here."""


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
    matches read (:class:`~sixtysix.web.middleware.ServerTime`; the tests move them on). ``analysis``:
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

    app = FastAPI(
        title="sixtysix",
        summary="The card game 66 and Schnapsen: the web app's JSON API (docs/web-api.md)",
        version=API_VERSION,
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url=OPENAPI_URL,
    )
    app.state.service = service  # what the dependencies give the routers (sixtysix.web.deps)
    app.add_middleware(BodyLimit)  # inside the headers' middleware: a 413 carries them too
    app.add_middleware(SecurityHeaders)
    app.add_middleware(MetricsMiddleware, metrics=service.metrics)  # outside: it sees every answer's status
    app.add_middleware(RequestIds)  # outermost: the ids are set for every log line of a request
    answer_errors(app)
    for router in ROUTERS:
        app.include_router(router)
    # accounts, ratings, the leaderboard, the lobby (docs/online.md): routers built on the app's service and
    # its one Ratings (two would each rate every match that ends)
    accounts, ratings = Accounts(store), Ratings(store)
    app.include_router(account_router(service, accounts, ratings), responses=REFUSALS)
    lobby = Lobby(service, accounts, ratings)
    app.include_router(lobby_router(service, accounts, ratings, lobby), responses=REFUSALS)  # seeks, challenges
    app.include_router(bot_router(service, accounts, lobby), responses=REFUSALS)  # bot accounts, tokens, /ws/bot
    app.include_router(site.fallback)  # after every router: any other /api/ path is a JSON 404
    static = Path(static_dir) if static_dir is not None else STATIC
    app.mount("/", StaticFiles(directory=str(static), html=True, check_dir=False), name="static")
    return app


def answer_errors(app: FastAPI) -> None:
    """Every refusal as the JSON error object of docs/web-api.md, "Errors" (:class:`~sixtysix.web.errors.WebError`)."""

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
