"""The terminal game's ``rules`` command on a real terminal (pexpect): the rules go through the pager."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

# A pager that marks every line it is given, so that the test sees what went through it.
ENV = {
    **os.environ,
    "PAGER": "sed s/^/paged:/",
    "TERM": "xterm-256color",
    "PYTHONIOENCODING": "utf-8",
    "LC_ALL": "C.UTF-8",
}


def test_the_rules_command_pages_the_rules_of_the_game(tmp_path: Path) -> None:
    args = ["-m", "sixtysix.cli", "play", "--rules", "schnapsen", "--level", "1", "--seed", "5", "--no-clear"]
    child = pexpect.spawn(
        sys.executable, args, cwd=str(tmp_path), env=ENV, encoding="utf-8", timeout=30, dimensions=(50, 120)
    )
    child.expect("Your move> ")
    child.sendline("rules")
    child.expect("paged:The rules of 66: Schnapsen \\(20 cards\\)")
    child.expect("paged:\\* R-P2-2 In phase two the follower must")
    child.expect("Rules:\\S* Schnapsen \\(20 cards\\)\\. Match to 7 game points\\.")
    child.expect("Your move> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
