"""The Puzzles page's API: puzzles from the player's view, answers judged by the server, a rating per browser.

The browser holds no rule and never the solution before it answers: it receives the player's
view of the position and the legal actions (:func:`~sixtysix.present.puzzle_words.puzzle_json`), posts
its answer, and gets the verdict, the values of every action and the solution line
(:func:`~sixtysix.present.puzzle_words.answer_json`). A browser keeps its puzzle rating and streaks
under a solver token (``POST /api/puzzles/solver``), stored hashed like the seat tokens, the
skill itself in the ``puzzle_solvers`` table of the app's database. docs/web-api.md lists the
endpoints.

>>> store = PuzzleStore(Store(":memory:"))
>>> token = store.create()
>>> skill = store.load(token)
>>> skill.record(1, 1200, solved=True) > 0
True
>>> store.save(token, skill)
>>> store.load(token).solved
1
>>> store.load("no such token") is None
True
"""

from __future__ import annotations

import datetime
import json
import random
import secrets
import time

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import insert, select, update

from sixtysix.ai.puzzle_skill import PuzzleSkill, next_puzzle
from sixtysix.ai.puzzles import Puzzle, daily_puzzle, load_puzzles, puzzle_by_id
from sixtysix.core.actions import Action
from sixtysix.core.errors import InvalidActionError
from sixtysix.present.puzzle_words import answer_json, puzzle_json
from sixtysix.web.errors import WebError, malformed
from sixtysix.web.limits import RateLimiter, check_origin
from sixtysix.web.messages import sentence
from sixtysix.web.schema import puzzle_solvers as SOLVERS
from sixtysix.web.store import Store, token_hash

MAX_BODY = 1024
"""An answer is one token: a larger body is refused unread."""


class PuzzleStore:
    """The puzzle skill of each browser, in the app's database (the ``puzzle_solvers`` table)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def create(self) -> str:
        """A new solver token (kept only hashed) with a fresh skill."""
        token = secrets.token_urlsafe(24)
        now = time.time()
        skill = json.dumps(PuzzleSkill().to_json())
        with self.store.transaction() as db:
            db.execute(insert(SOLVERS).values(token_hash=token_hash(token), created=now, updated=now, skill=skill))
        return token

    def load(self, token: str) -> PuzzleSkill | None:
        with self.store.transaction() as db:
            row = db.execute(select(SOLVERS.c.skill).where(SOLVERS.c.token_hash == token_hash(token))).first()
        return None if row is None else PuzzleSkill.from_json(json.loads(row[0]))

    def save(self, token: str, skill: PuzzleSkill) -> None:
        with self.store.transaction() as db:
            db.execute(
                update(SOLVERS)
                .where(SOLVERS.c.token_hash == token_hash(token))
                .values(skill=json.dumps(skill.to_json()), updated=time.time())
            )


def today() -> datetime.date:
    """The daily puzzle's date: UTC, the same for everyone."""
    return datetime.datetime.now(datetime.UTC).date()


def puzzle_router(store: Store, limiter: RateLimiter | None = None, trusted_origins: tuple[str, ...] = ()) -> APIRouter:
    """The ``/api/puzzles`` endpoints on ``store``'s database."""
    router = APIRouter()
    solvers = PuzzleStore(store)
    puzzles = load_puzzles()
    rng = random.Random()

    def no_store(data: object, status: int = 200) -> JSONResponse:
        return JSONResponse(data, status_code=status, headers={"Cache-Control": "no-store"})

    def solver_of(request: Request, required: bool) -> tuple[str, PuzzleSkill] | None:
        header = request.headers.get("authorization", "")
        token = header[7:].strip() if header[:7].lower() == "bearer " else ""
        if not token:
            if required:
                raise WebError(401, "unauthorized", sentence("server.solver_required"))
            return None
        skill = solvers.load(token)
        if skill is None:
            raise WebError(403, "wrong_token", sentence("server.unknown_solver"))
        return token, skill

    def puzzle_of(number: str) -> Puzzle:
        if not number.isdigit() or len(number) > 6:
            raise WebError(404, "not_found", sentence("server.no_puzzle", number=number))
        try:
            return puzzle_by_id(int(number), puzzles)
        except KeyError:
            raise WebError(
                404, "not_found", sentence("server.puzzle_range", number=int(number), count=len(puzzles))
            ) from None

    def with_skill(data: dict[str, object], found: tuple[str, PuzzleSkill] | None) -> JSONResponse:
        data["skill"] = None if found is None else found[1].summary()
        return no_store(data)

    @router.post("/api/puzzles/solver")
    async def create_solver(request: Request) -> JSONResponse:
        check_origin(request.headers, trusted_origins)  # each solver is a row of the database: limited
        if limiter is not None:
            limiter.check("solver", request.client.host if request.client else "unknown")
        return no_store({"token": solvers.create(), "skill": PuzzleSkill().summary()}, 201)

    @router.get("/api/puzzles/me")
    async def get_me(request: Request) -> JSONResponse:
        found = solver_of(request, required=True)
        assert found is not None
        return no_store({"skill": found[1].summary(), "count": len(puzzles)})

    @router.get("/api/puzzles/daily")
    async def get_daily(request: Request) -> JSONResponse:
        day = today()
        data: dict[str, object] = {"daily": day.isoformat(), "puzzle": puzzle_json(daily_puzzle(day, puzzles))}
        return with_skill(data, solver_of(request, required=False))

    @router.get("/api/puzzles/next")
    async def get_next(request: Request) -> JSONResponse:
        found = solver_of(request, required=False)
        skill = found[1] if found is not None else PuzzleSkill()
        return with_skill({"daily": None, "puzzle": puzzle_json(next_puzzle(skill, puzzles, rng))}, found)

    @router.get("/api/puzzles/{number}")
    async def get_puzzle(request: Request, number: str) -> JSONResponse:
        return with_skill({"daily": None, "puzzle": puzzle_json(puzzle_of(number))}, solver_of(request, False))

    @router.post("/api/puzzles/{number}/answer")
    async def post_answer(request: Request, number: str) -> JSONResponse:
        if limiter is not None:
            limiter.check("answer", request.client.host if request.client else "unknown")
        puzzle = puzzle_of(number)
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise WebError(413, "malformed", sentence("server.body_too_large", limit=MAX_BODY))
        try:
            body = json.loads(raw or b"{}")
        except (ValueError, UnicodeDecodeError):
            raise malformed(sentence("server.body_not_json")) from None
        if not isinstance(body, dict) or not isinstance(body.get("action"), str):
            raise malformed(sentence("server.answer_body"))
        try:
            answer = Action.parse(body["action"])
        except InvalidActionError as error:
            raise malformed(sentence("server.answer_action", error=error)) from None
        if answer.token not in puzzle.values:
            raise WebError(
                409, "illegal_action", sentence("server.puzzle_illegal", answer=answer, legal=" ".join(puzzle.values))
            )
        found = solver_of(request, required=False)
        data = answer_json(puzzle, answer)
        data["change"] = 0.0
        if found is not None:
            token, skill = found
            daily = today() if body.get("daily") and daily_puzzle(today(), puzzles).id == puzzle.id else None
            data["change"] = round(skill.record(puzzle.id, puzzle.rating, bool(data["correct"]), daily), 1)
            solvers.save(token, skill)
        return with_skill(data, found)

    return router
