"""``sixtysix play`` arguments and errors, through the real command line (in-process)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sixtysix.cli import main
from sixtysix.core.errors import RulesError
from sixtysix.tui.app import rules_from_args
from sixtysix.tui.console import default_save_path


def test_rules_from_the_command_line() -> None:
    rules = rules_from_args("schnapsen", ["may_review_tricks=own_only", "tie_rule = void"], 5)
    assert rules.preset_name == "schnapsen" and rules.match_target == 5
    assert rules.options() == {"tie_rule": "void", "match_target": "5", "may_review_tricks": "own_only"}
    assert rules_from_args(None, [], None).preset_name == "seed66"
    with pytest.raises(RulesError, match="unknown option 'colour'"):
        rules_from_args(None, ["colour=red"], None)
    with pytest.raises(RulesError, match="name=value"):
        rules_from_args(None, ["tie_rule"], None)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--option", "tie_rule=sometimes"], "tie_rule: 'sometimes' is not one of carry_one, void"),
        (["--resume", "missing.66r"], "cannot read missing.66r"),
        (["--resume", "bad.66r"], "bad.66r is not a valid record: deal 0, action 0"),
        (["--resume", "bad.66r", "--target", "3"], "cannot change a resumed match"),
    ],
)
def test_errors_exit_with_status_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.66r").write_text("nonsense\n")
    assert main(["play", *args]) == 2
    assert message in capsys.readouterr().err


def test_a_finished_match_cannot_be_resumed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    answers = iter(["66", "y"])  # a false claim on the first lead, confirmed: the computer wins 2 of 1
    monkeypatch.setattr("builtins.input", lambda *prompt: next(answers))
    assert main(["play", "--level", "1", "--seed", "1", "--target", "1", "--save", "one.66r", "--no-clear"]) == 0
    out = capsys.readouterr().out
    assert "Computer won the match 2-0." in out
    assert "The record is saved. Replay it with:\nsixtysix replay one.66r\n" in out
    assert main(["play", "--resume", "one.66r"]) == 2
    assert "is already over" in capsys.readouterr().err


def test_the_default_save_path_has_a_timestamp(tmp_path: Path) -> None:
    import datetime

    now = datetime.datetime(2026, 11, 30, 20, 15, 0)
    first = default_save_path(tmp_path / "games", now)
    assert first == tmp_path / "games" / "sixtysix-20261130-201500.66r"
    first.parent.mkdir()
    first.write_text("")
    assert default_save_path(tmp_path / "games", now).name == "sixtysix-20261130-201500-2.66r"


def test_the_command_module_imports_only_the_standard_library() -> None:
    code = (
        "import sys, sixtysix.tui.play_command; print([m for m in ('rich', 'sixtysix.tui.loop') if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
