"""The ``sixtysix`` command line.

``sixtysix replay [--json] [--legal] FILE|-`` checks a 66R record and prints
the result of each deal and of the match (docs/records.md); an invalid record prints the
error and exits with status 2.

``sixtysix rules [--preset P] [--option NAME=VALUE] [--lang en|de|fr] [--book] [--markdown]``
prints the rules of a game in English, German or French, every option in words
(docs/rules.md is ``sixtysix rules --book --markdown``), through a pager when standard
output is a terminal.

``sixtysix verify [--json] RECORD|-`` checks that every deal of a record was dealt by its
committed seeds (docs/fairness.md): one line per deal, OK, FAIL, PENDING or NOT VERIFIABLE
with the reason; exit status 0 when no deal fails and none lacks the data, 1 when one fails,
3 when none fails but one cannot be verified, 2 for an invalid record.

``sixtysix analyze RECORD [--seat S] [--time SECONDS] [--worlds N] [--seed N] [--lang en|de|fr] [-o OUT]``
analyses every decision of a record (docs/analysis.md) and prints the record
with the findings as comments, then a summary per seat; it still replays.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import pydoc
import sys
from collections.abc import Sequence
from pathlib import Path

from sixtysix import __version__
from sixtysix.core.errors import RecordError, RulesError
from sixtysix.core.facts import partner_of
from sixtysix.core.fairness import exit_status, verify_record
from sixtysix.core.match import AnyMatch, DealResult
from sixtysix.core.record import Record, ReplayResult, replay
from sixtysix.core.rules import PRESETS, Rules
from sixtysix.present import rulebook
from sixtysix.present.cliargs import positive_float, positive_int
from sixtysix.present.words import LANGUAGES

EXIT_INVALID = 2

ANALYSED_TABLES = (2,)
"""The table sizes (``rules.players``) ``sixtysix analyze`` can search: the analysis knows two-player deals only."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    try:
        result: int = args.handler(args)
    except BrokenPipeError:  # why: `sixtysix demo | head` closes the pipe early; that is no error of ours
        _quiet_stdout()
        return 0
    return result


def _quiet_stdout() -> None:
    """Point standard output at nothing, so that flushing it at exit after a closed pipe raises nothing."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="sixtysix", description="The card game 66 (Sechsundsechzig) and Schnapsen.")
    parser.add_argument("--version", action="version", version=f"sixtysix {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    rep = commands.add_parser(
        "replay",
        help="check a 66R game record and print each deal's result",
        description="Replay a 66R record (docs/records.md) on the rules it names: each deal's result, the match's "
        "score, and with --legal the actions legal where the record ends. An invalid record prints the error "
        "(deal, action and why) and exits with status 2.",
    )
    rep.add_argument("file", metavar="FILE", help="the record, or - for standard input")
    rep.add_argument("--json", action="store_true", help="print one JSON object")
    rep.add_argument("--legal", action="store_true", help="also list the legal actions at the end of the record")
    rep.set_defaults(handler=_replay_command)

    ver = commands.add_parser(
        "verify",
        help="check that every deal of a 66R record is the shuffle of its committed seeds",
        description="Recompute each deal's deck from the seeds in the record's headers (docs/fairness.md) and "
        "check it against the commitment and the deck played. Exit status: 0 every deal verifies (an unfinished "
        "deal's seed may still be secret), 1 a deal fails, 3 none fails but a deal has no fairness data, "
        "2 the record is invalid.",
    )
    ver.add_argument("file", metavar="RECORD", help="the record, or - for standard input")
    ver.add_argument("--json", action="store_true", help="print one JSON object")
    ver.set_defaults(handler=_verify_command)

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
        help="CPU time per decision at most; a decision stops once its verdict is clear "
        "(default: 10, or no limit when --worlds is given)",
    )
    ana.add_argument(
        "--worlds", type=positive_int, metavar="N", help="sampled worlds per decision at most (deterministic)"
    )
    ana.add_argument("--seed", type=int, default=0, metavar="N", help="seed of the sampling (default: 0)")
    ana.add_argument(
        "--all", action="store_true", help="comment every analysed decision, not only the flawed and uncertain ones"
    )
    ana.add_argument("-o", "--output", metavar="OUT", help="write the annotated record to OUT and print the summary")
    ana.add_argument(
        "--lang",
        choices=LANGUAGES,
        default="en",
        help="language of the '#   why:' comment that explains each inaccuracy, mistake and blunder (default: en)",
    )
    ana.set_defaults(handler=_analyze_command)

    rules = commands.add_parser(
        "rules",
        help="print the rules of a game (paged on a terminal)",
        description="Print the rules of a preset: its options, marked where they differ from the default "
        "game, then every rule that applies at its table. Paged when standard output is a terminal.",
    )
    rules.add_argument(
        "--preset", default="seed66", metavar="P", help=f"the preset: {', '.join(PRESETS)} (default seed66)"
    )
    rules.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="change one option (repeatable)"
    )
    rules.add_argument(
        "--lang",
        choices=LANGUAGES,
        default="en",
        help="the language of the rules: en (default), de or fr (with --book, the whole book in that language)",
    )
    rules.add_argument(
        "--book", action="store_true", help="the whole rule book: every table size, every preset, the examples"
    )
    rules.add_argument("--markdown", action="store_true", help="print Markdown (--book --markdown is docs/rules.md)")
    rules.add_argument("--no-pager", action="store_true", help="never page, even on a terminal")
    rules.set_defaults(handler=_rules_command)

    demo = commands.add_parser(
        "demo",
        help="show what sixtysix does: its commands, and an example record replayed",
        description="List the commands and replay an example record, as a first look.",
    )
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
    "sixtysix.tui.play_command",  # sixtysix play
    "sixtysix.tui.puzzles_command",  # sixtysix puzzles
    "sixtysix.protocol.bot_command",  # sixtysix bot
    "sixtysix.protocol.connect_command",  # sixtysix connect
    "sixtysix.tournament.tournament_command",  # sixtysix tournament
    "sixtysix.web.serve_command",  # sixtysix serve
    "sixtysix.web.dbcommand",  # sixtysix db
    "sixtysix.web.workercommand",  # sixtysix worker
)
"""Modules that add subcommands: each has ``register(commands)``, where ``commands`` is the
argparse subparsers object, and imports its heavy dependencies only when its command runs."""


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    return Path(path).read_text(encoding="utf-8")


def _rules_command(args: argparse.Namespace) -> int:
    if args.book and (args.preset != "seed66" or args.option):
        print("sixtysix rules: --book is the whole book; it takes no --preset or --option", file=sys.stderr)
        return EXIT_INVALID
    if args.book:
        book = rulebook.book_document(args.lang)
        text = rulebook.book_markdown(args.lang) if args.markdown else rulebook.to_text(book)
    else:
        try:
            game = Rules.parse_text(" ".join([args.preset, *args.option]))
        except RulesError as error:
            print(f"sixtysix rules: {error}", file=sys.stderr)
            return EXIT_INVALID
        document = rulebook.game_document(game, args.lang)
        text = rulebook.to_markdown(document) if args.markdown else rulebook.to_text(document)
    if sys.stdout.isatty() and not args.no_pager:
        pydoc.pager(text)
    else:
        sys.stdout.write(text)
    return 0


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


def _verify_command(args: argparse.Namespace) -> int:
    try:
        text = _read(args.file)
    except (OSError, UnicodeDecodeError) as error:
        print(f"sixtysix verify: cannot read {args.file}: {error}", file=sys.stderr)
        return EXIT_INVALID
    try:
        verdicts = verify_record(text)
    except RecordError as error:
        print(f"invalid record: {error}", file=sys.stderr)
        return EXIT_INVALID
    status = exit_status(verdicts)
    if args.json:
        print(json.dumps({"deals": [v.to_json() for v in verdicts], "status": status}))
    else:
        print("\n".join(v.text() for v in verdicts) if verdicts else "no deals")
    return status


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
    try:
        players = record.rules().players
    except RulesError as error:
        print(f"invalid record: {error}", file=sys.stderr)
        return EXIT_INVALID
    if players not in ANALYSED_TABLES:
        print(f"sixtysix analyze: only two-player records can be analysed, not {players}-player ones", file=sys.stderr)
        return EXIT_INVALID
    seats = (args.seat,) if args.seat else (1, 2)
    budget = Budget(seconds=args.time, worlds=args.worlds, seed=args.seed)

    def progress(note: Annotation) -> None:
        print(f"\ranalysing deal {note.deal}, action {note.position}...", end="", file=sys.stderr, flush=True)

    interactive = sys.stderr.isatty()
    annotations = analyze_record(record, seats, budget, progress if interactive else None)
    if interactive:
        print("\r\033[K", end="", file=sys.stderr, flush=True)
    from sixtysix.present.explain import annotation_why

    def why(note: Annotation) -> str:
        return annotation_why(note, args.lang)

    annotated = annotated_text(record, annotations, all_decisions=args.all, budget=budget, seats=seats, why=why)
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
    """The text report of ``sixtysix replay`` (seats 1-3 in the three-handed game, sides in the four-handed)."""
    match = result.match
    lines = [f"rules: {result.record.rules_name}"]
    for number in range(1, len(match.deals) + 1):
        lines.append(_deal_line(match, number))
    state = _match_state(match)
    carried = f", {match.carried} carried" if match.carried else ""
    score = "-".join(str(points) for points in match.score)
    lines.append(f"match: {score} (target {match.rules.match_target}{carried}), {state}")
    if result.to_act is not None:
        lines.append(f"to act: seat {result.to_act}")
    if legal:
        lines.append(f"legal: {' '.join(result.legal_tokens())}")
    return "\n".join(lines)


def _deal_line(match: AnyMatch, number: int) -> str:
    """One deal of the text report: who dealt, who won what and why, the points and tricks."""
    deal = match.deals[number - 1]
    points, tricks = deal.scores(), deal.trick_counts()
    out = deal.sitting_out  # three-handed: the dealer, or in the play-off for the loser the match winner
    dealt = f"dealer {deal.dealer}" + (f", seat {out} sits out" if out not in (0, deal.dealer) else "")
    summary = f"points {'-'.join(map(str, points))}, tricks {'-'.join(map(str, tricks))}"
    outcome = deal.outcome
    if outcome is None:
        return f"deal {number} ({dealt}): unfinished; {summary}"
    result = match.results[number - 1]
    extra = _deal_extra(result)
    if outcome.winner is None:
        return f"deal {number} ({dealt}): tie{extra}; {summary}; {outcome.reason}"
    points_won = result.game_points
    return (
        f"deal {number} ({dealt}): {_winner_name(match, outcome.winner)} wins {points_won} game point"
        f"{'s' if points_won != 1 else ''} ({outcome.termination.value}){extra}; {summary}; {outcome.reason}"
    )


def _deal_extra(result: DealResult) -> str:
    """What a deal gave besides its winner's points: the dealer's credit (3P), the ten of trumps (4P)."""
    if result.dealer_points:
        return f", the dealer gets {result.dealer_points}"
    if any(result.bonus):
        return f", bonus {'-'.join(map(str, result.bonus))}"
    return ""


def _winner_name(match: AnyMatch, winner: int) -> str:
    """``seat 2``, or ``side 1 (seats 1 & 3)`` in the four-handed game, where sides score."""
    if match.scorer == "side":
        return f"side {winner} (seats {winner} & {partner_of(winner)})"
    return f"{match.scorer} {winner}"


def _match_state(match: AnyMatch) -> str:
    if match.winner is None:
        return "in progress"
    state = f"{_winner_name(match, match.winner)} wins the match"
    if match.loser is not None:
        return f"{state}, seat {match.loser} loses"
    if not match.is_over:  # a winner but no end: the others play on for the loser (three-handed)
        others = " and ".join(str(seat) for seat in match.seats if seat != match.winner)
        return f"{state}; seats {others} play on for the loser"
    return state


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
    print("sixtysix: the card game 66. Its commands (sixtysix COMMAND --help tells more of each):")
    for name, text in _commands(_parser()):
        print(f"  sixtysix {name:<11} {text}")
    print("\nAn example record:\n")
    print(EXAMPLE_RECORD)
    print("Its replay (sixtysix replay FILE):\n")
    print(format_replay(replay(EXAMPLE_RECORD)))
    return 0


def _commands(parser: argparse.ArgumentParser) -> list[tuple[str, str]]:
    """Every command of ``parser`` with its one-line help, in the order of ``sixtysix --help``."""
    return [
        (choice.dest, choice.help or "")
        for action in parser._actions  # why: argparse lists its commands nowhere public
        if isinstance(action, argparse._SubParsersAction)
        for choice in action._choices_actions
    ]


if __name__ == "__main__":
    sys.exit(main())
