"""``sixtysix rules``: the rules of a preset, its options marked where they differ, paged on a terminal."""

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


def _option_line(text: str, name: str) -> str:
    found = re.search(rf"^.{{0,3}}\s+{name}\s.*$", text, re.MULTILINE)
    assert found is not None, name
    return found.group(0)


def test_the_schnapsen_rules_hold_the_card_values_the_order_and_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    text = _rules(capsys, "--preset", "schnapsen")
    assert text.startswith("The rules of 66: Schnapsen (20 cards)\n")
    assert "Card points: ace 11, ten 10, king 4, queen 3, jack 2, nine 0" in text
    assert "the cards take tricks in the order A, T, K, Q, J, 9" in text
    for name, value, default in [
        ("deck", "20", "24"),
        ("hand_size", "5", "6"),
        ("exchange_rank", "J", "9"),
        ("nine_exchange_rule", "leader_any", "seed"),
        ("marriage_in_phase2", "true", "false"),
        ("close_before_draw", "false", "true"),
        ("false_claim_points", "two_or_three", "flat_two"),
        ("last_trick_rule", "wins_deal_one_point", "ten_points"),
    ]:
        assert re.match(rf"\*\s+{name}\s+{value}\s+{default}\s", _option_line(text, name)), name
    assert re.match(r"\s+tie_rule\s+carry_one\s+A tie", _option_line(text, "tie_rule"))
    assert "4.1 How Schnapsen differs from 66" in text
    assert "* R-P2-2 In phase two the follower must" in text and "R-4P-4" not in text  # a two-player game's sections
    assert "TC-17" not in text  # the examples are the book's, not a game's


def test_an_option_set_for_the_game_is_marked_apart_from_its_preset(capsys: pytest.CaptureFixture[str]) -> None:
    text = _rules(capsys, "--preset", "pagat66", "--option", "tie_rule=carry_one", "--option", "match_target=11")
    assert re.match(r"\+\s+tie_rule\s+carry_one\s", _option_line(text, "tie_rule"))  # the default, not pagat66's
    assert re.match(r"\*\+\s+match_target\s+11\s+7\s", _option_line(text, "match_target"))
    assert re.match(r"\*\s+next_dealer\s+winner\s+alternate\s", _option_line(text, "next_dealer"))


def test_the_four_handed_rules_are_those_of_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    text = _rules(capsys, "--preset", "four66")
    assert "R-4P-4" in text and "5.2 Four-handed partnership 66" in text and "2.1 Cards and values" in text
    assert "* R-P2-2 In phase two" not in text and "* R-3P-3 When the deal ends" not in text
    assert "nine_exchange_rule" not in text
    assert re.match(r"\s+ten_of_trumps_bonus\s+false\s", _option_line(text, "ten_of_trumps_bonus"))


@pytest.mark.parametrize(
    ("lang", "heading", "label", "summary", "note"),
    [
        ("de", "2.1 Karten und Werte", "Karten im Spiel", "Österreichisches Schnapsen", "nur auf Englisch"),
        ("fr", "2.1 Cartes et valeurs", "Cartes du jeu", "Schnapsen autrichien", "n'existe qu'en anglais"),
    ],
)
def test_german_and_french_translate_headings_option_names_and_the_summary(
    capsys: pytest.CaptureFixture[str], lang: str, heading: str, label: str, summary: str, note: str
) -> None:
    text = _rules(capsys, "--preset", "schnapsen", "--lang", lang)
    assert heading in text and label in text and summary in text and note in text
    assert "Card points: ace 11" in text  # the rule text itself is English, and says so


def test_the_book_in_markdown_is_docs_rules_md(capsys: pytest.CaptureFixture[str]) -> None:
    assert _rules(capsys, "--book", "--markdown") == DOCS_RULES.read_text(encoding="utf-8")
    text = _rules(capsys, "--book")
    assert "TC-17" in text and "R-4P-4" in text and "R-3P-3" in text
    assert re.search(r"^`?tie_rule`?\s+carry_one, void\s+carry_one\s+void \*", text, re.MULTILINE)


def test_a_game_in_markdown_keeps_its_marks(capsys: pytest.CaptureFixture[str]) -> None:
    text = _rules(capsys, "--preset", "schnapsen", "--markdown")
    assert text.startswith("# The rules of 66: Schnapsen (20 cards)\n")
    assert "| * | `deck` | 20 | 24 | Cards in the pack |" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--preset", "nope"], "sixtysix rules: unknown preset 'nope'"),
        (["--option", "tie_rule=sometimes"], "sixtysix rules: tie_rule: 'sometimes' is not one of carry_one, void"),
        (["--option", "tie_rule"], "sixtysix rules: an option must read name=value"),
        (["--book", "--preset", "schnapsen"], "sixtysix rules: --book is the whole book in English"),
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
