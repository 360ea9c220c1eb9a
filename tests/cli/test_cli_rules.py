"""``sixtysix rules``: the rules of a preset in English, German or French, its options in words and marked
where they differ, paged on a terminal; ``--book`` the whole book."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from sixtysix.cli import main

DOCS_RULES = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def _rules(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["rules", *args]) == 0
    return capsys.readouterr().out


def _option_line(text: str, label: str) -> str:
    """The line of the options table that names the option ``label`` (its words)."""
    found = re.search(rf"^.{{0,3}}\s+{re.escape(label)}\s.*$", text, re.MULTILINE)
    assert found is not None, label
    return found.group(0)


def test_the_schnapsen_rules_hold_the_card_values_the_order_and_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    text = _rules(capsys, "--preset", "schnapsen")
    assert text.startswith("The rules of 66: Schnapsen (20 cards)\n")
    assert "Card points: ace 11, ten 10, king 4, queen 3, jack 2, nine 0" in text
    assert "the cards take tricks in the order A, T, K, Q, J, 9" in text
    for label, value, default in [
        ("Cards in the pack", "20", "24"),
        ("Cards in a hand", "5", "6"),
        ("Card of the exchange", "the jack", "the nine"),
        ("Who may exchange", "the leader, no trick needed", "a player with a trick,"),
        ("Marriages in phase two", "yes", "no"),
        ("Close before the draw", "no", "yes"),
        ("Points of a wrong claim", "2, or 3 without a trick", "always 2"),
        ("The last trick", "wins the deal for 1 game", "10 points"),
    ]:
        assert re.match(rf"\*\s+{label}\s+{value}\s+{default}", _option_line(text, label)), label
    assert re.match(r"\s+A tie\s+1 point to the next deal's\s*$", _option_line(text, "A tie"))
    assert "4.1 How Schnapsen differs from 66" in text
    assert "* R-P2-2 In phase two the follower must" in text and "R-4P-4" not in text  # a two-player game's sections
    assert "TC-17" not in text  # the examples are the book's, not a game's


def test_an_option_set_for_the_game_is_marked_apart_from_its_preset(capsys: pytest.CaptureFixture[str]) -> None:
    text = _rules(capsys, "--preset", "pagat66", "--option", "tie_rule=carry_one", "--option", "match_target=11")
    assert re.match(r"\+\s+A tie\s+1 point to the next", _option_line(text, "A tie"))  # the default, not pagat66's
    assert re.match(r"\*\+\s+Game points to win\s+11\s+7$", _option_line(text, "Game points to win"))
    assert re.match(r"\*\s+Who deals next\s+the winner\s+in turn$", _option_line(text, "Who deals next"))


def test_the_four_handed_rules_are_those_of_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    text = _rules(capsys, "--preset", "four66")
    assert "R-4P-4" in text and "5.2 Four-handed partnership 66" in text and "2.1 Cards and values" in text
    assert "* R-P2-2 In phase two" not in text and "* R-3P-3 When the deal ends" not in text
    assert "Who may exchange" not in text
    assert re.match(r"\s+Bonus for the ten of trumps\s+no$", _option_line(text, "Bonus for the ten of trumps"))


@pytest.mark.parametrize(
    ("lang", "heading", "rule", "option", "summary"),
    [
        (
            "de",
            "2.1 Karten und Werte",
            "* R-CARD-2 Die Augen: Ass 11, Zehner 10, König 4, Dame 3, Bube 2, Neuner 0",
            r"\*\s+Der letzte Stich\s+gewinnt das Spiel mit 1\s+10 Augen",
            "Österreichisches Schnapsen",
        ),
        (
            "fr",
            "2.1 Cartes et valeurs",
            "* R-CARD-2 La valeur des cartes\u00a0: as 11, dix 10, roi 4, dame 3, valet 2, neuf 0",
            r"\*\s+La dernière levée\s+gagne la donne pour 1 point\s+10 points",
            "Schnapsen autrichien",
        ),
    ],
)
def test_german_and_french_rules_are_written_in_that_language(
    capsys: pytest.CaptureFixture[str], lang: str, heading: str, rule: str, option: str, summary: str
) -> None:
    text = _rules(capsys, "--preset", "schnapsen", "--lang", lang)
    assert heading in text and rule in text and summary in text
    assert re.search(option, text)
    assert "Card points" not in text and "In phase two the follower" not in text  # no English rule text
    assert "last_trick_rule" not in text and "wins_deal_one_point" not in text  # no name of the code


def test_the_whole_book_in_german_keeps_the_names_of_the_code(capsys: pytest.CaptureFixture[str]) -> None:
    text = _rules(capsys, "--book", "--lang", "de")
    assert text.startswith("Die Regeln von 66\n") and "6 Beispiele" in text and "TC-4P5" in text
    assert re.search(r"^`?tie_rule`?\s+carry_one, void\s+carry_one\s+void \*", text, re.MULTILINE)


def test_the_book_in_markdown_is_docs_rules_md(capsys: pytest.CaptureFixture[str]) -> None:
    assert _rules(capsys, "--book", "--markdown") == DOCS_RULES.read_text(encoding="utf-8")
    text = _rules(capsys, "--book")
    assert "TC-17" in text and "R-4P-4" in text and "R-3P-3" in text
    assert re.search(r"^`?tie_rule`?\s+carry_one, void\s+carry_one\s+void \*", text, re.MULTILINE)


def test_a_game_in_markdown_keeps_its_marks(capsys: pytest.CaptureFixture[str]) -> None:
    text = _rules(capsys, "--preset", "schnapsen", "--markdown")
    assert text.startswith("# The rules of 66: Schnapsen (20 cards)\n")
    assert "| * | Cards in the pack | 20 | 24 |" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--preset", "nope"], "sixtysix rules: unknown preset 'nope'"),
        (["--option", "tie_rule=sometimes"], "sixtysix rules: tie_rule: 'sometimes' is not one of carry_one, void"),
        (["--option", "tie_rule"], "sixtysix rules: an option must read name=value"),
        (["--book", "--preset", "schnapsen"], "sixtysix rules: --book is the whole book; it takes no --preset"),
    ],
)
def test_bad_arguments_say_what_is_wrong(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    assert main(["rules", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith(message)


def test_on_a_terminal_the_rules_go_through_the_pager(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "PAGER": "sed s/^/paged:/", "TERM": "dumb", "PYTHONIOENCODING": "utf-8", "LC_ALL": "C.UTF-8"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "sixtysix.cli", "rules", "--preset", "schnapsen"],
        cwd=str(tmp_path),
        env=env,
        encoding="utf-8",
        timeout=30,
    )
    child.expect(pexpect.EOF)
    lines = (child.before or "").replace("\r", "").splitlines()
    assert lines[0] == "paged:The rules of 66: Schnapsen (20 cards)"
    assert all(line.startswith("paged:") for line in lines if line)
    unpaged = pexpect.spawn(
        sys.executable,
        ["-m", "sixtysix.cli", "rules", "--preset", "schnapsen", "--no-pager"],
        cwd=str(tmp_path),
        env=env,
        encoding="utf-8",
        timeout=30,
    )
    unpaged.expect(pexpect.EOF)
    assert (unpaged.before or "").startswith("The rules of 66: Schnapsen (20 cards)")
