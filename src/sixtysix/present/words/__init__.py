"""Every word the player reads, once: one message catalogue per language and the one :func:`say`.

The catalogues are data files beside this module (``en.json``, ``de.json``, ``fr.json``, package
data), one key namespace for every front end: the page's keys as they are (``table.*``,
``lobby.*``, ``deal.*``, …) and the Python front ends' under a prefix (``tui.*`` the terminal's
table, ``puzzle.*`` the puzzles, ``error.*`` the web server's refusals, ``explain.*``,
``rulebook.*``, ``outcome.*``, ``preset.*``). A value is a sentence with ``{placeholders}``, or
its plural forms ``{"one": …, "other": …}`` chosen by the value ``n`` (:func:`plural_form`: French
takes the singular below two, English and German for one alone). A key missing in a language is
said in English. The web page reads the same catalogues from the server (``GET /api/words/{lang}``,
:func:`page_words`): the browser keeps no copy of the words.

>>> say("nav.rules", "de")
'Regeln'
>>> say("table.points", "fr", n=0), say("table.points", "en", n=0)
('0 point', '0 points')
>>> say("nav.rules", "it")
'Rules'
"""

from __future__ import annotations

import functools
import json
import logging
import re
from importlib import resources

logger = logging.getLogger(__name__)

LANGUAGES = ("en", "de", "fr")
"""The languages of the texts; English first (the fallback)."""


def language(lang: str) -> str:
    """``lang`` if the texts are written in it, else English (the fallback).

    >>> language("de"), language("it")
    ('de', 'en')
    """
    return lang if lang in LANGUAGES else "en"


def singular(count: float, lang: str) -> bool:
    """Whether ``count`` of something takes the singular in ``lang``: French says ``0 pli`` and
    ``1,5 point``, English and German only one thing is singular.

    >>> singular(0, "fr"), singular(0, "en"), singular(1, "de"), singular(1.5, "fr")
    (True, False, True, True)
    """
    return abs(count) < 2 if language(lang) == "fr" else abs(count) == 1


Entry = str | dict[str, str]
"""A catalogue's value: a sentence, or its plural forms by ``one`` and ``other``."""

PLACEHOLDER = re.compile(r"\{(\w+)\}")
"""The one placeholder syntax, in Python and in the page: ``{name}``."""

ELISION = re.compile(r"\b([Dd]|[Qq]u)e \{(\w+)\}")
"""French "de {name}" and "que {name}" before a vowel: ``le temps d'Anna``, ``mieux vaut jouer qu'annoncer``."""

VOWELS = "AEIOUYÀÂÉÈÊÎÔÛaeiouyàâéèêîôû"


@functools.cache
def catalogue(lang: str) -> dict[str, Entry]:
    """The catalogue of ``lang`` as it is written (``en``, ``de`` or ``fr``; a key may be missing).

    >>> catalogue("en")["nav.rules"]
    'Rules'
    """
    if lang not in LANGUAGES:
        raise KeyError(f"no catalogue for language {lang!r}")
    text = resources.files(__package__).joinpath(f"{lang}.json").read_text(encoding="utf-8")
    data: dict[str, Entry] = json.loads(text)
    return data


def keys() -> list[str]:
    """Every key, as the English catalogue (the reference) has them.

    >>> "nav.rules" in keys()
    True
    """
    return list(catalogue("en"))


def entry(key: str, lang: str = "en") -> Entry:
    """The value of ``key`` in ``lang``, else in English; an unknown key fails (``KeyError``)."""
    found = catalogue(language(lang)).get(key)
    if found is None:
        found = catalogue("en")[key]
        if lang != "en":
            logger.debug("no %r in language %r: said in English", key, lang)
    return found


def plural_form(n: float, lang: str) -> str:
    """``one`` or ``other``: the plural rule of every catalogue, French singular below two.

    >>> plural_form(1, "en"), plural_form(0, "en"), plural_form(0, "fr"), plural_form(1.5, "fr")
    ('one', 'other', 'one', 'one')
    """
    return "one" if singular(n, lang) else "other"


def fill(text: str, lang: str, values: dict[str, object]) -> str:
    """``text`` with its ``{placeholders}`` replaced by ``values`` (French elides "de" before a vowel).

    >>> fill("le temps de {name}", "fr", {"name": "Anna"})
    "le temps d'Anna"
    """
    if language(lang) == "fr":
        text = ELISION.sub(
            lambda m: f"{m[1]}'{{{m[2]}}}" if (str(values.get(m[2], ""))[:1] or "x") in VOWELS else m[0],
            text,
        )

    def value(match: re.Match[str]) -> str:
        name = match[1]
        if name not in values:
            raise KeyError(f"no value for {{{name}}} in {text!r}")
        return str(values[name])

    return PLACEHOLDER.sub(value, text)


def say(key: str, lang: str = "en", /, **values: object) -> str:
    """The sentence ``key`` in ``lang`` (English when the language or the key in it is missing), its
    plural form chosen by ``n`` and its ``{placeholders}`` filled from ``values``.

    >>> say("table.points", "de", n=1)
    '1 Auge'
    """
    found = entry(key, lang)
    if isinstance(found, dict):
        found = found[plural_form(count(values.get("n", 0)), lang)]
    return fill(found, lang, values)


def count(n: object) -> float:
    """The number that chooses a plural form: ``n`` itself, or the number a text writes (``1,50``).

    >>> count(2), count("1,50"), count("0.5")
    (2.0, 1.5, 0.5)
    """
    return float(str(n).replace(",", "."))


def says(key: str, /, **values: object) -> dict[str, str]:
    """The sentence ``key`` in every language, by language (what a JSON answer carries).

    >>> says("nav.rules")["fr"]
    'Règles'
    """
    return {lang: say(key, lang, **values) for lang in LANGUAGES}


def page_words(lang: str) -> dict[str, Entry]:
    """The catalogue the web page reads (``GET /api/words/{lang}``): ``lang``'s, English where it lacks a key.

    >>> page_words("de")["nav.rules"], len(page_words("fr")) == len(page_words("en"))
    ('Regeln', True)
    """
    return {**catalogue("en"), **catalogue(language(lang))}


def placeholders(value: Entry) -> set[str]:
    """The placeholders of a value, in all its forms.

    >>> sorted(placeholders({"one": "{n} point", "other": "{n} points of {name}"}))
    ['n', 'name']
    """
    forms = value.values() if isinstance(value, dict) else [value]
    return {name for form in forms for name in PLACEHOLDER.findall(form)}


def dumps(table: dict[str, Entry]) -> str:
    """A catalogue as its file is written: keys sorted, one per line, UTF-8 as it reads.

    >>> dumps({"b": "x", "a": "é"})
    '{\\n "a": "é",\\n "b": "x"\\n}\\n'
    """
    return json.dumps(dict(sorted(table.items())), ensure_ascii=False, indent=1) + "\n"
