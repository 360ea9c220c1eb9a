"""``sixtysix play --name`` (issue 14): a name with a control or bidirectional formatting character is
refused before anything is played or saved; quotes are kept, and written escaped in the record."""

from __future__ import annotations

from pathlib import Path

import pytest

from sixtysix.cli import main
from sixtysix.core.record import Record


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("Ann\u202eeve", "U+202E (RIGHT-TO-LEFT OVERRIDE), a bidirectional formatting character"),
        ("Ann\x1b[2J", "U+001B, a control character"),
    ],
)
def test_a_name_with_a_control_or_bidi_character_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], name: str, reason: str
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_:
        main(["play", "--name", name, "--save", "game.66r"])
    assert exit_.value.code == 2
    assert f"argument --name: a name may not hold {reason}" in capsys.readouterr().err
    assert not (tmp_path / "game.66r").exists()


def test_a_name_with_quotes_is_kept_and_cannot_forge_a_header(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("builtins.input", lambda *prompt: "quit")
    forger = 'M"] [Result "7-0"]'
    assert main(["play", "--name", forger, "--level", "1", "--save", "game.66r", "--no-clear"]) == 0
    text = (tmp_path / "game.66r").read_text(encoding="utf-8")
    record = Record.parse(text)
    assert record.header("Seat1") == forger and record.header("Result") is None
    assert '[Seat1 "M\\"] [Result \\"7-0\\"]"]\n' in text
