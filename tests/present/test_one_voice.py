"""One voice in each language: the server's German says "du" to the player, as the page does; its French
says "vous", as the page does.

The sentences are read from the catalogues of every word (``present/words/*.json``: the page's, the
terminal's, the puzzles', the explanations', the rule book's, the web's refusals), and from any ``"de"``
(or ``"fr"``) entry of a dict literal that would appear under ``src/sixtysix`` (there is none:
tests/present/test_words_everywhere.py), so that a sentence written in the other voice fails here
wherever it is added.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import sixtysix
from sixtysix.present.words import catalogue

SRC = Path(sixtysix.__file__).parent

FORMAL_GERMAN = (
    "Sie haben",
    "Sie müssen",
    "Sie können",
    "Sie sind",
    "Sie halten",
    "können Sie",
    "Spielen Sie",
    "Finden Sie",
    "sagen Sie",
    "melden Sie",
    "Ihnen",
)
"""The formal "you" of the German that once stood in the server's sentences (``Sie``/``sie`` meaning
"they" or "she" is not among them)."""
FORMAL_POSSESSIVE = re.compile(r"\bIhr(e|em|en|er|es)?\b")
"""Ihr, Ihre, Ihrem, …: the formal "your" (the opponent is "er", so "ihr" as "her" never starts a word capital
but at a sentence's start, where the page and the server never use it)."""
FAMILIAR_FRENCH = re.compile(r"\b(tu|te|toi|ton|ta|tes)\b|\bt'")
PLACEHOLDER = re.compile(r"\{\w*\}")
SENTENCE_END = (".", "!", "?", "(", '"', "«")
MARKUP = re.compile(r"\[/?[a-z ]*\]")
"""The terminal's ``rich`` markup (``[bold]``, ``[/]``): no part of a sentence."""


def formal_german(text: str) -> list[str]:
    """The formal forms of address in a German text (``[]``: it says "du" or addresses nobody).

    >>> formal_german("Sie haben 40 Punkte: sagen Sie jetzt an"), formal_german("Du hast 40 Punkte: sag jetzt an")
    (['Sie haben', 'sagen Sie', 'Sie (within a sentence)'], [])
    >>> formal_german("Sie spielen aus, er gibt zu."), formal_german("Spiel deine Karte; sie gewinnt.")
    ([], [])
    >>> formal_german("der Austausch bringt Ihnen den Buben für Ihren Neuner")
    ['Ihnen', 'Ihren']
    """
    found = [pattern for pattern in FORMAL_GERMAN if pattern in text]
    found += [match.group(0) for match in FORMAL_POSSESSIVE.finditer(text) if match.group(0) not in found]
    for match in re.finditer(r"\bSie\b", text):
        before = text[: match.start()].rstrip()
        if before and not before.endswith(SENTENCE_END):
            found.append("Sie (within a sentence)")
            break
    return found


def badly_capitalised_du(text: str) -> list[str]:
    """A "du" form capitalised within a sentence, or lower case after a full stop (after a colon both are
    right: a whole sentence after it may start with a capital).

    >>> badly_capitalised_du("Dann hast Du gewonnen. du bist dran."), badly_capitalised_du("Du hast: dein Zug.")
    (['Du', 'du'], [])
    >>> badly_capitalised_du("[bold cyan]Du bist dran:[/] gib eine Karte zu")  # the terminal's markup is no text
    []
    """
    text = MARKUP.sub("", text)
    found = []
    for match in re.finditer(r"\b(Du|Dein\w*|Dir|Dich)\b", text):
        before = text[: match.start()].rstrip()
        if before and not before.endswith((*SENTENCE_END, ":")):
            found.append(match.group(0))
    found += [match.group(1) for match in re.finditer(r"[.!?]\s+(du|dein\w*|dir|dich)\b", text)]
    return found


def _strings(node: ast.AST) -> list[str]:
    """The string constants of a dict entry's value (a string, or a tuple or list of them)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Tuple | ast.List):
        return [text for item in node.elts for text in _strings(item)]
    return []


def server_sentences(lang: str) -> dict[str, list[str]]:
    """Every ``lang`` entry of a dict literal in the package's Python files, by file."""
    found: dict[str, list[str]] = {}
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Dict):
                continue
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value == lang:
                    found.setdefault(str(path.relative_to(SRC)), []).extend(_strings(value))
    return found


def page_sentences(lang: str) -> list[str]:
    """Every sentence of the catalogue of ``lang`` (the page's and the Python front ends'), all plural forms."""
    return [
        form for value in catalogue(lang).values() for form in (value.values() if isinstance(value, dict) else [value])
    ]


def test_the_scan_finds_the_german_and_french_of_every_kind_of_server_sentence() -> None:
    # the catalogue holds the server's sentences too (tui.*, puzzle.*, server.*); a dict literal with a "de"
    # entry that is still somewhere in the code is scanned as well
    keys = catalogue("de")
    for prefix in ("tui.", "puzzle.", "server.", "table."):
        assert sum(key.startswith(prefix) for key in keys) > 20, prefix
    assert len(page_sentences("de")) > 700


@pytest.mark.parametrize("lang", ["de"])
def test_the_german_of_the_server_and_the_page_says_du(lang: str) -> None:
    formal = {
        f"{module}: {text!r}": formal_german(text)
        for module, texts in {**server_sentences(lang), "words": page_sentences(lang)}.items()
        for text in texts
        if formal_german(text)
    }
    assert not formal, formal


def test_du_is_lower_case_within_a_sentence_and_capital_at_its_start() -> None:
    wrong = {
        f"{module}: {text!r}": badly_capitalised_du(text)
        for module, texts in {**server_sentences("de"), "words": page_sentences("de")}.items()
        for text in texts
        if badly_capitalised_du(text)
    }
    assert not wrong, wrong


def test_the_french_of_the_server_says_vous_as_the_page_does() -> None:
    page = [text for text in page_sentences("fr") if FAMILIAR_FRENCH.search(PLACEHOLDER.sub("", text))]
    assert not page, page
    assert sum("vous" in text.lower() for text in page_sentences("fr")) > 50  # the page's voice: vous
    familiar = {
        module: [text for text in texts if FAMILIAR_FRENCH.search(PLACEHOLDER.sub("", text))]
        for module, texts in server_sentences("fr").items()
    }
    assert not any(familiar.values()), familiar
