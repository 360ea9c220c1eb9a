"""The ``sixtysix`` command line.

``sixtysix replay [--json] [--legal] FILE|-`` checks a 66R record and prints
the result of each deal and of the match (record-format.md); an invalid
record prints the error and exits with status 2.

``sixtysix analyze RECORD [--seat S] [--time SECONDS] [--worlds N] [--seed N] [-o OUT]``
analyses every decision of a record (docs/analysis.md) and prints the record
with the findings as comments, then a summary per seat; it still replays.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from sixtysix.cliargs import positive_float, positive_int
from sixtysix.errors import RecordError
from sixtysix.record import Record, ReplayResult, replay

EXIT_INVALID = 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    result: int = args.handler(args)
    return result


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="sixtysix", description="The card game 66 (Sechsundsechzig) and Schnapsen.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    rep = commands.add_parser("replay", help="check a 66R game record and print each deal's result")
    rep.add_argument("file", metavar="FILE", help="the record, or - for standard input")
    rep.add_argument("--json", action="store_true", help="print one JSON object")
    rep.add_argument("--legal", action="store_true", help="also list the legal actions at the end of the record")
    rep.set_defaults(handler=_replay_command)

    ana = commands.add_parser(
        "analyze",
        help="analyse every decision of a 66R record; print it annotated, with a summary per seat",
        description="Analyse every decision of a 66R record with the PIMC search and write the record back "
        "with the findings as # comments (it still replays), then a summary per seat. "
        "Losses in game points: ?! inaccuracy >= 0.15, ? mistake >= 0.4, ?? blunder >= 0.8.",
    )
    ana.add_argument("file", metavar="RECORD", help="the record, or - for standard input")
    ana.add_argument("--seat", type=int, choices=(1, 2), help="analyse only this seat's decisions (default: both)")
    ana.add_argument(
        "--time",
        type=positive_float,
        metavar="SECONDS",
        help="time per decision (default: 1, or no limit when --worlds is given)",
    )
    ana.add_argument("--worlds", type=positive_int, metavar="N", help="sampled worlds per decision (deterministic)")
    ana.add_argument("--seed", type=int, default=0, metavar="N", help="seed of the sampling (default: 0)")
    ana.add_argument("--all", action="store_true", help="comment every analysed decision, not only the flawed ones")
    ana.add_argument("-o", "--output", metavar="OUT", help="write the annotated record to OUT and print the summary")
    ana.set_defaults(handler=_analyze_command)

    demo = commands.add_parser("demo", help="show what sixtysix does: replay an example record")
    demo.set_defaults(handler=_demo_command)

    for module_name in COMMAND_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name is None or not (module_name + ".").startswith(error.name + "."):
                raise  # a missing dependency inside an existing module is a real error
            continue
        module.register(commands)
    return parser


COMMAND_MODULES = (
    "sixtysix.tui.command",  # sixtysix play
    "sixtysix.protocol.command",  # sixtysix bot
    "sixtysix.tournament.command",  # sixtysix tournament
    "sixtysix.web.command",  # sixtysix serve
)
"""Modules that add subcommands: each has ``register(commands)``, where ``commands`` is the
argparse subparsers object, and imports its heavy dependencies only when its command runs."""


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    return Path(path).read_text(encoding="utf-8")


def _replay_command(args: argparse.Namespace) -> int:
    try:
        text = _read(args.file)
    except (OSError, UnicodeDecodeError) as error:
        print(f"sixtysix replay: cannot read {args.file}: {error}", file=sys.stderr)
        return EXIT_INVALID
    try:
        result = replay(text)
    except RecordError as error:
        if args.json:
            print(json.dumps({"error": error.to_json()}))
        else:
            print(f"invalid record: {error}", file=sys.stderr)
        return EXIT_INVALID
    if args.json:
        print(json.dumps(result.to_json(legal=args.legal)))
    else:
        print(format_replay(result, legal=args.legal))
    return 0


def _analyze_command(args: argparse.Namespace) -> int:
    from sixtysix.ai.analysis import Annotation, Budget, analyze_record, annotated_text, format_summary

    try:
        text = _read(args.file)
    except (OSError, UnicodeDecodeError) as error:
        print(f"sixtysix analyze: cannot read {args.file}: {error}", file=sys.stderr)
        return EXIT_INVALID
    try:
        record = Record.parse(text)
    except RecordError as error:
        print(f"invalid record: {error}", file=sys.stderr)
        return EXIT_INVALID
    seats = (args.seat,) if args.seat else (1, 2)
    budget = Budget(seconds=args.time, worlds=args.worlds, seed=args.seed)

    def progress(note: Annotation) -> None:
        print(f"\ranalysing deal {note.deal}, action {note.position}...", end="", file=sys.stderr, flush=True)

    interactive = sys.stderr.isatty()
    annotations = analyze_record(record, seats, budget, progress if interactive else None)
    if interactive:
        print("\r\033[K", end="", file=sys.stderr, flush=True)
    annotated = annotated_text(record, annotations, all_decisions=args.all, budget=budget, seats=seats)
    if args.output is None:
        sys.stdout.write(annotated)
        return 0
    try:
        Path(args.output).write_text(annotated, encoding="utf-8")
    except OSError as error:
        print(f"sixtysix analyze: cannot write {args.output}: {error}", file=sys.stderr)
        return 1
    print("\n".join(format_summary(record, annotations, seats)))
    return 0


def format_replay(result: ReplayResult, legal: bool = False) -> str:
    """The text report of ``sixtysix replay``."""
    data = result.to_json(legal=legal)
    lines = [f"rules: {data['rules']}"]
    for number, deal in enumerate(result.match.deals, start=1):
        s1, s2 = deal.scores()
        t1, t2 = deal.trick_counts()
        summary = f"points {s1}-{s2}, tricks {t1}-{t2}"
        outcome = deal.outcome
        if outcome is None:
            lines.append(f"deal {number} (dealer {deal.dealer}): unfinished; {summary}")
        elif outcome.winner is None:
            lines.append(f"deal {number} (dealer {deal.dealer}): tie; {summary}; {outcome.reason}")
        else:
            points = result.match.results[number - 1].game_points
            lines.append(
                f"deal {number} (dealer {deal.dealer}): seat {outcome.winner} wins {points} game point"
                f"{'s' if points != 1 else ''} ({outcome.termination.value}); {summary}; {outcome.reason}"
            )
    match = result.match
    state = f"seat {match.winner} wins the match" if match.winner else "in progress"
    carried = f", {match.carried} carried" if match.carried else ""
    lines.append(f"match: {match.score[0]}-{match.score[1]} (target {match.rules.match_target}{carried}), {state}")
    if result.to_act is not None:
        lines.append(f"to act: seat {result.to_act}")
    if legal:
        lines.append(f"legal: {' '.join(result.legal_tokens())}")
    return "\n".join(lines)


EXAMPLE_RECORD = """[Format "66R 1"]
[Rules "seed66"]
[Event "Example"]
[Seat1 "Alice"]
[Seat2 "Bob"]

deal dealer=2 deck="Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h"
1:20h 1:Kh 2:Ac
1:X 1:Ah 2:Ks
2:20c 2:Qc 1:Tc
1:C 1:As 2:Qs
1:Ts 2:9c
1:66
"""


def _demo_command(args: argparse.Namespace) -> int:
    print("sixtysix: the card game 66. Commands:")
    print("  sixtysix replay [--json] [--legal] FILE|-")
    print("  sixtysix analyze [--seat S] [--time SECONDS] [--worlds N] [-o OUT] RECORD|-\n")
    print("An example record:\n")
    print(EXAMPLE_RECORD)
    print("Its replay (sixtysix replay FILE):\n")
    print(format_replay(replay(EXAMPLE_RECORD), legal=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
