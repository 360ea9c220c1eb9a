"""What the player types, turned into actions or commands: a pure function.

Input is short and forgiving: a card (``Ah``, ``ah``, ``10h``, ``A♥``) or the number of a
card in the hand as the screen shows it, a marriage (``20h``, ``40s``, or ``20``/``40``
when only one can be meant), ``x``, ``c``, ``cb``, ``66``, ``draw`` (``d``), ``pass``
(``p``), or a command (``help``, ``hint``, ``last``, ``rules``, ``undo``, ``quit``).
Several actions may be typed on one line (``x 20h kh``); they are taken in order.
Whether an action is legal is the engine's business, not this module's.

>>> from sixtysix.core.cards import CARD_NAMES, HEARTS, parse_cards
>>> from sixtysix.present.order import hand_order
>>> hand = hand_order(parse_cards("Ah Th Kh 9s Qc Jd"), trump=HEARTS)
>>> [CARD_NAMES[c] for c in hand]
['9s', 'Qc', 'Jd', 'Ah', 'Th', 'Kh']
>>> parse_input("2", hand)
Play(actions=(Action.parse('Qc'),))
>>> parse_input("10H", hand), parse_input("x c", hand)
(Play(actions=(Action.parse('Th'),)), Play(actions=(Action.parse('X'), Action.parse('C'))))
>>> parse_input("?", hand), parse_input("7", hand)
(Command(name='help'), Invalid(message='there is no card number 7 (your cards are numbered 1-6)'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeAlias

from sixtysix.core.actions import ACTIONS, CLAIM, CLOSE, DRAW, EXCHANGE, MARRIAGE_20, MARRIAGE_40, PASS, Action
from sixtysix.core.cards import Card
from sixtysix.core.errors import InvalidActionError
from sixtysix.present.words import say


@dataclass(frozen=True)
class Play:
    """One or more game actions, to be taken in order."""

    actions: tuple[Action, ...]


@dataclass(frozen=True)
class Command:
    """A command that is not a game action: ``help``, ``hint``, ``last``, ``rules``, ``undo``,
    ``quit``, or ``enter`` for an empty line."""

    name: str


@dataclass(frozen=True)
class Invalid:
    """Input that means nothing here, with the reason (in English; :meth:`text` in any language)."""

    message: str
    key: str = field(default="", repr=False, compare=False)
    """The reason's sentence in :mod:`sixtysix.present.voice` (``input.KEY``)."""
    values: tuple[tuple[str, object], ...] = field(default=(), repr=False, compare=False)

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang``.

        >>> parse_input("7", []).text("de")
        'es gibt keine Karte Nummer 7: du hast keine Karten'
        """
        return say(f"tui.input.{self.key}", lang, **dict(self.values)) if self.key else self.message


def _invalid(key: str, **values: object) -> Invalid:
    """The reason ``input.KEY`` of :mod:`sixtysix.present.voice`, with its values."""
    return Invalid(say(f"tui.input.{key}", "en", **values), key, tuple(values.items()))


Parsed: TypeAlias = Play | Command | Invalid

COMMANDS: dict[str, str] = {
    "help": "help",
    "h": "help",
    "?": "help",
    "hint": "hint",
    "last": "last",
    "l": "last",
    "rules": "rules",
    "undo": "undo",
    "u": "undo",
    "quit": "quit",
    "q": "quit",
    "exit": "quit",
    "save": "quit",
}
"""Command words (and their short forms) and the command each means."""

WORDS: dict[str, Action] = {
    "d": ACTIONS[DRAW],
    "p": ACTIONS[PASS],
    "exchange": ACTIONS[EXCHANGE],
    "close": ACTIONS[CLOSE],
    "claim": ACTIONS[CLAIM],
    "out": ACTIONS[CLAIM],
}
"""Words for actions beyond the record tokens (``x``, ``c``, ``cb``, ``66``, ``draw``, ``pass``)."""


def parse_input(text: str, hand: Sequence[Card], legal: Sequence[Action] = ()) -> Parsed:
    """Read one line of input.

    ``hand`` is the hand in screen order (:func:`hand_order`), for card numbers;
    ``legal`` the legal actions, used only to tell which marriage a bare ``20`` or
    ``40`` means.
    """
    tokens = _join_split_marriages(text.strip().split())
    if not tokens:
        return Command("enter")
    if len(tokens) == 1 and tokens[0].lower() in COMMANDS:
        return Command(COMMANDS[tokens[0].lower()])
    actions: list[Action] = []
    for token in tokens:
        if token.lower() in COMMANDS:
            return _invalid("on_its_own", word=token.lower())
        parsed = parse_token(token, hand, legal)
        if isinstance(parsed, Invalid):
            return parsed
        actions.append(parsed)
    return Play(tuple(actions))


def parse_token(token: str, hand: Sequence[Card], legal: Sequence[Action] = ()) -> Action | Invalid:
    """One action token: a card number, a word, a bare ``20``/``40``, or a record token."""
    lower = token.lower()
    if lower.isdigit() and lower not in ("20", "40", "66"):
        number = int(lower)
        if 1 <= number <= len(hand):
            return ACTIONS[hand[number - 1]]
        if lower == "10":
            return _invalid("ten")
        if not hand:
            return _invalid("no_cards", n=number)
        return _invalid("no_number", n=number, k=len(hand))
    if lower in WORDS:
        return WORDS[lower]
    if lower in ("20", "40"):
        return _bare_marriage(int(lower), legal)
    try:
        return Action.parse(token)
    except InvalidActionError:
        return _invalid("unknown", token=token)


def _bare_marriage(value: int, legal: Sequence[Action]) -> Action | Invalid:
    base = MARRIAGE_40 if value == 40 else MARRIAGE_20
    options = [a for a in legal if base <= a < base + 4]
    if len(options) == 1:
        return options[0]
    if not options:
        return _invalid("no_marriage", value=value)
    return _invalid("which_marriage", value=value, options=", ".join(str(a) for a in options))


def _join_split_marriages(tokens: list[str]) -> list[str]:
    """``20 h`` is ``20h``: a bare 20/40 followed by a lone suit letter or symbol."""
    joined: list[str] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token in ("20", "40") and i + 1 < len(tokens) and tokens[i + 1].lower() in _SUIT_WORDS:
            joined.append(token + tokens[i + 1])
            i += 2
            continue
        joined.append(token)
        i += 1
    return joined


_SUIT_WORDS = frozenset("cdhs♣♦♥♠")
