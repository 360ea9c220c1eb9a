"""The Puzzles page's solvers: a rating per browser, in the app's database (the endpoints:
:mod:`sixtysix.web.routers.puzzles`).

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
import secrets
import time

from sqlalchemy import insert, select, update

from sixtysix.ai.puzzle_skill import PuzzleSkill
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
