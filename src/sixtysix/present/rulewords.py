"""The words of the rule book in English, German and French: option names and values, the text around them.

The rule book's text is written once in each language (``rulebook.md``, ``rulebook.de.md``,
``rulebook.fr.md``, read by :mod:`sixtysix.present.rulebook`); these are the words a game's
rules put in place of the code's names, so that no player reads an internal option name. They
live in the catalogue (:mod:`sixtysix.present.words`) under ``rulebook.*``: an option's name
``rulebook.option.{name}``, a value that is a word of the code ``rulebook.choice.{name}.{value}``,
``rulebook.yes``/``rulebook.no``, and the words around the book's text (``rulebook.title``, …).

>>> option_label("tie_rule", "de"), option_label("tie_rule", "xx")
('Gleichstand', 'A tie')
>>> value_words("nine_exchange_rule", "leader_any", "fr")
'celui qui entame, même sans pli'
>>> value_words("close_allowed", True, "de"), value_words("deck", 20, "fr")
('ja', '20')
>>> word("title", "fr", name="Schnapsen")
'Les règles du 66\u00a0: Schnapsen'
"""

from __future__ import annotations

from sixtysix.present.words import catalogue, say

OPTION = "rulebook.option."
"""The head of an option's name in the catalogue (``rulebook.option.tie_rule``)."""
CHOICE = "rulebook.choice."
"""The head of an option's value in words (``rulebook.choice.tie_rule.void``)."""


def word(key: str, lang: str, **values: str) -> str:
    """The catalogue's ``rulebook.{key}`` in ``lang`` (English when the language has none).

    >>> word("presets", "de")
    'Die Voreinstellungen:'
    """
    return say(f"rulebook.{key}", lang, **values)


def value_words(name: str, value: object, lang: str = "en") -> str:
    """An option's value in words: ``yes``/``no``, a number as it is, a word of the code from ``rulebook.choice.*``.

    >>> value_words("tie_rule", "void", "de"), value_words("match_target", 7)
    ('nichts wird übertragen', '7')
    """
    if isinstance(value, bool):
        return say("rulebook.yes" if value else "rulebook.no", lang)
    key = f"{CHOICE}{name}.{value}"
    return say(key, lang) if key in catalogue("en") else str(value)


def setting_words(name: str, value: object, lang: str = "en") -> str:
    """An option and its value in words, as a rule names them.

    >>> setting_words("tie_rule", "void", "de")
    '„Gleichstand: nichts wird übertragen“'
    """
    setting = word("setting", lang, label=option_label(name, lang), value=value_words(name, value, lang))
    return word("quoted", lang, text=setting)


def option_label(name: str, lang: str = "en") -> str:
    """The option's name in words (the code's name for an option the catalogue does not know).

    >>> option_label("tie_rule", "de"), option_label("no_such_option")
    ('Gleichstand', 'no_such_option')
    """
    key = OPTION + name
    return say(key, lang) if key in catalogue("en") else name


def option_names() -> list[str]:
    """Every option the catalogue has words for.

    >>> "tie_rule" in option_names()
    True
    """
    return [key.removeprefix(OPTION) for key in catalogue("en") if key.startswith(OPTION)]


def choices(name: str) -> list[str]:
    """The values of option ``name`` that the catalogue puts in words (``rulebook.choice.{name}.*``).

    >>> choices("next_dealer")
    ['alternate', 'loser', 'winner']
    """
    head = f"{CHOICE}{name}."
    return [key.removeprefix(head) for key in catalogue("en") if key.startswith(head)]
