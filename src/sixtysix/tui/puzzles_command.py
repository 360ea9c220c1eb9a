"""``sixtysix puzzles``: the subcommand (registered by :mod:`sixtysix.cli`).

Only the standard library is imported here; ``rich`` and the trainer are imported when the
command runs, so ``sixtysix`` works without the ``tui`` extra.
"""

from __future__ import annotations

import argparse
import sys

from sixtysix.present.cliargs import positive_int
from sixtysix.present.words import LANGUAGES

DESCRIPTION = """\
Solve 66 and Schnapsen puzzles in the terminal: positions from games between the computer
levels where exactly one move is best in every deal consistent with what you have seen and
every other move loses at least one game point more on average (each deal solved exactly):
after the talon is exhausted (every card known), after a close (his hand hidden), or with a
talon of two or four cards (his hand and the talon's order hidden).

Type your move (a card such as Ah or its number under the hand, 20h for a marriage);
skip shows the solution without counting, quit leaves. After each answer you see the
solution line and what every move gives. Your puzzle rating and streaks are kept in
--store (default: sixtysix/puzzles.json in your data folder, $XDG_DATA_HOME or
~/.local/share)."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``puzzles`` to the ``sixtysix`` subcommands."""
    puzzles = commands.add_parser(
        "puzzles",
        help="solve puzzles from real play in the terminal, with a rating and streaks",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    which = puzzles.add_mutually_exclusive_group()
    which.add_argument("--daily", action="store_true", help="today's puzzle (the same for everyone, by the UTC date)")
    which.add_argument("--id", type=positive_int, metavar="N", help="puzzle number N")
    which.add_argument("--stats", action="store_true", help="show your rating and streaks, and the puzzles by grade")
    puzzles.add_argument(
        "--answer",
        metavar="MOVE",
        help="answer without asking (for scripts): print the verdict, the values and the solution line",
    )
    puzzles.add_argument(
        "--count", type=positive_int, default=0, metavar="N", help="stop after N puzzles (default: until you quit)"
    )
    puzzles.add_argument("--store", metavar="PATH", help="the file that keeps your rating and streaks")
    puzzles.add_argument("--no-rating", action="store_true", help="practice: keep no rating or streak")
    puzzles.add_argument("--no-clear", action="store_true", help="do not clear the screen before each puzzle")
    puzzles.add_argument(
        "--lang", choices=LANGUAGES, default="en", help="the question, the verdict, the values and why in en, de or fr"
    )
    puzzles.set_defaults(handler=_puzzles_command)


def _puzzles_command(args: argparse.Namespace) -> int:
    try:
        import rich  # noqa: F401
    except ModuleNotFoundError:
        print("sixtysix puzzles needs rich: pip install 'sixtysix[tui]'", file=sys.stderr)
        return 2
    from sixtysix.tui.puzzle_trainer import run

    return run(args)
