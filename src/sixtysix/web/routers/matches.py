"""The matches' endpoints: creating and joining, the state, actions, the rematch, the record, fairness, history.

Each endpoint is one call of :class:`~sixtysix.web.service.Service`; what it needs (the seat of the
token, the limits, the body) comes from :mod:`sixtysix.web.deps`, what it answers is a model of
:mod:`sixtysix.web.models` (docs/web-api.md, "Endpoints").
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Response
from fastapi.responses import PlainTextResponse

from sixtysix.present.state import invitation_json
from sixtysix.web.deps import (
    NO_STORE,
    SeatDep,
    ServiceDep,
    body_schema,
    json_body,
    no_store,
    rate_limit,
    same_origin,
)
from sixtysix.web.fairness import client_seed
from sixtysix.web.models import (
    REFUSALS,
    Acted,
    ActionRequest,
    Commitment,
    CreateMatchRequest,
    History,
    HistoryRequest,
    Invitation,
    Invite,
    JoinRequest,
    MatchCreated,
    Rematch,
    RematchRequest,
    SeatTaken,
    State,
    Verified,
    VerifyRequest,
)

router = APIRouter(tags=["matches"], dependencies=[Depends(no_store)], responses=REFUSALS)

CreateMatchBody = Annotated[CreateMatchRequest, Depends(json_body(CreateMatchRequest))]
JoinBody = Annotated[JoinRequest, Depends(json_body(JoinRequest))]
ActionBody = Annotated[ActionRequest, Depends(json_body(ActionRequest))]
RematchBody = Annotated[RematchRequest, Depends(json_body(RematchRequest))]
VerifyBody = Annotated[VerifyRequest, Depends(json_body(VerifyRequest))]
HistoryBody = Annotated[HistoryRequest, Depends(json_body(HistoryRequest))]
"""The bodies, read by :func:`~sixtysix.web.deps.json_body`."""


@router.post(
    "/api/matches",
    status_code=201,
    dependencies=[Depends(same_origin), Depends(rate_limit("create"))],
    openapi_extra=body_schema(CreateMatchRequest),
)
async def create_match(service: ServiceDep, body: CreateMatchBody) -> MatchCreated:
    """Create a match; the invitation codes are shown this once (the store keeps only their hashes)."""
    game, seat, token, codes = service.create(body.fields())
    invites = [Invite.model_validate(invitation_json(s, code)) for s, code in sorted(codes.items())]
    return MatchCreated(
        match_id=game.id,
        seat=seat,
        token=token,
        state=game.state(seat),
        invite=invites[0] if invites else None,
        invites=invites,
    )


@router.get("/api/invitations/{code}")
async def get_invitation(code: str, service: ServiceDep) -> Invitation:
    """Who invites to what, and whether the seat is still open."""
    return Invitation.model_validate(service.invitation(code))


@router.post(
    "/api/join",
    status_code=201,
    dependencies=[Depends(same_origin), Depends(rate_limit("join"))],
    openapi_extra=body_schema(JoinRequest),
)
async def join(service: ServiceDep, body: JoinBody) -> SeatTaken:
    """Take the invitation's seat, once."""
    game, seat, token = service.join(body.fields())
    return SeatTaken(match_id=game.id, seat=seat, token=token, state=game.state(seat))


@router.get("/api/matches/{match_id}")
async def get_state(at: SeatDep) -> State:
    """The seat state of the token's seat (docs/web-api.md, "The seat state")."""
    return at.game.state(at.seat)


@router.post("/api/matches/{match_id}/actions", openapi_extra=body_schema(ActionRequest))
async def post_action(at: SeatDep, service: ServiceDep, body: ActionBody) -> Acted:
    """A person's action, checked by the engine and stored; every socket of the match gets the new state."""
    version = service.actions.act_request(at.game, at.seat, body.fields())
    return Acted(ok=True, version=version, state=at.game.state(at.seat))


@router.post(
    "/api/matches/{match_id}/rematch",
    status_code=201,
    response_model_exclude_unset=True,
    dependencies=[Depends(same_origin), Depends(rate_limit("create"))],
    openapi_extra=body_schema(RematchRequest),
)
async def post_rematch(
    at: SeatDep,
    service: ServiceDep,
    response: Response,
    body: RematchBody,
) -> Rematch:
    """The rematch of a finished match: 201 with the seat's token in it (once), 200 without for a seat seated."""
    new, token = service.rematch(at.game, at.seat, client_seed(body.fields()))
    answer = Rematch.model_validate({"match_id": new.id, "rematch": at.game.state(at.seat)["rematch"]})
    if token is None:
        response.status_code = 200
        return answer
    answer.seat, answer.token, answer.state = at.seat, token, new.state(at.seat)
    return answer


@router.get(
    "/api/matches/{match_id}/record",
    response_class=PlainTextResponse,
    responses={200: {"content": {"text/plain": {}}, "description": "the match's 66R record"}},
)
async def get_record(at: SeatDep, service: ServiceDep) -> PlainTextResponse:
    """The match's finished deals as a 66R record, to download."""
    disposition = f'attachment; filename="sixtysix-{at.game.id}.66r"'
    return PlainTextResponse(service.record_text(at.game), headers={"Content-Disposition": disposition, **NO_STORE})


@router.post("/api/commitments", status_code=201, dependencies=[Depends(rate_limit("commitment"))])
async def post_commitment(service: ServiceDep) -> Commitment:
    """A first deal's commitment and its ticket, before the match exists (docs/fairness.md)."""
    return Commitment.model_validate(service.commitment())


@router.post("/api/verify", dependencies=[Depends(rate_limit("verify"))], openapi_extra=body_schema(VerifyRequest))
async def post_verify(service: ServiceDep, body: VerifyBody) -> Verified:
    """Every deal of a pasted record checked against its seeds."""
    return Verified.model_validate(service.verify(body.fields()))


@router.post("/api/history", dependencies=[Depends(rate_limit("history"))], openapi_extra=body_schema(HistoryRequest))
async def post_history(service: ServiceDep, body: HistoryBody) -> History:
    """A browser's matches and statistics, by the seat tokens it holds."""
    return History.model_validate(service.history(body.fields()))
