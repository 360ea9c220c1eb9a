"""``sixtysix tournament``: computer players and external bots against each other on duplicate deals.

Only the standard library is imported here: the command's work is imported when it runs.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from sixtysix.present.cliargs import positive_float, positive_int

if TYPE_CHECKING:
    from collections.abc import Sequence

    from sixtysix.tournament.runner import Tournament
    from sixtysix.tournament.specs import PlayerSpec

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

EPILOG = """\
players (at least two, in the order given; gauntlet: the first against every other):
  --level 3                  the built-in level 3, named L3
  --bot "L3=level:3"         the same, named by you
  --bot "mybot=./mybot -q"   an external 66P bot, at every table size (a failing bot forfeits
                             its deal; one that fails to start 3 times in a row is
                             disqualified and its remaining deals are forfeited at once);
                             each worker keeps it running from game to game, unless its
                             command takes {seed} ("b=sixtysix bot --level 3 --seed {seed}"):
                             then every game starts it afresh with its own seed
  --bot "me=python:pkg.mod:factory"   factory(seed, time_limit) -> Player
  --bot "mix=team:level:3+level:5"    four66 only: a partnership of two different levels or
                             Python players (any player, external bots too, is otherwise a
                             partnership of two copies of itself)

every board (a seeded deal, or a whole match with --matches) is played twice with the
seats swapped (three66: in every seating); the deals and the players' seeds all come from
--seed. With --out, the records go to DIR/records/ and every finished game to
DIR/journal.jsonl: run the same command again after an interruption and it goes on where
it stopped.

three- and four-handed 66 (--rules three66, --rules four66):
  three66  a table seats three players (all threes, or the first with every two others
           in a gauntlet; two players: A A B and A B B) and plays every board in every
           seating; A and B are compared in every game of the tables they share
  four66   every player is a partnership of two copies of itself (partners opposite);
           every board is played twice with the sides swapped; an external bot plays
           each seat of its side as a process of its own (66P version 2)

examples:
  sixtysix tournament --level 1 --level 2 --level 3 --deals 500 --out runs/ladder
  sixtysix tournament --format gauntlet --bot "new=./newbot" --level 3 --level 4 --time 0.5
  sixtysix tournament --level 1 --level 3 --backend ray --address auto --json out.json
  sixtysix tournament --rules four66 --level 1 --level 2 --level 3 --deals 200
"""


DESCRIPTION = """\
Play computer players and external 66P bots against each other on duplicate deals (each
deal twice, seats swapped; three-handed, in every seating), reproducibly from one seed, in
parallel and resumable; print the results per pairing and Bradley-Terry (Elo) ratings."""


def register(commands: Any) -> None:
    """Add ``tournament`` to the ``sixtysix`` subcommands (an argparse subparsers object)."""
    p = commands.add_parser(
        "tournament",
        help="a round robin or gauntlet of computer players and bots on duplicate deals, with ratings",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    who = p.add_argument_group("players")
    who.add_argument(
        "--level", dest="players", action="append", type=_level, metavar="N", help="a built-in level 1-5 (named LN)"
    )
    who.add_argument(
        "--bot",
        dest="players",
        action="append",
        metavar="NAME=SPEC",
        help="NAME=level:N, NAME=COMMAND, NAME=python:MOD:F or NAME=team:SPEC+SPEC",
    )
    what = p.add_argument_group("what to play")
    what.add_argument("--format", choices=("round-robin", "gauntlet"), default="round-robin", help="(round-robin)")
    count = what.add_mutually_exclusive_group()
    count.add_argument(
        "--deals", type=positive_int, metavar="N", help="seeded deals per pairing or table, each in every seating (100)"
    )
    count.add_argument("--matches", type=positive_int, metavar="N", help="whole matches per pairing or table instead")
    what.add_argument("--seed", type=int, default=1, metavar="N", help="master seed of everything (default 1)")
    what.add_argument(
        "--time",
        type=positive_float,
        metavar="SECONDS",
        help="seconds per decision: level 5's thinking time (default 1) and external bots' go movetime (default 1)",
    )
    what.add_argument(
        "--rules",
        default="seed66",
        metavar="PRESET",
        help="seed66 (default), pagat66, schnapsen, vu_schnapsen, vu_schnapsen24, three66 or four66",
    )
    what.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a rules option (repeatable)")
    run = p.add_argument_group("how to run")
    run.add_argument("--workers", type=positive_int, metavar="N", help="worker processes (default: every core)")
    run.add_argument("--backend", choices=("local", "ray"), default="local", help="local processes (default) or Ray")
    run.add_argument("--address", metavar="ADDR", help="the Ray cluster to join (default: start a local instance)")
    run.add_argument("--progress", choices=("auto", "rich", "plain", "none"), default="auto", help="(default auto)")
    out = p.add_argument_group("output")
    out.add_argument("--out", metavar="DIR", help="records and journal folder (resumable); without it nothing is kept")
    out.add_argument("--json", metavar="FILE", help="write the results (and every game) as JSON")
    out.add_argument("--csv", metavar="FILE", help="write the results per pairing as CSV")
    out.add_argument("--bootstrap", type=int, default=1000, metavar="N", help="rating bootstrap replicates (1000)")
    out.add_argument("--anchor", metavar="NAME", help="rate NAME 1500 (default: the mean rating is 1500)")
    p.set_defaults(handler=tournament_command)


def _level(text: str) -> str:
    if text.strip() not in {"1", "2", "3", "4", "5"}:
        raise argparse.ArgumentTypeError(f"no level {text!r} (1-5)")
    return f"level:{text.strip()}"


def tournament_command(args: argparse.Namespace) -> int:
    from sixtysix.core.errors import RulesError
    from sixtysix.core.rules import Rules
    from sixtysix.tournament.backends import make_backend
    from sixtysix.tournament.journal import JournalError
    from sixtysix.tournament.output import print_results, write_csv, write_json
    from sixtysix.tournament.progress import make_progress
    from sixtysix.tournament.runner import Interrupted, Tournament, run_tournament
    from sixtysix.tournament.schedule import ScheduleError
    from sixtysix.tournament.specs import SpecError

    def fail(message: str) -> int:
        print(f"sixtysix tournament: {message}", file=sys.stderr)
        return EXIT_USAGE

    try:
        options = dict(_split_option(text) for text in args.option)
        rules = Rules.from_options(args.rules, options)
        tournament = Tournament.of(
            args.players or [],
            format=args.format,
            boards=args.matches or args.deals or 100,
            unit="match" if args.matches else "deal",
            seed=args.seed,
            rules=rules,
            time_limit=args.time,
        )
        if args.anchor is not None and args.anchor not in tournament.names:
            return fail(f"--anchor {args.anchor}: no such player ({', '.join(tournament.names)})")
        backend = make_backend(args.backend, args.workers, args.address)
    except (SpecError, ScheduleError, RulesError, ValueError) as error:
        return fail(str(error))
    many = "matches" if tournament.unit == "match" else "deals"
    print(f"{_summary(tournament, many)}, seed {tournament.seed}, {backend.describe()}", file=sys.stderr)
    note = reproducibility_note(tournament.players)
    if note:
        print(note, file=sys.stderr)
    progress = make_progress(args.progress, many)
    try:
        result = run_tournament(
            tournament,
            out=args.out,
            backend=backend,
            progress=progress,
            bootstrap=max(0, args.bootstrap),
            anchor=args.anchor,
        )
    except Interrupted as stop:
        where = f"; they are in {stop.out}: run the same command again to go on" if stop.out else " (no --out: lost)"
        print(f"\ninterrupted: {stop.done} of {stop.total} {many} finished{where}", file=sys.stderr)
        return EXIT_INTERRUPTED
    except (JournalError, SpecError) as error:
        return fail(str(error))
    print_results(result)
    try:
        if args.json:
            write_json(args.json, result)
        if args.csv:
            write_csv(args.csv, result)
    except OSError as error:
        print(f"sixtysix tournament: cannot write the results: {error}", file=sys.stderr)
        return 1
    if args.out:
        print(f"records and journal: {args.out}", file=sys.stderr)
    return 0


def reproducibility_note(specs: Sequence[PlayerSpec]) -> str:
    """The note on the players whose games may not replay exactly, with the reason that applies to each; or "".

    >>> from sixtysix.tournament.specs import make_specs
    >>> reproducibility_note(make_specs([1, 3]))
    ''
    >>> reproducibility_note(make_specs(["bot=./mybot", 2]))
    'note: the games of bot may not be exactly reproducible (external bots are their own)'
    >>> reproducibility_note(make_specs([5, "mix=team:level:5+level:1"]))
    'note: the games of L5, mix may not be exactly reproducible (level 5 thinks by the clock)'
    """
    timed = [spec for spec in specs if not spec.deterministic]
    if not timed:
        return ""
    members = [member for spec in timed for member in spec.members or (spec,) if not member.deterministic]
    kinds = {"clock" if member.kind == "level" else member.kind for member in members}
    whys = "; ".join(why for kind, why in _WHY_NOT_REPRODUCIBLE.items() if kind in kinds)
    return f"note: the games of {', '.join(spec.name for spec in timed)} may not be exactly reproducible ({whys})"


_WHY_NOT_REPRODUCIBLE = {
    "clock": "level 5 thinks by the clock",
    "command": "external bots are their own",
    "python": "Python players are their own",
}


def _summary(tournament: Tournament, many: str) -> str:
    """``3 players, 3 pairings, 30 deals (5 per pairing x 2 seats)`` and the like."""
    total = len(tournament.keys())
    start = f"{len(tournament.players)} players"
    table = tournament.table
    if not table.in_pairs:
        count = len(tournament.tables())
        tables = f"{count} table{'s' if count != 1 else ''} of {table.players_word}"
        return f"{start}, {tables}, {total} {many} (every seating)"
    pairs = len(tournament.pairings())
    pairings = f"{pairs} pairing{'s' if pairs != 1 else ''}"
    return f"{start}, {pairings}, {total} {many} ({tournament.boards} per pairing x 2 {table.position_word}s)"


def _split_option(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep:
        raise ValueError(f"--option {text!r}: expected NAME=VALUE")
    return name.strip(), value.strip()
