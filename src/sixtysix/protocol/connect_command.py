"""``sixtysix connect --server URL --token TOKEN [options] -- COMMAND``: a 66P bot program playing on a site.

The bridge is :mod:`sixtysix.protocol.connect` (docs/protocol.md, "Playing on a site"). Only the
standard library is imported here; the bridge and ``websockets`` when the command runs.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from sixtysix.present.cliargs import positive_float, positive_int
from sixtysix.present.words import LANGUAGES

DESCRIPTION = (
    "Connect a 66P bot program (the protocol of `sixtysix bot` and `sixtysix tournament --bot`) to a "
    "sixtysix site with a bot account's API token: it accepts challenges and seeks by the options below, plays "
    "its matches under the move clock, and connects again after a network fault without losing its match. "
    "A program that breaks the protocol forfeits the deal, as in a tournament (docs/protocol.md)."
)
EPILOG = (
    "example: sixtysix connect --server https://66.example.org --token s66_… --rules seed66 "
    "-- python examples/bots/first_legal.py"
)


def register(commands: Any) -> None:
    """Add ``connect`` to the ``sixtysix`` subcommands."""
    cmd = commands.add_parser(
        "connect", help="connect a 66P bot program to a sixtysix site", description=DESCRIPTION, epilog=EPILOG
    )
    cmd.add_argument("--server", required=True, metavar="URL", help="the site (https://66.example.org)")
    cmd.add_argument(
        "--token",
        metavar="TOKEN",
        help="the bot account's API token (default: the environment variable SIXTYSIX_TOKEN)",
    )
    cmd.add_argument(
        "--rules",
        action="append",
        default=[],
        metavar="PRESET",
        help="accept offers of this preset (repeat; default: any)",
    )
    cmd.add_argument(
        "--target",
        action="append",
        type=positive_int,
        default=[],
        metavar="N",
        help="accept this match target (repeat; default: any)",
    )
    cmd.add_argument(
        "--rated",
        choices=("any", "rated", "casual"),
        default="any",
        help="rated offers, casual ones or both (default: any)",
    )
    cmd.add_argument(
        "--accept",
        choices=("both", "challenges", "seeks"),
        default="both",
        help="accept direct challenges, open seeks or both (default: both)",
    )
    cmd.add_argument(
        "--max-matches", type=positive_int, default=1, metavar="N", help="matches played at once (default: 1)"
    )
    cmd.add_argument(
        "--movetime",
        type=positive_float,
        default=5.0,
        metavar="S",
        help="seconds the program may think per decision, at most what the move clock leaves (default: 5)",
    )
    cmd.add_argument(
        "--games", type=positive_int, metavar="N", help="stop after N matches (default: run until stopped)"
    )
    cmd.add_argument("--lang", choices=LANGUAGES, default="en", help="the language of the messages (default: en)")
    cmd.add_argument("bot", nargs=argparse.REMAINDER, metavar="-- COMMAND", help="the bot program and its arguments")
    cmd.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from sixtysix.protocol.connect import Bridge, Policy

    command = args.bot[1:] if args.bot[:1] == ["--"] else args.bot
    token = args.token or os.environ.get("SIXTYSIX_TOKEN")
    if not command or not token:
        raise SystemExit("sixtysix connect: a token (--token or SIXTYSIX_TOKEN) and a bot command after -- are needed")
    policy = Policy(
        presets=frozenset(args.rules),
        targets=frozenset(args.target),
        rated=args.rated,
        seeks=args.accept != "challenges",
        challenges=args.accept != "seeks",
        max_matches=args.max_matches,
    )
    bridge = Bridge(args.server, token, command, policy, args.movetime, args.games, args.lang)
    return bridge.run()
