"""Exception types of sixtysix.

Every error a user can provoke is a subclass of :class:`ValueError`, as in
python-chess, so ``except ValueError`` catches them all; the subclasses say
exactly what went wrong.
"""

from __future__ import annotations


class InvalidCardError(ValueError):
    """A card's text cannot be parsed (``"Zz"``, ``"1h"``)."""


class InvalidActionError(ValueError):
    """An action token is malformed (``"21h"``, ``"Q"``): no game could accept it."""


class IllegalActionError(ValueError):
    """A well-formed action that the rules do not allow at this point.

    The game state is left exactly as it was.
    """


class RulesError(ValueError):
    """An unknown preset, option name or option value."""


class DealError(ValueError):
    """A deck that is not a permutation of the pack, or a deal that cannot start."""


class MatchError(ValueError):
    """A match-level mistake: a deal out of turn, a wrong dealer, a match already over."""


class InvalidNameError(ValueError):
    """A player's name (or another record header value) holds a character it may not hold:
    a control character or a bidirectional formatting character (names), a line break (any
    header value)."""


class RecordError(ValueError):
    """An invalid 66R record.

    ``deal`` is the 1-based deal number (0 before the first ``deal`` line),
    ``action`` the 1-based position of the action in that deal (0 for an error
    in a header or ``deal`` line), ``token`` the offending text and ``reason``
    a human-readable explanation.
    """

    def __init__(self, deal: int, action: int, token: str, reason: str) -> None:
        super().__init__(f"deal {deal}, action {action} ({token!r}): {reason}")
        self.deal = deal
        self.action = action
        self.token = token
        self.reason = reason

    def to_json(self) -> dict[str, object]:
        """The error object of ``sixtysix replay --json``."""
        return {"deal": self.deal, "action": self.action, "token": self.token, "reason": self.reason}
