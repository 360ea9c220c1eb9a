"""The words of the rule book in English, German and French: headings, option names, the text around them.

The rule book's text (:mod:`sixtysix.present.rulebook`) is English; these are the words a game's
rules show in the reader's language, the ``rulebook.*`` keys of the message catalogue
(:mod:`sixtysix.present.words`): ``rulebook.heading.N`` a section's title (``book`` the book's),
``rulebook.option.NAME`` an option's name.

>>> option_label("tie_rule", "de"), option_label("tie_rule", "xx"), option_label("no_such_option")
('Gleichstand', 'A tie', 'no_such_option')
>>> heading("2.1", "fr"), heading("", "de"), heading("9.9", "de")
('Cartes et valeurs', 'Die Regeln von 66', None)
"""

from __future__ import annotations

from sixtysix.present.words import catalogue, say


def heading(number: str, lang: str) -> str | None:
    """The title of the book's section ``number`` (``""`` the book's own) in ``lang``; ``None`` if it has none."""
    key = f"rulebook.heading.{number or 'book'}"
    return say(key, lang) if key in catalogue("en") else None


def option_label(name: str, lang: str = "en") -> str:
    """The option's name in words (the option's own name if the catalogue has none).

    >>> option_label("tie_rule", "de")
    'Gleichstand'
    """
    key = f"rulebook.option.{name}"
    return say(key, lang) if key in catalogue("en") else name
