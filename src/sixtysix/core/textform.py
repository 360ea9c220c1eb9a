"""The one-line text form of a deal of any table size (what python-chess calls a FEN).

A deal's text is its rules (the preset, then the options that differ from it), the
dealer, the card order of the deck and every action so far, each as ``seat:token``,
decisions that records leave out (``draw``, ``pass``) included::

    seed66 nine_points=1 dealer=2 cards=KhQhAh9s…Jh9h actions=1:20h,1:Kh,2:Ac

A three-handed deal adds ``sitting_out=S`` when someone other than the dealer sits out,
a four-handed deal ``match_score=A-B`` when the match score changes its play (the ten of
trumps). The text is the complete state, hidden cards included, exactly like a 66R
record: it is for saving, tests and bug reports, never for a player (players receive
views). :meth:`Deal.text <sixtysix.core.game.Deal.text>` and ``parse_text`` of each deal
class use this module; a match's text (:meth:`sixtysix.core.match.Match.text`) is its
rules and first dealer, then one :func:`deal_fields` line per deal.

>>> from sixtysix.core.rules import Rules
>>> form = parse_table_text("schnapsen dealer=1 cards=" + "AhKhQhJhThAcKcQcJcTcAsKsQsJsTsAdKdQdJdTd" + " actions=2:Ah")
>>> form.rules.preset_name, form.dealer, len(form.cards), form.actions
('schnapsen', 1, 20, ((2, Action.parse('Ah')),))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from sixtysix.core.actions import Action
from sixtysix.core.cards import CARD_NAMES, Card, parse_card
from sixtysix.core.errors import DealError, InvalidActionError, InvalidCardError, RulesError
from sixtysix.core.rules import Rules

DEAL_FIELDS = ("dealer", "cards", "sitting_out", "match_score", "actions")
"""The fields of a deal's text besides the rule options (no option has one of these names)."""


class _Applies(Protocol):
    def apply(self, action: int, seat: int | None = None) -> None: ...


@dataclass(frozen=True)
class TableText:
    """A parsed deal text: the rules, the dealer, the card order, the actions and any extra fields."""

    rules: Rules
    dealer: int
    cards: tuple[Card, ...]
    actions: tuple[tuple[int, Action], ...]
    extra: Mapping[str, str] = field(default_factory=dict)
    """``sitting_out`` and ``match_score`` when the text gives them."""

    def replay(self, table: _Applies) -> None:
        """Apply the actions to a deal just dealt from :attr:`cards` (each is checked)."""
        for seat, action in self.actions:
            table.apply(action, seat)


def deal_fields(
    dealer: int, cards: Sequence[Card], history: Iterable[tuple[int, Action]], extra: Mapping[str, str] | None = None
) -> str:
    """``dealer=S cards=… [extra…] actions=…``: the deal part of a text (a match's deal line)."""
    if not cards:
        raise DealError("a position without its deck (a sampled world, a puzzle) has no text form")
    parts = [f"dealer={dealer}", "cards=" + "".join(CARD_NAMES[c] for c in cards)]
    parts += [f"{name}={value}" for name, value in (extra or {}).items()]
    parts.append("actions=" + ",".join(f"{seat}:{action}" for seat, action in history))
    return " ".join(parts)


def table_text(
    rules: Rules,
    dealer: int,
    cards: Sequence[Card],
    history: Iterable[tuple[int, Action]],
    extra: Mapping[str, str] | None = None,
) -> str:
    """The whole text of a deal: :meth:`Rules.text` and :func:`deal_fields`."""
    return f"{rules.text()} {deal_fields(dealer, cards, history, extra)}"


def parse_table_text(text: str, players: int | None = None) -> TableText:
    """Read a deal's text; ``players`` checks the table size. Raises :class:`DealError` if malformed."""
    words = text.split()
    if not words:
        raise DealError("an empty deal text")
    options = [word for word in words[1:] if word.partition("=")[0] not in DEAL_FIELDS]
    try:
        rules = Rules.parse_text(" ".join([words[0], *options]))
    except RulesError as error:
        raise DealError(f"the rules of the text: {error}") from None
    if players is not None and rules.players != players:
        raise DealError(f"the text is of a {rules.players}-player game, not a {players}-player one")
    fields = parse_deal_fields([word for word in words[1:] if word not in options])
    return _form(rules, fields)


def parse_deal_fields(words: Sequence[str]) -> dict[str, str]:
    """The ``name=value`` fields of a deal line, each once, ``dealer`` and ``cards`` required."""
    fields: dict[str, str] = {}
    for word in words:
        name, sep, value = word.partition("=")
        if not sep or name not in DEAL_FIELDS or name in fields:
            raise DealError(f"unexpected or repeated field {word!r} in a deal text")
        fields[name] = value
    for name in ("dealer", "cards"):
        if name not in fields:
            raise DealError(f"a deal text needs {name}=")
    return fields


def deal_from_fields(rules: Rules, fields: Mapping[str, str]) -> TableText:
    """The :class:`TableText` of the fields of one deal line under ``rules``."""
    return _form(rules, fields)


def _form(rules: Rules, fields: Mapping[str, str]) -> TableText:
    if not fields["dealer"].isdigit():
        raise DealError(f"dealer={fields['dealer']} is not a seat")
    cards_text = fields["cards"]
    try:
        cards = tuple(parse_card(cards_text[i : i + 2]) for i in range(0, len(cards_text), 2))
        actions = tuple(_action(token) for token in fields.get("actions", "").split(",") if token)
    except (InvalidCardError, InvalidActionError) as error:
        raise DealError(str(error)) from None
    extra = {name: value for name, value in fields.items() if name in ("sitting_out", "match_score")}
    return TableText(rules, int(fields["dealer"]), cards, actions, extra)


def _action(token: str) -> tuple[int, Action]:
    seat, sep, name = token.partition(":")
    if not sep or not seat.isdigit():
        raise InvalidActionError(f"not seat:action: {token!r}")
    return int(seat), Action.parse(name)
