"""French typography in every French text a player reads: the catalogue (``present/words/fr.json``, the
page's, the terminal's and the server's sentences) and the rule book (``present/rulebook.fr.md``).

The rule, as French printers set it: a no-break space (U+00A0) before a colon and inside « »; a narrow
no-break space (U+202F) before ``;``, ``!``, ``?`` and ``%``; never an ordinary space (a line may break
there) and never none. A run of signs (``?!``) takes one space, before the run. Not punctuation, so left
alone: a sign inside a word (``12:30``, ``https://``, ``?animations=0``), the review's marks in brackets
(``(?!)``, ``(?)``, ``(??)``), a sign that starts a line, and code a player copies as it is written (a
JSON object ``{"action": "Ah"}``, the HTTP headers ``Authorization:`` and ``Sec-Fetch-Site:``, an HTML
comment). The page's own check of its keys is tests/web_static/i18n.test.mjs.
"""

from __future__ import annotations

import re
from importlib import resources

from sixtysix.present import words
from sixtysix.present.words import catalogue

NBSP = "\u00a0"
NARROW_NBSP = "\u202f"

CODE = re.compile(r'\{"[^{}]*\}|\b(?:Authorization|Sec-Fetch-Site):|<!--.*?-->', re.S)
"""Text a player copies as written, or never sees: JSON objects, HTTP header names, HTML comments."""

SIGNS = re.compile(r"[;:!?%]+")


def space_before(signs: str) -> str:
    """The space a run of signs takes before it: no-break before a colon, narrow no-break before the rest."""
    return NBSP if signs[0] == ":" else NARROW_NBSP


def faults(text: str) -> list[str]:
    """Every place of ``text`` where French typography is broken, with a few characters around it."""
    text = CODE.sub(lambda match: "x" * len(match[0]), text)
    found = []
    for match in SIGNS.finditer(text):
        before = text[match.start() - 1] if match.start() else ""
        after = text[match.end() : match.end() + 1]
        in_a_word = after.isalnum() or after in ("/", "-", "=")
        if before in ("", "\n", "(") or in_a_word:
            continue
        if before != space_before(match[0]):
            found.append(text[max(0, match.start() - 12) : match.end() + 3])
    for match in re.finditer(r"«(.?)|(.?)»", text, re.S):
        if (match[1] if match[1] is not None else match[2]) != NBSP:
            found.append(match[0])
    return found


def french_texts() -> dict[str, str]:
    """Every French text a player reads, by where it is: each catalogue value's form, and the rule book."""
    texts = {"rulebook.fr.md": resources.files("sixtysix.present").joinpath("rulebook.fr.md").read_text("utf-8")}
    for key, value in catalogue("fr").items():
        forms = value.items() if isinstance(value, dict) else [("", value)]
        texts.update({f"fr.json {key}{'.' + form if form else ''}": text for form, text in forms})
    return texts


def test_every_french_text_has_a_no_break_space_before_colon_semicolon_bang_query_percent_and_inside_guillemets() -> (
    None
):
    texts = french_texts()
    assert len(texts) > 1000
    wrong = {where: found for where, text in texts.items() if (found := faults(text))}
    assert wrong == {}


def test_the_typography_rule_finds_an_ordinary_space_a_missing_space_and_the_wrong_kind() -> None:
    assert faults("Vous gagnez !") == ["Vous gagnez !"]
    assert faults("Donne {n}: {name}") == ["Donne {n}: {n"]
    assert faults(f"Vraiment{NBSP}?") == [f"Vraiment{NBSP}?"]  # the narrow one before ?
    assert faults(f"Points{NARROW_NBSP}: 3") == [f"Points{NARROW_NBSP}: 3"]  # the full one before :
    assert faults(f"dites « 66{NBSP}»") == ["« "]
    assert faults(f"gagne 74 %{NARROW_NBSP};") == [f"gagne 74 %{NARROW_NBSP};"]
    assert faults("[bold]Vous :[/]") == ["[bold]Vous :[/]"]


def test_the_typography_rule_passes_code_times_links_marks_and_well_set_french() -> None:
    right = [
        f"Donne {{n}}{NBSP}: atout{NARROW_NBSP}; «{NBSP}66{NBSP}»{NARROW_NBSP}!",
        f"Vraiment{NARROW_NBSP}?!",
        "à 12:30, sur https://www.pagat.com/ ou /?animations=0",
        "une imprécision (?!), une erreur (?), une gaffe (??)",
        'par exemple {"action": "Ah"}',
        "il faut un jeton\u00a0: Authorization: Bearer TOKEN (Sec-Fetch-Site: {site})",
        "<!-- players: 2 3 -->",
        "?",
    ]
    assert [text for text in right if faults(text)] == []


def test_the_french_catalogue_is_scanned_not_skipped() -> None:
    assert words.say("log.claim.you", "fr") == f"Vous annoncez 66{NARROW_NBSP}!"
    assert f"{NBSP}:" in words.say("clock.yours", "fr", s=3)


def test_the_page_puts_a_colon_after_its_words_only_through_labelled() -> None:
    """A label and its colon joined in the page's JavaScript (``${label}: …``) go through ``labelled()``
    (web/static/js/describe.js), which gives French its no-break space; the words themselves are the catalogue's."""
    js = resources.files("sixtysix.web").joinpath("static/js")
    files = [*js.iterdir(), *js.joinpath("pages").iterdir()]
    glued = re.compile(r"\}[:;!?](?=[ <])")
    found = [
        f"{path.name}: {line.strip()}"
        for path in files
        if path.name.endswith(".js")
        for line in path.read_text("utf-8").splitlines()
        if glued.search(line.split(" // ")[0]) and "${label}: " not in line
    ]
    assert found == []
    assert len(files) > 15
