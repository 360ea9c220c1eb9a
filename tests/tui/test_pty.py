"""``sixtysix play`` run for real in a pseudo-terminal (pexpect): whole deals and matches."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from sixtysix.core.record import Record, replay

pexpect = pytest.importorskip("pexpect")

TIMEOUT = 30  # seconds per screen: generous, a screen takes a few hundredths
ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][A-Z0-9]|\r")
MOVE, NEXT, END = 0, 1, 2
PROMPTS = [r"Your move> ", r"Press Enter for the next deal> ", pexpect.EOF]
ENV = {
    **os.environ,
    "TERM": "xterm-256color",
    "COLUMNS": "100",
    "LINES": "50",
    "PYTHONIOENCODING": "utf-8",
    "LC_ALL": "C.UTF-8",
}
ENV.pop("NO_COLOR", None)


class Game:
    """The program in a pseudo-terminal, read screen by screen (escape codes removed)."""

    def __init__(self, cwd: Path, *args: str) -> None:
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "sixtysix.cli", "play", *args],
            cwd=str(cwd),
            env=ENV,
            encoding="utf-8",
            timeout=TIMEOUT,
            dimensions=(50, 100),
        )
        self.screen = ""
        self.transcript: list[str] = []

    def next(self) -> int:
        """Wait for the next prompt (or the end); the text before it is in ``screen``."""
        kind: int = self.child.expect(PROMPTS)
        self.screen = ANSI.sub("", self.child.before or "")
        self.transcript.append(self.screen)
        return kind

    def send(self, text: str) -> None:
        self.child.sendline(text)

    def legal(self) -> list[str]:
        """The legal answers as the screen's ``Legal:`` line lists them."""
        lines = [line for line in self.screen.splitlines() if line.startswith("Legal: ")]
        assert lines, self.screen
        return lines[-1][len("Legal: ") :].split("(")[0].split()

    def first_legal(self) -> str:
        """The first legal answer, preferring to play on (draw rather than close or claim)."""
        legal = self.legal()
        playing = [t for t in legal if t not in ("CB", "C", "66")]
        return (playing or legal)[0]

    def play_out(self, limit: int = 2000) -> str:
        """Answer every prompt until the program ends; the last screen."""
        for _ in range(limit):
            kind = self.next()
            if kind == END:
                return self.screen
            self.send(self.first_legal() if kind == MOVE else "")
        raise AssertionError("the match does not end")

    def close(self) -> None:
        self.child.close(force=True)


@pytest.fixture
def game_dir(tmp_path: Path) -> Path:
    return tmp_path


def test_a_match_to_one_point_with_errors_help_and_hint(game_dir: Path) -> None:
    save = game_dir / "one.66r"
    game = Game(game_dir, "--level", "1", "--seed", "7", "--target", "1", "--save", str(save))
    try:
        assert game.next() == MOVE
        screen = game.screen
        assert "Your hand" in screen and "Trump" in screen and "Talon  12 cards" in screen
        assert "You  ·  0/1     Computer  ·  0/1" in screen  # the tally, target 1
        assert "You: 0 points · 0 tricks" in screen
        assert game.legal()[:6] == ["1", "2", "3", "4", "5", "6"]

        game.send("zz")
        assert game.next() == MOVE
        assert "'zz' is not understood" in game.screen
        game.send("cb")
        assert game.next() == MOVE
        assert "Not allowed: CB is only possible right after winning a trick" in game.screen
        game.send("help")
        assert game.next() == MOVE
        assert "Legal now:" in game.screen and "quit (save and leave)" in game.screen
        game.send("hint")
        assert game.next() == MOVE
        assert "Hint: best is" in game.screen and "chance to win the deal" in game.screen

        game.send("1")
        last = game.play_out()
        summary = next(s for s in game.transcript if "Deal 1:" in s and "game point" in s and "Card points" in s)
        assert "Deal 1: You win" in summary or "Deal 1: Computer wins" in summary
        assert re.search(r"(You|Computer) won the match \d+-0\.", last), last
        assert "The record is saved. Replay it with:" in last
    finally:
        game.close()
    result = replay(save.read_text(encoding="utf-8"))
    assert result.match.is_over and len(result.match.deals) == 1
    assert Record.parse(save.read_text(encoding="utf-8")).header("Seed") == "7"


def test_a_whole_match_against_level_1(game_dir: Path) -> None:
    save = game_dir / "full.66r"
    game = Game(game_dir, "--level", "1", "--seed", "2024", "--save", str(save))
    try:
        last = game.play_out()
    finally:
        game.close()
    final = re.search(r"(You|Computer) won the match (\d+)-(\d+)\.", last)
    assert final, last
    match = replay(save.read_text(encoding="utf-8")).match
    assert match.is_over and max(match.score) >= 7
    assert (final.group(1) == "You") == (match.winner == 1)
    assert (int(final.group(2)), int(final.group(3))) == (max(match.score), min(match.score))
    assert (
        sum("Press Enter for the next deal" in s or "Card points" in s for s in game.transcript) >= len(match.deals) - 1
    )
    screens = "\n".join(game.transcript)
    assert "Computer plays" in screens  # the computer's decisions are shown


def test_quit_saves_and_resume_continues(game_dir: Path) -> None:
    save = game_dir / "resume.66r"
    args = ("--level", "1", "--seed", "5", "--rules", "schnapsen", "--seat", "2")
    game = Game(game_dir, *args, "--practice", "--save", str(save))
    try:
        for _ in range(4):
            kind = game.next()
            game.send(game.first_legal() if kind == MOVE else "")
        assert game.next() in (MOVE, NEXT)
        game.send("undo")
        assert game.next() in (MOVE, NEXT)
        assert "Took back your" in game.screen
        game.send("quit")
        assert game.next() == END
        assert "Saved. Continue with:" in game.screen and "--resume" in game.screen
    finally:
        game.close()
    saved = save.read_text(encoding="utf-8")
    before = replay(saved).match
    assert not before.is_over and before.rules.preset_name == "schnapsen"
    record = Record.parse(saved)
    assert record.header("Human") == "2" and record.header("Practice") == "true"

    game = Game(game_dir, "--resume", str(save))
    try:
        game.play_out()
        assert "Resuming" in game.transcript[0]
    finally:
        game.close()
    after = replay(save.read_text(encoding="utf-8")).match
    assert after.is_over
    assert [d.deck for d in after.deals][: len(before.deals)] == [d.deck for d in before.deals]
    done = before.deals[-1].history
    assert [(s, a) for s, a in after.deals[len(before.deals) - 1].history][: len(done)] == done


@pytest.mark.parametrize(("preset", "seat"), [("three66", "1"), ("four66", "2")])
def test_three_and_four_handed_matches_in_a_terminal(game_dir: Path, preset: str, seat: str) -> None:
    save = game_dir / f"{preset}.66r"
    args = ("--rules", preset, "--level", "1", "--seat", seat, "--seed", "3", "--target", "2", "--watch", "0.01")
    game = Game(game_dir, *args, "--save", str(save))
    try:
        last = game.play_out()
    finally:
        game.close()
    assert "won the match" in last and "The record is saved. Replay it with:" in last
    match = replay(save.read_text(encoding="utf-8")).match
    assert match.is_over and len(match.seats) == (3 if preset == "three66" else 4)
    screens = "\n".join(game.transcript)
    if preset == "three66":
        assert "sits out" in screens and "Left" in screens and "Right" in screens
    else:
        assert "Partner" in screens and "turned up, held by" in screens and "Your side" in screens
