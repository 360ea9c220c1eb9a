"""``sixtysix play`` from its parsed arguments: build (or resume) the match and run the session."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rich.console import Console

from sixtysix.errors import RecordError, RulesError
from sixtysix.match import Match
from sixtysix.rules import Rules
from sixtysix.tui.session import Session, Settings, default_save_path, merge_headers, resume

EXIT_USAGE = 2


def rules_from_args(preset: str | None, options: list[str], target: int | None) -> Rules:
    """The rules of ``--rules``, ``--option name=value`` (repeatable) and ``--target``."""
    values: dict[str, str] = {}
    for item in options:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise RulesError(f"an option must read name=value, not {item!r}")
        values[name.strip()] = value.strip()
    rules = Rules.from_options(preset or "seed66", values)
    if target is not None:
        rules = rules.replace(match_target=target)
    return rules


def _fail(message: str) -> int:
    print(f"sixtysix play: {message}", file=sys.stderr)
    return EXIT_USAGE


def run(args: argparse.Namespace, console: Console | None = None) -> int:
    console = console or Console(highlight=False)
    symbols = (console.encoding or "").lower().startswith("utf")
    if not symbols and hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="replace")  # boxes and dots become ? rather than an error
    settings = Settings(
        human=args.seat or 1,
        level=args.level or 3,
        practice=args.practice,
        seed=args.seed,
        think=args.think,
        tally=args.tally,
        clear=not args.no_clear,
        name=args.name or "Player",
        symbols=symbols,
    )
    if args.resume:
        if args.rules or args.option or args.target is not None:
            return _fail("--rules, --option and --target cannot change a resumed match: its rules are in the record")
        path = Path(args.resume)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            return _fail(f"cannot read {path}: {error}")
        try:
            resumed = resume(text)
        except RecordError as error:
            return _fail(f"{path} is not a valid record: {error}")
        match = resumed.match
        if match.is_over:
            return _fail(f"the match in {path} is already over (seat {match.winner} won); start a new one")
        settings.human = args.seat or resumed.human or 1
        settings.level = args.level or resumed.level or 3
        settings.practice = args.practice or resumed.practice
        settings.seed = args.seed if args.seed is not None else resumed.seed
        settings.save_path = Path(args.save) if args.save else path
        headers = merge_headers(resumed.headers, settings)
        console.print(f"Resuming {path}: deal {len(match.deals)}, score {match.score[0]}-{match.score[1]}.")
        return Session(match, settings, console, headers).run()
    try:
        rules = rules_from_args(args.rules, args.option, args.target)
    except RulesError as error:
        return _fail(str(error))
    settings.save_path = Path(args.save) if args.save else default_save_path()
    match = Match(rules, first_dealer=2)
    return Session(match, settings, console).run()
