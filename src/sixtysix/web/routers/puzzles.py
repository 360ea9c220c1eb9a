"""The Puzzles page's endpoints: puzzles from the player's view, answers judged by the server, a rating per browser.

The browser holds no rule and never the solution before it answers (docs/puzzles.md); a browser's
skill lives under a solver token (:class:`~sixtysix.web.puzzles_api.PuzzleStore`). docs/web-api.md,
"Puzzles", lists the endpoints.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Annotated

from fastapi import APIRouter, Depends, Request

from sixtysix.ai.puzzle_skill import PuzzleSkill, next_puzzle
from sixtysix.ai.puzzles import Puzzle, daily_puzzle, load_puzzles, puzzle_by_id
from sixtysix.core.actions import Action
from sixtysix.core.errors import InvalidActionError
from sixtysix.present.puzzle_words import answer_json, puzzle_json
from sixtysix.web.deps import StoreDep, bearer, body_schema, no_store, rate_limit, same_origin
from sixtysix.web.errors import WebError, malformed
from sixtysix.web.messages import sentence
from sixtysix.web.models import REFUSALS, AnswerRequest, PuzzleAnswered, PuzzleShown, Skill, Solver, SolverSkill
from sixtysix.web.puzzles_api import MAX_BODY, PuzzleStore, today

router = APIRouter(tags=["puzzles"], dependencies=[Depends(no_store)], responses=REFUSALS)

_rng = random.Random()
"""Chooses the next puzzle among those near a solver's rating."""


async def get_solvers(store: StoreDep) -> PuzzleStore:
    """The solvers' skills, in the app's database."""
    return PuzzleStore(store)


SolversDep = Annotated[PuzzleStore, Depends(get_solvers)]


async def get_puzzles() -> Sequence[Puzzle]:
    """The puzzles shipped with the package."""
    return load_puzzles()


PuzzlesDep = Annotated[Sequence[Puzzle], Depends(get_puzzles)]


class Found:
    """A solver token and its skill, as a request sent them."""

    def __init__(self, token: str, skill: PuzzleSkill) -> None:
        self.token = token
        self.skill = skill


async def solver(request: Request, solvers: SolversDep) -> Found | None:
    """The solver of the request's token; ``None`` without one (403 ``wrong_token`` for an unknown one)."""
    token = bearer(request.headers)
    if not token:
        return None
    skill = solvers.load(token)
    if skill is None:
        raise WebError(403, "wrong_token", sentence("server.unknown_solver"))
    return Found(token, skill)


SolverDep = Annotated[Found | None, Depends(solver)]


async def required_solver(found: SolverDep) -> Found:
    """The solver of the request's token; 401 ``unauthorized`` without one."""
    if found is None:
        raise WebError(401, "unauthorized", sentence("server.solver_required"))
    return found


async def puzzle_of(number: str, puzzles: PuzzlesDep) -> Puzzle:
    """Puzzle ``number``; 404 ``not_found`` if there is none."""
    if not number.isdigit() or len(number) > 6:
        raise WebError(404, "not_found", sentence("server.no_puzzle", number=number))
    try:
        return puzzle_by_id(int(number), puzzles)
    except KeyError:
        raise WebError(
            404, "not_found", sentence("server.puzzle_range", number=int(number), count=len(puzzles))
        ) from None


async def answer_body(request: Request) -> AnswerRequest:
    """An answer's body: a JSON object with an ``action`` string, at most :data:`MAX_BODY` bytes."""
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise WebError(413, "malformed", sentence("server.body_too_large", limit=MAX_BODY))
    try:
        body = json.loads(raw or b"{}")
    except (ValueError, UnicodeDecodeError):
        raise malformed(sentence("server.body_not_json")) from None
    if not isinstance(body, dict) or not isinstance(body.get("action"), str):
        raise malformed(sentence("server.answer_body"))
    return AnswerRequest.model_validate(body)


def skill_of(found: Found | None) -> Skill | None:
    return None if found is None else Skill.model_validate(found.skill.summary())


@router.post("/api/puzzles/solver", status_code=201, dependencies=[Depends(same_origin), Depends(rate_limit("solver"))])
async def create_solver(solvers: SolversDep) -> Solver:
    """A new solver token with a fresh skill (each solver is a row of the database: limited)."""
    return Solver(token=solvers.create(), skill=Skill.model_validate(PuzzleSkill().summary()))


@router.get("/api/puzzles/me")
async def get_me(found: Annotated[Found, Depends(required_solver)], puzzles: PuzzlesDep) -> SolverSkill:
    """The solver's skill, and how many puzzles there are."""
    return SolverSkill(skill=Skill.model_validate(found.skill.summary()), count=len(puzzles))


@router.get("/api/puzzles/daily")
async def get_daily(puzzles: PuzzlesDep, found: SolverDep) -> PuzzleShown:
    """Today's puzzle (by the server's UTC date, the same for everyone)."""
    day = today()
    return PuzzleShown(daily=day.isoformat(), puzzle=puzzle_json(daily_puzzle(day, puzzles)), skill=skill_of(found))


@router.get("/api/puzzles/next")
async def get_next(puzzles: PuzzlesDep, found: SolverDep) -> PuzzleShown:
    """A puzzle near the solver's rating that it has not attempted."""
    skill = found.skill if found is not None else PuzzleSkill()
    return PuzzleShown(daily=None, puzzle=puzzle_json(next_puzzle(skill, puzzles, _rng)), skill=skill_of(found))


@router.get("/api/puzzles/{number}")
async def get_puzzle(puzzle: Annotated[Puzzle, Depends(puzzle_of)], found: SolverDep) -> PuzzleShown:
    """Puzzle ``number``."""
    return PuzzleShown(daily=None, puzzle=puzzle_json(puzzle), skill=skill_of(found))


@router.post(
    "/api/puzzles/{number}/answer",
    dependencies=[Depends(rate_limit("answer"))],
    openapi_extra=body_schema(AnswerRequest),
)
async def post_answer(
    puzzle: Annotated[Puzzle, Depends(puzzle_of)],
    body: Annotated[AnswerRequest, Depends(answer_body)],
    request: Request,
    solvers: SolversDep,
    puzzles: PuzzlesDep,
) -> PuzzleAnswered:
    """An answer judged; with a token it counts for the solver (only a puzzle's first attempt moves the rating)."""
    try:
        answer = Action.parse(str(body.action))
    except InvalidActionError as error:
        raise malformed(sentence("server.answer_action", error=error)) from None
    if answer.token not in puzzle.values:
        legal = " ".join(puzzle.values)
        raise WebError(409, "illegal_action", sentence("server.puzzle_illegal", answer=answer, legal=legal))
    found = await solver(request, solvers)  # after the answer is read: a bad answer is refused first
    data = answer_json(puzzle, answer)
    data["change"] = 0.0
    if found is not None:
        daily = today() if body.daily and daily_puzzle(today(), puzzles).id == puzzle.id else None
        data["change"] = round(found.skill.record(puzzle.id, puzzle.rating, bool(data["correct"]), daily), 1)
        solvers.save(found.token, found.skill)
    data["skill"] = skill_of(found)
    return PuzzleAnswered.model_validate(data)
