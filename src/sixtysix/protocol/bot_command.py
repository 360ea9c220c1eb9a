"""``sixtysix bot --level N [--seed N] [--time S]``: a built-in level served as a 66P bot.

The bot reads the host's messages on standard input and answers on standard
output (docs/protocol.md); it offers the options ``Level``, ``Seed`` and
``Time ms`` (milliseconds per decision; 0 = follow the host's ``go movetime``), and
plays the four-handed game too (66P version 2).
Only the standard library is imported here; the players are imported when the
command runs.
"""

from __future__ import annotations

import argparse
from typing import Any

from sixtysix.present.cliargs import positive_float

DESCRIPTION = (
    "Serve a built-in computer player over the 66P bot protocol on standard input and output "
    "(docs/protocol.md): for tournaments, GUIs and testing other programs against it. It plays "
    "every game: two-player, three-handed and (66P version 2) four-handed partnership 66."
)


def register(commands: Any) -> None:
    """Add ``bot`` to the ``sixtysix`` subcommands (``commands`` is argparse's subparsers object)."""
    bot = commands.add_parser("bot", help="serve a computer player over the 66P bot protocol", description=DESCRIPTION)
    bot.add_argument("--level", type=int, choices=range(1, 6), default=1, metavar="N", help="level 1-5 (default: 1)")
    bot.add_argument("--seed", type=int, default=0, metavar="N", help="seed of the player (default: 0)")
    bot.add_argument(
        "--time",
        type=positive_float,
        metavar="S",
        help="seconds per decision for level 5, the level with a time budget "
        "(default: 80%% of the host's go movetime less 50 ms)",
    )
    bot.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from sixtysix.protocol.served import serve_level

    return serve_level(args.level, args.seed, args.time)
