"""The Pydantic models of the JSON API: every request body and every answer (docs/web-api.md).

They are the OpenAPI schema's (``GET /api/openapi.json``) and the routers' types. A **request**
model names every field a body may carry and keeps unknown ones (the API ignores them); its
fields take any JSON, because each is checked where it is used, with the precise refusal
docs/web-api.md gives (``400 malformed`` naming the field and why), not a generic validation
error. An **answer** model types what the browser and the tests read; the seat state, a rules
page, a hint or a review are the objects of :mod:`sixtysix.present` (``dict``), described in
docs/web-api.md. Answers may carry more fields (``extra="allow"``): clients ignore those they
do not know.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Request(BaseModel):
    """A request body: its named fields, any other kept and ignored."""

    model_config = ConfigDict(extra="allow")

    def fields(self) -> dict[str, Any]:
        """The body as it was sent (the fields given, none added)."""
        return self.model_dump(exclude_unset=True)


class Answer(BaseModel):
    """A JSON answer: its typed fields, and any other the server adds."""

    model_config = ConfigDict(extra="allow")


State = dict[str, Any]
"""A seat state (docs/web-api.md, "The seat state"): built by :mod:`sixtysix.present.state`."""

# -- requests ---------------------------------------------------------------------------------------


class CreateMatchRequest(Request):
    """``POST /api/matches``: every field optional."""

    opponent: Any = Field(None, description='"computer" (default) or "friend"')
    level: Any = Field(None, description="the computer's level, 1-5 (default 3)")
    rules: Any = Field(None, description="a preset (default seed66)")
    options: Any = Field(None, description="rule options as text, by name")
    target: Any = Field(None, description="game points to win, 1-1000")
    name: Any = Field(None, description="the creator's name (at most 40 characters)")
    seat: Any = Field(None, description="the creator's seat (default 1)")
    hints: Any = Field(None, description="whether hints are allowed")
    seats: Any = Field(None, description='three or four seats: seat number to a level or "friend"')
    client_seed: Any = Field(None, description="the creator's client seed (0-64 of A-Z a-z 0-9 - _)")
    commitment_ticket: Any = Field(None, description="a ticket of POST /api/commitments")
    spectators: Any = Field(None, description="whether anyone may watch the match (default true)")
    spectator_delay: Any = Field(None, description="how many actions behind the spectators are shown it, 0-40")


class AccountMatchRequest(CreateMatchRequest):
    """``POST /api/account/matches``: ``POST /api/matches``'s fields, and whether the match is rated."""

    rated: Any = Field(None, description="a rated match with a friend, by a rated preset's own rules")


class JoinRequest(Request):
    """``POST /api/join``."""

    code: Any = Field(None, description="the invitation code (required)")
    name: Any = Field(None, description="the guest's name")
    client_seed: Any = Field(None, description="the guest's client seed")


class ActionRequest(Request):
    """``POST /api/matches/{id}/actions`` (and the WebSocket's ``action`` message)."""

    action: Any = Field(None, description="an action token (required)")
    version: Any = Field(None, description="the match version the client saw")
    seat: Any = Field(None, description="if given, the token's seat")
    client_seed: Any = Field(None, description="with next only: the seat's client seed from the next deal on")


class RematchRequest(Request):
    """``POST /api/matches/{id}/rematch``: nothing, or a client seed."""

    client_seed: Any = Field(None, description="the seat's client seed in the rematch")


class VerifyRequest(Request):
    """``POST /api/verify``."""

    record: Any = Field(None, description="a 66R record (at most 60 KiB)")


class HistoryRequest(Request):
    """``POST /api/history``."""

    tokens: Any = Field(None, description="the seat tokens a browser holds (at most 1000)")


class AnswerRequest(Request):
    """``POST /api/puzzles/{n}/answer``."""

    action: Any = Field(None, description="the answer: an action token (required)")
    daily: Any = Field(None, description="this is today's daily puzzle")


# -- answers ----------------------------------------------------------------------------------------


class Invite(Answer):
    seat: int
    code: str
    path: str


class SeatTaken(Answer):
    """``POST /api/join`` (201): the seat taken, its token (shown once) and its state."""

    match_id: str
    seat: int
    token: str
    state: State


class MatchCreated(SeatTaken):
    """``POST /api/matches`` (201): the creator's seat, and the invitations of the open seats (shown once)."""

    invite: Invite | None
    invites: list[Invite]


class Invitation(Answer):
    """``GET /api/invitations/{code}``."""

    match_id: str
    host: str
    seat: int
    rules: dict[str, Any]
    used: bool
    hints: bool
    players: int
    commitment: str | None
    seats: list[dict[str, Any]]


class Acted(Answer):
    """``POST /api/matches/{id}/actions``: the action is stored."""

    ok: bool
    version: int
    state: State


class Rematch(Answer):
    """``POST /api/matches/{id}/rematch``: 201 with the seat and its token in the rematch (once), else 200 without."""

    match_id: str
    rematch: dict[str, Any] | None
    seat: int | None = None
    token: str | None = None
    state: State | None = None


Words = dict[str, str | dict[str, str]]
"""``GET /api/words/{lang}``: the page's words, by key: a sentence, or its plural forms."""


class Meta(Answer):
    """``GET /api/meta``: what the lobby needs."""

    api: int
    version: str
    presets: dict[str, dict[str, Any]]
    languages: list[str]
    options: dict[str, list[Any]]
    levels: list[dict[str, Any]]
    defaults: dict[str, Any]


class RulesPage(Answer):
    """``GET /api/rules``, ``GET /api/matches/{id}/rules``: the rules page of a preset or a match."""

    preset: str
    lang: str
    title: str
    options: list[dict[str, Any]]
    html: str


class Commitment(Answer):
    """``POST /api/commitments`` (201): a first deal's commitment and its ticket."""

    ticket: str
    commitment: str | None
    scheme: str


class Verified(Answer):
    """``POST /api/verify``: every deal's verdict, and the exit status of ``sixtysix verify``."""

    deals: list[dict[str, Any]]
    status: int


class History(Answer):
    """``POST /api/history``: a browser's matches and statistics."""

    matches: list[dict[str, Any]]
    unknown: int
    stats: dict[str, Any]


class Hint(Answer):
    """``GET /api/matches/{id}/hint``: the computer's advice at this seat's decision."""

    version: int
    best: str | None = None
    actions: list[dict[str, Any]] = []


class HintProgress(Answer):
    """``GET /api/matches/{id}/hint/progress``."""

    version: int
    ready: bool
    running: bool
    place: int | None


class Review(Answer):
    """``GET /api/matches/{id}/deals/{n}/review`` (docs/web-api.md, "Review")."""


class ReviewProgress(Answer):
    """``GET /api/matches/{id}/deals/{n}/review/progress``."""

    ready: bool
    running: bool
    done: int
    total: int
    faults: list[dict[str, Any]]
    place: int | None


class Health(Answer):
    """``GET /healthz``, ``GET /readyz``: ``ok``, ``ready``, or (503) ``unready`` with the reasons by part."""

    status: str
    reasons: dict[str, str] | None = None


class Skill(Answer):
    """A puzzle solver's rating and streaks."""

    rating: int
    attempts: int
    solved: int
    streak: int
    best_streak: int
    daily_streak: int
    last_daily: str


class Solver(Answer):
    """``POST /api/puzzles/solver`` (201): a new solver token and its fresh skill."""

    token: str
    skill: Skill


class SolverSkill(Answer):
    """``GET /api/puzzles/me``."""

    skill: Skill
    count: int


class PuzzleShown(Answer):
    """``GET /api/puzzles/daily|next|{n}``: a puzzle from the player's view."""

    daily: str | None
    puzzle: dict[str, Any]
    skill: Skill | None


class PuzzleAnswered(Answer):
    """``POST /api/puzzles/{n}/answer``: the verdict, the values, the solution line."""

    id: int
    correct: bool
    solution: str
    change: float
    skill: Skill | None


class ErrorBody(BaseModel):
    code: str
    message: str
    messages: dict[str, str]
    status: int
    detail: str | None = None


class Refusal(BaseModel):
    """Every refusal: ``{"error": {...}}`` with its status (docs/web-api.md, "Errors")."""

    error: ErrorBody


REFUSALS: dict[int | str, dict[str, Any]] = {
    "4XX": {"model": Refusal, "description": "a refusal (docs/web-api.md, Errors)"},
    "5XX": {"model": Refusal, "description": "a server fault, or the analysis queue full"},
}
"""The refusals every endpoint may answer, for the OpenAPI schema."""
