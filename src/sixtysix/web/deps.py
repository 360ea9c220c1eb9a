"""The FastAPI dependencies of the web app's routers: the service and its database, the seat, the limits, the body.

Each router (:mod:`sixtysix.web.routers`) asks for what it needs by type, and FastAPI resolves it
per request, in the order the parameters are declared (so that a refusal comes in the order
docs/web-api.md gives: origin, rate limit, seat, body)::

    @router.post("/api/matches/{match_id}/actions")
    async def post_action(at: SeatDep, service: ServiceDep, body: ActionBody) -> Acted: ...

* :data:`ServiceDep`, :data:`StoreDep`, :data:`LimitsDep`: the app's one
  :class:`~sixtysix.web.service.Service`, its :class:`~sixtysix.web.store.Store` (the database) and
  its :class:`~sixtysix.web.limits.Limits`, kept in ``app.state`` by :func:`sixtysix.web.app.create_app`.
* :data:`SeatDep`: the match and the seat of the request's seat token (``Authorization: Bearer``, or
  ``?token=`` for a download link): 401, 404 or 403 otherwise.
* :func:`rate_limit` and :func:`same_origin`: the limits of docs/web.md, as route dependencies.
* :func:`json_body`: the body as a request model, read as it always was: any content type, an empty
  body an empty object, and the precise refusals of a body that is not JSON or not an object.

Every dependency is ``async``: it runs on the event loop, as everything that touches a match must
(FastAPI runs a plain function in a thread of its pool).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping
from typing import Annotated, Any, NamedTuple, TypeVar

from fastapi import Depends, Request, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel
from starlette.requests import HTTPConnection

from sixtysix.web.errors import malformed
from sixtysix.web.limits import Limits, check_origin
from sixtysix.web.matches import Game
from sixtysix.web.messages import sentence
from sixtysix.web.service import Service
from sixtysix.web.store import Store

Model = TypeVar("Model", bound=BaseModel)

NO_STORE = {"Cache-Control": "no-store"}
"""The header of every answer that is one player's (never kept by a cache)."""


async def get_service(connection: HTTPConnection) -> Service:
    """The app's service (an HTTP request or a WebSocket)."""
    service: Service = connection.app.state.service
    return service


ServiceDep = Annotated[Service, Depends(get_service)]


async def get_store(service: ServiceDep) -> Store:
    """The app's database."""
    return service.store


StoreDep = Annotated[Store, Depends(get_store)]


async def get_limits(service: ServiceDep) -> Limits:
    """The app's limits (rates, origins, the metrics' addresses)."""
    return service.limits


LimitsDep = Annotated[Limits, Depends(get_limits)]


def bearer(headers: Mapping[str, str]) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header, if there is one.

    >>> bearer({"authorization": "Bearer abc"}), bearer({"authorization": "Basic abc"})
    ('abc', None)
    """
    header = headers.get("authorization", "")
    if header[:7].lower() == "bearer " and header[7:].strip():
        return header[7:].strip()
    return None


_bearer_scheme = HTTPBearer(auto_error=False, description="A seat token (or a puzzle solver's token).")
"""The token's place in the OpenAPI schema; the token itself is read by :func:`bearer`."""


async def seat_token(
    request: Request, _scheme: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer_scheme)]
) -> str | None:
    """The request's seat token: its ``Authorization: Bearer`` header, else ``?token=`` (a download link)."""
    return bearer(request.headers) or request.query_params.get("token") or None


class SeatAt(NamedTuple):
    """A match and one of its seats: the one whose token the request carries."""

    game: Game
    seat: int


async def seat_of(match_id: str, service: ServiceDep, token: Annotated[str | None, Depends(seat_token)]) -> SeatAt:
    """The match ``match_id`` and the token's seat in it; 401, 404 or 403 otherwise."""
    return SeatAt(*service.authenticate(match_id, token))


SeatDep = Annotated[SeatAt, Depends(seat_of)]


def client_of(connection: HTTPConnection) -> str:
    """The client's address (the proxy's ``X-Forwarded-For`` where it is trusted, by uvicorn)."""
    return connection.client.host if connection.client else "unknown"


def rate_limit(kind: str) -> Callable[[Request, Service], Awaitable[None]]:
    """A dependency that takes one request of ``kind`` from the client's rate limit (429 past it)."""

    async def limited(request: Request, service: ServiceDep) -> None:
        service.limiter.check(kind, client_of(request))

    return limited


async def same_origin(request: Request, limits: LimitsDep) -> None:
    """Refuse (403 ``cross_origin``) a request another site's page sent (docs/web.md, "Limits")."""
    check_origin(request.headers, limits.trusted_origins)


async def no_store(response: Response) -> None:
    """The answer is one player's: never kept by a cache."""
    response.headers.update(NO_STORE)


async def read_json(request: Request) -> dict[str, Any]:
    """The request's body as a JSON object; an empty body is ``{}`` (400 ``malformed`` if not JSON or not an object)."""
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


def json_body(model: type[Model]) -> Callable[[Request], Awaitable[Model]]:
    """A dependency: the body as ``model`` (whose fields take any JSON: each is checked where it is used, with
    its precise refusal, docs/web-api.md)."""

    async def body(request: Request) -> Model:
        return model.model_validate(await read_json(request))

    return body


def body_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The ``openapi_extra`` of an endpoint whose body :func:`json_body` reads: ``model`` as its request body."""
    schema = {"content": {"application/json": {"schema": model.model_json_schema()}}, "required": False}
    return {"requestBody": schema}
