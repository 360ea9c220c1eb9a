"""Actions and their text form (the tokens of the 66R record format).

An action is a small int with a canonical token, so the engine can work with
plain ints while users see text:

>>> Action.parse("ah"), Action.parse("20H"), Action.parse("cb")
(Action.parse('Ah'), Action.parse('20h'), Action.parse('CB'))
>>> str(Action.parse("10d")), int(Action.parse("Ac"))
('Td', 0)
>>> Action.parse("21h")
Traceback (most recent call last):
...
sixtysix.core.errors.InvalidActionError: not an action: '21h'

========  ===============================================================
token     meaning
========  ===============================================================
``Ah``    play (lead or follow with) a card
``20h``   declare the marriage of a non-trump suit; ``40s`` of trumps
``X``     exchange the trump nine (Schnapsen: jack) for the face-up card
``C``     close the talon with a full hand
``CB``    close the talon right after a trick, before the draw
``66``    claim 66 and end the deal
``draw``  decline ``CB`` and draw (a decision only: records never write it,
          the replay draws by itself)
``pass``  decline the exchange offered to the player not on lead (a decision
          only, never written: the leader's next action ends the offer)
========  ===============================================================
"""

from __future__ import annotations

from sixtysix.core.cards import CARD_NAMES, SUIT_CHARS, Card, Suit, parse_card
from sixtysix.core.errors import InvalidActionError, InvalidCardError

MARRIAGE_20 = 32  # + suit
MARRIAGE_40 = 36  # + suit
EXCHANGE = 40
CLOSE = 41
CLOSE_BEFORE_DRAW = 42
CLAIM = 43
DRAW = 44
PASS = 45
NUM_ACTIONS = 46


class Action(int):
    """An action id with a canonical token as its ``str``."""

    __slots__ = ()

    def __str__(self) -> str:
        return TOKENS[self]

    def __repr__(self) -> str:
        return f"Action.parse({TOKENS[self]!r})"

    @property
    def token(self) -> str:
        return TOKENS[self]

    @staticmethod
    def parse(token: str) -> Action:
        """Parse a token, case-insensitively; raise :class:`InvalidActionError`."""
        action = _PARSE.get(token.strip().lower())
        if action is None:
            try:
                return ACTIONS[parse_card(token)]
            except InvalidCardError:
                raise InvalidActionError(f"not an action: {token!r}") from None
        return action

    @staticmethod
    def play(card: Card) -> Action:
        return ACTIONS[card]

    @staticmethod
    def marriage(suit: Suit, trump: bool) -> Action:
        return ACTIONS[(MARRIAGE_40 if trump else MARRIAGE_20) + suit]

    def is_card(self) -> bool:
        """Whether this is playing a card (the ids below the first marriage)."""
        return self < MARRIAGE_20

    def is_marriage(self) -> bool:
        return MARRIAGE_20 <= self < EXCHANGE

    def in_records(self) -> bool:
        """Whether this action is written in 66R records (all but ``draw`` and ``pass``)."""
        return self < DRAW


TOKENS: tuple[str, ...] = (
    CARD_NAMES
    + tuple("20" + s for s in SUIT_CHARS)
    + tuple("40" + s for s in SUIT_CHARS)
    + ("X", "C", "CB", "66", "draw", "pass")
)
ACTIONS: tuple[Action, ...] = tuple(Action(i) for i in range(NUM_ACTIONS))
"""Every action, by id: ``ACTIONS[i]`` is the shared instance for id ``i``."""
IS_CARD: tuple[bool, ...] = tuple(action.is_card() for action in ACTIONS)
"""``IS_CARD[id]``: :meth:`Action.is_card` of every action id, as a table for the engines' hot loops."""
_PARSE = {tok.lower(): action for action, tok in zip(ACTIONS, TOKENS, strict=True) if not action.is_card()}


def parse_action(token: str) -> Action:
    """Same as :meth:`Action.parse`."""
    return Action.parse(token)


def marriage_suit(action: int) -> Suit:
    """The suit of a marriage action (``20h`` and ``40h`` are hearts)."""
    return (action - MARRIAGE_20) & 3
