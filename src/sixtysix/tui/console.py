"""The console side of ``sixtysix play``, shared by every table size: settings, prompts, messages, files.

:class:`Terminal` asks (``Your move>``), prints under the screen and writes the record;
it knows nothing of the game. End of input and Ctrl-C at a prompt become :class:`Quit`,
which the match loop (:mod:`sixtysix.tui.loop`) answers by saving and leaving.

>>> import io
>>> from rich.console import Console
>>> console = Console(file=io.StringIO(), width=60, color_system=None)
>>> terminal = Terminal(Settings(clear=False), console, ask=lambda prompt: "quit")
>>> terminal.next_deal_prompt()
Traceback (most recent call last):
...
sixtysix.tui.console.Quit
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from sixtysix.present.words import say

LOG_LINES = 8
"""Events of the current deal shown on the screen (fewer when the terminal is short)."""
SCREEN_LINES = 19
"""Lines the screen takes besides the log: the log fills what is left of a short terminal."""


class Quit(Exception):
    """The player leaves (``quit``, end of input, Ctrl-C): save and stop."""


@dataclass
class Settings:
    """How the session plays (from the command line or a resumed record)."""

    human: int = 1
    level: int = 3
    practice: bool = False
    seed: int | None = None
    """The shuffle seed the player gave (``None``: a secret random one)."""
    save_path: Path = field(default_factory=lambda: default_save_path())
    think: float = 1.0
    """Time limit per decision of the level-5 player, in seconds."""
    tally: str = "auto"
    clear: bool = True
    name: str = "Player"
    symbols: bool = True
    levels: tuple[int, ...] = ()
    """Three- and four-handed: the computer seats' levels, clockwise from the player's left
    (one value for all; empty: ``level`` for all)."""
    watch: float = 1.0
    """Seconds between the moves of a deal the player watches (the three-handed dealer)."""
    review: bool = False
    """After each two-player deal, the summary lists the player's faults, each with why (a few seconds)."""
    lang: str = "en"
    """The language of the two-player table's words (``--lang``: en, de or fr; :mod:`sixtysix.present.voice`)."""


def default_save_path(folder: Path | str = "games", now: datetime.datetime | None = None) -> Path:
    """``games/sixtysix-YYYYMMDD-HHMMSS.66r`` (with ``-2``, ``-3``… if taken)."""
    stamp = (now or datetime.datetime.now()).strftime("%Y%m%d-%H%M%S")
    path = Path(folder) / f"sixtysix-{stamp}.66r"
    n = 2
    while path.exists():
        path = Path(folder) / f"sixtysix-{stamp}-{n}.66r"
        n += 1
    return path


class Terminal:
    """The console side shared by the sessions of every table size: prompts, messages, the record file."""

    def __init__(self, settings: Settings, console: Console, ask: Callable[[str], str] | None = None) -> None:
        self.settings = settings
        self.console = console
        self._ask = ask or console.input

    def log_lines(self) -> int:
        """How many log lines fit under the screen."""
        height = self.console.size.height if self.console.is_terminal else 100
        return max(2, min(LOG_LINES, height - SCREEN_LINES))

    def ask(self, prompt: str) -> str:
        try:
            return self._ask(prompt)
        except (EOFError, KeyboardInterrupt):
            raise Quit from None

    def say(self, markup: str) -> None:
        """Print a message under the screen, wrapped at words to the terminal's width."""
        self.console.print(markup, highlight=False)

    def say_command(self, markup: str) -> None:
        """Print a message whose last line is a command the player should copy (its path in it):
        the sentence wrapped at words like any message, the command whole on its own line, never
        wrapped, cropped or broken by the program (longer than the terminal, it is left to the
        terminal, whose soft wrap copies back whole).

        >>> import io
        >>> from rich.console import Console
        >>> console = Console(file=io.StringIO(), width=20, color_system=None)
        >>> Terminal(Settings(), console).say_command("Saved. Replay it with:\\nsixtysix replay games/long-name.66r")
        >>> print(console.file.getvalue(), end="")
        Saved. Replay it
        with:
        sixtysix replay games/long-name.66r
        """
        sentence, _, command = markup.rpartition("\n")
        if sentence:
            self.say(sentence)
        self.console.print(command, highlight=False, soft_wrap=True)

    def clear(self) -> None:
        """Clear the terminal before a new screen (or leave a blank line)."""
        if self.settings.clear and self.console.is_terminal:
            self.console.clear()
        else:
            self.console.print()

    def next_deal_prompt(self) -> bool:
        """Wait for Enter after a deal summary; ``True`` when the player typed undo (``review`` shows
        :meth:`review_deal` and asks again)."""
        while True:
            text = self.ask(say("tui.ask.next_deal", self.settings.lang)).strip().lower()
            if text in ("", "n", "next", "c", "continue"):
                return False
            if text in ("q", "quit", "exit", "save"):
                raise Quit
            if text in ("u", "undo"):
                return True
            if text in ("r", "review"):
                self.review_deal()
                continue
            self.say(say("tui.ask.continue", self.settings.lang))

    def review_deal(self) -> None:
        """The review of the deal just finished, asked for at the prompt (two players only: see the session)."""
        self.say(say("tui.review.two_player_only", self.settings.lang))

    def write(self, text: str) -> Path:
        """Write the record ``text`` to the save path."""
        path = self.settings.save_path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    def saved_and_left(self, path: Path) -> None:
        where = escape(str(path))
        self.say_command(say("tui.saved.left", self.settings.lang, where=where))

    def saved_for_replay(self, path: Path) -> None:
        """Say that the finished match's record is saved, and the command that replays it (:meth:`say_command`)."""
        where = escape(str(path))
        self.say_command(say("tui.saved.replay", self.settings.lang, where=where))
