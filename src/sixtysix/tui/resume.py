"""What ``--resume`` needs: the record saved without the hidden cards of the deal in play, a
private state file beside it, and reading both back.

The match is saved as a 66R record of its **finished** deals: the deal in play is left out
until it is over, so that opening the record never shows the computer's hand or the talon.
What a resume needs of that deal (its card order and every decision, the draws and declined
exchanges included) is kept in a private state file next to the record, hidden (a name
starting with a dot, readable by its owner only) and encoded, so that the player does not
read it by accident: ``games/.sixtysix-….66r.private`` for ``games/sixtysix-….66r``. A
comment at the end of the record says where it is. The free headers say how to continue
the match (``Human``, ``Level``, ``Levels``, ``Seed``, ``Practice``).

``--resume`` continues only what ``sixtysix play`` saved and did not finish: a record
with a ``Result`` (a finished match, a tournament's game) or without the ``Human`` header
that ``sixtysix play`` writes is refused (:class:`ResumeError`), never rewritten.

>>> from sixtysix import Match
>>> match = Match(first_dealer=2)
>>> deal = match.new_deal(seed=3)
>>> deal.apply(deal.legal_actions()[0])
>>> text = saved_text(match, [("Event", "sixtysix play"), ("Human", "1"), ("Level", "2")])
>>> "deal dealer" in text  # the deal in play is not in the record
False
>>> resumed = resume(text, private_state(match, text))
>>> resumed.human, resumed.level, resumed.match.current.history == deal.history
(1, 2, True)

Records saved before the private file existed hold the deal in play, with the decisions
records leave implicit after its last action in a ``# pending:`` comment; they still resume.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from sixtysix.core.actions import Action
from sixtysix.core.errors import DealError, IllegalActionError, MatchError, RecordError, RulesError
from sixtysix.core.game import Deal
from sixtysix.core.match import AnyMatch, match_from_text
from sixtysix.core.partnership import FourHandedDeal
from sixtysix.core.record import Record, ReplayResult, replay
from sixtysix.core.table import Table
from sixtysix.core.threehanded import ThreeHandedDeal

PENDING = re.compile(r"^#\s*pending:\s*(.*)$", re.MULTILINE)
UNFINISHED = re.compile(r"^#\s*unfinished deal (\d+):", re.MULTILINE)
PRIVATE_FORMAT = "sixtysix private state 1"


class SavedMatch(Protocol):
    """What the private state reads of a match of any table size."""

    @property
    def deals(self) -> Sequence[Deal | ThreeHandedDeal | FourHandedDeal]: ...

    @property
    def current(self) -> Deal | ThreeHandedDeal | FourHandedDeal | None: ...

    def text(self) -> str: ...


class ResumeError(ValueError):
    """A saved game that ``--resume`` cannot or may not continue; the message says why."""


def private_path(record_path: Path) -> Path:
    """Where the private state of the record at ``record_path`` is kept: beside it, hidden.

    >>> private_path(Path("games/sixtysix-1.66r")).as_posix()
    'games/.sixtysix-1.66r.private'
    """
    return record_path.with_name(f".{record_path.name}.private")


def saved_text(match: AnyMatch, headers: Iterable[tuple[str, str]]) -> str:
    """The 66R record of the match's finished deals; a comment names the deal in play, if any."""
    record = Record.from_match(match, headers)
    deal = match.current
    if deal is None or deal.is_over:
        return record.text()
    record.deals.pop()  # its cards stay out of the record until it is over
    number = len(match.deals)
    return record.text() + f"# unfinished deal {number}: its cards are kept out of this record until it is over\n"


def private_state(match: SavedMatch, record_text: str) -> str | None:
    """The private state of a match whose current deal is in play (``None`` when no deal is): the
    whole match as text, every decision included, encoded so that no card reads at a glance, and
    the fingerprint of the record saved with it (``record_text``), which it belongs to."""
    deal = match.current
    if deal is None or deal.is_over:
        return None
    encoded = base64.b64encode(match.text().encode("utf-8")).decode("ascii")
    state = {"format": PRIVATE_FORMAT, "record": _fingerprint(record_text), "match": encoded}
    return json.dumps(state, indent=1) + "\n"


def _fingerprint(record_text: str) -> str:
    return hashlib.sha256(record_text.encode("utf-8")).hexdigest()


def write_private_state(record_path: Path, match: SavedMatch, record_text: str) -> None:
    """Keep the private state beside the record (readable by its owner only), or remove a stale one."""
    path = private_path(record_path)
    state = private_state(match, record_text)
    if state is None:
        path.unlink(missing_ok=True)
        return
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(state)


@dataclass(frozen=True)
class Resumed:
    """A match rebuilt from a saved record."""

    match: AnyMatch
    headers: list[tuple[str, str]]
    human: int | None
    level: int | None
    seed: int | None
    practice: bool
    levels: tuple[int, ...] = ()
    """The ``Levels`` header of a three- or four-handed match (clockwise from the player's left)."""


def load_saved(path: Path) -> Resumed:
    """The match saved at ``path`` by ``sixtysix play``, with its private state; :class:`ResumeError`
    says why it cannot be resumed (unreadable, invalid, finished, another program's record)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ResumeError(f"cannot read {path}: {error}") from None
    hidden = private_path(path)
    try:
        private = hidden.read_text(encoding="utf-8") if hidden.exists() else None
    except (OSError, UnicodeDecodeError) as error:
        raise ResumeError(f"cannot read {hidden}: {error}") from None
    try:
        return resume(text, private, where=str(path), private_where=str(hidden))
    except RecordError as error:
        raise ResumeError(f"{path} is not a valid record: {error}") from None


def resume(text: str, private: str | None = None, where: str = "the record", private_where: str = "") -> Resumed:
    """Rebuild the match of a record saved by ``sixtysix play`` and its private state.

    Raises :class:`~sixtysix.core.errors.RecordError` for an invalid record and
    :class:`ResumeError` for one that may not be resumed.
    """
    result = replay(text)
    _check_resumable(result, where)
    match = _with_deal_in_play(result, text, private, where, private_where or "its private state file")
    record = result.record
    headers = [(k, v) for k, v in record.headers if k not in ("Format", "Rules", "Option", "Result")]

    def number(name: str, allowed: range) -> int | None:
        value = record.header(name)
        if value is None or not value.strip().isdigit() or int(value) not in allowed:
            return None
        return int(value)

    seed_text = record.header("Seed")
    seed = int(seed_text) if seed_text is not None and re.fullmatch(r"-?\d+", seed_text.strip()) else None
    practice = (record.header("Practice") or "").strip().lower() == "true"
    levels_text = (record.header("Levels") or "").replace(" ", "")
    levels = tuple(int(x) for x in levels_text.split(",")) if re.fullmatch(r"[1-5](,[1-5])*", levels_text) else ()
    human = number("Human", range(1, match.rules.players + 1))
    return Resumed(match, headers, human, number("Level", range(1, 6)), seed, practice, levels)


def _check_resumable(result: ReplayResult, where: str) -> None:
    """Refuse what ``sixtysix play`` did not write, or wrote finished: it must never be rewritten."""
    record, match = result.record, result.match
    result_header = record.header("Result")
    if record.header("Human") is None:
        event = record.header("Event")
        written = f' (Event "{event}")' if event is not None else ""
        raise ResumeError(
            f"{where} was not saved by sixtysix play{written}: --resume continues only the unfinished games "
            "sixtysix play saved, and never rewrites another record (sixtysix replay shows it)"
        )
    if result_header is not None or match.is_over:
        score = result_header if result_header is not None else "-".join(map(str, match.score))
        raise ResumeError(f"the match in {where} is already over ({score}); start a new one")


def _with_deal_in_play(result: ReplayResult, text: str, private: str | None, where: str, hidden: str) -> AnyMatch:
    """The record's match with the deal in play: from the private state, or (older saves) from the record."""
    match = result.match
    current = match.current
    if current is not None and not current.is_over:  # saved before the private state existed
        _apply_pending(current, text)
        return match
    unfinished = UNFINISHED.search(text)
    if unfinished is None:
        return match  # saved between two deals
    if private is None:
        raise ResumeError(
            f"the cards of the unfinished deal {unfinished.group(1)} of {where} are kept in {hidden}, "
            "which is missing: the match cannot go on without them"
        )
    rebuilt, fingerprint = _private_match(private, hidden)
    if fingerprint != _fingerprint(text) or len(rebuilt.deals) != len(match.deals) + 1 or not _agree(match, rebuilt):
        raise ResumeError(f"{hidden} does not belong to {where} (another game's state): the match cannot go on")
    return rebuilt


def _private_match(private: str, hidden: str) -> tuple[AnyMatch, str]:
    """The match of a private state, and the fingerprint of the record it was saved with."""
    try:
        state = json.loads(private)
        if state.get("format") != PRIVATE_FORMAT:
            raise ValueError(f"not a {PRIVATE_FORMAT!r} file")
        match = match_from_text(base64.b64decode(state["match"], validate=True).decode("utf-8"))
        return match, str(state["record"])
    except (ValueError, KeyError, TypeError, AttributeError, binascii.Error) as error:
        problem = str(error) if isinstance(error, DealError | IllegalActionError | MatchError | RulesError) else ""
        raise ResumeError(f"{hidden} is damaged{': ' + problem if problem else ''}; the match cannot go on") from None


def _agree(record_match: AnyMatch, rebuilt: AnyMatch) -> bool:
    """Whether the rebuilt match continues the record's: same rules, and the same finished deals."""
    if record_match.rules != rebuilt.rules:
        return False
    return all(_same_deal(record_match.deals[i], rebuilt.deals[i]) for i in range(len(record_match.deals)))


def _same_deal(one: Table, other: Table) -> bool:
    def recorded(deal: Table) -> list[tuple[int, Action]]:
        return [(seat, action) for seat, action in deal.history if action.in_records()]

    return one.dealer == other.dealer and one.deck == other.deck and recorded(one) == recorded(other)


def _apply_pending(deal: Table, text: str) -> None:
    """Take the decisions of an older record's ``# pending:`` comment in its unfinished deal."""
    found = PENDING.search(text)
    if not found:
        return
    for token in found.group(1).split():
        seat_text, _, action_text = token.partition(":")
        try:
            deal.apply(Action.parse(action_text), int(seat_text))
        except ValueError:  # a stale or hand-edited comment: ignore the rest
            break
