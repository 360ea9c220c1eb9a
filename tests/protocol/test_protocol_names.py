"""A bot's ``id name`` (issue 14): a name with a control or bidirectional formatting character is not
taken (it could show as another name in a record or on a screen); the host says why and keeps its own."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import pytest

from sixtysix.protocol import ProtocolPlayer


def bot_named(tmp_path: Path, name: str) -> ProtocolPlayer:
    script = tmp_path / "named.py"
    script.write_text(f"import sys\nprint('id name ' + {name!r})\nprint('66pok', flush=True)\n" + READY)
    return ProtocolPlayer([sys.executable, str(script)], start_timeout=10.0)


READY = "for line in sys.stdin:\n    if line.strip() == 'isready':\n        print('readyok', flush=True)\n"


def test_a_bot_name_with_a_bidi_override_is_refused(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    bot = bot_named(tmp_path, "good\u202ebot")
    with caplog.at_level(logging.WARNING):
        bot.start()
    try:
        assert bot.name == Path(sys.executable).name  # its own name, from the command
        assert bot.bot_name == ""
        expected = "a name may not hold U+202E (RIGHT-TO-LEFT OVERRIDE), a bidirectional formatting character"
        assert bot.name_refused is not None and bot.name_refused.endswith(expected)
        assert expected in caplog.text
    finally:
        bot.close()


def test_a_bot_name_with_quotes_is_taken(tmp_path: Path) -> None:
    bot = bot_named(tmp_path, 'Bot "the Ace"')
    bot.start()
    try:
        assert bot.name == bot.bot_name == 'Bot "the Ace"' and bot.name_refused is None
    finally:
        bot.close()
