"""The terminal speaks to the player: help in the screen's order, refusals in his words, a false claim
confirmed first, and a narrow terminal wrapped at words with a shorter header (issue 14)."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from sixtysix import Deal, PlayerView
from sixtysix.present.describe import Names
from sixtysix.tui.screen import TableInfo, help_lines, render_table, to_text

from .conftest import README_DECK, Driver, ScriptedPlayer, make_session
from .test_session import _deck, output


def test_help_lists_the_legal_actions_in_the_order_and_with_the_numbers_of_the_screen() -> None:
    deal = Deal.from_text(README_DECK, dealer=2)  # seat 1: Kh Qh Ah 9s Js Tc, spades trumps
    lines = help_lines(PlayerView.of(deal, 1), deal, practice=False, symbols=False)
    numbers = [line.split()[0] for line in lines[1:7]]
    assert numbers == ["1", "2", "3", "4", "5", "6"]  # the engine's order is Tc Ah Kh Qh Js 9s: 4 1 2 3 5 6
    assert [line.split()[1] for line in lines[1:7]] == ["Ah", "Kh", "Qh", "10c", "Js", "9s"]  # as typed
    assert [line.split()[0] for line in lines[7:10]] == ["20h", "C", "66"]


def test_x_after_the_exchange_says_the_exchange_is_done(tmp_path: Path) -> None:
    # Seat 1 holds the nine of trumps (9s): it leads Ah, wins, draws, exchanges, and types x again.
    driver = Driver(["Ah", "", "x", "x", "quit"])
    session, console = make_session(tmp_path, driver, computer=ScriptedPlayer(["Ac"]))
    session.future_decks = [_deck()]
    session.run()
    shown = output(console)
    assert "Not allowed: The exchange is done: 9♠ lies face up" in shown
    assert "does not hold" not in shown


def test_a_claim_below_66_asks_first_and_no_keeps_the_turn(tmp_path: Path) -> None:
    driver = Driver(["66", "n", "66", "y", "quit"])
    session, console = make_session(tmp_path, driver, computer=ScriptedPlayer())
    session.future_decks = [_deck()]
    session.run()
    shown = output(console)
    assert "You have 0 card points: a claim now is false, and Computer wins 2 game points." in shown
    assert driver.prompts.count("Claim anyway? (y/N)> ") == 2
    assert "You did not claim." in shown
    assert session.match.results[0].winner == 2 and session.match.results[0].game_points == 2  # after the yes


def test_a_claim_that_holds_is_not_questioned(tmp_path: Path) -> None:
    # Only the counted points matter: a correct claim goes through at once (tests/core/test_claims.py has the rule).
    driver = Driver(["quit"])
    session, _ = make_session(tmp_path, driver, computer=ScriptedPlayer())
    deal = Deal.from_text(README_DECK, dealer=2)
    deal.score[1] = 70  # as if seat 1 had won 70 points
    assert session.confirm_claim(deal) and driver.prompts == []


def test_at_60_columns_the_header_shortens_and_lines_wrap_at_words(tmp_path: Path) -> None:
    deal = Deal.from_text(README_DECK, dealer=2)
    info = TableInfo(Names(1), level=5, deal_number=12, practice=True)
    text = to_text(render_table(PlayerView.of(deal, 1), info), width=60)
    header = text.splitlines()[0]
    assert "…" not in header and "deal 12" in header and "to 7" in header and "Computer 5" in header
    assert all(len(line) <= 60 for line in text.splitlines())
    console = Console(record=True, width=60, file=io.StringIO(), color_system=None)
    session, _ = make_session(tmp_path, Driver(["help", "quit"]), computer=ScriptedPlayer())
    session.console = console
    session.future_decks = [_deck()]
    session.run()
    lines = console.export_text().splitlines()
    # the help's long lines, wrapped by the program; a command to copy stands whole on its own line
    assert all(len(line) <= 60 for line in lines if not line.startswith("sixtysix "))
    assert f"sixtysix play --resume {tmp_path / 'game.66r'}" in lines
    commands = next(i for i, line in enumerate(lines) if line.startswith("Commands:"))
    words = " ".join(lines[commands : commands + 3]).split()[:6]
    assert words == ["Commands:", "hint", "(the", "computer's", "analysis)", "·"]
