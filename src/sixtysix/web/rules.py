"""``GET /api/rules`` and ``GET /api/matches/{id}/rules``: the rules page, rendered by the server.

The page's text is the rule book's (:mod:`sixtysix.present.rulebook`) in the asked language,
every option in words, as an HTML fragment the browser shows as it is: the browser holds no
rule. A match's page marks the options of that match where they differ from the default
game (``*``) or from the match's preset (``+``).

>>> page = rules_page(Rules.preset("schnapsen"), "de")
>>> page["title"]
'Die Regeln von 66: Schnapsen (20 Karten)'
>>> [row for row in page["options"] if row["name"] == "exchange_rank"][0]["value_words"]
'der Bube (Unter)'
>>> '<tr data-option="deck" class="marked"><td>*</td><td>Karten im Spiel</td><td>20</td>' in page["html"]
True
"""

from __future__ import annotations

import dataclasses

from sixtysix.core.errors import RulesError
from sixtysix.core.rules import Rules
from sixtysix.present.rulebook import game_document, option_rows, to_html
from sixtysix.present.words import LANGUAGES
from sixtysix.web.errors import malformed, not_found
from sixtysix.web.messages import sentence


def language(value: str | None) -> str:
    """The ``lang`` of a request: ``en`` (the default), ``de`` or ``fr``."""
    if value is None or value == "":
        return "en"
    if value.lower() not in LANGUAGES:
        raise malformed(sentence("server.lang", langs=", ".join(LANGUAGES)))
    return value.lower()


def preset_rules(name: str | None) -> Rules:
    """The rules of a preset named in a request (``seed66`` when none)."""
    try:
        return Rules.preset(name or "seed66")
    except RulesError as error:
        raise not_found(sentence("server.preset_unknown", error=error)) from None


def rules_page(rules: Rules, lang: str) -> dict[str, object]:
    """The rules page of a game: its title, the HTML of its rules, and its options as data."""
    document = game_document(rules, lang)
    return {
        "preset": rules.preset_name,
        "lang": document.lang,
        "title": document.title,
        "options": [dataclasses.asdict(row) for row in option_rows(rules, document.lang)],
        "html": to_html(document),
    }
