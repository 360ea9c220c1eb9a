"""The terminal in German and French: ``sixtysix puzzles --lang`` and ``sixtysix play --lang`` leave no English
word on the screen, in the prompts, the log, the help, the hint, the review, why a move is refused or a deal's end
(the rule book stays English: README, "In German or French")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sixtysix import Rules
from sixtysix.ai.puzzles import load_puzzles
from sixtysix.cli import main
from sixtysix.core.cards import parse_card
from sixtysix.present.describe import plain
from sixtysix.present.words import say
from sixtysix.tui.session import Session

from .conftest import README_DECK, Driver, ScriptedPlayer, legal_answer, make_session
from .test_partnership import make as four_handed
from .test_puzzle_trainer import arguments, play
from .test_threehanded import make as three_handed

ENGLISH = (
    "the", "you", "your", "and", "with", "for", "of", "to", "is", "not", "by", "on", "or", "no", "an",
    "puzzle", "puzzles", "rating", "streak", "solved", "move", "moves", "Trump", "hand", "trick", "tricks",
    "pending", "hidden", "holds", "Opponent", "Skipped", "Why", "From", "kind", "easy", "medium", "hard",
    "Legal", "Type", "solution", "card", "cards", "lead", "led", "deal", "deals", "wins", "win", "loses", "game",
    "played", "plays", "found", "claim", "claims", "close", "closed", "draw", "drew", "won", "match", "Deal",
    "Press", "Enter", "next", "Hint", "best", "expected", "chance", "against", "Card", "still", "held",
    "Every", "decision", "reviewed", "record", "saved", "Replay", "mistake", "blunder", "inaccuracy",
    "uncertain", "Computer's", "thinking", "Your", "You", "empty", "exhausted",
)  # fmt: skip
"""English words that are no German or French word; the commands typed (``help``, ``hint``, ``skip``, ``quit``,
``review``, and the actions ``draw`` and ``pass``) are named as they are typed."""
TYPED = re.compile(r"\b(?:help|hint|last|quit|skip|review|rules|undo|draw|pass)\b")
WORDS_OF = {"de": {"an", "Enter"}, "fr": {"on", "points", "Points", "Table", "action", "record", "solution", "chance"}}
"""Words of the list that are German or French words too (``sagt 66 an``; ``record 3``: the best streak)."""


def deck_of(text: str) -> tuple[int, ...]:
    """The deck a text of card tokens lists."""
    return tuple(parse_card(token) for token in text.split())


def english_words(text: str, lang: str) -> list[str]:
    """The English words of ``text`` (its markup, the commands one types and the file paths taken out)."""
    text = TYPED.sub(" ", plain(text))
    text = re.sub(r"(?:/|\b[\w.-]+\.(?:json|66r)\b)\S*", " ", text)
    words = set(re.findall(r"[A-Za-z'’]+", text))
    return sorted(w for w in words if w in ENGLISH and w not in WORDS_OF[lang])


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_puzzle_trainer_speaks_german_and_french_throughout(tmp_path: Path, lang: str) -> None:
    puzzles = load_puzzles()
    typed = ("hint", "help", "last", "zz", "9", "66 Ah", "skip", "", "Ah", "quit")
    for puzzle in (puzzles[8], next(p for p in puzzles if p.hidden)):  # every card known; a hidden hand
        shown = play(arguments(tmp_path / "store.json", id=puzzle.id, lang=lang), typed)
        assert not english_words(shown, lang), english_words(shown, lang)
    wrong = next(t for t in puzzles[8].values if t != puzzles[8].solution.token)
    shown = play(arguments(tmp_path / "store.json", id=puzzles[8].id, answer=wrong, lang=lang))
    assert {"de": "Diesmal nicht", "fr": "Pas cette fois"}[lang] in shown
    assert not english_words(shown, lang), english_words(shown, lang)
    stats = play(arguments(tmp_path / "store.json", stats=True, lang=lang))
    assert {"de": "Aufgaben", "fr": "problèmes"}[lang] in stats
    assert not english_words(stats, lang), english_words(stats, lang)


def test_english_stays_as_it_was(tmp_path: Path) -> None:
    shown = play(arguments(tmp_path / "store.json", id=9), ("hint", "skip"))
    assert "Hint: 1 move(s) look about as good" in shown and "Skipped: not counted." in shown
    assert "Points: you 26, Opponent 47" in shown and "From play: schnapsen pimc v pimc, game 15: found it" in shown


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_match_in_the_terminal_speaks_german_and_french(tmp_path: Path, lang: str) -> None:
    asked: list[str] = []

    def player(session: Session, prompt: str) -> str:
        asked.append(prompt)
        if prompt.startswith(("Enter", "Entrée")):  # the next deal: the review first, once
            return "review" if asked.count(prompt) == 1 else ""
        if len(asked) <= 4:
            return ("help", "last", "zz", "hint")[len(asked) - 1]
        return legal_answer(session, driver.rng)

    driver = Driver(policy=player, seed=7)
    session, console = make_session(tmp_path, driver, Rules().replace(match_target=3), level=1, lang=lang)
    assert session.run() == 0
    shown = console.export_text()  # type: ignore[attr-defined]
    assert {"de": "Dein Zug> ", "fr": "Votre coup> "}[lang] in asked
    assert {"de": "Die Mitschrift ist", "fr": "L'enregistrement est"}[lang] in shown
    assert {"de": "Dein Spiel:", "fr": "Votre jeu\u00a0:"}[lang] in shown  # the review, asked for
    assert not english_words(shown, lang), english_words(shown, lang)


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_four_handed_match_speaks_german_and_french(tmp_path: Path, lang: str) -> None:
    session, _ = four_handed(tmp_path, seed=3, answers=["help", "last", "hint", "undo", "zz", "9"], lang=lang)
    assert session.run() == 0
    shown = session.output()
    assert len(session.match.deals) >= 2 and session.match.is_over  # every deal's end and the match's
    assert {"de": "Deine Partei (du, Partner)", "fr": "Votre équipe (vous, Partenaire)"}[lang] in shown
    assert {"de": "Jetzt erlaubt:", "fr": "Permis maintenant"}[lang] in shown
    assert not english_words(shown, lang), english_words(shown, lang)


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_three_handed_match_speaks_german_and_french(tmp_path: Path, lang: str) -> None:
    session, _, _ = three_handed(tmp_path, seed=3, answers=["help", "last", "hint", "zz", "9"], lang=lang)
    assert session.run() == 0
    shown = session.output()
    assert any(kind == "watch" for kind, _, _ in session.screens)  # a deal the person sits out, watched
    assert {"de": "Links", "fr": "Gauche"}[lang] in shown and {"de": "Rechts", "fr": "Droite"}[lang] in shown
    assert not english_words(shown, lang), english_words(shown, lang)


@pytest.mark.parametrize("rules", ["three66", "four66"])
def test_sixtysix_play_speaks_german_at_the_three_and_four_handed_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], rules: str
) -> None:
    monkeypatch.chdir(tmp_path)
    answers = iter(["help", "last", "quit"])
    monkeypatch.setattr("builtins.input", lambda *prompt: next(answers))
    args = ["play", "--rules", rules, "--lang", "de", "--level", "1", "--seed", "2", "--save", "g.66r", "--no-clear"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Jetzt erlaubt:" in out and "Deine Karten" in out and "Atout" in out
    assert not english_words(out, "de"), english_words(out, "de")


@pytest.mark.parametrize(
    ("lang", "not_held"),
    [("de", "Nicht erlaubt: Du hast 9♥ nicht"), ("fr", "Interdit\u00a0: Vous n'avez pas 9♥")],
)
def test_an_illegal_move_is_refused_with_the_catalogues_sentence_in_german_and_french(
    tmp_path: Path, lang: str, not_held: str
) -> None:
    driver = Driver(["9h", "cb", "quit"])  # seat 1 holds Kh Qh Ah 9s Js Tc; CB only right after a trick
    session, console = make_session(tmp_path, driver, computer=ScriptedPlayer(), lang=lang)
    session.future_decks = [deck_of(README_DECK)]
    session.run()
    shown = " ".join(console.export_text().split())  # type: ignore[attr-defined]
    assert " ".join(not_held.split()) in shown  # the engine says "9h: seat 1 does not hold 9h"
    assert " ".join(say("tui.refusal.close_before_draw", lang).split()) in shown
    assert "CB is only possible" not in shown and "does not hold" not in shown
    assert not english_words(shown, lang), english_words(shown, lang)
