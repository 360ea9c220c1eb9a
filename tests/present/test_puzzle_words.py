"""A puzzle's sentences (present/puzzle_words.py) in English, German and French: the question, the kind,
the verdict and the values, with the numbers of the puzzle and nothing the player has not seen."""

from __future__ import annotations

import pytest

from sixtysix.ai.explain import ClosedScore, Explanation
from sixtysix.ai.puzzles import CLOSED, KINDS, PHASE_ONE, TALON_GONE, Puzzle, load_puzzles
from sixtysix.core.actions import Action
from sixtysix.present.describe import card_label, decimal_text, plain
from sixtysix.present.explain import action_text, explanation_text
from sixtysix.present.puzzle_words import (
    kind_label,
    kind_text,
    points_text,
    question,
    value_words,
    values_lines,
    verdict,
)
from sixtysix.present.words import LANGUAGES, catalogue

PUZZLES = load_puzzles()


def _of(kind: str) -> Puzzle:
    return next(p for p in PUZZLES if p.kind == kind and (p.worlds > 1) == (kind != TALON_GONE))


def test_every_sentence_of_a_puzzle_is_in_the_catalogue_in_every_language() -> None:
    """The puzzles' sentences are the catalogue's ``puzzle.*`` keys (tests/present/test_words.py checks their
    languages and placeholders)."""
    keys = [key for key in catalogue("en") if key.startswith("puzzle.")]
    assert len(keys) > 50
    for key in keys:
        assert all(key in catalogue(lang) for lang in LANGUAGES), key


@pytest.mark.parametrize("kind", KINDS)
def test_the_question_names_what_is_hidden_and_the_values_in_each_language(kind: str) -> None:
    puzzle = _of(kind)
    best = puzzle.best_value
    for lang, (find, hidden_words) in {
        "en": ("Find the one move", f"{puzzle.worlds} deals are consistent"),
        "de": ("Finde den einen Zug", f"{puzzle.worlds} Spiele passen"),
        "fr": ("Trouvez le seul coup", f"{puzzle.worlds} donnes sont compatibles"),
    }.items():
        text = question(puzzle, lang)
        assert find in text and kind_label(kind, lang)
        if kind == TALON_GONE:
            assert "{" not in text and hidden_words not in text
        else:
            assert hidden_words in text and kind_text(puzzle, lang) in text
            assert value_words(best, lang, average=True) in text


def test_the_verdict_says_right_or_wrong_with_both_values_in_each_language() -> None:
    for kind in (TALON_GONE, CLOSED, PHASE_ONE):
        puzzle = _of(kind)
        wrong = next(token for token in puzzle.values if token != puzzle.solution.token)
        average = kind != TALON_GONE
        for lang, (right, not_right) in {
            "en": ("Right!", "Not this time:"),
            "de": ("Richtig!", "Diesmal nicht:"),
            "fr": ("Exact\u202f!", "Pas cette fois\u00a0:"),
        }.items():
            assert plain(verdict(puzzle, puzzle.solution, lang)).startswith(right)
            said = plain(verdict(puzzle, Action.parse(wrong), lang))
            assert said.startswith(not_right)
            assert value_words(puzzle.values[wrong], lang, average) in said
            assert value_words(puzzle.best_value, lang, average) in said
        lines = values_lines(puzzle, symbols=False, lang="fr")
        assert len(lines) == len(puzzle.values) and sum("(la solution)" in line for line in lines) == 1


def test_cards_and_numbers_are_written_as_each_language_writes_them() -> None:
    # the web page's corner letters (B/D for jack and queen in German, V/D/R in French), a decimal comma
    jack, queen, ten = Action.parse("Jc"), Action.parse("Qs"), Action.parse("Th")
    assert [card_label(c, lang="de") for c in (jack, queen, ten)] == ["B♣", "D♠", "10♥"]
    assert [card_label(c, lang="fr") for c in (jack, queen, Action.parse("Kd"))] == ["V♣", "D♠", "R♦"]
    assert card_label(jack) == "J♣" and card_label(jack, symbols=False, lang="de") == "Jc"  # the token stays
    assert action_text(jack, "de") == "B♣" and action_text(Action.parse("40c"), "fr") == "40 à trèfle"
    assert decimal_text(-0.82, "de", sign=True) == "−0,82" and decimal_text(-0.82, "en", sign=True) == "-0.82"


def test_game_points_are_counted_in_the_grammar_of_each_language() -> None:
    assert [points_text(n) for n in (1, 2, 0.5)] == ["1 game point", "2 game points", "0.50 game points"]
    assert [points_text(n, "de") for n in (1, 3, 1.25)] == ["1 Spielpunkt", "3 Spielpunkte", "1,25 Spielpunkte"]
    french = ["1 point de partie", "1,50 point de partie", "2 points de partie"]  # singular below two
    assert [points_text(n, "fr") for n in (1, 1.5, 2)] == french
    assert value_words(0) == "ties the deal" and value_words(0, "fr", average=True) == "s'équilibre en moyenne"
    assert value_words(-2, "de") == "verliert 2 Spielpunkte"


def test_tricks_are_counted_in_the_grammar_of_each_language() -> None:
    def text(tricks: int, lang: str) -> str:
        return explanation_text(Explanation(1, Action.parse("C"), None, (ClosedScore(20, tricks, 2),)), lang)

    assert "and 1 trick:" in text(1, "en") and "and 2 tricks:" in text(2, "en")
    assert "und 1 Stich:" in text(1, "de") and "und 0 Stiche:" in text(0, "de")
    assert all(f"et {n}\xa0:" in text(k, "fr") for k, n in ((0, "0 pli"), (1, "1 pli"), (3, "3 plis")))
