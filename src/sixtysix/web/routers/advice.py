"""Hints and reviews: the computer's advice at a seat's decision, and the review of a finished deal.

Both run in the analysis processes (or the analysis queue's workers, :mod:`sixtysix.web.review`);
their progress endpoints are polled by the page while they run (docs/web-api.md).
"""

from __future__ import annotations

from fastapi import APIRouter, Depends

from sixtysix.web.deps import SeatDep, ServiceDep, no_store, rate_limit
from sixtysix.web.errors import WebError
from sixtysix.web.messages import sentence
from sixtysix.web.models import REFUSALS, Hint, HintProgress, Review, ReviewProgress

router = APIRouter(tags=["advice"], dependencies=[Depends(no_store)], responses=REFUSALS)


def deal_number(number: str) -> int:
    """A deal's number in a path; 404 for anything but a whole number of at most 6 digits."""
    if not number.isdigit() or len(number) > 6:
        raise WebError(404, "not_found", sentence("server.no_deal", number=number))
    return int(number)


@router.get(
    "/api/matches/{match_id}/hint", response_model_exclude_unset=True, dependencies=[Depends(rate_limit("hint"))]
)
async def get_hint(at: SeatDep, service: ServiceDep) -> Hint:
    """The computer's advice at this seat's decision, in matches with hints."""
    return Hint.model_validate(await service.hint(at.game, at.seat))


@router.get("/api/matches/{match_id}/hint/progress")
async def get_hint_progress(at: SeatDep, service: ServiceDep) -> HintProgress:
    """How far the hint of this seat's decision is (ready, running, its place in the queue)."""
    return HintProgress.model_validate(service.hint_progress(at.game, at.seat))


@router.get("/api/matches/{match_id}/deals/{number}/review", dependencies=[Depends(rate_limit("review"))])
async def get_review(number: str, at: SeatDep, service: ServiceDep) -> Review:
    """The review of a finished deal: every decision with a choice, analysed (docs/web-api.md, "Review")."""
    return Review.model_validate(await service.review(at.game, at.seat, deal_number(number)))


@router.get("/api/matches/{match_id}/deals/{number}/review/progress")
async def get_review_progress(number: str, at: SeatDep, service: ServiceDep) -> ReviewProgress:
    """How far the review of a deal is (its decisions analysed so far, its faults, its place in the queue)."""
    return ReviewProgress.model_validate(service.review_progress(at.game, deal_number(number)))
