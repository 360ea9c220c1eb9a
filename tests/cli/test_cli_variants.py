"""The command line with three- and four-handed records: what is not supported says so plainly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize("preset, players", [("three66", 3), ("four66", 4)])
def test_analyze_refuses_records_with_more_than_two_players(tmp_path: Path, preset: str, players: int) -> None:
    record = tmp_path / "game.66r"
    record.write_text(f'[Format "66R 1"]\n[Rules "{preset}"]\n', encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "sixtysix.cli", "analyze", str(record)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    expected = f"sixtysix analyze: only two-player records can be analysed, not {players}-player ones"
    assert done.stderr.strip() == expected
    assert "Traceback" not in done.stderr
