"""66R game records: read, write and replay (docs/records.md).

A record holds one match: headers, then each deal's dealer, complete card
order and actions. Reading validates everything by replaying it; writing
gives the canonical text, so ``Record.parse(text).text() == text`` for a
canonical record:

>>> text = '''[Format "66R 1"]
... [Rules "seed66"]
...
... deal dealer=2 deck="Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h"
... 1:20h 1:Kh 2:Ac
... 1:X 1:Ah 2:Ks
... '''
>>> record = Record.parse(text)
>>> record.text() == text
True
>>> result = replay(record)
>>> result.match.current.scores(), result.to_act
((35, 15), 2)

An invalid record raises :class:`RecordError` naming the deal, the action's
position in it, the token and the reason:

>>> Record.parse(text + "1:Qs\\n")
Traceback (most recent call last):
...
sixtysix.core.errors.RecordError: deal 1, action 7 ('1:Qs'): it is seat 2's turn, not seat 1's

The three- and four-handed games (``[Rules "three66"]``, ``[Rules "four66"]``)
use the same format with table seats 1-3 or 1-4 (docs/records.md): here seat
3 deals and sits out, seats 1 and 2 play the two-player deal.

>>> three = text.replace('"seed66"', '"three66"').replace("dealer=2", "dealer=3")
>>> result = replay(three)
>>> result.to_json()["deals"][0]["points"], result.to_act
([35, 15, 0], 2)
>>> replay(three + "3:Qs\\n")
Traceback (most recent call last):
...
sixtysix.core.errors.RecordError: deal 1, action 7 ('3:Qs'): seat 3 sits out this deal
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from sixtysix.core.actions import ACTIONS, CLAIM, CLOSE_BEFORE_DRAW, DRAW, Action
from sixtysix.core.cards import CARD_NAMES, Card, parse_card
from sixtysix.core.errors import (
    DealError,
    IllegalActionError,
    InvalidActionError,
    InvalidCardError,
    InvalidNameError,
    RecordError,
    RulesError,
)
from sixtysix.core.forfeit import forfeit_deal, forfeit_header, parse_forfeit_header
from sixtysix.core.match import AnyMatch, create_match
from sixtysix.core.outcome import Termination
from sixtysix.core.rules import Rules, parse_option
from sixtysix.core.table import Table

FORMAT = "66R 1"
_HEADER = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*)\s+"(.*)"\]$')
_HEADER_START = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*)\s+"')
_HEADER_END = re.compile(r"\]\s*(?:#.*)?$")
_ATTRIBUTE = re.compile(r'\s*([A-Za-z_]+)\s*=\s*(?:"([^"]*)"|(\S+))')
_TOKEN = re.compile(r"^([^:\s]+):(\S+)$")


@dataclass
class DealRecord:
    """One deal of a record: who dealt, the card order (top first) and the actions."""

    dealer: int
    deck: tuple[Card, ...]
    actions: list[tuple[int, Action]] = field(default_factory=list)
    """(seat, action) in order; never the ``draw`` decision, which records leave implicit."""


@dataclass
class Record:
    """A parsed 66R record."""

    headers: list[tuple[str, str]] = field(default_factory=lambda: [("Format", FORMAT)])
    deals: list[DealRecord] = field(default_factory=list)

    @classmethod
    def parse(cls, text: str) -> Record:
        """Read and fully validate a record; raise :class:`RecordError` if invalid."""
        return _Reader().read(text).record

    @classmethod
    def from_match(cls, match: AnyMatch, headers: Iterable[tuple[str, str]] = ()) -> Record:
        """The record of a match of any table size played with the engine (headers: Event, Seat1, …)."""
        rules = match.rules
        head = [("Format", FORMAT), ("Rules", rules.preset_name)]
        head += [("Option", f"{name}={value}") for name, value in rules.options().items()]
        head += [(k, v) for k, v in headers if k not in ("Format", "Rules", "Option", "Forfeit")]
        head += _forfeit_headers(match.deals)
        for name, value in head:
            check_header_value(name, value)
        deals = [_deal_record(d) for d in match.deals]
        return cls(head, deals)

    def header(self, name: str) -> str | None:
        """The first header of that name, or ``None``."""
        return next((v for k, v in self.headers if k == name), None)

    @property
    def rules_name(self) -> str:
        """The preset named by the ``Rules`` header, lower case (``seed66`` when absent)."""
        return (self.header("Rules") or "seed66").strip().lower()

    def forfeits(self) -> dict[int, tuple[int, str]]:
        """The forfeited deals, from the ``Forfeit`` headers: deal number -> (table seat, why).

        >>> Record(headers=[("Forfeit", "deal 2: forfeit: seat 1 crash: the bot exited")]).forfeits()
        {2: (1, 'crash: the bot exited')}
        """
        found = (parse_forfeit_header(v) for k, v in self.headers if k == "Forfeit")
        return {number: (seat, why) for number, seat, why in found}

    def rules(self) -> Rules:
        options = dict(_split_option(v) for k, v in self.headers if k == "Option")
        return Rules.from_options(self.rules_name, options)

    def text(self) -> str:
        """The canonical text (docs/records.md, "Writing: the canonical text")."""
        lines = [header_line(name, value) for name, value in self.headers]
        boundaries = _trick_ends(self)
        for deal, ends in zip(self.deals, boundaries, strict=True):
            lines.append("")
            lines.append(f'deal dealer={deal.dealer} deck="{" ".join(CARD_NAMES[c] for c in deal.deck)}"')
            lines.extend(_action_lines(deal.actions, ends))
        return "\n".join(lines) + "\n"


def _forfeit_headers(deals: Sequence[Table]) -> list[tuple[str, str]]:
    """A ``Forfeit`` header for every forfeited deal: replay ends it there, with its result."""
    headers = []
    for number, deal in enumerate(deals, start=1):
        outcome = deal.outcome
        if outcome is not None and outcome.termination is Termination.FORFEIT:
            headers.append(("Forfeit", forfeit_header(number, outcome.reason)))
    return headers


def _deal_record(deal: Table) -> DealRecord:
    """A deal's record: its dealer, card order and recorded actions (in table seats), the claim
    that ``auto_claim`` made by itself included (so that every reader sees the deal end)."""
    actions = [(s, a) for s, a in deal.history if a.in_records()]
    claimant = automatic_claimant(deal)
    if claimant:
        actions.append((claimant, ACTIONS[CLAIM]))
    return DealRecord(deal.dealer, tuple(deal.deck), actions)


def automatic_claimant(deal: Table) -> int:
    """The seat whose claim ended ``deal`` by itself (``auto_claim``), else 0.

    The engine takes that claim without an action, but a record writes it (``S:66``), where a
    player would have claimed, so that a reader that does not know the option sees the deal
    end; reading, the written ``66`` is the claim the replay has already made.
    """
    outcome = deal.outcome
    if outcome is None or not outcome.claimant or not deal.rules.auto_claim:
        return 0
    return outcome.claimant  # under auto_claim nobody may claim by himself: every claim is automatic


# -- header values: escaping, and what a name may hold ---------------------------------


def header_line(name: str, value: str) -> str:
    """``[Name "value"]`` with ``"`` and ``\\`` escaped in the value (``\\"``, ``\\\\``).

    >>> print(header_line("Seat1", 'M"] [Result "7-0"]'))
    [Seat1 "M\\"] [Result \\"7-0\\"]"]
    >>> parse_header(header_line("Seat1", 'M"] [Result "7-0"]'))
    ('Seat1', 'M"] [Result "7-0"]')
    """
    check_header_value(name, value)
    return f'[{name} "{value.replace(chr(92), chr(92) * 2).replace(chr(34), chr(92) + chr(34))}"]'


def parse_header(line: str) -> tuple[str, str] | None:
    r"""The name and value of a header line (``\"`` and ``\\`` unescaped), or ``None`` if malformed.

    The value ends at the first unescaped quote that ``]`` and the end of the line (or a
    comment) follow. Records written before escaping was defined are read as before: an
    unescaped quote inside the value and a backslash before any other character stand
    for themselves.

    >>> parse_header('[Event "Game #1"] # a comment')
    ('Event', 'Game #1')
    >>> parse_header(r'[Event "C:\\games \"A\" \x"]')
    ('Event', 'C:\\games "A" \\x')
    """
    start = _HEADER_START.match(line)
    if start is None:
        return None
    chars: list[str] = []
    pos = start.end()
    while pos < len(line):
        char = line[pos]
        if char == "\\" and line[pos + 1 : pos + 2] in ('"', "\\"):
            chars.append(line[pos + 1])
            pos += 2
            continue
        if char == '"' and _HEADER_END.match(line, pos + 1):
            return start.group(1), "".join(chars)
        chars.append(char)
        pos += 1
    old = _HEADER.match(line)  # an old record's value that ends with a backslash: as it was read
    return (old.group(1), old.group(2)) if old else None


_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""The bidirectional formatting characters: they can make a name show as something else."""


def _line_breaks(value: str) -> list[str]:
    """The characters of ``value`` that end a line when a record is read (``str.splitlines``)."""
    return [char for char in value if len(f"a{char}b".splitlines()) > 1]


def _character(char: str) -> str:
    """``U+202E (RIGHT-TO-LEFT OVERRIDE)``."""
    return f"U+{ord(char):04X}" + (f" ({unicodedata.name(char)})" if unicodedata.name(char, "") else "")


def check_header_value(name: str, value: str) -> None:
    """Raise :class:`InvalidNameError` if a record could not hold ``value`` in a header: a line break.

    >>> check_header_value("Event", "Cup\\nfinal")
    Traceback (most recent call last):
    ...
    sixtysix.core.errors.InvalidNameError: the Event header may not hold a line break: U+000A
    """
    breaks = _line_breaks(value)
    if breaks:
        raise InvalidNameError(f"the {name} header may not hold a line break: {_character(breaks[0])}")


def check_player_name(text: str) -> str:
    """``text`` if it may name a player, else :class:`InvalidNameError` naming the first bad character.

    A name may hold any printable character, quotes and backslashes included (records escape
    them), but no control character (line breaks, tabs, escapes, U+007F-U+009F) and no
    bidirectional formatting character (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F,
    U+061C), which could make it show as another text; nor a line or paragraph separator.

    >>> check_player_name('M"] [Result "7-0"]')
    'M"] [Result "7-0"]'
    >>> check_player_name("Ann\\x07")
    Traceback (most recent call last):
    ...
    sixtysix.core.errors.InvalidNameError: a name may not hold U+0007, a control character
    """
    for char in text:
        category = unicodedata.category(char)
        if char in _BIDI_CONTROLS:
            raise InvalidNameError(f"a name may not hold {_character(char)}, a bidirectional formatting character")
        if category == "Cc" or category in ("Zl", "Zp"):
            raise InvalidNameError(f"a name may not hold {_character(char)}, a control character")
    return text


def _split_option(value: str) -> tuple[str, str]:
    name, sep, option_value = value.partition("=")
    if not sep:
        raise RulesError(f"an Option header must read name=value, not {value!r}")
    return name.strip(), option_value.strip()


def _action_lines(actions: Sequence[tuple[int, Action]], ends: Sequence[bool]) -> list[str]:
    lines: list[str] = []
    current: list[str] = []
    for i, (seat, action) in enumerate(actions):
        if action == CLAIM and i == len(actions) - 1 and current:
            lines.append(" ".join(current))
            current = []
        current.append(f"{seat}:{action}")
        if ends[i] or (action == CLAIM and i == len(actions) - 1):
            lines.append(" ".join(current))
            current = []
    if current:
        lines.append(" ".join(current))
    return lines


def _trick_ends(record: Record) -> list[list[bool]]:
    """For each action of each deal, whether it completed a trick (found by replaying)."""
    match = create_match(record.rules(), record.deals[0].dealer if record.deals else None)
    forfeits = record.forfeits()
    result = []
    for number, deal_record in enumerate(record.deals, start=1):
        deal = match.new_deal(deal_record.deck, dealer=deal_record.dealer)
        ends = []
        for seat, action in deal_record.actions:
            tricks = sum(deal.trick_counts())
            apply_record_action(deal, seat, action)
            ends.append(sum(deal.trick_counts()) > tricks)
        if number in forfeits:
            forfeit_deal(deal, *forfeits[number])
        match.settle()
        result.append(ends)
    return result


def apply_record_action(deal: Table, seat: int, action: int) -> None:
    """Apply one record action for table ``seat``, performing the implicit draw first where needed.

    Right after a phase-1 trick, only ``66`` and ``CB`` come before the draw;
    any other action takes place after it. The ``66`` of a claim that ``auto_claim``
    has made (:func:`automatic_claimant`) changes nothing. Raises :class:`IllegalActionError`
    and leaves ``deal`` unchanged if the action is not legal. A three-handed
    deal takes table seats (the seat sitting out may not act); the
    four-handed deal has no draw.
    """
    if not ACTIONS[action].in_records():
        raise IllegalActionError(f"{ACTIONS[action]}: not a 66R action")
    if action == CLAIM and deal.is_over and automatic_claimant(deal) == seat:
        return  # the claim auto_claim has made: the record writes it where it was made
    if action not in (CLAIM, CLOSE_BEFORE_DRAW) and _draw_is_due(deal):
        trial = deal.copy()
        trial.apply(DRAW)
        trial.apply(action, seat)  # raises before the real deal is touched
        deal.apply(DRAW)
    deal.apply(action, seat)


def _draw_is_due(deal: Table) -> bool:
    """Whether the seat to act may still draw (a phase-1 trick was just won): records leave the draw implicit."""
    return deal.is_legal(DRAW)


def record_legal_tokens(deal: Table) -> list[str]:
    """The legal tokens of the seat to act, as ``--legal`` lists them (sorted)."""
    actions = set(deal.legal_actions())
    if _draw_is_due(deal):
        after = deal.copy()
        after.apply(DRAW)
        actions |= set(after.legal_actions())
    return sorted(str(a) for a in actions if a.in_records())


# -- replay ---------------------------------------------------------------------


@dataclass
class ReplayResult:
    """A replayed record: the record, the match it produced and the end position."""

    record: Record
    match: AnyMatch

    @property
    def to_act(self) -> int | None:
        """The table seat to act at the end of the record (``None`` when nobody is)."""
        deal = self.match.current
        return deal.to_act if deal is not None else None

    def legal_tokens(self) -> list[str]:
        deal = self.match.current
        return record_legal_tokens(deal) if deal is not None else []

    def to_json(self, legal: bool = False) -> dict[str, object]:
        """The object printed by ``sixtysix replay --json`` (docs/records.md for more seats)."""
        match = self.match
        return {
            "rules": self.record.rules_name,
            "deals": [_deal_json(match, i) for i in range(len(match.deals))],
            "match": _match_json(match),
            "to_act": self.to_act,
            "legal": self.legal_tokens() if legal else None,
        }


def _deal_json(match: AnyMatch, index: int) -> dict[str, object]:
    """One entry of ``deals``: the two-player fields, in table seats (3P) or sides (4P), and the extras."""
    deal = match.deals[index]
    outcome = deal.outcome
    result = match.results[index] if index < len(match.results) else None
    data: dict[str, object] = {
        "dealer": deal.dealer,
        "complete": outcome is not None,
        "winner": outcome.winner if outcome else None,
        "game_points": result.game_points if result else 0,
        "points": list(deal.scores()),
        "tricks": list(deal.trick_counts()),
        "termination": outcome.termination.value if outcome else "unfinished",
        "reasons": [reason.value for reason in outcome.reasons] if outcome else [],
    }
    return data | match.record_deal_fields(index)


def _match_json(match: AnyMatch) -> dict[str, object]:
    data: dict[str, object] = {
        "score": list(match.score),
        "carried": match.carried,
        "winner": match.winner,
        "complete": match.is_over,
    }
    return data | match.record_match_fields()


def replay(record: Record | str) -> ReplayResult:
    """Replay a record (or its text); raise :class:`RecordError` if it is invalid."""
    if isinstance(record, Record):
        record = record.text()
    return _Reader().read(record)


class _Reader:
    """Reads a record line by line, replaying it as it goes, so errors come in file order."""

    def __init__(self) -> None:
        self.record = Record(headers=[], deals=[])
        self.match: AnyMatch | None = None
        self.rules: Rules | None = None
        self.deal_no = 0
        self.action_no = 0

    def fail(self, token: str, reason: str, action: int | None = None) -> RecordError:
        return RecordError(self.deal_no, self.action_no if action is None else action, token, reason)

    def read(self, text: str) -> ReplayResult:
        for raw in text.splitlines():
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("["):
                self.header(line)
                continue
            line = line.split("#", 1)[0].strip()
            if not self.record.headers:
                raise self.fail(line.split()[0], f'a record must begin with [Format "{FORMAT}"]', 0)
            if line.split()[0].lower() == "deal":
                self.deal_line(line)
            else:
                for token in line.split():
                    self.action(token)
        if not self.record.headers:
            raise self.fail("", f'a record must begin with [Format "{FORMAT}"]', 0)
        self.complete_last_deal()
        self.end_forfeited_deal()
        beyond = [number for number in self.record.forfeits() if number > self.deal_no]
        if beyond:
            raise RecordError(0, 0, f"[Forfeit deal {beyond[0]}]", f"the record has no deal {beyond[0]}")
        match = self.start_match(self.record.deals[0].dealer if self.record.deals else None)
        match.settle()
        return ReplayResult(self.record, match)

    def header(self, line: str) -> None:
        found = parse_header(line)
        if found is None:
            raise self.fail(line, 'malformed header (expected [Name "value"])', 0)
        name, value = found
        if self.deal_no:
            raise self.fail(line, "a header may not follow the first deal line", 0)
        if not self.record.headers and (name != "Format" or value != FORMAT):
            raise self.fail(line, f'a record must begin with [Format "{FORMAT}"]', 0)
        if self.record.headers and name == "Format":
            raise self.fail(line, "Format given twice", 0)
        if name == "Rules" and self.record.header("Rules") is not None:
            raise self.fail(line, "Rules given twice", 0)
        self.record.headers.append((name, value))
        try:
            if name == "Forfeit":
                parse_forfeit_header(value)
            elif name == "Rules":
                Rules.preset(value.strip())
            elif name == "Option":
                option, option_value = _split_option(value)
                parse_option(option, option_value)
        except (RulesError, ValueError) as error:
            raise self.fail(line, str(error), 0) from None

    def end_forfeited_deal(self) -> None:
        """End the deal just read if a ``Forfeit`` header names it (the record stops where its seat failed)."""
        forfeit = self.record.forfeits().get(self.deal_no)
        if forfeit is None or self.match is None or self.match.current is None:
            return
        try:
            forfeit_deal(self.match.current, *forfeit)
        except DealError as error:
            raise RecordError(self.deal_no, 0, f"[Forfeit seat {forfeit[0]}]", str(error)) from None

    def seats(self) -> tuple[int, ...]:
        """The table's seats under the rules read so far (those of the preset while the options do not agree)."""
        if self.rules is not None:
            return self.rules.seats
        try:
            return self.record.rules().seats
        except RulesError:
            return Rules.preset(self.record.rules_name).seats

    def start_match(self, first_dealer: int | None) -> AnyMatch:
        if self.match is None:
            try:
                self.rules = self.record.rules()
            except RulesError as error:
                # the options are checked together only now, but they are a header error
                raise RecordError(0, 0, f'[Rules "{self.record.rules_name}"]', str(error)) from None
            self.match = create_match(self.rules, first_dealer)
        return self.match

    def deal_line(self, line: str) -> None:
        self.end_forfeited_deal()
        self.deal_no += 1
        self.action_no = 0
        rest = line[4:]
        attributes: dict[str, str] = {}
        pos = 0
        while pos < len(rest):
            found = _ATTRIBUTE.match(rest, pos)
            if found is None:
                if rest[pos:].strip():
                    raise self.fail(line, 'malformed deal line (expected deal dealer=S deck="…")')
                break
            key, quoted, bare = found.groups()
            if key in attributes or key not in ("dealer", "deck"):
                raise self.fail(line, f"unexpected or repeated attribute {key!r} in the deal line")
            attributes[key] = quoted if quoted is not None else bare
            pos = found.end()
        if "dealer" not in attributes or "deck" not in attributes:
            raise self.fail(line, 'a deal line needs dealer=S and deck="…"')
        seats = self.seats()
        if attributes["dealer"] not in [str(seat) for seat in seats]:
            raise self.fail(f"dealer={attributes['dealer']}", f"the dealer must be seat {_one_of(seats)}")
        dealer = int(attributes["dealer"])
        match = self.start_match(dealer)
        deck = []
        for card_text in attributes["deck"].split():
            try:
                deck.append(parse_card(card_text))
            except InvalidCardError:
                raise self.fail(card_text, f"not a card: {card_text!r}") from None
        match.settle()
        self.complete_last_deal()
        if match.is_over:
            raise self.fail(f"dealer={dealer}", f"the match is over ({match.result_text()})")
        if match.current is not None and not match.current.is_over:
            raise self.fail(f"dealer={dealer}", f"deal {self.deal_no - 1} has not ended")
        if match.deals and dealer != match.next_dealer():
            raise self.fail(f"dealer={dealer}", f"seat {match.next_dealer()} must deal deal {self.deal_no}")
        try:
            match.new_deal(deck, dealer=dealer)
        except DealError as error:
            raise self.fail(attributes["deck"], str(error)) from None
        self.record.deals.append(DealRecord(dealer, tuple(deck)))

    def action(self, token: str) -> None:
        self.action_no += 1
        found = _TOKEN.match(token)
        seats = self.seats()
        if found is None or found.group(1) not in [str(seat) for seat in seats]:
            raise self.fail(token, f"malformed action (expected S:ACTION with S = {_one_of(seats)})")
        if self.match is None or self.match.current is None:
            raise self.fail(token, "an action before the first deal line")
        seat = int(found.group(1))
        try:
            action = Action.parse(found.group(2))
            if not action.in_records():
                raise InvalidActionError(f"not a 66R action: {found.group(2)!r}")
        except InvalidActionError as error:
            raise self.fail(token, str(error)) from None
        deal = self.match.current
        if deal.is_over:
            if action == CLAIM and self.automatic_claim_due(deal) == seat:
                self.record.deals[-1].actions.append((seat, ACTIONS[CLAIM]))
                return
            raise self.fail(token, f"deal {self.deal_no} is over")
        try:
            apply_record_action(deal, seat, action)
        except IllegalActionError as error:
            raise self.fail(token, str(error).split(": ", 1)[-1]) from None
        self.record.deals[-1].actions.append((seat, ACTIONS[action]))

    def automatic_claim_due(self, deal: Table) -> int:
        """The seat whose automatic claim ended ``deal`` and is not yet written in the record, else 0."""
        claimant = automatic_claimant(deal)
        actions = self.record.deals[-1].actions
        return claimant if claimant and (not actions or actions[-1][1] != CLAIM) else 0

    def complete_last_deal(self) -> None:
        """Write the automatic claim that ended the last deal if the text left it out (older records)."""
        match = self.match
        if match is None or match.current is None:
            return
        claimant = self.automatic_claim_due(match.current)
        if claimant:
            self.record.deals[-1].actions.append((claimant, ACTIONS[CLAIM]))


def _one_of(seats: Sequence[int]) -> str:
    """``1 or 2``, ``1, 2 or 3``, ``1, 2, 3 or 4``."""
    return ", ".join(str(seat) for seat in seats[:-1]) + f" or {seats[-1]}"
