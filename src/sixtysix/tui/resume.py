"""What ``--resume`` needs: the record saved with the decisions it leaves implicit, and reading it back.

The match is saved as a 66R record. Its free headers say how to continue it
(``Human``, ``Level``, ``Levels``, ``Seed``, ``Practice``), and the decisions records
leave implicit (a ``draw``, a declined exchange) that were taken after the last record
action are kept in a ``# pending:`` comment, so that ``--resume`` continues exactly where
the player left (the file stays a valid record: comments are ignored).

>>> from sixtysix import Match
>>> match = Match(first_dealer=2)
>>> deal = match.new_deal(seed=3)
>>> text = saved_text(match, [("Human", "1"), ("Level", "2")])
>>> resumed = resume(text)
>>> resumed.human, resumed.level, resumed.match.current.deck == deal.deck
(1, 2, True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from sixtysix.core.actions import Action
from sixtysix.core.game import Deal
from sixtysix.core.match import AnyMatch
from sixtysix.core.partnership import FourHandedDeal
from sixtysix.core.record import Record, replay
from sixtysix.core.threehanded import ThreeHandedDeal

PENDING = re.compile(r"^#\s*pending:\s*(.*)$", re.MULTILINE)


def saved_text(match: AnyMatch, headers: Iterable[tuple[str, str]]) -> str:
    """The 66R record of the match so far, with the pending implicit decisions as a comment."""
    return Record.from_match(match, headers).text() + pending_comment(match.current)


def pending_comment(deal: Deal | ThreeHandedDeal | FourHandedDeal | None) -> str:
    """``# pending: 1:draw 2:pass``: the implicit decisions after the last record action
    of an unfinished deal (table seats), for ``--resume``; empty when there are none
    (always in the four-handed game, whose every action is in the record)."""
    if deal is None or deal.is_over:
        return ""
    pending: list[str] = []
    for seat, action in reversed(deal.history):
        if action.in_records():
            break
        pending.append(f"{seat}:{action}")
    return "# pending: " + " ".join(reversed(pending)) + "\n" if pending else ""


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


def resume(text: str) -> Resumed:
    """Rebuild a match of any table size from a record saved by ``sixtysix play`` (or any 66R record).

    Raises :class:`~sixtysix.core.errors.RecordError` for an invalid record.
    """
    result = replay(text)
    match = result.match
    _apply_pending(match, text)
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


def _apply_pending(match: AnyMatch, text: str) -> None:
    """Take the decisions of the record's ``# pending:`` comment in its unfinished deal."""
    deal = match.current
    found = PENDING.search(text)
    if not found or deal is None or deal.is_over:
        return
    for token in found.group(1).split():
        seat_text, _, action_text = token.partition(":")
        try:
            deal.apply(Action.parse(action_text), int(seat_text))
        except ValueError:  # a stale or hand-edited comment: ignore the rest
            break
