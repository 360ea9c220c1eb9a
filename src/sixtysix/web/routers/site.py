"""The site's endpoints that are no match's: the lobby's meta, the page's words, the rules pages, and the
operator's health, readiness and metrics (docs/web-api.md, docs/deploy.md).

:data:`fallback` answers every other ``/api/`` path with a JSON ``404 not_found``: the app includes
it after every other router (before the page's files at ``/``).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST

from sixtysix.present.words import LANGUAGES, page_words
from sixtysix.web.deps import NO_STORE, LimitsDep, SeatDep, ServiceDep, no_store
from sixtysix.web.errors import WebError, not_found
from sixtysix.web.health import unready
from sixtysix.web.messages import sentence
from sixtysix.web.meta import meta
from sixtysix.web.middleware import allowed
from sixtysix.web.models import REFUSALS, Health, Meta, RulesPage, Words
from sixtysix.web.rules import language, preset_rules, rules_page

router = APIRouter(tags=["site"], responses=REFUSALS)


@router.get("/api/meta", dependencies=[Depends(no_store)])
async def get_meta() -> Meta:
    """What the lobby needs: presets, languages, options, levels, defaults."""
    return Meta.model_validate(meta())


@router.get("/api/words/{lang}", response_model=Words)
async def get_words(lang: str) -> JSONResponse:
    """The page's words in ``lang`` (:mod:`sixtysix.present.words`): the same for every player, so cacheable."""
    if lang not in LANGUAGES:
        raise WebError(404, "not_found", sentence("server.no_language", lang=lang))
    return JSONResponse(page_words(lang), headers={"Cache-Control": "public, max-age=3600"})


@router.get("/api/rules", dependencies=[Depends(no_store)])
async def get_rules(preset: str | None = None, lang: str | None = None) -> RulesPage:
    """The rules page of a preset (default ``seed66``) in ``lang`` (default ``en``)."""
    return RulesPage.model_validate(rules_page(preset_rules(preset), language(lang)))


@router.get("/api/matches/{match_id}/rules", dependencies=[Depends(no_store)])
async def get_match_rules(at: SeatDep, lang: str | None = None) -> RulesPage:
    """The rules page of a match, with its options, in ``lang``."""
    return RulesPage.model_validate(rules_page(at.game.match.rules, language(lang)))


@router.get("/healthz", tags=["operator"], response_model_exclude_unset=True, dependencies=[Depends(no_store)])
async def healthz() -> Health:
    """The process answers (it touches nothing, not even the database)."""
    return Health(status="ok")


@router.get("/readyz", tags=["operator"], response_model=Health, responses={503: {"model": Health}})
async def readyz(service: ServiceDep) -> JSONResponse:
    """The server can serve: its database, its analysis pool, its background tasks; else 503 with the reasons."""
    reasons = unready(service)
    if reasons:
        return JSONResponse({"status": "unready", "reasons": reasons}, status_code=503, headers=NO_STORE)
    return JSONResponse({"status": "ready"}, headers=NO_STORE)


@router.get(
    "/metrics",
    tags=["operator"],
    response_class=Response,
    responses={200: {"content": {CONTENT_TYPE_LATEST: {}}, "description": "Prometheus's text format"}},
)
async def get_metrics(request: Request, service: ServiceDep, limits: LimitsDep) -> Response:
    """Prometheus's metrics, to the addresses of ``--metrics-allow-ips`` only (others: the 404 of an unknown page)."""
    if not allowed(request.client.host if request.client else "", limits.metrics_allow_ips):
        raise not_found(sentence("server.no_page"))
    return Response(service.metrics.text(), media_type=CONTENT_TYPE_LATEST, headers=NO_STORE)


fallback = APIRouter()


@fallback.api_route("/api/{rest:path}", methods=["GET", "POST", "PUT", "DELETE", "PATCH"], include_in_schema=False)
async def unknown_api(rest: str) -> Any:
    """Any other ``/api/`` path: ``404 not_found`` (as JSON, not the page)."""
    raise WebError(404, "not_found", sentence("server.no_endpoint", rest=rest))
