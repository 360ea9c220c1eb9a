"""The terminal's own words: the names it gives seats, suits and levels in English, German and French.

Its sentences (the table, the prompts, the log, a deal's end) are the ``tui.*`` keys of the one
message catalogue (:mod:`sixtysix.present.words`), for everything the terminal game and the
puzzle trainer say around the cards. German says "du" and French "vous", as the web page does. A
key that names a seat comes in two forms, ``KEY.you`` for the player and ``KEY.other`` for another
seat (``{name}``); a key with a count has plural forms chosen by ``n``.
:class:`~sixtysix.present.describe.Names` speaks through it.

>>> say("tui.label.hand", "de"), say("tui.talon.cards", "fr", n=4), say("tui.opp.tricks", "en", n=1)
('Deine Karten', '4 cartes', '   1 trick')
>>> local_name("Opponent", "de"), local_name("Ann", "fr")
('Gegner', 'Ann')
"""

from __future__ import annotations

from sixtysix.core.cards import SUIT_CHARS
from sixtysix.present.words import say

LEVELS = (1, 2, 3, 4, 5)
"""The computer levels that have a short name (``tui.level.N``)."""


def local_name(name: str, lang: str = "en") -> str:
    """A name the program gave a seat (``Computer``, ``Opponent``) in ``lang``; any other name as it is."""
    if name in ("Computer", "Opponent"):
        return say(f"tui.name.{name.lower()}", lang)
    return name


def suit_name(suit: int, lang: str = "en") -> str:
    """``hearts``, ``Herz``, ``cœur``: the page's names of the suits (``fdeck.suit.*``).

    >>> suit_name(2, "fr")
    'cœur'
    """
    return say(f"fdeck.suit.{SUIT_CHARS[suit]}", lang)


def level_name(level: int, lang: str = "en") -> str:
    """A computer level's short name for the screen's title: ``counter``, ``Zähler``; ``?`` for another level.

    >>> level_name(3, "de"), level_name(9)
    ('Zähler', '?')
    """
    return say(f"tui.level.{level}", lang) if level in LEVELS else "?"
