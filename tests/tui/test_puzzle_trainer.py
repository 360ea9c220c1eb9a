"""``sixtysix puzzles``: the terminal trainer, through the real command line and with scripted input."""

from __future__ import annotations

import argparse
import datetime
import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from sixtysix.ai.puzzles import CLOSED, PHASE_ONE, TALON_GONE, daily_puzzle, load_puzzles, puzzle_by_id
from sixtysix.cli import main
from sixtysix.present.order import hand_order
from sixtysix.tui.puzzle_trainer import default_store, run


def arguments(store: Path, **given: object) -> argparse.Namespace:
    values: dict[str, object] = {
        "daily": False, "id": None, "stats": False, "answer": None, "count": 0,
        "store": str(store), "no_rating": False, "no_clear": True, "lang": "en",
    }  # fmt: skip
    return argparse.Namespace(**{**values, **given})


def play(args: argparse.Namespace, typed: tuple[str, ...] = ()) -> str:
    out = io.StringIO()
    answers = iter(typed)

    def ask(prompt: str) -> str:
        out.write(prompt)
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    assert run(args, Console(file=out, width=110, color_system=None), ask) == 0
    return out.getvalue()


def test_a_wrong_answer_is_judged_and_the_solution_line_and_values_are_shown(tmp_path: Path) -> None:
    puzzle = next(p for p in load_puzzles() if p.kind == TALON_GONE)
    wrong = next(token for token in puzzle.values if token != puzzle.solution.token)
    text = play(arguments(tmp_path / "skill.json", id=puzzle.id, answer=wrong))
    assert "Not this time:" in text and "(the solution)" in text and "The solution line:" in text
    assert f"puzzle {puzzle.id} · {puzzle.grade}" in text and "Opponent holds" in text and "after the talon" in text
    why = text[text.index("Why:") :]  # with the exact values of the solution and of the move played
    assert f"{puzzle.best_value:+.2f}" in why and f"{puzzle.values[wrong]:+.2f}" in why
    saved = json.loads((tmp_path / "skill.json").read_text())
    assert saved["attempts"] == 1 and saved["solved"] == 0 and saved["rating"] < 1200 and saved["seen"] == [puzzle.id]


@pytest.mark.parametrize("kind", [CLOSED, PHASE_ONE])
def test_a_hidden_hand_is_shown_as_hidden_and_judged_over_every_deal_in_the_chosen_language(
    tmp_path: Path, kind: str
) -> None:
    puzzle = next(p for p in load_puzzles() if p.kind == kind and p.worlds > 1)
    view = puzzle.view()
    hidden = view.opponent_hand_size - view.opponent_known.bit_count()
    text = _flat(play(arguments(tmp_path / "s.json", id=puzzle.id, answer=puzzle.solution.token)))
    assert f"{hidden} hidden card" in text and f"{puzzle.worlds} deals are consistent" in text
    assert "Right!" in text and "on average" in text and "in the deal as it was dealt" in text
    assert f"In every one of the {puzzle.worlds} deals consistent with what you have seen" in text
    german = _flat(play(arguments(tmp_path / "s.json", id=puzzle.id, answer=puzzle.solution.token, lang="de")))
    assert "Richtig!" in german and "im Schnitt" in german and f"{puzzle.worlds} Spiele passen" in german
    french = _flat(play(arguments(tmp_path / "s.json", id=puzzle.id, answer=puzzle.solution.token, lang="fr")))
    assert "Exact !" in french and "en moyenne" in french and "(la solution)" in french


def _flat(text: str) -> str:
    """The screen's text on one line (the console wraps long sentences)."""
    return " ".join(text.split())


def test_the_daily_puzzle_counts_for_the_daily_streak(tmp_path: Path) -> None:
    store = tmp_path / "skill.json"
    today = datetime.datetime.now(datetime.UTC).date()
    puzzle = daily_puzzle(today)
    text = play(arguments(store, daily=True, answer=puzzle.solution.token))
    assert f"daily puzzle {today.isoformat()}" in text and "Right!" in text
    assert json.loads(store.read_text())["daily_streak"] == 1


def test_puzzles_follow_one_another_until_the_player_quits(tmp_path: Path) -> None:
    store = tmp_path / "skill.json"
    text = play(arguments(store), ("help", "hint", "skip", "", "quit"))
    assert text.count("Your move> ") == 4 and "Skipped: not counted." in text
    assert "look about as good after one trick" in text and "skip shows the solution" in text
    assert not store.exists()  # a skip counts nothing


def test_an_answer_typed_as_the_cards_number_counts(tmp_path: Path) -> None:
    puzzle = puzzle_by_id(1)
    view = puzzle.deal().view(puzzle.seat)
    number = list(hand_order(view.hand, view.trump)).index(int(puzzle.solution)) + 1 if puzzle.solution.is_card() else 0
    typed = (str(number) if number else puzzle.solution.token,)
    text = play(arguments(tmp_path / "s.json", id=1), typed)
    assert "Right!" in text and "streak 1" in text


def test_stats_and_practice_keep_no_file(tmp_path: Path) -> None:
    store = tmp_path / "skill.json"
    text = play(arguments(store, stats=True))
    assert f"{len(load_puzzles())} puzzles:" in text and "easy" in text and "talon closed" in text
    play(arguments(store, id=3, answer=puzzle_by_id(3).solution.token, no_rating=True))
    assert not store.exists()


def test_a_damaged_store_is_set_aside_and_a_fresh_rating_started(tmp_path: Path) -> None:
    store = tmp_path / "skill.json"
    store.write_text("{not json")
    play(arguments(store, id=1, answer=puzzle_by_id(1).solution.token))
    assert store.with_suffix(".damaged").read_text() == "{not json"
    assert json.loads(store.read_text())["attempts"] == 1


def test_the_command_line_refuses_an_unknown_puzzle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_store() == tmp_path / "sixtysix" / "puzzles.json"
    assert main(["puzzles", "--id", "999999", "--answer", "Ah"]) == 2
    assert "no puzzle 999999" in capsys.readouterr().out
    assert main(["puzzles", "--id", "1", "--answer", "draw"]) == 2
    assert "Type one legal move" in capsys.readouterr().out
    assert main(["puzzles", "--id", "1", "--answer", puzzle_by_id(1).solution.token]) == 0
    assert json.loads((tmp_path / "sixtysix" / "puzzles.json").read_text())["solved"] == 1
