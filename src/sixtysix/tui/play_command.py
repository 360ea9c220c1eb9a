"""``sixtysix play``: the subcommand (registered by :mod:`sixtysix.cli`).

Only the standard library is imported here; ``rich`` and the game are imported when the
command runs, so ``sixtysix`` works without the ``tui`` extra.
"""

from __future__ import annotations

import argparse
import sys

from sixtysix.present.cliargs import player_name, positive_float, positive_int
from sixtysix.present.words import LANGUAGES

LEVELS = (1, 2, 3, 4, 5)
PRESET_NAMES = ("seed66", "pagat66", "schnapsen", "vu_schnapsen", "vu_schnapsen24", "three66", "four66")

DESCRIPTION = """\
Play a match of 66 (or Schnapsen) against the computer in the terminal; --rules three66
is three-handed 66 (the dealer sits out) and --rules four66 partnership 66 for four, with
the computer in every other seat.

Type a card (Ah, ah, 10h, A♥) or its number under the hand; 20h/40s declare a marriage,
x exchanges the trump nine (jack), c closes the talon, cb closes it before drawing,
66 claims, draw and pass decline closing and the exchange (Enter does the same).
help lists the legal actions, hint shows the computer's analysis and why its best
action is better (not in the four-handed game), last the last trick, undo takes back your
last decision (practice games, two players only), quit saves and leaves.

The match is saved as a 66R record after every deal and at the end (--save, default
games/sixtysix-DATE-TIME.66r); sixtysix play --resume FILE continues it. With --review
the summary after each two-player deal lists your faults, each with why; without it, type
review at the prompt after a deal for that deal's."""

LEVEL_HELP = "the computer's level: 1 random, 2 beginner, 3 card counter, 4 PIMC search, 5 expert (default 3)"


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``play`` to the ``sixtysix`` subcommands."""
    play = commands.add_parser(
        "play",
        help="play a match against the computer in the terminal",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.add_argument("--level", type=int, choices=LEVELS, metavar="1-5", help=LEVEL_HELP)
    play.add_argument(
        "--levels",
        type=_levels,
        metavar="L,L[,L]",
        help="three- and four-handed: the computer seats' levels clockwise from your left "
        "(Left,Right or Left,Partner,Right), e.g. 3,5,5",
    )
    play.add_argument(
        "--rules",
        choices=PRESET_NAMES,
        metavar="PRESET",
        help="seed66 (default), pagat66, schnapsen, vu_schnapsen, vu_schnapsen24 (the VU Amsterdam bot platform's "
        "Schnapsen), three66 (three players) or four66 (four, in partnerships)",
    )
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change one rule option (repeatable), e.g. --option may_review_tricks=own_only",
    )
    play.add_argument("--target", type=positive_int, metavar="N", help="game points to win the match (default 7)")
    play.add_argument("--seed", type=int, metavar="N", help="seed of the shuffles, for a reproducible match")
    play.add_argument(
        "--seat",
        type=int,
        choices=(1, 2, 3, 4),
        help="your seat: 1 leads first (default); the last seat deals first (2, or 3 and 4 at larger tables)",
    )
    play.add_argument("--practice", action="store_true", help="a practice game: undo is allowed")
    play.add_argument("--save", metavar="PATH", help="where to save the record (default: games/sixtysix-DATE-TIME.66r)")
    play.add_argument("--resume", metavar="FILE", help="continue the unfinished match of a saved record")
    play.add_argument("--name", type=player_name, help="your name in the record (default: Player)")
    play.add_argument(
        "--think",
        type=positive_float,
        default=1.0,
        metavar="SECONDS",
        help="thinking time per decision of the level-5 computer (default 1; levels 1-4 answer within a few tenths)",
    )
    play.add_argument(
        "--tally",
        choices=("auto", "strokes", "countdown"),
        default="auto",
        help="how the match score is drawn: strokes, or a countdown from the target as in Schnapsen (default: auto)",
    )
    play.add_argument(
        "--watch",
        type=positive_float,
        default=1.0,
        metavar="SECONDS",
        help="three-handed: the pause between the moves of a deal you sit out and watch (default 1)",
    )
    play.add_argument(
        "--review",
        action="store_true",
        help="two players: after each deal, list your inaccuracies, mistakes and blunders, each with why "
        "(a few seconds of analysis)",
    )
    play.add_argument(
        "--lang",
        choices=LANGUAGES,
        default="en",
        help="two players: the table, the prompts, the log and each deal's end in en (default), de or fr",
    )
    play.add_argument("--no-clear", action="store_true", help="do not clear the screen before each decision")
    play.set_defaults(handler=_play_command)


def _levels(text: str) -> tuple[int, ...]:
    """``3,5,5``: levels 1-5, comma-separated."""
    parts = [p.strip() for p in text.split(",")]
    if not all(p in ("1", "2", "3", "4", "5") for p in parts):
        raise argparse.ArgumentTypeError(f"levels are 1-5, separated by commas, not {text!r}")
    return tuple(int(p) for p in parts)


def _play_command(args: argparse.Namespace) -> int:
    try:
        import rich  # noqa: F401
    except ModuleNotFoundError:
        print("sixtysix play needs rich: pip install 'sixtysix[tui]'", file=sys.stderr)
        return 2
    from sixtysix.tui.app import run

    return run(args)
