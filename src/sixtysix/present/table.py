"""Who sits at a table, and the one question the presentation asks about its size.

:class:`PublicMatch` is what everybody at a table knows besides the cards (names, who is
a computer, who is connected, open invitations). Everything about the cards is asked of
the core's :class:`~sixtysix.core.table.Table` (the views, the tricks, the scores); the
one thing the words need to know about a table's size is :func:`is_duel`: whether its
deals are played by two seats, one against the other (explained in full, scaled as
simple, Schneider or Schwarz), or by sides of partners.

>>> from sixtysix import Rules
>>> [is_duel(Rules.preset(name)) for name in ("seed66", "three66", "four66")]
[True, True, False]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from sixtysix.core.rules import Rules


def is_duel(rules: Rules) -> bool:
    """Whether a deal under ``rules`` is played by two seats, one against the other: the
    two-player game, and the three-handed one, where the dealer sits out; not the
    partnership game, where sides of two play (the core's trick of two cards, not four)."""
    return rules.cards_per_trick == 2


@dataclass
class PublicMatch:
    """What everybody at the table knows about a match besides the cards."""

    match_id: str
    version: int
    status: str
    """``waiting``, ``playing`` or ``over``."""
    kind: str
    """``computer`` or ``friend``."""
    hints: bool
    seats: Mapping[int, tuple[str, str, int | None]]
    """Per seat: (name, ``human``/``computer``, level)."""
    connected: Mapping[int, bool] = field(default_factory=dict)
    invite: tuple[int, str | None] | None = None
    """Two-player: (creator seat, code) while the invitation is unused. The code is ``None``: the
    server keeps only its hash and showed it once, when the match was created (a match stored by an
    older server may still have its plain code)."""
    invites: Mapping[int, str | None] | None = None
    """Three- and four-handed: the open seats' invitations, by seat (shown to ``host`` only), with the
    code where it is still known (see ``invite``)."""
    host: int | None = None
    """Three- and four-handed: the seat that created the match."""
    reviews: bool = False
    """Whether its finished deals can be reviewed."""
    open_seats: frozenset[int] = frozenset()
    """The seats waiting for a friend to take them."""

    def name(self, seat: int) -> str:
        return self.seats[seat][0]
