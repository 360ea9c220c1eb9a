"""The message catalogues (``present/words/*.json``): every key in every language with the same
placeholders, one plural rule, English when a key is missing, and files kept in their one form.

The page reads the same catalogues from the server (``GET /api/words/{lang}``: tests/web/test_words_api.py).
"""

from __future__ import annotations

from importlib import resources

import pytest

from sixtysix.present import words
from sixtysix.present.words import LANGUAGES, catalogue, dumps, placeholders, plural_form, say, says

WORDED_APART = {
    "server.illegal",
    "server.invalid_record.header",
    "server.invalid_record.deal",
    "server.invalid_record.action",
}
"""Sentences whose English is the engine's own reason (``{reason}``, ``{error}``): German and French leave it out
and say where the fault is (tests/web/test_messages.py names the placeholders they keep)."""


def test_every_language_has_exactly_the_keys_of_english() -> None:
    reference = set(catalogue("en"))
    assert len(reference) > 400
    for lang in LANGUAGES:
        keys = set(catalogue(lang))
        assert sorted(keys - reference) == [], f"{lang}: keys English does not have"
        assert sorted(reference - keys) == [], f"{lang}: keys missing"


def test_every_translation_has_the_placeholders_and_plural_forms_of_english() -> None:
    for key, value in catalogue("en").items():
        for lang in LANGUAGES:
            text = catalogue(lang)[key]
            assert type(text) is type(value), f"{lang} {key}: a sentence against plural forms"
            if isinstance(text, dict):
                assert sorted(text) == ["one", "other"], f"{lang} {key}"
            if key not in WORDED_APART:
                assert placeholders(text) == placeholders(value), f"{lang} {key}"
            forms = text.values() if isinstance(text, dict) else [text]
            assert all(form.strip() for form in forms), f"{lang} {key} is empty"


def test_german_and_french_are_translated_not_copied_from_english() -> None:
    # short labels may coincide (66!, live, Animations, Talon); long sentences must not
    for lang in ("de", "fr"):
        same = [
            key
            for key, value in catalogue("en").items()
            if isinstance(value, str) and len(words.PLACEHOLDER.sub("", value)) > 24 and catalogue(lang)[key] == value
        ]
        assert same == [], lang


def test_the_catalogue_files_are_written_in_their_one_form() -> None:
    """Sorted keys, one per line: a merge of two branches that add keys stays readable."""
    for lang in LANGUAGES:
        text = resources.files(words).joinpath(f"{lang}.json").read_text(encoding="utf-8")
        assert text == dumps(catalogue(lang)), f"{lang}.json: write it with sixtysix.present.words.dumps"


def test_the_plural_rule_is_french_singular_below_two_else_one_alone() -> None:
    assert [plural_form(n, "fr") for n in (0, 1, 1.5, 2)] == ["one", "one", "one", "other"]
    assert [plural_form(n, "en") for n in (0, 1, 1.5, 2)] == ["other", "one", "other", "other"]
    assert [plural_form(n, "de") for n in (0, 1, 2)] == ["other", "one", "other"]
    assert say("table.tricks", "fr", n=0) == "0 pli"
    assert say("table.tricks", "en", n=0) == "0 tricks"
    assert say("table.tricks", "de", n=1) == "1 Stich"


def test_a_missing_language_is_said_in_english_and_an_unknown_key_fails() -> None:
    assert say("nav.rules", "it") == say("nav.rules", "en") == "Rules"
    with pytest.raises(KeyError):
        say("no.such.key")


def test_a_missing_value_fails_rather_than_showing_a_placeholder() -> None:
    with pytest.raises(KeyError, match="host"):
        say("join.text", "de", preset="66", target=7)
    assert (
        say("join.text", "de", host="Ann", preset="66", target=7)
        == "Ann lädt dich zu einer Partie 66 auf 7 Punkte ein."
    )


def test_french_elides_de_before_a_vowel_as_the_page_does() -> None:
    assert say("clock.out", "fr", name="Anna") == "Le temps d'Anna est écoulé."
    assert say("clock.out", "fr", name="Bernard") == "Le temps de Bernard est écoulé."
    assert says("clock.out", name="Anna")["en"] == "Anna's time is up."
    assert say("clock.out", "fr", name="") == "Le temps de  est écoulé."  # nothing to elide before
    assert say(
        "explain.head.points", "fr", best="piocher", other="annoncer 66", points="+1", other_points="-2"
    ).startswith("Mieux vaut piocher qu'annoncer 66")
