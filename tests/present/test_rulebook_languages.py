"""The rule book in three languages (sixtysix.present.rulebook): the English, German and French books stay in
step (the same sections, rule IDs and option names in the same places), and a game's rules for players, in
every language and for every preset, show no name of the code: options and values are in words."""

from __future__ import annotations

import html
import re
from collections import Counter

import pytest

from sixtysix.core.rules import CHOICES, PRESETS, Rules
from sixtysix.present import rulebook
from sixtysix.present.presets import LANGUAGES
from sixtysix.present.rulewords import choices, option_names, value_words
from sixtysix.present.words import catalogue

RULE_ID = re.compile(r"\*\*((?:R|TC)-[A-Z0-9]+(?:-[0-9]+)?|A[0-9]+)\b")
MARKER = re.compile(r"<!--\s*(?:players|options-table|options-summary)\b.*?-->")
CODE = re.compile(r"`([^`]+)`")
WORDS_OF_THE_CODE = {value for values in CHOICES.values() for value in values if isinstance(value, str)}
SNAKE_CASE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b|\bhoyle1895\b")


def _shape(text: str) -> list[tuple[int, str, str]]:
    """The book's skeleton: each heading's level and number, and each marker, in order."""
    shape = []
    for line in text.splitlines():
        heading = re.match(r"(#+) (\d+(?:\.\d+)*)? ?", line)
        if heading:
            shape.append((len(heading.group(1)), heading.group(2) or "", ""))
        elif MARKER.fullmatch(line.strip()):
            shape.append((0, "", re.sub(r"\s+", " ", line.strip())))
    return shape


def _names_of_the_code(text: str) -> Counter[str]:
    """The options, settings, values and presets a book names (in backquotes), counted."""
    named = Counter[str]()
    for code in CODE.findall(text):
        if code.partition("=")[0] in CHOICES or code in PRESETS or code in WORDS_OF_THE_CODE:
            named[code] += 1
    return named


def _out_of_step(english: str, other: str) -> list[str]:
    """Where a translated book is not in step with the English one."""
    errors = []
    if RULE_ID.findall(english) != RULE_ID.findall(other):
        errors.append("rule IDs")
    if _shape(english) != _shape(other):
        errors.append("sections")
    if _names_of_the_code(english) != _names_of_the_code(other):
        errors.append(f"option names: {(_names_of_the_code(english) - _names_of_the_code(other))!r}")
    return errors


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_german_and_french_books_have_the_english_sections_rule_ids_and_option_names(lang: str) -> None:
    english, other = rulebook.source("en"), rulebook.source(lang)
    assert english != other
    assert _out_of_step(english, other) == []
    assert len(RULE_ID.findall(other)) > 150


def test_a_book_out_of_step_is_found() -> None:
    book = rulebook.source("de")
    dropped = book.replace("* **R-MAR-7**", "* R-MAR-7", 1)  # a rule whose ID is no longer an ID
    swapped = book.replace("(Option `tie_rule`, A12)", "(Option `next_dealer`, A12)", 1)
    unmarked = book.replace("<!-- players: 3 -->\n", "", 1)
    assert _out_of_step(rulebook.source("en"), dropped) == ["rule IDs"]
    assert _out_of_step(rulebook.source("en"), unmarked) == ["sections"]
    assert _out_of_step(rulebook.source("en"), swapped)[0].startswith("option names: Counter({'tie_rule': 1})")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_books_rules_are_written_in_its_language(lang: str) -> None:
    """Every rule's text differs from the English one (R-CARD-1 and on: nothing left untranslated)."""
    items = {
        lang_: {
            found.group(1): item
            for block in rulebook.source_blocks(lang_)
            if isinstance(block, rulebook.Items)
            for item in block.items
            if (found := RULE_ID.match(item))
        }
        for lang_ in ("en", lang)
    }
    assert items["en"].keys() == items[lang].keys()
    if lang != "en":
        same = [rule for rule, text in items[lang].items() if text == items["en"][rule]]
        assert same == []


def _visible(page: str) -> str:
    """What a reader sees of an HTML fragment: its text, the tags (and their attributes) dropped."""
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("preset", list(PRESETS))
def test_no_name_of_the_code_is_shown_to_a_player(preset: str, lang: str) -> None:
    rules = Rules.preset(preset)
    document = rulebook.game_document(rules, lang)
    text, page = rulebook.to_text(document), rulebook.to_html(document)
    for shown in (text, _visible(page), rulebook.to_markdown(document)):
        assert SNAKE_CASE.findall(shown) == []
    codes = set(re.findall(r"<code>([^<]*)</code>", page))
    assert {code for code in codes if code.partition("=")[0] in CHOICES or code in PRESETS} == set()
    assert codes & WORDS_OF_THE_CODE == set()
    for row in rulebook.option_rows(rules, lang):  # the options table: their words, not the code's names
        assert f"<td>{html.escape(row.label, quote=False)}</td>" in page
        assert f"<td>{html.escape(row.value_words, quote=False)}</td>" in page


def test_an_option_named_in_a_rule_is_put_in_words_in_each_language() -> None:
    """R-CARD-2 names the option of the nine's points, section 4.1 Schnapsen's settings (``deck=20``)."""
    expected = {
        "en": ("(option “Points of a nine” can make", "“Cards in the pack: 20”, “Cards in a hand: 5”"),
        "de": ("(die Option „Punkte eines Neuners“ kann", "„Karten im Spiel: 20“, „Karten auf der Hand: 5“"),
        "fr": (
            "(l'option «\u00a0Points d'un neuf\u00a0» peut",
            "«\u00a0Cartes du jeu\u00a0: 20\u00a0», «\u00a0Cartes en main\u00a0: 5\u00a0»",
        ),
    }
    for lang, (option, setting) in expected.items():
        text = re.sub(r"[ \n]+", " ", rulebook.to_text(rulebook.game_document(Rules.preset("vu_schnapsen"), lang)))
        assert option in text and setting in text, lang


def test_a_value_is_worded_as_a_value_of_the_option_named_before_it() -> None:
    """``seed`` is a value of two options: the words follow the option the sentence names (A1, A6)."""
    exchange = rulebook.for_players("`nine_exchange_rule`: `seed`", "de")
    credit = rulebook.for_players("`marriage_credit` (`seed`)", "de")
    assert exchange == "„Wer austauschen darf“: „wer einen Stich hat, nach dem Ziehen“"
    assert credit == "„Wann ein Paar zählt“ („sobald der Melder einen Stich hat“)"
    assert rulebook.for_players("`Ah`, `R-P2-2`, `LEAD`") == "`Ah`, `R-P2-2`, `LEAD`"  # not an option: stays


def test_every_option_and_value_has_words_in_three_languages() -> None:
    assert set(option_names()) == set(CHOICES)
    for name, values in CHOICES.items():
        worded = {str(value) for value in values if isinstance(value, str) and not value.isdigit()}
        assert set(choices(name)) <= {str(value) for value in values}, name  # no words for a value that is gone
        assert worded <= set(choices(name)), name
        for value in values:
            for lang in LANGUAGES:
                words = value_words(name, value, lang)
                assert words and not SNAKE_CASE.search(words), (name, value, lang)
                if value in worded:
                    assert f"rulebook.choice.{name}.{value}" in catalogue(lang), (name, value, lang)
    for lang in LANGUAGES:
        rulebook_keys = [key for key in catalogue(lang) if key.startswith("rulebook.")]
        assert len(rulebook_keys) > 80 and all(catalogue(lang)[key] for key in rulebook_keys), lang


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_whole_book_in_german_and_french_is_the_english_books_skeleton(lang: str) -> None:
    book, english = rulebook.book_document(lang), rulebook.book_document("en")
    numbers = [heading.number for heading in rulebook.headings(book)]
    assert numbers == [heading.number for heading in rulebook.headings(english)]
    titles = {heading.number: heading.title for heading in rulebook.headings(book)}
    english_titles = {heading.number: heading.title for heading in rulebook.headings(english)}
    same = [number for number in titles if titles[number] == english_titles[number]]
    assert set(same) <= {"4", "6.8"}  # "Schnapsen" is German for all
    assert rulebook.book_markdown(lang).count("| `tie_rule` | carry_one, void |") == 1
