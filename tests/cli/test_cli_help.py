"""``sixtysix COMMAND --help`` reads well in a terminal: argparse wraps the help of every option,
and the descriptions and epilogues that keep their own line breaks keep them short."""

from __future__ import annotations

import pytest

from sixtysix.cli import main

WIDEST = 100
"""The longest line a help text may have."""

COMMANDS = ("replay", "verify", "analyze", "rules", "demo", "play", "puzzles", "bot", "tournament", "serve")


def _help(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    with pytest.raises(SystemExit) as ended:
        main([*args, "--help"])
    assert ended.value.code == 0
    return capsys.readouterr().out


def test_the_commands_listed_are_those_checked(capsys: pytest.CaptureFixture[str]) -> None:
    listed = _help(capsys)
    for command in COMMANDS:
        assert f"    {command}" in listed


@pytest.mark.parametrize("columns", ["80", "100"])
@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_no_help_line_is_longer_than_100_characters(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str, columns: str
) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    text = _help(capsys, *([command] if command else []))
    long = [line for line in text.splitlines() if len(line) > WIDEST]
    assert not long, f"sixtysix {command} --help at {columns} columns: {long}"
